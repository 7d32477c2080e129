//! Snapshots of what users see: for one finding of every code, the output of `tavla validate`
//! in the human, short, JSON and SARIF formats (`tests/snapshots/CODE.snap`, the code's `::`
//! written `--`).
//!
//! The inputs:
//! - every `.mat` and `.sgf` file of `fixtures/snapshots/`, named after the code it shows
//!   (`rules--no-die.mat`);
//! - every `.check` file there: the arguments of a `tavla check` run, one a line, for the codes
//!   that only a single play checked on its own shows (the board-letter form) or that no
//!   record at hand reaches; its human and JSON output are snapshotted;
//! - binary files (`.xg`, `.ogxm`, `.ogxms`) made here from the real files of `fixtures/xg`
//!   and `fixtures/ogxm` with one defect each, and a few inputs that are no record at all (a
//!   PNG image, a 70,000-character line, a missing file, an empty directory), written to a
//!   temporary directory.
//!
//! Each run has the input's directory as its working directory and names the input by a
//! relative path, with `--color never` (the human renderer's width is fixed at 100 columns),
//! so the outputs do not depend on the machine. The SARIF document's base directory is the
//! working directory, an absolute path: it is shown as `[dir]`; its rule list, every code of
//! tavla, is cut to the rules the results name.
//!
//! `every_code_is_covered_or_excluded` checks that every code of `Code::ALL` is shown by one
//! input, or is in `EXCLUDED` with the reason. A changed output fails the test; `cargo insta
//! review` (or `INSTA_UPDATE=always cargo test --test cli snapshots::`) accepts the new one
//! (docs/testing.md). Under `CI=true` nothing is written and a changed snapshot fails.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::ogxm;
use crate::common::xg::{RECORD, members, move_records, repack};
use crate::common::{read, scratch, tavla};
use serde_json::Value;
use tavla::codes::Code;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/snapshots");

/// Codes no input of this test shows, and why.
const EXCLUDED: &[Code] = &[
    // The parser's catch-all: every syntax error it knows has a specific `tavla::parse::*`
    // code, so no input is expected to produce this one (its explanation says so).
    Code::Syntax,
];

// ---------------------------------------------------------------------------------------
// Running the binary

