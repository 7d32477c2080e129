//! The searches against simpler references: the fast paths against the plain forms they
//! replaced, the canonical generator against the search over every order, and a play-level
//! rule through generation and resolution.

use std::collections::HashSet;

use super::dice::{distinct_mask, distinct_mask4, next_index, stage_dice};
use super::probe::{any_step, reaches_depth4, surely_maximal};
use super::resolve::{first_path, resolve};
use super::{Segment, legal_plays_dfs, step};
use crate::rules::movement::{Movement, apply, highest, step_rule};
use crate::rules::plays::legal_plays;
use crate::rules::{BAR, OFF, PlayError, Position, Side, StageDice, Step, StepError};

#[test]
fn distinct_mask4_matches_distinct_mask() {
    for n in 0..=4usize {
        let total = 10u32.pow(n as u32);
        for code in 0..total {
            let mut dv = [0u8; 4];
            let mut c = code;
            for slot in dv.iter_mut().take(n) {
                *slot = (c % 10) as u8;
                c /= 10;
            }
            assert_eq!(
                distinct_mask4(&dv, n),
                distinct_mask(&dv[..n]),
                "{dv:?} {n}"
            );
        }
    }
}

use crate::rules::movement::{Hitting, Holding};

/// The step rule with the position's highest location computed on the spot.
fn check_step<M: Movement>(
    pos: &Position,
    side: Side,
    from: u8,
    die: u8,
) -> Result<Step, StepError> {
    step_rule::<M>(pos, side, from, die, highest(pos, side))
}

// The crate's deterministic generator, for the random boards below.
use crate::generate::Rng;

/// A random position: 15 checkers a side, spread over few points (often all home, sometimes
/// on the bar where the geometry has one), so bear-offs and blocks both occur.
fn random_position<M: Movement>(r: &mut Rng) -> Position {
    let mut p = Position::empty();
    for side in 0..2 {
        let home = r.below(3) == 0;
        for _ in 0..15 {
            let loc = if M::HAS_BAR && r.below(12) == 0 {
                BAR
            } else if home {
                r.below(7) as u8
            } else {
                r.below(25) as u8
            };
            p.c[side][loc as usize] += 1;
        }
    }
    p
}

fn random_dice(r: &mut Rng) -> StageDice {
    let a = 1 + r.below(6) as u8;
    let b = 1 + r.below(6) as u8;
    if a == b || r.below(4) == 0 {
        StageDice::Double {
            value: a,
            count: 1 + r.below(4) as u8,
        }
    } else {
        StageDice::Mixed {
            high: a.max(b),
            low: a.min(b),
        }
    }
}

/// `any_step` against `check_step` tried from every point with every die.
#[test]
fn any_step_matches_check_step() {
    let mut r = Rng::new(0x9e37_79b9_7f4a_7c15);
    any_step_case::<Hitting>(&mut r);
    any_step_case::<Holding>(&mut r);
}

fn any_step_case<M: Movement>(r: &mut Rng) {
    random_boards::<M>(r, 20_000, |r, pos, side| {
        let n = r.below(5);
        let dice: Vec<u8> = (0..n).map(|_| r.below(9) as u8).collect();
        let brute = (1..=BAR).any(|from| {
            pos.count(side, from) > 0
                && dice
                    .iter()
                    .any(|&d| check_step::<M>(&pos, side, from, d).is_ok())
        });
        assert_eq!(
            any_step::<M>(&pos, side, &dice),
            brute,
            "{pos:?} {side:?} {dice:?}"
        );
    });
}

/// The probe as it was before `any_step` and `step_off_bar`: every point, `check_step`.
fn reaches_depth4_reference<M: Movement>(
    pos: &Position,
    side: Side,
    dv: [u8; 4],
    nd: usize,
    depth: usize,
) -> bool {
    if depth == 0 {
        return true;
    }
    let mut mask = distinct_mask4(&dv, nd);
    while let Some(i) = next_index(&mut mask) {
        let d = dv[i];
        for from in (1..=BAR).rev() {
            if pos.c[side.index()][from as usize] == 0 {
                continue;
            }
            if let Ok(st) = check_step::<M>(pos, side, from, d) {
                let mut next = *pos;
                apply::<M>(&mut next, side, st);
                let mut rest = dv;
                rest.copy_within(i + 1..nd, i);
                if reaches_depth4_reference::<M>(&next, side, rest, nd - 1, depth - 1) {
                    return true;
                }
            }
        }
    }
    false
}

