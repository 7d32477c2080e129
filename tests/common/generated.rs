//! Helpers shared by the tests over matches played by tavla's engine: single-step mutants of
//! a record, and where their first error is reported.

use tavla::replay::{Overrides, Severity, check};
use tavla::report::LineIndex;

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

/// Counts the single-step mutants of records ([`first_destination_mutants`]) and those whose
/// first error is at the changed line; no first error may come before it.
#[derive(Default)]
pub struct AtTheirLine {
    tried: usize,
    at_line: usize,
}

impl AtTheirLine {
    /// Check every mutant of `text` (`what` names the record in a failure).
    pub fn add(&mut self, text: &str, what: &str) {
        for (li, m) in first_destination_mutants(text) {
            self.tried += 1;
            if let Some(l) = first_error_line(&m) {
                assert!(
                    l > li,
                    "{what}: error at {l} before the change at {}",
                    li + 1
                );
                if l == li + 1 {
                    self.at_line += 1;
                }
            }
        }
    }

    /// More than `tried` mutants, and at least 80 % of them reported at their line.
    pub fn assert_most(&self, tried: usize) {
        assert!(self.tried > tried, "{}", self.tried);
        assert!(
            self.at_line * 10 >= self.tried * 8,
            "{} of {} reported at their line",
            self.at_line,
            self.tried
        );
    }
}
