//! A database outage (PostgreSQL refusing every connection for a while): an action the
//! database does not take is refused and changes nothing; once the database is back, people
//! act again, bots and move timers play on by themselves, and every stored log still replays
//! to the table's game, and the server holds its database's lock again. "Store before tell"
//! (docs/architecture.md).

mod common;

use std::time::Duration;

use common::postgres::FreshDatabase;
use common::{create, get, play_to_the_end, seat, start, Client};
use serde_json::{json, Value};

/// Reads states until `done` holds for one.
async fn until(c: &mut Client, done: impl Fn(&Value) -> bool) -> Value {
    let mut st = c.last_state.clone().unwrap();
    while !done(&st) {
        st = c.recv_type("state").await;
    }
    st
}

/// The table's stored record replays to a game with as many actions as `st` shows.
async fn stored_log_matches(addr: std::net::SocketAddr, id: &str, st: &Value) {
    let (status, record) = get(addr, &format!("/api/tables/{id}/record")).await;
    assert_eq!(status, 200, "{record}");
    let record = preferans::record::Record::from_json(&record).unwrap();
    record.replay().unwrap();
    let stored: usize = record.hands.iter().map(|h| h.actions.len()).sum();
    assert_eq!(
        stored as u64,
        st["actions"].as_u64().unwrap(),
        "the log holds every action applied"
    );
}

#[tokio::test]
async fn an_action_the_database_does_not_take_is_refused_and_the_game_goes_on_after() {
    let db = FreshDatabase::create().await;
    let server = start(&db.url).await;
    let seats =
        json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "heuristic"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1, "seed": 23})).await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    let before = until(&mut c, |st| st["observation"]["to_move"] == me).await;
    if !db.cut_off().await {
        eprintln!("*** outage test SKIPPED: it needs PostgreSQL ***");
        return;
    }
    let action = before["observation"]["legal_actions"][0].as_str().unwrap().to_string();
    c.act(&action).await;
    let e = c.recv_type("error").await;
    // The cause is the server's log's: it would name the database.
    assert_eq!(e["message"], preferans_server::hub::STORAGE_FAILED);
    assert_eq!(get(server.addr, "/api/health").await.0, 503);
    // Nothing changed: a new connection sees the same state, still Ann's turn.
    let mut other = Client::connect(server.addr).await;
    let seen = other.join(&id, Some(&token)).await;
    assert_eq!(
        (&seen["actions"], &seen["observation"]["to_move"]),
        (&before["actions"], &json!(me))
    );

    db.restore().await;
    c.act(&action).await;
    let after = c.recv_type("state").await;
    assert_eq!(after["actions"], before["actions"].as_u64().unwrap() + 1);
    assert_eq!(get(server.addr, "/api/health").await.0, 200);
    play_to_the_end(&mut c, u64::from(me)).await;
    stored_log_matches(server.addr, &id, c.last_state.as_ref().unwrap()).await;
    db.drop().await;
}

