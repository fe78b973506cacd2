//! The table's tests: seats, tokens, views, restores and hand summaries.
use super::secret_eq;

#[test]
fn secrets_compare_in_full() {
    assert!(secret_eq("a1b2c3", "a1b2c3"));
    assert!(!secret_eq("a1b2c3", "a1b2c4"));
    assert!(!secret_eq("a1b2c3", "a1b2c"));
    assert!(!secret_eq("", "x"));
    assert!(secret_eq("", ""));
}

use super::*;
use crate::store::StoredSeat;

fn table() -> Table {
    let mut c = TableConfig::with_bots(3, "random");
    c.seats[1] = SeatKind::Human;
    Table::new("t1".into(), c, 7, 0).unwrap()
}

#[test]
fn only_a_password_digest_is_kept_and_stored() {
    let mut c = TableConfig::with_bots(3, "random");
    c.password = Some("pw".into());
    let t = Table::new("t9".into(), c.clone(), 7, 0).unwrap();
    let kept = t.config.password.clone().unwrap();
    assert_eq!(kept, password_digest("t9", "pw"));
    assert!(!kept.contains("pw"));
    // The stored configuration (the digest) loads as it is; an older one (the password
    // as given) is digested on loading.
    let again = Table::new("t9".into(), t.config.clone(), 7, 0).unwrap();
    assert_eq!(again.config.password, Some(kept.clone()));
    assert_eq!(
        Table::new("t9".into(), c.clone(), 7, 0).unwrap().config.password,
        Some(kept)
    );
    // A typed password has no control character.
    c.password = Some("p\u{1}w".into());
    assert!(Table::new("t9".into(), c, 7, 0).is_err());
}

#[test]
fn tokens_map_to_their_seat_only() {
    let mut t = table();
    assert_eq!(t.first_free_seat(), Some(0));
    t.claim(0, "Ann".into(), "secret-a");
    t.claim(1, "Bob".into(), "secret-b");
    // Only the digest is kept: what the table (and the database) holds seats nobody.
    assert_eq!(t.seat_of_token(&token_digest("secret-a")), None);
    assert_eq!(t.first_free_seat(), None);
    assert_eq!(t.seat_of_token("secret-a"), Some(0));
    assert_eq!(t.seat_of_token("secret-b"), Some(1));
    assert_eq!(t.seat_of_token("secret"), None);
    assert_eq!(t.seat_of_token(""), None);
    assert!(t.is_bot(2) && !t.is_bot(0));
}

#[test]
fn a_refused_action_changes_nothing() {
    let t = table();
    let to_move = t.to_move().unwrap();
    let other = (to_move + 1) % 3;
    let legal = t.observation(Viewer::Seat(to_move)).unwrap().legal_actions;
    assert!(t.try_action(other, legal[0]).is_err());
    assert_eq!(t.version(), 0);
    assert_eq!(t.action_count(), 0);
}

#[test]
fn views_show_only_the_viewers_cards() {
    let t = table();
    for seat in 0..3u8 {
        let v = t.view(Viewer::Seat(seat));
        let o = v.observation.unwrap();
        let shown = o.cards_shown();
        let hand = t.game().current_hand().unwrap();
        assert_eq!(shown, hand.visible_cards(Viewer::Seat(seat)));
        assert_eq!(shown.len(), 10);
    }
    let spectator = t.view(Viewer::Spectator).observation.unwrap();
    assert!(spectator.cards_shown().is_empty());
    // A seat number the table does not have is a spectator.
    assert_eq!(t.view(Viewer::Seat(9)).you, None);
}

#[test]
fn restore_replays_the_stored_log() {
    let mut t = table();
    let mut log = Vec::new();
    play_first_legal(&mut t, 12, &mut log);
    let mut stored = stored_as_t1(&t, vec![stored_seat(0, "Ann", "x", 0)], log);
    stored.next_table = Some("t2".into());
    let r = Table::restore(&stored).unwrap();
    assert_eq!(r.game(), t.game());
    assert_eq!(r.action_count(), 12);
    assert_eq!(r.next_table(), Some("t2"), "the next game survives a restart");
    assert_eq!(
        r.seat_of_token("x"),
        Some(0),
        "an older database's token as it was given"
    );
    let mut digested = stored.clone();
    digested.seats[0].token = token_digest("y");
    assert_eq!(Table::restore(&digested).unwrap().seat_of_token("y"), Some(0));
    let mut bad = stored.clone();
    bad.actions[3].1 = "play ZZ".into();
    assert!(Table::restore(&bad).err().unwrap().contains("action 3"));
    // A corrupt row's seat number out of range reaches the table as u8::MAX (store.rs), so
    // the table is refused rather than the row landing on seat 0.
    let mut foreign = stored.clone();
    foreign.seats.push(stored_seat(u8::MAX, "Eve", "z", 0));
    assert!(Table::restore(&foreign).err().unwrap().contains("no seat 255"));
    let mut foreign_action = stored.clone();
    foreign_action.actions[0].0 = u8::MAX;
    assert!(Table::restore(&foreign_action).is_err());
}

