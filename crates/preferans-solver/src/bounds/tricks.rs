//! Bounds for trick contracts: sure trump tricks (top trumps and length), quick tricks
//! (with length winners, after drawing trumps), and the tricks of the only hand holding
//! trumps. Bounds from who wins the next lead are in `leads`.

use preferans::trick::Owner;

use super::runs::side_runs;
use super::{smear_down, smear_up};
use crate::search::Search;

impl Search<'_> {
    /// The trick-contract bounds at a trick boundary, cheapest first: a cutoff of the window
    /// `alpha..beta` (value, relevance mask), or `None`.
    #[inline(always)]
    pub(crate) fn trick_contract_cutoff(&self, to_play: Owner, left: u8, alpha: i8, beta: i8) -> Option<(i8, u32)> {
        // Trumps win whoever leads: top trumps, then length (see `sure_trump_tricks`).
        // Each cutoff relies only on the bound that made it.
        let st = self.sure_trump_tricks();
        for (mine, rel) in [st.ours, st.ours_len] {
            let mine = mine.min(left) as i8;
            if mine >= beta {
                return Some((mine, rel));
            }
        }
        for (theirs, rel) in [st.theirs, st.theirs_len] {
            let theirs = theirs.min(left) as i8;
            if left as i8 - theirs <= alpha {
                return Some((left as i8 - theirs, rel));
            }
        }
        if let Some((p, sure, rel)) = self.sole_trump_holder_tricks() {
            let sure = sure.min(left) as i8;
            if p == self.target as usize % 3 {
                if sure >= beta {
                    return Some((sure, rel));
                }
            } else if left as i8 - sure <= alpha {
                return Some((left as i8 - sure, rel));
            }
        }
        // Quick tricks (DDS): side-suit winners the leader can cash at once, then his
        // side's sure trump tricks, bound his side's result.
        let (qt, quick_rel) = self.quick_tricks(to_play);
        if to_play == self.target {
            for (mine, rel) in [st.ours, st.ours_len] {
                let v = (qt + mine).min(left) as i8;
                if v >= beta {
                    return Some((v, quick_rel | rel));
                }
            }
            if let Some((drawn, rel)) = self.quick_tricks_drawing_trumps() {
                let v = drawn.min(left) as i8;
                if v >= beta {
                    return Some((v, rel));
                }
            }
            let v = (qt + st.ours_drawn.0).min(left) as i8;
            if v >= beta {
                return Some((v, quick_rel | st.ours_drawn.1));
            }
            if let Some((d, rel)) = self.defence_wins_any_lead() {
                let v = left as i8 - d.min(left) as i8;
                if v <= alpha {
                    return Some((v, rel));
                }
            }
        } else {
            if let Some((q, rel)) = self.declarer_wins_any_lead(to_play) {
                let v = q.min(left) as i8;
                if v >= beta {
                    return Some((v, rel));
                }
            }
            if let Some(cut) = self.declarer_cashes_after_a_trump_trick(left, beta, &st) {
                return Some(cut);
            }
            if let Some(cut) = self.declarer_outlasts_the_safe_leads(left, beta) {
                return Some(cut);
            }
            for (theirs, rel) in [st.theirs, st.theirs_len] {
                let v = left as i8 - (qt + theirs).min(left) as i8;
                if v <= alpha {
                    return Some((v, quick_rel | rel));
                }
            }
            // Or the leader gives his partner the lead in a suit where the partner holds
            // the top card (the declarer cannot ruff it), and the partner cashes; the
            // defence's sure trump tricks come on top, as no trump is played before.
            if let Some((pq, prel)) = self.partner_quick_tricks(to_play) {
                for (theirs, rel) in [st.theirs, st.theirs_len] {
                    let v = left as i8 - (pq + theirs).min(left) as i8;
                    if v <= alpha {
                        return Some((v, prel | rel));
                    }
                }
                // Or the leader first cashes his own quick tricks, keeping his card of the
                // entry suit (the partner holds its top card, so the leader has no run
                // there), then leads it. The runs are cut so that nobody ruffs them (see
                // `side_runs`); the partner follows the leader's with lower cards or, void
                // and without trumps, discards: his cards not counted first, then the
                // lowest counted card of a suit other than the entry's, each costing him one
                // trick at most. He discards once per trick of the leader's at most, so if
                // he must give up counted cards, those he keeps still cover every trick
                // left: the defence takes both hands' quick tricks and its sure trump
                // tricks, or all the tricks.
                for (theirs, rel) in [st.theirs, st.theirs_len] {
                    let v = left as i8 - (qt + pq + theirs).min(left) as i8;
                    if qt > 0 && v <= alpha {
                        return Some((v, quick_rel | prel | rel));
                    }
                }
            }
        }
        None
    }

    /// Trump tricks each side wins whatever happens, two ways for each side (the first with
    /// the smaller relevance mask, the second never smaller in count):
    /// - top trumps: the declarer's above every trump of the defenders (the highest trump wins
    ///   any trick it is played to), and the larger count of one defender's trumps above every
    ///   trump of the declarer (one hand plays one card per trick, so none of them can fall on
    ///   another of them; the other defender's can, hence the larger count and not the sum);
    /// - length: every trump of a hand is played in a trick of its own by the end, and is
    ///   beaten only by a higher trump of the other side played to the same trick, each of
    ///   which beats one at most: the hand's trumps less the most of them the other side's
    ///   higher trumps can be matched against ([`trumps_kept`]). A defender's trump beaten by
    ///   his partner's still wins the trick for the defence.
    ///
    /// No trumps: all zero. Each count comes with its relevance mask: for the top trumps, the
    /// trumps above the other side's highest; for length, the trumps from the hand's lowest up.
    #[inline]
    pub(crate) fn sure_trump_tricks(&self) -> SureTrumps {
        let Some(trump) = self.trump else {
            return SureTrumps::default();
        };
        // The trumps change only when one is played: most calls find the count in the memo,
        // keyed by the three hands' trumps (target first).
        let shift = trump.index() * 8;
        let t = self.target as usize % 3;
        let byte = |p: usize| (self.hands[p] >> shift) & 0xff;
        let key = 1 << 31 | byte(t) << 16 | byte((t + 1) % 3) << 8 | byte((t + 2) % 3);
        let slot = &self.trump_memo[(key.wrapping_mul(0x9e37_79b1) >> 26) as usize];
        let (memo_key, memo) = slot.get();
        if memo_key == key {
            return memo;
        }
        let st = self.count_sure_trump_tricks(trump);
        slot.set((key, st));
        st
    }

    /// [`Search::sure_trump_tricks`] counted.
    fn count_sure_trump_tricks(&self, trump: preferans::Suit) -> SureTrumps {
        let shift = trump.index() * 8;
        let trumps = 0xffu32 << shift;
        let t = self.target as usize % 3;
        let mine = self.hands[t] & trumps;
        let (a, b) = (self.hands[(t + 1) % 3] & trumps, self.hands[(t + 2) % 3] & trumps);
        // The trumps above every trump of the other side (all of them if it has none).
        let above_theirs = trumps & !smear_down(a | b);
        let above_mine = trumps & !smear_down(mine);
        let ours = (mine & above_theirs).count_ones() as u8;
        let theirs = (a & above_mine).count_ones().max((b & above_mine).count_ones()) as u8;
        // Each relies on those trumps alone (not on the trumps played above the other side's).
        let ours_rel = if ours > 0 && a | b != 0 {
            smear_up(mine & above_theirs)
        } else {
            0
        };
        let top_a = a & above_mine;
        let top_b = b & above_mine;
        let theirs_top = if top_a.count_ones() >= top_b.count_ones() {
            top_a
        } else {
            top_b
        };
        let theirs_rel = if theirs > 0 && mine != 0 {
            smear_up(theirs_top)
        } else {
            0
        };
        // Length: from each hand's lowest trump up.
        let byte = |x: u32| (x >> shift) as u8;
        let from_lowest = |x: u32| {
            if x == 0 {
                0
            } else {
                trumps & !((x & x.wrapping_neg()) - 1)
            }
        };
        let ours_len = trumps_kept(byte(mine), byte(a | b));
        let (ka, kb) = (trumps_kept(byte(a), byte(mine)), trumps_kept(byte(b), byte(mine)));
        let (theirs_len, theirs_len_rel) = if ka >= kb {
            (ka, from_lowest(a))
        } else {
            (kb, from_lowest(b))
        };
        // On lead, he first draws with his top trumps: each round takes a trump from each
        // defender who has one (their lowest, the worst for him); then his other trumps
        // keep what the defenders' remaining ones cannot beat.
        let drop_lowest = |mut x: u32| {
            for _ in 0..ours {
                x &= x.wrapping_sub(1);
            }
            x
        };
        let rest = mine & !above_theirs;
        let drawn = ours + trumps_kept(byte(rest), byte(drop_lowest(a) | drop_lowest(b)));
        SureTrumps {
            ours: (ours, ours_rel),
            theirs: (theirs, theirs_rel),
            ours_len: (ours_len, from_lowest(mine)),
            theirs_len: (theirs_len, theirs_len_rel),
            ours_drawn: (drawn, from_lowest(mine | a | b)),
        }
    }

    /// Tricks the leader can cash at once from the top of his side suits (every suit without
    /// trumps), whatever the others do: in each, his unbroken run of top cards, cut to the
    /// length of any other hand that holds trumps; when neither other hand holds trumps and
    /// the run is as long as each of their holdings of the suit, all his cards of the suit.
    /// With his run cut so, every hand follows suit and no trump is played, so his side's sure
    /// trump tricks come on top. A lower bound on his side's tricks, with its relevance mask
    /// (the runs, where another hand holds the suit).
    pub(crate) fn quick_tricks(&self, leader: Owner) -> (u8, u32) {
        let l = leader as usize % 3;
        let trump_mask = self.trump.map_or(0, |t| 0xffu32 << (t.index() * 8));
        side_runs(
            self.hands[l],
            self.hands[(l + 1) % 3],
            self.hands[(l + 2) % 3],
            trump_mask,
        )
    }

    /// A defender on lead, the declarer sure of a trump trick (by top trumps or by length,
    /// see [`Search::sure_trump_tricks`]): he keeps his side suits' runs (his
    /// [`Search::quick_tricks`]) until he first wins a trick, then cashes them; his sure trump
    /// tricks come on top. A cutoff when that reaches `beta`, with its relevance mask (the
    /// trumps the count relies on, and the runs).
    ///
    /// Why it holds: the sure trump counts hold however the trumps are played, so one of his
    /// trumps wins a trick; until that trick he holds a trump, so he never discards (void in
    /// the suit led, he must trump, R6) and the runs stay whole. He wins a trick by then at
    /// the latest and leads next (were it the last trick, his runs would have been played —
    /// each only in a round of its suit, winning it, which is an earlier win). Before his
    /// first win the others' holdings change only by rounds of a run's suit — where he plays
    /// a top card and wins, the same as cashing it — or by the discards of a defender without
    /// trumps, which only shorten them. So on his first lead the runs, cut to the holdings of
    /// defenders with trumps as `quick_tricks` cuts them, still cash, and no trump is played
    /// while he cashes.
    #[inline]
    fn declarer_cashes_after_a_trump_trick(&self, left: u8, beta: i8, st: &SureTrumps) -> Option<(i8, u32)> {
        if st.ours.0 == 0 && st.ours_len.0 == 0 {
            return None;
        }
        let (runs, rel) = self.quick_tricks(self.target);
        if runs == 0 {
            return None;
        }
        for (mine, trump_rel) in [st.ours, st.ours_len] {
            let v = (mine + runs).min(left) as i8;
            if mine > 0 && v >= beta {
                return Some((v, trump_rel | rel));
            }
        }
        None
    }

    /// The declarer on lead in a trump contract whose top trumps are at least as many as
    /// either defender's trumps: he draws their trumps with them, then cashes his side suits
    /// with nobody left to ruff, and every trump of his is a trick. A lower bound on his
    /// tricks with its relevance mask (his top trumps and the side-suit runs), when the
    /// defenders hold trumps (otherwise [`Search::quick_tricks`] counts the same). (The same
    /// for a defender on lead cut too seldom to keep, measured.)
    #[inline]
    pub(crate) fn quick_tricks_drawing_trumps(&self) -> Option<(u8, u32)> {
        let trump_mask = 0xffu32 << (self.trump?.index() * 8);
        let t = self.target as usize % 3;
        let (me, o1, o2) = (self.hands[t], self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]);
        let (mine, a, b) = (me & trump_mask, o1 & trump_mask, o2 & trump_mask);
        if a | b == 0 {
            return None;
        }
        let above_theirs = trump_mask & !smear_down(a | b);
        if (mine & above_theirs).count_ones() < a.count_ones().max(b.count_ones()) {
            return None;
        }
        let (side, rel) = side_runs(me, o1 & !trump_mask, o2 & !trump_mask, trump_mask);
        Some((mine.count_ones() as u8 + side, rel | smear_up(mine & above_theirs)))
    }

    /// A trump contract where one hand alone holds trumps, whoever leads: every trump of his
    /// is a trick for his side, and so are the side-suit winners he could cash on lead
    /// ([`Search::quick_tricks`], with nobody to ruff). Until he wins a trick he never has to
    /// part with one of them: he follows suit with another card or wins with one, and void
    /// he must ruff (R6), which wins; on lead he cashes them all. Returns that hand, the bound
    /// on his side's tricks and its relevance mask (the side-suit runs).
    #[inline]
    pub(crate) fn sole_trump_holder_tricks(&self) -> Option<(usize, u8, u32)> {
        let trump_mask = 0xffu32 << (self.trump?.index() * 8);
        let holds = self.hands.map(|h| h & trump_mask != 0);
        let p = match holds {
            [true, false, false] => 0,
            [false, true, false] => 1,
            [false, false, true] => 2,
            _ => return None,
        };
        let (me, o1, o2) = (self.hands[p], self.hands[(p + 1) % 3], self.hands[(p + 2) % 3]);
        let (side, rel) = side_runs(me, o1, o2, trump_mask);
        Some((p, (me & trump_mask).count_ones() as u8 + side, rel))
    }
}

