//! # preferans-solver — double-dummy analysis of Preferans
//!
//! With every hand known, the exact result of any position of a hand: the most tricks a
//! declarer can take against best defence, the fewest a misère declarer can be held to, or
//! the fewest an all-pass player can take against the other two (paranoid); the value of
//! every legal card; the principal variation.
//!
//! Techniques (as in bridge's DDS): null-window tests (MTD(f)), partition search — a bounded
//! transposition table at trick boundaries whose entries answer every position agreeing on
//! the relative ranks a result depended on —, quick-trick and sure-trump bounds,
//! equivalent-card pruning and move ordering.
//! Legality and trick winners are the engine's (`preferans::trick`): there is no second copy
//! of the rules.
//!
//! Panic policy: no public function panics; inconsistent input is a [`SolveError`].

#![warn(missing_docs)]

pub mod benchset;
mod bounds;
pub mod deal_table;
mod key;
mod order;
mod search;
mod table;

use preferans::trick::{Owner, TALON_OWNER};
use preferans::{Card, CardSet, PlayState};

use search::Search;
use table::Table;
pub use table::DEFAULT_BYTES;

/// Whose tricks are counted and which way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Trick contract: the declarer (position) takes as many tricks as he can.
    Declarer(Owner),
    /// Misère: the defenders try to give the declarer tricks; he takes as few as he can.
    Misere(Owner),
    /// All-pass, paranoid: this position takes as few tricks as he can, the other two
    /// playing together to give him tricks.
    AllPass(Owner),
}

impl Objective {
    /// The natural objective of a play state: its declarer for a contract; for an all-pass,
    /// the position to play next.
    pub fn of(state: &PlayState) -> Objective {
        match (state.contract, state.declarer) {
            (Some(c), Some(d)) if c.is_misere() => Objective::Misere(d),
            (Some(_), Some(d)) => Objective::Declarer(d),
            _ => Objective::AllPass(state.to_play.min(2)),
        }
    }

    /// The position whose tricks are counted.
    pub fn target(self) -> Owner {
        match self {
            Objective::Declarer(p) | Objective::Misere(p) | Objective::AllPass(p) => p,
        }
    }

    /// Whether the position `mover` wants the target's tricks high: the declarer of a trick
    /// contract; his defenders, the misère declarer's and everyone in an all-pass want them
    /// low (the target himself, or the two playing against him).
    pub fn wants_high(self, mover: Owner) -> bool {
        (mover == self.target()) == self.maximize()
    }

    fn maximize(self) -> bool {
        matches!(self, Objective::Declarer(_))
    }
}

/// Why a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveError(pub String);

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SolveError {}

/// The result of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The target's total tricks in the hand (those already taken plus the future ones)
    /// with best play by everyone.
    pub tricks: u8,
    /// Search nodes visited.
    pub nodes: u64,
}

/// A double-dummy solver with its transposition table (reused between solves: an entry holds
/// for every position that agrees with it on what its result depended on, whatever the deal,
/// so it stays valid).
pub struct Solver {
    table: Table,
    node_limit: u64,
    nodes_used: u64,
    partition: bool,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default 64 MiB table.
    pub fn new() -> Solver {
        Solver::with_table_bytes(DEFAULT_BYTES)
    }

    /// A solver whose table takes at most `bytes` (at least 16 KiB).
    pub fn with_table_bytes(bytes: usize) -> Solver {
        Solver {
            table: Table::with_bytes(bytes),
            node_limit: u64::MAX,
            nodes_used: 0,
            partition: true,
        }
    }

    /// Turns partition search on (the default) or off. Off, every table entry relies on every
    /// rank in play (plain relative-rank keys): slower, and the same answers — a cross-check.
    pub fn set_partition_search(&mut self, on: bool) {
        if on != self.partition {
            self.table.clear();
        }
        self.partition = on;
    }

