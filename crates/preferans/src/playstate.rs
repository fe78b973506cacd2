//! The complete state of the card play of a hand, every hand known: the input of the
//! double-dummy solver and of post-game analysis. It shows every card, so it is for analysis
//! after or outside a game — never for a seat (players get observations).

use crate::bid::Bid;
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::trick::{legal_cards, Obligations, Owner, Trick, TALON_OWNER};

/// The card play of a hand at one moment, in hand positions (0 = eldest, 1, 2; owner 3 in a
/// trick is the 4-player dealer's talon card, `TALON_OWNER` an X2 talon card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayState {
    /// The cards each position still holds.
    pub hands: [CardSet; 3],
    /// Trump suit (none in NT, misère and all-pass).
    pub trump: Option<Suit>,
    /// The trick in progress.
    pub trick: Trick,
    /// The position to play next.
    pub to_play: Owner,
    /// Tricks taken so far by position; `[3]` is the 4-player dealer (F3 all-pass talon).
    pub tricks: [u8; 4],
    /// Completed tricks.
    pub tricks_done: u8,
    /// Talon cards that will lead the next tricks (X2 / F3), in order.
    pub talon_leads: [Option<Card>; 2],
    /// F3 `dealer_allpass_talon`: the talon leads are the dealer's real leads (they can win).
    pub talon_can_win: bool,
    /// The contract (`None` in all-pass).
    pub contract: Option<Bid>,
    /// The declarer's position (`None` in all-pass).
    pub declarer: Option<Owner>,
}

impl PlayState {
    /// The first lead of a hand (P1: the eldest, position 0, leads): `hands` in positions,
    /// the contract (`None`: all-pass) and its declarer; the trump follows the contract.
    pub fn first_lead(hands: [CardSet; 3], contract: Option<Bid>, declarer: Option<Owner>) -> PlayState {
        PlayState {
            hands,
            trump: contract.and_then(Bid::trump),
            trick: Trick::new(),
            to_play: 0,
            tricks: [0; 4],
            tricks_done: 10u8.saturating_sub(hands[0].len() as u8),
            talon_leads: [None, None],
            talon_can_win: false,
            contract,
            declarer,
        }
    }

    /// Tricks still to play (including the one in progress).
    pub fn tricks_left(&self) -> u8 {
        10 - self.tricks_done
    }

    /// The trick to play to: the trick in progress or, at a trick boundary, the trick a talon
    /// card leads (X2, F3).
    pub fn current_trick(&self) -> Trick {
        if self.trick.is_empty() {
            if let Some(c) = self.talon_leads[0] {
                let mut t = Trick::new();
                t.push(if self.talon_can_win { 3 } else { TALON_OWNER }, c);
                return t;
            }
        }
        self.trick
    }

    /// The position that plays next (to a talon card: the eldest, X2).
    pub fn mover(&self) -> Owner {
        if self.trick.is_empty() && self.talon_leads[0].is_some() {
            0
        } else {
            self.to_play
        }
    }

    /// The cards the position to play may play (R6).
    pub fn legal_cards(&self) -> CardSet {
        let hand = self.hands[self.mover() as usize % 3];
        legal_cards(hand, self.current_trick().led(), None, self.trump, Obligations::RUSSIAN)
    }

    /// The state after the position to play plays `card` (which should be legal): the trick
    /// is completed and scored when full, and the next trick is led by its winner — or by the
    /// eldest after a talon-led trick, or by the next talon card (P1, R6, X2, F3).
    pub fn play(&self, card: Card) -> PlayState {
        let mut s = *self;
        let mut trick = self.current_trick();
        if self.trick.is_empty() && self.talon_leads[0].is_some() {
            s.talon_leads = [self.talon_leads[1], None];
            s.to_play = 0;
        }
        let p = s.to_play as usize % 3;
        s.hands[p].remove(card);
        trick.push(s.to_play, card);
        let talon_led = trick.first_owner().is_some_and(|o| o > 2);
        if trick.len() == 3 + usize::from(talon_led) {
            let w = trick.winner(s.trump).unwrap_or(0);
            s.tricks[(w as usize).min(3)] += 1;
            s.tricks_done += 1;
            s.trick = Trick::new();
            s.to_play = if talon_led || s.talon_leads[0].is_some() { 0 } else { w };
        } else {
            s.trick = trick;
            s.to_play = (s.to_play + 1) % 3;
        }
        s
    }
}