/// The sure trump tricks of both sides (see [`Search::sure_trump_tricks`]): counts with their
/// relevance masks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SureTrumps {
    /// The declarer's trumps above every defender's.
    pub ours: (u8, u32),
    /// One defender's trumps above every trump of the declarer (the larger count).
    pub theirs: (u8, u32),
    /// The declarer's trumps that no higher defender's trump can be played on.
    pub ours_len: (u8, u32),
    /// The same for one defender (the larger count), against the declarer's trumps.
    pub theirs_len: (u8, u32),
    /// The declarer on lead: his top trumps drawing the defenders' lowest, then his others
    /// by length against the defenders' remaining trumps.
    pub ours_drawn: (u8, u32),
}

/// Of the trumps `mine` (rank bits), how many win their tricks whatever happens: each of the
/// other side's higher trumps (`theirs`) can beat one. Matching from the top (a higher trump
/// of theirs can beat any lower trump of mine), the unmatched are the most by which mine
/// outnumber theirs among the cards from some rank up: [`KEPT`] per nibble, combined.
#[inline]
fn trumps_kept(mine: u8, theirs: u8) -> u8 {
    let (mh, th) = (mine >> 4, theirs >> 4);
    let high = KEPT[usize::from(mh) << 4 | usize::from(th)];
    let lead = mh.count_ones() as i8 - th.count_ones() as i8;
    let low = KEPT[usize::from(mine & 15) << 4 | usize::from(theirs & 15)];
    high.max(lead + low).max(0) as u8
}

