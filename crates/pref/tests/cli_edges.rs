//! Unusual input and output that exploratory testing found mishandled: options that need each
//! other given in any order, records without a seed, positions numbered from 0, talon checks,
//! a closed output pipe, and readable outcome lines.

use assert_cmd::Command;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;

fn pref() -> Command {
    Command::cargo_bin("pref").unwrap()
}

fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// `pref sim` with `args`, the record written to `dir/name`.
fn sim(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let file = dir.join(name);
    let out = pref().arg("sim").args(args).arg("--out").arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    file
}

#[test]
fn options_that_need_each_other_come_in_any_order_and_their_records_replay() {
    let dir = tempfile::tempdir().unwrap();
    for order in [
        ["allpass_cycle=true", "allpass_progression_cap=4"],
        ["allpass_progression_cap=4", "allpass_cycle=true"],
    ] {
        let file = sim(
            dir.path(),
            "ap.json",
            &[
                "--hands",
                "6",
                "-o",
                "allpass_progression=geometric",
                "-o",
                order[0],
                "-o",
                order[1],
            ],
        );
        let out = pref().arg("replay").arg(&file).output().unwrap();
        assert!(out.status.success(), "{order:?}: {}", stderr_of(&out));
    }
    let out = pref()
        .args(["sim", "--hands", "1", "-o", "players=4"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("--players 4"), "{}", stderr_of(&out));
    let out = pref()
        .args(["play", "--target", "7", "-o", "target=5"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("target"), "{}", stderr_of(&out));
}

#[test]
fn solve_and_review_read_the_stored_deal_of_a_record_without_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(
        dir.path(),
        "g.json",
        &["--seed", "7", "--hands", "4", "--bots", "heuristic"],
    );
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    json.as_object_mut().unwrap().remove("seed");
    let noseed = dir.path().join("noseed.json");
    std::fs::write(&noseed, serde_json::to_string(&json).unwrap()).unwrap();
    // Every hand's first card: the same answer with or without the seed.
    let mut solved = 0;
    for (i, h) in json["hands"].as_array().unwrap().iter().enumerate() {
        let actions = h["actions"].as_array().unwrap();
        let Some(first_play) = actions
            .iter()
            .position(|a| a["action"].as_str().unwrap().starts_with("play"))
        else {
            continue;
        };
        let solve = |record: &Path| {
            let out = pref()
                .arg("solve")
                .arg("--record")
                .arg(record)
                .args(["--hand", &(i + 1).to_string(), "--action", &first_play.to_string()])
                .output()
                .unwrap();
            assert!(out.status.success(), "hand {}: {}", i + 1, stderr_of(&out));
            stdout_of(&out).lines().take(2).collect::<Vec<_>>().join("\n")
        };
        assert_eq!(solve(&file), solve(&noseed), "hand {}", i + 1);
        solved += 1;
    }
    assert!(solved >= 2, "only {solved} hands reached the play");
    let out = pref().arg("review").arg(&noseed).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    // With a seed, a stored deal that is not the seed's is refused, not silently replaced.
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let hands = json["hands"][0]["deal"]["hands"].as_array_mut().unwrap();
    let (a, b) = (hands[0].clone(), hands[1].clone());
    hands[0] = b;
    hands[1] = a;
    let swapped = dir.path().join("swapped.json");
    std::fs::write(&swapped, serde_json::to_string(&json).unwrap()).unwrap();
    let out = pref()
        .arg("solve")
        .arg("--record")
        .arg(&swapped)
        .args(["--hand", "1", "--action", "0"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("stored deal differs"), "{}", stderr_of(&out));
}

#[test]
fn a_short_hand_in_a_record_is_named_by_its_seat() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "g.json", &["--seed", "3", "--hands", "1"]);
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    json["hands"][0]["deal"]["hands"][0] = serde_json::json!("AS");
    let bad = dir.path().join("short.json");
    std::fs::write(&bad, serde_json::to_string(&json).unwrap()).unwrap();
    let out = pref().arg("replay").arg(&bad).output().unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("seat 0 holds 1 card"), "{}", stderr_of(&out));
}

