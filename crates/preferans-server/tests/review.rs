//! The post-game review (`GET /api/tables/{id}/review`): made in the background once the game
//! is over, the same mistakes as `pref review` finds in the table's record, and each pointing
//! at the replay step where it was made. And each hand's deal table
//! (`GET /api/tables/{id}/deal-table?hand=N`).

mod common;

use std::time::Duration;

use common::{create, get, play_to_the_end, seat, sqlite_url, start, Client};
use preferans::record::Record;
use serde_json::{json, Value};

async fn review(addr: std::net::SocketAddr, id: &str) -> (u16, Value) {
    let (status, body) = get(addr, &format!("/api/tables/{id}/review")).await;
    (status, serde_json::from_str(&body).unwrap())
}

#[tokio::test]
async fn a_finished_game_is_reviewed_in_the_background_as_pref_review_would() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    // Random bots and a person who takes his first legal action: mistakes are sure.
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]);
    let id = create(
        server.addr,
        json!({"preset": "sochi", "seats": seats, "hand_limit": 4, "seed": 11}),
    )
    .await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    // Not before the game is over; not for a table that does not exist.
    let (status, v) = review(server.addr, &id).await;
    assert_eq!(status, 409, "{v}");
    assert_eq!(review(server.addr, "nope").await.0, 404);
    play_to_the_end(&mut c, u64::from(me)).await;

    // The first answers say how far it has come; then the result, the same each time.
    let (status, first) = review(server.addr, &id).await;
    assert_eq!(status, 200, "{first}");
    assert!(
        ["waiting", "running", "done"].contains(&first["status"].as_str().unwrap()),
        "{first}"
    );
    let mut done = first;
    for _ in 0..600 {
        if done["status"] == "done" {
            break;
        }
        assert!(done["done"].as_u64() <= done["total"].as_u64(), "{done}");
        tokio::time::sleep(Duration::from_millis(100)).await;
        done = review(server.addr, &id).await.1;
    }
    assert_eq!(done["status"], "done", "the review ends within a minute: {done}");
    assert_eq!(review(server.addr, &id).await.1, done, "kept once made");

    // What `pref review` finds in the table's record, step for step.
    let (_, text) = get(server.addr, &format!("/api/tables/{id}/record")).await;
    let record = Record::from_json(&text).unwrap();
    let actions: Vec<String> = record
        .hands
        .iter()
        .flat_map(|h| h.actions.iter().map(|a| a.action.to_string()))
        .collect();
    let cards = preferans_bots::review::review(&record, 1, |_, _| {}).unwrap();
    let shown = done["cards"].as_array().unwrap();
    assert!(!cards.is_empty(), "random play loses tricks");
    assert_eq!(shown.len(), cards.len(), "{done}");
    for (m, s) in cards.iter().zip(shown) {
        assert_eq!(s["hand"], m.hand);
        assert_eq!(s["trick"], m.trick);
        assert_eq!(s["seat"], m.seat);
        assert_eq!(s["from"], serde_json::to_value(m.from).unwrap());
        assert!(s["from"]["seat"].is_u64() || s["from"] == "dummy", "{s}");
        assert_eq!(s["played"], m.played.to_string());
        assert_eq!(s["cost"], m.cost);
        assert_eq!(s["all_pass"], m.all_pass);
        let best: Vec<String> = m.best.iter().map(|c| c.to_string()).collect();
        assert_eq!(s["best"], json!(best));
        let step = s["step"].as_u64().unwrap();
        assert_eq!(actions[step as usize], format!("play {}", m.played));
        // The replay at that step analyses the position and prices the card played next.
        let (_, r) = get(
            server.addr,
            &format!("/api/tables/{id}/replay?step={step}&analysis=true"),
        )
        .await;
        let r: Value = serde_json::from_str(&r).unwrap();
        assert_eq!(r["analysis"]["next"]["card"], m.played.to_string(), "{r}");
        assert_eq!(r["analysis"]["next"]["cost"], m.cost, "{r}");
    }
    let calls = preferans_bots::review_calls::review_calls(&record, 2.0, 16, |_, _| {}).unwrap();
    let shown = done["calls"].as_array().unwrap();
    assert_eq!(shown.len(), calls.len(), "{done}");
    for (m, s) in calls.iter().zip(shown) {
        assert_eq!(s["hand"], m.hand);
        assert_eq!(s["seat"], m.seat);
        assert_eq!(s["chosen"], m.chosen.to_string());
        assert_eq!(s["best"], m.best.to_string());
        assert!(
            (s["cost"].as_f64().unwrap() - m.cost).abs() <= 0.0501,
            "{s} against {m:?}"
        );
        // Shown just after the call: the replay's last action is it.
        let step = s["step"].as_u64().unwrap();
        assert_eq!(actions[step as usize - 1], m.chosen.to_string());
        let (_, r) = get(server.addr, &format!("/api/tables/{id}/replay?step={step}")).await;
        let r: Value = serde_json::from_str(&r).unwrap();
        assert_eq!(r["last"]["action"], m.chosen.to_string(), "{r}");
        assert_eq!(r["hand_number"], m.hand, "the call's hand, not the one before");
    }
    assert_eq!(done["names"][0], "Ann");
}