/// `KEPT[m << 4 | t]`: for 4-bit rank sets, the most by which `m` outnumbers `t` among the
/// ranks from some rank up (0 for none).
static KEPT: [i8; 256] = {
    let mut table = [0i8; 256];
    let mut i = 0;
    while i < 256 {
        let (m, t) = (i >> 4, i & 15);
        let (mut best, mut diff, mut r) = (0i8, 0i8, 4);
        while r > 0 {
            r -= 1;
            diff += (m >> r & 1) as i8 - (t >> r & 1) as i8;
            if diff > best {
                best = diff;
            }
        }
        table[i] = best;
        i += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::super::test_util::{at, check_trick_claims, with_contract, with_contract_mut, Claim};
    use super::*;

    #[test]
    fn trick_contract_cutoffs_hold_against_exact_search() {
        // A cutoff claims at least or at most its value.
        let answered = check_trick_claims(30_000, |s, lead, left, beta| {
            s.trick_contract_cutoff(lead, left, beta - 1, beta)
                .map(|(v, mask)| Claim::cutoff(v, beta, left, mask, None))
                .into_iter()
                .collect()
        });
        assert!(answered > 10_000, "the cutoffs answered {answered} times");
    }

    /// A plain greedy matching from the top, to check the table form.
    fn kept_by_matching(mine: u8, theirs: u8) -> u8 {
        let (mut free, mut beaten) = (0u8, 0u8);
        for r in (0..8).rev() {
            if theirs >> r & 1 != 0 {
                free += 1;
            } else if mine >> r & 1 != 0 && free > 0 {
                free -= 1;
                beaten += 1;
            }
        }
        mine.count_ones() as u8 - beaten
    }

    #[test]
    fn trumps_kept_matches_the_greedy_matching() {
        for mine in 0..=255u8 {
            for theirs in 0..=255u8 {
                if mine & theirs == 0 {
                    assert_eq!(
                        trumps_kept(mine, theirs),
                        kept_by_matching(mine, theirs),
                        "{mine:08b} {theirs:08b}"
                    );
                }
            }
        }
        // A 9 8 7 against K and Q: two of the low ones are beaten, two tricks kept.
        assert_eq!(trumps_kept(0b1000_0111, 0b0110_0000), 2);
        // Q J against A K: none kept.
        assert_eq!(trumps_kept(0b0011_0000, 0b1100_0000), 0);
    }

    #[test]
    fn sure_trump_tricks_count_top_trumps_and_length() {
        use preferans::Suit;
        // Spades trump. Declarer A 9 8 7; the defenders K and Q: only the ace is a top trump,
        // but K and Q can beat two of his low trumps at most, so he keeps two.
        let st = with_contract(["AS 9S 8S 7S", "KS 7H 8H 9H", "QS 7D 8D 9D"], Some(Suit::Spades), |s| {
            s.sure_trump_tricks()
        });
        assert_eq!(st.ours, (1, at(0, 7)));
        assert_eq!(st.ours_len, (2, at(0, 0)));
        assert_eq!(st.theirs.0, 0);
        // Each defender's single trump can meet the ace: neither is sure.
        assert_eq!(st.theirs_len.0, 0);
        // Declarer Q J; one defender A K 10 9: two top trumps, and his 10 and 9 can be
        // beaten by the queen and the jack only once each, so he keeps 2 at least.
        let st = with_contract(["QS JS 7H 8H", "AS KS TS 9S", "7D 8D 9D TD"], Some(Suit::Spades), |s| {
            s.sure_trump_tricks()
        });
        assert_eq!(st.theirs, (2, at(0, 6)));
        assert_eq!(st.theirs_len, (2, at(0, 2)));
        assert_eq!(st.ours_len.0, 0);
        // Defenders' 10 9 8 against his jack: one of the three is beaten at most, two kept.
        let st = with_contract(["JS 7H 8H", "TS 9S 8S", "7D 8D 9D"], Some(Suit::Spades), |s| {
            s.sure_trump_tricks()
        });
        assert_eq!(st.theirs.0, 0);
        assert_eq!(st.theirs_len, (2, at(0, 1)));
        // On lead with A K 9 8 7 against Q J 10 (one defender): the ace and king draw two of
        // them (at worst the 10 and the jack), and the queen beats one of his 9 8 7: 4 sure
        // trump tricks, where by length alone he keeps 2.
        let st = with_contract(
            ["AS KS 9S 8S 7S", "QS JS TS 7H 8H", "7D 8D 9D TD JD"],
            Some(Suit::Spades),
            |s| s.sure_trump_tricks(),
        );
        assert_eq!((st.ours.0, st.ours_len.0, st.ours_drawn.0), (2, 2, 4));
        // No trumps: nothing.
        let st = with_contract(["JS 7H 8H", "TS 9S 8S", "7D 8D 9D"], None, |s| s.sure_trump_tricks());
        assert_eq!(st, SureTrumps::default());
    }

    #[test]
    fn the_memo_gives_what_a_fresh_count_gives() {
        use preferans::Suit;
        // Many trump holdings through one memo (64 slots, so slots are reused), each asked
        // twice: the answer is always the fresh count for the hands now held.
        let deals = [
            ["AS 9S 8S 7S", "KS 7H 8H 9H", "QS 7D 8D 9D"],
            ["QS JS 7H 8H", "AS KS TS 9S", "7D 8D 9D TD"],
            ["JS 7H 8H 9H", "TS 9S 8S 7S", "7D 8D 9D TD"],
        ];
        with_contract_mut(deals[0], Some(Suit::Spades), |s| {
            for round in 0..2 {
                for bits in 0..=255u32 {
                    for (p, deal) in deals.iter().enumerate() {
                        // Hand p keeps only the trumps of `bits` it holds.
                        s.hands = deal.map(|h| h.parse::<preferans::CardSet>().expect("cards").bits());
                        s.hands[p] &= !0xff | bits;
                        assert_eq!(
                            s.sure_trump_tricks(),
                            s.count_sure_trump_tricks(Suit::Spades),
                            "round {round}, bits {bits:08b}"
                        );
                    }
                }
            }
        });
    }

    #[test]
    fn the_defence_cashes_the_leaders_tricks_then_the_partners() {
        // No trumps, hand 1 leads: his A K of spades (the others void: 2 tricks), then his
        // 7 of hearts to hand 2's A of hearts, whose A 9 8 of hearts all win once the
        // declarer's king falls: the defence takes all 5 tricks, though hand 2 must
        // discard twice on the spades (his 8 and 9 of diamonds, not counted).
        let hands = ["KH QC KC JD QD", "AS KS 7H 7C 8C", "AH 9H 8H 8D 9D"];
        let cut = with_contract(hands, None, |s| s.trick_contract_cutoff(1, 5, 0, 1));
        assert_eq!(cut.map(|c| c.0), Some(0));
        // Either hand alone is not enough for a window asking whether he keeps 0 (alpha 0):
        // the leader's two spades leave him 3, the partner's three hearts 2.
        let hands = ["KH QC KC JD QD", "AS KS 7H 7C 8C", "AH 9H 8H 8D 9D"];
        let r = with_contract(hands, None, |s| {
            (s.quick_tricks(1).0, s.partner_quick_tricks(1).map(|x| x.0))
        });
        assert_eq!(r, (2, Some(3)));
    }

    #[test]
    fn the_declarer_draws_trumps_then_runs_his_suits() {
        use preferans::Suit;
        // Hearts trumps. His A K of hearts draw the defenders' single trumps; then nobody can
        // ruff his spades, whose A K exhaust both defenders' two spades: his three trumps and
        // two spades, 5 tricks (cashing at once, without drawing, makes 2 spades + 2 trumps).
        let hands = ["AH KH 7H AS KS 7D", "QH 8S 9S 8D 9D TD", "JH 7C 8C 9C TS JS"];
        let r = with_contract(hands, Some(Suit::Hearts), |s| {
            (s.quick_tricks_drawing_trumps().map(|x| x.0), s.quick_tricks(0).0)
        });
        assert_eq!(r, (Some(5), 2));
        // A defender with Q J of hearts outlasts his single top trump: no drawing.
        let hands = ["AH 8H 7H AS KS 7D", "QH JH 9S 8D 9D TD", "KH 7C 8C 9C TS JS"];
        let r = with_contract(hands, Some(Suit::Hearts), |s| s.quick_tricks_drawing_trumps());
        assert_eq!(r, None);
    }

    #[test]
    fn the_only_hand_with_trumps_makes_them_and_his_winners() {
        use preferans::Suit;
        // Hearts trumps, only the declarer holds any: 7 and 8 of hearts and the A K of spades
        // above the defenders' spades (the second defender's three spades outlast them, so
        // the 7 of spades is no winner), whoever leads: 4 tricks.
        let hands = ["7H 8H AS KS 7S 7D", "QS JS 8D 9D TD JD", "TS 9S 8S 7C 8C 9C"];
        let r = with_contract(hands, Some(Suit::Hearts), |s| s.sole_trump_holder_tricks());
        assert_eq!(r.map(|x| (x.0, x.1)), Some((0, 4)));
        // Only a defender holds trumps: the bound is his side's, his two trumps and his J 10
        // of diamonds above the declarer's three.
        let hands = ["AS KS 7S 7D 8D 9D", "7H 8H QS JS TD JD", "TS 9S 8S 7C 8C 9C"];
        let r = with_contract(hands, Some(Suit::Hearts), |s| s.sole_trump_holder_tricks());
        assert_eq!(r.map(|x| (x.0, x.1)), Some((1, 4)));
        // Two hands with trumps: nothing.
        let hands = ["7H AS KS 7S 7D 8D", "8H QS JS TD JD 9D", "TS 9S 8S 7C 8C 9C"];
        let r = with_contract(hands, Some(Suit::Hearts), |s| s.sole_trump_holder_tricks());
        assert_eq!(r, None);
    }

    #[test]
    fn a_sure_trump_trick_gets_the_declarer_in_to_cash_his_runs() {
        use preferans::Suit;
        // Five cards each, hearts trumps: the cutoff of the window asking for `beta` tricks.
        let cut = |hands: [&str; 3], beta: i8| {
            with_contract(hands, Some(Suit::Hearts), |s| {
                s.declarer_cashes_after_a_trump_trick(5, beta, &s.sure_trump_tricks())
            })
        };
        // A defender on lead. The declarer's ace of hearts is above both
        // defenders' trumps, and his A K of spades above their spades, which each defender
        // holds twice (so neither can ruff them): he keeps the spades until the ace wins,
        // then cashes them, 3 tricks of 5.
        assert_eq!(
            cut(["AH 7H AS KS 7D", "KH 8S 9S 8D 9D", "QH TS 7S 8C 9C"], 3),
            Some((3, at(3, 7) | at(0, 6)))
        );
        // A defender with a single spade could ruff the second: 2 tricks, no cutoff at 3.
        assert_eq!(cut(["AH 7H AS KS 7D", "KH 8S 9D 8D TD", "QH TS 7S 9S 9C"], 3), None);
        // His A 9 8 of hearts against a single king: two trumps by length, and the ace of
        // spades (the defender with trumps holds two spades): 3.
        assert_eq!(
            cut(["AH 9H 8H AS 7D", "KH 8S 9S 8D 9D", "TS 7S 8C 9C TC"], 3),
            Some((3, at(3, 1) | at(0, 7)))
        );
        // No top trump, but his K Q of hearts against the ace keep one trump trick: that
        // gets him in too, and the ace of spades makes 2.
        assert_eq!(
            cut(["KH QH AS 7D 8D", "AH 8S 9S 9D TD", "JH TS 7S 7C 8C"], 2),
            Some((2, at(3, 5) | at(0, 7)))
        );
        // Without a sure trump trick he may never get in: nothing.
        assert_eq!(cut(["KH 7H AS KS 7D", "AH 8S 9S 8D 9D", "QH TS 7S 8C 9C"], 1), None);
    }
}
