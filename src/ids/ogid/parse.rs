//! An OGID read ([`FromStr`] for [`Ogid`]): its fields checked in order, the first that is
//! wrong named in the [`PositionError`].

use std::str::FromStr;

use super::{CubeAction, CubeOwner, FORMAT, GameState, LengthMark, Ogid, char_point};
use crate::ids::{CHECKERS, PositionError, dice_digits, field_error, field_number};
use crate::rules::{BAR, OFF, Position, Roll, Side};

/// A field error.
fn bad(field: &'static str, value: &str, expected: &'static str) -> PositionError {
    field_error(FORMAT, field, value, expected)
}

/// A whole number written in ASCII digits only (at most 18 of them).
fn number(field: &'static str, value: &str, expected: &'static str) -> Result<u64, PositionError> {
    field_number(FORMAT, field, value, expected)
}

/// One side's checkers (the first or second field) added onto `pos`; how many there are.
fn checkers_of(s: &str, side: Side, pos: &mut Position) -> Result<u32, PositionError> {
    let (own_bar, their_bar) = match side {
        Side::White => (0u8, 25u8),
        Side::Black => (25, 0),
    };
    let mut total = 0u32;
    for (index, c) in s.chars().enumerate() {
        let expected = match side {
            Side::White => {
                "a point `0`-`9` or `a`-`o` (White's checkers: 0 its bar, 1-24 the points; 25 is Black's bar)"
            }
            Side::Black => {
                "a point `1`-`9` or `a`-`p` (Black's checkers: 1-24 the points, 25 its bar; 0 is White's bar)"
            }
        };
        let Some(abs) = char_point(c).filter(|&a| a != their_bar) else {
            return Err(PositionError::BadCharacter {
                format: FORMAT,
                index,
                found: c,
                expected,
            });
        };
        let own = match side {
            _ if abs == own_bar => BAR,
            Side::White => 25 - abs,
            Side::Black => abs,
        };
        pos.set(side, own, pos.count(side, own).saturating_add(1));
        total += 1;
    }
    Ok(total)
}

impl FromStr for Ogid {
    type Err = PositionError;

    /// Decode an OGID, with or without `OGID=` (or `OGID:`, any case) and surrounding
    /// whitespace. Checkers may stand in any order within their field.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first field that is wrong, or a position that cannot
    /// occur (more checkers than a side has, a point held by both sides, both sides borne
    /// off).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let body = match s.get(..5) {
            Some(p) if p.eq_ignore_ascii_case("ogid=") || p.eq_ignore_ascii_case("ogid:") => {
                &s[5..]
            }
            _ => s,
        };
        let fields: Vec<&str> = body.split(':').collect();
        let (base, checkers_text) = match fields.len() {
            10 => (&fields[..], None),
            11 => (&fields[..10], Some(fields[10])),
            found => {
                return Err(PositionError::FieldCount {
                    format: FORMAT,
                    expected: 10,
                    found,
                });
            }
        };
        let [
            white,
            black,
            cube,
            dice,
            last,
            state,
            white_score,
            black_score,
            length,
            move_id,
        ] = base
        else {
            return Err(PositionError::FieldCount {
                format: FORMAT,
                expected: 10,
                found: fields.len(),
            });
        };
        let checkers = checkers_text.map(checker_count).transpose()?;
        let limit = checkers.map_or(CHECKERS, u32::from);
        let position = board(white, black, checkers_text, limit)?;
        let (cube_owner, exponent, cube_action) = cube_field(cube)?;
        let dice = dice_field(dice)?;
        let last = colour_field(last)?;
        let state = state_field(state)?;
        let white_score = number("White's score", white_score, "a whole number")?;
        let black_score = number("Black's score", black_score, "a whole number")?;
        let (match_length, length_mark) = length_field(length)?;
        if match_length > 0 {
            for (score, field, text) in [
                (white_score, "White's score", base[6]),
                (black_score, "Black's score", base[7]),
            ] {
                if score >= match_length {
                    return Err(bad(field, text, "a score below the match length"));
                }
            }
        }
        let move_id = number("the move number", move_id, "a whole number")?;
        check_board(&position, limit)?;
        Ok(Ogid {
            position,
            cube: 1 << exponent,
            cube_owner,
            cube_action,
            dice,
            last,
            state,
            white_score,
            black_score,
            match_length,
            length_mark,
            move_id,
            checkers,
        })
    }
}

/// The eleventh field: checkers a side, 1 to 15.
fn checker_count(t: &str) -> Result<u8, PositionError> {
    const EXPECTED: &str = "checkers a side, 1 to 15";
    let n = number("the checker count", t, EXPECTED)?;
    if !(1..=u64::from(CHECKERS)).contains(&n) {
        return Err(bad("the checker count", t, EXPECTED));
    }
    Ok(n as u8)
}

