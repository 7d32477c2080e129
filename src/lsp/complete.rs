//! Completion after the dice of a turn (`  7) 64: `): the legal plays of the position the
//! record has reached at that turn, for that roll, as `tavla legal` lists them; the only
//! play preselected when the roll forces it.

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionTextEdit, Position as LspPosition, Range,
    TextEdit,
};

use super::{Document, cells};
use crate::replay::{ActionTrace, Verdict};
use crate::report::single::{both_notations, parse_roll};
use crate::rules::{Position, RuleSet, Side};

/// Where the cursor is: after the dice `dd:` of a turn cell, with part of a play typed.
struct Slot {
    /// Byte offset of the dice.
    dice_at: usize,
    /// The dice as written.
    dice: String,
    /// Byte offset where the play starts (after the colon and its blanks).
    play_at: usize,
    /// Characters from the line's start to the dice.
    column: usize,
}

fn is_die(c: u8) -> bool {
    (b'1'..=b'6').contains(&c)
}

/// The slot the cursor at byte `cur` is in, if it follows the dice of a turn on its line.
fn slot(doc: &Document, cur: usize) -> Option<Slot> {
    let line = doc.lines.line_of(cur);
    let (start, _) = doc.lines.line_range(&doc.text, line)?;
    let prefix = doc.text.get(start..cur)?;
    let b = prefix.as_bytes();
    let colon = (2..b.len()).rev().find(|&i| {
        b[i] == b':'
            && is_die(b[i - 1])
            && is_die(b[i - 2])
            && (i < 3 || !b[i - 3].is_ascii_alphanumeric())
    })?;
    let typed = &prefix[colon + 1..];
    // The play typed so far: play characters only (not the next cell's dice).
    if typed
        .chars()
        .any(|c| !(c.is_ascii_alphanumeric() || " /*()-+=–,".contains(c)))
    {
        return None;
    }
    let blanks = typed.len() - typed.trim_start().len();
    Some(Slot {
        dice_at: start + colon - 2,
        dice: prefix[colon - 2..colon].to_string(),
        play_at: start + colon + 1 + blanks,
        column: prefix[..colon - 2].chars().count(),
    })
}

/// The position before the turn whose dice stand at `at`: its rules, board and mover.
fn before(v: &Verdict, at: usize, column: usize) -> Option<(RuleSet, Position, Side)> {
    // The cell itself, where the record reads it as a turn.
    if let Some((cell, _)) = cells(v).find(|(c, _)| c.span.offset <= at && at < c.span.end())
        && let Some(d) = cell.diagram_before(cell.side)
    {
        return Some((d.rules, d.position, d.to_move?));
    }
    // Else the board after the last replayed turn before it, in its game.
    let mut last: Option<(RuleSet, Position, Side)> = None;
    for m in v.matches() {
        for (gi, g) in m.record.games.iter().enumerate() {
            if g.number_span.offset + m.offset > at {
                continue;
            }
            let Some(t) = m.games.get(gi) else { continue };
            let rules = t.rules;
            // A game's first turn: the left column is White's, the right Black's.
            let side = if column > 20 {
                Side::Black
            } else {
                Side::White
            };
            last = Some((rules, rules.start(), side));
            for (a, trace) in g.actions.iter().zip(&t.actions) {
                if a.cell.span.offset + m.offset >= at {
                    break;
                }
                if let ActionTrace::Turn { position, side, .. } = trace {
                    last = Some((rules, *position, side.other()));
                }
            }
        }
    }
    last
}

/// The completions at `pos`: every legal play of the turn's roll, sorted as `tavla legal`
/// lists them, replacing what is typed of the play.
pub fn completions(doc: &Document, pos: LspPosition) -> Vec<CompletionItem> {
    if !doc.is_mat() {
        return Vec::new();
    }
    let cur = doc.offset(pos);
    let Some(s) = slot(doc, cur) else {
        return Vec::new();
    };
    let Ok(roll) = parse_roll(&s.dice) else {
        return Vec::new();
    };
    let Some((rules, position, side)) =
        doc.with_boards_at(s.dice_at, |v, to| before(v, to(s.dice_at)?, s.column))
    else {
        return Vec::new();
    };
    let set = rules.legal_plays(&position, side, roll.stage());
    let mut plays: Vec<String> = set
        .results()
        .map(|(_, steps)| both_notations(&rules, steps, side, roll, false).0)
        .collect();
    plays.sort();
    plays.dedup();
    // Right after the colon: a blank first.
    let (from, lead) = if s.play_at == cur && doc.text[..cur].ends_with(':') {
        (cur, " ")
    } else {
        (s.play_at.min(cur), "")
    };
    let range = Range::new(doc.lines.position(&doc.text, from), pos);
    let only = plays.len() == 1;
    plays
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let text = format!("{lead}{p}");
            CompletionItem {
                label: p.clone(),
                kind: Some(CompletionItemKind::VALUE),
                detail: Some(if only {
                    format!("{}: the only legal play", s.dice)
                } else {
                    format!("{}: legal play {} of {}", s.dice, k + 1, plays.len())
                }),
                preselect: only.then_some(true),
                sort_text: Some(format!("{k:05}")),
                filter_text: Some(text.clone()),
                text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(range, text))),
                ..CompletionItem::default()
            }
        })
        .collect()
}
