//! Scenario tests for S1–S10 with the numbers worked out in the comments. Seats: declarer
//! D = 0, first defender L = 1, second defender R = 2 (3 players) unless a test says otherwise.
//! Items "seed #n" refer to the seed texts' statements, worked by RULES.md (which decides).

use super::*;
use crate::outcome::{ContractOutcome, DefenderOutcome, HandOutcome, Resolution, WhistCall};
use crate::{Bid, Card, Rules};

const D: Seat = 0;
const L: Seat = 1;
const R: Seat = 2;
use WhistCall::{HalfWhist as H, Pass as P, Whist as W};

fn rules(preset: &str, opts: &[(&str, &str)]) -> Rules {
    let mut r = Rules::preset(preset).unwrap();
    for (k, v) in opts {
        r.set(k, v).unwrap();
    }
    r
}

fn contract(c: &str, decl_tricks: u8, l: (WhistCall, u8), r: (WhistCall, u8)) -> HandOutcome {
    contract_by(D, [Some(L), Some(R)], c, decl_tricks, l, r, Resolution::Played)
}

fn contract_by(
    decl: Seat,
    defenders: [Option<Seat>; 2],
    c: &str,
    decl_tricks: u8,
    l: (WhistCall, u8),
    r: (WhistCall, u8),
    resolution: Resolution,
) -> HandOutcome {
    let contract: Bid = c.parse().unwrap();
    let played = matches!(resolution, Resolution::Played | Resolution::Offer);
    HandOutcome::Contract(ContractOutcome {
        declarer: decl,
        contract,
        declarer_tricks: decl_tricks,
        defenders: [
            DefenderOutcome {
                seat: defenders[0],
                call: l.0,
                tricks: l.1,
            },
            DefenderOutcome {
                seat: defenders[1],
                call: r.0,
                tricks: r.1,
            },
        ],
        resolution,
        defence: played.then_some(crate::DefenceMode::Closed),
        dealer_whist: false,
        talon_pushed: false,
        offer: None,
    })
}

fn ctx(dealer: Seat) -> HandContext {
    HandContext {
        dealer,
        allpass_multiplier: 1,
        talon: ["8H".parse().unwrap(), "7H".parse().unwrap()],
    }
}

/// Scores one hand on an empty sheet.
fn score(rules: &Rules, o: &HandOutcome) -> Scoresheet {
    let mut s = Scoresheet::new(rules.players());
    s.record(rules, &ctx(2), o);
    s
}

fn wh(s: &Scoresheet, writer: Seat, on: Seat) -> i64 {
    s.totals().whists[writer as usize][on as usize]
}
fn pool(s: &Scoresheet, seat: Seat) -> i64 {
    s.totals().pool[seat as usize]
}
fn mtn(s: &Scoresheet, seat: Seat) -> i64 {
    s.totals().mountain[seat as usize]
}
fn exact(s: &Scoresheet, r: &Rules) -> Vec<(i64, i64)> {
    let st = s.settlement(r);
    assert_eq!(st.scaled_sum(), 0, "S10 is zero-sum");
    (0..r.players() as usize).map(|i| reduce(st.exact(i))).collect()
}
fn reduce((n, d): (i64, i64)) -> (i64, i64) {
    let g = gcd(n.abs(), d);
    (n / g, d / g)
}
fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

#[test]
fn s1_contract_values_seed_1() {
    let v: Vec<i64> = ["6S", "7C", "8D", "9H", "10NT", "misere"]
        .iter()
        .map(|c| contract_value(c.parse().unwrap()))
        .collect();
    assert_eq!(v, vec![2, 4, 6, 8, 10, 10]);
    for (c, p) in [("6S", 2), ("7NT", 4), ("8H", 6), ("9C", 8), ("10D", 10)] {
        let level = c[..c.len() - 1].trim_end_matches('N').parse::<u8>().unwrap_or(10);
        let s = score(&Rules::sochi(), &contract(c, level, (W, 10 - level), (P, 0)));
        assert_eq!(pool(&s, D), p, "{c}");
    }
}

