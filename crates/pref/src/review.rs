//! `pref review`: every card that cost tricks (double-dummy) and every call that cost whists
//! (simulated) in a game record, and optionally what each deal held.

use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;

use crate::{describe, progress, read_record, solve, source_name, unfinished_note};

/// Options of `pref review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The record (JSON); - reads it from standard input.
    pub file: PathBuf,
    /// Report cards that cost at least this many tricks (1 to 10).
    #[arg(long, allow_negative_numbers = true, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub threshold: u8,
    /// Report bids, whist calls, discards and contracts that cost at least this many whists
    /// (0 to 1,000,000).
    #[arg(long, allow_negative_numbers = true, default_value_t = 2.0, value_parser = whists_threshold)]
    pub whists: f64,
    /// Sampled deals per whist call, discard or contract weighed (1 to 10,000).
    #[arg(long, allow_negative_numbers = true, default_value_t = preferans_bots::ADVISER_SAMPLES as u64, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub samples: u64,
    /// Also print what each hand's deal held: every position's best contract in each
    /// strain and misère (talon taken, best discard) and all-pass, double-dummy.
    #[arg(long)]
    pub deal_tables: bool,
}

/// `--whists`: a number of whists from 0 to 1,000,000. A hand costs far less than a million
/// whists, so a larger threshold is a typo (and printing 1e308 would take 309 digits).
fn whists_threshold(text: &str) -> Result<f64, String> {
    let w: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("expected a number of whists from 0 to 1000000, not {text:?}"))?;
    if !(w.is_finite() && (0.0..=1_000_000.0).contains(&w)) {
        return Err(format!("expected a number of whists from 0 to 1000000, not {text:?}"));
    }
    // -0 is 0 (it would be echoed as "-0").
    Ok(w + 0.0)
}

/// Reviews the record and prints what it found.
pub fn run(a: ReviewArgs) -> Result<()> {
    let ReviewArgs {
        file,
        threshold,
        whists,
        samples,
        deal_tables,
    } = a;
    let record = read_record(&file)?;
    // The cards (exact, quick) and the calls (simulated, slow) each have their own bar, so
    // that each one's time left is measured at its own pace.
    let hands = record.hands.len() as u64;
    let bar = progress::bar(hands, "hands' cards (double-dummy)");
    let mistakes = preferans_bots::review::review(&record, threshold, |done, _| bar.set_position(done as u64))
        .map_err(|e| anyhow::anyhow!("{}: {e}", source_name(&file)))?;
    bar.finish_and_clear();
    let bar = progress::bar(hands, "hands' calls (simulated)");
    let calls = preferans_bots::review_calls::review_calls(&record, whists, samples as usize, |done, _| {
        bar.set_position(done as u64)
    })
    .map_err(|e| anyhow::anyhow!("{}: {e}", source_name(&file)))?;
    bar.finish_and_clear();
    for m in &mistakes {
        let best: Vec<String> = m.best.iter().map(|c| c.symbol_text()).collect();
        // A card from a hand the player plays for (W4, H1) says whose it was.
        let from = match m.from {
            preferans::observation::Holder::Seat(s) if s == m.seat => String::new(),
            preferans::observation::Holder::Seat(s) => format!(" from seat {s}'s hand"),
            _ => " from the dummy".into(),
        };
        outln!(
            "hand {} action {} (trick {}): seat {} played {}{from} — best {} — costs {} trick{}{}",
            m.hand,
            m.index,
            m.trick,
            m.seat,
            m.played.symbol_text(),
            best.join(" or "),
            m.cost,
            if m.cost == 1 { "" } else { "s" },
            // X1: counted against the two others together (`Mistake::all_pass`).
            if m.all_pass {
                " (all-pass: the two others against him)"
            } else {
                ""
            }
        );
    }
    outln!(
        "{} cost tricks (threshold {threshold})",
        describe::count(mistakes.len(), "card decision")
    );
    for c in &calls {
        outln!(
            "hand {} action {}: seat {} chose {} — best {} — costs {:.1} whists (simulated)",
            c.hand,
            c.index,
            c.seat,
            describe::action_words(c.chosen),
            describe::action_words(c.best),
            c.cost
        );
    }
    outln!(
        "{} bids, whist calls, discards and contracts cost whists (threshold {whists}; whist calls, discards \
         and contracts weighed on {} each, bids on the expert's own bidding samples)",
        calls.len(),
        crate::describe::count(samples as usize, "sampled deal")
    );
    if let Some(note) = unfinished_note(&record) {
        outln!("{note} (reviewed as far as it was played)");
    }
    if deal_tables {
        let m = record.replay().with_context(|| source_name(&file))?;
        let mut solver = preferans_solver::Solver::new();
        let bar = progress::bar(m.finished_hands().len() as u64, "deals' tables (double-dummy)");
        let mut texts = Vec::new();
        for (i, h) in m.finished_hands().iter().enumerate() {
            bar.set_position(i as u64);
            let table = preferans_solver::deal_table::deal_table(h.deal(), h.allpass_start().as_ref(), &mut solver)
                .map_err(|e| anyhow::anyhow!("hand {}: {e}", i + 1))?;
            texts.push(format!(
                "hand {}: what the deal held\n{}",
                i + 1,
                solve::deal_table_text(&table, &solve::position_labels(h))
            ));
        }
        bar.finish_and_clear();
        for text in texts {
            out!("{text}");
        }
    }
    Ok(())
}
