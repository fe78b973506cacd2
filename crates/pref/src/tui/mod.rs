//! The full-screen terminal game (`pref play` on a terminal): ratatui over crossterm. The app
//! state is plain data driven by [`App::key`] and [`App::step_bot`], so tests script it on a
//! test backend; [`run()`] is the real event loop.

mod log;
mod overlays;
mod run;
#[cfg(test)]
mod tests;
mod text;
mod view;

use std::path::PathBuf;

use anyhow::Result;
use preferans::observation::Observation;
use preferans::record::{PlayerRecord, Record};
use preferans::{Action, HandOutcome, HandState, Match, Seat, Viewer};
use preferans_bots::hints::{hints, Hint};
use preferans_bots::review::{review_hand, Mistake};
use preferans_bots::{Bot, ExpertBot};
use preferans_solver::deal_table::{deal_table, DealTable};
use preferans_solver::Solver;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub use run::run;
pub use view::draw;

use crate::play::parse_named;

/// What covers the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// Nothing.
    None,
    /// The key help.
    Help,
    /// The scoresheet and the settlement.
    Sheet,
    /// Ranked hints for the current decision.
    Hints(Vec<Hint>),
    /// The card decisions of the last finished hand (`hand`, 1-based; 0: none yet), valued
    /// double-dummy.
    Review {
        /// The hand reviewed.
        hand: u32,
        /// Every card decision of the hand, or why it could not be reviewed.
        decisions: Result<Vec<Mistake>, String>,
        /// What the hand's deal held (its table and the seat of each hand position), or why
        /// it could not be solved; `None` before a hand has ended.
        deal: Option<DealHeld>,
    },
    /// A hand has just ended: its result stays in view and nothing moves until a key says
    /// so (a stray Enter would otherwise pass in the next auction).
    HandOver,
}

/// What a hand's deal held (its table and the seat of each hand position), or why it could
/// not be solved.
pub type DealHeld = Result<(DealTable, [Option<Seat>; 3]), String>;

/// Said to Enter while a bot is to move; gone when the user's turn comes.
const NOT_YOUR_TURN: &str = "not your turn yet: type when it is";

/// Said to Enter by the 4-player dealer who holds no cards this hand (section 4, F1).
const SITTING_OUT: &str = "you deal this hand and sit it out: the others play it";

/// Rows the log moves on PgUp / PgDn.
const LOG_PAGE: usize = 5;

/// The game on screen.
pub struct App {
    /// The match.
    pub m: Match,
    bots: Vec<Box<dyn Bot + Send>>,
    /// The user's seat.
    pub seat: Seat,
    /// Names by seat.
    pub names: Vec<String>,
    /// Index of the highlighted legal action.
    pub selected: usize,
    /// What the user is typing (a shortcut such as `7h`, `pass`, `as`).
    pub input: String,
    /// The last message (an error or a hand summary).
    pub message: String,
    /// The overlay shown.
    pub overlay: Overlay,
    /// Summaries of the finished hands, newest last.
    pub log: Vec<String>,
    /// How many rows the log is scrolled back from its newest (PgUp / PgDn); kept within the
    /// log's length when it is drawn.
    pub log_back: std::cell::Cell<usize>,
    /// Under 80 columns the log has no room of its own: PgUp shows it in the table's place
    /// and PgDn, at its newest line, brings the table back.
    pub log_in_place: bool,
    /// The width of the last screen drawn (whether the log has a place of its own).
    pub screen_width: std::cell::Cell<u16>,
    /// The last screen was too small to show the game: keys other than Ctrl-C act on
    /// nothing (they would play blind).
    pub too_small: std::cell::Cell<bool>,
    /// Suit letters instead of symbols.
    pub ascii: bool,
    save: Option<PathBuf>,
    adviser: ExpertBot,
    /// Set when the user quits.
    pub quit: bool,
    /// `q` was typed once in a game that is not saved: the next `q` leaves.
    quit_asked: bool,
    /// Whether a finished hand waits for a key before the next one goes on (on by default).
    pub pause_between_hands: bool,
    /// The sheet, the review or the help was opened from the pause after a hand: closing it
    /// goes back to the pause, and nothing moves meanwhile.
    from_hand_over: bool,
}

