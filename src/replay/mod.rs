//! The replay layer: walks a parsed record through the rules of its variant and turns every
//! violation into a [`Finding`] located on the record's text.
//!
//! This is the only layer that sees both spans and rules: it maps the engine's typed reasons
//! onto the spans the notation layer stored.

mod game;
pub mod referee;
mod render;
mod repair;
mod setup;
mod words;

use crate::codes::Code;
use crate::notation::{Document, Span, SyntaxError};
use crate::record::{Match, Origin};
use crate::rules::{Position, RuleSet, Side, StageDice, Step};

pub use render::{render_play, render_steps};
pub use repair::{Repair, apply_repairs};
pub use setup::Overrides;
pub use words::{PlayContext, problem_finding};

/// How serious a finding is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A note (e.g. how much was not checked).
    Advice,
    /// Suspicious but accepted.
    Warning,
    /// The record is invalid.
    Error,
}

/// One problem found in a record, located on its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Stable code, e.g. `tavla::rules::blocked`.
    pub code: Code,
    /// Severity.
    pub severity: Severity,
    /// The offending token.
    pub span: Span,
    /// The primary label's text.
    pub label: String,
    /// One-sentence message.
    pub message: String,
    /// Secondary labels (the roll, the blocking point, …).
    pub related: Vec<(Span, String)>,
    /// What was legal / how to fix.
    pub help: Option<String>,
    /// For an illegal play: the legal plays nearest to it (boxed: rare, and a finding stays
    /// small).
    pub suggestions: Option<Box<Suggestions>>,
    /// The confirmed repair: the text that replaces a span of the record (`tavla fix`
    /// applies it).
    pub repair: Option<Box<Repair>>,
    /// For a finding made after an assumed repair: the span of that repair (the finding
    /// rests on it).
    pub rests_on: Option<Span>,
    /// Where in the match the finding stands: its game, and for a turn or cube action its
    /// turn number and side (filled by [`check`] from the record, so for every format).
    pub place: Option<Place>,
    /// For a record read from a binary format (`.xg`): where the finding stands in the
    /// original file (the span stays on the `.mat` transcript that was checked).
    pub origin: Option<Origin>,
    /// For a record read from another text format (SGF), whose spans are moved onto the
    /// original: the finding's span on the `.mat` transcript that was checked (boards find
    /// their turn by it).
    pub record_span: Option<Span>,
    /// For an illegal play: how the check of its game went on past it, if it did (a
    /// confirmed repair of a slip, or the play as written, made at the board).
    pub continued: Option<Continued>,
}

/// How the check of a game went on past an illegal play.
#[non_exhaustive]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Continued {
    /// From a confirmed repair: the play (or roll) was a slip of the pen, and the rest of the
    /// game replays from what was meant.
    Repair,
    /// From the play as written: it was made at the board, illegal as it is, and the rest of
    /// the game was played from the position it left.
    AsWritten,
    /// From the position the record stores after the play (XG's `PositionEnd`): the play was
    /// made at the board, and the rest of the game was played from that position.
    StoredPosition,
}

impl Continued {
    /// The JSON name: `repair`, `as_written`, `stored_position`.
    pub fn as_str(self) -> &'static str {
        match self {
            Continued::Repair => "repair",
            Continued::AsWritten => "as_written",
            Continued::StoredPosition => "stored_position",
        }
    }
}

/// Where a finding stands in the match, as the `.mat` layout numbers it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// 1-based index of the match in the file (a file may hold several).
    pub match_number: usize,
    /// 1-based index of the game in the file.
    pub game: usize,
    /// The `n` of the `n)` line holding the finding, for a turn or a cube action (both
    /// players' cells share the number).
    pub turn: Option<u64>,
    /// Whose column holds the finding (White: the left column, SGF's `W`, XG's player 1),
    /// for a turn or a cube action.
    pub side: Option<Side>,
}

/// The legal plays offered for an illegal play, nearest to what was written first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestions {
    /// The written play a suggestion replaces.
    pub span: Span,
    /// Legal plays in the record's notation (`24/21 13/11`), nearest first, at most
    /// [`Suggestions::MAX`].
    pub plays: Vec<String>,
    /// How many legal plays there are.
    pub total: usize,
    /// The nearest legal plays tried for a repair (`plays` first, then a few more).
    pub(crate) tried: Vec<String>,
    /// Where the play was made, for a repair written in the record's own form.
    pub(crate) at: Option<repair::PlayAt>,
    /// The span of the stage's dice, for a repair of the roll.
    pub(crate) dice_span: Option<Span>,
}

