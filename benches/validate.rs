//! Full validation: `replay::check` (parse, record model, rules setup, replay of every play
//! against the legal set) on whole records.
//!
//! - `validate/gnubg-corpus`: the 220 gnubg self-play records under
//!   `fixtures/backgammon/gnubg/`, one `check` per file; throughput in bytes.
//! - `validate/gnubg-corpus-findings`: the same with `check_findings` (no replay traces), what
//!   `tavla validate` runs.
//! - `validate/gnubg-corpus-sgf-findings`: the same 220 matches as gnubg's SGF
//!   (`fixtures/sgf/gnubg/`), read into a transcript and checked as `tavla validate` does;
//!   throughput in bytes of SGF.
//! - `validate/gulbara-per-file`: the valid Gul bara records under `fixtures/gulbara/examples/`
//!   and `fixtures/gulbara/valid/`.
//! - `validate/gul-bara-chain-11-24-steps`: a four-turn Gul bara record whose last turn is a
//!   full 1-1 chain (11, 22, 33, 44, 55, 66: 24 steps); the whole `check` is timed
//!   (target: under 100 µs).
//!
//! - `validate/{gulbara,longnardy,fevga}-generated`: 60 generated 5-point matches of each
//!   running game (every preset in turn), through `check_findings`.
//!
//! - `validate/xg-match/*` and `validate/mat-match/*`: the two real `.xg` files with `.mat`
//!   twins, each read and checked as a whole (`xg::read` then `check_findings`, against
//!   decoding and checking the twin); `validate/xg-files`: all eight real `.xg` files.
//!
//! `cargo bench --bench validate` (add `-- --quick` for a short run).

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tavla::generate::{Settings, random_match};
use tavla::input::Source;
use tavla::replay::{ActionTrace, Overrides, check, check_findings};
use tavla::rules::{RuleSet, Variant};

/// The text of every `.mat` file directly under `dir` (relative to the crate root), sorted
/// by name.
fn records(dir: &str) -> Vec<String> {
    records_ext(dir, "mat")
}

/// The text of every file with extension `ext` directly under `dir`, sorted by name.
fn records_ext(dir: &str, ext: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    paths.sort();
    assert!(!paths.is_empty(), "no .{ext} files in {}", dir.display());
    paths
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
        .collect()
}

fn total_bytes(texts: &[String]) -> u64 {
    texts.iter().map(|t| t.len() as u64).sum()
}

/// Check every record; returns the number of turns replayed.
fn check_all(texts: &[String], o: &Overrides) -> usize {
    texts
        .iter()
        .map(|t| check(black_box(tavla::notation::read(t)), o).turns_checked())
        .sum()
}

fn assert_valid(texts: &[String], o: &Overrides) {
    for t in texts {
        let v = check(tavla::notation::read(t), o);
        assert_eq!(
            v.errors(),
            0,
            "a benchmark record is invalid: {:?}",
            v.findings
        );
    }
}

/// Game 1 of a 1-point Gul bara match (Bulgarian rules): three ordinary rolls each, then
/// White's fourth roll is 1-1, which chains through 22, 33, 44, 55 and 66 (24 steps).
fn chain_record() -> String {
    let turns = [
        "  1) 31: 24/21 21/20             42: 24/20 24/22",
        "  2) 21: 20/18 18/17             31: 24/21 24/23",
        "  3) 21: 17/15 15/14             31: 22/19 23/22",
        "  4) 11: 24/23(4) +22: 24/22(4) +33: 24/21(4) +44: 24/20(2) 23/19(2) +55: 23/18(2) 22/17(2) +66: 22/16(2) 21/15(2)",
    ];
    let mut s = String::from("; [Variation \"Gul Bara\"]\n");
    s.push_str("\n 1 point match\n\n Game 1\n White : 0                      Black : 0\n");
    for t in turns {
        s.push_str(t);
        s.push('\n');
    }
    s
}

