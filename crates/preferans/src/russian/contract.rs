//! Talon, discard and contract (T1–T2, F3 `talon_push`), the whist round (W1–W7, H1) and the
//! F3 dealer's whist.

use super::{Ending, Phase, RussianHand, WhistStep};
use crate::action::Action;
use crate::bid::Bid;
use crate::outcome::{DefenceMode, WhistCall};
use crate::rules::MisereDefence;
use crate::russian::whist_round_calls;

impl RussianHand {
    /// T1: the declarer takes the (already shown) talon.
    pub(super) fn take_talon(&mut self) {
        let d = self.declarer as usize;
        self.hands[d] |= self.talon;
        self.talon = crate::CardSet::EMPTY;
        self.phase = Phase::Discard;
        self.turn = self.declarer;
    }

    pub(super) fn talon_choice_apply(&mut self, action: Action) {
        if action == Action::PushTalon {
            // F3 `talon_push`: the talon goes to the dealer, face up; no discard.
            self.pushed = true;
            self.phase = Phase::Declare;
        } else {
            self.take_talon();
        }
    }

    pub(super) fn discard_apply(&mut self, action: Action) {
        if let Action::Discard(a, b) = action {
            let d = self.declarer as usize;
            self.hands[d].remove(a);
            self.hands[d].remove(b);
            self.discard.insert(a);
            self.discard.insert(b);
        }
        self.phase = Phase::Declare;
    }

    pub(super) fn declare_legal(&self, out: &mut Vec<Action>) {
        let bid = self.highest.map(|h| h.0).unwrap_or(Bid::SIX_SPADES);
        if bid.is_misere() {
            // T2: a misère bidder must declare misère.
            out.push(Action::Declare(Bid::Misere));
            return;
        }
        for i in bid.ladder()..Bid::LADDER_LEN {
            match Bid::from_ladder(i) {
                Some(b @ Bid::Tricks { .. }) => out.push(Action::Declare(b)),
                _ => continue,
            }
        }
    }

    pub(super) fn declare_apply(&mut self, action: Action) {
        let Action::Declare(contract) = action else {
            return;
        };
        self.contract = Some(contract);
        self.trump = contract.trump();
        let (d1, d2) = self.defenders();
        if contract.is_misere() {
            // W7: always played, no whist round.
            self.setup_misere_defence();
            return self.start_play();
        }
        if !self.cfg.has_whist_round(contract) {
            // W5, W6: both defenders whist and play closed; H1: in Hussar the defender plays
            // both hands open.
            if self.hussar() {
                self.hussar_defence_opens();
            } else {
                self.calls[d1 as usize] = WhistCall::Whist;
                self.calls[d2 as usize] = WhistCall::Whist;
                self.defence = Some(DefenceMode::Closed);
            }
            return self.start_play();
        }
        self.phase = Phase::Whist(WhistStep::First);
        self.turn = if self.hussar() { self.hussar_defender() } else { d1 };
    }

    /// H1: the defender whists; the dummy and his hand are laid open, he plays both.
    fn hussar_defence_opens(&mut self) {
        let def = self.hussar_defender();
        self.calls[def as usize] = WhistCall::Whist;
        self.calls[1] = WhistCall::Pass;
        self.defence = Some(DefenceMode::Open);
        self.controller[1] = self.seats[def as usize];
        self.open_mask = 0b111 & !(1 << self.declarer);
    }

    /// The Hussar player who defends (the one who is neither declarer nor dummy).
    fn hussar_defender(&self) -> u8 {
        if self.declarer == 0 {
            2
        } else {
            0
        }
    }

    pub(super) fn setup_misere_defence(&mut self) {
        if self.hussar() {
            self.defence = Some(DefenceMode::Open);
            self.controller[1] = self.seats[self.hussar_defender() as usize];
            self.open_mask = 0b111 & !(1 << self.declarer);
            return;
        }
        match self.cfg.misere_defence {
            MisereDefence::Open => {
                self.defence = Some(DefenceMode::Open);
                self.open_mask = 0b111 & !(1 << self.declarer);
            }
            MisereDefence::Closed => self.defence = Some(DefenceMode::Closed),
        }
    }

    pub(super) fn whist_legal(&self, step: WhistStep, out: &mut Vec<Action>) {
        out.extend([Action::Whist, Action::Pass]);
        if self.half_whist_allowed(step) {
            out.push(Action::HalfWhist);
        }
    }

