//! The movement core shared by every tables variant: one step, the set of legal results of a
//! stage, and the stepwise resolution of a written play.

use std::collections::{HashMap, HashSet};

use super::{BAR, OFF, PlayError, Position, Side, StageDice, Step, StepError};

/// How a variant's board behaves.
#[derive(Copy, Clone, Debug)]
pub struct Geometry {
    /// Number of opposing checkers that close a point (1 in Gul bara, 2 in backgammon).
    pub blocker: u8,
    /// Whether a lone opposing checker is hit (sent to the bar).
    pub hits: bool,
    /// Map a point of one side's numbering onto the other side's numbering.
    pub opposite: fn(u8) -> u8,
}

/// A written hop of one checker, possibly over several dice (`24/14`), in the mover's numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Origin (25 = bar).
    pub from: u8,
    /// Destination (0 = off).
    pub to: u8,
}

/// A written play carried out step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The position after the play.
    pub position: Position,
    /// The single-die steps, in an order that is legal.
    pub steps: Vec<Step>,
}

/// The distinct legal results of one stage.
#[derive(Clone, Debug)]
pub struct PlaySet {
    /// Dice the best plays use (0 when nothing can be played).
    pub max_steps: u8,
    /// Each distinct result with one sequence of steps reaching it.
    pub results: Vec<(Position, Vec<Step>)>,
    index: HashSet<Position, FxBuild>,
}

impl PlaySet {
    /// Is `pos` one of the legal results?
    pub fn contains(&self, pos: &Position) -> bool {
        self.index.contains(pos)
    }
    /// Number of distinct legal results.
    pub fn len(&self) -> usize {
        self.results.len()
    }
    /// True when there is no legal result (never: the empty play is a result when nothing moves).
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }
}

fn all_home(pos: &Position, side: Side) -> Option<u8> {
    let a = &pos.c[side.index()];
    (7..=25u8).rev().find(|&p| a[p as usize] > 0)
}

/// One step of `side` from `from` with `die`.
pub(crate) fn step(
    g: Geometry,
    pos: &Position,
    side: Side,
    from: u8,
    die: u8,
) -> Result<(Position, Step), StepError> {
    let me = side.index();
    let them = side.other().index();
    if from == BAR && !g.hits {
        return Err(StepError::NoBar);
    }
    if from == OFF || from > BAR || pos.c[me][from as usize] == 0 {
        return Err(StepError::NoChecker { from });
    }
    if from != BAR && pos.c[me][BAR as usize] > 0 {
        return Err(StepError::MustEnter);
    }
    let target = from as i16 - die as i16;
    let mut next = *pos;
    next.c[me][from as usize] -= 1;
    if target <= 0 {
        if let Some(outside) = all_home(pos, side) {
            return Err(StepError::NotAllHome { outside });
        }
        if target < 0
            && let Some(higher) = (from + 1..=6).rev().find(|&p| pos.c[me][p as usize] > 0)
        {
            return Err(StepError::HigherChecker { higher });
        }
        next.c[me][OFF as usize] += 1;
        return Ok((
            next,
            Step {
                from,
                to: OFF,
                die,
                hit: false,
            },
        ));
    }
    let to = target as u8;
    let opp = (g.opposite)(to) as usize;
    let there = pos.c[them][opp];
    let mut hit = false;
    if there >= g.blocker {
        return Err(StepError::Blocked {
            point: to,
            count: there,
        });
    }
    if there > 0 && g.hits {
        next.c[them][opp] -= 1;
        next.c[them][BAR as usize] += 1;
        hit = true;
    }
    next.c[me][to as usize] += 1;
    Ok((next, Step { from, to, die, hit }))
}

struct Gen<'a> {
    g: Geometry,
    side: Side,
    seen: HashSet<(Position, [u8; 4]), FxBuild>,
    found: HashMap<Position, (u8, bool, Vec<Step>), FxBuild>,
    order: Vec<Position>,
    high: u8,
    _p: std::marker::PhantomData<&'a ()>,
}

/// Each distinct die value of `dice` once, with the index of its first occurrence.
fn distinct(dice: &[u8]) -> impl Iterator<Item = (usize, u8)> + use<> {
    let mut seen = [false; 8];
    let mut out = [(0usize, 0u8); 4];
    let mut n = 0;
    for (i, &d) in dice.iter().enumerate() {
        if (d as usize) < seen.len() && !seen[d as usize] && n < out.len() {
            seen[d as usize] = true;
            out[n] = (i, d);
            n += 1;
        }
    }
    out.into_iter().take(n)
}

/// A fast hasher for positions (FxHash's multiply-rotate); positions are not attacker-chosen
/// keys of a long-lived map, only a per-stage de-duplication set.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(b))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxBuild = std::hash::BuildHasherDefault<FxHasher>;

fn key(dice: &[u8]) -> [u8; 4] {
    let mut k = [0u8; 4];
    for (i, d) in dice.iter().enumerate().take(4) {
        k[i] = *d;
    }
    k
}

