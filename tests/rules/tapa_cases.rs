//! The cases of `tapa.md` §10, one test (or more) each, and the records of its examples. Each
//! test fails if its rule breaks.

use crate::common::{Run, errors, pos, replace_line};
use tavla::codes::Code;
use tavla::replay::Severity;
use tavla::rules::Side::White;
use tavla::rules::tapa::{Outcome, Tapa, TapaOptions, outcome};
use tavla::rules::{
    PlayError, Position, Roll, RuleSet, Rules, Segment, Side, StageDice, StepError,
};

const MOTHER: &str = include_str!("../../fixtures/tapa/examples/tapa-bulgarian-mother.mat");
const DRAW: &str = include_str!("../../fixtures/tapa/examples/tapa-plakoto-draw.mat");

fn line_of(text: &str, prefix: &str) -> usize {
    text.lines().position(|l| l.starts_with(prefix)).unwrap() + 1
}

fn tapa() -> Tapa {
    Tapa::default()
}

fn seg(from: u8, to: u8) -> Segment {
    Segment { from, to }
}

fn mixed(a: u8, b: u8) -> StageDice {
    Roll { a, b }.stage()
}

/// White 2 on 13 (13 off); Black 13 on its 24, one on its 15 (White's 10), 1 off.
fn before_pin() -> Position {
    pos(&[(13, 2), (0, 13)], &[(24, 13), (15, 1), (0, 1)])
}

/// §10.1: landing on a lone opposing checker pins it; it stays and cannot move.
#[test]
fn given_a_lone_checker_when_landed_on_then_it_is_pinned_stays_and_cannot_move() {
    let r = tapa();
    let (after, step) = r.step(&before_pin(), Side::White, 13, 3).unwrap();
    assert!(step.hit, "the landing pins");
    assert_eq!(after.count(Side::Black, 15), 1, "the pinned checker stays");
    assert!(after.pinned(Side::Black, 15));
    assert_eq!(after.count(Side::Black, 25), 0, "no bar");
    assert_eq!(
        r.step(&after, Side::Black, 15, 2).unwrap_err(),
        StepError::Pinned { from: 15 }
    );
    // Black's other checkers still move.
    assert!(r.step(&after, Side::Black, 24, 2).is_ok());
}

/// §10.2: the pinner stacks more checkers on the pinned point; the pinned side cannot land there.
#[test]
fn given_a_pin_then_the_pinner_stacks_and_the_pinned_side_cannot_land_there() {
    let r = tapa();
    let (after, _) = r.step(&before_pin(), Side::White, 13, 3).unwrap();
    let (stacked, step) = r.step(&after, Side::White, 13, 3).unwrap();
    assert!(!step.hit, "stacking pins nothing new");
    assert_eq!(stacked.count(Side::White, 10), 2);
    assert!(stacked.pinned(Side::Black, 15));
    // Black cannot land on its 15 (the pinner's point), even under a single pinner.
    let black = pos(&[(10, 1), (0, 14)], &[(18, 1), (15, 1), (0, 13)]);
    let mut black = black;
    black.set_pinned(Side::Black, 15, true);
    assert!(matches!(
        r.step(&black, Side::Black, 18, 3),
        Err(StepError::Blocked { point: 15, .. })
    ));
}

/// §10.3: two opposing checkers block, and every intermediate landing point of a combined move
/// must be open — a pinner's point included.
#[test]
fn given_a_combined_move_when_both_intermediate_points_are_closed_then_it_is_blocked() {
    let r = tapa();
    // Black on its 20 and its 24; White holds Black's 17 (White's 8) with two checkers and pins a
    // Black checker on Black's 15 (White's 10): with 5-3, 20/12 passes 15 or 17.
    let mut p = pos(
        &[(8, 2), (10, 1), (0, 12)],
        &[(20, 1), (15, 1), (24, 12), (0, 1)],
    );
    p.set_pinned(Side::Black, 15, true);
    assert!(matches!(
        r.resolve(&p, Side::Black, mixed(5, 3), &[seg(20, 12)]),
        Err(PlayError::Step {
            intermediate: true,
            ..
        })
    ));
    // With only the two-checker block gone, the path through 17 opens.
    let mut open = p;
    open.set(Side::White, 8, 0);
    open.set(Side::White, 0, 14);
    let done = r
        .resolve(&open, Side::Black, mixed(5, 3), &[seg(20, 12)])
        .unwrap();
    assert_eq!(done.position.count(Side::Black, 12), 1);
}

