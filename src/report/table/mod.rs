//! The flat table of plays (`tavla convert --to csv`, and `tavla.plays()` in Python): one row
//! per play or cube action of a record, with the position before it, its verdict and the
//! match state, for pandas, DuckDB and spreadsheets.
//!
//! The columns, in order ([`COLUMNS`]; a missing value is an empty CSV field, `None` in
//! Python):
//!
//! | column | value |
//! | --- | --- |
//! | `path` | the record's name, as `validate` reports it |
//! | `match` | the match's 1-based index in the file (a file may hold several) |
//! | `game` | the game's written number |
//! | `turn` | the written turn number `N)` (empty on an unnumbered line) |
//! | `side` | `white` (left column) or `black` (right column) |
//! | `player` | the side's name on the game's score line |
//! | `die1`, `die2` | the roll's dice as written (`6`, `4`), integers; empty for a cube action or a cell of received stages only |
//! | `play` | the play as written, normalised (`24/18 13/9`); with several stages each after its dice (`(33): … 64: … +55: …`); a cube action as written (`Doubles => 2`, `Takes`, `Drops`, `Beavers => 4`, `Raccoons => 8`) |
//! | `position_before` | the position before the action as tavla's position string ([`crate::ids::tavla`]: 53 characters, each side's checkers on its own points, the same kind of value in every game); empty where the replay did not reach the action |
//! | `xgid_before` | the same position as an XGID (dice, cube and score included; `D` in place of the dice while a double awaits its answer), where the board allows one (the backgammon family) |
//! | `legal` | `false` when an error is found in the cell, else `true`; empty where the replay did not reach the cell (after the first fatal problem of a game) |
//! | `code` | the code of the cell's first error (`tavla::rules::blocked`) |
//! | `n_legal` | how many distinct legal plays the roll had from `position_before`, when asked for ([`TableOptions::legal_counts`], `--legal-counts`: it enumerates every play of every roll, several times the work of the check itself); empty otherwise, and for a cube action, a cell with received stages, or a cell not replayed |
//! | `pips_before_white`, `pips_before_black` | both sides' pip counts before the action |
//! | `score_white`, `score_black` | the score before the game, from its score line |
//! | `cube` | the cube's value before the action (an offered cube counts from the next turn) |
//! | `equity_loss` | for a play the file's analysis covers (gnubg's SGF `A`): the equity it gave up against the analysis' best play (the first candidate) |
//! | `best_play` | that best play, in the mover's numbering |
//! | `cube_error` | for an action where the file analyses the cube (SGF `DA`): what the decision made there gave up — not doubling before a roll, the double, the take or the pass — in equity (money) or match winning chances (match play) |
//! | `proper_cube` | the right cube action by those figures: `no double, take`, `too good, pass`, `double, take`, `double, pass` (in match play with gnubg's match equity table, Kazaross-XG2, as gnubg decides it) |
//! | `luck` | the luck of the roll by the file's analysis (SGF `LU`), in equity |
//! | `comment` | the comment the file attaches to the action (SGF `C[]`, an XG move's comment) |
//!
//! Results (`Wins`, `Losses`, `Draw`) are not rows: they are the game's, not a player's
//! decision.

mod csv;

use serde::Serialize;

use csv::CsvRows;

use crate::ids;
use crate::notation::{CellBody, Column, MAX_STEP_TEXT, StageKind, StepText, TurnStages};
use crate::replay::{ActionTrace, Finding, Severity, Verdict};
use crate::report::json::{match_cube, write_written};
use crate::rules::{Position, Roll, Side};

/// The column names, in order: the CSV header row.
pub const COLUMNS: [&str; 25] = [
    "path",
    "match",
    "game",
    "turn",
    "side",
    "player",
    "die1",
    "die2",
    "play",
    "position_before",
    "xgid_before",
    "legal",
    "code",
    "n_legal",
    "pips_before_white",
    "pips_before_black",
    "score_white",
    "score_black",
    "cube",
    "equity_loss",
    "best_play",
    "cube_error",
    "proper_cube",
    "luck",
    "comment",
];

