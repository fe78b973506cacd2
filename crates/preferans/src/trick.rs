//! Trick play: the one legality function of the whole codebase (RULES.md R6; for the other
//! games RULES-OTHER-GAMES.md O1–O4) and the trick winner. The hand state machines of every
//! game and the double-dummy solver call these; nobody else decides what may be played.

use crate::card::{Card, Suit};
use crate::cardset::CardSet;

/// What a player who does not lead must do (R6, O1–O3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Obligations {
    /// Must play a trump when void in the suit led (R6; O2 `must_trump`).
    pub must_trump: bool,
    /// Must beat the card now winning the trick when able (O3 `must_head`).
    pub must_head: bool,
}

impl Obligations {
    /// Russian Preferans (R6): follow suit, else trump, no heading.
    pub const RUSSIAN: Obligations = Obligations {
        must_trump: true,
        must_head: false,
    };
}

/// The cards of `suit` ranked above `card` (empty if `card` is of another suit).
#[inline]
pub fn higher_in_suit(card: Card) -> CardSet {
    let rank = card.rank().index() as u32;
    let within = (0xffu32 << (rank + 1)) & 0xff;
    CardSet::from_bits(within << (card.suit().index() as u32 * 8))
}

/// The cards a player holding `hand` may play. `led` is the suit led (`None` when he leads),
/// `winning` the card now winning the trick (for O3), `trump` the trump suit.
#[inline]
pub fn legal_cards(
    hand: CardSet,
    led: Option<Suit>,
    winning: Option<Card>,
    trump: Option<Suit>,
    ob: Obligations,
) -> CardSet {
    let Some(led) = led else { return hand };
    let follow = hand.in_suit(led);
    if !follow.is_empty() {
        if ob.must_head {
            if let Some(w) = winning.filter(|w| w.suit() == led) {
                let higher = follow & higher_in_suit(w);
                if !higher.is_empty() {
                    return higher;
                }
            }
        }
        return follow;
    }
    if let Some(t) = trump.filter(|_| ob.must_trump) {
        let trumps = hand.in_suit(t);
        if !trumps.is_empty() {
            if ob.must_head {
                if let Some(w) = winning.filter(|w| w.suit() == t) {
                    let higher = trumps & higher_in_suit(w);
                    if !higher.is_empty() {
                        return higher;
                    }
                }
            }
            return trumps;
        }
    }
    hand
}

/// Who put a card into a trick: a hand position (0..3), the 4-player dealer (3), or the
/// talon card that only sets the suit (X2), which can never win.
pub type Owner = u8;

/// The owner of an X2 talon card that sets the suit but cannot win.
pub const TALON_OWNER: Owner = 0xff;

/// A trick in progress or completed: up to four cards with their owners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick {
    cards: [Card; 4],
    owners: [Owner; 4],
    len: u8,
}

impl Default for Trick {
    fn default() -> Trick {
        Trick::EMPTY
    }
}

impl Trick {
    /// An empty trick (as a constant).
    pub const EMPTY: Trick = Trick {
        cards: [Card::new(Suit::Spades, crate::Rank::Seven); 4],
        owners: [0; 4],
        len: 0,
    };

    /// An empty trick.
    pub fn new() -> Trick {
        Trick::default()
    }

    /// Number of cards in the trick.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True before the first card.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds a card.
    #[inline]
    pub fn push(&mut self, owner: Owner, card: Card) {
        let i = (self.len as usize).min(3);
        self.cards[i] = card;
        self.owners[i] = owner;
        self.len += 1;
    }

    /// The `i`-th card in playing order (`i < len`).
    #[inline]
    pub fn card_at(&self, i: usize) -> Card {
        self.cards[i.min(3)]
    }

    /// Who played the `i`-th card (`i < len`).
    #[inline]
    pub fn owner_at(&self, i: usize) -> Owner {
        self.owners[i.min(3)]
    }

    /// Who played the first card (`None` before it).
    #[inline]
    pub fn first_owner(&self) -> Option<Owner> {
        (self.len > 0).then_some(self.owners[0])
    }

