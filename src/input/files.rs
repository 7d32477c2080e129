//! Files, directories and standard input: which records a run reads, in which order, and
//! reading each within limits.

use std::collections::BTreeSet;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::decode::decode_owned;
use crate::codes::Code;
use crate::notation::Span;
use crate::record::{Origin, Record};
use crate::replay::{Finding, Keep, Overrides, Verdict, check_record};

/// The largest file read, in bytes (256 MiB; standard input too); larger inputs are reported
/// unreadable. Checking takes roughly 30 times the file size in memory.
pub const MAX_FILE: u64 = 256 << 20;

/// The extensions read when walking a directory unless told otherwise, comma-separated:
/// `.mat` text (and `.txt`), GNU Backgammon's SGF, eXtreme Gammon's `.xg`/`.xgp`, OGXM files
/// (`.ogxm`, gammonview's `.gvab`) and streams (`.ogxms`, `.ogxms.zst`).
pub const DEFAULT_EXTENSIONS: &str = "mat,txt,sgf,xg,xgp,ogxm,gvab,ogxms,ogxms.zst";

/// [`DEFAULT_EXTENSIONS`] as a list.
pub fn default_extensions() -> Vec<String> {
    DEFAULT_EXTENSIONS.split(',').map(String::from).collect()
}

/// What a run reads, as the user named it.
#[derive(Clone, Debug, Default)]
pub struct InputSpec {
    /// Record files or directories (searched recursively); `-` is standard input.
    pub paths: Vec<PathBuf>,
    /// Extensions read when walking directories, with or without the dot, matched at the end
    /// of the file's name (`ogxms.zst` takes `a.ogxms.zst`); a file named explicitly is always
    /// read.
    pub extensions: Vec<String>,
    /// The name reported for standard input (default `<stdin>`).
    pub stdin_name: Option<String>,
    /// A file listing more paths, one per line (`-` for standard input).
    pub files_from: Option<PathBuf>,
}

/// Why a run has no inputs to read.
#[derive(Debug)]
pub enum InputError {
    /// Nothing was named (no path and no `--files-from` list).
    NoInput,
    /// The `--files-from` list cannot be read.
    FilesFrom {
        /// The list as named (`-` for standard input).
        list: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NoInput => f.write_str(
                "no input: name record files, directories, `-` for standard input, or --files-from",
            ),
            InputError::FilesFrom { list, error } => {
                write!(f, "--files-from {}: {error}", list.display())
            }
        }
    }
}

impl std::error::Error for InputError {}

/// Why one input cannot be read: a message for the `tavla::io::unreadable` finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError(
    /// What went wrong, in one sentence.
    pub String,
);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

impl ReadError {
    /// The finding that reports it (unlocated: there is no text to point into).
    pub fn finding(&self) -> Finding {
        Finding::error(
            Code::Unreadable,
            Span::default(),
            format!("cannot read the file: {}", self.0),
        )
        .help("check the path and its permissions; the other files were still checked")
    }
}

/// One input to read.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Input {
    /// Standard input, with the name to report for it.
    Stdin(String),
    /// A file.
    File(PathBuf),
    /// A path found unreadable while walking (reported as a finding), with why.
    Unreadable(PathBuf, String),
}

/// The format of a record, told from its content (the extension only breaks ties).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// The `.mat` text layout (also `.txt`): checked as it is.
    Mat,
    /// GNU Backgammon's SGF (`GM[6]`), read by [`crate::sgf::read`].
    Sgf,
    /// GNU Backgammon's text export (`export match text`: `The score (after N games) is: …`,
    /// `Move number N:` blocks), read by [`crate::gnubg_text::read`].
    GnubgText,
    /// eXtreme Gammon's `.xg` / `.xgp` (`RGMH`), read by [`crate::xg::read`].
    Xg,
    /// OGXM v1 or v2 (`.ogxm`, `.gvab`; magic `OGXM`), read by [`crate::ogxm::read`].
    Ogxm,
    /// An OGXM stream (`.ogxms`, `.ogxms.zst`), read by [`crate::ogxm::stream::read`].
    OgxmStream,
}

