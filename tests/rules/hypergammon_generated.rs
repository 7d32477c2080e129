//! Hypergammon-3 and Longgammon matches played by tavla's own engine (gnubg has no Longgammon,
//! and its 3-checker database takes hours to build): every roll's legal set agrees with the
//! bkgm crate (an independent engine, `Position<3>` and `Position<15>`), the matches validate
//! with no finding, survive the `.mat` ⇄ JSON round trip, and a single changed step is
//! reported at its line. The committed ones (`fixtures/hypergammon/generated/`) are exactly
//! what the generator writes for their seeds.

use crate::common::generated::AtTheirLine;
use crate::common::{assert_round_trip, valid};
use crate::peer::from_bkgm;

use std::collections::HashSet;

use bkgm::{ClassicRules, Dice, legal_positions_with};
use tavla::generate::{Settings, random_match};
use tavla::replay::ActionTrace;
use tavla::rules::{BAR, Position, Roll, RuleSet, Side, Variant};

/// The generated matches: (variant, length, seed).
const MATCHES: &[(Variant, u64, u64)] = &[
    (Variant::Hypergammon3, 3, 1),
    (Variant::Hypergammon3, 5, 2),
    (Variant::Hypergammon3, 7, 3),
    (Variant::Hypergammon3, 0, 4),
    (Variant::Longgammon, 1, 5),
    (Variant::Longgammon, 3, 6),
    (Variant::Longgammon, 5, 7),
    (Variant::Longgammon, 0, 8),
];

fn record(variant: Variant, length: u64, seed: u64) -> String {
    let mut st = Settings::new(RuleSet::default_for(variant), length);
    st.resign_rate = 0.01;
    st.double_rate = 0.1;
    random_match(&st, seed)
}

fn file_name(variant: Variant, length: u64, seed: u64) -> String {
    format!(
        "fixtures/hypergammon/generated/{}-{length}pt-{seed}.mat",
        variant.name()
    )
}

/// The position in bkgm's representation, seen from `me` (see `tests/peer/mod.rs`).
fn to_bkgm<const N: u8>(p: &Position, me: Side) -> bkgm::Position<N> {
    let mut pips = [0i8; 26];
    for loc in 1..=BAR {
        pips[loc as usize] += p.count(me, loc) as i8;
        pips[(25 - loc) as usize] -= p.count(me.other(), loc) as i8;
    }
    bkgm::Position::<N>::try_from(pips).expect("a bkgm position")
}

/// tavla's and bkgm's result sets of one roll, when they differ.
fn differs<const N: u8>(
    rules: &RuleSet,
    before: &Position,
    side: Side,
    dice: (u8, u8),
) -> Option<String> {
    let stage = Roll {
        a: dice.0,
        b: dice.1,
    }
    .stage();
    let set = rules.legal_plays(before, side, stage);
    let ours: HashSet<Position> = if set.max_steps() == 0 {
        HashSet::from([*before])
    } else {
        set.positions().iter().copied().collect()
    };
    let theirs: HashSet<Position> = legal_positions_with::<ClassicRules, N>(
        to_bkgm::<N>(before, side),
        &Dice::new(dice.0 as usize, dice.1 as usize),
    )
    .into_iter()
    .map(|r| from_bkgm::<N>(r, side))
    .collect();
    (ours != theirs).then(|| {
        format!(
            "{side:?} {dice:?} from {before:?}: {} by tavla, {} by bkgm",
            ours.len(),
            theirs.len()
        )
    })
}

/// Given the generated matches, then every roll's set of distinct legal results is bkgm's,
/// each match is valid with no finding under the variant its header names, its JSON survives
/// the round trip, and the committed copies are the generator's output.
#[test]
fn generated_matches_agree_with_bkgm_validate_and_round_trip() {
    let mut rolls = 0;
    let mut variants = HashSet::new();
    for &(variant, length, seed) in MATCHES {
        let text = record(variant, length, seed);
        let committed =
            std::fs::read_to_string(file_name(variant, length, seed)).expect("the committed copy");
        assert_eq!(
            committed,
            text,
            "{} is not the generator's output",
            file_name(variant, length, seed)
        );
        let v = valid(&text, &format!("{variant} seed {seed}"));
        let rules = v.rules.expect("checked");
        assert_eq!(rules.variant(), variant);
        variants.insert(variant);
        for g in &v.games {
            for a in &g.actions {
                if let ActionTrace::Turn {
                    side,
                    roll: Some(dice),
                    before,
                    ..
                } = a
                {
                    rolls += 1;
                    let d = match variant {
                        Variant::Hypergammon3 => differs::<3>(&rules, before, *side, *dice),
                        _ => differs::<15>(&rules, before, *side, *dice),
                    };
                    assert!(d.is_none(), "{variant} seed {seed}: {}", d.unwrap());
                }
            }
        }
        assert_round_trip(&v, &text, &format!("{variant} seed {seed}"));
    }
    assert_eq!(variants.len(), 2);
    assert!(rolls > 500, "{rolls} rolls");
}

/// Given the generated matches, when the destination of one written step is changed, then the
/// first error is never before the changed line, and most changes are reported at that line.
#[test]
fn a_changed_step_is_reported_at_its_line() {
    let mut at = AtTheirLine::default();
    for &(variant, length, seed) in MATCHES {
        at.add(
            &record(variant, length, seed),
            &format!("{variant} seed {seed}"),
        );
    }
    at.assert_most(300);
}
