//! OGID, OGXM's position identifier: the OGIDs tavla gives before and after every ply equal
//! those of OGXM's reference codec (`ogid_before`, `ogid_after` of `ogxm.binary_to_json`, kept
//! beside each file of fixtures/ogxm as `NAME.ogids` by tests/data/ogxm_fixtures.py), in the
//! library and in the match JSON; OGIDs read and write back; and `legal`, `check` and `show`
//! take and print them.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};

use crate::common::ogxm::{RECORDS, with_ogids};
use crate::common::{
    json_of, python_or_skip, python_output, root, run, stderr, stdout, tavla_path,
};

use tavla::ids::ogid::Ogid;
use tavla::ids::{MatchContext, PositionFormat, parse_position};
use tavla::notation::CellBody;
use tavla::rules::{RuleSet, Variant};

/// One ply of the codec's replay: its game (0-based), action number, OGIDs before and after.
#[derive(Clone, Debug, PartialEq)]
struct CodecPly {
    game: usize,
    action: u8,
    before: String,
    after: String,
}

fn codec_plies(p: &Path) -> Vec<CodecPly> {
    std::fs::read_to_string(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split(' ').collect();
            assert_eq!(f.len(), 4, "{}: {l}", p.display());
            CodecPly {
                game: f[0].parse().unwrap(),
                action: f[1].parse().unwrap(),
                before: f[2].to_string(),
                after: f[3].to_string(),
            }
        })
        .collect()
}

/// tavla's OGIDs of an OGXM file, one entry per action that is a ply (the game, the OGIDs
/// before and after, where tavla gives them).
type Ply = (usize, Option<String>, Option<String>);

fn tavla_plies(bytes: &[u8]) -> Vec<Ply> {
    let v = tavla::replay::check(
        tavla::ogxm::read(bytes),
        &tavla::replay::Overrides::default(),
    );
    let ogids = tavla::report::ogid::match_ogids(&v);
    let mut out = Vec::new();
    for (gi, g) in v.record.games.iter().enumerate() {
        for (ai, a) in g.actions.iter().enumerate() {
            if matches!(
                a.cell.body,
                CellBody::Wins { .. } | CellBody::Losses { .. } | CellBody::Draw
            ) {
                continue;
            }
            let p = ogids[gi][ai];
            out.push((
                gi,
                p.map(|p| p.before.to_string()),
                p.and_then(|p| p.after).map(|o| o.to_string()),
            ));
        }
    }
    out
}

/// The codec's plies as tavla's entries should be.
fn expected(plies: &[CodecPly]) -> Vec<Ply> {
    plies
        .iter()
        .map(|p| (p.game, Some(p.before.clone()), Some(p.after.clone())))
        .collect()
}

/// The OGXM files of fixtures/ogxm that have the codec's OGIDs beside them.
fn fixtures() -> Vec<PathBuf> {
    with_ogids("fixtures/ogxm", "ogxm")
}

fn name(p: &Path) -> String {
    p.file_stem().unwrap().to_string_lossy().into_owned()
}

#[test]
fn every_ply_has_the_codecs_ogids_before_and_after() {
    let files = fixtures();
    assert!(files.len() >= 15, "{files:?}");
    let mut plies = 0;
    for p in files {
        let want = codec_plies(&p.with_extension("ogids"));
        plies += want.len();
        let got = tavla_plies(&std::fs::read(&p).unwrap());
        let want = expected(&want);
        assert_eq!(got.len(), want.len(), "{}", p.display());
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "{}: ply {}", p.display(), k + 1);
        }
    }
    assert!(plies > 1500, "{plies}");
}

