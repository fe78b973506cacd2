//! The `pref` commands end to end: help, sim → replay, the schema, and one-line errors that
//! write nothing.

mod common;
use common::{pref, stderr_of};
use std::path::Path;

fn schema() -> jsonschema::Validator {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/record.schema.json")).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

#[test]
fn help_on_every_command() {
    for cmd in [
        &["--help"][..],
        &["sim", "--help"],
        &["replay", "--help"],
        &["rules", "--help"],
    ] {
        let out = pref().args(cmd).output().unwrap();
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains("Usage"));
    }
    // Each command that works on files or runs long shows how it is used.
    for cmd in [
        "sim", "play", "replay", "score", "sheet", "solve", "review", "match", "serve",
    ] {
        let out = pref().args([cmd, "--help"]).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert!(
            text.contains("Example") && text.contains(&format!("  pref {cmd} ")),
            "{cmd}: {text}"
        );
    }
    // `tournament` is another name for `match`.
    let out = pref().args(["tournament", "--help"]).output().unwrap();
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).contains("Duplicate tournament"));
}

#[test]
fn rules_lists_presets_and_options_with_defaults() {
    let out = pref().arg("rules").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for word in [
        "sochi",
        "leningrad",
        "rostov",
        "hold",
        "allpass_talon",
        "stalingrad",
        "dealer_allpass_talon",
        "A3",
        "W5",
    ] {
        assert!(text.contains(word), "missing {word}");
    }
}

#[test]
fn sim_writes_a_record_that_replays_and_matches_the_schema() {
    let dir = tempfile::tempdir().unwrap();
    let validator = schema();
    for (players, opts) in [
        ("3", vec![]),
        ("4", vec!["-o", "dealer_allpass_talon=true", "-o", "talon_push=true"]),
        ("2", vec![]),
    ] {
        let file = dir.path().join(format!("r{players}.json"));
        let mut cmd = pref();
        cmd.args([
            "sim",
            "--rules",
            "leningrad",
            "--players",
            players,
            "--hands",
            "30",
            "--seed",
            "9",
            "--out",
        ])
        .arg(&file);
        cmd.args(&opts);
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "schema: {errors:?}");
        let out = pref().arg("replay").arg(&file).output().unwrap();
        assert!(out.status.success(), "{}", stderr_of(&out));
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("Hand 30") && text.contains("record valid: 30 hands"),
            "{text}"
        );
        assert!(text.contains("talon:") && text.contains("result:"));
    }
}

#[test]
fn sim_is_reproducible_from_its_seed() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    for f in [&a, &b] {
        pref()
            .args(["sim", "--hands", "5", "--seed", "77", "--out"])
            .arg(f)
            .assert()
            .success();
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn bad_input_gives_one_line_error_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("out.json");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--rules", "poker"], "unknown preset 'poker'"),
        (vec!["-o", "holdd=eldest"], "unknown option 'holdd'"),
        (vec!["-o", "hold=sometimes"], "bad value 'sometimes' for option 'hold'"),
        (vec!["-o", "hold"], "NAME=VALUE"),
        (vec!["--players", "5"], "players"),
        (vec!["-o", "talon_push=true"], "players=4"),
    ];
    for (args, expect) in cases {
        let out = pref()
            .arg("sim")
            .args(&args)
            .arg("--out")
            .arg(&out_file)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = stderr_of(&out);
        assert!(err.contains(expect), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
        assert!(!out_file.exists(), "nothing written for {args:?}");
    }
}

