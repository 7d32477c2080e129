//! A record read from a format other than the `.mat` text layout (gnubg's SGF, eXtreme
//! Gammon's `.xg`), written out in the `.mat` layout with the origin of every piece.
//!
//! The readers of further formats produce a [`Transcript`]: the same record as `.mat` text,
//! which the `.mat` reader turns into the typed [`Match`](super::Match) like any other, and a
//! map from spans of that text back to where each piece stood in the original file (a span
//! of a text file, or a byte range of a binary one). Replay and report never learn which
//! format a record came from: a finding is located on the transcript, then moved to the
//! original through [`Transcript::origin_of`].

use crate::codes::Code;
use crate::notation::Span;

/// Where a piece of a transcript came from in the original file.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A span of the original text (an SGF property value, say).
    Text(Span),
    /// A byte range of the original binary file (an `.xg` record, say), with the record's
    /// place in the match when the reader knows it.
    Binary {
        /// Byte offset in the original file (for a compressed member: the offset inside the
        /// decompressed member, see [`Transcript::member`]).
        offset: u64,
        /// Length in bytes.
        len: u64,
    },
}

/// A piece of the transcript and its origin.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The span of the transcript text.
    pub at: Span,
    /// Where it came from.
    pub origin: Origin,
}

/// A problem the reader found in the original file (a bad byte, a syntax error, a CRC that
/// does not match), located there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadProblem {
    /// Its code.
    pub code: Code,
    /// True for an error, false for a warning or note.
    pub error: bool,
    /// Where in the original.
    pub origin: Origin,
    /// One sentence.
    pub message: String,
    /// How to fix it, if known.
    pub help: Option<String>,
}

/// A record read from another format, as `.mat` text with the origin of each piece.
#[derive(Clone, Debug, Default)]
pub struct Transcript {
    /// The record in the `.mat` layout.
    pub text: String,
    /// Pieces of `text` with their origins, sorted by `at.offset`, not overlapping.
    pub pieces: Vec<Piece>,
    /// What the reader found wrong or set aside, located in the original.
    pub problems: Vec<ReadProblem>,
    /// For a container format, the name of the member the binary offsets refer to
    /// (`temp.xg`), else `None`.
    pub member: Option<String>,
    /// The boards the original stores after each play (XG's `PositionEnd`), by the binary
    /// offset of the play's record: what a play made at the board left, when it was illegal.
    pub boards: Vec<StoredBoard>,
}

/// A board a record stores after a play: each side's checkers on its own points 1–24 and on
/// the bar (25), by side (White first); off is what the variant's count leaves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StoredBoard {
    /// The span of the play's cell in the transcript.
    pub at: Span,
    /// Checkers of White and of Black on each location in their own numbering (index 0
    /// unused).
    pub counts: [[u8; 26]; 2],
}

impl Transcript {
    /// The piece holding `span` (the one that contains its start), if any.
    pub fn origin_of(&self, span: Span) -> Option<&Piece> {
        let i = self
            .pieces
            .partition_point(|p| p.at.offset <= span.offset)
            .checked_sub(1)?;
        let p = &self.pieces[i];
        (span.offset < p.at.end() || (span.len == 0 && span.offset == p.at.end())).then_some(p)
    }

    /// Append `s` to the text as a piece from `origin`, returning its span.
    pub fn push(&mut self, s: &str, origin: Origin) -> Span {
        let from = self.text.len();
        self.text.push_str(s);
        self.mark(from, origin);
        Span::new(from, s.len())
    }

    /// Append `s` to the text with no origin of its own (layout: spaces, line ends, the
    /// turn numbers the `.mat` layout needs).
    pub fn push_layout(&mut self, s: &str) {
        self.text.push_str(s);
    }

    /// Make the text written since byte `from` a piece from `origin` (for a reader that
    /// writes into [`text`](Self::text) directly).
    pub(crate) fn mark(&mut self, from: usize, origin: Origin) {
        let len = self.text.len().saturating_sub(from);
        if len > 0 {
            self.pieces.push(Piece {
                at: Span::new(from, len),
                origin,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_of_finds_the_piece_holding_a_span() {
        let mut t = Transcript::default();
        t.push_layout("  1) ");
        let a = t.push("31: 8/5 6/5", Origin::Text(Span::new(100, 6)));
        t.push_layout("    ");
        let b = t.push(
            "64: 24/18 13/9",
            Origin::Binary {
                offset: 5120,
                len: 2560,
            },
        );
        assert_eq!(
            t.origin_of(a).unwrap().origin,
            Origin::Text(Span::new(100, 6))
        );
        assert_eq!(
            t.origin_of(Span::new(b.offset + 4, 5)).unwrap().origin,
            Origin::Binary {
                offset: 5120,
                len: 2560
            }
        );
        assert_eq!(t.origin_of(Span::new(1, 1)), None);
        assert_eq!(t.origin_of(Span::new(a.end() + 1, 1)), None);
    }
}
