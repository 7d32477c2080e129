//! Long nardy against an independent engine: the legal results of 3,190 positions and rolls
//! computed by DmitriiNov/long-nardy-engine 1.1.0 (TypeScript, run once with Node outside
//! this repository), recorded as data in `fixtures/longnardy/differential/dmitriinov.txt`:
//! every turn of 20 random games, 1,200 constructed positions near blocks, every first-roll
//! doublet of either player, and the position of `long-nardy.md` §8.13. The one difference is
//! asserted and explained (docs/rules.md, "Long nardy and Fevga").

use std::collections::BTreeSet;

use tavla::rules::{Position, Roll, RuleSet, Side, Variant};

/// A side's own points 24..1 as 24 hex digits; the rest of 15 is off.
fn read_side(pos: &mut Position, side: Side, hex: &str) {
    let mut on = 0u8;
    for (k, c) in hex.bytes().enumerate() {
        let n = (c as char).to_digit(16).expect("hex") as u8;
        pos.set(side, 24 - k as u8, n);
        on += n;
    }
    pos.set(side, 0, 15 - on);
}

fn write_side(pos: &Position, side: Side) -> String {
    (1..=24u8)
        .rev()
        .map(|p| char::from_digit(pos.count(side, p) as u32, 16).unwrap())
        .collect()
}

struct Case {
    pos: Position,
    roll: Roll,
    first: bool,
    theirs: BTreeSet<String>,
}

fn cases() -> Vec<Case> {
    let text = std::fs::read_to_string(
        std::env::var("DIFF").unwrap_or("fixtures/longnardy/differential/dmitriinov.txt".into()),
    )
    .unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            let mut pos = Position::empty();
            read_side(&mut pos, Side::White, f[0]);
            read_side(&mut pos, Side::Black, f[1]);
            let b = f[2].as_bytes();
            Case {
                pos,
                roll: Roll {
                    a: b[0] - b'0',
                    b: b[1] - b'0',
                },
                first: f[3] == "1",
                theirs: f[4].split(',').map(String::from).collect(),
            }
        })
        .collect()
}

/// tavla's distinct results of a case under `federation`, each as the mover's hex points.
fn ours(rules: &RuleSet, c: &Case) -> BTreeSet<String> {
    let r = rules.for_roll(if c.first { 1 } else { 3 });
    let set = r.legal_plays(&c.pos, Side::White, c.roll.stage());
    set.positions()
        .iter()
        .map(|p| write_side(p, Side::White))
        .collect()
}

/// Given the engine's legal results of 3,190 positions and rolls, when tavla computes the
/// same under `federation`, then they agree on all but the §8.13 position, where the engine
/// stops at the first run of six it meets and allows exactly the two plays that close a
/// second, illegal block (x3..x1 + x24..x22, every opposing checker behind it).
#[test]
fn long_nardy_agrees_with_dmitriinov_long_nardy_engine() {
    let rules = RuleSet::default_for(Variant::LongNardy);
    let cases = cases();
    assert_eq!(cases.len(), 1905 + 1200 + 84 + 1);
    let mut differ = Vec::new();
    for (k, c) in cases.iter().enumerate() {
        let mine = ours(&rules, c);
        if mine != c.theirs {
            differ.push((k, mine));
        }
    }
    assert_eq!(
        differ.len(),
        1,
        "cases that differ: {:?}",
        differ.iter().map(|d| d.0).collect::<Vec<_>>()
    );
    let (k, mine) = &differ[0];
    let c = &cases[*k];
    assert_eq!(*k, cases.len() - 1, "only the §8.13 position differs");
    assert!(mine.is_subset(&c.theirs));
    let extra: Vec<&String> = c.theirs.difference(mine).collect();
    assert_eq!(extra.len(), 2);
    for x in extra {
        let mut p = c.pos;
        read_side(&mut p, Side::White, x);
        // Own 24, 23, 22 and 3, 2, 1 all held: the opponent's 15..10, none of its checkers past.
        assert!(
            [24, 23, 22, 3, 2, 1]
                .iter()
                .all(|&pt| p.count(Side::White, pt) > 0),
            "{x}"
        );
    }
}

/// The fixture exercises the rules that set Long nardy apart: the head rule, its first-roll
/// exception and the prime rule each change the legal set of many of its cases.
#[test]
fn the_differential_fixture_exercises_head_and_prime_rules() {
    let rules = RuleSet::default_for(Variant::LongNardy);
    let mut no_prime = rules;
    no_prime.set("prime_rule=none").unwrap();
    let cases = cases();
    let prime = cases
        .iter()
        .filter(|c| ours(&rules, c) != ours(&no_prime, c))
        .count();
    let mut no_exception = rules;
    no_exception.set("head_doubles=none").unwrap();
    let first = cases
        .iter()
        .filter(|c| c.first && c.roll.is_double())
        .filter(|c| ours(&rules, c) != ours(&no_exception, c))
        .count();
    // Gul bara's movement without play-level rules: where it differs from Long nardy and the
    // prime rule does not explain it, the head rule does.
    let gul = RuleSet::default_for(Variant::GulBara);
    let head = cases
        .iter()
        .filter(|c| !c.first && ours(&rules, c) == ours(&no_prime, c))
        .filter(|c| {
            let set = gul.legal_plays(&c.pos, Side::White, c.roll.stage());
            let free: BTreeSet<String> = set
                .positions()
                .iter()
                .map(|p| write_side(p, Side::White))
                .collect();
            free != ours(&rules, c)
        })
        .count();
    println!("prime rule decides {prime} cases, first-roll exception {first}, head rule {head}");
    assert!(prime >= 50, "{prime}");
    assert!(first >= 20, "{first}");
    assert!(head >= 100, "{head}");
}
