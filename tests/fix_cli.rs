//! `tavla fix`: confirmed repairs applied byte-exactly (CRLF line ends and a BOM kept), `--diff`
//! writing nothing, records without a confirmed repair left alone, and the exit codes on what
//! remains.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tavla(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tavla"))
        .args(args)
        .output()
        .unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tavla-fix-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn fixture(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The fixture with CRLF line ends and a BOM: the original bytes.
fn original() -> String {
    let t = fixture("fixtures/backgammon/gnubg/m002-0045.mat");
    format!("\u{FEFF}{}", t.replace('\n', "\r\n"))
}

#[test]
fn a_play_and_a_missing_colon_are_repaired_byte_for_byte_and_diff_writes_nothing() {
    let good = original();
    // One illegal play (15/10 for 16) and one roll without its colon (in another game line).
    let bad = good
        .replacen(" 16) 53: 13/10 15/10 ", " 16) 53: 13/10 15/11 ", 1)
        .replacen(" 18) 21: 10/9 22/20 ", " 18) 21 10/9 22/20 ", 1);
    assert_ne!(bad, good);
    let d = scratch("bytes");
    let p = d.join("r.mat");
    std::fs::write(&p, &bad).unwrap();
    let ps = p.to_str().unwrap();

    let out = tavla(&["fix", "--diff", ps]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(diff.contains("- 16) 53: 13/10 15/11 "), "{diff}");
    assert!(diff.contains("+ 16) 53: 13/10 15/10 "), "{diff}");
    assert!(diff.contains("+ 18) 21: 10/9 22/20 "), "{diff}");
    assert_eq!(std::fs::read_to_string(&p).unwrap(), bad, "--diff wrote");

    let out = tavla(&["fix", ps]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(std::fs::read(&p).unwrap(), good.as_bytes());
    // Nothing is left beside it, and the record validates clean.
    assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
    assert_eq!(tavla(&["validate", ps]).status.code(), Some(0));
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_record_without_a_confirmed_repair_is_left_alone_and_fails() {
    let good = original();
    // A play that no legal play near it explains: two checkers moved from an empty point.
    let bad = good.replacen(" 16) 53: 13/10 15/10 ", " 16) 53: 2/1 2/1   ", 1);
    let d = scratch("alone");
    let p = d.join("r.mat");
    std::fs::write(&p, &bad).unwrap();
    let out = tavla(&["fix", p.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    if stderr.contains("->") {
        // Repaired after all: then it must be the original.
        assert_eq!(std::fs::read_to_string(&p).unwrap(), good);
    } else {
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), bad);
        assert!(stderr.contains("none with a confirmed repair"), "{stderr}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_run_that_finds_no_record_exits_2_unless_allowed() {
    let d = scratch("empty");
    let ds = d.to_str().unwrap();
    assert_eq!(tavla(&["fix", ds]).status.code(), Some(2));
    assert_eq!(tavla(&["fix", "--allow-empty", ds]).status.code(), Some(0));
    std::fs::remove_dir_all(&d).unwrap();
}
