//! Screens of the terminal game on a test backend (snapshots in `snapshots/`), driven by
//! scripted keys, and a whole match played through the keyboard.

use super::*;
use preferans::Rules;
use preferans_bots::bot_by_name;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

fn app(seed: u64, hands: u32, players: u8) -> App {
    let rules = Rules::sochi().with("players", &players.to_string()).unwrap();
    let bots = (0..players)
        .map(|s| bot_by_name(if s == 0 { "random" } else { "heuristic" }, seed + u64::from(s)).unwrap())
        .collect();
    no_pause(App::new(
        Match::new(rules, seed, 0, Some(hands)),
        bots,
        0,
        false,
        None,
        seed,
    ))
}

/// Most tests play hand after hand without the pause between hands (its own test has it).
fn no_pause(mut a: App) -> App {
    a.pause_between_hands = false;
    a
}

fn screen(app: &App) -> String {
    screen_sized(app, 80, 24)
}

fn screen_sized(app: &App, width: u16, height: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(width, height)).unwrap();
    t.draw(|f| draw(f, app)).unwrap();
    let buf = t.backend().buffer().clone();
    let mut s = String::new();
    for y in 0..buf.area.height {
        let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol().to_string()).collect();
        // No-break spaces (inside a suit) read as spaces.
        s += line.replace('\u{a0}', " ").trim_end();
        s.push('\n');
    }
    s
}

fn key(app: &mut App, code: KeyCode) {
    app.key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        key(app, KeyCode::Char(c));
    }
    key(app, KeyCode::Enter);
}

/// Lets the bots act until the user is to move (or the match ends).
fn bots_until_user(app: &mut App) {
    while app.step_bot() {}
}

mod keys;
mod turns;

#[test]
fn auction_screen() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    insta::assert_snapshot!("auction", screen(&a));
}

#[test]
fn whist_play_and_overlays() {
    let mut a = app(3, 2, 3);
    bots_until_user(&mut a);
    type_text(&mut a, "pass");
    bots_until_user(&mut a);
    insta::assert_snapshot!("whist", screen(&a));
    key(&mut a, KeyCode::Char('?'));
    insta::assert_snapshot!("help", screen(&a));
    key(&mut a, KeyCode::Esc);
    key(&mut a, KeyCode::Char('!'));
    assert!(matches!(a.overlay, Overlay::Hints(_)));
    insta::assert_snapshot!("hints", screen(&a));
    key(&mut a, KeyCode::Esc);
    type_text(&mut a, "whist");
    bots_until_user(&mut a);
    insta::assert_snapshot!("play", screen(&a));
    key(&mut a, KeyCode::Tab);
    insta::assert_snapshot!("sheet", screen(&a));
}

#[test]
fn four_players_and_hussar_screens() {
    let mut a = app(5, 2, 4);
    bots_until_user(&mut a);
    insta::assert_snapshot!("four_players", screen(&a));
    let mut a = app(5, 1, 2);
    bots_until_user(&mut a);
    insta::assert_snapshot!("hussar", screen(&a));
}

#[test]
fn a_whole_match_by_keyboard_ends_with_the_settlement() {
    let mut a = app(8, 4, 3);
    let mut steps = 0;
    while !a.m.is_over() {
        if a.human_to_move() {
            // Move the highlight once now and then, then act.
            if steps % 3 == 0 {
                key(&mut a, KeyCode::Right);
            }
            key(&mut a, KeyCode::Enter);
        } else {
            a.step_bot();
        }
        steps += 1;
        assert!(steps < 10_000);
    }
    assert_eq!(a.log.len(), 4, "a summary per hand");
    assert_eq!(a.overlay, Overlay::Sheet);
    let s = screen(&a);
    assert!(s.contains("Game over") && s.contains("settlement"), "{s}");
    // The winner by the final settlement (S10), named (one player ends highest here).
    let st = a.m.sheet().settlement(a.m.rules());
    let best = (0..3).map(|p| st.exact(p).0).max().unwrap();
    let top: Vec<usize> = (0..3).filter(|&p| st.exact(p).0 == best).collect();
    assert_eq!(top.len(), 1, "one winner in this match");
    // S9: four hands asked for and the pool not closed: he leads, nobody has won.
    assert!(!a.m.sheet().is_game_over(a.m.rules()));
    let said = if top[0] == 0 {
        "You are ahead.".to_string()
    } else {
        format!("{} is ahead.", a.names[top[0]])
    };
    assert!(s.contains(&said), "{said}\n{s}");
    insta::assert_snapshot!("game_over", s);
}

