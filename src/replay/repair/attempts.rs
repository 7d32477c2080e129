//! One way of going on past an illegal play, tried by replaying the record: the nearest legal
//! plays in its place ([`attempt`]), a slip in one die of the roll ([`dice_attempt`]), or the
//! play as made at the board ([`made_attempt`]).

use std::cell::Cell;

use super::edit::{stage_at, stage_of_dice, with_dice, with_play};
use super::forms::{candidates, marks_hits};
use super::{Check, Repair, game_end, reach};
use crate::notation::{Play, Span, StageKind};
use crate::record::Match;
use crate::replay::referee::check_play;
use crate::replay::render::nearest_help;
use crate::replay::{Continued, Finding, Keep, Suggestions, Verdict};
use crate::rules::Roll;

/// Where the continuations of an illegal play are tried: the match's text (when its plays are
/// written in the notation), its verdict as it stands (with the repairs so far), how to check
/// it, the replays left, and the plays continued from the board so far.
#[derive(Copy, Clone)]
pub(super) struct At<'a> {
    pub(super) text: Option<&'a str>,
    pub(super) v: &'a Verdict,
    pub(super) check: &'a Check<'a>,
    pub(super) budget: &'a Cell<usize>,
    pub(super) played: &'a [(usize, Continued)],
}

impl At<'_> {
    /// The verdict of `m`, checked without traces, with the plays of `played` continued from
    /// the board: one replay of the budget, `None` when none is left.
    fn replay(&self, m: &Match, played: &[(usize, Continued)]) -> Option<Verdict> {
        if self.budget.get() == 0 {
            return None;
        }
        self.budget.set(self.budget.get() - 1);
        Some((self.check)(m, Keep::Findings, played))
    }
}

/// A continuation that won: its verdict, whose record is the match repaired (or as it is, for
/// a play carried out as written).
pub(super) struct Attempt {
    /// The finding, with its repair (if any) and the note.
    pub(super) finding: Finding,
    /// What was replaced (the play, or the roll).
    pub(super) span: Span,
    pub(super) verdict: Verdict,
    /// Whether the rest of the game replays without error.
    pub(super) full: bool,
    /// For a play continued from the board (as written, or as stored): the offset of its
    /// span, and how.
    pub(super) as_played: Option<(usize, Continued)>,
}

/// Try the nearest legal plays in place of the illegal play of `f`: the unique one that
/// replays the rest of the game without error, or strictly further than every other.
pub(super) fn attempt(at: At<'_>, f: &Finding, full_seen: &Cell<bool>) -> Option<Attempt> {
    let (text, v) = (at.text, at.v);
    let s = f.suggestions.as_deref()?;
    let end = game_end(v, s.span.offset);
    // Each candidate: how far it replays, the play, its verdict.
    let mut tried: Vec<(usize, String, Verdict)> = Vec::new();
    let forms = candidates(text, s, marks_hits(v));
    for play in &forms {
        if at.budget.get() == 0 {
            return None;
        }
        let Some(cand) = with_play(&v.record, s.span, play) else {
            continue;
        };
        let cv = at.replay(&cand, at.played)?;
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
pub(super) fn dice_attempt(at: At<'_>, f: &Finding) -> Option<Attempt> {
    let v = at.v;
    let s = f.suggestions.as_deref()?;
    let made = s.at.as_ref()?;
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
            let Ok(played_with) =
                check_play(&made.rules, &made.pos, made.side, roll.stage(), &play)
            else {
                continue;
            };
            // Every step moves exactly its die (no bear-off with a larger die).
            let exact = played_with.steps.iter().all(|st| {
                st.from.abs_diff(st.to) == st.die || (st.from == 25 && st.to + st.die == 25)
            });
            let cand = with_dice(&v.record, k, a, b);
            let cv = at.replay(&cand, at.played)?;
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
pub(super) fn dice_out_of_order(v: &Verdict, f: &Finding) -> bool {
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
pub(super) fn as_written_attempt(at: At<'_>, f: &Finding) -> Option<Attempt> {
    made_attempt(at, f, Continued::AsWritten)
}

/// The game of `f` continued from the board after its play, as `how` says: carried out as
/// written, or the board the record stores after it.
pub(super) fn made_attempt(at: At<'_>, f: &Finding, how: Continued) -> Option<Attempt> {
    let v = at.v;
    let s = f.suggestions.as_deref()?;
    let mut with = at.played.to_vec();
    with.push((s.span.offset, how));
    let mut cv = at.replay(&v.record, &with)?;
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
