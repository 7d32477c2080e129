//! The `tavla` command line: validate and convert match records.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use tavla::replay::{Overrides, Verdict, check};
use tavla::report::{self, LineIndex, Style, json};
use tavla::rules::{RuleSet, Variant};

/// Exit code: every record is valid.
const EXIT_VALID: u8 = 0;
/// Exit code: at least one record is invalid.
const EXIT_INVALID: u8 = 1;
/// Exit code: usage or I/O error (outranks invalid records).
const EXIT_ERROR: u8 = 2;

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
    /// Convert a record to JSON, or back to a canonical `.mat`.
    Convert(ConvertArgs),
    /// Explain a diagnostic code, or list them all.
    Explain {
        /// A code such as `tavla::rules::blocked` (omit to list every code).
        code: Option<String>,
    },
}

#[derive(Args, Debug, Clone)]
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

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum Format {
    /// Graphical diagnostics for people.
    Human,
    /// One `path:line:col: severity[code] message` line per finding.
    Short,
    /// One JSON document with every finding.
    Json,
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
    /// Record files; `-` reads standard input.
    #[arg(value_name = "PATH", required = true)]
    paths: Vec<PathBuf>,
    #[command(flatten)]
    rules: RuleArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = Color::Auto)]
    color: Color,
    /// Print findings only, no summary.
    #[arg(short, long)]
    quiet: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum Target {
    /// The versioned JSON document.
    Json,
    /// A `.mat` record in canonical layout.
    Mat,
}

#[derive(Args, Debug)]
struct ConvertArgs {
    /// The record; `-` reads standard input.
    #[arg(value_name = "FILE")]
    file: PathBuf,
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
    // Validate presets and options against the chosen (or both) variants.
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
        let ok = candidates.iter().any(|v| {
            let mut r = RuleSet::default_for(*v);
            r.set(kv).is_ok()
        });
        if !ok {
            let mut r = RuleSet::default_for(candidates[0]);
            let e = r.set(kv).err().map(|e| e.to_string()).unwrap_or_default();
            return Err(format!("bad --rule `{kv}`: {e}"));
        }
        o.rules.push(kv.clone());
    }
    Ok(o)
}

fn read_input(path: &Path) -> Result<Vec<u8>, String> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("<stdin>: {e}"))?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
    }
}

fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// Check one input: decoded text, all findings (decoding ones included), the verdict.
fn check_bytes(bytes: &[u8], o: &Overrides) -> (String, Verdict) {
    let (text, utf8) = report::decode(bytes);
    let mut v = check(&text, o);
    if !utf8.is_empty() {
        v.findings.extend(utf8);
        v.findings.sort_by_key(|f| f.span.offset);
    }
    (text, v)
}

fn validate(a: ValidateArgs) -> u8 {
    let o = match overrides(&a.rules) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let tty = std::io::stdout().is_terminal();
    let color = match a.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => tty && std::env::var_os("NO_COLOR").is_none(),
    };
    let style = Style {
        color,
        unicode: color,
        width: 100,
    };
    let mut code = EXIT_VALID;
    let (mut files, mut games, mut turns, mut errors, mut warnings) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut json_findings = Vec::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for path in &a.paths {
        let name = display_name(path);
        let bytes = match read_input(path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error[tavla::io]: {e}");
                code = EXIT_ERROR;
                continue;
            }
        };
        files += 1;
        let (text, v) = check_bytes(&bytes, &o);
        games += v.record.games.len();
        turns += v.turns_checked();
        errors += v.errors();
        warnings += v.warnings();
        if v.errors() > 0 && code == EXIT_VALID {
            code = EXIT_INVALID;
        }
        let rendered = match a.format {
            Format::Human => report::render_human(&name, &text, &v.findings, style),
            Format::Short => report::render_short(&name, &text, &v.findings),
            Format::Json => {
                let idx = LineIndex::new(&text);
                json_findings.extend(
                    v.findings
                        .iter()
                        .map(|f| report::finding_json(&name, &text, &idx, f)),
                );
                String::new()
            }
        };
        let _ = out.write_all(rendered.as_bytes());
    }
    if a.format == Format::Json {
        let doc = serde_json::json!({
            "format": "tavla-diagnostics",
            "format_version": 1,
            "files": files, "games": games, "turns": turns, "errors": errors, "warnings": warnings,
            "diagnostics": json_findings,
        });
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&doc).unwrap_or_default()
        );
    }
    if !a.quiet {
        eprintln!(
            "{files} files, {games} games, {turns} turns checked, {errors} errors, {warnings} warnings"
        );
    }
    code
}

fn convert(a: ConvertArgs) -> u8 {
    let o = match overrides(&a.rules) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let bytes = match read_input(&a.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error[tavla::io]: {e}");
            return EXIT_ERROR;
        }
    };
    let (text, v) = check_bytes(&bytes, &o);
    let doc = json::match_json(&v, a.with_source, &text);
    let s = match a.to {
        Target::Json => serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n",
        Target::Mat => report::mat::write_mat(&doc),
    };
    let res = match &a.output {
        Some(p) => std::fs::write(p, s).map_err(|e| format!("{}: {e}", p.display())),
        None => std::io::stdout()
            .write_all(s.as_bytes())
            .map_err(|e| e.to_string()),
    };
    if let Err(e) = res {
        eprintln!("error[tavla::io]: {e}");
        return EXIT_ERROR;
    }
    if v.errors() > 0 {
        let name = display_name(&a.file);
        eprint!("{}", report::render_short(&name, &text, &v.findings));
        return EXIT_INVALID;
    }
    EXIT_VALID
}

fn explain(code: Option<String>) -> u8 {
    match code {
        None => {
            for c in report::codes::CODES {
                println!("{:<42} {}", c.code, c.summary);
            }
            EXIT_VALID
        }
        Some(c) => match report::codes::lookup(&c) {
            Some(info) => {
                println!("{}\n\n{}", info.code, info.summary);
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
    };
    ExitCode::from(code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
