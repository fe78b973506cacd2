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
}

/// A sheet with the given pools (written as contract pool entries) and nothing else.
fn sheet_with_pools(players: u8, pools: &[i64]) -> Scoresheet {
    let mut s = Scoresheet::new(players);
    let e: Vec<Entry> = pools
        .iter()
        .enumerate()
        .map(|(i, p)| Entry::Pool {
            seat: i as Seat,
            points: *p,
            why: Why::Contract,
        })
        .collect();
    s.append(&e);
    s
}

#[test]
fn s8_american_aid_seed_18() {
    // (a) Target 20. A=0 has 18 and makes 7 (surplus 2); B 17, C 12: B gets 2, A→B 20.
    let r = Rules::sochi();
    let mut s = sheet_with_pools(3, &[18, 17, 12]);
    s.record(&r, &ctx(2), &contract("7S", 7, (P, 3), (W, 0)));
    assert_eq!((pool(&s, 0), pool(&s, 1), pool(&s, 2), wh(&s, 0, 1)), (20, 19, 12, 20));
    assert!(!s.is_game_over(&r));
    // (b) A 18 makes 10 (surplus 8); B 19, C 16: B 1 (10 whists), C 4 (40), 3 off A's mountain.
    let ten = contract("10S", 10, (W, 0), (W, 0));
    let mut s = sheet_with_pools(3, &[18, 19, 16]);
    s.record(&r, &ctx(2), &ten);
    assert_eq!((wh(&s, 0, 1), wh(&s, 0, 2), mtn(&s, 0)), (10, 40, -3));
    assert_eq!([pool(&s, 0), pool(&s, 1), pool(&s, 2)], [20, 20, 20]);
    assert!(s.is_game_over(&r));
    let l = rules("leningrad", &[]);
    let mut s = sheet_with_pools(3, &[18, 19, 16]);
    s.record(&l, &ctx(2), &ten);
    assert_eq!((wh(&s, 0, 1), wh(&s, 0, 2), mtn(&s, 0)), (20, 80, -6));
    let ro = rules("rostov", &[]);
    let mut s = sheet_with_pools(3, &[18, 19, 16]);
    s.record(&ro, &ctx(2), &ten);
    assert_eq!((wh(&s, 1, 0), wh(&s, 2, 0), mtn(&s, 0)), (-15, -15, 0));
    // (c) Leningrad: A 16 makes 8♥ (surplus 2); B 18, C 19: C gets 1 then B 1, 20 whists each.
    let mut s = sheet_with_pools(3, &[16, 18, 19]);
    s.record(&l, &ctx(2), &contract("8H", 8, (W, 2), (P, 0)));
    assert_eq!((wh(&s, 0, 2), wh(&s, 0, 1)), (20, 20));
    assert_eq!([pool(&s, 0), pool(&s, 1), pool(&s, 2)], [20, 19, 20]);
}

#[test]
fn s8_aid_ties_go_first_clockwise_from_the_giver() {
    let mut s = sheet_with_pools(3, &[19, 5, 5]);
    s.record(&Rules::sochi(), &ctx(2), &contract("6S", 6, (W, 4), (P, 0)));
    assert_eq!((pool(&s, 1), pool(&s, 2)), (6, 5));
    // Giver 1: ties between 2 and 0 → 2 first.
    let mut s = sheet_with_pools(3, &[5, 19, 5]);
    let o = contract_by(1, [Some(2), Some(0)], "6S", 6, (W, 4), (P, 0), Resolution::Played);
    s.record(&Rules::sochi(), &ctx(2), &o);
    assert_eq!((pool(&s, 2), pool(&s, 0)), (6, 5));
}

#[test]
fn s8_no_aid_with_pool_sum_end() {
    let r = rules("sochi", &[("end", "pool_sum")]);
    let mut s = sheet_with_pools(3, &[18, 19, 16]);
    s.record(&r, &ctx(2), &contract("10S", 10, (W, 0), (W, 0)));
    assert_eq!(pool(&s, 0), 28);
}

