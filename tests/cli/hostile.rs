//! Hostile inputs against the `tavla` binary: every case must end — no panic, no hang, no
//! signal — with the exit status it deserves (0 valid, 1 invalid, 2 I/O or usage error).
//!
//! Every run has a deadline (60 s): the child is killed and the test fails if it is exceeded.
//! Large inputs are generated at test time under `target/tmp` (never committed) and run
//! against the release binary when it is up to date (`cargo build --release`), else against
//! the debug one. Each run prints its wall time and, where `/usr/bin/time` exists, its peak
//! memory (`[limits] …` lines, shown with `--nocapture`); `docs/LIMITS.md` records them.

use crate::common::strip_lines;
use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime};

const DEADLINE: Duration = Duration::from_secs(60);

/// Large runs take the whole machine; they run one at a time.
static HEAVY: Mutex<()> = Mutex::new(());

fn heavy() -> std::sync::MutexGuard<'static, ()> {
    HEAVY.lock().unwrap_or_else(|e| e.into_inner())
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn debug_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tavla"))
}

fn newest_source(dir: &Path, newest: &mut SystemTime) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            newest_source(&p, newest);
        } else if let Ok(m) = e.metadata().and_then(|m| m.modified())
            && m > *newest
        {
            *newest = m;
        }
    }
}

/// The release binary when it exists and is newer than every source file; else the debug one.
fn fast_bin() -> PathBuf {
    let release = root().join("target/release/tavla");
    let Ok(built) = std::fs::metadata(&release).and_then(|m| m.modified()) else {
        return debug_bin();
    };
    let mut newest = SystemTime::UNIX_EPOCH;
    newest_source(&root().join("src"), &mut newest);
    for f in ["Cargo.toml", "Cargo.lock"] {
        if let Ok(m) = std::fs::metadata(root().join(f)).and_then(|m| m.modified())
            && m > newest
        {
            newest = m;
        }
    }
    if built >= newest {
        release
    } else {
        eprintln!("[limits] target/release/tavla is older than src/: using the debug binary");
        debug_bin()
    }
}

/// A scratch directory under `target/tmp`, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("hostile-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("scratch dir");
        Scratch(p)
    }
    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.path(name);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).expect("mkdir");
        }
        std::fs::write(&p, bytes).expect("write");
        p
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What one run of the binary gave.
struct Run {
    code: i32,
    /// Standard output (its first 64 MiB).
    stdout: String,
    /// Bytes written to standard output.
    stdout_len: usize,
    stderr: String,
    secs: f64,
    peak_kb: Option<u64>,
}

impl Run {
    fn out(&self) -> &str {
        &self.stdout
    }
    fn expect(&self, codes: &[i32], what: &str) -> &Run {
        assert!(
            codes.contains(&self.code),
            "{what}: exit {} (expected one of {codes:?})\nstdout: {}\nstderr: {}",
            self.code,
            head(&self.stdout),
            head(&self.stderr)
        );
        self
    }
    fn report(&self, what: &str) -> &Run {
        match self.peak_kb {
            Some(kb) => eprintln!(
                "[limits] {what}: {:.2} s, peak {} MB, exit {}",
                self.secs,
                kb / 1024,
                self.code
            ),
            None => eprintln!("[limits] {what}: {:.2} s, exit {}", self.secs, self.code),
        }
        self
    }
}

fn head(s: &str) -> String {
    s.chars().take(3000).collect()
}

/// A started run: the child, its output readers and its memory report file.
struct Started {
    child: Child,
    started: Instant,
    readers: [JoinHandle<(Vec<u8>, usize)>; 2],
    mem: Option<PathBuf>,
}

/// Read a pipe to its end, keeping the first 64 MiB and counting every byte.
fn reader(mut r: impl Read + Send + 'static) -> JoinHandle<(Vec<u8>, usize)> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut total = 0usize;
        let mut buf = vec![0u8; 1 << 16];
        while let Ok(n) = r.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n;
            if kept.len() < 64 << 20 {
                kept.extend_from_slice(&buf[..n]);
            }
        }
        (kept, total)
    })
}

static MEM_FILE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Start `bin args…` in its own process group, through `/usr/bin/time` when present.
fn start(bin: &Path, args: &[&str], stdin: Option<Vec<u8>>, cwd: Option<&Path>) -> Started {
    let time = Path::new("/usr/bin/time");
    let mem = time.exists().then(|| {
        let n = MEM_FILE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("hostile-mem-{}-{n}", std::process::id()))
    });
    let mut c = match &mem {
        Some(m) => {
            let mut c = Command::new(time);
            c.arg("-f").arg("%M").arg("-o").arg(m).arg(bin);
            c
        }
        None => Command::new(bin),
    };
    c.args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .process_group(0);
    if let Some(d) = cwd {
        c.current_dir(d);
    }
    let mut child = c.spawn().expect("spawn tavla");
    if let Some(input) = stdin {
        let mut si = child.stdin.take().expect("stdin");
        std::thread::spawn(move || {
            let _ = si.write_all(&input);
        });
    }
    let out = reader(child.stdout.take().expect("stdout"));
    let err = reader(child.stderr.take().expect("stderr"));
    Started {
        child,
        started: Instant::now(),
        readers: [out, err],
        mem,
    }
}

