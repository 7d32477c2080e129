//! Fevga and Moultezim (`fevga.md`): Gul bara's board without chains, the runner rule, the
//! forbidden start quarter and the prime rule, applied inside legal-play generation through
//! the [`Running`] policy.

use super::options::{
    NextGameStarter, Opening, OptionError, choose, norm, option_keys, option_values,
};
use super::running::{BlockCheck, PrimeRule, RaceState, Running};
use super::{Position, Rules, Side, StageDice, Variant};

/// The first checker (runner) rule (`runner`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Runner {
    /// Until a checker stands on own 11 or lower, only one may leave own 24.
    PastStart,
    /// The same with own 12 (the opponent's starting quarter reached).
    StartQuarter,
    /// No runner rule.
    None,
}

/// Whether holding all six points of the own starting quarter is forbidden (`start_quarter`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartQuarter {
    /// Never hold own 24..19 all at once.
    Forbidden,
    /// No such rule.
    Allowed,
}

/// The Fevga options (`fevga.md` §7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FevgaOptions {
    /// The preset these options started from.
    pub preset: &'static str,
    /// `opening`.
    pub opening: Opening,
    /// `next_game_starter`.
    pub next_game_starter: NextGameStarter,
    /// `runner`.
    pub runner: Runner,
    /// `start_quarter`.
    pub start_quarter: StartQuarter,
    /// `prime_rule` (`ahead` or `none`).
    pub prime_rule: PrimeRule,
    /// `block_check`.
    pub block_check: BlockCheck,
}

/// Fevga preset names.
pub const FEVGA_PRESETS: &[&str] = &["greek", "moultezim"];
option_keys! {
    /// Fevga option keys.
    FEVGA_KEYS for FevgaOptions {
        opening,
        next_game_starter,
        runner,
        start_quarter,
        prime_rule = |v| choose!(v, "ahead" => PrimeRule::Ahead, "none" => PrimeRule::None),
        block_check,
    }
}

option_values!(
    Runner,
    "past-start" => Runner::PastStart,
    "start-quarter" => Runner::StartQuarter,
    "none" => Runner::None,
);
option_values!(
    StartQuarter,
    "forbidden" => StartQuarter::Forbidden,
    "allowed" => StartQuarter::Allowed,
);

impl FevgaOptions {
    /// A named preset.
    ///
    /// # Errors
    /// [`OptionError::UnknownPreset`].
    pub fn preset(name: &str) -> Result<Self, OptionError> {
        let greek = FevgaOptions {
            preset: "greek",
            opening: Opening::StarterRerolls,
            next_game_starter: NextGameStarter::PreviousWinner,
            runner: Runner::PastStart,
            start_quarter: StartQuarter::Forbidden,
            prime_rule: PrimeRule::Ahead,
            block_check: BlockCheck::Step,
        };
        match norm(name).as_str() {
            "greek" | "default" => Ok(greek),
            "moultezim" => Ok(FevgaOptions {
                preset: "moultezim",
                next_game_starter: NextGameStarter::OpeningRoll,
                prime_rule: PrimeRule::None,
                ..greek
            }),
            _ => Err(OptionError::UnknownPreset {
                known: FEVGA_PRESETS,
            }),
        }
    }
}

/// The Fevga rules under one set of options.
#[derive(Copy, Clone, Debug)]
pub struct Fevga {
    /// The options in force.
    pub options: FevgaOptions,
}

impl Rules for Fevga {
    type Moves = Running;

    const VARIANT: Variant = Variant::Fevga;
    fn play_state(&self, _pos: &Position, _side: Side, _dice: StageDice) -> RaceState {
        RaceState {
            head_limit: 0,
            head_used: 0,
            runner: match self.options.runner {
                Runner::PastStart => 11,
                Runner::StartQuarter => 12,
                Runner::None => 0,
            },
            quarter: self.options.start_quarter == StartQuarter::Forbidden,
            prime: self.options.prime_rule,
            check: self.options.block_check,
        }
    }
}
