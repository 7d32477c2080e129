//! The cases of `long-nardy.md` §8 and `fevga.md` §8, one test (or more) each: single plays
//! through the referee (the same words as in records) and whole records.

use crate::common::{self, dice, errors, judge, pos};
use tavla::codes::Code;
use tavla::rules::long_nardy::{LongNardy, LongNardyOptions};
use tavla::rules::{Level, Position, RuleSet, Rules, Side, StageDice, Variant};

fn nardy() -> RuleSet {
    RuleSet::default_for(Variant::LongNardy)
}

fn fevga() -> RuleSet {
    RuleSet::default_for(Variant::Fevga)
}

fn with(mut rules: RuleSet, kv: &str) -> RuleSet {
    rules.set(kv).unwrap();
    rules
}

fn start() -> Position {
    pos(&[(24, 15)], &[(24, 15)])
}

fn legal(rules: &RuleSet, p: &Position, d: StageDice, text: &str) -> Position {
    judge(rules, p, Side::White, d, text).unwrap_or_else(|c| panic!("{text}: {c}"))
}

fn illegal(rules: &RuleSet, p: &Position, d: StageDice, text: &str) -> Code {
    match judge(rules, p, Side::White, d, text) {
        Ok(_) => panic!("{text} was accepted"),
        Err(c) => c,
    }
}

/// A record of game 1 of a 1-point match with the header lines and turn lines given.
fn record(header: &[&str], turns: &[&str]) -> String {
    common::record(header, 1, turns)
}

const LN: &str = "; [Variation \"Long Nardy\"]";
const FV: &str = "; [Variation \"Fevga\"]";

// ---- Long nardy §8 ----

/// §8.1: from the start 6-5 runs one checker `24/13`; two head checkers are `head_rule`.
#[test]
fn ln1_start_six_five_runs_one_head_checker() {
    let r = nardy();
    let set = r.legal_plays(&start(), Side::White, dice(6, 5));
    assert_eq!((set.len(), set.max_steps()), (1, 2));
    let p = legal(&r, &start(), dice(6, 5), "24/13");
    assert_eq!(p.count(Side::White, 13), 1);
    assert_eq!(legal(&r, &start(), dice(6, 5), "24/18/13"), p);
    assert_eq!(
        illegal(&r, &start(), dice(6, 5), "24/18 24/19"),
        Code::HeadRule
    );
}

/// §8.2: a first-roll 6-6 is `24/18(2)` only (`24/18` alone leaves a playable 6); 4-4 is
/// `24/16(2)`; 3-3 is `24/18(2)` or `24/21 24/15`.
#[test]
fn ln2_first_roll_doublets_take_two_head_checkers() {
    let first = nardy().for_roll(1);
    let set = first.legal_plays(&start(), Side::White, dice(6, 6));
    assert_eq!((set.len(), set.max_steps()), (1, 2));
    let p = legal(&first, &start(), dice(6, 6), "24/18(2)");
    assert_eq!(p.count(Side::White, 18), 2);
    assert_eq!(
        illegal(&first, &start(), dice(6, 6), "24/18"),
        Code::ForcedPlay
    );
    let set = first.legal_plays(&start(), Side::White, dice(4, 4));
    assert_eq!((set.len(), set.max_steps()), (1, 4));
    assert_eq!(
        legal(&first, &start(), dice(4, 4), "24/16(2)").count(Side::White, 16),
        2
    );
    let set = first.legal_plays(&start(), Side::White, dice(3, 3));
    assert_eq!((set.len(), set.max_steps()), (2, 4));
    legal(&first, &start(), dice(3, 3), "24/18(2)");
    legal(&first, &start(), dice(3, 3), "24/21 24/15");
    // `head_doubles = 64` drops 3-3 from the exception; `none` drops all.
    let r64 = with(nardy(), "head_doubles=64").for_roll(1);
    assert_eq!(
        r64.legal_plays(&start(), Side::White, dice(3, 3))
            .max_steps(),
        3
    );
    assert_eq!(
        r64.legal_plays(&start(), Side::White, dice(4, 4))
            .max_steps(),
        4
    );
    let none = with(nardy(), "head_doubles=none").for_roll(1);
    assert_eq!(
        none.legal_plays(&start(), Side::White, dice(6, 6))
            .max_steps(),
        1
    );
}