#[test]
fn declarer_screens_talon_discard_and_contract() {
    // Hand 1: the user deals; he outbids everyone with 10NT and gets the talon.
    let mut a = app(3, 1, 3);
    bots_until_user(&mut a);
    type_text(&mut a, "10nt");
    bots_until_user(&mut a);
    let phase = a.observation().unwrap().phase;
    assert_eq!(
        phase,
        preferans::russian::PhaseKind::Discard,
        "the user won the auction"
    );
    insta::assert_snapshot!("discard", screen(&a));
    key(&mut a, KeyCode::Enter);
    insta::assert_snapshot!("declare", screen(&a));
    key(&mut a, KeyCode::Enter);
    bots_until_user(&mut a);
    insta::assert_snapshot!("declarer_plays", screen(&a));
}

/// Plays seeds until the user faces a decision `want` accepts (the user passes in the auction
/// and whists when asked), and returns that screen.
fn find_screen(opponents: &str, want: impl Fn(&Observation) -> bool) -> String {
    find_screen_with(Rules::sochi(), 0, opponents, "whist", want)
}

fn find_screen_with(
    rules: Rules,
    dealer: u8,
    opponents: &str,
    bid: &str,
    want: impl Fn(&Observation) -> bool,
) -> String {
    screen(&find_app_with(rules, dealer, opponents, bid, want))
}

/// The first game (by seed) that reaches a decision of the user's that `want` picks, there.
fn find_app_with(rules: Rules, dealer: u8, opponents: &str, bid: &str, want: impl Fn(&Observation) -> bool) -> App {
    for seed in 0..300 {
        let rules = rules.clone();
        let n = rules.players();
        let bots = (0..n)
            .map(|s| bot_by_name(opponents, seed * 7 + u64::from(s)).unwrap())
            .collect();
        let mut a = no_pause(App::new(
            Match::new(rules, seed, dealer, Some(1)),
            bots,
            0,
            false,
            None,
            seed,
        ));
        let mut steps = 0;
        while !a.m.is_over() && steps < 500 {
            steps += 1;
            if !a.human_to_move() {
                a.step_bot();
                continue;
            }
            let o = a.observation().unwrap();
            if want(&o) {
                return a;
            }
            let bid_action: Option<Action> = format!("bid {bid}").parse().ok();
            let choice = if bid_action.is_some_and(|b| o.legal_actions.contains(&b)) {
                bid
            } else if o.legal_actions.contains(&Action::Whist) {
                "whist"
            } else if o.legal_actions.contains(&Action::Pass) {
                "pass"
            } else {
                ""
            };
            if choice.is_empty() {
                key(&mut a, KeyCode::Enter);
            } else {
                type_text(&mut a, choice);
            }
        }
    }
    panic!("no seed reached the wanted screen");
}

#[test]
fn defence_choice_offer_and_allpass_screens() {
    use preferans::russian::PhaseKind;
    insta::assert_snapshot!(
        "defence_choice",
        find_screen("heuristic", |o| o.phase == PhaseKind::DefenceChoice)
    );
    insta::assert_snapshot!("offer", find_screen("random", |o| o.offer.is_some()));
    insta::assert_snapshot!(
        "allpass",
        find_screen("heuristic", |o| o.phase == PhaseKind::Play && o.contract.is_none())
    );
}

#[test]
fn four_player_dealer_option_screens() {
    use preferans::russian::PhaseKind;
    let four = |opt: &str| Rules::sochi().with("players", "4").unwrap().with(opt, "true").unwrap();
    // The user outbids everyone and may push the talon to the dealer (F3).
    insta::assert_snapshot!(
        "talon_choice",
        find_screen_with(four("talon_push"), 1, "heuristic", "10NT", |o| o.phase
            == PhaseKind::TalonChoice)
    );
    // The user deals and sits out; both defenders pass a 6 or 7: he may look and whist (F3).
    insta::assert_snapshot!(
        "dealer_whist",
        find_screen_with(four("dealer_whist_when_both_pass"), 0, "heuristic", "-", |o| o.phase
            == PhaseKind::DealerWhist)
    );
}

