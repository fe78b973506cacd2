//! Runs the bodies of the cargo-fuzz targets (`fuzz/fuzz_targets/*.rs`, which include
//! `tests/common/fuzz_bodies.rs` by path) over a few thousand deterministic pseudo-random
//! inputs, so that CI exercises them on stable without nightly or libFuzzer.
//!
//! The inputs are built to get past the first checks: action streams are plain random bytes
//! (every byte pattern is meaningful to that target); records are real records of random
//! matches, serialised and then mutated, as text (bytes flipped, pieces cut, spliced or
//! repeated) and as records (an action, a seat, a card of the deal, a dealer, an option
//! changed; actions dropped or swapped); texts are glued from the tokens the parsers know.

mod common;

use common::fuzz_bodies::{action_stream, action_universe, record_parser, text_parsers};
use common::{choose, Options, SplitMix, Style};
use preferans::record::{OptionValue, PlayerRecord, Record};
use preferans::{Card, HandState, Match};

#[test]
fn fuzz_smoke_action_stream() {
    let mut rng = SplitMix::new(0xAC71_0057);
    for _ in 0..1500 {
        let len = 16 + rng.below(600);
        action_stream(&rng.bytes(len));
    }
    // Edge inputs: empty, short, all zeros, all ones.
    for data in [&[][..], &[1, 2, 3], &[0; 64], &[0xff; 300]] {
        action_stream(data);
    }
}

/// The JSON text of a record of a random match (sometimes stopped in the middle of a hand).
fn random_record_text(rng: &mut SplitMix) -> String {
    let opts = Options::random(rng);
    let style = Style::random(rng);
    let seed = rng.next_u64() % 1000;
    let mut m = Match::new(opts.rules(), seed, rng.below(4) as u8, Some(1 + rng.below(3) as u32));
    let stop = if rng.pct(30) { rng.below(60) } else { usize::MAX };
    let mut legal = Vec::new();
    let mut steps = 0;
    while let Some(h) = m.current_hand() {
        if steps == stop {
            break;
        }
        let Some(seat) = h.to_move() else { break };
        h.legal_actions(&mut legal);
        let a = choose(h, &legal, rng, style);
        m.apply(seat, a).expect("a legal action");
        steps += 1;
    }
    let players = (0..m.rules().players())
        .map(|i| PlayerRecord {
            name: format!("p{i}"),
            kind: "random".into(),
        })
        .collect();
    let text = Record::from_match(&m, players).to_json();
    // A record as written must replay (the mutated ones below need not).
    let record = Record::from_json(&text).expect("a written record parses");
    if let Err(e) = record.replay() {
        panic!("a written record does not replay: {e}\n{text}");
    }
    text
}

/// Pieces that keep a mutated record close to valid JSON of the format.
const RECORD_TOKENS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "9",
    "10",
    "255",
    "256",
    "-1",
    "1e3",
    "18446744073709551615",
    "null",
    "true",
    "false",
    "\"\"",
    "\"-\"",
    "\"AS\"",
    "\"TH\"",
    "\"7C\"",
    "\"pass\"",
    "\"bid 6S\"",
    "\"bid misere\"",
    "\"play AS\"",
    "\"discard 7S 8D\"",
    "\"declare 10NT\"",
    "\"whist\"",
    "\"open\"",
    "\"offer 3\"",
    "\"accept\"",
    "\"look 3\"",
    "\"AS KS QS JS TS 9S 8S 7S AC KC\"",
    "\"leningrad\"",
    "\"rostov\"",
    "\"hold\"",
    "\"players\"",
    "[]",
    "{}",
    ",",
    ":",
    "\"kind\"",
    "\"contract\"",
    "\"all-pass\"",
    "\"thrown-in\"",
    "\"outcome\"",
    "\"scores\"",
    "\"version\"",
];

