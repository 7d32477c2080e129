//! Nothing is lost: every piece of information in a record — header tags, comments, the match
//! length, game numbers, players, ratings and scores, every cell (dice, stages, every step and
//! its hit mark, cube values, answers, results, `and the match`, resignations and their level,
//! `Cannot Move`, `????`, `Illegal play (…)`) and every turn number — is either carried into
//! the JSON or reported by a diagnostic (error or warning) whose span covers it. Only spelling
//! and spacing are normalised.
//!
//! How it is checked, over every fixture (`fixtures/**/*.mat`) and the real match files of
//! `fixtures/corpus/mat/` (`fixtures/corpus/SOURCES.tsv`): each source line is cut into
//! whitespace-separated tokens, and each token into *units* in a spelling-free form (a step
//! `bar/22*(2)` is two hops `bar/22*`; `b`/`25` are `bar`, `o`/`-`/`0` are `off`; keywords and
//! their synonyms lower-cased; numbers without leading zeros; `=>` and `point(s)` are filler).
//! The JSON is turned into units the same way, *from its semantic fields only* — the `source`
//! and `span` copies of `--with-source` are never read; only `line` is used to find the JSON
//! entries of a source line. Every source unit must be matched by a JSON unit of its line
//! (multiset), or lie inside the span of an error or warning. A turn number is accounted for
//! when it is the one the canonical layout regenerates (1, 2, 3, … per game) or when a
//! diagnostic covers it.
//!
//! And: JSON → `write_mat` → parse → JSON gives the same document, line numbers aside.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::common::{decode_and_check, root, tree};
use serde_json::Value;
use tavla::codes::Code;
use tavla::notation::write_mat;
use tavla::replay::{Severity, Verdict};
use tavla::report::json::match_json;

// ---------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------

fn fixtures() -> Vec<PathBuf> {
    tree("fixtures", &|p| p.extension().is_some_and(|e| e == "mat"))
}

fn corpus() -> Vec<PathBuf> {
    tree(root().join("fixtures/corpus/mat"), &|p| p.is_file())
}

// ---------------------------------------------------------------------------------------
// Units: spelling-free pieces of information
// ---------------------------------------------------------------------------------------

fn loc(part: &str) -> Option<(String, bool)> {
    let stars = part.len() - part.trim_end_matches('*').len();
    let p = part.trim_end_matches('*');
    let l = match p {
        "bar" | "b" => "bar".to_string(),
        "off" | "o" | "-" => "off".to_string(),
        d if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) => match d.parse::<u32>() {
            Ok(0) => "off".into(),
            Ok(25) => "bar".into(),
            Ok(n @ 1..=24) => n.to_string(),
            _ => return None,
        },
        _ => return None,
    };
    Some((l, stars > 0))
}

/// A step token as hops `from/to[*]`, its repetition expanded; None when it is not a step.
fn hops(lower: &str) -> Option<Vec<String>> {
    let (body, rep) = match lower.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
        Some((b, n)) => (b, n.parse::<usize>().ok().filter(|n| (1..=4).contains(n))?),
        None => (lower, 1),
    };
    let parts: Vec<&str> = body.split('/').collect();
    if parts.len() < 2 {
        return None;
    }
    let locs: Vec<(String, bool)> = parts.iter().map(|p| loc(p)).collect::<Option<_>>()?;
    if locs[0].1 {
        // A hit mark on the origin is not a step.
        return None;
    }
    let mut out = Vec::new();
    for _ in 0..rep {
        for w in locs.windows(2) {
            out.push(format!(
                "{}/{}{}",
                w[0].0,
                w[1].0,
                if w[1].1 { "*" } else { "" }
            ));
        }
    }
    Some(out)
}

fn canonical_number(t: &str) -> Option<String> {
    (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())).then(|| {
        t.parse::<u64>()
            .map(|n| n.to_string())
            .unwrap_or(t.to_string())
    })
}

