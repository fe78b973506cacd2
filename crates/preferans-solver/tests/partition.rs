//! Partition search against plain relative-rank keys on full deals of every kind, from the
//! first lead and from positions a few cards in (mid-trick included): the same answers. The
//! relevance masks decide which positions share a table entry, so a wrong mask shows up here
//! as a wrong answer on some deal.

mod common;

use common::{advance, soaked};
use preferans_solver::benchset::{bench_position, BenchKind};
use preferans_solver::Solver;

fn agree(kind: BenchKind, seeds: std::ops::Range<u64>) {
    let mut partition = Solver::with_table_bytes(8 << 20);
    let mut exact = Solver::with_table_bytes(8 << 20);
    exact.set_partition_search(false);
    for seed in soaked(seeds) {
        let (start, obj) = bench_position(seed, kind);
        for cards in [0, seed % 5 + 1, 3 * (seed % 4) + 7] {
            let s = advance(start, cards, seed);
            let a = partition.solve(&s, obj).expect("valid deal");
            let b = exact.solve(&s, obj).expect("valid deal");
            assert_eq!(a.tricks, b.tricks, "{kind:?} seed {seed} after {cards} cards");
        }
    }
}

#[test]
fn trump_deals_agree() {
    agree(BenchKind::Trump, 0..200);
}

#[test]
fn no_trump_deals_agree() {
    agree(BenchKind::NoTrump, 0..120);
}

#[test]
fn misere_deals_agree() {
    agree(BenchKind::Misere, 0..120);
}

#[test]
fn allpass_deals_agree() {
    agree(BenchKind::AllPass, 0..150);
}