fn bench_validate(c: &mut Criterion) {
    let o = Overrides::default();
    let gnubg = records("fixtures/backgammon/gnubg");
    let mut gul_bara = records("fixtures/gulbara/examples");
    gul_bara.extend(records("fixtures/gulbara/valid"));
    assert_valid(&gnubg, &o);
    assert_valid(&gul_bara, &o);

    let mut g = c.benchmark_group("validate");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Bytes(total_bytes(&gnubg)));
    g.bench_function("gnubg-corpus", |b| b.iter(|| check_all(&gnubg, &o)));
    g.bench_function("gnubg-corpus-findings", |b| {
        b.iter(|| {
            gnubg
                .iter()
                .map(|t| check_findings(black_box(tavla::notation::read(t)), &o).turns_checked())
                .sum::<usize>()
        })
    });
    // The same matches as gnubg's SGF: read into a transcript, checked, findings moved back.
    let sgf = records_ext("fixtures/sgf/gnubg", "sgf");
    let sources: Vec<Source> = sgf
        .iter()
        .map(|t| Source::from_bytes("x.sgf".into(), t.clone().into_bytes()).expect("SGF"))
        .collect();
    for s in &sources {
        assert_eq!(
            s.check(&o, false).errors(),
            0,
            "an SGF benchmark record is invalid"
        );
    }
    g.throughput(Throughput::Bytes(total_bytes(&sgf)));
    g.bench_function("gnubg-corpus-sgf-findings", |b| {
        b.iter(|| {
            sgf.iter()
                .map(|t| {
                    Source::from_bytes("x.sgf".into(), black_box(t).clone().into_bytes())
                        .expect("SGF")
                        .check(&o, false)
                        .turns_checked()
                })
                .sum::<usize>()
        })
    });
    g.throughput(Throughput::Bytes(total_bytes(&gul_bara)));
    g.bench_function("gulbara-per-file", |b| b.iter(|| check_all(&gul_bara, &o)));
    g.finish();

    let chain = chain_record();
    let v = check(tavla::notation::read(&chain), &o);
    assert_eq!(v.errors(), 0, "{:?}", v.findings);
    let steps: usize = v.games[0]
        .actions
        .iter()
        .filter_map(|a| match a {
            ActionTrace::Turn { stages, .. } if stages.len() > 1 => {
                Some(stages.iter().map(|s| s.steps.len()).sum::<usize>())
            }
            _ => None,
        })
        .sum();
    assert_eq!(steps, 24, "the chain turn must play 24 steps");

    let mut g = c.benchmark_group("validate");
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(3));
    g.bench_function("gul-bara-chain-11-24-steps", |b| {
        b.iter(|| check(black_box(tavla::notation::read(&chain)), &o).errors())
    });
    g.finish();
}

/// `matches` generated 5-point matches of each preset of `variant`, as `examples/generate`
/// writes them (no doublet bias, resignations at 1 %).
fn generated(variant: Variant, presets: &[&str], matches: u64) -> Vec<String> {
    (0..matches)
        .map(|i| {
            let preset = presets[(i % presets.len() as u64) as usize];
            let rules = RuleSet::default_for(variant)
                .with_preset(preset)
                .expect("preset");
            let mut st = Settings::new(rules, 5);
            st.resign_rate = 0.01;
            random_match(&st, 1_000_003 + i)
        })
        .collect()
}

/// `validate/{gulbara,longnardy,fevga}-generated`: the three running games on the same
/// board, 60 generated 5-point matches each, through `check_findings` (what `tavla validate`
/// runs); Long nardy and Fevga add their play-level rules to Gul bara's movement.
fn bench_running_games(c: &mut Criterion) {
    let o = Overrides::default();
    let sets = [
        (
            "gulbara-generated",
            generated(Variant::GulBara, &["bulgarian", "english", "simple"], 60),
        ),
        (
            "longnardy-generated",
            generated(
                Variant::LongNardy,
                &["federation", "club", "home-prime"],
                60,
            ),
        ),
        (
            "fevga-generated",
            generated(Variant::Fevga, &["greek", "moultezim"], 60),
        ),
    ];
    let mut g = c.benchmark_group("validate");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(5));
    for (name, texts) in &sets {
        assert_valid(texts, &o);
        let turns: usize = texts
            .iter()
            .map(|t| check_findings(tavla::notation::read(t), &o).turns_checked())
            .sum();
        eprintln!(
            "{name}: {} matches, {} bytes, {turns} turns",
            texts.len(),
            total_bytes(texts)
        );
        g.throughput(Throughput::Bytes(total_bytes(texts)));
        g.bench_function(*name, |b| {
            b.iter(|| {
                texts
                    .iter()
                    .map(|t| {
                        check_findings(black_box(tavla::notation::read(t)), &o).turns_checked()
                    })
                    .sum::<usize>()
            })
        });
    }
    g.finish();
}

