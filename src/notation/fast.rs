//! The fast path of turn and result lines: the common line (well-formed stages and steps,
//! the usual cube actions and results) read by hand, byte by byte. Whatever it accepts, the
//! general cell grammar ([`super::cells`]) accepts with the same result; it declines
//! everything else (tests compare the two).

use super::cells::{RIGHT_COLUMN, column_of};
use super::document::{
    Cell, CellBody, CellRange, Column, Document, Line, LineKind, Moves, Stage, StageKind,
    StageRange, StepRange,
};
use super::lines::MAX_LINE;
use super::scan::{skip_blanks, small_number};
use super::step_scan::{quick_step, scan_step};
use super::{Span, push_in_place};

/// The turn line (`N) cells`) or result line (`Wins …`) that starts at `i`, read by
/// [`fast_cells_at`] up to its LF: the line (numbered `number`) is added to `doc`, and the
/// index of its LF (or the text's end) returned. `None`, with nothing added to `doc`, for any
/// line the fast path does not take (a line holding a CR among them); the line reader's
/// `parse_line` ([`super::lines`]) then reads it (with the same result for the lines this
/// takes).
pub(super) fn fast_turn_line(
    text: &str,
    i: usize,
    number: usize,
    doc: &mut Document,
) -> Option<usize> {
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
                    kind: LineKind::Result {
                        cells,
                        indent: column_of(&text[i..first], first - i),
                    },
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

/// The common turn line, by hand: cells made only of well-formed stages (`64:`, `+55:`,
/// `(33):`) and steps, or of `Doubles => N`, `Takes`, `Drops`, `Wins N point(s) [and the
/// match]` as written by the usual programs, at most two cells. `None` for anything else
/// (other spellings, `Cannot Move`, anything wrong …); [`cells`](super::cells::cells) then
/// parses the line and words its errors.
/// Whatever this accepts, `cells` accepts with the same result (a test compares them).
/// Its cells, stages and steps are appended to `doc`'s lists; when it declines, some may be,
/// and the caller drops them.
pub(super) fn fast_cells(whole: &str, line: &str, rest: &str, doc: &mut Document) -> bool {
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
            let (body, body_end) = usual_word(bytes, i, stop, end)?;
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

/// A cube action or a result in the usual spelling, the word `bytes[i..stop]` and what follows
/// it up to `end`: `Takes`, `Drops`, `Doubles => N`, `Wins N point(s) [and the match]`. Its
/// body and where it ends.
#[inline]
fn usual_word(bytes: &[u8], i: usize, stop: usize, end: usize) -> Option<(CellBody, usize)> {
    match &bytes[i..stop] {
        b"Takes" => Some((CellBody::Take, stop)),
        b"Drops" => Some((CellBody::Drop, stop)),
        b"Doubles" => {
            let (a, b) = next_token(bytes, stop, end)?;
            if &bytes[a..b] != b"=>" {
                return None;
            }
            let (c, d) = next_token(bytes, b, end)?;
            let value = small_number(&bytes[c..d])?;
            let value_span = Span::new(c, d - c);
            Some((CellBody::Double { value, value_span }, d))
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
            Some((body, body_end))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::cells::cells;
    use super::super::lines::parse_with;
    use super::*;

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
            "  7) Resigns",
            "  7) 64: 24/18 13/9       Resigned Gammon",
            "Wins 2 points              Resigns",
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
        let fast = parse_with(text, true, 1);
        let slow = parse_with(text, false, 1);
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
}
