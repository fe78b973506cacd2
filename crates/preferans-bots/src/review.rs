//! Post-game review of card play: with every hand known (from the record), the double-dummy
//! solver values each legal card of every card decision; a card whose value is worse than the
//! best by at least the threshold is a mistake, measured in tricks.

use preferans::observation::Holder;
use preferans::record::{ActionRecord, Record};
use preferans::{Action, Card, HandState, Match, Seat, Viewer};
use preferans_solver::Solver;

/// A card decision that cost tricks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// 1-based hand number.
    pub hand: u32,
    /// 0-based action index in the hand.
    pub index: usize,
    /// 1-based number of the trick the card was played to.
    pub trick: u8,
    /// Who played it.
    pub seat: Seat,
    /// The hand it came from: the player's own, or one he plays for (the passer's open hand
    /// the whister plays, W4; the Hussar dummy, H1).
    pub from: Holder,
    /// The card played.
    pub played: Card,
    /// The best cards.
    pub best: Vec<Card>,
    /// Tricks lost for the player's side by this card, double-dummy.
    pub cost: u8,
    /// An all-pass card (X1): each player takes as few tricks as he can for himself, and the
    /// solver counts the player's tricks against the two others playing together, which can
    /// overstate what a card cost (a seasoned player's review of the expert's play).
    pub all_pass: bool,
}

/// Replays a (valid) record action by action, calling `visit` with the match just before
/// each action, the 1-based hand number and the action's index in its hand; `progress` hears
/// of each hand started (and of the end).
///
/// # Errors
/// When the record does not replay, or `visit` fails.
pub(crate) fn walk_record(
    record: &Record,
    mut progress: impl FnMut(usize, usize),
    mut visit: impl FnMut(&Match, u32, usize, &ActionRecord) -> Result<(), String>,
) -> Result<(), String> {
    record.replay().map_err(|e| e.to_string())?;
    let mut m = record.start().map_err(|e| e.to_string())?;
    for (hi, h) in record.hands.iter().enumerate() {
        progress(hi, record.hands.len());
        record.begin_hand(&mut m, hi).map_err(|e| e.to_string())?;
        for (index, a) in h.actions.iter().enumerate() {
            visit(&m, h.number, index, a)?;
            m.apply(a.seat, a.action).map_err(|e| e.to_string())?;
        }
    }
    progress(record.hands.len(), record.hands.len());
    Ok(())
}

/// Reviews every card decision of every hand of a (valid) record.
///
/// # Errors
/// When the record does not replay.
pub fn review(record: &Record, threshold: u8, progress: impl FnMut(usize, usize)) -> Result<Vec<Mistake>, String> {
    let mut all = card_decisions(record, None, progress)?;
    all.retain(|m| m.cost >= threshold.max(1));
    Ok(all)
}

/// Reviews the card decisions of hand `hand` (1-based) of a (valid) record: every one of
/// them, a best card with cost 0.
///
/// # Errors
/// When the record does not replay.
pub fn review_hand(record: &Record, hand: u32) -> Result<Vec<Mistake>, String> {
    card_decisions(record, Some(hand), |_, _| {})
}

