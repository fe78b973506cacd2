//! W2–W7 and P3 (offers).

use super::*;

/// Seat 1 declares `contract`; the first defender is seat 2, the second seat 0.
fn seat1_declares(opts: &[(&str, &str)], contract: &str) -> RussianHand {
    let mut h = hand(3, 2, opts);
    let bid = if contract == "misere" {
        "bid misere".to_string()
    } else {
        format!("bid {contract}")
    };
    act(
        &mut h,
        &["pass", &bid, "pass", "discard 8H 7H", &format!("declare {contract}")],
    );
    h
}

/// Seat 0 (eldest) declares 6S; the first defender is seat 1, the second seat 2.
fn seat0_declares(opts: &[(&str, &str)]) -> RussianHand {
    let mut h = hand(3, 2, opts);
    act(&mut h, &["bid 6S", "pass", "pass", "discard 8H 7H", "declare 6S"]);
    h
}

#[test]
fn w2_a_pass_in_the_whist_round_is_noted_apart_from_the_auctions() {
    use crate::observation::CallNote;
    let mut h = seat0_declares(&[]);
    act(&mut h, &["pass"]);
    // History: bid 6S, pass, pass (the auction), discard, declare 6S, pass (no whist).
    let o = h.observation(Viewer::Spectator);
    assert_eq!(o.call_notes, vec![(5, CallNote::NoWhist)]);
}

#[test]
fn w2_first_defender_is_declarers_left_then_the_other() {
    let mut h = seat1_declares(&[], "6S");
    assert_eq!(h.phase_kind(), PhaseKind::Whist);
    assert_eq!(h.to_move(), Some(2));
    assert_eq!(legal(&h), vec!["whist", "pass"], "the first defender cannot half-whist");
    act(&mut h, &["whist"]);
    assert_eq!(h.to_move(), Some(0));
    assert!(
        !has(&h, "half-whist"),
        "half-whist only after the first defender passed"
    );
}

#[test]
fn w2_half_whist_then_first_passes_hand_ends() {
    let mut h = seat1_declares(&[], "7S");
    act(&mut h, &["pass"]);
    assert!(has(&h, "half-whist"));
    act(&mut h, &["half-whist"]);
    assert_eq!(h.to_move(), Some(2), "the first defender speaks once more");
    act(&mut h, &["pass"]);
    let c = contract(&h);
    assert_eq!(c.resolution, Resolution::HalfWhist);
    assert_eq!(c.defenders[0].call, WhistCall::Pass);
    assert_eq!(c.defenders[1].call, WhistCall::HalfWhist);
    assert_eq!(c.defenders[1].seat, Some(0));
}

#[test]
fn w2_half_whist_then_first_whists_half_whister_passes() {
    let mut h = seat1_declares(&[], "6S");
    act(&mut h, &["pass", "half-whist", "whist"]);
    assert_eq!(h.phase_kind(), PhaseKind::DefenceChoice);
    assert_eq!(h.to_move(), Some(2));
    act(&mut h, &["closed"]);
    play_out(&mut h);
    let c = contract(&h);
    assert_eq!(c.defenders[0].call, WhistCall::Whist);
    assert_eq!(c.defenders[1].call, WhistCall::Pass);
}

#[test]
fn w2_no_half_whist_against_eight() {
    let mut h = seat1_declares(&[], "8S");
    act(&mut h, &["pass"]);
    assert_eq!(legal(&h), vec!["whist", "pass"]);
}

#[test]
fn w3_both_pass_ends_without_play() {
    let mut h = seat1_declares(&[], "6S");
    act(&mut h, &["pass", "pass"]);
    assert!(h.is_over());
    let c = contract(&h);
    assert_eq!(c.resolution, Resolution::BothPassed);
    assert_eq!(c.defence, None);
    assert_eq!((c.declarer, c.contract.to_string()), (1, "6S".to_string()));
}

#[test]
fn w4_two_whisters_play_closed_without_choice() {
    let mut h = seat1_declares(&[], "6S");
    act(&mut h, &["whist", "whist"]);
    assert_eq!(h.phase_kind(), PhaseKind::Play);
    assert_eq!(h.observation(Viewer::Spectator).defence, Some(DefenceMode::Closed));
    assert!(!sees(&h, Viewer::Seat(2), 0) && !sees(&h, Viewer::Seat(1), 2));
}

#[test]
fn w4_open_whist_whister_plays_both_hands_face_up() {
    let mut h = seat1_declares(&[], "6S");
    act(&mut h, &["whist", "pass", "open"]);
    // P1: the eldest (seat 0, the passer) leads, but the whister plays his cards.
    assert_eq!(h.to_move(), Some(2));
    for v in [Viewer::Seat(1), Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(2)] {
        assert!(sees(&h, v, 0) && sees(&h, v, 2), "defenders' hands face up for {v:?}");
    }
    assert!(!sees(&h, Viewer::Seat(2), 1), "the declarer's hand stays closed");
    refused(&mut h, 0, "play AS");
    act(&mut h, &["play AS"]);
    assert_eq!(h.to_move(), Some(1));
}

