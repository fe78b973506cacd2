//! The simulation's model of how a contract hand ends (issue 5): the sides, the defenders'
//! calls (the heuristic's, or the Hussar defender's better one, H1), the outcome of a
//! double-dummy count and its settlement by the real scorer. `expert_sim.rs` and the
//! bidding weigh their candidates with it.

use preferans::observation::{Holder, Observation};
use preferans::outcome::{ContractOutcome, DefenceMode, DefenderOutcome, HandOutcome, Resolution, WhistCall};
use preferans::russian::{half_whist_allowed, whist_round_calls, HandConfig};
use preferans::scoring::{HandContext, Scoresheet};
use preferans::{Action, Bid, Card, CardSet, Rules, Seat};

use crate::heuristic::{defence_tricks, whist_call};

/// A talon where one is needed and none matters.
const PLACEHOLDER_TALON: [Card; 2] = [
    Card::new(preferans::Suit::Spades, preferans::Rank::Seven),
    Card::new(preferans::Suit::Spades, preferans::Rank::Eight),
];

/// Seats and positions of one contract hand, from an observation.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sides {
    pub(crate) declarer: Seat,
    pub(crate) decl_pos: usize,
    /// The defenders in speaking order (W2: the first at the declarer's left): (seat,
    /// position); the seat is `None` for a Hussar dummy (H1), which makes no call.
    pub(crate) defenders: [(Option<Seat>, usize); 2],
    /// F3 `talon_push`: the declarer pushed the talon to the dealer (his mountain point).
    pub(crate) talon_pushed: bool,
}

impl Sides {
    /// The sides with `declarer` at position `decl_pos` (the others defend).
    pub(crate) fn with_declarer(o: &Observation, declarer: Seat, decl_pos: usize) -> Option<Sides> {
        let at = |p: usize| match o.hands.get(p)?.holder {
            Holder::Seat(s) => Some((Some(s), p)),
            Holder::Dummy => Some((None, p)),
            _ => None,
        };
        Some(Sides {
            declarer,
            decl_pos,
            defenders: [at((decl_pos + 1) % 3)?, at((decl_pos + 2) % 3)?],
            talon_pushed: o.history.iter().any(|(_, a)| *a == Some(Action::PushTalon)),
        })
    }

    /// Which defender is a Hussar dummy (H1).
    pub(crate) fn dummy(&self) -> [bool; 2] {
        self.defenders.map(|d| d.0.is_none())
    }
}

pub(crate) fn sides(o: &Observation) -> Option<Sides> {
    let declarer = o.declarer?;
    let decl_pos = (0..3).find(|p| o.hands.get(*p).map(|h| h.holder) == Some(Holder::Seat(declarer)))?;
    Sides::with_declarer(o, declarer, decl_pos)
}

/// The rules the bot scores with: the table's, or Sochi for this many players.
pub(crate) fn rules_for(rules: &Option<Rules>, players: u8) -> Option<Rules> {
    let mut r = match rules {
        Some(r) => r.clone(),
        None => Rules::preset("sochi").ok()?,
    };
    if r.players() != players {
        r.set("players", &players.to_string()).ok()?;
    }
    Some(r)
}

/// `me`'s settlement (in whists) of the sheet made of this hand alone.
pub(crate) fn my_result(rules: &Rules, o: &Observation, me: Seat, outcome: &HandOutcome) -> f64 {
    let talon = match o.talon.as_slice() {
        [a, b, ..] => [*a, *b],
        // Only F3 `dealer_talon_bonus` reads the talon, and it is shown whenever it counts.
        _ => PLACEHOLDER_TALON,
    };
    let ctx = HandContext {
        dealer: o.dealer,
        allpass_multiplier: 1,
        talon,
    };
    let mut sheet = Scoresheet::new(rules.players());
    sheet.record(rules, &ctx, outcome);
    let (num, den) = sheet.settlement(rules).exact(usize::from(me));
    num as f64 / den.max(1) as f64
}

/// `at(tricks)` weighed `1 − weight` to `weight` with `at(other)` (a sample's count and the
/// one its double-dummy optimism is hedged towards); `at(tricks)` alone without `other`.
pub(crate) fn blended(at: impl Fn(u8) -> f64, tricks: u8, other: Option<u8>, weight: f64) -> f64 {
    match other {
        Some(t) => (1.0 - weight) * at(tricks) + weight * at(t),
        None => at(tricks),
    }
}

/// W2: a second defender to whom the half-whist is open (the first passed a 6 or 7) does not
/// whist alone; `values` are the legal calls' simulated results (see `whist_by_simulation`).
pub(crate) fn lone_whist_barred(values: &[(Action, f64)], call: Action) -> bool {
    call == Action::Whist && values.iter().any(|v| v.0 == Action::HalfWhist)
}

