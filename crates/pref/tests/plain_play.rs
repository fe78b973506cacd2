//! `pref play --plain`, the line-by-line game: saved as it goes, hands' results with what
//! they wrote, a discard asked for in words, and who took each trick.

mod common;
use common::{pref, stderr_of, stdout_of};
use std::process::Stdio;

#[test]
fn plain_play_saves_the_record_after_every_action() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pref"))
        .args(["play", "--seed", "3", "--hands", "2", "--save"])
        .arg(&file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // A choice and a line that is not UTF-8; the input stays open.
    stdin.write_all(b"1\n\xff\xfe\n").unwrap();
    stdin.flush().unwrap();
    // The record appears while the game still waits for input (polled: the bots may take a
    // moment to answer).
    let mut saved = false;
    for _ in 0..200 {
        if file.exists() {
            saved = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(saved, "no record while the game was on: {}", stdout_of(&out));
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(stdout_of(&out).contains("not a legal choice"), "{}", stdout_of(&out));
    let out = pref().arg("replay").arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
}

#[test]
fn plain_play_says_what_each_hand_wrote_and_asks_for_a_discard_in_words() {
    // The first legal choice every time, over three hands (seed 3: the user declares once).
    let mut input = String::from("zz\n\n99\n");
    input.push_str(&"1\n".repeat(400));
    let out = pref()
        .args(["play", "--plain", "--hands", "3", "--seed", "3", "--bots", "heuristic"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(text.contains("not a legal choice here: 'zz'"), "{text}");
    assert!(text.contains("type a choice: its number, or the action"), "{text}");
    assert!(text.contains("no choice 99: the choices are numbered 1 to "), "{text}");
    assert!(text.contains("> you: "), "a choice by number is said: {text}");
    // S9: three hands asked for, the pool not closed: nobody has won yet.
    assert!(
        text.contains("== the hands asked for are played; the pool is not closed (S9).") && text.contains(" is ahead."),
        "{text}"
    );
    assert!(!text.contains("the game is over"), "{text}");
    assert!(
        text.contains("Settlement (whists, S10):"),
        "the sheet at the end: {text}"
    );
    let over: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once("== hand over: ").map(|x| x.1))
        .collect();
    assert_eq!(over.len(), 3, "{text}");
    // Every hand writes something (pool, mountain or whists), named as the user sees them.
    for l in &over {
        assert!(
            l.contains(" — ") && (l.contains(" pool +") || l.contains(" mountain +") || l.contains(" write")),
            "{l}"
        );
        assert!(!l.contains("you writes"), "{l}");
    }
    assert!(
        !text.contains("DefenceChoice") && !text.contains("TalonChoice"),
        "phases in words: {text}"
    );
    // A discard is asked for in words, not as 66 numbered pairs.
    if text.contains("-- Discard") {
        assert!(text.contains("two of your cards to discard"), "{text}");
    }
    assert!(!text.contains("(1 cards)"), "{text}");
}

#[test]
fn r6_plain_play_says_who_took_each_trick() {
    // The first legal choice every time over three hands: each hand's tricks are numbered
    // from 1 on, each to a player, and a played hand has ten.
    let out = pref()
        .args(["play", "--plain", "--hands", "3", "--seed", "5", "--bots", "heuristic"])
        .write_stdin("1\n".repeat(400))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let mut counts = Vec::new();
    let mut next = 1;
    // A line may follow the prompt "> " (the answers are not echoed from a pipe).
    for l in text.lines().map(|l| l.trim_start_matches("> ")) {
        if l.starts_with("== hand over") {
            counts.push(next - 1);
            next = 1;
        } else if let Some(rest) = l.strip_prefix("-- trick ") {
            let (n, rest) = rest.split_once(" to ").expect("'-- trick N to X (cards)'");
            let (who, cards) = rest.split_once(" (").expect("the trick's cards");
            assert_eq!(n.parse::<u32>().unwrap(), next, "{text}");
            assert!(who == "you" || who.starts_with("seat "), "{l}");
            // Three cards (four with a talon card), the winner's among them.
            let played = cards.trim_end_matches(')').split(", ").count();
            assert!((3..=4).contains(&played) && cards.contains(&format!("{who} ")), "{l}");
            next += 1;
        }
    }
    assert_eq!(counts.len(), 3, "{text}");
    assert!(
        counts.iter().all(|&c| c == 0 || c == 10),
        "tricks per hand {counts:?}: {text}"
    );
    assert!(counts.contains(&10), "a hand was played out: {counts:?}");
}

#[test]
fn p3_plain_play_says_an_offer_is_answered_not_that_the_offerer_s_hand_is_played() {
    // Seed 4, random bots: the user (seat 1) whists 9♠ alone and plays open; seat 0, the
    // declarer, offers to take the rest, and the user is asked for an answer.
    let out = pref()
        .args([
            "play", "--plain", "--ascii", "--hands", "1", "--bots", "random", "--seed", "4", "--seat", "1",
        ])
        .write_stdin("bid 6S\npass\nwhist\nopen\nplay 7S\nplay 8S\naccept\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let (before, asked) = text.split_once("1:accept  2:refuse").expect("an offer to answer");
    let screen = before.rsplit("-- Play").next().unwrap();
    assert!(screen.contains("you answer seat 0's offer"), "{screen}{asked}");
    assert!(!screen.contains("you play seat 0's hand"), "{screen}");
}

#[test]
fn save_does_not_replace_a_file_without_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    std::fs::write(&file, "a game saved earlier").unwrap();
    // One hand against random bots, saved to `path`, with no input (the user quits at once).
    let play = |extra: &[&str], path: &std::path::Path| {
        pref()
            .args(["play", "--plain", "--hands", "1", "--bots", "random"])
            .args(extra)
            .arg("--save")
            .arg(path)
            .write_stdin("")
            .output()
            .unwrap()
    };
    let out = play(&[], &file);
    assert!(!out.status.success());
    let err = stderr_of(&out);
    assert!(
        err.contains("exists") && err.contains("--resume") && err.contains("--overwrite"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "a game saved earlier");
    let out = play(&["--overwrite"], &file);
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert_ne!(std::fs::read_to_string(&file).unwrap(), "a game saved earlier");
    // A device is written in place, not kept: it holds no game.
    let out = play(&[], std::path::Path::new("/dev/null"));
    assert!(out.status.success(), "{}", stderr_of(&out));
}

#[test]
fn a_closed_pipe_ends_the_plain_game_quietly() {
    // `pref play --plain 2>&1 | head -3`: both streams go to a pipe nobody reads any more.
    // It used to panic (exit 101) writing its error about the first one to the second.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pref"))
        .args(["play", "--plain", "--hands", "1", "--bots", "random"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    drop(child.stderr.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = std::io::Write::write_all(&mut stdin, b"1\n1\n1\n");
    drop(stdin);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status}");
}

#[test]
fn f1_the_sitting_out_dealer_is_shown_the_table_as_each_phase_begins() {
    // Four players, seed 3: the user (seat 0) deals the first hand and sits it out. Seat 1
    // declares 6♦ and both others whist; he has no decision, and is shown the table at each
    // phase: the public talon, the contract, and no "you play" for a bot's hand.
    let out = pref()
        .args([
            "play",
            "--plain",
            "--ascii",
            "--players",
            "4",
            "--hands",
            "1",
            "--seed",
            "3",
        ])
        .args(["--bots", "heuristic"])
        .write_stdin("")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let first_card = text.find(": plays ").expect("a card played");
    let before_play = &text[..first_card];
    assert!(
        before_play.contains("-- Auction, dealer seat 0 --\n  you deal and sit this hand out (F1)"),
        "{text}"
    );
    for shown in ["-- Play, dealer seat 0 --", "  talon    ", "  contract 6D by seat 1"] {
        assert!(before_play.contains(shown), "{shown}: {text}");
    }
    assert!(!text.contains("you play"), "{text}");
    // Each phase once: the screen is not repeated for every bot action.
    assert_eq!(text.matches("-- Auction,").count(), 1, "{text}");
    assert!(text.contains("== hand over"), "{text}");
}

/// `pref play --plain --ascii ARGS` with `input` typed: what it printed (it must succeed).
fn plain_with(args: &[&str], input: &str) -> String {
    let out = pref()
        .args(["play", "--plain", "--ascii"])
        .args(args)
        .write_stdin(input.to_string())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// One hand of seed `seed`, the user typing `input` in `seat`, `bots` in the other seats.
fn plain(seed: &str, seat: &str, bots: &str, input: &str) -> String {
    plain_with(&["--hands", "1", "--seed", seed, "--seat", seat, "--bots", bots], input)
}

#[test]
fn a_discard_is_typed_a_number_there_names_no_pair() {
    // Seed 1: the user bids 6D and takes the talon. "28" once discarded K♠ K♦ from a list
    // of 66 pairs nobody was shown.
    let text = plain("1", "0", "heuristic", "6d\n28\n10s 7d\nquit\n");
    assert!(text.contains("the discard is typed as its two cards"), "{text}");
    assert!(text.contains("you: discard TS 7D"), "{text}");
    assert!(!text.contains("discard KS KD"), "{text}");
    // At the discard the hints are not numbered, and their heading says how to answer.
    let text = plain("1", "0", "heuristic", "6d\nhint\nquit\n");
    assert!(text.contains("hints, best first (type the two cards"), "{text}");
    assert!(!text.contains("with the number to type"), "{text}");
}

#[test]
fn the_end_of_the_input_stops_the_game_and_says_so() {
    let text = plain("1", "0", "heuristic", "");
    assert!(
        text.contains("== the input ended: the game stops here (not saved"),
        "{text}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    let text = plain_with(&["--hands", "1", "--seed", "1", "--save", file.to_str().unwrap()], "");
    assert!(text.contains("== the input ended: the game stops here\n"), "{text}");
    assert!(text.contains("record saved to"), "{text}");
}

#[test]
fn hints_are_numbered_as_the_choices_are() {
    let text = plain("1", "0", "heuristic", "hint\nquit\n");
    let choices = text.lines().find_map(|l| l.split_once("your choices: ")).unwrap().1;
    let listed: Vec<&str> = choices.split("  ").collect();
    let hints: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.contains("hints, best first"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(hints.len() >= 3, "{text}");
    for h in hints {
        let mut words = h.split_whitespace();
        let (number, first) = (words.next().unwrap(), words.next().unwrap());
        let n: usize = number.trim_end_matches(':').parse().unwrap();
        // "2:bid 6S" in the list, "2: bid 6S ..." in the hints.
        assert!(
            listed[n - 1].starts_with(&format!("{n}:{first}")),
            "{h} / {}",
            listed[n - 1]
        );
    }
}

#[test]
fn ascii_hints_name_suits_in_letters() {
    // The hints' reasons name contracts ("… name 6♥ as the contract"): --ascii (which
    // `plain_with` gives) writes 6H.
    // `!` asks for them as in the full-screen game.
    let text = plain("5", "0", "heuristic", "!\nquit\n");
    let hints: String = text
        .lines()
        .skip_while(|l| !l.contains("hints, best first"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .collect();
    assert!(hints.contains("6H") || hints.contains("6S"), "{text}");
    for symbol in ['♠', '♣', '♦', '♥'] {
        assert!(!hints.contains(symbol), "{text}");
    }
}

#[test]
fn each_hand_is_headed_before_its_first_action() {
    let text = plain("1", "0", "heuristic", "quit\n");
    let header = text.find("== hand 1, dealer you ==").expect("a header");
    let first_bid = text.find("seat 1: pass").expect("a bot's pass");
    assert!(header < first_bid, "{text}");
}

#[test]
fn w4_the_passer_sees_the_whister_play_his_cards_and_the_open_hands() {
    // Seed 2, the user in seat 1 passes; seat 0 whists 9NT alone, open, and plays both hands.
    let text = plain("2", "1", "heuristic,random", &"pass\n".repeat(30));
    assert!(text.contains("seat 0: plays your AH"), "{text}");
    let table = text.split("-- Play").nth(1).expect("the table once the hands are open");
    assert!(table.contains("seat 0   KS QC AD"), "the whister's open hand: {table}");
    assert!(
        text.contains("offers to end the hand: of the 6 tricks left, the declarer takes 2 and the defence 4"),
        "P3 offers in words: {text}"
    );
}

#[test]
fn typed_input_is_echoed_safely_and_long_lines_are_refused() {
    let long = "A".repeat(10_000);
    let text = plain(
        "1",
        "0",
        "heuristic",
        &format!("{long}\n\u{1b}[A\n7 \u{1b}[2J\nplay \u{1b}]0;x\u{7} y\ndon't\n6\u{2666}\u{fe0f}\nQUIT\n"),
    );
    // No control character of the input comes back raw, in one word or in several.
    assert!(!text.contains('\u{7}'), "{text}");
    assert!(text.contains("'don't'"), "quotes are not escaped: {text}");
    assert!(text.contains("that line is too long (4096 bytes at most)"), "{text}");
    assert!(!text.contains(&long[..100]), "a long paste is not echoed back");
    assert!(!text.contains('\u{1b}'), "no raw escape reaches the terminal: {text}");
    assert!(text.contains("\\u{1b}[A"), "{text}");
    // The emoji form of a suit (VS16) names the suit.
    assert!(text.contains("you: bid 6D"), "{text}");
    assert!(text.contains("== after 0 hands"), "QUIT quits: {text}");
}

#[test]
fn score_and_help_answer_at_any_prompt() {
    let text = plain("1", "0", "heuristic", "score\nhelp\nq\n");
    assert!(text.contains("Settlement (whists, S10):"), "{text}");
    assert!(text.contains("hint or ! (the expert's view of each choice)"), "{text}");
    assert!(!text.contains("not a legal choice"), "{text}");
}

#[test]
fn a_game_saved_in_plain_mode_is_resumed_in_plain_mode() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    let first = plain_with(
        &[
            "--bots",
            "heuristic",
            "--seed",
            "1",
            "--hands",
            "2",
            "--save",
            file.to_str().unwrap(),
        ],
        "6d\nquit\n",
    );
    assert!(first.contains("you: bid 6D"), "{first}");
    let resumed = plain_with(&["--resume", file.to_str().unwrap()], "10s 7d\nquit\n");
    // It goes on at the discard, the talon taken, and saves to the same file.
    assert!(resumed.contains("-- Discard"), "{resumed}");
    assert!(resumed.contains("you: discard TS 7D"), "{resumed}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.contains("discard"), "{record}");
}

#[test]
fn a6_x3_after_an_allpass_the_opening_bid_and_the_multiplier_are_said() {
    // Seed 1: everyone passes hand 1 (an all-pass), and hand 2 too.
    let mut input = String::from("pass\n");
    input.push_str(&"1\n".repeat(10));
    input.push_str("pass\npass\n");
    input.push_str(&"1\n".repeat(3));
    input.push_str("quit\n");
    let text = plain_with(
        &[
            "--seed",
            "1",
            "--hands",
            "3",
            "--bots",
            "heuristic",
            "-o",
            "allpass_exit=7,8",
            "-o",
            "allpass_progression=arithmetic",
        ],
        &input,
    );
    assert!(text.contains("after 1 all-pass the bidding opens at 7S (A6)"), "{text}");
    assert!(
        text.contains("all-pass (counts ×2, X3): take as few tricks as you can"),
        "{text}"
    );
}
