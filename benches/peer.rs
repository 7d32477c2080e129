//! Legal-play generation against a peer engine, bkgm 0.6: every distinct legal result of every
//! roll of the committed gnubg records (about 30,000 positions with their dice), by tavla and
//! by bkgm. Throughput is in positions (rolls) per second.
//!
//! - `peer/tavla`: `Rules::legal_plays` for each roll (through `tavla_count` of
//!   `tests/peer/mod.rs`): the distinct results, each with its steps, in a `PlaySet`.
//! - `peer/bkgm`: bkgm's `legal_positions_with::<ClassicRules, 15>` for each roll, its
//!   results sorted and deduplicated (bkgm can list a bear-off result twice), so that both
//!   produce the same distinct set (checked on every roll by `tests/bkgm_differential.rs`).
//! - `peer/bkgm-raw`: bkgm's list as it comes, repeats and all (for reference).
//!
//! The positions are extracted and converted before timing. The target: tavla at least 1.5×
//! bkgm's throughput.
//!
//! `cargo bench --bench peer` (add `-- --quick` for a short run).

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

// Shared with `tests/bkgm_differential.rs`, which uses the rest of it.
#[allow(dead_code)]
#[path = "../tests/peer/mod.rs"]
mod peer;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use peer::{bkgm_distinct, bkgm_results, gnubg_rolls, tavla_count, tavla_results, to_bkgm};

fn bench_peer(c: &mut Criterion) {
    let (rules, cases) = gnubg_rolls();
    let bk: Vec<_> = cases.iter().map(to_bkgm).collect();
    // The same work on both sides: the same number of distinct results.
    let ours: usize = cases.iter().map(|c| tavla_results(&rules, c).len()).sum();
    let theirs: usize = bk.iter().map(|(p, d)| bkgm_distinct(*p, d).len()).sum();
    assert_eq!(
        ours, theirs,
        "tavla and bkgm disagree on the number of results"
    );
    eprintln!(
        "{} positions, {ours} distinct results ({:.1} a position)",
        cases.len(),
        ours as f64 / cases.len() as f64
    );

    let mut g = c.benchmark_group("peer");
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(8));
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function("tavla", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|c| tavla_count(&rules, black_box(c)))
                .sum::<usize>()
        })
    });
    g.bench_function("bkgm", |b| {
        b.iter(|| {
            bk.iter()
                .map(|(p, d)| bkgm_distinct(black_box(*p), d).len())
                .sum::<usize>()
        })
    });
    g.bench_function("bkgm-raw", |b| {
        b.iter(|| {
            bk.iter()
                .map(|(p, d)| bkgm_results(black_box(*p), d).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_peer);
criterion_main!(benches);
