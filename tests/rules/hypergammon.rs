//! Hypergammon with 1, 2 and 3 checkers and Longgammon (`hypergammon.md`): the perft vectors of
//! `hypergammon-perft.txt` through the shared perft reader, one test for each case of its
//! section 7, its example records, and gnubg's own matches.

use crate::common::generated::AtTheirLine;
use crate::common::{assert_round_trip, errors, files, found};
use crate::perft_vectors;

use std::collections::HashSet;

use tavla::codes::Code;
use tavla::replay::{Overrides, Severity, check};
use tavla::rules::{
    BAR, ForcedError, Level, OFF, PlayError, Position, Roll, RuleSet, Segment, Side, StageDice,
    StepError, Variant,
};

fn rules(name: &str) -> RuleSet {
    let (v, _) = Variant::from_name(name).expect("a variant name");
    RuleSet::default_for(v)
}

/// `x=`/`o=` points of the mover (White) and the opponent, each in its own numbering; the
/// trays take the rest of the variant's checkers.
fn pos(r: &RuleSet, x: &[(u8, u8)], o: &[(u8, u8)]) -> Position {
    let mut p = Position::empty();
    for (side, list) in [(Side::White, x), (Side::Black, o)] {
        for &(pt, n) in list {
            p.set(side, pt, n);
        }
        let on: u8 = (1..=BAR).map(|l| p.count(side, l)).sum();
        p.set(side, OFF, r.checkers() - on);
    }
    p
}

fn seg(from: u8, to: u8) -> Segment {
    Segment { from, to }
}

fn roll(a: u8, b: u8) -> StageDice {
    Roll { a, b }.stage()
}

/// Play `segs` for White; the result if it is legal (stepwise and forced play).
fn play(r: &RuleSet, p: &Position, dice: StageDice, segs: &[(u8, u8)]) -> Result<Position, String> {
    let segs: Vec<Segment> = segs.iter().map(|&(a, b)| seg(a, b)).collect();
    let done = r
        .resolve(p, Side::White, dice, &segs)
        .map_err(|e| format!("{e:?}"))?;
    let set = r.legal_plays(p, Side::White, dice);
    tavla::rules::check_forced(&set, &done, dice).map_err(|e| format!("{e:?}"))?;
    Ok(done.position)
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect(needle) + 1
}

fn example(name: &str) -> String {
    std::fs::read_to_string(format!("fixtures/hypergammon/examples/{name}")).expect(name)
}

// ---------------------------------------------------------------------------------------
// Section 8: the perft vectors.
// ---------------------------------------------------------------------------------------

const PERFT: &str = "fixtures/hypergammon/perft.txt";

/// The position as the file writes it, with the trays filled up to the variant's count.
fn filled(r: &RuleSet, p: &Position) -> Position {
    let mut p = *p;
    for side in [Side::White, Side::Black] {
        let on: u8 = (1..=BAR).map(|l| p.count(side, l)).sum();
        p.set(side, OFF, r.checkers() - on);
    }
    p
}

