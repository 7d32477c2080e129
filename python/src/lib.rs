//! `tavla._tavla`: the native half of the Python package `tavla`, built from the same crate
//! as the `tavla` command. Every function reads records through the library's input layer
//! (`InputSpec`, `Input::load`, `Source::check`), as the command does, and answers what the
//! command's machine formats answer (the finding objects of `validate --format jsonl`, the
//! document of `convert --to json`, the rows of `convert --to csv`, the plays of
//! `tavla legal`, the verdicts of `tavla check`). Batches run on a worker pool with the GIL
//! released. The documented Python API is `tavla/__init__.py`, which wraps these.

#![deny(clippy::too_many_lines)]

mod arrow;
mod objects;

use std::collections::VecDeque;
use std::path::PathBuf;

use pyo3::create_exception;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use rayon::prelude::*;
use serde_json::Value;
use tavla::codes::Code;
use tavla::ids::{self, MatchContext};
use tavla::input::{Input, InputSpec, Inputs, Source};
use tavla::replay::{Overrides, Severity};
use tavla::report::json;
use tavla::report::single::{self, Board, BoardError};
use tavla::report::table::{self, PlayRow};

use crate::objects::{FileReport, Finding, PlayVerdict, Report};
use tavla::rules::{Position, Roll, RuleSet, Side};

create_exception!(
    tavla,
    ParseError,
    PyValueError,
    "A play (or another text) that cannot be read: `message`, `span` (start, end) in characters of the text, `code` and `errors` (every syntax error as a finding dict)."
);
create_exception!(
    tavla,
    PositionError,
    PyValueError,
    "A position that cannot be read, or a side that contradicts it: `message`, `span` (start, end) in characters of the position text."
);

/// A JSON value as Python objects (dicts, lists, str, int, float, bool, None).
fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => s.into_pyobject(py)?.into_any(),
        Value::Array(a) => {
            let list = PyList::empty(py);
            for x in a {
                list.append(to_py(py, x)?)?;
            }
            list.into_any()
        }
        Value::Object(m) => {
            let d = PyDict::new(py);
            for (k, x) in m {
                d.set_item(k, to_py(py, x)?)?;
            }
            d.into_any()
        }
    })
}

/// The overrides of `variant`, `rules` and `rule`, or `ValueError`.
fn overrides(
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
) -> PyResult<Overrides> {
    Overrides::parse(variant, rules, &rule.unwrap_or_default()).map_err(PyValueError::new_err)
}

