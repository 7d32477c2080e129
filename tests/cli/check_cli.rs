//! End-to-end tests of `tavla check` (single plays against a position, in either notation)
//! and `tavla legal` (the distinct legal plays of a position): exit codes, the position forms
//! (`start`, Position ID, `PositionID:MatchID`, XGID, the JSON position of `convert --to
//! json`), the output formats, and a cross-check against real GNU Backgammon records: every
//! written play of a record, checked from the position before it, is legal and lands on the
//! record's next position.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common::{code, run_with_input, stderr, stdout};

use serde_json::Value;

// ---------------------------------------------------------------------------------------
// Running the binary.

/// `tavla check --format json ARGS…`: the exit code and the verdicts.
fn check(args: &[&str]) -> (i32, Vec<Value>) {
    check_stdin(args, None)
}

fn check_stdin(args: &[&str], stdin: Option<&[u8]>) -> (i32, Vec<Value>) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let o = run_with_input(&all, stdin);
    let docs: Value = serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}); exit {}\n{}{}",
            code(&o),
            stdout(&o),
            stderr(&o)
        )
    });
    match docs {
        Value::Array(v) => (code(&o), v),
        other => panic!("{args:?}: not a JSON array: {other}"),
    }
}

/// The verdict on a single play that must be legal.
fn legal_one(args: &[&str]) -> Value {
    let (c, docs) = check(args);
    assert_eq!(docs.len(), 1, "{args:?}");
    assert_eq!(c, 0, "{args:?}: {:#}", docs[0]);
    assert_eq!(docs[0]["legal"], true, "{args:?}");
    docs.into_iter().next().unwrap()
}

/// The verdict on a single play that must be illegal, and its first finding's code.
fn illegal_one(args: &[&str]) -> (Value, String) {
    let (c, docs) = check(args);
    assert_eq!(docs.len(), 1, "{args:?}");
    assert_eq!(c, 1, "{args:?}: {:#}", docs[0]);
    let d = docs.into_iter().next().unwrap();
    assert_eq!(d["legal"], false, "{args:?}");
    let f = &d["findings"][0];
    assert_eq!(f["severity"], "error", "{args:?}: {d:#}");
    let code = f["code"].as_str().unwrap().to_string();
    (d, code)
}

