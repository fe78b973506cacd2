//! `pref match`: duplicate tournaments between bots, parallel on all cores.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{bail, Result};
use indicatif::ProgressBar;
use preferans::Rules;
use preferans_bots::duplicate::{mean_ci95, play_board, seatings, Board};
use rayon::prelude::*;
use serde_json::json;

/// Each bot kind's result per deal (whists per deal, averaged over its seats and seatings).
pub struct Report {
    /// Bot kind → one value per deal.
    pub per_deal: BTreeMap<String, Vec<f64>>,
    /// Boards played.
    pub boards: usize,
}

/// Plays `deals` deals with every seating of `kinds`.
pub fn run(rules: &Rules, kinds: &[String], deals: u64, seed: u64, records: Option<&Path>) -> Result<Report> {
    if kinds.len() != rules.players() as usize {
        bail!(
            "--bots needs one bot per seat: {} for a {}-player table, got {}",
            rules.players(),
            rules.players(),
            kinds.len()
        );
    }
    let seats = seatings(kinds);
    if let Some(dir) = records {
        if dir.exists() && !dir.is_dir() {
            bail!("--records {}: it is a file, not a directory", dir.display());
        }
        std::fs::create_dir_all(dir).map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let bar = if deals >= 20 {
        crate::progress::bar(deals, "deals")
    } else {
        ProgressBar::hidden()
    };
    let players = rules.players() as f64;
    // Each deal is summed (and its records written) as soon as it is played: only its
    // per-bot means are kept, so a long match takes no more memory than a short one (every
    // board's record kept to the end took about 1.4 KB a board).
    let results: Vec<Result<Vec<(String, f64)>, String>> = (0..deals)
        .into_par_iter()
        .map(|d| {
            let mut sums: BTreeMap<&str, (f64, f64)> = BTreeMap::new();
            for (k, s) in seats.iter().enumerate() {
                let b: Board = play_board(rules, seed, d, s)?;
                for (seat, kind) in s.iter().enumerate() {
                    let e = sums.entry(kind.as_str()).or_default();
                    e.0 += b.scaled[seat] as f64 / players;
                    e.1 += 1.0;
                }
                if let Some(dir) = records {
                    let path = dir.join(format!("deal-{d:05}-seating-{k}.json"));
                    crate::write_atomically(&path, &b.record.to_json()).map_err(|e| format!("{e:#}"))?;
                }
            }
            bar.inc(1);
            Ok(sums
                .into_iter()
                .map(|(kind, (sum, n))| (kind.to_string(), sum / n))
                .collect())
        })
        .collect();
    bar.finish_and_clear();
    let mut per_deal: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for means in results {
        for (kind, mean) in means.map_err(|e| anyhow::anyhow!(e))? {
            per_deal.entry(kind).or_default().push(mean);
        }
    }
    let count = deals as usize * seats.len();
    Ok(Report {
        per_deal,
        boards: count,
    })
}

/// The report as text: each bot's whists per deal with a 95% confidence interval.
pub fn text(report: &Report, deals: u64) -> String {
    let mut s = format!(
        "{}, {} (every seating of every deal)\n",
        crate::describe::count(deals as usize, "deal"),
        crate::describe::count(report.boards, "board")
    );
    s += &format!("{:<12} {:>12} {:>12}\n", "bot", "whists/deal", "95% CI ±");
    for (kind, m, ci) in ranked(report) {
        // One deal has no spread to measure.
        let ci = if ci.is_finite() {
            format!("{ci:.2}")
        } else {
            "n/a".into()
        };
        // Rounded first: a sum that cancels to -1e-17 would print "-0.00".
        let m = (m * 100.0).round() / 100.0 + 0.0;
        s += &format!("{kind:<12} {m:>12.2} {ci:>12}\n");
    }
    s
}

/// The bots with their mean and confidence interval, best first.
fn ranked(report: &Report) -> Vec<(&str, f64, f64)> {
    let mut rows: Vec<(&str, f64, f64)> = report
        .per_deal
        .iter()
        .map(|(kind, v)| {
            let (m, ci) = mean_ci95(v);
            (kind.as_str(), m, ci)
        })
        .collect();
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    rows
}

/// A figure of whists without the noise of floating-point sums (300.00000000000006).
fn tidy(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The report as JSON.
pub fn json(report: &Report, rules: &Rules, kinds: &[String], deals: u64, seed: u64) -> String {
    let bots: Vec<_> = ranked(report)
        .into_iter()
        .map(|(kind, m, ci)| {
            let v: Vec<f64> = report.per_deal[kind].iter().copied().map(tidy).collect();
            json!({ "bot": kind, "whists_per_deal": tidy(m), "ci95": tidy(ci), "per_deal": v })
        })
        .collect();
    serde_json::to_string_pretty(&json!({
        "rules": rules.to_string(),
        "seats": kinds,
        "deals": deals,
        "seed": seed,
        "boards": report.boards,
        "results": bots,
    }))
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mean_that_cancels_to_almost_nothing_prints_as_zero() {
        let report = Report {
            per_deal: BTreeMap::from([("expert".to_string(), vec![1e-17, -3e-17])]),
            boards: 2,
        };
        let t = text(&report, 2);
        assert!(t.contains("expert               0.00"), "{t}");
        assert!(!t.contains("-0.00"), "{t}");
    }
}
