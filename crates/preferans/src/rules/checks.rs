//! The checks of a configuration: options that contradict each other (every rule set), and
//! options that would change nothing (a new game only).

use super::{End, Progression, Rules};
use crate::error::RulesError;

impl Rules {
    /// Checks that the options agree with each other.
    ///
    /// # Errors
    /// [`RulesError::Inconsistent`] naming the contradiction.
    pub fn validate(&self) -> Result<(), RulesError> {
        let o = &self.russian;
        let dealer_opts =
            o.dealer_whist_when_both_pass || o.dealer_allpass_talon || o.talon_push || o.dealer_talon_bonus;
        if dealer_opts && self.players != 4 {
            return Err(RulesError::Inconsistent(
                "the dealer options (F3) need players=4, where the dealer sits out".into(),
            ));
        }
        if o.allpass_cycle && o.allpass_progression_cap.is_none() {
            return Err(RulesError::Inconsistent(
                "allpass_cycle needs allpass_progression_cap".into(),
            ));
        }
        // S9: a pool total is what ends the game only with end=pool_sum; elsewhere it would
        // be silently ignored.
        if o.pool_total.is_some() && o.end != End::PoolSum {
            return Err(RulesError::Inconsistent("pool_total needs end=pool_sum".into()));
        }
        Ok(())
    }

    /// Checks that no all-pass option (X3, S6) was set where nothing it changes is played: a
    /// cap, a cycle, a scaled zero-trick point or a series kept after a failed contract, all
    /// without a progression (and, for the series and the cycle, without A6's
    /// `allpass_exit`). A new game refuses them rather than ignore them unsaid; records and
    /// stored tables, checked by [`Rules::validate`] only, still load with them.
    ///
    /// # Errors
    /// [`RulesError::Inconsistent`] naming the first option without effect.
    pub fn check_all_options_matter(&self) -> Result<(), RulesError> {
        let o = &self.russian;
        if o.allpass_progression != Progression::None {
            return Ok(());
        }
        let exit = !o.allpass_exit.is_empty();
        let idle = if o.allpass_zero_trick_pool_scales {
            Some("allpass_zero_trick_pool_scales has no effect without allpass_progression (S6)")
        } else if o.allpass_cycle && !exit {
            Some("allpass_cycle has no effect without allpass_progression or allpass_exit (X3)")
        } else if o.allpass_progression_cap.is_some() && !(o.allpass_cycle && exit) {
            Some(
                "allpass_progression_cap has no effect without allpass_progression (or allpass_cycle \
                 with allpass_exit) (X3)",
            )
        } else if !o.allpass_reset_on_failed_contract && !exit {
            Some("allpass_reset_on_failed_contract has no effect without allpass_progression or allpass_exit (X3)")
        } else {
            None
        };
        idle.map_or(Ok(()), |why| Err(RulesError::Inconsistent(why.into())))
    }
}
