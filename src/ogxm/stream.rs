//! OGXM streams: whole OGXM v2 files back to back (`.ogxms`), optionally compressed with zstd
//! (`.ogxms.zst`). Each member must carry a `CSUM`; each is read into a match of the record,
//! located at its own bytes. A member that does not frame or verify is a finding, and the
//! reading resumes at the next `OGXM` whose member frames with a checksum that holds.

use super::sections::{self, Checksum, Problem};
use crate::codes::Code;
use crate::record::{Binary, ReadProblem, Record};
use std::io::Read;

/// The most a `.ogxms.zst` stream is inflated to (256 MiB).
pub const MAX_INFLATED: u64 = 256 << 20;

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

/// A stream's bytes (zstd-compressed or not) as a record: a match per member that reads.
pub fn read(bytes: &[u8]) -> Record {
    let inflated;
    let data: &[u8] = if is_zstd(bytes) {
        let mut out = Vec::new();
        let res = zstd::stream::read::Decoder::new(bytes)
            .and_then(|d| d.take(MAX_INFLATED + 1).read_to_end(&mut out));
        let mut r = Record {
            binary: Some(Binary {
                member: Some("the zstd-decompressed stream".into()),
                stored_at: Some((0, bytes.len() as u64)),
            }),
            ..Record::default()
        };
        if let Err(e) = res {
            r.problems.push(super::problem(
                Problem::new(
                    Code::OgxmBadMember,
                    out.len(),
                    0,
                    format!(
                        "the zstd stream does not decompress past byte {}: {e}",
                        out.len()
                    ),
                ),
                true,
            ));
            if out.is_empty() {
                r.problems[0].in_file = true;
                return r;
            }
        }
        if out.len() as u64 > MAX_INFLATED {
            r.problems.clear();
            r.problems.push(super::problem(
                Problem::new(
                    Code::OgxmBadMember,
                    0,
                    0,
                    format!("the zstd stream inflates to more than {MAX_INFLATED} bytes: not read"),
                ),
                true,
            ));
            return r;
        }
        inflated = out;
        let mut rest = read_members(&inflated);
        rest.binary = r.binary;
        r.problems.append(&mut rest.problems);
        rest.problems = r.problems;
        // Every location is one of the decompressed stream.
        for p in &mut rest.problems {
            p.in_file = false;
        }
        return rest;
    } else {
        bytes
    };
    read_members(data)
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
