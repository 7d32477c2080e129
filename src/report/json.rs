//! The JSON document of a replayed match (`tavla convert --to json`). Field names are
//! documented in the README; `format_version` changes when they do.

use serde_json::{Map, Value, json};

use super::gnubg;
use crate::notation::{CellBody, Moves, Stage};
use crate::record::HeaderItem;
use crate::replay::{ActionTrace, StageTrace, Verdict};
use crate::rules::{BAR, OFF, Position, RuleSet, Side, gul_bara};

/// The `format` field.
pub const FORMAT: &str = "tavla-match";
/// The `format_version` field.
pub const FORMAT_VERSION: u32 = 1;

fn opposite(rules: Option<&RuleSet>) -> fn(u8) -> u8 {
    match rules {
        Some(RuleSet::GulBara(_)) => gul_bara::opposite,
        _ => crate::rules::backgammon::opposite,
    }
}

/// A position as JSON: each side in its own numbering, plus the board in White's numbering.
pub fn position_json(pos: &Position, opposite: fn(u8) -> u8) -> Value {
    let side_map = |s: Side| {
        let mut m = Map::new();
        for p in (1..=24u8).rev() {
            let n = pos.count(s, p);
            if n > 0 {
                m.insert(p.to_string(), json!(n));
            }
        }
        Value::Object(m)
    };
    let mut board = Vec::new();
    for p in 1..=24u8 {
        let w = pos.count(Side::White, p);
        let b = pos.count(Side::Black, opposite(p));
        if w > 0 || b > 0 {
            let mut e = Map::new();
            e.insert("point".into(), json!(p));
            if w > 0 {
                e.insert("white".into(), json!(w));
            }
            if b > 0 {
                e.insert("black".into(), json!(b));
            }
            board.push(Value::Object(e));
        }
    }
    json!({
        "white": side_map(Side::White),
        "black": side_map(Side::Black),
        "white_off": pos.count(Side::White, OFF),
        "black_off": pos.count(Side::Black, OFF),
        "white_bar": pos.count(Side::White, BAR),
        "black_bar": pos.count(Side::Black, BAR),
        "board": board,
    })
}

fn written(m: &Moves, source: &str) -> Value {
    if m.cannot_move.is_some() {
        return json!("Cannot Move");
    }
    if let Some(span) = m.unknown {
        return json!(source.get(span.offset..span.end()).unwrap_or("????"));
    }
    if let Some(span) = m.illegal {
        return json!(
            source
                .get(span.offset..span.end())
                .unwrap_or("Illegal play ()")
        );
    }
    let s: Vec<String> = m.steps.iter().map(|s| s.to_string()).collect();
    json!(s.join(" "))
}

fn stage_json(stage: &Stage, trace: Option<&StageTrace>, source: &str) -> Value {
    let mut o = Map::new();
    o.insert("kind".into(), json!(stage.kind));
    o.insert(
        "dice".into(),
        if stage.a == stage.b {
            json!([stage.a])
        } else {
            json!([stage.a, stage.b])
        },
    );
    o.insert("play".into(), written(&stage.moves, source));
    if let Some(t) = trace {
        o.insert("available".into(), json!(t.available));
        o.insert(
            "steps".into(),
            Value::Array(
                t.steps
                    .iter()
                    .map(|s| json!({"from": s.from, "to": s.to, "die": s.die, "hit": s.hit}))
                    .collect(),
            ),
        );
    }
    Value::Object(o)
}

