//! Quick throughput probe: `cargo run --release --example parse_speed -- FILE`.
fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = std::fs::read_to_string(path).expect("read");
    let n = 20;
    let t = std::time::Instant::now();
    let mut lines = 0;
    for _ in 0..n {
        lines += tavla::notation::parse_document(&text).lines.len();
    }
    let parse = t.elapsed().as_secs_f64() / n as f64;
    if std::env::var_os("PARSE_ONLY").is_some() {
        println!("parse {:.1} MB/s", text.len() as f64 / 1e6 / parse);
        return;
    }
    let t = std::time::Instant::now();
    let mut games = 0;
    for _ in 0..n {
        games += tavla::replay::check(&text, &tavla::replay::Overrides::default())
            .record
            .games
            .len();
    }
    let full = t.elapsed().as_secs_f64() / n as f64;
    let mb = text.len() as f64 / 1e6;
    println!(
        "{lines} lines {games} games; parse {:.1} MB/s; check {:.1} MB/s",
        mb / parse,
        mb / full
    );
}
