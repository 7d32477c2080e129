//! The steps of a play made at the board, which v1 does not keep: the board before it (the
//! plays before carried out as written) against the board it leaves.

use crate::ogxm::plies::{Action, Ply};

/// The opening position, absolute (White positive; 0 White's bar, 25 Black's).
const OPENING: [i8; 26] = {
    let mut b = [0i8; 26];
    b[1] = 2;
    b[12] = 5;
    b[17] = 3;
    b[19] = 5;
    b[24] = -2;
    b[13] = -5;
    b[8] = -3;
    b[6] = -5;
    b
};

/// `steps` (absolute from, pips) of `white` carried out on the absolute board `b` as written:
/// a checker landing on a lone opposing one sends it to the bar, one moved past the last point
/// is off. Counts are wide, so a damaged play cannot overflow them.
fn carry_out(b: &mut [i32; 26], white: bool, steps: &[(u8, u8, usize)]) {
    let sign = if white { 1 } else { -1 };
    for &(from, pips, _) in steps {
        let from = usize::from(from).min(25);
        let to = from as i32 + sign * i32::from(pips);
        b[from] -= sign;
        if !(1..=24).contains(&to) {
            continue;
        }
        let to = to as usize;
        if b[to] == -sign {
            b[to] = 0;
            b[if white { 25 } else { 0 }] -= sign;
        }
        b[to] += sign;
    }
}

/// The steps of each play made at the board (a set-position ply with dice), which v1 does not
/// keep: the board before it (the opening position and every play before, carried out as
/// written) against the board it leaves, each checker the mover took away paired with a
/// point it reached (both in the order of the mover's course). Left without steps when the
/// boards do not differ by forward moves of the mover alone.
pub(super) fn board_play_steps(plies: &mut [Ply]) {
    let mut b: [i32; 26] = OPENING.map(i32::from);
    for p in plies {
        let at = p.span.offset;
        match &mut p.action {
            Action::Roll { steps, .. } => carry_out(&mut b, p.white, steps),
            Action::Illegal {
                steps,
                board: Some(after),
                ..
            } => {
                let mover = !p.white;
                let after = after.map(i32::from);
                if steps.is_empty() {
                    *steps = hops(&b, &after, mover, at).unwrap_or_default();
                }
                b = after;
            }
            _ => {}
        }
    }
}

/// The hops (absolute from, pips, byte `at`) that take `mover`'s checkers from `before` to
/// `after`; `None` when none do by forward moves.
fn hops(
    before: &[i32; 26],
    after: &[i32; 26],
    white: bool,
    at: usize,
) -> Option<Vec<(u8, u8, usize)>> {
    let sign = if white { 1 } else { -1 };
    let own = |b: &[i32; 26], p: usize| (b[p] * sign).max(0);
    // The mover's course: from its bar (White 0, Black 25) to off.
    let course: Vec<usize> = if white {
        (0..=25).collect()
    } else {
        (0..=25).rev().collect()
    };
    let mut from = Vec::new();
    let mut to = Vec::new();
    for &p in &course {
        let d = own(after, p) - own(before, p);
        if d.abs() > 15 {
            return None;
        }
        if d < 0 {
            from.extend(std::iter::repeat_n(p, d.unsigned_abs() as usize));
        } else {
            to.extend(std::iter::repeat_n(p, d as usize));
        }
    }
    // Checkers borne off: the mover's total fell.
    let total = |b: &[i32; 26]| (0..26).map(|p| own(b, p)).sum::<i32>();
    let off = total(before) - total(after);
    if off < 0 || from.len() != to.len() + off as usize || from.is_empty() || from.len() > 8 {
        return None;
    }
    let end = if white { 25 } else { 0 };
    to.extend(std::iter::repeat_n(end, off as usize));
    from.iter()
        .zip(&to)
        .map(|(&f, &t)| {
            let pips = (t as i32 - f as i32) * sign;
            (1..=24)
                .contains(&pips)
                .then_some((f as u8, pips as u8, at))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_play_is_the_difference_of_the_boards() {
        let before = OPENING.map(i32::from);
        // White's 13/10 13/10: two checkers from absolute 12 to 15.
        let mut after = before;
        after[12] -= 2;
        after[15] += 2;
        assert_eq!(
            hops(&before, &after, true, 7),
            Some(vec![(12, 3, 7), (12, 3, 7)])
        );
        // Black's 6/off 5/off from a home board: two checkers gone.
        let mut home = [0i32; 26];
        home[6] = -2;
        home[5] = -1;
        let mut off = home;
        off[6] = -1;
        off[5] = 0;
        assert_eq!(
            hops(&home, &off, false, 0),
            Some(vec![(6, 6, 0), (5, 5, 0)])
        );
        // A checker moved backwards: no forward steps give it.
        let mut back = before;
        back[17] -= 1;
        back[16] += 1;
        assert_eq!(hops(&before, &back, true, 0), None);
    }
}