/// Given the 100 positions of `hypergammon-perft.txt` (25 per variant, start included), when
/// every roll is played as one stage, then the number of distinct results, the dice the best
/// plays use and the number of results that bear off the mover's last checker all match the
/// four engines of the file.
#[test]
fn stage_counts_match_the_vectors_for_all_four_variants() {
    let seen = std::cell::RefCell::new(HashSet::new());
    let (checked, failures) = perft_vectors::check_tagged(
        PERFT,
        |tag, p, _first, dice| {
            let r = rules(tag);
            seen.borrow_mut().insert(r.variant());
            r.legal_plays(&filled(&r, p), Side::White, dice)
        },
        Some(&|tag: &str, p: &Position| p.off(Side::White) == rules(tag).checkers()),
    );
    assert_eq!(checked, 100 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(seen.borrow().len(), 4, "{seen:?}");
}

/// Unweighted perft from `p` with `side` to move (see the file's header): a roll with no play
/// counts once and passes the position unchanged.
fn perft(r: &RuleSet, p: &Position, side: Side, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for a in 1..=6u8 {
        for b in 1..=a {
            let set = r.legal_plays(p, side, roll(a, b));
            if set.max_steps() == 0 {
                total += perft(r, p, side.other(), depth - 1);
            } else {
                for q in set.positions() {
                    total += perft(r, q, side.other(), depth - 1);
                }
            }
        }
    }
    total
}

/// Given each variant's start, then perft to depth 3 equals the file's `perft` lines (for
/// Hypergammon-3, 6,645,799 leaves).
#[test]
fn start_perft_matches_the_vectors() {
    let lines = perft_vectors::perft_lines(PERFT);
    assert_eq!(lines.len(), 4);
    for (name, counts) in lines {
        let r = rules(&name);
        for (d, &want) in counts.iter().enumerate().take(3) {
            let got = perft(&r, &r.start(), Side::White, d as u32 + 1);
            assert_eq!(got, want, "{name} perft({})", d + 1);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Section 7: the cases.
// ---------------------------------------------------------------------------------------

/// Case 1: hyper-3 starts from 24, 23, 22; 31 has 7 results, 66 has 12.
#[test]
fn case_01_hyper3_start_and_its_counts() {
    let r = rules("hypergammon-3");
    let s = r.start();
    for side in [Side::White, Side::Black] {
        let held: Vec<u8> = (1..=BAR).filter(|&l| s.count(side, l) > 0).collect();
        assert_eq!(held, vec![22, 23, 24]);
        assert_eq!(s.side(side).iter().map(|&n| n as u32).sum::<u32>(), 3);
    }
    assert_eq!(r.legal_plays(&s, Side::White, roll(3, 1)).len(), 7);
    assert_eq!(r.legal_plays(&s, Side::White, roll(6, 6)).len(), 12);
    // The other starts of section 1.
    assert_eq!(rules("hypergammon-1").start().count(Side::White, 24), 1);
    assert_eq!(rules("hypergammon-2").start().count(Side::Black, 23), 1);
    assert_eq!(rules("longgammon").start().count(Side::Black, 24), 15);
}

/// Case 2: a hyper-3 record headed `HyperGammon (2)` is illegal at its first step from 22
/// (reported there, not at the header); a hyper-1 record headed `HyperGammon (2)` at the
/// first move the 2-checker game forbids.
#[test]
fn case_02_a_wrong_checker_count_in_the_header_is_reported_at_the_first_move_it_forbids() {
    let h3 = example("hypergammon3-py-3pt.mat");
    assert!(errors(&h3).is_empty());
    let as2 = h3.replace("HyperGammon (3)", "HyperGammon (2)");
    let e = errors(&as2);
    let first = *e.first().expect("an error");
    let from22 = h3
        .lines()
        .position(|l| l.contains(" 22/"))
        .expect("a step from 22")
        + 1;
    assert_eq!(first.1, from22, "{e:?}");
    assert!(first.1 > line_of(&h3, "Variation"));

    let h1 = example("hypergammon1-gnubg-3pt.mat");
    assert!(errors(&h1).is_empty());
    let e = errors(&h1.replace("HyperGammon (1)", "HyperGammon (2)"));
    let first = e.first().expect("an error");
    assert!(first.1 > line_of(&h1, "Game 1"), "{e:?}");
}

/// Case 3: in hyper-3, `64: 13/7 24/20` moves a checker that does not exist.
#[test]
fn case_03_a_checker_that_does_not_exist() {
    let r = rules("hypergammon-3");
    let e = r
        .resolve(
            &r.start(),
            Side::White,
            roll(6, 4),
            &[seg(13, 7), seg(24, 20)],
        )
        .unwrap_err();
    assert!(
        matches!(
            e,
            PlayError::Step {
                error: StepError::NoChecker { from: 13 },
                ..
            }
        ),
        "{e:?}"
    );
    // The backgammon start point 8 does not exist either.
    assert!(
        r.resolve(&r.start(), Side::White, roll(6, 2), &[seg(8, 2)])
            .is_err()
    );
}

/// Case 4: hyper-2 `x=bar:1,1:1 o=9:2`, 63: only `25/19`; `25/22` and `1/0` are illegal.
#[test]
fn case_04_entering_first_and_the_larger_die() {
    let r = rules("hypergammon-2");
    let p = pos(&r, &[(BAR, 1), (1, 1)], &[(9, 2)]);
    let set = r.legal_plays(&p, Side::White, roll(6, 3));
    assert_eq!((set.len(), set.max_steps()), (1, 1));
    assert!(play(&r, &p, roll(6, 3), &[(25, 19)]).is_ok());
    let smaller = play(&r, &p, roll(6, 3), &[(25, 22)]).unwrap_err();
    assert!(smaller.contains("LargerDie"), "{smaller}");
    let off = r
        .resolve(&p, Side::White, roll(6, 3), &[seg(1, 0)])
        .unwrap_err();
    assert!(
        matches!(
            off,
            PlayError::Step {
                error: StepError::MustEnter,
                ..
            }
        ),
        "{off:?}"
    );
}

/// Case 5: bearing off with 3 checkers.
#[test]
fn case_05_bearing_off_with_three_checkers() {
    let r = rules("hypergammon-3");
    let p = pos(&r, &[(8, 1), (3, 2)], &[(20, 1), (18, 1), (12, 1)]);
    assert!(play(&r, &p, roll(5, 3), &[(8, 3), (3, 0)]).is_ok());
    let hit = play(&r, &p, roll(5, 3), &[(8, 5), (5, 0)]).expect("8/5* 5/0");
    assert_eq!(hit.count(Side::Black, BAR), 1);
    let e = r
        .resolve(&p, Side::White, roll(5, 3), &[seg(3, 0), seg(3, 0)])
        .unwrap_err();
    assert!(
        matches!(
            e,
            PlayError::Step {
                error: StepError::NotAllHome { outside: 8 },
                ..
            }
        ),
        "{e:?}"
    );
    let q = pos(&r, &[(6, 1), (2, 1)], &[(24, 1), (23, 1), (22, 1)]);
    assert_eq!(q.off(Side::White), 1);
    let end = play(&r, &q, roll(6, 4), &[(6, 0), (2, 0)]).expect("6/0 2/0");
    assert_eq!(end.off(Side::White), 3);
    assert_eq!(
        r.outcome(&end),
        tavla::rules::tapa::Outcome::BoreOff(Side::White)
    );
    let on = play(&r, &q, roll(6, 4), &[(6, 2), (2, 0)]).expect("6/2 2/0");
    assert_eq!((on.off(Side::White), on.count(Side::White, 2)), (2, 1));
    assert_eq!(r.outcome(&on), tavla::rules::tapa::Outcome::Running);
}

/// Case 6: the last checker: `2/1* 1/0` only; `2/0` uses one die where two can be used; the
/// game is a backgammon.
#[test]
fn case_06_the_last_checker_off_excuses_no_die() {
    let r = rules("hypergammon-3");
    let p = pos(&r, &[(2, 1)], &[(24, 1), (10, 1), (9, 1)]);
    let set = r.legal_plays(&p, Side::White, roll(6, 1));
    assert_eq!((set.len(), set.max_steps()), (1, 2));
    let end = play(&r, &p, roll(6, 1), &[(2, 1), (1, 0)]).expect("2/1* 1/0");
    let e = play(&r, &p, roll(6, 1), &[(2, 0)]).unwrap_err();
    assert!(e.contains("TooFewDice"), "{e}");
    assert_eq!(r.level(&end, Side::White), Level::Backgammon);
    assert_eq!(r.level(&end, Side::White).points(), 3);
}

const HYPER1_BACKGAMMON: &str = "; [Variation \"HyperGammon (1)\"]

 5 point match

 Game 1
 Alice : 0                      Bob : 0
  1) 21: 24/22 22/21             66: 24/18 18/12 12/6 6/0
                                  Wins 3 points
";

/// Case 7: hyper-1, after `21: 24/22 22/21` o's 66 bears off at once; x's checker is in o's
/// home board: a backgammon, 3 points at cube 1 (2 is `wins_mismatch`).
#[test]
fn case_07_hyper1_first_roll_backgammon() {
    let v = check(
        tavla::notation::read(HYPER1_BACKGAMMON),
        &Overrides::default(),
    );
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    assert_eq!(v.games[0].result.as_ref().unwrap().full, Some(3));
    let two = HYPER1_BACKGAMMON.replace("Wins 3 points", "Wins 2 points");
    assert_eq!(
        errors(&two),
        vec![(Code::WinsMismatch, line_of(&two, "Wins"))]
    );
}

/// Case 8: a gammon with 2 checkers is 2 × cube; `Wins 1 point` is `wins_mismatch`.
#[test]
fn case_08_gammon_with_two_checkers() {
    let r = rules("hypergammon-2");
    // The loser has both checkers on the board, none in the winner's home or on the bar.
    let end = pos(&r, &[], &[(12, 1), (7, 1)]);
    assert_eq!(r.level(&end, Side::White), Level::Gammon);
    // One borne off: a single game.
    let single = pos(&r, &[], &[(12, 1)]);
    assert_eq!(r.level(&single, Side::White), Level::Single);
    // In a record: the gammon at cube 2 of the example, written 4, is 4; 2 is wrong.
    let text = example("hypergammon2-gnubg-3pt.mat");
    let v = check(tavla::notation::read(&text), &Overrides::default());
    let g2 = v.games[1].result.as_ref().unwrap();
    assert_eq!((g2.full, g2.written), (Some(4), Some(4)));
    let wrong = text.replace("Wins 4 points", "Wins 1 point");
    assert_eq!(
        errors(&wrong),
        vec![(
            Code::WinsMismatch,
            wrong
                .lines()
                .collect::<Vec<_>>()
                .iter()
                .rposition(|l| l.contains("Wins 1 point"))
                .unwrap()
                + 1
        )]
    );
    // The same record with the cube at 4: a gammon is 8 and 4 is wrong.
    let at4 = HYPER2_CUBE4.to_string();
    assert!(errors(&at4).is_empty(), "{:?}", errors(&at4));
    let one = at4.replace("Wins 8 points", "Wins 4 points");
    assert_eq!(
        errors(&one),
        vec![(Code::WinsMismatch, line_of(&one, "Wins 4"))]
    );
}

/// Game 2 of the hyper-2 example with a redouble to 4 (the taker, who owns the cube, redoubles).
const HYPER2_CUBE4: &str = "; [Variation \"HyperGammon (2)\"]

 7 point match

 Game 1
 white : 0                      black : 0
  1) 32: 23/20 24/22              Doubles => 2
  2)  Takes                      32: 24/22 22/19 
  3) 65: 22/16 20/15             42: 23/21 21/17 
  4) 31: 15/14 16/13             65: 17/11* 19/14 
  5) 31: 25/24 13/10             61: 14/8 11/10 
  6)  Doubles => 4                Takes
  7) 54: 24/19 19/15*            65: 25/19 8/3 
  8) 61: 15/9 10/9               11: 19/18 18/17 3/2 2/1
  9) 64: 9/3 9/5                 65: 17/12 12/6 
 10) 55: 5/0 3/0                 
      Wins 8 points
