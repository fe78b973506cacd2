//! Static bounds at trick boundaries, each with the relevance mask of the cards it compares
//! (partition search, see `search`): for the misère / all-pass target (`misere`), the tricks
//! each suit's ducking game can cost him (`ducking`), the tricks he surely loses (`losses`),
//! and one- and two-trick bounds; sure trump tricks and quick tricks for trick
//! contracts (`tricks`, with quick tricks in `runs`), leads that must give the trick away
//! (`leads`), and the last trick.
//!
//! Their soundness arguments assume the obligations the search plays by
//! (`Obligations::RUSSIAN`: follow suit, else trump, R6); a game with other obligations
//! (a later issue's variant) must check which bounds still hold before using them.

mod ducking;
mod leads;
mod losses;
mod misere;
mod runs;
mod tricks;

pub(crate) use leads::RefutedLeads;
pub(crate) use tricks::SureTrumps;

use preferans::trick::{Owner, Trick};
use preferans::CardSet;

use crate::search::{trick_relevance, Search};

impl Search<'_> {
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
}

/// In each byte (suit), every bit at or below the highest set bit.
#[inline]
pub(super) fn smear_down(mut x: u32) -> u32 {
    x |= (x >> 1) & 0x7f7f_7f7f;
    x |= (x >> 2) & 0x3f3f_3f3f;
    x |= (x >> 4) & 0x0f0f_0f0f;
    x
}

/// In each byte (suit), every bit at or above the lowest set bit.
#[inline]
pub(super) fn smear_up(mut x: u32) -> u32 {
    x |= (x << 1) & 0xfefe_fefe;
    x |= (x << 2) & 0xfcfc_fcfc;
    x |= (x << 4) & 0xf0f0_f0f0;
    x
}

/// The highest set bit of each byte (suit).
#[inline]
pub(super) fn byte_top(x: u32) -> u32 {
    x & !((smear_down(x) >> 1) & 0x7f7f_7f7f)
}

/// Each byte (suit) of `x` that has a set bit, all ones; the others zero.
#[inline]
pub(super) fn byte_any(x: u32) -> u32 {
    // The high bit of each byte: set when the byte is non-zero.
    let hi = (((x & 0x7f7f_7f7f) + 0x7f7f_7f7f) | x) & 0x8080_8080;
    (hi >> 7) * 0xff
}

