//! Perft for the Russian hand: the number of distinct legal action sequences of a given length
//! from a position, compared with the golden numbers in `tests/data/perft.txt` (its header
//! explains the format and the counting convention). Any change to what is legal where, in any
//! phase or option, changes some number here.
//!
//! After a deliberate rules change, regenerate the numbers with
//! `PERFT_GENERATE=1 cargo test -p preferans --test perft -- --nocapture perft_golden`
//! (it prints the data lines with the counts the engine gives now), check the differences
//! against RULES.md, and paste them in.

use preferans::{Action, HandState, Match, Rules, RussianHand};

const DATA: &str = include_str!("data/perft.txt");

/// One line of the data file.
#[derive(Debug)]
struct Case {
    line: usize,
    text: String,
    players: u8,
    options: Vec<(String, String)>,
    seed: u64,
    dealer: u8,
    hand: u32,
    prefix: Vec<Action>,
    depths: Vec<(u32, Option<u64>)>,
}

/// `key=value` words; a value may be quoted with `"` to hold spaces.
fn fields(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = line.trim();
    while !rest.is_empty() {
        let eq = rest
            .find('=')
            .unwrap_or_else(|| panic!("expected key=value in {line:?}"));
        let key = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(r) = rest.strip_prefix('"') {
            let end = r.find('"').unwrap_or_else(|| panic!("unclosed quote in {line:?}"));
            value = r[..end].to_string();
            rest = r[end + 1..].trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = rest[end..].trim_start();
        }
        out.push((key, value));
    }
    out
}

fn parse_cases() -> Vec<Case> {
    DATA.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with('#'))
        .map(|(i, l)| parse_line(i + 1, l.trim()))
        .collect()
}

fn bad<T>(n: usize, what: &str, v: &str) -> T {
    panic!("line {n}: bad {what} {v:?}")
}

/// One case from its line (`n` is the line number, for messages).
fn parse_line(n: usize, line: &str) -> Case {
    let mut c = Case {
        line: n,
        text: line.to_string(),
        players: 3,
        options: Vec::new(),
        seed: 0,
        dealer: 0,
        hand: 0,
        prefix: Vec::new(),
        depths: Vec::new(),
    };
    for (k, v) in fields(line) {
        match k.as_str() {
            "players" => c.players = v.parse().unwrap_or_else(|_| bad(n, "players", &v)),
            "options" => {
                if v != "-" {
                    for kv in v.split(',') {
                        let (a, b) = kv.split_once(':').unwrap_or_else(|| bad(n, "option", &v));
                        // A list value is written with `+` between its items.
                        c.options.push((a.to_string(), b.replace('+', ",")));
                    }
                }
            }
            "seed" => c.seed = v.parse().unwrap_or_else(|_| bad(n, "seed", &v)),
            "dealer" => c.dealer = v.parse().unwrap_or_else(|_| bad(n, "dealer", &v)),
            "hand" => c.hand = v.parse().unwrap_or_else(|_| bad(n, "hand", &v)),
            "prefix" => {
                c.prefix = v
                    .split(';')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap_or_else(|e| panic!("line {n}: {s:?}: {e}")))
                    .collect()
            }
            "depths" => {
                for d in v.split(',') {
                    let (depth, count) = d.split_once(':').unwrap_or_else(|| bad(n, "depth", &v));
                    c.depths.push((
                        depth.parse().unwrap_or_else(|_| bad(n, "depth", &v)),
                        count.parse().ok(),
                    ));
                }
            }
            "name" => {}
            _ => panic!("line {n}: unknown key {k:?}"),
        }
    }
    c
}

/// Drives the earlier hands of a match deterministically: pass when possible, else the first
/// legal action (so they are all-passes, or thrown in with two players).
fn pass_out_hand(m: &mut Match) {
    let start = m.finished_hands().len();
    let mut legal = Vec::new();
    while m.finished_hands().len() == start {
        let h = m.current_hand().expect("the match goes on");
        let seat = h.to_move().expect("someone is to move");
        h.legal_actions(&mut legal);
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        m.apply(seat, a).expect("legal");
    }
}

