//! Tests of the expert's card play, offers and sampling.
use super::*;
use preferans::russian::HandConfig;
use preferans::{Deal, HandState, Rules, RussianHand, Viewer};
use preferans_solver::play_card;

/// Drives a hand to the card play with the given opening and whist calls.
fn to_play(seed: u64, script: &[&str]) -> Option<RussianHand> {
    let mut h = RussianHand::new(HandConfig::from_rules(&Rules::sochi()), 2, Deal::seeded(seed, 0), None);
    for a in script {
        let seat = h.to_move()?;
        let mut legal = Vec::new();
        h.legal_actions(&mut legal);
        let action: Action = if *a == "discard" {
            *legal.first()?
        } else {
            a.parse().ok()?
        };
        h.apply(seat, action).ok()?;
    }
    Some(h)
}

/// Seat 1 declares misère (open by default, W7).
const MISERE: &[&str] = &["pass", "bid misere", "pass", "discard", "declare misere"];
/// Seat 1 declares 6♠; one defender whists, the defence open or closed (W4).
const SIX_SPADES_OPEN: &[&str] = &[
    "pass",
    "bid 6S",
    "pass",
    "discard",
    "declare 6S",
    "whist",
    "pass",
    "open",
];
const SIX_SPADES_CLOSED: &[&str] = &[
    "pass",
    "bid 6S",
    "pass",
    "discard",
    "declare 6S",
    "whist",
    "pass",
    "closed",
];

#[test]
fn expert_never_loses_a_trick_the_solver_proves_in_open_positions() {
    // Misère against an open defence and open whist: the declarer sees every card, so his
    // choice must be double-dummy optimal.
    let mut bot = ExpertBot::new(1, 40);
    let mut solver = Solver::with_table_bytes(1 << 20);
    let mut checked = 0;
    for seed in 0..40u64 {
        let script: &[&str] = if seed % 2 == 0 { MISERE } else { SIX_SPADES_OPEN };
        let Some(mut h) = to_play(seed, script) else { continue };
        let declarer = h.declarer().unwrap();
        let mut legal = Vec::new();
        while let Some(seat) = h.to_move() {
            h.legal_actions(&mut legal);
            let obs = h.observation(Viewer::Seat(seat));
            let open = obs.hands.iter().all(|v| v.cards.is_some());
            let action = if seat == declarer && open && h.play_state().is_some() {
                let a = bot.choose(&obs).unwrap();
                let state = h.play_state().unwrap();
                let obj = Objective::of(&state);
                let best = solver.solve(&state, obj).unwrap().tricks;
                if let Action::Play(c) = a {
                    let after = solver.solve(&play_card(&state, c), obj).unwrap().tricks;
                    assert_eq!(after, best, "seed {seed}: {c} loses a trick");
                    checked += 1;
                }
                a
            } else {
                *legal.iter().find(|a| matches!(a, Action::Play(_))).unwrap_or(&legal[0])
            };
            h.apply(seat, action).unwrap();
        }
    }
    assert!(checked > 50, "only {checked} open decisions checked");
}

#[test]
fn p3_declarer_accepts_a_fair_offer_and_refuses_a_worse_one() {
    // Open defence: the declarer sees every card, so his answer rests on the exact
    // double-dummy result v of playing on. The defence offers him exactly v tricks, then
    // one worse for him: one fewer in a trick contract, one more in a misère.
    let mut bot = ExpertBot::new(7, 40);
    let mut solver = Solver::with_table_bytes(1 << 20);
    let mut checked = [0, 0];
    let contract: [&[&str]; 2] = [SIX_SPADES_OPEN, MISERE];
    for (misere, script) in contract.iter().enumerate() {
        for seed in 0..30u64 {
            let Some(h) = to_play(seed, script) else { continue };
            let (Some(state), Some(declarer)) = (h.play_state(), h.declarer()) else {
                continue;
            };
            let v = solver.solve(&state, Objective::of(&state)).unwrap().tricks;
            let worse = if misere == 1 { v + 1 } else { v.wrapping_sub(1) };
            let Some(offerer) = h.to_move() else { continue };
            for (declarer_share, want) in [(v, Action::Accept), (worse, Action::Refuse)] {
                if declarer_share > 10 {
                    continue;
                }
                let mut offered = h.clone();
                if offered.apply(offerer, Action::Offer(10 - declarer_share)).is_err() {
                    continue;
                }
                assert_eq!(offered.to_move(), Some(declarer), "the declarer answers");
                let obs = offered.observation(Viewer::Seat(declarer));
                assert_eq!(
                    bot.choose(&obs),
                    Some(want),
                    "seed {seed}, misère {misere}: v {v}, offered {declarer_share}"
                );
                // The Hint button weighs the answer the same way, with the exact count.
                let hs = crate::hints::hints(&obs, &mut bot);
                assert_eq!(hs[0].action, want, "seed {seed}: {hs:?}");
                assert!(
                    hs.iter().any(|h| h
                        .reason
                        .contains(&format!("play on: the declarer's tricks {v} (every card known"))),
                    "{hs:?}"
                );
                checked[misere] += 1;
            }
        }
    }
    assert!(checked[0] >= 20 && checked[1] >= 20, "offers answered: {checked:?}");
}

