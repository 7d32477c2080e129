//! End-to-end tests of the `tavla` binary: exit codes, output channels, hostile input.

use std::process::{Output, Stdio};

use crate::common::{code, run_with_input, scratch, stdout, tavla};

#[test]
fn a_valid_record_exits_0_and_an_invalid_one_exits_1() {
    let o = run_with_input(&["validate", "fixtures/demo/valid.mat"], None);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let o = run_with_input(
        &[
            "validate",
            "fixtures/demo/valid.mat",
            "fixtures/demo/invalid.mat",
        ],
        None,
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.contains("tavla::rules::blocked"), "{out}");
    assert!(out.contains("invalid.mat:10:19"), "{out}");
    // Not a terminal: no colour, no unicode box drawing.
    assert!(!out.contains('\u{1b}'), "{out}");
    assert!(!out.contains('╭'), "{out}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("2 files, 2 games"), "{err}");
}

#[test]
fn an_unreadable_path_exits_2_even_beside_an_invalid_record() {
    let o = run_with_input(
        &["validate", "fixtures/demo/invalid.mat", "no/such/file.mat"],
        None,
    );
    assert_eq!(code(&o), 2);
    let out = stdout(&run_with_input(
        &["validate", "--format", "short", "no/such/file.mat"],
        None,
    ));
    assert!(
        out.starts_with("no/such/file.mat:1:1: error[tavla::io::unreadable]"),
        "{out}"
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(code(&run_with_input(&["validate"], None)), 2);
    assert_eq!(code(&run_with_input(&["frobnicate"], None)), 2);
    assert_eq!(
        code(&run_with_input(
            &["validate", "--rules", "klingon", "fixtures/demo/valid.mat"],
            None
        )),
        2
    );
    assert_eq!(
        code(&run_with_input(
            &[
                "validate",
                "--rule",
                "remainder=maybe",
                "fixtures/demo/valid.mat"
            ],
            None
        )),
        2
    );
    assert_eq!(
        code(&run_with_input(
            &["validate", "--variant", "chess", "fixtures/demo/valid.mat"],
            None
        )),
        2
    );
    assert_eq!(
        code(&run_with_input(&["explain", "tavla::no::such"], None)),
        2
    );
    assert_eq!(code(&run_with_input(&["--help"], None)), 0);
}

#[test]
fn stdin_is_read_with_a_dash_and_short_format_gives_path_line_col() {
    let text = std::fs::read("fixtures/demo/invalid.mat").unwrap();
    let o = run_with_input(&["validate", "--format", "short", "-"], Some(&text));
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o).lines().next().unwrap(),
        "<stdin>:10:19: error[tavla::rules::blocked] point 12 is held by the opponent (13 checkers on their point 24)"
    );
}

#[test]
fn json_format_is_one_valid_json_document() {
    let o = run_with_input(
        &["validate", "--format", "json", "fixtures/demo/invalid.mat"],
        None,
    );
    assert_eq!(code(&o), 1);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["diagnostics"][0]["code"], "tavla::rules::blocked");
    assert_eq!(v["diagnostics"][0]["line"], 10);
    assert_eq!(v["diagnostics"][0]["column"], 19);
}

#[test]
fn convert_to_json_and_back_to_mat() {
    let o = run_with_input(
        &["convert", "fixtures/demo/valid.mat", "--to", "json"],
        None,
    );
    assert_eq!(code(&o), 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["format"], "tavla-match");
    assert_eq!(v["variant"], "gul-bara");
    let o = run_with_input(&["convert", "fixtures/demo/valid.mat", "--to", "mat"], None);
    assert_eq!(code(&o), 0);
    let o2 = run_with_input(&["validate", "-"], Some(&o.stdout));
    assert_eq!(code(&o2), 0, "{}", stdout(&o2));
}

