//! The pause between hands, keys that are not text, typing over a box, the scoresheet's
//! totals, and `--ascii` screens.

use super::*;

/// Plays the user's first choice and the bots' until a hand ends; returns the app paused.
fn until_first_hand_ends(a: &mut App) {
    let mut steps = 0;
    while a.m.finished_hands().is_empty() {
        steps += 1;
        assert!(steps < 2_000, "the first hand ends");
        if a.human_to_move() {
            key(a, KeyCode::Enter);
        } else {
            a.step_bot();
        }
    }
}

#[test]
fn a_finished_hand_waits_for_a_key_before_the_next_goes_on() {
    let mut a = app(4, 3, 3);
    a.pause_between_hands = true;
    until_first_hand_ends(&mut a);
    assert_eq!(a.overlay, Overlay::HandOver);
    let s = screen(&a);
    assert!(s.contains("hand 1 over") && s.contains("Enter: the next hand"), "{s}");
    // Nothing moves while paused: no bot acts, and typing is not taken.
    let before = a.observation().unwrap().history.len();
    assert!(!a.step_bot());
    key(&mut a, KeyCode::Char('p'));
    assert_eq!(a.observation().unwrap().history.len(), before);
    assert_eq!((a.input.as_str(), &a.overlay), ("", &Overlay::HandOver));
    // Enter goes on, and does not act in the next hand.
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.overlay, Overlay::None);
    assert_eq!(a.observation().unwrap().history.len(), before);
}

#[test]
fn control_chords_type_nothing_and_typing_closes_the_hints() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    for c in ['l', 'a', 'w', 'z'] {
        a.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL));
    }
    a.key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::ALT));
    assert_eq!(a.input, "", "Ctrl and Alt chords are not text");
    key(&mut a, KeyCode::Char('!'));
    assert!(matches!(a.overlay, Overlay::Hints(_)));
    // Typing over the hints closes them and is taken as typing.
    let before = a.observation().unwrap().history.len();
    type_text(&mut a, "pass");
    assert_eq!(a.overlay, Overlay::None);
    assert_eq!(a.observation().unwrap().history.len(), before + 1, "the pass was made");
}

#[test]
fn enter_out_of_turn_drops_what_was_typed() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    key(&mut a, KeyCode::Enter);
    assert!(!a.human_to_move(), "a bot is to move after the user's call");
    type_text(&mut a, "pass");
    assert_eq!(a.input, "", "not kept to run into the next typing");
    assert!(a.message.contains("not your turn"), "{}", a.message);
}

#[test]
fn the_scoresheet_shows_totals_and_the_running_sums_apart() {
    let mut a = app(8, 4, 3);
    until_first_hand_ends(&mut a);
    key(&mut a, KeyCode::Tab);
    let s = screen(&a);
    let t = *a.m.sheet().totals();
    let pools = format!("pool {}   mountain {}", t.pool[0], t.mountain[0]);
    assert!(s.contains(&pools), "{pools}\n{s}");
    assert!(s.contains("as written:"), "{s}");
    // No dotted running sums that read as decimals ("pool 0.2").
    assert!(
        !s.contains("pool 0.") && !s.contains("mountain 0.") && !s.contains(": 0."),
        "{s}"
    );
}

#[test]
fn ascii_screens_hold_only_ascii() {
    let mut a = app(5, 2, 3);
    a.ascii = true;
    until_first_hand_ends(&mut a);
    for s in [screen(&a), {
        key(&mut a, KeyCode::Enter);
        key(&mut a, KeyCode::Tab);
        screen(&a)
    }] {
        assert!(s.is_ascii(), "{s}");
        assert!(s.contains("hand 1:"), "the summary is drawn: {s}");
    }
}