/// Wait for a started run with a deadline; kill its process group and fail when exceeded, and
/// fail when it died of a signal.
fn finish(mut s: Started, deadline: Duration, what: &str) -> Run {
    let status = loop {
        match s.child.try_wait().expect("wait") {
            Some(st) => break st,
            None if s.started.elapsed() > deadline => {
                let _ = Command::new("kill")
                    .args(["-KILL", "--", &format!("-{}", s.child.id())])
                    .status();
                let _ = s.child.kill();
                let _ = s.child.wait();
                if let Some(m) = &s.mem {
                    let _ = std::fs::remove_file(m);
                }
                panic!("{what}: still running after {deadline:?}: killed (a hang)");
            }
            None => std::thread::sleep(Duration::from_millis(20)),
        }
    };
    let secs = s.started.elapsed().as_secs_f64();
    let [out, err] = s.readers;
    let (out, stdout_len) = out.join().unwrap_or_default();
    let stdout = String::from_utf8_lossy(&out).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default().0).into_owned();
    let mut peak_kb = None;
    if let Some(m) = &s.mem {
        let text = std::fs::read_to_string(m).unwrap_or_default();
        let _ = std::fs::remove_file(m);
        assert!(
            !text.contains("terminated by signal"),
            "{what}: tavla died of a signal ({}); stderr: {}",
            text.trim(),
            head(&stderr)
        );
        peak_kb = text
            .lines()
            .rev()
            .find_map(|l| l.trim().parse::<u64>().ok());
    }
    let code = match status.code() {
        Some(c) => c,
        None => panic!(
            "{what}: tavla died of signal {:?}; stderr: {}",
            status.signal(),
            head(&stderr)
        ),
    };
    assert!(
        !stderr.contains("panicked"),
        "{what}: tavla panicked: {}",
        head(&stderr)
    );
    Run {
        code,
        stdout,
        stdout_len,
        stderr,
        secs,
        peak_kb,
    }
}

fn run(bin: &Path, args: &[&str], stdin: Option<Vec<u8>>, what: &str) -> Run {
    finish(start(bin, args, stdin, None), DEADLINE, what)
}

