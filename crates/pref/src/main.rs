//! `pref`: play, simulate, replay and inspect games of the Preferans family.

#[macro_use]
mod output;
mod cli;
mod describe;
mod play;
mod play_view;
mod progress;
mod resume;
mod review;
mod score;
mod serve;
mod sim;
mod solve;
mod tournament;
mod tui;

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Parser;
use cli::{Cli, Command};
use preferans::record::Record;
use preferans::rules::{PRESETS, RUSSIAN_OPTIONS};
use preferans::Rules;
use preferans_bots::Bot;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (`pref play --plain | head`) ends the program quietly, as in `emit`.
        Err(e) if output::is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Not `eprintln!`: it panics when standard error is a closed pipe too.
            output::say_error(&format!("error: {}", one_line(&e)));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes on one line.
fn one_line(e: &anyhow::Error) -> String {
    e.chain().map(|c| c.to_string()).collect::<Vec<_>>().join(": ")
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Sim(a) => {
            let rules = a.rules.build()?;
            if a.first_dealer >= rules.players() {
                bail!(
                    "--first-dealer {} is not a seat of a {}-player table",
                    a.first_dealer,
                    rules.players()
                );
            }
            let bots = make_bots(&a.bots, &rules, a.seed, None)?;
            let to_stdout = a.out.as_deref().is_some_and(is_stdout);
            if let Some(out) = a.out.as_deref().filter(|_| !to_stdout) {
                check_new_output(out, a.overwrite)?;
            }
            let (record, stopped) = sim::simulate(rules, a.hands, a.seed, a.first_dealer, bots);
            if stopped {
                output::say_error(&format!(
                    "note: the match had not ended after {} hands; the record holds those (--hands N plays a fixed number)",
                    sim::MAX_HANDS
                ));
            }
            if to_stdout {
                // `--out -`: standard output holds the record alone.
                eprintln!("{}", sim::summary(&record));
                outln!("{}", record.to_json());
            } else {
                outln!("{}", sim::summary(&record));
            }
            if let Some(out) = a.out.filter(|_| !to_stdout) {
                write_atomically(&out, &record.to_json())?;
                outln!("record written to {}", out.display());
            }
            Ok(())
        }
        Command::Play(a) => {
            let rules = a.rules.build()?;
            if a.resume.is_none() && a.seat >= rules.players() {
                bail!("--seat {} is not a seat of a {}-player table", a.seat, rules.players());
            }
            // The record is written as the game goes: a path that cannot be written is said
            // now, not found out silently after the game.
            if let Some(save) = &a.save {
                // Only a regular file is kept: a device or a pipe (/dev/stdout) is written in
                // place, and the file being resumed is the one to go on saving to.
                let same = |p: &Path| std::fs::canonicalize(p).ok();
                let resumed = a
                    .resume
                    .as_deref()
                    .is_some_and(|r| same(r).is_some() && same(r) == same(save));
                if std::fs::metadata(save).is_ok_and(|m| m.is_file()) && !a.overwrite && !resumed {
                    bail!(
                        "{0} exists: `pref play --resume {0}` goes on with the game saved there, \
                         --overwrite replaces it",
                        save.display()
                    );
                }
                check_output(save)?;
            }
            let (m, seat, bots_spec, seed) = match &a.resume {
                Some(path) => {
                    resume::resumed_game(&read_record(path)?, a.seed).with_context(|| format!("{}", path.display()))?
                }
                None => (
                    preferans::Match::new(rules, a.seed, 0, a.hands),
                    a.seat,
                    a.bots.clone(),
                    a.seed,
                ),
            };
            use std::io::IsTerminal;
            let terminal = std::io::stdout().is_terminal() && std::io::stdin().is_terminal();
            // A terminal that reports no size (a pty nobody sized) can draw nothing.
            let sizeless = terminal && ratatui::crossterm::terminal::size().map_or(true, |(w, h)| w == 0 || h == 0);
            if sizeless && !a.plain {
                eprintln!("the terminal reports no size: playing line by line, as --plain does");
            }
            // A saved game's bots come from its record: an error there names the file.
            let bots = match (make_bots(&bots_spec, m.rules(), seed, Some(seat)), &a.resume) {
                (Err(e), Some(path)) => return Err(e.context(format!("{}", path.display()))),
                (bots, _) => bots?,
            };
            if a.plain || !terminal || sizeless {
                let ascii = a.ascii || !utf8_terminal();
                let save = a.save.as_deref().or(a.resume.as_deref());
                return play::run(m, seed, seat, save, bots, ascii);
            }
            let ascii = a.ascii || !utf8_terminal();
            let save = a.save.clone().or(a.resume.clone());
            let app = tui::App::new(m, bots, seat, ascii, save, seed);
            let app = tui::run(app, std::time::Duration::from_millis(a.pace_ms))?;
            // The sheet stays on the terminal once the full screen is gone.
            out!("{}", score::score_text(&app.m, &app.names));
            if let Some(path) = app.saved_unfinished() {
                outln!(
                    "The game is saved in {0}: `pref play --resume {0}` goes on with it.",
                    path.display()
                );
            }
            Ok(())
        }
        Command::Replay { file } => {
            let record = read_record(&file)?;
            let m = record.replay().with_context(|| source_name(&file))?;
            out!("{}", describe::describe_record(&record));
            outln!(
                "record valid: {} replayed, every outcome agrees",
                describe::count(m.finished_hands().len(), "hand")
            );
            if let Some(note) = unfinished_note(&record) {
                outln!("{note}");
            }
            Ok(())
        }
        Command::Score { file, json } => {
            let record = read_record(&file)?;
            let m = record.replay().with_context(|| source_name(&file))?;
            let names: Vec<String> = record.players.iter().map(|p| p.name.clone()).collect();
            if json {
                outln!("{}", score::score_json(&m, &names));
            } else {
                out!("{}", score::score_text(&m, &names));
            }
            Ok(())
        }
        Command::Sheet { file, svg, overwrite } => {
            if svg.as_os_str() != "-" {
                check_new_output(&svg, overwrite)?;
            }
            let record = read_record(&file)?;
            let m = record.replay().with_context(|| source_name(&file))?;
            let names: Vec<String> = record.players.iter().map(|p| p.name.clone()).collect();
            let drawing = preferans::scoring::pulya_svg(m.sheet(), m.rules(), &names);
            if svg.as_os_str() == "-" {
                // `--svg -`: the drawing on standard output.
                outln!("{drawing}");
            } else {
                write_atomically(&svg, &drawing)?;
                outln!("pulya written to {}", svg.display());
            }
            Ok(())
        }
        Command::Review(a) => review::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Match(a) => {
            let rules = a.rules.build()?;
            // Without --bots: one heuristic bot against random ones, whatever the players.
            let spec = a.bots.clone().unwrap_or_else(|| {
                std::iter::once("heuristic")
                    .chain(std::iter::repeat_n("random", usize::from(rules.players()) - 1))
                    .collect::<Vec<_>>()
                    .join(",")
            });
            let mut kinds = bot_kinds(&spec)?;
            // As in `sim` and `play`: the last one fills the rest.
            let players = usize::from(rules.players());
            if kinds.len() > players {
                bail!(
                    "--bots names {} bots, but a {players}-player table has {players} seats",
                    kinds.len()
                );
            }
            while kinds.len() < players {
                kinds.push(kinds[kinds.len() - 1].clone());
            }
            let to_stdout = a.out.as_deref().is_some_and(is_stdout);
            if let Some(out) = a.out.as_deref().filter(|_| !to_stdout) {
                check_new_output(out, a.overwrite)?;
            }
            if let Some(dir) = a.records.as_deref() {
                let held: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
                    .into_iter()
                    .flatten()
                    .flatten()
                    .filter(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        name.starts_with("deal-") && name.ends_with(".json")
                    })
                    .map(|e| e.path())
                    .collect();
                if !held.is_empty() && !a.overwrite {
                    bail!("{} holds records already: --overwrite replaces them", dir.display());
                }
                // Replaced means all of them: an earlier, longer match's records would
                // otherwise stay among the new ones.
                for old in held {
                    std::fs::remove_file(&old).with_context(|| format!("cannot remove {}", old.display()))?;
                }
            }
            let report = tournament::run(&rules, &kinds, a.deals, a.seed, a.records.as_deref())?;
            if to_stdout {
                // `--out -`: standard output holds the JSON report alone.
                eprint!("{}", tournament::text(&report, a.deals));
                outln!("{}", tournament::json(&report, &rules, &kinds, a.deals, a.seed));
            } else {
                out!("{}", tournament::text(&report, a.deals));
            }
            if let Some(out) = a.out.filter(|_| !to_stdout) {
                write_atomically(&out, &tournament::json(&report, &rules, &kinds, a.deals, a.seed))?;
                outln!("report written to {}", out.display());
            }
            Ok(())
        }
        Command::Solve(a) => {
            out!("{}", solve::run(&a)?);
            Ok(())
        }
        Command::Rules => {
            out!("{}", rules_listing());
            Ok(())
        }
    }
}

