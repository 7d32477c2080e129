//! The `tavla` command line: validate and convert match records.
//!
//! Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error (2 outranks 1).

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use tavla::codes::Code;
use tavla::input::{Input, InputSpec, Inputs, Source};
use tavla::replay::{Overrides, Severity, Verdict, check, check_findings};
use tavla::report::formats::{self, FileFindings};
use tavla::report::{self, LineIndex, Style, json};
use tavla::rules::{RuleSet, Variant};

/// mimalloc: the replay allocates many small syntax-tree nodes; glibc's allocator spent more
/// time than the parser (see `bench/README.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exit code: every record is valid.
const EXIT_VALID: u8 = 0;
/// Exit code: at least one record is invalid.
const EXIT_INVALID: u8 = 1;
/// Exit code: usage or I/O error (outranks invalid records).
const EXIT_ERROR: u8 = 2;

/// Files are checked in chunks of this many, in parallel; memory stays bounded by a chunk.
const CHUNK: usize = 256;

/// Check records of tables games (Gul bara, backgammon) move by move.
#[derive(Parser, Debug)]
#[command(name = "tavla", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Replay records through the rules and report every problem.
    ///
    /// Exit status: 0 all records valid, 1 some record invalid, 2 usage or I/O error.
    Validate(ValidateArgs),
    /// Convert records to JSON (one document, or one match per line) or back to `.mat`.
    Convert(ConvertArgs),
    /// Explain a diagnostic code, or list them all.
    Explain {
        /// A code such as `tavla::rules::blocked` (omit to list every code).
        code: Option<String>,
    },
    /// Print the JSON Schema of the match document written by `convert --to json`.
    Schema,
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff).
    Man,
}

#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Rules")]
struct RuleArgs {
    /// Variant, overriding the `Variation` header (`gul-bara`, `backgammon`, `nackgammon`, `short-nardy`).
    #[arg(long, value_name = "VARIANT")]
    variant: Option<String>,
    /// Preset, overriding the `Rules` header (Gul bara: bulgarian, english, simple).
    #[arg(long = "rules", value_name = "PRESET")]
    preset: Option<String>,
    /// A single option, `key=value`, overriding the header (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rule: Vec<String>,
}

#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Inputs")]
struct InputArgs {
    /// Record files or directories (searched recursively); `-` reads standard input.
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Extensions read when walking directories (a file named explicitly is always read).
    #[arg(
        long,
        value_name = "EXT,...",
        value_delimiter = ',',
        default_value = "mat,txt"
    )]
    ext: Vec<String>,
    /// The name to report for standard input.
    #[arg(long, value_name = "NAME")]
    stdin_filename: Option<String>,
    /// Read more paths, one per line, from FILE (`-` for standard input).
    #[arg(long, value_name = "FILE")]
    files_from: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j', value_name = "N")]
    threads: Option<usize>,
}

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum Format {
    /// Graphical diagnostics for people.
    Human,
    /// One `path:line:col: severity[code] message` line per finding.
    Short,
    /// One JSON document with every finding.
    Json,
    /// One JSON object per finding per line.
    Jsonl,
    /// GitHub Actions workflow commands (`::error file=…`).
    Github,
    /// SARIF 2.1.0.
    Sarif,
}

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum Color {
    /// Colour and unicode on a terminal, plain otherwise.
    Auto,
    /// Always colour.
    Always,
    /// Never colour, ASCII only.
    Never,
}

