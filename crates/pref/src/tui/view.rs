//! Drawing the game: header, table (hands, contract, trick), hand-by-hand log, your hand, the
//! choices; the overlays are drawn by `overlays`. Fits 80×24 and grows with the window.

use preferans::observation::{Holder, Observation};
use preferans::{Action, WhistCall};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

use super::log::log_rows;
pub(super) use super::log::log_texts;
use super::overlays::{draw_hand_over, draw_help, draw_hints, draw_review, draw_sheet};
pub(super) use super::text::{action_text, ascii_for, text_width, wrap_text};
use super::text::{bid_text, card_span, hand_spans, suit_groups};
use super::{App, Overlay};

/// `first`, then `groups` two spaces apart, laid into lines of `width` columns: a group is
/// never split, and a line it starts is indented by `indent` columns (a name's column).
pub(super) fn lay_out(
    first: Vec<Span<'static>>,
    groups: impl IntoIterator<Item = Vec<Span<'static>>>,
    indent: usize,
    width: usize,
) -> Vec<Line<'static>> {
    let mut used: usize = first.iter().map(Span::width).sum();
    let mut rows = vec![first];
    // The first group keeps the gap from `first` too.
    let mut row_has_group = true;
    for group in groups {
        let need: usize = group.iter().map(Span::width).sum();
        if row_has_group && used + 2 + need > width {
            rows.push(vec![Span::raw(" ".repeat(indent))]);
            used = indent;
            row_has_group = false;
        }
        let row = rows.last_mut().expect("a row");
        if row_has_group {
            row.push(Span::raw("  "));
            used += 2;
        }
        row.extend(group);
        used += need;
        row_has_group = true;
    }
    rows.into_iter().map(Line::from).collect()
}

pub(super) fn holder_name(app: &App, h: Holder) -> String {
    match h {
        Holder::Seat(s) => app
            .names
            .get(s as usize)
            .cloned()
            .unwrap_or_else(|| format!("seat {s}")),
        Holder::Dummy => "dummy".into(),
        Holder::Talon => "talon".into(),
    }
}

