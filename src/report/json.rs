//! The JSON document of a replayed match (`tavla convert --to json`).
//!
//! The document is built from the typed structs below ([`MatchDoc`] and its parts); they
//! derive `Serialize`, `Deserialize` and `JsonSchema`, and their doc comments are the
//! descriptions of the JSON Schema [`schema`] returns (committed as
//! `schema/match.schema.json`). Field names are also documented in the README;
//! [`FORMAT_VERSION`] changes when they do.
//!
//! An `Option` field is either always present (null when absent, e.g. `match_length`) or
//! skipped when absent (`skip_serializing_if`); a skipped field is never null, so its schema is
//! that of the inner type (`#[schemars(with = ...)]`) and it is not required.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::ids::gnubg;
use crate::notation::{
    CellBody, Column, Moves, ResignLevel, Span, Stage, StageKind, StepText, TurnStages,
};
use crate::record::HeaderItem;
use crate::replay::{ActionTrace, Continued, GameResult, StageTrace, Verdict};
use crate::rules::{BAR, OFF, Position, RuleSet, Side, Step, Variant};

/// The `format` field.
pub const FORMAT: &str = "tavla-match";
/// The `format_version` field.
pub const FORMAT_VERSION: u32 = 1;

/// One match record, checked and replayed by tavla: header, games, actions and the verdict.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct MatchDoc {
    /// The document format: always `"tavla-match"`.
    pub format: String,
    /// The version of the document format; it changes when fields change.
    pub format_version: u32,
    /// The variant replayed (`"gul-bara"` or `"backgammon"`); null when the variant is not supported.
    pub variant: Option<VariantDoc>,
    /// Every rule option in force, e.g. `{"variant": "gul-bara", "preset": "bulgarian", "opening": "starter-plays-opening-dice", …}`; null when the variant is not supported.
    pub rules: Option<Map<String, Value>>,
    /// `N` of ` N point match` (0 = money session); null when the record has no match length line.
    pub match_length: Option<u64>,
    /// Every header tag (`; [Name "value"]`), in file order.
    pub tags: Vec<TagDoc>,
    /// Every other header or comment line, in file order.
    pub comments: Vec<CommentDoc>,
    /// The players of the first game's score line; null when the first game has none (or there is no game).
    pub players: Option<PlayersDoc>,
    /// The games, in record order.
    pub games: Vec<GameDoc>,
    /// True when the replay found no error.
    pub valid: bool,
    /// Number of errors found.
    pub errors: usize,
    /// Number of warnings found.
    pub warnings: usize,
    /// The rotating match the record is (`"Sreshta"`): each game's `variant` and `rules` follow
    /// from its number, and `variant`/`rules` above are those of the first game (absent
    /// otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub rotation: Option<String>,
    /// The analysis blocks the file holds (OGXM's `ANAL`/`DECS`), the primary first: who made
    /// each and how, and its decisions that no action carries (every decision of a block other
    /// than the primary, whose figures are the actions' `analysis`). Absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub analyses: Vec<AnalysisBlockDoc>,
    /// The annotations the file holds (OGXM's `ANNO`), in file order, each with its place.
    /// Absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub annotations: Vec<AnnotationDoc>,
    /// The players' clock (OGXM's `CLCK`). Absent when the file has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ClockDoc")]
    pub clock: Option<ClockDoc>,
    /// The signatures the file carries (OGXM's `MSIG` over the match, `SIGN` over an analysis
    /// block), each with what its check came to; absent when the file is unsigned.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub signatures: Vec<SignatureDoc>,
}

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

/// A signature the file carries and what its check came to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SignatureDoc {
    /// What it signs: `"match"` or `"analysis"`.
    #[schemars(extend("enum" = ["match", "analysis"]))]
    pub signs: String,
    /// For an analysis signature, the 1-based analysis block it signs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub analysis: Option<usize>,
    /// The public key the file gives with it, in hex.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub key: Option<String>,
    /// `valid` (verifies under a key given with `--keys`), `invalid` (does not verify: the
    /// signed bytes changed after signing), `unknown-key` (verifies only under the key the file
    /// carries, not among those given), `unchecked` (names no key and none was given).
    #[schemars(extend("enum" = ["valid", "invalid", "unknown-key", "unchecked"]))]
    pub status: String,
    /// Where the signature record lies in the file: its first byte.
    pub byte_offset: usize,
}

/// A game variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum VariantDoc {
    /// Gul bara.
    GulBara,
    /// Backgammon (also short nardy and nackgammon, as presets).
    Backgammon,
    /// Long nardy.
    LongNardy,
    /// Fevga (and Moultezim).
    Fevga,
    /// Tapa / Plakoto, the pinning game.
    Tapa,
    /// Hypergammon with 1 checker a side.
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

