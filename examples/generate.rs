//! Write random legal matches played by tavla's own engine.
//!
//! `cargo run --release --example generate -- DIR COUNT [gul-bara|backgammon|long-nardy|fevga|tapa|hypergammon-1|-2|-3|longgammon] [SEED]`

use tavla::generate::{Settings, random_match};
use tavla::rules::{RuleSet, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).map(String::as_str).unwrap_or("generated");
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let variant = args
        .get(3)
        .and_then(|s| Variant::from_name(s))
        .map(|v| v.0)
        .unwrap_or(Variant::GulBara);
    let seed: u64 = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(1);
    std::fs::create_dir_all(dir).expect("create the output directory");
    let presets: &[&str] = match variant {
        Variant::GulBara => &["bulgarian", "english", "simple"],
        Variant::Backgammon => &["backgammon", "nackgammon", "short-nardy"],
        Variant::LongNardy => &["federation", "club", "home-prime"],
        Variant::Fevga => &["greek", "moultezim"],
        Variant::Tapa => &["bulgarian", "plakoto", "plakoto-no-mother"],
        Variant::Hypergammon1
        | Variant::Hypergammon2
        | Variant::Hypergammon3
        | Variant::Longgammon => &["backgammon"],
    };
    for i in 0..count {
        let preset = presets[(i % presets.len() as u64) as usize];
        let rules = RuleSet::default_for(variant)
            .with_preset(preset)
            .expect("preset");
        let mut st = Settings::new(rules, [1, 3, 5, 7][(i / 3 % 4) as usize]);
        st.doublet_bias = [0.0, 0.15, 0.4][(i % 3) as usize];
        st.resign_rate = 0.01;
        let text = random_match(&st, seed.wrapping_mul(1_000_003).wrapping_add(i));
        let path = format!("{dir}/{}-{preset}-{i:06}.mat", variant.name());
        std::fs::write(&path, text).expect("write");
    }
}
