//! What one seat (or a spectator) may know of a hand: RULES.md section 7. The engine produces
//! these and nothing else leaves it; UIs, bots and the server read only observations.

use crate::action::Action;
use crate::bid::Bid;
use crate::card::Card;
use crate::cardset::CardSet;
use crate::outcome::{DefenceMode, HandOutcome, WhistCall};
use crate::russian::PhaseKind;
use crate::Seat;

/// Who is looking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A player in this seat.
    Seat(Seat),
    /// A spectator: public information only.
    Spectator,
}

impl Viewer {
    /// The viewer, or a spectator when its seat fails `keep` (e.g. an impossible seat number).
    pub fn filter_seat(self, keep: impl Fn(Seat) -> bool) -> Viewer {
        match self {
            Viewer::Seat(s) if keep(s) => self,
            _ => Viewer::Spectator,
        }
    }
}

/// Whose hand or card something is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Holder {
    /// A table seat.
    Seat(Seat),
    /// The Hussar dummy (H1).
    Dummy,
    /// The talon (X2: a talon card that sets the suit of an all-pass trick).
    Talon,
}

/// What a call in the history was where its words alone do not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CallNote {
    /// A3: the highest bid said again, the eldest's hold.
    Hold,
    /// A pass in the whist round (W2, or the dealer's whist, F3): no whist, not an auction
    /// pass.
    NoWhist,
}

/// One hand of cards at the table as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HandView {
    /// Whose hand.
    pub holder: Holder,
    /// Number of cards in it.
    pub size: u8,
    /// The cards, when the viewer may see them.
    pub cards: Option<CardSet>,
    /// Tricks taken by this hand so far.
    pub tricks: u8,
    /// This hand's whist call, once made.
    pub call: WhistCall,
    /// Suits this hand has shown it lacks, as a bit mask by suit index (R6: it did not follow
    /// suit, or, void in the suit led of a trump contract, did not trump).
    pub voids: u8,
    /// The cards this hand has played to tricks so far (seen by everyone).
    pub played: CardSet,
}

/// A card in a trick with who played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TrickCard {
    /// Who played it.
    pub by: Holder,
    /// The card.
    pub card: Card,
}

/// A pending offer (P3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OfferView {
    /// Who offered.
    pub by: Seat,
    /// Whether the declarer's side offered.
    pub declarer_side: bool,
    /// Tricks the offering side would take of the remaining ones.
    pub tricks: u8,
    /// The tricks left to play, which the offer shares out (P3).
    pub remaining: u8,
}

impl OfferView {
    /// P3: the declarer's share of the tricks left if the offer is accepted (see
    /// [`offer_declarer_share`]).
    pub fn declarer_share(&self, tricks_done: u8) -> u8 {
        offer_declarer_share(self.declarer_side, self.tricks, tricks_done)
    }
}

/// P3: the tricks an offer shares out after `tricks_done` completed ones: 10 minus those (an
/// unfinished trick is dropped).
pub fn offer_remaining(tricks_done: u8) -> u8 {
    10u8.saturating_sub(tricks_done)
}

/// P3: of the tricks left ([`offer_remaining`]), the declarer's share when an offer of
/// `tricks` for the offering side is accepted: the offered number when his side offered, else
/// the rest.
pub fn offer_declarer_share(declarer_side: bool, tricks: u8, tricks_done: u8) -> u8 {
    let remaining = offer_remaining(tricks_done);
    if declarer_side {
        tricks
    } else {
        remaining.saturating_sub(tricks)
    }
}

/// Everything a viewer may know about the hand now.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Observation {
    /// The viewer's seat (`None`: spectator).
    pub seat: Option<Seat>,
    /// Players at the table.
    pub players: u8,
    /// The dealer's seat.
    pub dealer: Seat,
    /// Phase of the hand.
    pub phase: PhaseKind,
    /// Who acts next.
    pub to_move: Option<Seat>,
    /// The viewer's legal actions, when he is to move.
    pub legal_actions: Vec<Action>,
    /// The hands in play in playing order from the eldest (Hussar: eldest, dummy, dealer).
    pub hands: Vec<HandView>,
    /// Talon cards the viewer knows, top first: the talon turned up (T1), or in an all-pass the
    /// talon cards that have led a trick so far (X2, F3); empty while face down.
    pub talon: Vec<Card>,
    /// Cards still in the talon (face down or aside).
    pub talon_size: u8,
    /// The declarer's discard: only the declarer sees it (T1).
    pub discard: Option<CardSet>,
    /// Every action so far with its seat; a discard the viewer may not see is `None`.
    pub history: Vec<(Seat, Option<Action>)>,
    /// The `history` entries (by index) that were holds or whist-round passes.
    pub call_notes: Vec<(u16, CallNote)>,
    /// The highest bid and its bidder, during and after the auction.
    pub highest_bid: Option<(Seat, Bid)>,
    /// The declarer, once the auction is won.
    pub declarer: Option<Seat>,
    /// The contract, once declared.
    pub contract: Option<Bid>,
    /// Open or closed defence, once decided.
    pub defence: Option<DefenceMode>,
    /// The trick being played.
    pub trick: Vec<TrickCard>,
    /// The last completed trick.
    pub last_trick: Vec<TrickCard>,
    /// Who took the last completed trick (R6; a talon-led trick's, X2/F3, as it was credited).
    pub last_trick_winner: Option<Holder>,
    /// Completed tricks.
    pub tricks_done: u8,
    /// Tricks taken by the 4-player dealer with the F3 all-pass talon.
    pub dealer_tricks: u8,
    /// The pending offer, if any.
    pub offer: Option<OfferView>,
    /// During the play, the hand (position in playing order) whose card is next — also while
    /// an offer is being answered (P3), when the answerer is not that hand.
    pub to_play: Option<u8>,
    /// The outcome, once the hand is over.
    pub outcome: Option<HandOutcome>,
}

