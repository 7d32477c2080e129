//! `tavla validate`: check records in parallel chunks and report in the chosen format.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use tavla::input::Input;
use tavla::replay::Overrides;
use tavla::report::formats::{self, FileFindings};
use tavla::report::{self, LineIndex, Style, diagram, html};

use super::setup::setup;
use super::{CHUNK, EXIT_ERROR, run_end};
use crate::{Color, Format, ValidateArgs};

/// What one file contributes to the report.
struct Outcome {
    /// Matches in the file (a file may hold several).
    matches: usize,
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
    /// The file's section of the HTML report (html).
    section: Option<String>,
}

/// Read and check one input and render its findings in `format`.
fn outcome(
    input: &Input,
    o: &Overrides,
    format: Format,
    style: Style,
    boards: bool,
    index: usize,
) -> Outcome {
    let name = input.name();
    let boards = boards || format == Format::Html;
    let (text, findings, games, turns, io_error, verdict, matches) = match input.load() {
        Ok(src) => {
            let mut v = src.check(o, boards);
            let (g, t, m) = (v.games_checked(), v.turns_checked(), v.matches().count());
            let findings = std::mem::take(&mut v.findings);
            (src.text, findings, g, t, false, boards.then_some(v), m)
        }
        Err(e) => (String::new(), vec![e.finding()], 0, 0, true, None, 0),
    };
    let (errors, warnings) = report::error_and_warning_counts(&findings);
    let ff = FileFindings {
        path: &name,
        text: &text,
        findings: &findings,
    };
    let mut out = Outcome {
        matches,
        games,
        turns,
        errors,
        warnings,
        io_error,
        rendered: Vec::new(),
        values: Vec::new(),
        sarif_run: None,
        section: None,
    };
    let board_of = |f: &tavla::replay::Finding| {
        verdict
            .as_ref()
            .and_then(|v| diagram::finding_diagram(v, f))
    };
    match format {
        Format::Human if findings.is_empty() => {}
        Format::Human => {
            let human = report::HumanRenderer::new(&name, &text, style);
            out.rendered = findings
                .iter()
                .map(|f| {
                    if io_error {
                        format!("error[{}]: {name}: {}\n", f.code, f.message)
                    } else {
                        with_board(human.render(f), board_of(f), style.unicode)
                    }
                })
                .collect();
        }
        Format::Short => {
            out.rendered = report::render_short(&name, &text, &findings)
                .lines()
                .zip(&findings)
                .map(|(l, f)| with_board(format!("{l}\n"), board_of(f), style.unicode))
                .collect()
        }
        Format::Jsonl => {
            out.rendered = formats::jsonl(&ff)
                .lines()
                .zip(&findings)
                .map(|(l, f)| match board_of(f) {
                    Some(d) => match serde_json::from_str::<serde_json::Value>(l) {
                        Ok(mut j) => {
                            j["board"] = diagram::diagram_json(&d);
                            format!("{j}\n")
                        }
                        Err(_) => format!("{l}\n"),
                    },
                    None => format!("{l}\n"),
                })
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
                .map(|f| {
                    let mut j = report::finding_json(&name, &text, &idx, f);
                    if let Some(d) = board_of(f) {
                        j["board"] = diagram::diagram_json(&d);
                    }
                    j
                })
                .collect();
        }
        Format::Html => {
            out.section = Some(html::file_section(
                index,
                &name,
                &text,
                &findings,
                verdict.as_ref(),
            ));
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
    if matches!(format, Format::Human | Format::Short | Format::Github) {
        for r in &mut out.rendered {
            if let std::borrow::Cow::Owned(safe) = report::terminal_safe(r, style.color) {
                *r = safe;
            }
        }
    }
    out
}

/// A rendered finding followed by its board (`--board`), when it has one.
fn with_board(rendered: String, d: Option<diagram::Diagram>, unicode: bool) -> String {
    match d {
        Some(d) => {
            let charset = if unicode {
                diagram::Charset::Unicode
            } else {
                diagram::Charset::Ascii
            };
            format!("{rendered}{}\n", diagram::text(&d, charset))
        }
        None => rendered,
    }
}

/// `tavla validate`: inputs checked in parallel chunks, findings written in path order, a
/// summary on standard error; the exit code.
pub(crate) fn validate(a: ValidateArgs) -> u8 {
    let Some(mut run) = setup(&a.rules, &a.inputs, &a.output) else {
        return EXIT_ERROR;
    };
    let machine = !matches!(a.format, Format::Human | Format::Short);
    let mut html_nonce = String::new();
    if a.format == Format::Html {
        let (head, nonce) = html::head("tavla report");
        html_nonce = nonce;
        if run.out.write_all(head.as_bytes()).is_err() {
            say!("error: cannot write the report");
            return EXIT_ERROR;
        }
    }
    let style = style(&a, machine);
    let mut progress = Progress::new(!a.quiet && !machine && std::io::stderr().is_terminal());
    let mut t = Tally {
        limit: a.max_diagnostics.unwrap_or(usize::MAX),
        ..Tally::default()
    };
    loop {
        let chunk: Vec<Input> = run.inputs.by_ref().take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        let first = t.totals.files;
        let outcomes: Vec<Outcome> = run.pool.install(|| {
            chunk
                .par_iter()
                .enumerate()
                .map(|(k, i)| {
                    let r = outcome(i, &run.overrides, a.format, style, a.board, first + k);
                    progress.bar.inc(1);
                    r
                })
                .collect()
        });
        progress.show_after_a_second();
        for (input, oc) in chunk.iter().zip(outcomes) {
            t.add(input, oc, &mut run.out, &progress.bar);
        }
    }
    progress.bar.finish_and_clear();
    t.write_document(a.format, &mut run.out, &html_nonce);
    if run.out.flush().is_err() {
        t.io_error = true;
    }
    let totals = &t.totals;
    if !a.quiet {
        say!("{}", t.summary(a.max_diagnostics.is_some()));
    }
    run_end(
        "check",
        totals.files,
        &a.inputs.ext,
        a.allow_empty,
        t.io_error,
        totals.errors > 0 || (a.deny_warnings && totals.warnings > 0),
    )
}

/// The style of human output: colour (and Unicode) as `--color` says, by default on a
/// terminal when `NO_COLOR` is not set and the format is for people.
fn style(a: &ValidateArgs, machine: bool) -> Style {
    let to_terminal = a.output.is_none() && std::io::stdout().is_terminal();
    let color = match a.color {
        Color::Always => true,
        Color::Never => false,
        Color::Auto => to_terminal && !machine && std::env::var_os("NO_COLOR").is_none(),
    };
    Style {
        color,
        unicode: color,
        width: 100,
    }
}

/// The progress bar on standard error, shown once a run has taken a second (when `show`).
struct Progress {
    bar: ProgressBar,
    show: bool,
    started: Instant,
    shown: bool,
}

impl Progress {
    fn new(show: bool) -> Self {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        if let Ok(s) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
            bar.set_style(s);
        }
        Progress {
            bar,
            show,
            started: Instant::now(),
            shown: false,
        }
    }

    fn show_after_a_second(&mut self) {
        if self.show && !self.shown && self.started.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
    }
}

/// What the files checked so far add up to, and the findings kept for the whole document.
#[derive(Default)]
struct Tally {
    /// Files, games, turns, errors and warnings (and the HTML report's rows).
    totals: html::Summary,
    /// Matches beyond one a file (files holding several).
    extra_matches: usize,
    io_error: bool,
    /// Findings written or kept, at most `limit` (`--max-diagnostics`).
    shown: usize,
    limit: usize,
    /// The findings of the json and sarif documents.
    values: Vec<serde_json::Value>,
    /// The SARIF run (its rules and driver) of the first file.
    sarif_run: Option<serde_json::Value>,
}

impl Tally {
    /// Count one file's outcome and write its findings (or keep them for the document).
    fn add(&mut self, input: &Input, oc: Outcome, out: &mut dyn Write, progress: &ProgressBar) {
        let t = &mut self.totals;
        if let Some(section) = &oc.section {
            t.rows.push((t.files, input.name(), oc.errors, oc.warnings));
            if out.write_all(section.as_bytes()).is_err() {
                self.io_error = true;
            }
        }
        t.files += 1;
        t.games += oc.games;
        t.turns += oc.turns;
        t.errors += oc.errors;
        t.warnings += oc.warnings;
        self.extra_matches += oc.matches.saturating_sub(1);
        self.io_error |= oc.io_error;
        for r in oc.rendered {
            if self.shown < self.limit {
                if progress.suspend(|| out.write_all(r.as_bytes())).is_err() {
                    self.io_error = true;
                }
                self.shown += 1;
            }
        }
        for v in oc.values {
            if self.shown < self.limit {
                self.values.push(v);
                self.shown += 1;
            }
        }
        if self.sarif_run.is_none() {
            self.sarif_run = oc.sarif_run;
        }
    }

    /// The end of the output of the formats written as one document: the HTML report's
    /// summary, the json document, the SARIF log.
    fn write_document(&mut self, format: Format, out: &mut dyn Write, html_nonce: &str) {
        let t = &self.totals;
        let written = match format {
            Format::Html => out.write_all(html::tail(t, html_nonce).as_bytes()).is_ok(),
            Format::Json => write_pretty(
                out,
                &serde_json::json!({
                    "format": "tavla-diagnostics",
                    "format_version": 1,
                    "files": t.files, "games": t.games, "turns": t.turns,
                    "errors": t.errors, "warnings": t.warnings,
                    "diagnostics": std::mem::take(&mut self.values),
                }),
            ),
            Format::Sarif => {
                let mut run = self.sarif_run.take().unwrap_or_else(|| {
                    let mut d = formats::sarif(&[], env!("CARGO_PKG_VERSION"), None);
                    d["runs"][0].take()
                });
                run["results"] = serde_json::Value::Array(std::mem::take(&mut self.values));
                write_pretty(
                    out,
                    &serde_json::json!({
                        "$schema": formats::SARIF_SCHEMA,
                        "version": formats::SARIF_VERSION,
                        "runs": [run],
                    }),
                )
            }
            _ => true,
        };
        self.io_error |= !written;
    }

    /// The summary line: files, matches (when a file holds several), games, turns, errors
    /// and warnings, and how many findings were shown when `--max-diagnostics` cut them.
    fn summary(&self, limited: bool) -> String {
        let t = &self.totals;
        let (files, games, turns, errors, warnings) =
            (t.files, t.games, t.turns, t.errors, t.warnings);
        let shown = self.shown;
        let limited = if shown < errors + warnings && limited {
            format!(" ({shown} shown)")
        } else {
            String::new()
        };
        let matches = if self.extra_matches > 0 {
            format!("{} matches, ", files + self.extra_matches)
        } else {
            String::new()
        };
        format!(
            "{files} files, {matches}{games} games, {turns} turns checked, {errors} errors, {warnings} warnings{limited}"
        )
    }
}

/// A JSON document, pretty, on a line of its own; false when it could not be written.
fn write_pretty(out: &mut dyn Write, doc: &serde_json::Value) -> bool {
    writeln!(
        out,
        "{}",
        serde_json::to_string_pretty(doc).unwrap_or_default()
    )
    .is_ok()
}
