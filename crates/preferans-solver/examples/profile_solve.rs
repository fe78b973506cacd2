//! Solves N deals of one kind made like the benchmark set's, from seed FIRST (default 0, the
//! set itself; e.g. 10000 for deals outside it), for profiling and for checking a change off
//! the set: `cargo build --release -p preferans-solver --example profile_solve && valgrind
//! --tool=callgrind target/release/examples/profile_solve trump 20 [FIRST]`.
use preferans_solver::benchset::{bench_position, BenchKind};
use preferans_solver::Solver;

fn main() {
    let kind = match std::env::args().nth(1).as_deref() {
        Some("misere") => BenchKind::Misere,
        Some("allpass") => BenchKind::AllPass,
        Some("nt") => BenchKind::NoTrump,
        _ => BenchKind::Trump,
    };
    let n: u64 = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let first: u64 = std::env::args().nth(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut solver = Solver::new();
    let mut nodes = 0;
    let t = std::time::Instant::now();
    for seed in first..first + n {
        let (s, obj) = bench_position(seed, kind);
        // Each deal from an empty table, as `solve_stats` times them.
        solver.clear();
        nodes += solver.solve(&s, obj).map(|v| v.nodes).unwrap_or(0);
    }
    println!(
        "{kind:?}: {n} deals, {nodes} nodes, {:?} per deal",
        t.elapsed() / n as u32
    );
}
