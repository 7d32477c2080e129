//! The plies of a `GAME` section (after its record, to the section's end): a header byte
//! (the action in bits 0–5, the seat in bit 6, 0 for White, bit 7 an extras record), for the
//! 21 dice actions up to two step bytes (four for a double, a 0 byte ends a shorter list),
//! each `from | pips << 5` with `from` an absolute point, then the extras record if flagged.

use super::bytes::{Cursor, Short, bit};
use super::sections::Problem;
use crate::codes::Code;
use crate::notation::Span;

/// The dice of the 21 dice actions, in order: 1-1, 1-2, … 6-6.
pub const DICE: [(u8, u8); 21] = {
    let mut out = [(0, 0); 21];
    let (mut a, mut k) = (1u8, 0usize);
    while a <= 6 {
        let mut b = a;
        while b <= 6 {
            out[k] = (a, b);
            k += 1;
            b += 1;
        }
        a += 1;
    }
    out
};

/// Action numbers.
pub const DOUBLE: u8 = 21;
pub const TAKE: u8 = 22;
pub const DROP: u8 = 23;
pub const RESIGN: u8 = 27;
pub const RESIGN_MATCH: u8 = 28;
pub const SET_POSITION: u8 = 31;
pub const BEAVER: u8 = 32;
pub const RACCOON: u8 = 33;
pub const CUBE_SET: u8 = 36;
pub const ESCAPE: u8 = 63;

/// What a ply does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// A roll and its steps: absolute from point, pips, and the byte of the step.
    Roll {
        dice: (u8, u8),
        steps: Vec<(u8, u8, usize)>,
    },
    /// A play made at the board (a set-position ply flagged illegal, with its dice): the
    /// steps the extras give, if any, and the board after it.
    Illegal {
        dice: (u8, u8),
        steps: Vec<(u8, u8, usize)>,
        board: Option<[i8; 26]>,
    },
    Double,
    Take,
    Drop,
    Beaver,
    Raccoon,
    /// A resignation by the player of the ply: 1 single, 2 gammon, 3 backgammon.
    Resign {
        value: u64,
        whole_match: bool,
    },
    /// Any other action, by number.
    Other {
        id: u64,
    },
}

/// One ply.
#[derive(Clone, Debug, PartialEq)]
pub struct Ply {
    /// The seat bit is 0: White.
    pub white: bool,
    pub action: Action,
    /// Its bytes in the file.
    pub span: Span,
    /// What the file's primary analysis block says of the ply, if it holds one.
    pub analysis: Option<crate::record::Analysis>,
    /// The ply's comment, if the file holds one.
    pub comment: Option<String>,
}

/// The extras record's fields used here.
#[derive(Default)]
struct Extras {
    dice: Option<(u8, u8)>,
    resign_value: Option<u64>,
    illegal: bool,
    steps: Vec<(u8, u8, usize)>,
    board: Option<[i8; 26]>,
    action_ext: Option<u64>,
}

/// A step byte (`from | pips << 5`, `from` absolute) at byte `at`: a point 0–25 and 1–7 pips.
pub(super) fn step(byte: u8, at: usize) -> Result<(u8, u8, usize), Problem> {
    let (from, pips) = (byte & 0x1f, byte >> 5);
    if from > 25 || pips == 0 {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            at,
            1,
            format!("step byte {byte:#04x} names point {from} and {pips} pips: no step"),
        ));
    }
    Ok((from, pips, at))
}

fn extras(c: &mut Cursor<'_>) -> Result<Extras, Problem> {
    let bad = |s: Short| Problem::short(&s, Code::OgxmBadRecord, "a ply's extras record");
    let (mask, mut r) = c.record("extras record").map_err(bad)?;
    let mut e = Extras::default();
    if bit(mask, 0) {
        let at = r.pos;
        let dice = (r.u8("dice").map_err(bad)?, r.u8("dice").map_err(bad)?);
        if !(1..=6).contains(&dice.0) || !(1..=6).contains(&dice.1) {
            return Err(Problem::new(
                Code::OgxmBadRecord,
                at,
                2,
                format!(
                    "an extras record gives the dice {} and {}: no die",
                    dice.0, dice.1
                ),
            ));
        }
        e.dice = Some(dice);
    }
    if bit(mask, 1) {
        e.resign_value = Some(r.varint("resign value").map_err(bad)?);
    }
    if bit(mask, 2) {
        r.varint("cube value").map_err(bad)?;
    }
    e.illegal = bit(mask, 3);
    if bit(mask, 4) {
        r.u32("settle value").map_err(bad)?;
    }
    if bit(mask, 5) {
        let at = r.pos;
        let n = r.varint("step count").map_err(bad)?;
        if n > 8 {
            return Err(Problem::new(
                Code::OgxmBadRecord,
                at,
                1,
                format!("an extras record gives {n} steps; a play has at most 8"),
            ));
        }
        for _ in 0..n {
            let at = r.pos;
            let byte = r.u8("step").map_err(bad)?;
            e.steps.push(step(byte, at)?);
        }
    }
    if bit(mask, 6) {
        let at = r.pos;
        let raw = r.take(26, "board").map_err(bad)?;
        e.board = Some(board(raw, at, "an extras record")?);
    }
    if bit(mask, 7) {
        e.action_ext = Some(r.varint("extended action").map_err(bad)?);
    }
    Ok(e)
}

