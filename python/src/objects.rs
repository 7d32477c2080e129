//! The result classes of the package, built straight from the library's values: `Finding`
//! (one finding, the fields of `validate --format jsonl`), `FileReport` and `Report` (what
//! `validate` found) and `PlayVerdict` (what `check_play` judged). They are frozen: every
//! attribute is read-only, and `to_dict()` gives the JSON object of the command.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;
use tavla::replay::{self, Severity};
use tavla::report::{LineIndex, Located, LocatedFinding, severity_name};

use crate::to_py;

/// The object of `rests_on` (and of `related`, with a label).
fn located_dict<'py>(py: Python<'py>, at: &Located) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("line", at.line)?;
    d.set_item("column", at.column)?;
    d.set_item("offset", at.offset)?;
    d.set_item("length", at.length)?;
    Ok(d)
}

/// One problem found in a record: the object of ``tavla validate --format jsonl``.
///
/// ``path``, ``code`` (``"tavla::rules::blocked"``), ``severity`` (``"error"``,
/// ``"warning"``, ``"advice"``), ``message``, ``line`` and ``column`` (1-based, columns in
/// characters), ``end_line``, ``end_column``, ``offset`` and ``length`` (bytes of the UTF-8
/// text), ``label``, ``help``, ``related`` (secondary labels: dicts with ``line``,
/// ``column``, ``offset``, ``length`` and ``label``), ``suggestions`` (for an illegal play,
/// the nearest legal plays, nearest first), ``repair`` (the confirmed replacement text, or
/// ``None``), ``continued`` (for an illegal play: ``"repair"``, ``"as_written"`` for a play
/// made at the board, ``"stored_position"``, or ``None``), ``rests_on`` (the span of the
/// repair a later finding assumes, or ``None``) and its place: ``match``, ``game``,
/// ``turn``, ``side`` and, in a binary file, ``byte_offset`` (``line``, ``column``,
/// ``offset`` and ``length`` are then ``None``). Findings are frozen, comparable and
/// hashable; ``to_dict()`` gives the JSON object itself.
///
///     >>> text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 65: 13/7 24/19\n"
///     >>> f = tavla.validate_text(text).findings[0]
///     >>> (f.code, f.line, f.game, f.turn, f.side, f.suggestions[0])
///     ('tavla::rules::blocked', 5, 1, 1, 'white', '24/18/13')
#[pyclass(frozen, eq, hash, module = "tavla", skip_from_py_object)]
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding(LocatedFinding);

impl Finding {
    /// The findings of one record, located as `report::finding_json` locates them.
    pub fn all(name: &str, text: &str, findings: &[replay::Finding]) -> Vec<Self> {
        let idx = LineIndex::new(text);
        findings
            .iter()
            .map(|f| Finding(LocatedFinding::new(name, text, &idx, f)))
            .collect()
    }

    fn is(&self, s: Severity) -> bool {
        self.0.severity == severity_name(s)
    }
}