/// One play or cube action (see the module documentation for each column).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayRow {
    /// The record's name.
    pub path: String,
    /// The match's 1-based index in the file.
    #[serde(rename = "match")]
    pub match_number: usize,
    /// The game's written number.
    pub game: u64,
    /// The written turn number.
    pub turn: Option<u64>,
    /// `white` or `black`.
    pub side: &'static str,
    /// The side's name on the score line.
    pub player: Option<String>,
    /// The roll's first die as written.
    pub die1: Option<u8>,
    /// The roll's second die as written.
    pub die2: Option<u8>,
    /// The play (or cube action) as written, normalised.
    pub play: String,
    /// tavla's position string before the action (every game).
    pub position_before: Option<String>,
    /// The XGID before the action, where the board allows one (the backgammon family).
    pub xgid_before: Option<String>,
    /// No error in the cell.
    pub legal: Option<bool>,
    /// The code of the cell's first error.
    pub code: Option<&'static str>,
    /// Distinct legal plays of the roll.
    pub n_legal: Option<usize>,
    /// White's pips before the action.
    pub pips_before_white: Option<u32>,
    /// Black's pips before the action.
    pub pips_before_black: Option<u32>,
    /// White's score before the game.
    pub score_white: Option<u64>,
    /// Black's score before the game.
    pub score_black: Option<u64>,
    /// The cube's value before the action.
    pub cube: Option<u32>,
    /// For a play the file's analysis covers: the equity it gave up against the best play.
    pub equity_loss: Option<f64>,
    /// The best play of the file's analysis.
    pub best_play: Option<String>,
    /// What the cube decision at this action gave up (the double or not, the take or the
    /// pass), in the analysis' unit.
    pub cube_error: Option<f64>,
    /// The right cube action by the file's analysis.
    pub proper_cube: Option<String>,
    /// The luck of the roll, in equity.
    pub luck: Option<f64>,
    /// The comment the file attaches to the action.
    pub comment: Option<String>,
}

impl PlayRow {
    /// The row as one CSV record ending with a line feed (RFC 4180): every text field quoted
    /// (so a reader that guesses the format from its first rows knows the quote), numbers and
    /// booleans bare, a missing value an empty unquoted field (a null to DuckDB and pandas).
    pub fn write_csv(&self, out: &mut String) {
        let mut bytes = Vec::with_capacity(256);
        RowRef {
            path: &self.path,
            match_number: self.match_number,
            game: self.game,
            turn: self.turn,
            side: self.side,
            player: self.player.as_deref(),
            dice: self.die1.zip(self.die2).map(|(a, b)| [a, b]),
            play: PlayText::Bytes(self.play.as_bytes()),
            position_before: self
                .position_before
                .as_deref()
                .map(|p| Field::Text(p.as_bytes())),
            xgid_before: self
                .xgid_before
                .as_deref()
                .map(|x| Field::Text(x.as_bytes())),
            legal: self.legal,
            code: self.code,
            n_legal: self.n_legal,
            pips: self.pips_before_white.zip(self.pips_before_black),
            score: self.score_white.zip(self.score_black),
            cube: self.cube,
            equity_loss: self.equity_loss,
            best_play: self.best_play.as_deref(),
            cube_error: self.cube_error,
            proper_cube: self.proper_cube.as_deref().and_then(proper_name),
            luck: self.luck,
            comment: self.comment.as_deref(),
        }
        .write_csv_to(&mut bytes, &self.path);
        // Every field is text or ASCII.
        out.push_str(&String::from_utf8_lossy(&bytes));
    }
}

/// The static name of a proper cube action (what [`PlayRow::proper_cube`] holds).
fn proper_name(s: &str) -> Option<&'static str> {
    use crate::record::ProperCube as P;
    [
        P::NoDoubleTake,
        P::TooGoodPass,
        P::DoubleTake,
        P::DoublePass,
    ]
    .into_iter()
    .map(P::as_str)
    .find(|n| *n == s)
}

