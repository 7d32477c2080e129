//! The movement core shared by every tables variant: the set of legal results of a stage and
//! the stepwise resolution of a written play, generic over the variant's [`Movement`] policy.
//! Every step is judged by [`step_rule`], the one step rule.

use std::collections::{HashMap, HashSet};

pub use super::plays::PlaySet;
pub(crate) use super::plays::legal_plays;

use super::movement::{Movement, apply, highest, origin, step_rule};
use super::{BAR, OFF, PlayError, Position, Side, StageDice, Step, StepError};

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

/// One step of `side` from `from` with `die`, and the position after it.
pub(crate) fn step<M: Movement>(
    pos: &Position,
    side: Side,
    from: u8,
    die: u8,
) -> Result<(Position, Step), StepError> {
    let st = step_rule::<M>(pos, side, from, die, highest(pos, side))?;
    let mut next = *pos;
    apply::<M>(&mut next, side, st);
    Ok((next, st))
}

/// Is there a legal single step of `side` with one of `dice` from `pos`? [`step_rule`] tried
/// from every occupied location with every die, the highest location found once.
#[inline]
pub(crate) fn any_step<M: Movement>(pos: &Position, side: Side, dice: &[u8]) -> bool {
    let high = highest(pos, side);
    if high == BAR {
        // Every other point fails with `MustEnter`.
        return dice
            .iter()
            .any(|&d| step_rule::<M>(pos, side, BAR, d, high).is_ok());
    }
    let mine = &pos.c[side.index()];
    for from in 1..=high {
        if mine[from as usize] == 0 {
            continue;
        }
        for &d in dice {
            if step_rule::<M>(pos, side, from, d, high).is_ok() {
                return true;
            }
        }
    }
    false
}

