//! The frame of an OGXM v2 file: the 16-byte header (magic `OGXM`, the writer's version, the
//! oldest reader version that reads it, the file's size), the sections (a four-letter kind, a
//! little-endian u32 length, a flags byte whose bit 0 marks a section a reader must know), the
//! `CSUM` checksum over every byte before it, and the `END!` trailer.

use super::bytes::{Cursor, Short};
use crate::codes::Code;
use sha2::Digest;

/// The header's size.
pub const HEADER: usize = 16;
/// The newest major version read.
pub const MAJOR: u16 = 2;

/// One section: its kind, where its payload lies, and its flags.
#[derive(Clone, Debug)]
pub struct Section {
    /// The four bytes of its kind.
    pub kind: [u8; 4],
    /// Where its header starts in the file.
    pub at: usize,
    /// Its payload: start and end in the file.
    pub payload: (usize, usize),
}

/// A problem of the frame: code, byte range, sentence.
#[derive(Clone, Debug)]
pub struct Problem {
    pub code: Code,
    pub at: usize,
    pub len: usize,
    pub message: String,
}

impl Problem {
    pub fn new(code: Code, at: usize, len: usize, message: impl Into<String>) -> Problem {
        Problem {
            code,
            at,
            len,
            message: message.into(),
        }
    }
    /// A read that ran out: located at the byte where it started, with no length (that byte
    /// may be the end of the file).
    pub fn short(s: &Short, code: Code, context: &str) -> Problem {
        Problem::new(
            code,
            s.at,
            0,
            format!("{context}: the {} runs past its end", s.what),
        )
    }
}

/// What the checksum said.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checksum {
    /// No `CSUM` section.
    Absent,
    /// CRC-32 (algorithm 0) or SHA-256 (3), matching.
    Verified,
    /// An algorithm not known here.
    Unknown(u64),
}

/// A file's frame: its version, sections in order, the checksum's verdict.
#[derive(Clone, Debug)]
pub struct Frame {
    /// Where the file starts in the data (0, or a stream member's offset).
    pub base: usize,
    pub major: u16,
    pub minor: u16,
    pub size: usize,
    pub sections: Vec<Section>,
    pub checksum: Checksum,
}

/// A section's or chunk's kind as text (`?` for a byte that is not printable).
pub(crate) fn kind_name(k: &[u8; 4]) -> String {
    k.iter()
        .map(|&b| {
            if b.is_ascii_graphic() {
                char::from(b)
            } else {
                '?'
            }
        })
        .collect()
}

/// The kinds a v2 reader knows; any other kind with its critical bit set is refused.
const KNOWN: [&[u8; 4]; 9] = [
    b"MTCH", b"GAME", b"ANAL", b"DECS", b"SIGN", b"MSIG", b"ANNO", b"CLCK", b"VIDO",
];

/// A check of the `CSUM` section at `at` (payload `start..end`) over the bytes from `base` to
/// it: `(data, base, at, start, end)`.
pub(super) type CheckSum = fn(&[u8], usize, usize, usize, usize) -> Result<Checksum, Problem>;

/// How a version of the format frames its sections (v1 calls them chunks), and the words its
/// messages use.
pub(super) struct Framing {
    /// The size of a section's header: its kind, its length (u32), its flags (bit 0 of the
    /// first byte: critical), and what else the version puts there.
    pub header: usize,
    /// The kinds the version knows: another kind marked critical is refused.
    pub known: &'static [&'static [u8; 4]],
    /// The `CSUM` section checked.
    pub check_sum: CheckSum,
    /// What a section is called (`section`, `chunk`), and whether a message gives its byte.
    pub word: &'static str,
    pub at_byte: bool,
    /// The version a message names (`v2`).
    pub version: &'static str,
    /// Where the sections end, as a message names it (`the end of the file`).
    pub end: &'static str,
    /// The message of a section header cut short.
    pub cut: &'static str,
}

/// OGXM v2's sections.
const V2: Framing = Framing {
    header: 9,
    known: &KNOWN,
    check_sum,
    word: "section",
    at_byte: false,
    version: "v2",
    end: "the end of the file",
    cut: "a section header is cut short before `END!`",
};