#[test]
fn replay_errors_name_what_and_where() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.json");
    pref()
        .args(["sim", "--hands", "4", "--seed", "5", "--out"])
        .arg(&file)
        .assert()
        .success();
    let text = std::fs::read_to_string(&file).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();

    let check = |content: &str, expect: &[&str]| {
        let f = dir.path().join("bad.json");
        std::fs::write(&f, content).unwrap();
        let out = pref().arg("replay").arg(&f).output().unwrap();
        assert!(!out.status.success());
        let err = stderr_of(&out);
        for e in expect {
            assert!(err.contains(e), "expected '{e}' in: {err}");
        }
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    };
    // Unreadable file.
    let out = pref()
        .arg("replay")
        .arg(dir.path().join("missing.json"))
        .output()
        .unwrap();
    assert!(!out.status.success() && stderr_of(&out).contains("cannot read"));
    // Malformed JSON.
    check("{ \"format\": ", &["malformed record", "line 1"]);
    check("{}", &["malformed record", "missing field"]);
    // An illegal action: the first action of hand 2 becomes a card play.
    let saved = json["hands"][1]["actions"][0]["action"].clone();
    json["hands"][1]["actions"][0]["action"] = "play AS".into();
    check(&json.to_string(), &["hand 2, action 0", "play AS"]);
    json["hands"][1]["actions"][0]["action"] = saved;
    // A stored outcome that disagrees.
    json["hands"][0]["outcome"] = serde_json::json!({ "kind": "thrown-in" });
    check(
        &json.to_string(),
        &["hand 1", "disagrees", "kind: stored \"thrown-in\", replayed "],
    );
    // Unknown version.
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["version"] = 99.into();
    check(&v.to_string(), &["version 99"]);
}

#[test]
fn score_prints_the_sheet_and_a_zero_sum_settlement() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    pref()
        .args(["sim", "--seed", "3", "-o", "target=6", "--out"])
        .arg(&file)
        .assert()
        .success();
    let out = pref().arg("score").arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("(game over)") && text.contains("  pool ") && text.contains("Settlement"),
        "{text}"
    );
    // Each seat's numbers stand in one column, however long the names in its labels.
    let sections: Vec<&str> = text.split("Seat ").skip(1).collect();
    assert_eq!(sections.len(), 3, "one section a seat: {text}");
    for section in sections {
        let section = section.split("Settlement").next().unwrap();
        let columns: Vec<usize> = section
            .lines()
            .skip(1)
            .map(|l| l.rfind("  ").map(|i| l[..i + 2].chars().count()).unwrap())
            .collect();
        assert!(
            columns.len() >= 3 && columns.iter().all(|c| *c == columns[0]),
            "{section}"
        );
    }
    let out = pref().args(["score", "--json"]).arg(&file).output().unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let sum: i64 = json["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["result"]["numerator"].as_i64().unwrap())
        .sum();
    assert_eq!(sum, 0);
    assert_eq!(json["game_over"], true);
}

#[test]
fn score_refuses_a_record_whose_stored_scores_disagree() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    pref()
        .args(["sim", "--seed", "3", "--hands", "5", "--out"])
        .arg(&file)
        .assert()
        .success();
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let hand = json["hands"]
        .as_array()
        .unwrap()
        .iter()
        .position(|h| !h["scores"].as_array().unwrap().is_empty())
        .unwrap();
    json["hands"][hand]["scores"][0]["points"] = 999.into();
    std::fs::write(&file, json.to_string()).unwrap();
    let out = pref().arg("score").arg(&file).output().unwrap();
    assert!(!out.status.success());
    let err = stderr_of(&out);
    assert!(
        err.contains(&format!("hand {}", hand + 1)) && err.contains("scores"),
        "{err}"
    );
    // The field is named with both values, not two JSON dumps.
    assert!(err.contains("[0].points: stored 999, replayed "), "{err}");
    assert!(!err.contains('{'), "{err}");
}

