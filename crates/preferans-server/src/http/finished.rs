//! A finished game's pages: its record, its replay step by step with the double-dummy
//! analysis, what each deal held, and the review of the whole game. Every card is public
//! once the game is over (a private table's to those who hold its key).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use preferans::{HandState, Match, Seat, Viewer};
use serde::Deserialize;
use serde_json::json;

use super::{opened_table, ApiError, ClientIp};
use crate::hub::Hub;
use crate::store::TableStatus;

fn finished_only() -> ApiError {
    ApiError(
        StatusCode::CONFLICT,
        "the game is still being played: its record shows every hand, so it is available once the game is over".into(),
    )
}

#[derive(Deserialize)]
pub(super) struct DealTableQuery {
    hand: usize,
}

/// What hand `hand` (1-based) of a finished game held, double-dummy (`crate::analysis`).
pub(super) async fn deal_table(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    query: Result<Query<DealTableQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let Query(q) = query.map_err(|e| {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!("hand is a hand number, from 1 ({})", e.body_text()),
        )
    })?;
    let h = opened_table(&hub, &id, client, &headers).await?;
    let t = h.state.lock().await;
    if t.status() != TableStatus::Finished {
        return Err(finished_only());
    }
    let hands = t.game().finished_hands();
    let Some(hand) = q.hand.checked_sub(1).and_then(|i| hands.get(i)) else {
        return Err(ApiError(
            StatusCode::NOT_FOUND,
            match hands.len() {
                1 => format!("the game has 1 hand, no hand {}", q.hand),
                n => format!("the game has {n} hands, no hand {}", q.hand),
            },
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
pub(super) async fn review(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
) -> Result<Json<serde_json::Value>, ApiError> {
    let h = opened_table(&hub, &id, client, &headers).await?;
    let t = h.state.lock().await;
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

pub(super) async fn record(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let h = opened_table(&hub, &id, client, &headers).await?;
    let t = h.state.lock().await;
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
pub(super) struct ReplayQuery {
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

pub(super) async fn replay(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    ClientIp(client): ClientIp,
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
    let h = opened_table(&hub, &id, client, &headers).await?;
    let t = h.state.lock().await;
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
    // Each seat's cards, and the Hussar dummy's (H1: a hand of no seat).
    let cards: Vec<_> = (0..3)
        .map(|p| match hand.seat_of_position(p) {
            Some(s) => json!({ "seat": s, "cards": by_pos[p].to_string() }),
            None => json!({ "dummy": true, "cards": by_pos[p].to_string() }),
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
        o.summary_at_table(full.rules(), hand.dealer(), |s| {
            names
                .get(usize::from(s))
                .cloned()
                .unwrap_or_else(|| format!("seat {s}"))
        })
    });
    // What the four-player dealer does in the hand shown (F1, F3).
    let dealer_role = hand.observation(Viewer::Spectator).dealer_role(full.rules());
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
        "dealer_role": dealer_role,
        "analysis": analysis,
    })))
}