    pub(super) fn whist_apply(&mut self, step: WhistStep, action: Action) {
        let (d1, d2) = self.defenders();
        if self.hussar() {
            return if action == Action::Whist {
                self.hussar_defence_opens();
                self.start_play()
            } else {
                let def = self.hussar_defender();
                self.calls[def as usize] = WhistCall::Pass;
                self.calls[1] = WhistCall::Pass;
                self.phase = Phase::Done(Ending::BothPassed)
            };
        }
        let call = match action {
            Action::Whist => WhistCall::Whist,
            Action::HalfWhist => WhistCall::HalfWhist,
            _ => WhistCall::Pass,
        };
        match step {
            WhistStep::First => {
                self.calls[d1 as usize] = call;
                self.phase = Phase::Whist(WhistStep::Second);
                self.turn = d2;
            }
            WhistStep::Second if call == WhistCall::HalfWhist => {
                self.calls[d2 as usize] = call;
                self.phase = Phase::Whist(WhistStep::FirstAgain);
                self.turn = d1;
            }
            WhistStep::Second => {
                self.calls[d2 as usize] = call;
                self.resolve_whist();
            }
            WhistStep::FirstAgain => {
                // W2: after a whist the half-whister counts as having passed; after a pass
                // the hand ends as a half-whist.
                let [c1, c2] = whist_round_calls(self.calls[d1 as usize], WhistCall::HalfWhist, call);
                self.calls[d1 as usize] = c1;
                self.calls[d2 as usize] = c2;
                if call == WhistCall::Whist {
                    self.resolve_whist();
                } else {
                    self.phase = Phase::Done(Ending::HalfWhist);
                }
            }
        }
    }

    fn resolve_whist(&mut self) {
        let (d1, d2) = self.defenders();
        let w1 = self.calls[d1 as usize] == WhistCall::Whist;
        let w2 = self.calls[d2 as usize] == WhistCall::Whist;
        let level = self.contract.and_then(Bid::level).unwrap_or(10);
        match (w1, w2) {
            (false, false) if self.cfg.players == 4 && self.cfg.dealer_whist_when_both_pass && level <= 7 => {
                self.phase = Phase::DealerWhist;
            }
            (false, false) => self.phase = Phase::Done(Ending::BothPassed),
            (true, true) => {
                // W4: two whisters always play closed.
                self.defence = Some(DefenceMode::Closed);
                self.start_play();
            }
            _ => {
                self.phase = Phase::DefenceChoice;
                self.turn = if w1 { d1 } else { d2 };
            }
        }
    }

    pub(super) fn dealer_whist_apply(&mut self, action: Action) {
        match action {
            Action::Look(seat) => {
                self.looked = self.seats.iter().position(|s| *s == seat).map(|p| p as u8);
            }
            Action::Whist => {
                // F3 (docs/rules.md): the dealer plays both defenders' hands, laid open as W4.
                let (d1, d2) = self.defenders();
                self.dealer_whist = true;
                self.defence = Some(DefenceMode::Open);
                self.controller[d1 as usize] = self.dealer;
                self.controller[d2 as usize] = self.dealer;
                self.open_mask = (1 << d1) | (1 << d2);
                self.start_play();
            }
            _ => self.phase = Phase::Done(Ending::BothPassed),
        }
    }

    pub(super) fn defence_choice_apply(&mut self, action: Action) {
        let w = self.turn;
        if action == Action::Open {
            // W4: the whister plays both hands, face up.
            let (d1, d2) = self.defenders();
            let other = if w == d1 { d2 } else { d1 };
            self.controller[other as usize] = self.seats[w as usize];
            self.open_mask = (1 << d1) | (1 << d2);
            self.defence = Some(DefenceMode::Open);
        } else {
            self.defence = Some(DefenceMode::Closed);
        }
        self.start_play();
    }

    /// P1: the eldest hand leads to the first trick.
    pub(super) fn start_play(&mut self) {
        self.phase = Phase::Play;
        self.turn = 0;
        // P3: offers need a contract (not all-pass) and not two whisters.
        let (d1, d2) = self.defenders();
        let two_whisters = self.calls[d1 as usize] == WhistCall::Whist && self.calls[d2 as usize] == WhistCall::Whist;
        self.offers_ok = self.contract.is_some() && !two_whisters;
    }
}
