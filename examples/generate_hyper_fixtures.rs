//! Write the generated Hypergammon-3 and Longgammon fixtures of `tests/hypergammon_generated.rs`
//! (`fixtures/hypergammon/generated/`), with the same settings and seeds.
//!
//! `cargo run --example generate_hyper_fixtures`

use tavla::generate::{Settings, random_match};
use tavla::rules::{RuleSet, Variant};

fn main() {
    let matches: &[(Variant, u64, u64)] = &[
        (Variant::Hypergammon3, 3, 1),
        (Variant::Hypergammon3, 5, 2),
        (Variant::Hypergammon3, 7, 3),
        (Variant::Hypergammon3, 0, 4),
        (Variant::Longgammon, 1, 5),
        (Variant::Longgammon, 3, 6),
        (Variant::Longgammon, 5, 7),
        (Variant::Longgammon, 0, 8),
    ];
    std::fs::create_dir_all("fixtures/hypergammon/generated").expect("the directory");
    for &(variant, length, seed) in matches {
        let mut st = Settings::new(RuleSet::default_for(variant), length);
        st.resign_rate = 0.01;
        st.double_rate = 0.1;
        let path = format!(
            "fixtures/hypergammon/generated/{}-{length}pt-{seed}.mat",
            variant.name()
        );
        std::fs::write(&path, random_match(&st, seed)).expect("write");
    }
}