impl Suggestions {
    /// At most this many plays are carried.
    pub const MAX: usize = 5;
}

impl Finding {
    /// For a finding on a record read from a binary file: the byte offset of where it stands
    /// there ([`Finding::origin`]; for `.xg`, its record in `temp.xg`).
    pub fn byte_offset(&self) -> Option<u64> {
        match self.origin {
            Some(Origin::Binary { offset, .. }) => Some(offset),
            _ => None,
        }
    }
    /// The finding's span on the text that was checked: [`Finding::record_span`] when the
    /// record was read from another text format, else [`Finding::span`].
    pub fn checked_span(&self) -> Span {
        self.record_span.unwrap_or(self.span)
    }
    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Self {
        Finding {
            code,
            severity: Severity::Error,
            span,
            label: String::new(),
            message: message.into(),
            related: Vec::new(),
            help: None,
            suggestions: None,
            repair: None,
            rests_on: None,
            place: None,
            origin: None,
            record_span: None,
            continued: None,
        }
    }
    pub fn warning(code: Code, span: Span, message: impl Into<String>) -> Self {
        Finding {
            severity: Severity::Warning,
            ..Finding::error(code, span, message)
        }
    }
    pub fn label(mut self, l: impl Into<String>) -> Self {
        self.label = l.into();
        self
    }
    pub fn help(mut self, h: impl Into<String>) -> Self {
        self.help = Some(h.into());
        self
    }
    pub fn related(mut self, span: Span, l: impl Into<String>) -> Self {
        self.related.push((span, l.into()));
        self
    }
    /// [`Finding::related`] when there is a span.
    pub(crate) fn related_opt(self, span: Option<Span>, l: impl Into<String>) -> Self {
        match span {
            Some(s) => self.related(s, l),
            None => self,
        }
    }
    /// Convert a syntax error.
    pub fn from_syntax(e: &SyntaxError) -> Self {
        Finding {
            code: e.code,
            severity: Severity::Error,
            span: e.span,
            label: "here".into(),
            message: e.message.clone(),
            related: Vec::new(),
            help: e.help.clone(),
            suggestions: None,
            repair: e.fix.as_ref().map(|text| {
                Box::new(Repair {
                    span: e.span,
                    text: text.clone(),
                })
            }),
            rests_on: None,
            place: None,
            origin: None,
            record_span: None,
            continued: None,
        }
    }
}

/// One stage as replayed: its dice and the steps actually taken.
#[derive(Clone, Debug, serde::Serialize)]
pub struct StageTrace {
    /// `received`, `roll` or `chain`.
    pub kind: crate::notation::StageKind,
    /// The dice value(s): two dice for a roll, one value for a doublet stage.
    pub dice: Vec<u8>,
    /// Steps available (4 for a doublet stage, fewer for a partial remainder, 2 for a mixed roll).
    pub available: u8,
    /// The single-die steps taken.
    pub steps: Vec<Step>,
}

/// One action as replayed.
#[derive(Clone, Debug)]
pub enum ActionTrace {
    /// A roll (with stages) or a remainder played.
    Turn {
        /// 1-based line.
        line: usize,
        /// Who.
        side: Side,
        /// The roll as written (`a`, `b`), if any.
        roll: Option<(u8, u8)>,
        /// Received remainder stages.
        received: Vec<StageTrace>,
        /// The roll's stage and chain stages.
        stages: Vec<StageTrace>,
        /// `Cannot Move` / empty / `????` / `Illegal play` as written.
        note: Option<&'static str>,
        /// The position after the turn.
        position: Position,
        /// Position before the turn (for IDs).
        before: Position,
        /// Cube value and owner before the turn.
        cube: (u32, Option<Side>),
    },
    /// `Doubles`, `Beavers`, `Raccoons`.
    Cube {
        /// 1-based line.
        line: usize,
        /// Who.
        side: Side,
        /// `double`, `beaver`, `raccoon`.
        action: &'static str,
        /// The new cube value.
        value: u64,
    },
    /// `Takes` / `Drops`.
    Answer {
        /// 1-based line.
        line: usize,
        /// Who.
        side: Side,
        /// True for take.
        take: bool,
    },
    /// `Wins` / `Losses`.
    Result {
        /// 1-based line.
        line: usize,
        /// In whose column.
        side: Side,
        /// True for `Wins`, false for `Losses`.
        wins: bool,
        /// Points written.
        points: u64,
        /// `and the match`.
        and_match: bool,
    },
    /// A cell that was not replayed (after the first fatal problem).
    Unchecked {
        /// 1-based line.
        line: usize,
        /// Whose column.
        side: Side,
    },
    /// A ` Draw` line.
    Draw {
        /// 1-based line.
        line: usize,
    },
}