/// §10.4: the last pinner leaving frees the checker, which may move again.
#[test]
fn given_a_pin_when_the_last_pinner_leaves_then_the_checker_is_free_again() {
    let r = tapa();
    let (pinned, _) = r.step(&before_pin(), Side::White, 13, 3).unwrap();
    let (two, _) = r.step(&pinned, Side::White, 13, 3).unwrap();
    let (one, _) = r.step(&two, Side::White, 10, 4).unwrap();
    assert!(one.pinned(Side::Black, 15), "one pinner still holds it");
    let (free, _) = r.step(&one, Side::White, 10, 4).unwrap();
    assert!(!free.pinned(Side::Black, 15));
    let (moved, _) = r.step(&free, Side::Black, 15, 2).unwrap();
    assert_eq!(moved.count(Side::Black, 13), 1);
    // And it can be pinned again: a White checker on 14 lands on it (Black's 13 = White's 12).
    let mut again = moved;
    again.set(Side::White, 14, 1);
    again.set(Side::White, 0, 12);
    let (repinned, step) = r.step(&again, Side::White, 14, 2).unwrap();
    assert!(step.hit && repinned.pinned(Side::Black, 13));
}

/// §10.5: no bearing off while any own checker is pinned (inside or outside home), even after
/// bearing off began; moves inside home stay legal.
#[test]
fn given_a_pinned_own_checker_then_nothing_is_borne_off_but_home_moves_stay_legal() {
    let r = tapa();
    // White: 3, 6, 6 and a pinned checker on 2 (under a Black checker), 11 off.
    let mut p = pos(
        &[(2, 1), (3, 1), (6, 2), (0, 11)],
        &[(23, 1), (10, 5), (0, 9)],
    );
    p.set_pinned(Side::White, 2, true);
    assert!(matches!(
        r.step(&p, Side::White, 6, 6),
        Err(StepError::PinnedBearOff { pinned: 2 })
    ));
    let set = r.legal_plays(&p, Side::White, mixed(6, 5));
    assert_eq!(set.max_steps(), 1, "only 6/1 with the 5");
    assert_eq!(set.len(), 1);
    assert_eq!(set.positions()[0].count(Side::White, 1), 1);
    // Outside home: a pinned checker on 20 forbids bearing off as NotAllHome first.
    let mut q = pos(&[(20, 1), (3, 14)], &[(5, 1), (24, 14)]);
    q.set_pinned(Side::White, 20, true);
    assert!(matches!(
        r.step(&q, Side::White, 3, 3),
        Err(StepError::NotAllHome { outside: 20 })
    ));
}

/// §10.6: pinning the last start checker with an empty own start wins 2 at once; the rest of
/// the roll is void (a play using only that die is complete).
#[test]
fn given_an_empty_own_start_when_the_mother_is_pinned_then_the_game_ends_with_one_die() {
    let r = tapa();
    // tricky.json's `mother-empty-start`: White 1 on 3, 5 on 13, its start empty; Black's mother
    // alone on its 24 (White's 1).
    let p = pos(&[(3, 1), (13, 5), (0, 9)], &[(24, 1), (10, 5), (0, 9)]);
    let set = r.legal_plays(&p, Side::White, mixed(2, 1));
    assert_eq!(set.max_steps(), 2, "a game-ending play counts as both dice");
    let (one_step, steps) = set
        .results()
        .find(|(q, _)| q.count(Side::White, 13) == 5)
        .expect("3/1 alone is a legal, complete play");
    assert_eq!(steps.len(), 1);
    assert_eq!(outcome(one_step), Outcome::Mother(Side::White));
    assert_eq!(r.level(one_step, Side::White).points(), 2);
    // The referee accepts the one-step play; the record of the example ends the same way.
    let res = r
        .resolve(&p, Side::White, mixed(2, 1), &[seg(3, 1)])
        .unwrap();
    assert!(set.contains(&res.position));
    assert!(errors(MOTHER).is_empty());
}

