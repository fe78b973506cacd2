//! S10: the exact zero-sum final settlement.

use std::fmt;

use super::Totals;

/// The settlement in whists, kept exact: each result is `scaled[i] / players`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settlement {
    players: u8,
    scaled: [i64; 4],
}

impl Settlement {
    /// S10: D_i = mountain_i − P·pool_i; result_i = Σ_j (whists i wrote on j − whists j wrote
    /// on i) + 10·(mean(D) − D_i). Kept times the number of players so the mean is exact.
    pub fn of(t: &Totals, players: u8, pool_multiplier: i64) -> Settlement {
        let n = usize::from(players.clamp(1, 4));
        let d: Vec<i64> = (0..n).map(|i| t.mountain[i] - pool_multiplier * t.pool[i]).collect();
        let sum_d: i64 = d.iter().sum();
        let mut scaled = [0i64; 4];
        for i in 0..n {
            let net: i64 = (0..n).map(|j| t.whists[i][j] - t.whists[j][i]).sum();
            scaled[i] = n as i64 * net + 10 * (sum_d - n as i64 * d[i]);
        }
        Settlement {
            players: n as u8,
            scaled,
        }
    }

    /// Number of players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Player `seat`'s result as an exact fraction `(numerator, denominator)`.
    pub fn exact(&self, seat: usize) -> (i64, i64) {
        (self.scaled.get(seat).copied().unwrap_or(0), i64::from(self.players))
    }

    /// Each seat's place by its exact result (S10): 1 for the best; equal results share a
    /// place, and the next place counts every seat ahead (1, 1, 3). Everyone's place is 1 in
    /// a draw.
    pub fn places(&self) -> Vec<u8> {
        let n = usize::from(self.players);
        (0..n)
            .map(|s| 1 + (0..n).filter(|&o| self.scaled[o] > self.scaled[s]).count() as u8)
            .collect()
    }

    /// The sum of all results times the number of players (always 0).
    pub fn scaled_sum(&self) -> i64 {
        self.scaled.iter().sum()
    }

    /// Player `seat`'s result rounded to two decimals (half away from zero), as text.
    pub fn rounded(&self, seat: usize) -> String {
        let (num, den) = self.exact(seat);
        let hundredths = (i128::from(num) * 200 + i128::from(den) * i128::from(num.signum())) / (2 * i128::from(den));
        let sign = if hundredths < 0 { "-" } else { "" };
        let a = hundredths.abs();
        format!("{sign}{}.{:02}", a / 100, a % 100)
    }
}

impl fmt::Display for Settlement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = (0..self.players as usize)
            .map(|s| format!("seat {s}: {}", self.rounded(s)))
            .collect();
        write!(f, "{}", parts.join(", "))
    }
}
