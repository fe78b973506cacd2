//! Hints: for an observation, the legal actions ranked, each with an estimated value and a
//! short reason, for the terminal and browser UIs. Card play uses the expert's Monte Carlo
//! double-dummy averages; bids, whist calls and contracts the expert's simulation (mean whists
//! for this seat, scored under the table's rules, Hussar's dummy included: H1, H2); discards
//! the same simulation for the best few pairs; misère bids of hands with more than two holes
//! the count of holes.

use preferans::observation::{Holder, Observation};
use preferans::rules::TenTrick;
use preferans::russian::PhaseKind;
use preferans::scoring::whist_quota;
use preferans::{Action, Bid, Strain};
use preferans_solver::Objective;

use crate::heuristic::{defence_tricks, estimate_tricks, misere_danger, misere_holes, my_hand, TALON_BONUS};
use crate::{Bot, ExpertBot, HeuristicBot};

/// One ranked suggestion.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The action.
    pub action: Action,
    /// Its estimated value (higher is better for the player asking).
    pub value: f64,
    /// Why, in a few words.
    pub reason: String,
}

/// A pass once someone has bid: out of the auction, counted as 0 whists; the bids beside it
/// are valued by what declaring would score.
const PASS_BASELINE: &str = "counted as 0: you leave the auction (the bids are valued by what declaring scores)";

fn strain_name(s: Strain) -> &'static str {
    ["spades", "clubs", "diamonds", "hearts", "no trumps"][s as usize]
}

/// Two simulated choices as hints: each value in whists, with what `first` means, or the other.
fn two_choices(values: Vec<(Action, f64)>, first: Action, first_why: &str, other_why: &str) -> Vec<Hint> {
    values
        .into_iter()
        .map(|(action, v)| Hint {
            action,
            value: v,
            reason: format!(
                "{v:+.1} whists on average {}",
                if action == first { first_why } else { other_why }
            ),
        })
        .collect()
}

