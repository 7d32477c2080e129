//! GNU Backgammon's SGF: what gnubg 1.07 wrote for the fixtures (`fixtures/sgf/`, from
//! `import mat` + `save match`, some after `analyse match`) validates clean and converts to
//! the same JSON as its `.mat` twin, turn by turn; findings point at the SGF; damaged SGF is
//! located and never panics; `convert --to sgf` is loaded by gnubg and comes back with the
//! same positions; `fix` rewrites a node's value only.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{files, gnubg, root, scratch, tavla};
use crate::records::{self, Act, doc, load, move_values, source};
use tavla::codes::Code;
use tavla::input::{Format, Source};
use tavla::replay::{Overrides, Severity, Verdict};
use tavla::report::json::{ActionDoc, MatchDoc, match_doc};

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

/// A game as compared: its number, the score before it, its actions.
type GameActs = (u64, Option<(u64, u64)>, Vec<Act>);

fn acts(d: &MatchDoc) -> Vec<GameActs> {
    d.games
        .iter()
        .map(|g| {
            (
                g.number,
                g.score_before.map(|s| (s.white, s.black)),
                records::acts(g),
            )
        })
        .collect()
}

fn twin(sgf: &Path) -> PathBuf {
    let stem = sgf.file_stem().unwrap().to_str().unwrap();
    let stem = stem.strip_suffix("-analysed").unwrap_or(stem);
    Path::new("fixtures/backgammon/gnubg").join(format!("{stem}.mat"))
}

fn all_sgf() -> Vec<PathBuf> {
    let mut v = files("fixtures/sgf/gnubg", "sgf");
    v.extend(files("fixtures/sgf/analysed", "sgf"));
    v
}

#[test]
fn every_sgf_gnubg_wrote_validates_clean() {
    let all = all_sgf();
    assert!(all.len() >= 220, "{}", all.len());
    for p in &all {
        let src = load(p);
        assert_eq!(src.format, Format::Sgf, "{}", p.display());
        let v = src.check(&Overrides::default(), false);
        let bad: Vec<String> = v
            .findings
            .iter()
            .filter(|f| f.severity != Severity::Advice)
            .map(|f| format!("{} {}", f.code, f.message))
            .collect();
        assert!(bad.is_empty(), "{}: {bad:?}", p.display());
        assert!(!v.record.games.is_empty(), "{}", p.display());
    }
}

#[test]
fn every_sgf_gnubg_wrote_converts_to_the_json_of_its_mat_twin() {
    for p in &all_sgf() {
        let (_, a) = doc(&load(p));
        let (_, b) = doc(&load(&twin(p)));
        assert_eq!(a.match_length, b.match_length, "{}", p.display());
        let (a, b) = (acts(&a), acts(&b));
        assert_eq!(a.len(), b.len(), "{}: games", p.display());
        for (ga, gb) in a.iter().zip(&b) {
            assert_eq!(ga.0, gb.0, "{}", p.display());
            assert_eq!(ga.1, gb.1, "{} game {}: score", p.display(), ga.0);
            assert_eq!(ga.2.len(), gb.2.len(), "{} game {}", p.display(), ga.0);
            for (k, (x, y)) in ga.2.iter().zip(&gb.2).enumerate() {
                assert_eq!(x, y, "{} game {} action {k}", p.display(), ga.0);
            }
        }
    }
}

#[test]
fn sgf_json_carries_positions_dice_and_the_result() {
    let (v, d) = doc(&load(Path::new("fixtures/sgf/gnubg/m001-0001.sgf")));
    assert_eq!(v.errors(), 0);
    let g = &d.games[0];
    let ActionDoc::Turn(t) = &g.actions[0] else {
        panic!("{:?}", g.actions[0])
    };
    // `;B[32adln]`: Black's 32 is 24/21 13/11.
    assert_eq!(t.dice, Some([3, 2]));
    assert_eq!(t.stages[0].play, "24/21 13/11");
    assert!(t.position.is_some());
    assert!(g.result.is_some());
}

