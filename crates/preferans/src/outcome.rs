//! What a finished hand yields: the input of the scorer (issue "Scoring") and of the match.

use crate::bid::Bid;
use crate::{Rules, Seat};

/// A defender's call in the whist round (W2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum WhistCall {
    /// No whist round for this contract (misère, W7).
    None,
    /// Passed (also a half-whister after the first defender whisted, W2; the Hussar dummy, H2).
    Pass,
    /// Whisted (also both defenders of a checked 10, W6, or of Stalingrad, W5).
    Whist,
    /// Half-whist that ended the hand (W2, S7).
    HalfWhist,
}

/// How the defenders played (W4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DefenceMode {
    /// Both defenders' hands face up.
    Open,
    /// Each defender's hand closed.
    Closed,
}

/// How a contract hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Resolution {
    /// All ten tricks were played.
    Played,
    /// Both defenders passed: scored as made exactly, without play (W3, H1).
    BothPassed,
    /// The first defender passed after a half-whist (W2, S7).
    HalfWhist,
    /// An offer was accepted (P3).
    Offer,
}

/// One defender of a contract, in speaking order (the first sits at the declarer's left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct DefenderOutcome {
    /// The defender's seat; `None` for the Hussar dummy (H1).
    pub seat: Option<Seat>,
    /// His final call.
    pub call: WhistCall,
    /// Tricks that count for him (with an accepted offer, the defence's share goes to the
    /// single whister; misère or no single whister: to the first defender).
    pub tricks: u8,
}

/// An accepted offer (P3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct AcceptedOffer {
    /// Who offered.
    pub by: Seat,
    /// True when the declarer's side offered.
    pub declarer_side: bool,
    /// Tricks the offering side takes of the remaining ones.
    pub tricks: u8,
    /// Tricks that remained (10 minus completed tricks).
    pub remaining: u8,
}

/// The result of a contract hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct ContractOutcome {
    /// The declarer's seat.
    pub declarer: Seat,
    /// The declared contract.
    pub contract: Bid,
    /// The declarer's tricks.
    pub declarer_tricks: u8,
    /// The defenders: `[first, second]`, the first at the declarer's left.
    pub defenders: [DefenderOutcome; 2],
    /// How the hand ended.
    pub resolution: Resolution,
    /// Open or closed defence, when played.
    pub defence: Option<DefenceMode>,
    /// F3: the dealer whisted in the defenders' place.
    pub dealer_whist: bool,
    /// F3: the declarer pushed the talon to the dealer.
    pub talon_pushed: bool,
    /// P3: the accepted offer, if any.
    pub offer: Option<AcceptedOffer>,
}

impl ContractOutcome {
    /// Whether the declarer failed (short of his level; misère with a trick). Used by the
    /// all-pass series (X3). A contract scored without play (both defenders passed, a
    /// half-whist) counts as made: its declarer's tricks are not played ones.
    pub fn failed(&self) -> bool {
        if matches!(self.resolution, Resolution::BothPassed | Resolution::HalfWhist) {
            return false;
        }
        match self.contract.level() {
            Some(level) => self.declarer_tricks < level,
            None => self.declarer_tricks > 0,
        }
    }
}

/// "1 trick", "2 tricks".
fn tricks(n: u8) -> String {
    if n == 1 {
        "1 trick".into()
    } else {
        format!("{n} tricks")
    }
}

/// What a finished hand yields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(tag = "kind", rename_all = "kebab-case", from = "OutcomeRecord")
)]
pub enum HandOutcome {
    /// Nobody bid with two players: thrown in, no score (H3).
    ThrownIn,
    /// All-pass (X1): tricks taken by each seat (with F3 `dealer_allpass_talon`, the dealer's
    /// tricks too).
    AllPass {
        /// Tricks by table seat.
        tricks: [u8; 4],
    },
    /// A contract (or misère) was declared.
    Contract(ContractOutcome),
}

/// [`HandOutcome`] as a record's reader takes it: the same JSON, with a thrown-in hand as an
/// empty struct so that, like every other part of a record, it refuses unknown fields
/// (serde lets a unit variant of a tagged enum carry any).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
enum OutcomeRecord {
    ThrownIn {},
    AllPass { tricks: [u8; 4] },
    Contract(ContractOutcome),
}

