//! The terminal game's behaviour: typing and refusals, offers, summaries, the game-over
//! screen, the choices panel and the log, small terminals, a resumed match, and the review.

use super::*;

#[test]
fn typing_highlights_and_refuses_what_is_not_legal() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    for c in "7h".chars() {
        key(&mut a, KeyCode::Char(c));
    }
    let s = screen(&a);
    assert!(s.contains("> 7h"), "{s}");
    key(&mut a, KeyCode::Esc);
    type_text(&mut a, "zz");
    assert!(a.message.contains("not a legal choice"));
    assert!(a.human_to_move(), "nothing changed");
}

#[test]
fn a_refused_card_or_bid_says_why_as_the_rules_crate_does() {
    // The first card decision of a whole game by Enter: a card not in the hand, and one of
    // a suit that must not be played, are refused with the engine's reasons (R6).
    let mut a = app(3, 2, 3);
    for _ in 0..2_000 {
        if a.m.is_over() {
            break;
        }
        if !a.human_to_move() {
            a.step_bot();
            continue;
        }
        let o = a.observation().unwrap();
        let mine = o
            .hands
            .iter()
            .find(|h| h.holder == preferans::observation::Holder::Seat(0))
            .and_then(|h| h.cards);
        let playing = o.legal_actions.iter().any(|x| matches!(x, Action::Play(_)));
        if let (true, Some(mine), Some(led)) = (playing, mine, o.trick.first().map(|t| t.card.suit())) {
            let other = mine
                .iter()
                .find(|c| c.suit() != led && !o.legal_actions.contains(&Action::Play(*c)));
            let missing = preferans::Card::all()
                .find(|c| !mine.contains(*c) && !o.trick.iter().any(|t| t.card == *c))
                .unwrap();
            if let Some(card) = other {
                type_text(&mut a, &card.to_string().to_lowercase());
                assert!(a.message.contains("(R6)"), "{}", a.message);
                type_text(&mut a, &missing.to_string().to_lowercase());
                assert!(a.message.contains("not in the hand"), "{}", a.message);
                assert!(a.human_to_move(), "nothing changed");
                return;
            }
        }
        key(&mut a, KeyCode::Enter);
    }
    panic!("no card decision with a suit to refuse");
}

#[test]
fn small_terminal_does_not_panic() {
    let a = app(3, 1, 3);
    for (w, h) in [(20, 5), (40, 10), (80, 24), (120, 40), (1, 1)] {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw(f, &a)).unwrap();
    }
}

#[test]
fn discard_by_typing_two_cards() {
    let mut a = app(3, 1, 3);
    bots_until_user(&mut a);
    type_text(&mut a, "10nt");
    bots_until_user(&mut a);
    type_text(&mut a, "8h 8s");
    assert_eq!(a.observation().unwrap().phase, preferans::russian::PhaseKind::Declare);
    assert!(a.observation().unwrap().discard.unwrap().to_string().contains("8S"));
}

#[test]
fn p3_an_offer_is_answered_under_its_own_header_and_enter_refuses_it() {
    let mut a = find_app_with(Rules::sochi(), 0, "random", "whist", |o| o.offer.is_some());
    let o = a.observation().unwrap();
    assert_eq!(
        super::shown_choices(&o)[a.selected],
        Action::Refuse,
        "the highlight starts on refuse"
    );
    let head = screen(&a).lines().next().unwrap().to_string();
    assert!(
        head.contains("your turn — answer ") && head.ends_with("'s offer"),
        "{head}"
    );
    let hand = a.m.finished_hands().len();
    key(&mut a, KeyCode::Enter);
    // Refused: the same hand goes on, with no offer pending.
    assert_eq!(a.m.finished_hands().len(), hand);
    assert!(a.observation().unwrap().offer.is_none());
}

#[test]
fn a_hands_summary_says_the_whists_it_wrote_and_its_last_trick_stays_in_view() {
    let (mut written, mut last_trick_seen) = (0, false);
    for seed in 0..40 {
        let (w, seen) = whists_and_last_tricks(seed);
        written += w;
        last_trick_seen |= seen;
        if written > 0 && last_trick_seen {
            return;
        }
    }
    panic!("no match wrote whists ({written}) and showed a last trick ({last_trick_seen})");
}

