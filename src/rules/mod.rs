//! The rules layer: boards, dice, legal plays, chains, scoring — one module per variant
//! behind the [`Rules`] trait.
//!
//! This layer knows no text and no spans: it takes typed steps and returns typed reasons
//! ([`StepError`], [`PlayError`]). Turning a reason into a message is the job of `replay`
//! and `report`.

pub mod backgammon;
mod dispatch;
pub mod fevga;
pub mod gul_bara;
pub mod hypergammon;
pub mod long_nardy;
pub mod longgammon;
pub mod movement;
pub mod options;
mod plays;
pub mod rotation;
pub mod running;
mod search;
pub mod tapa;
pub mod turn;

use std::fmt;

pub use dispatch::{CubeRules, Level, NoCube};
pub use movement::{Landing, Movement, Restriction};
pub use options::{BackgammonOptions, GulBaraOptions, OptionError, RuleSet};
pub use plays::PlaySet;
pub(crate) use search::Steps;
pub use search::{Resolved, Segment};
pub use turn::{ChainNext, NoChain, TurnPlan};

/// One of the two players. **White** is the left-column player of a record, Black the right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The left-column player.
    White,
    /// The right-column player.
    Black,
}

impl Side {
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
    /// 0 for White, 1 for Black.
    pub fn index(self) -> usize {
        self as usize
    }
    /// Lower-case name, as used in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// Index of the borne-off tray in a side's array.
pub const OFF: u8 = 0;
/// Index of the bar in a side's array (backgammon; always empty in Gul bara).
pub const BAR: u8 = 25;

/// A position: each side's checkers in that side's **own numbering**.
///
/// Index 0 is borne off, 1..=24 the points, 25 the bar. In the pinning game (Tapa) a side's
/// checkers that lie pinned under opposing checkers are marked in `pins` (bit `p` of a side's
/// mask: its checker on its own point `p`); every other game leaves the masks at zero.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) c: [[u8; 26]; 2],
    pub(crate) pins: [u32; 2],
}

impl Position {
    /// An empty board.
    pub fn empty() -> Self {
        Position {
            c: [[0; 26]; 2],
            pins: [0; 2],
        }
    }
    /// Both sides with all 15 checkers on their own 24 point: the start of the games that
    /// run the same way round or begin from one point (Gul bara, Tapa, Long nardy, Fevga).
    pub fn all_on_own_24() -> Self {
        let mut p = Position::empty();
        p.set(Side::White, 24, 15);
        p.set(Side::Black, 24, 15);
        p
    }
    /// Whether the checker of `side` on its own point `point` is pinned (Tapa).
    pub fn pinned(&self, side: Side, point: u8) -> bool {
        point < 32 && self.pins[side.index()] & (1 << point) != 0
    }
    /// Mark (or unmark) the checker of `side` on its own point `point` (1..=24) as pinned.
    pub fn set_pinned(&mut self, side: Side, point: u8, pinned: bool) {
        if (1..=24).contains(&point) {
            let bit = 1u32 << point;
            if pinned {
                self.pins[side.index()] |= bit;
            } else {
                self.pins[side.index()] &= !bit;
            }
        }
    }
    /// The own points of `side` holding a pinned checker, as a bit mask (bit `p`: point `p`).
    pub fn pinned_mask(&self, side: Side) -> u32 {
        self.pins[side.index()]
    }
    /// Checkers of `side` at `loc` (own numbering; 0 off, 25 bar).
    pub fn count(&self, side: Side, loc: u8) -> u8 {
        self.c[side.index()][loc as usize]
    }
    /// Set the number of checkers of `side` at `loc`.
    pub fn set(&mut self, side: Side, loc: u8, n: u8) {
        self.c[side.index()][loc as usize] = n;
    }
    /// Checkers borne off by `side`.
    pub fn off(&self, side: Side) -> u8 {
        self.c[side.index()][0]
    }
    /// The whole array of a side.
    pub fn side(&self, side: Side) -> &[u8; 26] {
        &self.c[side.index()]
    }
    /// Pip count of `side` (bar counts 25).
    pub fn pips(&self, side: Side) -> u32 {
        // Each place's pips in 16 bits (at most 255 × 25), then their sum: lanes the compiler
        // multiplies and adds several at a time.
        let c = &self.c[side.index()];
        let mut pips = [0u16; 26];
        for (i, (p, &n)) in pips.iter_mut().zip(c).enumerate() {
            *p = u16::from(n) * i as u16;
        }
        pips.iter().map(|&p| u32::from(p)).sum()
    }
    /// Highest occupied point of `side` (0 when none).
    pub fn highest(&self, side: Side) -> u8 {
        (1..=25u8)
            .rev()
            .find(|&p| self.count(side, p) > 0)
            .unwrap_or(0)
    }
}

