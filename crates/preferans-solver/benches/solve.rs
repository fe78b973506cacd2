//! Criterion benchmark of the solver on the checked-in benchmark set: one iteration solves
//! the first `DEALS` deals of a kind, one at a time, each from an empty table (as
//! `solve_stats` does). `cargo bench -p preferans-solver`. The full-set figures
//! (mean, median, p99, nodes over 1,000 deals per kind) come from the `solve_stats` example;
//! see docs/performance.md. The `deal_table` group times whole deals' tables.

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

/// Deals per iteration of the deal-table bench.
const TABLE_DEALS: u64 = 10;

/// The whole deal's table (`preferans_solver::deal_table`): every position as declarer in
/// every strain and in misère with the best discard, and in all-pass; each deal from an empty
/// table.
fn bench_deal_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal_table");
    group.sample_size(10);
    group.throughput(Throughput::Elements(TABLE_DEALS));
    let deals: Vec<_> = (0..TABLE_DEALS).map(|i| preferans::Deal::seeded(i, 0)).collect();
    let mut solver = Solver::new();
    group.bench_function("first 10 seeded deals", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|d| {
                    solver.clear();
                    preferans_solver::deal_table::deal_table(
                        d,
                        Some(&preferans_solver::deal_table::allpass_x2(d)),
                        &mut solver,
                    )
                    .map_or(0, |t| t.nodes)
                })
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench, bench_deal_table);
criterion_main!(benches);
