//! The expert's decisions before the card play, by simulation (issue 5): whist, pass or
//! half-whist (W2), and the declarer's discard with the contract (T1, T2). Each candidate is
//! played out on deals of the hidden cards consistent with the seat's observation, solved
//! double-dummy, and scored with the real scorer under the table's rules (S1–S10 and every
//! option): the candidate with the best mean settlement for this seat wins.
//!
//! Models, where the simulation needs one: the other defender calls as the heuristic bot would
//! on his sampled hand; the defenders' tricks (10 minus the declarer's double-dummy tricks) are
//! shared evenly between them (the solver counts sides, not players); a defender who may speak
//! again after a half-whist takes the better answer for that deal. Misère discards are weighed
//! the same way in `expert_misere.rs`.

use preferans::observation::{Holder, Observation};
use preferans::outcome::WhistCall;
use preferans::russian::whist_round_calls;
use preferans::trick::Owner;
use preferans::{Action, Bid, Card, CardSet, PlayState, Seat, Strain};
use preferans_solver::Objective;

use crate::expert::{known, ExpertBot};
use crate::expert_fit::Fit;
use crate::expert_outcome::{blended, call_of, second_calls};
pub(crate) use crate::expert_outcome::{
    declarer_result, defence_calls, lone_whist_barred, my_result, outcome, rules_for, sides, Sides,
};
use crate::heuristic::{best_contract, defence_tricks, estimate_tricks, my_hand, whist_call};

/// Discards the declarer weighs (the heuristic's best few).
const DISCARD_CANDIDATES: usize = 4;
/// Strains weighed per discard: within this many estimated tricks of the best.
const STRAIN_MARGIN: f32 = 1.0;
/// The whist simulation's hedge (W2): each sample's outcomes weighed with those of the
/// declarer taking one trick more. Double-dummy the defence knows the declarer's discard and
/// every card; in play it guesses, and a whist rated on the exact count was too bold. Against
/// the expert without it (2,000 deals, every seating): weight 0.25 +0.03 ± 0.09 whists a
/// deal, 0.5 +0.23 ± 0.14, 0.75 +0.34 ± 0.16, 1 +0.28 ± 0.17 (docs/bots.md).
pub(crate) const WHIST_ONE_TRICK_MORE: f64 = 0.75;
/// The same hedge in Hussar (H1), the other way: there the defender plays both defence hands
/// open, as double-dummy (a review of 250 expert Hussar deals: the declarer took the
/// double-dummy count in 75 of 77 whisted hands), and the hedge above made him pass 6s he
/// beats; an expert declarer's 6s are also weaker than the samples' (which fit a player who
/// declares what his hand is worth). So each sample's outcomes are weighed three to one with
/// those of the declarer taking one trick *fewer*. Against two experts with the hedge above
/// (`pref match --players 2 --deals 4000`): none +0.99 ± 0.15 whists a deal, this +1.07 ±
/// 0.16; this against none +0.17 ± 0.06 and +0.08 ± 0.05; half weight no better (docs/bots.md).
const HUSSAR_WHIST_ONE_TRICK_FEWER: f64 = 0.25;

/// Each (hand index, contract) with the declarer's mean result (`contract_values`).
pub(crate) type ContractValues = Vec<((usize, Bid), f64)>;

impl ExpertBot {
    /// A deal of the 20 `unknown` cards, shuffled in place, ten to each of the `others`
    /// positions (the third hand is left empty for the caller).
    pub(crate) fn deal_to_others(&mut self, unknown: &mut [Card], others: [usize; 2]) -> [CardSet; 3] {
        for j in (1..unknown.len()).rev() {
            let r = preferans::deal::uniform_below(&mut self.rng, j as u32 + 1) as usize;
            unknown.swap(j, r);
        }
        let mut deal = [CardSet::EMPTY; 3];
        deal[others[0]] = unknown[..10].iter().copied().collect();
        deal[others[1]] = unknown[10..].iter().copied().collect();
        deal
    }

    pub(crate) fn declarer_tricks(&mut self, hands: [CardSet; 3], contract: Bid, decl_pos: usize) -> Option<u8> {
        let state = PlayState::first_lead(hands, Some(contract), Some(decl_pos as Owner));
        self.solver
            .solve(&state, Objective::Declarer(decl_pos as Owner))
            .ok()
            .map(|s| s.tricks)
    }

