//! Readable text of a record, hand by hand: hands, auction, talon, discard, contract, whist,
//! tricks and the outcome (`pref replay`).

use std::fmt::Write;

use preferans::observation::{Holder, TrickCard};
use preferans::record::Record;
use preferans::{Action, HandState, Viewer};

/// `n` and the word, in the plural unless `n` is 1: "1 hand", "3 hands".
pub fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// What hand `n` (from 1) wrote on the sheet, each seat called by `name`: "you pool +2",
/// "seat 1 mountain +4", "seat 2 writes 6 whists on you".
pub fn hand_entries(
    sheet: &preferans::scoring::Scoresheet,
    n: u32,
    name: impl Fn(preferans::Seat) -> String,
) -> Vec<String> {
    use preferans::scoring::{Entry, Why};
    let entries = sheet.entries_of_hand(n);
    // Two whist entries between the same players (a failed contract's consolation and the
    // tricks, S2/S3) would read alike: those say why.
    let pair = |e: &Entry| match e {
        Entry::Whists { writer, on, .. } => Some((*writer, *on)),
        _ => None,
    };
    let shared = |e: &Entry| pair(e).is_some() && entries.iter().filter(|o| pair(o) == pair(e)).count() > 1;
    // Every entry says why, but those the hand's outcome explains (a contract's pool or
    // undertricks, a misère's, an all-pass's, the defenders' whists for their tricks or a
    // half-whist): a sitting-out dealer's point (F3), a whister's responsibility (S4) or a
    // Rostov conversion (section 3) would otherwise look like something else.
    let why = |e: &Entry| match (e, e.why()) {
        (
            Entry::Pool { .. } | Entry::Mountain { .. },
            Why::Contract | Why::Undertricks | Why::Misere | Why::AllPass,
        ) => String::new(),
        (Entry::Whists { .. }, Why::Tricks | Why::HalfWhist) if !shared(e) => String::new(),
        // S8 under Rostov: the aid's surplus off a mountain is written as whists taken back.
        (Entry::Whists { points, .. }, Why::Aid) if *points < 0 => " (aid: the surplus off his mountain)".to_string(),
        (_, w) => format!(" ({})", why_text(w)),
    };
    entries
        .iter()
        .map(|e| match e {
            Entry::Pool { seat, points, .. } => format!("{} pool {points:+}{}", name(*seat), why(e)),
            // S8: an aid may take points off a mountain ("mountain -1").
            Entry::Mountain { seat, points, .. } => format!("{} mountain {points:+}{}", name(*seat), why(e)),
            Entry::Whists { writer, on, points, .. } => {
                let who = name(*writer);
                format!(
                    "{who} {} {points} whist{} on {}{}",
                    if who == "you" { "write" } else { "writes" },
                    if *points == 1 { "" } else { "s" },
                    name(*on),
                    why(e)
                )
            }
        })
        .collect()
}

/// X4: an all-pass scored under the amnesty says so (", amnesty (X4): 1 trick off each"),
/// or its "took 1 trick … pool +1" would read as a contradiction; "" otherwise.
pub fn amnesty_note(rules: &preferans::Rules, outcome: &preferans::HandOutcome, dealer: preferans::Seat) -> String {
    let preferans::HandOutcome::AllPass { tricks } = outcome else {
        return String::new();
    };
    let least = preferans::scoring::allpass_amnesty(rules, dealer, tricks);
    if least == 0 {
        return String::new();
    }
    format!(", amnesty (X4): {} off each", count(usize::from(least), "trick"))
}

/// Why an entry was written, in a word or two (section 3's rule names).
pub fn why_text(why: preferans::scoring::Why) -> &'static str {
    use preferans::scoring::Why;
    match why {
        Why::Contract => "contract",
        Why::Undertricks => "undertricks",
        Why::Consolation => "consolation",
        Why::Tricks => "tricks",
        Why::Responsibility => "responsibility",
        Why::Misere => "misère",
        Why::AllPass => "all-pass",
        Why::HalfWhist => "half-whist",
        Why::Aid => "aid",
        Why::Dealer => "dealer, F3",
        Why::TalonBonus => "dealer's talon bonus, F3",
    }
}