/// A worker pool of `jobs` threads (all cores when `None`).
fn pool(jobs: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = jobs {
        b = b.num_threads(n.max(1));
    }
    b.build().map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The inputs of `paths`, walked as the command line walks them.
fn inputs(paths: Vec<PathBuf>, ext: Option<Vec<String>>) -> PyResult<Inputs> {
    InputSpec {
        paths,
        extensions: ext.unwrap_or_else(tavla::input::default_extensions),
        stdin_name: None,
        files_from: None,
    }
    .inputs()
    .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// One record checked: what `validate` reports of it, made in the worker pool.
struct Checked {
    path: String,
    games: usize,
    turns: usize,
    unreadable: bool,
    findings: Vec<Finding>,
}

impl Checked {
    /// A record that could not be read: its one finding says why.
    fn unreadable(name: String, e: &tavla::input::ReadError) -> Self {
        Checked {
            findings: Finding::all(&name, "", &[e.finding()]),
            path: name,
            games: 0,
            turns: 0,
            unreadable: true,
        }
    }

    fn into_py(self, py: Python<'_>) -> PyResult<Bound<'_, FileReport>> {
        let r = FileReport::new(
            py,
            self.path,
            self.games,
            self.turns,
            self.unreadable,
            self.findings,
        )?;
        Bound::new(py, r)
    }
}

fn check_source(src: &Source, o: &Overrides) -> Checked {
    let v = src.check(o, false);
    Checked {
        path: src.name.clone(),
        games: v.games_checked(),
        turns: v.turns_checked(),
        unreadable: false,
        findings: Finding::all(&src.name, &src.text, &v.findings),
    }
}

fn check_input(input: &Input, o: &Overrides) -> Checked {
    match input.load() {
        Ok(src) => check_source(&src, o),
        Err(e) => Checked::unreadable(input.name(), &e),
    }
}

/// The report of records checked.
fn report(py: Python<'_>, checked: Vec<Checked>) -> PyResult<Report> {
    let files = checked
        .into_iter()
        .map(|c| c.into_py(py))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(Report::of(files))
}

/// Check the records of `paths` (files or directories) in parallel, the GIL released: a
/// `Report` with one `FileReport` per record, in path order.
#[pyfunction]
#[pyo3(signature = (paths, variant=None, rules=None, rule=None, jobs=None, ext=None))]
fn validate(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
    jobs: Option<usize>,
    ext: Option<Vec<String>>,
) -> PyResult<Report> {
    let o = overrides(variant, rules, rule)?;
    let found = inputs(paths, ext)?;
    let workers = pool(jobs)?;
    let checked: Vec<Checked> = py.detach(|| {
        let all: Vec<Input> = found.collect();
        workers.install(|| all.par_iter().map(|i| check_input(i, &o)).collect())
    });
    report(py, checked)
}

/// Check one record given as bytes (any format the command line reads, told from the content
/// and the name's extension), named `name` in findings; the GIL released.
#[pyfunction]
#[pyo3(signature = (data, name, variant=None, rules=None, rule=None))]
fn validate_data(
    py: Python<'_>,
    data: Vec<u8>,
    name: &str,
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
) -> PyResult<Report> {
    let o = overrides(variant, rules, rule)?;
    let c = py.detach(|| match Source::from_bytes(name.to_string(), data) {
        Ok(src) => check_source(&src, &o),
        Err(e) => Checked::unreadable(name.to_string(), &e),
    });
    report(py, vec![c])
}

/// The rows of the table of plays of one record given as bytes, named `name`: a list of
/// dicts, the columns of `convert --to csv`; the GIL released while it is checked.
#[pyfunction]
#[pyo3(signature = (data, name, variant=None, rules=None, rule=None, legal_counts=false))]
fn plays_data<'py>(
    py: Python<'py>,
    data: Vec<u8>,
    name: &str,
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
    legal_counts: bool,
) -> PyResult<Bound<'py, PyList>> {
    let o = overrides(variant, rules, rule)?;
    let t = table::TableOptions { legal_counts };
    let rows = py.detach(|| {
        Source::from_bytes(name.to_string(), data).map(|src| {
            let v = src.check_table(&o);
            table::rows(&src.name, &v, &src.text, t)
        })
    });
    let rows = rows.map_err(|e| PyOSError::new_err(format!("{name}: {e}")))?;
    let out = PyList::empty(py);
    for r in &rows {
        out.append(row_py(py, r)?)?;
    }
    Ok(out)
}

/// Check one record given as text (named `name` in findings), the GIL released.
#[pyfunction]
#[pyo3(signature = (text, name="<text>", variant=None, rules=None, rule=None))]
fn validate_text(
    py: Python<'_>,
    text: String,
    name: &str,
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
) -> PyResult<Report> {
    let o = overrides(variant, rules, rule)?;
    let src = Source::from_bytes(name.to_string(), text.into_bytes())
        .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?;
    let c = py.detach(|| check_source(&src, &o));
    report(py, vec![c])
}

/// A file read and decoded, or `OSError` (`FileNotFoundError` for a missing path).
fn load(path: PathBuf) -> PyResult<Source> {
    let missing = !path.exists();
    Input::File(path.clone()).load().map_err(|e| {
        let msg = format!("{}: {e}", path.display());
        if missing {
            PyFileNotFoundError::new_err(msg)
        } else {
            PyOSError::new_err(msg)
        }
    })
}

/// The match document of `convert --to json` of a file (`path`) or a text (`text`).
#[pyfunction]
#[pyo3(signature = (path=None, text=None, variant=None, rules=None, rule=None, with_source=false, data=None, name=None))]
#[allow(clippy::too_many_arguments)]
fn read<'py>(
    py: Python<'py>,
    path: Option<PathBuf>,
    text: Option<String>,
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
    with_source: bool,
    data: Option<Vec<u8>>,
    name: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let o = overrides(variant, rules, rule)?;
    let src = match (path, text, data) {
        (Some(p), None, None) => py.detach(|| load(p))?,
        (None, Some(text), None) => Source::from_bytes("<text>".into(), text.into_bytes())
            .map_err(|e| PyValueError::new_err(format!("<text>: {e}")))?,
        (None, None, Some(data)) => {
            let name = name.unwrap_or_else(|| "<data>".into());
            Source::from_bytes(name.clone(), data)
                .map_err(|e| PyValueError::new_err(format!("{name}: {e}")))?
        }
        _ => return Err(PyValueError::new_err("give a path, a text or data")),
    };
    let doc = py.detach(|| {
        let v = src.check(&o, true);
        json::match_json(&v, with_source, &src.text)
    });
    to_py(py, &doc)
}

