//! A differential test of the hand state machine (`RussianHand` through `HandState`) against
//! an independent reference model of what is legal in a hand, written from RULES.md
//! (sections 1, 2, 4, 5) and docs/rules.md only, without reading the engine's rules code.
//! Like checking a fast double-dummy solver against a plain minimax, the model is simple
//! (hands as `Vec<Card>`, one phase enum, no bit tricks) and slow.
//!
//! The model (`reference_model/model.rs`: state, auction, talon and contract;
//! `reference_model/whist.rs`: whist round; `reference_model/play.rs`: play and offers) covers
//! the auction A1–A6 and P4, the talon, discard and contract T1–T2 and F3 `talon_push`, the
//! whist round W1–W7, the F3 dealer's whist and the Hussar H1, the card play R6, P1, P2,
//! X1–X2 and F3 `dealer_allpass_talon`, the offers P3, and the outcome of every kind of hand.
//! `reference_model/steer.rs` biases the random choices and counts the branches reached.
//!
//! The test draws random tables (preset, players 2–4, every option that changes legality,
//! dealer, A6 minimum opening bid, a playing style) and random hands, and at every step checks
//! that the engine's `to_move` and set of legal actions equal the model's, and that its phase,
//! declarer, contract, completed tricks, the cards of each hand and the outcome do too; then
//! it applies a random legal action (biased so that rare branches come up) to both, and at
//! some steps tries an action the model calls illegal, or a legal one by a seat not to move,
//! and checks that the engine refuses it and is unchanged. At the end the outcomes must be
//! equal. Counts of the rare branches reached are asserted, so the test fails if the
//! generator stops reaching them. `PREF_SOAK=MULT[,OFFSET]` (the workspace's soak
//! convention, as in the solver's tests) plays MULT times the hands, from seeds shifted by
//! OFFSET. A failure prints the table (seed, options, dealer, A6 minimum) and the history.
//!
//! Conventions learned from the engine, not from the rules (black-box experiments):
//! - F3 `dealer_allpass_talon`: the dealer's talon leads are made for him, without an action:
//!   at the start of each of the first two tricks the eldest is to move with the talon card
//!   already in the trick (the dealer has nothing to choose).
//! - `phase_kind()`: both of the F3 dealer's decisions (pass or look, then whist or pass) are
//!   `PhaseKind::DealerWhist`; the Hussar defender's word (H1) and the first defender's
//!   second word after a half-whist (W2) are `PhaseKind::Whist`.
//! - `card_places()`: the declarer's hand holds the talon's two cards from taking it to the
//!   discard; a pushed talon (F3) stays in the talon.
//!
//! Readings of the texts where they leave room; the model follows them and the engine
//! agrees (documented conventions such as `to_move` naming the seat that controls the hand
//! to play, docs/rules.md "Who may act", or the answering seat during an offer, are not
//! repeated here):
//! - H2 "the dummy is a second defender who passed": the dummy's call is `pass` (in a misère,
//!   W7, `none`), so a Hussar checked 10 or Stalingrad has one whister and offers are allowed
//!   there (P3 forbids them only "when two whisters defend").
//! - P4 "like misère": the misère without the talon also follows A4 in full (its bidder's
//!   later turns are skipped; outbid, he is out).
//! - The outcome's `defence` is set only for a hand played or ended by an offer: misère by
//!   `misere_defence`, a checked 10 and Stalingrad closed, the F3 dealer's whist open, and
//!   every Hussar hand open (H1).
//! - P3 in a Hussar misère whose first defender is the dummy: the defence's share of an
//!   accepted offer is credited to the dummy's entry (docs/rules.md: "otherwise to the first
//!   defender").

#[path = "reference_model/cases.rs"]
mod cases;
#[path = "reference_model/model.rs"]
mod model;
#[path = "reference_model/play.rs"]
mod play;
#[path = "common/reference.rs"]
mod reference_common;
#[path = "common/splitmix.rs"]
mod splitmix;
#[path = "reference_model/steer.rs"]
mod steer;
#[path = "reference_model/whist.rs"]
mod whist;

use std::collections::BTreeMap;

use reference_common::soak;
use splitmix::SplitMix as Rng;