impl App {
    /// A new game: `bots[seat]` is never asked (the user plays that seat).
    pub fn new(
        m: Match,
        bots: Vec<Box<dyn Bot + Send>>,
        seat: Seat,
        ascii: bool,
        save: Option<PathBuf>,
        seed: u64,
    ) -> App {
        let names = (0..m.rules().players())
            .map(|s| {
                if s == seat {
                    "you".to_string()
                } else {
                    format!("{} {s}", bots[s as usize].kind())
                }
            })
            .collect();
        let adviser = preferans_bots::adviser(seed, 40, m.rules());
        let mut app = App {
            m,
            bots,
            seat,
            names,
            selected: 0,
            input: String::new(),
            message: String::new(),
            overlay: Overlay::None,
            log: Vec::new(),
            log_back: std::cell::Cell::new(0),
            log_in_place: false,
            screen_width: std::cell::Cell::new(80),
            ascii,
            save,
            adviser,
            quit: false,
            quit_asked: false,
            pause_between_hands: true,
            from_hand_over: false,
            too_small: std::cell::Cell::new(false),
        };
        // A resumed match: the hands already played are in the log as if played here.
        for (i, hand) in app.m.finished_hands().iter().enumerate() {
            if let Some(o) = preferans::HandState::outcome(hand) {
                let summary = app.hand_summary(i + 1, &o);
                app.log.push(summary);
            }
        }
        // A resumed decision is highlighted as any other (a card: the lowest).
        app.selected = app.default_choice();
        // Saved from the start: quitting before the first move leaves the file that the
        // message on leaving names (and not an older game in it).
        app.save_record();
        app
    }

    /// The user's observation of the current hand.
    pub fn observation(&self) -> Option<Observation> {
        self.m.current_hand().map(|h| h.observation(Viewer::Seat(self.seat)))
    }

    /// Whether the pause after a hand is up (or a box opened from it).
    pub fn paused(&self) -> bool {
        self.overlay == Overlay::HandOver || self.from_hand_over
    }

    /// The hand on screen as the user sees it: during the pause after a hand, that hand as
    /// it ended (the next one is dealt already, but not shown under its result); else the
    /// current one.
    pub fn shown_observation(&self) -> Option<Observation> {
        match self.m.finished_hands().last().filter(|_| self.paused()) {
            Some(h) => Some(h.observation(Viewer::Seat(self.seat))),
            None => self.observation(),
        }
    }

    /// Whether the last screen was too narrow for the log beside the table.
    pub fn log_has_no_room(&self) -> bool {
        self.screen_width.get() < view::LOG_MIN_WIDTH
    }

    /// Whether it is the user's turn.
    pub fn human_to_move(&self) -> bool {
        self.m.current_hand().and_then(|h| h.to_move()) == Some(self.seat)
    }

    /// Lets the bot to move act once; false when it is the user's turn or the match is over.
    pub fn step_bot(&mut self) -> bool {
        if self.paused() {
            return false;
        }
        let Some(hand) = self.m.current_hand() else {
            return false;
        };
        let Some(seat) = hand.to_move() else { return false };
        if seat == self.seat {
            return false;
        }
        let obs = hand.observation(Viewer::Seat(seat));
        let Some(a) = self.bots[seat as usize].choose(&obs) else {
            return false;
        };
        self.apply(seat, a);
        true
    }

    fn apply(&mut self, seat: Seat, a: Action) {
        match self.m.apply(seat, a) {
            Ok(outcome) => {
                if let Some(o) = outcome {
                    self.finished(&o);
                }
                self.save_record();
                self.selected = self.default_choice();
                if self.message == NOT_YOUR_TURN && self.human_to_move() {
                    self.message.clear();
                }
            }
            Err(e) => self.message = format!("refused: {}", e.reason),
        }
    }