/// §10.7: pinning the mother while own checkers remain on the start does not end the game; the
/// win comes at the step that moves the last start checker off, mid-roll if so.
#[test]
fn given_own_checkers_on_the_start_then_the_mother_pin_wins_only_when_the_start_empties() {
    let r = tapa();
    let p = pos(&[(3, 1), (24, 1), (0, 13)], &[(24, 1), (10, 5), (0, 9)]);
    let (pinned, _) = r.step(&p, Side::White, 3, 2).unwrap();
    assert!(pinned.pinned(Side::Black, 24));
    assert_eq!(outcome(&pinned), Outcome::Running, "the exception");
    let (won, _) = r.step(&pinned, Side::White, 24, 5).unwrap();
    assert_eq!(outcome(&won), Outcome::Mother(White));
    // In a roll: 3/1 then 24/19 is complete and wins; 24/19 first then 3/1 wins at the second step.
    let set = r.legal_plays(&p, Side::White, mixed(5, 2));
    let wins = set
        .positions()
        .iter()
        .filter(|q| outcome(q) == Outcome::Mother(White))
        .count();
    assert_eq!((set.len(), wins), (2, 1));
}

/// §10.8: both mothers pinned is a draw worth `draw_points` each; the match goes on unless
/// someone reached the length and leads.
#[test]
fn given_both_mothers_pinned_then_the_game_is_a_draw_scored_draw_points_each() {
    let r = tapa();
    // White's mother is pinned under a Black checker on Black's 1; White's checker on its 1 has
    // just pinned Black's mother (alone on Black's 24): a draw, whoever pinned first.
    let mut q = pos(
        &[(24, 1), (13, 5), (1, 1), (0, 8)],
        &[(1, 1), (24, 1), (3, 1), (10, 4), (0, 8)],
    );
    q.set_pinned(Side::White, 24, true);
    q.set_pinned(Side::Black, 24, true);
    assert_eq!(outcome(&q), Outcome::Draw);
    // The move that makes it: Black pins White's mother with 3/1 while its own is pinned.
    let mut before = q;
    before.set_pinned(Side::White, 24, false);
    before.set(Side::Black, 1, 0);
    before.set(Side::Black, 3, 2);
    let (after, _) = r.step(&before, Side::Black, 3, 2).unwrap();
    assert_eq!(outcome(&after), Outcome::Draw);
    // The Plakoto example: draw_points = 0, game 3 starts at 0 : 2 and the record is valid.
    let plakoto = Run::new(DRAW);
    assert!(plakoto.errors().is_empty(), "{:?}", plakoto.errors());
    let games = &plakoto.verdict.games;
    let g2 = games[1].result.as_ref().unwrap();
    assert!(g2.draw && g2.how == "draw" && g2.full == Some(0));
    // With draw_points = 1 the draw brings the 3-point match to 1 : 3: Мария has reached the
    // length and leads, so the match ended with the draw and game 3 is one game too many.
    let one = DRAW.replace(
        "; [Variation \"Plakoto\"]",
        "; [Variation \"Plakoto\"]\n; [Rule \"draw_points=1\"]",
    );
    let r1 = Run::new(&one);
    assert_eq!(
        r1.errors(),
        vec![(Code::AfterMatchEnd, line_of(&one, " Game 3"))]
    );
    // In a 5-point match the match goes on, and game 3's score line must read 1 : 3.
    let five = one.replace(" 3 point match", " 5 point match");
    let score3 = line_of(&five, " Game 3") + 1;
    assert_eq!(errors(&five), vec![(Code::ScoreMismatch, score3)]);
    let fixed = five.replacen(
        " Радослава : 0                  Мария Георгиева : 2\n  1)                             63: 24/21 24/18",
        " Радослава : 1                  Мария Георгиева : 3\n  1)                             63: 24/21 24/18",
        1,
    );
    assert!(errors(&fixed).is_empty());
    // A written `Wins` after the draw contradicts it, at its line.
    let wins = DRAW.replacen(
        " Draw\n",
        "                                  Wins 2 points\n",
        1,
    );
    let rw = Run::new(&wins);
    let at = line_of(&wins, " 31) 61: 17/11 2/1") + 1;
    assert_eq!(rw.errors().first(), Some(&(Code::DrawResult, at)));
}

