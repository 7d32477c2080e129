//! Confirmed repairs: for an illegal play, the one nearest legal play that lets the rest of
//! the game replay (without error, or strictly further than every other), and the check of
//! the record continued from it.
//!
//! A repair is an edit of the record: the play (or the roll) of one stage replaced, located
//! by the span of what it replaces, with the replacement in the play notation. Each candidate
//! is tried by replaying the record with the stage edited; locations do not move, so the
//! findings of the repaired record stand where they stood, and those made after a repair say
//! that they rest on it. Each format's writer turns a repair into an edit of its own file.
//! The search runs only where a play is illegal: a valid record is checked once.

use std::cell::Cell;

use super::referee::check_play;
use super::render::nearest_help;
use super::{Continued, Finding, Severity, Suggestions, Verdict};
use crate::codes::Code;
use crate::notation::{Moves, Play, Span, StageKind, StepRange, parse_play};
use crate::record::Match;
use crate::rules::{Position, Roll, RuleSet, Side, StageDice};

/// One check of a match: with traces or not, and the illegal plays (by the offset of their
/// written span) to carry out as written.
pub(super) type Check<'a> = dyn Fn(&Match, bool, &[(usize, Continued)]) -> Verdict + 'a;

/// The stage a play at `offset` was written for: the one whose steps or dice hold it, else
/// the last whose dice start before it (an empty play right after its dice).
fn stage_at(m: &Match, offset: usize) -> Option<usize> {
    let holds = |s: Span| s.offset <= offset && offset < s.end().max(s.offset + 1);
    let k = m
        .stages
        .partition_point(|st| st.dice_span.offset <= offset)
        .checked_sub(1);
    let of = |k: usize| {
        let st = &m.stages[k];
        holds(st.dice_span) || st.moves.steps.of(&m.steps).iter().any(|s| holds(s.span))
    };
    match k {
        Some(k) if of(k) => Some(k),
        // A reader that locates the dice after the steps (a binary record's fields).
        _ => (0..m.stages.len()).find(|&k| of(k)).or(k),
    }
}

/// The match with the play of the stage at `span` replaced by `play` (in the play notation):
/// the replacement's steps stand where the play stood.
fn with_play(m: &Match, span: Span, play: &str) -> Option<Match> {
    let k = stage_at(m, span.offset)?;
    let parsed = parse_play(play).ok()?;
    let mut m = m.clone();
    let start = m.steps.len();
    let n = parsed.steps.len();
    m.steps
        .extend(parsed.steps.into_iter().map(|st| st.placed_at(span)));
    m.stages[k].moves = Moves::new(StepRange::new(start, n), None, None);
    Some(m)
}

/// The match with the dice of stage `k` replaced.
fn with_dice(m: &Match, k: usize, a: u8, b: u8) -> Match {
    let mut m = m.clone();
    m.stages[k].a = a;
    m.stages[k].b = b;
    m
}

/// The stage whose dice stand at `dice`.
fn stage_of_dice(m: &Match, dice: Span) -> Option<usize> {
    let k = stage_at(m, dice.offset)?;
    (m.stages[k].dice_span.offset == dice.offset).then_some(k)
}

/// Where an illegal play was made: what a candidate replacement is judged against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayAt {
    pub(crate) rules: RuleSet,
    pub(crate) pos: Position,
    pub(crate) side: Side,
    pub(crate) dice: StageDice,
}

