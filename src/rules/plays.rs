//! The set of legal results of one stage ([`legal_plays`]), generated in canonical step orders.
//!
//! Every step is judged by [`step_rule`], the one step rule; this module only decides which
//! steps to try and in what order, so that a result is met once, or a few times that a small
//! table catches, instead of once per order of the dice:
//!
//! - A doublet's steps are tried by non-increasing origin. Any legal sequence of equal dice can
//!   be reordered so: moving a higher checker earlier never makes a step illegal (the checker
//!   lower down is still there, nobody has to enter first, a higher checker that is moved
//!   first only lowers the highest point, which only helps a bear-off, and a hit taken by the
//!   other step just moves to this one), and the result is the same. A sequence by
//!   non-increasing origin is fixed by its multiset of origins, and that multiset by the
//!   mover's result (from the top point down, each point's count of departures follows from
//!   its change and the departures one die higher), so no two such sequences reach the same
//!   result: doublets need no de-duplication at all.
//! - A mixed roll tries the larger die then the smaller, each with every pair of origins, then
//!   the smaller die then the larger, skipping the pairs already found legal the other way
//!   round (the same two steps in either order reach the same position: both move the same
//!   checkers the same distances, and a blot on a landing point is hit once, by whichever step
//!   lands there first). The mover's result of two steps takes one checker from each origin
//!   and adds one at each landing point; unless a step bears off, or the second step leaves
//!   the first one's landing point or lands on its origin, the origins and landings can be
//!   read back from it, so such a plain pair is the only play of its order reaching its
//!   result, and its other order was skipped: it is kept as it is. The rest (a checker moved
//!   by both dice over either intermediate point, `13/7/2` against `13/8 8/2`, two checkers
//!   borne off by either die) can only meet each other and go through a small open-addressing
//!   table keyed by the mover's steps.
//!
//! The longest sequences found so far are kept: a longer one clears the results (so the
//! number of playable dice is never computed separately), and with one die of a mixed roll
//! playable the larger die's results win. The results and their steps are written into two
//! flat lists, reused from the last [`PlaySet`] dropped on the thread. Variants with play-level rules
//! ([`Movement::RESTRICTED`]) and dice outside 1..=6 (reachable through the public API only)
//! go to the exhaustive search over every order of the dice (`search::legal_plays_dfs`), which
//! also serves as the reference in the tests.

use std::cell::Cell;

use super::movement::{Movement, apply, step_rule};
use super::search::legal_plays_dfs;
use super::{BAR, OFF, Position, Side, StageDice, Step};

/// The distinct legal results of one stage: each with one sequence of steps reaching it, all
/// of [`PlaySet::max_steps`] steps — except a play whose last step ends the game (Tapa's
/// mother rule), which counts as using every die and may have fewer. The order of the results
/// is deterministic but not meaningful.
#[derive(Clone, Debug)]
pub struct PlaySet {
    max_steps: u8,
    positions: Vec<Position>,
    /// The steps of result `k`: `steps[k * max_steps..(k + 1) * max_steps]`.
    steps: Vec<Step>,
}

thread_local! {
    /// The lists of the last set dropped on this thread, for the next set to fill: a stage's
    /// generation then allocates nothing.
    static SPARE: Cell<(Vec<Position>, Vec<Step>)> = const { Cell::new((Vec::new(), Vec::new())) };
}

/// Lists kept for reuse hold at most this many results.
const SPARE_MAX: usize = 1024;

impl Drop for PlaySet {
    fn drop(&mut self) {
        if self.positions.capacity() <= SPARE_MAX && self.steps.capacity() <= 4 * SPARE_MAX {
            let lists = (
                std::mem::take(&mut self.positions),
                std::mem::take(&mut self.steps),
            );
            // Nothing to keep them in while the thread ends.
            let _ = SPARE.try_with(|c| c.set(lists));
        }
    }
}

