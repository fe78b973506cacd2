//! A person leaves the table (`POST /api/tables/{id}/leave`): a bot plays his seat from then
//! on under his name, his page sees no more of the seat's cards, and the others play on —
//! also after a restart. One who was only away, and whose seat a bot played at another's
//! request, takes it back when he returns.

mod common;

use common::{create, get, play_to_the_end, post, seat, sqlite_url, start, Client};
use serde_json::{json, Value};

/// The seats of most tables here: two people (Ann and Bob) and a random bot.
fn two_people_and_a_bot() -> Value {
    json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}])
}

/// Joining table `id` with `token` is refused: it holds no seat.
async fn assert_token_holds_nothing(addr: std::net::SocketAddr, id: &str, token: &str) {
    let mut c = Client::connect(addr).await;
    c.send(json!({"type": "join", "table": id, "token": token})).await;
    let e = c.recv_type("error").await;
    assert!(e["message"].as_str().unwrap().contains("token"), "{e}");
}

#[tokio::test]
async fn a_leaver_s_seat_is_played_by_a_bot_and_his_page_becomes_a_spectator_s() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let server = start(&url).await;
    let seats = two_people_and_a_bot();
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 2, "seed": 3})).await;
    let (ann_seat, ann) = seat(server.addr, &id, "Ann").await;
    let (bob_seat, bob) = seat(server.addr, &id, "Bob").await;
    let mut a = Client::connect(server.addr).await;
    let before = a.join(&id, Some(&ann)).await;
    assert_eq!(before["you"], ann_seat);
    let path = format!("/api/tables/{id}/leave");
    let (status, _) = post(server.addr, &path, json!({"token": "not a token"})).await;
    assert_eq!(status, 403);
    let (status, v) = post(server.addr, &path, json!({"token": ann})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v, json!({"seat": ann_seat, "bot": "heuristic"}));
    // Her page now gets what a spectator gets: no seat, no closed cards.
    let st = loop {
        let st = a.recv_type("state").await;
        if st["you"].is_null() {
            break st;
        }
    };
    for h in st["observation"]["hands"].as_array().unwrap() {
        assert!(h["cards"].is_null(), "a closed hand is shown to a leaver: {h}");
    }
    // Her token holds nothing any more.
    let (status, _) = post(server.addr, &path, json!({"token": ann})).await;
    assert_eq!(status, 403);
    a.send(json!({"type": "act", "token": ann, "action": "pass"})).await;
    assert!(a.recv_type("error").await["message"]
        .as_str()
        .unwrap()
        .contains("token"));
    // After a restart the seat is still the bot's, under her name.
    server.stop();
    drop(server);
    let server = start(&url).await;
    let (_, body) = get(server.addr, &format!("/api/tables/{id}")).await;
    let summary: Value = serde_json::from_str(&body).unwrap();
    let s = &summary["seats"][usize::from(ann_seat)];
    assert_eq!(
        (s["name"].as_str(), s["bot"].as_str()),
        (Some("Ann"), Some("heuristic"))
    );
    assert_token_holds_nothing(server.addr, &id, &ann).await;
    // Bob plays on with the bot in her seat, to the end of the game.
    let mut b = Client::connect(server.addr).await;
    b.join(&id, Some(&bob)).await;
    play_to_the_end(&mut b, u64::from(bob_seat)).await;
    let (status, v) = post(server.addr, &format!("/api/tables/{id}/leave"), json!({"token": bob})).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("over"));
}

