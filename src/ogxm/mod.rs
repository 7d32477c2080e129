//! OGXM, the open match format of HedgeHog and OpenGammon (`OGXM_FORMAT_SPEC.md` v2.2):
//! `.ogxm` and `.gvab` files, and `.ogxms` / `.ogxms.zst` streams of them; OGXM v1 files are
//! read by [`v1`] into the same [`File`].
//!
//! [`read`] turns a file into the typed [`Record`]: the frame is checked first
//! ([`sections::frame`]: header, sections, an unknown critical section refused, the `CSUM`
//! checksum, `END!`), then the `MTCH` record (players, length, variant, rules, the score before
//! the first game) and each `GAME` (its record, then its plies) become a match built through
//! [`Builder`], every entry located at the bytes of its ply. The signatures (`MSIG`, `SIGN`)
//! are checked by [`sign`] against the keys given with [`set_keys`]. Nothing in a file is
//! trusted for an allocation: every length is compared with the bytes left first.
//!
//! Colours differ by field: the binary seat bit is 0 for White, a game's `winner` 0 for White.
//! Points are absolute: 0 is White's bar, 25 Black's; White's own point `p` is `25 − p`.

pub mod analysis;
pub mod bytes;
pub mod plies;
pub mod sections;
pub mod sign;
pub mod stream;
pub mod v1;
pub mod write;

pub use sign::{Keys, read_keys, set_keys};
pub use write::{WriteError, write_ogxm};

use crate::codes::Code;
use crate::notation::{CellBody, Column, NameScore, ResignLevel, Span, StepText};
use crate::record::{Binary, Builder, ReadProblem, Record, StageIn, StoredBoard};
use bytes::{Cursor, bit};
use plies::{Action, Ply};
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
    if bit(mask, 0) {
        h.white = Some(r.string("white name").map_err(bad)?);
    }
    if bit(mask, 1) {
        h.black = Some(r.string("black name").map_err(bad)?);
    }
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
    if bit(mask, 0) {
        g.winner = Some(r.varint("winner").map_err(bad)?).filter(|&w| w <= 1);
    }
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

/// The record's variation tag for OGXM's `variant`.
fn variation(v: u64) -> Option<&'static str> {
    match v {
        0 => Some("Backgammon"),
        1 => Some("NackGammon"),
        2 => Some("HyperGammon"),
        3 => Some("LongGammon"),
        _ => None,
    }
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

