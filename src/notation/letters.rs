//! The board-letter notation of the rules booklet (`rules/notations.md` §1–§2):
//! `W 6/4 = 1A – 7A and 1A – 5A`. Points are named absolutely, as seen from White: `1`–`12`
//! and `1A`–`12A`; the roll is written in the play. [`LetterPlay::play`] turns it into the
//! mover-relative [`Play`] of `24/18 24/20`, and [`write_letters`] prints a [`Play`] back.
//!
//! Grammar rules (see `grammar.md` §9): `letter-play`, `player`, `letter-roll`, `hop-chain`,
//! `group`, `letter-point`, `dash`, `separator`.

use crate::codes::Code;
use std::fmt::Write as _;

use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while1};
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{not, opt, value};
use nom::sequence::{preceded, separated_pair, terminated};
use nom::{IResult, Parser};

use super::document::Column;
use super::lines::abbreviate;
use super::play::{Loc, MAX_PATH, MAX_STEP, Path, Play, StepText};
use super::{Span, SyntaxError};

/// A play written in the board-letter form, such as `W 6/4 = 1A – 7A and 1A – 5A`.
///
/// The hop-chains are kept as written, in absolute point names; [`LetterPlay::play`] gives
/// them in the mover's own numbering.
///
/// ```
/// use tavla::notation::{Column, parse_letter_play};
///
/// let lp = parse_letter_play("W 6/4 = 1A – 7A and 1A – 5A").unwrap();
/// assert_eq!(lp.player.map(|(side, _)| side), Some(Column::Left));
/// assert_eq!(lp.roll.map(|(a, b, _)| (a, b)), Some((6, 4)));
/// assert_eq!(lp.play(Column::Left).to_string(), "24/18 24/20");
/// // The same letters, played by Black: Black's own 1 -> 7 (backwards, for replay to judge).
/// assert_eq!(lp.play(Column::Right).to_string(), "1/7 1/5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LetterPlay {
    /// The PLAYER written first, with its span: `W` and `Б` (белые) are White,
    /// [`Column::Left`]; `B` and `Ч` (чёрные) are Black, [`Column::Right`] (the record's
    /// columns).
    pub player: Option<(Column, Span)>,
    /// The ROLL written before `=`: the two dice in written order and the span of `d/d`.
    pub roll: Option<(u8, u8, Span)>,
    /// The hop-chains in White's own numbering (bar 25, off 0), spans into the letter text.
    white: Play,
    /// The hit reading of the same text where a count meets a hit mark (`4x9-11` as one
    /// checker `4 ×9 – 11`): every ambiguous chain read as a hop with a hit claim.
    hit_reading: Option<Play>,
    /// The chains that read two ways.
    ambiguities: Vec<Ambiguity>,
}

/// A hop-chain that reads two ways (`notations.md` §1 "Ambiguity"): a count glued to `x` and
/// a point, `4x9-11`, is four checkers `9 – 11` or one checker `4 ×9 – 11` hitting on 9.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ambiguity {
    /// The `Nx` (or `N×`) that is a count in one reading and a point and a hit mark in the
    /// other.
    pub group: Span,
    /// The whole hop-chain.
    pub chain: Span,
    /// The chain written unambiguously as a count: `4x 9-11`.
    pub count_form: String,
    /// The chain written unambiguously as a hop with a hit claim: `4 x 9-11`.
    pub hit_form: String,
}

impl LetterPlay {
    /// The play in `mover`'s own numbering ([`Column::Left`] = White, [`Column::Right`] =
    /// Black): the same [`Play`] that [`parse_play`](super::parse_play) gives for the
    /// mover-relative form, with an `x` hit claim as the hit mark of the point after it, a
    /// leading `Nx` as [`StepText::repeat`], and every span pointing into the letter text.
    ///
    /// For White, letter point `p` is own point `p` and `pA` is `25 − p`; for Black, `pA` is
    /// own point `p` and `p` is `25 − p`. The bar is 25 and off 0 for both.
    pub fn play(&self, mover: Column) -> Play {
        in_numbering(&self.white, mover)
    }

