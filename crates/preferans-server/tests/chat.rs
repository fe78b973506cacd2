//! Table chat over real WebSocket connections: players talk, everyone at the table (and its
//! spectators) reads it, and nothing else can write there.

mod common;

use common::{create, seat, sqlite_url, start, Client};
use serde_json::{json, Value};

/// The chat of the next state `c` receives that has at least `n` lines.
async fn chat_of(c: &mut Client, n: usize) -> Vec<Value> {
    loop {
        if let Some(st) = &c.last_state {
            let chat = st["chat"].as_array().unwrap();
            if chat.len() >= n {
                return chat.clone();
            }
        }
        c.recv_type("state").await;
    }
}

#[tokio::test]
async fn players_talk_and_everyone_at_the_table_reads_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1})).await;
    let (_, ann) = seat(server.addr, &id, "Ann").await;
    let (_, bob) = seat(server.addr, &id, "Bob").await;
    let (mut a, mut b, mut watcher) = (
        Client::connect(server.addr).await,
        Client::connect(server.addr).await,
        Client::connect(server.addr).await,
    );
    a.join(&id, Some(&ann)).await;
    b.join(&id, Some(&bob)).await;
    assert_eq!(watcher.join(&id, None).await["chat"], json!([]));
    a.send(json!({"type": "chat", "token": ann, "text": " good luck, all "}))
        .await;
    let line = json!({"seat": 0, "name": "Ann", "text": "good luck, all"});
    assert_eq!(chat_of(&mut b, 1).await, vec![line.clone()]);
    assert_eq!(chat_of(&mut watcher, 1).await, vec![line.clone()]);
    assert_eq!(chat_of(&mut a, 1).await, vec![line]);
    // A spectator has no seat to speak for; a bad line is refused with the reason.
    watcher
        .send(json!({"type": "chat", "token": "nobody's", "text": "hi"}))
        .await;
    let e = watcher.recv_type("error").await;
    assert!(e["message"].as_str().unwrap().contains("token"), "{e}");
    b.send(json!({"type": "chat", "token": bob, "text": "x".repeat(201)}))
        .await;
    let e = b.recv_type("error").await;
    assert!(e["message"].as_str().unwrap().contains("200 characters"), "{e}");
    // Refused lines use up no allowance: five more bad ones, and the good line still goes.
    for bad in ["", "   ", "a\u{202e}b", "a\nb", &"y".repeat(300), "\u{200b}\u{200b}"] {
        b.send(json!({"type": "chat", "token": bob, "text": bad})).await;
        let e = b.recv_type("error").await;
        assert!(!e["message"].as_str().unwrap().contains("too many"), "{bad:?}: {e}");
    }
    b.send(json!({"type": "chat", "token": bob, "text": "well played"}))
        .await;
    let chat = chat_of(&mut a, 2).await;
    assert_eq!(chat.len(), 2, "the refused lines were not kept");
    assert_eq!(chat[1]["name"], "Bob");
    // A flood is cut short: five lines in a burst, then "wait a moment".
    let mut refused = false;
    for i in 0..10 {
        b.send(json!({"type": "chat", "token": bob, "text": format!("spam {i}")}))
            .await;
    }
    for _ in 0..20 {
        let m = b.recv().await;
        if m["type"] == "error" && m["message"].as_str().unwrap().contains("too many chat lines") {
            refused = true;
            break;
        }
    }
    assert!(refused, "a chat flood is refused");
}

#[tokio::test]
async fn the_chat_is_kept_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let server = start(&url).await;
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1})).await;
    let (_, ann) = seat(server.addr, &id, "Ann").await;
    let mut a = Client::connect(server.addr).await;
    a.join(&id, Some(&ann)).await;
    a.send(json!({"type": "chat", "token": ann, "text": "before the restart"}))
        .await;
    chat_of(&mut a, 1).await;
    drop(a);
    server.stop();
    drop(server);
    let server = start(&url).await;
    let mut a = Client::connect(server.addr).await;
    let st = a.join(&id, Some(&ann)).await;
    let line = json!({"seat": 0, "name": "Ann", "text": "before the restart"});
    assert_eq!(st["chat"], json!([line]));
    // Numbering goes on after the restart: the next line is stored beside the first.
    a.send(json!({"type": "chat", "token": ann, "text": "after it"})).await;
    assert_eq!(chat_of(&mut a, 2).await[1]["text"], "after it");
    drop(a);
    server.stop();
    drop(server);
    let server = start(&url).await;
    let mut watcher = Client::connect(server.addr).await;
    let chat = watcher.join(&id, None).await["chat"].clone();
    assert_eq!(chat.as_array().map(Vec::len), Some(2), "{chat}");
}
