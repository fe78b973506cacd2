//! A differential test of the scorer and the match around it (`Match`, its `Scoresheet` and
//! `Settlement`) against an independent reference scorer written from RULES.md (S1–S10,
//! section 3, X3, X4, A6, F2–F3, H2–H3), docs/rules.md and docs/scoring.md only, without
//! reading the engine's scoring or match code. Like reference_model.rs for legality, the
//! model is plain and slow (`reference_scoring/model.rs`); `reference_scoring/steer.rs`
//! biases the random players and holds the minimum counts of the branches reached.
//!
//! The model takes, hand by hand, the engine's `HandOutcome` (and, for F3's talon bonus, the
//! talon as dealt) and keeps its own match: pools, mountains, whists by writer and on whom,
//! the all-pass series and multiplier (X3 with cap, cycle, reset, ceiling; X4), the dealer
//! rotation (R3, F1, H1, H3), A6's minimum opening bid, S8's aid, S9's end and S10's exact
//! settlement (n·result as integers). After every hand it compares what the hand wrote
//! (`entries_of_hand`, summed by section, seat or writer and payer, and reason), the sheet's
//! totals, the end of the game (`is_game_over`, `Match::is_over`), the hand's dealer and the
//! next one, the all-pass streak and A6's minimum (`Match::min_opening`, and the lowest bid
//! the engine lets the first speaker make); at the end the exact settlement of every seat.
//! Random tables: preset, 2–4 players, every scoring option, short targets so that games end;
//! random players biased so that every kind of hand happens (`steer.rs`), with minimum counts
//! of the scoring branches reached. `PREF_SOAK=MULT[,OFFSET]` plays MULT times the matches
//! from seeds shifted by OFFSET. A failure prints the table (preset, options, seed, first
//! dealer), the hand number, its outcome and the lines that differ.
//!
//! Not compared: the order of a hand's entries and how they are split into lines (the rules
//! say nothing of either; the model sums by place and reason and leaves zero sums out).
//!
//! Conventions learned from the engine, not from the rules (black-box experiments; each was
//! the model's first guess, and the per-hand comparison by reason pins it):
//! - S7: the declarer's pool entry has the reason `Contract`, the half-whister's whists
//!   `HalfWhist`.
//! - Section 3, Rostov: the whists that replace a mountain carry the reason of that mountain
//!   (`Undertricks`, `Responsibility`, `Misere`, `AllPass`, `Dealer`, `Aid`).
//! - S8: the giver's pool stops at the target by his own pool entry of the hand being written
//!   smaller, under its own reason (`Contract`, `Misere`, `AllPass`, `Dealer`), and left out
//!   when nothing of it reaches the sheet; what a receiver gets is a separate pool entry
//!   `Aid` per giver, with the giver's whists on him and the surplus mountain also `Aid`.
//! - No entry of 0 points is ever written (checked on 900 matches while writing the model).
//!
//! Readings of the texts where they leave room (the model follows them, the engine agrees):
//! - F3 talon bonus: the two talon cards score the best one of: two aces 3 tricks, ace and
//!   king of one suit 2, one ace (with any other card) 1, a marriage (king and queen of one
//!   suit) 1, else 0; times V. Misère: a seven and an eight of one suit 20, else 10 per seven
//!   (two sevens 20). Written also for contracts scored without play (W3, S7): "whatever the
//!   result".
//! - S3 `gentleman_whist` with a half-whister who "counts as having passed" (W2): he is the
//!   passer who shares. With the F3 dealer's whist nobody shares (docs/rules.md), nor in
//!   Hussar (H2).
//! - S4 applies to hands ended by an offer (P3: "scored as if the tricks had been taken so"),
//!   the defence's total being the two defenders' entries.
//! - X4: the fewest tricks is taken over the players who scored the all-pass, so the
//!   4-player dealer who sat it out (0 tricks) does not cancel the amnesty.
//! - X3 `allpass_cycle`: the multiplier's cycle is the hands it takes to reach the cap
//!   (geometric cap 5: 1, 2, 4, 5, 1, …); without a progression it stays 1. A6 counts modulo
//!   the cap (docs/rules.md). `Match::allpass_streak` is the count itself, not modulo the cap.
//! - S8: givers in seat order, each seeing the pools as the hand and the earlier givers left
//!   them (a later giver's own pool is already past the target, so he receives nothing); the
//!   4-player dealer who sat the hand out is a receiver like any player (he is on the sheet,
//!   F2); any pool point past the target is surplus, also the F3 closed-talon dealer's point
//!   and the all-pass zero-trick point.
//! - S9 counts every seat's pool, the 4-player dealer's too (F2).

