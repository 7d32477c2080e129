//! The referee's `check_play` on written plays, in both notations, against reachable positions.
//!
//! The fuzz bytes pick a rule set (every variant and preset, `common::RULE_SETS`), a few flags, a number of
//! stages played from the start (two bytes each, as in `legals_are_legal`), the dice of one
//! more stage and a play text: either the rest of the input as text, or one of the stage's
//! legal results written with `render_steps` (or in the board-letter form with
//! `write_letters`) and then edited by the rest of the input (bytes replaced, inserted or
//! deleted, notation tokens inserted). The text is read with `parse_play` or
//! `parse_letter_play` and judged by `check_play`:
//!
//! * nothing panics;
//! * every span (syntax errors, the problem and its segments, hit claims) lies inside the
//!   text, on `char` boundaries;
//! * a legal verdict reaches a position in `legal_plays`' set, by steps that replay with
//!   `RuleSet::step` on the stage's dice;
//! * a rejection agrees with the rules: a `Steps` problem is the error `RuleSet::resolve`
//!   gives for the same segments, a `Forced` problem's segments resolve to a position not in
//!   the legal set, `NoBar` / `NoHitting` only where nothing is hit;
//! * a legal result written out unedited is legal, reaches that result and has no hit-claim
//!   warnings;
//! * a letter play whose count meets a hit mark (`4x9-11`) is judged in both readings by
//!   `check_readings`: a legal reading whenever there is one, the count reading when both
//!   are, the same verdict as `check_play` on the reading chosen.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::notation::{
    Column, Play, Span, SyntaxError, parse_letter_play, parse_play, write_letters,
};
use tavla::replay::referee::{HitClaim, ProblemKind, Reading, check_play, check_readings};
use tavla::replay::render_steps;
use tavla::rules::{Position, RuleSet, Side, StageDice, Step};

mod common;
use common::{Bytes, reach, result, rules_of, stage_of};

/// Tokens the edits insert: the notations' own, and multi-byte characters.
const TOKENS: &[&str] = &[
    "/",
    "*",
    "(2)",
    "(4)",
    "(9)",
    "bar",
    "off",
    " ",
    "-",
    "x",
    "×",
    "A",
    "А",
    " and ",
    "=",
    "–",
    "—",
    "0",
    "25",
    "13",
    "6",
    "12A",
    "7A",
    "W ",
    "B ",
    "Б ",
    "6/4 = ",
    ",",
    "и",
    "é",
    "\u{301}",
    "\u{a0}",
    "🎲",
    "99999999999999999999",
    "2x",
    "4×",
];

/// How the play is written and read.
#[derive(Copy, Clone)]
enum Form {
    /// The standard mover-relative form (`24/18 13/11*`).
    Standard,
    /// The board-letter form, named as White sees the board; a Black play goes through the
    /// game's own mapping of points (`RuleSet::opposite`), or, when `right`, through the
    /// letters' Black column (`pA` = own `p`, which is that mapping in backgammon only).
    Letters { right: bool },
}

fn check_span(text: &str, span: Span, what: &str) {
    let end = span
        .offset
        .checked_add(span.len)
        .unwrap_or_else(|| panic!("{what}: span {span:?} overflows"));
    assert!(
        end <= text.len() && text.is_char_boundary(span.offset) && text.is_char_boundary(end),
        "{what}: span {span:?} outside {text:?} or not on char boundaries"
    );
}

/// The play, and in the letter form the other reading of a count glued to a hit mark.
fn read(
    rules: &RuleSet,
    form: Form,
    side: Side,
    text: &str,
) -> Result<(Play, Option<Play>), Vec<SyntaxError>> {
    match form {
        Form::Standard => parse_play(text).map(|p| (p, None)),
        Form::Letters { right } => {
            let lp = parse_letter_play(text)?;
            let own = |p: Play| match side {
                Side::White => p,
                Side::Black if right => p,
                Side::Black => p.map_points(|q| rules.opposite(q)),
            };
            let column = if side == Side::Black && right {
                Column::Right
            } else {
                Column::Left
            };
            Ok((own(lp.play(column)), lp.hit_reading(column).map(own)))
        }
    }
}