#[test]
fn solve_refuses_hand_zero_and_bad_talons_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "g.json", &["--seed", "5", "--hands", "1"]);
    let hands = "AS KS QS JS TS 9S 8S AC KC QC/7S JC TC 9C 8C 7C AD KD QD JD/TD 9D 8D 7D AH KH QH JH TH 9H";
    let record = file.to_str().unwrap();
    for (args, expect) in [
        (vec!["solve", "--record", record, "--hand", "0"], "numbered from 1"),
        (vec!["solve", "--hands", hands, "--talon", "8H 8H"], "given twice"),
        (
            vec!["solve", "--hands", hands, "--talon", "8H 7H", "--lead", "2"],
            "--lead",
        ),
        (vec!["solve", "--hands", "//"], "no cards"),
        (vec!["solve", "--hands", "AS KS/AS 8S/9S TS"], "card AS"),
        (
            vec!["solve", "--hands", "AS KS/7S 8S/9S TS", "--declarer", "5"],
            "--declarer 5",
        ),
        (
            vec!["solve", "--hands", hands, "--contract", "6S", "--talon", "8H 7H"],
            "all-pass",
        ),
        (
            vec!["solve", "--hands", "AS KS/7S 8S/9S TS", "--contract", "11NT"],
            "'11NT'",
        ),
    ] {
        let out = pref().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = stderr_of(&out);
        assert!(err.contains(expect), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
    let out = pref().args(["review", record, "--samples", "0"]).output().unwrap();
    assert!(!out.status.success() && stderr_of(&out).contains("--samples"));
}

#[test]
fn errors_name_their_cause_once() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("cut.json");
    std::fs::write(&bad, "{\"format\": ").unwrap();
    let out = pref().arg("replay").arg(&bad).output().unwrap();
    let err = stderr_of(&out);
    assert!(err.contains("malformed record"), "{err}");
    assert_eq!(err.matches("EOF while parsing").count(), 1, "{err}");
}

#[test]
fn a_closed_output_pipe_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "g.json", &["--seed", "4", "--hands", "30"]);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("pref"))
        .arg("replay")
        .arg(&file)
        .env("RUST_BACKTRACE", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read a little, then close the pipe as `| head -1` does.
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status:?}: {err}");
}

#[test]
fn outcome_lines_read_as_english() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(
        dir.path(),
        "g.json",
        &["--seed", "11", "--hands", "30", "--bots", "heuristic"],
    );
    let out = pref().arg("replay").arg(&file).output().unwrap();
    let text = stdout_of(&out);
    assert!(
        text.contains("accepted offer of seat"),
        "no offer in this record any more"
    );
    assert!(!text.contains("Some("), "debug text in: {text}");
    assert!(!text.contains("(1 tricks)"), "{text}");
    let one = sim(dir.path(), "one.json", &["--seed", "1", "--hands", "1"]);
    let out = pref().arg("replay").arg(&one).output().unwrap();
    assert!(stdout_of(&out).contains("1 hand replayed"), "{}", stdout_of(&out));
}

#[test]
fn outputs_write_through_links_and_devices_and_leave_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    std::fs::write(&real, "old").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    sim(dir.path(), "link.json", &["--hands", "1", "--seed", "3"]);
    assert!(
        std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(),
        "the link stays"
    );
    assert!(
        std::fs::read_to_string(&real).unwrap().starts_with('{'),
        "its target holds the record"
    );
    // A device is written, not replaced: the pulya goes to standard output (a pipe here).
    let out = pref()
        .args(["sheet", "--svg", "/dev/stdout"])
        .arg(&real)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(stdout_of(&out).contains("<svg"), "{}", stdout_of(&out));
    assert!(!std::fs::symlink_metadata("/dev/stdout").unwrap().file_type().is_file());
    // A directory is refused by name, and nothing is left behind.
    let sub = dir.path().join("sub");
    std::fs::create_dir(&sub).unwrap();
    let out = pref()
        .args(["sim", "--hands", "1", "--out"])
        .arg(&sub)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("is a directory"), "{}", stderr_of(&out));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains("tmp-pref")), "{names:?}");
}

