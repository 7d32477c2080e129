//! Helpers of the tests that mutate one written step of valid records (`suggestions.rs`,
//! `repair.rs`): the mutants, where each step's destination is written, and the positions the
//! replay reached on a line.

use std::path::Path;

use crate::common::{files, line_of};
use tavla::replay::{ActionTrace, Overrides, Verdict, check};
use tavla::rules::Position;

/// A single-step mutant of a valid record: the record (its file, text and check), the
/// mutant's text and the line of the changed step.
pub struct StepMutant<'a> {
    pub path: &'a Path,
    pub text: &'a str,
    pub original: &'a Verdict,
    pub mutant: String,
    pub line: usize,
}

/// The valid records of `dirs` with every `stride`-th written destination (counted over all of
/// them) moved by 1, -1, 2 or -2 in turn, where it stays on the board: `each` gets every such
/// mutant.
pub fn step_mutants(dirs: &[&str], stride: usize, mut each: impl FnMut(StepMutant<'_>)) {
    let mut k = 0usize;
    for dir in dirs {
        for path in files(dir, "mat") {
            let text = std::fs::read_to_string(&path).unwrap();
            let original = check(tavla::notation::read(&text), &Overrides::default());
            if original.errors() > 0 {
                continue;
            }
            for (off, len, value) in destinations(&text) {
                k += 1;
                if !k.is_multiple_of(stride) {
                    continue;
                }
                let delta = [1i32, -1, 2, -2][(k / stride) % 4];
                let to = value as i32 + delta;
                if !(1..=24).contains(&to) {
                    continue;
                }
                each(StepMutant {
                    path: &path,
                    text: &text,
                    original: &original,
                    mutant: format!("{}{to}{}", &text[..off], &text[off + len..]),
                    line: line_of(&text, off),
                });
            }
        }
    }
}

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
