//! `tavla validate`: check records in parallel chunks and report in the chosen format.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use tavla::codes::Code;
use tavla::input::Input;
use tavla::replay::{Overrides, Severity};
use tavla::report::formats::{self, FileFindings};
use tavla::report::{self, LineIndex, Style, diagram, html};

use super::setup::{Setup, setup};
use super::{CHUNK, EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
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
    let Setup {
        overrides: o,
        inputs,
        pool,
        mut out,
    } = match setup(&a.rules, &a.inputs, &a.output) {
        Ok(s) => s,
        Err(e) => {
            say!("error: {e}");
            return EXIT_ERROR;
        }
    };
    let machine = !matches!(a.format, Format::Human | Format::Short);
    let mut html_summary = html::Summary::default();
    let mut html_nonce = String::new();
    if a.format == Format::Html {
        let (head, nonce) = html::head("tavla report");
        html_nonce = nonce;
        if out.write_all(head.as_bytes()).is_err() {
            say!("error: cannot write the report");
            return EXIT_ERROR;
        }
    }
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
    // Matches beyond one a file (files holding several).
    let mut extra_matches = 0usize;
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
                .enumerate()
                .map(|(k, i)| {
                    let r = outcome(i, &o, a.format, style, a.board, files + k);
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
        for (k, oc) in outcomes.into_iter().enumerate() {
            if let Some(section) = &oc.section {
                html_summary
                    .rows
                    .push((files, chunk[k].name(), oc.errors, oc.warnings));
                if out.write_all(section.as_bytes()).is_err() {
                    io_error = true;
                }
            }
            files += 1;
            games += oc.games;
            extra_matches += oc.matches.saturating_sub(1);
            turns += oc.turns;
            errors += oc.errors;
            warnings += oc.warnings;
            io_error |= oc.io_error;
            for r in oc.rendered {
                if shown < limit {
                    if progress.suspend(|| out.write_all(r.as_bytes())).is_err() {
                        io_error = true;
                    }
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
        Format::Html => {
            html_summary.files = files;
            html_summary.games = games;
            html_summary.turns = turns;
            html_summary.errors = errors;
            html_summary.warnings = warnings;
            if out
                .write_all(html::tail(&html_summary, &html_nonce).as_bytes())
                .is_err()
            {
                io_error = true;
            }
        }
        Format::Json => {
            let doc = serde_json::json!({
                "format": "tavla-diagnostics",
                "format_version": 1,
                "files": files, "games": games, "turns": turns, "errors": errors, "warnings": warnings,
                "diagnostics": values,
            });
            if writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            )
            .is_err()
            {
                io_error = true;
            }
        }
        Format::Sarif => {
            let mut run = sarif_run.unwrap_or_else(|| {
                let mut d = formats::sarif(&[], env!("CARGO_PKG_VERSION"), None);
                d["runs"][0].take()
            });
            run["results"] = serde_json::Value::Array(values);
            let doc = serde_json::json!({
                "$schema": formats::SARIF_SCHEMA,
                "version": formats::SARIF_VERSION,
                "runs": [run],
            });
            if writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&doc).unwrap_or_default()
            )
            .is_err()
            {
                io_error = true;
            }
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
        let matches = if extra_matches > 0 {
            format!("{} matches, ", files + extra_matches)
        } else {
            String::new()
        };
        say!(
            "{files} files, {matches}{games} games, {turns} turns checked, {errors} errors, {warnings} warnings{limited}"
        );
    }
    if files == 0 && !a.allow_empty {
        say!(
            "error[{}]: no record found: no file to check in the paths given (extensions: {}); \
             pass --allow-empty to accept an empty run",
            Code::NoRecords,
            a.inputs.ext.join(",")
        );
        return EXIT_ERROR;
    }
    if io_error {
        EXIT_ERROR
    } else if errors > 0 || (a.deny_warnings && warnings > 0) {
        EXIT_INVALID
    } else {
        EXIT_VALID
    }
}
