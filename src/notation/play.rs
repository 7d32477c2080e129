//! Steps and plays: `24/19 24/18`, `bar/22*`, `6/off`, `8/5(2)`, `13/7/1`.
//!
//! Grammar rules (see `grammar.md`): `play`, `step`, `location`, `hit`, `repeat`.

use std::fmt;

use nom::IResult;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while1};
use nom::character::complete::char;
use nom::combinator::{map, opt, recognize};
use nom::multi::{many0_count, many1};
use nom::sequence::{delimited, preceded};

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

/// One written step token: a checker's path through written points, maybe repeated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepText {
    /// The written points (at least two), each with its `*` hit mark and span.
    pub path: Vec<(Loc, bool, Span)>,
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
            for w in self.path.windows(2) {
                out.push((w[0].0, w[1].0, w[1].1));
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
            if *hit {
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
    alt((
        map(tag_no_case("bar"), |_| RawLoc::Word(Loc::Bar)),
        map(tag_no_case("off"), |_| RawLoc::Word(Loc::Off)),
        map(tag_no_case("b"), |_| RawLoc::Word(Loc::Bar)),
        map(tag_no_case("o"), |_| RawLoc::Word(Loc::Off)),
        map(tag("-"), |_| RawLoc::Word(Loc::Off)),
        map(take_while1(|c: char| c.is_ascii_digit()), RawLoc::Number),
    ))(i)
}

/// `marked = location hit?` where `hit = "*"+`
fn marked(i: &str) -> IResult<&str, (&str, RawLoc<'_>, bool)> {
    let (rest, (text, loc)) = {
        let (r, loc) = location(i)?;
        let text = &i[..i.len() - r.len()];
        (r, (text, loc))
    };
    let (rest, stars) = recognize(many0_count(char('*')))(rest)?;
    Ok((rest, (text, loc, !stars.is_empty())))
}

/// `repeat = "(" digits ")"`
fn repeat(i: &str) -> IResult<&str, &str> {
    delimited(
        char('('),
        take_while1(|c: char| c.is_ascii_digit()),
        char(')'),
    )(i)
}

type Path<'a> = (
    (&'a str, RawLoc<'a>, bool),
    Vec<(&'a str, RawLoc<'a>, bool)>,
    Option<&'a str>,
);

/// `step = marked ("/" marked)+ repeat?`
fn step_syntax(i: &str) -> IResult<&str, Path<'_>> {
    let (i, first) = marked(i)?;
    let (i, rest) = many1(preceded(char('/'), marked))(i)?;
    let (i, rep) = opt(repeat)(i)?;
    Ok((i, (first, rest, rep)))
}

/// Parse one step token (no whitespace inside), `base` being its byte offset in the source.
///
/// # Errors
/// A `bad-step` syntax error located on the token or the offending part of it.
pub fn parse_step(token: &str, base: usize) -> Result<StepText, SyntaxError> {
    let span = Span::new(base, token.len());
    let bad = |msg: String, at: Span| {
        SyntaxError::new("bad-step", at, msg)
            .help("write a step as FROM/TO with points 1-24, `bar` or `off`, e.g. `24/18`, `bar/22*`, `6/off`, `8/5(2)`")
    };
    let (rest, (first, more, rep)) = match step_syntax(token) {
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
    let mut path = Vec::with_capacity(1 + more.len());
    for (text, raw, hit) in std::iter::once(first).chain(more) {
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
        path.push((loc, hit, at));
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