    /// W2 by simulation: the legal whist call with the best mean result for this seat.
    pub(crate) fn whist_by_simulation(&mut self, o: &Observation) -> Option<Action> {
        let values = self.whist_values(o)?;
        // W2: where the half-whist is open to him (the first defender passed a 6 or 7), the
        // second defender does not whist alone. The simulation rates that whist too high —
        // double-dummy, the lone whister knows the declarer's discard, which in play he must
        // guess — and more samples did not mend it (24 instead of 8: −0.04 ± 0.12 whists a
        // deal); the rule took +0.31 ± 0.11 against the expert without it (docs/bots.md).
        values
            .iter()
            .filter(|v| !lone_whist_barred(&values, v.0))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|v| v.0)
    }

    /// Each legal whist call (W2) with this seat's mean result over the sampled deals.
    pub(crate) fn whist_values(&mut self, o: &Observation) -> Option<Vec<(Action, f64)>> {
        let me = o.seat?;
        let contract = o.contract?;
        let s = sides(o)?;
        let rules = rules_for(&self.rules, o.players)?;
        let my_index = s.defenders.iter().position(|d| d.0 == Some(me))?;
        // Calls so far in this whist round, in order.
        let declared_at = o
            .history
            .iter()
            .rposition(|(_, a)| matches!(a, Some(Action::Declare(_))))?;
        let said: Vec<(Seat, Action)> = o.history[declared_at + 1..]
            .iter()
            .filter_map(|(seat, a)| a.map(|a| (*seat, a)))
            .collect();
        let options: Vec<Action> = o
            .legal_actions
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Whist | Action::Pass | Action::HalfWhist))
            .collect();
        if options.len() < 2 {
            return None;
        }
        let k = known(o);
        let fit = Fit::of(o);
        let mut totals = vec![0.0f64; options.len()];
        let mut n = 0u32;
        for _ in 0..self.sim_samples {
            let Some(hands) = self.fitting_sample(&k, fit.as_ref()) else {
                continue;
            };
            let Some(tricks) = self.declarer_tricks(hands, contract, s.decl_pos) else {
                continue;
            };
            let other_hand = hands[s.defenders[1 - my_index].1];
            let weights = s.defenders.map(|d| defence_tricks(hands[d.1], contract.trump()));
            for (i, &mine) in options.iter().enumerate() {
                let calls = self.round_after(&said, &s, my_index, mine, contract, other_hand);
                let at = |t: u8| {
                    calls
                        .iter()
                        .map(|c| my_result(&rules, o, me, &outcome(&s, contract, *c, t, weights)))
                        .fold(f64::MIN, f64::max)
                };
                totals[i] += if s.dummy().contains(&true) {
                    blended(at, tricks, tricks.checked_sub(1), HUSSAR_WHIST_ONE_TRICK_FEWER)
                } else {
                    blended(at, tricks, (tricks < 10).then_some(tricks + 1), WHIST_ONE_TRICK_MORE)
                };
            }
            n += 1;
        }
        if n == 0 {
            return None;
        }
        Some(
            options
                .into_iter()
                .zip(totals)
                .map(|(a, t)| (a, t / f64::from(n)))
                .collect(),
        )
    }

    /// The possible ends of the whist round after this seat says `mine` (one, or two when
    /// this seat may speak again after a half-whist: it will take the better).
    fn round_after(
        &self,
        said: &[(Seat, Action)],
        s: &Sides,
        my_index: usize,
        mine: Action,
        contract: Bid,
        other_hand: CardSet,
    ) -> Vec<[WhistCall; 2]> {
        let both = [Action::Whist, Action::Pass];
        if s.dummy()[1 - my_index] {
            // H1: the other defender is the Hussar dummy, which passes.
            let mut calls = [WhistCall::Pass; 2];
            calls[my_index] = call_of(mine);
            return vec![calls];
        }
        let half = |first_again: Action| whist_round_calls(WhistCall::Pass, WhistCall::HalfWhist, call_of(first_again));
        if my_index == 0 {
            if said.iter().any(|(_, a)| *a == Action::HalfWhist) {
                // I speak again after the second defender's half-whist: the round ends.
                return vec![half(mine)];
            }
            let second = whist_call(other_hand, Some(contract), second_calls(contract, mine));
            if second == Action::HalfWhist {
                // I would speak again: either answer.
                return vec![half(Action::Whist), half(Action::Pass)];
            }
            return vec![[call_of(mine), call_of(second)]];
        }
        // I am the second defender: the first has spoken.
        let first = said
            .iter()
            .find(|(seat, _)| Some(*seat) == s.defenders[0].0)
            .map_or(Action::Pass, |(_, a)| *a);
        let again = whist_call(other_hand, Some(contract), &both);
        vec![whist_round_calls(call_of(first), call_of(mine), call_of(again))]
    }

    /// T1 with T2 by simulation: the discard and contract with the best mean result.
    pub(crate) fn discard_by_simulation(&mut self, o: &Observation) -> Option<Action> {
        let me = o.seat?;
        let (_, highest) = o.highest_bid?;
        if highest.is_misere() {
            return self.misere_discard_by_simulation(o);
        }
        let (discards, values) = self.discard_values(o, me, highest)?;
        let ((i, _), _) = values.into_iter().max_by(|x, y| x.1.total_cmp(&y.1))?;
        let (x, y) = discards[i];
        Some(Action::Discard(x, y))
    }

    /// The discards the expert weighs (the heuristic's best few) and each (discard index,
    /// contract) with its mean result, on the deals of `contract_stream` — what
    /// `discard_by_simulation` chooses from, and what the hints show.
    pub(crate) fn discard_values(
        &mut self,
        o: &Observation,
        me: Seat,
        highest: Bid,
    ) -> Option<(Vec<(Card, Card)>, ContractValues)> {
        let hand = my_hand(o);
        let discards = discard_candidates(o);
        let kept: Vec<CardSet> = discards
            .iter()
            .map(|(x, y)| hand - CardSet::from_iter([*x, *y]))
            .collect();
        self.rng = self.contract_stream(o);
        let values = self.contract_values(o, me, highest, &kept, None, None)?;
        Some((discards, values))
    }

    /// F3 `talon_push` by simulation: take or push, whichever `talon_values` rates higher.
    pub(crate) fn talon_by_simulation(&mut self, o: &Observation) -> Option<Action> {
        let values = self.talon_values(o)?;
        values.iter().max_by(|a, b| a.1.total_cmp(&b.1)).map(|v| v.0)
    }

    /// F3 `talon_push`: the talon, shown to everyone (T1), taken (with the best few discards)
    /// or pushed to the dealer (the ten cards played as they are, his mountain point scored):
    /// each with the mean result of the best contract it leaves, on the same deals as the
    /// discard and contract that follow a take (`contract_stream`).
    pub(crate) fn talon_values(&mut self, o: &Observation) -> Option<[(Action, f64); 2]> {
        if !o.legal_actions.contains(&Action::PushTalon) {
            return None;
        }
        let me = o.seat?;
        let (_, highest) = o.highest_bid?;
        let hand = my_hand(o);
        let twelve = hand | o.talon.iter().copied().collect::<CardSet>();
        if twelve.len() != 12 {
            return None;
        }
        let mut kept: Vec<CardSet> =
            best_discard_pairs(twelve, twelve_pairs(twelve), DISCARD_CANDIDATES, contract_score)
                .iter()
                .map(|(x, y)| twelve - CardSet::from_iter([*x, *y]))
                .collect();
        kept.push(hand);
        let push = kept.len() - 1;
        self.rng = self.contract_stream(o);
        let values = self.contract_values(o, me, highest, &kept, None, Some(push))?;
        let best = |pushed: bool| {
            values
                .iter()
                .filter(|((i, _), _)| (*i == push) == pushed)
                .map(|v| v.1)
                .reduce(f64::max)
        };
        Some([(Action::TakeTalon, best(false)?), (Action::PushTalon, best(true)?)])
    }

    /// T2 by simulation: the contract planned with the discard. The discard's computation is
    /// run again — the same candidates from the twelve cards, the same deals (the same
    /// stream, `contract_stream`), on an empty table in the same order — and the best contract
    /// for the hand kept is taken; so a bot that did not make the discard itself (a resumed
    /// game) declares what the one that made it planned.
    pub(crate) fn declare_by_simulation(&mut self, o: &Observation) -> Option<Action> {
        let (bid, _) = self.declare_values(o)?.into_iter().max_by(|x, y| x.1.total_cmp(&y.1))?;
        Some(Action::Declare(bid)).filter(|a| o.legal_actions.contains(a))
    }

    /// The contracts weighed for the hand kept, each with its mean result, as the discard
    /// weighed them (see `declare_by_simulation`); what the hints show at the declaration.
    pub(crate) fn declare_values(&mut self, o: &Observation) -> Option<Vec<(Bid, f64)>> {
        let me = o.seat?;
        let hand = my_hand(o);
        let (_, highest) = o.highest_bid?;
        if highest.is_misere() {
            return None;
        }
        let twelve = hand | o.discard.unwrap_or_default();
        let mut kept: Vec<CardSet> =
            best_discard_pairs(twelve, twelve_pairs(twelve), DISCARD_CANDIDATES, contract_score)
                .iter()
                .map(|(x, y)| twelve - CardSet::from_iter([*x, *y]))
                .collect();
        // A discard the simulation would not have weighed: this hand alone.
        let i = kept.iter().position(|k| *k == hand).unwrap_or_else(|| {
            kept = vec![hand];
            0
        });
        self.rng = self.contract_stream(o);
        let values = self.contract_values(o, me, highest, &kept, None, None)?;
        Some(
            values
                .into_iter()
                .filter(|((j, _), _)| *j == i)
                .map(|((_, b), v)| (b, v))
                .collect(),
        )
    }

    /// The stream of the declarer's discard and contract simulations: his twelve cards (hand
    /// and discard) name it, so both decisions sample the same deals.
    pub(crate) fn contract_stream(&self, o: &Observation) -> rand_chacha::ChaCha8Rng {
        let twelve = my_hand(o) | o.discard.unwrap_or_default() | o.talon.iter().copied().collect::<CardSet>();
        crate::seeding::stream(self.seed, &[u64::from(twelve.bits()), 0x7472_756d_7073])
    }

    /// Over sampled hands of the two others, the (hand index, contract) with the best mean
    /// result among contracts at or above `highest` in the strains worth weighing.
    #[cfg(test)]
    fn best_contract_by_simulation(
        &mut self,
        o: &Observation,
        me: Seat,
        highest: Bid,
        hands: &[CardSet],
    ) -> Option<(usize, Bid)> {
        let values = self.contract_values(o, me, highest, hands, None, None)?;
        values
            .into_iter()
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map(|(key, _)| key)
    }

    /// Each (hand index, contract) weighed with the declarer's mean result: the contracts at or
    /// above `highest` in the strains worth weighing for each hand, and `also` (a strain to
    /// weigh for every hand, e.g. the one a player chose). The hand at index `pushed` is
    /// played with the talon pushed to the dealer (F3 `talon_push`) and scored so.
    pub(crate) fn contract_values(
        &mut self,
        o: &Observation,
        me: Seat,
        highest: Bid,
        hands: &[CardSet],
        also: Option<Strain>,
        pushed: Option<usize>,
    ) -> Option<Vec<((usize, Bid), f64)>> {
        let rules = rules_for(&self.rules, o.players)?;
        let my_pos = o.hands.iter().position(|h| h.holder == Holder::Seat(me))?;
        let others = [(my_pos + 1) % 3, (my_pos + 2) % 3];
        // The two others' cards: everything not in my twelve (hand plus talon). Not only the
        // hands weighed: when every candidate sheds the same card, their union has eleven.
        let mine_all = hands.iter().fold(my_hand(o), |a, h| a | *h)
            | o.talon.iter().copied().collect::<CardSet>()
            | o.discard.unwrap_or_default();
        let unknown: Vec<Card> = (CardSet::FULL - mine_all).iter().collect();
        if unknown.len() != 20 {
            return None;
        }
        let strains_of = |h: CardSet| -> Vec<Strain> {
            let est: Vec<(f32, Strain)> = Strain::ALL
                .iter()
                .map(|st| (estimate_tricks(h, st.trump()), *st))
                .collect();
            let best = est.iter().map(|e| e.0).fold(f32::MIN, f32::max);
            est.into_iter()
                .filter(|(e, _)| *e >= best - STRAIN_MARGIN)
                .map(|(_, st)| st)
                .collect()
        };
        let sides = Sides::with_declarer(o, me, my_pos)?;
        let pushed_sides = Sides {
            talon_pushed: true,
            ..sides
        };
        // (hand index, contract) → total result.
        let mut totals: Vec<((usize, Bid), f64)> = Vec::new();
        let mut weighed: Vec<(usize, Strain)> = Vec::new();
        for (i, h) in hands.iter().enumerate() {
            let mut strains = strains_of(*h);
            if let Some(st) = also.filter(|st| !strains.contains(st)) {
                strains.push(st);
            }
            for st in strains {
                weighed.push((i, st));
                for level in 6..=10 {
                    if let Some(b) = Bid::tricks(level, st).filter(|b| b.ladder() >= highest.ladder()) {
                        totals.push(((i, b), 0.0));
                    }
                }
            }
        }
        if totals.is_empty() {
            return None;
        }
        let mut cards = unknown;
        let mut n = 0u32;
        'sample: for _ in 0..self.sim_samples {
            let mut deal = self.deal_to_others(&mut cards, others);
            // One solve per (hand, strain); a sample a solve gives up on is skipped whole.
            let mut tricks = Vec::with_capacity(weighed.len());
            for &(i, st) in &weighed {
                deal[my_pos] = hands[i];
                let probe = Bid::tricks(6, st)?;
                let Some(t) = self.declarer_tricks(deal, probe, my_pos) else {
                    continue 'sample;
                };
                tricks.push(((i, st), t));
            }
            let defender_hands = [deal[sides.defenders[0].1], deal[sides.defenders[1].1]];
            for ((i, bid), total) in totals.iter_mut() {
                let Bid::Tricks { strain, .. } = *bid else { continue };
                let Some(&(_, t)) = tricks.iter().find(|(key, _)| *key == (*i, strain)) else {
                    continue;
                };
                // Each sample's double-dummy count as it is. Weighing one trick fewer (for the
                // declarer's misguesses) made him declare a level short of his sure tricks:
                // without it +0.26 ± 0.15 whists a deal (docs/bots.md, "No hedge").
                let s = if Some(*i) == pushed { &pushed_sides } else { &sides };
                *total += declarer_result(&rules, o, me, s, *bid, defender_hands, t);
            }
            n += 1;
        }
        if n == 0 {
            return None;
        }
        Some(totals.into_iter().map(|(key, t)| (key, t / f64::from(n))).collect())
    }
}

