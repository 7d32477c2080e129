//! Backgammon (`backgammon.md`), with the `short-nardy` and `nackgammon` presets: blots are
//! hit, checkers on the bar must enter first, two checkers close a point.

use super::board::Geometry;
use super::options::BackgammonOptions;
use super::{BAR, Position, Rules, Side, Variant};

/// My point `p` as the opponent's point (`25 - p`).
pub fn opposite(p: u8) -> u8 {
    25 - p
}

/// The backgammon rules under one set of options.
#[derive(Copy, Clone, Debug)]
pub struct Backgammon {
    /// The options in force.
    pub options: BackgammonOptions,
}

impl Rules for Backgammon {
    fn variant(&self) -> Variant {
        Variant::Backgammon
    }
    fn geometry(&self) -> Geometry {
        Geometry {
            blocker: 2,
            hits: true,
            opposite,
        }
    }
    fn start(&self) -> Position {
        let mut p = Position::empty();
        let layout: &[(u8, u8)] = if self.options.nackgammon {
            &[(24, 2), (23, 2), (13, 4), (8, 3), (6, 4)]
        } else {
            &[(24, 2), (13, 5), (8, 3), (6, 5)]
        };
        for side in [Side::White, Side::Black] {
            for &(pt, n) in layout {
                p.set(side, pt, n);
            }
        }
        p
    }
}

impl Backgammon {
    /// The level of the game `winner` has won in `pos`: 1 single, 2 gammon, 3 backgammon.
    pub fn level(&self, pos: &Position, winner: Side) -> u32 {
        let loser = winner.other();
        if pos.off(loser) > 0 {
            return 1;
        }
        // Loser's checkers on the bar or in the winner's home board (loser's points 19..24).
        let back = pos.count(loser, BAR) > 0 || (19..=24).any(|p| pos.count(loser, p) > 0);
        if back { 3 } else { 2 }
    }
}