impl From<Variant> for VariantDoc {
    fn from(v: Variant) -> Self {
        match v {
            Variant::GulBara => VariantDoc::GulBara,
            Variant::Backgammon => VariantDoc::Backgammon,
            Variant::LongNardy => VariantDoc::LongNardy,
            Variant::Fevga => VariantDoc::Fevga,
            Variant::Tapa => VariantDoc::Tapa,
            Variant::Hypergammon1 => VariantDoc::Hypergammon1,
            Variant::Hypergammon2 => VariantDoc::Hypergammon2,
            Variant::Hypergammon3 => VariantDoc::Hypergammon3,
            Variant::Longgammon => VariantDoc::Longgammon,
        }
    }
}

/// One of the two players: White is the left column of the record, Black the right.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SideDoc {
    /// The left-column player.
    White,
    /// The right-column player.
    Black,
}

impl From<Side> for SideDoc {
    fn from(s: Side) -> Self {
        match s {
            Side::White => SideDoc::White,
            Side::Black => SideDoc::Black,
        }
    }
}

/// A byte range of the source file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SpanDoc {
    /// Byte offset of the first byte.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
}

impl From<Span> for SpanDoc {
    fn from(s: Span) -> Self {
        SpanDoc {
            offset: s.offset,
            len: s.len,
        }
    }
}

/// A header tag `; [Name "value"]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TagDoc {
    /// The tag name.
    pub name: String,
    /// The tag value, unescaped.
    pub value: String,
    /// 1-based line of the tag (only with `--with-source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub line: Option<usize>,
    /// Span of the value (only with `--with-source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SpanDoc")]
    pub span: Option<SpanDoc>,
}

/// A header or comment line that is not a tag (`; text`, `# text`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CommentDoc {
    /// 1-based line.
    pub line: usize,
    /// The text after the comment marker.
    pub text: String,
}

/// The two player names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlayersDoc {
    /// The left-column player.
    pub white: String,
    /// The right-column player.
    pub black: String,
}

/// GridGammon-style rating suffixes of the score line (`zoonk,1666`); a side without one is absent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RatingsDoc {
    /// White's rating, as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub white: Option<String>,
    /// Black's rating, as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub black: Option<String>,
}

/// The score of each side before a game, as written on its score line.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ScoreDoc {
    /// White's score.
    pub white: u64,
    /// Black's score.
    pub black: u64,
}

