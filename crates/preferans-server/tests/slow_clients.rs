//! Connections that hold the server without asking anything: headers that never finish are
//! cut off at the deadline, and one address holds at most its share of connections
//! (`listen.rs`).

mod common;

use std::time::Duration;

use common::{get, sqlite_url, Client};
use preferans_server::{HubSettings, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

async fn start_with(dir: &tempfile::TempDir, settings: HubSettings) -> Server {
    Server::start("127.0.0.1:0".parse().unwrap(), &sqlite_url(dir), settings)
        .await
        .unwrap()
}

/// Whether the server closes `stream` within `within` (reading what it sends meanwhile).
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    let read = async {
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(within, read).await.is_ok()
}

#[tokio::test]
async fn headers_that_never_finish_are_cut_off_at_the_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let settings = HubSettings {
        header_deadline: Duration::from_millis(300),
        ..common::fast()
    };
    let server = start_with(&dir, settings).await;
    // Half a request, then nothing.
    let mut half = TcpStream::connect(server.addr).await.unwrap();
    half.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    // Nothing at all.
    let mut silent = TcpStream::connect(server.addr).await.unwrap();
    assert!(closed_within(&mut half, Duration::from_secs(5)).await, "half a request");
    assert!(
        closed_within(&mut silent, Duration::from_secs(5)).await,
        "a silent connection"
    );
    // A whole request is answered as ever.
    let (status, _) = get(server.addr, "/api/health").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn one_address_holds_at_most_its_share_of_connections() {
    let dir = tempfile::tempdir().unwrap();
    let settings = HubSettings {
        http_connections_per_address: 2,
        ..common::fast()
    };
    let server = start_with(&dir, settings).await;
    let first = TcpStream::connect(server.addr).await.unwrap();
    let _second = TcpStream::connect(server.addr).await.unwrap();
    let mut third = TcpStream::connect(server.addr).await.unwrap();
    assert!(
        closed_within(&mut third, Duration::from_secs(5)).await,
        "over the cap: closed at once"
    );
    drop(first);
    // The place is free again once the server has seen the close.
    let mut answered = false;
    for _ in 0..50 {
        let mut s = TcpStream::connect(server.addr).await.unwrap();
        s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let mut reply = Vec::new();
        let _ = s.read_to_end(&mut reply).await;
        if reply.starts_with(b"HTTP/1.1 200") {
            answered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(answered, "a freed place is taken again");
}

#[tokio::test]
async fn a_body_that_does_not_come_is_answered_408() {
    let dir = tempfile::tempdir().unwrap();
    let settings = HubSettings {
        request_deadline: Duration::from_millis(300),
        ..common::fast()
    };
    let server = start_with(&dir, settings).await;
    let mut s = TcpStream::connect(server.addr).await.unwrap();
    s.write_all(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    )
    .await
    .unwrap();
    let mut reply = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut reply)).await;
    assert!(read.is_ok(), "answered and closed");
    let reply = String::from_utf8_lossy(&reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(reply.contains("took too long"), "{reply}");
}

#[tokio::test]
async fn a_websocket_outlives_the_header_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let settings = HubSettings {
        header_deadline: Duration::from_millis(200),
        request_deadline: Duration::from_millis(200),
        ..common::fast()
    };
    let server = start_with(&dir, settings).await;
    let mut c = Client::connect(server.addr).await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    // Still open: a message is answered.
    c.send_text("not json").await;
    let error = c.recv_type("error").await;
    assert!(error["message"].is_string(), "{error}");
}

#[tokio::test]
async fn the_server_holds_at_most_its_connections_over_all_addresses() {
    let dir = tempfile::tempdir().unwrap();
    let settings = HubSettings {
        max_connections: 2,
        ..common::fast()
    };
    let server = start_with(&dir, settings).await;
    // A WebSocket counts too.
    let _ws = Client::connect(server.addr).await;
    let _http = TcpStream::connect(server.addr).await.unwrap();
    let mut third = TcpStream::connect(server.addr).await.unwrap();
    assert!(
        closed_within(&mut third, Duration::from_secs(5)).await,
        "over the limit: closed at once"
    );
}
