//! Long nardy and Fevga records: names and presets, the first roll and the opening customs,
//! the forms that are errors in these games, generated matches of every preset (valid, JSON
//! and `.mat` round trips, single mutations reported at their line).

use crate::common::{self, assert_round_trip, errors, valid};
use serde_json::Value;
use tavla::codes::Code;
use tavla::generate::{Settings, random_match};
use tavla::replay::{Overrides, check};
use tavla::rules::{RuleSet, Variant};

/// Game 1 of a 3-point match under `variation`, with extra header lines; the first turn line
/// is line 7 plus the number of extra header lines.
fn record(variation: &str, header: &[&str], turns: &[&str]) -> String {
    let variation = format!("; [Variation \"{variation}\"]");
    let mut lines = vec![variation.as_str()];
    lines.extend(header);
    common::record(&lines, 3, turns)
}

/// The rules a record's header selects, as JSON.
fn rules_json(text: &str) -> Value {
    let v = check(tavla::notation::read(text), &Overrides::default());
    serde_json::to_value(v.rules.expect("rules")).unwrap()
}

#[test]
fn variation_names_and_aliases_select_the_game_and_its_preset() {
    for name in [
        "Long Nardy",
        "Nardy",
        "Long Nardi",
        "Nardi",
        "LongNardy",
        "Длинные нарды",
        "Нарды",
        "long nardy",
    ] {
        let j = rules_json(&record(name, &[], &["  1) 65: 24/13"]));
        assert_eq!(j["variant"], "long-nardy", "{name}");
        assert_eq!(j["preset"], "federation", "{name}");
    }
    for name in ["Fevga", "Φεύγα", "FEVGA"] {
        let j = rules_json(&record(name, &[], &["  1) 65: 24/13"]));
        assert_eq!(
            (j["variant"].as_str(), j["preset"].as_str()),
            (Some("fevga"), Some("greek"))
        );
    }
    for name in ["Moultezim", "Multezim"] {
        let j = rules_json(&record(name, &[], &["  1) 65: 24/13"]));
        assert_eq!(j["preset"], "moultezim", "{name}");
        assert_eq!(j["prime_rule"], "none");
    }
    // A `Rules` tag outranks the preset a name implies.
    let j = rules_json(&record("Moultezim", &["; [Rules \"greek\"]"], &[]));
    assert_eq!(j["preset"], "greek");
}

#[test]
fn presets_and_rule_overrides() {
    let j = rules_json(&record("Long Nardy", &["; [Rules \"home-prime\"]"], &[]));
    assert_eq!(j["prime_rule"], "opponent-home");
    assert_eq!(j["block_check"], "play");
    assert_eq!(j["koks"], true);
    assert_eq!(j["head_exception_blocked"], "two");
    assert_eq!(j["next_game_starter"], "previous-winner");
    let j = rules_json(&record(
        "Nardy",
        &[
            "; [Rules \"club\"]",
            "; [Rule \"head_doubles=64\"]",
            "; [Rule \"block_check=play\"]",
        ],
        &[],
    ));
    assert_eq!(
        (
            j["preset"].as_str(),
            j["head_doubles"].as_str(),
            j["block_check"].as_str()
        ),
        (Some("club"), Some("64"), Some("play"))
    );
    let j = rules_json(&record(
        "Fevga",
        &["; [Rule \"runner=start-quarter\"]"],
        &[],
    ));
    assert_eq!(j["runner"], "start-quarter");
    // Unknown presets, keys and values are errors on their tag line.
    let bad = record(
        "Long Nardy",
        &[
            "; [Rules \"tavli\"]",
            "; [Rule \"runner=none\"]",
            "; [Rule \"koks=maybe\"]",
        ],
        &["  1) 65: 24/13"],
    );
    assert_eq!(
        errors(&bad),
        vec![
            (Code::BadRuleOption, 2),
            (Code::BadRuleOption, 3),
            (Code::BadRuleOption, 4)
        ]
    );
    let bad = record("Fevga", &["; [Rule \"prime_rule=opponent-home\"]"], &[]);
    assert_eq!(errors(&bad), vec![(Code::BadRuleOption, 2)]);
}

#[test]
fn the_first_roll_may_be_a_doublet_and_its_head_exception_is_each_players() {
    // Both players' first rolls are doublets of the exception.
    let ok = record(
        "Long Nardy",
        &[],
        &["  1) 66: 24/18(2)              44: 24/16(2)"],
    );
    assert_eq!(errors(&ok), vec![]);
    // The second roll of a player is not a first roll.
    let later = record(
        "Long Nardy",
        &[],
        &[
            "  1) 65: 24/13                  54: 24/15",
            "  2) 66: 24/18(2)",
        ],
    );
    assert_eq!(errors(&later), vec![(Code::HeadRule, 8)]);
    // Backgammon's opening custom: the first roll is never a doublet.
    let bg = record(
        "Long Nardy",
        &["; [Rule \"opening=starter-plays-opening-dice\"]"],
        &["  1) 66: 24/18(2)"],
    );
    assert_eq!(errors(&bg), vec![(Code::OpeningDoublet, 8)]);
    // Fevga starts with a reroll too: a doublet first roll is fine.
    assert_eq!(errors(&record("Fevga", &[], &["  1) 55: 24/4"])), vec![]);
}

