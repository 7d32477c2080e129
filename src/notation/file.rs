//! Match files (the Jellyfish `.mat` layout and its dialects, with the Gul bara forms).
//!
//! The file is read line by line; each line is classified and parsed on its own, so a syntax
//! error costs one line, never the rest of the file. Grammar rules (see `grammar.md`):
//! `file`, `header-line`, `match-length`, `game-line`, `score-line`, `turn-line`,
//! `result-line`, `cell`, `stage`, `roll`, `cube-action`, `result`.

use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, opt};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

use super::play::{StepText, fast_step, parse_step, quick_step, scan_step};
use super::{Span, SyntaxError, push_in_place};

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
    /// An unnumbered line holding only a result (` Wins 1 point`).
    Result {
        /// The result cells: a range of [`Document::cells`].
        cells: CellRange,
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

/// `Cannot Move`, `????` and `Illegal play (…)` as written after a stage's dice.
#[derive(Clone, Debug, Default)]
struct Markers {
    cannot_move: Option<Span>,
    unknown: Option<Span>,
    illegal: Option<Span>,
}

/// Where a line's cells are in the file's list of cells ([`Document::cells`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CellRange {
    start: usize,
    len: usize,
}

impl CellRange {
    /// The cells, from the list of the document they come from; empty for any other list too
    /// short to hold them.
    pub fn of(self, cells: &[Cell]) -> &[Cell] {
        cells.get(self.start..self.start + self.len).unwrap_or(&[])
    }
    /// The index of the first cell in the document's list.
    pub fn start(self) -> usize {
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
    start: usize,
    len: usize,
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
    /// Append `step` to `list` as this range's next step. A stage's steps are contiguous: a
    /// step always goes to the newest stage that can take it, so once a later stage takes
    /// steps, no earlier stage takes any more.
    fn push(&mut self, list: &mut Vec<StepText>, step: StepText) {
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
    start: usize,
    len: usize,
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

impl StageRange {
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
    fn markers(&mut self) -> &mut Markers {
        self.markers.get_or_insert_with(Box::default)
    }
    /// Nothing at all written.
    pub fn is_blank(&self) -> bool {
        self.steps.is_empty() && self.markers.is_none()
    }
}

/// Parse a whole match file. Never fails: problems are collected in [`Document::errors`].
pub fn parse_document(text: &str) -> Document {
    parse_with(text, true)
}

/// [`parse_document`], with or without the whole-line fast path (the tests compare the two).
fn parse_with(text: &str, whole_lines: bool) -> Document {
    let mut doc = Document {
        // Room for about the usual density (a line per 42 bytes, a step per 13, a cell per
        // 27), so that the usual file never regrows; reserving much more costs more in fresh
        // memory than growing once.
        lines: Vec::with_capacity((text.len() / 32 + 1).min(1 << 16)),
        steps: Vec::with_capacity((text.len() / 12 + 1).min(1 << 16)),
        cells: Vec::with_capacity((text.len() / 24 + 1).min(1 << 16)),
        stages: Vec::with_capacity((text.len() / 24 + 1).min(1 << 16)),
        ..Document::default()
    };
    let mut start = 0;
    if text.starts_with('\u{feff}') {
        doc.bom = true;
        start = 3;
    }
    let bytes = text.as_bytes();
    let mut toks = Vec::new();
    let mut number = 0;
    let mut i = start;
    // Whether a CR was seen: until then, turn lines are read whole by the fast path (which
    // never takes a line holding a CR); after, line by line.
    let mut seen_cr = false;
    while i <= bytes.len() {
        // The commonest line read whole, its end found on the way: a turn line that the fast
        // path takes (anything else is read as below).
        if whole_lines
            && !seen_cr
            && let Some(j) = fast_turn_line(text, i, number + 1, &mut doc)
        {
            number += 1;
            i = j + 1;
            continue;
        }
        // A line ends at an LF, a CRLF or a lone CR.
        let mut j = find_byte::<b'\n'>(bytes, i);
        if let Some(r) = bytes[i..j].iter().position(|&c| c == b'\r') {
            j = i + r;
            seen_cr = true;
        }
        if i == bytes.len() && j == i {
            break;
        }
        number += 1;
        let raw = &text[i..j];
        let content = trim_end(raw);
        parse_line(text, content, number, &mut doc, &mut toks);
        if j < bytes.len() && bytes[j] == b'\r' && j + 1 < bytes.len() && bytes[j + 1] == b'\n' {
            doc.crlf = true;
            j += 1;
        }
        i = j + 1;
    }
    doc
}

/// The turn line (`N) cells`) or result line (`Wins …`) that starts at `i`, read by
/// [`fast_cells_at`] up to its LF: the line (numbered `number`) is added to `doc`, and the
/// index of its LF (or the text's end) returned. `None`, with nothing added to `doc`, for any
/// line the fast path does not take (a line holding a CR among them); [`parse_line`] then
/// reads it (with the same result for the lines this takes).
fn fast_turn_line(text: &str, i: usize, number: usize, doc: &mut Document) -> Option<usize> {
    let b = text.as_bytes();
    let first = skip_blanks(b, i, b.len());
    // The turn number, read as `small_number` would (nine digits at most).
    let mut k = first;
    let mut turn = 0;
    while k < b.len() && b[k].is_ascii_digit() {
        turn = turn * 10 + u64::from(b[k] - b'0');
        k += 1;
        if k - first > 9 {
            return None;
        }
    }
    // A numbered line, or an unnumbered one starting with `Wins` (which `fast_cells_at`
    // checks: it takes no other word starting with `W`).
    let (turn, cells_from) = match b.get(k) {
        Some(b')') if k > first => (Some(turn), k + 1),
        Some(b'W') if k == first => (None, k),
        _ => return None,
    };
    let (steps, cells, stages) = (doc.steps.len(), doc.cells.len(), doc.stages.len());
    // Read no further than the longest line: a longer one is left to `parse_line`, which
    // reports it (and a line cut here does not end at an LF).
    let limit = b.len().min(cells_from + MAX_LINE);
    // Where the line's text ends: after its last token (only blanks follow it up to the LF).
    let stop = fast_cells_at(text, i, cells_from, limit, doc)
        .filter(|&(j, _)| j == b.len() || b[j] == b'\n');
    match stop {
        Some((j, content_end)) if content_end - first <= MAX_LINE => {
            let cells = CellRange {
                start: cells,
                len: doc.cells.len() - cells,
            };
            // Each kind pushed whole (a kind chosen first and then moved in would be copied
            // through the stack).
            let span = Span::new(first, content_end - first);
            match turn {
                Some(turn) => push_in_place(&mut doc.lines, || Line {
                    number,
                    span,
                    kind: LineKind::Turn {
                        number: turn,
                        number_span: Span::new(first, k - first),
                        cells,
                    },
                    broken: false,
                }),
                None => push_in_place(&mut doc.lines, || Line {
                    number,
                    span,
                    kind: LineKind::Result { cells },
                    broken: false,
                }),
            }
            Some(j)
        }
        _ => {
            doc.steps.truncate(steps);
            doc.cells.truncate(cells);
            doc.stages.truncate(stages);
            None
        }
    }
}

/// The index of the first byte `B` at or after `i`, or the length: eight bytes at a time (the
/// lowest byte flagged by the zero-byte test is always exact).
fn find_byte<const B: u8>(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let needles: u64 = u64::from_ne_bytes([B; 8]);
    while i + 8 <= b.len() {
        let Ok(chunk) = <[u8; 8]>::try_from(&b[i..i + 8]) else {
            break;
        };
        let x = u64::from_le_bytes(chunk) ^ needles;
        let found = x.wrapping_sub(ONES) & !x & HIGHS;
        if found != 0 {
            return i + (found.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while i < b.len() && b[i] != B {
        i += 1;
    }
    i
}

/// `str::trim_end`, with a fast path for the usual ASCII ends.
fn trim_end(s: &str) -> &str {
    let t = s.trim_ascii_end();
    match t.as_bytes().last() {
        // Non-ASCII or a vertical tab: Unicode whitespace the ASCII trim keeps.
        Some(&b) if b >= 0x80 || b == 0x0b => s.trim_end(),
        _ => t,
    }
}

/// `str::trim_start`, with a fast path for the usual ASCII starts.
fn trim_start(s: &str) -> &str {
    let t = s.trim_ascii_start();
    match t.as_bytes().first() {
        Some(&b) if b >= 0x80 || b == 0x0b => s.trim_start(),
        _ => t,
    }
}

/// The longest line parsed, in bytes; longer lines are reported and skipped (real turn lines,
/// Gul bara chains included, stay far below 1 KiB).
pub const MAX_LINE: usize = 64 * 1024;

/// Parse one line (`content`, without its terminator) and add it to `doc`.
fn parse_line<'a>(
    whole: &'a str,
    content: &'a str,
    number: usize,
    doc: &mut Document,
    toks: &mut Vec<Tok<'a>>,
) {
    let trimmed = trim_start(content);
    let span = Span::of(whole, trimmed);
    if trimmed.is_empty() {
        push_in_place(&mut doc.lines, || Line {
            number,
            span,
            kind: LineKind::Blank,
            broken: false,
        });
        return;
    }
    let before = doc.errors.len();
    if trimmed.len() > MAX_LINE {
        let mut end = MAX_LINE;
        while !trimmed.is_char_boundary(end) {
            end -= 1;
        }
        doc.errors.push(
            SyntaxError::new(
                "line-too-long",
                Span::of(whole, &trimmed[..end]),
                format!(
                    "a line of {} bytes; lines longer than {MAX_LINE} bytes are not read",
                    trimmed.len()
                ),
            )
            .help("a record line is a header, a score line or one turn; split the text into lines"),
        );
        doc.lines.push(Line {
            number,
            span,
            kind: LineKind::Unknown,
            broken: true,
        });
        return;
    }
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    // The first byte rules out most forms before any parser is tried.
    let first = trimmed.as_bytes()[0];
    let kind = if digits > 0 && trimmed.as_bytes().get(digits) == Some(&b')') {
        // The common line first: `N) cells` (the same as `turn_prefix`).
        let n = &trimmed[..digits];
        let number_span = Span::of(whole, n);
        let num = match small_number(n.as_bytes()) {
            Some(v) => v,
            None => parse_number(whole, n, &mut doc.errors).unwrap_or(0),
        };
        let rest = &trimmed[digits + 1..];
        let cells = turn_cells(whole, content, rest, doc, toks);
        LineKind::Turn {
            number: num,
            number_span,
            cells,
        }
    } else if trimmed.starts_with(';') || trimmed.starts_with('#') {
        header_line(whole, trimmed)
    } else if let Some(n) = first
        .is_ascii_digit()
        .then(|| whole_match_length(trimmed))
        .flatten()
    {
        match parse_number(whole, n, &mut doc.errors) {
            Some(length) => LineKind::MatchLength {
                length,
                span: Span::of(whole, n),
            },
            None => LineKind::Unknown,
        }
    } else if let Some(n) = (first == b'G' || first == b'g')
        .then(|| whole_game_line(trimmed))
        .flatten()
    {
        // An unreadable game number still starts a game, so its lines stay with it.
        LineKind::Game {
            number: parse_number(whole, n, &mut doc.errors).unwrap_or(0),
            span: Span::of(whole, n),
        }
    } else if let Some(Ok((rest, n))) = first.is_ascii_digit().then(|| turn_prefix(trimmed)) {
        let number_span = Span::of(whole, n);
        let num = parse_number(whole, n, &mut doc.errors).unwrap_or(0);
        let cells = turn_cells(whole, content, rest, doc, toks);
        LineKind::Turn {
            number: num,
            number_span,
            cells,
        }
    } else if matches!(first, b'W' | b'w' | b'L' | b'l')
        && starts_with_word(trimmed, &["Wins", "Losses"])
    {
        LineKind::Result {
            cells: turn_cells(whole, content, trimmed, doc, toks),
        }
    } else if let Some(kind) = score_line(whole, trimmed, &mut doc.errors) {
        kind
    } else {
        doc.errors.push(
            SyntaxError::new("unknown-line", Span::of(whole, trimmed), "this line is not part of a match record")
                .help("expected a header (`; [Tag \"value\"]`), `N point match`, `Game N`, a score line `Name : 0   Name : 0`, a numbered turn line `N) …` or a result `Wins N points`"),
        );
        LineKind::Unknown
    };
    // One line reports at most a few problems: a runaway line must not bury the file.
    const MAX_PER_LINE: usize = 10;
    if doc.errors.len() > before + MAX_PER_LINE {
        let more = doc.errors.len() - before - MAX_PER_LINE;
        doc.errors.truncate(before + MAX_PER_LINE);
        if let Some(last) = doc.errors.last_mut() {
            let note = format!("{more} more problem(s) on this line are not listed");
            last.help = Some(match last.help.take() {
                Some(h) => format!("{h}\n{note}"),
                None => note,
            });
        }
    }
    let broken = doc.errors.len() > before;
    push_in_place(&mut doc.lines, || Line {
        number,
        span,
        kind,
        broken,
    });
}

fn starts_with_word(s: &str, words: &[&str]) -> bool {
    let first = s.split_whitespace().next().unwrap_or("");
    words.iter().any(|w| first.eq_ignore_ascii_case(w))
}

fn parse_number(whole: &str, n: &str, errors: &mut Vec<SyntaxError>) -> Option<u64> {
    // The usual short run of ASCII digits, by hand.
    if !n.is_empty() && n.len() <= 9 && n.bytes().all(|b| b.is_ascii_digit()) {
        return Some(n.bytes().fold(0u64, |v, d| v * 10 + u64::from(d - b'0')));
    }
    match n.parse::<u64>() {
        Ok(v) if v <= u32::MAX as u64 => Some(v),
        _ => {
            errors.push(
                SyntaxError::new(
                    "number-too-large",
                    Span::of(whole, n),
                    format!("the number `{}` is too large", abbreviate(n)),
                )
                .help("numbers in a match record are at most 4294967295"),
            );
            None
        }
    }
}

fn abbreviate(s: &str) -> String {
    if s.chars().count() > 24 {
        let head: String = s.chars().take(20).collect();
        format!("{head}…")
    } else {
        s.to_string()
    }
}

/// `match-length = digits ws "point" "s"? ws "match"`
fn match_length(i: &str) -> IResult<&str, (&str, &str)> {
    (
        digit1,
        preceded(
            space1,
            terminated(
                terminated(tag_no_case("point"), opt(tag_no_case("s"))),
                preceded(space1, tag_no_case("match")),
            ),
        ),
    )
        .parse(i)
}

/// `game-line = "Game" ws digits`
fn game_line(i: &str) -> IResult<&str, &str> {
    preceded(terminated(tag_no_case("Game"), space1), digit1).parse(i)
}

/// The digits of `t` when all of it is a [`match_length`]: by hand for the usual ASCII line,
/// else by the grammar (a test checks that the two agree).
fn whole_match_length(t: &str) -> Option<&str> {
    let b = t.as_bytes();
    let digits = count_while(b, 0, |c| c.is_ascii_digit());
    let mut i = digits;
    let gap = count_while(b, i, |c| c == b' ' || c == b'\t');
    i += gap;
    let word = |i: usize, w: &[u8]| {
        b.get(i..i + w.len())
            .is_some_and(|x| x.eq_ignore_ascii_case(w))
    };
    if digits > 0 && gap > 0 && word(i, b"point") {
        i += 5;
        if word(i, b"s") {
            i += 1;
        }
        let gap = count_while(b, i, |c| c == b' ' || c == b'\t');
        if gap > 0 && word(i + gap, b"match") && i + gap + 5 == b.len() {
            return Some(&t[..digits]);
        }
    }
    if t.is_ascii() {
        // The grammar's words are ASCII: on an ASCII line it says no more than the above.
        return None;
    }
    all_consuming(match_length)
        .parse(t)
        .ok()
        .map(|(_, (n, _))| n)
}

/// The digits of `t` when all of it is a [`game_line`]: by hand for the usual ASCII line, else
/// by the grammar (a test checks that the two agree).
fn whole_game_line(t: &str) -> Option<&str> {
    let b = t.as_bytes();
    if b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"game") {
        let gap = count_while(b, 4, |c| c == b' ' || c == b'\t');
        let digits = count_while(b, 4 + gap, |c| c.is_ascii_digit());
        return (gap > 0 && digits > 0 && 4 + gap + digits == b.len()).then(|| &t[4 + gap..]);
    }
    if b.get(..4).is_some_and(|w| w.is_ascii()) {
        // Four ASCII bytes that are not `game`: the grammar's word does not match them.
        return None;
    }
    all_consuming(game_line).parse(t).ok().map(|(_, n)| n)
}

/// How many bytes from `b[i]` on satisfy `f`.
fn count_while(b: &[u8], i: usize, f: impl Fn(u8) -> bool) -> usize {
    b.get(i..)
        .map_or(0, |r| r.iter().take_while(|&&c| f(c)).count())
}

/// `turn-prefix = digits ")"`
fn turn_prefix(i: &str) -> IResult<&str, &str> {
    terminated(digit1, char(')')).parse(i)
}

/// `tag-line = (";" | "#") ws "[" name ws "\"" value "\"" "]"`
fn tag_syntax(i: &str) -> IResult<&str, (&str, &str)> {
    let (i, _) = (space0, char('['), space0).parse(i)?;
    let (i, name) = take_while1(|c: char| c != '"' && c != ']').parse(i)?;
    let (i, value) = delimited(char('"'), quoted, char('"')).parse(i)?;
    let (i, _) = (space0, char(']'), space0).parse(i)?;
    Ok((i, (name.trim_end(), value)))
}

fn quoted(i: &str) -> IResult<&str, &str> {
    // A value runs to the last `"` before the closing `]`; inner quotes stay verbatim.
    let end = i.rfind("\"").unwrap_or(0);
    Ok((&i[end..], &i[..end]))
}

fn header_line(whole: &str, trimmed: &str) -> LineKind {
    let body = &trimmed[1..];
    if let Ok((rest, (name, value))) = tag_syntax(body)
        && rest.is_empty()
        && !name.is_empty()
    {
        return LineKind::Tag {
            name: name.to_string(),
            value: if value.contains('\\') {
                value.replace("\\\"", "\"").replace("\\\\", "\\")
            } else {
                value.to_string()
            },
            value_span: Span::of(whole, value),
        };
    }
    LineKind::Comment {
        text: body.trim().to_string(),
    }
}

fn score_line(whole: &str, t: &str, errors: &mut Vec<SyntaxError>) -> Option<LineKind> {
    // Exactly two `:` (ASCII, so byte positions are character boundaries).
    let mut colons = t
        .bytes()
        .enumerate()
        .filter(|&(_, b)| b == b':')
        .map(|(k, _)| k);
    let (Some(c1), Some(c2), None) = (colons.next(), colons.next(), colons.next()) else {
        return None;
    };
    let (p0, p1, p2) = (&t[..c1], &t[c1 + 1..c2], &t[c2 + 1..]);
    let trim = |s| trim_end(trim_start(s));
    let mid = trim_start(p1);
    let digits_end = mid
        .bytes()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(mid.len());
    if digits_end == 0 {
        return None;
    }
    let s1 = &mid[..digits_end];
    let name2 = trim(&mid[digits_end..]);
    let s2 = trim(p2);
    if name2.is_empty() || s2.is_empty() || !s2.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let name1 = trim(p0);
    let mk = |name: &str, score: &str, errors: &mut Vec<SyntaxError>| -> Option<NameScore> {
        let (n, rating) = match name.rsplit_once(',') {
            Some((n, r)) if !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit()) => {
                (trim_end(n), Some(r.to_string()))
            }
            _ => (name, None),
        };
        Some(NameScore {
            name: n.to_string(),
            rating,
            score: parse_number(whole, score, errors)?,
            name_span: Span::of(whole, n),
            score_span: Span::of(whole, score),
        })
    };
    let left = mk(name1, s1, errors);
    let right = mk(name2, s2, errors);
    match (left, right) {
        (Some(left), Some(right)) => Some(LineKind::Score {
            left: Box::new(left),
            right: Box::new(right),
        }),
        _ => Some(LineKind::Unknown),
    }
}

struct Tok<'a> {
    text: &'a str,
    /// Byte offset of the token in its line (its column is computed only when needed).
    at: usize,
}

/// Split `rest` (a part of `line`) into tokens, keeping `Illegal play (…)` whole.
fn tokens<'a>(line: &'a str, rest: &'a str, out: &mut Vec<Tok<'a>>) {
    out.clear();
    let base = rest.as_ptr() as usize - line.as_ptr() as usize;
    let bytes = rest.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b' ' || bytes[i] == b'\t' {
            i += 1;
            continue;
        }
        let start = i;
        if bytes[i] == b'I' && rest[i..].starts_with("Illegal play (") {
            i = match rest[i..].find(')') {
                Some(k) => i + k + 1,
                None => bytes.len(),
            };
        } else {
            while i < bytes.len() && bytes[i] != b' ' && bytes[i] != b'\t' {
                i += 1;
            }
        }
        out.push(Tok {
            text: &rest[start..i],
            at: base + start,
        });
    }
}

