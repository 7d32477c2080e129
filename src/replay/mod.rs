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
mod trace;
mod words;

use crate::codes::Code;
use crate::notation::{Span, SyntaxError};
use crate::record::{Match, Origin, ReadProblem, Record, StoredBoard};
use crate::rules::{RuleSet, Side};

pub use render::{render_play, render_steps};
pub use repair::{Repair, apply_repairs};
pub use setup::Overrides;
pub(crate) use trace::stage_available;
pub use trace::{ActionTrace, GameResult, GameTrace, StageList, StageSteps, StageTrace};
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
#[non_exhaustive]
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
    /// For a record read from a binary file: where the finding stands there (the byte range
    /// its span names, in the file or in the member its records are stored in).
    pub origin: Option<Origin>,
    /// For a record read from a binary file, which has no text to show: the entry the finding
    /// concerns, in words and the play notation (`64: 24/18 13/9`, `doubles to 2`).
    pub entry: Option<String>,
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
#[non_exhaustive]
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
    /// there ([`Finding::origin`]: in the file, or in the member holding the records, for
    /// `.xg` `temp.xg`).
    pub fn byte_offset(&self) -> Option<u64> {
        match self.origin {
            Some(Origin::Binary { offset, .. } | Origin::Member { offset, .. }) => Some(offset),
            _ => None,
        }
    }
    /// An error with this code on this span, saying `message` (add a label, help and
    /// related spans with the builder methods below).
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
            entry: None,
            continued: None,
        }
    }
    /// A warning with this code on this span, saying `message`.
    pub fn warning(code: Code, span: Span, message: impl Into<String>) -> Self {
        Finding {
            severity: Severity::Warning,
            ..Finding::error(code, span, message)
        }
    }
    /// A note with this code on this span, saying `message` (what was not checked).
    pub fn advice(code: Code, span: Span, message: impl Into<String>) -> Self {
        Finding {
            severity: Severity::Advice,
            ..Finding::error(code, span, message)
        }
    }
    /// With this text on the primary label.
    pub fn label(mut self, l: impl Into<String>) -> Self {
        self.label = l.into();
        self
    }
    /// With this help (what was legal, how to fix it).
    pub fn help(mut self, h: impl Into<String>) -> Self {
        self.help = Some(h.into());
        self
    }
    /// With one more labelled span (the roll, the blocking point, …).
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
            entry: None,
            continued: None,
        }
    }
}

/// The result of checking one record.
#[non_exhaustive]
#[derive(Debug)]
pub struct Verdict {
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
    /// a file holding several): the spans of its record are relative to it, its findings are
    /// in the file's offsets.
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

/// Replay a record: every match of it through the rules of its variant (from its header and
/// `overrides`), each illegal play continued as [`Continued`] says, and the reader's problems
/// among the findings.
///
/// ```
/// let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 18/14\n";
/// let v = tavla::replay::check(tavla::notation::read(text), &tavla::replay::Overrides::gul_bara());
/// assert_eq!(v.errors(), 0);
/// ```
pub fn check(record: Record, overrides: &Overrides) -> Verdict {
    check_record(record, overrides, Keep::All)
}

/// What a replay keeps of each game beyond its findings, results and turn counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Nothing: every game's `actions` stay empty.
    Findings,
    /// Each action's trace without its stages' (the positions before and after, the roll and
    /// the cube: what the table of plays reads).
    Positions,
    /// Everything, the steps of every stage too.
    All,
}

impl Keep {
    /// Whether the actions' traces are kept.
    pub(crate) fn actions(self) -> bool {
        self != Keep::Findings
    }
    /// Whether each turn's stages are kept in its trace.
    pub(crate) fn stages(self) -> bool {
        self == Keep::All
    }
}

/// [`check`] without the replay traces: every [`GameTrace`] of the verdict has empty
/// `actions`, while the findings, results and turn counts are the same. Faster; for callers
/// that only report findings.
///
/// ```
/// use tavla::{notation::read, replay::{check, check_findings, Overrides}};
/// let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 18/14\n";
/// let o = Overrides::gul_bara();
/// let v = check_findings(read(text), &o);
/// assert_eq!(v.findings, check(read(text), &o).findings);
/// assert_eq!(v.turns_checked(), 1);
/// assert!(v.games[0].actions.is_empty());
/// ```
pub fn check_findings(record: Record, overrides: &Overrides) -> Verdict {
    check_record(record, overrides, Keep::Findings)
}

