//! `pref solve`: double-dummy analysis of a position given as a deal or taken from a record.

use std::fmt::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args;
use preferans::{Bid, Card, CardSet, HandState, PlayState};
use preferans_solver::{legal_now, Objective, Solver};

/// Where the position comes from.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The three hands in playing order from the eldest, separated by '/', e.g.
    /// "AS KS QS JS TS 9S 8S AC KC QC/7S JC TC 9C 8C 7C AD KD QD JD/TD 9D 8D 7D AH KH QH JH TH 9H".
    #[arg(long, conflicts_with = "record")]
    pub hands: Option<String>,
    /// The contract: 6S … 10NT, misere, or allpass.
    #[arg(long, default_value = "allpass")]
    pub contract: String,
    /// Declarer's position (0 = eldest, 1, 2) for a contract.
    #[arg(long, default_value_t = 0)]
    pub declarer: u8,
    /// All-pass: the position whose fewest tricks are sought (the other two play against him).
    #[arg(long, default_value_t = 0)]
    pub player: u8,
    /// All-pass: the two talon cards that lead the first two tricks (X2), e.g. "AH 7C".
    #[arg(long)]
    pub talon: Option<String>,
    /// The position that leads the first trick (P1: the eldest, 0).
    #[arg(long, default_value_t = 0)]
    pub lead: u8,
    /// A game record to take the position from (with --hand and --action).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// 1-based hand number in the record.
    #[arg(long, default_value_t = 1)]
    pub hand: u32,
    /// Number of actions of that hand to apply before solving (the position during play).
    #[arg(long)]
    pub action: Option<usize>,
    /// Also print the principal variation.
    #[arg(long)]
    pub pv: bool,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub table_mib: usize,
}

fn state_from_deal(a: &SolveArgs, hands: &str) -> Result<(PlayState, Objective)> {
    let parts: Vec<&str> = hands.split(['/', '|']).collect();
    if parts.len() != 3 {
        bail!("--hands needs three hands separated by '/', got {}", parts.len());
    }
    let mut hs = [CardSet::EMPTY; 3];
    for (i, p) in parts.iter().enumerate() {
        hs[i] = p.parse().with_context(|| format!("hand {i}"))?;
    }
    for (option, value) in [("--lead", a.lead), ("--declarer", a.declarer), ("--player", a.player)] {
        if value > 2 {
            bail!("{option} {value}: positions are 0, 1 or 2");
        }
    }
    let mut state = PlayState::first_lead(hs, None, None);
    state.to_play = a.lead;
    let objective = match a.contract.to_ascii_lowercase().as_str() {
        "allpass" | "all-pass" => {
            if let Some(t) = &a.talon {
                let cards: Vec<Card> = t.split_whitespace().map(str::parse).collect::<Result<_, _>>()?;
                if cards.len() > 2 {
                    bail!("--talon takes at most two cards");
                }
                if cards.len() == 2 && cards[0] == cards[1] {
                    bail!("talon card {} is given twice", cards[0]);
                }
                if a.lead != 0 {
                    bail!("with --talon the eldest (position 0) plays first to the talon card (X2): leave out --lead");
                }
                state.talon_leads = [cards.first().copied(), cards.get(1).copied()];
            }
            Objective::AllPass(a.player)
        }
        _ => {
            if a.talon.is_some() {
                bail!("--talon is for all-pass (X2): a contract's talon is not led");
            }
            let bid: Bid = a.contract.parse().context("--contract")?;
            state.contract = Some(bid);
            state.trump = bid.trump();
            state.declarer = Some(a.declarer);
            if bid.is_misere() {
                Objective::Misere(a.declarer)
            } else {
                Objective::Declarer(a.declarer)
            }
        }
    };
    if let Some(c) = (hs[0] & hs[1] | hs[0] & hs[2] | hs[1] & hs[2]).first() {
        bail!("card {c} appears in two hands");
    }
    let all = hs[0] | hs[1] | hs[2];
    if hs.iter().any(|h| h.len() != hs[0].len()) {
        bail!("the three hands must have the same number of cards");
    }
    if hs[0].is_empty() {
        bail!("--hands holds no cards");
    }
    if let Some(c) = state.talon_leads.iter().flatten().find(|c| all.contains(**c)) {
        bail!("talon card {c} is also in a hand");
    }
    Ok((state, objective))
}

fn state_from_record(a: &SolveArgs, path: &std::path::Path) -> Result<(PlayState, Objective)> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let record = preferans::record::Record::from_json(&text)?;
    // The whole record is checked first (the stored deals against the seed, every action).
    record.replay()?;
    let index = (a.hand as usize).checked_sub(1).context("hands are numbered from 1")?;
    let Some(h) = record.hands.get(index) else {
        bail!("the record has {} hands, no hand {}", record.hands.len(), a.hand);
    };
    let upto = a.action.unwrap_or(h.actions.len());
    if upto > h.actions.len() {
        bail!("hand {} has {} actions, not {upto}", a.hand, h.actions.len());
    }
    // Replay the earlier hands, then this one up to the action.
    let mut m = record.start()?;
    for (i, earlier) in record.hands[..index].iter().enumerate() {
        record.begin_hand(&mut m, i)?;
        for act in &earlier.actions {
            m.apply(act.seat, act.action)?;
        }
    }
    record.begin_hand(&mut m, index)?;
    let mut hand = m.current_hand().cloned().context("the match was over")?;
    for act in &h.actions[..upto] {
        hand.apply(act.seat, act.action)?;
    }
    let state = hand
        .play_state()
        .context("the position is not in the card play (choose --action inside the play)")?;
    let objective = match state.contract {
        Some(_) => Objective::of(&state),
        None => Objective::AllPass(a.player),
    };
    Ok((state, objective))
}

/// Runs `pref solve` and returns the report.
pub fn run(a: &SolveArgs) -> Result<String> {
    let (state, objective) = match (&a.hands, &a.record) {
        (Some(h), _) => state_from_deal(a, h)?,
        (None, Some(r)) => state_from_record(a, r)?,
        (None, None) => bail!("give a position: --hands … or --record FILE"),
    };
    let mut solver = Solver::with_table_bytes(a.table_mib.clamp(1, 4096) << 20);
    let t = Instant::now();
    let solution = solver.solve(&state, objective).map_err(|e| anyhow::anyhow!("{e}"))?;
    let elapsed = t.elapsed();
    let values = solver
        .card_values(&state, objective)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut out = String::new();
    let (who, what) = match objective {
        Objective::Declarer(p) => (p, "declarer's tricks with best defence"),
        Objective::Misere(p) => (p, "misère declarer's tricks with best defence"),
        Objective::AllPass(p) => (p, "player's tricks, the other two against him"),
    };
    let _ = writeln!(out, "result: {} ({what}; position {who})", solution.tricks);
    let _ = writeln!(
        out,
        "to play: position {}; legal cards {}",
        state.to_play,
        legal_now(&state)
            .iter()
            .map(|c| c.symbol_text())
            .collect::<Vec<_>>()
            .join(" ")
    );
    for (card, v) in &values {
        let _ = writeln!(out, "  {:<4} {v}", card.symbol_text());
    }
    if a.pv {
        let line = solver
            .principal_variation(&state, objective)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let _ = writeln!(
            out,
            "principal variation: {}",
            line.iter().map(|c| c.symbol_text()).collect::<Vec<_>>().join(" ")
        );
    }
    let _ = writeln!(
        out,
        "time {:.3} ms, nodes {}",
        elapsed.as_secs_f64() * 1e3,
        solution.nodes
    );
    Ok(out)
}
