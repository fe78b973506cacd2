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

use std::sync::OnceLock;

/// `(a, b, c)`: his cards of the suit, the next hand's and the one after's (rank bits).
type Holding = (u32, u32, u32);

/// Two bits per rank: 0 not in play, 1 his, 2 the next hand's, 3 the one after's.
const fn index(d: u32, a: u32, b: u32) -> usize {
    (spread(d | b) | spread(a | b) << 1) as usize
}

/// Bit `r` of a byte moved to bit `2 r`.
const fn spread(x: u32) -> u32 {
    let mut x = x & 0xff;
    x = (x | x << 4) & 0x0f0f;
    x = (x | x << 2) & 0x3333;
    (x | x << 1) & 0x5555
}

const fn decode(i: usize) -> Holding {
    let (mut d, mut a, mut b) = (0, 0, 0);
    let mut r = 0;
    while r < 8 {
        match (i >> (2 * r)) & 3 {
            1 => d |= 1 << r,
            2 => a |= 1 << r,
            3 => b |= 1 << r,
            _ => {}
        }
        r += 1;
    }
    (d, a, b)
}

const fn get(t: &[u64; 1024], i: usize) -> bool {
    t[i >> 6] >> (i & 63) & 1 != 0
}

/// The choices of a hand holding `x` (rank bits): its cards as single bits, or the one "no
/// card" choice (0) when it holds none. Walk with `first_choice` / `next_choice`.
const fn first_choice(x: u32) -> u32 {
    x & x.wrapping_neg()
}

/// The choice after `c` of a hand holding `x` (`None`: no more).
const fn next_choice(x: u32, c: u32) -> Option<u32> {
    let rest = x & !(c | c.wrapping_sub(1));
    if rest == 0 {
        None
    } else {
        Some(rest & rest.wrapping_neg())
    }
}

/// Whether he survives when `b` (the hand before him) leads `x`: he plays a card under it (or
/// nothing, void) after which every follow of `a` leaves a won game.
const fn survives_second(t: &[u64; 1024], (d, a, b): Holding, x: u32) -> bool {
    let rb = b & !x;
    let mut c = first_choice(d);
    loop {
        if d == 0 || c < x {
            let mut all = true;
            let mut y = first_choice(a);
            loop {
                if !get(t, index(d & !c, a & !y, rb)) {
                    all = false;
                    break;
                }
                match next_choice(a, y) {
                    Some(n) => y = n,
                    None => break,
                }
            }
            if all {
                return true;
            }
        }
        match next_choice(d, c) {
            Some(n) => c = n,
            None => return false,
        }
    }
}

/// Whether he survives when `a` (the hand after him) leads `x` and `b` follows `y`: he plays
/// last, under the trick's top card.
const fn survives_last(t: &[u64; 1024], (d, a, b): Holding, x: u32, y: u32) -> bool {
    let top = if x > y { x } else { y };
    let mut c = first_choice(d);
    loop {
        if (d == 0 || c < top) && get(t, index(d & !c, a & !x, b & !y)) {
            return true;
        }
        match next_choice(d, c) {
            Some(n) => c = n,
            None => return false,
        }
    }
}

const fn survives(t: &[u64; 1024], h: Holding) -> bool {
    let (d, a, b) = h;
    // Their discards.
    let mut rest = a | b;
    while rest != 0 {
        let c = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if !get(t, index(d, a & !c, b & !c)) {
            return false;
        }
    }
    // The hand after him leads, the other follows, he plays last.
    let mut x = first_choice(a);
    while x != 0 {
        let mut y = first_choice(b);
        loop {
            if !survives_last(t, h, x, y) {
                return false;
            }
            match next_choice(b, y) {
                Some(n) => y = n,
                None => break,
            }
        }
        x = match next_choice(a, x) {
            Some(n) => n,
            None => 0,
        };
    }
    // The hand before him leads, he plays second.
    let mut x = first_choice(b);
    while x != 0 {
        if !survives_second(t, h, x) {
            return false;
        }
        x = match next_choice(b, x) {
            Some(n) => n,
            None => 0,
        };
    }
    true
}

/// Every holding's result; a holding's sub-holdings (cards removed) have smaller indices, so
/// one pass in index order sees them solved. (About 16 ms, once per process: too long for
/// the compiler's constant evaluation.)
fn solve_all() -> Box<[u64; 1024]> {
    let mut t = Box::new([0u64; 1024]);
    for i in 0..0x10000 {
        // Codes that put a rank in two hands cannot occur: every code is one holding.
        if survives(&t, decode(i)) {
            t[i >> 6] |= 1 << (i & 63);
        }
    }
    t
}

static SURVIVES: OnceLock<Box<[u64; 1024]>> = OnceLock::new();

/// Solves the game for every holding now (else on first use).
pub(crate) fn prepare() {
    SURVIVES.get_or_init(solve_all);
}

/// Whether he wins no round of the suit whatever the others do (see the module doc): `d` his
/// cards, `a` the next hand's, `b` the one after's (rank bits of one suit).
#[inline]
pub(super) fn ducks_every_round(d: u32, a: u32, b: u32) -> bool {
    get(SURVIVES.get_or_init(solve_all), index(d, a, b))
}

/// Whether, on lead, he can lead a card of the suit and lose the trick for sure, the game
/// still won after it: some card of his (`d`) such that, whatever the next hand (`a`) and
/// the one after (`b`) play to it (each following if he holds the suit), one of them goes
/// over him and he survives the rest.
pub(super) fn leads_out(d: u32, a: u32, b: u32) -> bool {
    let t = SURVIVES.get_or_init(solve_all);
    let mut c = first_choice(d);
    while c != 0 {
        let mut ok = true;
        let mut y = first_choice(a);
        'follows: loop {
            let mut z = first_choice(b);
            loop {
                if y.max(z) < c || !get(t, index(d & !c, a & !y, b & !z)) {
                    ok = false;
                    break 'follows;
                }
                match next_choice(b, z) {
                    Some(n) => z = n,
                    None => break,
                }
            }
            match next_choice(a, y) {
                Some(n) => y = n,
                None => break,
            }
        }
        if ok {
            return true;
        }
        c = next_choice(d, c).unwrap_or(0);
    }
    false
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
