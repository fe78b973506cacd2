//! A client that sends a message twice (two tabs of one seat, a resend after a reconnect)
//! changes nothing the second time: a repeated `join` wakes nobody, and an `act` that names
//! the state it was chosen in is refused once the game has moved on.

mod common;

use std::time::Duration;

use common::{create, seat_three, sqlite_url, start, Client};
use serde_json::json;

/// No message reaches `c` within half a second.
async fn silent(c: &mut Client) -> bool {
    tokio::time::timeout(Duration::from_millis(500), c.recv())
        .await
        .is_err()
}

#[tokio::test]
async fn a_repeated_join_answers_its_sender_and_wakes_nobody_else() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let id = create(server.addr, json!({ "seats": seats })).await;
    let tokens = seat_three(server.addr, &id).await;
    let mut watcher = Client::connect(server.addr).await;
    watcher.join(&id, None).await;
    let mut first = Client::connect(server.addr).await;
    first.join(&id, Some(&tokens[0])).await;
    // Ann's first connection shows her present: the watcher is told.
    assert_eq!(
        watcher.recv_type("state").await["seats"][0]["away_since_ms"],
        json!(null)
    );
    // Her one connection sends the same join again: its state comes back, and nobody else
    // hears of it (she was never away meanwhile).
    for _ in 0..5 {
        first
            .send(json!({"type": "join", "table": id, "token": tokens[0]}))
            .await;
        assert_eq!(first.recv().await["type"], "state");
    }
    assert!(
        silent(&mut watcher).await,
        "a connection re-joining its own seat is news to nobody"
    );
    let mut second = Client::connect(server.addr).await;
    let joined = second.join(&id, Some(&tokens[0])).await;
    let version = joined["version"].clone();
    // A second tab changes nothing anybody sees.
    assert!(
        silent(&mut watcher).await,
        "a second connection of a present seat is news to nobody"
    );
    for _ in 0..10 {
        second
            .send(json!({"type": "join", "table": id, "token": tokens[0]}))
            .await;
        let again = second.recv().await;
        assert_eq!((again["type"].as_str(), &again["version"]), (Some("state"), &version));
    }
    assert!(silent(&mut watcher).await, "ten repeated joins wake nobody");
    assert!(silent(&mut first).await);
    // Her last connection closing is news again.
    drop(first);
    drop(second);
    assert!(watcher.recv_type("state").await["seats"][0]["away_since_ms"].is_i64());
}

#[tokio::test]
async fn an_action_chosen_before_the_game_moved_on_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let id = create(server.addr, json!({ "seats": seats, "seed": 1 })).await;
    let tokens = seat_three(server.addr, &id).await;
    let mut c = Client::connect(server.addr).await;
    let state = c.join(&id, None).await;
    let to_move = state["observation"]["to_move"].as_u64().unwrap() as usize;
    let actions = state["actions"].as_u64().unwrap();
    let mine = &tokens[to_move];
    let act = json!({"type": "act", "token": mine, "action": "pass", "after": actions});
    // Two tabs send the same pass: the first is played, the copy is refused unapplied.
    c.send(act.clone()).await;
    let next = c.recv_type("state").await;
    assert_eq!(next["actions"].as_u64(), Some(actions + 1));
    c.send(act).await;
    let refused = c.recv().await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("before the game moved on"),
        "{refused}"
    );
    // A count the game has not reached is refused for what it is.
    let next_to_move = next["observation"]["to_move"].as_u64().unwrap() as usize;
    c.send(json!({"type": "act", "token": tokens[next_to_move], "action": "pass", "after": actions + 50}))
        .await;
    let refused = c.recv().await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("but the game has had only"),
        "{refused}"
    );
    // Nothing changed; a fresh choice, or one without "after", still plays.
    c.send(json!({"type": "act", "token": tokens[next_to_move], "action": "pass"}))
        .await;
    assert_eq!(c.recv_type("state").await["actions"].as_u64(), Some(actions + 2));
}

#[tokio::test]
async fn a_client_that_answers_no_ping_is_dropped_and_counts_as_away() {
    let dir = tempfile::tempdir().unwrap();
    let settings = preferans_server::HubSettings {
        ping_interval: Duration::from_millis(200),
        ..common::fast()
    };
    let server = preferans_server::Server::start("127.0.0.1:0".parse().unwrap(), &sqlite_url(&dir), settings)
        .await
        .unwrap();
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let id = create(server.addr, json!({ "seats": seats })).await;
    let tokens = seat_three(server.addr, &id).await;
    // Ann's network vanishes after she joins: her client reads nothing more, so it answers
    // no ping. Bob's reads, and so answers every ping (the client library pongs as it reads).
    let mut ann = Client::connect(server.addr).await;
    ann.join(&id, Some(&tokens[0])).await;
    let mut bob = Client::connect(server.addr).await;
    bob.join(&id, Some(&tokens[1])).await;
    let mut ann_away = false;
    for _ in 0..40 {
        if let Ok(v) = tokio::time::timeout(Duration::from_millis(100), bob.recv()).await {
            if v["type"] == "state" && v["seats"][0]["away_since_ms"].is_i64() {
                ann_away = true;
                assert_eq!(
                    v["seats"][1]["away_since_ms"],
                    json!(null),
                    "Bob answers, and stays: {v}"
                );
                break;
            }
        }
    }
    assert!(
        ann_away,
        "a client silent for 2.5 pings is dropped and its person counts as away"
    );
    drop(ann);
}