/// The table's lines for an inner `width` of that many columns.
fn table_lines(app: &App, o: &Observation, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for v in &o.hands {
        let name = holder_name(app, v.holder);
        let call = match v.call {
            WhistCall::Whist => " whist",
            WhistCall::Pass => " pass",
            WhistCall::HalfWhist => " half",
            WhistCall::None => "",
        };
        // In the auction, each player's last call: a narrow screen has no log to say it.
        let auction_call = match v.holder {
            Holder::Seat(s) if o.phase == preferans::russian::PhaseKind::Auction => o
                .history
                .iter()
                .rev()
                .find(|(by, _)| *by == s)
                .and_then(|(_, a)| *a)
                .map_or("no call yet".to_string(), |a| match a {
                    Action::Pass => "passed".to_string(),
                    a => format!("bid {}", action_text(a, app.ascii)),
                }),
            // The Hussar dummy does not bid (H1).
            _ => String::new(),
        };
        // The dealer is marked here too: a narrow header drops him.
        let roles = match v.holder {
            Holder::Seat(s) if Some(s) == o.declarer && s == o.dealer => " (declarer, dealer)",
            Holder::Seat(s) if Some(s) == o.declarer => " (declarer)",
            Holder::Seat(s) if s == o.dealer => " (dealer)",
            _ => "",
        };
        let first = vec![
            Span::styled(format!("{name:<12}"), Style::default().add_modifier(Modifier::BOLD)),
            Span::raw(match o.phase {
                // No tricks yet: the auction's calls instead.
                preferans::russian::PhaseKind::Auction => format!("{auction_call}{roles}"),
                _ => format!("tricks {}{call}{roles}", v.tricks),
            }),
        ];
        // An open hand wraps between suits, its next line under the tricks, not the names.
        let groups: Vec<Vec<Span<'static>>> = match v.cards {
            _ if v.holder == Holder::Seat(app.seat) => Vec::new(),
            Some(c) if c.is_empty() => vec![vec![Span::raw("-")]],
            Some(c) => suit_groups(c, app.ascii).into_iter().map(|s| vec![s]).collect(),
            None => vec![vec![Span::raw(format!(
                "({} card{})",
                v.size,
                if v.size == 1 { "" } else { "s" }
            ))]],
        };
        lines.extend(lay_out(first, groups, 12, width));
    }
    // F3 `dealer_allpass_talon`: the sitting-out dealer leads the talon cards and takes tricks
    // with them; he has no hand in play, so his tricks get a line of their own.
    if app.m.rules().dealer_plays_allpass_talon()
        && o.contract.is_none()
        && o.phase == preferans::russian::PhaseKind::Play
    {
        let name = holder_name(app, Holder::Seat(o.dealer));
        lines.push(Line::from(vec![
            Span::styled(format!("{name:<12}"), Style::default().add_modifier(Modifier::BOLD)),
            Span::raw(format!("tricks {} with the talon", o.dealer_tricks)),
        ]));
    }
    let contract = match (o.contract, o.highest_bid) {
        (Some(c), _) => format!(
            "contract {} by {}",
            bid_text(c, app.ascii),
            o.declarer.map_or(String::new(), |d| holder_name(app, Holder::Seat(d)))
        ),
        (None, Some((s, b))) if o.declarer.is_none() => format!(
            "highest bid {} by {}",
            bid_text(b, app.ascii),
            holder_name(app, Holder::Seat(s))
        ),
        _ if matches!(o.phase, preferans::russian::PhaseKind::Play) => {
            // X3: the n-th all-pass in a row may count more.
            crate::play_view::allpass_line(&app.m, o, app.seat)
        }
        // A6: after all-passes the bidding may open higher.
        _ if o.phase == preferans::russian::PhaseKind::Auction => {
            crate::play_view::opening_note(&app.m, |b| bid_text(b, app.ascii)).unwrap_or_default()
        }
        _ => String::new(),
    };
    lines.push(Line::from(contract));
    // P3: an offer comes before the tricks, so that a small screen's table, which loses its
    // last rows, still says what is to be answered.
    if let Some(off) = o.offer {
        lines.push(Line::from(format!(
            "{} offers to take {} of the {} left ({})",
            holder_name(app, Holder::Seat(off.by)),
            off.tricks,
            crate::describe::count(usize::from(off.remaining), "trick"),
            if off.declarer_side {
                "the declarer's side"
            } else {
                "the defence"
            }
        )));
    }
    if !o.talon.is_empty() {
        let mut spans = vec![Span::raw("talon ")];
        for c in &o.talon {
            spans.push(card_span(*c, app.ascii));
            spans.push(Span::raw(" "));
        }
        spans.push(Span::raw(crate::play_view::talon_note(o).trim_start()));
        lines.push(Line::from(spans));
    }
    // A trick wraps between cards, never between a name and its card: "name: card" groups
    // are laid into rows of the table's inner width here (any terminal, --ascii too).
    let trick_line = |label: &str, cards: &[preferans::observation::TrickCard], winner: Option<Holder>| {
        let groups = cards
            .iter()
            .map(|t| {
                vec![
                    Span::raw(format!("{}: ", holder_name(app, t.by))),
                    card_span(t.card, app.ascii),
                ]
            })
            // R6: who took a completed trick.
            .chain(winner.map(|w| vec![Span::raw(format!("won by {}", holder_name(app, w)))]));
        lay_out(vec![Span::raw(format!("{label:<10}"))], groups, 12, width)
    };
    lines.extend(trick_line("trick", &o.trick, None));
    if !o.last_trick.is_empty() {
        lines.extend(trick_line("last trick", &o.last_trick, o.last_trick_winner));
    } else if o.trick.is_empty() {
        // The hand just finished: its last trick stays in view until this hand's first.
        if let Some((n, last)) = previous_trick(app) {
            lines.extend(trick_line(
                &format!("hand {n} last"),
                &last.last_trick,
                last.last_trick_winner,
            ));
        }
    }
    lines
}

/// The last finished hand (its number from 1) as the user saw it at its end, when a trick
/// of it was played: its last trick and who took it.
pub(super) fn previous_trick(app: &App) -> Option<(usize, Observation)> {
    let hands = app.m.finished_hands();
    let o = preferans::HandState::observation(hands.last()?, preferans::Viewer::Seat(app.seat));
    (!o.last_trick.is_empty()).then_some((hands.len(), o))
}