struct Gen<M: Movement> {
    side: Side,
    start: Position,
    seen: HashSet<(Position, [u8; 4], M::PlayState), FxBuild>,
    found: HashMap<Position, (u8, bool, Steps), FxBuild>,
    order: Vec<Position>,
    high: u8,
    /// The stage's number of dice: the length of a play whose last step ends the game.
    total: u8,
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

/// [`distinct`] as a bit set of indices (bit `i`: `dice[i]` is yielded), which is cheaper to
/// build and to walk. Dice lists come from a [`StageDice`], so first occurrences stand among
/// the first two indices.
fn distinct_mask(dice: &[u8]) -> u64 {
    let mut seen = 0u8;
    let mut mask = 0u64;
    let mut n = 0;
    for (i, &d) in dice.iter().enumerate().take(64) {
        if d < 8 && seen & (1 << d) == 0 && n < 4 {
            seen |= 1 << d;
            mask |= 1 << i;
            n += 1;
        }
    }
    mask
}

/// [`distinct_mask`] of `dv[..n]` for `n <= 4`, unrolled: with at most four dice the limit of
/// four distinct values never binds, so index `i` is yielded when `dv[i] < 8` and no earlier
/// die has the same value.
#[inline]
fn distinct_mask4(dv: &[u8; 4], n: usize) -> u64 {
    let [a, b, c, d] = *dv;
    let mut mask = 0u64;
    if n > 0 && a < 8 {
        mask |= 1;
    }
    if n > 1 && b < 8 && b != a {
        mask |= 2;
    }
    if n > 2 && c < 8 && c != a && c != b {
        mask |= 4;
    }
    if n > 3 && d < 8 && d != a && d != b && d != c {
        mask |= 8;
    }
    mask
}

/// Walk a [`distinct_mask`]: the next index, removed from the mask.
fn next_index(mask: &mut u64) -> Option<usize> {
    if *mask == 0 {
        return None;
    }
    let i = mask.trailing_zeros() as usize;
    *mask &= *mask - 1;
    Some(i)
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

impl<M: Movement> Gen<M> {
    fn dfs(&mut self, pos: Position, state: M::PlayState, dice: &mut Small<u8>, seq: &mut Steps) {
        if !self.seen.insert((pos, key(dice.as_slice()), state)) {
            return;
        }
        // A step that ends the game completes the play: it counts as every die, and nothing
        // follows it.
        let ended = !seq.is_empty() && M::ends_game(&pos, self.side);
        if M::restrict_result(&state, &self.start, &pos, self.side).is_ok() {
            let len = if ended { self.total } else { seq.len() as u8 };
            let used_high = len == 1 && seq.get(0).die == self.high;
            match self.found.get_mut(&pos) {
                Some(e) => {
                    if len > e.0 {
                        *e = (len, used_high, seq.clone());
                    } else if len == e.0 && used_high {
                        e.1 = true;
                    }
                }
                None => {
                    self.found.insert(pos, (len, used_high, seq.clone()));
                    self.order.push(pos);
                }
            }
        }
        if ended {
            return;
        }
        let high = highest(&pos, self.side);
        // On the bar only the bar can move; above `high` every point is empty.
        let lowest = if high == BAR { BAR } else { 1 };
        let mut mask = distinct_mask(dice.as_slice());
        while let Some(i) = next_index(&mut mask) {
            let d = dice.get(i);
            for from in (lowest..=high).rev() {
                if pos.c[self.side.index()][from as usize] == 0 {
                    continue;
                }
                let Ok(st) = step_rule::<M>(&pos, self.side, from, d, high) else {
                    continue;
                };
                let mut next_state = state;
                if M::restrict_step(&mut next_state, &self.start, &pos, self.side, &st).is_err() {
                    continue;
                }
                let mut next = pos;
                apply::<M>(&mut next, self.side, st);
                dice.remove(i);
                seq.push(st);
                self.dfs(next, next_state, dice, seq);
                seq.pop();
                dice.insert(i, d);
            }
        }
    }
}

/// Every distinct legal result of a stage, with the variant's play-level rules and then the
/// forced-play rules applied (the most dice, else the larger die), by an exhaustive search
/// over every order of the dice. The general path behind [`legal_plays`] (play-level rules,
/// dice outside 1..=6) and its reference in the tests.
pub(crate) fn legal_plays_dfs<M: Movement>(pos: &Position, side: Side, dice: StageDice) -> PlaySet {
    legal_plays_dfs_from::<M>(pos, side, dice, M::PlayState::default())
}

/// [`legal_plays_dfs`] with the play-level state a play starts from (a variant's options and
/// the turn's allowances, e.g. Long nardy's head limit).
pub(crate) fn legal_plays_dfs_from<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    init: M::PlayState,
) -> PlaySet {
    let high = match dice {
        StageDice::Mixed { high, .. } => high,
        StageDice::Double { .. } => 0,
    };
    let mut gn = Gen::<M> {
        side,
        start: *pos,
        seen: HashSet::default(),
        found: HashMap::default(),
        order: Vec::new(),
        high,
        total: dice.len(),
    };
    let mut d = stage_dice(dice);
    gn.dfs(*pos, init, &mut d, &mut Small::new(NO_STEP));
    let max_steps = gn.found.values().map(|e| e.0).max().unwrap_or(0);
    let any_high = max_steps == 1 && high > 0 && gn.found.values().any(|e| e.0 == 1 && e.1);
    let mut positions = Vec::new();
    let mut steps = Vec::new();
    for p in gn.order {
        let (n, used_high, seq) = &gn.found[&p];
        if *n == max_steps && (!any_high || *used_high) {
            positions.push(p);
            steps.extend_from_slice(seq.as_slice());
            // A play ended by the game is shorter than the stage: pad it to the stride.
            let pad = (max_steps as usize).saturating_sub(seq.len());
            steps.extend(std::iter::repeat_n(NO_STEP, pad));
        }
    }
    PlaySet::from_parts(max_steps, positions, steps)
}

/// Every distinct legal result of a stage from the play-level state `init`: the exhaustive
/// search for a variant with play-level rules, the canonical generator otherwise.
pub(crate) fn legal_plays_from<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    init: M::PlayState,
) -> PlaySet {
    if M::RESTRICTED {
        legal_plays_dfs_from::<M>(pos, side, dice, init)
    } else {
        legal_plays::<M>(pos, side, dice)
    }
}

/// A short list held inline: a stage has at most four dice, so its dice, pending segments and
/// steps fit in four slots. A caller passing more (through the public API) spills to the heap.
#[derive(Clone, Debug)]
pub(crate) struct Small<T: Copy> {
    inline: [T; 4],
    len: usize,
    spill: Option<Vec<T>>,
}

