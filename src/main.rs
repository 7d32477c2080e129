//! The `tavla` command line: validate and convert match records. This file holds the clap
//! definitions and the dispatch; the commands are in `bin_support`.
//!
//! Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error (2 outranks 1).

mod bin_support;

use std::path::PathBuf;
use std::process::ExitCode;

use bin_support::{EXIT_ERROR, EXIT_VALID};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

/// mimalloc: the replay allocates many small syntax-tree nodes; glibc's allocator spent more
/// time than the parser (see `bench/README.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
        Command::Validate(a) => bin_support::validate(a),
        Command::Convert(a) => bin_support::convert(a),
        Command::Explain { code } => bin_support::explain(code),
        Command::Schema => bin_support::schema(),
        Command::Completions { shell } => bin_support::completions(shell, Cli::command()),
        Command::Man => bin_support::man(Cli::command()),
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
