//! `pref serve`: the browser game (the `preferans-server` crate) on an address and a database.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use preferans_server::{HubSettings, Server};

/// Options of `pref serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on: IP:PORT, or a host name and port (`localhost:8080`).
    #[arg(long, default_value = "127.0.0.1:8080", value_parser = listen_address)]
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
    /// long-lived server neither starts slower nor grows with every game played. The game
    /// opened last stays in memory until another is opened, even with 0.
    #[arg(long, default_value_t = 200)]
    finished_tables_in_memory: usize,
    /// A reverse proxy in front of the server (repeat for several): from its connections the
    /// client's address is read from X-Forwarded-For, so each client has its own limits.
    /// Give only proxies you run: anyone else could claim any address.
    #[arg(long = "trusted-proxy", value_name = "ADDRESS")]
    trusted_proxies: Vec<std::net::IpAddr>,
}

/// The address `--addr` names: IP:PORT as it is, a host name's first address.
fn listen_address(given: &str) -> Result<SocketAddr, String> {
    if let Ok(a) = given.parse() {
        return Ok(a);
    }
    use std::net::ToSocketAddrs;
    let mut found = given
        .to_socket_addrs()
        .map_err(|e| format!("expected IP:PORT or HOST:PORT (e.g. 127.0.0.1:8080): {e}"))?;
    found.next().ok_or_else(|| format!("{given} names no address"))
}

/// The database URL `given` names: a URL as it is, a plain path as its SQLite file.
fn database_url(given: &str) -> Result<String, String> {
    if let Some(rest) = given
        .strip_prefix("postgres://")
        .or_else(|| given.strip_prefix("postgresql://"))
    {
        // Without a database name PostgreSQL picks one (`postgres`, or the user's), and the
        // server's tables would land there unasked.
        let path = rest.split(['?', '#']).next().unwrap_or_default();
        if path.split_once('/').is_none_or(|(_, db)| db.is_empty()) {
            return Err("name the database: postgres://USER@HOST/DB".into());
        }
    }
    // `sqlite://` with no file is SQLite's temporary database: a server on it would lose
    // every game when it stops, and nobody would have asked for that.
    let sqlite_file = given
        .strip_prefix("sqlite://")
        .or_else(|| given.strip_prefix("sqlite:"));
    if sqlite_file.is_some_and(|f| f.split_once('?').map_or(f, |(file, _)| file).is_empty()) {
        return Err("name the SQLite file: sqlite://FILE (sqlite::memory: for a database that is not kept)".into());
    }
    if given.contains("://") || given.starts_with("sqlite:") {
        return Ok(given.to_string());
    }
    if given.trim().is_empty() {
        return Err("expected sqlite://FILE, a file path or postgres://USER@HOST/DB".into());
    }
    // A plain path as an absolute one: in `sqlite://sub/../a.db` the URL would read `sub` as
    // a host (and open sub/a.db), and a space there is no host character. `sqlite://` and an
    // absolute path give the URL's three slashes.
    let path = std::path::absolute(given).map_err(|e| format!("{given}: {e}"))?;
    Ok(format!("sqlite://{}", path.display()))
}

/// `url` as it may be shown (the startup line, errors): a password in it is masked.
fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((user_info, host)) if user_info.contains(':') => {
            let user = user_info.split(':').next().unwrap_or_default();
            format!("{scheme}://{user}:***@{host}{path}")
        }
        _ => url.to_string(),
    }
}

/// Runs the server until it is stopped.
pub fn run(a: ServeArgs) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(log_filter(std::env::var("RUST_LOG").ok().as_deref()))
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
        let shown = shown_url(&a.database);
        let mut server = Server::start(a.addr, &a.database, settings)
            .await
            .map_err(|e| anyhow::anyhow!(mask_in(&e.to_string(), &a.database, &shown)))
            .with_context(|| format!("cannot start the server on {} with {shown}", a.addr))?;
        if a.database.contains(":memory:") || a.database.contains("mode=memory") {
            eprintln!("note: the database is in memory: every game is lost when the server stops");
        }
        let tables = server.hub.all_tables().await.len();
        println!(
            "Preferans is served at http://{}/ ({} loaded from {shown})",
            server.addr,
            crate::describe::count(tables, "table")
        );
        tokio::select! {
            r = server.wait() => return r,
            _ = tokio::signal::ctrl_c() => {}
            // A service manager's stop (systemd, docker) is as clean as Ctrl-C.
            _ = terminated() => {}
        }
        // The pages are told the server goes away (they reconnect to the next one).
        server.shutdown().await;
        println!("stopped");
        Ok(())
    })
}

