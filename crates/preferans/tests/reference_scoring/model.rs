//! The reference scorer: the match state it keeps hand by hand — pools, mountains, whists,
//! the all-pass series (X3), the dealer rotation (R3, F1, H1), A6's minimum opening bid, S8's
//! aid, S9's end and S10's settlement. Written from RULES.md, docs/rules.md and docs/scoring.md only. Every number is
//! computed in Sochi units and written through the section 3 knobs by `Pen`.

use std::collections::BTreeMap;

use preferans::outcome::{ContractOutcome, Resolution, WhistCall};
use preferans::{Bid, Card, HandOutcome, Seat};

use super::opts::{failed, quota, talon_bonus, value, Mount, Opts, Prog};

/// Why an entry was written (the engine's `scoring::Why`, named alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Why {
    Contract,
    Undertricks,
    Consolation,
    Tricks,
    Responsibility,
    Misere,
    AllPass,
    HalfWhist,
    Aid,
    Dealer,
    TalonBonus,
}

/// A place on the sheet: a pool, a mountain, or the whists `writer` wrote `on` someone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    Pool(Seat, Why),
    Mountain(Seat, Why),
    Whists { writer: Seat, on: Seat, why: Why },
}

/// What one hand wrote: the points at each place (zero sums left out).
pub type Lines = BTreeMap<Key, i64>;

/// X3, docs/rules.md: no multiplier exceeds 2^20.
const CEILING: u64 = 1 << 20;

/// Writes raw (Sochi) points through the section 3 knobs.
struct Pen<'a> {
    o: &'a Opts,
    lines: Lines,
    /// A mountain was converted to whists (Rostov), negative or not.
    converted: [bool; 2],
}

impl Pen<'_> {
    fn add(&mut self, k: Key, points: i64) {
        *self.lines.entry(k).or_default() += points;
    }

    fn pool(&mut self, seat: Seat, points: i64, why: Why) {
        self.add(Key::Pool(seat, why), points);
    }

    /// A mountain in Sochi units: ×1, ×2, or converted (Rostov).
    fn mountain(&mut self, seat: Seat, m: i64, why: Why) {
        match self.o.mountain {
            Mount::One => self.add(Key::Mountain(seat, why), m),
            Mount::Two => self.add(Key::Mountain(seat, why), 2 * m),
            Mount::Rostov => self.convert(seat, m, why),
        }
    }

    /// Section 3, Rostov: every other player at the table (the 4-player dealer too,
    /// docs/rules.md) writes 5·m whists on the player.
    fn convert(&mut self, seat: Seat, m: i64, why: Why) {
        self.converted[usize::from(m < 0)] |= m != 0;
        for writer in 0..self.o.players {
            if writer != seat {
                self.add(Key::Whists { writer, on: seat, why }, 5 * m);
            }
        }
    }

    /// Trick, consolation, half-whist and talon-bonus whists: × `whists_per_point`.
    fn whists(&mut self, writer: Seat, on: Seat, w: i64, why: Why) {
        self.add(Key::Whists { writer, on, why }, w * self.o.whists_per_point);
    }
}

/// The match as the reference scorer keeps it.
#[derive(Clone, Debug)]
pub struct Scorer {
    pub o: Opts,
    pub pool: [i64; 4],
    pub mountain: [i64; 4],
    /// `whists[writer][on]`.
    pub whists: [[i64; 4]; 4],
    /// X3: all-pass hands in a row before the next hand.
    pub streak: u32,
    /// R3: the dealer of the next hand.
    pub dealer: Seat,
    pub hands: u32,
    /// S9: the game has ended.
    pub over: bool,
    /// What the last hand wrote.
    pub lines: Lines,
    /// The scoring branches the last hand reached (for the counts).
    pub reached: Vec<&'static str>,
}

impl Scorer {
    pub fn new(o: Opts, first_dealer: Seat) -> Scorer {
        Scorer {
            o,
            pool: [0; 4],
            mountain: [0; 4],
            whists: [[0; 4]; 4],
            streak: 0,
            dealer: first_dealer,
            hands: 0,
            over: false,
            lines: Lines::new(),
            reached: Vec::new(),
        }
    }

