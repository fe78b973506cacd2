//! Whether the database answers, and whether it would take a write (`/api/health`).

use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, SqliteConnection};

use super::{Store, StoreError, CONNECT_TIMEOUT};

/// How long a write probe's answer is given to the health requests that follow it (besides
/// those that waited for it): a flood of requests makes a probe every quarter second at most.
pub const PROBE_FRESH: Duration = Duration::from_millis(250);

/// How long the write probe waits for SQLite's write lock: a program holding it longer makes
/// the probe fail (the server's own writes wait 5 s for it, then fail).
const PROBE_BUSY_WAIT: Duration = Duration::from_millis(250);

/// The last write probe: when, and its refusal if any.
pub(super) type LastProbe = Arc<tokio::sync::Mutex<Option<(Instant, Option<String>)>>>;

impl Store {
    /// Whether the database answers (a trivial query, within [`CONNECT_TIMEOUT`]).
    ///
    /// # Errors
    /// The database's error, or [`StoreError::Timeout`].
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.writable()?;
        tokio::time::timeout(CONNECT_TIMEOUT, sqlx::query("SELECT 1").execute(&self.pool))
            .await
            .map_err(|_| StoreError::Timeout)??;
        Ok(())
    }

    /// Whether a write would be accepted now. SQLite: on a connection of its own (the
    /// server's one connection stays free for play), a write transaction is begun and rolled
    /// back — a read-only file, or another program holding the write lock, fail it, which
    /// [`Store::ping`]'s read does not see. One probe at a time: its answer is given to the
    /// requests that waited for it, and for [`PROBE_FRESH`] after. PostgreSQL:
    /// [`Store::ping`]'s answer suffices.
    ///
    /// # Errors
    /// [`StoreError::WritesRefused`] with the cause, or [`StoreError::LockLost`].
    pub async fn probe_write(&self) -> Result<(), StoreError> {
        self.writable()?;
        let Some(url) = &self.sqlite_url else {
            return Ok(());
        };
        let asked = Instant::now();
        let mut last = self.write_probe.lock().await;
        let refusal = match &*last {
            Some((at, refusal)) if *at >= asked || at.elapsed() < PROBE_FRESH => refusal.clone(),
            _ => {
                let refusal = probe_sqlite(url).await.err();
                *last = Some((Instant::now(), refusal.clone()));
                refusal
            }
        };
        refusal.map_or(Ok(()), |why| Err(StoreError::WritesRefused(why)))
    }
}

/// Begins a write transaction on SQLite's file at `url` and rolls it back.
async fn probe_sqlite(url: &str) -> Result<(), String> {
    let probe = async {
        let options = SqliteConnectOptions::from_str(url)?.busy_timeout(PROBE_BUSY_WAIT);
        let mut conn = SqliteConnection::connect_with(&options).await?;
        let result = async {
            sqlx::query("BEGIN IMMEDIATE").execute(&mut conn).await?;
            sqlx::query("ROLLBACK").execute(&mut conn).await
        }
        .await;
        // Closed either way (a connection dropped mid-transaction rolls back as it closes).
        let _ = conn.close().await;
        result.map(|_| ())
    };
    match tokio::time::timeout(CONNECT_TIMEOUT, probe).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!("no answer within {} s", CONNECT_TIMEOUT.as_secs())),
    }
}
