//! Where a bot's random choices come from. Each decision draws from its own stream, seeded by
//! the bot's seed and what identifies the decision (the seat, the cards it sees, the hand's
//! history so far), never by what the bot decided before. So the same seed and the same
//! observation give the same action: a game resumed from a record (`pref play --resume`) or a
//! table restored after a server restart goes on as it would have without the break.

use preferans::Observation;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// SplitMix64's finaliser: every input bit moves every output bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A stream seeded by `seed` and the `words` that name one use of it.
pub(crate) fn stream(seed: u64, words: &[u64]) -> ChaCha8Rng {
    let mut h = mix(seed ^ 0x5052_4546_4552_414e); // "PREFERAN"
    for w in words {
        h = mix(h ^ mix(*w));
    }
    ChaCha8Rng::seed_from_u64(h)
}

/// The stream of the decision `o` asks for.
pub(crate) fn decision_stream(seed: u64, o: &Observation) -> ChaCha8Rng {
    let mut words = vec![
        u64::from(o.seat.unwrap_or(u8::MAX)),
        u64::from(o.dealer),
        o.history.len() as u64,
        u64::from(o.tricks_done),
        o.trick.len() as u64,
    ];
    for h in &o.hands {
        // A hidden hand counts by its size only; bit 32 marks a seen hand.
        words.push(h.cards.map_or(u64::from(h.size), |c| u64::from(c.bits()) | 1 << 32));
    }
    stream(seed, &words)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bot_for, Bot};
    use preferans::{Action, HandState, Match, Rules, Viewer};
    use rand_core::RngCore;

    /// Plays `hands` hands with bots of `kind` (seat s seeded s + 10) and returns every
    /// decision: the observation and the action chosen.
    fn decisions(kind: &str, rules: &Rules, hands: u32) -> Vec<(Observation, Action)> {
        let mut m = Match::new(rules.clone(), 3, 0, Some(hands));
        let players = usize::from(rules.players());
        let mut bots: Vec<Box<dyn Bot + Send>> = (0..players)
            .map(|s| bot_for(kind, s as u64 + 10, Some(rules)).unwrap())
            .collect();
        let mut out = Vec::new();
        while let Some(hand) = m.current_hand() {
            let seat = hand.to_move().unwrap();
            let o = hand.observation(Viewer::Seat(seat));
            let a = bots[usize::from(seat)].choose(&o).unwrap();
            m.apply(seat, a).unwrap();
            out.push((o, a));
        }
        out
    }

    /// A fresh bot with the same seed, asked any decision of the game alone, chooses what the
    /// bot that played the whole game chose: a resumed game goes on as it would have.
    fn check_fresh_bots_repeat(kind: &str, rules: &Rules, hands: u32, every: usize) {
        let all = decisions(kind, rules, hands);
        assert!(all.len() > 5 * hands as usize, "{} decisions", all.len());
        // Every `every`-th decision, and every discard and contract (decided together).
        let asked = all.iter().enumerate().filter(|(i, (o, _))| {
            i % every == 0
                || matches!(
                    o.phase,
                    preferans::russian::PhaseKind::Discard | preferans::russian::PhaseKind::Declare
                )
        });
        for (_, (o, a)) in asked {
            let seat = o.seat.unwrap();
            let mut fresh = bot_for(kind, u64::from(seat) + 10, Some(rules)).unwrap();
            assert_eq!(
                fresh.choose(o),
                Some(*a),
                "{kind}: {} actions into a hand",
                o.history.len()
            );
        }
    }

    #[test]
    fn a_random_bot_decides_by_its_seed_and_the_observation_alone() {
        for players in ["3", "4", "2"] {
            let rules = Rules::sochi().with("players", players).unwrap();
            check_fresh_bots_repeat("random", &rules, 30, 1);
        }
    }

    #[test]
    fn an_expert_bot_decides_by_its_seed_and_the_observation_alone() {
        for players in ["3", "4", "2"] {
            let rules = Rules::sochi().with("players", players).unwrap();
            check_fresh_bots_repeat("expert-fast", &rules, 8, 3);
        }
    }

    #[test]
    fn streams_differ_by_seed_and_by_words_and_repeat_exactly() {
        let draw = |seed, words: &[u64]| stream(seed, words).next_u64();
        assert_eq!(draw(1, &[2, 3]), draw(1, &[2, 3]));
        assert_ne!(draw(1, &[2, 3]), draw(2, &[2, 3]));
        assert_ne!(draw(1, &[2, 3]), draw(1, &[3, 2]));
        assert_ne!(draw(1, &[2, 3]), draw(1, &[2, 3, 0]));
        // Pinned: the same seed gives the same stream on every machine and in every version.
        assert_eq!(draw(7, &[1, 2, 3]), 8_518_685_299_130_963_663);
    }
}
