//! The post-game review of a finished table for the replay page
//! (`GET /api/tables/{id}/review`): every card that cost its side tricks, double-dummy and
//! exact, and every bid, whist call, discard and contract that cost whists, by the expert's
//! simulation — what `pref review` prints (`preferans_bots::review`, `review_calls`).
//!
//! A review takes seconds (a few hundred solves, and sampled deals for every call), so it runs
//! in the background: the first request starts it, every request answers with its progress
//! until the result is there, and the result is kept (a finished game never changes).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use preferans::record::Record;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

/// Cards reported: those that cost at least one trick.
const CARD_THRESHOLD: u8 = 1;
/// Calls reported: those that cost at least this many whists (`pref review`'s default).
const CALL_THRESHOLD: f64 = 2.0;
/// Sampled deals per call weighed (`pref review`'s default).
const CALL_SAMPLES: usize = preferans_bots::ADVISER_SAMPLES;
/// Reviews waiting or running at most; beyond, a new one is refused until one ends.
const MAX_PENDING: usize = 8;
/// Finished reviews kept at most; beyond, they are forgotten (and made again when asked).
const MAX_KEPT: usize = 256;

/// Reviews run one at a time on a blocking thread: they take at most one core from the tables
/// being played (the replay's analyses take their own, `crate::analysis`).
static RUNNING: Semaphore = Semaphore::const_new(1);

/// Where one table's review stands.
#[derive(Clone, Debug)]
enum Stage {
    Waiting,
    Running { done: usize, total: usize },
    Done(Value),
    Failed(String),
}

/// The reviews of this process, by table id, each with the order it was asked in.
#[derive(Default)]
pub struct Reviews {
    jobs: Mutex<Jobs>,
}

#[derive(Default)]
struct Jobs {
    by_table: HashMap<String, (u64, Arc<Mutex<Stage>>)>,
    asked: u64,
}

/// Why a review was not started.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

impl Reviews {
    /// The review of finished table `id` as the replay page gets it (docs/protocol.md,
    /// "Review"): `{"status": "waiting" | "running", "done", "total"}` while it is made,
    /// then `{"status": "done", …}` or `{"status": "failed", "error"}`. The first call starts
    /// it from the table's record and seat names, which `game` gives.
    ///
    /// # Errors
    /// [`Busy`] when too many reviews wait already.
    pub fn status(&self, id: &str, game: impl FnOnce() -> (Record, Vec<String>)) -> Result<Value, Busy> {
        let stage = {
            let mut jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
            match jobs.by_table.get(id) {
                Some((_, stage)) => stage.clone(),
                None => {
                    let pending = |s: &Arc<Mutex<Stage>>| matches!(*lock(s), Stage::Waiting | Stage::Running { .. });
                    if jobs.by_table.values().filter(|(_, s)| pending(s)).count() >= MAX_PENDING {
                        return Err(Busy);
                    }
                    if jobs.by_table.len() >= MAX_KEPT {
                        // The review asked for longest ago among those made is forgotten.
                        let oldest = jobs
                            .by_table
                            .iter()
                            .filter(|(_, (_, s))| !pending(s))
                            .min_by_key(|(_, (asked, _))| *asked)
                            .map(|(table, _)| table.clone());
                        if let Some(table) = oldest {
                            jobs.by_table.remove(&table);
                        }
                    }
                    let (record, names) = game();
                    let stage = Arc::new(Mutex::new(Stage::Waiting));
                    jobs.asked += 1;
                    let asked = jobs.asked;
                    jobs.by_table.insert(id.to_string(), (asked, stage.clone()));
                    start(record, names, stage.clone());
                    stage
                }
            }
        };
        let now = lock(&stage).clone();
        Ok(match now {
            Stage::Waiting => json!({ "status": "waiting", "done": 0, "total": 0 }),
            Stage::Running { done, total } => json!({ "status": "running", "done": done, "total": total }),
            Stage::Done(v) => v,
            Stage::Failed(e) => json!({ "status": "failed", "error": e }),
        })
    }
}

fn lock(stage: &Mutex<Stage>) -> std::sync::MutexGuard<'_, Stage> {
    stage.lock().unwrap_or_else(|e| e.into_inner())
}

