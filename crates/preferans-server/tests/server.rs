//! The server over real WebSocket connections on SQLite: full hands between three people,
//! refusals that change nothing, what each connection may see (RULES.md section 7), replay
//! and record of a finished game, and a restart mid-hand.

#[macro_use]
mod common;

use std::collections::HashSet;

use common::{create, get, post, seat, sqlite_url, start, Client};
use preferans_server::Server;
use serde_json::{json, Value};

fn three_people(hand_limit: u32) -> Value {
    json!({ "name": "three people", "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}], "hand_limit": hand_limit })
}

/// Card tokens (`AS`, `TH`, …) in a piece of JSON text.
fn cards_in(text: &str) -> HashSet<String> {
    let b = text.as_bytes();
    let mut out = HashSet::new();
    for i in 0..b.len().saturating_sub(1) {
        let boundary = |j: usize| j >= b.len() || !b[j].is_ascii_alphanumeric();
        if b"789TJQKA".contains(&b[i]) && b"SCDH".contains(&b[i + 1]) && (i == 0 || boundary(i - 1)) && boundary(i + 2)
        {
            out.insert(text[i..i + 2].to_string());
        }
    }
    out
}

/// Every card token in every string of `v`, except bids (`bid 8D` and the contract `8D` name
/// a strain, not a card).
fn card_strings(v: &Value, out: &mut HashSet<String>) {
    match v {
        Value::String(s) if !s.starts_with("bid ") && !s.starts_with("declare ") => out.extend(cards_in(s)),
        Value::Array(a) => a.iter().for_each(|x| card_strings(x, out)),
        Value::Object(o) => {
            for (k, x) in o {
                if k != "contract" && k != "highest_bid" {
                    card_strings(x, out);
                }
            }
        }
        _ => {}
    }
}

/// The section 7 scan of one observation: every card it mentions is the viewer's own, in an
/// open hand, in the shown talon, or played (public in the history); never a card still
/// hidden in another hand or the talon.
fn check_observation(obs: &Value, deal: &Value, viewer: Option<u64>) {
    let mut shown = HashSet::new();
    card_strings(obs, &mut shown);
    let mut public: HashSet<String> = HashSet::new();
    for (_, a) in obs["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].clone(), p[1].clone()))
    {
        if let Some(c) = a.as_str().and_then(|s| s.strip_prefix("play ")) {
            public.insert(c.to_string());
        }
    }
    for c in obs["talon"].as_array().unwrap() {
        public.insert(c.as_str().unwrap().to_string());
    }
    let mut open: HashSet<u64> = HashSet::new();
    for h in obs["hands"].as_array().unwrap() {
        if !h["cards"].is_null() {
            if let Some(s) = h["holder"]["seat"].as_u64() {
                open.insert(s);
            }
        }
    }
    let mut hidden: HashSet<String> = HashSet::new();
    for (s, hand) in deal["hands"].as_array().unwrap().iter().enumerate() {
        if Some(s as u64) == viewer || open.contains(&(s as u64)) {
            continue;
        }
        hidden.extend(cards_in(hand.as_str().unwrap()));
    }
    for c in deal["talon"].as_array().unwrap() {
        hidden.insert(c.as_str().unwrap().to_string());
    }
    // The declarer sees his own discard (T1); it came from his cards and the talon.
    if viewer.is_some() && obs["declarer"].as_u64() == viewer {
        hidden.clear();
        for (s, hand) in deal["hands"].as_array().unwrap().iter().enumerate() {
            if Some(s as u64) != viewer && !open.contains(&(s as u64)) {
                hidden.extend(cards_in(hand.as_str().unwrap()));
            }
        }
    }
    for c in shown {
        assert!(
            !hidden.contains(&c) || public.contains(&c),
            "viewer {viewer:?} was shown hidden card {c}: {obs}"
        );
    }
}

async fn play_until_over(clients: &mut [Client], spectator: &mut Client) {
    loop {
        let st = clients[0].last_state.clone().unwrap();
        if st["game_over"] == true {
            break;
        }
        let to_move = st["observation"]["to_move"].as_u64().unwrap() as usize;
        // The mover's own latest view lists its legal actions.
        let mover_state = loop {
            let s = clients[to_move].last_state.clone().unwrap();
            if s["version"] == st["version"] {
                break s;
            }
            clients[to_move].recv_type("state").await;
        };
        let legal = mover_state["observation"]["legal_actions"].as_array().unwrap().clone();
        // Variety without randomness: the version picks the action.
        let pick = legal[st["version"].as_u64().unwrap() as usize % legal.len()]
            .as_str()
            .unwrap()
            .to_string();
        clients[to_move].act(&pick).await;
        let next_version = st["version"].as_u64().unwrap() + 1;
        for c in clients.iter_mut().chain(std::iter::once(&mut *spectator)) {
            loop {
                let v = c.recv_type("state").await;
                if v["version"].as_u64().unwrap() >= next_version {
                    break;
                }
            }
        }
    }
}

async fn three_people_play_whole_hands_and_each_sees_only_what_it_may(url: &str) {
    let server = start(url).await;
    let id = create(server.addr, three_people(2)).await;
    let mut clients = Vec::new();
    for name in ["Ann", "Bob", "Cy"] {
        let (s, token) = seat(server.addr, &id, name).await;
        let mut c = Client::connect(server.addr).await;
        let v = c.join(&id, Some(&token)).await;
        assert_eq!(v["you"].as_u64(), Some(u64::from(s)));
        clients.push(c);
    }
    // Everyone's last join bumped nothing: bring every client to the same version.
    for c in clients.iter_mut() {
        c.send(json!({"type": "ping"})).await;
        c.recv_type("pong").await;
    }
    let mut spectator = Client::connect(server.addr).await;
    let v = spectator.join(&id, None).await;
    assert_eq!(v["you"], Value::Null);
    play_until_over(&mut clients, &mut spectator).await;

    // The record, now downloadable, has the deals to check every message against.
    let (status, record) = get(server.addr, &format!("/api/tables/{id}/record")).await;
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&record).unwrap();
    let hands = record["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 2);
    let mut scanned = 0;
    for (viewer, c) in clients
        .iter()
        .enumerate()
        .map(|(i, c)| (Some(i as u64), c))
        .chain([(None, &spectator)])
    {
        for raw in &c.received {
            let m: Value = serde_json::from_str(raw).unwrap();
            if m["type"] != "state" {
                continue;
            }
            let n = m["hand_number"].as_u64().unwrap() as usize;
            if let Some(obs) = m["observation"].as_object() {
                check_observation(&Value::Object(obs.clone()), &hands[n - 1]["deal"], viewer);
                scanned += 1;
            }
            if let Some(last) = m["last_hand"].as_object() {
                let k = last["number"].as_u64().unwrap() as usize;
                check_observation(&last["observation"], &hands[k - 1]["deal"], viewer);
            }
        }
    }
    assert!(scanned > 100, "scanned {scanned} views");
    // The record replays and its scores are the sheet's.
    let rec = preferans::record::Record::from_json(&record.to_string()).unwrap();
    rec.replay().unwrap();
    let (status, svg) = get(server.addr, &format!("/api/tables/{id}/sheet.svg")).await;
    assert_eq!(status, 200);
    assert!(svg.contains("<svg"));
    let (status, replay) = get(server.addr, &format!("/api/tables/{id}/replay?step=5")).await;
    assert_eq!(status, 200);
    let replay: Value = serde_json::from_str(&replay).unwrap();
    assert_eq!(replay["step"], 5);
    assert_eq!(replay["cards"].as_array().unwrap().len(), 3);
    // A three-player game: no four-player dealer (F1, F3).
    assert!(replay.as_object().unwrap().contains_key("dealer_role"));
    assert_eq!(replay["dealer_role"], Value::Null);
    // Hand by hand: where each begins; one action into a hand shows that hand.
    let starts: Vec<u64> = replay["hand_starts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(starts[0], 0);
    assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
    assert!(*starts.last().unwrap() < replay["total"].as_u64().unwrap());
    for (k, start) in starts.iter().enumerate() {
        let (_, r) = get(server.addr, &format!("/api/tables/{id}/replay?step={}", start + 1)).await;
        let r: Value = serde_json::from_str(&r).unwrap();
        assert_eq!(r["hand_number"], k + 1, "one action into hand {}", k + 1);
        assert_eq!(r["deal"], false);
        // The hand's start: the previous hand's end, or with `deal` its untouched deal.
        let (_, r) = get(server.addr, &format!("/api/tables/{id}/replay?step={start}&deal=true")).await;
        let r: Value = serde_json::from_str(&r).unwrap();
        assert_eq!(
            (r["hand_number"].as_u64(), r["deal"].as_bool()),
            (Some(k as u64 + 1), Some(true))
        );
        assert_eq!(r["observation"]["history"], json!([]), "the deal untouched");
        if k > 0 {
            let (_, r) = get(server.addr, &format!("/api/tables/{id}/replay?step={start}")).await;
            let r: Value = serde_json::from_str(&r).unwrap();
            assert_eq!(
                (r["hand_number"].as_u64(), r["deal"].as_bool()),
                (Some(k as u64), Some(false))
            );
        }
        // At the hand's end the declarer's discard, hidden from spectators while the game
        // was played, is shown with every other card.
        let end = starts.get(k + 1).copied().unwrap_or(replay["total"].as_u64().unwrap());
        let (_, r) = get(server.addr, &format!("/api/tables/{id}/replay?step={end}")).await;
        let r: Value = serde_json::from_str(&r).unwrap();
        let hidden = r["observation"]["history"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a[1].is_null());
        match r["discard"].as_array() {
            Some(d) => {
                assert!(hidden, "hand {}: a discard where none was made", k + 1);
                assert_eq!(d.len(), 2);
                assert!(d.iter().all(|c| cards_in(c.as_str().unwrap()).len() == 1), "{d:?}");
            }
            None => assert!(!hidden, "hand {}: the discard is not shown", k + 1),
        }
    }
}

async fn out_of_turn_foreign_tokens_and_garbage_are_refused_and_change_nothing(url: &str) {
    let server = start(url).await;
    let id = create(server.addr, three_people(1)).await;
    let other = create(server.addr, three_people(1)).await;
    let tokens = common::seat_three(server.addr, &id).await;
    let (_, foreign) = seat(server.addr, &other, "Eve").await;
    let mut c = Client::connect(server.addr).await;
    let st = c.join(&id, Some(&tokens[0])).await;
    let version = st["version"].clone();
    let to_move = st["observation"]["to_move"].as_u64().unwrap() as usize;
    let idle = (to_move + 1) % 3;

    // Out of turn: an idle seat with its own token.
    c.send(json!({"type": "act", "token": tokens[idle], "action": "pass"}))
        .await;
    let e = c.recv_type("error").await;
    assert!(e["message"].as_str().unwrap().contains("turn"), "{e}");
    // A token from another table, a made-up one, none.
    for bad in [foreign.as_str(), "0123456789abcdef0123456789abcdef", ""] {
        c.send(json!({"type": "act", "token": bad, "action": "pass"})).await;
        let e = c.recv_type("error").await;
        assert!(e["message"].as_str().unwrap().contains("token"), "{e}");
    }
    // Garbage of every kind; the connection survives each.
    for text in [
        "",
        "{",
        "null",
        "[1,2]",
        r#"{"type":"act"}"#,
        r#"{"type":"fly"}"#,
        r#"{"type":"act","token":"x","action":"pass","extra":1}"#,
        r#"{"type":"ping","extra":1}"#,
    ] {
        c.send_text(text).await;
        assert_eq!(c.recv().await["type"], "error", "{text}");
    }
    c.send(json!({"type": "act", "token": tokens[to_move], "action": "bid 11S"}))
        .await;
    assert!(c.recv_type("error").await["message"]
        .as_str()
        .unwrap()
        .contains("not an action"));
    c.send(json!({"type": "act", "token": tokens[to_move], "action": "play AS"}))
        .await;
    assert_eq!(c.recv_type("error").await["type"], "error");
    c.send(json!({"type": "ping"})).await;
    assert_eq!(c.recv().await["type"], "pong");
    // Nothing changed: a fresh join sees the same version, and the mover can still act.
    let mut d = Client::connect(server.addr).await;
    assert_eq!(d.join(&id, None).await["version"], version);
    c.send(json!({"type": "act", "token": tokens[to_move], "action": "pass"}))
        .await;
    let st = c.recv_type("state").await;
    assert_eq!(st["version"].as_u64(), version.as_u64().map(|v| v + 1));

    // HTTP refusals.
    let (status, _) = post(server.addr, "/api/tables", json!({"seats": []})).await;
    assert_eq!(status, 400);
    let (status, v) = post(
        server.addr,
        "/api/tables",
        json!({"seats": [{"kind":"human"}], "bogus": 1}),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    let (status, _) = post(server.addr, &format!("/api/tables/{id}/seats"), json!({"name": "Dan"})).await;
    assert_eq!(status, 409, "a full table has no free seat");
    let (status, _) = get(server.addr, &format!("/api/tables/{id}/record")).await;
    assert_eq!(status, 409, "no record while the game is played");
    let (status, _) = get(server.addr, "/api/tables/nope/sheet.svg").await;
    assert_eq!(status, 404);
    let mut e = Client::connect(server.addr).await;
    e.send(json!({"type": "join", "table": "nope"})).await;
    assert_eq!(e.recv().await["type"], "error");
}

async fn a_restarted_server_continues_every_table_where_it_was(url: &str) {
    let server = start(url).await;
    let id = create(server.addr, three_people(1)).await;
    let tokens = common::seat_three(server.addr, &id).await;
    let mut c = Client::connect(server.addr).await;
    let mut st = c.join(&id, Some(&tokens[0])).await;
    for _ in 0..5 {
        let mover = st["observation"]["to_move"].as_u64().unwrap() as usize;
        let mut m = Client::connect(server.addr).await;
        let ms = m.join(&id, Some(&tokens[mover])).await;
        let a = ms["observation"]["legal_actions"][0].as_str().unwrap().to_string();
        m.act(&a).await;
        st = m.recv_type("state").await;
    }
    let before = st["version"].clone();
    let obs_before = loop {
        let v = c.recv_type("state").await;
        if v["version"] == before {
            break v;
        }
    };
    server.stop();
    drop(server);
    let server = start(url).await;
    let mut c = Client::connect(server.addr).await;
    let after = c.join(&id, Some(&tokens[0])).await;
    assert_eq!(after["observation"]["history"], st["observation"]["history"]);
    assert_eq!(after["observation"]["hands"], obs_before["observation"]["hands"]);
    assert!(after["version"].as_u64() >= before.as_u64().map(|v| v.min(5)));
    // And the hand goes on.
    let mover = after["observation"]["to_move"].as_u64().unwrap() as usize;
    let mut m = Client::connect(server.addr).await;
    let ms = m.join(&id, Some(&tokens[mover])).await;
    let a = ms["observation"]["legal_actions"][0].as_str().unwrap().to_string();
    m.act(&a).await;
    let next = m.recv_type("state").await;
    assert_eq!(next["observation"]["history"].as_array().unwrap().len(), 6);
}

async fn a_seat_claim_is_stored_with_the_hands_played_before_it(url: &str) {
    use preferans_server::store::StoredSeat;
    let store = preferans_server::Store::connect(url).await.unwrap();
    let config = preferans_server::TableConfig::with_bots(3, "random");
    store.create_table("t1", &config, 1).await.unwrap();
    let bob = StoredSeat {
        seat: 1,
        name: "Bob".into(),
        token: "digest".into(),
        hands_before: 3,
        calls_before: 5,
    };
    store.claim_seat("t1", &bob).await.unwrap();
    // A seat is claimed once.
    assert!(store.claim_seat("t1", &bob).await.is_err());
    let tables = store.load_tables(usize::MAX).await.unwrap();
    let seats = &tables.iter().find(|t| t.id == "t1").unwrap().seats;
    assert_eq!(seats.len(), 1);
    assert_eq!((seats[0].seat, seats[0].name.as_str()), (1, "Bob"));
    assert_eq!((seats[0].token.as_str(), seats[0].hands_before), ("digest", 3));
    assert_eq!(seats[0].calls_before, 5, "the calls of hand 3 before Bob sat down");
}

/// Any seed `pref sim` takes is a seed a table takes (R5): the store keeps a seed's 64 bits in
/// a BIGINT, so those above `i64::MAX` come back as they went in.
async fn every_u64_seed_is_stored_as_it_was_given(url: &str) {
    let store = preferans_server::Store::connect(url).await.unwrap();
    let mut config = preferans_server::TableConfig::with_bots(3, "random");
    for (id, seed) in [("top", u64::MAX), ("mid", 1u64 << 63), ("low", 0)] {
        config.seed = Some(seed);
        config.build_rules().unwrap();
        store.create_table(id, &config, seed).await.unwrap();
    }
    let tables = store.load_tables(usize::MAX).await.unwrap();
    for (id, seed) in [("top", u64::MAX), ("mid", 1u64 << 63), ("low", 0)] {
        let t = tables.iter().find(|t| t.id == id).unwrap();
        assert_eq!((t.seed, t.config.seed), (seed, Some(seed)), "table {id}");
    }
}

async fn the_next_game_of_a_table_is_stored_with_it(url: &str) {
    let store = preferans_server::Store::connect(url).await.unwrap();
    let config = preferans_server::TableConfig::with_bots(3, "random");
    store.create_table("t1", &config, 1).await.unwrap();
    store.create_table("t2", &config, 2).await.unwrap();
    store.set_next_table("t1", "t2").await.unwrap();
    let tables = store.load_tables(usize::MAX).await.unwrap();
    let next = |id: &str| tables.iter().find(|t| t.id == id).unwrap().next_table.clone();
    assert_eq!(next("t1").as_deref(), Some("t2"));
    assert_eq!(next("t2"), None);
}

async fn the_store_keeps_each_tables_last_chat_lines(url: &str) {
    use preferans_server::store::StoredChat;
    use preferans_server::table::CHAT_LINES;
    let store = preferans_server::Store::connect(url).await.unwrap();
    let config = preferans_server::TableConfig::with_bots(3, "random");
    store.create_table("t1", &config, 1).await.unwrap();
    store.create_table("t2", &config, 2).await.unwrap();
    let line = |seq: u64, text: &str| StoredChat {
        seq,
        seat: (seq % 3) as u8,
        name: format!("p{}", seq % 3),
        text: text.into(),
    };
    let said = CHAT_LINES as u64 + 5;
    for seq in 0..said {
        store
            .append_chat("t1", &line(seq, &format!("line {seq}")))
            .await
            .unwrap();
    }
    store.append_chat("t2", &line(0, "hello")).await.unwrap();
    // A line number is stored once.
    assert!(store.append_chat("t2", &line(0, "again")).await.is_err());
    let tables = store.load_tables(usize::MAX).await.unwrap();
    let chat = |id: &str| tables.iter().find(|t| t.id == id).unwrap().chat.clone();
    let t1 = chat("t1");
    assert_eq!(t1.len(), CHAT_LINES, "only the last lines are kept");
    assert_eq!(
        t1[0],
        line(said - CHAT_LINES as u64, &format!("line {}", said - CHAT_LINES as u64))
    );
    assert_eq!(t1.last().unwrap().seq, said - 1);
    assert_eq!(chat("t2"), vec![line(0, "hello")]);
}

async fn a_seat_handed_to_a_bot_is_stored_at_once(url: &str) {
    use preferans_server::store::StoredSeat;
    use preferans_server::SeatKind;
    let store = preferans_server::Store::connect(url).await.unwrap();
    let mut config = preferans_server::TableConfig::with_bots(3, "random");
    store.create_table("t1", &config, 1).await.unwrap();
    let ann = StoredSeat {
        seat: 0,
        name: "Ann".into(),
        token: "digest".into(),
        hands_before: 0,
        calls_before: 0,
    };
    store.claim_seat("t1", &ann).await.unwrap();
    config.seats[0] = SeatKind::Bot {
        level: "heuristic".into(),
    };
    // A stand-in for an away person keeps his token; one for a leaver clears it.
    store.hand_seat_to_bot("t1", 0, &config, true).await.unwrap();
    let tables = store.load_tables(usize::MAX).await.unwrap();
    let t = tables.iter().find(|t| t.id == "t1").unwrap();
    assert_eq!(t.config, config, "the seat is a bot's in the stored configuration");
    assert_eq!((t.seats[0].name.as_str(), t.seats[0].token.as_str()), ("Ann", "digest"));
    store.hand_seat_to_bot("t1", 0, &config, false).await.unwrap();
    let tables = store.load_tables(usize::MAX).await.unwrap();
    let t = tables.iter().find(|t| t.id == "t1").unwrap();
    assert_eq!((t.seats[0].name.as_str(), t.seats[0].token.as_str()), ("Ann", ""));
    // The person back: the configuration alone changes.
    config.seats[0] = SeatKind::Human;
    store.set_config("t1", &config).await.unwrap();
    let tables = store.load_tables(usize::MAX).await.unwrap();
    assert_eq!(tables.iter().find(|t| t.id == "t1").unwrap().config, config);
}

async fn a_second_server_on_the_same_database_is_refused_until_the_first_stops(url: &str) {
    let first = start(url).await;
    let Err(e) = Server::start("127.0.0.1:0".parse().unwrap(), url, common::fast()).await else {
        panic!("a second server started on {url}");
    };
    assert!(
        e.to_string().contains("another `pref serve` is using this database"),
        "{e:#}"
    );
    // The first one plays on.
    assert_eq!(get(first.addr, "/api/health").await.0, 200);
    first.stop();
    drop(first);
    let again = start(url).await;
    assert_eq!(get(again.addr, "/api/health").await.0, 200);
}

async fn a_server_refused_its_database_migrates_nothing_in_it(url: &str) {
    use preferans_server::store::DatabaseLock;
    // Another holder (a running server, say an older version) and a database without the
    // server's tables.
    let held = DatabaseLock::take(url, std::time::Duration::ZERO, Default::default())
        .await
        .unwrap();
    let Err(e) = Server::start("127.0.0.1:0".parse().unwrap(), url, common::fast()).await else {
        panic!("a server started on a held database");
    };
    assert!(e.to_string().contains("another `pref serve`"), "{e:#}");
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    let tables = sqlx::query("SELECT count(*) FROM pref_tables").fetch_one(&pool).await;
    assert!(tables.is_err(), "the refused server applied its migrations");
    pool.close().await;
    drop(held);
}

/// A table id that is no word (a NUL, a space, 65 characters) is no table — 404, not a
/// database error (PostgreSQL refuses a NUL in text).
async fn an_id_that_is_no_word_is_no_table(url: &str) {
    let server = start(url).await;
    let long = "a".repeat(65);
    for id in ["%00", "a%00b", "a%20b", long.as_str()] {
        let (status, body) = get(server.addr, &format!("/api/tables/{id}")).await;
        assert_eq!(status, 404, "{id}: {body}");
        let (status, body) = get(server.addr, &format!("/api/tables/{id}/record")).await;
        assert_eq!(status, 404, "{id}: {body}");
    }
}

on_both_databases!(
    an_id_that_is_no_word_is_no_table,
    a_second_server_on_the_same_database_is_refused_until_the_first_stops,
    a_server_refused_its_database_migrates_nothing_in_it,
    three_people_play_whole_hands_and_each_sees_only_what_it_may,
    out_of_turn_foreign_tokens_and_garbage_are_refused_and_change_nothing,
    a_restarted_server_continues_every_table_where_it_was,
    a_seat_claim_is_stored_with_the_hands_played_before_it,
    the_next_game_of_a_table_is_stored_with_it,
    every_u64_seed_is_stored_as_it_was_given,
    the_store_keeps_each_tables_last_chat_lines,
    a_seat_handed_to_a_bot_is_stored_at_once
);
