//! The perft vector files (`fixtures/*/perft.txt`, copied from `../shared/rules/*-perft.txt`)
//! and the one check every game's perft test runs over them.
//!
//! A file holds `position NAME [first] x=SPEC o=SPEC` lines (each side in its own numbering,
//! `point:count[p]`, `p` marking a pinned checker, `off:count`; `first` marks the mover's first
//! roll of the game), each followed by `roll:expect` entries: `count`, `count/steps` (fewer dice
//! than the roll) and, for games that can end within a roll, `eN` (N results end the game).

use tavla::rules::{PlaySet, Position, Roll, Side, StageDice};

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
        Some((r, e)) => (r, e.parse().expect("game-ending count")),
        None => (s, 0),
    };
    match rest.split_once('/') {
        Some((c, k)) => (
            c.parse().expect("count"),
            Some(k.parse().expect("steps")),
            ends,
        ),
        None => (rest.parse().expect("count"), None, ends),
    }
}

/// Every position and roll of the perft file at `path`, played as one stage by
/// `legal(position, first, dice)` for the side to move (White): the number of distinct results,
/// the dice the best plays use and, with `ends_game`, the number of results that end the game
/// are compared with the file. Returns how many entries were checked and the mismatches.
pub fn check(
    path: &str,
    legal: impl Fn(&Position, bool, StageDice) -> PlaySet,
    ends_game: Option<&dyn Fn(&Position) -> bool>,
) -> (usize, Vec<String>) {
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
            name = parts.next().expect("a name").to_string();
            pos = Position::empty();
            first = false;
            for p in parts {
                if p == "first" {
                    first = true;
                    continue;
                }
                let (who, spec) = p.split_once('=').expect("x= or o=");
                let side = if who == "x" { Side::White } else { Side::Black };
                parse_side(&mut pos, side, spec);
            }
            continue;
        }
        for entry in line.split_whitespace() {
            let (roll, expect) = entry.split_once(':').expect("roll:expect");
            let b = roll.as_bytes();
            let roll = Roll {
                a: b[0] - b'0',
                b: b[1] - b'0',
            };
            let (count, steps, ends) = parse_expect(expect);
            let set = legal(&pos, first, roll.stage());
            let got = if set.max_steps() == 0 { 0 } else { set.len() };
            let want_steps = steps.unwrap_or(roll.stage().len());
            let got_ends = ends_game.map_or(0, |f| set.positions().iter().filter(|p| f(p)).count());
            if got != count || set.max_steps() != want_steps || got_ends != ends {
                failures.push(format!(
                    "position {name} roll {roll}: want {count}/{want_steps}e{ends}, got {got}/{}e{got_ends}",
                    set.max_steps()
                ));
            }
            checked += 1;
        }
    }
    (checked, failures)
}
