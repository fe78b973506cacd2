//! Tests of the expert's simulated decisions (A1, W2, T1, T2, S3) on hand-made deals.

use super::*;
use crate::Bot;
use preferans::russian::{HandConfig, PhaseKind};
use preferans::{Deal, HandState, Rules, RussianHand, Viewer};

fn cards(text: &str) -> CardSet {
    text.parse().unwrap()
}

/// A hand dealt as given (dealer 2, so seat 0 is the eldest and `hands[i]` is seat i's),
/// driven through `script`.
fn hand(hands: [&str; 3], talon: &str, dealer: u8, script: &[&str]) -> RussianHand {
    hand_under(&Rules::sochi(), hands, talon, dealer, script)
}

/// [`hand`] under `rules`.
fn hand_under(rules: &Rules, hands: [&str; 3], talon: &str, dealer: u8, script: &[&str]) -> RussianHand {
    let t: Vec<Card> = cards(talon).iter().collect();
    let deal = Deal::new(hands.map(cards), [t[0], t[1]]).unwrap();
    let mut h = RussianHand::new(HandConfig::from_rules(rules), dealer, deal, None);
    for a in script {
        let seat = h.to_move().unwrap();
        h.apply(seat, a.parse().unwrap()).unwrap();
    }
    h
}

// Seat 1 declares 6♠ (dealer 2: seat 0 bids first); seat 2, at his left, speaks first.
const DECLARER: &str = "AS KS QS JS TS 9S JH TH JC TC";
const STRONG: &str = "AH KH QH AC KC QC AD KD 7S 8S";
const WEAK: &str = "9H 8H 9C 8C 7C QD JD TD 9D 8D";
const SCRIPT: &[&str] = &["pass", "bid 6S", "pass", "discard 7H 7D", "declare 6S"];

#[test]
fn w2_the_expert_whists_a_strong_defence_and_passes_a_hopeless_one() {
    let strong = hand([WEAK, DECLARER, STRONG], "7H 7D", 2, SCRIPT);
    let o = strong.observation(Viewer::Seat(2));
    assert_eq!(o.phase, PhaseKind::Whist);
    // Four defensive tricks against the six trumps: the quota, so whist. Eight samples are a
    // noisy judge: most seeds, not every one (10 of 12 whist; 11 when the samples that fit no
    // declarer fell back to any deal, whose weak declarers flattered the whist).
    let whists = (0..12)
        .filter(|&seed| ExpertBot::new(seed, 20).whist_by_simulation(&o) == Some(Action::Whist))
        .count();
    assert!(whists >= 9, "{whists} of 12 seeds whist");
    let mut bot = ExpertBot::new(3, 20);
    // Against ten top tricks both defenders are hopeless: seat 2 passes.
    let hopeless = hand(
        [
            "QH JH TH 9H QC JC TC AD KD QD",
            "AS KS QS JS TS 9S AH KH AC KC",
            "8S 7S 8H 7H 9C 8C 7C 9D 8D 7D",
        ],
        "JD TD",
        2,
        &["pass", "bid 6S", "pass", "discard JD TD", "declare 6S"],
    );
    let o = hopeless.observation(Viewer::Seat(2));
    assert_eq!(bot.whist_by_simulation(&o), Some(Action::Pass));
}

#[test]
fn t1_t2_the_expert_discards_and_declares_the_contract_its_hand_makes() {
    // Seat 1 has eight sure spade tricks and two side aces after the talon: it should
    // discard the two loose cards and declare at least 8♠, more than the 6♠ it bid.
    let h = hand(
        [
            "9C 8C 7C 9D 8D 7D KH QH JH TH",
            "AS KS QS JS TS 9S 8S AC 7H 8H",
            "QC JC TC KC QD JD TD KD AD 9H",
        ],
        "7S AH",
        2,
        &["pass", "bid 6S", "pass"],
    );
    let mut bot = ExpertBot::new(5, 20);
    let o = h.observation(Viewer::Seat(1));
    assert_eq!(o.phase, PhaseKind::Discard);
    let discard = bot.discard_by_simulation(&o).unwrap();
    assert!(o.legal_actions.contains(&discard));
    let Action::Discard(x, y) = discard else {
        panic!("{discard}")
    };
    for c in [x, y] {
        assert!(!c.to_string().ends_with('S'), "kept every trump: {discard}");
    }
    let mut h = h;
    h.apply(1, discard).unwrap();
    let o = h.observation(Viewer::Seat(1));
    let declare = bot.declare_by_simulation(&o).unwrap();
    let Action::Declare(Bid::Tricks { level, strain }) = declare else {
        panic!("{declare}")
    };
    assert_eq!(strain, Strain::Spades);
    assert!(level >= 8, "{declare}");
}

