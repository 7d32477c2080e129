//! What `validate` and `convert` share: rules from the arguments, inputs, workers, output,
//! and checking one record.

use std::io::Write;
use std::path::PathBuf;

use tavla::input::{InputSpec, Inputs};
use tavla::replay::Overrides;
use tavla::rules::options::PRESETS;
use tavla::rules::rotation::ROTATION_NAMES;
use tavla::rules::{RuleSet, VARIANT_NAMES, Variant};

use crate::{InputArgs, RuleArgs};

/// The names `--variant` accepts, per game (`Gul bara: gul-bara, gyul-bara, …; backgammon:
/// …`), written from [`VARIANT_NAMES`].
pub(crate) fn variant_names() -> String {
    Variant::ALL
        .iter()
        .map(|v| {
            let names: Vec<&str> = VARIANT_NAMES
                .iter()
                .filter(|(_, of, _)| of == v)
                .map(|(name, _, _)| *name)
                .collect();
            format!("{}: {}", v.title(), names.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The presets `--rules` accepts, per game, written from [`PRESETS`].
pub(crate) fn preset_names() -> String {
    PRESETS
        .iter()
        .map(|(v, presets)| format!("{}: {}", v.title(), presets.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

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
    let mut o = Overrides::default();
    let mut implied_preset = None;
    if let Some(v) = &a.variant {
        let (variant, preset) = Variant::from_name(v)
            .ok_or_else(|| format!("unknown variant `{v}` ({})", variant_names()))?;
        o.variant = Some(variant);
        implied_preset = preset;
    }
    let candidates: Vec<Variant> = match o.variant {
        Some(v) => vec![v],
        None => Variant::ALL.to_vec(),
    };
    if let Some(p) = a.preset.clone().or(implied_preset.map(String::from)) {
        if !candidates
            .iter()
            .any(|v| RuleSet::default_for(*v).with_preset(&p).is_ok())
        {
            return Err(format!("unknown preset `{p}` ({})", preset_names()));
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

/// Standard output, or the `--output` file, buffered.
pub(crate) fn open_output(path: &Option<PathBuf>) -> Result<Box<dyn Write>, String> {
    Ok(match path {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    })
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
