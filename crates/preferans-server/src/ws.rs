//! One WebSocket connection: join a table as a seat or a spectator, receive the view after
//! every change, send actions. A bad message gets an error message and changes nothing; the
//! connection stays open. Each connection is rate-limited (`governor`): a person plays far
//! slower than the limits, a script that floods is told to slow down and then dropped.

use std::num::NonZeroU32;
use std::sync::Arc;

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use preferans::{Action, Viewer};
use tokio::sync::watch;

use crate::http::{PRIVATE_TABLE, TOO_MANY_WRONG_KEYS};
use crate::hub::{Hub, HubError, TableHandle};
use crate::protocol::{parse_client, ClientMsg, HintMsg, ServerMsg};
// Hint requests (each runs the expert's simulations): the same limit for each connection as
// the table keeps for each seat over all its connections.
use crate::table::{View, HINTS_PER_SECOND, HINT_BURST};

/// Messages per second a connection may send on average, and in a burst.
const MESSAGES_PER_SECOND: NonZeroU32 = NonZeroU32::new(20).unwrap();
const MESSAGE_BURST: NonZeroU32 = NonZeroU32::new(100).unwrap();
/// How long a connection being closed still reads (and drops) what its client sends.
const CLOSE_DRAIN: std::time::Duration = std::time::Duration::from_secs(1);
/// The longest error text sent back: a parser's error may quote the whole message.
const ERROR_CHARS: usize = 240;
/// The longest a message may wait to be sent before its connection is dropped.
const SEND_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);
/// Refused messages in a row after which the connection is closed.
const REFUSED_BEFORE_CLOSE: u32 = 1000;

/// The error sent for the first message over a limit (the rest are dropped silently).
pub const SLOW_DOWN: &str = "too many messages: slow down";
/// The least time between two "slow down" warnings. A flood refills the limiter a little as
/// it goes, so a single message may be served in the middle of it; counting the flood as
/// over then would warn again and again.
const WARNING_INTERVAL: std::time::Duration = std::time::Duration::from_secs(2);

/// A connection's rate limits.
struct Limits {
    messages: DefaultDirectRateLimiter,
    hints: DefaultDirectRateLimiter,
    /// Messages refused in a row.
    refused: u32,
    /// When the last "slow down" warning was sent.
    warned_at: Option<std::time::Instant>,
}

impl Limits {
    fn new() -> Limits {
        Limits {
            messages: RateLimiter::direct(Quota::per_second(MESSAGES_PER_SECOND).allow_burst(MESSAGE_BURST)),
            hints: RateLimiter::direct(Quota::per_second(HINTS_PER_SECOND).allow_burst(HINT_BURST)),
            refused: 0,
            warned_at: None,
        }
    }
}

struct Joined {
    table: Arc<TableHandle>,
    viewer: Viewer,
    /// The token a seat was joined with: checked again before every state, since a person
    /// who left the table (a bot plays his seat) may no longer see its cards.
    token: Option<String>,
    changes: watch::Receiver<u64>,
    /// The seat whose person this connection counts as present
    /// ([`crate::table::Table::connection`]).
    present: Option<preferans::Seat>,
    /// The parts of a state that change only between hands, as this connection last sent
    /// them: a state leaves each out while it is unchanged (docs/protocol.md).
    sent: BetweenHands,
}

/// A state's hand summaries (`log`) and finished hand before (`last_hand`, as JSON), as a
/// connection last sent them: a long game does not resend them after every card.
#[derive(Default)]
struct BetweenHands {
    log: Option<std::sync::Arc<Vec<String>>>,
    last_hand: Option<String>,
}

impl BetweenHands {
    /// Leaves out of `view` what this connection already has, and remembers the rest.
    fn leave_out_unchanged(&mut self, view: &mut View) {
        if view.log == self.log {
            view.log = None;
        } else {
            self.log.clone_from(&view.log);
        }
        let last_hand = view.last_hand.as_ref().and_then(|h| serde_json::to_string(h).ok());
        if last_hand.is_some() && last_hand == self.last_hand {
            view.last_hand = None;
        } else {
            self.last_hand = last_hand;
        }
    }
}