#[cfg(feature = "serde")]
impl From<OutcomeRecord> for HandOutcome {
    fn from(o: OutcomeRecord) -> HandOutcome {
        match o {
            OutcomeRecord::ThrownIn {} => HandOutcome::ThrownIn,
            OutcomeRecord::AllPass { tricks } => HandOutcome::AllPass { tricks },
            OutcomeRecord::Contract(c) => HandOutcome::Contract(c),
        }
    }
}

impl HandOutcome {
    /// One line for the outcome, for logs and UIs (e.g. "seat 1 declared 7♠, took 7 tricks; …").
    pub fn summary(&self) -> String {
        self.summary_naming(|s| format!("seat {s}"))
    }

    /// [`HandOutcome::summary`] with each seat called by `name` (e.g. "you", a player's
    /// name) instead of "seat N".
    /// Without the table it cannot tell a seat that took no trick from one that sat out, so
    /// an all-pass lists only the seats that took tricks; [`HandOutcome::summary_at_table`]
    /// lists them all.
    pub fn summary_naming(&self, name: impl Fn(Seat) -> String) -> String {
        self.summary_where(|_, n| n > 0, None, name)
    }

    /// [`HandOutcome::summary_naming`] for a hand under `rules` dealt by `dealer`: an
    /// all-pass names every seat that played it, one that took no trick too (the best result,
    /// S6), and never the 4-player dealer who sat out (section 4) — unless he played it with
    /// the talon's leads (F3 `dealer_allpass_talon`): then he is named with no trick too.
    pub fn summary_at_table(&self, rules: &Rules, dealer: Seat, name: impl Fn(Seat) -> String) -> String {
        let players = rules.players();
        let dealer_played = rules.dealer_plays_allpass_talon();
        self.summary_where(
            |s, n| s < players && (n > 0 || players != 4 || s != dealer || dealer_played),
            Some(dealer),
            name,
        )
    }

