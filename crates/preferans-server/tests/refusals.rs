//! Refusals over real HTTP (SQLite): each with the status `docs/protocol.md` names and a JSON
//! `{"error": …}` body that says why; and a database that cannot be opened, reported at once
//! with its cause.

mod common;

use std::time::{Duration, Instant};

use common::{create, get, post, seat, sqlite_url, start};
use preferans::Viewer;
use preferans_server::table::Table;
use preferans_server::{HubSettings, Server, Store, TableConfig};
use serde_json::{json, Value};

fn humans(n: usize) -> Value {
    Value::Array(vec![json!({"kind": "human"}); n])
}

/// The error text of a JSON error body.
fn error_of(body: &Value) -> &str {
    body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("not a JSON error: {body}"))
}

#[tokio::test]
async fn seat_claims_are_refused_with_the_status_the_protocol_names() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let seats = json!([{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]);
    let id = create(server.addr, json!({"seats": seats, "hand_limit": 1})).await;
    let claim = |body: Value| {
        let path = format!("/api/tables/{id}/seats");
        async move { post(server.addr, &path, body).await }
    };
    // A seat the table does not have is a malformed request, not a taken seat.
    let (status, v) = claim(json!({"name": "Ann", "seat": 9})).await;
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("seat 9 does not exist"), "{v}");
    let (status, v) = claim(json!({"name": "Ann", "seat": 3})).await;
    assert_eq!(status, 400, "{v}");
    // A bad name is malformed too (400, as the protocol says), not a conflict.
    for name in ["", "   ", &"x".repeat(31)] {
        let (status, v) = claim(json!({ "name": name })).await;
        assert_eq!(status, 400, "{name:?}: {v}");
        assert!(error_of(&v).contains("1 to 30 characters"), "{v}");
    }
    // Control characters, and text-direction overrides that make one name read as another.
    // Invisible characters too, by which two names that look alike would differ.
    for name in [
        "\u{1b}[31mEve",
        "Eve\u{202E}naA",
        "\u{2067}Bob",
        "An\u{200B}n",
        "\u{FEFF}Ann",
        "\u{3164}\u{3164}",
        "a\u{2028}b",
        "\u{200D}\u{200C}",
        "Ann\u{E0041}",
    ] {
        let (status, v) = claim(json!({ "name": name })).await;
        assert_eq!(status, 400, "{name:?}: {v}");
        assert!(error_of(&v).contains("invisible or text-direction characters"), "{v}");
    }
    // Each page marks its reader's own seat "(you)": a name may not claim it.
    let (status, v) = claim(json!({"name": "Boris (You)"})).await;
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("(you)"), "{v}");
    for name in ["a\u{0}b", "a\u{202D}b"] {
        let (status, v) = post(server.addr, "/api/tables", json!({"name": name, "seats": seats})).await;
        assert_eq!(status, 400, "{v}");
        assert!(error_of(&v).contains("control or text-direction character"), "{v}");
    }
    // Invisible characters, as in a player's name.
    let (status, v) = post(
        server.addr,
        "/api/tables",
        json!({"name": "Fri\u{200B}day", "seats": seats}),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("invisible character"), "{v}");
    // Taken and bot seats are conflicts.
    let (status, v) = claim(json!({"name": "Ann", "seat": 0})).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = claim(json!({"name": "Bob", "seat": 0})).await;
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("not free"), "{v}");
    let (status, v) = claim(json!({"name": "Bob", "seat": 2})).await;
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("bot"), "{v}");
    // Nobody passes for another at the table: a name taken there (in any case or spacing),
    // or the form of the names the table gives its bots and free seats.
    for name in [
        "ann",
        " ANN ",
        "Ann\u{200D}",
        "\u{0410}nn",
        "random bot 2",
        "Expert Bot 1",
        "seat 1",
        "seat \u{FF11}",
    ] {
        let (status, v) = claim(json!({"name": name, "seat": 1})).await;
        assert!(status == 409 || status == 400, "{name:?}: {v}");
        assert!(
            error_of(&v).contains("is taken at this table") || error_of(&v).contains("a name the table gives"),
            "{name:?}: {v}"
        );
    }
    let (status, v) = claim(json!({"name": "Annabel", "seat": 1})).await;
    assert_eq!(status, 200, "{v}");
}

#[tokio::test]
async fn an_empty_password_makes_no_private_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let id = create(server.addr, json!({"seats": humans(3), "password": ""})).await;
    let (_, entry) = get(server.addr, &format!("/api/tables/{id}")).await;
    let entry: Value = serde_json::from_str(&entry).unwrap();
    assert_eq!(entry["private"], false, "{entry}");
    // Anyone may sit down without a password.
    seat(server.addr, &id, "Ann").await;
    // And so after a restart (the configuration is stored without it).
    server.stop();
    drop(server);
    let server = start(&sqlite_url(&dir)).await;
    let (_, entry) = get(server.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(serde_json::from_str::<Value>(&entry).unwrap()["private"], false);
    seat(server.addr, &id, "Bob").await;
}

