//! `pref play --plain` (also when standard input or output is not a terminal): the game line
//! by line against bots; the full-screen game is `tui`. The user types actions; only legal
//! ones are accepted, with shortcuts (`7h`, `AS`, `mis`, or the number of a listed action).

use std::io::{BufRead, Write};

use anyhow::Result;
use preferans::observation::{Holder, Observation};
use preferans::record::{PlayerRecord, Record};
use preferans::{Action, HandState, Match, Rules, Seat, Viewer};
use preferans_bots::Bot;

/// Turns what the user typed into one of the legal actions: the action's own text
/// (`bid 7H`, `play AS`), a bare bid, card or contract (`7h`, `as`, `mis`), or the 1-based
/// number of an action in the list shown.
pub fn parse_input(input: &str, legal: &[Action]) -> Option<Action> {
    let t = input.trim();
    if let Ok(n) = t.parse::<usize>() {
        return n.checked_sub(1).and_then(|i| legal.get(i)).copied();
    }
    parse_named(t, legal)
}

/// The legal action `input` names (`7h`, `6s`, `pass`, `7s 8d`), without the plain mode's
/// numbers: the full-screen game lists its choices in another order and without the offers,
/// so a number there would pick an action nobody sees.
pub fn parse_named(input: &str, legal: &[Action]) -> Option<Action> {
    let t = input.trim();
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
    let t = input.trim();
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
    // Nothing parsed: the parser's reason for the reading whose verb the decision asks for.
    let verb = |text: &str| text.split_whitespace().next().map(str::to_lowercase);
    let asked_verbs: Vec<Option<String>> = legal.iter().map(|a| verb(&a.to_string())).collect();
    parsed.into_iter().find_map(|(c, a)| match a {
        Err(e) if asked_verbs.contains(&verb(&c)) => Some(e.to_string()),
        _ => None,
    })
}

fn holder_name(h: Holder, me: Seat) -> String {
    match h {
        Holder::Seat(s) if s == me => "you".into(),
        Holder::Seat(s) => format!("seat {s}"),
        Holder::Dummy => "dummy".into(),
        Holder::Talon => "talon".into(),
    }
}

