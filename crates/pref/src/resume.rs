//! `pref play --resume`: who plays where in a saved game. The record decides — the user's seat
//! (its one person), the bots in the other seats and the seed their play comes from — so a
//! resumed game never seats the user in a bot's place (where he would see that seat's
//! hidden cards, RULES.md section 7).

use anyhow::{bail, Result};
use preferans::record::Record;
use preferans::{Match, Seat};

/// The match of a saved game, the user's seat, the bots of the other seats (as `--bots`
/// names them, in seat order) and the seed; `seed` when the record has none.
pub fn resumed_game(record: &Record, seed: u64) -> Result<(Match, Seat, String, u64)> {
    let m = record.replay()?;
    let people: Vec<Seat> = (0..record.players.len() as Seat)
        .filter(|s| record.players[usize::from(*s)].kind == "human")
        .collect();
    let &[seat] = people.as_slice() else {
        bail!(
            "--resume continues a game of one person against bots (this record has {} people)",
            people.len()
        );
    };
    let bots: Vec<&str> = record
        .players
        .iter()
        .filter(|p| p.kind != "human")
        .map(|p| p.kind.as_str())
        .collect();
    Ok((m, seat, bots.join(","), record.seed.unwrap_or(seed)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use preferans::record::PlayerRecord;
    use preferans::{HandState, Rules, Viewer};

    fn player(kind: &str) -> PlayerRecord {
        PlayerRecord {
            name: kind.into(),
            kind: kind.into(),
        }
    }

    #[test]
    fn section7_a_resumed_game_seats_the_user_where_he_sat() {
        let mut m = Match::new(Rules::sochi(), 5, 0, Some(3));
        for _ in 0..4 {
            let h = m.current_hand().unwrap();
            let seat = h.to_move().unwrap();
            let a = h.observation(Viewer::Seat(seat)).legal_actions[0];
            m.apply(seat, a).unwrap();
        }
        let record = Record::from_match(&m, vec![player("random"), player("expert-fast"), player("human")]);
        let (resumed, seat, bots, seed) = resumed_game(&record, 1).unwrap();
        assert_eq!((seat, bots.as_str(), seed), (2, "random,expert-fast", 5));
        assert_eq!(
            resumed.current_hand().unwrap().history(),
            m.current_hand().unwrap().history()
        );
        // Nobody, or two people: not a game to resume against bots.
        for players in [
            vec![player("random"), player("random"), player("random")],
            vec![player("human"), player("human"), player("random")],
        ] {
            let record = Record::from_match(&m, players);
            let e = resumed_game(&record, 1).unwrap_err().to_string();
            assert!(e.contains("one person against bots"), "{e}");
        }
    }
}
