//! `tavla show`, `validate --board`, `convert --to svg` and the HTML report, end to end.
//!
//! The text boards are compared with snapshots in `tests/data/show/` (rendered without colour;
//! `TAVLA_BLESS=1 cargo test --test cli show::` rewrites them after a change that is meant). The SVG
//! boards are checked against the replay's positions on every turn of whole records, and the
//! HTML report for escaping.

use crate::common;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Output;

use tavla::replay::{ActionTrace, Overrides, check};
use tavla::report::board::{self, Moment};
use tavla::report::{html, json, svg};
use tavla::rules::Side;

fn tavla(args: &[&str]) -> Output {
    common::tavla()
        .args(args)
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .output()
        .expect("run tavla")
}

/// Compare `actual` with the snapshot `name`, or write it under `TAVLA_BLESS=1`.
fn snapshot(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/show")
        .join(name);
    if std::env::var_os("TAVLA_BLESS").is_some() {
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (TAVLA_BLESS=1 writes it)", path.display()));
    assert_eq!(actual, expected, "snapshot {name} differs");
}

fn show_case(name: &str, args: &[&str], code: i32) {
    let out = tavla(args);
    assert_eq!(
        out.status.code(),
        Some(code),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    snapshot(name, &String::from_utf8_lossy(&out.stdout));
}

#[test]
fn gul_bara_end_of_the_game_is_drawn_from_the_side_to_move() {
    show_case("gul-bara-end.txt", &["show", "fixtures/demo/valid.mat"], 0);
}

#[test]
fn gul_bara_before_a_turn_of_black_numbers_the_points_from_black() {
    show_case(
        "gul-bara-turn3-black.txt",
        &[
            "show",
            "fixtures/demo/valid.mat",
            "--turn",
            "3",
            "--side",
            "black",
        ],
        0,
    );
}

#[test]
fn gul_bara_after_a_turn_in_ascii() {
    show_case(
        "gul-bara-turn3-after-ascii.txt",
        &[
            "show",
            "fixtures/demo/valid.mat",
            "--turn",
            "3",
            "--after",
            "--ascii",
        ],
        0,
    );
}

#[test]
fn backgammon_with_the_cube_owned_and_ids() {
    show_case(
        "backgammon-cube.txt",
        &[
            "show",
            "fixtures/backgammon/gnubg/m000-0202.mat",
            "--game",
            "2",
            "--turn",
            "4",
            "--side",
            "white",
        ],
        0,
    );
}

#[test]
fn backgammon_with_checkers_on_the_bar() {
    show_case(
        "backgammon-bar.txt",
        &[
            "show",
            "fixtures/backgammon/gnubg/m000-0202.mat",
            "--game",
            "1",
            "--turn",
            "2",
            "--side",
            "black",
        ],
        0,
    );
}

#[test]
fn backgammon_bar_in_ascii_by_line() {
    show_case(
        "backgammon-bar-ascii.txt",
        &[
            "show",
            "fixtures/backgammon/gnubg/m000-0202.mat",
            "--game",
            "1",
            "--line",
            "9",
            "--side",
            "white",
            "--ascii",
        ],
        0,
    );
}

#[test]
fn the_board_of_a_finding_marks_the_first_bad_step() {
    show_case(
        "invalid-board.txt",
        &[
            "validate",
            "fixtures/demo/invalid.mat",
            "--board",
            "--color",
            "never",
            "-q",
        ],
        1,
    );
}

#[test]
fn the_board_of_an_invalid_turn_is_the_position_before_it() {
    show_case(
        "invalid-line10.txt",
        &[
            "show",
            "fixtures/demo/invalid.mat",
            "--line",
            "10",
            "--side",
            "white",
        ],
        1,
    );
}

#[test]
fn check_board_marks_the_step_without_a_die() {
    show_case(
        "check-board.txt",
        &["check", "--board", "--roll", "64", "24/18 18/13"],
        1,
    );
}

#[test]
fn check_board_in_gul_bara_from_a_json_position() {
    show_case(
        "check-board-gul-bara.txt",
        &[
            "check",
            "--variant",
            "gul-bara",
            "--board",
            "--roll",
            "66",
            "--position",
            r#"{"white":{"24":14,"13":1},"black":{"24":13,"20":1,"14":1}}"#,
            "24/18(2) 18/12(2)",
        ],
        1,
    );
}

#[test]
fn a_locale_without_utf8_gets_ascii() {
    let out = common::tavla()
        .args(["show", "fixtures/demo/valid.mat"])
        .env("LANG", "C")
        .env_remove("LC_ALL")
        .env_remove("LC_CTYPE")
        .output()
        .expect("run tavla");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.is_ascii(), "{text}");
    assert!(text.contains("+-------------------+"), "{text}");
}

#[test]
fn show_rejects_a_turn_that_is_not_there_with_exit_2() {
    let out = tavla(&["show", "fixtures/demo/valid.mat", "--turn", "999"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no turn cell at turn 999)"));
    let out = tavla(&["show", "fixtures/demo/valid.mat", "--game", "7"]);
    assert_eq!(out.status.code(), Some(2));
    let out = tavla(&[
        "show",
        "fixtures/demo/invalid.mat",
        "--line",
        "11",
        "--side",
        "white",
    ]);
    assert_eq!(
        out.status.code(),
        Some(2),
        "a turn after the replay stopped"
    );
}

#[test]
fn machine_formats_carry_the_position_of_the_finding() {
    let out = tavla(&[
        "validate",
        "fixtures/demo/invalid.mat",
        "--board",
        "--format",
        "jsonl",
    ]);
    let line = String::from_utf8_lossy(&out.stdout);
    let v: serde_json::Value = serde_json::from_str(line.trim()).expect("one JSON line");
    let b = &v["board"];
    assert_eq!(b["to_move"], "white");
    assert_eq!(b["dice"], serde_json::json!([6, 6]));
    assert_eq!(b["marked"], serde_json::json!({"from": 18, "to": 12}));
    // After `1) 64` (Black), `2) 65 / 31`: White 14 on 24 and 1 on 13.
    assert_eq!(
        b["position"]["white"],
        serde_json::json!({"13": 1, "24": 14})
    );
    assert!(b.get("xgid").is_none(), "Gul bara has no XGID");
}

/// `data-side`, `data-place`, `data-n` of every stack in an SVG.
fn stacks(svg: &str) -> BTreeMap<(String, String), u32> {
    let mut out = BTreeMap::new();
    let attr = |s: &str, name: &str| -> String {
        let k = format!("{name}=\"");
        let i = s.find(&k).expect("attribute") + k.len();
        s[i..i + s[i..].find('"').expect("quote")].to_string()
    };
    for part in svg.split("<g class=\"stack\"").skip(1) {
        let head = &part[..part.find('>').expect("tag end")];
        let n: u32 = attr(head, "data-n").parse().expect("count");
        *out.entry((attr(head, "data-side"), attr(head, "data-place")))
            .or_default() += n;
    }
    out
}

/// The stacks the JSON position says there are, in White's numbering.
fn expected(doc: &json::PositionDoc) -> BTreeMap<(String, String), u32> {
    let mut out = BTreeMap::new();
    for p in &doc.board {
        if let Some(n) = p.white {
            out.insert(("white".into(), p.point.to_string()), n as u32);
        }
        if let Some(n) = p.black {
            out.insert(("black".into(), p.point.to_string()), n as u32);
        }
    }
    for (side, bar, off) in [
        ("white", doc.white_bar, doc.white_off),
        ("black", doc.black_bar, doc.black_off),
    ] {
        if bar > 0 {
            out.insert((side.into(), "bar".into()), bar as u32);
        }
        if off > 0 {
            out.insert((side.into(), "off".into()), off as u32);
        }
    }
    out
}

/// Every turn of whole records: the SVG board after it shows exactly the position the
/// replay reached (as the JSON document writes it), for both games.
#[test]
fn svg_boards_show_every_position_of_whole_records() {
    let files = [
        ("fixtures/demo/valid.mat", Overrides::default()),
        (
            "fixtures/backgammon/gnubg/m000-0202.mat",
            Overrides::default(),
        ),
        (
            "fixtures/backgammon/gnubg/m000-0203.mat",
            Overrides::default(),
        ),
    ];
    let mut turns = 0;
    for (path, o) in files {
        let text = std::fs::read_to_string(path).expect("fixture");
        let v = check(tavla::notation::read(&text), &o);
        let rules = v.rules.expect("replayed");
        for (gi, g) in v.games.iter().enumerate() {
            for (ai, a) in g.actions.iter().enumerate() {
                let ActionTrace::Turn { position, .. } = a else {
                    continue;
                };
                let line = v.record.games[gi].actions[ai].line;
                let side = match v.record.games[gi].actions[ai].column() {
                    tavla::notation::Column::Left => Side::White,
                    tavla::notation::Column::Right => Side::Black,
                };
                let mut d = board::diagram_at(
                    &v,
                    gi,
                    Moment::Turn {
                        number: None,
                        line: Some(line),
                        side: Some(side),
                        after: true,
                    },
                )
                .expect("a replayed turn");
                assert_eq!(d.position, *position);
                d.view = Side::White;
                let doc = json::position_doc(position, rules.opposite_fn());
                assert_eq!(stacks(&svg::svg(&d)), expected(&doc), "{path} line {line}");
                turns += 1;
            }
        }
    }
    assert!(turns > 100, "{turns} turns");
}

#[test]
fn convert_to_svg_writes_one_board() {
    let out = tavla(&[
        "convert",
        "--to",
        "svg",
        "fixtures/backgammon/gnubg/m000-0202.mat",
        "--game",
        "1",
        "--turn",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    // Before White's `3) 41: 25/24 24/20`: one White checker on the bar.
    assert_eq!(
        stacks(&s).get(&("white".to_string(), "bar".to_string())),
        Some(&1)
    );
}

const HOSTILE: &str = "; [Event \"<script>alert('tag')</script>\"]\n; a comment </script><img src=x onerror=alert(1)> \"quoted\" & 'single'\n\n 1 point match\n\n Game 1\n <script>alert(\"w\")</script> : 0    Bob\"'><svg onload=alert(2)> : 0\n  1) 31: 8/5 6/5                 21: 24/23 8/6\n";

#[test]
fn the_html_report_escapes_every_text_of_the_record() {
    let v = check(tavla::notation::read(HOSTILE), &Overrides::default());
    let section = html::file_section(0, "<b>name</b>.mat", HOSTILE, &v.findings, Some(&v));
    let (head, nonce) = html::head("tavla report");
    let page = format!(
        "{head}{section}{}",
        html::tail(&html::Summary::default(), &nonce)
    );
    // Three script elements: the geometry, the file's games (both JSON) and the report's own.
    assert_eq!(page.matches("<script").count(), 3, "{page}");
    for bad in [
        "<script>alert",
        "<img",
        "<svg onload",
        "<b>name",
        "</script><img",
    ] {
        assert!(!page.contains(bad), "{bad} in the page");
    }
    assert!(page.contains("&lt;script&gt;alert(&#39;tag&#39;)&lt;/script&gt;"));
    assert!(page.contains("\\u003cscript\\u003ealert(\\\"w\\\")"));
    assert!(page.contains(&format!("script-src 'nonce-{nonce}'")));
}

#[test]
fn the_html_report_of_the_demo_records_holds_findings_boards_and_games() {
    let out = tavla(&[
        "validate",
        "fixtures/demo/valid.mat",
        "fixtures/demo/invalid.mat",
        "--format",
        "html",
        "-q",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let page = String::from_utf8_lossy(&out.stdout);
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.ends_with("</html>\n"));
    assert!(page.contains("point 12 is held by the opponent"));
    assert!(
        page.contains("class=\"mark\""),
        "the written step as an arrow"
    );
    assert!(
        page.contains("class=\"alt\""),
        "the nearest legal play as arrows"
    );
    assert_eq!(page.matches("class=\"viewer\"").count(), 2);
    for external in ["http://", "https://", " src=", "@import", "url(http"] {
        let allowed = page.matches("http://www.w3.org/2000/svg").count();
        if external == "http://" {
            assert_eq!(
                page.matches(external).count(),
                allowed,
                "no network reference"
            );
        } else {
            assert!(!page.contains(external), "{external}");
        }
    }
    let conv = tavla(&["convert", "--to", "html", "fixtures/demo/invalid.mat"]);
    assert_eq!(conv.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&conv.stdout).contains("point 12 is held by the opponent"));
}

#[test]
fn the_boards_page_shows_what_show_prints() {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/boards.md"))
            .expect("docs/boards.md");
    let cmd = "$ tavla show fixtures/demo/invalid.mat --line 10 --side white\n";
    let start = readme
        .find(cmd)
        .expect("the show example in docs/boards.md")
        + cmd.len();
    let block = &readme[start..start + readme[start..].find("```").expect("block end")];
    let out = tavla(&[
        "show",
        "fixtures/demo/invalid.mat",
        "--line",
        "10",
        "--side",
        "white",
    ]);
    assert_eq!(block, String::from_utf8_lossy(&out.stdout));
}