/// A trick's cards as the user reads them: "seat 1 A♠, you 7♠".
fn trick_text(cards: &[preferans::observation::TrickCard], me: Seat, ascii: bool) -> String {
    cards
        .iter()
        .map(|t| {
            format!(
                "{} {}",
                holder_name(t.by, me),
                pick(ascii, t.card.symbol_text(), t.card)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `symbols` on a terminal that shows suit symbols, else the plain text (`--ascii`).
fn pick(ascii: bool, symbols: String, plain: impl std::fmt::Display) -> String {
    if ascii {
        plain.to_string()
    } else {
        symbols
    }
}

/// What a bot did, as the user reads it: bids and cards say which they are (an 8♥ bid and
/// an 8♥ played would look alike), a discard stays hidden.
fn bot_action_text(a: Action, ascii: bool) -> String {
    match a {
        Action::Discard(..) => "discards two cards".to_string(),
        Action::Bid(b) => format!("bids {}", pick(ascii, b.symbol_text(), b)),
        Action::Play(c) => format!("plays {}", pick(ascii, c.symbol_text(), c)),
        other => pick(ascii, other.symbol_text(), other),
    }
}

/// F1: the four-player dealer holds no hand in play.
fn sits_out(o: &Observation, me: Seat) -> bool {
    !o.hands.iter().any(|h| h.holder == Holder::Seat(me))
}

/// The table as `me` sees it: the hands (own cards, open hands, sizes), the talon when it
/// is public, the contract, the trick on the table.
fn table_text(o: &Observation, me: Seat, ascii: bool) -> String {
    let mut s = format!("\n-- {}, dealer seat {} --\n", o.phase.label(), o.dealer);
    if sits_out(o, me) {
        s += "  you deal and sit this hand out (F1)\n";
    }
    for h in &o.hands {
        let cards = h.cards.map_or(
            format!("({})", crate::describe::count(usize::from(h.size), "card")),
            |c| pick(ascii, c.symbol_text(), c),
        );
        s += &format!("  {:<8} {cards}  tricks {}\n", holder_name(h.holder, me), h.tricks);
    }
    // F3 `dealer_allpass_talon`: the sitting-out dealer's tricks with the talon cards.
    if o.contract.is_none() && o.dealer_tricks > 0 {
        s += &format!(
            "  {:<8} tricks {} with the talon\n",
            holder_name(Holder::Seat(o.dealer), me),
            o.dealer_tricks
        );
    }
    if !o.talon.is_empty() {
        s += &format!(
            "  talon    {}\n",
            o.talon
                .iter()
                .map(|c| pick(ascii, c.symbol_text(), c))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    if let Some(c) = o.contract {
        s += &format!(
            "  contract {} by seat {}\n",
            pick(ascii, c.symbol_text(), c),
            o.declarer.unwrap_or(0)
        );
    } else if o.phase == preferans::russian::PhaseKind::Play {
        // X1: nobody bid; every trick counts against the one who takes it.
        s += "  all-pass: take as few tricks as you can\n";
    } else if let Some((seat, b)) = o.highest_bid {
        s += &format!("  highest bid {} by seat {seat}\n", pick(ascii, b.symbol_text(), b));
    }
    if !o.trick.is_empty() {
        s += &format!("  trick    {}\n", trick_text(&o.trick, me, ascii));
    }
    s
}

/// The screen for the user's turn: the table and the choices.
fn show(o: &Observation, me: Seat, ascii: bool) -> String {
    let mut s = table_text(o, me, ascii);
    // P3: answering an offer is not playing the offering hand's cards (as the terminal says).
    if let Some(off) = o.offer.filter(|_| o.legal_actions.contains(&Action::Accept)) {
        s += &format!("  you answer {}'s offer\n", holder_name(Holder::Seat(off.by), me));
    } else if let Some(h) = o.to_play.and_then(|p| o.hands.get(usize::from(p))) {
        // An open whist, the 4-player dealer's whist, Hussar's dummy: another hand's cards.
        if o.phase == preferans::russian::PhaseKind::Play && h.holder != Holder::Seat(me) {
            s += &format!("  you play {}'s hand\n", holder_name(h.holder, me));
        }
    }
    if o.phase == preferans::russian::PhaseKind::Discard {
        // 66 numbered pairs say less than the rule.
        s += "  your choice: two of your cards to discard, e.g. 7s 8d\n";
        return s;
    }
    let list: Vec<String> = o
        .legal_actions
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{}:{}", i + 1, pick(ascii, a.symbol_text(), a)))
        .collect();
    s += &format!("  your choices: {}\n", list.join("  "));
    s
}

/// Plays a match on stdin/stdout with the user in `seat`.
pub fn run(
    rules: Rules,
    seed: u64,
    hands: Option<u32>,
    seat: Seat,
    save: Option<&std::path::Path>,
    mut bots: Vec<Box<dyn Bot + Send>>,
    ascii: bool,
) -> Result<()> {
    let players = rules.players();
    let mut adviser = preferans_bots::ExpertBot::new(seed ^ 0x5eed, 40).with_rules(&rules);
    let mut m = Match::new(rules, seed, 0, hands);
    let mut input = std::io::stdin().lock();
    // A line that is not UTF-8 is answered like any other unknown input.
    let mut next_line = move || -> std::io::Result<Option<String>> {
        let mut buf = Vec::new();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(None);
        }
        Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
    };
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
    // The record is saved after every action, so that an interrupted game is not lost.
    let save_record = |m: &Match| -> Result<()> {
        if let Some(path) = save {
            crate::write_atomically(path, &Record::from_match(m, names.clone()).to_json())?;
        }
        Ok(())
    };
    let mut out = std::io::stdout();
    writeln!(
        out,
        "You are seat {seat}. Type an action (e.g. 'bid 7H', '7h', 'pass', 'AS'), its number, 'hint', or 'quit'."
    )?;
    // The hand and phase the sitting-out dealer was last shown the table in.
    let mut watched = None;
    'game: while let Some(hand) = m.current_hand() {
        let Some(to_move) = hand.to_move() else { break };
        let obs = hand.observation(Viewer::Seat(to_move));
        if to_move != seat {
            // F1: the four-player dealer has no turn in most hands; he is shown the table
            // as each phase begins (the contract, the talon) and when hands are laid open
            // (W4: after the declarer's first card when he leads), as a player is.
            let mine = hand.observation(Viewer::Seat(seat));
            let open = mine.hands.iter().filter(|h| h.cards.is_some()).count();
            let now = Some((m.finished_hands().len(), mine.phase, open));
            if sits_out(&mine, seat) && watched != now {
                watched = now;
                write!(out, "{}", table_text(&mine, seat, ascii))?;
            }
        }
        let action = if to_move == seat {
            write!(out, "{}> ", show(&obs, seat, ascii))?;
            out.flush()?;
            loop {
                let Some(line) = next_line()? else {
                    break 'game;
                };
                if line.trim() == "quit" {
                    break 'game;
                }
                if line.trim() == "hint" {
                    for (i, h) in preferans_bots::hints::hints(&obs, &mut adviser)
                        .iter()
                        .take(5)
                        .enumerate()
                    {
                        let action = pick(ascii, h.action.symbol_text(), h.action);
                        writeln!(out, "  {}. {:<14} {}", i + 1, action, h.reason)?;
                    }
                    write!(out, "> ")?;
                    out.flush()?;
                    continue;
                }
                match parse_input(&line, &obs.legal_actions) {
                    Some(a) => {
                        // A number names the action only by its place in the list: say it.
                        if line.trim().parse::<usize>().is_ok() {
                            writeln!(out, "you: {}", pick(ascii, a.symbol_text(), a))?;
                        }
                        break a;
                    }
                    None => {
                        let t = line.trim();
                        let number = t.parse::<usize>().ok();
                        match why_not(hand, to_move, &line, &obs.legal_actions) {
                            _ if t.is_empty() => {
                                write!(out, "type a choice: its number, or the action (7h, pass)\n> ")?
                            }
                            _ if number.is_some() => write!(
                                out,
                                "no choice {t}: the choices are numbered 1 to {}\n> ",
                                obs.legal_actions.len()
                            )?,
                            Some(why) => write!(out, "not a legal choice here: '{}': {why}\n> ", line.trim())?,
                            None => write!(out, "not a legal choice here: '{}'\n> ", line.trim())?,
                        }
                        out.flush()?;
                    }
                }
            }
        } else {
            let Some(a) = bots[to_move as usize].choose(&obs) else {
                break;
            };
            writeln!(out, "seat {to_move}: {}", bot_action_text(a, ascii))?;
            a
        };
        let outcome = m.apply(to_move, action)?;
        save_record(&m)?;
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
            let name = |s: Seat| {
                if s == seat {
                    "you".to_string()
                } else {
                    format!("seat {s}")
                }
            };
            let n = m.finished_hands().len() as u32;
            let entries = crate::describe::hand_entries(m.sheet(), n, name);
            let written = if entries.is_empty() {
                String::new()
            } else {
                format!(" — {}", entries.join(", "))
            };
            writeln!(
                out,
                "== hand over: {}{written}",
                outcome.summary_at_table(players, m.finished_hands().last().map_or(0, |h| h.dealer()), name)
            )?;
        }
    }
    let sheet = m.sheet();
    let st = sheet.settlement(m.rules());
    let results: Vec<String> = (0..players as usize)
        .map(|s| {
            format!(
                "{} {}",
                if s == seat as usize {
                    "you".to_string()
                } else {
                    format!("seat {s}")
                },
                st.rounded(s)
            )
        })
        .collect();
    writeln!(
        out,
        "== after {}, settlement in whists: {}",
        crate::describe::count(sheet.hands() as usize, "hand"),
        results.join(", ")
    )?;
    if m.is_over() {
        let said = crate::describe::winner_text(&st, seat, |s| {
            if s == usize::from(seat) {
                "you".to_string()
            } else {
                format!("seat {s}")
            }
        });
        writeln!(out, "== the game is over. {said}")?;
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
        let screen = show(&hand.observation(Viewer::Seat(seat)), seat, true);
        assert!(screen.contains("all-pass: take as few tricks as you can"), "{screen}");
        let (hand, seat, _) = hand_where(|o| o.phase == preferans::russian::PhaseKind::Play);
        let screen = show(&hand.observation(Viewer::Seat(seat)), seat, true);
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
        assert!(why.contains("0..=10"), "{why}");
    }
}