/// What every match of a record is checked with.
struct Ctx<'a> {
    overrides: &'a Overrides,
    /// The boards the file stores after each play.
    boards: &'a [StoredBoard],
    /// The text of the match (from its start), when its plays are written in the notation.
    text: Option<&'a str>,
}

pub(crate) fn check_record(record: Record, overrides: &Overrides, traces: Keep) -> Verdict {
    let Record {
        matches,
        problems,
        boards,
        text,
        binary,
    } = record;
    let read_error = problems.iter().any(|p| p.error);
    let mut verdicts: Vec<Verdict> = Vec::with_capacity(matches.len().max(1));
    let several = matches.len() > 1;
    let mut matches = matches;
    if matches.is_empty() {
        matches.push(Match::default());
    }
    for (i, m) in matches.into_iter().enumerate() {
        let offset = m.offset;
        // The boards a file stores, in the match's own offsets (a stream's member is read
        // from its own bytes): those of the matches before it left out.
        let shifted: Vec<StoredBoard>;
        let boards_here: &[StoredBoard] = if offset == 0 {
            &boards
        } else {
            shifted = boards
                .iter()
                .filter(|b| b.at.offset >= offset)
                .map(|b| StoredBoard {
                    at: Span::new(b.at.offset - offset, b.at.len),
                    counts: b.counts,
                })
                .collect();
            &shifted
        };
        let ctx = Ctx {
            overrides,
            boards: boards_here,
            text: text.as_deref().and_then(|t| t.get(offset..)),
        };
        let mut v = check_match(m, &ctx, traces);
        if read_error {
            // A file that could not be read holds no games: its reading problem says so.
            v.findings.retain(|f| f.code != Code::NoGames);
        }
        for f in &mut v.findings {
            if offset > 0 {
                shift(f, offset);
            }
            if let Some(p) = f.place.as_mut() {
                p.match_number = i + 1;
            }
        }
        v.offset = offset;
        verdicts.push(v);
    }
    let mut first = verdicts.remove(0);
    for v in &mut verdicts {
        first.findings.append(&mut v.findings);
    }
    first.more = verdicts;
    let member = binary.as_ref().and_then(|b| b.member.clone());
    for p in &problems {
        first
            .findings
            .push(read_problem(p, binary.is_some(), member.as_deref()));
    }
    if binary.is_some() {
        // Every location of a binary record is a byte range of its data: the findings say
        // where they stand there, and which entry they concern.
        for f in &mut first.findings {
            let (offset, len) = (f.span.offset as u64, f.span.len as u64);
            f.origin.get_or_insert(if member.is_some() {
                Origin::Member { offset, len }
            } else {
                Origin::Binary { offset, len }
            });
        }
        entries(&mut first);
    }
    if several || !problems.is_empty() {
        first
            .findings
            .sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
    }
    first
}

/// A reader's problem as a finding (for a binary record: with the byte range it names).
fn read_problem(p: &ReadProblem, binary: bool, member: Option<&str>) -> Finding {
    let severity = match (p.error, p.note) {
        (true, _) => Severity::Error,
        (false, true) => Severity::Advice,
        (false, false) => Severity::Warning,
    };
    let label = match (binary, p.in_file, member) {
        (false, ..) => "here".to_string(),
        (true, false, Some(m)) => format!("the record at byte {} of {m}", p.span.offset),
        (true, ..) => format!("byte {} of the file", p.span.offset),
    };
    let (offset, len) = (p.span.offset as u64, p.span.len as u64);
    Finding {
        severity,
        help: p.help.clone(),
        origin: binary.then_some(if p.in_file || member.is_none() {
            Origin::Binary { offset, len }
        } else {
            Origin::Member { offset, len }
        }),
        ..Finding::error(p.code, p.span, p.message.clone()).label(label)
    }
}

/// For a record with no text to show (a binary file): each finding's entry in words, from
/// the action whose span holds it.
fn entries(v: &mut Verdict) {
    let words: Vec<Option<String>> = v
        .findings
        .iter()
        .map(|f| {
            let p = f.place?;
            let m = v.matches().nth(p.match_number.saturating_sub(1))?;
            let o = f.span.offset.checked_sub(m.offset)?;
            let a = m.record.games.get(p.game - 1)?.actions.iter().find(|a| {
                a.cell.span.offset <= o && o < a.cell.span.end().max(a.cell.span.offset + 1)
            })?;
            Some(render::entry_words(&m.record, a))
        })
        .collect();
    for (f, w) in v.findings.iter_mut().zip(words) {
        if f.entry.is_none() {
            f.entry = w;
        }
    }
}