/// The codec's OGIDs cover every state it writes: the game's start, a roll, each cube action
/// (a take's `T` until the next play), a pass ending the game, resignations (also before
/// anything is played), the Crawford marker, a money session's score, other variants.
#[test]
fn the_fixtures_cover_every_state() {
    let mut seen = std::collections::BTreeSet::new();
    for p in fixtures() {
        for ply in codec_plies(&p.with_extension("ogids")) {
            for o in [&ply.before, &ply.after] {
                let f: Vec<&str> = o.split(':').collect();
                seen.insert(format!("state {}", f[5]));
                seen.insert(format!("cube action {}", &f[2][f[2].len() - 1..]));
                if f[8].ends_with('C') {
                    seen.insert("crawford".to_string());
                }
                if f[8] == "0" && f[6] != "0" {
                    seen.insert("money score".to_string());
                }
            }
            if ply.action == 27 && ply.before.split(':').nth(5) == Some("IB") {
                seen.insert("resigned at the start".to_string());
            }
        }
    }
    for s in [
        "state IB",
        "state R",
        "state C",
        "state D",
        "state A",
        "state G",
        "cube action N",
        "cube action O",
        "cube action T",
        "cube action P",
        "crawford",
        "money score",
        "resigned at the start",
    ] {
        assert!(seen.contains(s), "{s} not in {seen:?}");
    }
}

/// The `ogid` of every action of a match document but its results.
fn json_ogids(doc: &serde_json::Value) -> Vec<(usize, String, Option<String>)> {
    let mut out = Vec::new();
    for (gi, g) in doc["games"].as_array().unwrap().iter().enumerate() {
        for a in g["actions"].as_array().unwrap() {
            let t = a["type"].as_str().unwrap().to_string();
            if matches!(t.as_str(), "wins" | "losses" | "draw") {
                continue;
            }
            out.push((gi, t, a["ogid"].as_str().map(str::to_string)));
        }
    }
    out
}

#[test]
fn the_match_json_carries_the_codecs_ogid_before_each_action() {
    for p in fixtures() {
        // Every ply, the play made at the board of `board-play` too: the replay goes on from
        // the board the file stores after it.
        let want = expected(&codec_plies(&p.with_extension("ogids")));
        let got = json_ogids(&json_of(&p));
        let got: Vec<(usize, Option<String>)> = got.into_iter().map(|(g, _, o)| (g, o)).collect();
        let want: Vec<(usize, Option<String>)> = want.into_iter().map(|(g, b, _)| (g, b)).collect();
        assert_eq!(got, want, "{}", p.display());
    }
}

/// The records the OGXM fixtures were written from: the match JSON of the record itself gives
/// the same OGIDs (the codec's resignation plies aside: a record states a resignation by its
/// result only).
#[test]
fn a_records_json_carries_the_ogids_of_its_ogxm() {
    for rec in RECORDS {
        let mat = root().join(format!("fixtures/backgammon/gnubg/{rec}.mat"));
        let want: Vec<(usize, String)> =
            codec_plies(&root().join(format!("fixtures/ogxm/{rec}.ogids")))
                .into_iter()
                .filter(|p| p.action != 27)
                .map(|p| (p.game, p.before))
                .collect();
        let got: Vec<(usize, String)> = json_ogids(&json_of(&mat))
            .into_iter()
            .filter(|(_, t, _)| t != "resign")
            .map(|(g, t, o)| {
                (
                    g,
                    o.unwrap_or_else(|| panic!("{rec}: a {t} without an ogid")),
                )
            })
            .collect();
        assert_eq!(got, want, "{rec}");
    }
}