/// §10.9: forced play — both dice if possible, else the larger; doublets as many as possible; a
/// game-ending step counts as all the dice (the larger-die rule does not override it).
#[test]
fn given_a_game_ending_smaller_die_then_it_is_as_complete_as_the_larger() {
    let r = tapa();
    // White: 3 and 9; Black's mother alone on its 24 (White's 1), White's start empty.
    let p = pos(&[(3, 1), (9, 1), (0, 13)], &[(24, 1), (10, 5), (0, 9)]);
    let set = r.legal_plays(&p, Side::White, mixed(6, 2));
    assert_eq!(set.max_steps(), 2);
    assert_eq!(
        set.len(),
        2,
        "9/3 3/1 and 3/1 alone (tricky `mother-many-ways`)"
    );
    assert!(
        set.positions()
            .iter()
            .all(|q| outcome(q) != Outcome::Running)
    );
    // A doublet plays as many steps as it can: White's 20/14 is open, 14/8 lands on two Black
    // checkers (Black's 17).
    let q = pos(&[(20, 1), (0, 14)], &[(17, 2), (24, 13)]);
    let d = r.legal_plays(&q, Side::White, StageDice::Double { value: 6, count: 4 });
    assert_eq!((d.max_steps(), d.len()), (1, 1));
    // With only one die playable (20/14 lands on Black's 11, held; 20/15 is open, 15/9 lands on
    // Black's 16, held) the 5 is played.
    let one = r.legal_plays(
        &pos(&[(20, 1), (0, 14)], &[(11, 2), (16, 2), (24, 11)]),
        Side::White,
        mixed(6, 5),
    );
    assert_eq!(one.max_steps(), 1);
    assert_eq!(one.positions()[0].count(Side::White, 15), 1);
    // Both playable singly but not together (20/15 lands on Black's 10, held): the larger.
    let larger = r.legal_plays(
        &pos(&[(20, 1), (0, 14)], &[(10, 2), (24, 13)]),
        Side::White,
        mixed(4, 1),
    );
    assert_eq!(larger.max_steps(), 1);
    assert!(
        larger
            .positions()
            .iter()
            .all(|p| p.count(Side::White, 16) == 1)
    );
}

/// §10.10: direction — Black's 24/18 lands on White's 7; a move up (`7/13`) is an error.
#[test]
fn given_blacks_24_18_then_it_lands_on_whites_7_and_moving_up_is_an_error() {
    let rules = RuleSet::Tapa(TapaOptions::preset("bulgarian").unwrap());
    let start = rules.start();
    let (after, _) = rules.step(&start, Side::Black, 24, 6).unwrap();
    assert_eq!(after.count(Side::Black, 18), 1);
    assert_eq!(rules.opposite(18), 7);
    let play = tavla::parse_play("7/13").unwrap();
    let bad = tavla::check_play(&rules, &after, Side::Black, mixed(6, 1), &play);
    assert!(bad.is_err());
}

/// §10.11: scoring — 1 single, 2 mars, 2 mother; a record claiming otherwise is an error at its
/// line.
#[test]
fn given_a_mother_win_written_as_one_point_then_it_is_an_error_at_its_line() {
    let three = MOTHER
        .replace(" 1 point match", " 3 point match")
        .replace("Wins 2 points and the match", "Wins 1 point");
    let r = Run::new(&three);
    let at = line_of(&three, " 16)");
    assert_eq!(r.errors(), vec![(Code::WinsMismatch, at)]);
    let r = tapa();
    let single = pos(&[(0, 15)], &[(0, 1), (5, 14)]);
    let mars = pos(&[(0, 15)], &[(5, 15)]);
    assert_eq!(r.level(&single, Side::White).points(), 1);
    assert_eq!(r.level(&mars, Side::White).points(), 2);
}

