//! The boundaries of the Long nardy and Fevga rules, each position built by hand and its
//! verdict reasoned from `long-nardy.md` / `fevga.md`: the runner's threshold point (own 11,
//! own 12 under `runner = start-quarter`), the point just past a block and the edge of the
//! opponent's home board under both prime rules, a block across own 1 / own 24, koks with a
//! loser's checker on its 6 point, a start quarter closed only between the dice, and the
//! head exception of each player's first roll in a later game.

use crate::common::{dice, errors, judge, pos, referee};
use tavla::codes::Code;
use tavla::replay::{Overrides, check};
use tavla::rules::long_nardy::{LongNardy, LongNardyOptions};
use tavla::rules::{Level, Position, RuleSet, Rules, Side, StageDice, Variant};

fn rules(v: Variant, kvs: &[&str]) -> RuleSet {
    let mut r = RuleSet::default_for(v);
    for kv in kvs {
        r.set(kv).unwrap();
    }
    r
}

/// White's play `text` from `p`: `Ok` or the code a record would get.
fn verdict(r: &RuleSet, p: &Position, d: StageDice, text: &str) -> Result<(), Code> {
    judge(r, p, Side::White, d, text).map(|_| ())
}

/// The legal plays of White's roll, written out and sorted.
fn plays(r: &RuleSet, p: &Position, d: StageDice) -> Vec<String> {
    let set = r.legal_plays(p, Side::White, d);
    let mut v: Vec<String> = (0..set.len())
        .map(|k| tavla::replay::render_steps(set.steps(k)))
        .collect();
    v.sort();
    v
}

/// Fevga §3: the runner has passed once it stands on own 11 (`past-start`) or own 12
/// (`start-quarter`); not before.
#[test]
fn the_runner_threshold_is_own_11_or_own_12() {
    let greek = rules(Variant::Fevga, &[]);
    let quarter = rules(Variant::Fevga, &["runner=start-quarter"]);
    // Runner on own 11: passed under both.
    let on11 = pos(&[(24, 14), (11, 1)], &[(24, 15)]);
    for r in [&greek, &quarter] {
        assert_eq!(verdict(r, &on11, dice(2, 1), "24/22 24/23"), Ok(()));
    }
    // Runner on own 12 (Black's head is empty: every Black checker on B1 = W13).
    let on12 = pos(&[(24, 14), (12, 1)], &[(1, 15)]);
    assert_eq!(
        verdict(&greek, &on12, dice(2, 1), "24/22 24/23"),
        Err(Code::RunnerRule)
    );
    // The runner passes own 11 with the 1 and frees the head for the 2.
    assert_eq!(verdict(&greek, &on12, dice(2, 1), "12/11 24/22"), Ok(()));
    assert_eq!(
        plays(&greek, &on12, dice(2, 1)),
        ["12/10/9", "24/22 12/11", "24/23 12/10"]
    );
    assert_eq!(verdict(&quarter, &on12, dice(2, 1), "24/22 24/23"), Ok(()));
    assert_eq!(
        plays(&quarter, &on12, dice(2, 1)),
        [
            "12/10/9",
            "24/22 12/11",
            "24/22/21",
            "24/23 12/10",
            "24/23 24/22"
        ]
    );
}

/// Long nardy §4: White's 24/20 closes own 1, 24..20 = Black's 13..8, a block across own 1 /
/// own 24. A Black checker on B7 is just past it (legal under `ahead`, not home under
/// `opponent-home`); one on B6 is past it and home (legal under both); one on B14, just
/// behind it, leaves every Black checker trapped (illegal under both); `none` allows all.
#[test]
fn a_block_across_own_1_judged_at_its_edges() {
    let white = [(24, 10), (23, 1), (22, 1), (21, 1), (1, 1), (10, 1)];
    let ahead = rules(Variant::LongNardy, &[]);
    let home = rules(Variant::LongNardy, &["prime_rule=opponent-home"]);
    let none = rules(Variant::LongNardy, &["prime_rule=none"]);
    let cases = [
        (14, Err(Code::IllegalPrime), Err(Code::IllegalPrime)),
        (7, Ok(()), Err(Code::IllegalPrime)),
        (6, Ok(()), Ok(())),
        (1, Ok(()), Ok(())),
    ];
    for (b, under_ahead, under_home) in cases {
        let p = pos(&white, &[(24, 14), (b, 1)]);
        let d = dice(4, 1);
        assert_eq!(verdict(&ahead, &p, d, "24/20 10/9"), under_ahead, "B{b}");
        assert_eq!(verdict(&home, &p, d, "24/20 10/9"), under_home, "B{b}");
        assert_eq!(verdict(&none, &p, d, "24/20 10/9"), Ok(()), "B{b}");
        // Five points in a row stay legal whatever the rule: 21/20 leaves own 21 open.
        assert_eq!(verdict(&ahead, &p, d, "24/20 21/20"), Ok(()), "B{b}");
    }
}

