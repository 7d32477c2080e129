//! A checked backgammon record written as gnubg's SGF (`GM[6]`): one game tree per game, the
//! score before it in `MI`, each turn as its dice and one letter pair per replayed step,
//! cube actions as `double`, `take`, `drop`, and the result in `RE` (`R` after a
//! resignation). Written from the replay (the steps as played), not from the text, so a
//! `.mat` play with combined hops (`24/13`) becomes the single-die steps gnubg expects.

use std::fmt::Write as _;

use super::read::{Col, point_letter};
use crate::report::json::{ActionDoc, GameDoc, MatchDoc, SideDoc};
use crate::rules::{RuleSet, Variant};

/// Why a record cannot be written as SGF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError(pub String);

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WriteError {}

/// An SGF value with `\` and `]` escaped.
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

fn col(s: SideDoc) -> Col {
    match s {
        SideDoc::White => Col::W,
        SideDoc::Black => Col::B,
    }
}

fn ident(s: SideDoc) -> char {
    match s {
        SideDoc::White => 'W',
        SideDoc::Black => 'B',
    }
}

/// Whether gnubg's SGF can hold games of these rules, and the `RU` token that names the
/// variant (`None` for backgammon from the usual start).
fn gnubg_game(rules: &RuleSet) -> Result<Option<&'static str>, WriteError> {
    let refuse = |what: &str| {
        WriteError(format!(
            "SGF has no {what}: gnubg's SGF (GM[6]) holds the backgammon family only (backgammon, nackgammon, hypergammon, longgammon); use --to mat or --to json"
        ))
    };
    match rules.game() {
        Variant::Backgammon => {}
        Variant::Hypergammon1 => return Ok(Some("Hypergammon1")),
        Variant::Hypergammon2 => return Ok(Some("Hypergammon2")),
        Variant::Hypergammon3 => return Ok(Some("Hypergammon3")),
        // gnubg has no Longgammon token (hypergammon.md §6): tavla writes and reads its own.
        Variant::Longgammon => return Ok(Some("Longgammon")),
        Variant::GulBara => return Err(refuse("Gul bara")),
        Variant::Tapa => return Err(refuse("Tapa or Plakoto")),
        Variant::LongNardy => return Err(refuse("Long nardy")),
        Variant::Fevga => return Err(refuse("Fevga")),
    }
    let standard = RuleSet::default_for(Variant::Backgammon);
    if rules.start() == standard.start() {
        return Ok(None);
    }
    if let Ok(n) = standard.with_preset("nackgammon")
        && rules.start() == n.start()
    {
        return Ok(Some("Nackgammon"));
    }
    Err(refuse("game with this starting position"))
}

