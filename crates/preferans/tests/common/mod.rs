//! Helpers shared by the integration tests: a tiny deterministic RNG, the rules options the
//! property tests vary, and a random player that still lets hands reach the play.
//!
//! `fuzz_bodies` holds the bodies of the cargo-fuzz targets (`fuzz/` at the workspace root
//! includes the same file by path), so `tests/fuzz_smoke.rs` runs them on stable.

#![allow(dead_code)]

pub mod fuzz_bodies;
pub mod observation_checks;
pub mod splitmix;

pub use splitmix::SplitMix;

use preferans::deal::{hand_rng, uniform_below};
use preferans::record::PlayerRecord;
use preferans::russian::PhaseKind;
use preferans::{Action, HandState, Match, Rules, RussianHand};

/// The rules options the property tests vary (RULES.md A3, W5, W6, W7, P4, X2, F3; the
/// proptest strategy also the preset and the match's A6, X3, X4, S8 and S9 options), as
/// (name, value) pairs for [`Rules::with`]. The F3 dealer options only with 4 players.
#[derive(Clone, Debug)]
pub struct Options {
    /// The preset the pairs change: sochi, leningrad or rostov.
    pub preset: &'static str,
    /// 2 (Hussar), 3 or 4.
    pub players: u8,
    /// Option pairs, applied in order after `players`.
    pub pairs: Vec<(&'static str, &'static str)>,
}

impl Options {
    /// The rules: the preset with `players` and the pairs.
    pub fn rules(&self) -> Rules {
        let mut r = Rules::preset(self.preset)
            .expect("preset")
            .with("players", &self.players.to_string())
            .expect("players");
        for (k, v) in &self.pairs {
            r.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
        }
        r
    }

    /// Random options from a generator.
    pub fn random(rng: &mut SplitMix) -> Options {
        let players = [2u8, 3, 4][rng.below(3)];
        let mut pairs = vec![
            ("hold", ["eldest", "seniority", "none"][rng.below(3)]),
            ("stalingrad", ["false", "true"][rng.below(2)]),
            ("ten_trick", ["checked", "whisted"][rng.below(2)]),
            ("misere_defence", ["open", "closed"][rng.below(2)]),
            ("misere_without_talon", ["false", "true"][rng.below(2)]),
            ("allpass_talon", ["lead", "closed"][rng.below(2)]),
        ];
        if players == 4 {
            pairs.push(("dealer_whist_when_both_pass", ["false", "true"][rng.below(2)]));
            pairs.push(("dealer_allpass_talon", ["false", "true"][rng.below(2)]));
            pairs.push(("talon_push", ["false", "true"][rng.below(2)]));
        }
        Options {
            preset: "sochi",
            players,
            pairs,
        }
    }
}

/// How a random player leans: percent chance to pass in the auction when passing is legal,
/// and percent chance to make an offer when offers are legal (P3). Bids are mostly the
/// lowest (or a hold), sometimes misère or any bid, so that 6 and 7 contracts (whist rounds,
/// half-whists, the F3 dealer's whist) and misères come up often.
#[derive(Clone, Copy, Debug)]
pub struct Style {
    /// Percent chance to pass when the auction allows it.
    pub pass_pct: u8,
    /// Percent chance to offer when offers are legal.
    pub offer_pct: u8,
}

impl Style {
    /// A random style.
    pub fn random(rng: &mut SplitMix) -> Style {
        Style {
            pass_pct: [0, 30, 60, 85, 100][rng.below(5)],
            offer_pct: [0, 3, 10, 50][rng.below(4)],
        }
    }
}

/// Chooses one of `legal` (non-empty) for the hand `h` as a random player with `style`.
pub fn choose(h: &RussianHand, legal: &[Action], rng: &mut SplitMix, style: Style) -> Action {
    match h.phase_kind() {
        PhaseKind::Auction => {
            let bids: Vec<Action> = legal.iter().copied().filter(|a| *a != Action::Pass).collect();
            // Once somebody has bid, lean harder towards passing so that low contracts win.
            let opened = h.history().iter().any(|(_, a)| matches!(a, Action::Bid(_)));
            let pass_pct = if opened { style.pass_pct.max(60) } else { style.pass_pct };
            if bids.is_empty() || (legal.contains(&Action::Pass) && rng.pct(pass_pct)) {
                return Action::Pass;
            }
            let misere = bids
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Bid(b) if b.is_misere()))
                .collect::<Vec<_>>();
            match rng.below(10) {
                0 if !misere.is_empty() => misere[rng.below(misere.len())],
                0 | 1 => bids[rng.below(bids.len())],
                _ => bids[rng.below(bids.len().min(2))],
            }
        }
        PhaseKind::Play => {
            let (offers, others): (Vec<Action>, Vec<Action>) =
                legal.iter().copied().partition(|a| matches!(a, Action::Offer(_)));
            if others.is_empty() || (!offers.is_empty() && rng.pct(style.offer_pct)) {
                offers[rng.below(offers.len())]
            } else {
                others[rng.below(others.len())]
            }
        }
        _ => legal[rng.below(legal.len())],
    }
}

/// Plays a match with random legal actions (offers rarely) up to `hands` hands; the first
/// dealer is `seed % 3`, and the same seed plays the same match.
pub fn random_match(rules: Rules, seed: u64, hands: Option<u32>) -> Match {
    let mut m = Match::new(rules, seed, (seed % 3) as u8, hands);
    let mut rng = hand_rng(seed, u64::MAX);
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(h) = m.current_hand() {
        let seat = h.to_move().expect("a hand in progress has a seat to move");
        h.legal_actions(&mut legal);
        let cards: Vec<_> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Offer(_)))
            .collect();
        let pool = if cards.is_empty() || uniform_below(&mut rng, 20) == 0 {
            &legal
        } else {
            &cards
        };
        let a = pool[uniform_below(&mut rng, pool.len() as u32) as usize];
        m.apply(seat, a).unwrap();
        steps += 1;
        assert!(steps < 200_000, "match does not end");
    }
    m
}

/// Record entries for `n` random players named p0, p1, ….
pub fn players(n: u8) -> Vec<PlayerRecord> {
    (0..n)
        .map(|s| PlayerRecord {
            name: format!("p{s}"),
            kind: "random".into(),
        })
        .collect()
}

/// The rules of `preset` for `players` seats with `extra` options set in order.
pub fn rules(preset: &str, players: u8, extra: &[(&str, &str)]) -> Rules {
    let mut r = Rules::preset(preset)
        .unwrap()
        .with("players", &players.to_string())
        .unwrap();
    for (k, v) in extra {
        r.set(k, v).unwrap();
    }
    r
}
