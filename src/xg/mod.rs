//! eXtreme Gammon's binary records: `.xg` (a match or session) and `.xgp` (a position).
//!
//! [`read`] turns a file into a [`Transcript`]: the match written in the `.mat` layout gnubg
//! writes, with every piece of that text mapped to the record of `temp.xg` it comes from
//! ([`Origin::Binary`], offsets inside the decompressed `temp.xg`: [`Transcript::member`]),
//! and every problem of the container or of the records as a located [`ReadProblem`]. The
//! `.mat` reader then builds the typed record from the text, so replay and report never
//! learn that the record was binary. [`read_position`] reads the position of an `.xgp` (or
//! the last position of an `.xg`) as an XGID that `tavla check` and `tavla legal` take.
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
//!   all zero (written `dd: ????`, as XG's own `.mat` export does); a resignation before the
//!   roll is a Cube record with `Double = −1` (nothing is written: the `Wins` follows);
//! - XG ends a completed bear-off with such a Cube record and `Termination` 104 or 101;
//! - the first game's start position may be all zeros.

pub mod archive;
pub mod records;

use crate::codes::Code;
use crate::notation::Span;
use crate::notation::layout::{self, CubeCell, RIGHT_COLUMN};
use crate::record::{Origin, ReadProblem, Transcript};
use crate::replay::Finding;
use crate::rules::{Position, Side};

use records::{Cube, GameFooter, GameHeader, MatchHeader, Move, Player, RECORD, Record};

pub use archive::MAGIC;

/// The member of the archive that holds the records.
pub const RECORDS_MEMBER: &str = "temp.xg";
/// The member that holds the comments (RTF, one document per line).
pub const COMMENTS_MEMBER: &str = "temp.xgc";

/// Whether `bytes` start like an eXtreme Gammon file (`RGMH`).
pub fn is_xg(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

fn origin(offset: usize) -> Origin {
    Origin::Binary {
        offset: offset as u64,
        len: RECORD as u64,
    }
}

fn record_problem(
    code: Code,
    error: bool,
    offset: usize,
    message: String,
    help: &str,
) -> ReadProblem {
    ReadProblem {
        code,
        error,
        origin: origin(offset),
        message,
        help: Some(help.into()),
    }
}

/// What a cell of the transcript is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// A roll and its play, or a cube action: on a numbered line.
    Turn,
    /// `Wins`: on its own line.
    Result,
}

/// One cell of a game, in record order.
#[derive(Clone, Debug)]
struct CellW {
    player: Player,
    text: String,
    at: usize,
    kind: Kind,
    comment: i32,
}

/// One game as read.
#[derive(Clone, Debug)]
struct GameW {
    header: GameHeader,
    at: usize,
    cells: Vec<CellW>,
}

/// The match as read from `temp.xg`.
#[derive(Clone, Debug, Default)]
struct MatchW {
    header: MatchHeader,
    games: Vec<GameW>,
    /// The first position with checkers (for the hypergammon variants' checker count).
    first_position: Option<[i8; 26]>,
    /// The board stored after each play, by the offset of its record.
    boards: Vec<(usize, [[u8; 26]; 2])>,
}

/// XG's board after a play (26 counts from the mover's side: the mover positive on its points
/// 1–24 and its bar at 25, the opponent negative, its bar at 0) as counts by side in each
/// side's own numbering, White (player 1) first.
fn board_counts(after: &[i8; 26], mover: Player) -> [[u8; 26]; 2] {
    let mut own = [0u8; 26];
    let mut other = [0u8; 26];
    for (i, &v) in after.iter().enumerate() {
        let n = v.unsigned_abs().min(15);
        if v > 0 {
            own[i] = n;
        } else if v < 0 {
            other[25 - i] = n;
        }
    }
    match mover {
        Player::One => [own, other],
        Player::Two => [other, own],
    }
}

/// The value of XG's cube field (0 centred, ±n: 2ⁿ).
fn cube_value(c: i32) -> Option<u64> {
    let n = c.unsigned_abs();
    (n <= 30).then(|| 1u64 << n)
}

