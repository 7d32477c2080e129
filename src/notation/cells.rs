//! The cells of a turn or result line: the general cell grammar, which reads every line the
//! fast path ([`super::fast`]) declines and words its errors. Grammar rules (see
//! `grammar.md`): `cell`, `stage`, `roll`, `cube-action`, `result`.

use super::document::{
    Cell, CellBody, CellRange, Column, Document, Moves, ResignLevel, Stage, StageKind, StageRange,
};
use super::fast::fast_cells;
use super::lines::{abbreviate, parse_number};
use super::play::{StepText, parse_step};
use super::step_scan::fast_step;
use super::{Span, SyntaxError};
use crate::codes::Code;

pub(super) struct Tok<'a> {
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
    const WORDS: [&str; 15] = [
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
        "draw",
        "resigns",
        "resigned",
        "resign",
    ];
    if word.len() < 4 || word.len() > 9 || !word.as_bytes()[0].is_ascii_alphabetic() {
        return None;
    }
    WORDS.iter().copied().find(|w| w.eq_ignore_ascii_case(word))
}

pub(super) fn column_of(line: &str, byte: usize) -> usize {
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
pub(super) const RIGHT_COLUMN: usize = 20;

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

/// The cells of a turn or result line (`rest` being the part after the turn number), appended
/// to the document's cells: by [`fast_cells`] when it can, else by [`cells`].
pub(super) fn turn_cells<'a>(
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

pub(super) fn cells<'a>(
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
    let mut r = CellReader {
        whole,
        line,
        toks,
        errors,
        steps,
        stages,
        out: Vec::with_capacity(2),
        first_at: 0,
        cur: Building::None,
        cur_start: None,
        last_end: Span::default(),
        k: 0,
    };
    while r.k < r.toks.len() && r.token() {}
    r.finish();
    let CellReader {
        mut out,
        first_at,
        errors,
        ..
    } = r;
    let n = out.len();
    if n > 2 {
        let extra = out[2].span.join(out[n - 1].span);
        errors.push(
            SyntaxError::new(
                Code::TooManyCells,
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

/// The general cell grammar over the tokens of one line: the cells read, the cell being built,
/// and the token read next.
struct CellReader<'a, 'd> {
    whole: &'a str,
    line: &'a str,
    toks: &'d [Tok<'a>],
    /// The document's errors, steps and stages (a finished turn cell's stages go there).
    errors: &'d mut Vec<SyntaxError>,
    steps: &'d mut Vec<StepText>,
    stages: &'d mut Vec<Stage>,
    out: Vec<Cell>,
    /// Where the first cell starts in the line.
    first_at: usize,
    /// The cell being built: what it is, where it starts (in the line, and its first token)
    /// and where it ends so far.
    cur: Building,
    cur_start: Option<(usize, Span)>,
    last_end: Span,
    /// The token read next.
    k: usize,
}

impl<'a> CellReader<'a, '_> {
    /// The cell being built, finished: pushed onto the cells, a turn's stages onto the
    /// document's list (only this does).
    fn finish(&mut self) {
        let b = std::mem::replace(&mut self.cur, Building::None);
        let body = match b {
            Building::None => return,
            Building::Turn {
                received,
                roll,
                chain,
            } => {
                // Into the document's list, in the order of the range: received, roll, chain.
                let first = self.stages.len();
                self.stages.extend(received);
                self.stages.extend(roll);
                self.stages.extend(chain);
                CellBody::Turn {
                    stages: StageRange {
                        start: first,
                        len: self.stages.len() - first,
                    },
                }
            }
            Building::Done(body) => body,
        };
        if let Some((col, s)) = self.cur_start.take() {
            if self.out.is_empty() {
                self.first_at = col;
            }
            self.out.push(Cell {
                column: Column::Left,
                span: s.join(self.last_end),
                body,
            });
        }
    }

    /// A cell of its own (a cube action, a resignation, a result) read: from token `t` at
    /// `span` to `end`.
    fn done(&mut self, body: CellBody, t: &Tok<'a>, span: Span, end: Span) {
        self.cur = Building::Done(body);
        self.cur_start = Some((t.at, span));
        self.last_end = end;
    }

    /// Reads the token at `k` and those that belong to it; `false` when the rest of the line
    /// is not read.
    fn token(&mut self) -> bool {
        let toks = self.toks;
        let t = &toks[self.k];
        let span = Span::of(self.whole, t.text);
        // Dice tokens: (nn):, dd:, +nn:; a roll written without its colon before its steps
        // (`53 24/21`) is one error, with its fix, and still opens its stage.
        let bare_roll = is_roll_without_colon(t.text)
            && toks
                .get(self.k + 1)
                .is_some_and(|n| n.text.contains('/') || n.text.eq_ignore_ascii_case("cannot"));
        if bare_roll {
            self.errors.push(roll_without_colon(t.text, span));
        }
        let dice = dice_token(t.text).or(bare_roll.then_some((StageKind::Roll, t.text)));
        if let Some((kind, digits)) = dice {
            self.dice(kind, digits, t, span);
            return true;
        }
        let word = t.text;
        // A second line label (`24)`): two lines run together. The rest of the line is not read.
        if word.len() > 1
            && word.ends_with(')')
            && word[..word.len() - 1].bytes().all(|b| b.is_ascii_digit())
        {
            self.joined_lines(t, span);
            return false;
        }
        let lower = keyword(word).unwrap_or("");
        match lower {
            "doubles" | "beavers" | "raccoons" | "redoubles" => self.cube_action(lower, t, span),
            "takes" | "accepts" | "drops" | "passes" | "rejects" => {
                self.finish();
                let body = if lower == "takes" || lower == "accepts" {
                    CellBody::Take
                } else {
                    CellBody::Drop
                };
                self.done(body, t, span, span);
                self.k += 1;
            }
            "draw" => {
                self.finish();
                self.done(CellBody::Draw, t, span, span);
                self.k += 1;
            }
            "resigns" | "resigned" | "resign" => self.resignation(t, span),
            "wins" | "losses" => self.result(lower, t, span),
            _ => self.moves(t, span),
        }
        true
    }

    /// A dice token `t` at `span` (`digits` its dice) opening a stage of `kind`: in the turn
    /// being built where it fits there, else in a new cell.
    fn dice(&mut self, kind: StageKind, digits: &str, t: &Tok<'a>, span: Span) {
        let db = digits.as_bytes();
        let ok = db.len() == 2 && db.iter().all(|b| (b'1'..=b'6').contains(b));
        // A malformed roll is reported once; it still opens its stage, so the steps
        // written after it are not reported again.
        if !ok {
            self.errors.push(
                SyntaxError::new(Code::BadDice, span, format!("`{}` is not a roll of two dice", t.text))
                    .help("a roll is two digits 1-6 followed by `:`, e.g. `64:`; chain stages `+55:`, received stages `(55):`"),
            );
        } else if kind != StageKind::Roll && db[0] != db[1] {
            self.errors.push(
                SyntaxError::new(Code::BadDice, span, format!("`{}` must name a doublet", t.text))
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
        let misplaced_chain = || {
            SyntaxError::new(
                Code::MisplacedStage,
                span,
                format!("chain stage `{}` without a roll before it", t.text),
            )
            .help("a `+nn:` chain stage continues the roll written before it in the same cell")
        };
        let new_cell = match (&mut self.cur, kind) {
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
                    self.errors.push(misplaced_chain());
                }
                chain.push(stage);
                false
            }
            (_, StageKind::Chain) => {
                self.errors.push(misplaced_chain());
                self.finish();
                self.cur = Building::Turn {
                    received: vec![],
                    roll: None,
                    chain: vec![stage],
                };
                true
            }
            _ => {
                self.finish();
                self.cur = match kind {
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
        if new_cell || self.cur_start.is_none() {
            self.cur_start = Some((t.at, span));
        }
        self.last_end = span;
        self.k += 1;
    }

    /// A second line label `t` at `span` on the line: two lines run together, reported with
    /// where to split them.
    fn joined_lines(&mut self, t: &Tok<'a>, span: Span) {
        let (whole, toks, word) = (self.whole, self.toks, t.text);
        let tail = Span::of(whole, toks[toks.len() - 1].text);
        let glued = &whole[span.offset..tail.offset + tail.len];
        let result = toks
            .get(self.k + 1)
            .is_some_and(|n| matches!(keyword(n.text), Some("wins" | "losses")));
        let kept = &self.line[..t.at];
        self.errors.push(
            SyntaxError::new(
                Code::JoinedLines,
                span.join(tail),
                if result {
                    format!("a second line label `{word}` and a result stand on this turn line")
                } else {
                    format!("a second line label `{word}` stands on this turn line")
                },
            )
            .help(format!(
                "two lines were written as one; split the line before `{word}`:\n{}\n {}",
                kept.trim_end(),
                abbreviate(glued)
            )),
        );
        self.finish();
    }

    /// A cube action `t` (`lower`: its keyword) at `span`, with its `=> N`.
    fn cube_action(&mut self, lower: &str, t: &Tok<'a>, span: Span) {
        let (whole, toks, word) = (self.whole, self.toks, t.text);
        self.finish();
        let k = self.k;
        let mut end = span;
        let mut value = None;
        if k + 2 < toks.len() && toks[k + 1].text == "=>" {
            let v = &toks[k + 2];
            let vs = Span::of(whole, v.text);
            end = vs;
            if v.text.bytes().all(|b| b.is_ascii_digit()) {
                value = parse_number(whole, v.text, self.errors).map(|n| (n, vs));
                if value.is_none() {
                    self.k += 3;
                    return;
                }
            }
            self.k += 3;
        } else {
            self.k += 1;
        }
        let Some((value, value_span)) = value else {
            self.errors.push(
                SyntaxError::new(
                    Code::BadCubeAction,
                    span.join(end),
                    format!("`{word}` must be followed by `=> N`"),
                )
                .help("write a cube action as `Doubles => 2`"),
            );
            return;
        };
        let body = match lower {
            "beavers" => CellBody::Beaver { value, value_span },
            "raccoons" => CellBody::Raccoon { value, value_span },
            _ => CellBody::Double { value, value_span },
        };
        self.done(body, t, span, end);
    }

    /// A resignation `t` at `span`, with the level resigned when one is written (`Resigned
    /// Gammon`): a cell of its own.
    fn resignation(&mut self, t: &Tok<'a>, span: Span) {
        self.finish();
        let level = self
            .toks
            .get(self.k + 1)
            .and_then(|n| ResignLevel::from_word(n.text).map(|l| (l, n)));
        let mut end = span;
        self.k += 1;
        if let Some((_, n)) = level {
            end = Span::of(self.whole, n.text);
            self.k += 1;
        }
        let body = CellBody::Resign {
            level: level.map(|l| l.0),
        };
        self.done(body, t, span, end);
    }

    /// A result `t` (`lower`: `wins` or `losses`) at `span`: its points, `point(s)` and `and
    /// the match`.
    fn result(&mut self, lower: &str, t: &Tok<'a>, span: Span) {
        let (whole, toks, word) = (self.whole, self.toks, t.text);
        self.finish();
        let k = self.k;
        let mut j = k + 1;
        let mut end = span;
        let mut pts = None;
        if j < toks.len() && toks[j].text.bytes().all(|b| b.is_ascii_digit()) {
            let vs = Span::of(whole, toks[j].text);
            pts = parse_number(whole, toks[j].text, self.errors).map(|n| (n, vs));
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
        self.k = j;
        let Some((points, points_span)) = pts else {
            if !number_failed {
                self.errors.push(
                    SyntaxError::new(
                        Code::BadResult,
                        span.join(end),
                        format!("`{word}` must be followed by a number of points"),
                    )
                    .help("write a result as `Wins 1 point` or `Wins 2 points and the match`"),
                );
            }
            return;
        };
        let body = if lower == "wins" {
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
        };
        self.done(body, t, span, end);
    }

    /// A token of a play `t` at `span` (a step, `Cannot Move`, `????`, `Illegal play (…)`),
    /// on the last stage of the turn being built.
    fn moves(&mut self, t: &Tok<'a>, span: Span) {
        let (whole, toks, word) = (self.whole, self.toks, t.text);
        let target = match &mut self.cur {
            Building::Turn {
                received,
                roll,
                chain,
            } => chain.last_mut().or(roll.as_mut()).or(received.last_mut()),
            _ => None,
        };
        let Some(stage) = target else {
            if is_roll_without_colon(word) {
                self.errors.push(roll_without_colon(word, span));
                self.k += 1;
                return;
            }
            let msg = if word.contains('/') {
                format!("the step `{word}` has no roll before it")
            } else {
                format!("unexpected `{}`", abbreviate(word))
            };
            self.errors.push(SyntaxError::new(Code::UnexpectedToken, span, msg).help(
                "a cell is a roll with its play (`64: 24/18 18/14`), a cube action (`Doubles => 2`, `Takes`, `Drops`), a resignation (`Resigns`) or a result (`Wins 1 point`)",
            ));
            self.k += 1;
            return;
        };
        // The common token: a well-formed step (what `parse_step` would return).
        if let Some(step) = fast_step(word.as_bytes(), span.offset) {
            stage.moves.steps.push(self.steps, step);
            self.last_end = span;
            self.k += 1;
            return;
        }
        if word.eq_ignore_ascii_case("cannot")
            && self.k + 1 < toks.len()
            && toks[self.k + 1].text.eq_ignore_ascii_case("move")
        {
            let s = span.join(Span::of(whole, toks[self.k + 1].text));
            stage.moves.markers().cannot_move = Some(s);
            self.last_end = s;
            self.k += 2;
            return;
        }
        if word.len() >= 3 && word.bytes().all(|b| b == b'?') {
            stage.moves.markers().unknown = Some(span);
        } else if word.starts_with("Illegal play (") {
            stage.moves.markers().illegal = Some(span);
        } else if word.contains('/') {
            match parse_step(word, span.offset) {
                Ok(s) => stage.moves.steps.push(self.steps, s),
                Err(e) => self.errors.push(e),
            }
        } else if is_roll_without_colon(word) {
            self.errors.push(roll_without_colon(word, span));
        } else {
            self.errors.push(
                SyntaxError::new(
                    Code::UnexpectedToken,
                    span,
                    format!("unexpected `{}`", abbreviate(word)),
                )
                .help("after a roll write its steps (`24/18 18/14`), `Cannot Move`, or nothing"),
            );
        }
        self.last_end = span;
        self.k += 1;
    }
}

/// Two dice 1–6 written without the roll's colon (`53` for `53:`).
fn is_roll_without_colon(word: &str) -> bool {
    word.len() == 2 && word.bytes().all(|b| (b'1'..=b'6').contains(&b))
}

/// The one error for a roll written without its colon, with its fix.
fn roll_without_colon(word: &str, span: Span) -> SyntaxError {
    SyntaxError::new(
        Code::BadDice,
        span,
        format!("the roll `{word}` has no colon"),
    )
    .help(format!("write `{word}:` before the steps of the roll"))
    .fix(format!("{word}:"))
}

#[cfg(test)]
mod tests {
    use super::super::document::LineKind;
    use super::super::lines::parse_document;
    use super::*;

    fn turn(line: &str) -> (Vec<Cell>, Vec<SyntaxError>) {
        let d = parse_document(line);
        match &d.lines[0].kind {
            LineKind::Turn { cells, .. } | LineKind::Result { cells, .. } => {
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

    /// Current exports' resignations (records.md §2): the word, with the level resigned when
    /// one is written, a cell of its own in the resigning player's column.
    #[test]
    fn a_resignation_is_a_cell_with_its_level() {
        for (line, level, cells) in [
            ("  11) Resigns", None, 1),
            ("  11) resign", None, 1),
            ("  11) RESIGNED", None, 1),
            ("  11) Resigned Game", Some(ResignLevel::Game), 1),
            ("  11) Resigned gammon", Some(ResignLevel::Gammon), 1),
            (
                "  11) Resigned Backgammon",
                Some(ResignLevel::Backgammon),
                1,
            ),
            ("  11) Resigned Match", Some(ResignLevel::Match), 1),
            (
                "  11) 51: 11/10 24/19             Resigned Gammon",
                Some(ResignLevel::Gammon),
                2,
            ),
            ("Resigns                     Wins 1 point", None, 2),
            (
                "Wins 2 points               Resigned Gammon",
                Some(ResignLevel::Gammon),
                2,
            ),
            (
                "                                  Resigned Match",
                Some(ResignLevel::Match),
                1,
            ),
        ] {
            let (c, e) = turn(line);
            assert!(e.is_empty(), "{line}: {e:?}");
            assert_eq!(c.len(), cells, "{line}: {c:?}");
            let r = c
                .iter()
                .find(|c| matches!(c.body, CellBody::Resign { .. }))
                .unwrap_or_else(|| panic!("{line}: {c:?}"));
            assert!(
                matches!(r.body, CellBody::Resign { level: l } if l == level),
                "{line}: {c:?}"
            );
            let text = &line[r.span.offset..r.span.end()];
            assert!(text.to_ascii_lowercase().starts_with("resign"), "{text}");
            assert!(!text.ends_with(' '), "{text:?}");
            // The resigning player's column: the far right alone, the second cell of two.
            let right = cells == 2 && !line.starts_with("Resigns") || line.starts_with("   ");
            assert_eq!(r.column == Column::Right, right, "{line}");
        }
        // A level word alone is no cell; nor is a level after anything but the word.
        let (_, e) = turn("  11) Gammon");
        assert_eq!(e[0].code, Code::UnexpectedToken);
        let (_, e) = turn("  11) Resigns Single");
        assert_eq!(e[0].code, Code::UnexpectedToken);
        // A player called `Resigned` keeps the score line.
        let d = parse_document(" Resigned : 0     Bob : 0");
        assert!(
            matches!(d.lines[0].kind, LineKind::Score { .. }),
            "{:?}",
            d.lines[0]
        );
    }

    #[test]
    fn dice_out_of_range_are_a_syntax_error_on_the_token() {
        let (_, e) = turn("  3) 77: 24/17");
        assert_eq!(e[0].code, Code::BadDice);
        assert_eq!(e[0].span, Span::new(5, 3));
    }

    #[test]
    fn a_roll_without_its_colon_is_one_error_with_its_fix_and_keeps_its_steps() {
        // In either column: one error on the dice, and the steps stay with the roll.
        for (line, at) in [
            ("  1) 53 24/21 24/19                 64: 24/18 13/9", 5),
            ("  1) 64: 24/18 13/9                 53 24/21 24/19", 36),
        ] {
            let (c, e) = turn(line);
            assert_eq!(e.len(), 1, "{line}: {e:?}");
            assert_eq!(e[0].code, Code::BadDice);
            assert_eq!(e[0].span, Span::new(at, 2), "{line}");
            assert!(
                e[0].help.as_deref().is_some_and(|h| h.contains("`53:`")),
                "{e:?}"
            );
            assert_eq!(c.len(), 2, "{line}: {c:?}");
        }
        // Two digits that are not dice, or not before a step, stay what they were.
        let (_, e) = turn("  1) 64: 24/18 13/9                 73 24/21");
        assert_ne!(e[0].message, "the roll `73` has no colon");
    }
}