#[tokio::test]
async fn bots_play_on_by_themselves_once_the_database_is_back() {
    let db = FreshDatabase::create().await;
    let server = start(&db.url).await;
    let bot = json!({"kind": "bot", "level": "heuristic"});
    let id = create(
        server.addr,
        json!({"seats": [bot, bot, bot], "hand_limit": 30, "seed": 5}),
    )
    .await;
    // Bots play while someone watches.
    let mut watcher = Client::connect(server.addr).await;
    watcher.join(&id, None).await;
    until(&mut watcher, |st| st["actions"].as_u64() >= Some(5)).await;
    if !db.cut_off().await {
        eprintln!("*** outage test SKIPPED: it needs PostgreSQL ***");
        return;
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    db.restore().await;
    let last = until(&mut watcher, |st| st["game_over"] == true).await;
    assert_eq!(last["log"].as_array().unwrap().len(), 30, "every hand played");
    stored_log_matches(server.addr, &id, &last).await;
    db.drop().await;
}

#[tokio::test]
async fn a_timed_out_move_the_database_did_not_take_is_played_once_it_is_back() {
    let db = FreshDatabase::create().await;
    let server = start(&db.url).await;
    let seats =
        json!([{"kind": "human"}, {"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "heuristic"}]);
    let config = json!({"seats": seats, "hand_limit": 1, "seed": 23, "move_timer_secs": 1});
    let id = create(server.addr, config).await;
    let (me, token) = seat(server.addr, &id, "Ann").await;
    let mut c = Client::connect(server.addr).await;
    c.join(&id, Some(&token)).await;
    let before = until(&mut c, |st| {
        st["observation"]["to_move"] == me && !st["deadline_ms"].is_null()
    })
    .await;
    if !db.cut_off().await {
        eprintln!("*** outage test SKIPPED: it needs PostgreSQL ***");
        return;
    }
    // Her time runs out while the database is away: the timer's move is refused.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    db.restore().await;
    // Ann does nothing: the server plays her turn for her once the database is back.
    let st = until(&mut c, |st| st["actions"] != before["actions"]).await;
    assert_eq!(st["timed_out"], me, "{st}");
    assert_eq!(st["actions"], before["actions"].as_u64().unwrap() + 1);
    db.drop().await;
}

#[tokio::test]
async fn the_database_lock_is_taken_again_once_the_database_is_back() {
    use preferans_server::store::{DatabaseLock, KEEP_EVERY};
    let db = FreshDatabase::create().await;
    let server = start(&db.url).await;
    if !db.cut_off().await {
        eprintln!("*** outage test SKIPPED: it needs PostgreSQL ***");
        return;
    }
    // The outage closed the lock's connection, and with it the lock.
    tokio::time::sleep(KEEP_EVERY).await;
    db.restore().await;
    // Within a few looks the server holds its database again (PostgreSQL's own view of the
    // locks: asking for the lock here could race the server for it), and a second server is
    // refused.
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    let deadline = tokio::time::Instant::now() + KEEP_EVERY * 5;
    loop {
        let held: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted \
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        )
        .fetch_one(&pool)
        .await
        .unwrap();
        if held > 0 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the server did not take its database's lock again"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    pool.close().await;
    let e = DatabaseLock::take(&db.url, Duration::ZERO, Default::default())
        .await
        .unwrap_err();
    assert!(e.to_string().contains("another `pref serve`"), "{e}");
    assert_eq!(get(server.addr, "/api/health").await.0, 200);
    db.drop().await;
}

#[tokio::test]
async fn a_server_whose_lock_another_took_during_an_outage_stores_nothing_until_it_has_it_again() {
    use preferans_server::store::{DatabaseLock, KEEP_EVERY};
    let db = FreshDatabase::create().await;
    let server = start(&db.url).await;
    if !db.cut_off().await {
        eprintln!("*** outage test SKIPPED: it needs PostgreSQL ***");
        return;
    }
    // A short outage, and another holder takes the lock before the server looks again.
    db.restore().await;
    let other = DatabaseLock::take(&db.url, KEEP_EVERY, Default::default())
        .await
        .unwrap();
    // The server finds its lock gone: its health says so and it stores nothing.
    let health = || async { get(server.addr, "/api/health").await.0 };
    let deadline = tokio::time::Instant::now() + KEEP_EVERY * 10;
    while health().await != 503 {
        assert!(tokio::time::Instant::now() < deadline, "health still says ok");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let seats = json!([{"kind": "human"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]);
    let (status, v) = common::post(server.addr, "/api/tables", json!({"seats": seats})).await;
    assert_eq!(status, 503, "{v}");
    // The other holder lets go: the server takes its lock again and stores again.
    drop(other);
    let deadline = tokio::time::Instant::now() + KEEP_EVERY * 10;
    while health().await != 200 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the server did not take its lock again"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(
        common::post(server.addr, "/api/tables", json!({"seats": seats}))
            .await
            .0,
        201
    );
    db.drop().await;
}