/// The trick `cards` as text: "name: card" each.
pub(super) fn trick_text(app: &App, cards: &[preferans::observation::TrickCard]) -> String {
    cards
        .iter()
        .map(|t| {
            format!(
                "{}: {}",
                holder_name(app, t.by),
                action_text(Action::Play(t.card), app.ascii)
            )
        })
        .collect::<Vec<_>>()
        .join("  ")
}

/// What the choices panel shows: the choices packed into rows of `width` columns (the
/// highlighted one's row is `.1`) and the lines under them (what is being typed).
struct Choices {
    rows: Vec<Line<'static>>,
    selected_row: usize,
    below: Vec<Line<'static>>,
}

/// The prompt with what is being typed; when it is wider than the panel, its end (where the
/// cursor is) after "…".
fn typed_line(input: &str, width: usize) -> String {
    let line = format!("> {input}");
    if text_width(&line) <= width {
        return line;
    }
    let room = width.saturating_sub(3);
    let mut tail: Vec<char> = Vec::new();
    let mut used = 0;
    for c in input.chars().rev() {
        let w = text_width(&c.to_string());
        if used + w > room {
            break;
        }
        used += w;
        tail.push(c);
    }
    format!("> …{}", tail.into_iter().rev().collect::<String>())
}

fn choices(app: &App, o: &Observation, width: usize) -> Choices {
    let typed = Line::from(typed_line(&app.input, width));
    if app.paused() {
        return Choices {
            rows: vec![Line::from("the hand is over: Enter goes on to the next, q leaves")],
            selected_row: 0,
            below: Vec::new(),
        };
    }
    if !app.human_to_move() {
        let who = o.to_move.map_or("nobody".into(), |s| holder_name(app, Holder::Seat(s)));
        return Choices {
            rows: vec![Line::from(format!("waiting for {who}…"))],
            selected_row: 0,
            below: Vec::new(),
        };
    }
    if o.phase == preferans::russian::PhaseKind::Discard {
        // 66 pairs do not fit: show the highlighted pair and how to type one.
        let pair = o
            .legal_actions
            .get(app.selected)
            .map_or(String::new(), |a| action_text(*a, app.ascii));
        let mut rows: Vec<Line> = wrap_text(
            "discard two cards: type them (e.g. 7s 8d) or ←→ through the pairs:",
            width,
            0,
        )
        .into_iter()
        .map(Line::from)
        .collect();
        rows.push(Line::from(Span::styled(
            pair,
            Style::default().add_modifier(Modifier::REVERSED),
        )));
        let selected_row = rows.len() - 1;
        return Choices {
            rows,
            selected_row,
            below: vec![typed],
        };
    }
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    let mut selected_row = 0;
    for (i, a) in super::shown_choices(o).iter().enumerate() {
        let style = if i == app.selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        let text = match a {
            Action::Look(s) => format!("look at {}", holder_name(app, Holder::Seat(*s))),
            // A3: the highest bid said again is the eldest's hold.
            Action::Bid(_) if o.is_hold(*a) => {
                format!("{} (hold)", action_text(*a, app.ascii))
            }
            other => action_text(*other, app.ascii),
        };
        let w = text_width(&text);
        if used > 0 && used + 2 + w > width {
            rows.push(Vec::new());
            used = 0;
        }
        let row = rows.last_mut().expect("one row at least");
        if used > 0 {
            row.push(Span::raw("  "));
            used += 2;
        }
        row.push(Span::styled(text, style));
        used += w;
        if i == app.selected {
            selected_row = rows.len() - 1;
        }
    }
    // P3: the offers are typed, not listed (one per number of tricks, on every turn).
    let most = o
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::Offer(n) => Some(*n),
            _ => None,
        })
        .max();
    // What is typed comes first: on a small screen it must not be pushed out of the box.
    let mut below = vec![typed];
    // What open/closed, a half-whist and the F3 dealer's look do (W2, W4, F3).
    let note = crate::play_view::decision_note(&app.m, o).trim();
    if !note.is_empty() {
        below.extend(wrap_text(note, width, 2).into_iter().map(Line::from));
    }
    if let Some(most) = most {
        // One line that fits the narrowest screen (60 columns): the table needs its rows.
        below.push(Line::from(format!(
            "or type offer N (0–{most}): your side takes N of those left"
        )));
    }
    Choices {
        rows: rows.into_iter().map(Line::from).collect(),
        selected_row,
        below,
    }
}

