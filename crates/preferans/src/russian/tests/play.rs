//! P1–P2, R6 through the hand, X1–X2, section 7 (refusals).

use super::*;

#[test]
fn p1_eldest_leads_first_trick_whoever_declares() {
    let mut h = hand(3, 2, &[]);
    act(
        &mut h,
        &[
            "pass",
            "pass",
            "bid 6S",
            "discard 8H 7H",
            "declare 6NT",
            "whist",
            "whist",
        ],
    );
    assert_eq!(h.to_move(), Some(0));
}

/// Seat 2 declares 6♥, both defenders whist, seat 0 leads A♠.
fn hearts_by_seat2_after_spade_lead() -> RussianHand {
    let mut h = hand(3, 2, &[]);
    act(
        &mut h,
        &[
            "pass",
            "pass",
            "bid 6H",
            "discard TD 9D",
            "declare 6H",
            "whist",
            "whist",
            "play AS",
        ],
    );
    h
}

#[test]
fn p2_r6_trump_is_the_contract_suit_must_follow_then_trump() {
    // Seat 2 declares hearts; seat 0 leads spades; seat 1 follows with 7S; seat 2 is void
    // in spades and must trump.
    let mut h = hearts_by_seat2_after_spade_lead();
    assert_eq!(
        legal(&h).iter().filter(|a| a.starts_with("play")).count(),
        1,
        "seat 1 must follow with 7S"
    );
    assert!(refused(&mut h, 1, "play AD").contains("spades must be followed"));
    act(&mut h, &["play 7S"]);
    assert!(refused(&mut h, 2, "play 8D").contains("trump"));
    assert!(legal(&h).iter().all(|a| a.ends_with('H') || a.starts_with("offer")));
    act(&mut h, &["play 7H"]);
    assert_eq!(h.to_move(), Some(2), "the trump wins; the winner leads");
    assert_eq!(h.observation(Viewer::Spectator).hands[2].tricks, 1);
}

#[test]
fn p2_no_trump_highest_of_suit_led_wins() {
    let mut h = hand(3, 2, &[]);
    act(
        &mut h,
        &[
            "pass",
            "pass",
            "bid 6NT",
            "discard TD 9D",
            "declare 6NT",
            "whist",
            "whist",
            "play 8S",
            "play 7S",
        ],
    );
    act(&mut h, &["play AH"]);
    assert_eq!(h.to_move(), Some(0), "a void player's card cannot win in NT");
}

#[test]
fn x1_allpass_everyone_plays_closed_no_trump() {
    let mut h = hand(3, 2, &[("allpass_talon", "closed")]);
    act(&mut h, &["pass", "pass", "pass"]);
    assert_eq!(h.to_move(), Some(0), "closed talon: the eldest leads");
    let o = h.observation(Viewer::Seat(1));
    assert!(
        o.talon.is_empty() && o.talon_size == 2,
        "X2 closed: talon face down, unused"
    );
    assert!(!sees(&h, Viewer::Seat(1), 0));
    play_out(&mut h);
    match h.outcome() {
        Some(HandOutcome::AllPass { tricks }) => assert_eq!(tricks.iter().sum::<u8>(), 10),
        other => panic!("{other:?}"),
    }
    assert_eq!(h.card_places().1.len(), 2, "the closed talon is never used");
}

#[test]
fn x2_talon_cards_lead_first_two_tricks_eldest_leads_third() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "pass", "pass"]);
    let o = h.observation(Viewer::Seat(1));
    assert_eq!(o.trick.len(), 1);
    assert_eq!(
        (o.trick[0].by, o.trick[0].card.to_string()),
        (crate::observation::Holder::Talon, "8H".to_string())
    );
    assert_eq!(h.to_move(), Some(0), "the eldest plays first to the talon card");
    // Seat 0 and 1 have no hearts: any card; seat 2 must follow hearts.
    assert_eq!(h.legal_count(), 10);
    act(&mut h, &["play AS", "play 7S"]);
    assert!(legal(&h).iter().all(|a| a.ends_with('H')));
    act(&mut h, &["play 9H"]);
    assert_eq!(
        h.observation(Viewer::Spectator).hands[2].tricks,
        1,
        "seat 2 followed the talon suit"
    );
    // Second trick: the other talon card, the eldest plays first again.
    assert_eq!(h.observation(Viewer::Spectator).trick[0].card.to_string(), "7H");
    assert_eq!(h.to_move(), Some(0));
    act(&mut h, &["play KS", "play JC", "play TH"]);
    // Third trick: the eldest leads, although seat 2 won both.
    assert_eq!(h.to_move(), Some(0));
    assert!(h.observation(Viewer::Spectator).trick.is_empty());
}