fn hostile(bytes: &[u8]) -> Output {
    let o = run_with_input(&["validate", "--format", "short", "-"], Some(bytes));
    let c = code(&o);
    assert!(
        c == 0 || c == 1,
        "exit {c} for hostile input; stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

#[test]
fn hostile_inputs_get_diagnostics_never_a_panic() {
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "invalid utf-8",
            b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 6/5\xff\xfe\n".to_vec(),
            "tavla::parse::invalid-utf8",
        ),
        (
            "huge game number",
            b" 1 point match\n Game 99999999999999999999\n".to_vec(),
            "tavla::parse::number-too-large",
        ),
        (
            "dice 77",
            b"; [Variation \"Gul Bara\"]\n 1 point match\n Game 1\n A : 0  B : 0\n  1) 77: 24/17\n"
                .to_vec(),
            "tavla::parse::bad-dice",
        ),
        (
            "long line",
            {
                let mut v = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31: ".to_vec();
                v.extend(std::iter::repeat_n(b'x', 100_000));
                v.push(b'\n');
                v
            },
            "tavla::parse::line-too-long",
        ),
        (
            "a line of 2000 steps",
            {
                let mut v = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31:".to_vec();
                for _ in 0..2_000 {
                    v.extend_from_slice(b" 8/5");
                }
                v
            },
            "tavla::rules::too-many-steps",
        ),
        (
            "nul bytes",
            b"\0\0\0 1 point\0 match\n".to_vec(),
            "tavla::io::not-text",
        ),
        (
            "long line of steps",
            {
                let mut v = b" 1 point match\n Game 1\n A : 0  B : 0\n  1) 31:".to_vec();
                for _ in 0..20_000 {
                    v.extend_from_slice(b" 8/5");
                }
                v
            },
            "tavla::parse::line-too-long",
        ),
    ];
    for (name, bytes, want) in cases {
        let o = hostile(&bytes);
        let out = stdout(&o);
        assert!(out.contains(want), "{name}: expected {want} in {out}");
    }
}

#[test]
fn random_bytes_and_truncated_records_never_crash_the_binary() {
    // A deterministic xorshift generator: no dependency, same inputs every run.
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for _ in 0..20 {
        let n = (next() % 3000) as usize;
        inputs.push((0..n).map(|_| next() as u8).collect());
    }
    // Random mixtures of record-like tokens.
    let toks: &[&[u8]] = &[
        b" ",
        b"\n",
        b"\r",
        b"1)",
        b"64:",
        b"+44:",
        b"(33):",
        b"24/18",
        b"bar/22*",
        b"6/off",
        b"Game 1",
        b" : 0 ",
        b"Wins",
        b"Doubles => 2",
        b"Takes",
        b"(2)",
        b"/",
        b"*",
        b"; [Variation \"Gul Bara\"]",
    ];
    for _ in 0..20 {
        let n = (next() % 400) as usize;
        let mut v = Vec::new();
        for _ in 0..n {
            v.extend_from_slice(toks[(next() % toks.len() as u64) as usize]);
        }
        inputs.push(v);
    }
    let text = std::fs::read("fixtures/demo/valid.mat").unwrap();
    for cut in (0..text.len()).step_by(97) {
        inputs.push(text[..cut].to_vec());
    }
    for input in inputs {
        hostile(&input);
    }
}

fn tmpdir(name: &str) -> std::path::PathBuf {
    scratch(&format!("cli-{name}"))
}

#[test]
fn every_output_format_reports_the_same_finding() {
    let f = "fixtures/demo/invalid.mat";
    let short = stdout(&run_with_input(&["validate", "--format", "short", f], None));
    assert!(
        short.contains("invalid.mat:10:19: error[tavla::rules::blocked]"),
        "{short}"
    );
    let jsonl = stdout(&run_with_input(&["validate", "--format", "jsonl", f], None));
    let first: serde_json::Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!(
        (first["line"].as_u64(), first["column"].as_u64()),
        (Some(10), Some(19))
    );
    let gh = stdout(&run_with_input(
        &["validate", "--format", "github", f],
        None,
    ));
    assert!(
        gh.starts_with("::error file=fixtures/demo/invalid.mat,line=10,col=19,"),
        "{gh}"
    );
    assert!(gh.contains("title=tavla%3A%3Arules%3A%3Ablocked::"), "{gh}");
    let sarif: serde_json::Value =
        serde_json::from_slice(&run_with_input(&["validate", "--format", "sarif", f], None).stdout)
            .unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    assert_eq!(
        sarif["runs"][0]["results"][0]["ruleId"],
        "tavla::rules::blocked"
    );
    let human = stdout(&run_with_input(&["validate", "--format", "human", f], None));
    assert!(
        human.contains("point 12 is held by the opponent") && !human.contains('\u{1b}'),
        "{human}"
    );
    let forced = stdout(&run_with_input(&["validate", "--color", "always", f], None));
    assert!(forced.contains('\u{1b}'), "--color always colours");
}

