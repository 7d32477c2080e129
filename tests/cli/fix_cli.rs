//! `tavla fix`: confirmed repairs applied byte-exactly (CRLF line ends and a BOM kept), `--diff`
//! writing nothing, records without a confirmed repair left alone, and the exit codes on what
//! remains.

use crate::common::{self, read_text, run};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("fix-{name}"))
}

/// The fixture with CRLF line ends and a BOM: the original bytes.
fn original() -> String {
    let t = read_text("fixtures/backgammon/gnubg/m002-0045.mat");
    format!("\u{FEFF}{}", t.replace('\n', "\r\n"))
}

#[test]
fn a_play_and_a_missing_colon_are_repaired_byte_for_byte_and_diff_writes_nothing() {
    let good = original();
    // One illegal play (15/10 for 16) and one roll without its colon (in another game line).
    let bad = good
        .replacen(" 16) 53: 13/10 15/10 ", " 16) 53: 13/10 15/11 ", 1)
        .replacen(" 18) 21: 10/9 22/20 ", " 18) 21 10/9 22/20 ", 1);
    assert_ne!(bad, good);
    let d = scratch("bytes");
    let p = d.join("r.mat");
    std::fs::write(&p, &bad).unwrap();
    let ps = p.to_str().unwrap();

    let out = run(&["fix", "--diff", ps]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(diff.contains("- 16) 53: 13/10 15/11 "), "{diff}");
    assert!(diff.contains("+ 16) 53: 13/10 15/10 "), "{diff}");
    assert!(diff.contains("+ 18) 21: 10/9 22/20 "), "{diff}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), bad, "--diff wrote");
    // The summary counts the file the diff changes, as the run without `--diff` does.
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(
        summary.contains("1 files, 2 repair(s), 1 file(s) would be fixed, 0 error(s) remain"),
        "{summary}"
    );

    let out = run(&["fix", ps]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(
        summary.contains("1 files, 2 repair(s), 1 file(s) fixed, 0 error(s) remain"),
        "{summary}"
    );
    assert_eq!(std::fs::read(&p).unwrap(), good.as_bytes());
    // Nothing is left beside it, and the record validates clean.
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
    assert_eq!(run(&["validate", ps]).status.code(), Some(0));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_record_without_a_confirmed_repair_is_left_alone_and_fails() {
    let good = original();
    // A play that no legal play near it explains: two checkers moved from an empty point.
    let bad = good.replacen(" 16) 53: 13/10 15/10 ", " 16) 53: 2/1 2/1   ", 1);
    let d = scratch("alone");
    let p = d.join("r.mat");
    std::fs::write(&p, &bad).unwrap();
    let out = run(&["fix", p.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    if stderr.contains("->") {
        // Repaired after all: then it must be the original.
        assert_eq!(std::fs::read_to_string(&p).unwrap(), good);
    } else {
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), bad);
        assert!(stderr.contains("none with a confirmed repair"), "{stderr}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_run_that_finds_no_record_exits_2_unless_allowed() {
    let d = scratch("empty");
    let ds = d.to_str().unwrap();
    assert_eq!(run(&["fix", ds]).status.code(), Some(2));
    assert_eq!(run(&["fix", "--allow-empty", ds]).status.code(), Some(0));
    std::fs::remove_dir_all(&d).unwrap();
}

/// Two slips in one game: the first play's repair replays further than any other legal
/// play, to the second, whose repair completes the game; the second finding says in `jsonl`
/// that it rests on the first repair. SARIF offers the confirmed repair of a `Wins` value as
/// its fix.
#[test]
fn machine_formats_carry_the_repair_and_what_a_finding_rests_on() {
    let good = read_text("fixtures/backgammon/gnubg/m002-0045.mat");
    let bad = good
        .replacen("  7) 61: 8/7 21/15 ", "  7) 61: 8/8 21/15 ", 1)
        .replacen(" 10) 61: 21/15 13/12* ", " 10) 61: 21/16 13/12* ", 1);
    assert_ne!(bad, good);
    let d = scratch("jsonl");
    let p = d.join("r.mat");
    std::fs::write(&p, &bad).unwrap();
    let out = run(&["validate", "--format", "jsonl", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let errors: Vec<&serde_json::Value> =
        lines.iter().filter(|v| v["severity"] == "error").collect();
    assert_eq!(errors.len(), 2, "{lines:#?}");
    assert_eq!(errors[0]["repair"], "8/7 21/15");
    assert_eq!(errors[0]["rests_on"], serde_json::Value::Null);
    assert_eq!(errors[1]["repair"], "21/15 13/12*");
    assert_eq!(errors[1]["rests_on"]["line"], errors[0]["line"]);
    // `fix` makes both repairs.
    assert_eq!(run(&["fix", p.to_str().unwrap()]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), good);

    // A `Wins` value the next score line confirms: SARIF's one fix writes it.
    let good = read_text("fixtures/backgammon/gnubg/m009-0178.mat");
    let line = good.lines().nth(132).unwrap();
    assert!(line.contains("Wins 1 point"), "{line}");
    let bad = good.replacen(line, &line.replacen("Wins 1 point", "Wins 3 points", 1), 1);
    std::fs::write(&p, &bad).unwrap();
    let out = run(&["validate", "--format", "sarif", p.to_str().unwrap()]);
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{results:#?}");
    let fix = &results[0]["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(fix["insertedContent"]["text"], "1 point");
    assert_eq!(run(&["fix", p.to_str().unwrap()]).status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), good);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A repair of another length keeps the line's second column where the file has it: a
/// writer that aligns its columns wrote the slip aligned too, and the repaired line is
/// aligned the same way (a cell that runs past the column keeps the gap written after it).
#[test]
fn a_repair_keeps_the_second_column_in_place() {
    let good = read_text("fixtures/backgammon/gnubg/m002-0045.mat");
    let line = good
        .lines()
        .find(|l| l.starts_with(" 16) 53: 13/10 15/10 "))
        .expect("the line")
        .to_string();
    // The slip `15/9` written by a program that pads the left cell to its column.
    let slip = line.replacen("15/10 ", "15/9  ", 1);
    assert_eq!(slip.len(), line.len());
    let bad = good.replacen(&line, &slip, 1);
    let d = scratch("columns");
    let p = d.join("r.mat");
    std::fs::write(&p, &bad).unwrap();
    let out = run(&["fix", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), good);
}
