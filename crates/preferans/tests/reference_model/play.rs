//! The reference model's card play: P1 the first lead, R6 following and winning a trick, P2
//! trumps, X1–X2 the all-pass and its talon leads, F3 `dealer_allpass_talon`, P3 offers, and
//! the outcome of a played hand. Written from RULES.md and docs/rules.md only.

use preferans::outcome::{AcceptedOffer, HandOutcome, Resolution, WhistCall};
use preferans::{Action, Card};

use super::model::{By, Model, Pending, Phase};

impl Model {
    /// P1, P3: a contract's play starts; the eldest leads.
    pub(super) fn start_contract_play(&mut self) {
        self.trump = self.contract.and_then(|c| c.trump()); // P2
                                                            // P3: no offers when two whisters defend (also a checked 10 and Stalingrad,
                                                            // docs/rules.md).
        let whisters = self
            .defenders()
            .iter()
            .filter(|&&d| self.calls[d] == WhistCall::Whist)
            .count();
        self.offers_ok = whisters < 2;
        self.to_play = 0;
        self.phase = Phase::Play;
    }

    /// A5, X1, X2, F3, H3: nobody bid.
    pub(super) fn start_allpass(&mut self) {
        if self.hussar() {
            // H3: an all-pass with two players is thrown in.
            self.outcome = Some(HandOutcome::ThrownIn);
            self.phase = Phase::Done;
            return;
        }
        self.allpass = true;
        self.trump = None; // X1, P2
        self.offers_ok = false; // P3: no offers in all-pass.
        self.to_play = 0; // P1, X2: the eldest plays first.
        self.phase = Phase::Play;
        self.turn_up_talon_card();
    }

    /// X2 `lead`: the first two tricks start with a talon card; F3 `dealer_allpass_talon`:
    /// the dealer leads it himself (automatically, he has no choice).
    fn turn_up_talon_card(&mut self) {
        if self.allpass && self.o.allpass_talon_lead && self.tricks_done < 2 {
            let by = if self.o.players == 4 && self.o.dealer_allpass_talon {
                By::DealerTalon
            } else {
                By::Talon
            };
            self.trick.push((by, self.talon[usize::from(self.tricks_done)]));
        }
    }

    /// R6: the cards the position to play may play.
    pub fn legal_cards(&self) -> Vec<Card> {
        let hand = &self.hands[self.to_play];
        let Some(&(_, first)) = self.trick.first() else {
            return hand.clone(); // The leader plays any card.
        };
        let led = first.suit(); // X2: a talon card sets the suit led.
        let follow: Vec<Card> = hand.iter().copied().filter(|c| c.suit() == led).collect();
        if !follow.is_empty() {
            return follow;
        }
        if let Some(t) = self.trump {
            let trumps: Vec<Card> = hand.iter().copied().filter(|c| c.suit() == t).collect();
            if !trumps.is_empty() {
                return trumps;
            }
        }
        hand.clone()
    }

    /// The legal actions in the play: an answer to a pending offer, or a card and the
    /// offers (P3).
    pub(super) fn legal_in_play(&self, out: &mut Vec<Action>) {
        if self.pending.is_some() {
            out.extend([Action::Accept, Action::Refuse]);
            return;
        }
        out.extend(self.legal_cards().into_iter().map(Action::Play));
        let seat = self.controller[self.to_play].expect("a controller");
        // P3; docs/rules.md: at most one offer per seat per trick, 0..=remaining tricks.
        if self.offers_ok && !self.offered.contains(&seat) {
            out.extend((0..=10 - self.tricks_done).map(Action::Offer));
        }
    }

    /// P3: the sides are the declarer and the defence.
    fn declarer_side(&self, pos: usize) -> bool {
        pos == self.declarer
    }

    pub(super) fn play_step(&mut self, a: Action) {
        match a {
            Action::Play(c) => self.play_card(c),
            Action::Offer(n) => {
                let seat = self.controller[self.to_play].expect("a controller");
                let side = self.declarer_side(self.to_play);
                // P3: every player who controls cards on the other side answers, in playing
                // order after the offering position; a seat with two hands answers once.
                let mut answerers = Vec::new();
                for k in 1..3 {
                    let q = (self.to_play + k) % 3;
                    let ctrl = self.controller[q].expect("a controller");
                    if self.declarer_side(q) != side && !answerers.contains(&ctrl) {
                        answerers.push(ctrl);
                    }
                }
                self.offered.push(seat);
                self.pending = Some(Pending {
                    by: seat,
                    declarer_side: side,
                    tricks: n,
                    answerers,
                    next: 0,
                });
            }
            Action::Accept => {
                let p = self.pending.as_mut().expect("an offer");
                p.next += 1;
                if p.next == p.answerers.len() {
                    self.end_by_offer();
                }
            }
            // P3: the first refusal cancels the offer; play goes on.
            Action::Refuse => self.pending = None,
            other => panic!("{other} in the play"),
        }
    }

