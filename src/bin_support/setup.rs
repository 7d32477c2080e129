//! What `validate` and `convert` share: rules from the arguments, inputs, workers, output,
//! and checking one record.

use std::io::Write;
use std::path::PathBuf;

use tavla::input::{InputSpec, Inputs};
use tavla::replay::Overrides;
use tavla::rules::{RuleSet, Variant};

use super::EXIT_ERROR;
use crate::{InputArgs, RuleArgs};

/// The rule overrides of `--variant`, `--rules` and `--rule`, each checked against the
/// variants it can apply to.
pub(crate) fn overrides(a: &RuleArgs) -> Result<Overrides, String> {
    let mut o = Overrides::default();
    let mut implied_preset = None;
    if let Some(v) = &a.variant {
        let (variant, preset) = Variant::from_name(v).ok_or_else(|| {
            format!("unknown variant `{v}` (gul-bara, backgammon, nackgammon, short-nardy, obiknovena, portes, tavla, long-nardy, fevga, moultezim, tapa, plakoto, plakoto-no-mother, hypergammon-1, hypergammon-2, hypergammon-3, longgammon)")
        })?;
        o.variant = Some(variant);
        implied_preset = preset;
    }
    let candidates: Vec<Variant> = match o.variant {
        Some(v) => vec![v],
        None => vec![
            Variant::GulBara,
            Variant::Backgammon,
            Variant::LongNardy,
            Variant::Fevga,
            Variant::Tapa,
            Variant::Hypergammon1,
            Variant::Hypergammon2,
            Variant::Hypergammon3,
            Variant::Longgammon,
        ],
    };
    if let Some(p) = a.preset.clone().or(implied_preset.map(String::from)) {
        if !candidates
            .iter()
            .any(|v| RuleSet::default_for(*v).with_preset(&p).is_ok())
        {
            return Err(format!(
                "unknown preset `{p}` (Gul bara: bulgarian, english, simple; backgammon: backgammon, short-nardy, nackgammon, obiknovena, portes, tavla; Long nardy: federation, club, home-prime; Fevga: greek, moultezim; Tapa: bulgarian, plakoto, plakoto-no-mother; Hypergammon, Longgammon: backgammon)"
            ));
        }
        o.preset = Some(p);
    }
    for kv in &a.rule {
        let ok = candidates
            .iter()
            .any(|v| RuleSet::default_for(*v).set(kv).is_ok());
        if !ok {
            let e = RuleSet::default_for(candidates[0])
                .set(kv)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            return Err(format!("bad --rule `{kv}`: {e}"));
        }
        o.rules.push(kv.clone());
    }
    Ok(o)
}

/// The rules of `--variant`, `--rules` and `--rule` for a single position (no record header):
/// backgammon unless `--variant` names another game.
pub(crate) fn ruleset(a: &RuleArgs) -> Result<RuleSet, String> {
    let o = overrides(a)?;
    let (variant, _) = tavla::rules::header_variant(None).ok_or("no default variant")?;
    let mut rules = RuleSet::default_for(o.variant.unwrap_or(variant));
    let implied = a
        .variant
        .as_deref()
        .and_then(Variant::from_name)
        .and_then(|(_, p)| p);
    if let Some(p) = o.preset.as_deref().or(implied) {
        rules = rules
            .with_preset(p)
            .map_err(|e| format!("--rules {p}: {e}"))?;
    }
    for kv in &o.rules {
        rules.set(kv).map_err(|e| format!("--rule {kv}: {e}"))?;
    }
    Ok(rules)
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

/// What both `validate` and `convert` need before reading: rules, inputs, workers, output.
pub(crate) struct Setup {
    pub(crate) overrides: Overrides,
    pub(crate) inputs: Inputs,
    pub(crate) pool: rayon::ThreadPool,
    pub(crate) out: Box<dyn Write>,
}

/// Read the arguments `validate` and `convert` share; an error is a usage or I/O error.
pub(crate) fn setup(
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
