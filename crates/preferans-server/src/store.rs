//! Persistence: tables, seats and every accepted action, in SQLite or PostgreSQL through one
//! code path (sqlx's `Any` driver, `$n` placeholders both accept). Migrations run on start.
//!
//! A table's state is never stored, only its configuration, seed and action log: the rules
//! crate replays the log on start, so what is stored is exactly what a record holds.

use std::str::FromStr;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyConnection, AnyPool, Connection, Row};

use crate::config::TableConfig;

mod health;
mod lock;
pub use health::PROBE_FRESH;
pub use lock::{DatabaseLock, LockError, KEEP_EVERY, LOCK_WAIT};

/// A storage error (database unreachable, bad URL, corrupt row).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database said no.
    #[error("database: {0}")]
    Db(sqlx::Error),
    /// The database answers but refuses writes ([`Store::probe_write`]; the cause as text,
    /// since one answer may be given to several requests).
    #[error("database: refuses writes: {0}")]
    WritesRefused(String),
    /// A migration failed.
    #[error("migration: {0}")]
    Migrate(sqlx::migrate::MigrateError),
    /// A stored row does not parse.
    #[error("stored data: {0}")]
    Corrupt(String),
    /// No connection within [`CONNECT_TIMEOUT`] (a host that does not answer).
    #[error("database: no connection within {} s: is it running and reachable?", CONNECT_TIMEOUT.as_secs())]
    Timeout,
    /// The server's lock on its database is lost (an outage; perhaps another server took
    /// it meanwhile): nothing is stored until it is held again.
    #[error("database: this server's lock on it is lost (another `pref serve` may be using it): nothing is stored until the lock is held again")]
    LockLost,
}

// Hand-written rather than `#[from]`, which would also make the cause the error's `source`:
// the message already includes it, and error chains would print it twice.
impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Db(e)
    }
}

// Not `#[from]`: the message already includes the cause (see above).
impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        StoreError::Migrate(e)
    }
}

/// How long the first connection may take before starting up fails.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The lifecycle of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableStatus {
    /// Being played (or waiting for players).
    Open,
    /// The match is over; its record can be replayed and downloaded.
    Finished,
}

impl TableStatus {
    fn as_str(self) -> &'static str {
        match self {
            TableStatus::Open => "open",
            TableStatus::Finished => "finished",
        }
    }
}

/// One stored table with its seats and actions.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Table id.
    pub id: String,
    /// Its configuration.
    pub config: TableConfig,
    /// Deal seed.
    pub seed: u64,
    /// Open or finished.
    pub status: TableStatus,
    /// Creation time, Unix milliseconds.
    pub created_at: i64,
    /// Claimed seats.
    pub seats: Vec<StoredSeat>,
    /// Every accepted action in order: (seat, action text).
    pub actions: Vec<(u8, String)>,
    /// The table of the next game with the same seats, once started.
    pub next_table: Option<String>,
    /// The last chat lines (at most [`crate::table::CHAT_LINES`]), oldest first.
    pub chat: Vec<StoredChat>,
}

/// A chat line as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredChat {
    /// Its number among the table's lines (0-based).
    pub seq: u64,
    /// The seat that said it.
    pub seat: u8,
    /// Its player's name then.
    pub name: String,
    /// What was said.
    pub text: String,
}

/// A claimed seat as stored.
#[derive(Clone, Debug)]
pub struct StoredSeat {
    /// Seat number.
    pub seat: u8,
    /// The person's name.
    pub name: String,
    /// The digest of the seat's token (an older database: the token itself).
    pub token: String,
    /// How many hands were finished when the seat was claimed.
    pub hands_before: u32,
    /// How many entries of the hand then being played came before the claim (0 between
    /// hands).
    pub calls_before: u32,
}

