//! Table features over real WebSocket connections (SQLite): the move timer, hints, offers'
//! buttons' actions, and tables of 2 (Hussar, H1) and 4 players (F1) played to their end.

mod common;

use common::{create, get, play_to_the_end, seat, sqlite_url, start, Client};
use serde_json::{json, Value};

#[tokio::test]
async fn the_move_timer_plays_for_a_person_who_runs_out_of_time() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let bots = json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "heuristic"}]);
    let id = create(
        server.addr,
        json!({"seats": bots, "hand_limit": 1, "move_timer_secs": 1, "seed": 4}),
    )
    .await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    // Wait for my turn with a deadline, then do nothing: the server moves for me.
    let deadline_state = loop {
        let st = c.last_state.clone().unwrap();
        if st["observation"]["to_move"].as_u64() == Some(u64::from(me)) && st["deadline_ms"].is_i64() {
            break st;
        }
        c.recv_type("state").await;
    };
    let history = deadline_state["observation"]["history"].as_array().unwrap().len();
    let moved = loop {
        let st = c.recv_type("state").await;
        let h = st["observation"]["history"].as_array().map_or(usize::MAX, Vec::len);
        if h > history || st["game_over"] == true {
            break st;
        }
    };
    if let Some(h) = moved["observation"]["history"].as_array() {
        assert_eq!(
            h[history][0].as_u64(),
            Some(u64::from(me)),
            "the timer acted for my seat"
        );
    }
    // Every viewer is told whose move the timer made.
    let mut st = moved;
    while st["timed_out"].is_null() {
        st = c.recv_type("state").await;
    }
    assert_eq!(st["timed_out"].as_u64(), Some(u64::from(me)));
}

#[tokio::test]
async fn a_person_taking_a_free_seat_gets_a_whole_turn_s_time() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]);
    let id = create(
        server.addr,
        json!({"seats": seats, "hand_limit": 1, "seed": 3, "move_timer_secs": 4}),
    )
    .await;
    let (_, _ann) = seat(server.addr, &id, "Ann").await;
    let mut w = Client::connect(server.addr).await;
    let mut st = w.join(&id, None).await;
    // Seat 0 deals: the free seat 1 is the eldest, to move on the clock.
    assert_eq!(st["observation"]["to_move"], 1);
    while st["deadline_ms"].is_null() {
        st = w.recv_type("state").await;
    }
    let before = st["deadline_ms"].as_i64().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let (bob_seat, _bob) = seat(server.addr, &id, "Bob").await;
    assert_eq!(bob_seat, 1);
    let after = loop {
        let st = w.recv_type("state").await;
        match st["deadline_ms"].as_i64() {
            Some(d) if d != before => break d,
            _ => {}
        }
    };
    assert!(after >= before + 1000, "the deadline restarts: {before} then {after}");
}

