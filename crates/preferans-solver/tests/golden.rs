//! Known positions with their answers worked out by hand, and consistency properties over
//! full deals: per-card values agree with the total, a small table gives the same answers,
//! and the principal variation played through the engine's trick rules takes exactly the
//! solved number of tricks.

mod common;

use common::minimax;
use preferans::trick::Trick;
use preferans::{Bid, CardSet, PlayState, Suit};
use preferans_solver::benchset::{bench_position, BenchKind};
use preferans_solver::{play_card, Objective, Solver};

fn state(hands: [&str; 3], trump: Option<Suit>, contract: Option<Bid>, declarer: Option<u8>) -> PlayState {
    let hands = hands.map(|h| h.parse::<CardSet>().unwrap());
    PlayState {
        hands,
        trump,
        trick: Trick::new(),
        to_play: 0,
        tricks: [0; 4],
        tricks_done: 10 - hands[0].len() as u8,
        talon_leads: [None, None],
        talon_can_win: false,
        contract,
        declarer,
    }
}

#[test]
fn misere_singleton_ace_is_caught() {
    // The misère declarer (eldest) holds A♠ and 7♥. If he leads 7♥ the opponents duck it
    // with the 8♥ and overtake with the 9♥, then lead a spade: his ace must win. If he leads
    // the ace, it wins at once. Known answer: 1 trick.
    let s = state(["AS 7H", "7S 8H", "8S 9H"], None, Some(Bid::Misere), Some(0));
    let v = Solver::new().solve(&s, Objective::Misere(0)).unwrap();
    assert_eq!(v.tricks, 1);
    assert_eq!(minimax(&s, Objective::Misere(0)), 1);
}

#[test]
fn misere_exit_discarded_on_a_forced_win() {
    // Hand 1 leads the 7♠: the declarer must win with his A♠; hand 2, void in spades,
    // discards his only heart, so the declarer's 7♥ wins the last trick too. Known answer: 2
    // (an exit in a hand that can discard it on the forcing trick is no exit).
    let mut s = state(["AS 7H", "7S 7D", "8H 8D"], None, Some(Bid::Misere), Some(0));
    s.to_play = 1;
    assert_eq!(Solver::new().solve(&s, Objective::Misere(0)).unwrap().tricks, 2);
    assert_eq!(minimax(&s, Objective::Misere(0)), 2);
}

#[test]
fn misere_clean_low_cards_escape() {
    // Declarer 7♦ 9♦ J♦ against 8♦ T♦ Q♦ and K♦ A♦ 7♥: he always has a diamond under the
    // opponents' — a clean misère. Known answer: 0.
    let s = state(["7D 9D JD", "8D TD QD", "KD AD 7H"], None, Some(Bid::Misere), Some(0));
    assert_eq!(Solver::new().solve(&s, Objective::Misere(0)).unwrap().tricks, 0);
}

#[test]
fn trump_declarer_with_all_the_top_cards_takes_everything() {
    let s = state(
        [
            "AS KS QS JS TS 9S 8S AC KC QC",
            "7S JC TC 9C 8C 7C AD KD QD JD",
            "TD 9D 8D 7D AH KH QH JH TH 9H",
        ],
        Some(Suit::Spades),
        Bid::tricks(6, preferans::Strain::Spades),
        Some(0),
    );
    assert_eq!(Solver::new().solve(&s, Objective::Declarer(0)).unwrap().tricks, 10);
}

#[test]
fn x2_allpass_talon_card_leads_and_cannot_win() {
    // Talon 7♥ leads; only position 0 has a heart (A♥) and must follow: he wins the trick
    // (the talon card cannot), then must lead 7♠ into 8♠/T♠... he takes exactly 1.
    let mut s = state(["AH 7S", "8S 9S", "TS JS"], None, None, None);
    s.talon_leads = [Some("7H".parse().unwrap()), None];
    assert_eq!(Solver::new().solve(&s, Objective::AllPass(0)).unwrap().tricks, 1);
    assert_eq!(minimax(&s, Objective::AllPass(0)), 1);
}

/// Plays the principal variation and counts the target's tricks.
fn replay_pv(s: &PlayState, obj: Objective, solver: &mut Solver) -> u8 {
    let line = solver.principal_variation(s, obj).unwrap();
    let mut t = *s;
    for c in line {
        assert!(
            preferans_solver::legal_now(&t).contains(c),
            "illegal card {c} in the line"
        );
        t = play_card(&t, c);
    }
    assert_eq!(t.tricks_done, 10);
    t.tricks[obj.target() as usize]
}

#[test]
fn full_deals_are_consistent() {
    let mut big = Solver::new();
    let mut small = Solver::with_table_bytes(16 << 10);
    for seed in 0..30u64 {
        for kind in [BenchKind::Trump, BenchKind::NoTrump, BenchKind::AllPass] {
            let (s, obj) = bench_position(seed, kind);
            let v = big.solve(&s, obj).unwrap().tricks;
            assert_eq!(
                small.solve(&s, obj).unwrap().tricks,
                v,
                "seed {seed} {kind:?}: table size changes the answer"
            );
            let values = big.card_values(&s, obj).unwrap();
            let high = matches!(obj, Objective::Declarer(_)) == (s.to_play == obj.target());
            let best = if high {
                values.iter().map(|x| x.1).max()
            } else {
                values.iter().map(|x| x.1).min()
            };
            assert_eq!(best, Some(v), "seed {seed} {kind:?}: best card value = total");
            if seed % 6 == 0 {
                assert_eq!(
                    replay_pv(&s, obj, &mut big),
                    v,
                    "seed {seed} {kind:?}: the line takes the value"
                );
            }
        }
    }
}

#[test]
fn node_limit_stops_a_solve_with_an_error_and_leaves_the_solver_usable() {
    let (s, obj) = bench_position(1, BenchKind::Misere);
    let mut solver = Solver::new();
    solver.set_node_limit(Some(1_000));
    assert!(solver.solve(&s, obj).is_err());
    solver.set_node_limit(None);
    let endgame = state(["AS 7H", "7S 8H", "8S 9H"], None, Some(Bid::Misere), Some(0));
    assert_eq!(solver.solve(&endgame, Objective::Misere(0)).unwrap().tricks, 1);
    assert!(solver.nodes_used() > 1_000);
}

/// The lines of a checked-in file about the benchmark set (comments left out), one per deal
/// of the set, paired with it.
fn with_bench_set(text: &str) -> Vec<(&str, (u64, preferans_solver::benchset::BenchKind))> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let set = preferans_solver::benchset::bench_set();
    assert_eq!(lines.len(), set.len());
    lines.into_iter().zip(set).collect()
}

#[test]
fn the_checked_in_benchmark_set_is_what_the_generator_makes() {
    for (line, (seed, kind)) in with_bench_set(include_str!("../benches/data/deals.txt")) {
        assert_eq!(line, preferans_solver::benchset::bench_line(seed, kind));
    }
}

/// Every deal of the benchmark set keeps its exact result (golden values, made by
/// `make_bench_set values` and checked against the solver of an earlier session on every
/// card of 3,000 other deals): a bound or a table change that breaks a result shows here.
#[test]
fn the_benchmark_set_keeps_its_values() {
    let mut solver = Solver::new();
    for (line, (seed, kind)) in with_bench_set(include_str!("../benches/data/values.txt")) {
        let (state, objective) = preferans_solver::benchset::bench_position(seed, kind);
        let tricks = solver.solve(&state, objective).unwrap().tricks;
        assert_eq!(line, preferans_solver::benchset::value_line(seed, kind, tricks));
    }
}
