//! The commands that print reference material: `explain`, `schema`, `completions`, `man`.

use tavla::codes::Code;
use tavla::report::json;

use super::{EXIT_ERROR, EXIT_VALID};

/// `tavla explain [CODE]`: one code explained, or every code listed with its summary.
pub(crate) fn explain(code: Option<String>) -> u8 {
    match code {
        None => {
            for c in Code::ALL {
                println!("{:<42} {}", c.as_str(), c.summary());
            }
            EXIT_VALID
        }
        Some(c) => match Code::lookup(&c) {
            Some(code) => {
                println!("{code}\n\n{}\n", code.summary());
                println!("{}", code.explanation());
                EXIT_VALID
            }
            None => {
                eprintln!("error: unknown code `{c}`; `tavla explain` lists them all");
                EXIT_ERROR
            }
        },
    }
}

/// `tavla schema`: the JSON Schema of the match document.
pub(crate) fn schema() -> u8 {
    println!(
        "{}",
        serde_json::to_string_pretty(&json::schema()).unwrap_or_default()
    );
    EXIT_VALID
}

/// `tavla completions SHELL`: a completion script for `cli`.
pub(crate) fn completions(shell: clap_complete::Shell, mut cli: clap::Command) -> u8 {
    clap_complete::generate(shell, &mut cli, "tavla", &mut std::io::stdout());
    EXIT_VALID
}

/// `tavla man`: the manual page of `cli` (roff).
pub(crate) fn man(cli: clap::Command) -> u8 {
    match clap_mangen::Man::new(cli).render(&mut std::io::stdout()) {
        Ok(()) => EXIT_VALID,
        Err(_) => EXIT_ERROR,
    }
}