#[test]
fn sheet_draws_the_pulya_as_svg() {
    let dir = tempfile::tempdir().unwrap();
    for players in ["2", "3", "4"] {
        let file = dir.path().join(format!("g{players}.json"));
        let svg = dir.path().join(format!("g{players}.svg"));
        pref()
            .args(["sim", "--seed", "8", "--hands", "12", "--players", players, "--out"])
            .arg(&file)
            .assert()
            .success();
        pref().arg("sheet").arg(&file).arg("--svg").arg(&svg).assert().success();
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.starts_with("<svg") && text.trim_end().ends_with("</svg>"));
        assert!(text.contains("random-0") && text.contains("Settlement"));
        assert_eq!(
            text.matches("class=\"pool\"").count(),
            players.parse::<usize>().unwrap()
        );
    }
}

#[test]
fn match_plays_duplicate_deals_and_reports_with_confidence_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report.json");
    let records = dir.path().join("boards");
    let out = pref()
        .args([
            "match",
            "--bots",
            "heuristic,random,random",
            "--deals",
            "40",
            "--seed",
            "2",
            "--out",
        ])
        .arg(&report)
        .arg("--records")
        .arg(&records)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("40 deals, 120 boards") && text.contains("heuristic") && text.contains("95% CI"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let results = json["results"].as_array().unwrap();
    let h = results.iter().find(|r| r["bot"] == "heuristic").unwrap();
    let r = results.iter().find(|r| r["bot"] == "random").unwrap();
    assert!(h["whists_per_deal"].as_f64().unwrap() > r["whists_per_deal"].as_f64().unwrap());
    assert_eq!(std::fs::read_dir(&records).unwrap().count(), 120);
    // A board's record replays.
    let first = std::fs::read_dir(&records).unwrap().next().unwrap().unwrap().path();
    pref().arg("replay").arg(&first).assert().success();
    // More bots than seats.
    let out = pref()
        .args(["match", "--bots", "heuristic,random,random,random"])
        .output()
        .unwrap();
    assert!(!out.status.success() && stderr_of(&out).contains("has 3 seats"));
}

#[test]
fn review_lists_costly_cards() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    pref()
        .args(["sim", "--seed", "6", "--hands", "3", "--out"])
        .arg(&file)
        .assert()
        .success();
    let out = pref().arg("review").arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains(" cost tricks (threshold 1)"), "{text}");
    // Calls read as the rest of the program writes them (6♠, not '6S').
    assert!(!text.contains(" chose '"), "{text}");
    assert!(
        text.contains("bids, whist calls, discards and contracts cost whists"),
        "{text}"
    );
    let out = pref().arg("review").arg(dir.path().join("none.json")).output().unwrap();
    assert!(!out.status.success() && stderr_of(&out).contains("cannot read"));
}

#[test]
fn the_schema_takes_the_card_spellings_readers_take() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.json");
    pref()
        .args(["sim", "--hands", "3", "--seed", "4", "--out"])
        .arg(&file)
        .assert()
        .success();
    let mut json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    // Every card of the plays respelled: a ten as 10, the suits as symbols or lower case.
    let mut respelled = 0;
    for hand in json["hands"].as_array_mut().unwrap() {
        for a in hand["actions"].as_array_mut().unwrap() {
            let Some(text) = a["action"].as_str() else { continue };
            if let Some(card) = text.strip_prefix("play ") {
                let rank = if card.starts_with('T') {
                    "10".to_string()
                } else {
                    card[..1].to_lowercase()
                };
                let suit = match &card[1..] {
                    "S" => "♠",
                    "C" => "c",
                    "D" => "♦",
                    _ => "h",
                };
                a["action"] = format!("play {rank}{suit}").into();
                respelled += 1;
            }
        }
    }
    assert!(respelled > 0);
    let errors: Vec<String> = schema().iter_errors(&json).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "schema: {errors:?}");
    std::fs::write(&file, json.to_string()).unwrap();
    pref().arg("replay").arg(&file).assert().success();
    // What no reader takes, the schema refuses too.
    let mut bad = json.clone();
    bad["hands"][0]["deal"]["talon"] = "XS 8D".into();
    assert!(schema().iter_errors(&bad).next().is_some());
}
