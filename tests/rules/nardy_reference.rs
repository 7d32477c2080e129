//! A second, naive reading of `long-nardy.md` §2–§5 and `fevga.md` §2–§5, written here
//! straight from the rules text: every order of the dice tried step by step, each step checked
//! against the whole position (every run of six points of the opponent's path, the whole
//! start quarter, the head count, the runner), forced play counted over the sequences that
//! pass. tavla's legal results must equal it on positions of random games under every
//! combination of the options (the perft vectors and the differential fixture cover the
//! default presets only).

use crate::common::Rng;
use std::collections::{HashMap, HashSet};
use tavla::rules::{Position, Roll, RuleSet, Side, Variant};

/// The point of the opponent's numbering under the mover's point `p` (and back).
fn opp(p: usize) -> usize {
    ((p + 11) % 24) + 1
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Prime {
    Ahead,
    Home,
    Free,
}

#[derive(Clone, Copy, Debug)]
struct Opts {
    head_limit: u8, // 0: no head rule
    runner: usize,  // 0: no runner rule
    quarter: bool,  // start quarter forbidden
    prime: Prime,
    per_step: bool, // block_check = step
}

type Side26 = [u8; 26];

/// Is some block (the opponent's points q..q-5 all held by the mover) forbidden?
fn bad_block(o: &Opts, mine: &Side26, theirs: &Side26) -> bool {
    if o.prime == Prime::Free {
        return false;
    }
    for q in 6..=24usize {
        if !(q - 5..=q).all(|k| mine[opp(k)] > 0) {
            continue;
        }
        let allowed = match o.prime {
            Prime::Ahead => (1..q - 5).any(|k| theirs[k] > 0),
            Prime::Home => (0..=6).any(|k| theirs[k] > 0),
            Prime::Free => true,
        };
        if !allowed {
            return true;
        }
    }
    false
}

fn bad_quarter(o: &Opts, mine: &Side26) -> bool {
    o.quarter && (19..=24).all(|p| mine[p] > 0)
}

/// One step of `die` from `from`, by the step rule and the head and runner rules.
fn step(
    o: &Opts,
    mine: &Side26,
    theirs: &Side26,
    heads: u8,
    from: usize,
    die: usize,
) -> Option<(Side26, u8)> {
    if mine[from] == 0 {
        return None;
    }
    let mut heads = heads;
    if from == 24 {
        heads += 1;
        if o.head_limit > 0 && heads > o.head_limit {
            return None;
        }
        if o.runner > 0 && mine[24] < 15 && mine[0] == 0 && !(1..=o.runner).any(|p| mine[p] > 0) {
            return None;
        }
    }
    let mut next = *mine;
    next[from] -= 1;
    if from > die {
        let to = from - die;
        if theirs[opp(to)] > 0 {
            return None;
        }
        next[to] += 1;
    } else {
        if (7..=24).any(|p| mine[p] > 0) {
            return None;
        }
        if from < die && (from + 1..=6).any(|p| mine[p] > 0) {
            return None;
        }
        next[0] += 1;
    }
    if o.per_step && (bad_quarter(o, &next) || bad_block(o, &next, theirs)) {
        return None;
    }
    Some((next, heads))
}

/// The sequences of one order of the dice, walked step by step.
struct Walk<'a> {
    o: &'a Opts,
    theirs: &'a Side26,
    dice: Vec<usize>,
    /// Whether this order starts with the larger of two different dice.
    lead_high: bool,
    /// result -> (steps, reached by the larger die alone)
    found: &'a mut HashMap<Side26, (usize, bool)>,
    seen: HashSet<(Side26, u8, usize)>,
}

impl Walk<'_> {
    fn walk(&mut self, cur: Side26, heads: u8, depth: usize) {
        if !self.seen.insert((cur, heads, depth)) {
            return;
        }
        let (o, theirs) = (self.o, self.theirs);
        if o.per_step || !(bad_quarter(o, &cur) || bad_block(o, &cur, theirs)) {
            let e = self.found.entry(cur).or_insert((depth, false));
            if depth > e.0 {
                *e = (depth, false);
            }
            if depth == 1 && e.0 == 1 && self.lead_high {
                e.1 = true;
            }
        }
        if depth == self.dice.len() {
            return;
        }
        for from in 1..=24 {
            if let Some((next, h)) = step(o, &cur, theirs, heads, from, self.dice[depth]) {
                self.walk(next, h, depth + 1);
            }
        }
    }
}

/// Every legal result: the mover's side after the play.
fn reference(o: &Opts, mine: &Side26, theirs: &Side26, a: usize, b: usize) -> HashSet<Side26> {
    let orders: Vec<Vec<usize>> = if a == b {
        vec![vec![a; 4]]
    } else {
        vec![vec![a, b], vec![b, a]]
    };
    let mut found: HashMap<Side26, (usize, bool)> = HashMap::new();
    for dice in orders {
        let lead_high = a != b && dice[0] == a.max(b);
        let mut w = Walk {
            o,
            theirs,
            dice,
            lead_high,
            found: &mut found,
            seen: HashSet::new(),
        };
        w.walk(*mine, 0, 0);
    }
    let max = found.values().map(|e| e.0).max().unwrap_or(0);
    let any_high = a != b && max == 1 && found.values().any(|e| e.0 == 1 && e.1);
    found
        .into_iter()
        .filter(|(_, e)| e.0 == max && (!any_high || e.1))
        .map(|(p, _)| p)
        .collect()
}

