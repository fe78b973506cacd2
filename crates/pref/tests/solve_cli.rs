//! `pref solve`: a deal given by hand or a record's position, the deal table, seats named,
//! and bad input refused with one line.

mod common;
use common::{pref, sim, stderr_of, stdout_of};
use std::path::Path;

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
fn x1_review_says_an_all_pass_card_is_counted_against_the_two_others() {
    // Heuristic play, seed 1: four of the eight hands are all-passes (X1), where each player
    // takes as few tricks as he can for himself, while the solver counts the seat against
    // the two others together. Every card mistake of an all-pass hand says so; no other does.
    let dir = tempfile::tempdir().unwrap();
    let file = sim(
        dir.path(),
        "g.json",
        &["--seed", "1", "--hands", "8", "--bots", "heuristic"],
    );
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let all_pass: Vec<bool> = json["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["outcome"]["kind"] == "all-pass")
        .collect();
    let out = pref().args(["review", "--samples", "1"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = stdout_of(&out);
    let (mut marked, mut plain) = (0, 0);
    for line in text.lines().filter(|l| l.contains(" trick")) {
        let Some(hand) = line.strip_prefix("hand ").and_then(|l| l.split(' ').next()) else {
            continue;
        };
        let hand: usize = hand.parse().unwrap();
        let note = line.ends_with("(all-pass: the two others against him)");
        assert_eq!(note, all_pass[hand - 1], "{line}");
        if note {
            marked += 1;
        } else {
            plain += 1;
        }
    }
    assert!(marked > 0 && plain > 0, "{text}");
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
        stderr_of(&out).contains("with ten-card hands both (got 1)"),
        "{}",
        stderr_of(&out)
    );
    // Three talon cards never lead (X2: two at most).
    let out = pref()
        .args(["solve", "--hands", "AS KS/7S 8S/9S TS", "--talon", "AH 7H 8H"])
        .output()
        .unwrap();
    assert!(
        !out.status.success() && stderr_of(&out).contains("one or two talon cards"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn solve_gives_the_result_and_every_cards_value() {
    let hands = "AS KS QS JS TS 9S 8S AC KC QC/7S JC TC 9C 8C 7C AD KD QD JD/TD 9D 8D 7D AH KH QH JH TH 9H";
    let out = pref()
        .args(["solve", "--hands", hands, "--contract", "6S", "--declarer", "0", "--pv"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("result: 10")
            && text.contains("A♠   10")
            && text.contains("principal variation")
            && text.contains("nodes"),
        "{text}"
    );
    // Misère: the declarer with A♠ K♠ against low spades must take both tricks.
    let out = pref()
        .args(["solve", "--hands", "AS KS/7S 8S/9S TS", "--contract", "misere"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("result: 2"));
    // All-pass with a talon lead (X2): seat 0 must follow hearts with his only heart.
    let out = pref()
        .args([
            "solve",
            "--hands",
            "AH 7S/8S 9S/TS JS",
            "--talon",
            "7H",
            "--player",
            "0",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("result: 1"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn solve_from_a_record_position_and_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.json");
    pref()
        .args(["sim", "--seed", "2", "--hands", "3", "--out"])
        .arg(&file)
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let actions = json["hands"][0]["actions"].as_array().unwrap();
    let first_play = actions
        .iter()
        .position(|a| a["action"].as_str().unwrap().starts_with("play"))
        .unwrap();
    let out = pref()
        .arg("solve")
        .arg("--record")
        .arg(&file)
        .args(["--hand", "1", "--action", &first_play.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("result: "));
    for (args, expect) in [
        (vec!["solve"], "give a position"),
        (vec!["solve", "--hands", "AS KS/7S"], "three hands"),
        (vec!["solve", "--hands", "AS KS/7S 8S/9S AS"], "two hands"),
        (
            vec!["solve", "--hands", "AS KS/7S 8S/9S TS", "--contract", "11S"],
            "expected 6S … 10NT, misere, misere-nt or allpass",
        ),
        (vec!["solve", "--hands", "AS XX/7S 8S/9S TS"], "not a card"),
        (vec!["solve", "--hands", "AS KS/7S/9S TS"], "same number"),
    ] {
        let out = pref().args(&args).output().unwrap();
        assert!(!out.status.success(), "{args:?}");
        let err = stderr_of(&out);
        assert!(err.contains(expect), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1);
    }
    let out = pref()
        .arg("solve")
        .arg("--record")
        .arg(&file)
        .args(["--hand", "1", "--action", "0"])
        .output()
        .unwrap();
    // The refusal names the actions that are card-play positions.
    let err = stderr_of(&out);
    let last = actions.len() - 1;
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains(&format!(
            "--action 0 is not in hand 1's card play: choose {first_play} to {last}"
        )),
        "{err}"
    );
    // Mid-hand, the position is said: the contract, the tricks so far, the trick on the table.
    let out = pref()
        .arg("solve")
        .arg("--record")
        .arg(&file)
        .args(["--hand", "1", "--action", &(first_play + 4).to_string()])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    let position = text.lines().next().unwrap_or_default();
    assert!(position.starts_with("contract: "), "{text}");
    assert!(
        position.contains("after 1 trick: ") && position.contains("trick so far: "),
        "{text}"
    );
    assert!(text.contains("those taken so far included"), "{text}");
}

#[test]
fn solve_says_what_a_deal_by_hand_assumes_and_quotes_bad_input_in_short() {
    let hands = "AS KS QS JS TS 9S 8S AC KC QC/7S JC TC 9C 8C 7C AD KD QD JD/TD 9D 8D 7D AH KH QH JH TH 9H";
    // X2: a whole all-pass without --talon has no talon leads, and says so.
    let out = pref().args(["solve", "--hands", hands]).output().unwrap();
    let text = stdout_of(&out);
    assert!(text.starts_with("note: no --talon, so no talon card leads"), "{text}");
    assert!(text.contains("contract: none, all-pass\n"), "{text}");
    let out = pref()
        .args(["solve", "--hands", hands, "--talon", "8H 7H"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(!text.contains("note:"), "{text}");
    assert!(
        text.contains("talon cards to lead the next tricks (X2): 8♥ 7♥"),
        "{text}"
    );
    // More talon cards than tricks left: refused, not ignored.
    let out = pref()
        .args(["solve", "--hands", "AS/7S/9S", "--talon", "AH 7C"])
        .output()
        .unwrap();
    assert!(stderr_of(&out).contains("2 talon cards lead the next tricks, but the hands hold 1 card"));
    // A long repeated input is quoted in short.
    let long = format!("{}/7S/8S", "AS ".repeat(20_000));
    let out = pref().args(["solve", "--hands", &long]).output().unwrap();
    let err = stderr_of(&out);
    assert!(
        !out.status.success() && err.contains("card AS appears twice"),
        "{}",
        &err[..err.len().min(300)]
    );
    assert!(err.len() < 300, "{} bytes", err.len());
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
fn f3_the_dealers_talon_leads_are_named_as_his_and_he_is_no_all_pass_player() {
    // Four players, F3's dealer owning the all-pass talon: hand 1 of this seed is an all-pass
    // whose first trick the dealer led from the talon.
    let dir = tempfile::tempdir().unwrap();
    let file = sim(
        dir.path(),
        "d4.json",
        &[
            "--players",
            "4",
            "-o",
            "dealer_allpass_talon=true",
            "--bots",
            "heuristic",
            "--hands",
            "1",
            "--seed",
            "15",
        ],
    );
    let record = file.to_str().unwrap();
    let out = pref()
        .args(["solve", "--record", record, "--hand", "1"])
        .output()
        .unwrap();
    let text = stdout_of(&out);
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        text.contains("the dealer's talon cards to lead the next tricks (F3)"),
        "{text}"
    );
    assert!(!text.contains("(X2)"), "{text}");
    // The dealer (seat 0 deals the first hand) holds no hand whose tricks could be counted.
    let out = pref()
        .args(["solve", "--record", record, "--hand", "1", "--player", "0"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(
        stderr_of(&out).contains("plays only the talon's two cards (F3)"),
        "{}",
        stderr_of(&out)
    );
}
