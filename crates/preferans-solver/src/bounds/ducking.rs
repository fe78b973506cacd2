//! The misère / all-pass target's ducking game in one suit, solved for every holding: can the
//! others, leading the suit as often as they like, make him win a round of it?
//!
//! The game gives the others more than the real play does, so "he survives" is sound: they
//! may lead the suit whenever they want (they keep the lead as long as he wins nothing) and
//! discard any of its cards at any time (in the play, only when void in the suit led); he
//! never discards from it (when he must discard, he throws his highest card of a suit, after
//! which the suit's game is still won: checked by a test). What it keeps of the play: each
//! hand holding the suit follows to it, and the order of play — when the hand after him
//! leads, he plays last, under the trick's top card; when the hand before him leads, he plays
//! second, under the card led, and the third hand then plays any card of the suit.
//!
//! A second game allows him to be caught once, provided he can then lead out of the suit
//! (one of the others must go over his card, and he survives after it): he takes at most one
//! trick in that suit, and leading out gives the lead back with the suit's game won.

use std::sync::OnceLock;

/// `(d, a, b)`: his cards of the suit, the next hand's and the one after's (rank bits).
type Holding = (u32, u32, u32);

/// A holding's place in the tables: two bits per rank, 0 not in play, 1 his, 2 the next
/// hand's, 3 the one after's. Removing a card lowers it.
#[inline]
fn index(d: u32, a: u32, b: u32) -> usize {
    let spread = |x: u32| u32::from(SPREAD[(x & 0xff) as usize]);
    (spread(d | b) | spread(a | b) << 1) as usize
}

/// `SPREAD[x]`: bit `r` of `x` moved to bit `2 r`.
static SPREAD: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut x = 0;
    while x < 256 {
        let mut v = x;
        v = (v | v << 4) & 0x0f0f;
        v = (v | v << 2) & 0x3333;
        t[x] = ((v | v << 1) & 0x5555) as u16;
        x += 1;
    }
    t
};

/// The holding at `index` `i`.
fn decode(i: usize) -> Holding {
    let (mut d, mut a, mut b) = (0, 0, 0);
    for r in 0..8 {
        match (i >> (2 * r)) & 3 {
            1 => d |= 1 << r,
            2 => a |= 1 << r,
            3 => b |= 1 << r,
            _ => {}
        }
    }
    (d, a, b)
}

#[inline]
fn get(t: &[u64; 1024], i: usize) -> bool {
    t[i >> 6] >> (i & 63) & 1 != 0
}

/// What a hand holding `x` (rank bits) can play to a round of the suit: each of its cards
/// as a single bit, or nothing (0) when it holds none.
fn choices(x: u32) -> Choices {
    Choices { rest: x, void: x == 0 }
}

/// The iterator of [`choices`]: the cards lowest first, or a single 0.
struct Choices {
    rest: u32,
    void: bool,
}

impl Iterator for Choices {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.rest != 0 {
            let c = self.rest & self.rest.wrapping_neg();
            self.rest &= self.rest - 1;
            Some(c)
        } else if self.void {
            self.void = false;
            Some(0)
        } else {
            None
        }
    }
}

/// One round of the game, the others on lead, every way they can play it: whether he always
/// has a card (or, void, nothing) after which the holding is in `stay` — or, where his card
/// tops the round (he wins it), in `won`. Their discards are rounds of their own.
fn round((d, a, b): Holding, stay: impl Fn(u32, u32, u32) -> bool, won: impl Fn(u32, u32, u32) -> bool) -> bool {
    // After a round where the others' top card was `top` and he played `c`.
    let after = |c: u32, top: u32, d: u32, a: u32, b: u32| if c > top { won(d, a, b) } else { stay(d, a, b) };
    let discards = choices(a | b).filter(|&c| c != 0).all(|c| stay(d, a & !c, b & !c));
    // The hand after him leads, the other follows, he plays last.
    let next_leads = || {
        choices(a)
            .filter(|&x| x != 0)
            .all(|x| choices(b).all(|y| choices(d).any(|c| after(c, x.max(y), d & !c, a & !x, b & !y))))
    };
    // The hand before him leads, he plays second; then the next hand, any card.
    let before_leads = || {
        choices(b)
            .filter(|&x| x != 0)
            .all(|x| choices(d).any(|c| choices(a).all(|y| after(c, x.max(y), d & !c, a & !y, b & !x))))
    };
    discards && next_leads() && before_leads()
}