";

/// Case 9: the cube: a redouble only by the owner; a drop ends the game for the value before
/// the double; no double in the Crawford game, and after it doubles are allowed again.
#[test]
fn case_09_the_cube_and_crawford() {
    // The owner (white took at 2) redoubles in HYPER2_CUBE4; black, who does not own it, may not.
    let bad = HYPER2_CUBE4.replace(
        "  6)  Doubles => 4                Takes\n  7) 54: 24/19 19/15*            65: 25/19 8/3 ",
        "  6) 54: 24/19 19/15*             Doubles => 4\n  7)  Takes                      65: 25/19 8/3 ",
    );
    let e = errors(&bad);
    assert_eq!(e.first().map(|x| x.0), Some(Code::DoubleNotOwner), "{e:?}");
    assert_eq!(e[0].1, line_of(&bad, "Doubles => 4"));
    // A drop wins the cube value before the double: the money example's game 2.
    let money = example("hypergammon1-gnubg-money-jacoby.mat");
    let v = check(tavla::notation::read(&money), &Overrides::default());
    let drop = v.games[6].result.as_ref().unwrap();
    assert_eq!((drop.how, drop.full), ("drop", Some(2)));
    // Crawford: Alice reaches 2 of 3 by a gammon; Bob may not double in game 2, but may in
    // game 3 (after the Crawford game).
    let crawford = CRAWFORD.to_string();
    assert_eq!(
        errors(&crawford),
        vec![(Code::CrawfordDouble, line_of(&crawford, "Doubles => 2"))]
    );
    let post = CRAWFORD
        .replace(" Alice : 2                      Bob : 0", " Alice : 2                      Bob : 0\n  1) 31: 24/21 21/20             42: 24/20 20/18\n  2) 65: 20/14 14/9              52: 18/13 13/11\n  3) 64: 9/3 3/0\n      Wins 1 point\n\n Game 3\n Alice : 3                      Bob : 0");
    let e = errors(&post);
    assert!(
        e.iter().all(|x| x.0 != Code::CrawfordDouble),
        "a double after the Crawford game: {e:?}"
    );
}

