//! The WebSocket protocol: any bytes as a client message. Parsing never panics, errors stay
//! short, and an action either is accepted or changes nothing.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../crates/preferans-server/tests/protocol_fuzz/body.rs"]
mod body;

fuzz_target!(|data: &[u8]| {
    body::protocol_message(data);
});
