//! A written play carried out step by step: the first order of the dice that plays every
//! written segment, by the written order where it works ([`first_path`]) and by a search over
//! the orders otherwise ([`search`]); where none exists, `diagnose` says why.

#[cfg(test)]
use super::Resolved;
use super::Segment;
use super::containers::{NO_STEP, Small, Steps};
use super::diagnose::diagnose;
use super::dice::{distinct_mask, next_index, stage_dice};
use super::take_step;
use crate::rules::movement::{Movement, apply, highest, step_rule};
use crate::rules::{OFF, PlayError, Position, Side, StageDice, Step};

/// Where a step of a written segment that is at `cur` lands with die `d`, if it can help: it
/// finishes the segment or lands above its end. `None` for dice that overshoot.
#[inline(always)]
fn useful(seg: Segment, cur: u8, d: u8) -> bool {
    let to = (cur as i16 - d as i16).max(OFF as i16) as u8;
    !(to != seg.to && (to == OFF || to < seg.to))
}

/// A legal step of a segment either finishes it or continues it without hitting on the way
/// (an unwritten hit is ambiguous; a pin on the way is released at once and changes nothing,
/// `tapa.md` §2). `Some(done)` when it may be taken.
#[inline(always)]
fn segment_step<M: Movement>(seg: Segment, st: &Step) -> Option<bool> {
    let done = st.to == seg.to;
    let cont = !done && st.to != OFF && st.to > seg.to;
    if !done && (!cont || (st.hit && M::HAS_BAR)) {
        return None;
    }
    Some(done)
}

struct Search<'a, M: Movement> {
    side: Side,
    start: Position,
    segs: &'a [Segment],
    /// The first complete assignment found.
    out: Option<(Position, Steps)>,
    _m: std::marker::PhantomData<M>,
}

impl<M: Movement> Search<'_, M> {
    fn run(
        &mut self,
        pos: Position,
        state: M::PlayState,
        pending: &mut Small<(usize, u8)>,
        dice: &mut Small<u8>,
        steps: &mut Steps,
    ) {
        if self.out.is_some() {
            return;
        }
        if pending.is_empty() {
            if M::restrict_result(&state, &self.start, &pos, self.side).is_ok() {
                self.out = Some((pos, steps.clone()));
            }
            return;
        }
        let high = highest(&pos, self.side);
        for k in 0..pending.len() {
            let (si, cur) = pending.get(k);
            let seg = self.segs[si];
            let mut mask = distinct_mask(dice.as_slice());
            while let Some(i) = next_index(&mut mask) {
                let d = dice.get(i);
                // Skip dice that neither finish nor continue the segment before the step rule.
                if !useful(seg, cur, d) {
                    continue;
                }
                let Ok(st) = step_rule::<M>(&pos, self.side, cur, d, high) else {
                    continue;
                };
                let Some(done) = segment_step::<M>(seg, &st) else {
                    continue;
                };
                let Some((next, next_state)) =
                    take_step::<M>(&self.start, &pos, self.side, state, st)
                else {
                    continue;
                };
                // No step may follow a step that ends the game (the mother rule).
                if M::ends_game(&next, self.side) && !(done && pending.len() == 1) {
                    continue;
                }
                dice.remove(i);
                steps.push(st);
                if done {
                    let saved = pending.remove(k);
                    self.run(next, next_state, pending, dice, steps);
                    pending.insert(k, saved);
                } else {
                    pending.set(k, (si, st.to));
                    self.run(next, next_state, pending, dice, steps);
                    pending.set(k, (si, cur));
                }
                steps.pop();
                dice.insert(i, d);
                if self.out.is_some() {
                    return;
                }
            }
        }
    }
}