impl Format {
    /// The format of `bytes`: SGF when they open with `(;` (after an optional byte-order
    /// mark and white space) and hold `GM[6]` early, XG when they start with `RGMH`, else
    /// `.mat`. The name's extension decides only what the content leaves open: a `.sgf`
    /// file opening with `(` is SGF (its reader says what is wrong), and a `.xg`/`.xgp` file
    /// that is not text is XG.
    pub fn detect(bytes: &[u8], name: &str) -> Format {
        if bytes.starts_with(b"RGMH") {
            return Format::Xg;
        }
        let lower = name.to_ascii_lowercase();
        if lower.ends_with(".ogxms") || lower.ends_with(".ogxms.zst") {
            return Format::OgxmStream;
        }
        if crate::ogxm::looks_like(bytes) {
            return Format::Ogxm;
        }
        if crate::sgf::looks_like(bytes) {
            return Format::Sgf;
        }
        // gnubg's text export, by its prologue or its move headers (a `.txt` like a `.mat`).
        if crate::gnubg_text::looks_like(bytes) {
            return Format::GnubgText;
        }
        let ext = Path::new(name)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("sgf")
                if bytes
                    .strip_prefix(b"\xef\xbb\xbf")
                    .unwrap_or(bytes)
                    .trim_ascii_start()
                    .starts_with(b"(") =>
            {
                Format::Sgf
            }
            // A file named `.xg` is read as eXtreme Gammon's unless it is text that holds a
            // match record (a `.mat` export saved under that name): an empty, short or
            // other file so named is a damaged `.xg`, reported as such.
            Some("xg" | "xgp") if !looks_like_mat_text(bytes) => Format::Xg,
            Some("ogxm" | "gvab") if !looks_like_mat_text(bytes) => Format::Ogxm,
            _ => Format::Mat,
        }
    }
}

/// How many leading bytes are looked at to tell text from other files.
const SNIFF: usize = 8192;

/// The finding of a file that is not text (`tavla::io::not-text`), or `None` for text: a file
/// whose first [`SNIFF`] bytes start with the signature of a known binary format, are more
/// than 1 % NUL bytes, or more than a tenth control characters (tab, line breaks, form feed and
/// escape aside). It is located on the first offending byte of the file.
fn not_text(bytes: &[u8]) -> Option<Finding> {
    let head = &bytes[..bytes.len().min(SNIFF)];
    let first_nul = memchr::memchr(0, head);
    let kind = file_kind(head, first_nul.is_some());
    let control =
        |b: u8| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c | 0x1b) || b == 0x7f;
    let nuls = first_nul.map_or(0, |_| memchr::memchr_iter(0, head).count());
    let controls = control_count(head);
    // A stray NUL in a record (a damaged byte) leaves it a record, checked line by line.
    if kind.is_none() && nuls * 100 <= head.len() && controls * 10 <= head.len() {
        return None;
    }
    let at = if kind.is_some() {
        0
    } else {
        first_nul.unwrap_or_else(|| head.iter().position(|&b| control(b)).unwrap_or(0))
    };
    let what = kind.unwrap_or(if first_nul.is_some() {
        "binary data (NUL bytes)"
    } else {
        "binary data (control characters)"
    });
    let help = if what.starts_with("UTF-16") {
        "save the record as UTF-8 (for example `iconv -f UTF-16 -t UTF-8`) and check it again"
    } else {
        "name a match record: `.mat` text, GNU Backgammon's `.sgf` or eXtreme Gammon's `.xg`"
    };
    Some(Finding {
        origin: Some(Origin::Binary {
            offset: at as u64,
            len: 1,
        }),
        help: Some(help.into()),
        ..Finding::error(
            Code::NotText,
            Span::default(),
            format!("this file is not a text match record: it looks like {what}"),
        )
    })
}

/// How many bytes of `head` are control characters (tab, line breaks, form feed and escape
/// aside), counted without a branch per byte.
fn control_count(head: &[u8]) -> usize {
    // Byte-wide sums over chunks of at most 255 bytes, which the compiler turns into vector
    // compares and adds.
    let control = |b: u8| {
        u8::from(b < 0x20)
            .wrapping_add(u8::from(b == 0x7f))
            .wrapping_sub(u8::from(b == b'\t'))
            .wrapping_sub(u8::from(b == b'\n'))
            .wrapping_sub(u8::from(b == b'\r'))
            .wrapping_sub(u8::from(b == 0x0c))
            .wrapping_sub(u8::from(b == 0x1b))
    };
    head.chunks(255)
        .map(|c| usize::from(c.iter().fold(0u8, |n, &b| n.wrapping_add(control(b)))))
        .sum()
}

