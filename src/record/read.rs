//! A record as a reader gives it: the matches of one file, what the reader found wrong, and
//! how its locations read.

use super::Match;
use crate::codes::Code;
use crate::notation::Span;
use std::sync::Arc;

/// One file's record: its matches in file order (a `.mat` file may hold several), the
/// problems met while reading it, and what a finding's location means in it.
///
/// Every location in it (the spans of its matches, problems and boards) is in the reader's
/// own terms: a byte span of the file's text for a text format, and for a binary one a byte
/// range of the data its records are stored in ([`Record::binary`]).
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The matches, in file order.
    pub matches: Vec<Match>,
    /// What the reader found wrong or set aside (a bad byte, a value that is no move, a CRC
    /// that does not match), located.
    pub problems: Vec<ReadProblem>,
    /// The boards the file stores after each play (XG's `PositionEnd`): what a play made at
    /// the board left, when it was illegal.
    pub boards: Vec<StoredBoard>,
    /// The text the spans index, when the plays in it are written in the play notation
    /// (`24/18 13/9`): a repair is then offered in the writer's own form (changing one written
    /// number), and the rest of the file is kept as it is.
    pub text: Option<Arc<str>>,
    /// For a record read from a binary file: where its locations lie.
    pub binary: Option<Binary>,
}

/// Where the locations of a record read from a binary file lie.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Binary {
    /// The member of a container the offsets are in (`temp.xg`), else `None` (the file).
    pub member: Option<String>,
    /// Where that member's (compressed) data lies in the file: offset and length.
    pub stored_at: Option<(u64, u64)>,
}

/// Where a finding on a record read from a binary file stands there.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A byte range of the file itself.
    Binary {
        /// Byte offset in the file.
        offset: u64,
        /// Length in bytes.
        len: u64,
    },
    /// A byte range of the (decompressed) member of a container that holds the records
    /// ([`Binary::member`]: `temp.xg`).
    Member {
        /// Byte offset in the member.
        offset: u64,
        /// Length in bytes.
        len: u64,
    },
}

/// A problem the reader found in the file, located in the reader's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadProblem {
    /// Its code.
    pub code: Code,
    /// True for an error, false for a warning or note.
    pub error: bool,
    /// For a problem that is no error: a note (what the reader set aside on purpose, as a
    /// variation not followed), not a warning.
    pub note: bool,
    /// Where: a span of the text, or a byte range of a binary record's data; for a problem
    /// of a container, before its members could be read, see [`ReadProblem::in_file`].
    pub span: Span,
    /// For a binary file whose container could not be read: the problem's byte range is the
    /// file's own, not a member's.
    pub in_file: bool,
    /// One sentence.
    pub message: String,
    /// How to fix it, if known.
    pub help: Option<String>,
}

impl ReadProblem {
    /// An error (`error`) or a warning of `code` at `span` in the record's own terms (not a
    /// note, not in the file around a container's member), with its message and how to fix it.
    pub(crate) fn new(
        code: Code,
        error: bool,
        span: Span,
        message: String,
        help: &str,
    ) -> ReadProblem {
        ReadProblem {
            code,
            error,
            note: false,
            span,
            in_file: false,
            message,
            help: Some(help.into()),
        }
    }
}

/// A board a record stores after a play: each side's checkers on its own points 1–24 and on
/// the bar (25), by side (White first); off is what the variant's count leaves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StoredBoard {
    /// The span of the play's entry.
    pub at: Span,
    /// Checkers of White and of Black on each location in their own numbering (index 0
    /// unused).
    pub counts: [[u8; 26]; 2],
}

impl Record {
    /// A record of one match.
    pub fn of(m: Match) -> Record {
        Record {
            matches: vec![m],
            ..Record::default()
        }
    }
}
