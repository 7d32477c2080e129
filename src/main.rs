//! The `tavla` command line: validate and convert match records. This file holds the clap
//! definitions and the dispatch; the commands are in `bin_support`.
//!
//! Exit status: 0 every record valid, 1 some record invalid, 2 usage or I/O error (2 outranks 1).

#![deny(clippy::too_many_lines)]

mod bin_support;

use std::path::PathBuf;
use std::process::ExitCode;

use bin_support::{EXIT_ERROR, EXIT_VALID};
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

/// mimalloc: the replay allocates many small syntax-tree nodes; glibc's allocator spent more
/// time than the parser (see `bench/README.md`).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Check records of tables games (backgammon, Gul bara, Tapa/Plakoto, Long nardy, Fevga,
/// Hypergammon) move by move, in `.mat`, SGF and `.xg`.
#[derive(Parser, Debug)]
#[command(
    name = "tavla",
    version,
    about,
    long_about = None,
    disable_help_subcommand = true,
    after_help = "`tavla help COMMAND` or `tavla COMMAND --help` for a command's options; -h is short, --help long."
)]
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
    /// Convert records: JSON (one document, or one match per line), `.mat`, GNU Backgammon's
    /// SGF, a CSV table of plays, the HTML report, or one board as SVG.
    Convert(ConvertArgs),
    /// Check single plays against a position: legal or not, why, the play in both notations,
    /// the resulting position and, for an illegal play, the nearest legal ones.
    Check(CheckArgs),
    /// List the distinct legal plays of a position and roll, one per line.
    Legal(LegalArgs),
    /// Apply the confirmed repairs of records (plays, `Wins` values, score lines, a roll's
    /// missing colon) in place.
    ///
    /// Exit status as for `validate`, on what remains after fixing.
    Fix(FixArgs),
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
    /// Print the manual page (roff), or write one page per command into a directory.
    Man {
        /// Write `tavla.1` and one `tavla-COMMAND.1` per command into DIR (created if needed).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
    /// Show the board of a record at any point (default: the end of the last game).
    Show(ShowArgs),
    /// Run the Language Server for match records (diagnostics, quick fixes, completion of
    /// plays, boards on hover, formatting) on standard input and output.
    ///
    /// Exit status: 0 after the client's `shutdown` and `exit`, 2 when the connection fails.
    Lsp(LspArgs),
    /// Print the help of tavla or of a command.
    Help {
        /// The command (omit for tavla's own help).
        command: Option<String>,
    },
}

#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Rules")]
struct RuleArgs {
    // The help of both is written from the variant and preset tables (`rules::VARIANT_NAMES`,
    // `rules::options::PRESETS`, `rules::rotation::ROTATION_NAMES`).
    /// Variant, overriding the `Variation` header (`backgammon`, `gul-bara`, `tapa`, …; --help
    /// lists them all).
    #[arg(long, value_name = "VARIANT", long_help = bin_support::setup::variant_help())]
    variant: Option<String>,
    /// Preset, overriding the `Rules` header (`english`, `plakoto`, …; --help lists them all).
    #[arg(long = "rules", value_name = "PRESET", long_help = bin_support::setup::preset_help())]
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
        default_value = tavla::input::DEFAULT_EXTENSIONS
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
    /// One self-contained HTML report: summary, findings with boards, a viewer of every game.
    Html,
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
    /// Exit 0 when no record is found (by default such a run is an error, exit 2).
    #[arg(long, help_heading = "Inputs")]
    allow_empty: bool,
    /// Under a finding on a play, the board before it with the first bad step marked (machine
    /// formats: the position as IDs and JSON, in a `board` field).
    #[arg(long, help_heading = "Output")]
    board: bool,
    #[command(flatten)]
    keys: KeyArgs,
}

#[derive(Args, Debug)]
struct KeyArgs {
    /// The publishers' Ed25519 public keys that OGXM signatures (`MSIG`, `SIGN`) are checked
    /// against: one a line, 32 bytes in hex or base64.
    #[arg(long, value_name = "FILE", help_heading = "Rules")]
    keys: Option<PathBuf>,
}

impl KeyArgs {
    /// Reads the keys, if given, for the rest of the run; the message of a file that cannot
    /// be read.
    fn load(&self) -> Result<(), String> {
        let Some(p) = &self.keys else {
            return Ok(());
        };
        let keys = std::fs::read_to_string(p)
            .map_err(|e| e.to_string())
            .and_then(|t| tavla::ogxm::read_keys(&t))
            .map_err(|e| format!("--keys {}: {e}", p.display()))?;
        tavla::ogxm::set_keys(keys);
        Ok(())
    }
}

