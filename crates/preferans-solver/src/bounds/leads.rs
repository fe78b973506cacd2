//! Bounds from who wins the next trick's lead in trick contracts: a lead that must give the
//! trick to the other side, and a defender reaching his partner's winners.

use preferans::trick::Owner;

use super::runs::side_runs;
use super::{byte_any, byte_counts, byte_max, byte_top, smear_down, smear_up};
use crate::search::Search;

impl Search<'_> {
    /// No trumps, a defender on lead whatever he leads gives the declarer the trick: in every
    /// suit the leader holds, the declarer's highest card is above both defenders'. The
    /// declarer wins the trick with it and cashes as if he had led: his
    /// [`Search::quick_tricks`], with their relevance mask and his top cards in the leader's
    /// suits. (With trumps, where a ruff must be ruled out, it cut too seldom to pay,
    /// measured.)
    #[inline]
    pub(crate) fn declarer_wins_any_lead(&self, leader: Owner) -> Option<(u8, u32)> {
        if self.trump.is_some() {
            return None;
        }
        let t = self.target as usize % 3;
        let l = leader as usize % 3;
        let (me, lead, partner) = (self.hands[t], self.hands[l], self.hands[3 - t - l]);
        let my_tops = byte_top(me) & !smear_down(lead | partner);
        let lead_suits = byte_any(lead);
        if lead_suits & !byte_any(my_tops) != 0 {
            return None;
        }
        let (qt, rel) = self.quick_tricks(self.target);
        Some((qt, rel | smear_up(my_tops & lead_suits)))
    }

    /// No trumps (or none left in play), a defender on lead, the declarer holding top cards
    /// (above every card of the defenders in their suit): a lead in a suit where he holds one
    /// gives him the trick, so the defence keeps him off lead only by leading the other suits.
    /// Until he first wins he plays no top card (he discards his other cards first), so those
    /// suits stay the same, and each round of one takes a card from every defender holding
    /// it: there are no more rounds of it than the longer defender's holding. If those rounds
    /// add up to no more than his other cards, they run out by the trick where he would first
    /// have to throw a top card; he wins that trick at the latest, all his top cards still in
    /// hand, and cashes them: at least as many tricks as he holds top cards. A cutoff when
    /// that reaches `beta`, with its relevance mask (his top cards, and the top card of each
    /// other suit he holds, which is a defender's).
    #[inline]
    pub(crate) fn declarer_outlasts_the_safe_leads(&self, left: u8, beta: i8) -> Option<(i8, u32)> {
        // (With trumps, once none is left in play, the same.)
        if let Some(trump) = self.trump {
            if (self.hands[0] | self.hands[1] | self.hands[2]) >> (trump.index() * 8) & 0xff != 0 {
                return None;
            }
        }
        let t = self.target as usize % 3;
        let me = self.hands[t];
        let them = self.hands[(t + 1) % 3] | self.hands[(t + 2) % 3];
        let tops = me & !smear_down(them);
        let v = tops.count_ones().min(u32::from(left)) as i8;
        if tops == 0 || v < beta {
            return None;
        }
        // Rounds of a suit take a card from each defender holding it: the longer holding
        // bounds them.
        let top_suits = byte_any(tops);
        let longer = byte_max(
            byte_counts(self.hands[(t + 1) % 3] & !top_suits),
            byte_counts(self.hands[(t + 2) % 3] & !top_suits),
        );
        let rounds = longer.wrapping_mul(0x0101_0101) >> 24;
        if rounds > (me & !tops).count_ones() {
            return None;
        }
        let others_tops = byte_top(me | them) & byte_any(me) & !top_suits;
        Some((v, smear_up(tops & byte_any(them)) | others_tops))
    }

    /// No trumps, the declarer on lead without the top card of any suit he holds: whatever he
    /// leads, the defender with its top card wins the trick and cashes his quick tricks (one
    /// of which is that card; the other hands' cards played only lengthen his runs), then
    /// his partner's if he can reach them (see [`Search::partner_quick_tricks`]). The
    /// fewest of them over the suits the declarer may lead, with their relevance mask (and
    /// the top cards of his suits). (With trumps, where a partner's forced ruff changes who
    /// leads next, it cut too seldom to pay, measured.)
    #[inline]
    pub(crate) fn defence_wins_any_lead(&self) -> Option<(u8, u32)> {
        if self.trump.is_some() {
            return None;
        }
        let t = self.target as usize % 3;
        let (me, a, b) = (self.hands[t], self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]);
        let tops = byte_top(me | a | b) & byte_any(me);
        if tops & me != 0 {
            return None;
        }
        let mut least = u8::MAX;
        let mut rel = smear_up(tops);
        for (w, w_pos) in [(a, (t + 1) % 3), (b, (t + 2) % 3)] {
            if tops & w != 0 {
                let (q, r) = self.defence_after_winning(w_pos);
                rel |= r;
                least = least.min(q);
            }
        }
        (least > 0 && least != u8::MAX).then_some((least, rel))
    }

    /// No trumps, the defender at `w_pos` has just won a trick with a top card: the tricks
    /// the defence then cashes — his quick tricks (the trick won was one of them), then his
    /// partner's if he can reach them (see [`Search::partner_quick_tricks`] and
    /// `trick_contract_cutoff`) — with their relevance mask.
    #[inline]
    fn defence_after_winning(&self, w_pos: usize) -> (u8, u32) {
        let t = self.target as usize % 3;
        let (w, partner) = (self.hands[w_pos], self.hands[3 - t - w_pos]);
        let (mut q, mut rel) = side_runs(w, partner, self.hands[t], 0);
        if let Some((pq, prel)) = self.partner_quick_tricks(w_pos as Owner) {
            q += pq;
            rel |= prel;
        }
        (q, rel)
    }

    /// At a trick boundary of a trick contract: the leads whose outcome a static bound
    /// already puts outside the window `alpha..beta`, so that they need no search — per
    /// group of suits, the suits (bytes), the bound and its relevance mask (the other cards
    /// played to the trick only lengthen the runs counted, and a trump the winning side
    /// plays to it is that trick). Any card of such a suit:
    /// - led by a defender where the declarer's highest card is above both defenders', or a
    ///   side suit he is void in holding trumps (he ruffs with his lowest; in a side suit the
    ///   other defender must also follow suit or hold no trumps, so nobody ruffs or
    ///   overruffs): he wins the trick and cashes as on his own lead, his quick tricks and
    ///   sure trump tricks (see [`Search::declarer_wins_any_lead`]; a ruff with one of his
    ///   sure trumps is one of them), or, won with a top card, draws trumps first (see
    ///   [`Search::quick_tricks_drawing_trumps`]: no trump of his is spent, and each defender
    ///   plays at most one): at least `beta`;
    /// - no trumps, led by the declarer where a defender holds the top card: that defender
    ///   wins the trick and cashes his quick tricks (see [`Search::defence_wins_any_lead`]),
    ///   leaving the declarer at most `alpha`. (With trumps, where a partner's forced ruff
    ///   changes who leads next, it cost more time than it saved, measured.)
    ///
    /// Not inlined: it runs once per node whose first lead did not cut, and inlined it slows
    /// the card loop.
    #[inline(never)]
    pub(crate) fn refuted_leads(&self, leader: Owner, left: u8, alpha: i8, beta: i8) -> [RefutedLeads; 2] {
        let mut out = [RefutedLeads::default(); 2];
        let t = self.target as usize % 3;
        let l = leader as usize % 3;
        if l != t {
            let (me, lead, partner) = (self.hands[t], self.hands[l], self.hands[3 - t - l]);
            let my_tops = byte_top(me) & !smear_down(lead | partner);
            let mut tops = byte_any(my_tops) & byte_any(lead);
            let mut ruffs = 0;
            if let Some(trump) = self.trump {
                let trump_mask = 0xffu32 << (trump.index() * 8);
                // A side suit he is void in: he ruffs.
                if me & trump_mask != 0 {
                    ruffs = byte_any(lead) & !byte_any(me) & !trump_mask;
                }
                if partner & trump_mask != 0 {
                    tops &= byte_any(partner) | trump_mask;
                    ruffs &= byte_any(partner);
                }
            }
            if tops | ruffs != 0 {
                let (qt, rel) = self.quick_tricks(self.target);
                let st = self.sure_trump_tricks();
                let (mine, mrel) = if st.ours_len.0 > st.ours.0 {
                    st.ours_len
                } else {
                    st.ours
                };
                let cashed = (qt + mine).min(left) as i8;
                // Won with a top card, he may also draw trumps first (his top trumps are no
                // fewer after the trick than either defender's trumps).
                let (mut drawn, mut drel) = match self.quick_tricks_drawing_trumps() {
                    Some((d, r)) if d.min(left) as i8 > cashed => (d.min(left) as i8, r),
                    _ => (cashed, rel | mrel),
                };
                // Or he draws with his top trumps as far as they go (a round already played
                // to a trump lead took the defenders' trumps of their choice, no worse for
                // him than their lowest).
                let partly = (qt + st.ours_drawn.0).min(left) as i8;
                if partly > drawn {
                    (drawn, drel) = (partly, rel | st.ours_drawn.1);
                }
                // Ruffing with his lowest trump costs his partial drawing one trick at most
                // (his top trumps, or one of the others), which the ruff makes good.
                let (ruffed, rrel) = if partly > cashed {
                    (partly, rel | st.ours_drawn.1)
                } else {
                    (cashed, rel | mrel)
                };
                if drawn >= beta && tops != 0 {
                    out[0] = RefutedLeads {
                        suits: tops,
                        value: drawn,
                        rel: drel | smear_up(my_tops & tops),
                    };
                }
                if ruffed >= beta && ruffs != 0 {
                    out[1] = RefutedLeads {
                        suits: ruffs,
                        value: ruffed,
                        rel: rrel,
                    };
                }
            }
            return out;
        }
        if self.trump.is_some() {
            return out;
        }
        let (me, a, b) = (self.hands[t], self.hands[(t + 1) % 3], self.hands[(t + 2) % 3]);
        let tops = byte_top(me | a | b) & byte_any(me) & !me;
        for (slot, (w, w_pos)) in out.iter_mut().zip([(a, (t + 1) % 3), (b, (t + 2) % 3)]) {
            if tops & w != 0 {
                let (q, rel) = self.defence_after_winning(w_pos);
                let value = left as i8 - q.min(left) as i8;
                if value <= alpha {
                    *slot = RefutedLeads {
                        suits: byte_any(tops & w),
                        value,
                        rel: rel | smear_up(tops & w),
                    };
                }
            }
        }
        out
    }

    /// A defender on lead in a trick contract: the quick tricks of his partner once he has
    /// the lead, when the leader holds a card of a suit where the partner's top card is above
    /// every other card in play and the declarer cannot ruff it (he follows suit, or holds no
    /// trumps). With its relevance mask.
    #[inline]
    pub(crate) fn partner_quick_tricks(&self, leader: Owner) -> Option<(u8, u32)> {
        let l = leader as usize % 3;
        let t = self.target as usize % 3;
        let p = 3 - l - t;
        let (lead, partner, decl) = (self.hands[l], self.hands[p], self.hands[t]);
        let trump_mask = self.trump.map_or(0, |s| 0xffu32 << (s.index() * 8));
        let decl_ruffs = if decl & trump_mask != 0 { !byte_any(decl) } else { 0 };
        let entries = byte_any(partner & !smear_down(lead | decl)) & byte_any(lead) & !decl_ruffs;
        if entries == 0 {
            return None;
        }
        let (pq, rel) = self.quick_tricks(p as Owner);
        (pq > 0).then_some((pq, rel))
    }
}

