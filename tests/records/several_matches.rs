//! A file holding several matches (a tournament's export, an archive of concatenated
//! records): each is checked on its own, with its own header and rules, and every finding
//! says which match it is in.

use crate::common::{read_text, scratch, tavla};
use tavla::replay::{Overrides, Severity, check};
use tavla::report::LineIndex;

/// The findings of a text as (match, line, code).
fn found(text: &str) -> Vec<(usize, usize, String)> {
    let v = check(tavla::notation::read(text), &Overrides::default());
    let idx = LineIndex::new(text);
    v.findings
        .iter()
        .map(|f| {
            (
                f.place.map_or(1, |p| p.match_number),
                idx.locate(text, f.span.offset).0,
                f.code.to_string(),
            )
        })
        .collect()
}

/// Given two records concatenated (a backgammon match and a Gul bara one, each with its own
/// header), then the file validates as two matches with the findings each has alone, the
/// second's on its own lines, and a changed play in the second is reported as match 2 at its
/// line.
#[test]
fn two_matches_in_one_file_are_checked_each_on_its_own() {
    let a = read_text("fixtures/backgammon/gnubg/m000-0201.mat");
    let b = read_text("fixtures/gulbara/examples/gulbara-english-3pt.mat");
    let both = format!("{a}\n{b}");
    let v = check(tavla::notation::read(&both), &Overrides::default());
    assert_eq!(v.matches().count(), 2);
    assert_eq!(v.errors(), 0, "{:?}", found(&both));
    assert_eq!(
        v.games_checked(),
        check(tavla::notation::read(&a), &Overrides::default())
            .record
            .games
            .len()
            + check(tavla::notation::read(&b), &Overrides::default())
                .record
                .games
                .len()
    );
    // The findings of each alone, the second's shifted by the first's lines.
    let shift = a.lines().count() + 1;
    let mut want: Vec<(usize, usize, String)> = found(&a);
    want.extend(found(&b).into_iter().map(|(_, l, c)| (2, l + shift, c)));
    let mut have = found(&both);
    have.sort();
    want.sort();
    assert_eq!(have, want);
    // A changed play in the second match.
    let line_of_b = b
        .lines()
        .position(|l| l.trim_start().starts_with("3)"))
        .expect("a turn line");
    let changed: Vec<String> = b
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == line_of_b {
                // Move the first step's destination one point on.
                let colon = l.find(": ").unwrap();
                let slash = colon + l[colon..].find('/').unwrap();
                let end = slash
                    + 1
                    + l[slash + 1..]
                        .find(|c: char| !c.is_ascii_digit())
                        .unwrap_or(l.len() - slash - 1);
                let d: u8 = l[slash + 1..end].parse().unwrap();
                format!("{}{}{}", &l[..slash + 1], d - 1, &l[end..])
            } else {
                l.to_string()
            }
        })
        .collect();
    let both = format!("{a}\n{}\n", changed.join("\n"));
    let v = check(tavla::notation::read(&both), &Overrides::default());
    let idx = LineIndex::new(&both);
    let errors: Vec<(usize, usize)> = v
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| {
            (
                f.place.map_or(0, |p| p.match_number),
                idx.locate(&both, f.span.offset).0,
            )
        })
        .collect();
    assert_eq!(
        errors,
        vec![(2, shift + line_of_b + 1)],
        "{:?}",
        found(&both)
    );
}

/// `convert --to json` of such a file writes an array of the matches' documents, JSON lines
/// one line per match, and `validate --format json` gives each finding its `match`.
#[test]
fn convert_writes_every_match() {
    let a = read_text("fixtures/demo/valid.mat");
    let b = read_text("fixtures/demo/invalid.mat");
    let dir = scratch("several");
    let p = dir.join("both.mat");
    std::fs::write(&p, format!("{a}\n{b}")).unwrap();
    let run = |args: &[&str]| tavla().args(args).arg(&p).output().unwrap();
    let out = run(&["convert", "--to", "json"]);
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(j.as_array().map(Vec::len), Some(2), "{j}");
    let out = run(&["convert", "--to", "jsonl"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
    // CSV: the `match` column tells the matches' rows apart.
    let out = run(&["convert", "--to", "csv"]);
    let csv = String::from_utf8_lossy(&out.stdout).to_string();
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().starts_with("path,match,game,"));
    let matches: Vec<&str> = lines.map(|l| l.split(',').nth(1).unwrap()).collect();
    assert!(matches.contains(&"1") && matches.contains(&"2"), "{csv}");
    let out = run(&["validate", "--format", "jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    let errors: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|j| j["severity"] == "error")
        .collect();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0]["match"], 2);
}