/// A finding of a match checked on its own, moved to the offsets of the file whose text
/// starts at `by`.
fn shift(f: &mut Finding, by: usize) {
    move_spans(f, |o| o + by);
}

/// Every span of a finding (its own, the related ones, the suggestions', the repair's, the
/// one it rests on) moved by `m`, a map of byte offsets.
pub(crate) fn move_spans(f: &mut Finding, m: impl Fn(usize) -> usize) {
    let mv = |s: &mut Span| s.offset = m(s.offset);
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

fn check_match(m: Match, ctx: &Ctx<'_>, traces: Keep) -> Verdict {
    let mut v = check_inner(m, ctx, traces);
    place_findings(&v.record, &mut v.findings);
    stated_illegal_plays(&mut v);
    v
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

/// Fill each finding's [`Finding::place`] from the record: the game whose entries hold its
/// span, and the turn of the entry that holds it (or starts before it on its turn).
fn place_findings(record: &Match, findings: &mut [Finding]) {
    for f in findings.iter_mut() {
        let o = f.span.offset;
        let Some(gi) = record
            .games
            .partition_point(|g| g.number_span.offset <= o)
            .checked_sub(1)
        else {
            continue;
        };
        let game = &record.games[gi];
        // The entry holding the span, else the last one starting before it; a span on a
        // turn's number (before its first entry) is that entry's.
        let k = game.actions.partition_point(|a| a.cell.span.offset <= o);
        let before = k.checked_sub(1).map(|i| &game.actions[i]);
        let best = match game.actions.get(k) {
            Some(next)
                if next.turn_span.is_some_and(|t| {
                    t.offset <= o && before.is_none_or(|b| b.cell.span.offset < t.offset)
                }) =>
            {
                Some(next)
            }
            _ => before,
        };
        let start = |a: &crate::record::Action| {
            a.turn_span
                .map_or(a.cell.span.offset, |t| t.offset.min(a.cell.span.offset))
        };
        // An empty numbered line of the game at or before the span, after that entry.
        let empty = game
            .empty_lines
            .iter()
            .rev()
            .find(|e| e.2.offset <= o && best.is_none_or(|a| e.2.offset > start(a)));
        let (turn, side) = match (best, empty) {
            (_, Some(e)) => (Some(e.1), None),
            (Some(a), None) if a.turn_number.is_some() => (
                a.turn_number,
                Some(match a.column() {
                    crate::notation::Column::Left => Side::White,
                    crate::notation::Column::Right => Side::Black,
                }),
            ),
            _ => (None, None),
        };
        f.place = Some(Place {
            match_number: 1,
            game: gi + 1,
            turn,
            side,
        });
    }
}

fn check_inner(m: Match, ctx: &Ctx<'_>, traces: Keep) -> Verdict {
    let v = check_once(m, ctx, traces, &[]);
    let check =
        |m: &Match, tr: Keep, played: &[(usize, Continued)]| check_once(m.clone(), ctx, tr, played);
    let stored = !ctx.boards.is_empty();
    let v = if v.findings.iter().any(|f| f.suggestions.is_some()) {
        repair::confirm(ctx.text, &check, traces, v, stored)
    } else {
        v
    };
    if v.findings.iter().any(|f| f.code == Code::ForcedPlayOmitted) {
        repair::omitted_dice(ctx.text, &check, traces, v)
    } else {
        v
    }
}

/// One check of a match, without repairs; the illegal plays whose written spans start at an
/// offset of `as_played` are continued as it says (carried out as written, or from the board
/// stored after them), and the game goes on.
fn check_once(
    record: Match,
    ctx: &Ctx<'_>,
    traces: Keep,
    as_played: &[(usize, Continued)],
) -> Verdict {
    let mut findings: Vec<Finding> = record.problems.iter().map(Finding::from_syntax).collect();
    if record.games.is_empty() {
        findings.push(
            Finding::warning(
                Code::NoGames,
                Span::new(0, 0),
                "the record holds no game: nothing was checked",
            )
            .label("no game in this record")
            .help("a match record holds its games with their turns; an empty file or one of comments only is probably not the file meant"),
        );
    }
    let overrides = ctx.overrides;
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
        let (g, mut f) =
            game::replay_match(&record, rules, rotation, traces, as_played, ctx.boards);
        games = g;
        findings.append(&mut f);
    }
    findings.sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
    if let Some(text) = ctx.text
        && findings.iter().any(|f| f.repair.is_some())
    {
        repair::fit_units(text, &mut findings);
    }
    Verdict {
        record,
        rules,
        findings,
        games,
        rotation,
        more: Vec::new(),
        offset: 0,
    }
}
