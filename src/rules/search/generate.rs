//! Every distinct legal result of a stage by an exhaustive search over every order of the dice:
//! the path of variants with play-level rules and of dice no roll produces, and the reference
//! of the canonical generator (`rules::plays`) in the tests.

use std::collections::{HashMap, HashSet};

use super::containers::{FxBuild, NO_STEP, Small, Steps};
use super::dice::{distinct_mask, next_index, stage_dice};
use super::take_step;
use crate::rules::movement::{Movement, highest, step_rule};
use crate::rules::plays::{PlaySet, legal_plays};
use crate::rules::{BAR, Position, Side, StageDice};

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
                let Some((next, next_state)) =
                    take_step::<M>(&self.start, &pos, self.side, state, st)
                else {
                    continue;
                };
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
