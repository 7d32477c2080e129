//! Single plays against a position, as `tavla check` and `tavla legal` answer them (and the
//! Python package): a [`Board`] (a position with its rules, side and dice), a play in either
//! notation read against it ([`read_play`]) and judged ([`judge`]), and the distinct legal
//! plays in both notations with their resulting positions ([`legal`]).
//!
//! ```
//! use tavla::report::single::{Board, judge, legal, read_play};
//! use tavla::{RuleSet, Roll, Variant};
//!
//! let b = Board::new(RuleSet::default_for(Variant::Backgammon), "start", None, Some(Roll { a: 6, b: 4 })).unwrap();
//! assert_eq!(legal(&b, false).unwrap().plays.len(), 14);
//! let v = judge(&b, &read_play(&b, "24/18 13/9").unwrap());
//! assert!(v.legal);
//! assert_eq!(v.doc["letters"], "6/4 = 1A-7A and 12A-9");
//! ```

use std::fmt;

use serde_json::{Value, json};

use crate::codes::Code;
use crate::ids::{self, MatchContext, PositionError, PositionFormat, PositionSpec};
use crate::notation::{
    Ambiguity, Column, LetterPlay, Play, Span, SyntaxError, parse_letter_play, parse_play,
    write_letters,
};
use crate::replay::referee::{
    CheckedPlay, HitClaim, Problem, Reading, check_play, check_readings, nearest_plays,
    written_segments,
};
use crate::replay::{Finding, PlayContext, Severity, problem_finding, render_steps};
use crate::report::json::position_json;
use crate::rules::{Position, Roll, RuleSet, Side, StageDice, Step};

/// The position, side and dice every play is checked against.
#[derive(Clone, Debug)]
pub struct Board {
    /// The rules plays are judged by.
    pub rules: RuleSet,
    /// The position as read.
    pub spec: PositionSpec,
    /// The position as given (read again for a bare Position ID and another side).
    pub position_text: String,
    /// The side a bare Position ID was laid out for.
    pub assumed: Side,
    /// The side to move, when given.
    pub side: Option<Side>,
    /// The dice, when given.
    pub roll: Option<Roll>,
}

/// Why a [`Board`] cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The position cannot be read.
    Position(PositionError),
    /// The side given is not the position's player on roll.
    Side {
        /// The side given.
        given: Side,
        /// The position's player on roll.
        on_roll: Side,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Position(e) => write!(f, "{e}"),
            BoardError::Side { given, on_roll } => write!(
                f,
                "--side {} contradicts the position, where {} is on roll",
                side_name(*given).to_lowercase(),
                side_name(*on_roll)
            ),
        }
    }
}

impl std::error::Error for BoardError {}

