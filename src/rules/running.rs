//! The running games with rules on the whole play — Long nardy (`long-nardy.md`) and Fevga
//! (`fevga.md`): Gul bara's movement ([`Holding`]: a single checker holds a point, nothing is
//! hit, both sides run the same way round) with a head rule, a runner rule, a forbidden start
//! quarter and a prime rule, applied through the policy's play-level hooks so that legal-play
//! generation obeys them before it counts the dice.
//!
//! Which of those rules apply is carried by the [`RaceState`] a play starts from (set by the
//! variant's [`super::Rules::play_state`] from its options and the turn), so one compiled
//! policy serves every preset.

use super::movement::{Holding, Movement, Restriction};
use super::options::option_values;
use super::{OFF, Position, Side, Step};

/// The prime rule: when six points in a row of the opponent's path may be held.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PrimeRule {
    /// Only with at least one opposing checker ahead of (past) the block.
    #[default]
    Ahead,
    /// Once an opposing checker is in its home board or off (Long nardy's app style).
    OpponentHome,
    /// Blocks are always legal.
    None,
}

/// When the block rules (prime, start quarter) are judged.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BlockCheck {
    /// After every step: an illegal block may not stand even between the dice of a roll.
    #[default]
    Step,
    /// Only on the position after the whole play.
    Play,
}

option_values!(
    PrimeRule,
    "ahead" => PrimeRule::Ahead,
    "opponent-home" => PrimeRule::OpponentHome,
    "none" => PrimeRule::None,
);
option_values!(BlockCheck, "step" => BlockCheck::Step, "play" => BlockCheck::Play);

/// The play-level rules in force for one play and what the play has done so far.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RaceState {
    /// Checkers that may leave the head (own 24) in this play; 0: no head rule.
    pub(crate) head_limit: u8,
    /// Checkers that left the head so far in this play.
    pub(crate) head_used: u8,
    /// The runner rule's threshold: a second checker may leave own 24 only once one stands on
    /// this point or lower (or is off); 0: no runner rule.
    pub(crate) runner: u8,
    /// Whether holding all of own 24..19 is forbidden.
    pub(crate) quarter: bool,
    /// The prime rule.
    pub(crate) prime: PrimeRule,
    /// When blocks are judged.
    pub(crate) check: BlockCheck,
}

/// Gul bara's movement with the play-level rules of [`RaceState`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Running;

impl super::sealed::Sealed for Running {}
impl Movement for Running {
    const HAS_BAR: bool = false;
    const RESTRICTED: bool = true;
    #[inline(always)]
    fn opposite(point: u8) -> u8 {
        Holding::opposite(point)
    }
    #[inline(always)]
    fn landing(pos: &Position, side: Side, to: u8) -> super::Landing {
        Holding::landing(pos, side, to)
    }
    type PlayState = RaceState;

    #[inline]
    fn restrict_step(
        state: &mut RaceState,
        _start: &Position,
        before: &Position,
        side: Side,
        step: &Step,
    ) -> Result<(), Restriction> {
        let mine = &before.c[side.index()];
        if step.from == 24 {
            if state.head_limit > 0 {
                state.head_used += 1;
                if state.head_used > state.head_limit {
                    return Err(Restriction::Head {
                        limit: state.head_limit,
                    });
                }
            }
            if state.runner > 0
                && mine[24] < 15
                && mine[OFF as usize] == 0
                && !mine[1..=state.runner as usize].iter().any(|&n| n > 0)
            {
                return Err(Restriction::Runner { past: state.runner });
            }
        }
        // A block can only arise where a step takes a point the mover did not hold, and then
        // it contains that point (none stands before the play: the opponent's moves cannot
        // make one illegal, `long-nardy.md` §4).
        if state.check == BlockCheck::Step && step.to != OFF && mine[step.to as usize] == 0 {
            // Held after the step (the step's origin may empty its point).
            let held = |p: u8| p == step.to || mine[p as usize] > u8::from(p == step.from);
            if state.quarter && step.to >= 19 && (19..=24).all(held) {
                return Err(Restriction::StartQuarter);
            }
            if state.prime != PrimeRule::None && run_through(step.to, held) >= 6 {
                let mut after = *before;
                after.c[side.index()][step.from as usize] -= 1;
                after.c[side.index()][step.to as usize] += 1;
                if illegal_prime(state.prime, &after, side) {
                    return Err(prime_error(state.prime));
                }
            }
        }
        Ok(())
    }

    #[inline]
    fn restrict_result(
        state: &RaceState,
        _start: &Position,
        end: &Position,
        side: Side,
    ) -> Result<(), Restriction> {
        if state.check == BlockCheck::Play {
            blocks(state, end, side)?;
        }
        Ok(())
    }
}

