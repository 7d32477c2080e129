//! Helpers shared by the test binaries (`tests/*/main.rs` include this module): each binary
//! uses a part of them.
#![allow(dead_code)]

pub mod generated;
