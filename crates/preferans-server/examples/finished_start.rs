//! Start-up benchmark of the server with many finished games (a command, not a test): how long
//! `pref serve` takes to start, and how much memory its tables take, against the number of
//! finished games kept in memory (`--finished-tables-in-memory`).
//!
//! ```sh
//! cargo run --release -p preferans-server --example finished_start -- build --games 3000 --file /tmp/finished.db
//! cargo run --release -p preferans-server --example finished_start -- start --file /tmp/finished.db --cap 1000
//! ```
//!
//! `build` writes N finished three-player games of `--hands` hands each (first legal action
//! every time) into a fresh SQLite file; `start` starts the server on it, in a process of its
//! own, and reports the time to start and the resident set's growth.

mod common;
use common::rss_bytes;

use std::time::Instant;

use clap::{Parser, Subcommand};
use preferans::Viewer;
use preferans_server::table::Table;
use preferans_server::{HubSettings, Server, Store, TableConfig};

#[derive(Parser, Debug)]
#[command(about = "Start-up time and memory of the server against the finished games it keeps")]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Writes finished games into a fresh SQLite file.
    Build {
        /// Games to write.
        #[arg(long, default_value_t = 3000)]
        games: usize,
        /// Hands in each game.
        #[arg(long, default_value_t = 10)]
        hands: u32,
        /// The SQLite file (replaced).
        #[arg(long)]
        file: std::path::PathBuf,
    },
    /// Starts the server on the file and reports.
    Start {
        /// The SQLite file `build` wrote.
        #[arg(long)]
        file: std::path::PathBuf,
        /// Finished games kept in memory.
        #[arg(long)]
        cap: usize,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match Args::parse().command {
        Command::Build { games, hands, file } => {
            let _ = std::fs::remove_file(&file);
            let store = Store::connect(&format!("sqlite://{}", file.display())).await?;
            let config: TableConfig = serde_json::from_value(serde_json::json!({
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
                "hand_limit": hands,
            }))?;
            let bar = indicatif::ProgressBar::new(games as u64);
            let mut actions = 0;
            for i in 0..games {
                let id = format!("g{i:06}");
                store.create_table(&id, &config, i as u64).await?;
                let mut t = Table::new(id.clone(), config.clone(), i as u64, 0).map_err(|e| anyhow::anyhow!("{e}"))?;
                while let Some(s) = t.to_move() {
                    let a = t
                        .observation(Viewer::Seat(s))
                        .ok_or_else(|| anyhow::anyhow!("no observation"))?
                        .legal_actions[0];
                    store
                        .append_action(&id, t.action_count(), s, &a.to_string(), false)
                        .await?;
                    let next = t.try_action(s, a).map_err(|e| anyhow::anyhow!("{e}"))?;
                    t.commit(next);
                    actions += 1;
                }
                store.finish_table(&id).await?;
                bar.inc(1);
            }
            bar.finish_and_clear();
            println!("{games} finished games, {actions} actions, in {}", file.display());
        }
        Command::Start { file, cap } => {
            let before = rss_bytes();
            let settings = HubSettings {
                finished_tables_in_memory: cap,
                ..HubSettings::default()
            };
            let started = Instant::now();
            let server = Server::start(
                "127.0.0.1:0".parse()?,
                &format!("sqlite://{}", file.display()),
                settings,
            )
            .await?;
            let took = started.elapsed();
            let tables = server.hub.all_tables().await.len();
            let grown = rss_bytes().saturating_sub(before);
            println!(
                "cap {cap}: started in {:.2} s with {tables} tables in memory; resident set +{:.1} MiB",
                took.as_secs_f64(),
                grown as f64 / (1024.0 * 1024.0)
            );
            server.stop();
        }
    }
    Ok(())
}
