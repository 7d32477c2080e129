//! The match with one stage edited: its play replaced by a play in the notation, or its roll
//! by other dice; and the stage a written play or roll belongs to.

use crate::notation::{Moves, Span, StepRange, parse_play};
use crate::record::Match;

/// The stage a play at `offset` was written for: the one whose steps or dice hold it, else
/// the last whose dice start before it (an empty play right after its dice).
pub(super) fn stage_at(m: &Match, offset: usize) -> Option<usize> {
    let holds = |s: Span| s.offset <= offset && offset < s.end().max(s.offset + 1);
    let k = m
        .stages
        .partition_point(|st| st.dice_span.offset <= offset)
        .checked_sub(1);
    let of = |k: usize| {
        let st = &m.stages[k];
        holds(st.dice_span) || st.moves.steps.of(&m.steps).iter().any(|s| holds(s.span))
    };
    match k {
        Some(k) if of(k) => Some(k),
        // A reader that locates the dice after the steps (a binary record's fields).
        _ => (0..m.stages.len()).find(|&k| of(k)).or(k),
    }
}

/// The match with the play of the stage at `span` replaced by `play` (in the play notation):
/// the replacement's steps stand where the play stood.
pub(super) fn with_play(m: &Match, span: Span, play: &str) -> Option<Match> {
    let k = stage_at(m, span.offset)?;
    let parsed = parse_play(play).ok()?;
    let mut m = m.clone();
    let start = m.steps.len();
    let n = parsed.steps.len();
    m.steps
        .extend(parsed.steps.into_iter().map(|st| st.placed_at(span)));
    m.stages[k].moves = Moves::new(StepRange::new(start, n), None, None);
    Some(m)
}

/// The match with the dice of stage `k` replaced.
pub(super) fn with_dice(m: &Match, k: usize, a: u8, b: u8) -> Match {
    let mut m = m.clone();
    m.stages[k].a = a;
    m.stages[k].b = b;
    m
}

/// The stage whose dice stand at `dice`.
pub(super) fn stage_of_dice(m: &Match, dice: Span) -> Option<usize> {
    let k = stage_at(m, dice.offset)?;
    (m.stages[k].dice_span.offset == dice.offset).then_some(k)
}