/// The whole match as a JSON document.
pub fn match_json(v: &Verdict, with_source: bool, source: &str) -> Value {
    let opp = opposite(v.rules.as_ref());
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    for h in &v.record.header {
        match h {
            HeaderItem::Tag {
                name,
                value,
                line,
                span,
            } => {
                let mut t = json!({"name": name, "value": value});
                if with_source {
                    t["line"] = json!(line);
                    t["span"] = json!(span);
                }
                tags.push(t);
            }
            HeaderItem::Comment { text, line } => {
                comments.push(json!({"line": line, "text": text}))
            }
        }
    }
    let mut games = Vec::new();
    for (gi, g) in v.record.games.iter().enumerate() {
        let trace = v.games.get(gi);
        let mut actions = Vec::new();
        for (ai, a) in g.actions.iter().enumerate() {
            let t = trace.and_then(|t| t.actions.get(ai));
            let side = match a.cell.column {
                crate::notation::Column::Left => Side::White,
                crate::notation::Column::Right => Side::Black,
            };
            let mut o = Map::new();
            o.insert("line".into(), json!(a.line));
            o.insert("player".into(), json!(side));
            let checked = !matches!(t, Some(ActionTrace::Unchecked { .. }) | None);
            match &a.cell.body {
                CellBody::Turn {
                    received,
                    roll,
                    chain,
                } => {
                    o.insert("type".into(), json!("turn"));
                    let (rt, st, pos) = match t {
                        Some(ActionTrace::Turn {
                            received,
                            stages,
                            position,
                            ..
                        }) => (Some(received), Some(stages), Some(position)),
                        _ => (None, None, None),
                    };
                    if let Some(r) = roll {
                        o.insert("dice".into(), json!([r.a, r.b]));
                    }
                    o.insert(
                        "received".into(),
                        Value::Array(
                            received
                                .iter()
                                .enumerate()
                                .map(|(k, s)| stage_json(s, rt.and_then(|r| r.get(k)), source))
                                .collect(),
                        ),
                    );
                    let mut stages = Vec::new();
                    for (k, s) in roll.iter().chain(chain.iter()).enumerate() {
                        stages.push(stage_json(s, st.and_then(|r| r.get(k)), source));
                    }
                    o.insert("stages".into(), Value::Array(stages));
                    if let Some(p) = pos {
                        o.insert("position".into(), position_json(p, opp));
                    }
                    if let (
                        Some(RuleSet::Backgammon(_)),
                        Some(ActionTrace::Turn {
                            before,
                            cube,
                            roll: Some(dice),
                            ..
                        }),
                    ) = (v.rules.as_ref(), t)
                    {
                        let score = g
                            .score
                            .as_ref()
                            .map(|(l, r)| (l.score, r.score))
                            .unwrap_or((0, 0));
                        let state = gnubg::MatchState {
                            cube: cube.0,
                            owner: cube.1,
                            on_roll: side,
                            crawford: trace.is_some_and(|t| t.crawford),
                            dice: *dice,
                            length: v.record.length.map(|l| l.0).unwrap_or(0),
                            score,
                            crawford_rule: matches!(v.rules, Some(RuleSet::Backgammon(o)) if o.crawford)
                                && v.record.length.is_some_and(|l| l.0 > 0),
                        };
                        o.insert(
                            "position_id".into(),
                            json!(gnubg::position_id(before, side)),
                        );
                        o.insert("match_id".into(), json!(gnubg::match_id(&state)));
                    }
                }
                CellBody::Double { value, .. } => {
                    o.insert("type".into(), json!("double"));
                    o.insert("value".into(), json!(value));
                }
                CellBody::Beaver { value, .. } => {
                    o.insert("type".into(), json!("beaver"));
                    o.insert("value".into(), json!(value));
                }
                CellBody::Raccoon { value, .. } => {
                    o.insert("type".into(), json!("raccoon"));
                    o.insert("value".into(), json!(value));
                }
                CellBody::Take => {
                    o.insert("type".into(), json!("take"));
                }
                CellBody::Drop => {
                    o.insert("type".into(), json!("drop"));
                }
                CellBody::Wins {
                    points, and_match, ..
                } => {
                    o.insert("type".into(), json!("wins"));
                    o.insert("points".into(), json!(points));
                    o.insert("and_match".into(), json!(and_match));
                }
                CellBody::Losses { points, .. } => {
                    o.insert("type".into(), json!("losses"));
                    o.insert("points".into(), json!(points));
                }
            }
            o.insert("checked".into(), json!(checked));
            if with_source {
                o.insert("span".into(), json!(a.cell.span));
                o.insert(
                    "source".into(),
                    json!(
                        source
                            .get(a.cell.span.offset..a.cell.span.end())
                            .unwrap_or("")
                    ),
                );
            }
            actions.push(Value::Object(o));
        }
        let mut go = Map::new();
        go.insert("number".into(), json!(g.number));
        if let Some((l, r)) = &g.score {
            go.insert("players".into(), json!({"white": l.name, "black": r.name}));
            let mut ratings = Map::new();
            if let Some(x) = &l.rating {
                ratings.insert("white".into(), json!(x));
            }
            if let Some(x) = &r.rating {
                ratings.insert("black".into(), json!(x));
            }
            if !ratings.is_empty() {
                go.insert("ratings".into(), Value::Object(ratings));
            }
            go.insert(
                "score_before".into(),
                json!({"white": l.score, "black": r.score}),
            );
        }
        if let Some(t) = trace {
            go.insert("crawford".into(), json!(t.crawford));
            if let Some(r) = &t.result {
                go.insert(
                    "result".into(),
                    json!({"winner": r.winner, "points": r.written, "value": r.full, "how": r.how}),
                );
            }
        }
        if !g.empty_lines.is_empty() {
            go.insert("empty_turn_lines".into(), json!(g.empty_lines.len()));
        }
        go.insert("actions".into(), Value::Array(actions));
        games.push(Value::Object(go));
    }
    let players = v
        .record
        .games
        .first()
        .and_then(|g| g.score.as_ref())
        .map(|(l, r)| json!({"white": l.name, "black": r.name}));
    json!({
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "variant": v.rules.map(|r| r.variant()),
        "rules": v.rules,
        "match_length": v.record.length.map(|l| l.0),
        "tags": tags,
        "comments": comments,
        "players": players,
        "games": games,
        "valid": v.errors() == 0,
        "errors": v.errors(),
        "warnings": v.warnings(),
    })
}
