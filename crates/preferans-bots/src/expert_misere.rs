//! The expert's misère by simulation. The discard before it (T1): each of the heuristic's best
//! few discards is played double-dummy on sampled deals of the others' cards (no whist round,
//! W7) and scored by the real scorer under the table's rules; the best mean wins. The bid
//! (A4): a hand with a dangerous card or two is weighed on the bidding samples.

use preferans::observation::{Holder, Observation};
use preferans::trick::Owner;
use preferans::{Action, Bid, Card, CardSet, PlayState};
use preferans_solver::Objective;

use crate::expert::{ExpertBot, NODES_PER_SOLVE};
use crate::expert_bid_score::BidSample;
use crate::expert_sim::{best_discards, defence_calls, my_result, outcome, rules_for, Sides};
use crate::heuristic::{misere_holes, my_hand};

/// Misère discards weighed (the heuristic's best few).
const MISERE_DISCARD_CANDIDATES: usize = 6;

/// A misère bid is weighed by simulation for hands with at most this many holes
/// (`misere_holes`); a hand with none bids it outright, a worse one never.
pub(crate) const MISERE_HOLES_WEIGHED: u32 = 2;

impl ExpertBot {
    /// T1 before a misère by simulation: each of the heuristic's best few discards is played
    /// double-dummy on sampled deals of the others' cards (misère: no whist round, W7) and
    /// scored by the real scorer; the best mean wins.
    pub(crate) fn misere_discard_by_simulation(&mut self, o: &Observation) -> Option<Action> {
        let means = self.misere_discard_means(o)?;
        let best = means.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
        Some(Action::Discard(best.0 .0, best.0 .1))
    }

    /// The heuristic's best few misère discards, each with its mean result for this seat
    /// (whists) over sampled deals played double-dummy (see
    /// [`ExpertBot::misere_discard_by_simulation`]); a lone candidate has no mean (0).
    pub(crate) fn misere_discard_means(&mut self, o: &Observation) -> Option<Vec<((Card, Card), f64)>> {
        let me = o.seat?;
        let rules = rules_for(&self.rules, o.players)?;
        let my_pos = o.hands.iter().position(|h| h.holder == Holder::Seat(me))?;

        let hand = my_hand(o);
        let candidates = misere_discard_candidates(o);
        if candidates.len() < 2 {
            return Some(candidates.into_iter().map(|c| (c, 0.0)).collect());
        }
        let others = [(my_pos + 1) % 3, (my_pos + 2) % 3];
        let mine_all = hand | o.talon.iter().copied().collect::<CardSet>() | o.discard.unwrap_or_default();
        let mut unknown: Vec<Card> = (CardSet::FULL - mine_all).iter().collect();
        if unknown.len() != 20 {
            return None;
        }
        let sides = Sides::with_declarer(o, me, my_pos)?;
        self.solver.set_node_limit(Some(NODES_PER_SOLVE));
        let mut totals = vec![0.0f64; candidates.len()];
        let mut n = 0u32;
        'sample: for _ in 0..self.sim_samples {
            let mut deal = self.deal_to_others(&mut unknown, others);
            let mut results = Vec::with_capacity(candidates.len());
            for (x, y) in &candidates {
                deal[my_pos] = hand - CardSet::from_iter([*x, *y]);
                let state = PlayState::first_lead(deal, Some(Bid::Misere), Some(my_pos as Owner));
                let Ok(solved) = self.solver.solve(&state, Objective::Misere(my_pos as Owner)) else {
                    continue 'sample;
                };
                let calls = defence_calls(&rules, Bid::Misere, &sides, [deal[others[0]], deal[others[1]]]);
                let played = outcome(&sides, Bid::Misere, calls, solved.tricks, [1.0, 1.0]);
                results.push(my_result(&rules, o, me, &played));
            }
            for (t, r) in totals.iter_mut().zip(results) {
                *t += r;
            }
            n += 1;
        }
        if n == 0 {
            return None;
        }
        Some(
            candidates
                .into_iter()
                .zip(totals)
                .map(|(c, t)| (c, t / f64::from(n)))
                .collect(),
        )
    }
}

/// The misère discards worth weighing: the heuristic's best few among the legal ones (the
/// least dangerous hand left, then the highest cards shed).
pub(crate) fn misere_discard_candidates(o: &Observation) -> Vec<(Card, Card)> {
    best_discards(o, MISERE_DISCARD_CANDIDATES, misere_discard_score)
}

/// The score of a misère discard among the few simulated: the fewest holes left, then the
/// highest cards shed.
fn misere_discard_score((x, y): (Card, Card), left: CardSet) -> f32 {
    -(misere_holes(left) as f32) + (x.rank().index() + y.rank().index()) as f32 * 0.01
}

impl ExpertBot {
    /// A misère's mean result for this seat over the bidding samples: on each, the talon
    /// taken, the heuristic's discard (the least dangerous ten left), one double-dummy solve
    /// with the real first lead, scored. Double-dummy defenders see his cards, which real ones
    /// do not: the estimate errs on the safe side. `None` without a scoring model or a solved
    /// sample.
    pub(crate) fn misere_mean(&mut self, o: &Observation, my_pos: usize, samples: &[BidSample]) -> Option<f64> {
        let me = o.seat?;
        let rules = rules_for(&self.rules, o.players)?;
        let hand = o.hands.get(my_pos)?.cards?;
        let others = [(my_pos + 1) % 3, (my_pos + 2) % 3];
        let sides = Sides::with_declarer(o, me, my_pos)?;
        self.solver.set_node_limit(Some(NODES_PER_SOLVE));
        let (mut total, mut n) = (0.0, 0u32);
        for smp in samples {
            let talon = CardSet::FULL - hand - smp.hands[others[0]] - smp.hands[others[1]];
            let mut deal = smp.hands;
            deal[my_pos] = least_dangerous_ten(hand | talon);
            let state = PlayState::first_lead(deal, Some(Bid::Misere), Some(my_pos as Owner));
            let Ok(solved) = self.solver.solve(&state, Objective::Misere(my_pos as Owner)) else {
                continue;
            };
            let calls = defence_calls(&rules, Bid::Misere, &sides, [deal[others[0]], deal[others[1]]]);
            let played = outcome(&sides, Bid::Misere, calls, solved.tricks, [1.0, 1.0]);
            total += my_result(&rules, o, me, &played);
            n += 1;
        }
        (n > 0).then(|| total / f64::from(n))
    }
}

/// The ten of `twelve` a misère declarer keeps by the heuristic (`misere_discard_score`).
fn least_dangerous_ten(twelve: CardSet) -> CardSet {
    let cards: Vec<Card> = twelve.iter().collect();
    let mut best = (f32::MIN, twelve);
    for (i, x) in cards.iter().enumerate() {
        for y in &cards[i + 1..] {
            let left = twelve - CardSet::from_iter([*x, *y]);
            let score = misere_discard_score((*x, *y), left);
            if score > best.0 {
                best = (score, left);
            }
        }
    }
    best.1
}
