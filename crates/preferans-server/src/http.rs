//! HTTP routes: the pages, the lobby API, seats, scoresheet, records, replay and the
//! WebSocket upgrade. Errors are JSON `{"error": "…"}` with a fitting status.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use preferans::Seat;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::assets;
use crate::config::{bot_levels, TableConfig};
use crate::hub::{Hub, HubError};
use crate::store::TableStatus;

mod body;
mod client;
pub(crate) use client::is_trusted_proxy;
mod finished;
mod private;

use body::json_body;
use client::ClientIp;
use finished::{deal_table, record, replay, review};
use private::{keyed_not_cached, opened_table};
pub use private::{PRIVATE_TABLE, TABLE_KEY_HEADER, TOO_MANY_WRONG_KEYS};

/// A refused request.
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({ "error": self.1 }))).into_response()
    }
}

impl From<HubError> for ApiError {
    fn from(e: HubError) -> Self {
        let status = match &e {
            HubError::NoTable(_) => StatusCode::NOT_FOUND,
            HubError::BadToken => StatusCode::FORBIDDEN,
            HubError::Seat(_) => StatusCode::CONFLICT,
            HubError::BadRequest(_) | HubError::Illegal(_) | HubError::Config(_) => StatusCode::BAD_REQUEST,
            HubError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
            HubError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            HubError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        };
        ApiError(status, e.for_client())
    }
}

/// The router of the whole server.
pub fn router(hub: Arc<Hub>) -> Router {
    let api = Router::new()
        .route("/health", get(health))
        .route("/rules", get(rules_info))
        .route("/tables", get(list_tables).post(create_table))
        .route("/name-check", post(name_check))
        .route("/tables/{id}", get(table_summary))
        .route("/tables/{id}/seats", post(claim_seat))
        .route("/tables/{id}/rematch", post(rematch))
        .route("/tables/{id}/leave", post(leave))
        .route("/tables/{id}/seats/{seat}/bot", post(away_seat_to_bot))
        .route("/tables/{id}/transfer", post(seat_transfer))
        .route("/tables/{id}/transfer/claim", post(claim_transfer))
        .route("/tables/{id}/sheet.svg", get(sheet_svg))
        .route("/tables/{id}/record", get(record))
        .route("/tables/{id}/replay", get(replay))
        .route("/tables/{id}/review", get(review))
        .route("/tables/{id}/deal-table", get(deal_table))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such API path".into()) })
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::from_fn(keyed_not_cached));
    Router::new()
        .route("/", get(|| async { assets::page(assets::LOBBY_HTML) }))
        .route("/table/{id}", get(|| async { assets::page(assets::TABLE_HTML) }))
        .route("/replay/{id}", get(|| async { assets::page(assets::REPLAY_HTML) }))
        .route("/rules", get(|| async { assets::page(assets::RULES_HTML) }))
        .route("/static/{file}", get(assets::static_file))
        .nest("/api", api)
        .route(
            "/ws",
            get(ws_upgrade).layer(axum::middleware::map_response(json_errors)),
        )
        .fallback(|| async { (StatusCode::NOT_FOUND, "no such page: the lobby is at /") })
        .layer(axum::extract::DefaultBodyLimit::max(body::BODY_LIMIT))
        .layer(axum::middleware::from_fn(body::declared_length_within_limit))
        .with_state(hub)
}

/// Every API error is `{"error": "…"}`: the errors axum makes itself (a path that does not
/// decode, a method a route does not have) come as plain text and are wrapped here.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 64 * 1024).await.unwrap_or_default();
    let mut text = String::from_utf8_lossy(&text).trim().to_string();
    if text.is_empty() {
        text = status.canonical_reason().unwrap_or("refused").to_lowercase();
    }
    let mut out = ApiError(status, text).into_response();
    // Keep what axum said besides the body (e.g. `Allow` on 405).
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    out
}

async fn ws_upgrade(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    // Not a WebSocket request: the same JSON error as the rest of the API.
    let ws = match ws {
        Ok(ws) => ws,
        Err(r) => return ApiError(r.status(), format!("{} (connect with a WebSocket)", r.body_text())).into_response(),
    };
    let Some(guard) = hub.open_connection(client) else {
        return ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from this address: close some tabs".into(),
        )
        .into_response();
    };
    // Client messages are at most 4 KiB and every send is flushed: small buffers keep a
    // connection's memory small (the 128 KiB defaults dominate a table's footprint); a client
    // that stops reading is cut off once 4 MiB wait for it.
    ws.max_message_size(64 * 1024)
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(4 * 1024 * 1024)
        .on_upgrade(move |socket| async move {
            crate::ws::connection(hub, socket, client).await;
            drop(guard);
        })
}

