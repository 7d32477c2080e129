//! [`RuleSet`] — a variant with its options — answering every question of the [`Rules`] trait
//! for whichever variant it holds, and the game-level types those answers use.
//!
//! This is the one place that branches on the variant: the layers above ask a `RuleSet` and
//! never look at which game is played. Each method dispatches once to code compiled for the
//! variant's movement policy.

use super::backgammon::Backgammon;
use super::fevga::Fevga;
use super::gul_bara::GulBara;
use super::hypergammon::Hypergammon;
use super::long_nardy::LongNardy;
use super::longgammon::Longgammon;
use super::movement::Pinning;
use super::options::{NextGameStarter, Opening};
use super::search;
use super::tapa::{MotherCheck, Tapa};
use super::turn::TurnPlan;
use super::{
    PlayError, PlaySet, Position, Resolved, Roll, RuleSet, Rules, Segment, Side, StageDice, Step,
    StepError, Steps, Variant,
};

/// Why no cube action is allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoCube {
    /// The game has no doubling cube.
    NotInGame,
    /// The preset (e.g. `short-nardy`) is played without the cube.
    NotInPreset(&'static str),
    /// The cube was switched off (`cube=false`, a header `CubeLimit "1"`).
    Disabled,
}

/// The doubling cube of a variant under its options.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CubeRules {
    /// `Ok` when doubling is allowed, else why not.
    pub available: Result<(), NoCube>,
    /// The Crawford rule in matches.
    pub crawford: bool,
    /// The Jacoby rule in money sessions.
    pub jacoby: bool,
    /// Beavers and raccoons in money sessions.
    pub beaver: bool,
}

impl CubeRules {
    /// A game without a doubling cube (Gul bara, Tapa, Long nardy, Fevga).
    pub const NOT_IN_GAME: CubeRules = CubeRules {
        available: Err(NoCube::NotInGame),
        crawford: false,
        jacoby: false,
        beaver: false,
    };
    /// Does the game have a cube at all (even if switched off)?
    pub fn in_game(&self) -> bool {
        self.available != Err(NoCube::NotInGame)
    }
}

/// The level of a won game, which multiplies the cube.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A single game: 1.
    Single,
    /// A gammon: 2 (the loser bore off nothing).
    Gammon,
    /// A backgammon: 3 (the loser bore off nothing and has a checker on the bar or in the
    /// winner's home board).
    Backgammon,
    /// A mars (Gul bara): 2, the loser bore off nothing.
    Mars,
    /// A koks (Long nardy with `koks = on`): 3, the loser bore off nothing and has no checker
    /// in its home board.
    Koks,
}

impl Level {
    /// The points of this level with the cube at 1.
    pub fn points(self) -> u32 {
        match self {
            Level::Single => 1,
            Level::Gammon | Level::Mars => 2,
            Level::Backgammon | Level::Koks => 3,
        }
    }
    /// The level of a game `winner` has won in `pos` where a game is single or mars (Gul
    /// bara, Fevga): a mars when the loser has borne off nothing.
    pub(crate) fn single_or_mars(pos: &Position, winner: Side) -> Level {
        if pos.off(winner.other()) == 0 {
            Level::Mars
        } else {
            Level::Single
        }
    }
    /// The levels a resignation by `resigner` in `pos` may be worth where a game is single
    /// or mars: a mars only while the resigning player has borne off nothing.
    pub(crate) fn single_or_mars_resigned(pos: &Position, resigner: Side) -> &'static [Level] {
        if pos.off(resigner) == 0 {
            &[Level::Single, Level::Mars]
        } else {
            &[Level::Single]
        }
    }
}

/// Run `$body` with `$r` bound to the variant's rules (a value implementing [`Rules`]).
macro_rules! with_rules {
    ($set:expr, $r:ident => $body:expr) => {
        with_rules!(@each $set, $r => $body;
            GulBara: GulBara,
            Backgammon: Backgammon,
            LongNardy: LongNardy,
            Fevga: Fevga,
            Tapa: Tapa,
            Hypergammon1: Hypergammon<1>,
            Hypergammon2: Hypergammon<2>,
            Hypergammon3: Hypergammon<3>,
            Longgammon: Longgammon,
        )
    };
    (@each $set:expr, $r:ident => $body:expr; $($variant:ident: $rules:ident $(<$n:literal>)?,)+) => {
        match *$set {
            $(RuleSet::$variant(options) => {
                let $r = $rules $(::<$n>)? { options };
                $body
            })+
        }
    };
}

/// Run `$body` with `$m` as the variant's movement policy type.
macro_rules! with_moves {
    ($set:expr, $m:ident => $body:expr) => {
        match *$set {
            RuleSet::GulBara(_) => {
                type $m = <GulBara as Rules>::Moves;
                $body
            }
            RuleSet::Backgammon(_)
            | RuleSet::Hypergammon1(_)
            | RuleSet::Hypergammon2(_)
            | RuleSet::Hypergammon3(_)
            | RuleSet::Longgammon(_) => {
                type $m = <Backgammon as Rules>::Moves;
                $body
            }
            RuleSet::LongNardy(_) | RuleSet::Fevga(_) => {
                type $m = super::running::Running;
                $body
            }
            RuleSet::Tapa(o) => {
                if o.mother_check != MotherCheck::Step {
                    type $m = Pinning<false>;
                    $body
                } else {
                    type $m = <Tapa as Rules>::Moves;
                    $body
                }
            }
        }
    };
}

