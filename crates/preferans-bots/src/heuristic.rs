//! `HeuristicBot`: rule-based, instant, deterministic. It estimates tricks from high cards and
//! trump length to bid, discard, declare and whist, and plays cards by simple club rules:
//! win cheaply when the side wants the trick, duck under the winner when it does not (misère,
//! all-pass), cash top cards, lead low against a misère. It reads only its observation.

use preferans::observation::{Holder, Observation};
use preferans::russian::PhaseKind;
use preferans::trick::{Trick, TALON_OWNER};
use preferans::{Action, Bid, Card, CardSet, Rank, Strain, Suit};

use crate::Bot;

/// The rule-based bot.
#[derive(Clone, Debug, Default)]
pub struct HeuristicBot;

impl HeuristicBot {
    /// A heuristic bot.
    pub fn new() -> HeuristicBot {
        HeuristicBot
    }
}

fn has(h: CardSet, s: Suit, r: Rank) -> bool {
    h.contains(Card::new(s, r))
}

/// Expected tricks of `hand` as declarer with `trump` (None: no trumps), before the talon.
pub fn estimate_tricks(hand: CardSet, trump: Option<Suit>) -> f32 {
    let mut t = 0.0;
    let trumps = trump.map_or(0, |s| hand.count_in(s));
    for s in Suit::ALL {
        let n = hand.count_in(s);
        let (a, k, q) = (
            has(hand, s, Rank::Ace),
            has(hand, s, Rank::King),
            has(hand, s, Rank::Queen),
        );
        // The unbroken run of top cards from the ace.
        let run = Rank::ALL.iter().rev().take_while(|r| has(hand, s, **r)).count() as f32;
        let n_f = n as f32;
        if Some(s) == trump {
            let rest = if n >= 5 {
                0.6
            } else if n == 4 {
                0.45
            } else {
                0.25
            };
            let mut v = run + (n_f - run) * rest;
            if !a && k && n >= 2 {
                v += 0.3;
            }
            if q && n >= 3 && run < 3.0 {
                v += 0.2;
            }
            t += v.min(n_f);
        } else {
            let mut v = run.min(n_f.min(3.0));
            if !a && k {
                v += if n >= 2 { 0.6 } else { 0.1 };
            }
            if !a && !k && q && n >= 3 {
                v += 0.3;
            }
            if trump.is_none() && (a || k) {
                v += (n_f - 4.0).max(0.0) * 0.8;
            }
            if trump.is_some() && trumps >= 4 {
                v += match n {
                    0 => 0.6,
                    1 => 0.3,
                    _ => 0.0,
                };
            }
            t += v.min(n.max(1) as f32);
        }
    }
    t
}

/// How dangerous a hand is for misère: cards too high for their place in their suit.
pub fn misere_danger(hand: CardSet) -> u32 {
    let mut danger = 0;
    for s in Suit::ALL {
        let mut ranks: Vec<usize> = hand.in_suit(s).iter().map(|c| c.rank().index()).collect();
        ranks.sort_unstable();
        for (i, r) in ranks.iter().enumerate() {
            if *r > 2 * i + 1 {
                danger += 1;
            }
        }
    }
    danger
}

/// The expert's count of a misère hand's holes: in each suit, his i-th lowest card above the
/// i-th lowest of the others' cards of that suit (the talon's included). Where every card is
/// below its counterpart the others can lead the suit low as often as they like and he always
/// has a card under theirs; a hole is a card they can force on him (an 8 without the 7, the
/// ace of A Q J 10 8). Stricter than [`misere_danger`], which lets a suit's lowest card be an
/// 8 and its second a 10 whatever the others hold (a seasoned player's review of the expert's
/// failed misères).
pub fn misere_holes(hand: CardSet) -> u32 {
    Suit::ALL
        .iter()
        .map(|&s| {
            let mine = hand.in_suit(s);
            let others = CardSet::suit_mask(s) - mine;
            // Both in rising rank order.
            mine.iter()
                .zip(others.iter())
                .filter(|(m, o)| m.rank() > o.rank())
                .count() as u32
        })
        .sum()
}

/// The lowest trick bid among `legal`, if any.
pub(crate) fn lowest_trick_bid(legal: &[Action]) -> Option<Bid> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Bid(b @ Bid::Tricks { .. }) => Some(*b),
            _ => None,
        })
        .min_by_key(|b| b.ladder())
}

