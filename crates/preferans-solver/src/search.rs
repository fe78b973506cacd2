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

use std::cell::Cell;
use std::hint::select_unpredictable;

use preferans::trick::{beats, legal_cards, Obligations, Owner, Trick};
use preferans::{Card, CardSet, Suit};

use crate::bounds::{RefutedLeads, SureTrumps};
use crate::key::{at_or_above, canon};
use crate::order::{rank_major, run_low, run_tops, Moves};
use crate::table::Table;

/// Relevance mask of a trick won by `winner`: if another card of its suit was played, it won
/// by rank, and it and the cards above it are relevant.
#[inline]
pub(crate) fn trick_relevance(played: u32, winner: Card) -> u32 {
    let i = u32::from(winner.index());
    let suit_bits = 0xffu32 << (i & !7);
    if played & suit_bits & !(1 << i) != 0 {
        // The winner and the cards above it.
        suit_bits & (u32::MAX << i)
    } else {
        0
    }
}

/// The cards a card's result stands for (partition search): when the result relied on no
/// card of its suit as low as it (`rel` is top-closed), every legal card of the suit below the
/// relevant ones gives the same result — the positions after either match (the small cards
/// of a suit in any order).
#[inline]
fn same_as(card: Card, rel: u32, legal: u32) -> u32 {
    let bit = 1u32 << card.index();
    select_unpredictable(rel & bit != 0, 0, legal & !rel & 0xffu32 << (card.index() & !7))
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
    /// A talon card leads one of the remaining tricks when at least this many are left
    /// (`u8::MAX`: none does).
    pub talon_pending_from: u8,
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
    /// Sure trump tricks by the hands' trumps (see `Search::sure_trump_tricks`).
    pub trump_memo: TrumpMemo,
    /// Whether to ask for the target's sure losses (`Search::target_loses_at_least`): in
    /// misère; in all-pass it costs more time than it saves (measured).
    pub sure_losses: bool,
    /// The static bounds (misère and trick-contract cutoffs, refuted leads); off, the search
    /// is plain alpha-beta with the table, a reference to check a bound against (unit tests
    /// only: the search pays nothing for it).
    #[cfg(test)]
    pub bounds: bool,
}

/// A small direct-mapped memo of sure trump tricks, keyed by the hands' trumps (0: empty).
pub(crate) type TrumpMemo = [Cell<(u32, SureTrumps)>; 64];

