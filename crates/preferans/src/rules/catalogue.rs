//! The catalogue of options and presets by name, for `pref rules`, the UIs and `Rules::set`.

use super::Game;

/// Description of one named option, for `pref rules` and the UIs.
#[derive(Clone, Copy, Debug)]
pub struct OptionInfo {
    /// The option name.
    pub name: &'static str,
    /// The RULES.md rule that defines it.
    pub rule: &'static str,
    /// The accepted values.
    pub values: &'static str,
    /// One line of help.
    pub help: &'static str,
}

impl OptionInfo {
    /// The number of players the option needs, if any: the dealer's options (F3) are for
    /// four players, where the dealer sits out (section 4; [`super::Rules::validate`]).
    pub fn players(&self) -> Option<u8> {
        (self.rule == "F3").then_some(4)
    }
}

/// Every option of the Russian family, in the order `pref rules` lists them.
pub const RUSSIAN_OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "players",
        rule: "F1 H1",
        values: "2 | 3 | 4",
        help: "number of players (4: the dealer sits out; 2: Hussar with a dummy)",
    },
    OptionInfo {
        name: "hold",
        rule: "A3",
        values: "eldest | seniority | none",
        help: "who may hold (bid equal to the highest bid): only the eldest, anyone equalling a bid of a player after him in bidding order (seniority), or nobody",
    },
    OptionInfo {
        name: "allpass_exit",
        rule: "A6",
        values: "comma list of levels, e.g. 6,7,7, or none",
        help: "minimum opening bid after k all-pass hands in a row: the k-th level of the list, in spades (the last repeats)",
    },
    OptionInfo {
        name: "allpass_progression",
        rule: "X3",
        values: "none | arithmetic | geometric",
        help: "multiplier of all-pass hands in a row (arithmetic 1, 2, 3…; geometric 1, 2, 4…)",
    },
    OptionInfo {
        name: "allpass_progression_cap",
        rule: "X3",
        values: "none | a number",
        help: "largest all-pass multiplier",
    },
    OptionInfo {
        name: "allpass_reset_on_failed_contract",
        rule: "X3",
        values: "true | false",
        help: "a failed contract ends an all-pass series",
    },
    OptionInfo {
        name: "allpass_cycle",
        rule: "X3",
        values: "true | false",
        help:
            "restart the multiplier once the cap is reached, and count A6's all-pass hands modulo the cap (needs a cap)",
    },
    OptionInfo {
        name: "allpass_amnesty",
        rule: "X4",
        values: "true | false",
        help: "subtract the fewest tricks taken from everyone's all-pass tricks",
    },
    OptionInfo {
        name: "allpass_talon",
        rule: "X2",
        values: "lead | closed",
        help: "talon cards set the suit of the first two all-pass tricks, or stay closed",
    },
    OptionInfo {
        name: "allpass_zero_trick_pool_scales",
        rule: "S6",
        values: "true | false",
        help: "the zero-trick pool point is multiplied by the progression too",
    },
    OptionInfo {
        name: "stalingrad",
        rule: "W5",
        values: "true | false",
        help: "6 spades must be whisted by both defenders, closed",
    },
    OptionInfo {
        name: "gentleman_whist",
        rule: "S3",
        values: "true | false",
        help: "when the declarer fails, a single whister shares his trick whists equally with the passer",
    },
    OptionInfo {
        name: "ten_trick",
        rule: "W6",
        values: "checked | whisted",
        help: "10-trick contracts played without a whist round (checked: both defend, closed, no quota), or whisted with quota 1",
    },
    OptionInfo {
        name: "misere_defence",
        rule: "W7",
        values: "open | closed",
        help: "misère defenders' hands shown once play starts, or closed",
    },
    OptionInfo {
        name: "misere_without_talon",
        rule: "P4",
        values: "true | false",
        help: "allow the bid misère without the talon (between 9NT and 10S)",
    },
    OptionInfo {
        name: "end",
        rule: "S9",
        values: "each_reaches_target | pool_sum",
        help: "when the game ends: after the hand in which every pool reaches the target, or when the pools together reach pool_total",
    },
    OptionInfo {
        name: "target",
        rule: "S9",
        values: "a number from 1 to 100000",
        help: "pool target (pulya)",
    },
    OptionInfo {
        name: "pool_total",
        rule: "S9",
        values: "auto | a number",
        help: "sum of pools that ends the game with end=pool_sum (auto: target x players)",
    },
    OptionInfo {
        name: "mountain_per_point",
        rule: "section 3",
        values: "1 | 2 | rostov",
        help: "how mountain points are written: as they are, doubled (Leningrad), or each as 5 whists from every other player (Rostov)",
    },
    OptionInfo {
        name: "whists_per_point",
        rule: "section 3",
        values: "1 | 2",
        help: "multiplier of trick, consolation, half-whist and talon-bonus whists",
    },
    OptionInfo {
        name: "pool_multiplier",
        rule: "S10",
        values: "1 | 2",
        help: "pool multiplier in the final settlement",
    },
    OptionInfo {
        name: "whist_responsibility",
        rule: "S4",
        values: "full | half",
        help: "whisters' penalty for a shortfall",
    },
    OptionInfo {
        name: "dealer_whist_when_both_pass",
        rule: "F3",
        values: "true | false",
        help: "4 players: when both defenders pass a 6 or 7, the dealer may look at one defender's hand and whist in their place, playing both hands",
    },
    OptionInfo {
        name: "dealer_allpass_talon",
        rule: "F3",
        values: "true | false",
        help: "4 players: the dealer owns the talon in all-pass and leads its cards to the first two tricks (with a closed talon, as in Rostov: a pool point for him instead)",
    },
    OptionInfo {
        name: "talon_push",
        rule: "F3",
        values: "true | false",
        help: "4 players: the declarer may push the talon aside instead of taking it (he keeps his ten cards; the dealer gets a mountain point)",
    },
    OptionInfo {
        name: "dealer_talon_bonus",
        rule: "F3",
        values: "true | false",
        help: "4 players: the dealer writes whists on the declarer for the talon's cards whatever the result (aces, ace and king of a suit, a marriage; sevens and eights against a misère)",
    },
];

/// A preset: a name and the options it sets (section 3).
#[derive(Clone, Copy, Debug)]
pub struct PresetInfo {
    /// Name, as in `--rules NAME`.
    pub name: &'static str,
    /// Which game.
    pub game: Game,
    /// One line.
    pub help: &'static str,
}

/// Every preset reachable by name.
pub const PRESETS: &[PresetInfo] = &[
    PresetInfo { name: "sochi", game: Game::Russian, help: "Russian Preferans, Sochi scoring" },
    PresetInfo { name: "leningrad", game: Game::Russian, help: "Russian Preferans, Leningrad scoring (mountain and whists doubled, pool doubled at the end)" },
    PresetInfo { name: "rostov", game: Game::Russian, help: "Russian Preferans, Rostov scoring (mountain converted to whists, half responsibility, closed all-pass talon)" },
];