#[derive(Args, Debug)]
struct ValidateArgs {
    #[command(flatten)]
    inputs: InputArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human, help_heading = "Output")]
    format: Format,
    /// Write findings to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE", help_heading = "Output")]
    output: Option<PathBuf>,
    /// When to use colour (human format).
    #[arg(long, value_enum, default_value_t = Color::Auto, help_heading = "Output")]
    color: Color,
    /// Print findings only: no summary, no progress bar.
    #[arg(short, long, help_heading = "Output")]
    quiet: bool,
    /// Show at most N findings (all are still counted).
    #[arg(long, value_name = "N", help_heading = "Output")]
    max_diagnostics: Option<usize>,
    /// Treat warnings as failures (exit 1).
    #[arg(long, help_heading = "Output")]
    deny_warnings: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum Target {
    /// One versioned JSON document (one input).
    Json,
    /// One JSON match document per line (any number of inputs).
    Jsonl,
    /// A `.mat` record in canonical layout (one input).
    Mat,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    #[command(flatten)]
    inputs: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Target::Json)]
    to: Target,
    #[command(flatten)]
    rules: RuleArgs,
    /// Include source spans and original spellings.
    #[arg(long)]
    with_source: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

fn overrides(a: &RuleArgs) -> Result<Overrides, String> {
    let mut o = Overrides::default();
    let mut implied_preset = None;
    if let Some(v) = &a.variant {
        let (variant, preset) = Variant::from_name(v).ok_or_else(|| {
            format!("unknown variant `{v}` (gul-bara, backgammon, nackgammon, short-nardy)")
        })?;
        o.variant = Some(variant);
        implied_preset = preset;
    }
    let candidates: Vec<Variant> = match o.variant {
        Some(v) => vec![v],
        None => vec![Variant::GulBara, Variant::Backgammon],
    };
    if let Some(p) = a.preset.clone().or(implied_preset.map(String::from)) {
        if !candidates
            .iter()
            .any(|v| RuleSet::default_for(*v).with_preset(&p).is_ok())
        {
            return Err(format!(
                "unknown preset `{p}` (Gul bara: bulgarian, english, simple; backgammon: backgammon, short-nardy, nackgammon)"
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

/// Check one record: the verdict, decoding findings included. With `traces` false the
/// verdict carries no replay traces (see [`check_findings`]).
fn check_source(src: &Source, o: &Overrides, traces: bool) -> Verdict {
    let mut v = if traces {
        check(&src.text, o)
    } else {
        check_findings(&src.text, o)
    };
    if !src.findings.is_empty() {
        v.findings.extend(src.findings.iter().cloned());
        v.findings.sort_by_key(|f| f.span.offset);
    }
    v
}

/// What one file contributes to the report.
struct Outcome {
    name: String,
    games: usize,
    turns: usize,
    errors: usize,
    warnings: usize,
    io_error: bool,
    /// Findings rendered in the chosen format (human, short, jsonl, github).
    rendered: Vec<String>,
    /// Findings as JSON values (json) or SARIF results (sarif).
    values: Vec<serde_json::Value>,
    /// The SARIF rules/driver skeleton (sarif).
    sarif_run: Option<serde_json::Value>,
}

fn outcome(input: &Input, o: &Overrides, format: Format, style: Style) -> Outcome {
    let name = input.name();
    let (text, findings, games, turns, io_error) = match input.load() {
        Ok(src) => {
            let v = check_source(&src, o, false);
            let (g, t) = (v.record.games.len(), v.turns_checked());
            (src.text, v.findings, g, t, false)
        }
        Err(e) => (String::new(), vec![e.finding()], 0, 0, true),
    };
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings
        .iter()
        .filter(|f| f.severity == Severity::Warning)
        .count();
    let ff = FileFindings {
        path: &name,
        text: &text,
        findings: &findings,
    };
    let mut out = Outcome {
        name: name.clone(),
        games,
        turns,
        errors,
        warnings,
        io_error,
        rendered: Vec::new(),
        values: Vec::new(),
        sarif_run: None,
    };
    match format {
        Format::Human => {
            let human = report::HumanRenderer::new(&name, &text, style);
            out.rendered = findings
                .iter()
                .map(|f| {
                    if io_error {
                        format!("error[{}]: {name}: {}\n", f.code, f.message)
                    } else {
                        human.render(f)
                    }
                })
                .collect();
        }
        Format::Short => {
            out.rendered = report::render_short(&name, &text, &findings)
                .lines()
                .map(|l| format!("{l}\n"))
                .collect()
        }
        Format::Jsonl => {
            out.rendered = formats::jsonl(&ff)
                .lines()
                .map(|l| format!("{l}\n"))
                .collect()
        }
        Format::Github => {
            out.rendered = formats::github(&ff)
                .lines()
                .map(|l| format!("{l}\n"))
                .collect()
        }
        Format::Json => {
            let idx = LineIndex::new(&text);
            out.values = findings
                .iter()
                .map(|f| report::finding_json(&name, &text, &idx, f))
                .collect();
        }
        Format::Sarif => {
            let base = std::env::current_dir().ok();
            let mut doc = formats::sarif(
                std::slice::from_ref(&ff),
                env!("CARGO_PKG_VERSION"),
                base.as_deref(),
            );
            let run = doc["runs"][0].take();
            out.values = run["results"].as_array().cloned().unwrap_or_default();
            out.sarif_run = Some(run);
        }
    }
    out
}

fn open_output(path: &Option<PathBuf>) -> Result<Box<dyn Write>, String> {
    Ok(match path {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("{}: {e}", p.display()))?,
        )),
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    })
}

fn thread_pool(n: Option<usize>) -> Result<rayon::ThreadPool, String> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = n {
        b = b.num_threads(n.max(1));
    }
    b.build().map_err(|e| e.to_string())
}

/// What both `validate` and `convert` need before reading: rules, inputs, workers, output.
struct Setup {
    overrides: Overrides,
    inputs: Inputs,
    pool: rayon::ThreadPool,
    out: Box<dyn Write>,
}

fn setup(rules: &RuleArgs, inputs: &InputArgs, output: &Option<PathBuf>) -> Result<Setup, String> {
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

fn validate(a: ValidateArgs) -> u8 {
    let Setup {
        overrides: o,
        inputs,
        pool,
        mut out,
    } = match setup(&a.rules, &a.inputs, &a.output) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let machine = !matches!(a.format, Format::Human | Format::Short);
    let to_terminal = a.output.is_none() && std::io::stdout().is_terminal();
    let color = match a.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => to_terminal && !machine && std::env::var_os("NO_COLOR").is_none(),
    };
    let style = Style {
        color,
        unicode: color,
        width: 100,
    };
    let mut inputs = inputs;
    let progress = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
    let show_progress = !a.quiet && !machine && std::io::stderr().is_terminal();
    if let Ok(s) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
        progress.set_style(s);
    }
    let started = Instant::now();
    let shown_bar = AtomicBool::new(false);

    let (mut files, mut games, mut turns, mut errors, mut warnings) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut io_error = false;
    let mut shown = 0usize;
    let limit = a.max_diagnostics.unwrap_or(usize::MAX);
    let mut values: Vec<serde_json::Value> = Vec::new();
    let mut sarif_run: Option<serde_json::Value> = None;
    loop {
        let chunk: Vec<Input> = inputs.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        let outcomes: Vec<Outcome> = pool.install(|| {
            chunk
                .par_iter()
                .map(|i| {
                    let r = outcome(i, &o, a.format, style);
                    progress.inc(1);
                    r
                })
                .collect()
        });
        if show_progress
            && !shown_bar.load(Ordering::Relaxed)
            && started.elapsed() > Duration::from_secs(1)
        {
            progress.set_draw_target(ProgressDrawTarget::stderr());
            shown_bar.store(true, Ordering::Relaxed);
        }
        for oc in outcomes {
            files += 1;
            games += oc.games;
            turns += oc.turns;
            errors += oc.errors;
            warnings += oc.warnings;
            io_error |= oc.io_error;
            let _ = &oc.name;
            for r in oc.rendered {
                if shown < limit {
                    let _ = progress.suspend(|| out.write_all(r.as_bytes()));
                    shown += 1;
                }
            }
            for v in oc.values {
                if shown < limit {
                    values.push(v);
                    shown += 1;
                }
            }
            if sarif_run.is_none() {
                sarif_run = oc.sarif_run;
            }
        }
    }
    progress.finish_and_clear();
    match a.format {
        Format::Json => {
            let doc = serde_json::json!({
                "format": "tavla-diagnostics",
                "format_version": 1,
                "files": files, "games": games, "turns": turns, "errors": errors, "warnings": warnings,
                "diagnostics": values,
            });
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            );
        }
        Format::Sarif => {
            let mut run = sarif_run.unwrap_or_else(|| {
                let mut d = formats::sarif(&[], env!("CARGO_PKG_VERSION"), None);
                d["runs"][0].take()
            });
            run["results"] = serde_json::Value::Array(values);
            let doc = serde_json::json!({
                "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
                "version": "2.1.0",
                "runs": [run],
            });
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            );
        }
        _ => {}
    }
    if out.flush().is_err() {
        io_error = true;
    }
    if !a.quiet {
        let limited = if shown < errors + warnings && a.max_diagnostics.is_some() {
            format!(" ({shown} shown)")
        } else {
            String::new()
        };
        eprintln!(
            "{files} files, {games} games, {turns} turns checked, {errors} errors, {warnings} warnings{limited}"
        );
    }
    if io_error {
        EXIT_ERROR
    } else if errors > 0 || (a.deny_warnings && warnings > 0) {
        EXIT_INVALID
    } else {
        EXIT_VALID
    }
}

