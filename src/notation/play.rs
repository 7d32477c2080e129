//! Steps and plays: `24/19 24/18`, `bar/22*`, `6/off`, `8/5(2)`, `13/7/1`.
//!
//! Grammar rules (see `grammar.md`): `play`, `step`, `location`, `hit`, `repeat`.

use std::fmt;

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while1};
use nom::character::complete::char;
use nom::combinator::{map, opt, recognize};
use nom::multi::{fold_many1, many0_count};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use super::{Span, SyntaxError};

/// A location as written: a point, the bar or off.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Loc {
    /// A point 1..=24 in the mover's numbering.
    Point(u8),
    /// The bar (`bar`, `b`, `25`).
    Bar,
    /// Borne off (`off`, `o`, `-`, `0`).
    Off,
}

impl Loc {
    /// As a board index: 0 off, 1..=24, 25 bar.
    pub fn index(self) -> u8 {
        match self {
            Loc::Point(p) => p,
            Loc::Bar => 25,
            Loc::Off => 0,
        }
    }
    /// From a board index: 0 off, 25 bar (and above), else a point.
    pub fn from_index(i: u8) -> Loc {
        match i {
            0 => Loc::Off,
            1..=24 => Loc::Point(i),
            _ => Loc::Bar,
        }
    }
}

impl fmt::Display for Loc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Loc::Point(p) => write!(f, "{p}"),
            Loc::Bar => f.write_str("bar"),
            Loc::Off => f.write_str("off"),
        }
    }
}

/// The most points a written path may hold: a start and four landings (four dice).
pub const MAX_PATH: usize = 5;

/// The longest step token read, in bytes (the offsets inside a step are 16-bit; a match file's
/// lines are shorter than this anyway).
const MAX_STEP: usize = u16::MAX as usize;

/// The written points of a step, stored inline and compactly (no allocation per step).
///
/// Each point is a location, whether it carries a `*` hit mark, and its span in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    /// Byte offset the point spans are relative to.
    base: usize,
    /// Board index of each point (0 off, 1..=24, 25 bar).
    locs: [u8; MAX_PATH],
    /// Bit `k` set: point `k` is marked `*`.
    hits: u8,
    len: u8,
    /// Start of each point's location text, relative to `base`.
    offs: [u16; MAX_PATH],
    /// Length of each point's location text.
    lens: [u16; MAX_PATH],
}

impl Path {
    fn new(base: usize) -> Self {
        Path {
            base,
            locs: [0; MAX_PATH],
            hits: 0,
            len: 0,
            offs: [0; MAX_PATH],
            lens: [0; MAX_PATH],
        }
    }
    /// Add a point; `at` must start at or after the base.
    fn push(&mut self, loc: Loc, hit: bool, at: Span) -> bool {
        let k = self.len as usize;
        if k >= MAX_PATH {
            return false;
        }
        self.locs[k] = loc.index();
        if hit {
            self.hits |= 1 << k;
        }
        self.offs[k] = (at.offset - self.base) as u16;
        self.lens[k] = at.len as u16;
        self.len += 1;
        true
    }
    /// Number of written points (two to five).
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// True when no point is written (never the case for a parsed step).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Point `k`: its location, its `*` mark and the span of its location text.
    ///
    /// # Panics
    /// When `k >= self.len()`.
    pub fn get(&self, k: usize) -> (Loc, bool, Span) {
        assert!(k < self.len(), "point {k} of a path of {}", self.len);
        (
            Loc::from_index(self.locs[k]),
            self.hits & (1 << k) != 0,
            Span::new(self.base + self.offs[k] as usize, self.lens[k] as usize),
        )
    }
    /// The points in written order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Loc, bool, Span)> + '_ {
        (0..self.len()).map(|k| self.get(k))
    }
    /// The written hops `(from, to)` as consecutive pairs of points.
    pub fn hops(
        &self,
    ) -> impl ExactSizeIterator<Item = ((Loc, bool, Span), (Loc, bool, Span))> + '_ {
        (1..self.len().max(1)).map(|k| (self.get(k - 1), self.get(k)))
    }
}

/// One written step token: a checker's path through written points, maybe repeated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepText {
    /// The written points (two to five), each with its `*` hit mark and span.
    pub path: Path,
    /// `(n)` repetition, 1 when absent.
    pub repeat: u8,
    /// The whole token.
    pub span: Span,
}

