//! Scenario tests for S8–S10 (aid, end of game, settlement), the four-player game (F2, F3),
//! Hussar (H2), the sheet's running totals and accepted offers (P3). Seats as in the parent
//! module.

use super::*;

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
fn s10_places_rank_by_the_exact_result_and_share_ties() {
    let w = [[0, 40, 60], [20, 0, 50], [10, 16, 0]];
    let st = Settlement::of(&totals([20, 20, 20], [7, 12, 30], w), 3, 1);
    assert_eq!(st.places(), vec![1, 2, 3]);
    // Two equal at the top share first place; the third is third.
    let st = Settlement::of(&totals([0, 0, 0], [0, 0, 6], [[0; 3]; 3]), 3, 1);
    assert_eq!(st.places(), vec![1, 1, 3]);
    // One ahead, two equal behind.
    let st = Settlement::of(&totals([0, 0, 0], [0, 3, 3], [[0; 3]; 3]), 3, 1);
    assert_eq!(st.places(), vec![1, 2, 2]);
    // A draw: everyone first.
    let st = Settlement::of(&Totals::default(), 4, 1);
    assert_eq!(st.places(), vec![1, 1, 1, 1]);
    // A place is by seat, not in seat order: seat 0 +1, seat 1 −1, seat 2 0.
    let st = Settlement::of(&totals([0, 0, 0], [0, 0, 0], [[0, 1, 0], [0, 0, 0], [0, 0, 0]]), 3, 1);
    assert_eq!(st.places(), vec![1, 3, 2]);
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
    // With the amnesty (X4) the dealer's tricks count among the fewest: tricks 2, 3, 4 and
    // the dealer's 1 become 1, 2, 3 and 0, and the dealer gets the pool point.
    let r = four(&[("dealer_allpass_talon", "true"), ("allpass_amnesty", "true")]);
    let mut s = Scoresheet::new(4);
    s.record(&r, &ctx(3), &HandOutcome::AllPass { tricks: [2, 3, 4, 1] });
    let mountains = (mtn(&s, 0), mtn(&s, 1), mtn(&s, 2), mtn(&s, 3));
    assert_eq!((mountains, pool(&s, 3), pool(&s, 0)), ((1, 2, 3, 0), 1, 0));
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
    // With gentleman_whist (S3) too, a failed 6♠ (D 5, defence 3 + 2): the dealer is the
    // whister for both passers, so no passer shares his trick whists (docs/rules.md):
    // dealer→D 5 tricks × 2 = 10; D mountain 2; the S2 consolation V·k = 2 from each of the
    // two defenders L and R, who passed.
    let mut o = contract("6S", 5, (P, 3), (P, 2));
    if let HandOutcome::Contract(c) = &mut o {
        c.dealer_whist = true;
    }
    for gentleman in ["false", "true"] {
        let mut s = Scoresheet::new(4);
        let r = four(&[("dealer_whist_when_both_pass", "true"), ("gentleman_whist", gentleman)]);
        s.record(&r, &ctx(3), &o);
        assert_eq!(
            (mtn(&s, D), wh(&s, 3, D), wh(&s, L, D), wh(&s, R, D)),
            (2, 10, 2, 2),
            "gentleman_whist={gentleman}"
        );
    }
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
    assert_eq!(s.running(Section::Pool(0)), "2.6.10");
    assert_eq!(s.running(Section::Mountain(0)), "0");
    // A lone entry is the number itself, never a decimal-looking "0.2".
    let mut one = Scoresheet::new(3);
    one.record(&r, &ctx(2), &contract("6S", 6, (P, 0), (P, 0)));
    assert_eq!(one.running(Section::Pool(0)), "2");
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

#[test]
fn s8_several_givers_in_one_hand_give_in_seat_order() {
    // Target 10, pools 9 / 10 / 10. An all-pass where seat 0 takes every trick: seats 1 and
    // 2 each get the S6 pool point above a closed pool. Seat 1 gives first: its point fills
    // seat 0's pool (1→0 10 whists); seat 2 then finds nobody below the target and its point
    // comes off its mountain. The other order would put the −1 on seat 1.
    let r = rules("sochi", &[("target", "10")]);
    let mut s = sheet_with_pools(3, &[9, 10, 10]);
    s.record(&r, &ctx(2), &HandOutcome::AllPass { tricks: [10, 0, 0, 0] });
    assert_eq!((pool(&s, 0), pool(&s, 1), pool(&s, 2)), (10, 10, 10));
    assert_eq!((wh(&s, 1, 0), wh(&s, 2, 0)), (10, 0));
    assert_eq!((mtn(&s, 0), mtn(&s, 1), mtn(&s, 2)), (10, 0, -1));
}

#[test]
fn p4_misere_without_talon_is_scored_as_misere_with_no_talon_bonus() {
    // P4: scored as misère (S5: one trick → mountain 10), and F3's talon bonus, written for
    // the talon's cards, is not written for a talon nobody took.
    let sevens = HandContext {
        talon: ["7S".parse().unwrap(), "7H".parse().unwrap()],
        ..ctx(3)
    };
    let r = four(&[("dealer_talon_bonus", "true"), ("misere_without_talon", "true")]);
    let mut s = Scoresheet::new(4);
    s.record(&r, &sevens, &contract("misere-nt", 1, (P, 5), (P, 4)));
    assert_eq!((mtn(&s, D), pool(&s, D), wh(&s, 3, D)), (10, 0, 0));
    let mut s = Scoresheet::new(4);
    s.record(&r, &sevens, &contract("misere-nt", 0, (P, 5), (P, 5)));
    assert_eq!((mtn(&s, D), pool(&s, D), wh(&s, 3, D)), (0, 10, 0));
    // The same talon under a misère with the talon: 10 whists per seven.
    let mut s = Scoresheet::new(4);
    s.record(&r, &sevens, &contract("misere", 0, (P, 5), (P, 5)));
    assert_eq!((pool(&s, D), wh(&s, 3, D)), (10, 20));
}

#[test]
fn f3_a_pushed_talon_still_brings_the_dealer_his_talon_bonus() {
    // docs/rules.md "Four players": the bonus is for the talon's cards, whoever took them.
    let r = four(&[("dealer_talon_bonus", "true"), ("talon_push", "true")]);
    let mut o = contract("7C", 7, (W, 3), (P, 0));
    if let HandOutcome::Contract(c) = &mut o {
        c.talon_pushed = true;
    }
    let aces = HandContext {
        talon: ["AS".parse().unwrap(), "AH".parse().unwrap()],
        ..ctx(3)
    };
    let mut s = Scoresheet::new(4);
    s.record(&r, &aces, &o);
    // Two aces: 3 tricks × V 4 = 12 whists on the declarer; the push: dealer mountain 1.
    assert_eq!((wh(&s, 3, D), mtn(&s, 3), pool(&s, D)), (12, 1, 4));
}

#[test]
fn f3_the_dealers_whist_bears_half_the_responsibility_when_it_is_halved() {
    // 6♠ made with 9 tricks; the dealer whisted for both passers, the defence took 1 of its
    // quota of 4: short 3 × V 2 = 6 mountain points (S4), halved to 3 with
    // `whist_responsibility = half` (the Rostov value of the option).
    let mut o = contract("6S", 9, (P, 1), (P, 0));
    if let HandOutcome::Contract(c) = &mut o {
        c.dealer_whist = true;
    }
    for (responsibility, mountain) in [("full", 6), ("half", 3)] {
        let r = four(&[
            ("dealer_whist_when_both_pass", "true"),
            ("whist_responsibility", responsibility),
        ]);
        let mut s = Scoresheet::new(4);
        s.record(&r, &ctx(3), &o);
        assert_eq!(
            (mtn(&s, 3), wh(&s, 3, D), pool(&s, D)),
            (mountain, 2, 2),
            "{responsibility}"
        );
    }
}
