//! `tavla convert`: records to JSON, JSON Lines, canonical `.mat` or the CSV table of plays.

use std::io::Write;

use rayon::prelude::*;
use tavla::input::Input;
use tavla::replay::Verdict;
use tavla::report::{self, json, table};

use super::setup::{Setup, setup};
use super::{CHUNK, EXIT_ERROR, EXIT_INVALID, EXIT_VALID};
use crate::{ConvertArgs, Target};

/// Why a record was not converted.
enum Failure {
    /// It could not be read.
    Unreadable(String),
    /// It cannot be written in the target format (SGF has no Gul bara).
    Refused(String),
}

/// One input converted (its bytes written into a buffer): its problems in short form, whether
/// it is invalid.
type Converted = Result<(String, bool), Failure>;

/// `tavla convert`: each record converted in path order, its findings as short lines on
/// standard error; the exit code.
pub(crate) fn convert(a: ConvertArgs) -> u8 {
    match a.to {
        Target::Svg => return svg(&a),
        Target::Html => return html_report(a),
        _ => {}
    }
    let Some(Setup {
        overrides: o,
        mut inputs,
        pool,
        mut out,
    }) = setup(&a.rules, &a.inputs, &a.output)
    else {
        return EXIT_ERROR;
    };
    let first: Vec<Input> = inputs.by_ref().take(2).collect();
    if !matches!(a.to, Target::Jsonl | Target::Csv | Target::Parquet) && first.len() > 1 {
        say!(
            "error: --to json, --to mat and --to sgf convert exactly one record; use --to jsonl or --to csv for many"
        );
        return EXIT_ERROR;
    }
    if first.is_empty() {
        say!(
            "error[{}]: no record found: no file to convert in the paths given",
            tavla::codes::Code::NoRecords
        );
        return EXIT_ERROR;
    }
    let mut inputs = first.into_iter().chain(inputs);
    let table_options = table::TableOptions {
        legal_counts: a.legal_counts,
    };
    if a.to == Target::Parquet {
        drop(out);
        return parquet(&mut inputs, &pool, &o, &a.output, table_options);
    }
    let mut code = EXIT_VALID;
    if a.to == Target::Csv {
        let mut w = csv::Writer::from_writer(Vec::new());
        let header = w
            .write_record(table::COLUMNS)
            .ok()
            .and_then(|()| w.into_inner().ok())
            .unwrap_or_default();
        if out.write_all(&header).is_err() {
            code = EXIT_ERROR;
        }
    }
    if pool.current_num_threads() == 1 {
        // One thread: each record written as soon as it is converted, into one buffer reused
        // from record to record, so that the rows stay in the cache.
        let mut buf = Vec::new();
        for i in inputs {
            buf.clear();
            let r = convert_one(&i, &o, &a, table_options, &mut buf);
            code = code.max(write_converted(&mut out, &buf, r));
        }
    } else {
        loop {
            let chunk: Vec<Input> = inputs.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let results: Vec<(Vec<u8>, Converted)> = pool.install(|| {
                chunk
                    .par_iter()
                    .map(|i| {
                        let mut buf = Vec::new();
                        let r = convert_one(i, &o, &a, table_options, &mut buf);
                        (buf, r)
                    })
                    .collect()
            });
            for (buf, r) in results {
                code = code.max(write_converted(&mut out, &buf, r));
            }
        }
    }
    if out.flush().is_err() {
        code = EXIT_ERROR;
    }
    code
}

/// `convert --to svg`: the board `--game`, `--turn`, `--line`, `--side` and `--after` pick.
fn svg(a: &ConvertArgs) -> u8 {
    super::show::svg(
        &super::show::Pick {
            path: a
                .inputs
                .paths
                .first()
                .map_or(std::path::Path::new("-"), |p| p),
            rules: &a.rules,
            game: a.game,
            turn: a.turn,
            line: a.line,
            side: a.side,
            after: a.after,
        },
        &a.output,
    )
}