/// Which keyword a token is (case-insensitive), without allocating.
fn keyword(word: &str) -> Option<&'static str> {
    const WORDS: [&str; 11] = [
        "doubles",
        "beavers",
        "raccoons",
        "redoubles",
        "takes",
        "accepts",
        "drops",
        "passes",
        "rejects",
        "wins",
        "losses",
    ];
    if word.len() < 4 || word.len() > 9 || !word.as_bytes()[0].is_ascii_alphabetic() {
        return None;
    }
    WORDS.iter().copied().find(|w| w.eq_ignore_ascii_case(word))
}

fn column_of(line: &str, byte: usize) -> usize {
    let mut col = 0;
    for c in line[..byte].chars() {
        col = if c == '\t' {
            (col / 8 + 1) * 8
        } else {
            col + 1
        };
    }
    col
}

/// Cells whose first token starts at or beyond this column, alone on a line, are the right
/// player's.
const RIGHT_COLUMN: usize = 20;

enum Building {
    None,
    Turn {
        received: Vec<Stage>,
        roll: Option<Stage>,
        chain: Vec<Stage>,
    },
    Done(CellBody),
}

fn dice_token(t: &str) -> Option<(StageKind, &str)> {
    if let Some(d) = t.strip_prefix("(").and_then(|r| r.strip_suffix("):")) {
        return Some((StageKind::Received, d));
    }
    if let Some(d) = t.strip_prefix('+').and_then(|r| r.strip_suffix(':')) {
        return Some((StageKind::Chain, d));
    }
    if let Some(d) = t.strip_suffix(':')
        && !d.is_empty()
        && d.bytes().all(|b| b.is_ascii_digit())
    {
        return Some((StageKind::Roll, d));
    }
    None
}

