//! Drawing the game: header, table (hands, contract, trick), hand-by-hand log, your hand, the
//! choices, and the overlays (help, scoresheet, hints). Fits 80×24 and grows with the window.

use preferans::observation::{Holder, Observation};
use preferans::scoring::Section;
use preferans::{Action, Bid, Card, CardSet, Suit, WhistCall};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

use super::{App, Overlay};

fn suit_text(s: Suit, ascii: bool) -> String {
    if ascii {
        s.letter().to_string()
    } else {
        s.symbol().to_string()
    }
}

fn suit_style(s: Suit) -> Style {
    match s {
        Suit::Hearts | Suit::Diamonds => Style::default().fg(Color::Red),
        _ => Style::default(),
    }
}

fn card_span(c: Card, ascii: bool) -> Span<'static> {
    Span::styled(
        format!("{}{}", c.rank().letter(), suit_text(c.suit(), ascii)),
        suit_style(c.suit()),
    )
}

/// A hand grouped by suit: `♠ A K 7  ♣ Q 9 …`.
fn hand_spans(h: CardSet, ascii: bool) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for s in Suit::ALL {
        let cards = h.in_suit(s);
        if cards.is_empty() {
            continue;
        }
        let ranks: Vec<String> = cards
            .display_order()
            .iter()
            .map(|c| c.rank().letter().to_string())
            .collect();
        spans.push(Span::styled(
            format!("{} {}  ", suit_text(s, ascii), ranks.join(" ")),
            suit_style(s),
        ));
    }
    if spans.is_empty() {
        spans.push(Span::raw("-"));
    }
    spans
}

fn bid_text(b: Bid, ascii: bool) -> String {
    match b {
        Bid::Tricks { level, strain } => match strain.trump() {
            Some(s) => format!("{level}{}", suit_text(s, ascii)),
            None => format!("{level}NT"),
        },
        Bid::Misere if ascii => "misere".into(),
        Bid::MisereNoTalon if ascii => "misere (no talon)".into(),
        Bid::Misere => "misère".into(),
        Bid::MisereNoTalon => "misère (no talon)".into(),
    }
}

fn action_text(a: Action, ascii: bool) -> String {
    match a {
        Action::Bid(b) => bid_text(b, ascii),
        Action::Declare(b) => format!("declare {}", bid_text(b, ascii)),
        Action::Play(c) => format!("{}{}", c.rank().letter(), suit_text(c.suit(), ascii)),
        Action::Discard(x, y) => format!(
            "{}{} {}{}",
            x.rank().letter(),
            suit_text(x.suit(), ascii),
            y.rank().letter(),
            suit_text(y.suit(), ascii)
        ),
        other => other.to_string(),
    }
}

