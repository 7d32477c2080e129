//! Driver for counting instructions of legal-play generation under callgrind: every roll of
//! the gnubg records (the positions of `benches/peer.rs`), generated `passes` times by tavla
//! or by bkgm 0.6. Run it with 0 passes and with 1 and divide the difference by the number of
//! positions printed:
//!
//! ```text
//! cargo build --release --example peer_count
//! valgrind --tool=callgrind target/release/examples/peer_count tavla all 1
//! ```
//!
//! Arguments: `tavla` | `bkgm` (deduplicated, as `peer/bkgm`) | `bkgm-raw`; `all` | `mixed` |
//! `double`; the number of passes.

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[allow(dead_code)]
#[path = "../tests/peer/mod.rs"]
mod peer;

use std::hint::black_box;

use peer::{bkgm_distinct, bkgm_results, gnubg_rolls, tavla_count, to_bkgm};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let engine = args.get(1).map_or("tavla", String::as_str);
    let filter = args.get(2).map_or("all", String::as_str);
    let passes: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let (rules, mut cases) = gnubg_rolls();
    cases.retain(|c| match filter {
        "mixed" => c.dice.0 != c.dice.1,
        "double" => c.dice.0 == c.dice.1,
        _ => true,
    });
    let bk: Vec<_> = cases.iter().map(to_bkgm).collect();
    let mut total = 0usize;
    for _ in 0..passes {
        total += match engine {
            "bkgm" => bk
                .iter()
                .map(|(p, d)| bkgm_distinct(black_box(*p), d).len())
                .sum::<usize>(),
            "bkgm-raw" => bk
                .iter()
                .map(|(p, d)| bkgm_results(black_box(*p), d).len())
                .sum::<usize>(),
            _ => cases
                .iter()
                .map(|c| tavla_count(&rules, black_box(c)))
                .sum::<usize>(),
        };
    }
    println!(
        "{engine} {filter}: {} positions, {passes} passes, {total} results",
        cases.len()
    );
}