/// §8.3: a later 6-6, or a first-roll 5-5 or 2-2, takes one head checker only.
#[test]
fn ln3_other_doublets_take_one_head_checker() {
    // A later roll: White ran 24/13 before, Black stands on B15 (= W3). One checker leaves
    // the head (18/12 is Black's head), 13/7/1 plays two more 6s, the fourth is lost.
    let later = nardy().for_roll(2);
    let p = pos(&[(24, 14), (13, 1)], &[(24, 14), (15, 1)]);
    let set = later.legal_plays(&p, Side::White, dice(6, 6));
    assert_eq!((set.len(), set.max_steps()), (1, 3));
    legal(&later, &p, dice(6, 6), "24/18 13/1");
    assert_eq!(
        illegal(&later, &p, dice(6, 6), "24/18(2) 13/7"),
        Code::HeadRule
    );
    // The full head is a first roll whatever the turn count says (every first roll leaves
    // it): the start position's 6-6 is `24/18(2)` even through the position-only API.
    let set = nardy().legal_plays(&start(), Side::White, dice(6, 6));
    assert_eq!((set.len(), set.max_steps()), (1, 2));
    let first = nardy().for_roll(1);
    let p = legal(&first, &start(), dice(5, 5), "24/4");
    assert_eq!(p.count(Side::White, 4), 1);
    assert_eq!(
        first.legal_plays(&start(), Side::White, dice(5, 5)).len(),
        1
    );
    assert_eq!(
        illegal(&first, &start(), dice(5, 5), "24/14(2)"),
        Code::HeadRule
    );
    let set = first.legal_plays(&start(), Side::White, dice(2, 2));
    assert_eq!((set.len(), set.max_steps()), (1, 4));
    assert_eq!(set.positions()[0].count(Side::White, 16), 1);
}

/// §8.4: Black's first 4-4 after White's opening `24/4` (W4 = B16): `24/20` under the
/// default, `24/20(2)` with `head_exception_blocked = two`.
#[test]
fn ln4_a_hindered_head_exception() {
    let ok = record(&[LN], &["  1) 55: 24/4                   44: 24/20"]);
    assert_eq!(errors(&ok), vec![]);
    let two = record(&[LN], &["  1) 55: 24/4                   44: 24/20(2)"]);
    assert_eq!(errors(&two), vec![(Code::HeadRule, 7)]);
    let rule = "; [Rule \"head_exception_blocked=two\"]";
    assert_eq!(
        errors(&record(
            &[LN, rule],
            &["  1) 55: 24/4                   44: 24/20(2)"]
        )),
        vec![]
    );
    assert_eq!(
        errors(&record(
            &[LN, rule],
            &["  1) 55: 24/4                   44: 24/20"]
        )),
        vec![(Code::ForcedPlay, 8)]
    );
}