    fn note(&mut self, what: &'static str) {
        self.reached.push(what);
    }

    /// X3: the raw multiplier of the k-th all-pass in a row (no cap).
    fn raw(&self, k: u32) -> u64 {
        match self.o.progression {
            Prog::None => 1,
            Prog::Arithmetic => u64::from(k),
            Prog::Geometric => 1u64.checked_shl(k - 1).unwrap_or(u64::MAX),
        }
    }

    /// X3: the multiplier of the n-th all-pass hand in a row (n ≥ 1): n or 2^(n−1), at most
    /// the cap; with `allpass_cycle` the count starts again once the cap is reached; never
    /// above the ceiling (docs/rules.md).
    pub fn multiplier(&self, n: u32) -> u64 {
        let mut k = n;
        if let (true, Some(cap), false) = (self.o.cycle, self.o.cap, self.o.progression == Prog::None) {
            // The hands it takes to reach the cap, then again from 1.
            let length = (1..).find(|&i| self.raw(i) >= cap).expect("the cap is reached");
            k = (n - 1) % length + 1;
        }
        self.raw(k).min(self.o.cap.unwrap_or(u64::MAX)).min(CEILING)
    }

    /// A6: the minimum opening bid's level (in spades) of the next hand, after the all-pass
    /// hands in a row before it (counted modulo the cap with `allpass_cycle`, X3).
    pub fn min_opening(&self) -> Option<u8> {
        let mut k = self.streak as usize;
        if let (true, Some(cap)) = (self.o.cycle, self.o.cap) {
            k %= cap as usize;
        }
        if k == 0 || self.o.exit.is_empty() {
            return None;
        }
        Some(self.o.exit[(k - 1).min(self.o.exit.len() - 1)])
    }

    /// Scores one finished hand dealt by `self.dealer` (its talon as dealt for F3), then
    /// moves the series, the deal and the end of the game on.
    pub fn score(&mut self, outcome: &HandOutcome, talon: [Card; 2]) {
        self.reached.clear();
        let o = self.o.clone();
        let mut pen = Pen {
            o: &o,
            lines: Lines::new(),
            converted: [false; 2],
        };
        match outcome {
            // H3: no score; the series neither counts it nor ends.
            HandOutcome::ThrownIn => self.note("H3 thrown in"),
            HandOutcome::AllPass { tricks } => {
                self.allpass(&mut pen, tricks);
                self.streak += 1;
            }
            HandOutcome::Contract(c) => {
                self.contract(&mut pen, c, talon);
                // X3: a contract ends the series, except a failed one without the reset.
                if failed(c) && !o.reset_on_failed {
                    if self.streak > 0 {
                        self.note("X3 series kept over a failed contract");
                    }
                } else {
                    self.streak = 0;
                }
            }
        }
        self.aid(&mut pen);
        pen.lines.retain(|_, p| *p != 0);
        for (k, p) in &pen.lines {
            match *k {
                Key::Pool(s, _) => self.pool[usize::from(s)] += p,
                Key::Mountain(s, _) => self.mountain[usize::from(s)] += p,
                Key::Whists { writer, on, .. } => self.whists[usize::from(writer)][usize::from(on)] += p,
            }
        }
        self.lines = pen.lines;
        self.hands += 1;
        // R3: the deal passes clockwise after every hand.
        self.dealer = (self.dealer + 1) % o.players;
        self.over = self.game_over();
        if self.over {
            self.note(if o.each_reaches_target {
                "S9 ended: each reached the target"
            } else {
                "S9 ended: pool sum"
            });
        }
        if pen.converted[0] {
            self.note("section 3 Rostov conversion");
        }
        if pen.converted[1] {
            self.note("S8 Rostov conversion of a negative mountain");
        }
    }

