//! The overlays over the table: key help, scoresheet, hints, and the double-dummy review
//! of the last hand with its deal table.

use preferans::scoring::Section;
use preferans::Seat;
use preferans_bots::review::Mistake;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::view::{action_text, text_width, wrap_text};
use super::{App, DealHeld};

fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

pub(super) fn draw_help(f: &mut Frame, area: Rect) {
    // (key, what it does): a key's text wraps under itself, prose under the line's start.
    let text = [
        ("", "Arrows move the highlight over your choices; Enter does it."),
        (
            "",
            "Or type: a bid (6s, 7nt, mis, mis-nt), a card (as, 10h), pass, whist, half, open, \
             closed, accept, refuse, offer 3; a discard: 7s 8d. Then Enter.",
        ),
        ("!", "ranked hints with reasons (expert analysis)"),
        ("=", "the last hand double-dummy: your cards, what the deal held"),
        ("Tab", "the scoresheet: pool, mountain, whists, settlement"),
        (
            "PgUp PgDn",
            "the log's older and newer lines; under 80 columns PgUp shows the log in the \
             table's place, PgDn the table",
        ),
        ("Esc", "clear what you typed and the message / close this"),
        (
            "Enter",
            "after a hand: the next hand (Space or Esc too; the result stays in the log)",
        ),
        (
            "Ctrl-C",
            "quit (saved with --save); q or Esc once the game is over; q and Enter \
                    during it, q alone after a hand (asked twice when the game is not saved)",
        ),
    ];
    // Wrapped to the screen (60 columns at the least).
    let w = area.width.min(72);
    let inner = usize::from(w.saturating_sub(2));
    let mut lines: Vec<Line> = Vec::new();
    for (key, what) in text {
        let pad = if key.is_empty() { 0 } else { key.len().max(6) + 1 };
        for (i, row) in wrap_text(what, inner.saturating_sub(pad), 0).into_iter().enumerate() {
            let head = if i == 0 { key } else { "" };
            lines.push(Line::from(format!("{head:<pad$}{row}")));
        }
    }
    let r = centered(area, w, u16::try_from(lines.len() + 2).unwrap_or(u16::MAX));
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" help ")),
        r,
    );
}

/// A running total as written on paper ("0.2.6") as its steps, the last five at most:
/// "0, 2, 6", "…, 8, 10, 12, 14, 16".
fn history(s: String) -> String {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() <= 6 {
        parts.join(", ")
    } else {
        format!("…, {}", parts[parts.len() - 5..].join(", "))
    }
}

pub(super) fn draw_sheet(f: &mut Frame, app: &App, area: Rect, title: &str) {
    let w = area.width.min(78);
    let inner = usize::from(w.saturating_sub(2)).max(1);
    let sheet = app.m.sheet();
    let players = sheet.players();
    // Plain lines are wrapped here, at words, so that the box's height is their count.
    // (A line that fits keeps its spacing: wrapping joins words with single spaces.)
    let wrapped = |t: &str| -> Vec<Line<'static>> {
        if text_width(t) <= inner {
            return vec![Line::from(t.to_string())];
        }
        wrap_text(t, inner, 2).into_iter().map(Line::from).collect()
    };
    // Each player's totals, and under them the paper pulya's running sums ("0.2.6") as steps:
    // the steps are the first to go when the screen is short.
    let mut totals: Vec<Line> = Vec::new();
    let mut with_steps: Vec<Line> = Vec::new();
    for s in 0..players {
        let name = Line::from(Span::styled(
            app.names[s as usize].clone(),
            Style::default().add_modifier(Modifier::BOLD),
        ));
        let t = sheet.totals();
        let others: Vec<Seat> = (0..players).filter(|o| *o != s).collect();
        let whists = others.iter().enumerate().map(|(i, &on)| {
            let head = if i == 0 { "whists on" } else { "on" };
            let n = t.whists[s as usize][on as usize];
            vec![Span::raw(format!("{head} {}: {n}", app.names[on as usize]))]
        });
        // Laid out as the steps below (a long row keeps its indent: wrapping the line as text
        // lost it, four players' row read as one with the name above).
        let sums = super::view::lay_out(
            vec![Span::raw("")],
            [
                vec![Span::raw(format!("pool {}", t.pool[s as usize]))],
                vec![Span::raw(format!(" mountain {}", t.mountain[s as usize]))],
            ]
            .into_iter()
            .chain(whists.enumerate().map(|(i, mut g)| {
                if i == 0 {
                    g.insert(0, Span::raw(" "));
                }
                g
            })),
            4,
            inner,
        );
        let mut steps = vec![
            format!("pool {}", history(sheet.running(Section::Pool(s)))),
            format!("mountain {}", history(sheet.running(Section::Mountain(s)))),
        ];
        steps.extend(others.iter().map(|&on| {
            format!(
                "on {}: {}",
                app.names[on as usize],
                history(sheet.running(Section::Whists { writer: s, on }))
            )
        }));
        let dim = Style::default().add_modifier(Modifier::DIM);
        totals.push(name.clone());
        totals.extend(sums.iter().cloned());
        with_steps.push(name);
        with_steps.extend(sums);
        with_steps.extend(super::view::lay_out(
            vec![Span::styled("  as written:", dim)],
            steps.into_iter().map(|t| vec![Span::styled(t, dim)]),
            4,
            inner,
        ));
    }
    // What must stay in view: the settlement and, once the game is over, who won, the last
    // hand and how to leave.
    let st = sheet.settlement(app.m.rules());
    let results: Vec<String> = (0..players as usize)
        .map(|s| format!("{} {}", app.names[s], st.rounded(s)))
        .collect();
    let mut essential = wrapped(&format!("settlement: {}", results.join(" · ")));
    if app.m.is_over() {
        essential.extend(wrapped(&winner_line(app, &st)));
        // The last hand's result stays in view: the game-over screen has no log beside it.
        if let Some(last) = app.log.last() {
            essential.extend(wrapped(last));
        }
        if let Some((n, last)) = super::view::previous_trick(app) {
            let won = last.last_trick_winner.map_or(String::new(), |w| {
                format!(" — won by {}", super::view::holder_name(app, w))
            });
            essential.extend(wrapped(&format!(
                "hand {n}'s last trick: {}{won}",
                super::view::trick_text(app, &last.last_trick)
            )));
        }
        essential.extend(wrapped(
            "the game is over — q or Esc leaves · = reviews the last hand · ? help",
        ));
    }
    // Every line fits the box now (a name is short), so rows are lines.
    let rows = |lines: &[Line]| -> usize { lines.iter().map(|l| l.width().max(1).div_ceil(inner)).sum() };
    let room = usize::from(area.height.saturating_sub(2));
    let mut lines = if rows(&with_steps) + rows(&essential) <= room {
        with_steps
    } else {
        totals
    };
    // Still too tall (four players on a small screen): the totals give way from the bottom,
    // never the essentials.
    while !lines.is_empty() && rows(&lines) + rows(&essential) > room {
        lines.pop();
    }
    lines.extend(essential);
    let height = u16::try_from(rows(&lines) + 2).unwrap_or(u16::MAX);
    let r = centered(area, w, height);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(format!(" {title} ")))
            // Not trimmed: a player's lines are indented under his name.
            .wrap(Wrap { trim: false }),
        r,
    );
}

