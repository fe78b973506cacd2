//! What a whole deal holds, double-dummy: for each hand position as declarer — the talon
//! taken and the best two cards discarded (T1), the eldest leading (P1) — the most tricks in
//! each trump suit and in no trumps and the fewest in a misère; and for each position the
//! fewest tricks he takes in an all-pass against the other two (as the table's rules play
//! it: the talon leading the first two tricks or not, X2). The question a player asks after a
//! hand: what could have been made?
//!
//! A best discard is found among the *distinct* discards only: two cards next to each other
//! in rank, both the declarer's, are the same card to discard (every card of the deal is in
//! play, so the positions after either discard are the same up to that card). The first
//! candidate is solved exactly; each later one only answers whether it beats the best so far
//! (one null-window test, [`Solver::reaches`]), and is solved exactly only when it does.

use preferans::{Bid, Card, CardSet, Deal, PlayState, Rank, Strain, Suit};

use crate::{Objective, SolveError, Solver};

/// The deal's double-dummy table (positions: 0 the eldest, then in playing order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealTable {
    /// `tricks[pos][s]`: the most tricks position `pos` takes as declarer with strain `s`
    /// trumps (♠ ♣ ♦ ♥ in [`Suit::ALL`] order, then no trumps), with the best discard.
    pub tricks: [[u8; 5]; 3],
    /// A best discard for each entry of `tricks`.
    pub discards: [[[Card; 2]; 5]; 3],
    /// The fewest tricks each position takes as misère declarer, with the best discard.
    pub misere: [u8; 3],
    /// A best discard for each misère.
    pub misere_discards: [[Card; 2]; 3],
    /// The fewest tricks each position takes in an all-pass, the other two against him; `None`
    /// where the rules play no all-pass (H3).
    pub allpass: Option<[u8; 3]>,
    /// Search nodes used.
    pub nodes: u64,
}

/// The distinct discards from `hand` (twelve cards): of each run of cards next to each other
/// in rank, the lowest one or two.
pub fn distinct_discards(hand: CardSet) -> Vec<[Card; 2]> {
    // Each run of the hand by its lowest cards.
    let mut runs: Vec<Vec<Card>> = Vec::new();
    for suit in Suit::ALL {
        let mut run: Vec<Card> = Vec::new();
        for rank in Rank::ALL {
            let card = Card::new(suit, rank);
            if hand.contains(card) {
                run.push(card);
            } else if !run.is_empty() {
                runs.push(std::mem::take(&mut run));
            }
        }
        if !run.is_empty() {
            runs.push(run);
        }
    }
    let mut out = Vec::new();
    for (i, a) in runs.iter().enumerate() {
        if a.len() >= 2 {
            out.push([a[0], a[1]]);
        }
        for b in &runs[i + 1..] {
            out.push([a[0], b[0]]);
        }
    }
    out
}

/// The deal's table. `allpass`: the card play of an all-pass of this deal before its first
/// card, as the rules play it (the engine's `RussianHand::allpass_start`; [`allpass_x2`] for
/// the default rules), or `None` where no all-pass is played.
///
/// # Errors
/// A [`SolveError`] when the solver's node limit stops a solve, or `allpass` is not a whole
/// deal's start.
pub fn deal_table(deal: &Deal, allpass: Option<&PlayState>, solver: &mut Solver) -> Result<DealTable, SolveError> {
    if allpass.is_some_and(|a| a.hands != deal.hands() || a.tricks_done != 0) {
        return Err(SolveError("the all-pass is not this deal's start".into()));
    }
    let before = solver.nodes_used();
    let hands = deal.hands();
    let talon: CardSet = deal.talon().into_iter().collect();
    let mut table = DealTable {
        tricks: [[0; 5]; 3],
        discards: [[[deal.talon()[0]; 2]; 5]; 3],
        misere: [0; 3],
        misere_discards: [[deal.talon()[0]; 2]; 3],
        allpass: allpass.map(|_| [0; 3]),
        nodes: 0,
    };
    for pos in 0..3u8 {
        let twelve = hands[pos as usize] | talon;
        let discards = distinct_discards(twelve);
        let state_after = |contract: Bid, discard: [Card; 2]| {
            let mut h = hands;
            h[pos as usize] = twelve - CardSet::from_iter(discard);
            PlayState::first_lead(h, Some(contract), Some(pos))
        };
        for (s, strain) in Strain::ALL.into_iter().enumerate() {
            let contract = Bid::tricks(6, strain).ok_or_else(|| SolveError("no such contract".into()))?;
            let (best, discard) = best_of(solver, &discards, Objective::Declarer(pos), true, |d| {
                state_after(contract, d)
            })?;
            table.tricks[pos as usize][s] = best;
            table.discards[pos as usize][s] = discard;
        }
        let (best, discard) = best_of(solver, &discards, Objective::Misere(pos), false, |d| {
            state_after(Bid::Misere, d)
        })?;
        table.misere[pos as usize] = best;
        table.misere_discards[pos as usize] = discard;
        if let (Some(start), Some(counts)) = (allpass, table.allpass.as_mut()) {
            counts[pos as usize] = solver.solve(start, Objective::AllPass(pos))?.tricks;
        }
    }
    table.nodes = solver.nodes_used() - before;
    Ok(table)
}

/// The start of an all-pass of `deal` under the default rules (X2): the talon's cards lead
/// the first two tricks and cannot win them.
pub fn allpass_x2(deal: &Deal) -> PlayState {
    let mut state = PlayState::first_lead(deal.hands(), None, None);
    state.talon_leads = deal.talon().map(Some);
    state
}

