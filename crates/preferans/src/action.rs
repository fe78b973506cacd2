//! Actions: everything a seat can do in a hand, with a one-line text form used by records,
//! the CLI and the UIs (`bid 7H`, `pass`, `discard 7S 8D`, `play AS`, …).

use std::fmt;
use std::str::FromStr;

use crate::bid::Bid;
use crate::card::Card;
use crate::error::ParseError;
use crate::Seat;

/// One action of a hand. The same enum serves every game of the family; a game's hand state
/// machine offers only the variants its rules use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Action {
    /// Bid (A2), or hold by bidding equal to the highest bid (A3).
    Bid(Bid),
    /// Pass: in the auction (A2), in the whist round (W2), or the F3 dealer declining to whist.
    Pass,
    /// Take the talon (only asked when `talon_push` is on, F3).
    TakeTalon,
    /// Push the talon to the sitting-out dealer instead of taking it (F3 `talon_push`).
    PushTalon,
    /// Discard two cards face down (T1). The lower-index card comes first.
    Discard(Card, Card),
    /// Declare the contract (T2).
    Declare(Bid),
    /// Whist (W2), or the F3 dealer whisting in a defender's place.
    Whist,
    /// Half-whist (W2).
    HalfWhist,
    /// The F3 dealer looks at this defender's hand before deciding to whist.
    Look(Seat),
    /// The single whister plays open: both defenders' hands face up (W4).
    Open,
    /// The single whister plays closed (W4).
    Closed,
    /// Play a card to the trick (P1, R6).
    Play(Card),
    /// Offer that the offering side takes this many of the remaining tricks (P3).
    Offer(u8),
    /// Accept the pending offer (P3).
    Accept,
    /// Refuse the pending offer (P3).
    Refuse,
}

impl Action {
    /// A discard with its two cards in canonical order (lower index first).
    pub fn discard(a: Card, b: Card) -> Action {
        if a.index() <= b.index() {
            Action::Discard(a, b)
        } else {
            Action::Discard(b, a)
        }
    }