#[derive(Args, Debug)]
struct FixArgs {
    #[command(flatten)]
    inputs: InputArgs,
    #[command(flatten)]
    rules: RuleArgs,
    /// Print a unified diff of the repairs and write nothing.
    #[arg(long, help_heading = "Output")]
    diff: bool,
    /// Exit 0 when no record is found (by default such a run is an error, exit 2).
    #[arg(long, help_heading = "Inputs")]
    allow_empty: bool,
}

#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum Target {
    /// One versioned JSON document (one input).
    Json,
    /// One JSON match document per line (any number of inputs).
    Jsonl,
    /// A `.mat` record in canonical layout (one input).
    Mat,
    /// GNU Backgammon's SGF, one game tree per game (one input; backgammon only).
    Sgf,
    /// OGXM v2, the open match format (one input; the backgammon family), with a CRC-32
    /// checksum.
    Ogxm,
    /// The flat table of plays as CSV (RFC 4180, a header row): one row per play or cube
    /// action of every input, with the position before it, its verdict and the match state.
    Csv,
    /// The flat table of plays as Parquet: the columns of CSV, typed, one row group per chunk
    /// of files (any number of inputs; give `--output`, or redirect standard output).
    Parquet,
    /// The HTML report of `validate --format html` (any number of inputs).
    Html,
    /// One board as SVG (one input; `--game`, `--turn`/`--line`, `--side`, `--after`).
    Svg,
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
    #[command(flatten)]
    keys: KeyArgs,
    /// Include source spans and original spellings.
    #[arg(long)]
    with_source: bool,
    /// CSV and Parquet: fill `n_legal`, the number of distinct legal plays of each roll (every
    /// play of every roll enumerated: several times the work of the check).
    #[arg(long)]
    legal_counts: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// `--to svg`: the game, by its written number (default: the last game).
    #[arg(long, value_name = "N", help_heading = "Board (--to svg)")]
    game: Option<u64>,
    /// `--to svg`: the turn line `M)` (default: the end of the game).
    #[arg(
        long,
        value_name = "M",
        help_heading = "Board (--to svg)",
        conflicts_with = "line"
    )]
    turn: Option<u64>,
    /// `--to svg`: the turn cell on file line L.
    #[arg(long, value_name = "L", help_heading = "Board (--to svg)")]
    line: Option<usize>,
    /// `--to svg`: the column of the turn cell.
    #[arg(long, value_enum, help_heading = "Board (--to svg)")]
    side: Option<SideArg>,
    /// `--to svg`: the board after the turn rather than before it.
    #[arg(long, help_heading = "Board (--to svg)")]
    after: bool,
}

/// The side to move.
#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum SideArg {
    /// White (the left column of a record; `W`, `Б` in the board-letter form).
    White,
    /// Black (the right column; `B`, `Ч`).
    Black,
}

/// Output of `check` and `legal`.
#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum PlayFormat {
    /// For people.
    Human,
    /// One JSON document.
    Json,
    /// One JSON object per play.
    Jsonl,
}

/// Which notation `legal` prints.
#[derive(Copy, Clone, Debug, ValueEnum, PartialEq, Eq)]
enum Notation {
    /// Mover-relative: `24/18 13/9`.
    Standard,
    /// Board letters (seed 003): `6/4 = 1A-7A and 12A-9`.
    Letters,
}

