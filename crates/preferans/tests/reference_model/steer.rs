//! Steering the random hands of the reference-model test: the biased choice of an action
//! (so that the rare branches come up), the counts of the branches reached, and the minimum
//! counts the test asserts.

use preferans::outcome::Resolution;
use preferans::{Action, Bid, HandOutcome, WhistCall};

use super::model::{Model, Phase};
use super::{Counts, Rng, Table};

/// A random legal action, biased so that the rare branches come up.
pub fn choose(t: &Table, m: &Model, legal: &[Action], rng: &mut Rng) -> Action {
    let has = |a: Action| legal.contains(&a);
    let any = |rng: &mut Rng| rng.pick(legal);
    match m.phase {
        Phase::Auction(_) => {
            let highest = m.highest.map(|(b, _)| b);
            let hold = highest.map(Action::Bid).filter(|a| has(*a));
            let miseres: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Bid(b) if b.is_misere()))
                .collect();
            let pass_pct = if highest.is_some() {
                t.pass_pct.max(60)
            } else {
                t.pass_pct
            };
            if let (Some(h), true) = (hold, rng.pct(35)) {
                return h;
            }
            if !miseres.is_empty() && rng.pct(10) {
                return rng.pick(&miseres);
            }
            let bids: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Bid(_)) && Some(*a) != hold)
                .collect();
            if bids.is_empty() || rng.pct(pass_pct) {
                return Action::Pass;
            }
            if rng.pct(80) {
                bids[0]
            } else {
                rng.pick(&bids)
            }
        }
        Phase::Declare if rng.pct(70) => legal[0],
        Phase::WhistSecond if has(Action::HalfWhist) && rng.pct(40) => Action::HalfWhist,
        Phase::WhistFirst | Phase::WhistSecond | Phase::WhistFirstAgain | Phase::HussarWhist => {
            if rng.pct(t.whist_pass_pct) {
                Action::Pass
            } else {
                Action::Whist
            }
        }
        Phase::DealerLook if rng.pct(70) => legal[1 + rng.below(2)],
        Phase::DealerLook => Action::Pass,
        Phase::Play => {
            if m.pending.is_some() {
                return if rng.pct(t.accept_pct) {
                    Action::Accept
                } else {
                    Action::Refuse
                };
            }
            let (offers, cards): (Vec<Action>, Vec<Action>) = legal.iter().partition(|a| matches!(a, Action::Offer(_)));
            if !offers.is_empty() && rng.pct(t.offer_pct) {
                rng.pick(&offers)
            } else {
                rng.pick(&cards)
            }
        }
        _ => any(rng),
    }
}

/// Counts the branch an action takes, from the model's state before it.
pub fn count_action(m: &Model, a: Action, counts: &mut Counts) {
    let mut bump = |k: &'static str| *counts.entry(k).or_default() += 1;
    let level = m.contract.and_then(Bid::level);
    match (m.phase, a) {
        (Phase::HussarWhist, Action::Whist) => bump("H1 defender whists"),
        (Phase::HussarWhist, _) => bump("H1 defender passes"),
        _ => {}
    }
    match (m.phase, a) {
        (Phase::Auction(p), _) => {
            if m.misere_by.is_some() {
                bump("A4 a turn with a misère bid standing");
            }
            let Action::Bid(b) = a else { return };
            match m.highest {
                Some((h, _)) if h == b && p != 0 => bump("A3 hold by a later hand (seniority)"),
                Some((h, _)) if h == b => bump("A3 hold by the eldest"),
                Some((h, by)) if m.misere_by == Some(by) && b.ladder() > h.ladder() => bump("A4 misère outbid"),
                Some((h, _)) if b.ladder() > h.ladder() + 1 => bump("A2 jump"),
                None if m.min_opening.is_some_and(|x| x.ladder() >= Bid::Misere.ladder()) => {
                    bump("A6 opening at a minimum of misère or above")
                }
                None if m.min_opening.is_some() => bump("A6 opening with a minimum"),
                _ => {}
            }
            match b {
                Bid::Misere => bump("A4 misère bid"),
                Bid::MisereNoTalon => bump("P4 misère without talon bid"),
                _ => {}
            }
        }
        (Phase::TalonChoice, Action::TakeTalon) => bump("F3 take the talon"),
        (Phase::TalonChoice, Action::PushTalon) => bump("F3 push the talon"),
        (Phase::Declare, Action::Declare(b)) if m.highest.is_some_and(|(h, _)| h != b) => {
            bump("T2 declare above the bid")
        }
        (Phase::WhistFirst | Phase::HussarWhist, _) if level == Some(10) => bump("W6 whisted ten: whist round"),
        (Phase::WhistSecond, Action::HalfWhist) => bump("W2 half-whist"),
        (Phase::WhistFirstAgain, Action::Whist) => bump("W2 whist after a half-whist"),
        (Phase::DealerLook, Action::Look(_)) => bump("F3 dealer looks"),
        (Phase::DealerLook, Action::Pass) => bump("F3 dealer passes without looking"),
        (Phase::DealerWhist, Action::Whist) => bump("F3 dealer whists"),
        (Phase::DealerWhist, Action::Pass) => bump("F3 dealer passes after looking"),
        (Phase::DefenceChoice(_), Action::Open) => bump("W4 open"),
        (Phase::DefenceChoice(_), Action::Closed) => bump("W4 closed"),
        (Phase::Play, _) => count_play(m, a, &mut bump),
        _ => {}
    }
}

