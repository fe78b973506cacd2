//! Position keys for partition search (DDS's "relevant ranks"). A trick-boundary position is
//! split into its *shape* — which hand holds how many cards of each suit, the hand to lead and
//! the search context — and its *pattern*: per suit, which hand holds each card still in play,
//! in rank order (relative ranks: positions that differ only in which cards were played
//! earlier share a pattern). A table entry keeps the shape and only the top few relative ranks
//! of each suit that its result depended on; it answers every position of that shape that
//! agrees on those ranks.
//!
//! Suits that play the same role are interchangeable, so they are put in a canonical order
//! (slots): all four in no trumps, misère and all-pass; the three side suits when there are
//! trumps (the trump suit is slot 0).

/// `PEXT8[mask][x]`: the bits of `x` at the set positions of `mask`, packed to the bottom.
static PEXT8: [[u8; 256]; 256] = build_pext();

const fn build_pext() -> [[u8; 256]; 256] {
    let mut t = [[0u8; 256]; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut x = 0;
        while x < 256 {
            let mut out = 0u8;
            let mut k = 0;
            let mut bit = 0;
            while bit < 8 {
                if mask & (1 << bit) != 0 {
                    if x & (1 << bit) != 0 {
                        out |= 1 << k;
                    }
                    k += 1;
                }
                bit += 1;
            }
            t[mask][x] = out;
            x += 1;
        }
        mask += 1;
    }
    t
}

/// `NTH_HIGHEST[bits][r]`: the rank index of the `r`-th highest set bit of `bits` (r ≥ 1; 8 if
/// there are fewer than `r`, which selects no card).
static NTH_HIGHEST: [[u8; 9]; 256] = build_nth_highest();

const fn build_nth_highest() -> [[u8; 9]; 256] {
    let mut t = [[8u8; 9]; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut r = 1;
        let mut rank = 8;
        while rank > 0 {
            rank -= 1;
            if bits & (1 << rank) != 0 {
                t[bits][r] = rank as u8;
                r += 1;
            }
        }
        bits += 1;
    }
    t
}

/// A trick-boundary position in canonical suit order.
#[derive(Clone, Copy, Debug)]
pub struct Canon {
    /// Per slot, 12 bits: the lengths of hands 0, 1 and 2 (4 bits each), slot 0 lowest.
    pub shape: u64,
    /// Per slot, 16 bits: hand 0's relative-rank bits, then hand 1's (hand 2 holds the rest).
    pub pattern: u64,
    /// The suit (index) in each slot.
    pub suit_of_slot: [u8; 4],
    /// Cards still in play in each slot.
    pub count: [u8; 4],
}

/// The canonical form of three hands (raw card-set bits); `trump` is the trump suit's index.
#[inline]
pub fn canon(hands: [u32; 3], trump: Option<usize>) -> Canon {
    // Sort value per suit: lengths, then pattern (ties in shape are then ordered the same way
    // in equal positions); the suit index rides in the low bits.
    let mut parts = [0u64; 4];
    for (suit, part) in parts.iter_mut().enumerate() {
        let shift = suit * 8;
        let b0 = ((hands[0] >> shift) & 0xff) as usize;
        let b1 = ((hands[1] >> shift) & 0xff) as usize;
        let b2 = ((hands[2] >> shift) & 0xff) as usize;
        let all = b0 | b1 | b2;
        let lengths = (b0.count_ones() << 8 | b1.count_ones() << 4 | b2.count_ones()) as u64;
        let pattern = u64::from(PEXT8[all][b0]) | u64::from(PEXT8[all][b1]) << 8;
        *part = lengths << 24 | pattern << 8 | suit as u64;
    }
    // Sorting networks (branch-free compare-exchanges).
    let cx = |p: &mut [u64; 4], i: usize, j: usize| {
        let (a, b) = (p[i], p[j]);
        p[i] = a.min(b);
        p[j] = a.max(b);
    };
    match trump {
        Some(t) => {
            parts.swap(0, t & 3);
            cx(&mut parts, 1, 2);
            cx(&mut parts, 2, 3);
            cx(&mut parts, 1, 2);
        }
        None => {
            cx(&mut parts, 0, 1);
            cx(&mut parts, 2, 3);
            cx(&mut parts, 0, 2);
            cx(&mut parts, 1, 3);
            cx(&mut parts, 1, 2);
        }
    }
    let mut c = Canon {
        shape: 0,
        pattern: 0,
        suit_of_slot: [0; 4],
        count: [0; 4],
    };
    for (slot, p) in parts.iter().enumerate() {
        let lengths = p >> 24;
        c.shape |= lengths << (slot * 12);
        c.pattern |= ((p >> 8) & 0xffff) << (slot * 16);
        c.suit_of_slot[slot] = (p & 0xff) as u8;
        c.count[slot] = ((lengths >> 8) + ((lengths >> 4) & 0xf) + (lengths & 0xf)) as u8;
    }
    c
}

