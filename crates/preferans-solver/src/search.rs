//! The search: fail-soft alpha-beta over card plays, driven by null-window tests (MTD(f)),
//! with a transposition table at trick boundaries keyed by relative ranks, equivalent-card
//! pruning, and move ordering. Legality and trick winners come from `preferans::trick`.

use preferans::trick::{legal_cards, Obligations, Owner, Trick};
use preferans::{Card, CardSet, Suit};

use crate::key::relative_key;
use crate::table::Table;

/// The search over one position's subtree. Values are the target's *future* tricks.
pub(crate) struct Search<'t> {
    pub hands: [u32; 3],
    pub trump: Option<Suit>,
    pub target: Owner,
    /// The target wants as many tricks as possible (trick contracts), or as few (misère,
    /// all-pass).
    pub maximize: bool,
    /// Talon cards that lead the next tricks (X2 / F3), in order.
    pub talon: [Option<Card>; 2],
    /// Tricks left at the first trick boundary that a talon card leads.
    pub talon_first_left: u8,
    /// Owner of the talon lead: `TALON_OWNER` (cannot win) or the 4-player dealer (3).
    pub talon_owner: Owner,
    /// Search context in the key: trump, target, goal.
    pub ctx: u32,
    pub tt: &'t mut Table,
    pub nodes: u64,
}

impl Search<'_> {
    /// The talon card leading the trick that starts with `left` tricks left, if any.
    #[inline]
    fn talon_lead(&self, left: u8) -> Option<Card> {
        let idx = self.talon_first_left.checked_sub(left)?;
        self.talon.get(idx as usize).copied().flatten()
    }

    /// MTD(f): the exact value by null-window tests.
    pub fn exact(&mut self, trick: Trick, to_play: Owner, left: u8) -> i8 {
        let (mut lo, mut hi) = (0i8, left as i8);
        let mut g = (left as i8 + 1) / 2;
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.value(trick, to_play, left, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// Fail-soft alpha-beta value of the target's future tricks.
    pub fn value(&mut self, trick: Trick, to_play: Owner, left: u8, alpha: i8, beta: i8) -> i8 {
        self.nodes += 1;
        if !trick.is_empty() {
            return self.play(trick, to_play, left, alpha, beta);
        }
        if left == 0 {
            return 0;
        }
        if let Some(card) = self.talon_lead(left) {
            let mut t = Trick::new();
            t.push(self.talon_owner, card);
            // X2 / F3: the eldest plays first to a talon card.
            return self.play(t, 0, left, alpha, beta);
        }
        let key = relative_key(self.hands, self.ctx | u32::from(to_play));
        let (mut a, mut b) = (alpha, beta);
        if let Some((lo, hi)) = self.tt.get(key, left) {
            if lo >= b || lo == hi {
                return lo;
            }
            if hi <= a {
                return hi;
            }
            a = a.max(lo);
            b = b.min(hi);
        }
        let v = self.play(trick, to_play, left, a, b);
        let (lower, upper) = if v <= a {
            (0, v)
        } else if v >= b {
            (v, left as i8)
        } else {
            (v, v)
        };
        self.tt.put(key, left, lower, upper);
        v
    }

    /// One card decision of `to_play` in `trick`.
    fn play(&mut self, trick: Trick, to_play: Owner, left: u8, mut alpha: i8, mut beta: i8) -> i8 {
        let p = to_play as usize % 3;
        let hand = CardSet::from_bits(self.hands[p]);
        let legal = legal_cards(hand, trick.led(), None, self.trump, Obligations::RUSSIAN);
        let wants_high = (to_play == self.target) == self.maximize;
        let mut moves = [(0i32, Card::new(Suit::Spades, preferans::Rank::Seven)); 10];
        let n = self.ordered_moves(trick, to_play, legal, wants_high, &mut moves);
        let full = 3 + usize::from(trick.first_owner().is_some_and(|o| o > 2));
        let mut best = if wants_high { -1 } else { i8::MAX };
        for &(_, card) in &moves[..n] {
            let bit = 1u32 << card.index();
            self.hands[p] &= !bit;
            let mut t = trick;
            t.push(to_play, card);
            let v = if t.len() == full {
                let w = t.winner(self.trump).unwrap_or(0);
                let won = i8::from(w == self.target);
                // After a talon-led trick the eldest leads (X2, F3); otherwise the winner.
                let next = if t.first_owner().is_some_and(|o| o > 2) { 0 } else { w };
                won + self.value(Trick::new(), next, left - 1, alpha - won, beta - won)
            } else {
                self.value(t, (to_play + 1) % 3, left, alpha, beta)
            };
            self.hands[p] |= bit;
            if wants_high {
                if v > best {
                    best = v;
                    alpha = alpha.max(v);
                }
            } else if v < best {
                best = v;
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The legal cards less equivalent ones (cards adjacent in rank among the cards still in
    /// play, in the same hand: only the highest of such a run is searched), best first.
    fn ordered_moves(
        &self,
        trick: Trick,
        to_play: Owner,
        legal: CardSet,
        wants_high: bool,
        out: &mut [(i32, Card); 10],
    ) -> usize {
        let present = self.hands[0] | self.hands[1] | self.hands[2] | trick.card_set().bits();
        let l = legal.bits();
        let mut n = 0;
        for card in legal {
            let i = u64::from(card.index());
            let suit_top = (card.suit().index() as u64 + 1) * 8;
            let above = (u64::from(present) & !((2u64 << i) - 1) & ((1u64 << suit_top) - 1)) as u32;
            if above != 0 && l & (above & above.wrapping_neg()) != 0 {
                continue; // the next higher card in play is ours too: equivalent
            }
            let rank = card.rank().index() as i32;
            let score = if trick.is_empty() {
                // Leading: high cards when tricks are wanted, low ones in misère / all-pass.
                if self.maximize {
                    rank
                } else {
                    7 - rank
                }
            } else {
                let mut t = trick;
                t.push(to_play, card);
                let target_wins = t.winner(self.trump) == Some(self.target);
                if target_wins == wants_high {
                    // Gets what the mover wants so far: cheapest such card first.
                    64 - rank
                } else {
                    // Otherwise shed the lowest card.
                    16 - rank
                }
            };
            if n < out.len() {
                out[n] = (score, card);
                n += 1;
            }
        }
        out[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        n
    }
}
