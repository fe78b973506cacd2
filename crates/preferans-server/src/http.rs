//! HTTP routes: the pages, the lobby API, seats, scoresheet, records, replay and the
//! WebSocket upgrade. Errors are JSON `{"error": "…"}` with a fitting status.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::{ConnectInfo, Path, Query, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use preferans::{HandState, Match, Seat, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::assets;
use crate::config::{bot_levels, TableConfig};
use crate::hub::{Hub, HubError};
use crate::store::TableStatus;
use crate::table::Table;

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
            HubError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        };
        ApiError(status, e.to_string())
    }
}

/// The router of the whole server.
pub fn router(hub: Arc<Hub>) -> Router {
    let api = Router::new()
        .route("/health", get(health))
        .route("/rules", get(rules_info))
        .route("/tables", get(list_tables).post(create_table))
        .route("/tables/{id}", get(table_summary))
        .route("/tables/{id}/seats", post(claim_seat))
        .route("/tables/{id}/rematch", post(rematch))
        .route("/tables/{id}/leave", post(leave))
        .route("/tables/{id}/seats/{seat}/bot", post(away_seat_to_bot))
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
        .route("/ws", get(ws_upgrade))
        .with_state(hub)
}

/// An answer to a request with a table's key ([`TABLE_KEY_HEADER`]) may be a private table's:
/// no cache along the way keeps it or gives it to another.
async fn keyed_not_cached(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let keyed = request.headers().contains_key(TABLE_KEY_HEADER);
    let mut response = next.run(request).await;
    if keyed {
        let h = response.headers_mut();
        h.insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("private, no-store"),
        );
        h.insert(header::VARY, header::HeaderValue::from_static(TABLE_KEY_HEADER));
    }
    response
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
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    // Not a WebSocket request: the same JSON error as the rest of the API.
    let ws = match ws {
        Ok(ws) => ws,
        Err(r) => return ApiError(r.status(), format!("{} (connect with a WebSocket)", r.body_text())).into_response(),
    };
    let Some(guard) = hub.open_connection(client.ip()) else {
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
            crate::ws::connection(hub, socket, client.ip()).await;
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
        .map(|o| json!({ "name": o.name, "rule": o.rule, "values": o.values, "description": o.help }))
        .collect();
    Json(json!({ "games": ["russian"], "presets": presets, "options": options, "bots": bot_levels() }))
}

/// A request's JSON body, or a 400 with serde's reason (unknown fields are refused).
fn json_body<T>(body: Result<Json<T>, axum::extract::rejection::JsonRejection>) -> Result<T, ApiError> {
    body.map(|Json(t)| t)
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, e.body_text()))
}

/// The answer naming a table: `{"id", "link"}`.
fn table_link(id: &str) -> serde_json::Value {
    json!({ "id": id, "link": format!("/table/{id}") })
}