/// §8.5: W19..W14 held while every Black checker is on B24 is an illegal block; the same
/// points are legal with one Black checker on B1 (= W13); a block across own 1 / own 24 counts.
#[test]
fn ln5_the_prime_rule() {
    let r = nardy();
    let white = [
        (24, 9),
        (20, 1),
        (19, 1),
        (18, 1),
        (17, 1),
        (16, 1),
        (15, 1),
    ];
    let trapped = pos(&white, &[(24, 15)]);
    assert_eq!(
        illegal(&r, &trapped, dice(6, 1), "20/14 24/23"),
        Code::IllegalPrime
    );
    let passed = pos(&white, &[(24, 14), (1, 1)]);
    let p = legal(&r, &passed, dice(6, 1), "20/14 24/23");
    assert_eq!(p.count(Side::White, 14), 1);
    // Own 2, 1, 24, 23, 22 held; 22/21 closes the opponent's 14..9.
    let wrap = pos(&[(24, 10), (23, 1), (22, 2), (2, 1), (1, 1)], &[(24, 15)]);
    assert_eq!(
        illegal(&r, &wrap, dice(6, 1), "24/18 22/21"),
        Code::IllegalPrime
    );
    let wrap_passed = pos(
        &[(24, 10), (23, 1), (22, 2), (2, 1), (1, 1)],
        &[(24, 14), (8, 1)],
    );
    legal(&r, &wrap_passed, dice(6, 1), "24/18 22/21");
    // `prime_rule = opponent-home`: legal once a Black checker is home (B1..B6).
    let home = with(nardy(), "prime_rule=opponent-home");
    assert_eq!(
        illegal(&home, &trapped, dice(6, 1), "20/14 24/23"),
        Code::IllegalPrime
    );
    legal(&home, &passed, dice(6, 1), "20/14 24/23");
    legal(
        &with(nardy(), "prime_rule=none"),
        &trapped,
        dice(6, 1),
        "20/14 24/23",
    );
}

/// The White plays of `set` written out.
fn written(set: &tavla::rules::PlaySet, k: usize) -> String {
    tavla::replay::render_steps(set.steps(k))
}

/// A position with White and Black checkers (own numbering each) and a roll.
type Instance = (&'static [(u8, u8)], &'static [(u8, u8)], (u8, u8));

/// §8.6 (and Fevga §8.6): where every two-dice play breaks a block rule, the one-die plays are
/// the legal plays (the larger die if it can be played), and a two-dice play is reported by
/// its rule. `free` is the same game without the rule, where two dice can be played.
fn forced_play_after_restrictions(rules: RuleSet, free: RuleSet, code: Code, cases: &[Instance]) {
    for &(white, black, (a, b)) in cases {
        let p = pos(white, black);
        let d = dice(a, b);
        let set = rules.legal_plays(&p, Side::White, d);
        let unrestricted = free.legal_plays(&p, Side::White, d);
        assert_eq!(
            (set.max_steps(), unrestricted.max_steps()),
            (1, 2),
            "{white:?} {a}{b}"
        );
        // Every one-die result uses the larger die whenever it can be played alone.
        let alone = StageDice::Double { value: a, count: 1 };
        let larger = rules.legal_plays(&p, Side::White, alone).max_steps() == 1;
        for k in 0..set.len() {
            assert_eq!(set.steps(k)[0].die == a, larger, "{white:?} {a}{b}");
            legal(&rules, &p, d, &written(&set, k));
        }
        // Every two-dice play of the free game is reported by the rule.
        for k in 0..unrestricted.len() {
            let text = written(&unrestricted, k);
            assert_eq!(
                illegal(&rules, &p, d, &text),
                code,
                "{white:?} {a}{b} {text}"
            );
        }
    }
}

#[test]
fn ln6_one_die_plays_when_every_two_dice_play_closes_an_illegal_block() {
    // Found by a search over random positions (no six in a row before the play) with every
    // Black checker behind White's points.
    let cases: &[Instance] = &[
        (
            &[(14, 3), (15, 3), (16, 2), (17, 2), (18, 2), (24, 3)],
            &[
                (9, 1),
                (13, 1),
                (15, 1),
                (17, 1),
                (18, 3),
                (19, 2),
                (20, 1),
                (21, 1),
                (22, 2),
                (23, 1),
                (24, 1),
            ],
            (6, 5),
        ),
        (
            &[(13, 1), (14, 2), (15, 4), (16, 5), (17, 2), (24, 1)],
            &[
                (8, 1),
                (10, 2),
                (13, 1),
                (15, 1),
                (17, 1),
                (18, 1),
                (19, 2),
                (20, 2),
                (21, 1),
                (22, 1),
                (23, 2),
            ],
            (6, 4),
        ),
    ];
    let free = with(nardy(), "prime_rule=none");
    forced_play_after_restrictions(nardy(), free, Code::IllegalPrime, cases);
}

