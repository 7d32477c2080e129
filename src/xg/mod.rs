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
pub mod records;

use crate::codes::Code;
use crate::notation::{CellBody, Column, NameScore, Span, StepText};
use crate::record::{Binary, Builder, ReadProblem, StageIn, StoredBoard};
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

/// The span of the record at `offset`.
fn whole(offset: usize) -> Span {
    Span::new(offset, RECORD)
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
        span: whole(offset),
        in_file: false,
        note: false,
        message,
        help: Some(help.into()),
    }
}

/// What an entry of a game is.
#[derive(Clone, Debug)]
enum EntryW {
    /// A roll and its play (from/to pairs in the mover's numbering, 0 off, 25 the bar), or
    /// the roll only when the player resigned after it; `None` for dice outside 1–6.
    Play {
        dice: Option<(u8, u8)>,
        steps: Steps,
        resigned: bool,
    },
    /// A cube action.
    Cube(CellBody),
    /// The game's result.
    Wins { points: u64, and_match: bool },
}

/// The from/to pairs of a move record (at most four), in the mover's numbering.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Steps {
    pairs: [(u8, u8); 4],
    len: u8,
}

impl Steps {
    fn push(&mut self, pair: (u8, u8)) {
        if let Some(slot) = self.pairs.get_mut(usize::from(self.len)) {
            *slot = pair;
            self.len += 1;
        }
    }
    fn as_slice(&self) -> &[(u8, u8)] {
        &self.pairs[..usize::from(self.len)]
    }
}

