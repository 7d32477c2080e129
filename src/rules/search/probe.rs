//! The quick questions asked before, or instead of, the full legal set: is any step legal
//! ([`any_step`]), and is a play of fewer steps than dice surely among the legal results
//! ([`surely_maximal`]).

use super::containers::Small;
use super::dice::{distinct_mask, distinct_mask4, next_index, stage_dice};
use crate::rules::movement::{Movement, apply, highest, step_rule};
#[cfg(doc)]
use crate::rules::plays::legal_plays;
use crate::rules::{BAR, Position, Side, StageDice, Step};

/// Is there a legal single step of `side` with one of `dice` from `pos`? [`step_rule`] tried
/// from every occupied location with every die, the highest location found once.
#[inline]
pub(crate) fn any_step<M: Movement>(pos: &Position, side: Side, dice: &[u8]) -> bool {
    let high = highest(pos, side);
    if high == BAR {
        // Every other point fails with `MustEnter`.
        return dice
            .iter()
            .any(|&d| step_rule::<M>(pos, side, BAR, d, high).is_ok());
    }
    let mine = &pos.c[side.index()];
    for from in 1..=high {
        if mine[from as usize] == 0 {
            continue;
        }
        for &d in dice {
            if step_rule::<M>(pos, side, from, d, high).is_ok() {
                return true;
            }
        }
    }
    false
}

/// Remove item `i < *n` of a fixed list, keeping the order of the rest.
#[inline]
fn take_at<T: Copy>(a: &mut [T; 4], n: &mut usize, i: usize) {
    // Shifting the whole tail (past `*n` too, which is never read) by fixed moves instead of
    // `copy_within`, which becomes a `memmove` call.
    if i < 1 {
        a[0] = a[1];
    }
    if i < 2 {
        a[1] = a[2];
    }
    if i < 3 {
        a[2] = a[3];
    }
    *n -= 1;
}

/// Is there a legal sequence of more than `depth - 1` steps of `dice` from `pos`?
fn reaches_depth<M: Movement>(
    pos: &Position,
    side: Side,
    dice: &mut Small<u8>,
    depth: usize,
) -> bool {
    if depth == 0 {
        return true;
    }
    if dice.len() <= 4 {
        let mut dv = [0u8; 4];
        dv[..dice.len()].copy_from_slice(dice.as_slice());
        return reaches_depth4::<M>(pos, side, dv, dice.len(), depth);
    }
    let high = highest(pos, side);
    let mut mask = distinct_mask(dice.as_slice());
    while let Some(i) = next_index(&mut mask) {
        let d = dice.get(i);
        for from in (1..=high).rev() {
            if pos.c[side.index()][from as usize] == 0 {
                continue;
            }
            if let Ok(st) = step_rule::<M>(pos, side, from, d, high) {
                let mut next = *pos;
                apply::<M>(&mut next, side, st);
                dice.remove(i);
                let deeper = reaches_depth::<M>(&next, side, dice, depth - 1);
                dice.insert(i, d);
                if deeper {
                    return true;
                }
            }
        }
    }
    false
}

/// [`reaches_depth`] for at most four dice, held in a fixed array (`dv[..nd]`).
pub(super) fn reaches_depth4<M: Movement>(
    pos: &Position,
    side: Side,
    dv: [u8; 4],
    nd: usize,
    depth: usize,
) -> bool {
    if depth == 0 {
        return true;
    }
    if depth == 1 {
        // The dice the walk below tries: those under 8 (see `distinct_mask4`).
        let mut ok = [0u8; 4];
        let mut n = 0;
        for &d in &dv[..nd] {
            if d < 8 {
                ok[n] = d;
                n += 1;
            }
        }
        return any_step::<M>(pos, side, &ok[..n]);
    }
    // The answer is a yes or no, so the order the steps are tried in does not matter.
    let mine = &pos.c[side.index()];
    let high = highest(pos, side);
    let deeper = |st: Step, i: usize| {
        let mut next = *pos;
        apply::<M>(&mut next, side, st);
        let mut rest = dv;
        let mut nr = nd;
        take_at(&mut rest, &mut nr, i);
        reaches_depth4::<M>(&next, side, rest, nr, depth - 1)
    };
    let mut mask = distinct_mask4(&dv, nd);
    while let Some(i) = next_index(&mut mask) {
        let d = dv[i];
        if high == BAR {
            // Only the bar can move (every other point fails with `MustEnter`).
            if let Ok(st) = step_rule::<M>(pos, side, BAR, d, high)
                && deeper(st, i)
            {
                return true;
            }
            continue;
        }
        for from in 1..=high {
            if mine[from as usize] == 0 {
                continue;
            }
            if let Ok(st) = step_rule::<M>(pos, side, from, d, high)
                && deeper(st, i)
            {
                return true;
            }
        }
    }
    false
}

/// A quick form of the forced-play check for a play that reaches `position` from `pos` in
/// `used` legal steps, fewer than the dice: true when [`legal_plays`] would certainly contain
/// `position` (no longer play exists and, with one die of two played, the larger die could not
/// be played or reaches it). False means the full legal set has to decide.
///
/// The probe tries steps by the step rule alone. A variant's play-level rules only remove
/// sequences, so the probe stays sound for them: where no longer sequence exists without
/// them, none exists with them, and a larger die that cannot be played at all cannot be
/// played under them either (the written play itself was resolved under them).
///
/// A play whose last step ends the game (Tapa's mother pinned) counts as every die, and
/// nothing may follow it: it is maximal whatever longer sequences the dice would allow
/// otherwise, as the legal set has it.
pub(crate) fn surely_maximal<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    position: &Position,
    used: u8,
) -> bool {
    if used > 0 && M::ends_game(position, side) {
        return true;
    }
    let mut d = stage_dice(dice);
    if used as usize >= d.len() || reaches_depth::<M>(pos, side, &mut d, used as usize + 1) {
        return false;
    }
    match dice {
        StageDice::Mixed { high, .. } if used == 1 => {
            let top = highest(pos, side);
            let mut high_playable = false;
            for from in 1..=BAR {
                if pos.c[side.index()][from as usize] == 0 {
                    continue;
                }
                if let Ok(st) = step_rule::<M>(pos, side, from, high, top) {
                    let mut next = *pos;
                    apply::<M>(&mut next, side, st);
                    if next == *position {
                        return true;
                    }
                    high_playable = true;
                }
            }
            !high_playable
        }
        _ => true,
    }
}
