//! A person leaves the table: a bot plays his seat from then on, so that the others' game
//! goes on instead of waiting for him for ever.

use std::sync::Arc;

use preferans::Seat;

use super::{Hub, HubError};
use crate::config::SeatKind;
use crate::store::TableStatus;
use crate::table::Table;

impl Hub {
    /// The person holding `token` at table `id` leaves; returns his seat. The seat keeps his
    /// name and is played by a [`Table::LEAVER_BOT`] bot; his token no longer holds it.
    ///
    /// # Errors
    /// No table; a token that is not a seat's ([`HubError::BadToken`]); the game already over
    /// ([`HubError::Seat`]); storage failure (nothing changed).
    pub async fn leave(self: &Arc<Self>, id: &str, token: &str) -> Result<Seat, HubError> {
        let h = self.table(id).await?;
        let mut t = h.state.lock().await;
        let seat = t.seat_of_token(token).ok_or(HubError::BadToken)?;
        if t.status() == TableStatus::Finished {
            return Err(HubError::Seat("the game is over: there is nothing to leave".into()));
        }
        // Stored first, then applied: a failed write leaves him seated.
        let mut config = t.config.clone();
        config.seats[usize::from(seat)] = SeatKind::Bot {
            level: Table::LEAVER_BOT.into(),
        };
        self.store.hand_seat_to_bot(id, seat, &config).await?;
        t.hand_to_bot(seat).map_err(HubError::Seat)?;
        h.changed.send_replace(t.version());
        drop(t);
        // The bot may be the one to move.
        self.schedule(&h).await;
        Ok(seat)
    }
}
