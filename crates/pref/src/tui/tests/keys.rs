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
    // Under its result the table shows that hand as it ended, not the next one dealt.
    let header = s.lines().next().unwrap();
    assert!(header.contains("hand 1") && header.contains("Hand over"), "{header}");
    assert!(!header.to_lowercase().contains("hand over · hand over"), "{header}");
    assert_eq!(
        a.shown_observation().unwrap().phase,
        preferans::russian::PhaseKind::Done
    );
    // Nothing moves while paused: no bot acts, and typing is not taken.
    let before = a.observation().unwrap().history.len();
    assert!(!a.step_bot());
    key(&mut a, KeyCode::Char('p'));
    assert_eq!(a.observation().unwrap().history.len(), before);
    assert_eq!((a.input.as_str(), &a.overlay), ("", &Overlay::HandOver));
    // The sheet, the review and the help open from the pause and close back to it; no bot
    // acts meanwhile (Tab once dismissed the pause and let the next auction go ahead).
    for (open, close) in [
        (KeyCode::Tab, KeyCode::Tab),
        (KeyCode::Char('='), KeyCode::Esc),
        (KeyCode::Char('?'), KeyCode::Enter),
    ] {
        key(&mut a, open);
        assert_ne!(a.overlay, Overlay::HandOver, "{open:?} opens its box");
        assert!(!a.step_bot(), "nothing moves under {open:?}");
        key(&mut a, close);
        assert_eq!(a.overlay, Overlay::HandOver, "{close:?} goes back to the pause");
        assert_eq!(a.observation().unwrap().history.len(), before);
    }
    // Enter goes on, and does not act in the next hand.
    assert_eq!(Some(&a.message), a.log.last(), "the result is said");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.overlay, Overlay::None);
    assert_eq!(a.observation().unwrap().history.len(), before);
    assert!(
        screen(&a).lines().next().unwrap().contains("hand 2"),
        "the next hand now"
    );
    assert!(
        a.message.is_empty(),
        "the result stays in the log, not over the next hand"
    );
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

#[test]
fn after_an_allpass_the_opening_bid_and_the_multiplier_are_shown() {
    let rules = Rules::sochi()
        .with("allpass_exit", "7")
        .unwrap()
        .with("allpass_progression", "arithmetic")
        .unwrap();
    let (mut opening, mut times) = (false, false);
    for seed in 0..100 {
        let bots = (0..3)
            .map(|s| bot_by_name("heuristic", seed * 3 + s).unwrap())
            .collect();
        let mut a = no_pause(App::new(
            Match::new(rules.clone(), seed, 0, Some(3)),
            bots,
            0,
            false,
            None,
            seed,
        ));
        let mut steps = 0;
        // The user passes and plays his first card; after an all-pass the screen says why
        // no 6 may be bid (A6) and what the next all-pass counts (X3).
        while !a.m.is_over() && steps < 300 && !(opening && times) {
            steps += 1;
            if !a.human_to_move() {
                a.step_bot();
                continue;
            }
            let o = a.observation().unwrap();
            if a.m.allpass_streak() == 1 && o.highest_bid.is_none() && o.phase == preferans::russian::PhaseKind::Auction
            {
                let s = screen(&a);
                assert!(s.contains("after 1 all-pass the bidding opens at 7♠ (A6)"), "{s}");
                opening = true;
            }
            if a.m.allpass_streak() == 1 && o.contract.is_none() && o.phase == preferans::russian::PhaseKind::Play {
                let s = screen(&a);
                assert!(s.contains("all-pass (counts ×2, X3)"), "{s}");
                times = true;
            }
            key(&mut a, KeyCode::Enter);
        }
        if opening && times {
            return;
        }
    }
    panic!("no seed had two all-passes in a row with the user to move (opening {opening}, times {times})");
}

#[test]
fn a_narrow_screen_shows_the_log_in_the_tables_place_on_pgup() {
    let mut a = app(8, 4, 3);
    until_first_hand_ends(&mut a);
    bots_until_user(&mut a);
    let s = screen_sized(&a, 60, 20);
    // The rules stay in the header in their short form, and the key line names the log.
    assert!(s.lines().next().unwrap().contains("sochi 3p pool 20"), "{s}");
    assert!(s.contains("PgUp log"), "{s}");
    assert!(s.contains("┌ table ") && !s.contains("┌ log"), "{s}");
    key(&mut a, KeyCode::PageUp);
    let s = screen_sized(&a, 60, 20);
    assert!(!s.contains("┌ table ") && s.contains("PgDn table"), "{s}");
    assert!(s.contains("hand 1"), "the log heads the finished hand:\n{s}");
    assert_eq!(a.log_back.get(), 0, "the first PgUp shows the newest lines");
    // PgDn at the newest line brings the table back.
    key(&mut a, KeyCode::PageDown);
    let s = screen_sized(&a, 60, 20);
    assert!(s.contains("┌ table ") && !s.contains("PgDn table"), "{s}");
    // Acting brings the table back too.
    key(&mut a, KeyCode::PageUp);
    assert!(a.log_in_place);
    key(&mut a, KeyCode::Enter);
    assert!(!a.log_in_place);
    // On a wide screen PgUp scrolls the log beside the table, as before.
    let s = screen_sized(&a, 100, 30);
    assert!(s.contains("┌ table ") && s.contains("┌ log"), "{s}");
    key(&mut a, KeyCode::PageUp);
    assert!(!a.log_in_place);
}