impl<T: Copy> Small<T> {
    fn new(fill: T) -> Self {
        Small {
            inline: [fill; 4],
            len: 0,
            spill: None,
        }
    }
    /// The first `len <= 4` items of `inline`.
    #[inline]
    fn from_array(inline: [T; 4], len: usize) -> Self {
        Small {
            inline,
            len,
            spill: None,
        }
    }
    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        match &self.spill {
            Some(v) => v,
            None => &self.inline[..self.len],
        }
    }
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.as_slice().len()
    }
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn spilled(&mut self) -> &mut Vec<T> {
        let inline = &self.inline[..self.len];
        self.spill.get_or_insert_with(|| inline.to_vec())
    }
    fn push(&mut self, v: T) {
        if self.spill.is_none() && self.len < self.inline.len() {
            self.inline[self.len] = v;
            self.len += 1;
        } else {
            self.spilled().push(v);
        }
    }
    fn pop(&mut self) -> Option<T> {
        match &mut self.spill {
            Some(v) => v.pop(),
            None if self.len > 0 => {
                self.len -= 1;
                Some(self.inline[self.len])
            }
            None => None,
        }
    }
    /// Remove the item at `i < len`, keeping the order of the rest.
    fn remove(&mut self, i: usize) -> T {
        match &mut self.spill {
            Some(v) => v.remove(i),
            None => {
                let v = self.inline[i];
                self.inline.copy_within(i + 1..self.len, i);
                self.len -= 1;
                v
            }
        }
    }
    /// Insert at `i <= len`, keeping the order of the rest.
    fn insert(&mut self, i: usize, v: T) {
        if self.spill.is_none() && self.len < self.inline.len() {
            self.inline.copy_within(i..self.len, i + 1);
            self.inline[i] = v;
            self.len += 1;
        } else {
            self.spilled().insert(i, v);
        }
    }
    #[inline]
    fn get(&self, i: usize) -> T {
        self.as_slice()[i]
    }
    fn set(&mut self, i: usize, v: T) {
        match &mut self.spill {
            Some(s) => s[i] = v,
            None => self.inline[..self.len][i] = v,
        }
    }
}

/// The dice of a stage as an inline list, in the order of [`StageDice::dice`].
fn stage_dice(dice: StageDice) -> Small<u8> {
    match dice {
        StageDice::Mixed { high, low } => return Small::from_array([high, low, 0, 0], 2),
        StageDice::Double { value, count } if count <= 4 => {
            let mut inline = [0; 4];
            inline[..count as usize].fill(value);
            return Small::from_array(inline, count as usize);
        }
        _ => {}
    }
    let mut d = Small::new(0);
    match dice {
        StageDice::Mixed { high, low } => {
            d.push(high);
            d.push(low);
        }
        StageDice::Double { value, count } => {
            for _ in 0..count {
                d.push(value);
            }
        }
    }
    d
}

/// The steps of a resolved play, held inline.
pub(crate) type Steps = Small<Step>;

const NO_STEP: Step = Step {
    from: 0,
    to: 0,
    die: 0,
    hit: false,
};

/// Where a step of a written segment that is at `cur` lands with die `d`, if it can help: it
/// finishes the segment or lands above its end. `None` for dice that overshoot.
#[inline(always)]
fn useful(seg: Segment, cur: u8, d: u8) -> bool {
    let to = (cur as i16 - d as i16).max(OFF as i16) as u8;
    !(to != seg.to && (to == OFF || to < seg.to))
}

/// A legal step of a segment either finishes it or continues it without hitting on the way
/// (an unwritten hit is ambiguous; a pin on the way is released at once and changes nothing,
/// `tapa.md` §2). `Some(done)` when it may be taken.
#[inline(always)]
fn segment_step<M: Movement>(seg: Segment, st: &Step) -> Option<bool> {
    let done = st.to == seg.to;
    let cont = !done && st.to != OFF && st.to > seg.to;
    if !done && (!cont || (st.hit && M::HAS_BAR)) {
        return None;
    }
    Some(done)
}

struct Search<'a, M: Movement> {
    side: Side,
    start: Position,
    segs: &'a [Segment],
    /// The first complete assignment found.
    out: Option<(Position, Steps)>,
    _m: std::marker::PhantomData<M>,
}