/// The best result over the candidate discards (the most tricks, or the fewest), and its
/// discard.
fn best_of(
    solver: &mut Solver,
    discards: &[[Card; 2]],
    objective: Objective,
    most: bool,
    state: impl Fn([Card; 2]) -> PlayState,
) -> Result<(u8, [Card; 2]), SolveError> {
    let Some((&first, rest)) = discards.split_first() else {
        return Err(SolveError("no discard".into()));
    };
    let mut best = (solver.solve(&state(first), objective)?.tricks, first);
    for &d in rest {
        // Done: nothing beats every trick or none.
        if (most && best.0 == 10) || (!most && best.0 == 0) {
            break;
        }
        let s = state(d);
        let better = if most {
            solver.reaches(&s, objective, best.0 + 1)?
        } else {
            !solver.reaches(&s, objective, best.0)?
        };
        if better {
            best = (solver.solve(&s, objective)?.tricks, d);
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> CardSet {
        text.split_whitespace().map(|c| c.parse::<Card>().unwrap()).collect()
    }

    #[test]
    fn cards_next_to_each_other_are_one_discard() {
        // Runs: ♠ Q K A, ♣ 7, ♣ 9, ♥ 7 to K.
        let hand = cards("AS KS QS 7C 9C 7H 8H 9H TH JH QH KH");
        let d = distinct_discards(hand);
        let text: Vec<String> = d.iter().map(|[a, b]| format!("{a} {b}")).collect();
        // The two lowest of a run, or the lowest of two runs.
        assert_eq!(
            text,
            ["QS KS", "QS 7C", "QS 9C", "QS 7H", "7C 9C", "7C 7H", "9C 7H", "7H 8H"]
        );
    }

    #[test]
    fn reaches_agrees_with_the_exact_result() {
        use crate::benchset::{bench_position, BenchKind};
        let mut solver = Solver::new();
        for seed in 0..20 {
            for kind in [
                BenchKind::Trump,
                BenchKind::NoTrump,
                BenchKind::Misere,
                BenchKind::AllPass,
            ] {
                let (state, objective) = bench_position(seed, kind);
                let v = solver.solve(&state, objective).unwrap().tricks;
                assert!(solver.reaches(&state, objective, v).unwrap(), "{seed} {kind:?}");
                assert!(!solver.reaches(&state, objective, v + 1).unwrap(), "{seed} {kind:?}");
                assert!(solver.reaches(&state, objective, 0).unwrap());
                assert!(!solver.reaches(&state, objective, 11).unwrap());
            }
        }
    }

    /// Brute force: every one of the 66 discards solved exactly.
    fn brute(deal: &Deal, pos: u8, contract: Bid) -> u8 {
        let hands = deal.hands();
        let twelve = hands[pos as usize] | deal.talon().into_iter().collect::<CardSet>();
        let all: Vec<Card> = twelve.iter().collect();
        let mut solver = Solver::new();
        let mut values = Vec::new();
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                let mut h = hands;
                h[pos as usize] = twelve - CardSet::from_iter([all[i], all[j]]);
                let s = PlayState::first_lead(h, Some(contract), Some(pos));
                values.push(solver.solve(&s, Objective::of(&s)).unwrap().tricks);
            }
        }
        if contract.is_misere() {
            *values.iter().min().unwrap()
        } else {
            *values.iter().max().unwrap()
        }
    }

    #[test]
    fn the_table_agrees_with_every_discard_solved_exactly() {
        for seed in 0..3 {
            let deal = Deal::seeded(seed, 0);
            let mut solver = Solver::new();
            let t = deal_table(&deal, Some(&allpass_x2(&deal)), &mut solver).unwrap();
            assert!(t.nodes > 0);
            // Without talon leads (Rostov's closed talon) the eldest leads the first trick.
            let no_talon = PlayState::first_lead(deal.hands(), None, None);
            let closed = deal_table(&deal, Some(&no_talon), &mut solver).unwrap();
            assert_eq!((closed.tricks, closed.misere), (t.tricks, t.misere));
            let other = Deal::seeded(seed + 100, 0);
            assert!(
                deal_table(&deal, Some(&allpass_x2(&other)), &mut solver).is_err(),
                "another deal's all-pass"
            );
            let none = deal_table(&deal, None, &mut solver).unwrap();
            assert_eq!((none.tricks, none.allpass), (t.tricks, None), "no all-pass (H3)");
            for pos in 0..3u8 {
                let p = pos as usize;
                for (s, strain) in Strain::ALL.into_iter().enumerate() {
                    let contract = Bid::tricks(6, strain).unwrap();
                    assert_eq!(
                        t.tricks[p][s],
                        brute(&deal, pos, contract),
                        "seed {seed} pos {pos} {strain:?}"
                    );
                    // The discard named gives that result.
                    let mut h = deal.hands();
                    h[p] =
                        (h[p] | deal.talon().into_iter().collect::<CardSet>()) - CardSet::from_iter(t.discards[p][s]);
                    let st = PlayState::first_lead(h, Some(contract), Some(pos));
                    assert_eq!(
                        solver.solve(&st, Objective::Declarer(pos)).unwrap().tricks,
                        t.tricks[p][s]
                    );
                }
                assert_eq!(
                    t.misere[p],
                    brute(&deal, pos, Bid::Misere),
                    "seed {seed} pos {pos} misère"
                );
                let mut allpass = PlayState::first_lead(deal.hands(), None, None);
                allpass.talon_leads = deal.talon().map(Some);
                assert_eq!(
                    t.allpass.unwrap()[p],
                    Solver::new().solve(&allpass, Objective::AllPass(pos)).unwrap().tricks
                );
                assert_eq!(
                    closed.allpass.unwrap()[p],
                    Solver::new().solve(&no_talon, Objective::AllPass(pos)).unwrap().tricks
                );
            }
        }
    }
}