/// The sections from `first` to `body_end` (where the trailer starts) of the file at `base`,
/// framed as `f` says, and the verdict of its checksum.
pub(super) fn read_sections(
    data: &[u8],
    base: usize,
    first: usize,
    body_end: usize,
    f: &Framing,
) -> Result<(Vec<Section>, Checksum), Problem> {
    let mut sections = Vec::new();
    let mut checksum = Checksum::Absent;
    let mut pos = first;
    while pos < body_end {
        if body_end - pos < f.header {
            return Err(Problem::new(
                Code::OgxmTruncated,
                pos,
                body_end - pos,
                f.cut,
            ));
        }
        let kind: [u8; 4] = [data[pos], data[pos + 1], data[pos + 2], data[pos + 3]];
        let len = u32::from_le_bytes([data[pos + 4], data[pos + 5], data[pos + 6], data[pos + 7]])
            as usize;
        let critical = data[pos + 8] & 1 == 1;
        let start = pos + f.header;
        // `section `MTCH``, or `chunk `MHDR` at byte 20`.
        let named = || {
            let at = if f.at_byte {
                format!(" at byte {pos}")
            } else {
                String::new()
            };
            format!("{} `{}`{at}", f.word, kind_name(&kind))
        };
        if len > body_end - start {
            return Err(Problem::new(
                Code::OgxmBadRecord,
                pos + 4,
                4,
                format!(
                    "{} gives a length of {len} bytes, past {} ({} bytes left)",
                    named(),
                    f.end,
                    body_end - start
                ),
            ));
        }
        let end = start + len;
        if &kind == b"CSUM" {
            checksum = (f.check_sum)(data, base, pos, start, end)?;
        } else if critical && !f.known.contains(&&kind) {
            return Err(Problem::new(
                Code::OgxmCriticalSection,
                pos,
                4,
                format!(
                    "{} is marked critical and is not an OGXM {} {} this reader knows",
                    named(),
                    f.version,
                    f.word
                ),
            ));
        }
        sections.push(Section {
            kind,
            at: pos,
            payload: (start, end),
        });
        pos = end;
    }
    Ok((sections, checksum))
}

/// The frame of the file `data` (one member of a stream is a whole file).
///
/// # Errors
/// The first problem that stops the reading (a bad header, a section that overruns the file,
/// an unknown critical section, a checksum that does not match).
pub fn frame(data: &[u8]) -> Result<Frame, Problem> {
    frame_at(data, 0)
}

/// [`frame`] of the file that starts at `base` in `data` (a stream's member); every offset
/// stays `data`'s.
///
/// # Errors
/// As [`frame`].
pub fn frame_at(data: &[u8], base: usize) -> Result<Frame, Problem> {
    let mut c = Cursor::new(data, base, data.len());
    let magic = c
        .take(4, "magic")
        .map_err(|s| Problem::short(&s, Code::OgxmTruncated, "the header"))?;
    if magic != b"OGXM" {
        return Err(Problem::new(
            Code::OgxmBadHeader,
            base,
            4,
            "the file does not start with the OGXM magic `OGXM`",
        ));
    }
    let head = |c: &mut Cursor<'_>| -> Result<u16, Problem> {
        c.u16("header")
            .map_err(|s| Problem::short(&s, Code::OgxmTruncated, "the 16-byte header"))
    };
    let major = head(&mut c)?;
    let minor = head(&mut c)?;
    if major != MAJOR {
        return Err(Problem::new(
            Code::OgxmUnsupported,
            base + 4,
            2,
            if major == 1 {
                "an OGXM v1 file (20-byte header, `MHDR` chunks), where a stream holds OGXM v2 files".to_string()
            } else {
                format!("OGXM version {major}.{minor}: only OGXM v2 is read")
            },
        ));
    }
    let reader_major = head(&mut c)?;
    let _reader_minor = head(&mut c)?;
    if reader_major > MAJOR {
        return Err(Problem::new(
            Code::OgxmUnsupported,
            base + 8,
            2,
            format!("the file needs an OGXM v{reader_major} reader; this one reads v2"),
        ));
    }
    let size = c
        .u32("file size")
        .map_err(|s| Problem::short(&s, Code::OgxmTruncated, "the 16-byte header"))?
        as usize;
    if size < HEADER + 4 {
        return Err(Problem::new(
            Code::OgxmBadHeader,
            base + 12,
            4,
            format!("the header gives a file size of {size} bytes, less than a header and `END!`"),
        ));
    }
    let left = data.len() - base;
    if size > left {
        return Err(Problem::new(
            Code::OgxmTruncated,
            data.len(),
            0,
            format!(
                "the header gives a file size of {size} bytes but the file has {left}: it was cut short"
            ),
        ));
    }
    if &data[base + size - 4..base + size] != b"END!" {
        return Err(Problem::new(
            Code::OgxmTruncated,
            base + size - 4,
            4,
            "the file does not end in `END!` where its header says it ends",
        ));
    }
    let body_end = base + size - 4;
    let (sections, checksum) = read_sections(data, base, base + HEADER, body_end, &V2)?;
    Ok(Frame {
        base,
        major,
        minor,
        size,
        sections,
        checksum,
    })
}