#[test]
fn w1_quotas_six_four_seven_two_eight_nine_one() {
    // W1: 6 → 4, 7 → 2, 8 → 1, 9 → 1 defenders' tricks, in every strain; W6: a whisted
    // ten-trick contract has quota 1, a checked one 0; misère has none.
    use crate::rules::TenTrick::{Checked, Whisted};
    for strain in ["S", "C", "D", "H", "NT"] {
        for (level, quota) in [(6, 4), (7, 2), (8, 1), (9, 1)] {
            let bid: Bid = format!("{level}{strain}").parse().unwrap();
            assert_eq!(whist_quota(bid, Checked), quota, "{bid:?}");
            assert_eq!(whist_quota(bid, Whisted), quota, "{bid:?}");
        }
        let ten: Bid = format!("10{strain}").parse().unwrap();
        assert_eq!(whist_quota(ten, Whisted), 1);
        assert_eq!(whist_quota(ten, Checked), 0);
    }
    assert_eq!(whist_quota(Bid::Misere, Whisted), 0);
}

#[test]
fn w3_both_pass_scored_as_made_seed_2() {
    for preset in ["sochi", "leningrad", "rostov"] {
        let r = rules(preset, &[]);
        let o = contract_by(D, [Some(L), Some(R)], "8S", 0, (P, 0), (P, 0), Resolution::BothPassed);
        let s = score(&r, &o);
        assert_eq!(s.lines().len(), 1, "{preset}");
        assert_eq!(pool(&s, D), 6);
    }
}

#[test]
fn s2_s3_failed_contract_mountain_consolation_greedy_whist_seed_3() {
    // 7♠ (V=4), D takes 5: k=2. L whists alone and counts both defenders' 5 tricks.
    let o = contract("7S", 5, (W, 3), (P, 2));
    // Sochi: D mountain 4·2 = 8; R→D 8 (consolation); L→D 8 + 4·5 = 28.
    let r = Rules::sochi();
    let s = score(&r, &o);
    assert_eq!((mtn(&s, D), wh(&s, R, D), wh(&s, L, D)), (8, 8, 28));
    // Settlement if the game ended here: D −268/3, L 164/3, R 104/3.
    assert_eq!(exact(&s, &r), vec![(-268, 3), (164, 3), (104, 3)]);
    // Leningrad doubles mountain and whists: 16, 16, 56; settlement doubles too.
    let r = rules("leningrad", &[]);
    let s = score(&r, &o);
    assert_eq!((mtn(&s, D), wh(&s, R, D), wh(&s, L, D)), (16, 16, 56));
    assert_eq!(exact(&s, &r), vec![(-536, 3), (328, 3), (208, 3)]);
    // Rostov: the 8 mountain points become 40 whists from each opponent: L→D 68, R→D 48.
    let r = rules("rostov", &[]);
    let s = score(&r, &o);
    assert_eq!((mtn(&s, D), wh(&s, R, D), wh(&s, L, D)), (0, 48, 68));
    assert_eq!(exact(&s, &r), vec![(-116, 1), (68, 1), (48, 1)]);
    // Gentleman whist: the 20 trick whists are shared 10/10: L→D 18, R→D 18.
    let r = rules("sochi", &[("gentleman_whist", "true")]);
    let s = score(&r, &o);
    assert_eq!((wh(&s, L, D), wh(&s, R, D)), (18, 18));
}

#[test]
fn s3_trick_whists_also_when_the_contract_is_made_seed_4() {
    // 6♠ made with 6; L whists alone with 3, R passes with 1: D pool 2; L→D 2·4 = 8.
    let s = score(&Rules::sochi(), &contract("6S", 6, (W, 3), (P, 1)));
    assert_eq!((pool(&s, D), wh(&s, L, D), wh(&s, R, D)), (2, 8, 0));
    assert_eq!(
        wh(
            &score(&rules("leningrad", &[]), &contract("6S", 6, (W, 3), (P, 1))),
            L,
            D
        ),
        16
    );
}

#[test]
fn s3_two_whisters_count_their_own_tricks_seed_5() {
    // 6♠ both whist; D 5, L 3, R 2: D mountain 2; L→D 2+6 = 8; R→D 2+4 = 6.
    let s = score(&Rules::sochi(), &contract("6S", 5, (W, 3), (W, 2)));
    assert_eq!((mtn(&s, D), wh(&s, L, D), wh(&s, R, D)), (2, 8, 6));
}

