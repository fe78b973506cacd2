//! Samples that fit what the auction and the whist round said (issue 5): the expert's deals
//! of the hidden cards must not only respect the cards seen and the voids shown, but also be
//! deals on which the players would have bid and called as they did — judged with the
//! heuristic's own hand estimates, leniently (a sample is rejected only when a hand is clearly
//! out of line), and given up after [`FIT_TRIES`] tries (then the nearest try, brought nearer by
//! swaps, `nearer` in expert.rs).
//!
//! - The declarer of a trick contract holds a hand worth at least one trick less than his
//!   level (A1, T2) and, in a suit contract, at least [`MIN_TRUMPS`] trumps.
//! - A defender who whisted (W2) has at least some defence; one who passed not a lot of it.
//! - The original hands are the sampled cards plus the cards each hand already played (the
//!   engine's observation says who played which card).

use preferans::observation::{Holder, Observation};
use preferans::outcome::WhistCall;
use preferans::{Action, CardSet, Suit};

use crate::heuristic::{defence_tricks, estimate_tricks, whist_need};

/// Tries per sample before any consistent deal is taken. With 16, one sample in three or
/// four was the fallback — a deal that fits nothing, such as a 6♥ declarer without a heart —
/// and those decided a review's whists (the lone whist on ♠10 ♣J109 ♦J1098 ♥K10). A try
/// costs a deal and three hand estimates, far less than the solve each sample gets; 400 tries
/// and the trump rule below took +0.77 ± 0.18 whists a deal against the expert with 16
/// (docs/bots.md).
pub(crate) const FIT_TRIES: usize = 400;

/// The fewest trumps a sampled declarer of a suit contract holds (his ten cards after the
/// discard): a player declares a suit he is long in.
pub(crate) const MIN_TRUMPS: u32 = 4;

/// What a sampled deal must satisfy, by hand position.
#[derive(Clone, Debug)]
pub(crate) struct Fit {
    trump: Option<Suit>,
    /// The declarer's position and the least estimate of his hand.
    declarer: Option<(usize, f32)>,
    /// Defenders whose cards are sampled: (position, call, the contract's defence need).
    defenders: Vec<(usize, WhistCall, f32)>,
    /// Cards each position already played.
    played: [CardSet; 3],
}

impl Fit {
    /// The constraints of a contract hand (`None` for all-pass and misère, where the auction
    /// says little about the cards in play).
    pub(crate) fn of(o: &Observation) -> Option<Fit> {
        let contract = o.contract?;
        let level = contract.level()?;
        let trump = contract.trump();
        let position = |h: Holder| o.hands.iter().position(|v| v.holder == h);
        let decl = position(Holder::Seat(o.declarer?))?;
        let hidden = |p: usize| o.hands.get(p).is_some_and(|v| v.cards.is_none());
        let declarer = hidden(decl).then_some((decl, f32::from(level) - 1.0));
        // W5 / W6: only calls a defender made himself say something of his cards (a forced
        // whist — Stalingrad, a checked ten — says nothing).
        let after_declare = o
            .history
            .iter()
            .position(|(_, a)| matches!(a, Some(Action::Declare(_))))
            .map_or(o.history.len(), |i| i + 1);
        let spoke = |p: usize| match o.hands[p].holder {
            Holder::Seat(s) => o.history[after_declare..]
                .iter()
                .any(|(w, a)| *w == s && matches!(a, Some(Action::Whist | Action::Pass | Action::HalfWhist))),
            _ => false,
        };
        let defenders = (0..o.hands.len().min(3))
            .filter(|p| *p != decl && hidden(*p) && spoke(*p))
            .filter(|p| matches!(o.hands[*p].call, WhistCall::Whist | WhistCall::Pass))
            .map(|p| (p, o.hands[p].call, whist_need(Some(contract))))
            .collect::<Vec<_>>();
        if declarer.is_none() && defenders.is_empty() {
            return None;
        }
        Some(Fit {
            trump,
            declarer,
            defenders,
            played: [0, 1, 2].map(|p| o.hands.get(p).map_or(CardSet::EMPTY, |v| v.played)),
        })
    }

    /// Whether a sampled deal (by position) fits.
    #[cfg(test)]
    pub(crate) fn accepts(&self, hands: &[CardSet; 3]) -> bool {
        self.misfit(hands) == 0.0
    }

    /// How far a sampled deal is from fitting, in tricks of the hand estimates (0: it fits).
    /// When no try fits (an 8 or 9 declared on a hand few random hands match), the nearest
    /// sample stands in, not an arbitrary one: a random declarer for a 9 goes down three or
    /// four tricks and made a review's whist hints read +100 whists where the 9 was cold.
    pub(crate) fn misfit(&self, hands: &[CardSet; 3]) -> f32 {
        let original = |p: usize| hands[p] | self.played[p];
        let mut off = 0.0;
        if let Some((p, least)) = self.declarer {
            off += (least - estimate_tricks(original(p), self.trump)).max(0.0);
            if let Some(t) = self.trump {
                off += MIN_TRUMPS.saturating_sub(original(p).count_in(t)) as f32;
            }
        }
        for &(p, call, need) in &self.defenders {
            let d = defence_tricks(original(p), self.trump);
            off += match call {
                WhistCall::Whist => (need * 0.6 - d).max(0.0),
                WhistCall::Pass => (d - (need * 1.6 + 0.5)).max(0.0),
                _ => 0.0,
            };
        }
        off
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use preferans::russian::HandConfig;
    use preferans::{Card, Deal, HandState, Rules, RussianHand, Viewer};

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    #[test]
    fn a1_w2_samples_fit_the_contract_and_the_calls() {
        // Dealer 2: seat 0 leads. Seat 1 declares 6♠; seat 2 whists, seat 0 passes.
        let hands = [
            "9H 8H 9C 8C 7C QD JD TD 9D 8D",
            "AS KS QS JS TS 9S JH TH JC TC",
            "AH KH QH AC KC QC AD KD 7S 8S",
        ]
        .map(cards);
        let t: Vec<Card> = cards("7H 7D").iter().collect();
        let deal = Deal::new(hands, [t[0], t[1]]).unwrap();
        let mut h = RussianHand::new(HandConfig::from_rules(&Rules::sochi()), 2, deal, None);
        for a in [
            "pass",
            "bid 6S",
            "pass",
            "discard 7H 7D",
            "declare 6S",
            "whist",
            "pass",
            "closed",
            "play 9H",
        ] {
            let seat = h.to_move().unwrap();
            h.apply(seat, a.parse().unwrap()).unwrap();
        }
        let o = h.observation(Viewer::Seat(2));
        let fit = Fit::of(&o).unwrap();
        assert_eq!(fit.played[0], cards("9H"), "the eldest led");
        // The real deal fits; one where the declarer holds nothing does not.
        let real = [hands[0] - cards("9H"), hands[1], hands[2]];
        assert!(fit.accepts(&real));
        let swapped = [hands[1] - cards("AS"), (hands[0] - cards("9H")) | cards("AS"), hands[2]];
        assert!(!fit.accepts(&swapped), "a declarer of 6♠ without trumps");
        // Three trumps are too few for a suit he declared, however strong the rest.
        let strong = cards("AS KS QS AH KH AC KC AD KD JH");
        assert!(
            estimate_tricks(strong, Some(Suit::Spades)) >= 5.0,
            "strong enough by the estimate"
        );
        let short = [real[0], strong, real[2]];
        assert!(!fit.accepts(&short), "a declarer of 6♠ with three trumps");
    }
}
