//! Position formats (`tavla::ids`): XGIDs against GNU Backgammon's reading of them
//! (`fixtures/backgammon/xgid.tsv`), known-answer XGIDs, Position ID / Match ID decoding for
//! every roll of the gnubg fixtures (`fixtures/backgammon/positions.tsv`), round trips of
//! random legal positions through every format, the JSON position of `convert --to json`
//! for backgammon and Gul bara, and malformed input of every kind (typed errors, no panic).

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use serde_json::Value;
use tavla::generate::Rng;
use tavla::ids::gnubg::{MatchState, match_from_id, match_id, position_from_id, position_id};
use tavla::ids::json::position_from_json;
use tavla::ids::xgid::{CubeAction, Xgid, xgid};
use tavla::ids::{
    MatchContext, PositionError, PositionFormat, opposite, parse_position, parse_position_as,
    validate,
};
use tavla::replay::{Overrides, check};
use tavla::report::json::{match_json, position_doc};
use tavla::rules::backgammon::Backgammon;
use tavla::rules::gul_bara::GulBara;
use tavla::rules::options::{BackgammonOptions, GulBaraOptions};
use tavla::rules::{BAR, OFF, Position, Roll, Rules, Side, Variant};

fn backgammon() -> Backgammon {
    Backgammon {
        options: BackgammonOptions::preset("backgammon").unwrap(),
    }
}

fn gul_bara() -> GulBara {
    GulBara {
        options: GulBaraOptions::preset("bulgarian").unwrap(),
    }
}

/// Positions of random games played by the engine (each play drawn from the legal results),
/// with the side to move next.
fn random_positions<R: Rules>(rules: &R, seed: u64, games: usize) -> Vec<(Position, Side)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = rules.start();
        let mut side = if rng.chance(0.5) {
            Side::White
        } else {
            Side::Black
        };
        for _ in 0..500 {
            let roll = Roll {
                a: rng.die(),
                b: rng.die(),
            };
            let set = rules.legal_plays(&pos, side, roll.stage());
            pos = set.positions()[rng.below(set.len())];
            if pos.off(side) == 15 {
                break;
            }
            side = side.other();
            out.push((pos, side));
        }
    }
    out
}

fn rows(path: &str) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).expect("fixture");
    text.lines()
        .skip(1)
        .map(|l| l.split('\t').map(String::from).collect())
        .collect()
}

fn sorted(d: (u8, u8)) -> (u8, u8) {
    (d.0.max(d.1), d.0.min(d.1))
}

// ---------------------------------------------------------------------------------------
// Known answers

#[test]
fn the_starting_position_as_xg_and_gnubg_write_it() {
    let start = backgammon().start();
    let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
        .parse()
        .unwrap();
    assert_eq!(x.position, start);
    assert_eq!(x.on_roll, Side::Black);
    assert_eq!(x.dice, None);
    assert_eq!(x.context(), MatchContext::default());
    assert_eq!(
        xgid(&start, Side::Black, None, &MatchContext::default()),
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
    );
    // The same board with the top player (White) to play 3-1.
    let w = xgid(
        &start,
        Side::White,
        Some(Roll { a: 3, b: 1 }),
        &MatchContext::default(),
    );
    assert_eq!(w, "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10");
    assert_eq!(position_id(&start, Side::White), "4HPwATDgc/ABMA");
    // Nackgammon.
    let nack = Backgammon {
        options: BackgammonOptions::preset("nackgammon").unwrap(),
    }
    .start();
    let x: Xgid = "XGID=-bb---D-C---dD---c-d---BB-:0:0:1:00:0:0:0:0:10"
        .parse()
        .unwrap();
    assert_eq!(x.position, nack);
    assert_eq!(position_id(&nack, Side::Black), "4Dl4ADbgOXgANg");
}