#[test]
fn a_person_sitting_down_mid_hand_is_not_named_for_the_calls_before_him() {
    let mut t = table();
    // Seat 1, free, is the eldest: its first call is made for it (by the move timer).
    assert_eq!(t.to_move(), Some(1));
    let a = t.observation(Viewer::Seat(1)).unwrap().legal_actions[0];
    let next = t.try_action(1, a).unwrap();
    t.commit(next);
    t.claim(1, "Bob".into(), "secret-b");
    t.claim(0, "Ann".into(), "secret-a");
    let infos = t.seat_infos();
    assert_eq!(infos[1].calls_before, Some(1), "one call before Bob sat down");
    assert_eq!(infos[0].calls_before, Some(1), "Ann too sat down after the first call");
    // The next hand is all theirs.
    while t.game().finished_hands().is_empty() {
        let seat = t.to_move().unwrap();
        let a = t.observation(Viewer::Seat(seat)).unwrap().legal_actions[0];
        let next = t.try_action(seat, a).unwrap();
        t.commit(next);
    }
    assert!(t.seat_infos().iter().all(|i| i.calls_before.is_none()));
}

#[test]
fn a_restart_keeps_the_calls_made_before_a_person_sat_down_mid_hand() {
    let mut t = table();
    let mut log = Vec::new();
    play_first_legal(&mut t, 2, &mut log);
    assert_eq!(t.claim_point(), (0, 2), "no hand finished, two calls made");
    let mut bob = stored_seat(1, "Bob", &token_digest("secret-b"), 0);
    bob.calls_before = 2;
    let restored = Table::restore(&stored_as_t1(&t, vec![bob], log)).unwrap();
    let infos = restored.seat_infos();
    assert_eq!(infos[1].calls_before, Some(2), "the two calls before Bob are not his");
    assert_eq!(infos[0].calls_before, None, "seat 0 was never claimed");
}

#[test]
fn hand_summaries_name_the_players() {
    let mut t = table();
    t.claim(0, "Ann".into(), "secret-a");
    let bot = t.seats[2].name.clone().unwrap();
    let mut steps = 0;
    while t.game().finished_hands().is_empty() {
        let seat = t.to_move().unwrap();
        let a = t.observation(Viewer::Seat(seat)).unwrap().legal_actions[0];
        let next = t.try_action(seat, a).unwrap();
        t.commit(next);
        steps += 1;
        assert!(steps < 200);
    }
    let v = t.view(Viewer::Seat(0));
    let line = &v.log.as_ref().unwrap()[0];
    // Every seat is named: the person, the bot, and "seat 1" while nobody sits there.
    let outcome = preferans::HandState::outcome(&t.game().finished_hands()[0]).unwrap();
    let expected = outcome.summary().replace("seat 0", "Ann").replace("seat 2", &bot);
    assert_eq!(*line, format!("hand 1: {expected}"));
    assert_eq!(v.last_hand.flatten().unwrap().summary, expected);
    // The sheet's totals as text, seat by seat, the same for every viewer.
    let totals = t.game().sheet().totals();
    for (s, row) in v.sheet.iter().enumerate() {
        assert_eq!((row.pool, row.mountain), (totals.pool[s], totals.mountain[s]));
        assert_eq!(row.whists, (0..3).map(|on| totals.whists[s][on]).collect::<Vec<_>>());
    }
    assert!(
        v.sheet
            .iter()
            .any(|r| r.pool != 0 || r.mountain != 0 || r.whists.iter().any(|w| *w != 0)),
        "the hand wrote something"
    );
    assert_eq!(t.view(Viewer::Spectator).sheet, v.sheet);
}

/// Table `t` (id "t1", seed 7) as the store would hand it back.
fn stored_as_t1(t: &Table, seats: Vec<StoredSeat>, actions: Vec<(Seat, String)>) -> StoredTable {
    StoredTable {
        id: "t1".into(),
        config: t.config.clone(),
        seed: 7,
        status: TableStatus::Open,
        created_at: 0,
        seats,
        actions,
        next_table: None,
        chat: Vec::new(),
    }
}

