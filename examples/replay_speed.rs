//! Replay throughput probe: `cargo run --release --example replay_speed -- DIR...`.
//!
//! Reads every file under the given directories, then times parsing alone and the full check,
//! and prints both rates and the replay share (check minus parse): the best of `REPS` runs
//! (default 3).

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
fn collect(p: &std::path::Path, out: &mut Vec<String>) {
    if p.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(p)
            .expect("read dir")
            .map(|e| e.expect("entry").path())
            .collect();
        entries.sort();
        for e in entries {
            collect(&e, out);
        }
    } else if let Ok(t) = std::fs::read_to_string(p) {
        out.push(t);
    }
}

fn main() {
    let mut texts = Vec::new();
    for a in std::env::args().skip(1) {
        collect(std::path::Path::new(&a), &mut texts);
    }
    let bytes: usize = texts.iter().map(|t| t.len()).sum();
    let mb = bytes as f64 / 1e6;
    let o = tavla::replay::Overrides::default();
    let mut best_parse = f64::MAX;
    let mut best_check = f64::MAX;
    let mut best_findings = f64::MAX;
    let mut turns = 0;
    let reps: usize = std::env::var("REPS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(0);
    if std::env::var_os("PARSE_ONLY").is_some() {
        // For profiles: only parsing, a few times (`REPS` times when given).
        for _ in 0..if reps > 0 { reps } else { 5 } {
            let t = std::time::Instant::now();
            for x in &texts {
                std::hint::black_box(tavla::notation::parse_document(x).lines.len());
            }
            best_parse = best_parse.min(t.elapsed().as_secs_f64());
        }
        println!("parse {best_parse:.4} s ({:.1} MB/s)", mb / best_parse);
        return;
    }
    if std::env::var_os("FINDINGS_ONLY").is_some() {
        // For profiles: only the fast check, a few times.
        for _ in 0..5 {
            for x in &texts {
                std::hint::black_box(
                    tavla::replay::check_findings(tavla::notation::read(x), &o)
                        .findings
                        .len(),
                );
            }
        }
        return;
    }
    for _ in 0..if reps > 0 { reps } else { 3 } {
        let t = std::time::Instant::now();
        for x in &texts {
            std::hint::black_box(tavla::notation::parse_document(x).lines.len());
        }
        best_parse = best_parse.min(t.elapsed().as_secs_f64());
        let t = std::time::Instant::now();
        turns = 0;
        for x in &texts {
            turns += tavla::replay::check(tavla::notation::read(x), &o).turns_checked();
        }
        best_check = best_check.min(t.elapsed().as_secs_f64());
        let t = std::time::Instant::now();
        for x in &texts {
            std::hint::black_box(
                tavla::replay::check_findings(tavla::notation::read(x), &o)
                    .findings
                    .len(),
            );
        }
        best_findings = best_findings.min(t.elapsed().as_secs_f64());
    }
    println!(
        "{} files {mb:.1} MB {turns} turns; parse {:.3} s ({:.1} MB/s); check {:.3} s ({:.1} MB/s), after parse {:.3} s; check_findings {:.3} s ({:.1} MB/s), after parse {:.3} s",
        texts.len(),
        best_parse,
        mb / best_parse,
        best_check,
        mb / best_check,
        best_check - best_parse,
        best_findings,
        mb / best_findings,
        best_findings - best_parse
    );
}
