//! A seat carried to another device (`POST /api/tables/{id}/transfer`, then
//! `…/transfer/claim` from the other device): the code opens the seat once, only at its
//! table, and only while its person holds the seat.

mod common;

use common::{create, post, seat, sqlite_url, start, Client};
use serde_json::json;

#[tokio::test]
async fn a_transfer_code_gives_the_seat_once_at_its_own_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 3})).await;
    let other = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 3})).await;
    let (ann_seat, ann) = seat(server.addr, &id, "Ann").await;
    let (_, bob) = seat(server.addr, &id, "Bob").await;
    let ask = format!("/api/tables/{id}/transfer");
    let claim = format!("/api/tables/{id}/transfer/claim");
    // Only a seat's token gets a code.
    let (status, _) = post(server.addr, &ask, json!({"token": "not a token"})).await;
    assert_eq!(status, 403);
    let (status, v) = post(server.addr, &ask, json!({"token": ann})).await;
    assert_eq!(status, 200, "{v}");
    let code = v["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 32, "128 random bits: {v}");
    assert_eq!(v["expires_in_secs"], 600);
    assert_ne!(code, ann, "the code is not the token");
    // At another table the code opens nothing, and is used up.
    let (status, _) = post(
        server.addr,
        &format!("/api/tables/{other}/transfer/claim"),
        json!({"code": code}),
    )
    .await;
    assert_eq!(status, 409);
    let (status, _) = post(server.addr, &claim, json!({"code": code})).await;
    assert_eq!(status, 409, "a code is used once, whatever the answer");
    // A fresh code gives Ann's seat and token, once.
    let (_, v) = post(server.addr, &ask, json!({"token": ann})).await;
    let code = v["code"].as_str().unwrap().to_string();
    let (status, v) = post(server.addr, &claim, json!({"code": code})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v, json!({"seat": ann_seat, "token": ann}));
    let (status, v) = post(server.addr, &claim, json!({"code": code})).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("used already"), "{v}");
    // The other device joins with it as Ann; her first device keeps its seat too.
    let mut phone = Client::connect(server.addr).await;
    assert_eq!(phone.join(&id, Some(&ann)).await["you"], ann_seat);
    // A newer link replaces the seat's earlier one.
    let (_, v) = post(server.addr, &ask, json!({"token": ann})).await;
    let first = v["code"].as_str().unwrap().to_string();
    let (_, v) = post(server.addr, &ask, json!({"token": ann})).await;
    let second = v["code"].as_str().unwrap().to_string();
    let (status, v) = post(server.addr, &claim, json!({"code": first})).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("replaced by a newer one"), "{v}");
    let (status, _) = post(server.addr, &claim, json!({"code": second})).await;
    assert_eq!(status, 200);
    // A seat its person has left since: the code opens nothing, and says why.
    let (_, v) = post(
        server.addr,
        &format!("/api/tables/{id}/transfer"),
        json!({"token": bob}),
    )
    .await;
    let bob_code = v["code"].as_str().unwrap().to_string();
    let (status, _) = post(server.addr, &format!("/api/tables/{id}/leave"), json!({"token": bob})).await;
    assert_eq!(status, 200);
    let (status, v) = post(server.addr, &claim, json!({"code": bob_code})).await;
    assert_eq!(status, 409);
    assert!(v["error"].as_str().unwrap().contains("has left it"), "{v}");
    // Malformed requests are refused as such.
    let (status, _) = post(server.addr, &claim, json!({"code": 5})).await;
    assert_eq!(status, 400);
}