/// Leads refuted without search (see [`Search::refuted_leads`]): every legal card of these
/// suits (bytes) is worth `value`, relying on `rel`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RefutedLeads {
    pub suits: u32,
    pub value: i8,
    pub rel: u32,
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{at, check_trick_claims, with_contract, Claim};

    #[test]
    fn refuted_leads_hold_against_exact_search() {
        // Every card of a refuted suit, led, gives the value claimed (outside the window).
        let answered = check_trick_claims(30_000, |s, lead, left, beta| {
            let mut out = Vec::new();
            for r in s.refuted_leads(lead, left, beta - 1, beta) {
                let led = r.suits & s.hands[lead as usize];
                for suit in (0..4).filter(|&q| led >> (q * 8) & 0xff != 0) {
                    out.push(Claim::cutoff(r.value, beta, left, r.rel, Some(suit)));
                }
            }
            out
        });
        assert!(answered > 2_000, "the refuted leads answered {answered} times");
    }

    #[test]
    fn the_defence_runs_out_of_leads_that_keep_the_declarer_off_lead() {
        // No trumps, hand 1 leads. The declarer's A K of spades are above all the defenders'
        // spades; outside spades the defenders hold two hearts, no more than his two other
        // cards: by the third trick at the latest they must lead a spade, and he cashes the
        // ace and the king (2 at least; in fact his 8 of hearts wins too).
        let hands = ["AS KS 7H 8H", "QS JS TS 9H", "9S 8S 7S TH"];
        let cut = with_contract(hands, None, |s| s.declarer_outlasts_the_safe_leads(4, 2));
        assert_eq!(cut, Some((2, at(0, 6) | 1 << 27)));
        // A club instead of a spade: still two rounds outside spades (a round of hearts takes
        // both defenders' hearts), he still gets in.
        let hands = ["AS KS 7H 8H", "QS JS 7C 9H", "9S 8S 7S TH"];
        let cut = with_contract(hands, None, |s| s.declarer_outlasts_the_safe_leads(4, 2));
        assert_eq!(cut.map(|c| c.0), Some(2));
        // Two clubs: three rounds, and they wait him out (he must throw the king: 1 trick).
        let hands = ["AS KS 7H 8H", "QS 7C 8C 9H", "9S 8S 7S TH"];
        let cut = with_contract(hands, None, |s| s.declarer_outlasts_the_safe_leads(4, 2));
        assert_eq!(cut, None);
    }

    #[test]
    fn a_defender_who_must_lead_into_the_declarers_tops_gives_him_his_quick_tricks() {
        use preferans::Suit;
        // No trumps, hand 1 leads: he holds only spades and diamonds, where the declarer's
        // ace is above both defenders'. The declarer wins and cashes the A K of spades and
        // the A of diamonds: 3 tricks.
        let hands = ["AS KS AD 7C", "7S 8S 7D 8D", "9S TS 9D 8C"];
        let r = with_contract(hands, None, |s| s.declarer_wins_any_lead(1).map(|x| x.0));
        assert_eq!(r, Some(3));
        // Hand 2 may lead a club, where hand 1's 9 is above the declarer's 7: no bound.
        let hands = ["AS KS AD 7C", "7S 8S 7D 9C", "9S TS 9D 8C"];
        assert_eq!(with_contract(hands, None, |s| s.declarer_wins_any_lead(2)), None);
        // Hearts trumps: hand 2, void in spades and holding a trump, would ruff a spade lead.
        let hands = ["AS KS AD 7C", "7S 8S 7D 8D", "7H 9D TD 8C"];
        assert_eq!(
            with_contract(hands, Some(Suit::Hearts), |s| s.declarer_wins_any_lead(1)),
            None
        );
    }

    #[test]
    fn leads_that_give_the_other_side_its_tricks_need_no_search() {
        // No trumps, hand 1 leads. A spade or a diamond gives the declarer the trick with his
        // ace, then A K of spades and A of diamonds: 3 tricks, enough for a window asking 3
        // (beta 3); a club (hand 1's 9 above his 7) is not refuted.
        let hands = ["AS KS AD 7C", "7S 8S 7D 9C", "9S TS 9D 8C"];
        let r = with_contract(hands, None, |s| s.refuted_leads(1, 4, 2, 3));
        // Suit bytes: spades 0, clubs 1, diamonds 2, hearts 3.
        assert_eq!(r[0].suits, 0x00ff_00ff, "spades and diamonds");
        assert_eq!(r[0].value, 3);
        assert_eq!(r[1].suits, 0);
        // A window asking 4 is not settled by 3.
        let r = with_contract(hands, None, |s| s.refuted_leads(1, 4, 3, 4));
        assert_eq!(r[0].suits, 0);
        // The declarer leads: a spade gives hand 1 his ace, then his A 7 of clubs (hand 2's
        // single 8 falls under the ace), then hand 2's A K of diamonds through his 7 of
        // diamonds: the declarer keeps nothing; a diamond gives hand 2 his A K, then hand
        // 1's ace of spades and clubs through the 7 of spades: nothing either. A window
        // asking 1 (alpha 0) refutes both suits, one group per defender.
        let hands = ["QS JS QD JD", "AS 7D AC 7C", "7S KD AD 8C"];
        let r = with_contract(hands, None, |s| s.refuted_leads(0, 4, 0, 1));
        assert_eq!((r[0].suits, r[0].value), (0x0000_00ff, 0));
        assert_eq!((r[1].suits, r[1].value), (0x00ff_0000, 0));
        // With trumps the declarer's leads are not refuted statically.
        let r = with_contract(hands, Some(preferans::Suit::Hearts), |s| s.refuted_leads(0, 4, 2, 3));
        assert_eq!(r[0].suits | r[1].suits, 0);
        // Hearts trumps, hand 1 leads: the declarer's A K of hearts (the top trumps) and his
        // A of spades win a heart or a spade lead; then his sure trumps (A K) and his spade
        // run, cut to hand 2's single spade (he holds trumps): 3 tricks. Diamonds: hand 2
        // would ruff.
        let hands = ["AH KH AS 7D", "7H 8S 9S 8D", "8H 7S 9D TD"];
        let r = with_contract(hands, Some(preferans::Suit::Hearts), |s| s.refuted_leads(1, 4, 2, 3));
        assert_eq!((r[0].suits, r[0].value), (0xff00_00ff, 3));
        // Void in clubs with trumps, he ruffs a club when hand 2 follows suit: clubs, a group
        // of their own (a ruff may cost a top trump, so no drawing trumps after it).
        let hands = ["AH KH AS 7D", "7H 8S 7C 8D", "8H 7S 8C TD"];
        let r = with_contract(hands, Some(preferans::Suit::Hearts), |s| s.refuted_leads(1, 4, 2, 3));
        assert_eq!((r[0].suits, r[0].value), (0xff00_00ff, 3));
        assert_eq!((r[1].suits, r[1].value), (0x0000_ff00, 3));
        // Won with a top card, he draws trumps: his A K draw the defenders' single trumps,
        // then his 7 of hearts and A K of spades (which exhaust their spades) win too: 5.
        let hands = ["AH KH 7H AS KS 7D", "QH 8S 9S 8D 9D TD", "JH TS JS 7C 8C 9C"];
        let r = with_contract(hands, Some(preferans::Suit::Hearts), |s| s.refuted_leads(1, 6, 4, 5));
        assert_eq!((r[0].suits, r[0].value), (0xff00_00ff, 5));
        // Hand 2 void in spades with a trump would ruff a spade: only hearts are refuted; his
        // A K of hearts draw the defenders' trumps, then the A of spades wins: 3.
        let hands = ["AH KH AS 7D", "7H 8S 9S 8D", "8H 7C 9D TD"];
        let r = with_contract(hands, Some(preferans::Suit::Hearts), |s| s.refuted_leads(1, 4, 2, 3));
        assert_eq!((r[0].suits, r[0].value), (0xff00_0000, 3));
    }

    #[test]
    fn a_declarer_without_a_top_card_gives_the_defence_the_lead() {
        use preferans::Suit;
        // No trumps: the declarer's spades and diamonds are below hand 1's ace of spades and
        // hand 2's A K of diamonds. A spade lead gives hand 1 his ace of spades and A 7 of
        // clubs (3 quick tricks; hand 2's single club falls under the ace), then hand 2's two
        // diamonds through his 7 of diamonds; a diamond lead gives hand 2 his two diamonds,
        // then hand 1's three through the 7 of spades: 5 either way (of the 4 tricks left).
        let hands = ["QS JS QD JD", "AS 7D AC 7C", "7S KD AD 8C"];
        let r = with_contract(hands, None, |s| s.defence_wins_any_lead().map(|x| x.0));
        assert_eq!(r, Some(5));
        // The declarer holds the top spade: nothing.
        let hands = ["AS JS QD JD", "QS 7D AC 7C", "7S KD AD 8C"];
        assert_eq!(with_contract(hands, None, |s| s.defence_wins_any_lead()), None);
        // With trumps it is not used.
        let hands = ["QS JS QD JD", "AS 7D AC 7C", "7S KD AD 8C"];
        assert_eq!(
            with_contract(hands, Some(Suit::Hearts), |s| s.defence_wins_any_lead()),
            None
        );
    }

    #[test]
    fn a_defender_reaches_his_partners_winners() {
        use preferans::Suit;
        // No trumps, hand 1 on lead: his 7 of hearts reaches hand 2's A K of hearts, which
        // run the suit (the others hold 2 and 1 hearts), then the A of spades and the lone 7
        // of diamonds: 4 tricks.
        let hands = ["QH JH 7S 8S", "7H 9S TS JS", "AH KH AS 7D"];
        let r = with_contract(hands, None, |s| s.partner_quick_tricks(1).map(|x| x.0));
        assert_eq!(r, Some(4));
        // Without a heart or a spade he has no way to hand 2.
        let hands = ["QH JH 7S 8S", "8D 9D TD JD", "AH KH AS 7D"];
        assert_eq!(with_contract(hands, None, |s| s.partner_quick_tricks(1)), None);
        // Hearts trumps and a declarer void in spades who holds trumps: the spade entry would
        // be ruffed (hand 2's A of spades over hand 1's 7).
        let hands = ["QH JH 8D 9D", "7S 9S TS JS", "AS 7H AD 7C"];
        let r = with_contract(hands, Some(Suit::Hearts), |s| s.partner_quick_tricks(1));
        assert_eq!(r, None);
    }
}
