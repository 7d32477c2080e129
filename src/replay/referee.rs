//! The referee: the bridge between a written play and the rules.
//!
//! It takes a play as written (in either notation, as the notation layer's [`StepText`]s with
//! their spans), a position, the side to move and the dice, asks the rules, and returns the
//! checked result or a typed [`Problem`] with the span of the written step it concerns. Replay
//! uses it for every play of a record; [`check_play`] offers it for single plays.

use crate::notation::{Loc, Play, Span, StepText};
use crate::rules::{
    BAR, ForcedError, PlayError, PlaySet, Position, RuleSet, Segment, Side, StageDice, Step, Steps,
    check_forced_at,
};

/// What is wrong with a written play.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// The play moves from the bar in a game that has none.
    NoBar,
    /// The play claims a hit (`*`, `x`) in a game where nothing is hit.
    NoHitting,
    /// The written steps cannot be carried out (the first that fails, typed by the rules).
    Steps(PlayError),
    /// The steps can be carried out, but the forced-play rules want more dice or the larger.
    Forced(ForcedError),
}

/// A problem with a written play, located on the play's text.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// What is wrong.
    pub kind: ProblemKind,
    /// The written step (or hop of a path, or the whole play) it concerns.
    pub span: Span,
    /// The written hops as the rules saw them, in the mover's numbering (the indices of
    /// [`PlayError`]'s `segment` fields point into this list).
    pub segments: Vec<Segment>,
    /// The span of each of `segments`.
    pub segment_spans: Vec<Span>,
    /// The whole written play (what a suggested legal play would replace).
    pub play: Span,
}

/// A written play carried out: the result and the steps that reach it.
#[derive(Clone, Debug)]
pub(crate) struct Judged {
    /// The position after the play.
    pub(crate) position: Position,
    /// The single-die steps in a legal order.
    pub(crate) steps: Steps,
    /// The number of `*` marks written (each counted once whatever the repeat).
    pub(crate) marked: usize,
}

/// The referee of one rule set, with scratch space reused between plays.
pub(crate) struct Referee<'r> {
    rules: &'r RuleSet,
    segs: Vec<Segment>,
}

impl<'r> Referee<'r> {
    pub(crate) fn new(rules: &'r RuleSet) -> Self {
        Referee {
            rules,
            segs: Vec::new(),
        }
    }

    /// Check the written steps of one stage: stepwise, then (for a play that uses fewer dice
    /// than the stage has) against the legal set. An empty `written` is the caller's case.
    ///
    /// # Errors
    /// The first [`Problem`].
    pub(crate) fn judge(
        &mut self,
        pos: &Position,
        side: Side,
        dice: StageDice,
        written: &[StepText],
    ) -> Result<Judged, Box<Problem>> {
        self.judge_under(self.rules, pos, side, dice, written)
    }

    /// [`Referee::judge`] under the rules of one roll ([`RuleSet::for_roll`]).
    ///
    /// # Errors
    /// The first [`Problem`].
    pub(crate) fn judge_under(
        &mut self,
        rules: &RuleSet,
        pos: &Position,
        side: Side,
        dice: StageDice,
        written: &[StepText],
    ) -> Result<Judged, Box<Problem>> {
        if !rules.hits() {
            for st in written {
                for (loc, hit, span) in st.path.iter() {
                    let kind = if loc == Loc::Bar {
                        ProblemKind::NoBar
                    } else if hit && !rules.pins() {
                        ProblemKind::NoHitting
                    } else {
                        continue;
                    };
                    // A bar-less game starts every checker on the side's start point: a
                    // written `bar` there is read as that point, for the suggestions.
                    let (segments, segment_spans) = if kind == ProblemKind::NoBar {
                        let start = rules.start().highest(side);
                        let segs = hops_of(written)
                            .map(|s| Segment {
                                from: if s.from == BAR { start } else { s.from },
                                to: if s.to == BAR { start } else { s.to },
                            })
                            .collect();
                        (segs, segment_spans(written))
                    } else {
                        (Vec::new(), Vec::new())
                    };
                    return Err(Box::new(Problem {
                        kind,
                        span,
                        segments,
                        segment_spans,
                        play: whole(written),
                    }));
                }
            }
        }
        // Each written hop, repeated as written (their spans only for errors).
        let segs = &mut self.segs;
        segs.clear();
        let mut marked = 0usize;
        for st in written {
            let n = st.path.len();
            for k in 0..n {
                if st.path.get(k).1 {
                    marked += 1;
                }
            }
            if n < 2 {
                continue;
            }
            for _ in 0..st.repeat.max(1) {
                let mut from = st.path.get(0).0.index();
                for k in 1..n {
                    let to = st.path.get(k).0.index();
                    segs.push(Segment { from, to });
                    from = to;
                }
            }
        }
        let (position, steps) = match rules.resolve_inline(pos, side, dice, segs) {
            Ok(r) => r,
            Err(e) => {
                let spans = segment_spans(written);
                let span = match &e {
                    PlayError::TooManySteps { segment, .. } => {
                        spans[(*segment).min(spans.len() - 1)]
                    }
                    PlayError::NoDice { segment, .. }
                    | PlayError::Step { segment, .. }
                    | PlayError::HitOnTheWay { segment, .. }
                    | PlayError::Backwards { segment } => spans[*segment],
                    _ => whole(written),
                };
                return Err(Box::new(Problem {
                    kind: ProblemKind::Steps(e),
                    span,
                    segments: segs.clone(),
                    segment_spans: spans,
                    play: whole(written),
                }));
            }
        };
        // A play that uses every die is maximal: only shorter plays need the legal set.
        if steps.len() < dice.len() as usize
            && !rules.surely_maximal(pos, side, dice, &position, steps.len() as u8)
        {
            let set = rules.legal_plays(pos, side, dice);
            if let Err(e) = check_forced_at(&set, &position, steps.len() as u8, dice) {
                return Err(Box::new(Problem {
                    kind: ProblemKind::Forced(e),
                    span: whole(written),
                    segments: segs.clone(),
                    segment_spans: segment_spans(written),
                    play: whole(written),
                }));
            }
        }
        Ok(Judged {
            position,
            steps,
            marked,
        })
    }
}

