//! eXtreme Gammon's binary records: `.xg` (a match or session) and `.xgp` (a position).
//!
//! [`read`] turns a file into the typed [`Record`](crate::record::Record): the match with
//! every entry located at the bytes of `temp.xg` it comes from (offsets inside the
//! decompressed member, [`Binary::member`]: a move's dice and each from/to pair at their own
//! fields of its record), each move's and cube decision's comment of `temp.xgc` on its entry
//! (a decision not to double: on the roll that follows it, before the move's own),
//! XG's analysis of the moves and of the cube decisions (a no-double decision on the roll that
//! follows it, a double's on the double and on its take or pass), the boards stored after the
//! plays, and every problem of the container or of the records as a located
//! [`ReadProblem`]. [`read_position`] reads the position of an `.xgp` (or the last position
//! of an `.xg`) as an XGID that `tavla check` and `tavla legal` take.
//!
//! [`archive`] reads the container (the `RGMH` header, the thumbnail, the ZLB archive with
//! its CRCs), [`records`] the 2,560-byte records of `temp.xg`. Every size and CRC is checked,
//! no size field is trusted for an allocation, and no input makes the reader panic.
//!
//! What the real files show beyond the public description of the format (and what this
//! reader relies on):
//! - a negative destination is off (−1 in most files, "from minus die" in others);
//! - one from/to pair may span several dice (`24/13` for 6-5), written as one hop;
//! - a roll followed by a resignation is a Move record whose moves and final position are
//!   all zero (a roll not played, `dd: ????` in XG's own `.mat` export); a resignation before
//!   the roll is a Cube record with `Double = −1` (nothing is recorded: the result follows);
//! - XG ends a completed bear-off with such a Cube record and `Termination` 104 or 101;
//! - the first game's start position may be all zeros.

pub mod archive;
mod build;
mod comments;
mod position;
pub mod records;
mod walk;

use crate::notation::Span;
use crate::record::{Binary, ReadProblem, StoredBoard};

use records::RECORD;

pub use archive::MAGIC;
pub use position::read_position;

/// The member of the archive that holds the records.
pub const RECORDS_MEMBER: &str = "temp.xg";

/// The member that holds the comments (RTF, one document per line).
pub const COMMENTS_MEMBER: &str = "temp.xgc";

/// Whether `bytes` start like an eXtreme Gammon file (`RGMH`).
pub fn is_xg(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// The span of the record at `offset`.
fn whole(offset: usize) -> Span {
    Span::new(offset, RECORD)
}

/// Read an `.xg` file: the match as a [`Record`](crate::record::Record) located in the
/// records of `temp.xg`, with every problem of the file located.
///
/// A file whose container cannot be read (wrong magic, cut short, a CRC that does not match,
/// a registry that overruns its data) gives no match and the problem, located in the file
/// ([`ReadProblem::in_file`]); problems of the records are located in `temp.xg`. Never
/// panics; memory is bounded by [`archive::MAX_MEMBER`] whatever the size fields say.
pub fn read(bytes: &[u8]) -> crate::record::Record {
    read_with(bytes, true)
}

/// [`read`], with XG's analysis of each move (its candidates and luck) or without it (for a
/// check, which does not use it).
pub fn read_with(bytes: &[u8], analysis: bool) -> crate::record::Record {
    let mut r = crate::record::Record {
        binary: Some(Binary::default()),
        ..Default::default()
    };
    let mut warnings = Vec::new();
    let members = match archive::members(bytes, &[RECORDS_MEMBER, COMMENTS_MEMBER], &mut warnings) {
        Ok(m) => m,
        Err(p) => {
            r.problems.push(p);
            r.problems.extend(warnings);
            return r;
        }
    };
    let mut data: &[u8] = &[];
    let mut notes: Vec<String> = Vec::new();
    for m in &members {
        if m.name == RECORDS_MEMBER {
            data = &m.data;
            r.binary = Some(Binary {
                member: Some(RECORDS_MEMBER.into()),
                stored_at: Some((m.file_offset, m.stored_len)),
            });
        } else if m.name == COMMENTS_MEMBER {
            notes = comments::comments(&m.data);
        }
    }
    for w in warnings {
        // A damaged comments member: the file offset goes into the message, the problem
        // onto the start of the match.
        r.problems.push(ReadProblem {
            message: format!(
                "{} (byte {} of the file); the comments are not read",
                w.message, w.span.offset
            ),
            span: Span::new(0, 0),
            in_file: false,
            note: false,
            ..w
        });
    }
    let mut problems = Vec::new();
    let m = walk::walk(data, &mut problems, analysis);
    r.matches.push(build::build(&m, &notes));
    r.boards = m
        .boards
        .iter()
        .map(|&(at, counts)| StoredBoard {
            at: whole(at),
            counts,
        })
        .collect();
    r.problems.extend(problems);
    r
}