    /// Text with suit symbols, for people.
    pub fn symbol_text(self) -> String {
        match self {
            Action::Bid(b) => b.symbol_text(),
            Action::Declare(b) => format!("declare {}", b.symbol_text()),
            Action::Discard(a, b) => format!("discard {} {}", a.symbol_text(), b.symbol_text()),
            Action::Play(c) => c.symbol_text(),
            other => other.to_string(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(b) => write!(f, "bid {b}"),
            Action::Pass => write!(f, "pass"),
            Action::TakeTalon => write!(f, "take"),
            Action::PushTalon => write!(f, "push"),
            Action::Discard(a, b) => write!(f, "discard {a} {b}"),
            Action::Declare(b) => write!(f, "declare {b}"),
            Action::Whist => write!(f, "whist"),
            Action::HalfWhist => write!(f, "half-whist"),
            Action::Look(s) => write!(f, "look {s}"),
            Action::Open => write!(f, "open"),
            Action::Closed => write!(f, "closed"),
            Action::Play(c) => write!(f, "play {c}"),
            Action::Offer(n) => write!(f, "offer {n}"),
            Action::Accept => write!(f, "accept"),
            Action::Refuse => write!(f, "refuse"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    /// The forms written by `Display`; also `half` for `half-whist`, `here` is not accepted
    /// (a hold is written as the bid it equals).
    fn from_str(s: &str) -> Result<Action, ParseError> {
        let t = s.trim();
        let mut words = t.split_whitespace();
        let verb = words.next().unwrap_or("").to_lowercase();
        let args: Vec<&str> = words.collect();
        // Every refusal quotes the text once (at most 40 characters of it) and says why; a
        // card's or a bid's own error is the why.
        let quoted = crate::error::quoted(t, 40);
        let bad = |why: &str| ParseError::new(format!("'{quoted}' is not an action: {why}"));
        let card = |x: &str| x.parse::<Card>().map_err(|e| bad(&e.to_string()));
        let bid = |x: &str| x.parse::<Bid>().map_err(|e| bad(&e.to_string()));
        let no_args = |a: Action| {
            if args.is_empty() {
                Ok(a)
            } else {
                Err(bad("unexpected words after the verb"))
            }
        };
        let one_arg = || -> Result<&str, ParseError> {
            match args.as_slice() {
                [x] => Ok(*x),
                _ => Err(bad("expected exactly one argument")),
            }
        };
        match verb.as_str() {
            "bid" => Ok(Action::Bid(bid(one_arg()?)?)),
            "pass" => no_args(Action::Pass),
            "take" => no_args(Action::TakeTalon),
            "push" => no_args(Action::PushTalon),
            "discard" => match args.as_slice() {
                [a, b] => {
                    let (a, b) = (card(a)?, card(b)?);
                    if a == b {
                        return Err(bad("the two discarded cards must differ"));
                    }
                    Ok(Action::discard(a, b))
                }
                _ => Err(bad("expected two cards, e.g. 'discard 7S 8D'")),
            },
            "declare" => Ok(Action::Declare(bid(one_arg()?)?)),
            "whist" => no_args(Action::Whist),
            "half-whist" | "half" => no_args(Action::HalfWhist),
            "look" => one_arg()?
                .parse::<Seat>()
                .map(Action::Look)
                .map_err(|_| bad("expected a seat number")),
            "open" => no_args(Action::Open),
            "closed" => no_args(Action::Closed),
            "play" => Ok(Action::Play(card(one_arg()?)?)),
            "offer" => one_arg()?
                .parse::<u8>()
                .ok()
                .filter(|n| *n <= 10)
                .map(Action::Offer)
                .ok_or_else(|| bad("expected a number of tricks from 0 to 10")),
            "accept" => no_args(Action::Accept),
            "refuse" => no_args(Action::Refuse),
            "" => Err(bad("empty")),
            _ => Err(bad("unknown verb (bid, pass, take, push, discard, declare, whist, half-whist, look, open, closed, play, offer, accept, refuse)")),
        }
    }
}

crate::serde_via_text!(Action);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_text_round_trips() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let all = [
            Action::Bid("7NT".parse().unwrap()),
            Action::Bid(Bid::Misere),
            Action::Pass,
            Action::TakeTalon,
            Action::PushTalon,
            Action::discard(c("8D"), c("7S")),
            Action::Declare("10H".parse().unwrap()),
            Action::Whist,
            Action::HalfWhist,
            Action::Look(2),
            Action::Open,
            Action::Closed,
            Action::Play(c("TH")),
            Action::Offer(3),
            Action::Accept,
            Action::Refuse,
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<Action>().unwrap(), a, "{a}");
        }
        assert!("discard 7S 7S".parse::<Action>().is_err());
        assert!("play".parse::<Action>().is_err());
        assert!("pass now".parse::<Action>().is_err());
        assert!("offer 11".parse::<Action>().is_err());
        assert!("fold".parse::<Action>().is_err());
    }

    #[test]
    fn a_refusal_quotes_the_text_once_and_in_short() {
        let e = |t: &str| t.parse::<Action>().unwrap_err().to_string();
        assert_eq!(e(""), "'' is not an action: empty");
        assert_eq!(
            e("pass pass"),
            "'pass pass' is not an action: unexpected words after the verb"
        );
        assert_eq!(
            e("play ZZ"),
            "'play ZZ' is not an action: 'ZZ' is not a card (expected e.g. AS, TD, 10H, 7♥)"
        );
        assert!(e("bid 99").starts_with("'bid 99' is not an action: '99' is not a bid"));
        for t in [format!("play {}", "Z".repeat(3000)), "x".repeat(3000)] {
            let m = e(&t);
            assert_eq!(m.matches("is not an action").count(), 1, "{m}");
            assert!(m.chars().count() < 200, "{m}");
        }
    }
}