/// One game of the match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GameDoc {
    /// The number written after ` Game`.
    pub number: u64,
    /// The players of the score line (absent when the game has no score line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "PlayersDoc")]
    pub players: Option<PlayersDoc>,
    /// Rating suffixes of the score line (absent when neither name has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "RatingsDoc")]
    pub ratings: Option<RatingsDoc>,
    /// The score before the game (absent when the game has no score line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ScoreDoc")]
    pub score_before: Option<ScoreDoc>,
    /// Whether this is the Crawford game (absent when the game was not replayed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "bool")]
    pub crawford: Option<bool>,
    /// How the game ended (absent when the replay did not reach an end).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ResultDoc")]
    pub result: Option<ResultDoc>,
    /// Number of empty numbered turn lines (`  36)`) kept at the end of the game (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "usize")]
    pub empty_turn_lines: Option<usize>,
    /// The actions (cells) of the game, in record order.
    pub actions: Vec<ActionDoc>,
    /// In a rotating match (`Sreshta`), the variant this game was checked as (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "VariantDoc")]
    pub variant: Option<VariantDoc>,
    /// In a rotating match, every rule option in force for this game (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Map<String, Value>")]
    pub rules: Option<Map<String, Value>>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ResultDoc {
    /// The winner.
    pub winner: SideDoc,
    /// Points as written in `Wins N points`; null when not written.
    pub points: Option<u64>,
    /// The full value of the game (position, level and cube); null when unknown.
    pub value: Option<u64>,
    /// How the game ended.
    #[schemars(extend("enum" = ["bear-off", "resignation", "drop", "unchecked", "mother", "draw"]))]
    pub how: String,
    /// A drawn game (Tapa: both mothers pinned): each player scores `value`, and `winner` is
    /// the player who pinned the second mother.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub draw: bool,
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

/// An action's analysis as its document; `m`: where in a match its cube decision stands
/// (match play), for the double/pass figure in match winning chances that the file leaves out.
pub(crate) fn analysis_doc(
    a: &crate::record::Analysis,
    body: &CellBody,
    m: Option<&crate::record::MatchCube>,
) -> AnalysisDoc {
    AnalysisDoc {
        candidates: a
            .candidates
            .iter()
            .map(|c| CandidateDoc {
                play: c.play.clone(),
                equity: c.equity,
                probabilities: c.probabilities,
                level: c.level.clone(),
                context: c.context.clone(),
            })
            .collect(),
        played: a.played,
        equity_loss: a.equity_loss(),
        best_play: a.best().map(|c| c.play.clone()),
        cube: a.cube.as_ref().map(|c| CubeAnalysisDoc {
            no_double: c.no_double,
            double_take: c.double_take,
            // Given by the file, or derived in match play (money: 1, left out).
            double_pass: c
                .double_pass
                .or_else(|| c.match_winning_chances.then(|| c.double_pass_in(m))?),
            unit: if c.match_winning_chances {
                "mwc"
            } else {
                "equity"
            }
            .into(),
            level: c.level.clone(),
            proper: c.proper_in(m).map(|p| p.as_str().to_string()),
            error: match body {
                CellBody::Double { .. } => c.doubling_error_in(true, m),
                CellBody::Take => c.taking_error_in(true, m),
                CellBody::Drop => c.taking_error_in(false, m),
                CellBody::Turn { .. } => c.doubling_error_in(false, m),
                _ => None,
            },
            evaluation: c.evaluation.clone(),
        }),
        luck: a.luck,
    }
}

/// The match context of the cube decision at action `ai` of game `g` in match play: the
/// doubler (the player on roll, or who doubled; the other side of a take or a pass), the score
/// before the game, the cube before the double (before the turn; half the double's value, of
/// the last double for its answer), the Crawford game. `None` in money play.
pub(crate) fn match_cube(
    v: &Verdict,
    gi: usize,
    ai: usize,
    side: Side,
) -> Option<crate::record::MatchCube> {
    let length = v.record.length.map_or(0, |l| l.0);
    let g = v.record.games.get(gi)?;
    let a = g.actions.get(ai)?;
    let trace = v.games.get(gi);
    let crawford = trace.is_some_and(|t| t.crawford);
    let t = trace.and_then(|tr| tr.actions.get(ai));
    let cube = match (&a.cell.body, t) {
        (_, Some(ActionTrace::Turn { cube, .. })) => Some(u64::from(cube.0)),
        (CellBody::Double { value, .. }, _) => Some(value / 2),
        (CellBody::Take | CellBody::Drop, _) => g.actions[..ai].iter().rev().find_map(|p| match p
            .cell
            .body
        {
            CellBody::Double { value, .. } => Some(value / 2),
            _ => None,
        }),
        _ => None,
    }?;
    let doubler = match a.cell.body {
        CellBody::Take | CellBody::Drop => side.other(),
        _ => side,
    };
    let (l, r) = g.score.as_ref()?;
    if length == 0 {
        return None;
    }
    let (w, b) = (l.score, r.score);
    Some(crate::record::MatchCube {
        length,
        score: if doubler == Side::White {
            (w, b)
        } else {
            (b, w)
        },
        cube,
        crawford,
    })
}

/// What every action carries, whatever its type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ActionBaseDoc {
    /// 1-based line of the cell.
    pub line: usize,
    /// Whose column the cell is in.
    pub player: SideDoc,
    /// False when the cell was not replayed (after the first fatal problem, or an unsupported variant).
    pub checked: bool,
    /// Span of the cell (only with `--with-source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SpanDoc")]
    pub span: Option<SpanDoc>,
    /// The cell as written (only with `--with-source`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub source: Option<String>,
    /// The comment the file attaches to this entry (SGF's `C[]`, an XG move's comment).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub comment: Option<String>,
    /// What an analysing program says of the action, where the file carries it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "AnalysisDoc")]
    pub analysis: Option<AnalysisDoc>,
    /// The OGID before the action (OGXM's position identifier: the board, cube, dice, game
    /// state, score and move number), as OGXM's codec gives it (`ogid_before`): for the rolls,
    /// cube actions and resignations of the backgammon family that were replayed (and the
    /// action a game's replay stopped at).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub ogid: Option<String>,
}

/// One cell of a game, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum ActionDoc {
    /// A roll with its play (and chain stages), or received remainder stages played.
    Turn(TurnDoc),
    /// `Doubles => N`.
    Double(CubeDoc),
    /// `Beavers => N`.
    Beaver(CubeDoc),
    /// `Raccoons => N`.
    Raccoon(CubeDoc),
    /// `Takes`: the answer to a double.
    Take(AnswerDoc),
    /// `Drops`: the answer to a double.
    Drop(AnswerDoc),
    /// `Wins N point(s) [and the match]`.
    Wins(WinsDoc),
    /// `Losses N point(s)` (Backgammon Galaxy).
    Losses(LossesDoc),
    /// `Draw` (Tapa: both mothers pinned).
    Draw(AnswerDoc),
    /// `Resigns`, `Resigned [Game|Gammon|Backgammon|Match]`: the player of its column resigns.
    Resign(ResignDoc),
}

impl ActionDoc {
    /// The fields every action carries.
    pub fn base(&self) -> &ActionBaseDoc {
        match self {
            ActionDoc::Turn(a) => &a.base,
            ActionDoc::Double(a) | ActionDoc::Beaver(a) | ActionDoc::Raccoon(a) => &a.base,
            ActionDoc::Take(a) | ActionDoc::Drop(a) => &a.base,
            ActionDoc::Wins(a) => &a.base,
            ActionDoc::Losses(a) => &a.base,
            ActionDoc::Draw(a) => &a.base,
            ActionDoc::Resign(a) => &a.base,
        }
    }
}