impl Gen<'_> {
    fn dfs(&mut self, pos: Position, dice: &mut Vec<u8>, seq: &mut Vec<Step>) {
        if !self.seen.insert((pos, key(dice))) {
            return;
        }
        let used_high = seq.len() == 1 && seq[0].die == self.high;
        match self.found.get_mut(&pos) {
            Some(e) => {
                if seq.len() as u8 > e.0 {
                    *e = (seq.len() as u8, used_high, seq.clone());
                } else if seq.len() as u8 == e.0 && used_high {
                    e.1 = true;
                }
            }
            None => {
                self.found
                    .insert(pos, (seq.len() as u8, used_high, seq.clone()));
                self.order.push(pos);
            }
        }
        for (i, d) in distinct(dice) {
            for from in (1..=BAR).rev() {
                if pos.c[self.side.index()][from as usize] == 0 {
                    continue;
                }
                if let Ok((next, st)) = step(self.g, &pos, self.side, from, d) {
                    dice.remove(i);
                    seq.push(st);
                    self.dfs(next, dice, seq);
                    seq.pop();
                    dice.insert(i, d);
                }
            }
        }
    }
}

/// Every distinct legal result of a stage, with the forced-play rules applied.
pub(crate) fn legal_plays(g: Geometry, pos: &Position, side: Side, dice: StageDice) -> PlaySet {
    let high = match dice {
        StageDice::Mixed { high, .. } => high,
        StageDice::Double { .. } => 0,
    };
    let mut gn = Gen {
        g,
        side,
        seen: HashSet::default(),
        found: HashMap::default(),
        order: Vec::new(),
        high,
        _p: std::marker::PhantomData,
    };
    let mut d = dice.dice();
    gn.dfs(*pos, &mut d, &mut Vec::new());
    let max_steps = gn.found.values().map(|e| e.0).max().unwrap_or(0);
    let any_high = max_steps == 1 && high > 0 && gn.found.values().any(|e| e.0 == 1 && e.1);
    let mut results = Vec::new();
    let mut index = HashSet::default();
    for p in gn.order {
        let (n, used_high, seq) = &gn.found[&p];
        if *n == max_steps && (!any_high || *used_high) {
            index.insert(p);
            results.push((p, seq.clone()));
        }
    }
    PlaySet {
        max_steps,
        results,
        index,
    }
}

struct Search<'a> {
    g: Geometry,
    side: Side,
    segs: &'a [Segment],
    out: Vec<Resolved>,
    limit: usize,
}

impl Search<'_> {
    fn run(
        &mut self,
        pos: Position,
        pending: &mut Vec<(usize, u8)>,
        dice: &mut Vec<u8>,
        steps: &mut Vec<Step>,
    ) {
        if self.out.len() >= self.limit {
            return;
        }
        if pending.is_empty() {
            self.out.push(Resolved {
                position: pos,
                steps: steps.clone(),
            });
            return;
        }
        for k in 0..pending.len() {
            let (si, cur) = pending[k];
            let seg = self.segs[si];
            for (i, d) in distinct(dice) {
                let Ok((next, st)) = step(self.g, &pos, self.side, cur, d) else {
                    continue;
                };
                let done = st.to == seg.to;
                let cont = !done && st.to != OFF && st.to > seg.to;
                if !done && (!cont || st.hit) {
                    continue;
                }
                dice.remove(i);
                steps.push(st);
                if done {
                    let saved = pending.remove(k);
                    self.run(next, pending, dice, steps);
                    pending.insert(k, saved);
                    if self.out.len() >= self.limit {
                        steps.pop();
                        dice.insert(i, d);
                        return;
                    }
                } else {
                    pending[k].1 = st.to;
                    self.run(next, pending, dice, steps);
                    pending[k].1 = cur;
                    if self.out.len() >= self.limit {
                        steps.pop();
                        dice.insert(i, d);
                        return;
                    }
                }
                steps.pop();
                dice.insert(i, d);
            }
        }
    }
}

/// Carry out a written play; on failure, name the first written segment that cannot be played.
pub(crate) fn resolve(
    g: Geometry,
    pos: &Position,
    side: Side,
    dice: StageDice,
    segs: &[Segment],
) -> Result<Resolved, PlayError> {
    let all = dice.dice();
    if segs.len() > all.len() {
        return Err(PlayError::TooManySteps {
            segment: all.len(),
            dice: all.len() as u8,
        });
    }
    let mut s = Search {
        g,
        side,
        segs,
        out: Vec::new(),
        limit: 1,
    };
    let mut pending: Vec<(usize, u8)> = segs
        .iter()
        .enumerate()
        .map(|(i, sg)| (i, sg.from))
        .collect();
    s.run(*pos, &mut pending, &mut all.clone(), &mut Vec::new());
    if !s.out.is_empty() {
        // The first assignment found; if it uses fewer dice than another would, the final
        // position is still judged against the legal set.
        let best = s.out.iter().max_by_key(|r| r.steps.len()).cloned();
        if let Some(b) = best {
            return Ok(b);
        }
    }
    diagnose(g, pos, side, &all, segs)
}

