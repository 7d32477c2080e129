//! The brute-force oracle of a stage's legal results, for every variant: every sequence of
//! single steps over `RuleSet::step` (the one step rule), with the play-level rules of the
//! rules files written out here, naively and on whole positions, independently of the
//! generator's play-level hooks:
//!
//! * Long nardy (`long-nardy.md` §3, §4): at most one checker leaves the head (own 24) in a
//!   play, two on a player's first roll with a doublet of `head_doubles`, and under
//!   `head_exception_blocked = one` only if the roll can then be played to its standard
//!   extent (6-6: 2 steps, 4-4 and 3-3: 4); the block rule;
//! * Fevga (`fevga.md` §3, §4): the runner rule, the forbidden start quarter, the block rule;
//! * blocks: six points in a row of the opponent's path held by the mover, illegal unless an
//!   opposing checker is ahead (`ahead`) or one is home or off (`opponent-home`); judged after
//!   every step (`block_check = step`) or on the play's end (`play`);
//! * Tapa (`tapa.md` §2–§5): every step's pins checked against a naive bookkeeping (a lone
//!   unpinned opposing checker landed on is pinned, the last checker leaving a point frees the
//!   checker pinned there, a pinned checker and a pinner's point stay put); a step that ends
//!   the game (the last checker off; under `mother_check = step` the opponent's mother pinned
//!   with the mover's start empty or its own mother pinned) completes the play, counting as
//!   every die, and nothing follows it;
//! * then forced play: the plays of the greatest effective length, and with two different dice
//!   of which only one can be played, the larger if it can be.

use std::collections::{HashMap, HashSet};

use tavla::rules::fevga::{Runner, StartQuarter};
use tavla::rules::long_nardy::{HeadDoubles, HeadExceptionBlocked};
use tavla::rules::running::{BlockCheck, PrimeRule};
use tavla::rules::tapa::MotherCheck;
use tavla::rules::{Position, RuleSet, Side, StageDice};

/// The play-level rules of a running game (Long nardy, Fevga) for one play.
#[derive(Copy, Clone, Debug)]
struct Race {
    /// Checkers that may leave own 24 in the play (0: no head rule).
    head: u8,
    /// The runner rule's point (0: none).
    runner: u8,
    /// Own 24..19 may not all be held.
    quarter: bool,
    prime: PrimeRule,
    check: BlockCheck,
}

#[derive(Copy, Clone, Debug)]
enum PlayRules {
    /// Backgammon and Gul bara: nothing beyond the step rule.
    Plain,
    Race(Race),
    /// Tapa; `true`: the mother is looked at after every step.
    Pins(bool),
}

/// The oracle's answer for one stage.
pub struct Expected {
    /// The greatest effective length (dice used; a game-ending play counts as all).
    pub max: usize,
    /// The distinct legal results.
    pub results: HashSet<Position>,
}

/// Own point `p` of a running game in the opponent's numbering (both sides start on their
/// own 24, a half board apart).
fn opp(p: u8) -> u8 {
    if p <= 12 { p + 12 } else { p - 12 }
}

/// Does `side` in `pos` stand in a block its rules forbid (start quarter, prime)?
fn bad_block(r: &Race, pos: &Position, side: Side) -> bool {
    if r.quarter && (19..=24).all(|p| pos.count(side, p) > 0) {
        return true;
    }
    if r.prime == PrimeRule::None {
        return false;
    }
    let them = side.other();
    // Opponent's points q, q-1, …, q-5, all held by `side`.
    (6..=24u8).any(|q| {
        let block = (q - 5..=q).all(|x| pos.count(side, opp(x)) > 0);
        let allowed = match r.prime {
            PrimeRule::Ahead => (1..q - 5).any(|x| pos.count(them, x) > 0),
            PrimeRule::OpponentHome => (0..=6).any(|x| pos.count(them, x) > 0),
            PrimeRule::None => true,
        };
        block && !allowed
    })
}

/// Whether the step `side` has just played, reaching `pos`, ends a Tapa game.
fn ends(pos: &Position, side: Side, mother_by_step: bool) -> bool {
    pos.off(side) == 15
        || mother_by_step
            && pos.pinned(side.other(), 24)
            && (pos.count(side, 24) == 0 || pos.pinned(side, 24))
}