/// The position of a case: hand `hand` of a match (earlier hands passed out), after the prefix.
fn position(c: &Case) -> RussianHand {
    let mut rules = Rules::sochi()
        .with("players", &c.players.to_string())
        .unwrap_or_else(|e| panic!("line {}: {e}", c.line));
    for (k, v) in &c.options {
        rules.set(k, v).unwrap_or_else(|e| panic!("line {}: {e}", c.line));
    }
    let mut m = Match::new(rules, c.seed, c.dealer, None);
    for _ in 0..c.hand {
        pass_out_hand(&mut m);
    }
    let mut h = m.current_hand().expect("a hand is dealt").clone();
    for (k, a) in c.prefix.iter().enumerate() {
        let seat = h
            .to_move()
            .unwrap_or_else(|| panic!("line {}: hand over before prefix action {k}", c.line));
        if let Err(e) = h.apply(seat, *a) {
            let mut legal = Vec::new();
            h.legal_actions(&mut legal);
            let legal: Vec<String> = legal.iter().map(|a| a.to_string()).collect();
            panic!(
                "line {}: prefix action {k} refused: {e}\nlegal: {}\nhands: {:?}",
                c.line,
                legal.join("; "),
                h.card_places().0
            );
        }
    }
    h
}

/// Perft: sequences of `depth` legal actions; a finished hand is a leaf at any remaining depth.
fn perft(h: &RussianHand, depth: u32) -> u64 {
    if depth == 0 || h.is_over() {
        return 1;
    }
    let mut legal = Vec::new();
    h.legal_actions(&mut legal);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|a| {
            let mut child = h.clone();
            child.apply_unchecked(*a);
            perft(&child, depth - 1)
        })
        .sum()
}

/// The same count through the allocation-free enumeration (`legal_count`, `nth_legal`).
fn perft_nth(h: &RussianHand, depth: u32) -> u64 {
    if depth == 0 || h.is_over() {
        return 1;
    }
    let n = h.legal_count();
    if depth == 1 {
        return u64::from(n);
    }
    (0..n)
        .map(|k| {
            let mut child = h.clone();
            child.apply_unchecked(h.nth_legal(k).expect("k < legal_count"));
            perft_nth(&child, depth - 1)
        })
        .sum()
}