/// Write `steps` in `form`; `flags` choose a roll before `=`, the player letter and the
/// typographic dashes of the letter form.
fn write(
    rules: &RuleSet,
    form: Form,
    side: Side,
    dice: StageDice,
    steps: &[Step],
    flags: u8,
) -> String {
    let standard = render_steps(steps);
    let Form::Letters { right } = form else {
        return standard;
    };
    let Ok(play) = parse_play(&standard) else {
        // Only the empty play has no standard form.
        assert!(
            steps.is_empty(),
            "render_steps gives {standard:?}, which does not parse"
        );
        return String::new();
    };
    let roll = (flags & 0x10 != 0).then_some(match dice {
        StageDice::Mixed { high, low } => (high, low),
        StageDice::Double { value, .. } => (value, value),
    });
    let typographic = flags & 0x20 != 0;
    let letters = match side {
        Side::White => write_letters(&play, Column::Left, roll, typographic),
        Side::Black if right => write_letters(&play, Column::Right, roll, typographic),
        Side::Black => write_letters(
            &play.map_points(|q| rules.opposite(q)),
            Column::Left,
            roll,
            typographic,
        ),
    };
    match (flags & 0x40 != 0, side) {
        (false, _) => letters,
        (true, Side::White) => format!("W {letters}"),
        (true, Side::Black) => format!("B {letters}"),
    }
}