/// Bids, whist calls and contracts valued by the expert's simulation (mean whists for this
/// seat, scored under the table's rules), when it has a model for them.
fn simulated_hints(o: &Observation, expert: &mut ExpertBot) -> Option<Vec<Hint>> {
    let me = o.seat?;
    // No "-0.0": a mean that rounds to nothing is 0.0.
    let whists = |v: f64| format!("{:+.1} whists on average", if v.abs() < 0.05 { 0.0 } else { v });
    match o.phase {
        PhaseKind::Whist => {
            let values = expert.whist_values(o)?;
            // As the expert calls (`whist_by_simulation`): with the half-whist open, a lone
            // whist comes last, its simulated value still shown.
            let lowest = values.iter().map(|v| v.1).fold(f64::MAX, f64::min);
            Some(
                values
                    .iter()
                    .map(|&(a, v)| {
                        let alone = crate::expert_sim::lone_whist_barred(&values, a);
                        Hint {
                            action: a,
                            value: if alone { lowest - 1.0 } else { v },
                            reason: if alone {
                                format!(
                                    "{} (simulated deals, scored), but a lone whist fares worse in real play \
                                     than on these double-dummy deals (measured): the half-whist is safer",
                                    whists(v)
                                )
                            } else {
                                format!("{} (simulated deals, scored)", whists(v))
                            },
                        }
                    })
                    .collect(),
            )
        }
        // F3 `talon_push`: as the expert decides (`talon_values`).
        PhaseKind::TalonChoice => Some(two_choices(
            expert.talon_values(o)?.to_vec(),
            Action::PushTalon,
            "with the best contract on your ten cards (simulated deals, scored; the dealer's \
             mountain point included)",
            "with the best discard and contract (simulated deals, scored)",
        )),
        // F3: the dealer who looked, as the expert decides (`expert_dealer.rs`).
        PhaseKind::DealerWhist => Some(two_choices(
            expert.dealer_whist_values(o)?,
            Action::Whist,
            "(simulated deals, scored): you play both defence hands open; their whists and the \
             responsibility become yours",
            "(simulated deals, scored): the contract is scored unplayed",
        )),
        PhaseKind::Declare | PhaseKind::Auction => {
            let my_pos = o.hands.iter().position(|h| h.holder == Holder::Seat(me))?;
            let mut pass_value = None;
            let mut misere_value = None;
            let means = if o.phase == PhaseKind::Auction {
                let samples = expert.own_bid_samples(o);
                pass_value = expert.pass_value(o, my_pos, &samples);
                // As the expert weighs a misère: simulated for a hand with few holes.
                if misere_holes(my_hand(o)) <= crate::expert_misere::MISERE_HOLES_WEIGHED
                    && o.legal_actions.contains(&Action::Bid(Bid::Misere))
                {
                    misere_value = expert.misere_mean(o, my_pos, &samples);
                }
                expert.contract_means(o, my_pos, &samples)?
            } else {
                // As the expert declares: on the deals its discard weighed (`declare_values`).
                expert.declare_values(o)?
            };
            let mut out = Vec::new();
            let mut unsimulated = Vec::new();
            // Each best contract's lowest bid (the legal bids come in the ladder's order).
            let mut lowest_bid_for: Vec<(Bid, Bid)> = Vec::new();
            for a in &o.legal_actions {
                match a {
                    Action::Pass => out.push(match pass_value {
                        // As the expert bids: the all-pass where everyone else would pass too.
                        Some(v) => Hint {
                            action: *a,
                            value: v,
                            reason: if o.history.iter().filter(|(_, a)| *a == Some(Action::Pass)).count() + 1
                                >= usize::from(o.players.min(3))
                            {
                                // Everyone else has passed: this pass makes the all-pass.
                                format!("{} (the all-pass: the others have passed; simulated)", whists(v))
                            } else {
                                format!("{} (the all-pass if the others pass too; simulated)", whists(v))
                            },
                        },
                        None => Hint {
                            action: *a,
                            value: 0.0,
                            reason: if o.players == 2 && o.highest_bid.is_none() {
                                // H3: the other has passed; a second pass throws the hand in.
                                "0: the hand is thrown in, nobody scores (H3)".into()
                            } else {
                                PASS_BASELINE.into()
                            },
                        },
                    }),
                    Action::Bid(b @ Bid::Tricks { .. }) => {
                        // A bid is worth the best contract at or above it.
                        if let Some((best, v)) = means
                            .iter()
                            .filter(|(c, _)| c.ladder() >= b.ladder())
                            .max_by(|x, y| x.1.total_cmp(&y.1))
                        {
                            let plan = format!(
                                "{} if this bid wins the auction and you then name {} as the contract (simulated deals, scored)",
                                whists(*v),
                                best.symbol_text()
                            );
                            // Bids that aim at the same contract as a lower one say so: the
                            // lower bid (listed first) does the same with more room.
                            let reason = match lowest_bid_for.iter().find(|(c, _)| c == best) {
                                Some((_, lower)) => format!("the same as {}: {plan}", lower.symbol_text()),
                                None => {
                                    lowest_bid_for.push((*best, *b));
                                    plan
                                }
                            };
                            out.push(Hint {
                                action: *a,
                                value: *v,
                                reason,
                            });
                        }
                    }
                    Action::Declare(b @ Bid::Tricks { .. }) => {
                        if let Some((_, v)) = means.iter().find(|(c, _)| c == b) {
                            out.push(Hint {
                                action: *a,
                                // Of equal means the higher contract first, as the expert
                                // declares (the last best of the ladder's order).
                                value: *v + f64::from(b.ladder()) * 1e-9,
                                reason: format!("{} (simulated deals, scored)", whists(*v)),
                            });
                        }
                    }
                    // The simulation plays a misère with the talon; a misère without it
                    // (P4) keeps the heuristic's count below.
                    Action::Bid(Bid::Misere) if misere_value.is_some() => {
                        let v = misere_value.unwrap_or_default();
                        out.push(Hint {
                            action: *a,
                            value: v,
                            reason: format!("{} declaring misère (simulated deals, scored)", whists(v)),
                        });
                    }
                    Action::Bid(b) | Action::Declare(b) if b.is_misere() => {
                        // Not simulated (too many holes to be worth it): the count of cards
                        // the others can force on him, on the same scale.
                        let d = misere_holes(my_hand(o));
                        unsimulated.push(Hint {
                            action: *a,
                            value: -f64::from(d),
                            reason: format!(
                                "{d} card{} the others can force on you in a misère (not simulated)",
                                if d == 1 { "" } else { "s" }
                            ),
                        });
                    }
                    _ => {}
                }
            }
            // A count of cards is no value in whists: an unsimulated misère ranks after every
            // simulated choice (the fewer cards too high, the higher), and anything unvalued
            // comes after it (`finish`).
            let floor = out.iter().map(|h| h.value).fold(0.0, f64::min) - 1.0;
            out.extend(unsimulated.into_iter().map(|h| Hint {
                value: floor + h.value,
                ..h
            }));
            Some(out).filter(|o| !o.is_empty())
        }
        PhaseKind::Discard => {
            // The heuristic's best few pairs, each worth the best contract it leaves (the
            // rest of the 66 come after them, unvalued); before a misère, each pair's misère
            // played double-dummy on sampled deals.
            let (_, highest) = o.highest_bid?;
            if highest.is_misere() {
                let means = expert.misere_discard_means(o)?;
                return Some(
                    means
                        .into_iter()
                        .map(|((a, b), v)| Hint {
                            action: Action::Discard(a, b),
                            value: v,
                            reason: format!("{} playing the misère (simulated deals, scored)", whists(v)),
                        })
                        .collect(),
                );
            }
            // As the expert discards: the same candidates and deals (`discard_values`).
            let (pairs, by_contract) = expert.discard_values(o, me, highest)?;
            let out: Vec<Hint> = pairs
                .iter()
                .enumerate()
                .filter_map(|(i, (a, b))| {
                    let (best, v) = by_contract
                        .iter()
                        .filter(|((j, _), _)| *j == i)
                        .map(|((_, c), v)| (*c, *v))
                        .max_by(|x, y| x.1.total_cmp(&y.1))?;
                    Some(Hint {
                        action: Action::Discard(*a, *b),
                        value: v,
                        reason: format!(
                            "{} declaring {} (simulated deals, scored)",
                            whists(v),
                            best.symbol_text()
                        ),
                    })
                })
                .collect();
            Some(out).filter(|o| !o.is_empty())
        }
        _ => None,
    }
}

