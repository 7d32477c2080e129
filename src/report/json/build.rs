//! The match document built from a verdict: the header, the games and each game's actions
//! (their analyses and the file's extras are built in `build_analysis`).

use serde_json::{Map, Value};

use super::build_analysis::{action_analysis, extras_docs};
use super::{
    ActionBaseDoc, ActionDoc, AnswerDoc, CommentDoc, CubeDoc, FORMAT, FORMAT_VERSION, GameDoc,
    LossesDoc, MatchDoc, PlayersDoc, RatingsDoc, ResignDoc, ResignLevelDoc, ResultDoc, ScoreDoc,
    SignatureDoc, StageDoc, StepDoc, TagDoc, TurnDoc, WinsDoc, position_doc, to_value,
};
use crate::ids::gnubg;
use crate::ids::ogid::PlyOgids;
use crate::notation::{CellBody, Moves, Stage, StageRange, StepText, TurnStages};
use crate::record::{Action, Game, HeaderItem, Signature};
use crate::replay::{ActionTrace, Continued, GameResult, GameTrace, StageTrace, Verdict};
use crate::report::column_side;
use crate::rules::{RuleSet, Side};

/// The whole match as a typed document.
pub fn match_doc(v: &Verdict, with_source: bool, source: &str) -> MatchDoc {
    match_doc_with(v, with_source, source, true)
}

/// [`match_doc`], or with `with_actions` false its frame: every game's `actions` left empty (the
/// JSON Lines writer writes them itself, [`super::super::jsonl`]).
pub(crate) fn match_doc_with(
    v: &Verdict,
    with_source: bool,
    source: &str,
    with_actions: bool,
) -> MatchDoc {
    let (tags, comments) = header_docs(v, with_source);
    let cx = MatchCx {
        v,
        with_source,
        source,
        made_at_board: made_at_board(v),
        ogids: if with_actions {
            super::super::ogid::match_ogids(v)
        } else {
            Vec::new()
        },
        with_actions,
    };
    let games = (0..v.record.games.len())
        .map(|gi| cx.game_doc(gi))
        .collect();
    let (analyses, annotations, clock) = extras_docs(v);
    MatchDoc {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        variant: v.rules.map(|r| r.variant()),
        rules: v.rules.as_ref().and_then(rules_map),
        match_length: v.record.length.map(|l| l.0),
        tags,
        comments,
        players: v.record.games.first().and_then(players_doc),
        games,
        valid: v.errors() == 0,
        errors: v.errors(),
        warnings: v.warnings(),
        rotation: v.rotation.map(|r| r.name().to_string()),
        analyses,
        annotations,
        clock,
        signatures: v.record.signatures.iter().map(signature_doc).collect(),
    }
}

/// The header's tags and its other lines.
fn header_docs(v: &Verdict, with_source: bool) -> (Vec<TagDoc>, Vec<CommentDoc>) {
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    for h in &v.record.header {
        match h {
            HeaderItem::Tag {
                name,
                value,
                line,
                span,
            } => tags.push(TagDoc {
                name: name.clone(),
                value: value.clone(),
                line: with_source.then_some(*line),
                span: with_source.then_some((*span).into()),
            }),
            HeaderItem::Comment { text, line } => comments.push(CommentDoc {
                line: *line,
                text: text.clone(),
            }),
        }
    }
    (tags, comments)
}

/// Where the plays made at the board are: the offsets of the findings continued from them.
pub(in crate::report) fn made_at_board(v: &Verdict) -> Vec<usize> {
    v.findings
        .iter()
        .filter(|f| {
            matches!(
                f.continued,
                Some(Continued::AsWritten | Continued::StoredPosition)
            )
        })
        .map(|f| f.span.offset)
        .collect()
}

/// Every rule option in force, as a JSON object.
fn rules_map(r: &RuleSet) -> Option<Map<String, Value>> {
    match to_value(r) {
        Value::Object(m) => Some(m),
        _ => None,
    }
}

/// The players of a game's score line.
fn players_doc(g: &Game) -> Option<PlayersDoc> {
    g.score.as_ref().map(|(l, r)| PlayersDoc {
        white: l.name.clone(),
        black: r.name.clone(),
    })
}

/// The rating suffixes of a game's score line, when either name has one.
fn ratings_doc(g: &Game) -> Option<RatingsDoc> {
    g.score.as_ref().and_then(|(l, r)| {
        (l.rating.is_some() || r.rating.is_some()).then(|| RatingsDoc {
            white: l.rating.clone(),
            black: r.rating.clone(),
        })
    })
}

fn signature_doc(g: &Signature) -> SignatureDoc {
    SignatureDoc {
        signs: if g.analysis.is_some() {
            "analysis"
        } else {
            "match"
        }
        .into(),
        analysis: g.analysis.map(|b| b + 1),
        key: g.key.clone(),
        status: g.status.name().into(),
        byte_offset: g.at.offset,
    }
}