/// A usage error: exit 2, nothing on stdout, the reason on stderr.
fn usage_error(args: &[&str]) -> String {
    let o = run_with_input(args, None);
    assert_eq!(code(&o), 2, "{args:?}: {}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
    let e = stderr(&o);
    assert!(!e.trim().is_empty(), "{args:?}: no reason given");
    e
}

/// The result's Position ID of a verdict.
fn result_id(doc: &Value) -> &str {
    doc["result"]["position_id"]
        .as_str()
        .unwrap_or_else(|| panic!("no Position ID: {doc:#}"))
}

/// The text of the span of a finding within `play` (single-line plays; columns count chars).
fn finding_text(play: &str, f: &Value) -> String {
    let col = f["column"].as_u64().unwrap() as usize;
    let end = f["end_column"].as_u64().unwrap() as usize;
    play.chars().skip(col - 1).take(end - col).collect()
}

/// `tavla legal ARGS…` in the human format: `(play, Position ID)` per line, and stderr.
fn legal_lines(args: &[&str]) -> (Vec<(String, Option<String>)>, String) {
    let mut all = vec!["legal"];
    all.extend_from_slice(args);
    let o = run_with_input(&all, None);
    assert_eq!(code(&o), 0, "{args:?}: {}", stderr(&o));
    let rows = stdout(&o)
        .lines()
        .map(|l| match l.split_once('\t') {
            Some((p, id)) => (p.to_string(), Some(id.to_string())),
            None => (l.to_string(), None),
        })
        .collect();
    (rows, stderr(&o))
}

fn tmp(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("check_cli");
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

const START: &str = "4HPwATDgc/ABMA";

// ---------------------------------------------------------------------------------------
// Exit codes.

/// Given the start position, when legal plays are checked in both notations (with a roll
/// from `--roll`, from the play's own `d/d =`, or both agreeing in either order), then the
/// exit code is 0 and every notation of the same play lands on the same position.
#[test]
fn legal_plays_in_either_notation_exit_0_and_land_on_the_same_position() {
    let (c, docs) = check(&[
        "--roll",
        "64",
        "24/18 13/9",
        "13/9 24/18",
        "6/4 = 1A-7A and 12A-9",
        "W 6/4 = 12A – 9 and 1A – 7A",
        "Б 6/4 = 1А-7А и 12А-9",
    ]);
    assert_eq!(c, 0, "{docs:#?}");
    assert_eq!(docs.len(), 5);
    let ids: BTreeSet<&str> = docs.iter().map(result_id).collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    for d in &docs {
        assert_eq!(d["legal"], true);
        assert_eq!(d["side"], "white");
        assert_eq!(d["roll"], serde_json::json!([6, 4]));
        assert_eq!(d["standard"], "24/18 13/9");
        assert_eq!(d["letters"], "6/4 = 1A-7A and 12A-9");
        // fixtures/backgammon/perft.tsv: 14 distinct results for 6-4 at the start.
        assert_eq!(d["legal_plays"], 14);
        assert_eq!(d["findings"], serde_json::json!([]));
        assert_eq!(d["steps"].as_array().unwrap().len(), 2);
        assert!(d["result"]["xgid"].as_str().unwrap().starts_with("XGID="));
        assert!(d["result"]["json"]["white"].is_object());
    }
    // The roll in the other order agrees; the play's own roll needs no `--roll`.
    legal_one(&["--roll", "46", "6/4 = 1A-7A and 1A-5A"]);
    legal_one(&["6/6 = 2x1A-7A and 2x12A-7"]);
}

/// Given `x` on a point where nothing stands, when checked, then the play is legal with a
/// warning `tavla::play::hit-claim` on the marked point, and the exit code stays 0.
#[test]
fn a_wrong_hit_claim_is_a_warning_and_exits_0() {
    for (play, at) in [
        ("6/3 = 1A-4A and 1Ax7A", "7A"),
        ("24/21 24/18*", "18*"),
        ("5/4 = 1Ax5A and 12A-8", "5A"),
    ] {
        let args: &[&str] = if play.contains('=') {
            &[play]
        } else {
            &["--roll", "63", play]
        };
        let d = legal_one(args);
        let f = d["findings"].as_array().unwrap();
        assert_eq!(f.len(), 1, "{play}: {d:#}");
        assert_eq!(f[0]["code"], "tavla::play::hit-claim");
        assert_eq!(f[0]["severity"], "warning");
        assert_eq!(f[0]["line"], 1);
        assert!(finding_text(play, &f[0]).starts_with(&at[..2]), "{play}");
        // The printed forms carry no hit mark: no blot is hit.
        assert!(!d["standard"].as_str().unwrap().contains('*'), "{d:#}");
    }
}

/// Given illegal plays (a blocked point, a hop backwards, a die left unplayed, a step too
/// many), when checked, then each exits 1 with its typed reason located on the offending
/// text, and up to three nearest legal plays, each of them legal when checked in turn.
#[test]
fn illegal_plays_exit_1_with_the_reason_and_the_nearest_legal_plays() {
    for (roll, play, expected, at) in [
        ("65", "24/18 24/19", "tavla::rules::blocked", "24/19"),
        ("61", "13/18 7/8", "tavla::rules::backwards", "13/18"),
        (
            "61",
            "6/1 = 12Ax7A and 7-8",
            "tavla::rules::backwards",
            "12Ax7A",
        ),
        ("65", "24/18", "tavla::rules::forced-play", "24/18"),
        (
            "65",
            "24/18 13/8 8/3",
            "tavla::rules::too-many-steps",
            "8/3",
        ),
        (
            "64",
            "6/4 = 1A-7A and 1A-6A",
            "tavla::rules::no-die",
            "1A-6A",
        ),
    ] {
        let (d, c) = illegal_one(&["--roll", roll, play]);
        assert_eq!(c, expected, "{play}: {d:#}");
        assert_eq!(finding_text(play, &d["findings"][0]), at, "{play}");
        let near = d["nearest"].as_array().unwrap();
        assert!((1..=3).contains(&near.len()), "{play}: {d:#}");
        assert!(d["legal_plays"].as_u64().unwrap() >= near.len() as u64);
        for n in near {
            for form in ["standard", "letters"] {
                let again = legal_one(&["--roll", roll, n[form].as_str().unwrap()]);
                assert_eq!(result_id(&again), result_id(n), "{play}: {n:#}");
            }
        }
    }
    // The nearest play keeps what can be kept: the legal 24/18 of a blocked 24/18 24/19,
    // and then the 5 played from the written origin, 24 (18/13), before one from 13.
    let (d, _) = illegal_one(&["--roll", "65", "24/18 24/19"]);
    assert_eq!(d["nearest"][0]["standard"], "24/18/13");
    assert_eq!(d["nearest"][1]["standard"], "24/18 13/8");
    // One illegal play among legal ones: exit 1, every play reported.
    let (c, docs) = check(&["--roll", "65", "24/13", "24/18 24/19", "13/8 13/7"]);
    assert_eq!(c, 1);
    let verdicts: Vec<&Value> = docs.iter().map(|d| &d["legal"]).collect();
    assert_eq!(verdicts, [true, false, true]);
}

/// Given plays that cannot be read, in either notation, when checked, then each exits 1 with
/// a `tavla::parse::…` error on the offending text.
#[test]
fn syntax_errors_in_either_notation_exit_1() {
    for (play, expected, at) in [
        ("24/", "tavla::parse::bad-step", "24/"),
        ("24/18 13/x9", "tavla::parse::bad-step", "13/x9"),
        ("6/4 = 1A-13A", "tavla::parse::bad-point", "13A"),
        ("6/4 = 1A-7A and ", "tavla::parse::bad-letter-play", "and"),
    ] {
        let (d, c) = illegal_one(&["--roll", "64", play]);
        assert_eq!(c, expected, "{play}: {d:#}");
        assert_eq!(finding_text(play, &d["findings"][0]), at, "{play}");
        assert_eq!(d["play"], play);
    }
    // A letter play without its `=`: not read (which parser reports it is not pinned here).
    let (d, c) = illegal_one(&["--roll", "64", "6/4 1A-7A and 1A-5A"]);
    assert!(c.starts_with("tavla::parse::"), "{d:#}");
}

/// Given arguments that contradict each other or cannot be read, when checked, then the exit
/// code is 2 with the reason on stderr: no roll, a roll or a side against the play's own,
/// `--side` against the position's player on roll, an unreadable position, an unknown
/// variant or rule, a bad `--roll`, a missing `--plays` file, no play at all.
#[test]
fn usage_errors_exit_2() {
    let e = usage_error(&["check", "24/18 13/9"]);
    assert!(e.contains("no roll"), "{e}");
    let e = usage_error(&["check", "--roll", "64", "6/5 = 1A-7A-12A"]);
    assert!(e.contains("6-5") && e.contains("6-4"), "{e}");
    let e = usage_error(&["check", "--side", "black", "W 6/4 = 1A-7A and 1A-5A"]);
    assert!(e.contains("White") && e.contains("black"), "{e}");
    let e = usage_error(&["check", "--side", "white", "Ч 6/4 = 1 – 7 и 1 – 5"]);
    assert!(e.contains("Black"), "{e}");
    // The XGID puts Black on roll.
    let xgid = "XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10";
    let e = usage_error(&["check", "--position", xgid, "--side", "white", "24/18"]);
    assert!(e.contains("Black is on roll"), "{e}");
    for bad in [
        "nonsense",
        "4HPwATDgc/ABM",
        "4HPwATDgc/AB!A",
        "XGID=-b----E-C---eE---c-e----B-:0:0",
        "{\"white\": {\"24\": 2}}",
        "",
    ] {
        let e = usage_error(&["check", "--position", bad, "--roll", "64", "24/18 13/9"]);
        assert!(e.contains("--position"), "{bad:?}: {e}");
    }
    let garbage = tmp("garbage-position.json");
    std::fs::write(&garbage, "{\"white\": {\"24\": 15}, \"black\": {}}").unwrap();
    let e = usage_error(&[
        "check",
        "--position",
        garbage.to_str().unwrap(),
        "--roll",
        "64",
        "24/18 13/9",
    ]);
    assert!(e.contains("--position"), "{e}");
    // Backgammon position forms are not Gul bara positions.
    usage_error(&[
        "check",
        "--variant",
        "gul-bara",
        "--position",
        START,
        "--roll",
        "64",
        "24/18 24/20",
    ]);
    let e = usage_error(&[
        "check",
        "--variant",
        "klingon",
        "--roll",
        "64",
        "24/18 13/9",
    ]);
    assert!(e.contains("klingon"), "{e}");
    usage_error(&["check", "--rule", "nosuch=1", "--roll", "64", "24/18 13/9"]);
    usage_error(&["check", "--rules", "klingon", "--roll", "64", "24/18 13/9"]);
    for roll in ["77", "6", "645", "ab"] {
        usage_error(&["check", "--roll", roll, "24/18 13/9"]);
    }
    usage_error(&["check", "--roll", "64", "--plays", "no/such/file", "24/18"]);
    usage_error(&["check", "--roll", "64"]);
    usage_error(&["legal"]);
    usage_error(&["legal", "--roll", "64", "--variant", "klingon"]);
}

// ---------------------------------------------------------------------------------------
// Position forms.

/// Given the position before a real turn (`fixtures/backgammon/positions.tsv`, m000-0201.mat
/// game 1), when its written play is checked with the position as a Position ID (side and
/// roll given), as `PositionID:MatchID` (side and roll from the Match ID), as the XGID of
/// the same position, and as the JSON position of `convert --to json`, then the play is legal
/// and lands on the record's next position each time.
#[test]
fn every_position_form_gives_the_same_verdict() {
    // Line 13: White plays 11 `24/23 23/22 6/5 6/5`, then Black 53 `8/3* 6/3`; line 14 left
    // is the position after it.
    let white_before = "4HPwBSDgc/ABMA";
    let black_before = "sHPwASTgc/AFIA";
    let black_after = "jGfwBSCwc/ABUA";
    let d = legal_one(&[
        "--position",
        white_before,
        "--roll",
        "11",
        "24/23 23/22 6/5 6/5",
    ]);
    assert_eq!(result_id(&d), black_before);
    let d = legal_one(&[
        "--position",
        black_before,
        "--side",
        "black",
        "--roll",
        "53",
        "8/3* 6/3",
    ]);
    assert_eq!(result_id(&d), black_after);
    // The Match ID says Black is on roll with 5-3.
    let d = legal_one(&[
        "--position",
        &format!("{black_before}:cIkOAAAAAAAA"),
        "8/3* 6/3",
    ]);
    assert_eq!(result_id(&d), black_after);
    assert_eq!(
        (&d["side"], &d["roll"]),
        (&"black".into(), &serde_json::json!([5, 3]))
    );
    // Black's letters with its `B` (Black's own 8/3* 6/3).
    let d = legal_one(&[
        "--position",
        &format!("{black_before}:cIkOAAAAAAAA"),
        "B 5/3 = 8Ax3A and 6A-3A",
    ]);
    assert_eq!(result_id(&d), black_after);
    // The same position as an XGID (Black is the bottom player) and back.
    let d = legal_one(&[
        "--position",
        &format!("{black_before}:cIkOAAAAAAAA"),
        "8/3* 6/3",
    ]);
    let xgid = d["result"]["xgid"].as_str().unwrap();
    let (rows, _) = legal_lines(&["--position", xgid, "--roll", "42"]);
    // White's next play in the record (line 14: 42 `25/21 13/11*`) and the position after it.
    let next = rows.iter().find(|(p, _)| p == "bar/21 13/11*");
    assert_eq!(
        next.and_then(|r| r.1.as_deref()),
        Some("sHPkASKMZ/ABUA"),
        "{rows:?}"
    );
    // The JSON position of `convert --to json` (no player on roll in it: `--side` or `B`).
    let json = converted("fixtures/backgammon/gnubg/m000-0201.mat");
    let turns = turns(&json["games"][0]);
    assert_eq!(turns[1]["line"], 13);
    let file = tmp("m000-0201-g1-t2.json");
    std::fs::write(&file, turns[1]["position"].to_string()).unwrap();
    let file = file.to_str().unwrap();
    let d = legal_one(&[
        "--position",
        file,
        "--side",
        "black",
        "--roll",
        "53",
        "8/3* 6/3",
    ]);
    assert_eq!(result_id(&d), black_after);
    assert_eq!(d["result"]["json"], turns[2]["position"]);
    let d = legal_one(&["--position", file, "B 5/3 = 8Ax3A and 6A-3A"]);
    assert_eq!(result_id(&d), black_after);
    // … or given inline.
    let inline = turns[1]["position"].to_string();
    let d = legal_one(&[
        "--position",
        &inline,
        "--side",
        "black",
        "--roll",
        "53",
        "8/3* 6/3",
    ]);
    assert_eq!(result_id(&d), black_after);
    // And `start` is the start, in any case.
    for start in ["start", "START", " start "] {
        let d = legal_one(&["--position", start, "--roll", "64", "24/18 18/14"]);
        assert_eq!(result_id(&d), white_before);
    }
}

/// Given the XGIDs of `fixtures/backgammon/xgid.tsv` with dice (every 8th), when their legal
/// plays are listed from the XGID and from the Position ID and Match ID that GNU Backgammon
/// gives for it, then the lists are the same; a play checked from either form is the same.
#[test]
fn an_xgid_and_its_gnubg_ids_give_the_same_legal_plays() {
    let tsv = std::fs::read_to_string("fixtures/backgammon/xgid.tsv").unwrap();
    let mut compared = 0;
    for row in tsv.lines().skip(1).step_by(8) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (xgid, pid, mid) = (cols[0], cols[1], cols[2]);
        let dice = xgid.split(':').nth(4).unwrap();
        if dice == "00" || dice == "D" {
            continue;
        }
        let (from_xgid, e1) = legal_lines(&["--position", xgid]);
        let (from_ids, e2) = legal_lines(&["--position", &format!("{pid}:{mid}")]);
        assert_eq!(from_xgid, from_ids, "{row}");
        assert_eq!(e1, e2, "{row}");
        assert!(!from_xgid.is_empty());
        compared += 1;
    }
    assert!(compared >= 30, "{compared}");
    // The both-bars position: Black on roll with 6-4 must enter, and only on its 21 point.
    let xgid = "XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10";
    let d = legal_one(&["--position", xgid, "bar/21 24/18"]);
    assert_eq!(d["side"], "black");
    let same = legal_one(&["--position", "sGfkAkSYLXgEWA:cAmzAQAAEAAE", "bar/21 24/18"]);
    assert_eq!(result_id(&d), result_id(&same));
    let (_, c) = illegal_one(&["--position", xgid, "bar/19 24/20"]);
    assert_eq!(c, "tavla::rules::blocked");
    let (_, c) = illegal_one(&["--position", xgid, "24/18 24/20"]);
    assert_eq!(c, "tavla::rules::must-enter");
}

// ---------------------------------------------------------------------------------------
// Cross-check against real records.

fn converted(mat: &str) -> Value {
    let o = run_with_input(&["convert", "--to", "json", mat], None);
    assert_eq!(code(&o), 0, "{mat}: {}", stderr(&o));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn turns(game: &Value) -> Vec<&Value> {
    game["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["type"] == "turn")
        .collect()
}

/// The roll and the play as written in a gnubg `.mat` move line for `player` (White is the
/// left column, its dice at byte 5; Black's at byte 33).
fn written_play(line: &str, player: &str) -> (String, String) {
    let at = if player == "white" { 5 } else { 33 };
    let cell = &line[at..];
    let cell = if player == "white" { &cell[..28] } else { cell };
    let (dice, play) = cell
        .split_once(':')
        .unwrap_or_else(|| panic!("{line:?}: no roll for {player}"));
    assert_eq!(dice.len(), 2, "{line:?}");
    (dice.to_string(), play.trim().to_string())
}

/// Given a real gnubg record (`m000-0201.mat`, three games), when every written play is
/// checked from the position before it — as the JSON position of the previous turn (with
/// `--side` and `--roll`) and as the Position ID and Match ID of `convert --to json` — then
/// every play is legal and lands on the record's position after it and on the next turn's
/// Position ID; a turn with no play is the only legal play `no move` of `tavla legal`.
#[test]
fn every_play_of_a_gnubg_record_is_legal_and_lands_on_the_next_position() {
    let mat = "fixtures/backgammon/gnubg/m000-0201.mat";
    let text = std::fs::read_to_string(mat).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let json = converted(mat);
    let (mut checked, mut passes) = (0, 0);
    for (g, game) in json["games"].as_array().unwrap().iter().enumerate() {
        let turns = turns(game);
        for (k, turn) in turns.iter().enumerate() {
            let player = turn["player"].as_str().unwrap();
            let line = lines[turn["line"].as_u64().unwrap() as usize - 1];
            let (roll, play) = written_play(line, player);
            let dice: Vec<u64> = roll.bytes().map(|b| u64::from(b - b'0')).collect();
            assert_eq!(turn["dice"], serde_json::json!(dice), "{line}");
            let before = match k {
                0 => "start".to_string(),
                _ => {
                    let f = tmp(&format!("m000-0201-g{g}-t{k}.json"));
                    std::fs::write(&f, turns[k - 1]["position"].to_string()).unwrap();
                    f.to_str().unwrap().to_string()
                }
            };
            let ids = format!(
                "{}:{}",
                turn["position_id"].as_str().unwrap(),
                turn["match_id"].as_str().unwrap()
            );
            let next_id = turns.get(k + 1).map(|t| t["position_id"].as_str().unwrap());
            let what = format!(
                "game {} line {}: {player} {roll}: {play:?}",
                g + 1,
                turn["line"]
            );
            if play.is_empty() {
                // A dance: the only legal play is none.
                for position in [&before, &ids] {
                    let (rows, _) =
                        legal_lines(&["--position", position, "--side", player, "--roll", &roll]);
                    assert_eq!(rows.len(), 1, "{what}: {rows:?}");
                    assert_eq!(rows[0].0, "no move", "{what}");
                    if let Some(next) = next_id {
                        assert_eq!(rows[0].1.as_deref(), Some(next), "{what}");
                    }
                }
                passes += 1;
                continue;
            }
            let from_json = legal_one(&[
                "--position",
                &before,
                "--side",
                player,
                "--roll",
                &roll,
                "--",
                &play,
            ]);
            let from_ids = legal_one(&["--position", &ids, "--", &play]);
            for d in [&from_json, &from_ids] {
                assert_eq!(d["side"], player, "{what}");
                assert_eq!(d["result"]["json"], turn["position"], "{what}");
                if let Some(next) = next_id {
                    assert_eq!(result_id(d), next, "{what}");
                }
            }
            checked += 1;
        }
    }
    assert_eq!(json["games"].as_array().unwrap().len(), 3);
    assert!(
        checked >= 140 && passes >= 15,
        "{checked} plays, {passes} passes"
    );
}

// ---------------------------------------------------------------------------------------
// `tavla legal`.

/// The plays of `tavla legal`, checked back with `tavla check --plays FILE` (or `-`): every
/// one legal, landing on the Position ID listed beside it.
fn check_back(rows: &[(String, Option<String>)], position: &[&str], stdin: bool) {
    let plays: String = rows.iter().map(|(p, _)| format!("{p}\n")).collect();
    let (c, docs) = if stdin {
        let mut args = position.to_vec();
        args.extend(["--plays", "-"]);
        check_stdin(&args, Some(plays.as_bytes()))
    } else {
        let f = tmp(&format!(
            "plays-{}.txt",
            position.join("_").replace('/', "~")
        ));
        std::fs::write(&f, &plays).unwrap();
        let mut args = position.to_vec();
        args.extend(["--plays", f.to_str().unwrap()]);
        check(&args)
    };
    assert_eq!(c, 0, "{position:?}: {docs:#?}");
    assert_eq!(docs.len(), rows.len());
    for ((play, id), d) in rows.iter().zip(&docs) {
        assert_eq!(d["play"], play.as_str());
        assert_eq!(d["legal"], true, "{play}: {d:#}");
        assert_eq!(d["findings"], serde_json::json!([]), "{play}");
        assert_eq!(d["result"]["position_id"].as_str(), id.as_deref(), "{play}");
        assert_eq!(d["legal_plays"], rows.len(), "{play}");
    }
}

/// Given the start position and every roll, for both sides, when the legal plays are listed
/// in both notations, then there is one line per distinct result (as many as `check` counts),
/// each play — standard, letters, typographic letters — is accepted by `check` and lands on
/// the Position ID beside it, and Black's plays mirror White's.
#[test]
fn legal_lists_each_distinct_play_once_and_check_accepts_every_one() {
    let mut total = 0;
    for a in 1..=6u8 {
        for b in 1..=a {
            let roll = format!("{a}{b}");
            let mut by_side = Vec::new();
            for side in ["white", "black"] {
                let pos = ["--side", side, "--roll", &roll];
                let (rows, err) = legal_lines(&pos);
                let ids: BTreeSet<&str> =
                    rows.iter().map(|(_, id)| id.as_deref().unwrap()).collect();
                assert_eq!(ids.len(), rows.len(), "{side} {roll}: {rows:?}");
                let n = rows.len();
                assert!(err.starts_with(&format!("{n} legal play(s)")), "{err}");
                check_back(&rows, &pos, a % 2 == 0);
                let mut args = vec!["--notation", "letters"];
                args.extend(pos);
                let (letters, _) = legal_lines(&args);
                assert_eq!(letters.len(), n);
                // Black's plays say whose they are.
                let who = if side == "black" { "B " } else { "" };
                let head = format!("{who}{a}/{b} = ");
                assert!(
                    letters.iter().all(|(p, _)| p.starts_with(&head)),
                    "{letters:?}"
                );
                check_back(&letters, &pos, a % 2 == 1);
                args.push("--typographic");
                let (typo, _) = legal_lines(&args);
                assert_eq!(typo.len(), n);
                check_back(&typo, &pos, false);
                by_side.push(ids.into_iter().map(String::from).collect::<BTreeSet<_>>());
                total += n;
            }
            // The start is symmetric: Black's results are White's, seen from the other side.
            assert_eq!(by_side[0], by_side[1], "{roll}");
        }
    }
    // 21 rolls, both sides: a count that the tests cannot pass without plays.
    assert!(total > 21 * 2 * 4, "{total}");
    // The counts of `fixtures/backgammon/perft.tsv` (an independent implementation).
    let perft = std::fs::read_to_string("fixtures/backgammon/perft.tsv").unwrap();
    let mut compared = 0;
    for row in perft.lines().filter(|l| l.starts_with(START)) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (rows, _) = legal_lines(&["--position", START, "--roll", cols[1]]);
        assert_eq!(rows.len().to_string(), cols[2], "{row}");
        compared += 1;
    }
    assert_eq!(compared, 11);
    // Start, 6-5: `check` counts the same 7 plays.
    let (rows, _) = legal_lines(&["--roll", "65"]);
    assert_eq!(rows.len(), 7);
    let d = legal_one(&["--roll", "65", "24/13"]);
    assert_eq!(d["legal_plays"], 7);
}

/// Given a mid-game position with Black on roll and a checker on the bar (an XGID with its
/// dice), when the legal plays are listed in letters, then Black's letters are read back as
/// Black's (the position says who is on roll) and land on the listed IDs.
#[test]
fn legal_letters_for_black_parse_back() {
    let xgid = "XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10";
    let (rows, err) = legal_lines(&["--position", xgid]);
    assert!(err.contains("for Black with 6-4"), "{err}");
    assert_eq!(rows.len(), 6);
    assert!(
        rows.iter().all(|(p, _)| p.starts_with("bar/21")),
        "{rows:?}"
    );
    check_back(&rows, &["--position", xgid], true);
    let (letters, _) = legal_lines(&["--position", xgid, "--notation", "letters"]);
    assert!(
        letters.iter().all(|(p, _)| p.starts_with("B 6/4 = bar-4")),
        "{letters:?}"
    );
    check_back(&letters, &["--position", xgid], false);
    let ids = |r: &[(String, Option<String>)]| r.iter().map(|x| x.1.clone()).collect::<Vec<_>>();
    let mut a = ids(&rows);
    let mut b = ids(&letters);
    a.sort();
    b.sort();
    assert_eq!(a, b);
    // With their `B`, Black's letters need no `--side` even from the start.
    let (letters, _) = legal_lines(&["--side", "black", "--roll", "31", "--notation", "letters"]);
    assert!(
        letters.iter().all(|(p, _)| p.starts_with("B ")),
        "{letters:?}"
    );
    check_back(&letters, &["--roll", "31"], true);
}

/// Given `--format json` and `jsonl` of `tavla legal`, then they list the same plays as the
/// human format, with the side, roll and the number of steps.
#[test]
fn legal_json_and_jsonl_list_the_same_plays() {
    let (rows, _) = legal_lines(&["--roll", "42"]);
    let o = run_with_input(&["legal", "--roll", "42", "--format", "json"], None);
    assert_eq!(code(&o), 0);
    let doc: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(doc["side"], "white");
    assert_eq!(doc["roll"], serde_json::json!([4, 2]));
    assert_eq!(doc["max_steps"], 2);
    let plays = doc["plays"].as_array().unwrap();
    assert_eq!(plays.len(), rows.len());
    let o = run_with_input(&["legal", "--roll", "42", "--format", "jsonl"], None);
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(&lines, plays);
    for ((play, id), p) in rows.iter().zip(plays) {
        assert_eq!(p["standard"], play.as_str());
        assert_eq!(p["result"]["position_id"].as_str(), id.as_deref());
        assert!(p["letters"].as_str().unwrap().starts_with("4/2 = "));
    }
}

// ---------------------------------------------------------------------------------------
// Formats and inputs.

/// Given several plays, when checked as `json`, `jsonl` and `human`, then `json` is one
/// array with a verdict per play, `jsonl` one object per line with the same verdicts, and
/// `human` names each verdict with both notations and the result's IDs.
#[test]
fn json_is_an_array_jsonl_an_object_per_line_and_human_names_each_verdict() {
    let plays = ["24/18 13/9", "24/14 13/9", "6/4 = 1A-7A and 1A-5A"];
    let mut args = vec!["--roll", "64"];
    args.extend(plays);
    let (c, docs) = check(&args);
    assert_eq!(c, 1);
    assert_eq!(docs.len(), 3);
    let mut all = vec!["check", "--format", "jsonl"];
    all.extend(&args);
    let o = run_with_input(&all, None);
    assert_eq!(code(&o), 1);
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines, docs);
    for (p, d) in plays.iter().zip(&docs) {
        assert_eq!(d["play"], *p);
    }
    let mut all = vec!["check"];
    all.extend(&args);
    let o = run_with_input(&all, None);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.contains("24/18 13/9: legal\n"), "{out}");
    assert!(out.contains("  letters:  6/4 = 1A-7A and 12A-9\n"), "{out}");
    assert!(
        out.contains(&format!("  position: {}\n", result_id(&docs[0]))),
        "{out}"
    );
    assert!(out.contains("24/14 13/9: illegal\n"), "{out}");
    assert!(out.contains("tavla::rules::no-die"), "{out}");
    assert!(out.contains("nearest legal plays (of 14):"), "{out}");
    assert!(!out.contains('\u{1b}'), "{out}");
}

