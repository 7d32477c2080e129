//! What a turn cell holds as written: its stages as text, and its hops for the marks and
//! arrows of a diagram.

use super::Hop;
use crate::notation::{CellBody, Loc, Span, Stage, StageKind, StepText};
use crate::replay::{ActionTrace, Verdict};
use crate::rules::Side;

/// The stages of action `i` of game `game` as written: `64: 24/18 18/14 +33: …`.
pub fn written_play(v: &Verdict, i: usize, game: usize) -> Option<String> {
    let a = v.record.games.get(game)?.actions.get(i)?;
    let CellBody::Turn { stages } = &a.cell.body else {
        return None;
    };
    let parts: Vec<String> = stages
        .of(&v.record.stages)
        .iter()
        .map(|s| {
            let steps: Vec<String> = s
                .moves
                .steps
                .of(&v.record.steps)
                .iter()
                .map(|st| st.to_string())
                .collect();
            format!("{}: {}", stage_dice(s), steps.join(" "))
                .trim_end()
                .to_string()
        })
        .collect();
    Some(parts.join(" "))
}

fn stage_dice(s: &Stage) -> String {
    match s.kind {
        StageKind::Received => format!("({}{})", s.a, s.b),
        StageKind::Roll => format!("{}{}", s.a, s.b),
        StageKind::Chain => format!("+{}{}", s.a, s.b),
    }
}

/// The written hop that a finding's `span` points at: within the step token holding the span,
/// the first hop lying wholly inside the span, else the first whose destination (then origin)
/// lies inside it, else the token's first hop.
pub fn hop_at(steps: &[StepText], span: Span, side: Side) -> Option<Hop> {
    let inside = |s: Span| span.offset >= s.offset && span.offset < s.end().max(s.offset + 1);
    let st = steps.iter().find(|st| inside(st.span))?;
    let within = |sp: Span| span.offset <= sp.offset && sp.end() <= span.end();
    let hops: Vec<_> = st.path.hops().collect();
    let (a, b) = hops
        .iter()
        .find(|(a, b)| within(a.2) && within(b.2))
        .or_else(|| hops.iter().find(|(_, b)| within(b.2)))
        .or_else(|| hops.iter().find(|(a, _)| within(a.2)))
        .or(hops.first())?;
    Some(Hop {
        side,
        from: a.0.index(),
        to: b.0.index(),
    })
}

/// Every hop of written steps, repetitions expanded (mover's numbering).
pub fn play_hops(steps: &[StepText], side: Side) -> Vec<Hop> {
    steps
        .iter()
        .flat_map(|st| st.hops())
        .map(|(from, to, _)| Hop {
            side,
            from: from.index(),
            to: to.index(),
        })
        .collect()
}

/// The written hops of a turn's play, for arrows (mover's numbering).
pub fn written_hops(v: &Verdict, game: usize, action: usize) -> Vec<Hop> {
    let mut out = Vec::new();
    let (Some(a), Some(ActionTrace::Turn { side, .. } | ActionTrace::Unchecked { side, .. })) = (
        v.record.games.get(game).and_then(|g| g.actions.get(action)),
        v.games.get(game).and_then(|g| g.actions.get(action)),
    ) else {
        return out;
    };
    if let CellBody::Turn { stages } = &a.cell.body {
        for s in stages.of(&v.record.stages) {
            for st in s.moves.steps.of(&v.record.steps) {
                for (from, to, _) in st.hops() {
                    if from != Loc::Off {
                        out.push(Hop {
                            side: *side,
                            from: from.index(),
                            to: to.index(),
                        });
                    }
                }
            }
        }
    }
    out
}
