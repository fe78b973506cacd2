//! Position keys by relative ranks (DDS): per suit, the number of cards still out and which
//! hand holds each of them in rank order. Positions that differ only in which cards were
//! played earlier (so that, say, the king is now the top spade) share a key.

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

/// The relative-rank key of three hands (raw card-set bits), plus `extra` (leader and search
/// context) in the top bits. Suits that play the same role are interchangeable, so their
/// patterns are sorted: all four in no trumps, misère and all-pass; the three side suits when
/// `trump` is set (its pattern comes first).
#[inline]
pub fn relative_key(hands: [u32; 3], extra: u32, trump: Option<usize>) -> u128 {
    let mut parts = [0u32; 4];
    for (suit, part) in parts.iter_mut().enumerate() {
        let shift = suit * 8;
        let b0 = ((hands[0] >> shift) & 0xff) as usize;
        let b1 = ((hands[1] >> shift) & 0xff) as usize;
        let all = b0 | b1 | ((hands[2] >> shift) & 0xff) as usize;
        *part = all.count_ones() | (u32::from(PEXT8[all][b0]) << 4) | (u32::from(PEXT8[all][b1]) << 12);
    }
    let first = match trump {
        Some(t) => {
            parts.swap(0, t & 3);
            parts[1..].sort_unstable();
            parts[0]
        }
        None => {
            parts.sort_unstable();
            parts[0]
        }
    };
    let mut key: u128 = u128::from(extra) << 80 | u128::from(first);
    for (i, p) in parts.iter().enumerate().skip(1) {
        key |= u128::from(*p) << (i * 20);
    }
    key
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
    fn relative_key_ignores_played_cards() {
        // Spades: hand 0 has A, hand 1 has Q, hand 2 has 7 — versus hand 0 K, hand 1 J, hand 2 8
        // once the A and Q... (same relative order: 0 above 1 above 2).
        let a = [0b1000_0000, 0b0010_0000, 0b0000_0001];
        let b = [0b0100_0000, 0b0001_0000, 0b0000_0010];
        assert_eq!(relative_key(a, 0, None), relative_key(b, 0, None));
        let c = [0b0001_0000, 0b0100_0000, 0b0000_0010];
        assert_ne!(relative_key(a, 0, None), relative_key(c, 0, None));
        assert_ne!(relative_key(a, 1, None), relative_key(a, 0, None));
    }

    #[test]
    fn interchangeable_suits_share_a_key() {
        // The same pattern in spades or in hearts.
        let s = [0b1000_0000, 0b0010_0000, 0b0000_0001];
        let h = s.map(|x: u32| x << 24);
        assert_eq!(relative_key(s, 0, None), relative_key(h, 0, None));
        assert_eq!(relative_key(s, 0, Some(2)), relative_key(h, 0, Some(2)));
        assert_ne!(
            relative_key(s, 0, Some(0)),
            relative_key(h, 0, Some(0)),
            "the trump suit is special"
        );
    }
}
