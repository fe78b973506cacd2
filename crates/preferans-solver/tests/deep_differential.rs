//! The slower differential test: the solver against plain minimax (with memory, no pruning)
//! on a few hundred deals of the benchmark set played down to six, seven or eight tricks left —
//! mid-trick included — for every kind of hand; 100% agreement. (Whole ten-trick deals are
//! beyond plain minimax; `partition.rs` checks them against the solver with plain keys.)

mod common;

use common::{advance, minimax_memo, soaked};
use preferans_solver::benchset::{bench_position, BenchKind};
use preferans_solver::Solver;

fn agree(kind: BenchKind, seeds: std::ops::Range<u64>) {
    let mut solver = Solver::with_table_bytes(4 << 20);
    for seed in soaked(seeds) {
        let (start, obj) = bench_position(seed, kind);
        // Three or four tricks played, and up to two cards of the next; for the first deals,
        // two tricks (eight left: slower for minimax).
        let cards = if seed < 12 { 6 + seed % 3 } else { 9 + seed % 5 };
        let s = advance(start, cards, seed);
        let want = minimax_memo(&s, obj);
        let got = solver.solve(&s, obj).expect("valid position");
        assert_eq!(got.tricks, want, "{kind:?} seed {seed}: {s:?}");
    }
}

#[test]
fn trump_deals_agree_with_minimax() {
    agree(BenchKind::Trump, 0..100);
}

#[test]
fn no_trump_deals_agree_with_minimax() {
    agree(BenchKind::NoTrump, 0..60);
}

#[test]
fn misere_deals_agree_with_minimax() {
    agree(BenchKind::Misere, 0..80);
}

#[test]
fn allpass_deals_agree_with_minimax() {
    agree(BenchKind::AllPass, 0..80);
}
