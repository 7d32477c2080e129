//! The record layer: the typed match model built from a parsed document — header tags,
//! match length, games with their score lines and actions in order.
//!
//! It knows the shape of a match file, not the rules of any game.

mod analysis;
mod build;
pub mod extras;
mod met;
mod read;

pub use analysis::{Analysis, Candidate, CubeAnalysis, MatchCube, ProperCube};
pub use build::{Builder, StageIn};
pub use extras::Extras;
pub use met::{MAX_AWAY, match_equity};
pub use read::{Binary, Origin, ReadProblem, Record, StoredBoard};

use crate::codes::Code;
use crate::notation::{
    Cell, CellBody, CellRange, Column, Document, LineKind, NameScore, Span, Stage, StepText,
    SyntaxError, push_in_place,
};

/// A header line: a tag or a comment, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderItem {
    /// `; [Name "value"]`.
    Tag {
        /// Tag name.
        name: String,
        /// Tag value.
        value: String,
        /// 1-based line.
        line: usize,
        /// Span of the value.
        span: Span,
    },
    /// `; text` / `# text`.
    Comment {
        /// The text.
        text: String,
        /// 1-based line.
        line: usize,
    },
}

/// One entry of a game, in record order.
#[derive(Clone, Debug)]
pub struct Action {
    /// The cell.
    pub cell: Cell,
    /// 1-based line.
    pub line: usize,
    /// The written turn number (`N)`), if the line is numbered.
    pub turn_number: Option<u64>,
    /// True when the line had a syntax error.
    pub broken: bool,
    /// Span of the written turn number.
    pub turn_span: Option<Span>,
    /// For a cell on an unnumbered result line, the column the line's text starts at
    /// (leading blanks; a tab to the next multiple of 8); `None` on a turn line.
    pub result_indent: Option<usize>,
    /// The comment the file attaches to this entry (SGF's `C[]`, an XG move's comment).
    pub comment: Option<String>,
    /// What an analysing program says of it, where the file carries that (boxed: rare, and
    /// an action stays small).
    pub analysis: Option<Box<analysis::Analysis>>,
}

impl Action {
    /// The action of `cell` on `line`: unnumbered, whole, without comment or analysis.
    pub(crate) fn new(cell: Cell, line: usize) -> Action {
        Action {
            cell,
            line,
            turn_number: None,
            broken: false,
            turn_span: None,
            result_indent: None,
            comment: None,
            analysis: None,
        }
    }

    /// Whose column.
    pub fn column(&self) -> Column {
        self.cell.column
    }
}

/// A game of the match.
#[derive(Clone, Debug)]
pub struct Game {
    /// The written number.
    pub number: u64,
    /// Span of the number.
    pub number_span: Span,
    /// 1-based line of `Game N`.
    pub line: usize,
    /// The score line: left and right players with their scores before the game.
    pub score: Option<(NameScore, NameScore)>,
    /// Actions in order.
    pub actions: Vec<Action>,
    /// Empty numbered lines (`  36)`), kept so nothing is dropped: (line, written number,
    /// span of the number).
    pub empty_lines: Vec<(usize, u64, Span)>,
    /// Lines of this game that had a syntax error: (line, span). An unreadable line in the
    /// score line's place is not among them: see [`Game::score_unreadable`].
    pub broken_lines: Vec<(usize, Span)>,
    /// An unreadable line where the score line stands (after `Game N`, before the first cell,
    /// in a game without a score line): its syntax error costs the score line, not the game.
    pub score_unreadable: Option<(usize, Span)>,
}