/// The rows of a checked record. `v` must carry its traces
/// ([`Source::check`](crate::input::Source::check) with `traces` true, or
/// [`check`](crate::replay::check)); `text` is the record's text, `path` its name.
///
/// ```
/// let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 13/9    65: 24/13\n";
/// let v = tavla::replay::check(tavla::notation::read(text), &Default::default());
/// let all = tavla::report::table::TableOptions { legal_counts: true };
/// let rows = tavla::report::table::rows("m.mat", &v, text, all);
/// assert_eq!(rows.len(), 2);
/// assert_eq!((rows[0].play.as_str(), rows[0].n_legal), ("24/18 13/9", Some(14)));
/// assert_eq!(rows[1].pips_before_black, Some(167));
/// assert_eq!(rows[1].legal, Some(true));
/// ```
pub fn rows(path: &str, v: &Verdict, text: &str, opts: TableOptions) -> Vec<PlayRow> {
    let mut out = Vec::new();
    for_each_row(path, v, text, opts, &mut |r| out.push(r.to_owned()));
    out
}

/// What the table computes beyond what the record and its check give.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TableOptions {
    /// Fill `n_legal`, the number of distinct legal plays of each roll: every play of every
    /// roll is enumerated, several times the work of the check itself (left empty otherwise).
    pub legal_counts: bool,
}

/// The rows of a checked record as CSV records (no header row), appended to `out` as UTF-8:
/// what [`rows`] gives, each written with [`PlayRow::write_csv`], without building the rows.
pub fn write_csv_rows(path: &str, v: &Verdict, text: &str, opts: TableOptions, out: &mut Vec<u8>) {
    let mut rows = CsvRows::new(out, path);
    for_each_row(path, v, text, opts, &mut |r| rows.row(r));
}

/// One row, borrowing its text (see [`PlayRow`] for the fields).
struct RowRef<'a> {
    path: &'a str,
    match_number: usize,
    game: u64,
    turn: Option<u64>,
    side: &'static str,
    player: Option<&'a str>,
    dice: Option<[u8; 2]>,
    play: PlayText<'a>,
    /// ASCII.
    position_before: Option<Field<'a, &'a Position>>,
    /// ASCII.
    xgid_before: Option<Field<'a, XgidAt<'a>>>,
    legal: Option<bool>,
    code: Option<&'static str>,
    n_legal: Option<usize>,
    pips: Option<(u32, u32)>,
    score: Option<(u64, u64)>,
    cube: Option<u32>,
    equity_loss: Option<f64>,
    best_play: Option<&'a str>,
    cube_error: Option<f64>,
    proper_cube: Option<&'static str>,
    luck: Option<f64>,
    comment: Option<&'a str>,
}

impl RowRef<'_> {
    fn to_owned(&self) -> PlayRow {
        PlayRow {
            path: self.path.to_string(),
            match_number: self.match_number,
            game: self.game,
            turn: self.turn,
            side: self.side,
            player: self.player.map(str::to_string),
            die1: self.dice.map(|d| d[0]),
            die2: self.dice.map(|d| d[1]),
            play: self.play.to_string(),
            position_before: self.position_before.map(|p| match p {
                Field::Text(t) => ascii(t),
                Field::Value(pos) => ids::tavla::to_string(pos),
            }),
            xgid_before: self.xgid_before.map(|x| match x {
                Field::Text(t) => ascii(t),
                Field::Value(x) => {
                    let mut b = Vec::new();
                    x.xgid().write_bytes(&mut b);
                    ascii(&b)
                }
            }),
            legal: self.legal,
            code: self.code,
            n_legal: self.n_legal,
            pips_before_white: self.pips.map(|p| p.0),
            pips_before_black: self.pips.map(|p| p.1),
            score_white: self.score.map(|s| s.0),
            score_black: self.score.map(|s| s.1),
            cube: self.cube,
            equity_loss: self.equity_loss,
            best_play: self.best_play.map(str::to_string),
            cube_error: self.cube_error,
            proper_cube: self.proper_cube.map(str::to_string),
            luck: self.luck,
            comment: self.comment.map(str::to_string),
        }
    }
}

/// A field computed when it is written (from the replay's position), or text already made
/// (a row read back).
#[derive(Clone, Copy)]
enum Field<'a, T> {
    /// ASCII.
    Text(&'a [u8]),
    Value(T),
}

