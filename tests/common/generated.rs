//! Helpers shared by the tests over matches played by tavla's engine: findings in a readable
//! form, JSON without line numbers (for round trips), and single-step mutants of a record.

use serde_json::Value;
use tavla::replay::{Overrides, Severity, Verdict, check};
use tavla::report::LineIndex;

/// Every finding as `line:col: Severity[code] message`, one per line.
pub fn describe(v: &Verdict, text: &str) -> String {
    let idx = LineIndex::new(text);
    v.findings
        .iter()
        .map(|f| {
            let (l, c) = idx.locate(text, f.span.offset);
            format!("{l}:{c}: {:?}[{}] {}", f.severity, f.code, f.message)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Remove every `line` member, so two documents of the same match written with different
/// layouts compare equal.
pub fn strip_lines(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.remove("line");
            m.values_mut().for_each(strip_lines);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_lines),
        _ => {}
    }
}

/// For every turn line `  n) dd: a/b …` of `text`: the record with the first step's
/// destination changed (one point lower, or two higher from 1), and the changed line's index.
pub fn first_destination_mutants(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = Vec::new();
    for (li, line) in lines.iter().enumerate() {
        if !line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let Some(colon) = line.find(": ") else {
            continue;
        };
        let Some(slash) = line[colon + 2..].find('/') else {
            continue;
        };
        let dest_start = colon + 2 + slash + 1;
        let dest_len = line[dest_start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(line.len() - dest_start);
        let Ok(dest) = line[dest_start..dest_start + dest_len].parse::<u8>() else {
            continue;
        };
        let new = if dest > 1 { dest - 1 } else { dest + 2 };
        let mutated = format!(
            "{}{}{}",
            &line[..dest_start],
            new,
            &line[dest_start + dest_len..]
        );
        let mut m = lines.clone();
        m[li] = &mutated;
        out.push((li, m.join("\n")));
    }
    out
}

/// The 1-based line of the first error tavla reports on `text`, if any.
pub fn first_error_line(text: &str) -> Option<usize> {
    let v = check(tavla::notation::read(text), &Overrides::default());
    let idx = LineIndex::new(text);
    v.findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| idx.locate(text, f.span.offset).0)
        .min()
}
