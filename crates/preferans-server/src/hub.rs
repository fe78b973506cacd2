//! The tables this process owns: creating and seating, the one path every action takes
//! (check → store → apply → notify), bots and move timers.
//!
//! Ownership: this process owns every table in its map, and only the owner writes a table's
//! log (`docs/architecture.md` says how several processes will share one database). A
//! duplicate sequence number in the log is refused by the database's primary key, so two
//! writers can never both extend a log.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use preferans::{Action, Seat};
use tokio::sync::{watch, Mutex, RwLock};

use crate::config::{ConfigError, TableConfig};
use crate::store::{now_ms, Store, StoreError, TableStatus};
use crate::table::Table;

mod bots;
mod finished;
mod hints;
pub use hints::HINTS_BUSY;
mod leave;
mod rematch;
mod seating;
mod token_acts;
mod transfer;

pub(crate) use seating::check_name_form;
pub use transfer::TRANSFER_LIFETIME;

/// Why an action or request was refused. The messages name no hidden card.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// No such table.
    #[error("no table '{0}'")]
    NoTable(String),
    /// The token is not a seat's.
    #[error("this token does not hold a seat at this table")]
    BadToken,
    /// The seat may not be taken (taken, wrong password, the game is over).
    #[error("{0}")]
    Seat(String),
    /// A malformed request: a bad name, a seat the table does not have.
    #[error("{0}")]
    BadRequest(String),
    /// The rules refuse the action.
    #[error("{0}")]
    Illegal(String),
    /// The configuration is refused.
    #[error("{0}")]
    Config(ConfigError),
    /// This client already has as many tables open as it may.
    #[error("{0}")]
    TooMany(String),
    /// The server failed on its own (the hint adviser's task): not the request's fault.
    #[error("{0}")]
    Internal(String),
    /// Storage failed: nothing was applied. A client is told without the cause
    /// ([`HubError::for_client`]).
    #[error("storage failed, the action was not applied: {0}")]
    Store(StoreError),
}

impl HubError {
    /// What a client is told: the error itself, except a storage failure's cause, which goes
    /// to the server's log only (it may name the database or its host, as `/api/health`
    /// keeps it too).
    pub fn for_client(&self) -> String {
        match self {
            HubError::Store(cause) => {
                tracing::error!("storage failed: {cause}");
                STORAGE_FAILED.into()
            }
            e => e.to_string(),
        }
    }
}

/// A storage failure as its client hears of it ([`HubError::for_client`]).
pub const STORAGE_FAILED: &str = "storage failed, nothing was changed: try again in a moment";

// Hand-written rather than `#[from]`, which would also make the cause the error's `source`:
// the message already includes it, and error chains would print it twice.
impl From<ConfigError> for HubError {
    fn from(e: ConfigError) -> Self {
        HubError::Config(e)
    }
}

// Not `#[from]`: the message already includes the cause (see above).
impl From<StoreError> for HubError {
    fn from(e: StoreError) -> Self {
        HubError::Store(e)
    }
}

/// One table with its lock and change signal.
pub struct TableHandle {
    /// Table id.
    pub id: String,
    /// The table; held only for short, non-blocking work (bots think outside it).
    pub state: Mutex<Table>,
    /// The table's version after every change; connections wait on it.
    pub changed: watch::Sender<u64>,
}

