//! A real server on a free loopback port and real WebSocket clients.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use preferans_server::{HubSettings, Server};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub mod postgres;

pub fn fast() -> HubSettings {
    HubSettings {
        bot_delay: Duration::ZERO,
        hint_budget: 4,
        posts_per_minute: 0,
        connections_per_address: 0,
        http_connections_per_address: 0,
        header_deadline: Duration::from_secs(10),
        request_deadline: Duration::from_secs(30),
        max_connections: 0,
        open_tables_per_address: 0,
        away_before_bot: Duration::from_secs(1),
        wrong_keys_per_minute: 0,
        finished_tables_in_memory: 200,
        trusted_proxies: Vec::new(),
        ping_interval: Duration::from_secs(30),
    }
}

pub async fn start(database: &str) -> Server {
    Server::start("127.0.0.1:0".parse().unwrap(), database, fast())
        .await
        .unwrap()
}

pub fn sqlite_url(dir: &tempfile::TempDir) -> String {
    format!("sqlite://{}", dir.path().join("pref.db").display())
}

pub async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// GET with a private table's key (its password or a seat's token) in `x-table-key`.
pub async fn get_with_key(addr: SocketAddr, path: &str, key: &str) -> (u16, String) {
    let r = reqwest::Client::new()
        .get(format!("http://{addr}{path}"))
        .header("x-table-key", key)
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// Creates a table; returns its id.
pub async fn create(addr: SocketAddr, config: Value) -> String {
    let (status, v) = post(addr, "/api/tables", config).await;
    assert_eq!(status, 201, "{v}");
    v["id"].as_str().unwrap().to_string()
}

/// Claims a seat; returns (seat, token).
pub async fn seat(addr: SocketAddr, table: &str, name: &str) -> (u8, String) {
    let (status, v) = post(addr, &format!("/api/tables/{table}/seats"), json!({ "name": name })).await;
    assert_eq!(status, 200, "{v}");
    (
        v["seat"].as_u64().unwrap() as u8,
        v["token"].as_str().unwrap().to_string(),
    )
}

/// Claims the three seats of a table of three people (Ann, Bob, Cy); returns their tokens.
pub async fn seat_three(addr: SocketAddr, table: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    for name in ["Ann", "Bob", "Cy"] {
        tokens.push(seat(addr, table, name).await.1);
    }
    tokens
}

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text message received, raw, for the section 7 scans.
    pub received: Vec<String>,
    pub token: Option<String>,
    pub last_state: Option<Value>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        Client {
            ws,
            received: Vec::new(),
            token: None,
            last_state: None,
        }
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Sends any frame (binary, oversized…).
    pub async fn send_frame(&mut self, m: Message) {
        self.ws.send(m).await.unwrap();
    }

    /// The next frame of any kind, `None` once the connection is closed (20 s at most).
    pub async fn next_frame(&mut self) -> Option<Message> {
        tokio::time::timeout(Duration::from_secs(20), self.ws.next())
            .await
            .expect("no frame within 20 s")
            .and_then(Result::ok)
    }

    /// Reads until the server's close frame: `Some(its payload)`, or `None` when the
    /// connection ended without one.
    pub async fn until_close(&mut self) -> Option<Option<tokio_tungstenite::tungstenite::protocol::CloseFrame>> {
        while let Some(m) = self.next_frame().await {
            if let Message::Close(f) = m {
                return Some(f);
            }
        }
        None
    }

    pub async fn send(&mut self, v: Value) {
        self.send_text(&v.to_string()).await;
    }

    /// The next message (fails the test after 20 s of silence).
    pub async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .expect("no message within 20 s")
                .expect("connection closed")
                .expect("websocket error");
            if let Message::Text(t) = m {
                self.received.push(t.to_string());
                let mut v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "state" {
                    // As the page does: a state without `log` or `last_hand` keeps the one
                    // before it on this connection (the first state of a join has both).
                    for key in ["log", "last_hand"] {
                        if v.get(key).is_none() {
                            let before = self.last_state.as_ref().expect("a first state without all its parts");
                            v[key] = before[key].clone();
                        }
                    }
                    self.last_state = Some(v.clone());
                }
                return v;
            }
        }
    }

    /// Receives until a message of `kind`.
    pub async fn recv_type(&mut self, kind: &str) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] == kind {
                return v;
            }
        }
    }

    pub async fn join(&mut self, table: &str, token: Option<&str>) -> Value {
        self.token = token.map(str::to_string);
        match token {
            Some(t) => self.send(json!({"type": "join", "table": table, "token": t})).await,
            None => self.send(json!({"type": "join", "table": table})).await,
        }
        self.recv().await
    }

    pub async fn act(&mut self, action: &str) {
        let token = self.token.clone().unwrap_or_default();
        self.send(json!({"type": "act", "token": token, "action": action}))
            .await;
    }
}

/// Plays a one-person table to its end: the person takes its first legal action; returns the
/// number of actions the person took.
pub async fn play_to_the_end(c: &mut Client, me: u64) -> usize {
    let mut mine = 0;
    loop {
        let st = c.last_state.clone().unwrap();
        if st["game_over"] == true {
            return mine;
        }
        if st["observation"]["to_move"].as_u64() == Some(me) {
            let a = st["observation"]["legal_actions"][0].as_str().unwrap().to_string();
            c.act(&a).await;
            mine += 1;
        }
        c.recv_type("state").await;
    }
}

/// Each scenario on SQLite (a fresh file) and on PostgreSQL (a fresh database).
#[allow(unused_macros)]
macro_rules! on_both_databases {
    ($($name:ident),*) => {
        mod sqlite {
            $(#[tokio::test]
            async fn $name() {
                let dir = tempfile::tempdir().unwrap();
                super::$name(&super::sqlite_url(&dir)).await;
            })*
        }
        mod postgres {
            $(#[tokio::test]
            async fn $name() {
                let db = super::common::postgres::FreshDatabase::create().await;
                super::$name(&db.url).await;
                db.drop().await;
            })*
        }
    };
}
