//! The Rust side of the `legal_plays` benchmark of `bench.py`: nanoseconds per call of
//! setting up the board and listing its legal plays in both notations (what
//! `tavla.legal_plays` does before it makes any Python object), best of `runs` runs of `n`
//! calls each.
//!
//!     cargo run --release --manifest-path python/Cargo.toml --example legal_plays_speed -- \
//!         POSITION ROLL N VARIANT RUNS          # e.g. start 64 20000 backgammon 5
//!
//! It prints one number: the best nanoseconds per call.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use tavla::replay::Overrides;
use tavla::report::single::{self, Board};
use tavla::rules::Roll;

fn run(args: &[String]) -> Result<f64, String> {
    let [position, roll, n, variant, runs] = args else {
        return Err("usage: legal_plays_speed POSITION ROLL N VARIANT RUNS".into());
    };
    let dice: Vec<u8> = roll
        .chars()
        .filter_map(|c| c.to_digit(10).map(|d| d as u8))
        .collect();
    let roll = match dice[..] {
        [a, b] if (1..=6).contains(&a) && (1..=6).contains(&b) => Roll { a, b },
        _ => return Err(format!("roll `{roll}`: two dice, e.g. 64")),
    };
    let n: u32 = n.parse().map_err(|e| format!("N `{n}`: {e}"))?;
    let runs: u32 = runs.parse().map_err(|e| format!("RUNS `{runs}`: {e}"))?;
    let rules = Overrides::parse(Some(variant), None, &[])?.ruleset()?;
    let mut best = f64::INFINITY;
    for _ in 0..runs.max(1) {
        let t = Instant::now();
        let mut count = 0usize;
        for _ in 0..n.max(1) {
            let b = Board::new(rules, position, None, Some(roll)).map_err(|e| e.to_string())?;
            count += black_box(single::legal(&b, false)?).plays.len();
        }
        black_box(count);
        best = best.min(t.elapsed().as_nanos() as f64 / f64::from(n.max(1)));
    }
    Ok(best)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(ns) => {
            println!("{ns:.1}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("legal_plays_speed: {e}");
            ExitCode::from(2)
        }
    }
}
