//! Writing a match back as a `.mat` record in a canonical layout, from its document.
//!
//! Canonical layout: header tags and comments first, ` N point match`, then per game
//! ` Game N`, the score line, numbered turn lines with the left cell at column 5 and the right
//! cell at column 33, results on their own unnumbered line in the winner's column.

use serde::Deserialize;
use serde_json::Value;

use super::json::{ActionDoc, GameDoc, MatchDoc, SideDoc, StageDoc};

const RIGHT: usize = 33;

fn stage_text(s: &StageDoc, prefix: &str, suffix: &str) -> String {
    let d = match s.dice.as_slice() {
        [a] => format!("{a}{a}"),
        [a, b] => format!("{a}{b}"),
        _ => String::from("??"),
    };
    if s.play.is_empty() {
        format!("{prefix}{d}{suffix}:")
    } else {
        format!("{prefix}{d}{suffix}: {}", s.play)
    }
}

fn cell_text(a: &ActionDoc) -> String {
    let points = |p: u64| if p == 1 { "" } else { "s" };
    match a {
        ActionDoc::Turn(t) => {
            let mut parts = Vec::new();
            for s in &t.received {
                parts.push(stage_text(s, "(", ")"));
            }
            for (k, s) in t.stages.iter().enumerate() {
                parts.push(stage_text(s, if k == 0 { "" } else { "+" }, ""));
            }
            parts.join(" ")
        }
        ActionDoc::Double(c) => format!(" Doubles => {}", c.value),
        ActionDoc::Beaver(c) => format!(" Beavers => {}", c.value),
        ActionDoc::Raccoon(c) => format!(" Raccoons => {}", c.value),
        ActionDoc::Take(_) => " Takes".into(),
        ActionDoc::Drop(_) => " Drops".into(),
        ActionDoc::Wins(w) => format!(
            "Wins {} point{}{}",
            w.points,
            points(w.points),
            if w.and_match { " and the match" } else { "" }
        ),
        ActionDoc::Losses(l) => format!("Losses {} point{}", l.points, points(l.points)),
    }
}

fn is_result(a: &ActionDoc) -> bool {
    matches!(a, ActionDoc::Wins(_) | ActionDoc::Losses(_))
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn write_game(out: &mut String, g: &GameDoc) {
    out.push_str(&format!("\n Game {}\n", g.number));
    if let Some(players) = &g.players {
        let ratings = g.ratings.clone().unwrap_or_default();
        let name = |n: &str, r: &Option<String>| match r {
            Some(r) => format!("{n},{r}"),
            None => n.to_string(),
        };
        let (ws, bs) = g.score_before.map(|s| (s.white, s.black)).unwrap_or((0, 0));
        let left = format!(" {} : {ws}", name(&players.white, &ratings.white));
        let pad = (RIGHT - 2).saturating_sub(left.chars().count()).max(2);
        out.push_str(&format!(
            "{left}{}{} : {bs}\n",
            " ".repeat(pad),
            name(&players.black, &ratings.black),
        ));
    }
    // Group actions by their source line (at most two cells a line); results go on their own
    // lines.
    let actions = &g.actions;
    let mut number = 0;
    let mut i = 0;
    while i < actions.len() {
        let a = &actions[i];
        let line = a.base().line;
        let mut group = vec![a];
        let mut j = i + 1;
        while j < actions.len() && actions[j].base().line == line && group.len() < 2 {
            group.push(&actions[j]);
            j += 1;
        }
        let results_line = is_result(a) && group.iter().all(|x| is_result(x));
        let (left, right) = match group.as_slice() {
            [x] if x.base().player == SideDoc::Black => (None, Some(*x)),
            [x] => (Some(*x), None),
            [x, y] => (Some(*x), Some(*y)),
            _ => (None, None),
        };
        let mut text = if results_line {
            String::new()
        } else {
            number += 1;
            format!("{number:>3}) ")
        };
        if results_line && left.is_some() {
            text.push_str("      ");
        }
        if let Some(l) = left {
            text.push_str(&cell_text(l));
        }
        if let Some(r) = right {
            let width = text.chars().count();
            let target = if results_line { RIGHT + 1 } else { RIGHT };
            let pad = if width + 2 > target {
                2
            } else {
                target - width
            };
            text.push_str(&" ".repeat(pad));
            text.push_str(cell_text(r).trim_start());
        }
        out.push_str(text.trim_end());
        out.push('\n');
        i = j;
    }
    for _ in 0..g.empty_turn_lines.unwrap_or(0) {
        number += 1;
        out.push_str(&format!("{number:>3})\n"));
    }
}

/// Write the match of a typed document (as produced by [`super::json::match_doc`]) as `.mat`.
pub fn write_mat_doc(doc: &MatchDoc) -> String {
    let mut out = String::new();
    for t in &doc.tags {
        out.push_str(&format!("; [{} \"{}\"]\n", t.name, escape(&t.value)));
    }
    for c in &doc.comments {
        if c.text.is_empty() {
            out.push_str(";\n")
        } else {
            out.push_str(&format!("; {}\n", c.text))
        }
    }
    if !out.is_empty() {
        out.push('\n');
    }
    if let Some(n) = doc.match_length {
        out.push_str(&format!(" {n} point match\n"));
    }
    for g in &doc.games {
        write_game(&mut out, g);
    }
    out
}

/// Write the match of a JSON document (as produced by [`super::json::match_json`]) as `.mat`.
///
/// # Panics
///
/// If `doc` is not a `tavla-match` document (it does not deserialize into [`MatchDoc`]); a
/// document from [`super::json::match_json`] always is. For JSON from elsewhere, deserialize
/// it first (`serde_json::from_value::<MatchDoc>`) and call [`write_mat_doc`].
pub fn write_mat(doc: &Value) -> String {
    let doc = MatchDoc::deserialize(doc).expect("a tavla-match JSON document");
    write_mat_doc(&doc)
}