/// A roll of two dice as written (`a` first).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Roll {
    /// First die as written.
    pub a: u8,
    /// Second die as written.
    pub b: u8,
}

impl Roll {
    /// A doublet?
    pub fn is_double(self) -> bool {
        self.a == self.b
    }
    /// Both dice within 1..=6?
    pub fn is_valid(self) -> bool {
        (1..=6).contains(&self.a) && (1..=6).contains(&self.b)
    }
    /// High die first.
    pub fn high(self) -> u8 {
        self.a.max(self.b)
    }
    /// Low die.
    pub fn low(self) -> u8 {
        self.a.min(self.b)
    }
    /// The dice of one ordinary stage: two dice, or four of a doublet.
    pub fn stage(self) -> StageDice {
        if self.is_double() {
            StageDice::Double {
                value: self.a,
                count: 4,
            }
        } else {
            StageDice::Mixed {
                high: self.high(),
                low: self.low(),
            }
        }
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.high(), self.low())
    }
}

/// The dice available to one play (a stage).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StageDice {
    /// Two different dice.
    Mixed {
        /// The larger die.
        high: u8,
        /// The smaller die.
        low: u8,
    },
    /// `count` steps of `value` (4 for a full doublet stage; fewer for a remainder).
    Double {
        /// The die value.
        value: u8,
        /// Number of steps available.
        count: u8,
    },
}

impl StageDice {
    /// The dice as a list.
    pub fn dice(self) -> Vec<u8> {
        match self {
            StageDice::Mixed { high, low } => vec![high, low],
            StageDice::Double { value, count } => vec![value; count as usize],
        }
    }
    /// Number of dice.
    pub fn len(self) -> u8 {
        match self {
            StageDice::Mixed { .. } => 2,
            StageDice::Double { count, .. } => count,
        }
    }
    /// True when there are no dice at all.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

impl fmt::Display for StageDice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StageDice::Mixed { high, low } => write!(f, "{high}-{low}"),
            StageDice::Double { value, count: 4 } => write!(f, "{value}-{value}"),
            StageDice::Double { value, count } => write!(f, "{count}×{value}"),
        }
    }
}

/// One checker hop using one die, in the mover's numbering (`to` = 0 is off).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Step {
    /// Origin (25 = bar).
    pub from: u8,
    /// Destination (0 = off).
    pub to: u8,
    /// The die used.
    pub die: u8,
    /// Whether an opposing blot was hit (backgammon).
    pub hit: bool,
}

/// Why a single step is illegal.
#[non_exhaustive]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// No checker of the mover on the origin.
    NoChecker {
        /// The origin point.
        from: u8,
    },
    /// The landing point is held by the opponent.
    Blocked {
        /// The landing point (mover's numbering).
        point: u8,
        /// Opposing checkers there.
        count: u8,
    },
    /// A checker is on the bar and must enter first (backgammon).
    MustEnter,
    /// Bearing off while not all checkers are home.
    NotAllHome {
        /// The highest point outside the home board holding a checker.
        outside: u8,
    },
    /// Bearing off with a larger die while a checker stands higher.
    HigherChecker {
        /// The higher occupied point.
        higher: u8,
    },
    /// The variant has no bar (Gul bara).
    NoBar,
    /// The checker may not leave its point (it is pinned).
    Pinned {
        /// The point of the pinned checker.
        from: u8,
    },
    /// A play-level rule of the variant forbids the step.
    Restricted(Restriction),
    /// Bearing off while one of the mover's checkers is pinned (Tapa).
    PinnedBearOff {
        /// The point (mover's numbering) of a pinned checker of the mover.
        pinned: u8,
    },
}

