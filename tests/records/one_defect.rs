//! One defect, one finding: every valid fixture and a set of generated records (backgammon
//! with the cube, Gul bara under each preset with chains and remainders) mutated in every
//! kind of defect — a step's destination, a bar entry, a bear-off, a roll's dice, a dance, a
//! cube value, a `Wins` value, a score, the winner's column, a roll's colon, a chain stage, a
//! received remainder — each mutant holding exactly one defect. Each mutant gets exactly one
//! new error, at the mutated line, and no other new finding except ones that say they rest on
//! a repair (or, on the mutated line, the note of how much was not checked).
//!
//! Two other readings are counted and reported, and together stay under 1 %: *paired*, a
//! score line after a resigned game and that game's `Wins` cell explain each other (a
//! resignation may be worth 1, 2 or 3 cubes, by either player), so the one error may stand
//! on the other of the two lines; *later*, the mutated play is still legal and the one error
//! comes where the game then goes wrong. (A dance whose roll is changed to one with a single
//! legal play is not among them: the empty cell would read as the omitted forced play, but
//! the rest of the game replays only with no checker moved, so the roll is the one error.)

use crate::common::{files, key, line_of, new_findings};
use std::collections::BTreeMap;

use tavla::generate::{Settings, random_match};
use tavla::replay::{Finding, Overrides, Severity, check_findings};
use tavla::rules::{RuleSet, Variant};

/// The records: (name, text), each valid.
fn records() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in [
        "fixtures/backgammon/gnubg",
        "fixtures/gulbara/valid",
        "fixtures/gulbara/examples",
        "fixtures/demo",
    ] {
        for p in files(dir, "mat") {
            out.push((
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            ));
        }
    }
    for (k, preset) in ["bulgarian", "english", "simple"].iter().enumerate() {
        for seed in 0..4u64 {
            let rules = RuleSet::default_for(Variant::GulBara)
                .with_preset(preset)
                .unwrap();
            let mut st = Settings::new(rules, 5);
            st.doublet_bias = 0.3;
            st.resign_rate = 0.01;
            let name = format!("generated gul-bara {preset} seed {seed}");
            out.push((name, random_match(&st, 100 * k as u64 + seed)));
        }
    }
    for seed in 0..6u64 {
        let mut st = Settings::new(RuleSet::default_for(Variant::Backgammon), 7);
        st.double_rate = 0.2;
        st.resign_rate = 0.01;
        let name = format!("generated backgammon seed {seed}");
        out.push((name, random_match(&st, 1000 + seed)));
    }
    let o = Overrides::default();
    out.retain(|(_, t)| check_findings(tavla::notation::read(t), &o).errors() == 0);
    out
}

/// A mutant: the byte range replaced and the replacement.
type Edit = (usize, usize, String);

/// Every token of `text` with its byte offset.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    line.split(' ')
        .scan(0usize, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
}

