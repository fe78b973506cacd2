//! What a person sends with his seat token (an action, a chat line): the token is resolved
//! under the same lock as the change, so that a person who left the table, or whose seat a
//! bot took meanwhile, acts and speaks for nobody.

use std::sync::Arc;

use preferans::Action;

use super::{Hub, HubError, TableHandle};

impl Hub {
    /// [`Hub::act`] for the seat `token` holds now, refused when `after` is given and the
    /// game has applied another number of actions (the action was chosen before the game
    /// moved on: a second tab's copy, a resend).
    ///
    /// # Errors
    /// As [`Hub::act`]; a token that holds no seat ([`HubError::BadToken`]); a stale
    /// `after` ([`HubError::Illegal`]).
    pub async fn act_as(
        self: &Arc<Self>,
        h: &Arc<TableHandle>,
        token: &str,
        action: Action,
        after: Option<u64>,
    ) -> Result<(), HubError> {
        let mut t = h.state.lock().await;
        let seat = t.seat_of_token(token).ok_or(HubError::BadToken)?;
        match after {
            Some(n) if n < t.action_count() => {
                return Err(HubError::Illegal(format!(
                    "'{action}' was chosen before the game moved on: it was not applied"
                )));
            }
            // A count the game has not reached is no stale choice but a wrong one.
            Some(n) if n > t.action_count() => {
                return Err(HubError::Illegal(format!(
                    "'{action}' was sent after action {n}, but the game has had only {}: it was not applied",
                    t.action_count()
                )));
            }
            _ => {}
        }
        self.act_locked(&mut t, h, seat, action).await?;
        drop(t);
        self.schedule(h).await;
        Ok(())
    }

    /// The chat line of the seat `token` holds: checked (a line refused for what it says
    /// uses up no allowance), then the seat's allowance (talk, not a flood that scrolls the
    /// others' chat away), stored, kept and shown to every viewer. A refused line changes
    /// nothing.
    ///
    /// # Errors
    /// A token that holds no seat ([`HubError::BadToken`]); a line
    /// [`crate::table::Table::check_chat`] refuses ([`HubError::BadRequest`]); over the
    /// allowance ([`HubError::TooMany`]); a storage failure.
    pub async fn say_as(&self, h: &TableHandle, token: &str, text: &str) -> Result<(), HubError> {
        let mut t = h.state.lock().await;
        let seat = t.seat_of_token(token).ok_or(HubError::BadToken)?;
        let line = t.check_chat(seat, text).map_err(HubError::BadRequest)?;
        if !t.chat_allowed(seat) {
            return Err(HubError::TooMany("too many chat lines: wait a moment".into()));
        }
        let stored = crate::store::StoredChat {
            seq: t.chat_said(),
            seat,
            name: line.name.clone(),
            text: line.text.clone(),
        };
        self.store.append_chat(&t.id, &stored).await?;
        t.add_chat(line);
        h.changed.send_replace(t.version());
        Ok(())
    }
}