/// Whether the terminal's locale is UTF-8 (suit symbols), as the C library decides it:
/// `LC_ALL`, else `LC_CTYPE`, else `LANG`.
fn utf8_terminal() -> bool {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .unwrap_or_default()
        .to_uppercase();
    locale.contains("UTF-8") || locale.contains("UTF8")
}

/// One bot per seat from a comma list of kinds (the last repeats); `human` is the seat the
/// user plays, which gets a placeholder bot that is never asked.
fn make_bots(spec: &str, rules: &Rules, seed: u64, human: Option<u8>) -> Result<Vec<Box<dyn Bot + Send>>> {
    let players = rules.players();
    let kinds = bot_kinds(spec)?;
    let seats = usize::from(players) - usize::from(human.is_some());
    if kinds.len() > seats {
        bail!(
            "--bots names {} bots, but there are {} seats for bots",
            kinds.len(),
            seats
        );
    }
    let known = preferans_bots::BOT_NAMES.join(", ");
    let mut bots = Vec::new();
    let mut k = 0;
    for seat in 0..players {
        let kind = if Some(seat) == human {
            "random"
        } else {
            let kind = kinds[k.min(kinds.len() - 1)].as_str();
            k += 1;
            kind
        };
        let seed = preferans_bots::bot_seed(seed, seat);
        bots.push(
            preferans_bots::bot_for(kind, seed, Some(rules))
                .with_context(|| format!("unknown bot '{kind}' (known: {known})"))?,
        );
    }
    Ok(bots)
}