impl<M: Movement> Search<'_, M> {
    fn run(
        &mut self,
        pos: Position,
        state: M::PlayState,
        pending: &mut Small<(usize, u8)>,
        dice: &mut Small<u8>,
        steps: &mut Steps,
    ) {
        if self.out.is_some() {
            return;
        }
        if pending.is_empty() {
            if M::restrict_result(&state, &self.start, &pos, self.side).is_ok() {
                self.out = Some((pos, steps.clone()));
            }
            return;
        }
        let high = highest(&pos, self.side);
        for k in 0..pending.len() {
            let (si, cur) = pending.get(k);
            let seg = self.segs[si];
            let mut mask = distinct_mask(dice.as_slice());
            while let Some(i) = next_index(&mut mask) {
                let d = dice.get(i);
                // Skip dice that neither finish nor continue the segment before the step rule.
                if !useful(seg, cur, d) {
                    continue;
                }
                let Ok(st) = step_rule::<M>(&pos, self.side, cur, d, high) else {
                    continue;
                };
                let Some(done) = segment_step::<M>(seg, &st) else {
                    continue;
                };
                let mut next_state = state;
                if M::restrict_step(&mut next_state, &self.start, &pos, self.side, &st).is_err() {
                    continue;
                }
                let mut next = pos;
                apply::<M>(&mut next, self.side, st);
                // No step may follow a step that ends the game (the mother rule).
                if M::ends_game(&next, self.side) && !(done && pending.len() == 1) {
                    continue;
                }
                dice.remove(i);
                steps.push(st);
                if done {
                    let saved = pending.remove(k);
                    self.run(next, next_state, pending, dice, steps);
                    pending.insert(k, saved);
                } else {
                    pending.set(k, (si, st.to));
                    self.run(next, next_state, pending, dice, steps);
                    pending.set(k, (si, cur));
                }
                steps.pop();
                dice.insert(i, d);
                if self.out.is_some() {
                    return;
                }
            }
        }
    }
}

/// Remove item `i < *n` of a fixed list, keeping the order of the rest.
#[inline]
fn take_at<T: Copy>(a: &mut [T; 4], n: &mut usize, i: usize) {
    // Shifting the whole tail (past `*n` too, which is never read) by fixed moves instead of
    // `copy_within`, which becomes a `memmove` call.
    if i < 1 {
        a[0] = a[1];
    }
    if i < 2 {
        a[1] = a[2];
    }
    if i < 3 {
        a[2] = a[3];
    }
    *n -= 1;
}

/// The search's first path, followed without backtracking: the common case of a play written
/// in an order that works. `None` when that path runs into a dead end (the full search decides).
///
/// Holds its dice, pending segments and steps in fixed arrays and updates one position in
/// place; a stage of more than four dice goes to [`search`] instead (`None`).
fn first_path<M: Movement>(
    pos: &Position,
    side: Side,
    segs: &[Segment],
    dice: &Small<u8>,
    init: M::PlayState,
) -> Option<(Position, Steps)> {
    if dice.spill.is_some() || dice.len > 4 || segs.len() > 4 {
        return None;
    }
    let start = *pos;
    // Pending segments and dice left as bit sets of their indices: walking a set in index order
    // visits them in the order of the lists they were removed from.
    let mut pending = (1u32 << segs.len()) - 1;
    let mut cur = [0u8; 4];
    for (c, sg) in cur.iter_mut().zip(segs) {
        *c = sg.from;
    }
    let dv = dice.inline;
    let mut left = (1u32 << dice.len) - 1;
    // All dice alike (a doublet stage): the distinct dice are the first one left, if under 8.
    let alike = dv[..dice.len].iter().all(|&d| d == dv[0]);
    // Two different dice (a mixed roll): each die left is distinct, if under 8.
    let two = dice.len == 2 && !alike;
    let mut under8 = 0u32;
    for (i, &d) in dv[..dice.len].iter().enumerate() {
        if d < 8 {
            under8 |= 1 << i;
        }
    }
    let mut steps = [NO_STEP; 4];
    let mut ns = 0;
    let mut pos = *pos;
    let mut state = init;
    let mut high = highest(&pos, side);
    while pending != 0 {
        // The first die left of each value under 8 (`distinct_mask4` of the dice left), the
        // same for every pending segment below.
        let dmask = if alike {
            left & left.wrapping_neg() & under8
        } else if two {
            left & under8
        } else {
            let mut seen = 0u8;
            let mut m = 0u32;
            let mut rest = left;
            while rest != 0 {
                let i = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let d = dv[i & 3];
                if d < 8 && seen & (1 << d) == 0 {
                    seen |= 1 << d;
                    m |= 1 << i;
                }
            }
            m
        };
        // The first pending segment and die that make a step, as the search would take them.
        let (si, i, st, done) = 'find: {
            let mut pend = pending;
            while pend != 0 {
                let si = pend.trailing_zeros() as usize;
                pend &= pend - 1;
                let seg = segs[si];
                let c = cur[si & 3];
                let mut mask = dmask;
                while mask != 0 {
                    let i = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    let d = dv[i & 3];
                    if !useful(seg, c, d) {
                        continue;
                    }
                    let Ok(st) = step_rule::<M>(&pos, side, c, d, high) else {
                        continue;
                    };
                    let Some(done) = segment_step::<M>(seg, &st) else {
                        continue;
                    };
                    let mut next_state = state;
                    if M::restrict_step(&mut next_state, &start, &pos, side, &st).is_err() {
                        continue;
                    }
                    state = next_state;
                    break 'find (si, i, st, done);
                }
            }
            return None;
        };
        left &= !(1 << i);
        steps[ns & 3] = st;
        ns += 1;
        apply::<M>(&mut pos, side, st);
        if pos.c[side.index()][high as usize] == 0 {
            high = highest(&pos, side);
        }
        if done {
            pending &= !(1 << si);
        } else {
            cur[si & 3] = st.to;
        }
        // A step that ends the game must be the last (the full search tries other orders).
        if pending != 0 && M::ends_game(&pos, side) {
            return None;
        }
    }
    if M::restrict_result(&state, &start, &pos, side).is_err() {
        return None;
    }
    Some((pos, Small::from_array(steps, ns)))
}