/// Skip spaces and tabs from `i` (to at most `end`), eight bytes at a time over the long runs
/// of spaces that align the columns.
#[inline(always)]
fn skip_blanks(b: &[u8], mut i: usize, end: usize) -> usize {
    const SPACES: u64 = u64::from_ne_bytes([b' '; 8]);
    // The commonest gap: one space between two tokens.
    if i + 1 < end && b[i] == b' ' && b[i + 1] > b' ' {
        return i + 1;
    }
    while i + 8 <= end {
        let Ok(chunk) = <[u8; 8]>::try_from(&b[i..i + 8]) else {
            break;
        };
        let other = u64::from_le_bytes(chunk) ^ SPACES;
        if other == 0 {
            i += 8;
            continue;
        }
        i += (other.trailing_zeros() / 8) as usize;
        if b[i] != b'\t' {
            return i;
        }
        i += 1;
    }
    while i < end && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    i
}

/// The dice of a well-formed stage token: `64:`, `+55:`, `(33):` (digits 1-6, a doublet for
/// chain and received stages).
#[inline]
fn good_dice(t: &[u8]) -> Option<(StageKind, u8, u8)> {
    let die = |d: u8| (b'1'..=b'6').contains(&d).then(|| d - b'0');
    match *t {
        [a, b, b':'] => Some((StageKind::Roll, die(a)?, die(b)?)),
        [b'+', a, b, b':'] if a == b => Some((StageKind::Chain, die(a)?, die(b)?)),
        [b'(', a, b, b')', b':'] if a == b => Some((StageKind::Received, die(a)?, die(b)?)),
        _ => None,
    }
}

