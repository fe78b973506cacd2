//! The reference model's state, the auction (A1–A6, P4) and the talon, discard and contract
//! (T1–T2, F3 `talon_push`). The whist round is in `whist.rs`, the card play and the offers
//! in `play.rs`. Written from RULES.md and docs/rules.md only.
//!
//! Hand positions are the deal's: 0 = eldest (R4), 1, 2 in playing order; with four players
//! they skip the sitting-out dealer (F1, F4); in Hussar they are eldest, dummy, dealer (H1).

use preferans::outcome::{DefenceMode, HandOutcome, WhistCall};
use preferans::{Action, Bid, Card, Deal, Seat, Strain, Suit};

/// A3 option `hold`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    Eldest,
    Seniority,
    None,
}

/// The options that change what is legal, read from the option names and values the test
/// sets (not from the engine's `HandConfig`).
#[derive(Clone, Debug)]
pub struct Opts {
    pub players: u8,
    pub hold: Hold,
    pub stalingrad: bool,
    pub ten_trick_checked: bool,
    pub misere_defence_open: bool,
    pub misere_without_talon: bool,
    pub allpass_talon_lead: bool,
    pub dealer_whist_when_both_pass: bool,
    pub dealer_allpass_talon: bool,
    pub talon_push: bool,
}

impl Opts {
    /// Section 3 presets (only `allpass_talon` differs among the legality options: Rostov
    /// plays it closed), then the pairs in order.
    pub fn from_pairs(preset: &str, players: u8, pairs: &[(&str, &str)]) -> Opts {
        let mut o = Opts {
            players,
            hold: Hold::Eldest,
            stalingrad: false,
            ten_trick_checked: true,
            misere_defence_open: true,
            misere_without_talon: false,
            allpass_talon_lead: preset != "rostov",
            dealer_whist_when_both_pass: false,
            dealer_allpass_talon: false,
            talon_push: false,
        };
        for &(k, v) in pairs {
            let on = v == "true";
            match k {
                "hold" => {
                    o.hold = match v {
                        "eldest" => Hold::Eldest,
                        "seniority" => Hold::Seniority,
                        _ => Hold::None,
                    }
                }
                "stalingrad" => o.stalingrad = on,
                "ten_trick" => o.ten_trick_checked = v == "checked",
                "misere_defence" => o.misere_defence_open = v == "open",
                "misere_without_talon" => o.misere_without_talon = on,
                "allpass_talon" => o.allpass_talon_lead = v == "lead",
                "dealer_whist_when_both_pass" => o.dealer_whist_when_both_pass = on,
                "dealer_allpass_talon" => o.dealer_allpass_talon = on,
                "talon_push" => o.talon_push = on,
                other => panic!("the model does not know option {other}"),
            }
        }
        o
    }
}

/// Where the hand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A2: the bidder in this position speaks.
    Auction(usize),
    /// F3 `talon_push`: take or push.
    TalonChoice,
    /// T1: two cards out.
    Discard,
    /// T2: the contract.
    Declare,
    /// W2: the first defender's word.
    WhistFirst,
    /// W2: the second defender's word.
    WhistSecond,
    /// W2: the first defender speaks again after a half-whist.
    WhistFirstAgain,
    /// H1: the only real defender's word.
    HussarWhist,
    /// F3 (docs/rules.md): the dealer passes or looks at a defender's hand.
    DealerLook,
    /// F3: after looking, the dealer whists or passes.
    DealerWhist,
    /// W4: the single whister chooses open or closed.
    DefenceChoice(usize),
    /// P1, R6, X2: the card play (an offer may be pending, P3).
    Play,
    /// The hand is over.
    Done,
}

/// A pending offer (P3).
#[derive(Clone, Debug)]
pub struct Pending {
    pub by: Seat,
    pub declarer_side: bool,
    pub tricks: u8,
    /// The seats that answer, in order; `next` is the one to answer now.
    pub answerers: Vec<Seat>,
    pub next: usize,
}