fn holder(h: Holder) -> String {
    match h {
        Holder::Seat(s) => format!("seat {s}"),
        Holder::Dummy => "dummy".into(),
        Holder::Talon => "talon".into(),
    }
}

fn trick_text(cards: &[TrickCard]) -> String {
    cards
        .iter()
        .map(|t| format!("{} {}", holder(t.by), t.card.symbol_text()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The record as text. Assumes the record replays (call [`Record::replay`] first); stops at
/// the first problem otherwise.
pub fn describe_record(record: &Record) -> String {
    let mut out = String::new();
    let Ok(rules) = record.build_rules() else {
        return out;
    };
    let _ = writeln!(out, "Rules: {rules}");
    for (i, p) in record.players.iter().enumerate() {
        let _ = writeln!(out, "Seat {i}: {} ({})", p.name, p.kind);
    }
    if let Some(seed) = record.seed {
        let _ = writeln!(out, "Seed: {seed}");
    }
    let Ok(mut m) = record.start() else {
        return out;
    };
    for (i, h) in record.hands.iter().enumerate() {
        if record.begin_hand(&mut m, i).is_err() {
            break;
        }
        let Some(hand) = m.current_hand() else { break };
        let _ = writeln!(out, "\nHand {} — dealer seat {}", h.number, h.dealer);
        for (s, cards) in h.deal.hands.iter().enumerate() {
            if !cards.is_empty() {
                let _ = writeln!(out, "  seat {s}: {}", cards.symbol_text());
            }
        }
        if let Some(d) = h.deal.dummy {
            let _ = writeln!(out, "  dummy:  {}", d.symbol_text());
        }
        let _ = writeln!(
            out,
            "  talon:  {} {}",
            h.deal.talon[0].symbol_text(),
            h.deal.talon[1].symbol_text()
        );
        let mut tricks_seen = hand.tricks_done();
        let finished_before = m.finished_hands().len();
        for a in &h.actions {
            let is_play = matches!(a.action, Action::Play(_));
            if !is_play {
                // A3: the eldest's hold repeats the highest bid.
                let held = m
                    .current_hand()
                    .is_some_and(|hd| hd.observation(Viewer::Spectator).is_hold(a.action));
                let hold = if held { " (hold)" } else { "" };
                let _ = writeln!(out, "  seat {}: {}{hold}", a.seat, action_words(a.action));
            }
            if m.apply(a.seat, a.action).is_err() {
                let _ = writeln!(out, "  (stops: illegal action)");
                return out;
            }
            // The hand just played: the finished one if this action ended it.
            let this_hand = if m.finished_hands().len() > finished_before {
                m.finished_hands().last()
            } else {
                m.current_hand()
            };
            if let Some(hd) = this_hand.filter(|hd| is_play && hd.tricks_done() != tricks_seen) {
                tricks_seen = hd.tricks_done();
                let o = hd.observation(Viewer::Spectator);
                let won = o
                    .last_trick_winner
                    .map_or(String::new(), |w| format!(" — won by {}", holder(w)));
                let _ = writeln!(out, "  trick {tricks_seen}: {}{won}", trick_text(&o.last_trick));
            }
        }
        if let Some(o) = h.outcome {
            let _ = writeln!(
                out,
                "  result: {}",
                o.summary_at_table(&rules, h.dealer, |s| format!("seat {s}"))
            );
            // What it wrote: an all-pass's pool points go to who took no trick.
            let entries = hand_entries(m.sheet(), h.number, |s| format!("seat {s}"));
            if !entries.is_empty() {
                let _ = writeln!(out, "  written: {}", entries.join(", "));
            }
        }
    }
    out
}

/// Who won by the final settlement (S10, exact): "You win." (`you` is the user's seat),
/// "X wins.", a shared first place, or a draw; `name` names a seat. A match stopped by its
/// hand limit before the pool closed (S9) has no winner: `closed` false says who is ahead.
pub fn winner_text(
    st: &preferans::scoring::Settlement,
    you: preferans::Seat,
    closed: bool,
    name: impl Fn(usize) -> String,
) -> String {
    let places = st.places();
    let players = places.len();
    let top: Vec<usize> = (0..players).filter(|&s| places[s] == 1).collect();
    let (win, wins, share, draw) = if closed {
        ("You win.", "wins.", "share first place.", "A draw: everyone ends even.")
    } else {
        ("You are ahead.", "is ahead.", "share the lead.", "Everyone is even.")
    };
    match top[..] {
        _ if top.len() == players => draw.to_string(),
        [one] if one == usize::from(you) => win.to_string(),
        [one] => format!("{} {wins}", name(one)),
        _ => {
            let names: Vec<String> = top.iter().map(|&s| name(s)).collect();
            format!("{} {share}", names.join(" and "))
        }
    }
}

/// An action in a sentence, with suit symbols: a bid says it is one (`bid 8♦`, not a bare
/// `8♦` that reads as a card); the rest as [`Action::symbol_text`].
pub fn action_words(a: Action) -> String {
    match a {
        Action::Bid(b) => format!("bid {}", b.symbol_text()),
        other => other.symbol_text(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use preferans::scoring::Why;
    use preferans::{HandState, Match, Rules, Viewer};

    /// Heuristic bots play `rules` from `seed` until `stop` holds for a finished hand (its
    /// number and outcome), or 60 hands pass.
    fn until(rules: Rules, seed: u64, stop: impl Fn(&Match, u32, &preferans::HandOutcome) -> bool) -> (Match, u32) {
        let mut m = Match::new(rules, seed, 0, Some(60));
        let mut bot = preferans_bots::HeuristicBot::new();
        while let Some(hand) = m.current_hand() {
            let seat = hand.to_move().unwrap();
            let a = preferans_bots::Bot::choose(&mut bot, &hand.observation(Viewer::Seat(seat))).unwrap();
            if let Some(o) = m.apply(seat, a).unwrap() {
                let n = m.finished_hands().len() as u32;
                if stop(&m, n, &o) {
                    return (m, n);
                }
            }
        }
        panic!("no such hand in 60");
    }

    #[test]
    fn s8_an_aid_is_named_as_one() {
        let mut rules = Rules::sochi();
        rules.set("end", "each_reaches_target").unwrap();
        let (m, n) = until(rules, 9, |m, n, _| {
            m.sheet().entries_of_hand(n).iter().any(|e| e.why() == Why::Aid)
        });
        let text = hand_entries(m.sheet(), n, |s| format!("seat {s}")).join(", ");
        assert!(text.contains(" pool +") && text.contains("(aid)"), "{text}");
    }

    #[test]
    fn x4_an_amnestied_allpass_says_what_came_off() {
        let mut rules = Rules::sochi();
        rules.set("allpass_amnesty", "true").unwrap();
        let least = |o: &preferans::HandOutcome| match o {
            preferans::HandOutcome::AllPass { tricks } => tricks[..3].iter().min().copied(),
            _ => None,
        };
        let (m, n) = until(rules.clone(), 1, |_, _, o| least(o).is_some_and(|l| l > 0));
        let o = m.finished_hands()[n as usize - 1].outcome().unwrap();
        let l = least(&o).unwrap();
        let note = amnesty_note(m.rules(), &o, 0);
        assert_eq!(
            note,
            format!(", amnesty (X4): {} off each", count(usize::from(l), "trick"))
        );
        assert_eq!(amnesty_note(&Rules::sochi(), &o, 0), "", "no amnesty, no note");
    }
}