/// A turn: a roll with its play, or remainder stages received from the opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TurnDoc {
    /// Line, player, checked and source.
    #[serde(flatten)]
    pub base: ActionBaseDoc,
    /// The two dice of the roll as written (absent when the cell holds only received stages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "[u8; 2]")]
    pub dice: Option<[u8; 2]>,
    /// Remainder stages `(nn):` received from the opponent, in written order.
    pub received: Vec<StageDoc>,
    /// The roll's stage `dd:`, then chain stages `+nn:`, in written order.
    pub stages: Vec<StageDoc>,
    /// The position after the turn (absent when the turn was not replayed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "PositionDoc")]
    pub position: Option<PositionDoc>,
    /// GNU Backgammon Position ID before the turn (backgammon only, for replayed rolls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub position_id: Option<String>,
    /// GNU Backgammon Match ID before the turn (backgammon only, for replayed rolls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub match_id: Option<String>,
    /// The play is illegal and was made at the board: the game went on from the position it
    /// left (as written, or as the file stores it). Absent when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub made_at_board: bool,
}

/// A cube action: `Doubles`, `Beavers` or `Raccoons`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CubeDoc {
    /// Line, player, checked and source.
    #[serde(flatten)]
    pub base: ActionBaseDoc,
    /// The new cube value.
    pub value: u64,
}

/// An answer to a double: `Takes` or `Drops`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct AnswerDoc {
    /// Line, player, checked and source.
    #[serde(flatten)]
    pub base: ActionBaseDoc,
}

/// `Wins N point(s) [and the match]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct WinsDoc {
    /// Line, player, checked and source.
    #[serde(flatten)]
    pub base: ActionBaseDoc,
    /// Points as written.
    pub points: u64,
    /// Whether `and the match` is written.
    pub and_match: bool,
}

/// A resignation: `Resigns` (also `Resign`, `Resigned`), or `Resigned` with the level resigned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ResignDoc {
    /// Line, player (the resigning player) and source.
    #[serde(flatten)]
    pub base: ActionBaseDoc,
    /// The level written after the word (`Resigned Gammon`); absent when none is written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ResignLevelDoc")]
    pub level: Option<ResignLevelDoc>,
}

/// The level a resignation names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ResignLevelDoc {
    /// `Resigned Game`: the game, at the level its `Wins` gives.
    Game,
    /// `Resigned Gammon`: a gammon (a mars), twice the cube.
    Gammon,
    /// `Resigned Backgammon`: a backgammon (a koks), three times the cube.
    Backgammon,
    /// `Resigned Match`: the match; the winner takes the points still needed.
    Match,
}

impl From<ResignLevel> for ResignLevelDoc {
    fn from(l: ResignLevel) -> Self {
        match l {
            ResignLevel::Game => ResignLevelDoc::Game,
            ResignLevel::Gammon => ResignLevelDoc::Gammon,
            ResignLevel::Backgammon => ResignLevelDoc::Backgammon,
            ResignLevel::Match => ResignLevelDoc::Match,
        }
    }
}

impl From<ResignLevelDoc> for ResignLevel {
    fn from(l: ResignLevelDoc) -> Self {
        match l {
            ResignLevelDoc::Game => ResignLevel::Game,
            ResignLevelDoc::Gammon => ResignLevel::Gammon,
            ResignLevelDoc::Backgammon => ResignLevel::Backgammon,
            ResignLevelDoc::Match => ResignLevel::Match,
        }
    }
}

/// `Losses N point(s)` (Backgammon Galaxy).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LossesDoc {
    /// Line, player, checked and source.
    #[serde(flatten)]
    pub base: ActionBaseDoc,
    /// Points as written.
    pub points: u64,
}

/// The kind of a stage.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum StageKindDoc {
    /// `(nn):` a remainder stage received from the opponent.
    Received,
    /// `dd:` the roll.
    Roll,
    /// `+nn:` a chain stage.
    Chain,
}

impl From<StageKind> for StageKindDoc {
    fn from(k: StageKind) -> Self {
        match k {
            StageKind::Received => StageKindDoc::Received,
            StageKind::Roll => StageKindDoc::Roll,
            StageKind::Chain => StageKindDoc::Chain,
        }
    }
}

/// A stage of a turn: dice and the play written for them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StageDoc {
    /// Which form the stage is written in.
    pub kind: StageKindDoc,
    /// The dice: two values for a mixed roll, one value for a doublet.
    #[schemars(length(min = 1, max = 2))]
    pub dice: Vec<u8>,
    /// The play as written, normalised (`Cannot Move`, `????` and `Illegal play (…)` kept as written; empty when nothing is written).
    pub play: String,
    /// Single-die steps the stage offered (absent when the stage was not replayed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub available: Option<u8>,
    /// The single-die steps taken, as replayed (absent when the stage was not replayed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<StepDoc>")]
    pub steps: Option<Vec<StepDoc>>,
}

/// One checker hop using one die, in the mover's own numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct StepDoc {
    /// Origin point (25 = bar).
    pub from: u8,
    /// Destination point (0 = off).
    pub to: u8,
    /// The die used.
    pub die: u8,
    /// Whether an opposing blot was hit (backgammon).
    pub hit: bool,
}

