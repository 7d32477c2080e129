//! Repairs written into a record's text: each replaces its span, a second column on the line
//! staying where it was, and a repaired `Wins` value keeping its unit in agreement.

use super::Repair;
use crate::codes::Code;
use crate::replay::Finding;

/// `text` with `repairs` applied (each replaces its span; one overlapping an earlier one is
/// left out). Every byte outside the repaired spans stays as it was, but for the spaces before
/// a second column on the same line, which take up the change in length so that the column
/// stays where it was.
///
/// ```
/// use tavla::notation::Span;
/// use tavla::replay::{Repair, apply_repairs};
/// let r = Repair { span: Span::new(4, 2), text: "53:".into() };
/// assert_eq!(apply_repairs(" 1) 53 8/3 6/3\r\n", &[r]), " 1) 53: 8/3 6/3\r\n");
/// let r = Repair { span: Span::new(9, 11), text: "24/18 13/9".into() };
/// assert_eq!(
///     apply_repairs("  1) 64: 24/18 13/10    31: 8/5 6/5\n", &[r]),
///     "  1) 64: 24/18 13/9     31: 8/5 6/5\n"
/// );
/// ```
pub fn apply_repairs(text: &str, repairs: &[Repair]) -> String {
    let mut sorted: Vec<&Repair> = repairs.iter().collect();
    sorted.sort_by_key(|r| r.span.offset);
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    let mut column: Option<Option<usize>> = None;
    for r in sorted {
        if r.span.offset < at || r.span.end() > text.len() {
            continue;
        }
        out.push_str(&text[at..r.span.offset]);
        out.push_str(&r.text);
        at = r.span.end();
        // A column that follows on the same line after two or more spaces stays where it was:
        // the run of spaces takes up the difference in length (keeping at least one).
        let gap = text[at..].bytes().take_while(|&b| b == b' ').count();
        let more = text[at + gap..]
            .bytes()
            .next()
            .is_some_and(|b| b != b'\n' && b != b'\r');
        if gap >= 2 && more && r.text.len() != r.span.len {
            let line_start = out.rfind('\n').map_or(0, |i| i + 1);
            let col = out[line_start..].chars().count();
            let want = match *column.get_or_insert_with(|| second_column(text)) {
                // The file's own second column, where the line can reach it.
                Some(c) if c > col => c - col,
                // A cell that runs past it keeps the gap written after it.
                Some(_) => gap,
                // With no column common to the file, the column stays where it stood.
                None => (gap + r.span.len).saturating_sub(r.text.len()).max(1),
            };
            out.extend(std::iter::repeat_n(' ', want));
            at += gap;
        }
    }
    out.push_str(&text[at..]);
    out
}

/// The column (in characters) where most lines of `text` start their second column: the text
/// after the last run of two or more spaces of a line that has text before it.
fn second_column(text: &str) -> Option<usize> {
    let mut counts: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    for line in text.lines() {
        let b = line.trim_end().as_bytes();
        let Some(first) = b.iter().position(|&c| c != b' ') else {
            continue;
        };
        let mut i = b.len();
        while i > first + 1 {
            if b[i - 1] == b' ' && b[i - 2] == b' ' {
                break;
            }
            i -= 1;
        }
        if i > first + 1 && i < b.len() {
            *counts.entry(line[..i].chars().count()).or_default() += 1;
        }
    }
    let (col, n) = counts
        .into_iter()
        .max_by_key(|&(c, n)| (n, std::cmp::Reverse(c)))?;
    (n >= 2).then_some(col)
}

/// A repaired `Wins` value keeps its unit in agreement: `Wins 3 points` repaired to 1 reads
/// `Wins 1 point`.
pub(in crate::replay) fn fit_units(text: &str, findings: &mut [Finding]) {
    for f in findings {
        let Some(r) = f.repair.as_deref_mut() else {
            continue;
        };
        if !matches!(f.code, Code::WinsMismatch | Code::Draw) {
            continue;
        }
        let rest = text.get(r.span.end()..).unwrap_or("");
        let word = if rest.starts_with(" points") {
            " points"
        } else if rest.starts_with(" point") {
            " point"
        } else {
            continue;
        };
        let one = r.text == "1";
        r.span.len += word.len();
        r.text.push_str(if one { " point" } else { " points" });
    }
}