/// The key line, shortened to fit.
fn key_line(width: u16) -> &'static str {
    const FULL: &str =
        "←→ choose · Enter act · type 7h / pass / as · ! hint · = review · Tab sheet · ? help · Ctrl-C quit";
    const SHORT: &str = "←→ Enter act · type 7h/pass · ! hint · = review · Tab sheet · ? help · ^C quit";
    // Under 80 columns the log is one key away.
    const NARROW: &str = "←→ Enter · type 7h/pass · ! hint · Tab sheet · PgUp log · ^C quit";
    const NARROWEST: &str = "←→ Enter · ! hint · Tab sheet · PgUp log · ? help · ^C quit";
    let lines: &[&'static str] = if width < LOG_MIN_WIDTH {
        &[NARROW, NARROWEST]
    } else {
        &[FULL, SHORT]
    };
    lines
        .iter()
        .copied()
        .find(|k| text_width(k) <= usize::from(width))
        .unwrap_or(lines[lines.len() - 1])
}

/// Narrower screens have no room for the log beside the table.
pub(super) const LOG_MIN_WIDTH: u16 = 80;

/// Below this the screen says so instead of drawing a table that cannot be read.
const MIN_SIZE: (u16, u16) = (60, 20);

/// Draws the whole screen; with `--ascii` every symbol drawn becomes ASCII.
pub fn draw(f: &mut Frame, app: &App) {
    draw_screen(f, app);
    if app.ascii {
        for cell in f.buffer_mut().content.iter_mut() {
            if let Some(c) = ascii_for(cell.symbol()) {
                cell.set_char(c);
            }
        }
    }
}