impl RowRef<'_> {
    /// The row as CSV, appended to `out`.
    fn write_csv_to(&self, out: &mut Vec<u8>, path: &str) {
        CsvRows::new(out, path).row(self);
    }
}

/// An XGID to write: the game's (score, match length, rules) with a row's position, turn,
/// dice and cube, the position borrowed from the replay's trace.
#[derive(Clone, Copy)]
struct XgidAt<'a> {
    game: &'a ids::xgid::Xgid,
    position: &'a Position,
    on_roll: Side,
    dice: Option<Roll>,
    /// A double awaits its answer: `D` in place of the dice.
    answering: bool,
    cube: (u32, Option<Side>),
}

impl XgidAt<'_> {
    /// Everything but the position.
    fn fields(&self) -> ids::xgid::Xgid {
        ids::xgid::Xgid {
            on_roll: self.on_roll,
            dice: self.dice,
            cube_action: self.answering.then_some(ids::xgid::CubeAction::Doubled),
            cube: self.cube.0,
            cube_owner: self.cube.1,
            ..*self.game
        }
    }

    fn xgid(&self) -> ids::xgid::Xgid {
        ids::xgid::Xgid {
            position: *self.position,
            ..self.fields()
        }
    }

    /// Writes the XGID at the start of `buf` (see [`ids::xgid::Xgid::fill_on`]).
    fn fill(&self, buf: &mut [u8]) -> usize {
        self.fields().fill_on(self.position, buf)
    }
}

/// The play of a row: its text, or the steps of a roll played with nothing else written
/// (most rows), written from the steps where the row is.
#[derive(Clone, Copy)]
enum PlayText<'a> {
    /// UTF-8.
    Bytes(&'a [u8]),
    Steps(&'a [StepText]),
}

impl PlayText<'_> {
    /// The most bytes of the play in a CSV field (quotes doubled, steps apart).
    fn room(&self) -> usize {
        match self {
            PlayText::Bytes(b) => 2 * b.len(),
            PlayText::Steps(s) => s.len() * (MAX_STEP_TEXT + 1),
        }
    }
}

impl std::fmt::Display for PlayText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayText::Bytes(b) => f.write_str(&String::from_utf8_lossy(b)),
            PlayText::Steps(s) => {
                let mut b = Vec::new();
                for (i, st) in s.iter().enumerate() {
                    if i > 0 {
                        b.push(b' ');
                    }
                    st.push_to(&mut b);
                }
                f.write_str(&String::from_utf8_lossy(&b))
            }
        }
    }
}

