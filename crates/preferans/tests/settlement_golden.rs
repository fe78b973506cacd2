//! Golden settlements (S1–S10, X3, X4, F3, H2): whole random matches under each preset, player
//! count and the scoring options, with every seat's pool, mountain and exact result pinned in
//! `tests/data/settlements.txt`. The unit tests pin single hands worked by hand; these pin
//! how hundreds of hands add up, so any change to scoring or to the match around it (the
//! all-pass series, the deal passing, the end of the game) shows here. Every line was checked
//! hand by hand against an independent re-implementation of RULES.md when it was written
//! (docs/rules.md "Scoring").
//!
//! After a deliberate scoring change, regenerate with
//! `SETTLEMENT_GENERATE=1 cargo test -p preferans --test settlement_golden -- --nocapture`
//! (it prints every data line as the engine scores it now), check the differences against
//! RULES.md and paste them in. `SETTLEMENT_RECORDS=DIR` also writes each match's record
//! there, for checking by another program.

mod common;

use common::{choose, players, rules, SplitMix, Style};
use preferans::record::Record;
use preferans::{HandState, Match, Rules};

const DATA: &str = include_str!("data/settlements.txt");

/// One data line: `name preset players seed hands pass options => results`, where hands is a
/// hand limit or `end` (played to the end of the game, S9), pass is the players' percent
/// chance to pass in an auction nobody has opened (higher: more all-passes), options is `-`
/// or `key:value` pairs joined by commas (a list value joins its items with `+`), and results
/// is `hands_played | pools | mountains | results` (each per seat, comma-separated; results
/// are numerators over the number of players, S10).
struct Case<'a> {
    name: &'a str,
    preset: &'a str,
    players: u8,
    seed: u64,
    hands: Option<u32>,
    pass_pct: u8,
    options: Vec<(&'a str, String)>,
    expected: &'a str,
}

fn cases() -> Vec<Case<'static>> {
    DATA.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (head, expected) = line.split_once("=>").unwrap_or((line, ""));
            let w: Vec<&str> = head.split_whitespace().collect();
            assert_eq!(w.len(), 7, "seven words before => in {line:?}");
            let options = if w[6] == "-" {
                Vec::new()
            } else {
                w[6].split(',')
                    .map(|kv| {
                        let (k, v) = kv.split_once(':').unwrap_or_else(|| panic!("{kv:?} in {line:?}"));
                        (k, v.replace('+', ","))
                    })
                    .collect()
            };
            Case {
                name: w[0],
                preset: w[1],
                players: w[2].parse().unwrap(),
                seed: w[3].parse().unwrap(),
                hands: (w[4] != "end").then(|| w[4].parse().unwrap()),
                pass_pct: w[5].parse().unwrap(),
                options,
                expected: expected.trim(),
            }
        })
        .collect()
}

fn join(values: impl Iterator<Item = i64>) -> String {
    values.map(|v| v.to_string()).collect::<Vec<_>>().join(",")
}

/// A match of random players who pass with `pass_pct` and bid low (so that 6 and 7 contracts, whist
/// rounds, half-whists, misères and all-passes all come up), up to `hands` hands or else to
/// the end of the game.
fn styled_match(rules: Rules, seed: u64, hands: Option<u32>, pass_pct: u8) -> Match {
    let mut m = Match::new(rules, seed, (seed % 3) as u8, hands);
    let mut rng = SplitMix::new(seed);
    let style = Style { pass_pct, offer_pct: 3 };
    let mut legal = Vec::new();
    while let Some(h) = m.current_hand() {
        let seat = h.to_move().expect("a hand in progress has a seat to move");
        h.legal_actions(&mut legal);
        let a = choose(h, &legal, &mut rng, style);
        m.apply(seat, a).unwrap();
        assert!(m.sheet().hands() < 5_000, "the game does not end");
    }
    m
}

#[test]
fn s10_golden_settlements_of_whole_matches() {
    let generate = std::env::var_os("SETTLEMENT_GENERATE").is_some();
    let records = std::env::var_os("SETTLEMENT_RECORDS").map(std::path::PathBuf::from);
    let mut wrong = Vec::new();
    let cases = cases();
    assert!(cases.len() >= 20, "the data file holds {} cases", cases.len());
    for c in &cases {
        let extra: Vec<(&str, &str)> = c.options.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let m = styled_match(rules(c.preset, c.players, &extra), c.seed, c.hands, c.pass_pct);
        let n = usize::from(c.players);
        let totals = m.sheet().totals();
        let st = m.sheet().settlement(m.rules());
        assert_eq!(st.scaled_sum(), 0, "{}: S10 is zero-sum", c.name);
        let got = format!(
            "{} | {} | {} | {}",
            m.sheet().hands(),
            join(totals.pool[..n].iter().copied()),
            join(totals.mountain[..n].iter().copied()),
            join((0..n).map(|s| st.exact(s).0)),
        );
        if let Some(dir) = &records {
            let record = Record::from_match(&m, players(c.players));
            std::fs::write(dir.join(format!("{}.json", c.name)), record.to_json()).unwrap();
        }
        if generate {
            let hands = c.hands.map_or("end".to_string(), |h| h.to_string());
            let head = format!(
                "{} {} {} {} {hands} {}",
                c.name, c.preset, c.players, c.seed, c.pass_pct
            );
            let opts: Vec<String> = c
                .options
                .iter()
                .map(|(k, v)| format!("{k}:{}", v.replace(',', "+")))
                .collect();
            let opts = if opts.is_empty() {
                "-".to_string()
            } else {
                opts.join(",")
            };
            println!("{head} {opts} => {got}");
        } else if got != c.expected {
            wrong.push(format!("{}: expected {}, got {got}", c.name, c.expected));
        }
    }
    assert!(wrong.is_empty(), "settlements differ:\n{}", wrong.join("\n"));
}
