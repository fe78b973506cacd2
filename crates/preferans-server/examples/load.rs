//! Load benchmark of the server (a command, not a test): N tables of three seats each, every
//! seat a bot playing over its own WebSocket on loopback, as people's browsers would.
//!
//! ```sh
//! cargo run --release -p preferans-server --example load -- --tables 1000 --seconds 60
//! ```
//!
//! The server runs in this process on a fresh SQLite file (or `--database URL`); the clients
//! are seeded random bots that pick among the legal actions the server sends, after a think
//! time. Reported: tables held (every seat connected and its table still playing), actions
//! stored, action latency (from sending an action to receiving the state it produced: check,
//! database write, broadcast) at p50/p99/max, and memory: the resident set's growth per table
//! once the tables exist, and again once their 3 connections each are open (both ends of every
//! socket live in this process).

mod common;
use common::rss_bytes;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use preferans_server::{HubSettings, Server};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

/// Options.
#[derive(Parser, Debug)]
#[command(about = "Load benchmark: N tables of WebSocket bots against pref serve on loopback")]
struct Args {
    /// Tables to open (three WebSocket seats each).
    #[arg(long, default_value_t = 1000)]
    tables: usize,
    /// How long to play once every table is seated, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Mean think time of a bot before each action, in milliseconds (uniform in 0.5x–1.5x).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Database URL; a fresh SQLite file in a temporary directory when absent.
    #[arg(long)]
    database: Option<String>,
    /// Seed of the bots' choices and think times.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

struct Stats {
    latencies_us: Mutex<Vec<u64>>,
    actions: AtomicU64,
    errors: AtomicU64,
    playing: AtomicUsize,
}

async fn post(client: &reqwest::Client, base: &str, path: &str, body: Value) -> anyhow::Result<Value> {
    let r = client.post(format!("{base}{path}")).json(&body).send().await?;
    let status = r.status();
    let v: Value = r.json().await?;
    anyhow::ensure!(status.is_success(), "{path}: {status} {v}");
    Ok(v)
}

/// One seat: joins, then acts whenever the latest state says it is to move.
async fn seat(
    addr: std::net::SocketAddr,
    table: String,
    token: String,
    mut rng: ChaCha8Rng,
    think_ms: u64,
    until: Instant,
    stats: Arc<Stats>,
) -> anyhow::Result<()> {
    // Small buffers as the server's own, so that the client ends weigh little in the memory
    // figure (a browser's socket lives elsewhere).
    let mut config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default();
    config.read_buffer_size = 8 * 1024;
    config.write_buffer_size = 0;
    let (ws, _) = tokio_tungstenite::connect_async_with_config(format!("ws://{addr}/ws"), Some(config), false).await?;
    let (mut tx, mut rx) = ws.split();
    let join = json!({"type": "join", "table": table, "token": token});
    tx.send(Message::Text(join.to_string().into())).await?;
    let mut sent_at: Option<Instant> = None;
    let mut counted = false;
    loop {
        let remaining = until.saturating_duration_since(Instant::now());
        let Ok(msg) = tokio::time::timeout(remaining, rx.next()).await else {
            break;
        };
        let Some(msg) = msg else { break };
        let Message::Text(text) = msg? else { continue };
        let v: Value = serde_json::from_str(&text)?;
        if v["type"] == "error" {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        if v["type"] != "state" {
            continue;
        }
        if !counted {
            counted = true;
            stats.playing.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(t) = sent_at.take() {
            stats.latencies_us.lock().await.push(t.elapsed().as_micros() as u64);
            stats.actions.fetch_add(1, Ordering::Relaxed);
        }
        if v["game_over"] == true {
            break;
        }
        let legal = v["observation"]["legal_actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if legal.is_empty() || v["observation"]["to_move"] != v["you"] {
            continue;
        }
        let think = think_ms / 2 + rng.next_u64() % (think_ms.max(1));
        tokio::time::sleep(Duration::from_millis(think)).await;
        if Instant::now() >= until {
            break;
        }
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize].clone();
        let act = json!({"type": "act", "token": token, "action": action});
        sent_at = Some(Instant::now());
        tx.send(Message::Text(act.to_string().into())).await?;
    }
    let _ = tx.send(Message::Close(None)).await;
    Ok(())
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dir = tempfile::tempdir()?;
    let database = args
        .database
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", dir.path().join("load.db").display()));
    let settings = HubSettings {
        bot_delay: Duration::ZERO,
        // Every table and seat comes from this one address.
        posts_per_minute: 0,
        connections_per_address: 0,
        http_connections_per_address: 0,
        open_tables_per_address: 0,
        ..HubSettings::default()
    };
    let server = Server::start("127.0.0.1:0".parse()?, &database, settings).await?;
    let addr = server.addr;
    let base = format!("http://{addr}");
    let client = reqwest::Client::new();
    println!("server on {addr}, database {database}");

    let rss_start = rss_bytes();
    let progress = indicatif::ProgressBar::new(args.tables as u64).with_message("creating and seating tables");
    let mut seats = Vec::with_capacity(args.tables * 3);
    let humans = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    for i in 0..args.tables {
        let config = json!({"name": format!("load {i}"), "seats": humans, "seed": args.seed + i as u64});
        let id = post(&client, &base, "/api/tables", config).await?["id"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        for name in ["A", "B", "C"] {
            let v = post(
                &client,
                &base,
                &format!("/api/tables/{id}/seats"),
                json!({"name": name}),
            )
            .await?;
            seats.push((id.clone(), v["token"].as_str().unwrap_or_default().to_string()));
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    let rss_tables = rss_bytes();

    let stats = Arc::new(Stats {
        latencies_us: Mutex::new(Vec::new()),
        actions: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        playing: AtomicUsize::new(0),
    });
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds) + Duration::from_secs(10);
    let mut tasks = Vec::with_capacity(seats.len());
    for (i, (table, token)) in seats.into_iter().enumerate() {
        let rng = ChaCha8Rng::seed_from_u64(args.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
        tasks.push(tokio::spawn(seat(
            addr,
            table,
            token,
            rng,
            args.think_ms,
            until,
            stats.clone(),
        )));
    }
    // Wait until every seat has its first state (or 10 s), then measure only the steady state.
    let connect_deadline = Instant::now() + Duration::from_secs(10);
    while stats.playing.load(Ordering::Relaxed) < tasks.len() && Instant::now() < connect_deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let connected = stats.playing.load(Ordering::Relaxed);
    let rss_connected = rss_bytes();
    stats.latencies_us.lock().await.clear();
    stats.actions.store(0, Ordering::Relaxed);
    let measure_from = Instant::now();
    let bar = indicatif::ProgressBar::new(args.seconds).with_message("playing");
    for _ in 0..args.seconds {
        tokio::time::sleep(Duration::from_secs(1)).await;
        bar.inc(1);
    }
    bar.finish_and_clear();
    let measured = measure_from.elapsed().as_secs_f64();
    let mut lat = stats.latencies_us.lock().await.clone();
    let actions = stats.actions.load(Ordering::Relaxed);
    lat.sort_unstable();
    let mut failed = 0;
    for t in tasks {
        t.abort();
        if let Ok(Err(e)) = t.await {
            failed += 1;
            eprintln!("seat failed: {e}");
        }
    }
    let per_table = |bytes: u64| bytes.saturating_sub(rss_start) as f64 / args.tables as f64 / 1024.0;
    println!(
        "tables: {} ({} seats connected of {})",
        args.tables,
        connected,
        args.tables * 3
    );
    println!(
        "actions: {actions} in {measured:.1} s = {:.0}/s; errors {}; seats failed {failed}",
        actions as f64 / measured,
        stats.errors.load(Ordering::Relaxed)
    );
    println!(
        "latency ms: p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}",
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0)
    );
    println!(
        "memory per table: {:.1} KiB with the tables created, {:.1} KiB with 3 connections each (both ends)",
        per_table(rss_tables),
        per_table(rss_connected)
    );
    server.stop();
    Ok(())
}
