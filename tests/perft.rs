//! Perft-style legal-result counts, pinned in data files.

use tavla::rules::gul_bara::GulBara;
use tavla::rules::options::GulBaraOptions;
use tavla::rules::{Position, Roll, Rules, Side};

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

/// Given the 30 positions of `fixtures/gulbara/perft.txt`, when every roll is played as one
/// stage, then the number of distinct results (and steps, where fewer than all) matches.
#[test]
fn gul_bara_stage_counts_match_the_independent_vectors() {
    let text = std::fs::read_to_string("fixtures/gulbara/perft.txt").expect("perft file");
    let rules = GulBara {
        options: GulBaraOptions::preset("bulgarian").unwrap(),
    };
    let mut pos = Position::empty();
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut name = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("position ") {
            let mut parts = rest.split_whitespace();
            name = parts.next().unwrap().to_string();
            pos = Position::empty();
            for p in parts {
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
            let set = rules.legal_plays(&pos, Side::White, roll.stage());
            let got = if set.max_steps() == 0 { 0 } else { set.len() };
            let full = roll.stage().len();
            let want_steps = steps.unwrap_or(full);
            if got != count || set.max_steps() != want_steps {
                failures.push(format!(
                    "position {name} roll {roll}: want {count}/{want_steps}, got {got}/{}",
                    set.max_steps()
                ));
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Given the positions of `fixtures/backgammon/perft.tsv` (counted by GNU Backgammon), the
/// number of distinct legal results of each roll matches.
#[test]
fn backgammon_legal_result_counts_match_gnubg() {
    use tavla::ids::gnubg::position_from_id;
    use tavla::rules::backgammon::Backgammon;
    use tavla::rules::options::BackgammonOptions;
    let text = std::fs::read_to_string("fixtures/backgammon/perft.tsv").expect("perft.tsv");
    let rules = Backgammon {
        options: BackgammonOptions::preset("backgammon").unwrap(),
    };
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let pos = position_from_id(c[0], Side::White).expect("position id");
        let b = c[1].as_bytes();
        let roll = Roll {
            a: b[0] - b'0',
            b: b[1] - b'0',
        };
        let want: usize = c[2].parse().unwrap();
        let set = rules.legal_plays(&pos, Side::White, roll.stage());
        let got = if set.max_steps() == 0 { 0 } else { set.len() };
        if got != want {
            failures.push(format!(
                "{} {}: want {want}, got {got} ({})",
                c[0], c[1], c[3]
            ));
        }
        n += 1;
    }
    assert!(n >= 20);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