fn holder_name(app: &App, h: Holder) -> String {
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

fn table_lines(app: &App, o: &Observation) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for v in &o.hands {
        let name = holder_name(app, v.holder);
        let call = match v.call {
            WhistCall::Whist => " whist",
            WhistCall::Pass => " pass",
            WhistCall::HalfWhist => " half",
            WhistCall::None => "",
        };
        let decl = if matches!(v.holder, Holder::Seat(s) if Some(s) == o.declarer) {
            " (declarer)"
        } else {
            ""
        };
        let mut spans = vec![Span::styled(
            format!("{name:<12}"),
            Style::default().add_modifier(Modifier::BOLD),
        )];
        spans.push(Span::raw(format!("tricks {}{call}{decl}  ", v.tricks)));
        if v.holder != Holder::Seat(app.seat) {
            match v.cards {
                Some(c) => spans.extend(hand_spans(c, app.ascii)),
                None => spans.push(Span::raw(format!("({} cards)", v.size))),
            }
        }
        lines.push(Line::from(spans));
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
        _ if matches!(o.phase, preferans::russian::PhaseKind::Play) => "all-pass: take as few tricks as you can".into(),
        _ => String::new(),
    };
    lines.push(Line::from(contract));
    if !o.talon.is_empty() {
        let mut spans = vec![Span::raw("talon ")];
        for c in &o.talon {
            spans.push(card_span(*c, app.ascii));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    let trick_line = |label: &str, cards: &[preferans::observation::TrickCard]| {
        let mut spans = vec![Span::raw(format!("{label:<11}"))];
        for t in cards {
            spans.push(Span::raw(format!("{}: ", holder_name(app, t.by))));
            spans.push(card_span(t.card, app.ascii));
            spans.push(Span::raw("  "));
        }
        Line::from(spans)
    };
    lines.push(trick_line("trick", &o.trick));
    if !o.last_trick.is_empty() {
        lines.push(trick_line("last trick", &o.last_trick));
    }
    if let Some(off) = o.offer {
        lines.push(Line::from(format!(
            "{} offers: their side takes {} of the rest",
            holder_name(app, Holder::Seat(off.by)),
            off.tricks
        )));
    }
    lines
}

fn log_lines(app: &App, o: &Observation) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = app
        .log
        .iter()
        .rev()
        .take(2)
        .rev()
        .map(|l| Line::from(l.clone()))
        .collect();
    for (seat, a) in o.history.iter().rev().take(10).rev() {
        let text = match a {
            Some(Action::Play(_)) => continue,
            Some(a) => action_text(*a, app.ascii),
            None => "discards two cards".into(),
        };
        lines.push(Line::from(format!("{}: {text}", holder_name(app, Holder::Seat(*seat)))));
    }
    lines
}

fn choices_line(app: &App, o: &Observation) -> Vec<Line<'static>> {
    if !app.human_to_move() {
        let who = o.to_move.map_or("nobody".into(), |s| holder_name(app, Holder::Seat(s)));
        return vec![Line::from(format!("waiting for {who}…"))];
    }
    if o.phase == preferans::russian::PhaseKind::Discard {
        // 66 pairs do not fit: show the highlighted pair and how to type one.
        let pair = o
            .legal_actions
            .get(app.selected)
            .map_or(String::new(), |a| action_text(*a, app.ascii));
        return vec![
            Line::from(vec![
                Span::raw("discard two cards — type them (e.g. 7s 8d) or ←→ through the pairs: "),
                Span::styled(pair, Style::default().add_modifier(Modifier::REVERSED)),
            ]),
            Line::from(format!("> {}", app.input)),
        ];
    }
    let mut spans = Vec::new();
    for (i, a) in o.legal_actions.iter().enumerate() {
        let style = if i == app.selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        let text = match a {
            Action::Look(s) => format!("look at {}", holder_name(app, Holder::Seat(*s))),
            other => action_text(*other, app.ascii),
        };
        spans.push(Span::styled(text, style));
        spans.push(Span::raw("  "));
    }
    vec![Line::from(spans), Line::from(format!("> {}", app.input))]
}

/// Draws the whole screen.
pub fn draw(f: &mut Frame, app: &App) {
    let area = f.area();
    let Some(o) = app.observation() else {
        draw_sheet(f, app, area, "Game over");
        return;
    };
    let rows = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(7),
        Constraint::Length(3),
        Constraint::Length(5),
        Constraint::Length(1),
    ])
    .split(area);
    let hand_no = app.m.finished_hands().len() + 1;
    let turn = if app.human_to_move() {
        "your turn".to_string()
    } else {
        o.to_move.map_or(String::new(), |s| {
            format!("{}'s turn", holder_name(app, Holder::Seat(s)))
        })
    };
    f.render_widget(
        Paragraph::new(format!(
            "Preferans · {}, {} players · hand {hand_no} · dealer {} · {:?} · {turn}",
            app.m.rules().preset_name(),
            app.m.rules().players(),
            holder_name(app, Holder::Seat(o.dealer)),
            o.phase
        )),
        rows[0],
    );
    let middle = Layout::horizontal([Constraint::Percentage(60), Constraint::Percentage(40)]).split(rows[1]);
    f.render_widget(
        Paragraph::new(table_lines(app, &o))
            .block(Block::default().borders(Borders::ALL).title(" table "))
            .wrap(Wrap { trim: true }),
        middle[0],
    );
    f.render_widget(
        Paragraph::new(log_lines(app, &o))
            .block(Block::default().borders(Borders::ALL).title(" log "))
            .wrap(Wrap { trim: true }),
        middle[1],
    );
    let mine = o
        .hands
        .iter()
        .find(|h| h.holder == Holder::Seat(app.seat))
        .and_then(|h| h.cards)
        .unwrap_or_default();
    f.render_widget(
        Paragraph::new(Line::from(hand_spans(mine, app.ascii)))
            .block(Block::default().borders(Borders::ALL).title(" your hand ")),
        rows[2],
    );
    let mut choice = choices_line(app, &o);
    if !app.message.is_empty() {
        choice.push(Line::from(Span::styled(
            app.message.clone(),
            Style::default().fg(Color::Yellow),
        )));
    }
    f.render_widget(
        Paragraph::new(choice)
            .block(Block::default().borders(Borders::ALL).title(" choices "))
            .wrap(Wrap { trim: true }),
        rows[3],
    );
    f.render_widget(
        Paragraph::new("←→ choose · Enter act · type 7h / pass / as · ! hint · Tab sheet · ? help · Ctrl-C quit"),
        rows[4],
    );
    match &app.overlay {
        Overlay::None => {}
        Overlay::Help => draw_help(f, area),
        Overlay::Sheet => draw_sheet(f, app, area, "Scoresheet"),
        Overlay::Hints(h) => draw_hints(f, app, area, h),
    }
}

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