#[test]
fn match_and_sim_refuse_a_number_of_deals_they_cannot_hold() {
    for deals in ["0", "99999999999", "1000001"] {
        let out = pref().args(["match", "--deals", deals]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "--deals {deals}: {}", stderr_of(&out));
        assert!(stderr_of(&out).contains("--deals"), "{}", stderr_of(&out));
    }
    // A record holds every hand: 100,000 is about half a gigabyte.
    let out = pref().args(["sim", "--hands", "100001"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("not in 1..=100000"), "{}", stderr_of(&out));
}

#[test]
fn a_name_with_a_control_character_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "r.json", &["--hands", "1"]);
    let mut record: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    record["players"][1]["name"] = "\u{1b}[31mred".into();
    std::fs::write(&file, record.to_string()).unwrap();
    for cmd in ["replay", "score"] {
        let out = pref().arg(cmd).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{cmd}");
        let err = stderr_of(&out);
        assert!(
            err.contains("player 1's name") && err.contains("control character"),
            "{err}"
        );
        assert!(!stdout_of(&out).contains('\u{1b}'));
    }
    record["players"][1]["name"] = "  ".into();
    std::fs::write(&file, record.to_string()).unwrap();
    let out = pref().arg("score").arg(&file).output().unwrap();
    assert!(
        stderr_of(&out).contains("player 1's name is empty"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn long_runs_refuse_an_output_they_could_not_write_before_they_start() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no/such/dir/r.json");
    for args in [vec!["sim", "--hands", "200"], vec!["match", "--deals", "2"]] {
        let out = pref().args(&args).arg("--out").arg(&missing).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr_of(&out).contains("does not exist"), "{}", stderr_of(&out));
        let out = pref().args(&args).arg("--out").arg(dir.path()).output().unwrap();
        assert!(stderr_of(&out).contains("is a directory"), "{}", stderr_of(&out));
    }
}

#[test]
fn bot_lists_are_checked_and_match_fits_its_default_bots_to_the_players() {
    for (bots, want) in [
        ("random,,heuristic", "empty entry"),
        ("random,random,random,random,random", "5 bots"),
    ] {
        let out = pref().args(["sim", "--hands", "1", "--bots", bots]).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{bots}");
        assert!(stderr_of(&out).contains(want), "{}", stderr_of(&out));
    }
    let out = pref()
        .args(["sim", "--hands", "1", "--bots", "RANDOM,Heuristic"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    for players in ["2", "4"] {
        let out = pref()
            .args(["match", "--deals", "2", "--players", players])
            .output()
            .unwrap();
        assert!(out.status.success(), "{players}: {}", stderr_of(&out));
        // Best first.
        let rows: Vec<f64> = stdout_of(&out)
            .lines()
            .skip(2)
            .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
            .collect();
        assert!(rows.windows(2).all(|w| w[0] >= w[1]), "{}", stdout_of(&out));
    }
}

#[test]
fn review_says_what_it_does_not_weigh_and_bounds_its_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let hussar = sim(dir.path(), "h.json", &["--hands", "2", "--players", "2", "--seed", "5"]);
    let out = pref().args(["review", "--samples", "2"]).arg(&hussar).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        stdout_of(&out).contains("not weighed: a Hussar game"),
        "{}",
        stdout_of(&out)
    );
    for (flag, value) in [("--samples", "99999999999"), ("--threshold", "11")] {
        let out = pref().args(["review", flag, value]).arg(&hussar).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
    }
    let out = pref().args(["review", "--whists=-1"]).arg(&hussar).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr_of(&out).contains("--whists"), "{}", stderr_of(&out));
}

#[test]
fn play_says_at_once_what_it_cannot_do() {
    // --resume takes the seat, the bots and the rules from the record: other flags conflict.
    let out = pref()
        .args(["play", "--resume", "game.json", "--seat", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr_of(&out).contains("cannot be used with"), "{}", stderr_of(&out));
    // A record that cannot be written is said before the first move, not after it.
    let out = pref()
        .args(["play", "--plain", "--save", "/nonexistent-dir/x.json"])
        .write_stdin("")
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("does not exist"), "{}", stderr_of(&out));
    assert!(
        out.stdout.is_empty(),
        "nothing played: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    // Plain mode with --ascii: letters, and a bot's bid or card says which it is.
    let out = pref()
        .args(["play", "--plain", "--ascii", "--hands", "1", "--bots", "random"])
        .write_stdin("")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains('♠') && !text.contains('♥'), "{text}");
    assert!(text.contains("seat 1: "), "{text}");
}

#[test]
fn serve_that_cannot_listen_leaves_no_database_behind() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.db");
    // An address this machine does not have: binding fails.
    let out = pref()
        .args(["serve", "--addr", "192.0.2.1:8080", "--database"])
        .arg(format!("sqlite://{}", db.display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr_of(&out).contains("192.0.2.1:8080"), "{}", stderr_of(&out));
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "files were left behind"
    );
}