/// Given plays in a file (`--plays FILE`), on standard input (`--plays -`) and as arguments,
/// when checked, then the arguments come first, then the file's lines (blank lines skipped);
/// `-o FILE` writes the report there and nothing to stdout.
#[test]
fn plays_come_from_arguments_a_file_and_stdin_and_o_writes_a_file() {
    let f = tmp("plays.txt");
    std::fs::write(&f, "24/18 24/13\n\n  6/5 = 12A-8 and 12A-7  \n24/18/13\n").unwrap();
    let f = f.to_str().unwrap();
    let (c, docs) = check(&["--roll", "65", "--plays", f, "24/13"]);
    assert_eq!(c, 1);
    let plays: Vec<&str> = docs.iter().map(|d| d["play"].as_str().unwrap()).collect();
    assert_eq!(
        plays,
        ["24/13", "24/18 24/13", "6/5 = 12A-8 and 12A-7", "24/18/13"]
    );
    let verdicts: Vec<bool> = docs.iter().map(|d| d["legal"] == true).collect();
    assert_eq!(verdicts, [true, false, true, true]);
    let input = std::fs::read(f).unwrap();
    let (c2, docs2) = check_stdin(&["--roll", "65", "--plays", "-", "24/13"], Some(&input));
    assert_eq!((c2, &docs2), (c, &docs));
    // Only legal plays on stdin: exit 0.
    let (c, docs) = check_stdin(
        &["--roll", "65", "--plays", "-"],
        Some("6/5 = 1A-7A-12A\r\n13/8 13/7\r\n".as_bytes()),
    );
    assert_eq!((c, docs.len()), (0, 2), "{docs:#?}");
    // `-o FILE`.
    let out = tmp("report.json");
    let _ = std::fs::remove_file(&out);
    let o = run_with_input(
        &[
            "check",
            "--roll",
            "65",
            "--format",
            "json",
            "-o",
            out.to_str().unwrap(),
            "24/13",
        ],
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(o.stdout.is_empty());
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(doc[0]["standard"], "24/18/13");
}

// ---------------------------------------------------------------------------------------
// Gul bara.

/// Given Gul bara's start, when the legal plays of 6-6 are listed for either side, then there
/// is exactly one: `24/18(4)` (the exempt window: one stage of four); no Position ID.
#[test]
fn gul_bara_start_with_6_6_is_exactly_24_18_four_times_for_both_sides() {
    for side in ["white", "black"] {
        let (rows, err) = legal_lines(&["--variant", "gul-bara", "--side", side, "--roll", "66"]);
        assert_eq!(rows, [("24/18(4)".to_string(), None)], "{side}");
        assert!(err.starts_with("1 legal play(s)"), "{err}");
        let d = legal_one(&[
            "--variant",
            "gul-bara",
            "--side",
            side,
            "--roll",
            "66",
            "24/18(4)",
        ]);
        assert_eq!(d["legal_plays"], 1);
        assert!(d["result"].get("position_id").is_none(), "{d:#}");
        assert!(d["result"].get("xgid").is_none(), "{d:#}");
        let own = &d["result"]["json"][side];
        assert_eq!(own, &serde_json::json!({"18": 4, "24": 11}), "{side}");
    }
    // White's letters read back.
    let (letters, _) = legal_lines(&[
        "--variant",
        "gul-bara",
        "--roll",
        "66",
        "--notation",
        "letters",
    ]);
    assert_eq!(letters, [("6/6 = 4x 1A-7A".to_string(), None)]);
    legal_one(&["--variant", "gul-bara", "6/6 = 4x1A-7A"]);
    // Less than four sixes is not enough.
    let (_, c) = illegal_one(&["--variant", "gul-bara", "--roll", "66", "24/18(3)"]);
    assert_eq!(c, "tavla::rules::forced-play");
}

/// Given Gul bara, when a play marks a hit (`*`, `x`) or moves from the bar, then it is an
/// error (`tavla::rules::no-hitting`, `tavla::rules::no-bar`) on the mark or the bar.
#[test]
fn gul_bara_has_no_hitting_and_no_bar() {
    for (play, expected, at) in [
        ("24/18* 24/19", "tavla::rules::no-hitting", "18*"),
        ("6/5 = 1Ax7A and 1A-6A", "tavla::rules::no-hitting", "x7A"),
        ("bar/19 24/18", "tavla::rules::no-bar", "bar"),
        ("6/5 = bar-6A and 1A-7A", "tavla::rules::no-bar", "bar"),
    ] {
        let (d, c) = illegal_one(&["--variant", "gul-bara", "--roll", "65", play]);
        assert_eq!(c, expected, "{play}: {d:#}");
        assert!(
            at.contains(&finding_text(play, &d["findings"][0])),
            "{play}: {}",
            finding_text(play, &d["findings"][0])
        );
        assert_eq!(d["nearest"][0]["standard"], "24/19 24/18", "{play}");
    }
}

/// Given a Gul bara position (JSON) where a single Black checker stands on White's 18 point,
/// when White plays 6-5, then the single checker blocks 24/18 (directly and as the first
/// landing of 24/13) and the only legal play is 24/19/13.
#[test]
fn gul_bara_a_single_checker_blocks_its_point() {
    // Black's own 6 is White's 18 (Black's p is White's ((p + 11) mod 24) + 1).
    let pos = r#"{"white": {"24": 15}, "black": {"24": 14, "6": 1}}"#;
    let base = ["--variant", "gul-bara", "--position", pos, "--roll", "65"];
    let (rows, _) = legal_lines(&base);
    assert_eq!(rows, [("24/19/13".to_string(), None)]);
    let mut args = base.to_vec();
    args.push("24/18 24/19");
    let (d, c) = illegal_one(&args);
    assert_eq!(c, "tavla::rules::blocked", "{d:#}");
    assert_eq!(finding_text("24/18 24/19", &d["findings"][0]), "24/18");
    let msg = d["findings"][0]["message"].as_str().unwrap();
    assert!(
        msg.contains("point 18") && msg.contains("1 checker"),
        "{msg}"
    );
    assert_eq!(d["nearest"][0]["standard"], "24/19/13");
    // 24/13 passes 19, not the blocked 18.
    let mut args = base.to_vec();
    args.push("24/13");
    let d = legal_one(&args);
    assert_eq!(d["standard"], "24/19/13");
    let mut args = base.to_vec();
    args.push("24/18/13");
    let (_, c) = illegal_one(&args);
    assert_eq!(c, "tavla::rules::blocked");
}

/// The findings of a verdict with the given code.
fn findings_with<'a>(doc: &'a Value, code: &str) -> Vec<&'a Value> {
    doc["findings"]
        .as_array()
        .map(|fs| fs.iter().filter(|f| f["code"] == code).collect())
        .unwrap_or_default()
}