fn side_name(s: Side) -> &'static str {
    match s {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Dice written as `64`, `6-4`, `6/4` or `6 4`.
///
/// # Errors
///
/// Anything but two dice from 1 to 6.
pub fn parse_roll(s: &str) -> Result<Roll, String> {
    let d: Vec<u8> = s
        .chars()
        .filter(|c| !matches!(c, '-' | '/' | ' '))
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<Vec<u8>>>()
        .ok_or_else(|| format!("--roll `{s}`: write two dice, e.g. 64"))?;
    match d.as_slice() {
        [a, b] if (1..=6).contains(a) && (1..=6).contains(b) => Ok(Roll { a: *a, b: *b }),
        _ => Err(format!("--roll `{s}`: write two dice from 1 to 6, e.g. 64")),
    }
}

impl Board {
    /// The position `text` (`start`, a Position ID, `PositionID:MatchID`, an XGID, an OGID or
    /// the JSON position) under `rules`, with the side to move and the dice when given.
    ///
    /// # Errors
    ///
    /// The position cannot be read, or `side` is not its player on roll.
    pub fn new(
        rules: RuleSet,
        text: &str,
        side: Option<Side>,
        roll: Option<Roll>,
    ) -> Result<Board, BoardError> {
        let text = text.trim();
        let spec = ids::parse_position_as(
            text,
            rules.variant(),
            rules.start(),
            side.unwrap_or(Side::White),
        )
        .map_err(BoardError::Position)?;
        if let (Some(given), Some(on_roll)) = (side, spec.on_roll)
            && given != on_roll
        {
            return Err(BoardError::Side { given, on_roll });
        }
        Ok(Board {
            rules,
            spec,
            position_text: text.to_string(),
            assumed: side.unwrap_or(Side::White),
            side,
            roll,
        })
    }

    /// Cube and score as the position gave them (money play with a centred cube otherwise).
    pub fn context(&self) -> MatchContext {
        self.spec.context.unwrap_or_default()
    }
}

/// A written play in either notation, with what it says about the mover and the dice.
#[derive(Clone, Debug)]
pub struct Written {
    /// The play as given.
    pub text: String,
    /// The play, in the mover's own numbering.
    pub play: Play,
    /// The other reading of a letter play whose count meets a hit mark (`4x9-11`), with the
    /// chains that read two ways.
    pub hit_reading: Option<(Play, Vec<Ambiguity>)>,
    /// The mover.
    pub side: Side,
    /// The dice.
    pub roll: Roll,
    /// The position the play starts from.
    pub position: Position,
}

/// Is `text` in the board-letter form (`6/4 = 1A-7A …`, `1A-7A and 1A-5A`)? Every play of the
/// mover-relative form has a `/` and neither `=` nor a lettered point (`7A`).
fn is_letters(text: &str) -> bool {
    let lettered = text.char_indices().any(|(i, c)| {
        matches!(c, 'A' | 'a' | 'А' | 'а')
            && text[..i].trim_end().ends_with(|d: char| d.is_ascii_digit())
    });
    if text.contains('=') || lettered || text.contains('/') {
        return !text.contains('/') || text.contains('=') || lettered;
    }
    // Neither form's marks: points joined by `-` (`13-7 13-8`, `bar-22*`) are the
    // mover-relative form with dashes (see [`dash_points`]); a text with a word other than
    // `bar`/`off` (`and`, `и`, a player's letter) is read as letters; anything else (`garbage`)
    // by the mover-relative grammar, whose error explains how a step is written.
    dash_points(text).is_none() && has_letter_words(text)
}

/// A text with words beyond the points (`and`, `и`, `W`): only the board-letter form has them.
fn has_letter_words(text: &str) -> bool {
    let rest = strip_bar_off(text);
    rest.contains('-') && rest.chars().any(char::is_alphabetic)
}

/// `text` with the words `bar` and `off` (any case) blanked out.
fn strip_bar_off(text: &str) -> String {
    let lower = text.to_ascii_lowercase();
    lower.replace("bar", "   ").replace("off", "   ")
}

/// The mover-relative form written with dashes (`13-7 13-8`, `bar-22*`, `6-off`): with no
/// letter, `=` or `/`, only points, `bar`, `off`, `*`, counts in parentheses and dashes; the
/// text with `/` for each dash (the same length, so spans are kept).
fn dash_points(text: &str) -> Option<String> {
    let plain = strip_bar_off(text);
    let only_points = plain
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '-' | '*' | '(' | ')' | ' ' | '\t'));
    (only_points && plain.contains('-') && plain.chars().any(|c| c.is_ascii_digit()))
        .then(|| text.replace('-', "/"))
}

/// A written pass: `no move` or `Cannot Move`, alone or after the letter form's
/// `[PLAYER] d/d =`. The prefix, if any, is returned for the letter parser.
fn pass_prefix(text: &str) -> Option<&str> {
    let t = text.trim_end();
    let lower = t.to_lowercase();
    let head_len = ["no move", "cannot move"]
        .iter()
        .find(|w| lower.ends_with(*w))
        .map(|w| t.len() - w.len())?;
    // `to_lowercase` keeps these ASCII words' byte lengths, so `head_len` is a boundary in `t`.
    let head = t.get(..head_len)?.trim_end();
    (head.is_empty() || head.ends_with('=')).then_some(head)
}

/// What a letter play's prefix says: the player and the roll.
type Prefix = (Option<Side>, Option<Roll>);

fn letter_prefix(lp: &LetterPlay) -> Prefix {
    (
        lp.player.map(|(c, _)| super::column_side(c)),
        lp.roll.map(|(a, d, _)| Roll { a, b: d }),
    )
}

/// Why a play cannot be judged: `Ok(findings)` for a play that cannot be read (the syntax
/// errors as findings located on the play), `Err(message)` for a usage error (a side or roll
/// that contradicts the arguments or the position, no roll at all).
pub type ReadPlayError = Result<Vec<Finding>, String>;