impl PlaySet {
    /// A set from results that all use `max_steps` steps (`steps` flat, result after result).
    pub(crate) fn from_parts(max_steps: u8, positions: Vec<Position>, steps: Vec<Step>) -> Self {
        debug_assert_eq!(positions.len() * max_steps as usize, steps.len());
        PlaySet {
            max_steps,
            positions,
            steps,
        }
    }
    /// Dice the best plays use (0 when nothing can be played).
    pub fn max_steps(&self) -> u8 {
        self.max_steps
    }
    /// Is `pos` one of the legal results?
    pub fn contains(&self, pos: &Position) -> bool {
        self.positions.contains(pos)
    }
    /// Number of distinct legal results.
    pub fn len(&self) -> usize {
        self.positions.len()
    }
    /// True when there is no legal result (never: the empty play is a result when nothing moves).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
    /// The distinct results.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }
    /// The steps reaching result `k` (empty when `k` is out of range).
    pub fn steps(&self, k: usize) -> &[Step] {
        let m = self.max_steps as usize;
        let mut s = self.steps.get(k * m..(k + 1) * m).unwrap_or(&[]);
        // A play whose last step ended the game (Tapa's mother rule) is padded with no-steps
        // (origin `off`, which no step leaves from).
        while let [rest @ .., last] = s
            && last.from == OFF
        {
            s = rest;
        }
        s
    }
    /// Result `k` and the steps reaching it.
    pub fn get(&self, k: usize) -> Option<(&Position, &[Step])> {
        self.positions.get(k).map(|p| (p, self.steps(k)))
    }
    /// Each result with the steps reaching it.
    pub fn results(&self) -> impl ExactSizeIterator<Item = (&Position, &[Step])> + '_ {
        self.positions
            .iter()
            .enumerate()
            .map(|(k, p)| (p, self.steps(k)))
    }
}

/// Every distinct legal result of a stage, with the variant's play-level rules and then the
/// forced-play rules applied (the most dice, else the larger die).
pub(crate) fn legal_plays<M: Movement>(pos: &Position, side: Side, dice: StageDice) -> PlaySet {
    if !M::RESTRICTED {
        match dice {
            StageDice::Mixed { high, low } if 1 <= low && low < high && high <= 6 => {
                return mixed::<M>(pos, side, high, low);
            }
            StageDice::Double { value, count } if (1..=6).contains(&value) && count <= 4 => {
                return doublet::<M>(pos, side, value, count);
            }
            _ => {}
        }
    }
    legal_plays_dfs::<M>(pos, side, dice)
}

/// Bit `p` set for each location 1..=25 where `side` has a checker.
#[inline]
fn occupied(pos: &Position, side: Side) -> u32 {
    let mine = &pos.c[side.index()];
    let mut m = 0u32;
    for (p, &n) in mine.iter().enumerate().take(BAR as usize + 1).skip(1) {
        m |= u32::from(n != 0) << p;
    }
    m
}

/// The highest occupied location of an [`occupied`] mask ([`super::movement::highest`]).
#[inline(always)]
fn top(mask: u32) -> u8 {
    (31 - (mask | 1).leading_zeros()) as u8
}

/// The origins worth trying with the step rule: with a checker on the bar only the bar (every
/// other origin fails with `MustEnter`), else every occupied point.
#[inline(always)]
fn origins(mask: u32, high: u8) -> u32 {
    if high == BAR { 1 << BAR } else { mask }
}

/// The [`occupied`] mask after `st` was applied to `next`.
#[inline(always)]
fn after(mask: u32, next: &Position, side: Side, st: Step) -> u32 {
    let mine = &next.c[side.index()];
    let mut m = mask;
    if mine[st.from as usize] == 0 {
        m &= !(1 << st.from);
    }
    if st.to != OFF {
        m |= 1 << st.to;
    }
    m
}

/// The results found so far: the longest sequences only.
struct Found {
    depth: u8,
    positions: Vec<Position>,
    steps: Vec<Step>,
}

impl Found {
    /// Empty lists with room for `results` results and `steps` steps, reused from the last set
    /// dropped if there is one.
    fn new(results: usize, steps: usize) -> Self {
        let (mut positions, mut steps_list) = SPARE.try_with(Cell::take).unwrap_or_default();
        positions.clear();
        steps_list.clear();
        positions.reserve(results);
        steps_list.reserve(steps);
        Found {
            depth: 0,
            positions,
            steps: steps_list,
        }
    }
    /// Make room for results of `depth` steps: false when longer ones are known.
    #[inline(always)]
    fn admit(&mut self, depth: u8) -> bool {
        if depth < self.depth {
            return false;
        }
        if depth > self.depth {
            self.depth = depth;
            self.positions.clear();
            self.steps.clear();
        }
        true
    }
    #[inline(always)]
    fn push(&mut self, pos: &Position, steps: &[Step]) {
        self.positions.push(*pos);
        self.steps.extend_from_slice(steps);
    }
    fn finish(self) -> PlaySet {
        PlaySet {
            max_steps: self.depth,
            positions: self.positions,
            steps: self.steps,
        }
    }
}