fn result_doc(r: &GameResult) -> ResultDoc {
    ResultDoc {
        winner: r.winner,
        points: r.written,
        value: r.full,
        how: r.how.into(),
        draw: r.draw,
    }
}

/// What building the games needs from the whole match.
struct MatchCx<'v> {
    v: &'v Verdict,
    with_source: bool,
    source: &'v str,
    /// See [`made_at_board`].
    made_at_board: Vec<usize>,
    /// Each game's OGIDs, action by action.
    ogids: Vec<Vec<Option<PlyOgids>>>,
    /// False for the frame the JSON Lines writer fills in: no game's actions.
    with_actions: bool,
}

/// One game being built: the record's game, its replay and its own rules (a rotating match
/// changes them from game to game).
struct GameCx<'v> {
    index: usize,
    game: &'v Game,
    trace: Option<&'v GameTrace>,
    rules: Option<RuleSet>,
}

impl MatchCx<'_> {
    fn game_doc(&self, gi: usize) -> GameDoc {
        let g = &self.v.record.games[gi];
        let trace = self.v.games.get(gi);
        let game = GameCx {
            index: gi,
            game: g,
            trace,
            rules: trace.map(|t| t.rules).or(self.v.rules),
        };
        let rotating = self.v.rotation.and(game.rules);
        GameDoc {
            number: g.number,
            players: players_doc(g),
            ratings: ratings_doc(g),
            score_before: g.score.as_ref().map(|(l, r)| ScoreDoc {
                white: l.score,
                black: r.score,
            }),
            crawford: trace.map(|t| t.crawford),
            result: trace.and_then(|t| t.result.as_ref()).map(result_doc),
            empty_turn_lines: (!g.empty_lines.is_empty()).then_some(g.empty_lines.len()),
            actions: (0..g.actions.len())
                .filter(|_| self.with_actions)
                .map(|ai| self.action_doc(&game, ai))
                .collect(),
            variant: rotating.map(|r| r.variant()),
            rules: rotating.as_ref().and_then(rules_map),
        }
    }

    fn action_doc(&self, game: &GameCx, ai: usize) -> ActionDoc {
        let a = &game.game.actions[ai];
        let t = game.trace.and_then(|t| t.actions.get(ai));
        let side = match t {
            // Backgammon Galaxy's unindented `Losses` line: the replay knows the loser.
            Some(ActionTrace::Result { side, .. }) => *side,
            _ => column_side(a.cell.column),
        };
        let base = self.action_base(game, ai, side, t);
        match &a.cell.body {
            CellBody::Turn { stages } => {
                ActionDoc::Turn(self.turn_doc(game, a, *stages, t, side, base))
            }
            CellBody::Double { value, .. } => ActionDoc::Double(CubeDoc {
                base,
                value: *value,
            }),
            CellBody::Beaver { value, .. } => ActionDoc::Beaver(CubeDoc {
                base,
                value: *value,
            }),
            CellBody::Raccoon { value, .. } => ActionDoc::Raccoon(CubeDoc {
                base,
                value: *value,
            }),
            CellBody::Take => ActionDoc::Take(AnswerDoc { base }),
            CellBody::Drop => ActionDoc::Drop(AnswerDoc { base }),
            CellBody::Wins {
                points, and_match, ..
            } => ActionDoc::Wins(WinsDoc {
                base,
                points: *points,
                and_match: *and_match,
            }),
            CellBody::Losses { points, .. } => ActionDoc::Losses(LossesDoc {
                base,
                points: *points,
            }),
            CellBody::Draw => ActionDoc::Draw(AnswerDoc { base }),
            CellBody::Resign { level } => ActionDoc::Resign(ResignDoc {
                base,
                level: level.map(ResignLevelDoc::from),
            }),
        }
    }

    /// The fields of action `ai` that every action carries; `side` is the action's player.
    fn action_base(
        &self,
        game: &GameCx,
        ai: usize,
        side: Side,
        t: Option<&ActionTrace>,
    ) -> ActionBaseDoc {
        let a = &game.game.actions[ai];
        ActionBaseDoc {
            line: a.line,
            player: side,
            checked: !matches!(t, Some(ActionTrace::Unchecked { .. }) | None),
            span: self.with_source.then_some(a.cell.span.into()),
            source: self.with_source.then(|| {
                self.source
                    .get(a.cell.span.offset..a.cell.span.end())
                    .unwrap_or("")
                    .to_string()
            }),
            comment: a.comment.clone(),
            analysis: action_analysis(self.v, game.index, ai, side),
            ogid: self
                .ogids
                .get(game.index)
                .and_then(|g| g.get(ai))
                .and_then(|p| p.as_ref())
                .map(|p| p.before.to_string()),
        }
    }

    /// A turn cell: its stages as written and replayed, the position it reached and, on
    /// backgammon's board, gnubg's IDs before it.
    fn turn_doc(
        &self,
        game: &GameCx,
        a: &Action,
        stages: StageRange,
        t: Option<&ActionTrace>,
        side: Side,
        base: ActionBaseDoc,
    ) -> TurnDoc {
        let v = self.v;
        let TurnStages {
            received,
            roll,
            chain,
        } = stages.split(&v.record.stages);
        let parts = t.and_then(ActionTrace::turn_parts);
        let (rt, st, pos) = (parts.map(|p| p.0), parts.map(|p| p.1), parts.map(|p| p.2));
        let opposite = opposite(game.rules.as_ref());
        let stage = |traces: Option<&[StageTrace]>, k: usize, s: &Stage| {
            stage_doc(
                s,
                traces.and_then(|r| r.get(k)),
                &v.record.steps,
                self.source,
            )
        };
        let (position_id, match_id) = self.gnubg_ids(game, t, side).unzip();
        TurnDoc {
            base,
            dice: roll.map(|r| [r.a, r.b]),
            received: received
                .iter()
                .enumerate()
                .map(|(k, s)| stage(rt, k, s))
                .collect(),
            stages: roll
                .into_iter()
                .chain(chain)
                .enumerate()
                .map(|(k, s)| stage(st, k, s))
                .collect(),
            position: pos.map(|p| position_doc(p, opposite)),
            position_id,
            match_id,
            made_at_board: self
                .made_at_board
                .iter()
                .any(|&o| a.cell.span.offset <= o && o < a.cell.span.end()),
        }
    }

    /// gnubg's Position ID and Match ID before a replayed roll, on backgammon's board.
    fn gnubg_ids(
        &self,
        game: &GameCx,
        t: Option<&ActionTrace>,
        side: Side,
    ) -> Option<(String, String)> {
        let rules = game.rules.filter(|r| r.backgammon_board())?;
        let Some(ActionTrace::Turn {
            before,
            cube,
            roll: Some(dice),
            ..
        }) = t
        else {
            return None;
        };
        let length = self.v.record.length.map(|l| l.0);
        let state = gnubg::MatchState {
            cube: cube.0,
            owner: cube.1,
            on_roll: side,
            crawford: game.trace.is_some_and(|t| t.crawford),
            dice: *dice,
            length: length.unwrap_or(0),
            score: game
                .game
                .score
                .as_ref()
                .map(|(l, r)| (l.score, r.score))
                .unwrap_or((0, 0)),
            crawford_rule: rules.cube().crawford && length.is_some_and(|l| l > 0),
        };
        Some((gnubg::position_id(before, side), gnubg::match_id(&state)))
    }
}