/// An empty [`TrumpMemo`].
pub(crate) fn trump_memo() -> TrumpMemo {
    std::array::from_fn(|_| Cell::new((0, SureTrumps::default())))
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
        let cur = Cur::of(trick, self.trump);
        let (mut lo, mut hi) = (0i8, left as i8);
        let mut g = guess.clamp(0, left as i8);
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.value(cur, to_play, left, beta - 1, beta).0;
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// One null-window test: whether the target's future tricks reach `need`.
    pub fn at_least(&mut self, trick: Trick, to_play: Owner, left: u8, need: i8) -> bool {
        let cur = Cur::of(trick, self.trump);
        self.value(cur, to_play, left, need - 1, need).0 >= need
    }

    /// Fail-soft alpha-beta value of the target's future tricks, and its relevance mask.
    pub fn value(&mut self, cur: Cur, to_play: Owner, left: u8, alpha: i8, beta: i8) -> (i8, u32) {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            self.aborted = true;
        }
        if self.aborted {
            return (0, 0);
        }
        // The future tricks lie in 0..=left: a window outside decides at once.
        if beta <= 0 {
            return (0, 0);
        }
        if alpha >= left as i8 {
            return (left as i8, 0);
        }
        if !cur.trick.is_empty() {
            let (v, _, rel) = self.play(cur, to_play, left, alpha, beta, 0);
            return (v, rel);
        }
        if left == 0 {
            return (0, 0);
        }
        if let Some(card) = self.talon_lead(left) {
            let mut t = Trick::new();
            t.push(self.talon_owner, card);
            // X2 / F3: the eldest plays first to a talon card.
            let (v, _, rel) = self.play(Cur::of(t, self.trump), 0, left, alpha, beta, 0);
            return (v, rel);
        }
        if left == 1 {
            return self.last_trick(to_play);
        }
        // Static bounds (see `bounds`): each cutoff relies only on the bound that made it.
        // Misère bounds are cheaper than a table probe and come first; trick-contract ones
        // cost more and come after it (measured).
        if !self.maximize && self.bounds_on() {
            if let Some(cut) = self.misere_cutoff(to_play, left, alpha, beta) {
                return cut;
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
        if !self.bounds_on() {
            // The unit tests' reference search: no bound at all.
        } else if self.maximize {
            if let Some(cut) = self.trick_contract_cutoff(to_play, left, alpha, beta) {
                return cut;
            }
        } else if self.trump.is_none() && !self.talon_pending(left) {
            // The finer ducking games, and the misère target's sure losses: asked only where
            // the table did not answer (measured: fewer nodes and less time than in front of
            // the probe). Any number of losses (asking only up to three, as before, was no
            // faster once the follows were ordered by score: docs/solver-history.md item 32).
            if let Some(cut) = self.target_takes_at_most_refined(to_play, alpha.max(0)) {
                return cut;
            }
            if self.sure_losses {
                if let Some(cut) = self.target_loses_at_least(left as i8 - alpha) {
                    return (left as i8 - cut.0, cut.1);
                }
            }
        }
        let (v, best, mut rel) = self.play(cur, to_play, left, a, b, hint);
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

    /// Whether the static bounds are asked (always, outside unit tests).
    #[inline(always)]
    fn bounds_on(&self) -> bool {
        #[cfg(test)]
        return self.bounds;
        #[cfg(not(test))]
        true
    }

    /// Whether a talon card still leads one of the `left` remaining tricks (X2, F3).
    #[inline]
    pub(crate) fn talon_pending(&self, left: u8) -> bool {
        left >= self.talon_pending_from
    }

    /// One card decision of `to_play` in `cur`: the value, the best card (index + 1) and the
    /// relevance mask. `hint` (card index + 1, or 0) is searched first.
    fn play(&mut self, cur: Cur, to_play: Owner, left: u8, alpha: i8, beta: i8, hint: u8) -> (i8, u8, u32) {
        if cur.win.is_some() {
            return self.follow(cur, to_play, left, alpha, beta);
        }
        let p = to_play as usize % 3;
        let hand = CardSet::from_bits(self.hands[p]);
        let legal = legal_cards(hand, cur.trick.led(), None, self.trump, Obligations::RUSSIAN);
        let wants_high = (to_play == self.target) == self.maximize;
        let mut moves = Moves::default();
        let n = self.ordered_moves(&cur, to_play, legal, wants_high, hint, &mut moves);
        let mut node = Node::new(wants_high, alpha, beta);
        let mut rel_all = 0u32;
        let mut same = 0u32;
        let mut searched = 0u32;
        // Leads a static bound already puts outside the window (trick contracts), looked for
        // once the first card has not cut (most cut nodes cut on it).
        let mut refuted = [RefutedLeads::default(); 2];
        let mut refuted_suits = 0u32;
        let mut looked = !(self.bounds_on() && self.maximize && cur.trick.is_empty());
        for k in 0..n {
            let card = moves.take_best(k, n);
            let bit = 1u32 << card.index();
            if same & bit != 0 {
                continue;
            }
            if !looked && searched != 0 {
                looked = true;
                refuted = self.refuted_leads(to_play, left, alpha, beta);
                refuted_suits = refuted[0].suits | refuted[1].suits;
            }
            if refuted_suits & bit != 0 {
                let r = refuted[usize::from(refuted[0].suits & bit == 0)];
                rel_all |= r.rel;
                same |= legal.bits() & r.suits;
                if node.record(r.value, card) {
                    return (node.best, node.best_card, r.rel);
                }
                continue;
            }
            let Some((v, rel)) = self.step(cur, to_play, card, left, node.alpha, node.beta) else {
                return (0, 0, 0);
            };
            rel_all |= rel;
            searched |= 1 << card.index();
            if node.record(v, card) {
                // A cutoff: this card alone proves the bound.
                return (node.best, node.best_card, rel);
            }
            same |= same_as(card, rel, legal.bits());
        }
        (
            node.best,
            node.best_card,
            self.widen_for_skipped(rel_all, searched, &cur, legal),
        )
    }

    /// A card played to a trick already led (not led by a talon card). Trick contracts: the
    /// cards that give the mover's side the trick as he wants it first — the cheapest winner,
    /// or the highest card that still loses — then the others, lowest first if he wants the
    /// trick, else highest. Misère and all-pass: by a fitted score (`misere_follows`).
    fn follow(&mut self, cur: Cur, to_play: Owner, left: u8, alpha: i8, beta: i8) -> (i8, u8, u32) {
        let p = to_play as usize % 3;
        let hand = CardSet::from_bits(self.hands[p]);
        let legal = legal_cards(hand, cur.trick.led(), None, self.trump, Obligations::RUSSIAN);
        let Some((win_card, win_owner)) = cur.win else {
            return (0, 0, 0);
        };
        let is_target = to_play == self.target;
        let wants_high = is_target == self.maximize;
        // Whether the mover wants his own side to win this trick, and whether it does now.
        let wants_side_win = is_target == wants_high;
        let side_wins_now = (win_owner == self.target) == is_target;
        let present = self.hands[0] | self.hands[1] | self.hands[2] | cur.played;
        let l = legal.bits();
        // Of each run of his cards adjacent among the cards in play, only the highest.
        let kept = run_tops(l, present);
        // The cards after which his side wins the trick for now: any, if it does already,
        // else those that beat the winning card (higher in its suit, or a trump over a side
        // card).
        let beating = (0xffu32 << (win_card.index() & !7)) & (0xffff_fffe_u32 << win_card.index())
            | self
                .trump
                .filter(|&t| t != win_card.suit())
                .map_or(0, |t| 0xffu32 << (t.index() * 8));
        let side_takes = select_unpredictable(side_wins_now, kept, kept & beating);
        let good = select_unpredictable(wants_side_win, side_takes, kept & !side_takes);
        let bad = kept & !good;
        let mut node = Node::new(wants_high, alpha, beta);
        let mut rel_all = 0u32;
        let mut same = 0u32;
        let mut searched = 0u32;
        // One card searched: returns from `follow` on a cutoff (or when the node limit stops
        // the search); a card equivalent to one searched is skipped.
        macro_rules! search_card {
            ($card:expr) => {{
                let card: Card = $card;
                let i = card.index();
                if same & 1 << i == 0 {
                    let Some((v, rel)) = self.step(cur, to_play, card, left, node.alpha, node.beta) else {
                        return (0, 0, 0);
                    };
                    rel_all |= rel;
                    searched |= 1 << i;
                    if node.record(v, card) {
                        return (node.best, node.best_card, rel);
                    }
                    same |= same_as(card, rel, l);
                }
            }};
        }
        let one = good | bad;
        if !self.maximize && one & one.wrapping_sub(1) == 0 {
            // One card (or none): nothing to order.
            if let Some(card) = Card::from_index(one.trailing_zeros() as u8).filter(|_| one != 0) {
                let Some((v, rel)) = self.step(cur, to_play, card, left, alpha, beta) else {
                    return (0, 0, 0);
                };
                if node.record(v, card) {
                    return (node.best, node.best_card, rel);
                }
                rel_all = rel;
                searched = 1 << card.index();
            }
        } else if !self.maximize {
            let mut moves = Moves::default();
            let n = self.misere_follows(&cur, to_play, good, bad, &mut moves);
            for k in 0..n {
                search_card!(moves.take_best(k, n));
            }
        } else {
            for set in [good, bad] {
                // Lowest first when he wants the trick, else highest first, in rank order
                // across suits (measured: fewer nodes). One card, or cards of one suit —
                // following suit — need no reordering.
                let by_rank = set & set.wrapping_sub(1) != 0 && set >> (set.trailing_zeros() & !7) > 0xff;
                let mut rest = if by_rank { rank_major(set) } else { set };
                while rest != 0 {
                    let q = if wants_side_win {
                        rest.trailing_zeros()
                    } else {
                        31 - rest.leading_zeros()
                    };
                    rest &= !(1 << q);
                    let i = if by_rank { (q & 3) * 8 + q / 4 } else { q };
                    if let Some(card) = Card::from_index(i as u8) {
                        search_card!(card);
                    }
                }
            }
        }
        (
            node.best,
            node.best_card,
            self.widen_for_skipped(rel_all, searched, &cur, legal),
        )
    }

    /// Every card of a node counted: a card skipped as equivalent to a relevant searched card
    /// is relevant too (in a matching position it need not be equivalent any more).
    #[inline]
    fn widen_for_skipped(&self, mut rel: u32, searched: u32, cur: &Cur, legal: CardSet) -> u32 {
        let present = self.hands[0] | self.hands[1] | self.hands[2] | cur.played;
        let mut relevant_searched = rel & searched;
        while relevant_searched != 0 {
            let i = relevant_searched.trailing_zeros();
            relevant_searched &= relevant_searched - 1;
            if let Some(card) = Card::from_index(i as u8) {
                rel |= at_or_above(card.suit().index(), run_low(card, present, legal.bits()));
            }
        }
        rel
    }

    /// `to_play` plays `card` to `cur`: the value of the position after it and its relevance
    /// mask (`None` when the node limit stops the search).
    #[inline(always)]
    fn step(&mut self, cur: Cur, to_play: Owner, card: Card, left: u8, alpha: i8, beta: i8) -> Option<(i8, u32)> {
        let p = to_play as usize % 3;
        let talon_led = cur.talon_led();
        let full = 3 + usize::from(talon_led);
        let bit = 1u32 << card.index();
        self.hands[p] &= !bit;
        let mut next = cur;
        next.trick.push(to_play, card);
        next.played |= bit;
        // The card and owner now winning: one comparison with the last winner (the engine
        // decides talon-led tricks, X2).
        next.win = if talon_led {
            None
        } else {
            // Whether the card beats the winner so far is data the processor cannot predict.
            let keeps = cur.win.is_some_and(|(wc, _)| !beats(card, wc, self.trump));
            select_unpredictable(keeps, cur.win, Some((card, to_play)))
        };
        let out = if next.trick.len() == full {
            let (wcard, w) = match next.win {
                Some(x) => x,
                None => (
                    next.trick.winning_card(self.trump).unwrap_or(card),
                    next.trick.winner(self.trump).unwrap_or(0),
                ),
            };
            let won = i8::from(w == self.target);
            // After a talon-led trick the eldest leads (X2, F3); otherwise the winner.
            let leader = if talon_led { 0 } else { w };
            let (v, rel) = self.value(Cur::EMPTY, leader, left - 1, alpha - won, beta - won);
            (won + v, rel | trick_relevance(next.played, wcard))
        } else {
            // The next card of this trick: a node of its own, without the table.
            self.nodes += 1;
            if self.nodes > self.node_limit {
                self.aborted = true;
            }
            if self.aborted {
                self.hands[p] |= bit;
                return None;
            }
            let (v, _, rel) = self.play(next, (to_play + 1) % 3, left, alpha, beta, 0);
            (v, rel)
        };
        self.hands[p] |= bit;
        (!self.aborted).then_some(out)
    }
}

/// One card decision's bookkeeping: the best value and card so far and the window.
struct Node {
    wants_high: bool,
    best: i8,
    /// Card index + 1 of the best card (0: none yet).
    best_card: u8,
    alpha: i8,
    beta: i8,
}

impl Node {
    #[inline(always)]
    fn new(wants_high: bool, alpha: i8, beta: i8) -> Node {
        Node {
            wants_high,
            best: if wants_high { -1 } else { i8::MAX },
            best_card: 0,
            alpha,
            beta,
        }
    }

    /// Takes `card`'s value `v` into account; true on a cutoff.
    #[inline(always)]
    fn record(&mut self, v: i8, card: Card) -> bool {
        if self.wants_high {
            if v > self.best {
                self.best = v;
                self.best_card = card.index() + 1;
                self.alpha = self.alpha.max(v);
            }
        } else if v < self.best {
            self.best = v;
            self.best_card = card.index() + 1;
            self.beta = self.beta.min(v);
        }
        self.alpha >= self.beta
    }
}

/// The trick in progress as the search keeps it: the engine's `Trick` (whose rules decide
/// talon-led tricks, X2), the cards in it as bits, and the card and owner now winning (kept
/// up to date with one comparison per card; `None` before the first card and in talon-led
/// tricks).
#[derive(Clone, Copy)]
pub(crate) struct Cur {
    pub trick: Trick,
    pub played: u32,
    pub win: Option<(Card, Owner)>,
}

impl Cur {
    /// No card played yet.
    pub const EMPTY: Cur = Cur {
        trick: Trick::EMPTY,
        played: 0,
        win: None,
    };

    /// The search's view of an engine trick.
    pub fn of(trick: Trick, trump: Option<Suit>) -> Cur {
        let talon_led = trick.first_owner().is_some_and(|o| o > 2);
        let win = if talon_led || trick.is_empty() {
            None
        } else {
            let i = trick.winning_index(trump);
            i.map(|i| (trick.card_at(i), trick.owner_at(i)))
        };
        Cur {
            trick,
            played: trick.card_set().bits(),
            win,
        }
    }

    /// Whether a talon card leads this trick (X2, F3).
    #[inline]
    fn talon_led(&self) -> bool {
        self.trick.first_owner().is_some_and(|o| o > 2)
    }
}
