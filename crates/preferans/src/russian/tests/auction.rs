//! A1–A6, T1–T2, P4.

use super::*;

#[test]
fn r4_a1_a2_eldest_opens_with_the_whole_ladder_in_order() {
    let h = hand(3, 2, &[]);
    assert_eq!(h.to_move(), Some(0), "R4: eldest is the dealer's left");
    let l = legal(&h);
    assert_eq!(l[0], "pass");
    assert_eq!(l[1], "bid 6S");
    assert_eq!(l[5], "bid 6NT");
    assert_eq!(l.len(), 1 + 26, "26 rungs without misère without talon");
    assert!(l.contains(&"bid misere".to_string()));
    assert!(!l.contains(&"bid misere-nt".to_string()));
}

#[test]
fn a2_bids_go_clockwise_higher_only_jumps_allowed() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["bid 6S"]);
    assert_eq!(h.to_move(), Some(1));
    assert!(refused(&mut h, 1, "bid 6S").contains("higher"));
    act(&mut h, &["bid 8H"]);
    assert_eq!(h.to_move(), Some(2));
    assert!(!has(&h, "bid 8D") && has(&h, "bid 8NT"));
}

#[test]
fn a3_eldest_holds_with_an_equal_bid() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["bid 6S", "bid 6C", "pass"]);
    assert!(has(&h, "bid 6C"), "eldest may say 'here'");
    act(&mut h, &["bid 6C"]);
    use crate::observation::CallNote;
    let notes = |h: &RussianHand| h.observation(Viewer::Spectator).call_notes;
    assert_eq!(notes(&h), vec![(3, CallNote::Hold)], "the history marks the hold");
    // Seat 1 may not hold back (only the eldest holds).
    assert!(!has(&h, "bid 6C") && has(&h, "bid 6D"));
    act(&mut h, &["pass"]);
    assert_eq!(h.declarer(), Some(0));
}

#[test]
fn a3_the_eldest_holds_in_four_players_and_in_hussar() {
    // Four players, dealer 1 sitting out: the eldest is seat 2, then 3, then 0 (F4).
    let mut h = hand(4, 1, &[]);
    act(&mut h, &["bid 6S", "bid 6C", "pass"]);
    assert_eq!(h.to_move(), Some(2));
    assert!(has(&h, "bid 6C"), "the eldest (seat 2) may say 'here'");
    act(&mut h, &["bid 6C"]);
    assert_eq!(h.to_move(), Some(3));
    assert!(!has(&h, "bid 6C"), "seat 3 may not hold back");
    // Hussar, dealer 1: the eldest is seat 0.
    let mut h = hand(2, 1, &[]);
    act(&mut h, &["bid 6S", "bid 6C"]);
    assert!(has(&h, "bid 6C"), "the Hussar eldest may say 'here'");
    act(&mut h, &["bid 6C"]);
    assert!(!has(&h, "bid 6C") && has(&h, "bid 6D"));
}

#[test]
fn a3_six_spades_and_misere_cannot_be_held() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["bid 6S", "bid misere", "pass"]);
    assert!(!has(&h, "bid misere"), "misère cannot be held");
    // In play a 6S can never be outstanding when a senior player is to speak, so check the
    // rule itself.
    let h = hand(3, 2, &[("hold", "seniority")]);
    assert!(!h.may_hold(0, 1, Bid::SIX_SPADES));
    assert!(h.may_hold(0, 1, "6C".parse().unwrap()));
    assert!(!h.may_hold(0, 1, Bid::Misere) && !h.may_hold(0, 1, Bid::MisereNoTalon));
    assert!(
        !h.may_hold(2, 1, "6C".parse().unwrap()),
        "seniority: only an earlier bidder holds"
    );
}

#[test]
fn a3_hold_seniority_and_none() {
    let mut h = hand(3, 2, &[("hold", "seniority")]);
    act(&mut h, &["pass", "bid 6C", "bid 6D"]);
    assert!(has(&h, "bid 6D"), "seat 1 bids before seat 2 and may hold");
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "bid 6C", "bid 6D"]);
    assert!(!has(&h, "bid 6D"), "default: only the eldest holds");
    let mut h = hand(3, 2, &[("hold", "none")]);
    act(&mut h, &["bid 6S", "bid 6C", "pass"]);
    assert!(!has(&h, "bid 6C"), "hold=none");
}

#[test]
fn a4_passed_player_never_bids_again() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "bid 6S", "bid 6C"]);
    assert_eq!(h.to_move(), Some(1), "seat 0 passed and is skipped");
    act(&mut h, &["bid 7S", "pass"]);
    assert_eq!(h.declarer(), Some(1));
}