/// How a game ended.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameResult {
    /// The winner.
    pub winner: Side,
    /// Points as written in `Wins`.
    pub written: Option<u64>,
    /// The full value of the game (position, level and cube).
    pub full: Option<u64>,
    /// `bear-off`, `resignation`, `drop`, or `unchecked`.
    pub how: &'static str,
    /// In money play with the cube never turned, the single-game value a writer applying the
    /// Jacoby rule counts in the next score line (gnubg does, while its `Wins` does not).
    #[serde(skip)]
    pub jacoby_single: Option<u64>,
    /// A drawn game (Tapa: both mothers pinned): each player scores `full`; `winner` is the
    /// player who pinned the second mother.
    pub draw: bool,
}

/// One game as replayed.
#[derive(Clone, Debug)]
pub struct GameTrace {
    /// Index in the match.
    pub index: usize,
    /// Written number.
    pub number: u64,
    /// Player names (left, right) from the score line.
    pub names: Option<(String, String)>,
    /// Score before the game (left, right) as written.
    pub score: Option<(u64, u64)>,
    /// Actions.
    pub actions: Vec<ActionTrace>,
    /// Result, when known.
    pub result: Option<GameResult>,
    /// Crawford game?
    pub crawford: bool,
    /// Turns checked.
    pub turns_checked: usize,
    /// The rules the game was checked under (in a rotating match, its number's).
    pub rules: RuleSet,
}

/// The result of checking one record.
#[derive(Debug)]
pub struct Verdict {
    /// The parsed document, as [`Match::from_document`] leaves it: its lines, spans and
    /// syntax errors; the record holds what was moved out of it.
    pub document: Document,
    /// The match model.
    pub record: Match,
    /// The rules applied (None when the variant is unsupported).
    pub rules: Option<RuleSet>,
    /// Every finding, sorted by position.
    pub findings: Vec<Finding>,
    /// Per game replay traces.
    pub games: Vec<GameTrace>,
    /// The rotation of a rotating match (`Sreshta`): each game's rules follow from its number
    /// ([`GameTrace::rules`]); `rules` are then those of the first game.
    pub rotation: Option<crate::rules::rotation::Rotation>,
    /// A file holding several matches (a tournament's export, an archive): the verdicts of the
    /// matches after the first, each checked on its own. Their findings are in
    /// [`Verdict::findings`] too, with [`Place::match_number`].
    pub more: Vec<Verdict>,
    /// Where this match's text starts in the file (0 but for the matches after the first of
    /// a file holding several): the spans of its document and record are relative to it, its
    /// findings are in the file's offsets.
    pub offset: usize,
}

impl Verdict {
    /// The verdict of each match of the file: this one, then [`Verdict::more`].
    pub fn matches(&self) -> impl Iterator<Item = &Verdict> {
        std::iter::once(self).chain(self.more.iter())
    }
    /// Games of every match of the file.
    pub fn games_checked(&self) -> usize {
        self.matches().map(|v| v.record.games.len()).sum()
    }
    /// Number of errors.
    pub fn errors(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .count()
    }
    /// Number of warnings.
    pub fn warnings(&self) -> usize {
        self.findings
            .iter()
            .filter(|f| f.severity == Severity::Warning)
            .count()
    }
    /// Turns replayed (in every match of the file).
    pub fn turns_checked(&self) -> usize {
        self.games.iter().map(|g| g.turns_checked).sum::<usize>()
            + self.more.iter().map(Verdict::turns_checked).sum::<usize>()
    }
}

/// Parse and replay a record.
///
/// ```
/// let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 18/14\n";
/// let v = tavla::replay::check(text, &tavla::replay::Overrides::gul_bara());
/// assert_eq!(v.errors(), 0);
/// ```
pub fn check(text: &str, overrides: &Overrides) -> Verdict {
    check_with(text, overrides, true)
}