#[test]
fn github_output_escapes_file_names_and_player_names() {
    let d = tmpdir("gh");
    let name = d.join("we:ird,100%\nname.mat");
    let record = "; [Variation \"Gul Bara\"]\n\n 1 point match\n\n Game 1\n Ali, 100% : 0                  Bob : 0\n  1) 31: 24/21 21/20            42: 24/20 24/22\n  2) 31: 13/10 10/9             42: 24/20 24/22\n";
    std::fs::write(&name, record).unwrap();
    let o = run_with_input(
        &["validate", "--format", "github", name.to_str().unwrap()],
        None,
    );
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    let line = out.lines().next().unwrap();
    assert!(
        line.contains("we%3Aird%2C100%25%0Aname.mat,line=8,col="),
        "{line}"
    );
    assert!(
        line.contains("::Ali, 100%25 (White, left column) has no checker on point 13"),
        "{line}"
    );
    assert_eq!(
        out.lines().count(),
        1,
        "one command per finding, newlines escaped: {out}"
    );
}

#[test]
fn directories_are_walked_with_the_extension_filter_and_explicit_files_always_read() {
    let d = tmpdir("walk");
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::copy("fixtures/demo/valid.mat", d.join("sub/a.mat")).unwrap();
    std::fs::copy("fixtures/demo/invalid.mat", d.join("b.rec")).unwrap();
    std::fs::copy("fixtures/demo/valid.mat", d.join("c.txt")).unwrap();
    let dir = d.to_str().unwrap();
    let o = run_with_input(&["validate", dir], None);
    assert_eq!(code(&o), 0, "b.rec is skipped by the default filter");
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("2 files"));
    let o = run_with_input(&["validate", "--ext", "rec", dir], None);
    assert_eq!(code(&o), 1);
    let b = d.join("b.rec");
    assert_eq!(
        code(&run_with_input(&["validate", b.to_str().unwrap()], None)),
        1,
        "named explicitly"
    );
    // --files-from and --stdin-filename
    let list = d.join("list.txt");
    std::fs::write(
        &list,
        format!("{}\n\n{}\n", d.join("sub/a.mat").display(), b.display()),
    )
    .unwrap();
    assert_eq!(
        code(&run_with_input(
            &["validate", "--files-from", list.to_str().unwrap()],
            None
        )),
        1
    );
    let text = std::fs::read("fixtures/demo/invalid.mat").unwrap();
    let o = run_with_input(
        &[
            "validate",
            "--format",
            "short",
            "--stdin-filename",
            "games/x.mat",
            "-",
        ],
        Some(&text),
    );
    assert!(stdout(&o).starts_with("games/x.mat:10:19:"));
}

#[test]
fn a_run_that_finds_no_record_exits_2_unless_allow_empty() {
    let d = tmpdir("norecords");
    std::fs::create_dir_all(d.join("empty")).unwrap();
    std::fs::copy("fixtures/demo/valid.mat", d.join("a.mat")).unwrap();
    let empty = d.join("empty");
    let empty = empty.to_str().unwrap();
    let dir = d.to_str().unwrap();
    let list = d.join("list.txt");
    std::fs::write(&list, "\n").unwrap();
    let list = list.to_str().unwrap();
    for (args, what) in [
        (vec!["validate", empty], "an empty directory"),
        (
            vec!["validate", "--ext", "rec", dir],
            "an --ext matching nothing",
        ),
        (
            vec!["validate", "--files-from", list],
            "an empty --files-from list",
        ),
        (
            vec!["validate", "--format", "sarif", "--ext", "rec", dir],
            "a machine format",
        ),
    ] {
        let o = run_with_input(&args, None);
        assert_eq!(code(&o), 2, "{what}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("error[tavla::io::no-records]"),
            "{what}: {err}"
        );
        let mut allowed = args.clone();
        allowed.insert(1, "--allow-empty");
        let o = run_with_input(&allowed, None);
        assert_eq!(code(&o), 0, "{what} with --allow-empty");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!err.contains("no-records"), "{what}: {err}");
    }
    // Quiet runs still say why they failed.
    let o = run_with_input(&["validate", "-q", empty], None);
    assert_eq!(code(&o), 2);
    assert!(String::from_utf8_lossy(&o.stderr).contains("tavla::io::no-records"));
    // A run that found a record is unaffected.
    assert_eq!(code(&run_with_input(&["validate", dir], None)), 0);
    // `convert` on nothing is the same error.
    for to in ["json", "jsonl", "mat"] {
        let o = run_with_input(&["convert", "--to", to, empty], None);
        assert_eq!(code(&o), 2, "convert --to {to}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("error[tavla::io::no-records]"), "{to}: {err}");
    }
}