#[path = "reference_scoring/model.rs"]
mod model;
#[path = "reference_scoring/opts.rs"]
mod opts;
#[path = "common/reference.rs"]
mod reference_common;
#[path = "common/splitmix.rs"]
mod splitmix;
#[path = "reference_scoring/steer.rs"]
mod steer;

use std::collections::BTreeMap;

use reference_common::soak;
use splitmix::SplitMix as Rng;

use model::{Key, Lines, Scorer, Why};
use opts::Opts;
use preferans::scoring::{self, Entry, Scoresheet};
use preferans::{Action, Bid, HandOutcome, HandState, Match, Rules, Seat, Strain};
use steer::{check_reached, choose, Plan, Style};

/// Counts of the branches reached.
pub type Counts = BTreeMap<&'static str, u64>;

/// One random table: the rules as a preset and option pairs, the first dealer, how many
/// hands the test plays at most (short targets end nearly every game first) and how the
/// players lean.
#[derive(Clone, Debug)]
struct Table {
    seed: u64,
    preset: &'static str,
    players: u8,
    pairs: Vec<(&'static str, String)>,
    dealer: Seat,
    limit: u32,
    style: Style,
}

impl Table {
    fn random(seed: u64, players: u8) -> Table {
        let mut r = Rng::new(seed ^ 0x5C0_12E5);
        let preset = r.pick(&["sochi", "leningrad", "rostov"]);
        let mut pairs: Vec<(&'static str, String)> = Vec::new();
        // Sets option `name` to one of `values` with chance `pct`; says whether it did.
        let opt = |r: &mut Rng, pairs: &mut Vec<_>, pct: u8, name: &'static str, values: &[&str]| {
            let on = r.pct(pct);
            if on {
                pairs.push((name, r.pick(values).to_string()));
            }
            on
        };
        // Section 3: every knob on its own, now and then.
        opt(&mut r, &mut pairs, 25, "mountain_per_point", &["1", "2", "rostov"]);
        opt(&mut r, &mut pairs, 25, "whists_per_point", &["1", "2"]);
        opt(&mut r, &mut pairs, 25, "pool_multiplier", &["1", "2"]);
        opt(&mut r, &mut pairs, 25, "whist_responsibility", &["full", "half"]);
        opt(&mut r, &mut pairs, 25, "allpass_talon", &["lead", "closed"]);
        opt(&mut r, &mut pairs, 50, "gentleman_whist", &["true", "false"]);
        // X3, X4, S6, A6.
        opt(
            &mut r,
            &mut pairs,
            75,
            "allpass_progression",
            &["arithmetic", "geometric", "none"],
        );
        let cap = ["1", "2", "3", "4", "5", "6"];
        if opt(&mut r, &mut pairs, 40, "allpass_progression_cap", &cap) {
            opt(&mut r, &mut pairs, 50, "allpass_cycle", &["true", "false"]);
        }
        opt(
            &mut r,
            &mut pairs,
            30,
            "allpass_reset_on_failed_contract",
            &["false", "true"],
        );
        opt(&mut r, &mut pairs, 40, "allpass_amnesty", &["true", "false"]);
        opt(
            &mut r,
            &mut pairs,
            30,
            "allpass_zero_trick_pool_scales",
            &["true", "false"],
        );
        let exits = ["6", "7", "6,7,7", "7,8", "6,6,8", "8,10", "10", "none"];
        opt(&mut r, &mut pairs, 40, "allpass_exit", &exits);
        // The play's options that change what is scored.
        opt(&mut r, &mut pairs, 40, "ten_trick", &["whisted", "checked"]);
        opt(&mut r, &mut pairs, 30, "stalingrad", &["true", "false"]);
        opt(&mut r, &mut pairs, 40, "misere_without_talon", &["true", "false"]);
        opt(&mut r, &mut pairs, 20, "misere_defence", &["open", "closed"]);
        opt(&mut r, &mut pairs, 20, "hold", &["eldest", "seniority", "none"]);
        // S9: short targets so that games end.
        let targets = ["2", "4", "6", "8", "10", "15"];
        if r.pct(70) {
            opt(&mut r, &mut pairs, 30, "end", &["each_reaches_target"]);
            opt(&mut r, &mut pairs, 100, "target", &targets);
        } else {
            opt(&mut r, &mut pairs, 100, "end", &["pool_sum"]);
            opt(&mut r, &mut pairs, 80, "target", &targets);
            opt(&mut r, &mut pairs, 50, "pool_total", &["10", "20", "30", "auto"]);
        }
        if players == 4 {
            for name in [
                "dealer_whist_when_both_pass",
                "dealer_allpass_talon",
                "talon_push",
                "dealer_talon_bonus",
            ] {
                opt(&mut r, &mut pairs, 60, name, &["true", "true", "false"]);
            }
        }
        Table {
            seed,
            preset,
            players,
            pairs,
            dealer: r.below(usize::from(players)) as Seat,
            limit: 120,
            style: Style::random(&mut r),
        }
    }