#[test]
fn a_published_xgid_with_the_top_player_on_roll_and_checkers_borne_off() {
    // From a public board viewer; every count below is read off the string by hand.
    let x: Xgid = "XGID=-A-CCD-----a---a------dfc-:4:1:-1:33:1:0:0:9:10"
        .parse()
        .unwrap();
    let mut want = Position::empty();
    for (p, n) in [(1, 1), (3, 3), (4, 3), (5, 4)] {
        want.set(Side::Black, p, n);
    }
    want.set(Side::Black, OFF, 4);
    for (p, n) in [(14, 1), (10, 1), (3, 4), (2, 6), (1, 3)] {
        want.set(Side::White, p, n);
    }
    assert_eq!(x.position, want);
    assert_eq!(x.on_roll, Side::White);
    assert_eq!(x.dice, Some(Roll { a: 3, b: 3 }));
    assert_eq!((x.cube, x.cube_owner), (16, Some(Side::Black)));
    assert_eq!((x.white_score, x.black_score, x.match_length), (0, 1, 9));
    assert!(!x.crawford);
    assert_eq!(x.max_cube, 1024);
    // What gnubg reads from it (xgid.tsv).
    assert_eq!(position_id(&x.position, x.on_roll), "uXsAAHC/B4QAAA");
}

#[test]
fn a_published_xgid_with_checkers_on_both_bars() {
    let x: Xgid = "XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10"
        .parse()
        .unwrap();
    let mut want = Position::empty();
    for (p, n) in [
        (BAR, 1),
        (22, 1),
        (14, 1),
        (13, 3),
        (11, 1),
        (8, 2),
        (6, 4),
        (5, 2),
    ] {
        want.set(Side::White, p, n);
    }
    for (p, n) in [
        (4, 2),
        (6, 2),
        (7, 2),
        (8, 1),
        (13, 4),
        (16, 1),
        (24, 2),
        (BAR, 1),
    ] {
        want.set(Side::Black, p, n);
    }
    assert_eq!(x.position, want);
    assert_eq!(x.on_roll, Side::Black);
    assert_eq!(x.dice, Some(Roll { a: 6, b: 4 }));
    assert_eq!((x.white_score, x.black_score, x.match_length), (0, 2, 13));
    assert_eq!(position_id(&x.position, x.on_roll), "sGfkAkSYLXgEWA");
}

#[test]
fn a_hand_built_bear_off_against_a_checker_on_the_bar_encodes_as_written() {
    let mut pos = Position::empty();
    pos.set(Side::White, 1, 3);
    pos.set(Side::White, 2, 2);
    pos.set(Side::White, OFF, 10);
    pos.set(Side::Black, BAR, 1);
    pos.set(Side::Black, 6, 4);
    pos.set(Side::Black, 19, 1);
    pos.set(Side::Black, OFF, 9);
    let context = MatchContext {
        cube: 2,
        cube_owner: Some(Side::White),
        ..MatchContext::default()
    };
    let s = xgid(&pos, Side::White, Some(Roll { a: 2, b: 1 }), &context);
    assert_eq!(s, "XGID=------D------------A---bcA:1:-1:-1:21:0:0:0:0:10");
    let x: Xgid = s.parse().unwrap();
    assert_eq!(
        (x.position, x.on_roll, x.context()),
        (pos, Side::White, context)
    );
    // gnubg's Position ID of it (xgid.tsv), and ours.
    assert_eq!(position_id(&pos, Side::White), "4AFAoBsAAAAAAA");
}

// ---------------------------------------------------------------------------------------
// gnubg as the oracle

