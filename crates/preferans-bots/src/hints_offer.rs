//! Hints about offers (P3): answering one as the expert weighs it, making one near what the
//! card play is worth, and a short list that an offer of every size cannot crowd.

use preferans::observation::Observation;
use preferans::Action;
use preferans_solver::Objective;

use super::Hint;
use crate::expert::CardScores;
use crate::expert_offer::OfferWeighed;

/// Accepting or refusing an offer: each worth the declarer's tricks it leads to, seen from
/// the answerer's side; a tie accepts, as the expert does.
pub(super) fn answer_hints(w: &OfferWeighed, legal: &[Action]) -> Vec<Hint> {
    let sign = if w.more_is_better { 1.0 } else { -1.0 };
    let played_on = if w.exact {
        format!("{:.0} (every card known: exact double-dummy)", w.played_on)
    } else {
        format!("{:.1} on average (double-dummy over sampled deals)", w.played_on)
    };
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Accept => Some(Hint {
                action: *a,
                // A hair above an equal refusal: the tie goes to accepting.
                value: sign * w.settled + 1e-6,
                reason: format!("the declarer's tricks settle at {:.0} as offered", w.settled),
            }),
            Action::Refuse => Some(Hint {
                action: *a,
                value: sign * w.played_on,
                reason: format!("play on: the declarer's tricks {played_on}"),
            }),
            _ => None,
        })
        .collect()
}

/// The offers of the mover's side, ranked after every card: the one nearest to what his side
/// takes playing on (the best card's count) first.
pub(super) fn make_hints(o: &Observation, scores: &CardScores, below: f64) -> Vec<Hint> {
    let remaining = preferans::observation::offer_remaining(o.tricks_done);
    let declarer_side = scores.want_high == matches!(scores.objective, Objective::Declarer(_));
    let best = scores
        .cards
        .iter()
        .map(|c| c.1)
        .reduce(if scores.want_high { f64::max } else { f64::min });
    // The declarer's tricks still to come, then the mover's side's.
    let target = match scores.objective {
        Objective::Declarer(p) | Objective::Misere(p) | Objective::AllPass(p) => usize::from(p),
    };
    let expected = best.zip(o.hands.get(target)).map(|(b, h)| {
        let declarer_future = (b - f64::from(h.tricks)).clamp(0.0, f64::from(remaining));
        if declarer_side {
            declarer_future
        } else {
            f64::from(remaining) - declarer_future
        }
    });
    o.legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::Offer(n) => {
                let miss = expected.map_or(f64::from(*n), |e| (f64::from(*n) - e).abs());
                let left = format!("{remaining} trick{} left", if remaining == 1 { "" } else { "s" });
                let reason = match expected {
                    // The nearest offer (either one, halfway between two).
                    Some(e) if miss <= 0.5 => format!(
                        "offer that your side takes {n} of the {left}: about what playing on gives it \
                         ({e:.1}); the others may refuse"
                    ),
                    _ => format!("offer that your side takes {n} of the {left}"),
                };
                Some(Hint {
                    action: *a,
                    value: below - miss / 100.0,
                    reason,
                })
            }
            _ => None,
        })
        .collect()
}

/// The first `n` hints, with at most one offer among them (an offer of every size would
/// otherwise fill the list when few cards are legal).
pub fn shortlist(hints: &[Hint], n: usize) -> Vec<Hint> {
    let mut offer_seen = false;
    hints
        .iter()
        .filter(|h| {
            let offer = matches!(h.action, Action::Offer(_));
            let keep = !(offer && offer_seen);
            offer_seen |= offer;
            keep
        })
        .take(n)
        .cloned()
        .collect()
}
