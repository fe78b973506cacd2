//! The misère / all-pass target's ducking game in one suit: how many tricks of the suit can
//! the others, leading it as often as they like, make him win? Solved per holding on first
//! use (a holding has at most 256 smaller ones), then kept for the process.
//!
//! The game gives the others more than the real play does, so its count bounds his tricks:
//! they may lead the suit whenever they are on lead and want to, and discard any of its cards
//! at any time (in the play, only when void in the suit led); he never discards from it (when
//! he must discard, he throws his highest card of a suit, which never raises its count:
//! checked for every holding). What it keeps of the play: each hand holding the suit follows
//! to it, and the order of play — when the hand after him leads, he plays last; when the hand
//! before him leads, he plays second, and the third hand then plays any card of the suit.
//! When his card tops a round he wins the trick and leads, and he leads this suit (an exit in
//! another suit could be spoilt by their discards) until one of the others goes over him;
//! void, he has no way out of it, and the count is [`NEVER`].
//!
//! A count of 0 with them on lead means he never wins a trick of the suit; 0 with him on lead,
//! that he can lead a card of it that one of them must go over, never winning one after it.

use std::sync::atomic::{AtomicU8, Ordering};

/// `(d, a, b)`: his cards of the suit, the next hand's and the one after's (rank bits).
type Holding = (u32, u32, u32);

/// "Never" in the game: he cannot get out of the suit (and any count this high).
pub(super) const NEVER: u8 = 7;

/// A holding's place in the table: two bits per rank, 0 not in play, 1 his, 2 the next
/// hand's, 3 the one after's. Removing a card lowers it.
#[inline]
fn index(d: u32, a: u32, b: u32) -> usize {
    let spread = |x: u32| u32::from(SPREAD[(x & 0xff) as usize]);
    (spread(d | b) | spread(a | b) << 1) as usize
}

/// `SPREAD[x]`: bit `r` of `x` moved to bit `2 r`.
static SPREAD: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut x = 0;
    while x < 256 {
        let mut v = x;
        v = (v | v << 4) & 0x0f0f;
        v = (v | v << 2) & 0x3333;
        t[x] = ((v | v << 1) & 0x5555) as u16;
        x += 1;
    }
    t
};

/// Set in a solved holding's entry.
const SOLVED: u8 = 0x80;

/// Every holding's counts in the game without the others' discards (index 0) and in the game
/// of the module doc (1): [`count_others`] in bits 0–2, [`count_on_lead`] in bits 3–5, and
/// [`SOLVED`], or 0. Threads that solve the same holding at once store the same value.
static COUNTS: [[AtomicU8; 0x10000]; 2] = [const { [const { AtomicU8::new(0) }; 0x10000] }; 2];

/// The counts of a holding, solved first if need be.
#[inline]
fn solved(d: u32, a: u32, b: u32, discards: bool) -> u8 {
    let i = index(d, a, b);
    let v = COUNTS[usize::from(discards)][i].load(Ordering::Relaxed);
    if v & SOLVED != 0 {
        return v;
    }
    let v = SOLVED | count_others((d, a, b), discards) | count_on_lead((d, a, b), discards) << 3;
    COUNTS[usize::from(discards)][i].store(v, Ordering::Relaxed);
    v
}

/// What a hand holding `x` (rank bits) can play to a round of the suit: each of its cards
/// as a single bit, lowest first, or nothing (0) when it holds none.
fn choices(x: u32) -> Choices {
    Choices { rest: x, void: x == 0 }
}

/// The iterator of [`choices`].
struct Choices {
    rest: u32,
    void: bool,
}

impl Iterator for Choices {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.rest != 0 {
            let c = self.rest & self.rest.wrapping_neg();
            self.rest &= self.rest - 1;
            Some(c)
        } else if self.void {
            self.void = false;
            Some(0)
        } else {
            None
        }
    }
}

/// His tricks from the holding `(d, a, b)` left after a round: he played `c`, the others'
/// top card was `top`. Topping it, he won the trick and leads; else they are still on lead.
fn after_round(c: u32, top: u32, (d, a, b): Holding, discards: bool) -> u8 {
    if c > top {
        on_lead(solved(d, a, b, discards)).saturating_add(1).min(NEVER)
    } else {
        others(solved(d, a, b, discards))
    }
}

