//! GNU Backgammon's Position ID and Match ID, so any backgammon turn can be pasted into gnubg
//! or XG.
//!
//! Position ID: 80 bits, for each player (first the opponent of the player on roll, then the
//! player on roll) and each of their points 1..=24 then the bar, as many 1-bits as checkers
//! followed by a 0-bit; little-endian bytes, base64 without padding (14 characters).
//! Match ID: 66 bits (cube, owner, dice owner, Crawford, state, turn, dice, length, scores),
//! plus bit 66, which gnubg sets in match play with the Crawford rule; base64 (12 characters).

use crate::rules::{BAR, Position, Side};

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        let chars = chunk.len() + 1;
        for k in 0..chars {
            out.push(B64[((n >> (18 - 6 * k)) & 63) as usize] as char);
        }
    }
    out
}

struct Bits {
    bytes: Vec<u8>,
    pos: usize,
}

impl Bits {
    fn new(n: usize) -> Self {
        Bits {
            bytes: vec![0; n],
            pos: 0,
        }
    }
    fn push(&mut self, value: u64, width: usize) {
        for k in 0..width {
            if (value >> k) & 1 == 1 && self.pos / 8 < self.bytes.len() {
                self.bytes[self.pos / 8] |= 1 << (self.pos % 8);
            }
            self.pos += 1;
        }
    }
}

/// The gnubg Position ID of `pos` with `on_roll` to move (backgammon numbering).
pub fn position_id(pos: &Position, on_roll: Side) -> String {
    let mut bits = Bits::new(10);
    for side in [on_roll.other(), on_roll] {
        for p in (1..=24u8).chain(std::iter::once(BAR)) {
            let n = pos.count(side, p) as usize;
            for _ in 0..n {
                bits.push(1, 1);
            }
            bits.push(0, 1);
        }
    }
    base64(&bits.bytes)
}

/// Everything a Match ID encodes.
#[derive(Copy, Clone, Debug)]
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
    /// The Crawford rule is in use (match play with Crawford on): gnubg sets bit 66.
    pub crawford_rule: bool,
}

/// The gnubg Match ID of a state (player 0 = White, the left column).
pub fn match_id(m: &MatchState) -> String {
    let mut bits = Bits::new(9);
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
    base64(&bits.bytes)
}

/// Decode a gnubg Position ID into a position with `on_roll` to move; `None` if malformed.
pub fn position_from_id(id: &str, on_roll: Side) -> Option<Position> {
    if id.len() != 14 {
        return None;
    }
    let mut bytes = Vec::with_capacity(10);
    let vals: Option<Vec<u32>> = id
        .bytes()
        .map(|c| B64.iter().position(|&b| b == c).map(|v| v as u32))
        .collect();
    let vals = vals?;
    for chunk in vals.chunks(4) {
        let mut n = 0u32;
        for (k, v) in chunk.iter().enumerate() {
            n |= v << (18 - 6 * k);
        }
        for k in 0..chunk.len() - 1 {
            bytes.push((n >> (16 - 8 * k)) as u8);
        }
    }
    let mut pos = Position::empty();
    let mut bit = 0usize;
    let get = |bit: usize| bytes.get(bit / 8).map(|b| (b >> (bit % 8)) & 1 == 1);
    let mut total = [0u32; 2];
    for (si, side) in [on_roll.other(), on_roll].into_iter().enumerate() {
        for p in (1..=24u8).chain(std::iter::once(BAR)) {
            let mut n = 0u8;
            while get(bit)? {
                n += 1;
                bit += 1;
                if n > 15 {
                    return None;
                }
            }
            bit += 1;
            pos.set(side, p, n);
            total[si] += n as u32;
        }
    }
    for (si, side) in [on_roll.other(), on_roll].into_iter().enumerate() {
        let off = 15u32.checked_sub(total[si])?;
        pos.set(side, 0, off as u8);
    }
    Some(pos)
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
            Some(b.start())
        );
    }
}
