//! The search for a moment of a replayed record: a game's end, a turn before or after it is
//! played, or the turn a finding concerns, as a [`Diagram`].

use super::{Diagram, hop_at, play_hops, side_word, written_hops, written_play};
use crate::ids::ogid::PlyOgids;
use crate::notation::{CellBody, Span};
use crate::record::{Action, Game};
use crate::replay::{ActionTrace, Finding, GameTrace, Verdict};
use crate::rules::{Position, Side};

/// A point in a record to show: which game, and where in it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The end of the game (after its last replayed turn and cube actions).
    End,
    /// A turn cell: the `k`-th replayed turn cell on turn line `N)` (or on file line
    /// `line`), before or after it is played; `side` picks the column.
    Turn {
        /// The written turn number (`N)`), or
        number: Option<u64>,
        /// the 1-based file line.
        line: Option<usize>,
        /// The column (default: the first turn cell of the line).
        side: Option<Side>,
        /// After the turn rather than before.
        after: bool,
    },
}

/// Why a moment cannot be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MomentError(pub String);

impl std::fmt::Display for MomentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The cube after the actions `actions[..upto]`, starting from the last turn's cube.
fn cube_through(actions: &[ActionTrace], upto: usize) -> (u32, Option<Side>) {
    let mut cube = (1u32, None);
    let mut offered: Option<u32> = None;
    for a in &actions[..upto.min(actions.len())] {
        match a {
            ActionTrace::Turn { cube: c, .. } => {
                cube = *c;
                offered = None;
            }
            ActionTrace::Cube { value, .. } => offered = u32::try_from(*value).ok(),
            ActionTrace::Answer { side, take, .. } => {
                if let (true, Some(v)) = (*take, offered) {
                    cube = (v, Some(*side));
                }
                offered = None;
            }
            _ => {}
        }
    }
    cube
}

/// The diagram of game `game` (0-based index into the verdict's games) at `moment`.
///
/// # Errors
/// When the game was not replayed, the turn is not in it, or was not replayed.
pub fn diagram_at(v: &Verdict, game: usize, moment: Moment) -> Result<Diagram, MomentError> {
    if v.rules.is_none() {
        return Err(MomentError(
            "the record's variant is not supported, so it was not replayed".into(),
        ));
    }
    let g =
        v.record.games.get(game).ok_or_else(|| {
            MomentError(format!("the record has {} game(s)", v.record.games.len()))
        })?;
    let t = v
        .games
        .get(game)
        .ok_or_else(|| MomentError(format!("game {} was not replayed", g.number)))?;
    let mut d = game_diagram(v, g, t);
    let ogids = super::super::ogid::game_of(v, game);
    match moment {
        Moment::End => at_end(&mut d, g, t, &ogids),
        Moment::Turn {
            number,
            line,
            side,
            after,
        } => {
            let (i, a) = find_turn(g, t, number, line, side)?;
            let turn = turn_at(v, g, t, i, a)?;
            d.cube = turn.cube;
            d.play = written_play(v, i, game);
            let ogid = ogids.get(i).copied().flatten();
            if after {
                after_turn(&mut d, g, t, i, a, &turn, ogid)?;
            } else {
                before_turn(&mut d, g, a, &turn, ogid);
            }
        }
    }
    Ok(d)
}

/// A bare diagram of game `g` (replayed as `t`): its rules' start, names, score and match.
fn game_diagram(v: &Verdict, g: &Game, t: &GameTrace) -> Diagram {
    // The game's own rules: in a rotating match they change from game to game.
    let rules = t.rules;
    let mut d = Diagram::new(rules.start(), rules, Side::White);
    d.names = g
        .score
        .as_ref()
        .map(|(l, r)| (l.name.clone(), r.name.clone()))
        .unwrap_or_else(|| ("White".into(), "Black".into()));
    d.score = g.score.as_ref().map(|(l, r)| (l.score, r.score));
    d.match_length = v.record.length.map(|l| l.0);
    d.crawford = t.crawford;
    d
}

