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

use super::step_scan::fast_step;
use super::{Span, SyntaxError};
use crate::codes::Code;

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
pub(super) const MAX_STEP: usize = u16::MAX as usize;

/// The written points of a step, stored inline and compactly (no allocation per step).
///
/// Each point is a location, whether it carries a `*` hit mark, and its span in the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    /// Byte offset the point spans are relative to.
    pub(super) base: usize,
    /// Board index of each point (0 off, 1..=24, 25 bar).
    pub(super) locs: [u8; MAX_PATH],
    /// Bit `k` set: point `k` is marked `*`.
    pub(super) hits: u8,
    pub(super) len: u8,
    /// Start of each point's location text, relative to `base`.
    pub(super) offs: [u16; MAX_PATH],
    /// Length of each point's location text.
    pub(super) lens: [u16; MAX_PATH],
}

impl Path {
    pub(super) fn new(base: usize) -> Self {
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
    pub(super) fn push(&mut self, loc: Loc, hit: bool, at: Span) -> bool {
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
    /// Whether any point is marked `*`.
    pub fn any_marked(&self) -> bool {
        self.hits != 0
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
    /// One hop `from`/`to` (board indices in the mover's numbering: 0 off, 25 the bar), as a
    /// reader of another format has it: `span` the whole step, `from_at` and `to_at` its two
    /// points (each at or after `span`'s start, within 64 KiB of it).
    pub fn hop(from: u8, to: u8, hit: bool, span: Span, from_at: Span, to_at: Span) -> StepText {
        let mut path = Path::new(span.offset);
        // Each point within reach of the step's start, else the whole step.
        let clip = |s: Span| {
            let off = s.offset.wrapping_sub(span.offset);
            if off <= MAX_STEP {
                (off as u16, s.len.min(MAX_STEP) as u16)
            } else {
                (0, span.len.min(MAX_STEP) as u16)
            }
        };
        // Board indices as `Loc::index` has them (26 and above the bar).
        path.locs[0] = from.min(25);
        path.locs[1] = to.min(25);
        path.hits = u8::from(hit) << 1;
        path.len = 2;
        (path.offs[0], path.lens[0]) = clip(from_at);
        (path.offs[1], path.lens[1]) = clip(to_at);
        StepText {
            path,
            repeat: 1,
            span,
        }
    }
    /// The same step standing at `at` (every point of it there): a replacement written in the
    /// place of another play.
    pub fn placed_at(mut self, at: Span) -> StepText {
        self.span = at;
        self.path.base = at.offset;
        self.path.offs = [0; MAX_PATH];
        self.path.lens = [at.len.min(MAX_STEP) as u16; MAX_PATH];
        self
    }
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

impl StepText {
    /// Append the step to `out` as it displays (`13/7*/1(2)`, ASCII), without the formatting
    /// machinery: the table of plays and JSON Lines write one per step.
    pub fn push_to(&self, out: &mut Vec<u8>) {
        let at = out.len();
        out.resize(at + MAX_STEP_TEXT, 0);
        let n = self.write_at(&mut out[at..]);
        out.truncate(at + n);
    }

    /// Write the step as it displays at the start of `buf`, which holds at least
    /// [`MAX_STEP_TEXT`] bytes; the number of bytes written.
    pub(crate) fn write_at(&self, buf: &mut [u8]) -> usize {
        let mut at = 0;
        for k in 0..usize::from(self.path.len).min(MAX_PATH) {
            let (text, len) = LOC_TEXT[usize::from(self.path.locs[k]).min(25)];
            // The location after its `/` (the first without it): four bytes stored, the
            // surplus written over next.
            if k == 0 {
                buf[at..at + 3].copy_from_slice(&[text[1], text[2], text[3]]);
                at += len - 1;
            } else {
                buf[at..at + 4].copy_from_slice(&text);
                at += len;
            }
            if self.path.hits & (1 << k) != 0 {
                buf[at] = b'*';
                at += 1;
            }
        }
        if self.repeat > 1 {
            let n = self.repeat;
            buf[at] = b'(';
            at += 1;
            if n >= 100 {
                buf[at] = b'0' + n / 100;
                at += 1;
            }
            if n >= 10 {
                buf[at] = b'0' + n / 10 % 10;
                at += 1;
            }
            buf[at..at + 2].copy_from_slice(&[b'0' + n % 10, b')']);
            at += 2;
        }
        at
    }
}

/// The most bytes of a step's text: five places of at most four bytes (`/bar`), each marked
/// `*`, and a repetition `(255)`.
pub(crate) const MAX_STEP_TEXT: usize = 5 * 5 + 5;

/// Each board index's text after a `/` (`/off`, `/1` … `/24`, `/bar`), in four bytes, and
/// its length.
static LOC_TEXT: [([u8; 4], usize); 26] = {
    let mut t = [([0u8; 4], 0usize); 26];
    t[0] = (*b"/off", 4);
    t[25] = (*b"/bar", 4);
    let mut p = 1;
    while p <= 24 {
        t[p] = if p < 10 {
            ([b'/', b'0' + p as u8, 0, 0], 2)
        } else {
            ([b'/', b'0' + (p / 10) as u8, b'0' + (p % 10) as u8, 0], 3)
        };
        p += 1;
    }
    t
};

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

impl Play {
    /// The same play with every point renumbered by `f` (the bar and off stay), spans and hit
    /// marks kept: e.g. one side's numbering into the other's, given the game's mapping.
    pub fn map_points(&self, f: impl Fn(u8) -> u8) -> Play {
        Play {
            steps: self
                .steps
                .iter()
                .map(|st| {
                    let mut path = Path::new(st.path.base);
                    for (loc, hit, span) in st.path.iter() {
                        let loc = match loc {
                            Loc::Point(p) => Loc::from_index(f(p).clamp(1, 24)),
                            other => other,
                        };
                        path.push(loc, hit, span);
                    }
                    StepText {
                        path,
                        repeat: st.repeat,
                        span: st.span,
                    }
                })
                .collect(),
        }
    }
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

/// The grammar parser (nom): every step, with a precise error for a malformed one.
pub(super) fn slow_step(token: &str, base: usize) -> Result<StepText, SyntaxError> {
    let span = Span::new(base, token.len());
    let bad = |msg: String, at: Span| {
        SyntaxError::new(Code::BadStep, at, msg)
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
mod push_tests {
    use super::*;

    #[test]
    fn a_hop_is_the_path_of_its_two_points() {
        // `hop` fills the path's fields itself: it must give what pushing the two points does,
        // points out of reach of the step standing on the whole step.
        let span = Span::new(100, 8);
        for (from, to, hit) in [(25, 20, false), (8, 0, false), (13, 7, true), (30, 3, true)] {
            for (from_at, to_at) in [
                (Span::new(100, 4), Span::new(104, 4)),
                (Span::new(99, 1), Span::new(100 + MAX_STEP + 1, 2)),
            ] {
                let got = StepText::hop(from, to, hit, span, from_at, to_at);
                let clip = |s: Span| {
                    if s.offset >= span.offset && s.offset - span.offset <= MAX_STEP {
                        s
                    } else {
                        span
                    }
                };
                let mut path = Path::new(span.offset);
                path.push(Loc::from_index(from), false, clip(from_at));
                path.push(Loc::from_index(to), hit, clip(to_at));
                assert_eq!(got.path, path, "{from}/{to} {hit}");
                assert_eq!((got.span, got.repeat), (span, 1));
                assert_eq!(got.path.get(1).1, hit);
            }
        }
    }

    #[test]
    fn push_to_writes_what_display_writes() {
        let mut tokens: Vec<String> = [
            "13/7*/1(2)",
            "bar/22*",
            "6/off",
            "24/18(4)",
            "24/23/22/21/20",
            "bar/20*/14*/8*/2*",
            "6/5(100)",
            "8/2(12)",
            "25/off",
        ]
        .map(String::from)
        .to_vec();
        for from in 1..=25u8 {
            for to in 0..from {
                tokens.push(format!("{from}/{to}*"));
                tokens.push(format!("{from}/{to}({})", from % 5 + 1));
            }
        }
        let mut checked = 0;
        for t in &tokens {
            let Ok(step) = parse_step(t, 0) else { continue };
            let mut pushed = b"x ".to_vec();
            step.push_to(&mut pushed);
            assert_eq!(
                String::from_utf8(pushed).unwrap(),
                format!("x {step}"),
                "{t}"
            );
            checked += 1;
        }
        assert!(checked > 550, "{checked} of {} tokens read", tokens.len());
    }
}