#[pymethods]
impl Finding {
    /// The record's name, as given.
    #[getter]
    fn path(&self) -> &str {
        &self.0.path
    }
    /// The finding's stable code (``"tavla::rules::blocked"``).
    #[getter]
    fn code(&self) -> &'static str {
        self.0.code
    }
    /// ``"error"``, ``"warning"`` or ``"advice"``.
    #[getter]
    fn severity(&self) -> &'static str {
        self.0.severity
    }
    /// One sentence saying what is wrong.
    #[getter]
    fn message(&self) -> &str {
        &self.0.message
    }
    /// The 1-based line of the finding's start (``None`` in a binary file).
    #[getter]
    fn line(&self) -> Option<usize> {
        self.0.start.line
    }
    /// The 1-based column of the start, in characters (``None`` in a binary file).
    #[getter]
    fn column(&self) -> Option<usize> {
        self.0.start.column
    }
    /// The line of the end of the span.
    #[getter]
    fn end_line(&self) -> Option<usize> {
        self.0.end.line
    }
    /// The column just past the span, in characters.
    #[getter]
    fn end_column(&self) -> Option<usize> {
        self.0.end.column
    }
    /// The span's start in bytes of the UTF-8 text (``None`` in a binary file).
    #[getter]
    fn offset(&self) -> Option<usize> {
        self.0.start.offset
    }
    /// The span's length in bytes (``None`` in a binary file).
    #[getter]
    fn length(&self) -> Option<usize> {
        self.0.start.length
    }
    /// The primary label's text.
    #[getter]
    fn label(&self) -> &str {
        &self.0.label
    }
    /// What was legal, or how to fix it (``None`` when the message says it all).
    #[getter]
    fn help(&self) -> Option<&str> {
        self.0.help.as_deref()
    }
    /// The secondary labels (the roll, the blocking point, …): dicts with ``line``,
    /// ``column``, ``offset``, ``length`` and ``label``.
    #[getter]
    fn related<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (at, label) in &self.0.related {
            let d = located_dict(py, at)?;
            d.set_item("label", label)?;
            list.append(d)?;
        }
        Ok(list)
    }
    /// For an illegal play: the nearest legal plays, nearest first (else empty).
    #[getter]
    fn suggestions(&self) -> Vec<String> {
        self.0.suggestions.clone()
    }
    /// The confirmed replacement text of the span (what ``tavla fix`` writes), or ``None``.
    #[getter]
    fn repair(&self) -> Option<&str> {
        self.0.repair.as_deref()
    }
    /// For an illegal play: how the check went on past it (``"repair"``, ``"as_written"``,
    /// ``"stored_position"``), or ``None``.
    #[getter]
    fn continued(&self) -> Option<&'static str> {
        self.0.continued
    }
    /// For a finding made after an assumed repair: the repair's span (a dict with ``line``,
    /// ``column``, ``offset`` and ``length``), else ``None``.
    #[getter]
    fn rests_on<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.0
            .rests_on
            .as_ref()
            .map(|r| located_dict(py, r))
            .transpose()
    }
    /// The 1-based index of the match in the file (a file may hold several).
    #[getter]
    #[pyo3(name = "match")]
    fn match_number(&self) -> Option<usize> {
        self.0.match_number
    }
    /// The 1-based index of the game in the file.
    #[getter]
    fn game(&self) -> Option<usize> {
        self.0.game
    }
    /// The written turn number ``N)`` of the turn or cube action.
    #[getter]
    fn turn(&self) -> Option<u64> {
        self.0.turn
    }
    /// Whose column holds the finding: ``"white"`` (left) or ``"black"`` (right).
    #[getter]
    fn side(&self) -> Option<&'static str> {
        self.0.side
    }
    /// In a record read from a binary file: the byte offset of the entry in the file.
    #[getter]
    fn byte_offset(&self) -> Option<u64> {
        self.0.byte_offset
    }
    /// The finding as the dict of one line of ``tavla validate --format jsonl``.
    pub fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let f = &self.0;
        let d = PyDict::new(py);
        d.set_item("path", &f.path)?;
        d.set_item("code", f.code)?;
        d.set_item("severity", f.severity)?;
        d.set_item("message", &f.message)?;
        d.set_item("line", f.start.line)?;
        d.set_item("column", f.start.column)?;
        d.set_item("end_line", f.end.line)?;
        d.set_item("end_column", f.end.column)?;
        d.set_item("offset", f.start.offset)?;
        d.set_item("length", f.start.length)?;
        d.set_item("label", &f.label)?;
        d.set_item("help", &f.help)?;
        d.set_item("related", self.related(py)?)?;
        d.set_item("suggestions", &f.suggestions)?;
        d.set_item("repair", &f.repair)?;
        d.set_item("continued", f.continued)?;
        d.set_item("rests_on", self.rests_on(py)?)?;
        d.set_item("match", f.match_number)?;
        d.set_item("game", f.game)?;
        d.set_item("turn", f.turn)?;
        d.set_item("side", f.side)?;
        d.set_item("byte_offset", f.byte_offset)?;
        Ok(d)
    }
    fn __repr__(&self) -> String {
        let at = match (self.0.start.line, self.0.start.column) {
            (Some(l), Some(c)) => format!("{}:{l}:{c}", self.0.path),
            _ => {
                let mut at = self.0.path.clone();
                if let Some(g) = self.0.game {
                    at.push_str(&format!(": game {g}"));
                }
                if let Some(t) = self.0.turn {
                    at.push_str(&format!(", turn {t}"));
                }
                at
            }
        };
        format!(
            "Finding({at}: {}[{}] {})",
            self.0.severity, self.0.code, self.0.message
        )
    }
}

/// What :func:`validate` found in one record: ``path``, ``ok`` (no error), ``errors`` and
/// ``warnings`` (counts), ``games`` and ``turns`` (replayed), ``unreadable`` (the file could
/// not be read: its one finding says why) and ``findings`` (:class:`Finding`, in source
/// order).
#[pyclass(frozen, module = "tavla", skip_from_py_object)]
pub struct FileReport {
    /// The record's name, as its findings give it.
    #[pyo3(get)]
    path: String,
    /// How many games were replayed.
    #[pyo3(get)]
    games: usize,
    /// How many turns were replayed.
    #[pyo3(get)]
    turns: usize,
    /// True when the file could not be read (its one finding, ``tavla::io::unreadable``,
    /// says why).
    #[pyo3(get)]
    unreadable: bool,
    /// How many errors the record has.
    #[pyo3(get)]
    errors: usize,
    /// How many warnings the record has.
    #[pyo3(get)]
    warnings: usize,
    findings: Vec<Py<Finding>>,
}

