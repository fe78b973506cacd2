//! What a table is created with: game, preset, options, pool target, players, who sits where,
//! privacy and the move timer. Stored as JSON in the `pref_tables` row; the rules are rebuilt
//! from it by the rules crate (no rule lives here).

use std::collections::BTreeMap;

use preferans::Rules;
use serde::{Deserialize, Serialize};

/// Who takes a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", from = "SeatKindWire")]
pub enum SeatKind {
    /// A person, who claims the seat with a name and gets a seat token.
    Human,
    /// A bot of the named level (`random`, `heuristic`, `expert`, …).
    Bot {
        /// The bot's name as `preferans_bots::bot_by_name` knows it.
        level: String,
    },
}

/// [`SeatKind`] as it is read: unknown fields (`{"kind": "human", "level": "expert"}`) are
/// refused, which serde does only for struct variants of an internally tagged enum.
#[derive(Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
enum SeatKindWire {
    Human {},
    Bot { level: String },
}

impl From<SeatKindWire> for SeatKind {
    fn from(w: SeatKindWire) -> Self {
        match w {
            SeatKindWire::Human {} => SeatKind::Human,
            SeatKindWire::Bot { level } => SeatKind::Bot { level },
        }
    }
}

/// A table's configuration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableConfig {
    /// Display name of the table.
    #[serde(default)]
    pub name: String,
    /// The game (`russian`; the other games come with their issues).
    #[serde(default = "default_game")]
    pub game: String,
    /// Rules preset (`sochi`, `leningrad`, `rostov`).
    #[serde(default = "default_preset")]
    pub preset: String,
    /// Table options as `pref rules` names them (`NAME` → `VALUE`).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Pool target (S9), overriding the preset's.
    #[serde(default)]
    pub target: Option<u32>,
    /// End after this many hands instead of by the pool (short games, tests).
    #[serde(default)]
    pub hand_limit: Option<u32>,
    /// One entry per seat; its length is the number of players (2, 3 or 4).
    pub seats: Vec<SeatKind>,
    /// A private table asks for this password to take a seat, to watch, and for its sheet,
    /// record and replay (`Table::admits`).
    #[serde(default)]
    pub password: Option<String>,
    /// Seconds a person has for each decision; when they run out the server plays the
    /// heuristic bot's choice for them. `None`: no timer.
    #[serde(default)]
    pub move_timer_secs: Option<u32>,
    /// Deal seed (R5), for reproducing a game or a test; random when absent. Whoever sets it
    /// can know every deal, so the lobby marks such a table `seeded`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

fn default_game() -> String {
    "russian".into()
}

fn default_preset() -> String {
    "sochi".into()
}

/// Bot levels the lobby offers (any name `preferans_bots::bot_by_name` knows is accepted).
pub fn bot_levels() -> &'static [&'static str] {
    preferans_bots::BOT_NAMES
}

/// A configuration the server refuses, with the reason.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

impl TableConfig {
    /// A table of `players` seats: seat 0 a person, the rest bots of `level`.
    pub fn with_bots(players: u8, level: &str) -> TableConfig {
        let mut seats = vec![SeatKind::Human];
        seats.extend((1..players).map(|_| SeatKind::Bot { level: level.into() }));
        TableConfig {
            name: String::new(),
            game: default_game(),
            preset: default_preset(),
            options: BTreeMap::new(),
            target: None,
            hand_limit: None,
            seats,
            password: None,
            move_timer_secs: None,
            seed: None,
        }
    }

    /// Number of players.
    pub fn players(&self) -> u8 {
        self.seats.len() as u8
    }

