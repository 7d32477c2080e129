//! The hand-written step scanners: the well-formed steps of a match file (`24/18`,
//! `bar/22*`, `13/7/1`, `8/5(2)`) read byte by byte, without the grammar parser. Whatever
//! they accept, the grammar parser of [`super::play`] accepts with the same result (tests
//! compare them); anything else they decline.

use super::Span;
use super::play::{MAX_PATH, MAX_STEP, Path, StepText};

/// The common case, by hand: a well-formed step such as `24/18`, `bar/22*`, `13/7/1`, `8/5(2)`.
/// `None` for anything else; [`slow_step`](super::play::slow_step) then parses it and words
/// the error. Whatever this accepts, the grammar parser accepts with the same result (a test
/// compares them).
pub(super) fn fast_step(t: &[u8], base: usize) -> Option<StepText> {
    if t.len() > MAX_STEP {
        return None;
    }
    match scan_step(t, 0, t.len(), base) {
        Some((step, end)) if end == t.len() => Some(step),
        _ => None,
    }
}

/// The commonest steps, `d/d`, `dd/d`, `d/dd` and `dd/dd` (two points written as plain
/// numbers, no mark, no repeat) ending at a space, a tab, an LF or `limit`, read without
/// [`scan_step`]'s loop. `None` for anything else. Whatever this accepts, [`scan_step`] (with `base` 0) accepts
/// identically (a test compares them).
#[inline(always)]
pub(super) fn quick_step(t: &[u8], start: usize, limit: usize) -> Option<(StepText, usize)> {
    let t = t.get(start..limit)?;
    // With eight bytes at hand (the usual case: a step, then more of the line), read them as
    // one array: no bounds checks. The step and its end fit in six.
    if let Some(c) = t.first_chunk::<8>() {
        return quick_step_8(c, start);
    }
    let digit = |k: usize| t.get(k).filter(|d| d.is_ascii_digit()).map(|d| d - b'0');
    let a = digit(0)?;
    let (from, l1) = match digit(1) {
        Some(b) => (a * 10 + b, 2),
        None => (a, 1),
    };
    if t.get(l1) != Some(&b'/') {
        return None;
    }
    let c = digit(l1 + 1)?;
    let (to, l2) = match digit(l1 + 2) {
        Some(d) => (c * 10 + d, 2),
        None => (c, 1),
    };
    let len = l1 + 1 + l2;
    if from > 25 || to > 25 || !matches!(t.get(len), None | Some(b' ' | b'\t' | b'\n')) {
        return None;
    }
    Some(two_points(start, from, to, l1, l2))
}

/// [`quick_step`] on the eight bytes from `start` on.
#[inline(always)]
fn quick_step_8(c: &[u8; 8], start: usize) -> Option<(StepText, usize)> {
    let digit = |d: u8| {
        let v = d.wrapping_sub(b'0');
        (v < 10).then_some(v)
    };
    let a = digit(c[0])?;
    let (from, l1) = match digit(c[1]) {
        Some(b) => (a * 10 + b, 2),
        None => (a, 1),
    };
    if c[l1] != b'/' {
        return None;
    }
    let e = digit(c[l1 + 1])?;
    let (to, l2) = match digit(c[l1 + 2]) {
        Some(d) => (e * 10 + d, 2),
        None => (e, 1),
    };
    if from > 25 || to > 25 || !matches!(c[l1 + 1 + l2], b' ' | b'\t' | b'\n') {
        return None;
    }
    Some(two_points(start, from, to, l1, l2))
}

/// The step `from/to` written at `start` with `l1` and `l2` digits, and the index past it.
#[inline(always)]
fn two_points(start: usize, from: u8, to: u8, l1: usize, l2: usize) -> (StepText, usize) {
    let len = l1 + 1 + l2;
    let mut path = Path::new(start);
    path.locs[0] = from;
    path.locs[1] = to;
    path.offs[1] = (l1 + 1) as u16;
    path.lens[0] = l1 as u16;
    path.lens[1] = l2 as u16;
    path.len = 2;
    (
        StepText {
            path,
            repeat: 1,
            span: Span::new(start, len),
        },
        start + len,
    )
}

/// [`fast_step`] inside a line: the well-formed step that starts at `t[start]` and runs to the
/// next space, tab or LF (or to `limit`), with the index just past it. `base` is the source
/// offset of `t[0]`; `limit <= t.len()`. `None` when the token is not a well-formed step.
#[inline(always)]
pub(super) fn scan_step(
    t: &[u8],
    start: usize,
    limit: usize,
    base: usize,
) -> Option<(StepText, usize)> {
    // Indexes below are relative to the token's start.
    let t = t.get(start..limit)?;
    let mut path = Path::new(base + start);
    let mut i = 0;
    let mut n = 0;
    loop {
        // location
        let s = i;
        let b = *t.get(i)?;
        let loc = if b.is_ascii_digit() {
            let mut v = u32::from(b - b'0');
            i += 1;
            while let Some(&d @ b'0'..=b'9') = t.get(i) {
                // Above 25 no more digits can make a point; below, no overflow.
                if v > 25 {
                    return None;
                }
                v = v * 10 + u32::from(d - b'0');
                i += 1;
            }
            if v > 25 {
                return None;
            }
            v as u8
        } else {
            let (word, index): (&[u8], u8) = match b {
                b'b' | b'B' => (b"bar", 25),
                b'o' | b'O' => (b"off", 0),
                b'-' => (b"-", 0),
                _ => return None,
            };
            i += match t.get(i..i + 3) {
                Some(w) if w.eq_ignore_ascii_case(word) => 3,
                _ => 1,
            };
            index
        };
        if n == MAX_PATH {
            return None;
        }
        path.locs[n] = loc;
        path.offs[n] = s as u16;
        path.lens[n] = (i - s) as u16;
        let mut next = t.get(i).copied();
        if next == Some(b'*') {
            path.hits |= 1 << n;
            i += 1;
            while t.get(i) == Some(&b'*') {
                i += 1;
            }
            next = t.get(i).copied();
        }
        n += 1;
        if next != Some(b'/') {
            break;
        }
        i += 1;
    }
    path.len = n as u8;
    if n < 2 || i > MAX_STEP {
        return None;
    }
    let repeat = match t.get(i) {
        None | Some(b' ' | b'\t' | b'\n') => 1,
        Some(b'(') => match t.get(i + 1..i + 3) {
            Some(&[d @ b'1'..=b'4', b')']) => {
                i += 3;
                d - b'0'
            }
            _ => return None,
        },
        _ => return None,
    };
    if !matches!(t.get(i), None | Some(b' ' | b'\t' | b'\n')) {
        return None;
    }
    Some((
        StepText {
            path,
            repeat,
            span: Span::new(base + start, i),
        },
        start + i,
    ))
}

