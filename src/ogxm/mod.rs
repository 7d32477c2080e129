//! OGXM, the open match format of HedgeHog and OpenGammon (`OGXM_FORMAT_SPEC.md` v2.2):
//! `.ogxm` and `.gvab` files, and `.ogxms` / `.ogxms.zst` streams of them; OGXM v1 files are
//! read by [`v1`] into the same [`File`].
//!
//! [`read`] turns a file into the typed [`Record`]: the frame is checked first
//! ([`sections::frame`]: header, sections, an unknown critical section refused, the `CSUM`
//! checksum, `END!`), then the `MTCH` record (players, length, variant, rules, the score before
//! the first game) and each `GAME` (its record, then its plies) become a match built through
//! [`Builder`](crate::record::Builder), every entry located at the bytes of its ply. The signatures (`MSIG`, `SIGN`)
//! are checked by [`sign`] against the keys given with [`set_keys`]. Nothing in a file is
//! trusted for an allocation: every length is compared with the bytes left first.
//!
//! Colours differ by field: the binary seat bit is 0 for White, a game's `winner` 0 for White.
//! Points are absolute: 0 is White's bar, 25 Black's; White's own point `p` is `25 − p`.

pub mod analysis;
mod build;
pub mod bytes;
pub mod plies;
pub mod sections;
pub mod sign;
pub mod stream;
pub mod v1;
pub mod write;

pub(crate) use build::build;
pub use sign::{Keys, read_keys, set_keys};
pub use write::{WriteError, write_ogxm};

use crate::codes::Code;
use crate::notation::Span;
use crate::record::{Binary, ReadProblem, Record};
use bytes::{Cursor, bit, opt};
use plies::Ply;
use sections::{Frame, Problem};

/// Whether `bytes` start with the OGXM magic.
pub fn looks_like(bytes: &[u8]) -> bool {
    bytes.starts_with(b"OGXM")
}

/// The `MTCH` record as read.
#[derive(Clone, Debug, Default)]
pub struct MatchHead {
    /// 0: a money session.
    pub length: u64,
    /// 0 backgammon, 1 nackgammon, 2 hypergammon, 3 longgammon.
    pub variant: u64,
    pub white: Option<String>,
    pub black: Option<String>,
    pub crawford: bool,
    pub jacoby: bool,
    /// White's and Black's scores before the first game.
    pub start: (u64, u64),
    /// The event and the site (OGXM v1, gammonview's).
    pub event: Option<String>,
    pub site: Option<String>,
    /// Where the record lies.
    pub at: Span,
}

/// A `GAME` record and its plies.
#[derive(Clone, Debug, Default)]
pub struct GameIn {
    /// 0 White, 1 Black, else none.
    pub winner: Option<u64>,
    pub points_won: u64,
    /// The game starts from a board, or a cube (owned or turned), of its own.
    pub custom_board: bool,
    pub cube: u64,
    pub plies: Vec<Ply>,
    /// Where the section lies.
    pub at: Span,
}

fn read_match_head(data: &[u8], at: usize, end: usize) -> Result<MatchHead, Problem> {
    let bad = |s: bytes::Short| Problem::short(&s, Code::OgxmBadRecord, "the `MTCH` record");
    let mut c = Cursor::new(data, at, end);
    let (mask, mut r) = c.record("MTCH record").map_err(bad)?;
    let mut h = MatchHead {
        at: Span::new(at, end - at),
        ..MatchHead::default()
    };
    h.length = r.varint("match length").map_err(bad)?;
    h.variant = r.varint("variant").map_err(bad)?;
    h.white = opt(mask, 0, || r.string("white name")).map_err(bad)?;
    h.black = opt(mask, 1, || r.string("black name")).map_err(bad)?;
    if bit(mask, 2) {
        let rules = r.varint("rules").map_err(bad)?;
        h.crawford = rules & 1 == 1;
        h.jacoby = rules & 2 == 2;
    }
    if bit(mask, 3) {
        r.varint("cube limit").map_err(bad)?;
    }
    if bit(mask, 4) {
        h.start = (
            r.varint("white score").map_err(bad)?,
            r.varint("black score").map_err(bad)?,
        );
    }
    Ok(h)
}

