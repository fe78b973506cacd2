//! A state leaves out the hand summaries (`log`) while they are what its connection last got
//! (docs/protocol.md): a long game does not resend every finished hand after every card.

mod common;

use common::{create, play_to_the_end, seat, sqlite_url, start, Client};
use serde_json::{json, Value};

#[tokio::test]
async fn the_log_is_sent_when_it_changes_and_on_every_join() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let hands = 3;
    let seats =
        json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "heuristic"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": hands, "seed": 23})).await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    play_to_the_end(&mut c, u64::from(me)).await;

    // The states as they came over the wire, before the client filled in the log.
    let states: Vec<Value> = c
        .received
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
        .filter(|v| v["type"] == "state")
        .collect();
    assert_eq!(states[0]["log"], json!([]), "a join's first state carries the log");
    assert_eq!(states[0]["last_hand"], json!(null), "and the hand before (none)");
    let (mut log, mut last_hand) = (json!([]), json!(null));
    let (mut with_log, mut with_last_hand) = (0, 0);
    for (i, st) in states.iter().enumerate().skip(1) {
        let finished = st["hand_number"].as_u64().unwrap() - u64::from(st["game_over"] != true);
        if let Some(sent) = st.get("log") {
            assert_ne!(sent, &log, "state {i}: an unchanged log is left out");
            log = sent.clone();
            with_log += 1;
        }
        if let Some(sent) = st.get("last_hand") {
            assert_ne!(sent, &last_hand, "state {i}: an unchanged hand before is left out");
            last_hand = sent.clone();
            with_last_hand += 1;
        }
        assert_eq!(
            log.as_array().unwrap().len() as u64,
            finished,
            "state {i}: a summary per finished hand"
        );
        assert_eq!(
            last_hand["number"].as_u64().unwrap_or(0),
            finished,
            "state {i}: the hand before"
        );
    }
    assert_eq!(with_log, hands, "one state with a new summary per hand");
    assert!(
        with_last_hand >= hands,
        "{with_last_hand}: at least one with each hand before"
    );
    assert!(
        4 * with_last_hand < states.len(),
        "{with_last_hand} of {} states",
        states.len()
    );
    assert!(states.len() > 4 * hands, "{} states", states.len());

    // Another connection (a reload, a spectator) gets the whole log at once.
    let mut other = Client::connect(server.addr).await;
    let first = other.join(&id, None).await;
    assert_eq!(first["log"], log);
    assert_eq!(first["last_hand"]["number"], hands);
    // And a second join on the same connection gets them again, on the wire (the test
    // client would fill them in).
    other.join(&id, None).await;
    let again: Value = serde_json::from_str(other.received.last().unwrap()).unwrap();
    assert_eq!(again["log"], log);
    assert_eq!(again["last_hand"], first["last_hand"]);
}
