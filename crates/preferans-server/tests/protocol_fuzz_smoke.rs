//! Runs the `protocol` fuzz target's body (`tests/protocol_fuzz/body.rs`) on stable over
//! deterministic inputs: well-formed messages with every action text at every point of a
//! hand, the same messages mutated (bytes flipped, cut, spliced), and random bytes.

#[path = "protocol_fuzz/body.rs"]
mod body;

use body::{protocol_message, table, Fate, TOKENS};
use preferans::Viewer;

/// A small deterministic generator (SplitMix64).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Every action text that is legal somewhere in the first 24 actions of the fuzz table, and
/// some that never are.
fn action_texts() -> Vec<String> {
    let mut out = vec![
        "pass".to_string(),
        "bid 11S".into(),
        "play ZZ".into(),
        "offer 99".into(),
        String::new(),
    ];
    for moves in 0..24 {
        let t = table(moves);
        for seat in 0..3 {
            if let Some(o) = t.observation(Viewer::Seat(seat)) {
                out.extend(o.legal_actions.iter().map(|a| a.to_string()));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn protocol_fuzz_smoke() {
    let actions = action_texts();
    let mut rng = Mix(0x5EED_0F5E_4E00);
    let mut messages = Vec::new();
    while messages.len() < 3000 {
        let token = [TOKENS[rng.below(3)], "", "zz"][rng.below(4).min(2)];
        let action = &actions[rng.below(actions.len())];
        let m = match rng.below(6) {
            0 => format!(r#"{{"type":"join","table":"fuzz","token":"{token}"}}"#),
            1 => format!(r#"{{"type":"hint","token":"{token}"}}"#),
            2 => r#"{"type":"ping"}"#.to_string(),
            3 => format!(r#"{{"type":"act","token":"{token}","action":"{action}"}}"#),
            4 => {
                // Chat lines: fine ones, empty, too long, with control or direction marks.
                let long = "y".repeat(201);
                let texts = [
                    action.as_str(),
                    "",
                    "  gl  ",
                    "\\u0007bell",
                    "\\u202Eevil",
                    long.as_str(),
                ];
                let text = texts[rng.below(texts.len())];
                format!(r#"{{"type":"chat","token":"{token}","text":"{text}"}}"#)
            }
            _ => {
                // A legal action of the seat to move, padded so that the body's table is at
                // the same point (it plays `len % 24` actions first).
                let moves = rng.below(24);
                let t = table(moves);
                let Some(seat) = t.to_move() else { continue };
                let legal = t
                    .observation(Viewer::Seat(seat))
                    .map(|o| o.legal_actions)
                    .unwrap_or_default();
                if legal.is_empty() {
                    continue;
                }
                let a = legal[rng.below(legal.len())];
                let tok = TOKENS[seat as usize];
                let mut m = format!(r#"{{"type":"act","token":"{tok}","action":"{a}"}}"#);
                while m.len() % 24 != moves {
                    m.push(' ');
                }
                m
            }
        };
        messages.push(m.into_bytes());
    }
    let mut inputs = messages.clone();
    for _ in 0..3000 {
        let mut m = messages[rng.below(messages.len())].clone();
        match rng.below(4) {
            0 => {
                let i = rng.below(m.len());
                m[i] = rng.next() as u8;
            }
            1 => m.truncate(rng.below(m.len())),
            2 => {
                let other = &messages[rng.below(messages.len())];
                let cut = rng.below(other.len());
                m.extend_from_slice(&other[cut..]);
            }
            _ => m = (0..rng.below(200)).map(|_| rng.next() as u8).collect(),
        }
        inputs.push(m);
    }
    inputs.push(vec![b'x'; 5000]);
    inputs.push("ж".repeat(3000).into_bytes());
    let mut fates = std::collections::HashMap::new();
    for data in &inputs {
        *fates.entry(protocol_message(data)).or_insert(0) += 1;
    }
    // Every path was taken.
    for fate in [
        Fate::Unparsed,
        Fate::Accepted,
        Fate::Refused,
        Fate::Said,
        Fate::Unsaid,
        Fate::Other,
    ] {
        assert!(fates.get(&fate).copied().unwrap_or(0) > 20, "{fate:?}: {fates:?}");
    }
}
