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
//!   rules refuse), with no board. In [`Ply`] such a play is seated, as v2's, on the side to
//!   move next. v1 keeps no steps for a set-position ply: they are derived from the board
//!   before it (the plays before carried out as written) and the board it leaves.
//! - **Analysis**: the first analysis block (`ANAL` and the `EVAL`, `ALTS`, `CUBE`, `GVAN`
//!   after it) fills each ply's [`Analysis`]: per checker play (`EVAL`, 20 bytes, keyed by
//!   game and ply) its alternatives (`ALTS`, 17 bytes: up to 4 steps, equity, the five
//!   probabilities, the played flag) as [`Candidate`]s in the mover's numbering; per cube
//!   record (`CUBE`, 28 bytes) the no double, double/take and double/pass figures — of a
//!   double (type 0), a take or pass (1), or the cube decision before a checker play (2: a
//!   missed double, 4: a live cube) — as a [`CubeAnalysis`]; from `GVAN` (versions 2 and 3)
//!   the luck of each play and each figure's evaluation level. Fixed-point values are
//!   divided by 10 000. gammonview states cube figures as normalized equity; a file without
//!   `GVAN` in match play states them as match winning chances, as the base spec does. v1
//!   holds no comments. A damaged analysis block is a warning and its analysis is not read;
//!   the match still is.