impl StepText {
    /// The written hops `(from, to, hit-marked)` of this token, repetition expanded.
    pub fn hops(&self) -> Vec<(Loc, Loc, bool)> {
        let mut out = Vec::new();
        for _ in 0..self.repeat.max(1) {
            for (a, b) in self.path.hops() {
                out.push((a.0, b.0, b.1));
            }
        }
        out
    }
}

impl fmt::Display for StepText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (loc, hit, _)) in self.path.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{loc}")?;
            if hit {
                f.write_str("*")?;
            }
        }
        if self.repeat > 1 {
            write!(f, "({})", self.repeat)?;
        }
        Ok(())
    }
}

/// A play: the steps written for one roll or stage.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Play {
    /// The step tokens in written order.
    pub steps: Vec<StepText>,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.steps.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

enum RawLoc<'a> {
    Word(Loc),
    Number(&'a str),
}

/// `location = "bar" | "b" | "off" | "o" | "-" | digits`
fn location(i: &str) -> IResult<&str, RawLoc<'_>> {
    // Digits first: by far the most common location.
    if i.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        return map(take_while1(|c: char| c.is_ascii_digit()), RawLoc::Number).parse(i);
    }
    alt((
        map(tag_no_case("bar"), |_| RawLoc::Word(Loc::Bar)),
        map(tag_no_case("off"), |_| RawLoc::Word(Loc::Off)),
        map(tag_no_case("b"), |_| RawLoc::Word(Loc::Bar)),
        map(tag_no_case("o"), |_| RawLoc::Word(Loc::Off)),
        map(tag("-"), |_| RawLoc::Word(Loc::Off)),
        map(take_while1(|c: char| c.is_ascii_digit()), RawLoc::Number),
    ))
    .parse(i)
}

/// `marked = location hit?` where `hit = "*"+`
fn marked(i: &str) -> IResult<&str, (&str, RawLoc<'_>, bool)> {
    let (rest, (text, loc)) = {
        let (r, loc) = location(i)?;
        let text = &i[..i.len() - r.len()];
        (r, (text, loc))
    };
    let (rest, stars) = recognize(many0_count(char('*'))).parse(rest)?;
    Ok((rest, (text, loc, !stars.is_empty())))
}

/// `repeat = "(" digits ")"`
fn repeat(i: &str) -> IResult<&str, &str> {
    delimited(
        char('('),
        take_while1(|c: char| c.is_ascii_digit()),
        char(')'),
    )
    .parse(i)
}

/// `step = marked ("/" marked)+ repeat?` — the locations are checked by the caller.
fn step_syntax(i: &str) -> IResult<&str, (RawPath<'_>, Option<&str>)> {
    let (i, first) = marked(i)?;
    let (i, rest) = fold_many1(
        preceded(char('/'), marked),
        || (RawPath::default(), 0usize),
        |(mut acc, n), m| {
            if n < MAX_PATH - 1 {
                acc.items[n] = Some(m);
            }
            (acc, n + 1)
        },
    )
    .parse(i)?;
    let (i, rep) = opt(repeat).parse(i)?;
    let mut path = rest.0;
    path.first = Some(first);
    path.more = rest.1;
    Ok((i, (path, rep)))
}

#[derive(Default)]
struct RawPath<'a> {
    first: Option<(&'a str, RawLoc<'a>, bool)>,
    items: [Option<(&'a str, RawLoc<'a>, bool)>; MAX_PATH - 1],
    more: usize,
}

/// Parse one step token (no whitespace inside), `base` being its byte offset in the source.
///
/// # Errors
/// A `bad-step` syntax error located on the token or the offending part of it.
pub fn parse_step(token: &str, base: usize) -> Result<StepText, SyntaxError> {
    if let Some(step) = fast_step(token.as_bytes(), base) {
        return Ok(step);
    }
    slow_step(token, base)
}

/// The common case, by hand: a well-formed step such as `24/18`, `bar/22*`, `13/7/1`, `8/5(2)`.
/// `None` for anything else; [`slow_step`] then parses it and words the error. Whatever this
/// accepts, the grammar parser accepts with the same result (a test compares them).
pub(crate) fn fast_step(t: &[u8], base: usize) -> Option<StepText> {
    if t.len() > MAX_STEP {
        return None;
    }
    match scan_step(t, 0, t.len(), base) {
        Some((step, end)) if end == t.len() => Some(step),
        _ => None,
    }
}

