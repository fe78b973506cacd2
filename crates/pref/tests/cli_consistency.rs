//! The subcommands agree with each other: the same options mean the same thing, options that
//! do not apply are refused, and outputs that cannot be written are found before the work.

mod common;

use common::{pref, sim, stderr_of, stdout_of};

fn fails_with(args: &[&str], want: &str) {
    let out = pref().args(args).write_stdin("").output().unwrap();
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(stderr_of(&out).contains(want), "{args:?}: {}", stderr_of(&out));
}

#[test]
fn match_fills_its_seats_with_the_last_bot_as_sim_does() {
    let out = pref()
        .args(["match", "--deals", "1", "--bots", "random"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    fails_with(
        &["match", "--deals", "1", "--bots", "random,random,random,random"],
        "4 bots",
    );
}

#[test]
fn the_target_is_an_option_of_every_command_that_plays() {
    let out = pref().args(["sim", "--hands", "2", "--target", "5"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    for cmd in [
        &["sim", "--hands", "1"][..],
        &["match", "--deals", "1"],
        &["play", "--plain", "--hands", "1"],
    ] {
        let mut args = cmd.to_vec();
        args.extend(["--target", "5", "-o", "target=6"]);
        fails_with(&args, "give the target once");
        // The same option twice, in any case: the last value would win unsaid.
        let mut args = cmd.to_vec();
        args.extend(["-o", "hold=seniority", "-o", "HOLD=none"]);
        fails_with(&args, "option 'hold' is given twice");
    }
}

#[test]
fn the_players_are_given_once_and_within_two_to_four() {
    fails_with(&["sim", "--hands", "1", "-o", "players=4"], "--players 4");
    fails_with(&["sim", "--hands", "1", "-o", "players=9"], "2, 3 or 4");
    fails_with(&["play", "--plain", "--hands", "0"], "1..=100000");
}

#[test]
fn outputs_that_cannot_be_written_are_refused_before_the_work() {
    // /proc takes no new file (even for root, who may write anywhere else).
    for args in [
        &["sim", "--hands", "5", "--out", "/proc/pref-test.json"][..],
        &["match", "--deals", "2", "--out", "/proc/pref-test.json"],
    ] {
        let out = pref().args(args).output().unwrap();
        assert!(!out.status.success());
        assert!(
            stderr_of(&out).contains("cannot write /proc/pref-test.json"),
            "{}",
            stderr_of(&out)
        );
        assert!(stdout_of(&out).is_empty(), "nothing was run: {}", stdout_of(&out));
    }
    let dir = tempfile::tempdir().unwrap();
    let game = common::sim(dir.path(), "g.json", &["--hands", "1"]);
    let out = pref()
        .arg("sheet")
        .arg(&game)
        .args(["--svg", "/nonexistent-dir/p.svg"])
        .output()
        .unwrap();
    assert!(stderr_of(&out).contains("does not exist"), "{}", stderr_of(&out));
}

#[test]
fn records_that_are_not_objects_or_come_from_nowhere_say_so() {
    fails_with(&["replay", "-"], "standard input: the record is empty");
    let dir = tempfile::tempdir().unwrap();
    let arr = dir.path().join("arr.json");
    std::fs::write(&arr, "[]").unwrap();
    fails_with(&["replay", arr.to_str().unwrap()], "not a JSON object");
    // Nested past serde_json's depth limit: still no object (it said "expected a string").
    std::fs::write(&arr, "[".repeat(300) + &"]".repeat(300)).unwrap();
    fails_with(&["replay", arr.to_str().unwrap()], "not a JSON object");
}

#[test]
fn an_unfinished_last_hand_is_named_and_the_settlement_lines_up() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("z.json");
    let out = pref()
        .args(["play", "--plain", "--hands", "1", "--bots", "heuristic", "--save"])
        .arg(&saved)
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let out = pref().arg("replay").arg(&saved).output().unwrap();
    assert!(stdout_of(&out).contains("hand 1 is unfinished"), "{}", stdout_of(&out));
    let out = pref().arg("review").arg(&saved).output().unwrap();
    assert!(stdout_of(&out).contains("hand 1 is unfinished"), "{}", stdout_of(&out));
    // A whole game with long names: the settlement's numbers share a column.
    let done = dir.path().join("done.json");
    let out = pref()
        .args(["play", "--plain", "--hands", "1", "--bots", "heuristic", "--save"])
        .arg(&done)
        .write_stdin("1\n".repeat(300))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = stdout_of(&pref().arg("score").arg(&done).output().unwrap());
    let columns: Vec<usize> = text.lines().filter_map(|l| l.find("(exact")).collect();
    assert_eq!(columns.len(), 3, "{text}");
    assert!(columns.windows(2).all(|w| w[0] == w[1]), "{text}");
}

#[test]
fn solve_refuses_options_that_do_not_apply() {
    let hands = "AS KS/7S 8S/9S TS";
    fails_with(
        &["solve", "--hands", hands, "--contract", "6S", "--player", "2"],
        "--player is for all-pass",
    );
    fails_with(
        &["solve", "--hands", hands, "--contract", "allpass", "--declarer", "2"],
        "--declarer is for a contract",
    );
    fails_with(
        &["solve", "--hands", hands, "--contract", "raspasy"],
        "misere, misere-nt or allpass",
    );
    fails_with(&["solve", "--hands", hands, "--table-mib", "0"], "1..=4096");
    let out = pref()
        .args(["solve", "--hands", hands, "--contract", "misere", "--declarer", "1"])
        .output()
        .unwrap();
    assert!(
        stdout_of(&out).contains("misère declarer's tricks with best defence: position 1"),
        "{}",
        stdout_of(&out)
    );
}

#[test]
fn solve_says_when_an_offer_awaits_its_answer() {
    let dir = tempfile::tempdir().unwrap();
    let game = common::sim(
        dir.path(),
        "g.json",
        &["--hands", "12", "--seed", "3", "--bots", "heuristic"],
    );
    let record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&game).unwrap()).unwrap();
    // The first offer in the record (heuristic bots offer when the rest is clear).
    let found = record["hands"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .find_map(|(h, hand)| {
            let actions = hand["actions"].as_array().unwrap();
            let i = actions
                .iter()
                .position(|a| a["action"].as_str().unwrap().starts_with("offer"))?;
            Some((h + 1, i + 1))
        });
    let (hand, action) = found.expect("an offer in 12 hands of heuristic bots");
    let out = pref()
        .arg("solve")
        .arg("--record")
        .arg(&game)
        .args(["--hand", &hand.to_string(), "--action", &action.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(stdout_of(&out).contains("awaits an answer"), "{}", stdout_of(&out));
}

#[test]
fn s2_s3_two_whist_entries_between_the_same_players_say_why() {
    // Random bots fail contracts: a failed declarer is written consolation (S2) and tricks
    // (S3) by the same whister, which read alike without their reason.
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "r.json", &["--seed", "7", "--hands", "300"]);
    let out = pref().args(["replay", file.to_str().unwrap()]).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let mut told = 0;
    for line in text.lines().filter_map(|l| l.trim().strip_prefix("written: ")) {
        let items: Vec<&str> = line.split(", ").collect();
        for (i, a) in items.iter().enumerate() {
            assert!(!items[i + 1..].contains(a), "two entries read alike: {line}");
        }
        told += usize::from(line.contains(" (consolation)") && line.contains(" (tricks)"));
    }
    assert!(
        told > 0,
        "some failed contract had a whister's consolation and tricks:\n{text}"
    );
}