/// The board at the end of game `g`: after its last replayed turn, with its result.
fn at_end(d: &mut Diagram, g: &Game, t: &GameTrace, ogids: &[Option<PlyOgids>]) {
    let last = t
        .actions
        .iter()
        .rev()
        .find(|a| matches!(a, ActionTrace::Turn { .. }));
    let (pos, next) = match last {
        Some(ActionTrace::Turn { position, side, .. }) => (*position, side.other()),
        _ => (t.rules.start(), Side::White),
    };
    d.position = pos;
    d.cube = cube_through(&t.actions, t.actions.len());
    let over = t.result.is_some();
    d.to_move = (!over).then_some(next);
    d.view = next;
    d.title = format!("game {}, the end", g.number);
    d.ogid = ogids
        .iter()
        .rev()
        .find_map(|p| p.and_then(|p| p.after))
        .map(|o| o.to_string());
    if let Some(r) = &t.result {
        d.note = Some(format!(
            "{} wins{}",
            side_word(r.winner),
            r.full
                .map(|p| format!(" {p} point{}", if p == 1 { "" } else { "s" }))
                .unwrap_or_default()
        ));
    }
}

/// The turn cell of game `g` on turn line `number` (or file line `line`), in `side`'s column.
fn find_turn<'g>(
    g: &'g Game,
    t: &GameTrace,
    number: Option<u64>,
    line: Option<usize>,
    side: Option<Side>,
) -> Result<(usize, &'g Action), MomentError> {
    let found = g.actions.iter().enumerate().find(|(i, a)| {
        matches!(a.cell.body, CellBody::Turn { .. })
            && number.is_none_or(|n| a.turn_number == Some(n))
            && line.is_none_or(|l| a.line == l)
            && side.is_none_or(|s| t.actions.get(*i).is_some_and(|x| trace_side(x) == s))
    });
    found.ok_or_else(|| {
        let what = match (number, line) {
            (Some(n), _) => format!("turn {n})"),
            (_, Some(l)) => format!("line {l}"),
            _ => "that turn".into(),
        };
        MomentError(format!(
            "game {} has no turn cell at {what}{}",
            g.number,
            side.map(|s| format!(" for {}", side_word(s)))
                .unwrap_or_default()
        ))
    })
}

/// A turn as the replay saw it.
struct TurnAt {
    mover: Side,
    roll: Option<(u8, u8)>,
    before: Position,
    /// The position after it, when it could be played.
    after: Option<Position>,
    cube: (u32, Option<Side>),
}

/// Turn cell `a` (action `i` of game `g`, replayed as `t`): replayed, or the one where the
/// replay stopped.
fn turn_at(
    v: &Verdict,
    g: &Game,
    t: &GameTrace,
    i: usize,
    a: &Action,
) -> Result<TurnAt, MomentError> {
    let earlier = t.actions.get(..i).unwrap_or(&[]);
    match t.actions.get(i) {
        Some(ActionTrace::Turn {
            side,
            roll,
            before,
            position,
            cube,
            ..
        }) => Ok(TurnAt {
            mover: *side,
            roll: *roll,
            before: *before,
            after: Some(*position),
            cube: *cube,
        }),
        // The turn where the replay stopped: it starts where the last replayed turn
        // ended (nothing before it was skipped).
        Some(ActionTrace::Unchecked { side, .. })
            if !earlier
                .iter()
                .any(|x| matches!(x, ActionTrace::Unchecked { .. })) =>
        {
            let before = earlier
                .iter()
                .rev()
                .find_map(|x| match x {
                    ActionTrace::Turn { position, .. } => Some(*position),
                    _ => None,
                })
                .unwrap_or_else(|| t.rules.start());
            let roll = match &a.cell.body {
                CellBody::Turn { stages } => {
                    stages.split(&v.record.stages).roll.map(|r| (r.a, r.b))
                }
                _ => None,
            };
            Ok(TurnAt {
                mover: *side,
                roll,
                before,
                after: None,
                cube: cube_through(&t.actions, i),
            })
        }
        _ => Err(MomentError(format!(
            "line {} was not replayed (after an earlier problem in game {})",
            a.line, g.number
        ))),
    }
}

