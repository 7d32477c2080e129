//! Rule options and presets (`gul-bara.md` §7, `backgammon.md` Presets).

use std::fmt;

/// How a game's first turn is decided.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Opening {
    /// Each rolls one die; the higher plays both opening dice (never a doublet).
    StarterPlaysOpeningDice,
    /// The starter rolls both dice again (the first turn may be a doublet).
    StarterRerolls,
}

/// Who starts games after the first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NextGameStarter {
    /// Every game starts with an opening roll.
    OpeningRoll,
    /// The previous game's winner starts and rolls both dice.
    PreviousWinner,
}

/// Whose rolls the exempt window counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExemptScope {
    /// Each player's own first rolls.
    PerPlayer,
    /// The first rolls of the game in total.
    Game,
}

/// What happens to an unplayable rest of a broken chain.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Remainder {
    /// It passes to the opponent.
    Pass,
    /// It is lost.
    Lost,
}

/// What happens when not even one step of the rolled doublet can be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnstartedChain {
    /// Nothing passes.
    Lost,
    /// The whole chain passes.
    Pass,
}

/// The Gul bara options (`gul-bara.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GulBaraOptions {
    /// The preset these options started from.
    pub preset: &'static str,
    /// `opening`.
    pub opening: Opening,
    /// `next_game_starter`.
    pub next_game_starter: NextGameStarter,
    /// `chain_exempt_rolls` (0..=6).
    pub chain_exempt_rolls: u8,
    /// `chain_exempt_scope`.
    pub chain_exempt_scope: ExemptScope,
    /// `remainder`.
    pub remainder: Remainder,
    /// `unstarted_chain`.
    pub unstarted_chain: UnstartedChain,
}

/// The backgammon options (`backgammon.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BackgammonOptions {
    /// The preset these options started from.
    pub preset: &'static str,
    /// Whether the doubling cube is in use.
    pub cube: bool,
    /// Crawford rule in matches.
    pub crawford: bool,
    /// Jacoby rule in money sessions.
    pub jacoby: bool,
    /// Beavers (and raccoons) allowed in money sessions.
    pub beaver: bool,
    /// `opening`.
    pub opening: Opening,
    /// Nackgammon starting position.
    pub nackgammon: bool,
    /// Whether a backgammon (triple game) exists; without it a gammon (mars) is the most, 2.
    pub triple: bool,
    /// Who starts games after the first.
    pub next_game_starter: NextGameStarter,
}

/// The two options every variant has: how a game's first turn is decided and who starts
/// the games after the first.
pub trait StartOptions {
    /// `opening`.
    fn opening(&self) -> Opening;
    /// `next_game_starter`.
    fn next_game_starter(&self) -> NextGameStarter;
}

/// [`StartOptions`] of options that hold both under their own names.
macro_rules! start_options {
    ($($options:ty),+) => {$(
        impl StartOptions for $options {
            fn opening(&self) -> Opening {
                self.opening
            }
            fn next_game_starter(&self) -> NextGameStarter {
                self.next_game_starter
            }
        }
    )+};
}

start_options!(
    GulBaraOptions,
    BackgammonOptions,
    super::long_nardy::LongNardyOptions,
    super::fevga::FevgaOptions,
    super::tapa::TapaOptions
);

/// A rule option or preset that could not be applied.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// The preset name is unknown for the variant.
    UnknownPreset {
        /// The names that exist.
        known: &'static [&'static str],
    },
    /// The option key is unknown for the variant.
    UnknownKey {
        /// The keys that exist.
        known: &'static [&'static str],
    },
    /// The value is not allowed for this key.
    BadValue {
        /// The values that are allowed.
        allowed: &'static str,
    },
    /// Not written as `key=value`.
    NotKeyValue,
}