/// `validate --format short` of one file with the debug binary.
fn short(path: &Path, what: &str) -> Run {
    run(
        &debug_bin(),
        &[
            "validate",
            "--format",
            "short",
            path.to_str().expect("utf-8 path"),
        ],
        None,
        what,
    )
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(root().join("fixtures/demo").join(name)).expect("fixture")
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

// ---------------------------------------------------------------------------------------
// Encoding and line ends
// ---------------------------------------------------------------------------------------

#[test]
fn invalid_utf8_is_reported_with_its_byte_offset() {
    let d = Scratch::new("utf8");
    // Bytes 53, 54 and 55 are not UTF-8 (the last is a truncated two-byte sequence).
    let mut bytes = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/5".to_vec();
    assert_eq!(bytes.len(), 53);
    bytes.extend_from_slice(b"\xff\xfe\xc3\n");
    let p = d.write("bad.mat", &bytes);
    let r = short(&p, "invalid utf-8");
    r.expect(&[1], "invalid utf-8");
    for (col, byte) in [(17, 53), (18, 54), (19, 55)] {
        let want = format!(
            "bad.mat:4:{col}: error[tavla::parse::invalid-utf8] invalid UTF-8 at byte {byte} of the file"
        );
        assert!(r.out().contains(&want), "missing `{want}` in\n{}", r.out());
    }
    // A whole file of bad bytes: findings are capped, the run is quick.
    let p = d.write("all-bad.mat", &vec![0x80u8; 1_000_000]);
    let r = short(&p, "1 MB of invalid utf-8");
    r.expect(&[1], "all bad")
        .report("1 MB of invalid UTF-8 (debug binary)");
    let n = r.out().matches("invalid-utf8").count();
    assert!((1..=100).contains(&n), "{n} invalid-utf8 findings");
    // Overlong encodings and surrogates are invalid too.
    let p = d.write(
        "overlong.mat",
        b"; [Event \"\xc0\xaf \xed\xa0\x80\"]\n 1 point match\n",
    );
    let r = short(&p, "overlong");
    r.expect(&[1], "overlong");
    assert!(
        r.out().contains("invalid UTF-8 at byte 10 of the file"),
        "{}",
        r.out()
    );
}

#[test]
fn nul_bytes_are_diagnosed_not_fatal() {
    let d = Scratch::new("nul");
    let valid = fixture("valid.mat");
    // A NUL inside a turn line: an error on that line.
    let text = String::from_utf8(valid.clone()).expect("utf-8");
    let with_nul = text.replacen("24/18 18/14", "24/18\u{0}18/14", 1);
    let p = d.write("turn.mat", with_nul.as_bytes());
    let r = short(&p, "nul in a turn");
    r.expect(&[1], "nul in a turn");
    assert!(r.out().contains("turn.mat:8:"), "{}", r.out());
    // NUL bytes in a comment are text: kept, not an error.
    let p = d.write("comment.mat", format!("; a\u{0}b\n{text}").as_bytes());
    short(&p, "nul in a comment").expect(&[0], "nul in a comment");
    // A file of NULs only (one line of 1 MB).
    let p = d.write("nuls.mat", &vec![0u8; 1 << 20]);
    short(&p, "only nul").expect(&[1], "only nul");
    // NULs between the lines of a record.
    let p = d.write("between.mat", text.replace('\n', "\n\u{0}").as_bytes());
    short(&p, "nul between lines").expect(&[1], "nul between lines");
}

#[test]
fn a_bom_is_skipped_and_positions_stay_right() {
    let d = Scratch::new("bom");
    let mut v = b"\xef\xbb\xbf".to_vec();
    v.extend(fixture("valid.mat"));
    let p = d.write("valid.mat", &v);
    short(&p, "bom valid").expect(&[0], "bom valid");
    let mut v = b"\xef\xbb\xbf".to_vec();
    v.extend(fixture("invalid.mat"));
    let p = d.write("invalid.mat", &v);
    let r = short(&p, "bom invalid");
    r.expect(&[1], "bom invalid");
    assert!(
        r.out()
            .contains("invalid.mat:10:19: error[tavla::rules::blocked]"),
        "{}",
        r.out()
    );
    // A BOM anywhere else is a character of its line; a BOM alone is an empty record.
    let text = String::from_utf8(fixture("valid.mat")).expect("utf-8");
    let p = d.write(
        "mid.mat",
        text.replacen("\n  3)", "\n\u{feff}  3)", 1).as_bytes(),
    );
    short(&p, "bom in the middle").expect(&[1], "bom in the middle");
    let p = d.write("only.mat", b"\xef\xbb\xbf");
    short(&p, "only a bom").expect(&[0], "only a bom");
    let p = d.write("two.mat", b"\xef\xbb\xbf\xef\xbb\xbf 1 point match\n");
    short(&p, "two boms").expect(&[1], "two boms");
}

#[test]
fn crlf_and_lone_cr_line_ends_give_the_same_verdicts() {
    let d = Scratch::new("eol");
    let valid = String::from_utf8(fixture("valid.mat")).expect("utf-8");
    let invalid = String::from_utf8(fixture("invalid.mat")).expect("utf-8");
    for (name, eol) in [("crlf", "\r\n"), ("cr", "\r"), ("crcrlf", "\r\r\n")] {
        let p = d.write(
            &format!("{name}-valid.mat"),
            valid.replace('\n', eol).as_bytes(),
        );
        // `\r\r\n` adds a blank line after each line: still valid, but every line number
        // doubles, so only the verdict is compared.
        short(&p, name).expect(&[0], name);
        let p = d.write(
            &format!("{name}-invalid.mat"),
            invalid.replace('\n', eol).as_bytes(),
        );
        let r = short(&p, name);
        r.expect(&[1], name);
        if name != "crcrlf" {
            assert!(
                r.out().contains(&format!(
                    "{name}-invalid.mat:10:19: error[tavla::rules::blocked]"
                )),
                "{name}: {}",
                r.out()
            );
        }
    }
    // Mixed line ends in one file.
    let mixed: String = valid
        .split('\n')
        .enumerate()
        .map(|(i, l)| format!("{l}{}", ["\n", "\r\n", "\r"][i % 3]))
        .collect();
    let p = d.write("mixed.mat", mixed.as_bytes());
    short(&p, "mixed eol").expect(&[0], "mixed eol");
    // A lone CR inside a turn line splits it: diagnosed, not fatal.
    let p = d.write(
        "split.mat",
        valid.replacen("24/18 18/13", "24/18\r18/13", 1).as_bytes(),
    );
    short(&p, "cr inside a line").expect(&[1], "cr inside a line");
}

/// Replace runs of spaces by tabs where a tab reaches the same column (`unexpand -a`).
fn unexpand(line: &str) -> String {
    let mut out = String::new();
    let mut col = 0;
    let mut pending = 0; // spaces not yet written
    for c in line.chars() {
        if c == ' ' {
            pending += 1;
            col += 1;
            if col % 8 == 0 {
                out.push(if pending > 1 { '\t' } else { ' ' });
                pending = 0;
            }
        } else {
            out.extend(std::iter::repeat_n(' ', pending));
            pending = 0;
            out.push(c);
            col += 1;
        }
    }
    out.extend(std::iter::repeat_n(' ', pending));
    out
}

#[test]
fn tabs_align_like_spaces() {
    let d = Scratch::new("tabs");
    let valid = String::from_utf8(fixture("valid.mat")).expect("utf-8");
    let tabbed: String = valid.lines().map(|l| unexpand(l) + "\n").collect();
    assert!(tabbed.contains('\t'));
    let p = d.write("tabs.mat", tabbed.as_bytes());
    short(&p, "tabs").expect(&[0], "tabs");
    // The same JSON as the spaced original (lone right-hand cells stay right-hand).
    let a = run(
        &debug_bin(),
        &[
            "convert",
            s(&root().join("fixtures/demo/valid.mat")),
            "--to",
            "json",
        ],
        None,
        "convert spaces",
    );
    let b = run(
        &debug_bin(),
        &["convert", s(&p), "--to", "json"],
        None,
        "convert tabs",
    );
    a.expect(&[0], "convert spaces");
    b.expect(&[0], "convert tabs");
    let mut ja: serde_json::Value = serde_json::from_str(&a.stdout).expect("json");
    let mut jb: serde_json::Value = serde_json::from_str(&b.stdout).expect("json");
    strip_lines(&mut ja);
    strip_lines(&mut jb);
    assert_eq!(ja, jb);
    // Tabs everywhere a space could stand, and a lone cell pushed right by tabs only.
    let p = d.write(
        "tab-only.mat",
        b";\t[Variation\t\"Gul Bara\"]\n\t1\tpoint\tmatch\n\tGame\t1\n\tA\t:\t0\tB\t:\t0\n\t1)\t\t\t\t64:\t24/18\t18/14\n",
    );
    let r = run(
        &debug_bin(),
        &["convert", s(&p), "--to", "json"],
        None,
        "tab only",
    );
    r.expect(&[0], "tab only");
    let j: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
    assert_eq!(
        j["games"][0]["actions"][0]["player"], "black",
        "{}",
        r.stdout
    );
}

// ---------------------------------------------------------------------------------------
// Size
// ---------------------------------------------------------------------------------------

#[test]
fn a_100_mb_line_is_reported_not_parsed() {
    let _g = heavy();
    let d = Scratch::new("longline");
    let bin = fast_bin();
    // One turn line of 100 MB of steps, and one line of 100 MB without any space.
    let mut v = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31:".to_vec();
    while v.len() < 100 << 20 {
        v.extend_from_slice(b" 8/5");
    }
    let p = d.write("steps.mat", &v);
    drop(v);
    let r = run(
        &bin,
        &["validate", "--format", "short", s(&p)],
        None,
        "100 MB line",
    );
    r.expect(&[1], "100 MB line").report("one 100 MB turn line");
    assert!(
        r.out().contains("tavla::parse::line-too-long"),
        "{}",
        head(r.out())
    );
    let p = d.write("word.mat", &vec![b'x'; 100 << 20]);
    let r = run(
        &bin,
        &["validate", "--format", "short", s(&p)],
        None,
        "100 MB word",
    );
    r.expect(&[1], "100 MB word")
        .report("one 100 MB line without spaces");
    assert!(
        r.out().contains("tavla::parse::line-too-long"),
        "{}",
        head(r.out())
    );
    // Just below the line limit (64 KiB) a line is still read: 16 000 steps, one finding.
    let mut v = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31:".to_vec();
    for _ in 0..16_000 {
        v.extend_from_slice(b" 8/5");
    }
    let p = d.write("steps-64k.mat", &v);
    let r = run(
        &bin,
        &["validate", "--format", "short", s(&p)],
        None,
        "64 KiB line",
    );
    r.expect(&[1], "64 KiB line")
        .report("one 64 KB turn line of 16 000 steps");
    assert!(
        r.out().contains("tavla::rules::too-many-steps"),
        "{}",
        head(r.out())
    );
    assert!(!r.out().contains("line-too-long"), "{}", head(r.out()));
    // 16 000 tokens that are not steps: each is reported; short format stays linear.
    let mut v = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31:".to_vec();
    for _ in 0..16_000 {
        v.extend_from_slice(b" xyz");
    }
    let p = d.write("words-64k.mat", &v);
    let r = run(
        &bin,
        &["validate", "--format", "short", s(&p)],
        None,
        "64 KiB bad tokens",
    );
    r.expect(&[1], "64 KiB of bad tokens")
        .report("one 64 KB line of 16 000 bad tokens, short format");
    // At most ten problems are listed per line; the tenth says how many more there are.
    assert_eq!(
        r.out().lines().filter(|l| l.contains(": error[")).count(),
        10,
        "{}",
        head(r.out())
    );
}

/// Human diagnostics quote the source line of each finding: 16 000 bad tokens on one 64 KiB
/// line (a 64 KiB file) must not turn into 16 000 copies of that line.
#[test]
fn many_findings_on_one_long_line_stay_small_in_human_format() {
    let _g = heavy();
    let d = Scratch::new("amplify");
    let mut v = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31:".to_vec();
    for _ in 0..16_000 {
        v.extend_from_slice(b" xyz");
    }
    let p = d.write("words-64k.mat", &v);
    let r = run(
        &fast_bin(),
        &["validate", "--format", "human", s(&p)],
        None,
        "64 KiB of bad tokens, human",
    );
    r.expect(&[1], "64 KiB of bad tokens")
        .report("one 64 KB line of 16 000 bad tokens, human format");
    assert!(
        r.stdout_len < 16 << 20,
        "{} bytes of diagnostics for a {} byte file",
        r.stdout_len,
        v.len()
    );
}

/// A file above the size limit (1 GiB) is not read: reported as unreadable at once. The file
/// is sparse, so it costs no disk space.
#[test]
fn a_file_above_the_size_limit_is_refused_unread() {
    let d = Scratch::new("huge");
    let p = d.path("huge.mat");
    let f = std::fs::File::create(&p).expect("create");
    f.set_len((1 << 30) + 1).expect("sparse file");
    drop(f);
    let r = run(
        &debug_bin(),
        &["validate", "--format", "short", s(&p)],
        None,
        "1 GiB + 1",
    );
    r.expect(&[2], "a file of 1 GiB + 1 byte")
        .report("a (sparse) file of 1 GiB + 1 byte");
    assert!(r.out().contains("tavla::io::unreadable"), "{}", r.out());
    assert!(r.secs < 10.0, "{} s: the file was read", r.secs);
}

/// ` Game N`, its score line, a roll, a double and a drop: a whole money game in 5 lines.
fn minimal_games(n: u64) -> Vec<u8> {
    let mut v = Vec::with_capacity(170 * n as usize);
    v.extend_from_slice(b" 0 point match\n");
    for g in 1..=n {
        write!(
            v,
            "\n Game {g}\n A : 0                          B : {}\n  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n                                  Wins 1 point\n",
            g - 1
        )
        .expect("write");
    }
    v
}

#[test]
fn a_million_games_in_one_file() {
    let _g = heavy();
    let d = Scratch::new("million");
    let bin = fast_bin();
    // The shape is valid: three games check cleanly.
    let p = d.write("three.mat", &minimal_games(3));
    run(&bin, &["validate", s(&p)], None, "three minimal games").expect(&[0], "three");
    let p = d.write("million.mat", &minimal_games(1_000_000));
    let size = std::fs::metadata(&p).map(|m| m.len()).unwrap_or(0);
    let r = run(
        &bin,
        &["validate", "--format", "short", s(&p)],
        None,
        "1M games",
    );
    r.expect(&[0], "a million valid games")
        .report(&format!("1 000 000 valid games ({} MB)", size >> 20));
    assert!(
        r.stderr
            .contains("1 files, 1000000 games, 1000000 turns checked, 0 errors"),
        "{}",
        r.stderr
    );
    std::fs::remove_file(&p).expect("rm");
    // A million games without a move: every one is reported, the output is capped.
    let mut v = b" 0 point match\n".to_vec();
    for g in 1..=1_000_000u64 {
        write!(v, " Game {g}\n A : 0  B : 0\n").expect("write");
    }
    let p = d.write("empty-games.mat", &v);
    drop(v);
    let r = run(
        &bin,
        &[
            "validate",
            "--format",
            "short",
            "--max-diagnostics",
            "5",
            s(&p),
        ],
        None,
        "1M empty games",
    );
    r.expect(&[1], "a million empty games")
        .report("1 000 000 games without a move (26 MB)");
    assert_eq!(r.out().lines().count(), 5, "{}", head(r.out()));
    assert!(r.stderr.contains("1000000 games"), "{}", r.stderr);
}

#[test]
fn two_hundred_thousand_header_lines() {
    let _g = heavy();
    let d = Scratch::new("headers");
    let bin = fast_bin();
    let mut v = String::from("; [Variation \"Gul Bara\"]\n");
    for i in 0..200_000 {
        v.push_str(&format!(
            "; [Rule \"remainder=pass\"]\n; [Event \"e{i}\"]\n; comment {i}\n# [Site \"s\"]\n"
        ));
    }
    v.push_str(&String::from_utf8(fixture("valid.mat")).expect("utf-8"));
    let p = d.write("tags.mat", v.as_bytes());
    run(
        &bin,
        &["validate", "--format", "short", s(&p)],
        None,
        "200k tags",
    )
    .expect(&[0], "200 000 repeated tag lines")
    .report("800 000 header lines (200 000 of each kind) before a valid record");
    let r = run(
        &bin,
        &["convert", s(&p), "--to", "json"],
        None,
        "200k tags to json",
    );
    r.expect(&[0], "convert 200k tags")
        .report("convert --to json of the same");
    let j: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
    assert_eq!(j["tags"].as_array().map(Vec::len), Some(600_003));
    assert_eq!(j["comments"].as_array().map(Vec::len), Some(200_000));
    // 200 000 bad rule options: each reported, output capped.
    let mut v = String::new();
    for i in 0..200_000 {
        v.push_str(&format!("; [Rule \"nonsense{i}=1\"]\n"));
    }
    let p = d.write("bad-tags.mat", v.as_bytes());
    let r = run(
        &bin,
        &[
            "validate",
            "--format",
            "short",
            "--max-diagnostics",
            "3",
            s(&p),
        ],
        None,
        "200k bad tags",
    );
    r.expect(&[1], "200 000 bad tags")
        .report("200 000 bad `Rule` tags");
    assert!(r.stderr.contains("200000 errors"), "{}", r.stderr);
}

// ---------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------

const HUGE: &str = "99999999999999999999999";
const U32_PLUS: &str = "4294967296";
const U64_PLUS: &str = "18446744073709551616";

#[test]
fn numbers_that_overflow_every_integer_type() {
    let d = Scratch::new("numbers");
    let bin = debug_bin(); // overflow checks on
    for big in [HUGE, U32_PLUS, U64_PLUS] {
        let bg = format!(
            " {big} point match\n\n Game {big}\n A : {big}                          B : {big}\n{big}) 31: 8/5 6/5                  Doubles => {big}\n  2)  Beavers => {big}            Raccoons => {big}\n                                  Wins {big} points and the match\n      Losses {big} points\n"
        );
        let gb = format!(
            "; [Variation \"Gul Bara\"]\n; [Rule \"chain_exempt_rolls={big}\"]\n 1 point match\n\n Game 1\n A : 0                          B : 0\n  1) 31: 24/21/20                {big}: 24/18\n  2) 31: 24/21(99999999999) {big}/20 24/{big} 8/5({big}) +{big}: 1/0 ({big}): 2/1\n  3) 111111111111111111111111111111111111111111111111: 24/23\n"
        );
        for (name, text) in [("backgammon", bg), ("gul-bara", gb)] {
            let p = d.write(&format!("{name}-{}.mat", big.len()), text.as_bytes());
            for format in ["human", "short", "json", "jsonl", "github", "sarif"] {
                run(&bin, &["validate", "--format", format, s(&p)], None, format)
                    .expect(&[1], &format!("{name} {big} {format}"));
            }
            for to in ["json", "mat"] {
                run(&bin, &["convert", s(&p), "--to", to], None, to)
                    .expect(&[1], &format!("{name} {big} convert {to}"));
            }
            let r = short(&p, name);
            let errors = r.out().lines().filter(|l| l.contains(": error[")).count();
            assert!(
                errors >= 5,
                "{name} {big}: only {errors} errors\n{}",
                r.out()
            );
        }
    }
    // The largest accepted number, 4294967295, everywhere: no arithmetic overflow.
    let max = "4294967295";
    let text = format!(
        " {max} point match\n\n Game {max}\n A : {max}                          B : {max}\n{max}) 31: 8/5 6/5                  Doubles => {max}\n  2)  Takes\n                                  Wins {max} points and the match\n\n Game 2\n A : {max}                          B : {max}\n  1) 31: 8/5 6/5                  Doubles => 2\n  2)  Drops\n                                  Wins {max} points and the match\n"
    );
    let p = d.write("max.mat", text.as_bytes());
    let r = short(&p, "u32::MAX everywhere");
    r.expect(&[1], "u32::MAX");
    assert!(!r.out().contains("number-too-large"), "{}", r.out());
    run(&bin, &["convert", s(&p), "--to", "json"], None, "max json").expect(&[1], "max json");
}

/// ` Game 99999999999` is `number-too-large`, and the line then is no game line at all: the
/// game's score line is "misplaced", its turns join the previous game (and go unchecked
/// there), and the next game is reported as misnumbered with a wrong score.
#[test]
fn an_overflowing_game_number_costs_one_line() {
    let d = Scratch::new("game-number");
    let text = std::fs::read_to_string(root().join("fixtures/backgammon/gnubg/m000-0201.mat"))
        .expect("fixture");
    assert!(text.contains(" Game 2\n") && text.contains(" Game 3\n"));
    let p = d.write(
        "g.mat",
        text.replacen(" Game 2\n", " Game 99999999999\n", 1)
            .as_bytes(),
    );
    let r = short(&p, "overflowing game number");
    r.expect(&[1], "overflowing game number");
    let findings: Vec<&str> = r
        .out()
        .lines()
        .filter(|l| l.contains(": error[") || l.contains(": warning["))
        .collect();
    assert_eq!(findings.len(), 1, "{}", r.out());
    assert!(findings[0].contains("number-too-large"), "{}", r.out());
}

// ---------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link).expect("symlink");
}

