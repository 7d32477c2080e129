//! Quick throughput probe: `cargo run --release --example parse_speed -- PATH` where PATH is
//! a file or a directory (every `.mat` under it, each parsed on its own). Prints parse-only
//! and full check throughput; `PARSE_ONLY=1` skips the check.

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
    } else if p.extension().is_some_and(|x| x == "mat") || out.is_empty() {
        out.push(std::fs::read_to_string(p).expect("read"));
    }
}

fn main() {
    let path = std::env::args().nth(1).expect("a file or directory");
    let mut texts = Vec::new();
    collect(std::path::Path::new(&path), &mut texts);
    let mb = texts.iter().map(|t| t.len()).sum::<usize>() as f64 / 1e6;
    let n = (200.0 / mb).clamp(1.0, 50.0) as usize;
    let t = std::time::Instant::now();
    let mut lines = 0;
    for _ in 0..n {
        for text in &texts {
            lines += tavla::notation::parse_document(text).lines.len();
        }
    }
    let parse = t.elapsed().as_secs_f64() / n as f64;
    if std::env::var_os("PARSE_ONLY").is_some() {
        println!(
            "{} files, {mb:.1} MB; parse {:.1} MB/s",
            texts.len(),
            mb / parse
        );
        return;
    }
    let t = std::time::Instant::now();
    let mut games = 0;
    let o = tavla::replay::Overrides::default();
    for _ in 0..n {
        for text in &texts {
            games += tavla::replay::check(text, &o).record.games.len();
        }
    }
    let full = t.elapsed().as_secs_f64() / n as f64;
    println!(
        "{} files, {mb:.1} MB, {} lines, {} games; parse {:.1} MB/s; check {:.1} MB/s",
        texts.len(),
        lines / n,
        games / n,
        mb / parse,
        mb / full
    );
}
