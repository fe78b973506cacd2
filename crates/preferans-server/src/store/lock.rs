//! One `pref serve` per database. A second server on the same database would load the same
//! tables and play them too: each would refuse the other's moves at the log's key
//! (`(table_id, seq)`), and the bots of both would retry for ever. So a server holds a lock on
//! its database while it runs, and another is refused at start with a clear message (several
//! processes on one PostgreSQL are later work: docs/architecture.md).
//!
//! - SQLite: an advisory lock on `FILE.lock` beside the database file — not on the database
//!   file itself: closing a second descriptor of that file would drop SQLite's own locks.
//! - PostgreSQL: a session advisory lock (scoped to the database) on a connection of its own.
//!
//! Both go when the process ends, however it ends (the kernel closes the file and the
//! socket), so a killed server can be restarted at once. A PostgreSQL outage or restart
//! closes the lock's connection and so ends the lock: a task of its own looks at the
//! connection every [`KEEP_EVERY`] and takes the lock again once the database is back (and
//! says so loudly if another server took it meanwhile).

use std::fs::TryLockError;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::AnyConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyConnection, Connection};

/// The advisory lock's key: "prefserv" in ASCII.
const ADVISORY_KEY: i64 = 0x7072_6566_7365_7276;

/// How long a server waits for another to let go (a restart whose old process is still
/// ending) before it gives up.
pub const LOCK_WAIT: Duration = Duration::from_secs(3);

/// How often a held lock is asked for again while waiting.
const RETRY: Duration = Duration::from_millis(100);

/// How often the PostgreSQL lock's connection is looked at (and the lock taken again after
/// an outage).
pub const KEEP_EVERY: Duration = Duration::from_secs(2);

/// What a second server on a database is told.
const HELD: &str =
    "another `pref serve` is using this database (one server per database): stop it, or give this one another --database";

/// A running server's hold on its database; dropping it lets go.
#[derive(Debug)]
pub struct DatabaseLock {
    held: Held,
}

/// What is held: nothing (an in-memory database, or a lock file that could not be opened or
/// locked: said in the log), the lock file, or the task that holds PostgreSQL's lock on its
/// connection.
#[derive(Debug)]
enum Held {
    Nothing,
    #[expect(dead_code, reason = "held, never read: closing it lets go")]
    File(std::fs::File),
    Postgres(tokio::task::JoinHandle<()>),
}

impl Drop for DatabaseLock {
    fn drop(&mut self) {
        // The task owns the connection: ending it closes the connection, and that lets go.
        if let Held::Postgres(task) = &self.held {
            task.abort();
        }
    }
}

/// A database held by another server, or the lock could not be asked for.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another server holds the database (the SQLite lock file, if any).
    #[error("{HELD} ({})", .0.as_ref().map_or_else(|| "a server that is gone lets go within a minute".to_string(), |f| format!("its lock file: {f}")))]
    Held(Option<String>),
    /// No connection for the lock within [`super::CONNECT_TIMEOUT`].
    #[error("database: no connection for its lock within {} s", super::CONNECT_TIMEOUT.as_secs())]
    Timeout,
    /// PostgreSQL could not be asked.
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
}

impl DatabaseLock {
    /// Takes the lock on the database `url` names (as [`crate::Store::connect`] takes it),
    /// waiting up to `wait` for another holder to let go.
    ///
    /// # Errors
    /// [`LockError::Held`] when another server holds it all that time; [`LockError::Db`] when
    /// PostgreSQL cannot be reached or asked.
    /// While the lock is lost (a PostgreSQL outage), `lost` is set: the store then writes
    /// nothing ([`super::StoreError::LockLost`]).
    pub async fn take(url: &str, wait: Duration, lost: Arc<AtomicBool>) -> Result<DatabaseLock, LockError> {
        let deadline = tokio::time::Instant::now() + wait;
        let held = if url.starts_with("sqlite:") {
            match lock_file(url) {
                Some(path) => lock_sqlite(&path, deadline).await?,
                None => Held::Nothing,
            }
        } else {
            lock_postgres(url, deadline, lost).await?
        };
        Ok(DatabaseLock { held })
    }
}

