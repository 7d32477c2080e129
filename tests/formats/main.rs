//! The file formats read and written: SGF, XG, OGXM and OGID, gnubg's text export, position
//! IDs, the analysis records carry, the JSON schema and the machine output formats.
//!
//! One test binary (`cargo test --test formats`): each module holds the tests of one subject, and
//! `cargo test --test formats MODULE::` runs that module alone.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod file_terms;
mod formats;
mod gnubg_text;
mod ids;
mod jsonl;
mod ogid;
mod ogxm;
mod ogxm_analysis;
mod ogxm_v1;
mod records;
mod schema;
mod sgf;
mod xg;
