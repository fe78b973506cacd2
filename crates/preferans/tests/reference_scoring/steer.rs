//! Steering the random matches of the reference-scoring test: a biased choice among the
//! engine's legal actions, so that every kind of hand comes up (all-passes in a row,
//! half-whists, failed contracts with shortfalls, open and closed defence, misères made and
//! failed, accepted offers), and the minimum counts of the scoring branches the test asserts.

use preferans::russian::PhaseKind;
use preferans::{Action, Card, CardSet, HandState, RussianHand, Seat, Suit};

use super::{Counts, Rng};

/// How the players of one match lean, in percent.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Chance to pass in an auction nobody has opened.
    pub pass_pct: u8,
    /// Chance that a hand is meant as an all-pass (everyone passes).
    pub allpass_pct: u8,
    /// Chance to pass in the whist round (W2), and to half-whist when allowed.
    pub whist_pass_pct: u8,
    pub half_pct: u8,
    /// Chance to offer when offers are legal, and to accept an offer (P3).
    pub offer_pct: u8,
    pub accept_pct: u8,
}

impl Style {
    pub fn random(r: &mut Rng) -> Style {
        Style {
            pass_pct: r.pick(&[0, 30, 60, 85]),
            allpass_pct: r.pick(&[0, 15, 30, 60]),
            whist_pass_pct: r.pick(&[15, 40, 70]),
            half_pct: r.pick(&[20, 50]),
            offer_pct: r.pick(&[0, 3, 10, 30]),
            accept_pct: r.pick(&[30, 70, 95]),
        }
    }
}

/// Who the cards favour in one hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Any legal card.
    Random,
    /// The declarer's side plays to get its way (a misère declarer ducks), the defence helps.
    Declarer,
    /// The other way round: the declarer fails.
    Defence,
    /// All-pass: this seat plays high, the others low (zero-trick pool points, no amnesty).
    Hog(Seat),
}

/// The plan of one hand, drawn when it is dealt.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    pub allpass: bool,
    pub mode: Mode,
    /// `Mode::Declarer`: the strongest hand, the only one to bid (often high), so that a
    /// declarer sometimes takes every trick (S4 with quota 1).
    pub strong: Option<Seat>,
}

impl Plan {
    pub fn random(h: &RussianHand, style: &Style, players: u8, r: &mut Rng) -> Plan {
        let allpass = r.pct(style.allpass_pct);
        let mode = if allpass && r.pct(40) {
            Mode::Hog(r.below(usize::from(players)) as Seat)
        } else {
            r.pick(&[Mode::Random, Mode::Random, Mode::Declarer, Mode::Defence])
        };
        let dealt = h.dealt_by_seat().0;
        let strong = (mode == Mode::Declarer && r.pct(50))
            .then(|| (0..players).max_by_key(|&s| power(dealt[usize::from(s)])))
            .flatten();
        Plan { allpass, mode, strong }
    }
}

/// The cards `seat` holds now.
fn hand_of(h: &RussianHand, seat: Option<Seat>) -> CardSet {
    let hands = h.card_places().0;
    (0..3)
        .find(|&p| seat.is_some() && h.seat_of_position(p) == seat)
        .map_or(CardSet::EMPTY, |p| hands[p])
}

/// The longest suit of a hand.
fn longest(cards: CardSet) -> Suit {
    *Suit::ALL
        .iter()
        .max_by_key(|&&s| cards.count_in(s))
        .expect("four suits")
}

/// A rough strength: the longest suit and the aces and kings.
fn power(cards: CardSet) -> u32 {
    let honours = cards.iter().filter(|c| c.rank().index() >= 6).count() as u32;
    cards.count_in(longest(cards)) + honours
}

