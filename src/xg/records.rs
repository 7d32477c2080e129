//! The records of `temp.xg`: a sequence of 2,560-byte records, the type at byte 8.
//!
//! Offsets (little-endian, from the start of a record) as the public description of the
//! format gives them and the real files confirm:
//! - HeaderMatch (0): ANSI names at 9 and 50 (`string[40]`), match length at 92 (99999:
//!   unlimited), variation at 96 (0 backgammon, 1 nackgammon, 2 hypergammon, 3 longgammon),
//!   Crawford, Jacoby, beaver at 100–102, the date at 128 (a Delphi `TDateTime`), the file
//!   version at 552, the cube limit at 612 (a power of two, from version 8), and from version 24
//!   the UTF-16 event, player 1, player 2, location and round (129 characters each) at 622,
//!   880, 1138, 1396 and 1654, and from version 30 the transcriber at 1960;
//! - HeaderGame (1): the scores before the game at 12 and 16, whether it is the Crawford game
//!   at 20, the start position at 21, the game number at 48;
//! - Cube (2): the player at 12 (1 or −1), `Double` at 16 (1 doubled, 0 not, −1 resigned
//!   before the roll, −2 no decision), `Take` at 20 (1 take, 0 drop, 2 beaver), beaver and
//!   raccoon answers at 24 and 28, the cube at 32 (0 centred, +n 2ⁿ owned by player 1, −n by
//!   player 2), the position at 36, XG's analysis of the decision (`Doubled`) at 64, `ErrCube`
//!   at 200, `ErrTake` at 216, `inValid` at 260, the comment index at 292;
//! - Move (3): the position before at 9 (player 1's side) and after at 35 (the mover's side),
//!   the player at 64, four from/to pairs at 68 (0-based in the mover's numbering, 24 the bar,
//!   a negative destination off, −1 in a from slot ends the list), the dice at 100, the cube at
//!   108, `Played` at 2308, `InvalidM` at 2480, the comment index at 2524;
//! - FooterGame (4): scores after the game at 12 and 16, the winner at 24 (1 or −1), the points
//!   won at 28, the termination at 32 (0 drop, 1–3 single/gammon/backgammon, +100 resigned,
//!   +1000 settled);
//! - FooterMatch (5): the final scores at 12 and 16, the winner at 20.

use crate::rules::Side;

/// Size of every record.
pub const RECORD: usize = 2560;

/// XG's player field (1 player 1, −1 player 2) as a side: player 1 is the left column,
/// tavla's White.
fn player(v: i32) -> Option<Side> {
    match v {
        1 => Some(Side::White),
        -1 => Some(Side::Black),
        _ => None,
    }
}

/// The match header.
#[derive(Clone, Debug, Default)]
pub struct MatchHeader {
    /// Player 1's name.
    pub player1: String,
    /// Player 2's name.
    pub player2: String,
    /// Match length (0 or 99999: unlimited).
    pub length: i32,
    /// 0 backgammon, 1 nackgammon, 2 hypergammon, 3 longgammon.
    pub variation: i32,
    /// Crawford rule in use.
    pub crawford: bool,
    /// Jacoby rule in use.
    pub jacoby: bool,
    /// Beavers allowed.
    pub beaver: bool,
    /// The date, days since 1899-12-30.
    pub date: f64,
    /// Event.
    pub event: String,
    /// Location.
    pub location: String,
    /// Round.
    pub round: String,
    /// Transcriber.
    pub transcriber: String,
    /// Cube limit as a power of two (from version 8), else 0.
    pub cube_limit: i32,
    /// File version.
    pub version: i32,
    /// Comment index of the match header, −1 for none.
    pub comment: i32,
}

/// A game header.
#[derive(Clone, Debug)]
pub struct GameHeader {
    /// Scores before the game.
    pub score: [i32; 2],
    /// The game is the Crawford game.
    pub crawford: bool,
    /// The start position from player 1's side (all zero in some files' first game).
    pub position: [i8; 26],
    /// Game number.
    pub number: i32,
    /// Comment index, −1 for none.
    pub comment: i32,
}