use super::bytes::{Cursor, Short};
use super::plies::{
    self, Action, DICE, DOUBLE, DROP, Ply, RESIGN, RESIGN_MATCH, SET_POSITION, TAKE,
};
use super::sections::{Checksum, Frame, Problem, Section, kind_name};
use super::{File, GameIn, MatchHead};
use crate::codes::Code;
use crate::notation::Span;
use crate::record::{Analysis, Candidate, CubeAnalysis};
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
    let head = read_mhdr(data, mhdr, gammonview)?;
    let mut games = Vec::new();
    let mut index: HashMap<u8, usize> = HashMap::new();
    for s in frame.sections.iter().filter(|s| &s.kind == b"GAME") {
        let (n, g) = read_game(data, s, games.len() + 1)?;
        index.entry(n).or_insert(games.len());
        games.push(g);
    }
    let mut warnings = Vec::new();
    let illegal = match read_analysis(
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
    let mut sections = Vec::new();
    let mut checksum = Checksum::Absent;
    let mut pos = base + HEADER;
    while pos < end {
        if end - pos < CHUNK {
            return Err(Problem::new(
                Code::OgxmTruncated,
                pos,
                end - pos,
                "a chunk header is cut short before the `END!` marker",
            ));
        }
        let kind: [u8; 4] = [data[pos], data[pos + 1], data[pos + 2], data[pos + 3]];
        let len = u32::from_le_bytes([data[pos + 4], data[pos + 5], data[pos + 6], data[pos + 7]])
            as usize;
        let critical = data[pos + 8] & 1 == 1;
        let start = pos + CHUNK;
        if len > end - start {
            return Err(Problem::new(
                Code::OgxmBadRecord,
                pos + 4,
                4,
                format!(
                    "chunk `{}` at byte {pos} gives a length of {len} bytes, past the `END!` marker ({} bytes left)",
                    kind_name(&kind),
                    end - start
                ),
            ));
        }
        if &kind == b"CSUM" {
            checksum = check_sum(data, base, pos, start, start + len)?;
        } else if critical && !KNOWN.contains(&&kind) {
            return Err(Problem::new(
                Code::OgxmCriticalSection,
                pos,
                4,
                format!(
                    "chunk `{}` at byte {pos} is marked critical and is not an OGXM v1 chunk this reader knows",
                    kind_name(&kind)
                ),
            ));
        }
        sections.push(Section {
            kind,
            at: pos,
            payload: (start, start + len),
        });
        pos = start + len;
    }
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

/// A u8-length-prefixed UTF-8 string (invalid bytes replaced).
fn pascal(c: &mut Cursor<'_>, what: &'static str) -> Result<String, Short> {
    let n = c.u8(what)?;
    Ok(String::from_utf8_lossy(c.take(usize::from(n), what)?).into_owned())
}

/// The match header. `gammonview`: the file has a `GVAN` chunk (bytes 16–17 are then
/// gammonview's cube limit, not a starting score).
fn read_mhdr(data: &[u8], s: &Section, gammonview: bool) -> Result<MatchHead, Problem> {
    let bad = |e: Short| Problem::short(&e, Code::OgxmBadRecord, "chunk `MHDR`");
    let mut c = Cursor::new(data, s.payload.0, s.payload.1);
    let length = u64::from(c.u16("match length").map_err(bad)?);
    c.u8("game count").map_err(bad)?;
    let flags = c.u8("flags").map_err(bad)?;
    c.take(12, "scores, result, source, time and ply count")
        .map_err(bad)?;
    let start = (
        u64::from(c.u16("reserved bytes").map_err(bad)?),
        u64::from(c.u16("reserved bytes").map_err(bad)?),
    );
    c.take(4, "reserved bytes").map_err(bad)?;
    let white = pascal(&mut c, "white name").map_err(bad)?;
    let black = pascal(&mut c, "black name").map_err(bad)?;
    // gammonview's event and site, each only if it fits (older readers stop before them).
    let event = pascal(&mut c, "event").ok().filter(|e| !e.is_empty());
    let site = pascal(&mut c, "site").ok().filter(|e| !e.is_empty());
    // Written before the site had a field of its own: both in the event, joined by " • ".
    let (event, site) = match (event, site) {
        (Some(e), None) => match e.split_once(" • ") {
            Some((a, b)) => (Some(a.trim().to_string()), Some(b.trim().to_string())),
            None => (Some(e), None),
        },
        pair => pair,
    };
    let start = if !gammonview && length > 0 && start.0 < length && start.1 < length {
        start
    } else {
        (0, 0)
    };
    Ok(MatchHead {
        length,
        variant: 0,
        white: Some(white).filter(|n| !n.is_empty()),
        black: Some(black).filter(|n| !n.is_empty()),
        crawford: flags & 1 == 1,
        jacoby: flags & 2 == 2,
        start,
        event,
        site,
        at: Span::new(s.at, s.payload.1 - s.at),
    })
}

/// A `GAME` chunk: its index and the game. `nth`: its place in the file, for the messages.
fn read_game(data: &[u8], s: &Section, nth: usize) -> Result<(u8, GameIn), Problem> {
    let context = format!("chunk `GAME` at byte {} (game {nth})", s.at);
    let bad = |e: Short| Problem::short(&e, Code::OgxmBadRecord, &context);
    let mut c = Cursor::new(data, s.payload.0, s.payload.1);
    let index = c.u8("game header").map_err(bad)?;
    let count = c.u16("game header").map_err(bad)?;
    let winner = c.u8("game header").map_err(bad)?;
    let points_won = u64::from(c.u8("game header").map_err(bad)?);
    c.u8("game header").map_err(bad)?;
    let first = c.u8("game header").map_err(bad)?;
    c.u8("game header").map_err(bad)?;
    let board_at = c.pos;
    let custom_board = if c.u8("initial board").map_err(bad)? == 0xff {
        c.u8("initial board").map_err(bad)?;
        false
    } else {
        c.pos = board_at;
        let raw = c.take(27, "initial board").map_err(bad)?;
        plies::board(&raw[..26], board_at, &context)?;
        true
    };
    let mut out = Vec::with_capacity(usize::from(count).min(c.end - c.pos));
    for k in 0..count {
        let at = c.pos;
        let ply = read_ply(&mut c).map_err(|p| {
            if p.len == 0 {
                Problem::new(
                    p.code,
                    p.at,
                    0,
                    format!(
                        "{context}: ply {} of its {count} runs past the chunk's end",
                        k + 1
                    ),
                )
            } else {
                Problem::new(p.code, p.at, p.len, format!("{context}: {}", p.message))
            }
        })?;
        debug_assert!(c.pos > at);
        out.push(ply);
    }
    resign_values(&mut out, points_won);
    seat_board_plays(&mut out, first);
    if !custom_board {
        board_play_steps(&mut out);
    }
    let g = GameIn {
        winner: (winner <= 1).then_some(u64::from(winner)),
        points_won,
        custom_board,
        cube: 1,
        plies: out,
        at: Span::new(s.at, s.payload.1 - s.at),
    };
    Ok((index, g))
}

/// One ply record.
fn read_ply(c: &mut Cursor<'_>) -> Result<Ply, Problem> {
    let bad = |e: Short| Problem::short(&e, Code::OgxmBadRecord, "a ply");
    let at = c.pos;
    let b0 = c.u8("ply").map_err(bad)?;
    let (id, white) = (b0 & 0x1f, b0 & 0x20 != 0);
    let action = match id {
        0..=20 => {
            let dice = DICE[usize::from(id)];
            let n = if dice.0 == dice.1 { 4 } else { 2 };
            let from = c.pos;
            let raw = c.take(n, "step bytes").map_err(bad)?;
            let mut steps = Vec::with_capacity(n);
            for (k, &byte) in raw.iter().enumerate() {
                if byte != 0 {
                    steps.push(plies::step(byte, from + k)?);
                }
            }
            Action::Roll { dice, steps }
        }
        DOUBLE => Action::Double,
        TAKE => Action::Take,
        DROP => Action::Drop,
        RESIGN | RESIGN_MATCH => Action::Resign {
            value: 1,
            whole_match: id == RESIGN_MATCH,
        },
        SET_POSITION => {
            let dice = if b0 & 0x40 != 0 {
                let dat = c.pos;
                let d = c.u8("dice").map_err(bad)?;
                let (a, b) = (d & 0x0f, d >> 4);
                if !(1..=6).contains(&a) || !(1..=6).contains(&b) {
                    return Err(Problem::new(
                        Code::OgxmBadRecord,
                        dat,
                        1,
                        format!("a set-position ply gives the dice {a} and {b}: no die"),
                    ));
                }
                Some((a.max(b), a.min(b)))
            } else {
                None
            };
            let bat = c.pos;
            let raw = c.take(26, "board").map_err(bad)?;
            let board = plies::board(raw, bat, "a set-position ply")?;
            match dice {
                Some(dice) => Action::Illegal {
                    dice,
                    steps: Vec::new(),
                    board: Some(board),
                },
                None => Action::Other {
                    id: u64::from(SET_POSITION),
                },
            }
        }
        other => Action::Other {
            id: u64::from(other),
        },
    };
    Ok(Ply {
        white,
        action,
        span: Span::new(at, c.pos - at),
        analysis: None,
        comment: None,
    })
}

/// A resignation's value, which v1 does not state: the game's points over the cube it was
/// played for (1 single, 2 gammon, 3 backgammon).
fn resign_values(plies: &mut [Ply], points_won: u64) {
    let (mut cube, mut offered) = (1u64, 2u64);
    for p in plies {
        match &mut p.action {
            Action::Double => offered = cube.saturating_mul(2),
            Action::Take => cube = offered,
            Action::Resign { value, .. } => *value = (points_won / cube).clamp(1, 3),
            _ => {}
        }
    }
}

/// The mover of each play made at the board (a set-position ply with dice): the side that did
/// not roll last, or for a game's first roll the first to move (`first`: 0 White, 1 Black;
/// else the ply's own seat, gammonview's). Each is then seated, as in v2, on the other side.
fn seat_board_plays(plies: &mut [Ply], first: u8) {
    let mut last: Option<bool> = None;
    for p in plies {
        match p.action {
            Action::Roll { .. } => last = Some(p.white),
            Action::Illegal { .. } => {
                let mover = match (last, first) {
                    (Some(w), _) => !w,
                    (None, 0) => true,
                    (None, 1) => false,
                    (None, _) => p.white,
                };
                p.white = !mover;
                last = Some(mover);
            }
            _ => {}
        }
    }
}

/// The opening position, absolute (White positive; 0 White's bar, 25 Black's).
const OPENING: [i8; 26] = {
    let mut b = [0i8; 26];
    b[1] = 2;
    b[12] = 5;
    b[17] = 3;
    b[19] = 5;
    b[24] = -2;
    b[13] = -5;
    b[8] = -3;
    b[6] = -5;
    b
};

/// `steps` (absolute from, pips) of `white` carried out on the absolute board `b` as written:
/// a checker landing on a lone opposing one sends it to the bar, one moved past the last point
/// is off. Counts are wide, so a damaged play cannot overflow them.
fn carry_out(b: &mut [i32; 26], white: bool, steps: &[(u8, u8, usize)]) {
    let sign = if white { 1 } else { -1 };
    for &(from, pips, _) in steps {
        let from = usize::from(from).min(25);
        let to = from as i32 + sign * i32::from(pips);
        b[from] -= sign;
        if !(1..=24).contains(&to) {
            continue;
        }
        let to = to as usize;
        if b[to] == -sign {
            b[to] = 0;
            b[if white { 25 } else { 0 }] -= sign;
        }
        b[to] += sign;
    }
}

/// The steps of each play made at the board (a set-position ply with dice), which v1 does not
/// keep: the board before it (the opening position and every play before, carried out as
/// written) against the board it leaves, each checker the mover took away paired with a
/// point it reached (both in the order of the mover's course). Left without steps when the
/// boards do not differ by forward moves of the mover alone.
fn board_play_steps(plies: &mut [Ply]) {
    let mut b: [i32; 26] = OPENING.map(i32::from);
    for p in plies {
        let at = p.span.offset;
        match &mut p.action {
            Action::Roll { steps, .. } => carry_out(&mut b, p.white, steps),
            Action::Illegal {
                steps,
                board: Some(after),
                ..
            } => {
                let mover = !p.white;
                let after = after.map(i32::from);
                if steps.is_empty() {
                    *steps = hops(&b, &after, mover, at).unwrap_or_default();
                }
                b = after;
            }
            _ => {}
        }
    }
}

/// The hops (absolute from, pips, byte `at`) that take `mover`'s checkers from `before` to
/// `after`; `None` when none do by forward moves.
fn hops(
    before: &[i32; 26],
    after: &[i32; 26],
    white: bool,
    at: usize,
) -> Option<Vec<(u8, u8, usize)>> {
    let sign = if white { 1 } else { -1 };
    let own = |b: &[i32; 26], p: usize| (b[p] * sign).max(0);
    // The mover's course: from its bar (White 0, Black 25) to off.
    let course: Vec<usize> = if white {
        (0..=25).collect()
    } else {
        (0..=25).rev().collect()
    };
    let mut from = Vec::new();
    let mut to = Vec::new();
    for &p in &course {
        let d = own(after, p) - own(before, p);
        if d.abs() > 15 {
            return None;
        }
        if d < 0 {
            from.extend(std::iter::repeat_n(p, d.unsigned_abs() as usize));
        } else {
            to.extend(std::iter::repeat_n(p, d as usize));
        }
    }
    // Checkers borne off: the mover's total fell.
    let total = |b: &[i32; 26]| (0..26).map(|p| own(b, p)).sum::<i32>();
    let off = total(before) - total(after);
    if off < 0 || from.len() != to.len() + off as usize || from.is_empty() || from.len() > 8 {
        return None;
    }
    let end = if white { 25 } else { 0 };
    to.extend(std::iter::repeat_n(end, off as usize));
    from.iter()
        .zip(&to)
        .map(|(&f, &t)| {
            let pips = (t as i32 - f as i32) * sign;
            (1..=24)
                .contains(&pips)
                .then_some((f as u8, pips as u8, at))
        })
        .collect()
}

/// An evaluation level byte of `GVAN` (bits 0–3 the depth; bit 4 a truncated rollout, bit 5
/// a rollout, bit 6 a database), as the record names it; 0: none given.
fn level_name(b: u8) -> Option<String> {
    let depth = b & 0x0f;
    Some(match b {
        0 => return None,
        b if b & 0x20 != 0 => "rollout".into(),
        b if b & 0x40 != 0 => "database".into(),
        b if b & 0x10 != 0 => format!("truncated {depth}-ply"),
        _ => format!("{depth}-ply"),
    })
}

/// A fixed-point value (× 10 000).
fn q(raw: i32) -> f64 {
    f64::from(raw) / 10000.0
}

/// The chunks of the first analysis block.
struct Block<'s> {
    anal: &'s Section,
    eval: Option<&'s Section>,
    alts: Option<&'s Section>,
    cube: Option<&'s Section>,
    gvan: Option<&'s Section>,
}

