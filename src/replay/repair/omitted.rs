//! An empty cell read as an omitted forced play while the game then goes wrong: when the rest
//! of the game replays only if no checker moved there, the roll is the defect.

use super::edit::{stage_of_dice, with_dice};
use super::{Check, Repair, game_end};
use crate::codes::Code;
use crate::notation::Span;
use crate::replay::Keep;
use crate::replay::{Finding, Severity, Verdict};

/// An empty cell read as an omitted forced play (records.md: a writer may leave out the only
/// legal play) while the game then goes wrong: when the rest of the game replays only if no
/// checker moved there, the roll is the defect. The warning becomes one error on the roll,
/// the later errors of the game that followed from the forced play are dropped, and when
/// exactly one roll fits it is the repair.
pub(in crate::replay) fn omitted_dice(
    text: Option<&str>,
    check: &Check<'_>,
    traces: Keep,
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
