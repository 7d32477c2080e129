//! Parsing throughput: `notation::parse_document` alone (no record model, no replay).
//!
//! Inputs: the 220 gnubg self-play records under `fixtures/backgammon/gnubg/` (about 0.8 MB),
//! and the valid Gul bara records under `fixtures/gulbara/examples/` and
//! `fixtures/gulbara/valid/`. Throughput is reported in bytes of record text.
//!
//! `cargo bench --bench parse` (add `-- --quick` for a short run).

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tavla::notation::{parse_document, parse_play};
use tavla::record::Match;

/// The text of every `.mat` file directly under `dir` (relative to the crate root), sorted
/// by name.
fn records(dir: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "mat"))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .mat files in {}", dir.display());
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

fn total_bytes(texts: &[String]) -> u64 {
    texts.iter().map(|t| t.len() as u64).sum()
}

fn parse_each(texts: &[String]) -> usize {
    texts
        .iter()
        .map(|t| parse_document(black_box(t)).lines.len())
        .sum()
}

fn bench_parse(c: &mut Criterion) {
    let gnubg = records("fixtures/backgammon/gnubg");
    let concatenated: String = gnubg.concat();
    let mut gul_bara = records("fixtures/gulbara/examples");
    gul_bara.extend(records("fixtures/gulbara/valid"));

    let mut g = c.benchmark_group("parse");
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));

    g.throughput(Throughput::Bytes(concatenated.len() as u64));
    g.bench_function("gnubg-concatenated", |b| {
        b.iter(|| parse_document(black_box(&concatenated)).lines.len())
    });

    g.throughput(Throughput::Bytes(total_bytes(&gnubg)));
    g.bench_function("gnubg-per-file", |b| b.iter(|| parse_each(&gnubg)));

    g.throughput(Throughput::Bytes(total_bytes(&gul_bara)));
    g.bench_function("gulbara-per-file", |b| b.iter(|| parse_each(&gul_bara)));

    // Parsing plus the record model (games, turns, cells), still without any rules.
    g.throughput(Throughput::Bytes(total_bytes(&gnubg)));
    g.bench_function("gnubg-per-file+record", |b| {
        b.iter(|| {
            gnubg
                .iter()
                .map(|t| {
                    let mut doc = parse_document(black_box(t));
                    Match::from_document(&mut doc).games.len()
                })
                .sum::<usize>()
        })
    });
    g.finish();

    // The move notation alone, on plays as they appear in both variants.
    let plays = [
        "24/18 18/17",
        "13/7* 8/7",
        "bar/22 6/5(2)",
        "24/23(4)",
        "24/20(2) 23/19(2)",
        "6/off 5/off 4/off(2)",
        "25/20 20/18",
        "4/0 4/1",
    ];
    for p in plays {
        assert!(parse_play(p).is_ok(), "`{p}` must parse");
    }
    let play_bytes: u64 = plays.iter().map(|p| p.len() as u64).sum();
    let mut g = c.benchmark_group("parse-play");
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(2));
    g.throughput(Throughput::Bytes(play_bytes));
    g.bench_function("mixed-plays", |b| {
        b.iter(|| {
            plays
                .iter()
                .map(|p| parse_play(black_box(p)).map_or(0, |pl| pl.steps.len()))
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_parse);
criterion_main!(benches);
