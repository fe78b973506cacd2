//! Strains, bids and contracts, and the bidding ladder (RULES.md A1, P4).

use std::fmt;
use std::str::FromStr;

use crate::card::Suit;
use crate::error::ParseError;

/// A trump suit or no trumps. Ordered as on the A1 ladder: ♠ < ♣ < ♦ < ♥ < NT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Strain {
    /// Spades trump.
    Spades = 0,
    /// Clubs trump.
    Clubs = 1,
    /// Diamonds trump.
    Diamonds = 2,
    /// Hearts trump.
    Hearts = 3,
    /// No trumps.
    NoTrump = 4,
}

impl Strain {
    /// All strains in ladder order.
    pub const ALL: [Strain; 5] = [
        Strain::Spades,
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::NoTrump,
    ];

    /// The trump suit, `None` for no trumps.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Spades => Some(Suit::Spades),
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::NoTrump => None,
        }
    }

    /// Text: `S C D H NT`.
    pub const fn text(self) -> &'static str {
        ["S", "C", "D", "H", "NT"][self as usize]
    }

    /// Text with a symbol: `♠ ♣ ♦ ♥ NT`.
    pub const fn symbol(self) -> &'static str {
        ["♠", "♣", "♦", "♥", "NT"][self as usize]
    }
}

/// A bid of the Russian ladder, which is also what a declarer declares as his contract.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bid {
    /// A trick contract: `level` tricks (6..=10) in `strain`.
    Tricks {
        /// 6..=10
        level: u8,
        /// Trump or no trumps.
        strain: Strain,
    },
    /// Misère (ranks between 8NT and 9♠).
    Misere,
    /// Misère without the talon (P4, option `misere_without_talon`; between 9NT and 10♠).
    MisereNoTalon,
}

impl Bid {
    /// A trick bid; `None` unless `6 <= level <= 10`.
    pub const fn tricks(level: u8, strain: Strain) -> Option<Bid> {
        if level >= 6 && level <= 10 {
            Some(Bid::Tricks { level, strain })
        } else {
            None
        }
    }

    /// The lowest bid, 6♠.
    pub const SIX_SPADES: Bid = Bid::Tricks {
        level: 6,
        strain: Strain::Spades,
    };

    /// Position on the A1 ladder (with P4): 6♠ = 0 … 8NT = 14, misère = 15, 9♠ = 16 … 9NT = 20,
    /// misère without talon = 21, 10♠ = 22 … 10NT = 26.
    pub const fn ladder(self) -> u8 {
        match self {
            Bid::Tricks { level, strain } => {
                let base = (level - 6) * 5 + strain as u8;
                base + if level >= 9 { 1 } else { 0 } + if level >= 10 { 1 } else { 0 }
            }
            Bid::Misere => 15,
            Bid::MisereNoTalon => 21,
        }
    }

    /// The bid at a ladder position (inverse of [`Bid::ladder`]).
    pub const fn from_ladder(i: u8) -> Option<Bid> {
        match i {
            0..=14 => Some(Bid::Tricks {
                level: 6 + i / 5,
                strain: Strain::ALL[(i % 5) as usize],
            }),
            15 => Some(Bid::Misere),
            16..=20 => Some(Bid::Tricks {
                level: 9,
                strain: Strain::ALL[(i - 16) as usize],
            }),
            21 => Some(Bid::MisereNoTalon),
            22..=26 => Some(Bid::Tricks {
                level: 10,
                strain: Strain::ALL[(i - 22) as usize],
            }),
            _ => None,
        }
    }

    /// Number of ladder positions.
    pub const LADDER_LEN: u8 = 27;

    /// True for both kinds of misère.
    pub const fn is_misere(self) -> bool {
        matches!(self, Bid::Misere | Bid::MisereNoTalon)
    }

    /// Level of a trick bid (misère: `None`).
    pub const fn level(self) -> Option<u8> {
        match self {
            Bid::Tricks { level, .. } => Some(level),
            _ => None,
        }
    }

    /// The trump suit of the contract (none for NT and misère, P2).
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Bid::Tricks { strain, .. } => strain.trump(),
            _ => None,
        }
    }

    /// Text with suit symbols, e.g. `7♥`, `misère`.
    pub fn symbol_text(self) -> String {
        match self {
            Bid::Tricks { level, strain } => format!("{level}{}", strain.symbol()),
            Bid::Misere => "misère".into(),
            Bid::MisereNoTalon => "misère without talon".into(),
        }
    }
}

impl fmt::Display for Bid {
    /// `6S`, `7NT`, `misere`, `misere-nt`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bid::Tricks { level, strain } => write!(f, "{level}{}", strain.text()),
            Bid::Misere => write!(f, "misere"),
            Bid::MisereNoTalon => write!(f, "misere-nt"),
        }
    }
}

impl FromStr for Bid {
    type Err = ParseError;

    /// `6S`…`10NT` (also `6♠`, `7N`, lower case), `misere`/`mis`/`misère`, `misere-nt`.
    fn from_str(s: &str) -> Result<Bid, ParseError> {
        let t = s.trim();
        let lower = t.to_lowercase();
        match lower.as_str() {
            "misere" | "mis" | "misère" | "m" => return Ok(Bid::Misere),
            "misere-nt" | "mis-nt" | "misère-nt" | "misere-without-talon" => return Ok(Bid::MisereNoTalon),
            _ => {}
        }
        let bad = || {
            let q = crate::error::quoted(t, 12);
            ParseError::new(format!("'{q}' is not a bid (expected e.g. 6S, 7NT, 10H, misere)"))
        };
        let digits: String = lower.chars().take_while(|c| c.is_ascii_digit()).collect();
        let level: u8 = digits.parse().map_err(|_| bad())?;
        let rest = &lower[digits.len()..];
        let strain = match rest {
            "s" | "♠" => Strain::Spades,
            "c" | "♣" => Strain::Clubs,
            "d" | "♦" => Strain::Diamonds,
            "h" | "♥" => Strain::Hearts,
            "nt" | "n" | "bk" => Strain::NoTrump,
            _ => return Err(bad()),
        };
        Bid::tricks(level, strain).ok_or_else(bad)
    }
}

crate::serde_via_text!(Bid);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_ladder_order_and_round_trip() {
        let mut prev: Option<Bid> = None;
        for i in 0..Bid::LADDER_LEN {
            let b = Bid::from_ladder(i).unwrap();
            assert_eq!(b.ladder(), i);
            assert_eq!(b.to_string().parse::<Bid>().unwrap(), b);
            if let Some(p) = prev {
                assert!(p.ladder() < b.ladder());
            }
            prev = Some(b);
        }
        assert_eq!(Bid::from_ladder(27), None);
    }

    #[test]
    fn a1_misere_between_8nt_and_9s_p4_between_9nt_and_10s() {
        let b = |s: &str| s.parse::<Bid>().unwrap().ladder();
        assert!(b("8NT") < b("misere") && b("misere") < b("9S"));
        assert!(b("9NT") < b("misere-nt") && b("misere-nt") < b("10S"));
        assert!(b("6S") < b("6C") && b("6C") < b("6D") && b("6D") < b("6H") && b("6H") < b("6NT"));
        assert!(b("6NT") < b("7S"));
        assert!("5S".parse::<Bid>().is_err() && "11S".parse::<Bid>().is_err() && "6X".parse::<Bid>().is_err());
    }
}
