//! Gul bara (`gul-bara.md`): single-checker blocking, own numbering per side, no hitting,
//! the doublet chain with its exempt window, and remainders passed to the opponent.

use super::board::Geometry;
use super::options::{ExemptScope, GulBaraOptions, Remainder, UnstartedChain};
use super::{Position, Rules, Side, StageDice, Variant};

/// Black's own point `p` as White's point, and vice versa (`((p + 11) mod 24) + 1`).
pub fn opposite(p: u8) -> u8 {
    ((p + 11) % 24) + 1
}

/// The Gul bara rules under one set of options.
#[derive(Copy, Clone, Debug)]
pub struct GulBara {
    /// The options in force.
    pub options: GulBaraOptions,
}

/// What follows a stage of a chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainNext {
    /// The next stage: four steps of this value.
    Stage(u8),
    /// The chain is over; these stages pass to the opponent (empty: nothing passes).
    End(Vec<StageDice>),
}

impl Rules for GulBara {
    fn variant(&self) -> Variant {
        Variant::GulBara
    }
    fn geometry(&self) -> Geometry {
        Geometry {
            blocker: 1,
            hits: false,
            opposite,
        }
    }
    fn start(&self) -> Position {
        let mut p = Position::empty();
        p.set(Side::White, 24, 15);
        p.set(Side::Black, 24, 15);
        p
    }
}

impl GulBara {
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
        if finished {
            return ChainNext::End(Vec::new());
        }
        if played >= 4 {
            return if value >= 6 {
                ChainNext::End(Vec::new())
            } else {
                ChainNext::Stage(value + 1)
            };
        }
        if self.options.remainder == Remainder::Lost
            || (first && played == 0 && self.options.unstarted_chain == UnstartedChain::Lost)
        {
            return ChainNext::End(Vec::new());
        }
        let mut rest = vec![StageDice::Double {
            value,
            count: 4 - played,
        }];
        rest.extend((value + 1..=6).map(|v| StageDice::Double { value: v, count: 4 }));
        ChainNext::End(rest)
    }

    /// Points for `winner` when the game ends in `pos`: 2 (mars) if the loser has borne off
    /// nothing, else 1.
    pub fn points(&self, pos: &Position, winner: Side) -> u32 {
        if pos.off(winner.other()) == 0 { 2 } else { 1 }
    }

    /// The resignation levels `resigner` may offer in `pos`.
    pub fn resignation_levels(&self, pos: &Position, resigner: Side) -> &'static [u32] {
        if pos.off(resigner) == 0 {
            &[1, 2]
        } else {
            &[1]
        }
    }
}
