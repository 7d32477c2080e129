//! Why a written play cannot be carried out: the first written segment that cannot be played,
//! and the step, die or rule that stops it.

use super::containers::Small;
use super::dice::distinct;
use super::resolve::search;
use super::{Segment, step};
use crate::rules::movement::{Landing, Movement, apply, highest, origin};
use crate::rules::{OFF, PlayError, Position, Side, StepError};

/// Walk the written segments in order and explain the first that cannot be played.
pub(super) fn diagnose<M: Movement>(
    pos: &Position,
    side: Side,
    dice: &[u8],
    segs: &[Segment],
    init: M::PlayState,
) -> PlayError {
    let start = *pos;
    let mut pos = *pos;
    let mut dice = dice.to_vec();
    // The play-level state of the steps found so far: a segment that is playable alone may
    // still break a play-level rule after the segments before it.
    let mut state = init;
    for (i, seg) in segs.iter().enumerate() {
        let mut left = Small::new(0);
        for &d in &dice {
            left.push(d);
        }
        let seg1 = std::slice::from_ref(seg);
        // The segment as the rules allow it after the segments before; else as the step rule
        // alone allows it, which names the step that breaks a play-level rule.
        let found = search::<M>(&pos, side, seg1, &left, state).or_else(|| {
            if M::RESTRICTED {
                search::<Free<M>>(&pos, side, seg1, &left, ())
            } else {
                None
            }
        });
        if let Some((next, steps)) = found {
            let mut before = pos;
            for st in steps.as_slice() {
                if let Err(rule) = M::restrict_step(&mut state, &start, &before, side, st) {
                    return PlayError::Step {
                        segment: i,
                        from: st.from,
                        die: st.die,
                        intermediate: st.from != seg.from,
                        error: StepError::Restricted(rule),
                    };
                }
                apply::<M>(&mut before, side, *st);
                if let Some(j) = dice.iter().position(|d| *d == st.die) {
                    dice.remove(j);
                }
            }
            pos = next;
            continue;
        }
        return segment_error::<M>(&pos, side, *seg, i, &dice);
    }
    match M::restrict_result(&state, &start, &pos, side) {
        Err(rule) => PlayError::Restricted { rule },
        Ok(()) => PlayError::NoOrder,
    }
}

/// A policy without its play-level rules: the step rule alone.
#[derive(Copy, Clone, Debug, Default)]
struct Free<M>(std::marker::PhantomData<M>);

impl<M: Movement> crate::rules::sealed::Sealed for Free<M> {}
impl<M: Movement> Movement for Free<M> {
    const HAS_BAR: bool = M::HAS_BAR;
    #[inline(always)]
    fn opposite(point: u8) -> u8 {
        M::opposite(point)
    }
    #[inline(always)]
    fn landing(pos: &Position, side: Side, to: u8) -> Landing {
        M::landing(pos, side, to)
    }
    #[inline(always)]
    fn may_leave(pos: &Position, side: Side, from: u8) -> bool {
        M::may_leave(pos, side, from)
    }
    type PlayState = ();
}

#[derive(Default)]
struct Worst {
    final_err: Option<(u8, u8, StepError)>,
    mid_err: Option<(u8, u8, StepError)>,
    hit_on_way: Option<u8>,
}

fn segment_error<M: Movement>(
    pos: &Position,
    side: Side,
    seg: Segment,
    index: usize,
    dice: &[u8],
) -> PlayError {
    fn walk<M: Movement>(
        pos: &Position,
        side: Side,
        seg: Segment,
        cur: u8,
        dice: &mut Vec<u8>,
        w: &mut Worst,
    ) {
        for (i, d) in distinct(dice) {
            let target = cur as i16 - d as i16;
            let is_final = if seg.to == OFF {
                target <= 0
            } else {
                target == seg.to as i16
            };
            if !is_final && (target <= seg.to as i16 || target <= 0) {
                continue;
            }
            // An intermediate landing only counts if the dice left can still finish the hop.
            if !is_final && seg.to != OFF {
                let mut rest = dice.clone();
                rest.remove(i);
                if !subset_sum(&rest, (target - seg.to as i16) as u8) {
                    continue;
                }
            }
            match step::<M>(pos, side, cur, d) {
                Err(e) => {
                    let slot = if is_final {
                        &mut w.final_err
                    } else {
                        &mut w.mid_err
                    };
                    if slot.is_none() {
                        *slot = Some((cur, d, e));
                    }
                }
                Ok((next, st)) => {
                    if !is_final {
                        if st.hit && M::HAS_BAR {
                            w.hit_on_way.get_or_insert(st.to);
                            continue;
                        }
                        dice.remove(i);
                        walk::<M>(&next, side, seg, st.to, dice, w);
                        dice.insert(i, d);
                    }
                }
            }
        }
    }
    // Checkers move from the mover's 24 point towards 1 (and off).
    if seg.to != OFF && seg.to >= seg.from {
        return PlayError::Backwards { segment: index };
    }
    // A missing checker, a checker on the bar or one that may not leave is the plainest
    // explanation: the origin half of the step rule.
    let step_error = |(from, die, error), intermediate| PlayError::Step {
        segment: index,
        from,
        die,
        intermediate,
        error,
    };
    if let Err(e) = origin::<M>(pos, side, seg.from, highest(pos, side)) {
        return step_error((seg.from, 0, e), false);
    }
    let mut w = Worst::default();
    walk::<M>(pos, side, seg, seg.from, &mut dice.to_vec(), &mut w);
    if let Some(e) = w.final_err {
        return step_error(e, false);
    }
    if let Some(point) = w.hit_on_way {
        return PlayError::HitOnTheWay {
            segment: index,
            point,
        };
    }
    if let Some(e) = w.mid_err {
        return step_error(e, true);
    }
    PlayError::NoDice {
        segment: index,
        remaining: dice.to_vec(),
    }
}

/// Do some of `dice` add up to exactly `n`?
fn subset_sum(dice: &[u8], n: u8) -> bool {
    let mut reach = 1u32; // bit k: k is reachable
    for &d in dice {
        reach |= reach << d;
    }
    n < 32 && reach & (1 << n) != 0
}
