//! Cards, bids and actions as terminal text (suits coloured, `--ascii` letters), and text
//! measured and wrapped to the screen's width.

use preferans::{Action, Bid, Card, CardSet, Suit};
use ratatui::style::{Color, Style};
use ratatui::text::Span;

pub(super) fn suit_text(s: Suit, ascii: bool) -> String {
    if ascii {
        s.letter().to_string()
    } else {
        s.symbol().to_string()
    }
}

pub(super) fn suit_style(s: Suit) -> Style {
    match s {
        Suit::Hearts | Suit::Diamonds => Style::default().fg(Color::Red),
        _ => Style::default(),
    }
}

/// A card as text: `10♥`, or `10H` with `--ascii`.
pub(super) fn card_text(c: Card, ascii: bool) -> String {
    format!("{}{}", c.rank().text(), suit_text(c.suit(), ascii))
}

pub(super) fn card_span(c: Card, ascii: bool) -> Span<'static> {
    Span::styled(card_text(c, ascii), suit_style(c.suit()))
}

/// A hand grouped by suit: `♠ A K 7  ♣ Q 9 …`.
pub(super) fn hand_spans(h: CardSet, ascii: bool) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for group in suit_groups(h, ascii) {
        // The gap goes before a suit, not after it: a hand that exactly fills a line then
        // leaves no lone gap to wrap onto an empty row.
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(group);
    }
    if spans.is_empty() {
        spans.push(Span::raw("-"));
    }
    spans
}

/// A hand's suits, one span each (`♠ A K 7`); none for an empty hand.
pub(super) fn suit_groups(h: CardSet, ascii: bool) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for s in Suit::ALL {
        let cards = h.in_suit(s);
        if cards.is_empty() {
            continue;
        }
        let ranks: Vec<String> = cards
            .display_order()
            .iter()
            .map(|c| c.rank().text().to_string())
            .collect();
        // No-break spaces inside a suit: a wrapped line breaks between suits, never in one
        // (plain spaces for --ascii terminals, which may not have the character).
        let space = if ascii { " " } else { "\u{a0}" };
        spans.push(Span::styled(
            format!("{}{space}{}", suit_text(s, ascii), ranks.join(space)),
            suit_style(s),
        ));
    }
    spans
}

pub(super) fn bid_text(b: Bid, ascii: bool) -> String {
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

pub(super) fn action_text(a: Action, ascii: bool) -> String {
    match a {
        Action::Bid(b) => bid_text(b, ascii),
        Action::Declare(b) => format!("declare {}", bid_text(b, ascii)),
        Action::Play(c) => format!("{}{}", c.rank().text(), suit_text(c.suit(), ascii)),
        Action::Discard(x, y) => format!(
            "{}{} {}{}",
            x.rank().text(),
            suit_text(x.suit(), ascii),
            y.rank().text(),
            suit_text(y.suit(), ascii)
        ),
        other => other.to_string(),
    }
}

pub(super) fn text_width(s: &str) -> usize {
    Span::raw(s).width()
}

/// `text` broken at spaces into rows of at most `width` columns (a longer word is cut);
/// continuation rows are indented by `indent`.
pub(super) fn wrap_text(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(1);
    let indent = indent.min(width / 2);
    let mut rows = vec![String::new()];
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let row = rows.last_mut().expect("one row at least");
        let used = text_width(row);
        let start = used == 0 || row.chars().all(|c| c == ' ');
        if !start && used + 1 + text_width(word) > width {
            rows.push(" ".repeat(indent));
        } else if !start {
            row.push(' ');
        }
        for c in word.chars() {
            let row = rows.last_mut().expect("one row at least");
            if text_width(row) + text_width(c.encode_utf8(&mut [0; 4])) > width {
                rows.push(" ".repeat(indent));
            }
            rows.last_mut().expect("one row at least").push(c);
        }
    }
    rows
}

/// What an `--ascii` terminal shows for a symbol that is not ASCII: suit letters, plain
/// letters and dashes, box corners as `+`. Others (a player's name) stay as they are.
pub(super) fn ascii_for(symbol: &str) -> Option<char> {
    let mut chars = symbol.chars();
    let c = chars.next()?;
    if c.is_ascii() || chars.next().is_some() {
        return None;
    }
    Some(match c {
        '♠' => 'S',
        '♣' => 'C',
        '♦' => 'D',
        '♥' => 'H',
        'è' | 'é' => 'e',
        '—' | '–' | '─' | '━' | '−' => '-',
        '│' | '┃' => '|',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' => '+',
        '·' | '…' => '.',
        '←' => '<',
        '→' => '>',
        '×' => 'x',
        '\u{a0}' => ' ',
        _ => return None,
    })
}
