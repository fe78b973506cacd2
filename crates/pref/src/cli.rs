//! The command line: `pref`'s subcommands and their arguments (clap).

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::{Args, Parser, Subcommand};
use preferans::Rules;

use crate::{review, serve, sim, solve};

/// Preferans: Russian Preferans (Sochi, Leningrad, Rostov; 2, 3 or 4 players) and its family.
#[derive(Parser, Debug)]
#[command(name = "pref", version, about, long_about = None)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand, Debug)]
pub(crate) enum Command {
    /// Play N hands with bots (random-legal by default) and write the game record.
    #[command(
        after_help = "Examples:\n  pref sim --hands 1000 --seed 7 --out game.json\n  pref sim --rules leningrad --players 4 -o dealer_allpass_talon=true --bots heuristic --out game.json"
    )]
    Sim(SimArgs),
    /// Play against bots in the terminal: full screen, or line by line with --plain or without a terminal.
    #[command(
        after_help = "Examples:\n  pref play --rules sochi --target 10 --save game.json\n  pref play --resume game.json\n  pref play --plain --ascii --bots heuristic"
    )]
    Play(PlayArgs),
    /// Validate a game record and print it hand by hand.
    #[command(after_help = "Examples:\n  pref replay game.json\n  pref replay - < game.json")]
    Replay {
        /// The record (JSON) to replay; - reads it from standard input.
        file: PathBuf,
    },
    /// Re-score a record and print the scoresheet and the final settlement.
    #[command(after_help = "Examples:\n  pref score game.json\n  pref score --json game.json")]
    Score {
        /// The record (JSON); - reads it from standard input.
        file: PathBuf,
        /// Print JSON for machines instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Draw the scoresheet of a record as the classic pulya (SVG).
    #[command(after_help = "Example:\n  pref sheet game.json --svg pulya.svg")]
    Sheet {
        /// The record (JSON); - reads it from standard input.
        file: PathBuf,
        /// Where to write the SVG (- for standard output).
        #[arg(long)]
        svg: PathBuf,
        /// Replace the SVG file if it exists already.
        #[arg(long)]
        overwrite: bool,
    },
    /// Double-dummy analysis: the exact result of a position and the value of every card.
    #[command(
        after_help = "Examples:\n  pref solve --hands \"AS KS/7S 8S/9S TS\" --contract misere\n  pref solve --record game.json --hand 3 --action 20 --pv\n  pref solve --record game.json --hand 3 --deal-table"
    )]
    Solve(solve::SolveArgs),
    /// Review a record: every card that lost tricks (double-dummy, exact), and every bid
    /// (misère too), whist call, discard and contract that lost whists (by simulation).
    #[command(after_help = "Examples:\n  pref review game.json\n  pref review game.json --whists 5 --deal-tables")]
    Review(review::ReviewArgs),
    /// Duplicate tournament between bots: every deal played with every seating, in parallel.
    #[command(
        alias = "tournament",
        after_help = "Examples:\n  pref match --bots heuristic,random,random --deals 2000\n  pref match --bots expert,heuristic,heuristic --deals 200 --out report.json"
    )]
    Match(MatchArgs),
    /// List the presets and every option with its default in each preset.
    Rules,
    /// Serve the game in the browser: lobby, tables with bots and people, stored games.
    #[command(
        after_help = "Examples:\n  pref serve\n  pref serve --addr 0.0.0.0:8080 --database postgres://localhost/pref"
    )]
    Serve(serve::ServeArgs),
}

/// Which rules: a preset, the number of players, and changed options.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Preset: sochi, leningrad or rostov.
    #[arg(long = "rules", default_value = "sochi")]
    pub preset: String,
    /// Players: 3, 4 (the dealer sits out) or 2 (Hussar).
    #[arg(long, default_value_t = 3)]
    pub players: u8,
    /// Change an option from the preset, as NAME=VALUE (repeatable; see `pref rules`).
    #[arg(long = "option", short = 'o', value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The pool target (pulya), e.g. 10 for a short game (the same as -o target=N; 1 to
    /// 100,000).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub target: Option<u32>,
}