/// Read one play in either notation against the board: who moves (the play's own `W`/`B`,
/// else the board's side, else the position's player on roll, else White), with which dice
/// (the play's own `d/d =`, else the board's, else the position's) and from which position.
///
/// # Errors
///
/// See [`ReadPlayError`].
pub fn read_play(b: &Board, text: &str) -> Result<Written, ReadPlayError> {
    let syntax = |errs: Vec<SyntaxError>| Ok(errs.iter().map(Finding::from_syntax).collect());
    // The play in White's numbering when it is in letters (they name the board as White sees
    // it), else in the mover's own numbering.
    let mut hit_reading = None;
    let (play, letters, (own_side, own_roll)) = if let Some(head) = pass_prefix(text) {
        let prefix = if head.is_empty() {
            (None, None)
        } else {
            // `W 6/4 =` with a dummy chain, only to read the prefix.
            let probe = format!("{head} 1-2");
            letter_prefix(&parse_letter_play(&probe).map_err(syntax)?)
        };
        (Play::default(), false, prefix)
    } else if is_letters(text) {
        let lp = parse_letter_play(text).map_err(syntax)?;
        hit_reading = lp
            .hit_reading(Column::Left)
            .map(|p| (p, lp.ambiguities().to_vec()));
        (lp.play(Column::Left), true, letter_prefix(&lp))
    } else {
        let text = dash_points(text).unwrap_or_else(|| text.to_string());
        (parse_play(&text).map_err(syntax)?, false, (None, None))
    };
    if let Some(own) = own_side {
        if let Some(arg) = b.side
            && arg != own
        {
            return Err(Err(format!(
                "`{text}` is written as {}'s play, but --side says {}",
                side_name(own),
                side_name(arg).to_lowercase()
            )));
        }
        if let Some(on) = b.spec.on_roll
            && on != own
        {
            return Err(Err(format!(
                "`{text}` is written as {}'s play, but the position has {} on roll",
                side_name(own),
                side_name(on)
            )));
        }
    }
    let side = own_side
        .or(b.side)
        .or(b.spec.on_roll)
        .unwrap_or(Side::White);
    // Black's own points through the game's own mapping of the two numberings.
    let own = |play: Play| {
        if letters && side == Side::Black {
            play.map_points(|p| b.rules.opposite(p))
        } else {
            play
        }
    };
    let play = own(play);
    let hit_reading = hit_reading.map(|(p, a)| (own(p), a));
    let same = |x: Roll, y: Roll| x.high() == y.high() && x.low() == y.low();
    let given = [(b.roll, "--roll"), (b.spec.dice, "the position's dice")];
    for (arg, by) in given {
        if let (Some(own), Some(arg)) = (own_roll, arg)
            && !same(own, arg)
        {
            return Err(Err(format!(
                "`{text}` is written with the roll {own}, but {by} says {arg}"
            )));
        }
    }
    if let (Some(arg), Some(pos)) = (b.roll, b.spec.dice)
        && !same(arg, pos)
    {
        return Err(Err(format!(
            "--roll {arg} contradicts the position's dice {pos}"
        )));
    }
    let roll = own_roll.or(b.roll).or(b.spec.dice).ok_or_else(|| {
        Err(format!(
            "`{text}`: no roll; give --roll DD (or write the play as `d/d = …`)"
        ))
    })?;
    // A bare Position ID is laid out for the side on roll: read it again for the play's side.
    let spec = if b.spec.format == PositionFormat::PositionId && side != b.assumed {
        ids::parse_position_as(&b.position_text, b.rules.variant(), b.rules.start(), side)
            .map_err(|e| Err(format!("--position: {e}")))?
    } else {
        b.spec
    };
    Ok(Written {
        text: text.to_string(),
        play,
        hit_reading,
        side,
        roll,
        position: spec.position,
    })
}

/// A play's steps in both notations: mover-relative (`24/18 13/9`) and board letters
/// (`6/4 = 1A-7A and 12A-9`; Black's prefixed `B`), typographic dashes when asked.
pub fn both_notations(
    rules: &RuleSet,
    steps: &[Step],
    side: Side,
    roll: Roll,
    typographic: bool,
) -> (String, String) {
    let standard = render_steps(steps);
    let letters = match parse_play(&standard) {
        Ok(p) if !steps.is_empty() => {
            // In White's numbering, which the letters name.
            let white = match side {
                Side::White => p,
                Side::Black => p.map_points(|q| rules.opposite(q)),
            };
            write_letters(
                &white,
                Column::Left,
                Some((roll.high(), roll.low())),
                typographic,
            )
        }
        _ => format!("{}/{} = no move", roll.high(), roll.low()),
    };
    // White's plays are written bare, as in the rule books; Black's say whose they are.
    let letters = match side {
        Side::White => letters,
        Side::Black => format!("B {letters}"),
    };
    (standard, letters)
}

