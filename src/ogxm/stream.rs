//! OGXM streams: whole OGXM v2 files back to back (`.ogxms`), optionally compressed with zstd
//! (`.ogxms.zst`). Each member must carry a `CSUM`; each is read into a match of the record,
//! located at its own bytes. A member that does not frame or verify is a finding, and the
//! reading resumes at the next `OGXM` whose member frames with a checksum that holds. A
//! compressed stream is inflated member by member: only the member being read is held.

use super::sections::{self, Checksum, Problem};
use crate::codes::Code;
use crate::record::{Binary, ReadProblem, Record};
use std::io::Read;

/// Whether `bytes` start with zstd's magic.
pub fn is_zstd(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x28\xb5\x2f\xfd")
}

/// A member at `at` framed and verified: its size.
fn member(data: &[u8], at: usize) -> Result<usize, Problem> {
    let f = sections::frame_at(data, at)?;
    if f.checksum != Checksum::Verified {
        return Err(Problem::new(
            Code::OgxmBadMember,
            at,
            4,
            "a stream member carries no `CSUM` checksum this reader knows, which every member must",
        ));
    }
    Ok(f.size)
}

/// The next offset after `from` where a member frames and verifies.
fn resync(data: &[u8], from: usize) -> Option<usize> {
    let mut pos = from;
    while let Some(k) = memchr::memmem::find(&data[pos..], b"OGXM") {
        let at = pos + k;
        if member(data, at).is_ok() {
            return Some(at);
        }
        pos = at + 1;
    }
    None
}

/// The most one member of a `.ogxms.zst` stream may hold once inflated (256 MiB): a
/// member's bytes are held while it is read, never the whole inflated stream.
pub const MAX_MEMBER: u64 = 256 << 20;

/// A stream's bytes (zstd-compressed or not) as a record: a match per member that reads.
pub fn read(bytes: &[u8]) -> Record {
    if is_zstd(bytes) {
        read_zstd(bytes)
    } else {
        read_members(bytes)
    }
}

/// The inflated bytes of a zstd stream from `base` on, read as far as asked: what lies
/// before the member being read is let go.
struct Window<R> {
    inner: R,
    buf: Vec<u8>,
    /// The inflated offset of `buf[0]`.
    base: usize,
    /// The stream is read to its end (or failed: `failed`).
    done: bool,
    failed: Option<String>,
}

impl<R: Read> Window<R> {
    /// The inflated offset the window reaches.
    fn end(&self) -> usize {
        self.base + self.buf.len()
    }

    /// Reads on until the window reaches `to` (no further than `MAX_MEMBER` past `from`, the
    /// start of what is kept) or the stream ends.
    fn fill(&mut self, from: usize, to: usize) {
        let to = to.min(from.saturating_add(MAX_MEMBER as usize));
        while !self.done && self.end() < to {
            let want = (to - self.end()).clamp(1 << 16, 1 << 22);
            let at = self.buf.len();
            self.buf.resize(at + want, 0);
            match self.inner.read(&mut self.buf[at..]) {
                Ok(0) => {
                    self.buf.truncate(at);
                    self.done = true;
                }
                Ok(n) => self.buf.truncate(at + n),
                Err(e) => {
                    self.buf.truncate(at);
                    self.done = true;
                    self.failed = Some(e.to_string());
                }
            }
        }
    }

    /// Lets go of the bytes before `pos`.
    fn keep_from(&mut self, pos: usize) {
        let cut = pos.saturating_sub(self.base).min(self.buf.len());
        self.buf.drain(..cut);
        self.base += cut;
    }

    /// The bytes from `pos` to the window's end.
    fn at(&self, pos: usize) -> &[u8] {
        self.buf.get(pos.saturating_sub(self.base)..).unwrap_or(&[])
    }

    /// Reads the member header at `pos`, then as much as it says it holds.
    fn fill_member(&mut self, pos: usize) {
        self.fill(pos, pos + 16);
        let size = self
            .at(pos)
            .get(12..16)
            .filter(|_| self.at(pos).starts_with(b"OGXM"))
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
        if let Some(size) = size {
            self.fill(pos, pos.saturating_add(size));
        }
    }
}

