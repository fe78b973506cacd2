//! `/api/health`: the database answers and takes writes (503 when it is gone, or when another
//! program holds SQLite's write lock), and the tables it counts.

#[macro_use]
mod common;

use common::{create, get, sqlite_url, start};
use serde_json::json;

async fn health_says_the_database_answers_and_counts_the_tables(url: &str) {
    let server = start(url).await;
    let health = || async { get(server.addr, "/api/health").await };
    let (status, body) = health().await;
    assert_eq!(status, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let database = if url.starts_with("sqlite") {
        "sqlite"
    } else {
        "postgres"
    };
    assert_eq!(
        (v["status"].as_str(), v["database"].as_str()),
        (Some("ok"), Some(database))
    );
    let before = v["tables"].as_u64().unwrap();
    create(
        server.addr,
        json!({"seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}),
    )
    .await;
    let v: serde_json::Value = serde_json::from_str(&health().await.1).unwrap();
    assert_eq!(v["tables"].as_u64(), Some(before + 1));
    assert_eq!(v["playing"].as_u64(), Some(before + 1), "a new table is being played");
}

#[tokio::test]
async fn health_is_503_while_another_program_holds_the_sqlite_write_lock() {
    use sqlx::Connection;
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    assert_eq!(get(server.addr, "/api/health").await.0, 200);
    // Another program (a backup, the sqlite3 shell) holds the write lock: reads still answer,
    // but no action could be stored.
    let file = dir.path().join("pref.db");
    let mut other = sqlx::SqliteConnection::connect(&format!("sqlite://{}", file.display()))
        .await
        .unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut other).await.unwrap();
    // A probe's answer serves the requests of the next quarter second.
    tokio::time::sleep(preferans_server::store::PROBE_FRESH).await;
    let (status, body) = get(server.addr, "/api/health").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("refuses writes"), "{body}");
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    tokio::time::sleep(preferans_server::store::PROBE_FRESH).await;
    assert_eq!(get(server.addr, "/api/health").await.0, 200);
}

#[tokio::test]
async fn health_is_503_when_the_database_is_gone() {
    let db = common::postgres::FreshDatabase::create().await;
    if db.url.starts_with("sqlite") {
        eprintln!("PostgreSQL skipped: an SQLite file cannot be taken away from a running server");
        return;
    }
    let server = start(&db.url).await;
    assert_eq!(get(server.addr, "/api/health").await.0, 200);
    db.drop().await;
    let (status, body) = get(server.addr, "/api/health").await;
    assert_eq!(status, 503, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["status"], "unavailable");
    assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
}

on_both_databases!(health_says_the_database_answers_and_counts_the_tables);
