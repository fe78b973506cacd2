//! Bots and move timers: after every change the table is given what it needs next — the bot
//! driver when a bot is to move, the move timer when a person is.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use preferans::Viewer;

use super::{Hub, TableHandle};
use crate::store::now_ms;

impl Hub {
    /// Starts what the table needs next: the bot driver when a bot is to move, the move
    /// timer when a person is. (A boxed `Send` future: the bot driver calls it back.)
    pub fn schedule(self: &Arc<Self>, h: &Arc<TableHandle>) -> Pin<Box<dyn Future<Output = ()> + Send + 'static>> {
        let (hub, h) = (self.clone(), h.clone());
        Box::pin(async move {
            let mut t = h.state.lock().await;
            let Some(seat) = t.to_move() else { return };
            if t.is_bot(seat) {
                // Bots play only while someone watches (a person or a spectator connected):
                // a table nobody looks at waits, instead of burning the server's cores on a
                // match no one follows. A join schedules it again.
                if h.changed.receiver_count() == 0 {
                    return;
                }
                if !t.bot_driver_running {
                    t.bot_driver_running = true;
                    tokio::spawn(hub.clone().drive_bots(h.clone()));
                }
            } else if let (Some(secs), None) = (t.config.move_timer_secs, t.deadline_ms) {
                let deadline = now_ms() + i64::from(secs) * 1000;
                t.deadline_ms = Some(deadline);
                t.touch();
                h.changed.send_replace(t.version());
                tokio::spawn(
                    hub.clone()
                        .timer(h.clone(), deadline, Duration::from_secs(u64::from(secs))),
                );
            }
        })
    }

    /// Plays bot turns until a person is to move or the match ends.
    async fn drive_bots(self: Arc<Self>, h: Arc<TableHandle>) {
        loop {
            tokio::time::sleep(self.settings.bot_delay).await;
            if h.changed.receiver_count() == 0 {
                break; // Nobody watches any more: wait for a join (see `schedule`).
            }
            let (turn, taken_at) = {
                let mut t = h.state.lock().await;
                let taken_at = t.action_count();
                (t.take_bot_turn(), taken_at)
            };
            let Some((seat, mut bot, obs)) = turn else { break };
            let (bot, choice) = match tokio::task::spawn_blocking(move || {
                let c = bot.choose(&obs).or_else(|| obs.legal_actions.first().copied());
                (bot, c)
            })
            .await
            {
                Ok(r) => r,
                Err(e) => {
                    // The bot panicked: its seat gets a fresh bot on the next turn.
                    tracing::error!(table = %h.id, "bot task failed: {e}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    break;
                }
            };
            let mut t = h.state.lock().await;
            // The away person it played for came back while it thought (and may have played,
            // or left again, a new bot in the seat): its choice is stale, and it is dropped.
            if !t.is_bot(seat) || t.action_count() != taken_at || t.to_move() != Some(seat) {
                break;
            }
            t.return_bot(seat, bot);
            let Some(action) = choice else { break };
            if let Err(e) = self.act_locked(&mut t, &h, seat, action).await {
                // Most likely the database: try again after a pause, not in a hot loop.
                tracing::error!(table = %h.id, "bot action refused: {e}");
                drop(t);
                tokio::time::sleep(Duration::from_secs(1)).await;
                break;
            }
        }
        h.state.lock().await.bot_driver_running = false;
        // A person may be to move now (timer), or a bot again after a race with a claim.
        self.schedule(&h).await;
    }

    /// The move timer: when no action came within `after`, the server plays the heuristic
    /// bot's choice for the person to move. A move the database does not store is tried again
    /// every second under the same deadline (so `schedule` starts no second timer), or the
    /// table would wait for ever on a person who is gone.
    async fn timer(self: Arc<Self>, h: Arc<TableHandle>, deadline: i64, after: Duration) {
        let mut wait = after;
        loop {
            tokio::time::sleep(wait).await;
            let mut t = h.state.lock().await;
            // Only the timer of the deadline still shown: a move made (the deadline is
            // cleared with it), or the person gone and a bot in his seat, ends it.
            if t.deadline_ms != Some(deadline) {
                return;
            }
            let Some(seat) = t.to_move().filter(|&s| !t.is_bot(s)) else {
                return;
            };
            let Some(obs) = t.observation(Viewer::Seat(seat)) else {
                return;
            };
            let mut bot = preferans_bots::HeuristicBot::new();
            let choice = preferans_bots::Bot::choose(&mut bot, &obs).or_else(|| obs.legal_actions.first().copied());
            if let Some(action) = choice {
                match self.act_locked(&mut t, &h, seat, action).await {
                    Ok(()) => {
                        t.mark_timed_out(seat);
                        h.changed.send_replace(t.version());
                    }
                    Err(e @ super::HubError::Store(_)) => {
                        tracing::error!(table = %h.id, "timed-out move not stored, tried again in a second: {e}");
                        wait = Duration::from_secs(1);
                        continue;
                    }
                    Err(e) => tracing::error!(table = %h.id, "timed-out move refused: {e}"),
                }
            }
            drop(t);
            self.schedule(&h).await;
            return;
        }
    }
}