fn read_game(data: &[u8], at: usize, end: usize) -> Result<GameIn, Problem> {
    let bad = |s: bytes::Short| Problem::short(&s, Code::OgxmBadRecord, "the `GAME` record");
    let mut c = Cursor::new(data, at, end);
    let (mask, mut r) = c.record("GAME record").map_err(bad)?;
    let mut g = GameIn {
        cube: 1,
        at: Span::new(at, end - at),
        ..GameIn::default()
    };
    g.winner = opt(mask, 0, || r.varint("winner"))
        .map_err(bad)?
        .filter(|&w| w <= 1);
    if bit(mask, 1) {
        g.points_won = r.varint("points won").map_err(bad)?;
    }
    // Bit 2 flags the match's last game: no field.
    if bit(mask, 3) {
        r.take(26, "initial board").map_err(bad)?;
        g.custom_board = true;
    }
    if bit(mask, 4) {
        g.cube = r.varint("initial cube").map_err(bad)?;
    }
    // A cube owned from the start (not centred: 2) or turned by automatic doubles is a cube
    // of the game's own, as a set-up board is a position of its own.
    if bit(mask, 5) && r.varint("initial cube owner").map_err(bad)? != 2 {
        g.custom_board = true;
    }
    if bit(mask, 6) && r.varint("automatic doubles").map_err(bad)? > 0 {
        g.custom_board = true;
    }
    g.plies = plies::read_plies(&mut c)?;
    Ok(g)
}

/// The whole file read: the frame, the match head, the games (a problem stops the reading
/// of the file, since nothing after a damaged length can be placed), and the analysis blocks,
/// annotations and clock (a damaged record there is set aside with a finding).
pub struct File {
    pub frame: Frame,
    pub head: MatchHead,
    pub games: Vec<GameIn>,
    /// What could not be read but did not stop the reading (a damaged analysis block of a
    /// v1 file): reported as warnings.
    pub warnings: Vec<Problem>,
    /// The analysis blocks, annotations and clock records beyond what the plies carry.
    pub extras: analysis::Extras,
}

/// The file's structure.
///
/// # Errors
/// The first problem found.
pub fn parse(data: &[u8]) -> Result<File, Problem> {
    parse_at(data, 0)
}

/// [`parse`] of the file that starts at `base` in `data` (a stream's member).
///
/// # Errors
/// The first problem found.
pub fn parse_at(data: &[u8], base: usize) -> Result<File, Problem> {
    if data
        .get(base..base + 6)
        .is_some_and(|h| h.starts_with(b"OGXM") && h[4..6] == [1, 0])
    {
        return v1::parse_at(data, base);
    }
    let frame = sections::frame_at(data, base)?;
    let mut head = None;
    let mut games = Vec::new();
    let mut extras = analysis::Extras::default();
    for s in &frame.sections {
        match &s.kind {
            b"MTCH" => head = Some(read_match_head(data, s.payload.0, s.payload.1)?),
            b"GAME" => games.push(read_game(data, s.payload.0, s.payload.1)?),
            _ => extras.read(data, s),
        }
    }
    let Some(head) = head else {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            base,
            4,
            "the file has no `MTCH` section: an analysis stored apart from its match holds no plays to check",
        ));
    };
    analysis::attach(data, &mut games, head.length, &mut extras);
    Ok(File {
        frame,
        head,
        games,
        warnings: Vec::new(),
        extras,
    })
}

/// `p` as a reader's problem.
pub(crate) fn problem(p: Problem, error: bool) -> ReadProblem {
    ReadProblem {
        code: p.code,
        error,
        note: false,
        span: Span::new(p.at, p.len),
        in_file: true,
        message: p.message,
        help: Some(help(p.code).into()),
    }
}

fn help(code: Code) -> &'static str {
    match code {
        Code::OgxmBadChecksum => {
            "the bytes before `CSUM` are not those it was computed over: use an intact copy"
        }
        Code::OgxmCriticalSection => "the file needs a newer OGXM reader; nothing in it is read",
        Code::OgxmUnsupported => "convert it with the program that wrote it to OGXM v2",
        Code::OgxmBadSignature => {
            "the match was changed after it was signed, or the signature is not the publisher's"
        }
        Code::OgxmUnknownKey => "name the publisher's public key with `--keys FILE`",
        _ => "the file is damaged or cut short: use an intact copy",
    }
}

/// An OGXM file as a [`Record`]: one match, each ply located at its bytes in the file.
pub fn read(data: &[u8]) -> Record {
    let mut r = Record {
        binary: Some(Binary::default()),
        ..Record::default()
    };
    match parse(data) {
        Ok(f) => {
            let (mut m, boards, problems) = build(&f);
            // v1's `SIGN` is not verified.
            if f.frame.major >= 2 {
                let (signed, signatures) = sign::check(data, &f.frame);
                m.signatures = signatures;
                r.problems.extend(signed);
            }
            r.matches.push(m);
            r.boards = boards;
            r.problems.extend(problems);
        }
        Err(p) => r.problems.push(problem(p, true)),
    }
    r
}

/// A step in the mover's own numbering: from and to (25 the bar, 0 off).
pub fn own_step(white: bool, from: u8, pips: u8) -> (u8, u8) {
    let (f, p) = (i32::from(from), i32::from(pips));
    let (of, ot) = if white {
        (25 - f, 25 - (f + p))
    } else {
        (f, f - p)
    };
    (of.clamp(0, 25) as u8, ot.clamp(0, 25) as u8)
}
