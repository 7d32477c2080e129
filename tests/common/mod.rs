//! Helpers shared by the test binaries (each `tests/*/main.rs` includes this module and uses
//! a part of it): the repository's files, the `tavla` binary, the tools some tests compare
//! with (Python packages, GNU Backgammon), and records read and checked the way every test
//! reads them.
#![allow(dead_code)]

pub mod generated;
pub mod ogxm;
pub mod xg;

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::Value;
use tavla::codes::Code;
use tavla::input::decode;
use tavla::notation::{parse_play, write_mat};
use tavla::replay::referee::check_play;
use tavla::replay::{Finding, Overrides, PlayContext, Severity, Verdict, check, problem_finding};
use tavla::report::LineIndex;
use tavla::report::json::match_json;
use tavla::rules::{Position, Roll, RuleSet, Side, StageDice};

// ---------------------------------------------------------------------------------------
// The repository's files

/// The repository's root (the tests run there too, so relative paths also work).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The bytes of `rel`, a path from the repository's root.
pub fn read(rel: impl AsRef<Path>) -> Vec<u8> {
    let p = root().join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The text of `rel`, a path from the repository's root.
pub fn read_text(rel: impl AsRef<Path>) -> String {
    let p = root().join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The files of `dir` ending in `.ext`, sorted, as `dir` joined with their names (a relative
/// `dir` is read from the repository's root, where the tests run).
pub fn files(dir: impl AsRef<Path>, ext: &str) -> Vec<PathBuf> {
    let dir = dir.as_ref();
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| dir.join(e.expect("a directory entry").file_name()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

/// The files below `dir` (a relative one read from the repository's root) that `keep`
/// accepts, in sorted order, each directory's files before the next directory's.
pub fn tree(dir: impl AsRef<Path>, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let dir = dir.as_ref();
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| dir.join(e.expect("a directory entry").file_name()))
        .collect();
    v.sort();
    let mut out = Vec::new();
    for p in v {
        if root().join(&p).is_dir() {
            out.extend(tree(&p, keep));
        } else if keep(&p) {
            out.push(p);
        }
    }
    out
}

/// A scratch directory of one test, `tavla-NAME-PID` in the temporary directory, made empty
/// (so NAME must be the test's own).
pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tavla-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `bytes` written as `name` in `tavla-DIR-PID` of the temporary directory (made if need be,
/// shared by the tests that name it).
pub fn temp_file(dir: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tavla-{dir}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

// ---------------------------------------------------------------------------------------
// The binary

/// The `tavla` binary of this build.
pub fn tavla() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tavla"))
}

/// The `tavla` binary of this build, as an argument.
pub fn tavla_path() -> &'static OsStr {
    OsStr::new(env!("CARGO_BIN_EXE_tavla"))
}

/// `tavla args…`, its standard input empty.
pub fn run(args: &[&str]) -> Output {
    tavla().args(args).output().expect("run tavla")
}

/// `tavla args…` with `stdin` written to a pipe (closed at once without it).
pub fn run_with_input(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = tavla()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tavla");
    let mut si = child.stdin.take().unwrap();
    if let Some(input) = stdin {
        let input = input.to_vec();
        std::thread::spawn(move || {
            let _ = si.write_all(&input);
        });
    } else {
        drop(si);
    }
    child.wait_with_output().expect("wait")
}

/// `tavla validate --format short extra… p`: its exit code and its output (standard output
/// then standard error).
pub fn validate_short(p: &Path, extra: &[&str]) -> (i32, String) {
    let out = tavla()
        .args(["validate", "--format", "short"])
        .args(extra)
        .arg(p)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code().unwrap_or(-1), text)
}

/// The match document `tavla convert --to json p` writes.
pub fn json_of(p: &Path) -> Value {
    let out = tavla()
        .args(["convert", "--to", "json"])
        .arg(p)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The exit code of a run that was not killed by a signal.
pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code, not a signal")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

// ---------------------------------------------------------------------------------------
// The tools compared with: Python packages and GNU Backgammon

/// The Python that imports `modules` (`"ogxm"`, `"ogxm, gvformat"`), if any: `TAVLA_PYTHON`
/// (where `.ci/run` installs them), else `python3`.
pub fn python_with(modules: &str) -> Option<String> {
    let py = std::env::var("TAVLA_PYTHON").unwrap_or_else(|_| "python3".into());
    Command::new(&py)
        .args(["-c", &format!("import {modules}")])
        .output()
        .is_ok_and(|o| o.status.success())
        .then_some(py)
}

/// [`python_with`], saying the test is skipped when there is none.
pub fn python_or_skip(modules: &str) -> Option<String> {
    let py = python_with(modules);
    if py.is_none() {
        eprintln!("skipped: no Python with `import {modules}` (set TAVLA_PYTHON)");
    }
    py
}

/// The standard output of `py script args…` (`script` a path from the repository's root),
/// which must succeed.
pub fn python_output(py: &str, script: &str, args: &[&OsStr]) -> String {
    let out = Command::new(py)
        .arg(root().join(script))
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{script}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// GNU Backgammon, where it is installed (Debian puts it in `/usr/games`); without it, says
/// the test is skipped.
pub fn gnubg() -> Option<PathBuf> {
    let found = [
        "gnubg",
        "/usr/games/gnubg",
        "/usr/bin/gnubg",
        "/usr/local/bin/gnubg",
    ]
    .iter()
    .map(PathBuf::from)
    .find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        eprintln!("skipped: gnubg is not installed (apt-get install gnubg)");
    }
    found
}

/// Run `code` in gnubg's Python (`gnubg -q -t -p`), written to `script` first; it must
/// succeed.
pub fn gnubg_python(gnubg: &Path, script: &Path, code: String) {
    std::fs::write(script, code).unwrap();
    let run = Command::new(gnubg)
        .args(["-q", "-t", "-p"])
        .arg(script)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

// ---------------------------------------------------------------------------------------
// Records and their findings

/// The 1-based line of byte `offset` of `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// A finding as its code and line, to tell the findings of a changed record from those of its
/// original.
pub fn key(text: &str, f: &Finding) -> (Code, usize) {
    (f.code, line_of(text, f.span.offset))
}

/// The findings of `v`, the check of `mutant`, that its original had not (`before`: the
/// original's findings as [`key`]s).
pub fn new_findings<'a>(
    v: &'a Verdict,
    mutant: &str,
    before: &[(Code, usize)],
) -> Vec<&'a Finding> {
    v.findings
        .iter()
        .filter(|f| !before.contains(&key(mutant, f)))
        .collect()
}

/// A record's bytes decoded and checked as `validate` reads a file: the decoding's findings
/// (invalid UTF-8) among the others, in the order of the text.
pub fn decode_and_check(bytes: &[u8]) -> (String, Verdict) {
    let (text, mut utf8) = decode(bytes);
    let mut v = check(tavla::notation::read(&text), &Overrides::default());
    v.findings.append(&mut utf8);
    v.findings.sort_by_key(|f| f.span.offset);
    (text, v)
}

/// The findings of `severity` of `v` (the check of `text`), as code and 1-based line.
pub fn found(text: &str, v: &Verdict, severity: Severity) -> Vec<(Code, usize)> {
    let idx = LineIndex::new(text);
    v.findings
        .iter()
        .filter(|f| f.severity == severity)
        .map(|f| (f.code, idx.locate(text, f.span.offset).0))
        .collect()
}

/// The errors tavla reports on `text`, as code and 1-based line.
pub fn errors(text: &str) -> Vec<(Code, usize)> {
    let v = check(tavla::notation::read(text), &Overrides::default());
    found(text, &v, Severity::Error)
}

/// A checked record with its text, so findings can be located by line.
pub struct Run {
    pub text: String,
    pub verdict: Verdict,
}

impl Run {
    pub fn new(text: &str) -> Run {
        Run {
            text: text.to_string(),
            verdict: check(tavla::notation::read(text), &Overrides::default()),
        }
    }

    /// The findings of `severity`, as code and 1-based line.
    pub fn found(&self, severity: Severity) -> Vec<(Code, usize)> {
        found(&self.text, &self.verdict, severity)
    }

    /// The errors, as code and 1-based line.
    pub fn errors(&self) -> Vec<(Code, usize)> {
        self.found(Severity::Error)
    }
}

impl std::ops::Deref for Run {
    type Target = Verdict;
    fn deref(&self) -> &Verdict {
        &self.verdict
    }
}

/// `text` with its one line starting with `prefix` replaced by `new_line`.
pub fn replace_line(text: &str, prefix: &str, new_line: &str) -> String {
    let mut hit = 0;
    let out: Vec<&str> = text
        .lines()
        .map(|l| {
            if l.starts_with(prefix) {
                hit += 1;
                new_line
            } else {
                l
            }
        })
        .collect();
    assert_eq!(hit, 1, "exactly one line starts with {prefix:?}");
    out.join("\n") + "\n"
}

/// Every finding as `line:col: Severity[code] message`, one per line.
pub fn describe(v: &Verdict, text: &str) -> String {
    let idx = LineIndex::new(text);
    v.findings
        .iter()
        .map(|f| {
            let (l, c) = idx.locate(text, f.span.offset);
            format!("{l}:{c}: {:?}[{}] {}", f.severity, f.code, f.message)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Remove every `line` member, so two documents of the same match written with different
/// layouts compare equal.
pub fn strip_lines(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.remove("line");
            m.values_mut().for_each(strip_lines);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_lines),
        _ => {}
    }
}

/// `text` checked, which must have no finding (`what` names it in a failure).
pub fn valid(text: &str, what: &str) -> Verdict {
    let v = check(tavla::notation::read(text), &Overrides::default());
    assert!(
        v.findings.is_empty(),
        "{what}:\n{}\n{text}",
        describe(&v, text)
    );
    v
}

/// `.mat` → JSON → `.mat` → JSON: the record `text`, checked as `v`, written back with
/// `write_mat` reads under the same rules with no finding of a code the original had not,
/// `write_mat` is a fixed point, and the two documents are equal but for their lines (`what`
/// names the record in a failure).
pub fn assert_round_trip(v: &Verdict, text: &str, what: &str) {
    let mut j1 = match_json(v, false, text);
    let mat = write_mat(&j1);
    let v2 = check(tavla::notation::read(&mat), &Overrides::default());
    assert_eq!(
        v2.rules, v.rules,
        "{what}: rules after the round trip\n{mat}"
    );
    assert!(
        v2.findings
            .iter()
            .all(|f| v.findings.iter().any(|g| g.code == f.code)),
        "{what}: after the round trip\n{}\n{mat}",
        describe(&v2, &mat)
    );
    let mut j2 = match_json(&v2, false, &mat);
    assert_eq!(
        write_mat(&j2),
        mat,
        "{what}: write_mat is not a fixed point"
    );
    strip_lines(&mut j1);
    strip_lines(&mut j2);
    assert_eq!(j1, j2, "{what}: JSON differs after the round trip");
}

/// A one-game `.mat` record of `length` points: the `header` lines, then the `turns`.
pub fn record(header: &[&str], length: u64, turns: &[&str]) -> String {
    let mut s = String::new();
    for h in header {
        s.push_str(h);
        s.push('\n');
    }
    s.push_str(&format!(
        "\n {length} point match\n\n Game 1\n White : 0                      Black : 0\n"
    ));
    for t in turns {
        s.push_str(t);
        s.push('\n');
    }
    s
}

// ---------------------------------------------------------------------------------------
// Positions and plays

/// A position from each side's `(point, checkers)`, in that side's own numbering.
pub fn pos(white: &[(u8, u8)], black: &[(u8, u8)]) -> Position {
    let mut p = Position::empty();
    for &(pt, n) in white {
        p.set(Side::White, pt, n);
    }
    for &(pt, n) in black {
        p.set(Side::Black, pt, n);
    }
    p
}

/// The dice of the roll `a`-`b` (four of them for a doublet).
pub fn dice(a: u8, b: u8) -> StageDice {
    Roll { a, b }.stage()
}

/// The referee's verdict on the play `text` (the mover's numbering) made by `side` from `p`
/// with dice `d`: the position reached, or the finding a record would get.
pub fn referee(
    rules: &RuleSet,
    p: &Position,
    side: Side,
    d: StageDice,
    text: &str,
) -> Result<Position, Box<Finding>> {
    let play = parse_play(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    match check_play(rules, p, side, d, &play) {
        Ok(c) => Ok(c.position),
        Err(problem) => {
            let c = PlayContext {
                rules,
                pos: p,
                side,
                dice: d,
                who: "White".into(),
                dice_span: None,
            };
            Err(Box::new(problem_finding(&c, *problem)))
        }
    }
}

/// [`referee`]'s verdict with the finding's code alone.
pub fn judge(
    rules: &RuleSet,
    p: &Position,
    side: Side,
    d: StageDice,
    text: &str,
) -> Result<Position, Code> {
    referee(rules, p, side, d, text).map_err(|f| f.code)
}

/// A small seeded generator (xorshift) for the tests' random choices: the seeds are fixed,
/// so every run makes the same choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A roll of two dice.
    pub fn roll(&mut self) -> Roll {
        Roll {
            a: self.below(6) as u8 + 1,
            b: self.below(6) as u8 + 1,
        }
    }
}
