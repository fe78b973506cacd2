//! Property tests of what the expert knows (`Known`, RULES.md section 7) and of its sampler:
//! over many seeded random hands of every table form, at the decisions the expert makes (the
//! whist round, the card play, offers' answers) the seat's `Known` must describe the true deal
//! exactly (the true deal is a possible sample), and every sample must respect the public facts
//! (sizes, voids shown (R6), cards whose place is known, the talon (T1, F3, X2, P4)).
//!
//! The facts are computed here from the engine's true card places (`card_places`) and the
//! engine's own visibility rule (`visible_cards`), independently of `known`.

use std::collections::BTreeMap;

use preferans::russian::HandConfig;
use preferans::{Deal, HandState, Rules, RussianHand, Seat, Suit, Viewer};

use super::*;
use crate::expert_fit::Fit;

#[path = "expert_known_games.rs"]
mod games;
use games::*;

/// Inconsistencies by kind: how many, and the first with the decision that shows it.
#[derive(Default)]
struct Findings {
    kinds: BTreeMap<&'static str, (usize, String)>,
    checked: usize,
    samples: usize,
    /// Decisions checked by situation, so that no table form silently drops out.
    coverage: BTreeMap<&'static str, usize>,
}

impl Findings {
    fn add(&mut self, kind: &'static str, at: &str, detail: String) {
        let e = self.kinds.entry(kind).or_insert((0, format!("{at}: {detail}")));
        e.0 += 1;
    }