/// Builds the match of a parsed file.
pub(crate) fn build(f: &File) -> (crate::record::Match, Vec<StoredBoard>, Vec<ReadProblem>) {
    let h = &f.head;
    let mut b = Builder::new();
    let mut problems: Vec<ReadProblem> = f
        .warnings
        .iter()
        .map(|p| problem(p.clone(), false))
        .collect();
    let mut boards = Vec::new();
    let white = h.white.clone().unwrap_or_else(|| "White".into());
    let black = h.black.clone().unwrap_or_else(|| "Black".into());
    if let Some(e) = &h.event {
        b.tag("Event", e.clone(), h.at);
    }
    if let Some(s) = &h.site {
        b.tag("Site", s.clone(), h.at);
    }
    b.tag("Player 1", white.clone(), h.at);
    b.tag("Player 2", black.clone(), h.at);
    match variation(h.variant) {
        Some(v) => b.tag("Variation", v, h.at),
        None => problems.push(problem(
            Problem::new(
                Code::OgxmUnsupported,
                h.at.offset,
                h.at.len,
                format!(
                    "the match's variant is {}, which OGXM v2 does not define",
                    h.variant
                ),
            ),
            true,
        )),
    }
    let on = |x: bool| if x { "On" } else { "Off" };
    b.tag("Crawford", on(h.crawford), h.at);
    b.tag("Jacoby", on(h.jacoby), h.at);
    for text in analysis::prose(&f.extras, analysis::SCOPE_MATCH, 0) {
        for line in text.lines() {
            b.comment(line);
        }
    }
    // The entry each ply became, for the places of what the record keeps beside them.
    let mut entries: Vec<Vec<Option<usize>>> = Vec::with_capacity(f.games.len());
    let mut illegal: Vec<String> = Vec::new();
    b.length(h.length, h.at);
    let (mut ws, mut bs) = h.start;
    for (gi, g) in f.games.iter().enumerate() {
        let side = |name: &str, score: u64| NameScore {
            name: name.to_string(),
            rating: None,
            score,
            name_span: h.at,
            score_span: g.at,
        };
        b.game(
            gi as u64 + 1,
            Span::new(g.at.offset, 0),
            side(&white, ws),
            side(&black, bs),
        );
        let text: Vec<&str> = analysis::prose(&f.extras, analysis::SCOPE_GAME, gi as u64).collect();
        if !text.is_empty() {
            b.game_comment(text.join("\n"));
        }
        entries.push(vec![None; g.plies.len()]);
        // The turn numbering of the builder, followed here to name a play made at the board.
        let (mut turn, mut open) = (0u64, false);
        let mut take_turn = |white: bool| {
            if !white && open {
                open = false;
            } else {
                turn += 1;
                open = white;
            }
            turn
        };
        if g.custom_board || g.cube != 1 {
            problems.push(problem(
                Problem::new(
                    Code::OgxmUnsupported,
                    g.at.offset,
                    g.at.len,
                    "the game starts from a position or cube of its own, which a match record cannot state: its plays are not checked",
                ),
                false,
            ));
            b.broken(Span::new(g.at.offset, 1));
            continue;
        }
        let mut cube = g.cube.max(1);
        let mut pre = cube;
        for (k, p) in g.plies.iter().enumerate() {
            let before = b.entries();
            let column = |white: bool| if white { Column::Left } else { Column::Right };
            let span = p.span;
            let head = Span::new(span.offset, 1);
            match &p.action {
                Action::Roll { dice, steps } | Action::Illegal { dice, steps, .. } => {
                    let (mover, board) = match &p.action {
                        Action::Illegal { board, .. } => (!p.white, *board),
                        _ => (p.white, None),
                    };
                    let resigns_next = steps.is_empty()
                        && g.plies.get(k + 1).is_some_and(|n| {
                            n.white == mover && matches!(n.action, Action::Resign { .. })
                        });
                    let hops = steps.iter().map(|&(from, pips, at)| {
                        let (of, ot) = own_step(mover, from, pips);
                        let s = Span::new(at, 1);
                        StepText::hop(of, ot, false, s, s, s)
                    });
                    let t = take_turn(mover);
                    b.turn(
                        column(mover),
                        span,
                        StageIn {
                            dice: *dice,
                            dice_at: head,
                            steps: hops,
                            unknown: resigns_next.then_some(head),
                        },
                        p.comment.clone(),
                    );
                    if let Some(a) = &p.analysis {
                        b.analysis(a.clone());
                    }
                    if matches!(p.action, Action::Illegal { .. }) {
                        illegal.push(format!(
                            "game {}, turn {t}, {}",
                            gi + 1,
                            if mover { "white" } else { "black" }
                        ));
                    }
                    if let Some(board) = board {
                        boards.push(StoredBoard {
                            at: span,
                            counts: plies::own_counts(&board),
                        });
                    }
                }
                Action::Double => {
                    take_turn(p.white);
                    pre = cube;
                    b.cube(
                        column(p.white),
                        span,
                        CellBody::Double {
                            value: cube * 2,
                            value_span: head,
                        },
                        p.comment.clone(),
                    );
                    if let Some(a) = &p.analysis {
                        b.analysis(a.clone());
                    }
                }
                Action::Take | Action::Drop => {
                    take_turn(p.white);
                    let body = if matches!(p.action, Action::Take) {
                        cube = pre * 2;
                        CellBody::Take
                    } else {
                        CellBody::Drop
                    };
                    b.cube(column(p.white), span, body, p.comment.clone());
                    if let Some(a) = &p.analysis {
                        b.analysis(a.clone());
                    }
                }
                Action::Beaver | Action::Raccoon => {
                    take_turn(p.white);
                    let raccoon = matches!(p.action, Action::Raccoon);
                    let value = pre * if raccoon { 8 } else { 4 };
                    cube = value;
                    let value_span = head;
                    let body = if raccoon {
                        CellBody::Raccoon { value, value_span }
                    } else {
                        CellBody::Beaver { value, value_span }
                    };
                    b.cube(column(p.white), span, body, p.comment.clone());
                    if let Some(a) = &p.analysis {
                        b.analysis(a.clone());
                    }
                }
                Action::Resign { value, whole_match } => {
                    let level = if *whole_match {
                        Some(ResignLevel::Match)
                    } else {
                        match value {
                            2 => Some(ResignLevel::Gammon),
                            3 => Some(ResignLevel::Backgammon),
                            _ => Some(ResignLevel::Game),
                        }
                    };
                    b.result(column(p.white), span, CellBody::Resign { level });
                }
                Action::Other { id } => {
                    if plies::breaks_replay(*id) {
                        problems.push(problem(
                            Problem::new(
                                Code::OgxmUnsupported,
                                span.offset,
                                span.len,
                                format!(
                                    "ply {} of game {} (action {id}) sets the board or cube by hand, which a match record cannot state: the game is not checked past it",
                                    k + 1,
                                    gi + 1
                                ),
                            ),
                            false,
                        ));
                        b.broken(span);
                        break;
                    }
                }
            }
            if b.entries() > before
                && let Some(e) = entries.last_mut()
            {
                e[k] = Some(b.entries() - 1);
            }
        }
        if let (Some(w), true) = (g.winner, g.points_won > 0) {
            let won = w == 0;
            let score = if won { ws } else { bs };
            let and_match = h.length > 0 && score + g.points_won >= h.length;
            let end = g.at.offset + g.at.len;
            b.result(
                if won { Column::Left } else { Column::Right },
                Span::new(end.saturating_sub(1), 1),
                CellBody::Wins {
                    points: g.points_won,
                    points_span: Span::new(g.at.offset, 1),
                    and_match,
                },
            );
            if won {
                ws += g.points_won;
            } else {
                bs += g.points_won;
            }
        }
    }
    if !illegal.is_empty() {
        b.tag("IllegalPlay", illegal.join("; "), h.at);
    }
    b.extras(analysis::record_extras(&f.games, &f.extras, &entries));
    problems.extend(f.extras.problems.iter().map(|p| problem(p.clone(), false)));
    (b.finish(), boards, problems)
}