    /// S6 with X3 and X4; F3's dealer in the all-pass.
    fn allpass(&mut self, pen: &mut Pen, tricks: &[u8; 4]) {
        let o = pen.o;
        let dealer = self.dealer;
        let n = self.streak + 1;
        let m = self.multiplier(n);
        self.note("S6 all-pass");
        if m > 1 {
            self.note("X3 multiplier above 1");
        }
        if m == CEILING {
            self.note("X3 multiplier at its ceiling");
        }
        if self.o.cap.is_some_and(|cap| self.raw(n) > cap) {
            self.note("X3 multiplier held at the cap");
        }
        if n > 1 && m < self.multiplier(n - 1) {
            self.note("X3 cycle starts again");
        }
        // F1: the 4-player dealer sits out, unless he leads the talon's cards (F3).
        let plays = |s: Seat| o.players != 4 || s != dealer || (o.dealer_allpass_talon && o.talon_lead);
        let scorers: Vec<Seat> = (0..o.players).filter(|&s| plays(s)).collect();
        if o.players == 4 && scorers.contains(&dealer) && tricks[usize::from(dealer)] > 0 {
            self.note("F3 dealer took all-pass tricks");
        }
        // X4: the fewest tricks are subtracted first (docs/rules.md).
        let fewest = if o.amnesty {
            scorers.iter().map(|&s| tricks[usize::from(s)]).min().unwrap_or(0)
        } else {
            0
        };
        if fewest > 0 {
            self.note("X4 amnesty subtracts tricks");
        }
        let m = m as i64;
        for &s in &scorers {
            let t = i64::from(tricks[usize::from(s)] - fewest);
            if t == 0 {
                pen.pool(s, if o.zero_trick_scales { m } else { 1 }, Why::AllPass);
            } else {
                pen.mountain(s, m * t, Why::AllPass);
            }
        }
        // F3 with a closed talon: the dealer's pool point, unscaled (docs/rules.md).
        if o.players == 4 && o.dealer_allpass_talon && !o.talon_lead {
            pen.pool(dealer, 1, Why::Dealer);
            self.note("F3 closed-talon dealer pool point");
        }
    }

    /// S2–S5, S7, W3, H2, and F3's dealer whist, talon push and talon bonus.
    fn contract(&mut self, pen: &mut Pen, c: &ContractOutcome, talon: [Card; 2]) {
        let o = pen.o;
        let d = c.declarer;
        let dealer = self.dealer;
        let t = c.declarer_tricks;
        match c.contract.level() {
            // S5: misère.
            None => {
                if t == 0 {
                    pen.pool(d, 10, Why::Misere);
                    self.note("S5 misère made");
                } else {
                    pen.mountain(d, 10 * i64::from(t), Why::Misere);
                    self.note("S5 misère failed");
                }
            }
            Some(level) => {
                let v = value(level);
                match c.resolution {
                    // W3, H1: scored as made.
                    Resolution::BothPassed => {
                        pen.pool(d, v, Why::Contract);
                        self.note("W3 both passed");
                    }
                    // S7: the half-whister writes as if he had taken half the quota.
                    Resolution::HalfWhist => {
                        pen.pool(d, v, Why::Contract);
                        let hw = c.defenders.iter().find(|x| x.call == WhistCall::HalfWhist);
                        let hw = hw.and_then(|x| x.seat).expect("a half-whister");
                        pen.whists(hw, d, v * i64::from(quota(level, o.ten_checked) / 2), Why::HalfWhist);
                        self.note("S7 half-whist");
                    }
                    Resolution::Played | Resolution::Offer => self.played(pen, c, level),
                }
            }
        }
        // F3 `talon_push`: a mountain point for the dealer.
        if c.talon_pushed {
            pen.mountain(dealer, 1, Why::Dealer);
            self.note("F3 talon pushed");
        }
        // F3 `dealer_talon_bonus`, whatever the result; none for a talon never seen (P4).
        if o.dealer_talon_bonus && c.contract == Bid::MisereNoTalon && talon_bonus(c.contract, talon).0 > 0 {
            self.note("P4 no talon bonus for a talon never seen");
        }
        if o.dealer_talon_bonus && c.contract != Bid::MisereNoTalon {
            let (bonus, what) = talon_bonus(c.contract, talon);
            if bonus > 0 {
                pen.whists(dealer, d, bonus, Why::TalonBonus);
                self.note(what);
            }
        }
    }