#[test]
fn the_game_over_screen_leaves_on_q_and_still_opens_the_review() {
    let mut a = app(8, 1, 3);
    while !a.m.is_over() {
        if a.human_to_move() {
            key(&mut a, KeyCode::Enter);
        } else {
            a.step_bot();
        }
    }
    // Enter does not leave (the Enter that played the last card may come twice).
    key(&mut a, KeyCode::Enter);
    assert!(!a.quit);
    key(&mut a, KeyCode::Char('='));
    assert!(matches!(a.overlay, Overlay::Review { hand: 1, .. }), "{:?}", a.overlay);
    assert!(screen(&a).contains("review"), "{}", screen(&a));
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay, Overlay::None);
    assert!(!a.quit);
    key(&mut a, KeyCode::Char('q'));
    assert!(a.quit);
}

#[test]
fn p3_offers_are_typed_not_listed_and_cards_show_in_the_hands_order() {
    let mut a = find_app_with(Rules::sochi(), 0, "heuristic", "whist", |o| {
        o.legal_actions.iter().any(|x| matches!(x, Action::Offer(_))) && o.legal_actions.len() > 13
    });
    let s = screen(&a);
    assert!(
        s.contains("or type offer N (0–") && s.contains("): your side takes N of those left"),
        "{s}"
    );
    let shown = super::shown_choices(&a.observation().unwrap());
    assert!(shown.iter().all(|x| !matches!(x, Action::Offer(_))), "{shown:?}");
    // Cards as the hand shows them: suit by suit (♠ ♣ ♦ ♥), high to low.
    let cards: Vec<_> = shown
        .iter()
        .filter_map(|x| match x {
            Action::Play(c) => Some((c.suit().index(), std::cmp::Reverse(c.rank()))),
            _ => None,
        })
        .collect();
    assert!(cards.windows(2).all(|w| w[0] < w[1]), "{shown:?}");
    // An offer is still one typed line away.
    let hand = a.m.finished_hands().len();
    type_text(&mut a, "offer 0");
    let o = a.observation();
    assert!(
        a.m.finished_hands().len() > hand
            || o.is_some_and(|o| o.offer.is_some() || o.history.iter().any(|(_, x)| *x == Some(Action::Offer(0)))),
        "the offer was made"
    );
}

#[test]
fn a3_the_eldests_hold_is_labelled_among_the_bids() {
    // The user is eldest (dealer 2), bids 6♠ and is outbid: the highest bid again is a hold.
    let a = find_app_with(Rules::sochi(), 2, "heuristic", "6s", |o| {
        o.highest_bid
            .is_some_and(|(by, b)| by != 0 && o.legal_actions.contains(&Action::Bid(b)))
    });
    let o = a.observation().unwrap();
    let (_, b) = o.highest_bid.unwrap();
    let s = screen(&a);
    assert!(
        s.contains(&format!("{} (hold)", super::view::action_text(Action::Bid(b), false))),
        "{s}"
    );
}

#[test]
fn every_choice_is_on_screen_and_a_long_list_scrolls_with_the_highlight() {
    use preferans::russian::PhaseKind;
    use std::cell::RefCell;
    // The user wins the auction with 6♠ and declares: 25 declarations at 80×24.
    let wanted = RefCell::new(Vec::new());
    let s = find_screen_with(Rules::sochi(), 0, "heuristic", "6S", |o| {
        let found = o.phase == PhaseKind::Declare && o.legal_actions.len() >= 20;
        if found {
            *wanted.borrow_mut() = o.legal_actions.clone();
        }
        found
    });
    let panel = choices_panel(&s);
    for a in wanted.borrow().iter() {
        let text = view::action_text(*a, false);
        assert!(
            panel.contains(&format!("{text} ")) || panel.contains(&format!("{text}│")),
            "{text}:\n{s}"
        );
    }
    assert!(!panel.contains("for more"), "{s}");
    // The auction's 26 choices at the smallest size: the highlight's row is always shown.
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    let legal = a.observation().unwrap().legal_actions;
    for (i, choice) in legal.iter().enumerate() {
        let s = screen_sized(&a, 60, 20);
        let text = view::action_text(*choice, false);
        assert!(choices_panel(&s).contains(&text), "choice {i} {text}:\n{s}");
        key(&mut a, KeyCode::Right);
    }
}

