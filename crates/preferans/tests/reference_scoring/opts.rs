//! The reference scorer's options (the section 3 presets and the scoring options, read from
//! the option names and values the test sets, not from the engine's `Rules`) and the rules'
//! small tables: S1 values, W1/W6 quotas, F3's talon bonus, what X3 calls a failed contract.
//! Written from RULES.md, docs/rules.md and docs/scoring.md only.

use preferans::outcome::{ContractOutcome, Resolution};
use preferans::{Bid, Card, Rank};

/// Section 3 knob `mountain_per_point`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mount {
    One,
    Two,
    /// Each mountain point m: every other player at the table writes 5·m whists on the player.
    Rostov,
}

/// X3 option `allpass_progression`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prog {
    None,
    Arithmetic,
    Geometric,
}

/// The scoring options, read from the preset name and the option pairs the test sets (not
/// from the engine's `Rules`).
#[derive(Clone, Debug)]
pub struct Opts {
    pub players: u8,
    pub mountain: Mount,
    pub whists_per_point: i64,
    pub pool_multiplier: i64,
    pub half_responsibility: bool,
    pub talon_lead: bool,
    pub gentleman: bool,
    pub progression: Prog,
    pub cap: Option<u64>,
    pub reset_on_failed: bool,
    pub cycle: bool,
    pub amnesty: bool,
    pub zero_trick_scales: bool,
    pub exit: Vec<u8>,
    pub ten_checked: bool,
    pub each_reaches_target: bool,
    pub target: i64,
    pub pool_total: Option<i64>,
    pub dealer_allpass_talon: bool,
    pub dealer_talon_bonus: bool,
}

impl Opts {
    /// Section 3's table for the preset, then the pairs in order.
    pub fn from_pairs(preset: &str, players: u8, pairs: &[(&str, &str)]) -> Opts {
        let mut o = Opts {
            players,
            mountain: Mount::One,
            whists_per_point: 1,
            pool_multiplier: 1,
            half_responsibility: false,
            talon_lead: true,
            gentleman: false,
            progression: Prog::None,
            cap: None,
            reset_on_failed: true,
            cycle: false,
            amnesty: false,
            zero_trick_scales: false,
            exit: Vec::new(),
            ten_checked: true,
            each_reaches_target: true,
            target: 20,
            pool_total: None,
            dealer_allpass_talon: false,
            dealer_talon_bonus: false,
        };
        match preset {
            "sochi" => {}
            "leningrad" => {
                o.mountain = Mount::Two;
                o.whists_per_point = 2;
                o.pool_multiplier = 2;
            }
            "rostov" => {
                o.mountain = Mount::Rostov;
                o.half_responsibility = true;
                o.talon_lead = false;
            }
            other => panic!("the model does not know preset {other}"),
        }
        let num = |v: &str| v.parse::<i64>().unwrap_or_else(|_| panic!("a number: {v}"));
        for &(k, v) in pairs {
            let on = v == "true";
            match k {
                "mountain_per_point" => {
                    o.mountain = match v {
                        "1" => Mount::One,
                        "2" => Mount::Two,
                        _ => Mount::Rostov,
                    }
                }
                "whists_per_point" => o.whists_per_point = num(v),
                "pool_multiplier" => o.pool_multiplier = num(v),
                "whist_responsibility" => o.half_responsibility = v == "half",
                "allpass_talon" => o.talon_lead = v == "lead",
                "gentleman_whist" => o.gentleman = on,
                "allpass_progression" => {
                    o.progression = match v {
                        "none" => Prog::None,
                        "arithmetic" => Prog::Arithmetic,
                        _ => Prog::Geometric,
                    }
                }
                "allpass_progression_cap" => o.cap = (v != "none").then(|| num(v) as u64),
                "allpass_reset_on_failed_contract" => o.reset_on_failed = on,
                "allpass_cycle" => o.cycle = on,
                "allpass_amnesty" => o.amnesty = on,
                "allpass_zero_trick_pool_scales" => o.zero_trick_scales = on,
                "allpass_exit" => {
                    o.exit = match v {
                        "none" => Vec::new(),
                        _ => v.split(',').map(|x| num(x) as u8).collect(),
                    }
                }
                "ten_trick" => o.ten_checked = v == "checked",
                "end" => o.each_reaches_target = v == "each_reaches_target",
                "target" => o.target = num(v),
                "pool_total" => o.pool_total = (v != "auto").then(|| num(v)),
                "dealer_allpass_talon" => o.dealer_allpass_talon = on,
                "dealer_talon_bonus" => o.dealer_talon_bonus = on,
                // Options of the play only: the outcome tells the model what they did.
                "hold"
                | "stalingrad"
                | "misere_defence"
                | "misere_without_talon"
                | "talon_push"
                | "dealer_whist_when_both_pass" => {}
                other => panic!("the model does not know option {other}"),
            }
        }
        o
    }
}

/// S1: the value of a trick contract of `level`.
pub fn value(level: u8) -> i64 {
    match level {
        6 => 2,
        7 => 4,
        8 => 6,
        9 => 8,
        _ => 10,
    }
}

/// W1, W6: the defenders' quota.
pub fn quota(level: u8, ten_checked: bool) -> u8 {
    match level {
        6 => 4,
        7 => 2,
        8 | 9 => 1,
        _ if ten_checked => 0,
        _ => 1,
    }
}

/// F3 `dealer_talon_bonus`, in whists before `whists_per_point`, and which bonus it is: a
/// trick contract counts the talon's sure tricks at V (two aces 3, ace and king of one suit 2,
/// one ace 1, a marriage 1); a misère 10 per seven, 20 for a seven and an eight of one suit.
pub fn talon_bonus(contract: Bid, talon: [Card; 2]) -> (i64, &'static str) {
    let [a, b] = talon;
    let same_suit = a.suit() == b.suit();
    let pair = |x: Rank, y: Rank| same_suit && ((a.rank(), b.rank()) == (x, y) || (a.rank(), b.rank()) == (y, x));
    let count = |r: Rank| talon.iter().filter(|c| c.rank() == r).count() as i64;
    match contract.level() {
        None if pair(Rank::Seven, Rank::Eight) => (20, "F3 misère bonus: a seven and an eight of one suit"),
        None if count(Rank::Seven) == 2 => (20, "F3 misère bonus: two sevens"),
        None => (10 * count(Rank::Seven), "F3 misère bonus: one seven"),
        Some(level) => {
            let (tricks, what) = if count(Rank::Ace) == 2 {
                (3, "F3 bonus: two aces")
            } else if pair(Rank::Ace, Rank::King) {
                (2, "F3 bonus: ace and king of one suit")
            } else if count(Rank::Ace) == 1 {
                (1, "F3 bonus: one ace")
            } else if pair(Rank::King, Rank::Queen) {
                (1, "F3 bonus: a marriage")
            } else {
                (0, "")
            };
            (tricks * value(level), what)
        }
    }
}

/// X3: failed means a played contract short of its level or a misère with a trick; a
/// contract scored without play (W3, S7) is made.
pub fn failed(c: &ContractOutcome) -> bool {
    if !matches!(c.resolution, Resolution::Played | Resolution::Offer) {
        return false;
    }
    match c.contract.level() {
        Some(level) => c.declarer_tricks < level,
        None => c.declarer_tricks > 0,
    }
}
