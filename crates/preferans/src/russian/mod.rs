//! Russian Preferans: the hand state machine for 3 players (section 2), 4 players with the
//! dealer sitting out (F1–F4) and 2-player Hussar with a dummy (H1–H3).
//!
//! Internally the hand works in *positions*: 0 = eldest (R4), 1 = second, 2 = third hand
//! (Hussar: 0 = eldest, 1 = dummy, 2 = dealer), and 3 = the sitting-out dealer of a 4-player
//! table when he acts (F3). Table seats appear only at the edges (`to_move`, `apply`,
//! observations, outcome).
//!
//! Panic policy: no public function panics on any input; `apply_unchecked` with an illegal
//! action leaves a state that is unspecified but memory-safe (it never panics either).

mod auction;
mod contract;
mod enumerate;
mod observe;
mod play;
mod whist_round;

use crate::action::Action;
use crate::bid::Bid;
use crate::card::Suit;
use crate::cardset::CardSet;
use crate::deal::Deal;
use crate::error::IllegalAction;
use crate::observation::{Observation, Viewer};
use crate::outcome::{DefenceMode, HandOutcome, WhistCall};
use crate::rules::{AllpassTalon, Hold, MisereDefence, Rules, TenTrick};
use crate::trick::Trick;
use crate::{HandState, Seat};

pub use observe::PhaseKind;
pub use whist_round::{half_whist_allowed, whist_round_calls};

/// The hand position of the sitting-out dealer of a 4-player table (F1, F3).
pub(crate) const DEALER_POS: u8 = 3;
/// Marks the Hussar dummy's seat: it has none (H1).
pub(crate) const NO_SEAT: Seat = Seat::MAX;

/// The options one hand needs (a `Copy` slice of [`Rules`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandConfig {
    /// 2 (Hussar), 3 or 4 (dealer sits out).
    pub players: u8,
    /// A3.
    pub hold: Hold,
    /// W5.
    pub stalingrad: bool,
    /// W6.
    pub ten_trick: TenTrick,
    /// W7.
    pub misere_defence: MisereDefence,
    /// P4.
    pub misere_without_talon: bool,
    /// X2.
    pub allpass_talon: AllpassTalon,
    /// F3.
    pub dealer_whist_when_both_pass: bool,
    /// F3.
    pub dealer_allpass_talon: bool,
    /// F3.
    pub talon_push: bool,
}