/// The cells of a turn or result line (`rest` being the part after the turn number), appended
/// to the document's cells: by [`fast_cells`] when it can, else by [`cells`].
fn turn_cells<'a>(
    whole: &'a str,
    line: &'a str,
    rest: &'a str,
    doc: &mut Document,
    toks: &mut Vec<Tok<'a>>,
) -> CellRange {
    let (steps, cell_mark, stages) = (doc.steps.len(), doc.cells.len(), doc.stages.len());
    if !fast_cells(whole, line, rest, doc) {
        doc.steps.truncate(steps);
        doc.cells.truncate(cell_mark);
        doc.stages.truncate(stages);
        let found = cells(whole, line, rest, toks, doc);
        doc.cells.extend(found);
    }
    CellRange {
        start: cell_mark,
        len: doc.cells.len() - cell_mark,
    }
}

/// The token (run of bytes up to a space, a tab, an LF or `end`) that starts at or after `i`:
/// `(start, stop)`, or `None` at the end of the line.
fn next_token(b: &[u8], i: usize, end: usize) -> Option<(usize, usize)> {
    let start = skip_blanks(b, i, end);
    if start >= end || b[start] == b'\n' {
        return None;
    }
    let mut stop = start;
    while stop < end && b[stop] != b' ' && b[stop] != b'\t' && b[stop] != b'\n' {
        stop += 1;
    }
    Some((start, stop))
}

/// A token of one to nine ASCII digits, as a number.
fn small_number(t: &[u8]) -> Option<u64> {
    if t.is_empty() || t.len() > 9 {
        return None;
    }
    let mut v = 0;
    for &d in t {
        if !d.is_ascii_digit() {
            return None;
        }
        v = v * 10 + u64::from(d - b'0');
    }
    Some(v)
}

/// The common turn line, by hand: cells made only of well-formed stages (`64:`, `+55:`,
/// `(33):`) and steps, or of `Doubles => N`, `Takes`, `Drops`, `Wins N point(s) [and the
/// match]` as written by the usual programs, at most two cells. `None` for anything else
/// (other spellings, `Cannot Move`, anything wrong …); [`cells`] then parses the line and
/// words its errors.
/// Whatever this accepts, `cells` accepts with the same result (a test compares them).
/// Its cells, stages and steps are appended to `doc`'s lists; when it declines, some may be,
/// and the caller drops them.
fn fast_cells(whole: &str, line: &str, rest: &str, doc: &mut Document) -> bool {
    let line_start = line.as_ptr() as usize - whole.as_ptr() as usize;
    let start = rest.as_ptr() as usize - whole.as_ptr() as usize;
    fast_cells_at(whole, line_start, start, start + rest.len(), doc).is_some()
}