/// The characters of `text` before byte `offset`.
fn chars_before(text: &str, offset: usize) -> usize {
    text.get(..offset.min(text.len()))
        .map_or(0, |s| s.chars().count())
}

fn side_of(side: Option<&str>) -> PyResult<Option<Side>> {
    match side.map(|s| s.to_ascii_lowercase()) {
        None => Ok(None),
        Some(s) if s == "white" || s == "w" => Ok(Some(Side::White)),
        Some(s) if s == "black" || s == "b" => Ok(Some(Side::Black)),
        Some(s) => Err(PyValueError::new_err(format!(
            "side `{s}`: write \"white\" or \"black\""
        ))),
    }
}

/// A position error raised as `tavla.PositionError`, spanning the position text.
fn position_error(py: Python<'_>, e: &BoardError, position: &str) -> PyErr {
    let err = PositionError::new_err(e.to_string());
    let v = err.value(py);
    let _ = v.setattr("message", e.to_string());
    let _ = v.setattr("span", (0usize, position.chars().count()));
    err
}

/// The board of `position` under the rules, or `PositionError` / `ValueError`.
fn board(
    py: Python<'_>,
    position: &str,
    roll: Option<(u8, u8)>,
    variant: Option<&str>,
    side: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
) -> PyResult<Board> {
    let rs = overrides(variant, rules, rule)?
        .ruleset()
        .map_err(PyValueError::new_err)?;
    let roll = match roll {
        Some((a, b)) if (1..=6).contains(&a) && (1..=6).contains(&b) => Some(Roll { a, b }),
        Some((a, b)) => {
            return Err(PyValueError::new_err(format!(
                "roll ({a}, {b}): two dice from 1 to 6, e.g. (6, 4)"
            )));
        }
        None => None,
    };
    Board::new(rs, position, side_of(side)?, roll).map_err(|e| position_error(py, &e, position))
}

/// One legal play: both notations, and the resulting position, its identifiers computed
/// when asked.
#[pyclass(frozen, module = "tavla", skip_from_py_object)]
struct LegalPlay {
    standard: String,
    letters: String,
    result: Position,
    rules: RuleSet,
    on_roll: Side,
    context: MatchContext,
}

impl LegalPlay {
    fn ids_apply(&self) -> bool {
        self.rules.backgammon_board() && ids::validate(&self.result, self.rules.variant()).is_ok()
    }
}

#[pymethods]
impl LegalPlay {
    /// The play in the mover-relative notation (`24/18 13/9`).
    #[getter]
    fn standard(&self) -> &str {
        &self.standard
    }
    /// The play in the board-letter notation (`6/4 = 1A-7A and 12A-9`; Black's with `B`).
    #[getter]
    fn letters(&self) -> &str {
        &self.letters
    }
    /// The GNU Backgammon Position ID of the result, the opponent on roll (backgammon
    /// family; `None` in other games).
    #[getter]
    fn position_id(&self) -> Option<String> {
        self.ids_apply()
            .then(|| ids::gnubg::position_id(&self.result, self.on_roll))
    }
    /// The XGID of the result, the opponent to roll (backgammon family; `None` elsewhere).
    #[getter]
    fn xgid(&self) -> Option<String> {
        self.ids_apply()
            .then(|| ids::xgid::xgid(&self.result, self.on_roll, None, &self.context))
    }
    /// The result as the JSON position of `convert --to json` (a dict).
    #[getter]
    fn position<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_py(
            py,
            &json::position_json(&self.result, self.rules.opposite_fn()),
        )
    }
    /// The play as the object `tavla legal --format json` lists: `standard`, `letters` and
    /// `result` (`json`, and `position_id` and `xgid` where they exist).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let result = single::position_ids(&self.rules, &self.result, self.on_roll, &self.context);
        let doc = serde_json::json!({
            "standard": self.standard,
            "letters": self.letters,
            "result": result,
        });
        to_py(py, &doc)
    }
    fn __repr__(&self) -> String {
        format!("LegalPlay({:?})", self.standard)
    }
    fn __str__(&self) -> String {
        self.standard.clone()
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        match other.cast::<LegalPlay>() {
            Ok(o) => {
                let o = o.get();
                o.standard == self.standard && o.result == self.result
            }
            Err(_) => other.extract::<String>().is_ok_and(|s| s == self.standard),
        }
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.standard.hash(&mut h);
        h.finish()
    }
}