/// A whole match record.
#[derive(Clone, Debug, Default)]
pub struct Match {
    /// Header tags and comments, in file order (including those between games).
    pub header: Vec<HeaderItem>,
    /// ` N point match` (N, span).
    pub length: Option<(u64, Span)>,
    /// The games.
    pub games: Vec<Game>,
    /// Structural problems: lines outside their place.
    pub problems: Vec<SyntaxError>,
    /// The file had a BOM.
    pub bom: bool,
    /// The file used CRLF line ends.
    pub crlf: bool,
    /// Every step written in the file, in source order: each stage's
    /// [`Moves::steps`](crate::notation::Moves::steps) is a range of it
    /// ([`StepRange::of`](crate::notation::StepRange::of)).
    pub steps: Vec<StepText>,
    /// Every stage written in the file, in source order: each turn cell's stages are a
    /// range of it ([`StageRange::split`](crate::notation::StageRange::split)).
    pub stages: Vec<Stage>,
    /// Where the match starts in its file, for the matches after the first of a `.mat` file
    /// holding several: the spans of this match are relative to it (0 otherwise).
    pub offset: usize,
    /// What the file says of the match beyond its entries (OGXM: further analysis blocks,
    /// annotations, the clock), boxed: most records have none.
    pub extras: Option<Box<Extras>>,
    /// The signatures the file carries over the match or its analyses (OGXM's `MSIG`, `SIGN`),
    /// each with what its check came to.
    pub signatures: Vec<Signature>,
}

/// A signature a file carries, and what its check came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// What it signs: the match (OGXM's `MSIG`), or the analysis block with this 0-based
    /// index (`SIGN`).
    pub analysis: Option<usize>,
    /// The public key the file gives with it, in hex.
    pub key: Option<String>,
    /// What its check came to.
    pub status: SignatureStatus,
    /// Where the signature record lies.
    pub at: Span,
}

/// What the check of a [`Signature`] came to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SignatureStatus {
    /// It verifies under one of the keys given (`--keys`).
    Valid,
    /// It does not verify: the signed bytes were changed after signing, or it is not by the
    /// key given.
    Invalid,
    /// It verifies only under the key the file carries, which is not among those given.
    UnknownKey,
    /// It names no key and none was given: not checked.
    Unchecked,
}

impl SignatureStatus {
    /// The status as JSON writes it: `valid`, `invalid`, `unknown-key`, `unchecked`.
    pub fn name(self) -> &'static str {
        match self {
            SignatureStatus::Valid => "valid",
            SignatureStatus::Invalid => "invalid",
            SignatureStatus::UnknownKey => "unknown-key",
            SignatureStatus::Unchecked => "unchecked",
        }
    }
}