/// The outcome of a contract whose whist round ended with `calls` (for the two defenders in
/// speaking order), played double-dummy to `declarer_tricks` when anyone whisted; the
/// defence's tricks are shared in proportion to `weights` (each defender's expected tricks).
pub(crate) fn outcome(
    s: &Sides,
    contract: Bid,
    calls: [WhistCall; 2],
    declarer_tricks: u8,
    weights: [f32; 2],
) -> HandOutcome {
    let whisted = calls.contains(&WhistCall::Whist);
    let half = calls.contains(&WhistCall::HalfWhist);
    let (resolution, tricks) = if whisted {
        (Resolution::Played, declarer_tricks)
    } else if half {
        (Resolution::HalfWhist, 0)
    } else {
        (Resolution::BothPassed, 0)
    };
    let defence_tricks = if whisted { 10 - tricks.min(10) } else { 0 };
    let [w1, w2] = weights.map(|w| w.max(0.0) + 0.25);
    let first = ((f32::from(defence_tricks) * w1 / (w1 + w2)).round() as u8).min(defence_tricks);
    let shares = [first, defence_tricks - first];
    let defender = |i: usize| DefenderOutcome {
        seat: s.defenders[i].0,
        call: calls[i],
        tricks: shares[i],
    };
    HandOutcome::Contract(ContractOutcome {
        declarer: s.declarer,
        contract,
        declarer_tricks: tricks,
        defenders: [defender(0), defender(1)],
        resolution,
        // H1: a Hussar defender plays both hands open.
        defence: whisted.then_some(if s.dummy().contains(&true) {
            DefenceMode::Open
        } else {
            DefenceMode::Closed
        }),
        dealer_whist: false,
        talon_pushed: s.talon_pushed,
        offer: None,
    })
}

pub(crate) fn call_of(a: Action) -> WhistCall {
    match a {
        Action::Whist => WhistCall::Whist,
        Action::HalfWhist => WhistCall::HalfWhist,
        _ => WhistCall::Pass,
    }
}

/// Whether the contract is played without a whist round, both defenders counting as whisters
/// (the engine's W5/W6 rule).
fn no_whist_round(rules: &Rules, contract: Bid) -> bool {
    !HandConfig::from_rules(rules).has_whist_round(contract)
}

/// The defenders' calls in a simulation: both whist where there is no whist round (W5–W7, as
/// the engine records it), else what the heuristic would call on their hands.
pub(crate) fn defence_calls(rules: &Rules, contract: Bid, s: &Sides, defender_hands: [CardSet; 2]) -> [WhistCall; 2] {
    if let Some(real) = s.dummy().iter().position(|d| !d) {
        if s.dummy().contains(&true) {
            // H1: only the Hussar defender speaks (whist or pass, no half-whist); the dummy
            // passes. Without a whist round (W5, W6) he whists.
            let mut calls = [WhistCall::Pass; 2];
            calls[real] = if no_whist_round(rules, contract) {
                WhistCall::Whist
            } else {
                call_of(whist_call(
                    defender_hands[real],
                    Some(contract),
                    &[Action::Whist, Action::Pass],
                ))
            };
            return calls;
        }
    }
    if no_whist_round(rules, contract) {
        [WhistCall::Whist, WhistCall::Whist]
    } else {
        heuristic_calls(contract, defender_hands)
    }
}

/// The legal calls of the second defender after the first's (W2, from the engine).
/// How much of a Hussar defender's simulated call (H1) is the better of whist and pass on the
/// sample rather than the heuristic's call. A review of 250 expert Hussar deals found a
/// quarter of the contracts unmakeable double-dummy: loose sixes bid on the heuristic
/// defender's passes. Against two experts without it (`pref match --players 2 --deals
/// 4000`): a quarter +0.72 ± 0.18 whists a deal (seed 1); half +0.76 ± 0.20 and +1.01 ±
/// 0.21 (seeds 1, 2), half against a quarter +0.17 ± 0.12; all +0.46 ± 0.23 and +0.78 ±
/// 0.24. Against the heuristic, which passes a lot, a quarter gives up 0.21 a deal, half
/// 0.58, all 1.32, and more hands are thrown in (docs/bots.md): a quarter is kept.
const HUSSAR_BEST_CALL: f64 = 0.25;

/// The declarer's result (for `me`, whose observation is `o`) on one sample where he takes
/// `tricks` in `bid`: the defenders call as `defence_calls` says; a Hussar defender (H1) a
/// quarter of the time takes the better of whist and pass on this sample (`HUSSAR_BEST_CALL`).
pub(crate) fn declarer_result(
    rules: &Rules,
    o: &Observation,
    me: Seat,
    sides: &Sides,
    bid: Bid,
    defender_hands: [CardSet; 2],
    tricks: u8,
) -> f64 {
    let calls = defence_calls(rules, bid, sides, defender_hands);
    let weights = defender_hands.map(|h| defence_tricks(h, bid.trump()));
    let result = my_result(rules, o, me, &outcome(sides, bid, calls, tricks, weights));
    let real = sides.dummy().iter().position(|d| !d);
    match real {
        Some(r) if sides.dummy().contains(&true) && !no_whist_round(rules, bid) => {
            let mut other = calls;
            other[r] = if calls[r] == WhistCall::Whist {
                WhistCall::Pass
            } else {
                WhistCall::Whist
            };
            let best = result.min(my_result(rules, o, me, &outcome(sides, bid, other, tricks, weights)));
            (1.0 - HUSSAR_BEST_CALL) * result + HUSSAR_BEST_CALL * best
        }
        _ => result,
    }
}

pub(crate) fn second_calls(contract: Bid, first: Action) -> &'static [Action] {
    if half_whist_allowed(contract, call_of(first)) {
        &[Action::Whist, Action::Pass, Action::HalfWhist]
    } else {
        &[Action::Whist, Action::Pass]
    }
}

/// The whist round as the heuristic defenders would play it with these hands (W2).
fn heuristic_calls(contract: Bid, hands: [CardSet; 2]) -> [WhistCall; 2] {
    let both = [Action::Whist, Action::Pass];
    let first = whist_call(hands[0], Some(contract), &both);
    let second = whist_call(hands[1], Some(contract), second_calls(contract, first));
    // After a half-whist the first defender speaks again.
    let again = whist_call(hands[0], Some(contract), &both);
    whist_round_calls(call_of(first), call_of(second), call_of(again))
}
