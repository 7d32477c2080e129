//! Tapa and Plakoto matches played by tavla's engine (every preset, draws and mother wins
//! included): they validate with no finding, survive the JSON and `.mat` round trip, and a
//! single changed step is reported at its line.

use crate::common::generated::AtTheirLine;
use crate::common::{assert_round_trip, describe, valid};
use tavla::generate::{Settings, random_match};
use tavla::replay::{Overrides, check};
use tavla::report::json::match_json;
use tavla::rules::{RuleSet, Variant};

fn rule_sets() -> Vec<(RuleSet, &'static str)> {
    let base = RuleSet::default_for(Variant::Tapa);
    let mut out = vec![
        (base, "bulgarian"),
        (base.with_preset("plakoto").unwrap(), "plakoto"),
    ];
    let mut p1 = base.with_preset("plakoto").unwrap();
    p1.set("draw_points=1").unwrap();
    out.push((p1, "plakoto, draw_points=1"));
    let mut b0 = base;
    b0.set("draw_points=0").unwrap();
    b0.set("opening=starter-rerolls").unwrap();
    out.push((b0, "bulgarian, draw_points=0, opening=starter-rerolls"));
    // Any roll that moves nothing ends the game 0 : 0 (the stuck rule at its smallest).
    let mut s1 = base;
    s1.set("stuck_rolls=1").unwrap();
    out.push((s1, "bulgarian, stuck_rolls=1"));
    let mut t = base;
    t.set("mother_check=turn").unwrap();
    out.push((t, "bulgarian, mother_check=turn"));
    out
}

/// The generated record, with the options beyond the preset written as `Rule` tags.
fn record(rules: RuleSet, label: &str, length: u64, seed: u64) -> String {
    let mut st = Settings::new(rules, length);
    st.resign_rate = 0.01;
    let text = random_match(&st, seed);
    let extra: Vec<String> = label
        .split(", ")
        .skip(1)
        .map(|kv| format!("; [Rule \"{kv}\"]"))
        .collect();
    let mut lines: Vec<&str> = text.split('\n').collect();
    let header_end = lines.iter().position(|l| !l.starts_with(';')).unwrap_or(0);
    lines.splice(header_end..header_end, extra.iter().map(String::as_str));
    lines.join("\n")
}

/// Given generated matches of every preset (3 and 5 points, several seeds), then each is valid
/// with no finding, is checked under the rules it was played with, and its JSON survives the
/// `.mat` round trip unchanged; over the corpus both mother wins and draws occur.
#[test]
fn generated_tapa_matches_validate_and_round_trip() {
    let mut hows = std::collections::BTreeSet::new();
    let mut stuck_draws = 0;
    for (rules, label) in rule_sets() {
        for seed in 0..12u64 {
            let length = if seed % 2 == 0 { 3 } else { 5 };
            let text = record(rules, label, length, seed);
            let v = valid(&text, &format!("{label} seed {seed}"));
            assert_eq!(
                v.rules,
                Some(rules),
                "{label}: the header did not set the rules"
            );
            for g in &v.games {
                if let Some(r) = &g.result {
                    hows.insert(r.how);
                    // With draw_points = 1, a draw worth 0 is the stuck rule's.
                    if label.ends_with("stuck_rolls=1") && r.draw && r.full == Some(0) {
                        stuck_draws += 1;
                    }
                }
            }
            assert_round_trip(&v, &text, &format!("{label} seed {seed}"));
        }
    }
    assert!(stuck_draws > 0, "no game ended by the stuck rule");
    for want in ["bear-off", "mother", "draw"] {
        assert!(
            hows.contains(want),
            "no generated game ended by {want}: {hows:?}"
        );
    }
}