fn totals(pool: [i64; 3], mountain: [i64; 3], whists: [[i64; 3]; 3]) -> Totals {
    let mut t = Totals::default();
    t.pool[..3].copy_from_slice(&pool);
    t.mountain[..3].copy_from_slice(&mountain);
    for (row, w) in t.whists.iter_mut().zip(whists) {
        row[..3].copy_from_slice(&w);
    }
    t
}

fn settle(t: &Totals, players: u8, p: i64) -> Vec<(i64, i64)> {
    let s = Settlement::of(t, players, p);
    assert_eq!(s.scaled_sum(), 0);
    (0..players as usize).map(|i| reduce(s.exact(i))).collect()
}

#[test]
fn s10_settlement_worked_examples_seed_19() {
    let w = [[0, 40, 60], [20, 0, 50], [10, 16, 0]];
    // (a) Pools 20 each, mountains 7, 12, 30: 490/3, 172/3, −662/3.
    let t = totals([20, 20, 20], [7, 12, 30], w);
    assert_eq!(settle(&t, 3, 1), vec![(490, 3), (172, 3), (-662, 3)]);
    let st = Settlement::of(&t, 3, 1);
    assert_eq!(
        (st.rounded(0), st.rounded(1), st.rounded(2)),
        ("163.33".into(), "57.33".into(), "-220.67".into())
    );
    // (b) pool_sum end, pools 30, 25, 5: 790/3, 322/3, −1112/3.
    let t = totals([30, 25, 5], [7, 12, 30], w);
    assert_eq!(settle(&t, 3, 1), vec![(790, 3), (322, 3), (-1112, 3)]);
    // (c) Leningrad (P = 2), pools 30/25/5, mountains 10/20/40.
    let t = totals([30, 25, 5], [10, 20, 40], [[0, 12, 30], [8, 0, 20], [4, 6, 0]]);
    assert_eq!(settle(&t, 3, 2), vec![(1090, 3), (430, 3), (-1520, 3)]);
}

#[test]
fn s10_full_game_with_aid_in_the_last_hand_seed_19d() {
    let r = Rules::sochi();
    let mut s = Scoresheet::new(3);
    let mut before = vec![];
    for (seat, p) in [(0, 18), (1, 19), (2, 16)] {
        before.push(Entry::Pool {
            seat,
            points: p,
            why: Why::Contract,
        });
    }
    for (seat, m) in [(0, 5), (1, 14), (2, 9)] {
        before.push(Entry::Mountain {
            seat,
            points: m,
            why: Why::Undertricks,
        });
    }
    for (writer, on, p) in [(0, 1, 20), (0, 2, 18), (1, 0, 12), (1, 2, 30), (2, 0, 24), (2, 1, 6)] {
        before.push(Entry::Whists {
            writer,
            on,
            points: p,
            why: Why::Tricks,
        });
    }
    s.append(&before);
    s.record(&r, &ctx(2), &contract("10S", 10, (W, 0), (W, 0)));
    assert!(s.is_game_over(&r));
    assert_eq!(exact(&s, &r), vec![(346, 3), (-152, 3), (-194, 3)]);
}

#[test]
fn f2_four_player_settlement_divides_by_four_seed_21() {
    let t = Totals {
        pool: [20, 20, 20, 20],
        mountain: [4, 9, 15, 1],
        whists: [[0, 10, 20, 6], [4, 0, 12, 0], [8, 2, 0, 14], [0, 16, 30, 0]],
    };
    assert_eq!(settle(&t, 4, 1), vec![(113, 2), (-59, 2), (-231, 2), (177, 2)]);
    let st = Settlement::of(&t, 4, 1);
    assert_eq!(st.rounded(0), "56.50");
    assert_eq!(st.rounded(2), "-115.50");
}