/// A legal action of the hand's seat to move, as a player of `style` with `plan` chooses.
pub fn choose(h: &RussianHand, legal: &[Action], style: &Style, plan: &Plan, r: &mut Rng) -> Action {
    let has = |a: Action| legal.contains(&a);
    let of = |f: fn(&Action) -> bool| legal.iter().copied().filter(f).collect::<Vec<Action>>();
    match h.phase_kind() {
        PhaseKind::Auction => {
            if plan.allpass && has(Action::Pass) {
                return Action::Pass;
            }
            let opened = h.history().iter().any(|(_, a)| matches!(a, Action::Bid(_)));
            if let Some(strong) = plan.strong {
                let high = of(|a| matches!(a, Action::Bid(b) if b.level().is_some_and(|l| l >= 8)));
                return match h.to_move() == Some(strong) {
                    true if !opened && !high.is_empty() && r.pct(60) => r.pick(&high),
                    false if has(Action::Pass) => Action::Pass,
                    _ => legal
                        .iter()
                        .copied()
                        .find(|a| matches!(a, Action::Bid(_)))
                        .unwrap_or(legal[0]),
                };
            }
            let pass_pct = if opened { style.pass_pct.max(60) } else { style.pass_pct };
            let bids = of(|a| matches!(a, Action::Bid(_)));
            let miseres = of(|a| matches!(a, Action::Bid(b) if b.is_misere()));
            if bids.is_empty() || (has(Action::Pass) && r.pct(pass_pct)) {
                Action::Pass
            } else if !miseres.is_empty() && r.pct(12) {
                r.pick(&miseres)
            } else if r.pct(20) {
                r.pick(&bids)
            } else {
                bids[r.below(bids.len().min(2))]
            }
        }
        PhaseKind::Whist => {
            if has(Action::HalfWhist) && r.pct(style.half_pct) {
                Action::HalfWhist
            } else if has(Action::Whist) && (plan.strong.is_some() || !r.pct(style.whist_pass_pct)) {
                Action::Whist
            } else if has(Action::Pass) {
                Action::Pass
            } else {
                r.pick(legal)
            }
        }
        PhaseKind::Discard if plan.strong.is_some() => {
            // Keep the longest suit and the high cards.
            let trump = Some(longest(hand_of(h, h.declarer())));
            let weight = |a: &Action| match a {
                Action::Discard(x, y) => strength(*x, trump) + strength(*y, trump),
                _ => usize::MAX,
            };
            *legal.iter().min_by_key(|a| weight(a)).expect("a discard")
        }
        PhaseKind::Declare if plan.strong.is_some() => {
            // The lowest level allowed, trumps in the longest suit.
            let trump = longest(hand_of(h, h.declarer()));
            let level = |a: &Action| match a {
                Action::Declare(b) => b.level().unwrap_or(u8::MAX),
                _ => u8::MAX,
            };
            let lowest = legal.iter().map(level).min().unwrap_or(u8::MAX);
            let fits = |a: &&Action| level(a) == lowest && matches!(a, Action::Declare(b) if b.trump() == Some(trump));
            legal.iter().find(fits).copied().unwrap_or(legal[0])
        }
        PhaseKind::Declare if r.pct(70) => legal[0],
        PhaseKind::Play => play(h, legal, style, plan, r),
        _ => r.pick(legal),
    }
}

/// A card or an offer (or an answer to one).
fn play(h: &RussianHand, legal: &[Action], style: &Style, plan: &Plan, r: &mut Rng) -> Action {
    if legal.contains(&Action::Accept) {
        return if r.pct(style.accept_pct) {
            Action::Accept
        } else {
            Action::Refuse
        };
    }
    let (offers, cards): (Vec<Action>, Vec<Action>) = legal.iter().partition(|a| matches!(a, Action::Offer(_)));
    if cards.is_empty() || (!offers.is_empty() && r.pct(style.offer_pct)) {
        return r.pick(&offers);
    }
    let contract = h.contract();
    let misere = contract.is_some_and(|b| b.is_misere());
    let declarer_side = h.declarer().is_some() && h.to_move() == h.declarer();
    let high = match plan.mode {
        Mode::Random => return r.pick(&cards),
        Mode::Declarer => declarer_side != misere,
        Mode::Defence => declarer_side == misere,
        Mode::Hog(s) => h.to_move() == Some(s),
    };
    let trump = contract.and_then(|b| b.trump());
    let strength = |a: &Action| match a {
        Action::Play(c) => strength(*c, trump),
        _ => 0,
    };
    let best = if high {
        cards.iter().max_by_key(|a| strength(a))
    } else {
        cards.iter().min_by_key(|a| strength(a))
    };
    *best.expect("a card")
}