/// Counts the branch of a play-phase action.
fn count_play(m: &Model, a: Action, bump: &mut impl FnMut(&'static str)) {
    let seat = m.controller[m.to_play];
    if m.pending.is_none() && m.offers_ok && seat.is_some_and(|s| m.offered.contains(&s)) {
        bump("P3 no second offer by a seat in the trick");
    }
    match a {
        Action::Offer(_) => {
            bump("P3 offer");
            if m.to_play != m.declarer {
                bump("P3 offer by the defence");
                if seat == m.seat_of[m.to_play] && m.calls[m.to_play] == WhistCall::Pass && !m.dealer_whist {
                    bump("P3 offer by a closed passer");
                }
            }
            if m.contract.is_some_and(|c| c.is_misere()) {
                bump("P3 offer in misère");
            }
        }
        Action::Accept => {
            let p = m.pending.as_ref().expect("an offer");
            if p.next + 1 == p.answerers.len() {
                bump("P3 offer accepted");
            }
            if p.next == 1 {
                bump("P3 second answerer accepts");
            }
        }
        Action::Refuse => bump("P3 offer refused"),
        Action::Play(c) => {
            if let Some(&(_, first)) = m.trick.first() {
                if m.trump == Some(c.suit()) && first.suit() != c.suit() {
                    bump("R6 trump on a plain lead");
                } else if first.suit() != c.suit() {
                    bump("R6 any card");
                }
            }
            if m.allpass && m.tricks_done < 2 && m.o.allpass_talon_lead {
                bump("X2 card to a talon-led trick");
            }
            if m.seat_of[m.to_play].is_none() {
                bump("H1 dummy card played by the defender");
            } else if seat != m.seat_of[m.to_play] {
                bump("W4 F3 card played for another seat's hand");
            }
        }
        _ => {}
    }
}

/// Counts the kinds of finished hands.
pub fn count_outcome(m: &Model, counts: &mut Counts) {
    let mut bump = |k: &'static str| *counts.entry(k).or_default() += 1;
    bump("hands");
    match &m.outcome {
        Some(HandOutcome::ThrownIn) => bump("H3 thrown in"),
        Some(HandOutcome::AllPass { .. }) => {
            bump(if m.o.allpass_talon_lead {
                "X2 all-pass with talon leads"
            } else {
                "X2 all-pass with a closed talon"
            });
            if m.dealer_tricks > 0 {
                bump("F3 dealer took a talon trick");
            }
        }
        Some(HandOutcome::Contract(c)) => {
            bump(match c.resolution {
                Resolution::Played => "contract played out",
                Resolution::BothPassed => "W3 both passed",
                Resolution::HalfWhist => "W2 half-whist ends the hand",
                Resolution::Offer => "P3 ended by an offer",
            });
            match c.contract {
                Bid::Misere => bump("W7 misère"),
                Bid::MisereNoTalon => bump("P4 misère without talon"),
                b if b.level() == Some(10) && m.o.ten_trick_checked => bump("W6 checked ten"),
                b if b == Bid::SIX_SPADES && m.o.stalingrad => bump("W5 stalingrad"),
                _ => {}
            }
        }
        None => {}
    }
}

/// The branches each random run must reach, as a minimum count per 10,000 hands (about a
/// third of what the seeds reach), and the numbers of players they are asked of.
const REACHED: &[(&str, u64, &[u8])] = &[
    ("A2 a bid below the highest refused", 1500, &[2, 3, 4]),
    ("A2 jump", 200, &[2, 3, 4]),
    ("A3 hold by a later hand (seniority)", 15, &[3, 4]),
    ("A3 hold by the eldest", 100, &[2, 3, 4]),
    ("A4 a turn with a misère bid standing", 400, &[2, 3, 4]),
    ("A4 misère bid", 450, &[2, 3, 4]),
    ("A4 misère outbid", 100, &[2, 3, 4]),
    ("A6 opening at a minimum of misère or above", 250, &[2, 3, 4]),
    ("A6 opening with a minimum", 400, &[2, 3, 4]),
    ("F3 dealer looks", 40, &[4]),
    ("F3 dealer passes after looking", 20, &[4]),
    ("F3 dealer passes without looking", 10, &[4]),
    ("F3 dealer took a talon trick", 100, &[4]),
    ("F3 dealer whists", 20, &[4]),
    ("F3 push the talon", 350, &[4]),
    ("F3 take the talon", 350, &[4]),
    ("H1 defender passes", 400, &[2]),
    ("H1 defender whists", 400, &[2]),
    ("H1 dummy card played by the defender", 5000, &[2]),
    ("H3 thrown in", 1000, &[2]),
    ("P3 no second offer by a seat in the trick", 800, &[2, 3, 4]),
    ("P3 offer accepted", 500, &[2, 3, 4]),
    ("P3 offer by a closed passer", 100, &[3, 4]),
    ("P3 offer by the defence", 800, &[2, 3, 4]),
    ("P3 offer in misère", 500, &[2, 3, 4]),
    ("P3 offer refused", 800, &[2, 3, 4]),
    ("P3 second answerer accepts", 80, &[3, 4]),
    ("P4 misère without talon bid", 150, &[2, 3, 4]),
    ("P4 misère without talon", 100, &[2, 3, 4]),
    ("R6 a held card that may not be played refused", 1000, &[2, 3, 4]),
    ("R6 trump on a plain lead", 700, &[2, 3, 4]),
    ("T2 declare above the bid", 300, &[2, 3, 4]),
    ("W2 half-whist", 80, &[3, 4]),
    ("W2 half-whist ends the hand", 50, &[3, 4]),
    ("W2 whist after a half-whist", 35, &[3, 4]),
    ("W3 both passed", 250, &[2, 3, 4]),
    ("W4 F3 card played for another seat's hand", 1000, &[3, 4]),
    ("W4 closed", 200, &[3, 4]),
    ("W4 open", 200, &[3, 4]),
    ("W5 stalingrad", 90, &[2, 3, 4]),
    ("W6 checked ten", 200, &[2, 3, 4]),
    ("W6 whisted ten: whist round", 150, &[2, 3, 4]),
    ("W7 misère", 300, &[2, 3, 4]),
    ("X2 all-pass with a closed talon", 350, &[3, 4]),
    ("X2 all-pass with talon leads", 400, &[3, 4]),
    ("X2 card to a talon-led trick", 2000, &[3, 4]),
    ("a legal action by a seat not to move refused", 10000, &[2, 3, 4]),
    ("illegal action refused", 20000, &[2, 3, 4]),
];

/// Prints the counts and asserts the minimum of every branch asked of `players`.
pub fn check_reached(players: u8, counts: &Counts) {
    eprintln!("{players} players:");
    for (k, v) in counts {
        eprintln!("  {k:>48}: {v}");
    }
    let hands = counts.get("hands").copied().unwrap_or(0);
    for &(k, per_10k, who) in REACHED {
        if who.contains(&players) {
            let got = counts.get(k).copied().unwrap_or(0);
            let min = per_10k * hands / 10_000;
            assert!(
                got >= min,
                "{players} players: '{k}' reached {got} times, fewer than {min}"
            );
        }
    }
}
