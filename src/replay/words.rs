//! Words for the referee's typed problems: each [`Problem`] becomes a [`Finding`] with its
//! message, label and help, the same for a play of a record and for a single play checked
//! alone (`tavla check`).

use super::referee::{Problem, ProblemKind, nearest_plays};
use super::render::{nearest_help, render_steps};
use super::{Finding, Suggestions};
use crate::codes::Code;
use crate::notation::Span;
use crate::rules::{
    ForcedError, PlayError, Position, Restriction, RuleSet, Segment, Side, StageDice, StepError,
};

/// What the words of a problem need to know about the play.
pub struct PlayContext<'a> {
    /// The rules.
    pub rules: &'a RuleSet,
    /// The position before the play.
    pub pos: &'a Position,
    /// The side that moves.
    pub side: Side,
    /// The dice of the stage.
    pub dice: StageDice,
    /// The player as named in messages (`Ali (White, left column)`, `White`).
    pub who: String,
    /// Where the dice are written, for a secondary label (none for a play without its roll).
    pub dice_span: Option<Span>,
}

/// A location in messages: `off`, `the bar`, `point 7`.
pub(crate) fn loc_name(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "the bar".into(),
        p => format!("point {p}"),
    }
}

/// The finding for a problem the referee found with a written play.
pub fn problem_finding(c: &PlayContext<'_>, problem: Problem) -> Finding {
    let (side, dice) = (c.side, c.dice);
    let Problem {
        kind,
        span,
        segments,
        segment_spans,
        play,
    } = problem;
    match kind {
        ProblemKind::NoBar => {
            // The problem reads `bar` as the start point: the nearest plays are those from
            // the start that reach the written destinations.
            let set = c.rules.legal_plays(c.pos, side, dice);
            let near = suggestions(c, &set, &segments, play);
            let start = c.rules.start().highest(side);
            let mut help = format!(
                "write steps between points 24..1 and `off`: every checker starts on point {start}, not on a bar"
            );
            if set.max_steps() > 0 {
                help.push('\n');
                help.push_str(&nearest_help(&near.plays, near.total, dice));
            }
            let f = Finding::error(
                Code::NoBar,
                span,
                format!(
                    "{} has no bar: no checker is ever hit",
                    c.rules.variant().title()
                ),
            )
            .label("bar")
            .related_opt(c.dice_span, format!("{dice}"))
            .help(help);
            with_suggestions(f, near)
        }
        ProblemKind::NoHitting => Finding::error(
            Code::NoHitting,
            span,
            format!(
                "{} has no hitting: a single checker blocks its point",
                c.rules.variant().title()
            ),
        )
        .label("`*` marks a hit")
        .help("remove the `*`"),
        ProblemKind::Steps(e) => {
            let set = c.rules.legal_plays(c.pos, side, dice);
            let near = suggestions(c, &set, &segments, play);
            let legal = if set.max_steps() == 0 {
                format!("no step of {dice} can be played here: write the stage with no steps")
            } else {
                nearest_help(&near.plays, near.total, dice)
            };
            let f = play_error(c, e, &segments, &segment_spans, legal);
            with_suggestions(f, near)
        }
        ProblemKind::Forced(e) => {
            let set = c.rules.legal_plays(c.pos, side, dice);
            let near = suggestions(c, &set, &segments, play);
            let (code, msg) = match e {
                ForcedError::TooFewDice { used, max } => (
                    Code::ForcedPlay,
                    if max as usize == dice.len() as usize {
                        format!(
                            "the play uses {used} of the {max} steps of {dice}, but all {max} can be played"
                        )
                    } else {
                        format!("the play uses {used} step(s) of {dice}, but {max} can be played")
                    },
                ),
                ForcedError::LargerDie { larger } => (
                    Code::LargerDie,
                    format!(
                        "only one die of {dice} can be played, and then it must be the larger, {larger}"
                    ),
                ),
            };
            let f = Finding::error(code, span, msg)
                .label("this play")
                .related_opt(c.dice_span, format!("{dice}"))
                .help(nearest_help(&near.plays, near.total, dice));
            with_suggestions(f, near)
        }
    }
}

