//! OGXM v1: HedgeHog's `OGXM_FORMAT_SPEC.md` 1.0–1.4 with gammonview's extensions
//! (`docs/v1/OGXM_FORMAT_SPEC_GAMMONVIEW.md`: the `.gvab` files gammonview wrote before 2.0),
//! read into the same [`File`] the v2 reader makes: the match is built from either alike.
//!
//! - **Header** (20 bytes): `OGXM`, the writer's major (1) and minor version, the oldest
//!   reader version (refused above 1.4, the newest v1 the reference codec reads), the file's
//!   size, flags (u16 × 4, u32, u32, little-endian). The file ends in the 8-byte marker `END!`
//!   and the size again.
//! - **Chunks**: a four-letter kind, a u32 length, u16 flags (bit 0: critical), a reserved
//!   u16, the payload. `MHDR`, `GAME`, `ANAL`, `EVAL`, `ALTS`, `CUBE`, `GVAN`, `SIGN`, `CLCK`,
//!   `VIDO` and `CSUM` are known; an unknown critical chunk is refused, any other unknown
//!   chunk skipped; `SIGN` (not verified), `CLCK` and `VIDO` are skipped too.
//! - **`CSUM`**: a u32 algorithm, then the CRC-32 (0, 4 bytes) or SHA-256 (3, 32 bytes) of
//!   every byte before the chunk.
//! - **`MHDR`** (24 bytes and the names): match length, flags (bit 0 Crawford, bit 1
//!   Jacoby), then the players' names (u8 length + UTF-8), gammonview's event and site after
//!   them. Bytes 16–17 are gammonview's cube limit; later base writers keep the starting
//!   score in 16–19, which is read as such only in a file without `GVAN` (no gammonview
//!   writer) and when both scores lie below the match length.
//! - **`GAME`** (one a game): an 8-byte header (index, ply count, winner 0 White / 1 Black /
//!   0xFF none, points won, flags, first to move), the board (`FF FF`: the opening position;
//!   else 26 signed bytes and a pad), then exactly the ply count of plies, bytes after them
//!   passed over (older gammonview files kept a per-game value there). A ply is a header byte
//!   (action in bits 0–4, bit 5 the seat, **1 for White**); the 21 dice actions are followed
//!   by 2 step bytes (4 for a doublet, a 0 byte padding), each `from | pips << 5` with `from`
//!   absolute; a set-position ply (31) by a dice byte when bit 6 is set (`d1 | d2 << 4`) and
//!   the 26-byte board after it; every other action by nothing. A resignation (27, 28)
//!   states no value: it is the game's points over the cube it was played for.
//! - **A play made at the board**: a set-position ply with dice (v1.2) is read as
//!   [`Action::Illegal`], its mover the side whose turn it is (gammonview seats the ply on the
//!   mover, the reference codec on the side to move next, so the seat decides nothing); so is
//!   a dice ply that gammonview's `GVAN` flags `illegal_move` (its steps as stored, which the
//!   rules refuse), with no board. In `Ply` such a play is seated, as v2's, on the side to
//!   move next. v1 keeps no steps for a set-position ply: they are derived from the board
//!   before it (the plays before carried out as written) and the board it leaves.
//! - **Analysis**: the first analysis block (`ANAL` and the `EVAL`, `ALTS`, `CUBE`, `GVAN`
//!   after it) fills each ply's [`Analysis`](crate::record::Analysis): per checker play (`EVAL`, 20 bytes, keyed by
//!   game and ply) its alternatives (`ALTS`, 17 bytes: up to 4 steps, equity, the five
//!   probabilities, the played flag) as [`Candidate`](crate::record::Candidate)s in the mover's numbering; per cube
//!   record (`CUBE`, 28 bytes) the no double, double/take and double/pass figures — of a
//!   double (type 0), a take or pass (1), or the cube decision before a checker play (2: a
//!   missed double, 4: a live cube) — as a [`CubeAnalysis`](crate::record::CubeAnalysis); from `GVAN` (versions 2 and 3)
//!   the luck of each play and each figure's evaluation level. Fixed-point values are
//!   divided by 10 000. gammonview states cube figures as normalized equity; a file without
//!   `GVAN` in match play states them as match winning chances, as the base spec does. v1
//!   holds no comments. A damaged analysis block is a warning and its analysis is not read;
//!   the match still is.

mod analysis;
mod board_plays;
mod games;

use super::File;
use super::bytes::{Cursor, Short};
use super::plies::Action;
use super::sections::{Checksum, Frame, Framing, Problem, read_sections};
use crate::codes::Code;
use std::collections::HashMap;

/// The header's size.
pub const HEADER: usize = 20;
/// A chunk header's size.
const CHUNK: usize = 12;
/// The end marker's size (`END!` and the file size).
const TRAILER: usize = 8;
/// The newest reader version a v1 file may ask for: the reference codec reads up to 1.4.
pub const READER: (u16, u16) = (1, 4);

/// The chunks of v1 (with gammonview's `GVAN`); any other kind marked critical is refused.
const KNOWN: [&[u8; 4]; 11] = [
    b"MHDR", b"GAME", b"ANAL", b"EVAL", b"ALTS", b"CUBE", b"GVAN", b"SIGN", b"CLCK", b"VIDO",
    b"CSUM",
];

/// v1's chunks.
const V1: Framing = Framing {
    header: CHUNK,
    known: &KNOWN,
    check_sum,
    word: "chunk",
    at_byte: true,
    version: "v1",
    end: "the `END!` marker",
    cut: "a chunk header is cut short before the `END!` marker",
};

