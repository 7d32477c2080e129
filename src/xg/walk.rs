//! The records of `temp.xg` walked into the match as read: the games, each entry of a game in
//! record order (a roll and its play, a cube action, the result) at the offset of its record,
//! the boards stored after the plays, and every problem of the records located.

use super::build::match_length;
use super::whole;
use crate::codes::Code;
use crate::notation::{CellBody, Span};
use crate::record::ReadProblem;
use crate::rules::Side;

use super::records::{self, Cube, GameFooter, GameHeader, MatchHeader, Move, RECORD, Record};

/// A problem of the record at `offset`, located on the whole record.
fn record_problem(
    code: Code,
    error: bool,
    offset: usize,
    message: String,
    help: &str,
) -> ReadProblem {
    ReadProblem::new(code, error, whole(offset), message, help)
}

/// What an entry of a game is.
#[derive(Clone, Debug)]
pub(super) enum EntryW {
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
pub(super) struct Steps {
    pub(super) pairs: [(u8, u8); 4],
    pub(super) len: u8,
}

impl Steps {
    pub(super) fn push(&mut self, pair: (u8, u8)) {
        if let Some(slot) = self.pairs.get_mut(usize::from(self.len)) {
            *slot = pair;
            self.len += 1;
        }
    }
    pub(super) fn as_slice(&self) -> &[(u8, u8)] {
        &self.pairs[..usize::from(self.len)]
    }
}

/// One entry of a game, in record order.
#[derive(Clone, Debug)]
pub(super) struct CellW {
    pub(super) player: Side,
    pub(super) entry: EntryW,
    pub(super) at: usize,
    pub(super) comment: i32,
    /// XG's analysis of a move, when read.
    pub(super) analysis: Option<records::MoveAnalysis>,
    /// XG's analysis of the cube decision of the entry (a double, its take or pass, or the
    /// roll after a decision not to double), when read.
    pub(super) cube: Option<records::CubeEval>,
    /// For a roll, the comment index of the decision not to double before it, −1 for none.
    pub(super) cube_comment: i32,
}

/// One game as read.
#[derive(Clone, Debug)]
pub(super) struct GameW {
    pub(super) header: GameHeader,
    pub(super) at: usize,
    pub(super) cells: Vec<CellW>,
}

/// The match as read from `temp.xg`.
#[derive(Clone, Debug, Default)]
pub(super) struct MatchW {
    pub(super) header: MatchHeader,
    pub(super) games: Vec<GameW>,
    /// The first position with checkers (for the hypergammon variants' checker count).
    pub(super) first_position: Option<[i8; 26]>,
    /// The board stored after each play, by the offset of its record.
    pub(super) boards: Vec<(usize, [[u8; 26]; 2])>,
}

/// XG's board after a play (26 counts from the mover's side: the mover positive on its points
/// 1–24 and its bar at 25, the opponent negative, its bar at 0) as counts by side in each
/// side's own numbering, White (player 1) first.
pub(super) fn board_counts(after: &[i8; 26], mover: Side) -> [[u8; 26]; 2] {
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
        Side::White => [own, other],
        Side::Black => [other, own],
    }
}

/// The value of XG's cube field (0 centred, ±n: 2ⁿ).
pub(super) fn cube_value(c: i32) -> Option<u64> {
    let n = c.unsigned_abs();
    (n <= 30).then(|| 1u64 << n)
}

/// The entry of a move record; its problems pushed.
pub(super) fn move_entry(m: &Move, at: usize, problems: &mut Vec<ReadProblem>) -> EntryW {
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
    player: Side,
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
    let mut push = |p: Side, body: CellBody, comment: i32| {
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

/// A decision not to double (its player, XG's analysis of it, its comment), for the roll that
/// follows it (the next record, the same player's move).
type NoDouble = (Side, Option<records::CubeEval>, i32);

/// Read the records of `temp.xg` into the match.
pub(super) fn walk(data: &[u8], problems: &mut Vec<ReadProblem>, analysis: bool) -> MatchW {
    let mut m = MatchW::default();
    m.boards.reserve(data.len() / RECORD);
    let whole = whole_records(data, problems);
    let mut version = 0;
    let mut header_seen = false;
    let mut no_double: Option<NoDouble> = None;
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
            Record::Cube(c) => match game {
                Some(g) => {
                    note_first_position(&mut m.first_position, &c.position);
                    no_double = cube_record(&c, r, at, g, problems, analysis);
                }
                None => misplaced(problems, "cube"),
            },
            Record::Move(mv) => match game {
                Some(g) => {
                    note_first_position(&mut m.first_position, &mv.before);
                    let analysed = if analysis {
                        records::move_analysis(r)
                    } else {
                        None
                    };
                    let boards = &mut m.boards;
                    move_record(&mv, at, before_roll, analysed, g, boards, problems);
                }
                None => misplaced(problems, "move"),
            },
            Record::GameFooter(f) => match game {
                Some(g) => footer_cell(&m.header, g, &f, at, problems),
                None => misplaced(problems, "game footer"),
            },
            Record::MatchFooter(_) | Record::Other(_) => {}
        }
    }
    m
}

