//! How the check goes on past each illegal play: the continuations tried in order, and the
//! verdict of the record continued from those confirmed.

use std::cell::Cell;

use super::attempts::{
    At, Attempt, as_written_attempt, attempt, dice_attempt, dice_out_of_order, made_attempt,
};
use super::{Check, game_end, next_illegal, reach};
use crate::notation::Span;
use crate::replay::Keep;
use crate::replay::{Continued, Finding, Verdict};

/// At most this many illegal plays of one record are tried (each try replays the record once
/// per candidate).
const MAX_TRIES: usize = 24;

/// Replays of the whole record spent on repairs at most: this many megabytes' worth, and at
/// least 16, at most 240 replays.
const BUDGET_BYTES: usize = 8_000_000;

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

/// Whether the record states that the play of `f` was made at the board: an `IllegalPlay`
/// tag naming its game, turn and side.
fn stated_at_board(v: &Verdict, f: &Finding) -> bool {
    if v.record.tags("IllegalPlay").next().is_none()
        && v.record.tags("Illegal Play").next().is_none()
    {
        return false;
    }
    let mut one = [f.clone()];
    crate::replay::place_findings(&v.record, &mut one);
    let Some(p) = one[0].place else {
        return false;
    };
    v.record
        .tags("IllegalPlay")
        .chain(v.record.tags("Illegal Play"))
        .any(|(value, _)| {
            value
                .split(';')
                .filter_map(crate::replay::read_place)
                .any(|(game, turn, side)| {
                    game == p.game && Some(turn) == p.turn && Some(side) == p.side
                })
        })
}

/// The verdict of `first` (the record as written) with confirmed repairs found and the
/// check continued from them.
/// `stored`: the record stores the board after each play (`.xg`).
pub(in crate::replay) fn confirm(
    text: Option<&str>,
    check: &Check<'_>,
    traces: Keep,
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
    let last = if traces.actions() {
        check(&current.record, traces, &as_played)
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