#[test]
fn a_typed_number_chooses_nothing_in_the_full_screen_game() {
    // The plain mode numbers its list; this screen lists its choices in another order and
    // without the offers, so a number would act on something nobody sees.
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    let before = a.m.current_hand().unwrap().history().len();
    type_text(&mut a, "6");
    assert_eq!(a.m.current_hand().unwrap().history().len(), before, "nothing was done");
    assert!(a.message.contains("type the card or bid itself"), "{}", a.message);
    assert!(a.input.is_empty());
    // The highlight still acts.
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.m.current_hand().unwrap().history().len(), before + 1);
}

#[test]
fn the_help_fits_the_smallest_screen() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    key(&mut a, KeyCode::Char('?'));
    let s = screen_sized(&a, 60, 20);
    // Every word of the help is there, wrapped to 60 columns, none cut at the box's edge.
    for word in ["mis-nt", "refuse,", "8d.", "settlement", "table's", "(saved"] {
        assert!(s.contains(word), "{word}\n{s}");
    }
    // The last row, the end of the Ctrl-C line, is inside the box (not cut by its border).
    assert!(s.lines().any(|l| l.replace(' ', "").contains("saved)│")), "{s}");
}

#[test]
fn typed_quit_leaves_and_a_long_paste_is_refused_in_short() {
    let mut a = app(4, 3, 3);
    while !a.human_to_move() {
        a.step_bot();
    }
    // A paste of 3,000 characters: refused, quoted in 40 characters at most.
    for c in "x".repeat(3_000).chars() {
        key(&mut a, KeyCode::Char(c));
    }
    key(&mut a, KeyCode::Enter);
    assert!(a.message.contains("is not a legal choice here"), "{}", a.message);
    assert!(a.message.chars().count() < 120, "{}", a.message);
    assert!(!a.quit);
    for c in "Quit".chars() {
        key(&mut a, KeyCode::Char(c));
    }
    key(&mut a, KeyCode::Enter);
    assert!(!a.quit && a.message.contains("not saved"), "an unsaved game asks first");
    type_text(&mut a, "quit");
    assert!(a.quit, "typed quit leaves, as in the plain game");
}

#[test]
fn keys_act_on_nothing_while_the_screen_is_too_small_to_show_the_game() {
    let mut a = app(1, 1, 3);
    bots_until_user(&mut a);
    let before = a.observation().unwrap().history.len();
    // Drawn at 50×16: only the warning shows; a blind Enter passes nothing.
    let s = screen_sized(&a, 50, 16);
    assert!(s.contains("too small"), "{s}");
    type_text(&mut a, "10nt");
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.observation().unwrap().history.len(), before, "nothing played blind");
    // Large enough again: the keys act.
    screen(&a);
    key(&mut a, KeyCode::Enter);
    assert!(a.observation().unwrap().history.len() > before);
}

#[test]
fn a_resumed_card_decision_highlights_the_lowest_card() {
    // Play until the user has a card to play, then start the app again on that match, as
    // --resume does.
    let mut a = app(7, 10, 3);
    let mut steps = 0;
    loop {
        steps += 1;
        assert!(steps < 20_000 && !a.m.is_over(), "a card decision of the user's");
        if a.human_to_move() {
            let o = a.observation().unwrap();
            if o.phase == preferans::russian::PhaseKind::Play && o.legal_actions.len() > 1 {
                break;
            }
            key(&mut a, KeyCode::Enter);
        } else {
            a.step_bot();
        }
    }
    let bots = (0..3u64).map(|s| bot_by_name("heuristic", s).unwrap()).collect();
    let resumed = App::new(a.m.clone(), bots, 0, false, None, 7);
    let shown = super::super::shown_choices(&resumed.observation().unwrap());
    let lowest = shown
        .iter()
        .filter_map(|x| match x {
            Action::Play(c) => Some(c.rank()),
            _ => None,
        })
        .min()
        .unwrap();
    assert!(
        matches!(shown[resumed.selected], Action::Play(c) if c.rank() == lowest),
        "{shown:?}"
    );
}

#[test]
fn a_saved_game_is_written_before_its_first_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.json");
    std::fs::write(&path, "an older game").unwrap();
    let bots = (0..3u64).map(|s| bot_by_name("heuristic", s).unwrap()).collect();
    let a = App::new(
        Match::new(Rules::sochi(), 3, 0, None),
        bots,
        1,
        false,
        Some(path.clone()),
        3,
    );
    assert_eq!(a.saved_unfinished(), Some(path.as_path()));
    let record = preferans::record::Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record.players[1].kind, "human", "this game, not the older one");
}