fn first_block(f: &Frame) -> Option<Block<'_>> {
    let mut it = f.sections.iter().skip_while(|s| &s.kind != b"ANAL");
    let anal = it.next()?;
    let mut b = Block {
        anal,
        eval: None,
        alts: None,
        cube: None,
        gvan: None,
    };
    for s in it {
        let slot = match &s.kind {
            b"ANAL" => break,
            b"EVAL" => &mut b.eval,
            b"ALTS" => &mut b.alts,
            b"CUBE" => &mut b.cube,
            b"GVAN" => &mut b.gvan,
            _ => continue,
        };
        slot.get_or_insert(s);
    }
    Some(b)
}

/// The bytes of `s` (none: empty), checked to hold `n` records of `width` bytes.
fn records<'a>(
    data: &'a [u8],
    s: Option<&Section>,
    name: &str,
    n: usize,
    width: usize,
    anal: &Section,
) -> Result<&'a [u8], Problem> {
    let bytes = match s {
        Some(s) => &data[s.payload.0..s.payload.1],
        None => &data[0..0],
    };
    if bytes.len() != n * width {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            s.map_or(anal.at, |s| s.at),
            if s.is_some() { 8 } else { 4 },
            format!(
                "chunk `{name}` {}holds {} bytes where its `ANAL` at byte {} calls for {n} entries of {width} bytes: the analysis is not read",
                s.map_or(String::new(), |s| format!("at byte {} ", s.at)),
                bytes.len(),
                anal.at
            ),
        ));
    }
    Ok(bytes)
}