/// The legal actions of `o`, best first. Empty when the observer is not to move.
pub fn hints(o: &Observation, expert: &mut ExpertBot) -> Vec<Hint> {
    let legal = &o.legal_actions;
    if legal.is_empty() {
        return Vec::new();
    }
    if let [only] = legal.as_slice() {
        // A forced move (the misère declared after a misère bid, a single card): nothing to weigh.
        let reason = if matches!(only, Action::Play(_)) {
            "the only card"
        } else {
            "the only choice"
        };
        return vec![Hint {
            action: *only,
            value: 0.0,
            reason: reason.into(),
        }];
    }
    let hand = my_hand(o);
    let offers = legal.iter().any(|a| matches!(a, Action::Offer(_)));
    expert.begin_decision(o);
    if let Some(simulated) = simulated_hints(o, expert) {
        return finish(o, simulated);
    }
    let out: Vec<Hint> = match o.phase {
        // With offers to make (P3), a single card is weighed too: the offers are valued by it.
        PhaseKind::Play if o.offer.is_none() => match expert.card_scores_from(o, if offers { 1 } else { 2 }) {
            Some(scores) => {
                let mine = o.seat.is_some() && o.seat == o.declarer;
                let whose = match scores.objective {
                    Objective::Declarer(_) if mine => "your tricks",
                    Objective::Declarer(_) => "the declarer's tricks",
                    Objective::Misere(_) if mine => "tricks you take",
                    Objective::Misere(_) => "tricks the misère declarer takes",
                    Objective::AllPass(_) => "your all-pass tricks",
                };
                let mut out: Vec<Hint> = scores
                    .cards
                    .iter()
                    .map(|(c, v)| Hint {
                        action: Action::Play(*c),
                        value: if scores.want_high { *v } else { -*v },
                        reason: if scores.exact {
                            format!("{whose}: {v:.0} (every card known: exact double-dummy)")
                        } else {
                            format!("{v:.1} {whose} on average (double-dummy over sampled deals)")
                        },
                    })
                    .collect();
                let below = out.iter().map(|h| h.value - 1.0).fold(-100.0, f64::min);
                out.extend(offer::make_hints(o, &scores, below));
                out
            }
            // One card to play (offers aside): nothing to weigh.
            None => legal
                .iter()
                .map(|a| match a {
                    Action::Offer(n) => Hint {
                        action: *a,
                        value: -1.0 - f64::from(*n) / 100.0,
                        reason: format!("offer that your side takes {n} of the tricks left (not weighed)"),
                    },
                    _ => Hint {
                        action: *a,
                        value: 0.0,
                        reason: "the only card".into(),
                    },
                })
                .collect(),
        },
        PhaseKind::Auction | PhaseKind::Declare => legal
            .iter()
            .map(|a| match a {
                Action::Bid(Bid::Tricks { level, strain }) | Action::Declare(Bid::Tricks { level, strain }) => {
                    let est = estimate_tricks(hand, strain.trump())
                        + if o.phase == PhaseKind::Auction {
                            TALON_BONUS
                        } else {
                            0.0
                        };
                    Hint {
                        action: *a,
                        value: f64::from(est - f32::from(*level)),
                        reason: format!("about {est:.1} tricks with {} (needs {level})", strain_name(*strain)),
                    }
                }
                Action::Bid(b) | Action::Declare(b) if b.is_misere() => {
                    let d = misere_danger(hand);
                    Hint {
                        action: *a,
                        value: if d == 0 { 1.0 } else { -f64::from(d) },
                        reason: format!("{d} card{} too high for a misère", if d == 1 { "" } else { "s" }),
                    }
                }
                _ => Hint {
                    action: *a,
                    value: -0.25,
                    reason: "pass".into(),
                },
            })
            .collect(),
        PhaseKind::Whist => {
            let trump = o.contract.and_then(Bid::trump);
            let d = f64::from(defence_tricks(hand, trump));
            // W3's quota, from the scorer (a contract reaching a whist round is whisted, W6).
            let quota = o.contract.map_or(1, |c| whist_quota(c, TenTrick::Whisted));
            legal
                .iter()
                .map(|a| {
                    let (value, why) = match a {
                        Action::Whist => (d - f64::from(quota) / 2.0, "whist"),
                        Action::HalfWhist => ((d - f64::from(quota) / 2.0) * 0.5, "half-whist"),
                        _ => (0.0, "pass"),
                    };
                    Hint {
                        action: *a,
                        value,
                        reason: format!("{why}: about {d:.1} defensive tricks, quota {quota}"),
                    }
                })
                .collect()
        }
        // F3: the 4-player dealer after both defenders passed: looking costs nothing; he
        // whists when the hand he saw has the defence a lone whister wants (the heuristic's
        // rule, `whist_call`).
        PhaseKind::DealerWhist => {
            let trump = o.contract.and_then(Bid::trump);
            let seen = o
                .hands
                .iter()
                .filter(|h| h.holder != Holder::Seat(o.dealer) && Some(h.holder) != o.declarer.map(Holder::Seat))
                .find_map(|h| h.cards);
            legal
                .iter()
                .map(|a| match a {
                    Action::Look(_) => Hint {
                        action: *a,
                        value: 0.5,
                        reason: "look first: it costs nothing, and you whist or pass after seeing the hand".into(),
                    },
                    Action::Whist => {
                        let d = seen.map_or(0.0, |h| f64::from(defence_tricks(h, trump)));
                        let need = f64::from(crate::heuristic::whist_need(o.contract));
                        Hint {
                            action: *a,
                            value: d - need,
                            reason: format!(
                                "whist for both passers: about {d:.1} defensive tricks in the hand you saw, \
                                 {need:.1} wanted; their whists and the responsibility become yours"
                            ),
                        }
                    }
                    _ => Hint {
                        action: *a,
                        value: 0.0,
                        reason: "pass: the contract is scored unplayed, nothing written for you".into(),
                    },
                })
                .collect()
        }
        // W4: as the expert chooses (`defends_open` in expert.rs, measured there).
        PhaseKind::DefenceChoice => legal
            .iter()
            .map(|a| match a {
                Action::Open => Hint {
                    action: *a,
                    value: 1.0,
                    reason: "open: you play both defence hands seeing both; the declarer sees them too, \
                             but that helps him less"
                        .into(),
                },
                _ => Hint {
                    action: *a,
                    value: 0.0,
                    reason: "closed: each defender plays his own hand unseen".into(),
                },
            })
            .collect(),
        // P3: answering an offer, as the expert weighs it (`expert_offer.rs`).
        PhaseKind::Play => match expert.weigh_offer(o) {
            Some(w) => offer::answer_hints(&w, legal),
            None => heuristic_pick(o, legal),
        },
        _ => heuristic_pick(o, legal),
    };
    finish(o, out)
}