/// Who put a card into the trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    /// A hand position.
    Pos(usize),
    /// X2: a talon card turned up that only sets the suit; it cannot win.
    Talon,
    /// F3 `dealer_allpass_talon`: the dealer's talon card, a real lead that can win.
    DealerTalon,
}

/// The whole plain state of a hand.
#[derive(Clone, Debug)]
pub struct Model {
    pub o: Opts,
    pub dealer: Seat,
    /// The table seat of each hand position (`None`: the Hussar dummy).
    pub seat_of: [Option<Seat>; 3],
    pub hands: [Vec<Card>; 3],
    pub talon: [Card; 2],
    pub phase: Phase,
    // The auction.
    pub min_opening: Option<Bid>,
    pub passed: [bool; 3],
    pub has_bid: [bool; 3],
    /// A4: the position that bid misère (either kind) and still holds the highest bid.
    pub misere_by: Option<usize>,
    pub highest: Option<(Bid, usize)>,
    // The contract.
    pub declarer: usize,
    pub contract: Option<Bid>,
    pub pushed: bool,
    pub calls: [WhistCall; 3],
    pub defence: Option<DefenceMode>,
    pub dealer_whist: bool,
    /// The seat that plays each position's cards.
    pub controller: [Option<Seat>; 3],
    // The play.
    pub allpass: bool,
    pub trump: Option<Suit>,
    pub trick: Vec<(By, Card)>,
    pub to_play: usize,
    pub tricks: [u8; 3],
    pub dealer_tricks: u8,
    pub tricks_done: u8,
    pub offers_ok: bool,
    /// docs/rules.md P3: the seats that offered in the current trick.
    pub offered: Vec<Seat>,
    pub pending: Option<Pending>,
    pub outcome: Option<HandOutcome>,
}

impl Model {
    /// A hand at the start of the auction; `deal` is in hand positions.
    pub fn new(o: Opts, dealer: Seat, deal: &Deal, min_opening: Option<Bid>) -> Model {
        let seat_of = match o.players {
            // H1: the non-dealer is eldest, the dummy sits at the dealer's right.
            2 => [Some(1 - dealer), None, Some(dealer)],
            // F1, F4: the dealer sits out, positions count from his left.
            4 => [1, 2, 3].map(|k| Some((dealer + k) % 4)),
            // R3, R4: eldest on the dealer's left, the dealer last.
            _ => [1, 2, 0].map(|k| Some((dealer + k) % 3)),
        };
        let hands = deal.hands().map(|h| h.iter().collect::<Vec<Card>>());
        Model {
            seat_of,
            hands,
            talon: deal.talon(),
            phase: Phase::Auction(0), // A2: the eldest bids first.
            min_opening,
            passed: [false; 3],
            has_bid: [false; 3],
            misere_by: None,
            highest: None,
            declarer: 0,
            contract: None,
            pushed: false,
            calls: [WhistCall::None; 3],
            defence: None,
            dealer_whist: false,
            controller: seat_of,
            allpass: false,
            trump: None,
            trick: Vec::new(),
            to_play: 0,
            tricks: [0; 3],
            dealer_tricks: 0,
            tricks_done: 0,
            offers_ok: false,
            offered: Vec::new(),
            pending: None,
            outcome: None,
            o,
            dealer,
        }
    }

    pub fn hussar(&self) -> bool {
        self.o.players == 2
    }

    /// H1: only the two players bid; the dummy (position 1) takes no part in the auction.
    fn bidders(&self) -> Vec<usize> {
        (0..3).filter(|&p| self.seat_of[p].is_some()).collect()
    }

    /// The defenders in speaking order: the first at the declarer's left (W2, F4).
    pub fn defenders(&self) -> [usize; 2] {
        [(self.declarer + 1) % 3, (self.declarer + 2) % 3]
    }

    /// H1: the real defender (the one of the two defender positions that is not the dummy).
    pub fn hussar_defender(&self) -> usize {
        2 - self.declarer
    }

    pub fn seat(&self, pos: usize) -> Seat {
        self.seat_of[pos].expect("a position with a seat")
    }

