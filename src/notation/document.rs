//! The syntax tree of a match file: the document, its lines and their kinds, the cells of
//! turn and result lines, their stages and moves, and the ranges that point into the
//! document's flat lists of cells, stages and steps.

use super::play::StepText;
use super::{Span, SyntaxError};

/// A parsed match file: its lines in order, and every syntax error found.
#[derive(Clone, Debug, Default)]
pub struct Document {
    /// Every line of the file, blank ones included.
    pub lines: Vec<Line>,
    /// Syntax errors, in source order.
    pub errors: Vec<SyntaxError>,
    /// Whether the file starts with a UTF-8 byte-order mark.
    pub bom: bool,
    /// Whether any line ends with CRLF.
    pub crlf: bool,
    /// Every step of the file, in source order; a stage's [`Moves::steps`] is a range of it
    /// (one allocation per file instead of one per stage).
    pub steps: Vec<StepText>,
    /// Every cell of the file's turn and result lines, in source order; a line's cells are a
    /// range of it.
    pub cells: Vec<Cell>,
    /// Every stage of the file's turn cells, in source order; a turn cell's stages are a
    /// range of it ([`StageRange`]).
    pub stages: Vec<Stage>,
}

/// One line of a match file.
#[derive(Clone, Debug)]
pub struct Line {
    /// 1-based line number.
    pub number: usize,
    /// The line's text without its terminator and surrounding whitespace.
    pub span: Span,
    /// What the line is.
    pub kind: LineKind,
    /// True when the line had a syntax error (its content is incomplete).
    pub broken: bool,
}

/// What a line is.
#[derive(Clone, Debug)]
pub enum LineKind {
    /// Empty or only whitespace.
    Blank,
    /// `; text` or `# text` that is not a tag.
    Comment {
        /// The text after the marker, trimmed.
        text: String,
    },
    /// `; [Name "value"]`.
    Tag {
        /// Tag name.
        name: String,
        /// Tag value, unescaped.
        value: String,
        /// Span of the value.
        value_span: Span,
    },
    /// ` N point match`.
    MatchLength {
        /// N (0 = money session).
        length: u64,
        /// Span of N.
        span: Span,
    },
    /// ` Game N`.
    Game {
        /// N.
        number: u64,
        /// Span of N.
        span: Span,
    },
    /// ` Left : 0     Right : 0`.
    Score {
        /// The left column's player and score.
        left: Box<NameScore>,
        /// The right column's player and score.
        right: Box<NameScore>,
    },
    /// `  N) cell cell`.
    Turn {
        /// The written turn number.
        number: u64,
        /// Its span.
        number_span: Span,
        /// Zero, one or two cells: a range of [`Document::cells`].
        cells: CellRange,
    },
    /// An unnumbered line holding only a result (` Wins 1 point`), a resignation or both.
    Result {
        /// The result cells: a range of [`Document::cells`].
        cells: CellRange,
        /// The column its text starts at (leading blanks; a tab to the next multiple of 8).
        indent: usize,
    },
    /// A line that could not be classified (an error was recorded).
    Unknown,
}

/// A player's name and score on a score line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameScore {
    /// The name (without a rating suffix).
    pub name: String,
    /// A GridGammon-style rating suffix (`zoonk,1666` -> `1666`).
    pub rating: Option<String>,
    /// The score before the game.
    pub score: u64,
    /// Span of the name.
    pub name_span: Span,
    /// Span of the score.
    pub score_span: Span,
}

/// Which column a cell stands in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Column {
    /// The left player's column.
    Left,
    /// The right player's column.
    Right,
}

/// One cell of a turn or result line.
#[derive(Clone, Debug)]
pub struct Cell {
    /// Whose column.
    pub column: Column,
    /// The cell's text.
    pub span: Span,
    /// Its content.
    pub body: CellBody,
}

