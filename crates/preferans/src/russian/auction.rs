//! The auction (RULES.md A1–A6, H1 for two bidders, F1 for four players).

use super::{Ending, Phase, RussianHand, DEALER_POS};
use crate::action::Action;
use crate::bid::Bid;
use crate::rules::{AllpassTalon, Hold};
use crate::trick::TALON_OWNER;

impl RussianHand {
    /// A3: may position `p` equal the highest bid, held by position `holder`?
    pub(super) fn may_hold(&self, p: u8, holder: u8, bid: Bid) -> bool {
        // Misère (and misère without talon, P4) and 6♠ cannot be held (A3).
        if bid.is_misere() || bid == Bid::SIX_SPADES {
            return false;
        }
        match self.cfg.hold {
            Hold::Eldest => p == 0 && holder != 0,
            Hold::Seniority => p < holder,
            Hold::None => false,
        }
    }

    pub(super) fn auction_legal(&self, out: &mut Vec<Action>) {
        // A2: pass or bid higher; A3: hold; A4: misère only as a first bid; A6: opening minimum.
        let (hold, from, first_bid) = self.auction_shape();
        out.push(Action::Pass);
        if let Some(h) = hold {
            out.push(Action::Bid(h));
        }
        for b in (from..Bid::LADDER_LEN).filter_map(Bid::from_ladder) {
            if self.ladder_bid_ok(b, first_bid) {
                out.push(Action::Bid(b));
            }
        }
    }

    pub(super) fn auction_apply(&mut self, p: u8, action: Action) {
        match action {
            Action::Bid(b) => {
                self.has_bid |= 1 << p;
                if let Some((Bid::Misere | Bid::MisereNoTalon, m)) = self.highest {
                    // A4: a misère bidder who is outbid is out.
                    if b.ladder() > self.highest.map_or(0, |h| h.0.ladder()) {
                        self.passed |= 1 << m;
                    }
                }
                self.highest = Some((b, p));
            }
            _ => self.passed |= 1 << p,
        }
        self.auction_next();
    }

    fn auction_next(&mut self) {
        let active = !self.passed & 0b111;
        match self.highest {
            // A5: after at least one bid, every other player has passed.
            Some((_, holder)) if active == 1 << holder => return self.finish_auction(holder),
            None if active == 0 => return self.start_allpass(),
            _ => {}
        }
        // A4: a misère bidder's turns are skipped while he holds the highest bid.
        let skip = match self.highest {
            Some((b, holder)) if b.is_misere() => 1 << holder,
            _ => 0,
        };
        let mut p = self.turn;
        for _ in 0..3 {
            p = (p + 1) % 3;
            if active & !skip & (1 << p) != 0 {
                self.turn = p;
                return;
            }
        }
    }

    fn finish_auction(&mut self, holder: u8) {
        self.declarer = holder;
        let bid = self.highest.map(|h| h.0).unwrap_or(Bid::SIX_SPADES);
        if bid == Bid::MisereNoTalon {
            // P4: no talon, no discard, no contract to declare: play at once.
            self.contract = Some(Bid::MisereNoTalon);
            self.trump = None;
            self.setup_misere_defence();
            self.start_play();
            return;
        }
        self.talon_shown = true; // T1: turned face up for everyone.
        if self.cfg.talon_push && self.cfg.players == 4 && !bid.is_misere() {
            self.phase = Phase::TalonChoice;
            self.turn = holder;
        } else {
            self.take_talon();
        }
    }

    /// X1–X2 (H3: thrown in with two players).
    fn start_allpass(&mut self) {
        if self.hussar() {
            self.phase = Phase::Done(Ending::ThrownIn);
            return;
        }
        self.contract = None;
        self.trump = None;
        self.phase = Phase::Play;
        self.turn = 0;
        if self.cfg.allpass_talon == AllpassTalon::Lead {
            self.talon_leads = 2;
            self.lead_talon_card();
        }
    }

    /// X2 / F3 `dealer_allpass_talon`: the next talon card starts the trick.
    pub(super) fn lead_talon_card(&mut self) {
        let card = self.deal.talon()[(2 - self.talon_leads.min(2)) as usize];
        self.talon.remove(card);
        self.played.insert(card);
        let owner = if self.allpass_talon_can_win() {
            DEALER_POS
        } else {
            TALON_OWNER
        };
        self.trick.push(owner, card);
        self.talon_leads -= 1;
        self.turn = 0;
    }
}
