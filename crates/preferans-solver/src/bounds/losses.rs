//! The misère target's sure losses: his cards under the lowest card of one of the others'
//! hands, which that hand goes over whenever they are played, less the tricks in which it
//! can throw its cards of the suit away (item 31 of docs/solver-history.md).

use super::{byte_any, byte_counts, byte_ge, byte_min, byte_sum, smear_up};
use crate::search::Search;

impl Search<'_> {
    /// Without trumps, no talon card leading any trick left: the misère / all-pass target
    /// surely loses at least `need` more tricks, by the cards of his that one of the others,
    /// X, can always go over. Returns the number of sure losses and the relevance mask, or
    /// `None` when fewer than `need` are sure.
    ///
    /// His *resource cards* in a suit are those under X's lowest card of it: while X holds
    /// the suit, each one is a trick lost (he leads it, or plays it when the suit is led, and
    /// X goes over it). X can take a resource away only by discarding from the suit, which
    /// he may do only when void in the suit led; if the target loses that trick, it is a
    /// loss, and if he wins it, he leads a resource card next. So each loss costs X one
    /// card of the suit, except that a discard in a trick the target wins ("wasted") costs
    /// X a card without a loss of its own. Counted per suit as `min(resources, X's cards)`:
    /// - with the waste allowed everywhere, `min(resources, X's cards / 2)`;
    /// - or the waste counted: each wasted discard needs a trick the other, Y, leads in a
    ///   suit X is void in and that the target must win (all his cards of it over Y's). In a
    ///   suit that X is void in, or shorter in than the target, or a resource suit of X's,
    ///   there are at most [`forced_wins`] such tricks; in any other suit X must first
    ///   discard more of its cards than the target holds, each such discard costing a trick
    ///   of that kind elsewhere or a loss of no resource, so those suits add nothing.
    ///
    /// His play in the argument: a resource card when the suit is led or when he leads;
    /// otherwise a duck whenever he can; when he must discard, a card that is no resource if
    /// he has one, and a suit's highest card.
    ///
    /// The suits add up when X is the hand before the target: when he must throw a resource
    /// card in a trick X discards from a resource suit, X has played first and he throws
    /// from the same suit. With X the hand after him, only X's best suit counts.
    #[inline(never)]
    pub(crate) fn target_loses_at_least(&self, need: i8) -> Option<(i8, u32)> {
        let t = self.target as usize % 3;
        let mine = self.hands[t];
        let (before, after) = (self.hands[(t + 2) % 3], self.hands[(t + 1) % 3]);
        let n_t = byte_counts(mine);
        for (x, y, sum) in [(before, after, true), (after, before, false)] {
            let x_any = byte_any(x);
            let x_up = smear_up(x);
            let res = mine & !x_up & x_any;
            let res_suits = byte_any(res);
            if res_suits == 0 {
                continue;
            }
            let r = byte_counts(res);
            let n = byte_counts(x);
            let full = byte_min(r, n);
            let half = byte_min(r, (n >> 1) & 0x7f7f_7f7f);
            let half_sum = if sum { byte_sum(half) } else { largest_byte(half) };
            let full_sum = if sum { byte_sum(full) } else { largest_byte(full) };
            if full_sum < need as u32 && half_sum < need as u32 {
                continue;
            }
            let ty = byte_any(mine) & byte_any(y);
            let shorter = !byte_ge(n, n_t);
            let v = (!x_any | shorter | res_suits) & ty;
            let (f, f_rel) = forced_wins(mine, y, v);
            // A count relies on X's cards of the suit from its lowest up: below lie only his
            // resource cards (their number is the shape's), whose order does not matter.
            let pick = |vals: u32, total: u32| -> u32 {
                if sum {
                    x_up & byte_any(vals)
                } else {
                    let k = (0..4).find(|k| (vals >> (8 * k)) & 0xff == total).unwrap_or(0);
                    x_up & 0xff << (8 * k)
                }
            };
            if half_sum >= need as u32 {
                return Some((half_sum as i8, pick(half, half_sum)));
            }
            if full_sum >= need as u32 + f {
                let f_rel = f_rel | x_up & ty & !v;
                return Some(((full_sum - f) as i8, pick(full, full_sum) | f_rel));
            }
        }
        None
    }

    /// Without trumps, no talon card leading any trick left, and the others holding as many
    /// cards as each other in every suit: the target's sure losses and their relevance mask
    /// (`None` when their lengths differ). Per suit, his resource cards under the lowest
    /// card of either of the others, X (the one whose lowest card is higher):
    /// `min(resources, X's cards)`, summed over the suits.
    ///
    /// He plays a resource card whenever he can (leading, or following to its suit), and
    /// discards one only when he holds nothing else. Then the others never discard: a trick
    /// they lead is in a suit both hold (their lengths are equal), and so is his lead of a
    /// resource card (X holds its suit), so their lengths stay equal. A suit's count then
    /// falls only when he plays one of its resource cards (X, holding only higher cards of
    /// it, follows to it or led it: he loses the trick) or when he discards one (he loses
    /// the trick): by one in a trick, and only in a trick he loses. No discard of theirs
    /// takes a resource away, so nothing is subtracted for forced wins, and the suits add up
    /// whichever of the others X is.
    #[inline(never)]
    pub(crate) fn target_loses_without_discards(&self) -> Option<(i8, u32)> {
        let t = self.target as usize % 3;
        let (mine, next, after) = (self.hands[t], self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]);
        if byte_counts(next) != byte_counts(after) {
            return None;
        }
        // Per suit the hand whose lowest card is higher gives more resource cards (they hold
        // as many cards of it as each other): his cards under both hands' lowest. The count
        // relies on the cards from that lowest up (below lie only his resource cards and the
        // other hand's lowest ones, whose numbers the shape fixes).
        let x_up = smear_up(next) & smear_up(after);
        let res = mine & !x_up & byte_any(next);
        let best = byte_min(byte_counts(res), byte_counts(next));
        let mask = x_up & byte_any(best);
        Some((byte_sum(best) as i8, mask))
    }
}

