//! Differential tests: the solver against a plain minimax on random endgames of up to five
//! tricks, for every kind of hand (issue: ≥ 10,000 positions, 100% agreement), and many more
//! of two or three tricks, where the bounds' corner cases turn up.

mod common;

use common::{minimax, objective_of, random_position, Kind};
use preferans_solver::{Objective, Solver};

fn agree(kind: Kind, count: u64, seed0: u64) {
    agree_with_tricks(kind, count, seed0, |seed| 1 + (seed % 5) as u8);
}

/// Many small endgames (2 or 3 tricks left): the bounds' corner cases turn up there.
fn agree_small(kind: Kind, count: u64, seed0: u64) {
    agree_with_tricks(kind, count, seed0, |seed| 2 + (seed % 2) as u8);
}

fn agree_with_tricks(kind: Kind, count: u64, seed0: u64, tricks_left: impl Fn(u64) -> u8) {
    let mut solver = Solver::with_table_bytes(1 << 20);
    for i in 0..count {
        let seed = seed0 + i;
        let left = tricks_left(seed);
        let mid = seed % 3 == 0 && left < 10;
        let state = random_position(seed, kind, left, mid);
        let obj = objective_of(&state);
        let want = minimax(&state, obj);
        let got = solver.solve(&state, obj).unwrap();
        assert_eq!(got.tricks, want, "{kind:?} seed {seed} left {left} {state:?}");
        if seed % 7 == 0 {
            // Per-card values: the best one equals the total.
            let values = solver.card_values(&state, obj).unwrap();
            let mover_high = (state.to_play == obj.target()) == matches!(obj, Objective::Declarer(_));
            let best = if mover_high {
                values.iter().map(|v| v.1).max()
            } else {
                values.iter().map(|v| v.1).min()
            };
            assert_eq!(best, Some(want), "card values {values:?}");
        }
    }
}

#[test]
fn trump_endgames_agree_with_minimax() {
    agree(Kind::Trumps, 3000, 1_000);
}

#[test]
fn no_trump_endgames_agree_with_minimax() {
    agree(Kind::NoTrump, 2500, 2_000_000);
}

#[test]
fn misere_endgames_agree_with_minimax() {
    agree(Kind::Misere, 2500, 3_000_000);
}

#[test]
fn allpass_endgames_agree_with_minimax() {
    agree(Kind::AllPass, 2500, 4_000_000);
}

#[test]
fn small_endgames_agree_with_minimax() {
    agree_small(Kind::Trumps, 6000, 5_000_000);
    agree_small(Kind::NoTrump, 6000, 6_000_000);
    agree_small(Kind::Misere, 12000, 7_000_000);
    agree_small(Kind::AllPass, 12000, 8_000_000);
}
