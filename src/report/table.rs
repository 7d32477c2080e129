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
//! | `position_before` | the position before the action, the compact JSON position of `convert --to json` (every game: the same kind of value in every row); empty where the replay did not reach the action |
//! | `xgid_before` | the same position as an XGID (dice, cube and score included; `D` in place of the dice while a double awaits its answer), where the board allows one (the backgammon family) |
//! | `legal` | `false` when an error is found in the cell, else `true`; empty where the replay did not reach the cell (after the first fatal problem of a game) |
//! | `code` | the code of the cell's first error (`tavla::rules::blocked`) |
//! | `n_legal` | how many distinct legal plays the roll had from `position_before` (empty for a cube action, a cell with received stages, or a cell not replayed) |
//! | `pips_before_white`, `pips_before_black` | both sides' pip counts before the action |
//! | `score_white`, `score_black` | the score before the game, from its score line |
//! | `cube` | the cube's value before the action (an offered cube counts from the next turn) |
//! | `equity_loss` | for a play the file's analysis covers (gnubg's SGF `A`): the equity it gave up against the analysis' best play (the first candidate) |
//! | `best_play` | that best play, in the mover's numbering |
//! | `cube_error` | for an action where the file analyses the cube (SGF `DA`): what the decision made there gave up — not doubling before a roll, the double, the take or the pass — in equity (money) or match winning chances (match play) |
//! | `proper_cube` | the right cube action by those figures: `no double, take`, `too good, pass`, `double, take`, `double, pass` (money play) |
//! | `luck` | the luck of the roll by the file's analysis (SGF `LU`), in equity |
//! | `comment` | the comment the file attaches to the action (SGF `C[]`, an XG move's comment) |
//!
//! Results (`Wins`, `Losses`, `Draw`) are not rows: they are the game's, not a player's
//! decision.

use serde::Serialize;

use crate::ids;
use crate::notation::CellBody;
use crate::replay::{ActionTrace, Severity, Verdict};
use crate::report::json::{ActionDoc, StageKindDoc, match_doc, position_json};
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
    /// The compact JSON position before the action (every game).
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
    /// The right cube action by the file's analysis (money play).
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
        use std::fmt::Write;
        fn text(out: &mut String, s: &str) {
            out.push('"');
            let mut rest = s;
            while let Some(i) = memchr::memchr(b'"', rest.as_bytes()) {
                out.push_str(&rest[..=i]);
                out.push('"');
                rest = &rest[i + 1..];
            }
            out.push_str(rest);
            out.push('"');
        }
        fn opt_text(out: &mut String, s: Option<&str>) {
            if let Some(s) = s {
                text(out, s);
            }
        }
        fn num<T: std::fmt::Display>(out: &mut String, v: Option<T>) {
            if let Some(v) = v {
                let _ = write!(out, "{v}");
            }
        }
        text(out, &self.path);
        out.push(',');
        num(out, Some(self.match_number));
        out.push(',');
        num(out, Some(self.game));
        out.push(',');
        num(out, self.turn);
        out.push(',');
        text(out, self.side);
        out.push(',');
        opt_text(out, self.player.as_deref());
        out.push(',');
        num(out, self.die1);
        out.push(',');
        num(out, self.die2);
        out.push(',');
        text(out, &self.play);
        out.push(',');
        opt_text(out, self.position_before.as_deref());
        out.push(',');
        opt_text(out, self.xgid_before.as_deref());
        out.push(',');
        num(out, self.legal);
        out.push(',');
        opt_text(out, self.code);
        out.push(',');
        num(out, self.n_legal);
        out.push(',');
        num(out, self.pips_before_white);
        out.push(',');
        num(out, self.pips_before_black);
        out.push(',');
        num(out, self.score_white);
        out.push(',');
        num(out, self.score_black);
        out.push(',');
        num(out, self.cube);
        out.push(',');
        num(out, self.equity_loss);
        out.push(',');
        opt_text(out, self.best_play.as_deref());
        out.push(',');
        num(out, self.cube_error);
        out.push(',');
        opt_text(out, self.proper_cube.as_deref());
        out.push(',');
        num(out, self.luck);
        out.push(',');
        opt_text(out, self.comment.as_deref());
        out.push('\n');
    }
}

/// The rows of a checked record. `v` must carry its traces
/// ([`Source::check`](crate::input::Source::check) with `traces` true, or
/// [`check`](crate::replay::check)); `text` is the record's text, `path` its name.
///
/// ```
/// let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 13/9    65: 24/13\n";
/// let v = tavla::replay::check(tavla::notation::read(text), &Default::default());
/// let rows = tavla::report::table::rows("m.mat", &v, text);
/// assert_eq!(rows.len(), 2);
/// assert_eq!((rows[0].play.as_str(), rows[0].n_legal), ("24/18 13/9", Some(14)));
/// assert_eq!(rows[1].pips_before_black, Some(167));
/// assert_eq!(rows[1].legal, Some(true));
/// ```
pub fn rows(path: &str, v: &Verdict, text: &str) -> Vec<PlayRow> {
    // Every match of the file, each on its own text.
    v.matches()
        .enumerate()
        .flat_map(|(i, m)| match_rows(path, i + 1, m, text.get(m.offset..).unwrap_or("")))
        .collect()
}