fn convert(a: ConvertArgs) -> u8 {
    let Setup {
        overrides: o,
        inputs,
        pool,
        mut out,
    } = match setup(&a.rules, &a.inputs, &a.output) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let mut inputs = inputs;
    let first: Vec<Input> = inputs.by_ref().take(2).collect();
    if a.to != Target::Jsonl && first.len() != 1 {
        eprintln!(
            "error: --to json and --to mat convert exactly one record; use --to jsonl for many"
        );
        return EXIT_ERROR;
    }
    let mut inputs = first.into_iter().chain(inputs);
    let mut code = EXIT_VALID;
    loop {
        let chunk: Vec<Input> = inputs.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        let results: Vec<Result<(String, String, bool), String>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|i| {
                    let src = i.load().map_err(|e| format!("{}: {e}", i.name()))?;
                    let v = check_source(&src, &o, true);
                    let text = src.text;
                    let doc = json::match_json(&v, a.with_source, &text);
                    let s = match a.to {
                        Target::Json => {
                            serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
                        }
                        Target::Jsonl => serde_json::to_string(&doc).unwrap_or_default() + "\n",
                        Target::Mat => report::mat::write_mat(&doc),
                    };
                    let problems = report::render_short(&i.name(), &text, &v.findings);
                    Ok((s, problems, v.errors() > 0))
                })
                .collect()
        });
        for r in results {
            match r {
                Ok((s, problems, invalid)) => {
                    if out.write_all(s.as_bytes()).is_err() {
                        code = EXIT_ERROR;
                    }
                    eprint!("{problems}");
                    if invalid && code == EXIT_VALID {
                        code = EXIT_INVALID;
                    }
                }
                Err(e) => {
                    eprintln!("error[tavla::io::unreadable]: {e}");
                    code = EXIT_ERROR;
                }
            }
        }
    }
    if out.flush().is_err() {
        code = EXIT_ERROR;
    }
    code
}

fn explain(code: Option<String>) -> u8 {
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                EXIT_ERROR
            } else {
                EXIT_VALID
            });
        }
    };
    let code = match cli.command {
        Command::Validate(a) => validate(a),
        Command::Convert(a) => convert(a),
        Command::Explain { code } => explain(code),
        Command::Schema => {
            println!(
                "{}",
                serde_json::to_string_pretty(&json::schema()).unwrap_or_default()
            );
            EXIT_VALID
        }
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "tavla", &mut std::io::stdout());
            EXIT_VALID
        }
        Command::Man => {
            let man = clap_mangen::Man::new(Cli::command());
            match man.render(&mut std::io::stdout()) {
                Ok(()) => EXIT_VALID,
                Err(_) => EXIT_ERROR,
            }
        }
    };
    ExitCode::from(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
