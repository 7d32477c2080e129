//! Shared by the rules targets (`legals_are_legal`, `check_play`): reading the fuzz bytes,
//! the rule sets, reaching a position by legal stages from the start, and the only code that
//! reads a `PlaySet`'s contents (so a change of its fields touches this file alone).
#![allow(dead_code)]

use tavla::rules::options::{BackgammonOptions, GulBaraOptions};
use tavla::rules::{PlaySet, Position, Roll, RuleSet, Side, StageDice, Step};

/// The fuzz input, read a byte at a time (0 once it is used up).
pub struct Bytes<'a>(pub &'a [u8]);

impl<'a> Bytes<'a> {
    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }
    /// What is left of the input.
    pub fn rest(&mut self) -> &'a [u8] {
        std::mem::take(&mut self.0)
    }
}

/// One of Gul bara (bulgarian), backgammon and nackgammon.
pub fn rules_of(b: u8) -> RuleSet {
    match b % 3 {
        0 => RuleSet::GulBara(GulBaraOptions::preset("bulgarian").unwrap()),
        1 => RuleSet::Backgammon(BackgammonOptions::preset("backgammon").unwrap()),
        _ => RuleSet::Backgammon(BackgammonOptions::preset("nackgammon").unwrap()),
    }
}

pub fn roll_of(b: u8) -> Roll {
    let v = b % 36;
    Roll {
        a: v % 6 + 1,
        b: v / 6 + 1,
    }
}

/// The dice of a final stage: a roll, or a (partial) doublet stage as in a chain or a
/// received remainder.
pub fn stage_of(b: u8) -> StageDice {
    if b & 0x80 == 0 {
        roll_of(b).stage()
    } else {
        StageDice::Double {
            value: b % 6 + 1,
            count: (b >> 3) % 5,
        }
    }
}

/// Is the game over (one side has borne off everything)?
fn over(pos: &Position) -> bool {
    pos.off(Side::White) == 15 || pos.off(Side::Black) == 15
}

/// Play `stages` stages from the start, two bytes each (the roll, and the choice among the
/// legal results), with the first mover from the next byte. Mostly the sides alternate;
/// sometimes the same side plays again (a chain stage, a remainder). `None` when the game is
/// over before the last stage has been played or right after it.
pub fn reach(rules: &RuleSet, bytes: &mut Bytes, stages: usize) -> Option<(Position, Side)> {
    let mut pos = rules.start();
    let mut side = if bytes.byte() & 1 == 0 {
        Side::White
    } else {
        Side::Black
    };
    for _ in 0..stages {
        if over(&pos) {
            return None;
        }
        let d = bytes.byte();
        let set = rules.legal_plays(&pos, side, roll_of(d).stage());
        let pick = bytes.byte() as usize * set.len() / 256;
        pos = *result(&set, pick).0;
        if d < 216 {
            side = side.other();
        }
    }
    (!over(&pos)).then_some((pos, side))
}

// The readers of `PlaySet`.

/// Dice the best plays use.
pub fn max_steps(set: &PlaySet) -> u8 {
    set.max_steps()
}

/// The `k`-th legal result and the steps that reach it.
pub fn result(set: &PlaySet, k: usize) -> (&Position, &[Step]) {
    set.get(k).expect("a result index below the set's length")
}

/// Every legal result with the steps that reach it.
pub fn results(set: &PlaySet) -> impl ExactSizeIterator<Item = (&Position, &[Step])> + '_ {
    set.results()
}
