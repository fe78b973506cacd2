//! X3 / S6 / A6 over whole matches: the n-th all-pass hand in a row is scored with the n-th
//! multiplier, and a played contract that fails keeps the series (and A6's minimum opening
//! bid) only when `allpass_reset_on_failed_contract` is off (docs/rules.md "All-pass").

use preferans::scoring::{Entry, HandContext};
use preferans::{Action, HandOutcome, HandState, Match, Rules};

/// Plays the current hand to its end: the first seat to speak bids `opening` (when given and
/// legal), every other call is a pass, a defender whists when he may, and every other choice
/// (discard, declaration, defence, cards) is the first legal one.
fn play_hand(m: &mut Match, opening: Option<&str>) -> HandOutcome {
    let opening: Option<Action> = opening.map(|b| b.parse().unwrap());
    loop {
        let h = m.current_hand().expect("a hand is being played");
        let seat = h.to_move().expect("someone is to move");
        let mut legal = Vec::new();
        h.legal_actions(&mut legal);
        let a = [opening, Some(Action::Whist), Some(Action::Pass)]
            .into_iter()
            .flatten()
            .find(|a| legal.contains(a))
            .unwrap_or(legal[0]);
        if let Some(o) = m.apply(seat, a).unwrap() {
            return o;
        }
    }
}

fn rules(opts: &[(&str, &str)]) -> Rules {
    let mut r = Rules::sochi().with("allpass_talon", "closed").unwrap();
    for (k, v) in opts {
        r.set(k, v).unwrap();
    }
    r
}

/// The entries `outcome` writes when scored as the `n`-th all-pass in a row of `m`'s hand
/// `hand` (1-based), on a fresh sheet.
fn scored_with(m: &Match, hand: u32, outcome: &HandOutcome, n: u64) -> Vec<Entry> {
    let h = &m.finished_hands()[hand as usize - 1];
    let ctx = HandContext {
        dealer: h.dealer(),
        allpass_multiplier: n,
        talon: h.deal().talon(),
    };
    preferans::scoring::Scoresheet::new(m.rules().players()).entries_for(m.rules(), &ctx, outcome)
}

fn mountain_total(entries: &[Entry]) -> i64 {
    entries
        .iter()
        .map(|e| match e {
            Entry::Mountain { points, .. } => *points,
            _ => 0,
        })
        .sum()
}

#[test]
fn x3_s6_the_nth_allpass_in_a_row_is_scored_with_multiplier_n() {
    for (progression, multipliers) in [("arithmetic", [1, 2, 3, 4]), ("geometric", [1, 2, 4, 8])] {
        let mut m = Match::new(rules(&[("allpass_progression", progression)]), 11, 0, None);
        for (i, n) in multipliers.into_iter().enumerate() {
            let hand = i as u32 + 1;
            let outcome = play_hand(&mut m, None);
            assert!(matches!(outcome, HandOutcome::AllPass { .. }), "{outcome:?}");
            let written = m.sheet().entries_of_hand(hand);
            assert_eq!(
                written,
                scored_with(&m, hand, &outcome, n),
                "{progression}, hand {hand}"
            );
            // And the multiplier reaches the mountain (S6: tricks taken are mountain points).
            let plain = mountain_total(&scored_with(&m, hand, &outcome, 1));
            assert!(plain > 0, "someone took a trick in hand {hand}");
            assert_eq!(mountain_total(&written), plain * n as i64, "{progression}, hand {hand}");
        }
    }
}

/// Hand 1 all-pass, hand 2 a 10NT the declarer fails in play, hand 3 all-pass again.
fn allpass_failed_allpass(reset_on_failure: bool) -> (Match, [HandOutcome; 3], Option<String>) {
    let reset = if reset_on_failure { "true" } else { "false" };
    let mut m = Match::new(
        rules(&[
            ("allpass_progression", "arithmetic"),
            ("allpass_reset_on_failed_contract", reset),
            ("allpass_exit", "7"),
        ]),
        11,
        0,
        None,
    );
    let first = play_hand(&mut m, None);
    assert_eq!(m.allpass_streak(), 1);
    let failed = play_hand(&mut m, Some("bid 10NT"));
    let HandOutcome::Contract(c) = failed else {
        panic!("a contract: {failed:?}")
    };
    assert_eq!(c.resolution, preferans::Resolution::Played, "{c:?}");
    assert!(c.failed(), "10NT played with the first legal cards fails: {c:?}");
    let min_opening = m.min_opening().map(|b| b.to_string());
    let last = play_hand(&mut m, None);
    (m, [first, failed, last], min_opening)
}

#[test]
fn x3_a_failed_contract_played_out_keeps_the_series_when_reset_is_off() {
    let (m, [_, _, last], min_opening) = allpass_failed_allpass(false);
    assert!(matches!(last, HandOutcome::AllPass { .. }), "{last:?}");
    assert_eq!(m.allpass_streak(), 2, "the failed 10NT did not end the series");
    assert_eq!(m.sheet().entries_of_hand(3), scored_with(&m, 3, &last, 2));
    // A6 goes on with the series (docs/rules.md): the opening bid after the failed
    // contract must still reach 7♠.
    assert_eq!(min_opening.as_deref(), Some("7S"));
}

#[test]
fn x3_a_failed_contract_played_out_ends_the_series_by_default() {
    let (m, [_, _, last], min_opening) = allpass_failed_allpass(true);
    assert!(matches!(last, HandOutcome::AllPass { .. }), "{last:?}");
    assert_eq!(m.allpass_streak(), 1, "the failed 10NT ended the series");
    assert_eq!(m.sheet().entries_of_hand(3), scored_with(&m, 3, &last, 1));
    assert_eq!(min_opening, None, "A6: no minimum once the series ended");
}