impl RulesArgs {
    /// Builds and validates the rules.
    pub fn build(&self) -> Result<Rules> {
        let mut rules = Rules::preset(&self.preset)?;
        let mut options = vec![("players".to_string(), self.players.to_string())];
        for o in &self.options {
            let Some((k, v)) = o.split_once('=') else {
                bail!("option '{o}' must be NAME=VALUE, e.g. hold=seniority");
            };
            // Names in any case (`TARGET=20`), as the presets are.
            let k = k.trim().to_ascii_lowercase();
            if k == "players" {
                let v = v.trim();
                if matches!(v, "2" | "3" | "4") {
                    bail!("give the number of players as --players {v} (the option 'players' is set from it)");
                }
                bail!("the players are 2, 3 or 4, given as --players N (not '{v}', and not as an option)");
            }
            if k == "target" && self.target.is_some() {
                bail!("give the target once: --target or -o target=…, not both");
            }
            // The last of two values would win unsaid: a typo in a long command line.
            if options.iter().any(|(name, _)| *name == k) {
                bail!("option '{k}' is given twice: give each option once");
            }
            options.push((k, v.trim().to_string()));
        }
        if let Some(t) = self.target {
            options.push(("target".into(), t.to_string()));
        }
        // All at once: options that need each other may come in any order.
        rules.set_many(options.iter().map(|(k, v)| (k.as_str(), v.as_str())))?;
        // A new game: an option that would change nothing is refused, not ignored unsaid.
        rules.check_all_options_matter()?;
        Ok(rules)
    }
}

#[derive(Args, Debug)]
pub(crate) struct SimArgs {
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// Number of hands to play (1 to 100,000); without it, the whole match to its end (S9),
    /// or to 100,000 hands if it has not ended by then.
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=i64::from(sim::MAX_HANDS)))]
    pub(crate) hands: Option<u32>,
    /// Seed of the deals and the bots (the same seed gives the same game on any machine).
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Seat of the first dealer.
    #[arg(long, default_value_t = 0)]
    pub(crate) first_dealer: u8,
    /// Bots by seat, comma-separated (random, heuristic, expert-fast, expert, expert-strong); the last one fills the rest.
    #[arg(long, default_value = "random")]
    pub(crate) bots: String,
    /// Where to write the record (JSON; - for standard output, the summary then going to
    /// standard error); without it, a summary only. A file that exists already is kept
    /// unless --overwrite (it may be a saved game).
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// Replace --out's file if it exists.
    #[arg(long)]
    pub(crate) overwrite: bool,
}

#[derive(Args, Debug)]
pub(crate) struct PlayArgs {
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// Number of hands to play (1 to 100,000); without it, the whole game to its end (S9).
    #[arg(long, allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=i64::from(sim::MAX_HANDS)))]
    pub(crate) hands: Option<u32>,
    /// Seed of the deals and the bots.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Your seat.
    #[arg(long, default_value_t = 0)]
    pub(crate) seat: u8,
    /// Your opponents, comma-separated in seat order (random, heuristic, expert-fast, expert, expert-strong); the last one fills
    /// the rest. The expert (the default) is the strongest that decides at once; `heuristic`
    /// plays a quicker, weaker game.
    #[arg(long, default_value = "expert")]
    pub(crate) bots: String,
    /// Save the game record here as the game goes (and when you quit). A file that is there
    /// already is not replaced without --overwrite (it may be a game to --resume).
    #[arg(long)]
    pub(crate) save: Option<PathBuf>,
    /// Let --save replace a file that exists.
    #[arg(long, requires = "save")]
    pub(crate) overwrite: bool,
    /// Continue the game saved in this record: your seat,
    /// the bots, the seed and the rules are the record's, and the game goes on being saved
    /// there (unless --save names another file).
    #[arg(
        long,
        conflicts_with_all = ["seat", "bots", "seed", "hands", "target", "preset", "players", "options"]
    )]
    pub(crate) resume: Option<PathBuf>,
    /// Plain line-by-line mode (also used when not on a terminal).
    #[arg(long)]
    pub(crate) plain: bool,
    /// Suit letters instead of symbols.
    #[arg(long)]
    pub(crate) ascii: bool,
    /// Milliseconds between bot moves on screen (0 to 60,000).
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(0..=60_000))]
    pub(crate) pace_ms: u64,
}

#[derive(Args, Debug)]
pub(crate) struct MatchArgs {
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// Bots by seat, comma-separated (random, heuristic, expert-fast, expert, expert-strong);
    /// the last one fills the rest; default: heuristic then random ones.
    #[arg(long)]
    pub(crate) bots: Option<String>,
    /// Number of deals (1 to 1,000,000).
    #[arg(long, allow_negative_numbers = true, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub(crate) deals: u64,
    /// Seed of the deals and the bots.
    #[arg(long, allow_negative_numbers = true, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Write the JSON report here (- for standard output, the table then going to standard
    /// error).
    #[arg(long)]
    pub(crate) out: Option<PathBuf>,
    /// Write every board's record into this directory (made if it does not exist).
    #[arg(long)]
    pub(crate) records: Option<PathBuf>,
    /// Replace --out's file, and --records' records, if they exist.
    #[arg(long)]
    pub(crate) overwrite: bool,
}
