//! The next game with the same seats: one of the finished game's players starts it, and
//! every viewer of the finished table is shown where it is.

use std::sync::Arc;

use super::{Hub, HubError};
use crate::store::TableStatus;

impl Hub {
    /// Starts the next game of finished table `id` with its rules, seats and options (new
    /// deals; a private table stays private, with `password` — the finished table's — as
    /// its password), or returns the one already started. Only a player of the finished
    /// game (`token`) may start it. Counts as a table created by `address`.
    ///
    /// # Errors
    /// No table; a token that is not a seat's ([`HubError::BadToken`]); the game not over or
    /// a wrong password ([`HubError::Seat`]); over the address's tables; storage failure.
    pub async fn rematch(
        self: &Arc<Self>,
        address: std::net::IpAddr,
        id: &str,
        token: &str,
        password: Option<&str>,
    ) -> Result<String, HubError> {
        let h = self.table(id).await?;
        // One rematch at a time: whoever asks second gets the first one's table.
        let _one_at_a_time = self.rematches.lock().await;
        let mut config = {
            let t = h.state.lock().await;
            // A player of the finished game: his seat's token, or the one of a person whose
            // seat a bot played for him at the end.
            if t.seat_of_token(token).or_else(|| t.stand_in_seat(token)).is_none() {
                return Err(HubError::BadToken);
            }
            if t.status() != TableStatus::Finished {
                return Err(HubError::Seat("the game is not over yet".into()));
            }
            if let Some(next) = t.next_table() {
                return Ok(next.to_string());
            }
            self.check_password(
                address,
                &t,
                password,
                "this table is private: its password is the next game's too",
            )?;
            let mut config = t.config.clone();
            config.seats = t.seats_for_next_game();
            config
        };
        if config.password.is_some() {
            // Checked above. Only the digest is kept, salted with the table id: the new
            // table digests the password given again with its own id.
            config.password = password.map(str::to_string);
        }
        // New deals, whatever the finished game was dealt from.
        config.seed = None;
        let next = self.create_table_from(address, config).await?;
        // The new table exists now: link it even if the link cannot be stored (then a restart,
        // or the finished table leaving memory, forgets it), rather than have the next asker
        // create another one.
        if let Err(e) = self.store.set_next_table(id, &next).await {
            tracing::error!(table = %id, next = %next, "the next game's link was not stored: {e}");
        }
        let mut t = h.state.lock().await;
        t.set_next_table(next.clone());
        h.changed.send_replace(t.version());
        Ok(next)
    }
}