/// Long nardy §6: koks (with `koks = on`) needs every loser's checker outside its home board,
/// its 6 point included.
#[test]
fn koks_needs_the_losers_six_point_empty() {
    let koks = LongNardy {
        options: LongNardyOptions::preset("home-prime").unwrap(),
    };
    let won = |black: &[(u8, u8)]| pos(&[(0, 15)], black);
    assert_eq!(
        koks.level(&won(&[(24, 14), (7, 1)]), Side::White),
        Level::Koks
    );
    assert_eq!(
        koks.level(&won(&[(24, 14), (6, 1)]), Side::White),
        Level::Mars
    );
    assert_eq!(
        koks.level(&won(&[(24, 13), (6, 1), (0, 1)]), Side::White),
        Level::Single
    );
}

/// Fevga §4 with `block_check`: 24/19 closes the start quarter unless a quarter point is left
/// first in the same roll. Under `step` the order matters (some order must pass), under
/// `play` only the end.
#[test]
fn a_start_quarter_closed_between_the_dice() {
    let step = rules(Variant::Fevga, &[]);
    let play = rules(Variant::Fevga, &["block_check=play"]);
    let p = pos(
        &[(24, 10), (23, 1), (22, 1), (21, 1), (20, 1), (10, 1)],
        &[(24, 15)],
    );
    let d = dice(5, 1);
    // 20/19 first leaves own 20: written in either order the play is legal.
    assert_eq!(verdict(&step, &p, d, "24/19 20/19"), Ok(()));
    assert_eq!(verdict(&step, &p, d, "20/19 24/19"), Ok(()));
    assert_eq!(
        verdict(&step, &p, d, "24/19 10/9"),
        Err(Code::StartQuarterBlock)
    );
    assert_eq!(
        verdict(&play, &p, d, "24/19 10/9"),
        Err(Code::StartQuarterBlock)
    );
    // The same checker through own 19: closed after the first step, open after the second.
    assert_eq!(
        verdict(&step, &p, d, "24/19/18"),
        Err(Code::StartQuarterBlock)
    );
    assert_eq!(verdict(&play, &p, d, "24/19/18"), Ok(()));
    assert_eq!(verdict(&step, &p, d, "24/23/18"), Ok(()));
    // 5-5: two checkers through own 19 only under `play`.
    let dd = dice(5, 5);
    assert_eq!(
        verdict(&step, &p, dd, "24/14(2)"),
        Err(Code::StartQuarterBlock)
    );
    assert_eq!(verdict(&play, &p, dd, "24/14(2)"), Ok(()));
    let a = plays(&step, &p, dd);
    let b = plays(&play, &p, dd);
    assert!(a.iter().all(|x| b.contains(x)));
    let extra: Vec<&String> = b.iter().filter(|x| !a.contains(x)).collect();
    assert_eq!(
        extra,
        ["24/19/14(2)", "24/19/14/9 10/5", "24/19/14/9/4"],
        "{b:?}"
    );
}

