//! The scoresheet drawn as the classic triangular pulya, as SVG text (pure; no I/O). For 3 and
//! 4 players the sheet is a square cut into one sector per player by lines from the centre;
//! in each sector, from the centre outwards: the mountain, the pool, and the whists against
//! each opponent at the outer edge; the target is written in the central circle. Two players
//! (Hussar) get two halves.

use std::f64::consts::PI;
use std::fmt::Write;

use super::{Scoresheet, Section};
use crate::rules::{End, Rules};
use crate::Seat;

const SIZE: f64 = 560.0;
const MARGIN: f64 = 40.0;
/// Scales of the nested squares: the outer edge, then the whists/pool, pool/mountain and
/// mountain/centre boundaries.
const RINGS: [f64; 4] = [1.0, 0.8, 0.6, 0.38];
const CIRCLE: f64 = 0.16;
/// The smallest font a band's text is shrunk to before a running total is shortened.
const READABLE_FONT: f64 = 9.0;
/// The width of a character, in ems (the fonts' digits are about 0.6 em wide).
const CHAR_EM: f64 = 0.6;

/// `prefix` and the running total `running` in at most `room` characters: the whole when it
/// fits, else "…" and as many of its last numbers as fit (`…6.10.14`; the last one always).
fn fitted(prefix: &str, running: &str, room: usize) -> String {
    let whole = format!("{prefix}{running}");
    let parts: Vec<&str> = running.split('.').collect();
    // A single number has nothing to leave out.
    if whole.chars().count() <= room || parts.len() == 1 {
        return whole;
    }
    let mut kept = parts.len() - 1;
    // Each number taken in front costs its digits and a dot.
    let mut len = prefix.chars().count() + 1 + parts[kept].chars().count();
    while kept > 0 && len + parts[kept - 1].chars().count() < room {
        kept -= 1;
        len += parts[kept].chars().count() + 1;
    }
    format!("{prefix}…{}", parts[kept..].join("."))
}

/// The angles (radians, counter-clockwise from the x axis, y up) of the dividing rays, and
/// each seat's sector as (start, end) going counter-clockwise. Seat 0 sits at the bottom.
fn sectors(players: u8) -> Vec<(f64, f64)> {
    let deg = |d: f64| d * PI / 180.0;
    match players {
        2 => vec![(deg(180.0), deg(360.0)), (deg(0.0), deg(180.0))],
        4 => vec![
            (deg(225.0), deg(315.0)),
            (deg(315.0), deg(405.0)),
            (deg(45.0), deg(135.0)),
            (deg(135.0), deg(225.0)),
        ],
        // Seat 0 bottom-right, seat 1 top, seat 2 bottom-left (clockwise from seat 0: the
        // next seat sits on his left).
        _ => vec![
            (deg(270.0), deg(405.0)),
            (deg(45.0), deg(135.0)),
            (deg(135.0), deg(270.0)),
        ],
    }
}

/// The point where the ray at `angle` meets the square of half-size `half` around the centre.
fn on_square(angle: f64, half: f64) -> (f64, f64, bool) {
    let (c, s) = (angle.cos(), angle.sin());
    let t = half / c.abs().max(s.abs());
    let vertical_edge = c.abs() >= s.abs();
    (t * c, t * s, vertical_edge)
}

fn to_svg(x: f64, y: f64) -> (f64, f64) {
    (MARGIN + SIZE / 2.0 + x, MARGIN + SIZE / 2.0 - y)
}

/// Text as SVG character data: markup escaped, the characters XML 1.0 does not allow
/// (control characters, U+FFFE and U+FFFF) left out.
fn esc(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_control() && !matches!(c, '\u{fffe}' | '\u{ffff}'))
        .collect::<String>()
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The longest straight piece of the square of half-size `half` between the rays at angles
/// `a` and `b` (counter-clockwise), as its two end points.
fn longest_edge(a: f64, b: f64, half: f64) -> ((f64, f64), (f64, f64)) {
    let mut points = vec![on_square(a, half)];
    let mut corner = (a / (PI / 2.0) - 0.5).floor() * (PI / 2.0) + PI / 4.0;
    while corner <= a + 1e-9 {
        corner += PI / 2.0;
    }
    while corner < b - 1e-9 {
        points.push(on_square(corner, half));
        corner += PI / 2.0;
    }
    points.push(on_square(b, half));
    let mut best = ((0.0, 0.0), (0.0, 0.0));
    let mut best_len = -1.0;
    for w in points.windows(2) {
        let ((x0, y0, _), (x1, y1, _)) = (w[0], w[1]);
        let len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();
        if len > best_len {
            best_len = len;
            best = ((x0, y0), (x1, y1));
        }
    }
    best
}

