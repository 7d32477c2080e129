//! The movement policy of a variant and the one step rule built on it.
//!
//! Every tables game moves checkers the same way: a checker leaves a point, travels the die's
//! distance towards the mover's point 1, and lands on a point or is borne off. What differs is
//! what a landing point means (open, a blot that is hit, a blot that is pinned, a point held
//! by the opponent), whether a checker may leave its point at all, whether the game has a bar,
//! and how one side's numbering maps onto the other's. A [`Movement`] policy answers exactly
//! those questions; `step_rule` is the only place where a step is judged, and move
//! generation, the stepwise resolution of written plays and every fast path call it.
//!
//! Restrictions on a whole play (a head rule, a forbidden prime) are the policy's too:
//! [`Movement::restrict_step`] sees each step with the play's state so far and
//! [`Movement::restrict_result`] the final position. Generation applies them before it
//! decides how many dice can be used, so "use both dice, else the larger" is judged among the
//! plays the variant allows.

use std::fmt::Debug;
use std::hash::Hash;

use super::{BAR, OFF, Position, Side, Step, StepError};

/// What landing on a point means for the mover.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Landing {
    /// Empty, or the mover's own point: the checker lands.
    Open,
    /// A lone opposing checker that is hit and sent to the bar.
    Hit,
    /// A lone opposing checker that is pinned under the mover's checker and stays there.
    Pin,
    /// The opponent holds the point: the checker cannot land there.
    Blocked,
}

/// Why a play-level rule of a variant forbids a step or a play.
#[non_exhaustive]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Restriction {
    /// The head rule of the nardy family: at most `limit` checkers leave the head (the
    /// mover's 24 point) in one turn.
    Head {
        /// Checkers that may leave the head per turn.
        limit: u8,
    },
}

/// How a variant's checkers move: the questions the step rule asks of the variant.
///
/// Policies are zero-sized types; the step rule and move generation are generic over them, so
/// each variant gets its own compiled code without indirect calls.
pub trait Movement: Copy + Default + Debug + 'static {
    /// Whether the game has a bar: checkers can be hit and must enter from it.
    const HAS_BAR: bool;

    /// Whether the variant has play-level rules ([`Movement::restrict_step`],
    /// [`Movement::restrict_result`]); quick probes that do not know them are skipped.
    const RESTRICTED: bool = false;

    /// The same physical point in the other side's numbering.
    fn opposite(point: u8) -> u8;

    /// What landing on `to` (1..=24 in the mover's numbering) means for `side` in `pos`.
    fn landing(pos: &Position, side: Side, to: u8) -> Landing;

    /// Whether `side` may move a checker away from `from` (a pinned checker may not).
    #[inline(always)]
    fn may_leave(_pos: &Position, _side: Side, _from: u8) -> bool {
        true
    }

    /// What a play-level rule remembers between the steps of one play (`()` when the variant
    /// has no such rule).
    type PlayState: Copy + Default + Eq + Hash + Debug;

    /// A play-level rule on one step of a play, given the position the play started from and
    /// the state after the steps before it; updates the state.
    ///
    /// # Errors
    /// The [`Restriction`] that forbids the step.
    #[inline(always)]
    fn restrict_step(
        _state: &mut Self::PlayState,
        _start: &Position,
        _side: Side,
        _step: &Step,
    ) -> Result<(), Restriction> {
        Ok(())
    }

    /// A play-level rule on the position a play reaches.
    ///
    /// # Errors
    /// The [`Restriction`] that forbids the play.
    #[inline(always)]
    fn restrict_result(_start: &Position, _end: &Position, _side: Side) -> Result<(), Restriction> {
        Ok(())
    }

    /// Whether landing on a lone opposing checker pins it (the pins are then kept in the
    /// position's masks, which the step rule's `apply` updates).
    const PINS: bool = false;

    /// The own points of `side` holding one of its pinned checkers (bit `p`); a side with a
    /// pinned checker bears nothing off.
    #[inline(always)]
    fn pinned(_pos: &Position, _side: Side) -> u32 {
        0
    }

    /// Whether the step `side` has just played, reaching `pos`, ends the game at once (the
    /// mother rule, or the last checker borne off). Such a play is complete: no step may
    /// follow it and it counts as using every die of its stage.
    #[inline(always)]
    fn ends_game(_pos: &Position, _side: Side) -> bool {
        false
    }
}

