//! The match document's types: the match with its header, games and actions, each a struct
//! deriving `Serialize`, `Deserialize` and `JsonSchema` whose doc comments are the schema's
//! descriptions.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{
    AnalysisBlockDoc, AnalysisDoc, AnnotationDoc, ClockDoc, PositionDoc, SideDoc, StageKindDoc,
    VariantDoc,
};
use crate::notation::{ResignLevel, Span};
use crate::rules::Step;

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