fn game(
    out: &mut String,
    doc: &MatchDoc,
    g: &GameDoc,
    index: usize,
    rules: &RuleSet,
    variation: Option<&'static str>,
) -> Result<(), WriteError> {
    let length = doc.match_length.unwrap_or(0);
    let (ws, bs) = g.score_before.map_or((0, 0), |s| (s.white, s.black));
    let players = g.players.as_ref().or(doc.players.as_ref());
    let (pw, pb) = players.map_or(("White", "Black"), |p| (p.white.as_str(), p.black.as_str()));
    let _ = write!(
        out,
        "(;FF[4]GM[6]CA[UTF-8]AP[tavla:{}]MI[length:{length}][game:{index}][ws:{ws}][bs:{bs}]PW[{}]PB[{}]",
        env!("CARGO_PKG_VERSION"),
        esc(pw),
        esc(pb)
    );
    if index == 0 {
        for t in &doc.tags {
            let id = match t.name.as_str() {
                "Site" => "PC",
                "Event" => "EV",
                "Round" => "RO",
                "EventDate" => "DT",
                "Transcriber" => "AN",
                _ => continue,
            };
            let v = if id == "DT" {
                t.value.replace('.', "-")
            } else {
                t.value.clone()
            };
            let _ = write!(out, "{id}[{}]", esc(&v));
        }
        if !doc.comments.is_empty() {
            let text: Vec<&str> = doc.comments.iter().map(|c| c.text.as_str()).collect();
            let _ = write!(out, "GC[{}]", esc(&text.join("\n")));
        }
    }
    let cube = rules.cube();
    let mut ru = Vec::new();
    if length > 0 && cube.crawford {
        ru.push("Crawford");
        if g.crawford == Some(true) {
            ru.push("CrawfordGame");
        }
    }
    if length == 0 && cube.jacoby {
        ru.push("Jacoby");
    }
    if let Some(v) = variation {
        ru.push(v);
    }
    if cube.available.is_err() {
        ru.push("NoCube");
    }
    if !ru.is_empty() {
        let _ = write!(out, "RU[{}]", ru.join(":"));
    }
    if let Some(r) = g.result.as_ref().filter(|r| !r.draw)
        && let Some(points) = r.points.or(r.value)
    {
        let resigned = if r.how == "resignation" { "R" } else { "" };
        let _ = write!(out, "RE[{}+{points}{resigned}]", ident(r.winner));
    }
    for a in &g.actions {
        let side = a.base().player;
        match a {
            ActionDoc::Turn(t) => {
                let where_ = || format!("game {} line {}", g.number, t.base.line);
                let (Some(dice), true, [stage]) =
                    (t.dice, t.received.is_empty(), t.stages.as_slice())
                else {
                    return Err(WriteError(format!(
                        "{}: a turn gnubg cannot hold (no roll, or stages beyond the roll)",
                        where_()
                    )));
                };
                let Some(steps) = &stage.steps else {
                    return Err(WriteError(format!(
                        "{}: the turn was not replayed (an earlier error); fix the record first",
                        where_()
                    )));
                };
                let _ = write!(out, "\n;{}[{}{}", ident(side), dice[0], dice[1]);
                for s in steps {
                    out.push(point_letter(col(side), s.from) as char);
                    out.push(point_letter(col(side), s.to) as char);
                }
                out.push(']');
                if let Some(an) = &t.base.analysis {
                    analysis(out, an, col(side), dice);
                }
            }
            ActionDoc::Double(_) | ActionDoc::Take(_) | ActionDoc::Drop(_) => {
                let word = match a {
                    ActionDoc::Double(_) => "double",
                    ActionDoc::Take(_) => "take",
                    _ => "drop",
                };
                let _ = write!(out, "\n;{}[{word}]", ident(side));
                if let Some(e) = a
                    .base()
                    .analysis
                    .as_ref()
                    .and_then(|an| an.cube.as_ref())
                    .and_then(|c| c.evaluation.as_ref())
                {
                    let _ = write!(out, "DA[{}]", esc(e));
                }
            }
            ActionDoc::Beaver(_) | ActionDoc::Raccoon(_) => {
                return Err(WriteError(format!(
                    "game {} line {}: a beaver or raccoon, which gnubg's SGF does not record",
                    g.number,
                    a.base().line
                )));
            }
            // The result is the root's `RE` (`RE[W+2R]` for a resignation).
            ActionDoc::Wins(_)
            | ActionDoc::Losses(_)
            | ActionDoc::Draw(_)
            | ActionDoc::Resign(_) => continue,
        }
        // The entry's comment stays with its node.
        if let Some(c) = &a.base().comment {
            let _ = write!(out, "C[{}]", esc(c));
        }
    }
    out.push_str(")\n");
    Ok(())
}

/// The analysis gnubg wrote for a move, written back: the candidates (`A`, when every one came
/// from gnubg's SGF with its evaluation context), the cube figures (`DA`) and the luck (`LU`).
fn analysis(out: &mut String, an: &crate::report::json::AnalysisDoc, side: Col, dice: [u8; 2]) {
    let candidates: Option<Vec<String>> = an
        .candidates
        .iter()
        .map(|c| {
            let context = c.context.as_ref()?;
            let steps = super::repair::single_steps(&c.play, dice[0], dice[1])?;
            let mut v = String::new();
            for (from, to) in steps {
                v.push(point_letter(side, from) as char);
                v.push(point_letter(side, to) as char);
            }
            let p = c.probabilities;
            Some(format!(
                "{v} E ver 3 {:.6} {:.6} {:.6} {:.6} {:.6} {:.6} {context}",
                p[0], p[1], p[2], p[3], p[4], c.equity
            ))
        })
        .collect();
    if let (Some(candidates), Some(played)) = (candidates.filter(|c| !c.is_empty()), an.played) {
        let _ = write!(out, "A[{played}]");
        for c in candidates {
            let _ = write!(out, "[{}]", esc(&c));
        }
    }
    if let Some(e) = an.cube.as_ref().and_then(|c| c.evaluation.as_ref()) {
        let _ = write!(out, "DA[{}]", esc(e));
    }
    if let Some(l) = an.luck {
        let _ = write!(out, "LU[{l:.6}]");
    }
}

/// The match of a checked record (its typed document from
/// [`match_doc`](crate::report::json::match_doc) with traces, and its rules) as gnubg's SGF.
///
/// # Errors
///
/// A game other than backgammon or nackgammon (SGF has no Gul bara, Tapa, Long nardy or
/// Fevga), a record without rules (its variant unsupported), a beaver, or a turn that was not
/// replayed (an earlier error stopped the check of its game).
pub fn write_sgf(doc: &MatchDoc, rules: Option<&RuleSet>) -> Result<String, WriteError> {
    let rules = rules.ok_or_else(|| {
        WriteError("the record's variant is not supported, so it cannot be written as SGF".into())
    })?;
    let variation = gnubg_game(rules)?;
    if doc.rotation.is_some() {
        return Err(WriteError(
            "SGF has no rotating match (Sreshta, Tavli): gnubg's SGF holds backgammon only".into(),
        ));
    }
    let mut out = String::new();
    for (i, g) in doc.games.iter().enumerate() {
        game(&mut out, doc, g, i, rules, variation)?;
    }
    Ok(out)
}
