//! eXtreme Gammon's `.xg` files: the real files of kevung/gbf (fixtures/xg) read into typed
//! records that replay like their `.mat` exports, a changed move reported at its game, turn,
//! side and record of `temp.xg`, and damaged files reported, never a panic.

use std::path::{Path, PathBuf};

use crate::common::xg::{RECORD, members, move_records, repack, zlib};
use crate::common::{self, files, root};

use serde_json::Value;
use tavla::codes::Code;
use tavla::input::decode;
use tavla::notation::{CellBody, Column, Span};
use tavla::record::{Action, Binary, HeaderItem, Match, Origin, Record};
use tavla::replay::{Finding, Overrides, Verdict, check};
use tavla::report::json::match_json;
use tavla::rules::Side;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/xg");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(Path::new(DIR).join(name)).expect("fixture")
}

fn xg_files() -> Vec<PathBuf> {
    files(DIR, "xg")
}

/// Check a record read from an `.xg` file as the pipeline does: replayed, its reader's
/// problems among the findings, every finding located in `temp.xg` (or the file).
fn check_xg(r: &Record) -> Verdict {
    check(r.clone(), &Overrides::default())
}

fn codes(findings: &[Finding]) -> Vec<String> {
    let mut v: Vec<String> = findings.iter().map(|f| f.code.to_string()).collect();
    v.sort();
    v
}

fn problem_codes(r: &Record) -> Vec<Code> {
    r.problems.iter().map(|p| p.code).collect()
}

/// The one match of a record read from an `.xg` file.
fn the_match(r: &Record) -> &Match {
    assert_eq!(r.matches.len(), 1, "{:?}", r.problems);
    &r.matches[0]
}

/// The entry of game `game` (1-based) at turn `turn` in `side`'s column.
fn action_at(m: &Match, game: usize, turn: u64, side: Side) -> &Action {
    let column = match side {
        Side::White => Column::Left,
        Side::Black => Column::Right,
    };
    m.games[game - 1]
        .actions
        .iter()
        .find(|a| a.turn_number == Some(turn) && a.column() == column)
        .unwrap_or_else(|| panic!("no entry at game {game}, turn {turn}, {side:?}"))
}

/// A turn entry's roll and its steps as written (`(4, 3)`, `["24/17", "23/20"]`).
fn play_of(m: &Match, a: &Action) -> ((u8, u8), Vec<String>) {
    let CellBody::Turn { stages } = &a.cell.body else {
        panic!("not a turn: {a:?}")
    };
    let st = stages.of(&m.stages);
    assert_eq!(st.len(), 1, "{a:?}");
    (
        (st[0].a, st[0].b),
        st[0]
            .moves
            .steps
            .of(&m.steps)
            .iter()
            .map(ToString::to_string)
            .collect(),
    )
}

