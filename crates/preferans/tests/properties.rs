//! Property tests over random games (RULES.md section 7, and the API contracts of lib.rs).
//!
//! Each case draws players (2, 3, 4), a combination of the hand options (A3 `hold`, W5
//! `stalingrad`, W6 `ten_trick`, W7 `misere_defence`, P4 `misere_without_talon`, X2
//! `allpass_talon`, and with 4 players the F3 dealer options), a seed, a dealer, sometimes an
//! A6 minimum opening bid, and a playing style, then plays with random legal actions (leaning
//! towards passes and away from offers by the style so that all kinds of hands come up) and
//! checks the property at every step.
//!
//! `PROPTEST_CASES=1000 cargo test -p preferans --test properties` runs a longer search.

mod common;

use common::fuzz_bodies::{action_universe, assert_cards_conserved, discard_universe, is_legal};
use common::observation_checks::check_observations;
use common::{choose, Options, SplitMix, Style};
use preferans::record::{PlayerRecord, Record, RecordError};
use preferans::russian::{HandConfig, PhaseKind};
use preferans::scoring::{Entry, Why};
use preferans::{Action, Bid, Deal, HandOutcome, HandState, Match, RussianHand, Seat, Viewer};
use proptest::prelude::*;
use proptest::sample::select;

/// One random hand or match to play.
#[derive(Clone, Debug)]
struct Game {
    opts: Options,
    seed: u64,
    dealer: Seat,
    style: Style,
    min_opening: Option<Bid>,
}

