//! Hover: over a finding, its message, help and the explanation of its code; over a turn
//! number or a turn cell, the board before that turn as `tavla show` draws it (pip counts,
//! score, the dice and the play as written).

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position as LspPosition};

use super::{Document, cells};
use crate::report::diagram::{Charset, text};

/// The board before the turn cell at byte `cur` (a turn number counts for the line's first
/// cell), as a Markdown code block.
fn board(doc: &Document, cur: usize) -> Option<(String, crate::notation::Span)> {
    let v = doc.traced()?;
    let (cell, number) = cells(v).find(|(c, number)| {
        (c.span.offset <= cur && cur < c.span.end())
            || number.is_some_and(|n| n.offset <= cur && cur <= n.end() + 1)
    })?;
    let on_cell = cell.span.offset <= cur && cur < cell.span.end();
    let d = cell.diagram_before(if on_cell { cell.side } else { None })?;
    let span = if on_cell {
        cell.span
    } else {
        number.unwrap_or(cell.span)
    };
    let body = text(&d, Charset::Unicode);
    Some((format!("```text\n{}\n```", body.trim_end()), span))
}

fn word(s: crate::replay::Severity) -> &'static str {
    match s {
        crate::replay::Severity::Error => "error",
        crate::replay::Severity::Warning => "warning",
        crate::replay::Severity::Advice => "advice",
    }
}

/// The hover at `pos`, if there is anything under it.
pub fn hover(doc: &Document, pos: LspPosition) -> Option<Hover> {
    let cur = doc.offset(pos);
    let mut parts = Vec::new();
    let mut range = None;
    for f in doc.findings() {
        if f.span.offset <= cur && cur <= f.span.end() {
            let mut s = format!("**{}** `{}`: {}", word(f.severity), f.code, f.message);
            if let Some(h) = f.help.as_deref().filter(|h| !h.is_empty()) {
                s.push_str(&format!("\n\nhelp: {h}"));
            }
            if let Some(r) = f.repair.as_deref() {
                s.push_str(&format!("\n\nrepair: `{}`", r.text.trim()));
            }
            s.push_str(&format!("\n\n{}", f.code.summary()));
            parts.push(s);
            range.get_or_insert(doc.range(f.span));
        }
    }
    if doc.is_mat()
        && let Some((b, span)) = board(doc, cur)
    {
        parts.push(b);
        range.get_or_insert(doc.range(span));
    }
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range,
    })
}