fn turn_line(line: &str) -> bool {
    line.trim_start()
        .split_once(')')
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// Single-defect mutants of `text` by kind.
fn mutants(text: &str) -> BTreeMap<&'static str, Vec<Edit>> {
    let mut m: BTreeMap<&'static str, Vec<Edit>> = BTreeMap::new();
    let mut add = |kind: &'static str, at: usize, len: usize, with: String| {
        m.entry(kind).or_default().push((at, len, with));
    };
    let mut start = 0usize;
    let mut last_score: Option<usize> = None;
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        if turn_line(body) {
            for (o, w) in tokens(body) {
                let at = start + o;
                let dice = w.len() == 3 && w.ends_with(':') && w.as_bytes()[0].is_ascii_digit();
                if dice {
                    let a = w.as_bytes()[0] - b'0';
                    let b = w.as_bytes()[1] - b'0';
                    // Another roll: the same high die, the other changed.
                    let nb = if b == 1 { 2 } else { b - 1 };
                    if nb != a {
                        add("dice", at, 3, format!("{a}{nb}:"));
                    }
                    add("syntax", at, 3, format!("{a}{b}"));
                }
                if w.starts_with('+') && w.ends_with(':') && w.len() == 4 {
                    let v = w.as_bytes()[1] - b'0';
                    let n = if v == 6 { 5 } else { v + 1 };
                    add("chain", at, 4, format!("+{n}{n}:"));
                }
                if w.starts_with('(') && w.ends_with("):") && w.len() == 5 {
                    let v = w.as_bytes()[1] - b'0';
                    let n = if v == 6 { 5 } else { v + 1 };
                    add("remainder", at, 5, format!("({n}{n}):"));
                }
                if w == "=>" {
                    continue;
                }
                if let Some((from, to)) = w.split_once('/') {
                    let to_n: String = to.chars().take_while(|c| c.is_ascii_digit()).collect();
                    let to_at = at + from.len() + 1;
                    if from == "bar" || from == "25" {
                        add("bar", at, from.len(), "24".into());
                    } else if to_n == "0" || to.starts_with("off") {
                        let len = if to_n == "0" { 1 } else { 3 };
                        let f: u32 = from.parse().unwrap_or(1);
                        add(
                            "bear-off",
                            to_at,
                            len,
                            (f.saturating_sub(1).max(1)).to_string(),
                        );
                    } else if let Ok(v) = to_n.parse::<u32>() {
                        let nv = if v >= 23 { v - 1 } else { v + 1 };
                        add("move", to_at, to_n.len(), nv.to_string());
                    }
                }
            }
            // A dance: the steps of the first roll of the line removed.
            let toks: Vec<(usize, &str)> = tokens(body).collect();
            if let Some(k) = toks.iter().position(|(_, w)| {
                w.len() == 3 && w.ends_with(':') && w.as_bytes()[0].is_ascii_digit()
            }) {
                let steps: Vec<&(usize, &str)> = toks[k + 1..]
                    .iter()
                    .take_while(|(_, w)| w.contains('/'))
                    .collect();
                if let (Some(a), Some(b)) = (steps.first(), steps.last()) {
                    add("dance", start + a.0, b.0 + b.1.len() - a.0, String::new());
                }
            }
            for (o, w) in tokens(body) {
                if w == "Doubles" || w == "Beavers" {
                    let rest = &body[o..];
                    if let Some(p) = rest.find("=> ") {
                        let v: String = rest[p + 3..]
                            .chars()
                            .take_while(|c| c.is_ascii_digit())
                            .collect();
                        if let Ok(n) = v.parse::<u64>() {
                            add("cube", start + o + p + 3, v.len(), (n + 1).to_string());
                        }
                    }
                }
            }
        }
        if let Some(p) = body.find("Wins ") {
            let v: String = body[p + 5..]
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if let Ok(n) = v.parse::<u64>() {
                add("wins", start + p + 5, v.len(), (n + 1).to_string());
            }
            // The result moved to the other column.
            let lead = body.len() - body.trim_start().len();
            if body.trim_start().starts_with("Wins") && !body.contains(')') {
                let moved = if lead >= 20 { 6 } else { 34 };
                add("winner", start, lead, " ".repeat(moved));
            }
        }
        if body.starts_with(' ')
            && body.contains(" : ")
            && !turn_line(body)
            && !body.contains("Game")
        {
            last_score = Some(start);
            if let Some(p) = body.find(" : ") {
                let v: String = body[p + 3..]
                    .chars()
                    .take_while(|c| c.is_ascii_digit())
                    .collect();
                if let Ok(n) = v.parse::<u64>() {
                    add("score", start + p + 3, v.len(), (n + 1).to_string());
                }
            }
        }
        start += line.len();
    }
    let _ = last_score;
    m
}

