//! The `.mat` reader: a file's text as a [`Record`], one [`Match`] per match it holds.

use super::parse_document_from;
use crate::record::{Match, Record};
use std::sync::Arc;

/// Read a `.mat` text: each match it holds (a match-length line after a game of the match
/// before starts the next, with the header lines just above it) parsed and built on its own,
/// its lines numbered as in the file and its spans relative to where it starts
/// ([`Match::offset`]); its syntax errors are the match's problems.
///
/// ```
/// let r = tavla::notation::read(" 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 18/14\n");
/// assert_eq!(r.matches.len(), 1);
/// assert_eq!(r.matches[0].games[0].actions.len(), 1);
/// ```
pub fn read(text: &str) -> Record {
    let ranges = match_ranges(text);
    let mut matches = Vec::with_capacity(ranges.len());
    let mut first_line = 1;
    let mut counted = 0;
    for r in ranges {
        first_line += memchr::memchr_iter(b'\n', &text.as_bytes()[counted..r.start]).count();
        counted = r.start;
        let mut doc = parse_document_from(&text[r.clone()], first_line);
        let mut m = Match::from_document(&mut doc);
        let mut problems = std::mem::take(&mut doc.errors);
        problems.append(&mut m.problems);
        m.problems = problems;
        m.offset = r.start;
        matches.push(m);
    }
    Record {
        matches,
        text: Some(Arc::from(text)),
        ..Record::default()
    }
}

/// The byte ranges of the matches a text holds. A match-length line (` 7 point match`) that
/// follows a `Game N` line of the match before starts the next match, together with the
/// header lines (`;`, `#`) just above it. One range for an ordinary record.
fn match_ranges(text: &str) -> Vec<std::ops::Range<usize>> {
    // The usual record names one match length: one match, found without reading its lines.
    let mut lengths = memchr::memmem::find_iter(text.as_bytes(), b"point match");
    if lengths.next().is_none() || lengths.next().is_none() {
        return std::iter::once(0..text.len()).collect();
    }
    let mut ranges = Vec::new();
    let mut start = 0usize;
    let mut seen_length = false;
    let mut seen_game = false;
    // Where the block of header lines just above the current line starts.
    let mut block: Option<usize> = None;
    let mut at = 0usize;
    for line in text.split_inclusive('\n') {
        // A record appended to another keeps its byte-order mark at its start.
        let t = line.trim().trim_start_matches('\u{feff}');
        let b = t.as_bytes();
        let is_length = b.len() > 11
            && b[b.len() - 11..].eq_ignore_ascii_case(b"point match")
            && b[0].is_ascii_digit();
        let is_game = b.len() > 5
            && b[..5].eq_ignore_ascii_case(b"game ")
            && t[5..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit());
        if is_length {
            if seen_length && seen_game {
                let from = block.unwrap_or(at);
                ranges.push(start..from);
                start = from;
                seen_game = false;
            }
            seen_length = true;
        }
        if is_game {
            seen_game = true;
        }
        // The header lines just above (blank lines between them join the block; blank lines
        // before them stay with the match before, so an appended record's byte-order mark
        // starts its text).
        if t.starts_with(';') || t.starts_with('#') {
            block.get_or_insert(at);
        } else if !t.is_empty() {
            block = None;
        }
        at += line.len();
    }
    ranges.push(start..text.len());
    ranges
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_second_match_length_after_a_game_starts_a_match() {
        let one = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 18/14\n";
        let two = format!("{one}; [Event \"x\"]\n{one}");
        let r = super::read(&two);
        assert_eq!(r.matches.len(), 2);
        assert_eq!(r.matches[1].offset, one.len());
        assert_eq!(super::read(one).matches.len(), 1);
    }
}
