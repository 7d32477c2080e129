//! Perft-style legal-result counts of Tapa (`tapa.md` §3, §11), pinned in a data file computed by
//! an independent reference implementation.

use tavla::rules::tapa::{Outcome, Tapa, outcome};
use tavla::rules::{Position, Roll, Rules, Side};

/// `point:count` items of one side, `p` after the count marking that side's checker there as
/// pinned, `off:n` its borne-off checkers.
fn parse_side(pos: &mut Position, side: Side, spec: &str) {
    for item in spec.split(',') {
        let (pt, n) = item.split_once(':').expect("point:count");
        let (n, pinned) = match n.strip_suffix('p') {
            Some(n) => (n, true),
            None => (n, false),
        };
        let loc = if pt == "off" {
            0
        } else {
            pt.parse().expect("point")
        };
        pos.set(side, loc, n.parse().expect("count"));
        if pinned {
            pos.set_pinned(side, loc, true);
        }
    }
}

/// `count`, `count/steps`, `counteN`, `count/stepseN`.
fn parse_expect(s: &str) -> (usize, Option<u8>, usize) {
    let (rest, ends) = match s.split_once('e') {
        Some((r, e)) => (r, e.parse().unwrap()),
        None => (s, 0),
    };
    match rest.split_once('/') {
        Some((c, k)) => (c.parse().unwrap(), Some(k.parse().unwrap()), ends),
        None => (rest.parse().unwrap(), None, ends),
    }
}

/// Given the 30 positions of `tapa-perft.txt` (pins, pinned mothers, pinned checkers at home,
/// bear-offs), when every roll is played as one stage, then the number of distinct results, the
/// dice the best plays use (a game-ending play counting as all of them) and the number of
/// results that end the game all match.
#[test]
fn tapa_stage_counts_match_the_independent_vectors() {
    let text = std::fs::read_to_string("fixtures/tapa/perft.txt").expect("perft file");
    let rules = Tapa::default();
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
            let (count, steps, ends) = parse_expect(expect);
            let set = rules.legal_plays(&pos, Side::White, roll.stage());
            let got = if set.max_steps() == 0 { 0 } else { set.len() };
            let got_ends = set
                .positions()
                .iter()
                .filter(|p| outcome(p) != Outcome::Running)
                .count();
            let want_steps = steps.unwrap_or(roll.stage().len());
            if got != count || set.max_steps() != want_steps || got_ends != ends {
                failures.push(format!(
                    "position {name} roll {roll}: want {count}/{want_steps}e{ends}, got {got}/{}e{got_ends}",
                    set.max_steps()
                ));
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
