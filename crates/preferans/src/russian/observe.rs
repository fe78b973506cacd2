//! Per-seat observations of a Russian hand (RULES.md section 7, W4 timing of open hands).

use super::{Ending, Phase, RussianHand, DEALER_POS, NO_SEAT};
use crate::action::Action;
use crate::observation::{CallNote, HandView, Holder, Observation, OfferView, TrickCard, Viewer};
use crate::trick::{Trick, TALON_OWNER};
use crate::Seat;
use crate::{CardSet, HandState};

/// The phase of a hand, as the UIs show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum PhaseKind {
    /// A1–A6.
    Auction,
    /// F3 `talon_push`: take or push.
    TalonChoice,
    /// T1.
    Discard,
    /// T2.
    Declare,
    /// W2.
    Whist,
    /// F3 dealer's whist.
    DealerWhist,
    /// W4 open or closed.
    DefenceChoice,
    /// Cards (and offers).
    Play,
    /// The hand is over.
    Done,
}

impl PhaseKind {
    /// The phase in words, for a screen ("Auction", "Open or closed defence").
    pub fn label(self) -> &'static str {
        match self {
            PhaseKind::Auction => "Auction",
            PhaseKind::TalonChoice => "Talon: take or push",
            PhaseKind::Discard => "Discard",
            PhaseKind::Declare => "Declaring the contract",
            PhaseKind::Whist => "Whist round",
            PhaseKind::DealerWhist => "The dealer's whist",
            PhaseKind::DefenceChoice => "Open or closed defence",
            PhaseKind::Play => "Play",
            PhaseKind::Done => "Hand over",
        }
    }
}

impl RussianHand {
    /// The phase as the UIs show it.
    pub fn phase_kind(&self) -> PhaseKind {
        match self.phase {
            Phase::Auction => PhaseKind::Auction,
            Phase::TalonChoice => PhaseKind::TalonChoice,
            Phase::Discard => PhaseKind::Discard,
            Phase::Declare => PhaseKind::Declare,
            Phase::Whist(_) => PhaseKind::Whist,
            Phase::DealerWhist => PhaseKind::DealerWhist,
            Phase::DefenceChoice => PhaseKind::DefenceChoice,
            Phase::Play => PhaseKind::Play,
            Phase::Done(_) => PhaseKind::Done,
        }
    }

    /// W4: open hands are laid down when play starts, or right after the declarer's first
    /// card when he has the first lead.
    fn open_hands_down(&self) -> bool {
        let playing = matches!(self.phase, Phase::Play | Phase::Done(Ending::Played | Ending::Offer));
        playing && (self.declarer != 0 || self.tricks_done > 0 || !self.trick.is_empty())
    }

    fn holder(&self, owner: u8) -> Holder {
        match owner {
            TALON_OWNER => Holder::Talon,
            DEALER_POS => Holder::Seat(self.dealer),
            p => match self.seats[p as usize % 3] {
                NO_SEAT => Holder::Dummy,
                s => Holder::Seat(s),
            },
        }
    }

    fn trick_view(&self, t: &Trick) -> Vec<TrickCard> {
        t.cards()
            .map(|(o, card)| TrickCard {
                by: self.holder(o),
                card,
            })
            .collect()
    }