/// A doublet: steps by non-increasing origin (see the module documentation), no table.
fn doublet<M: Movement>(pos: &Position, side: Side, die: u8, count: u8) -> PlaySet {
    struct Walk<M> {
        side: Side,
        die: u8,
        count: u8,
        seq: [Step; 4],
        found: Found,
        _m: std::marker::PhantomData<M>,
    }
    impl<M: Movement> Walk<M> {
        /// Extend the sequence of `depth < count - 1` steps that reached `pos` (its
        /// [`occupied`] mask `mask`) with steps from origins at most `bound`.
        fn walk(&mut self, pos: &Position, mask: u32, bound: u8, depth: u8) {
            let (side, die) = (self.side, self.die);
            let high = top(mask);
            let mut m = origins(mask, high) & ((2u32 << bound) - 1);
            let mut any = false;
            while m != 0 {
                let from = top(m);
                m &= !(1 << from);
                let Ok(st) = step_rule::<M>(pos, side, from, die, high) else {
                    continue;
                };
                any = true;
                let mut next = *pos;
                apply::<M>(&mut next, side, st);
                self.seq[depth as usize & 3] = st;
                let nm = after(mask, &next, side, st);
                if depth + 2 == self.count {
                    // The last step here rather than in a call.
                    self.last(&next, nm, from, depth + 1);
                } else {
                    self.walk(&next, nm, from, depth + 1);
                }
            }
            self.dead_end(pos, depth, any);
        }

        /// The last step of the stage after the `depth = count - 1` steps that reached `pos`:
        /// each is a result, built in place.
        #[inline(always)]
        fn last(&mut self, pos: &Position, mask: u32, bound: u8, depth: u8) {
            let (side, die) = (self.side, self.die);
            let high = top(mask);
            let mut m = origins(mask, high) & ((2u32 << bound) - 1);
            let mut any = false;
            while m != 0 {
                let from = top(m);
                m &= !(1 << from);
                let Ok(st) = step_rule::<M>(pos, side, from, die, high) else {
                    continue;
                };
                if !any && !self.found.admit(self.count) {
                    return;
                }
                any = true;
                self.found.positions.push(*pos);
                if let Some(p) = self.found.positions.last_mut() {
                    apply::<M>(p, side, st);
                }
                // Four steps copied at once (a copy of a variable length is a call), the
                // unused ones dropped.
                let mut seq = self.seq;
                seq[depth as usize & 3] = st;
                let end = self.found.steps.len() + self.count as usize;
                self.found.steps.extend_from_slice(&seq);
                self.found.steps.truncate(end);
            }
            self.dead_end(pos, depth, any);
        }

        /// No canonical continuation of the `depth` steps that reached `pos` (`any` false): a
        /// result if no longer sequence exists (a longer one has a canonical order too, which
        /// clears this one).
        #[inline(always)]
        fn dead_end(&mut self, pos: &Position, depth: u8, any: bool) {
            if !any && self.found.admit(depth) {
                self.found.push(pos, &self.seq[..depth as usize]);
            }
        }
    }
    let blank = Step {
        from: 0,
        to: 0,
        die: 0,
        hit: false,
    };
    let mut w = Walk::<M> {
        side,
        die,
        count,
        seq: [blank; 4],
        found: Found::new(64, 256),
        _m: std::marker::PhantomData,
    };
    match count {
        0 => w.found.push(pos, &[]),
        1 => w.last(pos, occupied(pos, side), BAR, 0),
        _ => w.walk(pos, occupied(pos, side), BAR, 0),
    }
    w.found.finish()
}

/// Slots of the de-duplication table of a mixed roll (a power of two); past half of them the
/// table gives way to a linear scan (only for boards far from any real game).
const SLOTS: usize = 64;

/// Random keys of the mover's locations: a position's key is the sum of the keys of its
/// mover's checkers, so a step adds `KEYS[to] - KEYS[from]`. The opponent is left out (two
/// results with the same mover's checkers but different hits share a key and are told apart
/// by comparing the positions).
const KEYS: [u64; 32] = {
    let mut k = [0u64; 32];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut i = 0;
    while i < 32 {
        // splitmix64
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        k[i] = z ^ (z >> 31);
        i += 1;
    }
    k
};

#[inline(always)]
fn key_step(st: Step) -> u64 {
    KEYS[st.to as usize & 31].wrapping_sub(KEYS[st.from as usize & 31])
}

/// The de-duplication table of a mixed roll. Slot: the result's index + 1 in the low byte (0:
/// free), 8 other bits of its key above.
struct Table {
    slots: [u16; SLOTS],
    used: usize,
}