/// The position's identifiers: Position ID, XGID and OGID for the backgammon family (after
/// the play the other side is on roll; the OGID says the other side played last, move 0), the
/// JSON position for every game.
pub fn position_ids(rules: &RuleSet, pos: &Position, on_roll: Side, ctx: &MatchContext) -> Value {
    let mut v = json!({ "json": position_json(pos, rules.opposite_fn()) });
    if rules.backgammon_board() && ids::validate(pos, rules.variant()).is_ok() {
        v["position_id"] = json!(ids::gnubg::position_id(pos, on_roll));
        v["xgid"] = json!(ids::xgid::xgid(pos, on_roll, None, ctx));
        v["ogid"] = json!(ids::ogid::ogid(pos, on_roll, None, ctx));
    }
    v
}

/// The verdict on one play, as printed and as JSON.
#[derive(Clone, Debug)]
pub struct PlayVerdict {
    /// Whether the play is legal.
    pub legal: bool,
    /// The problem of an illegal play, or the warnings on a legal one (hit claims), located
    /// on the play's text.
    pub findings: Vec<Finding>,
    /// The verdict as the JSON of `tavla check --format json`: `play`, `side`, `roll`,
    /// `legal`, `legal_plays` (how many), and `standard`, `letters`, `steps`, `result` for a
    /// legal play or `nearest` (the three nearest legal plays) for an illegal one.
    pub doc: Value,
}

/// The finding on a letter play that reads two ways: a note naming the reading not taken, or
/// (both legal) a warning asking to disambiguate.
fn reading_finding(text: &str, ambiguities: &[Ambiguity], taken: Reading, both: bool) -> Finding {
    let first = &ambiguities[0];
    let written = first
        .chain
        .offset
        .checked_add(first.chain.len)
        .and_then(|end| text.get(first.chain.offset..end))
        .unwrap_or("");
    let count = format!(
        "`{}` ({} checkers)",
        first.count_form,
        &first.count_form[..1]
    );
    let hit = format!(
        "`{}` (one checker, hitting on the second point)",
        first.hit_form
    );
    let help = format!(
        "write `{}` (one checker, hitting) or `{}` ({} checkers): a count glued to `x` and a point reads both ways",
        first.hit_form,
        first.count_form,
        &first.count_form[..1]
    );
    let (taken_form, other_form) = match taken {
        Reading::Count => (&count, &hit),
        Reading::Hit => (&hit, &count),
    };
    if both {
        Finding::warning(
            Code::AmbiguousLetters,
            first.group,
            format!(
                "`{written}` reads as {count} or as {hit}, and both are legal here; judged as {taken_form}"
            ),
        )
        .label("a count or a point with a hit mark")
        .help(help)
    } else {
        Finding {
            severity: Severity::Advice,
            ..Finding::warning(
                Code::AmbiguousLetters,
                first.group,
                format!(
                    "`{written}` is read as {taken_form}; the other reading, {other_form}, is not legal here"
                ),
            )
        }
        .label("read both ways")
        .help(help)
    }
}