/// Server settings that are not per table.
#[derive(Clone, Debug)]
pub struct HubSettings {
    /// Pause before each bot action, so people can follow the play.
    pub bot_delay: Duration,
    /// Solver calls per card decision of the expert hint adviser.
    pub hint_budget: usize,
    /// Tables created and seats claimed per minute per client address (its burst too);
    /// 0: no limit.
    pub posts_per_minute: u32,
    /// WebSocket connections one client address may hold open at once (each is sent every
    /// change of its table); 0: no limit.
    pub connections_per_address: u32,
    /// TCP connections one client address may hold open at once while they speak HTTP (a
    /// WebSocket counts under [`HubSettings::connections_per_address`] once upgraded); past
    /// them a new one is closed at once. Trusted proxies are not counted. 0: no limit.
    pub http_connections_per_address: u32,
    /// How long a request's headers may take to arrive, from the connection or the previous
    /// answer; past it the connection is closed (`listen.rs`).
    pub header_deadline: Duration,
    /// How long a request may take from its headers to its answer (a body that does not
    /// come is answered 408); no handler needs a second.
    pub request_deadline: Duration,
    /// Connections (HTTP and WebSocket) the server holds at once, from every address; past
    /// it a new one is closed at once, so that the database and the logs keep the file
    /// descriptors they need. 0: the process's open-file limit less 256 (no limit where it
    /// cannot be read).
    pub max_connections: usize,
    /// Tables not yet over that one client address may have created (since the server
    /// started); 0: no limit.
    pub open_tables_per_address: u32,
    /// How long a seated person must have had no connection to his table before another
    /// player there may hand his seat to a bot.
    pub away_before_bot: Duration,
    /// Wrong private-table keys (passwords, tokens) one client address may give a minute;
    /// past them its keys are not even checked until the minute is over. 0: no limit.
    pub wrong_keys_per_minute: u32,
    /// Finished tables kept in memory (the newest at start, then those asked for); the others
    /// stay in the database and are read again when someone opens them. Tables not yet over
    /// are always in memory, and so is the finished one read last, until another is read.
    pub finished_tables_in_memory: usize,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`http/client.rs`); the
    /// per-address limits then count each client, not the proxy. Empty: the header is not read.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// How often a WebSocket is pinged; one heard nothing from for 2.5 times this (checked
    /// at the pings: after 2 unanswered ones, 2.5 to 3 intervals) is closed, so that a
    /// client whose network vanished counts as away (`ws.rs`). Zero: no pings.
    pub ping_interval: Duration,
}

impl Default for HubSettings {
    fn default() -> Self {
        HubSettings {
            bot_delay: Duration::from_millis(600),
            hint_budget: 40,
            posts_per_minute: 60,
            connections_per_address: 64,
            http_connections_per_address: 256,
            header_deadline: Duration::from_secs(10),
            request_deadline: Duration::from_secs(30),
            max_connections: 0,
            open_tables_per_address: 20,
            away_before_bot: Duration::from_secs(120),
            wrong_keys_per_minute: 20,
            finished_tables_in_memory: 200,
            trusted_proxies: Vec::new(),
            ping_interval: Duration::from_secs(30),
        }
    }
}

/// The window [`HubSettings::wrong_keys_per_minute`] counts in.
const KEY_WINDOW: Duration = Duration::from_secs(60);

/// Requests per client address (`governor`, keyed).
type AddressLimiter = governor::DefaultKeyedRateLimiter<std::net::IpAddr>;

/// All tables of this process.
pub struct Hub {
    store: Store,
    tables: RwLock<HashMap<String, Arc<TableHandle>>>,
    settings: HubSettings,
    posts: Option<AddressLimiter>,
    /// Open WebSocket connections by client address.
    connections: crate::counts::AddressCounts,
    /// Open connections of every kind ([`HubSettings::max_connections`]): `listen.rs` counts
    /// those speaking HTTP, [`ConnectionGuard`] the WebSockets.
    pub(crate) sockets: crate::counts::SocketCount,
    /// The tables each client address created that may still be playing. Weak: a finished
    /// table leaves memory ([`HubSettings::finished_tables_in_memory`]) whoever created it.
    created_by: Mutex<HashMap<std::net::IpAddr, Vec<std::sync::Weak<TableHandle>>>>,
    /// Held while a table not in memory is read from the store, so that two requests for it
    /// make one copy, read after every change the last copy stored.
    loading: Mutex<()>,
    /// Held while a rematch is started, so that two players asking at once get one table.
    rematches: Mutex<()>,
    /// Wrong private-table keys by client address: since when it is counted, how many.
    wrong_keys: std::sync::Mutex<HashMap<std::net::IpAddr, (std::time::Instant, u32)>>,
    /// The post-game reviews made or being made.
    reviews: crate::review::Reviews,
    /// Finished hands' deal tables made.
    deal_tables: crate::analysis::DealTables,
    /// Seats on their way to another device.
    transfers: transfer::Transfers,
    /// Hints worked out at once: one per core ([`Hub::hint_slots`], `hints.rs`).
    hint_slots: Arc<tokio::sync::Semaphore>,
    /// Set when the server stops: every WebSocket connection closes with "going away"
    /// ([`Hub::stop_connections`]); each connection holds a receiver while it runs.
    stopping: tokio::sync::watch::Sender<bool>,
}

/// One counted WebSocket connection ([`Hub::open_connection`]); uncounted when dropped.
pub struct ConnectionGuard {
    _address: crate::counts::AddressSlot,
    _socket: crate::counts::SocketSlot,
}

