//! Writing a match back as a `.mat` record in a canonical layout, from its document.
//!
//! Canonical layout ([`crate::notation::layout`]): header tags and comments first,
//! ` N point match`, then per game ` Game N`, the score line, numbered turn lines with the left
//! cell at column 5 and the right cell at column 33, results on their own unnumbered line in
//! the winner's column (a resignation on such a line, in the resigning player's column).
//! Actions that share a source line share a written line. Cube actions and results stand one
//! column right of rolls, as gnubg writes them (` Takes` from column 5 on the left,
//! `Doubles => 2` from column 34 on the right).

use serde::Deserialize;
use serde_json::Value;

use super::StageKind;
use super::layout::{self, CubeCell, MatText};
use crate::report::json::{ActionDoc, GameDoc, MatchDoc, SideDoc};

/// The written lines of a game: its actions grouped by their line (at most two cells a
/// line), each turn line with its number, result lines with none.
fn lines_of(g: &GameDoc) -> Vec<(Option<usize>, Vec<&ActionDoc>)> {
    let actions = &g.actions;
    let mut out = Vec::new();
    let mut number = 0;
    let mut i = 0;
    while i < actions.len() {
        let line = actions[i].base().line;
        let mut group = vec![&actions[i]];
        let mut j = i + 1;
        while j < actions.len() && actions[j].base().line == line && group.len() < 2 {
            group.push(&actions[j]);
            j += 1;
        }
        if group.iter().all(|x| is_result(x)) {
            out.push((None, group));
        } else {
            number += 1;
            out.push((Some(number), group));
        }
        i = j;
    }
    out
}

/// The text of a cell, as [`layout`] writes it.
fn cell_text(a: &ActionDoc) -> String {
    match a {
        ActionDoc::Turn(t) => {
            let received = t
                .received
                .iter()
                .map(|s| layout::stage(StageKind::Received, &s.dice, &s.play));
            // The first of `stages` is the roll, whatever its document kind says.
            let stages = t.stages.iter().enumerate().map(|(k, s)| {
                let kind = if k == 0 {
                    StageKind::Roll
                } else {
                    StageKind::Chain
                };
                layout::stage(kind, &s.dice, &s.play)
            });
            received.chain(stages).collect::<Vec<_>>().join(" ")
        }
        ActionDoc::Double(c) => layout::cube(CubeCell::Doubles(c.value)),
        ActionDoc::Beaver(c) => layout::cube(CubeCell::Beavers(c.value)),
        ActionDoc::Raccoon(c) => layout::cube(CubeCell::Raccoons(c.value)),
        ActionDoc::Take(_) => layout::cube(CubeCell::Takes),
        ActionDoc::Drop(_) => layout::cube(CubeCell::Drops),
        ActionDoc::Wins(w) => layout::wins(w.points, w.and_match),
        ActionDoc::Losses(l) => layout::losses(l.points),
        ActionDoc::Draw(_) => " Draw".into(),
        ActionDoc::Resign(r) => layout::resign(r.level.map(Into::into)),
    }
}

/// A cell of a result line: a result, or the resignation beside it.
fn is_result(a: &ActionDoc) -> bool {
    matches!(
        a,
        ActionDoc::Wins(_) | ActionDoc::Losses(_) | ActionDoc::Draw(_) | ActionDoc::Resign(_)
    )
}

fn write_game(out: &mut MatText, g: &GameDoc) {
    out.game(g.number);
    if let Some(players) = &g.players {
        let ratings = g.ratings.clone().unwrap_or_default();
        let name = |n: &str, r: &Option<String>| match r {
            Some(r) => format!("{n},{r}"),
            None => n.to_string(),
        };
        let (ws, bs) = g.score_before.map(|s| (s.white, s.black)).unwrap_or((0, 0));
        out.score_line(
            &name(&players.white, &ratings.white),
            ws,
            &name(&players.black, &ratings.black),
            bs,
        );
    }
    // Actions grouped by their source line (at most two cells a line); results go on their
    // own lines.
    let mut number = 0;
    for (n, group) in lines_of(g) {
        let results_line = n.is_none();
        let (left, right) = match group.as_slice() {
            [x] if x.base().player == SideDoc::Black => (None, Some(*x)),
            [x] => (Some(*x), None),
            [x, y] => (Some(*x), Some(*y)),
            _ => (None, None),
        };
        let left = left.map(cell_text);
        // gnubg writes a right cell that is not a roll one column further right (column 34,
        // as its left cube cells stand one column right of its rolls): a cube action keeps the
        // leading space of its text, a result on a turn line gets one. A line of results
        // alone is already one column right.
        let right = right.map(|r| {
            let text = cell_text(r);
            match r {
                ActionDoc::Turn(_) => text,
                _ if results_line => text.trim_start().to_string(),
                _ => format!(" {}", text.trim_start()),
            }
        });
        match n {
            None => out.result_line(left.as_deref(), right.as_deref()),
            Some(k) => {
                number = k;
                out.turn_line(k, left.as_deref(), right.as_deref());
            }
        }
    }
    for _ in 0..g.empty_turn_lines.unwrap_or(0) {
        number += 1;
        out.turn_line(number, None, None);
    }
}

/// Write the match of a typed document (as produced by [`crate::report::json::match_doc`]) as `.mat`.
pub fn write_mat_doc(doc: &MatchDoc) -> String {
    let mut out = MatText::new();
    for t in &doc.tags {
        out.tag(&t.name, &t.value);
    }
    for c in &doc.comments {
        out.comment(&c.text);
    }
    // The comments a file attaches to entries (SGF, XG) have no place of their own in the
    // layout: they go to the header, each naming its entry.
    for (gi, g) in doc.games.iter().enumerate() {
        for (number, group) in lines_of(g) {
            for a in group {
                let Some(c) = &a.base().comment else { continue };
                let side = if a.base().player == SideDoc::Black {
                    "black"
                } else {
                    "white"
                };
                let place = match number {
                    Some(n) => format!("game {}, turn {n}, {side}", gi + 1),
                    None => format!("game {}, {side}", gi + 1),
                };
                for (k, line) in c.lines().enumerate() {
                    if k == 0 {
                        out.comment(&format!("{place}: {line}"));
                    } else {
                        out.comment(&format!("  {line}"));
                    }
                }
            }
        }
    }
    out.match_length(doc.match_length);
    for g in &doc.games {
        write_game(&mut out, g);
    }
    out.finish()
}

/// Write the match of a JSON document (as produced by [`crate::report::json::match_json`]) as `.mat`.
///
/// # Panics
///
/// If `doc` is not a `tavla-match` document (it does not deserialize into [`MatchDoc`]); a
/// document from [`crate::report::json::match_json`] always is. For JSON from elsewhere, deserialize
/// it first (`serde_json::from_value::<MatchDoc>`) and call [`write_mat_doc`].
pub fn write_mat(doc: &Value) -> String {
    let doc = MatchDoc::deserialize(doc).expect("a tavla-match JSON document");
    write_mat_doc(&doc)
}