#[test]
fn t2_the_expert_declares_the_level_of_its_sure_tricks() {
    // Seat 1 holds all eight trumps and two losers: eight tricks on every layout. A hedge
    // towards one trick fewer made the expert declare below them (docs/bots.md, "No hedge").
    let mut h = hand(
        [
            "AH KH QH JH AC KC QC AD KD QD",
            "AS KS QS JS TS 9S 8S 7S 7C 7D",
            "TH 9H 8H 7H JC TC 9C JD TD 9D",
        ],
        "8C 8D",
        2,
        &["pass", "bid 6S", "pass"],
    );
    h.apply(1, "discard 8C 8D".parse().unwrap()).unwrap();
    let o = h.observation(Viewer::Seat(1));
    assert_eq!(o.phase, PhaseKind::Declare);
    for seed in 0..3 {
        let mut bot = ExpertBot::new(seed, 20);
        let declare = bot.declare_by_simulation(&o).unwrap();
        assert_eq!(
            declare,
            Action::Declare(Bid::tricks(8, Strain::Spades).unwrap()),
            "seed {seed}"
        );
    }
}

#[test]
fn a1_the_expert_bids_what_scores_and_passes_what_does_not() {
    // Seat 0 (eldest, first to bid) with eight spades to the top and two aces.
    let strong = hand(
        [
            "AS KS QS JS TS 9S 8S 7S AC AD",
            "9C 8C 7C 9D 8D 7D KH QH JH TH",
            "QC JC TC KC QD JD TD KD AH 9H",
        ],
        "8H 7H",
        2,
        &[],
    );
    let mut bot = ExpertBot::new(9, 20);
    let o = strong.observation(Viewer::Seat(0));
    let samples = bot.own_bid_samples(&o);
    let bid = bot.bid_by_score(&o, 0, &samples, 0.0).unwrap().unwrap();
    assert!(bid.level().unwrap() >= 9, "{bid}");
    // Seat 0 with nothing: passes.
    let weak = hand(
        [
            "9C 8C 7C 9D 8D 7D KH QH JH TH",
            "AS KS QS JS TS 9S 8S 7S AC AD",
            "QC JC TC KC QD JD TD KD AH 9H",
        ],
        "8H 7H",
        2,
        &[],
    );
    let o = weak.observation(Viewer::Seat(0));
    let samples = bot.own_bid_samples(&o);
    assert_eq!(bot.bid_by_score(&o, 0, &samples, 0.0), Some(None));
}

#[test]
fn s3_results_come_from_the_real_scorer() {
    let rules = Rules::sochi();
    let s = Sides {
        declarer: 1,
        decl_pos: 0,
        defenders: [(Some(2), 1), (Some(0), 2)],
        talon_pushed: false,
    };
    let o = hand(
        [
            "7S 8S 9S TS JS QS KS AS 7C 8C",
            "9C TC JC QC KC AC 7D 8D 9D TD",
            "JD QD KD AD 7H 8H 9H TH JH QH",
        ],
        "KH AH",
        0,
        &[],
    )
    .observation(Viewer::Seat(1));
    let six = Bid::tricks(6, Strain::Spades).unwrap();
    // Made exactly with one whister: declarer +2 pool, the whister 4 × 2 whists.
    let played = outcome(&s, six, [WhistCall::Whist, WhistCall::Pass], 6, [1.0, 1.0]);
    let decl = my_result(&rules, &o, 1, &played);
    let whister = my_result(&rules, &o, 2, &played);
    let passer = my_result(&rules, &o, 0, &played);
    assert!((decl + whister + passer).abs() < 1e-9, "zero-sum");
    assert!(whister > 0.0 && decl > 0.0 && passer < 0.0);
    // Both passed: scored as made (W3), nobody writes whists.
    let unplayed = outcome(&s, six, [WhistCall::Pass, WhistCall::Pass], 0, [1.0, 1.0]);
    assert!(my_result(&rules, &o, 1, &unplayed) > 0.0);
}