    /// The other reading of a play whose chains read two ways ([`LetterPlay::ambiguities`]):
    /// [`LetterPlay::play`] reads each such `Nx` as a count, this reads it as a point with a
    /// hit claim. `None` when no chain is ambiguous.
    ///
    /// ```
    /// use tavla::notation::{Column, parse_letter_play};
    ///
    /// let lp = parse_letter_play("4x9-11").unwrap();
    /// assert_eq!(lp.play(Column::Left).to_string(), "9/11(4)");
    /// assert_eq!(lp.hit_reading(Column::Left).unwrap().to_string(), "4/9*/11");
    /// assert_eq!(lp.ambiguities()[0].hit_form, "4 x 9-11");
    /// assert!(parse_letter_play("4x 9-11").unwrap().hit_reading(Column::Left).is_none());
    /// ```
    pub fn hit_reading(&self, mover: Column) -> Option<Play> {
        self.hit_reading.as_ref().map(|p| in_numbering(p, mover))
    }

    /// The chains that read two ways, in written order (empty for most plays).
    pub fn ambiguities(&self) -> &[Ambiguity] {
        &self.ambiguities
    }
}

/// A play of White's numbering in `mover`'s.
fn in_numbering(white: &Play, mover: Column) -> Play {
    match mover {
        Column::Left => white.clone(),
        Column::Right => Play {
            steps: white.steps.iter().map(mirror).collect(),
        },
    }
}

/// A step of White's numbering in Black's (points `p` -> `25 − p`; bar and off stay).
fn mirror(step: &StepText) -> StepText {
    let mut path = Path::new(step.path.base);
    for (loc, hit, span) in step.path.iter() {
        let loc = match loc {
            Loc::Point(p) => Loc::Point(25 - p),
            other => other,
        };
        path.push(loc, hit, span);
    }
    StepText {
        path,
        repeat: step.repeat,
        span: step.span,
    }
}

/// A point as written: its number (digits, maybe with the letter `A`), the bar or off.
#[derive(Copy, Clone)]
enum RawPoint<'a> {
    /// `1`–`12`: digits without the letter.
    Plain(&'a str),
    /// `1A`–`12A`: the digits before the letter.
    Lettered(&'a str),
    Bar,
    Off,
}

/// `sp ::= whitespace*` (any Unicode whitespace).
fn sp(i: &str) -> IResult<&str, &str> {
    take_while(char::is_whitespace).parse(i)
}

/// `player ::= ("W" | "B" | "Б" | "Ч")` not followed by a letter (so `Bar` is the bar).
fn player(i: &str) -> IResult<&str, Column> {
    terminated(
        alt((
            value(Column::Left, char('W')),
            value(Column::Left, char('Б')),
            value(Column::Right, char('B')),
            value(Column::Right, char('Ч')),
        )),
        not(satisfy(char::is_alphabetic)),
    )
    .parse(i)
}

/// `letter-roll ::= digits "/" digits` (each must be one die 1–6, checked by the caller).
fn letter_roll(i: &str) -> IResult<&str, (&str, &str)> {
    let digits = || take_while1(|c: char| c.is_ascii_digit());
    separated_pair(digits(), char('/'), digits()).parse(i)
}

/// `letter ::= "A" | "a" | "А" | "а"` (Latin or Cyrillic), not followed by another letter
/// than `x` (so the `a` of `7 and` is not a letter: `x` is the hit dash of `1Ax7A`).
fn letter(i: &str) -> IResult<&str, char> {
    terminated(
        one_of("AaАа"),
        not(satisfy(|c: char| c.is_alphabetic() && c != 'x')),
    )
    .parse(i)
}

/// `letter-point ::= digits (sp letter)? | 'bar' | "бар" | "Бар" | "БАР" | 'off'`
fn letter_point(i: &str) -> IResult<&str, RawPoint<'_>> {
    if i.as_bytes().first().is_some_and(u8::is_ascii_digit) {
        let (rest, digits) = take_while1(|c: char| c.is_ascii_digit()).parse(i)?;
        return match opt(preceded(sp, letter)).parse(rest)? {
            (rest, Some(_)) => Ok((rest, RawPoint::Lettered(digits))),
            (_, None) => Ok((rest, RawPoint::Plain(digits))),
        };
    }
    alt((
        value(RawPoint::Bar, tag_no_case("bar")),
        value(RawPoint::Bar, alt((tag("бар"), tag("Бар"), tag("БАР")))),
        value(RawPoint::Off, tag_no_case("off")),
    ))
    .parse(i)
}