/// Search the first order of dice that carries out `segs`.
fn search<M: Movement>(
    pos: &Position,
    side: Side,
    segs: &[Segment],
    dice: &Small<u8>,
    init: M::PlayState,
) -> Option<(Position, Steps)> {
    let mut s = Search::<M> {
        side,
        start: *pos,
        segs,
        out: None,
        _m: std::marker::PhantomData,
    };
    let mut pending = Small::new((0, 0));
    for (i, sg) in segs.iter().enumerate() {
        pending.push((i, sg.from));
    }
    s.run(
        *pos,
        init,
        &mut pending,
        &mut dice.clone(),
        &mut Small::new(NO_STEP),
    );
    s.out
}

/// Is there a legal sequence of more than `depth - 1` steps of `dice` from `pos`?
fn reaches_depth<M: Movement>(
    pos: &Position,
    side: Side,
    dice: &mut Small<u8>,
    depth: usize,
) -> bool {
    if depth == 0 {
        return true;
    }
    if dice.len() <= 4 {
        let mut dv = [0u8; 4];
        dv[..dice.len()].copy_from_slice(dice.as_slice());
        return reaches_depth4::<M>(pos, side, dv, dice.len(), depth);
    }
    let high = highest(pos, side);
    let mut mask = distinct_mask(dice.as_slice());
    while let Some(i) = next_index(&mut mask) {
        let d = dice.get(i);
        for from in (1..=high).rev() {
            if pos.c[side.index()][from as usize] == 0 {
                continue;
            }
            if let Ok(st) = step_rule::<M>(pos, side, from, d, high) {
                let mut next = *pos;
                apply::<M>(&mut next, side, st);
                dice.remove(i);
                let deeper = reaches_depth::<M>(&next, side, dice, depth - 1);
                dice.insert(i, d);
                if deeper {
                    return true;
                }
            }
        }
    }
    false
}

/// [`reaches_depth`] for at most four dice, held in a fixed array (`dv[..nd]`).
fn reaches_depth4<M: Movement>(
    pos: &Position,
    side: Side,
    dv: [u8; 4],
    nd: usize,
    depth: usize,
) -> bool {
    if depth == 0 {
        return true;
    }
    if depth == 1 {
        // The dice the walk below tries: those under 8 (see `distinct_mask4`).
        let mut ok = [0u8; 4];
        let mut n = 0;
        for &d in &dv[..nd] {
            if d < 8 {
                ok[n] = d;
                n += 1;
            }
        }
        return any_step::<M>(pos, side, &ok[..n]);
    }
    // The answer is a yes or no, so the order the steps are tried in does not matter.
    let mine = &pos.c[side.index()];
    let high = highest(pos, side);
    let deeper = |st: Step, i: usize| {
        let mut next = *pos;
        apply::<M>(&mut next, side, st);
        let mut rest = dv;
        let mut nr = nd;
        take_at(&mut rest, &mut nr, i);
        reaches_depth4::<M>(&next, side, rest, nr, depth - 1)
    };
    let mut mask = distinct_mask4(&dv, nd);
    while let Some(i) = next_index(&mut mask) {
        let d = dv[i];
        if high == BAR {
            // Only the bar can move (every other point fails with `MustEnter`).
            if let Ok(st) = step_rule::<M>(pos, side, BAR, d, high)
                && deeper(st, i)
            {
                return true;
            }
            continue;
        }
        for from in 1..=high {
            if mine[from as usize] == 0 {
                continue;
            }
            if let Ok(st) = step_rule::<M>(pos, side, from, d, high)
                && deeper(st, i)
            {
                return true;
            }
        }
    }
    false
}