/// The errors of a record as (code, 1-based line).
/// Long nardy §3 and §6: the head exception belongs to each player's first roll of every
/// game; under `club` the winner of game 1 starts game 2 and may open with a doublet.
#[test]
fn the_head_exception_in_a_later_game() {
    let text = |g2: &str| {
        format!(
            "; [Variation \"Long Nardy\"]\n; [Rules \"club\"]\n\n 3 point match\n\n Game 1\n White : 0                      Black : 0\n  1) 65: 24/13                   66: 24/18(2)\n  2) 31: 24/20\n      Wins 2 points\n\n Game 2\n White : 2                      Black : 0\n{g2}\n"
        )
    };
    // Line 14 is game 2's first turn.
    let ok = text("  1) 66: 24/18(2)                33: 24/21 24/15");
    assert_eq!(errors(&ok), vec![]);
    assert_eq!(
        errors(&text("  1) 66: 24/18                   33: 24/21 24/15")),
        vec![(Code::ForcedPlay, 14)]
    );
    // Black's second roll of game 2 is no first roll.
    let later = format!(
        "{}\n  2) 21: 18/15                 44: 24/20(2)\n",
        text("  1) 66: 24/18(2)                33: 24/21 24/15").trim_end()
    );
    assert_eq!(errors(&later), vec![(Code::HeadRule, 15)]);
    // The loser of game 1 may not start game 2.
    assert_eq!(
        errors(&text("  1)                            66: 24/18(2)")),
        vec![(Code::WrongStarter, 14)]
    );
}

/// The message of White's illegal play `text`.
fn message(r: &RuleSet, p: &Position, d: StageDice, text: &str) -> String {
    referee(r, p, Side::White, d, text).expect_err(text).message
}

/// The findings name the rule as the options set it: a block under `opponent-home` is
/// judged by the opponent's home board, not by a checker ahead; the runner's point is 11 or
/// 12.
#[test]
fn messages_follow_the_options() {
    let white = [(24, 10), (23, 1), (22, 1), (21, 1), (1, 1), (10, 1)];
    let p = pos(&white, &[(24, 14), (7, 1)]);
    let home = rules(Variant::LongNardy, &["prime_rule=opponent-home"]);
    let m = message(&home, &p, dice(4, 1), "24/20 10/9");
    assert!(m.contains("home board"), "{m}");
    let q = pos(&white, &[(24, 14), (14, 1)]);
    let m = message(
        &rules(Variant::LongNardy, &[]),
        &q,
        dice(4, 1),
        "24/20 10/9",
    );
    assert!(m.contains("ahead of it"), "{m}");
    let on13 = pos(&[(24, 14), (13, 1)], &[(1, 15)]);
    let m = message(
        &rules(Variant::Fevga, &[]),
        &on13,
        dice(2, 1),
        "24/22 24/23",
    );
    assert!(m.contains("point 11"), "{m}");
    let quarter = rules(Variant::Fevga, &["runner=start-quarter"]);
    let m = message(&quarter, &on13, dice(2, 1), "24/22 24/23");
    assert!(m.contains("point 12"), "{m}");
}

/// A record in which White builds W19..W14 in six turns while every Black checker stays
/// behind it: the closing play is `illegal-prime` at its line under every preset (under
/// `home-prime` no Black checker is home), and the play beside it is fine.
#[test]
fn a_prime_closed_in_a_record() {
    let text = |rules: &str, sixth: &str| {
        format!(
            "; [Variation \"Nardi\"]\n; [Rules \"{rules}\"]\n\n 1 point match\n\n Game 1\n White : 0                      Black : 0\n  1) 66: 24/18(2)                21: 24/21\n  2) 31: 24/21 18/17             21: 21/18\n  3) 54: 24/19 21/17             21: 24/21\n  4) 32: 24/21 17/15             21: 21/18\n  5) 51: 21/16 24/23             21: 24/21\n  6) 63: {sixth}\n"
        )
    };
    for preset in ["federation", "club", "home-prime"] {
        assert_eq!(errors(&text(preset, "24/15")), vec![], "{preset}");
        assert_eq!(
            errors(&text(preset, "23/14")),
            vec![(Code::IllegalPrime, 13)],
            "{preset}"
        );
        // 23/20 closes W20..W15 just as well.
        assert_eq!(
            errors(&text(preset, "24/18 23/20")),
            vec![(Code::IllegalPrime, 13)],
            "{preset}"
        );
    }
    let free = text("federation", "23/14").replace(
        "; [Rules \"federation\"]",
        "; [Rules \"federation\"]\n; [Rule \"prime_rule=none\"]",
    );
    assert_eq!(errors(&free), vec![]);
}

