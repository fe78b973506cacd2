//! Move generation and ordering: the legal cards less equivalent ones, best first (leads by
//! score, the table's best card first), and the helpers the card loop uses.

use preferans::trick::{beats, Owner};
use preferans::{Card, CardSet, Suit};

use crate::search::{Cur, Search};

/// Weights of a trick-contract lead's features in its ordering score.
struct LeadWeights {
    /// The card's rank (0 = seven).
    rank: i32,
    /// No opponent holds a higher card of the suit, and one holds the suit.
    top: i32,
    /// The leader's cards of the suit.
    own_length: i32,
    /// The opponents' cards of the suit (the declarer's, for a defender).
    opponent_length: i32,
    /// The opponents hold none of the suit.
    opponents_void: i32,
    /// A defender's partner holds the highest card of the suit still in play.
    partner_top: i32,
    /// The card is a trump.
    trump: i32,
}

/// `[no trumps, trumps][declarer, defender]`. Fitted by coordinate search on the node counts
/// of deals 0–249 of each kind, checked on deals 0–999 (`profile_solve`): against the
/// earlier hand-made order (rank, side card before trump, the declarer's suits and the
/// partner's top card first for the defence), −12.5 % trump and −14 % no-trump nodes.
const LEAD_WEIGHTS: [[LeadWeights; 2]; 2] = [
    [
        LeadWeights {
            rank: 5,
            top: -5,
            own_length: 4,
            opponent_length: -1,
            opponents_void: 0,
            partner_top: 0,
            trump: 0,
        },
        LeadWeights {
            rank: 3,
            top: 20,
            own_length: -5,
            opponent_length: -11,
            opponents_void: 0,
            partner_top: 8,
            trump: 0,
        },
    ],
    [
        LeadWeights {
            rank: 1,
            top: 16,
            own_length: 0,
            opponent_length: 0,
            opponents_void: -1,
            partner_top: 0,
            trump: -2,
        },
        LeadWeights {
            rank: 1,
            top: 16,
            own_length: 0,
            opponent_length: -7,
            opponents_void: -32,
            partner_top: 8,
            trump: -17,
        },
    ],
];

/// Weights of a misère / all-pass lead's features in its ordering score. Fitted by
/// coordinate search on the node counts of misère deals 0–249, checked on misère deals
/// 250–999 and all-pass deals 0–999 (eighth session): against the earlier hand-made
/// weights, misère −7.2 % / −7.0 % and all-pass −8.4 % nodes; on seeds 10,000–10,499
/// (outside the set) misère −7.2 %, all-pass −10.1 %. Refitted with more features of the
/// others' leads after the follow order changed (eleventh session, docs/solver-history.md item
/// 32): misère −1.2 % nodes on deals 0–999, −1.7 % on seeds 10,000–10,299; then the
/// features that moved nodes by 0.3 % or less dropped (misère time −1.4 %).
mod misere_weights {
    /// The target on lead: one of the others holds a card above his (they can still duck).
    pub const BEATABLE: i32 = 16;
    /// His singleton (a void to discard into).
    pub const SINGLETON: i32 = 20;
    /// His doubleton.
    pub const DOUBLETON: i32 = 14;
    /// The others' cards of the suit.
    pub const THEIR_LENGTH: i32 = -6;
    /// The others' cards of the suit under his card (they cannot all duck).
    pub const THEIRS_UNDER: i32 = 3;
    /// One of the others is void in the suit.
    pub const ONE_VOID: i32 = -34;
    /// The card's rank, for the target's lead.
    pub const TARGET_RANK: i32 = 1;
    /// The others on lead, a suit the target is void in: a base score, and per rank.
    pub const HIS_VOID: i32 = -66;
    /// Per rank of a lead into his void.
    pub const HIS_VOID_RANK: i32 = -9;
    /// The others on lead: he holds a card above the card led.
    pub const HE_HOLDS_HIGHER: i32 = 7;
    /// The card's rank, for the others' lead.
    pub const OTHERS_RANK: i32 = 1;
    /// His cards of the suit.
    pub const HIS_LENGTH: i32 = 9;
    /// The card led is under all his cards of the suit.
    pub const UNDER_ALL_HIS: i32 = -6;
    /// The partner is void in the suit or holds a card under his lowest.
    pub const PARTNER_CAN_DUCK: i32 = -24;
    /// The leader's cards under his lowest of the suit.
    pub const OWN_UNDER_HIS_LOWEST: i32 = -16;
    /// His singleton.
    pub const HIS_SINGLETON: i32 = 21;
}

