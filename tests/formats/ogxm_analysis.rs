//! OGXM v2 analysis, annotations and clock: files the reference codec wrote with them
//! (fixtures/ogxm/anal-*.ogxm, made by tests/data/ogxm_analysis_fixtures.py) read by tavla to
//! the figures the codec shows (`NAME.expect.json`, from `ogxm.binary_to_json`): every
//! candidate's equity and probabilities, the played candidate, every cube figure, the luck;
//! the other block, the annotations and the clock in the JSON document; the CSV's analysis
//! columns filled; damaged records located, never a panic.

use std::path::PathBuf;
use std::process::Command;

use crate::common::ogxm::{body, with_crc};
use crate::common::{self, python_or_skip, python_output, python_with, root, run};

use serde_json::Value;
use tavla::record::Analysis;

const FIXTURES: [&str; 3] = ["anal-MYdvw1qGuyaRUH__", "anal-built", "anal-hand"];

fn path(name: &str) -> PathBuf {
    root().join("fixtures/ogxm").join(name)
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(path(&format!("{name}.ogxm"))).expect("fixture")
}

fn expect(name: &str) -> Value {
    serde_json::from_slice(&std::fs::read(path(&format!("{name}.expect.json"))).unwrap()).unwrap()
}

fn json_of(name: &str) -> Value {
    common::json_of(&path(&format!("{name}.ogxm")))
}

fn near(a: f64, b: &Value) -> bool {
    (a - b.as_f64().unwrap()).abs() <= 1e-6
}

/// A level's label as tavla gives it: `rollout`, the preset, else the depth (of a cube
/// decision its cube depth first).
fn label(level: &Value, cube: bool) -> String {
    if level.get("rollout").is_some() {
        return "rollout".into();
    }
    if let Some(p) = level["preset"].as_str() {
        return p.into();
    }
    let ply = if cube {
        level.get("cube_ply").or(level.get("checker_ply"))
    } else {
        level.get("checker_ply")
    };
    ply.map_or_else(String::new, |n| format!("{n}-ply"))
}

/// A candidate's steps (absolute from, pips) as play text in the mover's numbering.
fn play(white: bool, mv: &Value) -> String {
    mv.as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let (from, pips) = (s[0].as_i64().unwrap(), s[1].as_i64().unwrap());
            let own = if white { 25 - from } else { from };
            let to = (own - pips).max(0);
            let pt = |p: i64| match p {
                0 => "off".to_string(),
                25 => "bar".to_string(),
                p => p.to_string(),
            };
            format!("{}/{}", pt(own), pt(to))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The analysis tavla gives a ply of block `block`: the ply's own for the primary, else the
/// block's decision kept at the ply's place.
fn analysis_of<'a>(
    file: &'a tavla::ogxm::File,
    extras: &'a tavla::record::Extras,
    block: usize,
    g: usize,
    k: usize,
) -> Option<&'a Analysis> {
    if block == 0 {
        return file.games[g].plies[k].analysis.as_ref();
    }
    extras.blocks[block]
        .decisions
        .iter()
        .find(|d| d.place.game == g && d.place.ply == Some(k) && d.analysis.is_some())
        .and_then(|d| d.analysis.as_ref())
}

