//! What each viewer is sent: the public seat list, the finished hand before, the log and
//! standing, and the hand being played as the rules crate shows it to that viewer (RULES.md
//! section 7: the engine's observation is the only view of the cards).

use std::sync::Arc;

use preferans::observation::Observation;
use preferans::{Seat, Viewer};
use serde::Serialize;

use super::{ChatLine, Table};
use crate::config::SeatKind;

/// Public facts about one seat.
#[derive(Clone, Debug, Serialize)]
pub struct SeatInfo {
    /// Seat number.
    pub seat: Seat,
    /// The person's or bot's name; `None` while a person's seat is free.
    pub name: Option<String>,
    /// The bot level, for bot seats.
    pub bot: Option<String>,
    /// A seated person with no connection to the table: since when (Unix ms). `None` for a
    /// person connected, a free seat and a bot.
    pub away_since_ms: Option<i64>,
    /// A person's seat that nobody holds: since when (Unix ms; the table's creation, or the
    /// server's start after a restart). `None` for a held seat and a bot's.
    pub free_since_ms: Option<i64>,
    /// A person who sat down during the hand being played: how many of its history entries
    /// came before him (made for the free seat by the move timer, not by him). `None` when
    /// he sat before the hand began (or the server restarted since).
    pub calls_before: Option<usize>,
}

/// One seat's totals on the scoresheet (public, as the sheet is).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SheetRow {
    /// Pool.
    pub pool: i64,
    /// Mountain.
    pub mountain: i64,
    /// Whists this seat has written on each seat (by seat; its own is 0).
    pub whists: Vec<i64>,
}

/// What a table's summaries depend on: the hands finished and each seat's name and the hands
/// finished before it was claimed (`Table::seat_name`).
#[derive(PartialEq, Eq)]
struct LogInputs {
    hands: usize,
    seats: Vec<(Option<String>, usize)>,
}

/// A table's summaries and what they were made from.
pub(super) struct LogMemo {
    made_from: LogInputs,
    log: Arc<Vec<String>>,
}

/// The finished hand just before the current one, as the viewer may see it.
#[derive(Clone, Debug, Serialize)]
pub struct LastHand {
    /// 1-based hand number.
    pub number: u32,
    /// Final observation of that hand for the viewer.
    pub observation: Observation,
    /// One line: who declared what, tricks, result.
    pub summary: String,
}

/// Everything a viewer is sent about the table: only what that viewer may know (RULES.md
/// section 7 — the observation comes from the rules crate, and nothing else here holds cards).
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// Table id.
    pub table: String,
    /// Table name.
    pub name: String,
    /// Increases with every change a viewer can see (actions, chat, seats, presence, timers).
    pub version: u64,
    /// Actions applied in the game so far: an `act` may name it as `after`, so that an action
    /// sent twice, or late, is refused rather than applied to the next decision.
    pub actions: u64,
    /// The viewer's seat (`None`: spectator).
    pub you: Option<Seat>,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// The rules, in words.
    pub rules: String,
    /// What the four-player dealer does in the hand being played (F1, F3; the rules crate's
    /// [`preferans::Observation::dealer_role`]); `None` with two or three players.
    pub dealer_role: Option<preferans::observation::DealerRole>,
    /// Where the talon went in the hand being played (the rules crate's
    /// [`preferans::Observation::talon_fate`]): `None` before the auction decides it and in an
    /// all-pass.
    pub talon_fate: Option<preferans::observation::TalonFate>,
    /// Section 3, Rostov: no mountain is kept; its points are written as whists.
    pub mountain_as_whists: bool,
    /// 1-based number of the hand being played (or of the last one, when the game is over).
    pub hand_number: u32,
    /// The hand being played, as the viewer sees it.
    pub observation: Option<Observation>,
    /// A3: the viewer's legal action that is a hold (the highest bid said again), so the page
    /// can label it without a rule of its own.
    pub hold: Option<preferans::Action>,
    /// The hand before it (`Some(None)`: none yet). `None` (left out of the JSON) where a
    /// connection's previous state had the same: [`Table::view`] always fills it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_hand: Option<Option<LastHand>>,
    /// Summaries of every finished hand, oldest first. `None` (left out of the JSON) where a
    /// connection's previous state had the same summaries: [`Table::view`] always fills it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log: Option<Arc<Vec<String>>>,
    /// Each seat's standing in whists so far (S10 settlement of the sheet as it stands).
    pub standing: Vec<String>,
    /// The scoresheet's totals by seat, as text can say them (the pulya drawing is a picture).
    pub sheet: Vec<SheetRow>,
    /// True once the match is over; `standing` is then the final settlement.
    pub game_over: bool,
    /// Each seat's place by the exact settlement (S10; equal results share it, 1 is first).
    pub places: Vec<u8>,
    /// S9: the pool is closed (the game reached its end, not only a hand limit): a game over
    /// with an open pool has a leader, not a winner.
    pub pool_closed: bool,
    /// When the player to move runs out of time, Unix milliseconds (move timer tables).
    pub deadline_ms: Option<i64>,
    /// The server's clock when this state was made, Unix milliseconds: the page counts the
    /// deadlines and the away and free times above on the server's clock, not its own.
    pub server_now_ms: i64,
    /// The seat whose last move the move timer made, until that seat moves again.
    pub timed_out: Option<Seat>,
    /// The table where the same seats play their next game, once someone started it.
    pub next_table: Option<String>,
    /// The table's chat, oldest first (the last [`super::CHAT_LINES`], stored with the table).
    pub chat: Vec<ChatLine>,
    /// How long a seated person must have been away before another player may let a bot
    /// play his seat, in milliseconds (`pref serve --away-before-bot-secs`).
    pub away_before_bot_ms: i64,
}