/// [`check`] without the replay traces: every [`GameTrace`] of the verdict has empty
/// `actions`, while the findings, results and turn counts are the same. Faster; for callers
/// that only report findings.
///
/// ```
/// let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 18/14\n";
/// let o = tavla::replay::Overrides::gul_bara();
/// let v = tavla::replay::check_findings(text, &o);
/// assert_eq!(v.findings, tavla::replay::check(text, &o).findings);
/// assert_eq!(v.turns_checked(), 1);
/// assert!(v.games[0].actions.is_empty());
/// ```
pub fn check_findings(text: &str, overrides: &Overrides) -> Verdict {
    check_with(text, overrides, false)
}

/// [`check`] (with `traces`) or [`check_findings`] of a record read from a format that stores
/// the board after each play (`.xg`): an illegal play that the rest of the game replays from
/// the stored board, and from nothing else, is continued from it
/// ([`Continued::StoredPosition`]).
pub fn check_stored(
    text: &str,
    overrides: &Overrides,
    traces: bool,
    boards: &[crate::record::StoredBoard],
) -> Verdict {
    let mut v = check_inner(text, overrides, traces, boards, 1);
    place_findings(&v.document, &v.record, &mut v.findings);
    stated_illegal_plays(&mut v);
    v
}

fn check_with(text: &str, overrides: &Overrides, traces: bool) -> Verdict {
    let ranges = match_ranges(text);
    if ranges.len() <= 1 {
        return check_one(text, overrides, traces, 1);
    }
    // Several matches: each checked on its own text, its lines numbered as in the file and
    // its findings moved to the file's offsets.
    let mut first_line = 1;
    let mut counted = 0;
    let mut verdicts: Vec<Verdict> = Vec::with_capacity(ranges.len());
    for (i, r) in ranges.iter().enumerate() {
        first_line += memchr::memchr_iter(b'\n', &text.as_bytes()[counted..r.start]).count();
        counted = r.start;
        let mut v = check_one(&text[r.clone()], overrides, traces, first_line);
        for f in &mut v.findings {
            shift(f, r.start);
            if let Some(p) = f.place.as_mut() {
                p.match_number = i + 1;
            }
        }
        v.offset = r.start;
        verdicts.push(v);
    }
    let mut first = verdicts.remove(0);
    for v in &mut verdicts {
        first.findings.append(&mut v.findings);
    }
    first
        .findings
        .sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
    first.more = verdicts;
    first
}

/// A finding of a match checked on its own text, moved to the offsets of the file whose text
/// starts at `by`.
fn shift(f: &mut Finding, by: usize) {
    let mv = |s: &mut Span| s.offset += by;
    mv(&mut f.span);
    for (s, _) in &mut f.related {
        mv(s);
    }
    if let Some(s) = f.suggestions.as_mut() {
        mv(&mut s.span);
        if let Some(d) = s.dice_span.as_mut() {
            mv(d);
        }
    }
    if let Some(r) = f.repair.as_mut() {
        mv(&mut r.span);
    }
    if let Some(s) = f.rests_on.as_mut() {
        mv(s);
    }
}

fn check_one(text: &str, overrides: &Overrides, traces: bool, first_line: usize) -> Verdict {
    let mut v = check_inner(text, overrides, traces, &[], first_line);
    place_findings(&v.document, &v.record, &mut v.findings);
    stated_illegal_plays(&mut v);
    v
}

/// The byte ranges of the matches a text holds. A match-length line (` 7 point match`) that
/// follows a `Game N` line of the match before starts the next match, together with the
/// header lines (`;`, `#`) just above it. One range for an ordinary record.
pub(crate) fn match_ranges(text: &str) -> Vec<std::ops::Range<usize>> {
    // The usual record names one match length: one match, found without reading its lines.
    let mut lengths = memchr::memmem::find_iter(text.as_bytes(), b"point match");
    if lengths.next().is_none() || lengths.next().is_none() {
        return std::iter::once(0..text.len()).collect();
    }
    let mut ranges = Vec::new();
    let mut start = 0usize;
    let mut seen_length = false;
    let mut seen_game = false;
    // Where the block of header lines just above the current line starts.
    let mut block: Option<usize> = None;
    let mut at = 0usize;
    for line in text.split_inclusive('\n') {
        // A record appended to another keeps its byte-order mark at its start.
        let t = line.trim().trim_start_matches('\u{feff}');
        let b = t.as_bytes();
        let is_length = b.len() > 11
            && b[b.len() - 11..].eq_ignore_ascii_case(b"point match")
            && b[0].is_ascii_digit();
        let is_game = b.len() > 5
            && b[..5].eq_ignore_ascii_case(b"game ")
            && t[5..]
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit());
        if is_length {
            if seen_length && seen_game {
                let from = block.unwrap_or(at);
                ranges.push(start..from);
                start = from;
                seen_game = false;
            }
            seen_length = true;
        }
        if is_game {
            seen_game = true;
        }
        // The header lines just above (blank lines between them join the block; blank lines
        // before them stay with the match before, so an appended record's byte-order mark
        // starts its text).
        if t.starts_with(';') || t.starts_with('#') {
            block.get_or_insert(at);
        } else if !t.is_empty() {
            block = None;
        }
        at += line.len();
    }
    ranges.push(start..text.len());
    ranges
}

