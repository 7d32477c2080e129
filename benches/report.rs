//! Writing reports: the HTML report against the JSON conversion, on the same records.
//!
//! - `report/json`: what `convert --to jsonl` does per record: `replay::check` (with traces),
//!   the match document, serialized.
//! - `report/html`: what `validate --format html` does per record: `replay::check` (with
//!   traces), the file's section of the report (findings with their SVG boards, the viewer's
//!   data of every game).
//!
//! Both over the 220 gnubg self-play records under `fixtures/backgammon/gnubg/` and the
//! Gul bara records under `fixtures/gulbara/valid/`; throughput in bytes of record.
//! `cargo bench --bench report` (add `-- --quick` for a short run).

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tavla::replay::{Overrides, check};
use tavla::report::{html, json};

fn records(dirs: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for dir in dirs {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut paths: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "mat"))
            .collect();
        paths.sort();
        out.extend(
            paths
                .iter()
                .map(|p| std::fs::read_to_string(p).expect("record")),
        );
    }
    out
}

fn bench(c: &mut Criterion) {
    let texts = records(&["fixtures/backgammon/gnubg", "fixtures/gulbara/valid"]);
    let bytes: u64 = texts.iter().map(|t| t.len() as u64).sum();
    let o = Overrides::default();
    let mut g = c.benchmark_group("report");
    g.throughput(Throughput::Bytes(bytes));
    g.measurement_time(Duration::from_secs(10));
    g.sample_size(20);
    g.bench_function("json", |b| {
        b.iter(|| {
            let mut n = 0;
            for t in &texts {
                let v = check(black_box(tavla::notation::read(t)), &o);
                let doc = json::match_json(&v, false, t);
                n += serde_json::to_string(&doc).map_or(0, |s| s.len());
            }
            n
        })
    });
    g.bench_function("html", |b| {
        b.iter(|| {
            let mut n = 0;
            for (i, t) in texts.iter().enumerate() {
                let v = check(black_box(tavla::notation::read(t)), &o);
                n += html::file_section(i, "record.mat", t, &v.findings, Some(&v)).len();
            }
            n
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
