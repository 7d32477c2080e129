//! OGXM v2: files the reference codec wrote (fixtures/ogxm, made by
//! tests/data/ogxm_fixtures.py) read without a finding, damaged files located, a changed
//! ply reported, and match signatures verified.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::ogxm::{
    self, RECORDS, body, ogid_board, reads_with_problems_located, signed, with_crc, with_ogids,
};
use crate::common::{
    json_of, python_or_skip, python_output, python_with, read, root, tavla, tavla_path, temp_file,
    validate_short,
};

fn fixture(name: &str) -> Vec<u8> {
    read(Path::new("fixtures/ogxm").join(name))
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    temp_file("ogxm", name, bytes)
}

#[test]
fn codec_written_files_read_without_a_finding() {
    for name in ["drop.ogxm", "sha256.ogxm"] {
        let p = tmp(name, &fixture(name));
        let (code, out) = validate_short(&p, &[]);
        assert_eq!(code, 0, "{name}: {out}");
    }
}

#[test]
fn the_record_holds_the_codecs_games() {
    let r = tavla::ogxm::read(&fixture("drop.ogxm"));
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.matches.len(), 1);
    assert_eq!(r.matches[0].games.len(), 2);
}

#[test]
fn damaged_files_are_located() {
    let good = fixture("drop.ogxm");
    // Cut short.
    let (code, out) = validate_short(&tmp("cut.ogxm", &good[..good.len() - 10]), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tavla::ogxm::truncated"), "{out}");
    // A byte changed: the checksum fails.
    let mut bad = good.clone();
    bad[30] ^= 0x40;
    let (code, out) = validate_short(&tmp("crc.ogxm", &bad), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tavla::ogxm::bad-checksum"), "{out}");
    // An unknown critical section.
    let mut b = body(&good);
    b.extend_from_slice(b"ZZZZ\x01\0\0\0\x01\x00");
    let (code, out) = validate_short(&tmp("crit.ogxm", &with_crc(&b)), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("tavla::ogxm::unknown-critical-section"),
        "{out}"
    );
    // An unknown section that is not critical is skipped.
    let mut b = body(&good);
    b.extend_from_slice(b"ZZZZ\x01\0\0\0\x00\x00");
    let (code, out) = validate_short(&tmp("skip.ogxm", &with_crc(&b)), &[]);
    assert_eq!(code, 0, "{out}");
    // A section length that overruns the file.
    let mut b = body(&good);
    b.extend_from_slice(b"ZZZZ\xff\xff\xff\x7f\x00");
    let (code, out) = validate_short(&tmp("long.ogxm", &with_crc(&b)), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tavla::ogxm::bad-record"), "{out}");
}

#[test]
fn a_one_step_change_is_reported_at_its_game_and_ply() {
    let good = fixture("drop.ogxm");
    let mut b = body(&good);
    // The first ply of game 1: White's 31, steps 17+3 and 19+1; move the 1 from point 18.
    let at = b
        .windows(3)
        .position(|w| w == [0x02, 0x71, 0x33])
        .expect("the first ply");
    b[at + 2] = 0x32;
    let (code, out) = validate_short(&tmp("step.ogxm", &with_crc(&b)), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("game 1, turn 1, white"), "{out}");
}

#[test]
fn a_signed_match_verifies_and_a_changed_ply_fails() {
    let key = ogxm::key();
    let hex = ogxm::hex(&key);
    let keys = tmp("keys.txt", format!("# test key\n{hex}\n").as_bytes());
    let keys = keys.to_str().unwrap();
    let good = signed(&fixture("drop.ogxm"), &key);
    let p = tmp("signed.ogxm", &good);
    let (code, out) = validate_short(&p, &["--keys", keys]);
    assert_eq!(code, 0, "{out}");
    // Without the key: intact, signer unknown (a warning).
    let (_, out) = validate_short(&p, &[]);
    assert!(out.contains("tavla::ogxm::unknown-key"), "{out}");
    // One ply byte flipped (the checksum recomputed): the signature no longer holds.
    let mut b = body(&good);
    let at = b.windows(3).position(|w| w == [0x02, 0x71, 0x33]).unwrap();
    b[at + 1] = 0x72;
    let flipped = tmp("flipped.ogxm", &with_crc(&b));
    let (code, out) = validate_short(&flipped, &["--keys", keys]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("tavla::ogxm::bad-signature"), "{out}");
    // The match JSON says for each signature what held.
    let status = |p: &Path, extra: &[&str]| -> serde_json::Value {
        let out = tavla()
            .args(["convert", "--to", "json"])
            .args(extra)
            .arg(p)
            .output()
            .unwrap();
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        doc["signatures"].clone()
    };
    let sigs = status(&p, &["--keys", keys]);
    assert_eq!(sigs.as_array().map(Vec::len), Some(1), "{sigs}");
    assert_eq!(sigs[0]["signs"], "match");
    assert_eq!(sigs[0]["status"], "valid");
    assert_eq!(sigs[0]["key"], hex.as_str());
    let offset = sigs[0]["byte_offset"].as_u64().unwrap() as usize;
    // The record: its length, the mask (a public key), the algorithm (1, Ed25519).
    assert_eq!(&good[offset + 1..offset + 3], &[0x02, 0x01]);
    assert_eq!(status(&p, &[])[0]["status"], "unknown-key");
    assert_eq!(status(&flipped, &["--keys", keys])[0]["status"], "invalid");
    // An unsigned file says nothing of signatures.
    assert!(status(&tmp("unsigned.ogxm", &fixture("drop.ogxm")), &[]).is_null());
}

#[test]
fn a_stream_with_a_corrupt_member_yields_the_others() {
    let a = fixture("drop.ogxm");
    let c = fixture("sha256.ogxm");
    let mut bad = a.clone();
    bad[30] ^= 0x40;
    let stream: Vec<u8> = [a.clone(), bad, c].concat();
    let r = tavla::ogxm::stream::read(&stream);
    assert_eq!(r.matches.len(), 2, "{:?}", r.problems);
    assert_eq!(r.problems.len(), 1);
    let z = zstd::encode_all(&stream[..], 3).unwrap();
    let r = tavla::ogxm::stream::read(&z);
    assert_eq!(r.matches.len(), 2, "{:?}", r.problems);
}

/// The board after each turn of a match document.
fn turn_boards(doc: &serde_json::Value) -> Vec<String> {
    doc["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["actions"].as_array().unwrap().iter())
        .filter(|a| a["type"] == "turn")
        .map(|a| ogid_board(&a["position"]))
        .collect()
}

fn fixtures_with_ogids() -> Vec<PathBuf> {
    let mut v = with_ogids("fixtures/ogxm", "ogxm");
    // A play made at the board is checked on its own below.
    v.retain(|p| !p.ends_with("board-play.ogxm"));
    v
}

#[test]
fn every_dice_ply_leaves_the_position_the_codec_replays() {
    let files = fixtures_with_ogids();
    assert!(files.len() >= 8, "{files:?}");
    for p in files {
        let want: Vec<String> = std::fs::read_to_string(p.with_extension("ogids"))
            .unwrap()
            .lines()
            .filter_map(|l| {
                // `GAME ACTION OGID_BEFORE OGID_AFTER`: the board fields of the OGID after.
                let mut f = l.split(' ');
                let (id, after) = (f.nth(1)?, f.nth(1)?);
                let board: Vec<&str> = after.split(':').take(2).collect();
                (id.parse::<u8>().ok()? <= 20).then(|| board.join(":"))
            })
            .collect();
        let doc = json_of(&p);
        assert_eq!(doc["valid"], true, "{}", p.display());
        assert_eq!(turn_boards(&doc), want, "{}", p.display());
    }
}

#[test]
fn what_tavla_writes_reads_back_to_the_same_positions_and_results() {
    let records = root().join("fixtures/backgammon/gnubg");
    let py = python_with("ogxm");
    for name in RECORDS {
        let mat = records.join(format!("{name}.mat"));
        let out = tmp(&format!("{name}.ogxm"), b"");
        let st = tavla()
            .args(["convert", "--to", "ogxm", "-o"])
            .arg(&out)
            .arg(&mat)
            .status()
            .unwrap();
        assert!(st.success(), "{name}");
        let (a, b) = (json_of(&mat), json_of(&out));
        assert_eq!(b["valid"], true, "{name}");
        assert_eq!(turn_boards(&a), turn_boards(&b), "{name}");
        let results = |d: &serde_json::Value| -> Vec<serde_json::Value> {
            d["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["result"].clone())
                .collect()
        };
        assert_eq!(results(&a), results(&b), "{name}");
        // The reference codec accepts it: no v2 rule broken, the replay complete, CSUM held.
        if let Some(py) = &py {
            let check = Command::new(py)
                .args([
                    "-c",
                    "import ogxm,sys; d=open(sys.argv[1],'rb').read(); j=ogxm.binary_to_json(d); \
                     assert ogxm.v2_problem(j) is None and j['replay_complete'] and ogxm.verify(d)==(None,True)",
                ])
                .arg(&out)
                .status()
                .unwrap();
            assert!(
                check.success(),
                "{name}: the codec refuses what tavla wrote"
            );
        }
    }
}

#[test]
fn games_outside_the_backgammon_family_are_refused() {
    let dir = root().join("fixtures/gulbara/examples");
    let mat = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "mat"))
        .expect("a Gul bara record");
    let out = tavla()
        .args(["convert", "--to", "ogxm"])
        .arg(&mat)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot write OGXM"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The committed fixtures are what the script writes with the codec (skipped without it).
#[test]
fn the_fixtures_are_what_the_codec_writes() {
    let Some(py) = python_or_skip("ogxm") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tavla-ogxm-gen-{}", std::process::id()));
    let script = "tests/data/ogxm_fixtures.py";
    python_output(&py, script, &[dir.as_os_str(), tavla_path()]);
    for p in fixtures_with_ogids() {
        let name = p.file_name().unwrap();
        assert_eq!(
            std::fs::read(dir.join(name)).unwrap(),
            std::fs::read(&p).unwrap(),
            "{}",
            p.display()
        );
    }
}

/// The play the file states was made at the board is a note (the file's word is taken: the
/// game goes on from the board it stores), with what was meant and the nearest legal plays.
#[test]
fn a_play_made_at_the_board_is_reported_with_what_was_meant() {
    let p = tmp("board-play.ogxm", &fixture("board-play.ogxm"));
    let out = tavla()
        .args(["validate", "--color", "never"])
        .arg(&p)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // The file's own word (the illegal set-position ply and the board after it) is taken: a
    // note, and the rest of the game checked from the stored board.
    assert_eq!(out.status.code(), Some(0), "{text}");
    let out = text;
    assert!(
        out.contains("illegal as played, as the record states"),
        "{out}"
    );
    assert!(out.contains("game 1, turn 1, black"), "{out}");
    assert!(out.contains("13/10 13/10"), "{out}");
    assert!(out.contains("13/10 6/5"), "{out}");
    assert!(out.contains("the position the file stores after"), "{out}");
}

/// Every prefix of a file, and the file with any one byte changed, reads without a panic,
/// with every problem inside the bytes read (the fuzz target's property, pinned; a problem at
/// the very end of a cut file has no length).
#[test]
fn every_prefix_and_changed_byte_reads_with_its_problems_located() {
    let good = fixture("m001-0020.ogxm");
    let check = reads_with_problems_located;
    for n in 0..good.len() {
        check(&good[..n]);
    }
    for i in 0..good.len() {
        let mut b = good.clone();
        b[i] ^= 0x5a;
        check(&b);
        // With the checksum recomputed, so that the change reaches the records.
        if i >= 16 {
            let mut body = body(&good);
            if i < body.len() {
                body[i] ^= 0x5a;
                check(&with_crc(&body));
            }
        }
    }
    let stream: Vec<u8> = [good.clone(), good.clone()].concat();
    for n in (0..stream.len()).step_by(7) {
        let r = tavla::ogxm::stream::read(&stream[..n]);
        for p in &r.problems {
            assert!(p.span.offset + p.span.len <= n, "{p:?}");
        }
    }
}

/// The inputs the fuzz target found: a play made at the board with dice that are no dice, a
/// one-byte file (its problem at the end of the file, with no length) and a cut zstd stream
/// (its problem in the decompressed stream, not the file).
#[test]
fn the_fuzzers_findings_stay_fixed() {
    // A play made at the board with the dice 44 and 0: refused by the reader, not passed on.
    let sections = "4d544348110000000110a701010003416e6e03426f620001000047414d452b00000001030300010271329f20692c00026d6d000200000000fb00fd00fe0005fd0000000200f8fb000000fe001557";
    let mut b = b"OGXM\x02\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00".to_vec();
    b.extend(
        (0..sections.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&sections[i..i + 2], 16).unwrap()),
    );
    let r = tavla::ogxm::read(&with_crc(&b));
    assert!(
        r.problems.iter().any(|p| p.message.contains("no die")),
        "{:?}",
        r.problems
    );
    let _ = tavla::replay::check(r, &tavla::replay::Overrides::default());
    let r = tavla::ogxm::read(b"c");
    assert!(r.problems.iter().all(|p| p.span.offset + p.span.len <= 1));
    let cut = b"(\xb5/\xfd\x00O\x02G\x00\x00\x02\x00\x00SUM\x00\x00ND!";
    let r = tavla::ogxm::stream::read(cut);
    assert!(!r.problems.is_empty());
    for p in &r.problems {
        assert!(
            !p.in_file || p.span.offset + p.span.len <= cut.len(),
            "{p:?}"
        );
    }
}

/// A record with a play made at the board (stated by its `IllegalPlay` tag) is written as the
/// spec's illegal set-position ply — the dice, the steps as made, the board they left — which
/// the reference codec accepts and tavla reads back to the same positions, the play again made
/// at the board.
#[test]
fn a_play_made_at_the_board_is_written_as_the_illegal_set_position_ply() {
    let mat = root().join("fixtures/ogxm/board-play.mat");
    let out = tmp("written-board-play.ogxm", b"");
    let st = tavla()
        .args(["convert", "--to", "ogxm", "-o"])
        .arg(&out)
        .arg(&mat)
        .status()
        .unwrap();
    assert!(st.success());
    let (a, b) = (json_of(&mat), json_of(&out));
    assert_eq!(turn_boards(&a), turn_boards(&b));
    let made = |d: &serde_json::Value| -> Vec<bool> {
        d["games"][0]["actions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["type"] == "turn")
            .map(|x| x["made_at_board"] == true)
            .collect()
    };
    assert_eq!(made(&a), [false, true]);
    assert_eq!(made(&b), [false, true]);
    assert_eq!(b["valid"], true);
    // The ply: action 31, seated on White (the side to move next), extras with the dice, the
    // illegal flag, two steps and the board.
    let bytes = std::fs::read(&out).unwrap();
    let ply = bytes
        .windows(3)
        .position(|w| w == [0x9f, 0x20, 0x69])
        .expect("the set-position ply with its extras record");
    assert_eq!(
        &bytes[ply + 3..ply + 8],
        &[3, 1, 2, 13 | 3 << 5, 13 | 3 << 5]
    );
    if let Some(py) = python_with("ogxm") {
        let check = Command::new(py)
            .args([
                "-c",
                "import ogxm,sys; d=open(sys.argv[1],'rb').read(); j=ogxm.binary_to_json(d); \
                 p=j['games'][0]['plies'][1]; \
                 assert ogxm.v2_problem(j) is None and j['replay_complete'], j; \
                 assert p['action_id']==31 and p['illegal'] and p['color']==1, p; \
                 assert p['ogid_after'].startswith('11ccccchhjjjjkk:66666888aadddoo'), p",
            ])
            .arg(&out)
            .status()
            .unwrap();
        assert!(
            check.success(),
            "the codec refuses the play made at the board"
        );
    } else {
        eprintln!("skipped the codec's check: no Python with the ogxm package (set TAVLA_PYTHON)");
    }
}

/// A compressed stream, inflated member by member, reads as the same stream uncompressed: the
/// same matches, findings and byte offsets (of the inflated stream), a play made at the board
/// in a later member going on from the board that member stores; a cut compressed stream
/// keeps the members before the cut.
#[test]
fn a_compressed_stream_reads_member_by_member_as_the_plain_one() {
    let stream: Vec<u8> = [
        fixture("drop.ogxm"),
        b"garbage".to_vec(),
        fixture("board-play.ogxm"),
        fixture("sha256.ogxm"),
    ]
    .concat();
    let z = zstd::encode_all(&stream[..], 3).unwrap();
    let json = |name: &str, bytes: &[u8]| -> (i32, serde_json::Value) {
        let p = tmp(name, bytes);
        let out = tavla()
            .args(["validate", "--format", "json"])
            .arg(&p)
            .output()
            .unwrap();
        let mut doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        // The path, and the label that says which bytes (the file's, or the inflated
        // stream's), differ by design.
        for d in doc["diagnostics"].as_array_mut().unwrap() {
            let d = d.as_object_mut().unwrap();
            d.remove("path");
            d.remove("label");
        }
        (out.status.code().unwrap(), doc)
    };
    let (plain_code, plain) = json("plain.ogxms", &stream);
    let (z_code, zipped) = json("zipped.ogxms.zst", &z);
    assert_eq!(plain_code, 1);
    assert_eq!((z_code, &zipped), (plain_code, &plain));
    let d = plain["diagnostics"].as_array().unwrap();
    assert!(
        d.iter().any(|x| x["code"] == "tavla::ogxm::bad-header"),
        "{plain}"
    );
    assert!(
        d.iter()
            .any(|x| x["code"] == "tavla::rules::no-die" && x["severity"] == "advice"),
        "{plain}"
    );
    let r = tavla::ogxm::stream::read(&z);
    assert_eq!(r.matches.len(), 3);
    assert_eq!(r.matches[1].offset, fixture("drop.ogxm").len() + 7);
    // Cut short (a stream of several zstd blocks): the members before the cut, and the cut
    // itself a finding.
    let member = fixture("sha256.ogxm");
    let mut enc = zstd::stream::Encoder::new(Vec::new(), 1).unwrap();
    for _ in 0..30 {
        // A block a member.
        std::io::Write::write_all(&mut enc, &member).unwrap();
        std::io::Write::flush(&mut enc).unwrap();
    }
    let z = enc.finish().unwrap();
    let r = tavla::ogxm::stream::read(&z[..z.len() * 2 / 3]);
    assert!(
        !r.matches.is_empty() && r.matches.len() < 30,
        "{} {:?}",
        r.matches.len(),
        r.problems
    );
    assert!(r.problems.iter().any(|p| p.error), "{:?}", r.problems);
}