/// The cheapest legal trick bid up to `max` (holding counts), or pass.
pub(crate) fn bid_up_to(legal: &[Action], max: Option<Bid>) -> Action {
    let Some(max) = max else { return Action::Pass };
    legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Bid(b @ Bid::Tricks { .. }) if b.ladder() <= max.ladder()))
        .min_by_key(|a| match a {
            Action::Bid(b) => b.ladder(),
            _ => u8::MAX,
        })
        .unwrap_or(Action::Pass)
}

/// Whether `seat` has already bid in this hand (A4: misère only as a first bid).
pub(crate) fn has_bid(o: &Observation) -> bool {
    o.history
        .iter()
        .any(|(s, a)| Some(*s) == o.seat && matches!(a, Some(Action::Bid(_))))
}

/// Defensive tricks a defender expects against `trump`.
pub fn defence_tricks(hand: CardSet, trump: Option<Suit>) -> f32 {
    let mut d = 0.0;
    for s in Suit::ALL {
        let n = hand.count_in(s);
        if has(hand, s, Rank::Ace) {
            d += 1.0;
        }
        if has(hand, s, Rank::King) && n >= 2 {
            d += 0.6;
        }
        if Some(s) == trump {
            if has(hand, s, Rank::Queen) && n >= 3 {
                d += 0.5;
            }
            if n >= 4 {
                d += 0.5;
            }
        }
    }
    d
}

/// The defensive tricks (`defence_tricks`) the heuristic wants before whisting `contract`.
pub(crate) fn whist_need(contract: Option<Bid>) -> f32 {
    match contract.and_then(Bid::level) {
        Some(6) => 1.8,
        Some(7) => 1.2,
        _ => 0.9,
    }
}

/// W2: whist, half-whist or pass with `hand` against `contract`, among `legal` (the expert
/// also uses it to model the other defender on a sampled hand).
pub(crate) fn whist_call(hand: CardSet, contract: Option<Bid>, legal: &[Action]) -> Action {
    let trump = contract.and_then(Bid::trump);
    let d = defence_tricks(hand, trump);
    let need = whist_need(contract);
    if d >= need && legal.contains(&Action::Whist) {
        Action::Whist
    } else if d >= need * 0.6 && legal.contains(&Action::HalfWhist) {
        Action::HalfWhist
    } else {
        Action::Pass
    }
}

/// The best strain for `hand` and its estimated tricks.
pub(crate) fn best_contract(hand: CardSet) -> (f32, Strain) {
    Strain::ALL
        .iter()
        .map(|st| {
            (
                estimate_tricks(hand, st.trump()) + if *st == Strain::NoTrump { -0.3 } else { 0.0 },
                *st,
            )
        })
        .fold((f32::MIN, Strain::Spades), |a, b| if b.0 > a.0 { b } else { a })
}

pub(crate) fn my_hand(o: &Observation) -> CardSet {
    let me = o.seat.unwrap_or(u8::MAX);
    o.hands
        .iter()
        .find(|h| h.holder == Holder::Seat(me))
        .and_then(|h| h.cards)
        .unwrap_or_default()
}

/// Cards already played (public).
fn played(o: &Observation) -> CardSet {
    let mut s: CardSet = o.trick.iter().map(|t| t.card).collect();
    for (_, a) in &o.history {
        if let Some(Action::Play(c)) = a {
            s.insert(*c);
        }
    }
    for c in &o.talon {
        if o.contract.is_none() {
            s.insert(*c);
        }
    }
    s
}

/// What the talon is counted as when bidding: about one trick. Measured against two
/// `expert-fast` bots (`pref match --deals 1000 --bots heuristic,expert-fast,expert-fast
/// --seed 11`): half a trick −3.11 whists per deal, ¾ −2.92, one −2.79, 1¼ −2.82; with
/// half a trick two hands in three were passed out.
pub(crate) const TALON_BONUS: f32 = 1.0;

/// Whether the heuristic would open the bidding with `hand`: a misère with no dangerous card,
/// or a contract its estimate (with the talon) reaches.
pub(crate) fn would_open(hand: CardSet) -> bool {
    misere_danger(hand) == 0 || best_contract(hand).0 + TALON_BONUS >= 6.0
}

impl HeuristicBot {
    fn bid(&self, o: &Observation, legal: &[Action]) -> Action {
        let hand = my_hand(o);
        let first_bid = !o
            .history
            .iter()
            .any(|(s, a)| Some(*s) == o.seat && matches!(a, Some(Action::Bid(_))));
        if first_bid && misere_danger(hand) == 0 && legal.contains(&Action::Bid(Bid::Misere)) {
            return Action::Bid(Bid::Misere);
        }
        let (est, strain) = best_contract(hand);
        let level = ((est + TALON_BONUS).floor() as i32).clamp(0, 10) as u8;
        bid_up_to(legal, Bid::tricks(level.max(6), strain).filter(|_| level >= 6))
    }