#[test]
fn reaches_depth4_matches_reference() {
    let mut r = Rng::new(0x2545_f491_4f6c_dd1d);
    reaches_case::<Hitting>(&mut r);
    reaches_case::<Holding>(&mut r);
}

fn reaches_case<M: Movement>(r: &mut Rng) {
    random_boards::<M>(r, 5_000, |r, pos, side| {
        let d = stage_dice(random_dice(r));
        let mut dv = [0u8; 4];
        dv[..d.len()].copy_from_slice(d.as_slice());
        for depth in 0..=d.len() {
            assert_eq!(
                reaches_depth4::<M>(&pos, side, dv, d.len(), depth),
                reaches_depth4_reference::<M>(&pos, side, dv, d.len(), depth),
                "{pos:?} {side:?} {dv:?} {depth}"
            );
        }
    });
}

/// `first_path` as it was with shifted arrays: the pending segments and dice as lists.
fn first_path_reference<M: Movement>(
    pos: &Position,
    side: Side,
    segs: &[Segment],
    dice: &[u8],
) -> Option<(Position, Vec<Step>)> {
    let mut pend: Vec<(usize, u8)> = segs.iter().enumerate().map(|(i, s)| (i, s.from)).collect();
    let mut dv = dice.to_vec();
    let mut steps = Vec::new();
    let mut pos = *pos;
    while !pend.is_empty() {
        let (k, i, st, done) = 'find: {
            for (k, &(si, cur)) in pend.iter().enumerate() {
                let seg = segs[si];
                let mut mask = distinct_mask(&dv);
                while let Some(i) = next_index(&mut mask) {
                    let d = dv[i];
                    let to = (cur as i16 - d as i16).max(OFF as i16) as u8;
                    if to != seg.to && (to == OFF || to < seg.to) {
                        continue;
                    }
                    let Ok(st) = check_step::<M>(&pos, side, cur, d) else {
                        continue;
                    };
                    let done = st.to == seg.to;
                    let cont = !done && st.to != OFF && st.to > seg.to;
                    if !done && (!cont || st.hit) {
                        continue;
                    }
                    break 'find (k, i, st, done);
                }
            }
            return None;
        };
        dv.remove(i);
        steps.push(st);
        apply::<M>(&mut pos, side, st);
        if done {
            pend.remove(k);
        } else {
            pend[k].1 = st.to;
        }
    }
    Some((pos, steps))
}

#[test]
fn first_path_matches_reference() {
    let mut r = Rng::new(0xdead_beef_cafe_f00d);
    let found = first_path_case::<Hitting>(&mut r) + first_path_case::<Holding>(&mut r);
    assert!(found > 1000, "only {found} plays carried out");
}

fn first_path_case<M: Movement>(r: &mut Rng) -> usize {
    let mut found = 0;
    random_boards::<M>(r, 40_000, |r, pos, side| {
        let dice = stage_dice(random_dice(r));
        let n = 1 + r.below(4);
        let occupied: Vec<u8> = (1..=BAR).filter(|&p| pos.count(side, p) > 0).collect();
        let segs: Vec<Segment> = (0..n)
            .map(|k| {
                if occupied.is_empty() || r.below(4) == 0 {
                    let from = 1 + r.below(25) as u8;
                    let to = r.below(from as usize) as u8;
                    return Segment { from, to };
                }
                // A plausible hop: an occupied point, one or two dice down.
                let from = occupied[r.below(occupied.len())];
                let d = dice.as_slice();
                let mut dist = d[k % d.len()] as i16;
                if r.below(3) == 0 {
                    dist += d[(k + 1) % d.len()] as i16;
                }
                let to = (from as i16 - dist).max(0) as u8;
                Segment { from, to }
            })
            .collect();
        let fast = first_path::<M>(&pos, side, &segs, &dice, M::PlayState::default())
            .map(|(p, st)| (p, st.as_slice().to_vec()));
        let slow = first_path_reference::<M>(&pos, side, &segs, dice.as_slice());
        found += usize::from(fast.is_some());
        assert_eq!(
            fast,
            slow,
            "{pos:?} {side:?} {segs:?} {:?}",
            dice.as_slice()
        );
    });
    found
}