#[tokio::test]
async fn hints_are_for_the_seat_to_move_and_name_legal_actions() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let id = create(server.addr, json!({"seats": humans, "hand_limit": 1, "seed": 9})).await;
    let tokens = common::seat_three(server.addr, &id).await;
    let mut watcher = Client::connect(server.addr).await;
    let st = watcher.join(&id, None).await;
    let mover = st["observation"]["to_move"].as_u64().unwrap() as usize;
    let idle = (mover + 1) % 3;

    let mut c = Client::connect(server.addr).await;
    let mine = c.join(&id, Some(&tokens[mover])).await;
    c.send(json!({"type": "hint", "token": tokens[mover]})).await;
    let hints = c.recv_type("hints").await;
    let legal: Vec<Value> = mine["observation"]["legal_actions"].as_array().unwrap().clone();
    let hints = hints["hints"].as_array().unwrap();
    assert!(!hints.is_empty());
    for h in hints {
        assert!(legal.contains(&h["action"]), "{h} is not legal");
        assert!(!h["reason"].as_str().unwrap().is_empty());
    }
    // Not your turn, and not your token: refused.
    c.send(json!({"type": "hint", "token": tokens[idle]})).await;
    assert!(c.recv_type("error").await["message"].as_str().unwrap().contains("turn"));
    c.send(json!({"type": "hint", "token": "nobody"})).await;
    assert!(c.recv_type("error").await["message"]
        .as_str()
        .unwrap()
        .contains("token"));
    // Every slot busy (as with a flood of hints from many seats): the request waits two
    // seconds, then is told to ask again; once a slot is free it gets its hints.
    let slots = server.hub.hint_slots().clone();
    let busy = slots
        .clone()
        .acquire_many_owned(slots.available_permits() as u32)
        .await
        .unwrap();
    c.send(json!({"type": "hint", "token": tokens[mover]})).await;
    let e = c.recv_type("error").await;
    assert_eq!(e["message"], preferans_server::hub::HINTS_BUSY);
    drop(busy);
    c.send(json!({"type": "hint", "token": tokens[mover]})).await;
    assert!(!c.recv_type("hints").await["hints"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn hussar_and_four_player_tables_play_to_their_end() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    for (seats, hands) in [
        (json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}]), 3),
        (
            json!([{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "random"}]),
            4,
        ),
    ] {
        let players = seats.as_array().unwrap().len();
        // Seed 23: both tables play cards (in Hussar the defender whists, H1).
        let id = create(server.addr, json!({"seats": seats, "hand_limit": hands, "seed": 23})).await;
        let (me, token) = seat(server.addr, &id, "Ann").await;
        let mut c = Client::connect(server.addr).await;
        let first = c.join(&id, Some(&token)).await;
        assert_eq!(first["seats"].as_array().unwrap().len(), players);
        assert!(
            play_to_the_end(&mut c, u64::from(me)).await > 0,
            "{players} players: I acted"
        );
        let last = c.last_state.clone().unwrap();
        assert_eq!(last["log"].as_array().unwrap().len(), hands, "{players} players");
        assert_eq!(last["standing"].as_array().unwrap().len(), players);
        let (status, record) = get(server.addr, &format!("/api/tables/{id}/record")).await;
        assert_eq!(status, 200);
        let record = preferans::record::Record::from_json(&record).unwrap();
        record.replay().unwrap();
        // Every card-play position of the replay is analysed, and a seat chooses each card
        // (in Hussar the defender plays the dummy's hand, H1).
        let actions: usize = record.hands.iter().map(|h| h.actions.len()).sum();
        let mut analysed = 0;
        for step in 0..=actions {
            let (_, body) = get(
                server.addr,
                &format!("/api/tables/{id}/replay?step={step}&analysis=true"),
            )
            .await;
            let r = serde_json::from_str::<Value>(&body).unwrap();
            // Every card of a finished game is public: the Hussar dummy's too (H1).
            if step == 0 {
                let cards = r["cards"].as_array().unwrap();
                assert_eq!(cards.len(), 3, "{players} players: {cards:?}");
                let dummies = cards.iter().filter(|h| h["dummy"] == true).count();
                assert_eq!(dummies, usize::from(players == 2), "{cards:?}");
                assert!(cards
                    .iter()
                    .all(|h| h["cards"].as_str().unwrap().split(' ').count() == 10));
            }
            let a = &r["analysis"];
            if !a.is_null() {
                assert!(
                    a["error"].is_null() && a["mover"].is_u64() && a["counted"].is_u64(),
                    "{players} players, step {step}: {a}"
                );
                analysed += 1;
            }
        }
        assert!(analysed >= 30, "{players} players: {analysed} positions analysed");
    }
}

#[tokio::test]
async fn a_table_whose_log_no_longer_replays_is_left_out_and_the_rest_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let server = start(&url).await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let good = create(server.addr, json!({"seats": humans, "seed": 1})).await;
    let bad = create(server.addr, json!({"seats": humans, "seed": 2})).await;
    server.stop();
    drop(server);
    // A log row no rules accept.
    let store = preferans_server::Store::connect(&url).await.unwrap();
    store.append_action(&bad, 0, 0, "play ZZ", false).await.unwrap();
    let server = start(&url).await;
    assert_eq!(get(server.addr, &format!("/api/tables/{good}")).await.0, 200);
    assert_eq!(get(server.addr, &format!("/api/tables/{bad}")).await.0, 404);
}