/// The 26 bytes `raw` (at byte `at`) as an absolute board: White positive, 0 White's bar, 25
/// Black's; at most 15 checkers a side, each side's bar its own.
pub(super) fn board(raw: &[u8], at: usize, what: &str) -> Result<[i8; 26], Problem> {
    let mut board = [0i8; 26];
    for (d, &s) in board.iter_mut().zip(raw) {
        *d = s as i8;
    }
    let white: i32 = board.iter().map(|&n| i32::from(n.max(0))).sum();
    let black: i32 = board.iter().map(|&n| -i32::from(n.min(0))).sum();
    if white > 15 || black > 15 || board[25] > 0 || board[0] < 0 {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            at,
            26,
            format!(
                "{what} gives a board with {white} White and {black} Black checkers on it (at most 15 a side, each on its own bar)"
            ),
        ));
    }
    Ok(board)
}

/// The plies from the cursor to its end.
///
/// # Errors
/// The first ply that cannot be read (a cut step list, a bad step byte, extras that overrun).
pub fn read_plies(c: &mut Cursor<'_>) -> Result<Vec<Ply>, Problem> {
    let bad = |s: Short| Problem::short(&s, Code::OgxmBadRecord, "a ply");
    let mut out = Vec::new();
    while !c.done() {
        let at = c.pos;
        let b0 = c.u8("ply").map_err(bad)?;
        let (mut id, white, has_extras) = (b0 & 0x3f, b0 & 0x40 == 0, b0 & 0x80 != 0);
        let mut steps = Vec::new();
        if usize::from(id) < DICE.len() {
            let (a, b) = DICE[usize::from(id)];
            let max = if a == b { 4 } else { 2 };
            for _ in 0..max {
                let sat = c.pos;
                let byte = c.u8("step list").map_err(bad)?;
                if byte == 0 {
                    break;
                }
                steps.push(step(byte, sat)?);
            }
        }
        let e = if has_extras {
            extras(c)?
        } else {
            Extras::default()
        };
        let mut ext = None;
        if id == ESCAPE {
            ext = e.action_ext;
            id = 0xff;
        }
        let action = match id {
            0..=20 => Action::Roll {
                dice: DICE[usize::from(id)],
                steps,
            },
            DOUBLE => Action::Double,
            TAKE => Action::Take,
            DROP => Action::Drop,
            BEAVER => Action::Beaver,
            RACCOON => Action::Raccoon,
            RESIGN | RESIGN_MATCH => Action::Resign {
                value: e.resign_value.unwrap_or(1),
                whole_match: id == RESIGN_MATCH,
            },
            SET_POSITION if e.illegal && e.dice.is_some() => {
                let (a, b) = e.dice.unwrap_or((0, 0));
                Action::Illegal {
                    dice: (a.max(b), a.min(b)),
                    steps: e.steps,
                    board: e.board,
                }
            }
            0xff => Action::Other {
                id: ext.unwrap_or(u64::from(ESCAPE)),
            },
            other => Action::Other {
                id: u64::from(other),
            },
        };
        out.push(Ply {
            white,
            action,
            span: Span::new(at, c.pos - at),
            analysis: None,
            comment: None,
        });
    }
    Ok(out)
}

/// Whether an action the record cannot state leaves the replay unable to go on (a board or
/// cube set by hand); markers and comments do not.
pub fn breaks_replay(id: u64) -> bool {
    id == u64::from(SET_POSITION) || id == u64::from(CUBE_SET)
}

/// An absolute board (White positive; 0 White's bar, 25 Black's) as each side's checkers on
/// its own points, the bar at 25.
pub fn own_counts(board: &[i8; 26]) -> [[u8; 26]; 2] {
    let mut c = [[0u8; 26]; 2];
    for (abs, &n) in board.iter().enumerate() {
        if n > 0 {
            c[0][25 - abs] = n as u8;
        } else if n < 0 {
            c[1][abs] = n.unsigned_abs();
        }
    }
    c
}