/// Now in Unix milliseconds.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    sqlite: bool,
    /// Set while the server's lock on the database is lost ([`DatabaseLock`]): then nothing
    /// is written (another server may be writing) and [`Store::ping`] fails.
    lock_lost: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// SQLite: the URL a write probe opens a connection of its own to ([`Store::probe_write`]).
    sqlite_url: Option<String>,
    /// The last write probe's time and answer, shared by the requests that ask meanwhile.
    write_probe: health::LastProbe,
}

/// Sets up a new connection. SQLite: WAL with synchronous=NORMAL keeps every committed action
/// through a process kill (not through a power cut, which a game server need not survive);
/// the first statement is also where a file that is not a database is found out.
async fn prepare(conn: &mut AnyConnection, sqlite: bool) -> Result<(), sqlx::Error> {
    if sqlite {
        sqlx::query("PRAGMA journal_mode=WAL").execute(&mut *conn).await?;
        sqlx::query("PRAGMA synchronous=NORMAL").execute(&mut *conn).await?;
    }
    Ok(())
}

/// An SQLite URL without options gets `mode=rwc`, so the file is created on first start.
fn with_create_mode(url: &str) -> String {
    if url.starts_with("sqlite:") && !url.contains('?') && !url.contains(":memory:") {
        format!("{url}?mode=rwc")
    } else {
        url.to_string()
    }
}

