//! How the time to validate an `.xg` file compares with the time to inflate and checksum its
//! members alone (the floor): `cargo run --release --example xg_speed [FILE.xg ...]`
//! (default: every `.xg` of `fixtures/xg/`). Prints per file the median of many runs of each,
//! and the ratio.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::time::Instant;

use tavla::input::Source;
use tavla::replay::Overrides;
use tavla::xg::archive;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The median time of `f` on what `setup` gives (which is not timed).
fn time<T>(runs: usize, mut setup: impl FnMut() -> T, mut f: impl FnMut(T)) -> f64 {
    let mut t = Vec::with_capacity(runs);
    for _ in 0..runs {
        let input = setup();
        let s = Instant::now();
        f(input);
        t.push(s.elapsed().as_secs_f64());
    }
    median(t)
}

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/xg");
        files = std::fs::read_dir(dir)
            .expect("fixtures/xg")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "xg"))
            .map(|p| p.display().to_string())
            .collect();
        files.sort();
    }
    let o = Overrides::default();
    // For instruction counts (`valgrind --tool=callgrind`): `XG_SPEED_MODE=inflate` runs only
    // the inflating and checksumming of every file's members, `validate` the whole check,
    // each 20 times.
    if let Some(mode) = std::env::var_os("XG_SPEED_MODE") {
        let all: Vec<Vec<u8>> = files
            .iter()
            .map(|f| std::fs::read(f).expect("read"))
            .collect();
        for _ in 0..20 {
            for b in &all {
                if mode == "inflate" {
                    let mut w = Vec::new();
                    black_box(archive::members(
                        black_box(b),
                        &[tavla::xg::RECORDS_MEMBER, tavla::xg::COMMENTS_MEMBER],
                        &mut w,
                    ))
                    .ok();
                } else {
                    let src = Source::from_bytes("x.xg".into(), b.clone()).expect("read");
                    black_box(src.check(&o, false).turns_checked());
                }
            }
        }
        return;
    }
    if std::env::var_os("XG_SPEED_READ").is_some() {
        let all: Vec<Vec<u8>> = files
            .iter()
            .map(|f| std::fs::read(f).expect("read"))
            .collect();
        for _ in 0..5000 {
            for b in &all {
                black_box(tavla::xg::read(black_box(b)));
            }
        }
        return;
    }
    if std::env::var_os("XG_SPEED_PROFILE").is_some() {
        // A loop of validations only, for a profiler.
        let all: Vec<Vec<u8>> = files
            .iter()
            .map(|f| std::fs::read(f).expect("read"))
            .collect();
        for _ in 0..2000 {
            for b in &all {
                let src = Source::from_bytes("x.xg".into(), b.clone()).expect("read");
                black_box(src.check(&o, false).turns_checked());
            }
        }
        return;
    }
    let (mut all_inflate, mut all_validate) = (0.0, 0.0);
    for f in &files {
        let bytes = std::fs::read(f).expect("an .xg file");
        let runs = 200;
        // Reading the file is the same for both and is not timed: `validate` owns the bytes
        // it read, here a copy made before the clock starts.
        let inflate = time(
            runs,
            || (),
            |()| {
                let mut w = Vec::new();
                black_box(archive::members(
                    black_box(&bytes),
                    &[tavla::xg::RECORDS_MEMBER, tavla::xg::COMMENTS_MEMBER],
                    &mut w,
                ))
                .ok();
            },
        );
        let validate = time(
            runs,
            || bytes.clone(),
            |b| {
                let src = Source::from_bytes("x.xg".into(), black_box(b)).expect("read");
                black_box(src.check(&o, false).turns_checked());
            },
        );
        let read = time(
            runs,
            || (),
            |()| {
                black_box(tavla::xg::read(black_box(&bytes)));
            },
        );
        let replay = time(
            runs,
            || tavla::xg::read(&bytes),
            |r| {
                black_box(tavla::replay::check_findings(r, &o).turns_checked());
            },
        );
        if std::env::var_os("XG_SPEED_PARTS").is_some() {
            println!(
                "  read {:.3} ms (of which inflate {:.3}), replay {:.3} ms",
                read * 1e3,
                inflate * 1e3,
                replay * 1e3
            );
        }
        all_inflate += inflate;
        all_validate += validate;
        let name = std::path::Path::new(f)
            .file_name()
            .unwrap()
            .to_string_lossy();
        println!(
            "{name:<60} inflate {:>8.3} ms  validate {:>8.3} ms  ratio {:.2}",
            inflate * 1e3,
            validate * 1e3,
            validate / inflate
        );
    }
    println!(
        "all {} files: validate / inflate = {:.2}",
        files.len(),
        all_validate / all_inflate
    );
}