/// Judge a play read by [`read_play`] through the referee.
pub fn judge(b: &Board, w: &Written) -> PlayVerdict {
    let dice: StageDice = w.roll.stage();
    let pos = &w.position;
    let set = b.rules.legal_plays(pos, w.side, dice);
    // A letter play that reads two ways is judged in the reading `notations.md` decides.
    let (verdict, play, reading): (Result<CheckedPlay, Box<Problem>>, &Play, Option<Finding>) =
        match &w.hit_reading {
            None => (
                check_play(&b.rules, pos, w.side, dice, &w.play),
                &w.play,
                None,
            ),
            Some((hit, ambiguities)) => {
                let r = check_readings(&b.rules, pos, w.side, dice, &w.play, hit);
                let play = match r.reading {
                    Reading::Count => &w.play,
                    Reading::Hit => hit,
                };
                let f = reading_finding(&w.text, ambiguities, r.reading, r.both_legal);
                (r.verdict, play, Some(f))
            }
        };
    match verdict {
        Ok(c) => {
            let (standard, letters) = both_notations(&b.rules, &c.steps, w.side, w.roll, false);
            let findings: Vec<Finding> = c
                .hit_claims
                .iter()
                .map(|h| match *h {
                    HitClaim::NoBlot { point, span } => Finding::warning(
                        Code::HitClaim,
                        span,
                        format!("the play claims a hit on point {point}, but no blot is hit there"),
                    )
                    .label("no blot here")
                    .help("remove the hit mark (`*` or `x`): the play is legal without it"),
                    HitClaim::Unmarked { point } => Finding::warning(
                        Code::HitClaim,
                        whole_span(&w.text),
                        format!("the play hits a blot on point {point} without marking it"),
                    )
                    .label("unmarked hit")
                    .help("mark every hit, or none"),
                })
                .chain(reading)
                .collect();
            PlayVerdict {
                legal: true,
                doc: json!({
                    "play": w.text,
                    "side": w.side.name(),
                    "roll": [w.roll.high(), w.roll.low()],
                    "legal": true,
                    "standard": standard,
                    "letters": letters,
                    "steps": c.steps,
                    "result": position_ids(&b.rules, &c.position, w.side.other(), &b.context()),
                    "legal_plays": set.len(),
                }),
                findings,
            }
        }
        Err(problem) => {
            let p: Problem = *problem;
            // The problem's reading of the written hops (a `bar` in a game without one read
            // as the start point), else the hops as written.
            let segments = if p.segments.is_empty() {
                written_segments(play)
            } else {
                p.segments.clone()
            };
            let ctx = PlayContext {
                rules: &b.rules,
                pos,
                side: w.side,
                dice,
                who: side_name(w.side).to_string(),
                dice_span: None,
            };
            let f = problem_finding(&ctx, p);
            let nearest: Vec<Value> = nearest_plays(&set, &segments, 3)
                .iter()
                .map(|(q, steps)| {
                    let (standard, letters) =
                        both_notations(&b.rules, steps, w.side, w.roll, false);
                    json!({
                        "standard": standard,
                        "letters": letters,
                        "result": position_ids(&b.rules, q, w.side.other(), &b.context()),
                    })
                })
                .collect();
            PlayVerdict {
                legal: false,
                doc: json!({
                    "play": w.text,
                    "side": w.side.name(),
                    "roll": [w.roll.high(), w.roll.low()],
                    "legal": false,
                    "nearest": nearest,
                    "legal_plays": set.len(),
                }),
                findings: std::iter::once(f).chain(reading).collect(),
            }
        }
    }
}

fn whole_span(text: &str) -> Span {
    Span::new(0, text.len())
}

/// One distinct legal play: both notations and the resulting position.
#[derive(Clone, Debug)]
pub struct LegalPlay {
    /// Mover-relative (`24/18 13/9`).
    pub standard: String,
    /// Board letters (`6/4 = 1A-7A and 12A-9`).
    pub letters: String,
    /// The position after the play.
    pub position: Position,
}

/// The legal plays of a board: who moves, with which dice, and every distinct result.
#[derive(Clone, Debug)]
pub struct LegalPlays {
    /// The mover.
    pub side: Side,
    /// The dice.
    pub roll: Roll,
    /// The most dice any play uses.
    pub max_steps: usize,
    /// The plays, sorted by their mover-relative text.
    pub plays: Vec<LegalPlay>,
}

/// Every distinct legal play of the board (`tavla legal`): the mover is the board's side,
/// else the position's player on roll, else White; the dice the board's, else the
/// position's.
///
/// # Errors
///
/// No dice given and none in the position.
pub fn legal(b: &Board, typographic: bool) -> Result<LegalPlays, String> {
    let side = b.side.or(b.spec.on_roll).unwrap_or(Side::White);
    let roll = b
        .roll
        .or(b.spec.dice)
        .ok_or("no roll: give --roll DD (or a position that has its dice, such as an XGID)")?;
    let set = b.rules.legal_plays(&b.spec.position, side, roll.stage());
    let mut plays: Vec<LegalPlay> = set
        .results()
        .map(|(p, steps)| {
            let (standard, letters) = both_notations(&b.rules, steps, side, roll, typographic);
            LegalPlay {
                standard,
                letters,
                position: *p,
            }
        })
        .collect();
    plays.sort_by(|x, y| x.standard.cmp(&y.standard));
    Ok(LegalPlays {
        side,
        roll,
        max_steps: set.max_steps() as usize,
        plays,
    })
}