/// The pause after a hand: its result, its last trick, and how to go on.
pub(super) fn draw_hand_over(f: &mut Frame, app: &App, area: Rect) {
    let inner = usize::from(area.width.min(78).saturating_sub(2));
    let mut texts: Vec<String> = app.log.last().cloned().into_iter().collect();
    if let Some((_, last)) = super::view::previous_trick(app) {
        let won = last.last_trick_winner.map_or(String::new(), |w| {
            format!(" — won by {}", super::view::holder_name(app, w))
        });
        texts.push(format!(
            "last trick: {}{won}",
            super::view::trick_text(app, &last.last_trick)
        ));
    }
    texts.push("Enter: the next hand · Tab the scoresheet · = review it · PgUp its tricks".into());
    let lines: Vec<Line> = texts
        .iter()
        .flat_map(|t| wrap_text(t, inner, 2))
        .map(Line::from)
        .collect();
    let title = format!(" hand {} over ", app.m.finished_hands().len());
    let r = centered(area, 78, (lines.len() + 2) as u16);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        r,
    );
}

/// Who won by the final settlement (S10, exact), for this screen's names.
fn winner_line(app: &App, st: &preferans::scoring::Settlement) -> String {
    let closed = app.m.sheet().is_game_over(app.m.rules());
    crate::describe::winner_text(st, app.seat, closed, |s| app.names[s].clone())
}

pub(super) fn draw_hints(f: &mut Frame, app: &App, area: Rect, hints: &[preferans_bots::hints::Hint]) {
    let w = area.width.min(78);
    let inner = usize::from(w.saturating_sub(2));
    let room = usize::from(area.height.saturating_sub(2));
    let mut lines: Vec<Line> = Vec::new();
    let mut shown = 0;
    for (i, h) in hints.iter().take(8).enumerate() {
        // The reason wraps under itself: `1. whist        +44.8 whists on …`.
        let head = format!("{}. {:<12} ", i + 1, action_text(h.action, app.ascii));
        let pad = text_width(&head);
        let rows: Vec<String> = wrap_text(&h.reason, inner.saturating_sub(pad), 0)
            .into_iter()
            .enumerate()
            .map(|(k, row)| {
                if k == 0 {
                    format!("{head}{row}")
                } else {
                    format!("{}{row}", " ".repeat(pad))
                }
            })
            .collect();
        if lines.len() + rows.len() > room {
            break;
        }
        lines.extend(rows.into_iter().map(Line::from));
        shown += 1;
    }
    // The best ones only: the title says how many of how many (27 bids do not fit).
    let title = if shown < hints.len() {
        format!(" hints · the best {shown} of {} ", hints.len())
    } else {
        " hints ".to_string()
    };
    let r = centered(area, w, u16::try_from(lines.len() + 2).unwrap_or(u16::MAX));
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        r,
    );
}

