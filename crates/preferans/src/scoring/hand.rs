//! Scoring one hand: S1–S8, F3 dealer rules, H2 (Hussar).

use super::{Entry, Totals, Why};
use crate::bid::Bid;
use crate::card::{Card, Rank};
use crate::outcome::{ContractOutcome, HandOutcome, Resolution, WhistCall};
use crate::rules::{AllpassTalon, End, MountainPerPoint, Responsibility, Rules, RussianOptions, TenTrick};
use crate::Seat;

/// What the scorer needs to know about a hand besides its outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandContext {
    /// The dealer's seat.
    pub dealer: Seat,
    /// X3: the multiplier of this hand if it is an all-pass hand (the n-th in a row).
    pub allpass_multiplier: u64,
    /// The talon as dealt (F3 `dealer_talon_bonus`).
    pub talon: [Card; 2],
}

/// S1: the contract value V.
pub fn contract_value(contract: Bid) -> i64 {
    match contract {
        Bid::Tricks { level, .. } => i64::from(level - 5) * 2,
        Bid::Misere | Bid::MisereNoTalon => 10,
    }
}

/// W1, W6: the defenders' quota (misère: 0).
pub fn whist_quota(contract: Bid, ten_trick: TenTrick) -> u8 {
    match contract.level() {
        Some(6) => 4,
        Some(7) => 2,
        Some(8 | 9) => 1,
        Some(_) if ten_trick == TenTrick::Whisted => 1,
        _ => 0,
    }
}

/// Collects entries, writing raw Sochi points through the section 3 knobs.
struct Writer<'a> {
    o: &'a RussianOptions,
    players: u8,
    entries: Vec<Entry>,
}

impl Writer<'_> {
    fn pool(&mut self, seat: Seat, points: i64, why: Why) {
        if points != 0 {
            self.entries.push(Entry::Pool { seat, points, why });
        }
    }

    /// Mountain points in Sochi units, scaled by `mountain_per_point`.
    fn mountain(&mut self, seat: Seat, raw: i64, why: Why) {
        let scale = match self.o.mountain_per_point {
            MountainPerPoint::Two => 2,
            _ => 1,
        };
        self.mountain_final(seat, raw * scale, why);
    }

    /// Mountain points already scaled; Rostov converts them: each opponent writes 5 whists per
    /// point on the player (section 3).
    fn mountain_final(&mut self, seat: Seat, points: i64, why: Why) {
        if points == 0 {
            return;
        }
        if self.o.mountain_per_point == MountainPerPoint::Rostov {
            for writer in (0..self.players).filter(|s| *s != seat) {
                self.entries.push(Entry::Whists {
                    writer,
                    on: seat,
                    points: 5 * points,
                    why,
                });
            }
        } else {
            self.entries.push(Entry::Mountain { seat, points, why });
        }
    }

    /// Trick, consolation, half-whist and bonus whists, scaled by `whists_per_point`.
    fn whists(&mut self, writer: Seat, on: Seat, raw: i64, why: Why) {
        if raw != 0 && writer != on {
            self.entries.push(Entry::Whists {
                writer,
                on,
                points: raw * i64::from(self.o.whists_per_point),
                why,
            });
        }
    }
}

/// The entries of one finished hand. `before` is the sheet before the hand (for S8).
pub(super) fn score_hand(rules: &Rules, ctx: &HandContext, outcome: &HandOutcome, before: &Totals) -> Vec<Entry> {
    let o = rules.russian();
    let mut w = Writer {
        o,
        players: rules.players(),
        entries: Vec::new(),
    };
    match outcome {
        HandOutcome::ThrownIn => {}
        HandOutcome::AllPass { tricks } => score_allpass(&mut w, rules, ctx, tricks),
        HandOutcome::Contract(c) => {
            score_contract(&mut w, c);
            dealer_extras(&mut w, rules, ctx, c);
        }
    }
    if o.end == End::EachReachesTarget {
        american_aid(&mut w, rules, before);
    }
    w.entries
}

/// The seats an all-pass scores (S6): everyone, but the four-player dealer only when he
/// plays the talon's leads (F3 `dealer_allpass_talon`).
fn allpass_scorers(rules: &Rules, dealer: Seat) -> Vec<Seat> {
    let four = rules.players() == 4;
    let dealer_plays = rules.dealer_plays_allpass_talon();
    (0..rules.players())
        .filter(|s| !four || *s != dealer || dealer_plays)
        .collect()
}

/// X4: the tricks the amnesty takes off every scorer's before an all-pass is scored (the
/// fewest any of them took; 0 without the option). `tricks` by seat, `dealer` the hand's.
pub fn allpass_amnesty(rules: &Rules, dealer: Seat, tricks: &[u8; 4]) -> u8 {
    if !rules.russian().allpass_amnesty {
        return 0;
    }
    allpass_scorers(rules, dealer)
        .iter()
        .map(|s| tricks[usize::from(*s)])
        .min()
        .unwrap_or(0)
}

