//! Long nardy (`long-nardy.md`): Gul bara's board without chains, the head rule with its
//! first-roll doublet exception, and the block (prime) rule, applied inside legal-play
//! generation through the [`Running`] policy.

use super::dispatch::Level;
use super::options::{NextGameStarter, Opening, OptionError, norm, option_keys, option_values};
use super::running::{BlockCheck, PrimeRule, RaceState, Running};
use super::{Position, Rules, Side, StageDice, Variant, search};

/// Which first-roll doublets let two checkers leave the head (`head_doubles`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum HeadDoubles {
    /// 6-6, 4-4 and 3-3.
    #[serde(rename = "643")]
    SixFourThree,
    /// 6-6 and 4-4 (Azerbaijani Şeş-beş).
    #[serde(rename = "64")]
    SixFour,
    /// No exception.
    #[serde(rename = "none")]
    None,
}

impl HeadDoubles {
    /// Does the exception cover the doublet of `value`?
    pub fn covers(self, value: u8) -> bool {
        match self {
            HeadDoubles::SixFourThree => matches!(value, 6 | 4 | 3),
            HeadDoubles::SixFour => matches!(value, 6 | 4),
            HeadDoubles::None => false,
        }
    }
}

/// When the second head checker of the exception is hindered (`head_exception_blocked`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeadExceptionBlocked {
    /// The exception applies only if the roll can then be played to its standard extent.
    One,
    /// The exception always applies.
    Two,
}

/// The Long nardy options (`long-nardy.md` §7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LongNardyOptions {
    /// The preset these options started from.
    pub preset: &'static str,
    /// `opening`.
    pub opening: Opening,
    /// `next_game_starter`.
    pub next_game_starter: NextGameStarter,
    /// `head_doubles`.
    pub head_doubles: HeadDoubles,
    /// `head_exception_blocked`.
    pub head_exception_blocked: HeadExceptionBlocked,
    /// `prime_rule`.
    pub prime_rule: PrimeRule,
    /// `block_check`.
    pub block_check: BlockCheck,
    /// `koks`: 3 points when the loser bore off nothing and has no checker in its home board.
    pub koks: bool,
    /// Not an option: set for the mover's first roll of a game ([`super::RuleSet::for_roll`]),
    /// where the head exception applies.
    #[serde(skip)]
    pub first_roll: bool,
}

/// Long nardy preset names.
pub const LONG_NARDY_PRESETS: &[&str] = &["federation", "club", "home-prime"];
option_keys! {
    /// Long nardy option keys.
    LONG_NARDY_KEYS for LongNardyOptions {
        opening,
        next_game_starter,
        head_doubles,
        head_exception_blocked,
        prime_rule,
        block_check,
        koks,
    }
}

option_values!(
    HeadDoubles,
    "643" => HeadDoubles::SixFourThree,
    "64" => HeadDoubles::SixFour,
    "none" => HeadDoubles::None,
);
option_values!(
    HeadExceptionBlocked,
    "one" => HeadExceptionBlocked::One,
    "two" => HeadExceptionBlocked::Two,
);

impl LongNardyOptions {
    /// A named preset.
    ///
    /// # Errors
    /// [`OptionError::UnknownPreset`].
    pub fn preset(name: &str) -> Result<Self, OptionError> {
        let federation = LongNardyOptions {
            preset: "federation",
            opening: Opening::StarterRerolls,
            next_game_starter: NextGameStarter::OpeningRoll,
            head_doubles: HeadDoubles::SixFourThree,
            head_exception_blocked: HeadExceptionBlocked::One,
            prime_rule: PrimeRule::Ahead,
            block_check: BlockCheck::Step,
            koks: false,
            first_roll: false,
        };
        match norm(name).as_str() {
            "federation" | "default" => Ok(federation),
            "club" => Ok(LongNardyOptions {
                preset: "club",
                next_game_starter: NextGameStarter::PreviousWinner,
                ..federation
            }),
            "home-prime" => Ok(LongNardyOptions {
                preset: "home-prime",
                next_game_starter: NextGameStarter::PreviousWinner,
                head_exception_blocked: HeadExceptionBlocked::Two,
                prime_rule: PrimeRule::OpponentHome,
                block_check: BlockCheck::Play,
                koks: true,
                ..federation
            }),
            _ => Err(OptionError::UnknownPreset {
                known: LONG_NARDY_PRESETS,
            }),
        }
    }
}

/// The Long nardy rules under one set of options.
#[derive(Copy, Clone, Debug)]
pub struct LongNardy {
    /// The options in force (with the turn's `first_roll`).
    pub options: LongNardyOptions,
}

impl LongNardy {
    /// The rules of the mover's first roll of a game (`first` true) or of a later one.
    pub fn on_first_roll(mut self, first: bool) -> Self {
        self.options.first_roll = first;
        self
    }

    fn base_state(&self, head_limit: u8) -> RaceState {
        RaceState {
            head_limit,
            head_used: 0,
            runner: 0,
            quarter: false,
            prime: self.options.prime_rule,
            check: self.options.block_check,
        }
    }
}

/// Steps a first-roll doublet of the head exception plays from the start: 6-6 two
/// (`24/18(2)`, the opponent's head stops the rest), 4-4 and 3-3 four (`long-nardy.md` §3).
fn standard_extent(value: u8) -> u8 {
    if value == 6 { 2 } else { 4 }
}

impl Rules for LongNardy {
    type Moves = Running;

    const VARIANT: Variant = Variant::LongNardy;
    fn level(&self, pos: &Position, winner: Side) -> Level {
        let loser = winner.other();
        if pos.off(loser) > 0 {
            Level::Single
        } else if self.options.koks && (1..=6).all(|p| pos.count(loser, p) == 0) {
            Level::Koks
        } else {
            Level::Mars
        }
    }
    fn resignation_levels(&self, pos: &Position, resigner: Side) -> &'static [Level] {
        if pos.off(resigner) > 0 {
            &[Level::Single]
        } else if self.options.koks {
            &[Level::Single, Level::Mars, Level::Koks]
        } else {
            &[Level::Single, Level::Mars]
        }
    }
    fn play_state(&self, pos: &Position, side: Side, dice: StageDice) -> RaceState {
        let one = self.base_state(1);
        let StageDice::Double { value, count: 4 } = dice else {
            return one;
        };
        // A player's first roll is exactly the roll with all 15 on the head: every first roll
        // moves a checker off it (nothing can block both dice of a first roll), and checkers
        // never return. So a position alone (`tavla legal`, `check`) is judged right too.
        let first = self.options.first_roll || pos.count(side, 24) == 15;
        if !first || !self.options.head_doubles.covers(value) {
            return one;
        }
        let two = self.base_state(2);
        if self.options.head_exception_blocked == HeadExceptionBlocked::One {
            let set = search::legal_plays_from::<Running>(pos, side, dice, two);
            if set.max_steps() < standard_extent(value) {
                return one;
            }
        }
        two
    }
}
