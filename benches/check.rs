//! Single plays through the referee: `tavla::check_play` of a written play against a
//! position, the library call behind `tavla check` (parsing the play is measured apart).
//!
//! `cargo bench --bench check` (add `-- --quick` for a short run). The target is a median
//! under 1 µs for a legal two-step play.

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tavla::{Roll, RuleSet, Side, Variant, check_play, parse_letter_play, parse_play};

fn bench_check(c: &mut Criterion) {
    let mut g = c.benchmark_group("check");
    g.measurement_time(Duration::from_secs(3));
    let rules = RuleSet::default_for(Variant::Backgammon);
    let start = rules.start();
    let dice = Roll { a: 6, b: 4 }.stage();
    let play = parse_play("24/18 13/9").expect("a play");
    assert!(check_play(&rules, &start, Side::White, dice, &play).is_ok());
    g.bench_function("legal-two-step-play", |b| {
        b.iter(|| {
            check_play(
                &rules,
                black_box(&start),
                Side::White,
                dice,
                black_box(&play),
            )
        })
    });
    let combined = parse_play("24/14").expect("a play");
    assert!(check_play(&rules, &start, Side::White, dice, &combined).is_ok());
    g.bench_function("legal-combined-move", |b| {
        b.iter(|| {
            check_play(
                &rules,
                black_box(&start),
                Side::White,
                dice,
                black_box(&combined),
            )
        })
    });
    let blocked = parse_play("13/7 24/19").expect("a play");
    let six_five = Roll { a: 6, b: 5 }.stage();
    assert!(check_play(&rules, &start, Side::White, six_five, &blocked).is_err());
    g.bench_function("illegal-blocked-play", |b| {
        b.iter(|| {
            check_play(
                &rules,
                black_box(&start),
                Side::White,
                six_five,
                black_box(&blocked),
            )
        })
    });
    let gul = RuleSet::default_for(Variant::GulBara);
    let gul_start = gul.start();
    let doublet = Roll { a: 6, b: 6 }.stage();
    let four = parse_play("24/18(4)").expect("a play");
    assert!(check_play(&gul, &gul_start, Side::White, doublet, &four).is_ok());
    g.bench_function("gul-bara-doublet-stage", |b| {
        b.iter(|| {
            check_play(
                &gul,
                black_box(&gul_start),
                Side::White,
                doublet,
                black_box(&four),
            )
        })
    });
    g.bench_function("parse-standard", |b| {
        b.iter(|| parse_play(black_box("24/18 13/9")))
    });
    g.bench_function("parse-letters", |b| {
        b.iter(|| parse_letter_play(black_box("W 6/4 = 1A-7A and 12A-9")))
    });
    g.finish();
}

criterion_group!(benches, bench_check);
criterion_main!(benches);