/// §8.7: a step that closes an illegal block and a later step that opens it — illegal with
/// `block_check = step`, legal with `play`.
#[test]
fn ln7_block_check_step_and_play() {
    // White's 20/14 closes W19..W14 (every Black checker behind it); 14/13 then opens it. With
    // a doublet of 6s there is no other order: 19/13 would leave W19 anyway.
    let white = [
        (24, 9),
        (20, 1),
        (19, 1),
        (18, 1),
        (17, 1),
        (16, 1),
        (15, 1),
    ];
    let trapped = pos(&white, &[(24, 15)]);
    let step = nardy();
    let play = with(nardy(), "block_check=play");
    // 20/14, then 14/8 leaves the block open again: the play as a whole holds no block.
    assert_eq!(
        illegal(&step, &trapped, dice(6, 6), "20/14/8/2 24/18"),
        Code::IllegalPrime
    );
    let p = legal(&play, &trapped, dice(6, 6), "20/14/8/2 24/18");
    assert_eq!(p.count(Side::White, 2), 1);
    // `play` still forbids a play that ends with the block.
    assert_eq!(
        illegal(&play, &trapped, dice(6, 1), "20/14 24/23"),
        Code::IllegalPrime
    );
    // The sets differ exactly by such plays.
    let a = step.legal_plays(&trapped, Side::White, dice(6, 6));
    let b = play.legal_plays(&trapped, Side::White, dice(6, 6));
    assert!(a.positions().iter().all(|q| b.contains(q)));
    assert!(b.len() > a.len());
}

/// §8.8: a combined move through a blocked intermediate point.
#[test]
fn ln8_blocked_intermediate() {
    // Black holds W20 (B8) and W18 (B6): 24/14 with 6-4 has no open path.
    let p = pos(&[(24, 15)], &[(24, 13), (8, 1), (6, 1)]);
    assert_eq!(
        illegal(&nardy(), &p, dice(6, 4), "24/14"),
        Code::BlockedPath
    );
    // With W20 open, 24/20/14 is the path.
    let p = pos(&[(24, 15)], &[(24, 14), (6, 1)]);
    legal(&nardy(), &p, dice(6, 4), "24/14");
}

/// §8.9: a playable die left unplayed is `forced-play`; the smaller of two dice when only
/// one can be played and the larger could is `larger-die`.
#[test]
fn ln9_forced_play() {
    assert_eq!(
        illegal(&nardy(), &start(), dice(6, 5), "24/18"),
        Code::ForcedPlay
    );
    // White: one checker on 13, the rest home. Black holds W7 and W2: 13/7 is blocked and
    // 13/8 cannot go on (8/2 blocked, no bear-off with a checker outside): the 5 alone.
    let p = pos(&[(13, 1), (1, 14)], &[(19, 1), (14, 1), (24, 13)]);
    // B19 = W7, B14 = W2.
    let r = nardy();
    let set = r.legal_plays(&p, Side::White, dice(6, 5));
    assert_eq!(set.max_steps(), 1);
    assert_eq!(set.steps(0)[0].die, 5);
    legal(&r, &p, dice(6, 5), "13/8");
    // Only W2 blocked: 13/7 then 7/2, 13/8 then 8/2 are blocked; one die, the larger.
    let q = pos(&[(13, 1), (1, 14)], &[(14, 1), (24, 14)]);
    let set = r.legal_plays(&q, Side::White, dice(6, 5));
    assert_eq!(set.max_steps(), 1);
    assert_eq!(illegal(&r, &q, dice(6, 5), "13/8"), Code::LargerDie);
    legal(&r, &q, dice(6, 5), "13/7");
}

