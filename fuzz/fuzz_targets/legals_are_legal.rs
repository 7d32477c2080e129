//! The legal-play generator agrees with the stepwise checker, for Gul bara and backgammon.
//!
//! The fuzz bytes pick a variant, then play stages from the start, two bytes each (dice and the
//! choice among the legal results), for as long as the input lasts, reaching an arbitrary
//! *reachable* position. For one more fuzz-chosen stage of dice:
//!
//! * every generated result, replayed with `Rules::step`, reaches the position it claims;
//! * its steps, written as one-hop `Segment`s, are accepted by `Rules::resolve` (reaching
//!   the same position) and by `check_forced`;
//! * an independent brute force over `Rules::step` finds exactly the same set of results:
//!   those of the sequences using the most dice and, when only one die of a mixed roll can
//!   be played, the larger one if it can be.
#![no_main]

use std::collections::{HashMap, HashSet};

use libfuzzer_sys::fuzz_target;
use tavla::rules::backgammon::Backgammon;
use tavla::rules::gul_bara::GulBara;
use tavla::rules::options::{BackgammonOptions, GulBaraOptions};
use tavla::rules::{Position, Roll, Rules, Segment, Side, StageDice, check_forced};

struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
}

fn roll_of(b: u8) -> Roll {
    let v = b % 36;
    Roll {
        a: v % 6 + 1,
        b: v / 6 + 1,
    }
}

/// The dice of the final stage: a roll, or a (partial) doublet stage as in a chain or a
/// received remainder.
fn stage_of(bytes: &mut Bytes) -> StageDice {
    let b = bytes.byte();
    if b & 0x80 == 0 {
        roll_of(b).stage()
    } else {
        StageDice::Double {
            value: b % 6 + 1,
            count: (b >> 3) % 5,
        }
    }
}

#[derive(Default)]
struct Brute {
    seen: HashSet<(Position, Vec<u8>)>,
    /// Every position reached, with the longest sequence reaching it.
    reached: HashMap<Position, usize>,
    /// Positions reached by a one-step sequence using the larger die of a mixed roll.
    by_high: HashSet<Position>,
}

/// Every sequence of single steps, plain depth-first over `Rules::step`.
fn brute<R: Rules>(
    r: &R,
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

fn check_stage<R: Rules>(r: &R, pos: &Position, side: Side, dice: StageDice) {
    let set = r.legal_plays(pos, side, dice);
    assert!(!set.is_empty(), "no result at all (the empty play is one)");
    assert_eq!(set.len(), set.results().len());
    assert_eq!(
        r.can_move(pos, side, dice),
        set.max_steps() > 0,
        "can_move disagrees with legal_plays for {dice}"
    );

    // Generated -> stepwise legal.
    for (result, steps) in set.results() {
        assert!(set.contains(result));
        assert_eq!(
            steps.len(),
            set.max_steps() as usize,
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
            assert_eq!(&again, st, "generated step differs from Rules::step's");
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
    assert_eq!(max, set.max_steps() as usize, "max dice differ for {dice}");
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
    for (p, steps) in set.results() {
        assert!(
            expect.contains(p),
            "a generated result of {dice} is not stepwise-legal: {steps:?}"
        );
    }
    assert_eq!(expect.len(), set.len(), "duplicate results for {dice}");
}

fn run<R: Rules>(r: &R, bytes: &mut Bytes) {
    let mut pos = r.start();
    let mut side = if bytes.byte() & 1 == 0 {
        Side::White
    } else {
        Side::Black
    };
    // Two bytes a stage (dice, choice) while more than the final stage's byte is left: the
    // input's length sets how far the game goes.
    while bytes.0.len() > 2 {
        if pos.off(Side::White) == 15 || pos.off(Side::Black) == 15 {
            return;
        }
        let d = bytes.byte();
        let set = r.legal_plays(&pos, side, roll_of(d).stage());
        let pick = bytes.byte() as usize * set.len() / 256;
        pos = set.positions()[pick];
        // Mostly alternate; sometimes the same side plays again (a chain stage, a remainder).
        if d < 216 {
            side = side.other();
        }
    }
    if pos.off(Side::White) == 15 || pos.off(Side::Black) == 15 {
        return;
    }
    let dice = stage_of(bytes);
    check_stage(r, &pos, side, dice);
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes(data);
    let v = bytes.byte();
    match v % 3 {
        0 => run(
            &GulBara {
                options: GulBaraOptions::preset("bulgarian").unwrap(),
            },
            &mut bytes,
        ),
        1 => run(
            &Backgammon {
                options: BackgammonOptions::preset("backgammon").unwrap(),
            },
            &mut bytes,
        ),
        _ => run(
            &Backgammon {
                options: BackgammonOptions::preset("nackgammon").unwrap(),
            },
            &mut bytes,
        ),
    }
});