/// `dash ::= "-" | "–" | "—" | "x" | "×"`; true for the hit claims `x` and `×`.
fn dash(i: &str) -> IResult<&str, bool> {
    alt((value(false, one_of("-–—")), value(true, one_of("x×")))).parse(i)
}

/// `group ::= [1-4] ("x" | "×")` (the caller checks that a point and a dash follow).
fn group(i: &str) -> IResult<&str, u8> {
    terminated(one_of("1234"), one_of("x×"))
        .map(|d| d as u8 - b'0')
        .parse(i)
}

/// `separator ::= 'and' | "и" | "И" | "," | ";"` (the words not followed by a letter).
fn separator(i: &str) -> IResult<&str, &str> {
    alt((
        tag(","),
        tag(";"),
        terminated(
            alt((tag_no_case("and"), tag("и"), tag("И"))),
            not(satisfy(char::is_alphabetic)),
        ),
    ))
    .parse(i)
}

/// Run `rule` on `text[at..]`: its output and the offset where it stopped.
fn run<'a, O>(
    text: &'a str,
    at: usize,
    mut rule: impl Parser<&'a str, Output = O, Error = nom::error::Error<&'a str>>,
) -> Option<(O, usize)> {
    let (rest, out) = rule.parse(text.get(at..)?).ok()?;
    Some((out, text.len() - rest.len()))
}

/// The offset after the whitespace at `at`.
fn skip_space(text: &str, at: usize) -> usize {
    run(text, at, sp).map_or(at, |(_, end)| end)
}

