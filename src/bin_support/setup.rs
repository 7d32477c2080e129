//! What `validate` and `convert` share: rules from the arguments, inputs, workers, output,
//! and checking one record.

use std::io::Write;
use std::path::PathBuf;

use tavla::input::{InputSpec, Inputs};
use tavla::replay::Overrides;
use tavla::rules::rotation::ROTATION_NAMES;
use tavla::rules::{RuleSet, preset_names, variant_names};

use super::EXIT_ERROR;
use crate::{InputArgs, RuleArgs};

/// The help of `--variant`: every name of [`VARIANT_NAMES`], and the rotating matches a
/// header may name ([`ROTATION_NAMES`]).
pub(crate) fn variant_help() -> String {
    let rotations: Vec<&str> = ROTATION_NAMES.iter().map(|(n, _)| *n).collect();
    format!(
        "Variant, overriding the `Variation` header ({}). A header may also name a rotating match, whose games follow their number: {}",
        variant_names(),
        rotations.join(", ")
    )
}

/// The help of `--rules`: every preset of [`PRESETS`].
pub(crate) fn preset_help() -> String {
    format!(
        "Preset, overriding the `Rules` header ({}). `default` is each game's first",
        preset_names()
    )
}

/// The rule overrides of `--variant`, `--rules` and `--rule`, each checked against the
/// variants it can apply to.
pub(crate) fn overrides(a: &RuleArgs) -> Result<Overrides, String> {
    Overrides::parse(a.variant.as_deref(), a.preset.as_deref(), &a.rule)
}

/// The rules of `--variant`, `--rules` and `--rule` for a single position (no record header):
/// backgammon unless `--variant` names another game.
pub(crate) fn ruleset(a: &RuleArgs) -> Result<RuleSet, String> {
    overrides(a)?.ruleset()
}

/// Standard output, or the `--output` file, buffered. Every command writes its output through
/// this writer, so a reader that goes away (`tavla schema | head`) ends the process quietly
/// (see [`EndOnClosedPipe`]) whatever the command was writing.
pub(crate) fn open_output(path: &Option<PathBuf>) -> Result<Box<dyn Write>, String> {
    Ok(match path {
        Some(p) => Box::new(std::io::BufWriter::new(EndOnClosedPipe(
            std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?,
        ))),
        None => Box::new(std::io::BufWriter::new(EndOnClosedPipe(
            std::io::stdout().lock(),
        ))),
    })
}

/// A writer whose reader has gone (a closed pipe, or a FIFO given to `--output`) ends the
/// process at once, with no message and the exit status of an output error, as a Unix tool
/// ends on `SIGPIPE`: nothing more can be delivered, so the rest of the run is not done.
/// Every other error is returned to the caller.
struct EndOnClosedPipe<W>(W);

impl<W: Write> EndOnClosedPipe<W> {
    fn end_on_closed_pipe<T>(r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r
            && e.kind() == std::io::ErrorKind::BrokenPipe
        {
            std::process::exit(EXIT_ERROR.into());
        }
        r
    }
}

impl<W: Write> Write for EndOnClosedPipe<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        Self::end_on_closed_pipe(self.0.write(buf))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Self::end_on_closed_pipe(self.0.flush())
    }
}

/// The worker pool of `-j N` (default: all cores).
fn thread_pool(n: Option<usize>) -> Result<rayon::ThreadPool, String> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = n {
        b = b.num_threads(n.max(1));
    }
    b.build().map_err(|e| e.to_string())
}

/// What `validate`, `convert` and `fix` need before reading: rules, inputs, workers, output.
pub(crate) struct Setup {
    pub(crate) overrides: Overrides,
    pub(crate) inputs: Inputs,
    pub(crate) pool: rayon::ThreadPool,
    pub(crate) out: Box<dyn Write>,
}

/// Read the arguments `validate`, `convert` and `fix` share; `None` on a usage or I/O error,
/// said on standard error.
pub(crate) fn setup(
    rules: &RuleArgs,
    inputs: &InputArgs,
    output: &Option<PathBuf>,
) -> Option<Setup> {
    match read_setup(rules, inputs, output) {
        Ok(s) => Some(s),
        Err(e) => {
            say!("error: {e}");
            None
        }
    }
}

fn read_setup(
    rules: &RuleArgs,
    inputs: &InputArgs,
    output: &Option<PathBuf>,
) -> Result<Setup, String> {
    let overrides = overrides(rules)?;
    let inputs_found = InputSpec {
        paths: inputs.paths.clone(),
        extensions: inputs.ext.clone(),
        stdin_name: inputs.stdin_filename.clone(),
        files_from: inputs.files_from.clone(),
    }
    .inputs()
    .map_err(|e| e.to_string())?;
    let pool = thread_pool(inputs.threads)?;
    let out = open_output(output)?;
    Ok(Setup {
        overrides,
        inputs: inputs_found,
        pool,
        out,
    })
}