    /// The rules of the table, checked by the rules crate.
    ///
    /// # Errors
    /// Unknown game, preset, option or bot, bad value, or a seat count other than 2–4.
    pub fn build_rules(&self) -> Result<Rules, ConfigError> {
        if self.game != "russian" {
            return Err(ConfigError(format!("unknown game '{}' (known: russian)", self.game)));
        }
        if !(2..=4).contains(&self.seats.len()) {
            return Err(ConfigError(format!(
                "a table has 2, 3 or 4 seats, not {}",
                self.seats.len()
            )));
        }
        for s in &self.seats {
            if let SeatKind::Bot { level } = s {
                if preferans_bots::bot_by_name(level, 0).is_none() {
                    return Err(ConfigError(format!(
                        "unknown bot '{level}' (known: {})",
                        bot_levels().join(", ")
                    )));
                }
            }
        }
        if self.name.chars().count() > 60 {
            return Err(ConfigError("the table name is longer than 60 characters".into()));
        }
        // A typed password has no control character (a kept digest starts with one).
        let typed = |p: &&str| !p.starts_with(crate::table::PASSWORD_MARK);
        if self
            .password
            .as_deref()
            .filter(typed)
            .is_some_and(|p| p.chars().any(char::is_control))
        {
            return Err(ConfigError("the password holds a control character".into()));
        }
        if self.name.chars().any(hidden_char) {
            return Err(ConfigError(
                "the table name holds a control or text-direction character".into(),
            ));
        }
        // A match of no hands would be over before it starts (and never count as open).
        if self.hand_limit == Some(0) {
            return Err(ConfigError(
                "a match has at least 1 hand (leave out hand_limit for no limit)".into(),
            ));
        }
        if self.move_timer_secs == Some(0) {
            return Err(ConfigError("the move timer must be at least 1 second".into()));
        }
        let err = |e: preferans::RulesError| ConfigError(e.to_string());
        let mut rules = Rules::preset(&self.preset).map_err(err)?;
        let players = self.players().to_string();
        let target = self.target.map(|t| t.to_string());
        // Checked once, after the last option: options that need each other (allpass_cycle
        // and allpass_progression_cap) may come in any order.
        let options = std::iter::once(("players", players.as_str()))
            .chain(self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .chain(target.as_deref().map(|t| ("target", t)));
        rules.set_many(options).map_err(err)?;
        // The seats decide the players: an option that says otherwise would deal to a seat
        // the table does not have (stuck table) or leave one out (a record that does not
        // replay). An option that agrees is harmless (and tables stored with one still load).
        if rules.players() != self.players() {
            return Err(ConfigError(format!(
                "the number of seats decides the players: this table has {} seats, but the option \
                 'players' says {}; leave out the option 'players'",
                self.players(),
                rules.players()
            )));
        }
        Ok(rules)
    }
}

/// Characters a name shown to others may not hold: control characters (they act or break in
/// records, terminals and SVG) and text-direction overrides (they make one name read as
/// another).
pub(crate) fn hidden_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters a player's name may not hold besides [`hidden_char`]: invisible
/// ones, by which two names that look alike would differ. The zero-width joiners (U+200C,
/// U+200D) stay: scripts and emoji need them. Chat lines may hold these.
pub(crate) fn invisible_char(c: char) -> bool {
    hidden_char(c)
        || matches!(
            c,
            '\u{00AD}' | '\u{034F}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}' | '\u{180E}'
                | '\u{200B}' | '\u{2028}' | '\u{2029}' | '\u{2060}'..='\u{2064}' | '\u{206A}'..='\u{206F}'
                | '\u{2800}' | '\u{3164}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF9}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E007F}'
        )
}

/// Whether a name shows anything at all: one character that is not a space, a joiner or a
/// variation selector (those only shape the characters around them).
pub(crate) fn shows_something(name: &str) -> bool {
    name.chars().any(|c| {
        !c.is_whitespace() && !invisible_char(c) && !matches!(c, '\u{200C}' | '\u{200D}' | '\u{FE00}'..='\u{FE0F}')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_default_table_builds_sochi_for_three() {
        let c = TableConfig::with_bots(3, "heuristic");
        let r = c.build_rules().unwrap();
        assert_eq!(r.players(), 3);
        assert_eq!(r.preset_name(), "sochi");
    }

    #[test]
    fn bad_configurations_are_refused_with_a_reason() {
        let mut c = TableConfig::with_bots(3, "heuristic");
        c.seats.push(SeatKind::Human);
        c.seats.push(SeatKind::Human);
        assert!(c.build_rules().unwrap_err().0.contains("2, 3 or 4"));
        let mut c = TableConfig::with_bots(3, "wizard");
        assert!(c.build_rules().unwrap_err().0.contains("unknown bot"));
        c = TableConfig::with_bots(3, "random");
        c.preset = "moscow".into();
        assert!(c.build_rules().is_err());
        c = TableConfig::with_bots(3, "random");
        c.options.insert("no_such_option".into(), "1".into());
        assert!(c.build_rules().is_err());
        c = TableConfig::with_bots(3, "random");
        c.target = Some(20);
        assert_eq!(c.build_rules().unwrap().get("target").as_deref(), Some("20"));
        c.hand_limit = Some(0);
        assert!(c.build_rules().unwrap_err().0.contains("at least 1 hand"));
        c.hand_limit = Some(1);
        assert!(c.build_rules().is_ok());
    }

    #[test]
    fn options_that_need_each_other_are_accepted_in_any_order() {
        // `options` is sorted by name: allpass_cycle comes before the cap it needs.
        let mut c = TableConfig::with_bots(3, "random");
        for (k, v) in [
            ("allpass_progression", "geometric"),
            ("allpass_progression_cap", "3"),
            ("allpass_cycle", "true"),
        ] {
            c.options.insert(k.into(), v.into());
        }
        let r = c.build_rules().unwrap();
        assert_eq!(r.get("allpass_cycle").as_deref(), Some("true"));
        assert_eq!(r.get("allpass_progression_cap").as_deref(), Some("3"));
        // Without the cap the combination is still refused.
        c.options.remove("allpass_progression_cap");
        assert!(c.build_rules().unwrap_err().0.contains("allpass_progression_cap"));
        // The dealer options need four players, whatever the order.
        let mut c = TableConfig::with_bots(4, "random");
        c.options.insert("dealer_allpass_talon".into(), "true".into());
        assert_eq!(c.build_rules().unwrap().players(), 4);
    }

    #[test]
    fn seats_with_unknown_fields_are_refused() {
        let read = |text: &str| serde_json::from_str::<SeatKind>(text);
        assert_eq!(read(r#"{"kind":"human"}"#).unwrap(), SeatKind::Human);
        assert_eq!(
            read(r#"{"kind":"bot","level":"random"}"#).unwrap(),
            SeatKind::Bot { level: "random".into() }
        );
        for bad in [
            r#"{"kind":"human","level":"expert"}"#,
            r#"{"kind":"bot","level":"random","x":1}"#,
            r#"{"kind":"bot"}"#,
            r#"{"kind":"robot"}"#,
        ] {
            assert!(read(bad).is_err(), "{bad}");
        }
        // What is stored reads back.
        let c = TableConfig::with_bots(3, "expert");
        let back: TableConfig = serde_json::from_str(&serde_json::to_string(&c).unwrap()).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn the_seats_decide_the_players() {
        for (seats, option) in [(3, "4"), (4, "3"), (3, "2"), (2, "3")] {
            let mut c = TableConfig::with_bots(seats, "random");
            c.options.insert("players".into(), option.into());
            let e = c.build_rules().unwrap_err().0;
            assert!(
                e.contains("leave out the option 'players'"),
                "{seats} seats, players={option}: {e}"
            );
        }
        // An option that agrees with the seats changes nothing.
        let mut c = TableConfig::with_bots(3, "random");
        c.options.insert("players".into(), "3".into());
        assert_eq!(c.build_rules().unwrap().players(), 3);
    }
}