fn stored_seat(seat: Seat, name: &str, token: &str, hands_before: u32) -> StoredSeat {
    StoredSeat {
        seat,
        name: name.into(),
        token: token.into(),
        hands_before,
        calls_before: 0,
    }
}

/// Plays `actions` first legal actions, logging them.
fn play_first_legal(t: &mut Table, actions: usize, log: &mut Vec<(Seat, String)>) {
    for _ in 0..actions {
        let seat = t.to_move().unwrap();
        let a = t.observation(Viewer::Seat(seat)).unwrap().legal_actions[0];
        let next = t.try_action(seat, a).unwrap();
        t.commit(next);
        log.push((seat, a.to_string()));
    }
}

/// Plays first legal actions until `hands` hands are finished, logging them.
fn play_until_finished(t: &mut Table, hands: usize, log: &mut Vec<(Seat, String)>) {
    let mut steps = 0;
    while t.game().finished_hands().len() < hands {
        let seat = t.to_move().unwrap();
        let a = t.observation(Viewer::Seat(seat)).unwrap().legal_actions[0];
        let next = t.try_action(seat, a).unwrap();
        t.commit(next);
        log.push((seat, a.to_string()));
        steps += 1;
        assert!(steps < 200 * hands);
    }
}

#[test]
fn hands_played_before_a_seat_was_claimed_do_not_name_its_player() {
    // Seat 1 is free for the first hand (a move timer plays it), then Bob sits down.
    let mut t = table();
    let mut log = Vec::new();
    t.claim(0, "Ann".into(), "secret-a");
    play_until_finished(&mut t, 1, &mut log);
    t.claim(1, "Bob".into(), "secret-b");
    play_until_finished(&mut t, 2, &mut log);
    let names_in = |t: &Table| {
        let log = t.view(Viewer::Spectator).log.unwrap();
        (log[0].contains("Bob"), log[1].contains("Bob"))
    };
    let seat1_in_first = t.view(Viewer::Spectator).log.unwrap()[0].contains("seat 1");
    let finished = t.game().finished_hands();
    let seat1_plays = |h: usize| {
        let o = preferans::HandState::outcome(&finished[h]).unwrap();
        o.summary().contains("seat 1")
    };
    // The assertions mean something only where the summaries mention seat 1 at all.
    assert!(
        seat1_plays(0) && seat1_plays(1),
        "seed 7's first two summaries name seat 1"
    );
    assert!(seat1_in_first);
    assert_eq!(names_in(&t), (false, true));
    assert!(t
        .view(Viewer::Spectator)
        .last_hand
        .flatten()
        .unwrap()
        .summary
        .contains("Bob"));
    // The claim's moment survives a restart.
    let seats = vec![
        stored_seat(0, "Ann", &token_digest("secret-a"), 0),
        stored_seat(1, "Bob", &token_digest("secret-b"), 1),
    ];
    let stored = stored_as_t1(&t, seats, log);
    let r = Table::restore(&stored).unwrap();
    assert_eq!(r.game().finished_hands().len(), 2);
    assert_eq!(names_in(&r), (false, true));
}

#[test]
fn chat_lines_are_checked_named_and_kept_to_the_last_few() {
    let mut t = table();
    t.claim(0, "Ann".into(), "secret-a");
    let version = t.version();
    let too_long = "x".repeat(CHAT_CHARS + 1);
    for bad in ["", "   ", too_long.as_str(), "hi\u{7}", "\u{202E}olleh"] {
        assert!(t.say(0, bad).is_err(), "{bad:?} is refused");
    }
    assert_eq!(t.version(), version, "a refused line changes nothing");
    assert!(t.view(Viewer::Spectator).chat.is_empty());
    t.say(0, "  good luck  ").unwrap();
    t.say(1, "x".repeat(CHAT_CHARS).as_str()).unwrap();
    assert!(t.version() > version);
    // Every viewer sees the chat, with the names of who said it.
    let chat = t.view(Viewer::Seat(1)).chat;
    assert_eq!(
        (chat[0].seat, chat[0].name.as_str(), chat[0].text.as_str()),
        (0, "Ann", "good luck")
    );
    assert_eq!(chat[1].name, "seat 1", "a free seat (a timer plays it) has no name");
    assert_eq!(t.view(Viewer::Spectator).chat.len(), 2);
    for i in 0..CHAT_LINES {
        t.say(0, &format!("line {i}")).unwrap();
    }
    let chat = t.view(Viewer::Spectator).chat;
    assert_eq!(chat.len(), CHAT_LINES);
    assert_eq!(chat[0].text, "line 0");
    assert_eq!(chat[CHAT_LINES - 1].text, format!("line {}", CHAT_LINES - 1));
}

