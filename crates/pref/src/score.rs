//! `pref score`: the scoresheet of a replayed record and its settlement, as text or JSON.

use std::fmt::Write;

use unicode_width::UnicodeWidthStr;

use preferans::scoring::Section;
use preferans::{Match, Seat};
use serde_json::json;

fn name(names: &[String], s: Seat) -> String {
    names.get(s as usize).cloned().unwrap_or_else(|| format!("seat {s}"))
}

/// How the match stands: over by the rules (the pool closed) or by its hand limit, or not.
/// A match with a hand limit plays to it even after its pool closed (as `--json` says).
fn ending(m: &Match) -> String {
    let limit = |n: u32| crate::describe::count(n as usize, "hand");
    match (m.sheet().is_game_over(m.rules()), m.hand_limit(), m.is_over()) {
        (true, None, _) | (true, Some(_), true) => " (game over)".into(),
        (false, Some(n), true) => format!(" (game over: the match's limit of {})", limit(n)),
        (true, Some(n), false) => format!(" (the pool is closed; the match plays on to its limit of {})", limit(n)),
        _ => String::new(),
    }
}

/// `text` and spaces up to `width` columns as a terminal shows them: a wide (CJK) character
/// takes two, so `format!`'s `{:<w}`, which counts characters, would misalign the column.
fn padded(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(text.width())))
}

/// The sheet section by section with dotted running totals, then the settlement.
pub fn score_text(m: &Match, names: &[String]) -> String {
    let sheet = m.sheet();
    let players = sheet.players();
    let mut out = String::new();
    let _ = writeln!(out, "Rules: {}", m.rules());
    let _ = writeln!(out, "Hands: {}{}", sheet.hands(), ending(m));
    for s in 0..players {
        let _ = writeln!(out, "Seat {s} ({}):", name(names, s));
        let mut rows = vec![("pool".to_string(), sheet.running(Section::Pool(s)))];
        // Section 3: Rostov keeps no mountain (its points are whists), so no row of zeros.
        if !(m.rules().mountain_as_whists() && sheet.totals().mountain[usize::from(s)] == 0) {
            rows.push(("mountain".into(), sheet.running(Section::Mountain(s))));
        }
        for on in (0..players).filter(|o| *o != s) {
            rows.push((
                format!("whists on {}", name(names, on)),
                sheet.running(Section::Whists { writer: s, on }),
            ));
        }
        // The numbers in one column, after the longest label (up to 60 characters).
        let width = rows.iter().map(|r| r.0.width()).max().unwrap_or(0).clamp(8, 60);
        for (label, value) in rows {
            let _ = writeln!(out, "  {}  {value}", padded(&label, width));
        }
    }
    let st = sheet.settlement(m.rules());
    let _ = writeln!(out, "Settlement (whists, S10):");
    let labels: Vec<String> = (0..players).map(|s| format!("{s} {}", name(names, s))).collect();
    // The column as wide as the longest name, so the numbers line up (up to 60 characters: a
    // longer name pushes its own line out; `fmt` takes no width past 65,535 at all).
    let width = labels.iter().map(|l| l.width()).max().unwrap_or(0).clamp(12, 60);
    for (s, label) in labels.iter().enumerate() {
        let (num, den) = st.exact(s);
        let _ = writeln!(
            out,
            "  {} {:>10}   (exact {})",
            padded(label, width),
            st.rounded(s),
            fraction(num, den)
        );
    }
    out
}

