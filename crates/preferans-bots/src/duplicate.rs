//! Duplicate play: every deal is played once for each way of seating the bots, so the luck of
//! the cards cancels. One deal = one hand, scored alone (its own S10 settlement, in whists).

use preferans::record::{PlayerRecord, Record};
use preferans::{HandState, Match, Rules, Viewer};

use crate::{bot_for, Bot};

/// The distinct seatings of `kinds` (a multiset): each is the bot kind per seat.
pub fn seatings(kinds: &[String]) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut idx: Vec<usize> = (0..kinds.len()).collect();
    loop {
        let s: Vec<String> = idx.iter().map(|i| kinds[*i].clone()).collect();
        if !out.contains(&s) {
            out.push(s);
        }
        // Next permutation (lexicographic).
        let Some(i) = (0..idx.len().saturating_sub(1)).rev().find(|&i| idx[i] < idx[i + 1]) else {
            break;
        };
        let j = (i + 1..idx.len()).rev().find(|&j| idx[j] > idx[i]).unwrap_or(i + 1);
        idx.swap(i, j);
        idx[i + 1..].reverse();
    }
    out
}

/// The result of one deal played with one seating.
#[derive(Clone, Debug)]
pub struct Board {
    /// Bot kind per seat.
    pub seating: Vec<String>,
    /// Each seat's result in whists, times the number of players (exact).
    pub scaled: Vec<i64>,
    /// The hand's record.
    pub record: Record,
}

/// Plays deal `deal` of a duplicate match with seed `seed` and the given seating. The deal
/// and the dealer depend only on `(seed, deal)`, never on the seating.
///
/// # Errors
/// An unknown bot kind.
pub fn play_board(rules: &Rules, seed: u64, deal: u64, seating: &[String]) -> Result<Board, String> {
    let players = rules.players();
    // The board's own seed deals it and seeds its bots (`bot_seed`), so its record replays
    // with `pref sim --seed` of that seed (and the record's first dealer and bots).
    let board_seed = seed.wrapping_add(deal.wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut bots: Vec<Box<dyn Bot + Send>> = Vec::new();
    for (s, kind) in seating.iter().enumerate() {
        bots.push(
            bot_for(kind, crate::bot_seed(board_seed, s as u8), Some(rules))
                .ok_or_else(|| format!("unknown bot '{kind}' (known: {})", crate::BOT_NAMES.join(", ")))?,
        );
    }
    let dealer = (deal % u64::from(players)) as u8;
    let mut m = Match::new(rules.clone(), board_seed, dealer, Some(1));
    while let Some(hand) = m.current_hand() {
        let Some(seat) = hand.to_move() else { break };
        let obs = hand.observation(Viewer::Seat(seat));
        let Some(a) = bots[seat as usize].choose(&obs) else {
            break;
        };
        if m.apply(seat, a).is_err() {
            return Err(format!("bot '{}' chose an illegal action", seating[seat as usize]));
        }
    }
    let st = m.sheet().settlement(m.rules());
    let scaled = (0..players as usize).map(|s| st.exact(s).0).collect();
    let names = seating
        .iter()
        .enumerate()
        .map(|(s, k)| PlayerRecord {
            name: format!("{k}-{s}"),
            kind: k.clone(),
        })
        .collect();
    Ok(Board {
        seating: seating.to_vec(),
        scaled,
        record: Record::from_match(&m, names),
    })
}

/// Student's t quantile for a two-sided 95 % interval with `df` degrees of freedom: a table
/// up to 30, then the Cornish–Fisher expansion around the normal 1.96 (within 0.001 there).
/// With few deals the normal 1.96 would make an interval look several times more precise
/// than it is (2 deals: ±12.7 standard errors, not ±1.96).
fn t_975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    if let Some(t) = df.checked_sub(1).and_then(|i| TABLE.get(i)) {
        return *t;
    }
    let (z, v) = (1.959_964_f64, df.max(1) as f64);
    z + (z.powi(3) + z) / (4.0 * v) + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
}

/// Mean and 95% confidence half-width of samples (Student's t, n − 1 degrees of freedom).
pub fn mean_ci95(samples: &[f64]) -> (f64, f64) {
    let n = samples.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let mean = samples.iter().sum::<f64>() / n;
    if n < 2.0 {
        return (mean, f64::INFINITY);
    }
    let var = samples.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, t_975(samples.len() - 1) * (var / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seatings_of_a_multiset() {
        let k = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(seatings(&k(&["a", "b", "b"])).len(), 3);
        assert_eq!(seatings(&k(&["a", "b", "c"])).len(), 6);
        assert_eq!(seatings(&k(&["a", "a", "a"])).len(), 1);
        assert_eq!(seatings(&k(&["a", "b", "c", "d"])).len(), 24);
    }

    #[test]
    fn the_deal_does_not_depend_on_the_seating() {
        let rules = Rules::sochi();
        let k = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let a = play_board(&rules, 7, 3, &k(&["heuristic", "random", "random"])).unwrap();
        let b = play_board(&rules, 7, 3, &k(&["random", "random", "heuristic"])).unwrap();
        assert_eq!(a.record.hands[0].deal, b.record.hands[0].deal);
        assert_eq!(a.scaled.iter().sum::<i64>(), 0);
    }

    /// A board's record holds all it takes to play it again: its seed deals it and seeds
    /// its bots (`bot_seed`) as `pref sim --seed` would, with the record's dealer and kinds.
    #[test]
    fn a_boards_record_replays_from_its_own_seed_and_kinds() {
        let rules = Rules::sochi();
        let seating: Vec<String> = ["heuristic", "expert-fast", "random"].map(String::from).to_vec();
        let board = play_board(&rules, 11, 4, &seating).unwrap();
        let r = &board.record;
        let mut m = Match::new(rules.clone(), r.seed.unwrap(), r.first_dealer, Some(1));
        let mut bots: Vec<_> = r
            .players
            .iter()
            .enumerate()
            .map(|(s, p)| bot_for(&p.kind, crate::bot_seed(r.seed.unwrap(), s as u8), Some(&rules)).unwrap())
            .collect();
        assert_eq!(r.players[1].kind, "expert-fast", "the level is the record's kind");
        while let Some(hand) = m.current_hand() {
            let Some(seat) = hand.to_move() else { break };
            let a = bots[usize::from(seat)]
                .choose(&hand.observation(Viewer::Seat(seat)))
                .unwrap();
            m.apply(seat, a).unwrap();
        }
        assert_eq!(Record::from_match(&m, r.players.clone()), *r);
    }

    #[test]
    fn ci_is_students_t_and_zero_for_constant_samples() {
        assert_eq!(mean_ci95(&[2.0, 2.0, 2.0]), (2.0, 0.0));
        // Two deals 1 and 3: standard error 1, so the half-width is 12.706 (t with 1 degree
        // of freedom), not 1.96.
        let (m, ci) = mean_ci95(&[1.0, 3.0]);
        assert_eq!(m, 2.0);
        assert!((ci - 12.706).abs() < 1e-9, "{ci}");
        // The expansion meets the table at 30 and tends to the normal quantile.
        assert!((super::t_975(31) - 2.040).abs() < 0.001, "{}", super::t_975(31));
        assert!((super::t_975(120) - 1.980).abs() < 0.001, "{}", super::t_975(120));
        assert!((super::t_975(1_000_000) - 1.96).abs() < 0.001);
    }
}
