//! A finding located on its record's text: what `validate --format jsonl` writes of it (as
//! [`finding_json`]) and what the Python package's `Finding` holds, built in one place.

use serde_json::{Value, json};

use super::LineIndex;
use crate::notation::Span;
use crate::replay::{Finding, Severity};

/// Where a span stands in a record's text: 1-based line and column (in characters), and its
/// byte offset and length. All `None` in a record read from a binary file, which has no text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Located {
    /// The 1-based line.
    pub line: Option<usize>,
    /// The 1-based column, in characters.
    pub column: Option<usize>,
    /// The byte offset.
    pub offset: Option<usize>,
    /// The length in bytes.
    pub length: Option<usize>,
}

impl Located {
    /// `span` of `text` (indexed by `idx`); nowhere when `binary`.
    pub fn new(text: &str, idx: &LineIndex, span: Span, binary: bool) -> Self {
        if binary {
            return Located {
                line: None,
                column: None,
                offset: None,
                length: None,
            };
        }
        let (l, c) = idx.locate(text, span.offset);
        Located {
            line: Some(l),
            column: Some(c),
            offset: Some(span.offset),
            length: Some(span.len),
        }
    }

    /// The JSON object of `rests_on` (and of `related`, with a label).
    pub fn to_json(&self) -> Value {
        json!({
            "line": self.line,
            "column": self.column,
            "offset": self.offset,
            "length": self.length,
        })
    }
}

/// The name of a severity in the JSON output: `error`, `warning`, `advice`.
pub fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "advice",
    }
}

/// A finding of a record, located on its text: the fields of one line of `validate --format
/// jsonl`. In a record read from a binary file, which has no lines, its spans are nowhere and
/// its place (`game`, `turn`, `side`, `byte_offset`) says where it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LocatedFinding {
    /// The record's name.
    pub path: String,
    /// The finding's stable code (`tavla::rules::blocked`).
    pub code: &'static str,
    /// [`severity_name`] of its severity.
    pub severity: &'static str,
    /// One sentence saying what is wrong.
    pub message: String,
    /// Where its span starts.
    pub start: Located,
    /// Where its span ends (the position just past it).
    pub end: Located,
    /// The primary label's text.
    pub label: String,
    /// What was legal, or how to fix it.
    pub help: Option<String>,
    /// The secondary labels, each with its text.
    pub related: Vec<(Located, String)>,
    /// For an illegal play: the nearest legal plays, nearest first.
    pub suggestions: Vec<String>,
    /// The confirmed replacement text of the span.
    pub repair: Option<String>,
    /// For an illegal play: how the check went on past it.
    pub continued: Option<&'static str>,
    /// The span of the repair the finding assumes.
    pub rests_on: Option<Located>,
    /// The 1-based index of the match in the file.
    pub match_number: Option<usize>,
    /// The 1-based index of the game in the file.
    pub game: Option<usize>,
    /// The written turn number of the turn or cube action.
    pub turn: Option<u64>,
    /// Whose column holds it: `white` or `black`.
    pub side: Option<&'static str>,
    /// In a record read from a binary file: the byte offset of the entry in the file.
    pub byte_offset: Option<u64>,
}

impl LocatedFinding {
    /// Finding `f` of the record `name` holding `text` (indexed by `idx`).
    pub fn new(name: &str, text: &str, idx: &LineIndex, f: &Finding) -> Self {
        let binary = f.byte_offset().is_some();
        let at = |span: Span| Located::new(text, idx, span, binary);
        LocatedFinding {
            path: name.to_string(),
            code: f.code.as_str(),
            severity: severity_name(f.severity),
            message: f.message.clone(),
            start: at(f.span),
            end: at(Span::new(f.span.end(), 0)),
            label: f.label.clone(),
            help: f.help.clone(),
            related: f.related.iter().map(|(s, l)| (at(*s), l.clone())).collect(),
            suggestions: f
                .suggestions
                .as_ref()
                .map_or_else(Vec::new, |s| s.plays.clone()),
            repair: f.repair.as_ref().map(|r| r.text.clone()),
            continued: f.continued.map(|c| c.as_str()),
            rests_on: f.rests_on.map(at),
            match_number: f.place.map(|p| p.match_number),
            game: f.place.map(|p| p.game),
            turn: f.place.and_then(|p| p.turn),
            side: f.place.and_then(|p| p.side).map(|s| s.name()),
            byte_offset: f.byte_offset(),
        }
    }

    /// The finding as the JSON object of one line of `validate --format jsonl`.
    pub fn to_json(&self) -> Value {
        let related: Vec<Value> = self
            .related
            .iter()
            .map(|(at, label)| {
                let mut j = at.to_json();
                j["label"] = label.as_str().into();
                j
            })
            .collect();
        json!({
            "path": self.path,
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "line": self.start.line,
            "column": self.start.column,
            "end_line": self.end.line,
            "end_column": self.end.column,
            "offset": self.start.offset,
            "length": self.start.length,
            "label": self.label,
            "help": self.help,
            "related": related,
            "suggestions": self.suggestions,
            "repair": self.repair,
            "continued": self.continued,
            "rests_on": self.rests_on.map(|r| r.to_json()),
            "match": self.match_number,
            "game": self.game,
            "turn": self.turn,
            "side": self.side,
            "byte_offset": self.byte_offset,
        })
    }
}

/// One finding as a JSON object with line and column: [`LocatedFinding::to_json`].
pub fn finding_json(name: &str, text: &str, idx: &LineIndex, f: &Finding) -> Value {
    LocatedFinding::new(name, text, idx, f).to_json()
}