/// The canonical-order generator against the exhaustive search over every order of the
/// dice: the same number of dice, the same results, each once, each reached by its steps.
fn same_plays<M: Movement>(pos: &Position, side: Side, dice: StageDice) {
    let fast = legal_plays::<M>(pos, side, dice);
    let slow = legal_plays_dfs::<M>(pos, side, dice);
    let ctx = || format!("{pos:?} {side:?} {dice}");
    assert_eq!(fast.max_steps(), slow.max_steps(), "{}", ctx());
    let got: HashSet<Position> = fast.positions().iter().copied().collect();
    let want: HashSet<Position> = slow.positions().iter().copied().collect();
    assert_eq!(got.len(), fast.len(), "a result twice: {}", ctx());
    assert_eq!(got, want, "{}", ctx());
    let dv = stage_dice(dice).as_slice().to_vec();
    for (result, steps) in fast.results() {
        assert!(fast.contains(result));
        assert_eq!(steps.len(), fast.max_steps() as usize, "{}", ctx());
        let mut p = *pos;
        let mut left = dv.clone();
        for st in steps {
            let (next, taken) = step::<M>(&p, side, st.from, st.die).expect("a legal step");
            assert_eq!(taken, *st, "{}", ctx());
            let i = left.iter().position(|&d| d == st.die).expect("a die left");
            left.remove(i);
            p = next;
        }
        assert_eq!(p, *result, "{}", ctx());
    }
}

/// `check` on `boards` random positions of `M`, each with a random side to move.
fn random_boards<M: Movement>(
    r: &mut Rng,
    boards: usize,
    mut check: impl FnMut(&mut Rng, Position, Side),
) {
    for _ in 0..boards {
        let pos = random_position::<M>(r);
        let side = random_side(r);
        check(r, pos, side);
    }
}

fn random_side(r: &mut Rng) -> Side {
    if r.below(2) == 0 {
        Side::White
    } else {
        Side::Black
    }
}

#[test]
fn canonical_generation_matches_every_order_on_random_boards() {
    let mut r = Rng::new(0x0123_4567_89ab_cdef);
    for _ in 0..20_000 {
        let pos = random_position::<Hitting>(&mut r);
        let side = random_side(&mut r);
        let dice = random_dice(&mut r);
        same_plays::<Hitting>(&pos, side, dice);
        let pos = random_position::<Holding>(&mut r);
        same_plays::<Holding>(&pos, side, dice);
    }
}

/// Games played from the start (random legal plays, partial doublet stages too), every
/// stage checked with every roll.
fn played_games<M: Movement>(r: &mut Rng, start: Position, games: usize) {
    for _ in 0..games {
        let mut pos = start;
        let mut side = random_side(r);
        for _ in 0..400 {
            if pos.off(Side::White) == 15 || pos.off(Side::Black) == 15 {
                break;
            }
            for a in 1..=6 {
                for b in 1..=a {
                    let dice = if a == b {
                        StageDice::Double { value: a, count: 4 }
                    } else {
                        StageDice::Mixed { high: a, low: b }
                    };
                    same_plays::<M>(&pos, side, dice);
                }
                same_plays::<M>(
                    &pos,
                    side,
                    StageDice::Double {
                        value: a,
                        count: r.below(4) as u8,
                    },
                );
            }
            let dice = random_dice(r);
            let set = legal_plays::<M>(&pos, side, dice);
            pos = set.positions()[r.below(set.len())];
            side = side.other();
        }
    }
}

#[test]
fn canonical_generation_matches_every_order_in_played_games() {
    let mut r = Rng::new(0x0005_eed0_fa11_d1ce);
    let mut bg = Position::empty();
    for side in [Side::White, Side::Black] {
        for (pt, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            bg.set(side, pt, n);
        }
    }
    played_games::<Hitting>(&mut r, bg, 12);
    played_games::<Holding>(&mut r, gul_start(), 12);
}