const CRAWFORD: &str = "; [Variation \"HyperGammon (1)\"]

 3 point match

 Game 1
 Alice : 0                      Bob : 0
  1) 65: 24/18 18/13             43: 24/20 20/17
  2) 66: 13/7 7/1 1/0
      Wins 2 points

 Game 2
 Alice : 2                      Bob : 0
  1) 31: 24/21 21/20              Doubles => 2
  2)  Takes                      52: 24/19 19/17
";

/// Case 10: a game whose first roll is a doublet is `opening_doublet`.
#[test]
fn case_10_opening_doublet() {
    let text = HYPER1_BACKGAMMON.replace(
        "  1) 21: 24/22 22/21             66: 24/18 18/12 12/6 6/0",
        "  1) 22: 24/22 22/20 20/18 18/16 66: 24/18 18/12 12/6 6/0",
    );
    let e = errors(&text);
    assert_eq!(e.first(), Some(&(Code::OpeningDoublet, 7)), "{e:?}");
}

/// Case 11: a gnubg money session without a `Jacoby` tag: the centred-cube gammon written
/// `Wins 2 points`, with the next score line adding 1, is accepted with `jacoby_inferred`;
/// with `Jacoby "Off"` the score line is wrong; with `Jacoby "On"` it is right, unremarked.
#[test]
fn case_11_money_session_jacoby_read_from_the_score_line() {
    let text = example("hypergammon1-gnubg-money-jacoby.mat");
    let v = check(tavla::notation::read(&text), &Overrides::default());
    let game7 = line_of(&text, " gnubg : 2                      root : 17");
    assert_eq!(found(&text, &v, Severity::Error), vec![]);
    assert_eq!(
        found(&text, &v, Severity::Warning),
        vec![(Code::JacobyInferred, game7)]
    );
    let g6 = v.games[5].result.as_ref().unwrap();
    assert_eq!((g6.written, g6.full), (Some(2), Some(2)));
    let off = text.replace("; [Variation", "; [Jacoby \"Off\"]\n; [Variation");
    assert_eq!(errors(&off), vec![(Code::ScoreMismatch, game7 + 1)]);
    let on = text.replace("; [Variation", "; [Jacoby \"On\"]\n; [Variation");
    let v = check(tavla::notation::read(&on), &Overrides::default());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
    // The score line that adds the full 2 is right too, without the warning.
    let full = text.replace(
        " gnubg : 2                      root : 17",
        " gnubg : 3                      root : 17",
    );
    let full = full
        .replace(
            " gnubg : 2                      root : 19",
            " gnubg : 3                      root : 19",
        )
        .replace(
            " gnubg : 6                      root : 19",
            " gnubg : 7                      root : 19",
        )
        .replace(
            " gnubg : 6                      root : 20",
            " gnubg : 7                      root : 20",
        );
    let v = check(tavla::notation::read(&full), &Overrides::default());
    assert!(v.findings.is_empty(), "{:?}", v.findings);
}