/// A table in the lobby list.
#[derive(Serialize)]
struct TableSummary {
    id: String,
    name: String,
    rules: String,
    players: u8,
    private: bool,
    /// Created with a chosen seed: its creator can know the deals.
    seeded: bool,
    finished: bool,
    /// Hands finished so far.
    hands: usize,
    /// The game's length in hands, when it has one (else it ends at its pool target).
    hand_limit: Option<u32>,
    move_timer_secs: Option<u32>,
    seats: Vec<crate::table::SeatInfo>,
    created_at: i64,
    /// The next game with the same seats, once started.
    next_table: Option<String>,
    /// Each seat's standing in whists (the final settlement once finished).
    standing: Vec<String>,
    /// Each seat's place by the exact settlement (S10; 1 is first, ties share).
    places: Vec<u8>,
    /// S9: the pool is closed (a finished game with an open pool stopped at its hand limit).
    pool_closed: bool,
}

async fn summary(h: &crate::hub::TableHandle) -> TableSummary {
    let t = h.state.lock().await;
    TableSummary {
        id: t.id.clone(),
        name: t.config.name.clone(),
        rules: t.game().rules().to_string(),
        players: t.config.players(),
        private: t.config.password.is_some(),
        seeded: t.config.seed.is_some(),
        finished: t.status() == TableStatus::Finished,
        hands: t.game().finished_hands().len(),
        hand_limit: t.game().hand_limit(),
        move_timer_secs: t.config.move_timer_secs,
        seats: t.seat_infos(),
        created_at: t.created_at,
        next_table: t.next_table().map(str::to_string),
        standing: t.standing(),
        places: t.places(),
        pool_closed: t.pool_closed(),
    }
}

