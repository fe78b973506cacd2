//! Ranked hints for a seat's decision (the expert adviser), worked out at most one per core
//! at once, so that a flood of hint requests cannot take every core from the bots and the
//! tables being played.

use std::sync::Arc;

use preferans::{Seat, Viewer};

use super::{Hub, HubError, TableHandle};

/// How long a hint request waits for a free slot before it is told to ask again: a flood of
/// hints (many seats asking at once) cannot queue without end, nor take every core from the
/// bots and the tables being played. A hint takes tens of milliseconds (docs/bots.md).
const HINT_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// A hint refused because every slot stayed busy for two seconds.
pub const HINTS_BUSY: &str = "the hints are busy: ask again in a moment";

impl Hub {
    /// The slots hints are worked out in, one per core: a hint holds one while it is worked
    /// out, and a request that finds none free within two seconds is refused
    /// ([`HINTS_BUSY`]).
    pub fn hint_slots(&self) -> &Arc<tokio::sync::Semaphore> {
        &self.hint_slots
    }

    /// Ranked hints for a seat's current decision (the expert adviser; runs off the async
    /// threads).
    ///
    /// # Errors
    /// Not the seat's turn, or the match over ([`HubError::Illegal`]); every slot busy
    /// ([`HubError::TooMany`], [`HINTS_BUSY`]).
    pub async fn hints(&self, h: &TableHandle, seat: Seat) -> Result<Vec<preferans_bots::hints::Hint>, HubError> {
        let t = h.state.lock().await;
        if t.to_move() != Some(seat) {
            return Err(HubError::Illegal("hints are for your own turn".into()));
        }
        let obs = t
            .observation(Viewer::Seat(seat))
            .ok_or_else(|| HubError::Illegal("the match is over".into()))?;
        // One adviser for the whole table, seeded from its deals' seed as the post-game
        // review is: each decision draws its own stream (`seeding.rs`), the discard's and the
        // declaration's hints share their deals, and the review values a call as its hint did.
        let seed = t.seed;
        let rules = t.game().rules().clone();
        drop(t);
        let budget = self.settings.hint_budget;
        let Ok(Ok(slot)) = tokio::time::timeout(HINT_WAIT, self.hint_slots.clone().acquire_owned()).await else {
            return Err(HubError::TooMany(HINTS_BUSY.into()));
        };
        tokio::task::spawn_blocking(move || {
            // Held until the hint is worked out, even when its request is dropped meanwhile.
            let _slot = slot;
            // The table's rules: bids, whists and contracts are scored as this table scores.
            let mut adviser = preferans_bots::adviser(seed, budget, &rules);
            preferans_bots::hints::hints(&obs, &mut adviser)
        })
        .await
        .map_err(|e| {
            tracing::error!("the hint adviser failed: {e}");
            HubError::Internal("the hints could not be worked out: a fault of the server's".into())
        })
    }
}