/// Dice no roll produces (0, 7 and more, a mixed stage of equal or swapped dice, more than
/// four steps of a doublet) take the exhaustive path and never panic.
#[test]
fn generation_accepts_any_dice() {
    let mut r = Rng::new(0x0bad_d1ce);
    for _ in 0..300 {
        let pos = random_position::<Hitting>(&mut r);
        let side = random_side(&mut r);
        let a = r.below(10) as u8;
        let b = r.below(10) as u8;
        for dice in [
            StageDice::Mixed { high: a, low: b },
            StageDice::Double {
                value: a,
                count: r.below(7) as u8,
            },
        ] {
            same_plays::<Hitting>(&pos, side, dice);
            same_plays::<Holding>(&pos, side, dice);
        }
    }
}

/// A play-level rule for the tests: Gul bara's movement with a head rule (at most one
/// checker leaves the 24 point per play).
#[derive(Copy, Clone, Debug, Default)]
struct HeadRule;

impl crate::rules::sealed::Sealed for HeadRule {}
impl Movement for HeadRule {
    const HAS_BAR: bool = false;
    const RESTRICTED: bool = true;
    fn opposite(point: u8) -> u8 {
        Holding::opposite(point)
    }
    fn landing(pos: &Position, side: Side, to: u8) -> crate::rules::Landing {
        Holding::landing(pos, side, to)
    }
    type PlayState = u8;
    fn restrict_step(
        state: &mut u8,
        _start: &Position,
        _before: &Position,
        _side: Side,
        step: &Step,
    ) -> Result<(), crate::rules::Restriction> {
        if step.from == 24 {
            *state += 1;
        }
        if *state > 1 {
            Err(crate::rules::Restriction::Head { limit: 1 })
        } else {
            Ok(())
        }
    }
}

fn gul_start() -> Position {
    let mut p = Position::empty();
    p.set(Side::White, 24, 15);
    p.set(Side::Black, 24, 15);
    p
}

#[test]
fn generation_without_a_play_level_rule_moves_four_head_checkers_on_6_6() {
    let set = legal_plays::<Holding>(
        &gul_start(),
        Side::White,
        StageDice::Double { value: 6, count: 4 },
    );
    assert_eq!(set.max_steps(), 4);
    assert_eq!(set.len(), 1);
}

#[test]
fn generation_applies_a_play_level_rule_before_counting_dice() {
    // Given the head rule, only one checker leaves 24, and 18/12 is blocked by the
    // opponent's head: one step of 6-6 is all that can be played.
    let set = legal_plays::<HeadRule>(
        &gul_start(),
        Side::White,
        StageDice::Double { value: 6, count: 4 },
    );
    assert_eq!(set.max_steps(), 1);
    assert_eq!(set.len(), 1);
    // 6-5: one checker runs 24/13 (both orders reach one position); two head checkers
    // are not a legal play.
    let mixed = StageDice::Mixed { high: 6, low: 5 };
    let set = legal_plays::<HeadRule>(&gul_start(), Side::White, mixed);
    assert_eq!(set.max_steps(), 2);
    assert_eq!(set.len(), 1);
    assert_eq!(set.positions()[0].count(Side::White, 13), 1);
    let free = legal_plays::<Holding>(&gul_start(), Side::White, mixed);
    assert_eq!(free.len(), 2);
}

#[test]
fn resolution_reports_the_step_that_breaks_a_play_level_rule() {
    let mixed = StageDice::Mixed { high: 6, low: 5 };
    let two_heads = [Segment { from: 24, to: 18 }, Segment { from: 24, to: 19 }];
    let err = resolve::<HeadRule>(&gul_start(), Side::White, mixed, &two_heads).unwrap_err();
    assert_eq!(
        err,
        PlayError::Step {
            segment: 1,
            from: 24,
            die: 5,
            intermediate: false,
            error: StepError::Restricted(crate::rules::Restriction::Head { limit: 1 }),
        }
    );
    let one_head = [Segment { from: 24, to: 13 }];
    let ok = resolve::<HeadRule>(&gul_start(), Side::White, mixed, &one_head).unwrap();
    assert_eq!(ok.position.count(Side::White, 13), 1);
    // The quick forced-play probe does not know play-level rules: it defers whenever a
    // longer play exists by the step rule alone.
    assert!(!surely_maximal::<HeadRule>(
        &gul_start(),
        Side::White,
        mixed,
        &ok.position,
        1
    ));
}