/// `bytes` random bytes from the operating system as hex: seat tokens (16 bytes, 128 bits)
/// and table ids (6 bytes). Security, not play, so not seeded.
pub fn random_hex(bytes: usize) -> String {
    use rand_core::{OsRng, TryRngCore};
    let mut buf = vec![0u8; bytes];
    // An OS without randomness cannot run a server safely: fall back to time is worse.
    OsRng
        .try_fill_bytes(&mut buf)
        .expect("the operating system's random source failed");
    buf.iter().map(|b| format!("{b:02x}")).collect()
}

fn random_seed() -> u64 {
    u64::from_str_radix(&random_hex(8), 16).unwrap_or(1)
}

impl Hub {
    /// Whether a client at `address` may create a table or claim a seat now
    /// ([`HubSettings::posts_per_minute`]).
    pub fn allow_post(&self, address: std::net::IpAddr) -> bool {
        let Some(limiter) = &self.posts else { return true };
        // Forget addresses whose allowance has refilled, now and then.
        if limiter.len() > 10_000 {
            limiter.retain_recent();
        }
        limiter.check_key(&address).is_ok()
    }

    /// Whether `address` may have a private table's key checked now: not after
    /// [`HubSettings::wrong_keys_per_minute`] wrong ones within a minute (a password is not
    /// to be guessed by trying them all).
    pub fn may_try_key(&self, address: std::net::IpAddr) -> bool {
        let cap = self.settings.wrong_keys_per_minute;
        let wrong = self.wrong_keys.lock().unwrap_or_else(|e| e.into_inner());
        cap == 0
            || wrong
                .get(&address)
                .is_none_or(|(since, n)| *n < cap || since.elapsed() >= KEY_WINDOW)
    }

    /// Counts a wrong private-table key from `address`.
    pub fn wrong_key(&self, address: std::net::IpAddr) {
        let mut wrong = self.wrong_keys.lock().unwrap_or_else(|e| e.into_inner());
        if wrong.len() > 10_000 {
            wrong.retain(|_, (since, _)| since.elapsed() < KEY_WINDOW);
        }
        let entry = wrong.entry(address).or_insert((std::time::Instant::now(), 0));
        if entry.0.elapsed() >= KEY_WINDOW {
            *entry = (std::time::Instant::now(), 0);
        }
        entry.1 += 1;
    }

    /// Counts a new WebSocket connection from `address`, or `None` when that address already
    /// holds [`HubSettings::connections_per_address`] open ones.
    pub fn open_connection(self: &Arc<Self>, address: std::net::IpAddr) -> Option<ConnectionGuard> {
        let address = self.connections.open(address, self.settings.connections_per_address)?;
        Some(ConnectionGuard {
            _address: address,
            _socket: self.sockets.open(),
        })
    }

