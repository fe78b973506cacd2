//! Time and nodes of whole deals' tables (`preferans_solver::deal_table`) over the seeded deals
//! `0..N`, each from an empty table: `cargo run --release -p preferans-solver --example
//! deal_table_stats -- 100`. Figures in docs/performance.md.

use std::time::Instant;

use preferans::Deal;
use preferans_solver::deal_table::{allpass_x2, deal_table};
use preferans_solver::Solver;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let mut solver = Solver::new();
    let mut times = Vec::new();
    let mut nodes = Vec::new();
    for seed in 0..n {
        let deal = Deal::seeded(seed, 0);
        solver.clear();
        let start = Instant::now();
        match deal_table(&deal, Some(&allpass_x2(&deal)), &mut solver) {
            Ok(t) => {
                times.push(start.elapsed().as_secs_f64() * 1e3);
                nodes.push(t.nodes);
            }
            Err(e) => eprintln!("deal {seed}: {e}"),
        }
    }
    times.sort_by(f64::total_cmp);
    nodes.sort_unstable();
    let at = |q: f64| ((times.len() as f64 - 1.0) * q).round() as usize;
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let nodes_mean = nodes.iter().sum::<u64>() as f64 / nodes.len().max(1) as f64;
    println!(
        "deal table: {} deals, time ms mean {mean:.1} median {:.1} p99 {:.1} max {:.1}; nodes mean {nodes_mean:.0} median {}",
        times.len(),
        times.get(at(0.5)).copied().unwrap_or(0.0),
        times.get(at(0.99)).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0),
        nodes.get(nodes.len() / 2).copied().unwrap_or(0),
    );
}