/// The advisory lock on the SQLite database's lock file `path` (opened to read only when it
/// cannot be written, as when another user made it: the lock needs no more).
async fn lock_sqlite(path: &Path, deadline: tokio::time::Instant) -> Result<Held, LockError> {
    let opened = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .or_else(|_| std::fs::File::open(path));
    let file = match opened {
        Ok(file) => file,
        Err(e) => {
            tracing::warn!(
                "cannot open the lock file {}: {e}; the database is not guarded against a second server",
                path.display()
            );
            return Ok(Held::Nothing);
        }
    };
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(Held::File(file)),
            Err(TryLockError::WouldBlock) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(RETRY).await;
            }
            Err(TryLockError::WouldBlock) => return Err(LockError::Held(Some(path.display().to_string()))),
            // A file system without locks: nothing to hold.
            Err(TryLockError::Error(e)) => {
                tracing::warn!(
                    "cannot lock {}: {e}; the database is not guarded against a second server",
                    path.display()
                );
                return Ok(Held::Nothing);
            }
        }
    }
}

/// The session advisory lock on the PostgreSQL database `url` names, on a connection of its
/// own, kept by a task (see [`keep_postgres`]).
async fn lock_postgres(url: &str, deadline: tokio::time::Instant, lost: Arc<AtomicBool>) -> Result<Held, LockError> {
    sqlx::any::install_default_drivers();
    let mut conn = lock_connection(url).await?;
    loop {
        if try_advisory_lock(&mut conn).await? {
            return Ok(Held::Postgres(tokio::spawn(keep_postgres(conn, url.to_string(), lost))));
        }
        if tokio::time::Instant::now() >= deadline {
            let _ = conn.close().await;
            return Err(LockError::Held(None));
        }
        tokio::time::sleep(RETRY).await;
    }
}

/// A connection for the lock, on which PostgreSQL looks for a dead peer every few seconds: a
/// server whose machine died without closing the connection lets go within about half a
/// minute, not after the system's two hours.
async fn lock_connection(url: &str) -> Result<AnyConnection, LockError> {
    let connect = async {
        let mut conn = AnyConnection::connect(url).await?;
        for set in [
            "SET tcp_keepalives_idle = 10",
            "SET tcp_keepalives_interval = 5",
            "SET tcp_keepalives_count = 3",
        ] {
            sqlx::query(set).execute(&mut conn).await?;
        }
        Ok::<_, sqlx::Error>(conn)
    };
    Ok(tokio::time::timeout(super::CONNECT_TIMEOUT, connect)
        .await
        .map_err(|_| LockError::Timeout)??)
}

/// Asks for the lock once on `conn`: whether it is held now.
async fn try_advisory_lock(conn: &mut AnyConnection) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(ADVISORY_KEY)
        .fetch_one(conn)
        .await
}

/// Holds the lock's connection `conn`, looks at it every [`KEEP_EVERY`] and, once it is lost
/// (an outage, a restart of PostgreSQL), takes the lock again on a new one as soon as the
/// database answers.
async fn keep_postgres(conn: AnyConnection, url: String, lost: Arc<AtomicBool>) {
    let mut conn = Some(conn);
    // Whether "another connection holds it" was said since the lock was last held.
    let mut said = false;
    loop {
        tokio::time::sleep(KEEP_EVERY).await;
        if let Some(c) = conn.as_mut() {
            let alive = tokio::time::timeout(KEEP_EVERY * 5, c.ping()).await;
            if matches!(alive, Ok(Ok(()))) {
                continue;
            }
            conn = None;
            // Another server may take it meanwhile: nothing is written until it is held again.
            lost.store(true, Ordering::SeqCst);
            tracing::warn!("the database lock's connection is lost: nothing is stored, and the lock is taken again once the database answers");
        }
        let Ok(mut c) = lock_connection(&url).await else {
            continue;
        };
        match try_advisory_lock(&mut c).await {
            Ok(true) => {
                tracing::info!("the database lock is held again");
                conn = Some(c);
                lost.store(false, Ordering::SeqCst);
                said = false;
            }
            Ok(false) if !said => {
                tracing::error!(
                    "the database lock is held by another connection — another `pref serve` started \
                     while this one's connection was lost (stop one of them), or this server's lost \
                     connection not yet ended by PostgreSQL: trying again"
                );
                said = true;
            }
            _ => {}
        }
    }
}

