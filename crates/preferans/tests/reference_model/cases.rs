//! Hand-made cases of the reference-model test for tricky rulings: each drives the engine and
//! the model through a scripted hand, comparing them at every step (as the random test does),
//! and checks what the rule says at the interesting point.

use preferans::outcome::{ContractOutcome, Resolution};
use preferans::russian::PhaseKind;
use preferans::{Action, Bid, Card, Deal, HandOutcome, HandState, RussianHand, Seat, Viewer, WhistCall};

use super::model::Model;
use super::{compare, sorted, text, Table};

/// A hand-made table: Sochi with `players` and the `pairs`, dealt by `dealer` from `seed`.
fn table(players: u8, pairs: &[(&'static str, &'static str)], dealer: Seat, seed: u64) -> Table {
    Table {
        seed,
        preset: "sochi",
        players,
        pairs: pairs.to_vec(),
        dealer,
        min_opening: None,
        pass_pct: 0,
        whist_pass_pct: 0,
        offer_pct: 0,
        accept_pct: 0,
    }
}

/// Plays `steps` on the engine and the model, comparing them before and after each step
/// (`*` is the first legal action in sorted order: the lowest discard, contract or card).
fn script(t: &Table, steps: &[&str]) -> (RussianHand, Model) {
    let (mut engine, mut m) = (t.engine(), t.model());
    for (i, step) in steps.iter().enumerate() {
        let legal = compare(&engine, &m).unwrap_or_else(|e| panic!("before step {i} '{step}': {e}"));
        let a = if *step == "*" {
            legal[0]
        } else {
            step.parse().expect("an action")
        };
        assert!(legal.contains(&a), "step {i}: '{a}' is not legal: {}", text(&legal));
        let seat = m.to_move().expect("a seat to move");
        engine.apply(seat, a).unwrap_or_else(|e| panic!("step {i}: {e}"));
        m.apply(a);
    }
    compare(&engine, &m).unwrap_or_else(|e| panic!("after the script: {e}"));
    (engine, m)
}

fn legal_of(h: &RussianHand) -> Vec<Action> {
    let mut v = Vec::new();
    h.legal_actions(&mut v);
    sorted(v)
}

fn bid(s: &str) -> Action {
    Action::Bid(s.parse().expect("a bid"))
}

fn contract_outcome(h: &RussianHand) -> ContractOutcome {
    match h.outcome() {
        Some(HandOutcome::Contract(c)) => c,
        other => panic!("expected a contract outcome, got {other:?}"),
    }
}

/// A4: a misère bidder's turns are skipped while he holds the highest bid, and once outbid
/// he is out; misère cannot be held (A3); a misère bidder declares only misère (T2).
#[test]
fn a4_a_misere_bidders_turns_are_skipped_and_outbid_he_is_out() {
    // Dealer 0: the eldest is seat 1, the second hand seat 2, the third seat 0.
    let t = table(3, &[], 0, 7);
    let (h, _) = script(&t, &["bid 6S", "bid misere", "pass"]);
    assert_eq!(h.to_move(), Some(1), "the misère bidder (seat 2) is skipped");
    let legal = legal_of(&h);
    assert!(!legal.contains(&bid("misere")) && !legal.contains(&bid("8NT")) && legal.contains(&bid("9S")));
    let (h, _) = script(&t, &["bid 6S", "bid misere", "pass", "bid 9S"]);
    assert_eq!(
        (h.declarer(), h.phase_kind()),
        (Some(1), PhaseKind::Discard),
        "outbid, he is out"
    );
    let (h, _) = script(&t, &["bid 6S", "bid misere", "pass", "pass", "*"]);
    assert_eq!(legal_of(&h), vec![Action::Declare(Bid::Misere)]);
}

/// A3 `seniority`: a player may equal a bid of a player after him in bidding order; with
/// `eldest` only the eldest may.
#[test]
fn a3_seniority_lets_the_second_hand_hold_the_third_hands_bid() {
    let seniority = table(3, &[("hold", "seniority")], 0, 8);
    let (h, _) = script(&seniority, &["pass", "bid 6C", "bid 6D"]);
    assert_eq!(h.to_move(), Some(2));
    assert!(
        legal_of(&h).contains(&bid("6D")),
        "the second hand may hold the third's bid"
    );
    let (h, _) = script(&seniority, &["pass", "bid 6C", "bid 6D", "bid 6D"]);
    let legal = legal_of(&h);
    assert_eq!(h.to_move(), Some(0));
    assert!(
        !legal.contains(&bid("6D")) && legal.contains(&bid("6H")),
        "the third may not hold back"
    );
    let (h, _) = script(&table(3, &[("hold", "eldest")], 0, 8), &["pass", "bid 6C", "bid 6D"]);
    assert!(!legal_of(&h).contains(&bid("6D")), "only the eldest holds");
}

