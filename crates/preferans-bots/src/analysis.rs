//! Double-dummy analysis of one position of a hand's card play, with every hand known: the
//! exact result with best play from here and the value of each legal card. `pref review`,
//! `pref play`'s review of the last hand and the browser's replay of a finished game stand on
//! it.

use preferans::{Card, HandState, RussianHand, Seat};
use preferans_solver::{Objective, SolveError, Solver};

/// What the solver says of the position to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionAnalysis {
    /// Whose tricks are counted, and which way (positions, as the solver has them).
    pub objective: Objective,
    /// The seat whose tricks are counted: the declarer, or in an all-pass the player to move
    /// (`None`: the Hussar dummy).
    pub counted: Option<Seat>,
    /// The seat that chooses the card to play: the one whose card it is, or the player who
    /// plays a partner's open hand (W4) or the Hussar dummy's (H1).
    pub mover: Option<Seat>,
    /// Whether the mover wants the counted tricks high (the declarer of a trick contract) or
    /// low (his defenders, the misère declarer, an all-pass player).
    pub mover_wants_high: bool,
    /// The counted seat's tricks in the whole hand (taken so far and to come) with best play
    /// by everyone from here.
    pub result: u8,
    /// Each legal card of the mover and the result after it, in card order.
    pub values: Vec<(Card, u8)>,
}

impl PositionAnalysis {
    /// The best card's value for the mover (`None` without a choice).
    pub fn best_value(&self) -> Option<u8> {
        best_of(&self.values, self.mover_wants_high)
    }

    /// The cards that keep the result.
    pub fn best_cards(&self) -> Vec<Card> {
        let best = self.best_value();
        self.values.iter().filter(|v| Some(v.1) == best).map(|v| v.0).collect()
    }

    /// The tricks `card` costs the mover's side against the best card (`None`: not a legal
    /// card here).
    pub fn cost(&self, card: Card) -> Option<u8> {
        let played = self.values.iter().find(|v| v.0 == card)?.1;
        Some(self.best_value()?.abs_diff(played))
    }
}

/// The best of the cards' values for a mover who wants them high, or low.
fn best_of(values: &[(Card, u8)], high: bool) -> Option<u8> {
    let values = values.iter().map(|v| v.1);
    if high {
        values.max()
    } else {
        values.min()
    }
}

/// The analysis of `hand` as it stands, `None` outside the card play.
///
/// # Errors
/// A [`SolveError`] when the solver's node limit stops it.
pub fn analyse(hand: &RussianHand, solver: &mut Solver) -> Result<Option<PositionAnalysis>, SolveError> {
    let Some(state) = hand.play_state() else {
        return Ok(None);
    };
    let objective = Objective::of(&state);
    let mover_wants_high = objective.wants_high(state.mover());
    let values = solver.card_values(&state, objective)?;
    // The best card's value is the result (no second search for it).
    let result = match best_of(&values, mover_wants_high) {
        Some(v) => v,
        None => solver.solve(&state, objective)?.tricks,
    };
    Ok(Some(PositionAnalysis {
        objective,
        counted: hand.seat_of_position(usize::from(objective.target())),
        mover: hand.to_move(),
        mover_wants_high,
        result,
        values,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use preferans::{Action, Match, Rules, Viewer};

    /// Plays the first legal action (or a pass, for an all-pass) until the card play of some
    /// hand begins, then `cards` more actions.
    fn into_play(seed: u64, cards: usize, all_pass: bool) -> Match {
        let mut m = Match::new(Rules::sochi(), seed, 0, Some(30));
        loop {
            let h = m.current_hand().expect("a hand");
            if h.play_state().is_some() {
                break;
            }
            let seat = h.to_move().unwrap();
            let mut legal = Vec::new();
            h.legal_actions(&mut legal);
            let a = if all_pass && legal.contains(&Action::Pass) {
                Action::Pass
            } else {
                legal[0]
            };
            m.apply(seat, a).unwrap();
        }
        for _ in 0..cards {
            let h = m.current_hand().unwrap();
            let seat = h.to_move().unwrap();
            let mut legal = Vec::new();
            h.legal_actions(&mut legal);
            let a = legal.into_iter().find(|a| matches!(a, Action::Play(_))).unwrap();
            m.apply(seat, a).unwrap();
        }
        m
    }

    #[test]
    fn the_best_card_keeps_the_result_and_every_legal_card_is_valued() {
        // All-pass positions before the first and second talon-led tricks (X2), and
        // positions in and between tricks of contracts.
        for (seed, cards, all_pass) in [
            (1, 0, true),
            (2, 3, true),
            (3, 5, true),
            (1, 0, false),
            (2, 4, false),
            (3, 7, false),
            (4, 11, false),
        ] {
            let m = into_play(seed, cards, all_pass);
            let h = m.current_hand().unwrap();
            let a = analyse(h, &mut Solver::new()).unwrap().expect("in the card play");
            if all_pass {
                assert!(matches!(a.objective, Objective::AllPass(_)));
                // In the first two tricks the eldest plays to a talon card (X2).
                if cards % 3 == 0 {
                    assert_eq!(h.play_state().unwrap().trick.len(), 1, "seed {seed}, {cards} cards");
                }
            }
            let legal = h.play_state().unwrap().legal_cards();
            assert_eq!(
                a.values.iter().map(|v| v.0).collect::<Vec<_>>(),
                legal.iter().collect::<Vec<_>>()
            );
            assert_eq!(a.best_value(), Some(a.result), "seed {seed}");
            let state = h.play_state().unwrap();
            assert_eq!(Solver::new().solve(&state, a.objective).unwrap().tricks, a.result);
            for card in a.best_cards() {
                assert_eq!(a.cost(card), Some(0));
            }
            assert_eq!(a.mover, h.to_move());
            // The counted seat is the declarer in a contract.
            if let Some(d) = h.observation(Viewer::Spectator).declarer {
                assert_eq!(a.counted, Some(d));
            }
        }
    }

    #[test]
    fn outside_the_card_play_there_is_nothing_to_analyse() {
        let m = Match::new(Rules::sochi(), 5, 0, Some(1));
        assert_eq!(analyse(m.current_hand().unwrap(), &mut Solver::new()).unwrap(), None);
    }

    #[test]
    fn a_node_limit_stops_the_analysis_with_an_error() {
        let m = into_play(6, 0, false);
        let mut solver = Solver::new();
        solver.set_node_limit(Some(1));
        assert!(analyse(m.current_hand().unwrap(), &mut solver).is_err());
    }
}