/// The span of a whole written play.
fn whole(written: &[StepText]) -> Span {
    match (written.first(), written.last()) {
        (Some(a), Some(b)) => a.span.join(b.span),
        _ => Span::new(0, 0),
    }
}

/// The span of each segment [`Referee::judge`] builds from the `written` steps, in the same
/// order: the written hop within a path of more than two points, else the whole step.
fn segment_spans(written: &[StepText]) -> Vec<Span> {
    let mut spans = Vec::new();
    for st in written {
        for _ in 0..st.repeat.max(1) {
            for (a, b) in st.path.hops() {
                spans.push(if st.path.len() > 2 {
                    a.2.join(b.2)
                } else {
                    st.span
                });
            }
        }
    }
    spans
}

/// A hit claim that does not match the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HitClaim {
    /// A point is marked as hit (`*`, `x`) but no blot is hit there.
    NoBlot {
        /// The marked point (the mover's numbering).
        point: u8,
        /// The mark's point in the text.
        span: Span,
    },
    /// A blot is hit on a point the play does not mark, while it marks others.
    Unmarked {
        /// The point of the hit (the mover's numbering).
        point: u8,
    },
}

/// A legal written play: where it leads and how.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedPlay {
    /// The position after the play.
    pub position: Position,
    /// The single-die steps, in a legal order.
    pub steps: Vec<Step>,
    /// Hit claims that do not match the board (warnings: the play itself is legal).
    pub hit_claims: Vec<HitClaim>,
}

/// Check one written play of `side` with `dice` from `pos` under `rules`.
///
/// The play may come from either notation ([`crate::notation::parse_play`] or
/// `parse_letter_play`); spans in the result point into its text.
///
/// # Errors
/// The first [`Problem`], typed, with the span of the written step it concerns. An empty play
/// is legal only when nothing can be played.
pub fn check_play(
    rules: &RuleSet,
    pos: &Position,
    side: Side,
    dice: StageDice,
    play: &Play,
) -> Result<CheckedPlay, Box<Problem>> {
    if play.steps.is_empty() {
        let set = rules.legal_plays(pos, side, dice);
        if set.max_steps() > 0 {
            return Err(Box::new(Problem {
                kind: ProblemKind::Forced(ForcedError::TooFewDice {
                    used: 0,
                    max: set.max_steps(),
                }),
                span: Span::new(0, 0),
                segments: Vec::new(),
                segment_spans: Vec::new(),
                play: Span::new(0, 0),
            }));
        }
        return Ok(CheckedPlay {
            position: *pos,
            steps: Vec::new(),
            hit_claims: Vec::new(),
        });
    }
    let judged = Referee::new(rules).judge(pos, side, dice, &play.steps)?;
    let steps = judged.steps.as_slice().to_vec();
    let mut hit_claims = Vec::new();
    if judged.marked > 0 {
        for st in &play.steps {
            for (loc, hit, span) in st.path.iter().skip(1) {
                let point = loc.index();
                if hit && !steps.iter().any(|s| s.hit && s.to == point) {
                    hit_claims.push(HitClaim::NoBlot { point, span });
                }
            }
        }
        for s in steps.iter().filter(|s| s.hit) {
            let claimed = play
                .steps
                .iter()
                .any(|st| st.path.iter().any(|(l, h, _)| h && l.index() == s.to));
            if !claimed && !hit_claims.contains(&HitClaim::Unmarked { point: s.to }) {
                hit_claims.push(HitClaim::Unmarked { point: s.to });
            }
        }
    }
    Ok(CheckedPlay {
        position: judged.position,
        steps,
        hit_claims,
    })
}