/// Every XGID of `xgid.tsv`: tavla reads the position, the side on roll, dice, cube, score
/// and rules as GNU Backgammon does, and writes the XGID back character for character.
#[test]
fn xgids_read_as_gnu_backgammon_reads_them() {
    let rows = rows("fixtures/backgammon/xgid.tsv");
    assert!(rows.len() >= 500);
    let mut bad = Vec::new();
    let mut top = 0;
    for r in &rows {
        let (text, pid, mid) = (&r[0], &r[1], &r[2]);
        let x: Xgid = match text.parse() {
            Ok(x) => x,
            Err(e) => {
                bad.push(format!("{text}: {e}"));
                continue;
            }
        };
        let m = match_from_id(mid).expect("gnubg's Match ID");
        let dice = x.dice.map(|d| sorted((d.a, d.b))).unwrap_or((0, 0));
        let got = (
            position_id(&x.position, x.on_roll),
            x.on_roll,
            dice,
            x.cube,
            x.cube_owner,
            (x.white_score, x.black_score),
            x.match_length,
            x.crawford,
            !x.jacoby,
        );
        let want = (
            pid.clone(),
            m.on_roll,
            m.dice,
            m.cube,
            m.owner,
            m.score,
            m.length,
            m.crawford,
            m.crawford_rule,
        );
        if got != want {
            bad.push(format!("{text}: got {got:?}, gnubg {want:?}"));
        }
        if x.to_string() != *text {
            bad.push(format!("{text}: written back as {x}"));
        }
        let spec = parse_position(text, Variant::Backgammon, backgammon().start()).unwrap();
        assert_eq!(spec.format, PositionFormat::Xgid);
        assert_eq!(
            (spec.position, spec.on_roll, spec.dice),
            (x.position, Some(x.on_roll), x.dice)
        );
        top += (x.on_roll == Side::White) as usize;
    }
    assert!(top > 200, "both sides on roll: {top} of {}", rows.len());
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Every roll of the gnubg fixtures: `PositionID:MatchID` decodes to the side in the file's
/// column and the file's dice, and encodes back to both IDs.
#[test]
fn position_and_match_ids_of_every_roll_of_the_gnubg_fixtures_round_trip() {
    let rows = rows("fixtures/backgammon/positions.tsv");
    assert!(rows.len() > 30_000);
    let start = backgammon().start();
    let mut bad = Vec::new();
    for r in &rows {
        let (side, dice, pid, mid) = (&r[3], &r[4], &r[5], &r[6]);
        let spec = parse_position(&format!("{pid}:{mid}"), Variant::Backgammon, start);
        let spec = match spec {
            Ok(s) => s,
            Err(e) => {
                bad.push(format!("{pid}:{mid}: {e}"));
                continue;
            }
        };
        let on_roll = if side == "left" {
            Side::White
        } else {
            Side::Black
        };
        let d = dice.as_bytes();
        let state = match_from_id(mid).unwrap();
        let back = (
            spec.format,
            spec.on_roll,
            spec.dice.map(|r| sorted((r.a, r.b))),
            position_id(&spec.position, on_roll),
            match_id(&state),
        );
        let want = (
            PositionFormat::GnubgId,
            Some(on_roll),
            Some(sorted((d[0] - b'0', d[1] - b'0'))),
            pid.clone(),
            mid.clone(),
        );
        if back != want {
            bad.push(format!("{pid}:{mid}: {back:?} vs {want:?}"));
        }
        // The Position ID alone, told who is on roll, is the same position.
        assert_eq!(position_from_id(pid, on_roll), Ok(spec.position));
        // And its XGID reads back to it.
        let x: Xgid = xgid(&spec.position, on_roll, spec.dice, &spec.context.unwrap())
            .parse()
            .unwrap();
        assert_eq!((x.position, x.on_roll), (spec.position, on_roll));
    }
    assert!(
        bad.is_empty(),
        "{} bad, e.g.\n{}",
        bad.len(),
        bad[..bad.len().min(10)].join("\n")
    );
}

// ---------------------------------------------------------------------------------------
// Round trips of random legal positions

#[test]
fn random_legal_positions_round_trip_through_xgid_position_id_and_match_id() {
    let bg = backgammon();
    let positions = random_positions(&bg, 7, 40);
    assert!(positions.len() > 1000);
    let mut rng = Rng::new(99);
    let (mut bars, mut offs) = (0, 0);
    for (pos, side) in positions {
        validate(&pos, Variant::Backgammon).unwrap();
        bars += (pos.count(Side::White, BAR) + pos.count(Side::Black, BAR) > 0) as usize;
        offs += (pos.off(Side::White) + pos.off(Side::Black) > 0) as usize;
        let dice = rng.chance(0.7).then(|| Roll {
            a: rng.die(),
            b: rng.die(),
        });
        let length = [0u64, 1, 3, 5, 7, 25][rng.below(6)];
        let score = |rng: &mut Rng| {
            if length == 0 {
                rng.below(10) as u64
            } else {
                rng.below(length as usize) as u64
            }
        };
        let cube = 1u32 << rng.below(7);
        let context = MatchContext {
            cube,
            cube_owner: match (cube, rng.below(2)) {
                (1, _) => None,
                (_, 0) => Some(Side::White),
                _ => Some(Side::Black),
            },
            white_score: score(&mut rng),
            black_score: score(&mut rng),
            match_length: length,
            crawford: length > 0 && rng.chance(0.2),
        };
        // XGID: encode, decode, encode.
        let s = xgid(&pos, side, dice, &context);
        let x: Xgid = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(
            (x.position, x.on_roll, x.dice, x.context()),
            (pos, side, dice, context)
        );
        assert_eq!(x.to_string(), s);
        // Position ID alone, then with a Match ID.
        let pid = position_id(&pos, side);
        assert_eq!(position_from_id(&pid, side), Ok(pos));
        let state = MatchState {
            cube,
            owner: context.cube_owner,
            on_roll: side,
            crawford: context.crawford,
            dice: dice.map(|d| (d.a, d.b)).unwrap_or((0, 0)),
            length,
            score: (context.white_score, context.black_score),
            crawford_rule: length > 0,
        };
        let mid = match_id(&state);
        assert_eq!(match_from_id(&mid), Ok(state));
        let spec = parse_position_as(
            &format!("{pid}:{mid}"),
            Variant::Backgammon,
            bg.start(),
            side.other(),
        )
        .unwrap();
        assert_eq!(
            (spec.position, spec.on_roll, spec.dice, spec.context),
            (pos, Some(side), dice, Some(context))
        );
        // A Position ID alone is laid out for the side it is told is on roll.
        let alone = parse_position_as(&pid, Variant::Backgammon, bg.start(), side).unwrap();
        assert_eq!(
            (alone.format, alone.position, alone.on_roll),
            (PositionFormat::PositionId, pos, None)
        );
    }
    assert!(bars > 50 && offs > 50, "bar {bars}, off {offs}");
}

#[test]
fn json_positions_round_trip_for_backgammon_and_gul_bara() {
    let bg = backgammon();
    let gb = gul_bara();
    let cases = [
        (
            Variant::Backgammon,
            bg.start(),
            random_positions(&bg, 3, 10),
        ),
        (Variant::GulBara, gb.start(), random_positions(&gb, 5, 10)),
    ];
    for (variant, start, positions) in cases {
        assert!(positions.len() > 300);
        for (pos, _) in positions.into_iter().chain([(start, Side::White)]) {
            let text = serde_json::to_string(&position_doc(&pos, opposite(variant))).unwrap();
            let spec =
                parse_position(&text, variant, start).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!((spec.format, spec.position), (PositionFormat::Json, pos));
            let pretty =
                serde_json::to_string_pretty(&position_doc(&pos, opposite(variant))).unwrap();
            assert_eq!(position_from_json(&pretty, variant), Ok(pos));
        }
    }
}

fn mat_files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "mat"))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The positions `convert --to json` writes after every turn of real records read back as
/// the same positions (the next turn's Position ID in the same document agrees).
#[test]
fn positions_in_converted_records_read_back() {
    let mut files: Vec<PathBuf> = mat_files("fixtures/gulbara/examples");
    files.extend(
        mat_files("fixtures/backgammon/gnubg")
            .into_iter()
            .step_by(20),
    );
    assert!(files.len() > 10);
    let mut n = 0;
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let v = check(tavla::notation::read(&text), &Overrides::default());
        let Some(rules) = v.rules else { continue };
        let variant = rules.variant();
        let doc = match_json(&v, false, &text);
        for game in doc["games"].as_array().unwrap() {
            let actions = game["actions"].as_array().unwrap();
            for (k, a) in actions.iter().enumerate() {
                let Some(p) = a.get("position") else { continue };
                let pos = position_from_json(&p.to_string(), variant)
                    .unwrap_or_else(|e| panic!("{}: {e}", Path::new(&path).display()));
                n += 1;
                // The next replayed roll's Position ID is of this position.
                let next = actions[k + 1..].iter().find(|b| b["type"] == "turn");
                if let Some(Value::String(pid)) = next.and_then(|b| b.get("position_id")) {
                    let side = if next.unwrap()["player"] == "white" {
                        Side::White
                    } else {
                        Side::Black
                    };
                    assert_eq!(position_id(&pos, side), *pid);
                }
            }
        }
    }
    assert!(n > 500, "{n}");
}