/// Weights of the features of a misère / all-pass follow (a card to a trick already led) in
/// its ordering score. Fitted by coordinate search on the node counts of misère and all-pass
/// deals 0–249 (eleventh session), from weights that gave the earlier order (the cards that
/// let the target win the trick for now first, each set highest card first), then cut to
/// the features that mattered; checked on deals 0–999 and on seeds 10,000–10,299 outside the
/// set (docs/solver-history.md item 32).
mod follow_weights {
    /// The card lets the target win the trick for now (the mover's wish as far as this trick
    /// goes: the others want him to win it, he does not).
    pub const GOOD: i32 = 86;
    /// The same, played as the trick's last card (it then stands).
    pub const GOOD_LAST: i32 = 40;
    /// The target's card: the others' cards of the suit under it (a card that could win a
    /// trick later, thrown now).
    pub const HIS_CARD_THEIRS_UNDER: i32 = 53;
    /// One of the others' card: the target's cards of the suit over it.
    pub const THEIR_CARD_HIS_OVER: i32 = -48;
    /// One of the others' card: the target's cards of the suit under it.
    pub const THEIR_CARD_HIS_UNDER: i32 = 32;
    /// A discard: the mover's cards of the discarded suit.
    pub const DISCARD_OWN_LENGTH: i32 = -74;
    /// One of the others discards: the target's cards of the suit.
    pub const THEIR_DISCARD_HIS_LENGTH: i32 = 45;
}

/// The card of index `i`'s suit (card bits), and the cards of it above and below `i`.
#[inline]
fn suit_split(i: u32) -> (u32, u32, u32) {
    let suit_bits = 0xffu32 << (i & !7);
    let higher = suit_bits & (0xffff_fffe_u32 << i);
    (suit_bits, higher, suit_bits & !higher & !(1u32 << i))
}