/// The log's filter: `RUST_LOG`, or `info`. The WebSocket libraries' trace level logs every
/// message whole, seat tokens with them: under a global `trace` each stays at `debug` unless
/// `RUST_LOG` names it (a directive for another target raises nothing).
fn log_filter(rust_log: Option<&str>) -> tracing_subscriber::EnvFilter {
    let given = rust_log.unwrap_or("info");
    let filter = tracing_subscriber::EnvFilter::try_new(given).unwrap_or_else(|_| "info".into());
    let directives: Vec<&str> = given.split(',').map(str::trim).collect();
    if !directives.iter().any(|d| d.eq_ignore_ascii_case("trace")) {
        return filter;
    }
    let named = |target: &str| {
        directives.iter().any(|d| {
            let t = d.split(['=', '[']).next().unwrap_or_default();
            t == target || t.starts_with(&format!("{target}::"))
        })
    };
    ["tungstenite", "tokio_tungstenite"]
        .into_iter()
        .filter(|t| !named(t))
        .filter_map(|t| format!("{t}=debug").parse().ok())
        .fold(filter, tracing_subscriber::EnvFilter::add_directive)
}

/// An error's text with the database URL's password masked, should the error quote it.
fn mask_in(text: &str, url: &str, shown: &str) -> String {
    text.replace(url, shown)
}

/// Resolves when the process is asked to stop (SIGTERM); never elsewhere.
async fn terminated() {
    #[cfg(unix)]
    if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        s.recv().await;
        return;
    }
    std::future::pending::<()>().await
}

#[cfg(test)]
mod tests {
    use super::{database_url, shown_url};

    #[test]
    fn a_password_in_the_database_url_is_masked_when_shown() {
        assert_eq!(
            shown_url("postgres://me:s3cret@host:5432/db?x=1"),
            "postgres://me:***@host:5432/db?x=1"
        );
        assert_eq!(shown_url("postgres://me@host/db"), "postgres://me@host/db");
        assert_eq!(shown_url("sqlite:///var/lib/pref.db"), "sqlite:///var/lib/pref.db");
        assert_eq!(shown_url("sqlite://pref.db"), "sqlite://pref.db");
    }

    #[test]
    fn the_listen_address_may_name_a_host() {
        assert_eq!(super::listen_address("127.0.0.1:8080").unwrap().port(), 8080);
        let local = super::listen_address("localhost:8081").unwrap();
        assert!(local.ip().is_loopback() && local.port() == 8081, "{local}");
        assert!(super::listen_address("localhost").is_err(), "a port is needed");
        assert!(super::listen_address("127.0.0.1:99999").is_err());
    }

    #[test]
    fn the_websocket_library_logs_no_messages_unless_asked_by_name() {
        use super::log_filter;
        let at_most = |given: Option<&str>| log_filter(given).max_level_hint();
        // `trace` everywhere but the socket library, whose trace quotes whole messages.
        let f = log_filter(Some("trace")).to_string();
        assert!(f.contains("tungstenite=debug") && f.contains("trace"), "{f}");
        assert!(!log_filter(Some("tungstenite=trace")).to_string().contains("=debug"));
        // Below a global trace nothing is added (a cap would raise the library's level).
        assert_eq!(at_most(None), Some(tracing_subscriber::filter::LevelFilter::INFO));
        assert_eq!(log_filter(Some("debug")).to_string(), "debug");
        assert!(!log_filter(Some("info,preferans_server=trace"))
            .to_string()
            .contains("tungstenite"));
        // Each library by its own name: naming one leaves the other capped.
        let f = log_filter(Some("trace,tokio_tungstenite=trace")).to_string();
        assert!(
            f.contains("tungstenite=debug") && !f.contains("tokio_tungstenite=debug"),
            "{f}"
        );
    }

    #[test]
    fn a_postgres_url_names_its_database() {
        for url in [
            "postgres://me@host/",
            "postgres://me@host",
            "postgresql://h?sslmode=disable",
            "postgres://",
        ] {
            assert!(database_url(url).unwrap_err().contains("name the database"), "{url}");
        }
        assert!(database_url("postgres://me:pw@host:5432/db?sslmode=disable").is_ok());
    }

    #[test]
    fn a_plain_path_is_an_sqlite_file_and_urls_stay_as_given() {
        assert_eq!(database_url("/var/lib/pref.db").unwrap(), "sqlite:///var/lib/pref.db");
        // A relative path as an absolute one (a URL would read its first folder as a host).
        let cwd = std::env::current_dir().unwrap();
        assert_eq!(
            database_url("pref.db").unwrap(),
            format!("sqlite://{}/pref.db", cwd.display())
        );
        assert_eq!(
            database_url("postgres.db").unwrap(),
            format!("sqlite://{}/postgres.db", cwd.display())
        );
        assert_eq!(
            database_url("sub/../a b.db").unwrap(),
            format!("sqlite://{}/sub/../a b.db", cwd.display())
        );
        for url in [
            "sqlite://pref.db",
            "sqlite:/abs.db",
            "postgres://me@host/db",
            "postgresql://h/db",
        ] {
            assert_eq!(database_url(url).unwrap(), url);
        }
        assert!(database_url(" ").is_err());
        // No file is SQLite's temporary database: refused, with the way to ask for one.
        for url in ["sqlite://", "sqlite:", "sqlite://?mode=rwc"] {
            assert!(database_url(url).unwrap_err().contains("sqlite::memory:"), "{url}");
        }
        assert_eq!(database_url("sqlite::memory:").unwrap(), "sqlite::memory:");
    }
}