/// What a file that is not text looks like, from its first bytes, when that is easy to tell
/// (`nul`: the bytes hold a NUL, without which they are not UTF-16).
fn file_kind(head: &[u8], nul: bool) -> Option<&'static str> {
    const SIGNATURES: &[(&[u8], &str)] = &[
        (b"\x89PNG\r\n\x1a\n", "a PNG image"),
        (b"\xff\xd8\xff", "a JPEG image"),
        (b"GIF87a", "a GIF image"),
        (b"GIF89a", "a GIF image"),
        (b"%PDF-", "a PDF document"),
        (b"PK\x03\x04", "a zip archive (or a document stored as one)"),
        (b"PK\x05\x06", "an empty zip archive"),
        (b"\x1f\x8b", "a gzip archive"),
        (b"BZh", "a bzip2 archive"),
        (b"\xfd7zXZ\0", "an xz archive"),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
        (b"\x28\xb5\x2f\xfd", "a zstd archive"),
        (b"Rar!\x1a\x07", "a RAR archive"),
        (b"\x7fELF", "an executable program (ELF)"),
        (b"MZ", "an executable program (Windows)"),
        (b"\xcf\xfa\xed\xfe", "an executable program (Mach-O)"),
        (
            b"\xca\xfe\xba\xbe",
            "an executable program (Mach-O or Java class)",
        ),
        (b"SQLite format 3\0", "an SQLite database"),
        (b"\xff\xfe", "UTF-16 text"),
        (b"\xfe\xff", "UTF-16 text"),
    ];
    if let Some((_, kind)) = SIGNATURES.iter().find(|(sig, _)| head.starts_with(sig)) {
        // `MZ`, `BZh` and the UTF-16 marks are short: trust them only with binary bytes after.
        let short = matches!(
            *kind,
            "an executable program (Windows)" | "a bzip2 archive" | "UTF-16 text"
        );
        if !short || nul {
            return Some(kind);
        }
    }
    if head.len() >= 262 && &head[257..262] == b"ustar" {
        return Some("a tar archive");
    }
    // UTF-16 without a byte-order mark: every other byte NUL in ASCII text.
    let pairs = head.len() / 2;
    if nul && pairs >= 8 {
        let nul_odd = head
            .chunks_exact(2)
            .filter(|c| c[1] == 0 && c[0] != 0)
            .count();
        let nul_even = head
            .chunks_exact(2)
            .filter(|c| c[0] == 0 && c[1] != 0)
            .count();
        if nul_odd * 10 >= pairs * 9 || nul_even * 10 >= pairs * 9 {
            return Some("UTF-16 text");
        }
    }
    None
}

/// Text that holds a `.mat` match record: valid UTF-8 with a match length or game line.
fn looks_like_mat_text(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_ok()
        && (memchr::memmem::find(bytes, b"point match").is_some()
            || memchr::memmem::find(bytes, b"Game ").is_some())
}

/// A file read and decoded, ready to be read as a record in its format.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name to report (the path as found, or the name of standard input).
    pub name: String,
    /// The file's text, which findings on a text format are located on and rendered against;
    /// empty for a binary file (its findings name game, turn, side and byte instead).
    pub text: String,
    /// The findings of decoding it (`tavla::parse::invalid-utf8`, `tavla::io::not-text`),
    /// located on `text`.
    pub findings: Vec<Finding>,
    /// The format it was read in.
    pub format: Format,
    /// The bytes of a binary file.
    bytes: Vec<u8>,
}