fn draw_screen(f: &mut Frame, app: &App) {
    let area = f.area();
    app.too_small.set(area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1);
    if app.too_small.get() {
        let text = format!(
            "The terminal is too small ({}×{}): make it at least {}×{} (80×24 or more is best). Ctrl-C quits.",
            area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let Some(o) = app.shown_observation() else {
        draw_sheet(f, app, area, "Game over");
        match &app.overlay {
            Overlay::Help => draw_help(f, area),
            Overlay::Review { hand, decisions, deal } => draw_review(f, app, area, *hand, decisions, deal.as_ref()),
            _ => {}
        }
        return;
    };
    // The choices panel grows to show every choice (a declaration after winning with 6♠
    // has 25) and the table gives way, down to its 7 rows.
    let inner = usize::from(area.width.saturating_sub(2));
    let mut panel = choices(app, &o, inner);
    if !app.message.is_empty() {
        for row in wrap_text(&app.message, inner, 0) {
            panel
                .below
                .push(Line::from(Span::styled(row, Style::default().fg(Color::Yellow))));
        }
    }
    let fixed = 1 + 7 + 3 + 1;
    let most = area.height.saturating_sub(fixed).max(3);
    let wanted = (panel.rows.len() + panel.below.len() + 2).max(5);
    let height = u16::try_from(wanted).unwrap_or(u16::MAX).min(most);
    let rows = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(7),
        Constraint::Length(3),
        Constraint::Length(height),
        Constraint::Length(1),
    ])
    .split(area);
    let hand_no = app.m.finished_hands().len() + usize::from(!app.paused());
    let turn = if app.paused() {
        // The phase before it says "Hand over" already.
        "Enter: the next hand".to_string()
    } else if app.human_to_move() {
        // Playing another hand's cards (an open whist, the 4-player dealer's whist, Hussar's
        // dummy): say whose, since "your hand" below holds none of them.
        let played = o
            .to_play
            .filter(|_| o.phase == preferans::russian::PhaseKind::Play)
            .and_then(|p| o.hands.get(usize::from(p)))
            .map(|h| h.holder)
            .filter(|h| *h != Holder::Seat(app.seat));
        match (o.offer, played) {
            // P3: answering an offer is not playing the offering hand's cards.
            (Some(off), _) if o.legal_actions.contains(&Action::Accept) => {
                format!("your turn — answer {}'s offer", holder_name(app, Holder::Seat(off.by)))
            }
            (_, Some(h)) => format!("your turn — playing {}'s hand", holder_name(app, h)),
            _ => "your turn".to_string(),
        }
    } else {
        o.to_move.map_or(String::new(), |s| {
            format!("{}'s turn", holder_name(app, Holder::Seat(s)))
        })
    };
    let of_limit = app.m.hand_limit().map_or(String::new(), |l| format!(" of {l}"));
    let rules = app.m.rules();
    let (preset, players, pool) = (rules.preset_name(), rules.players(), rules.russian().target);
    let long_rules = format!("{preset}, {players} players, pool {pool}");
    let short_rules = format!("{preset} {players}p pool {pool}");
    let hand = format!("hand {hand_no}{of_limit}");
    let dealer = format!("dealer {}", holder_name(app, Holder::Seat(o.dealer)));
    let phase = o.phase.label();
    // Short of room, the least needed parts go first (whose turn it is matters most); the
    // rules stay in a short form as long as they can.
    let candidates: [&[&str]; 7] = [
        &["Preferans", &long_rules, &hand, &dealer, phase, &turn],
        &[&long_rules, &hand, &dealer, phase, &turn],
        &[&short_rules, &hand, &dealer, phase, &turn],
        &[&short_rules, &hand, phase, &turn],
        &[&short_rules, phase, &turn],
        &[phase, &turn],
        &[&turn],
    ];
    let header = candidates
        .iter()
        .map(|parts| parts.join(" · "))
        .find(|h| text_width(h) <= usize::from(area.width))
        .unwrap_or_else(|| turn.clone());
    f.render_widget(Paragraph::new(header), rows[0]);
    // Under 80 columns the log gives its room to the table (the trick must fit on a line),
    // and PgUp shows it in the table's place.
    app.screen_width.set(area.width);
    let narrow = area.width < LOG_MIN_WIDTH;
    let log_share = if narrow { 0 } else { 40 };
    let middle = Layout::horizontal([
        Constraint::Percentage(100 - log_share),
        Constraint::Percentage(log_share),
    ])
    .split(rows[1]);
    let (table, log) = if narrow && app.log_in_place {
        (None, middle[0])
    } else {
        (Some(middle[0]), middle[1])
    };
    if let Some(table) = table {
        f.render_widget(
            Paragraph::new(table_lines(app, &o, usize::from(table.width.saturating_sub(2))))
                .block(Block::default().borders(Borders::ALL).title(" table "))
                // Not trimmed: a hand's or a trick's next line is indented under its first.
                .wrap(Wrap { trim: false }),
            table,
        );
    }
    if log.width > 0 {
        let (rows, title) = log_rows(
            &log_texts(app, &o),
            usize::from(log.width.saturating_sub(2)),
            usize::from(log.height.saturating_sub(2)),
            &app.log_back,
            narrow,
        );
        f.render_widget(
            Paragraph::new(rows).block(Block::default().borders(Borders::ALL).title(title)),
            log,
        );
    }
    let mine = o
        .hands
        .iter()
        .find(|h| h.holder == Holder::Seat(app.seat))
        .and_then(|h| h.cards)
        .unwrap_or_default();
    // F1: the four-player dealer has no hand in play (F3: unless he plays for others).
    let hand_line = match crate::play_view::dealer_role(&app.m, &o, app.seat) {
        Some(role) => Line::from(role),
        None => Line::from(hand_spans(mine, app.ascii)),
    };
    f.render_widget(
        Paragraph::new(hand_line).block(Block::default().borders(Borders::ALL).title(" your hand ")),
        rows[2],
    );
    // When the choices still do not fit, the rows around the highlight are shown.
    let room = usize::from(height.saturating_sub(2))
        .saturating_sub(panel.below.len())
        .max(1);
    let first = (panel.selected_row + 1).saturating_sub(room);
    let more = panel.rows.len() > room;
    let mut lines: Vec<Line> = panel.rows.into_iter().skip(first).take(room).collect();
    lines.extend(panel.below);
    let title = if more {
        " choices (←→ for more) "
    } else {
        " choices "
    };
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(title))
            .wrap(Wrap { trim: true }),
        rows[3],
    );
    f.render_widget(Paragraph::new(key_line(area.width)), rows[4]);
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => draw_help(f, area),
        Overlay::Sheet => draw_sheet(f, app, area, "Scoresheet"),
        Overlay::Hints(h) => draw_hints(f, app, area, h),
        Overlay::Review { hand, decisions, deal } => draw_review(f, app, area, *hand, decisions, deal.as_ref()),
        Overlay::HandOver => draw_hand_over(f, app, area),
    }
}
