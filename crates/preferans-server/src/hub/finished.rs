//! Which tables are in memory: every table not yet over, and finished ones up to
//! [`super::HubSettings::finished_tables_in_memory`]; an older finished table is read from the
//! store when it is asked for.

use std::collections::HashMap;
use std::sync::Arc;

use super::{handle, Hub, HubError, TableHandle};
use crate::store::TableStatus;
use crate::table::Table;

impl Hub {
    /// A table by id.
    ///
    /// # Errors
    /// No such table.
    pub async fn table(&self, id: &str) -> Result<Arc<TableHandle>, HubError> {
        let no_table = || HubError::NoTable(id.chars().take(40).collect());
        if let Some(h) = self.tables.read().await.get(id) {
            return Ok(h.clone());
        }
        // A finished table that is not in memory: read it again (`finished_tables_in_memory`).
        // One reader at a time, so that a copy read from the store is never older than one
        // another request read, changed (chat, a rematch's link) and let go meanwhile.
        // Ids are plain words (the server makes them of hex digits): anything else is no
        // table, not a question for the database (PostgreSQL refuses a NUL in text, as an
        // error).
        if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
            return Err(no_table());
        }
        let _loading = self.loading.lock().await;
        if let Some(h) = self.tables.read().await.get(id) {
            return Ok(h.clone());
        }
        let stored = self.store.load_table(id).await?.ok_or_else(no_table)?;
        // Replaying a long game takes milliseconds: off the async workers.
        let restored = tokio::task::spawn_blocking(move || Table::restore(&stored))
            .await
            .unwrap_or_else(|e| Err(format!("replay stopped: {e}")));
        let mut table = restored.map_err(|e| {
            tracing::error!(table = %id, "not loaded: {e}");
            no_table()
        })?;
        table.away_before_bot_ms = self.away_before_bot_ms();
        let h = Arc::new(handle(table));
        let mut map = self.tables.write().await;
        map.insert(id.to_string(), h.clone());
        self.forget_finished_tables(&mut map, id);
        Ok(h)
    }

    /// Drops finished tables from memory, oldest first, past
    /// [`super::HubSettings::finished_tables_in_memory`]; never `keep`, nor a table someone has open
    /// (its connections hold the handle and would miss what another copy is told) or busy.
    pub(super) fn forget_finished_tables(&self, map: &mut HashMap<String, Arc<TableHandle>>, keep: &str) {
        let mut finished: Vec<(i64, String)> = map
            .values()
            .filter(|h| h.id != keep && h.changed.receiver_count() == 0 && Arc::strong_count(h) == 1)
            .filter_map(|h| {
                let t = h.state.try_lock().ok()?;
                (t.status() == TableStatus::Finished).then(|| (t.created_at, h.id.clone()))
            })
            .collect();
        let cap = self.settings.finished_tables_in_memory;
        // Counted over the forgettable ones only: an open or busy one stays without being counted.
        if finished.len() <= cap {
            return;
        }
        finished.sort();
        for (_, id) in &finished[..finished.len() - cap] {
            map.remove(id);
        }
    }
}
