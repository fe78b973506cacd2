//! Differential tests: the solver against a plain minimax on random endgames of up to five
//! tricks, for every kind of hand (issue: ≥ 10,000 positions, 100% agreement), and many more
//! of two or three tricks, where the bounds' corner cases turn up, and copies of endgames with
//! cards swapped within a suit, which catch table entries relying on too few ranks.

mod common;

use common::{minimax, objective_of, random_position, soaked, Kind};
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
    for seed in soaked(seed0..seed0 + count) {
        let left = tricks_left(seed);
        let mid = seed.is_multiple_of(3) && left < 10;
        let state = random_position(seed, kind, left, mid);
        let obj = objective_of(&state);
        let want = minimax(&state, obj);
        let got = solver.solve(&state, obj).unwrap();
        assert_eq!(got.tricks, want, "{kind:?} seed {seed} left {left} {state:?}");
        if seed.is_multiple_of(7) {
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

/// Copies of a random endgame with cards of one suit swapped between two hands (suit lengths
/// per hand kept): positions that agree on some ranks and not on others, all solved with one
/// table, so that an entry relying on too few ranks answers a copy wrongly.
fn agree_perturbed(kind: Kind, count: u64, seed0: u64) {
    let mut solver = Solver::with_table_bytes(1 << 20);
    for seed in soaked(seed0..seed0 + count) {
        let left = 2 + (seed % 3) as u8;
        let base = random_position(seed, kind, left, false);
        let obj = objective_of(&base);
        let mut rng = preferans::deal::hand_rng(seed, 11);
        for _ in 0..6 {
            let mut state = base;
            let suit = preferans::Suit::ALL[preferans::deal::uniform_below(&mut rng, 4) as usize];
            let a = preferans::deal::uniform_below(&mut rng, 3) as usize;
            let b = (a + 1 + preferans::deal::uniform_below(&mut rng, 2) as usize) % 3;
            let (ca, cb) = (state.hands[a].in_suit(suit), state.hands[b].in_suit(suit));
            if ca.is_empty() || cb.is_empty() {
                continue;
            }
            let x = ca.nth(preferans::deal::uniform_below(&mut rng, ca.len()));
            let y = cb.nth(preferans::deal::uniform_below(&mut rng, cb.len()));
            let (Some(x), Some(y)) = (x, y) else { continue };
            state.hands[a] = (state.hands[a] - preferans::CardSet::single(x)) | preferans::CardSet::single(y);
            state.hands[b] = (state.hands[b] - preferans::CardSet::single(y)) | preferans::CardSet::single(x);
            let want = minimax(&state, obj);
            let got = solver.solve(&state, obj).unwrap();
            assert_eq!(got.tricks, want, "{kind:?} seed {seed} {state:?}");
        }
    }
}

#[test]
fn perturbed_endgames_agree_with_minimax() {
    agree_perturbed(Kind::Trumps, 1500, 9_000_000);
    agree_perturbed(Kind::NoTrump, 1500, 9_100_000);
    agree_perturbed(Kind::Misere, 20000, 9_200_000);
    agree_perturbed(Kind::AllPass, 10000, 9_300_000);
}