impl Table {
    /// The scoresheet's totals, seat by seat.
    pub fn sheet_rows(&self) -> Vec<SheetRow> {
        let t = self.m.sheet().totals();
        let seats = self.seats.len();
        (0..seats)
            .map(|s| SheetRow {
                pool: t.pool[s],
                mountain: t.mountain[s],
                whists: (0..seats).map(|on| t.whists[s][on]).collect(),
            })
            .collect()
    }

    /// Public seat list.
    pub fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                seat: i as Seat,
                name: s.name.clone(),
                bot: match &s.kind {
                    SeatKind::Bot { level } => Some(level.clone()),
                    SeatKind::Human => None,
                },
                away_since_ms: (s.kind == SeatKind::Human && s.token.is_some() && s.connections == 0)
                    .then_some(s.away_since_ms),
                free_since_ms: (s.kind == SeatKind::Human && s.token.is_none()).then_some(s.away_since_ms),
                calls_before: (s.calls_before > 0 && s.hands_before == self.m.finished_hands().len())
                    .then_some(s.calls_before),
            })
            .collect()
    }

    /// The finished hands' summaries: the last ones made while neither the hands finished nor
    /// the seats' names have changed since (a long game's log is not written again for every
    /// view of every action).
    fn log(&self) -> Arc<Vec<String>> {
        let made_from = LogInputs {
            hands: self.m.finished_hands().len(),
            seats: self.seats.iter().map(|s| (s.name.clone(), s.hands_before)).collect(),
        };
        let mut memo = self.log_memo.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(m) = memo.as_ref().filter(|m| m.made_from == made_from) {
            return m.log.clone();
        }
        let log: Arc<Vec<String>> = Arc::new(
            self.m
                .finished_hands()
                .iter()
                .enumerate()
                .filter_map(|(i, h)| {
                    Some(format!(
                        "hand {}: {}",
                        i + 1,
                        preferans::HandState::outcome(h)?
                            .summary_at_table(self.m.rules(), h.dealer(), |s| self.seat_name(s, i))
                    ))
                })
                .collect(),
        );
        *memo = Some(LogMemo {
            made_from,
            log: log.clone(),
        });
        log
    }

    /// A seat's name in the summary of hand `hand` (0-based): the person's or bot's, or
    /// "seat N" while free and for the hands finished before a person claimed it.
    pub(super) fn seat_name(&self, seat: Seat, hand: usize) -> String {
        match self.seats.get(usize::from(seat)) {
            Some(s) if hand >= s.hands_before => s.name.clone().unwrap_or_else(|| format!("seat {seat}")),
            _ => format!("seat {seat}"),
        }
    }

    /// What `viewer` is sent. A seat number that is not a seat of this table gets the
    /// spectator view.
    pub fn view(&self, viewer: Viewer) -> View {
        let viewer = viewer.filter_seat(|s| (s as usize) < self.seats.len());
        let observation = self.observation(viewer);
        let finished = self.m.finished_hands();
        let last_hand = finished.last().and_then(|h| {
            let outcome = preferans::HandState::outcome(h)?;
            Some(LastHand {
                number: finished.len() as u32,
                observation: preferans::HandState::observation(h, viewer),
                summary: outcome
                    .summary_at_table(self.m.rules(), h.dealer(), |s| self.seat_name(s, finished.len() - 1)),
            })
        });
        let log = self.log();
        View {
            table: self.id.clone(),
            name: self.config.name.clone(),
            version: self.version,
            actions: self.actions,
            you: match viewer {
                Viewer::Seat(s) => Some(s),
                Viewer::Spectator => None,
            },
            seats: self.seat_infos(),
            rules: self.m.rules().to_string(),
            dealer_role: observation.as_ref().and_then(|o| o.dealer_role(self.m.rules())),
            talon_fate: observation.as_ref().and_then(Observation::talon_fate),
            mountain_as_whists: self.m.rules().mountain_as_whists(),
            hand_number: finished.len() as u32 + u32::from(!self.m.is_over()),
            hold: observation
                .as_ref()
                .and_then(|o| o.legal_actions.iter().copied().find(|a| o.is_hold(*a))),
            observation,
            last_hand: Some(last_hand),
            log: Some(log),
            standing: self.standing(),
            sheet: self.sheet_rows(),
            game_over: self.m.is_over(),
            places: self.places(),
            pool_closed: self.pool_closed(),
            deadline_ms: self.deadline_ms,
            server_now_ms: crate::store::now_ms(),
            timed_out: self.timed_out,
            next_table: self.next_table.clone(),
            chat: self.chat.iter().cloned().collect(),
            away_before_bot_ms: self.away_before_bot_ms,
        }
    }
}
