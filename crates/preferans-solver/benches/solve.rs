//! Criterion benchmark of the solver on the checked-in benchmark set: one iteration solves
//! the first `DEALS` deals of a kind, one at a time, each from an empty table (as
//! `solve_stats` does). `cargo bench -p preferans-solver`. The full-set figures
//! (mean, median, p99, nodes over 1,000 deals per kind) come from the `solve_stats` example;
//! see docs/performance.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use preferans_solver::benchset::{bench_position, kind_of, BenchKind};
use preferans_solver::Solver;

/// Deals per kind in one iteration.
const DEALS: u64 = 50;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.throughput(Throughput::Elements(DEALS));
    for family in [BenchKind::Trump, BenchKind::Misere, BenchKind::AllPass] {
        let deals: Vec<_> = (0..DEALS).map(|i| bench_position(i, kind_of(family, i))).collect();
        let mut solver = Solver::new();
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{family:?}")),
            &deals,
            |b, deals| {
                b.iter(|| {
                    deals
                        .iter()
                        .map(|(state, obj)| {
                            solver.clear();
                            solver.solve(state, *obj).map_or(0, |s| s.tricks as u64)
                        })
                        .sum::<u64>()
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