/// §8.10: bearing off.
#[test]
fn ln10_bearing_off() {
    let r = nardy();
    let p = pos(&[(5, 1), (3, 2), (0, 12)], &[(24, 15)]);
    let q = legal(&r, &p, dice(6, 1), "5/off 3/2");
    assert_eq!(q.off(Side::White), 13);
    assert_eq!(
        illegal(&r, &p, dice(6, 1), "3/off 5/4"),
        Code::BearOffHigher
    );
    let outside = pos(&[(10, 1), (3, 2), (0, 12)], &[(24, 15)]);
    assert_eq!(
        illegal(&r, &outside, dice(3, 1), "3/off 10/9"),
        Code::BearOffNotHome
    );
}

/// §8.11: a game is 2 (mars) when the loser bore off nothing, otherwise 1; 3 (koks) only with
/// `koks = on`, and only with no loser's checker in its home board.
#[test]
fn ln11_scoring() {
    let r = LongNardy {
        options: LongNardyOptions::preset("federation").unwrap(),
    };
    let won = |black: &[(u8, u8)]| pos(&[(0, 15)], black);
    assert_eq!(r.level(&won(&[(24, 15)]), Side::White), Level::Mars);
    assert_eq!(
        r.level(&won(&[(3, 14), (0, 1)]), Side::White),
        Level::Single
    );
    let koks = LongNardy {
        options: LongNardyOptions::preset("home-prime").unwrap(),
    };
    assert_eq!(koks.level(&won(&[(24, 15)]), Side::White), Level::Koks);
    assert_eq!(Level::Koks.points(), 3);
    assert_eq!(
        koks.level(&won(&[(24, 14), (2, 1)]), Side::White),
        Level::Mars
    );
    // In a record: the federation example ends with a single game.
    let text = include_str!("../../fixtures/longnardy/examples/longnardy-federation-1pt.mat");
    assert_eq!(errors(text), vec![]);
    let wrong = text.replace("Wins 1 point", "Wins 2 points");
    assert_ne!(wrong, text);
    assert!(
        errors(&wrong).iter().any(|(c, _)| *c == Code::WinsMismatch),
        "{:?}",
        errors(&wrong)
    );
}

/// §8.12: numbering. Black's `24/18` stands on W6; White's own 4 is Black's own 16.
#[test]
fn ln12_numbering() {
    let r = nardy();
    let p = judge(&r, &start(), Side::Black, dice(6, 1), "24/18 18/17").unwrap();
    assert_eq!(p.count(Side::Black, 17), 1);
    assert_eq!(r.opposite(17), 5);
    assert_eq!(r.opposite(18), 6);
    assert_eq!(r.opposite(4), 16);
    // White cannot land on W5, where Black's checker stands (B17).
    let q = pos(&[(24, 14), (11, 1)], &[(24, 14), (17, 1)]);
    assert_eq!(illegal(&r, &q, dice(6, 5), "11/5 24/19"), Code::Blocked);
}

/// §8.13: every block counts, not only the first run met: 48 plays of 2-1, and the two that
/// close x3..x1 + x24..x22 are illegal.
#[test]
fn ln13_every_block_counts() {
    let x = [
        (24, 3),
        (23, 1),
        (11, 1),
        (10, 1),
        (9, 1),
        (8, 1),
        (7, 1),
        (6, 1),
        (3, 2),
        (2, 2),
        (1, 1),
    ];
    let p = pos(&x, &[(24, 10), (17, 3), (16, 2)]);
    let r = nardy();
    assert_eq!(r.legal_plays(&p, Side::White, dice(2, 1)).len(), 48);
    assert_eq!(illegal(&r, &p, dice(2, 1), "24/22 3/2"), Code::IllegalPrime);
    assert_eq!(illegal(&r, &p, dice(2, 1), "24/22 2/1"), Code::IllegalPrime);
    legal(&r, &p, dice(2, 1), "23/21 11/10");
}

