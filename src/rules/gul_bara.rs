//! Gul bara (`gul-bara.md`): single-checker blocking, own numbering per side, no hitting,
//! the doublet chain with its exempt window, and remainders passed to the opponent.

use super::movement::{Holding, Movement};
use super::options::{ExemptScope, GulBaraOptions};
use super::turn::{ChainRules, NoChain, TurnPlan, chain_next};
use super::{Position, Roll, Rules, Side, Variant};

pub use super::turn::ChainNext;

/// Black's own point `p` as White's point, and vice versa (`((p + 11) mod 24) + 1`).
pub fn opposite(p: u8) -> u8 {
    Holding::opposite(p)
}

/// The Gul bara rules under one set of options.
#[derive(Copy, Clone, Debug)]
pub struct GulBara {
    /// The options in force.
    pub options: GulBaraOptions,
}

impl Rules for GulBara {
    type Moves = Holding;

    const VARIANT: Variant = Variant::GulBara;
    fn turn_plan(&self, roll: Roll, player_roll: u32, game_roll: u32) -> TurnPlan {
        if !roll.is_double() {
            return TurnPlan::single(roll, NoChain::NotADoublet);
        }
        if !self.chains(player_roll, game_roll) {
            let scope = self.options.chain_exempt_scope;
            return TurnPlan::single(
                roll,
                NoChain::Exempt {
                    roll: match scope {
                        ExemptScope::PerPlayer => player_roll,
                        ExemptScope::Game => game_roll,
                    },
                    scope,
                    window: self.options.chain_exempt_rolls,
                },
            );
        }
        TurnPlan::chain(roll, self.chain_rules())
    }
}

impl GulBara {
    fn chain_rules(&self) -> ChainRules {
        ChainRules {
            remainder: self.options.remainder,
            unstarted: self.options.unstarted_chain,
        }
    }

    /// Whether a doublet chains, given the mover's roll number in this game (1-based) and the
    /// game's roll number (1-based), both counting the roll itself.
    pub fn chains(&self, player_roll: u32, game_roll: u32) -> bool {
        let n = match self.options.chain_exempt_scope {
            ExemptScope::PerPlayer => player_roll,
            ExemptScope::Game => game_roll,
        };
        n > self.options.chain_exempt_rolls as u32
    }

    /// What follows a chain stage of `value` in which `played` of four steps were played.
    /// `first` is true for the rolled doublet itself; `finished` when the mover has just
    /// borne off the last checker.
    pub fn after_stage(&self, value: u8, played: u8, first: bool, finished: bool) -> ChainNext {
        chain_next(self.chain_rules(), value, played, first, finished)
    }

    /// Points for `winner` when the game ends in `pos`: 2 (mars) if the loser has borne off
    /// nothing, else 1.
    pub fn points(&self, pos: &Position, winner: Side) -> u32 {
        self.level(pos, winner).points()
    }
}