/// Which reading of a board-letter play whose count meets a hit mark (`4x9-11`,
/// `notations.md` §1 "Ambiguity") a verdict is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reading {
    /// `Nx` as a count: four checkers `9 – 11`.
    Count,
    /// `Nx` as a point and a hit mark: one checker `4 ×9 – 11`.
    Hit,
}

/// The verdict on a play with two readings: the reading judged and its verdict, and whether
/// the other one is legal too.
#[derive(Clone, Debug)]
pub struct ReadingVerdict {
    /// The reading the verdict is about.
    pub reading: Reading,
    /// Its verdict, as [`check_play`] gives it.
    pub verdict: Result<CheckedPlay, Box<Problem>>,
    /// Whether the other reading is legal as well (then the writer is asked to disambiguate).
    pub both_legal: bool,
}

/// Check both readings of a board-letter play whose count meets a hit mark, as
/// `notations.md` §1 "Ambiguity" decides: the one legal reading if exactly one is; the count
/// reading if both are (`both_legal`: the caller warns); if neither is, the reading whose first
/// bad step comes later (a play whose every step can be carried out, failing only the
/// forced-play rules, comes latest), the count reading on a tie.
pub fn check_readings(
    rules: &RuleSet,
    pos: &Position,
    side: Side,
    dice: StageDice,
    count: &Play,
    hit: &Play,
) -> ReadingVerdict {
    let by_count = check_play(rules, pos, side, dice, count);
    let by_hit = check_play(rules, pos, side, dice, hit);
    let (reading, verdict, both_legal) = match (by_count, by_hit) {
        (Ok(c), Ok(_)) => (Reading::Count, Ok(c), true),
        (Ok(c), Err(_)) => (Reading::Count, Ok(c), false),
        (Err(_), Ok(h)) => (Reading::Hit, Ok(h), false),
        (Err(c), Err(h)) => {
            let reach = |p: &Problem| match p.kind {
                ProblemKind::Forced(_) => usize::MAX,
                _ => p.span.offset,
            };
            if reach(&h) > reach(&c) {
                (Reading::Hit, Err(h), false)
            } else {
                (Reading::Count, Err(c), false)
            }
        }
    };
    ReadingVerdict {
        reading,
        verdict,
        both_legal,
    }
}

/// The distinct legal results of `dice` for `side` from `pos` under `rules`.
pub fn legal_plays(rules: &RuleSet, pos: &Position, side: Side, dice: StageDice) -> PlaySet {
    rules.legal_plays(pos, side, dice)
}

/// Up to `n` legal results of `set`, nearest first to the written hops `segments` (the
/// mover's numbering): first those that keep the most written hops exactly (a written
/// `from/to` kept when one checker of the legal play passes `from` and then `to`, each part
/// of a checker's path keeping at most one written hop), then those that change the other
/// hops least (each matched to a distinct remaining part of a checker's path; a changed
/// origin weighs three times a changed destination), then those that move least beyond the
/// written hops (more of a written checker's path, or another checker moved as a written hop
/// is, weighs half of another checker moved otherwise: a writer leaves out the end of a
/// checker's path or one of a doublet's equal steps more often than a whole other move),
/// then in notation order.
pub fn nearest_plays(set: &PlaySet, segments: &[Segment], n: usize) -> Vec<(Position, Vec<Step>)> {
    // (written hops kept, distance, what it moves beyond them, the play in notation, the
    // result)
    type Scored<'a> = (usize, u32, u32, String, (&'a Position, &'a [Step]));
    let mut scored: Vec<Scored<'_>> = set
        .results()
        .map(|r| {
            let mut paths = checker_paths(r.1);
            let (mut kept, mut dist, mut extra) = score(&paths, segments);
            // A checker moved by two different dice passes either intermediate point: the
            // order the writer chose is as near as the one the rules list.
            if let Some(k) = paths
                .iter()
                .position(|p| p.len() == 3 && p[2] != 0 && p[0] - p[1] != p[1] - p[2])
            {
                paths[k][1] = paths[k][0] - paths[k][1] + paths[k][2];
                let other = score(&paths, segments);
                if (std::cmp::Reverse(other.0), other.1, other.2)
                    < (std::cmp::Reverse(kept), dist, extra)
                {
                    (kept, dist, extra) = other;
                }
            }
            (kept, dist, extra, super::render_steps(r.1), r)
        })
        .collect();
    scored.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(a.1.cmp(&b.1))
            .then(a.2.cmp(&b.2))
            .then(a.3.cmp(&b.3))
    });
    scored
        .into_iter()
        .take(n)
        .map(|s| (*s.4.0, s.4.1.to_vec()))
        .collect()
}