/// The most tricks of the suits `suits` (bytes) that the hand `y` can lead and the misère /
/// all-pass target, holding `mine`, must win, and the relevance mask of that count. He
/// ducks whenever he holds a card under the card led, and throws a suit's highest card, so
/// each such trick takes a card of `y`'s under his lowest card of the suit at the time, and
/// his highest. His lowest card rises only as he plays his low cards, each in a trick of
/// the suit, to which `y` (leading it later, so holding it now) plays a card. So if his `k`
/// lowest cards are gone by the last such trick, there are at most `min(his cards - k, y's
/// cards under his (k+1)-th lowest, y's cards - k)` of them. The mask, per suit: from the
/// best `k`'s card (or `y`'s lowest card under it) up; below lie only his `k` lowest cards.
#[inline]
fn forced_wins(mine: u32, y: u32, suits: u32) -> (u32, u32) {
    let mut total = 0;
    let mut rel = 0;
    let mut rest = suits & byte_any(mine) & byte_any(y);
    while rest != 0 {
        let shift = rest.trailing_zeros() & !7;
        rest &= !(0xff << shift);
        let (mut t, ys) = (mine >> shift & 0xff, y >> shift & 0xff);
        let (mut mine_left, mut y_left) = (t.count_ones(), ys.count_ones());
        let (mut best, mut from) = (0, 0);
        while t != 0 && y_left > 0 {
            let low = t & t.wrapping_neg();
            let under = ys & (low - 1);
            let n = mine_left.min(under.count_ones()).min(y_left);
            if n >= best {
                best = n;
                from = low | under;
            }
            t &= t - 1;
            mine_left -= 1;
            y_left -= 1;
        }
        total += best;
        rel |= smear_up(from) << shift;
    }
    (total, rel)
}

