//! Longgammon (`hypergammon.md`): backgammon with all 15 checkers of each side starting on
//! its own 24-point (the bkgm crate's `LONGGAMMON`, XG's variation 3); everything else is
//! backgammon's.

use super::backgammon::Backgammon;
use super::dispatch::{CubeRules, Level};
use super::movement::Hitting;
use super::options::{BackgammonOptions, NextGameStarter, Opening};
use super::turn::TurnPlan;
use super::{Position, Roll, Rules, Side, Variant};

/// Longgammon under backgammon's options.
#[derive(Copy, Clone, Debug)]
pub struct Longgammon {
    /// The options in force (backgammon's: cube, Crawford, Jacoby, beaver, opening).
    pub options: BackgammonOptions,
}

impl Longgammon {
    /// Backgammon under the same options, which answers every question but the start.
    fn backgammon(&self) -> Backgammon {
        Backgammon {
            options: self.options,
        }
    }
}

impl Rules for Longgammon {
    type Moves = Hitting;

    const VARIANT: Variant = Variant::Longgammon;
    fn start(&self) -> Position {
        Position::all_on_own_24()
    }
    fn cube(&self) -> CubeRules {
        self.backgammon().cube()
    }
    fn opening(&self) -> Opening {
        self.options.opening
    }
    fn next_game_starter(&self) -> NextGameStarter {
        self.options.next_game_starter
    }
    fn turn_plan(&self, roll: Roll, player_roll: u32, game_roll: u32) -> TurnPlan {
        self.backgammon().turn_plan(roll, player_roll, game_roll)
    }
    fn level(&self, pos: &Position, winner: Side) -> Level {
        self.backgammon().level(pos, winner)
    }
    fn resignation_levels(&self, pos: &Position, resigner: Side) -> &'static [Level] {
        self.backgammon().resignation_levels(pos, resigner)
    }
}