/// The suggested plays as replacements of the written play: each in the writer's own form
/// (order, spacing, combined moves, marks) when changing one written number of the play
/// makes it, else as rendered. The smallest change is preferred, a changed origin weighing
/// three times a changed destination (as in the order of the suggestions); of equal changes,
/// the first; a `bar` in a game without one is read as the start point at no cost. (A
/// written play with two equal steps, `24/23 24/23` for 2-1, has two equally
/// near forms, `24/22 24/23` and `24/23 24/22`: the first is taken.)
fn candidates(text: Option<&str>, s: &Suggestions, marks: bool) -> Vec<String> {
    let unmarked = |v: &[String]| -> Vec<String> {
        v.iter()
            .map(|t| if marks { t.clone() } else { t.replace('*', "") })
            .collect()
    };
    let written = text.and_then(|t| t.get(s.span.offset..s.span.end()));
    let Some((at, written)) =
        s.at.as_ref()
            .zip(written)
            .filter(|(_, w)| w.len() <= MAX_WRITTEN)
    else {
        return unmarked(&s.tried);
    };
    let position_of = |t: &str| -> Option<Position> {
        let play = parse_play(t).ok()?;
        check_play(&at.rules, &at.pos, at.side, at.dice, &play)
            .ok()
            .map(|c| c.position)
    };
    let targets: Vec<Option<Position>> = s.tried.iter().map(|p| position_of(p)).collect();
    let mut best: Vec<Option<(u32, String)>> = vec![None; s.tried.len()];
    // In a game without a bar, a written `bar` read as the start point (its problem's
    // reading) is the writer's own form.
    if !at.rules.hits() {
        let start = at.rules.start().highest(at.side);
        for (i, _) in written.to_ascii_lowercase().match_indices("bar") {
            let t = format!("{}{start}{}", &written[..i], &written[i + 3..]);
            let Some(p) = position_of(&t) else { continue };
            for (k, target) in targets.iter().enumerate() {
                if *target == Some(p) && best[k].is_none() {
                    best[k] = Some((0, t.clone()));
                }
            }
        }
    }
    let b = written.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let j = i + b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        let old: u32 = written[i..j].parse().unwrap_or(0);
        for v in 0..=25u32 {
            if v == old {
                continue;
            }
            let t = format!("{}{v}{}", &written[..i], &written[j..]);
            let Some(p) = position_of(&t) else { continue };
            let origin = i == 0 || b[i - 1] != b'/';
            let cost = v.abs_diff(old) * if origin { 3 } else { 1 };
            for (k, target) in targets.iter().enumerate() {
                if *target == Some(p) && best[k].as_ref().is_none_or(|(c, _)| cost < *c) {
                    best[k] = Some((cost, t.clone()));
                }
            }
        }
        i = j;
    }
    s.tried
        .iter()
        .zip(best)
        .map(|(p, b)| b.map_or_else(|| p.clone(), |(_, t)| t))
        .map(|t| if marks { t } else { t.replace('*', "") })
        .collect()
}

/// Whether the record writes hit (or pin) marks: a `*` on any step. A repair is written in the
/// record's own convention, so that the repaired record is judged as the record was.
fn marks_hits(v: &Verdict) -> bool {
    v.record.steps.iter().any(|st| st.path.any_marked())
}

/// A repair: the text that replaces a span of the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repair {
    /// What is replaced.
    pub span: Span,
    /// The replacement.
    pub text: String,
}

/// At most this many illegal plays of one record are tried (each try replays the record once
/// per candidate).
const MAX_TRIES: usize = 24;

/// Replays of the whole record spent on repairs at most: this many megabytes' worth, and at
/// least 16, at most 240 replays.
const BUDGET_BYTES: usize = 8_000_000;

/// A written play longer than this is not searched for its own form (a play of four
/// doublet steps with hit marks and repeats is shorter).
const MAX_WRITTEN: usize = 64;

/// The nearest legal plays tried for a repair.
pub(crate) const CANDIDATES: usize = 12;

/// The offset where the game holding `offset` ends: the start of the next game, or the end
/// of the match.
fn game_end(v: &Verdict, offset: usize) -> usize {
    v.record
        .games
        .iter()
        .map(|g| g.number_span.offset)
        .find(|&o| o > offset)
        .unwrap_or(usize::MAX)
}

/// How far a record replays past `from`: the first error at or after it, at most `end`.
fn reach(v: &Verdict, from: usize, end: usize) -> usize {
    v.findings
        .iter()
        .filter(|f| f.severity == Severity::Error && f.span.offset >= from)
        .map(|f| f.span.offset)
        .min()
        .map_or(end, |o| o.min(end))
}

/// Where the continuations of an illegal play are tried: the match's text (when its plays are
/// written in the notation), its verdict as it stands (with the repairs so far), how to check
/// it, the replays left, and the plays continued from the board so far.
#[derive(Copy, Clone)]
struct At<'a> {
    text: Option<&'a str>,
    v: &'a Verdict,
    check: &'a Check<'a>,
    budget: &'a Cell<usize>,
    played: &'a [(usize, Continued)],
}

/// A continuation that won: its verdict, whose record is the match repaired (or as it is, for
/// a play carried out as written).
struct Attempt {
    /// The finding, with its repair (if any) and the note.
    finding: Finding,
    /// What was replaced (the play, or the roll).
    span: Span,
    verdict: Verdict,
    /// Whether the rest of the game replays without error.
    full: bool,
    /// For a play continued from the board (as written, or as stored): the offset of its
    /// span, and how.
    as_played: Option<(usize, Continued)>,
}

