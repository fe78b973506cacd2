//! Bots for the Preferans family. A bot sees only a seat's [`Observation`] — what a person in
//! that seat would know — and answers with one of the legal actions listed in it.

#![warn(missing_docs)]

use preferans::deal::uniform_below;
use preferans::{Action, Observation};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

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
/// the same observations give the same actions.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
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
        random_choice(&mut self.rng, &observation.legal_actions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use preferans::{HandState, Match, Rules, Viewer};

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
