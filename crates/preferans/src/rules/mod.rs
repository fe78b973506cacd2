//! Rules configuration as data (GUIDE "Core ideas"): a named preset plus options, every
//! option of RULES.md sections 2–5 settable by name. Stored in every record and table.

use std::fmt;

use crate::error::RulesError;

mod catalogue;
mod checks;

pub use catalogue::{OptionInfo, PresetInfo, PRESETS, RUSSIAN_OPTIONS};

/// Which game of the family a configuration plays. Each game is one module and one preset
/// family; only the Russian family exists so far (docs/architecture.md says how the others fit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Game {
    /// Russian Preferans: Sochi, Leningrad, Rostov; 3 players, 4 players (F1–F4), Hussar (H1–H3).
    Russian,
}

/// A3 option `hold`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hold {
    /// Only the eldest hand may hold.
    Eldest,
    /// Any player may equal a bid of a player seated after him in bidding order.
    Seniority,
    /// Nobody may hold.
    None,
}

/// X3 option `allpass_progression`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Progression {
    /// Every all-pass hand has multiplier 1.
    None,
    /// 1, 2, 3, …
    Arithmetic,
    /// 1, 2, 4, …
    Geometric,
}

/// X2 option `allpass_talon`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllpassTalon {
    /// The talon cards set the suit of the first two tricks.
    Lead,
    /// The talon stays face down and unused (Rostov).
    Closed,
}

/// W6 option `ten_trick`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TenTrick {
    /// Played without a whist round; both defenders whist with quota 0.
    Checked,
    /// Ordinary whist round with quota 1.
    Whisted,
}

/// W7 option `misere_defence`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MisereDefence {
    /// Both defenders' hands shown once play starts.
    Open,
    /// Each defender plays his own closed hand.
    Closed,
}

/// S9 option `end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The game ends after the hand in which every pool has reached `target`.
    EachReachesTarget,
    /// The game ends when the pools together reach `pool_total`.
    PoolSum,
}

/// Section 3 knob `mountain_per_point`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MountainPerPoint {
    /// Mountain written as is (Sochi).
    One,
    /// Mountain doubled (Leningrad).
    Two,
    /// No mountain: each point becomes 5 whists written by each opponent (Rostov).
    Rostov,
}

/// S4 option `whist_responsibility`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Responsibility {
    /// Full penalties.
    Full,
    /// Penalties halved.
    Half,
}

/// Every option of Russian Preferans (RULES.md sections 2–5). Field names are the option names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub struct RussianOptions {
    pub hold: Hold,
    pub allpass_exit: Vec<u8>,
    pub allpass_progression: Progression,
    pub allpass_progression_cap: Option<u32>,
    pub allpass_reset_on_failed_contract: bool,
    pub allpass_cycle: bool,
    pub allpass_amnesty: bool,
    pub allpass_talon: AllpassTalon,
    pub allpass_zero_trick_pool_scales: bool,
    pub stalingrad: bool,
    pub gentleman_whist: bool,
    pub ten_trick: TenTrick,
    pub misere_defence: MisereDefence,
    pub misere_without_talon: bool,
    pub end: End,
    pub target: u32,
    pub pool_total: Option<u32>,
    pub mountain_per_point: MountainPerPoint,
    pub whists_per_point: u32,
    pub pool_multiplier: u32,
    pub whist_responsibility: Responsibility,
    pub dealer_whist_when_both_pass: bool,
    pub dealer_allpass_talon: bool,
    pub talon_push: bool,
    pub dealer_talon_bonus: bool,
}

impl RussianOptions {
    /// The Sochi defaults (section 3).
    pub fn sochi() -> RussianOptions {
        RussianOptions {
            hold: Hold::Eldest,
            allpass_exit: Vec::new(),
            allpass_progression: Progression::None,
            allpass_progression_cap: None,
            allpass_reset_on_failed_contract: true,
            allpass_cycle: false,
            allpass_amnesty: false,
            allpass_talon: AllpassTalon::Lead,
            allpass_zero_trick_pool_scales: false,
            stalingrad: false,
            gentleman_whist: false,
            ten_trick: TenTrick::Checked,
            misere_defence: MisereDefence::Open,
            misere_without_talon: false,
            end: End::EachReachesTarget,
            target: 20,
            pool_total: None,
            mountain_per_point: MountainPerPoint::One,
            whists_per_point: 1,
            pool_multiplier: 1,
            whist_responsibility: Responsibility::Full,
            dealer_whist_when_both_pass: false,
            dealer_allpass_talon: false,
            talon_push: false,
            dealer_talon_bonus: false,
        }
    }
}