/// One entry of a game, in record order.
#[derive(Clone, Debug)]
struct CellW {
    player: Player,
    entry: EntryW,
    at: usize,
    comment: i32,
    /// XG's analysis of a move, when read.
    analysis: Option<records::MoveAnalysis>,
    /// XG's analysis of the cube decision of the entry (a double, its take or pass, or the
    /// roll after a decision not to double), when read.
    cube: Option<records::CubeEval>,
    /// For a roll, the comment index of the decision not to double before it, −1 for none.
    cube_comment: i32,
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
    // Two passes without branches (the compiler turns them into vector selects).
    let mut own = [0u8; 26];
    let mut other = [0u8; 26];
    for (o, &v) in own.iter_mut().zip(after) {
        *o = if v > 0 { v.unsigned_abs().min(15) } else { 0 };
    }
    for (o, &v) in other.iter_mut().zip(after.iter().rev()) {
        *o = if v < 0 { v.unsigned_abs().min(15) } else { 0 };
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

/// The entry of a move record; its problems pushed.
fn move_entry(m: &Move, at: usize, problems: &mut Vec<ReadProblem>) -> EntryW {
    let dice = m
        .dice
        .iter()
        .all(|v| (1..=6).contains(v))
        .then(|| (m.dice[0] as u8, m.dice[1] as u8));
    if dice.is_none() {
        problems.push(ReadProblem {
            span: Span::new(at + 100, 8),
            ..record_problem(
                Code::XgBadRecord,
                true,
                at,
                format!(
                    "the move record holds the dice {} and {}: dice run from 1 to 6",
                    m.dice[0], m.dice[1]
                ),
                "the record is damaged: its game is not checked from here on",
            )
        });
    }
    if m.resigned() {
        return EntryW::Play {
            dice,
            steps: Steps::default(),
            resigned: true,
        };
    }
    let mut steps = Steps::default();
    for (k, pair) in m.moves.chunks_exact(2).enumerate() {
        let (from, to) = (pair[0], pair[1]);
        if from == -1 {
            break;
        }
        if !(0..=24).contains(&from) || to > 24 {
            problems.push(ReadProblem {
                span: Span::new(at + 68 + 8 * k, 8),
                ..record_problem(
                    Code::XgBadRecord,
                    true,
                    at,
                    format!(
                        "the move record holds the pair {from}/{to}: a from slot runs from 0 to 24 (24 the bar), a destination up to 23 or negative (off)"
                    ),
                    "the record is damaged: the pairs after it are not read",
                )
            });
            break;
        }
        let to = if to < 0 { 0 } else { to as u8 + 1 };
        steps.push((from as u8 + 1, to));
    }
    EntryW::Play {
        dice,
        steps,
        resigned: false,
    }
}

/// The cells of a cube record; `eval`, XG's analysis of the double, goes on the double and on
/// its take or pass.
fn cube_cells(
    c: &Cube,
    player: Player,
    at: usize,
    cells: &mut Vec<CellW>,
    problems: &mut Vec<ReadProblem>,
    eval: Option<&records::CubeEval>,
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
    // The double and its first answer carry the analysis; a beaver's and a raccoon's answers
    // do not (XG's analysis is of the double).
    let mut analysed = 0;
    let mut push = |p: Player, body: CellBody, comment: i32| {
        analysed += 1;
        cells.push(CellW {
            player: p,
            entry: EntryW::Cube(body),
            at,
            comment,
            analysis: None,
            cube: eval.filter(|_| analysed <= 2).cloned(),
            cube_comment: -1,
        })
    };
    let taker = player.other();
    let value_span = Span::new(at + 32, 4);
    push(player, CellBody::Double { value, value_span }, c.comment);
    match c.take {
        1 => push(taker, CellBody::Take, -1),
        0 => push(taker, CellBody::Drop, -1),
        2 => {
            push(
                taker,
                CellBody::Beaver {
                    value: value * 2,
                    value_span,
                },
                -1,
            );
            match c.beaver {
                0 => push(player, CellBody::Drop, -1),
                2 => {
                    push(
                        player,
                        CellBody::Raccoon {
                            value: value * 4,
                            value_span,
                        },
                        -1,
                    );
                    if c.raccoon == 0 {
                        push(taker, CellBody::Drop, -1);
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}

/// Read the records of `temp.xg` into the match.
fn walk(data: &[u8], problems: &mut Vec<ReadProblem>, analysis: bool) -> MatchW {
    let mut m = MatchW::default();
    m.boards.reserve(data.len() / RECORD);
    let whole = data.len() / RECORD * RECORD;
    if whole != data.len() {
        problems.push(ReadProblem {
            code: Code::XgTruncated,
            error: true,
            span: Span::new(whole, data.len() - whole),
            in_file: false,
            note: false,
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
    // A decision not to double (XG's analysis of it, its comment), for the roll that follows
    // it (the next record, the same player's move).
    let mut no_double: Option<(Player, Option<records::CubeEval>, i32)> = None;
    for (i, r) in data[..whole].chunks_exact(RECORD).enumerate() {
        let at = i * RECORD;
        let before_roll = no_double.take();
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
                let eval = if analysis {
                    records::cube_analysis(r)
                } else {
                    None
                };
                if c.double == 0 {
                    no_double = Some((p, eval, c.comment));
                } else {
                    cube_cells(&c, p, at, &mut g.cells, problems, eval.as_ref());
                }
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
                let entry = move_entry(&mv, at, problems);
                let (cube_eval, cube_comment) = match before_roll {
                    Some((q, e, k)) if q == p => (e, k),
                    _ => (None, -1),
                };
                if !mv.resigned() {
                    m.boards.push((at, board_counts(&mv.after, p)));
                }
                g.cells.push(CellW {
                    player: p,
                    entry,
                    at,
                    comment: mv.comment,
                    analysis: if analysis {
                        records::move_analysis(&data[at..at + RECORD])
                    } else {
                        None
                    },
                    cube: cube_eval,
                    cube_comment,
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
        entry: EntryW::Wins { points, and_match },
        at,
        comment: -1,
        analysis: None,
        cube: None,
        cube_comment: -1,
    });
}

/// The match length (0: a money session).
fn match_length(h: &MatchHeader) -> u64 {
    if (1..99_999).contains(&h.length) {
        h.length as u64
    } else {
        0
    }
}

/// A player's name: no control characters, no `:`.
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
            notes = comments(&m.data);
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
    let m = walk(data, &mut problems, analysis);
    r.matches.push(build(&m, &notes));
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

/// XG's analysis of a move as the record's: each candidate's play (from/to pairs, 0-based with
/// 24 the bar and −1 off) in the mover's numbering, its equity (`Eval[i][6]`) and
/// probabilities in gnubg's order (win, win gammon, win backgammon, lose gammon, lose
/// backgammon), the candidate played, the luck.
fn analysis_of(a: &records::MoveAnalysis) -> crate::record::Analysis {
    let point = |p: i32| match p {
        p if p <= 0 => "off".to_string(),
        25.. => "bar".to_string(),
        p => p.to_string(),
    };
    let candidates = a
        .candidates
        .iter()
        .map(|c| {
            let steps: Vec<String> = c
                .moves
                .chunks_exact(2)
                // A from of −1, or a hop that goes nowhere (a dance's list), ends the play.
                .take_while(|p| p[0] >= 0 && p[0] != p[1])
                .map(|p| {
                    // From and to, 0-based (24 the bar, −1 off).
                    let (from, to) = (i32::from(p[0]) + 1, i32::from(p[1]) + 1);
                    format!("{}/{}", point(from), point(to))
                })
                .collect();
            let e = c
                .eval
                .map(|x| if x.is_finite() { f64::from(x) } else { 0.0 });
            crate::record::Candidate {
                play: steps.join(" "),
                equity: e[6],
                probabilities: [e[3], e[4], e[5], e[1], e[0]],
                level: format!("XG level {}", c.level),
                context: None,
            }
        })
        .collect();
    crate::record::Analysis {
        candidates,
        played: a.played,
        cube: None,
        luck: a.luck,
    }
}

/// XG's analysis of a cube decision as the record's: its equities normalized to the cube
/// (double/pass 1, in match play too), for the player who may double.
fn cube_analysis_of(e: &records::CubeEval) -> crate::record::CubeAnalysis {
    crate::record::CubeAnalysis {
        no_double: e.no_double,
        double_take: e.double_take,
        double_pass: Some(e.double_pass),
        match_winning_chances: false,
        level: format!("XG level {}", e.level),
        evaluation: None,
    }
}

/// The typed match of what was read.
fn build(m: &MatchW, notes: &[String]) -> crate::record::Match {
    let h = &m.header;
    let mut b = Builder::new();
    let head = whole(0);
    let tag = |b: &mut Builder, name: &str, v: &str| {
        let v = v.trim();
        if !v.is_empty() {
            b.tag(name, v, head);
        }
    };
    let p1 = clean_name(&h.player1);
    let p2 = clean_name(&h.player2);
    tag(&mut b, "Site", &h.location);
    tag(&mut b, "Event", &h.event);
    tag(&mut b, "Round", &h.round);
    tag(&mut b, "Player 1", &p1);
    tag(&mut b, "Player 2", &p2);
    if let Some(d) = records::delphi_date(h.date) {
        tag(&mut b, "EventDate", &d);
    }
    tag(&mut b, "Variation", &variation(h, m.first_position));
    let on = |x: bool| if x { "On" } else { "Off" };
    tag(&mut b, "Crawford", on(h.crawford));
    tag(&mut b, "Jacoby", on(h.jacoby));
    tag(&mut b, "Beaver", on(h.beaver));
    if (1..=20).contains(&h.cube_limit) {
        tag(&mut b, "CubeLimit", &(1u64 << h.cube_limit).to_string());
    }
    tag(&mut b, "Transcriber", &h.transcriber);
    let note = |i: i32| -> Option<String> {
        usize::try_from(i)
            .ok()
            .and_then(|i| notes.get(i))
            .filter(|t| !t.is_empty())
            .cloned()
    };
    if let Some(text) = note(h.comment) {
        for line in text.lines() {
            b.comment(line);
        }
    }
    b.length(match_length(h), head);
    for (gi, g) in m.games.iter().enumerate() {
        let side = |name: &str, score: i32| NameScore {
            name: name.to_string(),
            rating: None,
            score: score.max(0) as u64,
            name_span: whole(0),
            score_span: Span::new(g.at + 12, 8),
        };
        b.game(
            gi as u64 + 1,
            whole(g.at),
            side(&p1, g.header.score[0]),
            side(&p2, g.header.score[1]),
        );
        if let Some(text) = note(g.header.comment) {
            b.game_comment(text);
        }
        for c in &g.cells {
            let column = match c.player {
                Player::One => Column::Left,
                Player::Two => Column::Right,
            };
            let at = c.at;
            match &c.entry {
                EntryW::Play { dice: None, .. } => b.broken(Span::new(at + 100, 8)),
                EntryW::Play {
                    dice: Some(dice),
                    steps,
                    resigned,
                } => {
                    let steps = steps.as_slice().iter().enumerate().map(|(k, &(from, to))| {
                        let o = at + 68 + 8 * k;
                        StepText::hop(
                            from,
                            to,
                            false,
                            Span::new(o, 8),
                            Span::new(o, 4),
                            Span::new(o + 4, 4),
                        )
                    });
                    let roll = StageIn {
                        dice: *dice,
                        dice_at: Span::new(at + 100, 8),
                        steps,
                        unknown: resigned.then_some(Span::new(at + 68, 32)),
                    };
                    // The comment of the decision not to double before the roll, then the
                    // move's.
                    let comment = match (note(c.cube_comment), note(c.comment)) {
                        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
                        (a, b) => a.or(b),
                    };
                    b.turn(column, whole(at), roll, comment);
                    if c.analysis.is_some() || c.cube.is_some() {
                        let mut a = c.analysis.as_ref().map(analysis_of).unwrap_or_default();
                        a.cube = c.cube.as_ref().map(cube_analysis_of);
                        b.analysis(a);
                    }
                }
                EntryW::Cube(body) => {
                    b.cube(column, whole(at), body.clone(), note(c.comment));
                    if let Some(e) = &c.cube {
                        b.analysis(crate::record::Analysis {
                            cube: Some(cube_analysis_of(e)),
                            ..Default::default()
                        });
                    }
                }
                EntryW::Wins { points, and_match } => b.result(
                    column,
                    whole(at),
                    CellBody::Wins {
                        points: *points,
                        points_span: Span::new(at + 28, 4),
                        and_match: *and_match,
                    },
                ),
            }
        }
    }
    b.finish()
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
            span: Span::new(0, data.len()),
            in_file: false,
            note: false,
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

    /// A record of `temp.xg` of type `t` with `fields` (offset, bytes) set.
    fn record(t: u8, fields: &[(usize, &[u8])]) -> Vec<u8> {
        let mut r = vec![0u8; RECORD];
        r[8] = t;
        for (at, b) in fields {
            r[*at..at + b.len()].copy_from_slice(b);
        }
        r
    }

    #[test]
    fn a_decision_not_to_double_goes_on_the_roll_after_it_and_a_double_on_its_answer() {
        let f32s = |v: [f32; 3]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let one = 1i32.to_le_bytes();
        let figures = f32s([0.4, 0.2, 1.0]);
        let cube = |double: i32, take: i32, comment: i32, err: f64| {
            record(
                2,
                &[
                    (12, &one),
                    (16, &double.to_le_bytes()),
                    (20, &take.to_le_bytes()),
                    (92, &3i32.to_le_bytes()),
                    (152, &figures),
                    (200, &err.to_le_bytes()),
                    (216, &0f64.to_le_bytes()),
                    (292, &comment.to_le_bytes()),
                ],
            )
        };
        let mut moves = Vec::new();
        for v in [13i32, 3, 8, 1, -1, -1, -1, -1] {
            moves.extend_from_slice(&v.to_le_bytes());
        }
        let roll = record(
            3,
            &[
                (64, &one),
                (68, &moves),
                (100, &3i32.to_le_bytes()),
                (104, &1i32.to_le_bytes()),
                (2524, &1i32.to_le_bytes()),
            ],
        );
        let data = [
            record(1, &[(56, &(-1i32).to_le_bytes())]),
            cube(0, -1, 0, 0.0),
            roll.clone(),
            // Not analysed (−1000): nothing on the roll after it.
            cube(0, -1, -1, -1000.0),
            roll,
            cube(1, 1, -1, 0.2),
        ]
        .concat();
        let mut problems = Vec::new();
        let m = walk(&data, &mut problems, true);
        let cells = &m.games[0].cells;
        assert_eq!(cells.len(), 4);
        let eval = cells[0]
            .cube
            .as_ref()
            .expect("the no-double analysis on the roll");
        assert_eq!(
            (eval.no_double, eval.double_take, eval.double_pass),
            (0.4f32 as f64, 0.2f32 as f64, 1.0)
        );
        assert_eq!(eval.level, 3);
        assert_eq!((cells[0].cube_comment, cells[0].comment), (0, 1));
        assert!(cells[1].cube.is_none());
        assert_eq!(cells[1].cube_comment, -1);
        // The double and its take.
        assert!(matches!(
            cells[2].entry,
            EntryW::Cube(CellBody::Double { .. })
        ));
        assert!(matches!(cells[3].entry, EntryW::Cube(CellBody::Take)));
        assert!(cells[2].cube.is_some() && cells[3].cube.is_some());
        // Without the analysis, none.
        let m = walk(&data, &mut problems, false);
        assert!(m.games[0].cells.iter().all(|c| c.cube.is_none()));
        // The comments: the no-double's, then the move's.
        let notes = vec!["no double yet".to_string(), "a fine play".to_string()];
        let built = build(&walk(&data, &mut Vec::new(), true), &notes);
        let g = &built.games[0];
        assert_eq!(
            g.actions[0].comment.as_deref(),
            Some("no double yet\na fine play")
        );
        let a = g.actions[0].analysis.as_ref().expect("the roll's analysis");
        assert!(a.candidates.is_empty());
        let c = a.cube.as_ref().expect("the cube figures");
        assert_eq!(c.proper(), Some(crate::record::ProperCube::NoDoubleTake));
        assert_eq!(c.level, "XG level 3");
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
        let steps = |e: EntryW| match e {
            EntryW::Play {
                dice,
                steps,
                resigned,
            } => (dice, steps.as_slice().to_vec(), resigned),
            _ => unreachable!("a move record is a play"),
        };
        assert_eq!(
            steps(move_entry(&m, 0, &mut p)),
            (Some((6, 5)), vec![(25, 13), (6, 0), (5, 0)], false)
        );
        m.moves = [-1; 8];
        assert_eq!(
            steps(move_entry(&m, 0, &mut p)),
            (Some((6, 5)), vec![], false)
        );
        m.moves = [0; 8];
        m.after = [0; 26];
        assert_eq!(
            steps(move_entry(&m, 0, &mut p)),
            (Some((6, 5)), vec![], true)
        );
        assert!(p.is_empty());
        m.moves = [25, 3, -1, -1, -1, -1, -1, -1];
        m.after = [1; 26];
        m.dice = [7, 1];
        assert_eq!(steps(move_entry(&m, 2560, &mut p)), (None, vec![], false));
        assert_eq!(p.len(), 2);
        // Each problem at its field of the record: the dice, then the first pair.
        let at: Vec<Span> = p.iter().map(|q| q.span).collect();
        assert_eq!(at, [Span::new(2660, 8), Span::new(2628, 8)]);
        assert!(p.iter().all(|q| q.code == Code::XgBadRecord));
    }
}