/// Apply the edits of `ops` (three bytes each: what, where, which) to `text`.
fn edit(text: &str, ops: &[u8]) -> String {
    let mut b = text.as_bytes().to_vec();
    for op in ops.chunks_exact(3) {
        let at = op[1] as usize * (b.len() + 1) / 256;
        match op[0] % 4 {
            0 if at < b.len() => b[at] = op[2],
            0 | 1 => b.insert(at, op[2]),
            2 if at < b.len() => {
                b.remove(at);
            }
            _ => {
                let t = TOKENS[op[2] as usize % TOKENS.len()];
                b.splice(at..at, t.bytes());
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let rules = rules_of(bytes.byte());
    let flags = bytes.byte();
    let stages = bytes.byte() as usize;
    let Some((pos, side)) = reach(&rules, &mut bytes, stages) else {
        return;
    };
    let dice = stage_of(bytes.byte());
    let pick = bytes.byte() as usize;
    let set = rules.legal_plays(&pos, side, dice);

    let form = if flags & 1 == 0 {
        Form::Standard
    } else {
        Form::Letters {
            right: flags & 2 != 0 && matches!(rules, RuleSet::Backgammon(_)),
        }
    };
    // The text, and the legal result (with its steps) when it is one written out unedited.
    let (text, written): (String, Option<(Position, &[Step])>) = if flags & 0x0c == 0 {
        (String::from_utf8_lossy(bytes.rest()).into_owned(), None)
    } else {
        let (res, steps) = result(&set, pick * set.len() / 256);
        let plain = write(&rules, form, side, dice, steps, flags);
        let text = edit(&plain, bytes.rest());
        let same = text == plain;
        (text, same.then_some((*res, steps)))
    };

    let (play, hit_reading) = match read(&rules, form, side, &text) {
        Ok(p) => p,
        // The empty play has no written form: check it as the empty list of steps.
        Err(_) if written.is_some_and(|(_, s)| s.is_empty()) => (Play::default(), None),
        Err(errors) => {
            for e in &errors {
                check_span(&text, e.span, e.code.as_str());
            }
            assert!(
                written.is_none(),
                "the legal play {text:?} does not parse: {errors:?}"
            );
            return;
        }
    };

    // Both readings of a count glued to a hit mark: the verdict is the chosen reading's, a
    // legal reading is chosen whenever there is one, and the count reading when both are.
    if let Some(hit) = &hit_reading {
        let r = check_readings(&rules, &pos, side, dice, &play, hit);
        let by_count = check_play(&rules, &pos, side, dice, &play);
        let by_hit = check_play(&rules, &pos, side, dice, hit);
        let chosen = match r.reading {
            Reading::Count => &by_count,
            Reading::Hit => &by_hit,
        };
        assert_eq!(
            r.verdict
                .as_ref()
                .map(|c| c.position)
                .map_err(|p| p.kind.clone()),
            chosen
                .as_ref()
                .map(|c| c.position)
                .map_err(|p| p.kind.clone()),
            "{text:?}: check_readings disagrees with check_play"
        );
        assert_eq!(r.both_legal, by_count.is_ok() && by_hit.is_ok(), "{text:?}");
        if by_count.is_ok() {
            assert_eq!(r.reading, Reading::Count, "{text:?}");
        } else if by_hit.is_ok() {
            assert_eq!(r.reading, Reading::Hit, "{text:?}");
        }
        if let Err(p) = &r.verdict {
            check_span(&text, p.span, "reading problem");
        }
    }

    match check_play(&rules, &pos, side, dice, &play) {
        Ok(c) => {
            assert!(
                set.contains(&c.position),
                "{text:?} is called legal for {dice}, but its result is not in the legal set"
            );
            let mut left = dice.dice();
            let mut p = pos;
            for st in &c.steps {
                let k = left
                    .iter()
                    .position(|d| *d == st.die)
                    .unwrap_or_else(|| panic!("{text:?}: step {st:?} uses a die not in {dice}"));
                left.remove(k);
                let (next, again) = rules
                    .step(&p, side, st.from, st.die)
                    .unwrap_or_else(|e| panic!("{text:?}: step {st:?} is illegal: {e:?}"));
                assert_eq!(
                    &again, st,
                    "{text:?}: the step differs from RuleSet::step's"
                );
                p = next;
            }
            assert_eq!(p, c.position, "{text:?}: the steps do not reach the result");
            for h in &c.hit_claims {
                if let HitClaim::NoBlot { span, .. } = h {
                    check_span(&text, *span, "hit claim");
                }
            }
            if let Some((res, _)) = written {
                assert_eq!(
                    c.position, res,
                    "the legal play {text:?} reaches another result"
                );
                assert!(
                    c.hit_claims.is_empty(),
                    "the legal play {text:?} has hit-claim warnings: {:?}",
                    c.hit_claims
                );
            }
        }
        Err(problem) => {
            assert!(
                written.is_none(),
                "the legal play {text:?} for {dice} is rejected: {problem:?}"
            );
            check_span(&text, problem.span, "problem");
            assert_eq!(
                problem.segments.len(),
                problem.segment_spans.len(),
                "{text:?}: a span per segment"
            );
            for s in &problem.segment_spans {
                check_span(&text, *s, "segment");
            }
            match &problem.kind {
                ProblemKind::NoBar | ProblemKind::NoHitting => {
                    assert!(
                        !rules.hits(),
                        "{text:?}: {:?} in a game with hits",
                        problem.kind
                    );
                }
                ProblemKind::Steps(e) => {
                    let again = rules.resolve(&pos, side, dice, &problem.segments);
                    assert_eq!(
                        again.as_ref().err(),
                        Some(e),
                        "{text:?}: the referee and RuleSet::resolve disagree"
                    );
                }
                ProblemKind::Forced(e) => {
                    let r = rules
                        .resolve(&pos, side, dice, &problem.segments)
                        .unwrap_or_else(|e2| {
                            panic!("{text:?}: forced-play problem {e:?}, but resolve says {e2:?}")
                        });
                    assert!(
                        !set.contains(&r.position),
                        "{text:?}: rejected ({e:?}), but its result is in the legal set"
                    );
                }
                _ => {}
            }
        }
    }
});
