//! Tapa / Plakoto (`tapa.md`): the pinning game. A lone opposing checker is pinned rather
//! than hit, a pinned checker cannot move, a side with a pinned checker bears nothing off,
//! and pinning the opponent's last checker on its start (the mother) ends the game: a win
//! worth 2 when the pinner's own start is empty, a draw when both mothers are pinned.
//!
//! The movement is [`Pinning`]; this module holds the game around it: the options and presets
//! (`bulgarian`, `plakoto`), the start, the value of a game and how it ended.

use std::fmt;

use super::dispatch::Level;
use super::movement::{Movement, Pinning};
use super::options::{NextGameStarter, Opening, OptionError, at_most, option_keys, option_values};
use super::{Position, Rules, Side, Variant};

/// The presets of Tapa (`tapa.md` §8).
pub const TAPA_PRESETS: &[&str] = &["bulgarian", "plakoto", "plakoto-no-mother"];
option_keys! {
    /// The option keys of Tapa (`tapa.md` §5–§7).
    TAPA_KEYS for TapaOptions {
        opening,
        next_game_starter,
        mother_check,
        draw_points = at_most!(u8, 2),
        stuck_rolls = at_most!(u32, 100000),
    }
}

option_values!(
    MotherCheck,
    "step" => MotherCheck::Step,
    "turn" => MotherCheck::Turn,
    "off" => MotherCheck::Off,
);

/// The options of Tapa / Plakoto (`tapa.md` §8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TapaOptions {
    /// The preset these options started from.
    pub preset: &'static str,
    /// How the first turn of a game is decided.
    pub opening: Opening,
    /// Who starts games after the first.
    pub next_game_starter: NextGameStarter,
    /// When the mother rule is looked at.
    pub mother_check: MotherCheck,
    /// Points each player scores for a draw (both mothers pinned).
    pub draw_points: u8,
    /// Rolls in a row that move nothing before the game ends as a 0 : 0 draw (0: no such rule).
    pub stuck_rolls: u32,
}

impl TapaOptions {
    /// A named preset (`bulgarian`, the default, or `plakoto`).
    ///
    /// # Errors
    /// Unknown preset.
    pub fn preset(name: &str) -> Result<Self, OptionError> {
        let bulgarian = TapaOptions {
            preset: "bulgarian",
            opening: Opening::StarterPlaysOpeningDice,
            next_game_starter: NextGameStarter::OpeningRoll,
            mother_check: MotherCheck::Step,
            draw_points: 1,
            stuck_rolls: 100,
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "bulgarian" | "default" | "tapa" => Ok(bulgarian),
            "plakoto" | "greek" => Ok(TapaOptions {
                preset: "plakoto",
                opening: Opening::StarterRerolls,
                next_game_starter: NextGameStarter::PreviousWinner,
                mother_check: MotherCheck::Step,
                draw_points: 0,
                stuck_rolls: 0,
            }),
            // Plakoto as servers without the mother rule play it (GammonX, the ichmags
            // engine): the game ends only by bearing off.
            "plakoto-no-mother" | "plakoto_no_mother" | "plakoto-without-mother" => {
                Ok(TapaOptions {
                    preset: "plakoto-no-mother",
                    mother_check: MotherCheck::Off,
                    ..TapaOptions::preset("plakoto")?
                })
            }
            _ => Err(OptionError::UnknownPreset {
                known: TAPA_PRESETS,
            }),
        }
    }
}

/// When the mother rule is looked at (`tapa.md` §5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MotherCheck {
    /// After every step: a step may end the game in the middle of a roll (every source).
    Step,
    /// Once, after the whole play of the roll (house rules): a pin made and undone within one
    /// roll does not count, and the roll's forced play ignores the mother.
    Turn,
    /// Never (servers that play Plakoto without the mother): no mother win and no mother
    /// draw; a pinned start checker is an ordinary pinned checker, and the game ends only by
    /// bearing off (or the stuck rule).
    Off,
}

/// How a Tapa game stands after a step (`tapa.md` §5, §7).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Running,
    /// The side has borne off all 15 checkers.
    BoreOff(Side),
    /// The side has pinned the opponent's mother with its own start empty: 2 points.
    Mother(Side),
    /// Both mothers are pinned: a draw.
    Draw,
}

/// How the game stands in `pos` (after a step of either side).
pub fn outcome(pos: &Position) -> Outcome {
    outcome_under(pos, MotherCheck::Step)
}

/// [`outcome`] under a `mother_check` option: with [`MotherCheck::Off`] only a bear-off ends
/// the game.
pub fn outcome_under(pos: &Position, check: MotherCheck) -> Outcome {
    if check == MotherCheck::Off {
        return bore_off(pos);
    }
    let mother = |s: Side| pos.pinned(s, 24);
    match (mother(Side::White), mother(Side::Black)) {
        (true, true) => return Outcome::Draw,
        (false, true) if pos.count(Side::White, 24) == 0 => return Outcome::Mother(Side::White),
        (true, false) if pos.count(Side::Black, 24) == 0 => return Outcome::Mother(Side::Black),
        _ => {}
    }
    bore_off(pos)
}

/// Whether a side has borne off all 15 checkers.
fn bore_off(pos: &Position) -> Outcome {
    for s in [Side::White, Side::Black] {
        if pos.off(s) == 15 {
            return Outcome::BoreOff(s);
        }
    }
    Outcome::Running
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Running => f.write_str("the game goes on"),
            Outcome::BoreOff(s) => write!(f, "{} bore off all 15 checkers", s.name()),
            Outcome::Mother(s) => write!(f, "{} pinned the mother", s.name()),
            Outcome::Draw => f.write_str("both mothers are pinned: a draw"),
        }
    }
}

/// The Tapa / Plakoto rules under one set of options.
#[derive(Copy, Clone, Debug)]
pub struct Tapa {
    /// The options in force.
    pub options: TapaOptions,
}

impl Default for Tapa {
    fn default() -> Self {
        Tapa {
            options: TapaOptions::preset("bulgarian").expect("the bulgarian preset"),
        }
    }
}

impl Rules for Tapa {
    type Moves = Pinning;

    const VARIANT: Variant = Variant::Tapa;
    /// A mother win or a mars (2: the loser bore off nothing); else a single game.
    fn level(&self, pos: &Position, winner: Side) -> Level {
        if outcome_under(pos, self.options.mother_check) == Outcome::Mother(winner) {
            Level::Mars
        } else {
            Level::single_or_mars(pos, winner)
        }
    }
}

/// My point `p` as the opponent's point (`25 - p`).
pub fn opposite(p: u8) -> u8 {
    <Pinning as Movement>::opposite(p)
}