/// Try the nearest legal plays in place of the illegal play of `f`: the unique one that
/// replays the rest of the game without error, or strictly further than every other.
fn attempt(at: At<'_>, f: &Finding, full_seen: &Cell<bool>) -> Option<Attempt> {
    let At {
        text,
        v,
        check,
        budget,
        played,
    } = at;
    let s = f.suggestions.as_deref()?;
    let end = game_end(v, s.span.offset);
    // Each candidate: how far it replays, the play, its verdict.
    let mut tried: Vec<(usize, String, Verdict)> = Vec::new();
    let forms = candidates(text, s, marks_hits(v));
    for play in &forms {
        if budget.get() == 0 {
            return None;
        }
        let Some(cand) = with_play(&v.record, s.span, play) else {
            continue;
        };
        budget.set(budget.get() - 1);
        let cv = check(&cand, false, played);
        let after = s.span.end();
        let r = reach(&cv, after, end);
        let r = if r >= after { r } else { s.span.offset };
        tried.push((r, play.clone(), cv));
    }
    let r = tried.iter().map(|t| t.0).max()?;
    if r >= end {
        full_seen.set(true);
    }
    if r <= s.span.end() {
        return None;
    }
    let mut best: Vec<(usize, String, Verdict)> = tried.into_iter().filter(|t| t.0 == r).collect();
    if best.len() != 1 {
        return None;
    }
    let (r, play, mut verdict) = best.pop()?;
    let full = r >= end;
    let mut f = f.clone();
    repair_first(&mut f, &forms, &play);
    let note = if full {
        format!("did you mean `{play}`: the rest of the game replays from it")
    } else {
        format!(
            "did you mean `{play}`: the game replays further from it than from any other legal play"
        )
    };
    with_note(&mut f, note);
    f.repair = Some(Box::new(Repair {
        span: s.span,
        text: play.clone(),
    }));
    f.continued = Some(Continued::Repair);
    // The candidate was checked without traces: its record is the repaired match.
    verdict.record = with_play(&v.record, s.span, &play)?;
    Some(Attempt {
        finding: f,
        span: s.span,
        verdict,
        full,
        as_played: None,
    })
}

/// The help of `f` with `note` first and the line saying the game was not checked further
/// left out.
fn with_note(f: &mut Finding, note: String) {
    let help = f
        .help
        .take()
        .unwrap_or_default()
        .lines()
        .filter(|l| !l.contains("later turn(s) of game"))
        .collect::<Vec<_>>()
        .join("\n");
    f.help = Some(if help.is_empty() {
        note
    } else {
        format!("{note}\n{help}")
    });
}

