//! Longgammon (`hypergammon.md`): backgammon with all 15 checkers of each side starting on
//! its own 24-point (the bkgm crate's `LONGGAMMON`, XG's variation 3); everything else is
//! backgammon's.

use super::backgammon::Backgammon;
use super::dispatch::{CubeRules, Level};
use super::hypergammon::as_backgammon;
use super::movement::Hitting;
use super::options::BackgammonOptions;
use super::{Position, Rules, Side, Variant};

/// Longgammon under backgammon's options.
#[derive(Copy, Clone, Debug)]
pub struct Longgammon {
    /// The options in force (backgammon's: cube, Crawford, Jacoby, beaver, opening).
    pub options: BackgammonOptions,
}

impl Rules for Longgammon {
    type Moves = Hitting;

    const VARIANT: Variant = Variant::Longgammon;
    as_backgammon!();
}
