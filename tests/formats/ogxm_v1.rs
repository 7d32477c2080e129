//! OGXM v1: gammonview's `.gvab` files (fixtures/ogxm/v1, copied from its sample corpus, and a
//! short match written with its v1 writer) read as the reference codec reads them: the same
//! boards after every dice ply, the same results, the same analysis figures, and the same
//! games as the codec's own conversion to v2. What the codec reads is in `NAME.ogids` and
//! `NAME.codec.json`, written by tests/data/ogxm_v1_fixtures.py.

use std::path::{Path, PathBuf};

use crate::common::ogxm::{ogid_board, reads_with_problems_located, with_ogids};
use crate::common::{
    json_of, python_or_skip, python_output, root, tavla, temp_file, validate_short,
};

fn dir() -> PathBuf {
    root().join("fixtures/ogxm/v1")
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(dir().join(name)).expect("fixture")
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    temp_file("ogxm-v1", name, bytes)
}

/// The v1 files of the fixtures, each with the codec's positions beside it.
fn files() -> Vec<PathBuf> {
    with_ogids("fixtures/ogxm/v1", "gvab")
}

fn validate(p: &Path) -> (i32, String) {
    validate_short(p, &[])
}

fn actions(g: &serde_json::Value) -> &Vec<serde_json::Value> {
    g["actions"].as_array().unwrap()
}

fn turns(g: &serde_json::Value) -> impl Iterator<Item = &serde_json::Value> {
    actions(g).iter().filter(|a| a["type"] == "turn")
}

fn games(doc: &serde_json::Value) -> &Vec<serde_json::Value> {
    doc["games"].as_array().unwrap()
}

