//! What a file says of a match beyond its plays and the analysis its entries carry: further
//! analysis blocks, annotations and the players' clock (OGXM's `ANAL`/`DECS`, `ANNO` and
//! `CLCK`), each located at the game and entry it speaks of, so that nothing the file holds is
//! dropped on its way to the JSON document.

use super::Analysis;
use crate::notation::Span;

/// Where in the match a note stands: a game, one of the file's plies of it, and the entry
/// (action) that ply became in the record, if it became one.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The game's index in [`Match::games`](super::Match::games) (0-based).
    pub game: usize,
    /// The ply's index among the file's plies of the game (0-based); `None` for the game
    /// itself.
    pub ply: Option<usize>,
    /// The index in the game's [`actions`](super::Game::actions) of the entry the ply became.
    pub action: Option<usize>,
}

/// Everything kept: the analysis blocks, annotations and clock of the file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Extras {
    /// The analysis blocks in file order, the primary (whose figures the entries carry) first.
    pub blocks: Vec<AnalysisBlock>,
    /// The annotations, in file order.
    pub annotations: Vec<Annotation>,
    /// The players' clock.
    pub clock: Option<Clock>,
}

impl Extras {
    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty() && self.annotations.is_empty() && self.clock.is_none()
    }
}

/// One analysis block: who made it and how, and its decisions that no entry carries (all of
/// them for a block other than the primary).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AnalysisBlock {
    /// Its identifier (a hyphenated UUID).
    pub id: String,
    /// The primary block: the entries' analyses are its decisions.
    pub primary: bool,
    /// Who produced it (OGXM: 0 OpenGammon, 1 eXtreme Gammon, 2 an external engine, 3 BGBlitz,
    /// 4 a person).
    pub producer: Option<u64>,
    /// The engine or model, as the file names it.
    pub model_id: Option<String>,
    /// Its display name.
    pub model_name: Option<String>,
    /// The build that ran it.
    pub engine_build: Option<String>,
    /// The unit of its figures: `cubeless`, `cubeful money`, `cubeful match` (match winning
    /// chances), or the file's number.
    pub currency: Option<String>,
    /// The match equity table its match winning chances come from.
    pub met_id: Option<String>,
    /// The tables (bearoff databases) it used.
    pub tables: Option<String>,
    /// Its level (`2-ply`, `rollout`, a preset's name).
    pub level: Option<String>,
    /// It analysed the whole match.
    pub complete: bool,
    /// The cube efficiency it assumed.
    pub cube_efficiency: Option<f64>,
    /// When it started and finished (Unix milliseconds), and how long it took.
    pub started_at: Option<u64>,
    /// When it finished (Unix milliseconds).
    pub completed_at: Option<u64>,
    /// How long it took (milliseconds).
    pub duration_ms: Option<u64>,
    /// Its decisions that the entries do not carry, in file order.
    pub decisions: Vec<BlockDecision>,
    /// Where its header record lies.
    pub span: Span,
}

/// A decision of an analysis block, at its place.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockDecision {
    /// The ply it is of.
    pub place: Place,
    /// Its kind (`checker`, `cube`, `resign`, `roll`, or the file's number); `None` for the
    /// decisions of one ply gathered into one analysis.
    pub kind: Option<String>,
    /// The plays, cube figures and luck, as an entry would carry them.
    pub analysis: Option<Analysis>,
    /// A resignation's analysis.
    pub resign: Option<ResignAnalysis>,
}

/// What a block says of a resignation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResignAnalysis {
    /// The value the player should have resigned (1 single, 2 gammon, 3 backgammon).
    pub correct_value: Option<u64>,
    /// What resigning gave up.
    pub resign_error: Option<f64>,
    /// What accepting (or refusing) gave up.
    pub take_resign_error: Option<f64>,
    /// The position's probabilities: win, win gammon, win backgammon, lose gammon, lose
    /// backgammon.
    pub probabilities: Option<[f64; 5]>,
    /// The equity the resignation gave up.
    pub equity_loss: Option<f64>,
    /// How it was evaluated.
    pub level: String,
}

/// A note a file attaches to the match, a game, a ply, a decision or a candidate play.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotation {
    /// What it is on: `match`, `game`, `ply`, `decision`, `alternative` (or `scope N`).
    pub scope: String,
    /// Where, for a note below the match (`None` when it names no game or ply of the match).
    pub place: Option<Place>,
    /// The analysis block of a note on a decision or candidate.
    pub analysis_id: Option<String>,
    /// The decision it is on: `checker`, `cube`, `resign`, `roll` (or the file's number).
    pub kind: Option<String>,
    /// The candidate it is on (0-based, in the block's order).
    pub alternative: Option<u64>,
    /// A key (a machine-readable note: `x-…`); absent for prose.
    pub key: Option<String>,
    /// Its language (BCP 47).
    pub lang: Option<String>,
    /// Who wrote it.
    pub author: Option<String>,
    /// When (Unix milliseconds).
    pub at: Option<u64>,
    /// The text.
    pub text: String,
    /// Drawings on the board.
    pub drawings: Vec<Drawing>,
    /// Where its record lies.
    pub span: Span,
}

/// A drawing on the board an annotation carries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// 0 a highlight, 1 an arrow.
    pub shape: u64,
    /// The point it is at (0–27).
    pub at: u8,
    /// An arrow's head.
    pub to: Option<u8>,
    /// 0 green, 1 red, 2 blue, 3 yellow.
    pub color: Option<u64>,
}

/// The players' clock: its settings and the reading at each ply it covers.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Clock {
    /// The reserve each player starts with (ms).
    pub reserve_ms: u32,
    /// The delay per move (ms).
    pub delay_ms: u32,
    /// The increment per decision (ms).
    pub increment_ms: u32,
    /// When the clock started (Unix seconds).
    pub start_timestamp: u32,
    /// The flags byte (bit 0 White berserk, bit 1 Black berserk).
    pub flags: u8,
    /// The step the readings are held to (ms).
    pub precision: u32,
    /// The milliseconds since the match started at each ply, from the first.
    pub readings: Vec<(Place, u64)>,
    /// Where the section lies.
    pub span: Span,
}
