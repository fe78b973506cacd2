//! Double-dummy analysis of a finished game's positions for the replay page
//! (`GET /api/tables/{id}/replay?step=N&analysis=true`). Every card of a finished game is
//! public, so the solver may see them all — and of whole deals (`GET
//! /api/tables/{id}/deal-table?hand=N`, `preferans_solver::deal_table`).

use std::collections::{HashMap, VecDeque};

use preferans::{Action, Deal, PlayState, RussianHand, Seat};
use preferans_bots::analysis::{analyse, PositionAnalysis};
use preferans_solver::{Objective, SolveError, Solver};
use serde_json::{json, Value};
use tokio::sync::Semaphore;

/// Analyses run one at a time, each on a blocking thread: clients stepping through replays
/// take at most one core from the tables being played.
static RUNNING: Semaphore = Semaphore::const_new(1);

/// Bounds each solve of an analysis (the position and each legal card): a few hundred
/// milliseconds on this machine, far above what a hand's positions need (docs/performance.md:
/// a whole misère deal's p99 is under 80,000 nodes). Beyond it the analysis is an error.
const NODE_LIMIT: u64 = 4_000_000;

/// How long a request waits for the analysis before it is told to try again.
const WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The solver's table bound (it grows on demand, so a small search touches little memory).
const TABLE_BYTES: usize = 16 << 20;

/// The analysis of `hand` as it stands, as the replay sends it: `null` outside the card play,
/// `{"error"}` when the node limit stops it; `next` is the action played next (its cost is
/// reported when it is a card).
pub async fn position(hand: RussianHand, next: Option<Action>) -> Value {
    match solve_with(move |solver| analyse(&hand, solver)).await {
        Ok(Some(a)) => to_json(&a, next),
        Ok(None) => Value::Null,
        Err(e) => e,
    }
}

/// Runs `f` with a fresh solver on a blocking thread when its turn comes (one analysis at a
/// time); an error is the `{"error"}` the replay sends.
async fn solve_with<T: Send + 'static>(
    f: impl FnOnce(&mut Solver) -> Result<T, SolveError> + Send + 'static,
) -> Result<T, Value> {
    // A request waits its turn only so long: a flood of them cannot queue without end.
    let Ok(Ok(permit)) = tokio::time::timeout(WAIT, RUNNING.acquire()).await else {
        return Err(json!({ "error": "the analysis is busy: try again in a moment" }));
    };
    let solved = tokio::task::spawn_blocking(move || {
        // Held until the search ends, even when the request is dropped meanwhile.
        let _permit = permit;
        let mut solver = Solver::with_table_bytes(TABLE_BYTES);
        solver.set_node_limit(Some(NODE_LIMIT));
        f(&mut solver)
    })
    .await;
    match solved {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(json!({ "error": format!("not analysed: {e}") })),
        Err(e) => {
            tracing::error!("an analysis failed: {e}");
            Err(json!({ "error": "the analysis failed" }))
        }
    }
}

/// The double-dummy table of a finished hand's deal (`preferans_solver::deal_table`) as the
/// replay sends it (docs/protocol.md, "Deal table"): a row per hand position that may declare,
/// named by its seat (the Hussar dummy has none, H1), and no all-pass with two players (H3).
/// `allpass`: the start of an all-pass of the deal under the table's rules (X2, F3);
/// `seats`: the seat of each hand position (`None`: the dummy).
pub async fn deal_table(deal: Deal, allpass: Option<PlayState>, seats: [Option<Seat>; 3]) -> Value {
    let table =
        match solve_with(move |solver| preferans_solver::deal_table::deal_table(&deal, allpass.as_ref(), solver)).await
        {
            Ok(t) => t,
            Err(e) => return e,
        };
    let pair = |d: [preferans::Card; 2]| [d[0].to_string(), d[1].to_string()];
    let rows: Vec<Value> = (0..3)
        .filter_map(|p| {
            let seat = seats[p]?;
            Some(json!({
                "seat": seat,
                "position": p,
                "tricks": table.tricks[p],
                "discards": table.discards[p].map(pair),
                "misere": table.misere[p],
                "misere_discard": pair(table.misere_discards[p]),
                "allpass": table.allpass.map(|a| a[p]),
            }))
        })
        .collect();
    json!({ "rows": rows, "nodes": table.nodes })
}

/// Deal tables made, by table id and hand number (a finished game's deals never change), the
/// oldest forgotten first beyond [`DealTables::KEPT`].
#[derive(Default)]
pub struct DealTables {
    made: std::sync::Mutex<Made>,
}

/// A table's id and a hand number.
type HandKey = (String, usize);

/// The tables made, and their keys oldest first.
#[derive(Default)]
struct Made {
    by_key: HashMap<HandKey, Value>,
    order: VecDeque<HandKey>,
}

impl DealTables {
    /// Tables kept at most (each a few hundred bytes).
    pub const KEPT: usize = 1024;

    /// The table made for hand `hand` of table `id`, if kept.
    pub fn get(&self, id: &str, hand: usize) -> Option<Value> {
        let made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        made.by_key.get(&(id.to_string(), hand)).cloned()
    }

    /// Keeps a table made (not an error: a busy or failed analysis is asked again).
    pub fn keep(&self, id: &str, hand: usize, table: &Value) {
        if table.get("error").is_some() {
            return;
        }
        let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
        let Made { by_key, order } = &mut *made;
        let key = (id.to_string(), hand);
        if by_key.insert(key.clone(), table.clone()).is_none() {
            order.push_back(key);
        }
        while order.len() > Self::KEPT {
            if let Some(old) = order.pop_front() {
                by_key.remove(&old);
            }
        }
    }
}

/// The analysis as JSON (docs/protocol.md, "Replay").
fn to_json(a: &PositionAnalysis, next: Option<Action>) -> Value {
    let kind = match a.objective {
        Objective::Declarer(_) => "declarer",
        Objective::Misere(_) => "misere",
        Objective::AllPass(_) => "allpass",
    };
    let next = match next {
        Some(Action::Play(card)) => a
            .cost(card)
            .map(|cost| json!({ "card": card.to_string(), "cost": cost })),
        _ => None,
    };
    json!({
        "kind": kind,
        "counted": a.counted,
        "mover": a.mover,
        "wants_high": a.mover_wants_high,
        "result": a.result,
        "cards": a.values.iter().map(|&(card, value)| json!({
            "card": card.to_string(),
            "value": value,
            "cost": a.cost(card),
        })).collect::<Vec<_>>(),
        "next": next,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_tables_are_kept_the_oldest_forgotten_first_and_errors_never() {
        let kept = DealTables::default();
        kept.keep("t", 1, &json!({"error": "busy"}));
        assert_eq!(kept.get("t", 1), None);
        for hand in 0..=DealTables::KEPT {
            kept.keep("t", hand, &json!({ "hand": hand }));
        }
        assert_eq!(kept.get("t", 0), None, "the oldest went");
        assert_eq!(kept.get("t", 1), Some(json!({"hand": 1})));
        assert_eq!(kept.get("t", DealTables::KEPT), Some(json!({"hand": DealTables::KEPT})));
        assert_eq!(kept.get("u", 1), None);
    }
}
