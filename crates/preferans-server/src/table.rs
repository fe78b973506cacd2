//! One table: its configuration, the match (from the rules crate), who sits where, and the
//! per-seat views. Synchronous and I/O-free; the hub adds locking, storage and broadcasting.

use preferans::observation::Observation;
use preferans::record::{PlayerRecord, Record};
use preferans::{Action, IllegalAction, Match, Seat, Viewer};
use preferans_bots::Bot;

use crate::config::{ConfigError, SeatKind, TableConfig};
use crate::store::{StoredTable, TableStatus};

/// Hint requests a seat (and each connection) may make per second on average, and in a burst.
pub(crate) const HINTS_PER_SECOND: std::num::NonZeroU32 = std::num::NonZeroU32::MIN;
/// See [`HINTS_PER_SECOND`].
pub(crate) const HINT_BURST: std::num::NonZeroU32 = std::num::NonZeroU32::new(5).unwrap();

mod away;
mod chat;
mod view;
pub use chat::{ChatLine, CHAT_CHARS, CHAT_LINES};
pub use view::{LastHand, SeatInfo, View};

/// A seat at the table.
pub struct SeatState {
    /// Person or bot.
    pub kind: SeatKind,
    /// The person's name once claimed, or the bot's.
    pub name: Option<String>,
    /// The digest of the secret that lets a connection act for this seat (people only;
    /// [`token_digest`]).
    pub token: Option<String>,
    /// The bot playing this seat; taken out while it thinks.
    pub bot: Option<Box<dyn Bot + Send>>,
    /// The digest of the token of the person whose seat this bot plays because he was away
    /// ([`Table::hand_to_bot`] with `stand_in`): his token takes the seat back when he
    /// returns. `None` for a person who left (his seat is the bot's for good).
    stands_in_for: Option<String>,
    /// How many hands were finished when a person claimed the seat: those hands were played
    /// without him (a move timer plays a free seat), so their summaries do not name him.
    pub hands_before: usize,
    /// How many entries of hand number `hands_before` came before the person claimed the seat
    /// (the move timer's, for the free seat; 0 when he sat down between hands).
    pub calls_before: usize,
    /// The person's open connections to this table (memory only).
    connections: u32,
    /// Since when (Unix ms) the person has had no connection: the table's creation or the
    /// server's start, or his last connection's end.
    away_since_ms: i64,
}

/// A table in memory.
pub struct Table {
    /// Table id.
    pub id: String,
    /// Its configuration.
    pub config: TableConfig,
    /// Deal seed.
    pub seed: u64,
    /// Creation time, Unix milliseconds.
    pub created_at: i64,
    m: Match,
    seats: Vec<SeatState>,
    /// Number of accepted actions (the next action's sequence number in the log).
    actions: u64,
    /// Increases with every change a viewer can see.
    version: u64,
    /// Move timer deadline for the seat to move (Unix ms).
    pub deadline_ms: Option<i64>,
    /// The seat whose last move the move timer made (memory only: a restart forgets it).
    timed_out: Option<Seat>,
    /// A task is driving this table's bots.
    pub bot_driver_running: bool,
    /// The server's wait before a bot may take an away person's seat, in milliseconds.
    pub away_before_bot_ms: i64,
    /// The table of the next game with the same seats (a rematch), once started.
    next_table: Option<String>,
    /// The last [`CHAT_LINES`] chat lines, oldest first (stored: a restart keeps them).
    chat: std::collections::VecDeque<ChatLine>,
    /// Chat lines said at this table since it was made (the next line's number in the store).
    chat_said: u64,
    /// Chat lines per seat: 1 a second, 5 in a burst (a seat, not a connection: one token
    /// may have many connections).
    chat_limit: governor::DefaultKeyedRateLimiter<Seat>,
    /// Hint requests by seat: each runs the expert's simulations, so a seat's token used
    /// over many connections may not ask more often than one connection.
    hint_limit: governor::DefaultKeyedRateLimiter<Seat>,
    /// The finished hands' summaries as last made, with what they were made from
    /// (`view.rs`): a view shares them instead of writing every summary again.
    log_memo: std::sync::Mutex<Option<view::LogMemo>>,
}

fn make_bot(kind: &SeatKind, seed: u64, seat: usize, rules: &preferans::Rules) -> Option<Box<dyn Bot + Send>> {
    match kind {
        // The CLI's seeds for the same game: a record resumed there plays its bots on alike.
        SeatKind::Bot { level } => {
            preferans_bots::bot_for(level, preferans_bots::bot_seed(seed, seat as u8), Some(rules))
        }
        SeatKind::Human => None,
    }
}

