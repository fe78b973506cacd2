//! Property tests of the scorer over random matches: S10 is zero-sum and agrees with its
//! pair-by-pair definition over the sheet's lines for every preset and player count, re-scoring a record reproduces it, and Leningrad is Sochi with mountains and
//! whists doubled and the pool doubled at the end, hand by hand (section 3).

mod common;

use common::{players, random_match, rules};
use preferans::record::Record;
use preferans::scoring::Entry;
use preferans::Rules;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn s10_settlement_is_zero_sum_every_preset_and_player_count(
        seed in any::<u64>(),
        preset in prop::sample::select(vec!["sochi", "leningrad", "rostov"]),
        n in 2u8..=4,
        progression in prop::sample::select(vec!["none", "arithmetic", "geometric"]),
        end in prop::sample::select(vec!["each_reaches_target", "pool_sum"]),
    ) {
        let mut extra = vec![("allpass_progression", progression), ("end", end), ("target", "10")];
        if n == 4 {
            extra.extend([("dealer_allpass_talon", "true"), ("talon_push", "true"), ("dealer_talon_bonus", "true"), ("dealer_whist_when_both_pass", "true")]);
        }
        let m = random_match(rules(preset, n, &extra), seed, Some(40));
        let st = m.sheet().settlement(m.rules());
        prop_assert_eq!(st.scaled_sum(), 0);
        // S10 pair by pair, from the sheet's lines summed here (not the sheet's totals): each
        // player gains from each other the whists between them and a tenth of ten times their
        // difference in D = mountain − P·pool, shared over the players.
        let seats = usize::from(n);
        let (mut pool, mut mountain, mut whists) = (vec![0i64; seats], vec![0i64; seats], vec![vec![0i64; seats]; seats]);
        for line in m.sheet().lines() {
            match line.entry {
                Entry::Pool { seat, points, .. } => pool[usize::from(seat)] += points,
                Entry::Mountain { seat, points, .. } => mountain[usize::from(seat)] += points,
                Entry::Whists { writer, on, points, .. } => whists[usize::from(writer)][usize::from(on)] += points,
            }
        }
        let p = i64::from(m.rules().russian().pool_multiplier);
        let d: Vec<i64> = (0..seats).map(|i| mountain[i] - p * pool[i]).collect();
        for i in 0..seats {
            // Times n, so the shares stay whole.
            let pairwise: i64 = (0..seats)
                .filter(|&j| j != i)
                .map(|j| seats as i64 * (whists[i][j] - whists[j][i]) + 10 * (d[j] - d[i]))
                .sum();
            prop_assert_eq!(st.exact(i), (pairwise, seats as i64), "seat {}", i);
        }
        // Some games must write something, or the check above is of zeros.
        prop_assert!(m.sheet().hands() > 0);
        // Every prefix of the sheet settles to zero too.
        let mut partial = preferans::scoring::Scoresheet::new(n);
        for h in 1..=m.sheet().hands() {
            partial.append(&m.sheet().entries_of_hand(h));
            prop_assert_eq!(partial.settlement(m.rules()).scaled_sum(), 0);
        }
    }

    #[test]
    fn s9_matches_end_by_the_rules_and_rescoring_a_record_reproduces_it(seed in any::<u64>(), n in 2u8..=4) {
        let m = random_match(rules("sochi", n, &[("target", "6")]), seed, None);
        prop_assert!(m.sheet().is_game_over(m.rules()));
        let record = Record::from_match(&m, players(n));
        let replayed = Record::from_json(&record.to_json()).unwrap().replay().unwrap();
        prop_assert_eq!(replayed.sheet(), m.sheet());
        prop_assert_eq!(Record::from_match(&replayed, players(n)), record);
    }

    #[test]
    fn section3_leningrad_is_sochi_doubled_hand_by_hand(seed in any::<u64>(), n in 2u8..=4) {
        let extra: &[(&str, &str)] = &[("target", "10")];
        let sochi = random_match(rules("sochi", n, extra), seed, Some(30));
        // The same game under Leningrad: same rules for play, other scoring knobs.
        let mut record = Record::from_match(&sochi, players(n));
        record.rules.preset = "leningrad".into();
        for h in &mut record.hands {
            h.scores = None;
        }
        let leningrad = record.replay().unwrap();
        prop_assert_eq!(sochi.sheet().hands(), leningrad.sheet().hands());
        for h in 1..=sochi.sheet().hands() {
            let doubled: Vec<Entry> = sochi.sheet().entries_of_hand(h).into_iter().map(|e| match e {
                Entry::Pool { .. } => e,
                Entry::Mountain { seat, points, why } => Entry::Mountain { seat, points: 2 * points, why },
                Entry::Whists { writer, on, points, why } => Entry::Whists { writer, on, points: 2 * points, why },
            }).collect();
            prop_assert_eq!(leningrad.sheet().entries_of_hand(h), doubled, "hand {}", h);
        }
        let (s, l) = (sochi.sheet().settlement(sochi.rules()), leningrad.sheet().settlement(leningrad.rules()));
        for seat in 0..n as usize {
            prop_assert_eq!(l.exact(seat).0, 2 * s.exact(seat).0);
        }
    }
}

#[test]
fn s10_rounding_is_at_the_edge_only() {
    // A 3-player result of 1/3 prints as 0.33, −2/3 as −0.67; the exact values sum to zero.
    let m = random_match(Rules::sochi(), 5, Some(12));
    let st = m.sheet().settlement(m.rules());
    let (num, den) = st.exact(0);
    assert_eq!(den, 3);
    let shown: f64 = st.rounded(0).parse().unwrap();
    assert!((shown - num as f64 / 3.0).abs() <= 0.005 + 1e-9);
}
