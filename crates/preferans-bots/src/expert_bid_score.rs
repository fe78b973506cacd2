//! The expert's bidding (A1–A6): sampled talons and hands solved for every strain, every
//! contract weighed on those samples with the real scorer, and the limit of the bidding it
//! gives.

use preferans::deal::uniform_below;
use preferans::observation::{Holder, Observation};
use preferans::trick::Owner;
use preferans::{Action, Bid, Card, CardSet, PlayState, Strain};
use preferans_solver::Objective;

use crate::expert::{ExpertBot, NODES_PER_SOLVE};
use crate::expert_sim::{declarer_result, rules_for, Sides};
use crate::heuristic::{bid_up_to, has_bid};
use crate::misere_holes;

/// Sampled deals per bidding evaluation (each solved for every strain).
const BID_SAMPLES: usize = 8;

impl ExpertBot {
    /// A1 by score: over the bidding samples, every contract is scored for this seat
    /// (declared after the talon; the defenders call as the heuristic would). In the strain
    /// of the best one, the highest contract whose mean result still beats `pass_value` (what
    /// passing is worth) is the limit of the bidding: `Some(Some(bid))`; `Some(None)` (pass)
    /// when no contract does; `None` without a scoring model (no solved sample).
    pub(crate) fn bid_by_score(
        &mut self,
        o: &Observation,
        my_pos: usize,
        samples: &[BidSample],
        pass_value: f64,
    ) -> Option<Option<Bid>> {
        let means = self.contract_means(o, my_pos, samples)?;
        // The strain of the best contract, bid as high as it still gains: how far a player
        // goes when the auction is contested.
        let (best, value) = means.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1))?;
        if value <= pass_value {
            return Some(None);
        }
        let Bid::Tricks { strain, .. } = best else {
            return Some(None);
        };
        let highest = means
            .iter()
            .filter(|(b, v)| matches!(b, Bid::Tricks { strain: s, .. } if *s == strain) && *v > pass_value)
            .map(|(b, _)| *b)
            .max_by_key(|b| b.ladder());
        Some(highest.or(Some(best)))
    }

    /// Every trick contract with this seat's mean result as its declarer over the bidding
    /// samples (the defenders call as the heuristic would); `None` without a scoring model.
    pub(crate) fn contract_means(
        &mut self,
        o: &Observation,
        my_pos: usize,
        samples: &[BidSample],
    ) -> Option<Vec<(Bid, f64)>> {
        let me = o.seat?;
        let rules = rules_for(&self.rules, o.players)?;
        let others = [(my_pos + 1) % 3, (my_pos + 2) % 3];
        let sides = Sides::with_declarer(o, me, my_pos)?;
        // Mean result of every contract.
        let mut means: Vec<(Bid, f64)> = Vec::new();
        for strain in Strain::ALL {
            for level in 6..=10 {
                let bid = Bid::tricks(level, strain)?;
                let mut total = 0.0;
                let mut n = 0u32;
                for smp in samples {
                    let Some(t) = smp.tricks[strain as usize] else { continue };
                    let defender_hands = [smp.hands[others[0]], smp.hands[others[1]]];
                    total += declarer_result(&rules, o, me, &sides, bid, defender_hands, t);
                    n += 1;
                }
                if n > 0 {
                    means.push((bid, total / f64::from(n)));
                }
            }
        }
        Some(means)
    }
}

/// One sampled deal of the bidding simulation: the others' hands (by position, mine empty)
/// and the double-dummy tricks of each strain with me as declarer (`None`: not solved).
#[derive(Clone, Debug)]
pub(crate) struct BidSample {
    pub(crate) hands: [CardSet; 3],
    pub(crate) tricks: [Option<u8>; 5],
}