#[test]
fn t1_the_expert_sheds_the_cards_a_misere_would_be_caught_with() {
    // Seat 1 bids misère; with the talon he holds K♠ over 7♠ 8♠ and A♥ over 7♥ 8♥, both
    // caught when the suit is led three times. Shedding those two leaves a clean hand.
    let h = hand(
        [
            "9S TS JS QS AS TC JC QC KC AC",
            "7S 8S 7C 8C 9C 7D 8D 7H 8H AH",
            "TD JD QD KD AD 9H TH JH QH KH",
        ],
        "9D KS",
        2,
        &["pass", "bid misere", "pass"],
    );
    let mut bot = ExpertBot::new(11, 20);
    let o = h.observation(Viewer::Seat(1));
    assert_eq!(o.phase, PhaseKind::Discard);
    let discard = bot.misere_discard_by_simulation(&o).unwrap();
    assert!(o.legal_actions.contains(&discard));
    let Action::Discard(x, y) = discard else {
        panic!("{discard}")
    };
    let shed: CardSet = [x, y].into_iter().collect();
    assert_eq!(shed, cards("KS AH"), "{discard}");
}

#[test]
fn a5_a_pass_may_end_in_allpass_only_while_nobody_has_bid() {
    use crate::expert_allpass::still_to_pass;
    let deal = [WEAK, DECLARER, STRONG];
    // Dealer 2: seat 0 (position 0) speaks first, then 1, then 2.
    let last = hand(deal, "7H 7D", 2, &["pass", "pass"]);
    assert_eq!(still_to_pass(&last.observation(Viewer::Seat(2)), 2), Some(vec![]));
    let second = hand(deal, "7H 7D", 2, &["pass"]);
    assert_eq!(still_to_pass(&second.observation(Viewer::Seat(1)), 1), Some(vec![2]));
    let first = hand(deal, "7H 7D", 2, &[]);
    assert_eq!(still_to_pass(&first.observation(Viewer::Seat(0)), 0), Some(vec![1, 2]));
    let contested = hand(deal, "7H 7D", 2, &["bid 6S", "pass"]);
    assert_eq!(still_to_pass(&contested.observation(Viewer::Seat(2)), 2), None);
}

/// Seat 2's hand `mine`, the other cards dealt in order to seats 0 and 1 and the talon, with
/// seats 0 and 1 driven through `script`.
fn with_others_dealt(mine: &str, script: &[&str]) -> RussianHand {
    let rest: Vec<Card> = (CardSet::FULL - cards(mine)).iter().collect();
    let part = |r: std::ops::Range<usize>| rest[r].iter().copied().collect::<CardSet>().to_string();
    hand([&part(0..10), &part(10..20), mine], &part(20..22), 2, script)
}