impl HandConfig {
    /// The hand options of a rules configuration.
    pub fn from_rules(rules: &Rules) -> HandConfig {
        let o = rules.russian();
        HandConfig {
            players: rules.players(),
            hold: o.hold,
            stalingrad: o.stalingrad,
            ten_trick: o.ten_trick,
            misere_defence: o.misere_defence,
            misere_without_talon: o.misere_without_talon,
            allpass_talon: o.allpass_talon,
            dealer_whist_when_both_pass: o.dealer_whist_when_both_pass,
            dealer_allpass_talon: o.dealer_allpass_talon,
            talon_push: o.talon_push,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum WhistStep {
    First,
    Second,
    FirstAgain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Ending {
    ThrownIn,
    AllPass,
    Played,
    BothPassed,
    HalfWhist,
    Offer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    Auction,
    TalonChoice,
    Discard,
    Declare,
    Whist(WhistStep),
    DealerWhist,
    DefenceChoice,
    Play,
    Done(Ending),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PendingOffer {
    by_pos: u8,
    declarer_side: bool,
    tricks: u8,
    answerers: [Seat; 2],
    count: u8,
    next: u8,
}

/// One hand of Russian Preferans, from the deal to its outcome.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RussianHand {
    cfg: HandConfig,
    dealer: Seat,
    seats: [Seat; 3],
    deal: Deal,
    hands: [CardSet; 3],
    talon: CardSet,
    talon_shown: bool,
    discard: CardSet,
    played: CardSet,
    pushed: bool,
    phase: Phase,
    turn: u8,
    // auction (A1–A6)
    min_opening: u8,
    passed: u8,
    has_bid: u8,
    highest: Option<(Bid, u8)>,
    // contract (T1–T2, W1–W7, F3)
    declarer: u8,
    contract: Option<Bid>,
    calls: [WhistCall; 3],
    defence: Option<DefenceMode>,
    dealer_whist: bool,
    looked: Option<u8>,
    controller: [Seat; 3],
    open_mask: u8,
    // play (P1–P3, X1–X2)
    trump: Option<Suit>,
    trick: Trick,
    last_trick: Option<Trick>,
    tricks_done: u8,
    tricks: [u8; 4],
    /// Suits each position has shown it lacks (R6: it did not follow, or did not trump).
    voids: [u8; 3],
    /// Cards each position has played to tricks.
    played_by: [CardSet; 3],
    talon_leads: u8,
    offers_ok: bool,
    offered: u8,
    offer: Option<PendingOffer>,
    accepted: Option<PendingOffer>,
    history: Vec<(Seat, Action)>,
}

impl RussianHand {
    /// A new hand at the start of the auction. `deal` is in hand positions (eldest first; in
    /// Hussar: eldest, dummy, dealer). `min_opening` is the A6 minimum opening bid, if any.
    pub fn new(cfg: HandConfig, dealer: Seat, deal: Deal, min_opening: Option<Bid>) -> RussianHand {
        let players = cfg.players.clamp(2, 4);
        let dealer = dealer % players;
        let seats = match players {
            2 => [(dealer + 1) % 2, NO_SEAT, dealer],
            n => [(dealer + 1) % n, (dealer + 2) % n, (dealer + 3) % n],
        };
        let hussar = players == 2;
        RussianHand {
            cfg: HandConfig { players, ..cfg },
            dealer,
            seats,
            deal,
            hands: deal.hands(),
            talon: deal.talon().into_iter().collect(),
            talon_shown: false,
            discard: CardSet::EMPTY,
            played: CardSet::EMPTY,
            pushed: false,
            phase: Phase::Auction,
            turn: 0,
            min_opening: min_opening.map_or(0, Bid::ladder),
            passed: if hussar { 0b010 } else { 0 },
            has_bid: 0,
            highest: None,
            declarer: 0,
            contract: None,
            calls: [WhistCall::None; 3],
            defence: None,
            dealer_whist: false,
            looked: None,
            controller: seats,
            open_mask: 0,
            trump: None,
            trick: Trick::new(),
            last_trick: None,
            tricks_done: 0,
            tricks: [0; 4],
            voids: [0; 3],
            played_by: [CardSet::EMPTY; 3],
            talon_leads: 0,
            offers_ok: false,
            offered: 0,
            offer: None,
            accepted: None,
            history: Vec::with_capacity(48),
        }
    }

    /// A 3-player Sochi hand from a seeded deal, handy in tests and benches.
    pub fn sochi(dealer: Seat, deal: Deal) -> RussianHand {
        RussianHand::new(HandConfig::from_rules(&Rules::sochi()), dealer, deal, None)
    }

    fn hussar(&self) -> bool {
        self.cfg.players == 2
    }

    /// The hand options.
    pub fn config(&self) -> &HandConfig {
        &self.cfg
    }

    /// The dealer's seat.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The deal this hand started from.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Table seat of a hand position (`None` for the Hussar dummy).
    pub fn seat_of_position(&self, pos: usize) -> Option<Seat> {
        self.seats.get(pos).copied().filter(|s| *s != NO_SEAT)
    }

    /// The cards as dealt, by table seat (`[0]` … `[players-1]`; the 4-player dealer's
    /// entry is empty), and the Hussar dummy's hand.
    pub fn dealt_by_seat(&self) -> ([CardSet; 4], Option<CardSet>) {
        let mut by_seat = [CardSet::EMPTY; 4];
        let mut dummy = None;
        for (pos, h) in self.deal.hands().into_iter().enumerate() {
            match self.seat_of_position(pos) {
                Some(s) => by_seat[s as usize] = h,
                None => dummy = Some(h),
            }
        }
        (by_seat, dummy)
    }

    /// Every action so far with the seat that made it.
    pub fn history(&self) -> &[(Seat, Action)] {
        &self.history
    }

    /// The hand as it was dealt, before its first action (the same table, dealer, deal and A6
    /// minimum opening bid): replaying [`RussianHand::history`] on it retraces this hand.
    pub fn as_dealt(&self) -> RussianHand {
        RussianHand::new(self.cfg, self.dealer, self.deal, Bid::from_ladder(self.min_opening))
    }

    /// The contract, once declared.
    pub fn contract(&self) -> Option<Bid> {
        self.contract
    }

    /// The declarer's seat, once the auction is won.
    pub fn declarer(&self) -> Option<Seat> {
        match self.phase {
            Phase::Auction => None,
            _ if self.highest.is_none() => None,
            _ => self.seat_of_position(self.declarer as usize),
        }
    }

    /// Every card's place, for the conservation invariant: (hands by position, talon,
    /// discard, played).
    pub fn card_places(&self) -> ([CardSet; 3], CardSet, CardSet, CardSet) {
        (self.hands, self.talon, self.discard, self.played)
    }

    /// Number of completed tricks.
    pub fn tricks_done(&self) -> u8 {
        self.tricks_done
    }

    fn actor_pos(&self) -> Option<u8> {
        match self.phase {
            Phase::Done(_) => None,
            Phase::DealerWhist => Some(DEALER_POS),
            _ => Some(self.turn),
        }
    }

    fn seat_of_actor(&self, pos: u8) -> Seat {
        if pos == DEALER_POS {
            self.dealer
        } else if matches!(self.phase, Phase::Play) {
            self.controller[pos as usize]
        } else {
            self.seats[pos as usize]
        }
    }

    fn defenders(&self) -> (u8, u8) {
        ((self.declarer + 1) % 3, (self.declarer + 2) % 3)
    }

    fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Auction => self.auction_legal(out),
            Phase::TalonChoice => out.extend([Action::TakeTalon, Action::PushTalon]),
            Phase::Discard => {
                let h = self.hands[self.declarer as usize];
                for (i, a) in h.iter().enumerate() {
                    for b in h.iter().skip(i + 1) {
                        out.push(Action::Discard(a, b));
                    }
                }
            }
            Phase::Declare => self.declare_legal(out),
            Phase::Whist(step) => self.whist_legal(step, out),
            Phase::DealerWhist => match self.looked {
                None => {
                    out.push(Action::Pass);
                    let (d1, d2) = self.defenders();
                    out.push(Action::Look(self.seats[d1 as usize]));
                    out.push(Action::Look(self.seats[d2 as usize]));
                }
                Some(_) => out.extend([Action::Whist, Action::Pass]),
            },
            Phase::DefenceChoice => out.extend([Action::Open, Action::Closed]),
            Phase::Play => self.play_legal(out),
            Phase::Done(_) => {}
        }
    }

    /// The hot path of simulations and search: a card in the play, no offer pending.
    #[inline]
    fn is_plain_play(&self, action: Action) -> bool {
        matches!(action, Action::Play(_)) && matches!(self.phase, Phase::Play) && self.offer.is_none()
    }

    /// A card of the hand to play, no offer pending (see [`RussianHand::is_plain_play`]).
    #[inline]
    fn apply_plain_play(&mut self, action: Action) {
        if let Action::Play(card) = action {
            let pos = self.turn;
            self.history.push((self.controller[pos as usize % 3], action));
            self.play_card(pos, card);
        }
    }

    fn apply_inner(&mut self, action: Action) {
        if self.is_plain_play(action) {
            self.apply_plain_play(action);
            return;
        }
        let Some(pos) = self.actor_pos() else { return };
        let seat = self.seat_of_actor(pos);
        let actor = match (self.phase, self.offer) {
            (Phase::Play, Some(o)) => o.answerers[(o.next as usize).min(1)],
            _ => seat,
        };
        self.history.push((actor, action));
        match self.phase {
            Phase::Auction => self.auction_apply(pos, action),
            Phase::TalonChoice => self.talon_choice_apply(action),
            Phase::Discard => self.discard_apply(action),
            Phase::Declare => self.declare_apply(action),
            Phase::Whist(step) => self.whist_apply(step, action),
            Phase::DealerWhist => self.dealer_whist_apply(action),
            Phase::DefenceChoice => self.defence_choice_apply(action),
            Phase::Play => self.play_apply(pos, action),
            Phase::Done(_) => {}
        }
    }

    fn explain(&self, action: Action) -> String {
        use Action::*;
        let phase_words = match self.phase {
            Phase::Auction => "the auction: bid or pass",
            Phase::TalonChoice => "the talon: take or push",
            Phase::Discard => "the discard: discard two of your cards",
            Phase::Declare => "the contract: declare a contract at least as high as your bid",
            // H1: no half-whist with two players.
            Phase::Whist(_) if self.hussar() => "the whist round: whist or pass",
            Phase::Whist(_) => "the whist round: whist, pass (or half-whist)",
            Phase::DealerWhist => "the dealer's whist: look at a defender's hand, whist or pass",
            Phase::DefenceChoice => "the whister's choice: open or closed",
            Phase::Play if self.offer.is_some() => "an offer: accept or refuse",
            // P3: offers only where they are legal now (never in an all-pass).
            Phase::Play if self.offer_count() > 0 => "play: play a card (or offer)",
            Phase::Play => "play: play a card",
            Phase::Done(_) => "the hand is over",
        };
        match (self.phase, action) {
            (Phase::Done(_), _) => "the hand is over".into(),
            (Phase::Play, Play(c)) if self.offer.is_none() => {
                let pos = self.turn as usize;
                if !self.hands[pos].contains(c) {
                    format!("{c} is not in the hand being played")
                } else if let Some(led) = self.trick.led() {
                    match self.trump {
                        Some(t) if self.hands[pos].count_in(led) == 0 => {
                            format!("void in {}, a trump ({}) must be played (R6)", led.name(), t.name())
                        }
                        _ => format!("{} must be followed (R6)", led.name()),
                    }
                } else {
                    format!("{c} cannot be played now")
                }
            }
            (Phase::Play, Offer(_)) if self.offer.is_none() => {
                "no offer possible now: offers need a contract with at most one whister, at most one per seat and trick, and at most the remaining tricks (P3)".into()
            }
            (Phase::Auction, Bid(_)) => "the bid is not allowed: bid higher than the highest bid, hold only as A3 allows, misère only as a first bid (A2–A6)".into(),
            (Phase::Discard, Discard(..)) => "both cards must be among your twelve: your hand and the talon (T1)".into(),
            (Phase::Declare, Declare(_)) => "the contract must be at least the highest bid; misère only by the misère bidder (T2)".into(),
            (Phase::Whist(_), HalfWhist) if self.hussar() => "no half-whist with two players: whist or pass (H1)".into(),
            (Phase::Whist(_), HalfWhist) => "half-whist only by the second defender after a pass, against 6 or 7 (W2)".into(),
            (Phase::DealerWhist, Whist | Look(_)) => {
                let (d1, d2) = self.defenders();
                let (s1, s2) = (self.seats[d1 as usize], self.seats[d2 as usize]);
                match (self.looked, action) {
                    (Some(_), _) => "the dealer looks once: now whist or pass (F3)".into(),
                    (None, Whist) => format!("to whist, the dealer first looks at a defender's hand (seat {s1} or seat {s2}); or he passes (F3)"),
                    _ => format!("the dealer may look only at a defender's hand: seat {s1} or seat {s2} (F3)"),
                }
            }
            _ => format!("not possible during {phase_words}"),
        }
    }
}

impl HandState for RussianHand {
    fn to_move(&self) -> Option<Seat> {
        let pos = self.actor_pos()?;
        if let (Phase::Play, Some(o)) = (self.phase, self.offer) {
            return Some(o.answerers[(o.next as usize).min(1)]);
        }
        Some(self.seat_of_actor(pos))
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_into(out);
    }

    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        let refuse = |reason: String| Err(IllegalAction { seat, action, reason });
        let Some(to_move) = self.to_move() else {
            return refuse("the hand is over".into());
        };
        if to_move != seat {
            return refuse(format!("it is seat {to_move}'s turn"));
        }
        let mut legal = Vec::new();
        self.legal_into(&mut legal);
        if !legal.contains(&normalize(action)) {
            return refuse(self.explain(action));
        }
        self.apply_inner(normalize(action));
        Ok(())
    }

    fn apply_unchecked(&mut self, action: Action) {
        // The play's cards without a call into the general path (measured: the engine's
        // random-hands benchmark spends most of its actions here).
        if self.is_plain_play(action) {
            self.apply_plain_play(action);
        } else {
            self.apply_inner(action);
        }
    }

    fn observation(&self, viewer: Viewer) -> Observation {
        self.observe(viewer)
    }

    fn outcome(&self) -> Option<HandOutcome> {
        self.outcome_inner()
    }
}

/// Puts a discard's cards in canonical order.
fn normalize(a: Action) -> Action {
    match a {
        Action::Discard(x, y) => Action::discard(x, y),
        other => other,
    }
}

#[cfg(test)]
mod tests;