/// The outer edge of the sector from angle `a` to `b` cut into `n` pieces of equal length:
/// the `n + 1` angles of the cuts, `a` first and `b` last.
fn split_evenly(a: f64, b: f64, n: usize) -> Vec<f64> {
    let ((x0, y0, _), (x1, y1, _)) = (on_square(a, 1.0), on_square(b, 1.0));
    let mut points = vec![(x0, y0)];
    let mut corner = (a / (PI / 2.0) - 0.5).floor() * (PI / 2.0) + PI / 4.0;
    while corner <= a + 1e-9 {
        corner += PI / 2.0;
    }
    while corner < b - 1e-9 {
        let (x, y, _) = on_square(corner, 1.0);
        points.push((x, y));
        corner += PI / 2.0;
    }
    points.push((x1, y1));
    let seg = |i: usize| ((points[i + 1].0 - points[i].0).powi(2) + (points[i + 1].1 - points[i].1).powi(2)).sqrt();
    let total: f64 = (0..points.len() - 1).map(seg).sum();
    let mut cuts = vec![a];
    for k in 1..n {
        let mut d = total * k as f64 / n as f64;
        for i in 0..points.len() - 1 {
            let l = seg(i);
            if d <= l || i == points.len() - 2 {
                let t = if l > 0.0 { d / l } else { 0.0 };
                let (x, y) = (
                    points[i].0 + t * (points[i + 1].0 - points[i].0),
                    points[i].1 + t * (points[i + 1].1 - points[i].1),
                );
                let mut ang = y.atan2(x);
                while ang < a {
                    ang += 2.0 * PI;
                }
                cuts.push(ang);
                break;
            }
            d -= l;
        }
    }
    cuts.push(b);
    cuts
}

/// `prefix` and the running total `running` in the band between rings `outer` and `inner` of
/// the sector from angle `a` to `b`, along the longest edge of that band, shrunk to fit it —
/// and shortened to its last numbers only when even [`READABLE_FONT`] would not fit it.
fn label(
    out: &mut String,
    (a, b): (f64, f64),
    (outer, inner): (f64, f64),
    (prefix, running): (&str, &str),
    class: &str,
) {
    let half = SIZE / 2.0 * (outer + inner) / 2.0;
    let ((x0, y0), (x1, y1)) = longest_edge(a, b, half);
    let (x, y) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let vertical = (x1 - x0).abs() < (y1 - y0).abs();
    let (sx, sy) = to_svg(x, y);
    let rotate = match (vertical, x < 0.0) {
        (true, true) => -90.0,
        (true, false) => 90.0,
        _ => 0.0,
    };
    // Shrink the font until the text fits its edge.
    let max_len = ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt() * 0.92;
    let text = fitted(prefix, running, (max_len / (READABLE_FONT * CHAR_EM)) as usize);
    let font = (max_len / (text.chars().count().max(1) as f64 * CHAR_EM)).clamp(6.0, 13.0);
    let _ = writeln!(
        out,
        r#"<text class="{class}" x="{sx:.1}" y="{sy:.1}" font-size="{font:.1}" transform="rotate({rotate} {sx:.1} {sy:.1})" dy="0.35em">{}</text>"#,
        esc(&text)
    );
}

