//! The next game with the same seats (`POST /api/tables/{id}/rematch`): one table for every
//! player who asks, the same rules and seats, new deals, a private table's password kept.

mod common;

use common::{create, get, play_to_the_end, post, seat, sqlite_url, start, Client};
use serde_json::{json, Value};

async fn summary(addr: std::net::SocketAddr, id: &str) -> Value {
    let (status, body) = get(addr, &format!("/api/tables/{id}")).await;
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[tokio::test]
async fn a_finished_game_is_played_again_at_one_new_table_with_the_same_seats() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "random"}]);
    let config = json!({"name": "Friday", "preset": "leningrad", "options": {"hold": "none"},
                        "seats": seats, "hand_limit": 1, "seed": 8});
    let id = create(server.addr, config).await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let path = format!("/api/tables/{id}/rematch");
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    // Not before the game is over.
    let (status, v) = post(server.addr, &path, json!({"token": token})).await;
    assert_eq!((status, v["error"].as_str()), (409, Some("the game is not over yet")));
    play_to_the_end(&mut c, u64::from(me)).await;
    // Only a player of the game may start the next one.
    let (status, _) = post(server.addr, &path, json!({"token": "not a token"})).await;
    assert_eq!(status, 403);
    let (status, _) = post(server.addr, &path, json!({"token": token, "seed": 1})).await;
    assert_eq!(status, 400, "unknown fields are refused");
    let (status, v) = post(server.addr, "/api/tables/nope/rematch", json!({"token": token})).await;
    assert_eq!((status, v["error"].as_str()), (404, Some("no table 'nope'")));
    let r = reqwest::Client::new()
        .post(format!("http://{}{path}", server.addr))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    assert!(r.json::<Value>().await.unwrap()["error"].is_string(), "errors are JSON");
    let (status, v) = post(server.addr, &path, json!({"token": token})).await;
    assert_eq!(status, 200, "{v}");
    let next = v["id"].as_str().unwrap().to_string();
    assert_eq!(v["link"], format!("/table/{next}"));
    assert_ne!(next, id);
    // Whoever asks again gets the same table; every viewer of the old one is shown it.
    let (_, again) = post(server.addr, &path, json!({"token": token})).await;
    assert_eq!(again["id"], next.as_str());
    loop {
        if c.last_state.as_ref().unwrap()["next_table"] == next.as_str() {
            break;
        }
        c.recv_type("state").await;
    }
    let mut spectator = Client::connect(server.addr).await;
    assert_eq!(spectator.join(&id, None).await["next_table"], next.as_str());
    assert_eq!(summary(server.addr, &id).await["next_table"], next.as_str());
    // The same rules and seats, new deals, nobody seated yet.
    let (old, new) = (summary(server.addr, &id).await, summary(server.addr, &next).await);
    for field in ["name", "rules", "players", "private"] {
        assert_eq!(new[field], old[field], "{field}");
    }
    assert!(new["rules"].as_str().unwrap().contains("hold=none"), "{}", new["rules"]);
    assert_eq!(new["seeded"], false);
    assert_eq!(new["finished"], false);
    let kinds = |s: &Value| -> Vec<Value> {
        s["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["bot"].clone())
            .collect()
    };
    assert_eq!(kinds(&new), kinds(&old));
    assert!(new["seats"][0]["name"].is_null(), "the person's seat is free again");
    // And it is played.
    let (new_seat, new_token) = seat(server.addr, &next, "Ann").await;
    assert_eq!(new_seat, me);
    let mut c2 = Client::connect(server.addr).await;
    let st = c2.join(&next, Some(&new_token)).await;
    assert_eq!(st["game_over"], false);
    assert_eq!(st["hand_number"], 1);
}

#[tokio::test]
async fn a_private_tables_next_game_needs_and_keeps_its_password() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "password": "pw"})).await;
    let (status, v) = post(
        server.addr,
        &format!("/api/tables/{id}/seats"),
        json!({"name": "Bo", "password": "pw"}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let token = v["token"].as_str().unwrap().to_string();
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    play_to_the_end(&mut c, v["seat"].as_u64().unwrap()).await;
    let path = format!("/api/tables/{id}/rematch");
    for wrong in [json!({"token": token}), json!({"token": token, "password": "PW"})] {
        let (status, v) = post(server.addr, &path, wrong).await;
        assert_eq!(status, 409, "{v}");
        assert!(v["error"].as_str().unwrap().contains("private"), "{v}");
    }
    let (status, v) = post(server.addr, &path, json!({"token": token, "password": "pw"})).await;
    assert_eq!(status, 200, "{v}");
    let next = v["id"].as_str().unwrap();
    assert_eq!(summary(server.addr, next).await["private"], true);
    let seats_path = format!("/api/tables/{next}/seats");
    let (status, _) = post(server.addr, &seats_path, json!({"name": "Eve"})).await;
    assert_eq!(status, 409, "the next game is private too");
    let (status, _) = post(server.addr, &seats_path, json!({"name": "Bo", "password": "pw"})).await;
    assert_eq!(status, 200);
}