/// The units of the tokens of a cell region (a turn or result line without its number),
/// each with the byte range of its token.
fn cell_units(tokens: &[(usize, usize, &str)]) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut prev: Vec<String> = Vec::new(); // the last two non-filler units
    for &(s, e, t) in tokens {
        let lower = t.to_lowercase();
        let last = prev.last().map(String::as_str);
        let before_last = prev.len().checked_sub(2).map(|i| prev[i].as_str());
        // Filler: `=>` after a cube word, `point(s)` after the points of a result.
        if lower == "=>" && matches!(last, Some("doubles" | "beavers" | "raccoons")) {
            continue;
        }
        if (lower == "point" || lower == "points")
            && last.is_some_and(|l| l.bytes().all(|b| b.is_ascii_digit()))
            && matches!(before_last, Some("wins" | "losses"))
        {
            continue;
        }
        let units: Vec<String> = match lower.as_str() {
            "doubles" | "redoubles" => vec!["doubles".into()],
            "takes" | "accepts" => vec!["takes".into()],
            "drops" | "passes" | "rejects" => vec!["drops".into()],
            "resigns" | "resign" | "resigned" => vec!["resigns".into()],
            "beavers" | "raccoons" | "wins" | "losses" | "cannot" | "move" | "and" | "the"
            | "match" => vec![lower.clone()],
            _ => {
                if let Some(n) = canonical_number(&lower) {
                    vec![n]
                } else if lower.contains('/')
                    && let Some(h) = hops(&lower)
                {
                    h
                } else {
                    vec![lower.clone()]
                }
            }
        };
        for u in units {
            prev.push(u.clone());
            out.push((u, s, e));
        }
    }
    out
}

/// Whitespace tokens (spaces and tabs, as the parser splits cells) with absolute offsets.
fn tokens(text: &str, start: usize, end: usize) -> Vec<(usize, usize, &str)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = start;
    while i < end {
        if b[i] == b' ' || b[i] == b'\t' {
            i += 1;
            continue;
        }
        let s = i;
        while i < end && b[i] != b' ' && b[i] != b'\t' {
            i += 1;
        }
        out.push((s, i, &text[s..i]));
    }
    out
}

