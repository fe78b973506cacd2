//! Error types. Every fallible function of the crate returns one of these; none panics on input.

use thiserror::Error;

use crate::action::Action;
use crate::Seat;

/// Text that does not parse (a card, a card set, a bid, an action, an option value).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct ParseError {
    message: String,
}

/// `text` as an error quotes it: its first `most` characters, and '…' when there were more
/// (a pasted page is not repeated back whole).
pub fn quoted(text: &str, most: usize) -> String {
    let mut q: String = text.chars().take(most).collect();
    if q.len() < text.len() {
        q.push('…');
    }
    q
}

impl ParseError {
    /// A parse error with a message saying what was wrong.
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError {
            message: message.into(),
        }
    }
}

/// An action refused by the hand state machine. The state is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("seat {seat} may not '{action}': {reason}")]
pub struct IllegalAction {
    /// The seat that tried to act.
    pub seat: Seat,
    /// The refused action.
    pub action: Action,
    /// Why, in words a player understands.
    pub reason: String,
}

/// A rules configuration that cannot be built: unknown preset or option, bad value.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    /// No preset has this name.
    #[error("unknown preset '{0}' (known: {1})")]
    UnknownPreset(String, String),
    /// No option has this name.
    #[error("unknown option '{0}' (see `pref rules` for the list)")]
    UnknownOption(String),
    /// The value does not fit the option.
    #[error("bad value '{value}' for option '{option}': expected {expected}")]
    BadValue {
        /// Option name.
        option: String,
        /// The value given.
        value: String,
        /// What the option accepts.
        expected: String,
    },
    /// Options that contradict each other.
    #[error("inconsistent options: {0}")]
    Inconsistent(String),
}