/// The `CSUM` section at `at` (payload `start..end`) checked over `data[..at]`.
fn check_sum(
    data: &[u8],
    base: usize,
    at: usize,
    start: usize,
    end: usize,
) -> Result<Checksum, Problem> {
    let bad = |s: Short| Problem::short(&s, Code::OgxmBadRecord, "the `CSUM` record");
    let mut c = Cursor::new(data, start, end);
    let (_mask, mut r) = c.record("CSUM record").map_err(bad)?;
    let algorithm = r.varint("checksum algorithm").map_err(bad)?;
    let digest_at = r.pos;
    let digest = r.bytes("checksum digest").map_err(bad)?;
    let Some((name, computed)) = checksum_of(algorithm, &data[base..at]) else {
        return Ok(Checksum::Unknown(algorithm));
    };
    verify_digest(name, digest, digest_at, &computed, at - base)
}

/// The checksum `algorithm` (0 CRC-32, 3 SHA-256) of `bytes`: its name and digest; `None`
/// for an algorithm this reader does not know.
pub(super) fn checksum_of(algorithm: u64, bytes: &[u8]) -> Option<(&'static str, Vec<u8>)> {
    match algorithm {
        0 => Some(("CRC-32", crc32fast::hash(bytes).to_le_bytes().to_vec())),
        3 => Some(("SHA-256", sha2::Sha256::digest(bytes).to_vec())),
        _ => None,
    }
}

/// The `digest` a file stores (at `digest_at`) against the one `computed` over the `covered`
/// bytes before its `CSUM`: verified, or the bad-checksum problem.
pub(super) fn verify_digest(
    name: &str,
    digest: &[u8],
    digest_at: usize,
    computed: &[u8],
    covered: usize,
) -> Result<Checksum, Problem> {
    if digest != computed {
        return Err(Problem::new(
            Code::OgxmBadChecksum,
            digest_at,
            digest.len(),
            format!(
                "the {name} in `CSUM` is {} but the {covered} bytes before it give {}: the file was changed or damaged",
                hex(digest),
                hex(computed)
            ),
        ));
    }
    Ok(Checksum::Verified)
}

/// Bytes as lowercase hex.
pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The SHA-256 `match_digest` of a file: the `MTCH` payload and each `GAME` payload, each
/// preceded by its length as a little-endian u32.
pub fn match_digest(data: &[u8], f: &Frame) -> [u8; 32] {
    let mut h = sha2::Sha256::new();
    for s in f
        .sections
        .iter()
        .filter(|s| &s.kind == b"MTCH" || &s.kind == b"GAME")
    {
        let p = &data[s.payload.0..s.payload.1];
        h.update((p.len() as u32).to_le_bytes());
        h.update(p);
    }
    h.finalize().into()
}