#[test]
fn w4_open_hands_laid_down_after_declarers_first_lead() {
    let mut h = seat0_declares(&[]);
    act(&mut h, &["whist", "pass", "open"]);
    assert_eq!(h.to_move(), Some(0), "the declarer is eldest and leads");
    assert!(!sees(&h, Viewer::Seat(0), 1) && !sees(&h, Viewer::Seat(0), 2));
    act(&mut h, &["play AS"]);
    assert!(sees(&h, Viewer::Seat(0), 1) && sees(&h, Viewer::Spectator, 2));
    // Seat 1 whisted open: he now plays seat 2's cards too.
    act(&mut h, &["play 7S"]);
    assert_eq!(h.to_move(), Some(1), "the whister plays the passer's hand");
}

#[test]
fn w4_closed_whist_each_defender_plays_own_hand() {
    let mut h = seat1_declares(&[], "6S");
    act(&mut h, &["whist", "pass", "closed"]);
    assert_eq!(h.to_move(), Some(0));
    assert!(!sees(&h, Viewer::Seat(2), 0));
}

#[test]
fn w5_stalingrad_six_spades_both_whist_closed_no_round() {
    let h = seat1_declares(&[("stalingrad", "true")], "6S");
    assert_eq!(h.phase_kind(), PhaseKind::Play);
    let o = h.observation(Viewer::Spectator);
    assert_eq!(o.defence, Some(DefenceMode::Closed));
    assert!(o
        .hands
        .iter()
        .enumerate()
        .all(|(p, v)| p == 1 || v.call == WhistCall::Whist));
    assert!(
        !legal(&h).iter().any(|a| a.starts_with("offer")),
        "two whisters: no offers (P3)"
    );
    // Other contracts still have a whist round.
    let h = seat1_declares(&[("stalingrad", "true")], "6C");
    assert_eq!(h.phase_kind(), PhaseKind::Whist);
}

#[test]
fn w6_ten_trick_checked_and_whisted() {
    let h = seat1_declares(&[], "10S");
    assert_eq!(h.phase_kind(), PhaseKind::Play, "checked: no whist round");
    assert!(
        !legal(&h).iter().any(|a| a.starts_with("offer")),
        "two whisters: no offers (P3)"
    );
    let mut h = seat1_declares(&[("ten_trick", "whisted")], "10S");
    assert_eq!(h.phase_kind(), PhaseKind::Whist);
    act(&mut h, &["pass"]);
    assert_eq!(legal(&h), vec!["whist", "pass"], "no half-whist against 10");
}

#[test]
fn w7_misere_played_without_whist_round_open_or_closed() {
    let h = seat1_declares(&[], "misere");
    assert_eq!(h.phase_kind(), PhaseKind::Play);
    assert_eq!(h.to_move(), Some(0), "each misère defender plays his own hand");
    assert!(
        sees(&h, Viewer::Seat(1), 0) && sees(&h, Viewer::Seat(0), 2),
        "open by default"
    );
    assert!(!sees(&h, Viewer::Seat(0), 1), "the declarer's hand stays closed");
    let h = seat1_declares(&[("misere_defence", "closed")], "misere");
    assert!(!sees(&h, Viewer::Seat(1), 0) && !sees(&h, Viewer::Seat(0), 2));
}

#[test]
fn p3_offer_accepted_by_every_defender_in_playing_order() {
    let mut h = seat0_declares(&[]);
    act(&mut h, &["whist", "pass", "closed"]);
    assert!(has(&h, "offer 0") && has(&h, "offer 10"));
    act(&mut h, &["offer 7"]);
    assert_eq!(h.to_move(), Some(1), "closed: the whister answers first");
    assert_eq!(legal(&h), vec!["accept", "refuse"]);
    act(&mut h, &["accept"]);
    assert_eq!(h.to_move(), Some(2), "the passer controls cards and answers too");
    act(&mut h, &["accept"]);
    let c = contract(&h);
    assert_eq!(c.resolution, Resolution::Offer);
    assert_eq!(c.declarer_tricks, 7);
    assert_eq!(
        (c.defenders[0].tricks, c.defenders[1].tricks),
        (3, 0),
        "the defence's share to the whister"
    );
}

#[test]
fn p3_an_offer_is_shown_with_the_tricks_it_shares_out() {
    let mut h = seat0_declares(&[]);
    act(&mut h, &["whist", "pass", "open"]);
    // One whole trick, each hand playing its first legal card.
    for _ in 0..3 {
        let card = legal(&h).into_iter().find(|a| a.starts_with("play")).unwrap();
        act(&mut h, &[card.as_str()]);
    }
    let seat = h.to_move().unwrap();
    let declarer_leads = seat == 0;
    act(&mut h, &[if declarer_leads { "offer 6" } else { "offer 2" }]);
    let o = h.observation(Viewer::Spectator).offer.expect("the offer is public");
    assert_eq!((o.by, o.declarer_side, o.remaining), (seat, declarer_leads, 9));
    assert_eq!(o.tricks, if declarer_leads { 6 } else { 2 });
}

