//! Quick tricks: the cards a hand on lead can cash at once from the top of its suits, all
//! four suits counted at once (a byte each).

use super::{byte_any, byte_counts, byte_ge, byte_min, smear_down, smear_up};

/// Tricks a hand on lead (`me`) can cash at once from the top of its side suits (every suit but
/// those of `trump_mask`), the other hands being `o1` and `o2`: see `Search::quick_tricks`.
/// A hand holding trumps cuts a run to its length in the suit; without trumps in either, a
/// run as long as each other hand's holding leaves them void, and then every card of the
/// suit is his (DDS's length winners).
#[inline]
pub(super) fn side_runs(me: u32, o1: u32, o2: u32, trump_mask: u32) -> (u8, u32) {
    // All four suits at once, a byte each: my run of top cards (above all of the others').
    let run_cards = me & !smear_down(o1 | o2) & !trump_mask;
    if run_cards == 0 {
        return (0, 0);
    }
    let runs = byte_counts(run_cards);
    let (len1, len2) = (byte_counts(o1), byte_counts(o2));
    // Every other hand holding trumps limits a side suit: an opponent would ruff, and a
    // partner void in the suit would have to ruff (R6) and take the lead away.
    let (ruff1, ruff2) = (o1 & trump_mask != 0, o2 & trump_mask != 0);
    let mut n = runs;
    if ruff1 {
        n = byte_min(n, len1);
    }
    if ruff2 {
        n = byte_min(n, len2);
    }
    // The top cards of each run the count relies on: all it counts.
    let mut keep = n;
    if !ruff1 && !ruff2 {
        // Nobody can ruff: a run as long as each other holding leaves them void, and every
        // card of mine in the suit is a trick; that relies only on as many top cards as the
        // longer other holding.
        let long = byte_ge(runs, len1) & byte_ge(runs, len2) & !trump_mask;
        n = (byte_counts(me) & long) | (n & !long);
        let longest = byte_min(len1, len2) ^ len1 ^ len2;
        keep = (longest & long) | (keep & !long);
    }
    let total = (n.wrapping_mul(0x0101_0101) >> 24) as u8;
    // What the count relies on: the runs it counts where another hand holds the suit (not
    // the cards played above the others' highest), their top cards alone when fewer count.
    let counted = byte_any(n) & byte_any(o1 | o2);
    let mut cards = run_cards & counted;
    let mut cut = counted & !byte_ge(keep, runs);
    while cut != 0 {
        let shift = cut.trailing_zeros() & !7;
        cut &= !(0xff << shift);
        let mut suit = cards & (0xff << shift);
        for _ in (keep >> shift) & 0xff..(runs >> shift) & 0xff {
            suit &= suit - 1;
        }
        cards = cards & !(0xff << shift) | suit;
    }
    (total, smear_up(cards))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The per-suit form of [`side_runs`] (as first written), to check the byte-parallel one.
    fn side_runs_by_suit(me: u32, o1: u32, o2: u32, trump_mask: u32) -> (u8, u32) {
        // In every suit at once: the cards above all of the others' (my run of top cards).
        let others_and_below = smear_down(o1 | o2);
        let runs = byte_counts(me & !others_and_below & !trump_mask);
        if runs == 0 {
            return (0, 0);
        }
        // Every other hand holding trumps limits a side suit: an opponent would ruff, and a
        // partner void in the suit would have to ruff (R6) and take the lead away.
        let limit_by = |o: u32| if o & trump_mask != 0 { byte_counts(o) } else { u32::MAX };
        let (lim1, lim2) = (limit_by(o1), limit_by(o2));
        let no_ruff = (o1 | o2) & trump_mask == 0;
        let (len1, len2, mine) = (byte_counts(o1), byte_counts(o2), byte_counts(me));
        let mut total = 0u32;
        let mut rel = 0;
        for suit in 0..4 {
            let shift = suit * 8;
            let run = (runs >> shift) & 0xff;
            if run == 0 {
                continue;
            }
            let mut n = run.min((lim1 >> shift) & 0xff).min((lim2 >> shift) & 0xff);
            // What the count relies on: his run of top cards (not the cards played above the
            // others' highest), or its top n cards alone when it is cut short.
            let mut cards = me & !others_and_below & (0xff << shift);
            let longest = ((len1 >> shift) & 0xff).max((len2 >> shift) & 0xff);
            let keep = if no_ruff && n >= longest {
                // Every card counts: his top cards as many as the longer other holding
                // exhaust the others, and the count relies on those alone.
                n = (mine >> shift) & 0xff;
                longest
            } else {
                n
            };
            for _ in keep..run {
                cards &= cards - 1;
            }
            if n > 0 && ((o1 | o2) >> shift) & 0xff != 0 {
                rel |= smear_up(cards);
            }
            total += n;
        }
        (total as u8, rel)
    }

    #[test]
    fn side_runs_agree_with_the_per_suit_count() {
        use proptest::prelude::*;
        use proptest::test_runner::TestRunner;
        // Random deals of up to 32 cards to three hands, each suit possibly trumps.
        let deal = (proptest::collection::vec(0u8..4, 32), 0usize..5);
        TestRunner::default()
            .run(&deal, |(owner, trump)| {
                let mut hands = [0u32; 3];
                for (card, o) in owner.iter().enumerate() {
                    if let Some(h) = hands.get_mut(*o as usize) {
                        *h |= 1 << card;
                    }
                }
                let trump_mask = if trump < 4 { 0xff << (trump * 8) } else { 0 };
                let [a, b, c] = hands;
                prop_assert_eq!(side_runs(a, b, c, trump_mask), side_runs_by_suit(a, b, c, trump_mask));
                Ok(())
            })
            .expect("the two counts agree");
    }
}
