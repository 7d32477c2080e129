//! Byte offsets of a document's text and the LSP positions of a client (0-based line,
//! column in UTF-16 code units, as the protocol requires), both ways; the changes a client
//! sends applied to the text.

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

use crate::notation::Span;
use crate::report::LineIndex;

/// The line starts of a text (LF, CRLF and a lone CR end a line, as for the report's
/// `LineIndex` and the protocol).
#[derive(Clone, Debug, Default)]
pub struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    /// Index the line starts of `text`.
    pub fn new(text: &str) -> Self {
        Lines {
            starts: LineIndex::new(text).into_starts(),
        }
    }

    /// The 0-based line holding byte `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(l) => l,
            Err(l) => l.saturating_sub(1),
        }
    }

    /// The byte range of 0-based line `line`, without its line end; `None` past the end.
    pub fn line_range(&self, text: &str, line: usize) -> Option<(usize, usize)> {
        let start = *self.starts.get(line)?;
        let mut end = self.starts.get(line + 1).copied().unwrap_or(text.len());
        let b = text.as_bytes();
        while end > start && matches!(b.get(end - 1), Some(b'\n' | b'\r')) {
            end -= 1;
        }
        Some((start, end))
    }

    /// The position of byte `offset` (clamped to the text and to a character boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.starts[line].min(offset);
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(line as u32, character as u32)
    }

    /// The range of a span of the text.
    pub fn range(&self, text: &str, span: Span) -> Range {
        Range::new(
            self.position(text, span.offset),
            self.position(text, span.offset.saturating_add(span.len)),
        )
    }

    /// The byte offset of a position: a column past the end of its line is the line's end, a
    /// line past the text the text's end, a column inside a surrogate pair the character's
    /// start.
    pub fn offset(&self, text: &str, pos: Position) -> usize {
        let Some((start, end)) = self.line_range(text, pos.line as usize) else {
            return text.len();
        };
        let mut units = 0usize;
        for (i, c) in text[start..end].char_indices() {
            let next = units + c.len_utf16();
            if next > pos.character as usize {
                return start + i;
            }
            units = next;
        }
        end
    }
}

/// Apply one change of `textDocument/didChange` (a range replaced, or the whole text).
pub fn apply_change(text: &mut String, change: TextDocumentContentChangeEvent) {
    match change.range {
        None => *text = change.text,
        Some(r) => {
            let lines = Lines::new(text);
            let a = lines.offset(text, r.start);
            let b = lines.offset(text, r.end).max(a);
            text.replace_range(a..b, &change.text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_columns_both_ways() {
        let text = "ä😀x\r\nab\rc";
        let l = Lines::new(text);
        // `x` follows one BMP character and one surrogate pair: column 3.
        let x = text.find('x').unwrap();
        assert_eq!(l.position(text, x), Position::new(0, 3));
        assert_eq!(l.offset(text, Position::new(0, 3)), x);
        // Inside the pair: the character's start.
        assert_eq!(
            l.offset(text, Position::new(0, 2)),
            text.find('😀').unwrap()
        );
        assert_eq!(
            l.position(text, text.find('b').unwrap()),
            Position::new(1, 1)
        );
        assert_eq!(
            l.position(text, text.find('c').unwrap()),
            Position::new(2, 0)
        );
        // Past a line's end: its end; past the text: the text's end.
        assert_eq!(
            l.offset(text, Position::new(1, 99)),
            text.find('\r').unwrap() + 4
        );
        assert_eq!(l.offset(text, Position::new(9, 0)), text.len());
        // Inside a multi-byte character never panics.
        let _ = l.position(text, 1);
    }

    #[test]
    fn incremental_changes() {
        let mut t = String::from("ab\ncd");
        apply_change(
            &mut t,
            TextDocumentContentChangeEvent {
                range: Some(Range::new(Position::new(1, 0), Position::new(1, 1))),
                range_length: None,
                text: "X".into(),
            },
        );
        assert_eq!(t, "ab\nXd");
    }
}