#[test]
fn s3_gentleman_whist_shares_only_when_declarer_fails_seed_6() {
    // 8♠ (V=6), D 7; L alone with 2, R 1. Greedy: D mtn 6, L→D 6+18 = 24, R→D 6.
    let o = contract("8S", 7, (W, 2), (P, 1));
    let s = score(&Rules::sochi(), &o);
    assert_eq!((mtn(&s, D), wh(&s, L, D), wh(&s, R, D)), (6, 24, 6));
    let g = rules("sochi", &[("gentleman_whist", "true")]);
    let s = score(&g, &o);
    assert_eq!((wh(&s, L, D), wh(&s, R, D)), (15, 15));
    // Made: gentleman changes nothing.
    let made = contract("8S", 8, (W, 2), (P, 0));
    assert_eq!(score(&g, &made).totals(), score(&Rules::sochi(), &made).totals());
}

#[test]
fn s4_single_whister_short_of_quota_seed_7() {
    // 6♦, D 8; L alone 1, R 1: s = 2. D pool 2; L→D 4; L mountain 2·2 = 4.
    let o = contract("6D", 8, (W, 1), (P, 1));
    let s = score(&Rules::sochi(), &o);
    assert_eq!((pool(&s, D), wh(&s, L, D), mtn(&s, L)), (2, 4, 4));
    let s = score(&rules("leningrad", &[]), &o);
    assert_eq!((wh(&s, L, D), mtn(&s, L)), (8, 8));
    // Rostov, half responsibility: L's 2 mountain points → D→L 10, R→L 10.
    let s = score(&rules("rostov", &[]), &o);
    assert_eq!((wh(&s, D, L), wh(&s, R, L), wh(&s, L, D), mtn(&s, L)), (10, 10, 4, 0));
    // Sochi with half responsibility set on its own.
    let s = score(&rules("sochi", &[("whist_responsibility", "half")]), &o);
    assert_eq!(mtn(&s, L), 2);
}

#[test]
fn s4_two_whisters_each_responsible_for_half_the_quota_seed_8() {
    // (a) 6♠ both whist; L 1, R 0, D 9: s = 3; L short 1 → 2; R short 2 → 2·min(2,3) = 4.
    let o = contract("6S", 9, (W, 1), (W, 0));
    let s = score(&Rules::sochi(), &o);
    assert_eq!((mtn(&s, L), mtn(&s, R), pool(&s, D), wh(&s, L, D)), (2, 4, 2, 2));
    let s = score(&rules("sochi", &[("whist_responsibility", "half")]), &o);
    assert_eq!((mtn(&s, L), mtn(&s, R)), (1, 2));
    // (b) 6♣; L 3, R 0, D 7: s = 1; R short 2 → 2·min(2,1) = 2; L nothing.
    let s = score(&Rules::sochi(), &contract("6C", 7, (W, 3), (W, 0)));
    assert_eq!((mtn(&s, L), mtn(&s, R), wh(&s, L, D)), (0, 2, 6));
}

#[test]
fn s4_two_whisters_quota_two_seed_9() {
    // 7♠ both whist; L 0, R 1, D 9: s = 1; L short 1 → 4.
    let s = score(&Rules::sochi(), &contract("7S", 9, (W, 0), (W, 1)));
    assert_eq!((mtn(&s, L), mtn(&s, R), pool(&s, D), wh(&s, R, D)), (4, 0, 4, 4));
}

#[test]
fn s4_quota_one_only_the_second_whister_is_responsible_seed_10() {
    // 8♦ both whist, D takes 10: D pool 6; R (second) mountain 6.
    let s = score(&Rules::sochi(), &contract("8D", 10, (W, 0), (W, 0)));
    assert_eq!((pool(&s, D), mtn(&s, L), mtn(&s, R)), (6, 0, 6));
}

#[test]
fn w6_ten_trick_checked_and_whisted_seed_11() {
    // Checked 10♠: both whisters with quota 0. D 9, L 1: D mtn 10; L→D 10+10; R→D 10.
    let s = score(&Rules::sochi(), &contract("10S", 9, (W, 1), (W, 0)));
    assert_eq!(
        (mtn(&s, D), wh(&s, L, D), wh(&s, R, D), mtn(&s, L), mtn(&s, R)),
        (10, 20, 10, 0, 0)
    );
    let s = score(&Rules::sochi(), &contract("10S", 10, (W, 0), (W, 0)));
    assert_eq!(s.lines().len(), 1);
    // Whisted: quota 1; L alone, defenders 0 → D pool 10, L mountain 10.
    let s = score(
        &rules("sochi", &[("ten_trick", "whisted")]),
        &contract("10NT", 10, (W, 0), (P, 0)),
    );
    assert_eq!((pool(&s, D), mtn(&s, L)), (10, 10));
}