/// A cube record: the decision before a roll.
#[derive(Clone, Debug)]
pub struct Cube {
    /// Who was on roll.
    pub player: Option<Side>,
    /// 1 doubled, 0 not, −1 resigned before the roll, −2 no cube decision.
    pub double: i32,
    /// 1 take, 0 drop, 2 beaver, −1 none.
    pub take: i32,
    /// After a beaver: 1 take, 0 drop, 2 raccoon.
    pub beaver: i32,
    /// After a raccoon: 1 take, 0 drop.
    pub raccoon: i32,
    /// 0 centred, +n 2ⁿ owned by player 1, −n owned by player 2.
    pub cube: i32,
    /// The position from player 1's side.
    pub position: [i8; 26],
    /// 0 valid, else XG found the decision invalid.
    pub invalid: i32,
    /// Comment index, −1 for none.
    pub comment: i32,
}

/// A move record: one roll and its play.
#[derive(Clone, Debug)]
pub struct Move {
    /// Who moved.
    pub player: Option<Side>,
    /// The position before, from player 1's side.
    pub before: [i8; 26],
    /// The position after, from the mover's side.
    pub after: [i8; 26],
    /// From/to pairs.
    pub moves: [i32; 8],
    /// The dice.
    pub dice: [i32; 2],
    /// The cube, as in [`Cube::cube`].
    pub cube: i32,
    /// The move was played (0 for a roll followed by a resignation).
    pub played: bool,
    /// 0 valid, else XG found the play invalid.
    pub invalid: i32,
    /// Comment index, −1 for none.
    pub comment: i32,
}

impl Move {
    /// A roll followed by a resignation: no move and an empty final position.
    pub fn resigned(&self) -> bool {
        self.moves.iter().all(|&m| m == 0) && self.after.iter().all(|&c| c == 0)
    }
}

/// The end of a game.
#[derive(Clone, Debug)]
pub struct GameFooter {
    /// Scores after the game.
    pub score: [i32; 2],
    /// The winner.
    pub winner: Option<Side>,
    /// Points won.
    pub points: i32,
    /// 0 drop, 1–3 level, +100 resigned, +1000 settled.
    pub termination: i32,
}

/// The end of the match.
#[derive(Clone, Debug)]
pub struct MatchFooter {
    /// Final scores.
    pub score: [i32; 2],
    /// The winner.
    pub winner: Option<Side>,
}

/// One record of `temp.xg`.
#[derive(Clone, Debug)]
pub enum Record {
    /// HeaderMatch.
    MatchHeader(Box<MatchHeader>),
    /// HeaderGame.
    GameHeader(GameHeader),
    /// Cube.
    Cube(Cube),
    /// Move.
    Move(Move),
    /// FooterGame.
    GameFooter(GameFooter),
    /// FooterMatch.
    MatchFooter(MatchFooter),
    /// A record type XG writes but that holds nothing of the game (6, 7).
    Other(u8),
}

/// XG's analysis of a move record (its `DataMoves`, from byte 124): the candidate plays with
/// their evaluations, which one was played, and the luck of the roll.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// The candidates in XG's order (best first).
    pub candidates: Vec<Candidate>,
    /// The candidate whose resulting position (`PosPlayed`) is the record's `PositionEnd`.
    pub played: Option<usize>,
    /// `ErrLuck`, where analysed.
    pub luck: Option<f64>,
}

/// One candidate of [`MoveAnalysis`].
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// From/to pairs (0-based, 24 the bar, −1 off; a from of −1 ends the list).
    pub moves: [i8; 8],
    /// `Eval[i]`: lose backgammon, lose gammon, lose, win, win gammon, win backgammon, equity.
    pub eval: [f32; 7],
    /// `EvalLevel[i].Level` (XG's player level).
    pub level: i16,
}

