//! The movement core shared by every tables variant: the set of legal results of a stage and
//! the stepwise resolution of a written play, generic over the variant's [`Movement`] policy.
//! Every step is judged by [`step_rule`], the one step rule.
//!
//! - `generate`: every legal result of a stage, by an exhaustive search over every order of
//!   the dice;
//! - `resolve`: a written play carried out step by step;
//! - `probe`: the quick questions, whether any step is legal and whether a play of fewer
//!   steps than dice is surely among the legal results;
//! - `diagnose`: why a written play cannot be carried out;
//! - `dice`: a stage's dice as the searches walk them;
//! - `containers`: the inline list and the hasher the searches keep their state in.

mod containers;
mod diagnose;
mod dice;
mod generate;
mod probe;
mod resolve;
#[cfg(test)]
mod tests;

pub(crate) use containers::Steps;
pub(crate) use generate::{legal_plays_dfs, legal_plays_from};
pub(crate) use probe::{any_step, surely_maximal};
pub(crate) use resolve::resolve_inline_from;

use super::movement::{Movement, apply, highest, step_rule};
use super::{Position, Side, Step, StepError};

/// A written hop of one checker, possibly over several dice (`24/14`), in the mover's numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Origin (25 = bar).
    pub from: u8,
    /// Destination (0 = off).
    pub to: u8,
}

/// A written play carried out step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The position after the play.
    pub position: Position,
    /// The single-die steps, in an order that is legal.
    pub steps: Vec<Step>,
}

/// The position after the step `st` of `side` from `pos` and the play-level state after it,
/// when the variant's play-level rules allow the step (`start`: where the play began).
#[inline(always)]
fn take_step<M: Movement>(
    start: &Position,
    pos: &Position,
    side: Side,
    state: M::PlayState,
    st: Step,
) -> Option<(Position, M::PlayState)> {
    let mut next_state = state;
    M::restrict_step(&mut next_state, start, pos, side, &st).ok()?;
    let mut next = *pos;
    apply::<M>(&mut next, side, st);
    Some((next, next_state))
}

/// One step of `side` from `from` with `die`, and the position after it.
pub(crate) fn step<M: Movement>(
    pos: &Position,
    side: Side,
    from: u8,
    die: u8,
) -> Result<(Position, Step), StepError> {
    let st = step_rule::<M>(pos, side, from, die, highest(pos, side))?;
    let mut next = *pos;
    apply::<M>(&mut next, side, st);
    Ok((next, st))
}
