//! The legal-play generator agrees with the stepwise checker, for Gul bara, backgammon
//! and nackgammon, through `RuleSet`.
//!
//! The fuzz bytes pick a variant, then play stages from the start, two bytes each (dice and the
//! choice among the legal results), for as long as the input lasts, reaching an arbitrary
//! *reachable* position. For one more fuzz-chosen stage of dice:
//!
//! * every generated result, replayed with `RuleSet::step`, reaches the position it claims;
//! * its steps, written as one-hop `Segment`s, are accepted by `RuleSet::resolve` (reaching
//!   the same position) and by `check_forced`;
//! * an independent brute force over `RuleSet::step` finds exactly the same set of results:
//!   those of the sequences using the most dice and, when only one die of a mixed roll can
//!   be played, the larger one if it can be.
#![no_main]

use std::collections::{HashMap, HashSet};

use libfuzzer_sys::fuzz_target;
use tavla::rules::{Position, RuleSet, Segment, Side, StageDice, check_forced};

mod common;
use common::{Bytes, max_steps, reach, results, rules_of, stage_of};

#[derive(Default)]
struct Brute {
    seen: HashSet<(Position, Vec<u8>)>,
    /// Every position reached, with the longest sequence reaching it.
    reached: HashMap<Position, usize>,
    /// Positions reached by a one-step sequence using the larger die of a mixed roll.
    by_high: HashSet<Position>,
}

/// Every sequence of single steps, plain depth-first over `RuleSet::step`.
fn brute(
    r: &RuleSet,
    b: &mut Brute,
    pos: Position,
    side: Side,
    left: &mut Vec<u8>,
    used: &mut Vec<u8>,
    high: Option<u8>,
) {
    let mut key = left.clone();
    key.sort_unstable();
    if !b.seen.insert((pos, key)) {
        return;
    }
    let e = b.reached.entry(pos).or_insert(0);
    *e = (*e).max(used.len());
    if used.len() == 1 && Some(used[0]) == high {
        b.by_high.insert(pos);
    }
    for i in 0..left.len() {
        let d = left[i];
        for from in 1..=25u8 {
            if let Ok((next, st)) = r.step(&pos, side, from, d) {
                assert_eq!(
                    (st.from, st.die),
                    (from, d),
                    "step reports another origin or die"
                );
                left.remove(i);
                used.push(d);
                brute(r, b, next, side, left, used, high);
                used.pop();
                left.insert(i, d);
            }
        }
    }
}

fn check_stage(r: &RuleSet, pos: &Position, side: Side, dice: StageDice) {
    let set = r.legal_plays(pos, side, dice);
    assert!(!set.is_empty(), "no result at all (the empty play is one)");
    assert_eq!(set.len(), results(&set).len());
    assert_eq!(
        r.can_move(pos, side, dice),
        max_steps(&set) > 0,
        "can_move disagrees with legal_plays for {dice}"
    );

    // Generated -> stepwise legal.
    for (result, steps) in results(&set) {
        assert!(set.contains(result));
        assert_eq!(
            steps.len(),
            max_steps(&set) as usize,
            "a result uses too few dice"
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

    // Stepwise legal (most dice, larger die) -> generated, and nothing more.
    let high = match dice {
        StageDice::Mixed { high, .. } => Some(high),
        StageDice::Double { .. } => None,
    };
    let mut b = Brute::default();
    brute(
        r,
        &mut b,
        *pos,
        side,
        &mut dice.dice(),
        &mut Vec::new(),
        high,
    );
    let max = b.reached.values().copied().max().unwrap_or(0);
    assert_eq!(max, max_steps(&set) as usize, "max dice differ for {dice}");
    let must_high = max == 1 && !b.by_high.is_empty();
    let expect: HashSet<Position> = b
        .reached
        .iter()
        .filter(|(p, n)| **n == max && (!must_high || b.by_high.contains(p)))
        .map(|(p, _)| *p)
        .collect();
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