/// The commonest steps, `d/d`, `dd/d`, `d/dd` and `dd/dd` (two points written as plain
/// numbers, no mark, no repeat) ending at a space, a tab, an LF or `limit`, read without
/// [`scan_step`]'s loop. `None` for anything else. Whatever this accepts, [`scan_step`] (with `base` 0) accepts
/// identically (a test compares them).
#[inline(always)]
pub(crate) fn quick_step(t: &[u8], start: usize, limit: usize) -> Option<(StepText, usize)> {
    let t = t.get(start..limit)?;
    // With eight bytes at hand (the usual case: a step, then more of the line), read them as
    // one array: no bounds checks. The step and its end fit in six.
    if let Some(c) = t.first_chunk::<8>() {
        return quick_step_8(c, start);
    }
    let digit = |k: usize| t.get(k).filter(|d| d.is_ascii_digit()).map(|d| d - b'0');
    let a = digit(0)?;
    let (from, l1) = match digit(1) {
        Some(b) => (a * 10 + b, 2),
        None => (a, 1),
    };
    if t.get(l1) != Some(&b'/') {
        return None;
    }
    let c = digit(l1 + 1)?;
    let (to, l2) = match digit(l1 + 2) {
        Some(d) => (c * 10 + d, 2),
        None => (c, 1),
    };
    let len = l1 + 1 + l2;
    if from > 25 || to > 25 || !matches!(t.get(len), None | Some(b' ' | b'\t' | b'\n')) {
        return None;
    }
    Some(two_points(start, from, to, l1, l2))
}

/// [`quick_step`] on the eight bytes from `start` on.
#[inline(always)]
fn quick_step_8(c: &[u8; 8], start: usize) -> Option<(StepText, usize)> {
    let digit = |d: u8| {
        let v = d.wrapping_sub(b'0');
        (v < 10).then_some(v)
    };
    let a = digit(c[0])?;
    let (from, l1) = match digit(c[1]) {
        Some(b) => (a * 10 + b, 2),
        None => (a, 1),
    };
    if c[l1] != b'/' {
        return None;
    }
    let e = digit(c[l1 + 1])?;
    let (to, l2) = match digit(c[l1 + 2]) {
        Some(d) => (e * 10 + d, 2),
        None => (e, 1),
    };
    if from > 25 || to > 25 || !matches!(c[l1 + 1 + l2], b' ' | b'\t' | b'\n') {
        return None;
    }
    Some(two_points(start, from, to, l1, l2))
}

/// The step `from/to` written at `start` with `l1` and `l2` digits, and the index past it.
#[inline(always)]
fn two_points(start: usize, from: u8, to: u8, l1: usize, l2: usize) -> (StepText, usize) {
    let len = l1 + 1 + l2;
    let mut path = Path::new(start);
    path.locs[0] = from;
    path.locs[1] = to;
    path.offs[1] = (l1 + 1) as u16;
    path.lens[0] = l1 as u16;
    path.lens[1] = l2 as u16;
    path.len = 2;
    (
        StepText {
            path,
            repeat: 1,
            span: Span::new(start, len),
        },
        start + len,
    )
}