/// The rules of one match: variant plus options.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "variant", rename_all = "kebab-case")]
pub enum RuleSet {
    /// Gul bara.
    GulBara(GulBaraOptions),
    /// Backgammon and its presets.
    Backgammon(BackgammonOptions),
    /// Long nardy.
    LongNardy(super::long_nardy::LongNardyOptions),
    /// Fevga and Moultezim.
    Fevga(super::fevga::FevgaOptions),
    /// Tapa / Plakoto.
    Tapa(super::tapa::TapaOptions),
    /// Hypergammon with 1 checker a side, under backgammon's options.
    #[serde(rename = "hypergammon-1")]
    Hypergammon1(BackgammonOptions),
    /// Hypergammon with 2 checkers a side.
    #[serde(rename = "hypergammon-2")]
    Hypergammon2(BackgammonOptions),
    /// Hypergammon with 3 checkers a side.
    #[serde(rename = "hypergammon-3")]
    Hypergammon3(BackgammonOptions),
    /// Longgammon: all 15 on the 24-point.
    Longgammon(BackgammonOptions),
}

/// Gul bara preset names.
pub const GUL_BARA_PRESETS: &[&str] = &["bulgarian", "english", "simple"];
/// Backgammon preset names.
pub const BACKGAMMON_PRESETS: &[&str] = &[
    "backgammon",
    "short-nardy",
    "nackgammon",
    "obiknovena",
    "portes",
    "tavla",
];
/// The presets of every variant, its default first: what `--rules` and the `Rules` header
/// accept (besides `default`) and what the CLI's help lists. Adding a game is adding a row.
pub const PRESETS: &[(super::Variant, &[&str])] = &[
    (super::Variant::GulBara, GUL_BARA_PRESETS),
    (super::Variant::Backgammon, BACKGAMMON_PRESETS),
    (
        super::Variant::LongNardy,
        super::long_nardy::LONG_NARDY_PRESETS,
    ),
    (super::Variant::Fevga, super::fevga::FEVGA_PRESETS),
    (super::Variant::Tapa, super::tapa::TAPA_PRESETS),
    (super::Variant::Hypergammon1, &["backgammon"]),
    (super::Variant::Hypergammon2, &["backgammon"]),
    (super::Variant::Hypergammon3, &["backgammon"]),
    (super::Variant::Longgammon, &["backgammon"]),
];

/// An option key or value as compared: trimmed, lower case, `_` and spaces as `-`.
pub(crate) fn norm(s: &str) -> String {
    s.trim().to_ascii_lowercase().replace(['_', ' '], "-")
}

/// The value of `table` named `v`, or the error naming what is `allowed`.
pub(crate) fn pick<T: Copy>(
    v: &str,
    table: &[(&str, T)],
    allowed: &'static str,
) -> Result<T, OptionError> {
    table
        .iter()
        .find(|(name, _)| *name == v)
        .map(|(_, t)| *t)
        .ok_or(OptionError::BadValue { allowed })
}

/// The value of an option (normalised by [`norm`]), read by the type the option holds.
pub(crate) trait OptionValue: Sized {
    /// The value `v` names.
    ///
    /// # Errors
    /// [`OptionError::BadValue`], naming the values allowed.
    fn parse(v: &str) -> Result<Self, OptionError>;
}

/// The value named `$v` among the names of a table, each name written once:
/// `choose!(v, "ahead" => PrimeRule::Ahead, "none" => PrimeRule::None)` reads `ahead` or
/// `none`, and its error allows `ahead | none`.
macro_rules! choose {
    ($v:expr, $first:literal => $value:expr $(, $name:literal => $other:expr)* $(,)?) => {
        $crate::rules::options::pick(
            $v,
            &[($first, $value) $(, ($name, $other))*],
            concat!($first $(, " | ", $name)*),
        )
    };
}
pub(crate) use choose;

/// The [`OptionValue`] of a type whose values are names: `option_values!(Remainder,
/// "pass" => Remainder::Pass, "lost" => Remainder::Lost)`.
macro_rules! option_values {
    ($t:ty, $($name:literal => $value:expr),+ $(,)?) => {
        impl $crate::rules::options::OptionValue for $t {
            fn parse(v: &str) -> Result<Self, $crate::rules::options::OptionError> {
                $crate::rules::options::choose!(v, $($name => $value),+)
            }
        }
    };
}
pub(crate) use option_values;

