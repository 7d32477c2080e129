//! Written resignations (records.md §2): `Resigns`, `Resign`, `Resigned`, `Resigned Game`,
//! `Resigned Gammon`, `Resigned Backgammon`, `Resigned Match`, in the resigning player's column
//! (a cell of a numbered turn line, or on a line of its own), followed by — or beside — the
//! winner's `Wins N points`. The records are cut from a real gnubg game
//! (`fixtures/backgammon/gnubg/m001-0001.mat`), so every play in them is legal.

use crate::common::{read_text, strip_lines};

use serde_json::Value;
use tavla::codes::Code;
use tavla::notation::write_mat;
use tavla::replay::{Finding, Overrides, Severity, Verdict, check};
use tavla::report::json::match_json;

const FIXTURE: &str = "fixtures/backgammon/gnubg/m001-0001.mat";

fn fixture() -> String {
    read_text(FIXTURE)
}

/// Game 1 of the fixture up to its turn 10 (a running game, the cube at 1, White on roll), in a
/// match of `length` points (0: a money session).
fn head(length: u64) -> String {
    let mut out = String::new();
    for l in fixture().lines() {
        if l.trim_start().starts_with("11)") {
            break;
        }
        if l.trim() == "1 point match" {
            out.push_str(&format!(" {length} point match\n"));
        } else {
            out.push_str(l);
            out.push('\n');
        }
    }
    assert!(out.contains(" 10) 41: 13/9 9/8"), "{out}");
    out
}

/// The whole of the fixture's game 1 (turns and its `Wins 3 points`), as another game.
fn whole_game() -> String {
    let text = fixture();
    let from = text.find("  1) ").expect("turn 1");
    text[from..].trim_end().to_string() + "\n"
}

/// Every written form of a resignation, with a value its `Wins` may have in a 7-point match at
/// 0 : 0 with the cube at 1, and a value it may not have.
const FORMS: &[(&str, u64, u64)] = &[
    ("Resigns", 1, 5),
    ("Resign", 2, 5),
    ("Resigned", 3, 4),
    ("Resigned Game", 1, 5),
    ("RESIGNS", 1, 5),
    ("Resigned Gammon", 2, 1),
    ("Resigned Backgammon", 3, 2),
    ("resigned gammon", 2, 3),
    ("Resigned Match", 7, 3),
];

/// The ways a resignation and its `Wins` stand, after turn 10 (White on roll): who resigns
/// (`true`: White, the left column), and the lines.
fn layouts(form: &str, value: u64) -> Vec<(bool, String)> {
    let wins = format!(
        "Wins {value} point{}{}",
        if value == 1 { "" } else { "s" },
        if value == 7 { " and the match" } else { "" }
    );
    vec![
        // White resigns on roll, a cell of a numbered line; Black's `Wins` below.
        (
            true,
            format!(" 11) {form}\n                                  {wins}\n"),
        ),
        // White plays, Black resigns in the right cell; White's `Wins` below.
        (
            false,
            format!(" 11) 51: 11/10 24/19             {form}\n      {wins}\n"),
        ),
        // Black's resignation on a line of its own, far right.
        (
            false,
            format!("                                  {form}\n      {wins}\n"),
        ),
        // White's resignation and Black's `Wins` on one unnumbered line.
        (true, format!("      {form:<28}{wins}\n")),
        // White's `Wins` and Black's resignation on one line: the `Wins` first.
        (false, format!("      {wins:<28}{form}\n")),
    ]
}

/// A record: game 1 ended by the resignation (`lines`), then, unless the match is over, the
/// fixture's game as game 2 with the scores after game 1.
fn record(lines: &str, white_resigns: bool, value: u64) -> String {
    let mut text = head(7) + lines;
    if value < 7 {
        let (w, b) = if white_resigns {
            (0, value)
        } else {
            (value, 0)
        };
        text.push_str(&format!(
            "\n Game 2\n gnubg : {w}                      tavla : {b}\n"
        ));
        text.push_str(&whole_game());
    }
    text
}

