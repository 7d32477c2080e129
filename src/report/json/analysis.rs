//! What analysing programs say, as the match document carries it: an action's analysis (its
//! candidate plays and cube figures), and a file's analysis blocks, annotations and clock.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An analysis block a file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AnalysisBlockDoc {
    /// Its identifier (a hyphenated UUID).
    pub id: String,
    /// The primary block: the actions' `analysis` is its figures.
    pub primary: bool,
    /// Who produced it (OGXM: 0 OpenGammon, 1 eXtreme Gammon, 2 an external engine, 3 BGBlitz,
    /// 4 a person).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub producer: Option<u64>,
    /// The engine or model, as the file names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub model_id: Option<String>,
    /// The model's display name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub model_name: Option<String>,
    /// The build that ran it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub engine_build: Option<String>,
    /// The unit of its figures: `cubeless`, `cubeful money`, `cubeful match` (match winning
    /// chances), or the file's number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub currency: Option<String>,
    /// The match equity table its match winning chances come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub met_id: Option<String>,
    /// The tables (bearoff databases) it used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub tables: Option<String>,
    /// Its level (`2-ply`, `rollout`, a preset's name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub level: Option<String>,
    /// It analysed the whole match.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub complete: bool,
    /// The cube efficiency it assumed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub cube_efficiency: Option<f64>,
    /// When it started (Unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub started_at: Option<u64>,
    /// When it finished (Unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub completed_at: Option<u64>,
    /// How long it took (milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub duration_ms: Option<u64>,
    /// Its decisions that no action carries, in the order of the match.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<BlockDecisionDoc>,
}

/// Where in the match a decision, annotation or clock reading stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlaceDoc {
    /// The game's `number`.
    pub game: u64,
    /// The file's ply of the game (0-based, in the file's order); absent for the game itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub ply: Option<usize>,
    /// The index in the game's `actions` of the action the ply became; absent when it became
    /// none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub action: Option<usize>,
}

/// A decision of an analysis block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct BlockDecisionDoc {
    /// Where.
    #[serde(flatten)]
    pub place: PlaceDoc,
    /// Its kind (`checker`, `cube`, `resign`, `roll`, or the file's number); absent for the
    /// decisions of one ply gathered into one `analysis`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub kind: Option<String>,
    /// The plays, cube figures and luck, as an action's `analysis`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "AnalysisDoc")]
    pub analysis: Option<AnalysisDoc>,
    /// A resignation's analysis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ResignAnalysisDoc")]
    pub resign: Option<ResignAnalysisDoc>,
}

/// What an analysis block says of a resignation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ResignAnalysisDoc {
    /// The value that should have been resigned: 1 single, 2 gammon, 3 backgammon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub correct_value: Option<u64>,
    /// What resigning gave up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub resign_error: Option<f64>,
    /// What the answer to the resignation gave up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub take_resign_error: Option<f64>,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "[f64; 5]")]
    pub probabilities: Option<[f64; 5]>,
    /// The equity the resignation gave up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "f64")]
    pub equity_loss: Option<f64>,
    /// How it was evaluated.
    pub level: String,
}

/// A note the file attaches to the match, a game, a ply, a decision or a candidate play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AnnotationDoc {
    /// What it is on: `match`, `game`, `ply`, `decision`, `alternative` (or `scope N`).
    pub scope: String,
    /// Where, for a note below the match (absent when it names no game or ply of the match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "PlaceDoc")]
    pub place: Option<PlaceDoc>,
    /// The analysis block (`analyses[].id`) of a note on a decision or candidate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub analysis_id: Option<String>,
    /// The decision it is on: `checker`, `cube`, `resign`, `roll` (or the file's number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub kind: Option<String>,
    /// The candidate it is on (0-based, in the block's order).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub alternative: Option<u64>,
    /// A key (a machine-readable note, `x-…`); absent for prose, which is also the action's
    /// `comment` (a note on a ply) or a header comment (on the match or a game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub key: Option<String>,
    /// Its language (BCP 47).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub lang: Option<String>,
    /// Who wrote it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub author: Option<String>,
    /// When (Unix milliseconds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub at: Option<u64>,
    /// The text.
    pub text: String,
    /// Drawings on the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drawings: Vec<DrawingDoc>,
}

/// A drawing on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DrawingDoc {
    /// 0 a highlight, 1 an arrow.
    pub shape: u64,
    /// The point it is at (0–27).
    pub at: u8,
    /// An arrow's head.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub to: Option<u8>,
    /// 0 green, 1 red, 2 blue, 3 yellow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub color: Option<u64>,
}

/// The players' clock: its settings and the reading at each ply it covers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ClockDoc {
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
    /// The reading at each ply, from the match's first: milliseconds since the match started.
    pub readings: Vec<ClockReadingDoc>,
}

/// A clock reading.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ClockReadingDoc {
    /// Where.
    #[serde(flatten)]
    pub place: PlaceDoc,
    /// Milliseconds since the match started.
    pub ms: u64,
}

/// What an analysing program says of an action, as the file carries it (gnubg's SGF).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AnalysisDoc {
    /// The plays considered, in the program's order (best first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub candidates: Vec<CandidateDoc>,
    /// The index of the play made among `candidates`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<usize>,
    /// The equity given up by the play made: the first candidate's less the played one's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equity_loss: Option<f64>,
    /// The best play (the first candidate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_play: Option<String>,
    /// The cube decision before the roll, or the double's (on a cube action).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cube: Option<CubeAnalysisDoc>,
    /// The luck of the roll, in equity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<f64>,
}

/// A play an analysing program considered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CandidateDoc {
    /// The play in the mover's numbering.
    pub play: String,
    /// Its equity for the mover.
    pub equity: f64,
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon.
    pub probabilities: [f64; 5],
    /// How it was evaluated (`2-ply`).
    pub level: String,
    /// Read from gnubg's SGF: the rest of the evaluation as gnubg wrote it (written back to
    /// SGF unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
}

/// The figures of a cube decision, for the player who may double.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CubeAnalysisDoc {
    /// No double.
    pub no_double: f64,
    /// Double, take.
    pub double_take: f64,
    /// Double, pass: as the file gives it, else derived (in match play, the doubler's match
    /// winning chances after winning the cube's value, by gnubg's table Kazaross-XG2; absent
    /// in money play, where it is 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_pass: Option<f64>,
    /// `equity` (money) or `mwc` (match winning chances, match play).
    #[schemars(extend("enum" = ["equity", "mwc"]))]
    pub unit: String,
    /// How it was evaluated.
    pub level: String,
    /// The right action: `no double, take`, `too good, pass`, `double, take`, `double, pass`
    /// (in match play with gnubg's match equity table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proper: Option<String>,
    /// What this action gave up against the right one (the double or not, the take or the
    /// pass), in the figures' unit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<f64>,
    /// Read from gnubg's SGF: the `DA` value as gnubg wrote it (written back unchanged).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluation: Option<String>,
}