impl FileReport {
    pub fn new(
        py: Python<'_>,
        path: String,
        games: usize,
        turns: usize,
        unreadable: bool,
        findings: Vec<Finding>,
    ) -> PyResult<Self> {
        let errors = findings.iter().filter(|f| f.is(Severity::Error)).count();
        let warnings = findings.iter().filter(|f| f.is(Severity::Warning)).count();
        Ok(FileReport {
            path,
            games,
            turns,
            unreadable,
            errors,
            warnings,
            findings: findings
                .into_iter()
                .map(|f| Py::new(py, f))
                .collect::<PyResult<_>>()?,
        })
    }
}

#[pymethods]
impl FileReport {
    /// True when the record has no error (warnings do not count).
    #[getter]
    fn ok(&self) -> bool {
        self.errors == 0
    }
    /// The record's findings, in source order.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.findings.iter().map(|f| f.clone_ref(py)))
    }
    fn __repr__(&self) -> String {
        format!(
            "FileReport({:?}, errors={}, warnings={})",
            self.path, self.errors, self.warnings
        )
    }
}

/// The result of :func:`validate` or :func:`validate_text`.
///
/// ``ok`` is true when no record has an error (warnings do not count); ``errors`` and
/// ``warnings`` count findings over all records; ``findings`` lists them in path order, then
/// source order, as ``tavla validate --format jsonl`` prints them; ``files`` holds one
/// :class:`FileReport` per record. ``Report(files)`` joins the file reports of several
/// reports into one.
///
///     >>> r = tavla.validate("fixtures/demo/valid.mat")   # doctest: +SKIP
///     >>> r.ok, r.errors, len(r.files)                     # doctest: +SKIP
///     (True, 0, 1)
#[pyclass(frozen, module = "tavla", skip_from_py_object)]
pub struct Report {
    files: Vec<Py<FileReport>>,
    /// How many errors all records have.
    #[pyo3(get)]
    errors: usize,
    /// How many warnings all records have.
    #[pyo3(get)]
    warnings: usize,
}

impl Report {
    pub fn of(files: Vec<Bound<'_, FileReport>>) -> Self {
        Report {
            errors: files.iter().map(|f| f.get().errors).sum(),
            warnings: files.iter().map(|f| f.get().warnings).sum(),
            files: files.into_iter().map(Bound::unbind).collect(),
        }
    }
}

#[pymethods]
impl Report {
    #[new]
    fn new(files: Vec<Bound<'_, FileReport>>) -> Self {
        Report::of(files)
    }
    /// One :class:`FileReport` per record, in path order.
    #[getter]
    fn files<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.files.iter().map(|f| f.clone_ref(py)))
    }
    /// Every finding, in path order, then source order.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for f in &self.files {
            for x in &f.get().findings {
                list.append(x.clone_ref(py))?;
            }
        }
        Ok(list)
    }
    /// True when no record has an error.
    #[getter]
    fn ok(&self) -> bool {
        self.errors == 0
    }
    fn __bool__(&self) -> bool {
        self.errors == 0
    }
    fn __len__(&self) -> usize {
        self.files.len()
    }
    fn __repr__(&self) -> String {
        format!(
            "Report(files={}, errors={}, warnings={})",
            self.files.len(),
            self.errors,
            self.warnings
        )
    }
}