fn bool_text(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

fn options() -> impl Strategy<Value = Options> {
    (
        2u8..=4,
        select(vec!["eldest", "seniority", "none"]),
        any::<bool>(),
        select(vec!["checked", "whisted"]),
        select(vec!["open", "closed"]),
        any::<bool>(),
        select(vec!["lead", "closed"]),
        any::<[bool; 3]>(),
        match_options(),
    )
        .prop_map(
            |(players, hold, stal, ten, mis, mwt, talon, dealer, (preset, series))| {
                let mut pairs = vec![
                    ("hold", hold),
                    ("stalingrad", bool_text(stal)),
                    ("ten_trick", ten),
                    ("misere_defence", mis),
                    ("misere_without_talon", bool_text(mwt)),
                    ("allpass_talon", talon),
                ];
                if players == 4 {
                    pairs.push(("dealer_whist_when_both_pass", bool_text(dealer[0])));
                    pairs.push(("dealer_allpass_talon", bool_text(dealer[1])));
                    pairs.push(("talon_push", bool_text(dealer[2])));
                }
                pairs.extend(series);
                Options { preset, players, pairs }
            },
        )
}

/// The preset and the options that act across hands: A6's minimum opening bid after
/// all-passes, X3's series (progression, cap, cycle, reset), X4's amnesty, S9's end and a
/// short target (so that S8's aid and the end come within a few hands).
fn match_options() -> impl Strategy<Value = (&'static str, Vec<(&'static str, &'static str)>)> {
    (
        select(vec!["sochi", "leningrad", "rostov"]),
        select(vec!["none", "6,7,7", "7", "6,7,8"]),
        select(vec!["none", "arithmetic", "geometric"]),
        select(vec!["none", "2", "3"]),
        any::<[bool; 3]>(),
        select(vec!["each_reaches_target", "pool_sum"]),
        select(vec!["4", "6", "20"]),
    )
        .prop_map(
            |(preset, exit, progression, cap, [cycle, reset, amnesty], end, target)| {
                let mut pairs = vec![
                    ("allpass_exit", exit),
                    ("allpass_progression", progression),
                    ("allpass_progression_cap", cap),
                    ("allpass_reset_on_failed_contract", bool_text(reset)),
                    ("allpass_amnesty", bool_text(amnesty)),
                    ("end", end),
                    ("target", target),
                ];
                // A6/X3: a cycle needs a cap.
                if cap != "none" {
                    pairs.push(("allpass_cycle", bool_text(cycle)));
                }
                (preset, pairs)
            },
        )
}

fn game() -> impl Strategy<Value = Game> {
    (
        options(),
        any::<u64>(),
        0u8..4,
        select(vec![0u8, 30, 60, 85, 100]),
        select(vec![0u8, 3, 10, 50]),
        select(vec![None, None, None, None, Some(5u8), Some(10), Some(15)]),
    )
        .prop_map(|(opts, seed, dealer, pass_pct, offer_pct, min)| Game {
            dealer: dealer % opts.players,
            opts,
            seed,
            style: Style { pass_pct, offer_pct },
            min_opening: min.and_then(Bid::from_ladder),
        })
}

/// Plays one hand of `g` with random legal actions, calling `check` before every action and
/// once at the end, with the legal actions of the position. Returns the finished hand.
fn play_hand(g: &Game, mut check: impl FnMut(&RussianHand, &[Action])) -> RussianHand {
    let rules = g.opts.rules();
    let mut h = RussianHand::new(
        HandConfig::from_rules(&rules),
        g.dealer,
        Deal::seeded(g.seed, 0),
        g.min_opening,
    );
    let mut rng = SplitMix::new(g.seed ^ 0xA5A5_5A5A_0F0F_F0F0);
    let mut legal = Vec::new();
    for _ in 0..300 {
        h.legal_actions(&mut legal);
        check(&h, &legal);
        let Some(seat) = h.to_move() else {
            assert!(legal.is_empty(), "a finished hand lists legal actions");
            assert!(h.outcome().is_some(), "a finished hand has an outcome");
            return h;
        };
        assert!(!legal.is_empty(), "seat {seat} to move has no legal action");
        assert!(h.outcome().is_none(), "an unfinished hand has an outcome");
        let a = choose(&h, &legal, &mut rng, g.style);
        if let Err(e) = h.apply(seat, a) {
            panic!("legal action refused: {e}");
        }
    }
    panic!("the hand did not finish in 300 actions: {:?}", h.history());
}

/// Plays a match of `hands` hands with random legal actions; stops early after `stop_after`
/// actions when given (the record then ends with an unfinished hand).
fn play_match(g: &Game, hands: u32, stop_after: Option<usize>) -> Match {
    let mut m = Match::new(g.opts.rules(), g.seed, g.dealer, Some(hands));
    let mut rng = SplitMix::new(g.seed ^ 0x0123_4567_89AB_CDEF);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(h) = m.current_hand() {
        if Some(steps) == stop_after {
            break;
        }
        let seat = h.to_move().expect("the current hand is not over");
        h.legal_actions(&mut legal);
        let a = choose(h, &legal, &mut rng, g.style);
        if let Err(e) = m.apply(seat, a) {
            panic!("legal action refused by the match: {e}");
        }
        steps += 1;
        assert!(steps < 300 * hands as usize, "the match does not end");
    }
    m
}

fn players_of(m: &Match) -> Vec<PlayerRecord> {
    (0..m.rules().players())
        .map(|i| PlayerRecord {
            name: format!("player {i}"),
            kind: "random".into(),
        })
        .collect()
}

/// Table seats that may act: 0..players (the 4-player dealer included), plus one that is
/// not a seat at all.
fn all_seats(h: &RussianHand) -> impl Iterator<Item = Seat> {
    (0..h.config().players).chain([4, Seat::MAX])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Section 7: every card is in exactly one place (a hand, the talon, the discard, a trick
    /// or the played cards) at every moment.
    #[test]
    fn section7_cards_conserved_at_every_step(g in game()) {
        play_hand(&g, |h, _| assert_cards_conserved(h));
    }

    /// R6: the observation names who took the last trick, and that is the hand (or the
    /// 4-player dealer's box with the talon, F3) whose trick count went up with it.
    #[test]
    fn r6_the_last_tricks_winner_is_the_hand_credited_with_it(g in game()) {
        let credited = |o: &preferans::Observation| {
            let mut t: Vec<(preferans::observation::Holder, u8)> = o.hands.iter().map(|v| (v.holder, v.tricks)).collect();
            t.push((preferans::observation::Holder::Seat(o.dealer), o.dealer_tricks));
            t
        };
        let mut before: Option<preferans::Observation> = None;
        play_hand(&g, |h, _| {
            let o = h.observation(Viewer::Spectator);
            assert_eq!(o.last_trick_winner.is_some(), !o.last_trick.is_empty(), "{o:?}");
            if let Some(b) = before.as_ref().filter(|b| o.tricks_done == b.tricks_done + 1) {
                let up: Vec<preferans::observation::Holder> = credited(b)
                    .iter()
                    .zip(credited(&o))
                    .filter(|(x, y)| y.1 > x.1)
                    .map(|(_, y)| y.0)
                    .collect();
                assert_eq!(up, vec![o.last_trick_winner.expect("a trick was taken")], "{o:?}");
            }
            before = Some(o);
        });
    }

    /// Every action listed as legal is accepted by `apply` from the seat to move, and
    /// `apply_unchecked` does the same thing with it.
    #[test]
    fn section7_every_legal_action_applies(g in game()) {
        play_hand(&g, |h, legal| {
            let Some(seat) = h.to_move() else { return };
            for &a in legal {
                let mut checked = h.clone();
                if let Err(e) = checked.apply(seat, a) {
                    panic!("listed legal action refused: {e}");
                }
                let mut unchecked = h.clone();
                unchecked.apply_unchecked(a);
                assert_eq!(checked, unchecked, "apply and apply_unchecked differ on '{a}'");
                assert_ne!(&checked, h, "a legal action '{a}' changed nothing");
            }
        });
    }

    /// Section 7: every action not in the legal list is refused with a reason and changes
    /// nothing; so is a legal action by a seat that is not to move (and anything once the
    /// hand is over).
    #[test]
    fn section7_illegal_actions_refused_and_change_nothing(g in game()) {
        let universe = action_universe();
        let discards = discard_universe();
        let mut rng = SplitMix::new(g.seed.rotate_left(17));
        play_hand(&g, |h, legal| {
            let mut t = h.clone();
            let to_move = h.to_move();
            let mut candidates = universe.clone();
            if h.phase_kind() == PhaseKind::Discard {
                candidates.extend(&discards);
            } else {
                candidates.extend((0..24).map(|_| discards[rng.below(discards.len())]));
            }
            for &a in &candidates {
                for seat in all_seats(h) {
                    let legal_here = Some(seat) == to_move && is_legal(legal, a);
                    if legal_here {
                        if let Action::Discard(x, y) = a {
                            if !legal.contains(&a) {
                                // T1: the discard's card order does not matter.
                                let (mut reversed, mut canonical) = (h.clone(), h.clone());
                                assert!(reversed.apply(seat, a).is_ok(), "discard {x} {y} refused");
                                assert!(canonical.apply(seat, Action::discard(x, y)).is_ok());
                                assert_eq!(reversed, canonical, "discard order matters");
                            }
                        }
                        continue;
                    }
                    // Only the seat to move tries every action; other seats try the legal ones.
                    if Some(seat) != to_move && to_move.is_some() && !is_legal(legal, a) {
                        continue;
                    }
                    match t.apply(seat, a) {
                        Ok(()) => panic!(
                            "illegal '{a}' by seat {seat} accepted (to move: {to_move:?}, legal: {legal:?}, history {:?})",
                            h.history()
                        ),
                        Err(e) => {
                            assert_eq!((e.seat, e.action), (seat, a));
                            assert!(!e.reason.is_empty(), "refusal of '{a}' without a reason");
                        }
                    }
                    assert_eq!(&t, h, "refused '{a}' by seat {seat} changed the hand");
                }
            }
        });
    }

    /// `legal_count` and `nth_legal` list exactly `legal_actions`, in order; `offer_count`
    /// counts the offers, which come last (P3).
    #[test]
    fn legal_count_and_nth_legal_match_legal_actions(g in game()) {
        play_hand(&g, |h, legal| {
            assert_eq!(h.legal_count() as usize, legal.len(), "legal_count at {:?}", h.phase_kind());
            for (k, a) in legal.iter().enumerate() {
                assert_eq!(h.nth_legal(k as u32), Some(*a), "nth_legal({k})");
            }
            assert_eq!(h.nth_legal(h.legal_count()), None);
            assert_eq!(h.nth_legal(h.legal_count() + 1), None);
            assert_eq!(h.nth_legal(h.legal_count() + 1000), None);
            let offers = legal.iter().filter(|a| matches!(a, Action::Offer(_))).count();
            assert_eq!(h.offer_count() as usize, offers);
            assert!(
                legal[legal.len() - offers..].iter().all(|a| matches!(a, Action::Offer(_))),
                "offers come last"
            );
        });
    }

    /// Section 7, W4, W7, T1, F3: an observation shows a seat its own hand, open hands once
    /// laid down (W4 timing), the hand the 4-player dealer looked at, the talon once turned
    /// and played cards; never another seat's closed hand, a face-down talon card, or the
    /// declarer's discard (not even in the history). The spectator sees no hand unless open.
    #[test]
    fn section7_observations_show_only_what_a_seat_may_see(g in game()) {
        play_hand(&g, check_observations);
    }

    /// A hand as dealt (`as_dealt`), with its history replayed, is the hand again — at every
    /// step, whatever the table's form and A6 minimum opening bid.
    #[test]
    fn a6_a_hand_as_dealt_with_its_history_replayed_is_the_hand(g in game()) {
        play_hand(&g, |h, _| {
            let mut again = h.as_dealt();
            assert!(again.history().is_empty());
            for &(seat, a) in h.history() {
                again.apply(seat, a).expect("the hand's own action");
            }
            assert_eq!(&again, h);
        });
    }

    /// Section 7: a record of a random match survives JSON and replays to the same match and
    /// the same record (also when the last hand is unfinished).
    #[test]
    fn section7_record_replay_reproduces_the_match(
        g in game(),
        hands in 1u32..=4,
        stop in select(vec![None, None, Some(7usize), Some(40), Some(75)]),
    ) {
        let m = play_match(&g, hands, stop);
        let record = Record::from_match(&m, players_of(&m));
        let text = record.to_json();
        let parsed = Record::from_json(&text).expect("a written record parses");
        prop_assert_eq!(&parsed, &record);
        let replayed = parsed.replay().unwrap_or_else(|e| panic!("replay failed: {e}\n{text}"));
        prop_assert_eq!(&Record::from_match(&replayed, players_of(&m)), &record);
        prop_assert_eq!(&replayed, &m);
    }

    /// Section 7: a record with one action changed into an illegal one (an action not legal
    /// there, or a legal one by the wrong seat) fails replay naming that hand and action index.
    #[test]
    fn section7_record_with_illegal_action_fails_at_it(
        g in game(),
        hands in 1u32..=3,
        pick in any::<u64>(),
    ) {
        let m = play_match(&g, hands, None);
        let mut record = Record::from_match(&m, players_of(&m));
        let mut rng = SplitMix::new(pick);
        let i = rng.below(record.hands.len());
        let j = rng.below(record.hands[i].actions.len());
        // Replay up to the chosen action to learn the position there.
        let mut r = Match::new(g.opts.rules(), g.seed, g.dealer, Some(hands));
        for (k, hr) in record.hands.iter().enumerate().take(i + 1) {
            let upto = if k == i { j } else { hr.actions.len() };
            for a in &hr.actions[..upto] {
                r.apply(a.seat, a.action).expect("recorded action replays");
            }
        }
        let h = r.current_hand().expect("the hand is being played");
        let to_move = h.to_move().expect("someone is to move");
        let mut legal = Vec::new();
        h.legal_actions(&mut legal);
        let (seat, action) = if rng.pct(50) {
            let wrong = (to_move + 1 + rng.below(3) as u8) % (h.config().players + 1);
            (wrong, legal[rng.below(legal.len())])
        } else {
            let mut bad: Vec<Action> = action_universe()
                .into_iter()
                .chain(discard_universe())
                .filter(|a| !is_legal(&legal, *a))
                // `discard AS AS` cannot even be written in a record (the parser refuses it).
                .filter(|a| !matches!(a, Action::Discard(x, y) if x == y))
                .collect();
            bad.sort_by_key(|a| a.to_string());
            (to_move, bad[rng.below(bad.len())])
        };
        prop_assume!(seat != to_move || !is_legal(&legal, action));
        record.hands[i].actions[j].seat = seat;
        record.hands[i].actions[j].action = action;
        let record = Record::from_json(&record.to_json()).expect("parses");
        match record.replay() {
            Err(RecordError::Action { hand, index, seat: s, action: a, reason }) => {
                prop_assert_eq!(hand, i as u32 + 1);
                prop_assert_eq!(index, j);
                prop_assert_eq!(s, seat);
                // The record stores discards as text: compare canonical forms.
                prop_assert!(is_legal(&[a], action), "{} vs {}", a, action);
                prop_assert!(!reason.is_empty());
            }
            other => prop_assert!(false, "expected an action error at hand {} action {}, got {:?}", i + 1, j, other.map(|_| ())),
        }
    }

    /// Section 7: a record whose stored outcome of a finished hand is altered (or removed),
    /// or whose stored scores of that hand are altered, fails replay naming that hand.
    #[test]
    fn section7_record_with_altered_outcome_fails_at_that_hand(
        g in game(),
        hands in 1u32..=3,
        pick in any::<u64>(),
    ) {
        let m = play_match(&g, hands, None);
        let mut record = Record::from_match(&m, players_of(&m));
        let mut rng = SplitMix::new(pick);
        let i = rng.below(record.hands.len());
        let Some(outcome) = record.hands[i].outcome else {
            panic!("every hand of a finished match has an outcome");
        };
        let roll = rng.below(10);
        record.hands[i].outcome = if roll < 2 {
            None
        } else if roll < 4 {
            let extra = Entry::Pool { seat: 0, points: 1, why: Why::Contract };
            record.hands[i].scores.get_or_insert_with(Vec::new).push(extra);
            Some(outcome)
        } else {
            Some(match outcome {
                HandOutcome::ThrownIn => HandOutcome::AllPass { tricks: [0; 4] },
                HandOutcome::AllPass { mut tricks } => {
                    let k = rng.below(4);
                    tricks[k] = tricks[k].wrapping_add(1);
                    HandOutcome::AllPass { tricks }
                }
                HandOutcome::Contract(mut c) => {
                    match rng.below(3) {
                        0 => c.declarer_tricks = c.declarer_tricks.wrapping_add(1),
                        1 => c.defenders[0].tricks = c.defenders[0].tricks.wrapping_add(1),
                        _ => c.dealer_whist = !c.dealer_whist,
                    }
                    HandOutcome::Contract(c)
                }
            })
        };
        let record = Record::from_json(&record.to_json()).expect("parses");
        match record.replay() {
            Err(RecordError::Hand { hand, message }) => {
                prop_assert_eq!(hand, i as u32 + 1, "{}", message);
            }
            other => prop_assert!(false, "expected a hand error at hand {}, got {:?}", i + 1, other.map(|_| ())),
        }
    }
}

/// `nth_legal` far past the end answers `None` at once, like any index past `legal_count`
/// (lib.rs: no public function misbehaves on any input). Run on a thread with a deadline so
/// that a slow answer fails the test instead of hanging it.
#[test]
fn nth_legal_far_past_the_end_is_none_without_delay() {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let h = RussianHand::sochi(0, Deal::seeded(1, 0));
        let _ = tx.send([u32::MAX, u32::MAX / 2, 1 << 28].map(|k| h.nth_legal(k)));
    });
    match rx.recv_timeout(std::time::Duration::from_secs(5)) {
        Ok(answers) => assert_eq!(answers, [None; 3]),
        Err(_) => panic!(
            "RussianHand::nth_legal(u32::MAX) at the start of the auction did not answer within 5 s \
             (it steps through k one by one)"
        ),
    }
}

/// H1, section 7: the Hussar dummy is unseen during the auction, whoever asks, also a viewer
/// given a seat number that is no seat at the table (an untrusted id from a client).
#[test]
fn h1_no_viewer_sees_the_hussar_dummy_during_the_auction() {
    let rules = preferans::Rules::sochi().with("players", "2").expect("Hussar");
    let h = RussianHand::new(HandConfig::from_rules(&rules), 0, Deal::seeded(1, 0), None);
    let dummy = h.card_places().0[1];
    for seat in 0..=Seat::MAX {
        let obs = h.observation(Viewer::Seat(seat));
        assert_eq!(
            obs.hands[1].cards, None,
            "Viewer::Seat({seat}) is shown the dummy's hand"
        );
        assert!(
            (obs.cards_shown() & dummy).is_empty(),
            "Viewer::Seat({seat}) sees dummy cards"
        );
        assert!(
            (h.visible_cards(Viewer::Seat(seat)) & dummy).is_empty(),
            "visible_cards(Seat({seat}))"
        );
    }
}