#[test]
fn a_directory_symlink_loop_terminates() {
    let d = Scratch::new("loop");
    let top = d.path("top");
    d.write("top/a/valid.mat", &fixture("valid.mat"));
    symlink(Path::new("."), &top.join("a/self"));
    symlink(Path::new(".."), &top.join("a/up"));
    symlink(&top, &top.join("a/abs"));
    symlink(&top.join("a"), &top.join("b"));
    let r = run(&debug_bin(), &["validate", s(&top)], None, "symlink loop");
    r.expect(&[0], "symlink loop");
    assert!(r.stderr.contains("1 files, 1 games"), "{}", r.stderr);
}

#[test]
fn a_file_missing_from_a_files_from_list() {
    let d = Scratch::new("filesfrom");
    let mut list = String::new();
    for i in 0..10 {
        let p = d.write(&format!("f{i}.mat"), &fixture("valid.mat"));
        list.push_str(&format!("{}\n", s(&p)));
    }
    list.push_str(&format!("{}\n", s(&d.path("gone.mat"))));
    let l = d.write("list.txt", list.as_bytes());
    let r = run(
        &debug_bin(),
        &["validate", "--format", "short", "--files-from", s(&l)],
        None,
        "missing listed file",
    );
    r.expect(&[2], "missing listed file");
    assert!(
        r.out()
            .contains("gone.mat:1:1: error[tavla::io::unreadable]"),
        "{}",
        r.out()
    );
    assert!(r.stderr.contains("11 files, 10 games"), "{}", r.stderr);
    // A list that does not exist is a usage error.
    let r = run(
        &debug_bin(),
        &["validate", "--files-from", s(&d.path("no-list.txt"))],
        None,
        "missing list",
    );
    r.expect(&[2], "missing list");
}