/// The content of a cell.
#[derive(Clone, Debug)]
pub enum CellBody {
    /// Received remainder stages, a roll with its play, and chain stages: a range of
    /// [`Document::stages`] (`record::Match::stages` once the record is built), in that
    /// order; [`StageRange::split`] gives the three parts.
    Turn {
        /// The cell's stages.
        stages: StageRange,
    },
    /// `Doubles => N`.
    Double {
        /// N.
        value: u64,
        /// Span of N.
        value_span: Span,
    },
    /// `Beavers => N`.
    Beaver {
        /// N.
        value: u64,
        /// Span of N.
        value_span: Span,
    },
    /// `Raccoons => N`.
    Raccoon {
        /// N.
        value: u64,
        /// Span of N.
        value_span: Span,
    },
    /// `Takes`.
    Take,
    /// `Drops`.
    Drop,
    /// `Wins N point(s) [and the match]`.
    Wins {
        /// N.
        points: u64,
        /// Span of N.
        points_span: Span,
        /// `and the match` written.
        and_match: bool,
    },
    /// `Losses N point(s)` (Backgammon Galaxy).
    Losses {
        /// N.
        points: u64,
        /// Span of N.
        points_span: Span,
    },
    /// `Draw`: the game ended without a winner (Tapa: both mothers pinned).
    Draw,
    /// `Resigns`, `Resign`, `Resigned`, optionally followed by the level resigned
    /// (`Resigned Gammon`): the player of the cell's column resigns; the winner's `Wins` line
    /// follows (or stands beside it) with the value.
    Resign {
        /// The level written after the word, if any.
        level: Option<ResignLevel>,
    },
}

/// The level a written resignation names: `Resigned Game`, `Gammon`, `Backgammon`, `Match`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ResignLevel {
    /// `Game`: the game, at whatever level the `Wins` after it says.
    Game,
    /// `Gammon`: a gammon (a mars in the games without a triple win), twice the cube.
    Gammon,
    /// `Backgammon`: a backgammon (a koks), three times the cube.
    Backgammon,
    /// `Match`: the match; the winner takes the points still needed.
    Match,
}

impl ResignLevel {
    /// The level's word as written after `Resigned`.
    pub fn word(self) -> &'static str {
        match self {
            ResignLevel::Game => "Game",
            ResignLevel::Gammon => "Gammon",
            ResignLevel::Backgammon => "Backgammon",
            ResignLevel::Match => "Match",
        }
    }
    /// The level a word names (any case): `game`, `gammon`, `backgammon`, `match`.
    pub fn from_word(word: &str) -> Option<ResignLevel> {
        [
            ResignLevel::Game,
            ResignLevel::Gammon,
            ResignLevel::Backgammon,
            ResignLevel::Match,
        ]
        .into_iter()
        .find(|l| l.word().eq_ignore_ascii_case(word))
    }
}

/// The kind of a stage.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StageKind {
    /// `(nn):` a remainder stage received from the opponent.
    Received,
    /// `dd:` the roll.
    Roll,
    /// `+nn:` a chain stage.
    Chain,
}

/// A stage: dice and the play written for them.
#[derive(Clone, Debug)]
pub struct Stage {
    /// Which form.
    pub kind: StageKind,
    /// First die as written.
    pub a: u8,
    /// Second die as written.
    pub b: u8,
    /// Span of the dice token.
    pub dice_span: Span,
    /// The play.
    pub moves: Moves,
}

/// What is written after a stage's dice.
#[derive(Clone, Debug, Default)]
pub struct Moves {
    /// Step tokens: a range of [`Document::steps`] (`record::Match::steps` once the record
    /// is built); [`StepRange::of`] gives them.
    pub steps: StepRange,
    /// The markers written, if any: rare, so kept out of line (a stage stays small).
    markers: Option<Box<Markers>>,
}

impl Moves {
    /// `Cannot Move`, where written.
    pub fn cannot_move(&self) -> Option<Span> {
        self.markers.as_ref().and_then(|m| m.cannot_move)
    }
    /// `????` (XG: rolled, then resigned), where written.
    pub fn unknown(&self) -> Option<Span> {
        self.markers.as_ref().and_then(|m| m.unknown)
    }
    /// `Illegal play (…)` (Snowie), where written.
    pub fn illegal(&self) -> Option<Span> {
        self.markers.as_ref().and_then(|m| m.illegal)
    }
    pub(super) fn markers(&mut self) -> &mut Markers {
        self.markers.get_or_insert_with(Box::default)
    }
    /// The steps of `range`, with `Cannot Move` or `????` written where given (a reader of
    /// another format builds its stages with it).
    pub fn new(range: StepRange, cannot_move: Option<Span>, unknown: Option<Span>) -> Moves {
        let mut m = Moves {
            steps: range,
            markers: None,
        };
        if cannot_move.is_some() || unknown.is_some() {
            let k = m.markers();
            k.cannot_move = cannot_move;
            k.unknown = unknown;
        }
        m
    }
    /// Nothing at all written.
    pub fn is_blank(&self) -> bool {
        self.steps.is_empty() && self.markers.is_none()
    }
}

