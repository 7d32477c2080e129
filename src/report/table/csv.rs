//! A row of the table as a CSV record: written at a cursor into room reserved for the whole
//! row, so that each byte is a store at an index rather than a check of the buffer's capacity.

use super::{Field, PlayText, RowRef};
use crate::ids;

/// The most bytes of a row before its analysis fields beyond its texts (the path, the side,
/// the player, the play, the position, the XGID and the code, counted apart): eleven integers
/// of at most 20 digits and their separators (231), the quotes of seven texts (14), `false,`
/// and the empty analysis fields with the line feed (12).
const FIXED: usize = 288;

/// Bytes written at `at` into room reserved beforehand.
struct Cursor<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl Cursor<'_> {
    #[inline(always)]
    fn byte(&mut self, b: u8) {
        self.buf[self.at] = b;
        self.at += 1;
    }

    #[inline(always)]
    fn bytes(&mut self, s: &[u8]) {
        self.buf[self.at..self.at + s.len()].copy_from_slice(s);
        self.at += s.len();
    }

    /// `n` in decimal, then the separator.
    #[inline(always)]
    fn uint(&mut self, n: u64) {
        match n {
            0..=9 => self.byte(b'0' + n as u8),
            10..=99 => {
                self.buf[self.at] = b'0' + (n / 10) as u8;
                self.buf[self.at + 1] = b'0' + (n % 10) as u8;
                self.at += 2;
            }
            100..=999 => {
                self.buf[self.at] = b'0' + (n / 100) as u8;
                self.buf[self.at + 1] = b'0' + (n / 10 % 10) as u8;
                self.buf[self.at + 2] = b'0' + (n % 10) as u8;
                self.at += 3;
            }
            _ => self.bytes(itoa::Buffer::new().format(n).as_bytes()),
        }
        self.byte(b',');
    }

    /// An integer field: empty when missing.
    #[inline(always)]
    fn int(&mut self, v: Option<u64>) {
        match v {
            Some(v) => self.uint(v),
            None => self.byte(b','),
        }
    }

    /// A quoted field, its quotes doubled.
    #[inline(always)]
    fn text(&mut self, s: &[u8]) {
        self.byte(b'"');
        // A byte loop without a branch per byte (the fields are short, shorter than a call
        // to `memchr` pays for).
        if s.iter().fold(false, |any, &b| any | (b == b'"')) {
            for &b in s {
                if b == b'"' {
                    self.byte(b'"');
                }
                self.byte(b);
            }
        } else {
            self.bytes(s);
        }
        self.bytes(b"\",");
    }

    /// A quoted field known to hold no quote (a code, a position, an XGID); empty when
    /// missing.
    #[inline(always)]
    fn plain(&mut self, s: Option<&[u8]>) {
        if let Some(s) = s {
            self.byte(b'"');
            self.bytes(s);
            self.byte(b'"');
        }
        self.byte(b',');
    }
}

/// CSV rows appended to a buffer: `out[..at]` the rows written, `out[at..]` room for the
/// next, grown a block at a time (its bytes zeroed once, not once per row). Dropping it cuts
/// the buffer to the rows.
pub(super) struct CsvRows<'a> {
    out: &'a mut Vec<u8>,
    at: usize,
    /// The path field as written (quoted), the same for every row of a file.
    path: Vec<u8>,
    /// The match and game of the rows being written, and the fields their rows share:
    /// `"path",match,game,`, and for each side its side and player fields.
    game: Option<(usize, u64)>,
    head: Vec<u8>,
    sides: [Option<Vec<u8>>; 2],
}

/// The room added when a row does not fit: many rows' worth.
const BLOCK: usize = 1 << 14;

impl<'a> CsvRows<'a> {
    /// Rows of the record named `path`, appended to `out`.
    pub(super) fn new(out: &'a mut Vec<u8>, path: &str) -> Self {
        let at = out.len();
        CsvRows {
            out,
            at,
            path: quoted(path).into_bytes(),
            game: None,
            head: Vec::new(),
            sides: [None, None],
        }
    }

    /// The fields of `r` its game's rows share, written again when the game changes; the
    /// index of its side's fields (none for a side not named `white` or `black`).
    #[inline(always)]
    fn shared(&mut self, r: &RowRef<'_>) -> Option<usize> {
        if self.game != Some((r.match_number, r.game)) {
            self.game = Some((r.match_number, r.game));
            self.head.clear();
            self.head.extend_from_slice(&self.path);
            self.head.push(b',');
            for n in [r.match_number as u64, r.game] {
                self.head
                    .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
                self.head.push(b',');
            }
            self.sides = [None, None];
        }
        let k = match r.side {
            "white" => 0,
            "black" => 1,
            _ => return None,
        };
        self.sides[k].get_or_insert_with(|| {
            // `"black",` and the player quoted, its quotes doubled.
            let mut b = vec![0; 11 + 2 * r.player.map_or(0, str::len)];
            let mut c = Cursor { buf: &mut b, at: 0 };
            r.side_fields(&mut c);
            let n = c.at;
            b.truncate(n);
            b
        });
        Some(k)
    }

    /// Append one row (see [`super::PlayRow::write_csv`]).
    #[inline(always)]
    pub(super) fn row(&mut self, r: &RowRef<'_>) {
        let room = r.room(self.path.len());
        if self.out.len() - self.at < room {
            self.out.resize(self.at + room.max(BLOCK), 0);
        }
        let at = self.at;
        let k = self.shared(r);
        let side = k.and_then(|k| self.sides[k].as_deref());
        let (n, analysed) = r.write_csv(&mut self.out[at..], &self.head, side);
        self.at += n;
        if analysed {
            self.out.truncate(self.at);
            r.write_analysis(self.out);
            self.at = self.out.len();
        }
    }
}

