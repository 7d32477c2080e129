//! v1's match header (`MHDR`) and games (`GAME`): each game's header, its board, its plies, and
//! what v1 does not state derived (a resignation's value, the seat and steps of a play made
//! at the board).

use super::board_plays::board_play_steps;
use crate::codes::Code;
use crate::notation::Span;
use crate::ogxm::bytes::{Cursor, Short};
use crate::ogxm::plies::{
    self, Action, DICE, DOUBLE, DROP, Ply, RESIGN, RESIGN_MATCH, SET_POSITION, TAKE,
};
use crate::ogxm::sections::{Problem, Section};
use crate::ogxm::{GameIn, MatchHead};

/// A u8-length-prefixed UTF-8 string (invalid bytes replaced).
fn pascal(c: &mut Cursor<'_>, what: &'static str) -> Result<String, Short> {
    let n = c.u8(what)?;
    Ok(String::from_utf8_lossy(c.take(usize::from(n), what)?).into_owned())
}

/// The match header. `gammonview`: the file has a `GVAN` chunk (bytes 16–17 are then
/// gammonview's cube limit, not a starting score).
pub(super) fn read_mhdr(data: &[u8], s: &Section, gammonview: bool) -> Result<MatchHead, Problem> {
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
pub(super) fn read_game(data: &[u8], s: &Section, nth: usize) -> Result<(u8, GameIn), Problem> {
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