#[test]
fn w2_a_whist_is_never_one_stray_enter_away() {
    let a = find_app_with(Rules::sochi(), 0, "heuristic", "pass", |o| {
        o.phase == preferans::russian::PhaseKind::Whist && o.legal_actions.contains(&Action::Whist)
    });
    let shown = super::super::shown_choices(&a.observation().unwrap());
    assert_eq!(shown[a.selected], Action::Pass, "{shown:?}");
}

#[test]
fn the_paused_hand_keeps_its_own_number_in_the_log_and_its_summary_last() {
    // A review saw the finished hand's calls under "hand 2 — dealer <hand 1's dealer>".
    let mut a = app(4, 3, 3);
    a.pause_between_hands = true;
    until_first_hand_ends(&mut a);
    let texts = super::super::view::log_texts(&a, &a.shown_observation().unwrap());
    let heading = texts
        .iter()
        .position(|t| t.starts_with("hand 1 — dealer"))
        .expect("hand 1's heading");
    assert!(texts.iter().all(|t| !t.starts_with("hand 2 — ")), "{texts:?}");
    assert!(
        texts.last().unwrap().starts_with("hand 1: "),
        "the summary last: {texts:?}"
    );
    assert!(heading + 1 < texts.len() - 1, "the hand's calls between: {texts:?}");
    // Going on: the summary stays, and the next hand has its heading under it.
    key(&mut a, KeyCode::Enter);
    let texts = super::super::view::log_texts(&a, &a.observation().unwrap());
    assert!(
        texts[0].starts_with("hand 1: ") && texts[1].starts_with("hand 2 — dealer"),
        "{texts:?}"
    );
}

#[test]
fn q_during_an_unsaved_game_asks_before_leaving() {
    let mut a = no_pause(app(4, 3, 3));
    bots_until_user(&mut a);
    type_text(&mut a, "q");
    assert!(!a.quit, "the first q asks");
    assert!(a.message.contains("not saved"), "{}", a.message);
    type_text(&mut a, "q");
    assert!(a.quit, "the second leaves");
}

#[test]
fn the_pause_after_a_hand_scrolls_the_log_and_q_leaves_from_it() {
    let mut a = app(4, 3, 3);
    a.pause_between_hands = true;
    until_first_hand_ends(&mut a);
    let before = a.observation().unwrap().history.len();
    // PgUp and PgDn move the log under the pause (the hand's tricks are there); the pause
    // stays and nothing moves.
    for (width, height) in [(100, 24), (80, 24), (60, 20)] {
        screen_sized(&a, width, height);
        key(&mut a, KeyCode::PageUp);
        key(&mut a, KeyCode::PageUp);
        assert!(a.log_back.get() > 0 || a.log_in_place, "{width}×{height}");
        assert_eq!(a.overlay, Overlay::HandOver);
        key(&mut a, KeyCode::PageDown);
        key(&mut a, KeyCode::PageDown);
        key(&mut a, KeyCode::PageDown);
        assert_eq!(a.log_back.get(), 0);
    }
    let s = screen_sized(&a, 100, 40);
    assert!(s.contains("q leaves") && s.contains("PgUp its tricks"), "{s}");
    // q asks (the game is not saved); going on drops the question.
    key(&mut a, KeyCode::Char('q'));
    assert!(
        !a.quit && a.message.contains("not saved") && a.message.contains("q again"),
        "{}",
        a.message
    );
    key(&mut a, KeyCode::Enter);
    assert!(!a.quit && a.message.is_empty() && a.overlay == Overlay::None);
    assert_eq!(
        a.observation().unwrap().history.len(),
        before,
        "Enter went on, and did not act"
    );
    // A saved game leaves at once from the pause (it is kept).
    let dir = tempfile::tempdir().unwrap();
    let mut a = app(4, 3, 3);
    a.save = Some(dir.path().join("g.json"));
    a.pause_between_hands = true;
    until_first_hand_ends(&mut a);
    key(&mut a, KeyCode::Char('q'));
    assert!(a.quit);
}

#[test]
fn f1_the_dealer_who_sits_out_is_told_so_not_to_wait_for_a_turn() {
    // Four players, the user deals the first hand (section 4): he holds no cards in it.
    let mut a = app(2, 1, 4);
    assert!(crate::play_view::sits_out(&a.observation().unwrap(), 0));
    key(&mut a, KeyCode::Enter);
    assert!(a.message.contains("sit it out"), "{}", a.message);
    assert!(!a.message.contains("not your turn yet"), "{}", a.message);
}

#[test]
fn p3_an_offer_to_answer_is_in_view_on_the_smallest_screen() {
    // A Hussar game (H1) saved where the user answers the bot's offer; on a 60×20 screen the
    // offer once fell below the table's last row.
    let record = preferans::record::Record::from_json(include_str!("data/offer_to_answer.json")).unwrap();
    let m = record.replay().unwrap();
    let bots = (0..2).map(|s| bot_by_name("heuristic", s).unwrap()).collect();
    let a = App::new(m, bots, 0, true, None, 5);
    assert!(a.observation().unwrap().legal_actions.contains(&Action::Accept));
    for (width, height) in [(80, 24), (60, 20)] {
        let s = screen_sized(&a, width, height);
        assert!(s.contains("offers to take 1 of the 1"), "{width}×{height}:\n{s}");
    }
}
