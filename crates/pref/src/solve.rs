//! `pref solve`: double-dummy analysis of a position given as a deal or taken from a record.

use std::fmt::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args;
use preferans::{Bid, Card, CardSet, Deal, HandState, PlayState, RussianHand};
use preferans_solver::deal_table::{allpass_x2, deal_table, DealTable};
use preferans_solver::{legal_now, Objective, Solver};

/// Where the position comes from.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The three hands in playing order from the eldest, separated by '/', e.g.
    /// "AS KS QS JS TS 9S 8S AC KC QC/7S JC TC 9C 8C 7C AD KD QD JD/TD 9D 8D 7D AH KH QH JH TH 9H".
    #[arg(long, conflicts_with = "record")]
    pub hands: Option<String>,
    /// The contract: 6S … 10NT, misere, misere-nt (P4), or allpass (with --hands; a record has its own).
    #[arg(long, default_value = "allpass", conflicts_with = "record")]
    pub contract: String,
    /// Declarer's position (0 = eldest, the default, 1, 2) for a contract (with --hands).
    #[arg(long, conflicts_with = "record")]
    pub declarer: Option<u8>,
    /// All-pass: whose fewest tricks are sought (the other two play against him): with
    /// --hands a position (0 = eldest, the default), with --record a seat (default: the
    /// player to move).
    #[arg(long)]
    pub player: Option<u8>,
    /// All-pass: the two talon cards that lead the first two tricks (X2), e.g. "8H 7H" (with
    /// --hands; a record has its own).
    #[arg(long, conflicts_with = "record")]
    pub talon: Option<String>,
    /// The position that leads the first trick (P1: the eldest, 0; with --hands).
    #[arg(long, default_value_t = 0, conflicts_with = "record")]
    pub lead: u8,
    /// A game record to take the position from (with --hand and --action).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// 1-based hand number in the record.
    #[arg(long, default_value_t = 1, conflicts_with = "hands", allow_negative_numbers = true)]
    pub hand: u32,
    /// Number of actions of that hand to apply before solving (default: up to the first
    /// lead).
    #[arg(long, conflicts_with = "hands", allow_negative_numbers = true)]
    pub action: Option<usize>,
    /// Also print the principal variation.
    #[arg(long)]
    pub pv: bool,
    /// Transposition table size in MiB (1 to 4096).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    pub table_mib: u64,
    /// Instead of one position, the whole deal's table: each position as declarer in every
    /// strain and in misère (talon taken, best discard) and in all-pass. Needs a whole deal:
    /// --hands of ten cards each with --talon (the all-pass with the talon leading, X2), or
    /// --record with --hand (the all-pass as the record's rules play it).
    #[arg(long, conflicts_with_all = ["action", "pv", "contract", "declarer", "player", "lead"])]
    pub deal_table: bool,
}

/// `--hands`: three hands separated by '/' (or '|').
fn parse_hands(hands: &str) -> Result<[CardSet; 3]> {
    let parts: Vec<&str> = hands.split(['/', '|']).collect();
    if parts.len() != 3 {
        bail!("--hands needs three hands separated by '/', got {}", parts.len());
    }
    let mut hs = [CardSet::EMPTY; 3];
    for (i, p) in parts.iter().enumerate() {
        hs[i] = p.parse().with_context(|| format!("hand {i}"))?;
    }
    Ok(hs)
}

/// A position to solve, its objective, what to call its three hand positions, and a note on
/// the position (an offer waiting for its answer).
type Position = (PlayState, Objective, [String; 3], Option<String>);