impl From<&Step> for StepDoc {
    fn from(s: &Step) -> Self {
        StepDoc {
            from: s.from,
            to: s.to,
            die: s.die,
            hit: s.hit,
        }
    }
}

/// A position: each side in its own numbering, plus the board in White's numbering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PositionDoc {
    /// White's checkers per point (keys `"1"`–`"24"`) in White's own numbering; empty points are absent.
    #[schemars(with = "BTreeMap<String, u8>", extend("propertyNames" = { "pattern": POINT_KEY }))]
    pub white: PointCounts,
    /// Black's checkers per point (keys `"1"`–`"24"`) in Black's own numbering; empty points are absent.
    #[schemars(with = "BTreeMap<String, u8>", extend("propertyNames" = { "pattern": POINT_KEY }))]
    pub black: PointCounts,
    /// White's checkers borne off.
    pub white_off: u8,
    /// Black's checkers borne off.
    pub black_off: u8,
    /// White's checkers on the bar.
    pub white_bar: u8,
    /// Black's checkers on the bar.
    pub black_bar: u8,
    /// Every occupied point in White's numbering, ascending.
    pub board: Vec<BoardPointDoc>,
}

/// One side's checkers on its points 1–24 (index 0 unused), serialized as a JSON object with
/// the occupied points as keys (`{"6": 5, "13": 5}`), ascending, without building a map.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PointCounts(pub [u8; 25]);

/// The map keys `"1"`–`"24"`.
const POINT_NAMES: [&str; 25] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24",
];

impl Serialize for PointCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let n = self.0[1..].iter().filter(|&&c| c > 0).count();
        let mut m = s.serialize_map(Some(n))?;
        for (p, &c) in self.0.iter().enumerate().skip(1) {
            if c > 0 {
                m.serialize_entry(POINT_NAMES[p], &c)?;
            }
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for PointCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, u8>::deserialize(d)?;
        let mut out = PointCounts::default();
        for (k, v) in map {
            match k.parse::<usize>() {
                Ok(p) if (1..=24).contains(&p) => out.0[p] = v,
                _ => {
                    return Err(serde::de::Error::custom(format!(
                        "point key {k:?} is not 1-24"
                    )));
                }
            }
        }
        Ok(out)
    }
}

/// A point number 1–24 as a map key.
const POINT_KEY: &str = "^([1-9]|1[0-9]|2[0-4])$";

/// One occupied point of the board, in White's numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BoardPointDoc {
    /// The point, in White's numbering (1–24).
    #[schemars(range(min = 1, max = 24))]
    pub point: u8,
    /// White's checkers there (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub white: Option<u8>,
    /// Black's checkers there (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub black: Option<u8>,
    /// Whose checker lies pinned there under the other's (Tapa; absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SideDoc")]
    pub pinned: Option<SideDoc>,
}

pub(crate) fn opposite(rules: Option<&RuleSet>) -> fn(u8) -> u8 {
    rules.map_or(crate::rules::backgammon::opposite, RuleSet::opposite_fn)
}

/// A position as a typed document; `opposite` maps a point to the other side's numbering.
pub fn position_doc(pos: &Position, opposite: fn(u8) -> u8) -> PositionDoc {
    let side_map = |s: Side| {
        let mut c = PointCounts::default();
        for p in 1..=24u8 {
            c.0[p as usize] = pos.count(s, p);
        }
        c
    };
    let board = (1..=24u8)
        .filter_map(|p| {
            let w = pos.count(Side::White, p);
            let b = pos.count(Side::Black, opposite(p));
            let pinned = if pos.pinned(Side::White, p) {
                Some(SideDoc::White)
            } else if pos.pinned(Side::Black, opposite(p)) {
                Some(SideDoc::Black)
            } else {
                None
            };
            (w > 0 || b > 0).then_some(BoardPointDoc {
                point: p,
                white: (w > 0).then_some(w),
                black: (b > 0).then_some(b),
                pinned,
            })
        })
        .collect();
    PositionDoc {
        white: side_map(Side::White),
        black: side_map(Side::Black),
        white_off: pos.count(Side::White, OFF),
        black_off: pos.count(Side::Black, OFF),
        white_bar: pos.count(Side::White, BAR),
        black_bar: pos.count(Side::Black, BAR),
        board,
    }
}

/// A position as JSON: each side in its own numbering, plus the board in White's numbering.
pub fn position_json(pos: &Position, opposite: fn(u8) -> u8) -> Value {
    to_value(&position_doc(pos, opposite))
}

fn to_value<T: Serialize>(doc: &T) -> Value {
    // The document types hold only strings, numbers, booleans, sequences and maps with string or
    // integer keys, which always serialize.
    serde_json::to_value(doc).expect("a tavla document always serializes to JSON")
}

fn written(m: &Moves, steps: &[StepText], source: &str) -> String {
    let mut out = String::new();
    write_written(m, steps, source, &mut out);
    out
}