/// How near a legal play (its checkers' paths) is to the written hops `segments`: the written
/// hops it keeps, the distance of the others, and what it moves beyond them (see
/// [`nearest_plays`]).
fn score(paths: &[Vec<u8>], segments: &[Segment]) -> (usize, u32, u32) {
    let mut used: Vec<Vec<bool>> = paths.iter().map(|p| vec![false; p.len() - 1]).collect();
    let mut rest = Vec::new();
    let mut kept = 0;
    for s in segments {
        match best_part(paths, &used, |a, b| (a == s.from && b == s.to).then_some(0)) {
            Some((k, i, j, _)) => {
                used[k][i..j].iter_mut().for_each(|u| *u = true);
                kept += 1;
            }
            None => rest.push(s),
        }
    }
    let mut dist = 0u32;
    for s in rest {
        let cost = |a: u8, b: u8| Some(3 * s.from.abs_diff(a) as u32 + s.to.abs_diff(b) as u32);
        match best_part(paths, &used, cost) {
            Some((k, i, j, c)) => {
                used[k][i..j].iter_mut().for_each(|u| *u = true);
                dist += c;
            }
            None => dist += 100,
        }
    }
    // What the legal play moves beyond the written hops: more of a written checker's path,
    // or a checker moved as a written hop is (a doublet's step left out), else another
    // checker with another move.
    let mut extra = 0u32;
    for (k, p) in paths.iter().enumerate() {
        if used[k].iter().all(|&u| u) {
            continue;
        }
        let repeat = segments
            .iter()
            .any(|s| s.from == p[0] && Some(&s.to) == p.last());
        extra += if used[k].iter().any(|&u| u) || repeat {
            1
        } else {
            2
        };
    }
    (kept, dist, extra)
}

/// The unused part of a checker's path (path `k`, from its point `i` to its point `j`) with
/// the lowest `cost` of its ends, and that cost; `None` when no part has a cost.
fn best_part(
    paths: &[Vec<u8>],
    used: &[Vec<bool>],
    cost: impl Fn(u8, u8) -> Option<u32>,
) -> Option<(usize, usize, usize, u32)> {
    let mut best: Option<(usize, usize, usize, u32)> = None;
    for (k, p) in paths.iter().enumerate() {
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                if used[k][j - 1] {
                    break;
                }
                if let Some(c) = cost(p[i], p[j])
                    && best.is_none_or(|b| c < b.3)
                {
                    best = Some((k, i, j, c));
                }
            }
        }
    }
    best
}

/// Each checker's path through a play: consecutive steps of one checker joined.
fn checker_paths(steps: &[Step]) -> Vec<Vec<u8>> {
    let mut paths: Vec<Vec<u8>> = Vec::new();
    for s in steps {
        match paths
            .iter_mut()
            .rev()
            .find(|p| p.last().is_some_and(|&l| l == s.from && l != 0))
        {
            Some(p) => p.push(s.to),
            None => paths.push(vec![s.from, s.to]),
        }
    }
    paths
}

/// The written hops of a play (each token's hops, repeated as written), in the mover's
/// numbering.
pub fn written_segments(play: &Play) -> Vec<Segment> {
    hops_of(&play.steps).collect()
}

/// The written hops of `written` (each token's hops, repeated as written).
fn hops_of(written: &[StepText]) -> impl Iterator<Item = Segment> + '_ {
    written.iter().flat_map(|st| {
        (0..st.repeat.max(1)).flat_map(move |_| {
            st.path.hops().map(|(a, b)| Segment {
                from: a.0.index(),
                to: b.0.index(),
            })
        })
    })
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at = (self.span.offset, self.span.end());
        match &self.kind {
            ProblemKind::NoBar => write!(f, "bytes {}..{}: the game has no bar", at.0, at.1),
            ProblemKind::NoHitting => {
                write!(f, "bytes {}..{}: the game has no hitting", at.0, at.1)
            }
            ProblemKind::Steps(e) => write!(f, "bytes {}..{}: {e}", at.0, at.1),
            ProblemKind::Forced(e) => write!(f, "bytes {}..{}: {e}", at.0, at.1),
        }
    }
}

impl std::error::Error for Problem {}