/// [`fast_step`] inside a line: the well-formed step that starts at `t[start]` and runs to the
/// next space, tab or LF (or to `limit`), with the index just past it. `base` is the source
/// offset of `t[0]`; `limit <= t.len()`. `None` when the token is not a well-formed step.
#[inline(always)]
pub(crate) fn scan_step(
    t: &[u8],
    start: usize,
    limit: usize,
    base: usize,
) -> Option<(StepText, usize)> {
    // Indexes below are relative to the token's start.
    let t = t.get(start..limit)?;
    let mut path = Path::new(base + start);
    let mut i = 0;
    let mut n = 0;
    loop {
        // location
        let s = i;
        let b = *t.get(i)?;
        let loc = if b.is_ascii_digit() {
            let mut v = u32::from(b - b'0');
            i += 1;
            while let Some(&d @ b'0'..=b'9') = t.get(i) {
                // Above 25 no more digits can make a point; below, no overflow.
                if v > 25 {
                    return None;
                }
                v = v * 10 + u32::from(d - b'0');
                i += 1;
            }
            if v > 25 {
                return None;
            }
            v as u8
        } else {
            let (word, index): (&[u8], u8) = match b {
                b'b' | b'B' => (b"bar", 25),
                b'o' | b'O' => (b"off", 0),
                b'-' => (b"-", 0),
                _ => return None,
            };
            i += match t.get(i..i + 3) {
                Some(w) if w.eq_ignore_ascii_case(word) => 3,
                _ => 1,
            };
            index
        };
        if n == MAX_PATH {
            return None;
        }
        path.locs[n] = loc;
        path.offs[n] = s as u16;
        path.lens[n] = (i - s) as u16;
        let mut next = t.get(i).copied();
        if next == Some(b'*') {
            path.hits |= 1 << n;
            i += 1;
            while t.get(i) == Some(&b'*') {
                i += 1;
            }
            next = t.get(i).copied();
        }
        n += 1;
        if next != Some(b'/') {
            break;
        }
        i += 1;
    }
    path.len = n as u8;
    if n < 2 || i > MAX_STEP {
        return None;
    }
    let repeat = match t.get(i) {
        None | Some(b' ' | b'\t' | b'\n') => 1,
        Some(b'(') => match t.get(i + 1..i + 3) {
            Some(&[d @ b'1'..=b'4', b')']) => {
                i += 3;
                d - b'0'
            }
            _ => return None,
        },
        _ => return None,
    };
    if !matches!(t.get(i), None | Some(b' ' | b'\t' | b'\n')) {
        return None;
    }
    Some((
        StepText {
            path,
            repeat,
            span: Span::new(base + start, i),
        },
        start + i,
    ))
}

/// The grammar parser (nom): every step, with a precise error for a malformed one.
fn slow_step(token: &str, base: usize) -> Result<StepText, SyntaxError> {
    let span = Span::new(base, token.len());
    let bad = |msg: String, at: Span| {
        SyntaxError::new("bad-step", at, msg)
            .help("write a step as FROM/TO with points 1-24, `bar` or `off`, e.g. `24/18`, `bar/22*`, `6/off`, `8/5(2)`")
    };
    if token.len() > MAX_STEP {
        // Never in a match file, whose lines are shorter; only a play given alone.
        return Err(bad(
            format!(
                "a token of {} bytes; a step is at most {MAX_STEP} bytes",
                token.len()
            ),
            span,
        ));
    }
    let (rest, (raw, rep)) = match step_syntax(token) {
        Ok(v) => v,
        Err(_) => return Err(bad(format!("`{token}` is not a step"), span)),
    };
    if !rest.is_empty() {
        let at = Span::new(base + token.len() - rest.len(), rest.len());
        return Err(bad(
            format!(
                "unexpected `{rest}` after the step `{}`",
                &token[..token.len() - rest.len()]
            ),
            at,
        ));
    }
    if raw.more + 1 > MAX_PATH {
        return Err(bad(
            format!(
                "`{token}` passes through more than {MAX_PATH} points: a step uses at most four dice"
            ),
            span,
        ));
    }
    let mut path = Path::new(base);
    for (text, raw, hit) in raw.first.into_iter().chain(raw.items.into_iter().flatten()) {
        let at = Span::of(token, text).shift(base);
        let loc = match raw {
            RawLoc::Word(l) => l,
            RawLoc::Number(n) => match n.parse::<u32>() {
                Ok(0) => Loc::Off,
                Ok(25) => Loc::Bar,
                Ok(p @ 1..=24) => Loc::Point(p as u8),
                _ => {
                    return Err(bad(
                        format!("`{n}` is not a point (1-24; 25 = bar, 0 = off)"),
                        at,
                    ));
                }
            },
        };
        path.push(loc, hit, at);
    }
    let repeat = match rep {
        None => 1,
        Some(n) => match n.parse::<u8>() {
            Ok(k @ 1..=4) => k,
            _ => {
                let at = Span::of(token, n).shift(base);
                return Err(bad(
                    format!("`({n})` repeats a step; it must be 1 to 4"),
                    at,
                ));
            }
        },
    };
    Ok(StepText { path, repeat, span })
}