/// `convert --to html`: the report of `validate --format html`.
fn html_report(a: ConvertArgs) -> u8 {
    super::validate(crate::ValidateArgs {
        inputs: a.inputs,
        rules: a.rules,
        format: crate::Format::Html,
        output: a.output,
        color: crate::Color::Never,
        quiet: false,
        max_diagnostics: None,
        deny_warnings: false,
        allow_empty: false,
        board: false,
        keys: a.keys,
    })
}

/// One record converted to `a.to` (not Parquet), with its problems in short form.
fn convert_one(
    i: &Input,
    o: &tavla::replay::Overrides,
    a: &ConvertArgs,
    opts: table::TableOptions,
    out: &mut Vec<u8>,
) -> Converted {
    let src = i
        .load()
        .map_err(|e| Failure::Unreadable(format!("{}: {e}", i.name())))?;
    // The table of plays reads each action's positions, not its stages' steps.
    let v = if a.to == Target::Csv {
        src.check_table(o)
    } else {
        src.check(o, true)
    };
    let problems = report::render_short(&i.name(), &src.text, &v.findings);
    if a.to == Target::Csv {
        // About ten bytes of rows for a byte of record.
        out.reserve(src.text.len() * 10);
        table::write_csv_rows(&i.name(), &v, &src.text, opts, out);
    } else {
        documents(&i.name(), &v, &src.text, a, out)?;
    }
    Ok((problems, v.errors() > 0))
}

/// A record's matches written as `a.to`: OGXM, SGF, JSON, JSON Lines or `.mat`. A file may
/// hold several matches: each is written in turn (JSON: an array of their documents).
fn documents(
    name: &str,
    v: &Verdict,
    text: &str,
    a: &ConvertArgs,
    out: &mut Vec<u8>,
) -> Result<(), Failure> {
    let doc_of = |m: &Verdict, with_source: bool| {
        json::match_doc(m, with_source, text.get(m.offset..).unwrap_or(""))
    };
    if a.to == Target::Ogxm {
        for m in v.matches() {
            out.extend(
                tavla::ogxm::write_ogxm(&doc_of(m, false))
                    .map_err(|e| Failure::Refused(format!("{name}: cannot write OGXM: {e}")))?,
            );
        }
        return Ok(());
    }
    if a.to == Target::Jsonl {
        // Written by hand (`report::jsonl`), byte for byte what serde_json writes of the
        // document; up to a kilobyte an action (a turn's stages, steps, positions and IDs), so
        // that the buffer rarely grows.
        let actions: usize = v
            .matches()
            .flat_map(|m| &m.record.games)
            .map(|g| g.actions.len())
            .sum();
        out.reserve(4096 + 1024 * actions);
        for m in v.matches() {
            let source = text.get(m.offset..).unwrap_or("");
            report::jsonl::write_match(m, a.with_source, source, out);
            out.push(b'\n');
        }
        return Ok(());
    }
    if a.to == Target::Sgf {
        let mut s = String::new();
        for m in v.matches() {
            s += &tavla::sgf::write_sgf(&doc_of(m, false), m.rules.as_ref())
                .map_err(|e| Failure::Refused(format!("{name}: cannot write SGF: {e}")))?;
        }
        out.extend_from_slice(s.as_bytes());
        return Ok(());
    }
    // The documents are serialized as they are built, without a `serde_json::Value` tree in
    // between.
    let docs: Vec<json::MatchDoc> = v.matches().map(|m| doc_of(m, a.with_source)).collect();
    let s = match a.to {
        Target::Json if docs.len() == 1 => {
            serde_json::to_string_pretty(&docs[0]).unwrap_or_default() + "\n"
        }
        Target::Json => serde_json::to_string_pretty(&docs).unwrap_or_default() + "\n",
        Target::Mat => docs
            .iter()
            .map(tavla::notation::write_mat_doc)
            .collect::<Vec<_>>()
            .join("\n"),
        Target::Sgf
        | Target::Ogxm
        | Target::Jsonl
        | Target::Csv
        | Target::Parquet
        | Target::Html
        | Target::Svg => String::new(),
    };
    out.extend_from_slice(s.as_bytes());
    Ok(())
}