/// One random mutation of `text`.
fn mutate(text: &str, rng: &mut SplitMix) -> String {
    let mut b = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        if b.is_empty() {
            b.extend_from_slice(b"{}");
        }
        let at = rng.below(b.len());
        match rng.below(7) {
            0 => b[at] ^= 1 << rng.below(8),
            1 => {
                let end = (at + rng.below(40)).min(b.len());
                b.drain(at..end);
            }
            2 => {
                let token = RECORD_TOKENS[rng.below(RECORD_TOKENS.len())];
                b.splice(at..at, token.bytes());
            }
            3 => {
                // Replace a value-looking run (digits or a quoted string) with a token.
                let end = (at + 1 + rng.below(12)).min(b.len());
                let token = RECORD_TOKENS[rng.below(RECORD_TOKENS.len())];
                b.splice(at..end, token.bytes());
            }
            4 => {
                // Duplicate a slice (repeated actions, hands).
                let end = (at + rng.below(200)).min(b.len());
                let piece = b[at..end].to_vec();
                let to = rng.below(b.len());
                b.splice(to..to, piece);
            }
            5 => {
                // Swap two digits or two card letters, keeping the JSON well formed.
                let j = rng.below(b.len());
                if b[at].is_ascii_alphanumeric() && b[j].is_ascii_alphanumeric() {
                    b.swap(at, j);
                }
            }
            _ => b.truncate(at),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// One random change to a record's fields (actions, seats, deals, dealers, rules, …).
fn mutate_record(r: &Record, rng: &mut SplitMix) -> Record {
    let mut r = r.clone();
    let universe = action_universe();
    let card = |rng: &mut SplitMix| Card::from_index(rng.below(32) as u8).expect("a card index");
    for _ in 0..1 + rng.below(2) {
        let nh = r.hands.len();
        let i = rng.below(nh.max(1));
        match rng.below(14) {
            0..=2 if nh > 0 && !r.hands[i].actions.is_empty() => {
                let j = rng.below(r.hands[i].actions.len());
                r.hands[i].actions[j].action = universe[rng.below(universe.len())];
            }
            3 if nh > 0 && !r.hands[i].actions.is_empty() => {
                let j = rng.below(r.hands[i].actions.len());
                r.hands[i].actions[j].seat = rng.below(6) as u8;
            }
            4 if nh > 0 && !r.hands[i].actions.is_empty() => {
                let j = rng.below(r.hands[i].actions.len());
                if rng.pct(50) {
                    r.hands[i].actions.remove(j);
                } else {
                    r.hands[i].actions.truncate(j);
                }
            }
            5 if nh > 0 && r.hands[i].actions.len() > 1 => {
                let n = r.hands[i].actions.len();
                r.hands[i].actions.swap(rng.below(n), rng.below(n));
            }
            6 if nh > 0 => {
                // Move a card from one place of the deal to another.
                let d = &mut r.hands[i].deal;
                let c = card(rng);
                let k = rng.below(d.hands.len().max(1));
                if let Some(h) = d.hands.get_mut(k) {
                    for other in [card(rng), card(rng)] {
                        h.remove(other);
                    }
                    h.insert(c);
                }
            }
            7 if nh > 0 => r.hands[i].deal.talon[rng.below(2)] = card(rng),
            8 if nh > 0 => r.hands[i].dealer = rng.below(5) as u8,
            9 if nh > 0 => {
                r.hands[i].number = rng.below(5) as u32;
            }
            10 => r.seed = [None, Some(0), Some(rng.next_u64())][rng.below(3)],
            11 => r.hand_limit = [None, Some(0), Some(1), Some(rng.below(9) as u32)][rng.below(4)],
            12 => {
                let names = [
                    "hold",
                    "players",
                    "allpass_exit",
                    "talon_push",
                    "ten_trick",
                    "target",
                    "bogus",
                ];
                let values = ["none", "4", "2", "7,8", "true", "whisted", "0", "x", ""];
                r.rules.options.insert(
                    names[rng.below(names.len())].to_string(),
                    OptionValue(values[rng.below(values.len())].to_string()),
                );
            }
            _ => {
                r.rules.players = rng.below(6) as u8;
                r.first_dealer = rng.below(5) as u8;
            }
        }
    }
    r
}

#[test]
fn fuzz_smoke_record_parser() {
    let mut rng = SplitMix::new(0x2EC0_2D00);
    let mut texts = Vec::new();
    for _ in 0..40 {
        texts.push(random_record_text(&mut rng));
    }
    for text in &texts {
        record_parser(text.as_bytes());
        let record = Record::from_json(text).expect("parses");
        for _ in 0..30 {
            record_parser(mutate(text, &mut rng).as_bytes());
            let changed = mutate_record(&record, &mut rng).to_json();
            record_parser(changed.as_bytes());
            if rng.pct(30) {
                record_parser(mutate(&changed, &mut rng).as_bytes());
            }
        }
    }
    for _ in 0..500 {
        let len = rng.below(300);
        record_parser(&rng.bytes(len));
    }
    for data in [&b""[..], b"{", b"null", b"[]", b"\"preferans-record\"", &[0xff, 0xfe]] {
        record_parser(data);
    }
}

/// Pieces of card, set, bid and action text, valid and not.
const TEXT_TOKENS: &[&str] = &[
    "A",
    "K",
    "Q",
    "J",
    "T",
    "10",
    "9",
    "8",
    "7",
    "6",
    "1",
    "0",
    "a",
    "t",
    "S",
    "C",
    "D",
    "H",
    "s",
    "h",
    "♠",
    "♣",
    "♦",
    "♥",
    "N",
    "NT",
    "nt",
    "bk",
    "X",
    " ",
    "  ",
    ",",
    "-",
    "\t",
    "\n",
    "misere",
    "misère",
    "mis",
    "m",
    "-nt",
    "misere-nt",
    "misere-without-talon",
    "bid ",
    "pass",
    "take",
    "push",
    "discard ",
    "declare ",
    "whist",
    "half",
    "half-whist",
    "look ",
    "open",
    "closed",
    "play ",
    "offer ",
    "accept",
    "refuse",
    "255",
    "256",
    "99999999999",
    "é",
    "\u{0}",
    "🂡",
    "ß",
    "İ",
];

#[test]
fn fuzz_smoke_text_parsers() {
    let mut rng = SplitMix::new(0x7E47);
    for _ in 0..6000 {
        let mut s = String::new();
        for _ in 0..1 + rng.below(6) {
            s.push_str(TEXT_TOKENS[rng.below(TEXT_TOKENS.len())]);
        }
        text_parsers(s.as_bytes());
    }
    for _ in 0..1000 {
        let len = rng.below(24);
        text_parsers(&rng.bytes(len));
    }
}

/// The actions with arguments, built from a small grammar (a verb and its arguments, valid or
/// a little broken) so that the round trip of `text_parsers` runs for each kind, not only for
/// the bare verbs the glued tokens above mostly make.
#[test]
fn fuzz_smoke_text_parsers_reach_every_action_with_arguments() {
    const CARDS: &[&str] = &[
        "7S", "8c", "9D", "10H", "TS", "jc", "QD", "KH", "AS", "7♠", "10♥", "Q♦", "1S", "11H", "ZZ",
    ];
    const BIDS: &[&str] = &[
        "6S", "7c", "8D", "9H", "10NT", "6nt", "mis", "misere", "7♦", "11S", "5H",
    ];
    const VERBS: &[&str] = &["bid", "declare", "play", "discard", "offer", "look"];
    let mut rng = SplitMix::new(0x6A_4A44);
    let mut parsed = [0u32; 6];
    for _ in 0..3000 {
        let v = rng.below(VERBS.len());
        let card = |rng: &mut SplitMix| CARDS[rng.below(CARDS.len())];
        let args = match VERBS[v] {
            "bid" | "declare" => BIDS[rng.below(BIDS.len())].to_string(),
            "play" => card(&mut rng).to_string(),
            "discard" => format!("{} {}", card(&mut rng), card(&mut rng)),
            "offer" => rng.below(13).to_string(),
            _ => rng.below(6).to_string(),
        };
        let mut s = format!("{} {args}", VERBS[v]);
        // Now and then a token of the glued inputs inside it.
        if rng.pct(15) {
            let at = s
                .char_indices()
                .map(|(i, _)| i)
                .nth(rng.below(s.chars().count()))
                .unwrap_or(0);
            s.insert_str(at, TEXT_TOKENS[rng.below(TEXT_TOKENS.len())]);
        }
        text_parsers(s.as_bytes());
        if s.parse::<preferans::Action>().is_ok() {
            parsed[v] += 1;
        }
    }
    // Each kind parsed often enough for its round trip to have been checked many times.
    for (verb, n) in VERBS.iter().zip(parsed) {
        assert!(n >= 100, "{verb}: only {n} of the inputs parsed");
    }
}