    fn discard(&self, o: &Observation, legal: &[Action]) -> Option<Action> {
        let hand = my_hand(o);
        let misere = matches!(o.highest_bid, Some((_, b)) if b.is_misere());
        legal.iter().copied().max_by(|a, b| {
            let score = |x: &Action| match x {
                Action::Discard(c1, c2) => {
                    let mut h = hand;
                    h.remove(*c1);
                    h.remove(*c2);
                    if misere {
                        -(misere_danger(h) as f32) + (c1.rank().index() + c2.rank().index()) as f32 * 0.01
                    } else {
                        best_contract(h).0
                    }
                }
                _ => f32::MIN,
            };
            score(a).total_cmp(&score(b))
        })
    }

    fn declare(&self, o: &Observation, legal: &[Action]) -> Option<Action> {
        let (_, strain) = best_contract(my_hand(o));
        legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Declare(Bid::Tricks { strain: s, .. }) if *s == strain))
            .or_else(|| legal.first().copied())
    }

    fn whist(&self, o: &Observation, legal: &[Action]) -> Action {
        whist_call(my_hand(o), o.contract, legal)
    }

    /// Cards of the hands this seat can see on its side that are the highest still out in
    /// their suits (sure winners when led), and whether every one of them is.
    fn sure_winners(&self, o: &Observation) -> (u32, bool, CardSet) {
        let me = o.seat.unwrap_or(u8::MAX);
        let declarer_side = o.declarer == Some(me);
        // Our hands: mine, and the partner's or dummy's when I can see and play them.
        let ours: CardSet = o
            .hands
            .iter()
            .filter(|h| {
                h.holder == Holder::Seat(me)
                    || (!declarer_side
                        && h.cards.is_some()
                        && !matches!(h.holder, Holder::Seat(s) if Some(s) == o.declarer))
            })
            .filter_map(|h| h.cards)
            .fold(CardSet::EMPTY, |a, b| a | b);
        let mine = o
            .hands
            .iter()
            .find(|h| h.holder == Holder::Seat(me))
            .and_then(|h| h.cards)
            .unwrap_or_default();
        let outstanding = CardSet::FULL - played(o) - ours - o.discard.unwrap_or_default();
        let trump = o.contract.and_then(Bid::trump);
        let trumps_out = trump.is_some_and(|t| !outstanding.in_suit(t).is_empty());
        let top = |c: Card| (preferans::trick::higher_in_suit(c) & outstanding).is_empty();
        let sure = mine
            .iter()
            .filter(|c| top(*c) && (!trumps_out || Some(c.suit()) == trump))
            .count() as u32;
        // All winners: every card is top, and any trump still out can be drawn first by
        // leading (higher) trumps.
        let my_trumps = trump.map_or(0, |t| mine.count_in(t));
        let out_trumps = trump.map_or(0, |t| outstanding.count_in(t));
        let all = !mine.is_empty() && mine.iter().all(top) && my_trumps >= out_trumps;
        (sure, all, mine)
    }

    /// P3: claim the rest when on lead with nothing but winners (and no trump out), once a
    /// hand: an offer of ours that was refused means the others want it played out, so it is
    /// not put to them again at every trick.
    pub(crate) fn claim(&self, o: &Observation, legal: &[Action]) -> Option<Action> {
        if !o.trick.is_empty() || o.contract.is_none_or(Bid::is_misere) {
            return None;
        }
        let me = o.seat?;
        let offered_before = o
            .history
            .iter()
            .any(|(s, a)| *s == me && matches!(a, Some(Action::Offer(_))));
        if offered_before {
            return None;
        }
        let (_, all, mine) = self.sure_winners(o);
        // Only for my own hand being played (not a partner's I play open).
        let playing_mine = legal
            .iter()
            .all(|a| !matches!(a, Action::Play(c) if !mine.contains(*c)));
        let offer = Action::Offer(mine.len() as u8);
        (all && playing_mine && legal.contains(&offer)).then_some(offer)
    }

    /// P3: accept an offer that leaves our side at least its sure winners.
    fn answer_offer(&self, o: &Observation) -> Action {
        let Some(off) = o.offer else { return Action::Refuse };
        let ours = off.remaining.saturating_sub(off.tricks);
        let (sure, _, _) = self.sure_winners(o);
        // In a misère the sides' interests are reversed and sure winners mean nothing:
        // refuse there.
        let misere = o.contract.is_some_and(Bid::is_misere);
        if !misere && u32::from(ours) >= sure {
            Action::Accept
        } else {
            Action::Refuse
        }
    }

    fn card(&self, o: &Observation, legal: &[Action]) -> Option<Action> {
        let cards: Vec<Card> = legal
            .iter()
            .filter_map(|a| if let Action::Play(c) = a { Some(*c) } else { None })
            .collect();
        let first = *cards.first()?;
        let me = o.seat?;
        let trump = o.contract.and_then(Bid::trump);
        let misere = o.contract.is_some_and(Bid::is_misere);
        let allpass = o.contract.is_none();
        let declarer = o.declarer;
        let on_declarer_side = |h: Holder| matches!(h, Holder::Seat(s) if Some(s) == declarer);
        // The hand being played (mine, or one I control).
        let i_am_declarer = declarer == Some(me);
        // Does the side of the hand to play want to win this trick? Not in all-pass, and in a
        // misère neither the declarer nor the defenders (who want *him* to win) do.
        let want_win = !allpass && !misere;
        let id = |h: Holder| match h {
            Holder::Seat(s) => s,
            Holder::Dummy => 9,
            Holder::Talon => TALON_OWNER,
        };
        let mut trick = Trick::new();
        for t in &o.trick {
            trick.push(id(t.by), t.card);
        }
        let winner_after = |c: Card| {
            let mut t = trick;
            t.push(200, c);
            t.winner(trump)
        };
        let current_winner = o
            .trick
            .iter()
            .find(|t| Some(id(t.by)) == trick.winner(trump))
            .map(|t| t.by);
        let played = played(o);
        let mine: CardSet = cards.iter().copied().collect();
        let is_top = |c: Card| {
            let higher = preferans::trick::higher_in_suit(c);
            (higher - played - mine).is_empty()
        };
        let low = |v: &[Card]| v.iter().copied().min_by_key(|c| (c.rank(), c.suit()));
        let high = |v: &[Card]| v.iter().copied().max_by_key(|c| (c.rank(), c.suit()));
        let leading = o.trick.iter().all(|t| t.by == Holder::Talon);
        let choice = if leading {
            // Leading (or first to a talon card).
            if want_win {
                // Cash a top card, else lead low.
                let tops: Vec<Card> = cards.iter().copied().filter(|c| is_top(*c)).collect();
                high(&tops).or_else(|| low(&cards))
            } else {
                // Misère, all-pass, or against a misère: lead low.
                low(&cards)
            }
        } else {
            let winning: Vec<Card> = cards
                .iter()
                .copied()
                .filter(|c| winner_after(*c) == Some(200))
                .collect();
            let losing: Vec<Card> = cards
                .iter()
                .copied()
                .filter(|c| winner_after(*c) != Some(200))
                .collect();
            if misere && !i_am_declarer {
                // Help the declarer win: stay under his card if he is winning, else play low.
                match current_winner {
                    Some(h) if on_declarer_side(h) => high(&losing).or_else(|| low(&cards)),
                    _ => low(&cards),
                }
            } else if !want_win {
                // Duck with the highest card that loses; if every card wins, the highest.
                high(&losing).or_else(|| high(&cards))
            } else {
                let partner_winning =
                    current_winner.is_some_and(|h| !on_declarer_side(h) && h != Holder::Seat(me) && h != Holder::Talon);
                if !i_am_declarer && partner_winning {
                    low(&losing).or_else(|| low(&cards))
                } else {
                    low(&winning).or_else(|| low(&cards))
                }
            }
        };
        Some(Action::Play(choice.unwrap_or(first)))
    }
}

impl Bot for HeuristicBot {
    fn kind(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, o: &Observation) -> Option<Action> {
        let legal = &o.legal_actions;
        let first = *legal.first()?;
        let a = match o.phase {
            PhaseKind::Auction => Some(self.bid(o, legal)),
            PhaseKind::TalonChoice => Some(Action::TakeTalon),
            PhaseKind::Discard => self.discard(o, legal),
            PhaseKind::Declare => self.declare(o, legal),
            PhaseKind::Whist => Some(self.whist(o, legal)),
            PhaseKind::DealerWhist => Some(Action::Pass),
            PhaseKind::DefenceChoice => Some(if o.contract.and_then(Bid::level).unwrap_or(6) >= 8 {
                Action::Open
            } else {
                Action::Closed
            }),
            PhaseKind::Play if o.offer.is_some() => Some(self.answer_offer(o)),
            PhaseKind::Play => self.claim(o, legal).or_else(|| self.card(o, legal)),
            PhaseKind::Done => None,
        };
        Some(a.filter(|a| legal.contains(a)).unwrap_or(first))
    }
}