use model::{Model, Opts, Phase};
use preferans::russian::{HandConfig, PhaseKind};
use preferans::{Action, Bid, Card, CardSet, Deal, HandState, Rules, RussianHand, Seat};
use steer::{check_reached, choose, count_action, count_outcome};

/// One random table and hand.
#[derive(Clone, Debug)]
struct Table {
    seed: u64,
    preset: &'static str,
    players: u8,
    pairs: Vec<(&'static str, &'static str)>,
    dealer: Seat,
    min_opening: Option<Bid>,
    /// Percent chance to pass in the auction, to pass in the whist round, to offer when
    /// offers are legal, to accept an offer.
    pass_pct: u8,
    whist_pass_pct: u8,
    offer_pct: u8,
    accept_pct: u8,
}

impl Table {
    fn random(seed: u64, players: u8) -> Table {
        let mut r = Rng::new(seed ^ 0x05EE_D0F7_AB1E);
        let preset = r.pick(&["sochi", "leningrad", "rostov"]);
        let mut pairs = Vec::new();
        // Each option is left at the preset's default now and then, so that the model's
        // defaults are checked too.
        let mut opt = |r: &mut Rng, name: &'static str, values: &[&'static str]| {
            if r.pct(80) {
                pairs.push((name, r.pick(values)));
            }
        };
        opt(&mut r, "hold", &["eldest", "seniority", "none"]);
        opt(&mut r, "stalingrad", &["false", "true"]);
        opt(&mut r, "ten_trick", &["checked", "whisted"]);
        opt(&mut r, "misere_defence", &["open", "closed"]);
        opt(&mut r, "misere_without_talon", &["false", "true"]);
        opt(&mut r, "allpass_talon", &["lead", "closed"]);
        if players == 4 {
            opt(&mut r, "dealer_whist_when_both_pass", &["false", "true", "true"]);
            opt(&mut r, "dealer_allpass_talon", &["false", "true", "true"]);
            opt(&mut r, "talon_push", &["false", "true", "true"]);
        }
        let min_opening = match r.below(10) {
            0..=5 => None,
            6..=8 => Bid::from_ladder(r.pick(&[0, 5, 10, 16, 22])), // A6: 6♠ … 10♠
            _ => Bid::from_ladder(r.below(usize::from(Bid::LADDER_LEN)) as u8),
        };
        Table {
            seed,
            preset,
            players,
            pairs,
            dealer: r.below(usize::from(players)) as Seat,
            min_opening,
            pass_pct: r.pick(&[0, 30, 60, 85, 85, 100]),
            whist_pass_pct: r.pick(&[20, 50, 80]),
            offer_pct: r.pick(&[0, 5, 20, 50]),
            accept_pct: r.pick(&[20, 60, 90]),
        }
    }

    fn rules(&self) -> Rules {
        let mut rules = Rules::preset(self.preset)
            .and_then(|r| r.with("players", &self.players.to_string()))
            .expect("a preset with its players");
        for (k, v) in &self.pairs {
            rules.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
        }
        rules
    }

    fn engine(&self) -> RussianHand {
        let deal = Deal::seeded(self.seed, 0);
        RussianHand::new(
            HandConfig::from_rules(&self.rules()),
            self.dealer,
            deal,
            self.min_opening,
        )
    }

    fn model(&self) -> Model {
        let opts = Opts::from_pairs(self.preset, self.players, &self.pairs);
        Model::new(opts, self.dealer, &Deal::seeded(self.seed, 0), self.min_opening)
    }
}

/// A sort key for actions (`Action` has no order).
fn key(a: &Action) -> (u8, u32) {
    let bid = |b: &Bid| u32::from(b.ladder());
    let card = |c: &Card| u32::from(c.index());
    match a {
        Action::Bid(b) => (0, bid(b)),
        Action::Pass => (1, 0),
        Action::TakeTalon => (2, 0),
        Action::PushTalon => (3, 0),
        Action::Discard(x, y) => (4, card(x) * 32 + card(y)),
        Action::Declare(b) => (5, bid(b)),
        Action::Whist => (6, 0),
        Action::HalfWhist => (7, 0),
        Action::Look(s) => (8, u32::from(*s)),
        Action::Open => (9, 0),
        Action::Closed => (10, 0),
        Action::Play(c) => (11, card(c)),
        Action::Offer(n) => (12, u32::from(*n)),
        Action::Accept => (13, 0),
        Action::Refuse => (14, 0),
        _ => (255, 0),
    }
}

