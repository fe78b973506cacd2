//! The whist round (W2, W5, W6, W7) as pure functions: the hand state machine plays it with
//! them, and anything that simulates a round (the bots) asks them instead of knowing the rules.

use super::HandConfig;
use crate::bid::Bid;
use crate::outcome::WhistCall;
use crate::rules::TenTrick;

impl HandConfig {
    /// Whether `contract` gets a whist round: not a misère (W7), not a checked 10 (W6), not
    /// 6♠ under Stalingrad (W5) — those are played with both defenders counting as whisters
    /// (misère: without calls).
    pub fn has_whist_round(&self, contract: Bid) -> bool {
        let checked_ten = contract.level() == Some(10) && self.ten_trick == TenTrick::Checked;
        let stalingrad = contract == Bid::SIX_SPADES && self.stalingrad;
        !(contract.is_misere() || checked_ten || stalingrad)
    }
}

/// W2: the second defender may say half-whist when the first passed, against 6 or 7 (never
/// in Hussar, H1, which has one defender).
pub fn half_whist_allowed(contract: Bid, first: WhistCall) -> bool {
    first == WhistCall::Pass && contract.level().is_some_and(|l| l <= 7)
}

/// W2: the calls that end a round of two defenders (first, second), given the first's call,
/// the second's, and the first's answer when the second half-whisted: after a whist the
/// half-whister counts as having passed; after a pass the hand ends as a half-whist.
pub fn whist_round_calls(first: WhistCall, second: WhistCall, first_again: WhistCall) -> [WhistCall; 2] {
    match second {
        WhistCall::HalfWhist if first_again == WhistCall::Whist => [WhistCall::Whist, WhistCall::Pass],
        WhistCall::HalfWhist => [WhistCall::Pass, WhistCall::HalfWhist],
        _ => [first, second],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bid::Strain;
    use crate::Rules;

    #[test]
    fn w5_w6_w7_contracts_without_a_whist_round() {
        let mut rules = Rules::sochi();
        let cfg = HandConfig::from_rules(&rules);
        assert!(!cfg.has_whist_round(Bid::Misere));
        assert!(!cfg.has_whist_round(Bid::tricks(10, Strain::Hearts).unwrap()));
        assert!(cfg.has_whist_round(Bid::SIX_SPADES));
        rules.set("stalingrad", "true").unwrap();
        rules.set("ten_trick", "whisted").unwrap();
        let cfg = HandConfig::from_rules(&rules);
        assert!(!cfg.has_whist_round(Bid::SIX_SPADES));
        assert!(cfg.has_whist_round(Bid::tricks(10, Strain::Hearts).unwrap()));
    }

    #[test]
    fn w2_half_whist_and_the_calls_that_end_the_round() {
        let seven = Bid::tricks(7, Strain::Clubs).unwrap();
        assert!(half_whist_allowed(seven, WhistCall::Pass));
        assert!(!half_whist_allowed(seven, WhistCall::Whist));
        assert!(!half_whist_allowed(
            Bid::tricks(8, Strain::Clubs).unwrap(),
            WhistCall::Pass
        ));
        use WhistCall::{HalfWhist, Pass, Whist};
        assert_eq!(whist_round_calls(Pass, HalfWhist, Whist), [Whist, Pass]);
        assert_eq!(whist_round_calls(Pass, HalfWhist, Pass), [Pass, HalfWhist]);
        assert_eq!(whist_round_calls(Whist, Pass, Pass), [Whist, Pass]);
    }
}
