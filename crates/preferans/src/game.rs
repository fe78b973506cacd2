//! The match: dealer rotation (R3), consecutive all-pass series (X3), the minimum opening bid
//! after all-pass hands (A6), the scoresheet (S1–S8) and the end of the game (S9) — or a fixed
//! number of hands, for simulations.

use crate::bid::Bid;
use crate::deal::Deal;
use crate::error::IllegalAction;
use crate::outcome::HandOutcome;
use crate::rules::{Progression, Rules};
use crate::russian::{HandConfig, RussianHand};
use crate::scoring::{HandContext, Scoresheet};
use crate::{Action, HandState, Seat};

/// A match of one rules configuration: the finished hands and the one being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    rules: Rules,
    seed: u64,
    first_dealer: Seat,
    hand_limit: Option<u32>,
    finished: Vec<RussianHand>,
    current: Option<RussianHand>,
    allpass_streak: u32,
    sheet: Scoresheet,
}

impl Match {
    /// A new match. Hands are dealt from `seed` (hand `k` from [`Deal::seeded`]`(seed, k)`).
    /// With `hand_limit` the match ends after that many hands; without, when the rules say
    /// the game is over (S9).
    pub fn new(rules: Rules, seed: u64, first_dealer: Seat, hand_limit: Option<u32>) -> Match {
        let mut m = Match {
            sheet: Scoresheet::new(rules.players()),
            first_dealer: first_dealer % rules.players(),
            rules,
            seed,
            hand_limit,
            finished: Vec::new(),
            current: None,
            allpass_streak: 0,
        };
        m.deal_next(None);
        m
    }

    /// A match whose next hand is dealt from `deal` instead of the seed (records without a
    /// seed, tests). The current hand, if it has no action yet, is replaced.
    pub fn redeal(&mut self, deal: Deal) {
        if self.current.as_ref().is_some_and(|h| h.history().is_empty()) {
            self.current = None;
            self.deal_next(Some(deal));
        }
    }

    fn deal_next(&mut self, deal: Option<Deal>) {
        if self.is_over_by_limit() {
            self.current = None;
            return;
        }
        let k = self.finished.len() as u64;
        let deal = deal.unwrap_or_else(|| Deal::seeded(self.seed, k));
        let cfg = HandConfig::from_rules(&self.rules);
        self.current = Some(RussianHand::new(cfg, self.dealer(), deal, self.min_opening()));
    }

    fn is_over_by_limit(&self) -> bool {
        match self.hand_limit {
            Some(n) => self.finished.len() as u32 >= n,
            None => self.sheet.is_game_over(&self.rules),
        }
    }

