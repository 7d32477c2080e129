//! A replayed match's OGIDs, action by action: what OGXM's codec gives as `ogid_before` and
//! `ogid_after` for each ply (a roll, a cube action, a resignation), followed through the
//! game by [`OgidGame`] from the replay's positions.
//!
//! Games of the backgammon family only (backgammon's board): for the others there are none.
//! Results (`Wins`, `Losses`, `Draw`) are no plies and have none; nor has a game whose replay
//! was not traced, nor an action after the one where its game's replay stopped (that one has
//! the OGID before it, not after).

use crate::ids::MatchContext;
use crate::ids::ogid::{OgidGame, PlyOgids, checker_field, crawford_games};
use crate::notation::CellBody;
use crate::replay::{ActionTrace, Continued, Severity, Verdict};
use crate::report::column_side;
use crate::rules::Roll;

/// Each game's OGIDs, one entry per action of the record's game (`None` where there is
/// none).
pub fn match_ogids(v: &Verdict) -> Vec<Vec<Option<PlyOgids>>> {
    let crawford = crawford_flags(v);
    (0..v.record.games.len())
        .map(|gi| game_ogids(v, gi, crawford.get(gi).copied().unwrap_or(false)))
        .collect()
}

/// The OGIDs of game `gi` (0-based) of `v`, one entry per action.
pub fn game_of(v: &Verdict, gi: usize) -> Vec<Option<PlyOgids>> {
    let crawford = crawford_flags(v);
    game_ogids(v, gi, crawford.get(gi).copied().unwrap_or(false))
}

/// Which games OGXM's codec marks as the Crawford game.
fn crawford_flags(v: &Verdict) -> Vec<bool> {
    let scores: Vec<(u64, u64)> = v
        .record
        .games
        .iter()
        .map(|g| g.score.as_ref().map_or((0, 0), |(l, r)| (l.score, r.score)))
        .collect();
    let length = v.record.length.map_or(0, |l| l.0);
    let rule = v.rules.is_some_and(|r| r.cube().crawford);
    crawford_games(&scores, length, rule)
}

/// Whether action `ai` of game `gi` is a ply of OGXM's (a roll, a cube action, a
/// resignation).
fn is_ply(body: &CellBody) -> bool {
    !matches!(
        body,
        CellBody::Wins { .. } | CellBody::Losses { .. } | CellBody::Draw
    )
}

fn game_ogids(v: &Verdict, gi: usize, crawford: bool) -> Vec<Option<PlyOgids>> {
    let Some(g) = v.record.games.get(gi) else {
        return Vec::new();
    };
    let mut out = vec![None; g.actions.len()];
    let Some(t) = v.games.get(gi) else {
        return out;
    };
    let rules = t.rules;
    if !rules.backgammon_board() || t.actions.len() != g.actions.len() {
        return out;
    }
    let Some(first) = g
        .actions
        .iter()
        .zip(&t.actions)
        .find(|(a, _)| is_ply(&a.cell.body))
        .map(|(a, x)| match x {
            ActionTrace::Turn { side, .. } => *side,
            _ => column_side(a.cell.column),
        })
    else {
        return out;
    };
    let (white_score, black_score) = g.score.as_ref().map_or((0, 0), |(l, r)| (l.score, r.score));
    let context = MatchContext {
        white_score,
        black_score,
        match_length: v.record.length.map_or(0, |l| l.0),
        crawford,
        ..MatchContext::default()
    };
    let mut game = OgidGame::new(
        rules.start(),
        first,
        &context,
        checker_field(rules.checkers()),
    );
    // Plays made at the board that the game goes on from as the record stores them: OGXM's
    // set-position plies, which are no move.
    let stored: Vec<usize> = v
        .findings
        .iter()
        .filter(|f| f.continued == Some(Continued::StoredPosition))
        .map(|f| f.span.offset)
        .collect();
    for (ai, a) in g.actions.iter().enumerate() {
        let side = column_side(a.cell.column);
        let ply = match (&a.cell.body, &t.actions[ai]) {
            (
                CellBody::Turn { .. },
                ActionTrace::Turn {
                    side,
                    roll: Some((x, y)),
                    position,
                    ..
                },
            ) => {
                let cell = a.cell.span;
                let at_board = stored
                    .iter()
                    .any(|&o| o >= cell.offset && o < cell.end().max(cell.offset + 1));
                Some(game.roll(*side, Roll { a: *x, b: *y }, *position, at_board))
            }
            (CellBody::Double { .. }, ActionTrace::Cube { .. }) => Some(game.double(side)),
            (CellBody::Beaver { .. } | CellBody::Raccoon { .. }, ActionTrace::Cube { .. }) => {
                Some(game.redouble(side))
            }
            (CellBody::Take, ActionTrace::Answer { .. }) => Some(game.take(side)),
            (CellBody::Drop, ActionTrace::Answer { .. }) => Some(game.pass(side)),
            (CellBody::Resign { .. }, ActionTrace::Result { .. }) => Some(game.resign(side)),
            (body, ActionTrace::Unchecked { .. }) => {
                // Where the replay stopped: the OGID before the action, and none after. A
                // play with an error in it was made at the board: its dice as written.
                let cell = a.cell.span;
                let illegal = v.findings.iter().any(|f| {
                    f.severity == Severity::Error
                        && f.span.offset >= cell.offset
                        && f.span.offset < cell.end().max(cell.offset + 1)
                });
                let before = match body {
                    CellBody::Turn { stages } => stages
                        .split(&v.record.stages)
                        .roll
                        .map(|r| game.before_roll(side, Roll { a: r.a, b: r.b }, illegal)),
                    b if is_ply(b) => Some(game.before(side)),
                    _ => None,
                };
                out[ai] = before.map(|before| PlyOgids {
                    before,
                    after: None,
                });
                break;
            }
            _ => None,
        };
        out[ai] = ply;
    }
    out
}
