//! Play of the cards (P1–P3, R6 through the shared trick component, X1–X2, F3) and the outcome.

use super::{Ending, PendingOffer, Phase, RussianHand, DEALER_POS};
use crate::action::Action;
use crate::outcome::{AcceptedOffer, ContractOutcome, DefenderOutcome, HandOutcome, Resolution, WhistCall};
use crate::rules::AllpassTalon;
use crate::trick::{legal_cards, Obligations, Trick};
use crate::Seat;

impl RussianHand {
    /// The cards position `turn` may play now (R6).
    pub fn legal_cards_now(&self) -> crate::CardSet {
        let pos = self.turn as usize;
        let hand = self.hands[pos.min(2)];
        let ob = Obligations::RUSSIAN;
        // The winning card matters only where a card must head the trick (not in R6).
        let winning = if ob.must_head {
            self.trick.winning_card(self.trump)
        } else {
            None
        };
        legal_cards(hand, self.trick.led(), winning, self.trump, ob)
    }

    pub(super) fn play_legal(&self, out: &mut Vec<Action>) {
        if self.offer.is_some() {
            out.extend([Action::Accept, Action::Refuse]);
            return;
        }
        for c in self.legal_cards_now() {
            out.push(Action::Play(c));
        }
        for n in 0..self.offer_count() {
            out.push(Action::Offer(n as u8));
        }
    }

    pub(super) fn play_apply(&mut self, pos: u8, action: Action) {
        match action {
            Action::Play(card) => self.play_card(pos, card),
            Action::Offer(n) => self.make_offer(pos, n),
            Action::Accept => {
                if let Some(mut o) = self.offer {
                    o.next += 1;
                    if o.next >= o.count {
                        self.accepted = Some(o);
                        self.offer = None;
                        self.phase = Phase::Done(Ending::Offer);
                    } else {
                        self.offer = Some(o);
                    }
                }
            }
            _ => self.offer = None, // Refuse: play goes on (P3).
        }
    }

    fn is_declarer_side(&self, pos: u8) -> bool {
        pos == self.declarer
    }

    /// P3: the other side's players answer in playing order after the offerer.
    fn make_offer(&mut self, pos: u8, tricks: u8) {
        let seat = self.controller[pos as usize];
        self.offered |= 1 << seat;
        let declarer_side = self.is_declarer_side(pos);
        let mut answerers = [0 as Seat; 2];
        let mut count = 0;
        for k in 1..3 {
            let q = (pos + k) % 3;
            if self.is_declarer_side(q) == declarer_side {
                continue;
            }
            let s = self.controller[q as usize];
            if !answerers[..count as usize].contains(&s) && count < 2 {
                answerers[count as usize] = s;
                count += 1;
            }
        }
        self.offer = Some(PendingOffer {
            by_pos: pos,
            declarer_side,
            tricks,
            answerers,
            count,
            next: 0,
        });
    }

    #[inline(always)]
    pub(super) fn play_card(&mut self, pos: u8, card: crate::Card) {
        let p = pos as usize % 3;
        if let Some(led) = self.trick.led() {
            // R6 made public: not following shows a void, and not trumping then shows no trumps.
            if card.suit() != led {
                self.voids[p] |= 1 << led.index();
                if let Some(t) = self.trump.filter(|t| *t != card.suit()) {
                    self.voids[p] |= 1 << t.index();
                }
            }
        }
        self.hands[p].remove(card);
        self.played.insert(card);
        self.played_by[p].insert(card);
        self.trick.push(pos, card);
        // A talon-led trick (X2, F3) has a fourth card.
        let needed = 3 + usize::from(self.trick.first_owner().is_some_and(|o| o > 2));
        if self.trick.len() < needed {
            self.turn = (pos + 1) % 3;
            return;
        }
        let talon_trick = needed == 4;
        let winner = self.trick.winner(self.trump).unwrap_or(0);
        self.tricks[(winner as usize).min(DEALER_POS as usize)] += 1;
        self.tricks_done += 1;
        self.last_trick = Some(self.trick);
        self.trick = Trick::new();
        self.offered = 0;
        if self.tricks_done >= 10 {
            self.phase = Phase::Done(if self.contract.is_some() {
                Ending::Played
            } else {
                Ending::AllPass
            });
        } else if self.talon_leads > 0 {
            self.lead_talon_card();
        } else if talon_trick {
            // X2 / F3: the eldest leads to the third trick whoever won the first two.
            self.turn = 0;
        } else {
            self.turn = winner;
        }
    }