/// Parse a play written alone, such as `"24/19 24/18"`.
///
/// ```
/// let play = tavla::notation::parse_play("24/19 24/18").unwrap();
/// assert_eq!(play.steps.len(), 2);
/// assert_eq!(play.to_string(), "24/19 24/18");
/// ```
///
/// # Errors
/// Every malformed step token.
pub fn parse_play(text: &str) -> Result<Play, Vec<SyntaxError>> {
    let mut steps = Vec::new();
    let mut errors = Vec::new();
    for tok in text.split_whitespace() {
        match parse_step(tok, Span::of(text, tok).offset) {
            Ok(s) => steps.push(s),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(Play { steps })
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whatever the hand-written fast path accepts, the grammar parser accepts identically; and
    /// a well-formed common step always takes the fast path.
    fn agree(token: &str) {
        let slow = slow_step(token, 7);
        match fast_step(token.as_bytes(), 7) {
            Some(fast) => assert_eq!(Ok(fast), slow, "token {token:?}"),
            None => {
                if let Ok(s) = slow {
                    // Only forms outside the fast path's scope may fall back: leading zeros,
                    // and nothing else that the grammar accepts.
                    assert!(
                        token.contains("(0") || token.contains("(00") || s.repeat > 4,
                        "fast path rejected the valid step {token:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn fast_path_examples() {
        for t in [
            "24/18",
            "bar/22*",
            "Bar/21",
            "b/3",
            "6/off",
            "6/o",
            "6/-",
            "6/0",
            "25/3",
            "8/5(2)",
            "13/7/1",
            "13/7*/1*",
            "24/23/22/21/20",
            "24/23/22/21/20/19",
            "8/5(0)",
            "8/5(5)",
            "8/5(",
            "8/5(2",
            "26/1",
            "24/",
            "/24",
            "24",
            "24//18",
            "24/18x",
            "bo/1",
            "BAR/off",
            "OFF/3",
            "1**/2",
            "4294967296/1",
            "256/1",
            "250/1",
            "259/3",
            "25/256",
            "0025/1",
            "007/1",
            "8/5(02)",
            "8/5)",
            "ba/1",
            "barr/1",
        ] {
            agree(t);
        }
    }

    /// Whatever the two-point shortcut accepts, the general scanner accepts identically.
    fn quick_agrees(line: &str, start: usize) {
        let b = line.as_bytes();
        if let Some(q) = quick_step(b, start, b.len()) {
            assert_eq!(
                Some(q),
                scan_step(b, start, b.len(), 0),
                "{line:?} at {start}"
            );
        }
    }

    #[test]
    fn quick_step_examples() {
        for (t, taken) in [
            ("24/18", true),
            ("6/5 x", true),
            ("13/7\t", true),
            ("25/1", true),
            ("0/3", true),
            ("9/10", true),
            ("26/1", false),
            ("24/18*", false),
            ("24/18(2)", false),
            ("24/18/12", false),
            ("124/3", false),
            ("24/183", false),
            ("bar/22", false),
            ("24/", false),
            ("2/x", false),
            // Eight bytes or more: read as one array.
            ("24/18 13/9", true),
            ("9/10\n  1) 64:", true),
            ("6/5\t\t\t\t\t", true),
            ("24/18*  x", false),
            ("124/3    ", false),
            ("2/x      ", false),
            ("24/18/12 ", false),
            ("26/1     ", false),
        ] {
            quick_agrees(t, 0);
            quick_agrees(&format!("  {t}"), 2);
            assert_eq!(quick_step(t.as_bytes(), 0, t.len()).is_some(), taken, "{t}");
        }
    }

    proptest! {
        #[test]
        fn quick_step_agrees(t in "[0-9/*() \t]{0,10}", start in 0usize..4) {
            quick_agrees(&t, start.min(t.len()));
        }

        /// Long enough for the eight-byte read, with line ends and other bytes after the step.
        #[test]
        fn quick_step_agrees_on_eight_bytes(t in "[0-9/*() \t\nx]{8,16}", start in 0usize..4) {
            quick_agrees(&t, start);
        }

        #[test]
        fn fast_path_agrees_with_grammar(t in "[0-9/*()bBaArRoOfF\\-x]{0,16}") {
            agree(&t);
        }

        #[test]
        fn fast_path_agrees_on_steps(
            pts in proptest::collection::vec(0u32..30, 1..7),
            stars in proptest::collection::vec(0usize..3, 7),
            rep in proptest::option::of(0u8..7),
        ) {
            let mut t = String::new();
            for (k, p) in pts.iter().enumerate() {
                if k > 0 { t.push('/'); }
                t.push_str(&p.to_string());
                t.push_str(&"*".repeat(stars[k]));
            }
            if let Some(r) = rep { t.push_str(&format!("({r})")); }
            agree(&t);
        }
    }
}