/// §10.12: opening per preset — `bulgarian` never opens with a doublet; `plakoto`'s starter
/// re-rolls (the example's game 2 is started by the previous winner).
#[test]
fn given_the_presets_then_the_opening_and_the_next_game_starter_follow_them() {
    let doublet = replace_line(
        MOTHER,
        "  1) 51:",
        "  1) 11: 24/23 24/23 24/23 24/23 42: 24/22 24/20",
    );
    let r = Run::new(&doublet);
    assert_eq!(r.errors(), vec![(Code::OpeningDoublet, 14)]);
    let plakoto = TapaOptions::preset("plakoto").unwrap();
    let t = Tapa { options: plakoto };
    assert_eq!(t.opening(), tavla::rules::options::Opening::StarterRerolls);
    assert_eq!(
        t.next_game_starter(),
        tavla::rules::options::NextGameStarter::PreviousWinner
    );
    // Game 2 of the Plakoto example is started by game 1's winner (Black); White starting it is
    // an error.
    assert!(errors(DRAW).is_empty());
}

/// The mother rule in a record: a turn written after the mother win is an entry after the end.
#[test]
fn given_a_turn_after_the_mother_win_then_it_is_reported_at_its_line() {
    let text = replace_line(
        MOTHER,
        " 16)",
        " 16) 11: 13/12                    Wins 2 points and the match",
    );
    let r = Run::new(&text);
    assert_eq!(
        r.errors(),
        vec![(Code::AfterGameEnd, line_of(&text, " 16)"))]
    );
}

/// `bar` and cube words are errors in Tapa; a `*` is a pin marker with warning semantics.
#[test]
fn given_bar_or_a_cube_word_then_errors_and_given_pin_marks_then_warnings_only() {
    let bar = replace_line(
        MOTHER,
        "  2) 61:",
        "  2) 61: bar/19 18/12             64: 22/18 20/14",
    );
    assert_eq!(errors(&bar).first().map(|e| e.0), Some(Code::NoBar));
    let cube = replace_line(MOTHER, "  2) 61:", "  2)  Doubles => 2");
    assert!(!errors(&cube).is_empty());
    // Marks: 15) 65: 24/19 7/1* pins the mother (marked); a `*` elsewhere on a step that pins
    // nothing is a warning, never an error.
    let marked = replace_line(
        MOTHER,
        " 15)",
        " 15) 62: 19/13* 9/7               65: 24/19 7/1*",
    );
    let r = Run::new(&marked);
    assert!(r.errors().is_empty(), "{:?}", r.errors());
    let warnings = r.found(Severity::Warning);
    assert!(
        warnings.contains(&(Code::PinMark, line_of(&marked, " 15)"))),
        "{warnings:?}"
    );
}

/// `mother_check = turn` (house rules, `tapa.md` §5): the mother is looked at once, after the
/// roll, so a pin of the mother neither completes a play early nor counts when it is undone
/// within the roll.
#[test]
fn given_mother_check_turn_then_the_mother_is_judged_after_the_roll_only() {
    let mut turn = TapaOptions::preset("bulgarian").unwrap();
    turn.set("mother_check", "turn").unwrap();
    let step = RuleSet::Tapa(TapaOptions::preset("bulgarian").unwrap());
    let turn = RuleSet::Tapa(turn);
    // White: 3, 2, 2, 12 off, its start empty; Black's mother alone on its 24 (White's 1).
    let p = pos(&[(3, 1), (2, 2), (0, 12)], &[(24, 1), (10, 5), (0, 9)]);
    let by_step = step.legal_plays(&p, Side::White, mixed(2, 1));
    assert!(
        by_step
            .results()
            .any(|(q, s)| s.len() == 1 && outcome(q) == Outcome::Mother(White)),
        "under step, 3/1 alone wins"
    );
    let by_turn = turn.legal_plays(&p, Side::White, mixed(2, 1));
    assert_eq!(by_turn.max_steps(), 2);
    assert!(by_turn.results().all(|(_, s)| s.len() == 2));
    // 3/1 then 1/off pins the mother and releases it within the roll: the game goes on.
    let undone = by_turn
        .positions()
        .iter()
        .find(|q| q.off(Side::White) == 13 && q.count(Side::White, 2) == 2)
        .expect("3/1 1/off");
    assert_eq!(outcome(undone), Outcome::Running);
    // Both modes agree that a pin standing at the end of the roll wins.
    assert!(
        by_turn
            .positions()
            .iter()
            .any(|q| outcome(q) == Outcome::Mother(White))
    );
}
