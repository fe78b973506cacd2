//! Static bounds at trick boundaries: exact cutoffs (the misère / all-pass target can never
//! be made to win a trick; the last trick) and bounds for trick contracts (sure trump tricks,
//! quick tricks). Each comes with the relevance mask of the cards it compares (partition
//! search, see `search`).

use preferans::trick::{Owner, Trick};
use preferans::CardSet;

use crate::key::at_or_above;
use crate::search::{above, trick_relevance, Search};

impl Search<'_> {
    /// Without trumps, at a trick boundary: the target takes no more tricks whatever anyone
    /// does when, in every suit the others still hold, each of his cards is lower than each of
    /// theirs — a card led by another is above his, and he never leads again (he wins
    /// nothing) — and, if he is on lead now, he has such a suit to lead. (Suits only he holds
    /// are never led to him.) An exact result, so a cutoff that loses nothing. Returns the
    /// relevance mask (the others' cards in the suits compared) when it holds.
    #[inline]
    pub(crate) fn target_is_safe(&self, to_play: Owner) -> Option<u32> {
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
    pub(crate) fn last_trick(&self, leader: Owner) -> (i8, u32) {
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
            trick_relevance(t.card_set().bits(), w),
        )
    }

    /// Trump tricks each side wins whatever happens: the declarer's trumps above every trump
    /// of the defenders (the highest trump wins any trick it is played to), and, for the
    /// defence, the larger count of one defender's trumps above every trump of the declarer
    /// (one hand plays one card per trick, so none of them can fall on another of them; the
    /// other defender's can, hence the larger count and not the sum). No trumps: (0, 0).
    /// Each with its relevance mask: the trumps above the other side's highest.
    #[inline]
    pub(crate) fn sure_trump_tricks(&self) -> ((u8, u32), (u8, u32)) {
        let Some(trump) = self.trump else {
            return ((0, 0), (0, 0));
        };
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
        let ours_rel = if ours > 0 && a | b != 0 {
            at_or_above(suit_index, above(a | b))
        } else {
            0
        };
        let theirs_rel = if theirs > 0 && mine != 0 {
            at_or_above(suit_index, above(mine))
        } else {
            0
        };
        ((ours, ours_rel), (theirs, theirs_rel))
    }

    /// Tricks the leader can cash at once from the top of his suits, whatever the others do:
    /// in each suit, his unbroken run of top cards, cut to the length of any other hand that
    /// holds trumps; all of his top trumps. A lower bound on his side's tricks, with its
    /// relevance mask (the runs, where another hand holds the suit).
    pub(crate) fn quick_tricks(&self, leader: Owner) -> (u8, u32) {
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
}