// ---- Fevga §8 ----

/// Fevga §8.1: from the start 6-5 is `24/13` only (`24/18 24/19` is the runner rule); 6-6 is
/// `24/18` (the opponent's head stops 18/12).
#[test]
fn fv1_start() {
    let r = fevga();
    assert_eq!(r.legal_plays(&start(), Side::White, dice(6, 5)).len(), 1);
    legal(&r, &start(), dice(6, 5), "24/13");
    assert_eq!(
        illegal(&r, &start(), dice(6, 5), "24/18 24/19"),
        Code::RunnerRule
    );
    let set = r.legal_plays(&start(), Side::White, dice(6, 6));
    assert_eq!((set.len(), set.max_steps()), (1, 1));
    legal(&r, &start(), dice(6, 6), "24/18");
}

/// Fevga §8.2: 5-5 from the start: `24/4` or `24/9 24/19`.
#[test]
fn fv2_the_runner_passes_in_the_middle_of_a_roll() {
    let r = fevga();
    let set = r.legal_plays(&start(), Side::White, dice(5, 5));
    assert_eq!((set.len(), set.max_steps()), (2, 4));
    legal(&r, &start(), dice(5, 5), "24/4");
    legal(&r, &start(), dice(5, 5), "24/9 24/19");
    // `runner = start-quarter` lets the second checker go once one stands on 12 or lower:
    // the same here; `none` allows 24/19(2) 24/14 too.
    let none = with(fevga(), "runner=none");
    legal(&none, &start(), dice(5, 5), "24/19(2) 19/14(2)");
}

/// Fevga §8.3: runner on own 14: with 4-1 `14/10 24/23` in either order; with 2-1
/// `24/22 14/13` is the runner rule.
#[test]
fn fv3_runner_order_within_a_play() {
    let r = fevga();
    let p = pos(&[(24, 14), (14, 1)], &[(24, 15)]);
    let a = legal(&r, &p, dice(4, 1), "14/10 24/23");
    assert_eq!(legal(&r, &p, dice(4, 1), "24/23 14/10"), a);
    assert_eq!(illegal(&r, &p, dice(2, 1), "24/22 14/13"), Code::RunnerRule);
    // `runner = start-quarter`: 12 is the threshold; 14/12 24/23 passes, 14/13 24/22 not.
    // The two differ only when the opponent's head (own 12) is empty: Black all on B20 (W8).
    let sq = with(fevga(), "runner=start-quarter");
    let open_head = pos(&[(24, 14), (14, 1)], &[(20, 15)]);
    legal(&sq, &open_head, dice(2, 1), "14/12 24/23");
    assert_eq!(
        illegal(&r, &open_head, dice(2, 1), "14/12 24/23"),
        Code::RunnerRule
    );
}

/// Fevga §8.4: holding own 23..20 with checkers on 24, a step to the empty 19 closes the
/// start quarter.
#[test]
fn fv4_start_quarter() {
    let r = fevga();
    let p = pos(
        &[(24, 10), (23, 1), (22, 1), (21, 1), (20, 1), (5, 1)],
        &[(24, 15)],
    );
    assert_eq!(
        illegal(&r, &p, dice(5, 1), "24/19 5/4"),
        Code::StartQuarterBlock
    );
    let set = r.legal_plays(&p, Side::White, dice(5, 1));
    // No result holds all of 24..19 (20/19 is fine: it leaves 20 open).
    assert!(
        set.positions()
            .iter()
            .all(|q| (19..=24).any(|pt| q.count(Side::White, pt) == 0))
    );
    assert!(set.len() > 1);
    assert_eq!(set.max_steps(), 2);
    // Allowed, the six points are still a block of the opponent's 12..7: legal only with a
    // Black checker past it (B3).
    let allowed = with(fevga(), "start_quarter=allowed");
    assert_eq!(
        illegal(&allowed, &p, dice(5, 1), "24/19 5/4"),
        Code::IllegalPrime
    );
    let mut q = p;
    q.set(Side::Black, 24, 14);
    q.set(Side::Black, 3, 1);
    assert_eq!(
        illegal(&r, &q, dice(5, 1), "24/19 5/4"),
        Code::StartQuarterBlock
    );
    legal(&allowed, &q, dice(5, 1), "24/19 5/4");
}