#[test]
fn x2_talon_cards_stay_known_once_they_led() {
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "pass", "pass"]);
    let talon = |h: &RussianHand, v: Viewer| h.observation(v).talon.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    // Only the card turned up to lead; the other is still face down.
    assert_eq!(talon(&h, Viewer::Seat(1)), ["8H"]);
    assert_eq!(h.observation(Viewer::Seat(1)).talon_size, 1);
    act(
        &mut h,
        &["play AS", "play 7S", "play 9H", "play KS", "play JC", "play TH"],
    );
    let lead = legal(&h)[0].clone();
    act(&mut h, &[lead.as_str()]);
    // Third trick: neither talon card is in the trick or the last one, both stay known to all.
    for v in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(2), Viewer::Spectator] {
        assert_eq!(talon(&h, v), ["8H", "7H"], "{v:?}");
        assert!(h.visible_cards(v).contains("7H".parse().unwrap()));
    }
}

#[test]
fn x2_talon_card_cannot_win_a_lower_card_of_its_suit_takes_the_trick() {
    // The talon card 9H is led; only seat 2 holds hearts and follows with a lower one. (A
    // talon suit nobody follows cannot arise in a whole deal: six cards of its suit are in the
    // hands. The trick-level test `x2_nobody_follows_talon_suit_eldest_card_suit_counts`
    // covers that rule.)
    let deal = deal_of(
        [
            "AS KS QS JS TS 9S 8S AC KC QC",
            "7S JC TC 9C 8C 7C AD KD QD JD",
            "TD 9D 8D 7D 8H AH KH QH JH TH",
        ],
        ["9H", "7H"],
    );
    let mut h = hand_with(3, 2, &[], deal);
    act(&mut h, &["pass", "pass", "pass", "play 8S", "play 7S", "play 8H"]);
    // 9H led: seat 2 followed with 8H (lower than the talon card): seat 2 still wins.
    assert_eq!(h.observation(Viewer::Spectator).hands[2].tricks, 1);
}

#[test]
fn section7_refusals_name_the_reason_and_change_nothing() {
    let mut h = hand(3, 2, &[]);
    assert!(refused(&mut h, 1, "bid 6S").contains("seat 0's turn"));
    assert!(refused(&mut h, 0, "play AS").contains("auction"));
    assert!(refused(&mut h, 0, "whist").contains("auction"));
    assert!(refused(&mut h, 7, "pass").contains("turn"));
    act(&mut h, &["pass", "pass", "pass"]);
    assert!(refused(&mut h, 0, "play 7H").contains("not in the hand"));
    play_out(&mut h);
    assert!(refused(&mut h, 0, "pass").contains("over"));
}

#[test]
fn section7_cards_conserved_through_a_whole_hand() {
    let mut h = hand(3, 2, &[]);
    let check = |h: &RussianHand| {
        let (hands, talon, discard, played) = h.card_places();
        let all = [hands[0], hands[1], hands[2], talon, discard, played];
        let total: u32 = all.iter().map(|s| s.len()).sum();
        let union = all.iter().fold(CardSet::EMPTY, |a, b| a | *b);
        assert_eq!((total, union), (32, CardSet::FULL));
    };
    check(&h);
    act(&mut h, &["pass", "bid 7C", "pass"]);
    check(&h);
    act(&mut h, &["discard 8H 7H", "declare 7C", "whist", "pass", "open"]);
    while let Some(seat) = h.to_move() {
        let mut v = Vec::new();
        h.legal_actions(&mut v);
        let a = v.into_iter().find(|a| matches!(a, Action::Play(_))).unwrap();
        h.apply(seat, a).unwrap();
        check(&h);
    }
}

