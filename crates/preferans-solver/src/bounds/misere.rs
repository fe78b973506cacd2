//! Bounds for the misère / all-pass target (no trumps): he can never be made to win a trick;
//! he loses the next trick, or one of the next two; the others can make him win the next.

use preferans::trick::Owner;

use super::ducking::{counts, NEVER};
use super::{byte_any, byte_counts, byte_ge, byte_min, byte_sum, smear_up};
use crate::search::Search;

impl Search<'_> {
    /// The misère / all-pass bounds at a trick boundary (no trumps): a cutoff of the window
    /// `alpha..beta` (value, relevance mask), or `None`.
    #[inline(always)]
    pub(crate) fn misere_cutoff(&self, to_play: Owner, left: u8, alpha: i8, beta: i8) -> Option<(i8, u32)> {
        if self.trump.is_some() {
            return None;
        }
        let no_talon = !self.talon_pending(left);
        if no_talon {
            // The target can never be made to win a trick, or (when that cuts) only a few.
            if let Some(cut) = self.target_takes_at_most(to_play, alpha.max(0)) {
                return Some(cut);
            }
        }
        // The next trick (or two): the target must lose one, or must win one.
        if alpha >= left as i8 - 1 {
            if let Some(rel) = self.target_loses_next_trick(to_play) {
                return Some((left as i8 - 1, rel));
            }
            if left >= 2 && no_talon {
                if let Some(rel) = self.target_loses_one_of_two(to_play) {
                    return Some((left as i8 - 1, rel));
                }
            }
        }
        if beta <= 1 {
            if let Some(rel) = self.target_wins_next_trick(to_play) {
                return Some((1, rel));
            }
        }
        None
    }

    /// Without trumps, at a trick boundary: the most tricks the target can be made to take,
    /// by the ducking game of each suit (see `ducking`: the others lead it as often as they
    /// like and discard from it freely; when he wins a trick of it he leads it until one of
    /// them goes over him). He plays each suit by its game: the others' cards of one suit
    /// change another suit's game only by discards, which every game allows them at any
    /// time, and when he must discard he throws his highest card of a suit, which never
    /// raises its count (checked for every holding). So with the others on lead he takes at
    /// most the sum of the suits' counts; on lead, he leads the suit whose count on lead
    /// adds least. Suits only he holds are never led to him.
    ///
    /// Returns that number, if at most `limit` (0 is an exact result, so a cutoff that loses
    /// nothing; more is an upper bound), and the relevance mask: the others' cards in the
    /// suits both sides hold, from their lowest up (below it lie only his cards, whose order
    /// among themselves does not matter).
    #[inline]
    pub(crate) fn target_takes_at_most(&self, to_play: Owner, limit: i8) -> Option<(i8, u32)> {
        let t = self.target as usize % 3;
        let mine = self.hands[t];
        let others = self.hands[(t + 1) % 3] | self.hands[(t + 2) % 3];
        // In every suit at once: their lowest card and everything above it.
        let theirs_up = smear_up(others);
        let both = byte_any(mine) & byte_any(others);
        let on_lead = to_play as usize % 3 == t;
        // The suits where a card of his lies at or above their lowest need the game.
        let mut risky = byte_any(mine & theirs_up);
        if risky == 0 && !on_lead {
            return Some((0, theirs_up & both));
        }
        // His cards of a suit, the next hand's and the one after's (rank bits).
        let (next, after) = (self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]);
        let holding = |suit: u32| counts(mine >> suit & 0xff, next >> suit & 0xff, after >> suit & 0xff);
        // On lead, his lead may take a suit's count off: no finite count exceeds three (a
        // test checks), and stopping early would only miss a cutoff.
        let allowed = limit + if on_lead { 3 } else { 0 };
        let mut most = 0i8;
        while risky != 0 {
            let suit = risky.trailing_zeros() & !7;
            risky &= !(0xff << suit);
            let them = holding(suit).0;
            most += them as i8;
            if them == NEVER || most > allowed {
                return None;
            }
        }
        if on_lead {
            let mut lead = both;
            let mut change = i8::MAX;
            while lead != 0 {
                let suit = lead.trailing_zeros() & !7;
                lead &= !(0xff << suit);
                let (them, him) = holding(suit);
                if him != NEVER {
                    change = change.min(him as i8 - them as i8);
                }
            }
            if change == i8::MAX {
                return None;
            }
            most += change;
            if most > limit {
                return None;
            }
        }
        Some((most, theirs_up & both))
    }

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

    /// Without trumps, at a trick boundary whose trick no talon card leads: the misère /
    /// all-pass target can lose the next trick whatever the others do. On lead, he leads his
    /// lowest card of a suit where one of the others holds only higher cards (that hand must
    /// follow above him); the others on lead, every suit the leader holds is one the target
    /// is void in (he discards) or holds a card below the leader's lowest (he ducks) or below
    /// the partner's lowest (the partner must go over him, before or after). Returns the
    /// relevance mask (the cards compared: from that hand's lowest of the suit up).
    #[inline]
    pub(crate) fn target_loses_next_trick(&self, to_play: Owner) -> Option<u32> {
        let t = self.target as usize % 3;
        let mine = self.hands[t];
        let leader = to_play as usize % 3;
        // All suits at once (bytes): `below(x)` is the cards under x's lowest of their suit,
        // in the suits x holds.
        let below = |x: u32| !smear_up(x) & byte_any(x);
        if leader == t {
            for x in [self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]] {
                let hit = mine & below(x);
                if hit != 0 {
                    let suit = hit.trailing_zeros() / 8;
                    return Some(smear_up(x) & 0xff << (suit * 8));
                }
            }
            return None;
        }
        let lead = self.hands[leader];
        let partner = self.hands[3 - leader - t];
        let both = byte_any(mine) & byte_any(lead);
        // He ducks under the leader's lowest, or under the partner's lowest, which the
        // partner must play over him (he holds only higher cards of the suit).
        let by_lead = byte_any(mine & below(lead));
        let by_partner = byte_any(mine & below(partner)) & !by_lead;
        // A suit both hold where he has no such card: no sure duck.
        if both & !(by_lead | by_partner) != 0 {
            return None;
        }
        Some(smear_up(lead) & (both & !by_partner) | smear_up(partner) & both & by_partner)
    }

    /// Without trumps, the others on lead and no talon card leading any trick left: the misère
    /// / all-pass target loses the next trick or the one after. In every suit of the leader's
    /// where he cannot duck (see [`Search::target_loses_next_trick`]), he wins the trick and
    /// leads the next, and he has an exit the trick cannot spoil: in another suit, one of the
    /// others holds only cards above his lowest of it, and it is the leader (who plays the
    /// suit led), or the partner holding the suit led (he follows it) or two cards of the
    /// exit suit (one discard leaves him one); or, in the suit led, the leader holds one card
    /// under his lowest (which it must lead to force him) and more above, and he holds two
    /// (he wins with the higher and leads the lower again). Returns the relevance mask: the
    /// ducks' witnesses and the exits' hands from their lowest up; a suit that forces him
    /// relies on nothing, since he wins or loses that trick and either way the exit does the
    /// rest.
    #[inline]
    pub(crate) fn target_loses_one_of_two(&self, to_play: Owner) -> Option<u32> {
        let t = self.target as usize % 3;
        let leader = to_play as usize % 3;
        if leader == t {
            return None;
        }
        let mine = self.hands[t];
        let (lead, partner) = (self.hands[leader], self.hands[3 - leader - t]);
        let below = |x: u32| !smear_up(x) & byte_any(x);
        let both = byte_any(mine) & byte_any(lead);
        // Where he cannot duck under the leader's lowest nor the partner's (see
        // `target_loses_next_trick`).
        let by_partner = byte_any(mine & below(partner)) & !byte_any(mine & below(lead));
        let mut forcing = both & !byte_any(mine & below(lead)) & !by_partner;
        // Exits (suit bytes): where one of them holds only cards above his lowest.
        let exit_lead = byte_any(mine & below(lead));
        let exit_partner = byte_any(mine & below(partner));
        let partner_up = smear_up(partner);
        let lowest = partner_up ^ ((partner_up << 1) & 0xfefe_fefe);
        let partner_two = byte_any(partner & !lowest);
        // The ducks rely on their witnesses; a forcing suit relies on nothing (he wins or
        // loses that trick, and either way the exit does the rest), its exit on that hand.
        let mut rel = smear_up(lead) & both & exit_lead | smear_up(partner) & both & by_partner;
        while forcing != 0 {
            let suit = 0xffu32 << (forcing.trailing_zeros() & !7);
            forcing &= !suit;
            let partner_exits = if partner & suit != 0 {
                exit_partner
            } else {
                exit_partner & partner_two
            };
            let by_lead = exit_lead & !suit;
            let by_partner = partner_exits & !suit;
            // Or the forcing suit itself: the leader holds one card under his lowest (which
            // he must lead to force him) and more above; he wins with a higher card and
            // leads his lowest again.
            let (m, l) = (mine & suit, lead & suit);
            let l_under = l & !smear_up(m);
            let again = m.count_ones() >= 2 && l_under.count_ones() == 1 && l.count_ones() >= 2;
            if by_lead != 0 {
                rel |= smear_up(lead) & 0xff << (by_lead.trailing_zeros() & !7);
            } else if by_partner != 0 {
                rel |= partner_up & 0xff << (by_partner.trailing_zeros() & !7);
            } else if again {
                rel |= smear_up(l);
            } else {
                return None;
            }
        }
        Some(rel)
    }

    /// Without trumps, at a trick boundary whose trick no talon card leads: the others can make
    /// the misère / all-pass target win the next trick. On lead, whatever suit he leads, each
    /// other hand holding it has a card below his lowest (or he alone holds it); the others on
    /// lead, the leader has a suit the target holds where the leader and his partner (unless
    /// void) both hold a card below the target's lowest. Returns the relevance mask (from the
    /// target's lowest card of the suits compared up).
    #[inline]
    pub(crate) fn target_wins_next_trick(&self, to_play: Owner) -> Option<u32> {
        let t = self.target as usize % 3;
        let mine = self.hands[t];
        let leader = to_play as usize % 3;
        // All suits at once (bytes): the suits where `x` has a card under his lowest.
        let mine_up = smear_up(mine);
        let under = |x: u32| byte_any(x & !mine_up);
        let held = byte_any(mine);
        let (a, b) = (self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]);
        if leader == t {
            // Whatever he leads, each other hand holding the suit plays under him.
            let fails = |x: u32| held & byte_any(x) & !under(x);
            if fails(a) | fails(b) != 0 {
                return None;
            }
            return Some(mine_up & held & byte_any(a | b));
        }
        let (lead, partner) = if leader == (t + 1) % 3 { (a, b) } else { (b, a) };
        // A suit of his the leader can lead under him, the partner following under or void.
        let hit = held & under(lead) & (!byte_any(partner) | under(partner));
        if hit == 0 {
            return None;
        }
        let suit = hit.trailing_zeros() / 8;
        Some(mine_up & 0xff << (suit * 8))
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
    use super::super::test_util::{at, with_search};
    use super::forced_wins;
    use crate::search::Search;

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

    /// Seeded random endgames (`tricks` tricks) with a random hand to lead: each misère
    /// bound's answer is checked against exact search, in the position and in one its
    /// relevance mask says it stands for (the cards outside the mask dealt again among the
    /// same hands, in the same numbers per suit). `bound` returns the least and most tricks
    /// the target is said to take, and the mask. (The whole-search differential tests let an
    /// unsound count of forced wins, or a mask too small, pass; this catches them.)
    fn check_bound(
        deals: usize,
        tricks: std::ops::RangeInclusive<u64>,
        bound: impl Fn(&Search, u8, usize) -> Option<(i8, i8, u32)>,
    ) -> usize {
        use super::super::test_util::with_contract_mut;
        use preferans::trick::Trick;
        use preferans::CardSet;
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let takes = |bits: [u32; 3], lead: u8, n: usize| {
            let sets = bits.map(|b| CardSet::from_bits(b).to_string());
            let hands = [sets[0].as_str(), sets[1].as_str(), sets[2].as_str()];
            with_contract_mut(hands, None, |s| s.exact(Trick::new(), lead, n as u8, 0))
        };
        let mut answered = 0;
        for _ in 0..deals {
            let mut deck: Vec<u32> = (0..32).collect();
            for i in (1..32).rev() {
                deck.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let n = (tricks.start() + next() % (tricks.end() - tricks.start() + 1)) as usize;
            let lead = (next() % 3) as u8;
            let mut bits = [0u32; 3];
            for (h, b) in bits.iter_mut().enumerate() {
                *b = deck[h * n..h * n + n].iter().fold(0, |acc, &i| acc | 1 << i);
            }
            let sets = bits.map(|b| CardSet::from_bits(b).to_string());
            let hands = [sets[0].as_str(), sets[1].as_str(), sets[2].as_str()];
            for k in 0..=n {
                let Some((least, most, mask)) = with_search(hands, |s| bound(s, lead, k)) else {
                    continue;
                };
                answered += 1;
                let t = takes(bits, lead, n);
                assert!(
                    (least..=most).contains(&t),
                    "{hands:?}, hand {lead} leads: {least}..={most}, takes {t}"
                );
                let mut matched = bits;
                for suit in 0..4 {
                    let free: Vec<u32> = (0..8)
                        .map(|r| suit * 8 + r)
                        .filter(|&i| mask & 1 << i == 0 && (bits[0] | bits[1] | bits[2]) & 1 << i != 0)
                        .collect();
                    let mut owners: Vec<usize> = free
                        .iter()
                        .map(|&i| (0..3).find(|&h| bits[h] & 1 << i != 0).unwrap_or(0))
                        .collect();
                    for i in (1..owners.len()).rev() {
                        owners.swap(i, (next() % (i as u64 + 1)) as usize);
                    }
                    for (&i, &h) in free.iter().zip(&owners) {
                        for b in matched.iter_mut() {
                            *b &= !(1 << i);
                        }
                        matched[h] |= 1 << i;
                    }
                }
                let t = takes(matched, lead, n);
                let other = matched.map(|b| CardSet::from_bits(b).to_string());
                assert!(
                    (least..=most).contains(&t),
                    "{hands:?}, hand {lead} leads: {least}..={most} with mask {mask:#x}; {other:?} takes {t}"
                );
            }
        }
        answered
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
    fn the_ducking_count_holds_in_play() {
        let answered = check_bound(60_000, 2..=6, |s, lead, k| {
            s.target_takes_at_most(lead, k as i8)
                .map(|(most, mask)| (0, most, mask))
        });
        assert!(answered > 10_000, "the bound answered {answered} times");
    }

    #[test]
    fn the_one_and_two_trick_bounds_hold_in_play() {
        let answered = check_bound(120_000, 2..=6, |s, lead, k| {
            let left = s.hands[0].count_ones() as i8;
            match k {
                0 => s.target_loses_next_trick(lead).map(|m| (0, left - 1, m)),
                1 if left >= 2 => s.target_loses_one_of_two(lead).map(|m| (0, left - 1, m)),
                2 => s.target_wins_next_trick(lead).map(|m| (1, left, m)),
                _ => None,
            }
        });
        assert!(answered > 10_000, "the bounds answered {answered} times");
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

    #[test]
    fn target_loses_the_trick_after_a_forced_win() {
        // Hand 1 leads the 7 of spades: the target must win with his ace, then he leads the
        // 7 of hearts and hand 1 (the leader, who played a spade) must go over with the 9.
        let r = with_search(["AS 7H", "7S 9H", "8D 9D"], |s| s.target_loses_one_of_two(1));
        assert_eq!(r, Some(at(3, 2)), "the exit alone: the forcing spade relies on nothing");
        // The exit is in hand 2's hand, who is void in spades and holds one heart: he
        // discards it on the spade trick, and the target wins both tricks.
        let r = with_search(["AS 7H", "7S 7D", "8H 8D"], |s| s.target_loses_one_of_two(1));
        assert_eq!(r, None);
        // With two hearts, one discard leaves him a heart above the target's 7.
        let r = with_search(["AS 7H 7C", "7S 7D 8C", "8H 9H 8D"], |s| s.target_loses_one_of_two(1));
        assert!(r.is_some());
        // No exit elsewhere, but hand 1 holds one spade under his lowest: to force him it
        // must lead the 7, he wins with the jack and leads the 9 under the queen.
        let r = with_search(["9S JS 9D", "7S QS 8C", "8D TC JC"], |s| s.target_loses_one_of_two(1));
        assert_eq!(r, Some(at(0, 0)));
        // On lead himself: not this bound's case.
        assert_eq!(
            with_search(["AS 7H", "7S 9H", "8D 9D"], |s| s.target_loses_one_of_two(0)),
            None
        );
    }

    #[test]
    fn safe_target_wins_every_suits_ducking_game() {
        // Spades: his 7 8 under their 9 10; hearts: his 7 under their 8.
        let safe = with_search(["7S 8S 7H", "9S 8H 7D", "TS AD KD"], |s| {
            (
                s.target_takes_at_most(1, 0).map(|c| c.1),
                s.target_takes_at_most(0, 0).map(|c| c.1),
            )
        });
        assert_eq!(safe.0, Some(at(0, 2) | at(3, 1)), "others on lead");
        assert!(safe.1.is_some(), "on lead he has a suit to lead");
        // His 9 of spades is above their 8, but under their 10: his 7 goes under the 8 and
        // his 9 under the 10, whatever order they lead them in.
        let matched = with_search(["7S 9S 7H", "8S 8H 7D", "TS AD KD"], |s| {
            s.target_takes_at_most(1, 0).map(|c| c.1)
        });
        assert_eq!(matched, Some(at(0, 1) | at(3, 1)));
        // His 8 of spades is above their lowest, the 7: led to him, he must win it.
        let unmatched = with_search(["8S 9S 7H", "7S 8H 7D", "TS AD KD"], |s| {
            s.target_takes_at_most(1, 0).map(|c| c.1)
        });
        assert_eq!(unmatched, None);
        // The second round fails: hand 1's 8 and 9 against his 7 and 10.
        let second = with_search(["7S TS 7H", "8S 9S 7D", "AH AD KD"], |s| {
            s.target_takes_at_most(1, 0).map(|c| c.1)
        });
        assert_eq!(second, None);
        // With the 8 and the 9 in different hands, one round takes both: safe.
        let split = with_search(["7S TS 7H", "8S 8H 7D", "9S AD KD"], |s| {
            s.target_takes_at_most(1, 0).map(|c| c.1)
        });
        assert!(split.is_some());
        // On lead, and spades his only suit they hold: his 7 goes under both of hand 1's,
        // but hand 1 plays the 10 and keeps the 8 over his 9: not safe. With the 8 and the
        // 10 in different hands, he leads the 9 under the 10 and hand 1 must play the 8.
        let lead = with_search(["7S 9S 7C", "8S TS 7D", "AD KD QD"], |s| {
            s.target_takes_at_most(0, 0).map(|c| c.1)
        });
        assert_eq!(lead, None);
        let lead = with_search(["7S 9S 7C", "8S 8H 7D", "TS AD KD"], |s| {
            s.target_takes_at_most(0, 0).map(|c| c.1)
        });
        assert!(lead.is_some());
        // With the 7 of hearts he leads under their 8 instead, and spades then match.
        let lead = with_search(["7S 9S 7H", "8S 8H 7D", "TS AD KD"], |s| {
            s.target_takes_at_most(0, 0).map(|c| c.1)
        });
        assert!(lead.is_some());
    }

    #[test]
    fn target_caught_once_per_suit_then_leads_out() {
        // Spades: his 7 10 against hand 1's 8 9. Led either, he wins with the 10 and leads the
        // 7 under the other; hearts: his 7 under their 8. At most one trick, not none.
        let hands = ["7S TS 7H", "8S 9S 8H", "AD KD QD"];
        assert_eq!(with_search(hands, |s| s.target_takes_at_most(1, 0)), None);
        let one = with_search(hands, |s| s.target_takes_at_most(1, 1));
        assert_eq!(one, Some((1, at(0, 1) | at(3, 1))));
        // On lead he leads the 7 of hearts under the 8, and spades still cost him one.
        assert_eq!(with_search(hands, |s| s.target_takes_at_most(0, 0)), None);
        assert_eq!(
            with_search(hands, |s| s.target_takes_at_most(0, 1)).map(|c| c.0),
            Some(1)
        );
        // The same in hearts: two suits, one trick each at most.
        let hands = ["7S TS 7H TH", "8S 9S 8H 9H", "AD KD QD JD"];
        assert_eq!(with_search(hands, |s| s.target_takes_at_most(1, 1)), None);
        assert_eq!(
            with_search(hands, |s| s.target_takes_at_most(1, 2)).map(|c| c.0),
            Some(2)
        );
        // His 9 10 against 7 8: caught, he must lead the suit again and wins again: the
        // game has no count for it, whatever the limit.
        let hands = ["9S TS 7H", "7S 8S 8H", "AD KD QD"];
        assert_eq!(with_search(hands, |s| s.target_takes_at_most(1, 9)), None);
    }

    #[test]
    fn target_on_lead_loses_under_a_hand_holding_only_higher_cards() {
        // He leads the 7 of spades: hand 1 holds only higher spades and must go over.
        let r = with_search(["7S AH", "9S TS", "8H 7D"], |s| s.target_loses_next_trick(0));
        assert_eq!(r, Some(at(0, 2)));
        // Each other hand can follow under his lowest spade and heart: no sure loss.
        let r = with_search(["8S AH", "7S TS", "7H 7D"], |s| s.target_loses_next_trick(0));
        assert_eq!(r, None);
    }

    #[test]
    fn target_ducks_or_discards_under_the_leader() {
        // Hand 1 leads: every spade of his is above the target's 7; the target is void in
        // diamonds (he discards).
        let r = with_search(["7S AH", "9S 8D", "TS 7D"], |s| s.target_loses_next_trick(1));
        assert_eq!(r, Some(at(0, 2)));
        // The leader's 7 of hearts is under the target's ace and only heart: he must win it.
        let r = with_search(["7S AH", "9S 7H", "TS 7D"], |s| s.target_loses_next_trick(1));
        assert_eq!(r, None);
    }

    #[test]
    fn the_partner_holding_only_higher_cards_must_go_over_him() {
        // Hand 1 leads a spade under the target's 8; hand 2 holds only the jack of spades and
        // must play it over him; in hearts he discards (no relevance needed there).
        let hands = ["8S QD 8D 7D", "9S 7S QH 8H", "JS AH KH TH"];
        let r = with_search(hands, |s| s.target_loses_next_trick(1));
        assert_eq!(r, Some(at(0, 4)));
        // Hand 2 void in spades: nobody has to go over him.
        let hands = ["8S QD 8D 7D", "7S 9S QH 8H", "AH KH TH JH"];
        assert_eq!(with_search(hands, |s| s.target_loses_next_trick(1)), None);
    }

    #[test]
    fn target_is_made_to_win_the_next_trick() {
        // On lead with only the ace of hearts and the king of spades, both others under him.
        let r = with_search(["KS AH", "7S 7H", "8S 8H"], |s| s.target_wins_next_trick(0));
        assert_eq!(r, Some(at(0, 6) | at(3, 7)));
        // He can lead the 7 of diamonds under hand 2's 8: no.
        let r = with_search(["7D AH", "7S 7H", "8D 8H"], |s| s.target_wins_next_trick(0));
        assert_eq!(r, None);
        // Hand 1 leads the 7 of spades under his king; hand 2 is void in spades.
        let r = with_search(["KS AH", "7S 7H", "8D 8H"], |s| s.target_wins_next_trick(1));
        assert_eq!(r, Some(at(0, 6)));
        // Hand 2 would have to go over with the ace of spades: no.
        let r = with_search(["KS 9H", "7S 7D", "AS 8D"], |s| s.target_wins_next_trick(1));
        assert_eq!(r, None);
    }
}