/// Case 12: Longgammon: all 15 on 24; 66 has 4 results, 11 has 5; a hit checker enters as in
/// backgammon; a loser with a checker in the winner's home board loses a backgammon.
#[test]
fn case_12_longgammon() {
    let r = rules("longgammon");
    let s = r.start();
    assert_eq!(
        (s.count(Side::White, 24), s.count(Side::Black, 24)),
        (15, 15)
    );
    assert_eq!(r.legal_plays(&s, Side::White, roll(6, 6)).len(), 4);
    assert_eq!(r.legal_plays(&s, Side::White, roll(1, 1)).len(), 5);
    // Black's blot on White's 20 (Black's 5) is hit by 24/20 and enters.
    let p = pos(&r, &[(24, 15)], &[(24, 14), (5, 1)]);
    let hit = play(&r, &p, roll(4, 1), &[(24, 20), (20, 19)]).expect("24/20* 20/19");
    assert_eq!(hit.count(Side::Black, BAR), 1);
    let enter = r.legal_plays(&hit, Side::Black, roll(2, 1));
    assert!(
        enter
            .positions()
            .iter()
            .all(|q| q.count(Side::Black, BAR) == 0)
    );
    let end = pos(&r, &[], &[(20, 1), (6, 14)]);
    assert_eq!(r.level(&end, Side::White), Level::Backgammon);
    let gammon = pos(&r, &[], &[(18, 1), (6, 14)]);
    assert_eq!(r.level(&gammon, Side::White), Level::Gammon);
}