#[tokio::test]
async fn a_flooding_connection_is_slowed_down_and_then_served_again() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let mut c = Client::connect(server.addr).await;
    // 400 pings at once: the burst allowance (100) is served, then one "slow down" error,
    // then silence for the rest.
    for _ in 0..400 {
        c.send(json!({"type": "ping"})).await;
    }
    c.send(json!({"type": "ping"})).await;
    let (mut pongs, mut slow) = (0, 0);
    loop {
        let v = match tokio::time::timeout(std::time::Duration::from_millis(500), c.recv()).await {
            Ok(v) => v,
            Err(_) => break, // quiet: everything sent has been answered or dropped
        };
        match v["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                assert_eq!(v["message"], preferans_server::ws::SLOW_DOWN);
                slow += 1;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!((100..250).contains(&pongs), "{pongs} pongs");
    assert_eq!(slow, 1, "one warning per flood");
    // After a pause the connection is served again.
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    c.send(json!({"type": "ping"})).await;
    assert_eq!(c.recv().await["type"], "pong");
}

#[tokio::test]
async fn one_address_may_create_only_so_many_tables_a_minute() {
    let dir = tempfile::tempdir().unwrap();
    let settings = preferans_server::HubSettings {
        posts_per_minute: 5,
        ..common::fast()
    };
    let server = preferans_server::Server::start("127.0.0.1:0".parse().unwrap(), &sqlite_url(&dir), settings)
        .await
        .unwrap();
    let bots = json!([{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}, {"kind": "human"}]);
    let mut statuses = Vec::new();
    for _ in 0..8 {
        let (status, _) = common::post(server.addr, "/api/tables", json!({"seats": bots, "hand_limit": 1})).await;
        statuses.push(status);
    }
    assert_eq!(statuses[..5], [201; 5], "{statuses:?}");
    assert!(statuses[5..].iter().all(|s| *s == 429), "{statuses:?}");
    let (status, body) = common::post(server.addr, "/api/tables", json!({"seats": bots})).await;
    assert_eq!(status, 429);
    assert!(body["error"].as_str().unwrap().contains("wait a minute"));
}

#[tokio::test]
async fn a_private_tables_password_is_not_to_be_guessed_by_trying_them_all() {
    let dir = tempfile::tempdir().unwrap();
    let settings = preferans_server::HubSettings {
        wrong_keys_per_minute: 3,
        ..common::fast()
    };
    let server = preferans_server::Server::start("127.0.0.1:0".parse().unwrap(), &sqlite_url(&dir), settings)
        .await
        .unwrap();
    let bots = json!([{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}, {"kind": "human"}]);
    let id = create(server.addr, json!({"seats": bots, "password": "right"})).await;
    let sheet = format!("/api/tables/{id}/sheet.svg");
    assert_eq!(
        common::get_with_key(server.addr, &sheet, "right").await.0,
        200,
        "the right one counts nothing"
    );
    // What a key opens is kept by no cache on the way.
    let r = reqwest::Client::new()
        .get(format!("http://{}{sheet}", server.addr))
        .header("x-table-key", "right")
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["cache-control"], "private, no-store");
    assert_eq!(r.headers()["vary"], "x-table-key");
    assert_eq!(common::get_with_key(server.addr, &sheet, "a").await.0, 403);
    // A seat claim's password is a key like the others: missing, it is asked for (and not
    // counted); wrong, it counts.
    let seats = format!("/api/tables/{id}/seats");
    let (status, body) = common::post(server.addr, &seats, json!({"name": "Ann"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("this table is private: its password is needed"))
    );
    let (status, body) = common::post(server.addr, &seats, json!({"name": "Ann", "password": "b"})).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (409, Some("this table is private: wrong password"))
    );
    let mut c = Client::connect(server.addr).await;
    c.send(json!({"type": "join", "table": id, "password": "c"})).await;
    assert!(c.recv().await["message"]
        .as_str()
        .unwrap()
        .starts_with("this table is private"));
    // Three wrong ones: the next is not checked, the right one neither, over HTTP and the socket.
    let (status, body) = common::get_with_key(server.addr, &sheet, "right").await;
    assert_eq!(status, 429, "{body}");
    assert!(body.contains("too many wrong passwords"), "{body}");
    c.send(json!({"type": "join", "table": id, "password": "right"})).await;
    let refused = c.recv().await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("too many wrong passwords"),
        "{refused}"
    );
    // Nor is a seat claim's, so that a seat's token is not guessed out of the password.
    let (status, body) = common::post(server.addr, &seats, json!({"name": "Ann", "password": "right"})).await;
    assert_eq!(status, 429, "{body}");
    // A request without a key is no guess, and a public table's pages never ask for one.
    assert_eq!(get(server.addr, &sheet).await.0, 403);
    let open = create(server.addr, json!({"seats": bots})).await;
    assert_eq!(get(server.addr, &format!("/api/tables/{open}/sheet.svg")).await.0, 200);
}