const AMBIGUOUS: &str = "tavla::play::ambiguous-letters";

/// Given Black with a checker on its 21 (letter 4) and a White blot on Black's 16 (White's 9,
/// letter 9), when Black writes `4x9-11` with 5-2, then of its two readings (four checkers
/// 9 -> 11, or one checker 4 x9 -> 11) only the hit is legal: it is taken, with a note naming
/// the other (`notations.md` §1 "Ambiguity"); the unambiguous spellings read one way each.
#[test]
fn a_count_glued_to_a_hit_mark_takes_the_one_legal_reading_with_a_note() {
    let position = r#"{"white": {"24": 2, "13": 4, "9": 1, "8": 3, "6": 5},
                       "black": {"24": 1, "21": 1, "13": 5, "8": 3, "6": 5}}"#;
    let args = |play: &'static str| {
        [
            "--position",
            position,
            "--side",
            "black",
            "--roll",
            "52",
            play,
        ]
    };
    let d = legal_one(&args("4x9-11"));
    assert_eq!(d["standard"], "21/16*/14", "{d:#}");
    let notes = findings_with(&d, AMBIGUOUS);
    assert_eq!(notes.len(), 1, "{d:#}");
    assert_eq!(notes[0]["severity"], "advice", "{d:#}");
    let message = notes[0]["message"].as_str().unwrap();
    assert!(
        message.contains("`4 x 9-11`") && message.contains("`4x 9-11`"),
        "{message}"
    );
    // The hit, written unambiguously: no note.
    let d = legal_one(&args("4 x 9-11"));
    assert_eq!(d["standard"], "21/16*/14");
    assert!(findings_with(&d, AMBIGUOUS).is_empty(), "{d:#}");
    // The count, written unambiguously: four checkers 9 -> 11, illegal, and no note.
    let (d, _) = illegal_one(&args("4x 9-11"));
    assert!(findings_with(&d, AMBIGUOUS).is_empty(), "{d:#}");
    // The human output shows the note.
    let mut all = vec!["check"];
    all.extend_from_slice(&args("B 5/2 = 4x9-11"));
    let o = run_with_input(&all, None);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains(AMBIGUOUS), "{}", stdout(&o));
}