/// The distinct legal plays, sorted by their mover-relative text.
#[pyfunction]
#[pyo3(signature = (position="start", roll=None, variant=None, side=None, rules=None, rule=None))]
fn legal_plays<'py>(
    py: Python<'py>,
    position: &str,
    roll: Option<(u8, u8)>,
    variant: Option<&str>,
    side: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyList>> {
    let b = board(py, position, roll, variant, side, rules, rule)?;
    let found = single::legal(&b, false).map_err(PyValueError::new_err)?;
    let context = b.context();
    let on_roll = found.side.other();
    let list = PyList::empty(py);
    for p in found.plays {
        list.append(Bound::new(
            py,
            LegalPlay {
                standard: p.standard,
                letters: p.letters,
                result: p.position,
                rules: b.rules,
                on_roll,
                context,
            },
        )?)?;
    }
    Ok(list)
}

/// The verdict on one play (the object of `tavla check --format json`, with `findings`), or
/// `ParseError` for a play that cannot be read.
#[pyfunction]
#[pyo3(signature = (position, roll, play, variant=None, side=None, rules=None, rule=None))]
#[allow(clippy::too_many_arguments)]
fn check_play(
    py: Python<'_>,
    position: &str,
    roll: Option<(u8, u8)>,
    play: &str,
    variant: Option<&str>,
    side: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
) -> PyResult<PlayVerdict> {
    let b = board(py, position, roll, variant, side, rules, rule)?;
    let span_of = |f: &tavla::Finding| {
        (
            chars_before(play, f.span.offset),
            chars_before(play, f.span.end()),
        )
    };
    let w = match single::read_play(&b, play) {
        Ok(w) => w,
        Err(Ok(findings)) => {
            let first = findings.first();
            let message = first.map_or_else(
                || "the play cannot be read".to_string(),
                |f| f.message.clone(),
            );
            let err = ParseError::new_err(message.clone());
            let v = err.value(py);
            v.setattr("message", message)?;
            v.setattr("span", first.map_or((0, 0), span_of))?;
            v.setattr("code", first.map(|f| f.code.as_str()))?;
            let errors = PyList::empty(py);
            for f in Finding::all("play", play, &findings) {
                errors.append(f.to_dict(py)?)?;
            }
            v.setattr("errors", errors)?;
            return Err(err);
        }
        Err(Err(usage)) => return Err(PyValueError::new_err(usage)),
    };
    let verdict = single::judge(&b, &w);
    let reason = verdict
        .findings
        .iter()
        .find(|f| f.severity == Severity::Error)
        .map(|f| objects::Reason {
            code: f.code.as_str(),
            message: f.message.clone(),
            span: span_of(f),
        });
    let mover = (w.side.name(), (w.roll.high(), w.roll.low()));
    PlayVerdict::new(py, verdict, mover, play, reason)
}

/// The rows of `convert --to csv` of the records of `paths`, produced in chunks of files
/// checked in parallel with the GIL released.
#[pyclass(module = "tavla")]
struct PlayRows {
    inputs: Inputs,
    overrides: Overrides,
    workers: rayon::ThreadPool,
    table: table::TableOptions,
    rows: VecDeque<PlayRow>,
    /// The first input that could not be read, raised when its rows would come.
    failed: Option<String>,
}

/// Files checked per chunk of `plays`.
const CHUNK: usize = 64;

