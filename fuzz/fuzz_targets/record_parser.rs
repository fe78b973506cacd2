//! Arbitrary bytes; if UTF-8, parsed as a game record and, if that works, replayed. Never
//! panics; a parsed record survives to_json / from_json unchanged.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/preferans/tests/common/fuzz_bodies.rs"]
mod bodies;

fuzz_target!(|data: &[u8]| bodies::record_parser(data));
