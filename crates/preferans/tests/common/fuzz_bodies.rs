//! The bodies of the fuzz targets in `fuzz/fuzz_targets/` (which include this file by path)
//! and of `tests/fuzz_smoke.rs` (which runs them on deterministic inputs on stable).
//!
//! Each body takes arbitrary bytes and must never panic except on a broken invariant of
//! RULES.md section 7 / the crate's panic policy (lib.rs): parsers and checked entry points
//! return errors, refused actions change nothing, legal actions are accepted.
//!
//! Self-contained on purpose: it may use only `preferans` and `std`.

use preferans::record::Record;
use preferans::{Action, Bid, Card, CardSet, HandState, Match, Rules};

/// Every non-discard action the Russian hand could be offered: the 27 ladder bids, the 27
/// declarations, every card played, offers 0..=10, looks at seats 0..4 and the plain verbs.
pub fn action_universe() -> Vec<Action> {
    let mut u = vec![
        Action::Pass,
        Action::TakeTalon,
        Action::PushTalon,
        Action::Whist,
        Action::HalfWhist,
        Action::Open,
        Action::Closed,
        Action::Accept,
        Action::Refuse,
    ];
    for i in 0..Bid::LADDER_LEN {
        if let Some(b) = Bid::from_ladder(i) {
            u.push(Action::Bid(b));
            u.push(Action::Declare(b));
        }
    }
    u.extend((0..=10).map(Action::Offer));
    u.extend((0..4).map(Action::Look));
    u.extend(Card::all().map(Action::Play));
    u
}

/// A discard of two cards in the order given (`Action::Discard` keeps it; `apply` normalises).
pub fn raw_discard(a: Card, b: Card) -> Action {
    Action::Discard(a, b)
}

/// Every discard pair, in both orders, and the 32 "pairs" of a card with itself (1024).
pub fn discard_universe() -> Vec<Action> {
    let mut u = Vec::with_capacity(1024);
    for a in Card::all() {
        for b in Card::all() {
            u.push(raw_discard(a, b));
        }
    }
    u
}

/// Whether `a` is among `legal`, discards compared in canonical order (T1: the order of the
/// two discarded cards does not matter; `HandState::apply` normalises it).
pub fn is_legal(legal: &[Action], a: Action) -> bool {
    let a = match a {
        Action::Discard(x, y) => Action::discard(x, y),
        other => other,
    };
    legal.contains(&a)
}

/// Section 7, cards are conserved: hands, talon, discard and played cards are pairwise
/// disjoint and hold the 32 cards.
pub fn assert_cards_conserved(h: &preferans::RussianHand) {
    let (hands, talon, discard, played) = h.card_places();
    let mut parts = hands.to_vec();
    parts.extend([talon, discard, played]);
    let mut all = CardSet::EMPTY;
    for (i, p) in parts.iter().enumerate() {
        assert!(
            (all & *p).is_empty(),
            "card place {i} overlaps an earlier one: {} (places {parts:?})",
            all & *p
        );
        all |= *p;
    }
    assert_eq!(all, CardSet::FULL, "cards lost: places {parts:?}");
}

/// Bytes read front to back; zeros once exhausted.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| (acc << 8) | u64::from(self.byte()))
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Rules from bytes: players 2–4 and the hand options (A3, W5, W6, W7, P4, X2, F3, A6).
fn rules_from(b: &mut Bytes) -> Rules {
    let players = 2 + b.byte() % 3;
    let bits = b.byte();
    let more = b.byte();
    let mut r = Rules::sochi();
    let mut set = |k: &str, v: &str| {
        // Every value below is valid; a refusal would be a bug in `Rules::set`.
        r.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
    };
    set("players", &players.to_string());
    set("hold", ["eldest", "seniority", "none", "eldest"][(bits & 3) as usize]);
    set("stalingrad", bool_text(bits & 4 != 0));
    set("ten_trick", if bits & 8 != 0 { "whisted" } else { "checked" });
    set("misere_defence", if bits & 16 != 0 { "closed" } else { "open" });
    set("misere_without_talon", bool_text(bits & 32 != 0));
    set("allpass_talon", if bits & 64 != 0 { "closed" } else { "lead" });
    if bits & 128 != 0 {
        set("allpass_exit", ["6", "7", "6,7,8", "8,7"][(more & 3) as usize]);
    }
    if players == 4 {
        set("dealer_whist_when_both_pass", bool_text(more & 4 != 0));
        set("dealer_allpass_talon", bool_text(more & 8 != 0));
        set("talon_push", bool_text(more & 16 != 0));
    }
    r
}