#[cfg(test)]
mod tests {
    use super::super::play::slow_step;
    use super::*;
    use proptest::prelude::*;

    /// Whatever the hand-written fast path accepts, the grammar parser accepts identically; and
    /// a well-formed common step always takes the fast path.
    fn agree(token: &str) {
        let slow = slow_step(token, 7);
        match fast_step(token.as_bytes(), 7) {
            Some(fast) => assert_eq!(Ok(fast), slow, "token {token:?}"),
            None => {
                if let Ok(s) = slow {
                    // Only forms outside the fast path's scope may fall back: leading zeros,
                    // and nothing else that the grammar accepts.
                    assert!(
                        token.contains("(0") || token.contains("(00") || s.repeat > 4,
                        "fast path rejected the valid step {token:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn fast_path_examples() {
        for t in [
            "24/18",
            "bar/22*",
            "Bar/21",
            "b/3",
            "6/off",
            "6/o",
            "6/-",
            "6/0",
            "25/3",
            "8/5(2)",
            "13/7/1",
            "13/7*/1*",
            "24/23/22/21/20",
            "24/23/22/21/20/19",
            "8/5(0)",
            "8/5(5)",
            "8/5(",
            "8/5(2",
            "26/1",
            "24/",
            "/24",
            "24",
            "24//18",
            "24/18x",
            "bo/1",
            "BAR/off",
            "OFF/3",
            "1**/2",
            "4294967296/1",
            "256/1",
            "250/1",
            "259/3",
            "25/256",
            "0025/1",
            "007/1",
            "8/5(02)",
            "8/5)",
            "ba/1",
            "barr/1",
        ] {
            agree(t);
        }
    }

    /// Whatever the two-point shortcut accepts, the general scanner accepts identically.
    fn quick_agrees(line: &str, start: usize) {
        let b = line.as_bytes();
        if let Some(q) = quick_step(b, start, b.len()) {
            assert_eq!(
                Some(q),
                scan_step(b, start, b.len(), 0),
                "{line:?} at {start}"
            );
        }
    }

    #[test]
    fn quick_step_examples() {
        for (t, taken) in [
            ("24/18", true),
            ("6/5 x", true),
            ("13/7\t", true),
            ("25/1", true),
            ("0/3", true),
            ("9/10", true),
            ("26/1", false),
            ("24/18*", false),
            ("24/18(2)", false),
            ("24/18/12", false),
            ("124/3", false),
            ("24/183", false),
            ("bar/22", false),
            ("24/", false),
            ("2/x", false),
            // Eight bytes or more: read as one array.
            ("24/18 13/9", true),
            ("9/10\n  1) 64:", true),
            ("6/5\t\t\t\t\t", true),
            ("24/18*  x", false),
            ("124/3    ", false),
            ("2/x      ", false),
            ("24/18/12 ", false),
            ("26/1     ", false),
        ] {
            quick_agrees(t, 0);
            quick_agrees(&format!("  {t}"), 2);
            assert_eq!(quick_step(t.as_bytes(), 0, t.len()).is_some(), taken, "{t}");
        }
    }

    proptest! {
        #[test]
        fn quick_step_agrees(t in "[0-9/*() \t]{0,10}", start in 0usize..4) {
            quick_agrees(&t, start.min(t.len()));
        }

        /// Long enough for the eight-byte read, with line ends and other bytes after the step.
        #[test]
        fn quick_step_agrees_on_eight_bytes(t in "[0-9/*() \t\nx]{8,16}", start in 0usize..4) {
            quick_agrees(&t, start);
        }

        #[test]
        fn fast_path_agrees_with_grammar(t in "[0-9/*()bBaArRoOfF\\-x]{0,16}") {
            agree(&t);
        }

        #[test]
        fn fast_path_agrees_on_steps(
            pts in proptest::collection::vec(0u32..30, 1..7),
            stars in proptest::collection::vec(0usize..3, 7),
            rep in proptest::option::of(0u8..7),
        ) {
            let mut t = String::new();
            for (k, p) in pts.iter().enumerate() {
                if k > 0 { t.push('/'); }
                t.push_str(&p.to_string());
                t.push_str(&"*".repeat(stars[k]));
            }
            if let Some(r) = rep { t.push_str(&format!("({r})")); }
            agree(&t);
        }
    }
}