    /// The summary, listing an all-pass's seat `s` with `n` tricks where `listed(s, n)`;
    /// `dealer` names the F3 dealer who whisted, when known.
    fn summary_where(
        &self,
        listed: impl Fn(Seat, u8) -> bool,
        dealer: Option<Seat>,
        name: impl Fn(Seat) -> String,
    ) -> String {
        match self {
            HandOutcome::ThrownIn => "thrown in (no bid)".into(),
            HandOutcome::AllPass { tricks } => {
                // "took" keeps a name that ends in a number apart from the count.
                let t: Vec<String> = tricks
                    .iter()
                    .enumerate()
                    .filter(|(s, n)| listed(*s as Seat, **n))
                    .map(|(s, n)| match n {
                        0 => format!("{} took no tricks", name(s as Seat)),
                        _ => format!("{} took {}", name(s as Seat), self::tricks(*n)),
                    })
                    .collect();
                format!(
                    "all-pass: {}",
                    if t.is_empty() {
                        "no tricks taken".into()
                    } else {
                        t.join(", ")
                    }
                )
            }
            HandOutcome::Contract(c) => {
                // An unplayed contract (W3, S7) took no tricks: no counts are shown for it.
                let unplayed = matches!(c.resolution, Resolution::BothPassed | Resolution::HalfWhist);
                let calls: Vec<String> = c
                    .defenders
                    .iter()
                    .map(|d| {
                        // H1: the dummy makes no call; only its tricks are told.
                        let Some(seat) = d.seat else {
                            return if unplayed {
                                String::new()
                            } else {
                                format!("dummy ({})", tricks(d.tricks))
                            };
                        };
                        let who = name(seat);
                        let call = match d.call {
                            // A misère's defenders (W7) make no call.
                            WhistCall::None => " defended",
                            WhistCall::Pass => " passed",
                            WhistCall::Whist => " whisted",
                            WhistCall::HalfWhist => " half-whisted",
                        };
                        if unplayed {
                            format!("{who}{call}")
                        } else {
                            format!("{who}{call} ({})", tricks(d.tricks))
                        }
                    })
                    .filter(|said| !said.is_empty())
                    .collect();
                // F3 `dealer_whist_when_both_pass`: the passers' hands were the dealer's to
                // play; the whists and the responsibility are his.
                let calls = if c.dealer_whist {
                    let who = dealer.map_or("the dealer".to_string(), |d| format!("{} (dealer)", name(d)));
                    format!("{}; {who} whisted for them", calls.join(", "))
                } else {
                    calls.join(", ")
                };
                let how = match c.resolution {
                    Resolution::Played => "played".to_string(),
                    Resolution::BothPassed => "not played: the defence passed".into(),
                    Resolution::HalfWhist => "not played: half-whist".into(),
                    Resolution::Offer => match c.offer {
                        // Worded so that any name fits ("you" too).
                        Some(o) => format!(
                            "ended by an offer from {} ({}), accepted: that side takes {} of the {} left",
                            name(o.by),
                            if o.declarer_side { "declarer" } else { "defence" },
                            o.tricks,
                            tricks(o.remaining)
                        ),
                        None => "ended by an accepted offer".into(),
                    },
                };
                // An unplayed contract is scored as made.
                let took = if unplayed {
                    String::new()
                } else {
                    format!(", took {}", tricks(c.declarer_tricks))
                };
                // F3 `talon_push`: the push writes the dealer a mountain point; say it.
                let pushed = if c.talon_pushed {
                    " pushed the talon to the dealer and"
                } else {
                    ""
                };
                format!(
                    "{}{pushed} declared {}{took}; {}; {}{}",
                    name(c.declarer),
                    c.contract.symbol_text(),
                    calls,
                    how,
                    c.defence
                        .map_or(String::new(), |d| format!(", defence {d:?}").to_lowercase())
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Strain, Suit};

    /// The Sochi rules with four players (section 4).
    fn four_players() -> Rules {
        let mut r = Rules::sochi();
        r.set("players", "4").unwrap();
        r
    }

    fn names(s: Seat) -> String {
        ["you", "Anna", "heuristic 2"][usize::from(s)].to_string()
    }

    /// X3: what counts as a failed contract for the all-pass series — short of the level, a
    /// misère with any trick; never a hand scored without play (W3, W2).
    #[test]
    fn x3_failed_contracts_misere_with_a_trick_and_short_of_the_level() {
        let defender = |seat| DefenderOutcome {
            seat: Some(seat),
            call: WhistCall::Whist,
            tricks: 0,
        };
        let outcome = |contract: Bid, declarer_tricks, resolution| ContractOutcome {
            declarer: 1,
            contract,
            declarer_tricks,
            defenders: [defender(2), defender(0)],
            resolution,
            defence: None,
            dealer_whist: false,
            talon_pushed: false,
            offer: None,
        };
        let six = Bid::tricks(6, Strain::ALL[Suit::Hearts.index()]).unwrap();
        assert!(outcome(six, 5, Resolution::Played).failed());
        assert!(!outcome(six, 6, Resolution::Played).failed());
        assert!(outcome(six, 5, Resolution::Offer).failed());
        assert!(!outcome(six, 0, Resolution::BothPassed).failed());
        assert!(!outcome(six, 0, Resolution::HalfWhist).failed());
        for misere in [Bid::Misere, Bid::MisereNoTalon] {
            assert!(!outcome(misere, 0, Resolution::Played).failed());
            assert!(outcome(misere, 1, Resolution::Played).failed());
            assert!(outcome(misere, 3, Resolution::Offer).failed());
        }
    }

    #[test]
    fn summaries_name_seats_or_people() {
        let c = ContractOutcome {
            declarer: 1,
            contract: Bid::tricks(7, Strain::ALL[Suit::Spades.index()]).unwrap(),
            declarer_tricks: 7,
            defenders: [
                DefenderOutcome {
                    seat: Some(2),
                    call: WhistCall::Whist,
                    tricks: 2,
                },
                DefenderOutcome {
                    seat: Some(0),
                    call: WhistCall::Pass,
                    tricks: 1,
                },
            ],
            resolution: Resolution::Offer,
            defence: Some(DefenceMode::Open),
            dealer_whist: false,
            talon_pushed: false,
            offer: Some(AcceptedOffer {
                by: 1,
                declarer_side: true,
                tricks: 3,
                remaining: 4,
            }),
        };
        let o = HandOutcome::Contract(c);
        assert_eq!(
            o.summary(),
            "seat 1 declared 7♠, took 7 tricks; seat 2 whisted (2 tricks), seat 0 passed (1 trick); \
             ended by an offer from seat 1 (declarer), accepted: that side takes 3 of the 4 tricks left, defence open"
        );
        assert_eq!(
            o.summary_naming(names),
            "Anna declared 7♠, took 7 tricks; heuristic 2 whisted (2 tricks), you passed (1 trick); \
             ended by an offer from Anna (declarer), accepted: that side takes 3 of the 4 tricks left, defence open"
        );
        let all_pass = HandOutcome::AllPass { tricks: [4, 0, 6, 0] };
        let mut four = four_players();
        assert_eq!(
            all_pass.summary(),
            "all-pass: seat 0 took 4 tricks, seat 2 took 6 tricks"
        );
        assert_eq!(
            all_pass.summary_naming(names),
            "all-pass: you took 4 tricks, heuristic 2 took 6 tricks"
        );
        assert_eq!(
            all_pass.summary_at_table(&four, 1, |s| format!("seat {s}")),
            "all-pass: seat 0 took 4 tricks, seat 2 took 6 tricks, seat 3 took no tricks",
            "section 4: the dealer (seat 1) sat out"
        );
        // F3: a dealer who led the talon's cards played the all-pass, with or without a trick.
        four.set("dealer_allpass_talon", "true").unwrap();
        assert_eq!(
            all_pass.summary_at_table(&four, 1, |s| format!("seat {s}")),
            "all-pass: seat 0 took 4 tricks, seat 1 took no tricks, seat 2 took 6 tricks, seat 3 took no tricks",
        );
        let three = HandOutcome::AllPass { tricks: [4, 0, 6, 0] };
        assert_eq!(
            three.summary_at_table(&Rules::sochi(), 0, |s| format!("seat {s}")),
            "all-pass: seat 0 took 4 tricks, seat 1 took no tricks, seat 2 took 6 tricks"
        );
        assert_eq!(HandOutcome::ThrownIn.summary_naming(names), "thrown in (no bid)");
    }

    #[test]
    fn w3_s7_an_unplayed_contract_names_no_trick_counts() {
        let defender = |seat, call| DefenderOutcome {
            seat: Some(seat),
            call,
            tricks: 0,
        };
        let unplayed = |resolution, calls: [WhistCall; 2]| {
            HandOutcome::Contract(ContractOutcome {
                declarer: 0,
                contract: Bid::tricks(6, Strain::ALL[Suit::Spades.index()]).unwrap(),
                declarer_tricks: 0,
                defenders: [defender(1, calls[0]), defender(2, calls[1])],
                resolution,
                defence: None,
                dealer_whist: false,
                talon_pushed: false,
                offer: None,
            })
            .summary_naming(names)
        };
        assert_eq!(
            unplayed(Resolution::HalfWhist, [WhistCall::Pass, WhistCall::HalfWhist]),
            "you declared 6♠; Anna passed, heuristic 2 half-whisted; not played: half-whist"
        );
        assert_eq!(
            unplayed(Resolution::BothPassed, [WhistCall::Pass, WhistCall::Pass]),
            "you declared 6♠; Anna passed, heuristic 2 passed; not played: the defence passed"
        );
    }

    #[test]
    fn f3_a_pushed_talon_is_told() {
        let defender = |seat, tricks| DefenderOutcome {
            seat: Some(seat),
            call: WhistCall::Whist,
            tricks,
        };
        let pushed = |talon_pushed| {
            HandOutcome::Contract(ContractOutcome {
                declarer: 1,
                contract: Bid::tricks(6, Strain::ALL[Suit::Spades.index()]).unwrap(),
                declarer_tricks: 4,
                defenders: [defender(2, 3), defender(3, 3)],
                resolution: Resolution::Played,
                defence: Some(DefenceMode::Closed),
                dealer_whist: false,
                talon_pushed,
                offer: None,
            })
            .summary_at_table(&four_players(), 0, |s| format!("seat {s}"))
        };
        assert_eq!(
            pushed(true),
            "seat 1 pushed the talon to the dealer and declared 6♠, took 4 tricks; seat 2 whisted (3 tricks), seat 3 whisted (3 tricks); played, defence closed"
        );
        assert!(!pushed(false).contains("push"), "{}", pushed(false));
    }

    #[test]
    fn f3_the_dealer_s_whist_is_told() {
        let passer = |seat, tricks| DefenderOutcome {
            seat: Some(seat),
            call: WhistCall::Pass,
            tricks,
        };
        let o = HandOutcome::Contract(ContractOutcome {
            declarer: 1,
            contract: Bid::tricks(6, Strain::ALL[Suit::Hearts.index()]).unwrap(),
            declarer_tricks: 5,
            defenders: [passer(2, 3), passer(3, 2)],
            resolution: Resolution::Played,
            defence: Some(DefenceMode::Open),
            dealer_whist: true,
            talon_pushed: false,
            offer: None,
        });
        assert_eq!(
            o.summary_at_table(&four_players(), 0, |s| format!("seat {s}")),
            "seat 1 declared 6♥, took 5 tricks; seat 2 passed (3 tricks), seat 3 passed (2 tricks); seat 0 (dealer) whisted for them; played, defence open"
        );
        assert!(
            o.summary().contains("; the dealer whisted for them;"),
            "{}",
            o.summary()
        );
    }

    #[test]
    fn h1_the_hussar_dummy_makes_no_call() {
        let hussar = |resolution, tricks| {
            HandOutcome::Contract(ContractOutcome {
                declarer: 0,
                contract: Bid::tricks(7, Strain::ALL[Suit::Hearts.index()]).unwrap(),
                declarer_tricks: 10 - tricks - 1,
                defenders: [
                    DefenderOutcome {
                        seat: None,
                        call: WhistCall::Pass,
                        tricks,
                    },
                    DefenderOutcome {
                        seat: Some(1),
                        call: WhistCall::Whist,
                        tricks: 1,
                    },
                ],
                resolution,
                defence: Some(DefenceMode::Open),
                dealer_whist: false,
                talon_pushed: false,
                offer: None,
            })
            .summary_naming(names)
        };
        assert_eq!(
            hussar(Resolution::Played, 2),
            "you declared 7♥, took 7 tricks; dummy (2 tricks), Anna whisted (1 trick); played, defence open"
        );
        let unplayed = hussar(Resolution::BothPassed, 0);
        assert!(!unplayed.contains("dummy"), "{unplayed}");
    }

    #[test]
    fn w7_a_miseres_defenders_are_said_to_defend() {
        let defender = |seat, tricks| DefenderOutcome {
            seat: Some(seat),
            call: WhistCall::None,
            tricks,
        };
        let o = HandOutcome::Contract(ContractOutcome {
            declarer: 1,
            contract: Bid::Misere,
            declarer_tricks: 1,
            defenders: [defender(2, 7), defender(0, 2)],
            resolution: Resolution::Played,
            defence: Some(DefenceMode::Open),
            dealer_whist: false,
            talon_pushed: false,
            offer: None,
        });
        assert_eq!(
            o.summary(),
            "seat 1 declared misère, took 1 trick; seat 2 defended (7 tricks), seat 0 defended (2 tricks); played, defence open"
        );
    }

    /// A record's reader refuses unknown fields (docs/record-format.md) in every kind of
    /// outcome, not only in a contract's.
    #[test]
    fn every_kind_of_outcome_refuses_unknown_fields() {
        let read = |text: &str| serde_json::from_str::<HandOutcome>(text).map_err(|e| e.to_string());
        assert_eq!(read(r#"{"kind":"thrown-in"}"#), Ok(HandOutcome::ThrownIn));
        assert_eq!(
            read(r#"{"kind":"all-pass","tricks":[4,3,3,0]}"#),
            Ok(HandOutcome::AllPass { tricks: [4, 3, 3, 0] })
        );
        for text in [
            r#"{"kind":"thrown-in","anything":42}"#,
            r#"{"kind":"all-pass","tricks":[4,3,3,0],"foo":"bar"}"#,
            r#"{"kind":"all-pass","tricks":[4,3,3,0],"declarer":2}"#,
        ] {
            let err = read(text).unwrap_err();
            assert!(err.contains("unknown field"), "{text}: {err}");
        }
    }
}