/// Cards of `suit` of rank index `rank` or higher (absolute card bits).
#[inline]
pub fn at_or_above(suit: usize, rank: u32) -> u32 {
    ((0xffu32 << rank) & 0xff) << (suit * 8)
}

impl Canon {
    /// The pattern mask (both hands' bytes) of the relevant relative ranks of each slot: the
    /// relevant cards in play, from an absolute relevance mask (top-closed per suit).
    #[inline]
    pub fn pattern_mask(&self, relevant: u32, in_play: u32) -> u64 {
        let relevant = relevant & in_play;
        let mut mask = 0u64;
        for slot in 0..4 {
            let shift = u32::from(self.suit_of_slot[slot]) * 8;
            let n = u32::from(self.count[slot]);
            let r = ((relevant >> shift) & 0xff).count_ones().min(n);
            let byte = (((1u32 << r) - 1) << (n - r)) as u64;
            mask |= (byte | byte << 8) << (slot * 16);
        }
        mask
    }

    /// The absolute relevance mask (top-closed per suit) of a pattern mask, against the cards
    /// in play (`in_play`, raw bits).
    #[inline]
    pub fn relevant_of(&self, mask: u64, in_play: u32) -> u32 {
        let mut out = 0u32;
        for slot in 0..4 {
            let r = ((mask >> (slot * 16)) & 0xff).count_ones();
            if r == 0 {
                continue;
            }
            let suit = usize::from(self.suit_of_slot[slot]);
            let cards = (in_play >> (suit * 8)) & 0xff;
            out |= at_or_above(suit, u32::from(NTH_HIGHEST[cards as usize][r as usize]));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pext_packs_bits() {
        assert_eq!(PEXT8[0b1010_1010][0b1000_0010], 0b1001);
        assert_eq!(PEXT8[0xff][0x5a], 0x5a);
        assert_eq!(PEXT8[0][0xff], 0);
    }

    #[test]
    fn canon_ignores_played_cards() {
        // Spades: hand 0 A, hand 1 Q, hand 2 7 — and hand 0 K, hand 1 J, hand 2 8: the same
        // relative order.
        let a = [0b1000_0000, 0b0010_0000, 0b0000_0001];
        let b = [0b0100_0000, 0b0001_0000, 0b0000_0010];
        let (ca, cb) = (canon(a, None), canon(b, None));
        assert_eq!((ca.shape, ca.pattern), (cb.shape, cb.pattern));
        let c = [0b0001_0000, 0b0100_0000, 0b0000_0010];
        assert_ne!(canon(c, None).pattern, ca.pattern);
    }

    #[test]
    fn interchangeable_suits_share_a_key() {
        let s = [0b1000_0000, 0b0010_0000, 0b0000_0001];
        let h = s.map(|x: u32| x << 24);
        let key = |c: Canon| (c.shape, c.pattern);
        assert_eq!(key(canon(s, None)), key(canon(h, None)));
        assert_eq!(key(canon(s, Some(2))), key(canon(h, Some(2))));
        assert_ne!(
            key(canon(s, Some(0))),
            key(canon(h, Some(0))),
            "the trump suit is special"
        );
    }

    #[test]
    fn masks_round_trip() {
        // Spades in play: A (hand 0), Q (hand 1), 9 (hand 2), 7 (hand 0).
        let hands = [0b1000_0001, 0b0010_0000, 0b0000_0100];
        let c = canon(hands, Some(0));
        let in_play = hands[0] | hands[1] | hands[2];
        // Relevant: spades from the queen up (the ace and the queen in play).
        let relevant = at_or_above(0, 5);
        let mask = c.pattern_mask(relevant, in_play);
        assert_eq!(mask & 0xffff, 0b1100 | 0b1100 << 8);
        assert_eq!(c.relevant_of(mask, in_play), at_or_above(0, 5));
        assert_eq!(c.relevant_of(0, in_play), 0);
    }
}