    /// The seat to move, `None` once the hand is over.
    pub fn to_move(&self) -> Option<Seat> {
        let [d1, d2] = self.defenders();
        Some(match self.phase {
            Phase::Auction(p) => self.seat(p),
            Phase::TalonChoice | Phase::Discard | Phase::Declare => self.seat(self.declarer),
            Phase::WhistFirst | Phase::WhistFirstAgain => self.seat(d1),
            Phase::WhistSecond => self.seat(d2),
            Phase::HussarWhist => self.seat(self.hussar_defender()),
            Phase::DealerLook | Phase::DealerWhist => self.dealer,
            Phase::DefenceChoice(w) => self.seat(w),
            Phase::Play => match &self.pending {
                Some(p) => p.answerers[p.next],
                None => self.controller[self.to_play].expect("every hand in play has a controller"),
            },
            Phase::Done => return None,
        })
    }

    /// A3: whether the bidder at `pos` may equal `bid`, made by the bidder at `by`.
    fn may_hold(&self, pos: usize, bid: Bid, by: usize) -> bool {
        // A3, P4: misère (either kind) and 6♠ cannot be held.
        if bid.is_misere() || bid == Bid::SIX_SPADES {
            return false;
        }
        match self.o.hold {
            Hold::Eldest => pos == 0,
            // A3 seniority: a bid made by a player seated after him in bidding order.
            Hold::Seniority => by > pos,
            Hold::None => false,
        }
    }

