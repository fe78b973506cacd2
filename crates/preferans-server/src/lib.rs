//! # preferans-server — Preferans in the browser
//!
//! `pref serve`: a lobby of tables, WebSocket play against bots and people, every accepted
//! action stored (SQLite by default, PostgreSQL by URL) before anyone hears of it, and tables
//! that continue after a restart. The rules are the `preferans` crate's: the server checks
//! nothing itself and sends each connection only its seat's observation (RULES.md section 7).
//!
//! Layers: [`store`] (database) ← [`hub`] (tables, the action path, bots, timers) ←
//! [`ws`] and [`http`] (the wire). The protocol is in `docs/protocol.md`.

#![warn(missing_docs)]

pub mod analysis;
pub mod assets;
pub mod config;
mod counts;
pub mod http;
pub mod hub;
mod listen;
pub mod protocol;
pub mod review;
pub mod store;
pub mod table;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

pub use config::{SeatKind, TableConfig};
pub use hub::{Hub, HubSettings};
pub use store::Store;

/// The longest [`Server::shutdown`] waits for the WebSocket connections to close.
pub const WEBSOCKET_CLOSE_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// A running server.
pub struct Server {
    /// The address it listens on (with the real port when 0 was asked for).
    pub addr: SocketAddr,
    /// Its tables.
    pub hub: Arc<Hub>,
    /// The accept loop; `None` once [`Server::wait`] has seen it end.
    task: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
    /// The server's hold on its database (one server per database), let go when it is
    /// dropped.
    _lock: store::DatabaseLock,
}

impl Server {
    /// Connects the database, loads the tables and starts listening on `addr`.
    ///
    /// # Errors
    /// The database cannot be opened or migrated, another server holds it
    /// ([`store::DatabaseLock`]), a stored table does not replay, or the address cannot be
    /// bound.
    pub async fn start(addr: SocketAddr, database: &str, settings: HubSettings) -> anyhow::Result<Server> {
        // The address first: a server that cannot listen leaves no new database behind.
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| {
            let hint = match e.kind() {
                std::io::ErrorKind::AddrInUse => {
                    "; another program (perhaps another `pref serve`) listens there: stop it, or choose another port with --addr"
                }
                std::io::ErrorKind::PermissionDenied => "; ports below 1024 need privileges: choose another with --addr",
                std::io::ErrorKind::AddrNotAvailable => "; this machine has no such address: try --addr 127.0.0.1:8080",
                _ => "",
            };
            anyhow::anyhow!("cannot listen on {addr}: {e}{hint}")
        })?;
        let addr = listener.local_addr()?;
        // The store opened first: its errors (unreachable, not a database) say more than the
        // lock's; migrated only once the lock is held, so that a newer server started beside a
        // running one changes nothing under it.
        let store = Store::open(database).await?;
        let lock = store::DatabaseLock::take(database, store::LOCK_WAIT, store.lock_lost_flag()).await?;
        store.migrate().await?;
        let hub = Hub::start(store, settings).await?;
        let app = http::router(hub.clone());
        // Client addresses reach the handlers (rate limits per address) as `ConnectInfo`.
        let task = tokio::spawn(listen::serve(listener, app, hub.clone()));
        Ok(Server {
            addr,
            hub,
            task: Some(task),
            _lock: lock,
        })
    }

    /// Serves until the task ends (an I/O error) or the process is stopped.
    ///
    /// # Errors
    /// The listener failed.
    pub async fn wait(&mut self) -> anyhow::Result<()> {
        if let Some(task) = self.task.as_mut() {
            let ended = task.await;
            // A finished task may not be awaited again: a second call returns at once.
            self.task = None;
            ended??;
        }
        Ok(())
    }

    /// Stops listening.
    pub fn stop(&self) {
        if let Some(task) = &self.task {
            task.abort();
        }
    }

    /// Stops listening and closes every WebSocket connection with "going away" (1001),
    /// waiting up to [`WEBSOCKET_CLOSE_GRACE`] for the close frames to go out: the pages reconnect
    /// to the next server instead of seeing a broken connection.
    pub async fn shutdown(&self) {
        self.stop();
        self.hub.stop_connections(WEBSOCKET_CLOSE_GRACE).await;
    }
}