/// An empty cell is right when the step rule allows a step but the game's rules forbid every
/// one: White's 1-1 with the runner on 13 (24/23 breaks the runner rule, 13/12 is Black's head).
#[test]
fn an_empty_cell_when_only_the_play_level_rules_forbid_every_step() {
    let t = [
        "  1) 65: 24/13                  44: 24/20/16",
        "  2) 11:                       21: 16/13",
    ];
    assert_eq!(errors(&record("Fevga", &[], &t)), vec![]);
    // Under `runner = none`, 24/23 can be played: the empty cell is an error.
    let t = [
        "  1) 65: 24/13                  44: 24/16(2)",
        "  2) 11:                       21: 16/13",
    ];
    let free = record("Fevga", &["; [Rule \"runner=none\"]"], &t);
    assert_eq!(errors(&free), vec![(Code::DanceNotJustified, 9)]);
}

#[test]
fn bar_hits_cube_words_chains_and_draws_are_errors() {
    for (variation, line, code) in [
        ("Long Nardy", "  1) 65: bar/19 24/18", Code::NoBar),
        ("Long Nardy", "  1) 65: 24/13*", Code::NoHitting),
        ("Fevga", "  1) 65: 24/18*/13", Code::NoHitting),
        (
            "Long Nardy",
            "  1) 65: 24/13                  Doubles => 2",
            Code::NoCube,
        ),
        (
            "Fevga",
            "  1) 65: 24/13                  Doubles => 2",
            Code::NoCube,
        ),
    ] {
        let e = errors(&record(variation, &[], &[line]));
        assert_eq!(e.first(), Some(&(code, 7)), "{variation}: {line}: {e:?}");
    }
    // Gul bara's chain and remainder stages do not exist here.
    let chain = errors(&record(
        "Long Nardy",
        &[],
        &["  1) 11: 24/22/20 +22: 20/16/12"],
    ));
    assert_eq!(chain.first().map(|e| e.1), Some(7), "{chain:?}");
    let received = errors(&record(
        "Fevga",
        &[],
        &["  1) 65: 24/13                  (33): 24/15"],
    ));
    assert_eq!(received.first().map(|e| e.1), Some(7), "{received:?}");
    // No draws.
    let draw = record(
        "Long Nardy",
        &[],
        &["  1) 65: 24/13", "      Wins 0 points"],
    );
    assert!(!errors(&draw).is_empty());
}

/// Every preset: generated matches validate, survive parse -> JSON -> `.mat` -> JSON, and a
/// play with its last step dropped (fewer dice than could be played) is reported at its line
/// before anything else.
#[test]
fn generated_matches_of_every_preset_validate_round_trip_and_locate_mutations() {
    let presets = [
        (Variant::LongNardy, "federation"),
        (Variant::LongNardy, "club"),
        (Variant::LongNardy, "home-prime"),
        (Variant::Fevga, "greek"),
        (Variant::Fevga, "moultezim"),
    ];
    let mut mutants = 0;
    for (i, (variant, preset)) in presets.into_iter().enumerate() {
        let rules = RuleSet::default_for(variant).with_preset(preset).unwrap();
        let mut st = Settings::new(rules, 5);
        st.resign_rate = 0.01;
        for seed in 0..3u64 {
            let text = random_match(&st, 100 * i as u64 + seed);
            let v = valid(&text, &format!("{preset} {seed}"));
            assert_eq!(
                serde_json::to_value(v.rules.unwrap()).unwrap()["preset"],
                preset
            );
            assert_round_trip(&v, &text, &format!("{preset} {seed}"));
            // Drop the last step of the left cell of every tenth turn line with two steps or more.
            let lines: Vec<&str> = text.lines().collect();
            for (n, line) in lines.iter().enumerate().filter(|(n, _)| n % 10 == 0) {
                // The left cell: the first run of text without a double space, `1) 62: 24/16`.
                let Some(cell) = line.split("  ").find(|c| !c.is_empty()) else {
                    continue;
                };
                let Some((_, play)) = cell.split_once(": ") else {
                    continue;
                };
                let steps: Vec<&str> = play.split_whitespace().collect();
                if steps.len() < 2 || steps.iter().any(|s| s.contains('(') || s.contains('W')) {
                    continue;
                }
                let last = steps[steps.len() - 1];
                let shorter = cell[..cell.len() - last.len()].trim_end();
                let new = line.replacen(cell, &format!("{shorter:<len$}", len = cell.len()), 1);
                let mut mutated = lines.clone();
                mutated[n] = &new;
                let text2 = mutated.join("\n");
                let first = errors(&text2).into_iter().next();
                assert_eq!(
                    first.map(|e| e.1),
                    Some(n + 1),
                    "{preset} {seed} line {}: {new}",
                    n + 1
                );
                mutants += 1;
            }
        }
    }
    assert!(mutants >= 30, "{mutants}");
}