#[tokio::test]
async fn leaving_leaves_another_person_s_move_timer_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = two_people_and_a_bot();
    let id = create(
        server.addr,
        json!({"seats": seats, "hand_limit": 1, "seed": 3, "move_timer_secs": 2}),
    )
    .await;
    let (_, ann) = seat(server.addr, &id, "Ann").await;
    let (bob_seat, bob) = seat(server.addr, &id, "Bob").await;
    let mut b = Client::connect(server.addr).await;
    let mut st = b.join(&id, Some(&bob)).await;
    // Seat 0 deals, so Bob (seat 1, the eldest) speaks first, on the clock.
    assert_eq!(st["observation"]["to_move"], bob_seat);
    while st["deadline_ms"].is_null() {
        st = b.recv_type("state").await;
    }
    let deadline = st["deadline_ms"].clone();
    let (status, _) = post(server.addr, &format!("/api/tables/{id}/leave"), json!({"token": ann})).await;
    assert_eq!(status, 200);
    // The leave's state shows Bob the same deadline, and his time runs out then: the server
    // plays for him once, not earlier and not twice.
    let st = b.recv_type("state").await;
    assert_eq!(st["deadline_ms"], deadline, "Bob's deadline is not moved");
    let st = loop {
        let st = b.recv_type("state").await;
        if !st["observation"]["history"].as_array().unwrap().is_empty() {
            break st;
        }
    };
    let history = st["observation"]["history"].as_array().unwrap();
    assert_eq!(history[0][0], bob_seat, "{history:?}");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    assert!(
        now >= deadline.as_i64().unwrap(),
        "not before the deadline he was shown"
    );
}

#[tokio::test]
async fn a_player_away_long_enough_is_replaced_by_a_bot_at_another_player_s_request_and_takes_his_seat_back() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let server = start(&url).await;
    let seats = two_people_and_a_bot();
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 3})).await;
    let (ann_seat, ann) = seat(server.addr, &id, "Ann").await;
    let (bob_seat, bob) = seat(server.addr, &id, "Bob").await;
    let mut a = Client::connect(server.addr).await;
    a.join(&id, Some(&ann)).await;
    let mut b = Client::connect(server.addr).await;
    let st = b.join(&id, Some(&bob)).await;
    let away = |st: &Value, s: u8| st["seats"][usize::from(s)]["away_since_ms"].clone();
    assert!(
        away(&st, ann_seat).is_null() && away(&st, bob_seat).is_null(),
        "both connected"
    );
    let ask = |seat: u8, token: String| {
        let path = format!("/api/tables/{id}/seats/{seat}/bot");
        async move { post(server.addr, &path, json!({ "token": token })).await }
    };
    let (status, v) = ask(ann_seat, bob.clone()).await;
    assert_eq!(status, 409, "a connected player is not replaced: {v}");
    // Ann's connection ends: Bob's page shows her away.
    drop(a);
    let st = loop {
        let st = b.recv_type("state").await;
        if !away(&st, ann_seat).is_null() {
            break st;
        }
    };
    assert!(away(&st, ann_seat).as_i64().unwrap() > 0);
    let (status, v) = ask(ann_seat, bob.clone()).await;
    assert_eq!(status, 409, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("a bot may take over after 1 s"),
        "{v}"
    );
    for (seat, token, status) in [
        (bob_seat, bob.clone(), 409),
        (2, bob.clone(), 409),
        // A seat the table does not have is malformed, as everywhere (docs/protocol.md).
        (9, bob.clone(), 400),
        (ann_seat, "x".into(), 403),
    ] {
        assert_eq!(ask(seat, token).await.0, status, "seat {seat}");
    }
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (status, v) = ask(ann_seat, bob.clone()).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v, json!({"seat": ann_seat, "bot": "heuristic"}));
    let st = loop {
        let st = b.recv_type("state").await;
        if st["seats"][usize::from(ann_seat)]["bot"] == "heuristic" {
            break st;
        }
    };
    assert_eq!(st["seats"][usize::from(ann_seat)]["name"], "Ann");
    assert!(away(&st, ann_seat).is_null(), "a bot is never away");
    // She was only away: her token does not act for the bot's seat, but when she comes back
    // the seat is hers again (Bob's page shows her, not the bot).
    let path = format!("/api/tables/{id}/transfer");
    assert_eq!(
        post(server.addr, &path, json!({"token": ann})).await.0,
        403,
        "not hers while the bot plays"
    );
    // Two tabs of hers join at once (a network back): both hold the seat, neither is told
    // her token holds nothing (the page would forget it).
    let (mut a, mut a2) = (Client::connect(server.addr).await, Client::connect(server.addr).await);
    let (back, back2) = tokio::join!(a.join(&id, Some(&ann)), a2.join(&id, Some(&ann)));
    assert_eq!(
        (&back["you"], &back2["you"]),
        (&json!(ann_seat), &json!(ann_seat)),
        "{back} {back2}"
    );
    assert!(back["seats"][usize::from(ann_seat)]["bot"].is_null(), "{back}");
    drop(a2);
    let st = loop {
        let st = b.recv_type("state").await;
        if st["seats"][usize::from(ann_seat)]["bot"].is_null() {
            break st;
        }
    };
    assert_eq!(st["seats"][usize::from(ann_seat)]["name"], "Ann");
    // Away again, and a bot again; then a restart: the stand-in is stored as such, and she
    // takes her seat back from the restarted server too.
    drop(a);
    loop {
        if !away(&b.recv_type("state").await, ann_seat).is_null() {
            break;
        }
    }
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    assert_eq!(ask(ann_seat, bob.clone()).await.0, 200);
    drop(b);
    server.stop();
    drop(server);
    let server = start(&url).await;
    let (_, body) = get(server.addr, &format!("/api/tables/{id}")).await;
    let summary: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(summary["seats"][usize::from(ann_seat)]["bot"], "heuristic");
    let mut a = Client::connect(server.addr).await;
    assert_eq!(a.join(&id, Some(&ann)).await["you"], ann_seat);
    // The game goes on to its end with both of them.
    let mut b = Client::connect(server.addr).await;
    b.join(&id, Some(&bob)).await;
    let ann_plays = tokio::spawn(async move { play_to_the_end(&mut a, u64::from(ann_seat)).await });
    play_to_the_end(&mut b, u64::from(bob_seat)).await;
    assert!(ann_plays.await.unwrap() > 0, "she played her seat again");
}

