//! `tavla check` (single plays against a position) and `tavla legal` (the legal plays of a
//! position), in either notation.

use std::io::Write;

use serde_json::{Value, json};
use tavla::notation::parse_play;
use tavla::replay::Finding;
use tavla::report::diagram;
use tavla::report::single::{
    Board, BoardError, PlayVerdict, Written, judge, legal as legal_plays, parse_roll, position_ids,
    read_play,
};
use tavla::report::{LineIndex, Style, finding_json, render_human};
use tavla::rules::Side;

use super::setup::{open_output, ruleset};
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
use crate::{CheckArgs, LegalArgs, Notation, PlayFormat, PositionArgs};

/// Read `--position` (a spec, or a file holding one) under the rules.
fn board(p: &PositionArgs) -> Result<Board, String> {
    let rules = ruleset(&p.rules)?;
    let side = p.side.map(|s| match s {
        crate::SideArg::White => Side::White,
        crate::SideArg::Black => Side::Black,
    });
    let raw = p.position.clone().unwrap_or_else(|| "start".into());
    let text = match std::fs::metadata(&raw) {
        Ok(m) if m.is_file() => {
            let bytes = std::fs::read(&raw).map_err(|e| format!("--position {raw}: {e}"))?;
            if tavla::xg::is_xg(&bytes) {
                // An eXtreme Gammon position (`.xgp`) or match: its last position, as an XGID.
                tavla::xg::read_position(&bytes)
                    .map_err(|e| format!("--position {raw}: error[{}]: {}", e.code, e.message))?
            } else {
                String::from_utf8(bytes)
                    .map_err(|e| format!("--position {raw}: not UTF-8 text: {e}"))?
            }
        }
        _ => raw.clone(),
    };
    let mut b = Board::new(rules, &text, side, None).map_err(|e| match e {
        BoardError::Position(e) => format!("--position: {e}"),
        other => other.to_string(),
    })?;
    b.roll = p.roll.as_deref().map(parse_roll).transpose()?;
    Ok(b)
}

/// The plays of the arguments and of `--plays`, one per line.
fn plays_of(a: &CheckArgs) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = a.plays.clone();
    if let Some(path) = &a.plays_file {
        let text = if path.as_os_str() == "-" {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
                .map_err(|e| format!("--plays -: {e}"))?;
            s
        } else {
            std::fs::read_to_string(path).map_err(|e| format!("--plays {}: {e}", path.display()))?
        };
        out.extend(
            text.lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(String::from),
        );
    }
    if out.is_empty() {
        return Err("no play given: write plays as arguments or give --plays FILE".into());
    }
    Ok(out)
}

/// `tavla check`.
pub(crate) fn check(a: CheckArgs) -> u8 {
    exit_code("check", check_inner(&a))
}

/// The exit code of `tavla {command}`, its error said on standard error.
fn exit_code(command: &str, r: Result<u8, String>) -> u8 {
    r.unwrap_or_else(|e| {
        say!("tavla {command}: {e}");
        EXIT_ERROR
    })
}