impl ExpertBot {
    /// A1–A6 by simulation: over sampled talons and hands, each contract is played out
    /// double-dummy and scored by the real scorer (`expert_sim.rs`); it bids up to the
    /// contract with the best expected result when that result beats passing (nothing, or the
    /// all-pass a last pass ends in: `expert_allpass.rs`). Misère outright with no dangerous
    /// card, weighed on the same samples with one or two (`expert_misere.rs`). In Hussar the
    /// dummy is a defender who passes (H1, H2). Without a solved sample the expected tricks
    /// decide.
    pub(crate) fn auction(&mut self, o: &Observation) -> Option<Action> {
        let me = o.seat?;
        let my_pos = o.hands.iter().position(|h| h.holder == Holder::Seat(me))?;
        let hand = o.hands[my_pos].cards?;
        let legal = &o.legal_actions;
        if !has_bid(o) && misere_holes(hand) == 0 && legal.contains(&Action::Bid(Bid::Misere)) {
            return Some(Action::Bid(Bid::Misere));
        }
        let samples = self.bid_samples(o, hand, my_pos);
        // A pass is worth nothing (the others play), or the all-pass it ends in.
        let pass_value = self.pass_value(o, my_pos, &samples).unwrap_or(0.0);
        if !has_bid(o)
            && misere_holes(hand) <= crate::expert_misere::MISERE_HOLES_WEIGHED
            && legal.contains(&Action::Bid(Bid::Misere))
        {
            // A4: misère, when it beats both passing and the best trick contract.
            if let Some(misere) = self.misere_mean(o, my_pos, &samples) {
                // Only contracts he may still bid count.
                let lowest = crate::heuristic::lowest_trick_bid(legal).map(|b| b.ladder());
                let best_contract = self
                    .contract_means(o, my_pos, &samples)
                    .and_then(|m| {
                        m.iter()
                            .filter(|(b, _)| lowest.is_some_and(|l| b.ladder() >= l))
                            .map(|(_, v)| *v)
                            .reduce(f64::max)
                    })
                    .unwrap_or(f64::MIN);
                if misere > pass_value.max(best_contract) {
                    return Some(Action::Bid(Bid::Misere));
                }
            }
        }
        if let Some(best) = self.bid_by_score(o, my_pos, &samples, pass_value) {
            return Some(bid_up_to(legal, best));
        }
        let est = strain_estimates(&samples);
        let (best, strain) = Strain::ALL
            .iter()
            .map(|s| (est[*s as usize], *s))
            .fold((f64::MIN, Strain::Spades), |a, b| if b.0 > a.0 { b } else { a });
        let level = (best + 0.2).floor().clamp(0.0, 10.0) as u8;
        Some(bid_up_to(
            legal,
            Bid::tricks(level.max(6), strain).filter(|_| level >= 6),
        ))
    }

    /// The bidding simulation's deals for `hand` (cached while the hand is the same): a talon
    /// and the others' hands at random; for each strain, the talon taken, a fixed discard (the
    /// two lowest cards outside the trump suit) and one double-dummy solve. Drawn from a
    /// stream of the hand and position alone, on an empty table that is emptied again after,
    /// so the cache only saves time: computing them again gives the same samples.
    pub(crate) fn bid_samples(&mut self, o: &Observation, hand: CardSet, my_pos: usize) -> Vec<BidSample> {
        if let Some((_, _, samples)) = self.bid_cache.as_ref().filter(|(h, p, _)| *h == hand && *p == my_pos) {
            return samples.clone();
        }
        let others: Vec<usize> = (0..3).filter(|p| *p != my_pos).collect();
        let sizes: Vec<usize> = others.iter().map(|p| usize::from(o.hands[*p].size)).collect();
        let mut unknown: Vec<Card> = (CardSet::FULL - hand).iter().collect();
        let mut samples = Vec::with_capacity(BID_SAMPLES);
        self.solver.set_node_limit(Some(NODES_PER_SOLVE));
        self.solver.clear();
        let mut rng = crate::seeding::stream(self.seed, &[u64::from(hand.bits()), my_pos as u64]);
        for _ in 0..BID_SAMPLES {
            for i in (1..unknown.len()).rev() {
                let j = uniform_below(&mut rng, i as u32 + 1) as usize;
                unknown.swap(i, j);
            }
            let talon: CardSet = unknown[..2].iter().copied().collect();
            let mut hands = [CardSet::EMPTY; 3];
            let mut k = 2;
            for (p, n) in others.iter().zip(&sizes) {
                hands[*p] = unknown[k..k + n].iter().copied().collect();
                k += n;
            }
            let mut tricks = [None; 5];
            for strain in Strain::ALL {
                let mine = hand | talon;
                let mut side: Vec<Card> = mine.iter().filter(|c| Some(c.suit()) != strain.trump()).collect();
                side.sort_by_key(|c| c.rank());
                let mut discard: CardSet = side.iter().take(2).copied().collect();
                for c in mine.iter() {
                    if discard.len() < 2 {
                        discard.insert(c);
                    }
                }
                let mut h = hands;
                h[my_pos] = mine - discard;
                let state = PlayState::first_lead(h, Bid::tricks(6, strain), Some(my_pos as Owner));
                if let Ok(sol) = self.solver.solve(&state, Objective::Declarer(my_pos as Owner)) {
                    tricks[strain as usize] = Some(sol.tricks);
                }
            }
            samples.push(BidSample { hands, tricks });
        }
        self.solver.clear();
        self.bid_cache = Some((hand, my_pos, samples.clone()));
        samples
    }
}

impl ExpertBot {
    /// The bidding samples of the viewer's own hand.
    pub(crate) fn own_bid_samples(&mut self, o: &Observation) -> Vec<BidSample> {
        let me = o.seat.unwrap_or(0);
        let pos = o.hands.iter().position(|h| h.holder == Holder::Seat(me)).unwrap_or(0);
        let hand = o.hands[pos].cards.unwrap_or_default();
        self.bid_samples(o, hand, pos)
    }
}

/// The mean double-dummy tricks of each strain over the bidding samples.
fn strain_estimates(samples: &[BidSample]) -> [f64; 5] {
    std::array::from_fn(|i| {
        let solved: Vec<f64> = samples.iter().filter_map(|s| s.tricks[i]).map(f64::from).collect();
        if solved.is_empty() {
            0.0
        } else {
            solved.iter().sum::<f64>() / solved.len() as f64
        }
    })
}