#[test]
fn a5_the_last_bidder_weighs_the_allpass_his_pass_ends_in() {
    use crate::Bot;
    let mut bot = ExpertBot::new(4, 20);
    // All-pass is dear for a hand of tops and cheap for a hand of low cards.
    for (mine, dear) in [
        ("AS KS AH KH AC KC AD KD QD QS", true),
        ("7S 8S 7H 8H 9H 7C 8C 7D 8D 9D", false),
    ] {
        let o = with_others_dealt(mine, &["pass", "pass"]).observation(Viewer::Seat(2));
        let samples = bot.own_bid_samples(&o);
        let allpass = bot.pass_value(&o, 2, &samples).unwrap();
        assert_eq!(allpass < 0.0, dear, "{mine}: {allpass}");
    }
    // Kings and queens: the best contract about breaks even (−4 … +10 whists by the bot's
    // seed; −3.75 with seed 9), the all-pass loses more (−20 … −35). The last bidder plays.
    const KINGS: &str = "KS QS JS TS 9S KH QH KC QC KD";
    let o = with_others_dealt(KINGS, &["pass", "pass"]).observation(Viewer::Seat(2));
    let mut bot = ExpertBot::new(9, 20);
    let samples = bot.own_bid_samples(&o);
    assert_eq!(bot.bid_by_score(&o, 2, &samples, 0.0), Some(None));
    let call = bot.choose(&o);
    assert!(matches!(call, Some(Action::Bid(Bid::Tricks { .. }))), "{call:?}");
    // After a bid, a pass leaves the contract to the others: worth nothing, and it passes.
    let contested = hand(
        ["9C 8C 7C 9D 8D 7D 8H 7H 8S 7S", "AS AH AC AD JH JC JD TH TC TD", KINGS],
        "9H QD",
        2,
        &["bid 6S", "pass"],
    );
    let o = contested.observation(Viewer::Seat(2));
    let mut bot = ExpertBot::new(3, 20);
    let samples = bot.own_bid_samples(&o);
    assert_eq!(bot.pass_value(&o, 2, &samples), None);
    assert_eq!(bot.choose(&o), Some(Action::Pass));
}

#[test]
fn a4_a_hand_with_one_dangerous_card_is_weighed_for_misere() {
    use crate::Bot;
    // Low cards everywhere and one ace (one hole: not bid outright);
    // the talon lets him shed it. Seat 2 speaks after two passes.
    const LOW_ACE: &str = "7S 8S TS 7C 8C TC 7D 9D 7H AH";
    assert_eq!(crate::misere_holes(cards(LOW_ACE)), 1);
    let o = with_others_dealt(LOW_ACE, &["pass", "pass"]).observation(Viewer::Seat(2));
    let mut bot = ExpertBot::new(1, 20);
    bot.begin_decision(&o);
    let samples = bot.own_bid_samples(&o);
    let misere = bot.misere_mean(&o, 2, &samples).unwrap();
    let pass = bot.pass_value(&o, 2, &samples).unwrap();
    assert!(misere > pass.max(0.0), "misère {misere}, pass {pass}");
    assert_eq!(bot.choose(&o), Some(Action::Bid(Bid::Misere)));
    // Hints weigh it the same way: first, with the simulated value.
    let hs = crate::hints::hints(&o, &mut bot);
    assert_eq!(hs[0].action, Action::Bid(Bid::Misere), "{hs:?}");
    assert!(
        (hs[0].value - misere).abs() < 1e-9 && hs[0].reason.contains("simulated"),
        "{hs:?}"
    );
    // The review weighs a pass there against the misère it missed.
    let vals = crate::review_calls::values(&mut bot, &o, Action::Pass).unwrap();
    let best = vals.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    assert_eq!(best.0, Action::Bid(Bid::Misere), "{vals:?}");
    assert!((best.1 - misere).abs() < 1e-9, "{vals:?}");
    // The same hand with a second ace and a king instead of low cards: too dangerous to weigh.
    const ACES: &str = "7S 8S AS 7C 8C KC 7D 9D 7H AH";
    assert!(crate::misere_holes(cards(ACES)) > crate::expert_misere::MISERE_HOLES_WEIGHED);
    let o = with_others_dealt(ACES, &["pass", "pass"]).observation(Viewer::Seat(2));
    assert_ne!(bot.choose(&o), Some(Action::Bid(Bid::Misere)));
}