/// Why a written play could not be carried out step by step.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// More steps written than dice available.
    TooManySteps {
        /// Written segment index that exceeded the dice.
        segment: usize,
        /// Dice available.
        dice: u8,
    },
    /// No combination of the remaining dice covers the written distance.
    NoDice {
        /// Written segment index.
        segment: usize,
        /// The dice still available at that point.
        remaining: Vec<u8>,
    },
    /// Every way of playing the segment fails on a step.
    Step {
        /// Written segment index.
        segment: usize,
        /// The first failing step's origin.
        from: u8,
        /// The die of the failing step.
        die: u8,
        /// True when the failing step is an intermediate landing of a combined move.
        intermediate: bool,
        /// Why.
        error: StepError,
    },
    /// A combined move that could only pass by hitting on the way (backgammon).
    HitOnTheWay {
        /// Written segment index.
        segment: usize,
        /// The point where the hit would happen.
        point: u8,
    },
    /// A written hop runs the wrong way (towards the mover's 24 point).
    Backwards {
        /// Written segment index.
        segment: usize,
    },
    /// Every segment is playable alone, but no order plays them all.
    NoOrder,
    /// Every step can be played, but a play-level rule of the variant forbids the play.
    Restricted {
        /// The rule.
        rule: Restriction,
    },
}

/// Why a play that can be carried out is still not allowed.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForcedError {
    /// Fewer dice used than possible.
    TooFewDice {
        /// Dice the written play uses.
        used: u8,
        /// Dice the best legal plays use.
        max: u8,
    },
    /// Only one die could be played and the smaller was chosen.
    LargerDie {
        /// The larger die that should have been played.
        larger: u8,
    },
}

/// The game variants tavla knows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Gul bara (Гюлбара).
    GulBara,
    /// Backgammon (also short nardy and nackgammon, as presets).
    Backgammon,
    /// Long nardy (длинные нарды).
    LongNardy,
    /// Fevga (and Moultezim, as a preset).
    Fevga,
    /// Tapa (Тапа), Plakoto (Πλακωτό), Mahbusa: the pinning game.
    Tapa,
    /// Hypergammon with 1 checker a side (`hypergammon.md`).
    #[serde(rename = "hypergammon-1")]
    Hypergammon1,
    /// Hypergammon with 2 checkers a side.
    #[serde(rename = "hypergammon-2")]
    Hypergammon2,
    /// Hypergammon with 3 checkers a side.
    #[serde(rename = "hypergammon-3")]
    Hypergammon3,
    /// Longgammon: backgammon with all 15 checkers on the 24-point.
    Longgammon,
}