fn row_py<'py>(py: Python<'py>, r: &PlayRow) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let keys = table::COLUMNS;
    d.set_item(keys[0], &r.path)?;
    d.set_item(keys[1], r.match_number)?;
    d.set_item(keys[2], r.game)?;
    d.set_item(keys[3], r.turn)?;
    d.set_item(keys[4], r.side)?;
    d.set_item(keys[5], &r.player)?;
    d.set_item(keys[6], r.die1)?;
    d.set_item(keys[7], r.die2)?;
    d.set_item(keys[8], &r.play)?;
    d.set_item(keys[9], &r.position_before)?;
    d.set_item(keys[10], &r.xgid_before)?;
    d.set_item(keys[11], r.legal)?;
    d.set_item(keys[12], r.code)?;
    d.set_item(keys[13], r.n_legal)?;
    d.set_item(keys[14], r.pips_before_white)?;
    d.set_item(keys[15], r.pips_before_black)?;
    d.set_item(keys[16], r.score_white)?;
    d.set_item(keys[17], r.score_black)?;
    d.set_item(keys[18], r.cube)?;
    d.set_item(keys[19], r.equity_loss)?;
    d.set_item(keys[20], &r.best_play)?;
    d.set_item(keys[21], r.cube_error)?;
    d.set_item(keys[22], &r.proper_cube)?;
    d.set_item(keys[23], r.luck)?;
    d.set_item(keys[24], &r.comment)?;
    Ok(d)
}

#[pymethods]
impl PlayRows {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__<'py>(
        mut slf: PyRefMut<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            if let Some(r) = slf.rows.pop_front() {
                return row_py(py, &r).map(Some);
            }
            if let Some(e) = slf.failed.take() {
                return Err(PyOSError::new_err(e));
            }
            let this = &mut *slf;
            let (inputs, o, workers, t) =
                (&mut this.inputs, &this.overrides, &this.workers, this.table);
            let chunk: Vec<Result<Vec<PlayRow>, String>> = py.detach(|| {
                let chunk: Vec<Input> = inputs.by_ref().take(CHUNK).collect();
                workers.install(|| {
                    chunk
                        .par_iter()
                        .map(|i| {
                            let src = i.load().map_err(|e| format!("{}: {e}", i.name()))?;
                            let v = src.check_table(o);
                            Ok(table::rows(&src.name, &v, &src.text, t))
                        })
                        .collect()
                })
            });
            if chunk.is_empty() {
                return Ok(None);
            }
            for r in chunk {
                match r {
                    Ok(rows) => this.rows.extend(rows),
                    Err(e) => {
                        // Rows of the files before it come first.
                        this.failed = Some(e);
                        break;
                    }
                }
            }
            if this.failed.is_some() && this.rows.is_empty() {
                let e = this.failed.take().unwrap_or_default();
                return Err(PyOSError::new_err(e));
            }
        }
    }
}

/// The flat table of plays of the records of `paths`: an iterator of dicts, one per play or
/// cube action, the columns of `convert --to csv`.
#[pyfunction]
#[pyo3(signature = (paths, variant=None, rules=None, rule=None, jobs=None, ext=None, legal_counts=false))]
fn plays(
    paths: Vec<PathBuf>,
    variant: Option<&str>,
    rules: Option<&str>,
    rule: Option<Vec<String>>,
    jobs: Option<usize>,
    ext: Option<Vec<String>>,
    legal_counts: bool,
) -> PyResult<PlayRows> {
    Ok(PlayRows {
        overrides: overrides(variant, rules, rule)?,
        inputs: inputs(paths, ext)?,
        workers: pool(jobs)?,
        table: table::TableOptions { legal_counts },
        rows: VecDeque::new(),
        failed: None,
    })
}

/// Every diagnostic code: (code, summary).
#[pyfunction]
fn codes<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for c in Code::ALL {
        list.append(PyTuple::new(py, [c.as_str(), c.summary()])?)?;
    }
    Ok(list)
}

/// The native module.
#[pymodule]
fn _tavla(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ParseError", m.py().get_type::<ParseError>())?;
    m.add("PositionError", m.py().get_type::<PositionError>())?;
    m.add("COLUMNS", table::COLUMNS.to_vec())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(validate_text, m)?)?;
    m.add_function(wrap_pyfunction!(validate_data, m)?)?;
    m.add_function(wrap_pyfunction!(plays_data, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(check_play, m)?)?;
    m.add_function(wrap_pyfunction!(plays, m)?)?;
    m.add_function(wrap_pyfunction!(codes, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::plays_arrow, m)?)?;
    m.add_class::<LegalPlay>()?;
    m.add_class::<Finding>()?;
    m.add_class::<FileReport>()?;
    m.add_class::<Report>()?;
    m.add_class::<PlayVerdict>()?;
    m.add_class::<PlayRows>()?;
    m.add_class::<arrow::ArrowPlays>()?;
    Ok(())
}