/// Fevga §8.5: a prime trapping every opposing checker is illegal; legal once one passed.
#[test]
fn fv5_prime() {
    let r = fevga();
    let white = [
        (24, 8),
        (20, 1),
        (19, 1),
        (18, 1),
        (17, 1),
        (16, 1),
        (15, 1),
        (10, 1),
    ];
    let trapped = pos(&white, &[(24, 15)]);
    assert_eq!(
        illegal(&r, &trapped, dice(6, 1), "20/14 10/9"),
        Code::IllegalPrime
    );
    let passed = pos(&white, &[(24, 14), (1, 1)]);
    legal(&r, &passed, dice(6, 1), "20/14 10/9");
    legal(
        &fevga().with_preset("moultezim").unwrap(),
        &trapped,
        dice(6, 1),
        "20/14 10/9",
    );
}

#[test]
fn fv6_one_die_plays_when_every_two_dice_play_breaks_a_block_rule() {
    let cases: &[Instance] = &[
        (
            &[
                (14, 2),
                (15, 1),
                (16, 4),
                (17, 1),
                (18, 3),
                (22, 1),
                (24, 3),
            ],
            &[
                (9, 1),
                (11, 1),
                (13, 2),
                (14, 1),
                (16, 2),
                (17, 1),
                (20, 1),
                (21, 1),
                (22, 2),
                (23, 1),
                (24, 2),
            ],
            (6, 5),
        ),
        (
            &[(13, 1), (15, 4), (16, 1), (17, 3), (18, 2), (20, 4)],
            &[
                (11, 1),
                (13, 1),
                (14, 2),
                (16, 1),
                (19, 3),
                (20, 1),
                (21, 2),
                (22, 1),
                (23, 1),
                (24, 2),
            ],
            (6, 5),
        ),
    ];
    let free = fevga().with_preset("moultezim").unwrap();
    forced_play_after_restrictions(fevga(), free, Code::IllegalPrime, cases);
}

/// Fevga §8.7: mars (2) when the loser bore off nothing, else 1; a wrong `Wins` is reported.
#[test]
fn fv7_scoring() {
    let r = fevga();
    assert_eq!(
        r.level(&pos(&[(0, 15)], &[(24, 15)]), Side::White),
        Level::Mars
    );
    assert_eq!(
        r.level(&pos(&[(0, 15)], &[(1, 14), (0, 1)]), Side::White),
        Level::Single
    );
    let text = include_str!("../../fixtures/fevga/examples/fevga-greek-1pt.mat");
    assert_eq!(errors(text), vec![]);
    let wrong = text.replace("Wins 2 points", "Wins 3 points");
    assert_ne!(wrong, text);
    assert!(
        errors(&wrong).iter().any(|(c, _)| *c == Code::WinsMismatch),
        "{:?}",
        errors(&wrong)
    );
}

/// Fevga §8.8: a point held by a single opposing checker is blocked.
#[test]
fn fv8_blocked_point() {
    let p = pos(&[(24, 15)], &[(24, 14), (6, 1)]);
    assert_eq!(
        illegal(&fevga(), &p, dice(6, 5), "24/18 18/13"),
        Code::Blocked
    );
    legal(&fevga(), &p, dice(6, 5), "24/19/13");
    assert_eq!(
        errors(&record(&[FV], &["  1) 65: 24/18 24/19"])),
        vec![(Code::RunnerRule, 7)]
    );
}