impl Table {
    /// A new table. An empty password is taken as none (a public table).
    ///
    /// # Errors
    /// A configuration the rules crate refuses.
    pub fn new(id: String, mut config: TableConfig, seed: u64, created_at: i64) -> Result<Table, ConfigError> {
        let rules = config.build_rules()?;
        // An empty password (a form field left blank) is no password: the table is public.
        if config.password.as_deref() == Some("") {
            config.password = None;
        }
        // Only the password's digest is kept, and so stored (a database written before
        // digests holds it as given: digested here on loading).
        config.password = config.password.map(|p| {
            if p.starts_with(PASSWORD_MARK) {
                p
            } else {
                password_digest(&id, &p)
            }
        });
        let m = Match::new(rules.clone(), seed, 0, config.hand_limit);
        let seats = config
            .seats
            .iter()
            .enumerate()
            .map(|(i, k)| SeatState {
                kind: k.clone(),
                name: match k {
                    SeatKind::Bot { level } => Some(format!("{level} bot {i}")),
                    SeatKind::Human => None,
                },
                token: None,
                bot: make_bot(k, seed, i, &rules),
                stands_in_for: None,
                hands_before: 0,
                calls_before: 0,
                connections: 0,
                away_since_ms: crate::store::now_ms(),
            })
            .collect();
        Ok(Table {
            id,
            config,
            seed,
            created_at,
            m,
            seats,
            actions: 0,
            version: 0,
            deadline_ms: None,
            timed_out: None,
            bot_driver_running: false,
            away_before_bot_ms: 120_000,
            next_table: None,
            chat: std::collections::VecDeque::new(),
            chat_said: 0,
            chat_limit: governor::RateLimiter::keyed(
                governor::Quota::per_second(std::num::NonZeroU32::MIN)
                    .allow_burst(std::num::NonZeroU32::new(5).unwrap_or(std::num::NonZeroU32::MIN)),
            ),
            hint_limit: governor::RateLimiter::keyed(
                governor::Quota::per_second(HINTS_PER_SECOND).allow_burst(HINT_BURST),
            ),
            log_memo: std::sync::Mutex::new(None),
        })
    }

    /// A stored table, its log replayed through the rules crate's checked path.
    ///
    /// # Errors
    /// A configuration or an action the rules refuse (a corrupt store).
    pub fn restore(t: &StoredTable) -> Result<Table, String> {
        let mut table = Table::new(t.id.clone(), t.config.clone(), t.seed, t.created_at).map_err(|e| e.to_string())?;
        for stored in &t.seats {
            let s = table
                .seats
                .get_mut(usize::from(stored.seat))
                .ok_or_else(|| format!("table {}: no seat {}", t.id, stored.seat))?;
            s.name = Some(stored.name.clone());
            // A database written before digests holds the token itself; an empty one is a
            // seat whose person left (a bot plays it). A bot's seat that keeps a token plays
            // for a person who was away, until he comes back.
            let token = (!stored.token.is_empty()).then(|| {
                if stored.token.starts_with(DIGEST_PREFIX) {
                    stored.token.clone()
                } else {
                    token_digest(&stored.token)
                }
            });
            if s.kind == SeatKind::Human {
                s.token = token;
            } else {
                s.stands_in_for = token;
            }
            s.hands_before = stored.hands_before as usize;
            s.calls_before = stored.calls_before as usize;
            table.version += 1;
        }
        for (i, (seat, text)) in t.actions.iter().enumerate() {
            let action: Action = text
                .parse()
                .map_err(|e| format!("table {}: action {i} '{text}': {e}", t.id))?;
            let next = table
                .try_action(*seat, action)
                .map_err(|e| format!("table {}: action {i} '{text}': {e}", t.id))?;
            table.commit(next);
        }
        table.next_table = t.next_table.clone();
        table.restore_chat(&t.chat);
        Ok(table)
    }

    /// Stored status.
    pub fn status(&self) -> TableStatus {
        if self.m.is_over() {
            TableStatus::Finished
        } else {
            TableStatus::Open
        }
    }

    /// The match.
    pub fn game(&self) -> &Match {
        &self.m
    }

    /// Accepted actions so far.
    pub fn action_count(&self) -> u64 {
        self.actions
    }

    /// The version viewers last saw.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Marks a change that is not an action (a seat claimed, a timer set).
    pub fn touch(&mut self) {
        self.version += 1;
    }

    /// The seat to move.
    pub fn to_move(&self) -> Option<Seat> {
        self.m.current_hand().and_then(preferans::HandState::to_move)
    }