    /// Whether the talon cards that lead an all-pass's first tricks win them for the
    /// four-player dealer (F3 `dealer_allpass_talon`) rather than never winning (X2).
    pub(super) fn allpass_talon_can_win(&self) -> bool {
        self.cfg.players == 4 && self.cfg.dealer_allpass_talon
    }

    /// The card play of an all-pass of this deal, before its first card (for analysis: every
    /// hand is in it): the eldest to play, the talon's cards leading the first two tricks
    /// when the rules lead them (X2; F3's dealer may win them), else no talon lead
    /// (`allpass_talon: closed`). `None` where an all-pass is not played (H3: thrown in with
    /// two players).
    pub fn allpass_start(&self) -> Option<crate::PlayState> {
        if self.hussar() {
            return None;
        }
        let mut state = crate::PlayState::first_lead(self.deal.hands(), None, None);
        if self.cfg.allpass_talon == AllpassTalon::Lead {
            state.talon_leads = self.deal.talon().map(Some);
            state.talon_can_win = self.allpass_talon_can_win();
        }
        Some(state)
    }

    /// The complete card-play state (every hand), during play; `None` in other phases. For the
    /// solver and analysis only: it shows every card.
    pub fn play_state(&self) -> Option<crate::PlayState> {
        if !matches!(self.phase, Phase::Play) {
            return None;
        }
        let talon = self.deal.talon();
        let talon_leads = match self.talon_leads {
            2 => [Some(talon[0]), Some(talon[1])],
            1 => [Some(talon[1]), None],
            _ => [None, None],
        };
        Some(crate::PlayState {
            hands: self.hands,
            trump: self.trump,
            trick: self.trick,
            to_play: self.turn,
            tricks: self.tricks,
            tricks_done: self.tricks_done,
            talon_leads,
            talon_can_win: self.allpass_talon_can_win(),
            contract: self.contract,
            declarer: self.contract.map(|_| self.declarer),
        })
    }

    pub(super) fn outcome_inner(&self) -> Option<HandOutcome> {
        let Phase::Done(ending) = self.phase else {
            return None;
        };
        let seat = |p: u8| self.seat_of_position(p as usize);
        match ending {
            Ending::ThrownIn => Some(HandOutcome::ThrownIn),
            Ending::AllPass => {
                let mut tricks = [0u8; 4];
                for p in 0..3u8 {
                    if let Some(s) = seat(p) {
                        tricks[s as usize] += self.tricks[p as usize];
                    }
                }
                tricks[self.dealer as usize % 4] += self.tricks[DEALER_POS as usize];
                Some(HandOutcome::AllPass { tricks })
            }
            _ => {
                let contract = self.contract?;
                let (d1, d2) = self.defenders();
                let mut tricks = self.tricks;
                let offer = self.accepted.map(|o| {
                    let remaining = 10 - self.tricks_done;
                    let decl_share =
                        crate::observation::offer_declarer_share(o.declarer_side, o.tricks, self.tricks_done);
                    tricks[self.declarer as usize] += decl_share;
                    // P3: the defence's share counts for the single whister, else the first defender.
                    let whister = [d1, d2]
                        .into_iter()
                        .find(|d| self.calls[*d as usize] == WhistCall::Whist);
                    let single = [d1, d2]
                        .iter()
                        .filter(|d| self.calls[**d as usize] == WhistCall::Whist)
                        .count()
                        == 1;
                    let to = if single { whister.unwrap_or(d1) } else { d1 };
                    tricks[to as usize] += remaining - decl_share;
                    AcceptedOffer {
                        by: self.controller[o.by_pos as usize],
                        declarer_side: o.declarer_side,
                        tricks: o.tricks,
                        remaining,
                    }
                });
                let defender = |d: u8| DefenderOutcome {
                    seat: seat(d),
                    call: self.calls[d as usize],
                    tricks: tricks[d as usize],
                };
                Some(HandOutcome::Contract(ContractOutcome {
                    declarer: seat(self.declarer).unwrap_or(0),
                    contract,
                    declarer_tricks: tricks[self.declarer as usize],
                    defenders: [defender(d1), defender(d2)],
                    resolution: match ending {
                        Ending::BothPassed => Resolution::BothPassed,
                        Ending::HalfWhist => Resolution::HalfWhist,
                        Ending::Offer => Resolution::Offer,
                        _ => Resolution::Played,
                    },
                    defence: self.defence,
                    dealer_whist: self.dealer_whist,
                    talon_pushed: self.pushed,
                    offer,
                }))
            }
        }
    }
}
