//! Game records: a versioned JSON format (docs/record-format.md, docs/record.schema.json).
//! A record holds the rules (preset + changed options), the players, the seed, and for each
//! hand the dealer, the hands as dealt, the talon, every action with its seat and the outcome.
//! Replaying re-derives everything and fails loudly, naming the hand and action index.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::deal::Deal;
use crate::error::RulesError;
use crate::game::Match;
use crate::outcome::HandOutcome;
use crate::russian::RussianHand;
use crate::scoring::Entry;
use crate::{Action, Card, CardSet, Rules, Seat};

/// The `format` field of every record.
pub const RECORD_FORMAT: &str = "preferans-record";
/// The current record version.
pub const RECORD_VERSION: u32 = 1;

/// A whole game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`RECORD_FORMAT`].
    pub format: String,
    /// [`RECORD_VERSION`].
    pub version: u32,
    /// The rules.
    pub rules: RulesRecord,
    /// One entry per seat, seat 0 first.
    pub players: Vec<PlayerRecord>,
    /// The match seed (hand k is dealt from (seed, k)); absent when deals came from elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The dealer of the first hand.
    pub first_dealer: Seat,
    /// Number of hands after which the match ends, if fixed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_limit: Option<u32>,
    /// The hands in order.
    pub hands: Vec<HandRecord>,
}

/// Rules as stored: preset, players and the options changed from the preset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesRecord {
    /// `russian` (the game family).
    pub game: String,
    /// Preset name (`sochi`, `leningrad`, `rostov`).
    pub preset: String,
    /// 2, 3 or 4.
    pub players: u8,
    /// Options changed from the preset, by name; values are text (numbers and booleans are
    /// accepted too).
    #[serde(default)]
    pub options: BTreeMap<String, OptionValue>,
}

/// An option value: stored as text; JSON numbers and booleans are read as their text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct OptionValue(pub String);

impl<'de> Deserialize<'de> for OptionValue {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<OptionValue, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        Ok(OptionValue(match v {
            serde_json::Value::String(s) => s,
            serde_json::Value::Bool(b) => b.to_string(),
            serde_json::Value::Number(n) => n.to_string(),
            serde_json::Value::Array(a) => a.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","),
            other => return Err(serde::de::Error::custom(format!("bad option value {other}"))),
        }))
    }
}

/// A player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    /// Display name.
    pub name: String,
    /// `human` or a bot kind (`random`, …).
    pub kind: String,
}

/// One hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRecord {
    /// 1-based hand number.
    pub number: u32,
    /// The dealer's seat.
    pub dealer: Seat,
    /// The cards as dealt.
    pub deal: DealRecord,
    /// Every action in order.
    pub actions: Vec<ActionRecord>,
    /// The outcome; absent for a hand still in progress (only the last hand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<HandOutcome>,
    /// The scoresheet entries this hand wrote (S1–S8), when stored; replay re-scores and
    /// compares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<Entry>>,
}

/// The cards as dealt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealRecord {
    /// Each seat's hand, seat 0 first (`-` for the 4-player dealer, who gets none).
    pub hands: Vec<CardSet>,
    /// The Hussar dummy's hand (H1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dummy: Option<CardSet>,
    /// The talon, top card first.
    #[serde(deserialize_with = "two_talon_cards")]
    pub talon: [Card; 2],
}

/// Reads the talon as a list first, so that a talon of the wrong size is named as such (a
/// fixed-size array would call a third card "trailing characters").
fn two_talon_cards<'de, D: serde::Deserializer<'de>>(d: D) -> Result<[Card; 2], D::Error> {
    let cards = Vec::<Card>::deserialize(d)?;
    <[Card; 2]>::try_from(cards.as_slice()).map_err(|_| {
        let s = if cards.len() == 1 { "" } else { "s" };
        serde::de::Error::custom(format_args!("the talon holds {} card{s}; it must hold 2", cards.len()))
    })
}

/// One action with the seat that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRecord {
    /// The acting seat.
    pub seat: Seat,
    /// The action in text form (`bid 7H`, `play AS`, …).
    pub action: Action,
}