fn bool_text(b: bool) -> &'static str {
    if b {
        "true"
    } else {
        "false"
    }
}

/// Target `record_parser`: any bytes; if UTF-8, parse as a record and, if that works, replay
/// it. Never panics. A parsed record also survives `to_json` → `from_json` unchanged.
pub fn record_parser(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_json(text) else {
        return;
    };
    let again = Record::from_json(&record.to_json())
        .unwrap_or_else(|e| panic!("a parsed record does not parse back after to_json: {e}"));
    assert_eq!(again, record, "record changed through to_json / from_json");
    if let Ok(m) = record.replay() {
        // A replayed match is a consistent match: its current hand conserves cards.
        if let Some(h) = m.current_hand() {
            assert_cards_conserved(h);
        }
    }
}

/// Target `action_stream`: bytes choose the rules, the seed, the first dealer and a hand limit,
/// then a stream of (seat, action) pairs, about half legal, the rest drawn from every action
/// and every seat. Each one is applied to a [`Match`] with [`Match::apply`]: a legal one by the
/// seat to move must succeed; any other must be refused and leave the match unchanged.
pub fn action_stream(data: &[u8]) {
    let mut b = Bytes(data);
    let rules = rules_from(&mut b);
    let seed = b.u64();
    let first_dealer = b.byte() % 5; // also dealers out of range: Match::new wraps them
    let limit = 1 + u32::from(b.byte() % 3);
    let mut m = Match::new(rules, seed, first_dealer, Some(limit));
    let universe = action_universe();
    let discards = discard_universe();
    let mut legal = Vec::new();
    while !b.is_empty() {
        let Some(h) = m.current_hand() else {
            let before = m.clone();
            let seat = b.byte() % 5;
            let a = universe[b.byte() as usize % universe.len()];
            assert!(m.apply(seat, a).is_err(), "the match is over");
            assert_eq!(m, before, "a refused action changed the finished match");
            return;
        };
        let to_move = h
            .to_move()
            .unwrap_or_else(|| panic!("the current hand of a match is never over"));
        h.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action for seat {to_move}");
        assert_eq!(h.legal_count() as usize, legal.len());
        let kind = b.byte();
        let pick = b.byte() as usize | (b.byte() as usize) << 8;
        let (seat, action) = match kind % 8 {
            0..=3 => (to_move, legal[pick % legal.len()]),
            4 | 5 => (to_move, universe[pick % universe.len()]),
            6 => (to_move, discards[pick % discards.len()]),
            _ => (kind / 8 % 5, legal[pick % legal.len()]),
        };
        let ok = seat == to_move && is_legal(&legal, action);
        let before = m.clone();
        match m.apply(seat, action) {
            Ok(_) => assert!(ok, "seat {seat} '{action}' was accepted but is not legal"),
            Err(e) => {
                assert!(!ok, "legal '{action}' by seat {seat} refused: {e}");
                assert_eq!(m, before, "refused '{action}' by seat {seat} changed the match");
                assert_eq!((e.seat, e.action), (seat, action));
                assert!(!e.reason.is_empty(), "a refusal must say why");
            }
        }
        if let Some(h) = m.current_hand() {
            assert_cards_conserved(h);
        }
    }
}

/// Target `text_parsers`: `Card`, `CardSet`, `Bid` and `Action` parsing never panics, and
/// whatever parses prints back to text that parses to the same value. Tried on the whole
/// input and on each line of it.
pub fn text_parsers(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for s in std::iter::once(text).chain(text.lines()) {
        if let Ok(c) = s.parse::<Card>() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c), "card {s:?}");
            assert_eq!(c.symbol_text().parse::<Card>(), Ok(c), "card {s:?}");
        }
        if let Ok(set) = s.parse::<CardSet>() {
            assert_eq!(set.to_string().parse::<CardSet>(), Ok(set), "card set {s:?}");
        }
        if let Ok(bid) = s.parse::<Bid>() {
            assert_eq!(bid.to_string().parse::<Bid>(), Ok(bid), "bid {s:?}");
            assert_eq!(Bid::from_ladder(bid.ladder()), Some(bid), "bid {s:?}");
        }
        if let Ok(a) = s.parse::<Action>() {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "action {s:?}");
        }
    }
}
