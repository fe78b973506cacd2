//! Unusual input that exploratory testing found mishandled: options that need each other
//! given in any order, records without a seed, positions numbered from 0, talon checks,
//! readable outcome lines and refusals that name their cause (outputs: `cli_outputs.rs`).

mod common;
use common::{pref, sim, stderr_of, stdout_of};

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
    // X3: a cap without a progression would change nothing: refused, naming it.
    let out = pref()
        .args(["sim", "--hands", "1", "-o", "allpass_progression_cap=4"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        stderr_of(&out).contains("allpass_progression_cap has no effect without allpass_progression"),
        "{}",
        stderr_of(&out)
    );
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
        text.contains("ended by an offer from seat"),
        "no offer in this record any more"
    );
    assert!(!text.contains("Some("), "debug text in: {text}");
    assert!(!text.contains("(1 tricks)"), "{text}");
    let one = sim(dir.path(), "one.json", &["--seed", "1", "--hands", "1"]);
    let out = pref().arg("replay").arg(&one).output().unwrap();
    assert!(stdout_of(&out).contains("1 hand replayed"), "{}", stdout_of(&out));
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
    // --target says the range the rules accept (it said u32's).
    for target in ["0", "99999999999"] {
        let out = pref()
            .args(["match", "--deals", "1", "--target", target])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr_of(&out).contains("not in 1..=100000"), "{}", stderr_of(&out));
    }
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
    // A kind is `human` or a bot's name: any other text is refused, by every reader alike.
    record["players"][1]["name"] = "Zoya".into();
    record["players"][1]["kind"] = "\u{1b}[31malien bot".into();
    std::fs::write(&file, record.to_string()).unwrap();
    for cmd in [&["replay"][..], &["score"], &["sheet", "--svg", "-"], &["review"]] {
        let out = pref().args(cmd).arg(&file).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{cmd:?}");
        let err = stderr_of(&out);
        assert!(
            err.contains("player 1's kind") && err.contains(file.to_str().unwrap()),
            "{cmd:?}: {err}"
        );
    }
    // A well-formed kind that names no bot: `play --resume` says which file holds it.
    record["players"][0]["kind"] = "human".into();
    record["players"][1]["kind"] = "alien".into();
    std::fs::write(&file, record.to_string()).unwrap();
    let out = pref()
        .args(["play", "--plain", "--resume"])
        .arg(&file)
        .output()
        .unwrap();
    let err = stderr_of(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(file.to_str().unwrap()) && err.contains("unknown bot 'alien'"),
        "{err}"
    );
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
fn h2_review_weighs_a_hussar_games_calls_and_bounds_its_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let hussar = sim(dir.path(), "h.json", &["--hands", "2", "--players", "2", "--seed", "5"]);
    let out = pref().args(["review", "--samples", "2"]).arg(&hussar).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        stdout_of(&out).contains("bids, whist calls, discards and contracts cost whists"),
        "{}",
        stdout_of(&out)
    );
    for (flag, value) in [("--samples", "99999999999"), ("--threshold", "11")] {
        let out = pref().args(["review", flag, value]).arg(&hussar).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
    }
    // A negative number after a space is the flag's value, not another flag.
    for (flag, value) in [("--threshold", "-1"), ("--samples", "-3")] {
        let out = pref().args(["review", flag, value]).arg(&hussar).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag} {value}");
        assert!(!stderr_of(&out).contains("'-- "), "{}", stderr_of(&out));
    }
    // Refused by the argument parser as the other flags' ranges are (exit code 2).
    for whists in [
        &["--whists=-1"][..],
        &["--whists", "-1"],
        &["--whists=1e308"],
        &["--whists=x"],
    ] {
        let out = pref().arg("review").args(whists).arg(&hussar).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr_of(&out).contains("from 0 to 1000000"), "{}", stderr_of(&out));
    }
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
    assert!(stderr_of(&out).contains("no such address"), "{}", stderr_of(&out));
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "files were left behind"
    );
}

#[test]
fn serve_on_a_busy_port_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let out = pref()
        .args(["serve", "--addr", &addr, "--database"])
        .arg(format!("sqlite://{}", dir.path().join("t.db").display()))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = stderr_of(&out);
    assert!(err.contains(&addr) && err.contains("another program"), "{err}");
    assert!(err.contains("--addr"), "{err}");
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

