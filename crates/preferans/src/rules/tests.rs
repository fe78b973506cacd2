use super::*;

#[test]
fn section3_presets_by_name() {
    let l = Rules::preset("leningrad").unwrap();
    assert_eq!(l.russian().whists_per_point, 2);
    assert_eq!(l.russian().pool_multiplier, 2);
    assert_eq!(l.russian().mountain_per_point, MountainPerPoint::Two);
    let r = Rules::preset("Rostov").unwrap();
    assert_eq!(r.russian().allpass_talon, AllpassTalon::Closed);
    assert_eq!(r.russian().whist_responsibility, Responsibility::Half);
    assert!(matches!(Rules::preset("poker"), Err(RulesError::UnknownPreset(..))));
}

#[test]
fn section3_every_option_settable_and_readable() {
    for info in RUSSIAN_OPTIONS {
        let r = Rules::preset("sochi").unwrap().with("players", "4").unwrap();
        let v = r.get(info.name).unwrap();
        let mut r2 = r.clone();
        r2.set(info.name, &v).unwrap();
        assert_eq!(r2, r, "{}", info.name);
        // Another value of its list (or a number, or A6's levels) is set and read back.
        let other = info
            .values
            .split(" | ")
            .map(|w| match w {
                "a number" | "a number from 1 to 100000" => "7",
                "comma list of levels, e.g. 6,7,7, or none" => "6,7,7",
                w => w,
            })
            .find(|w| *w != v)
            .unwrap_or_else(|| panic!("{}: no other value in '{}'", info.name, info.values));
        let mut r3 = r.clone();
        // The options that need another: X3's cycle a cap, S9's pool total the pool_sum end.
        match info.name {
            "allpass_cycle" => r3.set("allpass_progression_cap", "3").unwrap(),
            "pool_total" => r3.set("end", "pool_sum").unwrap(),
            _ => {}
        }
        r3.set(info.name, other)
            .unwrap_or_else(|e| panic!("{}={other}: {e}", info.name));
        assert_eq!(r3.get(info.name).unwrap(), other, "{}", info.name);
        assert_ne!(r3, r, "{}={other} changed nothing", info.name);
    }
}

#[test]
fn section3_changed_options_and_errors() {
    let r = Rules::sochi()
        .with("whist_responsibility", "half")
        .unwrap()
        .with("allpass_exit", "6,7,7")
        .unwrap();
    assert_eq!(
        r.changed_options(),
        vec![
            ("allpass_exit", "6,7,7".to_string()),
            ("whist_responsibility", "half".to_string())
        ]
    );
    assert!(matches!(
        Rules::sochi().with("holdd", "x"),
        Err(RulesError::UnknownOption(_))
    ));
    assert!(matches!(
        Rules::sochi().with("hold", "x"),
        Err(RulesError::BadValue { .. })
    ));
    assert!(matches!(
        Rules::sochi().with("talon_push", "true"),
        Err(RulesError::Inconsistent(_))
    ));
    assert!(matches!(
        Rules::sochi().with("allpass_cycle", "true"),
        Err(RulesError::Inconsistent(_))
    ));
    // Options that need each other are accepted in either order when set together.
    for pair in [
        [("allpass_cycle", "true"), ("allpass_progression_cap", "4")],
        [("allpass_progression_cap", "4"), ("allpass_cycle", "true")],
    ] {
        let mut r = Rules::sochi().with("allpass_progression", "geometric").unwrap();
        r.set_many(pair).unwrap();
        assert_eq!(r.get("allpass_cycle").unwrap(), "true");
    }
    let mut r = Rules::sochi();
    assert!(matches!(
        r.set_many([("allpass_cycle", "true")]),
        Err(RulesError::Inconsistent(_))
    ));
    assert_eq!(r, Rules::sochi(), "a refused set changes nothing");
    // S9: a pool total only with the game that ends on it.
    assert!(matches!(
        Rules::sochi().with("pool_total", "50"),
        Err(RulesError::Inconsistent(_))
    ));
    let mut r = Rules::sochi();
    r.set_many([("pool_total", "50"), ("end", "pool_sum")]).unwrap();
    assert_eq!(r.get("pool_total").unwrap(), "50");
    assert!(matches!(
        Rules::sochi().with("allpass_exit", "5"),
        Err(RulesError::BadValue { .. })
    ));
}

#[test]
fn f3_x2_the_dealer_plays_the_allpass_talon_only_with_four_players_and_talon_leads() {
    let with = |preset: &str, players: &str| {
        Rules::preset(preset)
            .unwrap()
            .with("players", players)
            .unwrap()
            .with("dealer_allpass_talon", "true")
            .map(|r| r.dealer_plays_allpass_talon())
    };
    assert_eq!(with("sochi", "4").ok(), Some(true));
    assert_eq!(with("leningrad", "4").ok(), Some(true));
    // Rostov's talon is closed (X2): a pool point for the dealer instead, no tricks.
    assert_eq!(with("rostov", "4").ok(), Some(false));
    assert!(!Rules::sochi()
        .with("players", "4")
        .unwrap()
        .dealer_plays_allpass_talon());
}

#[test]
fn x3_s6_an_allpass_option_without_effect_is_refused_for_a_new_game_only() {
    let with = |opts: &[(&str, &str)]| {
        let mut r = Rules::sochi();
        r.set_many(opts.iter().copied()).unwrap();
        r
    };
    // Without a progression (and, for the series and the cycle, without A6's exit), these
    // change nothing: the game says so, naming the option.
    for (opts, name) in [
        (&[("allpass_progression_cap", "3")][..], "allpass_progression_cap"),
        (
            &[("allpass_zero_trick_pool_scales", "true")][..],
            "allpass_zero_trick_pool_scales",
        ),
        (
            &[("allpass_reset_on_failed_contract", "false")][..],
            "allpass_reset_on_failed_contract",
        ),
        (
            &[("allpass_progression_cap", "3"), ("allpass_cycle", "true")][..],
            "allpass_cycle",
        ),
        (
            &[("allpass_progression_cap", "3"), ("allpass_exit", "7")][..],
            "allpass_progression_cap",
        ),
    ] {
        let r = with(opts);
        assert!(r.validate().is_ok(), "{opts:?}: a stored game with them still loads");
        let e = r.check_all_options_matter().unwrap_err();
        assert!(
            matches!(&e, RulesError::Inconsistent(m) if m.starts_with(name)),
            "{opts:?}: {e}"
        );
    }
    // Where they act, they are taken: a progression, or A6's exit counted in cycles.
    for opts in [
        &[("allpass_progression", "arithmetic"), ("allpass_progression_cap", "3")][..],
        &[
            ("allpass_progression", "geometric"),
            ("allpass_zero_trick_pool_scales", "true"),
        ][..],
        &[("allpass_exit", "7"), ("allpass_reset_on_failed_contract", "false")][..],
        &[
            ("allpass_exit", "7"),
            ("allpass_progression_cap", "2"),
            ("allpass_cycle", "true"),
        ][..],
    ] {
        assert!(with(opts).check_all_options_matter().is_ok(), "{opts:?}");
    }
    for p in PRESETS {
        let r = Rules::preset(p.name).unwrap();
        assert!(r.check_all_options_matter().is_ok(), "{}", p.name);
    }
}
