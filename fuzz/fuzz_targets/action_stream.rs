//! Bytes choose the rules options, players, seed and first dealer, then a stream of (seat,
//! action) pairs, some legal and some not, applied to a Match: never panics, every legal one
//! succeeds, every refused one leaves the Match unchanged (RULES.md section 7).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/preferans/tests/common/fuzz_bodies.rs"]
mod bodies;

fuzz_target!(|data: &[u8]| bodies::action_stream(data));