    fn report(&self) -> String {
        self.kinds
            .iter()
            .map(|(kind, (n, first))| format!("- {kind} ({n}×), first at {first}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn void_cards(voids: u8) -> CardSet {
    Suit::ALL
        .iter()
        .filter(|s| voids & (1 << s.index()) != 0)
        .fold(CardSet::EMPTY, |a, s| a | CardSet::suit_mask(*s))
}

/// The facts one seat may know, from the true deal and the engine's visibility rule.
struct Truth {
    /// The true hands by position.
    hands: [CardSet; 3],
    /// Which hands the seat sees.
    visible: [bool; 3],
    /// Cards whose place the seat knows and that are out of every hand: played, its own
    /// discard, talon cards it sees that are still in the talon (F3 `talon_push`).
    out_known: CardSet,
    /// Cards out of every hand, known or not (talon left, discard, played).
    out_all: CardSet,
    /// The pool the seat cannot place: not in a seen hand and not known out.
    pool: CardSet,
    /// The declarer's position.
    declarer: Option<usize>,
    /// T1: the talon the declarer took (shown, so only his hand or discard may hold it).
    taken_talon: CardSet,
    /// The declarer's discard.
    discard: CardSet,
}

fn truth(h: &RussianHand, seat: Seat, o: &Observation) -> Truth {
    let (hands, talon_left, discard, played) = h.card_places();
    let visible: [bool; 3] = std::array::from_fn(|p| o.hands[p].cards.is_some());
    let seen_hands = (0..3).filter(|p| visible[*p]).fold(CardSet::EMPTY, |a, p| a | hands[p]);
    let own_discard = if h.declarer() == Some(seat) {
        discard
    } else {
        CardSet::EMPTY
    };
    let out_known = played | own_discard | (talon_left & h.visible_cards(Viewer::Seat(seat)));
    let declarer = h
        .declarer()
        .and_then(|d| (0..3).find(|p| h.seat_of_position(*p) == Some(d)));
    let pool = CardSet::FULL - seen_hands - out_known;
    let talon: CardSet = h.deal().talon().into_iter().collect();
    let taken_talon = if declarer.is_some() && talon_left.is_empty() {
        talon
    } else {
        CardSet::EMPTY
    };
    Truth {
        hands,
        visible,
        out_known,
        out_all: talon_left | discard | played,
        pool,
        declarer,
        taken_talon,
        discard,
    }
}

/// Whether `sample` can produce the true deal: every hidden hand within the pool and its
/// voids, a taken talon card only in the declarer's hand or out of play (the sampler may
/// put any card out of play while places there are left), and no more cards out of play than
/// the sampler leaves out.
fn sampler_reaches(k: &Known, t: &Truth) -> Result<(), String> {
    for p in 0..3 {
        if k.hands[p].is_some() {
            continue;
        }
        let outside = t.hands[p] - k.pool;
        if !outside.is_empty() {
            return Err(format!("hand {p} holds {outside}, outside the pool"));
        }
        let against = t.hands[p] & void_cards(k.voids[p]);
        if !against.is_empty() {
            return Err(format!("hand {p} holds {against}, against its voids"));
        }
        if Some(p) != k.declarer && !(t.hands[p] & k.talon_to_declarer).is_empty() {
            return Err(format!("a defender (hand {p}) holds a taken talon card"));
        }
    }
    let hidden = (0..3)
        .filter(|p| k.hands[*p].is_none())
        .fold(CardSet::EMPTY, |a, p| a | t.hands[p]);
    let away = (k.pool - hidden).len();
    if away != k.out_of_hands {
        return Err(format!(
            "{away} pool cards out of play, the sampler leaves {} out (in the discard or not)",
            k.out_of_hands
        ));
    }
    Ok(())
}

/// The situations a decision belongs to (for the coverage check).
fn situations(h: &RussianHand, o: &Observation) -> [(&'static str, bool); 10] {
    let did = |f: fn(&Action) -> bool| o.history.iter().any(|(_, a)| a.as_ref().is_some_and(f));
    let play = o.phase == PhaseKind::Play;
    let allpass = play && o.contract.is_none();
    let talon_led = o
        .trick
        .first()
        .is_some_and(|c| c.by == Holder::Talon || (o.players == 4 && c.by == Holder::Seat(o.dealer)));
    [
        ("whist round", o.phase == PhaseKind::Whist),
        ("all-pass, talon card leading the trick (X2/F3)", allpass && talon_led),
        (
            "all-pass, talon face down (X2 closed)",
            allpass && !talon_led && !h.card_places().1.is_empty(),
        ),
        ("all-pass, talon cards played", allpass && o.talon.len() == 2),
        ("misère", play && o.contract == Some(Bid::Misere)),
        (
            "misère without talon (P4)",
            play && o.contract == Some(Bid::MisereNoTalon),
        ),
        ("talon pushed (F3)", did(|a| *a == Action::PushTalon)),
        ("dealer whists (F3)", play && did(|a| matches!(a, Action::Look(_)))),
        ("hussar", play && o.players == 2),
        ("offer answered (P3)", o.legal_actions.contains(&Action::Accept)),
    ]
}

/// Checks the seat's `Known` and samples at this decision.
fn check(
    h: &RussianHand,
    seat: Seat,
    o: &Observation,
    bot: &mut ExpertBot,
    rng: &mut ChaCha8Rng,
    at: &str,
    f: &mut Findings,
) {
    let k = known(o);
    let t = truth(h, seat, o);
    f.checked += 1;
    for (situation, on) in situations(h, o) {
        if on {
            *f.coverage.entry(situation).or_default() += 1;
        }
    }
    for p in 0..3 {
        if let Some(c) = o.hands[p].cards.filter(|c| *c != t.hands[p]) {
            f.add(
                "observation shows a wrong hand",
                at,
                format!("hand {p}: {c} vs {}", t.hands[p]),
            );
        }
        if k.sizes[p] as u32 != t.hands[p].len() {
            f.add(
                "wrong hand size",
                at,
                format!("hand {p}: {} vs {}", k.sizes[p], t.hands[p].len()),
            );
        }
        if k.hands[p].is_some() != t.visible[p] || k.hands[p].is_some_and(|c| c != t.hands[p]) {
            f.add(
                "known hand differs",
                at,
                format!("hand {p}: {:?} vs {}", k.hands[p], t.hands[p]),
            );
        }
        if k.hands[p].is_none() {
            let against = t.hands[p] & void_cards(k.voids[p]);
            if !against.is_empty() {
                f.add("void shown but held (R6)", at, format!("hand {p} holds {against}"));
            }
        }
    }
    if k.pool != t.pool {
        let extra = k.pool - t.pool;
        let missing = t.pool - k.pool;
        let kind = if missing.is_empty() {
            "pool holds cards whose place the seat knows"
        } else {
            "pool misses unplaced cards"
        };
        f.add(
            kind,
            at,
            format!(
                "extra {extra} (out of play: {}), missing {missing}",
                extra.iter().all(|c| t.out_known.contains(c))
            ),
        );
    }
    if k.declarer != t.declarer {
        f.add("wrong declarer", at, format!("{:?} vs {:?}", k.declarer, t.declarer));
    }
    let expected_ttd = t.taken_talon & t.pool;
    if k.talon_to_declarer != expected_ttd {
        f.add(
            "talon_to_declarer wrong (T1/F3)",
            at,
            format!("{} vs {expected_ttd}", k.talon_to_declarer),
        );
    }
    if let Some(d) = t.declarer {
        let elsewhere = k.talon_to_declarer - t.hands[d] - t.discard;
        if !elsewhere.is_empty() {
            f.add(
                "talon_to_declarer card not with the declarer",
                at,
                format!("{elsewhere} (declarer hand {}, discard {})", t.hands[d], t.discard),
            );
        }
    }
    let hidden_true = (0..3)
        .filter(|p| k.hands[*p].is_none())
        .fold(CardSet::EMPTY, |a, p| a | t.hands[p]);
    let pool_out = k.pool - hidden_true;
    if k.out_of_hands != pool_out.len() {
        f.add(
            "out_of_hands wrong",
            at,
            format!("{} vs {} ({pool_out})", k.out_of_hands, pool_out.len()),
        );
    }
    if !(pool_out - t.out_all).is_empty() {
        f.add("pool card neither in a hidden hand nor out", at, format!("{pool_out}"));
    }
    let reachable = sampler_reaches(&k, &t);
    if let Err(e) = &reachable {
        let kind = if e.contains("discard") {
            "true deal outside the sampler's support: a talon card in the discard (T1)"
        } else {
            "true deal outside the sampler's support"
        };
        f.add(kind, at, e.clone());
    }

    // The play state of the true deal as the expert builds it equals the engine's.
    if let (PhaseKind::Play, Some(mover), Some(mut engine)) = (o.phase, o.to_play, h.play_state()) {
        let mut mine = play_state(o, &k, t.hands, usize::from(mover), engine.talon_leads[0]);
        let talon_in_play = engine.talon_leads[0].is_some() || engine.trick.first_owner().is_some_and(|w| w > 2);
        if !talon_in_play {
            engine.talon_can_win = false;
            mine.talon_can_win = false;
        }
        if mine != engine {
            f.add(
                "play_state differs from the engine's",
                at,
                format!("{mine:?} vs {engine:?}"),
            );
        }
    }

    // Samples: the public facts, computed without `Known`.
    let fit = Fit::of(o);
    for i in 0..SAMPLES_PER_DECISION {
        let s = if i + 1 < SAMPLES_PER_DECISION {
            sample(&k, rng)
        } else {
            bot.fitting_sample(&k, fit.as_ref())
        };
        let Some(s) = s else {
            if reachable.is_ok() {
                f.add("sampler gave up on a consistent position", at, String::new());
            }
            continue;
        };
        f.samples += 1;
        let mut union = CardSet::EMPTY;
        for p in 0..3 {
            if (union & s[p]) != CardSet::EMPTY {
                f.add("sample deals a card twice", at, format!("{}", union & s[p]));
            }
            union |= s[p];
            if t.visible[p] {
                if s[p] != t.hands[p] {
                    f.add(
                        "sample changes a seen hand",
                        at,
                        format!("hand {p}: {} vs {}", s[p], t.hands[p]),
                    );
                }
                continue;
            }
            if s[p].len() != u32::from(o.hands[p].size) {
                f.add("sample hand of wrong size", at, format!("hand {p}: {}", s[p]));
            }
            let placed = s[p] & (t.out_known | (CardSet::FULL - t.pool));
            if !placed.is_empty() {
                let pushed = placed.iter().all(|c| h.deal().talon().contains(&c));
                f.add(
                    if pushed {
                        "sample gives a hand a talon card known out of play (F3 talon_push)"
                    } else {
                        "sample gives a hand a card known elsewhere"
                    },
                    at,
                    format!("hand {p} gets {placed}; sample {s:?}, true {:?}", t.hands),
                );
            }
            let against = s[p] & void_cards(o.hands[p].voids);
            if !against.is_empty() {
                f.add("sample breaks a void (R6)", at, format!("hand {p} gets {against}"));
            }
            if Some(p) != t.declarer && !(s[p] & t.taken_talon).is_empty() {
                f.add(
                    "sample gives the taken talon to a defender (T1)",
                    at,
                    format!("hand {p} gets {}", s[p] & t.taken_talon),
                );
            }
        }
        // Every card exactly once: in a hand, or out of play (known out, or in the unknown
        // discard / face-down talon, whose count is public).
        let unknown_out = CardSet::FULL - union - t.out_known;
        let true_unknown_out = t.out_all - t.out_known;
        if unknown_out.len() != true_unknown_out.len() {
            f.add(
                "sample leaves the wrong number of cards out of play",
                at,
                format!("{unknown_out} vs {true_unknown_out}"),
            );
        }
    }
}

/// Plays every table form's hands with random players and checks each decision the expert
/// would make: whist calls, cards, offers' answers.
#[test]
fn known_matches_the_true_deal_and_samples_respect_public_facts() {
    let mut f = Findings::default();
    let mut bot = ExpertBot::new(7, 20);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (fi, form) in FORMS.iter().enumerate() {
        let mut rules = Rules::preset(form.preset)
            .unwrap()
            .with("players", form.players)
            .unwrap();
        for (name, value) in form.options {
            rules.set(name, value).unwrap();
        }
        let cfg = HandConfig::from_rules(&rules);
        for hand in 0..HANDS_PER_FORM {
            let seed = 1000 * fi as u64 + hand;
            let mut play_rng = ChaCha8Rng::seed_from_u64(seed);
            let mode = match hand % 8 {
                0 | 4 => Mode::AllPass,
                1 | 5 => Mode::Misere,
                3 => Mode::DealerWhist,
                _ => Mode::Contract,
            };
            let dealer = (hand % u64::from(rules.players())) as Seat;
            let mut h = RussianHand::new(cfg, dealer, Deal::seeded(seed, 0), None);
            let mut steps = 0;
            while let Some(seat) = h.to_move() {
                let o = h.observation(Viewer::Seat(seat));
                if matches!(o.phase, PhaseKind::Whist | PhaseKind::Play) {
                    let history: Vec<String> = h.history().iter().map(|(s, a)| format!("{s}:{a}")).collect();
                    let at = format!(
                        "{} (form {fi}), Deal::seeded({seed}, 0), dealer {dealer}, {mode:?}, seat {seat} in {:?} \
                         after [{}]",
                        form.name,
                        o.phase,
                        history.join(", ")
                    );
                    check(&h, seat, &o, &mut bot, &mut rng, &at, &mut f);
                }
                let a = random_action(&o, mode, &mut play_rng);
                h.apply(seat, a).unwrap();
                steps += 1;
                assert!(steps < 200);
            }
        }
    }
    assert!(f.checked > 2000, "only {} decisions checked", f.checked);
    let any = RussianHand::sochi(0, Deal::seeded(0, 0));
    for (situation, _) in situations(&any, &any.observation(Viewer::Spectator)) {
        let n = f.coverage.get(situation).copied().unwrap_or(0);
        assert!(
            n >= 10,
            "only {n} decisions in situation {situation:?}: {:?}",
            f.coverage
        );
    }
    assert!(f.samples > 3 * f.checked / 2, "only {} samples", f.samples);
    assert!(
        f.kinds.is_empty(),
        "{} decisions, {} samples checked; inconsistencies:\n{}",
        f.checked,
        f.samples,
        f.report()
    );
}

/// The checker itself catches the bug it was written after: an observation that drops the
/// all-pass talon cards after the second trick (X2) makes the pool hold cards out of play.
#[test]
fn the_check_catches_all_pass_talon_cards_dropped_from_the_observation() {
    let mut bot = ExpertBot::new(7, 20);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut play_rng = ChaCha8Rng::seed_from_u64(4);
    let mut f = Findings::default();
    let mut h = RussianHand::sochi(0, Deal::seeded(5, 0));
    while let Some(seat) = h.to_move() {
        let mut o = h.observation(Viewer::Seat(seat));
        if o.phase == PhaseKind::Play && o.tricks_done >= 2 {
            assert_eq!(o.talon.len(), 2, "X2: both talon cards are public after two tricks");
            o.talon.clear();
            check(&h, seat, &o, &mut bot, &mut rng, "dropped talon", &mut f);
        }
        let a = random_action(&o, Mode::AllPass, &mut play_rng);
        h.apply(seat, a).unwrap();
    }
    assert!(f.checked >= 20);
    assert!(
        f.kinds.contains_key("pool holds cards whose place the seat knows"),
        "{}",
        f.report()
    );
}

/// W5/W6: against Stalingrad 6♠ (and a checked 10) both defenders whist without a choice, so a
/// whist says nothing of their cards — but `Fit` treats it as a chosen whist and rejects deals
/// where such a defender holds little defence, the true deal included.
#[test]
fn w5_forced_whists_do_not_make_the_fit_reject_the_true_deal() {
    let hands = [
        "9H 8H 9C 8C 7C QD JD TD 9D 8D",
        "AS KS QS JS TS 9S JH TH JC TC",
        "AH KH QH AC KC QC AD KD 7S 8S",
    ]
    .map(|t| t.parse::<CardSet>().unwrap());
    let talon: Vec<Card> = "7H 7D".parse::<CardSet>().unwrap().iter().collect();
    let deal = Deal::new(hands, [talon[0], talon[1]]).unwrap();
    let rules = Rules::sochi().with("stalingrad", "true").unwrap();
    let mut h = RussianHand::new(HandConfig::from_rules(&rules), 2, deal, None);
    for a in ["pass", "bid 6S", "pass", "discard 7H 7D", "declare 6S", "play 9H"] {
        let seat = h.to_move().unwrap();
        h.apply(seat, a.parse().unwrap()).unwrap();
    }
    // The declarer (seat 1, position 1) samples the defenders; seat 0 whisted by force (W5).
    let o = h.observation(Viewer::Seat(1));
    assert_eq!(o.hands[0].call, preferans::WhistCall::Whist);
    assert!(
        !o.history.iter().any(|(_, a)| *a == Some(Action::Whist)),
        "no whist was said"
    );
    let real = h.card_places().0;
    // The declarer knows his own hand and a forced whist says nothing: nothing to fit.
    assert!(
        Fit::of(&o).is_none(),
        "a forced whist constrains the declarer's samples (W5)"
    );
    // The other defender (seat 2) samples the declarer, fitted to his 6♠, and seat 0, whose
    // forced whist with next to no defence must not make the fit refuse the true deal.
    let o = h.observation(Viewer::Seat(2));
    let fit = Fit::of(&o).expect("the declarer's hand is fitted to his contract");
    assert!(
        fit.accepts(&real),
        "the fit rejects the true deal for a forced whist (W5): {real:?}"
    );
}