/// A complete rules configuration: a preset and the options changed from it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    preset: &'static str,
    players: u8,
    russian: RussianOptions,
}

fn preset_options(name: &str) -> Option<(&'static str, RussianOptions)> {
    let info = PRESETS.iter().find(|p| p.name.eq_ignore_ascii_case(name))?;
    let mut o = RussianOptions::sochi();
    match info.name {
        "leningrad" => {
            o.mountain_per_point = MountainPerPoint::Two;
            o.whists_per_point = 2;
            o.pool_multiplier = 2;
        }
        "rostov" => {
            o.mountain_per_point = MountainPerPoint::Rostov;
            o.whist_responsibility = Responsibility::Half;
            o.allpass_talon = AllpassTalon::Closed;
        }
        _ => {}
    }
    Some((info.name, o))
}

fn parse_bool(option: &str, value: &str) -> Result<bool, RulesError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(bad(option, value, "true or false")),
    }
}

fn parse_num(option: &str, value: &str, lo: u32, hi: u32) -> Result<u32, RulesError> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| bad(option, value, &format!("a whole number from {lo} to {hi}")))
}

fn bad(option: &str, value: &str, expected: &str) -> RulesError {
    RulesError::BadValue {
        option: option.into(),
        value: value.into(),
        expected: expected.into(),
    }
}

fn choose<T: Copy>(option: &str, value: &str, choices: &[(&str, T)]) -> Result<T, RulesError> {
    let v = value.trim().to_ascii_lowercase();
    choices.iter().find(|(n, _)| *n == v).map(|(_, t)| *t).ok_or_else(|| {
        let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
        bad(option, value, &names.join(" | "))
    })
}

fn bool_text(b: bool) -> String {
    b.to_string()
}

