//! Whole records: every fixture replayed, with expected verdicts, final positions, scores and
//! diagnostics; the real corpus against its expectation file; JSON round trips.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::common::{decode_and_check, files, root, strip_lines};
use serde_json::Value;
use tavla::codes::Code;
use tavla::notation::write_mat;
use tavla::replay::{ActionTrace, Overrides, Severity, Verdict, check};
use tavla::report::{LineIndex, json::match_json};
use tavla::rules::Side;

fn load(path: &Path) -> (String, Verdict) {
    decode_and_check(&std::fs::read(path).expect("fixture"))
}

fn findings(text: &str, v: &Verdict) -> Vec<String> {
    let idx = LineIndex::new(text);
    v.findings
        .iter()
        .filter(|f| f.severity != Severity::Advice)
        .map(|f| {
            let (l, c) = idx.locate(text, f.span.offset);
            let sev = if f.severity == Severity::Error {
                "error"
            } else {
                "warning"
            };
            format!("{sev} {} {l} {c}", f.code)
        })
        .collect()
}

fn valid_fixtures() -> Vec<PathBuf> {
    let mut v = files("fixtures/gulbara/examples", "mat");
    v.extend(files("fixtures/gulbara/valid", "mat"));
    v.extend(files("fixtures/backgammon/gnubg", "mat"));
    v.extend(files("fixtures/longnardy/examples", "mat"));
    v.extend(files("fixtures/fevga/examples", "mat"));
    v.push(PathBuf::from("fixtures/demo/valid.mat"));
    v.extend(files("fixtures/tapa/examples", "mat"));
    v.extend(files("fixtures/hypergammon/gnubg", "mat"));
    v.extend(files("fixtures/hypergammon/generated", "mat"));
    v
}