#[tokio::test]
async fn bots_play_only_while_someone_watches_their_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let bots = json!([{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": bots, "hand_limit": 1, "seed": 6})).await;
    // Nobody connected: no bot moves (the fast settings' bot delay is far shorter than this).
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let (_, info) = get(server.addr, &format!("/api/tables/{id}")).await;
    let info: Value = serde_json::from_str(&info).unwrap();
    assert_eq!(info["finished"], false, "{info}");
    let mut c = Client::connect(server.addr).await;
    let st = c.join(&id, None).await;
    assert_eq!(
        st["observation"]["history"].as_array().map(Vec::len),
        Some(0),
        "untouched until watched"
    );
    // A spectator joins: the bots play the hand to its end.
    loop {
        let st = c.recv_type("state").await;
        if st["game_over"] == true {
            break;
        }
    }
}

#[tokio::test]
async fn one_address_may_hold_only_so_many_connections() {
    let dir = tempfile::tempdir().unwrap();
    let settings = preferans_server::HubSettings {
        connections_per_address: 2,
        ..common::fast()
    };
    let server = preferans_server::Server::start("127.0.0.1:0".parse().unwrap(), &sqlite_url(&dir), settings)
        .await
        .unwrap();
    let url = format!("ws://{}/ws", server.addr);
    let first = Client::connect(server.addr).await;
    let _second = Client::connect(server.addr).await;
    match tokio_tungstenite::connect_async(url.as_str()).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 429),
        other => panic!("a third connection was not refused: {:?}", other.map(|_| ())),
    }
    // Closing one makes room again (the server notices the close).
    drop(first);
    let mut again = None;
    for _ in 0..50 {
        if let Ok(c) = tokio_tungstenite::connect_async(url.as_str()).await {
            again = Some(c);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(again.is_some(), "a closed connection frees its place");
}

#[tokio::test]
async fn pages_forbid_framing_and_foreign_scripts() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    for path in ["/", "/table/x", "/replay/x"] {
        let mut tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        tcp.write_all(request.as_bytes()).await.unwrap();
        let mut response = String::new();
        tcp.read_to_string(&mut response).await.unwrap();
        let head = response.split("\r\n\r\n").next().unwrap().to_ascii_lowercase();
        assert!(head.contains("x-frame-options: deny"), "{path}: {head}");
        assert!(head.contains("frame-ancestors 'none'"), "{path}: {head}");
        assert!(
            head.contains("content-security-policy: default-src 'self'"),
            "{path}: {head}"
        );
    }
}

#[tokio::test]
async fn one_address_may_keep_only_so_many_tables_playing() {
    let dir = tempfile::tempdir().unwrap();
    let settings = preferans_server::HubSettings {
        open_tables_per_address: 2,
        ..common::fast()
    };
    let server = preferans_server::Server::start("127.0.0.1:0".parse().unwrap(), &sqlite_url(&dir), settings)
        .await
        .unwrap();
    let bots = json!([{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]);
    let person = json!([{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]);
    let short = create(server.addr, json!({"seats": bots, "hand_limit": 1})).await;
    create(server.addr, json!({"seats": person})).await;
    let (status, body) = common::post(server.addr, "/api/tables", json!({"seats": person})).await;
    assert_eq!(status, 429, "{body}");
    assert!(body["error"].as_str().unwrap().contains("still playing"), "{body}");
    // Once one of them is over, there is room for another.
    let mut c = Client::connect(server.addr).await;
    c.join(&short, None).await;
    while c.recv_type("state").await["game_over"] != true {}
    let (status, body) = common::post(server.addr, "/api/tables", json!({"seats": person})).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn the_replay_analyses_every_card_play_position_exactly() {
    use preferans::HandState;
    use preferans_solver::{Objective, Solver};
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 2, "seed": 8})).await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    play_to_the_end(&mut c, u64::from(me)).await;
    let (_, record) = get(server.addr, &format!("/api/tables/{id}/record")).await;
    let record = preferans::record::Record::from_json(&record).unwrap();
    // The same positions rebuilt from the record, and solved here.
    let mut m = record.start().unwrap();
    let mut actions = Vec::new();
    for (i, h) in record.hands.iter().enumerate() {
        actions.extend(h.actions.iter().map(|a| (i, a.seat, a.action)));
    }
    let (mut analysed, mut costs) = (0, 0);
    let mut hand_begun = usize::MAX;
    // Each hand's discard, which the replay shows once made (every card is public then).
    let discards: Vec<Option<Value>> = record
        .hands
        .iter()
        .map(|h| {
            h.actions.iter().find_map(|a| match a.action {
                preferans::Action::Discard(x, y) => Some(json!([x.to_string(), y.to_string()])),
                _ => None,
            })
        })
        .collect();
    let mut discards_shown = 0;
    for step in 0..=actions.len() {
        let (status, body) = get(
            server.addr,
            &format!("/api/tables/{id}/replay?step={step}&analysis=true"),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let r = serde_json::from_str::<Value>(&body).unwrap();
        let a = &r["analysis"];
        if !r["discard"].is_null() {
            let shown_hand = r["hand_number"].as_u64().unwrap() as usize;
            assert_eq!(Some(&r["discard"]), discards[shown_hand - 1].as_ref(), "step {step}");
            discards_shown += 1;
        }
        if let Some(&(i, _, _)) = actions.get(step) {
            if hand_begun != i {
                record.begin_hand(&mut m, i).unwrap();
                hand_begun = i;
            }
        }
        let state = m.current_hand().and_then(|h| h.play_state());
        match state {
            None => assert!(a.is_null(), "step {step}: nothing to analyse, got {a}"),
            Some(state) => {
                let objective = Objective::of(&state);
                let exact = Solver::new().solve(&state, objective).unwrap().tricks;
                assert_eq!(a["result"], u64::from(exact), "step {step}");
                let legal: Vec<String> = state.legal_cards().iter().map(|c| c.to_string()).collect();
                let cards: Vec<&str> = a["cards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c["card"].as_str().unwrap())
                    .collect();
                assert_eq!(cards, legal, "step {step}");
                let hand = m.current_hand().unwrap();
                assert_eq!(
                    a["counted"],
                    json!(hand.seat_of_position(usize::from(objective.target())))
                );
                assert_eq!(a["mover"], json!(hand.to_move()));
                // The card played next is valued with the others.
                if let Some(&(_, _, preferans::Action::Play(card))) = actions.get(step) {
                    let cost = &a["next"]["cost"];
                    let of_card = a["cards"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|c| c["card"] == card.to_string())
                        .unwrap();
                    assert_eq!(cost, &of_card["cost"], "step {step}");
                    costs += usize::from(cost.as_u64().unwrap() > 0);
                }
                analysed += 1;
            }
        }
        if let Some(&(_, seat, action)) = actions.get(step) {
            m.apply(seat, action).unwrap();
        }
    }
    assert!(analysed >= 20, "card play was analysed ({analysed} positions)");
    assert!(discards.iter().any(Option::is_some), "the game has a discard to show");
    assert!(
        discards_shown >= 10,
        "the discard is shown through the play ({discards_shown} steps)"
    );
    // A random bot's cards: some cost tricks.
    assert!(costs > 0, "some card played cost tricks");
    // Without asking, no analysis. The last action is named by seat and text.
    let (_, body) = get(server.addr, &format!("/api/tables/{id}/replay?step=30")).await;
    let r = serde_json::from_str::<Value>(&body).unwrap();
    assert!(r["analysis"].is_null());
    let (_, seat, action) = actions[29];
    assert_eq!(r["last"], json!({"seat": seat, "action": action.to_string()}));
    let (_, body) = get(server.addr, &format!("/api/tables/{id}/replay?step=0")).await;
    assert!(serde_json::from_str::<Value>(&body).unwrap()["last"].is_null());
}

#[tokio::test]
async fn the_rules_list_gives_every_presets_value_of_every_option() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let (status, body) = get(server.addr, "/api/rules").await;
    assert_eq!(status, 200);
    let info: Value = serde_json::from_str(&body).unwrap();
    let options = info["options"].as_array().unwrap();
    assert_eq!(options.len(), preferans::rules::RUSSIAN_OPTIONS.len());
    for p in preferans::rules::PRESETS {
        let shown = info["presets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["name"] == p.name)
            .unwrap();
        let rules = preferans::rules::Rules::preset(p.name).unwrap();
        for o in options {
            let name = o["name"].as_str().unwrap();
            assert_eq!(
                shown["options"][name],
                json!(rules.get(name).unwrap()),
                "{} {name}",
                p.name
            );
        }
    }
}