/// The legal plays of `set` nearest to the written hops `segments`, for the play at `span`.
fn suggestions(
    c: &PlayContext<'_>,
    set: &crate::rules::PlaySet,
    segments: &[Segment],
    span: Span,
) -> Suggestions {
    let tried: Vec<String> = if set.max_steps() == 0 {
        Vec::new()
    } else {
        nearest_plays(set, segments, super::repair::CANDIDATES)
            .iter()
            .map(|(_, steps)| render_steps(steps))
            .collect()
    };
    let plays = tried[..tried.len().min(Suggestions::MAX)].to_vec();
    Suggestions {
        span,
        plays,
        total: set.len(),
        tried,
        at: Some(super::repair::PlayAt {
            rules: *c.rules,
            pos: *c.pos,
            side: c.side,
            dice: c.dice,
        }),
        dice_span: c.dice_span,
    }
}

/// A finding with its suggestions (none when nothing can be played or nothing was written).
fn with_suggestions(mut f: Finding, near: Suggestions) -> Finding {
    if !near.plays.is_empty() && near.span.len > 0 {
        f.suggestions = Some(Box::new(near));
    }
    f
}

fn play_error(
    c: &PlayContext<'_>,
    e: PlayError,
    segs: &[Segment],
    spans: &[Span],
    legal: String,
) -> Finding {
    let dice = c.dice;
    let seg_str = |k: usize| format!("{}/{}", loc_short(segs[k].from), loc_short(segs[k].to));
    let f = match e {
        PlayError::TooManySteps { segment, dice: n } => Finding::error(
            Code::TooManySteps,
            spans[segment.min(spans.len() - 1)],
            format!("more steps written than {dice} allows ({n})"),
        )
        .label("one step too many"),
        PlayError::Backwards { segment } => Finding::error(
            Code::Backwards,
            spans[segment],
            format!(
                "{} runs backwards: {} moves from its 24 point towards 1",
                seg_str(segment),
                c.who
            ),
        )
        .label("wrong direction"),
        PlayError::NoDice { segment, remaining } => Finding::error(
            Code::NoDie,
            spans[segment],
            if remaining.is_empty() {
                format!("no die of {dice} is left for {}", seg_str(segment))
            } else {
                format!(
                    "no die of {dice} moves {}: the dice left ({}) do not make that distance",
                    seg_str(segment),
                    remaining
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            },
        )
        .label("no die for this"),
        PlayError::Step {
            segment,
            from,
            die,
            intermediate,
            error,
        } => step_finding(
            c,
            error,
            spans[segment],
            &seg_str(segment),
            (from, die),
            intermediate,
        ),
        PlayError::HitOnTheWay { segment, point } => Finding::error(
            Code::AmbiguousPath,
            spans[segment],
            format!(
                "{} can only be played by hitting on {} on the way, which is not written",
                seg_str(segment),
                point
            ),
        )
        .label("hit on the way")
        .help(format!(
            "write the hit explicitly, e.g. `{}/{}*/{}`",
            loc_short(segs[segment].from),
            point,
            loc_short(segs[segment].to)
        )),
        PlayError::Restricted { rule } => {
            restriction_finding(rule, spans[0].join(spans[spans.len() - 1]))
        }
        PlayError::NoOrder => Finding::error(
            Code::IllegalPlay,
            spans[0].join(spans[spans.len() - 1]),
            format!("these steps cannot all be played with {dice} in any order"),
        )
        .label("this play"),
    };
    let f = f.related_opt(c.dice_span, format!("{dice}"));
    match &f.help {
        Some(h) => {
            let h = format!("{h}\n{legal}");
            f.help(h)
        }
        None => f.help(legal),
    }
}

/// The finding for a step that breaks the step rule: `error` at the step `(from, die)` of the
/// written hop `hop` (`13/7`) at `span`; `intermediate` when the step lands on the way.
fn step_finding(
    c: &PlayContext<'_>,
    error: StepError,
    span: Span,
    hop: &str,
    (from, die): (u8, u8),
    intermediate: bool,
) -> Finding {
    let opp = |p: u8| c.rules.opposite(p);
    match error {
        StepError::NoChecker { from } => Finding::error(
            Code::NoChecker,
            span,
            format!("{} has no checker on {} to move", c.who, loc_name(from)),
        )
        .label("no checker here"),
        // Tapa: the mover's own checker lies pinned there, so the point is the pinner's.
        StepError::Blocked { point, count } if c.pos.pinned(c.side, point) => {
            Finding::error(
                if intermediate {
                    Code::BlockedPath
                } else {
                    Code::Blocked
                },
                span,
                format!(
                    "{} is the pinner's point: {}'s checker lies pinned there under {} opposing checker{}",
                    loc_name(point),
                    c.who,
                    count,
                    if count == 1 { "" } else { "s" },
                ),
            )
            .label(if intermediate { "path blocked" } else { "point blocked" })
            .help("a point where one of your checkers is pinned belongs to the pinner until the last pinner leaves (tapa.md §2)")
        }
        StepError::Blocked { point, count } if intermediate => Finding::error(
            Code::BlockedPath,
            span,
            format!(
                "{} passes through {}, which the opponent holds ({} checker{} on their point {})",
                hop,
                loc_name(point),
                count,
                if count == 1 { "" } else { "s" },
                opp(point)
            ),
        )
        .label("path blocked")
        .help("every intermediate landing point of a combined move must be open"),
        StepError::Blocked { point, count } => Finding::error(
            Code::Blocked,
            span,
            format!(
                "{} is held by the opponent ({} checker{} on their point {})",
                loc_name(point),
                count,
                if count == 1 { "" } else { "s" },
                opp(point)
            ),
        )
        .label("point blocked"),
        StepError::MustEnter => Finding::error(
            Code::MustEnter,
            span,
            format!("{} has a checker on the bar and must enter it before moving others", c.who),
        )
        .label("checker on the bar"),
        StepError::NotAllHome { outside } => Finding::error(
            Code::BearOffNotHome,
            span,
            format!("bearing off before all checkers are home: one stands on point {outside}"),
        )
        .label("not all home"),
        StepError::HigherChecker { higher } => Finding::error(
            Code::BearOffHigher,
            span,
            format!(
                "a {die} bears off from point {from} only when no checker stands higher, but one stands on point {higher}"
            ),
        )
        .label("a higher checker must move"),
        StepError::NoBar => Finding::error(
            Code::NoBar,
            span,
            format!("{} has no bar", c.rules.variant().title()),
        )
        .label("bar"),
        StepError::Pinned { from } => Finding::error(
            Code::Pinned,
            span,
            format!("the checker on {} is pinned and cannot move", loc_name(from)),
        )
        .label("pinned checker"),
        StepError::Restricted(rule) => restriction_finding(rule, span),
        StepError::PinnedBearOff { pinned } => Finding::error(
            Code::PinnedBearOff,
            span,
            format!("nothing is borne off while the checker on {pinned} is pinned"),
        )
        .label("bearing off while pinned"),
    }
}

/// The finding for a play-level rule of the variant.
fn restriction_finding(rule: Restriction, span: Span) -> Finding {
    match rule {
        Restriction::Head { limit } => Finding::error(
            Code::HeadRule,
            span,
            format!("at most {limit} checker(s) may leave the head (point 24) in one turn"),
        )
        .label("one checker too many from the head"),
        Restriction::Prime { opponent_home } => Finding::error(
            Code::IllegalPrime,
            span,
            if opponent_home {
                "this closes a block of six points while no opposing checker is in its home board or off"
            } else {
                "this closes a block of six points with no opposing checker ahead of it"
            },
        )
        .label("illegal block of six"),
        Restriction::StartQuarter => Finding::error(
            Code::StartQuarterBlock,
            span,
            "this fills the last open point of the start quarter (24..19); all six may not be held",
        )
        .label("start quarter closed"),
        Restriction::Runner { past } => Finding::error(
            Code::RunnerRule,
            span,
            format!("a second checker leaves the start (24) before the runner (the first checker out) reached point {past} or lower"),
        )
        .label("runner not yet past"),
    }
}

fn loc_short(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        p => p.to_string(),
    }
}