/// A `.ogxms.zst` stream, inflated member by member: each member is read from its own bytes
/// (its spans relative to it, the match placed at its inflated offset), then let go.
fn read_zstd(bytes: &[u8]) -> Record {
    let mut r = Record {
        binary: Some(Binary {
            member: Some("the zstd-decompressed stream".into()),
            stored_at: Some((0, bytes.len() as u64)),
        }),
        ..Record::default()
    };
    let decoder = match zstd::stream::read::Decoder::new(bytes) {
        Ok(d) => d,
        Err(e) => {
            let mut p = super::problem(
                Problem::new(
                    Code::OgxmBadMember,
                    0,
                    0,
                    format!("the zstd stream cannot be read: {e}"),
                ),
                true,
            );
            p.in_file = true;
            r.problems.push(p);
            return r;
        }
    };
    let mut w = Window {
        inner: decoder,
        buf: Vec::new(),
        base: 0,
        done: false,
        failed: None,
    };
    let mut pos = 0;
    loop {
        w.keep_from(pos);
        w.fill_member(pos);
        let data = w.at(pos);
        if data.is_empty() {
            break;
        }
        match member(data, 0).and_then(|size| Ok((size, super::parse_at(data, 0)?))) {
            Ok((size, f)) => {
                let (mut m, boards, problems) = super::build(&f);
                let (signed, mut signatures) = super::sign::check(data, &f.frame);
                for g in &mut signatures {
                    g.at.offset += pos;
                }
                m.signatures = signatures;
                m.offset = pos;
                r.matches.push(m);
                r.boards.extend(boards.into_iter().map(|mut b| {
                    b.at.offset += pos;
                    b
                }));
                r.problems
                    .extend(problems.into_iter().chain(signed).map(|mut p| {
                        p.span.offset += pos;
                        p
                    }));
                pos += size;
            }
            Err(p) => {
                // The next `OGXM` at which a member frames and verifies, reading on as needed;
                // what is passed over is let go.
                let mut from = pos + 1;
                let next = loop {
                    w.fill(from, from + (1 << 16));
                    let hay = w.at(from);
                    match memchr::memmem::find(hay, b"OGXM") {
                        Some(k) => {
                            let c = from + k;
                            w.keep_from(pos.min(c));
                            w.fill_member(c);
                            if member(w.at(c), 0).is_ok() {
                                break Some(c);
                            }
                            from = c + 1;
                        }
                        None if w.done => break None,
                        None => {
                            from = w.end().saturating_sub(3).max(from);
                            w.fill(from, w.end() + (1 << 16));
                        }
                    }
                };
                let end = next.unwrap_or_else(|| w.end());
                let mut rp: ReadProblem = super::problem(p, true);
                rp.span.offset += pos;
                rp.message = format!(
                    "member {} at byte {pos}: {} ({} bytes skipped)",
                    r.matches.len() + 1,
                    rp.message,
                    end - pos
                );
                r.problems.push(rp);
                match next {
                    Some(n) => pos = n,
                    None => break,
                }
            }
        }
    }
    // Every location is one of the decompressed stream.
    for p in &mut r.problems {
        p.in_file = false;
    }
    if let Some(e) = w.failed.take() {
        let end = w.end();
        let mut p = super::problem(
            Problem::new(
                Code::OgxmBadMember,
                end,
                0,
                format!("the zstd stream does not decompress past byte {end}: {e}"),
            ),
            true,
        );
        // Nothing inflated: the place is the compressed file's start.
        p.in_file = end == 0;
        r.problems.push(p);
    }
    r
}

/// The members of an uncompressed stream.
fn read_members(data: &[u8]) -> Record {
    let mut r = Record {
        binary: Some(Binary::default()),
        ..Record::default()
    };
    let mut pos = 0;
    while pos < data.len() {
        let parsed = member(data, pos).and_then(|size| Ok((size, super::parse_at(data, pos)?)));
        match parsed {
            Ok((size, f)) => {
                let (mut m, boards, problems) = super::build(&f);
                let (signed, signatures) = super::sign::check(data, &f.frame);
                m.signatures = signatures;
                r.matches.push(m);
                r.boards.extend(boards);
                r.problems.extend(problems);
                r.problems.extend(signed);
                pos += size;
            }
            Err(p) => {
                let next = resync(data, pos + 1);
                let skipped = next.unwrap_or(data.len()) - pos;
                let mut rp: ReadProblem = super::problem(p, true);
                rp.message = format!(
                    "member {} at byte {pos}: {} ({skipped} bytes skipped)",
                    r.matches.len() + 1,
                    rp.message
                );
                r.problems.push(rp);
                match next {
                    Some(n) => pos = n,
                    None => break,
                }
            }
        }
    }
    r
}