/// `Cannot Move`, `????` and `Illegal play (…)` as written after a stage's dice.
#[derive(Clone, Debug, Default)]
pub(super) struct Markers {
    pub(super) cannot_move: Option<Span>,
    pub(super) unknown: Option<Span>,
    pub(super) illegal: Option<Span>,
}

/// Where a line's cells are in the file's list of cells ([`Document::cells`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CellRange {
    pub(super) start: usize,
    pub(super) len: usize,
}

impl CellRange {
    /// The cells, from the list of the document they come from; empty for any other list too
    /// short to hold them.
    pub fn of(self, cells: &[Cell]) -> &[Cell] {
        cells.get(self.start..self.start + self.len).unwrap_or(&[])
    }
    /// The index of the first cell in the document's list (for the record model, which
    /// walks the list alongside).
    pub(crate) fn start(self) -> usize {
        self.start
    }
    /// Number of cells.
    pub fn len(self) -> usize {
        self.len
    }
    /// No cell.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// Where a stage's steps are in the file's list of steps ([`Document::steps`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct StepRange {
    pub(super) start: usize,
    pub(super) len: usize,
}

impl StepRange {
    /// The steps, from the list of the document (or record) this range comes from; empty for
    /// any other list too short to hold them.
    pub fn of(self, steps: &[StepText]) -> &[StepText] {
        steps.get(self.start..self.start + self.len).unwrap_or(&[])
    }
    /// Number of steps.
    pub fn len(self) -> usize {
        self.len
    }
    /// No step written.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
    /// The range of `len` steps from `start` of a record's list (for a reader of another
    /// format, and for a repair, which appends the replacement's steps to the list).
    pub fn new(start: usize, len: usize) -> StepRange {
        StepRange { start, len }
    }
    /// Append `step` to `list` as this range's next step. A stage's steps are contiguous: a
    /// step always goes to the newest stage that can take it, so once a later stage takes
    /// steps, no earlier stage takes any more.
    pub(super) fn push(&mut self, list: &mut Vec<StepText>, step: StepText) {
        if self.len == 0 {
            self.start = list.len();
        }
        debug_assert_eq!(
            self.start + self.len,
            list.len(),
            "steps of a stage are contiguous"
        );
        list.push(step);
        self.len += 1;
    }
}

/// Where a turn cell's stages are in the file's list of stages ([`Document::stages`]):
/// received stages, then the roll, then chain stages.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct StageRange {
    pub(super) start: usize,
    pub(super) len: usize,
}

impl StageRange {
    /// The range of `len` stages from `start` of a record's list.
    pub fn new(start: usize, len: usize) -> StageRange {
        StageRange { start, len }
    }
    /// The stages, from the list of the document (or record) this range comes from; empty
    /// for any other list too short to hold them.
    pub fn of(self, stages: &[Stage]) -> &[Stage] {
        stages.get(self.start..self.start + self.len).unwrap_or(&[])
    }
    /// The stages split into received stages, the roll and chain stages.
    pub fn split(self, stages: &[Stage]) -> TurnStages<'_> {
        let all = self.of(stages);
        let received = all
            .iter()
            .take_while(|s| s.kind == StageKind::Received)
            .count();
        let (received, rest) = all.split_at(received);
        let (roll, chain) = match rest.split_first() {
            Some((r, chain)) if r.kind == StageKind::Roll => (Some(r), chain),
            _ => (None, rest),
        };
        TurnStages {
            received,
            roll,
            chain,
        }
    }
    /// Number of stages.
    pub fn len(self) -> usize {
        self.len
    }
    /// No stage.
    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// A turn cell's stages by part, as [`StageRange::split`] gives them.
#[derive(Copy, Clone, Debug)]
pub struct TurnStages<'a> {
    /// `(nn):` stages, in written order.
    pub received: &'a [Stage],
    /// The `dd:` roll (absent when the cell holds only received stages).
    pub roll: Option<&'a Stage>,
    /// `+nn:` stages, in written order.
    pub chain: &'a [Stage],
}