impl Source {
    /// A record from its bytes, its format told by [`Format::detect`].
    pub fn from_bytes(name: String, bytes: Vec<u8>) -> Result<Source, ReadError> {
        let format = Format::detect(&bytes, &name);
        let mut src = Source {
            name,
            text: String::new(),
            findings: Vec::new(),
            format,
            bytes: Vec::new(),
        };
        match format {
            Format::Mat | Format::Sgf | Format::GnubgText => {
                if format == Format::Mat
                    && let Some(finding) = not_text(&bytes)
                {
                    src.findings.push(finding);
                    return Ok(src);
                }
                let (text, findings) = decode_owned(bytes);
                src.text = text;
                src.findings = findings;
            }
            Format::Xg | Format::Ogxm | Format::OgxmStream => src.bytes = bytes,
        }
        Ok(src)
    }

    /// The record, read by its format's reader (the typed record every reader produces).
    pub fn record(&self) -> Record {
        self.record_with(true)
    }

    /// [`Source::record`], with the analysis a binary file carries or without it (a check
    /// does not use it; reading it costs time).
    fn record_with(&self, analysis: bool) -> Record {
        match self.format {
            _ if self.findings.iter().any(|f| f.code == Code::NotText) => Record::default(),
            Format::Mat => crate::notation::read(&self.text),
            Format::Sgf => crate::sgf::read(&self.text),
            Format::GnubgText => crate::gnubg_text::read(&self.text),
            Format::Xg => crate::xg::read_with(&self.bytes, analysis),
            Format::Ogxm => crate::ogxm::read(&self.bytes),
            Format::OgxmStream => crate::ogxm::stream::read(&self.bytes),
        }
    }

    /// Check the record: its verdict, the findings of reading it included, in file order.
    /// With `traces` false the verdict carries no replay traces (see
    /// [`check_findings`](crate::replay::check_findings)), as `validate` needs.
    ///
    /// Findings are located in the file's own terms: a span of its text, or for a binary
    /// file the byte range of its record ([`Finding::origin`]). A repair of an SGF record
    /// becomes the property value re-encoded, or is dropped when it cannot be; the words of
    /// a finding on a record other than `.mat` speak of that format.
    pub fn check(&self, o: &Overrides, traces: bool) -> Verdict {
        self.check_keeping(o, if traces { Keep::All } else { Keep::Findings })
    }

    /// [`Source::check`] with the traces the table of plays reads
    /// ([`crate::report::table`]): each action's positions, roll and cube, without the
    /// steps of its stages. Faster than full traces.
    pub fn check_table(&self, o: &Overrides) -> Verdict {
        self.check_keeping(o, Keep::Positions)
    }

    fn check_keeping(&self, o: &Overrides, keep: Keep) -> Verdict {
        // The analysis goes where traces do (conversions); a check alone does not need it.
        let record = self.record_with(keep.actions());
        let mut v = check_record(record, o, keep);
        if self.findings.iter().any(|f| f.code == Code::NotText) {
            // Not a record: its one finding says so, and "no games" would only repeat it.
            v.findings.clear();
        }
        match self.format {
            Format::Mat => {}
            // Its plays are written in the play notation: a repair is an edit of the text as
            // it stands.
            Format::GnubgText => {
                for f in &mut v.findings {
                    super::words::speak(f, self.format);
                }
            }
            Format::Sgf => {
                for f in &mut v.findings {
                    f.repair = f
                        .repair
                        .take()
                        .and_then(|r| crate::sgf::original_repair(&self.text, &r))
                        .map(Box::new);
                    // The nearest legal plays as replacements of the move's value, in the
                    // file's letters (`52lnlq`), as a repair is.
                    if let Some(sg) = f.suggestions.as_deref_mut() {
                        let values: Vec<crate::replay::Repair> = sg
                            .plays
                            .iter()
                            .filter_map(|p| {
                                let r = crate::replay::Repair {
                                    span: sg.span,
                                    text: p.clone(),
                                };
                                crate::sgf::original_repair(&self.text, &r)
                            })
                            .collect();
                        match values.first() {
                            Some(first) if values.len() == sg.plays.len() => {
                                sg.span = first.span;
                                sg.plays = values.into_iter().map(|r| r.text).collect();
                            }
                            _ => sg.plays.clear(),
                        }
                    }
                    super::words::speak(f, self.format);
                }
            }
            Format::Xg | Format::Ogxm | Format::OgxmStream => {
                for f in &mut v.findings {
                    f.repair = None;
                    super::words::speak(f, self.format);
                }
            }
        }
        if !self.findings.is_empty() {
            v.findings.extend(self.findings.iter().cloned());
            v.findings.sort_by_key(|f| f.span.offset);
        }
        v
    }
}