#[test]
fn output_is_identical_across_thread_counts_and_sorted_by_path() {
    let one = run_with_input(
        &[
            "validate",
            "--format",
            "short",
            "-j",
            "1",
            "fixtures/gulbara/invalid",
        ],
        None,
    );
    let many = run_with_input(
        &[
            "validate",
            "--format",
            "short",
            "-j",
            "4",
            "fixtures/gulbara/invalid",
        ],
        None,
    );
    assert_eq!(one.stdout, many.stdout);
    let out = stdout(&one);
    let paths: Vec<&str> = out.lines().map(|l| l.split(':').next().unwrap()).collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted);
}

#[test]
fn max_diagnostics_limits_what_is_shown_not_what_is_counted_and_deny_warnings_fails() {
    let o = run_with_input(
        &[
            "validate",
            "--format",
            "short",
            "--max-diagnostics",
            "2",
            "fixtures/gulbara/invalid",
        ],
        None,
    );
    assert_eq!(stdout(&o).lines().count(), 2);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("(2 shown)"), "{err}");
    let warn = "fixtures/gulbara/invalid/game-unfinished.mat";
    if std::path::Path::new(warn).exists() {
        assert_eq!(code(&run_with_input(&["validate", warn], None)), 0);
        assert_eq!(
            code(&run_with_input(
                &["validate", "--deny-warnings", warn],
                None
            )),
            1
        );
    }
    let d = tmpdir("out");
    let out = d.join("r.sarif");
    let o = run_with_input(
        &[
            "validate",
            "--format",
            "sarif",
            "-q",
            "-o",
            out.to_str().unwrap(),
            "fixtures/demo/invalid.mat",
        ],
        None,
    );
    assert_eq!(code(&o), 1);
    assert!(
        o.stdout.is_empty() && o.stderr.is_empty(),
        "-o and -q: nothing on the terminal"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(out).unwrap()).unwrap();
    assert_eq!(v["runs"][0]["results"].as_array().unwrap().len(), 1);
}

#[test]
fn convert_writes_jsonl_for_many_records_and_mat_that_round_trips() {
    let o = run_with_input(
        &["convert", "--to", "jsonl", "fixtures/gulbara/examples"],
        None,
    );
    assert_eq!(code(&o), 0);
    let docs: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 3);
    assert!(docs.iter().all(|d| d["format"] == "tavla-match"));
    assert_eq!(
        code(&run_with_input(
            &["convert", "--to", "json", "fixtures/gulbara/examples"],
            None
        )),
        2
    );
}

#[test]
fn schema_completions_man_and_explain_print_something_useful() {
    let s: serde_json::Value =
        serde_json::from_slice(&run_with_input(&["schema"], None).stdout).unwrap();
    assert!(s["$id"].as_str().unwrap().contains("tavla-match"));
    assert!(stdout(&run_with_input(&["completions", "bash"], None)).contains("tavla"));
    assert!(stdout(&run_with_input(&["man"], None)).contains(".TH"));
    let e = stdout(&run_with_input(
        &["explain", "tavla::rules::blocked-path"],
        None,
    ));
    assert!(e.contains("Example"), "{e}");
    assert!(stdout(&run_with_input(&["explain"], None)).lines().count() > 60);
}

#[test]
fn explain_lists_every_code_and_explains_each() {
    let list = stdout(&run_with_input(&["explain"], None));
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), tavla::codes::Code::ALL.len(), "{list}");
    for (line, code) in lines.iter().zip(tavla::codes::Code::ALL) {
        assert_eq!(line, &format!("{:<42} {}", code.as_str(), code.summary()));
    }
    for c in [tavla::codes::Code::Blocked, tavla::codes::Code::InvalidUtf8] {
        let short = c.as_str().strip_prefix("tavla::").unwrap();
        let o = run_with_input(&["explain", short], None);
        assert_eq!(code(&o), 0);
        assert_eq!(
            stdout(&o),
            format!("{c}\n\n{}\n\n{}\n", c.summary(), c.explanation())
        );
    }
}