#[test]
fn replay_marks_holds_and_says_who_took_each_trick() {
    // A3 `hold=eldest`, random bots: some eldest holds the highest bid; every trick line
    // names its winner (R6).
    let dir = tempfile::tempdir().unwrap();
    let file = sim(
        dir.path(),
        "g.json",
        &["--seed", "2", "--hands", "40", "-o", "hold=eldest"],
    );
    let text = stdout_of(&pref().arg("replay").arg(&file).output().unwrap());
    let tricks: Vec<&str> = text.lines().filter(|l| l.trim_start().starts_with("trick ")).collect();
    assert!(tricks.len() > 100, "{text}");
    assert!(tricks.iter().all(|l| l.contains(" — won by seat ")), "{text}");
    let holds: Vec<&str> = text.lines().filter(|l| l.ends_with(" (hold)")).collect();
    assert!(!holds.is_empty(), "no hold in 40 hands:\n{text}");
    // A bid says it is one ("bid 6♠", not a bare "6♠" that reads as a card).
    let bids = text.lines().filter(|l| l.contains(": bid ")).count();
    assert!(bids > 0, "{text}");
    let bare_bid = |l: &str| {
        l.starts_with("  seat ")
            && l.split(": ")
                .nth(1)
                .is_some_and(|a| a.starts_with(['6', '7', '8', '9', '1']))
    };
    assert!(!text.lines().any(bare_bid), "{text}");
    // Each played hand says what it wrote on the sheet.
    let results = text.lines().filter(|l| l.trim_start().starts_with("result: ")).count();
    let written = text
        .lines()
        .filter(|l| l.trim_start().starts_with("written: seat "))
        .count();
    assert!(written > 0 && written <= results, "{written} of {results}:\n{text}");
}

#[test]
fn records_come_from_standard_input_with_a_byte_order_mark_and_an_empty_one_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "g.json", &["--seed", "4", "--hands", "2"]);
    let text = std::fs::read_to_string(&file).unwrap();
    let direct = stdout_of(&pref().arg("score").arg(&file).output().unwrap());
    let piped = pref().args(["score", "-"]).write_stdin(text.clone()).output().unwrap();
    assert!(piped.status.success(), "{}", stderr_of(&piped));
    assert_eq!(stdout_of(&piped), direct);
    let bom = dir.path().join("bom.json");
    std::fs::write(&bom, format!("\u{feff}{text}")).unwrap();
    assert_eq!(stdout_of(&pref().arg("score").arg(&bom).output().unwrap()), direct);
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "\n").unwrap();
    let out = pref().arg("replay").arg(&empty).output().unwrap();
    assert!(
        stderr_of(&out).contains("empty.json: the record is empty"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn a_one_deal_match_reads_in_the_singular_and_has_no_interval() {
    let out = pref()
        .args(["match", "--deals", "1", "--bots", "heuristic,random,random"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    assert!(text.starts_with("1 deal, 3 boards"), "{text}");
    assert!(text.contains("n/a") && !text.contains("inf"), "{text}");
}

#[test]
fn option_names_in_any_case_and_a_pulya_on_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(
        dir.path(),
        "g.json",
        &["--seed", "3", "--hands", "2", "-o", "TARGET=12"],
    );
    let out = pref().arg("score").arg(&file).output().unwrap();
    assert!(stdout_of(&out).contains("target=12"), "{}", stdout_of(&out));
    let out = pref().args(["sheet", "--svg", "-"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(stdout_of(&out).trim_start().starts_with("<svg") || stdout_of(&out).trim_start().starts_with("<?xml"));
    assert!(!dir.path().join("-").exists() && !std::path::Path::new("-").exists());
}

#[test]
fn score_prints_a_record_with_a_very_long_name() {
    let dir = tempfile::tempdir().unwrap();
    let file = sim(dir.path(), "game.json", &["--seed", "3", "--hands", "5"]);
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // Past 65,535 characters a formatting width panics.
    json["players"][0]["name"] = "x".repeat(70_000).into();
    std::fs::write(&file, json.to_string()).unwrap();
    let out = pref().arg("score").arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Settlement"));
}

#[test]
fn a_negative_number_is_an_invalid_value_not_an_unknown_argument() {
    for (args, expect) in [
        (["sim", "--seed", "-1"], "invalid value '-1' for '--seed"),
        (["sim", "--hands", "-5"], "invalid value '-5' for '--hands"),
        (["match", "--deals", "-1"], "invalid value '-1' for '--deals"),
    ] {
        let out = pref().args(args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr_of(&out).contains(expect), "{args:?}: {}", stderr_of(&out));
    }
}