/// Whether he survives the holding, the others on lead: he never tops a round (solved from
/// the smaller holdings).
fn survives(t: &[u64; 1024], h: Holding) -> bool {
    round(h, |d, a, b| get(t, index(d, a, b)), |_, _, _| false)
}

/// Whether, on lead, he can lead a card of the suit that one of the others must go over,
/// the game still won after it, whatever each plays (see [`leads_out`]).
fn can_lead_out(t: &[u64; 1024], (d, a, b): Holding) -> bool {
    choices(d)
        .filter(|&c| c != 0)
        .any(|c| choices(a).all(|y| choices(b).all(|z| y.max(z) > c && get(t, index(d & !c, a & !y, b & !z)))))
}

/// Whether, the others on lead, he wins at most one round of the suit and, when he wins
/// one, can then lead out of it: the game of [`survives`], except that he may once top a
/// round (and win the trick), after which the holding must be one he leads out of
/// ([`can_lead_out`]). `t`: [`can_lead_out`]'s table and this game's for the smaller
/// holdings.
fn survives_once(t: &Tables, h: Holding) -> bool {
    round(
        h,
        |d, a, b| get(&t.once_out, index(d, a, b)),
        |d, a, b| get(&t.leads_out, index(d, a, b)),
    )
}

/// The game's results for every holding, as bit sets indexed by [`index`].
struct Tables {
    /// He survives with the others on lead ([`ducks_every_round`]).
    survives: [u64; 1024],
    /// On lead, he can lead out ([`leads_out`]).
    leads_out: [u64; 1024],
    /// He is caught at most once, and then leads out of the suit ([`caught_once_then_out`]).
    once_out: [u64; 1024],
}

/// Every holding's results; a holding's sub-holdings (cards removed) have smaller indices, so
/// one pass in index order sees them solved. (About 10 ms, once per process: too long for
/// the compiler's constant evaluation.)
fn solve_all() -> Box<Tables> {
    let mut t = Box::new(Tables {
        survives: [0; 1024],
        leads_out: [0; 1024],
        once_out: [0; 1024],
    });
    for i in 0..0x10000 {
        // Codes that put a rank in two hands cannot occur: every code is one holding.
        if survives(&t.survives, decode(i)) {
            t.survives[i >> 6] |= 1 << (i & 63);
        }
    }
    for i in 0..0x10000 {
        if can_lead_out(&t.survives, decode(i)) {
            t.leads_out[i >> 6] |= 1 << (i & 63);
        }
    }
    for i in 0..0x10000 {
        if survives_once(&t, decode(i)) {
            t.once_out[i >> 6] |= 1 << (i & 63);
        }
    }
    t
}

static TABLES: OnceLock<Box<Tables>> = OnceLock::new();

/// Solves the game for every holding now (else on first use).
pub(crate) fn prepare() {
    TABLES.get_or_init(solve_all);
}

/// Whether he wins no round of the suit whatever the others do (see the module doc): `d` his
/// cards, `a` the next hand's, `b` the one after's (rank bits of one suit).
#[inline]
pub(super) fn ducks_every_round(d: u32, a: u32, b: u32) -> bool {
    get(&TABLES.get_or_init(solve_all).survives, index(d, a, b))
}

/// Whether, on lead, he can lead a card of the suit and lose the trick for sure, the game
/// still won after it: some card of his (`d`) such that, whatever the next hand (`a`) and
/// the one after (`b`) play to it (each following if he holds the suit), one of them goes
/// over him and he survives the rest.
#[inline]
pub(super) fn leads_out(d: u32, a: u32, b: u32) -> bool {
    get(&TABLES.get_or_init(solve_all).leads_out, index(d, a, b))
}

