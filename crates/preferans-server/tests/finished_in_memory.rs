//! Finished tables past `finished_tables_in_memory` stay in the database: the newest are read
//! at start, the others when someone opens them, and creating a table forgets the oldest
//! again — on SQLite and on PostgreSQL.

#[macro_use]
mod common;

use common::{create, get, sqlite_url};
use preferans::Viewer;
use preferans_server::table::Table;
use preferans_server::{HubSettings, Server, Store, TableConfig};
use serde_json::{json, Value};

async fn start_keeping_one(url: &str) -> Server {
    let settings = HubSettings {
        finished_tables_in_memory: 1,
        ..common::fast()
    };
    Server::start("127.0.0.1:0".parse().unwrap(), url, settings)
        .await
        .unwrap()
}

/// The ids the lobby lists.
async fn listed(server: &Server) -> Vec<String> {
    let (status, body) = get(server.addr, "/api/tables").await;
    assert_eq!(status, 200, "{body}");
    let list: Vec<Value> = serde_json::from_str(&body).unwrap();
    list.iter().map(|t| t["id"].as_str().unwrap().to_string()).collect()
}

async fn finished_tables_are_read_from_the_database_when_asked_for(url: &str) {
    let server = start_keeping_one(url).await;
    let config =
        json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}], "hand_limit": 1, "seed": 5});
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(create(server.addr, config.clone()).await);
        // Distinct creation times: the oldest finished table is the one forgotten.
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    server.stop();
    drop(server);
    // The first two games are played to their end in the log (nobody sat down).
    let store = Store::connect(url).await.unwrap();
    for id in &ids[..2] {
        let mut t = Table::new(
            id.clone(),
            serde_json::from_value::<TableConfig>(config.clone()).unwrap(),
            5,
            0,
        )
        .unwrap();
        while let Some(s) = t.to_move() {
            let a = t.observation(Viewer::Seat(s)).unwrap().legal_actions[0];
            store
                .append_action(id, t.action_count(), s, &a.to_string(), false)
                .await
                .unwrap();
            let next = t.try_action(s, a).unwrap();
            t.commit(next);
        }
        store.finish_table(id).await.unwrap();
    }
    let (old, newer, open) = (&ids[0], &ids[1], &ids[2]);
    // The store reads the open table and the newest finished one, or one table by id.
    let names = |tables: Vec<preferans_server::store::StoredTable>| -> Vec<String> {
        tables.into_iter().map(|t| t.id).collect()
    };
    assert_eq!(
        names(store.load_tables(1).await.unwrap()),
        vec![newer.clone(), open.clone()]
    );
    assert_eq!(names(store.load_tables(5).await.unwrap()), ids);
    let one = store.load_table(old).await.unwrap().unwrap();
    assert_eq!((one.id.as_str(), one.actions.len() > 30), (old.as_str(), true));
    assert!(store.load_table("nosuch").await.unwrap().is_none());

    let server = start_keeping_one(url).await;
    let lobby = listed(&server).await;
    assert!(lobby.contains(newer) && lobby.contains(open), "{lobby:?}");
    assert!(
        !lobby.contains(old),
        "the oldest finished game is not in memory: {lobby:?}"
    );
    // Asked for, it is read again, whole.
    let (status, entry) = get(server.addr, &format!("/api/tables/{old}")).await;
    assert_eq!(status, 200, "{entry}");
    let entry: Value = serde_json::from_str(&entry).unwrap();
    assert_eq!(
        (entry["finished"].clone(), entry["hands"].clone()),
        (json!(true), json!(1)),
        "{entry}"
    );
    assert!(listed(&server).await.contains(old));
    // A new table forgets the oldest finished one again; its record is still there.
    let newest = create(server.addr, config.clone()).await;
    let lobby = listed(&server).await;
    assert!(lobby.contains(&newest) && lobby.contains(newer), "{lobby:?}");
    assert!(!lobby.contains(old), "{lobby:?}");
    let (status, record) = get(server.addr, &format!("/api/tables/{old}/record")).await;
    assert_eq!(status, 200, "{record}");
    assert!(record.contains("\"hands\""), "{record}");
    let (status, _) = get(server.addr, "/api/tables/nosuch").await;
    assert_eq!(status, 404);
}

/// Tables created over HTTP are counted per address (`open_tables_per_address`); that count
/// must not keep a finished one in memory.
async fn games_finished_while_the_server_runs_leave_memory(url: &str) {
    let settings = HubSettings {
        finished_tables_in_memory: 1,
        open_tables_per_address: 20,
        ..common::fast()
    };
    let server = Server::start("127.0.0.1:0".parse().unwrap(), url, settings)
        .await
        .unwrap();
    let config =
        json!({"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}], "hand_limit": 1, "seed": 5});
    let config: TableConfig = serde_json::from_value(config).unwrap();
    let (first, second) = ("198.51.100.1".parse().unwrap(), "198.51.100.2".parse().unwrap());
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(server.hub.create_table_from(first, config.clone()).await.unwrap());
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    for id in &ids[..2] {
        let h = server.hub.table(id).await.unwrap();
        loop {
            let (seat, action) = {
                let t = h.state.lock().await;
                let Some(s) = t.to_move() else { break };
                (s, t.observation(Viewer::Seat(s)).unwrap().legal_actions[0])
            };
            server.hub.act(&h, seat, action).await.unwrap();
        }
    }
    let lobby = listed(&server).await;
    assert!(ids.iter().all(|id| lobby.contains(id)), "{lobby:?}");
    // A table another address creates: the older finished game leaves memory, although its
    // creator has created nothing since.
    let newest = server.hub.create_table_from(second, config).await.unwrap();
    let lobby = listed(&server).await;
    assert!(
        lobby.contains(&newest) && lobby.contains(&ids[1]) && lobby.contains(&ids[2]),
        "{lobby:?}"
    );
    assert!(!lobby.contains(&ids[0]), "{lobby:?}");
    // It is read again when asked for.
    let (status, entry) = get(server.addr, &format!("/api/tables/{}", ids[0])).await;
    assert_eq!(status, 200, "{entry}");
}

on_both_databases!(
    finished_tables_are_read_from_the_database_when_asked_for,
    games_finished_while_the_server_runs_leave_memory
);