/// The dice as written: `64`, or `??` for a die outside 1–6.
fn dice_text(d: [i32; 2]) -> String {
    if d.iter().all(|v| (1..=6).contains(v)) {
        format!("{}{}", d[0], d[1])
    } else {
        "??".into()
    }
}

/// The cell of a move record, or a problem.
fn move_text(m: &Move, at: usize, problems: &mut Vec<ReadProblem>) -> String {
    let dice = dice_text(m.dice);
    if dice == "??" {
        problems.push(record_problem(
            Code::XgBadRecord,
            true,
            at,
            format!(
                "the move record holds the dice {} and {}: dice run from 1 to 6",
                m.dice[0], m.dice[1]
            ),
            "the record is damaged: the roll is written `??` in the transcript",
        ));
    }
    if m.resigned() {
        return format!("{dice}: ????");
    }
    let mut steps = Vec::new();
    for pair in m.moves.chunks_exact(2) {
        let (from, to) = (pair[0], pair[1]);
        if from == -1 {
            break;
        }
        if !(0..=24).contains(&from) || to > 24 {
            problems.push(record_problem(
                Code::XgBadRecord,
                true,
                at,
                format!(
                    "the move record holds the pair {from}/{to}: a from slot runs from 0 to 24 (24 the bar), a destination up to 23 or negative (off)"
                ),
                "the record is damaged: the pairs after it are not read",
            ));
            break;
        }
        let to = if to < 0 { 0 } else { to + 1 };
        steps.push(format!("{}/{to}", from + 1));
    }
    if steps.is_empty() {
        format!("{dice}:")
    } else {
        format!("{dice}: {}", steps.join(" "))
    }
}