fn state_from_deal(a: &SolveArgs, hands: &str) -> Result<Position> {
    let hs = parse_hands(hands)?;
    let player = a.player.unwrap_or(0);
    let declarer = a.declarer.unwrap_or(0);
    for (option, value) in [("--lead", a.lead), ("--declarer", declarer), ("--player", player)] {
        if value > 2 {
            bail!("{option} {value}: positions are 0, 1 or 2");
        }
    }
    let mut state = PlayState::first_lead(hs, None, None);
    state.to_play = a.lead;
    let objective = match a.contract.to_ascii_lowercase().as_str() {
        "allpass" | "all-pass" => {
            if a.declarer.is_some() {
                bail!("--declarer is for a contract: in all-pass, --player names whose tricks are sought");
            }
            if let Some(t) = &a.talon {
                let cards: Vec<Card> = t.split_whitespace().map(str::parse).collect::<Result<_, _>>()?;
                // X2: the talon cards lead the next tricks. A whole deal has two; a smaller
                // position may have one or two left (an endgame to study, as in the tests).
                if cards.is_empty() || cards.len() > 2 || (hs[0].len() == 10 && cards.len() != 2) {
                    bail!(
                        "--talon takes one or two talon cards, which lead the next tricks (X2); with ten-card hands both (got {})",
                        cards.len()
                    );
                }
                if cards.len() > hs[0].len() as usize {
                    bail!(
                        "--talon: {} talon cards lead the next tricks, but the hands hold {} (X2)",
                        cards.len(),
                        crate::describe::count(hs[0].len() as usize, "card")
                    );
                }
                if cards.len() == 2 && cards[0] == cards[1] {
                    bail!("talon card {} is given twice", cards[0]);
                }
                if a.lead != 0 {
                    bail!("with --talon the eldest (position 0) plays first to the talon card (X2): leave out --lead");
                }
                state.talon_leads = [cards.first().copied(), cards.get(1).copied()];
            }
            Objective::AllPass(player)
        }
        _ => {
            if a.talon.is_some() {
                bail!("--talon is for all-pass (X2): a contract's talon is not led");
            }
            if a.player.is_some() {
                bail!("--player is for all-pass: a contract's side is --declarer");
            }
            let bid: Bid = a.contract.parse().map_err(|_| {
                anyhow::anyhow!(
                    "--contract '{}': expected 6S … 10NT, misere, misere-nt or allpass",
                    a.contract
                )
            })?;
            state.contract = Some(bid);
            state.trump = bid.trump();
            state.declarer = Some(declarer);
            if bid.is_misere() {
                Objective::Misere(declarer)
            } else {
                Objective::Declarer(declarer)
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
    // X2: a whole all-pass deal is led by its talon's cards unless the talon is closed.
    let note = (state.contract.is_none() && a.talon.is_none() && hs[0].len() == 10).then(|| {
        "note: no --talon, so no talon card leads (a closed talon, as in Rostov); give the two \
         talon cards for X2's talon leads"
            .to_string()
    });
    Ok((
        state,
        objective,
        ["position 0", "position 1", "position 2"].map(String::from),
        note,
    ))
}

/// Hand `--hand` of the record at `path` as dealt, and its actions.
fn hand_from_record(
    a: &SolveArgs,
    path: &std::path::Path,
) -> Result<(RussianHand, Vec<(preferans::Seat, preferans::Action)>)> {
    let record = crate::read_record(path)?;
    // The whole record is checked first (the stored deals against the seed, every action).
    record.replay().with_context(|| crate::source_name(path))?;
    let index = (a.hand as usize).checked_sub(1).context("hands are numbered from 1")?;
    let Some(h) = record.hands.get(index) else {
        bail!(
            "the record has {}, no hand {}",
            crate::describe::count(record.hands.len(), "hand"),
            a.hand
        );
    };
    // Replay the earlier hands.
    let mut m = record.start()?;
    for (i, earlier) in record.hands[..index].iter().enumerate() {
        record.begin_hand(&mut m, i)?;
        for act in &earlier.actions {
            m.apply(act.seat, act.action)?;
        }
    }
    record.begin_hand(&mut m, index)?;
    let hand = m.current_hand().cloned().context("the match was over")?;
    Ok((hand, h.actions.iter().map(|x| (x.seat, x.action)).collect()))
}

fn state_from_record(a: &SolveArgs, path: &std::path::Path) -> Result<Position> {
    let (mut hand, actions) = hand_from_record(a, path)?;
    let labels = position_labels(&hand);
    let mut note = None;
    let state = match a.action {
        Some(upto) => {
            if upto > actions.len() {
                bail!("hand {} has {} actions, not {upto}", a.hand, actions.len());
            }
            for &(seat, action) in &actions[..upto] {
                hand.apply(seat, action)?;
            }
            // P3: the cards wait for an offer's answer; the position is the play's.
            if let Some(off) = hand.observation(preferans::Viewer::Spectator).offer {
                note = Some(format!(
                    "note: seat {}'s offer ({} of the {} left to its side) awaits an answer; \
                     this is the play if it is refused",
                    off.by,
                    off.tricks,
                    crate::describe::count(usize::from(off.remaining), "trick")
                ));
            }
            match hand.play_state() {
                Some(state) => state,
                None => bail!("{}", not_in_play(a, path, upto)?),
            }
        }
        // By default the first lead: the actions up to the card play.
        None => {
            let mut rest = actions.iter();
            loop {
                if let Some(state) = hand.play_state() {
                    break state;
                }
                let Some(&(seat, action)) = rest.next() else {
                    let how = hand
                        .outcome()
                        .map_or_else(|| "it is unfinished".to_string(), |o| o.summary());
                    bail!("hand {} has no card play: {how}", a.hand);
                };
                hand.apply(seat, action)?;
            }
        }
    };
    let objective = match (state.contract, a.player) {
        (Some(c), Some(_)) => bail!("hand {} is played in {c}: --player is for all-pass", a.hand),
        (Some(_), None) => Objective::of(&state),
        (None, None) => Objective::AllPass(state.to_play),
        (None, Some(seat)) if state.talon_can_win && seat == hand.dealer() => {
            bail!(
                "--player {seat}: in hand {} seat {seat} deals and plays only the talon's two cards (F3): the solver counts the tricks of a player with a hand",
                a.hand
            )
        }
        (None, Some(seat)) => {
            let p = (0..3u8)
                .find(|&p| hand.seat_of_position(usize::from(p)) == Some(seat))
                .with_context(|| format!("--player {seat}: seat {seat} does not play hand {}", a.hand))?;
            Objective::AllPass(p)
        }
    };
    Ok((state, objective, labels, note))
}

/// Why `--action upto` is not a card-play position, with the actions that are.
fn not_in_play(a: &SolveArgs, path: &std::path::Path, upto: usize) -> Result<String> {
    let (mut hand, actions) = hand_from_record(a, path)?;
    let mut play = Vec::new();
    for (i, &(seat, action)) in actions.iter().enumerate() {
        if hand.play_state().is_some() {
            play.push(i);
        }
        hand.apply(seat, action)?;
    }
    // An unfinished hand's last position is one too.
    if hand.play_state().is_some() {
        play.push(actions.len());
    }
    Ok(match (play.first(), play.last()) {
        (Some(first), Some(last)) => format!(
            "--action {upto} is not in hand {}'s card play: choose {first} to {last} (the number of the hand's actions before the position)",
            a.hand
        ),
        _ => format!("hand {} has no card play", a.hand),
    })
}

/// The deal, the start of an all-pass of it (as the record's rules play it; X2 for --hands),
/// and what to call each hand position, for `--deal-table`.
fn deal_of(a: &SolveArgs) -> Result<(Deal, Option<PlayState>, [String; 3])> {
    if let Some(hands) = &a.hands {
        let hs = parse_hands(hands)?;
        let talon: Vec<Card> = a
            .talon
            .as_deref()
            .context(
                "--deal-table with --hands needs the two talon cards: --talon \"8H 7H\" (the two cards no hand holds)",
            )?
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        let [t0, t1] = talon[..] else {
            bail!("--talon takes the two talon cards, got {}", talon.len());
        };
        let deal = Deal::new(hs, [t0, t1]).map_err(|e| anyhow::anyhow!("{e}"))?;
        return Ok((deal, Some(allpass_x2(&deal)), ["0 eldest", "1", "2"].map(String::from)));
    }
    let Some(path) = &a.record else {
        bail!("give a deal: --hands … --talon …, or --record FILE --hand N");
    };
    let (hand, _) = hand_from_record(a, path)?;
    Ok((*hand.deal(), hand.allpass_start(), position_labels(&hand)))
}

/// What to call a hand's positions in a record: by seat, the eldest (position 0, P1) said.
pub fn position_labels(hand: &RussianHand) -> [String; 3] {
    [0, 1, 2].map(|p| match hand.seat_of_position(p) {
        Some(seat) if p == 0 => format!("seat {seat} eldest"),
        Some(seat) => format!("seat {seat}"),
        None => "dummy".to_string(),
    })
}

/// A deal's table as text, its rows named by `labels` (`pref solve --deal-table`, `pref review
/// --deal-tables`).
pub fn deal_table_text(table: &DealTable, labels: &[String; 3]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "tricks as declarer (talon taken, best discard; the eldest leads), fewest in misère and all-pass"
    );
    let _ = writeln!(out, "{:<14}  ♠   ♣   ♦   ♥  NT  misère  all-pass", "position");
    let pair = |d: [Card; 2]| format!("{} {}", d[0].symbol_text(), d[1].symbol_text());
    for (pos, label) in labels.iter().enumerate() {
        let t = &table.tricks[pos];
        let allpass = table.allpass.map_or("—".to_string(), |a| a[pos].to_string());
        let _ = writeln!(
            out,
            "{label:<14}{:>3} {:>3} {:>3} {:>3} {:>3} {:>7} {allpass:>9}",
            t[0], t[1], t[2], t[3], t[4], table.misere[pos]
        );
    }
    let _ = writeln!(out, "best discards:");
    for (pos, label) in labels.iter().enumerate() {
        let d = &table.discards[pos];
        let _ = writeln!(
            out,
            "{label:<14}♠ {}  ♣ {}  ♦ {}  ♥ {}  NT {}  misère {}",
            pair(d[0]),
            pair(d[1]),
            pair(d[2]),
            pair(d[3]),
            pair(d[4]),
            pair(table.misere_discards[pos])
        );
    }
    if labels.iter().any(|l| l == "dummy") {
        let _ = writeln!(
            out,
            "Hussar: the dummy never declares (H1): its row is for interest only; an all-pass is thrown in (H3)"
        );
    }
    out
}

/// `pref solve --deal-table`: the table as text.
fn run_deal_table(a: &SolveArgs) -> Result<String> {
    let (deal, allpass, labels) = deal_of(a)?;
    let mut solver = Solver::with_table_bytes(table_bytes(a.table_mib));
    let t = Instant::now();
    let table = deal_table(&deal, allpass.as_ref(), &mut solver).map_err(|e| anyhow::anyhow!("{e}"))?;
    let elapsed = t.elapsed();
    let mut out = deal_table_text(&table, &labels);
    let _ = writeln!(out, "time {:.1} ms, nodes {}", elapsed.as_secs_f64() * 1e3, table.nodes);
    Ok(out)
}

/// Runs `pref solve` and returns the report.
pub fn run(a: &SolveArgs) -> Result<String> {
    if a.deal_table {
        return run_deal_table(a);
    }
    let (state, objective, labels, note) = match (&a.hands, &a.record) {
        (Some(h), _) => state_from_deal(a, h)?,
        (None, Some(r)) => state_from_record(a, r)?,
        (None, None) => bail!("give a position: --hands … or --record FILE"),
    };
    let mut solver = Solver::with_table_bytes(table_bytes(a.table_mib));
    let t = Instant::now();
    let solution = solver.solve(&state, objective).map_err(|e| anyhow::anyhow!("{e}"))?;
    let elapsed = t.elapsed();
    let values = solver
        .card_values(&state, objective)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut out = String::new();
    if let Some(note) = note {
        let _ = writeln!(out, "{note}");
    }
    let (who, what) = match objective {
        Objective::Declarer(p) => (p, "declarer's tricks with best defence"),
        Objective::Misere(p) => (p, "misère declarer's tricks with best defence"),
        Objective::AllPass(p) => (p, "player's tricks, the other two against him"),
    };
    let name = |p: u8| labels[usize::from(p)].replace(" eldest", " (eldest)");
    let _ = writeln!(out, "{}", position_text(&state, &name));
    // A record's position mid-hand counts the whole hand's tricks, those already taken
    // included; a smaller deal by hand counts the tricks left (the earlier ones are unknown).
    let known_so_far = state.tricks.iter().any(|&t| t > 0);
    let so_far = if known_so_far {
        "; tricks of the whole hand, those taken so far included".to_string()
    } else if state.tricks_done > 0 {
        format!(
            "; of the {} left",
            crate::describe::count(usize::from(10 - state.tricks_done), "trick")
        )
    } else {
        String::new()
    };
    let _ = writeln!(out, "result: {} ({what}: {}{so_far})", solution.tricks, name(who));
    let _ = writeln!(
        out,
        "to play: {}; legal cards {} (each card's value: {}'s tricks after it)",
        name(state.to_play),
        legal_now(&state)
            .iter()
            .map(|c| c.symbol_text())
            .collect::<Vec<_>>()
            .join(" "),
        name(who)
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
        "time {:.3} ms, nodes {} (the result; {:.3} ms in all, with each card's value{})",
        elapsed.as_secs_f64() * 1e3,
        solution.nodes,
        t.elapsed().as_secs_f64() * 1e3,
        if a.pv { " and the principal variation" } else { "" }
    );
    Ok(out)
}

/// The position in words: the contract and its declarer (or all-pass), the tricks taken so
/// far, the trick on the table (a talon card leading it, X2) and talon cards still to lead.
fn position_text(state: &PlayState, name: &dyn Fn(u8) -> String) -> String {
    let owner = |o: preferans::trick::Owner| match o {
        0..=2 => name(o),
        preferans::trick::TALON_OWNER => "talon".to_string(),
        _ => "dealer".to_string(),
    };
    let mut s = match (state.contract, state.declarer) {
        (Some(c), Some(d)) => format!("contract: {} by {}", c.symbol_text(), name(d)),
        _ => "contract: none, all-pass".to_string(),
    };
    if state.tricks.iter().any(|&t| t > 0) {
        let mut taken: Vec<String> = (0..3u8)
            .map(|p| format!("{} {}", name(p), state.tricks[usize::from(p)]))
            .collect();
        if state.tricks[3] > 0 {
            taken.push(format!("the dealer (talon) {}", state.tricks[3]));
        }
        s += &format!(
            "; after {}: {}",
            crate::describe::count(usize::from(state.tricks_done), "trick"),
            taken.join(", ")
        );
    }
    if !state.trick.is_empty() {
        let cards: Vec<String> = state
            .trick
            .cards()
            .map(|(o, c)| format!("{} {}", owner(o), c.symbol_text()))
            .collect();
        s += &format!("; trick so far: {}", cards.join(", "));
    }
    let to_lead: Vec<String> = state.talon_leads.iter().flatten().map(|c| c.symbol_text()).collect();
    if !to_lead.is_empty() && state.talon_can_win {
        // F3 `dealer_allpass_talon`: the dealer's leads, which may win their tricks.
        s += &format!(
            "; the dealer's talon cards to lead the next tricks (F3): {}",
            to_lead.join(" ")
        );
    } else if !to_lead.is_empty() {
        s += &format!("; talon cards to lead the next tricks (X2): {}", to_lead.join(" "));
    }
    s
}

/// `--table-mib` in bytes (clap keeps it within 1..=4096).
fn table_bytes(mib: u64) -> usize {
    usize::try_from(mib.clamp(1, 4096) << 20).unwrap_or(64 << 20)
}