/// The analysis of a move record, when XG analysed the move (`ErrMove` is not −1000 and
/// there are candidates). Offsets (from the record's start) as xgdatatools reads them:
/// `NMoves` at 188, `PosPlayed[32]` (26 bytes each) at 192, `Moves[32]` (8 bytes each) at
/// 1024, `EvalLevel[32]` (4 bytes each) at 1280, `Eval[32]` (7 floats each) at 1408,
/// `ErrMove` at 2312, `ErrLuck` at 2320.
pub fn move_analysis(r: &[u8]) -> Option<MoveAnalysis> {
    if r.len() < RECORD || r[8] != 3 {
        return None;
    }
    let err_move = f64_at(r, 2312);
    let n = usize::try_from(i32_at(r, 188)).ok()?.min(32);
    if n == 0 || err_move <= -999.0 || !err_move.is_finite() {
        return None;
    }
    let end = &r[35..61];
    let mut candidates = Vec::with_capacity(n);
    let mut played = None;
    for i in 0..n {
        let mut moves = [0i8; 8];
        for (k, m) in moves.iter_mut().enumerate() {
            *m = r[1024 + 8 * i + k] as i8;
        }
        let mut eval = [0f32; 7];
        for (k, e) in eval.iter_mut().enumerate() {
            let at = 1408 + 28 * i + 4 * k;
            *e = f32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]]);
        }
        let level = i16::from_le_bytes([r[1280 + 4 * i], r[1281 + 4 * i]]);
        if played.is_none() && &r[192 + 26 * i..218 + 26 * i] == end {
            played = Some(i);
        }
        candidates.push(Candidate { moves, eval, level });
    }
    let luck = f64_at(r, 2320);
    Some(MoveAnalysis {
        candidates,
        played,
        luck: (luck > -999.0 && luck.is_finite()).then_some(luck),
    })
}

/// XG's analysis of a cube decision: a cube record's `Doubled` (an `EngineStructDoubleAction`
/// from byte 64) with `ErrCube` and `ErrTake`, for the player on roll. The equities are cubeful
/// and normalized to the cube (double/pass is 1, in match play too: XG's figures there are
/// normalized equities, not match winning chances).
#[derive(Clone, Debug, PartialEq)]
pub struct CubeEval {
    /// `equB`: no double.
    pub no_double: f64,
    /// `equDouble`: double, take.
    pub double_take: f64,
    /// `equDrop`: double, pass.
    pub double_pass: f64,
    /// `Level`: the level of the analysis (XG's player level).
    pub level: i32,
    /// `ErrCube`: what the doubling decision made gave up, by XG.
    pub err_cube: f64,
    /// `ErrTake`: what the answer gave up, by XG (−1000: not analysed).
    pub err_take: f64,
}

/// The analysis of a cube record, when XG analysed the decision (`ErrCube` is not −1000).
/// Offsets (from the record's start) as xgdatatools reads them: `Doubled` at 64 with its
/// `Level` at 92 and `equB`, `equDouble`, `equDrop` (single floats) at 152, 156 and 160;
/// `ErrCube` at 200 and `ErrTake` at 216 (doubles).
pub fn cube_analysis(r: &[u8]) -> Option<CubeEval> {
    if r.len() < RECORD || r[8] != 2 {
        return None;
    }
    let err_cube = f64_at(r, 200);
    if err_cube <= -999.0 || !err_cube.is_finite() {
        return None;
    }
    let f = |at: usize| f64::from(f32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]]));
    let (no_double, double_take, double_pass) = (f(152), f(156), f(160));
    if !(no_double.is_finite() && double_take.is_finite() && double_pass.is_finite()) {
        return None;
    }
    Some(CubeEval {
        no_double,
        double_take,
        double_pass,
        level: i32_at(r, 92),
        err_cube,
        err_take: f64_at(r, 216),
    })
}

fn i32_at(r: &[u8], at: usize) -> i32 {
    i32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]])
}

fn f64_at(r: &[u8], at: usize) -> f64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&r[at..at + 8]);
    f64::from_le_bytes(b)
}

fn position_at(r: &[u8], at: usize) -> [i8; 26] {
    let mut p = [0i8; 26];
    for (i, c) in p.iter_mut().enumerate() {
        *c = r[at + i] as i8;
    }
    p
}