fn u16_at(b: &[u8], k: usize) -> u16 {
    u16::from_le_bytes([b[k], b[k + 1]])
}

fn i16_at(b: &[u8], k: usize) -> i16 {
    i16::from_le_bytes([b[k], b[k + 1]])
}

fn probs_at(b: &[u8], k: usize) -> [f64; 5] {
    std::array::from_fn(|i| q(i32::from(u16_at(b, k + 2 * i))))
}

/// `GVAN`: its base level, per checker play (flags, luck), per alternative and per cube
/// record a level byte.
struct Gvan {
    base: u8,
    checker: Vec<(u8, i16)>,
    alts: Vec<u8>,
    cubes: Vec<u8>,
}

fn read_gvan(
    data: &[u8],
    s: &Section,
    n_checker: usize,
    n_alts: usize,
    n_cube: usize,
) -> Result<Gvan, Problem> {
    let b = &data[s.payload.0..s.payload.1];
    let refuse = |why: String| {
        Problem::new(
            Code::OgxmUnsupported,
            s.at,
            CHUNK,
            format!(
                "chunk `GVAN` at byte {}: {why}; its luck and evaluation levels are not read",
                s.at
            ),
        )
    };
    if b.len() < 4 {
        return Err(refuse(format!("{} bytes, less than its header", b.len())));
    }
    let (version, base, sections) = (b[0], b[1], b[2]);
    let (wc, wq) = match version {
        3 => (3, 2),
        2 => (7, 6),
        v => return Err(refuse(format!("GVAN version {v}, where 2 and 3 are read"))),
    };
    let has = |bit: u8| sections & bit != 0;
    let want = 4
        + if has(1) { wc * n_checker } else { 0 }
        + if has(2) { n_alts } else { 0 }
        + if has(4) { wq * n_cube } else { 0 };
    if b.len() != want {
        return Err(refuse(format!(
            "{} bytes where its analysis block calls for {want}",
            b.len()
        )));
    }
    let mut k = 4;
    let mut g = Gvan {
        base,
        checker: Vec::new(),
        alts: Vec::new(),
        cubes: Vec::new(),
    };
    if has(1) {
        g.checker = (0..n_checker)
            .map(|i| (b[k + wc * i], i16_at(b, k + wc * i + 1)))
            .collect();
        k += wc * n_checker;
    }
    if has(2) {
        g.alts = b[k..k + n_alts].to_vec();
        k += n_alts;
    }
    if has(4) {
        g.cubes = (0..n_cube).map(|i| b[k + wq * i + 1]).collect();
    }
    Ok(g)
}