/// A slip in the dice: the written play is legal for a roll that differs from the written one
/// in one die, and the rest of the game replays without error from it, for exactly one such
/// roll. The roll is then the repair.
fn dice_attempt(at: At<'_>, f: &Finding) -> Option<Attempt> {
    let At {
        v,
        check,
        budget,
        played,
        ..
    } = at;
    let s = f.suggestions.as_deref()?;
    let at = s.at.as_ref()?;
    let dice = s.dice_span?;
    let k = stage_of_dice(&v.record, dice)?;
    let stage = &v.record.stages[k];
    let (x, y) = (stage.a, stage.b);
    // Only a roll's dice (`63:`), not a chain or a received stage (`+33:`, `(33):`); the
    // play is that stage's.
    if stage.kind != StageKind::Roll
        || !(1..=6).contains(&x)
        || !(1..=6).contains(&y)
        || stage_at(&v.record, s.span.offset) != Some(k)
    {
        return None;
    }
    let play = Play {
        steps: stage.moves.steps.of(&v.record.steps).to_vec(),
    };
    let end = game_end(v, s.span.offset);
    let digits = Span::new(dice.offset, 2);
    let mut fits: Vec<(String, Match, Verdict, bool)> = Vec::new();
    for k2 in 0..2 {
        for d in 1..=6u8 {
            let (a, b) = if k2 == 0 { (d, y) } else { (x, d) };
            if (a, b) == (x, y) || (k2 == 1 && (b, a) == (x, y)) {
                continue;
            }
            let roll = Roll { a, b };
            let Ok(played_with) = check_play(&at.rules, &at.pos, at.side, roll.stage(), &play)
            else {
                continue;
            };
            // Every step moves exactly its die (no bear-off with a larger die).
            let exact = played_with.steps.iter().all(|st| {
                st.from.abs_diff(st.to) == st.die || (st.from == 25 && st.to + st.die == 25)
            });
            if budget.get() == 0 {
                return None;
            }
            budget.set(budget.get() - 1);
            let cand = with_dice(&v.record, k, a, b);
            let cv = check(&cand, false, played);
            if reach(&cv, s.span.end(), end) >= end {
                fits.push((format!("{a}{b}"), cand, cv, exact));
            }
        }
    }
    // A doublet moves a written hop in several steps (`25/22` as three 1s), a larger die bears
    // off from a lower point: of such rolls and one whose dice are the written hops exactly,
    // the latter is what was meant.
    if fits.len() > 1 && fits.iter().filter(|f| f.3).count() == 1 {
        fits.retain(|f| f.3);
    }
    if fits.len() > 1 && x != y {
        fits.retain(|(r, ..)| r.as_bytes()[0] != r.as_bytes()[1]);
    }
    if fits.len() != 1 {
        return None;
    }
    let (roll, cand, mut verdict, _) = fits.pop()?;
    verdict.record = cand;
    let mut f = f.clone();
    with_note(
        &mut f,
        format!(
            "did you mean the roll `{roll}`: the play as written is legal with it, and the rest of the game replays from it"
        ),
    );
    f.repair = Some(Box::new(Repair {
        span: digits,
        text: roll,
    }));
    f.continued = Some(Continued::Repair);
    Some(Attempt {
        finding: f,
        span: digits,
        verdict,
        full: true,
        as_played: None,
    })
}

/// Whether the roll of `f`'s stage is written smaller die first in a record that writes every
/// other roll of two different dice larger die first (as GNU Backgammon and most programs do).
fn dice_out_of_order(v: &Verdict, f: &Finding) -> bool {
    let Some(dice) = f.suggestions.as_deref().and_then(|s| s.dice_span) else {
        return false;
    };
    let Some(k) = stage_of_dice(&v.record, dice) else {
        return false;
    };
    if v.record.stages[k].a >= v.record.stages[k].b {
        return false;
    }
    let (mut high, mut low) = (0usize, 0usize);
    for st in &v.record.stages {
        if st.a > st.b {
            high += 1;
        } else if st.a < st.b {
            low += 1;
        }
    }
    low <= 1 && high >= 10
}

/// The play of `f` carried out as written (a play made at the board): the verdict of the
/// record with it, when the board allows it.
fn as_written_attempt(at: At<'_>, f: &Finding) -> Option<Attempt> {
    made_attempt(at, f, Continued::AsWritten)
}

/// The game of `f` continued from the board after its play, as `how` says: carried out as
/// written, or the board the record stores after it.
fn made_attempt(at: At<'_>, f: &Finding, how: Continued) -> Option<Attempt> {
    let At {
        v,
        check,
        budget,
        played,
        ..
    } = at;
    let s = f.suggestions.as_deref()?;
    if budget.get() == 0 {
        return None;
    }
    budget.set(budget.get() - 1);
    let mut with = played.to_vec();
    with.push((s.span.offset, how));
    let mut cv = check(&v.record, false, &with);
    // The walker continued only if the board allows every written hop (or a board is stored).
    cv.findings
        .iter()
        .find(|g| g.span == f.span && g.continued == Some(how))?;
    let end = game_end(v, s.span.offset);
    let full = reach(&cv, s.span.end(), end) >= end;
    cv.record = v.record.clone();
    let game = v
        .record
        .games
        .iter()
        .rev()
        .find(|g| g.number_span.offset < s.span.offset)
        .map_or(1, |g| g.number);
    let mut f = f.clone();
    with_note(
        &mut f,
        match how {
            Continued::StoredPosition => format!(
                "made at the board: the rest of game {game} was played from the position the file stores after it"
            ),
            _ => format!(
                "made at the board: the rest of game {game} was played from the position as written"
            ),
        },
    );
    f.continued = Some(how);
    Some(Attempt {
        finding: f,
        span: s.span,
        verdict: cv,
        full,
        as_played: Some((s.span.offset, how)),
    })
}