#[tokio::test]
async fn a_bot_asked_for_in_a_finished_game_is_refused_because_the_game_is_over() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    // Seed 6: the bot declares and both people pass, so the one hand ends without play.
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "heuristic"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 6})).await;
    let (ann_seat, ann) = seat(server.addr, &id, "Ann").await;
    let (bob_seat, bob) = seat(server.addr, &id, "Bob").await;
    let mut a = Client::connect(server.addr).await;
    a.join(&id, Some(&ann)).await;
    let mut b = Client::connect(server.addr).await;
    let mut st = b.join(&id, Some(&bob)).await;
    while st["game_over"] != true {
        let mover = st["observation"]["to_move"].as_u64();
        if mover == Some(u64::from(ann_seat)) || mover == Some(u64::from(bob_seat)) {
            assert_ne!(
                st["observation"]["phase"], "play",
                "seed 6 should end without play: {}",
                st["observation"]["history"]
            );
            let token = if mover == Some(u64::from(ann_seat)) { &ann } else { &bob };
            let after = st["actions"].clone();
            b.send(json!({"type": "act", "token": token, "action": "pass", "after": after}))
                .await;
        }
        st = b.recv_type("state").await;
    }
    // Ann has gone and has been away for less than the wait: the answer is that the game is
    // over, not how long to wait.
    drop(a);
    loop {
        if !st["seats"][usize::from(ann_seat)]["away_since_ms"].is_null() {
            break;
        }
        st = b.recv_type("state").await;
    }
    let path = format!("/api/tables/{id}/seats/{ann_seat}/bot");
    let (status, v) = post(server.addr, &path, json!({ "token": bob })).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().starts_with("the game is over"), "{v}");
}