#[test]
fn s9_end_conditions_seed_20() {
    let r = rules("sochi", &[("end", "pool_sum"), ("pool_total", "50")]);
    assert!(!sheet_with_pools(3, &[20, 20, 9]).is_game_over(&r));
    assert!(sheet_with_pools(3, &[20, 20, 10]).is_game_over(&r));
    let r = rules("sochi", &[("end", "pool_sum")]);
    assert!(
        !sheet_with_pools(3, &[30, 20, 9]).is_game_over(&r),
        "default pool_total = target × players = 60"
    );
    assert!(sheet_with_pools(3, &[30, 20, 10]).is_game_over(&r));
    let r = rules("sochi", &[("target", "10")]);
    assert!(!sheet_with_pools(3, &[10, 10, 9]).is_game_over(&r));
    assert!(sheet_with_pools(3, &[10, 10, 10]).is_game_over(&r));
}

fn four(opts: &[(&str, &str)]) -> Rules {
    let mut o = vec![("players", "4")];
    o.extend_from_slice(opts);
    rules("sochi", &o)
}

#[test]
fn f3_dealer_owns_the_allpass_talon_seed_22() {
    // Dealer 3 won 1 trick with a talon card; E 0, S 4, T 5.
    let r = four(&[("dealer_allpass_talon", "true")]);
    let mut s = Scoresheet::new(4);
    s.record(&r, &ctx(3), &HandOutcome::AllPass { tricks: [0, 4, 5, 1] });
    assert_eq!((mtn(&s, 3), pool(&s, 0), mtn(&s, 1), mtn(&s, 2)), (1, 1, 4, 5));
    // Without the option the dealer takes no part.
    let mut s = Scoresheet::new(4);
    s.record(&four(&[]), &ctx(3), &HandOutcome::AllPass { tricks: [0, 4, 6, 0] });
    assert_eq!((pool(&s, 3), mtn(&s, 3)), (0, 0));
}

#[test]
fn f3_rostov_closed_talon_dealer_pool_point_seed_23() {
    let r = rules("rostov", &[("players", "4"), ("dealer_allpass_talon", "true")]);
    let mut s = Scoresheet::new(4);
    s.record(&r, &ctx(3), &HandOutcome::AllPass { tricks: [0, 3, 7, 0] });
    assert_eq!((pool(&s, 3), pool(&s, 0)), (1, 1));
    // Rostov conversion in 4 players: every other seat, the dealer included, writes 5 per point.
    assert_eq!((wh(&s, 0, 1), wh(&s, 2, 1), wh(&s, 3, 1)), (15, 15, 15));
}

#[test]
fn f3_talon_push_dealer_mountain_seed_24() {
    let mut o = contract("6S", 6, (P, 0), (P, 0));
    if let HandOutcome::Contract(c) = &mut o {
        c.resolution = Resolution::BothPassed;
        c.talon_pushed = true;
    }
    let mut s = Scoresheet::new(4);
    s.record(&four(&[("talon_push", "true")]), &ctx(3), &o);
    assert_eq!((mtn(&s, 3), pool(&s, 0)), (1, 2));
}

#[test]
fn f3_dealer_talon_bonus_seed_25() {
    let t = |a: &str, b: &str| [a.parse::<Card>().unwrap(), b.parse::<Card>().unwrap()];
    let seven: Bid = "7C".parse().unwrap();
    for (a, b, want) in [
        ("AS", "KS", 8),
        ("AH", "AD", 12),
        ("AC", "9D", 4),
        ("AS", "KH", 4),
        ("KH", "QH", 4),
        ("9S", "8D", 0),
    ] {
        assert_eq!(talon_bonus(seven, t(a, b)), want, "{a} {b}");
    }
    for (a, b, want) in [("7S", "7H", 20), ("7D", "8D", 20), ("7C", "KS", 10), ("8D", "9D", 0)] {
        assert_eq!(talon_bonus(Bid::Misere, t(a, b)), want, "{a} {b}");
    }
    // Written by the dealer on the declarer whatever the result.
    let r = four(&[("dealer_talon_bonus", "true")]);
    let mut s = Scoresheet::new(4);
    s.record(
        &r,
        &HandContext {
            talon: t("AS", "KS"),
            ..ctx(3)
        },
        &contract("7C", 5, (W, 3), (P, 2)),
    );
    assert_eq!(wh(&s, 3, 0), 8);
}

