//! The table's chat: lines checked, named by their seat, the last few kept and stored.

use preferans::Seat;
use serde::Serialize;

use super::Table;
use crate::store::StoredChat;

/// One line of the table's chat.
#[derive(Clone, Debug, Serialize)]
pub struct ChatLine {
    /// The seat that wrote it.
    pub seat: Seat,
    /// Its player's name when it was written.
    pub name: String,
    /// What was said.
    pub text: String,
}

/// The chat lines a table keeps (each view carries them all; the store keeps as many).
pub const CHAT_LINES: usize = 30;
/// The longest chat line, in characters.
pub const CHAT_CHARS: usize = 200;

impl Table {
    /// Whether `seat` may say another chat line now (and counts it if so).
    pub fn chat_allowed(&self, seat: Seat) -> bool {
        self.chat_limit.check_key(&seat).is_ok()
    }

    /// Whether `seat` may ask for hints now (and counts it if so).
    pub fn hint_allowed(&self, seat: Seat) -> bool {
        self.hint_limit.check_key(&seat).is_ok()
    }

    /// `seat`'s chat line as it would be kept (trimmed, named), or why it is refused. Changes
    /// nothing: the hub stores the line, then adds it with [`Table::add_chat`].
    ///
    /// # Errors
    /// An empty line, one over [`CHAT_CHARS`] characters, one with control or text-direction
    /// characters, or a seat the table does not have.
    pub fn check_chat(&self, seat: Seat, text: &str) -> Result<ChatLine, String> {
        if usize::from(seat) >= self.seats.len() {
            return Err(format!("the table has no seat {seat}"));
        }
        let text = text.trim();
        if text.is_empty() {
            return Err("an empty chat line".into());
        }
        if text.chars().count() > CHAT_CHARS {
            return Err(format!("a chat line has at most {CHAT_CHARS} characters"));
        }
        if text.chars().any(crate::config::hidden_char) {
            return Err("a chat line holds no control or text-direction characters".into());
        }
        // Zero-width characters alone would make a line that shows nothing.
        if !crate::config::shows_something(text) {
            return Err("a chat line shows nothing".into());
        }
        Ok(ChatLine {
            seat,
            name: self.seat_name(seat, usize::MAX),
            text: text.to_string(),
        })
    }

    /// The number the next chat line is stored under (lines said since the table was made).
    pub fn chat_said(&self) -> u64 {
        self.chat_said
    }

    /// Adds a line [`Table::check_chat`] made; the oldest goes once [`CHAT_LINES`] are kept.
    pub fn add_chat(&mut self, line: ChatLine) {
        if self.chat.len() == CHAT_LINES {
            self.chat.pop_front();
        }
        self.chat.push_back(line);
        self.chat_said += 1;
        self.version += 1;
    }

    /// Checks and adds `seat`'s line at once (no store: tests and fuzzing).
    ///
    /// # Errors
    /// As [`Table::check_chat`]; nothing changes then.
    pub fn say(&mut self, seat: Seat, text: &str) -> Result<(), String> {
        let line = self.check_chat(seat, text)?;
        self.add_chat(line);
        Ok(())
    }

    /// Puts back the stored lines (oldest first), the last [`CHAT_LINES`] of them. A line of
    /// a seat the table does not have (a corrupt row) is left out.
    pub(super) fn restore_chat(&mut self, stored: &[StoredChat]) {
        let seats = self.seats.len();
        let kept = stored.iter().filter(|c| usize::from(c.seat) < seats);
        for c in kept {
            if self.chat.len() == CHAT_LINES {
                self.chat.pop_front();
            }
            self.chat.push_back(ChatLine {
                seat: c.seat,
                name: c.name.clone(),
                text: c.text.clone(),
            });
        }
        self.chat_said = stored.last().map_or(0, |c| c.seq + 1);
        self.version += 1;
    }
}