/// For load balancers and monitors: 200 while the database answers, with the tables this
/// process holds; 503 when it does not (actions cannot be stored then).
async fn health(State(hub): State<Arc<Hub>>) -> Response {
    let database = if hub.store().is_sqlite() { "sqlite" } else { "postgres" };
    if let Err(e) = hub.store().ping().await {
        // The cause is for the log: it may name the database or its host.
        tracing::error!("health: the database does not answer: {e}");
        let body = json!({ "status": "unavailable", "database": database, "error": "the database does not answer" });
        return (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
    }
    // A database that answers may still refuse writes (a read-only file, another program's
    // lock): every accepted action is a write, so the server is not healthy then.
    if let Err(e) = hub.store().probe_write().await {
        tracing::error!("health: the database refuses writes: {e}");
        let body = json!({ "status": "unavailable", "database": database, "error": "the database refuses writes" });
        return (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response();
    }
    let tables = hub.all_tables().await;
    // A table busy with a move is being played: a probe never waits behind the game.
    let playing = tables
        .iter()
        .filter(|h| h.state.try_lock().map_or(true, |t| t.status() != TableStatus::Finished))
        .count();
    Json(json!({ "status": "ok", "database": database, "tables": tables.len(), "playing": playing })).into_response()
}

async fn list_tables(State(hub): State<Arc<Hub>>) -> Json<Vec<TableSummary>> {
    let mut out = Vec::new();
    for h in hub.all_tables().await {
        out.push(summary(&h).await);
    }
    // Open tables first, newest first.
    out.sort_by(|a, b| a.finished.cmp(&b.finished).then(b.created_at.cmp(&a.created_at)));
    out.truncate(200);
    Json(out)
}

async fn table_summary(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Result<Json<TableSummary>, ApiError> {
    let h = hub.table(&id).await?;
    Ok(Json(summary(&h).await))
}

async fn rules_info() -> Json<serde_json::Value> {
    // Each preset's value of every option, so a form can show what "the preset's" means.
    let presets: Vec<_> = preferans::rules::PRESETS
        .iter()
        .map(|p| {
            let values: serde_json::Map<String, serde_json::Value> = preferans::rules::Rules::preset(p.name)
                .map(|r| {
                    preferans::rules::RUSSIAN_OPTIONS
                        .iter()
                        .filter_map(|o| Some((o.name.to_string(), json!(r.get(o.name)?))))
                        .collect()
                })
                .unwrap_or_default();
            json!({ "name": p.name, "description": p.help, "options": values })
        })
        .collect();
    let options: Vec<_> = preferans::rules::RUSSIAN_OPTIONS
        .iter()
        .map(|o| json!({ "name": o.name, "rule": o.rule, "values": o.values, "description": o.help, "players": o.players() }))
        .collect();
    Json(json!({ "games": ["russian"], "presets": presets, "options": options, "bots": bot_levels() }))
}

/// The answer naming a table: `{"id", "link"}`.
fn table_link(id: &str) -> serde_json::Value {
    json!({ "id": id, "link": format!("/table/{id}") })
}

/// Refuses a client over its allowance of tables and seats ([`crate::HubSettings`]).
fn check_posts(hub: &Hub, client: IpAddr) -> Result<(), ApiError> {
    if hub.allow_post(client) {
        Ok(())
    } else {
        Err(ApiError(
            StatusCode::TOO_MANY_REQUESTS,
            "too many tables or seats from this address: wait a minute".into(),
        ))
    }
}

async fn create_table(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    body: Result<Json<TableConfig>, axum::extract::rejection::JsonRejection>,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    let config = json_body(body)?;
    check_posts(&hub, client)?;
    let id = hub.create_table_from(client, config).await?;
    Ok((StatusCode::CREATED, Json(table_link(&id))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameCheck {
    name: String,
}

/// Whether a person may take a seat under this name at a new table: `{"name"}` (trimmed), or
/// 400 with the reason. The lobby asks before it creates a table.
async fn name_check(
    body: Result<Json<NameCheck>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let req = json_body(body)?;
    let name = crate::hub::check_name_form(&req.name)?;
    Ok(Json(json!({ "name": name })))
}

/// The body of a request a seat's token alone authorises: leaving, letting a bot play an
/// away person's seat, a one-time link to another device.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    token: String,
}

/// A person leaves ([`Hub::leave`]): `{"seat", "bot"}`, the seat a bot of that level now plays.
async fn leave(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    body: Result<Json<TokenBody>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let req = json_body(body)?;
    let seat = hub.leave(&id, &req.token).await?;
    Ok(Json(json!({ "seat": seat, "bot": crate::table::Table::LEAVER_BOT })))
}

/// Another player hands an absent person's seat to a bot ([`Hub::away_seat_to_bot`]):
/// `{"seat", "bot"}`.
async fn away_seat_to_bot(
    State(hub): State<Arc<Hub>>,
    Path((id, seat)): Path<(String, Seat)>,
    body: Result<Json<TokenBody>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let req = json_body(body)?;
    hub.away_seat_to_bot(&id, &req.token, seat).await?;
    Ok(Json(json!({ "seat": seat, "bot": crate::table::Table::LEAVER_BOT })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RematchRequest {
    token: String,
    #[serde(default)]
    password: Option<String>,
}

/// The next game with the same seats ([`Hub::rematch`]): `{"id", "link"}`, the same for every
/// player who asks.
async fn rematch(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    body: Result<Json<RematchRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let req = json_body(body)?;
    check_posts(&hub, client)?;
    let next = hub.rematch(client, &id, &req.token, req.password.as_deref()).await?;
    Ok(Json(table_link(&next)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatRequest {
    name: String,
    #[serde(default)]
    seat: Option<Seat>,
    #[serde(default)]
    password: Option<String>,
}

async fn claim_seat(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    body: Result<Json<SeatRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let req = json_body(body)?;
    check_posts(&hub, client)?;
    let (seat, token) = hub
        .claim_seat(client, &id, req.seat, &req.name, req.password.as_deref())
        .await?;
    Ok(Json(json!({ "seat": seat, "token": token })))
}

/// A code that carries the seat of `token` to another device ([`Hub::seat_transfer`]).
async fn seat_transfer(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    body: Result<Json<TokenBody>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let req = json_body(body)?;
    check_posts(&hub, client)?;
    let code = hub.seat_transfer(&id, &req.token).await?;
    Ok(Json(
        json!({ "code": code, "expires_in_secs": crate::hub::TRANSFER_LIFETIME.as_secs() }),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TransferClaim {
    code: String,
}

/// The other device gives the code back for the seat and its token ([`Hub::claim_transfer`]).
async fn claim_transfer(
    State(hub): State<Arc<Hub>>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    body: Result<Json<TransferClaim>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let req = json_body(body)?;
    check_posts(&hub, client)?;
    let (seat, token) = hub.claim_transfer(&id, &req.code).await?;
    Ok(Json(json!({ "seat": seat, "token": token })))
}

async fn sheet_svg(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let h = opened_table(&hub, &id, client, &headers).await?;
    let t = h.state.lock().await;
    let svg = t.sheet_svg();
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
            // Opened as a page of its own: no script, whatever a name in it says.
            (
                header::CONTENT_SECURITY_POLICY,
                "default-src 'none'; style-src 'unsafe-inline'",
            ),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        svg,
    )
        .into_response())
}