/// The game with the others on lead: the most tricks of the suit they can make him win, over
/// their moves (a discard, a round led by the hand after him, a round led by the hand before
/// him), each answered by his best card.
fn count_others((d, a, b): Holding, discards: bool) -> u8 {
    let thrown = choices(if discards { a | b } else { 0 })
        .filter(|&c| c != 0)
        .map(|c| others(solved(d, a & !c, b & !c, discards)));
    // The hand after him leads, the other follows, he plays last.
    let next_leads = choices(a).filter(|&x| x != 0).flat_map(|x| {
        choices(b).map(move |y| {
            choices(d)
                .map(|c| after_round(c, x.max(y), (d & !c, a & !x, b & !y), discards))
                .min()
                .unwrap_or(NEVER)
        })
    });
    // The hand before him leads, he plays second; then the next hand, any card.
    let before_leads = choices(b).filter(|&x| x != 0).map(|x| {
        choices(d)
            .map(|c| {
                choices(a)
                    .map(|y| after_round(c, x.max(y), (d & !c, a & !y, b & !x), discards))
                    .max()
                    .unwrap_or(0)
            })
            .min()
            .unwrap_or(NEVER)
    });
    thrown.chain(next_leads).chain(before_leads).max().unwrap_or(0)
}

/// The game with him on lead: his best card of the suit against every way the next two
/// hands follow (or discard, void); if one of them goes over it they are on lead again, else
/// he has won a trick and leads again.
fn count_on_lead((d, a, b): Holding, discards: bool) -> u8 {
    choices(d)
        .filter(|&c| c != 0)
        .map(|c| {
            choices(a)
                .flat_map(|y| choices(b).map(move |z| (y, z)))
                .map(|(y, z)| {
                    let left = (d & !c, a & !y, b & !z);
                    if y.max(z) > c {
                        others(solved(left.0, left.1, left.2, discards))
                    } else {
                        // Nobody went over: his card topped the round.
                        after_round(c, 0, left, discards)
                    }
                })
                .max()
                .unwrap_or(NEVER)
        })
        .min()
        .unwrap_or(NEVER)
}

/// The game's counts for his cards `d` of a suit, the next hand's `a` and the one after's
/// `b` (rank bits): the most tricks of the suit the others can make him win with them on
/// lead, and with him on lead ([`NEVER`]: he cannot get out of it). With `discards` false,
/// the game without the others' discards: the caller knows they never get one (they hold
/// as many cards as each other in every suit, see `Search::target_takes_at_most_refined`).
#[inline]
pub(super) fn counts(d: u32, a: u32, b: u32, discards: bool) -> (u8, u8) {
    let v = solved(d, a, b, discards);
    (others(v), on_lead(v))
}

/// The count with the others on lead, of an entry of [`COUNTS`].
#[inline]
fn others(v: u8) -> u8 {
    v & 7
}