#[test]
fn the_log_keeps_the_calls_and_the_finished_tricks_while_cards_are_played() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    type_text(&mut a, "pass");
    bots_until_user(&mut a);
    type_text(&mut a, "whist");
    // Several tricks: each finished trick is in the log (who played what, who took it),
    // after the calls, which stay.
    let plays = |a: &App| {
        let o = a.observation().unwrap();
        o.history
            .iter()
            .filter(|(_, x)| matches!(x, Some(Action::Play(_))))
            .count()
    };
    while plays(&a) < 12 {
        key(&mut a, KeyCode::Enter);
        bots_until_user(&mut a);
        assert_eq!(a.m.finished_hands().len(), 0, "still the first hand");
    }
    let s = screen(&a);
    assert!(s.contains("trick 4 to "), "{s}");
    // The header keeps whose turn it is whole.
    assert!(s.lines().next().unwrap().ends_with("turn"), "{s}");
    let mut s = s;
    for _ in 0..10 {
        if s.contains("declare 6♦") && s.contains("you: whist") {
            break;
        }
        key(&mut a, KeyCode::PageUp);
        s = screen(&a);
    }
    assert!(s.contains("declare 6♦") && s.contains("you: whist"), "{s}");
    // Each trick's line holds its three cards in the order played: the hand's plays.
    let o = a.observation().unwrap();
    let plays: Vec<String> = o
        .history
        .iter()
        .filter_map(|(_, x)| match x {
            Some(Action::Play(c)) => Some(c.symbol_text()),
            _ => None,
        })
        .collect();
    let texts = crate::tui::log::log_texts(&a, &o);
    let tricks: Vec<&String> = texts.iter().filter(|t| t.starts_with("trick ")).collect();
    assert_eq!(tricks.len(), 4, "{texts:?}");
    for (i, t) in tricks.iter().enumerate() {
        assert!(t.starts_with(&format!("trick {} to ", i + 1)), "{t}");
        let mut at = 0;
        for card in &plays[3 * i..3 * i + 3] {
            let found = t[at..].find(card.as_str()).unwrap_or_else(|| panic!("{card} in {t}"));
            at += found + card.len();
        }
    }
    // A game resumed here (the same match, a new screen) logs the same tricks.
    let bots = (0..3u8)
        .map(|s| bot_by_name(if s == 0 { "random" } else { "heuristic" }, 2 + u64::from(s)).unwrap())
        .collect();
    let resumed = App::new(a.m.clone(), bots, 0, false, None, 2);
    assert_eq!(crate::tui::log::log_texts(&resumed, &o), texts);
}

#[test]
fn refused_typing_is_dropped_and_arrows_choose_by_highlight() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    type_text(&mut a, "zz");
    assert!(a.message.contains("'zz' is not a legal choice"), "{}", a.message);
    assert!(a.input.is_empty(), "the refused text is gone");
    let s = screen(&a);
    assert!(s.lines().any(|l| l.trim_end_matches('│').trim_end() == "│>"), "{s}");
    // Typing then moving the highlight: Enter acts on the highlight, not on the typing.
    for c in "7h".chars() {
        key(&mut a, KeyCode::Char(c));
    }
    key(&mut a, KeyCode::Home);
    assert!(a.input.is_empty());
    let first = a.observation().unwrap().legal_actions[0];
    let before = a.observation().unwrap().history.len();
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.observation().unwrap().history[before], (0, Some(first)));
}

#[test]
fn hints_wrap_inside_their_box_on_a_narrow_terminal() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    type_text(&mut a, "pass");
    bots_until_user(&mut a);
    key(&mut a, KeyCode::Char('!'));
    let Overlay::Hints(h) = &a.overlay else { panic!("hints") };
    let s = screen_sized(&a, 60, 20);
    // Every reason ends inside the box: its last word is on screen once per hint.
    assert_eq!(s.matches("scored)").count(), h.len(), "{s}");
}

#[test]
fn a_terminal_too_small_says_so_and_the_key_line_fits() {
    let a = app(3, 1, 3);
    let s = screen_sized(&a, 50, 15);
    assert!(s.contains("too small") && s.contains("50×15"), "{s}");
    assert!(screen(&a).lines().last().unwrap().ends_with("^C quit"));
    assert!(screen_sized(&a, 100, 30)
        .lines()
        .last()
        .unwrap()
        .ends_with("Ctrl-C quit"));
}

