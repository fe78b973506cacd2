//! Four players (F1–F4) and Hussar (H1–H3).

use super::*;
use crate::observation::Holder;

#[test]
fn f1_f4_dealer_sits_out_and_is_skipped() {
    let mut h = hand(4, 3, &[]);
    let (by_seat, dummy) = h.dealt_by_seat();
    assert!(by_seat[3].is_empty() && dummy.is_none(), "the dealer takes no cards");
    assert_eq!(h.to_move(), Some(0), "eldest = dealer's left");
    act(&mut h, &["pass", "bid 6S"]);
    assert_eq!(h.to_move(), Some(2));
    act(&mut h, &["pass"]);
    assert_eq!(h.declarer(), Some(1));
    act(&mut h, &["discard 8H 7H", "declare 6S"]);
    assert_eq!(h.to_move(), Some(2), "the declarer's left skips the dealer");
    assert!(h.observation(Viewer::Seat(3)).hands.iter().all(|v| v.cards.is_none()));
}

#[test]
fn f3_w4_the_dealers_defence_is_laid_open_after_the_eldest_declarers_first_card() {
    // Dealer 3; the eldest (seat 0) declares 6♠, seats 1 and 2 pass, the dealer looks at
    // seat 1's hand and whists for both. The declarer has the first lead, so the defenders'
    // hands go down right after his first card (W4), not when play starts.
    let opts = [("dealer_whist_when_both_pass", "true")];
    let mut h = hand(4, 3, &opts);
    act(
        &mut h,
        &[
            "bid 6S",
            "pass",
            "pass",
            "discard 8H 7H",
            "declare 6S",
            "pass",
            "pass",
            "look 1",
            "whist",
        ],
    );
    assert_eq!(h.to_move(), Some(0), "the declarer leads");
    assert!(!sees(&h, Viewer::Seat(0), 1) && !sees(&h, Viewer::Seat(0), 2));
    assert!(!sees(&h, Viewer::Spectator, 2), "not yet laid down");
    let lead = legal(&h).into_iter().find(|a| a.starts_with("play")).unwrap();
    act(&mut h, &[lead.as_str()]);
    assert_eq!(h.to_move(), Some(3), "the dealer plays the defenders' cards");
    for viewer in [Viewer::Seat(0), Viewer::Spectator] {
        assert!(sees(&h, viewer, 1) && sees(&h, viewer, 2), "laid down after the lead");
    }
}

#[test]
fn f4_dealer_in_the_middle_of_the_table() {
    // Dealer seat 1: the players are seats 2, 3, 0 in that order.
    let mut h = hand(4, 1, &[]);
    assert_eq!(h.to_move(), Some(2));
    act(&mut h, &["pass"]);
    assert_eq!(h.to_move(), Some(3));
    act(&mut h, &["pass"]);
    assert_eq!(h.to_move(), Some(0));
}

#[test]
fn f3_dealer_whists_when_both_pass_a_six_or_seven() {
    let opts = [("dealer_whist_when_both_pass", "true")];
    let mut h = hand(4, 3, &opts);
    act(
        &mut h,
        &["pass", "bid 6S", "pass", "discard 8H 7H", "declare 6S", "pass", "pass"],
    );
    assert_eq!(h.phase_kind(), PhaseKind::DealerWhist);
    assert_eq!(h.to_move(), Some(3));
    assert_eq!(legal(&h), vec!["pass", "look 2", "look 0"]);
    let rules = crate::Rules::sochi().with("players", "4").unwrap();
    let role = |h: &RussianHand| h.observation(Viewer::Seat(3)).dealer_role(&rules);
    assert_eq!(role(&h), Some(crate::observation::DealerRole::MayLookAndWhist));
    // F3's refusals say what to do: look first, at a defender, and once.
    assert_eq!(
        refused(&mut h, 3, "whist"),
        "to whist, the dealer first looks at a defender's hand (seat 2 or seat 0); or he passes (F3)"
    );
    assert_eq!(
        refused(&mut h, 3, "look 1"),
        "the dealer may look only at a defender's hand: seat 2 or seat 0 (F3)"
    );
    act(&mut h, &["look 2"]);
    assert_eq!(
        refused(&mut h, 3, "look 0"),
        "the dealer looks once: now whist or pass (F3)"
    );
    assert!(
        sees(&h, Viewer::Seat(3), 2) && !sees(&h, Viewer::Seat(3), 0),
        "he looks at one hand"
    );
    assert!(!sees(&h, Viewer::Seat(0), 2), "nobody else sees it");
    assert_eq!(legal(&h), vec!["whist", "pass"]);
    act(&mut h, &["whist"]);
    assert_eq!(
        h.to_move(),
        Some(3),
        "the dealer plays both defenders' hands (seat 0 leads)"
    );
    assert_eq!(role(&h), Some(crate::observation::DealerRole::PlaysDefenders));
    assert!(
        sees(&h, Viewer::Seat(1), 0) && sees(&h, Viewer::Seat(1), 2),
        "laid open (docs/rules.md)"
    );
    play_out(&mut h);
    let c = contract(&h);
    assert!(c.dealer_whist);
    assert_eq!(c.defence, Some(DefenceMode::Open));
}