/// Given the codec's files with analysis, when tavla reads them, then every candidate (its
/// play, equity, probabilities, level), the candidate played, every cube figure and the luck
/// are what the codec shows, for the primary block on the plies and for the other in the
/// match's extras; and no ply carries an analysis the codec does not show.
#[test]
fn every_figure_is_the_one_the_codec_shows() {
    for name in FIXTURES {
        let data = fixture(name);
        let e = expect(name);
        let file = tavla::ogxm::parse(&data).unwrap();
        let r = tavla::ogxm::read(&data);
        assert!(
            r.problems.iter().all(|p| !p.error),
            "{name}: {:?}",
            r.problems
        );
        let empty = tavla::record::Extras::default();
        let extras = r.matches[0].extras.as_deref().unwrap_or(&empty);
        assert_eq!(
            extras.blocks.len(),
            e["blocks"].as_array().unwrap().len(),
            "{name}"
        );
        let mut candidates = 0;
        let mut on_plies = 0;
        for ply in e["plies"].as_array().unwrap() {
            let (g, k) = (
                ply["game"].as_u64().unwrap() as usize,
                ply["ply"].as_u64().unwrap() as usize,
            );
            let at = format!("{name}: game {g}, ply {k}");
            let white = ply["color"] == 1;
            // A play made at the board (31) is the other side's.
            let white = if ply["action_id"] == 31 {
                !white
            } else {
                white
            };
            for b in ply["blocks"].as_array().unwrap() {
                let block = b["block"].as_u64().unwrap() as usize;
                if let Some(res) = b.get("resign") {
                    let d = extras.blocks[block]
                        .decisions
                        .iter()
                        .find(|d| d.place.game == g && d.place.ply == Some(k))
                        .and_then(|d| d.resign.as_ref())
                        .unwrap_or_else(|| panic!("{at}: no resignation analysis"));
                    let v = |x: Option<f64>, k: &str| {
                        assert!(
                            res[k].is_null() && x.is_none() || near(x.unwrap(), &res[k]),
                            "{at}: {k}"
                        );
                    };
                    v(d.resign_error, "resign_error");
                    v(d.take_resign_error, "take_resign_error");
                    v(d.equity_loss, "equity_loss");
                    let values = ["single", "gammon", "backgammon"];
                    assert_eq!(
                        d.correct_value.map(|c| values[c as usize - 1]),
                        res["correct_value"].as_str(),
                        "{at}"
                    );
                    for (x, y) in d
                        .probabilities
                        .unwrap()
                        .iter()
                        .zip(res["probs"].as_array().unwrap())
                    {
                        assert!(near(*x, y), "{at}: probabilities");
                    }
                    continue;
                }
                let a = analysis_of(&file, extras, block, g, k)
                    .unwrap_or_else(|| panic!("{at}: block {block} has no analysis here"));
                if block == 0 {
                    on_plies += 1;
                }
                let alts = b["alternatives"].as_array().map_or(&[][..], Vec::as_slice);
                assert_eq!(a.candidates.len(), alts.len(), "{at}");
                for (c, x) in a.candidates.iter().zip(alts) {
                    candidates += 1;
                    assert!(near(c.equity, &x["equity"]), "{at}: {c:?} {x}");
                    match x["probs"].as_array() {
                        Some(p) => {
                            for (v, w) in c.probabilities.iter().zip(p) {
                                assert!(near(*v, w), "{at}: {c:?} {x}");
                            }
                        }
                        None => assert_eq!(c.probabilities, [0.0; 5], "{at}"),
                    }
                    assert_eq!(c.level, label(&x["level"], false), "{at}: {x}");
                    assert_eq!(c.play, play(white, &x["move"]), "{at}");
                }
                let played = alts.iter().position(|x| x["is_played"] == true);
                assert_eq!(a.played, played, "{at}");
                match (&a.cube, b.get("cube")) {
                    (Some(c), Some(x)) => {
                        assert!(near(c.no_double, &x["no_double"]), "{at}");
                        assert!(near(c.double_take, &x["double_take"]), "{at}");
                        assert!(near(c.double_pass.unwrap(), &x["double_pass"]), "{at}");
                        assert_eq!(c.level, label(&x["level"], true), "{at}");
                    }
                    (None, None) => {}
                    (c, x) => panic!("{at}: cube {c:?} against {x:?}"),
                }
                match (a.luck, b.get("luck")) {
                    (Some(l), Some(x)) => assert!(near(l, x), "{at}"),
                    (None, None) => {}
                    (l, x) => panic!("{at}: luck {l:?} against {x:?}"),
                }
            }
        }
        let carried = file
            .games
            .iter()
            .flat_map(|g| &g.plies)
            .filter(|p| p.analysis.is_some())
            .count();
        assert_eq!(carried, on_plies, "{name}");
        assert!(candidates > 0, "{name}");
    }
}