impl Input {
    /// The name to report.
    pub fn name(&self) -> String {
        match self {
            Input::Stdin(n) => n.clone(),
            Input::File(p) | Input::Unreadable(p, _) => p.display().to_string(),
        }
    }

    /// The input's bytes: a regular file of at most [`MAX_FILE`] bytes, or standard input
    /// (read once per process, on first use, and shared by every later read).
    ///
    /// # Errors
    ///
    /// A missing or unreadable path, a directory, anything but a regular file (FIFO, socket,
    /// device), an input larger than [`MAX_FILE`], or an [`Input::Unreadable`].
    pub fn read(&self) -> Result<Vec<u8>, ReadError> {
        match self {
            Input::Stdin(_) => stdin_bytes().clone().map_err(ReadError),
            Input::Unreadable(_, e) => Err(ReadError(e.clone())),
            Input::File(p) => read_file(p).map_err(ReadError),
        }
    }

    /// The input read and decoded.
    ///
    /// # Errors
    ///
    /// As [`Input::read`].
    pub fn load(&self) -> Result<Source, ReadError> {
        Source::from_bytes(self.name(), self.read()?)
    }
}

fn read_file(p: &Path) -> Result<Vec<u8>, String> {
    // Opened first and asked what it is (one `open` and one `fstat`); opening does not wait
    // for a writer when it is a FIFO, which is then refused unread.
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let mut file = options.open(p).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if meta.is_dir() {
        return Err("is a directory".into());
    }
    if !meta.is_file() {
        return Err("not a regular file (a FIFO, socket or device is not read)".into());
    }
    if meta.len() > MAX_FILE {
        return Err(format!(
            "{} bytes; files larger than {MAX_FILE} bytes are not read",
            meta.len()
        ));
    }
    // Room for the size `fstat` gave and a byte more, so that the end is seen without
    // growing; a file that grew since is read up to the limit, and refused beyond it.
    let mut buf = Vec::with_capacity(meta.len() as usize + 1);
    (&mut file)
        .take(MAX_FILE + 1)
        .read_to_end(&mut buf)
        .map_err(|e| e.to_string())?;
    if buf.len() as u64 > MAX_FILE {
        return Err(format!(
            "more than {MAX_FILE} bytes; files larger than {MAX_FILE} bytes are not read"
        ));
    }
    Ok(buf)
}

/// Standard input, read once on first use (at most [`MAX_FILE`] bytes).
fn stdin_bytes() -> &'static Result<Vec<u8>, String> {
    static STDIN: std::sync::OnceLock<Result<Vec<u8>, String>> = std::sync::OnceLock::new();
    STDIN.get_or_init(|| {
        let mut buf = Vec::new();
        match std::io::stdin().take(MAX_FILE + 1).read_to_end(&mut buf) {
            Ok(_) if buf.len() as u64 > MAX_FILE => Err(format!(
                "more than {MAX_FILE} bytes on standard input; larger inputs are not read"
            )),
            Ok(_) => Ok(buf),
            Err(e) => Err(e.to_string()),
        }
    })
}

/// What a directory entry is, as the directory says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Dir,
    File,
    /// A symbolic link, or a kind the directory does not give: followed to see.
    Other,
}

/// The inputs of a run, produced lazily: named paths in sorted order, each directory walked
/// depth-first with its entries sorted, so the order is the path order and memory does not
/// grow with the number of files. Symlink loops are visited once.
#[derive(Debug)]
pub struct Inputs {
    named: std::vec::IntoIter<PathBuf>,
    stack: Vec<std::vec::IntoIter<(PathBuf, Entry)>>,
    exts: Vec<String>,
    seen: BTreeSet<PathBuf>,
    stdin_name: String,
    /// Canonical named directories: a named file inside one is read by the walk already.
    walked: Vec<PathBuf>,
}