#[test]
fn f3_dealer_whist_only_with_the_option_and_only_against_six_or_seven() {
    let mut h = hand(4, 3, &[]);
    act(
        &mut h,
        &["pass", "bid 6S", "pass", "discard 8H 7H", "declare 6S", "pass", "pass"],
    );
    assert_eq!(contract(&h).resolution, Resolution::BothPassed);
    let mut h = hand(4, 3, &[("dealer_whist_when_both_pass", "true")]);
    act(
        &mut h,
        &["pass", "bid 8S", "pass", "discard 8H 7H", "declare 8S", "pass", "pass"],
    );
    assert_eq!(contract(&h).resolution, Resolution::BothPassed);
    let mut h = hand(4, 3, &[("dealer_whist_when_both_pass", "true")]);
    act(
        &mut h,
        &[
            "pass",
            "bid 7S",
            "pass",
            "discard 8H 7H",
            "declare 7S",
            "pass",
            "pass",
            "look 0",
            "pass",
        ],
    );
    assert_eq!(contract(&h).resolution, Resolution::BothPassed);
}

#[test]
fn f3_dealer_owns_the_allpass_talon_and_can_win_with_it() {
    let deal = deal_of(
        [
            "AS KS QS JS TS 9S 8S AC KC QC",
            "7S JC TC 9C 8C 7C AD KD QD JD",
            "TD 9D 8D 7D 8H KH QH JH TH 9H",
        ],
        ["AH", "7H"],
    );
    let mut h = hand_with(4, 3, &[("dealer_allpass_talon", "true")], deal);
    act(&mut h, &["pass", "pass", "pass"]);
    let o = h.observation(Viewer::Seat(0));
    assert_eq!(o.trick[0].by, Holder::Seat(3), "the dealer leads the top talon card");
    // F3 with X2's leads: he leads the talon for himself; under Rostov's closed talon not.
    let rules = |preset: &str| {
        crate::Rules::preset(preset)
            .unwrap()
            .with("players", "4")
            .unwrap()
            .with("dealer_allpass_talon", "true")
            .unwrap()
    };
    assert_eq!(
        o.dealer_role(&rules("sochi")),
        Some(crate::observation::DealerRole::LeadsTalon)
    );
    assert_eq!(
        o.dealer_role(&rules("rostov")),
        Some(crate::observation::DealerRole::SitsOut)
    );
    act(&mut h, &["play AS", "play 7S", "play 9H"]);
    assert_eq!(
        h.observation(Viewer::Spectator).dealer_tricks,
        1,
        "a real lead: the dealer's AH wins"
    );
    assert_eq!(h.observation(Viewer::Spectator).trick[0].card.to_string(), "7H");
    assert_eq!(h.to_move(), Some(0));
    act(&mut h, &["play KS", "play JC", "play TH"]);
    assert_eq!(h.to_move(), Some(0), "the eldest leads the third trick");
    play_out(&mut h);
    match h.outcome() {
        Some(HandOutcome::AllPass { tricks }) => {
            assert_eq!(tricks[3], 1);
            assert_eq!(tricks.iter().sum::<u8>(), 10);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn f3_talon_push_declarer_may_push_the_talon_to_the_dealer() {
    let mut h = hand(4, 3, &[("talon_push", "true")]);
    act(&mut h, &["pass", "bid 6S", "pass"]);
    assert_eq!(legal(&h), vec!["take", "push"]);
    let fate = |h: &RussianHand| crate::HandState::observation(h, crate::Viewer::Spectator).talon_fate();
    assert_eq!(fate(&h), None, "not decided yet");
    act(&mut h, &["push"]);
    assert_eq!(fate(&h), Some(crate::observation::TalonFate::Dealer));
    assert_eq!(h.phase_kind(), PhaseKind::Declare, "no discard after a push");
    assert_eq!(h.card_places().0[1].len(), 10);
    act(&mut h, &["declare 6S", "pass", "pass"]);
    assert!(contract(&h).talon_pushed);
    let mut h = hand(4, 3, &[("talon_push", "true")]);
    act(&mut h, &["pass", "bid misere", "pass"]);
    assert_eq!(
        h.phase_kind(),
        PhaseKind::Discard,
        "a misère takes the talon (docs/rules.md)"
    );
    let mut h = hand(4, 3, &[("talon_push", "true")]);
    act(&mut h, &["pass", "bid 6S", "pass", "take"]);
    assert_eq!(h.phase_kind(), PhaseKind::Discard);
    assert_eq!(fate(&h), Some(crate::observation::TalonFate::Declarer));
}

/// Hussar, dealer seat 1: positions are seat 0 (eldest), the dummy, seat 1 (dealer).
fn hussar() -> RussianHand {
    hand(2, 1, &[])
}

#[test]
fn h1_hussar_two_bidders_dummy_unseen() {
    let mut h = hussar();
    let (_, dummy) = h.dealt_by_seat();
    assert_eq!(
        dummy.unwrap().to_string(),
        "JD QD KD AD 7C 8C 9C TC JC 7S".parse::<CardSet>().unwrap().to_string()
    );
    assert_eq!(h.to_move(), Some(0));
    assert!(
        !sees(&h, Viewer::Seat(0), 1) && !sees(&h, Viewer::Seat(1), 1),
        "the dummy is unseen"
    );
    assert_eq!(h.observation(Viewer::Seat(0)).hands[1].holder, Holder::Dummy);
    act(&mut h, &["bid 6S"]);
    assert_eq!(h.to_move(), Some(1), "the dummy does not bid");
    act(&mut h, &["pass"]);
    assert_eq!(h.declarer(), Some(0));
}

#[test]
fn h1_hussar_defender_whists_open_and_plays_both_hands() {
    let mut h = hussar();
    act(&mut h, &["bid 6S", "pass", "discard 8H 7H", "declare 6S"]);
    assert_eq!(h.to_move(), Some(1));
    assert_eq!(legal(&h), vec!["whist", "pass"], "no half-whist in Hussar");
    // The refusals do not offer what Hussar lacks (H1).
    assert_eq!(
        refused(&mut h, 1, "half-whist"),
        "no half-whist with two players: whist or pass (H1)"
    );
    assert_eq!(
        refused(&mut h, 1, "open"),
        "not possible during the whist round: whist or pass"
    );
    act(&mut h, &["whist"]);
    assert_eq!(h.phase_kind(), PhaseKind::Play, "no open/closed choice");
    assert_eq!(h.to_move(), Some(0), "the eldest (declarer) leads");
    act(&mut h, &["play AS"]);
    assert!(sees(&h, Viewer::Seat(0), 1) && sees(&h, Viewer::Seat(0), 2));
    assert_eq!(h.to_move(), Some(1), "the defender plays the dummy's cards");
    act(&mut h, &["play 7S"]);
    assert_eq!(h.to_move(), Some(1));
    play_out(&mut h);
    let c = contract(&h);
    assert_eq!(c.defenders[0].seat, None, "the dummy is a defender without a seat");
    assert_eq!(c.defenders[1].call, WhistCall::Whist);
    assert_eq!(c.declarer_tricks + c.defenders[0].tricks + c.defenders[1].tricks, 10);
}

#[test]
fn h1_hussar_pass_scores_without_play() {
    let mut h = hussar();
    act(&mut h, &["bid 6S", "pass", "discard 8H 7H", "declare 6S", "pass"]);
    let c = contract(&h);
    assert_eq!(c.resolution, Resolution::BothPassed);
}

#[test]
fn h1_hussar_misere_and_checked_ten_played_open() {
    let mut h = hussar();
    act(&mut h, &["bid misere", "pass", "discard 8H 7H", "declare misere"]);
    assert_eq!(h.phase_kind(), PhaseKind::Play);
    act(&mut h, &["play 8S"]);
    assert!(sees(&h, Viewer::Seat(0), 1));
    assert_eq!(h.to_move(), Some(1), "the defender plays the dummy");
    let mut h = hussar();
    act(&mut h, &["bid 10S", "pass", "discard 8H 7H", "declare 10S"]);
    assert_eq!(h.phase_kind(), PhaseKind::Play);
    assert_eq!(h.observation(Viewer::Spectator).defence, Some(DefenceMode::Open));
    let mut h = hand(2, 1, &[("stalingrad", "true")]);
    act(&mut h, &["bid 6S", "pass", "discard 8H 7H", "declare 6S"]);
    assert_eq!(h.phase_kind(), PhaseKind::Play, "Stalingrad: the defender must whist");
    // W5 in Hussar: he whists open (H1) and plays the dummy's cards as well as his own.
    assert_eq!(h.observation(Viewer::Spectator).defence, Some(DefenceMode::Open));
    for _ in 0..2 {
        let card = legal(&h).into_iter().find(|a| a.starts_with("play")).unwrap();
        act(&mut h, &[card.as_str()]);
        assert_eq!(h.to_move(), Some(1), "the defender plays both defending hands");
    }
    assert!(
        sees(&h, Viewer::Seat(0), 1) && sees(&h, Viewer::Seat(0), 2),
        "both laid open"
    );
}

#[test]
fn h3_hussar_allpass_is_thrown_in() {
    let mut h = hussar();
    act(&mut h, &["pass", "pass"]);
    assert_eq!(h.outcome(), Some(HandOutcome::ThrownIn));
}