#[tokio::test]
async fn each_hand_of_a_finished_game_has_its_deal_table_named_by_seat() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 2, "seed": 3})).await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    let path = |q: &str| format!("/api/tables/{id}/deal-table?{q}");
    assert_eq!(
        get(server.addr, &path("hand=1")).await.0,
        409,
        "not before the game is over"
    );
    play_to_the_end(&mut c, u64::from(me)).await;
    for (q, status) in [("hand=0", 404), ("hand=3", 404), ("hand=x", 400), ("", 400)] {
        let (got, body) = get(server.addr, &path(q)).await;
        assert_eq!(got, status, "{q}: {body}");
        assert!(serde_json::from_str::<Value>(&body).unwrap()["error"].is_string());
    }
    let (_, text) = get(server.addr, &format!("/api/tables/{id}/record")).await;
    let game = Record::from_json(&text).unwrap().replay().unwrap();
    for (i, hand) in game.finished_hands().iter().enumerate() {
        let (status, body) = get(server.addr, &path(&format!("hand={}", i + 1))).await;
        assert_eq!(status, 200, "{body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["hand"], i + 1);
        let (_, again) = get(server.addr, &path(&format!("hand={}", i + 1))).await;
        assert_eq!(serde_json::from_str::<Value>(&again).unwrap(), v, "kept, the same");
        let mut solver = preferans_solver::Solver::new();
        let want =
            preferans_solver::deal_table::deal_table(hand.deal(), hand.allpass_start().as_ref(), &mut solver).unwrap();
        let rows = v["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 3);
        for (p, row) in rows.iter().enumerate() {
            assert_eq!(row["position"], p);
            assert_eq!(row["seat"], hand.seat_of_position(p).unwrap());
            assert_eq!(row["tricks"], json!(want.tricks[p]), "{row}");
            assert_eq!(row["misere"], want.misere[p]);
            assert_eq!(row["allpass"], want.allpass.unwrap()[p]);
            assert_eq!(row["discards"].as_array().unwrap().len(), 5);
        }
    }
}

#[tokio::test]
async fn a_hussar_deal_table_has_no_row_for_the_dummy_and_no_all_pass() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 6})).await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    play_to_the_end(&mut c, u64::from(me)).await;
    let (status, body) = get(server.addr, &format!("/api/tables/{id}/deal-table?hand=1")).await;
    assert_eq!(status, 200, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2, "the two players (H1): {v}");
    let mut seats: Vec<u64> = rows.iter().map(|r| r["seat"].as_u64().unwrap()).collect();
    seats.sort_unstable();
    assert_eq!(seats, [0, 1]);
    assert!(rows.iter().all(|r| r["allpass"].is_null()), "H3: no all-pass: {v}");
}