#[test]
fn a_person_who_leaves_hands_his_seat_to_a_bot_that_keeps_his_name() {
    let mut t = table();
    assert!(t.hand_to_bot(0, false).is_err(), "a free seat has nobody to leave");
    assert!(t.hand_to_bot(2, false).is_err(), "a bot's seat");
    t.claim(0, "Ann".into(), "secret-a");
    let version = t.version();
    t.hand_to_bot(0, false).unwrap();
    assert!(t.version() > version);
    assert_eq!(t.seat_of_token("secret-a"), None, "his token no longer holds the seat");
    assert!(t.is_bot(0) && !t.is_free(0));
    let info = &t.seat_infos()[0];
    assert_eq!(
        (info.name.as_deref(), info.bot.as_deref()),
        (Some("Ann"), Some(Table::LEAVER_BOT))
    );
    assert_eq!(
        t.config.seats[0],
        SeatKind::Bot {
            level: Table::LEAVER_BOT.into()
        }
    );
    assert!(t.hand_to_bot(0, false).is_err(), "once");
    // The bot plays the seat when its turn comes.
    while t.to_move() != Some(0) {
        let seat = t.to_move().unwrap();
        let a = t.observation(Viewer::Seat(seat)).unwrap().legal_actions[0];
        let next = t.try_action(seat, a).unwrap();
        t.commit(next);
    }
    let (seat, mut bot, obs) = t.take_bot_turn().unwrap();
    assert_eq!(seat, 0);
    assert!(bot.choose(&obs).is_some());
    assert_eq!(t.stand_in_seat("secret-a"), None, "a leaver takes nothing back");
    assert!(t.take_back(0).is_err());
}

#[test]
fn a_bot_that_plays_for_an_away_person_gives_him_his_seat_back() {
    let mut t = table();
    t.claim(0, "Ann".into(), "secret-a");
    t.hand_to_bot(0, true).unwrap();
    assert!(t.is_bot(0));
    assert_eq!(
        t.seat_of_token("secret-a"),
        None,
        "the bot plays: her token acts for nobody"
    );
    assert_eq!(t.stand_in_seat("secret-a"), Some(0));
    assert_eq!(t.stand_in_seat("secret-b"), None);
    assert_eq!(t.stand_in_seat(""), None);
    let version = t.version();
    t.take_back(0).unwrap();
    assert!(t.version() > version);
    assert!(!t.is_bot(0) && !t.is_free(0));
    assert_eq!(t.seat_of_token("secret-a"), Some(0));
    assert_eq!(t.config.seats[0], SeatKind::Human, "stored so");
    assert_eq!(t.seat_infos()[0].name.as_deref(), Some("Ann"));
    assert!(t.take_back(0).is_err(), "once");
    // A next game offers an away person's seat to a person again, a leaver's not.
    t.hand_to_bot(0, true).unwrap();
    assert_eq!(t.seats_for_next_game()[0], SeatKind::Human);
    assert!(matches!(t.seats_for_next_game()[2], SeatKind::Bot { .. }));
    t.take_back(0).unwrap();
    t.hand_to_bot(0, false).unwrap();
    assert!(matches!(t.seats_for_next_game()[0], SeatKind::Bot { .. }));
}

#[test]
fn a_seated_person_is_away_while_no_connection_of_his_is_open() {
    let mut t = table();
    let now = crate::store::now_ms();
    assert_eq!(t.away_for_ms(0, now), None, "a free seat is nobody's");
    assert_eq!(t.away_for_ms(2, now), None, "a bot is never away");
    t.claim(0, "Ann".into(), "secret-a");
    assert!(t.away_for_ms(0, now + 5_000).is_some_and(|ms| ms >= 5_000 - 1_000));
    assert!(t.seat_infos()[0].away_since_ms.is_some());
    let version = t.version();
    t.connection(0, true);
    t.connection(0, true);
    assert!(t.version() > version, "the others are told");
    assert_eq!(t.away_for_ms(0, now), None);
    assert_eq!(t.seat_infos()[0].away_since_ms, None);
    t.connection(0, false);
    assert_eq!(t.away_for_ms(0, now), None, "one connection of two is still open");
    t.connection(0, false);
    let since = t.seat_infos()[0].away_since_ms.unwrap();
    assert!(since >= now);
    assert_eq!(t.away_for_ms(0, since + 3_000), Some(3_000));
}