#[test]
fn the_last_hand_is_reviewed_double_dummy_on_a_key() {
    // Seed 13: the user's first choices cost tricks in the hand.
    let mut a = app(13, 4, 3);
    key(&mut a, KeyCode::Char('='));
    assert!(screen(&a).contains("No hand has been played to its end yet."));
    key(&mut a, KeyCode::Esc);
    // The user takes the first choice each time until a hand in which he played cards ends.
    let mut played_in = None;
    while played_in.is_none_or(|n| a.log.len() < n) && !a.m.is_over() {
        if a.human_to_move() {
            if a.observation()
                .is_some_and(|o| matches!(o.legal_actions[0], Action::Play(_)))
            {
                played_in.get_or_insert(a.log.len() + 1);
            }
            key(&mut a, KeyCode::Enter);
        } else {
            a.step_bot();
        }
    }
    let hand = played_in.expect("the user played cards") as u32;
    assert_eq!(a.log.len() as u32, hand);
    key(&mut a, KeyCode::Char('='));
    let Overlay::Review {
        hand: shown,
        decisions,
        deal,
    } = &a.overlay
    else {
        panic!("{:?}", a.overlay)
    };
    assert_eq!(*shown, hand);
    let decisions = decisions.as_ref().unwrap();
    // The same as the review of the saved record: every card of the hand, each seat's.
    assert_eq!(decisions, &review_hand(&a.record(), hand).unwrap());
    let mine = decisions.iter().filter(|d| d.seat == 0).count();
    assert!(mine > 0);
    let s = screen(&a);
    assert!(s.contains("review (double-dummy)"), "{s}");
    let costly = decisions.iter().filter(|d| d.seat == 0 && d.cost > 0).count();
    assert!(costly > 0);
    assert!(
        s.contains(&format!(
            "{} of the {mine} cards you played were best play.",
            mine - costly
        )),
        "{s}"
    );
    assert_eq!(s.matches("it cost").count(), costly, "{s}");
    // The deal's table: the same as the solver's, a row per player.
    let (table, _) = deal.as_ref().unwrap().as_ref().unwrap();
    let h = &a.m.finished_hands()[hand as usize - 1];
    let want = preferans_solver::deal_table::deal_table(
        h.deal(),
        h.allpass_start().as_ref(),
        &mut preferans_solver::Solver::new(),
    )
    .unwrap();
    assert_eq!(table, &want);
    assert!(s.contains("What the deal held"), "{s}");
    let you = (0..3).find(|&p| h.seat_of_position(p) == Some(0)).unwrap();
    let t = &want.tricks[you];
    let row = format!(
        "{:<16}{:>3}{:>3}{:>3}{:>3}{:>4}{:>8}{:>10}",
        "you",
        t[0],
        t[1],
        t[2],
        t[3],
        t[4],
        want.misere[you],
        want.allpass.unwrap()[you]
    );
    assert!(s.contains(&row), "{row}\n{s}");
    insta::assert_snapshot!("review", s);
    // Any key that closes overlays closes it.
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.overlay, Overlay::None);
}

#[test]
fn the_game_over_sheet_keeps_the_winner_and_the_way_out_on_small_screens() {
    for (players, width, height) in [(3u8, 60u16, 20u16), (4, 80, 24), (4, 60, 20)] {
        let mut a = app(8, 1, players);
        while !a.m.is_over() {
            if a.human_to_move() {
                key(&mut a, KeyCode::Enter);
            } else {
                a.step_bot();
            }
        }
        let s = screen_sized(&a, width, height);
        for needed in ["settlement:", "the game is over — q or Esc leaves", "last trick:"] {
            assert!(
                s.contains(needed),
                "{players} players at {width}x{height}: {needed:?}\n{s}"
            );
        }
        assert!(
            s.contains("win")
                || s.contains("ahead")
                || s.contains("lead")
                || s.contains("draw")
                || s.contains("first place")
                || s.contains("even"),
            "{s}"
        );
    }
    // Mid-game, four players at 80x24: the settlement stays in view too.
    let mut a = app(5, 2, 4);
    bots_until_user(&mut a);
    key(&mut a, KeyCode::Tab);
    let s = screen(&a);
    assert!(s.contains("settlement:"), "{s}");
}
