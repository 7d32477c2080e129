//! The board-letter notation of the rules booklet (`rules/notations.md` §1–§2, seed 003):
//! every play of the booklet's opening table and of the notation table of `notations.md`,
//! read and converted to the mover-relative form, with answers derived by hand from the
//! point mapping (White: `p` -> `p`, `pA` -> `25 − p`; Black: `pA` -> `p`, `p` -> `25 − p`).
//!
//! `tests/data/seed003-openings.txt` is lines 106–123 of the booklet (seed 003) verbatim: each
//! line holds the play twice (the English, then the Russian column), the last line once. The
//! booklet itself is not part of this repository; the tests read only that data file.
//!
//! The verdicts (§1: which plays are legal, which carry wrong hit claims) are judged with the
//! referee from White's initial position, with the dice of each play's own roll.

use tavla::notation::{Column, Play, SyntaxError, parse_letter_play, parse_play, write_letters};
use tavla::replay::referee::{CheckedPlay, HitClaim, Problem, ProblemKind, check_play};
use tavla::rules::{PlayError, Position, Roll, RuleSet, Side, Variant};

/// The play of one table line: the text up to its repeat.
fn first_column(line: &str) -> &str {
    let n = line.len() / 2;
    if line.len() % 2 == 1
        && line.is_char_boundary(n)
        && line.as_bytes()[n] == b' '
        && line[..n] == line[n + 1..]
    {
        &line[..n]
    } else {
        line
    }
}

/// `text` read and converted for `mover`, in the mover-relative form.
fn converted(text: &str, mover: Column) -> String {
    match parse_letter_play(text) {
        Ok(lp) => lp.play(mover).to_string(),
        Err(e) => panic!("{text:?} does not parse: {e:?}"),
    }
}

/// The errors of `text`, which must not parse: `(code, the text of the span)`.
fn errors(text: &str) -> Vec<(&'static str, String)> {
    // Codes as the part after `tavla::parse::`.
    let e: Vec<SyntaxError> = match parse_letter_play(text) {
        Ok(lp) => panic!("{text:?} parsed: {lp:?}"),
        Err(e) => e,
    };
    e.iter()
        .map(|e| {
            assert!(e.help.is_some(), "{e:?} has no help");
            (
                e.code.as_str().trim_start_matches("tavla::parse::"),
                text[e.span.offset..e.span.end()].to_string(),
            )
        })
        .collect()
}