/// A quick form of the forced-play check for a play that reaches `position` from `pos` in
/// `used` legal steps, fewer than the dice: true when [`legal_plays`] would certainly contain
/// `position` (no longer play exists and, with one die of two played, the larger die could not
/// be played or reaches it). False means the full legal set has to decide.
///
/// The probe tries steps by the step rule alone. A variant's play-level rules only remove
/// sequences, so the probe stays sound for them: where no longer sequence exists without
/// them, none exists with them, and a larger die that cannot be played at all cannot be
/// played under them either (the written play itself was resolved under them).
pub(crate) fn surely_maximal<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    position: &Position,
    used: u8,
) -> bool {
    let mut d = stage_dice(dice);
    if used as usize >= d.len() || reaches_depth::<M>(pos, side, &mut d, used as usize + 1) {
        return false;
    }
    match dice {
        StageDice::Mixed { high, .. } if used == 1 => {
            let top = highest(pos, side);
            let mut high_playable = false;
            for from in 1..=BAR {
                if pos.c[side.index()][from as usize] == 0 {
                    continue;
                }
                if let Ok(st) = step_rule::<M>(pos, side, from, high, top) {
                    let mut next = *pos;
                    apply::<M>(&mut next, side, st);
                    if next == *position {
                        return true;
                    }
                    high_playable = true;
                }
            }
            !high_playable
        }
        _ => true,
    }
}

/// Carry out a written play; on failure, name the first written segment that cannot be played.
#[cfg(test)]
pub(crate) fn resolve<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    segs: &[Segment],
) -> Result<Resolved, PlayError> {
    resolve_inline::<M>(pos, side, dice, segs).map(|(position, steps)| Resolved {
        position,
        steps: steps.as_slice().to_vec(),
    })
}

/// [`resolve`] without allocating: the position after the play and its steps, held inline.
#[cfg(test)]
pub(crate) fn resolve_inline<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    segs: &[Segment],
) -> Result<(Position, Steps), PlayError> {
    resolve_inline_from::<M>(pos, side, dice, segs, M::PlayState::default())
}

/// [`resolve_inline`] with the play-level state a play starts from (see
/// [`legal_plays_dfs_from`]).
pub(crate) fn resolve_inline_from<M: Movement>(
    pos: &Position,
    side: Side,
    dice: StageDice,
    segs: &[Segment],
    init: M::PlayState,
) -> Result<(Position, Steps), PlayError> {
    let all = stage_dice(dice);
    if segs.len() > all.len() {
        return Err(PlayError::TooManySteps {
            segment: all.len(),
            dice: all.len() as u8,
        });
    }
    // The first assignment found; if it uses fewer dice than another would, the final
    // position is still judged against the legal set.
    if let Some(found) = first_path::<M>(pos, side, segs, &all, init) {
        return Ok(found);
    }
    if let Some(found) = search::<M>(pos, side, segs, &all, init) {
        return Ok(found);
    }
    Err(diagnose::<M>(pos, side, all.as_slice(), segs, init))
}