/// The board before turn cell `a`: its mover to play its roll.
fn before_turn(d: &mut Diagram, g: &Game, a: &Action, turn: &TurnAt, ogid: Option<PlyOgids>) {
    d.position = turn.before;
    d.view = turn.mover;
    d.to_move = Some(turn.mover);
    d.dice = turn.roll;
    d.ogid = ogid.map(|p| p.before.to_string());
    d.title = format!(
        "game {}, line {}: {} to play",
        g.number,
        a.line,
        side_word(turn.mover)
    );
}

/// The board after turn cell `a` (action `i`), the other side on roll.
fn after_turn(
    d: &mut Diagram,
    g: &Game,
    t: &GameTrace,
    i: usize,
    a: &Action,
    turn: &TurnAt,
    ogid: Option<PlyOgids>,
) -> Result<(), MomentError> {
    let Some(position) = turn.after else {
        return Err(MomentError(format!(
            "the turn on line {} could not be played, so there is no board after it",
            a.line
        )));
    };
    d.position = position;
    d.view = turn.mover.other();
    d.to_move = Some(turn.mover.other());
    d.cube = cube_through(&t.actions, i + 1);
    d.ogid = ogid.and_then(|p| p.after).map(|o| o.to_string());
    d.title = format!(
        "game {}, line {}: after {}'s turn",
        g.number,
        a.line,
        side_word(turn.mover)
    );
    Ok(())
}

fn trace_side(a: &ActionTrace) -> Side {
    match a {
        ActionTrace::Turn { side, .. }
        | ActionTrace::Cube { side, .. }
        | ActionTrace::Answer { side, .. }
        | ActionTrace::Result { side, .. }
        | ActionTrace::Unchecked { side, .. } => *side,
        // A ` Draw` line stands in no player's column; it is read with the left one.
        ActionTrace::Draw { .. } => Side::White,
    }
}

/// Where a finding stands: the game and action whose cell holds its span, if a turn.
pub fn finding_turn(v: &Verdict, span: Span) -> Option<(usize, usize)> {
    for (gi, g) in v.record.games.iter().enumerate() {
        for (ai, a) in g.actions.iter().enumerate() {
            let c = a.cell.span;
            if span.offset >= c.offset && span.offset < c.end().max(c.offset + 1) {
                return matches!(a.cell.body, CellBody::Turn { .. }).then_some((gi, ai));
            }
        }
    }
    None
}

/// The board before the play a finding concerns, with the written hop that holds the
/// finding's span marked and the nearest legal play (if the finding suggests one) as the
/// alternative; `None` when the finding is not on a replayed turn.
pub fn finding_diagram(v: &Verdict, f: &Finding) -> Option<Diagram> {
    let (gi, ai) = finding_turn(v, f.span)?;
    let a = &v.record.games[gi].actions[ai];
    let side = &trace_side(v.games.get(gi)?.actions.get(ai)?);
    let mut d = diagram_at(
        v,
        gi,
        Moment::Turn {
            number: None,
            line: Some(a.line),
            side: Some(*side),
            after: false,
        },
    )
    .ok()?;
    let CellBody::Turn { stages } = &a.cell.body else {
        return None;
    };
    // The written hop holding the span: the step token containing it.
    for s in stages.of(&v.record.stages) {
        d.marks
            .extend(hop_at(s.moves.steps.of(&v.record.steps), f.span, *side));
    }
    if let Some(sug) = &f.suggestions
        && let Some(first) = sug.plays.first()
        && let Ok(p) = crate::notation::parse_play(first)
    {
        d.alternative = play_hops(&p.steps, *side);
    }
    d.written = written_hops(v, gi, ai);
    d.note = Some(f.message.clone());
    Some(d)
}