#[test]
fn a4_misere_only_as_first_bid() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["bid 6S", "bid 6C", "pass"]);
    assert!(!has(&h, "bid misere"), "seat 0 already bid");
    act(&mut h, &["bid 6D"]);
    assert!(!has(&h, "bid misere"), "seat 1 already bid");
}

#[test]
fn a4_misere_bidder_skipped_while_highest_and_out_when_outbid() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["bid 6S", "bid misere", "pass"]);
    assert_eq!(h.to_move(), Some(0), "seat 1 holds misère: his turn is skipped");
    assert!(!has(&h, "bid 8NT") && has(&h, "bid 9S"));
    act(&mut h, &["bid 9S"]);
    // Seat 1 was outbid: out. Seat 2 passed. Seat 0 is declarer.
    assert_eq!(h.phase_kind(), PhaseKind::Discard);
    assert_eq!(h.declarer(), Some(0));
}

#[test]
fn a5_declarer_when_others_pass_and_allpass_when_all_pass() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "pass", "bid 7NT"]);
    assert_eq!(h.declarer(), Some(2));
    assert_eq!(h.phase_kind(), PhaseKind::Discard);
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "pass", "pass"]);
    assert_eq!(h.phase_kind(), PhaseKind::Play);
    assert_eq!(h.contract(), None);
}

#[test]
fn a6_opening_minimum_is_respected_by_the_hand() {
    let rules = Rules::sochi();
    let h = RussianHand::new(
        HandConfig::from_rules(&rules),
        2,
        deal_of(HANDS, TALON),
        "7S".parse().ok(),
    );
    assert!(!has(&h, "bid 6NT") && has(&h, "bid 7S") && has(&h, "bid misere"));
    let h = RussianHand::new(
        HandConfig::from_rules(&rules),
        2,
        deal_of(HANDS, TALON),
        "9S".parse().ok(),
    );
    assert!(!has(&h, "bid misere"), "misère ranks below 9S");
}

#[test]
fn t1_talon_shown_to_all_taken_and_discard_hidden() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "bid 6S", "pass"]);
    for v in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
        assert_eq!(h.observation(v).talon.len(), 2, "T1: talon face up for everyone");
    }
    assert_eq!(h.card_places().0[1].len(), 12, "declarer took the talon");
    assert_eq!(h.legal_count(), 66, "any two of twelve");
    act(&mut h, &["discard 8H 7H"]);
    let (_, talon, discard, _) = h.card_places();
    assert!(talon.is_empty());
    assert_eq!(discard.to_string(), "8H 7H");
    assert_eq!(
        h.observation(Viewer::Seat(0)).history.last().unwrap().1,
        None,
        "discard face down"
    );
    assert_eq!(h.observation(Viewer::Spectator).discard, None);
    assert!(
        h.observation(Viewer::Seat(1)).discard.is_some(),
        "the declarer knows his discard"
    );
}

#[test]
fn t1_discard_must_be_two_of_the_declarers_cards() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "bid 6S", "pass"]);
    refused(&mut h, 1, "discard AS KS");
    refused(&mut h, 0, "discard 8H 7H");
    // Either order of the two cards is the same discard.
    act(&mut h, &["discard 7H 8H"]);
    assert_eq!(h.phase_kind(), PhaseKind::Declare);
}

#[test]
fn t2_contract_at_least_highest_bid_misere_only_by_misere_bidder() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "bid 7D", "pass", "discard 8H 7H"]);
    refused(&mut h, 1, "declare 7S");
    refused(&mut h, 1, "declare misere");
    assert!(has(&h, "declare 7D") && has(&h, "declare 10NT"));
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "bid misere", "pass", "discard 8H 7H"]);
    assert_eq!(legal(&h), vec!["declare misere"]);
}

#[test]
fn p4_misere_without_talon_option_rank_and_play_at_once() {
    let h = hand(3, 2, &[]);
    assert!(!has(&h, "bid misere-nt"));
    let mut h = hand(3, 2, &[("misere_without_talon", "true")]);
    assert!(has(&h, "bid misere-nt"));
    act(&mut h, &["bid 9NT"]);
    assert!(has(&h, "bid misere-nt") && !has(&h, "bid 9NT"), "ranks above 9NT");
    act(&mut h, &["bid misere-nt"]);
    assert!(!has(&h, "bid misere-nt") && has(&h, "bid 10S"));
    act(&mut h, &["pass", "pass"]);
    // No talon, discard or declaration: play at once; the talon stays face down.
    assert_eq!(h.phase_kind(), PhaseKind::Play);
    assert_eq!(h.contract(), Some(Bid::MisereNoTalon));
    assert!(h.observation(Viewer::Seat(0)).talon.is_empty());
    assert_eq!(h.card_places().1.len(), 2);
}