    /// The choice highlighted when a decision comes: the first, except that an offer (P3) is
    /// never one Enter away from being accepted — "refuse" is —, a whist never one Enter
    /// away from being called — "pass" is —, and that a card to play is
    /// the lowest one (the list runs high to low: a stray Enter must not spend an ace, or
    /// take a trick in an all-pass).
    fn default_choice(&self) -> usize {
        let shown = self.observation().map(|o| shown_choices(&o)).unwrap_or_default();
        // A call that commits to nothing first: refuse an offer, pass a whist round.
        if let Some(i) = shown.iter().position(|a| *a == Action::Refuse) {
            return i;
        }
        if let Some(i) = shown.iter().position(|a| *a == Action::Pass) {
            return i;
        }
        shown
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Action::Play(c) => Some((c.rank(), std::cmp::Reverse(i), i)),
                _ => None,
            })
            .min()
            .map_or(0, |(_, _, i)| i)
    }

    fn finished(&mut self, o: &HandOutcome) {
        let summary = self.hand_summary(self.m.finished_hands().len(), o);
        self.message = summary.clone();
        self.log.push(summary);
        if self.m.is_over() {
            self.overlay = Overlay::Sheet;
        } else if self.pause_between_hands {
            self.overlay = Overlay::HandOver;
        }
    }

    /// One line for hand `n` (from 1): its outcome and what it wrote in pools, mountains and
    /// whists.
    fn hand_summary(&self, n: usize, o: &HandOutcome) -> String {
        // This screen names people ("you", "heuristic 1"), not seats.
        let dealer = self.m.finished_hands().get(n - 1).map_or(0, |h| h.dealer());
        let said = o.summary_at_table(self.m.rules(), dealer, |s| {
            self.names
                .get(usize::from(s))
                .cloned()
                .unwrap_or_else(|| format!("seat {s}"))
        });
        let said = crate::play_view::ascii_suits(self.ascii, said);
        let amnesty = crate::describe::amnesty_note(self.m.rules(), o, dealer);
        let mut summary = format!("hand {n}: {said}{amnesty}");
        let pools = crate::describe::hand_entries(self.m.sheet(), n as u32, |s| self.names[usize::from(s)].clone());
        if !pools.is_empty() {
            summary += &format!(" — {}", pools.join(", "));
        }
        summary
    }

    /// The match as a record.
    fn record(&self) -> Record {
        let players = self
            .names
            .iter()
            .enumerate()
            .map(|(s, n)| PlayerRecord {
                name: n.clone(),
                kind: if s as Seat == self.seat {
                    "human".into()
                } else {
                    self.bots[s].kind().into()
                },
            })
            .collect();
        Record::from_match(&self.m, players)
    }

    /// The overlay reviewing the last finished hand's card decisions double-dummy.
    fn review_last_hand(&self) -> Overlay {
        let hand = self.m.finished_hands().len() as u32;
        let decisions = if hand == 0 {
            Ok(Vec::new())
        } else {
            review_hand(&self.record(), hand)
        };
        let deal = self.m.finished_hands().last().map(|h| {
            let seats = [0, 1, 2].map(|p| h.seat_of_position(p));
            deal_table(h.deal(), h.allpass_start().as_ref(), &mut Solver::new())
                .map(|t| (t, seats))
                .map_err(|e| e.to_string())
        });
        Overlay::Review { hand, decisions, deal }
    }

    /// Where the game is saved, while it is not over (said when the user leaves).
    pub fn saved_unfinished(&self) -> Option<&std::path::Path> {
        self.save.as_deref().filter(|_| !self.m.is_over())
    }

    fn save_record(&mut self) {
        if let Some(path) = &self.save {
            // Said on screen, not lost: the game goes on, but the user knows it is not saved.
            if let Err(e) = crate::write_atomically(path, &self.record().to_json()) {
                self.message = format!("the game could not be saved to {}: {e:#}", path.display());
            }
        }
    }

    /// Handles one key.
    pub fn key(&mut self, k: KeyEvent) {
        if k.modifiers.contains(KeyModifiers::CONTROL) && matches!(k.code, KeyCode::Char('c') | KeyCode::Char('q')) {
            self.quit = true;
            return;
        }
        if self.too_small.get() {
            return;
        }
        // The game is over: q or Esc leaves; the review and the help still open.
        if self.m.is_over() {
            match (&self.overlay, k.code) {
                // (Not Enter: the Enter that played the last card may come twice.)
                (Overlay::None | Overlay::Sheet, KeyCode::Esc | KeyCode::Char('q')) => self.quit = true,
                (_, KeyCode::Char('=')) => self.overlay = self.review_last_hand(),
                (_, KeyCode::Char('?')) => self.overlay = Overlay::Help,
                (_, KeyCode::Tab | KeyCode::Esc | KeyCode::Enter) => self.overlay = Overlay::None,
                _ => {}
            }
            return;
        }
        // Control and Alt chords are no text (Ctrl-C is handled above).
        let chord = k.modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match (&self.overlay, k.code) {
            (Overlay::None, _) => {}
            // The pause after a hand: Enter, Space or Esc goes on; the sheet, the review and
            // the help open from it.
            (Overlay::HandOver, KeyCode::Enter | KeyCode::Esc | KeyCode::Char(' ')) => {
                self.overlay = Overlay::None;
                // The pause showed the hand's result, and the log keeps it: it does not stay
                // over the next hand's choices; nor does a question to leave that was not
                // taken up (anything else plays on).
                if self.quit_asked || self.log.last() == Some(&self.message) {
                    self.message.clear();
                }
                self.quit_asked = false;
                return;
            }
            (Overlay::HandOver, KeyCode::Tab | KeyCode::Char('=' | '?')) => self.from_hand_over = true,
            // The log scrolls under the pause: the hand's tricks are there until the next.
            (Overlay::HandOver, KeyCode::PageUp | KeyCode::PageDown) => {}
            // Leaving from the pause, as `q` and Enter do in a hand (Enter here goes on).
            (Overlay::HandOver, KeyCode::Char('q' | 'Q')) if !chord => {
                self.ask_to_quit(" again");
                return;
            }
            (Overlay::HandOver, _) => return,
            // A box opened from the pause goes back to it, whatever key closes it.
            (_, _) if self.from_hand_over => {
                if matches!(k.code, KeyCode::Esc | KeyCode::Enter | KeyCode::Tab | KeyCode::Char(_)) {
                    self.from_hand_over = false;
                    self.overlay = Overlay::HandOver;
                }
                return;
            }
            (_, KeyCode::Esc | KeyCode::Enter | KeyCode::Tab | KeyCode::Char('?')) => {
                self.overlay = Overlay::None;
                return;
            }
            // Typing closes a box (the hints, the sheet) and goes on as typing.
            (_, KeyCode::Char(c)) if !chord && !c.is_control() && !matches!(c, '!' | '=') => {
                self.overlay = Overlay::None;
            }
            _ => return,
        }
        let legal = self.observation().map(|o| o.legal_actions).unwrap_or_default();
        // The highlight moves over the choices as shown; typing reaches every legal action.
        let shown = self.observation().map(|o| shown_choices(&o)).unwrap_or_default();
        match k.code {
            KeyCode::Char('?') => self.overlay = Overlay::Help,
            KeyCode::Tab => self.overlay = Overlay::Sheet,
            KeyCode::Char('!') => match self.observation().filter(|_| self.human_to_move()) {
                Some(o) => {
                    self.overlay = Overlay::Hints(preferans_bots::hints::shortlist(&hints(&o, &mut self.adviser), 8))
                }
                None => self.message = "hints are for your own turn".into(),
            },
            KeyCode::Char('=') => self.overlay = self.review_last_hand(),
            // A narrow screen's first PgUp shows the log at its newest line; its last PgDn
            // shows the table again.
            KeyCode::PageUp if self.log_has_no_room() && !self.log_in_place => self.log_in_place = true,
            KeyCode::PageUp => self.log_back.set(self.log_back.get() + LOG_PAGE),
            KeyCode::PageDown if self.log_back.get() == 0 => self.log_in_place = false,
            KeyCode::PageDown => self.log_back.set(self.log_back.get().saturating_sub(LOG_PAGE)),
            KeyCode::Esc => {
                self.input.clear();
                self.message.clear();
            }
            // Moving the highlight chooses by highlight: what was typed is dropped, or Enter
            // would act on the typing rather than on the highlighted choice.
            KeyCode::Left | KeyCode::Up => {
                self.input.clear();
                self.selected = self.selected.saturating_sub(1);
            }
            KeyCode::Right | KeyCode::Down => {
                self.input.clear();
                self.selected = (self.selected + 1).min(shown.len().saturating_sub(1));
            }
            KeyCode::Home => {
                self.input.clear();
                self.selected = 0;
            }
            KeyCode::End => {
                self.input.clear();
                self.selected = shown.len().saturating_sub(1);
            }
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Char(c) if !chord && !c.is_control() => {
                self.input.push(c);
                // Typing moves the highlight to the first matching choice.
                if let Some(i) = shown.iter().position(|a| Some(*a) == parse_named(&self.input, &legal)) {
                    self.selected = i;
                }
            }
            // The plain game's word for leaving works here too (as Ctrl-C does).
            // A game that is not saved is lost on leaving: the first q asks, the second leaves.
            KeyCode::Enter if matches!(self.input.trim().to_lowercase().as_str(), "quit" | "exit" | "q") => {
                self.input.clear();
                self.ask_to_quit(" and Enter again");
            }
            KeyCode::Enter if self.human_to_move() => {
                let action = if self.input.trim().is_empty() {
                    shown.get(self.selected).copied()
                } else {
                    parse_named(&self.input, &legal)
                };
                match action {
                    Some(a) => {
                        self.quit_asked = false;
                        self.message.clear();
                        self.input.clear();
                        // The log follows the game again, and the table is back in view.
                        self.log_back.set(0);
                        self.log_in_place = false;
                        self.apply(self.seat, a);
                    }
                    None => {
                        // Refused typing is dropped: the next Enter acts on the highlight.
                        // The rules crate says why, when the typing names an action.
                        let why = self
                            .m
                            .current_hand()
                            .and_then(|h| crate::play::why_not(h, self.seat, &self.input, &legal));
                        let t = self.input.trim();
                        let number = !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
                        // A long paste is said in short (its reason would quote it whole).
                        let long = t.chars().count() > 40;
                        let shown = crate::play::echo(t);
                        self.message = match why {
                            _ if number => format!(
                                "'{shown}' is not a choice: type the card or bid itself (7h, 6s, pass) or choose with ←→"
                            ),
                            Some(why) if !long => format!("'{shown}' is not a legal choice here: {why}"),
                            _ => format!("'{shown}' is not a legal choice here: type another or choose with ←→"),
                        };
                        self.input.clear();
                    }
                }
            }
            // Not the user's turn: what was typed is dropped, so that it does not run into
            // what he types when his turn comes.
            KeyCode::Enter => {
                self.input.clear();
                let sits_out = self
                    .observation()
                    .is_some_and(|o| crate::play_view::sits_out(&o, self.seat));
                self.message = if sits_out {
                    SITTING_OUT.into()
                } else {
                    NOT_YOUR_TURN.into()
                };
            }
            _ => {}
        }
    }

    /// The user asked to leave: a saved game (or a second ask) leaves; a game that is not
    /// saved would be lost, so the first ask says so. `again` is what repeats the ask.
    fn ask_to_quit(&mut self, again: &str) {
        if self.save.is_some() || self.quit_asked {
            self.quit = true;
        } else {
            self.quit_asked = true;
            self.message = format!(
                "leave the game? It is not saved (start with --save FILE to keep one): \
                 q{again} leaves, anything else plays on"
            );
        }
    }
}

/// The choices the highlight moves over, in the order shown: cards as the hand shows them
/// (suit by suit, high to low), the rest as the rules crate lists them, without the offers
/// (P3: eleven of them on every turn; they are typed, `offer 3`).
pub fn shown_choices(o: &Observation) -> Vec<Action> {
    let mut shown: Vec<Action> = o
        .legal_actions
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Offer(_)))
        .collect();
    let order = |a: &Action| match a {
        Action::Play(c) => (1, c.suit().index(), std::cmp::Reverse(c.rank())),
        _ => (0, 0, std::cmp::Reverse(preferans::Rank::Ace)),
    };
    // Stable: the non-card choices keep the rules crate's order.
    shown.sort_by_key(order);
    shown
}
