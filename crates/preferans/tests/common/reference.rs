//! What the two reference-model tests (`reference_model.rs`, `reference_scoring.rs`) share:
//! their random generator and the soak setting. Included by path (`#[path]`), not through
//! `mod common`, so the models stay apart from the property tests' helpers.

/// SplitMix64: a small deterministic generator, so that every run plays the same hands.
pub struct Rng(pub u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (slight modulo bias is fine for tests).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// True with probability `p` percent.
    pub fn pct(&mut self, p: usize) -> bool {
        self.below(100) < p
    }

    /// One of `xs` (not empty).
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

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
