//! The observation checks of the property tests (RULES.md section 7): what each viewer is
//! shown, derived independently of the engine's own flags.

use preferans::russian::PhaseKind;
use preferans::{Action, Bid, CardSet, DefenceMode, HandState, RussianHand, Seat, Viewer};

/// Every seat of the table and a spectator.
pub fn viewers(h: &RussianHand) -> Vec<Viewer> {
    (0..h.config().players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
        .collect()
}

/// The observation checks of `section7_observations_show_only_what_a_seat_may_see`, with the
/// open hands derived from the public facts (the rules, the history, the played cards) rather
/// than from the engine's own flags.
pub fn check_observations(h: &RussianHand, legal: &[Action]) {
    let cfg = *h.config();
    let players = cfg.players;
    let (hands, talon_left, discard, played) = h.card_places();
    let history = h.history();
    let phase = h.phase_kind();
    let contract = h.contract();
    let declarer = h.declarer();
    let dealer = h.dealer();
    let declarer_pos = (0..3).find(|p| declarer.is_some() && h.seat_of_position(*p) == declarer);

    // W4 / W7 / H1 / F3: is the defence open?
    let said = |a: Action| history.iter().any(|(_, x)| *x == a);
    let open_defence = match contract {
        None => false,
        Some(c) if c.is_misere() => players == 2 || cfg.misere_defence == preferans::rules::MisereDefence::Open,
        Some(c) if players == 2 => {
            said(Action::Whist)
                || (c.level() == Some(10) && cfg.ten_trick == preferans::rules::TenTrick::Checked)
                || (c == Bid::SIX_SPADES && cfg.stalingrad)
        }
        Some(_) => {
            said(Action::Open) || (players == 4 && history.iter().any(|(s, a)| *s == dealer && *a == Action::Whist))
        }
    };
    let in_play = matches!(phase, PhaseKind::Play | PhaseKind::Done);
    let spectator = h.observation(Viewer::Spectator);
    if contract.is_some() && phase == PhaseKind::Play {
        assert_eq!(
            spectator.defence == Some(DefenceMode::Open),
            open_defence,
            "open defence derived from the history disagrees with the observation"
        );
    }
    // W4 timing: laid down when play starts, or after the declarer's first card when he
    // (as eldest, P1) has the first lead.
    let laid_down = open_defence && in_play && (declarer != h.seat_of_position(0) || !played.is_empty());
    // T1 / P4 / X2: the talon is public once a declarer has it turned (not for misère without
    // talon); in all-pass only the talon cards already led are seen (they are played cards).
    let talon_public = declarer.is_some() && contract != Some(Bid::MisereNoTalon);
    // Once turned, the talon cards are known to everyone wherever they go (the declarer's
    // hand, his discard): they are no secret of a closed hand.
    let public_talon: CardSet = if talon_public {
        h.deal().talon().into_iter().collect()
    } else {
        CardSet::EMPTY
    };
    // F3: the 4-player dealer who looked at a defender's hand.
    let looked: Option<Seat> = history.iter().find_map(|(s, a)| match a {
        Action::Look(x) if players == 4 && *s == dealer => Some(*x),
        _ => None,
    });

    for viewer in viewers(h) {
        let obs = h.observation(viewer);
        let shown = obs.cards_shown();
        let visible = h.visible_cards(viewer);
        assert!(
            visible.is_superset(shown),
            "{viewer:?} is shown {} beyond what it may see",
            shown - visible
        );
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        for (p, (&cards, view)) in hands.iter().zip(&obs.hands).enumerate() {
            let seat = h.seat_of_position(p);
            let own = me.is_some() && seat == me;
            let open = laid_down && Some(p) != declarer_pos;
            let peeked = me == Some(dealer) && looked.is_some() && seat == looked;
            let allowed = own || open || peeked;
            assert_eq!(
                view.cards.is_some(),
                allowed,
                "{viewer:?}: hand at position {p} (seat {seat:?}) shown = {}, may see = {allowed}; history {history:?}",
                view.cards.is_some()
            );
            if !allowed {
                let leak = (shown & cards) - public_talon;
                assert!(
                    leak.is_empty(),
                    "{viewer:?} sees {leak} of the closed hand at position {p}; history {history:?}"
                );
            }
            assert_eq!(u32::from(view.size), cards.len());
        }
        if !talon_public {
            assert!(
                (shown & talon_left).is_empty(),
                "{viewer:?} sees the face-down talon card(s) {}",
                shown & talon_left
            );
            // X2 / F3: in an all-pass, the talon cards that have led a trick, top first.
            let led: Vec<_> = h.deal().talon().into_iter().filter(|c| played.contains(*c)).collect();
            assert_eq!(obs.talon, led, "{viewer:?}: only the talon cards already led are known");
        } else {
            assert_eq!(obs.talon, h.deal().talon().to_vec());
        }
        let is_declarer = me.is_some() && me == declarer;
        if is_declarer {
            assert_eq!(obs.discard, Some(discard).filter(|d| !d.is_empty()));
        } else {
            let leak = (shown & discard) - public_talon;
            assert!(leak.is_empty(), "{viewer:?} sees the discard {leak}");
            assert_eq!(obs.discard, None);
            assert!(
                obs.history.iter().all(|(_, a)| !matches!(a, Some(Action::Discard(..)))),
                "{viewer:?} sees the discard in the history"
            );
        }
        // Played cards are public; everything shown is accounted for.
        let accounted: CardSet = (0..3)
            .filter(|p| obs.hands[*p].cards.is_some())
            .fold(played, |s, p| s | hands[p])
            | public_talon
            | if is_declarer { discard } else { CardSet::EMPTY };
        assert!(
            accounted.is_superset(shown),
            "{viewer:?} is shown {} from nowhere",
            shown - accounted
        );
        // The viewer's legal actions only when he is to move.
        if me.is_some() && obs.to_move == me {
            assert_eq!(obs.legal_actions, legal);
        } else {
            assert!(obs.legal_actions.is_empty());
        }
    }
}