/// The bytes of `data` that hold whole records; a cut record after them is reported.
fn whole_records(data: &[u8], problems: &mut Vec<ReadProblem>) -> usize {
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
    whole
}

/// The player of a cube or move record (`what`: `cube` or `move`), if it names one (else the
/// record is not read); a record XG marked invalid is reported (`marked`: what XG found
/// invalid, `this cube decision`, `this play`; `checked`: what tavla checks instead).
fn record_player(
    player: Option<Side>,
    invalid: i32,
    at: usize,
    [what, marked, checked]: [&str; 3],
    problems: &mut Vec<ReadProblem>,
) -> Option<Side> {
    let Some(p) = player else {
        problems.push(record_problem(
            Code::XgBadRecord,
            true,
            at,
            format!("the {what} record names no player (1 or -1)"),
            "the record is damaged: it is not read",
        ));
        return None;
    };
    if invalid != 0 {
        problems.push(record_problem(
            Code::XgMarkedInvalid,
            false,
            at,
            format!("XG marked {marked} invalid"),
            &format!("tavla checks {checked} against the rules itself"),
        ));
    }
    Some(p)
}

/// A cube record `c` (the bytes `r`, at `at`) of game `g`: the cells of a double, or a
/// decision not to double, returned for the roll after it.
fn cube_record(
    c: &Cube,
    r: &[u8],
    at: usize,
    g: &mut GameW,
    problems: &mut Vec<ReadProblem>,
    analysis: bool,
) -> Option<NoDouble> {
    let words = ["cube", "this cube decision", "the decision"];
    let p = record_player(c.player, c.invalid, at, words, problems)?;
    let eval = if analysis {
        records::cube_analysis(r)
    } else {
        None
    };
    if c.double == 0 {
        return Some((p, eval, c.comment));
    }
    cube_cells(c, p, at, &mut g.cells, problems, eval.as_ref());
    None
}

/// A move record `mv` (at `at`) of game `g`: its cell, with XG's analysis of the move
/// (`analysed`) and the decision not to double before it if it is the same player's
/// (`before_roll`), and the board after it pushed onto `boards`.
fn move_record(
    mv: &Move,
    at: usize,
    before_roll: Option<NoDouble>,
    analysed: Option<records::MoveAnalysis>,
    g: &mut GameW,
    boards: &mut Vec<(usize, [[u8; 26]; 2])>,
    problems: &mut Vec<ReadProblem>,
) {
    let words = ["move", "this play", "the play"];
    let Some(p) = record_player(mv.player, mv.invalid, at, words, problems) else {
        return;
    };
    let entry = move_entry(mv, at, problems);
    let (cube_eval, cube_comment) = match before_roll {
        Some((q, e, k)) if q == p => (e, k),
        _ => (None, -1),
    };
    if !mv.resigned() {
        boards.push((at, board_counts(&mv.after, p)));
    }
    g.cells.push(CellW {
        player: p,
        entry,
        at,
        comment: mv.comment,
        analysis: analysed,
        cube: cube_eval,
        cube_comment,
    });
}

/// The first position with checkers, kept (for the hypergammon variants' checker count).
fn note_first_position(first: &mut Option<[i8; 26]>, position: &[i8; 26]) {
    if first.is_none() && position.iter().any(|&v| v != 0) {
        *first = Some(*position);
    }
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
    let before = g.header.score[w.index()].max(0) as u64;
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

#[cfg(test)]
mod tests {
    use super::super::build::build;
    use super::*;

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
            player: Some(Side::White),
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
