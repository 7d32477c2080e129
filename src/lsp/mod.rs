//! `tavla lsp`: a Language Server for match records, spoken over standard input and output.
//!
//! An editor opens a `.mat` record (or `.txt`, or GNU Backgammon's `.sgf`: diagnostics
//! only) and gets, as it types:
//!
//! - **diagnostics**: the findings of `tavla validate --format json` on the text, located in
//!   UTF-16 positions as the protocol counts them ([`diagnostics`]);
//! - **quick fixes**: the confirmed repair first, then the nearest legal plays ([`actions`]);
//! - **completion** after the dice of a turn (`  7) 64: `): the legal plays of the position
//!   the record has reached there, in the record's notation ([`complete`]);
//! - **hover**: over a turn, the board before it as `tavla show` draws it; over a finding,
//!   its message, help and explanation ([`hover`]);
//! - **formatting**: the record in the canonical layout of `convert --to mat` (`format`).
//!
//! A change inside one game's turns re-checks the games around it only, where that finds
//! exactly what a whole check finds (`incremental`), else the whole document: a re-check of
//! a fifty-game record takes well under a millisecond or two (`benches/lsp.rs`), and the
//! boards of that check answer a completion in its games. The server is therefore
//! synchronous: `lsp-server` (rust-analyzer's transport: a thread reading
//! and one writing standard I/O, messages on channels) and `lsp-types`, no async runtime; a
//! request is answered before the next message is read. A request that fails is answered
//! with an error and logged on standard error; a panic while answering is caught and
//! reported the same way, and the server goes on.

pub mod actions;
pub mod complete;
pub mod diagnostics;
pub mod format;
pub mod hover;
mod incremental;
mod server;
pub mod text;

use std::cell::{OnceCell, RefCell};

use crate::input::{Format, Source};
use crate::notation::Span;
use crate::replay::{ActionTrace, Finding, Overrides, Verdict};
use crate::report::diagram::{Diagram, Moment, diagram_at};
use crate::rules::Side;

pub use server::run;
pub use text::Lines;

/// One open document: its text and what checking it found.
pub struct Document {
    /// The file name (the format is told from the content, the extension breaking ties).
    pub name: String,
    /// The text as the editor holds it.
    pub text: String,
    /// Its line starts.
    pub lines: Lines,
    format: Format,
    findings: Vec<Finding>,
    /// The verdict with replay traces (boards), made when a hover or completion asks.
    traced: OnceCell<Option<Verdict>>,
    overrides: Overrides,
    /// Where the games stand, when a window of them can be checked on its own.
    layout: Option<incremental::Layout>,
    /// The window the last edit was re-checked in (with its boards), if it was.
    window: Option<incremental::Window>,
    /// The window of the game a completion last asked about (with its boards).
    near: RefCell<Option<incremental::Window>>,
}

impl Document {
    /// A document of `name` holding `text`, checked.
    pub fn new(name: &str, text: String) -> Document {
        let mut d = Document {
            name: name.to_string(),
            text: String::new(),
            lines: Lines::default(),
            format: Format::Mat,
            findings: Vec::new(),
            traced: OnceCell::new(),
            overrides: Overrides::default(),
            layout: None,
            window: None,
            near: RefCell::new(None),
        };
        d.set_text(text);
        d
    }

    /// Replace the text and check it again: the games around the edit only, where that finds
    /// exactly what checking the whole record finds (`incremental`), else the whole record.
    pub fn set_text(&mut self, text: String) {
        let old = std::mem::replace(&mut self.text, text);
        self.lines = Lines::new(&self.text);
        self.traced = OnceCell::new();
        *self.near.get_mut() = None;
        let window = self.window.take();
        if let Some(lay) = self.layout.take()
            && let Some(r) = incremental::recheck(
                &self.name,
                &old,
                &self.text,
                &self.findings,
                &lay,
                &self.overrides,
                window.as_ref(),
            )
        {
            self.findings = r.findings;
            self.layout = Some(r.layout);
            self.window = Some(r.window);
            return;
        }
        self.check_whole();
    }

    /// Check the whole text.
    fn check_whole(&mut self) {
        match self.source() {
            Ok(src) => {
                self.format = src.format;
                let v = src.check(&self.overrides, false);
                self.layout = incremental::layout(&self.text, src.format, &v);
                self.findings = v.findings;
            }
            Err(f) => {
                self.findings = vec![*f];
                self.layout = None;
            }
        }
    }

    /// Apply the changes of a `textDocument/didChange`, in order, and check the result.
    pub fn edit(&mut self, changes: Vec<lsp_types::TextDocumentContentChangeEvent>) {
        let mut t = self.text.clone();
        for c in changes {
            text::apply_change(&mut t, c);
        }
        self.set_text(t);
    }

    fn source(&self) -> Result<Source, Box<Finding>> {
        Source::from_bytes(self.name.clone(), self.text.as_bytes().to_vec())
            .map_err(|e| Box::new(e.finding()))
    }