/// The first analysis block's figures put on the plies they name; the plays `GVAN` flags
/// illegal (game and ply index in `games`). A `GVAN` that cannot be read, and entries that
/// name no play they fit, are `warnings`.
///
/// # Errors
/// A damaged block: a chunk whose size does not match its `ANAL`.
fn read_analysis(
    data: &[u8],
    f: &Frame,
    head: &MatchHead,
    index: &HashMap<u8, usize>,
    games: &mut [GameIn],
    gammonview: bool,
    warnings: &mut Vec<Problem>,
) -> Result<Vec<(usize, usize)>, Problem> {
    let Some(bl) = first_block(f) else {
        return Ok(Vec::new());
    };
    let a = &data[bl.anal.payload.0..bl.anal.payload.1];
    if a.len() < 24 {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            bl.anal.at,
            CHUNK + a.len(),
            format!(
                "chunk `ANAL` at byte {} holds {} bytes, less than its 24: the analysis is not read",
                bl.anal.at,
                a.len()
            ),
        ));
    }
    let depth = a[0];
    let (n_checker, n_cube) = (usize::from(u16_at(a, 2)), usize::from(u16_at(a, 4)));
    let evals = records(data, bl.eval, "EVAL", n_checker, 20, bl.anal)?;
    let total_alts: usize = evals.chunks_exact(20).map(|e| usize::from(e[17])).sum();
    let alts = records(data, bl.alts, "ALTS", total_alts, 17, bl.anal)?;
    let cubes = records(data, bl.cube, "CUBE", n_cube, 28, bl.anal)?;
    // A `GVAN` that cannot be read costs its own figures only.
    let gvan = match bl
        .gvan
        .map(|s| read_gvan(data, s, n_checker, total_alts, n_cube))
    {
        Some(Ok(g)) => Some(g),
        Some(Err(p)) => {
            warnings.push(p);
            None
        }
        None => None,
    };
    let level = |own: u8, depth_here: u8| -> String {
        level_name(own)
            .or_else(|| (depth_here != 0).then(|| format!("{depth_here}-ply")))
            .or_else(|| gvan.as_ref().and_then(|g| level_name(g.base)))
            .unwrap_or_else(|| format!("{depth}-ply"))
    };
    let mut stray = 0usize;
    let mut illegal = Vec::new();
    let mut cursor = 0usize;
    for (i, e) in evals.chunks_exact(20).enumerate() {
        let n = usize::from(e[17]);
        let mine = &alts[cursor * 17..(cursor + n) * 17];
        let first_alt = cursor;
        cursor += n;
        let (g, k) = (index.get(&e[0]).copied(), usize::from(u16_at(e, 1)));
        let Some((g, p)) = g.and_then(|g| Some((g, games[g].plies.get_mut(k)?))) else {
            stray += 1;
            continue;
        };
        let mover = match p.action {
            Action::Roll { .. } => p.white,
            Action::Illegal { .. } => !p.white,
            _ => {
                stray += 1;
                continue;
            }
        };
        let mut played = None;
        let candidates = mine
            .chunks_exact(17)
            .enumerate()
            .map(|(j, alt)| {
                let steps: Vec<(u8, u8)> = alt[..4]
                    .iter()
                    .filter(|&&b| b != 0)
                    .map(|&b| (b & 0x1f, b >> 5))
                    .collect();
                if alt[16] & 1 == 1 && played.is_none() {
                    played = Some(j);
                }
                let own = gvan
                    .as_ref()
                    .and_then(|g| g.alts.get(first_alt + j).copied())
                    .unwrap_or(0);
                Candidate {
                    play: super::analysis::play_text(mover, steps.iter().copied()),
                    equity: q(i32::from(i16_at(alt, 4))),
                    probabilities: probs_at(alt, 6),
                    level: level(own, e[18]),
                    context: None,
                }
            })
            .collect();
        let checker = gvan.as_ref().and_then(|g| g.checker.get(i).copied());
        p.analysis = Some(Analysis {
            candidates,
            played,
            cube: None,
            luck: checker
                .filter(|(flags, _)| flags & 2 != 0)
                .map(|(_, luck)| q(i32::from(luck))),
        });
        if checker.is_some_and(|(flags, _)| flags & 4 != 0) {
            illegal.push((g, k));
        }
    }
    let mwc = !gammonview && head.length > 0;
    for (i, c) in cubes.chunks_exact(28).enumerate() {
        let (g, k) = (index.get(&c[0]).copied(), usize::from(u16_at(c, 1)));
        let Some(p) = g.and_then(|g| games[g].plies.get_mut(k)) else {
            stray += 1;
            continue;
        };
        let fits = match c[3] {
            0 => matches!(p.action, Action::Double),
            1 => matches!(p.action, Action::Take | Action::Drop),
            2 | 4 => matches!(p.action, Action::Roll { .. } | Action::Illegal { .. }),
            // A resignation's figures (3) and types not known: no place in the record.
            _ => continue,
        };
        if !fits {
            stray += 1;
            continue;
        }
        let own = gvan
            .as_ref()
            .and_then(|g| g.cubes.get(i).copied())
            .unwrap_or(0);
        p.analysis.get_or_insert_with(Analysis::default).cube = Some(CubeAnalysis {
            no_double: q(i32::from(i16_at(c, 4))),
            double_take: q(i32::from(i16_at(c, 6))),
            double_pass: Some(q(i32::from(i16_at(c, 8)))),
            match_winning_chances: mwc,
            level: level(own, c[24]),
            evaluation: None,
        });
    }
    if stray > 0 {
        warnings.push(Problem::new(
            Code::OgxmBadRecord,
            bl.anal.at,
            4,
            format!(
                "the analysis block at byte {}: {stray} of its entries name no play of the file that they fit, and are not read",
                bl.anal.at
            ),
        ));
    }
    Ok(illegal)
}

