//! Placeholder replaced by the benchmark suite.
fn main() {}