impl Search<'_> {
    /// The ordering score of the misère / all-pass target's lead `card` (see
    /// [`misere_weights`]).
    fn misere_target_lead_score(&self, card: Card) -> i32 {
        use misere_weights::*;
        let i = u32::from(card.index());
        let (suit_bits, higher, lower) = suit_split(i);
        let t = self.target as usize % 3;
        let (o1, o2) = (self.hands[(t + 1) % 3] & suit_bits, self.hands[(t + 2) % 3] & suit_bits);
        let theirs = o1 | o2;
        let length = (self.hands[t] & suit_bits).count_ones();
        BEATABLE * i32::from(theirs & higher != 0)
            + SINGLETON * i32::from(length == 1)
            + DOUBLETON * i32::from(length == 2)
            + THEIR_LENGTH * theirs.count_ones() as i32
            + THEIRS_UNDER * (theirs & lower).count_ones() as i32
            + ONE_VOID * i32::from(o1 == 0 || o2 == 0)
            + TARGET_RANK * (i & 7) as i32
    }

    /// The ordering score of a lead `card` by one of the misère / all-pass target's others
    /// (see [`misere_weights`]).
    fn misere_others_lead_score(&self, card: Card, to_play: Owner) -> i32 {
        use misere_weights::*;
        let i = u32::from(card.index());
        let rank = (i & 7) as i32;
        let (suit_bits, higher, lower) = suit_split(i);
        let t = self.target as usize % 3;
        let his = self.hands[t] & suit_bits;
        if his == 0 {
            return HIS_VOID + HIS_VOID_RANK * rank;
        }
        let own = self.hands[to_play as usize % 3] & suit_bits;
        let partner = self.hands[3 - t - to_play as usize % 3] & suit_bits;
        let under_his_lowest = (his & his.wrapping_neg()) - 1;
        HE_HOLDS_HIGHER * i32::from(his & higher != 0)
            + OTHERS_RANK * rank
            + HIS_LENGTH * his.count_ones() as i32
            + UNDER_ALL_HIS * i32::from(his & lower == 0)
            + PARTNER_CAN_DUCK * i32::from(partner == 0 || partner & under_his_lowest != 0)
            + OWN_UNDER_HIS_LOWEST * (own & under_his_lowest).count_ones() as i32
            + HIS_SINGLETON * i32::from(his.count_ones() == 1)
    }

    /// A misère / all-pass follow: the cards `good` (they let the target win the trick for
    /// now, as the mover wants) and `bad` (the rest), equivalent cards already taken out, with
    /// their ordering scores (see [`follow_weights`]). Each score also holds the card index,
    /// which keeps the earlier order (higher index first) among cards the features do not
    /// tell apart.
    pub(crate) fn misere_follows(&self, cur: &Cur, to_play: Owner, good: u32, bad: u32, out: &mut Moves) -> usize {
        use follow_weights::*;
        let t = self.target as usize % 3;
        let p = to_play as usize % 3;
        let own = self.hands[p];
        let led = cur.trick.led().map_or(0, |s| 0xffu32 << (s.index() * 8));
        let good_score = GOOD + GOOD_LAST * i32::from(cur.trick.len() == 2);
        // The target's cards are scored against the others' cards, theirs against his.
        let (against, per_under, per_over, discard_against) = if p == t {
            (
                self.hands[(t + 1) % 3] | self.hands[(t + 2) % 3],
                HIS_CARD_THEIRS_UNDER,
                0,
                0,
            )
        } else {
            (
                self.hands[t],
                THEIR_CARD_HIS_UNDER,
                THEIR_CARD_HIS_OVER,
                THEIR_DISCARD_HIS_LENGTH,
            )
        };
        let mut n = 0;
        let mut rest = good | bad;
        while rest != 0 && n < out.cards.len() {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let Some(card) = Card::from_index(i as u8) else {
                continue;
            };
            let suit_bits = 0xffu32 << (i & !7);
            let higher = suit_bits & (0xffff_fffe_u32 << i);
            let lower = suit_bits & !higher & !(1 << i);
            let count = |x: u32| x.count_ones() as i32;
            let mut score = i as i32
                + i32::from(good >> i & 1 != 0) * good_score
                + per_under * count(against & lower)
                + per_over * count(against & higher);
            if led & (1 << i) == 0 {
                score += DISCARD_OWN_LENGTH * count(own & suit_bits) + discard_against * count(against & suit_bits);
            }
            out.scores[n] = score;
            out.cards[n] = card;
            n += 1;
        }
        n
    }

    /// The legal cards less equivalent ones (cards adjacent in rank among the cards still in
    /// play, in the same hand: only the highest of such a run is searched), with their
    /// ordering scores (see [`Moves::take_best`]).
    pub(crate) fn ordered_moves(
        &self,
        cur: &Cur,
        to_play: Owner,
        legal: CardSet,
        wants_high: bool,
        hint: u8,
        out: &mut Moves,
    ) -> usize {
        let present = self.hands[0] | self.hands[1] | self.hands[2] | cur.played;
        let l = legal.bits();
        let is_target = to_play == self.target;
        let target_hand = self.hands[self.target as usize % 3];
        // Whether the mover wants his own side to win this trick.
        let wants_side_win = is_target == wants_high;
        // Trick contracts: the suit features of a lead (LEAD_WEIGHTS), once per suit.
        let w = &LEAD_WEIGHTS[usize::from(self.trump.is_some())][usize::from(!is_target)];
        let opponents = if is_target {
            present & !target_hand & !cur.played
        } else {
            target_hand
        };
        let mut suit_scores = [0i32; 4];
        if cur.trick.is_empty() && wants_side_win {
            let own = self.hands[to_play as usize % 3];
            for (suit, score) in suit_scores.iter_mut().enumerate() {
                let suit_bits = 0xffu32 << (suit * 8);
                if l & suit_bits == 0 {
                    continue;
                }
                let opp_in_suit = opponents & suit_bits;
                // A defender's partner holds the highest card of the suit still in play.
                let partner_top = if is_target {
                    0
                } else {
                    let partner = self.hands[3 - self.target as usize % 3 - to_play as usize % 3];
                    let in_play = present & !cur.played & suit_bits;
                    i32::from(in_play != 0 && partner >> (31 - in_play.leading_zeros()) & 1 != 0)
                };
                *score = w.own_length * (own & suit_bits).count_ones() as i32
                    + w.opponent_length * opp_in_suit.count_ones() as i32
                    + w.opponents_void * i32::from(opp_in_suit == 0)
                    + w.partner_top * partner_top
                    + w.trump * i32::from(self.trump.is_some_and(|t| t.index() == suit));
            }
        }
        let mut n = 0;
        // Of equivalent cards (adjacent among the cards in play), only the highest.
        let mut rest = run_tops(l, present);
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let (suit_bits, higher, _) = suit_split(i);
            let Some(card) = Card::from_index(i as u8) else {
                continue;
            };
            let rank = (i & 7) as i32;
            let score = if cur.trick.is_empty() {
                if wants_side_win {
                    // Trick contracts: a weighted sum of the lead's features (LEAD_WEIGHTS).
                    let suit = (i / 8) as usize;
                    let opp_in_suit = opponents & suit_bits;
                    w.rank * rank + w.top * i32::from(opponents & higher == 0 && opp_in_suit != 0) + suit_scores[suit]
                } else if is_target {
                    self.misere_target_lead_score(card)
                } else {
                    self.misere_others_lead_score(card, to_play)
                }
            } else {
                let takes_lead = match cur.win {
                    Some((w, _)) => beats(card, w, self.trump),
                    None => {
                        let mut t = cur.trick;
                        t.push(to_play, card);
                        t.winner(self.trump) == Some(to_play)
                    }
                };
                let target_wins = if takes_lead {
                    is_target
                } else {
                    match cur.win {
                        Some((_, o)) => o == self.target,
                        None => cur.trick.winner(self.trump) == Some(self.target),
                    }
                };
                let side_wins = target_wins == is_target;
                match (side_wins == wants_side_win, wants_side_win) {
                    // Winning as wanted: the cheapest winner.
                    (true, true) => 64 - rank,
                    // Losing as wanted: the highest card that still loses (keeps low cards).
                    (true, false) => 48 + rank,
                    // Cannot win: the lowest card.
                    (false, true) => 16 - rank,
                    // Must win: the highest card.
                    (false, false) => rank,
                }
            };
            // The table's best card from an earlier pass first.
            let score = if i as u8 + 1 == hint { 1000 } else { score };
            if n < 10 {
                out.scores[n] = score;
                out.cards[n] = card;
                n += 1;
            }
        }
        n
    }
}

