//! `pref serve` as a real process: killed with SIGKILL in the middle of a hand, started again
//! on the same SQLite file, and the hand is finished (issue: durability). Every accepted
//! action was stored before anyone heard of it, so nothing acknowledged is lost. A second
//! server on the same database is refused while one runs.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// A `pref serve` process and the address it printed.
struct Served {
    child: Child,
    base: String,
}

fn serve(db: &str) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pref"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--database",
            db,
            "--bot-delay-ms",
            "0",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let start = line.find("http://").unwrap_or_else(|| panic!("no address in {line:?}"));
    let base = line[start..]
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    Served { child, base }
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn recv_state(ws: &mut Ws) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("no message within 20 s")
            .unwrap()
            .unwrap();
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(&t).unwrap();
            assert_ne!(v["type"], "error", "{v}");
            if v["type"] == "state" {
                return v;
            }
        }
    }
}

/// Joins with `token` and plays the first legal action when it is that seat's turn; returns the
/// state after it (or the joined state when it was not its turn).
async fn act_once(base: &str, table: &str, token: &str) -> Value {
    let url = base.replace("http://", "ws://") + "/ws";
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let join = json!({"type": "join", "table": table, "token": token});
    ws.send(Message::Text(join.to_string().into())).await.unwrap();
    let st = recv_state(&mut ws).await;
    let Some(action) = st["observation"]["legal_actions"][0].as_str() else {
        return st;
    };
    let act = json!({"type": "act", "token": token, "action": action});
    ws.send(Message::Text(act.to_string().into())).await.unwrap();
    // Other states may come first (another seat's connection dropping is news too): wait for
    // the one that holds this action.
    loop {
        let next = recv_state(&mut ws).await;
        if actions_in(&next) > actions_in(&st) || next["game_over"] == true {
            return next;
        }
    }
}

fn actions_in(st: &Value) -> usize {
    st["observation"]["history"].as_array().map_or(0, Vec::len)
}

async fn post(base: &str, path: &str, body: Value) -> Value {
    let r = reqwest::Client::new()
        .post(format!("{base}{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap()
}

/// Plays until the state says it is over or the hand's history holds `limit` actions; returns
/// the last state.
async fn play(base: &str, table: &str, tokens: &[String], limit: usize) -> Value {
    let mut st = act_once(base, table, &tokens[0]).await;
    for _ in 0..limit * 3 {
        if actions_in(&st) >= limit || st["game_over"] == true {
            return st;
        }
        let mover = st["observation"]["to_move"].as_u64().unwrap() as usize;
        st = act_once(base, table, &tokens[mover]).await;
    }
    panic!("no progress: {st}")
}

#[tokio::test]
async fn a_server_killed_mid_hand_continues_the_hand_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("pref.db").display());
    let mut first = serve(&db);
    let humans = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]);
    let created = post(
        &first.base,
        "/api/tables",
        json!({"seats": humans, "hand_limit": 1, "seed": 11}),
    )
    .await;
    let table = created["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for name in ["Ann", "Bob", "Cy"] {
        let seat = post(
            &first.base,
            &format!("/api/tables/{table}/seats"),
            json!({"name": name}),
        )
        .await;
        tokens.push(seat["token"].as_str().unwrap().to_string());
    }
    let before = play(&first.base, &table, &tokens, 6).await;
    let history = before["observation"]["history"].clone();
    assert_eq!(history.as_array().unwrap().len(), 6, "{before}");
    assert_ne!(before["game_over"], true);

    first.child.kill().unwrap(); // SIGKILL: no shutdown code runs
    first.child.wait().unwrap();

    // The killed server's hold on the database went with it; the new one holds it now, so a
    // third is refused with one clear line.
    let mut second = serve(&db);
    let mut third = Command::new(env!("CARGO_BIN_EXE_pref"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &db])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // It gives up after its 3 s wait; one that runs on is a failure, not a hang.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = third.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            third.kill().unwrap();
            panic!("a third server started on the database the second holds");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(!status.success());
    let mut err = String::new();
    std::io::Read::read_to_string(&mut third.stderr.take().unwrap(), &mut err).unwrap();
    assert!(err.contains("another `pref serve` is using this database"), "{err}");
    let spectator = {
        let url = second.base.replace("http://", "ws://") + "/ws";
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        let join = json!({"type": "join", "table": table});
        ws.send(Message::Text(join.to_string().into())).await.unwrap();
        recv_state(&mut ws).await
    };
    assert_eq!(
        spectator["observation"]["history"], history,
        "every acknowledged action survived"
    );
    let end = play(&second.base, &table, &tokens, 200).await;
    assert_eq!(end["game_over"], true, "the hand was finished after the restart");

    let record = reqwest::get(format!("{}/api/tables/{table}/record", second.base))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let record = preferans::record::Record::from_json(&record).unwrap();
    record.replay().unwrap();
    second.child.kill().unwrap();
    second.child.wait().unwrap();
}