/// The heuristic's choice first, where nothing weighs the choices.
fn heuristic_pick(o: &Observation, legal: &[Action]) -> Vec<Hint> {
    let pick = HeuristicBot::new().choose(o);
    legal
        .iter()
        .map(|a| Hint {
            action: *a,
            value: if Some(*a) == pick { 1.0 } else { 0.0 },
            // The page marks the first hint "recommended" itself.
            reason: if Some(*a) == pick {
                "the simple bot's choice (not weighed)".into()
            } else {
                "not weighed".into()
            },
        })
        .collect()
}

/// Ranks `out` and appends what it did not cover.
fn finish(o: &Observation, mut out: Vec<Hint>) -> Vec<Hint> {
    // Offers (P3) and other actions the ranking above did not cover come after every valued
    // one: valued −100, or below the lowest value (a hopeless misère's are far under −100).
    let unvalued = out.iter().map(|h| h.value - 1.0).fold(-100.0, f64::min);
    for a in &o.legal_actions {
        if !out.iter().any(|h| h.action == *a) {
            let reason = match a {
                Action::Offer(n) => format!("offer that your side takes {n} of the tricks left (not weighed)"),
                // Saying the action again told nothing (a browser review saw "discard 8♠ 9♣ —
                // discard 8♠ 9♣").
                Action::Discard(..) => "not weighed: the simulation weighs only the discards that look best".into(),
                Action::Declare(Bid::Tricks { .. }) => {
                    "not weighed: the simulation weighs the strains near your hand's best".into()
                }
                _ => "not weighed".into(),
            };
            out.push(Hint {
                action: *a,
                value: unvalued,
                reason,
            });
        }
    }
    out.sort_by(|a, b| b.value.total_cmp(&a.value));
    out
}

#[path = "hints_offer.rs"]
mod offer;
pub use offer::shortlist;

#[cfg(test)]
#[path = "hints_tests.rs"]
mod tests;