impl Rules {
    /// The rules of a named preset with 3 players.
    ///
    /// # Errors
    /// [`RulesError::UnknownPreset`] for a name not in [`PRESETS`].
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        let (preset, russian) = preset_options(name).ok_or_else(|| {
            let names: Vec<&str> = PRESETS.iter().map(|p| p.name).collect();
            RulesError::UnknownPreset(name.to_string(), names.join(", "))
        })?;
        Ok(Rules {
            preset,
            players: 3,
            russian,
        })
    }

    /// Sochi, 3 players.
    pub fn sochi() -> Rules {
        Rules {
            preset: "sochi",
            players: 3,
            russian: RussianOptions::sochi(),
        }
    }

    /// The preset name.
    pub fn preset_name(&self) -> &'static str {
        self.preset
    }

    /// Which game.
    pub fn game(&self) -> Game {
        Game::Russian
    }

    /// Number of players at the table (2, 3 or 4).
    pub fn players(&self) -> u8 {
        self.players
    }

    /// The Russian options.
    pub fn russian(&self) -> &RussianOptions {
        &self.russian
    }

    /// Section 3, Rostov: no mountain is kept; each of its points is written as 5 whists by
    /// every other player.
    pub fn mountain_as_whists(&self) -> bool {
        self.russian.mountain_per_point == MountainPerPoint::Rostov
    }

    /// F3 `dealer_allpass_talon` with X2's talon leads: the sitting-out four-player dealer
    /// leads the talon's cards to an all-pass's first two tricks and may take them. With a
    /// closed talon (Rostov) the option is a pool point instead, and he takes no tricks.
    pub fn dealer_plays_allpass_talon(&self) -> bool {
        self.players == 4 && self.russian.dealer_allpass_talon && self.russian.allpass_talon == AllpassTalon::Lead
    }

    /// The option names of this game.
    pub fn option_infos(&self) -> &'static [OptionInfo] {
        RUSSIAN_OPTIONS
    }

    /// Sets one option by name; the configuration is checked with [`Rules::validate`] after.
    ///
    /// # Errors
    /// Unknown option, a value it does not accept, or a contradiction with other options.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let mut next = self.clone();
        next.set_unvalidated(name, value)?;
        next.validate()?;
        *self = next;
        Ok(())
    }

    /// Sets several options and checks the configuration once, after the last: options that
    /// need each other (`allpass_cycle` and `allpass_progression_cap`, the dealer options and
    /// `players`) may come in any order. Nothing changes when any of them is refused.
    ///
    /// # Errors
    /// As [`Rules::set`], for the first option refused or for the configuration as a whole.
    pub fn set_many<'a>(&mut self, options: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<(), RulesError> {
        let mut next = self.clone();
        for (name, value) in options {
            next.set_unvalidated(name, value)?;
        }
        next.validate()?;
        *self = next;
        Ok(())
    }

    /// Builder form of [`Rules::set`].
    ///
    /// # Errors
    /// As [`Rules::set`].
    pub fn with(mut self, name: &str, value: &str) -> Result<Rules, RulesError> {
        self.set(name, value)?;
        Ok(self)
    }

    fn set_unvalidated(&mut self, name: &str, value: &str) -> Result<(), RulesError> {
        let o = &mut self.russian;
        let v = value;
        match name {
            "players" => self.players = parse_num(name, v, 2, 4)? as u8,
            "hold" => {
                o.hold = choose(
                    name,
                    v,
                    &[
                        ("eldest", Hold::Eldest),
                        ("seniority", Hold::Seniority),
                        ("none", Hold::None),
                    ],
                )?
            }
            "allpass_exit" => {
                let t = v.trim();
                o.allpass_exit = if t.is_empty() || t == "none" || t == "[]" {
                    Vec::new()
                } else {
                    t.trim_matches(|c| c == '[' || c == ']')
                        .split(',')
                        .map(|x| parse_num(name, x, 6, 10).map(|n| n as u8))
                        .collect::<Result<_, _>>()?
                };
            }
            "allpass_progression" => {
                o.allpass_progression = choose(
                    name,
                    v,
                    &[
                        ("none", Progression::None),
                        ("arithmetic", Progression::Arithmetic),
                        ("geometric", Progression::Geometric),
                    ],
                )?
            }
            "allpass_progression_cap" => {
                o.allpass_progression_cap = if v.trim() == "none" {
                    None
                } else {
                    Some(parse_num(name, v, 1, 1_000_000)?)
                }
            }
            "allpass_reset_on_failed_contract" => o.allpass_reset_on_failed_contract = parse_bool(name, v)?,
            "allpass_cycle" => o.allpass_cycle = parse_bool(name, v)?,
            "allpass_amnesty" => o.allpass_amnesty = parse_bool(name, v)?,
            "allpass_talon" => {
                o.allpass_talon = choose(
                    name,
                    v,
                    &[("lead", AllpassTalon::Lead), ("closed", AllpassTalon::Closed)],
                )?
            }
            "allpass_zero_trick_pool_scales" => o.allpass_zero_trick_pool_scales = parse_bool(name, v)?,
            "stalingrad" => o.stalingrad = parse_bool(name, v)?,
            "gentleman_whist" => o.gentleman_whist = parse_bool(name, v)?,
            "ten_trick" => {
                o.ten_trick = choose(
                    name,
                    v,
                    &[("checked", TenTrick::Checked), ("whisted", TenTrick::Whisted)],
                )?
            }
            "misere_defence" => {
                o.misere_defence = choose(
                    name,
                    v,
                    &[("open", MisereDefence::Open), ("closed", MisereDefence::Closed)],
                )?
            }
            "misere_without_talon" => o.misere_without_talon = parse_bool(name, v)?,
            "end" => {
                o.end = choose(
                    name,
                    v,
                    &[
                        ("each_reaches_target", End::EachReachesTarget),
                        ("pool_sum", End::PoolSum),
                    ],
                )?
            }
            "target" => o.target = parse_num(name, v, 1, 100_000)?,
            "pool_total" => {
                o.pool_total = if v.trim() == "auto" {
                    None
                } else {
                    Some(parse_num(name, v, 1, 1_000_000)?)
                }
            }
            "mountain_per_point" => {
                o.mountain_per_point = choose(
                    name,
                    v,
                    &[
                        ("1", MountainPerPoint::One),
                        ("2", MountainPerPoint::Two),
                        ("rostov", MountainPerPoint::Rostov),
                    ],
                )?
            }
            "whists_per_point" => o.whists_per_point = parse_num(name, v, 1, 2)?,
            "pool_multiplier" => o.pool_multiplier = parse_num(name, v, 1, 2)?,
            "whist_responsibility" => {
                o.whist_responsibility = choose(
                    name,
                    v,
                    &[("full", Responsibility::Full), ("half", Responsibility::Half)],
                )?
            }
            "dealer_whist_when_both_pass" => o.dealer_whist_when_both_pass = parse_bool(name, v)?,
            "dealer_allpass_talon" => o.dealer_allpass_talon = parse_bool(name, v)?,
            "talon_push" => o.talon_push = parse_bool(name, v)?,
            "dealer_talon_bonus" => o.dealer_talon_bonus = parse_bool(name, v)?,
            _ => return Err(RulesError::UnknownOption(name.to_string())),
        }
        Ok(())
    }

    /// The current value of an option as text (`None` for an unknown name).
    pub fn get(&self, name: &str) -> Option<String> {
        let o = &self.russian;
        Some(match name {
            "players" => self.players.to_string(),
            "hold" => match o.hold {
                Hold::Eldest => "eldest",
                Hold::Seniority => "seniority",
                Hold::None => "none",
            }
            .into(),
            "allpass_exit" => o.allpass_exit.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
            "allpass_progression" => match o.allpass_progression {
                Progression::None => "none",
                Progression::Arithmetic => "arithmetic",
                Progression::Geometric => "geometric",
            }
            .into(),
            "allpass_progression_cap" => o.allpass_progression_cap.map_or("none".into(), |c| c.to_string()),
            "allpass_reset_on_failed_contract" => bool_text(o.allpass_reset_on_failed_contract),
            "allpass_cycle" => bool_text(o.allpass_cycle),
            "allpass_amnesty" => bool_text(o.allpass_amnesty),
            "allpass_talon" => match o.allpass_talon {
                AllpassTalon::Lead => "lead",
                AllpassTalon::Closed => "closed",
            }
            .into(),
            "allpass_zero_trick_pool_scales" => bool_text(o.allpass_zero_trick_pool_scales),
            "stalingrad" => bool_text(o.stalingrad),
            "gentleman_whist" => bool_text(o.gentleman_whist),
            "ten_trick" => match o.ten_trick {
                TenTrick::Checked => "checked",
                TenTrick::Whisted => "whisted",
            }
            .into(),
            "misere_defence" => match o.misere_defence {
                MisereDefence::Open => "open",
                MisereDefence::Closed => "closed",
            }
            .into(),
            "misere_without_talon" => bool_text(o.misere_without_talon),
            "end" => match o.end {
                End::EachReachesTarget => "each_reaches_target",
                End::PoolSum => "pool_sum",
            }
            .into(),
            "target" => o.target.to_string(),
            "pool_total" => o.pool_total.map_or("auto".into(), |c| c.to_string()),
            "mountain_per_point" => match o.mountain_per_point {
                MountainPerPoint::One => "1",
                MountainPerPoint::Two => "2",
                MountainPerPoint::Rostov => "rostov",
            }
            .into(),
            "whists_per_point" => o.whists_per_point.to_string(),
            "pool_multiplier" => o.pool_multiplier.to_string(),
            "whist_responsibility" => match o.whist_responsibility {
                Responsibility::Full => "full",
                Responsibility::Half => "half",
            }
            .into(),
            "dealer_whist_when_both_pass" => bool_text(o.dealer_whist_when_both_pass),
            "dealer_allpass_talon" => bool_text(o.dealer_allpass_talon),
            "talon_push" => bool_text(o.talon_push),
            "dealer_talon_bonus" => bool_text(o.dealer_talon_bonus),
            _ => return None,
        })
    }

    /// The options whose value differs from the preset's, as (name, value), in list order.
    /// `players` is reported separately by [`Rules::players`] and not included.
    pub fn changed_options(&self) -> Vec<(&'static str, String)> {
        let base = Rules::preset(self.preset).unwrap_or_else(|_| Rules::sochi());
        RUSSIAN_OPTIONS
            .iter()
            .filter(|i| i.name != "players")
            .filter_map(|i| {
                let v = self.get(i.name)?;
                (base.get(i.name).as_deref() != Some(v.as_str())).then_some((i.name, v))
            })
            .collect()
    }
}

impl fmt::Display for Rules {
    /// `sochi, 3 players` plus any changed options.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {} players", self.preset, self.players)?;
        for (k, v) in self.changed_options() {
            write!(f, ", {k}={v}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