#[test]
fn p3_a_defender_with_hidden_cards_takes_a_gift_and_refuses_a_grab() {
    // Closed defence: the first defender to answer samples the declarer's and his
    // partner's cards. The declarer offering to take no more tricks is a gift; offering
    // to take every trick left, when the exact result is far below that, is a grab.
    let mut bot = ExpertBot::new(3, 40);
    let mut solver = Solver::with_table_bytes(1 << 20);
    let mut checked = 0;
    for seed in 0..30u64 {
        let Some(mut h) = to_play(seed, SIX_SPADES_CLOSED) else {
            continue;
        };
        let Some(declarer) = h.declarer() else { continue };
        // The eldest leads his first card; then the declarer is to move.
        let mut legal = Vec::new();
        h.legal_actions(&mut legal);
        let (Some(eldest), Some(lead)) = (h.to_move(), legal.iter().find(|a| matches!(a, Action::Play(_)))) else {
            continue;
        };
        h.apply(eldest, *lead).unwrap();
        if h.to_move() != Some(declarer) {
            continue;
        }
        let state = h.play_state().unwrap();
        let v = solver.solve(&state, Objective::of(&state)).unwrap().tricks;
        for (take, want) in [(0, Action::Accept), (10, Action::Refuse)] {
            if take == 10 && v > 7 {
                continue;
            }
            let mut offered = h.clone();
            if offered.apply(declarer, Action::Offer(take)).is_err() {
                continue;
            }
            let Some(answerer) = offered.to_move() else { continue };
            assert_ne!(answerer, declarer);
            let obs = offered.observation(Viewer::Seat(answerer));
            assert!(obs.hands.iter().any(|v| v.cards.is_none()), "hidden cards");
            assert_eq!(bot.choose(&obs), Some(want), "seed {seed}: v {v}, declarer asks {take}");
            let hs = crate::hints::hints(&obs, &mut bot);
            assert_eq!(hs[0].action, want, "seed {seed}: {hs:?}");
            assert!(
                hs.iter()
                    .all(|h| h.reason.contains("settle at") || h.reason.contains("on average")),
                "{hs:?}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} offers answered");
}

#[test]
fn samples_respect_voids_and_sizes() {
    let h = to_play(
        3,
        &["pass", "bid 6S", "pass", "discard", "declare 6S", "whist", "whist"],
    )
    .unwrap();
    let obs = h.observation(Viewer::Seat(0));
    let k = known(&obs);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20 {
        let s = sample(&k, &mut rng).unwrap();
        for (hand, size) in s.iter().zip(k.sizes) {
            assert_eq!(hand.len(), u32::from(size));
        }
        assert!((s[0] & s[1]).is_empty() && (s[1] & s[2]).is_empty());
    }
}

#[test]
fn w4_a_lone_whister_defends_open_and_the_hint_says_so() {
    let mut bot = ExpertBot::new(3, 12);
    let mut asked = 0;
    for seed in 0..20u64 {
        let Some(h) = to_play(seed, &SIX_SPADES_OPEN[..7]) else {
            continue;
        };
        let Some(whister) = h.to_move() else { continue };
        let o = h.observation(Viewer::Seat(whister));
        if o.phase != PhaseKind::DefenceChoice {
            continue;
        }
        assert_eq!(bot.choose(&o), Some(Action::Open), "seed {seed}");
        let hints = crate::hints::hints(&o, &mut bot);
        assert_eq!(hints[0].action, Action::Open, "seed {seed}: {hints:?}");
        assert!(
            hints[0].reason.starts_with("open: you play both defence hands"),
            "{}",
            hints[0].reason
        );
        asked += 1;
    }
    assert!(asked >= 10, "open or closed asked {asked} times");
}

#[test]
fn p3_offer_hints_come_after_the_cards_nearest_the_count_first_and_one_in_a_short_list() {
    // Open defence: the declarer sees every card, so the card hints are exact and the offer
    // nearest to his count is the number of tricks still to come that the best card gives.
    let mut bot = ExpertBot::new(5, 40);
    let mut solver = Solver::with_table_bytes(1 << 20);
    let mut checked = 0;
    for seed in 0..30u64 {
        let Some(mut h) = to_play(seed, SIX_SPADES_OPEN) else {
            continue;
        };
        let Some(declarer) = h.declarer() else { continue };
        while let Some(seat) = h.to_move().filter(|s| *s != declarer) {
            let mut legal = Vec::new();
            h.legal_actions(&mut legal);
            let Some(card) = legal.iter().find(|a| matches!(a, Action::Play(_))) else {
                break;
            };
            h.apply(seat, *card).unwrap();
        }
        if h.to_move() != Some(declarer) {
            continue;
        }
        let obs = h.observation(Viewer::Seat(declarer));
        if !obs.legal_actions.iter().any(|a| matches!(a, Action::Offer(_))) {
            continue;
        }
        let state = h.play_state().unwrap();
        let total = solver.solve(&state, Objective::of(&state)).unwrap().tricks;
        let taken = obs
            .hands
            .iter()
            .find(|v| v.holder == Holder::Seat(declarer))
            .unwrap()
            .tricks;
        let hs = crate::hints::hints(&obs, &mut bot);
        assert_eq!(hs.len(), obs.legal_actions.len());
        let first_offer = hs.iter().position(|h| matches!(h.action, Action::Offer(_))).unwrap();
        assert!(
            hs[..first_offer].iter().all(|h| matches!(h.action, Action::Play(_))),
            "{hs:?}"
        );
        assert!(
            hs[first_offer..].iter().all(|h| matches!(h.action, Action::Offer(_))),
            "{hs:?}"
        );
        assert_eq!(
            hs[first_offer].action,
            Action::Offer(total - taken),
            "seed {seed}: {hs:?}"
        );
        assert!(
            hs[first_offer].reason.contains("about what playing on gives it"),
            "{hs:?}"
        );
        let short = crate::hints::shortlist(&hs, 5);
        assert!(
            short.iter().filter(|h| matches!(h.action, Action::Offer(_))).count() <= 1,
            "{short:?}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} positions checked");
}
