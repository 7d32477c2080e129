//! GNU Backgammon's Position ID and Match ID, so any backgammon turn can be pasted into gnubg
//! or XG.
//!
//! Position ID: 80 bits, for each player (first the opponent of the player on roll, then the
//! player on roll) and each of their points 1..=24 then the bar, as many 1-bits as checkers
//! followed by a 0-bit; little-endian bytes, base64 without padding (14 characters).
//! Match ID: 66 bits (cube, owner, dice owner, Crawford, state, turn, dice, length, scores),
//! plus bit 66, which gnubg sets in match play with the Crawford rule; base64 (12 characters).
//!
//! Both decoders ([`position_from_id`], [`match_from_id`]) check every character and field and
//! answer a [`PositionError`] for anything malformed.

use super::{CHECKERS, PositionError, PositionFormat, validate};
use crate::rules::{BAR, OFF, Position, Side, Variant};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Append the base64 of `bytes` to `out`, without padding: the last group of one or two
/// bytes gives two or three characters.
fn base64_into(bytes: &[u8], out: &mut Vec<u8>) {
    let char = |n: u32, k: u32| B64[((n >> (18 - 6 * k)) & 63) as usize];
    let mut chunks = bytes.chunks_exact(3);
    for c in &mut chunks {
        let n = u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
        out.extend_from_slice(&[char(n, 0), char(n, 1), char(n, 2), char(n, 3)]);
    }
    match *chunks.remainder() {
        [a] => {
            let n = u32::from(a) << 16;
            out.extend_from_slice(&[char(n, 0), char(n, 1)]);
        }
        [a, b] => {
            let n = u32::from(a) << 16 | u32::from(b) << 8;
            out.extend_from_slice(&[char(n, 0), char(n, 1), char(n, 2)]);
        }
        _ => {}
    }
}

/// A little-endian bit string, filled from its first bit (of which an ID takes the bytes it
/// needs; what goes beyond 128 bits is dropped).
#[derive(Default)]
struct Bits {
    bits: u128,
    pos: u32,
}

impl Bits {
    /// The low `width` bits of `value`.
    fn push(&mut self, value: u64, width: u32) {
        if self.pos < 128 {
            let mask = if width >= 64 {
                u64::MAX
            } else {
                (1 << width) - 1
            };
            self.bits |= u128::from(value & mask) << self.pos;
        }
        self.pos += width;
    }
    fn bytes(&self) -> [u8; 16] {
        self.bits.to_le_bytes()
    }
}

/// The gnubg Position ID of `pos` with `on_roll` to move (backgammon numbering).
pub fn position_id(pos: &Position, on_roll: Side) -> String {
    let mut out = Vec::with_capacity(14);
    write_position_id(pos, on_roll, &mut out);
    // Every byte is ASCII.
    String::from_utf8(out).unwrap_or_default()
}

/// Append the Position ID of `pos` with `on_roll` to move to `out` ([`position_id`]).
pub(crate) fn write_position_id(pos: &Position, on_roll: Side, out: &mut Vec<u8>) {
    // Each point's checkers as that many bits set and one clear, the player not on roll
    // first, points 1–24 then the bar; 80 bits (what a position of more checkers goes
    // beyond is dropped).
    let mut bits = 0u128;
    let mut at = 0u32;
    for side in [on_roll.other(), on_roll] {
        let counts = &pos.c[side.index()];
        for &n in counts[1..=24]
            .iter()
            .chain(std::iter::once(&counts[usize::from(BAR)]))
        {
            let n = u32::from(n);
            if at < 80 {
                let run = if n >= 128 {
                    u128::MAX
                } else {
                    (1u128 << n) - 1
                };
                bits |= run << at;
            }
            at += n + 1;
        }
    }
    bits &= (1u128 << 80) - 1;
    let all = bits.to_le_bytes();
    let mut bytes = [0u8; 10];
    bytes.copy_from_slice(&all[..10]);
    base64_into(&bytes, out);
}