/// Given the codec's file with two analysis blocks, annotations and a clock, when converted to
/// JSON, then the blocks, every annotation (at its game and ply) and every clock reading are
/// in the document, a ply's prose is its action's comment, and the match's and a game's prose
/// are header comments.
#[test]
fn the_other_block_annotations_and_clock_reach_the_json() {
    let name = "anal-built";
    let e = expect(name);
    let doc = json_of(name);
    let file = tavla::ogxm::parse(&fixture(name)).unwrap();
    let refs: Vec<(usize, usize)> = file
        .games
        .iter()
        .enumerate()
        .flat_map(|(g, x)| (0..x.plies.len()).map(move |k| (g, k)))
        .collect();
    // Blocks.
    let blocks = doc["analyses"].as_array().unwrap();
    let want = e["blocks"].as_array().unwrap();
    assert_eq!(blocks.len(), want.len());
    for (b, w) in blocks.iter().zip(want) {
        assert_eq!(b["id"], w["analysis_id"]);
        assert_eq!(b["model_id"], w["model_id"]);
    }
    assert_eq!(blocks[0]["primary"], true);
    assert_eq!(blocks[1]["primary"], false);
    assert_eq!(blocks[1]["currency"], "cubeful match");
    assert_eq!(blocks[1]["model_name"], "Second Opinion");
    let second = e["plies"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| {
            p["blocks"]
                .as_array()
                .unwrap()
                .iter()
                .any(|b| b["block"] == 1)
        })
        .count();
    let decisions = blocks[1]["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), second);
    for d in decisions {
        let g = d["game"].as_u64().unwrap() as usize - 1;
        let a = &doc["games"][g]["actions"][d["action"].as_u64().unwrap() as usize];
        assert_eq!(a["type"], "turn", "{d}");
        assert!(d["analysis"]["candidates"].as_array().unwrap().len() > 1);
        assert!(d["analysis"]["equity_loss"].is_number(), "{d}");
    }
    // Annotations, each at its place.
    let notes = doc["annotations"].as_array().unwrap();
    let want = e["annotations"].as_array().unwrap();
    assert_eq!(notes.len(), want.len());
    for (n, w) in notes.iter().zip(want) {
        assert_eq!(n["scope"], w["scope"], "{n}");
        assert_eq!(n["text"], w["value"], "{n}");
        for k in ["key", "lang", "author", "at"] {
            assert_eq!(n.get(k), w.get(k), "{n}");
        }
        let r = w["ref"].as_u64().unwrap() as usize;
        match w["scope"].as_str().unwrap() {
            "match" => assert!(n.get("place").is_none()),
            "game" => assert_eq!(n["place"]["game"], r as u64 + 1, "{n}"),
            _ => {
                let (g, k) = refs[r];
                assert_eq!(n["place"]["game"], g as u64 + 1, "{n}");
                assert_eq!(n["place"]["ply"], k as u64, "{n}");
                assert!(n["place"]["action"].is_u64(), "{n}");
            }
        }
        if w.get("analysis").is_some() {
            assert_eq!(n["analysis_id"], w["analysis"]);
            assert_eq!(n["kind"], w["kind"]);
        }
        assert_eq!(n.get("alternative"), w.get("alt_index"));
        let drawings = w.get("drawings").map_or(0, |d| d.as_array().unwrap().len());
        assert_eq!(
            n.get("drawings").map_or(0, |d| d.as_array().unwrap().len()),
            drawings
        );
    }
    // Prose as comments.
    let actions = doc["games"][0]["actions"].as_array().unwrap();
    assert_eq!(actions[0]["comment"], "A quiet start");
    assert_eq!(actions[3]["comment"], "Bold\nVery bold");
    assert!(actions[7].get("comment").is_none());
    let comments: Vec<&str> = doc["comments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    assert!(comments.contains(&"Played at the club"), "{comments:?}");
    assert!(comments.contains(&"game 2: A long game"), "{comments:?}");
    // The clock.
    let clock = &doc["clock"];
    for k in [
        "reserve_ms",
        "delay_ms",
        "increment_ms",
        "start_timestamp",
        "flags",
    ] {
        assert_eq!(clock[k], e["clock_info"][k], "{k}");
    }
    assert_eq!(clock["precision"], 10);
    let readings = clock["readings"].as_array().unwrap();
    let want: Vec<&Value> = e["plies"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p.get("timestamp_ms").is_some())
        .collect();
    assert_eq!(readings.len(), want.len());
    for (r, w) in readings.iter().zip(want) {
        assert_eq!(r["game"], w["game"].as_u64().unwrap() + 1);
        assert_eq!(r["ply"], w["ply"]);
        assert_eq!(r["ms"], w["timestamp_ms"]);
    }
}

/// Given the codec's files with analysis, when converted to CSV, then every row of an analysed
/// play has its equity loss, best play and luck, and every analysed cube action its proper
/// action and error.
#[test]
fn the_csv_analysis_columns_are_filled() {
    for name in ["anal-built", "anal-hand"] {
        let p = path(&format!("{name}.ogxm"));
        let doc = json_of(name);
        let o = run(&["convert", "--to", "csv", p.to_str().unwrap()]);
        let mut r = csv::Reader::from_reader(&o.stdout[..]);
        let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
        let col = |c: &str| header.iter().position(|h| h == c).unwrap();
        let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
        let mut analysed: Vec<&Value> = Vec::new();
        for g in doc["games"].as_array().unwrap() {
            for a in g["actions"].as_array().unwrap() {
                if ["turn", "double", "take", "drop"].contains(&a["type"].as_str().unwrap()) {
                    analysed.push(a);
                }
            }
        }
        assert_eq!(rows.len(), analysed.len(), "{name}");
        let (mut plays, mut cubes) = (0, 0);
        for (row, a) in rows.iter().zip(analysed) {
            let an = &a["analysis"];
            if an["candidates"].as_array().is_some_and(|c| !c.is_empty()) {
                plays += 1;
                assert!(!row[col("equity_loss")].is_empty(), "{name}: {row:?}");
                assert_eq!(&row[col("best_play")], an["best_play"].as_str().unwrap());
            }
            if an["luck"].is_number() {
                let l: f64 = row[col("luck")].parse().unwrap();
                assert!(near(l, &an["luck"]), "{name}: {row:?}");
            }
            if an["cube"].is_object() {
                cubes += 1;
                assert!(!row[col("proper_cube")].is_empty(), "{name}: {row:?}");
                assert!(!row[col("cube_error")].is_empty(), "{name}: {row:?}");
            }
        }
        assert!(plays > 0 && cubes > 0, "{name}");
    }
}

/// The bytes before the `CSUM` section, and the file rebuilt from them with a CRC-32 `CSUM`.
/// Where section `kind`'s payload lies.
fn payload(data: &[u8], kind: &[u8; 4]) -> (usize, usize) {
    let f = tavla::ogxm::sections::frame(data).unwrap();
    f.sections.iter().find(|s| &s.kind == kind).unwrap().payload
}

/// Given damaged analysis, annotation and clock records, when read, then each is a located
/// `bad-record` warning naming its section and record, the match is still read and checked,
/// and no byte changed or cut in those sections makes the reader panic.
#[test]
fn damaged_records_are_located_warnings() {
    let good = fixture("anal-hand");
    let b = body(&good);
    // The second decision record's length made to overrun the section (the first record's
    // length is one byte).
    let (start, end) = payload(&good, b"DECS");
    assert!(b[start] < 0x80);
    let first = usize::from(b[start]) + 1;
    let mut bad = b.clone();
    bad[start + first] = 0xff;
    bad[start + first + 1] = 0x7f;
    let r = tavla::ogxm::read(&with_crc(&bad));
    let p = r
        .problems
        .iter()
        .find(|p| p.code == tavla::codes::Code::OgxmBadRecord)
        .expect("a finding");
    assert!(!p.error);
    assert!(
        p.message.contains("`DECS` section, record 2"),
        "{}",
        p.message
    );
    assert_eq!(p.span.offset, start + first);
    assert_eq!(r.matches[0].games.len(), 2);
    // The decision before it is still read (the candidates of the first ply, not its luck,
    // the second record), none after it.
    let file = tavla::ogxm::parse(&with_crc(&bad)).unwrap();
    let a = file.games[0].plies[0].analysis.as_ref().unwrap();
    assert_eq!((a.candidates.len(), a.luck), (3, None));
    assert!(file.games[0].plies[1].analysis.is_none());
    // A decision of a ply the match does not have.
    let mut bad = b.clone();
    bad[start + 2] = 0x60;
    let r = tavla::ogxm::read(&with_crc(&bad));
    assert!(
        r.problems
            .iter()
            .any(|p| p.message.contains("names ply 96") && p.span.offset == start),
        "{:?}",
        r.problems
    );
    // Every byte of the analysis changed, and every cut of its section: no panic, every
    // problem inside the file.
    for i in start..end {
        for x in [0x01u8, 0x5a, 0xff] {
            let mut m = b.clone();
            m[i] ^= x;
            let data = with_crc(&m);
            let r = tavla::ogxm::read(&data);
            for p in &r.problems {
                assert!(p.span.offset + p.span.len <= data.len(), "{p:?}");
            }
            let _ = tavla::replay::check(r, &tavla::replay::Overrides::default());
        }
    }
    let built = fixture("anal-built");
    let bb = body(&built);
    for kind in [b"ANAL", b"ANNO", b"CLCK"] {
        let (s, e) = payload(&built, kind);
        for i in (s..e).step_by(3) {
            let mut m = bb.clone();
            m[i] ^= 0xa5;
            let data = with_crc(&m);
            let r = tavla::ogxm::read(&data);
            for p in &r.problems {
                assert!(p.span.offset + p.span.len <= data.len(), "{p:?}");
            }
        }
    }
    // A clock cut short.
    let (s, _) = payload(&built, b"CLCK");
    let mut m = bb.clone();
    m[s + 20] = 0xff;
    let r = tavla::ogxm::read(&with_crc(&m));
    assert!(
        r.problems
            .iter()
            .any(|p| p.message.contains("`CLCK` section") && !p.error),
        "{:?}",
        r.problems
    );
    assert!(r.matches[0].extras.as_ref().unwrap().clock.is_none());
}

/// The committed fixtures and expected figures are what the script writes with the codec
/// (skipped without it; the gammonview samples' fixtures only with `TAVLA_GAMMONVIEW`, the
/// unpacked gammonview 3.1.0 source).
#[test]
fn the_fixtures_are_what_the_codec_writes() {
    let Some(py) = python_or_skip("ogxm") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tavla-ogxm-anal-{}", std::process::id()));
    let gv = std::env::var_os("TAVLA_GAMMONVIEW");
    let mut args = vec![dir.as_os_str()];
    args.extend(gv.as_deref());
    python_output(&py, "tests/data/ogxm_analysis_fixtures.py", &args);
    let names: &[&str] = if gv.is_some() {
        &FIXTURES
    } else {
        &["anal-hand"]
    };
    for name in names {
        for ext in ["ogxm", "expect.json"] {
            let f = format!("{name}.{ext}");
            assert_eq!(
                std::fs::read(dir.join(&f)).unwrap(),
                std::fs::read(path(&f)).unwrap(),
                "{f}"
            );
        }
    }
}

/// Given the codec's files with analysis, when converted to JSON, then the document validates
/// against the committed schema and survives a round trip through the typed document.
#[test]
fn the_documents_validate_against_the_schema() {
    let schema = tavla::report::json::schema();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    for name in FIXTURES {
        let doc = json_of(name);
        let errors: Vec<String> = validator
            .iter_errors(&doc)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{name}: {}", errors.join("; "));
        let typed: tavla::report::json::MatchDoc = serde_json::from_value(doc.clone()).unwrap();
        assert_eq!(serde_json::to_value(&typed).unwrap(), doc, "{name}");
    }
}

/// A play's text as what it does: per point of the mover's numbering, the checkers that arrive
/// less those that leave (`9/2` and `9/8 8/2` agree).
fn net(play: &str) -> [i32; 26] {
    let mut n = [0; 26];
    let pt = |p: &str| match p.trim_end_matches('*') {
        "bar" => 25,
        "off" => 0,
        p => p.parse::<usize>().unwrap(),
    };
    for hop in play.split_whitespace() {
        let pts: Vec<usize> = hop.split('/').map(pt).collect();
        n[pts[0]] -= 1;
        n[*pts.last().unwrap()] += 1;
    }
    n
}

fn close(a: &Value, b: &Value, tol: f64) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => (x - y).abs() <= tol,
        _ => a == b,
    }
}