impl Variant {
    /// Every variant, in the order of the help and of [`VARIANT_NAMES`].
    pub const ALL: &'static [Variant] = &[
        Variant::GulBara,
        Variant::Backgammon,
        Variant::LongNardy,
        Variant::Fevga,
        Variant::Tapa,
        Variant::Hypergammon1,
        Variant::Hypergammon2,
        Variant::Hypergammon3,
        Variant::Longgammon,
    ];
    /// The game's name in prose (`Gul bara`, `backgammon`).
    pub fn title(self) -> &'static str {
        match self {
            Variant::GulBara => "Gul bara",
            Variant::Backgammon => "backgammon",
            Variant::LongNardy => "Long nardy",
            Variant::Fevga => "Fevga",
            Variant::Tapa => "Tapa",
            Variant::Hypergammon1 => "Hypergammon (1 checker)",
            Variant::Hypergammon2 => "Hypergammon (2 checkers)",
            Variant::Hypergammon3 => "Hypergammon (3 checkers)",
            Variant::Longgammon => "Longgammon",
        }
    }
    /// Canonical name (`gul-bara`, `backgammon`).
    pub fn name(self) -> &'static str {
        match self {
            Variant::GulBara => "gul-bara",
            Variant::Backgammon => "backgammon",
            Variant::LongNardy => "long-nardy",
            Variant::Fevga => "fevga",
            Variant::Tapa => "tapa",
            Variant::Hypergammon1 => "hypergammon-1",
            Variant::Hypergammon2 => "hypergammon-2",
            Variant::Hypergammon3 => "hypergammon-3",
            Variant::Longgammon => "longgammon",
        }
    }
    /// Parse a variant name as written in a header or on the command line: a row of
    /// [`VARIANT_NAMES`], compared without case, spaces, `-` and `_`.
    ///
    /// Returns the variant and, for names that imply a preset (`NackGammon`, `Short Nardy`),
    /// that preset.
    pub fn from_name(s: &str) -> Option<(Variant, Option<&'static str>)> {
        let key = name_key(s);
        VARIANT_NAMES
            .iter()
            .find(|(name, _, _)| is_key_of(&key, name))
            .map(|&(_, variant, preset)| (variant, preset))
            // The written forms of the checker count (`HyperGammon (2)`, `2-chequer
            // hypergammon`, `Hyper-gammon 2`: hypergammon.md §6) beyond the table's rows.
            .or_else(|| hypergammon::from_key(&key).map(|v| (v, None)))
    }
}

/// A name as compared: lower case, without whitespace, `-` and `_`.
pub(crate) fn name_key(s: &str) -> String {
    key_chars(s).collect()
}

/// The characters of [`name_key`]`(s)`.
fn key_chars(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
}

/// `name_key(name) == key`, without building the name's key.
pub(crate) fn is_key_of(key: &str, name: &str) -> bool {
    key.chars().eq(key_chars(name))
}

/// Every name of a game that `--variant` and the `Variation` header accept, as the help
/// lists it: the name, its variant and the preset it implies. The first row of a variant is
/// its canonical name ([`Variant::name`]). [`Variant::from_name`] reads this table and the
/// CLI's help is written from it, so adding a game or a name is adding a row.
pub const VARIANT_NAMES: &[(&str, Variant, Option<&str>)] = &[
    ("gul-bara", Variant::GulBara, None),
    ("gyul-bara", Variant::GulBara, None),
    ("гюлбара", Variant::GulBara, None),
    ("гюльбара", Variant::GulBara, None),
    ("gülbara", Variant::GulBara, None),
    ("gulbahar", Variant::GulBara, None),
    ("gülbahar", Variant::GulBara, None),
    ("backgammon", Variant::Backgammon, None),
    ("nackgammon", Variant::Backgammon, Some("nackgammon")),
    ("short-nardy", Variant::Backgammon, Some("short-nardy")),
    ("obiknovena", Variant::Backgammon, Some("obiknovena")),
    ("обикновена", Variant::Backgammon, Some("obiknovena")),
    ("portes", Variant::Backgammon, Some("portes")),
    ("πόρτες", Variant::Backgammon, Some("portes")),
    ("πορτες", Variant::Backgammon, Some("portes")),
    ("tavla", Variant::Backgammon, Some("tavla")),
    ("tavla-turkish", Variant::Backgammon, Some("tavla")),
    ("long-nardy", Variant::LongNardy, None),
    ("nardy", Variant::LongNardy, None),
    ("long-nardi", Variant::LongNardy, None),
    ("nardi", Variant::LongNardy, None),
    ("длинные нарды", Variant::LongNardy, None),
    ("нарды", Variant::LongNardy, None),
    ("fevga", Variant::Fevga, None),
    ("φεύγα", Variant::Fevga, None),
    ("moultezim", Variant::Fevga, Some("moultezim")),
    ("multezim", Variant::Fevga, Some("moultezim")),
    ("tapa", Variant::Tapa, Some("bulgarian")),
    ("тапа", Variant::Tapa, Some("bulgarian")),
    ("tapa (bulgarian)", Variant::Tapa, Some("bulgarian")),
    ("plakoto", Variant::Tapa, Some("plakoto")),
    ("plakotó", Variant::Tapa, Some("plakoto")),
    ("πλακωτό", Variant::Tapa, Some("plakoto")),
    ("πλακωτο", Variant::Tapa, Some("plakoto")),
    ("mahbusa", Variant::Tapa, Some("plakoto")),
    ("tsilliton", Variant::Tapa, Some("plakoto")),
    (
        "plakoto-no-mother",
        Variant::Tapa,
        Some("plakoto-no-mother"),
    ),
    (
        "plakoto (no mother)",
        Variant::Tapa,
        Some("plakoto-no-mother"),
    ),
    (
        "plakoto without mother",
        Variant::Tapa,
        Some("plakoto-no-mother"),
    ),
    (
        "plakoto without the mother",
        Variant::Tapa,
        Some("plakoto-no-mother"),
    ),
    ("hypergammon-1", Variant::Hypergammon1, None),
    ("hypergammon-2", Variant::Hypergammon2, None),
    ("hypergammon-3", Variant::Hypergammon3, None),
    ("hypergammon", Variant::Hypergammon3, None),
    ("hyper-backgammon", Variant::Hypergammon3, None),
    ("longgammon", Variant::Longgammon, None),
    ("long gammon", Variant::Longgammon, None),
];

