//! Regression tests for the properties the fuzzers in `fuzz/` check (see `fuzz/README.md`).
//!
//! Every crash a fuzzer finds is pinned here as a plain test, its input embedded as bytes
//! (marked `#[ignore = "bug: …"]` until the library is fixed). The campaigns so far found
//! none; the tests below pin the fuzzers' properties on hand-written hostile inputs (huge
//! numbers, invalid UTF-8, lone CRs, a BOM, multi-byte text, deep cube chains) and on a fixed
//! set of engine seeds, so that the properties are also checked by the normal test suite.

use crate::common::Rng;
use std::collections::{HashMap, HashSet};

use tavla::input::decode;
use tavla::notation::write_mat;
use tavla::notation::{
    Column, Play, Span, parse_document, parse_letter_play, parse_play, write_letters,
};
use tavla::replay::referee::check_play;
use tavla::replay::{Overrides, check, render_steps};
use tavla::report::json::match_json;
use tavla::rules::backgammon::Backgammon;
use tavla::rules::gul_bara::GulBara;
use tavla::rules::options::{BackgammonOptions, GulBaraOptions};
use tavla::rules::{Position, Roll, RuleSet, Rules, Segment, Side, StageDice, Step, check_forced};

/// `span` lies inside `text`, on `char` boundaries.
fn assert_span(text: &str, span: Span, what: &str) {
    let end = span.offset + span.len;
    assert!(
        end <= text.len(),
        "{what}: span {span:?} ends past the input ({} bytes)",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.offset) && text.is_char_boundary(end),
        "{what}: span {span:?} is not on char boundaries"
    );
}

/// The `parse_file` fuzz target's property.
fn parse_file_property(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let doc = parse_document(&text);
    for e in &doc.errors {
        assert_span(&text, e.span, e.code.as_str());
    }
    for line in &doc.lines {
        assert_span(&text, line.span, "line");
    }
}

/// The `validate` fuzz target's property, plus: the `.mat` written back validates too.
fn validate_property(data: &[u8]) {
    let (text, _) = decode(data);
    for overrides in [Overrides::default(), Overrides::gul_bara()] {
        let verdict = check(tavla::notation::read(&text), &overrides);
        for f in &verdict.findings {
            assert_span(&text, f.span, f.code.as_str());
        }
        let json = match_json(&verdict, false, &text);
        let written = write_mat(&json);
        let again = check(tavla::notation::read(&written), &overrides);
        for f in &again.findings {
            assert_span(&written, f.span, f.code.as_str());
        }
    }
}

/// The `parse_play` fuzz target's property.
fn play_round_trip(text: &str) {
    let Ok(play) = parse_play(text) else {
        return;
    };
    let shown = play.to_string();
    let again = parse_play(&shown)
        .unwrap_or_else(|e| panic!("{text:?} parsed, but its display {shown:?} does not: {e:?}"));
    assert_eq!(again.to_string(), shown);
    assert_eq!(again.steps.len(), play.steps.len());
    for (a, b) in play.steps.iter().zip(&again.steps) {
        assert_eq!(a.hops(), b.hops(), "{text:?} -> {shown:?}");
        assert_eq!(a.repeat, b.repeat, "{text:?} -> {shown:?}");
    }
}

const HEAD: &str = " 3 point match\n\n Game 1\n A : 0     B : 0\n";

