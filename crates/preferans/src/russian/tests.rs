//! Unit tests of the Russian hand, named after RULES.md rule ids.

use super::*;
use crate::deal::hand_rng;
use crate::deal::uniform_below;

fn random_hand(cfg: HandConfig, seed: u64) -> RussianHand {
    let mut h = RussianHand::new(
        cfg,
        (seed % cfg.players as u64) as u8,
        Deal::seeded(seed, 0),
        None,
    );
    let mut rng = hand_rng(seed, 99);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(seat) = h.to_move() {
        h.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action at {:?}", h.phase);
        let a = legal[uniform_below(&mut rng, legal.len() as u32) as usize];
        h.apply(seat, a).unwrap();
        steps += 1;
        assert!(steps < 500);
    }
    h
}

#[test]
fn smoke_random_hands_finish() {
    for players in [2, 3, 4] {
        let rules = Rules::sochi()
            .with("players", &players.to_string())
            .unwrap();
        for seed in 0..300 {
            let h = random_hand(HandConfig::from_rules(&rules), seed);
            assert!(h.outcome().is_some());
        }
    }
}
