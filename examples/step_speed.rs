//! Probe: cost of parsing turn lines, and the sizes of the syntax tree nodes.
// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    use std::mem::size_of;
    use tavla::notation::*;
    println!(
        "Line {} Cell {} Stage {} StepText {} Moves {} LineKind {}",
        size_of::<Line>(),
        size_of::<Cell>(),
        size_of::<Stage>(),
        size_of::<StepText>(),
        size_of::<Moves>(),
        size_of::<LineKind>()
    );
    let line = "  1) 31: 24/21 21/20             42: 24/20 24/22\n".repeat(100000);
    let t = std::time::Instant::now();
    let d = parse_document(&line);
    println!(
        "{} lines {:.0} ns/line",
        d.lines.len(),
        t.elapsed().as_nanos() as f64 / 100000.0
    );
}
