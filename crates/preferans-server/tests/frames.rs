//! Frames and requests a client should not send: each is answered with a reason, and limits
//! count per seat or per frame, not per connection or per kind of frame.

mod common;

use std::time::{Duration, Instant};

use common::{create, post, seat, sqlite_url, start, Client};
use serde_json::json;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

#[tokio::test]
async fn an_oversized_message_closes_the_connection_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let mut c = Client::connect(server.addr).await;
    // Over 4 KiB: an error, and the connection stays.
    c.send_text(&"x".repeat(10_000)).await;
    assert!(c.recv_type("error").await["message"]
        .as_str()
        .unwrap()
        .contains("4 KiB"));
    // Over 64 KiB: closed, with a close frame that says why.
    c.send_text(&"x".repeat(70_000)).await;
    let f = c.until_close().await.flatten().expect("a close frame with a reason");
    assert_eq!(f.code, CloseCode::Size);
    assert!(f.reason.contains("64 KiB"), "{}", f.reason);
}

#[tokio::test]
async fn binary_frames_count_against_the_message_limit() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let mut c = Client::connect(server.addr).await;
    for _ in 0..400 {
        c.send_frame(Message::Binary(vec![1, 2, 3].into())).await;
    }
    let (mut refused, mut slow) = (0, 0);
    while let Ok(v) = tokio::time::timeout(Duration::from_millis(500), c.recv()).await {
        match v["message"].as_str() {
            Some(m) if m == preferans_server::ws::SLOW_DOWN => slow += 1,
            Some(m) if m.contains("binary") => refused += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(slow, 1, "one warning for the flood");
    assert!((100..250).contains(&refused), "{refused} binary frames answered");
}

#[tokio::test]
async fn ping_frames_count_against_the_message_limit() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let mut c = Client::connect(server.addr).await;
    // Each ping costs the server a pong: a flood of them is a flood of messages, and one
    // that goes on is closed like any other.
    for _ in 0..1200 {
        c.send_frame(Message::Ping(vec![1].into())).await;
    }
    let mut slow = 0;
    let close = loop {
        match tokio::time::timeout(Duration::from_secs(5), c.next_frame()).await {
            Ok(Some(Message::Text(t))) if t.contains(preferans_server::ws::SLOW_DOWN) => slow += 1,
            Ok(Some(Message::Close(f))) => break f,
            Ok(Some(_)) => {}
            Ok(None) | Err(_) => panic!("the flood of pings was not closed"),
        }
    };
    assert_eq!(slow, 1, "one warning for the flood");
    let f = close.expect("a close frame with a reason");
    assert_eq!(f.code, CloseCode::Policy);
    assert!(f.reason.contains("too many messages"), "{}", f.reason);
}

#[tokio::test]
async fn a_stopping_server_closes_its_websockets_as_going_away() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let id = create(server.addr, json!({"seats": humans, "hand_limit": 1})).await;
    let mut watcher = Client::connect(server.addr).await;
    watcher.join(&id, None).await;
    let mut idle = Client::connect(server.addr).await;
    idle.send(json!({"type": "ping"})).await;
    idle.recv_type("pong").await;
    let started = Instant::now();
    server.shutdown().await;
    // Both closed at once, well inside the grace, with 1001 and a reason the page shows.
    assert!(
        started.elapsed() < preferans_server::WEBSOCKET_CLOSE_GRACE,
        "{:?}",
        started.elapsed()
    );
    for c in [&mut watcher, &mut idle] {
        let f = c.until_close().await.flatten().expect("a close frame");
        assert_eq!(f.code, CloseCode::Away);
        assert!(f.reason.contains("stopping"), "{}", f.reason);
    }
}

#[tokio::test]
async fn a_bad_action_is_refused_with_a_short_reason() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let id = create(server.addr, json!({"seats": humans, "hand_limit": 1})).await;
    let (_, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    let action = format!("play {}", "Z".repeat(3000));
    c.send(json!({"type": "act", "token": token, "action": action})).await;
    let e = c.recv_type("error").await;
    let message = e["message"].as_str().unwrap();
    assert!(message.contains("is not an action"), "{message}");
    assert!(message.chars().count() < 200, "{} characters", message.chars().count());
}

#[tokio::test]
async fn a_match_of_no_hands_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "bot", "level": "random"}, {"kind": "human"}, {"kind": "human"}]);
    let (status, v) = post(server.addr, "/api/tables", json!({"seats": seats, "hand_limit": 0})).await;
    assert_eq!(status, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("at least 1 hand"), "{v}");
}

#[tokio::test]
async fn a_seats_hints_are_limited_over_all_its_connections() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let humans = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let id = create(server.addr, json!({"seats": humans, "hand_limit": 1, "seed": 9})).await;
    let tokens = common::seat_three(server.addr, &id).await;
    let mut watcher = Client::connect(server.addr).await;
    let st = watcher.join(&id, None).await;
    let mover = st["observation"]["to_move"].as_u64().unwrap() as usize;
    // Four connections of the seat to move, each asking three times (under each
    // connection's own burst of 5): the seat's burst of 5 holds over all of them.
    let started = Instant::now();
    let mut clients = Vec::new();
    for _ in 0..4 {
        let mut c = Client::connect(server.addr).await;
        c.join(&id, Some(&tokens[mover])).await;
        for _ in 0..3 {
            c.send(json!({"type": "hint", "token": tokens[mover]})).await;
        }
        clients.push(c);
    }
    let (mut answered, mut refused) = (0u64, 0u64);
    for c in &mut clients {
        for _ in 0..3 {
            let v = loop {
                let v = c.recv().await;
                if v["type"] != "state" {
                    break v;
                }
            };
            match v["type"].as_str() {
                Some("hints") => answered += 1,
                Some("error") => {
                    assert!(v["message"].as_str().unwrap().contains("too many hint"), "{v}");
                    refused += 1;
                }
                other => panic!("unexpected {other:?}"),
            }
        }
    }
    // One more a second after the burst.
    let most = 5 + started.elapsed().as_secs() + 1;
    assert!(answered <= most, "{answered} answered in {:?}", started.elapsed());
    assert_eq!(answered + refused, 12);
}

#[tokio::test]
async fn a_plain_request_for_the_websocket_gets_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let (status, body) = common::get(server.addr, "/ws").await;
    assert!((400..500).contains(&status), "{status}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(v["error"].as_str().unwrap().contains("WebSocket"), "{v}");
}

#[tokio::test]
async fn a_client_s_close_is_answered_with_a_close_frame() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let mut c = Client::connect(server.addr).await;
    c.send_frame(Message::Close(None)).await;
    assert!(
        c.until_close().await.is_some(),
        "the server answers a close with a close"
    );
}

#[tokio::test]
async fn a_text_frame_that_is_not_utf8_closes_with_the_invalid_data_code() {
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let mut c = Client::connect(server.addr).await;
    let bytes: &[u8] = b"{\"type\": \"\xff\xfe\"}";
    c.send_frame(Message::Frame(Frame::message(
        bytes.to_vec(),
        OpCode::Data(Data::Text),
        true,
    )))
    .await;
    let f = c.until_close().await.flatten().expect("a close frame with a reason");
    assert_eq!(f.code, CloseCode::Invalid, "{}", f.reason);
    assert!(f.reason.contains("UTF-8"), "{}", f.reason);
}