/// Whether a play that stops at `pos` is complete by ending the game (Tapa).
pub fn ends_game(rules: &RuleSet, pos: &Position, side: Side) -> bool {
    match play_rules(rules, pos, side, StageDice::Double { value: 1, count: 0 }) {
        PlayRules::Pins(by_step) => ends(pos, side, by_step),
        _ => false,
    }
}

/// Whether `rules` has play-level rules that can forbid every step of a roll (Long nardy,
/// Fevga): there a step may exist with no legal play.
pub fn has_play_rules(rules: &RuleSet) -> bool {
    matches!(rules, RuleSet::LongNardy(_) | RuleSet::Fevga(_))
}

/// Tapa's step from `from` with `die`, by naive bookkeeping: the position it must reach, or
/// `None` where a pinned checker or a pinner's point forbids it (other reasons are the step
/// rule's and not judged here). Bearing off and the bar are not looked at.
fn naive_pin_step(pos: &Position, side: Side, from: u8, to: u8) -> Option<Position> {
    let them = side.other();
    if pos.pinned(side, from) {
        return None;
    }
    let mut next = *pos;
    next.set(side, from, pos.count(side, from) - 1);
    next.set(side, to, pos.count(side, to) + 1);
    if to != 0 {
        let under = 25 - to;
        match pos.count(them, under) {
            0 => {}
            1 if pos.pinned(them, under) => {} // my pinner's point: I add to it
            1 if pos.pinned(side, to) => return None,
            1 => next.set_pinned(them, under, true),
            _ => return None,
        }
        if pos.pinned(side, to) {
            return None;
        }
    }
    if next.count(side, from) == 0 {
        next.set_pinned(them, 25 - from, false);
    }
    Some(next)
}

fn play_rules(rules: &RuleSet, pos: &Position, side: Side, dice: StageDice) -> PlayRules {
    match rules {
        RuleSet::GulBara(_)
        | RuleSet::Backgammon(_)
        | RuleSet::Hypergammon1(_)
        | RuleSet::Hypergammon2(_)
        | RuleSet::Hypergammon3(_)
        | RuleSet::Longgammon(_) => PlayRules::Plain,
        RuleSet::Tapa(o) => PlayRules::Pins(o.mother_check == MotherCheck::Step),
        RuleSet::Fevga(o) => PlayRules::Race(Race {
            head: 0,
            runner: match o.runner {
                Runner::PastStart => 11,
                Runner::StartQuarter => 12,
                Runner::None => 0,
            },
            quarter: o.start_quarter == StartQuarter::Forbidden,
            prime: o.prime_rule,
            check: o.block_check,
        }),
        RuleSet::LongNardy(o) => {
            let one = Race {
                head: 1,
                runner: 0,
                quarter: false,
                prime: o.prime_rule,
                check: o.block_check,
            };
            let covered = |v: u8| match o.head_doubles {
                HeadDoubles::SixFourThree => v == 6 || v == 4 || v == 3,
                HeadDoubles::SixFour => v == 6 || v == 4,
                HeadDoubles::None => false,
            };
            let first = o.first_roll || pos.count(side, 24) == 15;
            match dice {
                StageDice::Double { value, count: 4 } if first && covered(value) => {
                    let two = Race { head: 2, ..one };
                    if o.head_exception_blocked == HeadExceptionBlocked::Two {
                        return PlayRules::Race(two);
                    }
                    let extent = if value == 6 { 2 } else { 4 };
                    let with_two = search(rules, PlayRules::Race(two), pos, side, dice);
                    PlayRules::Race(if with_two.max >= extent { two } else { one })
                }
                _ => PlayRules::Race(one),
            }
        }
    }
}

/// Every legal result of `dice` for `side` in `pos` under `rules`.
pub fn expected(rules: &RuleSet, pos: &Position, side: Side, dice: StageDice) -> Expected {
    let play = play_rules(rules, pos, side, dice);
    search(rules, play, pos, side, dice)
}