/// `SPREAD[b]`: bit `r` of `b` moved to bit `4 r`.
static SPREAD: [u32; 256] = {
    let mut t = [0u32; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        while r < 8 {
            if b & (1 << r) != 0 {
                t[b] |= 1 << (4 * r);
            }
            r += 1;
        }
        b += 1;
    }
    t
};

/// A card set re-indexed rank-major (bit `4 rank + suit`), to take cards in rank order
/// across suits.
#[inline]
pub(crate) fn rank_major(set: u32) -> u32 {
    (0..4).fold(0, |t, suit| t | SPREAD[((set >> (8 * suit)) & 0xff) as usize] << suit)
}

/// Of the cards `own` (a subset of `present`), the highest of each run of them adjacent among
/// the cards `present`: the cards whose next higher present card of the suit is not in `own`
/// (equivalent cards are searched once, by the highest). All four suits at once: for each
/// card, whether some card of `own` lies above it with only absent cards between (a
/// Kogge–Stone scan downwards through the absent cards and `own`, per byte).
#[inline]
pub(crate) fn run_tops(own: u32, present: u32) -> u32 {
    let through = own | !present;
    // `g`: an `own` card above within the span so far; `p`: the whole span passable.
    let mut g = (own >> 1) & 0x7f7f_7f7f;
    let mut p = (through >> 1) & 0x7f7f_7f7f;
    g |= p & (g >> 1) & 0x7f7f_7f7f;
    p &= (p >> 1) & 0x7f7f_7f7f;
    g |= p & (g >> 2) & 0x3f3f_3f3f;
    p &= (p >> 2) & 0x3f3f_3f3f;
    g |= p & (g >> 4) & 0x0f0f_0f0f;
    own & !g
}

/// The rank index of the lowest card of the run of equivalent cards that `card` stands for:
/// the cards of the same hand (`own`) directly below it among the cards in play.
#[inline]
pub(crate) fn run_low(card: Card, present: u32, own: u32) -> u32 {
    // Without a loop (its length would be data the processor cannot predict): the cards in
    // play of the suit up to the card, less everything at or below the highest of them that
    // is not his; the run is what remains, and its lowest card ends it.
    let i = u32::from(card.index());
    let base = i & !7;
    let up_to = present & (0xffu32 << base) & (u32::MAX >> (31 - i));
    let mut cut = up_to & !own;
    cut |= cut >> 1;
    cut |= cut >> 2;
    cut |= cut >> 4;
    (up_to & !cut).trailing_zeros().min(i) - base
}

