//! The `tavla` binary end to end: exit codes and outputs of every command, hostile input, the
//! HTML report in a browser, and the snapshots of what users see.
//!
//! One test binary (`cargo test --test cli`): each module holds the tests of one subject, and
//! `cargo test --test cli MODULE::` runs that module alone.

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod check_cli;
mod cli;
mod csv_cli;
mod fix_cli;
mod hostile;
mod names;
mod show;
mod snapshots;
