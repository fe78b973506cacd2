//! The terminal table's log: every hand's summary, the current hand's calls and tricks, and
//! its rows as they fit the log box.

use preferans::observation::{CallNote, Holder, Observation};
use preferans::{Action, HandState, Viewer};
use ratatui::text::Line;

use super::text::{action_text, card_text, wrap_text};
use super::view::holder_name;
use super::App;

/// "trick 3 to heuristic 1: you 7♠, heuristic 1 A♠, …" for the last trick of `o`.
fn trick_text(app: &App, o: &Observation) -> Option<String> {
    let winner = o.last_trick_winner?;
    let cards: Vec<String> = o
        .last_trick
        .iter()
        .map(|t| format!("{} {}", holder_name(app, t.by), card_text(t.card, app.ascii)))
        .collect();
    Some(format!(
        "trick {} to {}: {}",
        o.tricks_done,
        holder_name(app, winner),
        cards.join(", ")
    ))
}

/// The finished tricks of the hand on screen (the one that just ended, during the pause after
/// it), each with how many of the hand's actions were made when it was complete: the hand
/// replayed from its deal, as the user saw it (R6: played cards are public).
fn trick_lines(app: &App) -> Vec<(usize, String)> {
    let shown = match app.m.finished_hands().last().filter(|_| app.paused()) {
        Some(h) => Some(h),
        None => app.m.current_hand(),
    };
    let Some(shown) = shown else {
        return Vec::new();
    };
    let mut h = shown.as_dealt();
    let mut out = Vec::new();
    let mut done = 0;
    for &(seat, a) in shown.history() {
        if h.apply(seat, a).is_err() {
            break;
        }
        if !matches!(a, Action::Play(_)) {
            continue;
        }
        let o = h.observation(Viewer::Seat(app.seat));
        if o.tricks_done > done {
            done = o.tricks_done;
            out.extend(trick_text(app, &o).map(|t| (o.history.len(), t)));
        }
    }
    out
}

/// The log: every hand's summary and the current hand's calls and finished tricks (the trick
/// being played is on the table), newest at the bottom.
pub(super) fn log_texts(app: &App, o: &Observation) -> Vec<String> {
    // During the pause after a hand, `o` is that hand as it ended: its calls go under its own
    // number, and its summary (already in the log) after them.
    let (number, summary) = if app.paused() {
        (app.m.finished_hands().len(), app.log.last().cloned())
    } else {
        (app.m.finished_hands().len() + 1, None)
    };
    let older = app.log.len() - usize::from(summary.is_some());
    let mut texts: Vec<String> = app.log[..older].to_vec();
    texts.push(format!(
        "hand {number} — dealer {}",
        holder_name(app, Holder::Seat(o.dealer))
    ));
    let tricks = trick_lines(app);
    for (i, (seat, a)) in o.history.iter().enumerate() {
        // The trick completed by the action before this one.
        texts.extend(tricks.iter().filter(|t| t.0 == i).map(|t| t.1.clone()));
        // The engine's notes: a hold (A3), a pass in the whist round.
        let note = o.call_notes.iter().find(|(j, _)| usize::from(*j) == i).map(|(_, n)| *n);
        let text = match (a, note) {
            (Some(Action::Play(_)), _) => continue,
            (Some(Action::Look(s)), _) if *s == app.seat => "looks at your hand".into(),
            (Some(Action::Look(s)), _) => format!("looks at {}'s hand", holder_name(app, Holder::Seat(*s))),
            (Some(_), Some(CallNote::NoWhist)) => "pass (no whist)".into(),
            (Some(a), Some(CallNote::Hold)) => format!("{} (hold)", action_text(*a, app.ascii)),
            (Some(a), None) => action_text(*a, app.ascii),
            (None, _) => "discards two cards".into(),
        };
        let text = if matches!(a, Some(Action::Discard(..))) {
            format!("discards {text}")
        } else {
            text
        };
        texts.push(format!("{}: {text}", holder_name(app, Holder::Seat(*seat))));
    }
    texts.extend(tricks.iter().filter(|t| t.0 == o.history.len()).map(|t| t.1.clone()));
    texts.extend(summary);
    texts
}

/// The rows of `texts` wrapped to `width` that fit in `height` rows, `back` rows up from the
/// newest (`back` is kept within the rows there are), and the box's title: it says which way
/// more rows are.
pub(super) fn log_rows(
    texts: &[String],
    width: usize,
    height: usize,
    back: &std::cell::Cell<usize>,
    in_place: bool,
) -> (Vec<Line<'static>>, String) {
    let rows: Vec<String> = texts.iter().flat_map(|t| wrap_text(t, width, 2)).collect();
    let older = rows.len().saturating_sub(height);
    back.set(back.get().min(older));
    let skip = older - back.get();
    let mut title = " log".to_string();
    if skip > 0 {
        title.push_str(" · PgUp older");
    }
    if back.get() > 0 {
        title.push_str(" · PgDn newer");
    } else if in_place {
        // Shown in the table's place (a narrow screen): PgDn at the newest brings it back.
        title.push_str(" · PgDn table");
    }
    title.push(' ');
    let lines = rows.into_iter().skip(skip).take(height).map(Line::from).collect();
    (lines, title)
}