#[tokio::test]
async fn a_free_seat_nobody_takes_is_given_to_a_bot_after_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let server = start(&url).await;
    let seats = two_people_and_a_bot();
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 3})).await;
    let (ann_seat, ann) = seat(server.addr, &id, "Ann").await;
    let free = 1 - ann_seat;
    let mut a = Client::connect(server.addr).await;
    let st = a.join(&id, Some(&ann)).await;
    assert!(
        st["seats"][usize::from(free)]["free_since_ms"].as_i64().unwrap() > 0,
        "{st}"
    );
    assert!(st["seats"][usize::from(ann_seat)]["free_since_ms"].is_null(), "{st}");
    assert!(st["server_now_ms"].as_i64().unwrap() > 0, "{st}");
    let path = format!("/api/tables/{id}/seats/{free}/bot");
    let (status, v) = post(server.addr, &path, json!({ "token": ann })).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("free for"), "{v}");
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let (status, v) = post(server.addr, &path, json!({ "token": ann })).await;
    assert_eq!(status, 200, "{v}");
    let st = loop {
        let st = a.recv_type("state").await;
        if st["seats"][usize::from(free)]["bot"] == "heuristic" {
            break st;
        }
    };
    let s = &st["seats"][usize::from(free)];
    assert_eq!(s["name"], format!("heuristic bot {free}"));
    assert!(s["free_since_ms"].is_null(), "{s}");
    // Stored: after a restart the bot still plays it, and Ann plays the game to its end.
    drop(a);
    server.stop();
    drop(server);
    let server = start(&url).await;
    let mut a = Client::connect(server.addr).await;
    let st = a.join(&id, Some(&ann)).await;
    assert_eq!(st["seats"][usize::from(free)]["bot"], "heuristic", "{st}");
    assert!(play_to_the_end(&mut a, u64::from(ann_seat)).await > 0);
}

#[tokio::test]
async fn an_away_person_whose_seat_a_bot_plays_may_leave_for_good_or_watch_the_end_and_start_the_next_game() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = two_people_and_a_bot();
    // Two tables: on the first Ann, away, leaves for good; on the second she is away to the end.
    let mut tables = Vec::new();
    for _ in 0..2 {
        let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 3})).await;
        let (ann_seat, ann) = seat(server.addr, &id, "Ann").await;
        let (bob_seat, bob) = seat(server.addr, &id, "Bob").await;
        let mut b = Client::connect(server.addr).await;
        b.join(&id, Some(&bob)).await;
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let (status, v) = post(
            server.addr,
            &format!("/api/tables/{id}/seats/{ann_seat}/bot"),
            json!({ "token": bob }),
        )
        .await;
        assert_eq!(status, 200, "{v}");
        tables.push((id, ann_seat, ann, bob_seat, bob, b));
    }
    let (id, ann_seat, ann, _, _, _) = &tables[0];
    let (status, v) = post(server.addr, &format!("/api/tables/{id}/leave"), json!({ "token": ann })).await;
    assert_eq!((status, v), (200, json!({"seat": ann_seat, "bot": "heuristic"})));
    assert_token_holds_nothing(server.addr, id, ann).await;
    let (id, ann_seat, ann, bob_seat, _, b) = &mut tables[1];
    play_to_the_end(b, u64::from(*bob_seat)).await;
    // The game is over with a bot in her seat: she watches it, and is not told her token is
    // nobody's (her page would forget it).
    let mut a = Client::connect(server.addr).await;
    let st = a.join(id, Some(ann.as_str())).await;
    assert!(st["you"].is_null() && st["game_over"] == true, "{st}");
    // She may start the next game, where her seat is a person's again.
    let (status, v) = post(
        server.addr,
        &format!("/api/tables/{id}/rematch"),
        json!({ "token": ann }),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let next = v["id"].as_str().unwrap().to_string();
    let (_, body) = get(server.addr, &format!("/api/tables/{next}")).await;
    let summary: Value = serde_json::from_str(&body).unwrap();
    let s = &summary["seats"][usize::from(*ann_seat)];
    assert!(s["bot"].is_null() && s["name"].is_null(), "a free person's seat: {s}");
}
