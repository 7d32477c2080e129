//! The commands that print reference material: `explain`, `schema`, `completions`, `man`.

use std::io::Write;

use tavla::codes::Code;
use tavla::report::json;

use super::setup::open_output;
use super::{EXIT_ERROR, EXIT_VALID};

/// Write to standard output with `write`; an output error is exit status 2.
fn print(write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> u8 {
    let written = open_output(&None)
        .map_err(std::io::Error::other)
        .and_then(|mut out| {
            write(&mut out)?;
            out.flush()
        });
    match written {
        Ok(()) => EXIT_VALID,
        Err(e) => {
            eprintln!("error: cannot write to standard output: {e}");
            EXIT_ERROR
        }
    }
}

/// `tavla explain [CODE]`: one code explained, or every code listed with its summary.
pub(crate) fn explain(code: Option<String>) -> u8 {
    match code {
        None => print(|out| {
            for c in Code::ALL {
                writeln!(out, "{:<42} {}", c.as_str(), c.summary())?;
            }
            Ok(())
        }),
        Some(c) => match Code::lookup(&c) {
            Some(code) => print(|out| {
                writeln!(out, "{code}\n\n{}\n", code.summary())?;
                writeln!(out, "{}", code.explanation())
            }),
            None => {
                eprintln!("error: unknown code `{c}`; `tavla explain` lists them all");
                EXIT_ERROR
            }
        },
    }
}

/// `tavla schema`: the JSON Schema of the match document.
pub(crate) fn schema() -> u8 {
    print(|out| {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json::schema()).unwrap_or_default()
        )
    })
}

/// `tavla completions SHELL`: a completion script for `cli`.
pub(crate) fn completions(shell: clap_complete::Shell, mut cli: clap::Command) -> u8 {
    // The generators panic on a write error: they write into memory, which cannot fail.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cli, "tavla", &mut script);
    print(|out| out.write_all(&script))
}

/// `tavla man`: the manual page of `cli` (roff).
pub(crate) fn man(cli: clap::Command) -> u8 {
    print(|out| clap_mangen::Man::new(cli).render(out))
}
