//! What a pass is worth when it may end the auction in an all-pass (A5): a bidder compares
//! his contracts with the all-pass that follows his pass when the others pass too, not with
//! nothing.
//!
//! Each bidding sample's all-pass is solved double-dummy once per player, that player against
//! the other two (the solver's all-pass objective); the three counts are scaled to the ten
//! tricks of the hand and scored by the real scorer for this seat. The paranoid counts are
//! each player's worst case, so a strong hand's all-pass is priced a little high, which is
//! the side a bidder should err on.

use preferans::observation::{Holder, Observation};
use preferans::outcome::HandOutcome;
use preferans::{Action, PlayState};
use preferans_solver::Objective;

use crate::expert::ExpertBot;
use crate::expert_bid_score::BidSample;
use crate::expert_sim::{my_result, rules_for, seat_of};
use crate::heuristic::would_open;

/// The positions whose calls decide whether this seat's pass ends in an all-pass: the other
/// bidders who have not passed yet (A4: a pass is final); `None` when one of them has bid,
/// so a pass leaves the contract to the others.
pub(crate) fn still_to_pass(o: &Observation, my_pos: usize) -> Option<Vec<usize>> {
    let mut pending = Vec::new();
    for pos in (0..o.hands.len()).filter(|p| *p != my_pos) {
        let Holder::Seat(seat) = o.hands[pos].holder else {
            return None;
        };
        let mut calls = o.history.iter().filter(|(who, _)| *who == seat).map(|(_, a)| *a);
        if calls.clone().any(|a| matches!(a, Some(Action::Bid(_)))) {
            return None;
        }
        if !calls.any(|a| a == Some(Action::Pass)) {
            pending.push(pos);
        }
    }
    Some(pending)
}

/// Ten tricks shared in proportion to `counts` (largest remainder; ties to the earlier
/// position); equal shares when every count is zero.
pub(crate) fn share_ten(counts: [u8; 3]) -> [u8; 3] {
    let weights = if counts.iter().all(|c| *c == 0) {
        [1, 1, 1]
    } else {
        counts.map(u32::from)
    };
    let total: u32 = weights.iter().sum();
    let mut shares = weights.map(|w| (w * 10 / total) as u8);
    let mut order = [0usize, 1, 2];
    order.sort_by_key(|p| std::cmp::Reverse(weights[*p] * 10 % total));
    let given: u8 = shares.iter().sum();
    for p in order.iter().take(usize::from(10 - given)) {
        shares[*p] += 1;
    }
    shares
}

impl ExpertBot {
    /// What a pass is worth to this seat over the bidding samples: on a sample where every
    /// bidder still to speak would pass too (by the heuristic's opening rule: `still_to_pass`),
    /// the all-pass that follows, scored; elsewhere nothing (the others play). `None` without a
    /// scoring model, when a pass cannot end in an all-pass, or without a solved sample.
    pub(crate) fn pass_value(&mut self, o: &Observation, my_pos: usize, samples: &[BidSample]) -> Option<f64> {
        let pending = still_to_pass(o, my_pos)?;
        let me = o.seat?;
        let rules = rules_for(&self.rules, o.players)?;
        let hand = o.hands.get(my_pos)?.cards?;
        let seats = [seat_of(o, 0)?, seat_of(o, 1)?, seat_of(o, 2)?];
        let mut total = 0.0;
        let mut n = 0u32;
        'samples: for smp in samples {
            if pending.iter().any(|p| would_open(smp.hands[*p])) {
                n += 1;
                continue;
            }
            let mut hands = smp.hands;
            hands[my_pos] = hand;
            let state = PlayState::first_lead(hands, None, None);
            let mut counts = [0u8; 3];
            for (p, count) in counts.iter_mut().enumerate() {
                match self.solver.solve(&state, Objective::AllPass(p as u8)) {
                    Ok(sol) => *count = sol.tricks,
                    Err(_) => continue 'samples,
                }
            }
            let mut tricks = [0u8; 4];
            for (p, t) in share_ten(counts).into_iter().enumerate() {
                tricks[usize::from(seats[p])] = t;
            }
            total += my_result(&rules, o, me, &HandOutcome::AllPass { tricks });
            n += 1;
        }
        (n > 0).then(|| total / f64::from(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn share_ten_keeps_ten_tricks_in_proportion() {
        assert_eq!(share_ten([4, 3, 3]), [4, 3, 3]);
        assert_eq!(share_ten([6, 6, 3]), [4, 4, 2]);
        assert_eq!(share_ten([0, 0, 0]), [4, 3, 3]);
        assert_eq!(share_ten([10, 0, 0]), [10, 0, 0]);
        assert_eq!(share_ten([5, 5, 5]), [4, 3, 3]);
        for a in 0..=10u8 {
            for b in 0..=10u8 {
                let s = share_ten([a, b, 10 - a.min(10)]);
                assert_eq!(s.iter().map(|x| u32::from(*x)).sum::<u32>(), 10);
            }
        }
    }
}