/// Given the opening table of the booklet (White, start position), when each play is read,
/// then it is the mover-relative play derived by hand, its roll is the one written, and
/// printing it back in letters gives the written text (the booklet's spelling is the
/// printer's), except that a group is spaced from its point: the booklet's `2x1A-7A` also
/// reads as a hop from 2 hitting on 1A (`notations.md` "Ambiguity"), the printer's
/// `2x 1A-7A` does not.
#[test]
fn the_opening_table_of_seed_003_converts_for_white() {
    let expected = [
        ("6/6 = 2x1A-7A and 2x12A-7", (6, 6), "24/18(2) 13/7(2)"),
        ("5/5 = 2x12A-8-3", (5, 5), "13/8/3(2)"),
        ("4/4 = 2x1A-5A and 2x12A-9", (4, 4), "24/20(2) 13/9(2)"),
        ("3/3 = 2x1A-4A and 2x8-5", (3, 3), "24/21(2) 8/5(2)"),
        ("2/2 = 2x1A-3A-5A", (2, 2), "24/22/20(2)"),
        ("1/1 = 2x8-7 and 2x6-5", (1, 1), "8/7(2) 6/5(2)"),
        ("6/5 = 1A-7A-12A", (6, 5), "24/18/13"),
        ("6/4 = 1A-5A and 1A-7A", (6, 4), "24/20 24/18"),
        ("6/3 = 1A-4A and 1Ax7A", (6, 3), "24/21 24/18*"),
        ("6/2 = 1Ax3A and 1Ax7A", (6, 2), "24/22* 24/18*"),
        // Written backwards in the booklet (13 -> 18): read as written, judged by replay.
        ("6/1 = 12Ax7A and 7-8", (6, 1), "13/18* 7/8"),
        ("5/4 = 1Ax5A and 12A-8", (5, 4), "24/20* 13/8"),
        ("5/3 = 8-3 and 6-3", (5, 3), "8/3 6/3"),
        ("5/2 = 12A-8 and 12A-11", (5, 2), "13/8 13/11"),
        ("5/1 = 1A-2A-7A", (5, 1), "24/23/18"),
        ("4/3 = 12A-10 and 12A-9", (4, 3), "13/10 13/9"),
        ("4/2 = 8-4 and 6-4", (4, 2), "8/4 6/4"),
        ("4/1 = 1A-2A and 12A-9", (4, 1), "24/23 13/9"),
    ];
    let data = include_str!("../data/seed003-openings.txt");
    let plays: Vec<&str> = data.lines().map(first_column).collect();
    let written: Vec<&str> = expected.iter().map(|(t, ..)| *t).collect();
    assert_eq!(plays, written, "the table lines of seed 003");
    for (text, (a, b), mover_relative) in expected {
        let lp = parse_letter_play(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
        assert_eq!(lp.player, None, "{text}");
        let (ra, rb, roll_span) = lp.roll.expect("a roll");
        assert_eq!((ra, rb), (a, b), "{text}");
        assert_eq!(&text[roll_span.offset..roll_span.end()], &text[..3]);
        let play = lp.play(Column::Left);
        assert_eq!(play.to_string(), mover_relative, "{text}");
        assert_eq!(
            write_letters(&play, Column::Left, Some((a, b)), false),
            text.replace("2x", "2x "),
            "printed back"
        );
        // The mover-relative form itself reads to the same play.
        let direct = parse_play(mover_relative).unwrap();
        let hops = |p: &tavla::notation::Play| {
            p.steps
                .iter()
                .map(|s| (s.hops(), s.repeat))
                .collect::<Vec<_>>()
        };
        assert_eq!(hops(&play), hops(&direct), "{text}");
    }
}

/// Given the examples of `notations.md`'s table (White), when read, then each is the
/// mover-relative play of the table's second column.
#[test]
fn the_notation_table_examples_convert_for_white() {
    let white = Some(Column::Left);
    for (text, player, roll, mover_relative) in [
        ("W 6/4 = 1A – 7A and 1A – 5A", white, (6, 4), "24/18 24/20"),
        ("Б 6/4 = 1А – 7А и 1А – 5А", white, (6, 4), "24/18 24/20"),
        ("W 6/4 = 12A – 9 – 3", white, (6, 4), "13/9/3"),
        ("Б 6/4 = 12А – 9 – 3", white, (6, 4), "13/9/3"),
        (
            "6/6 = 2x1A-7A and 2x12A-7",
            None,
            (6, 6),
            "24/18(2) 13/7(2)",
        ),
        ("5/5 = 2x12A-8-3", None, (5, 5), "13/8/3(2)"),
        ("2/2 = 2x1A-3A-5A", None, (2, 2), "24/22/20(2)"),
        ("6/3 = 1A-4A and 1Ax7A", None, (6, 3), "24/21 24/18*"),
        ("6/1 = 12Ax7A and 7-8", None, (6, 1), "13/18* 7/8"),
    ] {
        let lp = parse_letter_play(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
        assert_eq!(lp.player.map(|(c, _)| c), player, "{text}");
        assert_eq!(lp.roll.map(|(a, b, _)| (a, b)), Some(roll), "{text}");
        assert_eq!(lp.play(Column::Left).to_string(), mover_relative, "{text}");
    }
    // Printed in the typographic style, the booklet's first example comes back.
    let lp = parse_letter_play("W 6/4 = 1A – 7A and 1A – 5A").unwrap();
    assert_eq!(
        write_letters(&lp.play(Column::Left), Column::Left, Some((6, 4)), true),
        "6/4 = 1A – 7A and 1A – 5A"
    );
}

/// Given a letter play, when it is converted, then every span points at its text: the roll,
/// the player, each point (Cyrillic letters and a spaced letter included) and each chain.
#[test]
fn spans_point_into_the_letter_text() {
    let text = "Б 6/4 = 1А – 7А и 12 A×9";
    let lp = parse_letter_play(text).unwrap();
    let at = |s: tavla::notation::Span| &text[s.offset..s.end()];
    let (side, s) = lp.player.unwrap();
    assert_eq!((side, at(s)), (Column::Left, "Б"));
    assert_eq!(at(lp.roll.unwrap().2), "6/4");
    for mover in [Column::Left, Column::Right] {
        let play = lp.play(mover);
        let chains: Vec<&str> = play.steps.iter().map(|s| at(s.span)).collect();
        assert_eq!(chains, ["1А – 7А", "12 A×9"]);
        let points: Vec<&str> = play
            .steps
            .iter()
            .flat_map(|s| s.path.iter().map(|(_, _, sp)| at(sp)))
            .collect();
        assert_eq!(points, ["1А", "7А", "12 A", "9"]);
    }
    assert_eq!(lp.play(Column::Left).to_string(), "24/18 13/9*");
    // Byte offsets: `Б` and each `А` are two bytes, `–` three.
    let first = &lp.play(Column::Left).steps[0];
    assert_eq!(first.span.offset, 9);
    assert_eq!(first.path.get(1).2.offset, 17);
}

/// Given the same letters, when converted for Black, then they are Black's own points:
/// `pA` is own `p`, `p` is own `25 − p`.
#[test]
fn black_numbers_the_board_from_the_other_side() {
    for (text, player, black) in [
        ("B 6/4 = 1-7 and 1-5", Some(Column::Right), "24/18 24/20"),
        ("Ч 6/4 = 1 – 7 и 1 – 5", Some(Column::Right), "24/18 24/20"),
        (
            "B 6/6 = 2x1-7 and 2x12-7A",
            Some(Column::Right),
            "24/18(2) 13/7(2)",
        ),
        ("Ч 5/5 = 2x12-8A-3A", Some(Column::Right), "13/8/3(2)"),
        ("B 6/3 = 1-4 and 1x7", Some(Column::Right), "24/21 24/18*"),
        // White's opening letters played by Black: backwards in Black's numbering.
        ("6/4 = 1A-7A and 1A-5A", None, "1/7 1/5"),
        // Entering and bearing off.
        ("B bar-6 and 6A-off", Some(Column::Right), "bar/19 6/off"),
        ("B Bar — 3 и 2а — off", Some(Column::Right), "bar/22 2/off"),
    ] {
        let lp = parse_letter_play(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
        assert_eq!(lp.player.map(|(c, _)| c), player, "{text}");
        assert_eq!(converted(text, Column::Right), black, "{text}");
    }
    // White enters on Black's home board (`bar – 6A`) and bears off from its own.
    assert_eq!(
        converted("W bar – 6A and 6-off", Column::Left),
        "bar/19 6/off"
    );
    assert_eq!(converted("бар-3А и 1-off", Column::Left), "bar/22 1/off");
}

/// Given the spellings of `notations.md` §1, when read, then each means the same play.
#[test]
fn every_spelling_of_dashes_letters_and_separators_is_read() {
    let plain = "24/18 24/20* 13/9";
    for text in [
        "1A-7A and 1Ax5A and 12A-9",
        "1A – 7A и 1A × 5A, 12A — 9",
        "1А-7А; 1Аx5А и 12А-9",
        "1a-7a AND 1ax5a and 12a-9",
        "1 A-7 A and 1 A x 5 A ; 12 A - 9",
        "W 1A-7A and 1Ax5A and 12A-9",
        "  Б\t1A-7A,1Ax5A,12A-9  ",
    ] {
        assert_eq!(converted(text, Column::Left), plain, "{text}");
    }
    // Without a roll: no roll; without a player: none.
    let lp = parse_letter_play("1A-7A").unwrap();
    assert_eq!((lp.player, lp.roll), (None, None));
    // `W` and `B` need no space before the roll; `B` before `ar` is the bar.
    assert_eq!(
        converted("W6/4=1A-7A and 1A-5A", Column::Left),
        "24/18 24/20"
    );
    assert_eq!(converted("Bar-6A", Column::Left), "bar/19");
}

/// Given malformed letter plays, when read, then each error has its code and points at the
/// offending text.
#[test]
fn errors_point_at_the_offending_text() {
    let p = |c: &'static str, s: &str| (c, s.to_string());
    // Not points.
    assert_eq!(errors("6/4 = 13A-7A"), [p("bad-point", "13A")]);
    assert_eq!(errors("6/4 = 1A-7A and 0-5"), [p("bad-point", "0")]);
    assert_eq!(errors("1A-13 A"), [p("bad-point", "13 A")]);
    assert_eq!(errors("1A-25"), [p("bad-point", "25")]);
    assert_eq!(errors("1A-7Q"), [p("bad-letter-play", "Q")]);
    assert_eq!(errors("1A-7A*"), [p("bad-letter-play", "*")]);
    assert_eq!(errors("1A-*7"), [p("bad-point", "*7")]);
    // A dangling dash.
    assert_eq!(errors("6/4 = 1A-7A and 1A –"), [p("bad-letter-play", "–")]);
    assert_eq!(errors("1A x, 12A-9"), [p("bad-letter-play", "x")]);
    // A missing `=` after the roll; `=` without a roll.
    assert_eq!(errors("6/4 1A-7A and 1A-5A"), [p("bad-letter-play", "6/4")]);
    assert_eq!(errors("W = 1A-7A"), [p("bad-letter-play", "=")]);
    // Empty hop-chains.
    assert_eq!(errors("6/4 = 1A-7A and "), [p("bad-letter-play", "and")]);
    assert_eq!(errors("6/4 = , 1A-7A"), [p("bad-letter-play", ",")]);
    assert_eq!(errors("1A-7A и и 1A-5A"), [p("bad-letter-play", "и")]);
    assert_eq!(errors("6/4 ="), [p("bad-letter-play", "=")]);
    assert_eq!(errors(""), [p("bad-letter-play", "")]);
    assert_eq!(errors("6/4 = 1A"), [p("bad-letter-play", "1A")]);
    // Dice.
    assert_eq!(errors("7/4 = 1A-7A"), [p("bad-dice", "7/4")]);
    assert_eq!(errors("24/18"), [p("bad-dice", "24/18")]);
    // Chains not joined by a separator; more than five points.
    assert_eq!(errors("1A-7A 1A-5A"), [p("bad-letter-play", "1A-5A")]);
    assert_eq!(
        errors("1A-2A-3A-4A-5A-6A"),
        [p("bad-letter-play", "1A-2A-3A-4A-5A-6A")]
    );
    // Several problems, each reported.
    assert_eq!(
        errors("9/4 = 13A-7A and 1A-"),
        [
            p("bad-dice", "9/4"),
            p("bad-point", "13A"),
            p("bad-letter-play", "-")
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Verdicts (`notations.md` §1): the plays judged from White's initial position.

/// The verdict on a letter play of White from the backgammon start, with the dice of its own
/// `d/d =`.
fn judged(text: &str) -> Result<CheckedPlay, Box<Problem>> {
    let rules = RuleSet::default_for(Variant::Backgammon);
    let lp = parse_letter_play(text).unwrap_or_else(|e| panic!("{text:?}: {e:?}"));
    let (a, b, _) = lp.roll.unwrap_or_else(|| panic!("{text:?} has no roll"));
    check_play(
        &rules,
        &rules.start(),
        Side::White,
        Roll { a, b }.stage(),
        &lp.play(Column::Left),
    )
}

/// The result of the mover-relative play `text` of White from the start with `roll`.
fn standard_result(text: &str, roll: (u8, u8)) -> Position {
    let rules = RuleSet::default_for(Variant::Backgammon);
    let play: Play = parse_play(text).unwrap();
    let dice = Roll {
        a: roll.0,
        b: roll.1,
    }
    .stage();
    match check_play(&rules, &rules.start(), Side::White, dice, &play) {
        Ok(c) => c.position,
        Err(p) => panic!("{text}: {p:?}"),
    }
}

/// The text of the hop a `Backwards` problem concerns (its segment's span).
fn backwards_hop<'t>(text: &'t str, p: &Problem) -> &'t str {
    let ProblemKind::Steps(PlayError::Backwards { segment }) = p.kind else {
        panic!("{text}: not a hop backwards: {p:?}");
    };
    let span = p.segment_spans[segment];
    &text[span.offset..span.end()]
}

/// The wrong hit claims of a checked play: the text of each marked point.
fn no_blot_claims<'t>(text: &'t str, checked: &CheckedPlay) -> Vec<(u8, &'t str)> {
    checked
        .hit_claims
        .iter()
        .map(|h| match *h {
            HitClaim::NoBlot { point, span } => (point, &text[span.offset..span.end()]),
            HitClaim::Unmarked { point } => panic!("{text}: unmarked hit on {point}"),
        })
        .collect()
}

/// Given the opening table of seed 003 (lines 106–123, White, initial position), when every
/// play is judged with its own roll, then all are legal but `6/1 = 12Ax7A and 7-8` (a hop
/// backwards, located on `12Ax7A`), the `x` of `6/3`, `6/2` and `5/4` are warned about on the
/// marked points, and no other play carries a hit claim.
#[test]
fn the_opening_table_of_seed_003_is_legal_but_one_play_and_three_hit_claims() {
    let data = include_str!("../data/seed003-openings.txt");
    let plays: Vec<&str> = data.lines().map(first_column).collect();
    assert_eq!(plays.len(), 18);
    let wrong_claims: [(&str, &[(u8, &str)]); 3] = [
        ("6/3 = 1A-4A and 1Ax7A", &[(18, "7A")]),
        ("6/2 = 1Ax3A and 1Ax7A", &[(22, "3A"), (18, "7A")]),
        ("5/4 = 1Ax5A and 12A-8", &[(20, "5A")]),
    ];
    let (mut legal, mut illegal, mut claimed, mut claims) = (0, 0, 0, 0);
    for text in plays {
        match judged(text) {
            Ok(c) => {
                legal += 1;
                let got = no_blot_claims(text, &c);
                let want: &[(u8, &str)] = wrong_claims
                    .iter()
                    .find(|(t, _)| *t == text)
                    .map_or(&[], |(_, w)| w);
                assert_eq!(got, want, "{text}");
                claimed += usize::from(!got.is_empty());
                claims += got.len();
                // No hit on the board at all: every `x` of the table is a slip.
                assert!(c.steps.iter().all(|s| !s.hit), "{text}: {:?}", c.steps);
                // The same play in the mover-relative form, without the slips, lands on the
                // same position.
                let rules = RuleSet::default_for(Variant::Backgammon);
                let lp = parse_letter_play(text).unwrap();
                let (a, b, _) = lp.roll.unwrap();
                let standard = tavla::replay::render_steps(&c.steps);
                assert_eq!(standard_result(&standard, (a, b)), c.position, "{text}");
                assert_ne!(c.position, rules.start(), "{text}");
            }
            Err(p) => {
                illegal += 1;
                assert_eq!(text, "6/1 = 12Ax7A and 7-8");
                assert!(
                    matches!(
                        p.kind,
                        ProblemKind::Steps(PlayError::Backwards { segment: 0 })
                    ),
                    "{p:?}"
                );
                assert_eq!(backwards_hop(text, &p), "12Ax7A");
                assert_eq!(p.segments.len(), 2, "{p:?}");
            }
        }
    }
    assert_eq!((legal, illegal), (17, 1));
    assert_eq!((claimed, claims), (3, 4));
}

/// Given the examples of `notations.md`'s table, when judged for White from the start, then
/// each has the table's verdict: legal and landing where its mover-relative form lands, a
/// warning for the `x` on the empty 7A, an error for the hop backwards.
#[test]
fn the_notation_table_examples_have_their_verdicts() {
    enum Verdict {
        Legal,
        Warning(&'static str),
        Backwards(&'static str),
    }
    use Verdict::*;
    let table = [
        ("W 6/4 = 1A – 7A and 1A – 5A", "24/18 24/20", Legal),
        ("Б 6/4 = 1А – 7А и 1А – 5А", "24/18 24/20", Legal),
        ("W 6/4 = 12A – 9 – 3", "13/9/3", Legal),
        ("6/6 = 2x1A-7A and 2x12A-7", "24/18(2) 13/7(2)", Legal),
        ("5/5 = 2x12A-8-3", "13/8/3(2)", Legal),
        ("2/2 = 2x1A-3A-5A", "24/22/20(2)", Legal),
        ("6/3 = 1A-4A and 1Ax7A", "24/21 24/18", Warning("7A")),
        ("6/1 = 12Ax7A and 7-8", "", Backwards("12Ax7A")),
    ];
    let mut seen = [0; 3];
    for (text, standard, verdict) in table {
        let lp = parse_letter_play(text).unwrap();
        // The player, when written, is White (`W`, `Б`).
        assert!(lp.player.is_none_or(|(c, _)| c == Column::Left), "{text}");
        let (a, b, _) = lp.roll.unwrap();
        match (judged(text), verdict) {
            (Ok(c), Legal) => {
                seen[0] += 1;
                assert!(c.hit_claims.is_empty(), "{text}: {:?}", c.hit_claims);
                assert_eq!(c.position, standard_result(standard, (a, b)), "{text}");
            }
            (Ok(c), Warning(at)) => {
                seen[1] += 1;
                assert_eq!(no_blot_claims(text, &c), [(18, at)], "{text}");
                assert_eq!(c.position, standard_result(standard, (a, b)), "{text}");
            }
            (Err(p), Backwards(at)) => {
                seen[2] += 1;
                assert_eq!(backwards_hop(text, &p), at, "{text}");
            }
            (got, _) => panic!("{text}: unexpected verdict {got:?}"),
        }
    }
    assert_eq!(seen, [6, 1, 1]);
}

/// Given `notations.md` §2, when White's opening letters are judged as Black's play, then
/// they run backwards (Black's own `1 → 7`: an error on the first hop); Black's `1-7 and 1-5`
/// is Black's own `24/18 24/20`, legal.
#[test]
fn the_same_letters_are_backwards_for_black() {
    let rules = RuleSet::default_for(Variant::Backgammon);
    let dice = Roll { a: 6, b: 4 }.stage();
    let black = |text: &str| {
        let lp = parse_letter_play(text).unwrap();
        check_play(
            &rules,
            &rules.start(),
            Side::Black,
            dice,
            &lp.play(Column::Right),
        )
    };
    let text = "6/4 = 1A-7A and 1A-5A";
    let p = black(text).expect_err("backwards for Black");
    assert_eq!(backwards_hop(text, &p), "1A-7A");
    let c = black("B 6/4 = 1-7 and 1-5").expect("Black's 24/18 24/20");
    let direct = check_play(
        &rules,
        &rules.start(),
        Side::Black,
        dice,
        &parse_play("24/18 24/20").unwrap(),
    )
    .unwrap();
    assert_eq!(c.position, direct.position);
    assert!(c.hit_claims.is_empty());
}