/// Ten generated money sessions of 200 games each: the cost of a record spread over many
/// turns, so that the time per turn compares the games and not the lengths of their records.
fn sessions(variant: Variant) -> Vec<String> {
    (0..10)
        .map(|i| {
            let mut st = Settings::new(RuleSet::default_for(variant), 0);
            st.money_games = 200;
            random_match(&st, 1_000_003 + i)
        })
        .collect()
}

/// `validate/{backgammon,hypergammon3,longgammon}-generated`: backgammon and the two variants on
/// its movement with another start, ten generated 200-game money sessions each, through
/// `check_findings`; the throughput is in turns, so the figures compare the time per turn
/// (`hypergammon.md`: within 1.2x of backgammon's).
fn bench_backgammon_starts(c: &mut Criterion) {
    let o = Overrides::default();
    let sets = [
        ("backgammon-generated", sessions(Variant::Backgammon)),
        ("hypergammon3-generated", sessions(Variant::Hypergammon3)),
        ("longgammon-generated", sessions(Variant::Longgammon)),
    ];
    let mut g = c.benchmark_group("validate");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(5));
    for (name, texts) in &sets {
        assert_valid(texts, &o);
        let turns: usize = texts
            .iter()
            .map(|t| check_findings(tavla::notation::read(t), &o).turns_checked())
            .sum();
        eprintln!(
            "{name}: {} matches, {} bytes, {turns} turns",
            texts.len(),
            total_bytes(texts)
        );
        g.throughput(Throughput::Elements(turns as u64));
        g.bench_function(*name, |b| {
            b.iter(|| {
                texts
                    .iter()
                    .map(|t| {
                        check_findings(black_box(tavla::notation::read(t)), &o).turns_checked()
                    })
                    .sum::<usize>()
            })
        });
    }
    g.finish();
}

/// The eight real `.xg` files of `fixtures/xg/` (kevung/gbf), read and checked as
/// `tavla validate` checks them (`xg::read`, then `check_findings` on the transcript), against
/// the `.mat` exports of the two that have them (decoded, then `check_findings`): per match.
fn bench_xg(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/xg");
    let mut xg: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("fixtures/xg")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "xg"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read(&p).expect("an .xg file"),
            )
        })
        .collect();
    xg.sort();
    let twins = ["test", "charlot1-charlot2_7p_2025-11-08-2305"];
    let o = Overrides::default();
    let mut g = c.benchmark_group("validate");
    g.sample_size(20).measurement_time(Duration::from_secs(5));
    for name in twins {
        let bin = std::fs::read(dir.join(format!("{name}.xg"))).expect("an .xg twin");
        let mat = std::fs::read(dir.join(format!("{name}.mat"))).expect("a .mat twin");
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("xg-match/{name}"), |b| {
            b.iter(|| {
                let t = tavla::xg::read(black_box(&bin));
                check_findings(t, &o).turns_checked()
            })
        });
        g.bench_function(format!("mat-match/{name}"), |b| {
            b.iter(|| {
                let (text, _) = tavla::input::decode(black_box(&mat));
                check_findings(tavla::notation::read(&text), &o).turns_checked()
            })
        });
    }
    g.throughput(Throughput::Elements(xg.len() as u64));
    g.bench_function("xg-files", |b| {
        b.iter(|| {
            xg.iter()
                .map(|(_, bytes)| {
                    check_findings(tavla::xg::read(black_box(bytes)), &o).turns_checked()
                })
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    bench_validate,
    bench_running_games,
    bench_backgammon_starts,
    bench_xg
);
criterion_main!(benches);
