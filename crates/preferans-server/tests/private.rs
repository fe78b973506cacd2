//! Private tables (created with a password) over real HTTP and WebSocket connections, on
//! SQLite and on PostgreSQL: seats, watching, and every page that shows more than the lobby
//! entry need the password (or a seat's token).

#[macro_use]
mod common;

use common::{create, get, post, sqlite_url, start, Client};
use serde_json::{json, Value};

async fn private_tables_need_the_password_and_bots_fill_their_seats(url: &str) {
    let server = start(url).await;
    let id = create(
        server.addr,
        json!({"seats": [{"kind":"human"}, {"kind":"bot","level":"heuristic"}, {"kind":"bot","level":"random"}], "password": "pw", "hand_limit": 1}),
    )
    .await;
    let (status, _) = post(server.addr, &format!("/api/tables/{id}/seats"), json!({"name": "Ann"})).await;
    assert_eq!(status, 409);
    let (status, _) = post(
        server.addr,
        &format!("/api/tables/{id}/seats"),
        json!({"name": "Ann", "password": "no"}),
    )
    .await;
    assert_eq!(status, 409);
    let (status, v) = post(
        server.addr,
        &format!("/api/tables/{id}/seats"),
        json!({"name": "Ann", "password": "pw"}),
    )
    .await;
    assert_eq!(status, 200);
    let token = v["token"].as_str().unwrap().to_string();
    // Watching needs the password too: the table shows others its lobby entry only.
    let mut watcher = Client::connect(server.addr).await;
    let refused = watcher.join(&id, None).await;
    assert_eq!(refused["type"], "error");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("this table is private"),
        "{refused}"
    );
    watcher
        .send(json!({"type": "join", "table": id, "password": "no"}))
        .await;
    assert_eq!(watcher.recv().await["type"], "error", "a wrong password");
    watcher
        .send(json!({"type": "join", "table": id, "password": "pw"}))
        .await;
    let watched = watcher.recv().await;
    assert_eq!(
        (watched["type"].as_str(), watched["you"].as_u64()),
        (Some("state"), None),
        "{watched}"
    );
    let sheet = format!("/api/tables/{id}/sheet.svg");
    assert_eq!(get(server.addr, &sheet).await.0, 403);
    assert_eq!(common::get_with_key(server.addr, &sheet, "no").await.0, 403);
    assert_eq!(common::get_with_key(server.addr, &sheet, "pw").await.0, 200);
    assert_eq!(
        common::get_with_key(server.addr, &sheet, &token).await.0,
        200,
        "a seat's token"
    );
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    // Play the one hand: the person always takes its first legal action; bots answer.
    loop {
        let st = c.last_state.clone().unwrap();
        if st["game_over"] == true {
            break;
        }
        if st["observation"]["to_move"].as_u64() == Some(0) {
            let a = st["observation"]["legal_actions"][0].as_str().unwrap().to_string();
            c.act(&a).await;
        }
        c.recv_type("state").await;
    }
    let (_, list) = get(server.addr, "/api/tables").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    let t = list
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == id.as_str())
        .unwrap();
    assert_eq!(t["private"], true);
    assert_eq!(t["finished"], true);
    // Its record, replay and analyses show every card: they are its players' and the
    // password's only (a password that is not ASCII comes percent-encoded).
    for path in ["record", "replay?step=3", "review", "deal-table?hand=1"] {
        let path = format!("/api/tables/{id}/{path}");
        let (status, body) = get(server.addr, &path).await;
        assert_eq!(status, 403, "{path}: {body}");
        assert!(body.contains("private"), "{body}");
        assert_eq!(common::get_with_key(server.addr, &path, "pw").await.0, 200, "{path}");
        assert_eq!(common::get_with_key(server.addr, &path, &token).await.0, 200, "{path}");
    }
    let other = create(
        server.addr,
        json!({"seats": [{"kind":"human"}, {"kind":"bot","level":"random"}, {"kind":"bot","level":"random"}], "password": "пароль ✓"}),
    )
    .await;
    let key = percent_encoding::utf8_percent_encode("пароль ✓", percent_encoding::NON_ALPHANUMERIC).to_string();
    let sheet = format!("/api/tables/{other}/sheet.svg");
    assert_eq!(common::get_with_key(server.addr, &sheet, &key).await.0, 200);
}

on_both_databases!(private_tables_need_the_password_and_bots_fill_their_seats);