/// A whole number from 0 to `$max` (a literal, which the error names as `0..=$max`).
macro_rules! at_most {
    ($t:ty, $max:literal) => {
        |v: &str| match v.parse::<$t>() {
            Ok(n) if n <= $max => Ok(n),
            _ => Err($crate::rules::options::OptionError::BadValue {
                allowed: concat!("0..=", $max),
            }),
        }
    };
}
pub(crate) use at_most;

/// The keys of a variant's options and their parser, from one list: `$keys`, the keys that
/// exist (named by the error for any other), and `set`, which reads the value of each key
/// with its field's [`OptionValue`], or with the parser written after the key. A key is its
/// field's name; keys and values are compared as [`norm`] leaves them.
macro_rules! option_keys {
    (
        $(#[$doc:meta])*
        $keys:ident for $options:ty { $($field:ident $(= $parse:expr)?),+ $(,)? }
    ) => {
        $(#[$doc])*
        pub const $keys: &[&str] = &[$(stringify!($field)),+];

        impl $options {
            /// Apply one `key=value` override.
            ///
            /// # Errors
            /// Unknown key or bad value.
            pub fn set(&mut self, key: &str, value: &str) -> Result<(), $crate::rules::options::OptionError> {
                use $crate::rules::options::norm;
                let v = norm(value);
                let k = norm(key);
                $(
                    if k == norm(stringify!($field)) {
                        self.$field = $crate::rules::options::option_keys!(@parse &v $(, $parse)?)?;
                        return Ok(());
                    }
                )+
                Err($crate::rules::options::OptionError::UnknownKey { known: $keys })
            }
        }
    };
    (@parse $v:expr) => {
        $crate::rules::options::OptionValue::parse($v)
    };
    (@parse $v:expr, $parse:expr) => {
        ($parse)($v)
    };
}
pub(crate) use option_keys;

option_values!(
    Opening,
    "starter-plays-opening-dice" => Opening::StarterPlaysOpeningDice,
    "starter-rerolls" => Opening::StarterRerolls,
);
option_values!(
    NextGameStarter,
    "opening-roll" => NextGameStarter::OpeningRoll,
    "previous-winner" => NextGameStarter::PreviousWinner,
);
option_values!(
    ExemptScope,
    "per-player" => ExemptScope::PerPlayer,
    "game" => ExemptScope::Game,
);
option_values!(Remainder, "pass" => Remainder::Pass, "lost" => Remainder::Lost);
option_values!(
    UnstartedChain,
    "pass" => UnstartedChain::Pass,
    "lost" => UnstartedChain::Lost,
);

/// `on` or `off` (also `true` / `false`, `yes` / `no`, `1` / `0`).
impl OptionValue for bool {
    fn parse(v: &str) -> Result<bool, OptionError> {
        match v {
            "on" | "true" | "yes" | "1" => Ok(true),
            "off" | "false" | "no" | "0" => Ok(false),
            _ => Err(OptionError::BadValue {
                allowed: "on | off",
            }),
        }
    }
}

option_keys! {
    /// Gul bara option keys.
    GUL_BARA_KEYS for GulBaraOptions {
        opening,
        next_game_starter,
        chain_exempt_rolls = at_most!(u8, 6),
        chain_exempt_scope,
        remainder,
        unstarted_chain,
    }
}
option_keys! {
    /// Backgammon option keys.
    BACKGAMMON_KEYS for BackgammonOptions { cube, crawford, jacoby, beaver, opening }
}

impl GulBaraOptions {
    /// A named preset.
    ///
    /// # Errors
    /// [`OptionError::UnknownPreset`].
    pub fn preset(name: &str) -> Result<Self, OptionError> {
        let bulgarian = GulBaraOptions {
            preset: "bulgarian",
            opening: Opening::StarterPlaysOpeningDice,
            next_game_starter: NextGameStarter::OpeningRoll,
            chain_exempt_rolls: 3,
            chain_exempt_scope: ExemptScope::PerPlayer,
            remainder: Remainder::Pass,
            unstarted_chain: UnstartedChain::Lost,
        };
        match norm(name).as_str() {
            "bulgarian" | "default" => Ok(bulgarian),
            "english" => Ok(GulBaraOptions {
                preset: "english",
                opening: Opening::StarterRerolls,
                next_game_starter: NextGameStarter::PreviousWinner,
                chain_exempt_scope: ExemptScope::Game,
                unstarted_chain: UnstartedChain::Pass,
                ..bulgarian
            }),
            "simple" => Ok(GulBaraOptions {
                preset: "simple",
                opening: Opening::StarterRerolls,
                chain_exempt_scope: ExemptScope::Game,
                remainder: Remainder::Lost,
                ..bulgarian
            }),
            _ => Err(OptionError::UnknownPreset {
                known: GUL_BARA_PRESETS,
            }),
        }
    }
}

impl BackgammonOptions {
    /// A named preset.
    ///
    /// # Errors
    /// [`OptionError::UnknownPreset`].
    pub fn preset(name: &str) -> Result<Self, OptionError> {
        let bg = BackgammonOptions {
            preset: "backgammon",
            cube: true,
            crawford: true,
            jacoby: false,
            beaver: true,
            opening: Opening::StarterPlaysOpeningDice,
            nackgammon: false,
            triple: true,
            next_game_starter: NextGameStarter::OpeningRoll,
        };
        // The family games of tapa.md §9: no cube, 1 or 2 points (no triple win).
        let family = BackgammonOptions {
            cube: false,
            crawford: false,
            beaver: false,
            triple: false,
            ..bg
        };
        match norm(name).replace(' ', "-").as_str() {
            "backgammon" | "default" => Ok(bg),
            "short-nardy" => Ok(BackgammonOptions {
                preset: "short-nardy",
                cube: false,
                crawford: false,
                ..bg
            }),
            "nackgammon" => Ok(BackgammonOptions {
                preset: "nackgammon",
                nackgammon: true,
                ..bg
            }),
            // обикновена (NikolayIT RULES.md §1, §6): the starter plays the opening dice, every
            // game starts with an opening roll.
            "obiknovena" => Ok(BackgammonOptions {
                preset: "obiknovena",
                ..family
            }),
            // Portes: tapa.md's Greek customs (Wikipedia "Tavli"/"Plakoto"): the starter re-rolls,
            // the previous winner starts the next game.
            "portes" => Ok(BackgammonOptions {
                preset: "portes",
                opening: Opening::StarterRerolls,
                next_game_starter: NextGameStarter::PreviousWinner,
                ..family
            }),
            // Turkish tavla: the winner of the opening roll rolls again; mars 2, no triple.
            "tavla" => Ok(BackgammonOptions {
                preset: "tavla",
                opening: Opening::StarterRerolls,
                ..family
            }),
            _ => Err(OptionError::UnknownPreset {
                known: BACKGAMMON_PRESETS,
            }),
        }
    }
}

/// The default options of Hypergammon and Longgammon: backgammon's.
fn hyper_default() -> BackgammonOptions {
    super::hypergammon::preset("backgammon").expect("preset")
}

impl RuleSet {
    /// The default rules of a variant.
    pub fn default_for(variant: super::Variant) -> RuleSet {
        match variant {
            super::Variant::GulBara => {
                RuleSet::GulBara(GulBaraOptions::preset("bulgarian").expect("preset"))
            }
            super::Variant::Backgammon => {
                RuleSet::Backgammon(BackgammonOptions::preset("backgammon").expect("preset"))
            }
            super::Variant::LongNardy => RuleSet::LongNardy(
                super::long_nardy::LongNardyOptions::preset("federation").expect("preset"),
            ),
            super::Variant::Fevga => {
                RuleSet::Fevga(super::fevga::FevgaOptions::preset("greek").expect("preset"))
            }
            super::Variant::Tapa => {
                RuleSet::Tapa(super::tapa::TapaOptions::preset("bulgarian").expect("preset"))
            }
            super::Variant::Hypergammon1 => RuleSet::Hypergammon1(hyper_default()),
            super::Variant::Hypergammon2 => RuleSet::Hypergammon2(hyper_default()),
            super::Variant::Hypergammon3 => RuleSet::Hypergammon3(hyper_default()),
            super::Variant::Longgammon => RuleSet::Longgammon(hyper_default()),
        }
    }
    /// The variant.
    pub fn variant(&self) -> super::Variant {
        match self {
            RuleSet::GulBara(_) => super::Variant::GulBara,
            RuleSet::Backgammon(_) => super::Variant::Backgammon,
            RuleSet::LongNardy(_) => super::Variant::LongNardy,
            RuleSet::Fevga(_) => super::Variant::Fevga,
            RuleSet::Tapa(_) => super::Variant::Tapa,
            RuleSet::Hypergammon1(_) => super::Variant::Hypergammon1,
            RuleSet::Hypergammon2(_) => super::Variant::Hypergammon2,
            RuleSet::Hypergammon3(_) => super::Variant::Hypergammon3,
            RuleSet::Longgammon(_) => super::Variant::Longgammon,
        }
    }
    /// Switch to a named preset of the same variant.
    ///
    /// # Errors
    /// Unknown preset.
    pub fn with_preset(self, name: &str) -> Result<RuleSet, OptionError> {
        Ok(match self {
            RuleSet::GulBara(_) => RuleSet::GulBara(GulBaraOptions::preset(name)?),
            RuleSet::Backgammon(_) => RuleSet::Backgammon(BackgammonOptions::preset(name)?),
            RuleSet::LongNardy(_) => {
                RuleSet::LongNardy(super::long_nardy::LongNardyOptions::preset(name)?)
            }
            RuleSet::Fevga(_) => RuleSet::Fevga(super::fevga::FevgaOptions::preset(name)?),
            RuleSet::Tapa(_) => RuleSet::Tapa(super::tapa::TapaOptions::preset(name)?),
            RuleSet::Hypergammon1(_) => RuleSet::Hypergammon1(super::hypergammon::preset(name)?),
            RuleSet::Hypergammon2(_) => RuleSet::Hypergammon2(super::hypergammon::preset(name)?),
            RuleSet::Hypergammon3(_) => RuleSet::Hypergammon3(super::hypergammon::preset(name)?),
            RuleSet::Longgammon(_) => RuleSet::Longgammon(super::hypergammon::preset(name)?),
        })
    }
    /// Apply `key=value`.
    ///
    /// # Errors
    /// Bad key, value or shape.
    pub fn set(&mut self, kv: &str) -> Result<(), OptionError> {
        let (k, v) = kv.split_once('=').ok_or(OptionError::NotKeyValue)?;
        match self {
            RuleSet::GulBara(o) => o.set(k, v),
            RuleSet::Backgammon(o) => o.set(k, v),
            RuleSet::LongNardy(o) => o.set(k, v),
            RuleSet::Fevga(o) => o.set(k, v),
            RuleSet::Tapa(o) => o.set(k, v),
            RuleSet::Hypergammon1(o)
            | RuleSet::Hypergammon2(o)
            | RuleSet::Hypergammon3(o)
            | RuleSet::Longgammon(o) => o.set(k, v),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::UnknownPreset { known } => {
                write!(f, "unknown preset; known: {}", known.join(", "))
            }
            OptionError::UnknownKey { known } => {
                write!(f, "unknown option; known: {}", known.join(", "))
            }
            OptionError::BadValue { allowed } => write!(f, "value not allowed; allowed: {allowed}"),
            OptionError::NotKeyValue => f.write_str("expected key=value"),
        }
    }
}

impl std::error::Error for OptionError {}