/// Given Black with checkers on its 23 and 21 (letters 2 and 4) and 2-2, when it writes
/// `2x4-6 and 2x 12-11A`, then both readings are legal (two checkers 21/19, or one checker
/// 23/21/19 with a hit claim where nothing is hit): a warning asks to disambiguate and the
/// count reading is judged.
#[test]
fn a_count_glued_to_a_hit_mark_with_two_legal_readings_is_a_warning() {
    let position = r#"{"white": {"24": 2, "13": 5, "8": 3, "5": 5},
                       "black": {"23": 1, "21": 2, "13": 5, "8": 3, "6": 4}}"#;
    let d = legal_one(&[
        "--position",
        position,
        "--side",
        "black",
        "--roll",
        "22",
        "2x4-6 and 2x 12-11A",
    ]);
    assert_eq!(d["standard"], "21/19(2) 13/11(2)", "{d:#}");
    let warnings = findings_with(&d, AMBIGUOUS);
    assert_eq!(warnings.len(), 1, "{d:#}");
    assert_eq!(warnings[0]["severity"], "warning", "{d:#}");
    let help = warnings[0]["help"].as_str().unwrap_or_default();
    assert!(
        help.contains("2 x 4-6") && help.contains("2x 4-6"),
        "{help}"
    );
    // The hit reading written out is legal too (with its wrong hit claim), and reads one way.
    let d = legal_one(&[
        "--position",
        position,
        "--side",
        "black",
        "--roll",
        "22",
        "2 x 4-6 and 2x 12-11A",
    ]);
    assert_eq!(d["standard"], "23/21/19 13/11(2)", "{d:#}");
    assert!(findings_with(&d, AMBIGUOUS).is_empty(), "{d:#}");
}
