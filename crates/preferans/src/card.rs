//! Suits, ranks and cards (RULES.md R1) with their text notation (R2).

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;

/// A suit. The order is the Russian ladder order of A1: spades < clubs < diamonds < hearts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♣
    Clubs = 1,
    /// ♦
    Diamonds = 2,
    /// ♥
    Hearts = 3,
}

impl Suit {
    /// All suits in ladder order (A1).
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Clubs, Suit::Diamonds, Suit::Hearts];

    /// 0..4 in ladder order.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with the given index (0..4).
    #[inline]
    pub const fn from_index(i: usize) -> Suit {
        // A match, not a table lookup: it compiles to the identity.
        match i & 3 {
            0 => Suit::Spades,
            1 => Suit::Clubs,
            2 => Suit::Diamonds,
            _ => Suit::Hearts,
        }
    }

    /// The R2 letter: `S C D H`.
    pub const fn letter(self) -> char {
        ['S', 'C', 'D', 'H'][self as usize]
    }

    /// The suit symbol `♠ ♣ ♦ ♥`.
    pub const fn symbol(self) -> char {
        ['♠', '♣', '♦', '♥'][self as usize]
    }

    /// English name, lower case.
    pub const fn name(self) -> &'static str {
        ["spades", "clubs", "diamonds", "hearts"][self as usize]
    }

    /// Parses one suit character: `S C D H` (either case) or `♠ ♣ ♦ ♥` (also the white forms).
    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'S' | 's' | '♠' | '♤' => Suit::Spades,
            'C' | 'c' | '♣' | '♧' => Suit::Clubs,
            'D' | 'd' | '♦' | '♢' => Suit::Diamonds,
            'H' | 'h' | '♥' | '♡' => Suit::Hearts,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank, 7 (lowest) to ace (highest) (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    /// 7
    Seven = 0,
    /// 8
    Eight = 1,
    /// 9
    Nine = 2,
    /// 10
    Ten = 3,
    /// Jack
    Jack = 4,
    /// Queen
    Queen = 5,
    /// King
    King = 6,
    /// Ace
    Ace = 7,
}

impl Rank {
    /// All ranks, low to high.
    pub const ALL: [Rank; 8] = [
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// 0..8, low to high.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with the given index (0..8).
    #[inline]
    pub const fn from_index(i: usize) -> Rank {
        // A match, not a table lookup: it compiles to the identity.
        match i & 7 {
            0 => Rank::Seven,
            1 => Rank::Eight,
            2 => Rank::Nine,
            3 => Rank::Ten,
            4 => Rank::Jack,
            5 => Rank::Queen,
            6 => Rank::King,
            _ => Rank::Ace,
        }
    }

    /// The R2 character: `7 8 9 T J Q K A`.
    pub const fn letter(self) -> char {
        ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'][self as usize]
    }

    /// The rank as players write it: `7 8 9 10 J Q K A`.
    pub const fn text(self) -> &'static str {
        ["7", "8", "9", "10", "J", "Q", "K", "A"][self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the 32 cards: `suit * 8 + rank`, so cards of a suit are contiguous and
/// [`CardSet`](crate::CardSet) can keep one byte per suit.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// Builds a card.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) * 8 + rank as u8)
    }

    /// The card with index 0..32; `None` outside that range.
    #[inline]
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 32 {
            Some(Card(i))
        } else {
            None
        }
    }

    /// The index 0..32 (`suit * 8 + rank`).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        Suit::from_index((self.0 >> 3) as usize)
    }

    /// The card's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank::from_index((self.0 & 7) as usize)
    }

    /// All 32 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..32).map(Card)
    }

    /// Text with a suit symbol instead of a letter and a ten as `10`, e.g. `A♠`, `10♥`.
    pub fn symbol_text(self) -> String {
        format!("{}{}", self.rank().text(), self.suit().symbol())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().letter(), self.suit().letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;

    /// R2: rank `7 8 9 T J Q K A` (also `10` and lower case) then suit `S C D H` or a symbol.
    fn from_str(s: &str) -> Result<Card, ParseError> {
        let bad = || {
            let q = crate::error::quoted(s, 12);
            ParseError::new(format!("'{q}' is not a card (expected e.g. AS, TD, 10H, 7♥)"))
        };
        let t = s.trim();
        let (rank_text, suit_char) = {
            let mut chars = t.chars();
            let last = chars.next_back().ok_or_else(bad)?;
            (chars.as_str(), last)
        };
        let rank = match rank_text {
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "T" | "t" | "10" => Rank::Ten,
            "J" | "j" => Rank::Jack,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            "A" | "a" => Rank::Ace,
            _ => return Err(bad()),
        };
        let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
        Ok(Card::new(suit, rank))
    }
}

crate::serde_via_text!(Card);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_every_card_round_trips_through_text() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(c.symbol_text().parse::<Card>().unwrap(), c);
        }
    }

    #[test]
    fn r2_accepts_ten_as_10_and_symbols() {
        assert_eq!("10H".parse::<Card>().unwrap(), Card::new(Suit::Hearts, Rank::Ten));
        assert_eq!("TD".parse::<Card>().unwrap().to_string(), "TD");
        assert_eq!("a♠".parse::<Card>().unwrap().to_string(), "AS");
        assert!("1H".parse::<Card>().is_err());
        assert!("6S".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
        assert!("AX".parse::<Card>().is_err());
    }

    #[test]
    fn r1_ranks_order_ace_high() {
        assert!(Rank::Ace > Rank::King && Rank::Eight > Rank::Seven);
        assert_eq!(Card::all().count(), 32);
    }
}
