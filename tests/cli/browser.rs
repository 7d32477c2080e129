//! The HTML report in a real browser: headless Chromium driven by `tests/browser/report.mjs`
//! (playwright-core from `tests/browser/package-lock.json`; `.ci/run` installs both).
//!
//! - the report of the demo records opens without console errors, and stepping through every
//!   game (arrow keys, then the buttons) shows at every step exactly the checkers of the
//!   positions `convert --to json` writes; a finding's board and the page are screenshotted
//!   into `target/browser-tests/` (test artifacts, not committed; `TAVLA_UPDATE_DOCS=1` copies
//!   the page to `docs/report.png` for the README and docs/boards.md);
//! - a record whose names, comments and tags hold `<script>`, event handlers and quotes runs
//!   nothing and shows them as text;
//! - the report of a 1,000-game archive stays under [`ARCHIVE_LIMIT`] and opens;
//! - a viewer flips to Black's side (the F key) and back (the button): the same checkers,
//!   each drawn at its point of Black's numbering.
//!
//! Without Chromium, Node.js or `tests/browser/node_modules`, each test says so on standard
//! error and passes without checking anything: the rest of the suite still runs.

use crate::common::{self, root};
use std::path::{Path, PathBuf};
use std::process::Command;

use tavla::generate::{Settings, random_match};
use tavla::rules::{RuleSet, Variant};

/// The size docs/boards.md promises for the report of 1,000 games.
const ARCHIVE_LIMIT: u64 = 8 * 1024 * 1024;

/// Chromium and the driver, or why the browser tests are skipped.
fn browser() -> Result<(), String> {
    let chromium = std::env::var("TAVLA_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Err(format!(
            "{chromium} not found (install Debian's `chromium`, or set TAVLA_CHROMIUM)"
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Err("node not found".into());
    }
    if !root()
        .join("tests/browser/node_modules/playwright-core")
        .exists()
    {
        return Err("tests/browser/node_modules is missing (`npm ci` in tests/browser)".into());
    }
    Ok(())
}

/// Say that a browser test is skipped, past the test harness's capture (it captures
/// `eprintln!`, not writes to the stream itself), so that a run without a browser shows it.
fn skipped(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "browser test skipped: {why}");
}

macro_rules! need_browser {
    () => {
        if let Err(why) = browser() {
            skipped(&why);
            return;
        }
    };
}

fn out_dir() -> PathBuf {
    let d = root().join("target/browser-tests");
    std::fs::create_dir_all(&d).expect("create target/browser-tests");
    d
}

fn tavla(args: &[&str]) -> std::process::Output {
    common::tavla()
        .args(args)
        .current_dir(root())
        .output()
        .expect("run tavla")
}

fn drive(args: &[&str]) {
    let out = Command::new("node")
        .arg(root().join("tests/browser/report.mjs"))
        .args(args)
        .current_dir(root().join("tests/browser"))
        .output()
        .expect("run node");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    eprintln!("{stdout}{stderr}");
    if stderr.contains("Failed to launch") || stderr.contains("browserType.launch") {
        skipped("Chromium could not be launched");
        return;
    }
    assert!(
        out.status.success(),
        "browser checks failed:\n{stdout}{stderr}"
    );
}

