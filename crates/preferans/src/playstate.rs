//! The complete state of the card play of a hand, every hand known: the input of the
//! double-dummy solver and of post-game analysis. It shows every card, so it is for analysis
//! after or outside a game — never for a seat (players get observations).

use crate::bid::Bid;
use crate::card::{Card, Suit};
use crate::cardset::CardSet;
use crate::trick::{Owner, Trick};

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
    /// Tricks still to play (including the one in progress).
    pub fn tricks_left(&self) -> u8 {
        10 - self.tricks_done
    }
}
