//! A seat carried to another device (a phone, another browser): the person's page asks for a
//! transfer code, which the other device gives back once for the seat's token. The code is
//! what travels in a link, so a link left in a browser's history or a chat opens nothing
//! once used or after [`TRANSFER_LIFETIME`]; the token itself never travels in an address.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use preferans::Seat;

use super::{random_hex, Hub, HubError};
use crate::store::TableStatus;

/// How long a transfer code may wait for the other device.
pub const TRANSFER_LIFETIME: Duration = Duration::from_secs(600);

/// Codes waiting at once, from every table: each seat has one at most (a new one replaces
/// it), so this is reached only by a flood; past it, asking waits for codes to expire.
const MOST_CODES: usize = 10_000;

/// Codes waiting for their other device, in memory only (a restart forgets them: ask
/// again). The token is kept beside its code for those minutes, as a join keeps it.
#[derive(Default)]
pub(crate) struct Transfers(std::sync::Mutex<HashMap<String, Transfer>>);

struct Transfer {
    table: String,
    seat: Seat,
    token: String,
    until: Instant,
}

impl Transfers {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Transfer>> {
        // A poisoned map only holds codes: they stay usable.
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Hub {
    /// A code for the seat `token` holds at table `id`, good once within
    /// [`TRANSFER_LIFETIME`] ([`Hub::claim_transfer`]); it replaces the seat's earlier one.
    ///
    /// # Errors
    /// No table; a token that is not a seat's ([`HubError::BadToken`]); the game over
    /// ([`HubError::Seat`]); too many codes waiting ([`HubError::TooMany`]).
    pub async fn seat_transfer(self: &Arc<Self>, id: &str, token: &str) -> Result<String, HubError> {
        let h = self.table(id).await?;
        let t = h.state.lock().await;
        let seat = t.seat_of_token(token).ok_or(HubError::BadToken)?;
        if t.status() == TableStatus::Finished {
            return Err(HubError::Seat("the game is over: there is no seat to carry".into()));
        }
        drop(t);
        let code = random_hex(16);
        let now = Instant::now();
        let mut codes = self.transfers.lock();
        // The seat's earlier link opens nothing any more: one waiting code a seat.
        codes.retain(|_, c| c.until > now && !(c.table == id && c.seat == seat));
        if codes.len() >= MOST_CODES {
            return Err(HubError::TooMany(
                "too many seat links are waiting: try again in a few minutes".into(),
            ));
        }
        codes.insert(
            code.clone(),
            Transfer {
                table: id.to_string(),
                seat,
                token: token.to_string(),
                until: now + TRANSFER_LIFETIME,
            },
        );
        Ok(code)
    }

    /// The seat and token behind `code` at table `id`; the code is used up, whatever the
    /// answer.
    ///
    /// # Errors
    /// No table; an unknown, used, replaced or expired code, one of another table, a seat
    /// its person has left since, or the game over ([`HubError::Seat`]).
    pub async fn claim_transfer(self: &Arc<Self>, id: &str, code: &str) -> Result<(Seat, String), HubError> {
        let now = Instant::now();
        let taken = {
            let mut codes = self.transfers.lock();
            let taken = codes.remove(code);
            codes.retain(|_, c| c.until > now);
            taken
        };
        let transfer = taken.filter(|c| c.until > now && c.table == id).ok_or_else(|| {
            HubError::Seat(
                "this seat link was used already, replaced by a newer one, or has expired: ask for a new one".into(),
            )
        })?;
        let h = self.table(id).await?;
        let t = h.state.lock().await;
        if t.status() == TableStatus::Finished {
            return Err(HubError::Seat("the game is over: there is no seat to carry".into()));
        }
        let seat = t
            .seat_of_token(&transfer.token)
            .ok_or_else(|| HubError::Seat("the seat's player has left it since the link was made".into()))?;
        Ok((seat, transfer.token))
    }
}