#[test]
fn t1_t2_the_declared_contract_is_the_one_the_discard_was_chosen_for() {
    use crate::Bot;
    for seed in 0..6 {
        // Seat 1 wins the auction at 6♠ and takes the talon.
        let deal = Deal::seeded(seed, 0);
        let mut h = RussianHand::new(HandConfig::from_rules(&Rules::sochi()), 2, deal, None);
        for a in ["pass", "bid 6S", "pass"] {
            let seat = h.to_move().unwrap();
            h.apply(seat, a.parse().unwrap()).unwrap();
        }
        let o = h.observation(Viewer::Seat(1));
        assert_eq!(o.phase, PhaseKind::Discard);
        // The plan: the (discard, contract) the discard's simulation finds best.
        let mut planner = ExpertBot::new(5, 20);
        planner.begin_decision(&o);
        let discards = discard_candidates(&o);
        let hand = my_hand(&o);
        let kept: Vec<CardSet> = discards
            .iter()
            .map(|(x, y)| hand - CardSet::from_iter([*x, *y]))
            .collect();
        planner.rng = planner.contract_stream(&o);
        let (i, planned) = planner
            .best_contract_by_simulation(&o, 1, o.highest_bid.unwrap().1, &kept)
            .unwrap();
        let mut bot = ExpertBot::new(5, 20);
        let discard = bot.choose(&o).unwrap();
        assert_eq!(discard, Action::Discard(discards[i].0, discards[i].1));
        h.apply(1, discard).unwrap();
        // A fresh bot with the same seed declares the planned contract.
        let o = h.observation(Viewer::Seat(1));
        assert_eq!(o.phase, PhaseKind::Declare);
        assert_eq!(
            ExpertBot::new(5, 20).choose(&o),
            Some(Action::Declare(planned)),
            "deal {seed}"
        );
    }
}

#[test]
fn w2_a_second_defender_with_no_defence_half_whists_rather_than_whist_alone() {
    // From a review of expert self-play: 6♥ by seat 0 (A Q J 7 of hearts, three aces), seat 1
    // passed; seat 2 whisted alone with ♠10 ♣J109 ♦J1098 ♥K10 and paid for four tricks the
    // defence could not take. The half-whist (W2) is worth its whists without play. Its
    // samples must fit the contract (a 6♥ declarer holds hearts: `expert_fit.rs`).
    let h = hand(
        [
            "QS JS AC 7C AD QD AH QH JH 7H",
            "KS 9S 8S 7S KC QC 8C KD 9H 8H",
            "TS JC TC 9C JD TD 9D 8D KH TH",
        ],
        "7D AS",
        2,
        &["bid 6S", "pass", "pass", "discard JS 7D", "declare 6H", "pass"],
    );
    let o = h.observation(Viewer::Seat(2));
    assert_eq!(o.phase, PhaseKind::Whist);
    assert!(o.legal_actions.contains(&Action::HalfWhist));
    for seed in 1..=4 {
        let mut bot = ExpertBot::new(seed, 60);
        bot.begin_decision(&o);
        assert_eq!(bot.whist_by_simulation(&o), Some(Action::HalfWhist), "seed {seed}");
    }
    // The Hint button ranks the calls as the expert makes them: the lone whist last.
    let hints = crate::hints::hints(&o, &mut ExpertBot::new(1, 60));
    assert_eq!(hints[0].action, Action::HalfWhist, "{hints:?}");
    assert_eq!(hints.last().map(|h| h.action), Some(Action::Whist), "{hints:?}");
    assert!(hints.last().unwrap().reason.contains("the half-whist is safer"));
}

/// Sochi with two players (Hussar, H1).
fn hussar_rules() -> Rules {
    Rules::sochi().with("players", "2").unwrap()
}

/// Hussar (H1) with dealer seat 1: the positions are seat 0 (the eldest), the dummy, seat 1.
fn hussar_hand(hands: [&str; 3], talon: &str, script: &[&str]) -> RussianHand {
    hussar_dealt_by(1, hands, talon, script)
}

/// Hussar (H1) dealt by `dealer`: the positions are the other seat (the eldest), the dummy,
/// the dealer.
fn hussar_dealt_by(dealer: u8, hands: [&str; 3], talon: &str, script: &[&str]) -> RussianHand {
    hand_under(&hussar_rules(), hands, talon, dealer, script)
}

