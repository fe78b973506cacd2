//! The expert as the four-player dealer who may whist in the passers' place (F3
//! `dealer_whist_when_both_pass`): he looks at a defender's hand (it costs nothing and tells
//! him half the defence), then whists or passes by simulation — deals of the hidden cards
//! consistent with what he saw, each solved double-dummy and scored by the real scorer under
//! the table's rules, whisting (both defence hands his, laid open as W4) against passing.
//!
//! Each sample's whist is weighed with the declarer taking one trick more, as a defender's
//! whist is (`WHIST_ONE_TRICK_MORE`): the samples' declarers are weaker than real ones (they
//! need only fit the contract), and without it the dealer whisted too often. Against the
//! expert that never whists here (`pref match --players 4 -o dealer_whist_when_both_pass=true
//! --bots expert,heuristic --deals 4000 --seed 2`, paired by deal): no hedge −0.075 ± 0.032
//! whists a deal (125 deals changed), passers' samples held to the heuristic's pass −0.014 ±
//! 0.019, this hedge +0.003 ± 0.011, the declarer's sample a trick stronger +0.005 ± 0.013:
//! the dealer's whist is worth little to anyone, and the simulation now says so in its hints.

use preferans::observation::Observation;
use preferans::outcome::{ContractOutcome, DefenceMode, HandOutcome, Resolution, WhistCall};
use preferans::Action;

use crate::expert::{known, ExpertBot};
use crate::expert_fit::Fit;
use crate::expert_outcome::blended;
use crate::expert_sim::{my_result, outcome, rules_for, sides, WHIST_ONE_TRICK_MORE};
use crate::heuristic::defence_tricks;

impl ExpertBot {
    /// F3: the dealer's choice after both defenders passed — look first, then the better of
    /// whist and pass by simulation.
    pub(crate) fn dealer_whist_by_simulation(&mut self, o: &Observation) -> Option<Action> {
        if let Some(look) = o.legal_actions.iter().find(|a| matches!(a, Action::Look(_))) {
            return Some(*look);
        }
        let values = self.dealer_whist_values(o)?;
        values.iter().max_by(|a, b| a.1.total_cmp(&b.1)).map(|v| v.0)
    }

    /// F3: whist and pass, each with the dealer's mean result (whists) over the sampled deals;
    /// `None` before he looked or when no deal could be sampled.
    pub(crate) fn dealer_whist_values(&mut self, o: &Observation) -> Option<Vec<(Action, f64)>> {
        if !(o.legal_actions.contains(&Action::Whist) && o.legal_actions.contains(&Action::Pass)) {
            return None;
        }
        let contract = o.contract?;
        let s = sides(o)?;
        let rules = rules_for(&self.rules, o.players)?;
        let me = o.dealer;
        let k = known(o);
        let fit = Fit::of(o);
        let passed = [WhistCall::Pass; 2];
        let (mut whist, mut pass, mut n) = (0.0f64, 0.0f64, 0u32);
        for _ in 0..self.sim_samples {
            let Some(hands) = self.fitting_sample(&k, fit.as_ref()) else {
                continue;
            };
            let Some(tricks) = self.declarer_tricks(hands, contract, s.decl_pos) else {
                continue;
            };
            let weights = s.defenders.map(|d| defence_tricks(hands[d.1], contract.trump()));
            let passed_out = outcome(&s, contract, passed, 0, weights);
            let HandOutcome::Contract(unplayed) = &passed_out else {
                continue;
            };
            // Played open by the dealer (F3, W4) to `t` declarer's tricks: the defence's
            // tricks are all his.
            let at = |t: u8| {
                let mut defenders = unplayed.defenders;
                defenders[0].tricks = 10 - t;
                let played = ContractOutcome {
                    declarer_tricks: t,
                    defenders,
                    resolution: Resolution::Played,
                    defence: Some(DefenceMode::Open),
                    dealer_whist: true,
                    ..*unplayed
                };
                my_result(&rules, o, me, &HandOutcome::Contract(played))
            };
            whist += blended(
                at,
                tricks.min(10),
                (tricks < 10).then_some(tricks + 1),
                WHIST_ONE_TRICK_MORE,
            );
            pass += my_result(&rules, o, me, &passed_out);
            n += 1;
        }
        (n > 0).then(|| {
            vec![
                (Action::Whist, whist / f64::from(n)),
                (Action::Pass, pass / f64::from(n)),
            ]
        })
    }
}
