//! End-to-end tests of the `tavla` binary: exit codes, output channels, hostile input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn tavla(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tavla"));
    c.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("spawn tavla");
    if let Some(input) = stdin {
        let mut si = child.stdin.take().unwrap();
        let input = input.to_vec();
        std::thread::spawn(move || {
            let _ = si.write_all(&input);
        });
    } else {
        drop(child.stdin.take());
    }
    child.wait_with_output().expect("wait")
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exit code, not a signal")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_valid_record_exits_0_and_an_invalid_one_exits_1() {
    let o = tavla(&["validate", "fixtures/demo/valid.mat"], None);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let o = tavla(
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
    let o = tavla(
        &["validate", "fixtures/demo/invalid.mat", "no/such/file.mat"],
        None,
    );
    assert_eq!(code(&o), 2);
    let out = stdout(&tavla(
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
    assert_eq!(code(&tavla(&["validate"], None)), 2);
    assert_eq!(code(&tavla(&["frobnicate"], None)), 2);
    assert_eq!(
        code(&tavla(
            &["validate", "--rules", "klingon", "fixtures/demo/valid.mat"],
            None
        )),
        2
    );
    assert_eq!(
        code(&tavla(
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
        code(&tavla(
            &["validate", "--variant", "chess", "fixtures/demo/valid.mat"],
            None
        )),
        2
    );
    assert_eq!(code(&tavla(&["explain", "tavla::no::such"], None)), 2);
    assert_eq!(code(&tavla(&["--help"], None)), 0);
}

#[test]
fn stdin_is_read_with_a_dash_and_short_format_gives_path_line_col() {
    let text = std::fs::read("fixtures/demo/invalid.mat").unwrap();
    let o = tavla(&["validate", "--format", "short", "-"], Some(&text));
    assert_eq!(code(&o), 1);
    assert_eq!(
        stdout(&o).lines().next().unwrap(),
        "<stdin>:10:19: error[tavla::rules::blocked] point 12 is held by the opponent (13 checkers on their point 24)"
    );
}

#[test]
fn json_format_is_one_valid_json_document() {
    let o = tavla(
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
    let o = tavla(
        &["convert", "fixtures/demo/valid.mat", "--to", "json"],
        None,
    );
    assert_eq!(code(&o), 0);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["format"], "tavla-match");
    assert_eq!(v["variant"], "gul-bara");
    let o = tavla(&["convert", "fixtures/demo/valid.mat", "--to", "mat"], None);
    assert_eq!(code(&o), 0);
    let o2 = tavla(&["validate", "-"], Some(&o.stdout));
    assert_eq!(code(&o2), 0, "{}", stdout(&o2));
}

fn hostile(bytes: &[u8]) -> Output {
    let o = tavla(&["validate", "--format", "short", "-"], Some(bytes));
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
            "tavla::parse::unexpected-token",
        ),
        (
            "nul bytes",
            b"\0\0\0 1 point\0 match\n".to_vec(),
            "tavla::parse::unknown-line",
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
            "tavla::rules::too-many-steps",
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