    /// The cards with their owners, in playing order.
    pub fn cards(&self) -> impl Iterator<Item = (Owner, Card)> + '_ {
        (0..self.len as usize).map(|i| (self.owners[i], self.cards[i]))
    }

    /// All cards of the trick as a set.
    pub fn card_set(&self) -> CardSet {
        self.cards().map(|(_, c)| c).collect()
    }

    /// The suit led: the first card's suit (for an X2 talon card, the talon card's suit).
    #[inline]
    pub fn led(&self) -> Option<Suit> {
        if self.len == 0 {
            None
        } else {
            Some(self.cards[0].suit())
        }
    }

    /// The card now winning (R6, X2), if any card can win yet: the highest trump, else the
    /// highest card of the suit led; a talon card (X2) never wins, and if no player followed
    /// its suit the eldest's card's suit counts as led.
    #[inline]
    pub fn winning_card(&self, trump: Option<Suit>) -> Option<Card> {
        let led = self.led()?;
        let talon = self.owners[0] == TALON_OWNER;
        let mut contenders = CardSet::EMPTY;
        for i in usize::from(talon)..self.len as usize {
            contenders.insert(self.cards[i]);
        }
        if let Some(t) = trump {
            if let Some(c) = contenders.in_suit(t).last() {
                return Some(c);
            }
        }
        if let Some(c) = contenders.in_suit(led).last() {
            return Some(c);
        }
        if talon && self.len > 1 {
            return contenders.in_suit(self.cards[1].suit()).last();
        }
        None
    }

    /// Index (in playing order) of the card now winning.
    pub fn winning_index(&self, trump: Option<Suit>) -> Option<usize> {
        if self.len > 0 && self.owners[0] != TALON_OWNER {
            return Some(self.plain_winning_index(trump));
        }
        let w = self.winning_card(trump)?;
        (0..self.len as usize).find(|&i| self.cards[i] == w)
    }

    /// The winning index of a trick led by a player (R6): each card that beats the best so
    /// far takes its place. (A talon-led trick, X2, needs `winning_card`'s rule.)
    #[inline]
    fn plain_winning_index(&self, trump: Option<Suit>) -> usize {
        let mut best = 0;
        for i in 1..(self.len as usize).min(4) {
            if beats(self.cards[i], self.cards[best], trump) {
                best = i;
            }
        }
        best
    }

    /// The owner of the card now winning.
    #[inline]
    pub fn winner(&self, trump: Option<Suit>) -> Option<Owner> {
        if self.len > 0 && self.owners[0] != TALON_OWNER {
            return Some(self.owners[self.plain_winning_index(trump)]);
        }
        let w = self.winning_card(trump)?;
        (0..self.len as usize)
            .find(|&i| self.cards[i] == w)
            .map(|i| self.owners[i])
    }
}

