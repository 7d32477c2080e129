//! The line reader of match files (the Jellyfish `.mat` layout and its dialects, with the Gul
//! bara forms): the file split into lines, each line classified and parsed on its own, so a
//! syntax error costs one line, never the rest of the file. Grammar rules (see `grammar.md`):
//! `file`, `header-line`, `match-length`, `game-line`, `score-line`, `turn-line`,
//! `result-line`. The cells of turn and result lines are read by [`super::cells`].

use crate::codes::Code;
use nom::bytes::complete::{tag_no_case, take_while1};
use nom::character::complete::{char, digit1, space0, space1};
use nom::combinator::{all_consuming, opt};
use nom::sequence::{delimited, preceded, terminated};
use nom::{IResult, Parser};

use super::cells::{Tok, turn_cells};
use super::document::{Document, Line, LineKind, NameScore};
use super::fast::fast_turn_line;
use super::scan::{count_while, find_byte, small_number, trim_end, trim_start};
use super::{Span, SyntaxError, push_in_place};

/// Parse a whole match file. Never fails: problems are collected in [`Document::errors`].
pub fn parse_document(text: &str) -> Document {
    parse_with(text, true, 1)
}

/// [`parse_document`] of a text that starts at line `first_line` of a file (a match after
/// others in one file): lines are numbered from there.
pub fn parse_document_from(text: &str, first_line: usize) -> Document {
    parse_with(text, true, first_line)
}

/// [`parse_document`], with or without the whole-line fast path (the tests compare the two).
pub(super) fn parse_with(text: &str, whole_lines: bool, first_line: usize) -> Document {
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
    let mut number = first_line.saturating_sub(1);
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

/// The longest line parsed, in bytes; longer lines are reported and skipped (real turn lines,
/// Gul bara chains included, stay far below 1 KiB).
pub(super) const MAX_LINE: usize = 64 * 1024;

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
                Code::LineTooLong,
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
    } else if (matches!(first, b'W' | b'w' | b'L' | b'l')
        && starts_with_word(trimmed, &["Wins", "Losses"]))
        || (matches!(first, b'D' | b'd') && draw_line(trimmed))
        || (matches!(first, b'R' | b'r') && resign_line(trimmed))
    {
        LineKind::Result {
            cells: turn_cells(whole, content, trimmed, doc, toks),
            indent: super::cells::column_of(content, content.len() - trimmed.len()),
        }
    } else if let Some(kind) = score_line(whole, trimmed, &mut doc.errors) {
        kind
    } else {
        doc.errors.push(
            SyntaxError::new(Code::UnknownLine, Span::of(whole, trimmed), "this line is not part of a match record")
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

/// A ` Draw` result line (Tapa): the word alone, any case. Rare, so kept out of line.
#[cold]
#[inline(never)]
fn draw_line(trimmed: &str) -> bool {
    trimmed.trim_end().eq_ignore_ascii_case("draw")
}

/// An unnumbered line that starts with a resignation (` Resigns`, ` Resigned Gammon   Wins 2
/// points`): a result line. A line holding a `:` is left to the score line (a player may be
/// called `Resigned`). Rare, so kept out of line.
#[cold]
#[inline(never)]
fn resign_line(trimmed: &str) -> bool {
    !trimmed.contains(':') && starts_with_word(trimmed, &["Resigns", "Resigned", "Resign"])
}

fn starts_with_word(s: &str, words: &[&str]) -> bool {
    let first = s.split_whitespace().next().unwrap_or("");
    words.iter().any(|w| first.eq_ignore_ascii_case(w))
}

pub(super) fn parse_number(whole: &str, n: &str, errors: &mut Vec<SyntaxError>) -> Option<u64> {
    // The usual short run of ASCII digits, by hand.
    if !n.is_empty() && n.len() <= 9 && n.bytes().all(|b| b.is_ascii_digit()) {
        return Some(n.bytes().fold(0u64, |v, d| v * 10 + u64::from(d - b'0')));
    }
    match n.parse::<u64>() {
        Ok(v) if v <= u32::MAX as u64 => Some(v),
        _ => {
            errors.push(
                SyntaxError::new(
                    Code::NumberTooLarge,
                    Span::of(whole, n),
                    format!("the number `{}` is too large", abbreviate(n)),
                )
                .help("numbers in a match record are at most 4294967295"),
            );
            None
        }
    }
}

pub(super) fn abbreviate(s: &str) -> String {
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
    // Either name may be empty: Backgammon Galaxy writes ` lasse : 0      : 0` when a
    // player's name is unknown.
    let name2 = trim(&mid[digits_end..]);
    let s2 = trim(p2);
    if s2.is_empty() || !s2.bytes().all(|b| b.is_ascii_digit()) {
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

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
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
    }

    #[test]
    fn huge_game_numbers_are_reported_not_wrapped() {
        let d = parse_document(" Game 99999999999999999999\n");
        assert_eq!(d.errors[0].code, Code::NumberTooLarge);
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

    #[test]
    fn an_empty_name_is_a_name() {
        for (line, l, r) in [
            (" lasse : 0                        : 0", "lasse", ""),
            ("  : 1                 nori,1830 : 0", "", "nori"),
        ] {
            let d = parse_document(line);
            assert!(d.errors.is_empty(), "{line:?}: {:?}", d.errors);
            match &d.lines[0].kind {
                LineKind::Score { left, right } => {
                    assert_eq!((left.name.as_str(), right.name.as_str()), (l, r));
                }
                k => panic!("{k:?}"),
            }
        }
    }
}
