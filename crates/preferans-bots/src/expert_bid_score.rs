//! The expert's bidding by score (A1): every contract weighed on the bidding samples with the
//! real scorer, and the limit of the bidding it gives.

use preferans::observation::Observation;
use preferans::{Bid, Strain};

use crate::expert::{BidSample, ExpertBot};
use crate::expert_sim::{defence_calls, my_result, outcome, rules_for, seat_of, Sides};
use crate::heuristic::defence_tricks;

impl ExpertBot {
    /// A1 by score: over the bidding samples, every contract is scored for this seat
    /// (declared after the talon; the defenders call as the heuristic would). In the strain
    /// of the best one, the highest contract whose mean result still beats `pass_value` (what
    /// passing is worth) is the limit of the bidding: `Some(Some(bid))`; `Some(None)` (pass)
    /// when no contract does; `None` without a scoring model (a Hussar dummy, no solved
    /// sample).
    pub(crate) fn bid_by_score(
        &mut self,
        o: &Observation,
        my_pos: usize,
        samples: &[BidSample],
        pass_value: f64,
    ) -> Option<Option<Bid>> {
        let means = self.contract_means(o, my_pos, samples)?;
        // The strain of the best contract, bid as high as it still gains: how far a player
        // goes when the auction is contested.
        let (best, value) = means.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1))?;
        if value <= pass_value {
            return Some(None);
        }
        let Bid::Tricks { strain, .. } = best else {
            return Some(None);
        };
        let highest = means
            .iter()
            .filter(|(b, v)| matches!(b, Bid::Tricks { strain: s, .. } if *s == strain) && *v > pass_value)
            .map(|(b, _)| *b)
            .max_by_key(|b| b.ladder());
        Some(highest.or(Some(best)))
    }

    /// Every trick contract with this seat's mean result as its declarer over the bidding
    /// samples (the defenders call as the heuristic would); `None` without a scoring model.
    pub(crate) fn contract_means(
        &mut self,
        o: &Observation,
        my_pos: usize,
        samples: &[BidSample],
    ) -> Option<Vec<(Bid, f64)>> {
        let me = o.seat?;
        let rules = rules_for(&self.rules, o.players)?;
        let others = [(my_pos + 1) % 3, (my_pos + 2) % 3];
        let sides = Sides {
            declarer: me,
            decl_pos: my_pos,
            defenders: [(seat_of(o, others[0])?, others[0]), (seat_of(o, others[1])?, others[1])],
        };
        // Mean result of every contract.
        let mut means: Vec<(Bid, f64)> = Vec::new();
        for strain in Strain::ALL {
            for level in 6..=10 {
                let bid = Bid::tricks(level, strain)?;
                let mut total = 0.0;
                let mut n = 0u32;
                for smp in samples {
                    let Some(t) = smp.tricks[strain as usize] else { continue };
                    let defender_hands = [smp.hands[others[0]], smp.hands[others[1]]];
                    let calls = defence_calls(&rules, bid, defender_hands);
                    let weights = defender_hands.map(|h| defence_tricks(h, bid.trump()));
                    total += my_result(&rules, o, me, &outcome(&sides, bid, calls, t, weights));
                    n += 1;
                }
                if n > 0 {
                    means.push((bid, total / f64::from(n)));
                }
            }
        }
        Some(means)
    }
}