fn summary(v: &Verdict) -> String {
    v.findings
        .iter()
        .map(|f| format!("{:?} {} at {:?}: {}", f.severity, f.code, f.span, f.message))
        .collect::<Vec<_>>()
        .join("\n")
}

fn errors(v: &Verdict) -> Vec<&Finding> {
    v.findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect()
}

/// Where the value of the first `Wins` (game 1's) stands in `text`.
fn value_offset(text: &str, value: u64) -> usize {
    text.find(&format!("Wins {value} point")).expect("a Wins") + "Wins ".len()
}

#[test]
fn every_form_of_a_resignation_validates_without_a_finding() {
    for &(form, value, _) in FORMS {
        for (white, lines) in layouts(form, value) {
            let text = record(&lines, white, value);
            let v = check(tavla::notation::read(&text), &Overrides::default());
            assert!(v.findings.is_empty(), "{text}\n{}", summary(&v));
            // Both games replayed to their end.
            let results: Vec<_> = v.games.iter().map(|g| g.result.clone()).collect();
            let first = results[0].as_ref().expect("game 1 has a result");
            assert_eq!(first.how, "resignation", "{text}");
            assert_eq!(first.written, Some(value), "{text}");
            assert_eq!(
                first.winner == tavla::rules::Side::Black,
                white,
                "{text}: the winner"
            );
            if value < 7 {
                assert_eq!(results.len(), 2, "{text}");
                assert!(results[1].is_some(), "{text}");
            }
        }
    }
}

#[test]
fn a_value_the_resignation_cannot_have_is_an_error_at_the_value() {
    for &(form, _, bad) in FORMS {
        for (white, lines) in layouts(form, bad) {
            let text = record(&lines, white, bad);
            let v = check(tavla::notation::read(&text), &Overrides::default());
            let e = errors(&v);
            assert_eq!(e.len(), 1, "{text}\n{}", summary(&v));
            let at = value_offset(&text, bad);
            assert_eq!(e[0].span.offset, at, "{text}\n{}", summary(&v));
            assert!(
                matches!(e[0].code, Code::BadResignation | Code::WinsMismatch),
                "{}",
                summary(&v)
            );
            assert!(
                !v.findings
                    .iter()
                    .any(|f| f.code.as_str().starts_with("tavla::parse::")),
                "{}",
                summary(&v)
            );
        }
    }
}

#[test]
fn a_resigned_gammon_written_as_a_single_is_an_error_that_names_the_gammon() {
    let text = record(
        " 11) 51: 11/10 24/19             Resigned Gammon\n      Wins 1 point\n",
        false,
        1,
    );
    let v = check(tavla::notation::read(&text), &Overrides::default());
    let e = errors(&v);
    assert_eq!(e.len(), 1, "{}", summary(&v));
    assert_eq!(e[0].code, Code::WinsMismatch);
    assert_eq!(e[0].span.offset, value_offset(&text, 1));
    assert!(e[0].message.contains("gammon"), "{}", e[0].message);
    assert!(
        e[0].message.contains("worth 2 point(s)"),
        "{}",
        e[0].message
    );
    // The resignation is shown beside the value.
    let at = text.find("Resigned Gammon").unwrap();
    assert!(e[0].related.iter().any(|(s, _)| s.offset == at), "{e:?}");
    // The same value after a resignation that names no level is a single: valid.
    let plain = text.replace("Resigned Gammon", "Resigns");
    assert!(
        check(tavla::notation::read(&plain), &Overrides::default())
            .findings
            .is_empty()
    );
}