#[test]
fn a_one_step_mutation_of_a_move_node_is_reported_at_that_nodes_line() {
    let path = "fixtures/sgf/gnubg/m003-0080.sgf";
    let sgf = std::fs::read_to_string(path).unwrap();
    let mut tried = 0;
    for (start, end) in move_values(&sgf).into_iter().step_by(7).take(12) {
        // Move the first step's destination one point on (a letter further).
        let k = start + 3;
        let c = sgf.as_bytes()[k];
        let Some(m) = (b'a'..=b'x')
            .contains(&c)
            .then(|| if c == b'x' { b'w' } else { c + 1 })
        else {
            continue;
        };
        let mut bytes = sgf.clone().into_bytes();
        bytes[k] = m;
        let mutated = String::from_utf8(bytes).unwrap();
        let src = source("m.sgf", &mutated);
        let v = src.check(&Overrides::default(), false);
        let Some(f) = v.findings.iter().find(|f| f.severity == Severity::Error) else {
            continue; // the mutant happens to be legal
        };
        tried += 1;
        let node_line = line_col(&mutated, start).0;
        assert_eq!(
            line_col(&src.text, f.span.offset).0,
            node_line,
            "{}: {} at {:?}, the node is `{}`",
            f.code,
            f.message,
            f.span,
            &mutated[start..end]
        );
        assert!(
            f.span.offset >= start && f.span.end() <= end,
            "{:?} outside the value {start}..{end}",
            f.span
        );
        // The human rendering shows the SGF.
        let human = tavla::report::render_human(
            "m.sgf",
            &src.text,
            &v.findings,
            tavla::report::Style {
                color: false,
                unicode: false,
                width: 100,
            },
        );
        assert!(human.contains(&mutated[start..end]), "{human}");
    }
    assert!(tried >= 3, "only {tried} mutants were illegal");
}

#[test]
fn a_syntax_error_is_located_and_costs_one_node() {
    let sgf = std::fs::read_to_string("fixtures/sgf/gnubg/m001-0001.sgf").unwrap();
    let nodes = move_values(&sgf);
    let (start, _) = nodes[10];
    // `;W[54mimh]` -> `;W 54mimh]`: the node is lost, the game reads on.
    let mut broken = sgf.clone();
    broken.replace_range(start - 1..start, " ");
    let src = source("s.sgf", &broken);
    let v = src.check(&Overrides::default(), false);
    let syntax: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.code == Code::SgfSyntax)
        .collect();
    assert_eq!(syntax.len(), 1, "{:?}", v.findings);
    assert_eq!(
        line_col(&broken, syntax[0].span.offset).0,
        line_col(&broken, start).0
    );
    // The lost node's turn is missing: the next move is out of turn, reported after it.
    let rest: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.severity == Severity::Error && f.code != Code::SgfSyntax)
        .collect();
    assert!(!rest.is_empty());
    assert!(rest.iter().all(|f| f.span.offset > start));
}

#[test]
fn variations_setup_nodes_and_other_games_are_said() {
    let sgf = "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]RU[Crawford]\n;W[31hefe]\n(;B[52lnlq])\n(;B[64aggk]))\n";
    let src = source("v.sgf", sgf);
    let v = src.check(&Overrides::default(), false);
    let note = v
        .findings
        .iter()
        .find(|f| f.code == Code::SgfVariation)
        .unwrap();
    assert_eq!(note.severity, Severity::Advice);
    assert_eq!(&sgf[note.span.offset..note.span.end()], "(");
    assert_eq!(line_col(sgf, note.span.offset).0, 4);
    assert_eq!(v.errors(), 0, "{:?}", v.findings);

    let setup = "(;GM[6]MI[length:0]\n;W[31hefe]\n;AE[f]AW[g]\n;B[52lnlq])";
    let v = source("s.sgf", setup).check(&Overrides::default(), false);
    assert!(v.findings.iter().any(|f| f.code == Code::SgfSetup
        && f.severity == Severity::Warning
        && line_col(setup, f.span.offset).0 == 3));

    let go = "(;GM[1]SZ[19];B[dd])";
    let src = source("go.sgf", go);
    assert_eq!(src.format, Format::Sgf);
    let v = src.check(&Overrides::default(), false);
    assert!(v.findings.iter().any(|f| f.code == Code::SgfValue));
}

