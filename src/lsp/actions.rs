//! Quick fixes: for each finding under the cursor, its confirmed repair first (the edit
//! `tavla fix` makes, exact to the cell's bytes), then the nearest legal plays it suggests.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, Range, TextEdit, Uri, WorkspaceEdit,
};

use super::Document;
use super::diagnostics::diagnostic;
use crate::notation::Span;

/// Whether two ranges touch (an empty range at a finding's edge counts).
fn touches(a: Range, b: Range) -> bool {
    a.start <= b.end && b.start <= a.end
}

// `Uri` caches its parsed parts in a `Cell`; its hash and equality are those of its text, which
// never changes, and the protocol's `WorkspaceEdit::changes` is keyed by it.
#[allow(clippy::mutable_key_type)]
fn edit(doc: &Document, uri: &Uri, span: Span, text: &str) -> WorkspaceEdit {
    let mut changes = HashMap::new();
    changes.insert(
        uri.clone(),
        vec![TextEdit::new(doc.range(span), text.to_string())],
    );
    WorkspaceEdit::new(changes)
}

/// The quick fixes of the findings whose range touches `range`: per finding, its repair
/// (preferred), then each suggested play not the repair's own.
pub fn code_actions(doc: &Document, uri: &Uri, range: Range) -> Vec<CodeActionOrCommand> {
    let mut out = Vec::new();
    for f in doc.findings() {
        if !touches(doc.range(f.span), range) {
            continue;
        }
        let diag = diagnostic(doc, uri, f);
        let mut done: Option<(Span, String)> = None;
        if let Some(r) = f.repair.as_deref() {
            let old = doc.text.get(r.span.offset..r.span.end()).unwrap_or("");
            let title = if old.trim().is_empty() {
                format!(
                    "write `{}`: the rest of the game replays from it",
                    r.text.trim()
                )
            } else {
                format!(
                    "did you mean `{}`: the rest of the game replays from it",
                    r.text.trim()
                )
            };
            out.push(CodeActionOrCommand::CodeAction(CodeAction {
                title,
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![diag.clone()]),
                edit: Some(edit(doc, uri, r.span, &r.text)),
                is_preferred: Some(true),
                ..CodeAction::default()
            }));
            done = Some((r.span, r.text.clone()));
        }
        if let Some(sg) = f.suggestions.as_deref() {
            for (k, play) in sg.plays.iter().enumerate() {
                if done.as_ref() == Some(&(sg.span, play.clone())) {
                    continue;
                }
                out.push(CodeActionOrCommand::CodeAction(CodeAction {
                    title: format!(
                        "replace with `{play}` ({}nearest of {} legal plays)",
                        ordinal(k + 1),
                        sg.total
                    ),
                    kind: Some(CodeActionKind::QUICKFIX),
                    diagnostics: Some(vec![diag.clone()]),
                    edit: Some(edit(doc, uri, sg.span, play)),
                    is_preferred: Some(false),
                    ..CodeAction::default()
                }));
            }
        }
    }
    out
}

fn ordinal(n: usize) -> String {
    match n {
        1 => String::new(),
        2 => "2nd ".into(),
        3 => "3rd ".into(),
        n => format!("{n}th "),
    }
}