impl Table {
    /// Add the result of `steps` from `before` (`key`: the key of the steps) unless it is
    /// already there.
    #[inline(always)]
    fn add<M: Movement>(
        &mut self,
        found: &mut Found,
        before: &Position,
        side: Side,
        key: u64,
        steps: &[Step],
    ) {
        let Some((&st, _)) = steps.split_last() else {
            return;
        };
        let n = found.positions.len();
        let result = |p: &Position| {
            let mut q = *p;
            apply::<M>(&mut q, side, st);
            q
        };
        if self.used >= SLOTS / 2 || n >= 255 {
            let q = result(before);
            if !found.positions.contains(&q) {
                found.push(&q, steps);
            }
            return;
        }
        let tag = (key >> 32) as u16 & 0xff00;
        let mut i = (key >> 56) as usize;
        loop {
            let slot = self.slots[i % SLOTS];
            if slot == 0 {
                self.slots[i % SLOTS] = tag | (n as u16 + 1);
                self.used += 1;
                found.positions.push(*before);
                if let Some(p) = found.positions.last_mut() {
                    apply::<M>(p, side, st);
                }
                found.steps.extend_from_slice(steps);
                return;
            }
            if slot & 0xff00 == tag {
                let k = (slot & 0xff) as usize - 1;
                if found.positions.get(k) == Some(&result(before)) {
                    return;
                }
            }
            i += 1;
        }
    }
    fn clear(&mut self) {
        if self.used > 0 {
            self.slots = [0; SLOTS];
            self.used = 0;
        }
    }
}

/// A mixed roll: both orders of the dice, every pair of origins, results de-duplicated.
fn mixed<M: Movement>(pos: &Position, side: Side, high: u8, low: u8) -> PlaySet {
    let mut found = Found::new(32, 64);
    let mut table = Table {
        slots: [0; SLOTS],
        used: 0,
    };
    let mask0 = occupied(pos, side);
    let high0 = top(mask0);
    // Some single step of the larger die exists (then, with one die playable, it must be used).
    let mut high_single = false;
    // `larger_first[y]`: bit `x` when the larger die from `x`, then the smaller from `y`, is
    // a legal play. The smaller die from `y` then the larger from `x` reaches the same
    // position when it is legal too: both move the same checkers the same distances, and a
    // blot on a landing point is hit once, by whichever step lands there first.
    let mut larger_first = [0u32; 32];
    for (d1, d2) in [(high, low), (low, high)] {
        let first = d1 == high;
        let mut m1 = origins(mask0, high0);
        while m1 != 0 {
            let x = top(m1);
            m1 &= !(1 << x);
            let Ok(s1) = step_rule::<M>(pos, side, x, d1, high0) else {
                continue;
            };
            let mut p1 = *pos;
            apply::<M>(&mut p1, side, s1);
            let k1 = key_step(s1);
            let mask1 = after(mask0, &p1, side, s1);
            let high1 = top(mask1);
            let mut m2 = origins(mask1, high1);
            if !first {
                m2 &= !larger_first[x as usize & 31];
            }
            let mut any = false;
            while m2 != 0 {
                let y = top(m2);
                m2 &= !(1 << y);
                let Ok(s2) = step_rule::<M>(&p1, side, y, d2, high1) else {
                    continue;
                };
                if !any && found.depth < 2 {
                    // The first result using both dice: shorter ones are dropped.
                    table.clear();
                    found.admit(2);
                }
                any = true;
                if first {
                    larger_first[y as usize & 31] |= 1 << x;
                }
                if s1.to == OFF || s2.to == OFF || s2.from == s1.to || s2.to == s1.from {
                    table.add::<M>(
                        &mut found,
                        &p1,
                        side,
                        k1.wrapping_add(key_step(s2)),
                        &[s1, s2],
                    );
                } else {
                    // A plain pair is the only play reaching its result (see the module
                    // documentation): no look-up.
                    found.positions.push(p1);
                    if let Some(p) = found.positions.last_mut() {
                        apply::<M>(p, side, s2);
                    }
                    found.steps.extend_from_slice(&[s1, s2]);
                }
            }
            // Without a second step (skipped ones included: then both dice are known to be
            // playable and no single step is kept).
            if !any {
                if first {
                    high_single = true;
                } else if high_single {
                    continue;
                }
                if found.admit(1) {
                    table.add::<M>(&mut found, pos, side, k1, &[s1]);
                }
            }
        }
    }
    if found.positions.is_empty() {
        found.push(pos, &[]);
    }
    found.finish()
}