/// The discards worth weighing: the heuristic's best few among the legal ones.
pub(crate) fn discard_candidates(o: &Observation) -> Vec<(Card, Card)> {
    best_discards(o, DISCARD_CANDIDATES, contract_score)
}

/// The heuristic's score of a discard: the best contract's estimate for the hand it leaves.
fn contract_score(_: (Card, Card), kept: CardSet) -> f32 {
    best_contract(kept).0
}

/// The `n` legal discards with the highest `score` (of the pair and the hand it leaves).
pub(crate) fn best_discards(
    o: &Observation,
    n: usize,
    score: impl Fn((Card, Card), CardSet) -> f32,
) -> Vec<(Card, Card)> {
    let pairs = o.legal_actions.iter().filter_map(|a| match a {
        Action::Discard(x, y) => Some((*x, *y)),
        _ => None,
    });
    best_discard_pairs(my_hand(o), pairs, n, score)
}

/// Every pair of `twelve`, the lower card first.
fn twelve_pairs(twelve: CardSet) -> impl Iterator<Item = (Card, Card)> {
    twelve
        .iter()
        .enumerate()
        .flat_map(move |(i, a)| twelve.iter().skip(i + 1).map(move |b| (a, b)))
}

/// The `n` of `pairs` (discards from `hand`) with the highest `score`; ties by the cards, so
/// the choice does not depend on the order the pairs come in.
fn best_discard_pairs(
    hand: CardSet,
    pairs: impl Iterator<Item = (Card, Card)>,
    n: usize,
    score: impl Fn((Card, Card), CardSet) -> f32,
) -> Vec<(Card, Card)> {
    let mut discards: Vec<(f32, Card, Card)> = pairs
        .map(|(x, y)| (score((x, y), hand - CardSet::from_iter([x, y])), x, y))
        .collect();
    discards.sort_by(|a, b| b.0.total_cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
    discards.truncate(n);
    discards.into_iter().map(|(_, x, y)| (x, y)).collect()
}

pub(crate) fn seat_of(o: &Observation, pos: usize) -> Option<Seat> {
    match o.hands.get(pos)?.holder {
        Holder::Seat(s) => Some(s),
        _ => None,
    }
}

#[cfg(test)]
#[path = "expert_sim_tests.rs"]
mod tests;