fn sorted(mut v: Vec<Action>) -> Vec<Action> {
    v.sort_by_key(key);
    v
}

fn text(v: &[Action]) -> String {
    v.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ")
}

/// Counts of the branches reached.
type Counts = BTreeMap<&'static str, u64>;

/// The engine's phase as the model names it (the public `PhaseKind`).
fn phase_kind(p: Phase) -> PhaseKind {
    match p {
        Phase::Auction(_) => PhaseKind::Auction,
        Phase::TalonChoice => PhaseKind::TalonChoice,
        Phase::Discard => PhaseKind::Discard,
        Phase::Declare => PhaseKind::Declare,
        Phase::WhistFirst | Phase::WhistSecond | Phase::WhistFirstAgain | Phase::HussarWhist => PhaseKind::Whist,
        Phase::DealerLook | Phase::DealerWhist => PhaseKind::DealerWhist,
        Phase::DefenceChoice(_) => PhaseKind::DefenceChoice,
        Phase::Play => PhaseKind::Play,
        Phase::Done => PhaseKind::Done,
    }
}

/// Compares the engine with the model in one position: the seat to move, the legal actions
/// as a set, and what the public API says of the hand (phase, declarer, contract, completed
/// tricks, the cards in each hand, the outcome). Returns the legal actions, sorted.
fn compare(engine: &RussianHand, m: &Model) -> Result<Vec<Action>, String> {
    let who = engine.to_move();
    if who != m.to_move() {
        return Err(format!("to_move: engine {who:?}, model {:?}", m.to_move()));
    }
    let mut legal = Vec::new();
    engine.legal_actions(&mut legal);
    let (got, want) = (sorted(legal), sorted(m.legal()));
    if got != want {
        let extra: Vec<Action> = got.iter().copied().filter(|a| !want.contains(a)).collect();
        let missing: Vec<Action> = want.iter().copied().filter(|a| !got.contains(a)).collect();
        return Err(format!(
            "legal actions of seat {who:?} in {:?}: engine only [{}], model only [{}]",
            m.phase,
            text(&extra),
            text(&missing)
        ));
    }
    let hands = m.hands.clone().map(|h| h.into_iter().collect::<CardSet>());
    // A5: the declarer is known once the auction is won.
    let won = !matches!(m.phase, Phase::Auction(_)) && m.highest.is_some();
    let declarer = if won { m.seat_of[m.declarer] } else { None };
    let model_says = (phase_kind(m.phase), m.contract, m.tricks_done, hands, m.outcome);
    let engine_says = (
        engine.phase_kind(),
        engine.contract(),
        engine.tricks_done(),
        engine.card_places().0,
        engine.outcome(),
    );
    if model_says != engine_says {
        return Err(format!(
            "(phase, contract, tricks done, hands, outcome): engine {engine_says:?}\n  model {model_says:?}"
        ));
    }
    if engine.declarer() != declarer {
        return Err(format!("declarer: engine {:?}, model {declarer:?}", engine.declarer()));
    }
    Ok(want)
}

/// Plays one hand on the engine and the model side by side, writing the actions into
/// `history`; `Err` says where they differ.
fn play_one(t: &Table, counts: &mut Counts, history: &mut Vec<String>) -> Result<(), String> {
    let mut engine = t.engine();
    let mut m = t.model();
    let mut rng = Rng::new(t.seed.rotate_left(29) ^ 0xC0FF_EE00);
    for _ in 0..400 {
        let legal = compare(&engine, &m)?;
        let Some(seat) = m.to_move() else {
            count_outcome(&m, counts);
            return Ok(());
        };
        if rng.pct(25) {
            probe_illegal(&engine, &m, seat, &legal, &mut rng, counts)?;
        }
        let a = choose(t, &m, &legal, &mut rng);
        count_action(&m, a, counts);
        history.push(format!("{seat}: {a}"));
        engine
            .apply(seat, a)
            .map_err(|e| format!("engine refused the legal '{a}': {e}"))?;
        m.apply(a);
        *counts.entry("steps").or_default() += 1;
    }
    Err("the hand did not end in 400 actions".into())
}