/// The largest byte.
#[inline]
fn largest_byte(v: u32) -> u32 {
    (v & 0xff).max(v >> 8 & 0xff).max(v >> 16 & 0xff).max(v >> 24)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{at, check_bound, with_search};
    use super::forced_wins;

    #[test]
    fn target_loses_his_cards_under_a_hand_holding_only_higher_ones() {
        // Hand 2 (before him) holds the 8 9 of spades over his 7, and the 8 of hearts over
        // his 7: two sure losses. Hand 1 holds only clubs over his 7 (and hand 2 is void
        // there, but hand 1 has nothing under his top club to force him with).
        // The counts rely on hand 2's spades and hearts from its lowest up; the clubs on his
        // 7 and up (nothing of hand 1's under it).
        let hands = ["7S 7H 7C", "AC KC QC", "8S 9S 8H"];
        let r = with_search(hands, |s| s.target_loses_at_least(2));
        assert_eq!(r, Some((2, at(0, 1) | at(3, 1) | at(1, 0))));
        // Hand 2's single heart may be thrown on a trick he is made to win: a club under his
        // 8 of clubs, hand 2 void. Then his 7 of spades is the one sure loss.
        let hands = ["7S 7H 8C", "7C KC QC", "8S 9S 8H"];
        assert_eq!(with_search(hands, |s| s.target_loses_at_least(2)), None);
        assert!(with_search(hands, |s| s.target_loses_at_least(1)).is_some());
        // Hand 2's 7 of clubs, under his 9, keeps clubs from forcing him while hand 2 still
        // holds a spade and a heart: the result relies on it (from the 7 up).
        let hands = ["7S 7H 9C", "8C KC QC", "8S 8H 7C"];
        let r = with_search(hands, |s| s.target_loses_at_least(2));
        assert_eq!(r, Some((2, at(0, 1) | at(3, 1) | at(1, 0))));
        // Four hearts over his two in one hand: two losses with any waste.
        let hands = ["7H 8H 7S 8S", "7C 8C 9C TC", "9H TH JH QH"];
        assert_eq!(with_search(hands, |s| s.target_loses_at_least(2)), Some((2, at(3, 2))));
    }

    #[test]
    fn sure_losses_never_exceed_the_exact_losses() {
        let answered = check_bound(150_000, 3..=6, |s, _, k| {
            let left = s.hands[0].count_ones() as i8;
            let need = k as i8;
            (need >= 1)
                .then(|| s.target_loses_at_least(need))
                .flatten()
                .map(|(losses, mask)| (0, left - losses, mask))
        });
        assert!(answered > 10_000, "the bound answered {answered} times");
    }

    #[test]
    fn sure_losses_without_their_discards_never_exceed_the_exact_losses() {
        let answered = check_bound(300_000, 3..=6, |s, _, k| {
            let left = s.hands[0].count_ones() as i8;
            (k == 0)
                .then(|| s.target_loses_without_discards())
                .flatten()
                .filter(|&(losses, _)| losses > 0)
                .map(|(losses, mask)| (0, left - losses, mask))
        });
        assert!(answered > 2_000, "the bound answered {answered} times");
    }

    #[test]
    fn without_their_discards_every_resource_is_a_loss() {
        // Hand 1 and hand 2 hold one spade, one heart and one club each. His 7 8 of spades
        // lie under either's spade, but each holds only one: one loss. His 7 of hearts lies
        // under either's heart: one more. Nothing is subtracted for the 8 of clubs hand 2
        // could lead (he is void in clubs anyway). The counts rely on the higher of the two
        // hands' lowest cards and up: the ten of spades, the 9 of hearts.
        let hands = ["7S 8S 7H", "TS 8H KC", "9S 9H 8C"];
        let r = with_search(hands, |s| s.target_loses_without_discards());
        assert_eq!(r, Some((2, at(0, 3) | at(3, 2))));
        // His 8 of hearts under hand 2's 9 but over hand 1's 7: still a resource card.
        let hands = ["7S 8S 8H", "TS 7H KC", "9S 9H 8C"];
        let r = with_search(hands, |s| s.target_loses_without_discards());
        assert_eq!(r, Some((2, at(0, 3) | at(3, 2))));
        // A club more for hand 1 and a heart less: lengths differ, no answer.
        let hands = ["7S 8S 7H", "TS KC QC", "9S 9H 8C"];
        assert_eq!(with_search(hands, |s| s.target_loses_without_discards()), None);
    }

    #[test]
    fn a_low_card_drawn_first_counts_towards_the_forced_wins() {
        // His 7 and king of a suit against the leader's 8 9: the 8 draws his 7 (he ducks),
        // the 9 then forces the king. One forced win, although no card of the leader's is
        // under his 7.
        assert_eq!(forced_wins(0b1000_0001, 0b0000_0110, 0xff), (1, 0xfe));
        // With the 9 alone the leader cannot do both.
        assert_eq!(forced_wins(0b1000_0001, 0b0000_0100, 0xff), (0, 0xff));
        // A card under his lowest forces him at once.
        assert_eq!(forced_wins(0b1000_0010, 0b0000_0001, 0xff), (1, 0xff));
        // Hand 2 holds the 8 of spades and of hearts over his 7s, and no diamonds: hand 1
        // leads the 8 of diamonds (he ducks, hand 2 throws the 8 of spades), then the 9
        // (he wins with the king, hand 2 throws the 8 of hearts). Only one sure loss.
        let hands = ["7S 7H 7D KD", "8D 9D QC JC", "8S 8H AC KC"];
        assert_eq!(with_search(hands, |s| s.target_loses_at_least(2)), None);
        assert!(with_search(hands, |s| s.target_loses_at_least(1)).is_some());
    }

    #[test]
    fn a_resource_discarded_on_a_forced_win_is_not_a_sure_loss() {
        // The others can make him win twice: hand 1 leads the jack of spades, hand 2
        // throws the queen of hearts, he loses the ten of spades; hand 1 leads the 8 of
        // hearts, hand 2 throws the ace of diamonds and he must win with the ten; his 9 of
        // diamonds wins too. His resources (9 of diamonds, ten of hearts) are one loss.
        let hands = ["TS 9D TH", "JS AH 8H", "KC AD QH"];
        assert_eq!(with_search(hands, |s| s.target_loses_at_least(2)), None);
        assert!(with_search(hands, |s| s.target_loses_at_least(1)).is_some());
    }
}