/// A play the record states was illegal as made at the board (`; [IllegalPlay "game 2, turn
/// 7, black"]`, several separated by `;`): when the rest of its game replays from it as
/// written, its finding becomes a note; a statement that cannot be read, or that names a play
/// that is legal or was not continued as written, is a warning on the tag.
fn stated_illegal_plays(v: &mut Verdict) {
    let mut stated: Vec<(Span, String, Option<StatedPlace>)> = Vec::new();
    for (value, span) in v
        .record
        .tags("IllegalPlay")
        .chain(v.record.tags("Illegal Play"))
    {
        for part in value.split(';').filter(|p| !p.trim().is_empty()) {
            stated.push((span, part.trim().to_string(), read_place(part)));
        }
    }
    if stated.is_empty() {
        return;
    }
    let mut notes = Vec::new();
    for (span, text, place) in stated {
        let Some((game, turn, side)) = place else {
            notes.push(
                Finding::warning(
                    Code::IllegalPlayTag,
                    span,
                    format!("`{text}` names no play: write `game N, turn M, white` or `black`"),
                )
                .label("unreadable"),
            );
            continue;
        };
        let found = v.findings.iter_mut().find(|f| {
            f.severity == Severity::Error
                && f.suggestions.is_some()
                && f.place
                    .is_some_and(|p| p.game == game && p.turn == Some(turn) && p.side == Some(side))
        });
        match found {
            Some(f)
                if matches!(
                    f.continued,
                    Some(Continued::AsWritten | Continued::StoredPosition)
                ) =>
            {
                f.severity = Severity::Advice;
                f.message = format!("illegal as played, as the record states: {}", f.message);
            }
            Some(f) => {
                let note = "the record states that this play was made at the board, but the rest of the game does not replay from it as written";
                f.help = Some(match f.help.take() {
                    Some(h) => format!("{note}\n{h}"),
                    None => note.to_string(),
                });
            }
            None => notes.push(
                Finding::warning(
                    Code::IllegalPlayTag,
                    span,
                    format!(
                        "the record states an illegal play at game {game}, turn {turn}, {}, but that play is legal (or is not there)",
                        if side == Side::White { "white" } else { "black" }
                    ),
                )
                .label("no illegal play there"),
            ),
        }
    }
    v.findings.extend(notes);
    v.findings
        .sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
}

/// Where a record states a play was made at the board: game (1-based), turn, side.
type StatedPlace = (usize, u64, Side);

/// `game 2, turn 7, black` (any order, any case; `white`/`left`, `black`/`right`).
fn read_place(s: &str) -> Option<StatedPlace> {
    let lower = s.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let number_after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .and_then(|n| n.parse::<u64>().ok())
    };
    let game = number_after("game")? as usize;
    let turn = number_after("turn")?;
    let side = if words.iter().any(|w| *w == "white" || *w == "left") {
        Side::White
    } else if words.iter().any(|w| *w == "black" || *w == "right") {
        Side::Black
    } else {
        return None;
    };
    (game >= 1).then_some((game, turn, side))
}