/// Every comment of a match: its header comments and its entries' comments.
fn all_comments(m: &Match) -> Vec<String> {
    let mut v: Vec<String> = m
        .header
        .iter()
        .filter_map(|h| match h {
            HeaderItem::Comment { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    v.extend(
        m.games
            .iter()
            .flat_map(|g| &g.actions)
            .filter_map(|a| a.comment.clone()),
    );
    v
}

/// The JSON of the games without what depends on the text's layout or wording: lines,
/// spans, the source text, the spelling of the resignation marker (`????` against XG's
/// `???`) and the hit marks of the written play.
fn games_json(v: &Verdict, text: &str) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(m) => {
                // The `.mat` export carries neither XG's analysis nor the comments of its
                // moves (tests/formats/analysis.rs checks the analysis against xgdatatools).
                for k in ["line", "span", "source", "analysis", "comment"] {
                    m.remove(k);
                }
                // XG's own export writes `???` for a roll followed by a resignation, the
                // record read from the `.xg` `????` (records.md): the same marker.
                // Hits are compared in the steps (`hit`, computed from the board): gnubg's
                // export marks them with `*`, XG's and the `.xg` reader do not.
                if let Some(play) = m.get("play").and_then(Value::as_str) {
                    let play = if play == "???" {
                        "????".into()
                    } else {
                        play.replace('*', "")
                    };
                    m.insert("play".into(), play.into());
                }
                m.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut j = match_json(v, false, text)["games"].take();
    strip(&mut j);
    j
}

#[test]
fn every_real_file_is_read_without_a_problem() {
    let files = xg_files();
    assert_eq!(files.len(), 8);
    for p in files {
        let r = tavla::xg::read(&std::fs::read(&p).unwrap());
        assert!(r.problems.is_empty(), "{}: {:?}", p.display(), r.problems);
        let b = r.binary.clone().expect("a binary record");
        assert_eq!(b.member.as_deref(), Some("temp.xg"), "{}", p.display());
        assert!(b.stored_at.is_some(), "{}", p.display());
        assert!(r.text.is_none(), "{}", p.display());
        let m = the_match(&r).clone();
        let v = check_xg(&r);
        assert!(!v.games.is_empty(), "{}", p.display());
        assert_eq!(v.games.len(), m.games.len(), "{}", p.display());
        // Every finding on a move, cube or result comes back to its record of temp.xg: the
        // record of the entry at its game, turn and side, and that entry in words.
        for f in &v.findings {
            let Some(pl) = f.place else { continue };
            let (Some(turn), Some(side)) = (pl.turn, pl.side) else {
                continue;
            };
            let o = f.byte_offset().expect("a byte offset") as usize;
            assert!(
                matches!(f.origin, Some(Origin::Member { .. })),
                "{}: {f:?}",
                p.display()
            );
            let a = action_at(&m, pl.game, turn, side);
            assert_eq!(a.cell.span.len, RECORD, "{}: {a:?}", p.display());
            assert_eq!(a.cell.span.offset % RECORD, 0, "{}: {a:?}", p.display());
            assert_eq!(
                o / RECORD * RECORD,
                a.cell.span.offset,
                "{}: {f:?}",
                p.display()
            );
            assert!(f.entry.is_some(), "{}: {f:?}", p.display());
        }
        let errors: Vec<&Finding> = v
            .findings
            .iter()
            .filter(|f| f.severity == tavla::Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{}:\n{errors:#?}", p.display());
    }
}

/// The two files with `.mat` twins (XG's and gnubg's exports of the same matches). gnubg's
/// export of the second does not write `and the match` on the last game's `Wins`.
const TWINS: &[(&str, &str)] = &[
    ("test.xg", "test.mat"),
    (
        "charlot1-charlot2_7p_2025-11-08-2305.xg",
        "charlot1-charlot2_7p_2025-11-08-2305.mat",
    ),
];

#[test]
fn the_files_with_mat_twins_give_the_same_json_turn_by_turn() {
    for (xg, mat) in TWINS {
        let r = tavla::xg::read(&fixture(xg));
        assert!(r.problems.is_empty(), "{xg}: {:?}", r.problems);
        let (text, _) = decode(&fixture(mat));
        let ours = check(r, &Overrides::default());
        let theirs = check(tavla::notation::read(&text), &Overrides::default());
        assert!(!ours.games.is_empty(), "{xg}");
        let a = games_json(&ours, "");
        let mut b = games_json(&theirs, &text);
        if xg.starts_with("charlot") {
            let last = b.as_array_mut().unwrap().last_mut().unwrap();
            let wins = last["actions"].as_array_mut().unwrap().last_mut().unwrap();
            assert_eq!(wins["and_match"], false);
            wins["and_match"] = true.into();
        }
        let (ga, gb) = (a.as_array().unwrap(), b.as_array().unwrap());
        assert_eq!(ga.len(), gb.len(), "{xg}: games");
        for (i, (x, y)) in ga.iter().zip(gb).enumerate() {
            let (ax, ay) = (
                x["actions"].as_array().unwrap(),
                y["actions"].as_array().unwrap(),
            );
            for (k, (p, q)) in ax.iter().zip(ay).enumerate() {
                assert_eq!(p, q, "{xg}: game {}, action {}", i + 1, k + 1);
            }
            assert_eq!(ax.len(), ay.len(), "{xg}: game {}: actions", i + 1);
            assert_eq!(x, y, "{xg}: game {}", i + 1);
        }
    }
}

#[test]
fn the_files_with_mat_twins_get_the_findings_of_their_twins() {
    for (xg, mat) in TWINS {
        let r = tavla::xg::read(&fixture(xg));
        let (text, _) = decode(&fixture(mat));
        let ours = check_xg(&r).findings;
        let theirs = check(tavla::notation::read(&text), &Overrides::default()).findings;
        assert_eq!(codes(&ours), codes(&theirs), "{xg}");
    }
}

#[test]
fn the_repacker_reproduces_a_file_that_reads_the_same() {
    let original = fixture("match_with_comment.xg");
    let packed = repack(&original, &members(&original), |_, n| n as i32);
    let (a, b) = (tavla::xg::read(&original), tavla::xg::read(&packed));
    assert!(a.problems.is_empty(), "{:?}", a.problems);
    assert!(b.problems.is_empty(), "{:?}", b.problems);
    assert_eq!(
        a.binary.as_ref().and_then(|x| x.member.clone()),
        b.binary.as_ref().and_then(|x| x.member.clone())
    );
    // The same match, entry by entry and location by location, and the same boards.
    assert!(!the_match(&a).games.is_empty());
    assert_eq!(format!("{:?}", a.matches), format!("{:?}", b.matches));
    assert_eq!(a.boards, b.boards);
    assert!(!a.boards.is_empty());
    let (va, vb) = (check_xg(&a), check_xg(&b));
    assert_eq!(match_json(&va, false, ""), match_json(&vb, false, ""));
    assert_eq!(va.findings, vb.findings);
}

#[test]
fn comments_are_kept_in_the_record() {
    let r = tavla::xg::read(&fixture("match_with_comment.xg"));
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    let m = the_match(&r);
    // A move's comment on its entry: game 1, turn 2, white.
    let a = action_at(m, 1, 2, Side::White);
    assert_eq!(
        a.comment.as_deref(),
        Some("coup assez difficile"),
        "{:?}",
        all_comments(m)
    );
    // And the next one, on game 1, turn 3, white: the only other comment of the file.
    assert_eq!(
        action_at(m, 1, 3, Side::White).comment.as_deref(),
        Some("les double 66 sont toujpurs difficiles à trouver")
    );
    assert_eq!(all_comments(m).len(), 2, "{:?}", all_comments(m));
    // The header's comments (the match's, and each game's as `game N: …`; none in this
    // file) are the JSON's.
    let v = check_xg(&r);
    let j = match_json(&v, false, "");
    let json: Vec<&str> = j["comments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["text"].as_str().unwrap())
        .collect();
    let header: Vec<String> = m
        .header
        .iter()
        .filter_map(|h| match h {
            HeaderItem::Comment { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(json, header);
}

#[test]
fn a_changed_move_is_reported_at_its_game_turn_side_and_record() {
    let original = fixture("test.xg");
    let mut members = members(&original);
    let temp = &mut members[0].1;
    // Game 2's fourth move record: player 1 (White) plays 3-2 as 6/3 3/1 in test.mat's
    // turn 3. Make the second pair 6/2: a 4, for which the roll has no die.
    let moves = move_records(temp);
    let (at, game) = moves.iter().copied().filter(|m| m.1 == 2).nth(3).unwrap();
    assert_eq!(game, 2);
    let pair = |r: &[u8], k: usize| {
        i32::from_le_bytes(r[at + 68 + 4 * k..at + 72 + 4 * k].try_into().unwrap())
    };
    assert_eq!(
        (pair(temp, 0), pair(temp, 1), pair(temp, 2), pair(temp, 3)),
        (5, 2, 2, 0)
    );
    temp[at + 68 + 8..at + 72 + 8].copy_from_slice(&5i32.to_le_bytes());
    temp[at + 68 + 12..at + 72 + 12].copy_from_slice(&1i32.to_le_bytes());
    let packed = repack(&original, &members, |_, n| n as i32);
    let r = tavla::xg::read(&packed);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    // The record holds the changed play, at its record of temp.xg.
    let m = the_match(&r);
    let a = action_at(m, 2, 3, Side::White);
    assert_eq!(a.cell.span, Span::new(at, RECORD));
    assert_eq!(play_of(m, a), ((3, 2), vec!["6/3".into(), "6/2".into()]));
    let v = check_xg(&r);
    let errors: Vec<&Finding> = v
        .findings
        .iter()
        .filter(|f| f.severity == tavla::Severity::Error)
        .collect();
    assert!(!errors.is_empty());
    let f = errors[0];
    let place = f.place.expect("a place");
    assert_eq!(
        (place.game, place.turn, place.side),
        (2, Some(3), Some(Side::White)),
        "{f:?}"
    );
    // Located in the play's record of temp.xg (the record, or a field of it).
    // Located at the changed from/to pair of the play's record in temp.xg (the second pair:
    // record + 68 + 8).
    assert_eq!(
        f.origin,
        Some(Origin::Member {
            offset: (at + 76) as u64,
            len: 8
        }),
        "{f:?}"
    );
    let o = f.byte_offset().expect("a byte offset");
    assert_eq!(o / RECORD as u64 * RECORD as u64, at as u64);
    // The entry in words, for a file with no text to show.
    assert_eq!(f.entry.as_deref(), Some("32: 6/3 6/2"), "{f:?}");
    // The machine formats carry the place.
    let idx = tavla::report::LineIndex::new("");
    let j = tavla::report::finding_json("m.xg", "", &idx, f);
    assert_eq!(
        (
            j["game"].clone(),
            j["turn"].clone(),
            j["side"].clone(),
            j["byte_offset"].clone()
        ),
        (2.into(), 3.into(), "white".into(), o.into())
    );
    // The file has no lines: JSON gives none.
    for k in [
        "line",
        "column",
        "end_line",
        "end_column",
        "offset",
        "length",
    ] {
        assert!(j[k].is_null(), "{k}: {j}");
    }
    let file = tavla::report::formats::FileFindings {
        path: "m.xg",
        text: "",
        findings: std::slice::from_ref(f),
    };
    let sarif = tavla::report::formats::sarif(&[file], "0", None);
    let loc = &sarif["runs"][0]["results"][0]["locations"][0];
    // The offset is in the compressed member, not the file: no region, a logical location
    // and the offset as a property.
    assert!(loc["physicalLocation"].get("region").is_none(), "{loc}");
    assert_eq!(
        loc["logicalLocations"][0]["fullyQualifiedName"],
        format!("game 2, turn 3, white, record at byte {o}")
    );
    assert_eq!(loc["properties"]["recordOffset"], o);
    assert_eq!(loc["properties"]["recordLength"], 8);
    // The human rendering names the place and the play, and shows no line of a text.
    let style = tavla::report::Style {
        color: false,
        unicode: false,
        width: 100,
    };
    let human = tavla::report::render_human("m.xg", "", std::slice::from_ref(f), style);
    assert!(
        human.contains(&format!(
            "at m.xg: game 2, turn 3, white, record at byte {o}: 32: 6/3 6/2"
        )),
        "{human}"
    );
    // No line and column of a text the file does not have.
    assert!(
        !human.contains("m.xg:1") && !human.contains("[m.xg"),
        "{human}"
    );
    // Nor do the short and GitHub lines.
    let short = tavla::report::render_short("m.xg", "", std::slice::from_ref(f));
    assert!(
        short.starts_with(&format!(
            "m.xg: game 2, turn 3, white, record at byte {o}: error["
        )),
        "{short}"
    );
    assert!(!short.contains("m.xg:1:"), "{short}");
    let file = tavla::report::formats::FileFindings {
        path: "m.xg",
        text: "",
        findings: std::slice::from_ref(f),
    };
    let gh = tavla::report::formats::github(&file);
    assert!(!gh.contains("line="), "{gh}");
    assert!(gh.contains("game 2, turn 3, white"), "{gh}");
}

#[test]
fn a_file_cut_anywhere_is_reported_never_a_panic() {
    let original = fixture("charlot1-charlot2_7p_2025-11-08-2305.xg");
    let mut cuts: Vec<usize> = (0..original.len()).step_by(997).collect();
    cuts.extend([
        3,
        4,
        8231,
        8232,
        8233,
        original.len() - 37,
        original.len() - 36,
        original.len() - 1,
    ]);
    for n in cuts {
        let r = tavla::xg::read(&original[..n]);
        assert!(!r.problems.is_empty(), "cut at {n}");
        let p = &r.problems[0];
        assert!(p.error, "cut at {n}");
        // The container cannot be read: the problem is located in the file, within what is
        // left of it, and nothing of the match is read.
        for q in &r.problems {
            assert!(q.in_file, "cut at {n}: {q:?}");
            assert!(q.span.end() <= n, "cut at {n}: {q:?}");
        }
        assert!(r.matches.iter().all(|m| m.games.is_empty()), "cut at {n}");
        assert!(
            r.binary.as_ref().is_some_and(|b| b.member.is_none()),
            "cut at {n}: {:?}",
            r.binary
        );
        let v = check_xg(&r);
        let f = v
            .findings
            .iter()
            .find(|f| f.code == p.code && f.severity == tavla::Severity::Error)
            .unwrap_or_else(|| panic!("cut at {n}: {:?}", v.findings));
        assert_eq!(
            f.origin,
            Some(Origin::Binary {
                offset: p.span.offset as u64,
                len: p.span.len as u64
            }),
            "cut at {n}"
        );
        // Outside any game: the byte of the file, no place.
        assert!(f.place.is_none(), "cut at {n}: {f:?}");
        assert_eq!(
            tavla::report::place_words(f),
            Some(format!("byte {}", p.span.offset))
        );
        // Only the reading problems: no finding about the (absent) games.
        assert_eq!(
            v.findings.len(),
            r.problems.len(),
            "cut at {n}: {:?}",
            v.findings
        );
    }
}

#[test]
fn a_changed_byte_fails_the_archive_crc() {
    let mut b = fixture("test.xg");
    let at = b.len() - 1000;
    b[at] ^= 0x40;
    let r = tavla::xg::read(&b);
    assert_eq!(problem_codes(&r), vec![Code::XgBadCrc]);
    assert!(r.problems[0].in_file && r.problems[0].error);
    assert!(r.matches.iter().all(|m| m.games.is_empty()));
    assert_eq!(r.binary, Some(Binary::default()));
}

#[test]
fn a_member_whose_crc_does_not_match_is_reported() {
    let original = fixture("test.xg");
    let members = members(&original);
    let mut packed = repack(&original, &members, |_, n| n as i32);
    // Change the CRC of temp.xg in the registry, then the archive's CRC to match.
    let n = packed.len();
    let reg_size = i32::from_le_bytes(packed[n - 24..n - 20].try_into().unwrap()) as usize;
    let data_size = i32::from_le_bytes(packed[n - 20..n - 16].try_into().unwrap()) as usize;
    let reg_start = n - 36 - reg_size;
    let mut registry = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::ZlibDecoder::new(&packed[reg_start..n - 36]),
        &mut registry,
    )
    .unwrap();
    registry[524] ^= 1;
    let reg = zlib(&registry);
    let data = packed[reg_start - data_size..reg_start].to_vec();
    let mut trailer = packed[n - 36..].to_vec();
    packed.truncate(reg_start);
    packed.extend_from_slice(&reg);
    let mut crc = crc32fast::Hasher::new();
    crc.update(&data);
    crc.update(&reg);
    trailer[0..4].copy_from_slice(&crc.finalize().to_le_bytes());
    trailer[12..16].copy_from_slice(&(reg.len() as i32).to_le_bytes());
    packed.extend_from_slice(&trailer);
    let t = tavla::xg::read(&packed);
    assert_eq!(problem_codes(&t), vec![Code::XgBadCrc]);
    assert!(
        t.problems[0].message.contains("temp.xg"),
        "{:?}",
        t.problems
    );
}

#[test]
fn a_wrong_magic_is_reported_at_byte_0() {
    let mut b = fixture("test.xg");
    b[0] = b'X';
    let r = tavla::xg::read(&b);
    assert_eq!(problem_codes(&r), vec![Code::XgBadMagic]);
    assert!(r.problems[0].in_file);
    assert_eq!(r.problems[0].span, Span::new(0, 4));
    let v = check_xg(&r);
    assert_eq!(v.findings.len(), 1, "{:?}", v.findings);
    let f = &v.findings[0];
    assert_eq!(f.origin, Some(Origin::Binary { offset: 0, len: 4 }));
    assert_eq!(f.byte_offset(), Some(0));
    // In the file itself: SARIF gives the region of the file's bytes.
    let file = tavla::report::formats::FileFindings {
        path: "m.xg",
        text: "",
        findings: std::slice::from_ref(f),
    };
    let sarif = tavla::report::formats::sarif(&[file], "0", None);
    let region = &sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (&region["byteOffset"], &region["byteLength"]),
        (&Value::from(0), &Value::from(4)),
        "{region}"
    );
    // An empty file is one cut short before its header.
    assert_eq!(
        problem_codes(&tavla::xg::read(b"")),
        vec![Code::XgTruncated]
    );
}

#[test]
fn an_overrunning_member_count_is_reported() {
    let mut b = fixture("test.xg");
    let n = b.len();
    // The count is not under the CRC (the trailer is not): 200 members in a 62-byte registry.
    b[n - 32..n - 28].copy_from_slice(&200i32.to_le_bytes());
    let t = tavla::xg::read(&b);
    assert_eq!(problem_codes(&t), vec![Code::XgBadRegistry]);
    b[n - 32..n - 28].copy_from_slice(&40i32.to_le_bytes());
    let t = tavla::xg::read(&b);
    assert_eq!(problem_codes(&t), vec![Code::XgBadRegistry]);
    assert!(
        t.problems[0].message.contains("40 member records"),
        "{:?}",
        t.problems
    );
    // A data size larger than the file.
    let mut b = fixture("test.xg");
    b[n - 20..n - 16].copy_from_slice(&i32::MAX.to_le_bytes());
    assert_eq!(problem_codes(&tavla::xg::read(&b)), vec![Code::XgTruncated]);
}

#[test]
fn a_size_field_is_never_trusted() {
    let original = fixture("test.xg");
    let m = members(&original);
    // A temp.xg claiming 2 GiB: refused before any allocation.
    let packed = repack(&original, &m, |name, n| {
        if name == "temp.xg" {
            i32::MAX
        } else {
            n as i32
        }
    });
    assert_eq!(
        problem_codes(&tavla::xg::read(&packed)),
        vec![Code::XgTooLarge]
    );
    // One claiming less than it holds: inflation stops at the claim.
    let packed = repack(&original, &m, |name, n| {
        if name == "temp.xg" {
            (n - RECORD) as i32
        } else {
            n as i32
        }
    });
    assert_eq!(
        problem_codes(&tavla::xg::read(&packed)),
        vec![Code::XgBadMember]
    );
    // A damaged comments member costs the comments only, as a warning.
    let original = fixture("match_with_comment.xg");
    let m = members(&original);
    let packed = repack(&original, &m, |name, n| {
        if name == "temp.xgc" {
            n as i32 + 5
        } else {
            n as i32
        }
    });
    let t = tavla::xg::read(&packed);
    assert_eq!(problem_codes(&t), vec![Code::XgBadMember]);
    assert!(!t.problems[0].error);
    // The match is read whole, without the comments the intact file has.
    let whole = tavla::xg::read(&original);
    assert!(!all_comments(the_match(&whole)).is_empty());
    let m = the_match(&t);
    assert_eq!(m.games.len(), the_match(&whole).games.len());
    assert_eq!(
        m.games.iter().map(|g| g.actions.len()).collect::<Vec<_>>(),
        the_match(&whole)
            .games
            .iter()
            .map(|g| g.actions.len())
            .collect::<Vec<_>>()
    );
    assert!(all_comments(m).is_empty(), "{:?}", all_comments(m));
    // A warning, and the match checks as the intact one does.
    let v = check_xg(&t);
    let damaged = v
        .findings
        .iter()
        .find(|f| f.code == Code::XgBadMember)
        .expect("the member's finding");
    assert_eq!(damaged.severity, tavla::Severity::Warning);
    assert_eq!(v.errors(), 0, "{:?}", codes(&v.findings));
    assert_eq!(v.turns_checked(), check_xg(&whole).turns_checked());
}

#[test]
fn records_that_xg_never_writes_are_located_in_temp_xg() {
    let original = fixture("test.xg");
    let mut members = members(&original);
    let temp = &mut members[0].1;
    let (at, game) = move_records(temp)[5];
    temp[at + 100..at + 104].copy_from_slice(&7i32.to_le_bytes());
    // A cut last record, and an unknown record type near the end.
    temp.truncate(temp.len() - 100);
    let cut = temp.len();
    let last = temp.len() / RECORD * RECORD - RECORD;
    temp[last + 8] = 42;
    let packed = repack(&original, &members, |_, n| n as i32);
    let r = tavla::xg::read(&packed);
    let got: Vec<(Code, bool, Span)> = r
        .problems
        .iter()
        .map(|p| (p.code, p.in_file, p.span))
        .collect();
    // The dice at their field of the record, the unknown record whole, the cut record's
    // bytes: all in temp.xg, none in the file.
    assert!(
        got.contains(&(Code::XgBadRecord, false, Span::new(at + 100, 8))),
        "{got:?}"
    );
    assert!(
        got.contains(&(Code::XgBadRecord, false, Span::new(last, RECORD))),
        "{got:?}"
    );
    assert!(
        got.contains(&(
            Code::XgTruncated,
            false,
            Span::new(last + RECORD, cut - last - RECORD)
        )),
        "{got:?}"
    );
    assert!(r.problems.iter().all(|p| p.error && !p.in_file), "{got:?}");
    assert_eq!(
        r.binary.as_ref().unwrap().member.as_deref(),
        Some("temp.xg")
    );
    // The record with the bad dice stands in its game as an entry that could not be read,
    // at its dice.
    let m = the_match(&r);
    assert!(
        m.games[game - 1]
            .broken_lines
            .iter()
            .any(|&(_, span)| span == Span::new(at + 100, 8)),
        "{:?}",
        m.games[game - 1].broken_lines
    );
    let v = check_xg(&r);
    let dice = v
        .findings
        .iter()
        .find(|f| f.code == Code::XgBadRecord && f.byte_offset() == Some((at + 100) as u64))
        .expect("the dice's finding");
    assert_eq!(
        dice.origin,
        Some(Origin::Member {
            offset: (at + 100) as u64,
            len: 8
        })
    );
    assert_eq!(
        dice.label,
        format!("the record at byte {} of temp.xg", at + 100)
    );
    let unknown = v
        .findings
        .iter()
        .find(|f| f.byte_offset() == Some(last as u64))
        .expect("the unknown record's finding");
    assert_eq!(unknown.code, Code::XgBadRecord);
    assert_eq!(
        unknown.origin,
        Some(Origin::Member {
            offset: last as u64,
            len: RECORD as u64
        })
    );
}

#[test]
fn the_last_position_of_a_file_is_an_xgid() {
    let b = fixture("test.xg");
    let xgid = tavla::xg::read_position(&b).unwrap();
    let rules = tavla::RuleSet::default_for(tavla::Variant::Backgammon);
    let spec = tavla::parse_position(&xgid, tavla::Variant::Backgammon, rules.start()).unwrap();
    assert!(spec.context.is_some_and(|c| c.match_length == 7), "{xgid}");
    // A position file: the match header, a game header and one move record of test.xg.
    let original = fixture("test.xg");
    let members = members(&original);
    let temp = &members[0].1;
    let (at, _) = move_records(temp)[0];
    let mut xgp = temp[..2 * RECORD].to_vec();
    xgp.extend_from_slice(&temp[at..at + RECORD]);
    let packed = repack(&original, &[("temp.xg".into(), xgp)], |_, n| n as i32);
    let xgid = tavla::xg::read_position(&packed).unwrap();
    let spec = tavla::parse_position(&xgid, tavla::Variant::Backgammon, rules.start()).unwrap();
    assert_eq!(spec.position, rules.start(), "{xgid}");
    assert_eq!(spec.on_roll, Some(Side::White));
    assert_eq!(spec.dice.map(|d| (d.high(), d.low())), Some((5, 1)));
    assert!(tavla::xg::read_position(b"RGMH").is_err());
}

#[test]
fn a_play_xg_marked_invalid_is_a_warning_at_its_record_and_judged_by_the_rules() {
    let original = fixture("test.xg");
    let mut members = members(&original);
    let temp = &mut members[0].1;
    let (at, _) = move_records(temp)[2];
    // Player 1's 43: 24/20 23/20 of game 1, turn 2, marked invalid and made illegal (24/17).
    temp[at + 2480..at + 2484].copy_from_slice(&2i32.to_le_bytes());
    temp[at + 72..at + 76].copy_from_slice(&16i32.to_le_bytes());
    let r = tavla::xg::read(&repack(&original, &members, |_, n| n as i32));
    assert_eq!(problem_codes(&r), vec![Code::XgMarkedInvalid]);
    assert!(!r.problems[0].error);
    assert_eq!(r.problems[0].span, Span::new(at, RECORD));
    // The record holds the play as XG stored it, at its record.
    let m = the_match(&r);
    let a = action_at(m, 1, 2, Side::White);
    assert_eq!(a.cell.span, Span::new(at, RECORD));
    assert_eq!(
        play_of(m, a),
        ((4, 3), vec!["24/17".into(), "23/20".into()])
    );
    let v = check_xg(&r);
    let marked = v
        .findings
        .iter()
        .find(|f| f.code == Code::XgMarkedInvalid)
        .unwrap();
    assert_eq!(marked.severity, tavla::Severity::Warning);
    assert_eq!(
        marked.origin,
        Some(Origin::Member {
            offset: at as u64,
            len: RECORD as u64
        })
    );
    let rule = v
        .findings
        .iter()
        .find(|f| f.severity == tavla::Severity::Error)
        .expect("the rules' finding");
    let o = rule.byte_offset().expect("a byte offset") as usize;
    assert_eq!(o / RECORD * RECORD, at, "{rule:?}");
    let place = rule.place.unwrap();
    assert_eq!(
        (place.game, place.turn, place.side),
        (1, Some(2), Some(Side::White))
    );
    assert_eq!(rule.entry.as_deref(), Some("43: 24/17 23/20"), "{rule:?}");
}

/// A `.xgp`-like file (the match header, a game header and one move record) for the CLI.
fn position_file(dir: &Path) -> PathBuf {
    let original = fixture("test.xg");
    let members = members(&original);
    let temp = &members[0].1;
    let (at, _) = move_records(temp)[0];
    let mut xgp = temp[..2 * RECORD].to_vec();
    xgp.extend_from_slice(&temp[at..at + RECORD]);
    let path = dir.join("opening.xgp");
    std::fs::write(
        &path,
        repack(&original, &[("temp.xg".into(), xgp)], |_, n| n as i32),
    )
    .unwrap();
    path
}

#[test]
fn legal_and_check_take_an_xgp_position() {
    let dir = std::env::temp_dir().join(format!("tavla-xgp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = position_file(&dir);
    let run = |args: &[&str]| {
        let out = common::run(args);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["legal", "--position", p]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("13/8 24/23") || out.contains("24/23 13/8"),
        "{out}"
    );
    let (code, out, err) = run(&["check", "--position", p, "13/8 24/23"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, err) = run(&["check", "--position", p, "13/7 24/23"]);
    assert_eq!(code, Some(1), "{out}{err}");
    // A damaged one is a usage error naming the code.
    let mut bytes = std::fs::read(&path).unwrap();
    let n = bytes.len();
    bytes[n - 40] ^= 1;
    std::fs::write(&path, bytes).unwrap();
    let (code, out, err) = run(&["legal", "--position", p]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("tavla::xg::bad-crc"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn validate_reads_xg_files_and_reports_damage_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("tavla-xg-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |args: &[&str]| {
        let out = common::run(args);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let good = Path::new(DIR).join("test.xg");
    let (code, out) = run(&["validate", "--format", "jsonl", good.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (Some(0), ""));
    // Cut inside the archive: exit 1, one located error and nothing else.
    let bytes = fixture("test.xg");
    let cut = dir.join("cut.xg");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let (code, out) = run(&["validate", "--format", "jsonl", cut.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert_eq!(lines[0]["code"], "tavla::xg::truncated");
    assert!(lines[0]["byte_offset"].is_u64(), "{out}");
    // A changed move: its game, turn, side and the changed from/to pair of its record in the
    // JSON Lines.
    let original = fixture("test.xg");
    let mut members = members(&original);
    let temp = &mut members[0].1;
    let (at, _) = move_records(temp)
        .iter()
        .copied()
        .filter(|m| m.1 == 2)
        .nth(3)
        .unwrap();
    temp[at + 76..at + 80].copy_from_slice(&5i32.to_le_bytes());
    temp[at + 80..at + 84].copy_from_slice(&1i32.to_le_bytes());
    let changed = dir.join("changed.xg");
    std::fs::write(&changed, repack(&original, &members, |_, n| n as i32)).unwrap();
    let (code, out) = run(&["validate", "--format", "jsonl", changed.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let first: Value = out
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|f| f["severity"] == "error")
        .expect("an error");
    assert_eq!(
        (
            &first["game"],
            &first["turn"],
            &first["side"],
            &first["byte_offset"]
        ),
        (
            &Value::from(2),
            &Value::from(3),
            &Value::from("white"),
            &Value::from((at + 76) as u64)
        ),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// An illegal play that XG stored with the board after it (`InvalidM`, `PositionEnd`), five
/// pips played for a 6-5, whose written steps cannot even be made on the board: the game goes
/// on from the stored board,
/// the play is the one error (`continued: stored_position`), and every later turn is checked.
#[test]
fn an_illegal_play_xg_stored_continues_from_its_stored_position() {
    let original = fixture("test.xg");
    let mut members = members(&original);
    let temp = &mut members[0].1;
    let moves = move_records(temp);
    let (at, _) = moves.iter().copied().filter(|m| m.1 == 2).nth(3).unwrap();
    // Player 1's 3-2 of game 2, turn 3: its first step from a point player 1 does not hold.
    let before = |i: usize| temp[at + 9 + i] as i8;
    let empty = (6..=24)
        .rev()
        .find(|&i| before(i) <= 0 && before(i - 3) >= -1)
        .expect("an empty point");
    temp[at + 68..at + 72].copy_from_slice(&((empty - 1) as i32).to_le_bytes());
    temp[at + 72..at + 76].copy_from_slice(&((empty - 4) as i32).to_le_bytes());
    temp[at + 2480..at + 2484].copy_from_slice(&1i32.to_le_bytes());
    // The roll 6-5: five pips were played for eleven, so no legal play of the roll reaches the
    // board XG stored (what the players went on from).
    temp[at + 100..at + 104].copy_from_slice(&6i32.to_le_bytes());
    temp[at + 104..at + 108].copy_from_slice(&5i32.to_le_bytes());
    let bytes = repack(&original, &members, |_, n| n as i32);
    let src = tavla::input::Source::from_bytes("m.xg".into(), bytes).expect("read");
    let v = src.check(&Overrides::default(), false);
    let errors: Vec<&Finding> = v
        .findings
        .iter()
        .filter(|f| f.severity == tavla::Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{:?}", codes(&v.findings));
    let f = errors[0];
    assert_eq!(f.continued, Some(tavla::replay::Continued::StoredPosition));
    assert!(
        f.help
            .as_deref()
            .unwrap_or("")
            .contains("the position the file stores after it"),
        "{:?}",
        f.help
    );
    let place = f.place.expect("a place");
    assert_eq!(
        (place.game, place.turn, place.side),
        (2, Some(3), Some(Side::White))
    );
    // Every turn is checked: as many as in the file as XG wrote it.
    let clean = tavla::input::Source::from_bytes("t.xg".into(), fixture("test.xg"))
        .expect("read")
        .check(&Overrides::default(), false);
    assert_eq!(v.turns_checked(), clean.turns_checked());
}

/// A repair is written in the record's own convention: in a record that marks no hits (the
/// `.mat` twin of `test.xg`, like the record read from the `.xg`), no repaired play brings a `*`
/// into the re-check, so no mutant gets a `hit-mark` warning, and each has one error.
#[test]
fn repairs_keep_a_record_without_hit_marks_unmarked() {
    let text = std::fs::read_to_string(root().join("fixtures/xg/test.mat")).expect("test.mat");
    assert!(!text.contains('*'));
    let mut checked = 0;
    for (li, line) in text.lines().enumerate() {
        let Some(colon) = line.find(": ") else {
            continue;
        };
        if !line.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let Some(slash) = line[colon..].find('/').map(|i| colon + i) else {
            continue;
        };
        let end = line[slash + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(line.len(), |i| slash + 1 + i);
        let Ok(dest) = line[slash + 1..end].parse::<u8>() else {
            continue;
        };
        let new = if dest > 2 { dest - 2 } else { dest + 3 };
        let mut changed = format!("{}{new}{}", &line[..slash + 1], &line[end..]);
        // And the second step's destination too, so the repair changes two written numbers
        // (it is then written from the legal play, not from the written one).
        if let Some(second) = changed[end..].find('/').map(|i| end + i) {
            let e2 = changed[second + 1..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(changed.len(), |i| second + 1 + i);
            if let Ok(d2) = changed[second + 1..e2].parse::<u8>() {
                let n2 = if d2 > 1 { d2 - 1 } else { d2 + 1 };
                changed = format!("{}{n2}{}", &changed[..second + 1], &changed[e2..]);
            }
        }
        let mut lines: Vec<&str> = text.lines().collect();
        lines[li] = &changed;
        let mutant = lines.join("\n") + "\n";
        let v = check(tavla::notation::read(&mutant), &Overrides::default());
        if v.errors() == 0 {
            continue;
        }
        checked += 1;
        assert!(
            v.findings.iter().all(|f| f.code != Code::HitMark),
            "line {}: {}",
            li + 1,
            codes(&v.findings).join(" ")
        );
    }
    assert!(checked >= 50, "{checked}");
}

/// The `.mat` twin's line holding `side`'s cell of turn `turn` of game `game`, and where the
/// cell's play starts and ends on it.
fn twin_cell(text: &str, game: usize, turn: u64, side: Side) -> Option<(usize, usize, usize)> {
    let mut g = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with("Game ") {
            g += 1;
        } else if g == game
            && let Some((n, _)) = t.split_once(')')
            && n.trim().parse::<u64>().ok() == Some(turn)
        {
            // The cells are where a roll `dd:` starts: the left one near the number, the
            // right one in the second column.
            let body = &line[line.find(')')? + 1..];
            let base = at + line.find(')')? + 1;
            let cells: Vec<(usize, &str)> = body
                .match_indices(|c: char| c.is_ascii_digit())
                .filter(|(i, _)| *i == 0 || body.as_bytes()[i - 1] == b' ')
                .filter(|(i, _)| body[*i..].get(2..3) == Some(":"))
                .map(|(i, _)| (i, &body[i..]))
                .collect();
            let k = match side {
                Side::White => cells.iter().find(|(i, _)| *i < 20),
                Side::Black => cells.iter().find(|(i, _)| *i >= 20),
            }?;
            let play = k.0 + 4;
            let end = body[play..]
                .find("  ")
                .map_or(body.trim_end().len(), |e| play + e);
            return Some((base, base + play, base + end));
        }
        at += line.len();
    }
    None
}

/// One move of `test.xg` changed, and the same change in its `.mat` twin: one error each,
/// at the same game, turn and side, and no hit-mark warning in either (a repair is judged with
/// the record's own conventions: neither marks hits).
#[test]
fn one_changed_move_is_one_error_in_the_xg_file_and_in_its_mat_twin() {
    let original = fixture("test.xg");
    let twin = std::fs::read_to_string(Path::new(DIR).join("test.mat")).unwrap();
    assert!(!twin.contains('*'));
    let members = members(&original);
    let moves = move_records(&members[0].1);
    let (mut both_one, mut tried) = (0, 0);
    for &(at, _) in moves.iter().step_by(3) {
        let mut members = members.clone();
        let temp = &mut members[0].1;
        let pair = |r: &[u8], k: usize| {
            i32::from_le_bytes(r[at + 68 + 4 * k..at + 72 + 4 * k].try_into().unwrap())
        };
        // The first step's destination a point further (0-based, the mover's numbering).
        let (from, to) = (pair(temp, 0), pair(temp, 1));
        if from < 2 || !(1..=22).contains(&to) {
            continue;
        }
        temp[at + 72..at + 76].copy_from_slice(&(to - 1).to_le_bytes());
        let r = tavla::xg::read(&repack(&original, &members, |_, n| n as i32));
        let m = the_match(&r).clone();
        let xv = check_xg(&r);
        let x_errors: Vec<&Finding> = xv
            .findings
            .iter()
            .filter(|f| f.severity == tavla::Severity::Error)
            .collect();
        let Some(place) = x_errors.first().and_then(|f| f.place) else {
            continue; // the change happens to be legal
        };
        tried += 1;
        // The same change in the twin: the changed play as the record now holds it.
        let a = action_at(&m, place.game, place.turn.unwrap(), place.side.unwrap());
        let (_, steps) = play_of(&m, a);
        let (_, start, end) =
            twin_cell(&twin, place.game, place.turn.unwrap(), place.side.unwrap()).unwrap();
        let mutant = format!("{}{}{}", &twin[..start], steps.join(" "), &twin[end..]);
        let mv = check(tavla::notation::read(&mutant), &Overrides::default());
        let m_errors = mv.errors();
        for f in xv.findings.iter().chain(&mv.findings) {
            assert_ne!(f.code, Code::HitMark, "{f:?}");
        }
        assert_eq!(
            x_errors.len(),
            m_errors,
            "{:?}\n{}\n{}",
            place,
            codes(&xv.findings).join(" "),
            codes(&mv.findings).join(" ")
        );
        if x_errors.len() == 1 {
            both_one += 1;
        }
    }
    assert!(tried >= 10, "{tried} changed moves were illegal");
    assert!(
        both_one * 10 >= tried * 9,
        "{both_one} of {tried} gave one error each"
    );
}