impl Drop for CsvRows<'_> {
    fn drop(&mut self) {
        self.out.truncate(self.at);
    }
}

impl RowRef<'_> {
    /// The most bytes of the row before its analysis fields, its path field being
    /// `path_len` bytes.
    #[inline(always)]
    fn room(&self, path_len: usize) -> usize {
        let texts = |s: Option<&str>| s.map_or(0, |s| 2 * s.len());
        FIXED
            + path_len
            + self.side.len()
            + texts(self.player)
            + self.play.room()
            + field_len(self.xgid_before.as_ref(), ids::xgid::MAX_BYTES)
            + field_len(self.position_before.as_ref(), ids::tavla::LEN)
            + self.code.map_or(0, str::len)
    }

    /// The row up to its analysis fields, at the start of `buf` (at least [`RowRef::room`]
    /// bytes): its length, and whether the analysis fields are still to be written (else the
    /// row is complete, its empty analysis fields and line feed written).
    #[inline(always)]
    fn write_csv(&self, buf: &mut [u8], head: &[u8], side: Option<&[u8]>) -> (usize, bool) {
        let mut c = Cursor { buf, at: 0 };
        c.bytes(head);
        c.int(self.turn);
        match side {
            Some(s) => c.bytes(s),
            None => self.side_fields(&mut c),
        }
        match self.dice {
            Some([a, b]) => {
                c.uint(u64::from(a));
                c.uint(u64::from(b));
            }
            None => c.bytes(b",,"),
        }
        match self.play {
            PlayText::Bytes(b) => c.text(b),
            PlayText::Steps(steps) => {
                c.byte(b'"');
                for (i, st) in steps.iter().enumerate() {
                    if i > 0 {
                        c.byte(b' ');
                    }
                    let at = c.at;
                    c.at += st.write_at(&mut c.buf[at..]);
                }
                c.bytes(b"\",");
            }
        }
        match self.position_before {
            Some(Field::Value(pos)) => {
                c.byte(b'"');
                let at = c.at;
                ids::tavla::fill(pos, &mut c.buf[at..]);
                c.at += ids::tavla::LEN;
                c.bytes(b"\",");
            }
            Some(Field::Text(t)) => c.plain(Some(t)),
            None => c.byte(b','),
        }
        match &self.xgid_before {
            Some(Field::Value(x)) => {
                c.byte(b'"');
                let at = c.at;
                c.at += x.fill(&mut c.buf[at..]);
                c.bytes(b"\",");
            }
            Some(Field::Text(t)) => c.plain(Some(t)),
            None => c.byte(b','),
        }
        c.bytes(match self.legal {
            Some(true) => b"true,",
            Some(false) => b"false,",
            None => b",",
        });
        c.plain(self.code.map(str::as_bytes));
        c.int(self.n_legal.map(|n| n as u64));
        let n = |v: Option<u32>| v.map(u64::from);
        c.int(n(self.pips.map(|p| p.0)));
        c.int(n(self.pips.map(|p| p.1)));
        c.int(self.score.map(|s| s.0));
        c.int(self.score.map(|s| s.1));
        c.int(n(self.cube));
        let analysed = self.equity_loss.is_some()
            || self.best_play.is_some()
            || self.cube_error.is_some()
            || self.proper_cube.is_some()
            || self.luck.is_some()
            || self.comment.is_some();
        if !analysed {
            // No analysis and no comment, as in most records.
            c.bytes(b",,,,,\n");
        }
        (c.at, analysed)
    }

    /// The side and player fields.
    fn side_fields(&self, c: &mut Cursor<'_>) {
        match self.side {
            "white" => c.bytes(b"\"white\","),
            "black" => c.bytes(b"\"black\","),
            side => c.plain(Some(side.as_bytes())),
        }
        match self.player {
            Some(p) => c.text(p.as_bytes()),
            None => c.byte(b','),
        }
    }

    /// The analysis and comment fields, which end the row (rare: written without the cursor).
    #[cold]
    fn write_analysis(&self, out: &mut Vec<u8>) {
        fn float(out: &mut Vec<u8>, v: Option<f64>) {
            if let Some(v) = v {
                // Shortest round-trip form, as `Display` writes it.
                use std::io::Write;
                let _ = write!(out, "{v}");
            }
            out.push(b',');
        }
        fn text(out: &mut Vec<u8>, s: &str) {
            out.push(b'"');
            for part in s.split_inclusive('"') {
                out.extend_from_slice(part.as_bytes());
                if part.ends_with('"') {
                    out.push(b'"');
                }
            }
            out.extend_from_slice(b"\",");
        }
        float(out, self.equity_loss);
        match self.best_play {
            Some(b) => text(out, b),
            None => out.push(b','),
        }
        float(out, self.cube_error);
        if let Some(p) = self.proper_cube {
            out.push(b'"');
            out.extend_from_slice(p.as_bytes());
            out.push(b'"');
        }
        out.push(b',');
        float(out, self.luck);
        if let Some(c) = self.comment {
            text(out, c);
            // The field ends the row: its separator becomes the line feed.
            out.pop();
        }
        out.push(b'\n');
    }
}

/// The most bytes a position field takes: its text's, or `most` when computed.
fn field_len<T>(f: Option<&Field<'_, T>>, most: usize) -> usize {
    match f {
        Some(Field::Text(t)) => t.len(),
        Some(Field::Value(_)) => most,
        None => 0,
    }
}

/// `path` as a quoted CSV field.
pub(super) fn quoted(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 2);
    out.push('"');
    out.push_str(&path.replace('"', "\"\""));
    out.push('"');
    out
}