#[test]
fn a_file_deleted_while_a_batch_runs() {
    let _g = heavy();
    let d = Scratch::new("vanish");
    let valid = fixture("valid.mat");
    let mut list = String::new();
    let n = 3000;
    for i in 0..n {
        let p = d.write(&format!("f{i:05}.mat"), &valid);
        list.push_str(&format!("{}\n", s(&p)));
    }
    let l = d.write("list.txt", list.as_bytes());
    let bin = fast_bin();
    let started = start(
        &bin,
        &["validate", "--format", "short", "--files-from", s(&l)],
        None,
        None,
    );
    // Files are read in sorted order, in chunks of 256: the last one is still ahead.
    std::fs::remove_file(d.path(&format!("f{:05}.mat", n - 1))).expect("rm");
    let r = finish(started, DEADLINE, "vanishing file");
    r.expect(&[2], "a file deleted during the batch")
        .report("3 000 files, one deleted during the run");
    assert!(
        r.out().contains(&format!(
            "f{:05}.mat:1:1: error[tavla::io::unreadable]",
            n - 1
        )),
        "{}",
        head(r.out())
    );
    assert!(
        r.stderr.contains(&format!("{n} files, {} games", n - 1)),
        "{}",
        r.stderr
    );
}

fn mkfifo(p: &Path) -> bool {
    Command::new("mkfifo")
        .arg(p)
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

#[test]
fn a_fifo_without_a_writer_is_not_waited_for() {
    let d = Scratch::new("fifo");
    let fifo = d.path("pipe.mat");
    if !mkfifo(&fifo) {
        eprintln!("mkfifo unavailable: skipped");
        return;
    }
    let short_deadline = Duration::from_secs(20);
    // Named explicitly: reported as unreadable (not a regular file), exit 2.
    let r = finish(
        start(
            &debug_bin(),
            &["validate", "--format", "short", s(&fifo)],
            None,
            None,
        ),
        short_deadline,
        "fifo named",
    );
    r.expect(&[2], "fifo named");
    assert!(r.out().contains("tavla::io::unreadable"), "{}", r.out());
    // Met while walking a directory: the walk ends, the valid file is checked.
    d.write("valid.mat", &fixture("valid.mat"));
    let r = finish(
        start(
            &debug_bin(),
            &["validate", "--format", "short", s(&d.0)],
            None,
            None,
        ),
        short_deadline,
        "fifo in a directory",
    );
    r.expect(&[0, 2], "fifo in a directory");
    assert!(r.stderr.contains("1 games"), "{}", r.stderr);
    // Converting it.
    finish(
        start(
            &debug_bin(),
            &["convert", s(&fifo), "--to", "json"],
            None,
            None,
        ),
        short_deadline,
        "fifo convert",
    )
    .expect(&[2], "fifo convert");
}

#[test]
fn unreadable_paths_exit_2_and_the_others_are_still_checked() {
    let d = Scratch::new("unreadable");
    let valid = d.write("valid.mat", &fixture("valid.mat"));
    // A dangling symlink, named and met in a directory.
    let dangling = d.path("dir/dangling.mat");
    std::fs::create_dir_all(d.path("dir")).expect("mkdir");
    symlink(&d.path("nowhere.mat"), &dangling);
    let r = run(
        &debug_bin(),
        &["validate", "--format", "short", s(&dangling), s(&valid)],
        None,
        "dangling named",
    );
    r.expect(&[2], "dangling named");
    assert!(
        r.out()
            .contains("dangling.mat:1:1: error[tavla::io::unreadable]"),
        "{}",
        r.out()
    );
    assert!(r.stderr.contains("2 files, 1 games"), "{}", r.stderr);
    let r = run(
        &debug_bin(),
        &["validate", "--format", "short", s(&d.path("dir"))],
        None,
        "dangling in a dir",
    );
    r.expect(&[2], "dangling in a directory");
    // A file without read permission (only meaningful when not running as root).
    let locked = d.write("locked.mat", &fixture("valid.mat"));
    let _ = Command::new("chmod").arg("000").arg(&locked).status();
    if std::fs::read(&locked).is_err() {
        run(&debug_bin(), &["validate", s(&locked)], None, "locked").expect(&[2], "locked");
    } else {
        eprintln!("running as root: the permission case is skipped");
    }
    let _ = Command::new("chmod").arg("644").arg(&locked).status();
    // A missing path.
    run(
        &debug_bin(),
        &["validate", s(&d.path("missing.mat"))],
        None,
        "missing",
    )
    .expect(&[2], "missing");
}

#[test]
fn a_directory_named_explicitly_is_walked() {
    let d = Scratch::new("dir");
    d.write("top/a.mat", &fixture("valid.mat"));
    d.write("top/sub/deeper/b.MAT", &fixture("valid.mat"));
    d.write("top/sub/c.txt", &fixture("valid.mat"));
    d.write("top/sub/readme.md", b"not a record");
    d.write("top/sub/noext", b"not a record");
    let r = run(&debug_bin(), &["validate", s(&d.path("top"))], None, "dir");
    r.expect(&[0], "directory");
    assert!(r.stderr.contains("3 files, 3 games"), "{}", r.stderr);
    // Named through --files-from, a directory and its subdirectory: each file once.
    let l = d.write(
        "list.txt",
        format!("{}\n{}\n", s(&d.path("top")), s(&d.path("top/sub"))).as_bytes(),
    );
    let r = run(
        &debug_bin(),
        &["validate", "--files-from", s(&l)],
        None,
        "dir via list",
    );
    r.expect(&[0], "directory via --files-from");
    assert!(r.stderr.contains("3 files, 3 games"), "{}", r.stderr);
    // An empty directory: nothing to check is an error unless --allow-empty.
    std::fs::create_dir_all(d.path("empty")).expect("mkdir");
    let r = run(
        &debug_bin(),
        &["validate", s(&d.path("empty"))],
        None,
        "empty dir",
    );
    r.expect(&[2], "empty directory");
    assert!(r.stderr.contains("0 files"), "{}", r.stderr);
    assert!(r.stderr.contains("tavla::io::no-records"), "{}", r.stderr);
    let r = run(
        &debug_bin(),
        &["validate", "--allow-empty", s(&d.path("empty"))],
        None,
        "empty dir allowed",
    );
    r.expect(&[0], "empty directory with --allow-empty");
    // `convert --to json` wants exactly one record.
    run(
        &debug_bin(),
        &["convert", s(&d.path("top")), "--to", "json"],
        None,
        "convert dir",
    )
    .expect(&[2], "convert a directory of 3");
}

/// Naming a file and also a directory that holds it checks the file twice since inputs are
/// produced lazily (`Inputs` in `src/main.rs` dedups named paths and walked directories, not
/// files): the summary says 2 files, and every finding is printed twice.
#[test]
fn a_file_named_twice_is_checked_once() {
    let d = Scratch::new("twice");
    let f = d.write("top/a.mat", &fixture("invalid.mat"));
    let r = run(
        &debug_bin(),
        &["validate", "--format", "short", s(&d.path("top")), s(&f)],
        None,
        "named twice",
    );
    r.expect(&[1], "named twice");
    assert!(r.stderr.contains("1 files, 1 games"), "{}", r.stderr);
    assert_eq!(r.out().lines().count(), 1, "{}", r.out());
}

#[test]
fn empty_and_blank_files() {
    let d = Scratch::new("empty");
    for (name, bytes) in [
        ("empty.mat", &b""[..]),
        ("newlines.mat", b"\n\n\n"),
        ("spaces.mat", b"   \t  \r\n \n"),
        ("bom.mat", b"\xef\xbb\xbf"),
    ] {
        let p = d.write(name, bytes);
        let r = short(&p, name);
        r.expect(&[0], name);
        assert!(
            r.stderr.contains("1 files, 0 games"),
            "{name}: {}",
            r.stderr
        );
        assert!(
            r.out().contains("warning[tavla::record::no-games]"),
            "{name}: {}",
            r.out()
        );
        let r = run(
            &debug_bin(),
            &["convert", s(&p), "--to", "json"],
            None,
            name,
        );
        r.expect(&[0], name);
        let j: serde_json::Value = serde_json::from_str(&r.stdout).expect("json");
        assert_eq!(j["games"], serde_json::json!([]), "{name}");
    }
    run(
        &debug_bin(),
        &["validate", "-"],
        Some(Vec::new()),
        "empty stdin",
    )
    .expect(&[0], "empty stdin");
}

// ---------------------------------------------------------------------------------------
// Files that are not records
// ---------------------------------------------------------------------------------------

/// A stored (uncompressed) zip archive of one member, written by hand: the bytes of a real zip.
fn zip_of(name: &str, data: &[u8]) -> Vec<u8> {
    let crc = {
        let mut c = 0xffff_ffffu32;
        for &b in data {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    (c >> 1) ^ 0xedb8_8320
                } else {
                    c >> 1
                };
            }
        }
        !c
    };
    let (n, l) = (name.len() as u16, data.len() as u32);
    let mut v = Vec::new();
    v.extend_from_slice(b"PK\x03\x04\x14\0\0\0\0\0\0\0\0\0");
    v.extend_from_slice(&crc.to_le_bytes());
    v.extend_from_slice(&l.to_le_bytes());
    v.extend_from_slice(&l.to_le_bytes());
    v.extend_from_slice(&n.to_le_bytes());
    v.extend_from_slice(&0u16.to_le_bytes());
    v.extend_from_slice(name.as_bytes());
    v.extend_from_slice(data);
    v
}

