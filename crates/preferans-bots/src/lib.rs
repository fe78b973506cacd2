//! Bots for the Preferans family. A bot sees only a seat's [`Observation`] — what a person in
//! that seat would know — and answers with one of the legal actions listed in it.

#![warn(missing_docs)]

pub mod analysis;
pub mod duplicate;
mod expert;
mod expert_allpass;
mod expert_bid_score;
mod expert_dealer;
mod expert_fit;
mod expert_misere;
mod expert_offer;
mod expert_outcome;
mod expert_sim;
mod heuristic;
pub mod hints;
pub mod review;
pub mod review_calls;
mod seeding;

pub use expert::{CardScores, ExpertBot};
pub use heuristic::{estimate_tricks, misere_danger, misere_holes, HeuristicBot};

use preferans::deal::uniform_below;
use preferans::{Action, Observation};

/// Every bot name [`bot_by_name`] knows, weakest first: the expert's levels differ in how
/// many deals each decision samples.
pub const BOT_NAMES: &[&str] = &["random", "heuristic", "expert-fast", "expert", "expert-strong"];

/// The seed of the bot in `seat` of a game dealt from `game_seed` (a match's or a duplicate
/// board's seed): the same in `pref sim` and `pref play`, `pref match` boards and server
/// tables, so a record — which holds the game's seed and each seat's bot kind — plays its bots
/// on the same way wherever it is resumed.
pub fn bot_seed(game_seed: u64, seat: u8) -> u64 {
    game_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (u64::from(seat) + 1)
}

/// The seed of the adviser of a game dealt from `game_seed`: the Hint button's (terminal and
/// server, [`adviser`]) and the post-game review's of the calls (`review_calls`). Both then
/// weigh a decision on the same sampled deals, so the review values a call as its hint did,
/// and a player who took the hinted call is not told it cost whists.
pub(crate) fn adviser_seed(game_seed: u64) -> u64 {
    game_seed ^ 0x5eed
}

/// Sampled deals per whist, discard or contract decision of the Hint button's adviser, and
/// the post-game review's default (`pref review --samples`, the server's review): the same
/// number on the same deals, so the review values each call as its hint did.
pub const ADVISER_SAMPLES: usize = 16;

/// The Hint button's adviser for a game dealt from `game_seed` under `rules`: the expert with
/// `card_budget` solver calls per card decision and [`ADVISER_SAMPLES`] deals per call, seeded
/// as the post-game review is.
pub fn adviser(game_seed: u64, card_budget: usize, rules: &preferans::Rules) -> ExpertBot {
    let mut bot = ExpertBot::new(adviser_seed(game_seed), card_budget).with_rules(rules);
    bot.sim_samples = ADVISER_SAMPLES;
    bot
}

/// A bot by name (see [`BOT_NAMES`]), seeded; the expert scores its simulations under Sochi.
pub fn bot_by_name(name: &str, seed: u64) -> Option<Box<dyn Bot + Send>> {
    bot_for(name, seed, None)
}

/// A bot by name for a table with these `rules` (the expert scores its simulations with them).
pub fn bot_for(name: &str, seed: u64, rules: Option<&preferans::Rules>) -> Option<Box<dyn Bot + Send>> {
    match name {
        "random" => Some(Box::new(RandomBot::new(seed))),
        "heuristic" => Some(Box::new(HeuristicBot::new())),
        _ => {
            let bot = ExpertBot::of_level(name, seed)?;
            Some(Box::new(match rules {
                Some(r) => bot.with_rules(r),
                None => bot,
            }))
        }
    }
}

/// A player that is a program.
pub trait Bot {
    /// The bot's kind, as written in records (`random`, …).
    fn kind(&self) -> &'static str;

    /// Chooses an action for the observed seat, which must be to move (its observation lists
    /// legal actions). Returns `None` only when the observation lists none.
    fn choose(&mut self, observation: &Observation) -> Option<Action>;
}

/// Plays a uniformly random legal action, except that all offers together (P3) count as one
/// choice, so a random player does not end most hands by offering. Seeded: the same seed and
/// the same observation give the same action, whatever it chose before (`seeding.rs`).
#[derive(Clone, Debug)]
pub struct RandomBot {
    seed: u64,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { seed }
    }
}

