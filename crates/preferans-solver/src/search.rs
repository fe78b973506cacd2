//! The search: fail-soft alpha-beta over card plays, driven by null-window tests (MTD(f)),
//! with partition search at trick boundaries, equivalent-card pruning, and move ordering.
//! Legality and trick winners come from `preferans::trick`.
//!
//! Partition search (DDS's relevant ranks, Ginsberg's partitions): every value comes with a
//! *relevance mask*, the cards whose ranks it depended on, closed upwards in each suit (an
//! absolute mask: all cards of a suit from some rank up). A value holds for every position
//! with the same shape (suit lengths per hand, leader) whose relevant cards are held by the
//! same hands: map the relevant cards by relative rank and the rest of each hand's suit
//! ("small cards") in any order; a trick decided by rank was won by a relevant card, and a
//! relevant card is above every small card, so every line of play keeps its tricks. A trick
//! won by rank makes its winner (and the cards above it) relevant; a static bound makes the
//! cards it compares relevant; at a node where every move counts, an equivalent card skipped
//! below a relevant searched card becomes relevant too (otherwise the skip may not carry over).

use preferans::trick::{beats, legal_cards, Obligations, Owner, Trick};
use preferans::{Card, CardSet, Suit};

use crate::key::{at_or_above, canon};
use crate::table::Table;

/// Relevance mask of a trick won by `winner`: if another card of its suit was played, it won
/// by rank, and it and the cards above it are relevant.
#[inline]
fn trick_relevance(t: &Trick, winner: Card) -> u32 {
    let suit = winner.suit().index();
    if (t.card_set().bits() >> (suit * 8)) & 0xff & !(1 << winner.rank().index()) != 0 {
        at_or_above(suit, winner.rank().index() as u32)
    } else {
        0
    }
}