/// Refuses a client over its allowance of tables and seats ([`crate::HubSettings`]).
fn check_posts(hub: &Hub, client: SocketAddr) -> Result<(), ApiError> {
    if hub.allow_post(client.ip()) {
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
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    body: Result<Json<TableConfig>, axum::extract::rejection::JsonRejection>,
) -> Result<(StatusCode, Json<serde_json::Value>), ApiError> {
    check_posts(&hub, client)?;
    let config = json_body(body)?;
    let id = hub.create_table_from(client.ip(), config).await?;
    Ok((StatusCode::CREATED, Json(table_link(&id))))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeaveRequest {
    token: String,
}

/// A person leaves ([`Hub::leave`]): `{"seat", "bot"}`, the seat a bot of that level now plays.
async fn leave(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    body: Result<Json<LeaveRequest>, axum::extract::rejection::JsonRejection>,
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
    body: Result<Json<LeaveRequest>, axum::extract::rejection::JsonRejection>,
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
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Json<RematchRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    check_posts(&hub, client)?;
    let req = json_body(body)?;
    let next = hub
        .rematch(client.ip(), &id, &req.token, req.password.as_deref())
        .await?;
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
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    body: Result<Json<SeatRequest>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    check_posts(&hub, client)?;
    let req = json_body(body)?;
    let (seat, token) = hub
        .claim_seat(&id, req.seat, &req.name, req.password.as_deref())
        .await?;
    Ok(Json(json!({ "seat": seat, "token": token })))
}

async fn sheet_svg(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let key = given_key(&hub, client, &headers)?;
    let h = hub.table(&id).await?;
    let t = h.state.lock().await;
    admitted(&hub, client, &t, key.as_deref())?;
    let svg = t.sheet_svg();
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

/// The header that opens a private table's pages: its password or a seat's token,
/// percent-encoded (a header carries no other characters than ASCII).
pub const TABLE_KEY_HEADER: &str = "x-table-key";

/// What a private table answers without its key.
pub const PRIVATE_TABLE: &str = "this table is private: its password (or a seat's token) is needed";

/// The key a request gives for a private table ([`TABLE_KEY_HEADER`], percent-decoded),
/// checked before the table is locked: an address past its wrong keys
/// ([`crate::HubSettings::wrong_keys_per_minute`]) has none checked (429).
fn given_key(hub: &Hub, client: SocketAddr, headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(raw) = headers.get(TABLE_KEY_HEADER) else {
        return Ok(None);
    };
    if !hub.may_try_key(client.ip()) {
        return Err(ApiError(StatusCode::TOO_MANY_REQUESTS, TOO_MANY_WRONG_KEYS.into()));
    }
    Ok(raw
        .to_str()
        .ok()
        .and_then(|v| percent_encoding::percent_decode_str(v).decode_utf8().ok())
        .map(|k| k.into_owned()))
}

/// What an address past its wrong keys is told.
pub const TOO_MANY_WRONG_KEYS: &str = "too many wrong passwords from this address: wait a minute";

/// Refuses a private table's sheet, record, replay and analyses to a request without its key
/// ([`Table::admits`]); a wrong key counts against the address.
fn admitted(hub: &Hub, client: SocketAddr, t: &Table, key: Option<&str>) -> Result<(), ApiError> {
    if t.admits(key) {
        return Ok(());
    }
    if key.is_some() {
        hub.wrong_key(client.ip());
    }
    Err(ApiError(StatusCode::FORBIDDEN, PRIVATE_TABLE.into()))
}

fn finished_only() -> ApiError {
    ApiError(
        StatusCode::CONFLICT,
        "the game is still being played: its record shows every hand, so it is available once the game is over".into(),
    )
}

#[derive(Deserialize)]
struct DealTableQuery {
    hand: usize,
}

/// What hand `hand` (1-based) of a finished game held, double-dummy (`crate::analysis`).
async fn deal_table(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    query: Result<Query<DealTableQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Query(q) = query.map_err(|e| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!("hand is a hand number, from 1 ({})", e.body_text()),
        )
    })?;
    let key = given_key(&hub, client, &headers)?;
    let h = hub.table(&id).await?;
    let t = h.state.lock().await;
    admitted(&hub, client, &t, key.as_deref())?;
    if t.status() != TableStatus::Finished {
        return Err(finished_only());
    }
    let hands = t.game().finished_hands();
    let Some(hand) = q.hand.checked_sub(1).and_then(|i| hands.get(i)) else {
        return Err(ApiError(
            StatusCode::NOT_FOUND,
            format!("the game has {} hands, no hand {}", hands.len(), q.hand),
        ));
    };
    if let Some(made) = hub.deal_tables().get(&id, q.hand) {
        return Ok(Json(made));
    }
    let (deal, allpass) = (*hand.deal(), hand.allpass_start());
    let seats = [0, 1, 2].map(|p| hand.seat_of_position(p));
    drop(t);
    let mut table = crate::analysis::deal_table(deal, allpass, seats).await;
    table["hand"] = q.hand.into();
    hub.deal_tables().keep(&id, q.hand, &table);
    Ok(Json(table))
}

/// The post-game review of a finished table, or how far it has come (`crate::review`).
async fn review(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let key = given_key(&hub, client, &headers)?;
    let h = hub.table(&id).await?;
    let t = h.state.lock().await;
    admitted(&hub, client, &t, key.as_deref())?;
    if t.status() != TableStatus::Finished {
        return Err(finished_only());
    }
    let status = hub.reviews().status(&id, || (t.record(), t.names())).map_err(|_| {
        ApiError(
            StatusCode::SERVICE_UNAVAILABLE,
            "too many games are being reviewed: try again in a minute".into(),
        )
    })?;
    Ok(Json(status))
}

async fn record(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let key = given_key(&hub, client, &headers)?;
    let h = hub.table(&id).await?;
    let t = h.state.lock().await;
    admitted(&hub, client, &t, key.as_deref())?;
    if t.status() != TableStatus::Finished {
        return Err(finished_only());
    }
    let disposition = format!("attachment; filename=\"preferans-{id}.json\"");
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        t.record().to_json(),
    )
        .into_response())
}