#[test]
fn detection_reads_content_first_and_the_extension_as_a_hint() {
    let sgf = b"\xef\xbb\xbf\n (;FF[4]GM[6];W[31hefe])".to_vec();
    assert_eq!(Format::detect(&sgf, "x.mat"), Format::Sgf);
    assert_eq!(Format::detect(b" 1 point match", "x.sgf"), Format::Mat);
    assert_eq!(Format::detect(b"(;FF[4]GM[1])", "x.sgf"), Format::Sgf);
    assert_eq!(Format::detect(b"(;FF[4]GM[1])", "x.mat"), Format::Mat);
    assert_eq!(Format::detect(b"RGMH\x01\x00", "x.mat"), Format::Xg);
    assert_eq!(Format::detect(b"\xff\xfe\x00", "x.xg"), Format::Xg);
}

#[test]
fn damaged_sgf_never_panics_and_every_finding_is_on_the_text() {
    let sgf = std::fs::read("fixtures/sgf/analysed/m001-0002-analysed.sgf").unwrap();
    let mut cases: Vec<Vec<u8>> = Vec::new();
    for cut in (0..sgf.len()).step_by(sgf.len() / 60 + 1) {
        cases.push(sgf[..cut].to_vec());
    }
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..60 {
        let mut m = sgf[..sgf.len().min(6000)].to_vec();
        for _ in 0..4 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = (x as usize) % m.len();
            m[i] = b"[]();\\WBxyz19\xff\n"[(x >> 32) as usize % 15];
        }
        cases.push(m);
    }
    cases.push(b"(;GM[6]".repeat(2000));
    cases.push(b"(".repeat(50_000));
    cases.push(
        b"(;GM[6]MI[length:99999999999999999999]RE[W+99999999999999999999R];W[66zzzz])".to_vec(),
    );
    for c in cases {
        let src = Source::from_bytes("d.sgf".into(), c.clone()).unwrap();
        let v = src.check(&Overrides::default(), true);
        for f in &v.findings {
            assert!(
                f.span.end() <= src.text.len()
                    && src.text.is_char_boundary(f.span.offset)
                    && src.text.is_char_boundary(f.span.end()),
                "{} {:?} on {} bytes",
                f.code,
                f.span,
                src.text.len()
            );
        }
        let _ = tavla::report::render_human(
            "d.sgf",
            &src.text,
            &v.findings,
            tavla::report::Style {
                color: false,
                unicode: true,
                width: 80,
            },
        );
        let _ = tavla::report::json::match_json(&v, true, &src.text);
    }
}