    pub(super) fn observe(&self, viewer: Viewer) -> Observation {
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let open = self.open_hands_down();
        let is_declarer_seat = me.is_some() && me == self.declarer() && self.highest.is_some();
        let hands = (0..3u8)
            .map(|p| {
                // The dummy's placeholder seat is nobody's (H1), whatever seat number a viewer claims.
                let own = me.is_some_and(|m| m != NO_SEAT && self.seats[p as usize] == m);
                let shown = open && self.open_mask & (1 << p) != 0;
                let looked = me == Some(self.dealer) && self.cfg.players == 4 && self.looked == Some(p);
                HandView {
                    holder: self.holder(p),
                    size: self.hands[p as usize].len() as u8,
                    cards: (own || shown || looked).then_some(self.hands[p as usize]),
                    tricks: self.tricks[p as usize],
                    call: self.calls[p as usize],
                    voids: self.voids[p as usize],
                    played: self.played_by[p as usize],
                }
            })
            .collect();
        // T1: the whole talon once turned up; X2 / F3: in an all-pass, each talon card from
        // the moment it leads a trick (public for the rest of the hand).
        let talon = if self.talon_shown {
            self.deal.talon().to_vec()
        } else {
            self.deal
                .talon()
                .into_iter()
                .filter(|c| self.played.contains(*c))
                .collect()
        };
        let history = self
            .history
            .iter()
            .map(|(s, a)| match a {
                Action::Discard(..) if !is_declarer_seat => (*s, None),
                other => (*s, Some(*other)),
            })
            .collect();
        let call_notes = call_notes(&self.history);
        let to_move = self.to_move();
        let mut legal_actions = Vec::new();
        if to_move.is_some() && to_move == me {
            self.legal_actions(&mut legal_actions);
        }
        Observation {
            seat: me,
            players: self.cfg.players,
            dealer: self.dealer,
            phase: self.phase_kind(),
            to_move,
            legal_actions,
            hands,
            talon,
            talon_size: self.talon.len() as u8,
            discard: is_declarer_seat.then_some(self.discard).filter(|d| !d.is_empty()),
            history,
            call_notes,
            highest_bid: self
                .highest
                .and_then(|(b, p)| self.seat_of_position(p as usize).map(|s| (s, b))),
            declarer: self.declarer(),
            contract: self.contract,
            defence: self.defence,
            trick: self.trick_view(&self.trick),
            last_trick: self.last_trick.map(|t| self.trick_view(&t)).unwrap_or_default(),
            // Credited as `play` credits it: a talon card's trick is the dealer's box's (F3).
            last_trick_winner: self
                .last_trick
                .and_then(|t| t.winner(self.trump))
                .map(|w| self.holder(w.min(DEALER_POS))),
            tricks_done: self.tricks_done,
            to_play: matches!(self.phase, Phase::Play).then_some(self.turn),
            dealer_tricks: self.tricks[DEALER_POS as usize],
            offer: self.offer.map(|o| OfferView {
                by: self.controller[o.by_pos as usize],
                declarer_side: o.declarer_side,
                tricks: o.tricks,
                remaining: crate::observation::offer_remaining(self.tricks_done),
            }),
            outcome: self.outcome(),
        }
    }

    /// Cards a viewer is entitled to see right now (section 7), computed independently of
    /// [`Observation`] for the tests.
    pub fn visible_cards(&self, viewer: Viewer) -> CardSet {
        let mut s = self.played;
        if self.talon_shown {
            s |= self.deal.talon().into_iter().collect::<CardSet>();
        }
        if let Viewer::Seat(me) = viewer.filter_seat(|s| s != NO_SEAT) {
            for p in 0..3 {
                if self.seats[p] == me {
                    s |= self.hands[p];
                    if p as u8 == self.declarer && self.highest.is_some() {
                        s |= self.discard;
                    }
                }
            }
            if me == self.dealer && self.cfg.players == 4 {
                if let Some(p) = self.looked {
                    s |= self.hands[p as usize];
                }
            }
        }
        if self.open_hands_down() {
            for p in 0..3 {
                if self.open_mask & (1 << p) != 0 {
                    s |= self.hands[p];
                }
            }
        }
        s
    }
}

/// The holds (A3: the highest bid said again) and the whist-round passes (every pass after
/// the declaration, T2 then W2 or F3) in a hand's history.
fn call_notes(history: &[(Seat, Action)]) -> Vec<(u16, CallNote)> {
    let mut notes = Vec::new();
    let mut highest = None;
    let mut declared = false;
    for (i, (_, a)) in history.iter().enumerate() {
        let note = match *a {
            Action::Bid(b) if highest == Some(b) => Some(CallNote::Hold),
            Action::Declare(_) => {
                declared = true;
                None
            }
            Action::Pass if declared => Some(CallNote::NoWhist),
            _ => None,
        };
        if let Action::Bid(b) = *a {
            highest = Some(b);
        }
        if let Some(n) = note {
            notes.push((i as u16, n));
        }
    }
    notes
}