/// Section 7: an action the model calls illegal, and a legal one by a seat not to move, are
/// refused and change nothing.
fn probe_illegal(
    engine: &RussianHand,
    m: &Model,
    seat: Seat,
    legal: &[Action],
    rng: &mut Rng,
    counts: &mut Counts,
) -> Result<(), String> {
    let card = |rng: &mut Rng| Card::from_index(rng.below(32) as u8).expect("a card");
    let bid = |rng: &mut Rng| Bid::from_ladder(rng.below(usize::from(Bid::LADDER_LEN)) as u8).expect("a bid");
    let mut tries = Vec::new();
    for _ in 0..3 {
        let a = match rng.below(12) {
            0 | 1 => Action::Bid(bid(rng)),
            2 => Action::Declare(bid(rng)),
            3 => Action::discard(card(rng), card(rng)),
            4 | 5 => match m.hands.get(m.to_play).filter(|h| !h.is_empty()) {
                // R6: a card of the hand to play that does not follow suit, or any card.
                Some(h) if m.phase == Phase::Play => Action::Play(rng.pick(h)),
                _ => Action::Play(card(rng)),
            },
            6 => Action::Offer(rng.below(12) as u8),
            7 => Action::Look(rng.below(5) as u8),
            _ => rng.pick(&[
                Action::Pass,
                Action::TakeTalon,
                Action::PushTalon,
                Action::Whist,
                Action::HalfWhist,
                Action::Open,
                Action::Closed,
                Action::Accept,
                Action::Refuse,
            ]),
        };
        if legal.contains(&a) {
            continue;
        }
        let what = match a {
            Action::Play(c) if m.phase == Phase::Play && m.hands[m.to_play].contains(&c) => {
                "R6 a held card that may not be played refused"
            }
            Action::Bid(b) if m.highest.is_some_and(|(h, _)| b.ladder() < h.ladder()) => {
                "A2 a bid below the highest refused"
            }
            _ => "illegal action refused",
        };
        tries.push((seat, a, what));
    }
    // A legal action by another seat at the table (the 4-player dealer too), or by a seat
    // that is not at the table.
    let other = match rng.below(8) {
        0 => rng.pick(&[4, Seat::MAX]),
        _ => (seat + 1 + rng.below(usize::from(m.o.players) - 1) as u8) % m.o.players,
    };
    tries.push((other, rng.pick(legal), "a legal action by a seat not to move refused"));
    for (s, a, what) in tries {
        let mut copy = engine.clone();
        if copy.apply(s, a).is_ok() {
            return Err(format!(
                "the engine accepted '{a}' by seat {s}, which the model refuses"
            ));
        }
        let (mut before, mut after) = (Vec::new(), Vec::new());
        engine.legal_actions(&mut before);
        copy.legal_actions(&mut after);
        if copy != *engine || copy.history() != engine.history() || before != after {
            return Err(format!("the refused '{a}' by seat {s} changed the hand"));
        }
        *counts.entry(what).or_default() += 1;
    }
    Ok(())
}

/// Plays `hands` random hands with `players` players from seed `first`; returns the counts.
fn run(players: u8, first: u64, hands: u64) -> Counts {
    let (mult, offset) = soak();
    let mut counts = Counts::new();
    for i in 0..hands * mult {
        let seed = first + offset + i;
        let t = Table::random(seed, players);
        let mut history = Vec::new();
        if let Err(why) = play_one(&t, &mut counts, &mut history) {
            panic!(
                "the engine and the reference model disagree: {why}\n  table: {t:?}\n  history: {}",
                history.join(", ")
            );
        }
    }
    counts
}

#[test]
fn a_to_x_reference_model_agrees_with_the_engine_on_random_hands() {
    check_reached(3, &run(3, 0, 60_000));
}

#[test]
fn f1_f3_reference_model_agrees_with_the_engine_with_four_players() {
    check_reached(4, &run(4, 1_000_000, 60_000));
}

#[test]
fn h1_reference_model_agrees_with_the_engine_in_hussar() {
    check_reached(2, &run(2, 2_000_000, 30_000));
}