/// The connection no longer counts as its seat's person being present.
async fn absent(j: &mut Joined) {
    if let Some(seat) = j.present.take() {
        let mut t = j.table.state.lock().await;
        t.connection(seat, false);
        notify(&j.table, t.version());
    }
}

/// Wakes the table's viewers when its version moved (not for a change nobody sees).
fn notify(table: &TableHandle, version: u64) {
    table
        .changed
        .send_if_modified(|v| std::mem::replace(v, version) != version);
}

async fn changed(joined: &mut Option<Joined>) -> bool {
    match joined {
        Some(j) => j.changes.changed().await.is_ok(),
        None => std::future::pending().await,
    }
}

async fn state_msg(j: &mut Joined) -> ServerMsg {
    j.changes.borrow_and_update();
    let t = j.table.state.lock().await;
    if let Viewer::Seat(seat) = j.viewer {
        if j.token.as_deref().and_then(|tok| t.seat_of_token(tok)) != Some(seat) {
            j.viewer = Viewer::Spectator;
            // A bot plays the seat now: nobody is present for it.
            j.present = None;
        }
    }
    let mut view = t.view(j.viewer);
    j.sent.leave_out_unchanged(&mut view);
    ServerMsg::State(Box::new(view))
}

/// Serves one connection until the client leaves.
pub async fn connection(hub: Arc<Hub>, socket: WebSocket, address: std::net::IpAddr) {
    let (mut tx, mut rx) = socket.split();
    let mut joined: Option<Joined> = None;
    let mut limits = Limits::new();
    // Pings, and the time anything was last heard: a client whose network vanished sends
    // no close and no pong, and must not hold his seat "present" for ever.
    // (No pings with an interval of 0, or one too long to count.)
    let every = hub.settings().ping_interval;
    let silence = every.checked_mul(5).map(|d| d / 2);
    let mut heartbeat = tokio::time::Instant::now()
        .checked_add(every)
        .filter(|_| !every.is_zero() && silence.is_some())
        .map(|start| {
            let mut i = tokio::time::interval_at(start, every);
            // Ticks missed while the loop was busy are not made up in a burst.
            i.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            i
        });
    let mut last_heard = std::time::Instant::now();
    let mut stopping = hub.stopping();
    let close = loop {
        let reply = tokio::select! {
            // What the client sent is read before silence is judged: a pong that came while
            // the loop was busy counts. A stopping server comes first of all: a client that
            // always has a frame ready would otherwise hold the stop off.
            biased;
            () = stopped(&mut stopping) => break Some((close_code::AWAY, "the server is stopping")),
            msg = rx.next() => {
                if matches!(msg, Some(Ok(_))) {
                    last_heard = std::time::Instant::now();
                }
                match msg {
                    // Every frame counts against the limit, binary ones and pings too (each
                    // ping is answered with a pong).
                    Some(Ok(Message::Text(_) | Message::Binary(_) | Message::Ping(_) | Message::Pong(_)))
                        if limits.messages.check().is_err() =>
                    {
                        limits.refused += 1;
                        if limits.refused > REFUSED_BEFORE_CLOSE {
                            break Some((close_code::POLICY, "too many messages"));
                        }
                        let now = std::time::Instant::now();
                        let warn = limits.warned_at.is_none_or(|t| now.duration_since(t) >= WARNING_INTERVAL);
                        if warn {
                            limits.warned_at = Some(now);
                        }
                        warn.then(|| ServerMsg::error(SLOW_DOWN))
                    }
                    Some(Ok(Message::Text(text))) => {
                        limits.refused = 0;
                        handle(&hub, &mut joined, &limits, address, text.as_str()).await
                    }
                    Some(Ok(Message::Binary(_))) => Some(ServerMsg::error("binary frames are not understood; send JSON text")),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => None,
                    // The client closes: the close frame the socket queued in answer goes out
                    // before the connection ends (RFC 6455 5.5.1).
                    Some(Ok(Message::Close(_))) => {
                        let _ = tokio::time::timeout(CLOSE_DRAIN, tx.close()).await;
                        break None;
                    }
                    None => break None,
                    // A frame over the size limit ends the connection (its bytes are not read):
                    // the client is told why.
                    Some(Err(e)) if e.to_string().contains("too long") => {
                        break Some((close_code::SIZE, "message longer than 64 KiB"));
                    }
                    Some(Err(e)) if e.to_string().contains("UTF-8") => {
                        break Some((close_code::INVALID, "a text frame that is not UTF-8"));
                    }
                    Some(Err(_)) => break Some((close_code::PROTOCOL, "bad WebSocket frame")),
                }
            }
            _ = tick(&mut heartbeat) => {
                if silence.is_some_and(|limit| last_heard.elapsed() > limit) {
                    break Some((close_code::AWAY, "no answer to pings"));
                }
                match tokio::time::timeout(SEND_LIMIT, tx.send(Message::Ping(Default::default()))).await {
                    Ok(Ok(())) => None,
                    _ => break None,
                }
            }
            alive = changed(&mut joined) => match (alive, joined.as_mut()) {
                (true, Some(j)) => Some(state_msg(j).await),
                _ => { joined = None; None }
            },
        };
        if let Some(reply) = reply {
            // A peer that reads nothing fills the socket's buffer: it is dropped, not waited for.
            match tokio::time::timeout(SEND_LIMIT, tx.send(Message::Text(reply.to_json().into()))).await {
                Ok(Ok(())) => {}
                _ => break None,
            }
        }
    };
    // Gone from the table at once: presence does not wait on a peer that may not read.
    if let Some(j) = joined.as_mut() {
        absent(j).await;
    }
    if let Some((code, reason)) = close {
        // A close frame says why; what the client still sends meanwhile is read and dropped
        // for a moment, so that the socket is not reset under the replies already sent.
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        if let Ok(Ok(())) = tokio::time::timeout(CLOSE_DRAIN, tx.send(Message::Close(Some(frame)))).await {
            let drain = async { while let Some(Ok(_)) = rx.next().await {} };
            let _ = tokio::time::timeout(CLOSE_DRAIN, drain).await;
        }
    }
}