/// `tavla ARGS` with standard output a pipe whose reader goes away after `read` bytes (at once
/// when `read` is 0: the reader is closed before the process starts, so its first write
/// fails): the exit status and standard error.
fn into_closed_pipe(args: &[&str], read: usize) -> (Option<i32>, String) {
    use std::io::Read;
    let (reader, writer) = std::io::pipe().unwrap();
    let mut reader = (read > 0).then_some(reader);
    let mut c = tavla();
    c.args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped());
    let child = c.spawn().expect("spawn tavla");
    drop(c);
    if let Some(r) = reader.as_mut() {
        r.read_exact(&mut vec![0; read]).unwrap();
    }
    drop(reader);
    let o = child.wait_with_output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A reader that stops reading (`tavla … | head`) ends the process quietly, with the status
/// of an output error: no panic, no backtrace, no message, whichever command was writing.
#[test]
fn a_closed_standard_output_ends_every_command_quietly() {
    let d = tmpdir("pipe");
    let good = std::fs::read_to_string("fixtures/backgammon/gnubg/m002-0045.mat").unwrap();
    let bad = good.replacen(" 16) 53: 13/10 15/10 ", " 16) 53: 13/10 15/11 ", 1);
    assert_ne!(bad, good);
    let fixable = d.join("r.mat");
    std::fs::write(&fixable, &bad).unwrap();
    let plays = d.join("plays.txt");
    std::fs::write(&plays, "24/18 13/9\n6/2 6/4\n".repeat(2000)).unwrap();
    let invalid = "fixtures/demo/invalid.mat";
    let mut runs: Vec<Vec<&str>> = Vec::new();
    for f in ["human", "short", "json", "jsonl", "github", "sarif", "html"] {
        runs.push(vec!["validate", "--format", f, invalid]);
    }
    for t in ["json", "jsonl", "mat", "html", "svg"] {
        runs.push(vec!["convert", "--to", t, invalid]);
    }
    for f in ["human", "json", "jsonl"] {
        runs.push(vec![
            "check",
            "--position",
            "start",
            "--roll",
            "64",
            "--format",
            f,
            "24/18 13/9",
        ]);
        runs.push(vec![
            "legal",
            "--position",
            "start",
            "--roll",
            "64",
            "--format",
            f,
        ]);
    }
    runs.push(vec!["show", invalid]);
    runs.push(vec!["explain"]);
    runs.push(vec!["explain", "tavla::rules::blocked"]);
    runs.push(vec!["schema"]);
    runs.push(vec!["completions", "bash"]);
    runs.push(vec!["man"]);
    runs.push(vec!["fix", "--diff", fixable.to_str().unwrap()]);
    let mut cases: Vec<(Vec<&str>, usize)> = runs.into_iter().map(|r| (r, 0)).collect();
    // Outputs larger than a pipe holds, read a little as `head -c` does.
    cases.push((vec!["convert", "--to", "jsonl", "fixtures/fevga"], 100));
    cases.push((vec!["validate", "--format", "jsonl", "fixtures"], 100));
    cases.push((
        vec![
            "check",
            "--position",
            "start",
            "--roll",
            "64",
            "--format",
            "jsonl",
            "--plays",
        ],
        100,
    ));
    let plays_path = plays.to_str().unwrap();
    for (mut args, read) in cases {
        if args.last() == Some(&"--plays") {
            args.push(plays_path);
        }
        let (status, stderr) = into_closed_pipe(&args, read);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
        assert_eq!(status, Some(2), "{args:?}: {stderr}");
    }
    // `fix --diff` wrote nothing into the record.
    assert_eq!(std::fs::read_to_string(&fixable).unwrap(), bad);
    std::fs::remove_dir_all(&d).unwrap();
}

/// Output that cannot be written for another reason than a closed pipe (a full disk) is an
/// I/O error, exit status 2, whatever the format; never a panic.
#[test]
fn a_full_standard_output_exits_2() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // No such device on this system.
    };
    let runs: [&[&str]; 6] = [
        &["validate", "--format", "json", "fixtures/demo/invalid.mat"],
        &["validate", "--format", "sarif", "fixtures/demo/invalid.mat"],
        &["validate", "--format", "human", "fixtures/demo/invalid.mat"],
        &["schema"],
        &["completions", "bash"],
        &["explain"],
    ];
    for args in runs {
        let o = tavla()
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(full.try_clone().unwrap())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {stderr}");
    }
}