/// Every human and short output of a file that is not a record is one `tavla::io::not-text`
/// error (exit 1), and no byte of it is a control character but the newline: a program, an
/// image, archives, UTF-16 text, random bytes, each named `.mat` (and the program by its own
/// name, found by walking a directory too).
#[test]
fn a_file_that_is_not_text_is_one_error_and_nothing_garbles_the_terminal() {
    let d = Scratch::new("not-text");
    let mut files: Vec<(String, Vec<u8>)> = vec![
        (
            "image.mat".into(),
            std::fs::read(root().join("docs/report.png")).expect("png"),
        ),
        (
            "archive.mat".into(),
            zip_of("game.mat", &fixture("valid.mat")),
        ),
        (
            "gzip.mat".into(),
            b"\x1f\x8b\x08\0\0\0\0\0\0\x03\x03\0\0\0\0\0\0\0\0\0".to_vec(),
        ),
        (
            "utf16.mat".into(),
            std::iter::once([0xffu8, 0xfe])
                .chain(" 1 point match\n".bytes().map(|b| [b, 0]))
                .flatten()
                .collect(),
        ),
        ("noise.mat".into(), {
            let mut x: u32 = 2_463_534_242;
            (0..20_000)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 17;
                    x ^= x << 5;
                    x as u8
                })
                .collect()
        }),
    ];
    // The test binary itself: an executable program.
    let exe = std::env::current_exe().expect("test binary");
    files.push(("program.mat".into(), std::fs::read(&exe).expect("exe")));
    for (name, bytes) in &files {
        let p = d.write(name, bytes);
        for format in ["human", "short"] {
            let r = run(
                &debug_bin(),
                &["validate", "--format", format, "--color", "always", s(&p)],
                None,
                name,
            );
            r.expect(&[1], name);
            let out = &r.stdout;
            assert_eq!(
                out.matches("tavla::io::not-text").count(),
                1,
                "{name} ({format}): {out}"
            );
            assert!(!out.contains("tavla::parse"), "{name} ({format}): {out}");
            // No control character but the newline and the colour sequences `ESC [ … m`.
            let plain = strip_colour(out);
            assert!(
                !plain.chars().any(|c| c.is_control() && c != '\n'),
                "{name} ({format}): {plain:?}"
            );
            assert!(out.len() < 2_000, "{name} ({format}): {} bytes", out.len());
        }
    }
    // A text record with control characters in it: every one printed escaped.
    let text = String::from_utf8(fixture("invalid.mat")).expect("utf-8");
    let p = d.write(
        "controls.mat",
        text.replacen("24/18(2)", "24/18(2)\u{1b}]0;title\u{7}\u{8}", 1)
            .as_bytes(),
    );
    for color in ["always", "never"] {
        let r = run(
            &debug_bin(),
            &["validate", "--color", color, s(&p)],
            None,
            "controls",
        );
        r.expect(&[1], "controls");
        let plain = strip_colour(&r.stdout);
        assert!(
            !plain.chars().any(|c| c.is_control() && c != '\n'),
            "{plain:?}"
        );
        assert!(plain.contains("\\u{1b}]0;title\\u{7}\\u{8}"), "{plain}");
    }
}