#[test]
fn r6_observations_show_the_voids_a_player_revealed() {
    // Hearts trump; seat 0 leads spades: seat 1 follows, seat 2 (no spades) trumps: void in
    // spades. Later a discard off a led suit without trumping shows no trumps either.
    let mut h = hearts_by_seat2_after_spade_lead();
    act(&mut h, &["play 7S", "play 7H"]);
    let o = h.observation(Viewer::Spectator);
    assert_eq!(o.hands[2].voids, 1 << Suit::Spades.index());
    assert_eq!((o.hands[0].voids, o.hands[1].voids), (0, 0));
    // Seat 2 leads diamonds... seat 0 has none and no hearts: he discards, void in both.
    act(&mut h, &["play 8D"]);
    act(&mut h, &["play KS"]);
    let o = h.observation(Viewer::Seat(1));
    assert_eq!(
        o.hands[0].voids,
        (1 << Suit::Diamonds.index()) | (1 << Suit::Hearts.index())
    );
}

#[test]
fn r6_observations_show_the_cards_each_hand_played() {
    // The same tricks: every viewer sees who played which card (R6: cards are played face up).
    let mut h = hearts_by_seat2_after_spade_lead();
    act(&mut h, &["play 7S", "play 7H", "play 8D", "play KS"]);
    for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
        let o = h.observation(viewer);
        let played: Vec<CardSet> = o.hands.iter().map(|v| v.played).collect();
        let all: CardSet = played.iter().fold(CardSet::EMPTY, |a, b| a | *b);
        assert_eq!(all.len(), 5, "{viewer:?}: AS 7S 7H, then 8D KS");
        assert!(
            played[0].contains(crate::Card::new(Suit::Spades, crate::Rank::Ace)),
            "{viewer:?}"
        );
        assert!(
            played[0].contains(crate::Card::new(Suit::Spades, crate::Rank::King)),
            "{viewer:?}"
        );
        assert!(
            played[2].contains(crate::Card::new(Suit::Hearts, crate::Rank::Seven)),
            "{viewer:?}"
        );
        assert!(
            played[2].contains(crate::Card::new(Suit::Diamonds, crate::Rank::Eight)),
            "{viewer:?}"
        );
        assert!(
            played[1].contains(crate::Card::new(Suit::Spades, crate::Rank::Seven)),
            "{viewer:?}"
        );
        for (i, a) in played.iter().enumerate() {
            for b in &played[i + 1..] {
                assert!((*a & *b).is_empty(), "a card played by two hands");
            }
        }
    }
}

#[test]
fn x2_f3_the_allpass_start_for_analysis_plays_as_the_hand_does() {
    // Sochi leads the talon (X2); Rostov's closed talon does not; the four-player dealer's
    // talon leads win for him (F3 `dealer_allpass_talon`).
    let deal = deal_of(
        [
            "AS KS QS JS TS 9S 8S AC KC QC",
            "7S JC TC 9C 8C 7C AD KD QD JD",
            "TD 9D 8D 7D 8H AH KH QH JH TH",
        ],
        ["9H", "7H"],
    );
    for (players, opts) in [
        (3, vec![]),
        (3, vec![("allpass_talon", "closed")]),
        (4, vec![("dealer_allpass_talon", "true")]),
    ] {
        let dealer = players - 1;
        let mut h = hand_with(players, dealer, &opts, deal);
        let start = h.allpass_start().expect("three and four players play an all-pass");
        let passes = vec!["pass"; 3];
        act(&mut h, &passes);
        let now = h.play_state().expect("an all-pass is played");
        assert_eq!(
            start.talon_leads[0].is_some(),
            opts.iter().all(|o| o.0 != "allpass_talon"),
            "{opts:?}"
        );
        for card in now.legal_cards() {
            assert_eq!(start.play(card), now.play(card), "{players} players {opts:?}: {card}");
        }
    }
}

#[test]
fn h3_no_allpass_start_with_two_players() {
    let deal = deal_of(
        [
            "AS KS QS JS TS 9S 8S AC KC QC",
            "7S JC TC 9C 8C 7C AD KD QD JD",
            "TD 9D 8D 7D 8H AH KH QH JH TH",
        ],
        ["9H", "7H"],
    );
    assert_eq!(hand_with(2, 1, &[], deal).allpass_start(), None, "thrown in (H3)");
}
