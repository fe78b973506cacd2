//! `pref play --plain` (also when standard input or output is not a terminal): the game line
//! by line against bots; the full-screen game is `tui`. The user types actions; only legal
//! ones are accepted, with shortcuts (`7h`, `AS`, `mis`, or the number of a listed action).

use std::io::{BufRead, Write};

use anyhow::Result;
use preferans::record::{PlayerRecord, Record};
use preferans::russian::PhaseKind;
use preferans::{Action, HandState, Match, Seat, Viewer};
use preferans_bots::Bot;

use crate::play_view::{
    ascii_suits, bot_action_text, holder_name, numbered_choices, pick, show, sits_out, table_text, trick_text,
};

/// What a keyboard may put around the usual spelling: the emoji variation selector after a
/// suit symbol (`6♦️` from a phone), full-width letters and digits (`６♦`).
pub fn normalize(input: &str) -> String {
    input
        .trim()
        .chars()
        .filter(|c| *c != '\u{fe0f}' && *c != '\u{fe0e}')
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{3000}' => ' ',
            _ => c,
        })
        .collect()
}

/// Turns what the user typed into one of the legal actions: the action's own text
/// (`bid 7H`, `play AS`), a bare bid, card or contract (`7h`, `as`, `mis`), or the 1-based
/// number of an action in the list shown.
pub fn parse_input(input: &str, legal: &[Action]) -> Option<Action> {
    let t = normalize(input);
    if let Ok(n) = t.parse::<usize>() {
        return n.checked_sub(1).and_then(|i| legal.get(i)).copied();
    }
    parse_named(&t, legal)
}

/// The legal action `input` names (`7h`, `6s`, `pass`, `7s 8d`), without the plain mode's
/// numbers: the full-screen game lists its choices in another order and without the offers,
/// so a number there would pick an action nobody sees.
pub fn parse_named(input: &str, legal: &[Action]) -> Option<Action> {
    let t = normalize(input);
    let t = t.as_str();
    let candidates = [
        t.to_string(),
        format!("bid {t}"),
        format!("play {t}"),
        format!("declare {t}"),
        format!("discard {t}"),
    ];
    candidates
        .iter()
        .filter_map(|c| c.parse::<Action>().ok())
        .find(|a| legal.contains(a))
}

/// Why typed `input` is refused: the rules crate's reason for the action it names (the one
/// of the kind the decision asks for first: "ad" while cards are played is A♦); when it
/// names none, why it is not one of the kinds asked for ("7h 7h" at the discard: the two
/// cards must differ); `None` when it is nothing the decision asks for.
pub fn why_not(hand: &preferans::russian::RussianHand, seat: Seat, input: &str, legal: &[Action]) -> Option<String> {
    use preferans::HandState;
    let t = normalize(input);
    let t = t.as_str();
    let parsed: Vec<(String, Result<Action, _>)> = [
        t.to_string(),
        format!("play {t}"),
        format!("bid {t}"),
        format!("declare {t}"),
        format!("discard {t}"),
    ]
    .into_iter()
    .map(|c| {
        let a = c.parse::<Action>();
        (c, a)
    })
    .collect();
    let named: Vec<Action> = parsed.iter().filter_map(|(_, a)| a.as_ref().ok().copied()).collect();
    let asked = |a: &Action| {
        legal
            .iter()
            .any(|l| std::mem::discriminant(l) == std::mem::discriminant(a))
    };
    if let Some(action) = named.iter().find(|a| asked(a)).or(named.first()) {
        return hand.clone().apply(seat, *action).err().map(|e| e.reason);
    }
    // Nothing parsed. The parser names the reading ("'bid zz' is not an action: 'zz' is not
    // a bid"), which is not what the user typed: the reason about his words alone.
    let reason = |c: &str, e: &preferans::ParseError| {
        let m = e.to_string();
        let reason = m.strip_prefix(&format!("'{c}' is not an action: ")).unwrap_or(&m);
        // Said of the reading's argument count, which the user did not type as such.
        if reason == "expected exactly one argument" {
            "one choice at a time".to_string()
        } else {
            reason.to_string()
        }
    };
    // A verb of his own ("offer 11"): the parser's reason for what follows it.
    if let Some((c, Err(e))) = parsed.first() {
        if !e.to_string().contains("unknown verb") {
            return Some(reason(c, e));
        }
    }
    // Else the reason for the reading whose verb the decision asks for.
    let verb = |text: &str| text.split_whitespace().next().map(str::to_lowercase);
    let asked_verbs: Vec<Option<String>> = legal.iter().map(|a| verb(&a.to_string())).collect();
    parsed.iter().find_map(|(c, a)| match a {
        Err(e) if asked_verbs.contains(&verb(c)) => Some(reason(c, e)),
        _ => None,
    })
}

