//! The rules of every game: perft counts, the cases of the rule pages, differential checks
//! against independent engines and references, matches played by tavla's engine, property
//! tests and the board-letter notation.
//!
//! One test binary (`cargo test --test rules`): each module holds the tests of one subject, and
//! `cargo test --test rules MODULE::` runs that module alone.

#[path = "../common/mod.rs"]
mod common;
#[path = "../peer/mod.rs"]
mod peer;
mod perft_vectors;

mod bkgm_differential;
mod gul_bara_cases;
mod hypergammon;
mod hypergammon_generated;
mod nardy_bounds;
mod nardy_cases;
mod nardy_differential;
mod nardy_perft;
mod nardy_reference;
mod perft;
mod plakoto_no_mother;
mod properties;
mod seed003;
mod tapa_cases;
mod tapa_generated;
mod tapa_nikolayit;
mod tapa_perft;
mod tavli;