/// The number of set bits of each byte, in that byte.
#[inline]
pub(super) fn byte_counts(x: u32) -> u32 {
    let x = x - ((x >> 1) & 0x5555_5555);
    let x = (x & 0x3333_3333) + ((x >> 2) & 0x3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f
}

/// Per byte, all ones where `a`'s byte is at least `b`'s (bytes below 128).
#[inline]
pub(super) fn byte_ge(a: u32, b: u32) -> u32 {
    ((((a | 0x8080_8080) - b) & 0x8080_8080) >> 7) * 0xff
}

/// The smaller byte of `a` and `b` in each byte (bytes below 128).
#[inline]
pub(super) fn byte_min(a: u32, b: u32) -> u32 {
    let ge = byte_ge(a, b);
    (b & ge) | (a & !ge)
}

/// Per byte, the larger of `a`'s and `b`'s (bytes below 128).
#[inline]
pub(super) fn byte_max(a: u32, b: u32) -> u32 {
    let ge = byte_ge(a, b);
    (a & ge) | (b & !ge)
}

/// The sum of the bytes (under 256 in all).
#[inline]
pub(super) fn byte_sum(v: u32) -> u32 {
    v.wrapping_mul(0x0101_0101) >> 24
}

/// Hand-made positions for the bounds' unit tests.
#[cfg(test)]
pub(crate) mod test_util {
    use super::*;
    use crate::table::Table;
    use preferans::trick::TALON_OWNER;

    /// Misère bounds on hand-made positions: target (the declarer) is position 0.
    pub(crate) fn with_search<R>(hands: [&str; 3], f: impl FnOnce(&Search) -> R) -> R {
        with_contract(hands, None, f)
    }

    /// Hand-made positions with position 0 the target: a trick contract in `trump`, or misère
    /// when `None`.
    pub(super) fn with_contract<R>(
        hands: [&str; 3],
        trump: Option<preferans::Suit>,
        f: impl FnOnce(&Search) -> R,
    ) -> R {
        with_contract_mut(hands, trump, |s| f(s))
    }

    /// [`with_contract`], the search mutable (to change the hands).
    pub(super) fn with_contract_mut<R>(
        hands: [&str; 3],
        trump: Option<preferans::Suit>,
        f: impl FnOnce(&mut Search) -> R,
    ) -> R {
        let bits = hands.map(|h| h.parse::<CardSet>().expect("cards").bits());
        with_game_mut(bits, trump, trump.is_some(), f)
    }

    /// Position 0 the target of a trick contract in `trump` (`maximize`), or of misère; the
    /// hands as card-set bits.
    pub(super) fn with_game_mut<R>(
        bits: [u32; 3],
        trump: Option<preferans::Suit>,
        maximize: bool,
        f: impl FnOnce(&mut Search) -> R,
    ) -> R {
        let mut table = Table::with_bytes(1 << 16);
        let mut s = Search {
            hands: bits,
            trump,
            target: 0,
            maximize,
            talon: [None, None],
            talon_first_left: 0,
            talon_pending_from: u8::MAX,
            talon_owner: TALON_OWNER,
            ctx: 0,
            tt: &mut table,
            nodes: 0,
            node_limit: u64::MAX,
            aborted: false,
            partition: true,
            trump_memo: crate::search::trump_memo(),
            sure_losses: !maximize && trump.is_none(),
            bounds: true,
        };
        f(&mut s)
    }

    /// The integration tests' soak setting (`PREF_SOAK`), shared.
    #[allow(dead_code)]
    mod soak {
        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/common/soak.rs"));
    }

    /// What a bound claims of an endgame: the target takes `least..=most` tricks, relying on
    /// the cards `mask` (top-closed per suit) — from the trick's start, or (`lead_suit`) after
    /// the leader leads any card of that suit.
    pub(super) struct Claim {
        pub lead_suit: Option<usize>,
        pub least: i8,
        pub most: i8,
        pub mask: u32,
    }

    impl Claim {
        /// What a cutoff of the null window below `beta` claims, in a position of `left`
        /// tricks: at least its value `v` when that reaches `beta`, else at most `v`.
        pub(super) fn cutoff(v: i8, beta: i8, left: u8, mask: u32, lead_suit: Option<usize>) -> Claim {
            let (least, most) = if v >= beta { (v, left as i8) } else { (0, v) };
            Claim {
                lead_suit,
                least,
                most,
                mask,
            }
        }
    }

    /// [`check_claims`] for a trick-contract bound, in no trumps and with trumps (the other
    /// suits are interchangeable with it), at every null window `beta - 1..beta` (`beta` from
    /// 1 to the tricks left): `claims(search, leader, tricks left, beta)`.
    pub(super) fn check_trick_claims(deals: usize, claims: impl Fn(&Search, u8, u8, i8) -> Vec<Claim>) -> usize {
        [None, Some(preferans::Suit::Hearts)]
            .into_iter()
            .map(|trump| {
                check_claims(trump, true, deals, 2..=6, |s, lead, k| {
                    let left = s.hands[0].count_ones() as u8;
                    if k == 0 {
                        return Vec::new();
                    }
                    claims(s, lead, left, k as i8)
                })
            })
            .sum()
    }

    /// [`check_claims`] for a misère bound returning the least and most tricks the target
    /// is said to take, and the mask.
    pub(super) fn check_bound(
        deals: usize,
        tricks: std::ops::RangeInclusive<u64>,
        bound: impl Fn(&Search, u8, usize) -> Option<(i8, i8, u32)>,
    ) -> usize {
        check_claims(None, false, deals, tricks, |s, lead, k| {
            bound(s, lead, k)
                .map(|(least, most, mask)| Claim {
                    lead_suit: None,
                    least,
                    most,
                    mask,
                })
                .into_iter()
                .collect()
        })
    }

    /// Seeded random endgames (`tricks` tricks) with a random hand to lead, in misère
    /// (`maximize` false, no trumps) or a trick contract in `trump`: each claim of a bound
    /// (`claims`, asked for every `k` in `0..=tricks`) is checked against exact search, in
    /// the position and in one its mask says it stands for (the cards outside the mask dealt
    /// again among the same hands, in the same numbers per suit). The reference search runs
    /// without any bound, so that an unsound bound cannot vouch for itself (with the bounds
    /// on, a bound that claimed too much made the reference claim it too). (The whole-search
    /// differential tests let an unsound count of forced wins, or a mask too small, pass;
    /// this catches them.) Returns the number of claims checked.
    pub(super) fn check_claims(
        trump: Option<preferans::Suit>,
        maximize: bool,
        deals: usize,
        tricks: std::ops::RangeInclusive<u64>,
        claims: impl Fn(&Search, u8, usize) -> Vec<Claim>,
    ) -> usize {
        use preferans::trick::Trick;
        // `PREF_SOAK=MULT[,OFFSET]`: MULT times the endgames, from another seed.
        let (mult, offset) = soak::soak();
        let deals = deals * mult as usize;
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15 ^ offset;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        // The target's tricks from the trick's start, or after `lead` leads `card`.
        let takes = |bits: [u32; 3], lead: u8, n: usize, card: Option<preferans::Card>| {
            with_game_mut(bits, trump, maximize, |s| {
                s.bounds = false;
                let mut trick = Trick::new();
                let mut to_play = lead;
                if let Some(c) = card {
                    s.hands[lead as usize] &= !(1u32 << c.index());
                    trick.push(lead, c);
                    to_play = (lead + 1) % 3;
                }
                s.exact(trick, to_play, n as u8, 0)
            })
        };
        let check = |bits: [u32; 3], lead: u8, n: usize, claim: &Claim, what: &str| {
            let cards: Vec<Option<preferans::Card>> = match claim.lead_suit {
                None => vec![None],
                Some(suit) => CardSet::from_bits(bits[lead as usize] & 0xff << (suit * 8))
                    .iter()
                    .map(Some)
                    .collect(),
            };
            for card in cards {
                let t = takes(bits, lead, n, card);
                let hands = bits.map(|b| CardSet::from_bits(b).to_string());
                assert!(
                    (claim.least..=claim.most).contains(&t),
                    "{what} {hands:?}, hand {lead} leads (card {card:?}): {}..={} with mask {:#x}, takes {t}",
                    claim.least,
                    claim.most,
                    claim.mask
                );
            }
        };
        let mut answered = 0;
        for deal in 0..deals {
            let n = (tricks.start() + next() % (tricks.end() - tricks.start() + 1)) as usize;
            // Every other endgame is dealt from as few suits as hold its cards (two at
            // least): long suits shared by all three hands, where the bounds' counts
            // interact most.
            let suits = if deal % 2 == 0 {
                4
            } else {
                (3 * n).div_ceil(8).max(2) + (next() % 2) as usize
            }
            .min(4);
            let first_suit = (next() % 4) as u32;
            let mut deck: Vec<u32> = (0..suits as u32)
                .flat_map(|k| ((first_suit + k) % 4 * 8..).take(8))
                .collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let lead = (next() % 3) as u8;
            let mut bits = [0u32; 3];
            for (h, b) in bits.iter_mut().enumerate() {
                *b = deck[h * n..h * n + n].iter().fold(0, |acc, &i| acc | 1 << i);
            }
            for k in 0..=n {
                for claim in with_game_mut(bits, trump, maximize, |s| claims(s, lead, k)) {
                    answered += 1;
                    check(bits, lead, n, &claim, "");
                    let matched = redeal(bits, claim.mask, &mut next);
                    let original = bits.map(|b| CardSet::from_bits(b).to_string());
                    check(matched, lead, n, &claim, &format!("matching {original:?}:"));
                }
            }
        }
        answered
    }

    /// The hands `bits` with the cards in play outside `mask` dealt again among the same
    /// hands, in the same numbers per suit (`next` draws the shuffle): a position the mask
    /// says a claim stands for.
    fn redeal(bits: [u32; 3], mask: u32, next: &mut impl FnMut() -> u64) -> [u32; 3] {
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
        matched
    }

    /// Cards of suit `suit` from rank index `rank` up.
    pub(super) fn at(suit: usize, rank: u32) -> u32 {
        crate::key::at_or_above(suit, rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_helpers() {
        assert_eq!(smear_up(0x0000_1004), 0x0000_f0fc);
        assert_eq!(byte_any(0x8000_0100), 0xff00_ff00);
        assert_eq!(byte_any(0), 0);
    }
}