/// Whether `card` beats `best` (the current winner, of the suit led or a trump).
#[inline]
pub fn beats(card: Card, best: Card, trump: Option<Suit>) -> bool {
    // On card indices (suit × 8 + rank): the solver calls this for every card it plays.
    let (c, b) = (card.index(), best.index());
    if (c ^ b) < 8 {
        // The same suit: the higher rank.
        c > b
    } else {
        trump.is_some_and(|t| usize::from(c >> 3) == t.index())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }
    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn r6_the_quick_winner_agrees_with_the_rule_on_every_trick() {
        // Every trick of three cards, under every trump: the winner found by `beats` card by
        // card (the fast path of `winner` and `winning_index`) is the card R6 names
        // (`winning_card`: the highest trump, else the highest card of the suit led).
        let cards: Vec<Card> = CardSet::FULL.iter().collect();
        let trumps = [
            None,
            Some(Suit::Spades),
            Some(Suit::Clubs),
            Some(Suit::Diamonds),
            Some(Suit::Hearts),
        ];
        for &a in &cards {
            for &b in cards.iter().filter(|&&b| b != a) {
                for &d in cards.iter().filter(|&&d| d != a && d != b) {
                    let mut t = Trick::new();
                    t.push(1, a);
                    t.push(2, b);
                    t.push(0, d);
                    for trump in trumps {
                        let i = t.winning_index(trump).expect("a winner");
                        assert_eq!(Some(t.card_at(i)), t.winning_card(trump), "{a} {b} {d} {trump:?}");
                        assert_eq!(t.winner(trump), Some(t.owner_at(i)));
                    }
                }
            }
        }
    }

    #[test]
    fn r6_must_follow_suit() {
        let hand = set("AS 7S KH 8D");
        let legal = legal_cards(
            hand,
            Some(Suit::Spades),
            Some(c("9S")),
            Some(Suit::Hearts),
            Obligations::RUSSIAN,
        );
        assert_eq!(legal, set("AS 7S"));
    }

    #[test]
    fn r6_void_must_trump() {
        let hand = set("KH 8D 7C");
        let legal = legal_cards(
            hand,
            Some(Suit::Spades),
            Some(c("9S")),
            Some(Suit::Hearts),
            Obligations::RUSSIAN,
        );
        assert_eq!(legal, set("KH"));
    }

    #[test]
    fn r6_void_without_trumps_plays_any() {
        let hand = set("8D 7C");
        assert_eq!(
            legal_cards(hand, Some(Suit::Spades), None, Some(Suit::Hearts), Obligations::RUSSIAN),
            hand
        );
        assert_eq!(
            legal_cards(hand, None, None, Some(Suit::Hearts), Obligations::RUSSIAN),
            hand
        );
        assert_eq!(
            legal_cards(hand, Some(Suit::Spades), None, None, Obligations::RUSSIAN),
            hand
        );
    }

    #[test]
    fn o3_must_head_when_able() {
        let ob = Obligations {
            must_trump: true,
            must_head: true,
        };
        let hand = set("AS 7S KH 8H");
        assert_eq!(
            legal_cards(hand, Some(Suit::Spades), Some(c("9S")), None, ob),
            set("AS")
        );
        // cannot beat: any card of the suit
        assert_eq!(
            legal_cards(set("8S 7S"), Some(Suit::Spades), Some(c("9S")), None, ob),
            set("8S 7S")
        );
        // trick already trumped: following cards cannot head it
        assert_eq!(
            legal_cards(hand, Some(Suit::Spades), Some(c("9H")), Some(Suit::Hearts), ob),
            set("AS 7S")
        );
        // over-trump when trumping
        assert_eq!(
            legal_cards(
                set("KH 8H 7D"),
                Some(Suit::Spades),
                Some(c("9H")),
                Some(Suit::Hearts),
                ob
            ),
            set("KH")
        );
    }

    #[test]
    fn r6_highest_trump_wins_else_highest_of_led() {
        let mut t = Trick::new();
        t.push(0, c("KS"));
        t.push(1, c("AS"));
        t.push(2, c("7H"));
        assert_eq!(t.winner(Some(Suit::Hearts)), Some(2));
        assert_eq!(t.winner(None), Some(1));
        assert_eq!(t.winner(Some(Suit::Clubs)), Some(1));
    }

    #[test]
    fn x2_talon_card_sets_suit_but_cannot_win() {
        let mut t = Trick::new();
        t.push(TALON_OWNER, c("AS"));
        t.push(0, c("7S"));
        t.push(1, c("KD"));
        t.push(2, c("8S"));
        assert_eq!(t.winner(None), Some(2));
    }

    #[test]
    fn x2_nobody_follows_talon_suit_eldest_card_suit_counts() {
        let mut t = Trick::new();
        t.push(TALON_OWNER, c("AS"));
        t.push(0, c("9D"));
        t.push(1, c("KC"));
        t.push(2, c("TD"));
        assert_eq!(t.winner(None), Some(2));
        let mut t = Trick::new();
        t.push(TALON_OWNER, c("AS"));
        t.push(0, c("9D"));
        t.push(1, c("KC"));
        t.push(2, c("8D"));
        assert_eq!(t.winner(None), Some(0));
    }

    #[test]
    fn higher_in_suit_masks() {
        assert_eq!(higher_in_suit(c("QS")), set("KS AS"));
        assert_eq!(higher_in_suit(c("AH")), CardSet::EMPTY);
        assert_eq!(higher_in_suit(c("7D")).len(), 7);
    }
}