fn codec_view(p: &Path) -> serde_json::Value {
    let name = p.file_stem().unwrap().to_str().unwrap();
    // The match restated with its play made at the board has the match's analysis.
    let name = name.strip_suffix("-board").unwrap_or(name);
    let text = std::fs::read_to_string(dir().join(format!("{name}.codec.json"))).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn every_v1_fixture_reads_and_validates_clean() {
    let files = files();
    assert!(files.len() >= 8, "{files:?}");
    for p in files {
        let (code, out) = validate(&p);
        assert_eq!(code, 0, "{}: {out}", p.display());
        assert!(!out.contains("error["), "{}: {out}", p.display());
        assert!(!out.contains("warning["), "{}: {out}", p.display());
        let r = tavla::ogxm::read(&std::fs::read(&p).unwrap());
        assert!(r.problems.is_empty(), "{}: {:?}", p.display(), r.problems);
    }
    // The SHA-256 `CSUM` of the reference codec's algorithm 3.
    let (code, out) = validate(&dir().join("small-sha256.gvab"));
    assert_eq!(code, 0, "{out}");
}

#[test]
fn every_dice_ply_leaves_the_position_the_codec_replays() {
    for p in files() {
        let want: Vec<String> = std::fs::read_to_string(p.with_extension("ogids"))
            .unwrap()
            .lines()
            .filter_map(|l| {
                let (id, board) = l.split_once(' ')?;
                let id = id.parse::<u8>().ok()?;
                (id <= 20 || id == 31).then(|| board.to_string())
            })
            .collect();
        let doc = json_of(&p);
        assert_eq!(doc["valid"], true, "{}", p.display());
        let got: Vec<String> = games(&doc)
            .iter()
            .flat_map(turns)
            .map(|a| ogid_board(&a["position"]))
            .collect();
        assert_eq!(got, want, "{}", p.display());
    }
}

#[test]
fn the_games_end_with_the_codecs_winners_and_points() {
    for p in files() {
        let view = codec_view(&p);
        let doc = json_of(&p);
        let ours = games(&doc);
        let theirs = view["games"].as_array().unwrap();
        assert_eq!(ours.len(), theirs.len(), "{}", p.display());
        for (k, (g, c)) in ours.iter().zip(theirs).enumerate() {
            let winner = match c["winner"].as_u64() {
                Some(0) => "white",
                Some(1) => "black",
                _ => panic!("{}: game {k} has no winner", p.display()),
            };
            assert_eq!(g["result"]["winner"], winner, "{} game {k}", p.display());
            assert_eq!(
                g["result"]["points"],
                c["points_won"],
                "{} game {k}",
                p.display()
            );
        }
        assert_eq!(
            doc["players"]["white"],
            view["player_white"],
            "{}",
            p.display()
        );
        assert_eq!(
            doc["players"]["black"],
            view["player_black"],
            "{}",
            p.display()
        );
        assert_eq!(
            doc["match_length"].as_u64().unwrap_or(0),
            view["match_length"].as_u64().unwrap(),
            "{}",
            p.display()
        );
    }
}

fn near(a: &serde_json::Value, b: &serde_json::Value, what: &str) {
    let (x, y) = (a.as_f64().unwrap(), b.as_f64().unwrap());
    assert!((x - y).abs() < 1e-6, "{what}: {x} against the codec's {y}");
}

/// The figures of tavla's cube analysis against the codec's `[nd, dt, dp, depth]`.
fn same_cube(ours: &serde_json::Value, theirs: &serde_json::Value, what: &str) {
    near(&ours["no_double"], &theirs[0], what);
    near(&ours["double_take"], &theirs[1], what);
    near(&ours["double_pass"], &theirs[2], what);
}

#[test]
fn the_analysis_holds_the_codecs_figures() {
    let mut candidates = 0;
    let mut cubes = 0;
    for p in files() {
        let view = codec_view(&p);
        let doc = json_of(&p);
        for (k, (g, c)) in games(&doc)
            .iter()
            .zip(view["games"].as_array().unwrap())
            .enumerate()
        {
            let want = c["turns"].as_array().unwrap();
            let got: Vec<&serde_json::Value> = turns(g).collect();
            assert_eq!(got.len(), want.len(), "{} game {k}", p.display());
            for (t, (a, w)) in got.iter().zip(want).enumerate() {
                let what = format!("{} game {k} turn {t}", p.display());
                // The codec leaves a play restated as a set-position ply without its analysis.
                if w.is_null() {
                    continue;
                }
                let an = &a["analysis"];
                let cands = an["candidates"].as_array().unwrap();
                let wc = w["candidates"].as_array().unwrap();
                assert_eq!(cands.len(), wc.len(), "{what}");
                for (j, (x, y)) in cands.iter().zip(wc).enumerate() {
                    let what = format!("{what} candidate {j}");
                    near(&x["equity"], &y[0], &what);
                    for i in 0..5 {
                        near(&x["probabilities"][i], &y[1 + i], &what);
                    }
                    if y[6] == 1 {
                        assert_eq!(an["played"], j, "{what}");
                    }
                    // The small match's `GVAN` gives levels of its own, which the codec
                    // does not read; gammonview's samples agree with the depth in `EVAL`.
                    if !p.ends_with("small.gvab") {
                        assert_eq!(x["level"], format!("{}-ply", y[7]), "{what}");
                    }
                    candidates += 1;
                }
                match (&an["cube"], &w["cube"]) {
                    (serde_json::Value::Null, serde_json::Value::Null) => {}
                    (ours, theirs) => {
                        same_cube(ours, theirs, &what);
                        cubes += 1;
                    }
                }
            }
            let decisions: Vec<&serde_json::Value> = actions(g)
                .iter()
                .filter(|a| ["double", "take", "drop"].contains(&a["type"].as_str().unwrap()))
                .collect();
            let want = c["cubes"].as_array().unwrap();
            assert_eq!(decisions.len(), want.len(), "{} game {k}", p.display());
            for (a, w) in decisions.iter().zip(want) {
                let what = format!("{} game {k} {}", p.display(), a["type"]);
                if !w["cube"].is_null() {
                    same_cube(&a["analysis"]["cube"], &w["cube"], &what);
                    assert_eq!(
                        a["analysis"]["cube"]["level"],
                        format!("{}-ply", w["cube"][3]),
                        "{what}"
                    );
                    cubes += 1;
                }
            }
        }
    }
    assert!(candidates > 5000 && cubes > 500, "{candidates} {cubes}");
}

/// What gammonview's `GVAN` adds, which the codec does not read: the luck of each roll and
/// the evaluation level of each figure (the small match's, as written by hand in
/// tests/data/ogxm_v1_fixtures.py); and the event and site of its `MHDR`.
#[test]
fn gammonviews_luck_levels_and_place_are_read() {
    let doc = json_of(&dir().join("small.gvab"));
    let g = &games(&doc)[0];
    let t: Vec<&serde_json::Value> = turns(g).collect();
    let an = |k: usize| &t[k]["analysis"];
    assert_eq!(an(0)["luck"], 0.2046);
    assert_eq!(an(1)["luck"], -0.0313);
    assert_eq!(an(2)["luck"], -0.1503);
    let levels = |k: usize| -> Vec<String> {
        an(k)["candidates"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["level"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(levels(0), ["2-ply", "3-ply", "2-ply"]);
    assert_eq!(levels(1), ["2-ply", "truncated 3-ply"]);
    assert_eq!(levels(2), ["rollout", "2-ply"]);
    assert_eq!(an(1)["cube"]["level"], "rollout");
    // Candidates in the mover's numbering; the play made at the board has none played.
    assert_eq!(an(0)["candidates"][2]["play"], "24/21 24/23");
    assert_eq!(an(1)["candidates"][0]["play"], "24/18 13/9");
    assert_eq!(an(2)["candidates"][0]["play"], "13/10 10/9");
    assert_eq!(an(0)["played"], 0);
    assert!(an(2)["played"].is_null());
    let tags: Vec<(String, String)> = doc["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["value"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(
        tags.contains(&("Event".into(), "Club Night".into())),
        "{tags:?}"
    );
    assert!(tags.contains(&("Site".into(), "Home".into())), "{tags:?}");
    // The resignation's value, which v1 does not store: the game's 2 points at cube 1.
    let g2 = &games(&doc)[1];
    assert_eq!(g2["result"]["how"], "resignation");
    assert_eq!(g2["result"]["points"], 2);
    let resign = actions(g2).iter().find(|a| a["type"] == "resign").unwrap();
    assert_eq!(resign["player"], "white");
}

/// A play no order of its steps makes legal (gammonview's `illegal_move`, or a set-position
/// ply with the dice) is reported as made at the board, and the game goes on from the board
/// it left, as the codec's positions (replayed as written) show.
#[test]
fn a_play_made_at_the_board_is_a_note_and_the_game_goes_on() {
    for name in [
        "5nqfGw9bWG3deTaU.gvab",
        "5nqfGw9bWG3deTaU-board.gvab",
        "small.gvab",
    ] {
        let out = tavla()
            .args(["validate", "--color", "never"])
            .arg(dir().join(name))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {text}");
        assert!(
            text.contains("illegal as played, as the record states"),
            "{name}: {text}"
        );
        assert!(text.contains("made at the board"), "{name}: {text}");
    }
    // The play as gammonview's sample states it: 14/10 13/12 with 3-1.
    let out = tavla()
        .args(["validate", "--color", "never"])
        .arg(dir().join("5nqfGw9bWG3deTaU.gvab"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("31: 14/10 13/12"), "{text}");
    assert!(text.contains("game 1, turn 11, white"), "{text}");
    // Seated on either side, the set-position ply is the mover's play.
    let good = fixture("small.gvab");
    let at = good
        .windows(2)
        .position(|w| w[0] & 0x1f == 31 && w[0] & 0x40 != 0 && w[1] == 0x13)
        .expect("the set-position ply");
    let mut moved = good.clone();
    moved[at] ^= 0x20;
    let moved = with_crc(&moved);
    let a = tavla::ogxm::read(&good);
    let b = tavla::ogxm::read(&moved);
    assert!(b.problems.is_empty(), "{:?}", b.problems);
    assert_eq!(
        format!("{:?}", a.matches[0].games[0].actions),
        format!("{:?}", b.matches[0].games[0].actions)
    );
}

/// `file` with its CRC-32 `CSUM` recomputed (the chunk's payload: algorithm 0, the CRC).
fn with_crc(file: &[u8]) -> Vec<u8> {
    let at = file.windows(4).rposition(|w| w == b"CSUM").expect("CSUM");
    let mut d = file.to_vec();
    let crc = crc32fast::hash(&d[..at]);
    d[at + 16..at + 20].copy_from_slice(&crc.to_le_bytes());
    d
}

/// The games of a file as read (before any check): per game the winner, the points, and each
/// ply's seat and action (steps as point and pips, without their bytes).
fn plies_of(bytes: &[u8]) -> Vec<(Option<u64>, u64, Vec<String>)> {
    use tavla::ogxm::plies::Action;
    let f = tavla::ogxm::parse(bytes).expect("a file that reads");
    let steps = |s: &[(u8, u8, usize)]| s.iter().map(|&(f, p, _)| (f, p)).collect::<Vec<_>>();
    f.games
        .iter()
        .map(|g| {
            let plies = g
                .plies
                .iter()
                .filter_map(|p| {
                    let what = match &p.action {
                        Action::Roll { dice, steps: s } => format!("roll {dice:?} {:?}", steps(s)),
                        Action::Illegal {
                            dice,
                            steps: s,
                            board,
                        } => format!("at the board {dice:?} {:?} {board:?}", steps(s)),
                        // Markers (game over, the match's end) the conversion need not keep.
                        Action::Other { id } if !tavla::ogxm::plies::breaks_replay(*id) => {
                            return None;
                        }
                        a => format!("{a:?}"),
                    };
                    Some(format!(
                        "{} {what}",
                        if p.white { "white" } else { "black" }
                    ))
                })
                .collect();
            (g.winner, g.points_won, plies)
        })
        .collect()
}

/// The plays and positions of a match document's turns, and its results, game by game, for
/// the games that were checked.
fn games_of(doc: &serde_json::Value) -> Vec<(Vec<String>, serde_json::Value)> {
    games(doc)
        .iter()
        .filter(|g| !g["result"].is_null())
        .map(|g| {
            let plays = actions(g)
                .iter()
                .map(|a| match a["type"].as_str().unwrap() {
                    "turn" => format!(
                        "{} {} {} {}",
                        a["player"],
                        a["dice"],
                        a["stages"][0]["play"],
                        ogid_board(&a["position"])
                    ),
                    t => format!("{} {t}", a["player"]),
                })
                .collect();
            (plays, g["result"].clone())
        })
        .collect()
}

/// A v1 file and the codec's `v1_to_v2` conversion of it are the same match to tavla: the
/// same games, plies and results as read, and the same plays, positions and results where
/// checked. The codec reads gammonview's cube limit (`MHDR` bytes 16–17, 64 in these files)
/// as White's score before the first game, and its v2 file states that score: a 5-point
/// match at 64–0, whose games after the second tavla finds played after the match ended and
/// does not check.
#[test]
fn a_v1_file_and_its_codec_conversion_are_the_same_match() {
    let mut n = 0;
    for p in files() {
        let v2 = p.with_extension("v2.ogxm");
        if !v2.exists() {
            assert_eq!(codec_view(&p)["converts_to_v2"], false, "{}", p.display());
            continue;
        }
        let (a, b) = (std::fs::read(&p).unwrap(), std::fs::read(&v2).unwrap());
        assert_eq!(plies_of(&a), plies_of(&b), "{}", p.display());
        let (a, b) = (json_of(&p), json_of(&v2));
        let (ga, gb) = (games_of(&a), games_of(&b));
        assert!(!gb.is_empty(), "{}", p.display());
        assert_eq!(ga[..gb.len()], gb[..], "{}", p.display());
        assert_eq!(games(&a)[0]["score_before"]["white"], 0, "{}", p.display());
        assert_eq!(games(&b)[0]["score_before"]["white"], 64, "{}", p.display());
        n += 1;
    }
    assert!(n >= 3, "{n}");
}

/// Why the codec does not replay these files to their end (`replay_complete: false`): it
/// plays a ply's steps in the order stored, and gammonview stored them in an order the
/// rules do not allow; tavla plays them in the order that is legal. The plies the script
/// had to reorder are checked without a finding.
#[test]
fn steps_stored_out_of_order_are_played_in_the_order_that_is_legal() {
    let mut reordered = 0;
    for p in files() {
        let view = codec_view(&p);
        if p.to_string_lossy().ends_with("-board.gvab") {
            continue;
        }
        let n = view["reordered"].as_array().unwrap().len();
        if n > 0 {
            assert_eq!(view["replay_complete"], false, "{}", p.display());
        }
        reordered += n;
    }
    assert!(reordered >= 20, "{reordered}");
}

/// Damaged v1 files are located findings: cut short, a byte changed, an unknown critical
/// chunk, a chunk length past the end, a damaged analysis block (a warning: the match is
/// still read).
#[test]
fn damaged_v1_files_are_located() {
    let good = fixture("small.gvab");
    let (code, out) = validate(&tmp("cut.gvab", &good[..good.len() - 10]));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tavla::ogxm::truncated"), "{out}");
    let mut bad = good.clone();
    bad[40] ^= 0x40;
    let (code, out) = validate(&tmp("crc.gvab", &bad));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tavla::ogxm::bad-checksum"), "{out}");
    let sha = fixture("small-sha256.gvab");
    let mut bad = sha.clone();
    bad[40] ^= 0x40;
    let (code, out) = validate(&tmp("sha.gvab", &bad));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("SHA-256"), "{out}");
    // A chunk inserted before `CSUM`: critical and unknown (refused), not critical (skipped),
    // and one whose length runs past the end.
    let insert = |chunk: &[u8]| {
        let at = good.windows(4).rposition(|w| w == b"CSUM").unwrap();
        let mut d = good[..at].to_vec();
        d.extend_from_slice(chunk);
        d.extend_from_slice(&good[at..]);
        let size = (d.len() as u32).to_le_bytes();
        d[12..16].copy_from_slice(&size);
        let n = d.len();
        d[n - 4..].copy_from_slice(&size);
        with_crc(&d)
    };
    let (code, out) = validate(&tmp("crit.gvab", &insert(b"ZZZZ\x01\0\0\0\x01\0\0\0\x00")));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tavla::ogxm::unknown-critical-section") && out.contains("`ZZZZ`"),
        "{out}"
    );
    let (code, out) = validate(&tmp("skip.gvab", &insert(b"ZZZZ\x01\0\0\0\x00\0\0\0\x00")));
    assert_eq!(code, 0, "{out}");
    let (code, out) = validate(&tmp("long.gvab", &insert(b"ZZZZ\xff\xff\xff\x7f\0\0\0\0")));
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tavla::ogxm::bad-record") && out.contains("`ZZZZ`"),
        "{out}"
    );
    // An `EVAL` chunk one entry short: the analysis is not read, the match is.
    let at = good.windows(4).position(|w| w == b"EVAL").unwrap();
    let len = u32::from_le_bytes(good[at + 4..at + 8].try_into().unwrap()) as usize;
    let mut d = good[..at].to_vec();
    d.extend_from_slice(b"EVAL");
    d.extend_from_slice(&((len - 20) as u32).to_le_bytes());
    d.extend_from_slice(&good[at + 8..at + 12]);
    d.extend_from_slice(&good[at + 12..at + 12 + len - 20]);
    d.extend_from_slice(&good[at + 12 + len..]);
    let size = (d.len() as u32).to_le_bytes();
    d[12..16].copy_from_slice(&size);
    let n = d.len();
    d[n - 4..].copy_from_slice(&size);
    let d = with_crc(&d);
    let r = tavla::ogxm::read(&d);
    assert_eq!(r.matches.len(), 1);
    assert!(
        r.problems
            .iter()
            .any(|p| !p.error && p.message.contains("`EVAL`") && p.span.offset == at),
        "{:?}",
        r.problems
    );
    assert!(
        r.matches[0]
            .games
            .iter()
            .flat_map(|g| &g.actions)
            .all(|a| a.analysis.is_none())
    );
    // A file asking for a reader newer than v1.4.
    let mut d = good.clone();
    d[10] = 5;
    let (code, out) = validate(&tmp("newer.gvab", &with_crc(&d)));
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tavla::ogxm::unsupported"), "{out}");
}

/// Every prefix of a v1 file, and the file with any one byte changed (with its checksum as it
/// stands, and recomputed so that the change reaches the chunks), reads without a panic, with
/// every problem inside the bytes read; the record then validates without a panic.
#[test]
fn every_prefix_and_changed_byte_reads_with_its_problems_located() {
    let good = fixture("small.gvab");
    let check = reads_with_problems_located;
    for n in 0..good.len() {
        check(&good[..n]);
    }
    let csum = good.windows(4).rposition(|w| w == b"CSUM").unwrap();
    for i in 0..good.len() {
        for flip in [0x5a, 0x01, 0x80] {
            let mut b = good.clone();
            b[i] ^= flip;
            check(&b);
            if i < csum {
                check(&with_crc(&b));
            }
        }
    }
}

/// The committed files are what the script writes with the codec (skipped without it).
#[test]
fn the_v1_fixtures_are_what_the_script_writes() {
    let Some(py) = python_or_skip("ogxm, gvformat") else {
        return;
    };
    let out = std::env::temp_dir().join(format!("tavla-ogxm-v1-gen-{}", std::process::id()));
    let fixtures = dir();
    let args = [fixtures.as_os_str(), out.as_os_str()];
    python_output(&py, "tests/data/ogxm_v1_fixtures.py", &args);
    let mut n = 0;
    for e in std::fs::read_dir(&out).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap();
        assert_eq!(
            std::fs::read(&p).unwrap(),
            std::fs::read(dir().join(name)).unwrap_or_default(),
            "{}",
            p.display()
        );
        n += 1;
    }
    assert!(n >= 20, "{n}");
}