    /// The scoresheet so far.
    pub fn sheet(&self) -> &Scoresheet {
        &self.sheet
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The match seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The dealer of the first hand.
    pub fn first_dealer(&self) -> Seat {
        self.first_dealer
    }

    /// The hand limit, if any.
    pub fn hand_limit(&self) -> Option<u32> {
        self.hand_limit
    }

    /// The dealer of the current (or next) hand: the deal passes clockwise after every hand,
    /// thrown-in hands included (R3).
    pub fn dealer(&self) -> Seat {
        ((self.first_dealer as usize + self.finished.len()) % self.rules.players() as usize) as Seat
    }

    /// Finished hands, in order.
    pub fn finished_hands(&self) -> &[RussianHand] {
        &self.finished
    }

    /// The hand being played (`None` once the match is over).
    pub fn current_hand(&self) -> Option<&RussianHand> {
        self.current.as_ref()
    }

    /// All-pass hands in a row just before the current hand (X3).
    pub fn allpass_streak(&self) -> u32 {
        self.allpass_streak
    }

    /// True when the match is over.
    pub fn is_over(&self) -> bool {
        self.current.is_none()
    }

    /// The length of one multiplier cycle (X3 `allpass_cycle`): the hands until the multiplier
    /// reaches the cap (for arithmetic progression, the cap itself); none without a
    /// progression (the multiplier stays 1).
    fn cycle_len(&self) -> Option<u32> {
        let o = self.rules.russian();
        let cap = o.allpass_progression_cap?;
        if !o.allpass_cycle || o.allpass_progression == Progression::None {
            return None;
        }
        let mut n = 1;
        while base_multiplier(o.allpass_progression, n) < u64::from(cap) && n < 64 {
            n += 1;
        }
        Some(n)
    }

    /// A6: the minimum opening bid of the current hand after the all-pass series before it.
    pub fn min_opening(&self) -> Option<Bid> {
        let exits = &self.rules.russian().allpass_exit;
        // X3 `allpass_cycle`: A6 counts the all-pass hands in a row modulo the cap itself
        // (RULES.md: "after 3 in a row, no restriction again" with cap 3), whatever the
        // progression.
        let o = self.rules.russian();
        let k = match o.allpass_progression_cap.filter(|c| o.allpass_cycle && *c > 0) {
            Some(cap) => self.allpass_streak % cap,
            None => self.allpass_streak,
        };
        if k == 0 || exits.is_empty() {
            return None;
        }
        let level = exits[(k as usize - 1).min(exits.len() - 1)];
        Bid::tricks(level, crate::Strain::Spades)
    }

    /// X3: the multiplier of the `n`-th all-pass hand in a row (n ≥ 1).
    pub fn allpass_multiplier(&self, n: u32) -> u64 {
        let o = self.rules.russian();
        let n = match self.cycle_len() {
            Some(len) => (n.max(1) - 1) % len + 1,
            None => n.max(1),
        };
        let m = base_multiplier(o.allpass_progression, n);
        o.allpass_progression_cap.map_or(m, |cap| m.min(u64::from(cap)))
    }

    /// Applies an action to the current hand. When it ends the hand, the match records it,
    /// updates the all-pass series, passes the deal and deals the next hand (unless the match
    /// is over); the finished hand's outcome is returned.
    ///
    /// # Errors
    /// As [`HandState::apply`]; also when the match is over.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Option<HandOutcome>, IllegalAction> {
        let Some(hand) = self.current.as_mut() else {
            return Err(IllegalAction {
                seat,
                action,
                reason: "the match is over".into(),
            });
        };
        hand.apply(seat, action)?;
        Ok(self.finish_if_over())
    }

    /// [`Match::apply`] without the legality check.
    pub fn apply_unchecked(&mut self, action: Action) -> Option<HandOutcome> {
        self.current.as_mut()?.apply_unchecked(action);
        self.finish_if_over()
    }

    fn finish_if_over(&mut self) -> Option<HandOutcome> {
        let hand = self.current.as_ref()?;
        let outcome = hand.outcome()?;
        let ctx = HandContext {
            dealer: hand.dealer(),
            allpass_multiplier: self.allpass_multiplier(self.allpass_streak + 1),
            talon: hand.deal().talon(),
        };
        self.sheet.record(&self.rules, &ctx, &outcome);
        self.allpass_streak = match outcome {
            HandOutcome::ThrownIn => self.allpass_streak,
            HandOutcome::AllPass { .. } => self.allpass_streak + 1,
            HandOutcome::Contract(c) if c.failed() && !self.rules.russian().allpass_reset_on_failed_contract => {
                self.allpass_streak
            }
            HandOutcome::Contract(_) => 0,
        };
        if let Some(h) = self.current.take() {
            self.finished.push(h);
        }
        self.deal_next(None);
        Some(outcome)
    }
}

/// X3: no all-pass multiplier exceeds this, cap or no cap (docs/rules.md "All-pass"): without
/// a cap the geometric one would pass 2^60 after 61 all-passes in a row and every score would
/// wrap around. It is above the largest cap an option may name (1,000,000), and no table
/// reaches it in play (the 21st all-pass in a row, geometric).
pub const ALLPASS_MULTIPLIER_CEILING: u64 = 1 << 20;