/// Given a generated match, when the destination of one written step is changed, then the
/// first error is never before the changed line, and most changes are reported at that line.
#[test]
fn a_changed_step_is_reported_at_its_line() {
    let mut at = AtTheirLine::default();
    for (rules, label) in rule_sets() {
        for seed in 0..4u64 {
            at.add(
                &record(rules, label, 3, seed),
                &format!("{label} seed {seed}"),
            );
        }
    }
    at.assert_most(200);
}

/// Given generated Sreshta matches (обикновена, Gul bara, Tapa in turn), then each is valid,
/// every game is checked under the variant its number selects, the JSON names it per game, and
/// the record survives the round trip.
#[test]
fn generated_sreshta_matches_rotate_validate_and_round_trip() {
    use tavla::rules::rotation::Rotation;
    let rot = Rotation::from_name("Sreshta").unwrap();
    let mut games = 0;
    for seed in 0..6u64 {
        let mut st = Settings::new(rot.game(1), 7);
        st.rotation = Some(rot);
        let text = random_match(&st, seed);
        let v = valid(&text, &format!("seed {seed}"));
        assert_eq!(v.rotation, Some(rot));
        let j1 = match_json(&v, false, &text);
        assert_eq!(j1["rotation"], "Sreshta");
        for (k, g) in v.games.iter().enumerate() {
            let want = [Variant::Backgammon, Variant::GulBara, Variant::Tapa][k % 3];
            assert_eq!(g.rules.variant(), want, "game {}", g.number);
            assert_eq!(j1["games"][k]["variant"], want.name());
            games += 1;
        }
        assert_round_trip(&v, &text, &format!("seed {seed}"));
        // Checked as plain Tapa instead, game 1 (обикновена's start) is an error.
        let tapa_text = text.replace("; [Variation \"Sreshta\"]", "; [Variation \"Tapa\"]");
        assert!(check(tavla::notation::read(&tapa_text), &Overrides::default()).errors() > 0);
    }
    assert!(games >= 18, "{games} games");
}

/// Marks are judged where they stand (`tapa.md` §9): generated matches mark every pin at the
/// step that makes it, transient ones included (`20/14*/13`), and get no `pin-mark` warning;
/// over the corpus such transient marks occur. Moving one `*` to a step that pins nothing, or
/// dropping the `*` of a pin, is a warning at that line, never an error.
#[test]
fn pins_marked_where_they_happen_transient_ones_included_get_no_warning() {
    use tavla::Code;
    use tavla::replay::Severity;
    let mut transient = 0;
    let mut dropped_checked = 0;
    for (rules, label) in rule_sets() {
        for seed in 0..4 {
            let text = record(rules, label, 3, seed);
            let v = check(tavla::notation::read(&text), &Overrides::default());
            assert!(
                v.findings.iter().all(|f| f.code != Code::PinMark),
                "{label}, seed {seed}: {}",
                describe(&v, &text)
            );
            // `N/M*/K`: a pin made and released within one play.
            transient += text
                .lines()
                .flat_map(|l| l.split_whitespace())
                .filter(|w| w.contains("*/"))
                .count();
            // Drop the `*` of one pin that other marks leave the file marking pins.
            if text.matches('*').count() >= 2
                && let Some(at) = text.find('*')
            {
                let mut unmarked = text.clone();
                unmarked.remove(at);
                let v = check(tavla::notation::read(&unmarked), &Overrides::default());
                assert_eq!(v.errors(), 0, "{label}, seed {seed}");
                let line = unmarked[..at].matches('\n').count() + 1;
                let idx = tavla::report::LineIndex::new(&unmarked);
                assert!(
                    v.findings.iter().any(|f| f.code == Code::PinMark
                        && f.severity == Severity::Warning
                        && idx.locate(&unmarked, f.span.offset).0 == line),
                    "{label}, seed {seed}: no pin-mark warning at line {line}"
                );
                dropped_checked += 1;
            }
        }
    }
    assert!(transient > 0, "no transient pin was marked in the corpus");
    assert!(dropped_checked > 5, "{dropped_checked}");
}