/// An ASCII field as text.
fn ascii(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Call `f` with every row of a checked record, in order: every match of the file, each on
/// its own text.
fn for_each_row(
    path: &str,
    v: &Verdict,
    text: &str,
    opts: TableOptions,
    f: &mut impl FnMut(&RowRef<'_>),
) {
    for (i, m) in v.matches().enumerate() {
        match_rows(path, i + 1, m, text.get(m.offset..).unwrap_or(""), opts, f);
    }
}

/// The rows of one match of a file.
fn match_rows(
    path: &str,
    match_number: usize,
    v: &Verdict,
    text: &str,
    opts: TableOptions,
    f: &mut impl FnMut(&RowRef<'_>),
) {
    let mut rows = MatchRows {
        path,
        match_number,
        v,
        text,
        opts,
        errors: v
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .collect(),
        play: Vec::new(),
        play_steps: None,
    };
    for gi in 0..v.record.games.len() {
        rows.game(gi, f);
    }
}

/// What the rows of a match share, and the text of a row, reused from row to row.
struct MatchRows<'a> {
    path: &'a str,
    match_number: usize,
    v: &'a Verdict,
    text: &'a str,
    opts: TableOptions,
    /// The errors found, in file order.
    errors: Vec<&'a Finding>,
    /// The play as written (UTF-8).
    play: Vec<u8>,
    /// The row's steps instead, when they are all its play says.
    play_steps: Option<&'a [StepText]>,
}

impl MatchRows<'_> {
    /// The rows of game `gi`. Positions are borrowed from the replay's trace, never copied
    /// from row to row.
    fn game(&mut self, gi: usize, f: &mut impl FnMut(&RowRef<'_>)) {
        let v = self.v;
        let game = &v.record.games[gi];
        let trace = v.games.get(gi);
        let rules = trace.map(|t| t.rules).or(v.rules);
        let score = game.score.as_ref().map(|(l, r)| (l.score, r.score));
        let names = game
            .score
            .as_ref()
            .map(|(l, r)| (l.name.as_str(), r.name.as_str()));
        // What every XGID of the game says beyond the position, the turn, dice and cube.
        let start = rules.map(|r| r.start());
        let xgid = start.map(|s| ids::xgid::Xgid {
            white_score: score.map_or(0, |s| s.0),
            black_score: score.map_or(0, |s| s.1),
            match_length: v.record.length.map_or(0, |l| l.0),
            crawford: trace.is_some_and(|t| t.crawford),
            ..ids::xgid::Xgid::new(s, Side::White)
        });
        // The position and cube before the next action, followed through the game.
        let mut position: Option<&Position> = start.as_ref();
        let mut cube: (u32, Option<Side>) = (1, None);
        let mut stopped = false;
        for (ai, action) in game.actions.iter().enumerate() {
            let t = trace.and_then(|t| t.actions.get(ai));
            let side = match (t, action.cell.column) {
                (Some(ActionTrace::Result { side, .. }), _) => *side,
                (_, Column::Left) => Side::White,
                (_, Column::Right) => Side::Black,
            };
            let Some((dice, received)) = self.play_text(&action.cell.body) else {
                continue;
            };
            // The action the replay stopped at (its first fatal problem) was reached: the
            // position before it is the one the walk got to.
            let checked = !matches!(t, Some(ActionTrace::Unchecked { .. }) | None);
            let checked = checked && rules.is_some();
            let reached = checked || (!stopped && trace.is_some() && rules.is_some());
            if !checked {
                stopped = true;
            }
            // The position before, the side whose turn it is, the dice, and the position after.
            let (before, on_roll, roll, after) = match t {
                Some(ActionTrace::Turn {
                    before,
                    position,
                    roll,
                    cube: c,
                    ..
                }) => {
                    cube = *c;
                    (
                        Some(before),
                        side,
                        roll.map(|(a, b)| Roll { a, b }),
                        Some(position),
                    )
                }
                _ => {
                    // A cube action: the doubler is on turn (a take, drop or beaver answers
                    // him).
                    let on_roll = match action.cell.body {
                        CellBody::Double { .. } | CellBody::Raccoon { .. } => side,
                        CellBody::Turn { .. } => side,
                        _ => side.other(),
                    };
                    let roll = dice.map(|[a, b]| Roll { a, b });
                    (position.filter(|_| reached), on_roll, roll, None)
                }
            };
            let cell = action.cell.span;
            let first_error = self.errors.iter().find(|f| {
                let at = f.span;
                at.offset >= cell.offset && at.offset < cell.end().max(cell.offset + 1)
            });
            let before = before.filter(|_| reached);
            let mut n_legal = None;
            let mut position_before = None;
            let mut xgid_before = None;
            if let (Some(r), Some(b), Some(x)) = (rules, before, &xgid) {
                // The position comes from the replay, valid by construction.
                if r.backgammon_board() {
                    // A double awaiting its answer is written `D` in place of the dice.
                    let answering = matches!(
                        action.cell.body,
                        CellBody::Take | CellBody::Drop | CellBody::Beaver { .. }
                    );
                    xgid_before = Some(Field::Value(XgidAt {
                        game: x,
                        position: b,
                        on_roll,
                        dice: roll,
                        answering,
                        cube,
                    }));
                }
                position_before = Some(Field::Value(b));
                n_legal = roll
                    .filter(|r| self.opts.legal_counts && !received && r.is_valid())
                    .map(|d| r.legal_plays(b, side, d.stage()).len());
            }
            let analysis = action.analysis.as_deref();
            let cube_analysis = analysis.and_then(|a| a.cube.as_ref());
            let in_match = cube_analysis.and_then(|_| match_cube(v, gi, ai, side));
            let in_match = in_match.as_ref();
            f(&RowRef {
                path: self.path,
                match_number: self.match_number,
                game: game.number,
                turn: action.turn_number,
                side: side.name(),
                player: names.map(|(l, r)| match side {
                    Side::White => l,
                    Side::Black => r,
                }),
                dice,
                play: match self.play_steps {
                    Some(steps) => PlayText::Steps(steps),
                    None => PlayText::Bytes(&self.play),
                },
                position_before,
                xgid_before,
                legal: if first_error.is_some() {
                    Some(false)
                } else {
                    reached.then_some(true)
                },
                code: first_error.map(|f| f.code.as_str()),
                n_legal,
                pips: before.map(|b| (b.pips(Side::White), b.pips(Side::Black))),
                score,
                cube: reached.then_some(cube.0),
                equity_loss: analysis.and_then(|a| a.equity_loss()),
                best_play: analysis.and_then(|a| a.best()).map(|c| c.play.as_str()),
                cube_error: cube_analysis.and_then(|c| match action.cell.body {
                    CellBody::Double { .. } => c.doubling_error_in(true, in_match),
                    CellBody::Take => c.taking_error_in(true, in_match),
                    CellBody::Drop => c.taking_error_in(false, in_match),
                    CellBody::Turn { .. } => c.doubling_error_in(false, in_match),
                    _ => None,
                }),
                proper_cube: cube_analysis
                    .and_then(|c| c.proper_in(in_match))
                    .map(|p| p.as_str()),
                luck: analysis.and_then(|a| a.luck),
                comment: action.comment.as_deref(),
            });
            if let Some(a) = after {
                position = Some(a);
            }
        }
    }

    /// The play of a cell as the `play` column writes it, into `self.play`; the roll's dice
    /// and whether the cell has received stages. `None` for a result, which is no row.
    fn play_text(&mut self, body: &CellBody) -> Option<(Option<[u8; 2]>, bool)> {
        let v = self.v;
        let play = &mut self.play;
        play.clear();
        self.play_steps = None;
        match body {
            CellBody::Turn { stages } => {
                let TurnStages {
                    received,
                    roll,
                    chain,
                } = stages.split(&self.v.record.stages);
                let only_roll = received.is_empty() && chain.is_empty() && roll.is_some();
                if let Some(r) = roll.filter(|_| only_roll)
                    && r.moves.cannot_move().is_none()
                    && r.moves.unknown().is_none()
                    && r.moves.illegal().is_none()
                {
                    // Steps alone: written from the steps where the row is.
                    self.play_steps = Some(r.moves.steps.of(&v.record.steps));
                    return Some((Some([r.a, r.b]), false));
                }
                for s in received.iter().chain(roll).chain(chain) {
                    if !only_roll {
                        let (open, close): (&[u8], &[u8]) = match s.kind {
                            StageKind::Received => (b"(", b"):"),
                            StageKind::Roll => (b"", b":"),
                            StageKind::Chain => (b"+", b":"),
                        };
                        if !play.is_empty() {
                            play.push(b' ');
                        }
                        play.extend_from_slice(open);
                        play.extend_from_slice(&[b'0' + s.a % 10, b'0' + s.b % 10]);
                        play.extend_from_slice(close);
                        play.push(b' ');
                    }
                    let head = play.len();
                    write_written(&s.moves, &self.v.record.steps, self.text, play);
                    if !only_roll && play.len() == head {
                        // A stage with nothing written after its dice.
                        play.pop();
                    }
                }
                return Some((roll.map(|r| [r.a, r.b]), !received.is_empty()));
            }
            CellBody::Double { value, .. } => {
                play.extend_from_slice(b"Doubles => ");
                ids::push_uint(play, *value);
            }
            CellBody::Beaver { value, .. } => {
                play.extend_from_slice(b"Beavers => ");
                ids::push_uint(play, *value);
            }
            CellBody::Raccoon { value, .. } => {
                play.extend_from_slice(b"Raccoons => ");
                ids::push_uint(play, *value);
            }
            CellBody::Take => play.extend_from_slice(b"Takes"),
            CellBody::Drop => play.extend_from_slice(b"Drops"),
            CellBody::Wins { .. }
            | CellBody::Losses { .. }
            | CellBody::Draw
            | CellBody::Resign { .. } => return None,
        }
        Some((None, false))
    }
}

/// The table of plays as Parquet: the columns of [`COLUMNS`], typed (integers as `INT64`,
/// the dice and counts as `INT32`, booleans, doubles, text as UTF-8 strings; every column but
/// `path`, `match`, `game`, `side` and `play` optional), one row group per call of
/// [`ParquetTable::write`] (the CLI writes one per chunk of files, so memory stays bounded by
/// a chunk), snappy-compressed.
pub struct ParquetTable<W: std::io::Write + Send> {
    writer: parquet::file::writer::SerializedFileWriter<W>,
}

/// The Parquet schema of the table.
const PARQUET_SCHEMA: &str = "
message plays {
  required binary path (STRING);
  required int64 match;
  required int64 game;
  optional int64 turn;
  required binary side (STRING);
  optional binary player (STRING);
  optional int32 die1;
  optional int32 die2;
  required binary play (STRING);
  optional binary position_before (STRING);
  optional binary xgid_before (STRING);
  optional boolean legal;
  optional binary code (STRING);
  optional int64 n_legal;
  optional int32 pips_before_white;
  optional int32 pips_before_black;
  optional int64 score_white;
  optional int64 score_black;
  optional int32 cube;
  optional double equity_loss;
  optional binary best_play (STRING);
  optional double cube_error;
  optional binary proper_cube (STRING);
  optional double luck;
  optional binary comment (STRING);
}";

/// A Parquet error as text.
fn pq(e: parquet::errors::ParquetError) -> String {
    e.to_string()
}

impl<W: std::io::Write + Send> ParquetTable<W> {
    /// A table written to `w` (its footer is written by [`ParquetTable::finish`]).
    ///
    /// # Errors
    /// What the Parquet writer reports (an I/O error).
    pub fn new(w: W) -> Result<Self, String> {
        use parquet::basic::Compression;
        use parquet::file::properties::WriterProperties;
        let schema = std::sync::Arc::new(
            parquet::schema::parser::parse_message_type(PARQUET_SCHEMA).map_err(pq)?,
        );
        use parquet::file::properties::EnabledStatistics;
        use parquet::schema::types::ColumnPath;
        // Positions and XGIDs are nearly all distinct: a dictionary of them is built only to
        // be dropped, and their minimum and maximum help no reader skip a page.
        let mut builder = WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .set_created_by(format!("tavla {}", env!("CARGO_PKG_VERSION")));
        for column in ["position_before", "xgid_before"] {
            builder = builder
                .set_column_dictionary_enabled(ColumnPath::from(column), false)
                .set_column_statistics_enabled(ColumnPath::from(column), EnabledStatistics::None);
        }
        let props = std::sync::Arc::new(builder.build());
        Ok(ParquetTable {
            writer: parquet::file::writer::SerializedFileWriter::new(w, schema, props)
                .map_err(pq)?,
        })
    }

    /// Write `rows` as one row group (none for no rows). Their text is moved into the table,
    /// not copied: the rows' strings are left empty.
    ///
    /// # Errors
    /// What the Parquet writer reports.
    pub fn write(&mut self, rows: &mut [PlayRow]) -> Result<(), String> {
        use parquet::data_type::{
            BoolType, ByteArray, ByteArrayType, DoubleType, Int32Type, Int64Type,
        };
        if rows.is_empty() {
            return Ok(());
        }
        // One column's values and definition levels (1 present, 0 null).
        fn levels<'a, T, U>(
            rows: &'a [PlayRow],
            f: impl Fn(&'a PlayRow) -> Option<T>,
            g: impl Fn(T) -> U,
        ) -> (Vec<U>, Vec<i16>) {
            let mut values = Vec::with_capacity(rows.len());
            let mut defs = Vec::with_capacity(rows.len());
            for r in rows {
                match f(r) {
                    Some(v) => {
                        values.push(g(v));
                        defs.push(1);
                    }
                    None => defs.push(0),
                }
            }
            (values, defs)
        }
        // A text column, each row's string moved out of it (and its definition levels).
        fn texts(
            rows: &mut [PlayRow],
            f: impl Fn(&mut PlayRow) -> Option<&mut String>,
        ) -> (Vec<ByteArray>, Vec<i16>) {
            let mut values = Vec::with_capacity(rows.len());
            let mut defs = Vec::with_capacity(rows.len());
            for r in rows {
                match f(r) {
                    Some(s) => {
                        values.push(ByteArray::from(std::mem::take(s).into_bytes()));
                        defs.push(1);
                    }
                    None => defs.push(0),
                }
            }
            (values, defs)
        }
        let bytes = |s: &str| ByteArray::from(s.as_bytes().to_vec());
        let mut group = self.writer.next_row_group().map_err(pq)?;
        let mut k = 0usize;
        while let Some(mut col) = group.next_column().map_err(pq)? {
            let required = matches!(k, 0 | 1 | 2 | 4 | 8);
            macro_rules! text {
                ($f:expr) => {{
                    let (values, defs) = texts(rows, $f);
                    let defs = (!required).then_some(defs);
                    col.typed::<ByteArrayType>()
                        .write_batch(&values, defs.as_deref(), None)
                        .map_err(pq)?;
                }};
            }
            macro_rules! put {
                ($ty:ty, $f:expr, $g:expr) => {{
                    let (values, defs) = levels(rows, $f, $g);
                    let defs = (!required).then_some(defs);
                    col.typed::<$ty>()
                        .write_batch(&values, defs.as_deref(), None)
                        .map_err(pq)?;
                }};
            }
            match k {
                0 => text!(|r| Some(&mut r.path)),
                1 => put!(Int64Type, |r| Some(r.match_number as i64), |v| v),
                2 => put!(Int64Type, |r| Some(r.game as i64), |v| v),
                3 => put!(Int64Type, |r| r.turn.map(|t| t as i64), |v| v),
                4 => put!(ByteArrayType, |r| Some(r.side), bytes),
                5 => text!(|r| r.player.as_mut()),
                6 => put!(Int32Type, |r| r.die1.map(i32::from), |v| v),
                7 => put!(Int32Type, |r| r.die2.map(i32::from), |v| v),
                8 => text!(|r| Some(&mut r.play)),
                9 => text!(|r| r.position_before.as_mut()),
                10 => text!(|r| r.xgid_before.as_mut()),
                11 => put!(BoolType, |r| r.legal, |v| v),
                12 => put!(ByteArrayType, |r| r.code, bytes),
                13 => put!(Int64Type, |r| r.n_legal.map(|n| n as i64), |v| v),
                14 => put!(Int32Type, |r| r.pips_before_white.map(|n| n as i32), |v| v),
                15 => put!(Int32Type, |r| r.pips_before_black.map(|n| n as i32), |v| v),
                16 => put!(Int64Type, |r| r.score_white.map(|n| n as i64), |v| v),
                17 => put!(Int64Type, |r| r.score_black.map(|n| n as i64), |v| v),
                18 => put!(Int32Type, |r| r.cube.map(|n| n as i32), |v| v),
                19 => put!(DoubleType, |r| r.equity_loss, |v| v),
                20 => text!(|r| r.best_play.as_mut()),
                21 => put!(DoubleType, |r| r.cube_error, |v| v),
                22 => text!(|r| r.proper_cube.as_mut()),
                23 => put!(DoubleType, |r| r.luck, |v| v),
                _ => text!(|r| r.comment.as_mut()),
            }
            col.close().map_err(pq)?;
            k += 1;
        }
        group.close().map_err(pq)?;
        Ok(())
    }

    /// Write the footer; the table is complete.
    ///
    /// # Errors
    /// What the Parquet writer reports.
    pub fn finish(self) -> Result<(), String> {
        self.writer.close().map(|_| ()).map_err(pq)
    }
}