/// The user's card decisions in hand `hand` (0: none finished yet), double-dummy: the ones
/// that cost tricks, then a count of the best ones; or why there is no review.
pub(super) fn draw_review(
    f: &mut Frame,
    app: &App,
    area: Rect,
    hand: u32,
    decisions: &Result<Vec<Mistake>, String>,
    deal: Option<&DealHeld>,
) {
    let card = |c: preferans::Card| action_text(preferans::Action::Play(c), app.ascii);
    let mut texts = Vec::new();
    match decisions {
        _ if hand == 0 => texts.push("No hand has been played to its end yet.".to_string()),
        Err(e) => texts.push(format!("Hand {hand} could not be reviewed: {e}")),
        Ok(all) => {
            let mine: Vec<&Mistake> = all.iter().filter(|d| d.seat == app.seat).collect();
            texts.push(format!("Hand {hand}, every card known:"));
            if all.iter().any(|d| d.all_pass) {
                // X1: the solver counts his tricks against the other two together.
                texts.push("All-pass: your tricks are counted against the other two together.".to_string());
            }
            for d in mine.iter().filter(|d| d.cost > 0) {
                let best: Vec<String> = d.best.iter().map(|&c| card(c)).collect();
                // A card from the hand he plays for (W4, H1) says whose it was.
                let from = match d.from {
                    preferans::observation::Holder::Seat(s) if s == d.seat => String::new(),
                    preferans::observation::Holder::Seat(s) => format!(" from {}'s hand", app.names[usize::from(s)]),
                    _ => " from the dummy".into(),
                };
                texts.push(format!(
                    "trick {}: you played {}{from}, best {} — it cost {} trick{}",
                    d.trick,
                    card(d.played),
                    best.join(" or "),
                    d.cost,
                    if d.cost == 1 { "" } else { "s" }
                ));
            }
            let good = mine.iter().filter(|d| d.cost == 0).count();
            texts.push(match mine.len() {
                0 => "You played no card in it.".to_string(),
                n if good == n => format!("All {n} cards you played were best play."),
                n => format!("{good} of the {n} cards you played were best play."),
            });
        }
    }
    let w = area.width.min(78);
    let inner = usize::from(w.saturating_sub(2));
    let room = usize::from(area.height.saturating_sub(2));
    let mut lines: Vec<Line> = texts
        .iter()
        .flat_map(|t| wrap_text(t, inner, 2))
        .map(Line::from)
        .collect();
    // The summary (the last line) and the deal's table stay; the first mistakes are shown as
    // far as they fit.
    let tail: Vec<Line> = lines.pop().into_iter().chain(deal_lines(app, deal, inner)).collect();
    lines.truncate(room.saturating_sub(tail.len()));
    lines.extend(tail);
    lines.truncate(room);
    let r = centered(area, w, u16::try_from(lines.len() + 2).unwrap_or(u16::MAX));
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(" review (double-dummy) ")),
        r,
    );
}

/// What the reviewed hand's deal held, as a small table (each player as declarer with the
/// talon and his best discard; the fewest in misère and all-pass).
fn deal_lines(app: &App, deal: Option<&DealHeld>, width: usize) -> Vec<Line<'static>> {
    let prose = |t: &str| wrap_text(t, width, 2).into_iter().map(Line::from);
    let (table, seats) = match deal {
        None => return Vec::new(),
        Some(Err(e)) => return prose(&format!("The deal could not be solved: {e}")).collect(),
        Some(Ok((t, s))) => (t, s),
    };
    let suits: Vec<String> = preferans::Suit::ALL
        .iter()
        .map(|s| {
            if app.ascii {
                s.letter().to_string()
            } else {
                s.symbol().to_string()
            }
        })
        .collect();
    let mut out: Vec<Line> = std::iter::once(Line::from(""))
        .chain(prose(
            "What the deal held, every card known: each player's most tricks as declarer in each \
             strain and fewest in misère (talon taken, best discard), and fewest in an all-pass \
             against the other two:",
        ))
        .collect();
    out.push(Line::from(format!(
        "{:<16}{:>3}{:>3}{:>3}{:>3}{:>4}{:>8}{:>10}",
        "", suits[0], suits[1], suits[2], suits[3], "NT", "misère", "all-pass"
    )));
    // Hussar: the dummy never declares (H1), and the rules play no all-pass (H3).
    for (pos, seat) in seats.iter().enumerate() {
        let Some(seat) = *seat else { continue };
        let t = &table.tricks[pos];
        let name: String = app.names[usize::from(seat)].chars().take(15).collect();
        let allpass = table.allpass.map_or("—".to_string(), |a| a[pos].to_string());
        out.push(Line::from(format!(
            "{name:<16}{:>3}{:>3}{:>3}{:>3}{:>4}{:>8}{allpass:>10}",
            t[0], t[1], t[2], t[3], t[4], table.misere[pos]
        )));
    }
    // The table's rows are 50 columns: narrower boxes (below the 60-column minimum) lose them.
    out.into_iter().filter(|l| l.width() <= width).collect()
}