#[tokio::test]
async fn the_seats_decide_the_players_and_options_come_in_any_order() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    for (seats, players) in [(3, "4"), (4, "3"), (2, "3")] {
        let config = json!({"seats": humans(seats), "options": {"players": players}});
        let (status, v) = post(server.addr, "/api/tables", config).await;
        assert_eq!(status, 400, "{seats} seats, players={players}: {v}");
        assert!(error_of(&v).contains("leave out the option 'players'"), "{v}");
    }
    // Options that need each other: allpass_cycle sorts before the cap it needs.
    let options = json!({"allpass_progression": "geometric", "allpass_progression_cap": "3", "allpass_cycle": "true"});
    let id = create(server.addr, json!({"seats": humans(3), "options": options})).await;
    let (_, entry) = get(server.addr, &format!("/api/tables/{id}")).await;
    let entry: Value = serde_json::from_str(&entry).unwrap();
    assert!(
        entry["rules"].as_str().unwrap().contains("allpass_cycle=true"),
        "{entry}"
    );
    // X3: a cap without a progression would change nothing: refused, naming it.
    let config = json!({"seats": humans(3), "options": {"allpass_progression_cap": "3"}});
    let (status, v) = post(server.addr, "/api/tables", config).await;
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("allpass_progression_cap has no effect"), "{v}");
}

#[tokio::test]
async fn api_errors_are_json_whatever_refuses_them() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let id = create(server.addr, json!({"seats": humans(3)})).await;
    let get_json = |path: String| async move {
        let (status, text) = get(server.addr, &path).await;
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path}: not JSON: {text}"));
        (status, v)
    };
    for table in [id.as_str(), "nope"] {
        for step in ["abc", "-1", "1.5", "99999999999999999999999"] {
            let (status, v) = get_json(format!("/api/tables/{table}/replay?step={step}")).await;
            assert_eq!(status, 400, "step={step}: {v}");
            assert!(error_of(&v).contains("step"), "{v}");
        }
    }
    let (status, v) = get_json("/api/no/such/thing".into()).await;
    assert_eq!(status, 404);
    assert!(!error_of(&v).is_empty());
    let (status, v) = get_json("/api/tables/%FF".into()).await;
    assert_eq!(status, 400, "{v}");
    assert!(!error_of(&v).is_empty());
    let r = reqwest::Client::new()
        .delete(format!("http://{}/api/tables", server.addr))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 405);
    assert!(r.headers().contains_key("allow"));
    let v: Value = r.json().await.unwrap();
    assert!(!error_of(&v).is_empty());
    // The socket's address answers any other method in JSON too.
    let r = reqwest::Client::new()
        .post(format!("http://{}/ws", server.addr))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 405);
    let v: Value = r.json().await.unwrap();
    assert!(!error_of(&v).is_empty());
    // A body over the size limit is too large (413), not malformed.
    let (status, v) = post(
        server.addr,
        "/api/tables",
        json!({"name": "x".repeat(5 << 20), "seats": humans(3)}),
    )
    .await;
    assert_eq!(status, 413, "{v}");
    // A body declared over the limit is refused at once, before any of it is sent (it was
    // waited for until the request's 30 s deadline).
    let mut raw = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let head = "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000000\r\n\r\n";
    tokio::io::AsyncWriteExt::write_all(&mut raw, head.as_bytes())
        .await
        .unwrap();
    let mut answer = vec![0u8; 512];
    let n = tokio::time::timeout(
        Duration::from_secs(10),
        tokio::io::AsyncReadExt::read(&mut raw, &mut answer),
    )
    .await
    .expect("answered without waiting for the body")
    .unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("over 64 KiB"), "{answer}");
    // A malformed body is told in the request's words, not Rust's (u32, sequence, struct).
    for (body, says) in [
        (
            json!({"hand_limit": "a"}),
            "hand_limit: invalid type: string \"a\", expected a whole number",
        ),
        (
            json!({"seats": 5}),
            "seats: invalid type: the number '5', expected a list",
        ),
        (json!(1.5), "expected an object"),
        (
            json!({"seats": [5]}),
            "seats[0]: invalid type: the number '5', expected an object with a kind",
        ),
        (
            json!({"hand_limit": -1}),
            "expected a whole number from 0 to 4294967295",
        ),
    ] {
        let (status, v) = post(server.addr, "/api/tables", body).await;
        assert_eq!(status, 400, "{v}");
        let e = error_of(&v);
        assert!(e.starts_with("the request does not fit: ") && e.contains(says), "{v}");
        for rust in ["u32", "sequence", "struct", "enum", "Wire", "target type", "`"] {
            assert!(!e.contains(rust), "{v}");
        }
    }
    // The successful answers are untouched.
    let (status, svg) = get(server.addr, &format!("/api/tables/{id}/sheet.svg")).await;
    assert_eq!(status, 200);
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"), "{svg}");
}

