//! The notation layer: move notation and match files, parsed with nom into syntax trees
//! that carry byte spans.
//!
//! It knows no rules: `24/13` is a hop from 24 to 13, whether or not any die allows it.
//! Syntax errors are [`SyntaxError`]s; illegal moves are found later by `replay`.
//!
//! A [`Document`] keeps its cells, stages and steps in one list each; a line, a turn cell and
//! a stage hold a [`CellRange`], [`StageRange`] or [`StepRange`] into them. The range types
//! are public because they are the types of public fields (enum variant fields cannot be
//! narrowed), but they can only be read (`of`, `split`, `len`): how they are built stays
//! inside the layer.

mod cells;
mod document;
mod fast;
pub mod layout;
mod letters;
mod lines;
mod play;
mod read;
mod scan;
mod span;
mod step_scan;
mod write;

pub use document::{
    Cell, CellBody, CellRange, Column, Document, Line, LineKind, Moves, NameScore, ResignLevel,
    Stage, StageKind, StageRange, StepRange, TurnStages,
};
pub use letters::{Ambiguity, LetterPlay, parse_letter_play, write_letters, write_point};
pub use lines::{parse_document, parse_document_from};
pub(crate) use play::MAX_STEP_TEXT;
pub use play::{Loc, MAX_PATH, Path, Play, StepText, parse_play, parse_step};
pub use read::read;
pub use span::Span;
pub use write::{write_mat, write_mat_doc};

use crate::codes::Code;

/// A syntax error: what was expected, where.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Stable code, one of the `tavla::parse::…` codes, e.g. [`Code::BadStep`].
    pub code: Code,
    /// Where.
    pub span: Span,
    /// What is wrong, in one sentence.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// The text that replaces `span` when the fix is certain (`53:` for `53`).
    pub fix: Option<String>,
}

impl SyntaxError {
    pub(crate) fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        SyntaxError {
            code,
            span,
            message: message.into(),
            help: None,
            fix: None,
        }
    }
    pub(crate) fn fix(mut self, text: impl Into<String>) -> Self {
        self.fix = Some(text.into());
        self
    }
    pub(crate) fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// `v.push(make())`, written straight into `v`'s memory when it has room. (A plain `push`
/// of a large value assembles it on the stack, in case the vector must grow first, then
/// copies it: a store-forwarding stall on every push. With room known, the value is built
/// in place.)
#[inline(always)]
pub(crate) fn push_in_place<T>(v: &mut Vec<T>, make: impl FnOnce() -> T) {
    if v.len() < v.capacity() {
        v.push(make());
    } else {
        v.reserve(1);
        v.push(make());
    }
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} at bytes {}..{}: {}",
            self.code,
            self.span.offset,
            self.span.end(),
            self.message
        )
    }
}

impl std::error::Error for SyntaxError {}