/// `s` without its `ESC [ digits ; m` colour sequences.
fn strip_colour(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find('\u{1b}') {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 1..];
        let n = tail.strip_prefix('[').map(|t| {
            t.bytes()
                .take_while(|b| b.is_ascii_digit() || *b == b';')
                .count()
        });
        match n {
            Some(n) if tail.as_bytes().get(1 + n) == Some(&b'm') => rest = &tail[n + 2..],
            _ => {
                out.push('\u{1b}');
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

/// An empty or short file named `.xg` or `.xgp` is a damaged eXtreme Gammon file: one located
/// `tavla::xg::` error, exit 1 (no program writes an empty `.xg`).
#[test]
fn an_empty_or_short_xg_file_is_a_damaged_xg() {
    let d = Scratch::new("short-xg");
    for (name, bytes) in [
        ("e.xg", &b""[..]),
        ("r.xg", b"RGM"),
        ("h.xgp", b"RGMH\x01\0\0\0"),
        ("t.xg", b"hello"),
    ] {
        let p = d.write(name, bytes);
        let r = short(&p, name);
        r.expect(&[1], name);
        assert_eq!(r.out().lines().count(), 1, "{name}: {}", r.out());
        assert!(r.out().contains("error[tavla::xg::"), "{name}: {}", r.out());
    }
    // A `.mat` export saved as `.xg` is still read as the record it is.
    let p = d.write("export.xg", &fixture("valid.mat"));
    short(&p, "mat named xg").expect(&[0], "mat named xg");
}

/// A closed standard error loses the messages, never the run: the exit status is the
/// verdict's, with no panic.
#[test]
fn a_closed_standard_error_is_no_panic() {
    for (args, want) in [
        (vec!["validate", "fixtures/demo/invalid.mat"], 1),
        (vec!["validate", "fixtures/demo/valid.mat"], 0),
        (vec!["validate", "no-such-file.mat"], 2),
        (
            vec!["fix", "--diff", "fixtures/backgammon/invalid/blocked.mat"],
            0,
        ),
        (vec!["explain", "no-such-code"], 2),
    ] {
        let o = Command::new(debug_bin())
            .args(&args)
            .current_dir(root())
            .stdout(Stdio::null())
            .stderr(Stdio::from(
                std::fs::File::open("/dev/null").expect("/dev/null"),
            ))
            .output()
            .expect("run");
        // Standard error opened read-only: every write to it fails, as on a closed descriptor.
        assert_eq!(o.status.code(), Some(want), "{args:?}");
        assert!(o.status.signal().is_none(), "{args:?}");
    }
}
