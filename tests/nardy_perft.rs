//! Perft-style legal-result counts of Long nardy (`federation`) and Fevga (`greek`), pinned
//! in the data files of `long-nardy.md` §9 and `fevga.md` §9.

use tavla::rules::fevga::{Fevga, FevgaOptions};
use tavla::rules::long_nardy::{LongNardy, LongNardyOptions};
use tavla::rules::{PlaySet, Position, Roll, Rules, Side, StageDice};

fn parse_side(pos: &mut Position, side: Side, spec: &str) {
    for item in spec.split(',') {
        let (pt, n) = item.split_once(':').expect("point:count");
        let loc = if pt == "off" {
            0
        } else {
            pt.parse().expect("point")
        };
        pos.set(side, loc, n.parse().expect("count"));
    }
}

/// Every position and roll of a perft file, each counted by `legal(position, first, dice)`;
/// the mismatches, and how many entries were checked.
fn run(path: &str, legal: impl Fn(&Position, bool, StageDice) -> PlaySet) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).expect("perft file");
    let mut pos = Position::empty();
    let mut first = false;
    let mut name = String::new();
    let mut checked = 0;
    let mut failures = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("position ") {
            let mut parts = rest.split_whitespace();
            name = parts.next().unwrap().to_string();
            pos = Position::empty();
            first = false;
            for p in parts {
                if p == "first" {
                    first = true;
                    continue;
                }
                let (who, spec) = p.split_once('=').unwrap();
                parse_side(
                    &mut pos,
                    if who == "x" { Side::White } else { Side::Black },
                    spec,
                );
            }
            continue;
        }
        for entry in line.split_whitespace() {
            let (roll, expect) = entry.split_once(':').unwrap();
            let b = roll.as_bytes();
            let roll = Roll {
                a: b[0] - b'0',
                b: b[1] - b'0',
            };
            let (count, steps) = match expect.split_once('/') {
                Some((c, s)) => (c.parse::<usize>().unwrap(), Some(s.parse::<u8>().unwrap())),
                None => (expect.parse::<usize>().unwrap(), None),
            };
            let set = legal(&pos, first, roll.stage());
            let got = if set.max_steps() == 0 { 0 } else { set.len() };
            let want_steps = steps.unwrap_or(roll.stage().len());
            if got != count || set.max_steps() != want_steps {
                failures.push(format!(
                    "position {name} roll {roll}: want {count}/{want_steps}, got {got}/{}",
                    set.max_steps()
                ));
            }
            checked += 1;
        }
    }
    (checked, failures)
}

/// Given the 30 positions of `long-nardy-perft.txt` (x to move, `first` marking x's first
/// roll), when every roll is played under `federation`, then the number of distinct results
/// and of dice played match the independent vectors.
#[test]
fn long_nardy_counts_match_the_independent_vectors() {
    let rules = LongNardy {
        options: LongNardyOptions::preset("federation").unwrap(),
    };
    let (checked, failures) = run("fixtures/longnardy/perft.txt", |pos, first, dice| {
        rules
            .on_first_roll(first)
            .legal_plays(pos, Side::White, dice)
    });
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Given the 30 positions of `fevga-perft.txt`, when every roll is played under `greek`,
/// then the counts match the independent vectors.
#[test]
fn fevga_counts_match_the_independent_vectors() {
    let rules = Fevga {
        options: FevgaOptions::preset("greek").unwrap(),
    };
    let (checked, failures) = run("fixtures/fevga/perft.txt", |pos, _first, dice| {
        rules.legal_plays(pos, Side::White, dice)
    });
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
