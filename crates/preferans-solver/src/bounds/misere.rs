//! Bounds for the misère / all-pass target (no trumps): he can never be made to win a trick;
//! he loses the next trick, or one of the next two; the others can make him win the next.

use preferans::trick::Owner;

use super::ducking::{counts, NEVER};
use super::{byte_any, byte_counts, smear_up};
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
        self.ducking_total(to_play, limit, true)
    }

    /// After the table probe (only where it did not answer, since these checks cost more
    /// than they save in front of it), where the others hold as many cards as each other in
    /// every suit: [`Search::target_takes_at_most`] with the games without their discards,
    /// then his sure losses without them ([`Search::target_loses_without_discards`]); and
    /// for a zero, a lead the partner can never take ([`Search::locked_lead_clean`]).
    /// Without trumps, no talon card leading a trick left.
    #[inline(never)]
    pub(crate) fn target_takes_at_most_refined(&self, to_play: Owner, limit: i8) -> Option<(i8, u32)> {
        let t = self.target as usize % 3;
        let (mine, next, after) = (self.hands[t], self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]);
        // Holding as many cards as each other in every suit, they never discard: a trick
        // takes a card of its suit from each of them (both hold it, or neither, and then he
        // leads it: the game never lets him, he could not get out).
        if byte_counts(next) == byte_counts(after) {
            if let Some(cut) = self.ducking_total(to_play, limit, false) {
                return Some(cut);
            }
            // His sure losses, with no discard of theirs to take a resource away.
            if let Some((losses, mask)) = self.target_loses_without_discards() {
                let most = mine.count_ones() as i8 - losses;
                if most <= limit {
                    return Some((most, mask));
                }
            }
        }
        (limit == 0)
            .then(|| self.locked_lead_clean(to_play))
            .flatten()
            .map(|mask| (0, mask))
    }

    /// The sum of the suits' ducking games of [`Search::target_takes_at_most`], the games
    /// with the others' discards or without them (see `ducking::counts`), if at most `limit`.
    #[inline(always)]
    fn ducking_total(&self, to_play: Owner, limit: i8, discards: bool) -> Option<(i8, u32)> {
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
        let holding = |suit: u32| counts(mine >> suit & 0xff, next >> suit & 0xff, after >> suit & 0xff, discards);
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

    /// The others on lead, and the leader's partner never able to take the lead from him:
    /// in every suit they both hold, the partner's cards all lie under the leader's lowest
    /// (he leads, the partner follows under him or discards, so this stays true). While the
    /// target wins no trick, the leader then wins every trick, and only his suits are led.
    /// In each of them the target ducks every lead if his `i`-th lowest card lies under the
    /// leader's `i`-th lowest, for every `i` up to the shorter holding: he plays his highest
    /// card under the card led (which keeps that true), and when he must discard, a suit's
    /// highest card (which keeps it too). Then he takes no more tricks. Returns the
    /// relevance mask: the leader's cards from his lowest up, in the suits the target or the
    /// partner holds too (with the shape fixed, the cards under them lie where they did).
    #[inline]
    fn locked_lead_clean(&self, to_play: Owner) -> Option<u32> {
        let t = self.target as usize % 3;
        let leader = to_play as usize % 3;
        if leader == t {
            return None;
        }
        let (mine, lead, partner) = (self.hands[t], self.hands[leader], self.hands[3 - leader - t]);
        let lead_up = smear_up(lead);
        if partner & lead_up != 0 {
            return None;
        }
        let mut led = byte_any(mine) & lead;
        while led != 0 {
            let suit = led.trailing_zeros() & !7;
            let (his, mut theirs) = (mine >> suit & 0xff, lead >> suit & 0xff);
            led &= !(0xff << suit);
            let mut need = 1;
            while theirs != 0 && need <= his.count_ones() {
                let low = theirs & theirs.wrapping_neg();
                if (his & (low - 1)).count_ones() < need {
                    return None;
                }
                theirs &= theirs - 1;
                need += 1;
            }
        }
        Some(lead_up & (byte_any(mine) | byte_any(partner)))
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

#[cfg(test)]
mod tests {
    use super::super::test_util::{at, check_bound, with_search};

    #[test]
    fn the_ducking_count_holds_in_play() {
        let answered = check_bound(60_000, 2..=6, |s, lead, k| {
            s.target_takes_at_most(lead, k as i8)
                .map(|(most, mask)| (0, most, mask))
        });
        assert!(answered > 10_000, "the bound answered {answered} times");
    }

    #[test]
    fn a_lead_the_partner_can_never_take_keeps_him_clean_in_play() {
        let answered = check_bound(60_000, 2..=6, |s, lead, k| {
            (k == 0)
                .then(|| s.locked_lead_clean(lead))
                .flatten()
                .map(|mask| (0, 0, mask))
        });
        assert!(answered > 1_000, "the rule answered {answered} times");
    }

    #[test]
    fn the_finer_ducking_counts_hold_in_play() {
        let answered = check_bound(120_000, 2..=6, |s, lead, k| {
            s.target_takes_at_most_refined(lead, k as i8)
                .map(|(most, mask)| (0, most, mask))
        });
        assert!(answered > 5_000, "the bound answered {answered} times");
    }

    #[test]
    fn only_the_leaders_suits_are_led_when_his_partner_cannot_take_the_lead() {
        // Hand 1 leads. Hand 2 holds only clubs, a suit hand 1 is void in: it can never win
        // a trick, so the target's 9 of clubs, under hand 2's 8 otherwise, is never led to.
        // His spades and diamonds lie under hand 1's, card for card.
        let hands = ["7S 9C 9D 7D", "QS 9S TD KH", "KC QC JC 8C"];
        assert_eq!(
            with_search(hands, |s| s.locked_lead_clean(1)),
            Some(at(0, 2) | at(2, 3))
        );
        assert_eq!(
            with_search(hands, |s| s.target_takes_at_most_refined(1, 0)),
            Some((0, at(0, 2) | at(2, 3)))
        );
        // The plain games let hand 2 lead the 8 of clubs.
        assert_eq!(with_search(hands, |s| s.target_takes_at_most(1, 0)), None);
        // With hand 2 on lead the clubs are led: no such rule.
        assert_eq!(with_search(hands, |s| s.locked_lead_clean(2)), None);
        // A spade of hand 2's over hand 1's 9 lets it win the lead.
        let hands = ["7S 9C 9D 7D", "QS 9S TD KH", "KC QC JC TS"];
        assert_eq!(with_search(hands, |s| s.locked_lead_clean(1)), None);
        // His 9 and jack of diamonds against hand 1's 8 and king: the 8 is led first.
        let hands = ["7S 9C 9D JD", "QS 9S 8D KD", "KC QC JC 8C"];
        assert_eq!(with_search(hands, |s| s.locked_lead_clean(1)), None);
    }

    #[test]
    fn others_of_the_same_suit_lengths_never_discard() {
        // The others hold as many cards as each other in every suit, so neither can ever
        // discard: the ace of clubs must be played over his ten whenever the 9 is led, though
        // in the plain game it is thrown first.
        let hands = ["TC JD 7D 7H", "TS 9C KH QH", "KS AC AH 9H"];
        let games = at(1, 2) | at(3, 2);
        assert_eq!(
            with_search(hands, |s| s.target_takes_at_most_refined(1, 0)),
            Some((0, games))
        );
        assert_eq!(with_search(hands, |s| s.target_takes_at_most(1, 0)), None);
        // His 7 and ten of clubs against the 8 9 and the jack ace: whoever leads, each round
        // has a card of theirs over one of his (he keeps the 7 for the 8 or the 9, and the
        // jack and the ace must follow to the rounds, over his ten).
        let hands = ["7C TC", "8C 9C", "AC JC"];
        assert_eq!(
            with_search(hands, |s| s.target_takes_at_most_refined(1, 0)),
            Some((0, at(1, 1)))
        );
        // Hand 2's diamond for a heart: each can be void in a suit the other leads, and the
        // ace of clubs may go.
        let hands = ["TC 7D 7H", "9C KH QH", "AC 8D 9H"];
        assert_eq!(with_search(hands, |s| s.target_takes_at_most_refined(1, 0)), None);
        // The same lengths, but his ten of clubs over both of theirs: the 9 is led.
        let hands = ["TC 7H", "9C KH", "8C AH"];
        assert_eq!(with_search(hands, |s| s.target_takes_at_most_refined(1, 0)), None);
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
