//! Shared by the rules targets (`legals_are_legal`, `check_play`): reading the fuzz bytes,
//! the rule sets, reaching a position by legal stages from the start, and the only code that
//! reads a `PlaySet`'s contents (so a change of its fields touches this file alone). The
//! brute-force oracle of the legal plays, with the play-level rules written out naively, is
//! `oracle.rs`.
#![allow(dead_code)]

use tavla::rules::{PlaySet, Position, Roll, RuleSet, Side, StageDice, Step, Variant};

pub mod oracle;

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

/// Every variant and preset the rules targets play, with a few options besides the presets'
/// (each is a `(variant name, preset, key=value options)` row; rotating matches are these
/// rule sets game by game).
pub const RULE_SETS: &[(&str, &str, &[&str])] = &[
    ("gul-bara", "bulgarian", &[]),
    ("backgammon", "backgammon", &[]),
    ("backgammon", "nackgammon", &[]),
    ("gul-bara", "english", &[]),
    ("gul-bara", "simple", &[]),
    ("backgammon", "short-nardy", &[]),
    ("backgammon", "obiknovena", &[]),
    ("backgammon", "portes", &[]),
    ("backgammon", "tavla", &[]),
    ("long-nardy", "federation", &[]),
    ("long-nardy", "club", &[]),
    ("long-nardy", "home-prime", &[]),
    ("long-nardy", "federation", &["head_doubles=64"]),
    (
        "long-nardy",
        "federation",
        &["head_doubles=none", "block_check=play"],
    ),
    (
        "long-nardy",
        "federation",
        &["head_exception_blocked=two", "prime_rule=none"],
    ),
    ("long-nardy", "home-prime", &["block_check=step"]),
    ("fevga", "greek", &[]),
    ("fevga", "moultezim", &[]),
    ("fevga", "greek", &["runner=start-quarter"]),
    ("fevga", "greek", &["runner=none", "start_quarter=allowed"]),
    ("fevga", "greek", &["block_check=play"]),
    ("tapa", "bulgarian", &[]),
    ("tapa", "plakoto", &[]),
    ("tapa", "bulgarian", &["mother_check=turn"]),
];

/// The rule set of row `k` of [`RULE_SETS`].
pub fn rule_set(k: usize) -> RuleSet {
    let (name, preset, options) = RULE_SETS[k];
    let (variant, _) = Variant::from_name(name).expect("a variant name");
    let mut rules = RuleSet::default_for(variant)
        .with_preset(preset)
        .expect("a preset of the variant");
    for kv in options {
        rules.set(kv).expect("an option of the variant");
    }
    rules
}

/// The rule set a fuzz byte picks: a row of [`RULE_SETS`].
pub fn rules_of(b: u8) -> RuleSet {
    rule_set(b as usize % RULE_SETS.len())
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
