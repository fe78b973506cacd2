//! Solves the benchmark set one deal at a time and prints mean, median, p99 time and nodes per
//! kind (single thread): `cargo run --release -p preferans-solver --example solve_stats [LIMIT] [trump,misere,allpass] [warm]`.
//! Each deal starts with an empty table unless `warm` is given (then entries of earlier deals
//! stay and may answer positions of later ones); `plain` turns partition search off (plain
//! relative-rank keys), e.g. `... solve_stats 1000 trump warm,plain`. `repeat=N` solves the set
//! N times and keeps each deal's fastest time: the work is the same every time, so the minimum
//! filters out the machine's own noise (this machine's speed wanders by a third between
//! minutes), e.g. `... solve_stats 1000 trump repeat=5`. `byvalue` also prints the deals
//! grouped by their value (the target's tricks): how many, mean time and mean nodes.
use std::time::Instant;

use preferans_solver::benchset::{bench_position, bench_set, BenchKind};
use preferans_solver::Solver;

fn main() {
    let limit: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    // Optional second argument: the kinds to run, e.g. "trump,allpass".
    let only = std::env::args().nth(2).unwrap_or_else(|| "trump,misere,allpass".into());
    let flags = std::env::args().nth(3).unwrap_or_default();
    let warm = flags.contains("warm");
    let repeat: usize = flags
        .split(',')
        .find_map(|f| f.strip_prefix("repeat=")?.parse().ok())
        .unwrap_or(1)
        .max(1);
    let mut solver = Solver::new();
    solver.set_partition_search(!flags.contains("plain"));
    for fam in [BenchKind::Trump, BenchKind::Misere, BenchKind::AllPass] {
        if !only.contains(&format!("{fam:?}").to_lowercase()) {
            continue;
        }
        let deals: Vec<_> = bench_set()
            .into_iter()
            .filter(|(_, k)| *k == fam || (fam == BenchKind::Trump && *k == BenchKind::NoTrump))
            .take(limit)
            .collect();
        let mut times = vec![f64::INFINITY; deals.len()];
        let mut nodes = vec![0.0; deals.len()];
        let mut values = vec![0u8; deals.len()];
        for _ in 0..repeat {
            // Each pass starts from an empty table (a warm pass warms it again itself).
            solver.clear();
            for (i, &(seed, kind)) in deals.iter().enumerate() {
                let (state, obj) = bench_position(seed, kind);
                if !warm {
                    solver.clear();
                }
                let t = Instant::now();
                let sol = solver.solve(&state, obj).expect("benchmark deals are valid");
                times[i] = times[i].min(t.elapsed().as_secs_f64() * 1e6);
                nodes[i] = sol.nodes as f64;
                values[i] = sol.tricks;
            }
        }
        if flags.contains("byvalue") {
            for v in 0..=10u8 {
                let of: Vec<usize> = (0..deals.len()).filter(|&i| values[i] == v).collect();
                if of.is_empty() {
                    continue;
                }
                let mean = |x: &[f64]| of.iter().map(|&i| x[i]).sum::<f64>() / of.len() as f64;
                println!(
                    "{fam:?} worth {v}: {} deals, time µs mean {:.1}; nodes mean {:.0}",
                    of.len(),
                    mean(&times),
                    mean(&nodes)
                );
            }
        }
        let stats = |v: &mut Vec<f64>| {
            v.sort_by(|a, b| a.total_cmp(b));
            let mean = v.iter().sum::<f64>() / v.len() as f64;
            (mean, v[v.len() / 2], v[(v.len() * 99 / 100).min(v.len() - 1)])
        };
        let (tm, tmed, tp99) = stats(&mut times);
        let (nm, nmed, np99) = stats(&mut nodes);
        println!(
            "{fam:?}: {} deals, time µs mean {tm:.1} median {tmed:.1} p99 {tp99:.1}; nodes mean {nm:.0} median {nmed:.0} p99 {np99:.0}",
            times.len()
        );
    }
}