/// Everything a Match ID encodes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchState {
    /// Cube value.
    pub cube: u32,
    /// Cube owner, `None` when centred.
    pub owner: Option<Side>,
    /// The player on roll.
    pub on_roll: Side,
    /// Crawford game.
    pub crawford: bool,
    /// The dice as written.
    pub dice: (u8, u8),
    /// Match length (0 = money).
    pub length: u64,
    /// Scores of White (left) and Black (right) before the game.
    pub score: (u64, u64),
    /// Bit 66, gnubg's extension: its source stores "Jacoby rule off" there, and it is set in
    /// the match play of the gnubg fixtures (where the Crawford rule is on) and clear in their
    /// money play. tavla writes it for match play with the Crawford rule.
    pub crawford_rule: bool,
}

/// The gnubg Match ID of a state (player 0 = White, the left column).
pub fn match_id(m: &MatchState) -> String {
    let mut out = Vec::with_capacity(12);
    write_match_id(m, &mut out);
    // Every byte is ASCII.
    String::from_utf8(out).unwrap_or_default()
}

/// Append the Match ID of `m` to `out` ([`match_id`]).
pub(crate) fn write_match_id(m: &MatchState, out: &mut Vec<u8>) {
    let mut bits = Bits::default();
    // gnubg's field holds log2(cube) in 4 bits; larger cubes are clamped, not wrapped.
    let log = (m.cube.max(1).trailing_zeros() as u64).min(15);
    bits.push(log, 4);
    bits.push(
        match m.owner {
            None => 3,
            Some(s) => s.index() as u64,
        },
        2,
    );
    bits.push(m.on_roll.index() as u64, 1);
    bits.push(m.crawford as u64, 1);
    bits.push(1, 3); // game state: playing
    bits.push(m.on_roll.index() as u64, 1); // turn
    bits.push(0, 1); // double offered
    bits.push(0, 2); // resignation offered
    bits.push(m.dice.0 as u64, 3);
    bits.push(m.dice.1 as u64, 3);
    bits.push(m.length.min(0x7fff), 15);
    bits.push(m.score.0.min(0x7fff), 15);
    bits.push(m.score.1.min(0x7fff), 15);
    bits.push(m.crawford_rule as u64, 1);
    base64_into(&bits.bytes()[..9], out);
}

/// The 6-bit value of a base64 character.
fn unbase64(c: char) -> Option<u8> {
    let c = u8::try_from(c).ok()?;
    B64.iter().position(|&b| b == c).map(|v| v as u8)
}

/// Decode `id` (`chars` base64 characters) into `chars * 6 / 8` bytes; the bits left over in
/// the last character must be zero.
fn decode_base64(id: &str, chars: usize, format: PositionFormat) -> Result<Vec<u8>, PositionError> {
    let found = id.chars().count();
    if found != chars {
        return Err(PositionError::Length {
            format,
            expected: chars,
            found,
        });
    }
    let mut acc: u32 = 0;
    let mut nbits = 0u32;
    let mut bytes = Vec::with_capacity(chars * 6 / 8);
    for (index, c) in id.chars().enumerate() {
        let v = unbase64(c).ok_or(PositionError::BadCharacter {
            format,
            index,
            found: c,
            expected: "a base64 character (A-Z, a-z, 0-9, + or /)",
        })?;
        acc = (acc << 6) | v as u32;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            bytes.push((acc >> nbits) as u8);
            acc &= (1 << nbits) - 1;
        }
    }
    if acc != 0 {
        return Err(PositionError::TrailingBits { format });
    }
    Ok(bytes)
}

/// Bit `k` of a little-endian bit string (bit 0 is the low bit of byte 0).
fn bit(bytes: &[u8], k: usize) -> bool {
    bytes.get(k / 8).is_some_and(|b| (b >> (k % 8)) & 1 == 1)
}

/// `width` bits from bit `at`, the first the lowest.
fn bits(bytes: &[u8], at: usize, width: usize) -> u64 {
    (0..width).fold(0, |v, k| v | (bit(bytes, at + k) as u64) << k)
}