/// How the check goes on past the illegal play of `f`, in this order: a repair of the play
/// that the rest of the game confirms (or that replays further than any other, confirmed by
/// the repair of the next illegal play), a repair of the roll, the play as written (made at
/// the board: confirmed when the rest of the game replays, or up to a later illegal play that
/// is continued in turn). Where both a repair and the play as written let the rest replay,
/// the repair is taken and its help says that both fit. `None`: nothing is confirmed, and the
/// rest of the game is not checked.
fn continuation(at: At<'_>, f: &Finding, depth: usize, stored: bool) -> Option<Vec<Attempt>> {
    let At { v, played, .. } = at;
    // The record's own word first: a play it states was made at the board (an `IllegalPlay`
    // tag, OGXM's illegal set-position ply) goes on from the board the file stores after it,
    // else as written, when the rest of the game replays from there.
    if stated_at_board(v, f) {
        let stored_first = stored.then_some(Continued::StoredPosition);
        for how in stored_first.into_iter().chain([Continued::AsWritten]) {
            if let Some(a) = made_attempt(at, f, how).filter(|a| a.full) {
                return Some(vec![a]);
            }
        }
    }
    // Whether some legal play lets the rest of the game replay (alone or with others): then
    // the slip is in the play, and neither the roll nor the play as written is the answer.
    let full_seen = Cell::new(false);
    // A roll written against the record's own order (`26` where every other roll is written
    // larger die first) is itself the sign of a slip in the dice.
    if dice_out_of_order(v, f)
        && let Some(d) = dice_attempt(at, f)
    {
        return Some(vec![d]);
    }
    if let Some(mut a) = attempt(at, f, &full_seen) {
        if a.full {
            if let Some(w) = as_written_attempt(at, f)
                && w.full
                && let Some(h) = a.finding.help.as_mut()
            {
                let first = h.lines().next().unwrap_or_default().to_string();
                *h = h.replacen(
                    &first,
                    &format!(
                        "{first} (the play as written, made at the board, would let it replay too)"
                    ),
                    1,
                );
            }
            return Some(vec![a]);
        }
        // A repair of the roll that replays the whole game beats one of the play that only
        // replays further.
        if let Some(d) = dice_attempt(at, f) {
            return Some(vec![d]);
        }
        // Replaying further is confirmed only when the next illegal play of the game,
        // repaired in turn, lets the rest of the game replay without error.
        let end = game_end(&a.verdict, a.span.offset);
        let next = next_illegal(&a.verdict, a.span.end())
            .filter(|g| g.span.offset < end)
            .and_then(|g| {
                let next = At {
                    v: &a.verdict,
                    ..at
                };
                attempt(next, g, &Cell::new(false))
            })
            .filter(|b| b.full);
        if let Some(b) = next {
            return Some(vec![a, b]);
        }
    }
    if full_seen.get() {
        return None;
    }
    if let Some(a) = dice_attempt(at, f) {
        return Some(vec![a]);
    }
    // A board the file stores after the play (`.xg`) that the rest of the game replays from:
    // the file's own word for where the game went on.
    if stored && let Some(a) = made_attempt(at, f, Continued::StoredPosition).filter(|a| a.full) {
        return Some(vec![a]);
    }
    let a = as_written_attempt(at, f)?;
    if a.full {
        return Some(vec![a]);
    }
    // A later play illegal from the board as it stood: judged the same way, in turn.
    if depth == 0 {
        return None;
    }
    let end = game_end(&a.verdict, a.span.offset);
    let after = a.span.end();
    let g = next_illegal(&a.verdict, after).filter(|g| g.span.offset < end)?;
    if reach(&a.verdict, after, end) != g.span.offset {
        return None;
    }
    let mut with = played.to_vec();
    with.extend(a.as_played);
    let next = At {
        v: &a.verdict,
        played: &with,
        ..at
    };
    let rest = continuation(next, g, depth - 1, stored)?;
    let mut out = vec![a];
    out.extend(rest);
    Some(out)
}