/// S6 with X3 multiplier and X4 amnesty; F3 dealer in all-pass.
fn score_allpass(w: &mut Writer, rules: &Rules, ctx: &HandContext, tricks: &[u8; 4]) {
    let o = rules.russian();
    let scorers = allpass_scorers(rules, ctx.dealer);
    let amnesty = allpass_amnesty(rules, ctx.dealer, tricks);
    let m = ctx.allpass_multiplier.max(1) as i64;
    for &s in &scorers {
        let t = i64::from(tricks[s as usize] - amnesty);
        if t > 0 {
            w.mountain(s, m * t, Why::AllPass);
        } else {
            w.pool(s, if o.allpass_zero_trick_pool_scales { m } else { 1 }, Why::AllPass);
        }
    }
    if rules.players() == 4 && o.dealer_allpass_talon && o.allpass_talon == AllpassTalon::Closed {
        // F3 with a closed talon: the dealer gets a pool point in every all-pass hand.
        w.pool(ctx.dealer, 1, Why::Dealer);
    }
}

/// S2–S5, S7 (and W3, H2, F3 dealer whist).
fn score_contract(w: &mut Writer, c: &ContractOutcome) {
    let v = contract_value(c.contract);
    let decl = c.declarer;
    if c.contract.is_misere() {
        // S5.
        match c.declarer_tricks {
            0 => w.pool(decl, 10, Why::Misere),
            t => w.mountain(decl, 10 * i64::from(t), Why::Misere),
        }
        return;
    }
    let level = c.contract.level().unwrap_or(6);
    let quota = whist_quota(c.contract, w.o.ten_trick);
    match c.resolution {
        Resolution::BothPassed => return w.pool(decl, v, Why::Contract),
        Resolution::HalfWhist => {
            // S7: the half-whister writes whists as if he had taken half the quota.
            w.pool(decl, v, Why::Contract);
            if let Some(hw) = c
                .defenders
                .iter()
                .find(|d| d.call == WhistCall::HalfWhist)
                .and_then(|d| d.seat)
            {
                w.whists(hw, decl, v * i64::from(quota / 2), Why::HalfWhist);
            }
            return;
        }
        Resolution::Played | Resolution::Offer => {}
    }
    let t = c.declarer_tricks;
    let failed = t < level;
    if failed {
        let k = i64::from(level - t);
        w.mountain(decl, v * k, Why::Undertricks);
        // S2 consolation: each seated defender, whister or not (H2: the dummy writes nothing).
        for d in c.defenders.iter().filter_map(|d| d.seat) {
            w.whists(d, decl, v * k, Why::Consolation);
        }
    } else {
        w.pool(decl, v, Why::Contract);
    }
    let [d1, d2] = c.defenders;
    let defence_tricks = d1.tricks + d2.tricks;
    let whisters: Vec<_> = c
        .defenders
        .iter()
        .filter(|d| d.call == WhistCall::Whist && d.seat.is_some())
        .collect();
    let scale_resp = |x: i64| {
        if w.o.whist_responsibility == Responsibility::Half {
            x / 2
        } else {
            x
        }
    };
    let shortfall = i64::from(quota.saturating_sub(defence_tricks));
    if c.dealer_whist {
        // F3: the dealer whisted for both defenders; his whists and responsibility are
        // written by `dealer_extras`, which knows his seat.
        return;
    }
    match whisters.as_slice() {
        [only] => {
            let ws = only.seat.unwrap_or(0);
            let partner = c.defenders.iter().find(|d| d.seat != only.seat || d.seat.is_none());
            let total = i64::from(defence_tricks);
            let gentleman = w.o.gentleman_whist && failed && partner.and_then(|p| p.seat).is_some();
            if gentleman {
                let half = v * total / 2;
                w.whists(ws, decl, half, Why::Tricks);
                if let Some(p) = partner.and_then(|p| p.seat) {
                    w.whists(p, decl, v * total - half, Why::Tricks);
                }
            } else {
                w.whists(ws, decl, v * total, Why::Tricks);
            }
            if shortfall > 0 {
                let pts = scale_resp(v * shortfall);
                w.mountain(ws, pts, Why::Responsibility);
            }
        }
        [first, second] => {
            for d in [first, second] {
                w.whists(d.seat.unwrap_or(0), decl, v * i64::from(d.tricks), Why::Tricks);
            }
            if shortfall > 0 {
                if quota == 1 {
                    // S4: with quota 1 only the second whister is responsible.
                    let pts = scale_resp(v * shortfall);
                    w.mountain(second.seat.unwrap_or(0), pts, Why::Responsibility);
                } else {
                    let half = quota / 2;
                    for d in [first, second] {
                        let short = i64::from(half.saturating_sub(d.tricks));
                        if short > 0 {
                            let pts = scale_resp(v * short.min(shortfall));
                            w.mountain(d.seat.unwrap_or(0), pts, Why::Responsibility);
                        }
                    }
                }
            }
        }
        _ => {}
    }
}