// ---------------------------------------------------------------------------------------
// Records: the examples, gnubg's matches, names and round trips.
// ---------------------------------------------------------------------------------------

/// Given the example records of `hypergammon.md` and the matches gnubg played here, then each
/// is checked under the variant its `Variation` names and is valid (the money example with
/// its one `jacoby_inferred` warning), and its JSON survives the `.mat` round trip.
#[test]
fn example_and_gnubg_records_validate_and_round_trip() {
    let mut variants = HashSet::new();
    let mut records = files("fixtures/hypergammon/examples", "mat");
    records.extend(files("fixtures/hypergammon/gnubg", "mat"));
    assert!(records.len() >= 20);
    for p in records {
        let text = std::fs::read_to_string(&p).unwrap();
        let v = check(tavla::notation::read(&text), &Overrides::default());
        let name = p.display().to_string();
        let rules = v.rules.expect("checked");
        variants.insert(rules.variant());
        let want = match rules.variant() {
            Variant::Hypergammon1 => "HyperGammon (1)",
            Variant::Hypergammon2 => "HyperGammon (2)",
            Variant::Hypergammon3 => "HyperGammon (3)",
            Variant::Longgammon => "LongGammon",
            other => panic!("{name}: {other}"),
        };
        assert!(text.contains(want), "{name}");
        let warnings = found(&text, &v, Severity::Warning);
        assert_eq!(found(&text, &v, Severity::Error), vec![], "{name}");
        if name.ends_with("money-jacoby.mat") {
            assert_eq!(warnings.len(), 1, "{name}");
        } else {
            assert_eq!(warnings, vec![], "{name}");
        }
        round_trip(&name, &text);
    }
    assert_eq!(variants.len(), 4);
}

/// `.mat` → JSON → `.mat`: the written record checks the same and is a fixed point.
fn round_trip(name: &str, text: &str) {
    let v = check(tavla::notation::read(text), &Overrides::default());
    let j = tavla::report::json::match_json(&v, false, text);
    let variant = v.rules.expect("checked").variant().name();
    assert!(
        j.to_string()
            .contains(&format!("\"variant\":\"{variant}\"")),
        "{name}: the JSON names the variant {variant}"
    );
    assert_round_trip(&v, text, name);
}

/// Given the gnubg matches, when the destination of one step is changed, then the first
/// error is never before the changed line and most are at it.
#[test]
fn single_mutations_of_gnubg_matches_are_reported_at_their_line() {
    let mut at = AtTheirLine::default();
    for p in files("fixtures/hypergammon/gnubg", "mat") {
        let text = std::fs::read_to_string(&p).unwrap();
        at.add(&text, &p.display().to_string());
    }
    at.assert_most(100);
}

