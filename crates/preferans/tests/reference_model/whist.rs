//! The reference model's whist round: W1–W7 (half-whist and the first defender's second
//! word, both passing, open or closed, Stalingrad, the checked 10, misère without a round),
//! the F3 dealer's whist and the Hussar's single defender (H1). Written from RULES.md and
//! docs/rules.md only.

use preferans::outcome::{ContractOutcome, DefenceMode, DefenderOutcome, HandOutcome, Resolution, WhistCall};
use preferans::{Action, Bid};

use super::model::{Model, Phase};

impl Model {
    /// The words of the whist round (W2–W4, H1, F3).
    pub(super) fn whist_step(&mut self, a: Action) {
        match (self.phase, a) {
            (Phase::WhistFirst, _) => {
                let d1 = self.defenders()[0];
                self.calls[d1] = call_of(a);
                self.phase = Phase::WhistSecond;
            }
            (Phase::WhistSecond, _) => self.second_word(a),
            (Phase::WhistFirstAgain, _) => {
                let [d1, d2] = self.defenders();
                if a == Action::Whist {
                    // W2: the half-whister counts as having passed; one whister plays on.
                    self.calls[d1] = WhistCall::Whist;
                    self.calls[d2] = WhistCall::Pass;
                    self.phase = Phase::DefenceChoice(d1);
                } else {
                    // W2, S7: the hand ends at once as a half-whist.
                    self.calls[d1] = WhistCall::Pass;
                    self.calls[d2] = WhistCall::HalfWhist;
                    self.end_unplayed(Resolution::HalfWhist);
                }
            }
            (Phase::HussarWhist, _) => {
                let d = self.hussar_defender();
                self.calls[1] = WhistCall::Pass; // H2: the dummy is a defender who passed.
                if a == Action::Whist {
                    // H1: open, the defender plays the dummy too; no open/closed choice.
                    self.calls[d] = WhistCall::Whist;
                    self.controller[1] = self.seat_of[d];
                    self.defence = Some(DefenceMode::Open);
                    self.start_contract_play();
                } else {
                    // H1: the declarer scores his contract without play.
                    self.calls[d] = WhistCall::Pass;
                    self.end_unplayed(Resolution::BothPassed);
                }
            }
            (Phase::DealerLook, Action::Pass) | (Phase::DealerWhist, Action::Pass) => {
                self.end_unplayed(Resolution::BothPassed)
            }
            (Phase::DealerLook, Action::Look(_)) => self.phase = Phase::DealerWhist,
            (Phase::DealerWhist, Action::Whist) => {
                // F3: the dealer whists for both and plays both hands, open (W4 timing).
                self.dealer_whist = true;
                for d in self.defenders() {
                    self.controller[d] = Some(self.dealer);
                }
                self.defence = Some(DefenceMode::Open);
                self.start_contract_play();
            }
            (Phase::DefenceChoice(w), _) => {
                if a == Action::Open {
                    // W4 open: the whister plays both defenders' hands.
                    for d in self.defenders() {
                        self.controller[d] = self.seat_of[w];
                    }
                    self.defence = Some(DefenceMode::Open);
                } else {
                    self.defence = Some(DefenceMode::Closed);
                }
                self.start_contract_play();
            }
            (phase, a) => panic!("the model cannot apply {a} in {phase:?}"),
        }
    }

    /// W5–W7, H1: the whist round, or play at once.
    pub(super) fn after_declare(&mut self) {
        let c = self.contract.expect("a contract");
        let [d1, d2] = self.defenders();
        if c.is_misere() {
            // W7: always played, no whist round; the defenders make no call.
            self.defence = Some(if self.o.misere_defence_open || self.hussar() {
                DefenceMode::Open
            } else {
                DefenceMode::Closed
            });
            if self.hussar() {
                // H1: the defender plays both hands open.
                self.controller[1] = self.seat_of[self.hussar_defender()];
            }
            return self.start_contract_play();
        }
        let checked_ten = c.level() == Some(10) && self.o.ten_trick_checked;
        let stalingrad = self.o.stalingrad && c == Bid::SIX_SPADES;
        if checked_ten || stalingrad {
            // W5, W6: no whist round; both defenders whist and play closed.
            self.calls[d1] = WhistCall::Whist;
            self.calls[d2] = WhistCall::Whist;
            self.defence = Some(DefenceMode::Closed);
            if self.hussar() {
                // H1: always played, the defender playing both hands open.
                self.calls[1] = WhistCall::Pass;
                self.controller[1] = self.seat_of[self.hussar_defender()];
                self.defence = Some(DefenceMode::Open);
            }
            return self.start_contract_play();
        }
        self.phase = if self.hussar() {
            Phase::HussarWhist
        } else {
            Phase::WhistFirst
        };
    }

    /// W2–W4 and F3: the second defender's word.
    fn second_word(&mut self, a: Action) {
        let [d1, d2] = self.defenders();
        if a == Action::HalfWhist {
            self.calls[d2] = WhistCall::HalfWhist;
            self.phase = Phase::WhistFirstAgain;
            return;
        }
        self.calls[d2] = call_of(a);
        let whisters: Vec<usize> = [d1, d2]
            .into_iter()
            .filter(|&d| self.calls[d] == WhistCall::Whist)
            .collect();
        match whisters.as_slice() {
            // W4: two whisters always play closed.
            [_, _] => {
                self.defence = Some(DefenceMode::Closed);
                self.start_contract_play();
            }
            // W4: a single whister chooses.
            [w] => self.phase = Phase::DefenceChoice(*w),
            _ => {
                let level = self.contract.and_then(Bid::level);
                if self.o.players == 4 && self.o.dealer_whist_when_both_pass && matches!(level, Some(6 | 7)) {
                    // F3: the dealer may look and whist in their place.
                    self.phase = Phase::DealerLook;
                } else {
                    // W3: the hand ends without play.
                    self.end_unplayed(Resolution::BothPassed);
                }
            }
        }
    }

    /// W3, S7, H1: the contract is scored without play.
    fn end_unplayed(&mut self, resolution: Resolution) {
        let c = self.contract_outcome(resolution);
        self.outcome = Some(HandOutcome::Contract(c));
        self.phase = Phase::Done;
    }

    /// The outcome of a contract hand as it stands.
    pub(super) fn contract_outcome(&self, resolution: Resolution) -> ContractOutcome {
        let defender = |d: usize| DefenderOutcome {
            seat: self.seat_of[d],
            call: self.calls[d],
            tricks: self.tricks[d],
        };
        let [d1, d2] = self.defenders();
        ContractOutcome {
            declarer: self.seat(self.declarer),
            contract: self.contract.expect("a contract"),
            declarer_tricks: self.tricks[self.declarer],
            defenders: [defender(d1), defender(d2)],
            resolution,
            defence: self
                .defence
                .filter(|_| matches!(resolution, Resolution::Played | Resolution::Offer)),
            dealer_whist: self.dealer_whist,
            talon_pushed: self.pushed,
            offer: None,
        }
    }
}

/// A whist-round word as a call.
fn call_of(a: Action) -> WhistCall {
    match a {
        Action::Whist => WhistCall::Whist,
        Action::Pass => WhistCall::Pass,
        Action::HalfWhist => WhistCall::HalfWhist,
        other => panic!("{other} is no whist call"),
    }
}
