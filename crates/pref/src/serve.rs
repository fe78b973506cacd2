//! `pref serve`: the browser game (the `preferans-server` crate) on an address and a database.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use preferans_server::{HubSettings, Server};

/// Options of `pref serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Database: `sqlite://FILE` (created on first start; `sqlite://pref.db` is in the
    /// working directory, `sqlite:///var/lib/pref.db` absolute), a plain file path (SQLite),
    /// or `postgres://USER@HOST/DB`.
    #[arg(long, default_value = "sqlite://pref.db", value_parser = database_url)]
    database: String,
    /// Pause before each bot action, in milliseconds, so people can follow the play.
    #[arg(long, default_value_t = 600)]
    bot_delay_ms: u64,
    /// Tables created and seats claimed per minute from one client address (0: no limit).
    #[arg(long, default_value_t = 60)]
    posts_per_minute: u32,
    /// WebSocket connections one client address may hold open at once (0: no limit).
    #[arg(long, default_value_t = 64)]
    connections_per_address: u32,
    /// HTTP connections one client address may hold open at once (0: no limit); a request's
    /// headers must arrive within 10 seconds of its connection or the previous answer.
    #[arg(long, default_value_t = 256)]
    http_connections_per_address: u32,
    /// Connections (HTTP and WebSocket) held at once from all addresses together (0: the
    /// process's open-file limit less 256, kept for the database and the logs, and at least
    /// 64).
    #[arg(long, default_value_t = 0)]
    max_connections: usize,
    /// Tables still playing that one client address may have created (0: no limit).
    #[arg(long, default_value_t = 20)]
    open_tables_per_address: u32,
    /// Seconds a seated person must have been away (no connection to his table) before
    /// another player there may let a bot play his seat.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    away_before_bot_secs: u64,
    /// Wrong passwords (or seat tokens) for private tables one client address may give a
    /// minute before its next ones wait for the minute's end (0: no limit).
    #[arg(long, default_value_t = 20)]
    wrong_passwords_per_minute: u32,
    /// Finished games kept in memory and listed in the lobby (the newest at start); older
    /// ones are read from the database again when someone opens their link, so a
    /// long-lived server neither starts slower nor grows with every game played.
    #[arg(long, default_value_t = 200)]
    finished_tables_in_memory: usize,
    /// A reverse proxy in front of the server (repeat for several): from its connections the
    /// client's address is read from X-Forwarded-For, so each client has its own limits.
    /// Give only proxies you run: anyone else could claim any address.
    #[arg(long = "trusted-proxy", value_name = "ADDRESS")]
    trusted_proxies: Vec<std::net::IpAddr>,
}

/// The database URL `given` names: a URL as it is, a plain path as its SQLite file.
fn database_url(given: &str) -> Result<String, String> {
    if given.contains("://") || given.starts_with("sqlite:") {
        return Ok(given.to_string());
    }
    if given.trim().is_empty() {
        return Err("expected sqlite://FILE, a file path or postgres://USER@HOST/DB".into());
    }
    // `sqlite://` + an absolute path gives the URL's three slashes.
    Ok(format!("sqlite://{given}"))
}

/// Runs the server until it is stopped.
pub fn run(a: ServeArgs) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        // Colours for a terminal only, not into a log file.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let settings = HubSettings {
            bot_delay: Duration::from_millis(a.bot_delay_ms),
            posts_per_minute: a.posts_per_minute,
            connections_per_address: a.connections_per_address,
            http_connections_per_address: a.http_connections_per_address,
            max_connections: a.max_connections,
            open_tables_per_address: a.open_tables_per_address,
            away_before_bot: Duration::from_secs(a.away_before_bot_secs),
            wrong_keys_per_minute: a.wrong_passwords_per_minute,
            finished_tables_in_memory: a.finished_tables_in_memory,
            trusted_proxies: a.trusted_proxies,
            ..HubSettings::default()
        };
        let server = Server::start(a.addr, &a.database, settings)
            .await
            .with_context(|| format!("cannot start the server on {} with {}", a.addr, a.database))?;
        let tables = server.hub.all_tables().await.len();
        println!(
            "Preferans is served at http://{}/ ({tables} tables loaded from {})",
            server.addr, a.database
        );
        tokio::select! {
            r = server.wait() => r,
            _ = tokio::signal::ctrl_c() => { println!("stopped"); Ok(()) }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::database_url;

    #[test]
    fn a_plain_path_is_an_sqlite_file_and_urls_stay_as_given() {
        assert_eq!(database_url("/var/lib/pref.db").unwrap(), "sqlite:///var/lib/pref.db");
        assert_eq!(database_url("pref.db").unwrap(), "sqlite://pref.db");
        assert_eq!(database_url("postgres.db").unwrap(), "sqlite://postgres.db");
        for url in [
            "sqlite://pref.db",
            "sqlite:/abs.db",
            "postgres://me@host/db",
            "postgresql://h/db",
        ] {
            assert_eq!(database_url(url).unwrap(), url);
        }
        assert!(database_url(" ").is_err());
    }
}
