//! # preferans — the rules of the Preferans family
//!
//! Cards and card sets (RULES.md R1–R2), seeded dealing (R5), the hand state machine of
//! Russian Preferans for 3, 4 and 2 players (sections 2, 4, 5), the match (dealer rotation,
//! all-pass series, A6 exits) and game records. No I/O, no async, no threads: everything else
//! (CLI, bots, solver, server) calls this crate and knows no rule of its own.
//!
//! Data flows one way: a [`Deal`] is made → a [`HandState`] takes actions and gives per-seat
//! [`Observation`]s → a finished hand yields a [`HandOutcome`] → the [`Match`] moves on.
//!
//! Panic policy: no public function panics on any input. Checked entry points
//! ([`HandState::apply`], parsers, [`Rules::set`], record replay) return errors and leave state
//! unchanged; [`HandState::apply_unchecked`] trusts its caller for speed.

#![warn(missing_docs)]

/// Serialises a type through its `Display` / `FromStr` text form (cards, sets, bids, actions).
#[macro_export]
#[doc(hidden)]
macro_rules! serde_via_text {
    ($t:ty) => {
        #[cfg(feature = "serde")]
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

pub mod action;
pub mod bid;
pub mod card;
pub mod cardset;
pub mod deal;
pub mod error;
pub mod game;
pub mod observation;
pub mod outcome;
pub mod playstate;
#[cfg(feature = "serde")]
pub mod record;
pub mod rules;
pub mod russian;
pub mod scoring;
pub mod trick;

pub use action::Action;
pub use bid::{Bid, Strain};
pub use card::{Card, Rank, Suit};
pub use cardset::CardSet;
pub use deal::Deal;
pub use error::{IllegalAction, ParseError, RulesError};
pub use game::Match;
pub use observation::{Observation, Viewer};
pub use outcome::{ContractOutcome, DefenceMode, DefenderOutcome, HandOutcome, Resolution, WhistCall};
pub use playstate::PlayState;
pub use rules::Rules;
pub use russian::RussianHand;

/// A table seat, numbered clockwise from 0 (R3).
pub type Seat = u8;

/// A hand of any game of the family as a state machine. Every game implements it; bots, UIs
/// and the server drive hands only through it.
pub trait HandState {
    /// The seat to act, or `None` when the hand is over.
    fn to_move(&self) -> Option<Seat>;

    /// The legal actions of the seat to move, written into `out` (cleared first).
    fn legal_actions(&self, out: &mut Vec<Action>);

    /// Applies `action` by `seat`.
    ///
    /// # Errors
    /// [`IllegalAction`] with a reason when it is not `seat`'s turn or the action is not legal;
    /// the state is then unchanged.
    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction>;

    /// Applies a legal action of the seat to move without checking it (simulations, search).
    fn apply_unchecked(&mut self, action: Action);

    /// What `viewer` may know now (section 7).
    fn observation(&self, viewer: Viewer) -> Observation;

    /// The outcome once the hand is over.
    fn outcome(&self) -> Option<HandOutcome>;

    /// True once the hand is over.
    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }
}