/// The same as JSON: totals, every line with its hand, and the settlement.
pub fn score_json(m: &Match, names: &[String]) -> String {
    let sheet = m.sheet();
    let players = sheet.players() as usize;
    let t = sheet.totals();
    let st = sheet.settlement(m.rules());
    let seats: Vec<_> = (0..players)
        .map(|s| {
            let (num, den) = st.exact(s);
            json!({
                "seat": s,
                "name": name(names, s as Seat),
                "pool": t.pool[s],
                "mountain": t.mountain[s],
                "whists_on": (0..players).map(|o| t.whists[s][o]).collect::<Vec<_>>(),
                "result": { "numerator": num, "denominator": den, "rounded": st.rounded(s) },
            })
        })
        .collect();
    let lines: Vec<_> = sheet
        .lines()
        .iter()
        .map(|l| json!({ "hand": l.hand, "entry": l.entry }))
        .collect();
    serde_json::to_string_pretty(&json!({
        "rules": m.rules().to_string(),
        "hands": sheet.hands(),
        // Over by the rules (the pool closed) or by the match's hand limit.
        "game_over": m.is_over(),
        "pool_closed": sheet.is_game_over(m.rules()),
        "hand_limit": m.hand_limit(),
        "seats": seats,
        "lines": lines,
    }))
    .unwrap_or_default()
}

/// `num/den` in lowest terms; a whole number without its denominator.
fn fraction(num: i64, den: i64) -> String {
    let (mut a, mut b) = (num.unsigned_abs(), den.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = i64::try_from(a.max(1)).unwrap_or(1);
    let (num, den) = (num / g, den / g);
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_settlement_lines_up_after_names_in_wide_scripts() {
        use unicode_width::UnicodeWidthStr;
        let m = preferans::Match::new(preferans::Rules::sochi(), 3, 0, Some(1));
        let names: Vec<String> = ["王小明", "Ann", "Борис"].map(String::from).to_vec();
        let text = super::score_text(&m, &names);
        let rows: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with("Settlement"))
            .skip(1)
            .collect();
        assert_eq!(rows.len(), 3, "{text}");
        // Each number ends in the same column as a terminal shows it.
        let ends: Vec<usize> = rows
            .iter()
            .map(|r| r.split("   (exact").next().unwrap().width())
            .collect();
        assert!(ends.iter().all(|e| *e == ends[0]), "{ends:?}\n{text}");
    }

    #[test]
    fn s9_a_closed_pool_under_a_hand_limit_is_said_to_play_on() {
        use preferans::{HandState, Match, Rules, Viewer};
        let mut rules = Rules::sochi();
        rules.set_many([("target", "1")]).unwrap();
        let mut m = Match::new(rules, 3, 0, Some(1000));
        while !m.sheet().is_game_over(m.rules()) {
            let hand = m.current_hand().expect("the limit is far");
            let seat = hand.to_move().unwrap();
            let first = hand.observation(Viewer::Seat(seat)).legal_actions[0];
            m.apply(seat, first).unwrap();
        }
        assert!(!m.is_over(), "a match with a limit plays on");
        assert_eq!(
            super::ending(&m),
            " (the pool is closed; the match plays on to its limit of 1000 hands)"
        );
    }

    #[test]
    fn section_3_rostov_keeps_no_mountain_row() {
        use preferans::{HandState, Match, Rules, Viewer};
        let names: Vec<String> = (0..3).map(|s| format!("seat {s}")).collect();
        for (preset, rows) in [("rostov", 0), ("sochi", 3)] {
            let mut m = Match::new(Rules::preset(preset).unwrap(), 3, 0, Some(3));
            while !m.is_over() {
                let hand = m.current_hand().unwrap();
                let seat = hand.to_move().unwrap();
                let first = hand.observation(Viewer::Seat(seat)).legal_actions[0];
                m.apply(seat, first).unwrap();
            }
            let text = super::score_text(&m, &names);
            assert_eq!(text.matches("  mountain  ").count(), rows, "{preset}: {text}");
            assert!(text.contains("  pool "), "{text}");
        }
    }

    #[test]
    fn fractions_in_lowest_terms() {
        assert_eq!(super::fraction(-10320, 3), "-3440");
        assert_eq!(super::fraction(0, 3), "0");
        assert_eq!(super::fraction(7, 3), "7/3");
        assert_eq!(super::fraction(14, 6), "7/3");
        assert_eq!(super::fraction(5, -10), "-1/2");
    }
}