/// Backgammon's movement (and every game played like it): two checkers hold a point, a lone
/// opposing checker is hit to the bar, points are numbered from opposite ends (`25 − p`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Hitting;

impl Movement for Hitting {
    const HAS_BAR: bool = true;
    #[inline(always)]
    fn opposite(point: u8) -> u8 {
        25 - point
    }
    #[inline(always)]
    fn landing(pos: &Position, side: Side, to: u8) -> Landing {
        match pos.c[side.other().index()][Self::opposite(to) as usize] {
            0 => Landing::Open,
            1 => Landing::Hit,
            _ => Landing::Blocked,
        }
    }
    type PlayState = ();
}

/// The movement of the running games (Gul bara): a single checker holds a point, nothing is
/// hit, there is no bar, and both sides start on their own 24 point and run the same way
/// round, so one side's point `p` is the other's `((p + 11) mod 24) + 1`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Holding;

impl Movement for Holding {
    const HAS_BAR: bool = false;
    #[inline(always)]
    fn opposite(point: u8) -> u8 {
        ((point + 11) % 24) + 1
    }
    #[inline(always)]
    fn landing(pos: &Position, side: Side, to: u8) -> Landing {
        if pos.c[side.other().index()][Self::opposite(to) as usize] == 0 {
            Landing::Open
        } else {
            Landing::Blocked
        }
    }
    type PlayState = ();
}

/// The pinning game (Tapa, Plakoto, `tapa.md`): a lone opposing checker is pinned under the
/// checker landing on it and stays there, unable to move until the last pinner leaves; two
/// opposing checkers, or a point where one of the mover's checkers lies pinned, block; no bar;
/// points are numbered from opposite ends (`25 − p`). With `STEP` (`mother_check = step`, the
/// default) the mother rule is looked at after every step ([`Movement::ends_game`]), so the
/// play-level search handles it (`RESTRICTED`); `Pinning<false>` (`mother_check = turn`) leaves
/// it to the end of the roll, and only the last checker borne off ends a play early.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pinning<const STEP: bool = true>;

/// Bit of the start point (own 24) in a pin mask.
const MOTHER: u32 = 1 << 24;

impl<const STEP: bool> Movement for Pinning<STEP> {
    const HAS_BAR: bool = false;
    const RESTRICTED: bool = true;
    const PINS: bool = true;
    #[inline(always)]
    fn opposite(point: u8) -> u8 {
        25 - point
    }
    #[inline(always)]
    fn landing(pos: &Position, side: Side, to: u8) -> Landing {
        let them = side.other().index();
        let opp = Self::opposite(to);
        match pos.c[them][opp as usize] {
            0 => Landing::Open,
            // One of my checkers lies pinned there: the pinner's point.
            _ if pos.pins[side.index()] & (1 << to) != 0 => Landing::Blocked,
            // I already pin there: I stack on my pinner.
            _ if pos.pins[them] & (1 << opp) != 0 => Landing::Open,
            1 => Landing::Pin,
            _ => Landing::Blocked,
        }
    }
    #[inline(always)]
    fn may_leave(pos: &Position, side: Side, from: u8) -> bool {
        from > 24 || pos.pins[side.index()] & (1 << from) == 0
    }
    type PlayState = ();
    #[inline(always)]
    fn pinned(pos: &Position, side: Side) -> u32 {
        pos.pins[side.index()]
    }
    #[inline(always)]
    fn ends_game(pos: &Position, side: Side) -> bool {
        let (me, them) = (side.index(), side.other().index());
        // The opponent's mother is pinned (only the mover can pin it), and either the mover's
        // start is empty (a mother win) or the mover's own mother is pinned too (a draw).
        // Bearing off the last checker completes the play too (`tapa.md` §3).
        pos.c[me][OFF as usize] == 15
            || STEP
                && pos.pins[them] & MOTHER != 0
                && (pos.c[me][24] == 0 || pos.pins[me] & MOTHER != 0)
    }
}