#[test]
fn the_demo_report_shows_every_position_of_every_game() {
    need_browser!();
    let dir = out_dir();
    let report = dir.join("demo.html");
    let records = ["fixtures/demo/invalid.mat", "fixtures/demo/valid.mat"];
    let out = tavla(&[
        "validate",
        records[0],
        records[1],
        "--format",
        "html",
        "-o",
        report.to_str().expect("path"),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let mut args = vec![
        "check".to_string(),
        report.display().to_string(),
        dir.display().to_string(),
    ];
    for (k, r) in records.iter().enumerate() {
        let json = dir.join(format!("demo-{k}.json"));
        let out = tavla(&["convert", r, "-o", json.to_str().expect("path")]);
        assert!(out.status.code().is_some_and(|c| c <= 1));
        args.push(json.display().to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    drive(&args);
    assert!(dir.join("finding-board.png").exists());
    if std::env::var_os("TAVLA_UPDATE_DOCS").is_some() {
        std::fs::copy(dir.join("report.png"), root().join("docs/report.png")).expect("copy");
    }
}

#[test]
fn backgammon_reports_show_every_position_with_the_bar_and_the_cube() {
    need_browser!();
    let dir = out_dir();
    let report = dir.join("backgammon.html");
    let record = "fixtures/backgammon/gnubg/m000-0202.mat";
    let out = tavla(&[
        "convert",
        "--to",
        "html",
        record,
        "-o",
        report.to_str().expect("path"),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let json = dir.join("backgammon.json");
    assert_eq!(
        tavla(&["convert", record, "-o", json.to_str().expect("path")])
            .status
            .code(),
        Some(0)
    );
    let sub = dir.join("backgammon");
    std::fs::create_dir_all(&sub).expect("dir");
    drive(&[
        "check",
        report.to_str().expect("path"),
        sub.to_str().expect("path"),
        json.to_str().expect("path"),
    ]);
}

#[test]
fn the_viewer_flips_to_blacks_side_and_back() {
    need_browser!();
    let dir = out_dir();
    for (name, record) in [
        ("flip-backgammon", "fixtures/backgammon/gnubg/m000-0202.mat"),
        ("flip-gulbara", "fixtures/demo/valid.mat"),
    ] {
        let report = dir.join(format!("{name}.html"));
        let out = tavla(&[
            "convert",
            "--to",
            "html",
            record,
            "-o",
            report.to_str().expect("path"),
        ]);
        assert!(out.status.code().is_some_and(|c| c <= 1), "{record}");
        drive(&["flip", report.to_str().expect("path")]);
    }
}

const HOSTILE: &str = "; [Event \"<script>window.__tavla_pwned=true</script>\"]\n; </script><img src=x onerror=\"window.__tavla_pwned=true\"> \"quoted\" & 'single' <!--\n\n 1 point match\n\n Game 1\n <script>window.__tavla_pwned=true</script> : 0    Bob\"'><svg onload=alert(2)> : 0\n  1) 31: 8/5 6/5                 21: 24/23 8/6\n  2) 65: 24/18 18/13             <b>bold</b>\n";

#[test]
fn a_record_with_script_in_its_names_and_comments_runs_nothing() {
    need_browser!();
    let dir = out_dir();
    let record = dir.join("hostile.mat");
    std::fs::write(&record, HOSTILE).expect("write");
    let report = dir.join("hostile.html");
    let out = tavla(&[
        "validate",
        record.to_str().expect("path"),
        "--variant",
        "backgammon",
        "--format",
        "html",
        "-o",
        report.to_str().expect("path"),
    ]);
    assert!(out.status.code().is_some_and(|c| c <= 1));
    drive(&["hostile", report.to_str().expect("path")]);
}

#[test]
fn the_report_of_a_thousand_games_stays_small_and_opens() {
    need_browser!();
    let dir = out_dir().join("archive");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let mut games = 0;
    let mut i = 0u64;
    while games < 1000 {
        let (variant, preset) = if i.is_multiple_of(2) {
            (Variant::Backgammon, "backgammon")
        } else {
            (Variant::GulBara, "bulgarian")
        };
        let rules = RuleSet::default_for(variant)
            .with_preset(preset)
            .expect("preset");
        let st = Settings::new(rules, 5);
        let text = random_match(&st, 7919 * i + 1);
        games += text.matches(" Game ").count();
        std::fs::write(dir.join(format!("m{i:04}.mat")), text).expect("write");
        i += 1;
    }
    let report = out_dir().join("archive.html");
    let out = tavla(&[
        "validate",
        dir.to_str().expect("path"),
        "--format",
        "html",
        "-o",
        report.to_str().expect("path"),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let size = std::fs::metadata(&report).expect("report").len();
    eprintln!("{games} games in {i} files: report of {size} bytes");
    assert!(size < ARCHIVE_LIMIT, "{size} bytes");
    drive(&["open", report.to_str().expect("path")]);
}
