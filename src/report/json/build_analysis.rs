//! The analyses in the match document, built from a verdict: each action's analysis (with
//! the match context of its cube decision), and the file's analysis blocks, annotations and
//! clock.

use super::{
    AnalysisBlockDoc, AnalysisDoc, AnnotationDoc, BlockDecisionDoc, CandidateDoc, ClockDoc,
    ClockReadingDoc, CubeAnalysisDoc, DrawingDoc, PlaceDoc, ResignAnalysisDoc,
};
use crate::notation::CellBody;
use crate::record::extras::{AnalysisBlock, Annotation, BlockDecision, Clock, Place};
use crate::record::{Analysis, MatchCube};
use crate::replay::{ActionTrace, Verdict};
use crate::report::column_side;
use crate::rules::Side;

/// The analysis of action `ai` of game `gi`, where the file carries one; `side` is the
/// action's player.
pub(super) fn action_analysis(
    v: &Verdict,
    gi: usize,
    ai: usize,
    side: Side,
) -> Option<AnalysisDoc> {
    let a = v.record.games.get(gi)?.actions.get(ai)?;
    a.analysis
        .as_deref()
        .map(|x| analysis_in_match(v, x, gi, ai, side))
}

/// An analysis of action `ai` of game `gi` as its document, its cube figures placed in the
/// match.
fn analysis_in_match(v: &Verdict, a: &Analysis, gi: usize, ai: usize, side: Side) -> AnalysisDoc {
    let m = a.cube.as_ref().and_then(|_| match_cube(v, gi, ai, side));
    analysis_doc(a, &v.record.games[gi].actions[ai].cell.body, m.as_ref())
}

/// An action's analysis as its document; `m`: where in a match its cube decision stands
/// (match play), for the double/pass figure in match winning chances that the file leaves out.
pub(crate) fn analysis_doc(a: &Analysis, body: &CellBody, m: Option<&MatchCube>) -> AnalysisDoc {
    AnalysisDoc {
        candidates: a
            .candidates
            .iter()
            .map(|c| CandidateDoc {
                play: c.play.clone(),
                equity: c.equity,
                probabilities: c.probabilities,
                level: c.level.clone(),
                context: c.context.clone(),
            })
            .collect(),
        played: a.played,
        equity_loss: a.equity_loss(),
        best_play: a.best().map(|c| c.play.clone()),
        cube: a.cube.as_ref().map(|c| CubeAnalysisDoc {
            no_double: c.no_double,
            double_take: c.double_take,
            // Given by the file, or derived in match play (money: 1, left out).
            double_pass: c
                .double_pass
                .or_else(|| c.match_winning_chances.then(|| c.double_pass_in(m))?),
            unit: if c.match_winning_chances {
                "mwc"
            } else {
                "equity"
            }
            .into(),
            level: c.level.clone(),
            proper: c.proper_in(m).map(|p| p.as_str().to_string()),
            error: match body {
                CellBody::Double { .. } => c.doubling_error_in(true, m),
                CellBody::Take => c.taking_error_in(true, m),
                CellBody::Drop => c.taking_error_in(false, m),
                CellBody::Turn { .. } => c.doubling_error_in(false, m),
                _ => None,
            },
            evaluation: c.evaluation.clone(),
        }),
        luck: a.luck,
    }
}

/// The match context of the cube decision at action `ai` of game `g` in match play: the
/// doubler (the player on roll, or who doubled; the other side of a take or a pass), the score
/// before the game, the cube before the double (before the turn; half the double's value, of
/// the last double for its answer), the Crawford game. `None` in money play.
pub(crate) fn match_cube(v: &Verdict, gi: usize, ai: usize, side: Side) -> Option<MatchCube> {
    let length = v.record.length.map_or(0, |l| l.0);
    let g = v.record.games.get(gi)?;
    let a = g.actions.get(ai)?;
    let trace = v.games.get(gi);
    let crawford = trace.is_some_and(|t| t.crawford);
    let t = trace.and_then(|tr| tr.actions.get(ai));
    let cube = match (&a.cell.body, t) {
        (_, Some(ActionTrace::Turn { cube, .. })) => Some(u64::from(cube.0)),
        (CellBody::Double { value, .. }, _) => Some(value / 2),
        (CellBody::Take | CellBody::Drop, _) => g.actions[..ai].iter().rev().find_map(|p| match p
            .cell
            .body
        {
            CellBody::Double { value, .. } => Some(value / 2),
            _ => None,
        }),
        _ => None,
    }?;
    let doubler = match a.cell.body {
        CellBody::Take | CellBody::Drop => side.other(),
        _ => side,
    };
    let (l, r) = g.score.as_ref()?;
    if length == 0 {
        return None;
    }
    let (w, b) = (l.score, r.score);
    Some(MatchCube {
        length,
        score: if doubler == Side::White {
            (w, b)
        } else {
            (b, w)
        },
        cube,
        crawford,
    })
}