/// Picks uniformly among `legal`, all `Offer(_)` actions counting as one choice.
pub fn random_choice(rng: &mut impl rand_core::RngCore, legal: &[Action]) -> Option<Action> {
    let offers = legal.iter().filter(|a| matches!(a, Action::Offer(_))).count() as u32;
    let others = legal.len() as u32 - offers;
    let choices = others + u32::from(offers > 0);
    if choices == 0 {
        return None;
    }
    let k = uniform_below(rng, choices);
    if k < others {
        legal
            .iter()
            .filter(|a| !matches!(a, Action::Offer(_)))
            .nth(k as usize)
            .copied()
    } else {
        let n = uniform_below(rng, offers) as usize;
        legal.iter().filter(|a| matches!(a, Action::Offer(_))).nth(n).copied()
    }
}

impl Bot for RandomBot {
    fn kind(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, observation: &Observation) -> Option<Action> {
        random_choice(
            &mut seeding::decision_stream(self.seed, observation),
            &observation.legal_actions,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bot's kind, written in records, names its level: a game resumed from a record gets
    /// the same bots back (an expert-strong is not resumed as an expert).
    #[test]
    fn every_bot_is_written_as_its_own_name() {
        for name in BOT_NAMES {
            assert_eq!(bot_by_name(name, 1).unwrap().kind(), *name);
        }
    }
    use preferans::{CardSet, HandState, Match, Rules, Suit, Viewer};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn random_bots_finish_matches_for_every_player_count() {
        for players in ["2", "3", "4"] {
            let rules = Rules::sochi().with("players", players).unwrap();
            let mut m = Match::new(rules, 11, 0, Some(20));
            let mut bots: Vec<RandomBot> = (0..4).map(RandomBot::new).collect();
            let mut steps = 0;
            while let Some(hand) = m.current_hand() {
                let seat = hand.to_move().unwrap();
                let obs = hand.observation(Viewer::Seat(seat));
                let a = bots[seat as usize].choose(&obs).unwrap();
                m.apply(seat, a).unwrap();
                steps += 1;
                assert!(steps < 20 * 500);
            }
            assert_eq!(m.finished_hands().len(), 20);
        }
    }

    /// Plays a match with the given bots and returns each seat's settlement × players.
    fn play_match(rules: &Rules, seed: u64, hands: u32, bots: &mut [Box<dyn Bot + Send>]) -> Vec<i64> {
        let mut m = Match::new(rules.clone(), seed, 0, Some(hands));
        while let Some(hand) = m.current_hand() {
            let seat = hand.to_move().unwrap();
            let obs = hand.observation(Viewer::Seat(seat));
            let a = bots[seat as usize].choose(&obs).unwrap();
            m.apply(seat, a).unwrap();
        }
        let st = m.sheet().settlement(m.rules());
        (0..rules.players() as usize).map(|s| st.exact(s).0).collect()
    }

    #[test]
    fn heuristic_beats_random_in_every_seat() {
        let rules = Rules::sochi();
        let mut total = 0;
        for seat in 0..3 {
            for seed in 0..4 {
                let mut bots: Vec<Box<dyn Bot + Send>> = (0..3)
                    .map(|s| {
                        if s == seat {
                            bot_by_name("heuristic", 0).unwrap()
                        } else {
                            bot_by_name("random", seed * 10 + s).unwrap()
                        }
                    })
                    .collect();
                total += play_match(&rules, seed, 40, &mut bots)[seat as usize];
            }
        }
        assert!(total > 0, "the heuristic bot lost to random bots: {total}");
    }

    #[test]
    fn heuristic_plays_every_player_count_and_option() {
        for (players, opts) in [
            ("2", vec![]),
            (
                "4",
                vec![("dealer_whist_when_both_pass", "true"), ("talon_push", "true")],
            ),
            ("3", vec![("misere_without_talon", "true"), ("stalingrad", "true")]),
        ] {
            let mut rules = Rules::sochi().with("players", players).unwrap();
            for (k, v) in opts {
                rules.set(k, v).unwrap();
            }
            let n = rules.players();
            let mut bots: Vec<Box<dyn Bot + Send>> = (0..n).map(|_| bot_by_name("heuristic", 0).unwrap()).collect();
            let results = play_match(&rules, 3, 30, &mut bots);
            assert_eq!(results.iter().sum::<i64>(), 0);
        }
    }

    /// Seat 0 (eldest) holds every top card and declares 6♠; one defender whists, closed:
    /// the hand at the first lead.
    fn top_cards_hand() -> preferans::RussianHand {
        use preferans::russian::HandConfig;
        use preferans::{Deal, RussianHand};
        let hands = [
            "AS KS QS JS TS 9S 8S AC KC QC",
            "7S JC TC 9C 8C 7C AD KD QD JD",
            "TD 9D 8D 7D AH KH QH JH TH 9H",
        ];
        let deal = Deal::new(
            hands.map(|h| h.parse().unwrap()),
            ["8H".parse().unwrap(), "7H".parse().unwrap()],
        )
        .unwrap();
        let mut h = RussianHand::new(HandConfig::from_rules(&Rules::sochi()), 2, deal, None);
        for a in [
            "bid 6S",
            "pass",
            "pass",
            "discard 8H 7H",
            "declare 6S",
            "whist",
            "pass",
            "closed",
        ] {
            let seat = h.to_move().unwrap();
            h.apply(seat, a.parse().unwrap()).unwrap();
        }
        h
    }

    #[test]
    fn p3_heuristic_claims_the_rest_with_top_cards_and_the_others_accept() {
        // Seat 0 (eldest) holds every top card: after the auction he claims all ten tricks.
        let mut h = top_cards_hand();
        let mut bot = HeuristicBot::new();
        let o = h.observation(Viewer::Seat(0));
        assert_eq!(bot.choose(&o), Some(preferans::Action::Offer(10)));
        h.apply(0, preferans::Action::Offer(10)).unwrap();
        while let Some(seat) = h.to_move() {
            let a = bot.choose(&h.observation(Viewer::Seat(seat))).unwrap();
            h.apply(seat, a).unwrap();
        }
        match h.outcome() {
            Some(preferans::HandOutcome::Contract(c)) => {
                assert_eq!((c.declarer_tricks, c.resolution), (10, preferans::Resolution::Offer))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn p3_heuristic_does_not_claim_again_once_refused() {
        // The same hand as above, but the defence refuses the claim: the declarer plays it
        // out and does not put the offer again at each trick.
        use preferans::Action;
        let mut h = top_cards_hand();
        let mut bot = HeuristicBot::new();
        h.apply(0, Action::Offer(10)).unwrap();
        while h.to_move() != Some(0) {
            let seat = h.to_move().unwrap();
            h.apply(seat, Action::Refuse).unwrap();
        }
        let mut leads = 0;
        while let Some(seat) = h.to_move() {
            let a = bot.choose(&h.observation(Viewer::Seat(seat))).unwrap();
            assert!(!matches!(a, Action::Offer(_)), "offered again after a refusal: {a:?}");
            leads += usize::from(seat == 0 && h.observation(Viewer::Seat(0)).trick.is_empty());
            h.apply(seat, a).unwrap();
        }
        assert_eq!(leads, 10, "the declarer led every trick himself");
        match h.outcome() {
            Some(preferans::HandOutcome::Contract(c)) => {
                assert_eq!((c.declarer_tricks, c.resolution), (10, preferans::Resolution::Played))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn heuristic_evaluations() {
        let h: CardSet = "AS KS QS JS TS 9S AC KC AD AH".parse().unwrap();
        assert!(estimate_tricks(h, Some(Suit::Spades)) >= 9.0);
        let weak: CardSet = "7S 8S 9S 7C 8C 9C 7D 8D 7H 8H".parse().unwrap();
        assert!(estimate_tricks(weak, Some(Suit::Spades)) < 4.0);
        assert_eq!(misere_danger(weak), 0);
        assert!(misere_danger(h) > 3);
    }

    #[test]
    fn a4_misere_holes_are_cards_the_others_can_force() {
        let holes = |t: &str| misere_holes(t.parse().unwrap());
        // 7 9 J and a long low suit: always a card under theirs.
        assert_eq!(holes("7S 9S JS 7D 8D 9D TD JD"), 0);
        // An 8 without the 7 (the heuristic's count passes it).
        assert_eq!(holes("8S"), 1);
        assert_eq!(misere_danger("8S".parse().unwrap()), 0);
        // A Q J 10 8 against 7 9 K: the 8 and the 10 are above the others' 7 and 9.
        assert_eq!(holes("AS QS JS TS 8S"), 2);
        assert_eq!(misere_danger("AS QS JS TS 8S".parse().unwrap()), 0);
        // K Q J 10 9 8 of diamonds (the helper's s11 hand 21) with two low suits.
        assert!(holes("KD QD JD TD 9D 8D TC 8C 9H 8H") >= 3);
    }

    #[test]
    fn random_choice_treats_offers_as_one_choice() {
        let legal = [
            Action::Play("AS".parse().unwrap()),
            Action::Offer(0),
            Action::Offer(1),
            Action::Offer(2),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let offers = (0..4000)
            .filter(|_| matches!(random_choice(&mut rng, &legal), Some(Action::Offer(_))))
            .count();
        assert!((1700..2300).contains(&offers), "{offers}");
        assert_eq!(random_choice(&mut rng, &[]), None);
    }
}