/// Read one record (`r` is exactly [`RECORD`] bytes); `version` is the match header's.
///
/// `Err(type)` for a type that is not one of XG's.
pub fn parse(r: &[u8], version: i32) -> Result<Record, u8> {
    debug_assert_eq!(r.len(), RECORD);
    Ok(match r[8] {
        0 => {
            let version = i32_at(r, 552);
            let unicode = version >= 24;
            let text = |ansi: usize, cap: usize, wide: usize| {
                let w = if unicode {
                    super::archive::utf16_at(r, wide, 129)
                } else {
                    String::new()
                };
                if w.is_empty() {
                    super::archive::short_string_at(r, ansi, cap)
                } else {
                    w
                }
            };
            Record::MatchHeader(Box::new(MatchHeader {
                player1: text(9, 40, 880),
                player2: text(50, 40, 1138),
                length: i32_at(r, 92),
                variation: i32_at(r, 96),
                crawford: r[100] != 0,
                jacoby: r[101] != 0,
                beaver: r[102] != 0,
                date: f64_at(r, 128),
                event: text(136, 128, 622),
                location: text(283, 128, 1396),
                round: text(417, 128, 1654),
                transcriber: if version >= 30 {
                    super::archive::utf16_at(r, 1960, 129)
                } else {
                    String::new()
                },
                cube_limit: if version >= 8 { i32_at(r, 612) } else { 0 },
                version,
                comment: i32_at(r, 576),
            }))
        }
        1 => Record::GameHeader(GameHeader {
            score: [i32_at(r, 12), i32_at(r, 16)],
            crawford: r[20] != 0,
            position: position_at(r, 21),
            number: i32_at(r, 48),
            comment: i32_at(r, 56),
        }),
        2 => Record::Cube(Cube {
            player: player(i32_at(r, 12)),
            double: i32_at(r, 16),
            take: i32_at(r, 20),
            beaver: i32_at(r, 24),
            raccoon: i32_at(r, 28),
            cube: i32_at(r, 32),
            position: position_at(r, 36),
            invalid: i32_at(r, 260),
            comment: i32_at(r, 292),
        }),
        3 => {
            let mut moves = [0i32; 8];
            for (i, m) in moves.iter_mut().enumerate() {
                *m = i32_at(r, 68 + 4 * i);
            }
            Record::Move(Move {
                player: player(i32_at(r, 64)),
                before: position_at(r, 9),
                after: position_at(r, 35),
                moves,
                dice: [i32_at(r, 100), i32_at(r, 104)],
                cube: i32_at(r, 108),
                played: r[2308] != 0,
                invalid: i32_at(r, 2480),
                comment: i32_at(r, 2524),
            })
        }
        4 => Record::GameFooter(GameFooter {
            score: [i32_at(r, 12), i32_at(r, 16)],
            winner: player(i32_at(r, 24)),
            points: i32_at(r, 28),
            termination: i32_at(r, 32),
        }),
        5 => Record::MatchFooter(MatchFooter {
            score: [i32_at(r, 12), i32_at(r, 16)],
            winner: player(i32_at(r, 20)),
        }),
        t @ (6 | 7) => {
            let _ = version;
            Record::Other(t)
        }
        t => return Err(t),
    })
}

/// The date of a Delphi `TDateTime` (days since 1899-12-30) as `yyyy.mm.dd`, when it is a
/// plausible date (years 1900–9999).
pub fn delphi_date(days: f64) -> Option<String> {
    if !days.is_finite() || !(1.0..=2_958_465.0).contains(&days) {
        return None;
    }
    // Days since 1970-01-01, then the civil date (Howard Hinnant's algorithm).
    let z = days.floor() as i64 - 25_569 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    Some(format!("{y:04}.{m:02}.{d:02}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delphi_dates_are_civil_dates() {
        assert_eq!(delphi_date(2.0).as_deref(), Some("1900.01.01"));
        assert_eq!(delphi_date(25_569.0).as_deref(), Some("1970.01.01"));
        assert_eq!(delphi_date(45_256.4).as_deref(), Some("2023.11.26"));
        assert_eq!(delphi_date(f64::NAN), None);
        assert_eq!(delphi_date(-3.0), None);
    }

    #[test]
    fn unknown_record_types_are_refused() {
        let mut r = vec![0u8; RECORD];
        r[8] = 9;
        assert_eq!(parse(&r, 30).unwrap_err(), 9);
        r[8] = 6;
        assert!(matches!(parse(&r, 30), Ok(Record::Other(6))));
    }
}
