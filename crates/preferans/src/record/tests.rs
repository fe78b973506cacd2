//! The record's own refusals: a talon of the wrong size, the number of players among the options.

use super::*;

/// A record of a new 3-player Sochi match with no hands, as JSON to edit.
fn empty_record() -> serde_json::Value {
    let m = Match::new(Rules::sochi(), 1, 0, None);
    let players = (0..3)
        .map(|i| PlayerRecord {
            name: format!("p{i}"),
            kind: "random".into(),
        })
        .collect();
    serde_json::from_str(&Record::from_match(&m, players).to_json()).unwrap()
}

#[test]
fn a_talon_of_the_wrong_size_is_named_as_such() {
    let deal = |talon: &str| {
        let text = format!(r#"{{"hands":["AS","KS","QS"],"talon":{talon}}}"#);
        serde_json::from_str::<DealRecord>(&text).map_err(|e| e.to_string())
    };
    assert!(deal(r#"["7C","8C"]"#).is_ok());
    for (talon, n) in [
        (r#"["7C","8C","9C"]"#, "3 cards"),
        (r#"["7C"]"#, "1 card"),
        ("[]", "0 cards"),
    ] {
        let err = deal(talon).unwrap_err();
        assert!(err.contains(&format!("the talon holds {n}; it must hold 2")), "{err}");
    }
}

#[test]
fn the_number_of_players_is_not_an_option_of_a_record() {
    let mut json = empty_record();
    assert!(Record::from_json(&json.to_string()).unwrap().replay().is_ok());
    json["rules"]["options"]["players"] = "4".into();
    let err = Record::from_json(&json.to_string())
        .unwrap()
        .replay()
        .unwrap_err()
        .to_string();
    assert!(err.contains("the number of players is rules.players"), "{err}");
}