/// Walk the written segments in order and explain the first that cannot be played.
fn diagnose(
    g: Geometry,
    pos: &Position,
    side: Side,
    dice: &[u8],
    segs: &[Segment],
) -> Result<Resolved, PlayError> {
    let mut pos = *pos;
    let mut dice = dice.to_vec();
    for (i, seg) in segs.iter().enumerate() {
        let one = [*seg];
        let mut s = Search {
            g,
            side,
            segs: &one,
            out: Vec::new(),
            limit: 1,
        };
        s.run(
            pos,
            &mut vec![(0, seg.from)],
            &mut dice.clone(),
            &mut Vec::new(),
        );
        if let Some(r) = s.out.pop() {
            for st in &r.steps {
                if let Some(j) = dice.iter().position(|d| *d == st.die) {
                    dice.remove(j);
                }
            }
            pos = r.position;
            continue;
        }
        return Err(segment_error(g, &pos, side, *seg, i, &dice));
    }
    Err(PlayError::NoOrder)
}

#[derive(Default)]
struct Worst {
    final_err: Option<(u8, u8, StepError)>,
    mid_err: Option<(u8, u8, StepError)>,
    hit_on_way: Option<u8>,
    candidate: bool,
}

fn segment_error(
    g: Geometry,
    pos: &Position,
    side: Side,
    seg: Segment,
    index: usize,
    dice: &[u8],
) -> PlayError {
    fn walk(
        g: Geometry,
        pos: &Position,
        side: Side,
        seg: Segment,
        cur: u8,
        dice: &mut Vec<u8>,
        w: &mut Worst,
    ) {
        for (i, d) in distinct(dice) {
            let target = cur as i16 - d as i16;
            let is_final = if seg.to == OFF {
                target <= 0
            } else {
                target == seg.to as i16
            };
            if !is_final && (target <= seg.to as i16 || target <= 0) {
                continue;
            }
            // An intermediate landing only counts if the dice left can still finish the hop.
            if !is_final && seg.to != OFF {
                let mut rest = dice.clone();
                rest.remove(i);
                if !subset_sum(&rest, (target - seg.to as i16) as u8) {
                    continue;
                }
            }
            w.candidate = true;
            match step(g, pos, side, cur, d) {
                Err(e) => {
                    let slot = if is_final {
                        &mut w.final_err
                    } else {
                        &mut w.mid_err
                    };
                    if slot.is_none() {
                        *slot = Some((cur, d, e));
                    }
                }
                Ok((next, st)) => {
                    if !is_final {
                        if st.hit {
                            w.hit_on_way.get_or_insert(st.to);
                            continue;
                        }
                        dice.remove(i);
                        walk(g, &next, side, seg, st.to, dice, w);
                        dice.insert(i, d);
                    }
                }
            }
        }
    }
    let mut w = Worst::default();
    walk(g, pos, side, seg, seg.from, &mut dice.to_vec(), &mut w);
    // A missing checker or a checker on the bar is the plainest explanation.
    if let Err(e @ (StepError::NoChecker { .. } | StepError::MustEnter | StepError::NoBar)) =
        precheck(pos, side, seg.from, g)
    {
        return PlayError::Step {
            segment: index,
            from: seg.from,
            die: 0,
            intermediate: false,
            error: e,
        };
    }
    if let Some((from, die, error)) = w.final_err {
        return PlayError::Step {
            segment: index,
            from,
            die,
            intermediate: false,
            error,
        };
    }
    if let Some(point) = w.hit_on_way {
        return PlayError::HitOnTheWay {
            segment: index,
            point,
        };
    }
    if let Some((from, die, error)) = w.mid_err {
        return PlayError::Step {
            segment: index,
            from,
            die,
            intermediate: true,
            error,
        };
    }
    let _ = w.candidate;
    PlayError::NoDice {
        segment: index,
        remaining: dice.to_vec(),
    }
}

/// Do some of `dice` add up to exactly `n`?
fn subset_sum(dice: &[u8], n: u8) -> bool {
    let mut reach = 1u32; // bit k: k is reachable
    for &d in dice {
        reach |= reach << d;
    }
    n < 32 && reach & (1 << n) != 0
}

fn precheck(pos: &Position, side: Side, from: u8, g: Geometry) -> Result<(), StepError> {
    if from == BAR && !g.hits {
        return Err(StepError::NoBar);
    }
    if from == OFF || from > BAR || pos.count(side, from) == 0 {
        return Err(StepError::NoChecker { from });
    }
    if from != BAR && pos.count(side, BAR) > 0 {
        return Err(StepError::MustEnter);
    }
    Ok(())
}