#[test]
fn every_valid_fixture_replays_without_a_single_diagnostic() {
    let mut bad = Vec::new();
    let all = valid_fixtures();
    assert!(all.len() >= 3);
    for p in &all {
        let (text, v) = load(p);
        let f = findings(&text, &v);
        if !f.is_empty() || v.rules.is_none() {
            bad.push(format!("{}: {f:?}", p.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn generated_gul_bara_records_end_in_the_independently_computed_positions_and_scores() {
    let mut checked = 0;
    for p in files("fixtures/gulbara/valid", "mat") {
        let exp_path = p.with_extension("expect.json");
        let Ok(exp) = std::fs::read_to_string(&exp_path) else {
            continue;
        };
        let exp: Value = serde_json::from_str(&exp).expect("expect.json");
        let (_, v) = load(&p);
        let games = exp["games"].as_array().expect("games");
        assert_eq!(games.len(), v.games.len(), "{}", p.display());
        let mut score = [0u64; 2];
        for (g, t) in games.iter().zip(&v.games) {
            let r = t
                .result
                .as_ref()
                .unwrap_or_else(|| panic!("{}: game {} has no result", p.display(), t.number));
            let winner = if r.winner == Side::White {
                "white"
            } else {
                "black"
            };
            assert_eq!(g["winner"], winner, "{} game {}", p.display(), t.number);
            assert_eq!(
                g["points"].as_u64(),
                r.full,
                "{} game {}",
                p.display(),
                t.number
            );
            score[r.winner.index()] += r.full.unwrap_or(0);
            let last = t
                .actions
                .iter()
                .rev()
                .find_map(|a| match a {
                    ActionTrace::Turn { position, .. } => Some(*position),
                    _ => None,
                })
                .expect("a turn");
            for side in [Side::White, Side::Black] {
                let want: Vec<u64> = g["final"][side.name()]
                    .as_array()
                    .expect("final")
                    .iter()
                    .map(|x| x.as_u64().unwrap())
                    .collect();
                let got: Vec<u64> = (0..=24).map(|i| last.count(side, i) as u64).collect();
                assert_eq!(
                    got,
                    want,
                    "{} game {} {}",
                    p.display(),
                    t.number,
                    side.name()
                );
            }
            if let Some(turns) = g["turns"].as_u64() {
                // The sidecar counts rolls: a cell holding only a received remainder is no roll.
                let rolls = t
                    .actions
                    .iter()
                    .filter(|a| matches!(a, ActionTrace::Turn { roll: Some(_), .. }))
                    .count();
                assert_eq!(
                    rolls as u64,
                    turns,
                    "{} game {} roll count",
                    p.display(),
                    t.number
                );
            }
        }
        // Points past the match length do not count: the sidecar caps `final_score` and keeps
        // the sum of full game values in `final_score_raw`.
        let key = if exp.get("final_score_raw").is_some() {
            "final_score_raw"
        } else {
            "final_score"
        };
        let fs: Vec<u64> = exp[key]
            .as_array()
            .expect("final score")
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(fs, score.to_vec(), "{}", p.display());
        checked += 1;
    }
    if Path::new("fixtures/gulbara/valid").exists() {
        assert!(
            checked >= 12,
            "only {checked} generated records with expectations"
        );
    }
}

#[test]
fn every_invalid_fixture_gets_exactly_its_expected_diagnostics() {
    let mut bad = Vec::new();
    let mut n = 0;
    for dir in [
        "fixtures/gulbara/invalid",
        "fixtures/backgammon/invalid",
        "fixtures/tapa/invalid",
    ] {
        for p in files(dir, "mat") {
            let exp_path = p.with_extension("expect");
            let Ok(exp) = std::fs::read_to_string(&exp_path) else {
                bad.push(format!("{}: no .expect file", p.display()));
                continue;
            };
            let want: Vec<String> = exp
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with('#'))
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            let (text, v) = load(&p);
            let got = findings(&text, &v);
            if got != want {
                bad.push(format!("{}:\n  want {want:?}\n  got  {got:?}", p.display()));
            }
            assert!(
                !want.is_empty(),
                "{}: an invalid fixture must expect a finding",
                p.display()
            );
            n += 1;
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {n} invalid fixtures differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Every finding, notes included, as `severity code line column`.
fn all_findings(text: &str, v: &Verdict) -> Vec<String> {
    let idx = LineIndex::new(text);
    v.findings
        .iter()
        .map(|f| {
            let (l, c) = idx.locate(text, f.span.offset);
            let sev = match f.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Advice => "note",
            };
            format!("{sev} {} {l} {c}", f.code)
        })
        .collect()
}

/// The writers' dialects seen in public archives, built from real match records rewritten in
/// each writer's layout: each `.mat` gets exactly the findings of its `.expect`, notes included;
/// an `.expect` with comments only means a record without a single finding.
#[test]
fn every_archive_dialect_fixture_gets_exactly_its_expected_findings() {
    let mut bad = Vec::new();
    let all = files("fixtures/backgammon/archives", "mat");
    assert!(all.len() >= 13);
    for p in &all {
        let Ok(exp) = std::fs::read_to_string(p.with_extension("expect")) else {
            bad.push(format!("{}: no .expect file", p.display()));
            continue;
        };
        let want: Vec<String> = exp
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        let (text, v) = load(p);
        let got = all_findings(&text, &v);
        if got != want || v.rules.is_none() {
            bad.push(format!("{}:\n  want {want:?}\n  got  {got:?}", p.display()));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// What the archive fixtures replay to: every game checked to its end where it should be, the
/// results and scores the dialects mean.
#[test]
fn archive_dialects_replay_to_the_results_they_mean() {
    let game = |name: &str| {
        let (_, v) = load(Path::new(&format!(
            "fixtures/backgammon/archives/{name}.mat"
        )));
        v
    };
    // An empty name is a name; an unreadable score line costs the line, not the game.
    for name in ["galaxy-empty-name", "score-line-unreadable"] {
        let v = game(name);
        assert_eq!(v.games.len(), 2, "{name}");
        assert!(
            v.games
                .iter()
                .all(|g| g.turns_checked > 0 && g.result.is_some()),
            "{name}"
        );
    }
    let v = game("galaxy-empty-name");
    assert_eq!(v.games[0].names.as_ref().map(|n| n.1.as_str()), Some(""));
    // The forced play is applied before `Wins`: a bear-off worth 4, not a resignation.
    let v = game("gridgammon-forced-before-wins");
    let r = v.games[0].result.as_ref().unwrap();
    assert_eq!((r.how, r.full, r.written), ("bear-off", Some(4), Some(4)));
    // The unindented `Losses` belongs to the loser (Black), whatever its column.
    let v = game("galaxy-unindented-losses");
    let losses = v.games[1].actions.iter().find_map(|a| match a {
        ActionTrace::Result {
            wins: false, side, ..
        } => Some(*side),
        _ => None,
    });
    assert_eq!(losses, Some(Side::Black));
    // A fragment's first game at match point minus one is checked to its end.
    let v = game("gridgammon-fragment-crawford");
    assert!(v.games[0].result.is_some() && !v.games[0].crawford);
}

/// The real match files of `fixtures/corpus/mat` (each file's repository, commit and licence in
/// `fixtures/corpus/SOURCES.tsv`) get exactly the findings of `fixtures/corpus/expect.tsv`; the
/// folder holds the files `SOURCES.tsv` lists and no others, and every expectation names one.
#[test]
fn the_real_corpus_gets_exactly_the_findings_in_its_expectation_file() {
    let root = root().join("fixtures/corpus");
    let exp = std::fs::read_to_string(root.join("expect.tsv")).expect("expect.tsv");
    let mut want: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for l in exp
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let cols: Vec<&str> = l.split('\t').collect();
        if cols.len() >= 5 && !cols[1].is_empty() {
            want.entry(cols[0].to_string())
                .or_default()
                .push(format!("{} {} {} {}", cols[1], cols[2], cols[3], cols[4]));
        }
    }
    let sources = std::fs::read_to_string(root.join("SOURCES.tsv")).expect("SOURCES.tsv");
    let listed: BTreeSet<String> = sources
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join("mat"))
        .expect("fixtures/corpus/mat")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    let present: BTreeSet<String> = entries
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().to_string())
        .collect();
    assert_eq!(present, listed, "fixtures/corpus/mat against SOURCES.tsv");
    assert_eq!(present.len(), 20);
    for name in want.keys() {
        assert!(present.contains(name), "expect.tsv names {name}, absent");
    }
    let mut bad = Vec::new();
    for p in &entries {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let (text, v) = load(p);
        let got = findings(&text, &v);
        let w = want.get(&name).cloned().unwrap_or_default();
        if got != w {
            bad.push(format!("{name}:\n  want {w:?}\n  got  {got:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// parse -> JSON -> .mat -> parse -> JSON gives the same JSON (line numbers aside), for every
/// fixture: valid ones, and invalid ones whose defect is not a syntax error (a syntax error's
/// text is reported, not carried, so the second pass cannot see it) or misnumbered lines.
#[test]
fn every_fixture_survives_the_json_and_mat_round_trip() {
    let mut bad = Vec::new();
    let mut all = valid_fixtures();
    all.extend(files("fixtures/gulbara/invalid", "mat"));
    all.extend(files("fixtures/backgammon/invalid", "mat"));
    all.extend(files("fixtures/backgammon/archives", "mat"));
    all.extend(files("fixtures/tapa/invalid", "mat"));
    for p in all {
        let (text, v) = load(&p);
        // Turn numbers are layout: the canonical writer numbers lines afresh.
        if v.findings
            .iter()
            .any(|f| f.code.as_str().starts_with("tavla::parse::") || f.code == Code::TurnNumber)
        {
            continue;
        }
        let mut j1 = match_json(&v, false, &text);
        let mat = write_mat(&j1);
        let v2 = check(tavla::notation::read(&mat), &Overrides::default());
        let mut j2 = match_json(&v2, false, &mat);
        strip_lines(&mut j1);
        strip_lines(&mut j2);
        if j1 != j2 {
            let a = serde_json::to_string_pretty(&j1).unwrap();
            let b = serde_json::to_string_pretty(&j2).unwrap();
            let first = a
                .lines()
                .zip(b.lines())
                .position(|(x, y)| x != y)
                .unwrap_or(0);
            bad.push(format!(
                "{}: first difference at JSON line {first}: {:?} vs {:?}",
                p.display(),
                a.lines().nth(first),
                b.lines().nth(first)
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Every roll of the gnubg fixtures: the Position ID and Match ID in the JSON equal gnubg's.
#[test]
fn position_and_match_ids_equal_gnubgs_for_every_roll_of_the_gnubg_fixtures() {
    let Ok(tsv) = std::fs::read_to_string("fixtures/backgammon/positions.tsv") else {
        return;
    };
    let mut by_file: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for l in tsv.lines().skip(1) {
        let c: Vec<String> = l.split('\t').map(String::from).collect();
        by_file.entry(c[0].clone()).or_default().push(c);
    }
    let mut bad = Vec::new();
    let mut n = 0;
    for (file, rows) in by_file {
        let p = Path::new("fixtures/backgammon/gnubg").join(&file);
        let (text, v) = load(&p);
        let j = match_json(&v, false, &text);
        for r in rows {
            let game: usize = r[1].parse().unwrap();
            let line: u64 = r[2].parse().unwrap();
            let player = if r[3] == "left" { "white" } else { "black" };
            let a = j["games"][game - 1]["actions"]
                .as_array()
                .unwrap()
                .iter()
                .find(|a| a["line"] == line && a["player"] == player && a["type"] == "turn");
            let Some(a) = a else {
                bad.push(format!("{file}:{line} {player}: no turn"));
                continue;
            };
            if a["position_id"] != r[5].as_str() || a["match_id"] != r[6].as_str() {
                bad.push(format!(
                    "{file}:{line} {player}: want {} {}, got {} {}",
                    r[5], r[6], a["position_id"], a["match_id"]
                ));
            }
            n += 1;
        }
    }
    assert!(n > 1000);
    assert!(
        bad.is_empty(),
        "{} of {n} differ, e.g.\n{}",
        bad.len(),
        bad[..bad.len().min(10)].join("\n")
    );
}