/// [`fast_cells`] on `whole[start..end]`, the rest of the line that starts at `line_start`,
/// stopping early at an LF (there is none when the caller found the line's end first).
/// Returns where it stopped (`end` or the LF) and where the text before it ends (past the
/// last token, or `start` when there is none: only blanks follow).
#[inline(always)]
fn fast_cells_at(
    whole: &str,
    line_start: usize,
    start: usize,
    end: usize,
    doc: &mut Document,
) -> Option<(usize, usize)> {
    let Document {
        cells: all,
        stages,
        steps,
        ..
    } = doc;
    let bytes = whole.as_bytes();
    let mut i = start;
    // Cells are built in place, after `mark` in the document's list: the last one is open,
    // and its span (and, for a turn, its range of stages) is closed when the next one starts
    // or the line ends.
    let mark = all.len();
    let mut last_end = 0;
    // The open cell is a turn, and whether it has its roll yet.
    let mut turn_open = false;
    let mut has_roll = false;
    // Steps go to the newest stage (here, where nothing is misplaced, it is the one that takes
    // them): from `first_step` on in `steps`, its range is written when the next stage or cell
    // starts, or the line ends.
    let mut open_stage = false;
    let mut first_step = 0;
    /// Close the newest stage's range of steps.
    fn close_stage(stages: &mut [Stage], open_stage: bool, first_step: usize, steps: usize) {
        if open_stage
            && steps > first_step
            && let Some(stage) = stages.last_mut()
        {
            stage.moves.steps = StepRange {
                start: first_step,
                len: steps - first_step,
            };
        }
    }
    /// Close the open cell's span and range of stages.
    fn close_cell(out: &mut [Cell], last_end: usize, stages: usize) {
        let Some(c) = out.last_mut() else {
            return;
        };
        c.span.len = last_end - c.span.offset;
        if let CellBody::Turn { stages: range } = &mut c.body {
            range.len = stages - range.start;
        }
    }
    loop {
        i = skip_blanks(bytes, i, end);
        if i >= end || bytes[i] == b'\n' {
            break;
        }
        // The commonest token first: a two-point step of plain numbers.
        if let Some((step, next)) = quick_step(bytes, i, end) {
            if !open_stage {
                return None;
            }
            steps.push(step);
            i = next;
            last_end = i;
            continue;
        }
        let first = bytes[i];
        if first.is_ascii_digit() || first == b'+' || first == b'(' {
            // A stage, when the token ends with `:` after two or four bytes.
            let len = match (first, bytes.get(i + 2), bytes.get(i + 3), bytes.get(i + 4)) {
                (b'0'..=b'9', Some(b':'), ..) => 3,
                (b'+', _, Some(b':'), _) => 4,
                (b'(', _, _, Some(b':')) => 5,
                (b'0'..=b'9', ..) => 0,
                _ => return None,
            };
            if len > 0 {
                if i + len > end || !matches!(bytes.get(i + len), None | Some(b' ' | b'\t' | b'\n'))
                {
                    return None;
                }
                let (kind, a, b) = good_dice(&bytes[i..i + len])?;
                let same_cell = turn_open
                    && match kind {
                        StageKind::Received | StageKind::Roll => !has_roll,
                        StageKind::Chain => has_roll,
                    };
                close_stage(stages, open_stage, first_step, steps.len());
                if !same_cell {
                    if kind == StageKind::Chain || all.len() - mark == 2 {
                        return None;
                    }
                    close_cell(&mut all[mark..], last_end, stages.len());
                    let range = StageRange {
                        start: stages.len(),
                        len: 0,
                    };
                    push_in_place(all, || Cell {
                        column: Column::Left,
                        span: Span::new(i, 0),
                        body: CellBody::Turn { stages: range },
                    });
                    turn_open = true;
                    has_roll = false;
                }
                push_in_place(stages, || Stage {
                    kind,
                    a,
                    b,
                    dice_span: Span::new(i, len),
                    moves: Moves::default(),
                });
                has_roll |= kind == StageKind::Roll;
                open_stage = true;
                first_step = steps.len();
                i += len;
                last_end = i;
                continue;
            }
        }
        if matches!(first, b'D' | b'T' | b'W') {
            // A cube action or a result in the usual spelling: a cell of its own.
            let (_, stop) = next_token(bytes, i, end)?;
            let word = &bytes[i..stop];
            let (body, body_end) = match word {
                b"Takes" => (CellBody::Take, stop),
                b"Drops" => (CellBody::Drop, stop),
                b"Doubles" => {
                    let (a, b) = next_token(bytes, stop, end)?;
                    if &bytes[a..b] != b"=>" {
                        return None;
                    }
                    let (c, d) = next_token(bytes, b, end)?;
                    let value = small_number(&bytes[c..d])?;
                    let value_span = Span::new(c, d - c);
                    (CellBody::Double { value, value_span }, d)
                }
                b"Wins" => {
                    let (a, b) = next_token(bytes, stop, end)?;
                    let points = small_number(&bytes[a..b])?;
                    let points_span = Span::new(a, b - a);
                    let mut body_end = b;
                    if let Some((c, d)) = next_token(bytes, body_end, end)
                        && (bytes[c..d].eq_ignore_ascii_case(b"point")
                            || bytes[c..d].eq_ignore_ascii_case(b"points"))
                    {
                        body_end = d;
                    }
                    let mut and_match = false;
                    if let Some((c, d)) = next_token(bytes, body_end, end)
                        && bytes[c..d].eq_ignore_ascii_case(b"and")
                        && let Some((e, f)) = next_token(bytes, d, end)
                        && bytes[e..f].eq_ignore_ascii_case(b"the")
                        && let Some((g, h)) = next_token(bytes, f, end)
                        && bytes[g..h].eq_ignore_ascii_case(b"match")
                    {
                        and_match = true;
                        body_end = h;
                    }
                    let body = CellBody::Wins {
                        points,
                        points_span,
                        and_match,
                    };
                    (body, body_end)
                }
                _ => return None,
            };
            if all.len() - mark == 2 {
                return None;
            }
            close_stage(stages, open_stage, first_step, steps.len());
            close_cell(&mut all[mark..], last_end, stages.len());
            open_stage = false;
            turn_open = false;
            push_in_place(all, || Cell {
                column: Column::Left,
                span: Span::new(i, body_end - i),
                body,
            });
            i = body_end;
            last_end = body_end;
            continue;
        }
        // Any other step, for the newest stage.
        if !open_stage {
            return None;
        }
        let (step, next) = scan_step(bytes, i, end, 0)?;
        steps.push(step);
        i = next;
        last_end = i;
    }
    close_stage(stages, open_stage, first_step, steps.len());
    close_cell(&mut all[mark..], last_end, stages.len());
    let out = &mut all[mark..];
    match out.len() {
        2 => out[1].column = Column::Right,
        1 if column_of(&whole[line_start..], out[0].span.offset - line_start) >= RIGHT_COLUMN => {
            out[0].column = Column::Right
        }
        _ => {}
    }
    Some((i.min(end), last_end.max(start)))
}