/// The extras of a match (its analysis blocks, annotations and clock) as their documents.
pub(super) fn extras_docs(
    v: &Verdict,
) -> (Vec<AnalysisBlockDoc>, Vec<AnnotationDoc>, Option<ClockDoc>) {
    let Some(x) = v.record.extras.as_deref() else {
        return (Vec::new(), Vec::new(), None);
    };
    let blocks = x.blocks.iter().map(|b| block_doc(v, b)).collect();
    let annotations = x.annotations.iter().map(|n| annotation_doc(v, n)).collect();
    let clock = x.clock.as_ref().map(|c| clock_doc(v, c));
    (blocks, annotations, clock)
}

/// Where in the match an extra stands: the game by its written number.
fn place_doc(v: &Verdict, p: &Place) -> PlaceDoc {
    PlaceDoc {
        game: v
            .record
            .games
            .get(p.game)
            .map_or(p.game as u64 + 1, |g| g.number),
        ply: p.ply,
        action: p.action,
    }
}

fn block_doc(v: &Verdict, b: &AnalysisBlock) -> AnalysisBlockDoc {
    AnalysisBlockDoc {
        id: b.id.clone(),
        primary: b.primary,
        producer: b.producer,
        model_id: b.model_id.clone(),
        model_name: b.model_name.clone(),
        engine_build: b.engine_build.clone(),
        currency: b.currency.clone(),
        met_id: b.met_id.clone(),
        tables: b.tables.clone(),
        level: b.level.clone(),
        complete: b.complete,
        cube_efficiency: b.cube_efficiency,
        started_at: b.started_at,
        completed_at: b.completed_at,
        duration_ms: b.duration_ms,
        decisions: b.decisions.iter().map(|d| decision_doc(v, d)).collect(),
    }
}

/// A decision of an analysis block; its cube figures placed in the match where it names an
/// action.
fn decision_doc(v: &Verdict, d: &BlockDecision) -> BlockDecisionDoc {
    let p = d.place;
    let action = p
        .action
        .and_then(|ai| Some((ai, v.record.games.get(p.game)?.actions.get(ai)?)));
    BlockDecisionDoc {
        place: place_doc(v, &p),
        kind: d.kind.clone(),
        analysis: d.analysis.as_ref().map(|a| match action {
            Some((ai, act)) => analysis_in_match(v, a, p.game, ai, column_side(act.cell.column)),
            None => analysis_doc(a, &CellBody::Draw, None),
        }),
        resign: d.resign.as_ref().map(|r| ResignAnalysisDoc {
            correct_value: r.correct_value,
            resign_error: r.resign_error,
            take_resign_error: r.take_resign_error,
            probabilities: r.probabilities,
            equity_loss: r.equity_loss,
            level: r.level.clone(),
        }),
    }
}

fn annotation_doc(v: &Verdict, n: &Annotation) -> AnnotationDoc {
    AnnotationDoc {
        scope: n.scope.clone(),
        place: n.place.as_ref().map(|p| place_doc(v, p)),
        analysis_id: n.analysis_id.clone(),
        kind: n.kind.clone(),
        alternative: n.alternative,
        key: n.key.clone(),
        lang: n.lang.clone(),
        author: n.author.clone(),
        at: n.at,
        text: n.text.clone(),
        drawings: n
            .drawings
            .iter()
            .map(|d| DrawingDoc {
                shape: d.shape,
                at: d.at,
                to: d.to,
                color: d.color,
            })
            .collect(),
    }
}

fn clock_doc(v: &Verdict, c: &Clock) -> ClockDoc {
    ClockDoc {
        reserve_ms: c.reserve_ms,
        delay_ms: c.delay_ms,
        increment_ms: c.increment_ms,
        start_timestamp: c.start_timestamp,
        flags: c.flags,
        precision: c.precision,
        readings: c
            .readings
            .iter()
            .map(|(p, ms)| ClockReadingDoc {
                place: place_doc(v, p),
                ms: *ms,
            })
            .collect(),
    }
}