/// A v1 file starting at `base` of `data` (its major version 1), read.
///
/// # Errors
/// The first problem that stops the reading: a bad header or chunk frame, an unknown critical
/// chunk, a checksum that does not match, a damaged `MHDR` or `GAME`. A damaged analysis
/// block is a warning in [`File::warnings`].
pub fn parse_at(data: &[u8], base: usize) -> Result<File, Problem> {
    let frame = frame_at(data, base)?;
    let gammonview = frame.sections.iter().any(|s| &s.kind == b"GVAN");
    let Some(mhdr) = frame.sections.iter().find(|s| &s.kind == b"MHDR") else {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            base + HEADER.min(frame.size),
            0,
            "the file has no `MHDR` chunk (the match header): it holds no match to check",
        ));
    };
    let head = games::read_mhdr(data, mhdr, gammonview)?;
    let mut games = Vec::new();
    let mut index: HashMap<u8, usize> = HashMap::new();
    for s in frame.sections.iter().filter(|s| &s.kind == b"GAME") {
        let (n, g) = games::read_game(data, s, games.len() + 1)?;
        index.entry(n).or_insert(games.len());
        games.push(g);
    }
    let mut warnings = Vec::new();
    let illegal = match analysis::read_analysis(
        data,
        &frame,
        &head,
        &index,
        &mut games,
        gammonview,
        &mut warnings,
    ) {
        Ok(illegal) => illegal,
        Err(p) => {
            warnings.push(p);
            for g in &mut games {
                for p in &mut g.plies {
                    p.analysis = None;
                }
            }
            Vec::new()
        }
    };
    for (g, k) in illegal {
        if let Some(p) = games.get_mut(g).and_then(|g| g.plies.get_mut(k))
            && let Action::Roll { dice, steps } = &p.action
        {
            let (a, b) = *dice;
            p.action = Action::Illegal {
                dice: (a.max(b), a.min(b)),
                steps: steps.clone(),
                board: None,
            };
            p.white = !p.white;
        }
    }
    Ok(File {
        frame,
        head,
        games,
        warnings,
        extras: Default::default(),
    })
}

/// The frame of the v1 file at `base`: header, chunks, checksum, end marker.
///
/// # Errors
/// As [`parse_at`], for the frame.
pub fn frame_at(data: &[u8], base: usize) -> Result<Frame, Problem> {
    let short = |s: Short| Problem::short(&s, Code::OgxmTruncated, "the 20-byte v1 header");
    let mut c = Cursor::new(data, base, data.len());
    if c.take(4, "magic").map_err(short)? != b"OGXM" {
        return Err(Problem::new(
            Code::OgxmBadHeader,
            base,
            4,
            "the file does not start with the OGXM magic `OGXM`",
        ));
    }
    let major = c.u16("version").map_err(short)?;
    let minor = c.u16("version").map_err(short)?;
    if major != 1 {
        return Err(Problem::new(
            Code::OgxmUnsupported,
            base + 4,
            2,
            format!("OGXM version {major}.{minor} read as v1"),
        ));
    }
    let reader = (
        c.u16("reader version").map_err(short)?,
        c.u16("reader version").map_err(short)?,
    );
    if reader > READER {
        return Err(Problem::new(
            Code::OgxmUnsupported,
            base + 8,
            4,
            format!(
                "the file needs an OGXM v{}.{} reader; this one reads v1 up to v{}.{} (and v2)",
                reader.0, reader.1, READER.0, READER.1
            ),
        ));
    }
    let size = c.u32("file size").map_err(short)? as usize;
    c.u32("flags").map_err(short)?;
    if size < HEADER + TRAILER {
        return Err(Problem::new(
            Code::OgxmBadHeader,
            base + 12,
            4,
            format!(
                "the header gives a file size of {size} bytes, less than a v1 header and its `END!` marker"
            ),
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
    let end = base + size - TRAILER;
    if &data[end..end + 4] != b"END!" {
        return Err(Problem::new(
            Code::OgxmTruncated,
            end,
            4,
            "the file does not end in the `END!` marker where its header says it ends",
        ));
    }
    let stated = u32::from_le_bytes([data[end + 4], data[end + 5], data[end + 6], data[end + 7]]);
    if stated as usize != size {
        return Err(Problem::new(
            Code::OgxmBadHeader,
            end + 4,
            4,
            format!("the `END!` marker gives a file size of {stated} bytes, the header {size}"),
        ));
    }
    let (sections, checksum) = read_sections(data, base, base + HEADER, end, &V1)?;
    Ok(Frame {
        base,
        major,
        minor,
        size,
        sections,
        checksum,
    })
}

/// The `CSUM` chunk at `at` (payload `start..end`) checked over the bytes from `base` to it.
fn check_sum(
    data: &[u8],
    base: usize,
    at: usize,
    start: usize,
    end: usize,
) -> Result<Checksum, Problem> {
    let bad = |s: Short| Problem::short(&s, Code::OgxmBadRecord, "chunk `CSUM`");
    let mut c = Cursor::new(data, start, end);
    let algorithm = c.u32("checksum algorithm").map_err(bad)?;
    let Some((name, computed)) =
        super::sections::checksum_of(u64::from(algorithm), &data[base..at])
    else {
        return Ok(Checksum::Unknown(u64::from(algorithm)));
    };
    let digest_at = c.pos;
    let digest = c.take(computed.len(), "checksum digest").map_err(bad)?;
    super::sections::verify_digest(name, digest, digest_at, &computed, at - base)
}
