//! Shared by the solver's tests: random positions reached through the engine, and a plain
//! minimax written here, independent of the solver.

#![allow(dead_code)]

use preferans::deal::{hand_rng, uniform_below};
use preferans::russian::HandConfig;
use preferans::trick::{legal_cards, Obligations, Trick, TALON_OWNER};
use preferans::{Action, Card, Deal, HandState, PlayState, Rules, RussianHand};
use preferans_solver::Objective;

// `soak` and `soaked` (`PREF_SOAK`), shared with the unit tests.
include!("soak.rs");

/// Kinds of hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Trumps,
    NoTrump,
    Misere,
    AllPass,
}

/// A position of `kind` reached by random legal play from a seeded deal, with `left` tricks
/// left (at a trick boundary, or inside a trick when `mid_trick`).
pub fn random_position(seed: u64, kind: Kind, left: u8, mid_trick: bool) -> PlayState {
    let rules = Rules::sochi();
    let mut h = RussianHand::new(HandConfig::from_rules(&rules), 2, Deal::seeded(seed, 0), None);
    let mut rng = hand_rng(seed, 7);
    let opening = match kind {
        Kind::Trumps => {
            let strain = ["S", "C", "D", "H"][uniform_below(&mut rng, 4) as usize];
            format!("bid {}{strain}", 6 + uniform_below(&mut rng, 5))
        }
        Kind::NoTrump => format!("bid {}NT", 6 + uniform_below(&mut rng, 5)),
        Kind::Misere => "bid misere".into(),
        Kind::AllPass => "pass".into(),
    };
    for a in [opening.as_str(), "pass", "pass"] {
        let seat = h.to_move().unwrap();
        h.apply(seat, a.parse().unwrap()).unwrap();
    }
    let mut legal = Vec::new();
    while let Some(seat) = h.to_move() {
        let done = h.tricks_done();
        let ps = h.play_state();
        if let Some(ps) = ps {
            let at_target = 10 - done == left;
            if at_target && mid_trick != ps.trick.is_empty() {
                return ps;
            }
        }
        h.legal_actions(&mut legal);
        let choices: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Offer(_)))
            .filter(|a| {
                !matches!(a, Action::Declare(_)) || Some(a) == legal.iter().find(|x| matches!(x, Action::Declare(_)))
            })
            .filter(|a| !matches!(a, Action::Pass) || !matches!(h.phase_kind(), preferans::russian::PhaseKind::Whist))
            .collect();
        let a = choices[uniform_below(&mut rng, choices.len() as u32) as usize];
        h.apply(seat, a).unwrap();
    }
    panic!("hand ended before {left} tricks left");
}

/// The objective of each kind (all-pass: the player to move).
pub fn objective_of(state: &PlayState) -> Objective {
    Objective::of(state)
}

fn current_trick(s: &PlayState) -> Trick {
    if s.trick.is_empty() {
        if let Some(c) = s.talon_leads[0] {
            let mut t = Trick::new();
            t.push(if s.talon_can_win { 3 } else { TALON_OWNER }, c);
            return t;
        }
    }
    s.trick
}

/// Plain minimax over every legal card (no pruning, no table): the target's total tricks.
pub fn minimax(s: &PlayState, obj: Objective) -> u8 {
    s.tricks[obj.target() as usize] + future(s, obj, &mut None)
}

/// A card for tests.
pub fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// Plain minimax with memory: the same recursion as [`minimax`], remembering the target's
/// future tricks of every trick-boundary position (hands and leader; no talon card pending)
/// in a map. Still no pruning and no bounds: obviously right, and fast enough for positions
/// of six or seven tricks.
pub fn minimax_memo(s: &PlayState, obj: Objective) -> u8 {
    s.tricks[obj.target() as usize] + future(s, obj, &mut Some(Memo::new()))
}

type Memo = std::collections::HashMap<([u32; 3], u8), u8>;

/// The target's future tricks by plain minimax, remembering trick-boundary positions in
/// `memo` when there is one.
fn future(s: &PlayState, obj: Objective, memo: &mut Option<Memo>) -> u8 {
    if s.tricks_done == 10 {
        return 0;
    }
    let boundary = s.trick.is_empty() && s.talon_leads[0].is_none();
    let key = (s.hands.map(|h| h.bits()), s.to_play);
    if boundary {
        if let Some(&v) = memo.as_ref().and_then(|m| m.get(&key)) {
            return v;
        }
    }
    let target = obj.target() as usize;
    let maximize = matches!(obj, Objective::Declarer(_));
    let trick = current_trick(s);
    let mut base = *s;
    if s.trick.is_empty() && s.talon_leads[0].is_some() {
        base.talon_leads = [s.talon_leads[1], None];
        base.to_play = 0;
    }
    let mover = base.to_play as usize;
    let wants_high = (mover == target) == maximize;
    let legal = legal_cards(base.hands[mover], trick.led(), None, s.trump, Obligations::RUSSIAN);
    let mut best: Option<u8> = None;
    for card in legal {
        let mut n = base;
        n.hands[mover].remove(card);
        let mut t = trick;
        t.push(mover as u8, card);
        let talon_led = t.first_owner().is_some_and(|o| o > 2);
        let mut won = 0;
        if t.len() == 3 + usize::from(talon_led) {
            let w = t.winner(s.trump).unwrap();
            won = u8::from(w as usize == target);
            n.tricks_done += 1;
            n.trick = Trick::new();
            n.to_play = if talon_led || n.talon_leads[0].is_some() { 0 } else { w };
        } else {
            n.trick = t;
            n.to_play = (mover as u8 + 1) % 3;
        }
        let v = won + future(&n, obj, memo);
        best = Some(match best {
            None => v,
            Some(b) if wants_high => b.max(v),
            Some(b) => b.min(v),
        });
    }
    let v = best.unwrap_or(0);
    if boundary {
        if let Some(m) = memo.as_mut() {
            m.insert(key, v);
        }
    }
    v
}

/// The state after `cards` plays, each the legal card picked by `seed` (through the solver
/// crate's `legal_now` / `play_card`, which are the engine's rules).
pub fn advance(mut s: PlayState, cards: u64, seed: u64) -> PlayState {
    for k in 0..cards {
        let legal: Vec<_> = preferans_solver::legal_now(&s).iter().collect();
        if legal.is_empty() {
            break;
        }
        s = preferans_solver::play_card(&s, legal[((seed * 7 + k * 3) % legal.len() as u64) as usize]);
    }
    s
}