#[cfg(test)]
mod tests {
    use super::super::analysis::play_text;
    use super::*;

    #[test]
    fn steps_are_written_in_the_movers_numbering() {
        // White: absolute 1 is its 24; from its bar (0) with 3 it enters on its 22.
        assert_eq!(play_text(true, [(1, 6), (12, 2)]), "24/18 13/11");
        assert_eq!(play_text(true, [(0, 3), (19, 6)]), "bar/22 6/off");
        // Black's numbering is the absolute one; its bar is 25.
        assert_eq!(play_text(false, [(25, 4), (3, 5)]), "bar/21 3/off");
        assert_eq!(play_text(false, []), "");
    }

    #[test]
    fn levels_are_named_by_their_bits() {
        assert_eq!(level_name(0), None);
        assert_eq!(level_name(0x03).as_deref(), Some("3-ply"));
        assert_eq!(level_name(0x13).as_deref(), Some("truncated 3-ply"));
        assert_eq!(level_name(0x20).as_deref(), Some("rollout"));
        assert_eq!(level_name(0x40).as_deref(), Some("database"));
    }

    #[test]
    fn a_board_play_is_the_difference_of_the_boards() {
        let before = OPENING.map(i32::from);
        // White's 13/10 13/10: two checkers from absolute 12 to 15.
        let mut after = before;
        after[12] -= 2;
        after[15] += 2;
        assert_eq!(
            hops(&before, &after, true, 7),
            Some(vec![(12, 3, 7), (12, 3, 7)])
        );
        // Black's 6/off 5/off from a home board: two checkers gone.
        let mut home = [0i32; 26];
        home[6] = -2;
        home[5] = -1;
        let mut off = home;
        off[6] = -1;
        off[5] = 0;
        assert_eq!(
            hops(&home, &off, false, 0),
            Some(vec![(6, 6, 0), (5, 5, 0)])
        );
        // A checker moved backwards: no forward steps give it.
        let mut back = before;
        back[17] -= 1;
        back[16] += 1;
        assert_eq!(hops(&before, &back, true, 0), None);
    }
}
