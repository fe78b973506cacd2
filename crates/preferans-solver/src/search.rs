//! The search: fail-soft alpha-beta over card plays, driven by null-window tests (MTD(f)),
//! with a transposition table at trick boundaries keyed by relative ranks, equivalent-card
//! pruning, and move ordering. Legality and trick winners come from `preferans::trick`.

use preferans::trick::{beats, legal_cards, Obligations, Owner, Trick};
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
    /// Stop after this many nodes (the result is then meaningless and `aborted` is set).
    pub node_limit: u64,
    pub aborted: bool,
}

impl Search<'_> {
    /// The talon card leading the trick that starts with `left` tricks left, if any.
    #[inline]
    fn talon_lead(&self, left: u8) -> Option<Card> {
        let idx = self.talon_first_left.checked_sub(left)?;
        self.talon.get(idx as usize).copied().flatten()
    }

    /// MTD(f): the exact value by null-window tests.
    pub fn exact(&mut self, trick: Trick, to_play: Owner, left: u8, guess: i8) -> i8 {
        let (mut lo, mut hi) = (0i8, left as i8);
        let mut g = guess.clamp(0, left as i8);
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
        if self.nodes > self.node_limit {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        if !trick.is_empty() {
            return self.play(trick, to_play, left, alpha, beta, 0).0;
        }
        if left == 0 {
            return 0;
        }
        if let Some(card) = self.talon_lead(left) {
            let mut t = Trick::new();
            t.push(self.talon_owner, card);
            // X2 / F3: the eldest plays first to a talon card.
            return self.play(t, 0, left, alpha, beta, 0).0;
        }
        if left == 1 {
            return self.last_trick(to_play);
        }
        if !self.maximize && self.trump.is_none() && !self.talon_pending(left) && self.target_is_safe(to_play) {
            // Misère / all-pass: the target can never be made to win a trick.
            return 0;
        }
        if self.maximize {
            // Quick tricks (DDS): winners the leader can cash at once bound the result.
            let qt = self.quick_tricks(to_play).min(left) as i8;
            // Top trumps win whoever leads: the declarer's above every defender's trump are
            // his; the defence wins at least as many tricks as one defender holds trumps above
            // every trump of the declarer.
            let (mine, theirs) = self.sure_trump_tricks();
            let (mut lower, mut upper) = (mine.min(left) as i8, left as i8 - theirs.min(left) as i8);
            if to_play == self.target {
                lower = lower.max(qt);
            } else {
                upper = upper.min(left as i8 - qt);
            }
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
        }
        let key = relative_key(self.hands, self.ctx | u32::from(to_play), self.trump.map(|t| t.index()));
        let (mut a, mut b) = (alpha, beta);
        let mut hint = 0;
        if let Some((lo, hi, best)) = self.tt.get(key, left) {
            if lo >= b || lo == hi {
                return lo;
            }
            if hi <= a {
                return hi;
            }
            a = a.max(lo);
            b = b.min(hi);
            hint = best;
        }
        let (v, best) = self.play(trick, to_play, left, a, b, hint);
        if self.aborted {
            return 0;
        }
        let (lower, upper) = if v <= a {
            (0, v)
        } else if v >= b {
            (v, left as i8)
        } else {
            (v, v)
        };
        self.tt.put(key, left, lower, upper, best);
        v
    }

    /// Whether a talon card still leads one of the `left` remaining tricks (X2, F3).
    #[inline]
    fn talon_pending(&self, left: u8) -> bool {
        (0..2u8).any(|idx| {
            self.talon[idx as usize].is_some() && self.talon_first_left > idx && self.talon_first_left - idx <= left
        })
    }

    /// Without trumps, at a trick boundary: the target takes no more tricks whatever anyone
    /// does when, in every suit the others still hold, each of his cards is lower than each of
    /// theirs — a card led by another is above his, and he never leads again (he wins
    /// nothing) — and, if he is on lead now, he has such a suit to lead. (Suits only he holds
    /// are never led to him.) An exact result, so a cutoff that loses nothing.
    #[inline]
    fn target_is_safe(&self, to_play: Owner) -> bool {
        let t = self.target as usize % 3;
        let mine = self.hands[t];
        let others = self.hands[(t + 1) % 3] | self.hands[(t + 2) % 3];
        let mut can_lead = false;
        for suit in 0..4 {
            let m = (mine >> (suit * 8)) & 0xff;
            let o = (others >> (suit * 8)) & 0xff;
            if m == 0 || o == 0 {
                continue;
            }
            // His highest card below their lowest: every bit of m under o's lowest bit.
            if m >= (o & o.wrapping_neg()) {
                return false;
            }
            can_lead = true;
        }
        to_play as usize % 3 != t || can_lead
    }

    /// The last trick: every hand holds one card, so there is nothing to choose.
    #[inline]
    fn last_trick(&self, leader: Owner) -> i8 {
        let mut t = Trick::new();
        for k in 0..3u8 {
            let p = (leader + k) % 3;
            if let Some(c) = CardSet::from_bits(self.hands[p as usize]).first() {
                t.push(p, c);
            }
        }
        i8::from(t.winner(self.trump) == Some(self.target))
    }

    /// Trump tricks each side wins whatever happens: the declarer's trumps above every trump
    /// of the defenders (the highest trump wins any trick it is played to), and, for the
    /// defence, the larger count of one defender's trumps above every trump of the declarer
    /// (one hand plays one card per trick, so none of them can fall on another of them; the
    /// other defender's can, hence the larger count and not the sum). No trumps: (0, 0).
    #[inline]
    fn sure_trump_tricks(&self) -> (u8, u8) {
        let Some(trump) = self.trump else { return (0, 0) };
        let shift = trump.index() * 8;
        let t = self.target as usize % 3;
        let suit = |h: u32| (h >> shift) & 0xff;
        let mine = suit(self.hands[t]);
        let a = suit(self.hands[(t + 1) % 3]);
        let b = suit(self.hands[(t + 2) % 3]);
        // Cards of `x` above every card of `y` (all of `x` when `y` is empty).
        let above = |x: u32, y: u32| -> u8 {
            if y == 0 {
                x.count_ones() as u8
            } else {
                (x & !((1u32 << (32 - y.leading_zeros())) - 1)).count_ones() as u8
            }
        };
        (above(mine, a | b), above(a, mine).max(above(b, mine)))
    }

    /// Tricks the leader can cash at once from the top of his suits, whatever the others do:
    /// in each suit, his unbroken run of top cards, cut to the length of any other hand that
    /// holds trumps; all of his top trumps. A lower bound on his side's tricks.
    fn quick_tricks(&self, leader: Owner) -> u8 {
        let me = self.hands[leader as usize % 3];
        // Every other hand holding trumps limits a side suit: an opponent would ruff, and a
        // partner void in the suit would have to ruff (R6) and take the lead away.
        let other_hands = [
            self.hands[(leader as usize + 1) % 3],
            self.hands[(leader as usize + 2) % 3],
        ];
        let all = self.hands[0] | self.hands[1] | self.hands[2];
        let trump_mask = self.trump.map_or(0, |t| 0xffu32 << (t.index() * 8));
        let mut total = 0u32;
        for suit in 0..4u32 {
            let shift = suit * 8;
            let present = (all >> shift) & 0xff;
            let mine = (me >> shift) & 0xff;
            if mine == 0 {
                continue;
            }
            // Length of my run of top cards: leading ones of `mine` within `present`.
            let others = present & !mine;
            let run = if others == 0 {
                mine.count_ones()
            } else {
                (mine & !((1u32 << (32 - others.leading_zeros())) - 1)).count_ones()
            };
            if run == 0 {
                continue;
            }
            let is_trump = trump_mask >> shift & 1 == 1;
            let mut limit = run;
            if !is_trump && trump_mask != 0 {
                for o in other_hands {
                    if o & trump_mask != 0 {
                        limit = limit.min(((o >> shift) & 0xff).count_ones());
                    }
                }
            }
            total += limit;
        }
        total as u8
    }

    /// One card decision of `to_play` in `trick`: the value and the best card (index + 1).
    /// `hint` (card index + 1, or 0) is searched first.
    fn play(&mut self, trick: Trick, to_play: Owner, left: u8, mut alpha: i8, mut beta: i8, hint: u8) -> (i8, u8) {
        let p = to_play as usize % 3;
        let hand = CardSet::from_bits(self.hands[p]);
        let legal = legal_cards(hand, trick.led(), None, self.trump, Obligations::RUSSIAN);
        let wants_high = (to_play == self.target) == self.maximize;
        let mut moves = [(0i32, Card::new(Suit::Spades, preferans::Rank::Seven)); 10];
        let talon_led = trick.first_owner().is_some_and(|o| o > 2);
        let full = 3 + usize::from(talon_led);
        // The card and owner winning so far: the last card's effect is one comparison.
        let (win_card, win_owner) = if trick.is_empty() {
            (None, None)
        } else {
            let i = trick.winning_index(self.trump);
            (i.map(|i| trick.card_at(i)), i.map(|i| trick.owner_at(i)))
        };
        let n = self.ordered_moves(
            trick,
            to_play,
            legal,
            wants_high,
            (hint, win_card, win_owner),
            &mut moves,
        );
        let mut best = if wants_high { -1 } else { i8::MAX };
        let mut best_card = 0u8;
        for &(_, card) in &moves[..n] {
            let bit = 1u32 << card.index();
            self.hands[p] &= !bit;
            let mut t = trick;
            t.push(to_play, card);
            let v = if t.len() == full {
                let w = match (win_card, win_owner) {
                    (Some(wc), Some(wo)) if !talon_led => {
                        if beats(card, wc, self.trump) {
                            to_play
                        } else {
                            wo
                        }
                    }
                    _ => t.winner(self.trump).unwrap_or(0),
                };
                let won = i8::from(w == self.target);
                // After a talon-led trick the eldest leads (X2, F3); otherwise the winner.
                let next = if t.first_owner().is_some_and(|o| o > 2) { 0 } else { w };
                won + self.value(Trick::new(), next, left - 1, alpha - won, beta - won)
            } else {
                self.value(t, (to_play + 1) % 3, left, alpha, beta)
            };
            self.hands[p] |= bit;
            if self.aborted {
                return (0, 0);
            }
            if wants_high {
                if v > best {
                    best = v;
                    best_card = card.index() + 1;
                    alpha = alpha.max(v);
                }
            } else if v < best {
                best = v;
                best_card = card.index() + 1;
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        (best, best_card)
    }

    /// The legal cards less equivalent ones (cards adjacent in rank among the cards still in
    /// play, in the same hand: only the highest of such a run is searched), best first.
    fn ordered_moves(
        &self,
        trick: Trick,
        to_play: Owner,
        legal: CardSet,
        wants_high: bool,
        (hint, winning, winner): (u8, Option<Card>, Option<Owner>),
        out: &mut [(i32, Card); 10],
    ) -> usize {
        let present = self.hands[0] | self.hands[1] | self.hands[2] | trick.card_set().bits();
        let l = legal.bits();
        let talon_led = trick.first_owner().is_some_and(|o| o > 2);
        let target_hand = self.hands[self.target as usize % 3];
        let others_of_target = present & !target_hand;
        let mut n = 0;
        for card in legal {
            let i = u64::from(card.index());
            let suit_top = (card.suit().index() as u64 + 1) * 8;
            let above = (u64::from(present) & !((2u64 << i) - 1) & ((1u64 << suit_top) - 1)) as u32;
            if above != 0 && l & (above & above.wrapping_neg()) != 0 {
                continue; // the next higher card in play is ours too: equivalent
            }
            let rank = card.rank().index() as i32;
            // Whether the mover wants the target to win this trick.
            let want_target_wins = wants_high;
            // Whether the mover's own side is the target's (then he wants to win the trick
            // himself exactly when he wants the target to).
            let higher = preferans::trick::higher_in_suit(card).bits();
            let score = if trick.is_empty() {
                let leader_wants_trick = (to_play == self.target) == want_target_wins;
                if leader_wants_trick {
                    // Cash high cards.
                    rank
                } else if to_play == self.target {
                    // Misère / all-pass player on lead: a low card the others can beat.
                    let over = (others_of_target & higher).count_ones().min(3) as i32;
                    4 * over + 7 - rank
                } else if target_hand & CardSet::suit_mask(card.suit()).bits() == 0 {
                    // The target would discard: a poor lead against him.
                    7 - rank
                } else {
                    // Lead low under the target's cards in his suits.
                    let under = (target_hand & higher).count_ones().min(3) as i32;
                    16 + 4 * under + 7 - rank
                }
            } else {
                let takes_lead = match winning {
                    Some(w) if !talon_led => beats(card, w, self.trump),
                    _ => {
                        let mut t = trick;
                        t.push(to_play, card);
                        t.winner(self.trump) == Some(to_play)
                    }
                };
                let target_wins = if takes_lead {
                    to_play == self.target
                } else {
                    winner == Some(self.target)
                };
                let mover_side_wins = target_wins == (to_play == self.target);
                let mover_wants_side_win = (to_play == self.target) == want_target_wins;
                match (mover_side_wins == mover_wants_side_win, mover_wants_side_win) {
                    // Winning as wanted: the cheapest winner.
                    (true, true) => 64 - rank,
                    // Losing as wanted: the highest card that still loses (keeps low cards).
                    (true, false) => 48 + rank,
                    // Cannot win: the lowest card.
                    (false, true) => 16 - rank,
                    // Must win: the highest card.
                    (false, false) => rank,
                }
            };
            // The table's best card from an earlier pass first.
            let score = if card.index() + 1 == hint { 1000 } else { score };
            if n < out.len() {
                out[n] = (score, card);
                n += 1;
            }
        }
        out[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        n
    }
}
