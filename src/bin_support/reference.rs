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
            say!("error: cannot write to standard output: {e}");
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
        Some(c) => match lookup(&c) {
            Ok(code) => print(|out| {
                writeln!(out, "{code}\n\n{}\n", code.summary())?;
                writeln!(out, "{}", code.explanation())
            }),
            Err(candidates) if candidates.is_empty() => {
                say!("error: unknown code `{c}`; `tavla explain` lists them all");
                EXIT_ERROR
            }
            Err(candidates) => {
                let names: Vec<&str> = candidates.iter().map(|c| c.as_str()).collect();
                say!("error: `{c}` names several codes: {}", names.join(", "));
                EXIT_ERROR
            }
        },
    }
}

/// A code by its full string (`tavla::rules::blocked`) or by its last parts when they name
/// one code (`blocked`, `rules::blocked`); otherwise the codes it could mean (none: unknown).
fn lookup(name: &str) -> Result<Code, Vec<Code>> {
    if let Some(code) = Code::lookup(name) {
        return Ok(code);
    }
    let suffix = format!("::{}", name.trim_start_matches(':'));
    let matches: Vec<Code> = Code::ALL
        .iter()
        .copied()
        .filter(|c| c.as_str().ends_with(&suffix))
        .collect();
    match matches.as_slice() {
        [one] => Ok(*one),
        _ => Err(matches),
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

/// `tavla man`: the manual page of `cli` (roff) on standard output, or with `--dir` the
/// pages of `cli` and of every command (`tavla-validate.1`, …) written into that directory.
pub(crate) fn man(cli: clap::Command, dir: Option<std::path::PathBuf>) -> u8 {
    let Some(dir) = dir else {
        return print(|out| clap_mangen::Man::new(cli).render(out));
    };
    let written = std::fs::create_dir_all(&dir).and_then(|()| clap_mangen::generate_to(cli, &dir));
    match written {
        Ok(()) => EXIT_VALID,
        Err(e) => {
            say!(
                "error: cannot write the manual pages into {}: {e}",
                dir.display()
            );
            EXIT_ERROR
        }
    }
}

/// `tavla help [COMMAND]`: the long help of tavla or of one command.
pub(crate) fn help(mut cli: clap::Command, command: Option<String>) -> u8 {
    let text = match command {
        None => cli.render_long_help(),
        Some(name) => {
            cli.build();
            match cli.find_subcommand_mut(&name) {
                Some(sub) => sub.render_long_help(),
                None => {
                    say!("error: no command `{name}`; `tavla help` lists them");
                    return EXIT_ERROR;
                }
            }
        }
    };
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        print(|out| write!(out, "{}", text.ansi()))
    } else {
        print(|out| write!(out, "{text}"))
    }
}
