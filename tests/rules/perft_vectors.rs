//! The perft vector files (`fixtures/*/perft.txt`, copied from the rules' perft vectors, restated in `docs/rules/`)
//! and the one check every game's perft test runs over them.
//!
//! A file holds `position NAME [first] x=SPEC o=SPEC` lines (each side in its own numbering,
//! `point:count[p]`, `p` marking a pinned checker, `off:count`, `bar:count`; `first` marks the
//! mover's first roll of the game; any other bare word, such as the variant of a file that
//! holds several, `hypergammon-2`, is handed to the caller as the position's tag, and `start`
//! is a comment), each followed by `roll:expect` entries: `count`, `count/steps` (fewer dice
//! than the roll) and, for games that can end within a roll, `eN` (N results end the game).
//! `perft VARIANT d1=N d2=N ...` lines give start perft counts ([`perft_lines`]).

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
        } else if pt == "bar" {
            25
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
    let ends = |_: &str, p: &Position| ends_game.is_some_and(|f| f(p));
    check_tagged(
        path,
        |_, pos, first, dice| legal(pos, first, dice),
        ends_game.map(|_| &ends as TaggedEnds<'_>),
    )
}

/// Whether a result ends the game, for a position of the given tag.
pub type TaggedEnds<'a> = &'a dyn Fn(&str, &Position) -> bool;

/// [`check`] for a file whose positions carry a tag (the variant, in a file that holds
/// several): `legal` and `ends_game` get the position's tag (empty when it has none). The
/// position is handed over as written (a checker count the file leaves implied, such as the
/// trays of Hypergammon, is the caller's to fill in).
pub fn check_tagged(
    path: &str,
    legal: impl Fn(&str, &Position, bool, StageDice) -> PlaySet,
    ends_game: Option<TaggedEnds<'_>>,
) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).expect("perft file");
    let mut pos = Position::empty();
    let mut first = false;
    let mut tag = String::new();
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
            tag.clear();
            for p in parts {
                if p == "first" {
                    first = true;
                    continue;
                }
                if p == "start" {
                    continue;
                }
                if !p.contains('=') {
                    tag = p.to_string();
                    continue;
                }
                let (who, spec) = p.split_once('=').expect("x= or o=");
                let side = if who == "x" { Side::White } else { Side::Black };
                parse_side(&mut pos, side, spec);
            }
            continue;
        }
        if line.starts_with("perft ") {
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
            let set = legal(&tag, &pos, first, roll.stage());
            let got = if set.max_steps() == 0 { 0 } else { set.len() };
            let want_steps = steps.unwrap_or(roll.stage().len());
            let got_ends =
                ends_game.map_or(0, |f| set.positions().iter().filter(|p| f(&tag, p)).count());
            if got != count || set.max_steps() != want_steps || got_ends != ends {
                failures.push(format!(
                    "position {name} {tag} roll {roll}: want {count}/{want_steps}e{ends}, got {got}/{}e{got_ends}",
                    set.max_steps()
                ));
            }
            checked += 1;
        }
    }
    (checked, failures)
}

/// The `perft VARIANT d1=N d2=N ...` lines of the file at `path`: each variant with its counts
/// by depth (d1 first).
pub fn perft_lines(path: &str) -> Vec<(String, Vec<u64>)> {
    let text = std::fs::read_to_string(path).expect("perft file");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("perft "))
        .map(|rest| {
            let mut parts = rest.split_whitespace();
            let variant = parts.next().expect("a variant").to_string();
            let counts = parts
                .enumerate()
                .map(|(i, p)| {
                    let (d, n) = p.split_once('=').expect("dN=count");
                    assert_eq!(d, format!("d{}", i + 1), "depths in order");
                    n.parse().expect("a count")
                })
                .collect();
            (variant, counts)
        })
        .collect()
}