    /// Whether `seat` is played by a bot.
    pub fn is_bot(&self, seat: Seat) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| matches!(s.kind, SeatKind::Bot { .. }))
    }

    /// Whether `seat` is a person's seat not yet claimed.
    pub fn is_free(&self, seat: Seat) -> bool {
        self.seats
            .get(seat as usize)
            .is_some_and(|s| s.kind == SeatKind::Human && s.token.is_none())
    }

    /// The first free person's seat.
    pub fn first_free_seat(&self) -> Option<Seat> {
        (0..self.seats.len() as Seat).find(|&s| self.is_free(s))
    }

    /// Where the game stands for a person sitting down now: the hands finished and the
    /// entries of the current hand's history (what [`SeatState::hands_before`] and
    /// [`SeatState::calls_before`] keep, and the store with them).
    pub fn claim_point(&self) -> (usize, usize) {
        let calls = self.m.current_hand().map_or(0, |h| h.history().len());
        (self.m.finished_hands().len(), calls)
    }

    /// Gives a free seat a name and a token (only its digest is kept: [`token_digest`]).
    pub fn claim(&mut self, seat: Seat, name: String, token: &str) {
        let (hands_before, calls_before) = self.claim_point();
        if let Some(s) = self.seats.get_mut(seat as usize) {
            s.name = Some(name);
            s.token = Some(token_digest(token));
            s.hands_before = hands_before;
            s.calls_before = calls_before;
            s.away_since_ms = crate::store::now_ms();
            self.version += 1;
        }
        // The timer that ran while the seat was free is not his: he gets a whole turn's time
        // (`Hub::schedule` starts it; the old timer finds its deadline gone and stops).
        if self.to_move() == Some(seat) {
            self.deadline_ms = None;
        }
    }

    /// Whether `key` opens this table to whoever gives it: anything opens a table without a
    /// password; a private one opens to its password or one of its seats' tokens only (the
    /// others see its lobby entry and nothing more: no watching, sheet, record or replay),
    /// an away person's whose seat a bot plays for him included.
    pub fn admits(&self, key: Option<&str>) -> bool {
        let Some(p) = &self.config.password else { return true };
        key.is_some_and(|k| {
            self.seat_of_token(k).is_some()
                || self.stand_in_seat(k).is_some()
                || secret_eq(&password_digest(&self.id, k), p)
        })
    }

    /// The seat a token belongs to. Tokens are compared in full and in constant time (no
    /// timing tells how much of a guess was right); an empty token matches none.
    pub fn seat_of_token(&self, token: &str) -> Option<Seat> {
        self.seat_whose(token, |s| s.token.as_deref())
    }

    /// The seat whose `digest` (a person's token, or the away person's a bot keeps) is the
    /// digest of `token`, compared in full and in constant time; an empty token matches none.
    fn seat_whose(&self, token: &str, digest: impl Fn(&SeatState) -> Option<&str>) -> Option<Seat> {
        if token.is_empty() {
            return None;
        }
        let given = token_digest(token);
        self.seats
            .iter()
            .position(|s| digest(s).is_some_and(|t| secret_eq(t, &given)))
            .map(|i| i as Seat)
    }

    /// The match after `seat` plays `action`, or why it may not. The table is unchanged:
    /// the caller stores the action and then [`Table::commit`]s.
    ///
    /// # Errors
    /// The rules crate's refusal (out of turn, illegal, match over).
    pub fn try_action(&self, seat: Seat, action: Action) -> Result<Match, IllegalAction> {
        let mut next = self.m.clone();
        next.apply(seat, action)?;
        Ok(next)
    }

    /// Accepts the match from [`Table::try_action`] once the action is stored.
    pub fn commit(&mut self, next: Match) {
        // The seat acting (the one to move before the action) has moved himself again.
        if self.timed_out.is_some() && self.timed_out == self.to_move() {
            self.timed_out = None;
        }
        self.m = next;
        self.actions += 1;
        self.version += 1;
        self.deadline_ms = None;
    }

    /// Marks the move just committed for `seat` as the move timer's (every viewer is told).
    pub fn mark_timed_out(&mut self, seat: Seat) {
        self.timed_out = Some(seat);
        self.version += 1;
    }

    /// The observation of the seat to move, when a bot holds it, with the bot taken out of
    /// its seat to think (give it back with [`Table::return_bot`]).
    pub fn take_bot_turn(&mut self) -> Option<(Seat, Box<dyn Bot + Send>, Observation)> {
        let seat = self.to_move()?;
        let hand = self.m.current_hand()?;
        let obs = preferans::HandState::observation(hand, Viewer::Seat(seat));
        let seed = self.seed;
        let s = self.seats.get_mut(seat as usize)?;
        // A bot lost to a panic is replaced by a fresh one of its level and seed: a bot's
        // decision depends on its seed and the observation only, so it plays on as the lost
        // one would have.
        let bot = match s.bot.take() {
            Some(bot) => bot,
            None => make_bot(&s.kind, seed, seat as usize, self.m.rules())?,
        };
        Some((seat, bot, obs))
    }

    /// Puts a bot back in its seat.
    pub fn return_bot(&mut self, seat: Seat, bot: Box<dyn Bot + Send>) {
        if let Some(s) = self.seats.get_mut(seat as usize) {
            s.bot = Some(bot);
        }
    }

    /// The current observation of a seat (or a spectator).
    pub fn observation(&self, viewer: Viewer) -> Option<Observation> {
        let hand = self.m.current_hand()?;
        Some(preferans::HandState::observation(hand, viewer))
    }

    /// A connection of `seat`'s person opened (`true`) or closed (`false`); the seat list
    /// shows who is away.
    pub fn connection(&mut self, seat: Seat, opened: bool) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            let was_away = s.connections == 0;
            if opened {
                s.connections += 1;
            } else {
                s.connections = s.connections.saturating_sub(1);
                if s.connections == 0 {
                    s.away_since_ms = crate::store::now_ms();
                }
            }
            // Viewers see presence, not the count: a second tab opening or closing shows
            // nobody anything, and is sent to nobody.
            if was_away != (s.connections == 0) {
                self.version += 1;
            }
        }
    }

    /// The table of the next game with the same seats, once started.
    pub fn next_table(&self) -> Option<&str> {
        self.next_table.as_deref()
    }

    /// Records the table of the next game (every viewer is shown it).
    pub fn set_next_table(&mut self, id: String) {
        self.next_table = Some(id);
        self.version += 1;
    }

    /// The game record so far (for download once finished).
    pub fn record(&self) -> Record {
        let players = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| PlayerRecord {
                name: s.name.clone().unwrap_or_else(|| format!("seat {i}")),
                kind: match &s.kind {
                    SeatKind::Bot { level } => level.clone(),
                    SeatKind::Human => "human".into(),
                },
            })
            .collect();
        Record::from_match(&self.m, players)
    }

    /// Each seat's standing in whists so far, rounded to hundredths (the S10 settlement of the
    /// sheet as it stands; the final settlement once the game is over).
    pub fn standing(&self) -> Vec<String> {
        let settlement = self.m.sheet().settlement(self.m.rules());
        (0..self.seats.len()).map(|s| settlement.rounded(s)).collect()
    }

    /// Each seat's place by the exact settlement as it stands (S10; 1 is first, ties share).
    pub fn places(&self) -> Vec<u8> {
        let mut places = self.m.sheet().settlement(self.m.rules()).places();
        places.truncate(self.seats.len());
        places
    }

    /// S9: has the pool closed (the game's own end, not a hand limit)?
    pub fn pool_closed(&self) -> bool {
        self.m.sheet().is_game_over(self.m.rules())
    }

    /// Seat names for the scoresheet.
    pub fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| s.name.clone().unwrap_or_else(|| format!("seat {i}")))
            .collect()
    }

    /// The classic pulya drawing of the sheet so far.
    pub fn sheet_svg(&self) -> String {
        preferans::scoring::pulya_svg(self.m.sheet(), self.m.rules(), &self.names())
    }
}