#[test]
fn convert_to_sgf_refuses_games_sgf_cannot_hold() {
    let dir = "fixtures/gulbara/valid";
    let f = files(dir, "mat").into_iter().next().unwrap();
    let out = tavla()
        .args(["convert", "--to", "sgf"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("SGF has no Gul bara"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn convert_to_sgf_reads_back_as_the_same_match() {
    for p in files("fixtures/backgammon/gnubg", "mat").iter().step_by(5) {
        let out = tavla()
            .args(["convert", "--to", "sgf"])
            .arg(p)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", p.display());
        let sgf = String::from_utf8(out.stdout).unwrap();
        let (v, a) = doc(&source("w.sgf", &sgf));
        assert_eq!(v.errors(), 0, "{}: {:?}", p.display(), v.findings);
        let (_, b) = doc(&load(p));
        assert_eq!(acts(&a), acts(&b), "{}", p.display());
    }
}

/// The records `convert --to sgf` is run on for gnubg: the backgammon fixtures (gnubg's and
/// the archive dialects), the `.mat` twins of the real XG files and the real match files of
/// `fixtures/corpus/mat`; those whose check finds an error are left out.
fn round_trip_inputs() -> Vec<PathBuf> {
    let mut v = files("fixtures/backgammon/gnubg", "mat");
    v.extend(files("fixtures/backgammon/archives", "mat"));
    v.extend(files("fixtures/xg", "mat"));
    let corpus = root().join("fixtures/corpus/mat");
    v.extend(files(&corpus, "txt"));
    v.extend(files(&corpus, "mat"));
    v
}

#[test]
fn gnubg_loads_what_convert_to_sgf_writes_and_exports_the_same_positions() {
    let Some(gnubg) = gnubg() else {
        return;
    };
    let dir = scratch("sgf-gnubg");
    let mut script = String::new();
    let mut pairs = Vec::new();
    let mut refused = 0;
    for (i, p) in round_trip_inputs().iter().enumerate() {
        let src = load(p);
        let (v, d) = doc(&src);
        if v.errors() > 0 {
            continue;
        }
        let sgf = match tavla::sgf::write_sgf(&d, v.rules.as_ref()) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}: not written: {e}", p.display());
                refused += 1;
                continue;
            }
        };
        let s = dir.join(format!("{i}.sgf"));
        let m = dir.join(format!("{i}.mat"));
        std::fs::write(&s, sgf).unwrap();
        script.push_str(&format!(
            "load match {}\nexport match mat {}\n",
            s.display(),
            m.display()
        ));
        pairs.push((p.clone(), m, d));
    }
    script.push_str("quit\n");
    let cmds = dir.join("cmds");
    std::fs::write(&cmds, &script).unwrap();
    let status = Command::new(&gnubg)
        .args(["-t", "-q"])
        .stdin(std::fs::File::open(&cmds).unwrap())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    eprintln!(
        "{} records written as SGF, loaded by gnubg and exported as .mat; {refused} refused",
        pairs.len()
    );
    // The 220 gnubg fixtures, the 6 archive dialects without an error, the 2 `.mat` twins of
    // `fixtures/xg` and the 20 files of `fixtures/corpus/mat`.
    assert_eq!(pairs.len(), 248, "{} records", pairs.len());
    assert_eq!(refused, 0);
    for (p, m, d) in &pairs {
        let back = std::fs::read(m)
            .unwrap_or_else(|e| panic!("{}: gnubg wrote no .mat ({e})", p.display()));
        let src = Source::from_bytes(m.display().to_string(), back).unwrap();
        let (_, b) = doc(&src);
        // gnubg writes its own results (and none for an unfinished game): compare the play.
        let turns = |d: &MatchDoc| -> Vec<Vec<Act>> {
            acts(d)
                .into_iter()
                .map(|g| {
                    g.2.into_iter()
                        .filter(|a| matches!(a, Act::Turn { .. } | Act::Cube(..)))
                        .collect()
                })
                .collect()
        };
        assert_eq!(turns(d), turns(&b), "{} through gnubg", p.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fix_rewrites_only_the_repaired_node_value_of_an_sgf() {
    let path = "fixtures/sgf/gnubg/m003-0080.sgf";
    let sgf = std::fs::read_to_string(path).unwrap();
    let dir = scratch("sgf-fix");
    let mut fixed_one = false;
    for (start, end) in move_values(&sgf).into_iter().step_by(5).take(20) {
        let k = start + 3;
        let c = sgf.as_bytes()[k];
        if !(b'a'..b'x').contains(&c) {
            continue;
        }
        let mut bytes = sgf.clone().into_bytes();
        bytes[k] = c + 1;
        let mutated = String::from_utf8(bytes).unwrap();
        let v = source("m.sgf", &mutated).check(&Overrides::default(), false);
        let Some(f) = v.findings.iter().find(|f| f.severity == Severity::Error) else {
            continue;
        };
        let Some(r) = &f.repair else { continue };
        assert!(r.span.offset >= start && r.span.end() <= end, "{r:?}");
        let file = dir.join("r.sgf");
        std::fs::write(&file, &mutated).unwrap();
        let out = tavla().arg("fix").arg(&file).output().unwrap();
        let after = std::fs::read_to_string(&file).unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{err}");
        // Only the node's value changed, and the record is valid again.
        assert_eq!(after[..start], mutated[..start]);
        let tail = mutated.len() - end;
        assert_eq!(after[after.len() - tail..], mutated[end..]);
        let v = source("r.sgf", &after).check(&Overrides::default(), false);
        assert_eq!(v.errors(), 0, "{:?}", v.findings);
        fixed_one = true;
        break;
    }
    assert!(fixed_one, "no mutant had a confirmed repair");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_walks_sgf_files_and_reports_on_the_sgf_lines() {
    let dir = scratch("sgf-walk");
    let sgf = std::fs::read_to_string("fixtures/sgf/gnubg/m001-0001.sgf").unwrap();
    // The first one-letter mutant of a move that is illegal (checked through the library).
    let (start, bytes) = move_values(&sgf)
        .into_iter()
        .filter_map(|(start, _)| {
            let mut bytes = sgf.clone().into_bytes();
            let c = bytes[start + 3];
            bytes[start + 3] = if c == b'x' { b'w' } else { c + 1 };
            let v = Source::from_bytes("a.sgf".into(), bytes.clone())
                .unwrap()
                .check(&Overrides::default(), false);
            (v.errors() > 0).then_some((start, bytes))
        })
        .next()
        .unwrap();
    std::fs::write(dir.join("a.sgf"), &bytes).unwrap();
    // Not read by the default walk: another extension.
    std::fs::write(dir.join("notes.md"), "not a record").unwrap();
    let out = tavla()
        .args(["validate", "--format", "jsonl"])
        .arg(&dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let line = line_col(std::str::from_utf8(&bytes).unwrap(), start).0;
    let first: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["line"], line, "{stdout}");
    assert!(first["path"].as_str().unwrap().ends_with("a.sgf"));
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fix_refuses_to_rewrite_an_xg_file_and_offers_diff_or_convert() {
    let dir = scratch("sgf-xg");
    let f = dir.join("m.xg");
    let mut bytes = b"RGMH".to_vec();
    bytes.extend([0u8; 60]);
    std::fs::write(&f, &bytes).unwrap();
    let out = tavla().arg("fix").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--diff") && err.contains("convert"), "{err}");
    assert_eq!(std::fs::read(&f).unwrap(), bytes);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The comments of an SGF's moves survive `convert --to sgf`: each on the node of its move.
#[test]
fn convert_to_sgf_keeps_the_comments_of_the_moves() {
    let sgf = "(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]PW[A]PB[B]RE[W+1]\n;W[31hefe]C[a first comment]\n;B[32adln]\n;W[double]C[a [bracket\\] in it]\n;B[drop])";
    let src = source("c.sgf", sgf);
    let v = src.check(&Overrides::default(), true);
    let d = match_doc(&v, false, &src.text);
    let out = tavla::sgf::write_sgf(&d, v.rules.as_ref()).unwrap();
    assert!(out.contains("W[31hefe]C[a first comment]"), "{out}");
    assert!(out.contains("W[double]C[a [bracket\\] in it]"), "{out}");
    // Read back: the same comments on the same entries.
    let again = source("again.sgf", &out);
    let v2 = again.check(&Overrides::default(), true);
    let notes = |v: &Verdict| -> Vec<Option<String>> {
        v.record.games[0]
            .actions
            .iter()
            .map(|a| a.comment.clone())
            .collect()
    };
    assert_eq!(notes(&v2), notes(&v));
    assert_eq!(notes(&v)[0].as_deref(), Some("a first comment"));
}