#[test]
fn h1_the_hussar_defender_whists_a_six_the_open_defence_beats() {
    // From a review of expert Hussar games: the defender passed 6♥ holding ♠KQ87 ♣AKQ8 ♦Q8
    // beside a dummy with ♥AQ1097 against the declarer's ♥KJ8 (four tricks double-dummy):
    // the whist simulation weighed the declarer taking a trick more, as with three players;
    // in Hussar the defence plays both hands open.
    let rules = hussar_rules();
    let h = hussar_dealt_by(
        0,
        [
            "AS 9S JC 9C 7C AD 9D KH JH 8H",
            "JS TS TC KD 7D AH QH TH 9H 7H",
            "KS QS 8S 7S AC KC QC 8C QD 8D",
        ],
        "TD JD",
        &["bid 6S", "pass", "discard 9S 7C", "declare 6H"],
    );
    let o = h.observation(Viewer::Seat(0));
    assert_eq!(o.phase, PhaseKind::Whist);
    for seed in 0..3 {
        let mut bot = ExpertBot::of_level("expert", seed).unwrap().with_rules(&rules);
        assert_eq!(
            bot.whist_by_simulation(&o),
            Some(Action::Whist),
            "seed {seed}: {:?}",
            bot.whist_values(&o)
        );
    }
}

#[test]
fn h1_h2_hussar_is_scored_with_the_dummy_as_a_defender_who_passes() {
    let rules = hussar_rules();
    let mut bot = ExpertBot::new(3, 20).with_rules(&rules);
    // Seat 0 declares 6♠; seat 1 defends with the dummy (WEAK) beside him.
    let script = &["bid 6S", "pass", "discard 7H 7D", "declare 6S"];
    let strong = hussar_hand([DECLARER, WEAK, STRONG], "7H 7D", script);
    let o = strong.observation(Viewer::Seat(1));
    assert_eq!(o.phase, PhaseKind::Whist);
    let values = bot.whist_values(&o).expect("a scoring model with the dummy");
    assert_eq!(values.len(), 2, "whist or pass, no half-whist (H1): {values:?}");
    assert_eq!(bot.whist_by_simulation(&o), Some(Action::Whist), "{values:?}");
    // Without a card above a nine the defender passes.
    let hopeless = hussar_hand(
        [
            "AS KS QS JS TS 9S AH KH AC KC",
            "QH JH TH 9H QC JC TC AD KD QD",
            "8S 7S 8H 7H 9C 8C 7C 9D 8D 7D",
        ],
        "JD TD",
        &["bid 6S", "pass", "discard JD TD", "declare 6S"],
    );
    let ho = hopeless.observation(Viewer::Seat(1));
    assert_eq!(bot.whist_by_simulation(&ho), Some(Action::Pass));
    // The dummy makes no call; the defender alone whists or passes.
    let s = sides(&o).unwrap();
    assert_eq!(s.defenders.map(|d| d.0), [None, Some(1)]);
    let calls = defence_calls(
        &rules,
        Bid::tricks(6, Strain::Spades).unwrap(),
        &s,
        [cards(WEAK), cards(STRONG)],
    );
    assert_eq!(calls, [WhistCall::Pass, WhistCall::Whist]);
    // The eldest's bids are scored too (A1): a hand of six top trumps bids.
    let fresh = hussar_hand([DECLARER, WEAK, STRONG], "7H 7D", &[]);
    let o = fresh.observation(Viewer::Seat(0));
    let samples = bot.own_bid_samples(&o);
    assert!(
        matches!(bot.bid_by_score(&o, 0, &samples, 0.0), Some(Some(Bid::Tricks { .. }))),
        "scored bidding in Hussar"
    );
}

/// Sochi for four players with the F3 option `option` on.
fn four_players_with(option: &str) -> Rules {
    let mut rules = Rules::sochi();
    rules.set("players", "4").unwrap();
    rules.set(option, "true").unwrap();
    rules
}

/// F3: four players (dealer 3), the dealer's whist on; seat 1 declares 6♠ and both defenders
/// pass, then the dealer looks at seat 2's hand.
fn dealer_whist_hand(seen: &str, unseen: &str) -> RussianHand {
    let rules = four_players_with("dealer_whist_when_both_pass");
    let script = [SCRIPT, &["pass", "pass", "look 2"]].concat();
    hand_under(&rules, [unseen, DECLARER, seen], "7H 7D", 3, &script)
}