/// The cells of a cube record.
fn cube_cells(
    c: &Cube,
    player: Player,
    at: usize,
    cells: &mut Vec<CellW>,
    problems: &mut Vec<ReadProblem>,
) {
    if c.double != 1 {
        return;
    }
    let Some(value) = cube_value(c.cube).and_then(|v| v.checked_mul(2)) else {
        problems.push(record_problem(
            Code::XgBadRecord,
            true,
            at,
            format!(
                "the cube record holds the cube {} (at most 2^30 is read)",
                c.cube
            ),
            "the record is damaged: the double is not written",
        ));
        return;
    };
    let mut push = |p: Player, cell: CubeCell, comment: i32| {
        cells.push(CellW {
            player: p,
            text: layout::cube(cell),
            at,
            kind: Kind::Turn,
            comment,
        })
    };
    let taker = player.other();
    push(player, CubeCell::Doubles(value), c.comment);
    match c.take {
        1 => push(taker, CubeCell::Takes, -1),
        0 => push(taker, CubeCell::Drops, -1),
        2 => {
            push(taker, CubeCell::Beavers(value * 2), -1);
            match c.beaver {
                0 => push(player, CubeCell::Drops, -1),
                2 => {
                    push(player, CubeCell::Raccoons(value * 4), -1);
                    if c.raccoon == 0 {
                        push(taker, CubeCell::Drops, -1);
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}

/// Read the records of `temp.xg` into the match.
fn walk(data: &[u8], problems: &mut Vec<ReadProblem>) -> MatchW {
    let mut m = MatchW::default();
    let whole = data.len() / RECORD * RECORD;
    if whole != data.len() {
        problems.push(ReadProblem {
            code: Code::XgTruncated,
            error: true,
            origin: Origin::Binary {
                offset: whole as u64,
                len: (data.len() - whole) as u64,
            },
            message: format!(
                "temp.xg holds {} bytes: {} records of {RECORD} bytes and {} bytes of a cut record",
                data.len(),
                whole / RECORD,
                data.len() - whole
            ),
            help: Some("the last record is incomplete and not read: the file is damaged".into()),
        });
    }
    let mut version = 0;
    let mut header_seen = false;
    for (i, r) in data[..whole].chunks_exact(RECORD).enumerate() {
        let at = i * RECORD;
        let rec = match records::parse(r, version) {
            Ok(rec) => rec,
            Err(t) => {
                problems.push(record_problem(
                    Code::XgBadRecord,
                    true,
                    at,
                    format!(
                        "record {} of temp.xg has the type {t}; XG writes types 0 to 7",
                        i + 1
                    ),
                    "the file is damaged from here on: the rest is not read",
                ));
                break;
            }
        };
        if i == 0 && !matches!(rec, Record::MatchHeader(_)) {
            problems.push(record_problem(
                Code::XgBadRecord,
                true,
                at,
                "temp.xg does not start with the match header record".into(),
                "the file is damaged or not an XG match: the records are read without the match's names and rules",
            ));
        }
        let game = m.games.last_mut();
        let misplaced = |problems: &mut Vec<ReadProblem>, what: &str| {
            problems.push(record_problem(
                Code::XgBadRecord,
                true,
                at,
                format!("a {what} record outside a game (before any game header)"),
                "the file is damaged: the record is not read",
            ))
        };
        match rec {
            Record::MatchHeader(h) => {
                if header_seen {
                    problems.push(record_problem(
                        Code::XgBadRecord,
                        true,
                        at,
                        "a second match header record".into(),
                        "the file is damaged: the record is not read",
                    ));
                } else {
                    version = h.version;
                    m.header = *h;
                    header_seen = true;
                }
            }
            Record::GameHeader(h) => m.games.push(GameW {
                header: h,
                at,
                cells: Vec::new(),
            }),
            Record::Cube(c) => {
                let Some(g) = game else {
                    misplaced(problems, "cube");
                    continue;
                };
                if m.first_position.is_none() && c.position.iter().any(|&v| v != 0) {
                    m.first_position = Some(c.position);
                }
                let Some(p) = c.player else {
                    problems.push(record_problem(
                        Code::XgBadRecord,
                        true,
                        at,
                        "the cube record names no player (1 or -1)".into(),
                        "the record is damaged: it is not read",
                    ));
                    continue;
                };
                if c.invalid != 0 {
                    problems.push(record_problem(
                        Code::XgMarkedInvalid,
                        false,
                        at,
                        "XG marked this cube decision invalid".into(),
                        "tavla checks the decision against the rules itself",
                    ));
                }
                cube_cells(&c, p, at, &mut g.cells, problems);
            }
            Record::Move(mv) => {
                let Some(g) = game else {
                    misplaced(problems, "move");
                    continue;
                };
                if m.first_position.is_none() && mv.before.iter().any(|&v| v != 0) {
                    m.first_position = Some(mv.before);
                }
                let Some(p) = mv.player else {
                    problems.push(record_problem(
                        Code::XgBadRecord,
                        true,
                        at,
                        "the move record names no player (1 or -1)".into(),
                        "the record is damaged: it is not read",
                    ));
                    continue;
                };
                if mv.invalid != 0 {
                    problems.push(record_problem(
                        Code::XgMarkedInvalid,
                        false,
                        at,
                        "XG marked this play invalid".into(),
                        "tavla checks the play against the rules itself",
                    ));
                }
                let text = move_text(&mv, at, problems);
                if !mv.resigned() {
                    m.boards.push((at, board_counts(&mv.after, p)));
                }
                g.cells.push(CellW {
                    player: p,
                    text,
                    at,
                    kind: Kind::Turn,
                    comment: mv.comment,
                });
            }
            Record::GameFooter(f) => {
                let Some(g) = game else {
                    misplaced(problems, "game footer");
                    continue;
                };
                footer_cell(&m.header, g, &f, at, problems);
            }
            Record::MatchFooter(_) | Record::Other(_) => {}
        }
    }
    m
}

fn footer_cell(
    h: &MatchHeader,
    g: &mut GameW,
    f: &GameFooter,
    at: usize,
    problems: &mut Vec<ReadProblem>,
) {
    let Some(w) = f.winner else {
        problems.push(record_problem(
            Code::XgBadRecord,
            true,
            at,
            "the game footer names no winner (1 or -1)".into(),
            "the record is damaged: the game's result is not written",
        ));
        return;
    };
    let points = f.points.max(0) as u64;
    let before = match w {
        Player::One => g.header.score[0],
        Player::Two => g.header.score[1],
    }
    .max(0) as u64;
    let length = match_length(h);
    let and_match = length > 0 && before + points >= length;
    g.cells.push(CellW {
        player: w,
        text: layout::wins(points, and_match),
        at,
        kind: Kind::Result,
        comment: -1,
    });
}

/// The match length of the `.mat` layout (0: money).
fn match_length(h: &MatchHeader) -> u64 {
    if (1..99_999).contains(&h.length) {
        h.length as u64
    } else {
        0
    }
}

/// A name for the score line: no `:` (it separates name and score), no line ends.
fn clean_name(s: &str) -> String {
    s.chars()
        .map(|c| if c == ':' || c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The `Variation` tag of XG's variation field.
fn variation(h: &MatchHeader, first: Option<[i8; 26]>) -> String {
    match h.variation {
        0 => "Backgammon".into(),
        1 => "NackGammon".into(),
        2 => {
            let n = first.map_or(3, |p| {
                p.iter().filter(|&&v| v > 0).map(|&v| v as i32).sum::<i32>()
            });
            format!("HyperGammon ({})", n.clamp(1, 3))
        }
        3 => "LongGammon".into(),
        v => format!("XG variation {v}"),
    }
}

/// One line of a game in the layout.
enum LineW {
    Turn {
        left: Option<usize>,
        right: Option<usize>,
    },
    Result(usize),
}

fn lay_out(g: &GameW) -> Vec<LineW> {
    let mut lines: Vec<LineW> = Vec::new();
    for (i, c) in g.cells.iter().enumerate() {
        match (c.kind, c.player) {
            (Kind::Result, _) => lines.push(LineW::Result(i)),
            (Kind::Turn, Player::One) => lines.push(LineW::Turn {
                left: Some(i),
                right: None,
            }),
            (Kind::Turn, Player::Two) => match lines.last_mut() {
                Some(LineW::Turn {
                    left: Some(_),
                    right: r @ None,
                }) => *r = Some(i),
                _ => lines.push(LineW::Turn {
                    left: None,
                    right: Some(i),
                }),
            },
        }
    }
    lines
}

/// Plain text of one RTF comment of `temp.xgc` (control words dropped, `\par` a line end,
/// `\'hh` a Windows-1252 byte, `\uN` a character).
fn rtf_text(rtf: &str) -> String {
    let b = rtf.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    // Depth of a group that holds no text (font table, colours, `{\*…}`), else 0.
    let mut skip_depth = 0usize;
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'{' => {
                depth += 1;
                let rest = &rtf[i + 1..];
                if skip_depth == 0
                    && ["\\*", "\\fonttbl", "\\colortbl", "\\stylesheet", "\\info"]
                        .iter()
                        .any(|p| rest.starts_with(p))
                {
                    skip_depth = depth;
                }
                i += 1;
            }
            b'}' => {
                if skip_depth == depth {
                    skip_depth = 0;
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'\\' => {
                i += 1;
                let Some(&c) = b.get(i) else { break };
                if c == b'\'' {
                    let hex = rtf
                        .get(i + 1..i + 3)
                        .and_then(|h| u8::from_str_radix(h, 16).ok());
                    if let (Some(v), 0) = (hex, skip_depth) {
                        out.push(windows_1252(v));
                    }
                    i += 3;
                } else if c.is_ascii_alphabetic() {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_alphabetic() {
                        i += 1;
                    }
                    let word = &rtf[start..i];
                    let nstart = i;
                    if i < b.len() && (b[i] == b'-' || b[i].is_ascii_digit()) {
                        i += 1;
                        while i < b.len() && b[i].is_ascii_digit() {
                            i += 1;
                        }
                    }
                    let num: Option<i32> = rtf[nstart..i].parse().ok();
                    if i < b.len() && b[i] == b' ' {
                        i += 1;
                    }
                    if skip_depth == 0 {
                        match word {
                            "par" | "line" => out.push('\n'),
                            "tab" => out.push('\t'),
                            "u" => {
                                if let Some(ch) = num.and_then(|n| char::from_u32(n as u16 as u32))
                                {
                                    out.push(ch);
                                }
                                // `\uc1`: the one replacement character that follows.
                                if i < b.len() && b[i] != b'\\' && b[i] != b'{' && b[i] != b'}' {
                                    i += 1;
                                }
                            }
                            _ => {}
                        }
                    }
                } else {
                    if skip_depth == 0 && matches!(c, b'\\' | b'{' | b'}') {
                        out.push(c as char);
                    }
                    i += 1;
                }
            }
            b'\r' | b'\n' | 1 | 2 => i += 1,
            _ => {
                let ch = rtf[i..].chars().next().unwrap_or('\u{fffd}');
                if skip_depth == 0 {
                    out.push(ch);
                }
                i += ch.len_utf8();
            }
        }
    }
    out.trim().to_string()
}

/// A Windows-1252 byte as a character (the 0x80–0x9F block as Windows maps it).
fn windows_1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž',
        '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9d}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9f => HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// The comments of `temp.xgc`, by index (one RTF document per CRLF-separated line).
fn comments(data: &[u8]) -> Vec<String> {
    let text: String = data.iter().map(|&c| windows_1252(c)).collect();
    text.split("\r\n").map(rtf_text).collect::<Vec<_>>()
}

/// Read an `.xg` file: the match as a [`Transcript`] in the `.mat` layout, with its pieces
/// mapped to the records of `temp.xg` and every problem of the file located.
///
/// A file whose container cannot be read (wrong magic, cut short, a CRC that does not match,
/// a registry that overruns its data) gives an empty text and the problem, located in the
/// file ([`Transcript::member`] is then `None`); problems of the records are located in
/// `temp.xg`. Never panics; memory is bounded by [`archive::MAX_MEMBER`] whatever the size
/// fields say.
pub fn read(bytes: &[u8]) -> Transcript {
    let mut t = Transcript::default();
    let mut warnings = Vec::new();
    let members = match archive::members(bytes, &[RECORDS_MEMBER, COMMENTS_MEMBER], &mut warnings) {
        Ok(m) => m,
        Err(p) => {
            t.problems.push(p);
            t.problems.extend(warnings);
            return t;
        }
    };
    t.member = Some(RECORDS_MEMBER.into());
    for w in warnings {
        // A damaged comments member: the file offset goes into the message, the problem
        // onto the start of the match.
        let at = match w.origin {
            Origin::Binary { offset, .. } => offset,
            Origin::Text(s) => s.offset as u64,
        };
        t.problems.push(ReadProblem {
            message: format!(
                "{} (byte {at} of the file); the comments are not read",
                w.message
            ),
            origin: Origin::Binary { offset: 0, len: 0 },
            ..w
        });
    }
    let mut data: &[u8] = &[];
    let mut notes: Vec<String> = Vec::new();
    for m in &members {
        if m.name == RECORDS_MEMBER {
            data = &m.data;
        } else if m.name == COMMENTS_MEMBER {
            notes = comments(&m.data);
        }
    }
    let mut problems = Vec::new();
    let m = walk(data, &mut problems);
    write(&m, &notes, &mut t);
    // Each stored board on the transcript's cell of its play.
    for &(at, counts) in &m.boards {
        let cell = t.pieces.iter().find(|p| {
            p.origin
                == Origin::Binary {
                    offset: at as u64,
                    len: RECORD as u64,
                }
                && t.text.as_bytes().get(p.at.offset + 2) == Some(&b':')
        });
        if let Some(p) = cell {
            t.boards
                .push(crate::record::StoredBoard { at: p.at, counts });
        }
    }
    t.problems.extend(problems);
    t
}

/// Write the match into the transcript.
fn write(m: &MatchW, notes: &[String], t: &mut Transcript) {
    let h = &m.header;
    let p1 = clean_name(&h.player1);
    let p2 = clean_name(&h.player2);
    let laid: Vec<Vec<LineW>> = m.games.iter().map(lay_out).collect();
    let mut header = layout::MatText::new();
    let tag = |mt: &mut layout::MatText, name: &str, v: &str| {
        let v = v.trim();
        if !v.is_empty() {
            mt.tag(name, v);
        }
    };
    tag(&mut header, "Site", &h.location);
    tag(&mut header, "Event", &h.event);
    tag(&mut header, "Round", &h.round);
    tag(&mut header, "Player 1", &p1);
    tag(&mut header, "Player 2", &p2);
    if let Some(d) = records::delphi_date(h.date) {
        tag(&mut header, "EventDate", &d);
    }
    tag(&mut header, "Variation", &variation(h, m.first_position));
    let on = |b: bool| if b { "On" } else { "Off" };
    tag(&mut header, "Crawford", on(h.crawford));
    tag(&mut header, "Jacoby", on(h.jacoby));
    tag(&mut header, "Beaver", on(h.beaver));
    if (1..=20).contains(&h.cube_limit) {
        tag(
            &mut header,
            "CubeLimit",
            &(1u64 << h.cube_limit).to_string(),
        );
    }
    tag(&mut header, "Transcriber", &h.transcriber);
    let note = |mt: &mut layout::MatText, place: &str, i: i32| {
        if let Some(text) = usize::try_from(i).ok().and_then(|i| notes.get(i)) {
            for (k, line) in text.lines().enumerate() {
                if k == 0 {
                    mt.comment(&format!("XG comment, {place}: {line}"));
                } else {
                    mt.comment(&format!("  {line}"));
                }
            }
        }
    };
    note(&mut header, "match", h.comment);
    for (gi, (g, lines)) in m.games.iter().zip(&laid).enumerate() {
        note(&mut header, &format!("game {}", gi + 1), g.header.comment);
        let mut n = 0;
        for line in lines {
            if let LineW::Turn { left, right } = line {
                n += 1;
                for (c, side) in [(left, "white"), (right, "black")] {
                    if let Some(c) = c {
                        let cell = &g.cells[*c];
                        note(
                            &mut header,
                            &format!("game {}, turn {n}, {side}", gi + 1),
                            cell.comment,
                        );
                    }
                }
            }
        }
    }
    header.match_length(Some(match_length(h)));
    let header = header.finish();
    t.push(
        &header,
        Origin::Binary {
            offset: 0,
            len: RECORD as u64,
        },
    );
    for (gi, (g, lines)) in m.games.iter().zip(&laid).enumerate() {
        t.push_layout("\n");
        t.push(&format!(" Game {}", gi + 1), origin(g.at));
        t.push_layout("\n");
        let left = format!(" {p1} : {}", g.header.score[0].max(0));
        let pad = (RIGHT_COLUMN - 2)
            .saturating_sub(left.chars().count())
            .max(2);
        let score = format!(
            "{left}{}{p2} : {}",
            " ".repeat(pad),
            g.header.score[1].max(0)
        );
        t.push(&score, origin(g.at));
        t.push_layout("\n");
        let mut n = 0;
        for line in lines {
            let (prefix, left, right, column) = match line {
                LineW::Turn { left, right } => {
                    n += 1;
                    (format!("{n:>3}) "), *left, *right, RIGHT_COLUMN)
                }
                LineW::Result(c) => {
                    let (l, r) = match g.cells[*c].player {
                        Player::One => (Some(*c), None),
                        Player::Two => (None, Some(*c)),
                    };
                    let indent = if l.is_some() { "      " } else { "" };
                    (indent.to_string(), l, r, RIGHT_COLUMN + 1)
                }
            };
            t.push_layout(&prefix);
            let mut width = prefix.chars().count();
            if let Some(c) = left {
                let cell = &g.cells[c];
                t.push(&cell.text, origin(cell.at));
                width += cell.text.chars().count();
            }
            if let Some(c) = right {
                let cell = &g.cells[c];
                let pad = if width + 2 > column {
                    2
                } else {
                    column - width
                };
                t.push_layout(&" ".repeat(pad));
                t.push(&cell.text, origin(cell.at));
            }
            // A numbered line with no cell keeps no trailing blank.
            if left.is_none() && right.is_none() {
                let keep = t.text.trim_end().len();
                t.text.truncate(keep);
            }
            t.push_layout("\n");
        }
    }
}

/// Fill each finding's [`Finding::origin`] from the transcript: the `temp.xg` record its
/// span comes from, when the span lies in a piece of a binary original.
pub fn locate_findings(t: &Transcript, findings: &mut [Finding]) {
    for f in findings {
        if let Some(p) = t.origin_of(f.span)
            && let o @ Origin::Binary { .. } = p.origin
        {
            f.origin = Some(o);
        }
    }
}

/// The transcript's [`ReadProblem`]s as findings on its text: each on the piece that comes
/// from the problem's record (the start of the text when none does), with its byte offset.
pub fn problem_findings(t: &Transcript) -> Vec<Finding> {
    t.problems
        .iter()
        .map(|p| {
            let (offset, span) = match p.origin {
                Origin::Binary { offset, .. } => (
                    Some(offset),
                    t.pieces
                        .iter()
                        .find(|q| matches!(q.origin, Origin::Binary { offset: o, len } if o <= offset && offset < o + len.max(1)) && t.member.is_some() && offset > 0)
                        .map_or(Span::new(0, 0), |q| q.at),
                ),
                Origin::Text(s) => (None, s),
            };
            let mut f = if p.error {
                Finding::error(p.code, span, p.message.clone())
            } else {
                Finding::warning(p.code, span, p.message.clone())
            };
            f.label = match (offset, &t.member) {
                (Some(o), Some(m)) => format!("the record at byte {o} of {m}"),
                (Some(o), None) => format!("byte {o} of the file"),
                (None, _) => "here".into(),
            };
            f.help = p.help.clone();
            f.origin = offset.map(|_| p.origin);
            f
        })
        .collect()
}

/// The position of an `.xgp` file (or the last position of an `.xg`), as an XGID: the last
/// move or cube record's position, the player on roll, the dice of a move record, the cube,
/// the score and the match length.
///
/// # Errors
/// The problem that stops the reading, as for [`read`], or a file without a position.
pub fn read_position(bytes: &[u8]) -> Result<String, ReadProblem> {
    let mut warnings = Vec::new();
    let members = archive::members(bytes, &[RECORDS_MEMBER], &mut warnings)?;
    let data = &members[0].data;
    let mut header = MatchHeader::default();
    let mut score = [0i32; 2];
    let mut crawford = false;
    // The last position: board, player on roll, dice (a move record), cube.
    type Last = ([i8; 26], Player, Option<[i32; 2]>, i32);
    let mut last: Option<Last> = None;
    let mut version = 0;
    for r in data.chunks_exact(RECORD) {
        match records::parse(r, version) {
            Ok(Record::MatchHeader(h)) => {
                version = h.version;
                header = *h;
            }
            Ok(Record::GameHeader(g)) => {
                score = g.score;
                crawford = g.crawford;
            }
            Ok(Record::Cube(c)) => {
                if let Some(p) = c.player {
                    last = Some((c.position, p, None, c.cube));
                }
            }
            Ok(Record::Move(m)) => {
                if let Some(p) = m.player {
                    last = Some((m.before, p, Some(m.dice), m.cube));
                }
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let Some((board, player, dice, cube)) = last else {
        return Err(ReadProblem {
            code: Code::XgBadRecord,
            error: true,
            origin: Origin::Binary {
                offset: 0,
                len: data.len() as u64,
            },
            message: "temp.xg holds no move or cube record: there is no position to read".into(),
            help: Some("save the position from XG again (File → Save position)".into()),
        });
    };
    let position = board_position(&board);
    let on_roll = match player {
        Player::One => Side::White,
        Player::Two => Side::Black,
    };
    let roll = dice
        .filter(|d| d.iter().all(|v| (1..=6).contains(v)))
        .map(|d| crate::rules::Roll {
            a: d[0] as u8,
            b: d[1] as u8,
        });
    let context = crate::ids::MatchContext {
        cube: cube_value(cube).unwrap_or(1) as u32,
        cube_owner: match cube.signum() {
            1 => Some(Side::White),
            -1 => Some(Side::Black),
            _ => None,
        },
        white_score: score[0].max(0) as u64,
        black_score: score[1].max(0) as u64,
        match_length: match_length(&header),
        crawford,
    };
    Ok(crate::ids::xgid::xgid(&position, on_roll, roll, &context))
}

/// A board of XG (26 counts from player 1's side: player 1 positive on its points 1–24 at
/// indices 1–24 and its bar at 25; player 2 negative, its bar at 0) as a tavla position
/// (White = player 1); the checkers not on the board are off.
fn board_position(b: &[i8; 26]) -> Position {
    let mut p = Position::empty();
    let mut on = [0u32; 2];
    for (i, &v) in b.iter().enumerate() {
        let n = v.unsigned_abs().min(15);
        if v > 0 {
            p.set(Side::White, i as u8, n);
            on[0] += u32::from(n);
        } else if v < 0 {
            p.set(Side::Black, 25 - i as u8, n);
            on[1] += u32::from(n);
        }
    }
    // Index 0 is White's off in tavla's numbering; player 1's index 0 is never positive.
    p.set(Side::White, 0, 15u32.saturating_sub(on[0]) as u8);
    p.set(Side::Black, 0, 15u32.saturating_sub(on[1]) as u8);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rtf_comments_become_plain_text() {
        let rtf = "{\\rtf1\\ansi\\ansicpg1252\\uc1\\deff0{\\fonttbl{\\f0\\fcharset0 Arial;}}\u{1}\u{2}{\\colortbl;}\u{1}\u{2}{\\*\\generator Wine Riched20 2.0;}\u{1}\u{2}\\pard\\sl-240\\slmult1 \\lang1033\\fs20\\f0 les double 66 sont \\'e0 trouver\\par\u{1}\u{2}}";
        assert_eq!(rtf_text(rtf), "les double 66 sont à trouver");
        assert_eq!(rtf_text("{\\rtf1 a\\par b \\u8364?}"), "a\nb €");
    }

    #[test]
    fn a_board_of_xg_is_a_position_from_player_1s_side() {
        let start: [i8; 26] = [
            0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0,
        ];
        let p = board_position(&start);
        let rules = crate::rules::RuleSet::default_for(crate::rules::Variant::Backgammon);
        assert_eq!(p, rules.start());
        let mut bar = start;
        bar[24] = 1;
        bar[25] = 1;
        bar[1] = -1;
        bar[0] = -1;
        let p = board_position(&bar);
        assert_eq!((p.count(Side::White, 25), p.count(Side::Black, 25)), (1, 1));
        assert_eq!((p.count(Side::White, 24), p.count(Side::Black, 24)), (1, 1));
    }

    #[test]
    fn moves_are_written_in_the_movers_numbering() {
        let mut m = Move {
            player: Some(Player::One),
            before: [0; 26],
            after: [1; 26],
            moves: [24, 12, 5, -1, 4, -3, -1, -1],
            dice: [6, 5],
            cube: 0,
            played: true,
            invalid: 0,
            comment: -1,
        };
        let mut p = Vec::new();
        assert_eq!(move_text(&m, 0, &mut p), "65: 25/13 6/0 5/0");
        m.moves = [-1; 8];
        assert_eq!(move_text(&m, 0, &mut p), "65:");
        m.moves = [0; 8];
        m.after = [0; 26];
        assert_eq!(move_text(&m, 0, &mut p), "65: ????");
        assert!(p.is_empty());
        m.moves = [25, 3, -1, -1, -1, -1, -1, -1];
        m.after = [1; 26];
        m.dice = [7, 1];
        assert_eq!(move_text(&m, 2560, &mut p), "??:");
        assert_eq!(p.len(), 2);
        assert!(
            p.iter()
                .all(|q| q.code == Code::XgBadRecord && q.origin == origin(2560))
        );
    }
}