/// The position of the first two fields, `limit` checkers a side (`checkers_text`: the
/// eleventh field, where written); the checkers not on the board are borne off.
fn board(
    white: &str,
    black: &str,
    checkers_text: Option<&str>,
    limit: u32,
) -> Result<Position, PositionError> {
    let mut position = Position::empty();
    for (text, side) in [(white, Side::White), (black, Side::Black)] {
        let count = checkers_of(text, side, &mut position)?;
        match checkers_text {
            Some(t) if count > limit => {
                return Err(bad(
                    "the checker count",
                    t,
                    "at least the checkers a side has on the board",
                ));
            }
            _ if count > limit => return Err(PositionError::CheckerCount { side, count }),
            _ => {}
        }
        position.set(side, OFF, (limit - count) as u8);
    }
    Ok(position)
}

/// The third field: the cube's owner, its value's exponent and its action.
fn cube_field(cube: &str) -> Result<(CubeOwner, u32, CubeAction), PositionError> {
    const CUBE: &str = "an owner (N, W, B, D or ?), the value's exponent 0 to 15 and an action (N, O, T or P), e.g. N0N";
    let cube_bytes = cube.as_bytes();
    if cube_bytes.len() < 3 || !cube.is_ascii() {
        return Err(bad("the cube field", cube, CUBE));
    }
    let cube_owner = match cube_bytes[0] {
        b'N' => CubeOwner::Centred,
        b'W' => CubeOwner::Side(Side::White),
        b'B' => CubeOwner::Side(Side::Black),
        b'D' => CubeOwner::Dead,
        b'?' => CubeOwner::Unknown,
        _ => return Err(bad("the cube field", cube, CUBE)),
    };
    let cube_action = match cube_bytes[cube_bytes.len() - 1] {
        b'N' => CubeAction::None,
        b'O' => CubeAction::Offered,
        b'T' => CubeAction::Taken,
        b'P' => CubeAction::Passed,
        _ => return Err(bad("the cube field", cube, CUBE)),
    };
    let exponent = &cube[1..cube.len() - 1];
    let exponent = number("the cube field", exponent, CUBE)
        .ok()
        .filter(|&e| e <= 15)
        .ok_or_else(|| bad("the cube field", cube, CUBE))?;
    Ok((cube_owner, exponent as u32, cube_action))
}

/// The fourth field: no dice, or two dice 1 to 6.
fn dice_field(dice: &str) -> Result<Option<Roll>, PositionError> {
    if dice.is_empty() {
        return Ok(None);
    }
    match dice_digits(dice) {
        Some(r) => Ok(Some(r)),
        None => Err(bad(
            "the dice field",
            dice,
            "empty (no dice rolled) or two dice 1 to 6",
        )),
    }
}

/// The fifth field: the colour of the player who made the last action.
fn colour_field(last: &str) -> Result<Side, PositionError> {
    match last {
        "W" => Ok(Side::White),
        "B" => Ok(Side::Black),
        other => Err(bad(
            "the colour field",
            other,
            "W or B (the player who made the last action)",
        )),
    }
}

/// The sixth field: the game state.
fn state_field(state: &str) -> Result<GameState, PositionError> {
    GameState::ALL
        .into_iter()
        .find(|g| g.code() == state)
        .ok_or_else(|| {
            bad(
                "the game state",
                state,
                "IB, IW, R, C, D, A, P, G, M, RG or RM",
            )
        })
}

/// The ninth field: the match length and what follows it.
fn length_field(length: &str) -> Result<(u64, LengthMark), PositionError> {
    const LENGTH: &str =
        "a whole number (0 for money), optionally followed by C, L or G and a number of games";
    let digits = length.bytes().take_while(u8::is_ascii_digit).count();
    let match_length = number("the match length", &length[..digits], LENGTH)
        .map_err(|_| bad("the match length", length, LENGTH))?;
    let length_mark = match &length[digits..] {
        "" => LengthMark::None,
        "C" => LengthMark::Crawford,
        "L" => LengthMark::PostCrawford,
        g if g.starts_with('G') => LengthMark::Games(
            number("the match length", &g[1..], LENGTH)
                .map_err(|_| bad("the match length", length, LENGTH))?,
        ),
        _ => return Err(bad("the match length", length, LENGTH)),
    };
    Ok((match_length, length_mark))
}

/// No point held by both sides, not both sides borne off.
fn check_board(pos: &Position, checkers: u32) -> Result<(), PositionError> {
    for p in 1..=24u8 {
        if pos.count(Side::White, p) > 0 && pos.count(Side::Black, 25 - p) > 0 {
            return Err(PositionError::SharedPoint { point: p });
        }
    }
    if u32::from(pos.count(Side::White, OFF)) == checkers
        && u32::from(pos.count(Side::Black, OFF)) == checkers
    {
        return Err(PositionError::BothBorneOff);
    }
    Ok(())
}