/// Walk the written segments in order and explain the first that cannot be played.
fn diagnose<M: Movement>(
    pos: &Position,
    side: Side,
    dice: &[u8],
    segs: &[Segment],
    init: M::PlayState,
) -> PlayError {
    let start = *pos;
    let mut pos = *pos;
    let mut dice = dice.to_vec();
    // The play-level state of the steps found so far: a segment that is playable alone may
    // still break a play-level rule after the segments before it.
    let mut state = init;
    for (i, seg) in segs.iter().enumerate() {
        let mut left = Small::new(0);
        for &d in &dice {
            left.push(d);
        }
        let seg1 = std::slice::from_ref(seg);
        // The segment as the rules allow it after the segments before; else as the step rule
        // alone allows it, which names the step that breaks a play-level rule.
        let found = search::<M>(&pos, side, seg1, &left, state).or_else(|| {
            if M::RESTRICTED {
                search::<Free<M>>(&pos, side, seg1, &left, ())
            } else {
                None
            }
        });
        if let Some((next, steps)) = found {
            let mut before = pos;
            for st in steps.as_slice() {
                if let Err(rule) = M::restrict_step(&mut state, &start, &before, side, st) {
                    return PlayError::Step {
                        segment: i,
                        from: st.from,
                        die: st.die,
                        intermediate: st.from != seg.from,
                        error: StepError::Restricted(rule),
                    };
                }
                apply::<M>(&mut before, side, *st);
                if let Some(j) = dice.iter().position(|d| *d == st.die) {
                    dice.remove(j);
                }
            }
            pos = next;
            continue;
        }
        return segment_error::<M>(&pos, side, *seg, i, &dice);
    }
    match M::restrict_result(&state, &start, &pos, side) {
        Err(rule) => PlayError::Restricted { rule },
        Ok(()) => PlayError::NoOrder,
    }
}

/// A policy without its play-level rules: the step rule alone.
#[derive(Copy, Clone, Debug, Default)]
struct Free<M>(std::marker::PhantomData<M>);

impl<M: Movement> Movement for Free<M> {
    const HAS_BAR: bool = M::HAS_BAR;
    #[inline(always)]
    fn opposite(point: u8) -> u8 {
        M::opposite(point)
    }
    #[inline(always)]
    fn landing(pos: &Position, side: Side, to: u8) -> super::Landing {
        M::landing(pos, side, to)
    }
    #[inline(always)]
    fn may_leave(pos: &Position, side: Side, from: u8) -> bool {
        M::may_leave(pos, side, from)
    }
    type PlayState = ();
}

#[derive(Default)]
struct Worst {
    final_err: Option<(u8, u8, StepError)>,
    mid_err: Option<(u8, u8, StepError)>,
    hit_on_way: Option<u8>,
}

fn segment_error<M: Movement>(
    pos: &Position,
    side: Side,
    seg: Segment,
    index: usize,
    dice: &[u8],
) -> PlayError {
    fn walk<M: Movement>(
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
            match step::<M>(pos, side, cur, d) {
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
                        if st.hit && M::HAS_BAR {
                            w.hit_on_way.get_or_insert(st.to);
                            continue;
                        }
                        dice.remove(i);
                        walk::<M>(&next, side, seg, st.to, dice, w);
                        dice.insert(i, d);
                    }
                }
            }
        }
    }
    // Checkers move from the mover's 24 point towards 1 (and off).
    if seg.to != OFF && seg.to >= seg.from {
        return PlayError::Backwards { segment: index };
    }
    // A missing checker, a checker on the bar or one that may not leave is the plainest
    // explanation: the origin half of the step rule.
    if let Err(e) = origin::<M>(pos, side, seg.from, highest(pos, side)) {
        return PlayError::Step {
            segment: index,
            from: seg.from,
            die: 0,
            intermediate: false,
            error: e,
        };
    }
    let mut w = Worst::default();
    walk::<M>(pos, side, seg, seg.from, &mut dice.to_vec(), &mut w);
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

#[cfg(test)]
mod fast_path_tests {
    use super::*;

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
        {
            for _ in 0..20_000 {
                let pos = random_position::<M>(r);
                let side = if r.below(2) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
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
            }
        }
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
        {
            for _ in 0..5_000 {
                let pos = random_position::<M>(r);
                let side = if r.below(2) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
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
            }
        }
    }

    /// `first_path` as it was with shifted arrays: the pending segments and dice as lists.
    fn first_path_reference<M: Movement>(
        pos: &Position,
        side: Side,
        segs: &[Segment],
        dice: &[u8],
    ) -> Option<(Position, Vec<Step>)> {
        let mut pend: Vec<(usize, u8)> =
            segs.iter().enumerate().map(|(i, s)| (i, s.from)).collect();
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
        {
            for _ in 0..40_000 {
                let pos = random_position::<M>(r);
                let side = if r.below(2) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
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
            }
        }
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
}