    /// Limits each solve to `nodes` search nodes (a time bound for interactive use): a solve
    /// that needs more returns an error instead of an answer. `None`: no limit.
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes.unwrap_or(u64::MAX);
    }

    /// Search nodes used by every solve so far.
    pub fn nodes_used(&self) -> u64 {
        self.nodes_used
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Forgets the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    fn search<'t>(&'t mut self, state: &PlayState, objective: Objective) -> Result<Search<'t>, SolveError> {
        check(state)?;
        let target = objective.target();
        if target > 2 {
            return Err(SolveError(format!(
                "position {target} is not a hand position (0, 1 or 2)"
            )));
        }
        let pending = state.talon_leads.iter().flatten().count() as u8;
        let left = state.tricks_left();
        // The first talon lead applies at the next trick boundary.
        let first_left = if state.trick.is_empty() {
            left
        } else {
            left.saturating_sub(1)
        };
        let trump_code = state.trump.map_or(4, |s| s.index() as u32);
        let ctx = (trump_code << 2 | u32::from(target)) << 3 | u32::from(objective.maximize()) << 2;
        let talon_first_left = if pending > 0 { first_left } else { 0 };
        // The last talon-led trick starts with this many tricks left (X2, F3).
        let talon_pending_from = (0..2u8)
            .filter(|&idx| state.talon_leads[idx as usize].is_some() && talon_first_left > idx)
            .map(|idx| talon_first_left - idx)
            .min()
            .unwrap_or(u8::MAX);
        Ok(Search {
            hands: state.hands.map(|h| h.bits()),
            trump: state.trump,
            target,
            maximize: objective.maximize(),
            talon: state.talon_leads,
            talon_first_left,
            talon_pending_from,
            talon_owner: if state.talon_can_win { 3 } else { TALON_OWNER },
            ctx: ctx << 2,
            tt: &mut self.table,
            nodes: 0,
            node_limit: self.node_limit,
            aborted: false,
            partition: self.partition,
            trump_memo: search::trump_memo(),
            sure_losses: matches!(objective, Objective::Misere(_)) && state.trump.is_none(),
            #[cfg(test)]
            bounds: true,
        })
    }

    /// The exact result of `state` for `objective`.
    ///
    /// # Errors
    /// A [`SolveError`] when the hands do not fit the trick count and the trick in progress.
    pub fn solve(&mut self, state: &PlayState, objective: Objective) -> Result<Solution, SolveError> {
        self.solve_near(state, objective, None)
    }

    /// [`Solver::solve`] with a first guess at the target's total tricks (MTD(f) then tests
    /// around it first: a good guess saves passes); `None`: a guess from the contract.
    fn solve_near(
        &mut self,
        state: &PlayState,
        objective: Objective,
        near: Option<u8>,
    ) -> Result<Solution, SolveError> {
        let done = state.tricks[objective.target() as usize % 3];
        let left = state.tricks_left();
        // MTD(f) first guess: misère and all-pass players usually escape, declarers mostly
        // make about their level.
        let guess = match (near, objective, state.contract.and_then(|c| c.level())) {
            (Some(total), _, _) => total as i8 - done as i8,
            (None, Objective::Declarer(_), Some(level)) => (level as i8 - done as i8).min(left as i8),
            (None, Objective::Declarer(_), None) => left as i8 / 2,
            _ => 0,
        };
        let mut s = self.search(state, objective)?;
        let future = s.exact(state.trick, state.to_play, left, guess);
        let (nodes, aborted) = (s.nodes, s.aborted);
        self.nodes_used += nodes;
        if aborted {
            return Err(SolveError(format!("node limit of {} reached", self.node_limit)));
        }
        Ok(Solution {
            tricks: done + future as u8,
            nodes,
        })
    }

    /// Whether the target's total tricks with best play reach `tricks`: one null-window test,
    /// cheaper than the exact result when only a bound is wanted (the best of many
    /// candidates, as in [`deal_table`]).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn reaches(&mut self, state: &PlayState, objective: Objective, tricks: u8) -> Result<bool, SolveError> {
        let done = state.tricks[objective.target() as usize % 3];
        let left = state.tricks_left();
        let Some(need) = tricks.checked_sub(done).filter(|&n| n > 0) else {
            return Ok(true);
        };
        if need > left {
            return Ok(false);
        }
        let mut s = self.search(state, objective)?;
        let reached = s.at_least(state.trick, state.to_play, left, need as i8);
        let (nodes, aborted) = (s.nodes, s.aborted);
        self.nodes_used += nodes;
        if aborted {
            return Err(SolveError(format!("node limit of {} reached", self.node_limit)));
        }
        Ok(reached)
    }

    /// The value (the target's total tricks with best play afterwards) of every legal card of
    /// the position to play, in card order.
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn card_values(&mut self, state: &PlayState, objective: Objective) -> Result<Vec<(Card, u8)>, SolveError> {
        check(state)?;
        let mut out: Vec<(Card, u8)> = Vec::new();
        for card in legal_now(state) {
            let next = play_card(state, card);
            // The cards' values are close to each other: the last one is the first guess.
            let v = self.solve_near(&next, objective, out.last().map(|l| l.1))?;
            out.push((card, v.tricks));
        }
        Ok(out)
    }

    /// The principal variation from `state`: the cards played with best play to the end
    /// (ties go to the lowest card).
    ///
    /// # Errors
    /// As [`Solver::solve`].
    pub fn principal_variation(&mut self, state: &PlayState, objective: Objective) -> Result<Vec<Card>, SolveError> {
        let mut s = *state;
        let mut line = Vec::new();
        while s.tricks_left() > 0 {
            let values = self.card_values(&s, objective)?;
            let mover_wants_high = objective.wants_high(s.to_play);
            let best = values.iter().copied().reduce(|a, b| {
                if (mover_wants_high && b.1 > a.1) || (!mover_wants_high && b.1 < a.1) {
                    b
                } else {
                    a
                }
            });
            let Some((card, _)) = best else { break };
            line.push(card);
            s = play_card(&s, card);
        }
        Ok(line)
    }
}

/// The legal cards of the position to play (the engine's rules: [`PlayState::legal_cards`]).
pub fn legal_now(state: &PlayState) -> CardSet {
    state.legal_cards()
}

/// The state after the position to play plays `card` (the engine's rules: [`PlayState::play`]).
pub fn play_card(state: &PlayState, card: Card) -> PlayState {
    state.play(card)
}

/// Hands must fit the number of tricks left and the trick in progress.
fn check(state: &PlayState) -> Result<(), SolveError> {
    if state.tricks_done > 10 {
        return Err(SolveError(format!("{} tricks done", state.tricks_done)));
    }
    let left = state.tricks_left();
    let played: Vec<Owner> = state.trick.cards().map(|(o, _)| o).collect();
    let mut seen = CardSet::EMPTY;
    for (p, h) in state.hands.iter().enumerate() {
        let want = left - u8::from(played.contains(&(p as Owner)));
        if h.len() != u32::from(want) {
            let s = if h.len() == 1 { "" } else { "s" };
            return Err(SolveError(format!("hand {p} has {} card{s}, expected {want}", h.len())));
        }
        if !(seen & *h).is_empty() {
            return Err(SolveError("a card is in two hands".into()));
        }
        seen |= *h;
    }
    if state.to_play > 2 {
        return Err(SolveError(format!("position {} cannot play", state.to_play)));
    }
    if !(seen & state.trick.card_set()).is_empty() {
        return Err(SolveError("a card is both in a hand and in the trick".into()));
    }
    Ok(())
}