/// The highest location (1..=24, or 25 for the bar) holding a checker of `side`; 0 when none.
///
/// It is all the step rule needs to know about the rest of the mover's army: a checker on the
/// bar (25) must enter first, a checker above 6 forbids bearing off, and a checker above the
/// one bearing off forbids a larger die.
#[inline]
pub(crate) fn highest(pos: &Position, side: Side) -> u8 {
    let mine = &pos.c[side.index()];
    (1..=BAR as usize).rev().find(|&p| mine[p] > 0).unwrap_or(0) as u8
}

/// The origin half of the step rule: may `side` move a checker away from `from`? `high` is
/// [`highest`] of the position.
///
/// # Errors
/// No bar in the game, no checker there, a checker on the bar that must enter first, or a
/// checker that may not leave.
#[inline(always)]
pub(crate) fn origin<M: Movement>(
    pos: &Position,
    side: Side,
    from: u8,
    high: u8,
) -> Result<(), StepError> {
    if from == BAR && !M::HAS_BAR {
        return Err(StepError::NoBar);
    }
    if from == OFF || from > BAR || pos.c[side.index()][from as usize] == 0 {
        return Err(StepError::NoChecker { from });
    }
    if from != BAR && high == BAR {
        return Err(StepError::MustEnter);
    }
    if !M::may_leave(pos, side, from) {
        return Err(StepError::Pinned { from });
    }
    Ok(())
}

/// The destination half of the step rule: where a checker leaving `from` with `die` lands, or
/// why it cannot (the origin already judged by [`origin`]). `high` is [`highest`].
///
/// # Errors
/// Bearing off before all checkers are home, bearing off with a larger die while a checker
/// stands higher, or a point the opponent holds.
#[inline(always)]
pub(crate) fn destination<M: Movement>(
    pos: &Position,
    side: Side,
    from: u8,
    die: u8,
    high: u8,
) -> Result<Step, StepError> {
    let target = from as i16 - die as i16;
    if target <= 0 {
        // With a checker on 7 or higher (the bar included) nothing is borne off.
        if high >= 7 {
            return Err(StepError::NotAllHome { outside: high });
        }
        let pinned = M::pinned(pos, side);
        if pinned != 0 {
            return Err(StepError::PinnedBearOff {
                pinned: pinned.trailing_zeros() as u8,
            });
        }
        // Only points up to 6 remain: a larger die bears off the highest checker only.
        if target < 0 && high > from {
            return Err(StepError::HigherChecker { higher: high });
        }
        return Ok(Step {
            from,
            to: OFF,
            die,
            hit: false,
        });
    }
    let to = target as u8;
    match M::landing(pos, side, to) {
        Landing::Open => Ok(Step {
            from,
            to,
            die,
            hit: false,
        }),
        Landing::Hit | Landing::Pin => Ok(Step {
            from,
            to,
            die,
            hit: true,
        }),
        Landing::Blocked => Err(StepError::Blocked {
            point: to,
            count: pos.c[side.other().index()][M::opposite(to) as usize],
        }),
    }
}

/// The step rule: may `side` move one checker from `from` with `die` in `pos`, and what step
/// is it? `high` is [`highest`] of the position (callers that try many steps from one
/// position compute it once).
///
/// # Errors
/// The [`StepError`] that forbids the step.
#[inline(always)]
pub(crate) fn step_rule<M: Movement>(
    pos: &Position,
    side: Side,
    from: u8,
    die: u8,
    high: u8,
) -> Result<Step, StepError> {
    origin::<M>(pos, side, from, high)?;
    destination::<M>(pos, side, from, die, high)
}

/// Carry out a step that [`step_rule`] allowed in the same position, in place.
#[inline(always)]
pub(crate) fn apply<M: Movement>(pos: &mut Position, side: Side, st: Step) {
    let me = side.index();
    pos.c[me][st.from as usize] -= 1;
    pos.c[me][st.to as usize] += 1;
    if st.hit && M::HAS_BAR {
        let them = side.other().index();
        let opp = M::opposite(st.to) as usize;
        pos.c[them][opp] -= 1;
        pos.c[them][BAR as usize] += 1;
    }
    if M::PINS {
        let them = side.other().index();
        // The last checker leaving a point releases the opposing checker pinned there.
        if st.from <= 24 && pos.c[me][st.from as usize] == 0 {
            pos.pins[them] &= !(1 << M::opposite(st.from));
        }
        if st.hit {
            pos.pins[them] |= 1 << M::opposite(st.to);
        }
    }
}