/// Every backgammon record of the repository, written as OGXM by the codec: tavla's OGIDs of
/// every ply equal the codec's (skipped without Python and `ogxm`).
#[test]
fn every_record_the_codec_writes_has_its_ogids() {
    let Some(py) = python_or_skip("ogxm") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tavla-ogid-all-{}", std::process::id()));
    let args = [dir.as_os_str(), tavla_path(), OsStr::new("all")];
    python_output(&py, "tests/data/ogxm_fixtures.py", &args);
    let mut files = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|e| e != "ogxm") {
            continue;
        }
        files += 1;
        let want = expected(&codec_plies(&p.with_extension("ogids")));
        let got = tavla_plies(&std::fs::read(&p).unwrap());
        assert_eq!(got, want, "{}", p.display());
    }
    assert!(files >= 200, "{files}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The variant an OGXM fixture's OGIDs are read in.
fn variant_of(name: &str) -> Variant {
    match name {
        "hypergammon" => Variant::Hypergammon3,
        "longgammon" => Variant::Longgammon,
        _ => Variant::Backgammon,
    }
}

#[test]
fn every_codec_ogid_reads_and_writes_back() {
    for p in fixtures() {
        let variant = variant_of(&name(&p));
        let rules = RuleSet::default_for(variant);
        for ply in codec_plies(&p.with_extension("ogids")) {
            for s in [&ply.before, &ply.after] {
                let o: Ogid = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
                assert_eq!(&o.to_string(), s);
                assert_eq!(format!("OGID={s}").parse::<Ogid>().unwrap(), o);
                let spec = parse_position(s, variant, rules.start())
                    .unwrap_or_else(|e| panic!("{s}: {e}"));
                assert_eq!(spec.format, PositionFormat::Ogid);
                assert_eq!(spec.dice, o.dice);
                assert_eq!(spec.on_roll, o.on_roll());
                // The position read holds the game's checkers, and writes the same OGID.
                let written = Ogid {
                    position: spec.position,
                    ..o
                };
                assert_eq!(&written.to_string(), s);
                assert!(tavla::ids::validate(&spec.position, variant).is_ok(), "{s}");
            }
        }
    }
}

/// The positions gnubg read from 510 XGIDs, with their cube, score and dice, written as OGIDs
/// and read back.
#[test]
fn xgid_positions_round_trip_through_ogids() {
    let text = std::fs::read_to_string(root().join("fixtures/backgammon/xgid.tsv")).unwrap();
    let rules = RuleSet::default_for(Variant::Backgammon);
    let mut n = 0;
    for line in text.lines().skip(1) {
        let x = line.split('\t').next().unwrap();
        let Ok(spec) = parse_position(x, Variant::Backgammon, rules.start()) else {
            continue;
        };
        let ctx = spec.context.unwrap_or_default();
        let on_roll = spec.on_roll.unwrap();
        let s = tavla::ids::ogid::ogid(&spec.position, on_roll, spec.dice, &ctx);
        let back = parse_position(&s, Variant::Backgammon, rules.start())
            .unwrap_or_else(|e| panic!("{x} -> {s}: {e}"));
        assert_eq!(back.position, spec.position, "{x} -> {s}");
        assert_eq!(back.on_roll, Some(on_roll), "{x} -> {s}");
        assert_eq!(back.dice, spec.dice, "{x} -> {s}");
        let MatchContext {
            cube,
            cube_owner,
            white_score,
            black_score,
            match_length,
            crawford,
        } = back.context.unwrap();
        assert_eq!(
            (
                cube,
                cube_owner,
                white_score,
                black_score,
                match_length,
                crawford
            ),
            (
                ctx.cube,
                ctx.cube_owner,
                ctx.white_score,
                ctx.black_score,
                ctx.match_length,
                ctx.crawford && ctx.match_length > 0
            ),
            "{x} -> {s}"
        );
        n += 1;
    }
    assert!(n > 400, "{n}");
}

fn tavla(args: &[&str]) -> (i32, String, String) {
    let out = run(args);
    (out.status.code().unwrap_or(-1), stdout(&out), stderr(&out))
}

/// `legal --format json` for a position, as (side, roll, plays with their results' JSON).
fn legal(position: &str, variant: &str) -> serde_json::Value {
    let (code, out, err) = tavla(&[
        "legal",
        "--variant",
        variant,
        "--position",
        position,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{position}: {err}");
    let mut doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    for p in doc["plays"].as_array_mut().unwrap() {
        let r = p["result"].as_object_mut().unwrap();
        r.remove("ogid");
        r.remove("xgid");
    }
    doc
}

/// `legal --position OGID` gives the plays of the same position given as an XGID.
#[test]
fn legal_takes_an_ogid_as_it_takes_the_xgid() {
    let mut n = 0;
    for p in fixtures() {
        let name = name(&p);
        let variant = match variant_of(&name) {
            Variant::Hypergammon3 => "hypergammon-3",
            Variant::Longgammon => "longgammon",
            _ => "backgammon",
        };
        for (k, ply) in codec_plies(&p.with_extension("ogids"))
            .into_iter()
            .filter(|p| p.action <= 20)
            .enumerate()
        {
            if k % 40 != 3 {
                continue;
            }
            let o: Ogid = ply.before.parse().unwrap();
            let on_roll = o.on_roll().unwrap();
            let x = tavla::ids::xgid::xgid(&o.position, on_roll, o.dice, &o.context());
            let by_ogid = legal(&ply.before, variant);
            assert_eq!(by_ogid, legal(&x, variant), "{name}: {} / {x}", ply.before);
            assert_eq!(
                legal(&format!("OGID={}", ply.before), variant),
                by_ogid,
                "{}",
                ply.before
            );
            assert!(!by_ogid["plays"].as_array().unwrap().is_empty());
            n += 1;
        }
    }
    assert!(n >= 20, "{n}");
}

#[test]
fn legal_and_check_print_the_resulting_ogid() {
    let opening = "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0";
    let (code, out, err) = tavla(&["legal", "--position", opening, "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["side"], "white");
    let ogids: Vec<&str> = doc["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["result"]["ogid"].as_str().unwrap())
        .collect();
    // 8/5 6/5: White made the last action, Black to roll.
    assert!(
        ogids.contains(&"11ccccchhjjjjkk:66666888dddddoo:N0N::W:C:0:0:5:0"),
        "{ogids:?}"
    );
    let (code, out, err) = tavla(&["check", "--position", opening, "8/5 6/5"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("OGID=11ccccchhjjjjkk:66666888dddddoo:N0N::W:C:0:0:5:0"),
        "{out}"
    );
}

#[test]
fn a_malformed_ogid_is_a_clear_error() {
    for (bad, says) in [
        (
            "11ccccchhhjjjjj:66666888dddddoo:N0X:13:B:IB:0:0:5:0",
            "OGID: the cube field is `N0X`",
        ),
        (
            "OGID=11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0",
            "an OGID has 10 fields",
        ),
        (
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0:3",
            "the checker count is `3`",
        ),
        (
            "11ccccchhhjjjjp:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
            "25 is Black's bar",
        ),
    ] {
        let (code, _, err) = tavla(&["legal", "--position", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains(says), "{bad}: {err}");
    }
    // Backgammon's board only.
    let (code, _, err) = tavla(&[
        "legal",
        "--variant",
        "gul-bara",
        "--position",
        "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("an OGID describes a backgammon position"),
        "{err}"
    );
}

/// `show` prints the OGID of the moment shown as the codec gives it, beside the XGID.
#[test]
fn show_prints_the_codecs_ogid() {
    let drop = root().join("fixtures/ogxm/drop.ogxm");
    let drop = drop.to_str().unwrap();
    let (_, out, err) = tavla(&["show", "--ascii", drop]);
    assert!(
        out.contains(" OGID=11cccehhhhjjjjj:666668889ddddio:W1T::B:A:0:1:5:2\n"),
        "{out}{err}"
    );
    assert!(out.contains(" XGID="), "{out}");
    let (_, out, _) = tavla(&["show", "--ascii", drop, "--game", "2", "--turn", "1"]);
    assert!(
        out.contains(" OGID=11ccccchhhjjjjj:66666888dddddoo:N0N:46:W:IB:0:1:5:0\n"),
        "{out}"
    );
    let (_, out, _) = tavla(&[
        "show", "--ascii", drop, "--game", "2", "--turn", "1", "--after",
    ]);
    assert!(
        out.contains(" OGID=11ccccchhhjjjjj:666668889ddddio:N0N::B:C:0:1:5:1\n"),
        "{out}"
    );
}