#[test]
fn f3_the_expert_dealer_looks_then_whists_a_strong_defence_and_passes_a_hopeless_one() {
    let rules = four_players_with("dealer_whist_when_both_pass");
    let mut bot = ExpertBot::new(3, 20).with_rules(&rules);
    // Before looking: the dealer looks (it costs nothing).
    let before = hand_under(
        &rules,
        [WEAK, DECLARER, STRONG],
        "7H 7D",
        3,
        &[SCRIPT, &["pass", "pass"]].concat(),
    );
    let o = before.observation(Viewer::Seat(3));
    assert_eq!(o.phase, PhaseKind::DealerWhist);
    assert!(matches!(bot.choose(&o), Some(Action::Look(_))), "{:?}", bot.choose(&o));
    // The seen hand holds the side suits' tops: the defence takes its four tricks or more on
    // most deals, and the whists for them.
    let strong = dealer_whist_hand(STRONG, WEAK);
    let o = strong.observation(Viewer::Seat(3));
    assert_eq!(o.legal_actions, vec![Action::Whist, Action::Pass]);
    bot.begin_decision(&o);
    let values = bot.dealer_whist_values(&o).unwrap();
    assert!(values[0].1 > values[1].1 + 2.0, "{values:?}");
    assert_eq!(bot.choose(&o), Some(Action::Whist));
    // The seen hand holds nothing but two small trumps: whisting only risks the
    // responsibility (S4).
    let weak = dealer_whist_hand("9H 8H 9C 8C 7C 9D 8D TD 7S 8S", "AH KH QH AC KC QC AD KD QD JD");
    let o = weak.observation(Viewer::Seat(3));
    bot.begin_decision(&o);
    let values = bot.dealer_whist_values(&o).unwrap();
    assert!(values[1].1 > values[0].1 + 4.0, "{values:?}");
    assert_eq!(bot.choose(&o), Some(Action::Pass));
}

#[test]
fn f3_the_expert_pushes_the_talon_with_ten_sure_tricks_and_takes_it_when_it_needs_it() {
    // Four players (dealer 3), `talon_push` on: seat 0 wins the auction with 6♠.
    let rules = four_players_with("talon_push");
    let script = ["bid 6S", "pass", "pass"];
    let mut bot = ExpertBot::new(3, 20).with_rules(&rules);
    // Ten sure tricks: the talon adds nothing, the push adds the dealer's mountain point.
    let sure = hand_under(
        &rules,
        [
            "AS KS QS JS TS 9S AC KC AD AH",
            "8S 7S QC JC TC 9C KD QD JD TD",
            "8C 7C 9D 8D 7D KH QH JH TH 9H",
        ],
        "8H 7H",
        3,
        &script,
    );
    let o = sure.observation(Viewer::Seat(0));
    assert_eq!(o.phase, PhaseKind::TalonChoice);
    bot.begin_decision(&o);
    let values = bot.talon_values(&o).unwrap();
    assert!(values[1].1 > values[0].1, "{values:?}");
    assert_eq!(bot.choose(&o), Some(Action::PushTalon));
    // Five trumps and nothing else: the talon's two aces make the six.
    let short = hand_under(
        &rules,
        [
            "AS KS QS JS TS 7C 8C 7D 8D 7H",
            "9S 8S 7S KC QC JC TC 9C KD QD",
            "JD TD 9D AH KH QH JH TH 9H 8H",
        ],
        "AC AD",
        3,
        &script,
    );
    let o = short.observation(Viewer::Seat(0));
    bot.begin_decision(&o);
    let values = bot.talon_values(&o).unwrap();
    assert!(values[0].1 > values[1].1, "{values:?}");
    assert_eq!(bot.choose(&o), Some(Action::TakeTalon));
    // The hints say the same, with the simulated values.
    let hs = crate::hints::hints(&o, &mut bot);
    assert_eq!(hs[0].action, Action::TakeTalon, "{hs:?}");
    assert!(
        hs.iter().all(|h| h.reason.contains("simulated deals, scored")),
        "{hs:?}"
    );
}