#[test]
fn a_resignation_in_the_winners_column_is_an_error() {
    // White resigns, and White is written as the winner.
    let text = record(" 11) Resigns\n      Wins 1 point\n", true, 1);
    let v = check(tavla::notation::read(&text), &Overrides::default());
    let e = errors(&v);
    assert!(
        e.iter().any(|f| f.code == Code::WrongWinner
            && f.message.contains("resigned")
            && f.related
                .iter()
                .any(|(s, _)| s.offset == text.find("Resigns").unwrap())),
        "{text}\n{}",
        summary(&v)
    );
    // Both in the right column on one line is the same contradiction.
    let text = head(7)
        + "                                  Resigns\n                                  Wins 1 point\n";
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(
        errors(&v).iter().any(|f| f.code == Code::WrongWinner),
        "{}",
        summary(&v)
    );
}

#[test]
fn the_rest_of_the_record_is_checked_after_a_resignation() {
    for &(form, value, _) in FORMS.iter().filter(|f| f.1 < 7) {
        for (white, lines) in layouts(form, value) {
            let good = record(&lines, white, value);
            // An illegal play in game 2 (turn 2: 6/4* 8/4 with 4-2 becomes 6/4* 8/5).
            let bad = good.replacen("42: 6/4* 8/4", "42: 6/4* 8/5", 1);
            assert_ne!(good, bad);
            let v = check(tavla::notation::read(&bad), &Overrides::default());
            let at = bad.find("42: 6/4* 8/5").unwrap();
            let e = errors(&v);
            assert_eq!(e.len(), 1, "{bad}\n{}", summary(&v));
            assert!(e[0].span.offset > at, "{}", summary(&v));
            assert_eq!(v.games.len(), 2);
            // And a score line that does not count the resignation is reported.
            let (w, b) = if white { (0, value) } else { (value, 0) };
            let wrong = good.replacen(
                &format!(" gnubg : {w}                      tavla : {b}"),
                &format!(" gnubg : {}                      tavla : {}", w + 1, b + 1),
                1,
            );
            let v = check(tavla::notation::read(&wrong), &Overrides::default());
            assert!(
                errors(&v).iter().any(|f| f.code == Code::ScoreMismatch),
                "{wrong}\n{}",
                summary(&v)
            );
        }
    }
}

#[test]
fn and_the_match_ends_a_money_session_on_its_last_game() {
    // A money session whose last game is resigned, `and the match` on it: no finding.
    let last =
        head(0) + " 11) Resigns\n                                  Wins 1 point and the match\n";
    let v = check(tavla::notation::read(&last), &Overrides::default());
    assert!(v.findings.is_empty(), "{}", summary(&v));
    // The same without a resignation (the `Wins` alone is one).
    let plain = head(0) + "                                  Wins 1 point and the match\n";
    let v = check(tavla::notation::read(&plain), &Overrides::default());
    assert!(v.findings.is_empty(), "{}", summary(&v));
    // On a game that is not the session's last, the mark is still a warning.
    let earlier =
        last.clone() + "\n Game 2\n gnubg : 0                      tavla : 1\n" + &whole_game();
    let v = check(tavla::notation::read(&earlier), &Overrides::default());
    let marks: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.code == Code::MatchEndMark)
        .collect();
    assert_eq!(marks.len(), 1, "{}", summary(&v));
    assert_eq!(v.findings.len(), 1, "{}", summary(&v));
}

#[test]
fn a_resignation_without_its_wins_is_a_warning() {
    let text = head(7) + " 11) 51: 11/10 24/19             Resigns\n";
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert_eq!(v.findings.len(), 1, "{}", summary(&v));
    let f = &v.findings[0];
    assert_eq!(f.code, Code::MissingResult);
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.span.offset, text.find("Resigns").unwrap());
    // A next game whose score line counts it: the one warning still.
    let text = text + "\n Game 2\n gnubg : 1                      tavla : 0\n" + &whole_game();
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert_eq!(v.findings.len(), 1, "{}", summary(&v));
    assert_eq!(v.findings[0].code, Code::MissingResult);
}