pub(crate) fn opposite(rules: Option<&RuleSet>) -> fn(u8) -> u8 {
    rules.map_or(crate::rules::backgammon::opposite, RuleSet::opposite_fn)
}

fn stage_doc(
    stage: &Stage,
    trace: Option<&StageTrace>,
    steps: &[StepText],
    source: &str,
) -> StageDoc {
    StageDoc {
        kind: stage.kind,
        dice: if stage.a == stage.b {
            vec![stage.a]
        } else {
            vec![stage.a, stage.b]
        },
        play: written(&stage.moves, steps, source),
        available: trace.map(|t| t.available),
        steps: trace.map(|t| t.steps.iter().map(StepDoc::from).collect()),
    }
}

fn written(m: &Moves, steps: &[StepText], source: &str) -> String {
    let mut out = Vec::new();
    write_written(m, steps, source, &mut out);
    // The steps are ASCII and the rest is the source's text.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Append a stage's play as written to `out` (UTF-8): a marker (`Cannot Move`, `????`,
/// `Illegal play (…)`) first, then any steps written with it: nothing written is dropped,
/// even where the two contradict each other.
pub(crate) fn write_written(m: &Moves, steps: &[StepText], source: &str, out: &mut Vec<u8>) {
    let start = out.len();
    let sep = |out: &mut Vec<u8>| {
        if out.len() > start {
            out.push(b' ');
        }
    };
    if m.cannot_move().is_some() {
        sep(out);
        out.extend_from_slice(b"Cannot Move");
    }
    if let Some(span) = m.unknown() {
        sep(out);
        out.extend_from_slice(
            source
                .get(span.offset..span.end())
                .unwrap_or("????")
                .as_bytes(),
        );
    }
    if let Some(span) = m.illegal() {
        sep(out);
        out.extend_from_slice(
            source
                .get(span.offset..span.end())
                .unwrap_or("Illegal play ()")
                .as_bytes(),
        );
    }
    for st in m.steps.of(steps) {
        sep(out);
        st.push_to(out);
    }
}