/// The moves of one node: cards and ordering scores, taken best first.
pub(crate) struct Moves {
    pub(crate) scores: [i32; 10],
    pub(crate) cards: [Card; 10],
}

impl Default for Moves {
    fn default() -> Moves {
        Moves {
            scores: [0; 10],
            cards: [Card::new(Suit::Spades, preferans::Rank::Seven); 10],
        }
    }
}

impl Moves {
    /// The `k`-th move to search: the best-scored of `k..n`, swapped into place `k` (a
    /// selection sort done lazily: most nodes cut on their first card).
    #[inline]
    pub(crate) fn take_best(&mut self, k: usize, n: usize) -> Card {
        let mut b = k;
        for j in k + 1..n {
            // Branch-free: which score is higher is data the processor cannot predict.
            b = std::hint::select_unpredictable(self.scores[j] > self.scores[b], j, b);
        }
        self.scores.swap(k, b);
        self.cards.swap(k, b);
        self.cards[k]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The plain form of [`run_tops`]: a card is kept unless the next higher card in play of
    /// its suit is also in `own`.
    fn run_tops_by_card(own: u32, present: u32) -> u32 {
        let mut kept = 0;
        for i in 0..32 {
            if own >> i & 1 == 0 {
                continue;
            }
            let above = present & (0xffu32 << (i & !7)) & (0xffff_fffe_u32 << i);
            if own & above & above.wrapping_neg() == 0 {
                kept |= 1 << i;
            }
        }
        kept
    }

    proptest! {
        #[test]
        fn run_tops_keeps_the_highest_of_each_run(present in any::<u32>(), pick in any::<u32>()) {
            let own = present & pick;
            prop_assert_eq!(run_tops(own, present), run_tops_by_card(own, present));
        }
    }

    /// Item 32's follow order: the misère target, void in the suit led, throws first the card
    /// the others hold cards under (K♠ over their 7♠ 8♠), not the card that ties break
    /// towards (7♥, the higher card index), which nobody can go under.
    #[test]
    fn the_target_throws_first_a_card_the_others_can_go_under() {
        use crate::bounds::test_util::with_search;
        use preferans::trick::Trick;
        // Position 2 has led the K♣; the target (0) plays next, then position 1.
        with_search(["KS 7H", "7S 8H", "8S"], |s| {
            let mut trick = Trick::new();
            trick.push(2, "KC".parse().expect("card"));
            let cur = Cur::of(trick, None);
            let (ks, h7) = (
                1u32 << "KS".parse::<Card>().expect("card").index(),
                1u32 << "7H".parse::<Card>().expect("card").index(),
            );
            assert!(h7 > ks, "the tie-break alone would take the 7♥ first");
            let mut moves = Moves::default();
            let n = s.misere_follows(&cur, 0, ks | h7, 0, &mut moves);
            assert_eq!(n, 2);
            assert_eq!(moves.take_best(0, n), "KS".parse().expect("card"));
        });
    }

    #[test]
    fn run_tops_skips_cards_out_of_play() {
        // Spades: own 7 and 9, the 8 gone, the 10 someone else's: one run, the 9 kept.
        assert_eq!(run_tops(0b0101, 0b1101), 0b0100);
        // The 8 in another hand splits them.
        assert_eq!(run_tops(0b0101, 0b1111), 0b0101);
    }

    /// The loop form of [`run_low`]: down from the card while the next lower card in play is
    /// his.
    fn run_low_by_steps(card: Card, present: u32, own: u32) -> u32 {
        let base = u32::from(card.index()) & !7;
        let mut low = u32::from(card.index());
        loop {
            let below = present & ((1u32 << low) - 1) & !((1u32 << base) - 1);
            if below == 0 || own >> (31 - below.leading_zeros()) & 1 == 0 {
                return low - base;
            }
            low = 31 - below.leading_zeros();
        }
    }

    proptest! {
        #[test]
        fn run_low_matches_the_step_by_step_walk(own in any::<u32>(), others in any::<u32>(), i in 0u8..32) {
            let own = own | 1 << i;
            let present = own | others;
            let card = Card::from_index(i).expect("card");
            prop_assert_eq!(run_low(card, present, own), run_low_by_steps(card, present, own));
        }
    }
}