/// Fill each finding's [`Finding::place`] from the record: the game whose lines hold its
/// span, and the turn line and column.
fn place_findings(doc: &Document, record: &Match, findings: &mut [Finding]) {
    let line_of = |offset: usize| -> Option<usize> {
        let i = doc
            .lines
            .partition_point(|l| l.span.offset <= offset)
            .checked_sub(1)?;
        Some(doc.lines[i].number)
    };
    let game_start: Vec<usize> = record
        .games
        .iter()
        .map(|g| {
            doc.lines
                .get(
                    g.line
                        .wrapping_sub(doc.lines.first().map_or(1, |l| l.number)),
                )
                .map_or(usize::MAX, |l| l.span.offset)
        })
        .collect();
    for f in findings.iter_mut() {
        let o = f.span.offset;
        let Some(gi) = game_start.partition_point(|&s| s <= o).checked_sub(1) else {
            continue;
        };
        let game = &record.games[gi];
        let line = line_of(o);
        let on_line = game.actions.iter().filter(|a| Some(a.line) == line);
        let mut best: Option<&crate::record::Action> = None;
        for a in on_line {
            // The cell holding the span, else the last cell starting before it.
            if a.cell.span.offset <= o || best.is_none() {
                best = Some(a);
            }
        }
        let (turn, side) = match best {
            Some(a) if a.turn_number.is_some() => (
                a.turn_number,
                Some(match a.column() {
                    crate::notation::Column::Left => Side::White,
                    crate::notation::Column::Right => Side::Black,
                }),
            ),
            _ => (
                game.empty_lines
                    .iter()
                    .find(|e| Some(e.0) == line)
                    .map(|e| e.1),
                None,
            ),
        };
        f.place = Some(Place {
            match_number: 1,
            game: gi + 1,
            turn,
            side,
        });
    }
}

fn check_inner(
    text: &str,
    overrides: &Overrides,
    traces: bool,
    boards: &[crate::record::StoredBoard],
    first_line: usize,
) -> Verdict {
    let v = check_once(text, overrides, traces, &[], boards, first_line);
    let check = |t: &str, tr: bool, played: &[(usize, Continued)]| {
        check_once(t, overrides, tr, played, boards, first_line)
    };
    let v = if v.findings.iter().any(|f| f.suggestions.is_some()) {
        repair::confirm(text, &check, traces, v, !boards.is_empty())
    } else {
        v
    };
    if v.findings.iter().any(|f| f.code == Code::ForcedPlayOmitted) {
        repair::omitted_dice(text, &check, traces, v)
    } else {
        v
    }
}

/// One check of `text`, without repairs; the illegal plays whose written spans start at an
/// offset of `as_played` are continued as it says (carried out as written, or from the board
/// of `boards` stored after them), and the game goes on.
fn check_once(
    text: &str,
    overrides: &Overrides,
    traces: bool,
    as_played: &[(usize, Continued)],
    boards: &[crate::record::StoredBoard],
    first_line: usize,
) -> Verdict {
    let mut document = crate::notation::parse_document_from(text, first_line);
    let record = Match::from_document(&mut document);
    let mut findings: Vec<Finding> = document.errors.iter().map(Finding::from_syntax).collect();
    findings.extend(record.problems.iter().map(Finding::from_syntax));
    if record.games.is_empty() {
        findings.push(
            Finding::warning(
                Code::NoGames,
                Span::new(0, 0),
                "the record holds no game: nothing was checked",
            )
            .label("no ` Game N` line in this file")
            .help("a match record has ` Game 1`, a score line and numbered turn lines; an empty file or one of comments only is probably not the file meant"),
        );
    }
    let (rotation, mut setup_findings) = setup::rotation_for(&record, overrides);
    findings.append(&mut setup_findings);
    let rules = match rotation {
        // A rotating match: the rules of its first game stand for the record.
        Some(rot) => Some(rot.game(record.games.first().map_or(1, |g| g.number))),
        None => {
            let (rules, mut setup_findings) = setup::rules_for(&record, overrides);
            findings.append(&mut setup_findings);
            rules
        }
    };
    let mut games = Vec::new();
    if let Some(rules) = rules {
        let (g, mut f) = game::replay_match(&record, rules, rotation, traces, as_played, boards);
        games = g;
        findings.append(&mut f);
    }
    findings.sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
    if findings.iter().any(|f| f.repair.is_some()) {
        repair::fit_units(text, &mut findings);
    }
    Verdict {
        document,
        record,
        rules,
        findings,
        games,
        rotation,
        more: Vec::new(),
        offset: 0,
    }
}

pub(crate) fn stage_dice_list(d: StageDice) -> (Vec<u8>, u8) {
    match d {
        StageDice::Mixed { high, low } => (vec![high, low], 2),
        StageDice::Double { value, count } => (vec![value], count),
    }
}