/// Given records with analysis (gnubg's SGF in money and match play, XG, OGXM), when written
/// as OGXM, then the codec accepts the file (when at hand), and tavla reads back every
/// analysed action to the same figures: the best play, the play made and its loss, every
/// candidate's equity (to OGXM's millionth), probabilities (its ten-thousandth) and level, the
/// cube figures, the proper action and its error, the luck. OGXM lists a play once and the
/// candidates of one level together, so a play listed twice comes back once and XG's
/// interleaved levels come back grouped.
#[test]
fn what_tavla_writes_reads_back_to_the_same_figures() {
    let py = python_with("ogxm");
    for src in [
        "fixtures/sgf/analysed/m001-0002-analysed.sgf",
        "fixtures/sgf/analysed/m003-0080-analysed.sgf",
        "fixtures/xg/test.xg",
        "fixtures/xg/aachen-intermediate-round1-unger-kozoman-11pt.xg",
        "fixtures/ogxm/anal-hand.ogxm",
        "fixtures/ogxm/anal-MYdvw1qGuyaRUH__.ogxm",
    ] {
        let input = root().join(src);
        let out = std::env::temp_dir().join(format!(
            "tavla-anal-{}-{}.ogxm",
            std::process::id(),
            input.file_name().unwrap().to_string_lossy()
        ));
        let o = run(&[
            "convert",
            "--to",
            "ogxm",
            "-o",
            out.to_str().unwrap(),
            input.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{src}");
        let data = std::fs::read(&out).unwrap();
        let f = tavla::ogxm::sections::frame(&data).unwrap();
        assert!(f.sections.iter().any(|s| &s.kind == b"ANAL"), "{src}");
        let (a, b) = (common::json_of(&input), common::json_of(&out));
        assert_eq!(b["valid"], true, "{src}");
        let analysed = |d: &Value| -> Vec<Value> {
            d["games"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|g| g["actions"].as_array().unwrap().clone())
                .filter(|x| {
                    ["turn", "double", "take", "drop"].contains(&x["type"].as_str().unwrap())
                })
                .map(|x| x["analysis"].clone())
                .collect()
        };
        let (xs, ys) = (analysed(&a), analysed(&b));
        assert_eq!(xs.len(), ys.len(), "{src}");
        let mut n = 0;
        for (k, (x, y)) in xs.iter().zip(&ys).enumerate() {
            let at = format!("{src}: action {k}");
            assert_eq!(x.is_null(), y.is_null(), "{at}");
            if x.is_null() {
                continue;
            }
            n += 1;
            let (cx, cy) = (
                x["candidates"].as_array().cloned().unwrap_or_default(),
                y["candidates"].as_array().cloned().unwrap_or_default(),
            );
            assert!(
                cy.len() <= cx.len() && cy.is_empty() == cx.is_empty(),
                "{at}"
            );
            for c in &cy {
                assert!(
                    cx.iter().any(|s| net(s["play"].as_str().unwrap())
                        == net(c["play"].as_str().unwrap())
                        && close(&s["equity"], &c["equity"], 5e-7)
                        && s["level"] == c["level"]
                        && (0..5).all(|i| close(
                            &s["probabilities"][i],
                            &c["probabilities"][i],
                            5e-5 + 1e-12
                        ))),
                    "{at}: {c} is none of {cx:?}"
                );
            }
            if !cx.is_empty() {
                assert!(close(&cx[0]["equity"], &cy[0]["equity"], 5e-7), "{at}");
                assert_eq!(
                    net(x["best_play"].as_str().unwrap()),
                    net(y["best_play"].as_str().unwrap()),
                    "{at}"
                );
                let played =
                    |c: &[Value], d: &Value| d["played"].as_u64().map(|i| c[i as usize].clone());
                match (played(&cx, x), played(&cy, y)) {
                    (Some(p), Some(q)) => {
                        assert_eq!(
                            net(p["play"].as_str().unwrap()),
                            net(q["play"].as_str().unwrap()),
                            "{at}"
                        );
                        assert!(close(&p["equity"], &q["equity"], 5e-7), "{at}");
                        assert!(close(&x["equity_loss"], &y["equity_loss"], 2e-6), "{at}");
                    }
                    (None, None) => {}
                    (p, q) => panic!("{at}: played {p:?} against {q:?}"),
                }
            }
            assert!(close(&x["luck"], &y["luck"], 5e-7), "{at}");
            let (kx, ky) = (&x["cube"], &y["cube"]);
            assert_eq!(kx.is_null(), ky.is_null(), "{at}");
            if !kx.is_null() {
                for f in ["no_double", "double_take", "double_pass", "error"] {
                    // The error is a difference of two rounded figures.
                    let tol = if f == "error" { 1e-6 + 1e-12 } else { 5e-7 };
                    assert!(close(&kx[f], &ky[f], tol), "{at}: {f} {kx} {ky}");
                }
                for f in ["unit", "level", "proper"] {
                    assert_eq!(kx[f], ky[f], "{at}: {f}");
                }
            }
        }
        assert!(n > 0, "{src}");
        if let Some(py) = &py {
            let check = Command::new(py)
                .args([
                    "-c",
                    "import ogxm,sys; d=open(sys.argv[1],'rb').read(); j=ogxm.binary_to_json(d); \
                     assert ogxm.v2_problem(j) is None and j['replay_complete'] and ogxm.verify(d)==(None,True); \
                     assert 'analysis_info' in j",
                ])
                .arg(&out)
                .status()
                .unwrap();
            assert!(check.success(), "{src}: the codec refuses what tavla wrote");
        }
    }
}