fn hostile_records() -> Vec<(&'static str, Vec<u8>)> {
    let mut cases: Vec<(&'static str, String)> = vec![
        (
            "cube value past u64",
            format!("{HEAD}  1) 31: 8/5 6/5     Doubles => 18446744073709551615\n  2) Takes\n"),
        ),
        (
            "cube value past u32",
            format!(
                "{HEAD}  1) 31: 8/5 6/5     Doubles => 4294967295\n  2)   Takes    Doubles => 4294967295\n"
            ),
        ),
        (
            "huge result",
            format!("{HEAD}  1) 31: 8/5 6/5\n      Wins 18446744073709551615 points and the match\n"),
        ),
        (
            "huge match length, scores and result",
            " 18446744073709551615 point match\n\n Game 1\n A : 18446744073709551615     B : 18446744073709551615\n  1) 31: 8/5 6/5\n      Wins 18446744073709551615 points\n".into(),
        ),
        (
            "huge score before a second game",
            " 0 point match\n\n Game 1\n A : 18446744073709551615     B : 0\n      Wins 1 point\n\n Game 2\n A : 0     B : 0\n".into(),
        ),
        (
            "huge game and turn numbers",
            " Game 18446744073709551615\n A : 0 B : 0\n  99999999999) 43: 13/9\n 18446744073709551615) 43: 13/9\n 4294967296) 43: 13/9\n".into(),
        ),
        (
            "sixty-nine beaver and raccoon rounds",
            format!(
                " 0 point match\n\n Game 1\n A : 0     B : 0\n{}",
                (1..70)
                    .map(|i| format!(
                        "  {i}) Doubles => {}     Beavers => {}\n  {i}) Raccoons => {}  Takes\n",
                        1u128 << i,
                        1u128 << (i + 1),
                        1u128 << (i + 2)
                    ))
                    .collect::<String>()
            ),
        ),
        (
            "Gul bara chain past 6-6",
            "; [Variation \"Gul bara\"]\n; [Rule \"chain_exempt_rolls=0\"]\n 1 point match\n\n Game 1\n A : 0 B : 0\n  1) 11: 24/23(4) +22: 24/22(4) +33: 24/21(4) +44: 24/20(4) +55: 24/19(4) +66: 24/18(4) +77: 1/0\n".into(),
        ),
        (
            "received stages only",
            "; [Variation \"Gul bara\"]\n 1 point match\n\n Game 1\n A : 0 B : 0\n  1) (66): 24/18(4) (55): 24/19(4) (44): 24/20  (33): 24/21\n".into(),
        ),
        (
            "BOM and CRLF, last line ending in CR",
            "\u{feff} 1 point match\r\n\r\n Game 1\r\n A : 0 B : 0\r\n  1) 31: 8/5 6/5\r".into(),
        ),
        (
            "lone CRs",
            " 1 point match\r Game 1\r A : 0 B : 0\r  1) 31: 8/5 6/5\r\r\r".into(),
        ),
        (
            "results before any game",
            "      Wins 1 point\n Game 1\n      Wins 1 point\n".into(),
        ),
        (
            "zeros and out-of-range dice",
            " Game 0\n A : 0 B : 0\n  0) 00: 0/0\n  1) 77: 25/0*** 99: b/o\n".into(),
        ),
        (
            "multi-byte names and spaces",
            " 1 point match\n\n Game 1\n Ä\u{e9}\u{4e2d} : 0 \u{1F600} : 0\n  1) 31: 8/5\u{e9} 6/5\u{2003} \u{a0} 42:\u{3000} 8/4\n".into(),
        ),
        (
            "broken tags",
            "; [Variation \"Gul bara\n; [Rule \"=\" ]\n; [Rules \"\"]\n; [CubeLimit \"99999999999999999999999\"]\n; [CubeLimit \"-1\"]\n; [Crawford \"maybe\"]\n;[Variation \"\\\"]\n".into(),
        ),
        (
            "Jacoby money game dropped",
            "; [Jacoby \"On\"]\n 0 point match\n\n Game 1\n A : 0 B : 0\n  1) 31: 8/5 6/5   Doubles => 2\n  2) Drops\n      Wins 1 point\n\n Game 2\n A : 0 B : 1\n".into(),
        ),
        (
            "299 empty games",
            (1..300)
                .map(|i| format!(" Game {i}\n A : 0 B : 0\n      Wins 1 point\n"))
                .collect(),
        ),
    ];
    let mut out: Vec<(&'static str, Vec<u8>)> =
        cases.drain(..).map(|(n, s)| (n, s.into_bytes())).collect();
    out.push((
        "invalid UTF-8 in a name, a play and at the end",
        b" 1 point match\n\n Game 1\n A\xff\xfe : 0 B : 0\n  1) 31: 8/5\xc3 6/5\n\xf0\x9f\x98"
            .to_vec(),
    ));
    out
}

/// Given hostile match files, when parsed, then nothing panics and every span is in bounds.
#[test]
fn hostile_records_parse_with_spans_inside_the_input() {
    for (name, data) in hostile_records() {
        let r = std::panic::catch_unwind(|| parse_file_property(&data));
        assert!(r.is_ok(), "parse_file property fails on: {name}");
    }
}

/// Given hostile match files, when validated under the header's rules and under Gul bara and
/// written back as JSON and `.mat`, then nothing panics and every finding's span is in bounds.
#[test]
fn hostile_records_validate_and_write_back_without_panicking() {
    for (name, data) in hostile_records() {
        let r = std::panic::catch_unwind(|| validate_property(&data));
        assert!(r.is_ok(), "validate property fails on: {name}");
    }
}

/// Given unusual but accepted spellings of plays, when displayed and parsed again, then the
/// play is the same.
#[test]
fn unusual_plays_round_trip_through_display() {
    for text in [
        "24/19 24/18",
        "bar/22*",
        "BAR/22 OFF/3",
        "b/20 o/3",
        "25/0",
        "6/-",
        "6/off",
        "8/5(2)",
        "8/5(4)",
        "13/7/1",
        "24/18*/14**",
        "24/18**(3)",
        "0/25",
        "\t24/18\u{a0}13/9\u{3000}",
        "01/002",
    ] {
        play_round_trip(text);
    }
}

#[derive(Default)]
struct Brute {
    seen: HashSet<(Position, Vec<u8>)>,
    reached: HashMap<Position, usize>,
    by_high: HashSet<Position>,
}

fn brute<R: Rules>(
    r: &R,
    b: &mut Brute,
    pos: Position,
    side: Side,
    left: &mut Vec<u8>,
    used: &mut Vec<u8>,
    high: Option<u8>,
) {
    let mut key = left.clone();
    key.sort_unstable();
    if !b.seen.insert((pos, key)) {
        return;
    }
    let e = b.reached.entry(pos).or_insert(0);
    *e = (*e).max(used.len());
    if used.len() == 1 && Some(used[0]) == high {
        b.by_high.insert(pos);
    }
    for i in 0..left.len() {
        let d = left[i];
        for from in 1..=25u8 {
            if let Ok((next, _)) = r.step(&pos, side, from, d) {
                left.remove(i);
                used.push(d);
                brute(r, b, next, side, left, used, high);
                used.pop();
                left.insert(i, d);
            }
        }
    }
}

/// The `legals_are_legal` fuzz target's property for one stage.
fn legals_are_legal<R: Rules>(r: &R, pos: &Position, side: Side, dice: StageDice) {
    let set = r.legal_plays(pos, side, dice);
    assert!(!set.is_empty());
    assert_eq!(r.can_move(pos, side, dice), set.max_steps() > 0);
    for (result, steps) in set.results() {
        assert_eq!(steps.len(), set.max_steps() as usize);
        let mut p = *pos;
        for st in steps {
            p = r.step(&p, side, st.from, st.die).expect("generated step").0;
        }
        assert_eq!(&p, result);
        let segments: Vec<Segment> = steps
            .iter()
            .map(|s| Segment {
                from: s.from,
                to: s.to,
            })
            .collect();
        let resolved = r
            .resolve(pos, side, dice, &segments)
            .unwrap_or_else(|e| panic!("resolve rejects {segments:?} for {dice}: {e:?}"));
        assert_eq!(&resolved.position, result);
        assert!(check_forced(&set, &resolved, dice).is_ok());
    }
    let high = match dice {
        StageDice::Mixed { high, .. } => Some(high),
        StageDice::Double { .. } => None,
    };
    let mut b = Brute::default();
    brute(
        r,
        &mut b,
        *pos,
        side,
        &mut dice.dice(),
        &mut Vec::new(),
        high,
    );
    let max = b.reached.values().copied().max().unwrap_or(0);
    assert_eq!(max, set.max_steps() as usize);
    let must_high = max == 1 && !b.by_high.is_empty();
    let expect: HashSet<Position> = b
        .reached
        .iter()
        .filter(|(p, n)| **n == max && (!must_high || b.by_high.contains(p)))
        .map(|(p, _)| *p)
        .collect();
    let got: HashSet<Position> = set.positions().iter().copied().collect();
    assert_eq!(expect, got, "{dice}");
    assert_eq!(got.len(), set.len());
}

/// Play whole random games and check the property at every stage, with a partial doublet
/// stage now and then. Returns the stages checked and how many of them were in a bear-off.
fn random_games<R: Rules>(r: &R, seed: u64, games: usize) -> (usize, usize) {
    let mut rng = Rng(seed);
    let (mut stages, mut bearing_off) = (0, 0);
    for _ in 0..games {
        let mut pos = r.start();
        let mut side = Side::White;
        for _ in 0..400 {
            if pos.off(Side::White) == 15 || pos.off(Side::Black) == 15 {
                break;
            }
            let dice = if rng.below(8) == 0 {
                StageDice::Double {
                    value: rng.below(6) as u8 + 1,
                    count: rng.below(4) as u8 + 1,
                }
            } else {
                rng.roll().stage()
            };
            legals_are_legal(r, &pos, side, dice);
            stages += 1;
            if pos.off(side) > 0 {
                bearing_off += 1;
            }
            let set = r.legal_plays(&pos, side, dice);
            pos = set.positions()[rng.below(set.len())];
            side = side.other();
        }
    }
    (stages, bearing_off)
}

/// Given random Gul bara games from fixed seeds, then at every stage the generated plays and
/// the stepwise checker agree.
#[test]
fn gul_bara_legal_plays_agree_with_the_stepwise_checker() {
    let r = GulBara {
        options: GulBaraOptions::preset("bulgarian").unwrap(),
    };
    let (stages, bearing_off) = random_games(&r, 0x9e37_79b9_7f4a_7c15, 20);
    assert!(
        stages > 1000 && bearing_off > 50,
        "{stages} stages, {bearing_off} bearing off"
    );
}

/// Given random backgammon and nackgammon games from fixed seeds, then at every stage the
/// generated plays and the stepwise checker agree.
#[test]
fn backgammon_legal_plays_agree_with_the_stepwise_checker() {
    for (preset, seed) in [("backgammon", 0x2545_f491_4f6c_dd1d), ("nackgammon", 7)] {
        let r = Backgammon {
            options: BackgammonOptions::preset(preset).unwrap(),
        };
        let (stages, bearing_off) = random_games(&r, seed, 10);
        assert!(
            stages > 500 && bearing_off > 50,
            "{stages} stages, {bearing_off} bearing off"
        );
    }
}

/// The `check_play` fuzz target's property for a written-out legal result: written in
/// either notation and read back, the referee calls it legal, reaching `result`, with no
/// hit-claim warning.
fn written_result_is_legal(
    rules: &RuleSet,
    pos: &Position,
    side: Side,
    dice: StageDice,
    (result, steps): (&Position, &[Step]),
) {
    let standard = render_steps(steps);
    let play = if steps.is_empty() {
        Play::default()
    } else {
        parse_play(&standard).unwrap_or_else(|e| panic!("{standard:?}: {e:?}"))
    };
    // The letters name the board as White sees it: Black's points through the game's mapping
    // (an involution), both ways.
    let as_white = |p: &Play| match side {
        Side::White => p.clone(),
        Side::Black => p.map_points(|q| rules.opposite(q)),
    };
    let letters = write_letters(&as_white(&play), Column::Left, None, false);
    let from_letters = if steps.is_empty() {
        Play::default()
    } else {
        let lp = parse_letter_play(&letters).unwrap_or_else(|e| panic!("{letters:?}: {e:?}"));
        as_white(&lp.play(Column::Left))
    };
    for (text, play) in [(&standard, play), (&letters, from_letters)] {
        let c = check_play(rules, pos, side, dice, &play)
            .unwrap_or_else(|p| panic!("the legal {text:?} for {dice} is rejected: {p:?}"));
        assert_eq!(&c.position, result, "{text:?} for {dice}");
        assert!(c.hit_claims.is_empty(), "{text:?}: {:?}", c.hit_claims);
    }
}

/// Given random games of each variant from fixed seeds, then at every stage every legal
/// result, written out in either notation and read back, passes `check_play` and reaches it.
#[test]
fn legal_results_written_out_pass_check_play_in_both_notations() {
    for (rules, seed) in [
        (
            RuleSet::GulBara(GulBaraOptions::preset("bulgarian").unwrap()),
            11,
        ),
        (
            RuleSet::Backgammon(BackgammonOptions::preset("backgammon").unwrap()),
            12,
        ),
        (
            RuleSet::Backgammon(BackgammonOptions::preset("nackgammon").unwrap()),
            13,
        ),
    ] {
        let mut rng = Rng(seed);
        let mut checked = 0;
        for _ in 0..4 {
            let mut pos = rules.start();
            let mut side = Side::White;
            while pos.off(Side::White) < 15 && pos.off(Side::Black) < 15 {
                let dice = rng.roll().stage();
                let set = rules.legal_plays(&pos, side, dice);
                for (result, steps) in set.results() {
                    written_result_is_legal(&rules, &pos, side, dice, (result, steps));
                    checked += 1;
                }
                pos = set.positions()[rng.below(set.len())];
                side = side.other();
            }
        }
        assert!(checked > 1000, "{checked} results checked");
    }
}

/// The position a `legals_are_legal` fuzz input reaches: the rule set byte is read by the
/// caller; then the first mover (odd: Black), then (dice, choice) per stage as the fuzz
/// crate's `common::reach` plays them.
fn fuzz_reach(rules: &RuleSet, bytes: &[u8], stages: usize) -> (Position, Side) {
    let roll = |b: u8| {
        let v = b % 36;
        Roll {
            a: v % 6 + 1,
            b: v / 6 + 1,
        }
    };
    let mut pos = rules.start();
    let mut side = if bytes[0] & 1 == 0 {
        Side::White
    } else {
        Side::Black
    };
    for k in 0..stages {
        let (d, pick) = (bytes[1 + 2 * k], bytes[2 + 2 * k]);
        let set = rules.legal_plays(&pos, side, roll(d).stage());
        pos = *set
            .get(pick as usize * set.len() / 256)
            .expect("a result")
            .0;
        if d < 216 {
            side = side.other();
        }
    }
    (pos, side)
}

/// Found by `legals_are_legal` over every variant (input `WWsx9Gsx9OLiBQAAAAAAAAA=`, Fevga
/// under the `moultezim` preset, then 1-1): a step exists by the step rule, so `can_move` is
/// true, but the runner rule forbids every one, so the legal play is the empty play. That is
/// the engine's contract (`can_move` is the step rule's quick probe; replay asks
/// `legal_plays` next), and the fuzz property now says so: `can_move` and `legal_plays` agree
/// exactly only in games without play-level rules.
#[test]
fn a_step_the_runner_rule_forbids_leaves_the_empty_play_though_can_move_is_true() {
    let input = [
        0x59u8, 0x6b, 0x31, 0xf4, 0x6b, 0x31, 0xf4, 0xe2, 0xe2, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00,
    ];
    let rules = RuleSet::default_for(tavla::rules::Variant::Fevga)
        .with_preset("moultezim")
        .expect("preset");
    let (pos, side) = fuzz_reach(&rules, &input[1..], 7);
    let dice = StageDice::Double { value: 1, count: 4 };
    assert!(rules.can_move(&pos, side, dice));
    let set = rules.legal_plays(&pos, side, dice);
    assert_eq!((set.len(), set.max_steps()), (1, 0));
    assert_eq!(set.get(0).map(|(p, _)| *p), Some(pos));
    // Every step the step rule allows is a second checker leaving own 24 before the runner
    // passed own 11: the runner rule's error.
    let mut any = false;
    for from in 1..=24u8 {
        if rules.step(&pos, side, from, 1).is_ok() {
            any = true;
            assert_eq!(from, 24, "a step from {from}");
            let e = rules
                .resolve(&pos, side, dice, &[Segment { from: 24, to: 23 }])
                .expect_err("the runner rule");
            assert!(format!("{e:?}").contains("Runner"), "{e:?}");
        }
    }
    assert!(any);
}