/// The options of a combination, for one roll (`first`: the mover's first roll of the game).
fn opts_for(
    v: Variant,
    kv: &[(&str, &str)],
    first: bool,
    mine: &Side26,
    theirs: &Side26,
    a: usize,
    b: usize,
) -> Opts {
    let get = |k: &str, d: &'static str| {
        kv.iter()
            .find(|(x, _)| *x == k)
            .map(|(_, y)| *y)
            .unwrap_or(d)
    };
    let prime = match get("prime_rule", "ahead") {
        "ahead" => Prime::Ahead,
        "opponent-home" => Prime::Home,
        _ => Prime::Free,
    };
    let per_step = get("block_check", "step") == "step";
    match v {
        Variant::Fevga => Opts {
            head_limit: 0,
            runner: match get("runner", "past-start") {
                "past-start" => 11,
                "start-quarter" => 12,
                _ => 0,
            },
            quarter: get("start_quarter", "forbidden") == "forbidden",
            prime,
            per_step,
        },
        _ => {
            let covered = a == b
                && match get("head_doubles", "643") {
                    "643" => matches!(a, 6 | 4 | 3),
                    "64" => matches!(a, 6 | 4),
                    _ => false,
                };
            let mut o = Opts {
                head_limit: 1,
                runner: 0,
                quarter: false,
                prime,
                per_step,
            };
            if first && covered {
                let two = Opts { head_limit: 2, ..o };
                // `one`: only if the roll then plays to its standard extent (6-6: 2, else 4).
                let extent = if a == 6 { 2 } else { 4 };
                let full = reference(&two, mine, theirs, a, b)
                    .iter()
                    .any(|p| pips(mine) - pips(p) >= (extent * a) as u32);
                if get("head_exception_blocked", "one") == "two" || full {
                    o = two;
                }
            }
            o
        }
    }
}

fn pips(s: &Side26) -> u32 {
    (1..=24).map(|p| p as u32 * s[p] as u32).sum()
}

fn sides(p: &Position, side: Side) -> (Side26, Side26) {
    (*p.side(side), *p.side(side.other()))
}

fn held(s: &Side26) -> usize {
    (1..=24).filter(|&p| s[p] > 0).count()
}

/// Random games under `kv`: at every turn tavla's legal results equal the reference's.
fn compare(v: Variant, kv: &[(&str, &str)], games: usize, seed: u64) -> usize {
    let mut rules = RuleSet::default_for(v);
    for (k, val) in kv {
        rules.set(&format!("{k}={val}")).unwrap();
    }
    let mut rng = Rng(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut pos = Position::empty();
        pos.set(Side::White, 24, 15);
        pos.set(Side::Black, 24, 15);
        let mut side = if rng.below(2) == 0 {
            Side::White
        } else {
            Side::Black
        };
        let mut rolls = [0u32; 2];
        for _turn in 0..400 {
            let (a, b) = (rng.below(6) + 1, rng.below(6) + 1);
            rolls[side.index()] += 1;
            let first = rolls[side.index()] == 1;
            let r = rules.for_roll(rolls[side.index()]);
            let set = r.legal_plays(
                &pos,
                side,
                Roll {
                    a: a as u8,
                    b: b as u8,
                }
                .stage(),
            );
            let (mine, theirs) = sides(&pos, side);
            let o = opts_for(v, kv, first, &mine, &theirs, a, b);
            let want = reference(&o, &mine, &theirs, a, b);
            let got: HashSet<Side26> = set.positions().iter().map(|p| *p.side(side)).collect();
            assert_eq!(set.positions().len(), got.len());
            if got != want && !(want.len() == 1 && got.is_empty() && want.contains(&mine)) {
                panic!(
                    "{v:?} {kv:?} {side:?} roll {a}{b} first={first}\nmine {mine:?}\ntheirs {theirs:?}\ntavla only {:?}\nreference only {:?}",
                    got.difference(&want).collect::<Vec<_>>(),
                    want.difference(&got).collect::<Vec<_>>()
                );
            }
            checked += 1;
            if !set.positions().is_empty() {
                // Half the time the play that holds the most points (blocks, full quarters).
                let k = if rng.below(2) == 0 {
                    let best = set
                        .positions()
                        .iter()
                        .map(|p| held(p.side(side)))
                        .max()
                        .unwrap();
                    let ks: Vec<usize> = (0..set.len())
                        .filter(|&k| held(set.positions()[k].side(side)) == best)
                        .collect();
                    ks[rng.below(ks.len())]
                } else {
                    rng.below(set.len())
                };
                pos = set.positions()[k];
            }
            if pos.off(side) == 15 {
                break;
            }
            side = side.other();
        }
    }
    checked
}

#[test]
fn long_nardy_under_every_option_combination() {
    let mut n = 0;
    let mut seed = 1u64;
    for prime in ["ahead", "opponent-home", "none"] {
        for check in ["step", "play"] {
            for (hd, heb) in [
                ("643", "one"),
                ("643", "two"),
                ("64", "one"),
                ("none", "one"),
            ] {
                let kv = [
                    ("prime_rule", prime),
                    ("block_check", check),
                    ("head_doubles", hd),
                    ("head_exception_blocked", heb),
                ];
                seed += 1;
                n += compare(Variant::LongNardy, &kv, 12, seed * 7919);
            }
        }
    }
    assert!(n > 10_000, "{n}");
}

#[test]
fn fevga_under_every_option_combination() {
    let mut n = 0;
    let mut seed = 100u64;
    for prime in ["ahead", "none"] {
        for check in ["step", "play"] {
            for runner in ["past-start", "start-quarter", "none"] {
                for quarter in ["forbidden", "allowed"] {
                    let kv = [
                        ("prime_rule", prime),
                        ("block_check", check),
                        ("runner", runner),
                        ("start_quarter", quarter),
                    ];
                    seed += 1;
                    n += compare(Variant::Fevga, &kv, 8, seed * 7919);
                }
            }
        }
    }
    assert!(n > 10_000, "{n}");
}