fn strength(c: Card, trump: Option<preferans::Suit>) -> usize {
    c.rank().index() + if Some(c.suit()) == trump { 8 } else { 0 }
}

/// The branches each run must reach, as a minimum count per 100,000 hands (about a third of
/// what the seeds reach), and the numbers of players they are asked of.
const REACHED: &[(&str, u64, &[u8])] = &[
    ("A6 a minimum opening bid for the next hand", 5580, &[3, 4]),
    ("F3 bonus: a marriage", 54, &[4]),
    ("F3 bonus: ace and king of one suit", 48, &[4]),
    ("F3 bonus: one ace", 1588, &[4]),
    ("F3 bonus: two aces", 85, &[4]),
    ("F3 closed-talon dealer pool point", 1133, &[4]),
    ("F3 dealer took all-pass tricks", 1427, &[4]),
    ("F3 dealer whist", 106, &[4]),
    ("F3 misère bonus: a seven and an eight of one suit", 5, &[4]),
    ("F3 misère bonus: one seven", 114, &[4]),
    ("F3 misère bonus: two sevens", 4, &[4]),
    ("F3 talon pushed", 3833, &[4]),
    ("H3 thrown in", 19211, &[2]),
    ("P3 ended by an accepted offer", 2857, &[2, 3, 4]),
    ("P4 no talon bonus for a talon never seen", 18, &[4]),
    ("S2 failed", 7780, &[2, 3, 4]),
    ("S2 made", 2092, &[2, 3, 4]),
    ("S3 F3 gentleman whist does not share the dealer's whists", 18, &[4]),
    (
        "S3 H2 gentleman whist without a passer to share with (Hussar)",
        1800,
        &[2],
    ),
    ("S3 gentleman whist shared", 872, &[3, 4]),
    ("S3 two whisters count their own tricks", 11712, &[3, 4]),
    ("S4 half responsibility", 445, &[2, 3, 4]),
    ("S4 one whister short", 388, &[2, 3, 4]),
    ("S4 two whisters short of their halves", 769, &[3, 4]),
    ("S4 two whisters, quota 1: the second", 29, &[3, 4]),
    ("S5 misère failed", 1198, &[2, 3, 4]),
    ("S5 misère made", 61, &[2, 3, 4]),
    ("S6 all-pass", 13611, &[3, 4]),
    ("S7 half-whist", 382, &[3, 4]),
    ("S8 Rostov conversion of a negative mountain", 76, &[2, 3, 4]),
    ("S8 a tie among the receivers", 149, &[3, 4]),
    ("S8 aid given", 831, &[2, 3, 4]),
    ("S8 several givers in one hand", 16, &[3, 4]),
    ("S8 surplus off the mountain", 237, &[2, 3, 4]),
    ("S8 the sitting-out dealer receives aid", 616, &[4]),
    ("S9 ended: each reached the target", 470, &[2, 3, 4]),
    ("S9 ended: pool sum", 192, &[2, 3, 4]),
    ("W3 both passed", 1340, &[2, 3, 4]),
    ("W4 closed defence", 12728, &[3, 4]),
    ("W4 open defence", 973, &[2, 3, 4]),
    ("X3 cycle starts again", 53, &[3, 4]),
    ("X3 multiplier above 1", 3429, &[3, 4]),
    ("X3 multiplier at its ceiling", 34, &[3, 4]),
    ("X3 multiplier held at the cap", 852, &[3, 4]),
    ("X3 series kept over a failed contract", 1449, &[3, 4]),
    ("X4 amnesty subtracts tricks", 1141, &[3, 4]),
    ("section 3 Rostov conversion", 3476, &[2, 3, 4]),
];

/// Prints the counts and asserts the minimum of every branch asked of `players`.
pub fn check_reached(players: u8, counts: &Counts) {
    eprintln!("{players} players:");
    for (k, v) in counts {
        eprintln!("  {k:>48}: {v}");
    }
    let hands = counts.get("hands").copied().unwrap_or(0);
    for &(k, per_100k, who) in REACHED {
        if who.contains(&players) {
            let got = counts.get(k).copied().unwrap_or(0);
            let min = per_100k * hands / 100_000;
            assert!(
                got >= min,
                "{players} players: '{k}' reached {got} times, fewer than {min}"
            );
        }
    }
}