/// The names `--variant` accepts, per game (`Gul bara: gul-bara, gyul-bara, …; backgammon:
/// …`), written from [`VARIANT_NAMES`].
pub fn variant_names() -> String {
    Variant::ALL
        .iter()
        .map(|v| {
            let names: Vec<&str> = VARIANT_NAMES
                .iter()
                .filter(|(_, of, _)| of == v)
                .map(|(name, _, _)| *name)
                .collect();
            format!("{}: {}", v.title(), names.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The presets `--rules` accepts, per game, written from [`options::PRESETS`].
pub fn preset_names() -> String {
    options::PRESETS
        .iter()
        .map(|(v, presets)| format!("{}: {}", v.title(), presets.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The variant a record's `Variation` tag names (see [`Variant::from_name`]), with the preset
/// the name implies; a record without the tag is backgammon (`records.md`: the Jellyfish
/// layout is backgammon's).
pub fn header_variant(tag: Option<&str>) -> Option<(Variant, Option<&'static str>)> {
    match tag {
        None => Some((Variant::Backgammon, None)),
        Some(name) => Variant::from_name(name),
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The traits of the rules are sealed: every variant is a type of this crate (a new game is a
/// [`RuleSet`] variant, with its options and words), so they can grow without breaking anyone.
pub(crate) mod sealed {
    /// Implemented by the crate's movement policies and variants only.
    pub trait Sealed {}
}

/// A variant's rules under its options: the options [`Rules`] reads how games start from.
/// Sealed: implemented by this crate's variants only.
pub trait WithOptions: sealed::Sealed {
    /// The variant's options.
    type Options: options::StartOptions;
    /// The options in force.
    fn options(&self) -> &Self::Options;
}

/// [`WithOptions`] of rules that hold their options in the field `options`.
macro_rules! with_options {
    ($($rules:ty: $options:ty),+ $(,)?) => {$(
        impl sealed::Sealed for $rules {}
        impl WithOptions for $rules {
            type Options = $options;
            fn options(&self) -> &$options {
                &self.options
            }
        }
    )+};
}

with_options!(
    gul_bara::GulBara: GulBaraOptions,
    backgammon::Backgammon: BackgammonOptions,
    long_nardy::LongNardy: long_nardy::LongNardyOptions,
    fevga::Fevga: fevga::FevgaOptions,
    tapa::Tapa: tapa::TapaOptions,
    longgammon::Longgammon: BackgammonOptions,
);

impl<const N: u8> sealed::Sealed for hypergammon::Hypergammon<N> {}
impl<const N: u8> WithOptions for hypergammon::Hypergammon<N> {
    type Options = BackgammonOptions;
    fn options(&self) -> &BackgammonOptions {
        &self.options
    }
}

/// The shared interface of every variant's rules.
///
/// A variant supplies its movement policy ([`Movement`]: what a landing point means, the bar,
/// the numbering) and its game-level rules where they differ from those of most tables games,
/// which are the defaults: every checker starts on its own 24 point, no cube, no chains, a
/// game is single or mars (the loser bore off nothing). Legal-play generation and the
/// stepwise checker are provided on top of the policy. [`RuleSet`] (a variant with its
/// options) answers the same questions for any variant.
pub trait Rules: WithOptions {
    /// How checkers move in this variant.
    type Moves: Movement;
    /// Which variant.
    const VARIANT: Variant;

    /// Which variant.
    fn variant(&self) -> Variant {
        Self::VARIANT
    }
    /// Checkers each side plays with (15 but in Hypergammon): bearing all of them off ends
    /// the game, and a position of the variant has exactly this many a side.
    fn checkers(&self) -> u8 {
        15
    }
    /// The position every game starts from: by default every checker on its own 24 point.
    fn start(&self) -> Position {
        Position::all_on_own_24()
    }
    /// The doubling cube and its rules: none, unless the variant has one.
    fn cube(&self) -> CubeRules {
        CubeRules::NOT_IN_GAME
    }
    /// How a game's first turn is decided.
    fn opening(&self) -> options::Opening {
        options::StartOptions::opening(self.options())
    }
    /// Who starts games after the first.
    fn next_game_starter(&self) -> options::NextGameStarter {
        options::StartOptions::next_game_starter(self.options())
    }
    /// The plan of a turn with `roll`: its first stage and what follows each stage. `player_roll`
    /// and `game_roll` count the mover's and the game's rolls, this one included (1-based).
    /// Unless the variant has chains, a turn is the roll's one stage.
    fn turn_plan(&self, roll: Roll, _player_roll: u32, _game_roll: u32) -> TurnPlan {
        TurnPlan::single(roll, NoChain::NotInGame)
    }
    /// The level of a game `winner` has just won by bearing off in `pos`: by default a
    /// single game, or a mars when the loser has borne off nothing.
    fn level(&self, pos: &Position, winner: Side) -> Level {
        Level::single_or_mars(pos, winner)
    }
    /// The levels a resignation by `resigner` in `pos` may be worth (times the cube): by
    /// default a single game, or a mars while the resigning player has borne off nothing.
    fn resignation_levels(&self, pos: &Position, resigner: Side) -> &'static [Level] {
        Level::single_or_mars_resigned(pos, resigner)
    }

    /// The play-level state a stage of `dice` from `pos` starts from: the variant's options
    /// and the allowances of the turn (Long nardy's head limit), for the policy's
    /// [`Movement::restrict_step`] and [`Movement::restrict_result`].
    fn play_state(
        &self,
        _pos: &Position,
        _side: Side,
        _dice: StageDice,
    ) -> <Self::Moves as Movement>::PlayState {
        Default::default()
    }

    /// Every distinct legal result of one stage from `pos` for `side`.
    fn legal_plays(&self, pos: &Position, side: Side, dice: StageDice) -> PlaySet {
        search::legal_plays_from::<Self::Moves>(pos, side, dice, self.play_state(pos, side, dice))
    }

    /// Can `side` play at least one step of `dice` from `pos`?
    fn can_move(&self, pos: &Position, side: Side, dice: StageDice) -> bool {
        match dice {
            StageDice::Mixed { high, low } => {
                search::any_step::<Self::Moves>(pos, side, &[high, low])
            }
            StageDice::Double { value, count } if count > 0 => {
                search::any_step::<Self::Moves>(pos, side, &[value])
            }
            StageDice::Double { .. } => false,
        }
    }

    /// Apply a written play step by step (phase 1 of validation).
    ///
    /// # Errors
    /// A [`PlayError`] naming the first written segment that cannot be played.
    fn resolve(
        &self,
        pos: &Position,
        side: Side,
        dice: StageDice,
        segments: &[Segment],
    ) -> Result<Resolved, PlayError> {
        let init = self.play_state(pos, side, dice);
        search::resolve_inline_from::<Self::Moves>(pos, side, dice, segments, init).map(
            |(position, steps)| Resolved {
                position,
                steps: steps.as_slice().to_vec(),
            },
        )
    }

    /// One single step, for callers that move checker by checker.
    ///
    /// # Errors
    /// The [`StepError`] that forbids it.
    fn step(
        &self,
        pos: &Position,
        side: Side,
        from: u8,
        die: u8,
    ) -> Result<(Position, Step), StepError> {
        search::step::<Self::Moves>(pos, side, from, die)
    }

    /// Map a point of `side`'s numbering onto the opponent's numbering.
    fn opposite(&self, point: u8) -> u8 {
        <Self::Moves as Movement>::opposite(point)
    }
}

/// Check a play's final position against the legal set (phase 2 of validation).
///
/// # Errors
/// Why the play breaks the forced-play rules.
pub fn check_forced(
    set: &PlaySet,
    resolved: &Resolved,
    dice: StageDice,
) -> Result<(), ForcedError> {
    check_forced_at(set, &resolved.position, resolved.steps.len() as u8, dice)
}

/// [`check_forced`] for a play that reaches `position` in `used` steps.
pub(crate) fn check_forced_at(
    set: &PlaySet,
    position: &Position,
    used: u8,
    dice: StageDice,
) -> Result<(), ForcedError> {
    if set.contains(position) {
        return Ok(());
    }
    if used < set.max_steps() {
        return Err(ForcedError::TooFewDice {
            used,
            max: set.max_steps(),
        });
    }
    match dice {
        StageDice::Mixed { high, .. } if set.max_steps() == 1 => {
            Err(ForcedError::LargerDie { larger: high })
        }
        _ => Err(ForcedError::TooFewDice {
            used,
            max: set.max_steps(),
        }),
    }
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            StepError::NoChecker { from } => write!(f, "no checker on {from}"),
            StepError::Blocked { point, count } => {
                write!(f, "point {point} is held by {count} opposing checker(s)")
            }
            StepError::MustEnter => f.write_str("a checker on the bar must enter first"),
            StepError::NotAllHome { outside } => {
                write!(f, "bearing off while a checker stands on {outside}")
            }
            StepError::HigherChecker { higher } => {
                write!(
                    f,
                    "bearing off with a larger die while a checker stands on {higher}"
                )
            }
            StepError::NoBar => f.write_str("the game has no bar"),
            StepError::Pinned { from } => write!(f, "the checker on {from} is pinned"),
            StepError::Restricted(r) => write!(f, "a rule of the game forbids it ({r:?})"),
            StepError::PinnedBearOff { pinned } => {
                write!(f, "bearing off while the checker on {pinned} is pinned")
            }
        }
    }
}

impl std::error::Error for StepError {}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::TooManySteps { dice, .. } => {
                write!(f, "more steps written than the {dice} dice allow")
            }
            PlayError::NoDice { segment, remaining } => write!(
                f,
                "no die left for written hop {} (dice left: {remaining:?})",
                segment + 1
            ),
            PlayError::Step { segment, error, .. } => {
                write!(f, "written hop {}: {error}", segment + 1)
            }
            PlayError::HitOnTheWay { segment, point } => write!(
                f,
                "written hop {} can only be played by hitting on {point} on the way",
                segment + 1
            ),
            PlayError::Backwards { segment } => {
                write!(f, "written hop {} runs backwards", segment + 1)
            }
            PlayError::NoOrder => f.write_str("the steps cannot all be played in any order"),
            PlayError::Restricted { rule } => {
                write!(f, "a rule of the game forbids the play ({rule:?})")
            }
        }
    }
}

impl std::error::Error for PlayError {}

impl fmt::Display for ForcedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ForcedError::TooFewDice { used, max } => {
                write!(f, "the play uses {used} dice, but {max} can be played")
            }
            ForcedError::LargerDie { larger } => {
                write!(
                    f,
                    "only one die can be played, and it must be the larger, {larger}"
                )
            }
        }
    }
}

impl std::error::Error for ForcedError {}