/// `--variant` names and presets: each variant by its CLI name, its preset is backgammon's
/// (the cube on), and the header's `Variation` is overridden by `--variant`.
#[test]
fn variant_names_and_override() {
    for (name, n) in [
        ("hypergammon-1", 1),
        ("hypergammon-2", 2),
        ("hypergammon-3", 3),
        ("hypergammon", 3),
        ("longgammon", 15),
    ] {
        let r = rules(name);
        assert_eq!(r.checkers(), n, "{name}");
        assert!(r.cube().available.is_ok());
        assert!(r.cube().crawford && !r.cube().jacoby);
        assert!(r.backgammon_board() && r.hits());
        assert!(r.with_preset("backgammon").is_ok());
        assert!(r.with_preset("nackgammon").is_err());
    }
    let text = example("hypergammon1-gnubg-3pt.mat");
    let o = Overrides {
        variant: Some(Variant::Hypergammon2),
        ..Overrides::default()
    };
    let v = check(tavla::notation::read(&text), &o);
    assert_eq!(v.rules.map(|r| r.variant()), Some(Variant::Hypergammon2));
    assert!(v.errors() > 0);
}

/// Section 4: in hyper-1 every finished bear-off game is at least a gammon.
#[test]
fn hyper1_bear_offs_are_at_least_gammons() {
    let r = rules("hypergammon-1");
    for loser in 1..=BAR {
        let end = pos(&r, &[], &[(loser, 1)]);
        let level = r.level(&end, Side::White);
        let want = if loser == BAR || loser >= 19 {
            Level::Backgammon
        } else {
            Level::Gammon
        };
        assert_eq!(level, want, "loser on {loser}");
    }
    let _ = ForcedError::LargerDie { larger: 6 };
}

/// Positions: gnubg's Position IDs of the three Hypergammon starts (as gnubg 1.07 shows them
/// after `new session`) read under their variant as the variant's start, trays included; the
/// XGID of a position reads the same; a backgammon start is refused under Hypergammon with the
/// variant's count named.
#[test]
fn gnubg_position_ids_and_xgids_of_hypergammon() {
    use tavla::ids::{PositionError, parse_position};
    for (name, id) in [
        ("hypergammon-1", "AACAAAAAAgAAAA"),
        ("hypergammon-2", "AABAAQAACgAAAA"),
        ("hypergammon-3", "AACgAgAAKgAAAA"),
    ] {
        let r = rules(name);
        let got = parse_position(id, r.variant(), r.start()).expect(name);
        assert_eq!(got.position, r.start(), "{name}");
        let xgid = tavla::ids::xgid::Xgid::new(got.position, Side::White).to_string();
        let back = parse_position(&xgid, r.variant(), r.start()).expect("the XGID");
        assert_eq!(back.position, r.start(), "{name}: {xgid}");
        let e = parse_position("4HPwATDgc/ABMA", r.variant(), r.start()).unwrap_err();
        assert!(
            matches!(e, PositionError::VariantCheckerCount { count: 15, expected, .. } if expected == r.checkers()),
            "{e:?}"
        );
    }
    // Longgammon: all 15 on the 24-point is a valid backgammon-board position.
    let r = rules("longgammon");
    let id = tavla::ids::gnubg::position_id(&r.start(), Side::White);
    assert_eq!(
        parse_position(&id, r.variant(), r.start())
            .unwrap()
            .position,
        r.start()
    );
}

/// Boards: `tavla show` and the SVG board of a Hypergammon-3 record draw its 3 checkers a side
/// (the winner's tray holds 3, the loser's 1) and name the variant.
#[test]
fn show_and_svg_draw_the_variants_counts() {
    let exe = env!("CARGO_BIN_EXE_tavla");
    let file = "fixtures/hypergammon/examples/hypergammon3-py-3pt.mat";
    let out = std::process::Command::new(exe)
        .args(["show", file])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Hypergammon (3 checkers)"), "{text}");
    assert!(
        text.contains("pips 0  off 3") && text.contains("pips 3  off 1"),
        "{text}"
    );
    let out = std::process::Command::new(exe)
        .args(["convert", "--to", "svg", file])
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).unwrap();
    assert!(
        svg.contains("off 1 · Black Magriel: pips 0, off 3"),
        "{svg}"
    );
    assert!(svg.contains("off\" data-n=\"3\""), "the tray of 3");
}