/// Append a stage's play as written to `out`: a marker (`Cannot Move`, `????`, `Illegal play
/// (…)`) first, then any steps written with it: nothing written is dropped, even where the
/// two contradict each other.
pub(crate) fn write_written(m: &Moves, steps: &[StepText], source: &str, out: &mut String) {
    let start = out.len();
    let sep = |out: &mut String| {
        if out.len() > start {
            out.push(' ');
        }
    };
    if m.cannot_move().is_some() {
        sep(out);
        out.push_str("Cannot Move");
    }
    if let Some(span) = m.unknown() {
        sep(out);
        out.push_str(source.get(span.offset..span.end()).unwrap_or("????"));
    }
    if let Some(span) = m.illegal() {
        sep(out);
        out.push_str(
            source
                .get(span.offset..span.end())
                .unwrap_or("Illegal play ()"),
        );
    }
    for st in m.steps.of(steps) {
        sep(out);
        st.push_to(out);
    }
}

fn stage_doc(
    stage: &Stage,
    trace: Option<&StageTrace>,
    steps: &[StepText],
    source: &str,
) -> StageDoc {
    StageDoc {
        kind: stage.kind.into(),
        dice: if stage.a == stage.b {
            vec![stage.a]
        } else {
            vec![stage.a, stage.b]
        },
        play: written(&stage.moves, steps, source),
        available: trace.map(|t| t.available),
        steps: trace.map(|t| t.steps.iter().map(StepDoc::from).collect()),
    }
}

fn result_doc(r: &GameResult) -> ResultDoc {
    ResultDoc {
        winner: r.winner.into(),
        points: r.written,
        value: r.full,
        how: r.how.into(),
        draw: r.draw,
    }
}

/// The whole match as a typed document.
pub fn match_doc(v: &Verdict, with_source: bool, source: &str) -> MatchDoc {
    match_doc_with(v, with_source, source, true)
}