#[test]
fn f3_dealer_whist_seed_26() {
    // 6♠; L and R pass; the dealer whists for both: defenders 3, D 7: D pool 2; dealer→D 6;
    // dealer mountain 2 (shortfall 1).
    let mut o = contract("6S", 7, (P, 2), (P, 1));
    if let HandOutcome::Contract(c) = &mut o {
        c.dealer_whist = true;
    }
    let mut s = Scoresheet::new(4);
    s.record(&four(&[("dealer_whist_when_both_pass", "true")]), &ctx(3), &o);
    assert_eq!(
        (pool(&s, D), wh(&s, 3, D), mtn(&s, 3), wh(&s, L, D), wh(&s, R, D)),
        (2, 6, 2, 0, 0)
    );
}

#[test]
fn h2_hussar_dummy_writes_nothing_seed_27() {
    let r = rules("sochi", &[("players", "2")]);
    // (a) 7♥, the defender (seat 1) whists; D 6; dummy 2 + defender 2 → D mtn 4; 1→D 4+16 = 20.
    let o = contract_by(0, [None, Some(1)], "7H", 6, (P, 2), (W, 2), Resolution::Played);
    let s = score(&r, &o);
    assert_eq!((mtn(&s, 0), wh(&s, 1, 0)), (4, 20));
    let g = rules("sochi", &[("players", "2"), ("gentleman_whist", "true")]);
    assert_eq!(
        score(&g, &o).totals(),
        s.totals(),
        "gentleman whist has no effect in Hussar"
    );
    // (b) 6♠, D 7, defence 3 → D pool 2; 1→D 6; defender mountain 2.
    let o = contract_by(0, [None, Some(1)], "6S", 7, (P, 1), (W, 2), Resolution::Played);
    let s = score(&r, &o);
    assert_eq!((pool(&s, 0), wh(&s, 1, 0), mtn(&s, 1)), (2, 6, 2));
    // Two-player settlement: pools 20/20, mountains 10/4, 0→1 30, 1→0 50: −50, +50.
    let mut t = Totals {
        pool: [20, 20, 0, 0],
        mountain: [10, 4, 0, 0],
        ..Default::default()
    };
    t.whists[0][1] = 30;
    t.whists[1][0] = 50;
    assert_eq!(settle(&t, 2, 1), vec![(-50, 1), (50, 1)]);
}

#[test]
fn sheet_running_totals_the_classic_way() {
    let r = Rules::sochi();
    let mut s = Scoresheet::new(3);
    for c in ["6S", "7S", "7C"] {
        let level = c[..1].parse::<u8>().unwrap();
        s.record(&r, &ctx(2), &contract(c, level, (P, 0), (P, 0)));
    }
    assert_eq!(s.running(Section::Pool(0)), "0.2.6.10");
    assert_eq!(s.running(Section::Mountain(0)), "0");
    assert_eq!(s.lines().iter().map(|l| l.hand).collect::<Vec<_>>(), vec![1, 2, 3]);
}

#[test]
fn p3_accepted_offer_is_scored_as_if_the_tricks_were_taken() {
    // 6♠, L whists alone; after 4 tricks (D 3, L 1) D offers to take 3 of the remaining 6:
    // D ends with 6, the defence with 4 (credited to the whister): D pool 2; L→D 2·4 = 8.
    let mut o = contract("6S", 6, (W, 4), (P, 0));
    if let HandOutcome::Contract(c) = &mut o {
        c.resolution = Resolution::Offer;
        c.offer = Some(crate::outcome::AcceptedOffer {
            by: D,
            declarer_side: true,
            tricks: 3,
            remaining: 6,
        });
    }
    let s = score(&Rules::sochi(), &o);
    assert_eq!((pool(&s, D), wh(&s, L, D), wh(&s, R, D)), (2, 8, 0));
}