/// The confirmed repair `play` (one of `forms`, the tried plays in the writer's form) made the
/// first suggestion of `f`: its plays lead with it, the others follow in their order, and the
/// help line naming the nearest plays names it first. Every output (the help, json and jsonl
/// `suggestions`, SARIF `fixes`, the HTML report's green play) then leads with the repair.
fn repair_first(f: &mut Finding, forms: &[String], play: &str) {
    let Some(s) = f.suggestions.as_deref_mut() else {
        return;
    };
    let Some(k) = forms.iter().position(|t| t == play) else {
        return;
    };
    let mut plays = vec![play.to_string()];
    plays.extend(
        s.tried
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != k)
            .map(|(_, t)| t.clone())
            .take(Suggestions::MAX - 1),
    );
    if let (Some(at), Some(help)) = (s.at.as_ref(), f.help.as_mut()) {
        let old = nearest_help(&s.plays, s.total, at.dice);
        let new = nearest_help(&plays, s.total, at.dice);
        *help = help.replace(&old, &new);
    }
    s.plays = plays;
}

/// The first illegal play with suggestions at or after `from`.
/// Whether the record states that the play of `f` was made at the board: an `IllegalPlay`
/// tag naming its game, turn and side.
fn stated_at_board(v: &Verdict, f: &Finding) -> bool {
    if v.record.tags("IllegalPlay").next().is_none()
        && v.record.tags("Illegal Play").next().is_none()
    {
        return false;
    }
    let mut one = [f.clone()];
    super::place_findings(&v.record, &mut one);
    let Some(p) = one[0].place else {
        return false;
    };
    v.record
        .tags("IllegalPlay")
        .chain(v.record.tags("Illegal Play"))
        .any(|(value, _)| {
            value
                .split(';')
                .filter_map(super::read_place)
                .any(|(game, turn, side)| {
                    game == p.game && Some(turn) == p.turn && Some(side) == p.side
                })
        })
}

fn next_illegal(v: &Verdict, from: usize) -> Option<&Finding> {
    v.findings
        .iter()
        .find(|f| f.severity == Severity::Error && f.span.offset >= from && f.suggestions.is_some())
}

/// The verdict of `first` (the record as written) with confirmed repairs found and the
/// check continued from them.
/// `stored`: the record stores the board after each play (`.xg`).
pub(super) fn confirm(
    text: Option<&str>,
    check: &Check<'_>,
    traces: bool,
    first: Verdict,
    stored: bool,
) -> Verdict {
    // The continued findings, each with the span it continues from.
    let mut repaired: Vec<(Finding, Span)> = Vec::new();
    let mut as_played: Vec<(usize, Continued)> = Vec::new();
    let mut verdict: Option<Verdict> = None;
    let mut from = 0usize;
    let mut tries = 0;
    let size = text.map_or(first.record.steps.len() * 8, str::len);
    let budget = Cell::new((BUDGET_BYTES / size.max(1)).clamp(16, 240));
    while tries < MAX_TRIES {
        tries += 1;
        let v = verdict.as_ref().unwrap_or(&first);
        let Some(f) = next_illegal(v, from) else {
            break;
        };
        from = f.span.end();
        let at = At {
            text,
            v,
            check,
            budget: &budget,
            played: &as_played,
        };
        let Some(accepted) = continuation(at, f, 4, stored) else {
            continue;
        };
        tries += accepted.len() - 1;
        for a in accepted {
            repaired.push((a.finding, a.span));
            as_played.extend(a.as_played);
            from = a.span.end();
            verdict = Some(a.verdict);
        }
    }
    let Some(current) = verdict else {
        return first;
    };
    let last = if traces {
        check(&current.record, true, &as_played)
    } else {
        current
    };
    // Where each continuation stands, with the end of its game.
    let spans: Vec<(Span, usize, bool)> = repaired
        .iter()
        .map(|(f, r)| {
            let made = f.continued != Some(Continued::Repair);
            (*r, game_end(&first, r.offset), made)
        })
        .collect();
    let mut findings = Vec::with_capacity(last.findings.len() + repaired.len());
    for mut f in last.findings {
        // A finding on what a continuation replaced concerns the replacement, not the record.
        if spans
            .iter()
            .any(|(s, ..)| f.span.offset >= s.offset && f.span.offset < s.end().max(s.offset + 1))
        {
            continue;
        }
        let rest = spans.iter().rev().find(|(s, end, _)| {
            f.span.offset >= s.end()
                && (f.span.offset < *end
                    || !first
                        .findings
                        .iter()
                        .any(|g| g.code == f.code && g.span == f.span))
        });
        if let Some((s, _, made)) = rest {
            f.rests_on = Some(*s);
            let note = if *made {
                "this finding rests on the play made at the board above: the game was replayed from the board it left"
            } else {
                "this finding rests on the repair above: the game was replayed from it"
            };
            f.help = Some(match f.help.take() {
                Some(h) => format!("{h}\n{note}"),
                None => note.to_string(),
            });
        }
        findings.push(f);
    }
    for (k, (mut f, _)) in repaired.into_iter().enumerate() {
        if let Some((s, ..)) = spans[..k]
            .iter()
            .rev()
            .find(|(s, end, _)| f.span.offset >= s.end() && f.span.offset < *end)
        {
            f.rests_on = Some(*s);
        }
        findings.push(f);
    }
    findings.sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
    Verdict {
        record: first.record,
        rules: first.rules,
        findings,
        games: last.games,
        rotation: first.rotation,
        more: Vec::new(),
        offset: 0,
    }
}

