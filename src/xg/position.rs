//! The position of an `.xgp` file (or the last position of an `.xg`) as an XGID.

use super::RECORDS_MEMBER;
use super::archive;
use super::build::match_length;
use super::records::{self, MatchHeader, RECORD, Record};
use super::walk::cube_value;
use crate::codes::Code;
use crate::notation::Span;
use crate::record::ReadProblem;
use crate::rules::{Position, Side};

/// The position of an `.xgp` file (or the last position of an `.xg`), as an XGID: the last
/// move or cube record's position, the player on roll, the dice of a move record, the cube,
/// the score and the match length.
///
/// # Errors
/// The problem that stops the reading, as for [`read`](super::read), or a file without a position.
pub fn read_position(bytes: &[u8]) -> Result<String, ReadProblem> {
    let mut warnings = Vec::new();
    let members = archive::members(bytes, &[RECORDS_MEMBER], &mut warnings)?;
    let data = &members[0].data;
    let mut header = MatchHeader::default();
    let mut score = [0i32; 2];
    let mut crawford = false;
    // The last position: board, player on roll, dice (a move record), cube.
    type Last = ([i8; 26], Side, Option<[i32; 2]>, i32);
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
    Ok(crate::ids::xgid::xgid(&position, player, roll, &context))
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
}
