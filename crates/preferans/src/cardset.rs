//! `CardSet`: a set of cards as a `u32` bitset, one byte per suit (bit = rank index).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};
use std::str::FromStr;

use crate::card::{Card, Rank, Suit};
use crate::error::ParseError;

/// `SELECT8[byte][k]`: the position of the `k`-th set bit of `byte` (0-based, lowest first;
/// 0 when it has fewer).
static SELECT8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                t[byte][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    t
};

/// The position of the `k`-th set bit of `x` (0-based, lowest first), if `x` has more than
/// `k` set bits. Without a loop over the bits: a random `k` (a simulation's random card or
/// bid) would make its exit a branch the processor cannot predict.
#[inline]
pub(crate) fn select_bit(x: u32, k: u32) -> Option<u32> {
    if k >= x.count_ones() {
        return None;
    }
    // Which half, then which byte of it, then the bit within the byte.
    let low = (x & 0xffff).count_ones();
    let up = k >= low;
    let mut shift = std::hint::select_unpredictable(up, 16, 0);
    let mut k = k - std::hint::select_unpredictable(up, low, 0);
    let low = ((x >> shift) & 0xff).count_ones();
    let up = k >= low;
    shift += std::hint::select_unpredictable(up, 8, 0);
    k -= std::hint::select_unpredictable(up, low, 0);
    Some(shift + u32::from(SELECT8[((x >> shift) & 0xff) as usize][(k & 7) as usize]))
}

/// A set of cards. Bit `suit * 8 + rank` is set when the card is in the set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(u32);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 32 cards.
    pub const FULL: CardSet = CardSet(u32::MAX);

    /// A set from its raw bits.
    #[inline]
    pub const fn from_bits(bits: u32) -> CardSet {
        CardSet(bits)
    }

    /// The raw bits.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// All cards of one suit.
    #[inline]
    pub const fn suit_mask(suit: Suit) -> CardSet {
        CardSet(0xff << (suit as u32 * 8))
    }

    /// The set holding one card.
    #[inline]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.index())
    }

    /// Number of cards.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when no card is in the set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `card` is in the set.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// True when every card of `other` is in `self`.
    #[inline]
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Adds a card; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, card: Card) -> bool {
        let was = self.contains(card);
        self.0 |= 1 << card.index();
        !was
    }

    /// Removes a card; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let was = self.contains(card);
        self.0 &= !(1 << card.index());
        was
    }

    /// The cards of one suit in this set.
    #[inline]
    pub const fn in_suit(self, suit: Suit) -> CardSet {
        CardSet(self.0 & (0xff << (suit as u32 * 8)))
    }

    /// Number of cards of a suit.
    #[inline]
    pub const fn count_in(self, suit: Suit) -> u32 {
        self.in_suit(suit).len()
    }

    /// The lowest card (by index), if any.
    #[inline]
    pub const fn first(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// The highest card (by index), if any.
    #[inline]
    pub const fn last(self) -> Option<Card> {
        if self.0 == 0 {
            None
        } else {
            Card::from_index(31 - self.0.leading_zeros() as u8)
        }
    }

    /// The `n`-th card by index order (0-based), if the set has that many.
    #[inline]
    pub fn nth(self, n: u32) -> Option<Card> {
        select_bit(self.0, n).and_then(|i| Card::from_index(i as u8))
    }

    /// Iterates the cards in index order (spades 7 first, hearts ace last).
    #[inline]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The cards in display order: suits S C D H, each from ace down.
    pub fn display_order(self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.len() as usize);
        for suit in Suit::ALL {
            for rank in Rank::ALL.iter().rev() {
                let c = Card::new(suit, *rank);
                if self.contains(c) {
                    v.push(c);
                }
            }
        }
        v
    }

    /// Text with suit symbols, grouped by suit, ranks as a card reads them (`10`, not `T`),
    /// e.g. `♠A K 7  ♥10 8`.
    pub fn symbol_text(self) -> String {
        let mut parts = Vec::new();
        for suit in Suit::ALL {
            let s = self.in_suit(suit);
            if s.is_empty() {
                continue;
            }
            let ranks: Vec<&str> = s.display_order().iter().map(|c| c.rank().text()).collect();
            parts.push(format!("{}{}", suit.symbol(), ranks.join(" ")));
        }
        if parts.is_empty() {
            "-".to_string()
        } else {
            parts.join("  ")
        }
    }
}