#[tokio::test]
async fn a_finished_game_has_no_seats_to_claim() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir);
    let server = start(&url).await;
    let config = json!({"seats": humans(3), "hand_limit": 1, "seed": 5});
    let id = create(server.addr, config.clone()).await;
    server.stop();
    drop(server);
    // Nobody sat down; the hand is played into the log directly (the same seed and rules).
    let mut t = Table::new(id.clone(), serde_json::from_value::<TableConfig>(config).unwrap(), 5, 0).unwrap();
    let store = Store::connect(&url).await.unwrap();
    while let Some(s) = t.to_move() {
        let a = t.observation(Viewer::Seat(s)).unwrap().legal_actions[0];
        store
            .append_action(&id, t.action_count(), s, &a.to_string(), false)
            .await
            .unwrap();
        let next = t.try_action(s, a).unwrap();
        t.commit(next);
    }
    let server = start(&url).await;
    let (_, entry) = get(server.addr, &format!("/api/tables/{id}")).await;
    let entry: Value = serde_json::from_str(&entry).unwrap();
    assert_eq!(entry["finished"], true, "{entry}");
    assert!(entry["seats"][0]["name"].is_null(), "seat 0 is free: {entry}");
    for body in [json!({"name": "Ann"}), json!({"name": "Ann", "seat": 1})] {
        let (status, v) = post(server.addr, &format!("/api/tables/{id}/seats"), body).await;
        assert_eq!(status, 409, "{v}");
        assert!(error_of(&v).contains("game is over"), "{v}");
    }
}

/// Starting on `database` fails soon, with `cause` in the message exactly once.
async fn refused_at_once(database: &str, cause: &[&str]) {
    let started = Instant::now();
    let settings = HubSettings {
        bot_delay: Duration::ZERO,
        ..HubSettings::default()
    };
    let Err(e) = Server::start("127.0.0.1:0".parse().unwrap(), database, settings).await else {
        panic!("{database} was accepted");
    };
    let shown = e.chain().map(|c| c.to_string()).collect::<Vec<_>>().join(": ");
    assert!(started.elapsed() < Duration::from_secs(10), "{database}: {shown}");
    assert!(!shown.contains("timed out"), "{shown}");
    let found = cause.iter().find(|c| shown.contains(*c));
    let found = found.unwrap_or_else(|| panic!("{database}: no {cause:?} in {shown}"));
    assert_eq!(shown.matches(found).count(), 1, "the cause is told once: {shown}");
}

#[tokio::test]
async fn a_database_that_cannot_be_opened_is_reported_at_once_with_its_cause() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, "these are notes, not a database\n".repeat(200)).unwrap();
    refused_at_once(&format!("sqlite://{}", file.display()), &["not a database"]).await;
    // Nothing listens on port 1.
    refused_at_once("postgres://pref@127.0.0.1:1/pref", &["refused", "Connection"]).await;
}

#[tokio::test]
async fn unknown_pages_and_files_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    for (path, says) in [
        ("/nosuch", "no such page"),
        ("/static/", "no such page"),
        ("/static/nosuch.js", "no such file"),
        ("/api/nosuch", "no such API path"),
    ] {
        let (status, body) = get(server.addr, path).await;
        assert_eq!(status, 404, "{path}");
        assert!(body.contains(says), "{path}: {body}");
    }
}

#[tokio::test]
async fn the_lobby_checks_a_name_before_it_creates_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&sqlite_url(&dir)).await;
    let (status, v) = post(server.addr, "/api/name-check", json!({"name": "  Zoya "})).await;
    assert_eq!((status, v["name"].as_str()), (200, Some("Zoya")), "{v}");
    // What a seat would refuse, whatever the table: the form of the name, not who sits there.
    for (name, why) in [
        ("Zoya (you)", "(you)"),
        ("seat 2", "reads as a name the table gives"),
        ("expert bot 1", "reads as a name the table gives"),
        ("", "1 to 30 characters"),
        ("An\u{200B}n", "invisible"),
    ] {
        let (status, v) = post(server.addr, "/api/name-check", json!({ "name": name })).await;
        assert_eq!(status, 400, "{name:?}: {v}");
        assert!(error_of(&v).contains(why), "{name:?}: {v}");
    }
    let (_, tables) = get(server.addr, "/api/tables").await;
    let tables: Value = serde_json::from_str(&tables).unwrap();
    assert_eq!(
        tables.as_array().map(Vec::len),
        Some(0),
        "checking a name creates no table"
    );
    let (status, v) = post(server.addr, "/api/name-check", json!({"name": "Ann", "seat": 0})).await;
    assert_eq!(status, 400, "unknown fields are refused: {v}");
}
