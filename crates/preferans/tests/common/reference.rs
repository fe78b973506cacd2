//! What the two reference-model tests (`reference_model.rs`, `reference_scoring.rs`) share
//! besides the random generator (`splitmix.rs`): the soak setting. Included by path
//! (`#[path]`), not through `mod common`, so the models stay apart from the property tests'
//! helpers.

/// `PREF_SOAK=MULT[,OFFSET]` (the workspace's soak setting, as in the solver's tests): MULT
/// times the hands or matches, seeds shifted by OFFSET. Unset: (1, 0).
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