/// W2: after the first defender's pass the second may half-whist a 6; the first then
/// whists (one whister, who chooses open or closed, W4) or passes (the hand ends, S7).
#[test]
fn w2_after_a_half_whist_the_first_defender_whists_or_ends_the_hand() {
    // Dealer 0: the eldest (seat 1) declares 6♠; the first defender is seat 2.
    let t = table(3, &[], 0, 9);
    let start = ["bid 6S", "pass", "pass", "*", "declare 6S", "pass"];
    let (h, _) = script(&t, &start);
    assert_eq!(
        (h.to_move(), legal_of(&h).contains(&Action::HalfWhist)),
        (Some(0), true)
    );
    let (h, _) = script(&t, &[&start[..], &["half-whist"]].concat());
    assert_eq!(
        (h.to_move(), legal_of(&h)),
        (Some(2), vec![Action::Pass, Action::Whist])
    );
    let (h, _) = script(&t, &[&start[..], &["half-whist", "whist"]].concat());
    assert_eq!((h.to_move(), h.phase_kind()), (Some(2), PhaseKind::DefenceChoice));
    let (h, _) = script(&t, &[&start[..], &["half-whist", "pass"]].concat());
    let c = contract_outcome(&h);
    assert_eq!(c.resolution, Resolution::HalfWhist);
    assert_eq!(
        [c.defenders[0].call, c.defenders[1].call],
        [WhistCall::Pass, WhistCall::HalfWhist]
    );
}

/// P3: the declarer's offer is answered by each closed defender in playing order; all
/// accept and the hand ends, or a refusal goes on and the same seat offers no more in the
/// trick. W6, P3: no offers at all against a checked 10 (two whisters).
#[test]
fn p3_an_offer_is_answered_in_playing_order_and_two_whisters_get_none() {
    let t = table(3, &[("misere_defence", "closed")], 0, 10);
    let start = ["bid misere", "pass", "pass", "*", "declare misere", "offer 0"];
    let (h, _) = script(&t, &start);
    assert_eq!(h.to_move(), Some(2), "the first answerer sits after the declarer");
    let (h, _) = script(&t, &[&start[..], &["accept"]].concat());
    assert_eq!(h.to_move(), Some(0));
    let (h, _) = script(&t, &[&start[..], &["accept", "accept"]].concat());
    let c = contract_outcome(&h);
    assert_eq!(
        (c.resolution, c.declarer_tricks, c.defenders[0].tricks),
        (Resolution::Offer, 0, 10)
    );
    let (h, _) = script(&t, &[&start[..], &["accept", "refuse"]].concat());
    assert_eq!(h.to_move(), Some(1));
    assert!(
        legal_of(&h).iter().all(|a| matches!(a, Action::Play(_))),
        "no second offer"
    );
    let (h, _) = script(&table(3, &[], 0, 10), &["bid 10S", "pass", "pass", "*", "declare 10S"]);
    assert_eq!((h.to_move(), h.phase_kind()), (Some(1), PhaseKind::Play));
    assert!(legal_of(&h).iter().all(|a| matches!(a, Action::Play(_))), "no offers");
}

/// X2 `lead`: the talon cards set the suit of the first two tricks, the eldest plays first
/// to both and leads the third whoever won.
#[test]
fn x2_the_talon_leads_two_tricks_and_the_eldest_leads_the_third() {
    let t = table(3, &[("allpass_talon", "lead")], 0, 11);
    let deal = Deal::seeded(11, 0);
    let (h, _) = script(&t, &["pass", "pass", "pass"]);
    let suit = deal.talon()[0].suit();
    let eldest = deal.hands()[0];
    let expected: Vec<Action> = if eldest.count_in(suit) > 0 {
        eldest.in_suit(suit)
    } else {
        eldest
    }
    .iter()
    .map(Action::Play)
    .collect();
    assert_eq!((h.to_move(), legal_of(&h)), (Some(1), sorted(expected)));
    let (h, _) = script(&t, &["pass", "pass", "pass", "*", "*", "*", "*", "*", "*"]);
    assert_eq!((h.tricks_done(), h.to_move()), (2, Some(1)));
}

/// F3 `dealer_allpass_talon` (learned from the engine): the dealer's talon card is led for
/// him; the eldest is the first to move, the talon card already in the trick.
#[test]
fn f3_the_dealer_leads_the_allpass_talon_without_an_action() {
    let t = table(4, &[("dealer_allpass_talon", "true")], 1, 5);
    let (h, _) = script(&t, &["pass", "pass", "pass"]);
    assert_eq!((h.phase_kind(), h.to_move()), (PhaseKind::Play, Some(2)));
    let trick: Vec<Card> = h.observation(Viewer::Spectator).trick.iter().map(|c| c.card).collect();
    assert_eq!(trick, vec![Deal::seeded(5, 0).talon()[0]]);
}

/// H1: the only defender whists or passes (no half-whist, no choice of open or closed), plays
/// the dummy's cards, and answers an offer once.
#[test]
fn h1_the_defender_plays_the_dummy_and_answers_for_both_hands() {
    // Dealer 0: the eldest is seat 1; the dummy plays between him and the dealer.
    let t = table(2, &[], 0, 12);
    let start = ["bid 6S", "pass", "*", "declare 6S"];
    let (h, _) = script(&t, &start);
    assert_eq!(
        (h.to_move(), legal_of(&h)),
        (Some(0), vec![Action::Pass, Action::Whist])
    );
    let (h, m) = script(&t, &[&start[..], &["whist", "*"]].concat());
    assert_eq!(
        (h.to_move(), m.seat_of[m.to_play]),
        (Some(0), None),
        "the defender plays the dummy"
    );
    let (h, _) = script(&t, &[&start[..], &["whist", "*", "offer 3"]].concat());
    assert_eq!(h.to_move(), Some(1));
    let (h, _) = script(&t, &[&start[..], &["whist", "*", "offer 3", "refuse", "*"]].concat());
    assert_eq!(h.to_move(), Some(0));
    assert!(
        legal_of(&h).iter().all(|a| matches!(a, Action::Play(_))),
        "no second offer"
    );
}