/// [`match_doc`], or with `with_actions` false its frame: every game's `actions` left empty (the
/// JSON Lines writer writes them itself, [`super::jsonl`]).
pub(crate) fn match_doc_with(
    v: &Verdict,
    with_source: bool,
    source: &str,
    with_actions: bool,
) -> MatchDoc {
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    for h in &v.record.header {
        match h {
            HeaderItem::Tag {
                name,
                value,
                line,
                span,
            } => tags.push(TagDoc {
                name: name.clone(),
                value: value.clone(),
                line: with_source.then_some(*line),
                span: with_source.then_some((*span).into()),
            }),
            HeaderItem::Comment { text, line } => comments.push(CommentDoc {
                line: *line,
                text: text.clone(),
            }),
        }
    }
    // Where the plays made at the board are: the findings continued from them.
    let made_at_board: Vec<usize> = v
        .findings
        .iter()
        .filter(|f| {
            matches!(
                f.continued,
                Some(Continued::AsWritten | Continued::StoredPosition)
            )
        })
        .map(|f| f.span.offset)
        .collect();
    let mut games = Vec::new();
    let ogids = if with_actions {
        super::ogid::match_ogids(v)
    } else {
        Vec::new()
    };
    for (gi, g) in v.record.games.iter().enumerate() {
        let trace = v.games.get(gi);
        // The game's own rules (a rotating match changes them from game to game).
        let game_rules = trace.map(|t| t.rules).or(v.rules);
        let opp = opposite(game_rules.as_ref());
        let mut actions = Vec::new();
        for (ai, a) in g.actions.iter().enumerate().filter(|_| with_actions) {
            let t = trace.and_then(|t| t.actions.get(ai));
            let side = match (t, a.cell.column) {
                // Backgammon Galaxy's unindented `Losses` line: the replay knows the loser.
                (Some(ActionTrace::Result { side, .. }), _) => *side,
                (_, Column::Left) => Side::White,
                (_, Column::Right) => Side::Black,
            };
            let base = ActionBaseDoc {
                line: a.line,
                player: side.into(),
                checked: !matches!(t, Some(ActionTrace::Unchecked { .. }) | None),
                span: with_source.then_some(a.cell.span.into()),
                source: with_source.then(|| {
                    source
                        .get(a.cell.span.offset..a.cell.span.end())
                        .unwrap_or("")
                        .to_string()
                }),
                comment: a.comment.clone(),
                analysis: a.analysis.as_deref().map(|x| {
                    let m = x.cube.as_ref().and_then(|_| match_cube(v, gi, ai, side));
                    analysis_doc(x, &a.cell.body, m.as_ref())
                }),
                ogid: ogids
                    .get(gi)
                    .and_then(|g| g.get(ai))
                    .and_then(|p| p.as_ref())
                    .map(|p| p.before.to_string()),
            };
            let action = match &a.cell.body {
                CellBody::Turn { stages } => {
                    let TurnStages {
                        received,
                        roll,
                        chain,
                    } = stages.split(&v.record.stages);
                    let (rt, st, pos) = match t {
                        Some(ActionTrace::Turn {
                            received,
                            stages,
                            position,
                            ..
                        }) => (Some(received), Some(stages), Some(position)),
                        _ => (None, None, None),
                    };
                    let mut turn = TurnDoc {
                        base,
                        dice: roll.map(|r| [r.a, r.b]),
                        received: received
                            .iter()
                            .enumerate()
                            .map(|(k, s)| {
                                stage_doc(s, rt.and_then(|r| r.get(k)), &v.record.steps, source)
                            })
                            .collect(),
                        stages: roll
                            .into_iter()
                            .chain(chain)
                            .enumerate()
                            .map(|(k, s)| {
                                stage_doc(s, st.and_then(|r| r.get(k)), &v.record.steps, source)
                            })
                            .collect(),
                        position: pos.map(|p| position_doc(p, opp)),
                        position_id: None,
                        match_id: None,
                        made_at_board: made_at_board
                            .iter()
                            .any(|&o| a.cell.span.offset <= o && o < a.cell.span.end()),
                    };
                    if let (
                        Some(rules),
                        Some(ActionTrace::Turn {
                            before,
                            cube,
                            roll: Some(dice),
                            ..
                        }),
                    ) = (game_rules.as_ref().filter(|r| r.backgammon_board()), t)
                    {
                        let score = g
                            .score
                            .as_ref()
                            .map(|(l, r)| (l.score, r.score))
                            .unwrap_or((0, 0));
                        let state = gnubg::MatchState {
                            cube: cube.0,
                            owner: cube.1,
                            on_roll: side,
                            crawford: trace.is_some_and(|t| t.crawford),
                            dice: *dice,
                            length: v.record.length.map(|l| l.0).unwrap_or(0),
                            score,
                            crawford_rule: rules.cube().crawford
                                && v.record.length.is_some_and(|l| l.0 > 0),
                        };
                        turn.position_id = Some(gnubg::position_id(before, side));
                        turn.match_id = Some(gnubg::match_id(&state));
                    }
                    ActionDoc::Turn(turn)
                }
                CellBody::Double { value, .. } => ActionDoc::Double(CubeDoc {
                    base,
                    value: *value,
                }),
                CellBody::Beaver { value, .. } => ActionDoc::Beaver(CubeDoc {
                    base,
                    value: *value,
                }),
                CellBody::Raccoon { value, .. } => ActionDoc::Raccoon(CubeDoc {
                    base,
                    value: *value,
                }),
                CellBody::Take => ActionDoc::Take(AnswerDoc { base }),
                CellBody::Drop => ActionDoc::Drop(AnswerDoc { base }),
                CellBody::Wins {
                    points, and_match, ..
                } => ActionDoc::Wins(WinsDoc {
                    base,
                    points: *points,
                    and_match: *and_match,
                }),
                CellBody::Losses { points, .. } => ActionDoc::Losses(LossesDoc {
                    base,
                    points: *points,
                }),
                CellBody::Draw => ActionDoc::Draw(AnswerDoc { base }),
                CellBody::Resign { level } => ActionDoc::Resign(ResignDoc {
                    base,
                    level: level.map(ResignLevelDoc::from),
                }),
            };
            actions.push(action);
        }
        let ratings = g.score.as_ref().and_then(|(l, r)| {
            (l.rating.is_some() || r.rating.is_some()).then(|| RatingsDoc {
                white: l.rating.clone(),
                black: r.rating.clone(),
            })
        });
        games.push(GameDoc {
            number: g.number,
            players: g.score.as_ref().map(|(l, r)| PlayersDoc {
                white: l.name.clone(),
                black: r.name.clone(),
            }),
            ratings,
            score_before: g.score.as_ref().map(|(l, r)| ScoreDoc {
                white: l.score,
                black: r.score,
            }),
            crawford: trace.map(|t| t.crawford),
            result: trace.and_then(|t| t.result.as_ref()).map(result_doc),
            empty_turn_lines: (!g.empty_lines.is_empty()).then_some(g.empty_lines.len()),
            actions,
            variant: v.rotation.and(game_rules).map(|r| r.variant().into()),
            rules: v.rotation.and(game_rules).and_then(|r| match to_value(&r) {
                Value::Object(m) => Some(m),
                _ => None,
            }),
        });
    }
    let players = v
        .record
        .games
        .first()
        .and_then(|g| g.score.as_ref())
        .map(|(l, r)| PlayersDoc {
            white: l.name.clone(),
            black: r.name.clone(),
        });
    let rules = v.rules.as_ref().and_then(|r| match to_value(r) {
        Value::Object(m) => Some(m),
        _ => None,
    });
    let (analyses, annotations, clock) = extras_docs(v);
    MatchDoc {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        variant: v.rules.map(|r| r.variant().into()),
        rules,
        match_length: v.record.length.map(|l| l.0),
        tags,
        comments,
        players,
        games,
        valid: v.errors() == 0,
        errors: v.errors(),
        warnings: v.warnings(),
        rotation: v.rotation.map(|r| r.name().to_string()),
        analyses,
        annotations,
        clock,
        signatures: v
            .record
            .signatures
            .iter()
            .map(|g| SignatureDoc {
                signs: if g.analysis.is_some() {
                    "analysis"
                } else {
                    "match"
                }
                .into(),
                analysis: g.analysis.map(|b| b + 1),
                key: g.key.clone(),
                status: g.status.name().into(),
                byte_offset: g.at.offset,
            })
            .collect(),
    }
}