    /// S2, S3, S4 for a trick contract played out or ended by an offer.
    fn played(&mut self, pen: &mut Pen, c: &ContractOutcome, level: u8) {
        let o = pen.o;
        let d = c.declarer;
        let v = value(level);
        let t = c.declarer_tricks;
        let defence = c.defenders[0].tricks + c.defenders[1].tricks;
        // The whisters with the tricks that count for each; F3: the dealer whists for both
        // defenders, on their tricks together.
        let whisters: Vec<(Seat, u8)> = if c.dealer_whist {
            self.note("F3 dealer whist");
            vec![(self.dealer, defence)]
        } else {
            let w: Vec<(Seat, u8)> = c
                .defenders
                .iter()
                .filter(|x| x.call == WhistCall::Whist)
                .map(|x| (x.seat.expect("a whister has a seat"), x.tricks))
                .collect();
            // S3 greedy: one whister counts both defenders' tricks (H2: the dummy's too).
            if w.len() == 1 {
                vec![(w[0].0, defence)]
            } else {
                w
            }
        };
        // S2
        if t >= level {
            pen.pool(d, v, Why::Contract);
            self.note("S2 made");
        } else {
            let k = i64::from(level - t);
            pen.mountain(d, v * k, Why::Undertricks);
            // Consolation by each seated defender, whister or not (H2: not the dummy; F3: the
            // passers, not the dealer).
            for x in &c.defenders {
                if let Some(s) = x.seat {
                    pen.whists(s, d, v * k, Why::Consolation);
                }
            }
            self.note("S2 failed");
        }
        // S3; `gentleman_whist`: a single whister shares with the passer when D failed (not
        // in Hussar, where the passer is the dummy, nor for the F3 dealer).
        let passer = c
            .defenders
            .iter()
            .find(|x| x.call == WhistCall::Pass)
            .and_then(|x| x.seat);
        if o.gentleman && t < level && whisters.len() == 1 && passer.is_none() {
            self.note("S3 H2 gentleman whist without a passer to share with (Hussar)");
        }
        if o.gentleman && t < level && c.dealer_whist {
            self.note("S3 F3 gentleman whist does not share the dealer's whists");
        }
        if whisters.len() == 2 {
            self.note("S3 two whisters count their own tricks");
        }
        match (whisters.as_slice(), passer) {
            ([(w, n)], Some(p)) if o.gentleman && t < level && !c.dealer_whist => {
                let half = v * i64::from(*n) / 2;
                pen.whists(*w, d, half, Why::Tricks);
                pen.whists(p, d, half, Why::Tricks);
                if half > 0 {
                    self.note("S3 gentleman whist shared");
                }
            }
            _ => {
                for &(w, n) in &whisters {
                    pen.whists(w, d, v * i64::from(n), Why::Tricks);
                }
            }
        }
        // S4
        let q = quota(level, o.ten_checked);
        if defence >= q {
            return;
        }
        let s = q - defence;
        let charge = |pen: &mut Pen, seat: Seat, points: i64| {
            let points = if o.half_responsibility { points / 2 } else { points };
            pen.mountain(seat, points, Why::Responsibility);
        };
        match whisters.as_slice() {
            [(w, _)] => {
                charge(pen, *w, v * i64::from(s));
                self.note("S4 one whister short");
            }
            [_, (second, _)] if q == 1 => {
                charge(pen, *second, v * i64::from(s));
                self.note("S4 two whisters, quota 1: the second");
            }
            [_, _] => {
                for &(w, own) in &whisters {
                    let half = q / 2;
                    if own < half {
                        charge(pen, w, v * i64::from((half - own).min(s)));
                    }
                }
                self.note("S4 two whisters short of their halves");
            }
            _ => {}
        }
        if o.half_responsibility {
            self.note("S4 half responsibility");
        }
    }