/// The help of a resignation worth too much names koks where `koks = on` allows 3.
#[test]
fn a_resignation_help_names_koks_where_it_counts() {
    let help = |rule: &str| {
        let text = format!(
            "; [Variation \"Long Nardy\"]\n{rule}\n 3 point match\n\n Game 1\n White : 0                      Black : 0\n  1) 65: 24/13                   43: 24/17\n      Wins 4 points\n"
        );
        let v = check(tavla::notation::read(&text), &Overrides::default());
        let f = v
            .findings
            .iter()
            .find(|f| f.code == Code::BadResignation)
            .expect("bad resignation");
        (f.message.clone(), f.help.clone().unwrap_or_default())
    };
    let (m, h) = help("; [Rule \"koks=on\"]\n");
    assert!(m.contains("1 or 2 or 3"), "{m}");
    assert!(h.contains("koks"), "{h}");
    let (m, h) = help("");
    assert!(m.contains("1 or 2,") || m.contains("1 or 2 "), "{m}");
    assert!(!h.contains("koks"), "{h}");
}

/// The federation example as game 1 of a 3-point match (Black wins it by 1 point at line 54),
/// then `rest` after game 2's first turn (its score line is line 56).
fn three_games(score2: &str, wins1: &str, rest: &str) -> String {
    let one = include_str!("../../fixtures/longnardy/examples/longnardy-federation-1pt.mat")
        .replace(" 1 point match", " 3 point match")
        .replace("Wins 1 point and the match", wins1);
    format!(
        "{}\n Game 2\n Sergey K. : 0                  Zurab : {score2}\n  1) 65: 24/13                   43: 24/17\n{rest}",
        one.trim_end()
    )
}

/// Records §6: a wrong `Wins` value is one error. The scores go on from the game's value,
/// and a next score line that follows the written value is accepted too; a wrong score line
/// alone is its own error; a resignation worth more than it can be leaves the next score
/// line to be read as written.
#[test]
fn a_wrong_result_value_is_reported_once() {
    let rest = "  2) 31: 13/9                    Wins 2 points\n\n Game 3\n Sergey K. : 0                  Zurab : 3\n  1) 65: 24/13\n";
    let ok = three_games("1", "Wins 1 point", rest);
    let at = |t: &str, needle: &str| t.lines().position(|l| l.contains(needle)).unwrap() + 1;
    // Game 2 ends with Black's resignation worth 2: 3 points, the match; game 3 is extra.
    assert_eq!(errors(&ok), vec![(Code::AfterMatchEnd, at(&ok, "Game 3"))]);
    let rest = "  2) 31: 13/9                    Wins 1 point\n\n Game 3\n Sergey K. : 0                  Zurab : 2\n  1) 65: 24/13\n";
    let ok = three_games("1", "Wins 1 point", rest);
    assert_eq!(errors(&ok), vec![]);
    // Game 1 written as a mars: one error, whichever value game 2's score line follows (at
    // 0 : 2, game 2's point ends the match).
    let bad = three_games("1", "Wins 2 points", rest);
    assert_eq!(errors(&bad), vec![(Code::WinsMismatch, 54)]);
    let end = "  2) 31: 13/9                    Wins 1 point and the match\n";
    assert_eq!(errors(&three_games("2", "Wins 1 point", end)).len(), 1);
    let bad = three_games("2", "Wins 2 points", end);
    assert_eq!(errors(&bad), vec![(Code::WinsMismatch, 54)]);
    // Written as 3 points (a match's worth): still one error, game 2 is checked.
    let bad = three_games("1", "Wins 3 points", rest);
    assert_eq!(errors(&bad), vec![(Code::WinsMismatch, 54)]);
    let bad = three_games(
        "1",
        "Wins 3 points",
        &rest.replace("24/13\n", "24/18 24/19\n"),
    );
    assert_eq!(
        errors(&bad),
        vec![
            (Code::WinsMismatch, 54),
            (Code::HeadRule, at(&bad, "24/18 24/19"))
        ]
    );
    // A wrong score line alone.
    let bad = three_games("2", "Wins 1 point", rest);
    assert_eq!(errors(&bad), vec![(Code::ScoreMismatch, 56)]);
    // A resignation worth 3 (at most 2 here): one error; game 3's score line as written.
    let bad = three_games(
        "1",
        "Wins 1 point",
        &rest.replace("Wins 1 point", "Wins 3 points"),
    );
    assert_eq!(
        errors(&bad),
        vec![(Code::BadResignation, at(&bad, "Wins 3 points"))]
    );
}