#[test]
fn at_the_smallest_size_the_trick_and_the_turn_are_whole() {
    // Whole hands at 60×20 (opened hands included): every card of the trick on the table is
    // on screen, and the header ends with whose turn it is.
    let mut checked = 0;
    for seed in 0..6 {
        let mut a = app(seed, 2, 3);
        let mut steps = 0;
        while !a.m.is_over() && steps < 2_000 {
            steps += 1;
            if !a.human_to_move() {
                a.step_bot();
                continue;
            }
            let o = a.observation().unwrap();
            let s = screen_sized(&a, 60, 20);
            let head = s.lines().next().unwrap();
            let whose = head.ends_with("your turn")
                || (head.contains("your turn — playing ") && head.ends_with("'s hand"))
                || (head.contains("your turn — answer ") && head.ends_with("'s offer"));
            assert!(whose, "{s}");
            for t in &o.trick {
                let card = format!("{}{}", t.card.rank().text(), t.card.suit().symbol());
                assert!(s.contains(&card), "{card} of the trick:\n{s}");
                checked += 1;
            }
            // An open hand wraps between suits, never inside one.
            for h in o
                .hands
                .iter()
                .filter(|h| h.holder != preferans::observation::Holder::Seat(0))
            {
                for suit in preferans::Suit::ALL {
                    let cards = h.cards.unwrap_or_default().in_suit(suit);
                    if !cards.is_empty() {
                        let ranks: Vec<&str> = cards.display_order().iter().map(|c| c.rank().text()).collect();
                        let group = format!("{} {}", suit.symbol(), ranks.join(" "));
                        assert!(s.contains(&group), "{group}:\n{s}");
                    }
                }
            }
            key(&mut a, KeyCode::Enter);
        }
    }
    assert!(checked > 20, "tricks were checked ({checked})");
}

#[test]
fn a_resumed_match_shows_its_earlier_hands_in_the_log() {
    let mut a = app(8, 4, 3);
    while a.log.len() < 2 {
        if a.human_to_move() {
            key(&mut a, KeyCode::Enter);
        } else {
            a.step_bot();
        }
    }
    let players = (0..3)
        .map(|s| PlayerRecord {
            name: format!("p{s}"),
            kind: "heuristic".into(),
        })
        .collect();
    let record = Record::from_match(&a.m, players);
    let m = record.replay().unwrap();
    let bots = (0..3).map(|s| bot_by_name("heuristic", s).unwrap()).collect();
    let resumed = App::new(m, bots, 0, false, None, 8);
    assert_eq!(resumed.log, a.log, "the same summaries");
}

#[test]
fn f3_the_sitting_out_dealer_sees_the_tricks_his_talon_leads_took() {
    use preferans::russian::PhaseKind;
    let rules = Rules::sochi()
        .with("players", "4")
        .unwrap()
        .with("dealer_allpass_talon", "true")
        .unwrap();
    for seed in 0..200 {
        let bots = (0..4)
            .map(|s| bot_by_name("heuristic", seed * 5 + s).unwrap())
            .collect();
        // The user (seat 0) deals the first hand and sits out.
        let mut a = no_pause(App::new(
            Match::new(rules.clone(), seed, 0, Some(1)),
            bots,
            0,
            false,
            None,
            seed,
        ));
        let mut steps = 0;
        while !a.m.is_over() && steps < 200 && !a.human_to_move() {
            steps += 1;
            let o = a.observation().unwrap();
            if o.phase == PhaseKind::Play && o.contract.is_none() && o.tricks_done >= 2 {
                let s = screen(&a);
                let line = format!("tricks {} with the talon", o.dealer_tricks);
                assert!(s.contains(&line), "{line}:\n{s}");
                return;
            }
            a.step_bot();
        }
    }
    panic!("no seed reached an all-pass with the user dealing");
}

/// Plays seed `seed`'s 3-hand match by Enter; checks each hand's summary against its whists
/// entries and, after a hand with cards played, that its last trick is on screen. Returns
/// the whists entries written and whether a last trick was checked.
fn whists_and_last_tricks(seed: u64) -> (usize, bool) {
    let mut a = app(seed, 3, 3);
    let mut last_trick_seen = false;
    while !a.m.is_over() {
        let before = a.m.finished_hands().len();
        if a.human_to_move() {
            key(&mut a, KeyCode::Enter);
        } else {
            a.step_bot();
        }
        // A hand just ended with cards played: the next one shows its last trick.
        let n = a.m.finished_hands().len();
        if n > before
            && !a.m.is_over()
            && !preferans::HandState::observation(&a.m.finished_hands()[n - 1], preferans::Viewer::Seat(0))
                .last_trick
                .is_empty()
        {
            let s = screen(&a);
            assert!(s.contains(&format!("hand {n} last")), "{s}");
            last_trick_seen = true;
        }
    }
    // Every whists entry of a hand is in its summary ("X writes N whists on Y").
    let mut written = 0;
    for (i, line) in a.log.iter().enumerate() {
        let whists =
            a.m.sheet()
                .entries_of_hand(i as u32 + 1)
                .iter()
                .filter(|e| matches!(e, preferans::scoring::Entry::Whists { .. }))
                .count();
        assert_eq!(
            line.matches(" writes ").count() + line.matches("you write ").count(),
            whists,
            "{line}"
        );
        written += whists;
    }
    (written, last_trick_seen)
}