fn run(dir: &Path, args: &[&str]) -> Output {
    tavla()
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env_remove("TAVLA_KEYS")
        .output()
        .expect("run tavla")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The SARIF document with the working directory as `[dir]`, the tool's version as
/// `[version]` and the rule list cut to the rules the results name.
fn sarif(stdout: &[u8]) -> String {
    let mut doc: Value = serde_json::from_slice(stdout).expect("SARIF is JSON");
    for run in doc["runs"].as_array_mut().expect("runs") {
        if let Some(base) = run.pointer_mut("/originalUriBaseIds/%SRCROOT%/uri") {
            *base = "[dir]".into();
        }
        let named: Vec<String> = run["results"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r["ruleId"].as_str().map(str::to_owned))
            .collect();
        let driver = &mut run["tool"]["driver"];
        driver["version"] = "[version]".into();
        if let Some(rules) = driver["rules"].as_array_mut() {
            assert_eq!(rules.len(), Code::ALL.len(), "SARIF lists every rule");
            rules.retain(|r| {
                r["id"]
                    .as_str()
                    .is_some_and(|id| named.iter().any(|n| n == id))
            });
        }
    }
    serde_json::to_string_pretty(&doc).unwrap()
}

/// The four outputs of `tavla validate` on `input` (relative to `dir`), as one text.
fn validate_outputs(dir: &Path, input: &str, extra: &[&str]) -> String {
    let mut args = vec!["validate", "--color", "never", "--threads", "1"];
    args.extend_from_slice(extra);
    let mut out = String::new();
    let mut status = None;
    for format in ["human", "short", "json", "sarif"] {
        let mut a = args.clone();
        a.extend_from_slice(&["--format", format, input]);
        let o = run(dir, &a);
        let code = o.status.code();
        assert!(matches!(code, Some(0..=2)), "{input}: {format}: {o:?}");
        assert!(
            status.is_none_or(|s| s == code),
            "{input}: {format} exits {code:?}, human {status:?}"
        );
        if status.is_none() {
            out += &format!(
                "$ tavla {} --format human {input}\nexit: {}\n",
                args.join(" "),
                code.unwrap()
            );
        }
        status = Some(code);
        let stdout = if format == "sarif" {
            sarif(&o.stdout)
        } else {
            text(&o.stdout)
        };
        out += &format!("\n----- {format} -----\n{}", stdout.trim_end());
        if format == "human" {
            out += &format!(
                "\n----- human: stderr -----\n{}",
                text(&o.stderr).trim_end()
            );
        }
        out += "\n";
    }
    out
}

/// The human and JSON outputs of `tavla check` with the arguments of a `.check` file.
fn check_outputs(dir: &Path, args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert_eq!(args.first(), Some(&"check"), "{args:?}");
    let mut out = String::new();
    for format in ["human", "json"] {
        let mut a = vec!["check", "--format", format];
        a.extend_from_slice(&args[1..]);
        let o = run(dir, &a);
        if format == "human" {
            out += &format!(
                "$ tavla {}\nexit: {}\n",
                a.iter()
                    .map(|s| if s.contains(' ') {
                        format!("'{s}'")
                    } else {
                        s.to_string()
                    })
                    .collect::<Vec<_>>()
                    .join(" "),
                o.status.code().unwrap_or(-1)
            );
        }
        out += &format!("\n----- {format} -----\n{}", text(&o.stdout).trim_end());
        if !o.stderr.is_empty() {
            out += &format!(
                "\n----- {format}: stderr -----\n{}",
                text(&o.stderr).trim_end()
            );
        }
        out += "\n";
    }
    out
}

// ---------------------------------------------------------------------------------------
// Binary inputs, made from the real files of fixtures/xg and fixtures/ogxm

fn fixture(path: &str) -> Vec<u8> {
    read(Path::new("fixtures").join(path))
}

/// `test.xg` with its `temp.xg` changed by `change`, repacked.
fn xg_with_temp(change: impl Fn(&mut Vec<u8>)) -> Vec<u8> {
    let original = fixture("xg/test.xg");
    let mut m = members(&original);
    change(&mut m[0].1);
    repack(&original, &m, |_, n| n as i32)
}

/// `drop.ogxm` with an `MSIG` section signed by the tests' key, carrying its public key.
fn ogxm_signed() -> Vec<u8> {
    ogxm::signed(&fixture("ogxm/drop.ogxm"), &ogxm::key())
}

fn ogxm_changed(change: impl Fn(&mut Vec<u8>)) -> Vec<u8> {
    let mut b = fixture("ogxm/drop.ogxm");
    change(&mut b);
    b
}

/// An input made here: its file name (after its code) and its bytes, and the extra
/// arguments of its run.
struct Made {
    name: &'static str,
    bytes: Vec<u8>,
    extra: Vec<String>,
}

fn made(name: &'static str, bytes: Vec<u8>) -> Made {
    Made {
        name,
        bytes,
        extra: Vec::new(),
    }
}

fn made_inputs() -> Vec<Made> {
    let ply = |b: &[u8]| {
        b.windows(3)
            .position(|w| w == [0x02, 0x71, 0x33])
            .expect("the first ply of drop.ogxm")
    };
    let key_hex = ogxm::hex(&ogxm::key());
    let with_keys = |mut m: Made| {
        m.extra = vec!["--keys".into(), "keys.txt".into()];
        m
    };
    vec![
        // A PNG image named as a record.
        made(
            "io--not-text.mat",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0".to_vec(),
        ),
        // A turn line of 70,000 characters.
        made(
            "parse--line-too-long.mat",
            format!(
                " 1 point match\n\n Game 1\n White : 0                      Black : 0\n  1) 31: {}\n",
                "8/5 6/5 ".repeat(8750)
            )
            .into_bytes(),
        ),
        // XG: the first byte changed.
        made("xg--bad-magic.xg", {
            let mut b = fixture("xg/test.xg");
            b[0] = b'X';
            b
        }),
        // XG: version 2, header size 4,096.
        made("xg--bad-header.xg", {
            let mut b = fixture("xg/test.xg");
            b[4..8].copy_from_slice(&2u32.to_le_bytes());
            b[8..12].copy_from_slice(&4096u32.to_le_bytes());
            b
        }),
        // XG: cut inside its header.
        made("xg--truncated.xg", fixture("xg/test.xg")[..4000].to_vec()),
        // XG: one byte of the compressed data changed.
        made("xg--bad-crc.xg", {
            let mut b = fixture("xg/test.xg");
            let at = b.len() - 1000;
            b[at] ^= 0x40;
            b
        }),
        // XG: a trailer counting 200 members.
        made("xg--bad-registry.xg", {
            let mut b = fixture("xg/test.xg");
            let n = b.len();
            b[n - 32..n - 28].copy_from_slice(&200i32.to_le_bytes());
            b
        }),
        // XG: a registry record claiming a 2 GiB `temp.xg`.
        made("xg--too-large.xg", {
            let original = fixture("xg/test.xg");
            let m = members(&original);
            repack(&original, &m, |name, n| {
                if name == "temp.xg" { i32::MAX } else { n as i32 }
            })
        }),
        // XG: a `temp.xg` holding one record more than its registry record says.
        made("xg--bad-member.xg", {
            let original = fixture("xg/test.xg");
            let m = members(&original);
            repack(&original, &m, |name, n| {
                if name == "temp.xg" { (n - RECORD) as i32 } else { n as i32 }
            })
        }),
        // XG: a move record with the dice 7 and 1.
        made(
            "xg--bad-record.xg",
            xg_with_temp(|t| {
                let at = move_records(t)[5].0;
                t[at + 100..at + 104].copy_from_slice(&7i32.to_le_bytes());
            }),
        ),
        // XG: a legal move record marked invalid by XG.
        made(
            "xg--marked-invalid.xg",
            xg_with_temp(|t| {
                let at = move_records(t)[2].0;
                t[at + 2480..at + 2484].copy_from_slice(&2i32.to_le_bytes());
            }),
        ),
        // OGXM: the magic changed.
        made("ogxm--bad-header.ogxm", ogxm_changed(|b| b[0] = b'X')),
        // OGXM: the last 10 bytes cut.
        made("ogxm--truncated.ogxm", {
            let b = fixture("ogxm/drop.ogxm");
            b[..b.len() - 10].to_vec()
        }),
        // OGXM: a byte changed under the checksum.
        made("ogxm--bad-checksum.ogxm", ogxm_changed(|b| b[30] ^= 0x40)),
        // OGXM: a critical section `ZZZZ`.
        made("ogxm--unknown-critical-section.ogxm", {
            let mut b = ogxm::body(&fixture("ogxm/drop.ogxm"));
            b.extend_from_slice(b"ZZZZ\x01\0\0\0\x01\x00");
            ogxm::with_crc(&b)
        }),
        // OGXM: a section whose length runs past the file.
        made("ogxm--bad-record.ogxm", {
            let mut b = ogxm::body(&fixture("ogxm/drop.ogxm"));
            b.extend_from_slice(b"ZZZZ\xff\xff\xff\x7f\x00");
            ogxm::with_crc(&b)
        }),
        // OGXM: a version-3 file.
        made("ogxm--unsupported.ogxm", ogxm_changed(|b| b[4] = 3)),
        // OGXM: a signed match, one ply changed after signing (checksum recomputed), checked
        // against the signer's key.
        with_keys(made("ogxm--bad-signature.ogxm", {
            let mut b = ogxm::body(&ogxm_signed());
            let at = ply(&b);
            b[at + 1] = 0x72;
            ogxm::with_crc(&b)
        })),
        // OGXM: a signed match, checked without the publisher's key.
        made("ogxm--unknown-key.ogxm", ogxm_signed()),
        // An OGXM stream of three matches, the second without its `CSUM` section.
        made("ogxm--bad-member.ogxms", {
            let a = fixture("ogxm/drop.ogxm");
            let mut bare = ogxm::body(&a);
            let size = (bare.len() + 4) as u32;
            bare[12..16].copy_from_slice(&size.to_le_bytes());
            bare.extend_from_slice(b"END!");
            [a, bare, fixture("ogxm/sha256.ogxm")].concat()
        }),
        // The publishers' keys that `ogxm--bad-signature` is checked against.
        made(
            "keys.txt",
            format!("# the test key\n{key_hex}\n").into_bytes(),
        ),
    ]
}

// ---------------------------------------------------------------------------------------
// The cases

/// One snapshot: its name (the code, `::` written `--`) and its text.
struct Case {
    name: String,
    output: String,
}

fn stem(path: &Path) -> String {
    let name = path.file_name().unwrap().to_str().unwrap();
    name.split('.').next().unwrap().to_owned()
}

fn cases() -> Vec<Case> {
    let dir = Path::new(DIR);
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("fixtures/snapshots")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for p in &files {
        let name = p.file_name().unwrap().to_str().unwrap();
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        match ext {
            "mat" | "sgf" => cases.push(Case {
                name: stem(p),
                output: validate_outputs(dir, name, &[]),
            }),
            "check" => {
                let args: Vec<String> = std::fs::read_to_string(p)
                    .unwrap()
                    .lines()
                    .map(str::to_owned)
                    .collect();
                cases.push(Case {
                    name: stem(p),
                    output: check_outputs(dir, &args),
                });
            }
            // Positions the `.check` files name.
            "json" => {}
            _ => panic!("{name}: not an input of the snapshots"),
        }
    }
    // Inputs made here, in a directory of their own.
    let tmp = scratch("snapshots");
    let made = made_inputs();
    for m in &made {
        std::fs::write(tmp.join(m.name), &m.bytes).unwrap();
    }
    for m in made.iter().filter(|m| m.name != "keys.txt") {
        let extra: Vec<&str> = m.extra.iter().map(String::as_str).collect();
        cases.push(Case {
            name: stem(Path::new(m.name)),
            output: validate_outputs(&tmp, m.name, &extra),
        });
    }
    // A path that does not exist, and a directory without a record.
    cases.push(Case {
        name: "io--unreadable".into(),
        output: validate_outputs(&tmp, "io--unreadable.mat", &[]),
    });
    std::fs::create_dir_all(tmp.join("io--no-records")).unwrap();
    cases.push(Case {
        name: "io--no-records".into(),
        output: validate_outputs(&tmp, "io--no-records", &[]),
    });
    std::fs::remove_dir_all(&tmp).ok();
    cases
}

/// The code a snapshot is named after: `rules--no-die` is `tavla::rules::no-die`.
fn code_of(name: &str) -> Code {
    Code::lookup(&name.replacen("--", "::", 1))
        .unwrap_or_else(|| panic!("{name}: not named after a code"))
}

#[test]
fn every_code_is_covered_or_excluded() {
    let cases = cases();
    let mut failures = Vec::new();
    let mut covered = Vec::new();
    let mut settings = insta::Settings::clone_current();
    settings.set_prepend_module_to_snapshot(false);
    // The snapshots are kept in `tests/snapshots/`, named after their code alone.
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots"));
    settings.set_omit_expression(true);
    settings.bind(|| {
        for case in &cases {
            let code = code_of(&case.name);
            // The input shows its code, by its stable string.
            assert!(
                case.output.contains(&format!("[{code}]"))
                    || case.output.contains(&format!("\"{code}\"")),
                "{}: the output does not show {code}:\n{}",
                case.name,
                case.output
            );
            covered.push(code);
            // Every snapshot is compared, and those that differ are all reported at the end.
            let r = std::panic::catch_unwind(|| {
                insta::assert_snapshot!(case.name.as_str(), case.output.as_str());
            });
            if r.is_err() {
                failures.push(case.name.clone());
            }
        }
    });
    // One input a code, and every code shown or excluded with its reason.
    let mut sorted = covered.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), covered.len(), "a code has two inputs");
    for &c in Code::ALL {
        let shown = covered.contains(&c);
        let excluded = EXCLUDED.contains(&c);
        assert!(
            shown != excluded,
            "{c}: {}",
            if shown {
                "has an input but is excluded"
            } else {
                "neither has an input nor is excluded"
            }
        );
    }
    assert_eq!(covered.len() + EXCLUDED.len(), Code::ALL.len());
    assert!(failures.is_empty(), "snapshots that differ: {failures:?}");
}