/// The word at `at`: up to the next whitespace, `,` or `;` (at least one character unless at
/// the end).
fn word_at(text: &str, at: usize) -> Span {
    let rest = text.get(at..).unwrap_or("");
    let mut len = rest
        .find(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .unwrap_or(rest.len());
    if len == 0 {
        len = rest.chars().next().map_or(0, char::len_utf8);
    }
    Span::new(at, len)
}

/// The text of `span`.
fn text_of(text: &str, span: Span) -> &str {
    text.get(span.offset..span.end()).unwrap_or("")
}

/// Where the next separator starts at or after `from` (a word separator only at the start of
/// a word), or the end of the text: where reading resumes after a broken hop-chain.
fn next_separator(text: &str, from: usize) -> usize {
    let mut prev_letter = text
        .get(..from)
        .and_then(|t| t.chars().next_back())
        .is_some_and(char::is_alphabetic);
    for (k, c) in text.get(from..).unwrap_or("").char_indices() {
        if (!prev_letter || c == ',' || c == ';') && run(text, from + k, separator).is_some() {
            return from + k;
        }
        prev_letter = c.is_alphabetic();
    }
    text.len()
}

const CHAIN_HELP: &str = "write a move as points joined by `-` (or `x` for a hit), e.g. `1A-7A`, `12A-9-3`, `2x12A-8-3`, `1Ax7A`; join moves with `and`, `и`, `,` or `;`";
const POINT_HELP: &str = "board-letter points are seen from White: `1`-`12` and `1A`-`12A` (Latin or Cyrillic A, `12 A` too), `bar` and `off`";

fn bad_play(span: Span, message: impl Into<String>) -> SyntaxError {
    SyntaxError::new(Code::BadLetterPlay, span, message).help(CHAIN_HELP)
}

/// White's own point for a written point: `p` -> `p`, `pA` -> `25 − p`, bar 25, off 0.
fn white_own(raw: RawPoint<'_>, span: Span, text: &str) -> Result<Loc, SyntaxError> {
    let number = |digits: &str| digits.parse::<u8>().ok().filter(|n| (1..=12).contains(n));
    let own = match raw {
        RawPoint::Bar => return Ok(Loc::Bar),
        RawPoint::Off => return Ok(Loc::Off),
        RawPoint::Plain(d) => number(d).map(Loc::Point),
        RawPoint::Lettered(d) => number(d).map(|n| Loc::Point(25 - n)),
    };
    own.ok_or_else(|| {
        let written = abbreviate(text_of(text, span));
        let message = match raw {
            RawPoint::Plain(d) if d.bytes().all(|b| b == b'0') => {
                format!("`{written}` is not a point; borne-off checkers go to `off`")
            }
            _ => format!("`{written}` is not a point: points are 1-12 and 1A-12A"),
        };
        SyntaxError::new(Code::BadPoint, span, message).help(POINT_HELP)
    })
}

/// `hop-chain ::= group? letter-point (sp dash sp letter-point)+` at `start` (not at the
/// end, not at a separator): the step and the offset after its last point.
///
/// A leading `Nx` (N = 1–4, the `x` right after the digit) is a group count only when a point
/// and a dash follow it; otherwise it is a point and a hit dash. So `2x1A-7A` moves two
/// checkers 1A -> 7A, while `2x8` (one point after the `x`) and `2 x 8-5` (a space before the
/// `x`) are hops from 2 with a hit claim on 8.
///
/// The second value is the chain's other reading when the count is glued to its `x` and its
/// point (`4x9-11`, `notations.md` §1 "Ambiguity"): the same text read without a group.
fn hop_chain(text: &str, start: usize) -> Result<(StepText, usize, Option<StepText>), SyntaxError> {
    let mut other = None;
    let mut counted = None;
    if let Some((n, after)) = run(text, start, group) {
        let q = skip_space(text, after);
        if let Some((_, end)) = run(text, q, letter_point)
            && run(text, skip_space(text, end), dash).is_some()
        {
            counted = Some((n, q));
            if q == after {
                // Glued: `4x9-11` also reads as the point 4, a hit dash, 9 and 11.
                other = chain_points(text, start, 1, start)
                    .ok()
                    .map(|(step, _)| step);
            }
        }
    }
    let (repeat, p) = counted.unwrap_or((1, start));
    let (step, end) = chain_points(text, start, repeat, p)?;
    Ok((step, end, other))
}

/// The points of a hop-chain that starts at `start` (its span) and whose first point is at
/// `p`, moved `repeat` times.
fn chain_points(
    text: &str,
    start: usize,
    repeat: u8,
    mut p: usize,
) -> Result<(StepText, usize), SyntaxError> {
    let mut path = Path::new(start);
    let mut hit = false;
    let mut last_dash: Option<Span> = None;
    loop {
        let Some((raw, end)) = run(text, p, letter_point) else {
            return Err(match last_dash {
                Some(d) if p >= text.len() || run(text, p, separator).is_some() => {
                    let shown = text_of(text, d);
                    bad_play(d, format!("`{shown}` is not followed by a point"))
                }
                Some(_) => {
                    let w = word_at(text, p);
                    let shown = abbreviate(text_of(text, w));
                    SyntaxError::new(Code::BadPoint, w, format!("`{shown}` is not a point"))
                        .help(POINT_HELP)
                }
                None => {
                    let w = word_at(text, p);
                    let shown = abbreviate(text_of(text, w));
                    bad_play(w, format!("`{shown}` is not a move in board letters"))
                }
            });
        };
        let span = Span::new(p, end - p);
        let loc = white_own(raw, span, text)?;
        if end - start > MAX_STEP {
            return Err(bad_play(
                Span::new(start, end - start),
                format!("a hop-chain of more than {MAX_STEP} bytes"),
            ));
        }
        if !path.push(loc, hit, span) {
            return Err(bad_play(
                Span::new(start, end - start),
                format!(
                    "this hop-chain passes through more than {MAX_PATH} points: a checker uses at most four dice"
                ),
            ));
        }
        p = end;
        let q = skip_space(text, p);
        let Some((h, after)) = run(text, q, dash) else {
            break;
        };
        hit = h;
        last_dash = Some(Span::new(q, after - q));
        p = skip_space(text, after);
    }
    if path.len() < 2 {
        let span = Span::new(start, p - start);
        let shown = abbreviate(text_of(text, span));
        return Err(bad_play(
            span,
            format!("`{shown}` is a single point: a hop-chain joins two or more points"),
        ));
    }
    let span = Span::new(start, p - start);
    Ok((StepText { path, repeat, span }, p))
}

/// Parse a play in the board-letter form:
///
/// ```text
/// [PLAYER] [ROLL =] HOP-CHAIN { SEP HOP-CHAIN }
/// ```
///
/// with PLAYER `W`/`Б` (White) or `B`/`Ч` (Black), ROLL `d/d`, hop-chains `[Nx] POINT
/// {DASH POINT}` over the points `1`–`12`, `1A`–`12A` (`12 A`, Cyrillic `А`), `bar` and
/// `off`, dashes `-` `–` `—` and the hit claims `x` `×`, separators `and`, `и`, `,`, `;`.
/// See `grammar.md` §9.
///
/// ```
/// use tavla::notation::{Column, parse_letter_play};
///
/// let lp = parse_letter_play("6/6 = 2x1A-7A and 2x12A-7").unwrap();
/// assert_eq!(lp.play(Column::Left).to_string(), "24/18(2) 13/7(2)");
/// ```
///
/// # Errors
/// Every problem found, each located in `text`: `bad-letter-play` (a missing `=`, a dash
/// with no point after it, an empty or one-point hop-chain, unexpected text), `bad-point`
/// (`13A`, `0`), `bad-dice` (a roll that is not two dice 1–6).
pub fn parse_letter_play(text: &str) -> Result<LetterPlay, Vec<SyntaxError>> {
    let mut errors = Vec::new();
    let mut at = skip_space(text, 0);
    // What was read last before the hop-chains, for an error when none follows.
    let mut last = Span::new(at, 0);

    let mut player_side = None;
    if let Some((side, end)) = run(text, at, player) {
        last = Span::new(at, end - at);
        player_side = Some((side, last));
        at = skip_space(text, end);
    }

    let mut roll = None;
    if let Some(((a, b), end)) = run(text, at, letter_roll) {
        let span = Span::new(at, end - at);
        last = span;
        let die = |d: &str| match d.as_bytes() {
            [c @ b'1'..=b'6'] => Some(c - b'0'),
            _ => None,
        };
        let good = match (die(a), die(b)) {
            (Some(a), Some(b)) => {
                roll = Some((a, b, span));
                true
            }
            _ => {
                let shown = abbreviate(text_of(text, span));
                errors.push(
                    SyntaxError::new(Code::BadDice, span, format!("`{shown}` is not a roll of two dice"))
                        .help("a roll is two dice 1-6 and `=`, e.g. `6/4 = 1A-7A`; hops are joined with `-`, not `/`"),
                );
                false
            }
        };
        at = skip_space(text, end);
        match run(text, at, char('=')) {
            Some((_, end)) => {
                last = Span::new(at, end - at);
                at = skip_space(text, end);
            }
            None if good => errors.push(
                bad_play(span, format!("the roll `{a}/{b}` must be followed by `=`"))
                    .help("write the roll, `=`, then the hop-chains, e.g. `6/4 = 1A-7A and 1A-5A`"),
            ),
            None => {}
        }
    } else if let Some((_, end)) = run(text, at, char('=')) {
        last = Span::new(at, end - at);
        errors.push(
            bad_play(last, "`=` without a roll before it")
                .help("write the roll before `=`, e.g. `6/4 = 1A-7A`, or leave both out"),
        );
        at = skip_space(text, end);
    }

    let mut steps = Vec::new();
    // The hit reading's chains, and the chains that read two ways.
    let mut hit_steps = Vec::new();
    let mut ambiguities = Vec::new();
    // The separator before the hop-chain about to be read.
    let mut sep_before: Option<Span> = None;
    loop {
        // A hop-chain starts at `at` (whitespace skipped).
        if at >= text.len() {
            match sep_before {
                Some(s) => {
                    let shown = text_of(text, s);
                    errors.push(bad_play(
                        s,
                        format!("`{shown}` is not followed by a hop-chain"),
                    ));
                }
                None if errors.is_empty() => errors.push(bad_play(
                    last,
                    "no hop-chain: a play moves at least one checker, e.g. `1A-7A`",
                )),
                None => {}
            }
            break;
        }
        if let Some((_, end)) = run(text, at, separator) {
            let s = Span::new(at, end - at);
            let shown = text_of(text, s);
            errors.push(bad_play(s, format!("`{shown}` has no hop-chain before it")));
        } else {
            match hop_chain(text, at) {
                Ok((step, end, other)) => {
                    if let Some(other) = other {
                        ambiguities.push(ambiguity(text, &step));
                        hit_steps.push(other);
                    } else {
                        hit_steps.push(step.clone());
                    }
                    steps.push(step);
                    at = skip_space(text, end);
                }
                Err(e) => {
                    errors.push(e);
                    at = next_separator(text, at);
                }
            }
            if at >= text.len() {
                break;
            }
            if run(text, at, separator).is_none() {
                let w = word_at(text, at);
                let shown = abbreviate(text_of(text, w));
                errors.push(if shown.starts_with('*') {
                    bad_play(w, "`*` does not mark a hit in this form")
                        .help("claim a hit with `x` before the point hit, e.g. `1Ax7A`")
                } else {
                    bad_play(
                        w,
                        format!("unexpected `{shown}` after a hop-chain: chains are joined by `and`, `и`, `,` or `;`"),
                    )
                });
                at = next_separator(text, w.end());
                if at >= text.len() {
                    break;
                }
            }
        }
        // At a separator.
        let Some((_, end)) = run(text, at, separator) else {
            break;
        };
        sep_before = Some(Span::new(at, end - at));
        at = skip_space(text, end);
    }

    if errors.is_empty() {
        Ok(LetterPlay {
            player: player_side,
            roll,
            white: Play { steps },
            hit_reading: (!ambiguities.is_empty()).then_some(Play { steps: hit_steps }),
            ambiguities,
        })
    } else {
        Err(errors)
    }
}

/// The ambiguity of a chain read as `count` (with its group): the spans and both unambiguous
/// spellings.
fn ambiguity(text: &str, count: &StepText) -> Ambiguity {
    // The count reading's first point starts right after `Nx`.
    let first = count.path.iter().next().map_or(count.span, |(_, _, s)| s);
    let group = Span::new(count.span.offset, first.offset - count.span.offset);
    let chain_text = text_of(text, count.span);
    let (nx, rest) = chain_text.split_at(group.len.min(chain_text.len()));
    let digit = &nx[..1];
    let mark = &nx[1..];
    Ambiguity {
        group,
        chain: count.span,
        count_form: format!("{nx} {rest}"),
        hit_form: format!("{digit} {mark} {rest}"),
    }
}

/// An own point of `mover` (0 off, 1–24, 25 and above the bar) in the board-letter form:
/// for White `p` if `p ≤ 12`, else `(25 − p)A`; for Black `qA` if `q ≤ 12`, else `25 − q`.
///
/// ```
/// use tavla::notation::{Column, write_point};
///
/// assert_eq!(write_point(13, Column::Left), "12A");
/// assert_eq!(write_point(6, Column::Left), "6");
/// assert_eq!(write_point(6, Column::Right), "6A");
/// assert_eq!(write_point(25, Column::Right), "bar");
/// ```
pub fn write_point(own: u8, mover: Column) -> String {
    match (Loc::from_index(own), mover) {
        (Loc::Off, _) => "off".to_string(),
        (Loc::Bar, _) => "bar".to_string(),
        (Loc::Point(p), Column::Left) if p <= 12 => p.to_string(),
        (Loc::Point(p), Column::Left) => format!("{}A", 25 - p),
        (Loc::Point(q), Column::Right) if q <= 12 => format!("{q}A"),
        (Loc::Point(q), Column::Right) => (25 - q).to_string(),
    }
}

/// A mover-relative play (`mover`'s own numbering) in the board-letter form: `d/d = ` first
/// when a roll is given, then each step as `[Nx ]P-P-P` (`Nx ` for a repeat above 1, spaced
/// from its point so that it cannot read as a hop with a hit claim, `x`
/// before a point with a hit mark), the steps joined by ` and `. With `typographic`, the
/// dashes are spaced en dashes and the hit claims spaced: `1A – 4A x 7A`.
///
/// [`parse_letter_play`] reads the result back to the same hops for the same mover, with two
/// limits: a hit mark on a step's first point cannot be written (it is left out), and a
/// repeat above 4 is not read back as a group. When a chain without a group starts at a plain
/// `1`–`4` and hits on its second of three or more points, the `x` is spaced (`4 x 2-1`), as
/// `4x2-1` would read as four checkers 2 -> 1.
///
/// ```
/// use tavla::notation::{Column, parse_play, write_letters};
///
/// let play = parse_play("24/18 24/20").unwrap();
/// assert_eq!(
///     write_letters(&play, Column::Left, Some((6, 4)), true),
///     "6/4 = 1A – 7A and 1A – 5A"
/// );
/// let play = parse_play("13/8/3(2) 6/1*").unwrap();
/// assert_eq!(write_letters(&play, Column::Left, None, false), "2x 12A-8-3 and 6x1");
/// ```
pub fn write_letters(
    play: &Play,
    mover: Column,
    roll: Option<(u8, u8)>,
    typographic: bool,
) -> String {
    let mut out = String::new();
    if let Some((a, b)) = roll {
        // Writing to a String cannot fail.
        let _ = write!(out, "{a}/{b} = ");
    }
    for (k, step) in play.steps.iter().enumerate() {
        if k > 0 {
            out.push_str(" and ");
        }
        if step.repeat > 1 {
            // A space after the count: `2x1A-7A` would also read as a hop from 2 hitting on 1A.
            let _ = write!(out, "{}x ", step.repeat);
        }
        let points = step.path.len();
        let mut first_plain_small = false;
        for (j, (loc, hit, _)) in step.path.iter().enumerate() {
            let name = write_point(loc.index(), mover);
            if j == 0 {
                first_plain_small = matches!(name.as_str(), "1" | "2" | "3" | "4");
            } else if hit {
                let spaced =
                    typographic || (j == 1 && step.repeat <= 1 && first_plain_small && points > 2);
                out.push_str(if spaced { " x " } else { "x" });
            } else {
                out.push_str(if typographic { " – " } else { "-" });
            }
            out.push_str(&name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn white(text: &str) -> String {
        match parse_letter_play(text) {
            Ok(lp) => lp.play(Column::Left).to_string(),
            Err(e) => panic!("{text:?}: {e:?}"),
        }
    }

    #[test]
    fn a_group_count_needs_a_point_and_a_dash_after_it() {
        assert_eq!(white("2x1A-7A"), "24/18(2)");
        assert_eq!(white("2x 1A-7A"), "24/18(2)");
        assert_eq!(white("4×2-1"), "2/1(4)");
        assert_eq!(white("2x8"), "2/8*");
        assert_eq!(white("2 x 8-5"), "2/8*/5");
        assert_eq!(white("5x3-1"), "5/3*/1");
        assert_eq!(white("1Ax7A"), "24/18*");
        assert_eq!(white("2x4x2-1"), "4/2*/1(2)");
    }

    #[test]
    fn a_count_glued_to_its_point_reads_two_ways() {
        let lp = parse_letter_play("B 5/2 = 4x9-11").unwrap();
        assert_eq!(lp.play(Column::Left).to_string(), "9/11(4)");
        assert_eq!(
            lp.hit_reading(Column::Left).map(|p| p.to_string()),
            Some("4/9*/11".to_string())
        );
        let a = &lp.ambiguities()[0];
        assert_eq!((a.group, a.chain), (Span::new(8, 2), Span::new(8, 6)));
        assert_eq!(
            (a.count_form.as_str(), a.hit_form.as_str()),
            ("4x 9-11", "4 x 9-11")
        );
        // Only the ambiguous chain changes; `×` too.
        let lp = parse_letter_play("1A-5A and 4×9-11").unwrap();
        assert_eq!(
            lp.hit_reading(Column::Left).map(|p| p.to_string()),
            Some("24/20 4/9*/11".to_string())
        );
        assert_eq!(lp.ambiguities()[0].hit_form, "4 × 9-11");
        // The unambiguous spellings, a count above 4, a group with one point after it.
        for t in [
            "4x 9-11", "4 x 9-11", "4 x9-11", "5x9-11", "2x8", "1A-7A", "2x 1A-7A",
        ] {
            let lp = parse_letter_play(t).unwrap();
            assert!(
                lp.ambiguities().is_empty() && lp.hit_reading(Column::Left).is_none(),
                "{t}"
            );
        }
        // A hit reading with too many points is no reading.
        let lp = parse_letter_play("2x1-2-3-4-5").unwrap();
        assert!(lp.hit_reading(Column::Left).is_none());
    }

    #[test]
    fn a_spaced_letter_belongs_to_the_point_but_not_the_a_of_and() {
        assert_eq!(white("12 A-9"), "13/9");
        assert_eq!(white("12A-7 and 12 a-9"), "13/7 13/9");
        assert_eq!(white("8-7a and 6-5"), "8/18 6/5");
        assert_eq!(white("8-7and 6-5"), "8/7 6/5");
    }

    #[test]
    fn the_separator_search_resumes_after_a_broken_chain() {
        let e = parse_letter_play("1A-13A and 1A-5A, 1A-").unwrap_err();
        let codes: Vec<_> = e.iter().map(|e| (e.code, e.span)).collect();
        assert_eq!(
            codes,
            [
                (Code::BadPoint, Span::new(3, 3)),
                (Code::BadLetterPlay, Span::new(20, 1))
            ]
        );
        assert_eq!(next_separator("band, x", 0), 4);
        assert_eq!(next_separator("x and", 1), 2);
        assert_eq!(next_separator("xy", 1), 2);
    }

    #[test]
    fn a_hit_that_would_read_as_a_group_is_written_spaced() {
        let play = super::super::parse_play("4/2*/1 4/2* 4/2*/1(2) 6/4*/2").unwrap();
        let text = write_letters(&play, Column::Left, None, false);
        assert_eq!(text, "4 x 2-1 and 4x2 and 2x 4x2-1 and 6x4-2");
        assert_eq!(white(&text), "4/2*/1 4/2* 4/2*/1(2) 6/4*/2");
    }

    #[test]
    fn write_point_maps_both_sides() {
        let cases = [
            (1, "1", "1A"),
            (12, "12", "12A"),
            (13, "12A", "12"),
            (24, "1A", "1"),
            (0, "off", "off"),
            (25, "bar", "bar"),
            (200, "bar", "bar"),
        ];
        for (own, w, b) in cases {
            assert_eq!(write_point(own, Column::Left), w, "{own}");
            assert_eq!(write_point(own, Column::Right), b, "{own}");
        }
    }

    fn any_play() -> impl Strategy<Value = Play> {
        let step = (
            prop::collection::vec((0u8..=25, any::<bool>()), 2..=MAX_PATH),
            1u8..=4,
        )
            .prop_map(|(points, repeat)| {
                let mut path = Path::new(0);
                for (k, (own, hit)) in points.into_iter().enumerate() {
                    // A hit mark on a step's first point has no letter form.
                    path.push(Loc::from_index(own), hit && k > 0, Span::new(k, 1));
                }
                StepText {
                    path,
                    repeat,
                    span: Span::default(),
                }
            });
        prop::collection::vec(step, 1..5).prop_map(|steps| Play { steps })
    }

    proptest! {
        /// Any well-formed play, printed in the board-letter form and read back, has the same
        /// hops and repeats, for both movers, with or without the roll, in either style.
        #[test]
        fn write_letters_round_trips(
            play in any_play(),
            black in any::<bool>(),
            roll in prop::option::of((1u8..=6, 1u8..=6)),
            typographic in any::<bool>(),
        ) {
            let mover = if black { Column::Right } else { Column::Left };
            let text = write_letters(&play, mover, roll, typographic);
            let back = parse_letter_play(&text)
                .unwrap_or_else(|e| panic!("{text:?} does not parse: {e:?}"));
            prop_assert_eq!(back.roll.map(|(a, b, _)| (a, b)), roll, "{}", text);
            let again = back.play(mover);
            prop_assert_eq!(again.steps.len(), play.steps.len(), "{}", text);
            for (a, b) in play.steps.iter().zip(&again.steps) {
                prop_assert_eq!(a.hops(), b.hops(), "{}", text);
                prop_assert_eq!(a.repeat, b.repeat, "{}", text);
            }
        }

        /// Any text: errors or a play, never a panic; every span lies inside the text on
        /// character boundaries.
        #[test]
        fn never_panics_and_spans_stay_inside(
            text in "[WBБЧ 0-9/=AaАаxX×\\-–—,;иИandbroffБарOfF\u{212a}\u{130}\t]{0,40}|\\PC{0,30}",
        ) {
            let inside = |s: Span| {
                s.end() <= text.len()
                    && text.is_char_boundary(s.offset)
                    && text.is_char_boundary(s.end())
            };
            match parse_letter_play(&text) {
                Ok(lp) => {
                    for mover in [Column::Left, Column::Right] {
                        for step in lp.play(mover).steps {
                            prop_assert!(inside(step.span));
                            for (_, _, s) in step.path.iter() {
                                prop_assert!(inside(s));
                            }
                        }
                    }
                    if let Some((_, _, s)) = lp.roll {
                        prop_assert!(inside(s));
                    }
                }
                Err(errors) => {
                    prop_assert!(!errors.is_empty());
                    for e in errors {
                        prop_assert!(inside(e.span), "{:?} in {:?}", e, text);
                        prop_assert!(e.help.is_some());
                    }
                }
            }
        }
    }
}
