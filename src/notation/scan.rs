//! Byte-level helpers of the line reader and the fast path: finding a line's end, skipping
//! blanks, trimming, reading short numbers.

/// The index of the first byte `B` at or after `i`, or the length: eight bytes at a time (the
/// lowest byte flagged by the zero-byte test is always exact).
pub(super) fn find_byte<const B: u8>(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let needles: u64 = u64::from_ne_bytes([B; 8]);
    while i + 8 <= b.len() {
        let Ok(chunk) = <[u8; 8]>::try_from(&b[i..i + 8]) else {
            break;
        };
        let x = u64::from_le_bytes(chunk) ^ needles;
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] != B {
        i += 1;
    }
    i
}

/// `str::trim_end`, with a fast path for the usual ASCII ends.
pub(super) fn trim_end(s: &str) -> &str {
    let t = s.trim_ascii_end();
    match t.as_bytes().last() {
        // Non-ASCII or a vertical tab: Unicode whitespace the ASCII trim keeps.
        Some(&b) if b >= 0x80 || b == 0x0b => s.trim_end(),
        _ => t,
    }
}

/// `str::trim_start`, with a fast path for the usual ASCII starts.
pub(super) fn trim_start(s: &str) -> &str {
    let t = s.trim_ascii_start();
    match t.as_bytes().first() {
        Some(&b) if b >= 0x80 || b == 0x0b => s.trim_start(),
        _ => t,
    }
}

/// How many bytes from `b[i]` on satisfy `f`.
pub(super) fn count_while(b: &[u8], i: usize, f: impl Fn(u8) -> bool) -> usize {
    b.get(i..)
        .map_or(0, |r| r.iter().take_while(|&&c| f(c)).count())
}

/// Skip spaces and tabs from `i` (to at most `end`), eight bytes at a time over the long runs
/// of spaces that align the columns.
#[inline(always)]
pub(super) fn skip_blanks(b: &[u8], mut i: usize, end: usize) -> usize {
    const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
    // The commonest gap: one space between two tokens.
    if i + 1 < end && b[i] == b' ' && b[i + 1] > b' ' {
        return i + 1;
    }
    while i + 8 <= end {
        let Ok(chunk) = <[u8; 8]>::try_from(&b[i..i + 8]) else {
            break;
        };
        let other = u64::from_le_bytes(chunk) ^ SPACES;
        if other == 0 {
            i += 8;
            continue;
        }
        i += (other.trailing_zeros() / 8) as usize;
        if b[i] != b'\t' {
            return i;
        }
        i += 1;
    }
    while i < end && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    i
}

/// A token of one to nine ASCII digits, as a number.
pub(super) fn small_number(t: &[u8]) -> Option<u64> {
    if t.is_empty() || t.len() > 9 {
        return None;
    }
    let mut v = 0;
    for &d in t {
        if !d.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u64::from(d - b'0');
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The eight-byte searches agree with a plain byte loop.
        #[test]
        fn byte_searches_agree(s in "[ \t\na\r\u{8a}\u{10d}é]{0,40}", from in 0usize..40) {
            let b = s.as_bytes();
            let from = from.min(b.len());
            let lf = b[from..].iter().position(|&c| c == b'\n').map_or(b.len(), |k| from + k);
            proptest::prop_assert_eq!(find_byte::<b'\n'>(b, from), lf);
            let cr = b[from..].iter().position(|&c| c == b'\r').map_or(b.len(), |k| from + k);
            proptest::prop_assert_eq!(find_byte::<b'\r'>(b, from), cr);
            let blank = b[from..].iter().position(|&c| c != b' ' && c != b'\t').map_or(b.len(), |k| from + k);
            proptest::prop_assert_eq!(skip_blanks(b, from, b.len()), blank);
        }

        /// The ASCII fast paths of the line trims agree with `str::trim_end`/`trim_start`,
        /// Unicode whitespace (vertical tab, NBSP, em space) included.
        #[test]
        fn trims_agree_with_std(s in "[ a\t\u{b}\u{c}\u{a0}\u{2003}é1]{0,12}") {
            proptest::prop_assert_eq!(trim_end(&s), s.trim_end());
            proptest::prop_assert_eq!(trim_start(&s), s.trim_start());
        }
    }
}