/// SGF (`hypergammon.md` §6): gnubg's SGF variation tokens name the variants, and the SGF
/// reader reads `RU[Crawford:CrawfordGame:Hypergammon2]` as Hypergammon-2: the record's
/// first play, legal only from Hypergammon-2's start (24, 23), is legal (the record ends
/// there, so the one finding is the unfinished game).
#[test]
fn sgf_variation_tokens_name_the_variants() {
    for (token, v) in [
        ("Hypergammon1", Variant::Hypergammon1),
        ("Hypergammon2", Variant::Hypergammon2),
        ("Hypergammon3", Variant::Hypergammon3),
        ("Longgammon", Variant::Longgammon),
    ] {
        assert_eq!(Variant::from_name(token), Some((v, None)), "{token}");
    }
    let exe = env!("CARGO_BIN_EXE_tavla");
    let path = "fixtures/hypergammon/sgf/hypergammon2-ru.sgf";
    let out = std::process::Command::new(exe)
        .args(["validate", "--format", "short", path])
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("0 errors, 1 warnings"), "{text}");
    assert!(
        text.contains("game-unfinished"),
        "the record ends mid-game: {text}"
    );
    let out = std::process::Command::new(exe)
        .args(["convert", "--to", "json", path])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["variant"], "hypergammon-2", "{json}");
}

/// The gnubg-played Hypergammon 1 and 2 matches written as SGF (`convert --to sgf`, with
/// `RU[HypergammonN]`) read back as the same variant, validate clean, and replay turn by turn
/// to the same positions, dice, cube actions and results as the `.mat` they came from.
#[test]
fn gnubg_hypergammon_matches_round_trip_through_sgf() {
    let exe = env!("CARGO_BIN_EXE_tavla");
    let dir = std::env::temp_dir().join(format!("tavla-hyper-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = |path: &std::path::Path| -> serde_json::Value {
        let out = std::process::Command::new(exe)
            .args(["convert", "--to", "json"])
            .arg(path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // What a turn by turn comparison keeps: the kind, the mover, the dice, the position
    // after, the cube value; and each game's result.
    let turns = |doc: &serde_json::Value| -> Vec<String> {
        let mut out = vec![doc["variant"].to_string()];
        for g in doc["games"].as_array().unwrap() {
            for a in g["actions"].as_array().unwrap() {
                out.push(format!(
                    "{} {} {} {} {}",
                    a["type"], a["player"], a["dice"], a["position"], a["value"]
                ));
            }
            out.push(g["result"].to_string());
        }
        out
    };
    let mut n = 0;
    for entry in std::fs::read_dir("fixtures/hypergammon/gnubg").unwrap() {
        let mat = entry.unwrap().path();
        if mat.extension().and_then(|e| e.to_str()) != Some("mat") {
            continue;
        }
        let sgf = dir.join(mat.file_name().unwrap()).with_extension("sgf");
        let out = std::process::Command::new(exe)
            .args(["convert", "--to", "sgf", "-o"])
            .arg(&sgf)
            .arg(&mat)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(&sgf).unwrap();
        assert!(text.contains("Hypergammon"), "{text}");
        let v = std::process::Command::new(exe)
            .args(["validate", "--format", "short", "--deny-warnings"])
            .arg(&sgf)
            .output()
            .unwrap();
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stdout));
        let (a, b) = (json(&mat), json(&sgf));
        assert_eq!(turns(&a), turns(&b), "{}", mat.display());
        assert!(a["games"].as_array().is_some_and(|g| !g.is_empty()));
        n += 1;
    }
    assert!(n >= 10, "{n} gnubg matches");
    let _ = std::fs::remove_dir_all(&dir);
}