/// The bot kinds of a `--bots` list, in lower case; an empty entry (`random,,heuristic`) is
/// refused rather than skipped, which would shift the seats after it.
fn bot_kinds(spec: &str) -> Result<Vec<String>> {
    let known = preferans_bots::BOT_NAMES.join(", ");
    let kinds: Vec<String> = spec.split(',').map(|k| k.trim().to_lowercase()).collect();
    if kinds.iter().any(String::is_empty) {
        bail!("--bots has an empty entry: give one bot kind per seat, comma-separated ({known})");
    }
    Ok(kinds)
}

/// "hand N is unfinished: K actions", when the record's last hand has no outcome (a game
/// saved mid-hand).
fn unfinished_note(record: &Record) -> Option<String> {
    let last = record.hands.last().filter(|h| h.outcome.is_none())?;
    Some(format!(
        "hand {} is unfinished: {} so far",
        last.number,
        describe::count(last.actions.len(), "action")
    ))
}

/// The record in file `path`, or on standard input for `-`.
pub(crate) fn read_record(path: &Path) -> Result<Record> {
    let text = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read the standard input")?
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    };
    Record::from_json(&text).with_context(|| source_name(path))
}

/// How errors name a record's source: its path, or "standard input" for `-`.
pub(crate) fn source_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".into()
    } else {
        path.display().to_string()
    }
}