#[derive(Deserialize)]
struct ReplayQuery {
    #[serde(default)]
    step: usize,
    /// Also send the double-dummy analysis of the position (`crate::analysis`).
    #[serde(default)]
    analysis: bool,
    /// At a hand's first step, show the next hand's untouched deal instead of the previous
    /// hand's end (the same step: both come after the same actions).
    #[serde(default)]
    deal: bool,
}

/// Every action of a match in order.
fn all_actions(m: &Match) -> Vec<(Seat, preferans::Action)> {
    m.finished_hands()
        .iter()
        .chain(m.current_hand())
        .flat_map(|h| h.history().iter().copied())
        .collect()
}

async fn replay(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    query: Result<Query<ReplayQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Query(q) = query.map_err(|e| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!(
                "step is a number of actions, 0 or more, and analysis and deal true or false ({})",
                e.body_text()
            ),
        )
    })?;
    let key = given_key(&hub, client, &headers)?;
    let h = hub.table(&id).await?;
    let t = h.state.lock().await;
    admitted(&hub, client, &t, key.as_deref())?;
    if t.status() != TableStatus::Finished {
        return Err(finished_only());
    }
    let full = t.game();
    let actions = all_actions(full);
    let step = q.step.min(actions.len());
    let mut m = Match::new(
        full.rules().clone(),
        full.seed(),
        full.first_dealer(),
        full.hand_limit(),
    );
    for &(seat, a) in &actions[..step] {
        // The log replayed once already when the table loaded; a refusal here is impossible.
        if m.apply(seat, a).is_err() {
            break;
        }
    }
    // The game is over: every card of the replayed position may be shown.
    let (hand, number) = match m.current_hand() {
        Some(hnd) if q.deal || !hnd.history().is_empty() || m.finished_hands().is_empty() => {
            (hnd, m.finished_hands().len() + 1)
        }
        _ => match m.finished_hands().last() {
            Some(last) => (last, m.finished_hands().len()),
            None => return Err(ApiError(StatusCode::NOT_FOUND, "nothing to replay".into())),
        },
    };
    let (by_pos, _, _, _) = hand.card_places();
    let cards: Vec<_> = (0..3)
        .filter_map(|p| {
            hand.seat_of_position(p)
                .map(|s| json!({ "seat": s, "cards": by_pos[p].to_string() }))
        })
        .collect();
    // Every card of a finished game is public: the declarer's discard too (the spectator's
    // observation leaves it out).
    let discard = hand.history().iter().find_map(|(_, a)| match a {
        preferans::Action::Discard(x, y) => Some([x.to_string(), y.to_string()]),
        _ => None,
    });
    let settlement = m.sheet().settlement(m.rules());
    // Where each hand's actions begin, so a client jumps hand by hand in one request.
    let hand_starts = crate::review::hand_starts(
        full.finished_hands()
            .iter()
            .chain(full.current_hand())
            .map(|h| h.history().len()),
    );
    // The analysis runs once the table is unlocked: its players and viewers never wait for it.
    let to_analyse = q.analysis.then(|| (hand.clone(), actions.get(step).map(|a| a.1)));
    let names = t.names();
    // How the hand shown ended, once it has (its last step).
    let ended = hand.outcome().map(|o| {
        o.summary_at_table(full.rules().players(), hand.dealer(), |s| {
            names
                .get(usize::from(s))
                .cloned()
                .unwrap_or_else(|| format!("seat {s}"))
        })
    });
    drop(t);
    let analysis = match to_analyse {
        Some((hand, next)) => crate::analysis::position(hand, next).await,
        None => serde_json::Value::Null,
    };
    Ok(Json(json!({
        "step": step,
        "deal": hand.history().is_empty() && number > m.finished_hands().len(),
        "ended": ended,
        "hand_starts": hand_starts,
        "total": actions.len(),
        "hand_number": number,
        "last_action": step.checked_sub(1).map(|i| format!("seat {}: {}", actions[i].0, actions[i].1)),
        "last": step.checked_sub(1).map(|i| json!({"seat": actions[i].0, "action": actions[i].1.to_string()})),
        "observation": hand.observation(Viewer::Spectator),
        "cards": cards,
        "talon": hand.deal().talon().iter().map(|c| c.to_string()).collect::<Vec<_>>(),
        "discard": discard,
        "standing": (0..m.rules().players() as usize).map(|s| settlement.rounded(s)).collect::<Vec<_>>(),
        "names": names,
        "analysis": analysis,
    })))
}