struct Search<'a> {
    rules: &'a RuleSet,
    play: PlayRules,
    side: Side,
    all: usize,
    high: Option<u8>,
    seen: HashSet<(Position, Vec<u8>, u8)>,
    /// Each allowed play's end with its greatest effective length.
    reached: HashMap<Position, usize>,
    /// Ends of allowed one-step plays using the larger die of a mixed roll.
    by_high: HashSet<Position>,
}

fn search(
    rules: &RuleSet,
    play: PlayRules,
    pos: &Position,
    side: Side,
    dice: StageDice,
) -> Expected {
    let mut s = Search {
        rules,
        play,
        side,
        all: dice.dice().len(),
        high: match dice {
            StageDice::Mixed { high, .. } => Some(high),
            StageDice::Double { .. } => None,
        },
        seen: HashSet::new(),
        reached: HashMap::new(),
        by_high: HashSet::new(),
    };
    walk(&mut s, *pos, &mut dice.dice(), &mut Vec::new(), 0, false);
    let max = s.reached.values().copied().max().unwrap_or(0);
    let must_high = max == 1 && !s.by_high.is_empty();
    let results = s
        .reached
        .iter()
        .filter(|(p, n)| **n == max && (!must_high || s.by_high.contains(p)))
        .map(|(p, _)| *p)
        .collect();
    Expected { max, results }
}

fn walk(
    s: &mut Search,
    pos: Position,
    left: &mut Vec<u8>,
    used: &mut Vec<u8>,
    head: u8,
    ended: bool,
) {
    let mut key = left.clone();
    key.sort_unstable();
    if !s.seen.insert((pos, key, head)) {
        return;
    }
    let side = s.side;
    // The play that stops here, if its rules allow its end.
    let allowed = match s.play {
        PlayRules::Race(r) if r.check == BlockCheck::Play => !bad_block(&r, &pos, side),
        _ => true,
    };
    if allowed {
        let length = if ended { s.all } else { used.len() };
        let e = s.reached.entry(pos).or_insert(0);
        *e = (*e).max(length);
        if !ended && used.len() == 1 && Some(used[0]) == s.high {
            s.by_high.insert(pos);
        }
    }
    if ended {
        return;
    }
    for i in 0..left.len() {
        let d = left[i];
        if left[..i].contains(&d) {
            continue;
        }
        for from in 1..=25u8 {
            let stepped = s.rules.step(&pos, side, from, d);
            if let PlayRules::Pins(_) = s.play
                && from <= 24
                && pos.count(side, from) > 0
                && from > d
            {
                // A step inside the board: the pins by naive bookkeeping.
                let naive = naive_pin_step(&pos, side, from, from - d);
                match (&stepped, naive) {
                    (Ok((next, _)), Some(n)) => assert_eq!(
                        *next,
                        n,
                        "Tapa step {from}/{} reaches another position (pins)",
                        from - d
                    ),
                    (Ok(_), None) => panic!(
                        "Tapa step {from}/{} is allowed from a pinned checker or onto a held point",
                        from - d
                    ),
                    _ => {}
                }
            }
            let Ok((next, st)) = stepped else { continue };
            assert_eq!(
                (st.from, st.die),
                (from, d),
                "step reports another origin or die"
            );
            let mut head_now = head;
            let mut next_ends = false;
            match s.play {
                PlayRules::Plain => {}
                PlayRules::Pins(by_step) => next_ends = ends(&next, side, by_step),
                PlayRules::Race(r) => {
                    if from == 24 {
                        head_now += 1;
                        if r.head > 0 && head_now > r.head {
                            continue;
                        }
                        let passed =
                            pos.off(side) > 0 || (1..=r.runner).any(|p| pos.count(side, p) > 0);
                        if r.runner > 0 && pos.count(side, 24) < 15 && !passed {
                            continue;
                        }
                    }
                    if r.check == BlockCheck::Step && bad_block(&r, &next, side) {
                        continue;
                    }
                }
            }
            left.remove(i);
            used.push(d);
            walk(s, next, left, used, head_now, next_ends);
            used.pop();
            left.insert(i, d);
        }
    }
}
