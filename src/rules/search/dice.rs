//! A stage's dice as the searches walk them: as a list, and each distinct value once, as an
//! iterator or as a bit set of indices.

use super::containers::Small;
use crate::rules::StageDice;

/// Each distinct die value of `dice` once, with the index of its first occurrence.
pub(super) fn distinct(dice: &[u8]) -> impl Iterator<Item = (usize, u8)> + use<> {
    let mut seen = [false; 8];
    let mut out = [(0usize, 0u8); 4];
    let mut n = 0;
    for (i, &d) in dice.iter().enumerate() {
        if (d as usize) < seen.len() && !seen[d as usize] && n < out.len() {
            seen[d as usize] = true;
            out[n] = (i, d);
            n += 1;
        }
    }
    out.into_iter().take(n)
}

/// [`distinct`] as a bit set of indices (bit `i`: `dice[i]` is yielded), which is cheaper to
/// build and to walk. Dice lists come from a [`StageDice`], so first occurrences stand among
/// the first two indices.
pub(super) fn distinct_mask(dice: &[u8]) -> u64 {
    let mut seen = 0u8;
    let mut mask = 0u64;
    let mut n = 0;
    for (i, &d) in dice.iter().enumerate().take(64) {
        if d < 8 && seen & (1 << d) == 0 && n < 4 {
            seen |= 1 << d;
            mask |= 1 << i;
            n += 1;
        }
    }
    mask
}

/// [`distinct_mask`] of `dv[..n]` for `n <= 4`, unrolled: with at most four dice the limit of
/// four distinct values never binds, so index `i` is yielded when `dv[i] < 8` and no earlier
/// die has the same value.
#[inline]
pub(super) fn distinct_mask4(dv: &[u8; 4], n: usize) -> u64 {
    let [a, b, c, d] = *dv;
    let mut mask = 0u64;
    if n > 0 && a < 8 {
        mask |= 1;
    }
    if n > 1 && b < 8 && b != a {
        mask |= 2;
    }
    if n > 2 && c < 8 && c != a && c != b {
        mask |= 4;
    }
    if n > 3 && d < 8 && d != a && d != b && d != c {
        mask |= 8;
    }
    mask
}

/// Walk a [`distinct_mask`]: the next index, removed from the mask.
pub(super) fn next_index(mask: &mut u64) -> Option<usize> {
    if *mask == 0 {
        return None;
    }
    let i = mask.trailing_zeros() as usize;
    *mask &= *mask - 1;
    Some(i)
}

/// The dice of a stage as an inline list, in the order of [`StageDice::dice`].
pub(super) fn stage_dice(dice: StageDice) -> Small<u8> {
    // The dice made in one word (read back as one soon after: built byte by byte in memory,
    // that read would wait for the byte stores).
    match dice {
        StageDice::Mixed { high, low } => {
            let word = u32::from(high) | u32::from(low) << 8;
            return Small::from_array(word.to_le_bytes(), 2);
        }
        StageDice::Double { value, count } if count <= 4 => {
            let word = (0x0101_0101 * u64::from(value)) & ((1u64 << (8 * count)) - 1);
            return Small::from_array((word as u32).to_le_bytes(), count as usize);
        }
        _ => {}
    }
    let mut d = Small::new(0);
    match dice {
        StageDice::Mixed { high, low } => {
            d.push(high);
            d.push(low);
        }
        StageDice::Double { value, count } => {
            for _ in 0..count {
                d.push(value);
            }
        }
    }
    d
}