#[test]
fn s7_half_whist_seed_12() {
    let hw = |c: &str| contract_by(D, [Some(L), Some(R)], c, 0, (P, 0), (H, 0), Resolution::HalfWhist);
    // 6♥: D pool 2; R writes 2 tricks × 2 = 4. 7NT: pool 4; R writes 1 × 4 = 4.
    let s = score(&Rules::sochi(), &hw("6H"));
    assert_eq!((pool(&s, D), wh(&s, R, D), wh(&s, L, D)), (2, 4, 0));
    let s = score(&Rules::sochi(), &hw("7NT"));
    assert_eq!((pool(&s, D), wh(&s, R, D)), (4, 4));
    assert_eq!(wh(&score(&rules("leningrad", &[]), &hw("7NT")), R, D), 8);
}

#[test]
fn s5_misere_seed_13() {
    let mis = |t: u8| {
        contract_by(
            D,
            [Some(L), Some(R)],
            "misere",
            t,
            (WhistCall::None, 10 - t),
            (WhistCall::None, 0),
            Resolution::Played,
        )
    };
    let s = score(&Rules::sochi(), &mis(0));
    assert_eq!((pool(&s, D), s.lines().len()), (10, 1));
    assert_eq!(mtn(&score(&Rules::sochi(), &mis(2)), D), 20);
    assert_eq!(mtn(&score(&rules("leningrad", &[]), &mis(2)), D), 40);
    let s = score(&rules("rostov", &[]), &mis(2));
    assert_eq!((wh(&s, L, D), wh(&s, R, D), mtn(&s, D)), (100, 100, 0));
}

#[test]
fn s6_allpass_seed_14() {
    let o = HandOutcome::AllPass { tricks: [0, 4, 6, 0] };
    let s = score(&Rules::sochi(), &o);
    assert_eq!((pool(&s, 0), mtn(&s, 1), mtn(&s, 2)), (1, 4, 6));
    let s = score(&rules("leningrad", &[]), &o);
    assert_eq!((pool(&s, 0), mtn(&s, 1), mtn(&s, 2)), (1, 8, 12));
    let s = score(&rules("rostov", &[]), &o);
    assert_eq!(
        (wh(&s, 0, 1), wh(&s, 2, 1), wh(&s, 0, 2), wh(&s, 1, 2), pool(&s, 0)),
        (20, 20, 30, 30, 1)
    );
}

#[test]
fn x3_s6_progression_multiplies_the_allpass_seed_15() {
    let o = HandOutcome::AllPass { tricks: [0, 3, 7, 0] };
    let with_m = |r: &Rules, m: u64| {
        let mut s = Scoresheet::new(3);
        s.record(
            r,
            &HandContext {
                allpass_multiplier: m,
                ..ctx(2)
            },
            &o,
        );
        s
    };
    let s = with_m(&Rules::sochi(), 3);
    assert_eq!((mtn(&s, 1), mtn(&s, 2), pool(&s, 0)), (9, 21, 1));
    let s = with_m(&Rules::sochi(), 4);
    assert_eq!((mtn(&s, 1), mtn(&s, 2)), (12, 28));
    let s = with_m(&rules("sochi", &[("allpass_zero_trick_pool_scales", "true")]), 4);
    assert_eq!(pool(&s, 0), 4);
}

#[test]
fn x4_amnesty_subtracts_the_fewest_tricks() {
    // Tricks 2, 5, 3 → 0, 3, 1: seat 0 gets the pool point.
    let s = score(
        &rules("sochi", &[("allpass_amnesty", "true")]),
        &HandOutcome::AllPass { tricks: [2, 5, 3, 0] },
    );
    assert_eq!((pool(&s, 0), mtn(&s, 0), mtn(&s, 1), mtn(&s, 2)), (1, 0, 3, 1));
    // What it takes off, as the hand's summary says it.
    let tricks = [2, 5, 3, 0];
    assert_eq!(
        allpass_amnesty(&rules("sochi", &[("allpass_amnesty", "true")]), 0, &tricks),
        2
    );
    assert_eq!(allpass_amnesty(&rules("sochi", &[]), 0, &tricks), 0);
    // Four players: the sitting-out dealer's empty count is no scorer's (F1).
    let four = rules("sochi", &[("allpass_amnesty", "true"), ("players", "4")]);
    assert_eq!(allpass_amnesty(&four, 3, &tricks), 2);
}

// S8–S10, four players (F2, F3), Hussar (H2), the sheet and offers.
mod settlement;
