//! What the line-by-line game says in the less common forms: the four-player dealer (F1,
//! F3), Rostov, holds (A3), `--ascii`.

use super::*;
use preferans::{HandState, Rules, Viewer};

/// Plays match `m` until `stop` holds for the seat to move (or the first hand ends): the
/// first bidder bids 6♠ and everyone else passes; the F3 dealer looks at the first hand
/// offered and whists when `dealer_whists`; every other decision takes the first legal
/// action. Returns the observation of `viewer` at the stop.
fn play_until(m: &mut Match, dealer_whists: bool, viewer: Seat, stop: impl Fn(&Observation) -> bool) -> Observation {
    let six: Action = "bid 6S".parse().unwrap();
    while let Some(hand) = m.current_hand() {
        let Some(seat) = hand.to_move() else { break };
        let obs = hand.observation(Viewer::Seat(seat));
        if stop(&obs) {
            return hand.observation(Viewer::Seat(viewer));
        }
        let legal = &obs.legal_actions;
        let look = legal.iter().find(|a| matches!(a, Action::Look(_))).copied();
        let a = if legal.contains(&six) && obs.highest_bid.is_none() {
            six
        } else if let (Some(look), true) = (look, dealer_whists) {
            look
        } else if obs.phase == PhaseKind::DealerWhist && dealer_whists {
            Action::Whist
        } else if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        m.apply(seat, a).unwrap();
        if m.finished_hands().len() == 1 {
            break;
        }
    }
    m.current_hand()
        .map_or_else(|| panic!("the hand ended"), |h| h.observation(Viewer::Seat(viewer)))
}

fn four(preset: &str, options: &[(&str, &str)]) -> Match {
    let mut rules = Rules::preset(preset).unwrap().with("players", "4").unwrap();
    for (k, v) in options {
        rules = rules.with(k, v).unwrap();
    }
    // Dealer seat 3.
    Match::new(rules, 1, 3, Some(2))
}

#[test]
fn f1_f3_the_four_player_dealer_is_told_what_he_does() {
    let mut m = four("sochi", &[("dealer_whist_when_both_pass", "true")]);
    let o = play_until(&mut m, true, 3, |o| o.phase == PhaseKind::Auction);
    assert!(show(&m, &o, 3, true).contains("you deal and sit this hand out (F1)"));
    let o = play_until(&mut m, false, 3, |o| o.phase == PhaseKind::DealerWhist);
    let screen = show(&m, &o, 3, true);
    assert!(
        screen.contains("both defenders passed: look at a hand, whist for both (F3)"),
        "{screen}"
    );
    let o = play_until(&mut m, true, 3, |o| o.phase == PhaseKind::Play);
    let screen = show(&m, &o, 3, true);
    assert!(
        screen.contains("you deal (F1) and play the defenders' hands for them (F3)"),
        "{screen}"
    );
    assert!(!screen.contains("sit this hand out"), "{screen}");
}

#[test]
fn f3_x2_the_dealer_s_allpass_talon_only_when_its_cards_lead() {
    let allpass = |o: &Observation| o.phase == PhaseKind::Play && o.contract.is_none();
    let pass_all = |m: &mut Match| {
        for _ in 0..3 {
            let seat = m.current_hand().unwrap().to_move().unwrap();
            m.apply(seat, Action::Pass).unwrap();
        }
    };
    // Sochi: the talon's cards lead the first two tricks for the dealer.
    let mut m = four("sochi", &[("dealer_allpass_talon", "true")]);
    pass_all(&mut m);
    let o = play_until(&mut m, false, 3, allpass);
    let screen = table_text(&m, &o, 3, true);
    assert!(
        screen.contains("own the talon") && screen.contains("all-pass: take as few tricks as you can"),
        "{screen}"
    );
    // Rostov's closed talon: a pool point instead; he plays nothing and is not told to.
    let mut m = four("rostov", &[("dealer_allpass_talon", "true")]);
    pass_all(&mut m);
    let o = play_until(&mut m, false, 3, allpass);
    let screen = table_text(&m, &o, 3, true);
    assert!(screen.contains("sit this hand out"), "{screen}");
    assert!(
        screen.contains("all-pass: the players take as few tricks as they can"),
        "{screen}"
    );
    // The hand's summary names the dealer's point, which would read as a zero-trick one.
    while m.finished_hands().is_empty() {
        let hand = m.current_hand().unwrap();
        let seat = hand.to_move().unwrap();
        let a = hand.observation(Viewer::Seat(seat)).legal_actions[0];
        m.apply(seat, a).unwrap();
    }
    let entries = crate::describe::hand_entries(m.sheet(), 1, |s| format!("seat {s}"));
    assert!(
        entries.contains(&"seat 3 pool +1 (dealer, F3)".to_string()),
        "{entries:?}"
    );
}

#[test]
fn a3_a_hold_is_marked_in_the_choices_and_in_the_bot_s_words() {
    // Dealer 0: seat 1 is the eldest, who may hold (A3).
    let mut m = Match::new(Rules::sochi(), 1, 0, Some(1));
    for (seat, a) in [(1, "bid 6S"), (2, "bid 6C"), (0, "pass")] {
        m.apply(seat, a.parse().unwrap()).unwrap();
    }
    let o = m.current_hand().unwrap().observation(Viewer::Seat(1));
    let hold: Action = "bid 6C".parse().unwrap();
    assert!(o.legal_actions.contains(&hold));
    let screen = show(&m, &o, 1, true);
    assert!(screen.contains("2:bid 6C (hold)  3:bid 6D"), "{screen}");
    assert_eq!(bot_action_text(hold, &o, None, 0, true), "holds 6C");
    assert_eq!(bot_action_text("bid 7S".parse().unwrap(), &o, None, 0, true), "bids 7S");
}

#[test]
fn ascii_turns_the_rules_crate_s_suit_symbols_into_letters() {
    assert_eq!(
        ascii_suits(true, "declared 6♥, then 7♠ 8♣ 9♦".into()),
        "declared 6H, then 7S 8C 9D"
    );
    assert_eq!(ascii_suits(false, "6♥".into()), "6♥");
}