#[test]
fn stored_chat_comes_back_numbered_on_and_without_foreign_seats() {
    use crate::store::StoredChat;
    let t = table();
    let line = |seq: u64, seat: Seat| StoredChat {
        seq,
        seat,
        name: format!("p{seat}"),
        text: format!("line {seq}"),
    };
    let mut stored = stored_as_t1(&t, Vec::new(), Vec::new());
    stored.chat = (0..CHAT_LINES as u64 + 2).map(|i| line(i, (i % 3) as Seat)).collect();
    // A row of a seat this table does not have is left out.
    stored.chat.insert(3, line(3, 9));
    let mut r = Table::restore(&stored).unwrap();
    let chat = r.view(Viewer::Spectator).chat;
    assert_eq!(chat.len(), CHAT_LINES);
    assert!(chat.iter().all(|c| c.seat < 3));
    assert_eq!(chat.last().unwrap().text, format!("line {}", CHAT_LINES + 1));
    assert_eq!(r.chat_said(), CHAT_LINES as u64 + 2);
    r.say(0, "next").unwrap();
    assert_eq!(r.chat_said(), CHAT_LINES as u64 + 3);
    assert!(r.check_chat(7, "hi").is_err(), "no seat 7");
}

#[test]
fn f3_section_3_the_view_carries_the_rule_facts_the_page_words_its_texts_by() {
    use preferans::observation::DealerRole;
    let view = |preset: &str, players: u8| {
        let mut c = TableConfig::with_bots(players, "random");
        c.preset = preset.into();
        let v = Table::new("tf".into(), c, 7, 0).unwrap().view(Viewer::Spectator);
        // The auction: where the talon goes is not decided yet.
        assert_eq!(v.talon_fate, None);
        (v.dealer_role, v.mountain_as_whists)
    };
    // The auction: the four-player dealer sits it out (F1); none with three players.
    assert_eq!(view("sochi", 4), (Some(DealerRole::SitsOut), false));
    assert_eq!(view("rostov", 4), (Some(DealerRole::SitsOut), true));
    assert_eq!(view("leningrad", 3), (None, false));
}

#[test]
fn a3_the_view_names_the_eldests_hold_for_his_seat_only() {
    use preferans::{Bid, Strain};
    let mut t = table();
    let six = |strain| Action::Bid(Bid::tricks(6, strain).unwrap());
    let eldest = t.to_move().unwrap();
    for action in [six(Strain::Spades), six(Strain::Clubs), Action::Pass] {
        let seat = t.to_move().unwrap();
        let next = t.try_action(seat, action).unwrap();
        t.commit(next);
    }
    // The eldest may say 6♣ again: his hold, labelled by the page from the view.
    assert_eq!(t.to_move(), Some(eldest));
    let v = t.view(Viewer::Seat(eldest));
    assert!(v.observation.unwrap().legal_actions.contains(&six(Strain::Clubs)));
    assert_eq!(v.hold, Some(six(Strain::Clubs)));
    for other in (0..3).filter(|s| *s != eldest) {
        assert_eq!(t.view(Viewer::Seat(other)).hold, None);
    }
    assert_eq!(t.view(Viewer::Spectator).hold, None);
}

#[test]
fn views_share_the_summaries_until_a_hand_ends_or_a_seat_is_claimed() {
    let mut t = table();
    let mut log = Vec::new();
    t.claim(0, "Ann".into(), "secret-a");
    play_until_finished(&mut t, 1, &mut log);
    let first = t.view(Viewer::Spectator).log.unwrap();
    let again = t.view(Viewer::Seat(0)).log.unwrap();
    assert!(std::sync::Arc::ptr_eq(&first, &again), "written once for every view");
    // A claim may rename seats in summaries (`seat_name`): they are made again.
    t.claim(1, "Bob".into(), "secret-b");
    let claimed = t.view(Viewer::Spectator).log.unwrap();
    assert!(!std::sync::Arc::ptr_eq(&first, &claimed));
    assert_eq!(first, claimed, "the hand before the claim keeps its names");
    // A hand that ends adds its summary, naming Bob (seed 7's second summary names seat 1).
    play_until_finished(&mut t, 2, &mut log);
    let after = t.view(Viewer::Spectator).log.unwrap();
    assert_eq!(after.len(), 2);
    assert_eq!(after[0], first[0]);
    assert!(after[1].contains("Bob"), "{}", after[1]);
}