    /// S8: a pool passing the target stops at it; the surplus goes to the highest pool still
    /// below it (ties: first clockwise from the giver), 10·P whists per point by the giver on
    /// the receiver; the rest comes off the giver's mountain (−surplus·P, converted in
    /// Rostov). Givers in seat order, with the pools as the hand left them.
    fn aid(&mut self, pen: &mut Pen) {
        let o = pen.o;
        if !o.each_reaches_target {
            return;
        }
        let n = usize::from(o.players);
        let mut pools: Vec<i64> = (0..n).map(|s| self.pool[s]).collect();
        let mut givers = 0;
        for (k, p) in &pen.lines {
            if let Key::Pool(s, _) = k {
                pools[usize::from(*s)] += p;
            }
        }
        for giver in 0..n {
            let mut surplus = pools[giver] - o.target;
            if surplus <= 0 {
                continue;
            }
            givers += 1;
            if givers == 2 {
                self.note("S8 several givers in one hand");
            }
            // The giver's own pool entry of the hand stops at the target.
            let key = *pen
                .lines
                .keys()
                .find(|k| matches!(k, Key::Pool(s, _) if usize::from(*s) == giver))
                .expect("a pool passing the target was written this hand");
            *pen.lines.get_mut(&key).expect("the entry") -= surplus;
            pools[giver] = o.target;
            while surplus > 0 {
                let below: Vec<usize> = (1..n)
                    .map(|i| (giver + i) % n)
                    .filter(|&r| pools[r] < o.target)
                    .collect();
                // The highest pool; among equals the first clockwise (max_by_key keeps the last).
                let Some(r) = below.iter().rev().copied().max_by_key(|&r| pools[r]) else {
                    break;
                };
                if o.players == 4 && r == usize::from(self.dealer) {
                    self.note("S8 the sitting-out dealer receives aid");
                }
                if below.iter().filter(|&&x| pools[x] == pools[r]).count() > 1 {
                    self.note("S8 a tie among the receivers");
                }
                let given = surplus.min(o.target - pools[r]);
                pools[r] += given;
                surplus -= given;
                pen.pool(r as Seat, given, Why::Aid);
                pen.add(
                    Key::Whists {
                        writer: giver as Seat,
                        on: r as Seat,
                        why: Why::Aid,
                    },
                    10 * o.pool_multiplier * given,
                );
                self.note("S8 aid given");
            }
            if surplus > 0 {
                let m = -surplus * o.pool_multiplier;
                match o.mountain {
                    Mount::Rostov => pen.convert(giver as Seat, m, Why::Aid),
                    _ => pen.add(Key::Mountain(giver as Seat, Why::Aid), m),
                }
                self.note("S8 surplus off the mountain");
            }
        }
    }

    /// S9: after the hand in which every pool has reached the target, or the pools together
    /// reach `pool_total` (default target × players).
    fn game_over(&self) -> bool {
        let n = usize::from(self.o.players);
        if self.o.each_reaches_target {
            self.pool[..n].iter().all(|&p| p >= self.o.target)
        } else {
            let total = self.o.pool_total.unwrap_or(self.o.target * n as i64);
            self.pool[..n].iter().sum::<i64>() >= total
        }
    }

    /// S10, times the number of players n: n·result_i = n·Σ_j (w[i][j] − w[j][i]) +
    /// 10·(Σ D − n·D_i), with D_i = mountain_i − P·pool_i.
    pub fn settlement(&self) -> Vec<i64> {
        let n = usize::from(self.o.players);
        let d: Vec<i64> = (0..n)
            .map(|i| self.mountain[i] - self.o.pool_multiplier * self.pool[i])
            .collect();
        let sum: i64 = d.iter().sum();
        (0..n)
            .map(|i| {
                let net: i64 = (0..n).map(|j| self.whists[i][j] - self.whists[j][i]).sum();
                n as i64 * net + 10 * (sum - n as i64 * d[i])
            })
            .collect()
    }
}