impl InputSpec {
    /// Every input named (and listed in `files_from`), in path order; named paths are sorted
    /// and deduplicated, and a named file that a named directory's walk reads anyway is read
    /// once.
    ///
    /// # Errors
    ///
    /// Nothing named (no path and no `files_from` list), or the `files_from` list cannot be
    /// read.
    pub fn inputs(&self) -> Result<Inputs, InputError> {
        let mut named: Vec<PathBuf> = self.paths.clone();
        if let Some(list) = &self.files_from {
            let read = if list.as_os_str() == "-" {
                let mut s = String::new();
                std::io::stdin().read_to_string(&mut s).map(|_| s)
            } else {
                std::fs::read_to_string(list)
            };
            let text = read.map_err(|error| InputError::FilesFrom {
                list: list.clone(),
                error,
            })?;
            named.extend(
                text.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(PathBuf::from),
            );
        }
        // An empty `--files-from` list is a run over no record (the caller decides), not a
        // usage error: a list built by a script may legitimately be empty.
        if named.is_empty() && self.files_from.is_none() {
            return Err(InputError::NoInput);
        }
        named.sort();
        named.dedup();
        let walked = named
            .iter()
            .filter(|p| p.is_dir())
            .filter_map(|p| p.canonicalize().ok())
            .collect();
        Ok(Inputs {
            named: named.into_iter(),
            stack: Vec::new(),
            exts: self
                .extensions
                .iter()
                .map(|e| e.trim_start_matches('.').to_string())
                .collect(),
            seen: BTreeSet::new(),
            stdin_name: self.stdin_name.clone().unwrap_or_else(|| "<stdin>".into()),
            walked,
        })
    }
}

impl Inputs {
    /// Open a directory level; an error becomes an `Unreadable` input.
    fn enter(&mut self, dir: PathBuf) -> Option<Input> {
        let canon = match dir.canonicalize() {
            Ok(c) => c,
            Err(e) => return Some(Input::Unreadable(dir, e.to_string())),
        };
        if !self.seen.insert(canon) {
            return None;
        }
        match std::fs::read_dir(&dir) {
            Ok(entries) => {
                // The kind of each entry from the directory itself (no `stat` per file): only
                // a symbolic link, or an entry of unknown kind, is followed to see what it is.
                let mut paths: Vec<(PathBuf, Entry)> = entries
                    .filter_map(|e| {
                        let e = e.ok()?;
                        let kind = match e.file_type() {
                            Ok(t) if t.is_dir() => Entry::Dir,
                            Ok(t) if t.is_file() => Entry::File,
                            _ => Entry::Other,
                        };
                        Some((e.path(), kind))
                    })
                    .collect();
                // Entries of one directory differ only in their last component: ordered by its
                // bytes, as the whole paths would be (without comparing every component).
                paths.sort_unstable_by(|a, b| a.0.file_name().cmp(&b.0.file_name()));
                self.stack.push(paths.into_iter());
                None
            }
            Err(e) => Some(Input::Unreadable(dir, e.to_string())),
        }
    }

    fn wanted(&self, p: &Path) -> bool {
        let Some(name) = p.file_name().and_then(|n| n.to_str()) else {
            return false;
        };
        self.exts.iter().any(|x| {
            let n = name.len();
            n > x.len() + 1
                && name.is_char_boundary(n - x.len() - 1)
                && name.as_bytes()[n - x.len() - 1] == b'.'
                && name[n - x.len()..].eq_ignore_ascii_case(x)
        })
    }
}

