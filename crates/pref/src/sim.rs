//! `pref sim`: bots (random-legal by default) play a match; the result is a game record.

use preferans::record::{PlayerRecord, Record};
use preferans::{HandOutcome, HandState, Match, Rules, Viewer};
use preferans_bots::Bot;

/// The most hands one record holds: a record keeps every hand, about 5 KB each in memory
/// and 4 KB on disk, so this is about half a gigabyte.
pub const MAX_HANDS: u32 = 100_000;

/// Plays `hands` hands with one bot per seat (bot seeds derived from `seed`); without
/// `hands`, the whole match, stopped after [`MAX_HANDS`] if it has not ended by then (the
/// second value says so).
pub fn simulate(
    rules: Rules,
    hands: Option<u32>,
    seed: u64,
    first_dealer: u8,
    mut bots: Vec<Box<dyn Bot + Send>>,
) -> (Record, bool) {
    let players = rules.players();
    let mut m = Match::new(rules, seed, first_dealer, hands);
    // On a terminal only (indicatif draws nothing when standard error is not one): slow
    // bots take a tenth of a second a hand, and a whole match has no length known ahead.
    let bar = match hands {
        Some(n) => crate::progress::bar(u64::from(n), "hands"),
        None => crate::progress::spinner("hands played", "a whole match, to its end"),
    };
    let mut stopped = false;
    while let Some(hand) = m.current_hand() {
        if hands.is_none() && m.finished_hands().len() >= MAX_HANDS as usize {
            stopped = true;
            break;
        }
        let Some(seat) = hand.to_move() else { break };
        let obs = hand.observation(Viewer::Seat(seat));
        let Some(action) = bots[seat as usize].choose(&obs) else {
            break;
        };
        // The bot chose from the legal actions, so this cannot fail; stop rather than panic.
        match m.apply(seat, action) {
            Ok(Some(_)) => bar.inc(1),
            Ok(None) => {}
            Err(_) => break,
        }
    }
    bar.finish_and_clear();
    let names = (0..players)
        .map(|s| PlayerRecord {
            name: format!("{}-{s}", bots[s as usize].kind()),
            kind: bots[s as usize].kind().into(),
        })
        .collect();
    (Record::from_match(&m, names), stopped)
}

/// One paragraph: hands by kind.
pub fn summary(record: &Record) -> String {
    let (mut contracts, mut allpass, mut thrown, mut misere) = (0, 0, 0, 0);
    for h in &record.hands {
        match h.outcome {
            Some(HandOutcome::Contract(c)) if c.contract.is_misere() => misere += 1,
            Some(HandOutcome::Contract(_)) => contracts += 1,
            Some(HandOutcome::AllPass { .. }) => allpass += 1,
            Some(HandOutcome::ThrownIn) => thrown += 1,
            None => {}
        }
    }
    format!(
        "{} ({} players, {}): {}, {misere} misère, {allpass} all-pass, {thrown} thrown in",
        crate::describe::count(record.hands.len(), "hand"),
        record.rules.players,
        record.rules.preset,
        crate::describe::count(contracts, "contract")
    )
}