    /// A WebSocket connection's view of the server stopping: it changes to `true` once.
    pub(crate) fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Tells every WebSocket connection to close (code 1001, "going away": the page
    /// reconnects to the next server) and waits up to `grace` for them to have done so.
    pub async fn stop_connections(&self, grace: std::time::Duration) {
        self.stopping.send_replace(true);
        // Each connection drops its receiver once its close frame is out.
        let _ = tokio::time::timeout(grace, self.stopping.closed()).await;
    }

    /// The wait before a bot may take an away person's seat, in milliseconds.
    pub(crate) fn away_before_bot_ms(&self) -> i64 {
        i64::try_from(self.settings.away_before_bot.as_millis()).unwrap_or(i64::MAX)
    }

    /// Loads every stored table (replaying its log) and starts its bots and timers.
    ///
    /// # Errors
    /// The store cannot be read, or a stored table does not replay.
    pub async fn start(store: Store, settings: HubSettings) -> Result<Arc<Hub>, anyhow::Error> {
        let posts = std::num::NonZeroU32::new(settings.posts_per_minute)
            .map(|n| governor::RateLimiter::keyed(governor::Quota::per_minute(n)));
        let hub = Arc::new(Hub {
            store,
            tables: RwLock::new(HashMap::new()),
            settings,
            posts,
            connections: Default::default(),
            sockets: Default::default(),
            created_by: Mutex::new(HashMap::new()),
            loading: Mutex::new(()),
            rematches: Mutex::new(()),
            wrong_keys: std::sync::Mutex::new(HashMap::new()),
            reviews: crate::review::Reviews::default(),
            deal_tables: crate::analysis::DealTables::default(),
            transfers: Default::default(),
            hint_slots: Arc::new(tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get),
            )),
            stopping: tokio::sync::watch::Sender::new(false),
        });
        let stored = hub.store.load_tables(hub.settings.finished_tables_in_memory).await?;
        let mut map = hub.tables.write().await;
        for t in &stored {
            // A log that no longer replays (a corrupt row, a rules change) leaves that one
            // table out, loudly, rather than keeping every other table from being served.
            let mut table = match Table::restore(t) {
                Ok(table) => table,
                Err(e) => {
                    tracing::error!(table = %t.id, "not loaded: {e}");
                    continue;
                }
            };
            if table.status() == TableStatus::Finished && t.status != TableStatus::Finished {
                hub.store.finish_table(&t.id).await?;
            }
            table.away_before_bot_ms = hub.away_before_bot_ms();
            map.insert(t.id.clone(), Arc::new(handle(table)));
        }
        let handles: Vec<_> = map.values().cloned().collect();
        drop(map);
        for h in handles {
            hub.schedule(&h).await;
        }
        Ok(hub)
    }

    /// The server's settings.
    pub fn settings(&self) -> &HubSettings {
        &self.settings
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The post-game reviews of finished tables.
    pub fn reviews(&self) -> &crate::review::Reviews {
        &self.reviews
    }

    /// The deal tables of finished hands made so far.
    pub fn deal_tables(&self) -> &crate::analysis::DealTables {
        &self.deal_tables
    }

    /// Every table.
    pub async fn all_tables(&self) -> Vec<Arc<TableHandle>> {
        self.tables.read().await.values().cloned().collect()
    }

    /// [`Hub::create_table`] for a client at `address`, which may have at most
    /// [`HubSettings::open_tables_per_address`] tables not yet over.
    ///
    /// # Errors
    /// As [`Hub::create_table`]; [`HubError::TooMany`] over the limit.
    pub async fn create_table_from(
        self: &Arc<Self>,
        address: std::net::IpAddr,
        config: TableConfig,
    ) -> Result<String, HubError> {
        let cap = self.settings.open_tables_per_address;
        let mut created = self.created_by.lock().await;
        // A table gone from memory was finished: no address counts it any more.
        created.retain(|_, tables| {
            tables.retain(|t| t.strong_count() > 0);
            !tables.is_empty()
        });
        let mine = created.entry(address).or_default();
        if cap != 0 {
            let mut open = Vec::with_capacity(mine.len());
            for weak in mine.drain(..) {
                let Some(h) = weak.upgrade() else { continue };
                if h.state.lock().await.status() != TableStatus::Finished {
                    open.push(weak);
                }
            }
            *mine = open;
            if mine.len() >= cap as usize {
                return Err(HubError::TooMany(format!(
                    "this address has {cap} tables still playing: finish one first"
                )));
            }
        }
        let id = self.create_table(config).await?;
        // Without a limit nothing is counted (nor kept).
        if cap != 0 {
            if let Some(h) = self.tables.read().await.get(&id) {
                mine.push(Arc::downgrade(h));
            }
        }
        Ok(id)
    }

    /// Creates and stores a table; returns its id.
    ///
    /// # Errors
    /// A refused configuration or a storage failure.
    pub async fn create_table(self: &Arc<Self>, config: TableConfig) -> Result<String, HubError> {
        let id = random_hex(6);
        // Stored as a signed BIGINT: 63 bits.
        let seed = config.seed.unwrap_or_else(|| random_seed() >> 1);
        // As a player's name; not in the configuration's checks, which stored tables must pass.
        let invisible = |c| crate::config::invisible_char(c) && !crate::config::hidden_char(c);
        if config.name.chars().any(invisible) {
            return Err(HubError::Config(ConfigError(
                "the table name holds an invisible character".into(),
            )));
        }
        // A new table: an option that would change nothing is refused, not ignored unsaid
        // (stored tables load without this check).
        config
            .build_rules()?
            .check_all_options_matter()
            .map_err(|e| HubError::Config(ConfigError(e.to_string())))?;
        let mut table = Table::new(id.clone(), config, seed, now_ms())?;
        table.away_before_bot_ms = self.away_before_bot_ms();
        // The configuration as the table understood it (an empty password is none).
        self.store.create_table(&id, &table.config, seed).await?;
        let h = Arc::new(handle(table));
        {
            let mut map = self.tables.write().await;
            map.insert(id.clone(), h.clone());
            // Games finish while the server runs: a new table is when memory is tidied.
            self.forget_finished_tables(&mut map, &id);
        }
        self.schedule(&h).await;
        Ok(id)
    }

    /// Claims a person's seat (`seat`, or the first free one) with a name; returns the seat
    /// and its token.
    ///
    /// # Errors
    /// No table, a bad name, no such seat ([`HubError::BadRequest`]); the game over, wrong
    /// password, seat taken or not a person's ([`HubError::Seat`]); storage failure.
    pub async fn claim_seat(
        self: &Arc<Self>,
        address: std::net::IpAddr,
        id: &str,
        seat: Option<Seat>,
        name: &str,
        password: Option<&str>,
    ) -> Result<(Seat, String), HubError> {
        let h = self.table(id).await?;
        let mut t = h.state.lock().await;
        let name = seating::check_name(&t, name)?;
        let seats = t.config.seats.len();
        if let Some(s) = seat.filter(|&s| usize::from(s) >= seats) {
            return Err(HubError::BadRequest(format!(
                "seat {s} does not exist: this table has seats 0 to {}",
                seats.saturating_sub(1)
            )));
        }
        if t.status() == TableStatus::Finished {
            return Err(HubError::Seat(
                "the game is over: its seats can no longer be taken".into(),
            ));
        }
        self.check_password(address, &t, password, "this table is private: wrong password")?;
        let seat = match seat {
            Some(s) if t.is_free(s) => s,
            Some(s) if t.is_bot(s) => return Err(HubError::Seat(format!("seat {s} is a bot's"))),
            Some(s) => return Err(HubError::Seat(format!("seat {s} is not free"))),
            None => t
                .first_free_seat()
                .ok_or_else(|| HubError::Seat("no free seat at this table".into()))?,
        };
        let token = random_hex(16);
        // Only the token's digest is stored and kept: the database gives no seat away.
        let (hands_before, calls_before) = t.claim_point();
        let stored = crate::store::StoredSeat {
            seat,
            name: name.to_string(),
            token: crate::table::token_digest(&token),
            hands_before: u32::try_from(hands_before).unwrap_or(u32::MAX),
            calls_before: u32::try_from(calls_before).unwrap_or(u32::MAX),
        };
        self.store.claim_seat(id, &stored).await?;
        t.claim(seat, name.to_string(), &token);
        h.changed.send_replace(t.version());
        drop(t);
        self.schedule(&h).await;
        Ok((seat, token))
    }

    /// The one path of every action: checked by the rules crate, stored, then applied and
    /// announced. A refused action changes nothing.
    ///
    /// # Errors
    /// Out of turn, illegal, match over, or a storage failure.
    pub async fn act(self: &Arc<Self>, h: &Arc<TableHandle>, seat: Seat, action: Action) -> Result<(), HubError> {
        let mut t = h.state.lock().await;
        self.act_locked(&mut t, h, seat, action).await?;
        drop(t);
        self.schedule(h).await;
        Ok(())
    }

    async fn act_locked(&self, t: &mut Table, h: &TableHandle, seat: Seat, action: Action) -> Result<(), HubError> {
        let next = t
            .try_action(seat, action)
            .map_err(|e| HubError::Illegal(e.to_string()))?;
        self.store
            .append_action(&t.id, t.action_count(), seat, &action.to_string(), next.is_over())
            .await?;
        t.commit(next);
        h.changed.send_replace(t.version());
        Ok(())
    }
}

fn handle(table: Table) -> TableHandle {
    let (changed, _) = watch::channel(table.version());
    TableHandle {
        id: table.id.clone(),
        state: Mutex::new(table),
        changed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain of an error as `pref` prints it (`a: b: c`).
    fn one_line(e: HubError) -> String {
        anyhow::Error::from(e)
            .chain()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(": ")
    }

    #[test]
    fn causes_are_told_once() {
        let e = HubError::from(StoreError::Corrupt("row 7 is garbled".into()));
        assert!(std::error::Error::source(&e).is_none());
        // A client is not told the cause (the server's log is).
        assert_eq!(e.for_client(), STORAGE_FAILED);
        assert_eq!(HubError::BadToken.for_client(), HubError::BadToken.to_string());
        assert_eq!(
            one_line(e),
            "storage failed, the action was not applied: stored data: row 7 is garbled"
        );
        let e = HubError::from(StoreError::from(sqlx::Error::RowNotFound));
        assert_eq!(one_line(e).matches("no rows returned").count(), 1);
        let e = HubError::from(ConfigError("unknown game 'x'".into()));
        assert_eq!(one_line(e), "unknown game 'x'");
    }
}