    /// The legal actions of the seat to move.
    pub fn legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Auction(p) => {
                out.push(Action::Pass);
                for i in 0..Bid::LADDER_LEN {
                    let b = Bid::from_ladder(i).expect("a ladder position");
                    // P4: misère without the talon exists only with its option.
                    if b == Bid::MisereNoTalon && !self.o.misere_without_talon {
                        continue;
                    }
                    // A4: misère only as a player's first bid.
                    if b.is_misere() && self.has_bid[p] {
                        continue;
                    }
                    let ok = match self.highest {
                        // A6: the opening bid ranks at least the minimum.
                        None => self.min_opening.is_none_or(|m| b.ladder() >= m.ladder()),
                        // A2 higher (jumps allowed), A3 equal when holding.
                        Some((h, by)) => b.ladder() > h.ladder() || (b == h && self.may_hold(p, h, by)),
                    };
                    if ok {
                        out.push(Action::Bid(b));
                    }
                }
            }
            Phase::TalonChoice => out.extend([Action::TakeTalon, Action::PushTalon]),
            Phase::Discard => {
                // T1: any two of his twelve cards.
                let h = &self.hands[self.declarer];
                for i in 0..h.len() {
                    for j in i + 1..h.len() {
                        out.push(Action::discard(h[i], h[j]));
                    }
                }
            }
            Phase::Declare => {
                let (h, _) = self.highest.expect("a declarer has the highest bid");
                if h == Bid::Misere {
                    // T2: a misère bidder declares misère.
                    out.push(Action::Declare(Bid::Misere));
                } else {
                    // T2: any trick contract at or above his highest bid; never misère.
                    for level in 6..=10 {
                        for s in Strain::ALL {
                            let b = Bid::tricks(level, s).expect("a trick bid");
                            if b.ladder() >= h.ladder() {
                                out.push(Action::Declare(b));
                            }
                        }
                    }
                }
            }
            Phase::WhistFirst | Phase::WhistFirstAgain | Phase::HussarWhist | Phase::DealerWhist => {
                out.extend([Action::Whist, Action::Pass])
            }
            Phase::WhistSecond => {
                out.extend([Action::Whist, Action::Pass]);
                // W2: half-whist when the first passed a 6 or a 7.
                let level = self.contract.and_then(Bid::level);
                if self.calls[self.defenders()[0]] == WhistCall::Pass && matches!(level, Some(6 | 7)) {
                    out.push(Action::HalfWhist);
                }
            }
            Phase::DealerLook => {
                // docs/rules.md F3: pass, or look at one defender's hand of his choice.
                out.push(Action::Pass);
                for d in self.defenders() {
                    out.push(Action::Look(self.seat(d)));
                }
            }
            Phase::DefenceChoice(_) => out.extend([Action::Open, Action::Closed]),
            Phase::Play => self.legal_in_play(&mut out),
            Phase::Done => {}
        }
        out
    }

    /// Applies a legal action of the seat to move.
    pub fn apply(&mut self, a: Action) {
        match (self.phase, a) {
            (Phase::Auction(p), _) => self.auction_step(p, a),
            (Phase::TalonChoice, Action::TakeTalon) => self.take_talon(),
            (Phase::TalonChoice, Action::PushTalon) => {
                // F3: the declarer keeps his ten cards and declares without discarding.
                self.pushed = true;
                self.phase = Phase::Declare;
            }
            (Phase::Discard, Action::Discard(x, y)) => {
                // T1: the discard counts for nobody.
                self.hands[self.declarer].retain(|c| *c != x && *c != y);
                self.phase = Phase::Declare;
            }
            (Phase::Declare, Action::Declare(b)) => {
                self.contract = Some(b);
                self.after_declare();
            }
            (
                Phase::WhistFirst
                | Phase::WhistSecond
                | Phase::WhistFirstAgain
                | Phase::HussarWhist
                | Phase::DealerLook
                | Phase::DealerWhist
                | Phase::DefenceChoice(_),
                _,
            ) => self.whist_step(a),
            (Phase::Play, _) => self.play_step(a),
            (phase, a) => panic!("the model cannot apply {a} in {phase:?}"),
        }
    }

    /// A2–A5 (and A4's misère rule) for the bidder at `p`.
    fn auction_step(&mut self, p: usize, a: Action) {
        match a {
            Action::Pass => self.passed[p] = true, // A4: never bids again.
            Action::Bid(b) => {
                if let Some((h, by)) = self.highest {
                    // A4: a misère bidder outbid is out.
                    if b.ladder() > h.ladder() && self.misere_by == Some(by) {
                        self.passed[by] = true;
                        self.misere_by = None;
                    }
                }
                self.highest = Some((b, p));
                self.has_bid[p] = true;
                if b.is_misere() {
                    self.misere_by = Some(p);
                }
            }
            other => panic!("{other} in the auction"),
        }
        let bidders = self.bidders();
        let in_play: Vec<usize> = bidders.iter().copied().filter(|&q| !self.passed[q]).collect();
        match self.highest {
            // A5: all pass without a bid.
            None if in_play.is_empty() => return self.start_allpass(),
            // A5: after a bid, every other player has passed.
            Some((_, by)) if in_play == [by] => return self.auction_won(),
            _ => {}
        }
        // A2 clockwise; A4: a passed player, and a misère bidder holding the highest bid,
        // are skipped.
        let k = bidders.iter().position(|&q| q == p).expect("a bidder");
        for step in 1..=bidders.len() {
            let q = bidders[(k + step) % bidders.len()];
            if !self.passed[q] && self.misere_by != Some(q) {
                self.phase = Phase::Auction(q);
                return;
            }
        }
        panic!("the model's auction has nobody to speak");
    }

    /// A5, T1, P4, F3: the auction is won.
    fn auction_won(&mut self) {
        let (b, by) = self.highest.expect("a highest bid");
        self.declarer = by;
        if b == Bid::MisereNoTalon {
            // P4: no discard, no contract to declare; play starts at once.
            self.contract = Some(b);
            self.after_declare();
        } else if self.o.talon_push && !b.is_misere() {
            // docs/rules.md F3: a trick declarer chooses; a misère bidder always takes it.
            self.phase = Phase::TalonChoice;
        } else {
            self.take_talon();
        }
    }

    /// T1: the declarer takes the talon and then discards two.
    fn take_talon(&mut self) {
        let t = self.talon;
        self.hands[self.declarer].extend(t);
        self.phase = Phase::Discard;
    }
}