fn check_inner(a: &CheckArgs) -> Result<u8, String> {
    let b = board(&a.position)?;
    let plays = plays_of(a)?;
    let mut out = open_output(&a.output)?;
    let mut all_legal = true;
    let mut docs = Vec::new();
    for text in &plays {
        let mut diagram = None;
        let (verdict, name) = match read_play(&b, text) {
            Ok(w) => {
                let v = judge(&b, &w);
                if a.board {
                    diagram = Some(play_diagram(&b, &w, &v));
                }
                (v, text.clone())
            }
            Err(Ok(findings)) => (
                PlayVerdict {
                    legal: false,
                    doc: json!({ "play": text, "legal": false }),
                    findings,
                },
                text.clone(),
            ),
            Err(Err(usage)) => return Err(usage),
        };
        all_legal &= verdict.legal;
        let mut doc = verdict.doc;
        let idx = LineIndex::new(text);
        doc["findings"] = Value::Array(
            verdict
                .findings
                .iter()
                .map(|f| finding_json("play", text, &idx, f))
                .collect(),
        );
        if let Some(d) = &diagram
            && a.format != PlayFormat::Human
        {
            doc["board"] = diagram::diagram_json(d);
        }
        match a.format {
            PlayFormat::Human => {
                let mut w = human(&doc, &name, text, &verdict.findings);
                if let Some(d) = &diagram {
                    w.push_str(&diagram::text(d, diagram::Charset::Ascii));
                }
                out.write_all(w.as_bytes()).map_err(|e| e.to_string())?;
            }
            PlayFormat::Jsonl => {
                writeln!(out, "{doc}").map_err(|e| e.to_string())?;
            }
            PlayFormat::Json => docs.push(doc),
        }
    }
    if a.format == PlayFormat::Json {
        let s = serde_json::to_string_pretty(&Value::Array(docs)).map_err(|e| e.to_string())?;
        writeln!(out, "{s}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(if all_legal { EXIT_VALID } else { EXIT_INVALID })
}

/// The board before a play (`--board`): the mover's view, the first bad step marked, the
/// whole written play and the nearest legal play as hops.
fn play_diagram(b: &Board, w: &Written, v: &PlayVerdict) -> diagram::Diagram {
    let mut d = diagram::Diagram::new(w.position, b.rules, w.side);
    let ctx = b.context();
    d.to_move = Some(w.side);
    d.dice = Some((w.roll.a, w.roll.b));
    d.cube = (ctx.cube, ctx.cube_owner);
    d.score = Some((ctx.white_score, ctx.black_score));
    d.match_length = Some(ctx.match_length);
    d.crawford = ctx.crawford;
    d.play = Some(w.text.clone());
    d.written = diagram::play_hops(&w.play.steps, w.side);
    if !v.legal {
        if let Some(f) = v.findings.first() {
            d.marks
                .extend(diagram::hop_at(&w.play.steps, f.span, w.side));
        }
        if let Some(first) = v.doc["nearest"][0]["standard"].as_str()
            && let Ok(p) = parse_play(first)
        {
            d.alternative = diagram::play_hops(&p.steps, w.side);
        }
    }
    d
}

/// One play's verdict for people: the verdict line, both notations and the result's IDs, or
/// the diagnostic and the nearest legal plays.
fn human(doc: &Value, name: &str, text: &str, findings: &[Finding]) -> String {
    let mut s = String::new();
    let legal = doc["legal"].as_bool().unwrap_or(false);
    if legal {
        s.push_str(&format!(
            "{name}: legal\n  standard: {}\n  letters:  {}\n",
            doc["standard"].as_str().unwrap_or(""),
            doc["letters"].as_str().unwrap_or("")
        ));
        push_ids(&mut s, &doc["result"], "  ");
    } else {
        s.push_str(&format!("{name}: illegal\n"));
    }
    if !findings.is_empty() {
        let style = Style {
            color: false,
            unicode: false,
            width: 100,
        };
        s.push_str(&render_human("play", text, findings, style));
    }
    if let Some(near) = doc["nearest"].as_array()
        && !near.is_empty()
    {
        s.push_str(&format!(
            "  nearest legal plays (of {}):\n",
            doc["legal_plays"].as_u64().unwrap_or(0)
        ));
        for n in near {
            s.push_str(&format!(
                "    {}   ({})\n",
                n["standard"].as_str().unwrap_or(""),
                n["letters"].as_str().unwrap_or("")
            ));
        }
    }
    s
}

fn push_ids(s: &mut String, ids: &Value, indent: &str) {
    if let Some(id) = ids["position_id"].as_str() {
        s.push_str(&format!("{indent}position: {id}\n"));
    }
    if let Some(x) = ids["xgid"].as_str() {
        s.push_str(&format!("{indent}{x}\n"));
    }
    if let Some(o) = ids["ogid"].as_str() {
        s.push_str(&format!("{indent}OGID={o}\n"));
    }
}

/// `tavla legal`.
pub(crate) fn legal(a: LegalArgs) -> u8 {
    exit_code("legal", legal_inner(&a))
}

fn legal_inner(a: &LegalArgs) -> Result<u8, String> {
    let b = board(&a.position)?;
    let found = legal_plays(&b, a.typographic)?;
    let (side, roll) = (found.side, found.roll);
    let mut out = open_output(&a.output)?;
    let docs: Vec<Value> = found
        .plays
        .iter()
        .map(|p| {
            json!({
                "standard": p.standard,
                "letters": p.letters,
                "result": position_ids(&b.rules, &p.position, side.other(), &b.context()),
            })
        })
        .collect();
    let w = |e: std::io::Error| e.to_string();
    match a.format {
        PlayFormat::Human => {
            for (doc, p) in docs.iter().zip(&found.plays) {
                let shown = match a.notation {
                    Notation::Standard => &p.standard,
                    Notation::Letters => &p.letters,
                };
                match doc["result"]["position_id"].as_str() {
                    Some(id) => writeln!(out, "{shown}\t{id}").map_err(w)?,
                    None => writeln!(out, "{shown}").map_err(w)?,
                }
            }
            say!(
                "{} legal play(s) for {} with {}",
                found.plays.len(),
                diagram::side_word(side),
                roll
            );
        }
        PlayFormat::Jsonl => {
            for d in &docs {
                writeln!(out, "{d}").map_err(w)?;
            }
        }
        PlayFormat::Json => {
            let doc = json!({
                "side": side.name(),
                "roll": [roll.high(), roll.low()],
                "max_steps": found.max_steps,
                "plays": docs,
            });
            let s = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
            writeln!(out, "{s}").map_err(w)?;
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(EXIT_VALID)
}
