//! A person leaves the table, or has been away from it too long: a bot plays his seat from
//! then on, so that the others' game goes on instead of waiting for him for ever. One who
//! was only away takes his seat back when he returns.

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
        // One whose seat a bot plays while he is away leaves for good: his token goes.
        if let Some(seat) = t.stand_in_seat(token) {
            refuse_if_over(&t)?;
            let config = t.config.clone();
            self.store.hand_seat_to_bot(&t.id, seat, &config, false).await?;
            t.forget_stand_in(seat);
            return Ok(seat);
        }
        let seat = t.seat_of_token(token).ok_or(HubError::BadToken)?;
        self.seat_to_bot(&h, t, seat, false).await?;
        Ok(seat)
    }

    /// Another player at table `id` (`token`) hands `seat` to a bot: the person there has had
    /// no connection to the table for [`crate::HubSettings::away_before_bot`] at least, and
    /// the others would otherwise wait for him for ever. As [`Hub::leave`] for that seat.
    ///
    /// # Errors
    /// No table; a token that is not a seat's ([`HubError::BadToken`]); a seat the table does
    /// not have ([`HubError::BadRequest`]); the seat his own, not
    /// a seated person's, a person not away long enough, or the game over ([`HubError::Seat`]);
    /// storage failure.
    pub async fn away_seat_to_bot(self: &Arc<Self>, id: &str, token: &str, seat: Seat) -> Result<(), HubError> {
        let h = self.table(id).await?;
        let t = h.state.lock().await;
        let asker = t.seat_of_token(token).ok_or(HubError::BadToken)?;
        if asker == seat {
            return Err(HubError::Seat("that is your own seat: leave the table instead".into()));
        }
        let seats = t.config.seats.len();
        if usize::from(seat) >= seats {
            // A seat the table does not have is a malformed request (400), as for claims.
            return Err(HubError::BadRequest(format!(
                "seat {seat} does not exist: this table has seats 0 to {}",
                seats.saturating_sub(1)
            )));
        }
        // A finished game keeps its seats, however long anyone has been away.
        refuse_if_over(&t)?;
        let wait = self.away_before_bot_ms();
        let now = crate::store::now_ms();
        // A free seat nobody came to take keeps the table waiting as surely (a next game
        // whose player did not come back): after the same wait, a bot may play it.
        if let Some(free) = t.free_for_ms(seat, now) {
            if free < wait {
                return Err(HubError::Seat(format!(
                    "seat {seat} has been free for {} s: a bot may take it after {} s",
                    free / 1000,
                    wait / 1000
                )));
            }
            return self.free_seat_to_bot(&h, t, seat).await;
        }
        match t.away_for_ms(seat, now) {
            None => return Err(HubError::Seat(format!("seat {seat} is not an absent person's"))),
            Some(away) if away < wait => {
                return Err(HubError::Seat(format!(
                    "seat {seat}'s player has been away for {} s: a bot may take over after {} s",
                    away / 1000,
                    wait / 1000
                )))
            }
            Some(_) => {}
        }
        // He did not leave: his token takes the seat back when he returns.
        self.seat_to_bot(&h, t, seat, true).await
    }

    /// Hands a free person's seat to a bot: stored first, then applied, then the bot is
    /// scheduled.
    async fn free_seat_to_bot(
        self: &Arc<Self>,
        h: &Arc<super::TableHandle>,
        mut t: tokio::sync::MutexGuard<'_, Table>,
        seat: Seat,
    ) -> Result<(), HubError> {
        let mut config = t.config.clone();
        config.seats[usize::from(seat)] = SeatKind::Bot {
            level: Table::LEAVER_BOT.into(),
        };
        self.store.set_config(&t.id, &config).await?;
        t.free_seat_to_bot(seat).map_err(HubError::Seat)?;
        h.changed.send_replace(t.version());
        drop(t);
        self.schedule(h).await;
        Ok(())
    }

    /// Who a `join` with `token` at table `h` is, decided under one lock (two tabs of a
    /// returning person join at once): the seat the token holds; else, for the away person
    /// whose seat a bot plays for him, that seat given back to him (stored first) — or, the
    /// game being over (its seats stay as they were), a spectator's view; `None` for a
    /// token that is no seat's at all.
    ///
    /// # Errors
    /// Storage failure (nothing changed).
    pub async fn joining_seat(
        self: &Arc<Self>,
        h: &Arc<super::TableHandle>,
        token: &str,
    ) -> Result<Option<preferans::Viewer>, HubError> {
        use preferans::Viewer;
        let mut t = h.state.lock().await;
        if let Some(seat) = t.seat_of_token(token) {
            return Ok(Some(Viewer::Seat(seat)));
        }
        let Some(seat) = t.stand_in_seat(token) else {
            return Ok(None);
        };
        if t.status() == TableStatus::Finished {
            return Ok(Some(Viewer::Spectator));
        }
        let mut config = t.config.clone();
        config.seats[usize::from(seat)] = SeatKind::Human;
        self.store.set_config(&t.id, &config).await?;
        t.take_back(seat).map_err(HubError::Seat)?;
        h.changed.send_replace(t.version());
        drop(t);
        // A person's turn now: his move timer, if the table has one.
        self.schedule(h).await;
        Ok(Some(Viewer::Seat(seat)))
    }

    /// Hands a seated person's `seat` to a bot: stored first, then applied (a failed write
    /// leaves him seated), then the bot is scheduled.
    async fn seat_to_bot(
        self: &Arc<Self>,
        h: &Arc<super::TableHandle>,
        mut t: tokio::sync::MutexGuard<'_, Table>,
        seat: Seat,
        stand_in: bool,
    ) -> Result<(), HubError> {
        refuse_if_over(&t)?;
        let mut config = t.config.clone();
        config.seats[usize::from(seat)] = SeatKind::Bot {
            level: Table::LEAVER_BOT.into(),
        };
        self.store.hand_seat_to_bot(&t.id, seat, &config, stand_in).await?;
        t.hand_to_bot(seat, stand_in).map_err(HubError::Seat)?;
        h.changed.send_replace(t.version());
        drop(t);
        // The bot may be the one to move.
        self.schedule(h).await;
        Ok(())
    }
}

/// A finished game's seats stay as they were: nobody's seat goes to a bot.
fn refuse_if_over(t: &Table) -> Result<(), HubError> {
    if t.status() == TableStatus::Finished {
        return Err(HubError::Seat("the game is over: its seats stay as they were".into()));
    }
    Ok(())
}