/// The position a play is checked against.
#[derive(Args, Debug, Clone)]
struct PositionArgs {
    #[command(flatten)]
    rules: RuleArgs,
    /// `start`, a GNU Backgammon Position ID (`4HPwATDgc/ABMA`, or `PositionID:MatchID`), an
    /// XGID, an OGID (OGXM's position ID), the JSON position of `convert --to json`, tavla's
    /// position string (the `position_before` of `convert --to csv`), or a file holding one of
    /// them.
    #[arg(
        long,
        value_name = "start|ID|XGID|OGID|FILE",
        help_heading = "Position"
    )]
    position: Option<String>,
    /// The side to move (default: the position's player on roll, else the play's own `W`/`B`,
    /// else White).
    #[arg(long, value_enum, help_heading = "Position")]
    side: Option<SideArg>,
    /// The dice, e.g. `64` (default: the play's own `d/d =`, else the position's dice).
    #[arg(long, value_name = "DD", help_heading = "Position")]
    roll: Option<String>,
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// More plays, one per line (`-`: standard input).
    #[arg(long = "plays", value_name = "FILE|-")]
    plays_file: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = PlayFormat::Human, help_heading = "Output")]
    format: PlayFormat,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE", help_heading = "Output")]
    output: Option<PathBuf>,
    /// Plays in either notation: `24/18 13/9`, `6/4 = 1A-7A and 12A-9` (quote each play).
    #[arg(value_name = "PLAY")]
    plays: Vec<String>,
    /// Under each play, the board before it with the first bad step marked (json/jsonl: the
    /// position as IDs and JSON, in a `board` field).
    #[arg(long, help_heading = "Output")]
    board: bool,
}

#[derive(Args, Debug)]
struct LegalArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The notation of the plays printed.
    #[arg(long, value_enum, default_value_t = Notation::Standard, help_heading = "Output")]
    notation: Notation,
    /// Use the typographic dash `–` in the board-letter form.
    #[arg(long, help_heading = "Output")]
    typographic: bool,
    #[arg(long, value_enum, default_value_t = PlayFormat::Human, help_heading = "Output")]
    format: PlayFormat,
    /// Write to FILE instead of standard output.
    #[arg(short, long, value_name = "FILE", help_heading = "Output")]
    output: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct LspArgs {
    /// Speak over standard input and output (the default and only transport; editors pass it).
    #[arg(long)]
    stdio: bool,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("turn_or_line").args(["turn", "line"])))]
struct ShowArgs {
    /// The record file (`-` reads standard input).
    #[arg(value_name = "PATH")]
    path: PathBuf,
    /// The game, by its written number (default: the last game).
    #[arg(long, value_name = "N")]
    game: Option<u64>,
    /// The turn line `M)` of the game: the board before its first turn cell (see --side).
    #[arg(long, value_name = "M", conflicts_with = "line")]
    turn: Option<u64>,
    /// The turn cell on file line L.
    #[arg(long, value_name = "L")]
    line: Option<usize>,
    /// The column of the turn cell (default: the first turn cell of the line).
    #[arg(long, value_enum)]
    side: Option<SideArg>,
    /// The board after the turn rather than before it.
    #[arg(long, requires = "turn_or_line")]
    after: bool,
    /// ASCII only (also when the locale is not UTF-8).
    #[arg(long)]
    ascii: bool,
    #[command(flatten)]
    rules: RuleArgs,
    /// Write to FILE instead of standard output.
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
        Command::Validate(a) => match a.keys.load() {
            Err(e) => {
                eprintln!("error: {e}");
                EXIT_ERROR
            }
            Ok(()) => bin_support::validate(a),
        },
        Command::Convert(a) => match a.keys.load() {
            Err(e) => {
                eprintln!("error: {e}");
                EXIT_ERROR
            }
            Ok(()) => bin_support::convert(a),
        },
        Command::Check(a) => bin_support::check(a),
        Command::Legal(a) => bin_support::legal(a),
        Command::Fix(a) => bin_support::fix(a),
        Command::Explain { code } => bin_support::explain(code),
        Command::Schema => bin_support::schema(),
        Command::Completions { shell } => bin_support::completions(shell, Cli::command()),
        Command::Man { dir } => bin_support::man(Cli::command(), dir),
        Command::Show(a) => bin_support::show(a),
        Command::Help { command } => bin_support::help(Cli::command(), command),
        Command::Lsp(LspArgs { stdio: _ }) => match tavla::lsp::run() {
            Ok(()) => EXIT_VALID,
            Err(e) => {
                use std::io::Write as _;
                let _ = writeln!(std::io::stderr().lock(), "tavla lsp: {e}");
                EXIT_ERROR
            }
        },
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