/// Whitespace removed, backslashes removed, digit runs without leading zeros.
fn squash(s: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            out.push_str(&canonical_number(digits).unwrap_or_default());
            digits.clear();
        }
    };
    for c in s.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        flush(&mut digits, &mut out);
        if !c.is_whitespace() && c != '\\' {
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

// ---------------------------------------------------------------------------------------
// JSON side
// ---------------------------------------------------------------------------------------

fn play_units(play: &str) -> Vec<String> {
    let toks: Vec<(usize, usize, &str)> = tokens(play, 0, play.len());
    cell_units(&toks).into_iter().map(|(u, _, _)| u).collect()
}

fn stage_units(stage: &Value, head: String) -> Vec<String> {
    let mut v = vec![head];
    v.extend(play_units(stage["play"].as_str().unwrap_or("")));
    v
}

fn doublet(stage: &Value) -> String {
    let d = &stage["dice"];
    match (d[0].as_u64(), d[1].as_u64()) {
        (Some(a), None) => format!("{a}{a}"),
        (Some(a), Some(b)) => format!("{a}{b}"),
        _ => "??".into(),
    }
}

/// The units of one JSON action, from its semantic fields.
fn action_units(a: &Value) -> Vec<String> {
    let num = |k: &str| a[k].as_u64().map(|n| n.to_string()).unwrap_or_default();
    match a["type"].as_str().unwrap_or("") {
        "turn" => {
            let mut v = Vec::new();
            for st in a["received"].as_array().into_iter().flatten() {
                v.extend(stage_units(st, format!("({}):", doublet(st))));
            }
            for st in a["stages"].as_array().into_iter().flatten() {
                let head = match st["kind"].as_str() {
                    Some("roll") => match (a["dice"][0].as_u64(), a["dice"][1].as_u64()) {
                        (Some(x), Some(y)) => format!("{x}{y}:"),
                        _ => format!("{}:", doublet(st)),
                    },
                    _ => format!("+{}:", doublet(st)),
                };
                v.extend(stage_units(st, head));
            }
            v
        }
        "double" => vec!["doubles".into(), num("value")],
        "beaver" => vec!["beavers".into(), num("value")],
        "raccoon" => vec!["raccoons".into(), num("value")],
        "take" => vec!["takes".into()],
        "drop" => vec!["drops".into()],
        "wins" => {
            let mut v = vec!["wins".into(), num("points")];
            if a["and_match"].as_bool() == Some(true) {
                v.extend(["and".into(), "the".into(), "match".into()]);
            }
            v
        }
        "losses" => vec!["losses".into(), num("points")],
        "draw" => vec!["draw".into()],
        "resign" => std::iter::once("resigns".to_string())
            .chain(a["level"].as_str().map(str::to_string))
            .collect(),
        other => vec![format!("<unknown action {other}>")],
    }
}

fn score_line_of(g: &Value) -> Option<String> {
    let p = g.get("players")?;
    let s = g.get("score_before")?;
    let r = g.get("ratings");
    let rating = |side: &str| {
        r.and_then(|r| r[side].as_str())
            .map(|x| format!(",{x}"))
            .unwrap_or_default()
    };
    Some(squash(&format!(
        "{}{}:{}{}{}:{}",
        p["white"].as_str()?,
        rating("white"),
        s["white"].as_u64()?,
        p["black"].as_str()?,
        rating("black"),
        s["black"].as_u64()?
    )))
}

// ---------------------------------------------------------------------------------------
// The accounting
// ---------------------------------------------------------------------------------------

/// Lines as the parser cuts them: (1-based number, start, end) without terminators, a BOM
/// skipped.
fn lines(text: &str) -> Vec<(usize, usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut n = 0;
    while i <= b.len() {
        let mut j = i;
        while j < b.len() && b[j] != b'\n' && b[j] != b'\r' {
            j += 1;
        }
        if i == b.len() && j == i {
            break;
        }
        n += 1;
        out.push((n, i, j));
        if j + 1 < b.len() && b[j] == b'\r' && b[j + 1] == b'\n' {
            j += 1;
        }
        i = j + 1;
    }
    out
}

fn is_match_length(t: &str) -> Option<u64> {
    let w: Vec<&str> = t.split_whitespace().collect();
    match w.as_slice() {
        [n, p, m]
            if (p.eq_ignore_ascii_case("point") || p.eq_ignore_ascii_case("points"))
                && m.eq_ignore_ascii_case("match") =>
        {
            n.parse::<u64>().ok().filter(|n| *n <= u32::MAX as u64)
        }
        _ => None,
    }
}

fn is_game_line(t: &str) -> Option<u64> {
    let w: Vec<&str> = t.split_whitespace().collect();
    match w.as_slice() {
        [g, n] if g.eq_ignore_ascii_case("game") && n.bytes().all(|b| b.is_ascii_digit()) => {
            n.parse::<u64>().ok().filter(|n| *n <= u32::MAX as u64)
        }
        _ => None,
    }
}

/// `digits ")"` at the start of a trimmed line: the number's text and the rest's offset.
fn turn_prefix(t: &str) -> Option<(&str, usize)> {
    let d = t.bytes().take_while(u8::is_ascii_digit).count();
    (d > 0 && t.as_bytes().get(d) == Some(&b')')).then(|| (&t[..d], d + 1))
}

/// What the accounting of one record found.
#[derive(Debug, Default)]
struct Audit {
    /// Units neither in the JSON nor covered by an error or warning.
    lost: Vec<String>,
    /// Units found in the JSON (or derived from the layout: turn numbers).
    carried: usize,
    /// Units not in the JSON but covered by a diagnostic.
    reported: usize,
}

/// Every unit of `text` that is neither in `json` nor covered by an error or warning.
fn lost(text: &str, v: &Verdict, json: &Value) -> Vec<String> {
    audit_record(text, v, json).lost
}

fn audit_record(text: &str, v: &Verdict, json: &Value) -> Audit {
    let covered = |s: usize, e: usize| {
        v.findings.iter().any(|f| {
            f.severity != Severity::Advice
                && f.span.offset < e.max(s + 1)
                && s < f.span.end().max(f.span.offset + 1)
        })
    };
    // JSON entries by line.
    let mut actions: HashMap<usize, Vec<&Value>> = HashMap::new();
    let mut game_of_line: HashMap<usize, usize> = HashMap::new();
    let games = json["games"].as_array().cloned().unwrap_or_default();
    for (gi, g) in json["games"].as_array().into_iter().flatten().enumerate() {
        for a in g["actions"].as_array().into_iter().flatten() {
            if let Some(l) = a["line"].as_u64() {
                actions.entry(l as usize).or_default().push(a);
                game_of_line.insert(l as usize, gi);
            }
        }
    }
    let mut comments: HashMap<usize, &str> = HashMap::new();
    for c in json["comments"].as_array().into_iter().flatten() {
        if let (Some(l), Some(t)) = (c["line"].as_u64(), c["text"].as_str()) {
            comments.insert(l as usize, t);
        }
    }
    let mut tags: HashMap<usize, String> = HashMap::new();
    for t in json["tags"].as_array().into_iter().flatten() {
        if let (Some(l), Some(n), Some(val)) =
            (t["line"].as_u64(), t["name"].as_str(), t["value"].as_str())
        {
            tags.insert(l as usize, squash(&format!("[{n}\"{val}\"]")));
        }
    }
    let mut out = Vec::new();
    let mut reported = 0usize;
    let mut carried = 0usize;
    let mut miss = |what: String, s: usize, e: usize, ln: usize| {
        if covered(s, e) {
            reported += 1;
        } else {
            out.push(format!("line {ln}: {what}"));
        }
    };
    let mut length_seen = false;
    let mut game_k = 0usize; // games met so far
    let mut score_open = false; // the current game still awaits its score line
    let mut last_turn: Option<u64> = None;
    let mut empty_lines: Vec<usize> = vec![0; games.len()];
    for (ln, ls, le) in lines(text) {
        let content = &text[ls..le];
        let t = content.trim();
        if t.is_empty() {
            continue;
        }
        let ts = ls + (content.len() - content.trim_start().len());
        let te = ts + t.len();
        // Header lines.
        if t.starts_with(';') || t.starts_with('#') {
            if let Some(c) = comments.get(&ln) {
                let mut want: HashMap<&str, usize> = HashMap::new();
                for (_, _, w) in tokens(c, 0, c.len()) {
                    *want.entry(w).or_default() += 1;
                }
                for (s, e, w) in tokens(text, ts + 1, te) {
                    match want.get_mut(w) {
                        Some(n) if *n > 0 => {
                            *n -= 1;
                            carried += 1;
                        }
                        _ => miss(format!("comment word `{w}`"), s, e, ln),
                    }
                }
            } else if let Some(tag) = tags.get(&ln) {
                if squash(&t[1..]) == *tag {
                    carried += 1;
                } else {
                    miss(format!("tag `{t}` (JSON: {tag})"), ts, te, ln);
                }
            } else {
                miss(format!("header line `{t}`"), ts, te, ln);
            }
            continue;
        }
        // Lines with cells: turn lines and result lines.
        let prefix = turn_prefix(t);
        if let Some(acts) = actions.get(&ln).filter(|a| !a.is_empty()).or(None) {
            let mut want: HashMap<String, usize> = HashMap::new();
            for a in acts {
                for u in action_units(a) {
                    *want.entry(u).or_default() += 1;
                }
            }
            let rest = prefix.map(|(_, k)| ts + k).unwrap_or(ts);
            for (u, s, e) in cell_units(&tokens(text, rest, te)) {
                match want.get_mut(&u) {
                    Some(n) if *n > 0 => {
                        *n -= 1;
                        carried += 1;
                    }
                    _ => miss(format!("`{u}` in `{}`", &text[s..e]), s, e, ln),
                }
            }
            if let Some((n, _)) = prefix {
                carried += check_turn_number(n, ts, &mut last_turn, &mut miss, ln) as usize;
            }
            if let Some(&gi) = game_of_line.get(&ln)
                && gi + 1 == game_k
            {
                score_open = false;
            }
            continue;
        }
        if let Some((n, k)) = prefix {
            // A numbered line whose cells are not in the JSON: an empty numbered line, or
            // every cell broken.
            let cells = tokens(text, ts + k, te);
            if cells.is_empty() && game_k > 0 {
                empty_lines[game_k - 1] += 1;
            }
            for (s, e, w) in cells {
                miss(format!("token `{w}`"), s, e, ln);
            }
            if game_k > 0 {
                carried += check_turn_number(n, ts, &mut last_turn, &mut miss, ln) as usize;
            } else {
                miss(format!("turn line `{t}` before any game"), ts, te, ln);
            }
            continue;
        }
        if let Some(n) = is_match_length(t) {
            if length_seen || json["match_length"].as_u64() != Some(n) || game_k > 0 {
                miss(format!("match length `{t}`"), ts, te, ln);
            } else {
                carried += 1;
            }
            length_seen = true;
            continue;
        }
        if let Some(n) = is_game_line(t) {
            match games.get(game_k) {
                Some(g) if g["number"].as_u64() == Some(n) => carried += 1,
                _ => miss(format!("game line `{t}`"), ts, te, ln),
            }
            game_k += 1;
            score_open = true;
            last_turn = None;
            continue;
        }
        if score_open
            && let Some(want) = games.get(game_k - 1).and_then(score_line_of)
            && squash(t) == want
        {
            score_open = false;
            carried += 1;
            continue;
        }
        miss(format!("line `{t}`"), ts, te, ln);
    }
    // Empty numbered lines are counted per game.
    for (gi, g) in games.iter().enumerate() {
        let n = g["empty_turn_lines"].as_u64().unwrap_or(0) as usize;
        if n != empty_lines[gi] {
            out.push(format!(
                "game {}: {} empty numbered lines, JSON says {n}",
                gi + 1,
                empty_lines[gi]
            ));
        }
    }
    Audit {
        lost: out,
        carried,
        reported,
    }
}

fn check_turn_number(
    n: &str,
    ts: usize,
    last: &mut Option<u64>,
    miss: &mut impl FnMut(String, usize, usize, usize),
    ln: usize,
) -> bool {
    let Ok(v) = n.parse::<u64>() else {
        miss(format!("turn number `{n}`"), ts, ts + n.len(), ln);
        return false;
    };
    let expected = last.map(|p| p + 1).unwrap_or(1);
    if v != expected {
        miss(
            format!("turn number {v}, the layout regenerates {expected}"),
            ts,
            ts + n.len(),
            ln,
        );
    }
    *last = Some(v);
    v == expected
}

// ---------------------------------------------------------------------------------------
// Round trip
// ---------------------------------------------------------------------------------------

fn strip(v: &mut Value, keys: &[&str]) {
    match v {
        Value::Object(m) => {
            for k in keys {
                m.remove(*k);
            }
            m.values_mut().for_each(|x| strip(x, keys));
        }
        Value::Array(a) => a.iter_mut().for_each(|x| strip(x, keys)),
        _ => {}
    }
}

/// What the record says, without what the replay concluded.
const REPLAY_FIELDS: &[&str] = &[
    "line",
    "valid",
    "errors",
    "warnings",
    "checked",
    "position",
    "position_id",
    "match_id",
    "steps",
    "available",
    "result",
    "crawford",
];

/// JSON -> write_mat -> parse -> JSON. A record without errors gives the identical document
/// (line numbers aside); any record gives the identical written content.
fn round_trip(text: &str, v: &Verdict) -> Result<(), String> {
    let j1 = match_json(v, false, text);
    let mat = write_mat(&j1);
    let (t2, v2) = decode_and_check(mat.as_bytes());
    let j2 = match_json(&v2, false, &t2);
    let (mut a, mut b) = (j1.clone(), j2.clone());
    // The canonical layout renumbers turn lines, so a `turn-number` warning goes away; no
    // finding may appear in a record without errors (one with errors loses its broken
    // tokens, so the replay of the written record legitimately finds other things).
    let codes = |v: &Verdict| {
        let mut c: Vec<Code> = v.findings.iter().map(|f| f.code).collect();
        c.sort();
        c
    };
    let (before, after) = (codes(v), codes(&v2));
    if v.errors() == 0
        && let Some(new) = after.iter().find(|c| !before.contains(c))
    {
        return Err(format!("the written .mat has a new finding: {new}"));
    }
    let keys: &[&str] = if v.errors() == 0 {
        &["line", "warnings"]
    } else {
        REPLAY_FIELDS
    };
    strip(&mut a, keys);
    strip(&mut b, keys);
    if a != b {
        let sa = serde_json::to_string_pretty(&a).unwrap_or_default();
        let sb = serde_json::to_string_pretty(&b).unwrap_or_default();
        let first = sa
            .lines()
            .zip(sb.lines())
            .position(|(x, y)| x != y)
            .unwrap_or(0);
        let ctx = |s: &str| {
            s.lines()
                .skip(first.saturating_sub(12))
                .take(20)
                .collect::<Vec<_>>()
                .join("\n")
        };
        return Err(format!(
            "JSON differs after write_mat (first difference at JSON line {first}):\n--- before ---\n{}\n--- after ---\n{}\n--- written .mat ---\n{}",
            ctx(&sa),
            ctx(&sb),
            mat.lines().take(40).collect::<Vec<_>>().join("\n")
        ));
    }
    // The written record is a fixed point of the canonical layout.
    let mat2 = write_mat(&j2);
    if mat2 != mat {
        return Err("write_mat is not a fixed point".into());
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

fn audit(paths: &[PathBuf]) -> (Vec<String>, Audit) {
    let mut problems = Vec::new();
    let mut total = Audit::default();
    for p in paths {
        let bytes = std::fs::read(p).expect("read");
        let (text, v) = decode_and_check(&bytes);
        let json = match_json(&v, true, &text);
        let a = audit_record(&text, &v, &json);
        total.carried += a.carried;
        total.reported += a.reported;
        for l in a.lost {
            problems.push(format!("{}: {l}", p.display()));
        }
        if let Err(e) = round_trip(&text, &v) {
            problems.push(format!("{}: {e}", p.display()));
        }
    }
    (problems, total)
}

/// Fixtures that expose a known loss, audited by the ignored test below until it is fixed.
const KNOWN_LOSSES: &[&str] = &[];

#[test]
fn every_fixture_loses_nothing() {
    let paths: Vec<PathBuf> = fixtures()
        .into_iter()
        .filter(|p| !KNOWN_LOSSES.iter().any(|k| Path::new(k) == p))
        .collect();
    assert!(paths.len() >= 100, "only {} fixtures", paths.len());
    let (problems, a) = audit(&paths);
    eprintln!(
        "{} fixtures: {} units carried into the JSON, {} reported by a diagnostic",
        paths.len(),
        a.carried,
        a.reported
    );
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_real_corpus_loses_nothing() {
    let paths = corpus();
    assert_eq!(paths.len(), 20, "the files of fixtures/corpus/mat");
    let (problems, a) = audit(&paths);
    eprintln!(
        "{} corpus files: {} units carried into the JSON, {} reported by a diagnostic",
        paths.len(),
        a.carried,
        a.reported
    );
    assert!(a.carried > 10 * a.reported.max(1));
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

fn audit_text(text: &str) -> Vec<String> {
    let (text, v) = decode_and_check(text.as_bytes());
    let json = match_json(&v, true, &text);
    let mut p = audit_record(&text, &v, &json).lost;
    if let Err(e) = round_trip(&text, &v) {
        p.push(e);
    }
    p
}

const BG_HEAD: &str = "; [Variation \"Backgammon\"]\n 3 point match\n\n Game 1\n A : 0                          B : 0\n";

/// `61: Cannot Move 13/7 8/7`, `31: ???? 8/5 6/5`, `31: Illegal play (8/5 6/5) 8/5 6/5`: the
/// JSON `play` is only the marker (`written()` in `src/report/json.rs` returns early), so the
/// steps vanish from the JSON and from `convert --to mat`, while the error
/// (`cannot-move-with-steps`, `unknown-play`, `writer-illegal-play`) covers only the marker.
#[test]
fn steps_beside_a_play_marker_are_kept() {
    let paths: Vec<PathBuf> = KNOWN_LOSSES.iter().map(PathBuf::from).collect();
    let (mut problems, _) = audit(&paths);
    for cell in [
        "31: ???? 8/5 6/5",
        "31: 8/5 6/5 ????                 42: 8/4 6/4",
        "31: Illegal play (8/5 6/5) 8/5 6/5",
        "31: 8/5 6/5  Cannot Move         43: 24/20 24/21",
    ] {
        for l in audit_text(&format!("{BG_HEAD}  1) {cell}\n")) {
            problems.push(format!("`{cell}`: {l}"));
        }
    }
    assert!(
        problems.is_empty(),
        "{} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// `  7)` between `1)` and `2)`: an empty numbered line out of sequence is reported (a
/// turn-number warning on its number), so nothing is silently dropped; one in sequence is
/// accepted without a finding.
#[test]
fn an_empty_numbered_line_keeps_its_place_or_is_reported() {
    let text = format!(
        "{BG_HEAD}  1) 31: 8/5 6/5                 42: 8/4 6/4\n  7)\n  2) 21: 13/11 6/5               61: 13/7 8/7\n"
    );
    let (_, v) = decode_and_check(text.as_bytes());
    assert_eq!(v.errors(), 0, "{:?}", v.findings);
    let at = text.find("  7)").expect("the line") + 2;
    assert!(
        v.findings
            .iter()
            .any(|f| f.code == Code::TurnNumber && f.span.offset == at),
        "{:?}",
        v.findings
    );
    let problems = audit_text(&text);
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    let in_sequence = format!(
        "{BG_HEAD}  1) 31: 8/5 6/5                 42: 8/4 6/4\n  2) 21: 13/11 6/5               61: 13/7 8/7\n  3)\n"
    );
    let (_, v) = decode_and_check(in_sequence.as_bytes());
    assert!(
        v.findings.iter().all(|f| f.code != Code::TurnNumber),
        "{:?}",
        v.findings
    );
    let out_of_sequence_at_end = in_sequence.replace("  3)\n", "  9)\n");
    let (_, v) = decode_and_check(out_of_sequence_at_end.as_bytes());
    assert!(
        v.findings.iter().any(|f| f.code == Code::TurnNumber),
        "{:?}",
        v.findings
    );
}

/// The check has teeth: dropping or altering any one piece of information in the JSON of a
/// valid record is noticed.
#[test]
fn the_audit_notices_every_kind_of_loss() {
    let text = std::fs::read_to_string("fixtures/demo/valid.mat").expect("fixture");
    let text = format!("; a comment line\n{text}");
    let (text, v) = decode_and_check(text.as_bytes());
    let json = match_json(&v, true, &text);
    assert_eq!(lost(&text, &v, &json), Vec::<String>::new());
    type Edit = fn(&mut Value);
    let edits: &[(&str, Edit)] = &[
        ("a comment word", |j| {
            j["comments"][0]["text"] = "a comment".into()
        }),
        ("a tag value", |j| j["tags"][0]["value"] = "Sofia".into()),
        ("a tag", |j| {
            j["tags"].as_array_mut().map(|a| a.remove(1));
        }),
        ("the match length", |j| j["match_length"] = 3.into()),
        ("a game number", |j| j["games"][0]["number"] = 2.into()),
        ("a player", |j| {
            j["games"][0]["players"]["black"] = "Mehmed".into()
        }),
        ("a score", |j| {
            j["games"][0]["score_before"]["white"] = 1.into()
        }),
        ("a step", |j| {
            let play = j["games"][0]["actions"][1]["stages"][0]["play"]
                .as_str()
                .unwrap_or("")
                .to_string();
            j["games"][0]["actions"][1]["stages"][0]["play"] =
                play.split(' ').next().unwrap_or("").into();
        }),
        ("a step's point", |j| {
            j["games"][0]["actions"][1]["stages"][0]["play"] = "24/18 18/12".into()
        }),
        ("a repetition", |j| {
            let a = &mut j["games"][0]["actions"][3]["stages"][0]["play"];
            let p = a.as_str().unwrap_or("").replace("(2)", "");
            *a = p.into();
        }),
        ("a die", |j| {
            j["games"][0]["actions"][1]["dice"][0] = 5.into()
        }),
        ("a chain stage", |j| {
            for a in j["games"][0]["actions"]
                .as_array_mut()
                .into_iter()
                .flatten()
            {
                if let Some(s) = a["stages"].as_array_mut()
                    && s.len() > 1
                {
                    s.pop();
                    return;
                }
            }
        }),
        ("a received stage", |j| {
            for a in j["games"][0]["actions"]
                .as_array_mut()
                .into_iter()
                .flatten()
            {
                if let Some(s) = a["received"].as_array_mut()
                    && !s.is_empty()
                {
                    s.pop();
                    return;
                }
            }
        }),
        ("a result", |j| {
            for a in j["games"][0]["actions"]
                .as_array_mut()
                .into_iter()
                .flatten()
            {
                if a["type"] == "wins" {
                    a["points"] = 7.into();
                    return;
                }
            }
        }),
        ("`and the match`", |j| {
            for a in j["games"][0]["actions"]
                .as_array_mut()
                .into_iter()
                .flatten()
            {
                if a["type"] == "wins" {
                    a["and_match"] = false.into();
                    return;
                }
            }
        }),
        ("a whole cell", |j| {
            j["games"][0]["actions"].as_array_mut().map(|a| a.remove(4));
        }),
    ];
    for (what, edit) in edits {
        let mut j = json.clone();
        edit(&mut j);
        assert_ne!(j, json, "{what}: the edit changed nothing");
        assert!(
            !lost(&text, &v, &j).is_empty(),
            "dropping {what} from the JSON went unnoticed"
        );
    }
    // A wrong turn number without a diagnostic is noticed too (here the diagnostic exists).
    let renumbered = text.replacen("  5) ", "  7) ", 1);
    let (t2, v2) = decode_and_check(renumbered.as_bytes());
    let j2 = match_json(&v2, true, &t2);
    assert!(
        v2.findings.iter().any(|f| f.code == Code::TurnNumber),
        "no turn-number diagnostic"
    );
    assert_eq!(lost(&t2, &v2, &j2), Vec::<String>::new());
    let mut quiet = v2;
    quiet.findings.retain(|f| f.code != Code::TurnNumber);
    assert!(!lost(&t2, &quiet, &j2).is_empty());
}

/// Audit any files: `TAVLA_AUDIT=a.mat:b.mat cargo test --test records nothing_lost::audit_files_named`
/// (does nothing without the variable).
#[test]
fn audit_files_named_in_tavla_audit() {
    let Some(list) = std::env::var_os("TAVLA_AUDIT") else {
        return;
    };
    let paths: Vec<PathBuf> = std::env::split_paths(&list).collect();
    let (problems, a) = audit(&paths);
    eprintln!(
        "{} files: {} units carried, {} reported",
        paths.len(),
        a.carried,
        a.reported
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