/// Why a record cannot be read or replayed.
#[derive(Debug, Error)]
pub enum RecordError {
    /// Not valid JSON for the format.
    #[error("malformed record: {0}")]
    Json(serde_json::Error),
    /// Wrong format name or version.
    #[error("{0}")]
    Format(String),
    /// The rules cannot be built.
    #[error("rules: {0}")]
    Rules(RulesError),
    /// Something about a hand (dealer, deal, outcome).
    #[error("hand {hand}: {message}")]
    Hand {
        /// 1-based hand number.
        hand: u32,
        /// What is wrong.
        message: String,
    },
    /// An illegal action.
    #[error("hand {hand}, action {index} (seat {seat}: '{action}'): {reason}")]
    Action {
        /// 1-based hand number.
        hand: u32,
        /// 0-based action index within the hand.
        index: usize,
        /// The seat.
        seat: Seat,
        /// The action.
        action: Action,
        /// Why it is illegal.
        reason: String,
    },
}

// The causes are part of the messages above, so they are not also `source`s: error chains
// (`{:#}`) would print them twice.
impl From<serde_json::Error> for RecordError {
    fn from(e: serde_json::Error) -> Self {
        RecordError::Json(e)
    }
}

impl From<RulesError> for RecordError {
    fn from(e: RulesError) -> Self {
        RecordError::Rules(e)
    }
}