impl RuleSet {
    /// The position every game starts from.
    pub fn start(&self) -> Position {
        with_rules!(self, r => r.start())
    }
    /// The doubling cube and its rules.
    pub fn cube(&self) -> CubeRules {
        with_rules!(self, r => r.cube())
    }
    /// How a game's first turn is decided.
    pub fn opening(&self) -> Opening {
        with_rules!(self, r => r.opening())
    }
    /// Who starts games after the first.
    pub fn next_game_starter(&self) -> NextGameStarter {
        with_rules!(self, r => r.next_game_starter())
    }
    /// The stages of a turn with `roll` (see [`Rules::turn_plan`]).
    #[inline]
    pub fn turn_plan(&self, roll: Roll, player_roll: u32, game_roll: u32) -> TurnPlan {
        with_rules!(self, r => r.turn_plan(roll, player_roll, game_roll))
    }
    /// Whether doublets can start chains in this game at all.
    pub fn has_chains(&self) -> bool {
        matches!(self, RuleSet::GulBara(_))
    }
    /// The level of a game `winner` has just won by bearing off in `pos`.
    pub fn level(&self, pos: &Position, winner: Side) -> Level {
        with_rules!(self, r => r.level(pos, winner))
    }
    /// The levels a resignation by `resigner` in `pos` may be worth (times the cube).
    pub fn resignation_levels(&self, pos: &Position, resigner: Side) -> &'static [Level] {
        with_rules!(self, r => r.resignation_levels(pos, resigner))
    }
    /// Whether checkers are hit (and so whether the game has a bar).
    pub fn hits(&self) -> bool {
        with_moves!(self, M => <M as super::Movement>::HAS_BAR)
    }
    /// Whether landing on a lone checker pins it (Tapa): a `*` then marks a pin.
    pub fn pins(&self) -> bool {
        with_moves!(self, M => <M as super::Movement>::PINS)
    }
    /// Whether the game is played on backgammon's board and numbering, with a bar: the board
    /// that GNU Backgammon Position IDs and XGIDs describe.
    pub fn backgammon_board(&self) -> bool {
        with_moves!(self, M => <M as super::Movement>::HAS_BAR
            && <M as super::Movement>::opposite(1) == 24)
    }
    /// Whether a record may leave out a play that was forced (`records.md`: an empty cell with
    /// exactly one legal play is that play in backgammon records; in Gul bara an empty cell
    /// always claims that nothing could be played).
    pub fn forced_play_may_be_omitted(&self) -> bool {
        matches!(
            self,
            RuleSet::Backgammon(_)
                | RuleSet::Hypergammon1(_)
                | RuleSet::Hypergammon2(_)
                | RuleSet::Hypergammon3(_)
                | RuleSet::Longgammon(_)
        )
    }
    /// Checkers each side plays with: bearing them all off ends the game.
    #[inline]
    pub fn checkers(&self) -> u8 {
        with_rules!(self, r => r.checkers())
    }
    /// Whether a result of 0 points is read as a claimed draw (Gul bara, whose records write a
    /// draw that way, although the game has none) rather than as a wrong value.
    pub fn zero_result_claims_draw(&self) -> bool {
        matches!(self, RuleSet::GulBara(_))
    }
    /// The same physical point in the other side's numbering.
    #[inline]
    pub fn opposite(&self, point: u8) -> u8 {
        with_moves!(self, M => <M as super::Movement>::opposite(point))
    }
    /// The opposite-numbering function itself (for output that walks every point).
    pub fn opposite_fn(&self) -> fn(u8) -> u8 {
        with_moves!(self, M => <M as super::Movement>::opposite)
    }
    /// Every distinct legal result of one stage (see [`Rules::legal_plays`]).
    pub fn legal_plays(&self, pos: &Position, side: Side, dice: StageDice) -> PlaySet {
        if self.mother_by_turn() {
            return search::legal_plays_from::<Pinning<false>>(pos, side, dice, ());
        }
        with_rules!(self, r => r.legal_plays(pos, side, dice))
    }
    /// Can `side` play at least one step of `dice` from `pos`, by the step rule alone? In a
    /// game with play-level rules (Long nardy's head rule, Fevga's runner rule, the block
    /// rules) those may still forbid every step: [`RuleSet::legal_plays`] then has no step.
    #[inline]
    pub fn can_move(&self, pos: &Position, side: Side, dice: StageDice) -> bool {
        with_rules!(self, r => r.can_move(pos, side, dice))
    }
    /// A written play carried out as it was physically made, whatever the dice and the rules
    /// say (a play made at the board): each hop moves a checker that is there and lands where
    /// a checker may stand, a lone opposing checker hit or pinned. `None` when a hop cannot be
    /// made on the board at all.
    pub fn carry_out(&self, pos: &Position, side: Side, hops: &[(u8, u8)]) -> Option<Position> {
        with_moves!(self, M => super::movement::carry_out::<M>(pos, side, hops))
    }
    /// One single step (see [`Rules::step`]).
    ///
    /// # Errors
    /// The [`StepError`] that forbids it.
    pub fn step(
        &self,
        pos: &Position,
        side: Side,
        from: u8,
        die: u8,
    ) -> Result<(Position, Step), StepError> {
        with_moves!(self, M => search::step::<M>(pos, side, from, die))
    }
    /// Apply a written play step by step (see [`Rules::resolve`]).
    ///
    /// # Errors
    /// A [`PlayError`] naming the first written segment that cannot be played.
    pub fn resolve(
        &self,
        pos: &Position,
        side: Side,
        dice: StageDice,
        segments: &[Segment],
    ) -> Result<Resolved, PlayError> {
        if self.mother_by_turn() {
            return search::resolve_inline_from::<Pinning<false>>(pos, side, dice, segments, ())
                .map(|(position, steps)| Resolved {
                    position,
                    steps: steps.as_slice().to_vec(),
                });
        }
        with_rules!(self, r => r.resolve(pos, side, dice, segments))
    }
    /// [`RuleSet::resolve`] without allocating.
    #[inline]
    pub(crate) fn resolve_inline(
        &self,
        pos: &Position,
        side: Side,
        dice: StageDice,
        segments: &[Segment],
    ) -> Result<(Position, Steps), PlayError> {
        if self.mother_by_turn() {
            return search::resolve_inline_from::<Pinning<false>>(pos, side, dice, segments, ());
        }
        with_rules!(self, r => resolve_inline(&r, pos, side, dice, segments))
    }
    /// Tapa under `mother_check = turn` or `off`: its plays are generated and resolved by the
    /// `Pinning<false>` policy, which leaves the mother to the end of the roll (or to nobody).
    #[inline]
    fn mother_by_turn(&self) -> bool {
        matches!(self, RuleSet::Tapa(o) if o.mother_check != MotherCheck::Step)
    }
    /// The quick forced-play probe (see `search::surely_maximal`).
    #[inline]
    pub(crate) fn surely_maximal(
        &self,
        pos: &Position,
        side: Side,
        dice: StageDice,
        position: &Position,
        used: u8,
    ) -> bool {
        with_moves!(self, M => search::surely_maximal::<M>(pos, side, dice, position, used))
    }
    /// The rules of a roll that is the mover's `player_roll`-th of the game (1-based): Long
    /// nardy's head exception applies to each player's first roll; other games are the same.
    pub fn for_roll(self, player_roll: u32) -> RuleSet {
        match self {
            RuleSet::LongNardy(o) => RuleSet::LongNardy(
                LongNardy { options: o }
                    .on_first_roll(player_roll == 1)
                    .options,
            ),
            other => other,
        }
    }
    /// How the game stands in `pos`: running, or ended by a bear-off, a mother win or a draw
    /// (the last two only in the pinning game).
    pub fn outcome(&self, pos: &Position) -> super::tapa::Outcome {
        match self {
            RuleSet::Tapa(o) => super::tapa::outcome_under(pos, o.mother_check),
            _ => [Side::White, Side::Black]
                .into_iter()
                .find(|&s| pos.off(s) == self.checkers())
                .map_or(super::tapa::Outcome::Running, super::tapa::Outcome::BoreOff),
        }
    }
    /// Rolls in a row that move nothing before the game ends as a 0 : 0 draw (Tapa's
    /// `stuck_rolls`; 0: no such rule).
    pub fn stuck_rolls(&self) -> u32 {
        match self {
            RuleSet::Tapa(o) => o.stuck_rolls,
            _ => 0,
        }
    }
    /// Whether a game can end drawn (Tapa: both mothers pinned, or `stuck_rolls` rolls in a
    /// row that move nothing); in every other game a written draw is wrong.
    pub fn has_draws(&self) -> bool {
        matches!(self, RuleSet::Tapa(_))
    }
    /// Points each player scores for a drawn game (Tapa's `draw_points`; 0 elsewhere).
    pub fn draw_points(&self) -> u64 {
        match self {
            RuleSet::Tapa(o) => o.draw_points as u64,
            _ => 0,
        }
    }
    /// The variant (as [`RuleSet::variant`] does), for symmetry with [`Rules::variant`].
    pub fn game(&self) -> Variant {
        self.variant()
    }
}

/// [`RuleSet::resolve_inline`] for one variant's rules, from its play-level state.
#[inline(always)]
fn resolve_inline<R: Rules>(
    r: &R,
    pos: &Position,
    side: Side,
    dice: StageDice,
    segments: &[Segment],
) -> Result<(Position, Steps), PlayError> {
    let init = r.play_state(pos, side, dice);
    search::resolve_inline_from::<R::Moves>(pos, side, dice, segments, init)
}
