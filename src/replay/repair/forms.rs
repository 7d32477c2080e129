//! The nearest legal plays as replacements of a written play, each in the writer's own form
//! where one changed number of the play makes it.

use crate::notation::parse_play;
use crate::replay::referee::check_play;
use crate::replay::{Suggestions, Verdict};
use crate::rules::Position;

/// A written play longer than this is not searched for its own form (a play of four
/// doublet steps with hit marks and repeats is shorter).
const MAX_WRITTEN: usize = 64;

/// The suggested plays as replacements of the written play: each in the writer's own form
/// (order, spacing, combined moves, marks) when changing one written number of the play
/// makes it, else as rendered. The smallest change is preferred, a changed origin weighing
/// three times a changed destination (as in the order of the suggestions); of equal changes,
/// the first; a `bar` in a game without one is read as the start point at no cost. (A
/// written play with two equal steps, `24/23 24/23` for 2-1, has two equally
/// near forms, `24/22 24/23` and `24/23 24/22`: the first is taken.)
pub(super) fn candidates(text: Option<&str>, s: &Suggestions, marks: bool) -> Vec<String> {
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
pub(super) fn marks_hits(v: &Verdict) -> bool {
    v.record.steps.iter().any(|st| st.path.any_marked())
}