/// The table without its last line (time and nodes).
fn table_part(out: &std::process::Output) -> String {
    let text = stdout_of(out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.last().is_some_and(|l| l.starts_with("time ")), "{text}");
    lines[..lines.len() - 1].join("\n")
}

/// The seven numbers of each of the table's three rows.
fn numbers(table: &str) -> Vec<Vec<u8>> {
    table
        .lines()
        .skip(2)
        .take(3)
        .map(|l| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            fields[fields.len() - 7..].iter().map(|n| n.parse().unwrap()).collect()
        })
        .collect()
}

#[test]
fn solve_deal_table_from_hands_and_from_a_record_hand_agree() {
    // Eldest: ♠ A–8 and ♣ A K Q: with the talon (♥ 8 7) he takes all ten in spades or no
    // trumps. The second, with ♦ A K Q J over the third's ♦ 10–7 and clubs under the
    // eldest's, is never given the lead: a clean misère.
    let hands = "AS KS QS JS TS 9S 8S AC KC QC/7S JC TC 9C 8C 7C AD KD QD JD/TD 9D 8D 7D AH KH QH JH TH 9H";
    let out = pref()
        .args(["solve", "--hands", hands, "--talon", "8H 7H", "--deal-table"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let table = table_part(&out);
    let rows = numbers(&table);
    assert_eq!((rows[0][0], rows[0][4]), (10, 10), "{table}");
    assert_eq!(rows[1][5], 0, "{table}");
    assert!(
        table.contains("best discards:") && table.contains("0 eldest"),
        "{table}"
    );

    // A record's hand: the same table as its deal given by hand, in hand positions from the
    // eldest, the dealer's left (P1); the rows named by seat.
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "g.json", &["--seed", "4", "--hands", "2"]);
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let hand = &json["hands"][1];
    let dealer = hand["dealer"].as_u64().unwrap() as usize;
    let by_seat: Vec<&str> = hand["deal"]["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    let by_position: Vec<&str> = (1..=3).map(|k| by_seat[(dealer + k) % 3]).collect();
    let talon: Vec<&str> = hand["deal"]["talon"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let by_hand = pref()
        .args([
            "solve",
            "--hands",
            &by_position.join("/"),
            "--talon",
            &talon.join(" "),
            "--deal-table",
        ])
        .output()
        .unwrap();
    let by_record = pref()
        .arg("solve")
        .arg("--record")
        .arg(&file)
        .args(["--hand", "2", "--deal-table"])
        .output()
        .unwrap();
    assert!(by_record.status.success(), "{}", stderr_of(&by_record));
    let from_record = table_part(&by_record);
    assert_eq!(numbers(&from_record), numbers(&table_part(&by_hand)));
    assert!(
        from_record.contains(&format!("seat {} eldest", (dealer + 1) % 3)),
        "{from_record}"
    );
    // `pref review --deal-tables`: the same table for every hand of the record.
    let review = pref()
        .arg("review")
        .arg(&file)
        .args(["--samples", "1", "--deal-tables"])
        .output()
        .unwrap();
    assert!(review.status.success(), "{}", stderr_of(&review));
    let text = stdout_of(&review);
    assert_eq!(text.matches("what the deal held").count(), 2, "{text}");
    let second = &text[text.find("hand 2: what the deal held").unwrap()..];
    assert_eq!(numbers(second.split_once('\n').unwrap().1), numbers(&from_record));

    // A whole deal is needed; one line says what is wrong.
    for (args, expect) in [
        (vec!["solve", "--deal-table"], "give a deal"),
        (
            vec!["solve", "--hands", hands, "--deal-table"],
            "needs the two talon cards",
        ),
        (
            vec!["solve", "--hands", hands, "--talon", "8H", "--deal-table"],
            "two talon cards",
        ),
        (
            vec![
                "solve",
                "--hands",
                "AS KS/7S 8S/9S TS",
                "--talon",
                "8H 7H",
                "--deal-table",
            ],
            "expected 10",
        ),
        (
            vec!["solve", "--hands", hands, "--talon", "8H 7H", "--deal-table", "--pv"],
            "cannot be used",
        ),
    ] {
        let out = pref().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = stderr_of(&out);
        assert!(err.contains(expect), "{args:?}: {err}");
    }
}

#[test]
fn solve_from_a_record_names_seats_starts_at_the_first_lead_and_refuses_foreign_options() {
    let dir = tempfile::tempdir().unwrap();
    // Seed 1, random bots: hand 1 is an all-pass (its dealer is seat 0, the eldest seat 1).
    let file = sim(dir.path(), "g.json", &["--seed", "1", "--hands", "6"]);
    let text = std::fs::read_to_string(&file).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let solve = |args: &[&str]| {
        pref()
            .arg("solve")
            .arg("--record")
            .arg(&file)
            .args(args)
            .output()
            .unwrap()
    };
    let mut checked = 0;
    for (i, h) in json["hands"].as_array().unwrap().iter().enumerate() {
        let actions = h["actions"].as_array().unwrap();
        let n = (i + 1).to_string();
        let Some(first) = actions
            .iter()
            .position(|a| a["action"].as_str().unwrap().starts_with("play"))
        else {
            // No card play: said in words, not as a position outside the play.
            let out = solve(&["--hand", &n]);
            assert!(!out.status.success());
            assert!(
                stderr_of(&out).contains(&format!("hand {n} has no card play: ")),
                "{}",
                stderr_of(&out)
            );
            continue;
        };
        // Without --action: the first lead, the same as --action at the first card.
        let default = solve(&["--hand", &n]);
        let at_first = solve(&["--hand", &n, "--action", &first.to_string()]);
        assert!(default.status.success(), "{}", stderr_of(&default));
        let (d, f) = (stdout_of(&default), stdout_of(&at_first));
        assert_eq!(
            d.lines().take(2).collect::<Vec<_>>(),
            f.lines().take(2).collect::<Vec<_>>()
        );
        // Seats, not positions; the all-pass's player is by default the one to move.
        let leader = actions[first]["seat"].as_u64().unwrap();
        assert!(d.contains(&format!("to play: seat {leader}")), "{d}");
        assert!(!d.contains("position"), "{d}");
        if h["outcome"]["ending"].as_str() == Some("all_pass") || d.contains("the other two against him") {
            assert!(d.contains(&format!("against him: seat {leader}")), "{d}");
            let other = (leader + 1) % 3;
            let out = solve(&["--hand", &n, "--player", &other.to_string()]);
            assert!(
                stdout_of(&out).contains(&format!("against him: seat {other}")),
                "{}",
                stdout_of(&out)
            );
        }
        checked += 1;
    }
    assert!(checked >= 2, "{checked} hands with card play");
    for args in [
        ["--contract", "6S"],
        ["--declarer", "1"],
        ["--talon", "AH 7C"],
        ["--lead", "1"],
    ] {
        let out = solve(&args);
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr_of(&out).contains("cannot be used with"),
            "{args:?}: {}",
            stderr_of(&out)
        );
    }
    let out = pref()
        .args(["solve", "--hands", "AS KS/7S 8S/9S TS", "--action", "3"])
        .output()
        .unwrap();
    assert!(
        !out.status.success() && stderr_of(&out).contains("cannot be used with"),
        "{}",
        stderr_of(&out)
    );
    let ten = "AS KS QS JS TS 9S 8S AC KC QC/7S JC TC 9C 8C 7C AD KD QD JD/TD 9D 8D 7D AH KH QH JH TH 9H";
    let out = pref()
        .args(["solve", "--hands", ten, "--talon", "7H"])
        .output()
        .unwrap();
    assert!(
        stderr_of(&out).contains("two with ten-card hands), got 1"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn score_says_a_match_ended_by_its_hand_limit_is_over_and_numbers_the_settlement_rows() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "g.json", &["--seed", "3", "--hands", "4"]);
    let out = pref().arg("score").arg(&file).output().unwrap();
    let text = stdout_of(&out);
    assert!(
        text.contains("Hands: 4 (game over: the match's limit of 4 hands)"),
        "{text}"
    );
    // Settlement rows carry the seat as well as the name (names need not differ).
    let rows: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("Settlement"))
        .skip(1)
        .collect();
    assert_eq!(rows.len(), 3, "{text}");
    for (s, row) in rows.iter().enumerate() {
        assert!(row.trim_start().starts_with(&format!("{s} ")), "{row}");
    }
    let out = pref().args(["score", "--json"]).arg(&file).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (
            json["game_over"].as_bool(),
            json["pool_closed"].as_bool(),
            json["hand_limit"].as_u64()
        ),
        (Some(true), Some(false), Some(4))
    );
}