/// F3: the dealer's whist (trick whists and responsibility), `talon_push`, talon bonuses.
fn dealer_extras(w: &mut Writer, rules: &Rules, ctx: &HandContext, c: &ContractOutcome) {
    if rules.players() != 4 {
        return;
    }
    let o = rules.russian();
    let v = contract_value(c.contract);
    let dealer = ctx.dealer;
    if c.dealer_whist && !c.contract.is_misere() {
        let total = c.defenders[0].tricks + c.defenders[1].tricks;
        w.whists(dealer, c.declarer, v * i64::from(total), Why::Tricks);
        let quota = whist_quota(c.contract, o.ten_trick);
        let short = i64::from(quota.saturating_sub(total));
        if short > 0 {
            let pts = v * short;
            let pts = if o.whist_responsibility == Responsibility::Half {
                pts / 2
            } else {
                pts
            };
            w.mountain(dealer, pts, Why::Responsibility);
        }
    }
    if c.talon_pushed {
        w.mountain(dealer, 1, Why::Dealer);
    }
    if o.dealer_talon_bonus && c.contract != Bid::MisereNoTalon {
        let bonus = talon_bonus(c.contract, ctx.talon);
        w.whists(dealer, c.declarer, bonus, Why::TalonBonus);
    }
}

/// F3 `dealer_talon_bonus` in whists: trick contracts count tricks in the talon (one ace 1,
/// ace and king of a suit 2, two aces 3, a marriage 1) at the contract value; misère: 10 per
/// seven, 20 for a seven and eight of one suit.
pub fn talon_bonus(contract: Bid, talon: [Card; 2]) -> i64 {
    let [a, b] = talon;
    let same_suit = a.suit() == b.suit();
    let ranks = |x: Rank, y: Rank| (a.rank() == x && b.rank() == y) || (a.rank() == y && b.rank() == x);
    if contract.is_misere() {
        let sevens = [a, b].iter().filter(|c| c.rank() == Rank::Seven).count() as i64;
        if same_suit && ranks(Rank::Seven, Rank::Eight) {
            return 20;
        }
        return 10 * sevens;
    }
    let aces = [a, b].iter().filter(|c| c.rank() == Rank::Ace).count();
    let tricks = if aces == 2 {
        3
    } else if same_suit && ranks(Rank::Ace, Rank::King) {
        2
    } else if aces == 1 || (same_suit && ranks(Rank::King, Rank::Queen)) {
        1
    } else {
        0
    };
    tricks * contract_value(contract)
}

/// S8: a pool passing the target gives its surplus to the others (highest pool below the
/// target first; ties: first clockwise from the giver), who pay 10 whists per point (× the
/// pool multiplier); what nobody can take comes off the giver's mountain.
fn american_aid(w: &mut Writer, rules: &Rules, before: &Totals) {
    let o = rules.russian();
    let players = rules.players();
    let target = i64::from(o.target);
    let p_mult = i64::from(o.pool_multiplier);
    let mut pool = before.pool;
    for e in &w.entries {
        if let Entry::Pool { seat, points, .. } = e {
            pool[*seat as usize] += points;
        }
    }
    for giver in 0..players {
        // Points above the target (all of this hand's points if the pool was already closed).
        let surplus = pool[giver as usize] - target.max(before.pool[giver as usize]);
        if surplus <= 0 {
            continue;
        }
        // Cap the giver's pool entries of this hand.
        let mut to_remove = surplus;
        for e in w.entries.iter_mut().rev() {
            if let Entry::Pool { seat, points, .. } = e {
                if *seat == giver && to_remove > 0 {
                    let cut = to_remove.min(*points);
                    *points -= cut;
                    to_remove -= cut;
                }
            }
        }
        w.entries.retain(|e| !matches!(e, Entry::Pool { points: 0, .. }));
        pool[giver as usize] -= surplus;
        let mut left = surplus;
        while left > 0 {
            let receiver = (1..players)
                .map(|k| (giver + k) % players)
                .filter(|s| pool[*s as usize] < target)
                .fold(None, |best: Option<Seat>, s| match best {
                    Some(b) if pool[b as usize] >= pool[s as usize] => Some(b),
                    _ => Some(s),
                });
            let Some(r) = receiver else { break };
            let give = left.min(target - pool[r as usize]);
            w.entries.push(Entry::Pool {
                seat: r,
                points: give,
                why: Why::Aid,
            });
            w.entries.push(Entry::Whists {
                writer: giver,
                on: r,
                points: give * 10 * p_mult,
                why: Why::Aid,
            });
            pool[r as usize] += give;
            left -= give;
        }
        if left > 0 {
            w.mountain_final(giver, -left * p_mult, Why::Aid);
        }
    }
}
