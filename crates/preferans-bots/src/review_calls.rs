//! Post-game review of the decisions before the card play, by simulation: every trick bid or
//! pass in the auction (A2), whist call (W2), discard (T1) and declared contract (T2) of a
//! record is weighed from what its player knew (his observation), with the expert's
//! simulation — sampled deals, solved double-dummy, scored by the real scorer under the
//! record's rules — and reported when it cost at least a threshold in whists (the mean
//! settlement against the best choice).
//!
//! The auction is judged as the expert bids: a bid is worth the best contract at or above it
//! (he may still declare any of them); a pass is worth nothing once someone has bid, and
//! before that the all-pass on the samples where everyone still to speak would pass too
//! (`expert_allpass.rs`) — the rest of the auction is not modelled further. Misère bids are
//! not weighed.

use preferans::record::Record;
use preferans::russian::PhaseKind;
use preferans::{Action, Bid, CardSet, HandState, Seat, Viewer};

use crate::expert_sim::{discard_candidates, lone_whist_barred};
use crate::review::walk_record;
use crate::ExpertBot;

/// A call that cost whists, by simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct CallMistake {
    /// 1-based hand number.
    pub hand: u32,
    /// 0-based action index in the hand.
    pub index: usize,
    /// Who made it.
    pub seat: Seat,
    /// What he chose.
    pub chosen: Action,
    /// The best choice by the simulation.
    pub best: Action,
    /// Mean whists lost against the best choice.
    pub cost: f64,
}

/// Each legal choice at this decision with the player's mean result, or `None` for
/// decisions this review does not weigh.
pub(crate) fn values(bot: &mut ExpertBot, o: &preferans::Observation, chosen: Action) -> Option<Vec<(Action, f64)>> {
    let me = o.seat?;
    bot.begin_decision(o);
    match (o.phase, chosen) {
        (PhaseKind::Whist, Action::Whist | Action::Pass | Action::HalfWhist) => bot.whist_values(o),
        (PhaseKind::Discard, Action::Discard(x, y)) => {
            let (_, highest) = o.highest_bid?;
            if highest.is_misere() {
                return None;
            }
            let hand = crate::heuristic::my_hand(o);
            let mut pairs = vec![(x, y)];
            pairs.extend(discard_candidates(o).into_iter().filter(|p| *p != (x, y)));
            let kept: Vec<CardSet> = pairs.iter().map(|(a, b)| hand - CardSet::from_iter([*a, *b])).collect();
            // The deals the expert itself weighs its discard and contract on.
            bot.rng = bot.contract_stream(o);
            let by_contract = bot.contract_values(o, me, highest, &kept, None, None)?;
            // A discard is worth its best contract.
            let mut out: Vec<(Action, f64)> = Vec::new();
            for (i, (a, b)) in pairs.iter().enumerate() {
                let best = by_contract
                    .iter()
                    .filter(|((j, _), _)| *j == i)
                    .map(|(_, v)| *v)
                    .fold(f64::NEG_INFINITY, f64::max);
                if best.is_finite() {
                    out.push((Action::Discard(*a, *b), best));
                }
            }
            Some(out)
        }
        (PhaseKind::Declare, Action::Declare(Bid::Tricks { strain, .. })) => {
            let (_, highest) = o.highest_bid?;
            let hand = crate::heuristic::my_hand(o);
            bot.rng = bot.contract_stream(o);
            let by_contract = bot.contract_values(o, me, highest, &[hand], Some(strain), None)?;
            Some(
                by_contract
                    .into_iter()
                    .map(|((_, bid), v)| (Action::Declare(bid), v))
                    .collect(),
            )
        }
        (PhaseKind::Auction, Action::Pass | Action::Bid(Bid::Tricks { .. } | Bid::Misere)) => {
            // A bid commits to declaring at least its rank: it is worth the best contract at
            // or above it; a pass is worth what the expert's own bidding says; a misère (A4,
            // when legal) what the expert's misère simulation says, whatever the hand.
            let my_pos = o
                .hands
                .iter()
                .position(|h| h.holder == preferans::observation::Holder::Seat(me))?;
            let samples = bot.own_bid_samples(o);
            let means = bot.contract_means(o, my_pos, &samples)?;
            let pass = bot.pass_value(o, my_pos, &samples).unwrap_or(0.0);
            let worth = |rank: u8| {
                means
                    .iter()
                    .filter(|(b, _)| b.ladder() >= rank)
                    .map(|(_, v)| *v)
                    .fold(f64::NEG_INFINITY, f64::max)
            };
            let lowest = crate::heuristic::lowest_trick_bid(&o.legal_actions)?;
            let mut out = vec![(Action::Pass, pass)];
            match chosen {
                Action::Bid(b) if !b.is_misere() => out.push((chosen, worth(b.ladder()))),
                _ => out.push((Action::Bid(lowest), worth(lowest.ladder()))),
            }
            if o.legal_actions.contains(&Action::Bid(Bid::Misere)) {
                if let Some(v) = bot.misere_mean(o, my_pos, &samples) {
                    out.push((Action::Bid(Bid::Misere), v));
                }
            }
            Some(out.into_iter().filter(|(_, v)| v.is_finite()).collect())
        }
        _ => None,
    }
}

