//! What the `tavla` binary does, command by command; `main.rs` holds only the clap
//! definitions and the dispatch. Binary-private: nothing here is part of the library.
//!
//! Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error (2 outranks 1).

/// A line on standard error. Every message of the binary goes through this writer: a closed
/// or failing standard error (`tavla validate f 2>&-`) loses the message, never the run.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($t)*);
    }};
}

/// [`say!`] without the newline.
macro_rules! say_raw {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr().lock(), $($t)*);
    }};
}

mod check;
mod convert;
mod fix;
mod reference;
pub(crate) mod setup;
mod show;
mod validate;

pub(crate) use check::{check, legal};
pub(crate) use convert::convert;
pub(crate) use fix::fix;
pub(crate) use reference::{completions, explain, help, man, schema};
pub(crate) use show::show;
pub(crate) use validate::validate;

/// Exit code: every record is valid.
pub(crate) const EXIT_VALID: u8 = 0;
/// Exit code: at least one record is invalid.
pub(crate) const EXIT_INVALID: u8 = 1;
/// Exit code: usage or I/O error (outranks invalid records).
pub(crate) const EXIT_ERROR: u8 = 2;

/// Files are checked in chunks of this many, in parallel; memory stays bounded by a chunk.
const CHUNK: usize = 256;

/// How a run over `files` files ends: 2 when none was found and `--allow-empty` is not
/// given (said on standard error, with what there was to `verb`) or on an I/O error, 1 when
/// some record is `invalid`, else 0.
fn run_end(
    verb: &str,
    files: usize,
    ext: &[String],
    allow_empty: bool,
    io_error: bool,
    invalid: bool,
) -> u8 {
    if files == 0 && !allow_empty {
        say!(
            "error[{}]: no record found: no file to {verb} in the paths given (extensions: {}); \
             pass --allow-empty to accept an empty run",
            tavla::codes::Code::NoRecords,
            ext.join(",")
        );
        return EXIT_ERROR;
    }
    if io_error {
        EXIT_ERROR
    } else if invalid {
        EXIT_INVALID
    } else {
        EXIT_VALID
    }
}