/// The length (up to 6) of the run of held points of the opponent's path through the
/// mover's point `p`: the opponent's points `q, q±1, …` (within 24..1, no wrap) where `q` is
/// `p` in the opponent's numbering.
#[inline]
fn run_through(p: u8, held: impl Fn(u8) -> bool) -> u8 {
    let q = Holding::opposite(p);
    let mut run = 1;
    let mut up = q + 1;
    while up <= 24 && run < 6 && held(Holding::opposite(up)) {
        run += 1;
        up += 1;
    }
    let mut down = q - 1;
    while down >= 1 && run < 6 && held(Holding::opposite(down)) {
        run += 1;
        down -= 1;
    }
    run
}

/// The block rules of `state` on `pos` for `side`: the start quarter, then the prime rule.
///
/// # Errors
/// [`Restriction::StartQuarter`] or [`Restriction::Prime`].
#[inline]
pub(crate) fn blocks(state: &RaceState, pos: &Position, side: Side) -> Result<(), Restriction> {
    let mine = &pos.c[side.index()];
    if state.quarter && mine[19..=24].iter().all(|&n| n > 0) {
        return Err(Restriction::StartQuarter);
    }
    if state.prime != PrimeRule::None && illegal_prime(state.prime, pos, side) {
        return Err(prime_error(state.prime));
    }
    Ok(())
}

/// The prime rule's verdict on a block it forbids.
fn prime_error(rule: PrimeRule) -> Restriction {
    Restriction::Prime {
        opponent_home: rule == PrimeRule::OpponentHome,
    }
}

/// Does `side` hold six points in a row of the opponent's path that `rule` forbids?
///
/// The opponent runs its own 24 -> 1; a block is its points `q..q-5` (6 <= q <= 24), held by
/// the mover (`long-nardy.md` §4). Under [`PrimeRule::Ahead`] it is legal when an opposing
/// checker stands on a point below `q-5`; under [`PrimeRule::OpponentHome`] when one is in
/// its home board or off.
pub(crate) fn illegal_prime(rule: PrimeRule, pos: &Position, side: Side) -> bool {
    let mine = &pos.c[side.index()];
    let theirs = &pos.c[side.other().index()];
    // Bit q: the mover holds the opponent's point q.
    let mut held = 0u32;
    for p in 1..=24u8 {
        if mine[p as usize] > 0 {
            held |= 1 << Holding::opposite(p);
        }
    }
    // Bit j: the opponent's points j..j+5 are all held (j >= 1).
    let runs = held & (held >> 1) & (held >> 2) & (held >> 3) & (held >> 4) & (held >> 5);
    if runs == 0 {
        return false;
    }
    match rule {
        PrimeRule::None => false,
        PrimeRule::Ahead => {
            // The lowest block; an opposing checker below it is ahead of every block.
            let low = runs.trailing_zeros() as usize;
            !theirs[1..low].iter().any(|&n| n > 0)
        }
        PrimeRule::OpponentHome => !theirs[0..=6].iter().any(|&n| n > 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(x: &[(u8, u8)], o: &[(u8, u8)]) -> Position {
        let mut p = Position::empty();
        for &(pt, n) in x {
            p.set(Side::White, pt, n);
        }
        for &(pt, n) in o {
            p.set(Side::Black, pt, n);
        }
        p
    }

    #[test]
    fn a_block_is_illegal_only_with_every_opposing_checker_behind_it() {
        // White holds W19..W14 = B7..B2; Black all on B24: trapped.
        let held = [
            (19, 1),
            (18, 1),
            (17, 1),
            (16, 1),
            (15, 1),
            (14, 4),
            (24, 6),
        ];
        let p = pos(&held, &[(24, 15)]);
        assert!(illegal_prime(PrimeRule::Ahead, &p, Side::White));
        assert!(illegal_prime(PrimeRule::OpponentHome, &p, Side::White));
        assert!(!illegal_prime(PrimeRule::None, &p, Side::White));
        // One Black checker on B1, the only point past the block.
        let p = pos(&held, &[(24, 14), (1, 1)]);
        assert!(!illegal_prime(PrimeRule::Ahead, &p, Side::White));
        // Five in a row is no block.
        let p = pos(&held[1..], &[(24, 15)]);
        assert!(!illegal_prime(PrimeRule::Ahead, &p, Side::White));
    }

    #[test]
    fn a_block_across_own_1_and_24_counts() {
        // Own 2, 1, 24, 23, 22, 21 block the opponent's 14..9.
        let x = [(2, 1), (1, 1), (24, 10), (23, 1), (22, 1), (21, 1)];
        let p = pos(&x, &[(20, 15)]);
        assert!(illegal_prime(PrimeRule::Ahead, &p, Side::White));
        let p = pos(&x, &[(20, 14), (8, 1)]);
        assert!(!illegal_prime(PrimeRule::Ahead, &p, Side::White));
    }
}