    /// The format the text was read in.
    pub fn format(&self) -> Format {
        self.format
    }

    /// A `.mat` record: completion, hover on turns and formatting apply to it.
    pub fn is_mat(&self) -> bool {
        self.format == Format::Mat
    }

    /// The findings, as `tavla validate` reports them.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// The verdict with its replay traces (every board of every game).
    pub fn traced(&self) -> Option<&Verdict> {
        self.traced
            .get_or_init(|| self.source().ok().map(|s| s.check(&self.overrides, true)))
            .as_ref()
    }

    /// `f` on a verdict with the boards of the game holding byte `at`, and the map of the
    /// document's offsets to the verdict's: the window the last edit was checked in, or that
    /// game with the one before it checked on their own (its boards do not depend on the
    /// games before that), or the whole record.
    pub(crate) fn with_boards_at<R>(
        &self,
        at: usize,
        f: impl FnOnce(&Verdict, &dyn Fn(usize) -> Option<usize>) -> Option<R>,
    ) -> Option<R> {
        let game = self
            .layout
            .as_ref()
            .and_then(|l| Some((l, l.starts.partition_point(|&s| s <= at).checked_sub(1)?)));
        if let Some((lay, g)) = game {
            if let Some(w) = self.window.as_ref().filter(|w| w.core.contains(&g)) {
                return f(&w.verdict, &|o| w.to_sub(o));
            }
            let fits =
                |w: &Option<incremental::Window>| w.as_ref().is_some_and(|w| w.core.contains(&g));
            if !fits(&self.near.borrow()) {
                let w = incremental::window(
                    &self.name,
                    &self.text,
                    &lay.starts,
                    g.saturating_sub(1),
                    g + 1,
                    &self.overrides,
                    true,
                )
                .map(|mut w| {
                    w.core = g..g + 1;
                    w
                })
                // Replayed as far, with the same result, as in the whole record.
                .filter(|w| {
                    lay.outcomes.get(g) == Some(&incremental::outcome(&w.verdict, g - w.from))
                });
                *self.near.borrow_mut() = w;
            }
            if let Some(w) = self.near.borrow().as_ref() {
                return f(&w.verdict, &|o| w.to_sub(o));
            }
        }
        f(self.traced()?, &|o| Some(o))
    }

    /// The byte offset of an LSP position.
    pub fn offset(&self, pos: lsp_types::Position) -> usize {
        self.lines.offset(&self.text, pos)
    }

    /// The LSP range of a span of the text.
    pub fn range(&self, span: Span) -> lsp_types::Range {
        self.lines.range(&self.text, span)
    }
}

/// A turn cell (or other action) of a record, found by a place in the text.
pub struct Cell<'a> {
    /// The verdict of the match it belongs to.
    pub verdict: &'a Verdict,
    /// The game (index into the match's games).
    pub game: usize,
    /// The action (index into the game's actions).
    pub action: usize,
    /// Its span in the file.
    pub span: Span,
    /// Who plays it, as replayed (none when the replay did not reach it).
    pub side: Option<Side>,
}

impl Cell<'_> {
    /// The board before this turn cell, as `tavla show` finds it: on its line, in `side`'s
    /// column (`None`: the line's first turn cell).
    pub(crate) fn diagram_before(&self, side: Option<Side>) -> Option<Diagram> {
        let a = self
            .verdict
            .record
            .games
            .get(self.game)?
            .actions
            .get(self.action)?;
        let moment = Moment::Turn {
            number: None,
            line: Some(a.line),
            side,
            after: false,
        };
        diagram_at(self.verdict, self.game, moment).ok()
    }
}

/// The side of a replayed action.
pub(crate) fn trace_side(a: &ActionTrace) -> Option<Side> {
    match a {
        ActionTrace::Turn { side, .. }
        | ActionTrace::Cube { side, .. }
        | ActionTrace::Answer { side, .. }
        | ActionTrace::Result { side, .. }
        | ActionTrace::Unchecked { side, .. } => Some(*side),
        _ => None,
    }
}

/// The cells of every match of a verdict, each with its span in the file and the 0-based
/// line of its turn number if the line has one.
pub(crate) fn cells(v: &Verdict) -> impl Iterator<Item = (Cell<'_>, Option<Span>)> {
    v.matches().flat_map(|m| {
        m.record.games.iter().enumerate().flat_map(move |(gi, g)| {
            g.actions.iter().enumerate().map(move |(ai, a)| {
                let shift = |s: Span| Span::new(s.offset + m.offset, s.len);
                let side = m
                    .games
                    .get(gi)
                    .and_then(|t| t.actions.get(ai))
                    .and_then(trace_side);
                (
                    Cell {
                        verdict: m,
                        game: gi,
                        action: ai,
                        span: shift(a.cell.span),
                        side,
                    },
                    a.turn_span.map(shift),
                )
            })
        })
    })
}

#[cfg(test)]
mod tests;