fn cells<'a>(
    whole: &'a str,
    line: &'a str,
    rest: &'a str,
    toks: &mut Vec<Tok<'a>>,
    doc: &mut Document,
) -> Vec<Cell> {
    let Document {
        errors,
        steps,
        stages,
        ..
    } = doc;
    tokens(line, rest, toks);
    let toks = &*toks;
    let mut out: Vec<Cell> = Vec::with_capacity(2);
    let mut first_at = 0;
    let mut cur = Building::None;
    let mut cur_start: Option<(usize, Span)> = None;
    let mut last_end = Span::default();
    let mut k = 0;
    // The stages of a finished turn cell go to the document's list (only this does).
    let mut finish = |cur: &mut Building,
                      start: &mut Option<(usize, Span)>,
                      end: Span,
                      out: &mut Vec<Cell>,
                      first_at: &mut usize| {
        let b = std::mem::replace(cur, Building::None);
        let body = match b {
            Building::None => return,
            Building::Turn {
                received,
                roll,
                chain,
            } => {
                // Into the document's list, in the order of the range: received, roll, chain.
                let first = stages.len();
                stages.extend(received);
                stages.extend(roll);
                stages.extend(chain);
                CellBody::Turn {
                    stages: StageRange {
                        start: first,
                        len: stages.len() - first,
                    },
                }
            }
            Building::Done(body) => body,
        };
        if let Some((col, s)) = start.take() {
            if out.is_empty() {
                *first_at = col;
            }
            out.push(Cell {
                column: Column::Left,
                span: s.join(end),
                body,
            });
        }
    };
    while k < toks.len() {
        let t = &toks[k];
        let span = Span::of(whole, t.text);
        // Dice tokens: (nn):, dd:, +nn:
        if let Some((kind, digits)) = dice_token(t.text) {
            let db = digits.as_bytes();
            let ok = db.len() == 2 && db.iter().all(|b| (b'1'..=b'6').contains(b));
            // A malformed roll is reported once; it still opens its stage, so the steps
            // written after it are not reported again.
            if !ok {
                errors.push(
                    SyntaxError::new("bad-dice", span, format!("`{}` is not a roll of two dice", t.text))
                        .help("a roll is two digits 1-6 followed by `:`, e.g. `64:`; chain stages `+55:`, received stages `(55):`"),
                );
            } else if kind != StageKind::Roll && db[0] != db[1] {
                errors.push(
                    SyntaxError::new("bad-dice", span, format!("`{}` must name a doublet", t.text))
                        .help("chain and remainder stages are always four of one number, e.g. `+44:` or `(44):`"),
                );
            }
            let die = |k: usize| {
                db.get(k)
                    .map(|b| b.wrapping_sub(b'0'))
                    .filter(|d| (1..=6).contains(d))
                    .unwrap_or(0)
            };
            let stage = Stage {
                kind,
                a: die(0),
                b: die(1),
                dice_span: span,
                moves: Moves::default(),
            };
            let new_cell = match (&mut cur, kind) {
                (
                    Building::Turn {
                        roll: None,
                        received,
                        ..
                    },
                    StageKind::Received,
                ) => {
                    received.push(stage);
                    false
                }
                (Building::Turn { roll: r @ None, .. }, StageKind::Roll) => {
                    *r = Some(stage);
                    false
                }
                (
                    Building::Turn {
                        roll: Some(_),
                        chain,
                        ..
                    },
                    StageKind::Chain,
                ) => {
                    chain.push(stage);
                    false
                }
                (
                    Building::Turn {
                        roll: None, chain, ..
                    },
                    StageKind::Chain,
                ) => {
                    if chain.is_empty() {
                        errors.push(
                        SyntaxError::new("misplaced-stage", span, format!("chain stage `{}` without a roll before it", t.text))
                                .help("a `+nn:` chain stage continues the roll written before it in the same cell"),
                        );
                    }
                    chain.push(stage);
                    false
                }
                (_, StageKind::Chain) => {
                    errors.push(
                        SyntaxError::new("misplaced-stage", span, format!("chain stage `{}` without a roll before it", t.text))
                            .help("a `+nn:` chain stage continues the roll written before it in the same cell"),
                    );
                    finish(&mut cur, &mut cur_start, last_end, &mut out, &mut first_at);
                    cur = Building::Turn {
                        received: vec![],
                        roll: None,
                        chain: vec![stage],
                    };
                    true
                }
                _ => {
                    finish(&mut cur, &mut cur_start, last_end, &mut out, &mut first_at);
                    cur = match kind {
                        StageKind::Received => Building::Turn {
                            received: vec![stage],
                            roll: None,
                            chain: vec![],
                        },
                        _ => Building::Turn {
                            received: vec![],
                            roll: Some(stage),
                            chain: vec![],
                        },
                    };
                    true
                }
            };
            if new_cell || cur_start.is_none() {
                cur_start = Some((t.at, span));
            }
            last_end = span;
            k += 1;
            continue;
        }
        let word = t.text;
        let lower = keyword(word).unwrap_or("");
        match lower {
            "doubles" | "beavers" | "raccoons" | "redoubles" => {
                finish(&mut cur, &mut cur_start, last_end, &mut out, &mut first_at);
                let mut end = span;
                let mut value = None;
                if k + 2 < toks.len() && toks[k + 1].text == "=>" {
                    let v = &toks[k + 2];
                    let vs = Span::of(whole, v.text);
                    end = vs;
                    if v.text.bytes().all(|b| b.is_ascii_digit()) {
                        value = parse_number(whole, v.text, errors).map(|n| (n, vs));
                        if value.is_none() {
                            k += 3;
                            continue;
                        }
                    }
                    k += 3;
                } else {
                    k += 1;
                }
                let Some((value, value_span)) = value else {
                    errors.push(
                        SyntaxError::new(
                            "bad-cube-action",
                            span.join(end),
                            format!("`{word}` must be followed by `=> N`"),
                        )
                        .help("write a cube action as `Doubles => 2`"),
                    );
                    continue;
                };
                let body = match lower {
                    "beavers" => CellBody::Beaver { value, value_span },
                    "raccoons" => CellBody::Raccoon { value, value_span },
                    _ => CellBody::Double { value, value_span },
                };
                cur = Building::Done(body);
                cur_start = Some((t.at, span));
                last_end = end;
            }
            "takes" | "accepts" | "drops" | "passes" | "rejects" => {
                finish(&mut cur, &mut cur_start, last_end, &mut out, &mut first_at);
                cur = Building::Done(if lower == "takes" || lower == "accepts" {
                    CellBody::Take
                } else {
                    CellBody::Drop
                });
                cur_start = Some((t.at, span));
                last_end = span;
                k += 1;
            }
            "wins" | "losses" => {
                finish(&mut cur, &mut cur_start, last_end, &mut out, &mut first_at);
                let mut j = k + 1;
                let mut end = span;
                let mut pts = None;
                if j < toks.len() && toks[j].text.bytes().all(|b| b.is_ascii_digit()) {
                    let vs = Span::of(whole, toks[j].text);
                    pts = parse_number(whole, toks[j].text, errors).map(|n| (n, vs));
                    end = vs;
                    j += 1;
                }
                let number_failed = pts.is_none() && j > k + 1;
                if j < toks.len()
                    && (toks[j].text.eq_ignore_ascii_case("point")
                        || toks[j].text.eq_ignore_ascii_case("points"))
                {
                    end = Span::of(whole, toks[j].text);
                    j += 1;
                }
                let mut and_match = false;
                if j + 2 < toks.len()
                    && toks[j].text.eq_ignore_ascii_case("and")
                    && toks[j + 1].text.eq_ignore_ascii_case("the")
                    && toks[j + 2].text.eq_ignore_ascii_case("match")
                {
                    and_match = true;
                    end = Span::of(whole, toks[j + 2].text);
                    j += 3;
                }
                let Some((points, points_span)) = pts else {
                    if number_failed {
                        k = j;
                        continue;
                    }
                    errors.push(
                        SyntaxError::new(
                            "bad-result",
                            span.join(end),
                            format!("`{word}` must be followed by a number of points"),
                        )
                        .help("write a result as `Wins 1 point` or `Wins 2 points and the match`"),
                    );
                    k = j;
                    continue;
                };
                cur = Building::Done(if lower == "wins" {
                    CellBody::Wins {
                        points,
                        points_span,
                        and_match,
                    }
                } else {
                    CellBody::Losses {
                        points,
                        points_span,
                    }
                });
                cur_start = Some((t.at, span));
                last_end = end;
                k = j;
            }
            _ => {
                // Moves: steps, `Cannot Move`, `????`, `Illegal play (…)`.
                let target = match &mut cur {
                    Building::Turn {
                        received,
                        roll,
                        chain,
                    } => chain.last_mut().or(roll.as_mut()).or(received.last_mut()),
                    _ => None,
                };
                let Some(stage) = target else {
                    let msg = if word.contains('/') {
                        format!("the step `{word}` has no roll before it")
                    } else {
                        format!("unexpected `{}`", abbreviate(word))
                    };
                    errors.push(SyntaxError::new("unexpected-token", span, msg).help(
                        "a cell is a roll with its play (`64: 24/18 18/14`), a cube action (`Doubles => 2`, `Takes`, `Drops`) or a result (`Wins 1 point`)",
                    ));
                    k += 1;
                    continue;
                };
                // The common token: a well-formed step (what `parse_step` would return).
                if let Some(step) = fast_step(word.as_bytes(), span.offset) {
                    stage.moves.steps.push(steps, step);
                    last_end = span;
                    k += 1;
                    continue;
                }
                if word.eq_ignore_ascii_case("cannot")
                    && k + 1 < toks.len()
                    && toks[k + 1].text.eq_ignore_ascii_case("move")
                {
                    let s = span.join(Span::of(whole, toks[k + 1].text));
                    stage.moves.markers().cannot_move = Some(s);
                    last_end = s;
                    k += 2;
                    continue;
                }
                if word.len() >= 3 && word.bytes().all(|b| b == b'?') {
                    stage.moves.markers().unknown = Some(span);
                } else if word.starts_with("Illegal play (") {
                    stage.moves.markers().illegal = Some(span);
                } else if word.contains('/') {
                    match parse_step(word, span.offset) {
                        Ok(s) => stage.moves.steps.push(steps, s),
                        Err(e) => errors.push(e),
                    }
                } else {
                    errors.push(
                        SyntaxError::new("unexpected-token", span, format!("unexpected `{}`", abbreviate(word)))
                            .help("after a roll write its steps (`24/18 18/14`), `Cannot Move`, or nothing"),
                    );
                }
                last_end = span;
                k += 1;
            }
        }
    }
    finish(&mut cur, &mut cur_start, last_end, &mut out, &mut first_at);
    let n = out.len();
    if n > 2 {
        let extra = out[2].span.join(out[n - 1].span);
        errors.push(
            SyntaxError::new(
                "too-many-cells",
                extra,
                "a line holds at most two cells (left player, right player)",
            )
            .help("put each turn on its own numbered line"),
        );
    }
    if n >= 2 {
        for c in &mut out[1..] {
            c.column = Column::Right;
        }
    } else if n == 1 && column_of(line, first_at) >= RIGHT_COLUMN {
        out[0].column = Column::Right;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The eight-byte searches agree with a plain byte loop.
        #[test]
        fn byte_searches_agree(s in "[ \t\na\r\u{8a}\u{10d}é]{0,40}", from in 0usize..40) {
            let b = s.as_bytes();
            let from = from.min(b.len());
            let lf = b[from..].iter().position(|&c| c == b'\n').map_or(b.len(), |k| from + k);
            proptest::prop_assert_eq!(find_byte::<b'\n'>(b, from), lf);
            let cr = b[from..].iter().position(|&c| c == b'\r').map_or(b.len(), |k| from + k);
            proptest::prop_assert_eq!(find_byte::<b'\r'>(b, from), cr);
            let blank = b[from..].iter().position(|&c| c != b' ' && c != b'\t').map_or(b.len(), |k| from + k);
            proptest::prop_assert_eq!(skip_blanks(b, from, b.len()), blank);
        }

        /// The hand-read match-length and game lines agree with the grammar (nom), on lines
        /// near both forms, in any case, with Unicode letters that lowercase to ASCII.
        #[test]
        fn quick_line_forms_agree_with_grammar(
            t in "[0-9 \tpoinPOINtTsSmatchMATCHgGeE\u{212a}\u{130}x]{0,20}",
            form in proptest::sample::select(vec![
                "7 point match", "12 Points  MATCH", "1\tpoint\tmatch", "0 pointsmatch",
                "Game 3", "GAME\t12", "game3", "Game  ", "Game 1 x",
            ]),
            cut in 0usize..16,
        ) {
            for t in [t.as_str(), form, &form[..cut.min(form.len())]] {
                let grammar = all_consuming(match_length).parse(t).ok().map(|(_, (n, _))| n);
                proptest::prop_assert_eq!(whole_match_length(t), grammar, "{:?}", t);
                let grammar = all_consuming(game_line).parse(t).ok().map(|(_, n)| n);
                proptest::prop_assert_eq!(whole_game_line(t), grammar, "{:?}", t);
            }
        }

        /// The ASCII fast paths of the line trims agree with `str::trim_end`/`trim_start`,
        /// Unicode whitespace (vertical tab, NBSP, em space) included.
        #[test]
        fn trims_agree_with_std(s in "[ a\t\u{b}\u{c}\u{a0}\u{2003}é1]{0,12}") {
            proptest::prop_assert_eq!(trim_end(&s), s.trim_end());
            proptest::prop_assert_eq!(trim_start(&s), s.trim_start());
        }
    }

    /// Whatever the hand-written turn-line path accepts, the general one accepts with the same
    /// cells and no error.
    fn cells_agree(line: &str) -> bool {
        let rest = if line.starts_with("Wins") {
            line
        } else {
            &line[line.find(')').map_or(0, |k| k + 1)..]
        };
        let mut fast = Document::default();
        if !fast_cells(line, line, rest, &mut fast) {
            return false;
        }
        let mut slow = Document::default();
        let slow_cells = cells(line, line, rest, &mut Vec::new(), &mut slow);
        assert!(slow.errors.is_empty(), "{line:?}: {:?}", slow.errors);
        assert_eq!(
            format!("{:?}", fast.cells),
            format!("{slow_cells:?}"),
            "{line:?}"
        );
        assert_eq!(
            format!("{:?}", fast.stages),
            format!("{:?}", slow.stages),
            "{line:?}"
        );
        assert_eq!(fast.steps, slow.steps, "{line:?}");
        true
    }

    #[test]
    fn fast_cells_examples() {
        for line in [
            "  1)                             64: 24/18 18/14 ",
            "  2) 11: 24/23 23/22 6/5 6/5     53: 8/3* 6/3 ",
            "  9) 41: 5/4 8/4                 55: 13/8 11/6 6/1* 6/1",
            " 16) 11: 11/10 10/9 6/5(2) +22:  (22): 20/18(2) 7/5 5/3 (33): 15/12 65: 18/12 12/7",
            "  3) 42: bar/21 13/11*\t62: Bar/23 24/18",
            "  4) 61: 13/7*/6",
            "  5)",
            "  5)\t\t  \t",
            "  6) 31:",
            "  7) 11: 24/23(4) +22: 23/21(2) +33:",
            "  6)  Doubles => 2                Takes",
            " 25)  Drops                       Wins 2 points ",
            " 25)  Drops                       Wins 2 points and the match",
            " 25)  31: 3/0 1/0                 Wins 1 point AND The MATCH",
            " 25)  31: 3/0 1/0                 Wins 1",
            " 25)  Doubles => 64\t\tTakes",
            " 25)                              Doubles => 2",
            "Wins 4 points",
            "Wins 4 points and the match",
        ] {
            assert!(cells_agree(line), "the fast path declined {line:?}");
        }
        // Lines the general path must handle (other spellings, errors).
        for line in [
            "  6)  Redoubles => 4",
            "  6)  doubles => 2",
            "  6)  Doubles 2",
            "  6)  Doubles =>",
            "  6)  Doubles => x",
            "  6)  Doubles => 9999999999",
            "  6)  Takes 24/18",
            "  6)  Wins points",
            "  6)  Wins 1 point and",
            "  6)  Wins 1 point and the",
            "  6)  Takes Drops Takes",
            "  6)  Beavers => 4",
            "  6)  Losses 1 point",
            "  7) 77: 24/17",
            "  7) 6: 24/18",
            "  7) +22: 24/22",
            "  7) 11: 24/23 (12): 3/2",
            "  7) 11: 24/23 22: 1/2 33: 3/0",
            "  7) 24/18",
            "  7) 64: Cannot Move",
            "  7) 64: 24/18x",
            "  7) 64:x 24/18",
            "  7) 64: ????",
            "  7) 64: 24/\u{a0}18",
        ] {
            assert!(!cells_agree(line), "the fast path accepted {line:?}");
        }
    }

    use proptest::strategy::Strategy as _;

    proptest::proptest! {
        #[test]
        fn fast_cells_agree_with_general(
            toks in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::string::string_regex("[1-6][1-6]:").unwrap(),
                    proptest::string::string_regex("\\+[0-7][0-7]:|\\([0-7][0-7]\\):|[0-9]{1,3}:").unwrap(),
                    proptest::string::string_regex("([0-9]{1,2}|bar|b|off|o|-)(/([0-9]{1,2}|bar|b|off|o|-)\\*?){1,5}(\\([0-5]\\))?").unwrap(),
                    proptest::string::string_regex("[0-9a-z/*():+?]{1,6}").unwrap(),
                    proptest::string::string_regex("(Doubles|Redoubles|doubles) (=>|=) [0-9]{1,3}|(Wins|wins) [0-9x]{1,2}( (point|points|Points|pts))?( (and|AND) (the|The) (match|game))?|Takes|Drops|Accepts").unwrap(),
                    proptest::sample::select(vec!["Doubles", "=>", "2", "16", "Takes", "Drops", "Wins", "point", "points", "and", "the", "match", "Match", "Cannot", "Move", "Illegal play (", ")"]).prop_map(str::to_string),
                ],
                0..9,
            ),
            seps in proptest::collection::vec(proptest::sample::select(vec![" ", "  ", "\t", "            ", " \t "]), 9),
        ) {
            let mut line = String::from("  3)");
            for (k, t) in toks.iter().enumerate() {
                line.push_str(seps[k]);
                line.push_str(t);
            }
            cells_agree(&line);
        }
    }

    /// The whole-line fast path gives the same document as reading line by line.
    fn documents_agree(text: &str) {
        let fast = parse_with(text, true);
        let slow = parse_with(text, false);
        assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{text:?}");
    }

    #[test]
    fn whole_lines_agree_on_every_fixture() {
        fn walk(dir: &std::path::Path, n: &mut usize) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, n);
                } else if let Ok(t) = std::fs::read_to_string(&p) {
                    documents_agree(&t);
                    *n += 1;
                }
            }
        }
        let mut n = 0;
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures"),
            &mut n,
        );
        assert!(n > 400, "only {n} fixtures read");
    }

    proptest::proptest! {
        /// Whole documents of random turn lines and line ends: the same either way.
        #[test]
        fn whole_lines_agree(
            lines in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::string::string_regex("[ \t]{0,3}[0-9]{1,3}\\)[ \t]{1,3}[1-6]{2}:( [0-9]{1,2}/[0-9]{1,2}\\*?){0,4}[ \t]{0,20}([1-6]{2}:( [0-9]{1,2}/[0-9]{1,2}){0,4})?[ \t\u{b}\u{a0}]{0,2}").unwrap(),
                    proptest::string::string_regex("[ \t]{0,3}[0-9]{1,2}\\)[ \t]{1,30}(Doubles => [0-9]{1,2}|Takes|Drops|Wins [0-9]( points?)?( and the match)?)").unwrap(),
                    proptest::string::string_regex("[0-9a-z/*():+? \t]{0,30}").unwrap(),
                    proptest::string::string_regex(" Game [0-9]{1,2}| [a-z]{1,5} : [0-9]   [a-z]{1,4} : [0-9]|; \\[[A-Z][a-z]{1,4} \"[a-z]*\"\\]|").unwrap(),
                ],
                0..12,
            ),
            ends in proptest::collection::vec(proptest::sample::select(vec!["\n", "\n", "\n\n", "\r\n", "\r", ""]), 12),
        ) {
            let mut text = String::new();
            for (k, l) in lines.iter().enumerate() {
                text.push_str(l);
                text.push_str(ends[k]);
            }
            documents_agree(&text);
            // Without any CR (the whole-line path is only taken then).
            documents_agree(&text.replace('\r', ""));
        }
    }

    fn turn(line: &str) -> (Vec<Cell>, Vec<SyntaxError>) {
        let d = parse_document(line);
        match &d.lines[0].kind {
            LineKind::Turn { cells, .. } | LineKind::Result { cells } => {
                (cells.of(&d.cells).to_vec(), d.errors)
            }
            k => panic!("not a turn line: {k:?}"),
        }
    }

    #[test]
    fn a_lone_cell_far_right_belongs_to_the_right_player() {
        let (c, e) = turn("  1)                             43: 13/9 13/10");
        assert!(e.is_empty());
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].column, Column::Right);
    }

    #[test]
    fn the_right_cell_starts_at_a_received_stage_after_an_empty_chain_stage() {
        let line =
            " 16) 11: 11/10 10/9 6/5(2) +22:  (22): 20/18(2) 7/5 5/3 (33): 15/12 65: 18/12 12/7";
        let (c, e) = turn(line);
        assert!(e.is_empty(), "{e:?}");
        assert_eq!(c.len(), 2);
        let stages = parse_document(line).stages;
        match &c[0].body {
            CellBody::Turn { stages: range } => {
                let t = range.split(&stages);
                assert!(t.received.is_empty());
                assert_eq!(t.roll.unwrap().a, 1);
                assert_eq!(t.chain.len(), 1);
                assert!(t.chain[0].moves.is_blank());
            }
            b => panic!("{b:?}"),
        }
        match &c[1].body {
            CellBody::Turn { stages: range } => {
                let t = range.split(&stages);
                assert_eq!(t.received.len(), 2);
                assert_eq!(t.roll.unwrap().a, 6);
                assert!(t.chain.is_empty());
            }
            b => panic!("{b:?}"),
        }
        assert_eq!(
            &line[c[1].span.offset..c[1].span.end()],
            "(22): 20/18(2) 7/5 5/3 (33): 15/12 65: 18/12 12/7"
        );
    }

    /// A misplaced chain stage before a received one: the range holds them as received, roll,
    /// chain, whatever the written order, and the steps stay with the stage they were
    /// written for.
    #[test]
    fn stage_ranges_split_into_received_roll_and_chain() {
        let d = parse_document("  7) +22: 1/3 (33): 3/6");
        let c = d.cells.first().expect("a cell");
        let CellBody::Turn { stages: range } = c.body else {
            panic!("{:?}", c.body);
        };
        assert_eq!(range.len(), 2);
        let t = range.split(&d.stages);
        assert_eq!(t.received.len(), 1);
        assert_eq!(t.received[0].kind, StageKind::Received);
        assert!(t.roll.is_none());
        assert_eq!(t.chain.len(), 1);
        assert_eq!(t.chain[0].kind, StageKind::Chain);
        assert_eq!(t.chain[0].moves.steps.len(), 2);
        assert!(t.received[0].moves.steps.is_empty());
        // A range over another list is empty, never a panic.
        assert!(range.of(&[]).is_empty());
        assert!(range.split(&[]).roll.is_none());
        // The usual cell: a roll, then chain stages.
        let d = parse_document("  7) 11: 24/23(4) +22: 23/21(2) +33:");
        let CellBody::Turn { stages: range } = d.cells[0].body else {
            panic!();
        };
        let t = range.split(&d.stages);
        assert!(t.received.is_empty());
        assert_eq!(t.roll.map(|r| (r.a, r.b)), Some((1, 1)));
        assert_eq!(t.chain.len(), 2);
    }

    #[test]
    fn galaxy_losses_and_wins_share_a_line() {
        let (c, e) = turn(
            " 24)  Losses 1 point                                               Wins 1 point and the match",
        );
        assert!(e.is_empty());
        assert!(matches!(c[0].body, CellBody::Losses { points: 1, .. }));
        assert!(matches!(
            c[1].body,
            CellBody::Wins {
                points: 1,
                and_match: true,
                ..
            }
        ));
    }

    #[test]
    fn dice_out_of_range_are_a_syntax_error_on_the_token() {
        let (_, e) = turn("  3) 77: 24/17");
        assert_eq!(e[0].code, "bad-dice");
        assert_eq!(e[0].span, Span::new(5, 3));
    }

    #[test]
    fn huge_game_numbers_are_reported_not_wrapped() {
        let d = parse_document(" Game 99999999999999999999\n");
        assert_eq!(d.errors[0].code, "number-too-large");
    }

    #[test]
    fn score_lines_split_names_with_spaces_and_ratings() {
        let d = parse_document(" Ali Rıza Şahin : 2          zoonk,1666 : 0");
        match &d.lines[0].kind {
            LineKind::Score { left, right } => {
                assert_eq!(left.name, "Ali Rıza Şahin");
                assert_eq!(left.score, 2);
                assert_eq!(right.name, "zoonk");
                assert_eq!(right.rating.as_deref(), Some("1666"));
            }
            k => panic!("{k:?}"),
        }
    }
}