/// Iterator over a [`CardSet`].
#[derive(Clone, Debug)]
pub struct CardSetIter(u32);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Card::from_index(i)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}
impl BitOrAssign for CardSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    #[inline]
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}
impl BitAndAssign for CardSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    #[inline]
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}
impl Not for CardSet {
    type Output = CardSet;
    #[inline]
    fn not(self) -> CardSet {
        CardSet(!self.0)
    }
}

impl fmt::Display for CardSet {
    /// Space-separated cards in display order (`AS KS 7H`); `-` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "-");
        }
        let mut first = true;
        for c in self.display_order() {
            if !first {
                write!(f, " ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet[{self}]")
    }
}

impl FromStr for CardSet {
    type Err = ParseError;

    /// Cards separated by spaces or commas (`AS KS 7H`); `-` or an empty string is the empty
    /// set. A repeated card is an error.
    fn from_str(s: &str) -> Result<CardSet, ParseError> {
        let mut set = CardSet::EMPTY;
        let t = s.trim();
        if t.is_empty() || t == "-" {
            return Ok(set);
        }
        for word in t
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
        {
            let card: Card = word.parse()?;
            if !set.insert(card) {
                // A long text is quoted in short: the card at fault is named anyway.
                let quoted = crate::error::quoted(t, 60);
                return Err(ParseError::new(format!("card {card} appears twice in '{quoted}'")));
            }
        }
        Ok(set)
    }
}

crate::serde_via_text!(CardSet);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn r2_cardset_text_round_trips(bits in any::<u32>()) {
            let set = CardSet::from_bits(bits);
            prop_assert_eq!(set.to_string().parse::<CardSet>().unwrap(), set);
            prop_assert_eq!(set.iter().count() as u32, set.len());
            prop_assert_eq!(set.iter().collect::<CardSet>(), set);
        }
    }

    #[test]
    fn r2_cardset_parse_rejects_duplicates_and_garbage() {
        assert!("AS AS".parse::<CardSet>().is_err());
        assert!("AS XX".parse::<CardSet>().is_err());
        assert_eq!("-".parse::<CardSet>().unwrap(), CardSet::EMPTY);
        assert_eq!("7h, 10h".parse::<CardSet>().unwrap().to_string(), "TH 7H");
    }

    #[test]
    fn suit_masks_and_nth() {
        let s: CardSet = "AS 7C 8C KH".parse().unwrap();
        assert_eq!(s.count_in(Suit::Clubs), 2);
        assert_eq!(s.nth(0).unwrap().to_string(), "AS");
        assert_eq!(s.nth(3).unwrap().to_string(), "KH");
        assert_eq!(s.nth(4), None);
        assert_eq!(s.symbol_text(), "♠A  ♣8 7  ♥K");
    }

    #[test]
    fn select_bit_finds_the_kth_set_bit() {
        // Against the plain loop, on sparse, dense and random-looking words.
        let mut x = 0x9e37_79b9u32;
        let mut words = vec![0, 1, 0x8000_0000, u32::MAX, 0x00ff_0000, 0x0101_0101];
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            words.push(x);
            words.push(x & x.rotate_left(7));
        }
        for w in words {
            let mut bits = w;
            for k in 0..33 {
                let want = (bits != 0).then(|| bits.trailing_zeros());
                assert_eq!(select_bit(w, k), want, "{w:#x} {k}");
                bits &= bits.wrapping_sub(1);
            }
        }
    }
}