    fn play_card(&mut self, c: Card) {
        let p = self.to_play;
        self.hands[p].retain(|x| *x != c);
        self.trick.push((By::Pos(p), c));
        let played = self.trick.iter().filter(|(by, _)| matches!(by, By::Pos(_))).count();
        if played < 3 {
            self.to_play = (p + 1) % 3; // Clockwise, skipping the 4-player dealer (F4).
            return;
        }
        let winner = self.trick_winner();
        match winner {
            By::Pos(w) => self.tricks[w] += 1,
            By::DealerTalon => self.dealer_tricks += 1,
            By::Talon => unreachable!("X2: the talon card cannot win"),
        }
        self.tricks_done += 1;
        self.trick.clear();
        self.offered.clear();
        if self.tricks_done == 10 {
            return self.finish_played();
        }
        // R6: the winner leads; X2, F3: with the talon's leads the eldest plays first to the
        // second trick and leads the third, whoever won.
        self.to_play = match winner {
            By::Pos(w) if !(self.allpass && self.o.allpass_talon_lead && self.tricks_done <= 2) => w,
            _ => 0,
        };
        self.turn_up_talon_card();
    }

    /// R6, X2, F3: who takes the complete trick.
    fn trick_winner(&self) -> By {
        let led = self.trick[0].1.suit();
        // X2: the plain talon card cannot win.
        let cards: Vec<(By, Card)> = self.trick.iter().copied().filter(|(by, _)| *by != By::Talon).collect();
        let best_of = |suit| {
            cards
                .iter()
                .filter(|(_, c)| c.suit() == suit)
                .max_by_key(|(_, c)| c.rank())
                .map(|(by, _)| *by)
        };
        if let Some(w) = self.trump.and_then(best_of) {
            return w; // R6: the highest trump.
        }
        if let Some(w) = best_of(led) {
            return w;
        }
        // X2: nobody followed the talon card: the eldest's card's suit counts as led.
        let eldest = cards
            .iter()
            .find(|(by, _)| *by == By::Pos(0))
            .expect("the eldest played");
        best_of(eldest.1.suit()).expect("the eldest's card")
    }

    /// The hand's ten tricks are played.
    fn finish_played(&mut self) {
        self.phase = Phase::Done;
        self.outcome = Some(if self.allpass {
            let mut tricks = [0u8; 4];
            for p in 0..3 {
                tricks[usize::from(self.seat_of[p].expect("all-pass seats"))] = self.tricks[p];
            }
            // F3: the dealer's talon tricks are his.
            tricks[usize::from(self.dealer)] += self.dealer_tricks;
            HandOutcome::AllPass { tricks }
        } else {
            HandOutcome::Contract(self.contract_outcome(Resolution::Played))
        });
    }

    /// P3: all accepted; the remaining tricks are shared as offered.
    fn end_by_offer(&mut self) {
        let p = self.pending.take().expect("an offer");
        let remaining = 10 - self.tricks_done;
        let declarer_share = if p.declarer_side {
            p.tricks
        } else {
            remaining - p.tricks
        };
        let [d1, d2] = self.defenders();
        // P3, docs/rules.md: the defence's share counts for the single whister; misère or no
        // single whister: for the first defender.
        let whisters: Vec<usize> = [d1, d2]
            .into_iter()
            .filter(|&d| self.calls[d] == WhistCall::Whist)
            .collect();
        let credited = match whisters.as_slice() {
            [w] => *w,
            _ => d1,
        };
        self.tricks[self.declarer] += declarer_share;
        self.tricks[credited] += remaining - declarer_share;
        let mut c = self.contract_outcome(Resolution::Offer);
        c.offer = Some(AcceptedOffer {
            by: p.by,
            declarer_side: p.declarer_side,
            tricks: p.tricks,
            remaining,
        });
        self.outcome = Some(HandOutcome::Contract(c));
        self.phase = Phase::Done;
    }
}