impl Record {
    /// Parses a record from JSON text (no replay; see [`Record::replay`]).
    ///
    /// # Errors
    /// [`RecordError::Json`] with line and column, or [`RecordError::Format`].
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        // Editors on some systems start a UTF-8 file with a byte-order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(RecordError::Format("the record is empty".into()));
        }
        // A record is a JSON object; serde would describe an array as a struct's elements.
        let first = text.trim_start().chars().next();
        // An array nested past serde_json's depth limit is no object either.
        if first.is_some_and(|c| c != '{')
            && (first == Some('[') || serde_json::from_str::<serde_json::Value>(text).is_ok())
        {
            return Err(RecordError::Format(
                "the record is not a JSON object (`{\"format\": \"preferans-record\", …}`)".into(),
            ));
        }
        let r: Record = serde_json::from_str(text)?;
        if r.format != RECORD_FORMAT {
            return Err(RecordError::Format(format!(
                "format is '{}', expected '{RECORD_FORMAT}'",
                r.format
            )));
        }
        if r.version != RECORD_VERSION {
            return Err(RecordError::Format(format!(
                "record version {} is not supported (this program reads version {RECORD_VERSION})",
                r.version
            )));
        }
        Ok(r)
    }

    /// Pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The record of a match so far.
    pub fn from_match(m: &Match, players: Vec<PlayerRecord>) -> Record {
        let rules = m.rules();
        let mut hands: Vec<HandRecord> = m.finished_hands().iter().map(hand_record).collect();
        if let Some(h) = m.current_hand().filter(|h| !h.history().is_empty()) {
            hands.push(hand_record(h));
        }
        for (i, h) in hands.iter_mut().enumerate() {
            h.number = i as u32 + 1;
            if h.outcome.is_some() {
                h.scores = Some(m.sheet().entries_of_hand(h.number));
            }
        }
        Record {
            format: RECORD_FORMAT.into(),
            version: RECORD_VERSION,
            rules: RulesRecord {
                game: "russian".into(),
                preset: rules.preset_name().into(),
                players: rules.players(),
                options: rules
                    .changed_options()
                    .into_iter()
                    .map(|(k, v)| (k.to_string(), OptionValue(v)))
                    .collect(),
            },
            players,
            seed: Some(m.seed()),
            first_dealer: m.first_dealer(),
            hand_limit: m.hand_limit(),
            hands,
        }
    }

    /// Builds the rules of the record.
    ///
    /// # Errors
    /// Unknown game, preset or option, or a bad value.
    pub fn build_rules(&self) -> Result<Rules, RecordError> {
        if self.rules.game != "russian" {
            return Err(RecordError::Format(format!(
                "unknown game '{}' (known: russian)",
                self.rules.game
            )));
        }
        // The number of players is `rules.players`; a second one among the options would
        // contradict it or say nothing.
        if self.rules.options.contains_key("players") {
            return Err(RecordError::Format(
                "rules.options names 'players': the number of players is rules.players".into(),
            ));
        }
        let mut rules = Rules::preset(&self.rules.preset)?;
        let players = self.rules.players.to_string();
        let options = self.rules.options.iter().map(|(k, v)| (k.as_str(), v.0.as_str()));
        rules.set_many(std::iter::once(("players", players.as_str())).chain(options))?;
        Ok(rules)
    }

    /// The match the record's hands are replayed in: its rules built and checked against the
    /// players listed, before the first hand (see [`Record::begin_hand`]). For walking a
    /// record action by action; [`Record::replay`] checks a whole record.
    ///
    /// # Errors
    /// The rules do not build, or disagree with the players or the first dealer.
    pub fn start(&self) -> Result<Match, RecordError> {
        let rules = self.build_rules()?;
        if self.players.len() != rules.players() as usize {
            return Err(RecordError::Format(format!(
                "{} players listed, the rules say {}",
                self.players.len(),
                rules.players()
            )));
        }
        // A name is shown in terminals and drawn in SVG: control characters (escape
        // sequences, NUL) would act there instead of showing.
        if let Some((seat, p)) = self
            .players
            .iter()
            .enumerate()
            .find(|(_, p)| p.name.chars().any(char::is_control))
        {
            return Err(RecordError::Format(format!(
                "player {seat}'s name {:?} holds a control character",
                p.name
            )));
        }
        // A kind is `human` or a bot's name (`expert-fast`): what a reader does with it (a
        // resumed game makes the bot) needs a plain word, not any text.
        let plain_word = |k: &str| {
            (1..=32).contains(&k.len())
                && k.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        };
        if let Some((seat, p)) = self.players.iter().enumerate().find(|(_, p)| !plain_word(&p.kind)) {
            return Err(RecordError::Format(format!(
                "player {seat}'s kind {:?} is neither human nor a bot's name (lower-case letters, digits, '-')",
                p.kind
            )));
        }
        // Every player is named on the sheet and in results: a blank name reads as nobody.
        if let Some(seat) = self.players.iter().position(|p| p.name.trim().is_empty()) {
            return Err(RecordError::Format(format!("player {seat}'s name is empty")));
        }
        if self.first_dealer >= rules.players() {
            return Err(RecordError::Format(format!(
                "first_dealer {} is not a seat",
                self.first_dealer
            )));
        }
        Ok(Match::new(
            rules,
            self.seed.unwrap_or(0),
            self.first_dealer,
            self.hand_limit,
        ))
    }

    /// Gets `m` (started by [`Record::start`], the earlier hands applied) ready for the
    /// stored hand `index` (0-based): checks its number, dealer and deal, and deals the stored
    /// cards when the record has no seed (with a seed they must be the seed's deal).
    ///
    /// # Errors
    /// [`RecordError::Hand`] naming what disagrees.
    pub fn begin_hand(&self, m: &mut Match, index: usize) -> Result<(), RecordError> {
        let number = index as u32 + 1;
        let err = |message: String| RecordError::Hand { hand: number, message };
        let Some(h) = self.hands.get(index) else {
            let plural = if self.hands.len() == 1 { "" } else { "s" };
            return Err(err(format!("the record has {} hand{plural}", self.hands.len())));
        };
        if h.number != number {
            return Err(err(format!("numbered {}, expected {number}", h.number)));
        }
        let Some(current) = m.current_hand() else {
            return Err(err("the match was already over".into()));
        };
        if h.dealer != m.dealer() {
            return Err(err(format!(
                "dealer is {}, but the deal passes to seat {}",
                h.dealer,
                m.dealer()
            )));
        }
        let deal = deal_from_record(current, &h.deal).map_err(err)?;
        if self.seed.is_some() {
            if deal != *current.deal() {
                return Err(err("the stored deal differs from the one the seed gives".into()));
            }
        } else {
            m.redeal(deal);
        }
        Ok(())
    }

    /// Replays the record: rebuilds the rules, re-deals (checking the stored deal against the
    /// seed when there is one), applies every action through the checked path and compares
    /// every stored outcome with the derived one.
    ///
    /// # Errors
    /// The first problem found, naming the hand (1-based) and the action index (0-based).
    pub fn replay(&self) -> Result<Match, RecordError> {
        let mut m = self.start()?;
        let count = self.hands.len();
        for (i, h) in self.hands.iter().enumerate() {
            let number = i as u32 + 1;
            let err = |message: String| RecordError::Hand { hand: number, message };
            self.begin_hand(&mut m, i)?;
            let mut derived = None;
            for (index, a) in h.actions.iter().enumerate() {
                if derived.is_some() {
                    return Err(RecordError::Action {
                        hand: number,
                        index,
                        seat: a.seat,
                        action: a.action,
                        reason: "the hand is already over".into(),
                    });
                }
                derived = m.apply(a.seat, a.action).map_err(|e| RecordError::Action {
                    hand: number,
                    index,
                    seat: a.seat,
                    action: a.action,
                    reason: e.reason,
                })?;
            }
            match (derived, h.outcome) {
                (Some(d), Some(s)) if d != s => {
                    return Err(err(format!(
                        "the stored outcome disagrees with the replayed one: {}",
                        differences(&s, &d)
                    )))
                }
                (Some(_), None) => return Err(err("the hand is over but no outcome is stored".into())),
                (None, Some(_)) => {
                    return Err(err("an outcome is stored but the actions do not finish the hand".into()))
                }
                (None, None) if i + 1 < count => return Err(err("unfinished hand before the last one".into())),
                _ => {}
            }
            if let Some(stored) = &h.scores {
                let derived = m.sheet().entries_of_hand(number);
                if *stored != derived {
                    return Err(err(format!(
                        "the stored scores disagree with re-scoring: {}",
                        differences(stored, &derived)
                    )));
                }
            }
        }
        Ok(m)
    }
}