/// Whether, the others on lead, he wins at most one round of the suit whatever they do, and
/// after winning one can lead a card of it that one of them must go over, the game won after
/// it (see [`leads_out`]).
#[inline]
pub(super) fn caught_once_then_out(d: u32, a: u32, b: u32) -> bool {
    get(&TABLES.get_or_init(solve_all).once_out, index(d, a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holdings() -> impl Iterator<Item = Holding> {
        (0..0x10000usize).map(decode)
    }

    #[test]
    fn throwing_his_highest_card_keeps_the_game_won() {
        for (d, a, b) in holdings().filter(|&(d, a, b)| d != 0 && ducks_every_round(d, a, b)) {
            let top = 1 << (31 - d.leading_zeros());
            assert!(ducks_every_round(d & !top, a, b), "{d:08b} {a:08b} {b:08b}");
        }
    }

    #[test]
    fn caught_at_most_once_wherever_he_survives() {
        for (d, a, b) in holdings().filter(|&(d, a, b)| ducks_every_round(d, a, b)) {
            assert!(caught_once_then_out(d, a, b), "{d:08b} {a:08b} {b:08b}");
        }
    }

    #[test]
    fn throwing_his_highest_card_keeps_him_caught_at_most_once() {
        for (d, a, b) in holdings().filter(|&(d, a, b)| d != 0 && caught_once_then_out(d, a, b)) {
            let top = 1 << (31 - d.leading_zeros());
            assert!(caught_once_then_out(d & !top, a, b), "{d:08b} {a:08b} {b:08b}");
        }
    }

    #[test]
    fn caught_once_he_leads_out_of_the_suit() {
        // His 7 10 against the next hand's 8 9: led the 8 he wins with the 10 and leads the
        // 7 under the 9; led the 9, the same. Led to him twice he would win both.
        assert!(!ducks_every_round(0b1001, 0b0110, 0));
        assert!(caught_once_then_out(0b1001, 0b0110, 0));
        // His 9 10 against the 7 8: he wins twice.
        assert!(!caught_once_then_out(0b1100, 0b0011, 0));
        // A lone 9 against the 8: caught, and nothing to lead out with.
        assert!(!caught_once_then_out(0b0100, 0b0010, 0));
    }

    #[test]
    fn a_void_hand_is_never_caught() {
        assert!(ducks_every_round(0, 0b1, 0b10));
        assert!(ducks_every_round(0b1000_0000, 0, 0));
    }

    #[test]
    fn second_hand_plays_under_the_card_led() {
        // His 7 9 K of clubs; the next hand A Q J, the one before him the 8. When the 8 is
        // led he plays second: the 7 leaves K 9 against A Q J (they lead the jack, then the
        // queen under his king), the 9 leaves K 7 (they lead the jack: he must win or play
        // the 7, then the queen under his king), the king wins.
        let (d, a, b) = (0b0100_0101, 0b1011_0000, 0b0000_0010);
        assert!(!ducks_every_round(d, a, b));
        // With the 8 led by the next hand he plays last: the 7 goes under whatever the
        // other plays... but they lead the jack next, and the queen: K 9 against them fails.
        assert!(!ducks_every_round(d, a | b, 0));
        // His 7 8 against their 9 and 10 in either hand: always under.
        for (a, b) in [(0b0000_1100, 0), (0b0000_0100, 0b0000_1000), (0, 0b0000_1100)] {
            assert!(ducks_every_round(0b0000_0011, a, b));
        }
    }

    /// Hall's condition with the others' cards pooled: his j-th lowest card under their j-th
    /// lowest for every j up to the shorter holding (each round takes one of their cards, at
    /// least their lowest, and he plays his highest card under it).
    fn matches_under(mut d: u32, mut e: u32) -> bool {
        while d != 0 && e != 0 {
            if d & d.wrapping_neg() > e & e.wrapping_neg() {
                return false;
            }
            d &= d - 1;
            e &= e - 1;
        }
        true
    }

    #[test]
    fn the_game_wins_wherever_the_matching_rule_does() {
        // The matching rule is the game with the others' cards pooled, and he survives it
        // playing under the card led: the game gives them less.
        for (d, a, b) in holdings() {
            if matches_under(d, a | b) {
                assert!(ducks_every_round(d, a, b), "{d:08b} {a:08b} {b:08b}");
            }
        }
    }

    #[test]
    fn leading_out_needs_a_hand_that_must_go_over() {
        // His 7 of the suit, the next hand the 8: it must go over.
        assert!(leads_out(0b1, 0b10, 0));
        // Nobody holds the suit, or both can duck: he wins his own lead.
        assert!(!leads_out(0b10, 0, 0));
        assert!(!leads_out(0b10, 0b1, 0));
        // His 7 9 against the next hand's 8 10: he leads the 7, the hand plays the 10 and
        // keeps the 8 under his 9... which it leads next: no.
        assert!(!leads_out(0b0101, 0b1010, 0));
        // The 8 and the 10 in different hands: he leads the 9 under the 10, and the 8 must
        // be played to it.
        assert!(leads_out(0b0101, 0b0010, 0b1000));
    }
}
