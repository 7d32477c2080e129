//! Confirmed repairs: for an illegal play, the one nearest legal play that lets the rest of
//! the game replay (without error, or strictly further than every other), and the check of
//! the record continued from it.
//!
//! A repair is an edit of the record: the play (or the roll) of one stage replaced, located
//! by the span of what it replaces, with the replacement in the play notation. Each candidate
//! is tried by replaying the record with the stage edited; locations do not move, so the
//! findings of the repaired record stand where they stood, and those made after a repair say
//! that they rest on it. Each format's writer turns a repair into an edit of its own file.
//! The search runs only where a play is illegal: a valid record is checked once.
//!
//! - `edit`: the match with one stage's play or roll replaced;
//! - `forms`: the nearest legal plays in the writer's own form;
//! - `attempts`: one way of going on past an illegal play, tried: a repair of the play or of
//!   the roll, or the play as made at the board;
//! - `confirm`: the order those are tried in, and the verdict continued from the winners;
//! - `omitted`: an empty cell read as an omitted forced play, when the roll is the defect;
//! - `apply`: repairs written into the record's text.

mod apply;
mod attempts;
mod confirm;
mod edit;
mod forms;
mod omitted;

pub use apply::apply_repairs;
pub(super) use apply::fit_units;
pub(super) use confirm::confirm;
pub(super) use omitted::omitted_dice;

use super::{Continued, Finding, Keep, Severity, Verdict};
use crate::notation::Span;
use crate::record::Match;
use crate::rules::{Position, RuleSet, Side, StageDice};

/// One check of a match: with traces or not, and the illegal plays (by the offset of their
/// written span) to carry out as written.
pub(super) type Check<'a> = dyn Fn(&Match, Keep, &[(usize, Continued)]) -> Verdict + 'a;

/// Where an illegal play was made: what a candidate replacement is judged against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayAt {
    pub(crate) rules: RuleSet,
    pub(crate) pos: Position,
    pub(crate) side: Side,
    pub(crate) dice: StageDice,
}

/// A repair: the text that replaces a span of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// What is replaced.
    pub span: Span,
    /// The replacement.
    pub text: String,
}

/// The nearest legal plays tried for a repair.
pub(crate) const CANDIDATES: usize = 12;

/// The offset where the game holding `offset` ends: the start of the next game, or the end
/// of the match.
fn game_end(v: &Verdict, offset: usize) -> usize {
    v.record
        .games
        .iter()
        .map(|g| g.number_span.offset)
        .find(|&o| o > offset)
        .unwrap_or(usize::MAX)
}

/// How far a record replays past `from`: the first error at or after it, at most `end`.
fn reach(v: &Verdict, from: usize, end: usize) -> usize {
    v.findings
        .iter()
        .filter(|f| f.severity == Severity::Error && f.span.offset >= from)
        .map(|f| f.span.offset)
        .min()
        .map_or(end, |o| o.min(end))
}

/// The first illegal play with suggestions at or after `from`.
fn next_illegal(v: &Verdict, from: usize) -> Option<&Finding> {
    v.findings
        .iter()
        .find(|f| f.severity == Severity::Error && f.span.offset >= from && f.suggestions.is_some())
}