fn draw_help(f: &mut Frame, area: Rect) {
    let text = vec![
        Line::from("Arrows move the highlight over your choices; Enter does it."),
        Line::from("Or type: a bid (6s, 7nt, mis), a card (as, 10h), pass, whist,"),
        Line::from("half, open, closed, accept, refuse — then Enter."),
        Line::from("!    ranked hints with reasons (expert analysis)"),
        Line::from("Tab  the scoresheet: pool, mountain, whists, settlement"),
        Line::from("Esc  clear what you typed / close this"),
        Line::from("Ctrl-C quit (the record is saved with --save)"),
    ];
    let r = centered(area, 70, 10);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(text).block(Block::default().borders(Borders::ALL).title(" help ")),
        r,
    );
}

fn short(s: String) -> String {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() <= 6 {
        s
    } else {
        format!("…{}", parts[parts.len() - 5..].join("."))
    }
}

fn draw_sheet(f: &mut Frame, app: &App, area: Rect, title: &str) {
    let sheet = app.m.sheet();
    let players = sheet.players();
    let mut lines = Vec::new();
    for s in 0..players {
        lines.push(Line::from(Span::styled(
            app.names[s as usize].clone(),
            Style::default().add_modifier(Modifier::BOLD),
        )));
        lines.push(Line::from(format!(
            "  pool {}   mountain {}",
            short(sheet.running(Section::Pool(s))),
            short(sheet.running(Section::Mountain(s)))
        )));
        let whists: Vec<String> = (0..players)
            .filter(|o| *o != s)
            .map(|on| {
                format!(
                    "on {}: {}",
                    app.names[on as usize],
                    short(sheet.running(Section::Whists { writer: s, on }))
                )
            })
            .collect();
        lines.push(Line::from(format!("  whists {}", whists.join("   "))));
    }
    let st = sheet.settlement(app.m.rules());
    let results: Vec<String> = (0..players as usize)
        .map(|s| format!("{} {}", app.names[s], st.rounded(s)))
        .collect();
    lines.push(Line::from(format!("settlement: {}", results.join(" · "))));
    if app.m.is_over() {
        lines.push(Line::from("the game is over — Ctrl-C to leave"));
    }
    let r = centered(area, 78, (lines.len() + 2) as u16);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(format!(" {title} ")))
            .wrap(Wrap { trim: true }),
        r,
    );
}

fn draw_hints(f: &mut Frame, app: &App, area: Rect, hints: &[preferans_bots::hints::Hint]) {
    let lines: Vec<Line> = hints
        .iter()
        .take(8)
        .enumerate()
        .map(|(i, h)| {
            Line::from(format!(
                "{}. {:<12} {}",
                i + 1,
                action_text(h.action, app.ascii),
                h.reason
            ))
        })
        .collect();
    let r = centered(area, 78, (lines.len() + 2) as u16);
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(lines)
            .block(Block::default().borders(Borders::ALL).title(" hints "))
            .wrap(Wrap { trim: true }),
        r,
    );
}
