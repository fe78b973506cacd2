//! Scoring of Russian Preferans (RULES.md S1–S10, section 3 knobs, F2–F3, H2): a pure function
//! from a finished hand's outcome (and the sheet before it, for American aid) to scoresheet
//! entries, the end of the game, and the exact zero-sum settlement.
//!
//! Every number is first computed in Sochi units and then written through the section 3 knobs:
//! mountain points × `mountain_per_point` (or, in Rostov, 5 whists per point from each
//! opponent), trick / consolation / half-whist / dealer-bonus whists × `whists_per_point`;
//! pool points as they are (the pool multiplier applies at the settlement, S10).

mod hand;
mod settle;
mod sheet;
mod svg;
#[cfg(test)]
mod tests;

pub use hand::talon_bonus;
pub use hand::{allpass_amnesty, contract_value, whist_quota, HandContext};
pub use settle::Settlement;
pub use sheet::{Scoresheet, Section, SheetLine, Totals};
pub use svg::pulya_svg;

use crate::Seat;

/// Why an entry was written, for people reading the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Why {
    /// S2: contract made (or W3/H1 scored as made) — pool.
    Contract,
    /// S2: undertricks — mountain.
    Undertricks,
    /// S2: consolation whists on a failed declarer.
    Consolation,
    /// S3: whists for defenders' tricks.
    Tricks,
    /// S4: whisters' responsibility — mountain.
    Responsibility,
    /// S5: misère.
    Misere,
    /// S6: all-pass.
    AllPass,
    /// S7: half-whist.
    HalfWhist,
    /// S8: American aid (pool given, whists for it, or surplus off the mountain).
    Aid,
    /// F3: `talon_push` (dealer's mountain) and the closed-talon all-pass pool point.
    Dealer,
    /// F3: `dealer_talon_bonus`.
    TalonBonus,
}

/// One scoresheet entry (section 2: pool, mountain, whists written by one player on another).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)
)]
pub enum Entry {
    /// Points into a player's pool (pulya).
    Pool {
        /// Whose pool.
        seat: Seat,
        /// Points (never negative).
        points: i64,
        /// Why.
        why: Why,
    },
    /// Points onto a player's mountain (gora); negative only for S8 surplus.
    Mountain {
        /// Whose mountain.
        seat: Seat,
        /// Points.
        points: i64,
        /// Why.
        why: Why,
    },
    /// Whists written by `writer` on `on`.
    Whists {
        /// Who writes (and gains).
        writer: Seat,
        /// On whom (who pays).
        on: Seat,
        /// Points (negative only when a negative Rostov mountain is converted).
        points: i64,
        /// Why.
        why: Why,
    },
}

impl Entry {
    /// The reason of the entry.
    pub fn why(&self) -> Why {
        match self {
            Entry::Pool { why, .. } | Entry::Mountain { why, .. } | Entry::Whists { why, .. } => *why,
        }
    }
}