/// The search's first path, followed without backtracking: the common case of a play written
/// in an order that works. `None` when that path runs into a dead end (the full search decides).
///
/// Holds its dice, pending segments and steps in fixed arrays and updates one position in
/// place; a stage of more than four dice goes to [`search`] instead (`None`).
pub(super) fn first_path<M: Movement>(
    pos: &Position,
    side: Side,
    segs: &[Segment],
    dice: &Small<u8>,
    init: M::PlayState,
) -> Option<(Position, Steps)> {
    let (dv, nd) = dice.as_array()?;
    if segs.len() > 4 {
        return None;
    }
    let start = *pos;
    // Pending segments and dice left as bit sets of their indices: walking a set in index order
    // visits them in the order of the lists they were removed from.
    let mut pending = (1u32 << segs.len()) - 1;
    let mut cur = [0u8; 4];
    for (c, sg) in cur.iter_mut().zip(segs) {
        *c = sg.from;
    }
    let mut left = (1u32 << nd) - 1;
    // All dice alike (a doublet stage): the distinct dice are the first one left, if under 8.
    let alike = dv[..nd].iter().all(|&d| d == dv[0]);
    // Two different dice (a mixed roll): each die left is distinct, if under 8.
    let two = nd == 2 && !alike;
    let mut under8 = 0u32;
    for (i, &d) in dv[..nd].iter().enumerate() {
        if d < 8 {
            under8 |= 1 << i;
        }
    }
    let mut steps = [NO_STEP; 4];
    let mut ns = 0;
    let mut pos = *pos;
    let mut state = init;
    let mut high = highest(&pos, side);
    while pending != 0 {
        // The first die left of each value under 8 (`distinct_mask4` of the dice left), the
        // same for every pending segment below.
        let dmask = if alike {
            left & left.wrapping_neg() & under8
        } else if two {
            left & under8
        } else {
            let mut seen = 0u8;
            let mut m = 0u32;
            let mut rest = left;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let d = dv[i & 3];
                if d < 8 && seen & (1 << d) == 0 {
                    seen |= 1 << d;
                    m |= 1 << i;
                }
            }
            m
        };
        // The first pending segment and die that make a step, as the search would take them.
        let (si, i, st, done) = 'find: {
            let mut pend = pending;
            while pend != 0 {
                let si = pend.trailing_zeros() as usize;
                pend &= pend - 1;
                let seg = segs[si];
                let c = cur[si & 3];
                let mut mask = dmask;
                while mask != 0 {
                    let i = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let d = dv[i & 3];
                    if !useful(seg, c, d) {
                        continue;
                    }
                    let Ok(st) = step_rule::<M>(&pos, side, c, d, high) else {
                        continue;
                    };
                    let Some(done) = segment_step::<M>(seg, &st) else {
                        continue;
                    };
                    let mut next_state = state;
                    if M::restrict_step(&mut next_state, &start, &pos, side, &st).is_err() {
                        continue;
                    }
                    state = next_state;
                    break 'find (si, i, st, done);
                }
            }
            return None;
        };
        left &= !(1 << i);
        steps[ns & 3] = st;
        ns += 1;
        apply::<M>(&mut pos, side, st);
        if pos.c[side.index()][high as usize] == 0 {
            high = highest(&pos, side);
        }
        if done {
            pending &= !(1 << si);
        } else {
            cur[si & 3] = st.to;
        }
        // A step that ends the game must be the last (the full search tries other orders).
        if pending != 0 && M::ends_game(&pos, side) {
            return None;
        }
    }
    if M::restrict_result(&state, &start, &pos, side).is_err() {
        return None;
    }
    Some((pos, Small::from_array(steps, ns)))
}

/// Search the first order of dice that carries out `segs`.
pub(super) fn search<M: Movement>(
    pos: &Position,
    side: Side,
    segs: &[Segment],
    dice: &Small<u8>,
    init: M::PlayState,
) -> Option<(Position, Steps)> {
    let mut s = Search::<M> {
        side,
        start: *pos,
        segs,
        out: None,
        _m: std::marker::PhantomData,
    };
    let mut pending = Small::new((0, 0));
    for (i, sg) in segs.iter().enumerate() {
        pending.push((i, sg.from));
    }
    s.run(
        *pos,
        init,
        &mut pending,
        &mut dice.clone(),
        &mut Small::new(NO_STEP),
    );
    s.out
}

/// Carry out a written play; on failure, name the first written segment that cannot be played.
#[cfg(test)]
pub(super) fn resolve<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    segs: &[Segment],
) -> Result<Resolved, PlayError> {
    resolve_inline::<M>(pos, side, dice, segs).map(|(position, steps)| Resolved {
        position,
        steps: steps.as_slice().to_vec(),
    })
}

/// [`resolve`] without allocating: the position after the play and its steps, held inline.
#[cfg(test)]
pub(super) fn resolve_inline<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    segs: &[Segment],
) -> Result<(Position, Steps), PlayError> {
    resolve_inline_from::<M>(pos, side, dice, segs, M::PlayState::default())
}

/// [`resolve_inline`] with the play-level state a play starts from (see
/// [`legal_plays_dfs_from`]).
pub(crate) fn resolve_inline_from<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    segs: &[Segment],
    init: M::PlayState,
) -> Result<(Position, Steps), PlayError> {
    let all = stage_dice(dice);
    if segs.len() > all.len() {
        return Err(PlayError::TooManySteps {
            segment: all.len(),
            dice: all.len() as u8,
        });
    }
    // The first assignment found; if it uses fewer dice than another would, the final
    // position is still judged against the legal set.
    if let Some(found) = first_path::<M>(pos, side, segs, &all, init) {
        return Ok(found);
    }
    if let Some(found) = search::<M>(pos, side, segs, &all, init) {
        return Ok(found);
    }
    Err(diagnose::<M>(pos, side, all.as_slice(), segs, init))
}
