//! Card, CardSet, Bid and Action parsing never panics, and what parses prints back to text
//! that parses to the same value.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/preferans/tests/common/fuzz_bodies.rs"]
mod bodies;

fuzz_target!(|data: &[u8]| bodies::text_parsers(data));