impl Match {
    /// Build the match model from a parsed document, moving out of it what the record keeps
    /// (no copies): the cells, stages and steps ([`Document::cells`], [`Document::stages`],
    /// [`Document::steps`]), the header tags' and comments' texts, and the score lines' names
    /// and ratings. The document keeps its lines with their kinds, spans and numbers, and its
    /// syntax errors.
    #[doc(hidden)]
    pub fn from_document(doc: &mut Document) -> Match {
        let mut m = Match {
            bom: doc.bom,
            crlf: doc.crlf,
            steps: std::mem::take(&mut doc.steps),
            stages: std::mem::take(&mut doc.stages),
            ..Match::default()
        };
        // Cells per game, so each game's actions are allocated once.
        let mut sizes = Vec::new();
        for line in &doc.lines {
            match &line.kind {
                LineKind::Game { .. } => sizes.push(0),
                LineKind::Turn { cells, .. } | LineKind::Result { cells, .. } => {
                    if let Some(n) = sizes.last_mut() {
                        *n += cells.len();
                    }
                }
                _ => {}
            }
        }
        let mut sizes = sizes.into_iter();
        // The cells, moved out in file order: each line takes its range.
        let total = doc.cells.len();
        let mut left = std::mem::take(&mut doc.cells).into_iter();
        for line in &mut doc.lines {
            match &mut line.kind {
                LineKind::Blank | LineKind::Unknown => {}
                LineKind::Tag {
                    name,
                    value,
                    value_span,
                } => m.header.push(HeaderItem::Tag {
                    name: std::mem::take(name),
                    value: std::mem::take(value),
                    line: line.number,
                    span: *value_span,
                }),
                LineKind::Comment { text } => m.header.push(HeaderItem::Comment {
                    text: std::mem::take(text),
                    line: line.number,
                }),
                LineKind::MatchLength { length, span } => {
                    if m.length.is_some() || !m.games.is_empty() {
                        m.problems.push(
                            SyntaxError::new(
                                Code::MisplacedLine,
                                line.span,
                                "a second match length line",
                            )
                            .help("a record states its match length once, before `Game 1`"),
                        );
                    } else {
                        m.length = Some((*length, *span));
                    }
                }
                LineKind::Game { number, span } => m.games.push(Game {
                    number: *number,
                    number_span: *span,
                    line: line.number,
                    score: None,
                    actions: Vec::with_capacity(sizes.next().unwrap_or(0)),
                    empty_lines: Vec::new(),
                    broken_lines: Vec::new(),
                    score_unreadable: None,
                }),
                LineKind::Score { left, right } => match m.games.last_mut() {
                    Some(g) if g.score.is_none() && g.actions.is_empty() => {
                        g.score = Some((take_name_score(left), take_name_score(right)))
                    }
                    _ => m.problems.push(
                        SyntaxError::new(
                            Code::MisplacedLine,
                            line.span,
                            "a score line outside its place",
                        )
                        .help("the score line comes right after `Game N`, once per game"),
                    ),
                },
                LineKind::Turn {
                    number,
                    number_span,
                    cells,
                } => {
                    let what = "a turn line before any `Game N` line";
                    let help = "start each game with ` Game N` and its score line";
                    if let Some(g) = last_game(&mut m, line.span, what, help) {
                        if cells.is_empty() {
                            g.empty_lines.push((line.number, *number, *number_span));
                        }
                        for c in cells_of(&mut left, total, *cells) {
                            push_in_place(&mut g.actions, || Action {
                                turn_number: Some(*number),
                                broken: line.broken,
                                turn_span: Some(*number_span),
                                ..Action::new(c, line.number)
                            });
                        }
                    }
                }
                LineKind::Result { cells, indent } => {
                    let what = "a result line before any `Game N` line";
                    if let Some(g) =
                        last_game(&mut m, line.span, what, "a result belongs to a game")
                    {
                        for c in cells_of(&mut left, total, *cells) {
                            push_in_place(&mut g.actions, || Action {
                                broken: line.broken,
                                result_indent: Some(*indent),
                                ..Action::new(c, line.number)
                            });
                        }
                    }
                }
            }
            // After the match: a broken `Game N` line belongs to the game it starts.
            if line.broken
                && let Some(g) = m.games.last_mut()
            {
                let score_place = matches!(line.kind, LineKind::Unknown)
                    && g.line != line.number
                    && g.score.is_none()
                    && g.score_unreadable.is_none()
                    && g.actions.is_empty()
                    && g.empty_lines.is_empty()
                    && g.broken_lines.is_empty();
                if score_place {
                    g.score_unreadable = Some((line.number, line.span));
                } else {
                    g.broken_lines.push((line.number, line.span));
                }
            }
        }
        m
    }

    /// The value of the first header tag named `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<(&str, Span)> {
        self.tags(name).next()
    }

    /// Every value of tags named `name`.
    pub fn tags<'a, 'n>(
        &'a self,
        name: &'n str,
    ) -> impl Iterator<Item = (&'a str, Span)> + use<'a, 'n> {
        self.header.iter().filter_map(move |h| match h {
            HeaderItem::Tag {
                name: n,
                value,
                span,
                ..
            } if n.eq_ignore_ascii_case(name) => Some((value.as_str(), *span)),
            _ => None,
        })
    }
}

/// The game being read, or `None` with a problem (`what`, `help`) when no `Game N` line came yet.
fn last_game<'m>(m: &'m mut Match, span: Span, what: &str, help: &str) -> Option<&'m mut Game> {
    if m.games.is_empty() {
        m.problems
            .push(SyntaxError::new(Code::MisplacedLine, span, what).help(help));
    }
    m.games.last_mut()
}

/// The cells of `range`, from what is `left` of a document's `total` cells taken in file order
/// (cells before the range that were not taken are skipped).
fn cells_of(
    left: &mut std::vec::IntoIter<Cell>,
    total: usize,
    range: CellRange,
) -> std::iter::Take<&mut std::vec::IntoIter<Cell>> {
    while total - left.len() < range.start() && left.next().is_some() {}
    left.take(range.len())
}

/// A score line's name and score, moved out (the line keeps its spans and score).
fn take_name_score(n: &mut NameScore) -> NameScore {
    NameScore {
        name: std::mem::take(&mut n.name),
        rating: n.rating.take(),
        ..*n
    }
}

/// Whether a cell is a roll (possibly with stages).
pub fn is_turn(cell: &Cell) -> bool {
    matches!(cell.body, CellBody::Turn { .. })
}
