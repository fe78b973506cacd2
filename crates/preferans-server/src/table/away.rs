//! Seats that change hands during a game: a person who leaves or is away and the bot that
//! plays for him (until he comes back, when he was only away), and a free seat nobody came to
//! take.

use preferans::Seat;

use super::{make_bot, Table};
use crate::config::SeatKind;

impl Table {
    /// The bot level that plays on for a person who leaves the table.
    pub const LEAVER_BOT: &'static str = "heuristic";

    /// A seated person leaves: from now on a bot ([`Table::LEAVER_BOT`]) plays the seat, which
    /// keeps his name; his token no longer holds it. The seat's kind changes in the
    /// configuration too (what is stored, and what a next game copies). With `stand_in` (he
    /// is away, he did not leave) the bot plays only until his token comes back
    /// ([`Table::take_back`]).
    ///
    /// # Errors
    /// The seat is not a seated person's.
    pub fn hand_to_bot(&mut self, seat: Seat, stand_in: bool) -> Result<(), String> {
        self.seat_to_bot(seat, stand_in, false)
    }

    /// A person's seat that nobody took, and that the table waited on long enough, is played
    /// by a bot ([`Table::LEAVER_BOT`], under its own name) for the rest of the game.
    ///
    /// # Errors
    /// The seat is not a free person's seat.
    pub fn free_seat_to_bot(&mut self, seat: Seat) -> Result<(), String> {
        if !self.is_free(seat) {
            return Err(format!("seat {seat} is not a free seat"));
        }
        self.seat_to_bot(seat, false, true)
    }

    /// [`Table::hand_to_bot`], and with `free` a seat nobody holds too.
    fn seat_to_bot(&mut self, seat: Seat, stand_in: bool, free: bool) -> Result<(), String> {
        let rules = self.m.rules().clone();
        let seed = self.seed;
        let s = self
            .seats
            .get_mut(usize::from(seat))
            .filter(|s| s.kind == SeatKind::Human && (s.token.is_some() || free))
            .ok_or_else(|| format!("seat {seat} is not a seated person's"))?;
        let kind = SeatKind::Bot {
            level: Self::LEAVER_BOT.into(),
        };
        // A seat nobody took gets the bot's own name, as a bot's seat has.
        s.name.get_or_insert_with(|| format!("{} bot {seat}", Self::LEAVER_BOT));
        s.bot = make_bot(&kind, seed, usize::from(seat), &rules);
        s.kind = kind.clone();
        s.stands_in_for = s.token.take().filter(|_| stand_in);
        self.config.seats[usize::from(seat)] = kind;
        // A move timer running for him is the bot's business now (another person's runs on).
        if self.to_move() == Some(seat) {
            self.deadline_ms = None;
        }
        self.version += 1;
        Ok(())
    }

    /// The away person whose seat a bot plays for him left for good: his token no longer
    /// takes it back.
    pub fn forget_stand_in(&mut self, seat: Seat) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.stands_in_for = None;
            self.version += 1;
        }
    }

    /// The seat kinds of the next game with these seats: as this game's, except that a seat
    /// a bot played for an away person is a person's seat again (free, for him to take).
    pub fn seats_for_next_game(&self) -> Vec<SeatKind> {
        self.seats
            .iter()
            .map(|s| {
                if s.stands_in_for.is_some() {
                    SeatKind::Human
                } else {
                    s.kind.clone()
                }
            })
            .collect()
    }

    /// The seat a bot plays for the away person whose token this is ([`Table::hand_to_bot`]
    /// with `stand_in`), compared as [`Table::seat_of_token`] does.
    pub fn stand_in_seat(&self, token: &str) -> Option<Seat> {
        self.seat_whose(token, |s| s.stands_in_for.as_deref())
    }

    /// The away person is back: his seat, which a bot played for him, is his again (the
    /// configuration says so too: what is stored). A move timer starts afresh for him.
    ///
    /// # Errors
    /// No bot plays the seat for an away person.
    pub fn take_back(&mut self, seat: Seat) -> Result<(), String> {
        let s = self
            .seats
            .get_mut(usize::from(seat))
            .filter(|s| s.stands_in_for.is_some())
            .ok_or_else(|| format!("no bot plays seat {seat} for an away person"))?;
        s.token = s.stands_in_for.take();
        s.kind = SeatKind::Human;
        s.bot = None;
        s.connections = 0;
        s.away_since_ms = crate::store::now_ms();
        self.config.seats[usize::from(seat)] = SeatKind::Human;
        if self.to_move() == Some(seat) {
            self.deadline_ms = None;
        }
        self.version += 1;
        Ok(())
    }

    /// How long (ms) the person in `seat` has had no connection at `now_ms`, or `None` when
    /// the seat is not a seated person's or he is connected.
    pub fn away_for_ms(&self, seat: Seat, now_ms: i64) -> Option<i64> {
        let s = self.seats.get(usize::from(seat))?;
        (s.kind == SeatKind::Human && s.token.is_some() && s.connections == 0).then(|| now_ms - s.away_since_ms)
    }

    /// How long (ms) the person's `seat` has been free (held by nobody) at `now_ms`, or
    /// `None` when someone holds it or a bot plays it.
    pub fn free_for_ms(&self, seat: Seat, now_ms: i64) -> Option<i64> {
        let s = self.seats.get(usize::from(seat))?;
        (s.kind == SeatKind::Human && s.token.is_none()).then(|| now_ms - s.away_since_ms)
    }
}