    /// A table where every hand is an all-pass: long series (X3 up to its ceiling, A6 with
    /// the cycle), `options` on Sochi with `players`.
    fn allpass_series(seed: u64, players: u8, options: &[(&'static str, &str)]) -> Table {
        let mut r = Rng::new(seed);
        let mut style = Style::random(&mut r);
        style.allpass_pct = 100;
        Table {
            seed,
            preset: "sochi",
            players,
            pairs: options.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            dealer: 0,
            limit: 25,
            style,
        }
    }

    fn rules(&self) -> Rules {
        let mut rules = Rules::preset(self.preset)
            .and_then(|r| r.with("players", &self.players.to_string()))
            .expect("a preset with its players");
        for (k, v) in &self.pairs {
            rules.set(k, v).unwrap_or_else(|e| panic!("{k}={v}: {e}"));
        }
        rules
    }

    fn model(&self) -> Scorer {
        let pairs: Vec<(&str, &str)> = self.pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        Scorer::new(Opts::from_pairs(self.preset, self.players, &pairs), self.dealer)
    }
}

/// The engine's reason as the model names it.
fn why(w: scoring::Why) -> Why {
    use scoring::Why as W;
    match w {
        W::Contract => Why::Contract,
        W::Undertricks => Why::Undertricks,
        W::Consolation => Why::Consolation,
        W::Tricks => Why::Tricks,
        W::Responsibility => Why::Responsibility,
        W::Misere => Why::Misere,
        W::AllPass => Why::AllPass,
        W::HalfWhist => Why::HalfWhist,
        W::Aid => Why::Aid,
        W::Dealer => Why::Dealer,
        W::TalonBonus => Why::TalonBonus,
    }
}

/// What the engine's sheet says hand `hand` (1-based) wrote, summed as the model keeps it.
fn engine_lines(sheet: &Scoresheet, hand: u32) -> Lines {
    let mut lines = Lines::new();
    for e in sheet.entries_of_hand(hand) {
        let (k, p) = match e {
            Entry::Pool { seat, points, why: w } => (Key::Pool(seat, why(w)), points),
            Entry::Mountain { seat, points, why: w } => (Key::Mountain(seat, why(w)), points),
            Entry::Whists {
                writer,
                on,
                points,
                why: w,
            } => (
                Key::Whists {
                    writer,
                    on,
                    why: why(w),
                },
                points,
            ),
        };
        *lines.entry(k).or_default() += p;
    }
    lines.retain(|_, p| *p != 0);
    lines
}

/// The differences between two hands' lines, one per line.
fn diff(engine: &Lines, model: &Lines) -> String {
    let keys: std::collections::BTreeSet<&Key> = engine.keys().chain(model.keys()).collect();
    keys.into_iter()
        .filter(|k| engine.get(k) != model.get(k))
        .map(|k| format!("    {k:?}: engine {:?}, model {:?}", engine.get(k), model.get(k)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A6 as bids: the model's minimum opening bid (in spades).
fn min_bid(level: Option<u8>) -> Option<Bid> {
    level.and_then(|l| Bid::tricks(l, Strain::Spades))
}

/// Before a hand's first action: the dealer, the all-pass streak and A6's minimum agree, and
/// the lowest bid the engine lets the first speaker make is that minimum.
fn check_next_hand(m: &Match, model: &Scorer) -> Result<(), String> {
    if m.dealer() != model.dealer {
        return Err(format!("next dealer: engine {}, model {}", m.dealer(), model.dealer));
    }
    if m.allpass_streak() != model.streak {
        return Err(format!(
            "all-pass streak: engine {}, model {}",
            m.allpass_streak(),
            model.streak
        ));
    }
    let want = min_bid(model.min_opening());
    if m.min_opening() != want {
        return Err(format!("A6 minimum: engine {:?}, model {want:?}", m.min_opening()));
    }
    let h = m.current_hand().expect("a hand is dealt");
    let mut legal = Vec::new();
    h.legal_actions(&mut legal);
    let lowest = legal
        .iter()
        .filter_map(|a| match a {
            Action::Bid(b) => Some(b.ladder()),
            _ => None,
        })
        .min();
    if lowest != Some(want.map_or(0, |b| b.ladder())) {
        return Err(format!(
            "A6: the first speaker's lowest legal bid is {lowest:?}, model minimum {want:?}"
        ));
    }
    Ok(())
}

/// After a hand: what it wrote, the totals, the end of the game.
fn check_hand(m: &Match, model: &Scorer) -> Result<(), String> {
    let sheet = m.sheet();
    if sheet.hands() != model.hands {
        return Err(format!("hands: engine {}, model {}", sheet.hands(), model.hands));
    }
    let got = engine_lines(sheet, model.hands);
    if got != model.lines {
        return Err(format!("the hand's lines differ:\n{}", diff(&got, &model.lines)));
    }
    let t = sheet.totals();
    if (t.pool, t.mountain, t.whists) != (model.pool, model.mountain, model.whists) {
        return Err(format!(
            "totals: engine {:?} {:?} {:?}, model {:?} {:?} {:?}",
            t.pool, t.mountain, t.whists, model.pool, model.mountain, model.whists
        ));
    }
    if sheet.is_game_over(m.rules()) != model.over {
        return Err(format!(
            "S9 game over: engine {}, model {}",
            sheet.is_game_over(m.rules()),
            model.over
        ));
    }
    if m.is_over() != model.over {
        return Err(format!("match over: engine {}, model {}", m.is_over(), model.over));
    }
    Ok(())
}

/// S10 at the end: every seat's exact result (the engine's fraction, the model's n·result).
fn check_settlement(m: &Match, model: &Scorer) -> Result<(), String> {
    let st = m.sheet().settlement(m.rules());
    let want = model.settlement();
    let n = i64::from(model.o.players);
    for (seat, &w) in want.iter().enumerate() {
        let (num, den) = st.exact(seat);
        if num * n != w * den {
            return Err(format!("S10 seat {seat}: engine {num}/{den}, model {w}/{n}"));
        }
    }
    Ok(())
}

/// Plays one random match on the engine and scores it on the model hand by hand.
fn play_match(t: &Table, counts: &mut Counts) -> Result<(), String> {
    // No hand limit: a match with one ends after it whatever the pools (docs/rules.md).
    let mut m = Match::new(t.rules(), t.seed, t.dealer, None);
    let mut model = t.model();
    let mut r = Rng::new(t.seed.rotate_left(17) ^ 0xACE0_F5C0);
    let mut legal = Vec::new();
    while !m.is_over() && model.hands < t.limit {
        let hand = model.hands + 1;
        let at = |e: String| format!("hand {hand}: {e}");
        check_next_hand(&m, &model).map_err(at)?;
        let plan = Plan::random(m.current_hand().expect("a hand"), &t.style, t.players, &mut r);
        let outcome = loop {
            let h = m.current_hand().expect("a hand in progress");
            let seat = h.to_move().expect("a seat to move");
            h.legal_actions(&mut legal);
            let a = choose(h, &legal, &t.style, &plan, &mut r);
            if let Some(o) = m.apply(seat, a).map_err(|e| at(format!("'{a}' refused: {e}")))? {
                break o;
            }
        };
        let finished = &m.finished_hands()[model.hands as usize];
        if finished.dealer() != model.dealer {
            return Err(at(format!(
                "dealer: engine {}, model {}",
                finished.dealer(),
                model.dealer
            )));
        }
        let summary = outcome.summary_at_table(m.rules(), model.dealer, |s| format!("seat {s}"));
        model.score(&outcome, finished.deal().talon());
        count_hand(&outcome, &model, counts);
        check_hand(&m, &model).map_err(|e| at(format!("{summary} ({outcome:?})\n  {e}")))?;
    }
    check_settlement(&m, &model).map_err(|e| format!("at the end, after hand {}: {e}", model.hands))?;
    *counts.entry("matches").or_default() += 1;
    Ok(())
}

/// Counts the hand's kind (from its outcome) and the scoring branches the model took.
fn count_hand(outcome: &HandOutcome, model: &Scorer, counts: &mut Counts) {
    let mut bump = |k: &'static str| *counts.entry(k).or_default() += 1;
    bump("hands");
    if let HandOutcome::Contract(c) = outcome {
        use preferans::{DefenceMode, Resolution};
        match (c.resolution, c.defence) {
            (Resolution::Offer, _) => bump("P3 ended by an accepted offer"),
            (_, Some(DefenceMode::Open)) if c.contract.level().is_some() => bump("W4 open defence"),
            (_, Some(DefenceMode::Closed)) if c.contract.level().is_some() => bump("W4 closed defence"),
            _ => {}
        }
    }
    if model.min_opening().is_some() {
        bump("A6 a minimum opening bid for the next hand");
    }
    for &k in &model.reached {
        bump(k);
    }
}

/// Plays `matches` random matches with `players` players from seed `first`; the counts.
fn run(players: u8, first: u64, matches: u64) -> Counts {
    let (mult, offset) = soak();
    let mut counts = Counts::new();
    for i in 0..matches * mult {
        check(&Table::random(first + offset + i, players), &mut counts);
    }
    counts
}

/// Plays the table's match; a difference fails with the table.
fn check(t: &Table, counts: &mut Counts) {
    if let Err(why) = play_match(t, counts) {
        panic!(
            "the engine and the reference scorer disagree\n  table: {} {} players, options {:?}, \
             seed {}, first dealer {}\n  {why}\n  ({t:?})",
            t.preset, t.players, t.pairs, t.seed, t.dealer
        );
    }
}

#[test]
fn s1_s10_reference_scorer_agrees_with_the_engine_with_three_players() {
    check_reached(3, &run(3, 0, 3000));
}

#[test]
fn f1_f3_reference_scorer_agrees_with_the_engine_with_four_players() {
    check_reached(4, &run(4, 1_000_000, 3000));
}

#[test]
fn h1_h3_reference_scorer_agrees_with_the_engine_in_hussar() {
    check_reached(2, &run(2, 2_000_000, 3000));
}

#[test]
fn x3_a6_long_allpass_series_reach_the_cap_the_cycle_and_the_ceiling() {
    let mut counts = Counts::new();
    let exit = ("allpass_exit", "6,7,8");
    for progression in ["arithmetic", "geometric", "none"] {
        let p = ("allpass_progression", progression);
        let tables: [&[(&str, &str)]; 5] = [
            &[p],
            &[p, exit, ("allpass_amnesty", "true")],
            &[
                p,
                ("allpass_progression_cap", "5"),
                ("allpass_zero_trick_pool_scales", "true"),
            ],
            &[p, exit, ("allpass_progression_cap", "4"), ("allpass_cycle", "true")],
            &[p, exit, ("allpass_progression_cap", "2"), ("allpass_cycle", "true")],
        ];
        for (i, options) in tables.into_iter().enumerate() {
            for players in [3, 4] {
                let mut options = options.to_vec();
                if players == 4 {
                    options.push(("dealer_allpass_talon", "true"));
                }
                // Aid only after a long way: the series is what is looked at.
                options.push(("target", "1000"));
                check(&Table::allpass_series(i as u64, players, &options), &mut counts);
            }
        }
    }
    eprintln!("{counts:#?}");
    for k in [
        "X3 multiplier at its ceiling",
        "X3 cycle starts again",
        "X3 multiplier held at the cap",
    ] {
        assert!(
            counts.get(k).copied().unwrap_or(0) >= 4,
            "'{k}' not reached: {counts:?}"
        );
    }
}