// ---------------------------------------------------------------------------------------
// Detection, variants and errors

#[test]
fn each_form_is_recognized() {
    let start = backgammon().start();
    let p = |s: &str| parse_position(s, Variant::Backgammon, start).map(|s| s.format);
    assert_eq!(p("start"), Ok(PositionFormat::Start));
    assert_eq!(p("  START \n"), Ok(PositionFormat::Start));
    assert_eq!(p("4HPwATDgc/ABMA"), Ok(PositionFormat::PositionId));
    assert_eq!(
        p("4HPwATDgc/ABMA:cAkAAAAAAAAA"),
        Ok(PositionFormat::GnubgId)
    );
    assert_eq!(
        p("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
        Ok(PositionFormat::Xgid)
    );
    assert_eq!(
        p("xgid=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
        Ok(PositionFormat::Xgid)
    );
    assert_eq!(
        p("-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
        Ok(PositionFormat::Xgid)
    );
    assert_eq!(
        p(r#"{"white": {"24": 15}, "black": {"24": 15}}"#),
        Ok(PositionFormat::Json)
    );
    // `start` gives the caller's start position, whatever it is.
    let gb = gul_bara().start();
    let s = parse_position("start", Variant::GulBara, gb).unwrap();
    assert_eq!(
        (s.position, s.on_roll, s.dice, s.context),
        (gb, None, None, None)
    );
    // A gnubg ID with a Match ID: the Match ID decides who is on roll (here White, player 0,
    // to play 5-2 at 0-0 in money play).
    let white_52 = MatchState {
        cube: 1,
        owner: None,
        on_roll: Side::White,
        crawford: false,
        dice: (5, 2),
        length: 0,
        score: (0, 0),
        crawford_rule: false,
    };
    let s = parse_position_as(
        &format!("4HPwATDgc/ABMA:{}", match_id(&white_52)),
        Variant::Backgammon,
        start,
        Side::Black,
    )
    .unwrap();
    assert_eq!(s.on_roll, Some(Side::White));
    assert_eq!(s.dice, Some(Roll { a: 5, b: 2 }));
    assert_eq!(s.context, Some(MatchContext::default()));
}

#[test]
fn gul_bara_takes_only_start_and_json() {
    let gb = gul_bara().start();
    for (spec, format) in [
        ("4HPwATDgc/ABMA", PositionFormat::PositionId),
        ("4HPwATDgc/ABMA:cAkAAAAAAAAA", PositionFormat::GnubgId),
        (
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
            PositionFormat::Xgid,
        ),
    ] {
        let e = parse_position(spec, Variant::GulBara, gb).unwrap_err();
        assert_eq!(
            e,
            PositionError::WrongVariant {
                format,
                variant: Variant::GulBara
            }
        );
        assert!(e.to_string().contains("`start` or a JSON position"), "{e}");
    }
    // Gul bara's start in JSON; a checker on the bar is refused.
    let json = r#"{"white": {"24": 15}, "black": {"24": 15}}"#;
    assert_eq!(
        parse_position(json, Variant::GulBara, gb).unwrap().position,
        gb
    );
    let bar = r#"{"white": {"24": 14}, "white_bar": 1, "black": {"24": 15}}"#;
    assert_eq!(
        parse_position(bar, Variant::GulBara, gb),
        Err(PositionError::NoBar {
            side: Side::White,
            variant: Variant::GulBara
        })
    );
    // In Gul bara White's 24 and Black's 12 are one point.
    let shared = r#"{"white": {"24": 15}, "black": {"12": 15}}"#;
    assert_eq!(
        parse_position(shared, Variant::GulBara, gb),
        Err(PositionError::SharedPoint { point: 24 })
    );
}

#[test]
fn every_class_of_malformed_input_is_its_typed_error() {
    let start = backgammon().start();
    let p = |s: &str| parse_position(s, Variant::Backgammon, start).unwrap_err();
    use PositionError as E;
    assert_eq!(p(""), E::Empty);
    assert_eq!(p(" \t\n"), E::Empty);
    assert!(matches!(p("hello"), E::Unrecognized { .. }));
    assert!(matches!(p("a:b"), E::Unrecognized { .. }));
    // Position ID: length, alphabet, too many checkers, set bits past the end, a shared
    // point, everything borne off.
    assert!(matches!(p("4HPwATDgc/ABM"), E::Unrecognized { .. }));
    assert!(matches!(
        p("4HPwATDgc/AB-A"),
        E::BadCharacter {
            index: 12,
            found: '-',
            ..
        }
    ));
    assert!(matches!(
        p("/////////////w"),
        E::CheckerCount { count: 16, .. }
    ));
    assert!(matches!(
        p("4HPwATDgc/ABMB"),
        E::TrailingBits {
            format: PositionFormat::PositionId
        }
    ));
    assert_eq!(p("AAAAAAAAAAAAAA"), E::BothBorneOff);
    // White (not on roll) on its 1-point, Black (on roll) on its 24-point: one point.
    let mut shared = Position::empty();
    shared.set(Side::White, 1, 1);
    shared.set(Side::White, OFF, 14);
    shared.set(Side::Black, 24, 1);
    shared.set(Side::Black, OFF, 14);
    assert_eq!(
        p(&position_id(&shared, Side::White)),
        E::SharedPoint { point: 1 }
    );
    // Match ID: length, alphabet, fields.
    assert!(matches!(
        p("4HPwATDgc/ABMA:cAkAAAAAAAA"),
        E::Length {
            format: PositionFormat::MatchId,
            expected: 12,
            found: 11
        }
    ));
    assert!(matches!(
        p("4HPwATDgc/ABMA:cAkAAAAAAAA!"),
        E::BadCharacter {
            format: PositionFormat::MatchId,
            ..
        }
    ));
    assert!(matches!(
        p("4HPwATDgc/ABMA:cAkAAAAAAAAA:x"),
        E::FieldCount {
            expected: 2,
            found: 3,
            ..
        }
    ));
    // Cube owner 2 (bits 4-5, counted from 0, low bit first: 0 then 1).
    let owner2 = MatchState {
        cube: 1,
        owner: None,
        on_roll: Side::White,
        crawford: false,
        dice: (0, 0),
        length: 0,
        score: (0, 0),
        crawford_rule: false,
    };
    let mut bytes = decode64(&match_id(&owner2));
    bytes[0] = (bytes[0] & !0x30) | 0x20;
    assert!(matches!(
        p(&format!("4HPwATDgc/ABMA:{}", encode64(&bytes))),
        E::Field {
            field: "the cube owner",
            ..
        }
    ));
    for bad in [
        MatchState {
            dice: (7, 1),
            ..owner2
        },
        MatchState {
            dice: (0, 3),
            ..owner2
        },
        MatchState {
            length: 5,
            score: (6, 0),
            ..owner2
        },
        MatchState {
            crawford: true,
            ..owner2
        },
    ] {
        let e = p(&format!("4HPwATDgc/ABMA:{}", match_id(&bad)));
        assert!(
            matches!(
                e,
                E::Field {
                    format: PositionFormat::MatchId,
                    ..
                }
            ),
            "{e}"
        );
    }
    // XGID: fields and position characters.
    assert!(matches!(
        p("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0"),
        E::FieldCount {
            expected: 10,
            found: 9,
            ..
        }
    ));
    assert!(matches!(
        p("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10"),
        E::Length {
            expected: 26,
            found: 25,
            ..
        }
    ));
    assert!(matches!(
        p("XGID=-b----E-C---eE---c-e----Bz:0:0:1:00:0:0:0:0:10"),
        E::BadCharacter {
            index: 25,
            found: 'z',
            ..
        }
    ));
    assert!(matches!(
        p("XGID=-b----E-C---eE---c-e----Ba:0:0:1:00:0:0:0:0:10"),
        E::BadCharacter {
            index: 25,
            found: 'a',
            ..
        }
    ));
    assert!(matches!(
        p("XGID=-b----P-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
        E::CheckerCount {
            side: Side::Black,
            ..
        }
    ));
    for (x, field) in [
        (":16:0:1:00:0:0:0:0:10", "the cube value"),
        (":0:2:1:00:0:0:0:0:10", "the cube owner"),
        (":0:0:0:00:0:0:0:0:10", "the turn"),
        (":0:0:1:07:0:0:0:0:10", "the dice field"),
        (":0:0:1:X:0:0:0:0:10", "the dice field"),
        (":0:0:1:00:-1:0:0:0:10", "the bottom player's score"),
        (":0:0:1:00:0:7:0:7:10", "the top player's score"),
        (":0:0:1:00:0:0:2:7:10", "the rules field"),
        (":0:0:1:00:0:0:4:0:10", "the rules field"),
        (":0:0:1:00:0:0:0:x:10", "the match length"),
        (":0:0:1:00:0:0:0:0:16", "the maximum cube"),
    ] {
        let e = p(&format!("XGID=-b----E-C---eE---c-e----B-{x}"));
        assert!(
            matches!(&e, E::Field { format: PositionFormat::Xgid, field: f, .. } if *f == field),
            "{x}: {e}"
        );
    }
    // JSON.
    assert!(matches!(p("{"), E::Json { .. }));
    assert!(matches!(
        p(r#"{"white": {"0": 15}, "black": {"24": 15}}"#),
        E::PointKey {
            side: Side::White,
            ..
        }
    ));
    assert!(matches!(
        p(r#"{"white": {"24": 15}, "black": {"24": 14}}"#),
        E::CheckerCount {
            side: Side::Black,
            count: 14
        }
    ));
    assert!(matches!(
        p(r#"{"white": {"24": 15}, "black": {"24": 15}, "board": []}"#),
        E::BoardMismatch { point: 1, .. }
    ));
    // Every message names the problem in words.
    for e in [p(""), p("hello"), p("AAAAAAAAAAAAAA"), p("{")] {
        assert!(e.to_string().len() > 20, "{e}");
    }
}

// Small base64 helpers for hand-made Match IDs (gnubg's alphabet, no padding).
const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn decode64(s: &str) -> Vec<u8> {
    let mut acc = 0u32;
    let mut n = 0;
    let mut out = Vec::new();
    for c in s.bytes() {
        acc = (acc << 6) | B64.iter().position(|&b| b == c).unwrap() as u32;
        n += 6;
        if n >= 8 {
            n -= 8;
            out.push((acc >> n) as u8);
            acc &= (1 << n) - 1;
        }
    }
    out
}

fn encode64(bytes: &[u8]) -> String {
    bytes
        .chunks(3)
        .flat_map(|c| {
            let v = (c[0] as u32) << 16 | (c[1] as u32) << 8 | c[2] as u32;
            (0..4).map(move |k| B64[((v >> (18 - 6 * k)) & 63) as usize] as char)
        })
        .collect()
}

#[test]
fn a_pending_cube_action_reads_as_no_dice() {
    let start = backgammon().start();
    for (field, action) in [
        ("D", CubeAction::Doubled),
        ("B", CubeAction::Beavered),
        ("R", CubeAction::Raccooned),
    ] {
        let text = format!("XGID=-b----E-C---eE---c-e----B-:1:0:1:{field}:0:0:2:0:10");
        let x: Xgid = text.parse().unwrap();
        assert_eq!((x.dice, x.cube_action), (None, Some(action)));
        assert!(x.beaver && !x.jacoby);
        assert_eq!(x.to_string(), text);
        let spec = parse_position(&text, Variant::Backgammon, start).unwrap();
        assert_eq!(spec.dice, None);
    }
}

// ---------------------------------------------------------------------------------------
// No panics

/// Valid inputs of every form, to mutate.
const VALID: &[&str] = &[
    "start",
    "4HPwATDgc/ABMA",
    "4HPwATDgc/ABMA:cAkAAAAAAAAA",
    "XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10",
    "-A-CCD-----a---a------dfc-:4:1:-1:33:1:0:0:9:10",
    r#"{"white": {"24": 2, "13": 5, "8": 3, "6": 5}, "black": {"24": 2, "13": 5, "8": 3, "6": 5}, "white_off": 0}"#,
];

fn parse_all(s: &str) {
    for variant in [Variant::Backgammon, Variant::GulBara] {
        for side in [Side::White, Side::Black] {
            if let Ok(spec) = parse_position_as(s, variant, backgammon().start(), side)
                && spec.format != PositionFormat::Start
            {
                validate(&spec.position, variant).unwrap();
            }
        }
    }
    let _ = s.parse::<Xgid>();
    let _ = match_from_id(s);
    let _ = position_from_id(s, Side::White);
    let _ = position_from_json(s, Variant::Backgammon);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text: an error or a valid position, never a panic.
    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,80}") {
        parse_all(&s);
    }

    /// Text shaped like the formats (their alphabets and separators).
    #[test]
    fn format_shaped_text_never_panics(
        s in "(XGID=)?[-a-zA-Z0-9+/:{}\",\\[\\] ]{0,70}",
    ) {
        parse_all(&s);
    }

    /// One character of a valid input replaced, inserted or removed: an error or a valid
    /// position, never a panic.
    #[test]
    fn mutated_valid_inputs_never_panic(
        which in 0..VALID.len(),
        at in 0usize..200,
        c in proptest::char::any(),
        op in 0u8..3,
    ) {
        let mut chars: Vec<char> = VALID[which].chars().collect();
        let at = at % (chars.len() + 1);
        match op {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            _ if at < chars.len() => { chars.remove(at); }
            _ => {}
        }
        let s: String = chars.into_iter().collect();
        parse_all(&s);
    }

    /// Any 80 bits as a Position ID: decoded only when they describe a valid position, and
    /// then encoded back to the same ID.
    #[test]
    fn any_position_id_bits_decode_or_fail_cleanly(bytes in proptest::array::uniform10(any::<u8>())) {
        let mut padded = bytes.to_vec();
        padded.extend([0, 0]);
        let id: String = encode64(&padded).chars().take(14).collect();
        if let Ok(pos) = position_from_id(&id, Side::Black) {
            prop_assert_eq!(position_id(&pos, Side::Black), id);
        }
    }

    /// Any 72 bits as a Match ID: decoded only when every field is in range, and then encoded
    /// back to the same ID when no pending double, resignation or odd game state is set.
    #[test]
    fn any_match_id_bits_decode_or_fail_cleanly(bytes in proptest::array::uniform9(any::<u8>())) {
        let id = encode64(&bytes);
        if let Ok(m) = match_from_id(&id) {
            // Game state 1 (playing), turn = player on roll, no double or resignation pending:
            // what tavla's encoder writes.
            let plain = bytes[1] & 0b0111_0111 == 0b0000_0001
                && (bytes[1] >> 3) & 1 == (bytes[0] >> 6) & 1;
            if plain {
                prop_assert_eq!(match_id(&m), id);
            }
        }
    }
}