/// The best of the weighed choices. A lone whist beside an open half-whist is never the best
/// (W2): the expert never makes it, and the Hint button ranks it last, because the simulation
/// rates it too high (its whister knows the declarer's discard); the review judges as they do.
fn best_choice(vals: &[(Action, f64)]) -> Option<(Action, f64)> {
    vals.iter()
        .copied()
        .filter(|v| !lone_whist_barred(vals, v.0))
        .max_by(|x, y| x.1.total_cmp(&y.1))
}

/// Reviews every whist call, discard and contract of a (valid) record with `samples` sampled
/// deals per decision; reports those that cost at least `threshold` whists.
///
/// # Errors
/// When the record does not replay.
pub fn review_calls(
    record: &Record,
    threshold: f64,
    samples: usize,
    progress: impl FnMut(usize, usize),
) -> Result<Vec<CallMistake>, String> {
    let rules = record.build_rules().map_err(|e| e.to_string())?;
    let mut bot = ExpertBot::new(crate::adviser_seed(record.seed.unwrap_or(0)), 1).with_rules(&rules);
    bot.sim_samples = samples.max(1);
    let mut out = Vec::new();
    walk_record(record, progress, |m, hand, index, a| {
        let o = m.current_hand().map(|h| h.observation(Viewer::Seat(a.seat)));
        let Some(vals) = o.and_then(|o| values(&mut bot, &o, a.action)) else {
            return Ok(());
        };
        let chosen = vals.iter().find(|v| v.0 == a.action).map(|v| v.1);
        let best = best_choice(&vals);
        if let (Some(chosen), Some((best_action, best))) = (chosen, best) {
            let cost = best - chosen;
            // A cost that rounds to 0.0 whists (as printed) is no mistake, whatever the threshold.
            if best_action != a.action && cost >= threshold.max(0.05) {
                out.push(CallMistake {
                    hand,
                    index,
                    seat: a.seat,
                    chosen: a.action,
                    best: best_action,
                    cost,
                });
            }
        }
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::tests::{record_of, record_of_match};
    use crate::{bot_by_name, Bot};
    use preferans::{Match, Rules};

    #[test]
    fn w2_a_lone_whist_beside_an_open_half_whist_is_never_the_best_call() {
        // The simulation rates the lone whist highest; the review, like the expert and the
        // Hint button, names the half-whist.
        let vals = [(Action::Whist, 5.0), (Action::Pass, 0.0), (Action::HalfWhist, 2.0)];
        assert_eq!(best_choice(&vals), Some((Action::HalfWhist, 2.0)));
        // Without a half-whist open, the whist is judged by its value.
        let vals = [(Action::Whist, 5.0), (Action::Pass, 0.0)];
        assert_eq!(best_choice(&vals), Some((Action::Whist, 5.0)));
    }

    /// T1: the review weighs a discard on the deals the expert weighed it on, so the value it
    /// gives the expert's own candidate is the expert's (it used other deals before).
    #[test]
    fn t1_the_review_values_a_discard_as_the_expert_did() {
        let discards = crate::review::tests::trick_contract_discards(0..40);
        assert!(discards.len() >= 10, "only {} discards", discards.len());
        for (seed, _, o) in discards {
            let mut expert = ExpertBot::new(seed, 8);
            expert.begin_decision(&o);
            let (pairs, by_contract) = expert
                .discard_values(&o, o.seat.unwrap(), o.highest_bid.unwrap().1)
                .unwrap();
            let (x, y) = pairs[0];
            let expert_value = by_contract
                .iter()
                .filter(|((i, _), _)| *i == 0)
                .map(|(_, v)| *v)
                .fold(f64::NEG_INFINITY, f64::max);
            let reviewed = values(&mut ExpertBot::new(seed, 8), &o, Action::Discard(x, y)).unwrap();
            assert_eq!(reviewed[0], (Action::Discard(x, y), expert_value), "seed {seed}");
        }
    }

    /// A2, W2, T1, T2: the review values each call as the Hint button did at that turn (the
    /// same adviser seed and number of deals, `adviser`), so a player who calls as the hint
    /// says is never told that his call cost whists. (With the review's own seed, as before,
    /// seat 0's hinted 6♠ in hand 5 here was reported as costing 20 whists against a pass;
    /// with the adviser's 8 deals against the review's 16, a hinted whist and a contract.)
    #[test]
    fn a2_w2_t1_t2_a_call_taken_from_the_hint_is_no_mistake_in_the_review() {
        let seed = 7;
        let rules = Rules::sochi();
        let mut m = Match::new(rules.clone(), seed, 0, Some(30));
        let mut bots: Vec<Box<dyn Bot + Send>> = (0..3).map(|s| bot_by_name("heuristic", s).unwrap()).collect();
        // (1-based hand number, action index) of each call seat 0 took from the hint, and
        // the kinds of decision among them.
        let mut hinted = Vec::new();
        let mut phases = Vec::new();
        while let Some(h) = m.current_hand() {
            let seat = h.to_move().unwrap();
            let o = h.observation(Viewer::Seat(seat));
            let call = matches!(
                o.phase,
                PhaseKind::Auction | PhaseKind::Whist | PhaseKind::Discard | PhaseKind::Declare
            );
            let a = if seat == 0 && call && o.legal_actions.len() > 1 {
                hinted.push((m.finished_hands().len() as u32 + 1, h.history().len()));
                phases.push(o.phase);
                crate::hints::hints(&o, &mut crate::adviser(seed, 40, &rules))[0].action
            } else {
                bots[seat as usize].choose(&o).unwrap()
            };
            m.apply(seat, a).unwrap();
        }
        assert!(hinted.len() >= 30, "only {} hinted calls", hinted.len());
        for p in [PhaseKind::Whist, PhaseKind::Discard, PhaseKind::Declare] {
            assert!(phases.contains(&p), "no hinted {p:?} call: {phases:?}");
        }
        let record = record_of_match(&m, "heuristic");
        let mistakes = review_calls(&record, 0.0, crate::ADVISER_SAMPLES, |_, _| {}).unwrap();
        let reported: Vec<_> = mistakes
            .iter()
            .filter(|x| hinted.contains(&(x.hand, x.index)))
            .collect();
        assert!(reported.is_empty(), "hinted calls reported: {reported:?}");
        // The review does weigh the heuristic's calls at this threshold.
        assert!(
            mistakes
                .iter()
                .any(|x| x.seat != 0 && matches!(x.chosen, Action::Bid(_))),
            "{mistakes:?}"
        );
    }

    #[test]
    fn random_calls_are_caught_and_every_reported_cost_is_positive() {
        let record = record_of("random", 5, 12);
        let mut calls = 0;
        let mistakes = review_calls(&record, 0.5, 6, |_, _| calls += 1).unwrap();
        assert!(calls > 0);
        assert!(!mistakes.is_empty(), "random whists and contracts cost whists");
        assert!(
            mistakes.iter().any(|x| matches!(x.chosen, Action::Bid(_))),
            "random bids cost whists: {mistakes:?}"
        );
        for x in &mistakes {
            assert!(x.cost >= 0.5 && x.best != x.chosen, "{x:?}");
            assert!(matches!(
                x.chosen,
                Action::Whist
                    | Action::Pass
                    | Action::HalfWhist
                    | Action::Discard(..)
                    | Action::Declare(_)
                    | Action::Bid(_)
            ));
        }
        // A higher threshold reports no more.
        assert!(review_calls(&record, 5.0, 6, |_, _| {}).unwrap().len() <= mistakes.len());
    }
}