/// The rows of the choices panel on a screen.
fn choices_panel(screen: &str) -> String {
    let from = screen.find("┌ choices").expect("a choices panel");
    screen[from..].to_string()
}

#[test]
fn a_trick_wraps_between_cards_never_between_a_name_and_its_card() {
    // Long names at 80 and 60 columns, with symbols and with --ascii: each "name: card" of
    // the trick on the table is whole on one row.
    let mut checked = 0;
    for (ascii, width, height) in [(true, 80, 24), (false, 80, 24), (true, 60, 20)] {
        for seed in 0..3 {
            let mut a = app(seed, 1, 3);
            a.ascii = ascii;
            a.names = vec![
                "you".into(),
                "Bartholomew the first".into(),
                "Maximiliana second".into(),
            ];
            let mut steps = 0;
            while !a.m.is_over() && steps < 1_000 {
                steps += 1;
                if !a.human_to_move() {
                    a.step_bot();
                    continue;
                }
                let o = a.observation().unwrap();
                let s = screen_sized(&a, width, height);
                for t in &o.trick {
                    let name = &a.names[match t.by {
                        preferans::observation::Holder::Seat(s) => usize::from(s),
                        _ => continue,
                    }];
                    let suit = if ascii {
                        t.card.suit().letter().to_string()
                    } else {
                        t.card.suit().symbol().to_string()
                    };
                    let pair = format!("{name}: {}{suit}", t.card.rank().text());
                    assert!(s.contains(&pair), "{pair} at {width} columns:\n{s}");
                    checked += 1;
                }
                key(&mut a, KeyCode::Enter);
            }
        }
    }
    assert!(checked > 20, "tricks were checked ({checked})");
}

#[test]
fn the_log_scrolls_back_to_the_first_hand_and_follows_the_game_again() {
    // Enter through four hands: hand 1's summary has left the log's box; PgUp brings it back
    // (the title says newer lines are below), PgDn returns, and an action follows the game.
    let mut a = app(3, 5, 3);
    for _ in 0..5_000 {
        if a.log.len() >= 4 && a.human_to_move() {
            break;
        }
        if !a.human_to_move() {
            a.step_bot();
        } else {
            key(&mut a, KeyCode::Enter);
        }
    }
    assert!(a.log.len() >= 4, "four hands played");
    let s = screen(&a);
    assert!(!s.contains("hand 1:"), "hand 1 is scrolled off:\n{s}");
    assert!(s.contains("PgUp older"), "{s}");
    for _ in 0..40 {
        key(&mut a, KeyCode::PageUp);
    }
    let s = screen(&a);
    assert!(s.contains("hand 1:"), "{s}");
    assert!(
        s.contains("PgDn newer") && !s.contains("PgUp older"),
        "at the top:\n{s}"
    );
    key(&mut a, KeyCode::PageDown);
    let down_one = screen(&a);
    assert!(
        down_one.contains("PgUp older") && down_one.contains("PgDn newer"),
        "one page down from the top, not 40:\n{down_one}"
    );
    key(&mut a, KeyCode::PageUp);
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.log_back.get(), 0, "an action brings the log back to the newest line");
}

#[test]
fn not_your_turn_is_said_while_a_bot_moves_and_gone_when_the_turn_comes() {
    let mut a = app(5, 1, 3);
    assert!(!a.human_to_move(), "the eldest, a bot, bids first");
    key(&mut a, KeyCode::Enter);
    assert!(screen(&a).contains("not your turn yet"), "{}", screen(&a));
    bots_until_user(&mut a);
    assert!(a.human_to_move());
    assert!(!screen(&a).contains("not your turn yet"), "{}", screen(&a));
}

#[test]
fn typing_longer_than_the_prompt_shows_its_end() {
    let mut a = app(3, 1, 3);
    bots_until_user(&mut a);
    let long = format!("{}end", "x".repeat(117));
    for c in long.chars() {
        key(&mut a, KeyCode::Char(c));
    }
    let s = screen(&a);
    let prompt = s.lines().find(|l| l.contains("> ")).unwrap_or_default();
    assert!(
        prompt.contains("> …") && prompt.trim_end_matches('│').trim_end().ends_with("xxend"),
        "{s}"
    );
}