/// The count with him on lead, of an entry of [`COUNTS`].
#[inline]
fn on_lead(v: u8) -> u8 {
    v >> 3 & 7
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The holding at `index` `i`.
    fn decode(i: usize) -> Holding {
        let (mut d, mut a, mut b) = (0, 0, 0);
        for r in 0..8 {
            match (i >> (2 * r)) & 3 {
                1 => d |= 1 << r,
                2 => a |= 1 << r,
                3 => b |= 1 << r,
                _ => {}
            }
        }
        (d, a, b)
    }

    fn holdings() -> impl Iterator<Item = Holding> {
        (0..0x10000usize).map(decode)
    }

    fn count_them(d: u32, a: u32, b: u32) -> u8 {
        counts(d, a, b, true).0
    }

    fn count_him(d: u32, a: u32, b: u32) -> u8 {
        counts(d, a, b, true).1
    }

    /// The counts without their discards.
    fn bare(d: u32, a: u32, b: u32) -> (u8, u8) {
        counts(d, a, b, false)
    }

    #[test]
    fn index_round_trips() {
        for i in 0..0x10000 {
            let (d, a, b) = decode(i);
            assert_eq!(index(d, a, b), i);
        }
    }

    #[test]
    fn throwing_his_highest_card_never_raises_the_count() {
        for (d, a, b) in holdings().filter(|&(d, _, _)| d != 0) {
            let top = 1 << (31 - d.leading_zeros());
            assert!(
                count_them(d & !top, a, b) <= count_them(d, a, b),
                "{d:08b} {a:08b} {b:08b}"
            );
        }
    }

    #[test]
    fn without_their_discards_throwing_his_highest_card_never_raises_the_count() {
        for (d, a, b) in holdings().filter(|&(d, _, _)| d != 0) {
            let top = 1 << (31 - d.leading_zeros());
            assert!(bare(d & !top, a, b).0 <= bare(d, a, b).0, "{d:08b} {a:08b} {b:08b}");
        }
    }

    #[test]
    fn without_their_discards_the_counts_are_never_higher() {
        let mut lower = 0;
        for (d, a, b) in holdings() {
            let ((o, l), (bo, bl)) = (counts(d, a, b, true), bare(d, a, b));
            assert!(bo <= o && bl <= l, "{d:08b} {a:08b} {b:08b}");
            lower += usize::from(bo < o);
        }
        // His ten against the 9 and the ace (the ace thrown first in the plain game).
        assert_eq!(bare(0b0000_1000, 0b0000_0100, 0b1000_0000).0, 0);
        assert!(count_them(0b0000_1000, 0b0000_0100, 0b1000_0000) > 0);
        assert!(lower > 1_000, "{lower} holdings count less without their discards");
    }

    #[test]
    fn finite_counts_stay_small() {
        for (d, a, b) in holdings() {
            for discards in [true, false] {
                let (o, l) = counts(d, a, b, discards);
                assert!(o <= 3 || o == NEVER, "{d:08b} {a:08b} {b:08b}");
                assert!(l <= 3 || l == NEVER, "{d:08b} {a:08b} {b:08b}");
            }
        }
    }

    #[test]
    fn a_void_hand_is_never_caught() {
        assert_eq!(count_them(0, 0b1, 0b10), 0);
        assert_eq!(count_them(0b1000_0000, 0, 0), 0);
        // Nobody else holds the suit: his own leads win every time.
        assert_eq!(count_him(0b1000_0000, 0, 0), NEVER);
    }

    #[test]
    fn second_hand_plays_under_the_card_led() {
        // His 7 9 K of clubs; the next hand A Q J, the one before him the 8. When the 8 is
        // led he plays second: the 7 leaves K 9 against A Q J (they lead the jack, then the
        // queen under his king), the 9 leaves K 7 (they lead the jack: he must win or play
        // the 7, then the queen under his king), the king wins.
        let (d, a, b) = (0b0100_0101, 0b1011_0000, 0b0000_0010);
        assert!(count_them(d, a, b) > 0);
        // With the 8 led by the next hand he plays last: the 7 goes under whatever the
        // other plays... but they lead the jack next, and the queen: K 9 against them fails.
        assert!(count_them(d, a | b, 0) > 0);
        // His 7 8 against their 9 and 10 in either hand: always under.
        for (a, b) in [(0b0000_1100, 0), (0b0000_0100, 0b0000_1000), (0, 0b0000_1100)] {
            assert_eq!(count_them(0b0000_0011, a, b), 0);
        }
    }

    /// Hall's condition with the others' cards pooled: his j-th lowest card under their j-th
    /// lowest for every j up to the shorter holding (each round takes one of their cards, at
    /// least their lowest, and he plays his highest card under it).
    fn matches_under(mut d: u32, mut e: u32) -> bool {
        while d != 0 && e != 0 {
            if d & d.wrapping_neg() > e & e.wrapping_neg() {
                return false;
            }
            d &= d - 1;
            e &= e - 1;
        }
        true
    }

    #[test]
    fn the_game_wins_wherever_the_matching_rule_does() {
        // The matching rule is the game with the others' cards pooled, and he survives it
        // playing under the card led: the game gives them less.
        for (d, a, b) in holdings() {
            if matches_under(d, a | b) {
                assert_eq!(count_them(d, a, b), 0, "{d:08b} {a:08b} {b:08b}");
            }
        }
    }

    #[test]
    fn leading_out_needs_a_hand_that_must_go_over() {
        // His 7 of the suit, the next hand the 8: it must go over.
        assert_eq!(count_him(0b1, 0b10, 0), 0);
        // Nobody holds the suit, or both can duck: he wins his own lead.
        assert_eq!(count_him(0b10, 0, 0), NEVER);
        assert_eq!(count_him(0b10, 0b1, 0), NEVER);
        // His 7 9 against the next hand's 8 10. He leads the 7: the hand plays the 10 and
        // keeps the 8 under his 9, which it leads next, and he wins with his last card
        // (never out). He leads the 9: the hand plays the 8 under it, and he leads the 7
        // under the 10: one trick.
        assert_eq!(count_him(0b0101, 0b1010, 0), 1);
        // The 8 and the 10 in different hands: he leads the 9 under the 10, and the 8 must
        // be played to it.
        assert_eq!(count_him(0b0101, 0b0010, 0b1000), 0);
    }

    #[test]
    fn caught_once_he_leads_out_of_the_suit() {
        // His 7 10 against the next hand's 8 9: led the 8 he wins with the 10 and leads the
        // 7 under the 9; led the 9, the same.
        assert_eq!(count_them(0b1001, 0b0110, 0), 1);
        // His 9 10 against the 7 8: led the 7, he wins and must lead again, and wins again.
        assert_eq!(count_them(0b1100, 0b0011, 0), NEVER);
        // A lone 9 against the 8: caught, and nothing to lead out with.
        assert_eq!(count_them(0b0100, 0b0010, 0), NEVER);
        // His 7 J Q against the next hand's 8 9 10: ducking with the 7 leaves his jack and
        // queen to win the next two rounds and then lead with nothing left; better, he wins
        // the first round with the jack or queen, wins again with the other and leads the 7
        // under their last card: two tricks.
        assert_eq!(count_them(0b0011_0001, 0b0000_1110, 0), 2);
    }
}