/// Where the talon's cards went, once the auction decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum TalonFate {
    /// The declarer took them (T1; misère too).
    Declarer,
    /// Pushed to the sitting-out four-player dealer (F3 `talon_push`).
    Dealer,
    /// Out of play: misère without the talon (P4).
    OutOfPlay,
}

/// What the sitting-out four-player dealer does in the hand (F1, F3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DealerRole {
    /// F1: he holds no cards and sits the hand out.
    SitsOut,
    /// F3 `dealer_whist_when_both_pass`: both defenders passed; he may look at one of their
    /// hands and whist for both.
    MayLookAndWhist,
    /// F3: he whisted for both passers and plays both defenders' hands.
    PlaysDefenders,
    /// F3 `dealer_allpass_talon` with X2's talon leads: he leads the all-pass talon's cards
    /// to the first two tricks for himself.
    LeadsTalon,
}

impl Observation {
    /// What the four-player dealer does in this hand (F1, F3); `None` with two or three
    /// players. `rules` are the table's (whether the dealer owns the all-pass talon).
    pub fn dealer_role(&self, rules: &crate::Rules) -> Option<DealerRole> {
        if self.players != 4 {
            return None;
        }
        let whisted = self
            .history
            .iter()
            .any(|(s, a)| *s == self.dealer && *a == Some(Action::Whist));
        Some(match self.phase {
            PhaseKind::DealerWhist => DealerRole::MayLookAndWhist,
            PhaseKind::Play if self.contract.is_some() && whisted => DealerRole::PlaysDefenders,
            PhaseKind::Play if self.contract.is_none() && rules.dealer_plays_allpass_talon() => DealerRole::LeadsTalon,
            _ => DealerRole::SitsOut,
        })
    }

    /// Where the talon went: `None` during the auction and the F3 take-or-push choice, and in
    /// an all-pass (its cards lead the first tricks, X2, or stay closed).
    pub fn talon_fate(&self) -> Option<TalonFate> {
        if matches!(self.phase, PhaseKind::Auction | PhaseKind::TalonChoice) {
            return None;
        }
        if self.history.iter().any(|(_, a)| *a == Some(Action::PushTalon)) {
            return Some(TalonFate::Dealer);
        }
        match self.contract.or(self.highest_bid.map(|(_, b)| b))? {
            Bid::MisereNoTalon => Some(TalonFate::OutOfPlay),
            _ => Some(TalonFate::Declarer),
        }
    }

    /// A3: whether `action` is a hold — the highest bid said again, which only a hand that
    /// may hold is offered.
    pub fn is_hold(&self, action: Action) -> bool {
        matches!((action, self.highest_bid), (Action::Bid(b), Some((_, highest))) if b == highest)
    }

    /// Every card this observation shows (for the section 7 tests).
    pub fn cards_shown(&self) -> CardSet {
        let mut s: CardSet = self.talon.iter().copied().collect();
        for h in &self.hands {
            s |= h.cards.unwrap_or_default();
        }
        s |= self.discard.unwrap_or_default();
        for t in self.trick.iter().chain(&self.last_trick) {
            s.insert(t.card);
        }
        for (_, a) in &self.history {
            match a {
                Some(Action::Play(c)) => {
                    s.insert(*c);
                }
                Some(Action::Discard(a, b)) => {
                    s.insert(*a);
                    s.insert(*b);
                }
                _ => {}
            }
        }
        for a in &self.legal_actions {
            match a {
                Action::Play(c) => {
                    s.insert(*c);
                }
                Action::Discard(a, b) => {
                    s.insert(*a);
                    s.insert(*b);
                }
                _ => {}
            }
        }
        s
    }
}
