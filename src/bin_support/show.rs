//! `tavla show`: the board of a record at any point, as a text diagram.

use std::io::Write;

use tavla::input::InputSpec;
use tavla::report::diagram::{self, Charset, Moment};

use super::setup::{open_output, overrides};
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
use crate::{ShowArgs, SideArg};

/// Whether the locale says the output takes UTF-8 (`LC_ALL`, else `LC_CTYPE`, else `LANG`).
fn utf8_locale() -> bool {
    for var in ["LC_ALL", "LC_CTYPE", "LANG"] {
        if let Some(v) = std::env::var_os(var).filter(|v| !v.is_empty()) {
            let v = v.to_string_lossy().to_ascii_lowercase();
            return v.contains("utf-8") || v.contains("utf8");
        }
    }
    false
}

/// Which board of which record: the arguments `show` and `convert --to svg` share.
pub(crate) struct Pick<'a> {
    pub(crate) path: &'a std::path::Path,
    pub(crate) rules: &'a crate::RuleArgs,
    pub(crate) game: Option<u64>,
    pub(crate) turn: Option<u64>,
    pub(crate) line: Option<usize>,
    pub(crate) side: Option<SideArg>,
    pub(crate) after: bool,
}

/// `tavla show`: the exit code (0 shown, 1 shown but the record has errors, 2 usage or I/O).
pub(crate) fn show(a: ShowArgs) -> u8 {
    let pick = Pick {
        path: &a.path,
        rules: &a.rules,
        game: a.game,
        turn: a.turn,
        line: a.line,
        side: a.side,
        after: a.after,
    };
    let (d, errors, name) = match diagram(&pick) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let charset = if a.ascii || !utf8_locale() {
        Charset::Ascii
    } else {
        Charset::Unicode
    };
    finish(&diagram::text(&d, charset), &a.output, errors, &name)
}

/// `convert --to svg`: one board as an SVG document.
pub(crate) fn svg(pick: &Pick, output: &Option<std::path::PathBuf>) -> u8 {
    let (d, errors, name) = match diagram(pick) {
        Ok(x) => x,
        Err(code) => return code,
    };
    finish(&(tavla::report::svg::svg(&d) + "\n"), output, errors, &name)
}

fn finish(text: &str, output: &Option<std::path::PathBuf>, errors: usize, name: &str) -> u8 {
    let mut out = match open_output(output) {
        Ok(o) => o,
        Err(e) => {
            say!("error: {e}");
            return EXIT_ERROR;
        }
    };
    if out
        .write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return EXIT_ERROR;
    }
    if errors > 0 {
        say!(
            "{name}: {errors} error(s) in the record; `tavla validate` shows them (a game's replay stops at its first fatal one)"
        );
        EXIT_INVALID
    } else {
        EXIT_VALID
    }
}

/// The diagram a pick names, the record's error count and its name; else the exit code.
fn diagram(a: &Pick) -> Result<(diagram::Diagram, usize, String), u8> {
    let o = match overrides(a.rules) {
        Ok(o) => o,
        Err(e) => {
            say!("error: {e}");
            return Err(EXIT_ERROR);
        }
    };
    let inputs = InputSpec {
        paths: vec![a.path.to_path_buf()],
        extensions: tavla::input::default_extensions(),
        stdin_name: None,
        files_from: None,
    }
    .inputs();
    let input = match inputs.map(|mut i| (i.next(), i.next())) {
        Ok((Some(i), None)) => i,
        Ok((None, _)) => {
            say!("error: no record at {}", a.path.display());
            return Err(EXIT_ERROR);
        }
        Ok((Some(_), Some(_))) => {
            say!(
                "error: show reads one record; {} holds several",
                a.path.display()
            );
            return Err(EXIT_ERROR);
        }
        Err(e) => {
            say!("error: {e}");
            return Err(EXIT_ERROR);
        }
    };
    let src = match input.load() {
        Ok(s) => s,
        Err(e) => {
            say!("error[{}]: {}: {}", e.finding().code, input.name(), e);
            return Err(EXIT_ERROR);
        }
    };
    let v = src.check(&o, true);
    if v.record.games.is_empty() {
        say!("error: {}: the record holds no game", input.name());
        return Err(EXIT_ERROR);
    }
    let game = match a.game {
        None => v.record.games.len() - 1,
        Some(n) => match v.record.games.iter().position(|g| g.number == n) {
            Some(i) => i,
            None => {
                say!(
                    "error: {}: no game {n} (games {})",
                    input.name(),
                    v.record
                        .games
                        .iter()
                        .map(|g| g.number.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                return Err(EXIT_ERROR);
            }
        },
    };
    let side = a.side.map(|s| match s {
        SideArg::White => tavla::rules::Side::White,
        SideArg::Black => tavla::rules::Side::Black,
    });
    let moment = if a.turn.is_some() || a.line.is_some() {
        Moment::Turn {
            number: a.turn,
            line: a.line,
            side,
            after: a.after,
        }
    } else {
        Moment::End
    };
    let mut d = match diagram::diagram_at(&v, game, moment) {
        Ok(d) => d,
        Err(e) => {
            say!("error: {}: {e}", input.name());
            return Err(EXIT_ERROR);
        }
    };
    d.title = format!("{}: {}", input.name(), d.title);
    Ok((d, v.errors(), input.name()))
}