/// Every card decision of the record (or of hand `only`) with what it cost.
fn card_decisions(
    record: &Record,
    only: Option<u32>,
    progress: impl FnMut(usize, usize),
) -> Result<Vec<Mistake>, String> {
    let mut solver = Solver::with_table_bytes(32 << 20);
    let mut out = Vec::new();
    walk_record(record, progress, |m, hand, index, a| {
        let Action::Play(card) = a.action else { return Ok(()) };
        if only.is_some_and(|n| n != hand) {
            return Ok(());
        }
        let Some(current) = m.current_hand() else { return Ok(()) };
        let Some(analysis) = crate::analysis::analyse(current, &mut solver).map_err(|e| e.to_string())? else {
            return Ok(());
        };
        let trick = current.play_state().map_or(0, |s| s.tricks_done + 1);
        let seen = current.observation(Viewer::Spectator);
        let from = seen
            .to_play
            .and_then(|p| seen.hands.get(usize::from(p)))
            .map_or(Holder::Seat(a.seat), |h| h.holder);
        if let Some(cost) = analysis.cost(card) {
            out.push(Mistake {
                hand,
                index,
                trick,
                seat: a.seat,
                from,
                played: card,
                best: analysis.best_cards(),
                cost,
                all_pass: seen.contract.is_none(),
            });
        }
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::{bot_by_name, Bot};
    use preferans::record::PlayerRecord;
    use preferans::{HandState, Rules, Viewer};

    /// For each seed, the first hand of a Sochi match played by heuristic bots up to its
    /// declarer's discard in a trick contract: the seed, the match there and the declarer's
    /// observation (seeds whose hand has no such discard are skipped).
    pub(crate) fn trick_contract_discards(seeds: std::ops::Range<u64>) -> Vec<(u64, Match, preferans::Observation)> {
        let mut bot = crate::HeuristicBot::new();
        let mut out = Vec::new();
        for seed in seeds {
            let mut m = Match::new(Rules::sochi(), seed, 0, Some(1));
            while let Some(h) = m.current_hand() {
                let seat = h.to_move().unwrap();
                let o = h.observation(Viewer::Seat(seat));
                if o.phase == preferans::russian::PhaseKind::Discard && !o.highest_bid.unwrap().1.is_misere() {
                    out.push((seed, m, o));
                    break;
                }
                m.apply(seat, bot.choose(&o).unwrap()).unwrap();
            }
        }
        out
    }

    /// A Sochi record of `hands` hands played by three bots of `kind`.
    pub(crate) fn record_of(kind: &str, seed: u64, hands: u32) -> Record {
        let mut m = Match::new(Rules::sochi(), seed, 0, Some(hands));
        let mut bots: Vec<Box<dyn Bot + Send>> = (0..3).map(|s| bot_by_name(kind, s).unwrap()).collect();
        while let Some(h) = m.current_hand() {
            let seat = h.to_move().unwrap();
            let a = bots[seat as usize].choose(&h.observation(Viewer::Seat(seat))).unwrap();
            m.apply(seat, a).unwrap();
        }
        record_of_match(&m, kind)
    }

    /// The record of a three-player match `m` whose seats are all bots of `kind`.
    pub(crate) fn record_of_match(m: &Match, kind: &str) -> Record {
        let players = (0..3)
            .map(|s| PlayerRecord {
                name: format!("p{s}"),
                kind: kind.into(),
            })
            .collect();
        Record::from_match(m, players)
    }

    #[test]
    fn random_play_is_caught_and_each_mistake_is_real() {
        let record = record_of("random", 21, 4);
        let mut calls = 0;
        let mistakes = review(&record, 1, |_, _| calls += 1).unwrap();
        assert!(calls > 0);
        assert!(!mistakes.is_empty(), "random play makes double-dummy mistakes");
        for x in &mistakes {
            assert!(x.cost >= 1 && !x.best.contains(&x.played), "{x:?}");
        }
        // A higher threshold reports fewer.
        assert!(review(&record, 2, |_, _| {}).unwrap().len() <= mistakes.len());
        // Hand by hand: every card decision, the mistakes among them.
        let mut again = Vec::new();
        for hand in 1..=4 {
            let decisions = review_hand(&record, hand).unwrap();
            assert!(decisions.iter().all(|d| d.hand == hand && (1..=10).contains(&d.trick)));
            // A trick has three cards.
            for t in 1..=10 {
                assert!(decisions.iter().filter(|d| d.trick == t).count() <= 3);
            }
            again.extend(decisions.into_iter().filter(|d| d.cost >= 1));
        }
        assert_eq!(again, mistakes);
    }

    #[test]
    fn w4_a_card_from_the_passer_s_open_hand_names_that_hand() {
        // Heuristic play, with every defence open: in a whist-and-pass hand the whister plays
        // the passer's cards. Every decision's `from` is the hand that was dealt the card (the
        // declarer's may have come with the talon).
        let mut others = 0;
        for seed in 0..10 {
            let mut m = Match::new(Rules::sochi(), seed, 0, Some(4));
            let mut bot = crate::HeuristicBot::new();
            while let Some(h) = m.current_hand() {
                let seat = h.to_move().unwrap();
                let o = h.observation(Viewer::Seat(seat));
                let a = if o.legal_actions.contains(&Action::Open) {
                    Action::Open
                } else {
                    bot.choose(&o).unwrap()
                };
                m.apply(seat, a).unwrap();
            }
            let record = record_of_match(&m, "heuristic");
            for (i, h) in record.hands.iter().enumerate() {
                for d in review_hand(&record, i as u32 + 1).unwrap() {
                    let Holder::Seat(s) = d.from else {
                        panic!("a 3-player hand has no dummy: {d:?}")
                    };
                    let talon = match h.outcome {
                        Some(preferans::HandOutcome::Contract(c)) if c.declarer == s => {
                            preferans::CardSet::from_iter(h.deal.talon)
                        }
                        _ => preferans::CardSet::EMPTY,
                    };
                    assert!((h.deal.hands[usize::from(s)] | talon).contains(d.played), "{d:?}");
                    others += usize::from(s != d.seat);
                }
            }
        }
        assert!(others > 0, "some card was played from the passer's open hand");
    }
}