#[test]
fn a_resignation_after_the_end_or_before_more_play_is_an_error() {
    // After the last checker is off (the fixture's game 1, won by White).
    let text = fixture().replacen(
        "      Wins 3 points",
        "                                  Resigns\n      Wins 3 points",
        1,
    );
    let v = check(tavla::notation::read(&text), &Overrides::default());
    let e = errors(&v);
    assert_eq!(e.len(), 1, "{}", summary(&v));
    assert_eq!(e[0].code, Code::AfterGameEnd);
    assert_eq!(e[0].span.offset, text.find("Resigns").unwrap());
    assert!(e[0].message.contains("resignation"), "{}", e[0].message);
    // A roll after a resignation, before its result.
    let text = head(7)
        + " 11) Resigns\n 12) 51: 11/10 24/19\n                                  Wins 1 point\n";
    let v = check(tavla::notation::read(&text), &Overrides::default());
    let e = errors(&v);
    assert_eq!(e.len(), 1, "{}", summary(&v));
    assert_eq!(e[0].code, Code::AfterGameEnd);
    assert_eq!(e[0].span.offset, text.find("51: 11/10").unwrap());
    // Two resignations.
    let text = head(7) + " 11) Resigns                      Resigns\n      Wins 1 point\n";
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(
        errors(&v).iter().any(|f| f.code == Code::AfterGameEnd),
        "{}",
        summary(&v)
    );
}

#[test]
fn a_roll_then_a_resignation_is_a_resignation() {
    // White rolls 6-3 and resigns without playing (the empty roll would otherwise be a
    // claimed dance).
    let text =
        head(7) + " 11) 63:\n      Resigns\n                                  Wins 1 point\n";
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert!(v.findings.is_empty(), "{}", summary(&v));
    // Also when the result is missing: the one warning is about the result.
    let text = head(7) + " 11) 63:\n      Resigns\n";
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert_eq!(v.findings.len(), 1, "{}", summary(&v));
    assert_eq!(v.findings[0].code, Code::MissingResult);
}

#[test]
fn the_json_document_and_the_written_mat_keep_the_resignation() {
    let schema = jsonschema::validator_for(&tavla::report::json::schema()).expect("schema");
    for &(form, value, _) in FORMS {
        for (white, lines) in layouts(form, value) {
            let text = record(&lines, white, value);
            let v = check(tavla::notation::read(&text), &Overrides::default());
            // The document, with and without its sources, is one the schema describes.
            for with_source in [false, true] {
                let doc = match_json(&v, with_source, &text);
                let bad: Vec<String> = schema.iter_errors(&doc).map(|e| e.to_string()).collect();
                assert!(bad.is_empty(), "{text}\n{bad:?}");
            }
            let mut j1 = match_json(&v, false, &text);
            let resign: Vec<&Value> = j1["games"][0]["actions"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|a| a["type"] == "resign")
                .collect();
            assert_eq!(resign.len(), 1, "{text}");
            assert_eq!(resign[0]["player"], if white { "white" } else { "black" });
            assert_eq!(resign[0]["checked"], true);
            let level = form
                .split_whitespace()
                .nth(1)
                .map(|l| Value::String(l.to_lowercase()));
            assert_eq!(resign[0].get("level").cloned(), level, "{text}");
            // .mat -> JSON -> .mat -> JSON: the same document, and no finding.
            let mat = write_mat(&j1);
            let v2 = check(tavla::notation::read(&mat), &Overrides::default());
            assert!(v2.findings.is_empty(), "{mat}\n{}", summary(&v2));
            let mut j2 = match_json(&v2, false, &mat);
            strip_lines(&mut j1);
            strip_lines(&mut j2);
            assert_eq!(j1, j2, "{text}\n---\n{mat}");
            // The written record is a fixed point.
            assert_eq!(write_mat(&match_json(&v2, false, &mat)), mat);
            // The typed document reads it back.
            let doc: tavla::report::json::MatchDoc =
                serde_json::from_value(match_json(&v2, true, &mat)).unwrap();
            assert!(
                doc.games[0]
                    .actions
                    .iter()
                    .any(|a| matches!(a, tavla::report::json::ActionDoc::Resign(_)))
            );
        }
    }
}
