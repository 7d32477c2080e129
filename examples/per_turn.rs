//! Time per checked turn of backgammon, Hypergammon-3 and Longgammon on generated money
//! sessions of 200 games each (the per-record cost spread over many turns), single thread.
//!
//! `cargo run --release --example per_turn`

use std::time::Instant;

use tavla::generate::{Settings, random_match};
use tavla::replay::{Overrides, check_findings};
use tavla::rules::{RuleSet, Variant};

fn main() {
    let o = Overrides::default();
    let mut base = None;
    for v in [
        Variant::Backgammon,
        Variant::Hypergammon3,
        Variant::Longgammon,
    ] {
        let texts: Vec<String> = (0..10)
            .map(|i| {
                let mut st = Settings::new(RuleSet::default_for(v), 0);
                st.money_games = 200;
                random_match(&st, 1_000_003 + i)
            })
            .collect();
        let turns: usize = texts
            .iter()
            .map(|t| check_findings(tavla::notation::read(t), &o).turns_checked())
            .sum();
        let mut best = f64::MAX;
        for _ in 0..7 {
            let t0 = Instant::now();
            let n: usize = texts
                .iter()
                .map(|t| check_findings(tavla::notation::read(t), &o).turns_checked())
                .sum();
            assert_eq!(n, turns);
            best = best.min(t0.elapsed().as_secs_f64());
        }
        let per = best / turns as f64 * 1e9;
        let ratio = per / *base.get_or_insert(per);
        println!(
            "{:14} {turns:7} turns  {per:6.0} ns/turn  {ratio:.2}x backgammon",
            v.name()
        );
    }
}
