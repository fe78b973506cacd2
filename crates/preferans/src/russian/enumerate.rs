//! Allocation-free enumeration of the legal actions: `legal_count` and `nth_legal` list
//! exactly what `legal_actions` lists, in the same order (a property test checks it). The
//! simulations and the benchmark sample actions through these.

use super::{Phase, RussianHand, WhistStep};
use crate::action::Action;
use crate::bid::Bid;

impl RussianHand {
    /// A6 / A3 — auction: (hold bid, first ladder index to list, whether misère-type bids are allowed).
    pub(super) fn auction_shape(&self) -> (Option<Bid>, u8, bool) {
        let p = self.turn;
        let first_bid = self.has_bid & (1 << p) == 0;
        match self.highest {
            None => (None, self.min_opening, first_bid),
            Some((hb, holder)) => (self.may_hold(p, holder, hb).then_some(hb), hb.ladder() + 1, first_bid),
        }
    }

    /// A4: misère (and P4 misère without talon) only as a player's first bid.
    pub(super) fn ladder_bid_ok(&self, b: Bid, first_bid: bool) -> bool {
        match b {
            Bid::Misere => first_bid,
            Bid::MisereNoTalon => first_bid && self.cfg.misere_without_talon,
            Bid::Tricks { .. } => true,
        }
    }

    /// How many of the legal actions are offers (P3); they come last in the list.
    #[inline]
    pub fn offer_count(&self) -> u32 {
        let seat = self.controller[(self.turn as usize).min(2)];
        if self.offers_ok
            && matches!(self.phase, Phase::Play)
            && self.offer.is_none()
            && self.offered & (1 << seat) == 0
        {
            u32::from(11 - self.tricks_done)
        } else {
            0
        }
    }

    /// The ladder rungs (misère 15, misère without talon 21) the player to move may not bid
    /// even though they are above the highest bid (A4, P4), as a bit mask over rungs.
    #[inline]
    fn excluded_rungs(&self, first_bid: bool) -> u32 {
        let mut ex = 0;
        if !first_bid {
            ex |= 1 << 15;
        }
        if !(first_bid && self.cfg.misere_without_talon) {
            ex |= 1 << 21;
        }
        ex
    }

    /// Number of legal actions of the seat to move (0 when the hand is over).
    pub fn legal_count(&self) -> u32 {
        match self.phase {
            Phase::Auction => {
                let (hold, from, first) = self.auction_shape();
                let above = (1u32 << Bid::LADDER_LEN) - (1u32 << from.min(Bid::LADDER_LEN));
                let bids = (above & !self.excluded_rungs(first)).count_ones();
                1 + u32::from(hold.is_some()) + bids
            }
            Phase::TalonChoice | Phase::DefenceChoice => 2,
            Phase::Discard => {
                let n = self.hands[self.declarer as usize].len();
                n * n.saturating_sub(1) / 2
            }
            Phase::Declare => match self.highest {
                Some((b, _)) if b.is_misere() => 1,
                Some((b, _)) => (b.ladder()..Bid::LADDER_LEN).filter(|i| !matches!(*i, 15 | 21)).count() as u32,
                None => 0,
            },
            Phase::Whist(step) => 2 + u32::from(self.half_whist_allowed(step)),
            Phase::DealerWhist => {
                if self.looked.is_none() {
                    3
                } else {
                    2
                }
            }
            Phase::Play if self.offer.is_some() => 2,
            Phase::Play => self.legal_cards_now().len() + self.offer_count(),
            Phase::Done(_) => 0,
        }
    }

    /// The `k`-th legal action (0-based) in `legal_actions` order, without allocating.
    pub fn nth_legal(&self, k: u32) -> Option<Action> {
        match self.phase {
            Phase::Auction => {
                let (hold, from, first) = self.auction_shape();
                let mut k = k;
                if k == 0 {
                    return Some(Action::Pass);
                }
                k -= 1;
                if let Some(h) = hold {
                    if k == 0 {
                        return Some(Action::Bid(h));
                    }
                    k -= 1;
                }
                let above = (1u32 << Bid::LADDER_LEN) - (1u32 << from.min(Bid::LADDER_LEN));
                nth_bit(above & !self.excluded_rungs(first), k)
                    .and_then(Bid::from_ladder)
                    .map(Action::Bid)
            }
            Phase::TalonChoice => [Action::TakeTalon, Action::PushTalon].get(k as usize).copied(),
            Phase::DefenceChoice => [Action::Open, Action::Closed].get(k as usize).copied(),
            Phase::Discard => {
                let h = self.hands[self.declarer as usize];
                let n = h.len();
                let mut k = k;
                for i in 0..n {
                    let rest = n - 1 - i;
                    if k < rest {
                        return Some(Action::Discard(h.nth(i)?, h.nth(i + 1 + k)?));
                    }
                    k -= rest;
                }
                None
            }
            Phase::Declare => match self.highest {
                Some((b, _)) if b.is_misere() => (k == 0).then_some(Action::Declare(Bid::Misere)),
                Some((b, _)) => (b.ladder()..Bid::LADDER_LEN)
                    .filter(|i| !matches!(*i, 15 | 21))
                    .nth(k as usize)
                    .and_then(Bid::from_ladder)
                    .map(Action::Declare),
                None => None,
            },
            Phase::Whist(step) => match k {
                0 => Some(Action::Whist),
                1 => Some(Action::Pass),
                2 if self.half_whist_allowed(step) => Some(Action::HalfWhist),
                _ => None,
            },
            Phase::DealerWhist => match (self.looked, k) {
                (None, 0) => Some(Action::Pass),
                (None, 1 | 2) => {
                    let (d1, d2) = self.defenders();
                    Some(Action::Look(self.seats[if k == 1 { d1 } else { d2 } as usize]))
                }
                (Some(_), 0) => Some(Action::Whist),
                (Some(_), 1) => Some(Action::Pass),
                _ => None,
            },
            Phase::Play if self.offer.is_some() => [Action::Accept, Action::Refuse].get(k as usize).copied(),
            Phase::Play => {
                let cards = self.legal_cards_now();
                if k < cards.len() {
                    cards.nth(k).map(Action::Play)
                } else {
                    let n = k - cards.len();
                    (n < self.offer_count()).then_some(Action::Offer(n as u8))
                }
            }
            Phase::Done(_) => None,
        }
    }

    /// W2: half-whist only by the second defender after the first passed, against 6 or 7
    /// (never in Hussar).
    pub(super) fn half_whist_allowed(&self, step: WhistStep) -> bool {
        let (d1, _) = self.defenders();
        step == WhistStep::Second
            && self
                .contract
                .is_some_and(|c| super::half_whist_allowed(c, self.calls[d1 as usize]))
            && !self.hussar()
    }
}

/// Index of the `k`-th set bit (0-based) of `bits`.
#[inline]
fn nth_bit(bits: u32, k: u32) -> Option<u8> {
    crate::cardset::select_bit(bits, k).map(|i| i as u8)
}