/// Runs the review in the background, reporting to `stage`.
fn start(record: Record, names: Vec<String>, stage: Arc<Mutex<Stage>>) {
    tokio::spawn(async move {
        let Ok(permit) = RUNNING.acquire().await else {
            return;
        };
        let progress = stage.clone();
        let made = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            review(&record, &names, |done, total| {
                *lock(&progress) = Stage::Running { done, total };
            })
        })
        .await;
        *lock(&stage) = match made {
            Ok(Ok(v)) => Stage::Done(v),
            Ok(Err(e)) => Stage::Failed(e),
            Err(e) => {
                tracing::error!("a review failed: {e}");
                Stage::Failed("the review failed".into())
            }
        };
    });
}

/// Where each hand's actions begin in the game's actions, from each hand's number of
/// actions: the replay's step just before each hand's first action.
pub(crate) fn hand_starts(lengths: impl IntoIterator<Item = usize>) -> Vec<usize> {
    lengths
        .into_iter()
        .scan(0, |before, n| {
            let start = *before;
            *before += n;
            Some(start)
        })
        .collect()
}

/// The whole review of `record` as JSON; `progress(done, total)` hears of each hand.
fn review(record: &Record, names: &[String], mut progress: impl FnMut(usize, usize)) -> Result<Value, String> {
    let hands = record.hands.len();
    let starts = hand_starts(record.hands.iter().map(|h| h.actions.len()));
    let step = |hand: u32, index: usize| starts.get(hand as usize - 1).map_or(0, |s| s + index);
    let total = 2 * hands;
    let cards = preferans_bots::review::review(record, CARD_THRESHOLD, |done, _| progress(done, total))?;
    let calls = preferans_bots::review_calls::review_calls(record, CALL_THRESHOLD, CALL_SAMPLES, |done, _| {
        progress(hands + done, total)
    })?;
    Ok(json!({
        "status": "done",
        "names": names,
        "card_threshold": CARD_THRESHOLD,
        "call_threshold": CALL_THRESHOLD,
        "call_samples": CALL_SAMPLES,
        "cards": cards.iter().map(|m| json!({
            "hand": m.hand,
            "trick": m.trick,
            "step": step(m.hand, m.index),
            "seat": m.seat,
            // The hand played from: `{"seat": n}` or "dummy" (the whister plays the passer's
            // open hand, W4; the Hussar dummy, H1).
            "from": m.from,
            "played": m.played.to_string(),
            "best": m.best.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
            "cost": m.cost,
            // X1: the seat's tricks counted against the two others together.
            "all_pass": m.all_pass,
        })).collect::<Vec<_>>(),
        // A call is shown just after it is made (the replay's "last" names it): the step
        // before a hand's first call would show the previous hand's end.
        "calls": calls.iter().map(|c| json!({
            "hand": c.hand,
            "step": step(c.hand, c.index) + 1,
            "seat": c.seat,
            "chosen": c.chosen.to_string(),
            "best": c.best.to_string(),
            "cost": (c.cost * 10.0).round() / 10.0,
        })).collect::<Vec<_>>(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use preferans::record::PlayerRecord;
    use preferans::rules::Rules;
    use preferans::Match;

    fn empty_game() -> (Record, Vec<String>) {
        let m = Match::new(Rules::sochi(), 1, 0, Some(1));
        let names: Vec<String> = (0..3).map(|i| format!("p{i}")).collect();
        let players = names
            .iter()
            .map(|n| PlayerRecord {
                name: n.clone(),
                kind: "human".into(),
            })
            .collect();
        (Record::from_match(&m, players), names)
    }

    // Spawned reviews wait until this (single-threaded) test yields: every one still pending.
    #[tokio::test]
    async fn a_review_beyond_the_pending_limit_is_refused_and_a_known_one_is_not_started_again() {
        let reviews = Reviews::default();
        for i in 0..MAX_PENDING {
            let v = reviews.status(&format!("t{i}"), empty_game).unwrap();
            assert_eq!(v["status"], "waiting");
        }
        assert_eq!(reviews.status("one more", empty_game), Err(Busy));
        // Asking again for one being made starts nothing: the game is not even asked for.
        let again = reviews.status("t0", || panic!("started twice")).unwrap();
        assert_eq!(again["status"], "waiting");
        // Once they are done, new ones are taken again.
        let last = format!("t{}", MAX_PENDING - 1);
        let mut done = Value::Null;
        for _ in 0..200 {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            done = reviews.status(&last, || panic!("started twice")).unwrap();
            if done["status"] == "done" {
                break;
            }
        }
        assert_eq!(done["status"], "done", "{done}");
        assert_eq!(done["cards"], json!([]));
        assert_eq!(reviews.status("one more", empty_game).unwrap()["status"], "waiting");
    }
}