/// The longest line read as a choice; the rest of a longer one is skipped (a paste is not
/// an action, and it is not echoed back).
const MAX_LINE: u64 = 4096;

/// One line of input.
enum Line {
    Text(String),
    TooLong,
    End,
}

/// Reads a line of at most [`MAX_LINE`] bytes; a line that is not UTF-8 is answered like
/// any other unknown input.
fn read_line<R: BufRead>(input: &mut R) -> std::io::Result<Line> {
    let mut buf = Vec::new();
    let n = <&mut R as std::io::Read>::take(&mut *input, MAX_LINE).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(Line::End);
    }
    if buf.last() != Some(&b'\n') && n as u64 == MAX_LINE {
        loop {
            let rest = input.fill_buf()?;
            if rest.is_empty() {
                break;
            }
            let (used, done) = match rest.iter().position(|b| *b == b'\n') {
                Some(i) => (i + 1, true),
                None => (rest.len(), false),
            };
            input.consume(used);
            if done {
                break;
            }
        }
        return Ok(Line::TooLong);
    }
    Ok(Line::Text(String::from_utf8_lossy(&buf).into_owned()))
}

/// `text` safe to print: control characters escaped (`\u{1b}`), so that typed escape
/// sequences, quoted back in a message, never drive the terminal.
pub fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            let escaped: Vec<char> = if c.is_control() && c != '\n' {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            escaped
        })
        .collect()
}

/// What the user typed, to quote it back: [`printable`], long input cut short.
pub fn echo(t: &str) -> String {
    let mut s = printable(&t.chars().take(40).collect::<String>());
    if t.chars().count() > 40 {
        s.push('…');
    }
    s
}

/// Words the plain game answers at any prompt.
const HELP: &str = "\
  Type an action: a bid (7h, 6nt, mis, pass), a card (as, 10d), a call (whist, pass, half,
  open, closed; the four-player dealer's look 1, the talon's take or push), a discard (two
  cards: 7s 8d), an offer (offer 3), or a listed choice's number (not at the discard). Also: hint or ! (the expert's view of each choice), score (the scoresheet so far),
  help, quit (the game is saved with --save; pref play --resume FILE goes on with it).";

/// The plain game with the user in `seat` on standard input and output (see [`run_with`]).
pub fn run(
    m: Match,
    seed: u64,
    seat: Seat,
    save: Option<&std::path::Path>,
    bots: Vec<Box<dyn Bot + Send>>,
    ascii: bool,
) -> Result<()> {
    let input = std::io::stdin().lock();
    run_with(m, seed, seat, save, bots, ascii, input, std::io::stdout())
}