/// Decode a gnubg Position ID into a position with `on_roll` to move (a Position ID is
/// relative to the player on roll and does not say who that is).
///
/// Each side's checkers not on the board are borne off. The result passes
/// [`validate`] for backgammon.
///
/// # Errors
/// A [`PositionError`]: not 14 base64 characters, more than 15 checkers for a side, bits set
/// past the end of the position, a point held by both sides, or both sides borne off.
pub fn position_from_id(id: &str, on_roll: Side) -> Result<Position, PositionError> {
    let format = PositionFormat::PositionId;
    let bytes = decode_base64(id, 14, format)?;
    let mut pos = Position::empty();
    let mut k = 0usize;
    for side in [on_roll.other(), on_roll] {
        let mut total = 0u32;
        for p in (1..=24u8).chain(std::iter::once(BAR)) {
            let mut n = 0u32;
            while bit(&bytes, k) {
                n += 1;
                k += 1;
                if total + n > CHECKERS {
                    return Err(PositionError::CheckerCount {
                        side,
                        count: total + n,
                    });
                }
            }
            k += 1;
            total += n;
            pos.set(side, p, n as u8);
        }
        pos.set(side, OFF, (CHECKERS - total) as u8);
    }
    if (k..80).any(|k| bit(&bytes, k)) {
        return Err(PositionError::TrailingBits { format });
    }
    validate(&pos, Variant::Backgammon)?;
    Ok(pos)
}

/// Decode a gnubg Match ID (12 base64 characters).
///
/// The fields tavla keeps are returned; the game state, the player to decide, the pending
/// double and resignation are checked for range and dropped. The dice are as stored (gnubg
/// stores the higher die first; `(0, 0)` before the roll).
///
/// # Errors
/// A [`PositionError`]: not 12 base64 characters, an undefined cube owner or game state,
/// a die above 6 or only one die, a score above the match length, or a Crawford game in
/// money play.
pub fn match_from_id(id: &str) -> Result<MatchState, PositionError> {
    let format = PositionFormat::MatchId;
    let b = decode_base64(id, 12, format)?;
    let field = |field: &'static str, value: u64, expected: &'static str| PositionError::Field {
        format,
        field,
        value: value.to_string(),
        expected,
    };
    let owner = match bits(&b, 4, 2) {
        0 => Some(Side::White),
        1 => Some(Side::Black),
        3 => None,
        v => return Err(field("the cube owner", v, "0, 1 or 3 (centred)")),
    };
    let state = bits(&b, 8, 3);
    if state > 4 {
        return Err(field("the game state", state, "0 to 4"));
    }
    let (d0, d1) = (bits(&b, 15, 3), bits(&b, 18, 3));
    for d in [d0, d1] {
        if d > 6 {
            return Err(field("a die", d, "0 (not rolled) or 1 to 6"));
        }
    }
    if (d0 == 0) != (d1 == 0) {
        return Err(field(
            "a die",
            0,
            "both dice 1 to 6, or both 0 (not rolled)",
        ));
    }
    let length = bits(&b, 21, 15);
    let score = (bits(&b, 36, 15), bits(&b, 51, 15));
    if length > 0 {
        for s in [score.0, score.1] {
            if s > length {
                return Err(field("a score", s, "at most the match length"));
            }
        }
    }
    let crawford = bit(&b, 7);
    if crawford && length == 0 {
        return Err(field(
            "the Crawford flag",
            1,
            "0 in money play (no match length)",
        ));
    }
    if (67..72).any(|k| bit(&b, k)) {
        return Err(PositionError::TrailingBits { format });
    }
    Ok(MatchState {
        cube: 1u32 << bits(&b, 0, 4),
        owner,
        on_roll: if bit(&b, 6) { Side::Black } else { Side::White },
        crawford,
        dice: (d0 as u8, d1 as u8),
        length,
        score,
        crawford_rule: bit(&b, 66),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::backgammon::Backgammon;
    use crate::rules::options::BackgammonOptions;

    #[test]
    fn the_starting_position_has_gnubgs_well_known_id() {
        let b = Backgammon {
            options: BackgammonOptions::preset("backgammon").unwrap(),
        };
        assert_eq!(position_id(&b.start(), Side::White), "4HPwATDgc/ABMA");
        assert_eq!(
            position_from_id("4HPwATDgc/ABMA", Side::White),
            Ok(b.start())
        );
    }
}
