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
/// (a pasted page is not repeated back whole). Control and invisible characters are written
/// as escapes (`\u{1}`): shown as they are, `'AS\u{1}' is not a card` would read as `'AS'`,
/// and an escape sequence would act on the terminal.
pub fn quoted(text: &str, most: usize) -> String {
    let mut q = String::new();
    for c in text.chars().take(most) {
        let invisible =
            matches!(c, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}');
        if c.is_control() || invisible {
            q.extend(c.escape_unicode());
        } else {
            q.push(c);
        }
    }
    if text.chars().nth(most).is_some() {
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

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn quoted_text_shows_control_and_invisible_characters_as_escapes() {
        assert_eq!(quoted("AS\u{1}", 12), "AS\\u{1}");
        assert_eq!(quoted("\u{1b}[31mred", 12), "\\u{1b}[31mred");
        assert_eq!(quoted("K\u{202e}S", 12), "K\\u{202e}S");
        assert_eq!(quoted("7♥", 12), "7♥");
        assert_eq!(quoted("abcdef", 3), "abc…");
        assert_eq!(quoted("abc", 3), "abc");
        assert_eq!(
            "AS\u{1}".parse::<crate::Card>().unwrap_err().to_string(),
            "'AS\\u{1}' is not a card (expected e.g. AS, TD, 10H, 7♥)"
        );
    }
}