impl Store {
    /// Connects to `url` (`sqlite://FILE`, `sqlite::memory:`, `postgres://…`) and applies the
    /// migrations.
    ///
    /// # Errors
    /// A bad URL, an unreachable database (with the driver's reason, within
    /// [`CONNECT_TIMEOUT`]), a file that is not an SQLite database or a failed migration.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        let store = Store::open(url).await?;
        store.migrate().await?;
        Ok(store)
    }

    /// [`Store::connect`] without the migrations (a server applies them once it holds the
    /// database: [`DatabaseLock`]).
    ///
    /// # Errors
    /// As [`Store::connect`], but for the migrations.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = with_create_mode(url);
        let sqlite = url.starts_with("sqlite:");
        let opts = AnyConnectOptions::from_str(&url)?;
        // One connection first: the pool retries a failing connection until its acquire
        // timeout (30 s) and then reports only "pool timed out"; this reports the real cause
        // (refused, bad password, not a database) at once.
        let first = async {
            let mut conn = AnyConnection::connect_with(&opts).await?;
            prepare(&mut conn, sqlite).await?;
            conn.close().await
        };
        tokio::time::timeout(CONNECT_TIMEOUT, first)
            .await
            .map_err(|_| StoreError::Timeout)??;
        // SQLite has one writer: one connection serialises writes without "database is
        // locked" retries.
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 8 })
            .after_connect(move |conn, _| Box::pin(prepare(conn, sqlite)))
            .connect_with(opts)
            .await?;
        Ok(Store {
            pool,
            sqlite,
            lock_lost: Default::default(),
            sqlite_url: sqlite.then(|| url.clone()),
            write_probe: Default::default(),
        })
    }

    /// Applies the migrations the database does not have yet.
    ///
    /// # Errors
    /// A failed migration.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        sqlx::migrate!("./migrations").run(&self.pool).await?;
        Ok(())
    }

    /// Whether this is SQLite (for logs).
    pub fn is_sqlite(&self) -> bool {
        self.sqlite
    }

    /// The flag [`DatabaseLock`] sets while the lock is lost (see [`StoreError::LockLost`]).
    pub fn lock_lost_flag(&self) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
        self.lock_lost.clone()
    }

    /// Refuses a write while the lock is lost.
    pub(crate) fn writable(&self) -> Result<(), StoreError> {
        if self.lock_lost.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(StoreError::LockLost);
        }
        Ok(())
    }

    /// Stores a new table.
    ///
    /// # Errors
    /// A database error.
    pub async fn create_table(&self, id: &str, config: &TableConfig, seed: u64) -> Result<(), StoreError> {
        self.writable()?;
        let json = serde_json::to_string(config).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        sqlx::query("INSERT INTO pref_tables (id, config, seed, status, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(json)
            .bind(seed as i64)
            .bind(TableStatus::Open.as_str())
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores a claimed seat of table `id`.
    ///
    /// # Errors
    /// A database error (also when the seat is already claimed).
    pub async fn claim_seat(&self, id: &str, seat: &StoredSeat) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query("INSERT INTO pref_seats (table_id, seat, name, token, hands_before, calls_before) VALUES ($1, $2, $3, $4, $5, $6)",
        )
            .bind(id)
            .bind(i32::from(seat.seat))
            .bind(&seat.name)
            .bind(&seat.token)
            .bind(i64::from(seat.hands_before))
            .bind(i64::from(seat.calls_before))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Appends an accepted action as number `seq` (0-based) of the table's log; when it ends
    /// the game (`finishes`), marks the table finished in the same transaction, so a stored
    /// last action always comes with the mark.
    ///
    /// # Errors
    /// A database error (also a duplicate `seq`, which means two writers: refused); nothing
    /// is stored then.
    pub async fn append_action(
        &self,
        id: &str,
        seq: u64,
        seat: u8,
        action: &str,
        finishes: bool,
    ) -> Result<(), StoreError> {
        self.writable()?;
        let insert =
            sqlx::query("INSERT INTO pref_actions (table_id, seq, seat, action, at) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(seq as i64)
                .bind(i32::from(seat))
                .bind(action)
                .bind(now_ms());
        if !finishes {
            insert.execute(&self.pool).await?;
            return Ok(());
        }
        let mut tx = self.pool.begin().await?;
        insert.execute(&mut *tx).await?;
        finish_query(id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks a table finished (a table whose stored log ends its game, found at start).
    ///
    /// # Errors
    /// A database error.
    pub async fn finish_table(&self, id: &str) -> Result<(), StoreError> {
        finish_query(id).execute(&self.pool).await?;
        Ok(())
    }

    /// A person left seat `seat` of table `id`: the seat's token is cleared (the name stays)
    /// and the table's configuration, where the seat is now a bot's, is stored, both at once.
    /// With `stand_in` (he is away, not gone) the token stays: a bot's seat that keeps one
    /// plays for him until he comes back (`Table::restore` reads it so).
    ///
    /// # Errors
    /// A database error (nothing is changed then).
    pub async fn hand_seat_to_bot(
        &self,
        id: &str,
        seat: u8,
        config: &TableConfig,
        stand_in: bool,
    ) -> Result<(), StoreError> {
        self.writable()?;
        let json = serde_json::to_string(config).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.pool.begin().await?;
        if !stand_in {
            sqlx::query("UPDATE pref_seats SET token = '' WHERE table_id = $1 AND seat = $2")
                .bind(id)
                .bind(i32::from(seat))
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("UPDATE pref_tables SET config = $1 WHERE id = $2")
            .bind(json)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The configuration of table `id` changed without an action (an away person took his
    /// seat back from the bot that played it for him).
    ///
    /// # Errors
    /// A database error.
    pub async fn set_config(&self, id: &str, config: &TableConfig) -> Result<(), StoreError> {
        self.writable()?;
        let json = serde_json::to_string(config).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        sqlx::query("UPDATE pref_tables SET config = $1 WHERE id = $2")
            .bind(json)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records `next` as the table of the next game after table `id`.
    ///
    /// # Errors
    /// A database error.
    pub async fn set_next_table(&self, id: &str, next: &str) -> Result<(), StoreError> {
        self.writable()?;
        sqlx::query("UPDATE pref_tables SET next_table = $1 WHERE id = $2")
            .bind(next)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores a chat line as number `line.seq` of the table's chat and forgets the lines
    /// older than the last [`crate::table::CHAT_LINES`] (the table shows no more).
    ///
    /// # Errors
    /// A database error (a line with that number already stored among them).
    pub async fn append_chat(&self, id: &str, line: &StoredChat) -> Result<(), StoreError> {
        self.writable()?;
        let seq = i64::try_from(line.seq).map_err(|_| StoreError::Corrupt(format!("table {id}: chat line number")))?;
        sqlx::query("INSERT INTO pref_chat (table_id, seq, seat, name, text, at) VALUES ($1, $2, $3, $4, $5, $6)")
            .bind(id)
            .bind(seq)
            .bind(i32::from(line.seat))
            .bind(&line.name)
            .bind(&line.text)
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM pref_chat WHERE table_id = $1 AND seq <= $2")
            .bind(id)
            .bind(seq - crate::table::CHAT_LINES as i64)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Every table not yet over and the `finished` newest finished ones, with their seats,
    /// actions and last chat lines, oldest first. (Older finished tables stay in the
    /// database: [`Store::load_table`] reads one when it is asked for.)
    ///
    /// # Errors
    /// A database error or a row that does not parse.
    pub async fn load_tables(&self, finished: usize) -> Result<Vec<StoredTable>, StoreError> {
        let newest = i64::try_from(finished).unwrap_or(i64::MAX);
        self.load_where(
            "status <> 'finished' OR id IN (SELECT id FROM pref_tables WHERE status = 'finished' \
             ORDER BY created_at DESC, id DESC LIMIT $1)",
            Bind::Int(newest),
        )
        .await
    }

    /// Table `id` with its seats, actions and last chat lines, if it is stored.
    ///
    /// # Errors
    /// A database error or a row that does not parse.
    pub async fn load_table(&self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        Ok(self.load_where("id = $1", Bind::Text(id.into())).await?.pop())
    }

    /// The tables whose `pref_tables` row meets `filter` (SQL with one parameter, `$1`).
    async fn load_where(&self, filter: &str, arg: Bind) -> Result<Vec<StoredTable>, StoreError> {
        let of_tables = format!("table_id IN (SELECT id FROM pref_tables WHERE {filter})");
        let sql = format!(
            "SELECT id, config, seed, status, created_at, next_table FROM pref_tables WHERE {filter} \
             ORDER BY created_at, id"
        );
        let rows = arg.clone().bind(sqlx::query(&sql)).fetch_all(&self.pool).await?;
        let mut tables = Vec::with_capacity(rows.len());
        for r in rows {
            let id: String = r.try_get("id")?;
            let config: String = r.try_get("config")?;
            let config: TableConfig =
                serde_json::from_str(&config).map_err(|e| StoreError::Corrupt(format!("table {id}: {e}")))?;
            let seed: i64 = r.try_get("seed")?;
            let status: String = r.try_get("status")?;
            tables.push(StoredTable {
                config,
                seed: seed as u64,
                status: if status == "finished" {
                    TableStatus::Finished
                } else {
                    TableStatus::Open
                },
                created_at: r.try_get("created_at")?,
                seats: Vec::new(),
                actions: Vec::new(),
                next_table: r.try_get("next_table")?,
                chat: Vec::new(),
                id,
            });
        }
        if tables.is_empty() {
            // No such table (a mistyped link): no more queries.
            return Ok(tables);
        }
        let index: std::collections::HashMap<String, usize> =
            tables.iter().enumerate().map(|(i, t)| (t.id.clone(), i)).collect();
        let sql = format!(
            "SELECT table_id, seat, name, token, hands_before, calls_before FROM pref_seats WHERE {of_tables} \
             ORDER BY table_id, seat"
        );
        for r in arg.clone().bind(sqlx::query(&sql)).fetch_all(&self.pool).await? {
            let id: String = r.try_get("table_id")?;
            let seat: i32 = r.try_get("seat")?;
            let hands_before: i64 = r.try_get("hands_before")?;
            let calls_before: i64 = r.try_get("calls_before")?;
            if let Some(&i) = index.get(&id) {
                tables[i].seats.push(StoredSeat {
                    // A seat number out of range (a corrupt row) becomes one no table has, so
                    // the restore refuses this table and leaves the others (not seat 0 or 1).
                    seat: u8::try_from(seat).unwrap_or(u8::MAX),
                    name: r.try_get("name")?,
                    token: r.try_get("token")?,
                    hands_before: u32::try_from(hands_before).unwrap_or(0),
                    calls_before: u32::try_from(calls_before).unwrap_or(0),
                });
            }
        }
        let sql =
            format!("SELECT table_id, seq, seat, action FROM pref_actions WHERE {of_tables} ORDER BY table_id, seq");
        // Row by row: a log is most of a table's rows, and only its text is kept.
        let mut rows = arg.clone().bind(sqlx::query(&sql)).fetch(&self.pool);
        while let Some(r) = futures_util::TryStreamExt::try_next(&mut rows).await? {
            let id: String = r.try_get("table_id")?;
            let seq: i64 = r.try_get("seq")?;
            let seat: i32 = r.try_get("seat")?;
            if let Some(&i) = index.get(&id) {
                let t = &mut tables[i];
                if seq as usize != t.actions.len() {
                    return Err(StoreError::Corrupt(format!("table {id}: action {seq} out of order")));
                }
                // Out of range: a seat no table has, so the replay refuses this table alone.
                t.actions
                    .push((u8::try_from(seat).unwrap_or(u8::MAX), r.try_get("action")?));
            }
        }
        // The stream holds a connection until it is dropped.
        drop(rows);
        let sql =
            format!("SELECT table_id, seq, seat, name, text FROM pref_chat WHERE {of_tables} ORDER BY table_id, seq");
        for r in arg.bind(sqlx::query(&sql)).fetch_all(&self.pool).await? {
            let id: String = r.try_get("table_id")?;
            let seq: i64 = r.try_get("seq")?;
            let seat: i32 = r.try_get("seat")?;
            if let (Some(&i), Ok(seq), Ok(seat)) = (index.get(&id), u64::try_from(seq), u8::try_from(seat)) {
                tables[i].chat.push(StoredChat {
                    seq,
                    seat,
                    name: r.try_get("name")?,
                    text: r.try_get("text")?,
                });
            }
        }
        for t in &mut tables {
            let extra = t.chat.len().saturating_sub(crate::table::CHAT_LINES);
            t.chat.drain(..extra);
        }
        Ok(tables)
    }
}

/// The one parameter of [`Store::load_where`]'s filter.
#[derive(Clone)]
enum Bind {
    Int(i64),
    Text(String),
}

impl Bind {
    fn bind<'q>(
        self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        match self {
            Bind::Int(n) => q.bind(n),
            Bind::Text(t) => q.bind(t),
        }
    }
}

/// The update that marks table `id` finished.
fn finish_query(id: &str) -> sqlx::query::Query<'_, sqlx::Any, sqlx::any::AnyArguments<'_>> {
    sqlx::query("UPDATE pref_tables SET status = $1, finished_at = $2 WHERE id = $3")
        .bind(TableStatus::Finished.as_str())
        .bind(now_ms())
        .bind(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_files_are_created_on_first_start() {
        assert_eq!(with_create_mode("sqlite://pref.db"), "sqlite://pref.db?mode=rwc");
        assert_eq!(with_create_mode("sqlite://pref.db?mode=ro"), "sqlite://pref.db?mode=ro");
        assert_eq!(with_create_mode("sqlite::memory:"), "sqlite::memory:");
        assert_eq!(with_create_mode("postgres://x/y"), "postgres://x/y");
    }

    #[test]
    fn the_cause_is_in_the_message_and_not_told_again_as_a_source() {
        let e = StoreError::from(sqlx::Error::RowNotFound);
        assert!(std::error::Error::source(&e).is_none());
        assert!(e.to_string().starts_with("database: no rows returned"), "{e}");
        let e = StoreError::from(sqlx::migrate::MigrateError::VersionMissing(3));
        assert!(std::error::Error::source(&e).is_none());
        assert!(e.to_string().starts_with("migration: "), "{e}");
    }
}
