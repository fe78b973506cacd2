//! Behind a reverse proxy (`trusted_proxies`, `pref serve --trusted-proxy`): each client's
//! address comes from X-Forwarded-For, so the per-address limits count clients, not the proxy;
//! from anyone else the header is not read.

mod common;

use common::sqlite_url;
use preferans_server::{HubSettings, Server};
use serde_json::json;

/// Creates a table as the client `forwarded_for`; the answer's status.
async fn create_as(server: &Server, forwarded_for: &str) -> u16 {
    let bots = json!([{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}, {"kind": "human"}]);
    reqwest::Client::new()
        .post(format!("http://{}/api/tables", server.addr))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"seats": bots, "hand_limit": 1}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

async fn start_allowing_one_post(trusted_proxies: Vec<std::net::IpAddr>) -> (Server, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let settings = HubSettings {
        posts_per_minute: 1,
        trusted_proxies,
        ..common::fast()
    };
    let server = Server::start("127.0.0.1:0".parse().unwrap(), &sqlite_url(&dir), settings)
        .await
        .unwrap();
    (server, dir)
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_limits() {
    let (server, _dir) = start_allowing_one_post(vec!["127.0.0.1".parse().unwrap()]).await;
    assert_eq!(create_as(&server, "198.51.100.1").await, 201);
    assert_eq!(create_as(&server, "198.51.100.1").await, 429, "the same client again");
    assert_eq!(
        create_as(&server, "198.51.100.2").await,
        201,
        "another client behind the proxy"
    );
    // A client's own made-up entry before the proxy's is not believed.
    assert_eq!(create_as(&server, "198.51.100.9, 198.51.100.2").await, 429);
}

#[tokio::test]
async fn from_an_untrusted_peer_the_forwarded_address_is_not_read() {
    let (server, _dir) = start_allowing_one_post(Vec::new()).await;
    assert_eq!(create_as(&server, "198.51.100.1").await, 201);
    assert_eq!(
        create_as(&server, "198.51.100.2").await,
        429,
        "one peer, whatever it claims"
    );
}

#[tokio::test]
async fn ipv6_clients_are_counted_by_their_64_prefix() {
    // One host rotating addresses inside its /64 shares one allowance; another /64 has its own.
    let (server, _dir) = start_allowing_one_post(vec!["127.0.0.1".parse().unwrap()]).await;
    assert_eq!(create_as(&server, "2001:db8:1:2::1").await, 201);
    assert_eq!(create_as(&server, "2001:db8:1:2::2").await, 429, "the same /64");
    assert_eq!(create_as(&server, "2001:db8:1:2:ffff::9").await, 429, "the same /64");
    assert_eq!(create_as(&server, "2001:db8:1:3::1").await, 201, "another /64");
}