    /// The reference part of `docs/cli.md`, written from the clap definitions: every command,
    /// its usage, every option with its long help and every value it takes.
    fn reference() -> String {
        let mut cli = Cli::command();
        cli.build();
        let mut out = String::new();
        for cmd in cli.get_subcommands() {
            let about = cmd
                .get_long_about()
                .or(cmd.get_about())
                .map(|a| a.to_string())
                .unwrap_or_default();
            let usage = cmd.clone().render_usage().to_string();
            let usage = usage.trim_start_matches("Usage: ").trim();
            out.push_str(&format!(
                "### `tavla {}`\n\n{}\n\n```text\n{usage}\n```\n\n",
                cmd.get_name(),
                about.trim()
            ));
            let args: Vec<_> = cmd
                .get_arguments()
                .filter(|a| !a.is_hide_set() && a.get_id() != "help")
                .collect();
            for a in args {
                let name = match (a.get_long(), a.get_short()) {
                    (Some(l), Some(s)) => format!("-{s}, --{l}"),
                    (Some(l), None) => format!("--{l}"),
                    (None, Some(s)) => format!("-{s}"),
                    (None, None) => a
                        .get_value_names()
                        .and_then(|v| v.first())
                        .map(|v| v.to_string())
                        .unwrap_or_else(|| a.get_id().to_string().to_uppercase()),
                };
                let value = match (
                    a.get_long().or(a.get_short().map(|_| "")),
                    a.get_value_names(),
                ) {
                    (Some(_), Some(v)) if a.get_action().takes_values() => {
                        format!(
                            " {}",
                            v.iter().map(|v| v.as_str()).collect::<Vec<_>>().join(" ")
                        )
                    }
                    _ => String::new(),
                };
                let help = a
                    .get_long_help()
                    .or(a.get_help())
                    .map(|h| h.to_string().replace('\n', " "))
                    .unwrap_or_default();
                out.push_str(&format!("- `{name}{value}`: {}", help.trim()));
                let defaults: Vec<String> = a
                    .get_default_values()
                    .iter()
                    .map(|d| d.to_string_lossy().into_owned())
                    .collect();
                if !defaults.is_empty() && a.get_action().takes_values() {
                    out.push_str(&format!(" (default: `{}`)", defaults.join(",")));
                }
                out.push('\n');
                for v in a.get_possible_values().iter().filter(|v| !v.is_hide_set()) {
                    let help = v.get_help().map(|h| h.to_string()).unwrap_or_default();
                    out.push_str(&format!("  - `{}`: {}\n", v.get_name(), help.trim()));
                }
            }
            out.push('\n');
        }
        out
    }

    /// `docs/cli.md` holds the reference written from the clap definitions, so no command,
    /// option or value can be missing from it. `TAVLA_BLESS=1 cargo test --bin tavla` rewrites
    /// it after a change of the command line.
    #[test]
    fn docs_cli_md_lists_every_command_option_and_value() {
        const START: &str = "<!-- reference: written from the clap definitions -->\n";
        const END: &str = "<!-- end of the reference -->\n";
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/cli.md");
        let doc = std::fs::read_to_string(path).expect("docs/cli.md");
        let (Some(a), Some(b)) = (doc.find(START), doc.find(END)) else {
            panic!("docs/cli.md has no reference markers");
        };
        let want = reference();
        let have = &doc[a + START.len()..b];
        if have != want {
            if std::env::var_os("TAVLA_BLESS").is_some() {
                let new = format!("{}{START}{want}{}", &doc[..a], &doc[b..]);
                std::fs::write(path, new).expect("write docs/cli.md");
            } else {
                panic!(
                    "docs/cli.md's reference differs from the command line; \
                     rewrite it with `TAVLA_BLESS=1 cargo test --bin tavla`"
                );
            }
        }
        // Every name a `--variant` or `--rules` may take is in the page.
        let variants = tavla::rules::VARIANT_NAMES.iter().map(|(n, _, _)| *n);
        let presets = tavla::rules::options::PRESETS
            .iter()
            .flat_map(|(_, p)| p.iter().copied());
        for name in variants.chain(presets) {
            assert!(doc.contains(name), "docs/cli.md lacks `{name}`");
        }
        // Every command has its exit status in the page's table.
        for cmd in Cli::command().get_subcommands() {
            let row = format!("| `{}` |", cmd.get_name());
            assert!(doc.contains(&row), "docs/cli.md: no exit status row {row}");
        }
    }

    /// `-h` is short: one line per option, the lists of names left to `--help`.
    #[test]
    fn short_help_is_short() {
        let mut cli = Cli::command();
        cli.build();
        for cmd in cli.get_subcommands_mut() {
            let lines = cmd.render_help().to_string().lines().count();
            assert!(lines < 60, "tavla {} -h: {lines} lines", cmd.get_name());
        }
    }
}