impl Iterator for Inputs {
    type Item = Input;
    fn next(&mut self) -> Option<Input> {
        loop {
            if let Some(level) = self.stack.last_mut() {
                match level.next() {
                    Some((p, kind))
                        if kind == Entry::Dir || (kind == Entry::Other && p.is_dir()) =>
                    {
                        if let Some(err) = self.enter(p) {
                            return Some(err);
                        }
                    }
                    Some((p, _)) if self.wanted(&p) => return Some(Input::File(p)),
                    Some(_) => {}
                    None => {
                        self.stack.pop();
                    }
                }
                continue;
            }
            let p = self.named.next()?;
            if p.as_os_str() == "-" {
                return Some(Input::Stdin(self.stdin_name.clone()));
            }
            if p.is_dir() {
                if let Some(err) = self.enter(p) {
                    return Some(err);
                }
                continue;
            }
            if self.wanted(&p)
                && let Ok(c) = p.canonicalize()
                && self.walked.iter().any(|d| c.starts_with(d))
            {
                continue;
            }
            return Some(Input::File(p));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::Severity;

    #[test]
    fn control_count_counts_every_control_byte_but_the_blanks() {
        let naive = |h: &[u8]| {
            h.iter()
                .filter(|&&b| {
                    b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c | 0x1b) || b == 0x7f
                })
                .count()
        };
        // Every byte value, at every place of chunks longer than the counter's 255 bytes.
        let all: Vec<u8> = (0..=255u8).cycle().take(8192).collect();
        for len in [0, 1, 31, 254, 255, 256, 511, 4097, 8192] {
            assert_eq!(
                control_count(&all[..len]),
                naive(&all[..len]),
                "{len} bytes"
            );
        }
        let controls = vec![0x01u8; 8192];
        assert_eq!(control_count(&controls), 8192);
    }

    /// A fresh directory under the system's temporary directory, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> Self {
            let p = std::env::temp_dir().join(format!("tavla-input-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&p);
            std::fs::create_dir_all(&p).unwrap();
            TempDir(p)
        }
        fn file(&self, rel: &str) -> PathBuf {
            let p = self.0.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, rel).unwrap();
            p
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn the_default_walk_takes_every_record_format_and_two_part_extensions() {
        let d = TempDir::new("defaults");
        let want: Vec<PathBuf> = [
            "a.mat",
            "b.txt",
            "c.sgf",
            "d.xg",
            "e.xgp",
            "f.ogxm",
            "g.GVAB",
            "h.ogxms",
            "i.ogxms.zst",
        ]
        .iter()
        .map(|n| d.file(n))
        .collect();
        for skip in ["j.zst", "k.json", "ogxm", ".mat.bak", "zst"] {
            d.file(skip);
        }
        let spec = InputSpec {
            paths: vec![d.0.clone()],
            extensions: default_extensions(),
            ..InputSpec::default()
        };
        let got: Vec<PathBuf> = spec
            .inputs()
            .unwrap()
            .map(|i| match i {
                Input::File(p) => p,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_walk_reads_wanted_extensions_in_path_order_and_each_file_once() {
        let d = TempDir::new("walk");
        let b = d.file("b.MAT");
        let a = d.file("sub/a.txt");
        d.file("sub/skip.json");
        let named = d.file("z.json");
        let spec = InputSpec {
            paths: vec![d.0.clone(), named.clone(), b.clone(), "-".into()],
            extensions: vec![".mat".into(), "txt".into()],
            stdin_name: Some("piped.mat".into()),
            files_from: None,
        };
        let inputs: Vec<Input> = spec.inputs().unwrap().collect();
        assert_eq!(
            inputs,
            [
                Input::File(b),
                Input::File(a.clone()),
                Input::File(named),
                // Paths sort by component: the absolute ones (root first) before `-`.
                Input::Stdin("piped.mat".into()),
            ]
        );
        let src = Input::File(a).load().unwrap();
        assert_eq!((src.text.as_str(), src.findings.len()), ("sub/a.txt", 0));
    }

    #[test]
    fn what_cannot_be_read_says_why() {
        let d = TempDir::new("unreadable");
        assert!(matches!(
            InputSpec::default().inputs(),
            Err(InputError::NoInput)
        ));
        let missing = InputSpec {
            files_from: Some(d.0.join("no-list")),
            ..InputSpec::default()
        };
        let e = missing.inputs().unwrap_err().to_string();
        assert!(e.starts_with("--files-from "), "{e}");
        assert_eq!(
            Input::File(d.0.clone()).read(),
            Err(ReadError("is a directory".into()))
        );
        let f = Input::File(d.0.join("gone.mat"))
            .read()
            .unwrap_err()
            .finding();
        assert_eq!((f.code, f.severity), (Code::Unreadable, Severity::Error));
        assert!(
            f.message.starts_with("cannot read the file: "),
            "{}",
            f.message
        );
    }
}