/// The rows of one match of a file.
fn match_rows(path: &str, match_number: usize, v: &Verdict, text: &str) -> Vec<PlayRow> {
    let doc = match_doc(v, false, text);
    let errors: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    let mut out = Vec::new();
    for (gi, (game, gdoc)) in v.record.games.iter().zip(&doc.games).enumerate() {
        let trace = v.games.get(gi);
        let rules = trace.map(|t| t.rules).or(v.rules);
        let score = game.score.as_ref().map(|(l, r)| (l.score, r.score));
        let names = game.score.as_ref().map(|(l, r)| (&l.name, &r.name));
        // The position and cube before the next action, followed through the game.
        let mut position: Option<Position> = rules.map(|r| r.start());
        let mut cube: (u32, Option<Side>) = (1, None);
        let mut stopped = false;
        for (ai, (action, adoc)) in game.actions.iter().zip(&gdoc.actions).enumerate() {
            let t = trace.and_then(|t| t.actions.get(ai));
            let side = match adoc.base().player {
                crate::report::json::SideDoc::White => Side::White,
                crate::report::json::SideDoc::Black => Side::Black,
            };
            let analysis = adoc.base().analysis.as_ref();
            let (play, dice) = match adoc {
                ActionDoc::Turn(turn) => {
                    let only_roll = turn.received.is_empty() && turn.stages.len() == 1;
                    let play = if only_roll {
                        turn.stages[0].play.clone()
                    } else {
                        turn.received
                            .iter()
                            .chain(&turn.stages)
                            .map(|s| {
                                let d: String = s.dice.iter().map(u8::to_string).collect();
                                let d = if s.dice.len() == 1 { d.repeat(2) } else { d };
                                let head = match s.kind {
                                    StageKindDoc::Received => format!("({d}):"),
                                    StageKindDoc::Roll => format!("{d}:"),
                                    StageKindDoc::Chain => format!("+{d}:"),
                                };
                                if s.play.is_empty() {
                                    head
                                } else {
                                    format!("{head} {}", s.play)
                                }
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    };
                    (play, turn.dice)
                }
                ActionDoc::Double(c) => (format!("Doubles => {}", c.value), None),
                ActionDoc::Beaver(c) => (format!("Beavers => {}", c.value), None),
                ActionDoc::Raccoon(c) => (format!("Raccoons => {}", c.value), None),
                ActionDoc::Take(_) => ("Takes".to_string(), None),
                ActionDoc::Drop(_) => ("Drops".to_string(), None),
                ActionDoc::Wins(_)
                | ActionDoc::Losses(_)
                | ActionDoc::Draw(_)
                | ActionDoc::Resign(_) => continue,
            };
            // The action the replay stopped at (its first fatal problem) was reached: the
            // position before it is the one the walk got to.
            let checked = adoc.base().checked && rules.is_some();
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
                        Some(*before),
                        side,
                        roll.map(|(a, b)| Roll { a, b }),
                        Some(*position),
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
                    let roll = match adoc {
                        ActionDoc::Turn(turn) => turn.dice.map(|[a, b]| Roll { a, b }),
                        _ => None,
                    };
                    (position.filter(|_| reached), on_roll, roll, None)
                }
            };
            let cell = action.cell.span;
            let first_error = errors.iter().find(|f| {
                let at = f.span;
                at.offset >= cell.offset && at.offset < cell.end().max(cell.offset + 1)
            });
            let before = before.filter(|_| reached);
            let (position_before, xgid_before, n_legal) = match (rules, before) {
                (Some(r), Some(b)) => {
                    let xgid = (r.backgammon_board() && ids::validate(&b, r.variant()).is_ok())
                        .then(|| {
                            // A double awaiting its answer is written `D` in place of the dice.
                            let answering = matches!(
                                action.cell.body,
                                CellBody::Take | CellBody::Drop | CellBody::Beaver { .. }
                            );
                            ids::xgid::Xgid {
                                dice: roll,
                                cube_action: answering.then_some(ids::xgid::CubeAction::Doubled),
                                cube: cube.0,
                                cube_owner: cube.1,
                                white_score: score.map_or(0, |s| s.0),
                                black_score: score.map_or(0, |s| s.1),
                                match_length: v.record.length.map_or(0, |l| l.0),
                                crawford: trace.is_some_and(|t| t.crawford),
                                ..ids::xgid::Xgid::new(b, on_roll)
                            }
                            .to_string()
                        });
                    let text = position_json(&b, r.opposite_fn()).to_string();
                    let received =
                        matches!(adoc, ActionDoc::Turn(turn) if !turn.received.is_empty());
                    let n = roll
                        .filter(|r| !received && r.is_valid())
                        .map(|d| r.legal_plays(&b, side, d.stage()).len());
                    (Some(text), xgid, n)
                }
                _ => (None, None, None),
            };
            out.push(PlayRow {
                path: path.to_string(),
                match_number,
                game: game.number,
                turn: action.turn_number,
                side: side.name(),
                player: names.map(|(l, r)| match side {
                    Side::White => l.clone(),
                    Side::Black => r.clone(),
                }),
                die1: dice.map(|d| d[0]),
                die2: dice.map(|d| d[1]),
                play,
                legal: if first_error.is_some() {
                    Some(false)
                } else {
                    reached.then_some(true)
                },
                code: first_error.map(|f| f.code.as_str()),
                n_legal,
                pips_before_white: before.map(|b| b.pips(Side::White)),
                pips_before_black: before.map(|b| b.pips(Side::Black)),
                position_before,
                xgid_before,
                score_white: score.map(|s| s.0),
                score_black: score.map(|s| s.1),
                cube: reached.then_some(cube.0),
                equity_loss: analysis.and_then(|a| a.equity_loss),
                best_play: analysis.and_then(|a| a.best_play.clone()),
                cube_error: analysis.and_then(|a| a.cube.as_ref()).and_then(|c| c.error),
                proper_cube: analysis
                    .and_then(|a| a.cube.as_ref())
                    .and_then(|c| c.proper.clone()),
                luck: analysis.and_then(|a| a.luck),
                comment: adoc.base().comment.clone(),
            });
            if let Some(a) = after {
                position = Some(a);
            }
        }
    }
    out
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
        let props = std::sync::Arc::new(
            WriterProperties::builder()
                .set_compression(Compression::SNAPPY)
                .set_created_by(format!("tavla {}", env!("CARGO_PKG_VERSION")))
                .build(),
        );
        Ok(ParquetTable {
            writer: parquet::file::writer::SerializedFileWriter::new(w, schema, props)
                .map_err(pq)?,
        })
    }

    /// Write `rows` as one row group (none for no rows).
    ///
    /// # Errors
    /// What the Parquet writer reports.
    pub fn write(&mut self, rows: &[PlayRow]) -> Result<(), String> {
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
        let bytes = |s: &str| ByteArray::from(s.as_bytes().to_vec());
        let mut group = self.writer.next_row_group().map_err(pq)?;
        let mut k = 0usize;
        while let Some(mut col) = group.next_column().map_err(pq)? {
            let required = matches!(k, 0 | 1 | 2 | 4 | 8);
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
                0 => put!(ByteArrayType, |r| Some(r.path.as_str()), bytes),
                1 => put!(Int64Type, |r| Some(r.match_number as i64), |v| v),
                2 => put!(Int64Type, |r| Some(r.game as i64), |v| v),
                3 => put!(Int64Type, |r| r.turn.map(|t| t as i64), |v| v),
                4 => put!(ByteArrayType, |r| Some(r.side), bytes),
                5 => put!(ByteArrayType, |r| r.player.as_deref(), bytes),
                6 => put!(Int32Type, |r| r.die1.map(i32::from), |v| v),
                7 => put!(Int32Type, |r| r.die2.map(i32::from), |v| v),
                8 => put!(ByteArrayType, |r| Some(r.play.as_str()), bytes),
                9 => put!(ByteArrayType, |r| r.position_before.as_deref(), bytes),
                10 => put!(ByteArrayType, |r| r.xgid_before.as_deref(), bytes),
                11 => put!(BoolType, |r| r.legal, |v| v),
                12 => put!(ByteArrayType, |r| r.code, bytes),
                13 => put!(Int64Type, |r| r.n_legal.map(|n| n as i64), |v| v),
                14 => put!(Int32Type, |r| r.pips_before_white.map(|n| n as i32), |v| v),
                15 => put!(Int32Type, |r| r.pips_before_black.map(|n| n as i32), |v| v),
                16 => put!(Int64Type, |r| r.score_white.map(|n| n as i64), |v| v),
                17 => put!(Int64Type, |r| r.score_black.map(|n| n as i64), |v| v),
                18 => put!(Int32Type, |r| r.cube.map(|n| n as i32), |v| v),
                19 => put!(DoubleType, |r| r.equity_loss, |v| v),
                20 => put!(ByteArrayType, |r| r.best_play.as_deref(), bytes),
                21 => put!(DoubleType, |r| r.cube_error, |v| v),
                22 => put!(ByteArrayType, |r| r.proper_cube.as_deref(), bytes),
                23 => put!(DoubleType, |r| r.luck, |v| v),
                _ => put!(ByteArrayType, |r| r.comment.as_deref(), bytes),
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