/// Write one converted record and say its problems; the exit code it calls for.
fn write_converted(out: &mut dyn Write, bytes: &[u8], r: Converted) -> u8 {
    match r {
        Ok((problems, invalid)) => {
            let written = out.write_all(bytes).is_ok();
            say_raw!("{problems}");
            if !written {
                EXIT_ERROR
            } else if invalid {
                EXIT_INVALID
            } else {
                EXIT_VALID
            }
        }
        Err(Failure::Unreadable(e)) => {
            say!("error[tavla::io::unreadable]: {e}");
            EXIT_ERROR
        }
        Err(Failure::Refused(e)) => {
            say!("error: {e}");
            EXIT_ERROR
        }
    }
}

/// A record in the `.mat` layout, every match of it (for a binary file, which is not
/// rewritten in place: `fix --diff` shows its repairs on this text).
pub(crate) fn mat_text(src: &tavla::input::Source, o: &tavla::replay::Overrides) -> String {
    let v = src.check(o, true);
    v.matches()
        .map(|m| tavla::notation::write_mat(&json::match_json(m, false, "")))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where a Parquet table goes: a file, or standard output (the writer must be `Send`).
enum Sink {
    File(std::io::BufWriter<std::fs::File>),
    Stdout(std::io::BufWriter<std::io::Stdout>),
}

impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        match self {
            Sink::File(w) => w.write(b),
            Sink::Stdout(w) => w.write(b),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Sink::File(w) => w.flush(),
            Sink::Stdout(w) => w.flush(),
        }
    }
}

/// `convert --to parquet`: the table of plays of every input, one row group per chunk of
/// files; findings as short lines on standard error; the exit code.
fn parquet(
    inputs: &mut dyn Iterator<Item = Input>,
    pool: &rayon::ThreadPool,
    o: &tavla::replay::Overrides,
    output: &Option<std::path::PathBuf>,
    opts: table::TableOptions,
) -> u8 {
    let sink = match output {
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Sink::File(std::io::BufWriter::new(f)),
            Err(e) => {
                say!("error: {}: {e}", p.display());
                return EXIT_ERROR;
            }
        },
        None => Sink::Stdout(std::io::BufWriter::new(std::io::stdout())),
    };
    let mut table = match table::ParquetTable::new(sink) {
        Ok(t) => t,
        Err(e) => {
            say!("error: cannot write Parquet: {e}");
            return EXIT_ERROR;
        }
    };
    let mut code = EXIT_VALID;
    loop {
        let chunk: Vec<Input> = (&mut *inputs).take(CHUNK).collect();
        if chunk.is_empty() {
            break;
        }
        type Rows = Result<(Vec<table::PlayRow>, String, bool), String>;
        let results: Vec<Rows> = pool.install(|| {
            chunk
                .par_iter()
                .map(|i| {
                    let src = i.load().map_err(|e| format!("{}: {e}", i.name()))?;
                    let v = src.check_table(o);
                    let problems = report::render_short(&i.name(), &src.text, &v.findings);
                    Ok((
                        table::rows(&i.name(), &v, &src.text, opts),
                        problems,
                        v.errors() > 0,
                    ))
                })
                .collect()
        });
        let mut rows = Vec::new();
        for r in results {
            match r {
                Ok((mut r, problems, invalid)) => {
                    rows.append(&mut r);
                    say_raw!("{problems}");
                    if invalid && code == EXIT_VALID {
                        code = EXIT_INVALID;
                    }
                }
                Err(e) => {
                    say!("error[tavla::io::unreadable]: {e}");
                    code = EXIT_ERROR;
                }
            }
        }
        if let Err(e) = table.write(&mut rows) {
            say!("error: cannot write Parquet: {e}");
            return EXIT_ERROR;
        }
    }
    if let Err(e) = table.finish() {
        say!("error: cannot write Parquet: {e}");
        return EXIT_ERROR;
    }
    code
}