/// The pulya of `sheet` as an SVG document; `names` label the seats.
pub fn pulya_svg(sheet: &Scoresheet, rules: &Rules, names: &[String]) -> String {
    let players = sheet.players().clamp(2, 4);
    let half = SIZE / 2.0;
    let full = SIZE + 2.0 * MARGIN;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {h}" width="{full}" height="{h}" font-family="DejaVu Sans, Arial, sans-serif">"#,
        h = full + 90.0
    );
    let _ = writeln!(
        s,
        "<style>.line{{stroke:#1a3d7c;stroke-width:1.6;fill:none}} .pool{{fill:#0b5d1e;text-anchor:middle}} \
         .mountain{{fill:#a11;text-anchor:middle}} .whists{{fill:#222;text-anchor:middle}} \
         .name{{font-weight:bold;text-anchor:middle;font-size:14px}} .small{{font-size:10px;fill:#555;text-anchor:middle}}</style>"
    );
    let _ = writeln!(
        s,
        r##"<rect x="0" y="0" width="{full}" height="{}" fill="#fffdf5"/>"##,
        full + 90.0
    );
    // The nested squares and the central circle.
    for r in RINGS {
        let (x, y) = to_svg(-half * r, half * r);
        let _ = writeln!(
            s,
            r#"<rect class="line" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{w:.1}"/>"#,
            w = SIZE * r
        );
    }
    let (cx, cy) = to_svg(0.0, 0.0);
    let _ = writeln!(
        s,
        r##"<circle class="line" cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="#fffdf5"/>"##,
        half * CIRCLE
    );
    let o = rules.russian();
    let target = match o.end {
        End::EachReachesTarget => o.target.to_string(),
        End::PoolSum => format!("Σ{}", o.pool_total.unwrap_or(o.target * u32::from(players))),
    };
    let _ = writeln!(
        s,
        r#"<text x="{cx:.1}" y="{cy:.1}" dy="0.35em" text-anchor="middle" font-size="22" font-weight="bold">{}</text>"#,
        esc(&target)
    );
    let secs = sectors(players);
    // Dividing rays from the circle's edge (not across the target) to the outer edge.
    for (a, _) in &secs {
        let (x0, y0) = (half * CIRCLE * a.cos(), half * CIRCLE * a.sin());
        let (x1, y1, _) = on_square(*a, half);
        let ((ax, ay), (bx, by)) = (to_svg(x0, y0), to_svg(x1, y1));
        let _ = writeln!(
            s,
            r#"<line class="line" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}"/>"#
        );
    }
    for (seat, &(a, b)) in secs.iter().enumerate() {
        let seat = seat as Seat;
        let mid = (a + b) / 2.0;
        let mountain = sheet.running(Section::Mountain(seat));
        label(&mut s, (a, b), (RINGS[2], RINGS[3]), ("", &mountain), "mountain");
        let pool = sheet.running(Section::Pool(seat));
        label(&mut s, (a, b), (RINGS[1], RINGS[2]), ("", &pool), "pool");
        // Whists against each opponent: the outer band split evenly, opponents clockwise.
        let opponents: Vec<Seat> = (1..players).map(|k| (seat + k) % players).collect();
        let cuts = split_evenly(a, b, opponents.len());
        for (i, on) in opponents.iter().enumerate() {
            // Counter-clockwise order of sub-sectors is the reverse of clockwise seats.
            let k = opponents.len() - 1 - i;
            let (sa, sb) = (cuts[k], cuts[k + 1]);
            if i > 0 {
                let (x0, y0, _) = on_square(sb, half * RINGS[1]);
                let (x1, y1, _) = on_square(sb, half * RINGS[0]);
                let ((ax, ay), (bx, by)) = (to_svg(x0, y0), to_svg(x1, y1));
                let _ = writeln!(
                    s,
                    r#"<line class="line" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke-dasharray="4 3"/>"#
                );
            }
            let prefix = format!("{}: ", name(names, *on));
            let whists = sheet.running(Section::Whists { writer: seat, on: *on });
            label(&mut s, (sa, sb), (RINGS[0], RINGS[1]), (&prefix, &whists), "whists");
        }
        // The player's name outside his sector.
        let (x, y, vertical) = on_square(mid, half + MARGIN * 0.55);
        let (sx, sy) = to_svg(x, y);
        let rotate = if vertical {
            if x < 0.0 {
                -90.0
            } else {
                90.0
            }
        } else {
            0.0
        };
        let _ = writeln!(
            s,
            r#"<text class="name" x="{sx:.1}" y="{sy:.1}" dy="0.35em" transform="rotate({rotate} {sx:.1} {sy:.1})">{}</text>"#,
            esc(&name(names, seat))
        );
    }
    // The settlement under the sheet.
    let st = sheet.settlement(rules);
    let results: Vec<String> = (0..players as usize)
        .map(|i| format!("{} {}", name(names, i as Seat), st.rounded(i)))
        .collect();
    let line = format!("Settlement (whists): {}", results.join(" · "));
    let font = ((full - 20.0) / (line.chars().count() as f64 * 0.6)).min(14.0);
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="{font:.1}">{}</text>"#,
        full / 2.0,
        full + 30.0,
        esc(&line)
    );
    // The rules (long with options set) and the legend on lines of their own, each sized
    // to fit the width.
    let lines = [
        format!("{} — hands: {}", rules, sheet.hands()),
        "green: pool · red: mountain · outer band: whists written on each opponent".to_string(),
    ];
    for (i, line) in lines.iter().enumerate() {
        let font = ((full - 20.0) / (line.chars().count() as f64 * 0.6)).min(10.0);
        let _ = writeln!(
            s,
            r#"<text class="small" x="{:.1}" y="{:.1}" style="font-size:{font:.1}px">{}</text>"#,
            full / 2.0,
            full + 52.0 + 14.0 * i as f64,
            esc(line)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// A seat's name on the drawing, cut to [`NAME_CHARS`] characters with "…": a longer one
/// ran off the canvas and shrank every label that quotes it below reading size.
fn name(names: &[String], seat: Seat) -> String {
    let full = names
        .get(seat as usize)
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"));
    if full.chars().count() <= NAME_CHARS {
        return full;
    }
    let mut cut: String = full.chars().take(NAME_CHARS - 1).collect();
    cut.push('…');
    cut
}

/// The most characters of a name the drawing shows.
const NAME_CHARS: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Match;

    #[test]
    fn names_are_escaped_control_characters_dropped_and_long_rules_fit() {
        let mut rules = Rules::preset("leningrad").unwrap();
        rules
            .set_many([
                ("players", "4"),
                ("dealer_whist_when_both_pass", "true"),
                ("talon_push", "true"),
            ])
            .unwrap();
        let m = Match::new(rules, 1, 0, Some(1));
        let long = "Konstantin Aleksandrovich Gus";
        let names: Vec<String> = ["a<b>&c", "\u{1b}[31mred\u{fffe}", "x\u{ffff}", long]
            .map(String::from)
            .into();
        let svg = pulya_svg(m.sheet(), m.rules(), &names);
        assert!(
            !svg.chars()
                .any(|c| (c.is_control() && c != '\n') || matches!(c, '\u{fffe}' | '\u{ffff}')),
            "XML 1.0 has no control characters, nor U+FFFE or U+FFFF"
        );
        assert!(svg.contains("a&lt;b&gt;&amp;c") && svg.contains("[31mred"));
        // A long name is cut short, not drawn off the canvas.
        assert!(svg.contains(">Konstantin Alek…<") && !svg.contains(long), "{svg}");
        let full = SIZE + 2.0 * MARGIN;
        let small: Vec<&str> = svg.lines().filter(|l| l.contains(r#"class="small""#)).collect();
        assert_eq!(small.len(), 2, "the rules and the legend");
        for line in small {
            let font: f64 = line
                .split("font-size:")
                .nth(1)
                .unwrap()
                .split("px")
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let text = line.split('>').nth(1).unwrap().split('<').next().unwrap();
            assert!(font * 0.6 * text.chars().count() as f64 <= full - 19.0, "{line}");
        }
        assert!(svg.contains("talon_push"), "the options are shown");
    }

    /// The number in the first `name="…"` of an SVG element's text.
    fn attribute(element: &str, name: &str) -> f64 {
        let value = element.split(&format!("{name}=\"")).nth(1).unwrap().split('"').next();
        value.unwrap().parse().unwrap()
    }

    #[test]
    fn a_running_total_is_shortened_only_when_its_band_has_no_room() {
        assert_eq!(fitted("", "2.4.6", 20), "2.4.6");
        assert_eq!(fitted("", "2.4.6.8.10.12.14.16", 12), "…10.12.14.16");
        assert_eq!(fitted("", "2.4.6.8.10.12.14.16", 11), "…12.14.16");
        assert_eq!(fitted("Ann: ", "10.20.30", 10), "Ann: …30");
        // The last number whatever the room.
        assert_eq!(fitted("Ann: ", "10.20.300", 3), "Ann: …300");
        assert_eq!(fitted("Konstantin: ", "0", 3), "Konstantin: 0");
        // A pool band of the 3- or 4-player sheet holds a dozen numbers whole (it kept six).
        let running = "2.4.6.8.10.12.14.16.18.20.22.24";
        for players in [3u8, 4] {
            let (a, b) = sectors(players)[0];
            let mut out = String::new();
            label(&mut out, (a, b), (RINGS[1], RINGS[2]), ("", running), "pool");
            assert!(out.contains(&format!(">{running}<")), "{players}: {out}");
            let font = attribute(&out, "font-size");
            assert!(font >= READABLE_FONT, "{font}");
        }
    }

    #[test]
    fn the_dividing_lines_start_at_the_circle_not_across_the_target() {
        for players in [2u8, 3, 4] {
            let mut rules = Rules::sochi();
            rules.set_many([("players", &players.to_string()[..])]).unwrap();
            let m = Match::new(rules, 1, 0, Some(1));
            let svg = pulya_svg(m.sheet(), m.rules(), &[]);
            let (cx, cy) = to_svg(0.0, 0.0);
            let radius = SIZE / 2.0 * CIRCLE;
            let rays: Vec<&str> = svg
                .lines()
                .filter(|l| l.starts_with("<line") && !l.contains("dasharray"))
                .collect();
            assert_eq!(rays.len(), usize::from(players), "{svg}");
            for ray in rays {
                let from_centre = ((attribute(ray, "x1") - cx).powi(2) + (attribute(ray, "y1") - cy).powi(2)).sqrt();
                assert!((from_centre - radius).abs() < 0.2, "{players} players: {ray}");
            }
        }
    }
}