/// `-` as an output path: standard output.
fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// [`check_output`], and a file that exists is kept unless `overwrite`: it may be a game
/// saved or a record someone wants (as `play --save` keeps one).
fn check_new_output(path: &Path, overwrite: bool) -> Result<()> {
    if !overwrite && std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        bail!("{} exists: --overwrite replaces it", path.display());
    }
    check_output(path)
}

/// Refuses, before a long run, an output path that cannot be written: a directory, or a
/// file in a directory that does not exist.
fn check_output(path: &Path) -> Result<()> {
    if path.is_dir() {
        bail!("cannot write {}: it is a directory", path.display());
    }
    let parent = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if parent.exists() && !parent.is_dir() {
        bail!(
            "cannot write {}: {} is not a directory",
            path.display(),
            parent.display()
        );
    }
    if !parent.is_dir() {
        bail!(
            "cannot write {}: the directory {} does not exist",
            path.display(),
            parent.display()
        );
    }
    // A device or a pipe is written in place; anything else is written beside it and renamed
    // (`write_atomically`), so the directory must take a new file: tried now, not after the run.
    let in_place = std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir());
    if !in_place {
        let probe = parent.join(format!(".pref-write-check-{}", std::process::id()));
        std::fs::write(&probe, b"").map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        let _ = std::fs::remove_file(&probe);
    }
    Ok(())
}

/// Writes via a temporary file and a rename, so a failure leaves nothing half-written.
fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let context = || format!("cannot write {}", path.display());
    // A symlink is written through: the file it points at gets the text, the link stays.
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    };
    match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => bail!("cannot write {}: it is a directory", path.display()),
        // A device or a pipe (/dev/stdout, a FIFO) is written in place, never replaced.
        Ok(m) if !m.is_file() => return std::fs::write(&target, text).with_context(context),
        _ => {}
    }
    // A regular file is replaced whole: a crash never leaves half a record.
    let mut tmp_name = target.file_name().unwrap_or_default().to_os_string();
    // Named for this process: another run writing the same path, or a file the user named
    // so, is left alone.
    tmp_name.push(format!(".tmp-pref-{}", std::process::id()));
    let tmp = target.with_file_name(tmp_name);
    let written = std::fs::write(&tmp, text).and_then(|()| std::fs::rename(&tmp, &target));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.with_context(context)
}

fn rules_listing() -> String {
    let mut s = String::from("Presets (--rules NAME):\n");
    for p in PRESETS {
        s += &format!("  {:<10} {}\n", p.name, p.help);
    }
    let presets: Vec<Rules> = PRESETS.iter().filter_map(|p| Rules::preset(p.name).ok()).collect();
    s += "\nOptions (--option NAME=VALUE); defaults per preset:\n";
    s += &format!("  {:<34}", "option");
    for p in PRESETS {
        s += &format!(" {:<20}", p.name);
    }
    s += " rule\n";
    for o in RUSSIAN_OPTIONS {
        s += &format!("  {:<34}", o.name);
        for r in &presets {
            let v = r.get(o.name).unwrap_or_default();
            s += &format!(" {:<20}", if v.is_empty() { "(none)".to_string() } else { v });
        }
        // The players and the target have flags of their own (-o players=… is refused).
        let how = match o.name {
            "players" => "; give it as --players N, not as an option",
            "target" => "; also --target N",
            _ => "",
        };
        s += &format!(" {}\n      {} — values: {}{how}\n", o.rule, o.help, o.values);
    }
    s
}
