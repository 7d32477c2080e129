//! The plan of a turn: the stages a roll is played in.
//!
//! A roll is one stage in most games. In Gul bara a doublet outside the exempt window starts a
//! chain: after a full stage of `n`s comes a stage of `n + 1`s, up to the 6s; a stage that is
//! not played in full ends the chain, and its rest and the higher stages may pass to the
//! opponent as a remainder (`gul-bara.md` §3–§5). Replay and the match generator both follow
//! the plan, so a turn is structured in one place.

use super::options::{ExemptScope, Remainder, UnstartedChain};
use super::{Roll, StageDice};

/// What follows a stage of a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainNext {
    /// The next stage: four steps of this value.
    Stage(u8),
    /// The turn is over; these stages pass to the opponent (empty: nothing passes).
    End(Vec<StageDice>),
}

/// Why a roll does not start a chain.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoChain {
    /// The game has no chains.
    NotInGame,
    /// Only a doublet starts a chain.
    NotADoublet,
    /// A doublet inside the exempt window is one stage.
    Exempt {
        /// The roll's number as the window counts it (the mover's or the game's, 1-based).
        roll: u32,
        /// Whose rolls the window counts.
        scope: ExemptScope,
        /// The window's length in rolls.
        window: u8,
    },
}

/// How a chain that started goes on (the options of `gul-bara.md` §7 that decide it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChainRules {
    pub(crate) remainder: Remainder,
    pub(crate) unstarted: UnstartedChain,
}

/// The stages of one turn with a given roll.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TurnPlan {
    roll: Roll,
    chain: Result<ChainRules, NoChain>,
}

impl TurnPlan {
    /// A roll played as one stage, for the reason given.
    pub(crate) fn single(roll: Roll, why: NoChain) -> Self {
        TurnPlan {
            roll,
            chain: Err(why),
        }
    }
    /// A doublet that starts a chain.
    pub(crate) fn chain(roll: Roll, rules: ChainRules) -> Self {
        TurnPlan {
            roll,
            chain: Ok(rules),
        }
    }
    /// The dice of the first stage: the roll itself.
    pub fn first(&self) -> StageDice {
        self.roll.stage()
    }
    /// Does this roll start a chain?
    pub fn chains(&self) -> bool {
        self.chain.is_ok()
    }
    /// Why the roll does not start a chain (`None` when it does).
    pub fn no_chain(&self) -> Option<NoChain> {
        self.chain.err()
    }
    /// What follows a stage of `dice` in which `played` steps were played. `first` is true for
    /// the roll's own stage; `finished` when the mover has just borne off the last checker.
    pub fn after_stage(
        &self,
        dice: StageDice,
        played: u8,
        first: bool,
        finished: bool,
    ) -> ChainNext {
        match (self.chain, dice) {
            (Ok(rules), StageDice::Double { value, .. }) => {
                chain_next(rules, value, played, first, finished)
            }
            _ => ChainNext::End(Vec::new()),
        }
    }
}

/// What follows a chain stage of `value` in which `played` of four steps were played.
pub(crate) fn chain_next(
    rules: ChainRules,
    value: u8,
    played: u8,
    first: bool,
    finished: bool,
) -> ChainNext {
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
    if rules.remainder == Remainder::Lost
        || (first && played == 0 && rules.unstarted == UnstartedChain::Lost)
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