#[test]
fn every_single_defect_is_one_new_error_at_its_line() {
    let o = Overrides::default();
    let recs = records();
    assert!(recs.len() > 250, "{} records", recs.len());
    let mut tried: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failed: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut k = 0usize;
    for (name, text) in &recs {
        let before: Vec<_> = check_findings(tavla::notation::read(text), &o)
            .findings
            .iter()
            .map(|f| key(text, f))
            .collect();
        for (kind, edits) in mutants(text) {
            // A few mutants of each kind per record, spread over it.
            let stride = (edits.len() / 3).max(1);
            for (at, len, with) in edits.into_iter().skip(k % stride).step_by(stride) {
                k += 1;
                let mutant = format!("{}{with}{}", &text[..at], &text[at + len..]);
                let line = line_of(text, at);
                let v = check_findings(tavla::notation::read(&mutant), &o);
                let new = new_findings(&v, &mutant, &before);
                let errors: Vec<&&Finding> = new
                    .iter()
                    .filter(|f| f.severity == Severity::Error && f.rests_on.is_none())
                    .collect();
                if errors.is_empty() {
                    continue; // the change was still legal: not a defect
                }
                *tried.entry(kind).or_default() += 1;
                let at_line = |f: &Finding| line_of(&mutant, f.span.offset) == line;
                let rest_ok = |f: &&Finding| {
                    f.rests_on.is_some()
                        || std::ptr::eq(*f, *errors[0])
                        || (at_line(f) && f.severity == Severity::Advice)
                };
                let one = errors.len() == 1;
                let ok = one && at_line(errors[0]) && new.iter().all(rest_ok);
                // The other readings, each counted and reported (see the module text).
                let code = errors[0].code;
                let paired = one
                    && new.iter().all(rest_ok)
                    && match kind {
                        "score" => {
                            matches!(code, tavla::Code::WinsMismatch | tavla::Code::WrongWinner)
                        }
                        "wins" | "winner" => code == tavla::Code::ScoreMismatch,
                        _ => false,
                    };
                let later = one
                    && !new.iter().any(|f| at_line(f))
                    && new
                        .iter()
                        .all(|f| f.rests_on.is_some() || std::ptr::eq(*f, *errors[0]));
                let other = if ok {
                    None
                } else if paired {
                    Some("paired")
                } else if later {
                    Some("later")
                } else {
                    Some("failed")
                };
                if let Some(why) = other {
                    let e = failed.entry(kind).or_default();
                    e.push(format!(
                        "{why} {name}:{line} {:?} -> {with:?}: {:?}",
                        &text[at..at + len],
                        new.iter()
                            .map(|f| (
                                f.code.as_str(),
                                line_of(&mutant, f.span.offset),
                                f.rests_on.is_some()
                            ))
                            .collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    let mut report = String::new();
    let mut total = 0usize;
    let mut others = 0usize;
    for (kind, n) in &tried {
        let list = failed.get(kind).map_or(&[][..], Vec::as_slice);
        let count = |why: &str| list.iter().filter(|l| l.starts_with(why)).count();
        total += n;
        others += list.len();
        report.push_str(&format!(
            "{kind}: {n} mutants; paired {}, later {}, failed {}\n",
            count("paired "),
            count("later "),
            count("failed ")
        ));
        for f in list.iter().take(4) {
            report.push_str(&format!("    {f}\n"));
        }
    }
    eprintln!("{report}");
    for kind in [
        "move",
        "bar",
        "bear-off",
        "dice",
        "dance",
        "cube",
        "wins",
        "score",
        "winner",
        "syntax",
        "chain",
        "remainder",
    ] {
        assert!(
            tried.get(kind).is_some_and(|&n| n >= 10),
            "{kind}: {report}"
        );
    }
    assert!(
        !failed.values().flatten().any(|l| l.starts_with("failed ")),
        "{report}"
    );
    // The other readings are rare.
    assert!(others * 100 <= total, "{others} of {total}: {report}");
}