/// Where `stored` and `replayed` differ, field by field as the record spells them ("tricks[2]:
/// stored 4, replayed 3"), the first three.
fn differences<T: Serialize>(stored: &T, replayed: &T) -> String {
    fn walk(path: &str, a: &serde_json::Value, b: &serde_json::Value, out: &mut Vec<String>) {
        use serde_json::Value;
        match (a, b) {
            // Outcomes of different kinds: their kind says it all.
            (Value::Object(x), Value::Object(y)) if x.get("kind") != y.get("kind") => {
                let null = Value::Null;
                let sub = if path.is_empty() {
                    "kind".to_string()
                } else {
                    format!("{path}.kind")
                };
                out.push(format!(
                    "{sub}: stored {}, replayed {}",
                    x.get("kind").unwrap_or(&null),
                    y.get("kind").unwrap_or(&null)
                ));
            }
            (Value::Object(x), Value::Object(y)) => {
                let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
                for k in keys {
                    let null = Value::Null;
                    let sub = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    walk(&sub, x.get(k).unwrap_or(&null), y.get(k).unwrap_or(&null), out);
                }
            }
            (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
                for (i, (u, v)) in x.iter().zip(y).enumerate() {
                    walk(&format!("{path}[{i}]"), u, v, out);
                }
            }
            _ if a != b => out.push(format!(
                "{}: stored {a}, replayed {b}",
                if path.is_empty() { "value" } else { path }
            )),
            _ => {}
        }
    }
    let (a, b) = (serde_json::to_value(stored), serde_json::to_value(replayed));
    let mut out = Vec::new();
    if let (Ok(a), Ok(b)) = (&a, &b) {
        walk("", a, b, &mut out);
    }
    let more = out.len().saturating_sub(3);
    out.truncate(3);
    if more > 0 {
        out.push(format!("and {more} more"));
    }
    out.join("; ")
}

fn hand_record(h: &RussianHand) -> HandRecord {
    let (by_seat, dummy) = h.dealt_by_seat();
    let players = h.config().players as usize;
    HandRecord {
        number: 0,
        dealer: h.dealer(),
        deal: DealRecord {
            hands: by_seat[..players].to_vec(),
            dummy,
            talon: h.deal().talon(),
        },
        actions: h
            .history()
            .iter()
            .map(|&(seat, action)| ActionRecord { seat, action })
            .collect(),
        outcome: crate::HandState::outcome(h),
        scores: None,
    }
}

/// The deal in hand positions from a record's by-seat deal (positions as `current` maps them).
fn deal_from_record(current: &RussianHand, d: &DealRecord) -> Result<Deal, String> {
    let players = current.config().players as usize;
    if d.hands.len() != players {
        return Err(format!("{} hands stored, expected {players}", d.hands.len()));
    }
    let mut pos_hands = [CardSet::EMPTY; 3];
    for (pos, slot) in pos_hands.iter_mut().enumerate() {
        let seat = current.seat_of_position(pos);
        *slot = match seat {
            Some(s) => d.hands[s as usize],
            None => d.dummy.ok_or("the Hussar dummy's hand is missing")?,
        };
        if slot.len() != 10 {
            let who = seat.map_or("the dummy".to_string(), |s| format!("seat {s}"));
            return Err(format!("{who} holds {} card(s), expected 10", slot.len()));
        }
    }
    if players == 4 && !d.hands[current.dealer() as usize].is_empty() {
        return Err("the sitting-out dealer must have no cards".into());
    }
    if players != 2 && d.dummy.is_some() {
        return Err("only Hussar has a dummy".into());
    }
    Deal::new(pos_hands, d.talon).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests;