/// What the server keeps of a seat token: its SHA-256 digest, so that whoever reads the
/// database cannot take a seat with what he finds there. (A token is 128 random bits: a fast
/// digest is enough, there is nothing to guess.)
pub fn token_digest(token: &str) -> String {
    format!("{DIGEST_PREFIX}{}", sha256_hex(token))
}

/// SHA-256 of `text`, in hex.
fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What the server keeps of table `table`'s password: the SHA-256 digest of the table id and
/// the password, behind a mark no typed password has (a control character, refused in
/// passwords).
pub fn password_digest(table: &str, password: &str) -> String {
    format!("{PASSWORD_MARK}{}", sha256_hex(&format!("{table}\n{password}")))
}

/// The start of a kept password digest.
pub(crate) const PASSWORD_MARK: &str = "\u{1}sha256:";

/// The prefix of a stored token digest (older databases hold tokens as they were given).
const DIGEST_PREFIX: &str = "sha256:";

/// Whether two secrets (seat tokens, table passwords) are equal, in time that does not depend
/// on where they differ (`subtle`); only their lengths may show.
pub fn secret_eq(a: &str, b: &str) -> bool {
    use subtle::ConstantTimeEq;
    a.len() == b.len() && bool::from(a.as_bytes().ct_eq(b.as_bytes()))
}

#[cfg(test)]
mod tests;
