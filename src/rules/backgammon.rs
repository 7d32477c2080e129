//! Backgammon (`backgammon.md`), with the `short-nardy` and `nackgammon` presets: blots are
//! hit, checkers on the bar must enter first, two checkers close a point.

use super::dispatch::{CubeRules, Level, NoCube};
use super::movement::{Hitting, Movement};
use super::options::BackgammonOptions;
use super::{BAR, Position, Rules, Side, Variant};

/// My point `p` as the opponent's point (`25 - p`).
pub fn opposite(p: u8) -> u8 {
    Hitting::opposite(p)
}

/// The backgammon rules under one set of options.
#[derive(Copy, Clone, Debug)]
pub struct Backgammon {
    /// The options in force.
    pub options: BackgammonOptions,
}

impl Default for Backgammon {
    fn default() -> Self {
        Backgammon {
            options: BackgammonOptions::preset("backgammon").expect("the backgammon preset"),
        }
    }
}

impl Rules for Backgammon {
    type Moves = Hitting;

    const VARIANT: Variant = Variant::Backgammon;
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
    fn cube(&self) -> CubeRules {
        let o = &self.options;
        CubeRules {
            available: if o.cube {
                Ok(())
            } else if matches!(o.preset, "short-nardy" | "obiknovena" | "portes" | "tavla") {
                Err(NoCube::NotInPreset(o.preset))
            } else {
                Err(NoCube::Disabled)
            },
            crawford: o.crawford,
            jacoby: o.jacoby,
            beaver: o.beaver,
        }
    }
    fn level(&self, pos: &Position, winner: Side) -> Level {
        let loser = winner.other();
        if pos.off(loser) > 0 {
            return Level::Single;
        }
        // Loser's checkers on the bar or in the winner's home board (loser's points 19..24).
        let back = pos.count(loser, BAR) > 0 || (19..=24).any(|p| pos.count(loser, p) > 0);
        if back && self.options.triple {
            Level::Backgammon
        } else {
            Level::Gammon
        }
    }
    fn resignation_levels(&self, _pos: &Position, _resigner: Side) -> &'static [Level] {
        if self.options.triple {
            &[Level::Single, Level::Gammon, Level::Backgammon]
        } else {
            &[Level::Single, Level::Gammon]
        }
    }
}

impl Backgammon {
    /// The level of the game `winner` has won in `pos`: 1 single, 2 gammon, 3 backgammon.
    pub fn level_points(&self, pos: &Position, winner: Side) -> u32 {
        Rules::level(self, pos, winner).points()
    }
}
