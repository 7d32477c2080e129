//! tavla's position string: one compact text for a position of every game tavla knows (the
//! `position_before` column of the table of plays, and a position `legal`, `show` and `check`
//! accept).
//!
//! Two halves of 26 characters joined by `/`, White's then Black's. Character `k` of a half
//! (0–25) is that side's checkers at its own point `k`, in the side's own numbering as a
//! record writes its plays: 0 the checkers borne off, 1–24 the points, 25 the bar. A count is
//! one base-36 digit (`0`–`9`, `a`–`z`: every count a game allows fits in one character), and
//! `*` is one checker pinned under the opponent's (Tapa/Plakoto). The backgammon start:
//!
//! ```text
//! 00000050300005000000000020/00000050300005000000000020
//! ```
//!
//! (both halves alike: each side has 5 on its 6 point, 3 on its 8, 5 on its 13 and 2 on its
//! 24). Every game's position has the same shape, so a column of them is one kind of value.

use super::{PositionError, PositionFormat};
use crate::rules::{Position, Side};

/// The length of the string: two halves of 26 and the `/`.
pub const LEN: usize = 53;

/// Append the position string of `pos` to `out` (no allocation beyond `out`'s growth).
pub fn write(pos: &Position, out: &mut String) {
    // Every byte is ASCII.
    out.push_str(std::str::from_utf8(&bytes(pos)).unwrap_or_default());
}

/// The position string of `pos` as its bytes (ASCII), for a writer of bytes.
pub fn bytes(pos: &Position) -> [u8; LEN] {
    let mut buf = [b'/'; LEN];
    fill(pos, &mut buf);
    buf
}

/// The position string of `pos` written at the start of `buf` (at least [`LEN`] bytes),
/// straight where it is wanted: the characters are not read back from a copy, which would
/// stall on the stores just made.
pub(crate) fn fill(pos: &Position, buf: &mut [u8]) {
    buf[26] = b'/';
    for (h, side) in [Side::White, Side::Black].into_iter().enumerate() {
        let counts = &pos.c[side.index()];
        let half = &mut buf[h * 27..h * 27 + 26];
        // A base-36 digit, computed for every point at once rather than looked up.
        for (d, &n) in half.iter_mut().zip(counts) {
            let n = n.min(35);
            let letter = 0u8.wrapping_sub(u8::from(n >= 10));
            *d = b'0' + n + (letter & (b'a' - 10 - b'0'));
        }
        // Pinned checkers (Tapa): rare, one bit per point.
        let mut pins = pos.pins[side.index()] & 0x01ff_fffe;
        while pins != 0 {
            let k = pins.trailing_zeros() as usize;
            if counts[k] == 1 {
                half[k] = b'*';
            }
            pins &= pins - 1;
        }
    }
}

/// The position string of `pos`.
///
/// ```
/// use tavla::rules::{RuleSet, Variant};
/// let start = RuleSet::default_for(Variant::Backgammon).start();
/// assert_eq!(
///     tavla::ids::tavla::to_string(&start),
///     "00000050300005000000000020/00000050300005000000000020"
/// );
/// ```
pub fn to_string(pos: &Position) -> String {
    let mut s = String::with_capacity(LEN);
    write(pos, &mut s);
    s
}

/// Whether `s` has the shape of a position string (53 characters, `/` in the middle).
pub fn looks_like(s: &str) -> bool {
    s.len() == LEN && s.as_bytes()[26] == b'/'
}

/// Read a position string (its counts; whether the position can occur in a game is the
/// caller's check, [`super::validate`]).
///
/// # Errors
/// A wrong length, a missing `/` or a character that is not a count.
pub fn parse(s: &str) -> Result<Position, PositionError> {
    let found = s.chars().count();
    if found != LEN {
        return Err(PositionError::Length {
            format: PositionFormat::Tavla,
            expected: LEN,
            found,
        });
    }
    let b = s.as_bytes();
    if b[26] != b'/' {
        return Err(PositionError::BadCharacter {
            format: PositionFormat::Tavla,
            index: 26,
            found: char::from(b[26]),
            expected: "`/` between White's and Black's halves",
        });
    }
    let mut pos = Position::empty();
    for (h, side) in [Side::White, Side::Black].into_iter().enumerate() {
        for k in 0..26u8 {
            let i = h * 27 + k as usize;
            let c = b[i].to_ascii_lowercase();
            let n = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'z' => c - b'a' + 10,
                b'*' if (1..=24).contains(&k) => {
                    pos.set_pinned(side, k, true);
                    1
                }
                _ => {
                    return Err(PositionError::BadCharacter {
                        format: PositionFormat::Tavla,
                        index: i,
                        found: char::from(b[i]),
                        expected: "a count 0-9 or a-z, or `*` (a pinned checker) on a point",
                    });
                }
            };
            pos.set(side, k, n);
        }
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, Variant};

    #[test]
    fn every_start_position_reads_back_as_written() {
        for v in [
            Variant::Backgammon,
            Variant::GulBara,
            Variant::Tapa,
            Variant::LongNardy,
            Variant::Fevga,
        ] {
            let start = RuleSet::default_for(v).start();
            let s = to_string(&start);
            assert!(looks_like(&s), "{s}");
            assert_eq!(parse(&s).unwrap(), start, "{v:?}");
        }
        // Gul bara: each side's 15 on its own 24 point.
        assert_eq!(
            to_string(&RuleSet::default_for(Variant::GulBara).start()),
            format!("{0}f0/{0}f0", "0".repeat(24))
        );
    }

    #[test]
    fn every_count_is_its_base_36_digit() {
        for n in 0..=35u8 {
            let mut p = Position::empty();
            p.set(Side::Black, 7, n);
            let digit = char::from_digit(u32::from(n), 36).unwrap();
            assert_eq!(to_string(&p).as_bytes()[27 + 7], digit as u8, "{n}");
        }
    }

    #[test]
    fn a_pinned_checker_the_bar_and_the_tray_have_their_characters() {
        let mut p = Position::empty();
        p.set(Side::White, 0, 12);
        p.set(Side::White, 25, 2);
        p.set(Side::White, 5, 1);
        p.set_pinned(Side::White, 5, true);
        p.set(Side::Black, 20, 15);
        let s = to_string(&p);
        assert_eq!(&s[..27], "c0000*00000000000000000002/");
        assert_eq!(&s[27..], "00000000000000000000f00000");
        assert_eq!(parse(&s).unwrap(), p);
    }

    #[test]
    fn damaged_strings_are_refused_with_the_place() {
        let good = to_string(&Position::all_on_own_24());
        assert!(matches!(
            parse(&good[1..]),
            Err(PositionError::Length { found: 52, .. })
        ));
        let bad = good.replacen('/', "-", 1);
        assert!(matches!(
            parse(&bad),
            Err(PositionError::BadCharacter { index: 26, .. })
        ));
        let mut b = good.into_bytes();
        b[3] = b'!';
        assert!(matches!(
            parse(std::str::from_utf8(&b).unwrap()),
            Err(PositionError::BadCharacter {
                index: 3,
                found: '!',
                ..
            })
        ));
        assert!(matches!(
            parse(&format!("*{}", &to_string(&Position::empty())[1..])),
            Err(PositionError::BadCharacter { index: 0, .. })
        ));
    }
}
