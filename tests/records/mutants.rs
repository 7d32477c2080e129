//! Helpers of the tests that mutate one written step of valid records (`suggestions.rs`,
//! `repair.rs`): where each step's destination is written, and the positions the replay
//! reached on a line.

use tavla::replay::{ActionTrace, Verdict};
use tavla::rules::Position;

/// The position after each turn written on `line`.
pub fn positions_on(v: &Verdict, line: usize) -> Vec<Position> {
    v.games
        .iter()
        .flat_map(|g| &g.actions)
        .filter_map(|a| match a {
            ActionTrace::Turn {
                line: l, position, ..
            } if *l == line => Some(*position),
            _ => None,
        })
        .collect()
}

/// Every written step's destination on a turn line: (byte offset, length, value) of the
/// number after a `/` that follows a number or `bar`.
pub fn destinations(text: &str) -> Vec<(usize, usize, u8)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let turn = line
            .trim_start()
            .split_once(')')
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if turn {
            let b = line.as_bytes();
            for i in 1..b.len() {
                if b[i] == b'/' && (b[i - 1].is_ascii_digit() || b[i - 1] == b'r') {
                    let n = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
                    if n > 0 {
                        let v: u8 = line[i + 1..i + 1 + n].parse().unwrap();
                        out.push((start + i + 1, n, v));
                    }
                }
            }
        }
        start += line.len();
    }
    out
}