/// `text` with `repairs` applied (each replaces its span; one overlapping an earlier one is
/// left out). Every byte outside the repaired spans stays as it was, but for the spaces before
/// a second column on the same line, which take up the change in length so that the column
/// stays where it was.
///
/// ```
/// use tavla::notation::Span;
/// use tavla::replay::{Repair, apply_repairs};
/// let r = Repair { span: Span::new(4, 2), text: "53:".into() };
/// assert_eq!(apply_repairs(" 1) 53 8/3 6/3\r\n", &[r]), " 1) 53: 8/3 6/3\r\n");
/// let r = Repair { span: Span::new(9, 11), text: "24/18 13/9".into() };
/// assert_eq!(
///     apply_repairs("  1) 64: 24/18 13/10    31: 8/5 6/5\n", &[r]),
///     "  1) 64: 24/18 13/9     31: 8/5 6/5\n"
/// );
/// ```
pub fn apply_repairs(text: &str, repairs: &[Repair]) -> String {
    let mut sorted: Vec<&Repair> = repairs.iter().collect();
    sorted.sort_by_key(|r| r.span.offset);
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    let mut column: Option<Option<usize>> = None;
    for r in sorted {
        if r.span.offset < at || r.span.end() > text.len() {
            continue;
        }
        out.push_str(&text[at..r.span.offset]);
        out.push_str(&r.text);
        at = r.span.end();
        // A column that follows on the same line after two or more spaces stays where it was:
        // the run of spaces takes up the difference in length (keeping at least one).
        let gap = text[at..].bytes().take_while(|&b| b == b' ').count();
        let more = text[at + gap..]
            .bytes()
            .next()
            .is_some_and(|b| b != b'\n' && b != b'\r');
        if gap >= 2 && more && r.text.len() != r.span.len {
            let line_start = out.rfind('\n').map_or(0, |i| i + 1);
            let col = out[line_start..].chars().count();
            let want = match *column.get_or_insert_with(|| second_column(text)) {
                // The file's own second column, where the line can reach it.
                Some(c) if c > col => c - col,
                // A cell that runs past it keeps the gap written after it.
                Some(_) => gap,
                // With no column common to the file, the column stays where it stood.
                None => (gap + r.span.len).saturating_sub(r.text.len()).max(1),
            };
            out.extend(std::iter::repeat_n(' ', want));
            at += gap;
        }
    }
    out.push_str(&text[at..]);
    out
}

/// The column (in characters) where most lines of `text` start their second column: the text
/// after the last run of two or more spaces of a line that has text before it.
fn second_column(text: &str) -> Option<usize> {
    let mut counts: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    for line in text.lines() {
        let b = line.trim_end().as_bytes();
        let Some(first) = b.iter().position(|&c| c != b' ') else {
            continue;
        };
        let mut i = b.len();
        while i > first + 1 {
            if b[i - 1] == b' ' && b[i - 2] == b' ' {
                break;
            }
            i -= 1;
        }
        if i > first + 1 && i < b.len() {
            *counts.entry(line[..i].chars().count()).or_default() += 1;
        }
    }
    let (col, n) = counts
        .into_iter()
        .max_by_key(|&(c, n)| (n, std::cmp::Reverse(c)))?;
    (n >= 2).then_some(col)
}

/// A repaired `Wins` value keeps its unit in agreement: `Wins 3 points` repaired to 1 reads
/// `Wins 1 point`.
pub(super) fn fit_units(text: &str, findings: &mut [Finding]) {
    for f in findings {
        let Some(r) = f.repair.as_deref_mut() else {
            continue;
        };
        if !matches!(f.code, Code::WinsMismatch | Code::Draw) {
            continue;
        }
        let rest = text.get(r.span.end()..).unwrap_or("");
        let word = if rest.starts_with(" points") {
            " points"
        } else if rest.starts_with(" point") {
            " point"
        } else {
            continue;
        };
        let one = r.text == "1";
        r.span.len += word.len();
        r.text.push_str(if one { " point" } else { " points" });
    }
}