fn base_multiplier(p: Progression, n: u32) -> u64 {
    let m = match p {
        Progression::None => 1,
        Progression::Arithmetic => u64::from(n),
        Progression::Geometric => 1u64 << (n.saturating_sub(1)).min(20),
    };
    m.min(ALLPASS_MULTIPLIER_CEILING)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CardSet;

    fn pass_out(m: &mut Match) -> HandOutcome {
        loop {
            let h = m.current_hand().unwrap();
            let seat = h.to_move().unwrap();
            let mut legal = Vec::new();
            h.legal_actions(&mut legal);
            // pass in the auction, then the first legal card
            let a = if legal.contains(&Action::Pass) {
                Action::Pass
            } else {
                legal[0]
            };
            if let Some(o) = m.apply(seat, a).unwrap() {
                return o;
            }
        }
    }

    #[test]
    fn r3_dealer_rotates_after_every_hand() {
        let mut m = Match::new(Rules::sochi(), 5, 1, Some(4));
        let mut dealers = vec![m.dealer()];
        for _ in 0..4 {
            pass_out(&mut m);
            dealers.push(m.dealer());
        }
        assert_eq!(dealers, vec![1, 2, 0, 1, 2]);
        assert!(m.is_over());
        assert!(m.apply(0, Action::Pass).is_err());
    }

    #[test]
    fn r3_dealer_rotates_over_four_and_two_seats() {
        for (players, want) in [("4", vec![1, 2, 3, 0, 1, 2]), ("2", vec![1, 0, 1, 0, 1, 0])] {
            let rules = Rules::sochi().with("players", players).unwrap();
            let mut m = Match::new(rules, 5, 1, Some(5));
            let mut dealers = vec![m.dealer()];
            for _ in 0..5 {
                pass_out(&mut m);
                dealers.push(m.dealer());
            }
            assert_eq!(dealers, want, "{players} players");
        }
    }

    #[test]
    fn h3_hussar_allpass_thrown_in_and_deal_passes() {
        let rules = Rules::sochi().with("players", "2").unwrap();
        let mut m = Match::new(rules, 5, 0, None);
        assert_eq!(pass_out(&mut m), HandOutcome::ThrownIn);
        assert_eq!(m.dealer(), 1);
        assert_eq!(m.allpass_streak(), 0, "X3: a thrown-in hand is not an all-pass hand");
    }

    #[test]
    fn a6_minimum_opening_bid_after_allpass_series() {
        let rules = Rules::sochi().with("allpass_exit", "6,7,8").unwrap();
        let mut m = Match::new(rules, 1, 0, None);
        assert_eq!(m.min_opening(), None);
        let expect = ["6S", "7S", "8S", "8S"];
        for e in expect {
            assert!(matches!(pass_out(&mut m), HandOutcome::AllPass { .. }));
            assert_eq!(m.min_opening().unwrap().to_string(), e);
        }
        // The opening bid must reach the minimum: the eldest may not bid 7NT after 4 all-passes.
        let h = m.current_hand().unwrap();
        let mut legal = Vec::new();
        h.legal_actions(&mut legal);
        assert!(!legal.contains(&Action::Bid("7NT".parse().unwrap())));
        assert!(legal.contains(&Action::Bid("8S".parse().unwrap())));
        assert!(legal.contains(&Action::Bid(Bid::Misere)), "misère ranks above 8NT (A6)");
    }

    #[test]
    fn x3_progressions_and_cycle() {
        let m = |opts: &[(&str, &str)]| {
            let mut r = Rules::sochi();
            for (k, v) in opts {
                r.set(k, v).unwrap();
            }
            Match::new(r, 0, 0, None)
        };
        let a = m(&[("allpass_progression", "arithmetic")]);
        assert_eq!(
            (1..=4).map(|n| a.allpass_multiplier(n)).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        let g = m(&[("allpass_progression", "geometric"), ("allpass_progression_cap", "4")]);
        assert_eq!(
            (1..=5).map(|n| g.allpass_multiplier(n)).collect::<Vec<_>>(),
            vec![1, 2, 4, 4, 4]
        );
        let c = m(&[
            ("allpass_progression", "arithmetic"),
            ("allpass_progression_cap", "3"),
            ("allpass_cycle", "true"),
        ]);
        assert_eq!(
            (1..=7).map(|n| c.allpass_multiplier(n)).collect::<Vec<_>>(),
            vec![1, 2, 3, 1, 2, 3, 1]
        );
        let n = m(&[]);
        assert_eq!(n.allpass_multiplier(5), 1);
    }

    #[test]
    fn x3_without_a_cap_the_multiplier_stops_at_its_ceiling_and_scores_stay_zero_sum() {
        let rules = Rules::sochi()
            .with("allpass_progression", "geometric")
            .and_then(|r| r.with("allpass_talon", "closed"))
            .unwrap();
        let mut m = Match::new(rules, 3, 0, None);
        assert_eq!(m.allpass_multiplier(21), ALLPASS_MULTIPLIER_CEILING);
        assert_eq!(m.allpass_multiplier(64), ALLPASS_MULTIPLIER_CEILING);
        assert_eq!(m.allpass_multiplier(u32::MAX), ALLPASS_MULTIPLIER_CEILING);
        // 70 all-passes in a row: past the 61st the scores wrapped around before.
        for _ in 0..70 {
            assert!(matches!(pass_out(&mut m), HandOutcome::AllPass { .. }));
        }
        let st = m.sheet().settlement(m.rules());
        let exact: Vec<(i64, i64)> = (0..3).map(|s| st.exact(s)).collect();
        let den = exact[0].1;
        assert!(exact.iter().all(|&(_, d)| d == den), "{exact:?}");
        assert_eq!(exact.iter().map(|&(n, _)| n).sum::<i64>(), 0, "{exact:?}");
        assert!(exact.iter().all(|&(n, _)| n.abs() < 1 << 40), "{exact:?}");
    }

    #[test]
    fn x3_a_contract_scored_without_play_ends_the_series_even_when_failures_do_not() {
        let rules = Rules::sochi()
            .with("allpass_progression", "arithmetic")
            .and_then(|r| r.with("allpass_reset_on_failed_contract", "false"))
            .unwrap();
        let mut m = Match::new(rules, 3, 0, None);
        pass_out(&mut m);
        assert_eq!(m.allpass_streak, 1);
        // The first to speak bids 6♠, everyone else passes (auction and whists): both
        // defenders pass, and the contract is scored as made without play (W3).
        let six_spades: Action = "bid 6S".parse().unwrap();
        let outcome = loop {
            let h = m.current_hand().unwrap();
            let seat = h.to_move().unwrap();
            let mut legal = Vec::new();
            h.legal_actions(&mut legal);
            let a = [six_spades, Action::Pass]
                .into_iter()
                .find(|a| legal.contains(a))
                .unwrap_or(legal[0]);
            if let Some(o) = m.apply(seat, a).unwrap() {
                break o;
            }
        };
        let HandOutcome::Contract(c) = outcome else {
            panic!("a contract: {outcome:?}")
        };
        assert_eq!(c.resolution, crate::outcome::Resolution::BothPassed);
        assert!(!c.failed());
        assert_eq!(m.allpass_streak, 0, "an unplayed contract ends the series (X3)");
        // A half-whist ends it too; a played contract short of its level does not.
        let mut half = c;
        half.resolution = crate::outcome::Resolution::HalfWhist;
        half.declarer_tricks = 0;
        assert!(!half.failed());
        let mut short = half;
        short.resolution = crate::outcome::Resolution::Played;
        assert!(short.failed());
    }

    #[test]
    fn x3_cycle_resets_a6_restriction() {
        let rules = Rules::sochi()
            .with("allpass_exit", "7")
            .and_then(|r| r.with("allpass_progression", "arithmetic"))
            .and_then(|r| r.with("allpass_progression_cap", "2"))
            .and_then(|r| r.with("allpass_cycle", "true"))
            .unwrap();
        let mut m = Match::new(rules, 3, 0, None);
        pass_out(&mut m);
        assert!(m.min_opening().is_some());
        pass_out(&mut m);
        assert_eq!(
            m.min_opening(),
            None,
            "after cap all-passes in a row, no restriction again"
        );
    }

    #[test]
    fn x3_a6_counts_modulo_the_cap_whatever_the_progression() {
        // Geometric, cap 4: the multipliers cycle 1, 2, 4, but A6 counts modulo 4 (RULES.md
        // X3); no progression at all: the count still starts again every cap hands.
        for (progression, cap, free_after) in [("geometric", "4", 4), ("none", "2", 2)] {
            let rules = Rules::sochi()
                .with("allpass_exit", "7")
                .and_then(|r| r.with("allpass_progression", progression))
                .and_then(|r| r.with("allpass_progression_cap", cap))
                .and_then(|r| r.with("allpass_cycle", "true"))
                .unwrap();
            let mut m = Match::new(rules, 3, 0, None);
            for n in 1..=2 * free_after {
                pass_out(&mut m);
                let free = n % free_after == 0;
                assert_eq!(m.min_opening().is_none(), free, "{progression}: after {n} all-passes");
            }
        }
    }

    #[test]
    fn redeal_replaces_an_untouched_hand() {
        let mut m = Match::new(Rules::sochi(), 0, 0, None);
        let d = Deal::seeded(77, 0);
        m.redeal(d);
        assert_eq!(m.current_hand().unwrap().deal(), &d);
        let (_, talon, _, _) = m.current_hand().unwrap().card_places();
        assert_eq!(talon, d.talon().into_iter().collect::<CardSet>());
    }
}