#[test]
fn p3_refusal_goes_on_and_no_second_offer_in_the_trick() {
    let mut h = seat0_declares(&[]);
    act(&mut h, &["whist", "pass", "open", "offer 8"]);
    assert_eq!(h.to_move(), Some(1), "open: only the whister answers");
    act(&mut h, &["refuse"]);
    assert_eq!(h.to_move(), Some(0));
    assert!(!has(&h, "offer 8"), "one offer per seat and trick");
    act(&mut h, &["play AS", "offer 2"]);
    act(&mut h, &["accept"]);
    let c = contract(&h);
    assert_eq!(c.offer.map(|o| (o.by, o.declarer_side, o.tricks)), Some((1, false, 2)));
    assert_eq!(c.declarer_tricks, 8);
}

#[test]
fn p3_no_offers_with_two_whisters_nor_in_allpass() {
    let mut h = seat0_declares(&[]);
    act(&mut h, &["whist", "whist"]);
    assert!(!legal(&h).iter().any(|a| a.starts_with("offer")));
    let mut h = hand(3, 2, &[]);
    act(&mut h, &["pass", "pass", "pass"]);
    assert!(!legal(&h).iter().any(|a| a.starts_with("offer")));
    // A refusal in the all-pass does not mention offers either.
    let seat = h.to_move().unwrap();
    let why = h.apply(seat, "bid 6S".parse().unwrap()).unwrap_err().reason;
    assert!(why.contains("play a card") && !why.contains("offer"), "{why}");
}

#[test]
fn p3_the_passer_offers_in_a_closed_defence() {
    let mut h = seat0_declares(&[]);
    act(&mut h, &["whist", "pass", "closed"]);
    // Cards as they come until the passer (seat 2) is to move: he controls his own cards.
    while h.to_move() != Some(2) {
        let card = legal(&h).into_iter().find(|a| a.starts_with("play")).unwrap();
        act(&mut h, &[card.as_str()]);
    }
    assert!(
        has(&h, "offer 3"),
        "the passer may offer in a closed defence: {:?}",
        legal(&h)
    );
    let o = h.observation(Viewer::Spectator);
    // The declarer (seat 0, the eldest) keeps his tricks and takes the rest after the offer.
    let (done, declarer_before) = (o.tricks_done, o.hands[0].tricks);
    act(&mut h, &["offer 3"]);
    // Only the declarer is on the other side.
    assert_eq!(h.to_move(), Some(0));
    assert_eq!(legal(&h), vec!["accept", "refuse"]);
    act(&mut h, &["accept"]);
    let c = contract(&h);
    assert_eq!(c.resolution, Resolution::Offer);
    assert_eq!(c.offer.map(|o| (o.by, o.declarer_side, o.tricks)), Some((2, false, 3)));
    assert_eq!(c.declarer_tricks, declarer_before + (10 - done - 3));
    assert_eq!(c.declarer_tricks + c.defenders[0].tricks + c.defenders[1].tricks, 10);
}

#[test]
fn p3_misere_offer_answered_by_both_defenders_scored_by_s5() {
    for defence in ["open", "closed"] {
        let mut h = seat1_declares(&[("misere_defence", defence)], "misere");
        // The declarer offers to take one trick of the ten: both defenders answer, in order.
        while h.to_move() != Some(1) || !has(&h, "offer 1") {
            let card = legal(&h)
                .into_iter()
                .find(|a| a.starts_with("play") || a == "open" || a == "closed")
                .unwrap();
            act(&mut h, &[card.as_str()]);
        }
        let o = h.observation(Viewer::Spectator);
        let (done, before) = (
            o.tricks_done,
            o.hands
                .iter()
                .find(|v| v.holder == crate::observation::Holder::Seat(1))
                .unwrap()
                .tricks,
        );
        act(&mut h, &["offer 1"]);
        let first = h.to_move().unwrap();
        assert_ne!(first, 1);
        act(&mut h, &["accept"]);
        let second = h.to_move().expect("the other defender answers too");
        assert!(second != 1 && second != first, "{defence}");
        act(&mut h, &["accept"]);
        let c = contract(&h);
        assert_eq!(c.resolution, Resolution::Offer, "{defence}");
        assert_eq!(c.declarer_tricks, before + 1, "{defence}: his share is his offer");
        assert!(done < 10);
        // S5: a misère with tricks: 10 mountain a trick, no whists, no pool.
        let rules = Rules::sochi();
        let mut sheet = crate::scoring::Scoresheet::new(3);
        let ctx = crate::scoring::HandContext {
            dealer: 2,
            allpass_multiplier: 1,
            talon: ["7H".parse().unwrap(), "8H".parse().unwrap()],
        };
        sheet.record(&rules, &ctx, &HandOutcome::Contract(c));
        let t = sheet.totals();
        assert_eq!(t.mountain[1], 10 * i64::from(c.declarer_tricks), "{defence}");
        assert_eq!(t.pool, [0; 4], "{defence}");
        assert_eq!(t.whists, [[0; 4]; 4], "{defence}");
    }
}