/// An empty cell read as an omitted forced play (records.md: a writer may leave out the only
/// legal play) while the game then goes wrong: when the rest of the game replays only if no
/// checker moved there, the roll is the defect. The warning becomes one error on the roll,
/// the later errors of the game that followed from the forced play are dropped, and when
/// exactly one roll fits it is the repair.
pub(super) fn omitted_dice(
    text: Option<&str>,
    check: &Check<'_>,
    traces: bool,
    mut v: Verdict,
) -> Verdict {
    let omitted: Vec<Span> = v
        .findings
        .iter()
        .filter(|f| f.code == Code::ForcedPlayOmitted)
        .map(|f| f.span)
        .collect();
    for span in omitted {
        let end = game_end(&v, span.offset);
        let wrong_later = |v: &Verdict| {
            v.findings.iter().any(|f| {
                f.severity == Severity::Error && f.span.offset > span.offset && f.span.offset < end
            })
        };
        if !wrong_later(&v) {
            continue;
        }
        let Some(k) = stage_of_dice(&v.record, span) else {
            continue;
        };
        let (x, y) = (v.record.stages[k].a, v.record.stages[k].b);
        if !(1..=6).contains(&x) || !(1..=6).contains(&y) {
            continue;
        }
        // The roll's token as written (`31:`), where the record has text.
        let written = text
            .and_then(|t| t.get(span.offset..span.end()))
            .filter(|w| w.len() >= 2 && w.is_char_boundary(2));
        // Every other roll, written as the record writes this one (larger die first or not).
        let mut fits: Vec<(String, Verdict)> = Vec::new();
        for a in 1..=6u8 {
            for c in 1..=a {
                if (a, c) == (x.max(y), x.min(y)) {
                    continue;
                }
                let (d1, d2) = if x >= y { (a, c) } else { (c, a) };
                let roll = format!("{d1}{d2}{}", written.map_or("", |w| &w[2..]));
                let cand = with_dice(&v.record, k, d1, d2);
                let cv = check(&cand, traces, &[]);
                // The roll fits when the empty entry is then a pass and the rest of the game
                // replays without error.
                let here = cv.findings.iter().any(|f| {
                    f.span.offset >= span.offset
                        && f.span.offset < span.end().max(span.offset + 1)
                        && f.severity >= Severity::Warning
                });
                if !here && !wrong_later(&cv) {
                    fits.push((roll, cv));
                }
            }
        }
        let Some((first_fit, cv)) = fits.first() else {
            continue;
        };
        let rolls: Vec<&str> = fits.iter().map(|(r, _)| r.trim_end_matches(':')).collect();
        let mut f = Finding::error(
            Code::DanceNotJustified,
            span,
            format!(
                "nothing is played, but with {x}{y} a play was legal; the rest of the game replays only if no checker moved here, so the roll is wrong"
            ),
        )
        .label("this roll");
        if fits.len() == 1 {
            f.help = Some(format!(
                "did you mean `{first_fit}`: the rest of the game replays from it"
            ));
            f.repair = Some(Box::new(Repair {
                span: if written.is_some() {
                    span
                } else {
                    Span::new(span.offset, 2)
                },
                text: first_fit.clone(),
            }));
        } else {
            f.help = Some(format!(
                "rolls with which nothing could be played and the rest of the game replays: {}",
                rolls.join(", ")
            ));
        }
        // The findings of the game from the roll on are those of the roll that fits.
        let in_game = |o: usize| o >= span.offset && o < end;
        v.findings.retain(|g| !in_game(g.span.offset));
        v.findings.extend(
            cv.findings
                .iter()
                .filter(|g| in_game(g.span.offset))
                .cloned(),
        );
        v.findings.push(f);
        v.findings
            .sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
        if let Some(k) = v
            .record
            .games
            .iter()
            .rposition(|g| g.number_span.offset <= span.offset)
            && let (Some(slot), Some(game)) = (v.games.get_mut(k), cv.games.get(k))
        {
            *slot = game.clone();
        }
        return v;
    }
    v
}
