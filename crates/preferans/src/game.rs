//! The match.
/// placeholder
pub struct Match;
