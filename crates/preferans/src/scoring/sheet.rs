//! The scoresheet: an append-only list of entries with their hand numbers; totals, running
//! totals ("0.2.6.10") and the end of the game (S9) fall out of it.

use super::hand::{score_hand, HandContext};
use super::{Entry, Settlement};
use crate::outcome::HandOutcome;
use crate::rules::{End, Rules};
use crate::Seat;

/// One line of the sheet: an entry and the hand (1-based) that wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SheetLine {
    /// 1-based hand number.
    pub hand: u32,
    /// The entry.
    pub entry: Entry,
}

/// Sums of the sheet: pool and mountain by seat, whists by writer and by whom they are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Totals {
    /// Pool by seat.
    pub pool: [i64; 4],
    /// Mountain by seat.
    pub mountain: [i64; 4],
    /// `whists[writer][on]`.
    pub whists: [[i64; 4]; 4],
}

impl Totals {
    fn add(&mut self, e: &Entry) {
        match *e {
            Entry::Pool { seat, points, .. } => self.pool[seat as usize % 4] += points,
            Entry::Mountain { seat, points, .. } => self.mountain[seat as usize % 4] += points,
            Entry::Whists { writer, on, points, .. } => self.whists[writer as usize % 4][on as usize % 4] += points,
        }
    }
}

/// The scoresheet of a match (F2: up to four players).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Scoresheet {
    players: u8,
    lines: Vec<SheetLine>,
    totals: Totals,
    hands: u32,
}

impl Scoresheet {
    /// An empty sheet for `players` players.
    pub fn new(players: u8) -> Scoresheet {
        Scoresheet {
            players,
            ..Scoresheet::default()
        }
    }

    /// Number of players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Every line, in order.
    pub fn lines(&self) -> &[SheetLine] {
        &self.lines
    }

    /// Current totals.
    pub fn totals(&self) -> &Totals {
        &self.totals
    }

    /// Hands scored so far (thrown-in hands included).
    pub fn hands(&self) -> u32 {
        self.hands
    }

    /// The entries a finished hand writes, given the sheet so far (pure; see [`Scoresheet::record`]).
    pub fn entries_for(&self, rules: &Rules, ctx: &HandContext, outcome: &HandOutcome) -> Vec<Entry> {
        score_hand(rules, ctx, outcome, &self.totals)
    }

    /// Scores a finished hand and appends its entries; returns them.
    pub fn record(&mut self, rules: &Rules, ctx: &HandContext, outcome: &HandOutcome) -> Vec<Entry> {
        let entries = self.entries_for(rules, ctx, outcome);
        self.append(&entries);
        entries
    }

    /// Appends the entries of the next hand as they are.
    pub fn append(&mut self, entries: &[Entry]) {
        self.hands += 1;
        for e in entries {
            self.totals.add(e);
            self.lines.push(SheetLine {
                hand: self.hands,
                entry: *e,
            });
        }
    }

    /// The entries written by hand `hand` (1-based).
    pub fn entries_of_hand(&self, hand: u32) -> Vec<Entry> {
        // Lines are written hand after hand, so a hand's lines are one run: found by binary
        // search (a whole match's records would otherwise take time quadratic in its hands).
        let start = self.lines.partition_point(|l| l.hand < hand);
        let end = start + self.lines[start..].partition_point(|l| l.hand == hand);
        self.lines[start..end].iter().map(|l| l.entry).collect()
    }

    /// S9: has the game ended?
    pub fn is_game_over(&self, rules: &Rules) -> bool {
        let o = rules.russian();
        let pools = &self.totals.pool[..self.players as usize];
        match o.end {
            End::EachReachesTarget => pools.iter().all(|p| *p >= i64::from(o.target)),
            End::PoolSum => {
                let total = o.pool_total.unwrap_or(o.target * u32::from(self.players));
                pools.iter().sum::<i64>() >= i64::from(total)
            }
        }
    }

    /// The running totals of one section, the classic dotted way: `"2.6.10"` (from the first
    /// entry, as a pulya is written by hand: a lone entry reads `"6"`, not a decimal-looking
    /// `"0.6"`); `"0"` for a section with no entry.
    pub fn running(&self, section: Section) -> String {
        let mut total = 0;
        let mut parts = Vec::new();
        for l in &self.lines {
            let add = match (section, l.entry) {
                (Section::Pool(s), Entry::Pool { seat, points, .. }) if seat == s => points,
                (Section::Mountain(s), Entry::Mountain { seat, points, .. }) if seat == s => points,
                (
                    Section::Whists { writer, on },
                    Entry::Whists {
                        writer: w,
                        on: o,
                        points,
                        ..
                    },
                ) if w == writer && o == on => points,
                _ => continue,
            };
            if add != 0 {
                total += add;
                parts.push(total.to_string());
            }
        }
        if parts.is_empty() {
            return "0".to_string();
        }
        parts.join(".")
    }

    /// S10: the final settlement of the sheet as it stands.
    pub fn settlement(&self, rules: &Rules) -> Settlement {
        Settlement::of(&self.totals, self.players, i64::from(rules.russian().pool_multiplier))
    }
}

/// A section of the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// A player's pool.
    Pool(Seat),
    /// A player's mountain.
    Mountain(Seat),
    /// Whists one player wrote on another.
    Whists {
        /// Who wrote them.
        writer: Seat,
        /// On whom.
        on: Seat,
    },
}