/// The verdict of :func:`check_play`: the object of ``tavla check --format json``.
///
/// ``legal``; ``play`` (as given), ``side``, ``roll`` (high die first); ``legal_plays``
/// (how many there are); for a legal play ``standard`` and ``letters`` (both notations),
/// ``steps`` and ``result`` (the resulting position: ``json``, and ``position_id``,
/// ``xgid`` and ``ogid`` where they exist); for an illegal one ``code`` (the typed reason,
/// ``"tavla::rules::blocked"``), ``message``, ``span`` (start, end) in characters of the
/// play and ``nearest`` (the nearest legal plays, each with ``standard``, ``letters`` and
/// ``result``); ``findings`` (:class:`Finding`: the problem, or warnings such as a wrong hit
/// claim on a legal play). The attributes of the other kind of verdict are ``None`` (and
/// ``nearest`` of a legal play is empty). ``bool(verdict)`` is ``legal``; ``to_dict()``
/// gives the JSON object.
///
///     >>> v = tavla.check_play("start", (6, 5), "13/7 24/19")
///     >>> v.legal, v.code, v.span, v.roll, v.nearest[0]["standard"]
///     (False, 'tavla::rules::blocked', (5, 10), (6, 5), '24/18/13')
///     >>> v = tavla.check_play("start", (6, 4), "24/18 13/9")
///     >>> bool(v), v.letters, v.result["position_id"], v.nearest
///     (True, '6/4 = 1A-7A and 12A-9', '...', [])
#[pyclass(frozen, module = "tavla", skip_from_py_object)]
pub struct PlayVerdict {
    /// Whether the play is legal.
    #[pyo3(get)]
    legal: bool,
    /// The play as given.
    #[pyo3(get)]
    play: String,
    /// The mover: ``"white"`` or ``"black"``.
    #[pyo3(get)]
    side: &'static str,
    /// The dice, high die first.
    #[pyo3(get)]
    roll: (u8, u8),
    /// How many distinct legal plays the roll has.
    #[pyo3(get)]
    legal_plays: usize,
    /// A legal play in the mover-relative notation (``"24/18 13/9"``).
    #[pyo3(get)]
    standard: Option<String>,
    /// A legal play in the board-letter notation (``"6/4 = 1A-7A and 12A-9"``).
    #[pyo3(get)]
    letters: Option<String>,
    /// An illegal play's typed reason (``"tavla::rules::blocked"``).
    #[pyo3(get)]
    code: Option<&'static str>,
    /// An illegal play's reason in words.
    #[pyo3(get)]
    message: Option<String>,
    /// Where in the play the reason stands: (start, end) in characters.
    #[pyo3(get)]
    span: Option<(usize, usize)>,
    findings: Vec<Py<Finding>>,
    /// The verdict as ``tavla check --format json`` writes it.
    doc: Value,
}

/// An illegal play's reason: its code, its message and its span in characters of the play.
pub struct Reason {
    pub code: &'static str,
    pub message: String,
    pub span: (usize, usize),
}

impl PlayVerdict {
    pub fn new(
        py: Python<'_>,
        v: tavla::report::single::PlayVerdict,
        (side, roll): (&'static str, (u8, u8)),
        play: &str,
        reason: Option<Reason>,
    ) -> PyResult<Self> {
        let text = |k: &str| v.doc.get(k).and_then(Value::as_str).map(str::to_string);
        let legal_plays = v.doc.get("legal_plays").and_then(Value::as_u64);
        Ok(PlayVerdict {
            legal: v.legal,
            play: text("play").unwrap_or_else(|| play.to_string()),
            side,
            roll,
            legal_plays: legal_plays.map_or(0, |n| n as usize),
            standard: text("standard"),
            letters: text("letters"),
            code: reason.as_ref().map(|r| r.code),
            span: reason.as_ref().map(|r| r.span),
            message: reason.map(|r| r.message),
            findings: Finding::all("play", play, &v.findings)
                .into_iter()
                .map(|f| Py::new(py, f))
                .collect::<PyResult<_>>()?,
            doc: v.doc,
        })
    }

    fn part<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.doc.get(key).map(|v| to_py(py, v)).transpose()
    }
}

#[pymethods]
impl PlayVerdict {
    /// A legal play's steps, one dict per die used (``die``, ``from``, ``to``, ``hit``, …).
    #[getter]
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.part(py, "steps")
    }
    /// A legal play's resulting position: ``json`` (the JSON position), and ``position_id``,
    /// ``xgid`` and ``ogid`` in the backgammon family.
    #[getter]
    fn result<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.part(py, "result")
    }
    /// An illegal play's nearest legal plays, nearest first: dicts with ``standard``,
    /// ``letters`` and ``result`` (empty for a legal play).
    #[getter]
    fn nearest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        match self.part(py, "nearest")? {
            Some(n) => Ok(n),
            None => Ok(PyList::empty(py).into_any()),
        }
    }
    /// The problem of an illegal play, or the warnings on a legal one, located on the play.
    #[getter]
    fn findings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, self.findings.iter().map(|f| f.clone_ref(py)))
    }
    /// The verdict as ``tavla check --format json`` writes it, with ``findings`` (and
    /// ``code``, ``message`` and ``span`` for an illegal play).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let d = to_py(py, &self.doc)?;
        let findings = PyList::empty(py);
        for f in &self.findings {
            findings.append(f.get().to_dict(py)?)?;
        }
        d.set_item("findings", findings)?;
        if let Some(code) = self.code {
            d.set_item("code", code)?;
            d.set_item("message", &self.message)?;
            d.set_item("span", self.span)?;
        }
        Ok(d)
    }
    fn __bool__(&self) -> bool {
        self.legal
    }
    fn __repr__(&self) -> String {
        match (&self.standard, self.code) {
            (Some(s), _) if self.legal => format!("PlayVerdict(legal, {s:?})"),
            (_, Some(c)) => format!("PlayVerdict(illegal, {c:?})"),
            _ => format!("PlayVerdict(legal={})", self.legal),
        }
    }
}
