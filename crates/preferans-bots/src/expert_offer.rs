//! The expert's answer to an offer (P3): play on, or settle the rest of the hand as offered?
//! Sampled deals of the hidden cards (fitting the auction, as for the card play) are solved
//! double-dummy from the position as it stands; the offer is accepted when the declarer's
//! tricks it settles are at least as good for the answerer's side as the mean result of
//! playing on. (A trick count, not a score: the sides' interests in tricks are what P3 trades.)

use preferans::observation::{Holder, Observation};
use preferans::Action;
use preferans_solver::Objective;

use crate::expert::{known, play_state, ExpertBot, NODES_PER_SOLVE};
use crate::expert_fit::Fit;

/// Sampled deals per answer.
const OFFER_SAMPLES: usize = 16;

/// What the expert weighs when it answers an offer: the declarer's tricks if it is accepted
/// and the mean of playing on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OfferWeighed {
    /// The declarer's tricks in the hand if the offer is accepted (P3, the engine's share).
    pub settled: f64,
    /// The declarer's tricks in the hand played on: the mean over the solved samples.
    pub played_on: f64,
    /// Whether more declarer tricks are better for the answerer's side.
    pub more_is_better: bool,
    /// Every card known: one exact solve.
    pub exact: bool,
}

impl OfferWeighed {
    /// Whether accepting is at least as good for the answerer's side as playing on.
    pub(crate) fn accept(&self) -> bool {
        if self.more_is_better {
            self.settled >= self.played_on
        } else {
            self.settled <= self.played_on
        }
    }
}

impl ExpertBot {
    /// Accept or refuse the pending offer by simulation; `None` when there is no offer to
    /// answer or no sample could be solved (the heuristic then answers).
    pub(crate) fn answer_offer_by_simulation(&mut self, o: &Observation) -> Option<Action> {
        let answer = if self.weigh_offer(o)?.accept() {
            Action::Accept
        } else {
            Action::Refuse
        };
        o.legal_actions.contains(&answer).then_some(answer)
    }

    /// The pending offer weighed on sampled deals solved from the position as it stands;
    /// `None` when there is no offer to answer or no sample could be solved.
    pub(crate) fn weigh_offer(&mut self, o: &Observation) -> Option<OfferWeighed> {
        let offer = o.offer?;
        let me = o.seat?;
        let contract = o.contract?;
        let mover = usize::from(o.to_play?);
        let k = known(o);
        let declarer = k.declarer()?;
        let objective = if contract.is_misere() {
            Objective::Misere(declarer as u8)
        } else {
            Objective::Declarer(declarer as u8)
        };
        let settled = f64::from(o.hands.get(declarer)?.tricks + offer.declarer_share(o.tricks_done));
        let complete = k.all_hands_known();
        self.solver
            .set_node_limit(if complete { None } else { Some(NODES_PER_SOLVE) });
        let fit = if complete { None } else { Fit::of(o) };
        let (mut total, mut solved) = (0u64, 0u32);
        for _ in 0..if complete { 1 } else { OFFER_SAMPLES } {
            let Some(hands) = self.fitting_sample(&k, fit.as_ref()) else {
                break;
            };
            let state = play_state(o, &k, hands, mover, None);
            if let Ok(s) = self.solver.solve(&state, objective) {
                total += u64::from(s.tricks);
                solved += 1;
            }
        }
        if solved == 0 {
            return None;
        }
        // Is the answerer on the declarer's side? Then more declarer tricks are better for
        // him, except in a misère.
        let my_side_is_declarer = o.hands.get(declarer)?.holder == Holder::Seat(me);
        Some(OfferWeighed {
            settled,
            played_on: total as f64 / f64::from(solved),
            more_is_better: my_side_is_declarer != contract.is_misere(),
            exact: complete,
        })
    }
}
