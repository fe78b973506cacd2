//! What `pref play --plain` prints: the table as a seat sees it, the choices, what the bots
//! did. Only the seat's own observation is read (RULES.md section 7).

use preferans::observation::{DealerRole, Holder, Observation, OfferView, TalonFate};
use preferans::outcome::WhistCall;
use preferans::russian::PhaseKind;
use preferans::{Action, Bid, Match, Seat};

pub fn holder_name(h: Holder, me: Seat) -> String {
    match h {
        Holder::Seat(s) if s == me => "you".into(),
        Holder::Seat(s) => format!("seat {s}"),
        Holder::Dummy => "dummy".into(),
        Holder::Talon => "talon".into(),
    }
}

/// A trick's cards as the user reads them: "seat 1 A♠, you 7♠".
pub fn trick_text(cards: &[preferans::observation::TrickCard], me: Seat, ascii: bool) -> String {
    cards
        .iter()
        .map(|t| {
            format!(
                "{} {}",
                holder_name(t.by, me),
                pick(ascii, t.card.symbol_text(), t.card)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `symbols` on a terminal that shows suit symbols, else the plain text (`--ascii`).
pub fn pick(ascii: bool, symbols: String, plain: impl std::fmt::Display) -> String {
    if ascii {
        plain.to_string()
    } else {
        symbols
    }
}

/// A text of the rules crate (a hand's summary) with its suit symbols as letters under
/// `--ascii` ("declared 6♥" → "declared 6H", as the ASCII bids read).
pub fn ascii_suits(ascii: bool, text: String) -> String {
    if !ascii {
        return text;
    }
    text.chars()
        .map(|c| match c {
            '♠' => 'S',
            '♣' => 'C',
            '♦' => 'D',
            '♥' => 'H',
            other => other,
        })
        .collect()
}

/// What a bot did, as the user reads it (`obs` is the bot's observation before it acted):
/// bids and cards say which they are (an 8♥ bid and an 8♥ played would look alike), a card
/// from another hand says whose (W4's open whist, the Hussar dummy), an offer says how it
/// shares the tricks left (P3), a discard stays hidden.
pub fn bot_action_text(a: Action, obs: &Observation, offer: Option<OfferView>, me: Seat, ascii: bool) -> String {
    match a {
        Action::Discard(..) => "discards two cards".to_string(),
        // A3: a hold says so, or "bids 6♣" right after another's 6♣ reads as a mistake.
        Action::Bid(b) if obs.is_hold(a) => format!("holds {}", pick(ascii, b.symbol_text(), b)),
        Action::Bid(b) => format!("bids {}", pick(ascii, b.symbol_text(), b)),
        Action::Declare(b) => format!("declares {}", pick(ascii, b.symbol_text(), b)),
        Action::Play(c) => {
            let card = pick(ascii, c.symbol_text(), c);
            let hand = obs
                .to_play
                .and_then(|p| obs.hands.get(usize::from(p)))
                .map(|h| h.holder);
            match hand {
                Some(Holder::Seat(s)) if Some(s) == obs.seat => format!("plays {card}"),
                Some(Holder::Seat(s)) if s == me => format!("plays your {card}"),
                Some(Holder::Seat(s)) => format!("plays seat {s}'s {card}"),
                Some(Holder::Dummy) => format!("plays the dummy's {card}"),
                _ => format!("plays {card}"),
            }
        }
        Action::Offer(_) => match offer {
            Some(off) => {
                let d = off.declarer_share(obs.tricks_done);
                format!(
                    "offers to end the hand: of the {} left, the declarer takes {d} and the defence {}",
                    crate::describe::count(usize::from(off.remaining), "trick"),
                    off.remaining.saturating_sub(d)
                )
            }
            None => pick(ascii, a.symbol_text(), a),
        },
        other => pick(ascii, other.symbol_text(), other),
    }
}

/// F1: the four-player dealer holds no hand in play.
pub fn sits_out(o: &Observation, me: Seat) -> bool {
    !o.hands.iter().any(|h| h.holder == Holder::Seat(me))
}

/// What the four-player dealer does this hand (the rules crate's [`Observation::dealer_role`],
/// F1, F3), for `me` holding no hand; `None` for a seat that holds one.
pub fn dealer_role(m: &Match, o: &Observation, me: Seat) -> Option<&'static str> {
    if !sits_out(o, me) {
        return None;
    }
    Some(match o.dealer_role(m.rules()) {
        Some(DealerRole::MayLookAndWhist) => {
            "you deal (F1); both defenders passed: look at a hand, whist for both (F3)"
        }
        Some(DealerRole::PlaysDefenders) => "you deal (F1) and play the defenders' hands for them (F3)",
        Some(DealerRole::LeadsTalon) => {
            "you deal (F1) and own the talon: its cards lead the first two tricks for you (F3)"
        }
        Some(DealerRole::SitsOut) | None => "you deal and sit this hand out (F1)",
    })
}

/// The all-pass line (X1): what the players are after, and the X3 multiplier; a dealer who
/// sits it out is not told to take few tricks.
pub fn allpass_line(m: &Match, o: &Observation, me: Seat) -> String {
    let times = allpass_times(m);
    let leads_talon = o.dealer_role(m.rules()) == Some(DealerRole::LeadsTalon);
    if sits_out(o, me) && !leads_talon {
        format!("all-pass{times}: the players take as few tricks as they can")
    } else {
        format!("all-pass{times}: take as few tricks as you can")
    }
}

/// What became of the talon shown, once the auction is won (the rules crate says where it
/// went), so that a talon card in a hand or played is not read as a second copy.
pub fn talon_note(o: &Observation) -> &'static str {
    match o.talon_fate() {
        Some(TalonFate::Declarer) => " (taken by the declarer)",
        Some(TalonFate::Dealer) => " (pushed to the dealer)",
        Some(TalonFate::OutOfPlay) => " (out of play)",
        None => "",
    }
}

/// The table as `me` sees it: the hands (own cards, open hands, sizes), the talon when it
/// is public, the contract, the trick on the table.
pub fn table_text(m: &Match, o: &Observation, me: Seat, ascii: bool) -> String {
    let mut s = format!("\n-- {}, dealer seat {} --\n", o.phase.label(), o.dealer);
    if let Some(role) = dealer_role(m, o, me) {
        s += &format!("  {role}\n");
    }
    for h in &o.hands {
        let cards = h.cards.map_or(
            format!("({})", crate::describe::count(usize::from(h.size), "card")),
            |c| pick(ascii, c.symbol_text(), c),
        );
        s += &format!("  {:<8} {cards}  tricks {}\n", holder_name(h.holder, me), h.tricks);
    }
    // F3 `dealer_allpass_talon`: the sitting-out dealer's tricks with the talon cards.
    if o.contract.is_none() && o.dealer_tricks > 0 {
        s += &format!(
            "  {:<8} tricks {} with the talon\n",
            holder_name(Holder::Seat(o.dealer), me),
            o.dealer_tricks
        );
    }
    if !o.talon.is_empty() {
        let whose = talon_note(o);
        s += &format!(
            "  talon    {}{whose}\n",
            o.talon
                .iter()
                .map(|c| pick(ascii, c.symbol_text(), c))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    if let Some(c) = o.contract {
        s += &format!(
            "  contract {} by seat {}\n",
            pick(ascii, c.symbol_text(), c),
            o.declarer.unwrap_or(0)
        );
    } else if o.phase == PhaseKind::Play {
        // X1: nobody bid; every trick counts against the one who takes it.
        s += &format!("  {}\n", allpass_line(m, o, me));
    } else if let Some((seat, b)) = o.highest_bid {
        s += &format!("  highest bid {} by seat {seat}\n", pick(ascii, b.symbol_text(), b));
    }
    if !o.trick.is_empty() {
        s += &format!("  trick    {}\n", trick_text(&o.trick, me, ascii));
    }
    s
}

/// The choices listed with numbers: the legal actions without the offers (P3: eleven of
/// them on every turn; they are typed, `offer 3`).
pub fn numbered_choices(o: &Observation) -> Vec<Action> {
    o.legal_actions
        .iter()
        .filter(|a| !matches!(a, Action::Offer(_)))
        .copied()
        .collect()
}

/// X3: " (counts ×2, X3)" when the all-pass being played counts more than once, else "".
pub fn allpass_times(m: &Match) -> String {
    let times = m.allpass_multiplier(m.allpass_streak() + 1);
    if times > 1 {
        format!(" (counts ×{times}, X3)")
    } else {
        String::new()
    }
}

/// A6: after all-passes the bidding may open higher: "after 1 all-pass the bidding opens at
/// 7♠ (A6)", the bid in `bid`'s words; `None` when it opens as usual.
pub fn opening_note(m: &Match, bid: impl Fn(Bid) -> String) -> Option<String> {
    let b = m.min_opening()?;
    let n = m.allpass_streak();
    Some(format!(
        "after {n} all-pass{} the bidding opens at {} (A6)",
        if n == 1 { "" } else { "es" },
        bid(b)
    ))
}

/// What a call does, for the decisions whose words say little by themselves.
pub fn decision_note(m: &Match, o: &Observation) -> &'static str {
    let legal = |a: Action| o.legal_actions.contains(&a);
    if legal(Action::PushTalon) && m.rules().mountain_as_whists() {
        // Section 3: Rostov keeps no mountain; its point is 5 whists from each other player.
        "  take: the talon into your hand, then discard two; push: it goes to the dealer (his mountain point: 5 whists on him from each other player) and you play your ten cards (F3)\n"
    } else if legal(Action::PushTalon) {
        "  take: the talon into your hand, then discard two; push: it goes to the dealer (a mountain point for him) and you play your ten cards (F3)\n"
    } else if legal(Action::Open) {
        "  open: both defenders' hands face up to everyone, you play both (W4); closed: each plays his own\n"
    } else if legal(Action::HalfWhist) {
        "  half-whist (W2): the other defender may then whist and play, or pass and end the hand (S7)\n"
    } else if o.phase == PhaseKind::Whist
        && legal(Action::Whist)
        && o.hands.iter().any(|h| h.call == WhistCall::HalfWhist)
    {
        "  the other defender half-whisted: whist and play on alone, or pass and the hand ends, scored as a half-whist (W2, S7)\n"
    } else if o.legal_actions.iter().any(|a| matches!(a, Action::Look(_))) {
        "  both defenders passed (F3): you may look at one defender's hand, then whist for both or pass\n"
    } else {
        ""
    }
}

/// The screen for the user's turn: the table and the choices.
pub fn show(m: &Match, o: &Observation, me: Seat, ascii: bool) -> String {
    let mut s = table_text(m, o, me, ascii);
    // P3: answering an offer is not playing the offering hand's cards (as the terminal says).
    if let Some(off) = o.offer.filter(|_| o.legal_actions.contains(&Action::Accept)) {
        let d = off.declarer_share(o.tricks_done);
        s += &format!(
            "  you answer {}'s offer: of the {} left, the declarer takes {d} and the defence {}\n",
            holder_name(Holder::Seat(off.by), me),
            crate::describe::count(usize::from(off.remaining), "trick"),
            off.remaining.saturating_sub(d)
        );
    } else if let Some(h) = o.to_play.and_then(|p| o.hands.get(usize::from(p))) {
        // An open whist, the 4-player dealer's whist, Hussar's dummy: another hand's cards.
        if o.phase == PhaseKind::Play && h.holder != Holder::Seat(me) {
            let whose = match h.holder {
                Holder::Dummy => "the dummy".to_string(),
                other => holder_name(other, me),
            };
            s += &format!("  you play {whose}'s hand\n");
        }
    }
    if o.phase == PhaseKind::Discard {
        // 66 numbered pairs say less than the rule.
        s += "  your choice: two of your cards to discard, typed, e.g. 7s 8d\n";
        return s;
    }
    s += decision_note(m, o);
    if o.phase == PhaseKind::Auction {
        if let Some(note) = opening_note(m, |b| pick(ascii, b.symbol_text(), b)) {
            s += &format!("  {note}\n");
        }
    }
    let list: Vec<String> = numbered_choices(o)
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let hold = if o.is_hold(*a) { " (hold)" } else { "" };
            format!("{}:{}{hold}", i + 1, pick(ascii, a.symbol_text(), a))
        })
        .collect();
    s += &format!("  your choices: {}\n", list.join("  "));
    if o.legal_actions.iter().any(|a| matches!(a, Action::Offer(_))) {
        s += "  or offer: type offer N, your side taking N of the tricks left\n";
    }
    s
}

#[cfg(test)]
#[path = "play_view_tests.rs"]
mod tests;