/// Resolves once the server stops ([`Hub::stop_connections`]).
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is dropped here: it may not be held across an await.
    let _ = stopping.wait_for(|stop| *stop).await;
}

/// The next tick of the heartbeat; never, without one.
async fn tick(heartbeat: &mut Option<tokio::time::Interval>) {
    match heartbeat {
        Some(i) => {
            i.tick().await;
        }
        None => std::future::pending().await,
    }
}

async fn handle(
    hub: &Arc<Hub>,
    joined: &mut Option<Joined>,
    limits: &Limits,
    address: std::net::IpAddr,
    text: &str,
) -> Option<ServerMsg> {
    let msg = match parse_client(text) {
        Ok(m) => m,
        Err(e) => return Some(ServerMsg::error(e)),
    };
    match msg {
        ClientMsg::Ping {} => Some(ServerMsg::Pong),
        ClientMsg::Join { table, token, password } => {
            let h = match hub.table(&table).await {
                Ok(h) => h,
                Err(e) => return Some(ServerMsg::error(e.for_client())),
            };
            let viewer = match token.as_deref() {
                // A private table's password is checked only while the address has wrong
                // ones left (it is not to be guessed by trying them all).
                None if password.is_some() && !hub.may_try_key(address) => {
                    return Some(ServerMsg::error(TOO_MANY_WRONG_KEYS));
                }
                None if h.state.lock().await.admits(password.as_deref()) => Viewer::Spectator,
                None => {
                    if password.is_some() {
                        hub.wrong_key(address);
                    }
                    return Some(ServerMsg::error(PRIVATE_TABLE));
                }
                // The token's seat; an away person whose seat a bot played for him takes it
                // back (a finished game's is watched).
                Some(tok) => match hub.joining_seat(&h, tok).await {
                    Ok(Some(viewer)) => viewer,
                    Ok(None) => return Some(ServerMsg::error(HubError::BadToken.to_string())),
                    Err(e) => return Some(ServerMsg::error(e.for_client())),
                },
            };
            // The same join again (a client resending it) changes nothing: its state only.
            if let Some(old) = joined
                .as_mut()
                .filter(|old| Arc::ptr_eq(&old.table, &h) && old.viewer == viewer)
            {
                old.token = token;
                // Its state is a join's first: whole (the client may have lost its parts).
                old.sent = BetweenHands::default();
                return Some(state_msg(old).await);
            }
            // A join replaces the connection's earlier one.
            if let Some(old) = joined.as_mut() {
                absent(old).await;
            }
            let present = match viewer {
                Viewer::Seat(seat) => {
                    let mut t = h.state.lock().await;
                    t.connection(seat, true);
                    notify(&h, t.version());
                    Some(seat)
                }
                Viewer::Spectator => None,
            };
            let mut j = Joined {
                changes: h.changed.subscribe(),
                table: h,
                viewer,
                token,
                present,
                sent: BetweenHands::default(),
            };
            let state = state_msg(&mut j).await;
            // Bots wait while nobody watches their table: this join may wake them.
            hub.schedule(&j.table).await;
            *joined = Some(j);
            Some(state)
        }
        ClientMsg::Act { token, action, after } => {
            let Some(j) = joined.as_ref() else {
                return Some(ServerMsg::error("join a table first"));
            };
            // Said first when both are wrong; checked again with the action (act_as).
            if j.table.state.lock().await.seat_of_token(&token).is_none() {
                return Some(ServerMsg::error(HubError::BadToken.to_string()));
            }
            let action: Action = match action.parse() {
                Ok(a) => a,
                // The parser's refusal quotes the text (in short) and says why.
                Err(e) => return Some(ServerMsg::error(preferans::error::quoted(&e.to_string(), ERROR_CHARS))),
            };
            let table = j.table.clone();
            match hub.act_as(&table, &token, action, after).await {
                // The new state reaches this connection through the change signal.
                Ok(()) => None,
                Err(e) => Some(ServerMsg::error(e.for_client())),
            }
        }
        ClientMsg::Chat { token, text } => {
            let Some(j) = joined.as_ref() else {
                return Some(ServerMsg::error("join a table first"));
            };
            match hub.say_as(&j.table, &token, &text).await {
                // Every viewer (this one too) gets it with the table's next state.
                Ok(()) => None,
                Err(e) => Some(ServerMsg::error(e.for_client())),
            }
        }
        ClientMsg::Hint { token } => {
            const TOO_MANY: &str = "too many hint requests: wait a moment";
            if limits.hints.check().is_err() {
                return Some(ServerMsg::error(TOO_MANY));
            }
            let Some(j) = joined.as_ref() else {
                return Some(ServerMsg::error("join a table first"));
            };
            let seat = {
                let t = j.table.state.lock().await;
                let Some(seat) = t.seat_of_token(&token) else {
                    return Some(ServerMsg::error(HubError::BadToken.to_string()));
                };
                if !t.hint_allowed(seat) {
                    return Some(ServerMsg::error(TOO_MANY));
                }
                seat
            };
            let table = j.table.clone();
            match hub.hints(&table, seat).await {
                Ok(hints) => Some(ServerMsg::Hints {
                    hints: preferans_bots::hints::shortlist(&hints, 5)
                        .into_iter()
                        .map(|h| HintMsg {
                            action: h.action.to_string(),
                            value: h.value,
                            reason: h.reason,
                        })
                        .collect(),
                }),
                Err(e) => Some(ServerMsg::error(e.for_client())),
            }
        }
    }
}
