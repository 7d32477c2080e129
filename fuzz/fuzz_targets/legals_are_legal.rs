//! The legal-play generator agrees with the stepwise checker, for every variant and preset
//! (and a few options besides, `common::RULE_SETS`), through `RuleSet`.
//!
//! The fuzz bytes pick a rule set, then play stages from the start, two bytes each (dice and the
//! choice among the legal results), for as long as the input lasts, reaching an arbitrary
//! *reachable* position. For one more fuzz-chosen stage of dice:
//!
//! * every generated result, replayed with `RuleSet::step`, reaches the position it claims;
//! * its steps, written as one-hop `Segment`s, are accepted by `RuleSet::resolve` (reaching
//!   the same position) and by `check_forced`;
//! * an independent brute force over `RuleSet::step` with the play-level rules written out
//!   naively (`common::oracle`: head, runner, start quarter, blocks, Tapa's pins and mother)
//!   finds exactly the same set of results: those of the allowed sequences of the greatest
//!   effective length and, when only one die of a mixed roll can be played, the larger one if
//!   it can be.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::rules::{Position, RuleSet, Segment, Side, StageDice, check_forced};

mod common;
use common::oracle::{Expected, ends_game, expected, has_play_rules};
use common::{Bytes, max_steps, reach, results, rules_of, stage_of};

fn check_stage(r: &RuleSet, pos: &Position, side: Side, dice: StageDice) {
    let set = r.legal_plays(pos, side, dice);
    assert!(!set.is_empty(), "no result at all (the empty play is one)");
    assert_eq!(set.len(), results(&set).len());
    // `can_move` is the step rule's quick probe: where play-level rules (head, runner, blocks)
    // can forbid every step, a step may exist with no legal play; elsewhere the two agree.
    if has_play_rules(r) {
        assert!(
            r.can_move(pos, side, dice) || max_steps(&set) == 0,
            "can_move says no step for {dice}, but legal_plays plays one"
        );
    } else {
        assert_eq!(
            r.can_move(pos, side, dice),
            max_steps(&set) > 0,
            "can_move disagrees with legal_plays for {dice}"
        );
    }

    // Generated -> stepwise legal.
    for (result, steps) in results(&set) {
        assert!(set.contains(result));
        assert!(
            steps.len() == max_steps(&set) as usize
                || steps.len() < max_steps(&set) as usize && ends_game(r, result, side),
            "a result uses too few dice and does not end the game"
        );
        let mut dice_left = dice.dice();
        let mut p = *pos;
        for st in steps {
            let k = dice_left
                .iter()
                .position(|d| *d == st.die)
                .unwrap_or_else(|| panic!("step {st:?} uses a die not in {dice}"));
            dice_left.remove(k);
            let (next, again) = r
                .step(&p, side, st.from, st.die)
                .unwrap_or_else(|e| panic!("generated step {st:?} is illegal: {e:?}"));
            assert_eq!(&again, st, "generated step differs from RuleSet::step's");
            p = next;
        }
        assert_eq!(&p, result, "steps do not reach the generated result");

        let segments: Vec<Segment> = steps
            .iter()
            .map(|s| Segment {
                from: s.from,
                to: s.to,
            })
            .collect();
        let resolved = r
            .resolve(pos, side, dice, &segments)
            .unwrap_or_else(|e| panic!("resolve rejects generated {segments:?} for {dice}: {e:?}"));
        assert_eq!(
            &resolved.position, result,
            "resolve of {segments:?} reaches another position"
        );
        if let Err(e) = check_forced(&set, &resolved, dice) {
            panic!("check_forced rejects generated {segments:?} for {dice}: {e:?}");
        }
    }

    // Stepwise legal under the play-level rules (most dice, larger die) -> generated, and
    // nothing more.
    let Expected {
        max,
        results: expect,
    } = expected(r, pos, side, dice);
    assert_eq!(max, max_steps(&set) as usize, "max dice differ for {dice}");
    for p in &expect {
        assert!(
            set.contains(p),
            "a stepwise-legal result of {dice} is not generated: {p:?}"
        );
    }
    for (p, steps) in results(&set) {
        assert!(
            expect.contains(p),
            "a generated result of {dice} is not stepwise-legal: {steps:?}"
        );
    }
    assert_eq!(expect.len(), set.len(), "duplicate results for {dice}");
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let rules = rules_of(bytes.byte());
    // Two bytes a stage after the first mover's byte, while more than the final stage's byte
    // is left: the input's length sets how far the game goes.
    let stages = bytes.0.len().saturating_sub(2) / 2;
    let Some((pos, side)) = reach(&rules, &mut bytes, stages) else {
        return;
    };
    check_stage(&rules, &pos, side, stage_of(bytes.byte()));
});