/// Perft split by the first action, to find where two counts part.
fn divide(h: &RussianHand, depth: u32) -> String {
    let mut legal = Vec::new();
    h.legal_actions(&mut legal);
    legal
        .iter()
        .map(|a| {
            let mut child = h.clone();
            child.apply_unchecked(*a);
            format!("  {a}: {}", perft(&child, depth.saturating_sub(1)))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn perft_golden() {
    let generate = std::env::var_os("PERFT_GENERATE").is_some();
    let cases = parse_cases();
    assert!(cases.len() >= 10, "the data file lost its cases");
    let mut failures = Vec::new();
    for c in &cases {
        let h = position(c);
        let started = std::time::Instant::now();
        let mut got = Vec::new();
        for &(depth, want) in &c.depths {
            let n = perft(&h, depth);
            got.push(format!("{depth}:{n}"));
            if generate {
                continue;
            }
            match want {
                Some(w) if w == n => {}
                _ => failures.push(format!(
                    "line {}: perft({depth}) = {n}, data says {want:?}\n{}\ndivide:\n{}",
                    c.line,
                    c.text,
                    divide(&h, depth)
                )),
            }
        }
        if generate {
            let head = c.text.split(" depths=").next().unwrap_or(&c.text);
            println!("{head} depths={}", got.join(","));
            eprintln!("  ({:?})", started.elapsed());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// `nth_legal` enumerates the same tree as `legal_actions` (checked on the shallow depths).
#[test]
fn perft_through_nth_legal_agrees() {
    for c in parse_cases() {
        let h = position(&c);
        for &(depth, _) in c.depths.iter().take(2) {
            assert_eq!(perft_nth(&h, depth), perft(&h, depth), "line {}: {}", c.line, c.text);
        }
    }
}

/// Small counts derived by hand from RULES.md (independently of the data file).
#[test]
fn perft_hand_checked_counts() {
    let case = |line: &str| position(&parse_line(0, line));
    // A1, A2: the eldest passes or bids any of the 26 rungs (27 less misère without talon).
    // At depth 2, after a pass the second hand has the same 27; after the k-th rung (0-based,
    // k = 0..25) he passes or bids one of the 25 - k rungs above it (no hold for him, A3):
    // 27 + sum(26 - k) = 27 + 351 = 378. Hussar (H1) is the same with the dealer second.
    for (players, seed) in [(3, 1), (4, 2), (2, 3)] {
        let h = case(&format!("players={players} seed={seed}"));
        assert_eq!(perft(&h, 1), 27, "{players} players");
        assert_eq!(perft(&h, 2), 378, "{players} players");
    }
    // P4: misère without talon adds a 28th choice.
    let h = case("seed=1 options=misere_without_talon:true");
    assert_eq!(perft(&h, 1), 28);
    // A6: after two all-passes with allpass_exit 7,8 the opening bid is at least 8S: pass,
    // 8S..8NT, misère (ranked above 8NT), 9S..9NT, 10S..10NT = 1 + 5 + 1 + 5 + 5 = 17.
    let h = case("seed=1 options=allpass_exit:7+8 hand=2");
    assert_eq!(perft(&h, 1), 17);
    // T1: the declarer of 6S holds 12 cards after taking the talon: C(12, 2) = 66 discards;
    // T2: then 25 contracts from 6S up (27 rungs less the two misères): 66 * 25 = 1650.
    let h = case("seed=1 prefix=\"bid 6S;pass;pass\"");
    assert_eq!(perft(&h, 1), 66);
    assert_eq!(perft(&h, 2), 1650);
}

/// Ladder rungs of the two misères (A1, P4).
const MISERE: u8 = 15;
const MISERE_NT: u8 = 21;

/// An independent model of the auction, written from RULES.md A1–A6 and P4 alone (not from
/// the engine): positions bid in order (Hussar: eldest and dealer, H1), rungs are ladder
/// indices, `None` is a pass.
#[derive(Clone, Debug)]
struct AuctionModel {
    bidders: Vec<usize>,
    hold: &'static str,
    misere_without_talon: bool,
    min_rung: u8,
    highest: Option<(u8, usize)>,
    out: [bool; 3],
    has_bid: [bool; 3],
    turn: usize,
    /// `Some(Some(p))`: won by position p; `Some(None)`: all passed.
    over: Option<Option<usize>>,
}

impl AuctionModel {
    fn new(players: u8, hold: &'static str, mwt: bool, min_rung: u8) -> AuctionModel {
        AuctionModel {
            bidders: if players == 2 { vec![0, 2] } else { vec![0, 1, 2] },
            hold,
            misere_without_talon: mwt,
            min_rung,
            highest: None,
            out: [false; 3],
            has_bid: [false; 3],
            turn: 0,
            over: None,
        }
    }

    fn is_misere(r: u8) -> bool {
        r == MISERE || r == MISERE_NT
    }

    fn legal(&self) -> Vec<Option<u8>> {
        let p = self.turn;
        let mut v = vec![None]; // A2: a pass is always possible
        let lowest = match self.highest {
            None => self.min_rung, // A6
            Some((r, holder)) => {
                // A3: hold (not misère, not 6S).
                let may_hold = match self.hold {
                    "eldest" => p == 0 && holder != 0,
                    "seniority" => p < holder,
                    _ => false,
                };
                if may_hold && r != 0 && !Self::is_misere(r) {
                    v.push(Some(r));
                }
                r + 1 // A2: higher, jumps allowed
            }
        };
        for r in lowest..27 {
            // A4: misère only as a first bid; P4: misère without talon only with the option.
            let first = !self.has_bid[p];
            let ok = match r {
                MISERE => first,
                MISERE_NT => first && self.misere_without_talon,
                _ => true,
            };
            if ok {
                v.push(Some(r));
            }
        }
        v
    }

    fn apply(&mut self, a: Option<u8>) {
        let p = self.turn;
        match a {
            None => self.out[p] = true, // A4: never bids again
            Some(r) => {
                if let Some((hr, h)) = self.highest {
                    if Self::is_misere(hr) && r > hr {
                        self.out[h] = true; // A4: an outbid misère bidder is out
                    }
                }
                self.has_bid[p] = true;
                self.highest = Some((r, p));
            }
        }
        let active: Vec<usize> = self.bidders.iter().copied().filter(|q| !self.out[*q]).collect();
        match self.highest {
            Some((_, h)) if active == [h] => return self.over = Some(Some(h)), // A5
            None if active.is_empty() => return self.over = Some(None),        // A5 all-pass
            _ => {}
        }
        let i = self.bidders.iter().position(|q| *q == p).unwrap_or(0);
        for k in 1..=self.bidders.len() {
            let q = self.bidders[(i + k) % self.bidders.len()];
            // A4: a misère bidder's turns are skipped while he holds the highest bid.
            let misere_holder = matches!(self.highest, Some((r, h)) if h == q && Self::is_misere(r));
            if !self.out[q] && !misere_holder {
                self.turn = q;
                return;
            }
        }
        panic!("model: nobody to move in {self:?}");
    }
}

/// Compares the engine with the model at one node of the auction.
fn check_auction_node(h: &RussianHand, m: &AuctionModel, path: &[Action]) {
    use preferans::russian::PhaseKind;
    match m.over {
        None => {
            assert_eq!(h.phase_kind(), PhaseKind::Auction, "after {path:?}");
            assert_eq!(h.to_move(), h.seat_of_position(m.turn), "who bids after {path:?}");
            let mut engine = Vec::new();
            h.legal_actions(&mut engine);
            let mut model: Vec<Action> = m
                .legal()
                .into_iter()
                .map(|a| {
                    a.and_then(preferans::Bid::from_ladder)
                        .map_or(Action::Pass, Action::Bid)
                })
                .collect();
            let key = |a: &Action| match a {
                Action::Bid(b) => b.ladder(),
                _ => u8::MAX,
            };
            engine.sort_by_key(key);
            model.sort_by_key(key);
            assert_eq!(engine, model, "legal bids after {path:?}");
        }
        Some(Some(p)) => {
            assert_ne!(h.phase_kind(), PhaseKind::Auction, "after {path:?}");
            assert_eq!(h.declarer(), h.seat_of_position(p), "declarer after {path:?}");
        }
        Some(None) => {
            assert_eq!(h.declarer(), None, "after {path:?}");
            let want = if h.config().players == 2 {
                PhaseKind::Done // H3: thrown in
            } else {
                PhaseKind::Play // X1
            };
            assert_eq!(h.phase_kind(), want, "all-pass after {path:?}");
        }
    }
}

fn auction_tree(h: &RussianHand, m: &AuctionModel, depth: u32, path: &mut Vec<Action>) {
    check_auction_node(h, m, path);
    if depth == 0 || m.over.is_some() {
        return;
    }
    for a in m.legal() {
        let action = a
            .and_then(preferans::Bid::from_ladder)
            .map_or(Action::Pass, Action::Bid);
        let mut hc = h.clone();
        hc.apply(hc.to_move().unwrap_or(0), action)
            .unwrap_or_else(|e| panic!("after {path:?}: {e}"));
        let mut mc = m.clone();
        mc.apply(a);
        path.push(action);
        auction_tree(&hc, &mc, depth - 1, path);
        path.pop();
    }
}

/// A1–A6, P4, H1, F1: the engine's auction agrees with an independent model on every
/// sequence of the first bids (all hold options, with and without misère without talon,
/// with and without an A6 minimum, 2, 3 and 4 players) and on long random auctions.
#[test]
fn auction_matches_an_independent_model() {
    use preferans::russian::HandConfig;
    use preferans::{Bid, Deal};
    let mut random = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        (random % n as u64) as usize
    };
    for players in [2u8, 3, 4] {
        for hold in ["eldest", "seniority", "none"] {
            for mwt in [false, true] {
                for min_rung in [0u8, 5, 10] {
                    let rules = Rules::sochi()
                        .with("players", &players.to_string())
                        .and_then(|r| r.with("hold", hold))
                        .and_then(|r| r.with("misere_without_talon", &mwt.to_string()))
                        .expect("valid rules");
                    let dealer = min_rung % players;
                    let h = RussianHand::new(
                        HandConfig::from_rules(&rules),
                        dealer,
                        Deal::seeded(u64::from(min_rung), 0),
                        (min_rung > 0).then(|| Bid::from_ladder(min_rung)).flatten(),
                    );
                    let m = AuctionModel::new(players, hold, mwt, min_rung);
                    let depth = if players == 3 && hold == "eldest" && !mwt && min_rung == 0 {
                        4
                    } else {
                        3
                    };
                    auction_tree(&h, &m, depth, &mut Vec::new());
                    // Long random auctions, leaning to low bids and holds.
                    for _ in 0..60 {
                        let (mut h, mut m) = (h.clone(), m.clone());
                        let mut path = Vec::new();
                        while m.over.is_none() {
                            let legal = m.legal();
                            let a = match next(10) {
                                0..=2 => legal[0],
                                3 => legal[next(legal.len())],
                                _ => legal[(1 + next(2)).min(legal.len() - 1)],
                            };
                            let action = a.and_then(Bid::from_ladder).map_or(Action::Pass, Action::Bid);
                            h.apply(h.to_move().unwrap_or(0), action)
                                .unwrap_or_else(|e| panic!("after {path:?}: {e}"));
                            m.apply(a);
                            path.push(action);
                            check_auction_node(&h, &m, &path);
                        }
                    }
                }
            }
        }
    }
}