/// The lock file of the SQLite database `url` names (`None`: in memory): its file as SQLite
/// opens it — the URL normalised as the store's connection normalises it, the path made
/// canonical (symbolic links and relative paths lead to one file, one lock) — with `.lock`
/// after its name.
fn lock_file(url: &str) -> Option<PathBuf> {
    let normalised = AnyConnectOptions::from_str(url).ok()?.database_url;
    let in_memory =
        normalised.as_str().contains(":memory:") || normalised.query_pairs().any(|(k, v)| k == "mode" && v == "memory");
    let opts = SqliteConnectOptions::from_str(normalised.as_str()).ok()?;
    let file = opts.get_filename();
    if in_memory || file.as_os_str().is_empty() {
        return None;
    }
    let mut name = std::fs::canonicalize(file)
        .unwrap_or_else(|_| file.to_path_buf())
        .into_os_string();
    name.push(".lock");
    Some(PathBuf::from(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_file_stands_beside_the_database() {
        assert_eq!(lock_file("sqlite://pref.db"), Some(PathBuf::from("pref.db.lock")));
        assert_eq!(
            lock_file("sqlite:///var/lib/pref/pref.db?mode=rwc"),
            Some(PathBuf::from("/var/lib/pref/pref.db.lock"))
        );
        assert_eq!(lock_file("sqlite::memory:"), None);
        assert_eq!(lock_file("sqlite://?mode=memory"), None);
        assert_eq!(lock_file("sqlite://x.db?mode=memory"), None);
    }

    #[test]
    #[cfg(unix)]
    fn every_name_of_one_database_file_gives_one_lock_file() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("pref.db");
        std::fs::write(&db, b"").unwrap();
        let link = dir.path().join("link.db");
        std::os::unix::fs::symlink(&db, &link).unwrap();
        let canonical = lock_file(&format!("sqlite://{}", db.display())).unwrap();
        assert!(canonical.is_absolute(), "{}", canonical.display());
        for other in [
            format!("sqlite:{}", db.display()),
            format!("sqlite://{}?mode=rwc", db.display()),
            format!("sqlite://{}", link.display()),
            format!("sqlite://{}/./pref.db", dir.path().display()),
        ] {
            assert_eq!(lock_file(&other).as_ref(), Some(&canonical), "{other}");
        }
    }

    #[tokio::test]
    async fn a_second_hold_on_a_file_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("pref.db").display());
        let first = DatabaseLock::take(&url, Duration::ZERO, Default::default())
            .await
            .unwrap();
        let err = DatabaseLock::take(&url, Duration::from_millis(300), Default::default())
            .await
            .unwrap_err();
        assert!(matches!(err, LockError::Held(Some(_))), "{err}");
        assert!(err.to_string().contains("another `pref serve`"), "{err}");
        drop(first);
        DatabaseLock::take(&url, Duration::ZERO, Default::default())
            .await
            .unwrap();
        // In memory: nothing to share.
        let _a = DatabaseLock::take("sqlite::memory:", Duration::ZERO, Default::default())
            .await
            .unwrap();
        let _b = DatabaseLock::take("sqlite::memory:", Duration::ZERO, Default::default())
            .await
            .unwrap();
    }
}
