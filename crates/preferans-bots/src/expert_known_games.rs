//! The games of the expert's knowledge tests: the table forms, and random players steered so
//! that all-passes, misères, contracts and dealer whists all occur.

use preferans::deal::uniform_below;
use preferans::observation::Observation;
use preferans::russian::PhaseKind;
use preferans::Action;
use rand_chacha::ChaCha8Rng;

/// A table form: a preset, a player count and options.
pub(super) struct Form {
    pub(super) name: &'static str,
    pub(super) preset: &'static str,
    pub(super) players: &'static str,
    pub(super) options: &'static [(&'static str, &'static str)],
}

pub(super) const FORMS: &[Form] = &[
    Form {
        name: "sochi",
        preset: "sochi",
        players: "3",
        options: &[],
    },
    Form {
        name: "leningrad, misère closed",
        preset: "leningrad",
        players: "3",
        options: &[("misere_defence", "closed")],
    },
    Form {
        name: "rostov (all-pass talon closed)",
        preset: "rostov",
        players: "3",
        options: &[],
    },
    Form {
        name: "sochi, misère without talon, stalingrad",
        preset: "sochi",
        players: "3",
        options: &[("misere_without_talon", "true"), ("stalingrad", "true")],
    },
    Form {
        name: "sochi 4 players, dealer options",
        preset: "sochi",
        players: "4",
        options: &[
            ("dealer_allpass_talon", "true"),
            ("dealer_whist_when_both_pass", "true"),
            ("talon_push", "true"),
        ],
    },
    Form {
        name: "leningrad 4 players",
        preset: "leningrad",
        players: "4",
        options: &[],
    },
    Form {
        name: "rostov 4 players, dealer all-pass talon (closed)",
        preset: "rostov",
        players: "4",
        options: &[("dealer_allpass_talon", "true"), ("talon_push", "true")],
    },
    Form {
        name: "hussar",
        preset: "sochi",
        players: "2",
        options: &[],
    },
    Form {
        name: "hussar, misère without talon",
        preset: "leningrad",
        players: "2",
        options: &[("misere_without_talon", "true")],
    },
];

/// Hands played per table form.
pub(super) const HANDS_PER_FORM: u64 = 160;
/// Samples drawn per decision (the last through the fitting sampler).
pub(super) const SAMPLES_PER_DECISION: usize = 3;

/// How the random players bid in one hand.
#[derive(Clone, Copy, Debug)]
pub(super) enum Mode {
    AllPass,
    Misere,
    Contract,
    /// A contract both defenders pass; the 4-player dealer looks and whists (F3).
    DealerWhist,
}

pub(super) fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> Option<T> {
    (!items.is_empty()).then(|| items[uniform_below(rng, items.len() as u32) as usize])
}

pub(super) fn chance(rng: &mut ChaCha8Rng, percent: u32) -> bool {
    uniform_below(rng, 100) < percent
}

/// A random legal action, steered by `mode` in the auction so that all-passes, misères and
/// contracts all occur; offers are rare (they end the hand).
pub(super) fn random_action(o: &Observation, mode: Mode, rng: &mut ChaCha8Rng) -> Action {
    let legal = &o.legal_actions;
    let bids: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Bid(_))).collect();
    let trick_bids = |max_level: u8| -> Vec<Action> {
        bids.iter()
            .copied()
            .filter(|a| matches!(a, Action::Bid(b) if b.level().is_some_and(|l| l <= max_level)))
            .collect()
    };
    let chosen = match o.phase {
        PhaseKind::Auction => match mode {
            Mode::AllPass => None,
            Mode::Misere if o.highest_bid.is_none() => {
                let miseres: Vec<Action> = bids
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Bid(b) if b.is_misere()))
                    .collect();
                pick(rng, &miseres)
            }
            Mode::Misere => None,
            Mode::Contract | Mode::DealerWhist if o.highest_bid.is_none() => {
                if chance(rng, 80) {
                    pick(rng, &trick_bids(7))
                } else {
                    None
                }
            }
            Mode::Contract | Mode::DealerWhist => {
                if chance(rng, 30) {
                    trick_bids(8).first().copied()
                } else {
                    None
                }
            }
        },
        PhaseKind::Declare => pick(rng, &legal[..legal.len().min(3)]),
        PhaseKind::Whist if matches!(mode, Mode::DealerWhist) => Some(Action::Pass),
        PhaseKind::DealerWhist if matches!(mode, Mode::DealerWhist) => legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Look(_) | Action::Whist)),
        PhaseKind::Play => {
            let offers: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Offer(_)))
                .collect();
            let others: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| !matches!(a, Action::Offer(_)))
                .collect();
            if chance(rng, 3) && !offers.is_empty() {
                pick(rng, &offers)
            } else {
                pick(rng, &others)
            }
        }
        _ => pick(rng, legal),
    };
    chosen.unwrap_or_else(|| {
        if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        }
    })
}