/// Plays match `m` (new, or a saved game resumed) line by line: the user in `seat` types on
/// `input`, the other seats are `bots` (indexed by seat); the record is saved to `save` after
/// every action.
#[allow(clippy::too_many_arguments)]
pub fn run_with(
    mut m: Match,
    seed: u64,
    seat: Seat,
    save: Option<&std::path::Path>,
    mut bots: Vec<Box<dyn Bot + Send>>,
    ascii: bool,
    mut input: impl BufRead,
    mut out: impl Write,
) -> Result<()> {
    let players = m.rules().players();
    let mut adviser = preferans_bots::adviser(seed, 40, m.rules());
    let names: Vec<PlayerRecord> = (0..players)
        .map(|s| {
            if s == seat {
                PlayerRecord {
                    name: "you".into(),
                    kind: "human".into(),
                }
            } else {
                PlayerRecord {
                    name: format!("{}-{s}", bots[s as usize].kind()),
                    kind: bots[s as usize].kind().into(),
                }
            }
        })
        .collect();
    let name = |s: Seat| {
        if s == seat {
            "you".to_string()
        } else {
            format!("seat {s}")
        }
    };
    // The record is saved after every action, so that an interrupted game is not lost.
    let save_record = |m: &Match| -> Result<()> {
        if let Some(path) = save {
            crate::write_atomically(path, &Record::from_match(m, names.clone()).to_json())?;
        }
        Ok(())
    };
    writeln!(
        out,
        "You are seat {seat}. Type an action (e.g. 'bid 7H', '7h', 'pass', 'AS'), its number, 'hint', 'score', 'help' or 'quit'."
    )?;
    // The hand whose header was printed, and the hand, phase and open hands the user was
    // last shown the table in while others moved.
    let mut header = None;
    let mut watched = None;
    'game: while let Some(hand) = m.current_hand() {
        let Some(to_move) = hand.to_move() else { break };
        let done = m.finished_hands().len();
        if header != Some(done) {
            header = Some(done);
            writeln!(out, "\n== hand {}, dealer {} ==", done + 1, name(hand.dealer()))?;
        }
        let obs = hand.observation(Viewer::Seat(to_move));
        if to_move != seat {
            // F1: the four-player dealer has no turn in most hands, and a passer whose cards
            // the whister plays (W4) none in the play: they are shown the table as each
            // phase begins (the contract, the talon) and when hands are laid open (W4: after
            // the declarer's first card when he leads), as a player is.
            let mine = hand.observation(Viewer::Seat(seat));
            let open = mine.hands.iter().filter(|h| h.cards.is_some()).count();
            let now = Some((done, mine.phase, open));
            let my_cards_played = obs.phase == PhaseKind::Play
                && obs
                    .to_play
                    .and_then(|p| obs.hands.get(usize::from(p)))
                    .is_some_and(|h| h.holder == preferans::observation::Holder::Seat(seat));
            if (sits_out(&mine, seat) || my_cards_played) && watched != now {
                watched = now;
                write!(out, "{}", table_text(&m, &mine, seat, ascii))?;
            }
        }
        let action = if to_move == seat {
            write!(out, "{}> ", show(&m, &obs, seat, ascii))?;
            out.flush()?;
            let choices = numbered_choices(&obs);
            let discard = obs.phase == PhaseKind::Discard;
            loop {
                let line = match read_line(&mut input)? {
                    Line::End => {
                        // The lines that follow start on their own line, not on the prompt's.
                        writeln!(out)?;
                        let kept = if save.is_some() {
                            ""
                        } else {
                            " (not saved: --save FILE keeps a game to --resume)"
                        };
                        writeln!(out, "== the input ended: the game stops here{kept}")?;
                        break 'game;
                    }
                    Line::TooLong => {
                        write!(out, "that line is too long ({MAX_LINE} bytes at most)\n> ")?;
                        out.flush()?;
                        continue;
                    }
                    Line::Text(line) => line,
                };
                let t = line.trim();
                match t.to_lowercase().as_str() {
                    "quit" | "q" | "exit" => break 'game,
                    "help" | "?" => writeln!(out, "{HELP}")?,
                    "score" | "sheet" => {
                        let names: Vec<String> = (0..players).map(name).collect();
                        write!(out, "{}", crate::score::score_text(&m, &names))?
                    }
                    // `!` as in the full-screen game.
                    "hint" | "!" => {
                        if discard {
                            writeln!(out, "  hints, best first (type the two cards, e.g. 7s 8d):")?;
                        } else {
                            writeln!(out, "  hints, best first, with the number to type:")?;
                        }
                        for h in &preferans_bots::hints::shortlist(&preferans_bots::hints::hints(&obs, &mut adviser), 5)
                        {
                            // At the discard nothing is numbered: the pair is typed.
                            let number = choices.iter().position(|c| *c == h.action).filter(|_| !discard);
                            let label = number.map_or("-".to_string(), |i| format!("{}:", i + 1));
                            let action = pick(ascii, h.action.symbol_text(), h.action);
                            writeln!(
                                out,
                                "  {label:>4} {action:<14} {}",
                                ascii_suits(ascii, h.reason.clone())
                            )?;
                        }
                    }
                    _ => {
                        let parsed = if discard {
                            // The 66 pairs are not listed, so a number names none of them.
                            parse_named(t, &obs.legal_actions)
                        } else {
                            parse_input(t, &choices).or_else(|| parse_named(t, &obs.legal_actions))
                        };
                        if let Some(a) = parsed {
                            writeln!(out, "you: {}", pick(ascii, a.symbol_text(), a))?;
                            break a;
                        }
                        let refused = if t.is_empty() {
                            "type a choice: its number, or the action (7h, pass); help lists the words".to_string()
                        } else if t.parse::<usize>().is_ok() && discard {
                            "the discard is typed as its two cards, e.g. 7s 8d (the pairs are not numbered)".to_string()
                        } else if t.parse::<usize>().is_ok() {
                            format!("no choice {t}: the choices are numbered 1 to {}", choices.len())
                        } else {
                            // The reason may quote the input already (the parser's does).
                            let quoted = format!("'{}'", normalize(t));
                            match why_not(hand, to_move, t, &obs.legal_actions) {
                                Some(why) if t.chars().count() <= 40 && why.contains(&quoted) => {
                                    format!("not a legal choice here: {why}")
                                }
                                Some(why) if t.chars().count() <= 40 => {
                                    format!("not a legal choice here: '{t}': {why}")
                                }
                                _ => format!("not a legal choice here: '{}'", echo(t)),
                            }
                        };
                        // Whatever of the input a message quotes, escaped as a whole.
                        writeln!(out, "{}", printable(&refused))?;
                    }
                }
                write!(out, "> ")?;
                out.flush()?;
            }
        } else {
            let Some(a) = bots[to_move as usize].choose(&obs) else {
                break;
            };
            a
        };
        let outcome = m.apply(to_move, action)?;
        save_record(&m)?;
        if to_move != seat {
            // Said once applied: an offer is told as the rules crate shares it out (P3).
            let offer = m.current_hand().and_then(|h| h.observation(Viewer::Seat(seat)).offer);
            writeln!(
                out,
                "seat {to_move}: {}",
                bot_action_text(action, &obs, offer, seat, ascii)
            )?;
        }
        if matches!(action, Action::Play(_)) {
            // R6: who took a trick just completed (the hand's, when it was the last).
            let played = if outcome.is_some() {
                m.finished_hands().last().map(|h| h.observation(Viewer::Seat(seat)))
            } else {
                m.current_hand().map(|h| h.observation(Viewer::Seat(seat)))
            };
            if let Some(o) = played.filter(|o| o.tricks_done > obs.tricks_done) {
                if let Some(w) = o.last_trick_winner {
                    // Its cards too: the last one played, and a talon card led (X2, F3), were
                    // not shown before.
                    writeln!(
                        out,
                        "-- trick {} to {} ({})",
                        o.tricks_done,
                        holder_name(w, seat),
                        trick_text(&o.last_trick, seat, ascii)
                    )?;
                }
            }
        }
        if let Some(outcome) = outcome {
            let n = m.finished_hands().len() as u32;
            let entries = crate::describe::hand_entries(m.sheet(), n, name);
            let written = if entries.is_empty() {
                String::new()
            } else {
                format!(" — {}", entries.join(", "))
            };
            let dealer = m.finished_hands().last().map_or(0, |h| h.dealer());
            writeln!(
                out,
                "== hand over: {}{}{written}",
                ascii_suits(ascii, outcome.summary_at_table(m.rules(), dealer, name)),
                crate::describe::amnesty_note(m.rules(), &outcome, dealer)
            )?;
        }
    }
    let sheet = m.sheet();
    let st = sheet.settlement(m.rules());
    let results: Vec<String> = (0..players)
        .map(|s| format!("{} {}", name(s), st.rounded(usize::from(s))))
        .collect();
    writeln!(
        out,
        "== after {}, settlement in whists: {}",
        crate::describe::count(sheet.hands() as usize, "hand"),
        results.join(", ")
    )?;
    if m.is_over() {
        // The whole sheet once, at the end (during the game it is a word away: score).
        let names: Vec<String> = (0..players).map(name).collect();
        write!(out, "{}", crate::score::score_text(&m, &names))?;
        let closed = sheet.is_game_over(m.rules());
        let said = crate::describe::winner_text(&st, seat, closed, |s| name(s as Seat));
        if closed {
            writeln!(out, "== the game is over. {said}")?;
        } else {
            writeln!(
                out,
                "== the hands asked for are played; the pool is not closed (S9). {said}"
            )?;
        }
    }
    if let Some(path) = save {
        save_record(&m)?;
        writeln!(out, "record saved to {}", path.display())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use preferans::observation::Observation;
    use preferans::Rules;

    #[test]
    fn shortcuts_map_to_legal_actions_only() {
        let legal: Vec<Action> = ["pass", "bid 6S", "bid 7H", "bid misere"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(parse_input("7h", &legal), Some("bid 7H".parse().unwrap()));
        assert_eq!(parse_input("mis", &legal), Some("bid misere".parse().unwrap()));
        assert_eq!(parse_input(" pass ", &legal), Some(Action::Pass));
        assert_eq!(parse_input("2", &legal), Some("bid 6S".parse().unwrap()));
        assert_eq!(parse_input("0", &legal), None);
        assert_eq!(parse_input("9", &legal), None);
        assert_eq!(
            parse_input("7S", &legal),
            None,
            "7S is neither a legal bid nor a legal card here"
        );
        let cards: Vec<Action> = ["play AS", "play 7S"].iter().map(|s| s.parse().unwrap()).collect();
        assert_eq!(parse_input("as", &cards), Some("play AS".parse().unwrap()));
    }

    /// Plays until `stop` holds for the hand: the first bidder bids 6♠, everyone else passes,
    /// one defender whists (offers need a single whister, P3), every other decision takes the
    /// first legal action.
    fn hand_where(stop: impl Fn(&Observation) -> bool) -> (preferans::russian::RussianHand, Seat, Vec<Action>) {
        let mut m = Match::new(Rules::sochi(), 1, 0, Some(1));
        let mut whisted = false;
        loop {
            let hand = m.current_hand().unwrap();
            let seat = hand.to_move().unwrap();
            let obs = hand.observation(Viewer::Seat(seat));
            if stop(&obs) {
                return (hand.clone(), seat, obs.legal_actions);
            }
            let six = "bid 6S".parse().unwrap();
            let a = if obs.legal_actions.contains(&six) && obs.highest_bid.is_none() {
                six
            } else if obs.legal_actions.contains(&Action::Whist) && !whisted {
                whisted = true;
                Action::Whist
            } else if obs.legal_actions.contains(&Action::Pass) {
                Action::Pass
            } else {
                obs.legal_actions[0]
            };
            m.apply(seat, a).unwrap();
        }
    }

    #[test]
    fn x1_an_allpass_says_so_to_the_player() {
        let mut m = Match::new(Rules::sochi(), 1, 0, Some(1));
        for _ in 0..3 {
            let seat = m.current_hand().unwrap().to_move().unwrap();
            m.apply(seat, Action::Pass).unwrap();
        }
        let hand = m.current_hand().unwrap();
        let seat = hand.to_move().unwrap();
        let screen = show(&m, &hand.observation(Viewer::Seat(seat)), seat, true);
        assert!(screen.contains("all-pass: take as few tricks as you can"), "{screen}");
        let (hand, seat, _) = hand_where(|o| o.phase == preferans::russian::PhaseKind::Play);
        let screen = show(&m, &hand.observation(Viewer::Seat(seat)), seat, true);
        assert!(
            !screen.contains("all-pass") && screen.contains("contract 6S"),
            "{screen}"
        );
    }

    #[test]
    fn t1_p3_typed_actions_that_do_not_parse_are_refused_with_the_parser_s_reason() {
        use preferans::russian::PhaseKind;
        let (hand, seat, legal) = hand_where(|o| o.phase == PhaseKind::Discard);
        let why = why_not(&hand, seat, "7h 7h", &legal).unwrap();
        assert!(why.contains("must differ"), "{why}");
        let why = why_not(&hand, seat, "2s 3s", &legal).unwrap();
        assert!(why.contains("2s"), "{why}");
        let why = why_not(&hand, seat, "zz", &legal).unwrap();
        assert!(why.contains("expected two cards"), "{why}");
        let (hand, seat, legal) = hand_where(|o| o.legal_actions.contains(&Action::Offer(10)));
        let why = why_not(&hand, seat, "offer 11", &legal).unwrap();
        assert!(why.contains("from 0 to 10"), "{why}");
        // The parser's reading ("bid AS AS") is not what the user typed: not quoted back.
        let (hand, seat, legal) = hand_where(|o| o.phase == PhaseKind::Auction);
        let why = why_not(&hand, seat, "AS AS", &legal).unwrap();
        assert_eq!(why, "one choice at a time");
        // A verb the user typed himself is answered for his words, whatever the decision.
        for typed in ["offer 11", "offer -1"] {
            let why = why_not(&hand, seat, typed, &legal).unwrap();
            assert_eq!(why, "expected a number of tricks from 0 to 10", "{typed}");
        }
    }

    /// The first defender's screen after his pass and the other's half-whist, and the
    /// single whister's open-or-closed screen (seed 1: 6♠ bid, 6♠ declared).
    #[test]
    fn w2_w4_the_calls_say_what_they_do() {
        let screen_after = |calls: &[Action]| {
            let mut m = Match::new(Rules::sochi(), 1, 0, Some(1));
            let mut calls = calls.iter();
            loop {
                let hand = m.current_hand().unwrap();
                let seat = hand.to_move().unwrap();
                let obs = hand.observation(Viewer::Seat(seat));
                let six = "bid 6S".parse().unwrap();
                let a = match obs.phase {
                    PhaseKind::Auction if obs.legal_actions.contains(&six) && obs.highest_bid.is_none() => six,
                    PhaseKind::Auction => Action::Pass,
                    PhaseKind::Whist => match calls.next() {
                        Some(a) => *a,
                        None => return crate::play_view::show(&m, &obs, seat, true),
                    },
                    PhaseKind::DefenceChoice => return crate::play_view::show(&m, &obs, seat, true),
                    _ => obs.legal_actions[0],
                };
                m.apply(seat, a).unwrap();
            }
        };
        let s = screen_after(&[Action::Pass, Action::HalfWhist]);
        assert!(
            s.contains("the other defender half-whisted") && s.contains("1:whist  2:pass"),
            "{s}"
        );
        let s = screen_after(&[Action::Pass]);
        assert!(s.contains("half-whist (W2): the other defender may then whist"), "{s}");
        let s = screen_after(&[Action::Whist, Action::Pass]);
        assert!(s.contains("open: both defenders' hands face up"), "{s}");
    }
}