/// Every position `k` steps of `dice` reach from `pos` (step by step, as a written play is
/// carried out), for `k` from 1 to one fewer than the dice, with its `k`.
fn shorter_plays<M: Movement<PlayState = ()>>(
    pos: &Position,
    side: Side,
    dice: StageDice,
) -> Vec<(Position, u8)> {
    fn walk<M: Movement<PlayState = ()>>(
        start: &Position,
        pos: Position,
        side: Side,
        left: &mut Vec<u8>,
        used: u8,
        out: &mut Vec<(Position, u8)>,
    ) {
        if used > 0 {
            out.push((pos, used));
        }
        // No step follows one that ends the game.
        if left.len() <= 1 || (used > 0 && M::ends_game(&pos, side)) {
            return;
        }
        for i in 0..left.len() {
            let d = left[i];
            for from in 1..=BAR {
                let Ok(st) = check_step::<M>(&pos, side, from, d) else {
                    continue;
                };
                let Some((next, ())) = super::take_step::<M>(start, &pos, side, (), st) else {
                    continue;
                };
                left.remove(i);
                walk::<M>(start, next, side, left, used + 1, out);
                left.insert(i, d);
            }
        }
    }
    let mut out = Vec::new();
    let mut left = stage_dice(dice).as_slice().to_vec();
    walk::<M>(pos, *pos, side, &mut left, 0, &mut out);
    out
}

/// The quick forced-play probe is sound: whenever it calls a shorter play maximal, the legal
/// set holds it; on games of Tapa (where pinning the opponent's mother ends the game, and a
/// play ending it counts as every die), backgammon and Gul bara played from the start.
#[test]
fn the_quick_forced_play_probe_never_passes_a_play_the_legal_set_refuses() {
    fn case<M: Movement<PlayState = ()>>(
        r: &mut Rng,
        start: Position,
        games: usize,
    ) -> (usize, usize) {
        let (mut passed, mut ended) = (0, 0);
        for _ in 0..games {
            let mut pos = start;
            let mut side = random_side(r);
            for _ in 0..300 {
                if pos.off(Side::White) == 15 || pos.off(Side::Black) == 15 {
                    break;
                }
                let dice = random_dice(r);
                let set = legal_plays::<M>(&pos, side, dice);
                for (p, used) in shorter_plays::<M>(&pos, side, dice) {
                    if used < dice.len() && surely_maximal::<M>(&pos, side, dice, &p, used) {
                        assert!(set.contains(&p), "{pos:?} {side:?} {dice} {p:?} {used}");
                        passed += 1;
                        ended += usize::from(M::ends_game(&p, side));
                    }
                }
                if set.is_empty() || M::ends_game(&set.positions()[0], side) {
                    break;
                }
                pos = set.positions()[r.below(set.len())];
                side = side.other();
            }
        }
        (passed, ended)
    }
    let mut r = Rng::new(0x7a9a_5eed_0bad_cafe);
    let mut tapa = Position::empty();
    let mut bg = Position::empty();
    for side in [Side::White, Side::Black] {
        tapa.set(side, 24, 15);
        for (pt, n) in [(24, 2), (13, 5), (8, 3), (6, 5)] {
            bg.set(side, pt, n);
        }
    }
    let (passed, ended) = case::<crate::rules::movement::Pinning>(&mut r, tapa, 40);
    assert!(
        passed > 100 && ended > 0,
        "{passed} passed, {ended} ending the game"
    );
    let (passed, _) = case::<Hitting>(&mut r, bg, 20);
    assert!(passed > 100, "{passed}");
    let (passed, _) = case::<Holding>(&mut r, gul_start(), 20);
    assert!(passed > 100, "{passed}");
}

#[test]
fn stage_dice_lists_the_dice_of_a_stage() {
    for value in 0..=9u8 {
        for count in 0..=6u8 {
            let d = stage_dice(StageDice::Double { value, count });
            assert_eq!(
                d.as_slice(),
                vec![value; count as usize],
                "{value} x{count}"
            );
        }
        for low in 0..=9u8 {
            let d = stage_dice(StageDice::Mixed { high: value, low });
            assert_eq!(d.as_slice(), [value, low], "{value}{low}");
        }
    }
}