/// The extras of a match (its analysis blocks, annotations and clock) as their documents.
fn extras_docs(v: &Verdict) -> (Vec<AnalysisBlockDoc>, Vec<AnnotationDoc>, Option<ClockDoc>) {
    let Some(x) = v.record.extras.as_deref() else {
        return (Vec::new(), Vec::new(), None);
    };
    let place = |p: &crate::record::extras::Place| PlaceDoc {
        game: v
            .record
            .games
            .get(p.game)
            .map_or(p.game as u64 + 1, |g| g.number),
        ply: p.ply,
        action: p.action,
    };
    let blocks = x
        .blocks
        .iter()
        .map(|b| AnalysisBlockDoc {
            id: b.id.clone(),
            primary: b.primary,
            producer: b.producer,
            model_id: b.model_id.clone(),
            model_name: b.model_name.clone(),
            engine_build: b.engine_build.clone(),
            currency: b.currency.clone(),
            met_id: b.met_id.clone(),
            tables: b.tables.clone(),
            level: b.level.clone(),
            complete: b.complete,
            cube_efficiency: b.cube_efficiency,
            started_at: b.started_at,
            completed_at: b.completed_at,
            duration_ms: b.duration_ms,
            decisions: b
                .decisions
                .iter()
                .map(|d| {
                    let p = d.place;
                    let action = p
                        .action
                        .and_then(|ai| Some((ai, v.record.games.get(p.game)?.actions.get(ai)?)));
                    BlockDecisionDoc {
                        place: place(&p),
                        kind: d.kind.clone(),
                        analysis: d.analysis.as_ref().map(|a| match action {
                            Some((ai, act)) => {
                                let side = match act.cell.column {
                                    Column::Left => Side::White,
                                    Column::Right => Side::Black,
                                };
                                let m = a
                                    .cube
                                    .as_ref()
                                    .and_then(|_| match_cube(v, p.game, ai, side));
                                analysis_doc(a, &act.cell.body, m.as_ref())
                            }
                            None => analysis_doc(a, &CellBody::Draw, None),
                        }),
                        resign: d.resign.as_ref().map(|r| ResignAnalysisDoc {
                            correct_value: r.correct_value,
                            resign_error: r.resign_error,
                            take_resign_error: r.take_resign_error,
                            probabilities: r.probabilities,
                            equity_loss: r.equity_loss,
                            level: r.level.clone(),
                        }),
                    }
                })
                .collect(),
        })
        .collect();
    let annotations = x
        .annotations
        .iter()
        .map(|n| AnnotationDoc {
            scope: n.scope.clone(),
            place: n.place.as_ref().map(place),
            analysis_id: n.analysis_id.clone(),
            kind: n.kind.clone(),
            alternative: n.alternative,
            key: n.key.clone(),
            lang: n.lang.clone(),
            author: n.author.clone(),
            at: n.at,
            text: n.text.clone(),
            drawings: n
                .drawings
                .iter()
                .map(|d| DrawingDoc {
                    shape: d.shape,
                    at: d.at,
                    to: d.to,
                    color: d.color,
                })
                .collect(),
        })
        .collect();
    let clock = x.clock.as_ref().map(|c| ClockDoc {
        reserve_ms: c.reserve_ms,
        delay_ms: c.delay_ms,
        increment_ms: c.increment_ms,
        start_timestamp: c.start_timestamp,
        flags: c.flags,
        precision: c.precision,
        readings: c
            .readings
            .iter()
            .map(|(p, ms)| ClockReadingDoc {
                place: place(p),
                ms: *ms,
            })
            .collect(),
    });
    (blocks, annotations, clock)
}

/// The whole match as a JSON document (the serialized [`match_doc`]).
pub fn match_json(v: &Verdict, with_source: bool, source: &str) -> Value {
    to_value(&match_doc(v, with_source, source))
}

/// The `$id` of the JSON Schema of the document.
pub fn schema_id() -> String {
    format!("urn:tavla:schema:{FORMAT}:{FORMAT_VERSION}")
}

/// The JSON Schema (draft 2020-12) of the document, generated from [`MatchDoc`]: it describes
/// the JSON as serialized (fields that are skipped when absent are optional, the others
/// required, possibly null). Committed as `schema/match.schema.json`; `tavla schema` prints it.
pub fn schema() -> Value {
    let settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    let mut schema = settings.into_generator().into_root_schema_for::<MatchDoc>();
    schema.insert("$id".into(), Value::String(schema_id()));
    schema.insert(
        "title".into(),
        Value::String(format!(
            "{FORMAT} document, format_version {FORMAT_VERSION}"
        )),
    );
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        if let Some(Value::Object(p)) = props.get_mut("format") {
            p.insert("const".into(), Value::String(FORMAT.into()));
        }
        if let Some(Value::Object(p)) = props.get_mut("format_version") {
            p.insert("const".into(), Value::from(FORMAT_VERSION));
        }
    }
    schema.to_value()
}