/// Index + 1 of the highest set bit (0 for none): `at_or_above(suit, above(x))` is every card
/// above all of `x`.
#[inline]
fn above(x: u32) -> u32 {
    32 - x.leading_zeros()
}

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
    /// Partition search; off, every stored result relies on every rank (a cross-check).
    pub partition: bool,
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
            g = self.value(trick, to_play, left, beta - 1, beta).0;
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// Fail-soft alpha-beta value of the target's future tricks, and its relevance mask.
    pub fn value(&mut self, trick: Trick, to_play: Owner, left: u8, alpha: i8, beta: i8) -> (i8, u32) {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        }
        if self.aborted {
            return (0, 0);
        }
        if !trick.is_empty() {
            let (v, _, rel) = self.play(trick, to_play, left, alpha, beta, 0);
            return (v, rel);
        }
        if left == 0 {
            return (0, 0);
        }
        if let Some(card) = self.talon_lead(left) {
            let mut t = Trick::new();
            t.push(self.talon_owner, card);
            // X2 / F3: the eldest plays first to a talon card.
            let (v, _, rel) = self.play(t, 0, left, alpha, beta, 0);
            return (v, rel);
        }
        if left == 1 {
            return self.last_trick(to_play);
        }
        if !self.maximize && self.trump.is_none() && !self.talon_pending(left) {
            if let Some(rel) = self.target_is_safe(to_play) {
                // Misère / all-pass: the target can never be made to win a trick.
                return (0, rel);
            }
        }
        if self.maximize {
            // Quick tricks (DDS): winners the leader can cash at once bound the result.
            let (qt, quick_rel) = self.quick_tricks(to_play);
            let qt = qt.min(left) as i8;
            // Top trumps win whoever leads: the declarer's above every defender's trump are
            // his; the defence wins at least as many tricks as one defender holds trumps above
            // every trump of the declarer.
            let (mine, theirs, trump_rel) = self.sure_trump_tricks();
            let (mut lower, mut upper) = (mine.min(left) as i8, left as i8 - theirs.min(left) as i8);
            if to_play == self.target {
                lower = lower.max(qt);
            } else {
                upper = upper.min(left as i8 - qt);
            }
            if lower >= beta {
                return (lower, quick_rel | trump_rel);
            }
            if upper <= alpha {
                return (upper, quick_rel | trump_rel);
            }
        }
        let in_play = self.hands[0] | self.hands[1] | self.hands[2];
        let canon = canon(self.hands, self.trump.map(|t| t.index()));
        let key = Table::key(&canon, self.ctx | u32::from(to_play), left);
        let (mut a, mut b) = (alpha, beta);
        let mut hint = 0;
        let mut used_mask = 0u64;
        if let Some(p) = self.tt.probe(key, canon.pattern) {
            if p.lower >= b {
                return (p.lower, canon.relevant_of(p.lower_mask, in_play));
            }
            if p.lower == p.upper {
                return (p.lower, canon.relevant_of(p.lower_mask | p.upper_mask, in_play));
            }
            if p.upper <= a {
                return (p.upper, canon.relevant_of(p.upper_mask, in_play));
            }
            // Narrowing the window by stored bounds makes the result rely on them too.
            if p.lower > a {
                a = p.lower;
                used_mask |= p.lower_mask;
            }
            if p.upper < b {
                b = p.upper;
                used_mask |= p.upper_mask;
            }
            hint = p.best;
        }
        let (v, best, mut rel) = self.play(trick, to_play, left, a, b, hint);
        if self.aborted {
            return (0, 0);
        }
        rel |= canon.relevant_of(used_mask, in_play);
        if !self.partition {
            rel = u32::MAX;
        }
        let (lower, upper) = if v <= a {
            (0, v)
        } else if v >= b {
            (v, left as i8)
        } else {
            (v, v)
        };
        self.tt
            .put(key, canon.pattern_mask(rel, in_play), canon.pattern, lower, upper, best);
        (v, rel)
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
    /// are never led to him.) An exact result, so a cutoff that loses nothing. Returns the
    /// relevance mask (the others' cards in the suits compared) when it holds.
    #[inline]
    fn target_is_safe(&self, to_play: Owner) -> Option<u32> {
        let t = self.target as usize % 3;
        let mine = self.hands[t];
        let others = self.hands[(t + 1) % 3] | self.hands[(t + 2) % 3];
        let mut can_lead = false;
        let mut rel = 0;
        for suit in 0..4 {
            let m = (mine >> (suit * 8)) & 0xff;
            let o = (others >> (suit * 8)) & 0xff;
            if m == 0 || o == 0 {
                continue;
            }
            // His highest card below their lowest: every bit of m under o's lowest bit.
            if m >= (o & o.wrapping_neg()) {
                return None;
            }
            can_lead = true;
            rel |= at_or_above(suit, o.trailing_zeros());
        }
        (to_play as usize % 3 != t || can_lead).then_some(rel)
    }

    /// The last trick: every hand holds one card, so there is nothing to choose.
    #[inline]
    fn last_trick(&self, leader: Owner) -> (i8, u32) {
        let mut t = Trick::new();
        for k in 0..3u8 {
            let p = (leader + k) % 3;
            if let Some(c) = CardSet::from_bits(self.hands[p as usize]).first() {
                t.push(p, c);
            }
        }
        let Some(w) = t.winning_card(self.trump) else {
            return (0, 0);
        };
        (
            i8::from(t.winner(self.trump) == Some(self.target)),
            trick_relevance(&t, w),
        )
    }

    /// Trump tricks each side wins whatever happens: the declarer's trumps above every trump
    /// of the defenders (the highest trump wins any trick it is played to), and, for the
    /// defence, the larger count of one defender's trumps above every trump of the declarer
    /// (one hand plays one card per trick, so none of them can fall on another of them; the
    /// other defender's can, hence the larger count and not the sum). No trumps: (0, 0).
    /// Also the relevance mask: the trumps above the other side's highest.
    #[inline]
    fn sure_trump_tricks(&self) -> (u8, u8, u32) {
        let Some(trump) = self.trump else { return (0, 0, 0) };
        let suit_index = trump.index();
        let shift = suit_index * 8;
        let t = self.target as usize % 3;
        let suit = |h: u32| (h >> shift) & 0xff;
        let mine = suit(self.hands[t]);
        let a = suit(self.hands[(t + 1) % 3]);
        let b = suit(self.hands[(t + 2) % 3]);
        // Cards of `x` above every card of `y` (all of `x` when `y` is empty).
        let count_above = |x: u32, y: u32| -> u8 { (x & !((1u32 << above(y)) - 1)).count_ones() as u8 };
        let ours = count_above(mine, a | b);
        let theirs = count_above(a, mine).max(count_above(b, mine));
        let mut rel = 0;
        if ours > 0 && a | b != 0 {
            rel |= at_or_above(suit_index, above(a | b));
        }
        if theirs > 0 && mine != 0 {
            rel |= at_or_above(suit_index, above(mine));
        }
        (ours, theirs, rel)
    }

    /// Tricks the leader can cash at once from the top of his suits, whatever the others do:
    /// in each suit, his unbroken run of top cards, cut to the length of any other hand that
    /// holds trumps; all of his top trumps. A lower bound on his side's tricks, with its
    /// relevance mask (the runs, where another hand holds the suit).
    fn quick_tricks(&self, leader: Owner) -> (u8, u32) {
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
        let mut rel = 0;
        for suit in 0..4usize {
            let shift = suit * 8;
            let present = (all >> shift) & 0xff;
            let mine = (me >> shift) & 0xff;
            if mine == 0 {
                continue;
            }
            // Length of my run of top cards: my cards above every other card of the suit.
            let others = present & !mine;
            let run = (mine & !((1u32 << above(others)) - 1)).count_ones();
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
            if limit > 0 && others != 0 {
                rel |= at_or_above(suit, above(others));
            }
            total += limit;
        }
        (total as u8, rel)
    }

    /// One card decision of `to_play` in `trick`: the value, the best card (index + 1) and the
    /// relevance mask. `hint` (card index + 1, or 0) is searched first.
    fn play(&mut self, trick: Trick, to_play: Owner, left: u8, mut alpha: i8, mut beta: i8, hint: u8) -> (i8, u8, u32) {
        let p = to_play as usize % 3;
        let hand = CardSet::from_bits(self.hands[p]);
        let legal = legal_cards(hand, trick.led(), None, self.trump, Obligations::RUSSIAN);
        let wants_high = (to_play == self.target) == self.maximize;
        let mut moves = [Move::default(); 10];
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
        let mut rel_all = 0u32;
        for m in &moves[..n] {
            let card = m.card;
            let bit = 1u32 << card.index();
            self.hands[p] &= !bit;
            let mut t = trick;
            t.push(to_play, card);
            let (v, rel) = if t.len() == full {
                let (wcard, w) = match (win_card, win_owner) {
                    (Some(wc), Some(wo)) if !talon_led => {
                        if beats(card, wc, self.trump) {
                            (card, to_play)
                        } else {
                            (wc, wo)
                        }
                    }
                    _ => {
                        let wc = t.winning_card(self.trump).unwrap_or(card);
                        (wc, t.winner(self.trump).unwrap_or(0))
                    }
                };
                let won = i8::from(w == self.target);
                // After a talon-led trick the eldest leads (X2, F3); otherwise the winner.
                let next = if t.first_owner().is_some_and(|o| o > 2) { 0 } else { w };
                let (v, rel) = self.value(Trick::new(), next, left - 1, alpha - won, beta - won);
                (won + v, rel | trick_relevance(&t, wcard))
            } else {
                self.value(t, (to_play + 1) % 3, left, alpha, beta)
            };
            self.hands[p] |= bit;
            if self.aborted {
                return (0, 0, 0);
            }
            rel_all |= rel;
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
                // A cutoff: this card alone proves the bound.
                return (best, best_card, rel);
            }
        }
        // Every card counted: a card skipped as equivalent to a relevant searched card is
        // relevant too (in a matching position it need not be equivalent any more).
        for m in &moves[..n] {
            if rel_all >> m.card.index() & 1 == 1 && m.run_low < m.card.rank().index() as u8 {
                rel_all |= at_or_above(m.card.suit().index(), u32::from(m.run_low));
            }
        }
        (best, best_card, rel_all)
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
        out: &mut [Move; 10],
    ) -> usize {
        let present = self.hands[0] | self.hands[1] | self.hands[2] | trick.card_set().bits();
        let l = legal.bits();
        let talon_led = trick.first_owner().is_some_and(|o| o > 2);
        let target_hand = self.hands[self.target as usize % 3];
        let others_of_target = present & !target_hand;
        let mut n = 0;
        for card in legal {
            let i = u64::from(card.index());
            let suit_base = card.suit().index() as u32 * 8;
            let suit_top = (card.suit().index() as u64 + 1) * 8;
            let above = (u64::from(present) & !((2u64 << i) - 1) & ((1u64 << suit_top) - 1)) as u32;
            if above != 0 && l & (above & above.wrapping_neg()) != 0 {
                continue; // the next higher card in play is ours too: equivalent
            }
            // The lowest card of the run this one stands for.
            let mut run_low = card.index() as u32;
            loop {
                let below = present & ((1u32 << run_low) - 1) & !((1u32 << suit_base) - 1);
                if below == 0 {
                    break;
                }
                let next = 31 - below.leading_zeros();
                if l >> next & 1 == 0 {
                    break;
                }
                run_low = next;
            }
            let run_low = (run_low - suit_base) as u8;
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
                out[n] = Move { score, card, run_low };
                n += 1;
            }
        }
        out[..n].sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
        n
    }
}

/// A move to search: its ordering score, the card, and the rank index of the lowest card of
/// the equivalent run it stands for.
#[derive(Clone, Copy)]
struct Move {
    score: i32,
    card: Card,
    run_low: u8,
}

impl Default for Move {
    fn default() -> Move {
        Move {
            score: 0,
            card: Card::new(Suit::Spades, preferans::Rank::Seven),
            run_low: 0,
        }
    }
}
