//! Whole records: fixtures and their verdicts, every finding placed and nothing lost, single
//! defects and their repairs and suggestions, fuzz regressions.
//!
//! One test binary (`cargo test --test records`): each module holds the tests of one subject, and
//! `cargo test --test records MODULE::` runs that module alone.

#[path = "../common/mod.rs"]
mod common;
mod kinds;
mod mutants;

mod as_played;
mod dice_slips;
mod fixtures;
mod locations;
mod nardy_records;
mod not_in_this_game;
mod nothing_lost;
mod one_defect;
mod regressions;
mod repair;
mod resignations;
mod several_matches;
mod suggestions;
mod value_help;
