// The soak setting of the solver's tests, shared with the unit tests' `check_bound` (which
// `include!`s this file).

/// A soak run, for checking a solver change on positions the default run never sees:
/// `PREF_SOAK=MULT[,OFFSET]` multiplies every test's count of positions by MULT and adds
/// OFFSET to every seed (`PREF_SOAK=10,50000000 cargo test --release -p preferans-solver`).
/// Unset, the tests run as written: (1, 0).
pub fn soak() -> (u64, u64) {
    let Ok(text) = std::env::var("PREF_SOAK") else {
        return (1, 0);
    };
    let mut parts = text.split(',').map(|p| p.trim().parse::<u64>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(mult)), None, None) if mult > 0 => (mult, 0),
        (Some(Ok(mult)), Some(Ok(offset)), None) if mult > 0 => (mult, offset),
        _ => panic!("PREF_SOAK={text:?}: expected MULT or MULT,OFFSET (MULT ≥ 1)"),
    }
}

/// The seeds of a test, as the soak setting (see [`soak`]) scales and shifts them.
pub fn soaked(seeds: std::ops::Range<u64>) -> std::ops::Range<u64> {
    let (mult, offset) = soak();
    seeds.start + offset..seeds.start + offset + (seeds.end - seeds.start) * mult
}
