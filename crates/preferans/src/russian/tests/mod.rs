//! Unit tests of the Russian hand on hand-made deals, named after RULES.md rule ids.

mod auction;
mod play;
mod tables;
mod whist;

use super::*;
use crate::{Card, CardSet};

/// Position 0 (eldest), 1, 2 and the talon of the standard test deal. With 3 players and
/// dealer seat 2, seat = position.
pub(super) const HANDS: [&str; 3] = [
    "AS KS QS JS TS 9S 8S AC KC QC",
    "7S JC TC 9C 8C 7C AD KD QD JD",
    "TD 9D 8D 7D AH KH QH JH TH 9H",
];
pub(super) const TALON: [&str; 2] = ["8H", "7H"];

pub(super) fn deal_of(hands: [&str; 3], talon: [&str; 2]) -> Deal {
    let h = hands.map(|s| s.parse::<CardSet>().unwrap());
    let t = talon.map(|s| s.parse::<Card>().unwrap());
    Deal::new(h, t).unwrap()
}

/// A hand of the standard deal with options `opts` (name, value) and `players`.
pub(super) fn hand(players: u8, dealer: Seat, opts: &[(&str, &str)]) -> RussianHand {
    hand_with(players, dealer, opts, deal_of(HANDS, TALON))
}

pub(super) fn hand_with(players: u8, dealer: Seat, opts: &[(&str, &str)], deal: Deal) -> RussianHand {
    let mut rules = Rules::sochi().with("players", &players.to_string()).unwrap();
    for (k, v) in opts {
        rules.set(k, v).unwrap();
    }
    RussianHand::new(HandConfig::from_rules(&rules), dealer, deal, None)
}

/// Applies each action (text) by the seat to move; panics with context on refusal.
pub(super) fn act(h: &mut RussianHand, actions: &[&str]) {
    for a in actions {
        let seat = h.to_move().unwrap_or_else(|| panic!("hand over before '{a}'"));
        let action: Action = a.parse().unwrap();
        h.apply(seat, action).unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    }
}

/// The legal actions as text.
pub(super) fn legal(h: &RussianHand) -> Vec<String> {
    let mut v = Vec::new();
    h.legal_actions(&mut v);
    v.iter().map(|a| a.to_string()).collect()
}

pub(super) fn has(h: &RussianHand, action: &str) -> bool {
    legal(h).iter().any(|a| a == action)
}

/// Tries an action that must be refused; checks the state is unchanged.
pub(super) fn refused(h: &mut RussianHand, seat: Seat, action: &str) -> String {
    let before = h.clone();
    let err = h.apply(seat, action.parse().unwrap()).expect_err(action);
    assert_eq!(*h, before, "a refused action changed the state");
    err.reason
}

pub(super) fn contract(h: &RussianHand) -> ContractOutcome {
    match h.outcome() {
        Some(HandOutcome::Contract(c)) => c,
        other => panic!("expected a contract outcome, got {other:?}"),
    }
}

pub(super) fn sees(h: &RussianHand, viewer: Viewer, pos: usize) -> bool {
    h.observation(viewer).hands[pos].cards.is_some()
}

/// Plays the first legal card until the hand ends (no offers).
pub(super) fn play_out(h: &mut RussianHand) {
    while let Some(seat) = h.to_move() {
        let mut v = Vec::new();
        h.legal_actions(&mut v);
        let a = v
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Play(_)))
            .expect("a card to play");
        h.apply(seat, a).unwrap();
    }
}

use crate::outcome::{ContractOutcome, Resolution};
