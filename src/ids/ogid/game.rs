//! A game's OGIDs ply by ply, as OGXM's codec replays them, and the games it marks as the
//! Crawford game.

use super::{CubeAction, CubeOwner, GameState, LengthMark, Ogid};
use crate::ids::MatchContext;
use crate::rules::{Position, Roll, Side};

/// Two OGIDs of one ply: before it and after it (`None` when the ply was not replayed).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlyOgids {
    /// Before the ply (as OGXM's `ogid_before`).
    pub before: Ogid,
    /// After it (as OGXM's `ogid_after`).
    pub after: Option<Ogid>,
}

/// A game's OGIDs as OGXM's codec replays them, ply by ply: each method takes one ply and
/// gives the OGID before it and after it, and the game goes on from the one after.
///
/// - The game starts in state `IB`, the last action the other player's than the first
///   ply's, move 0, centred 1-cube.
/// - Before every ply, the colour is the other player's than the one acting (so also when one
///   player acts twice in a row, as in a resignation after one's own play).
/// - A roll: before it the dice (low first) and state `R` (`IB` still at the game's first
///   ply); after it the board played, no dice, state `C`, the colour the
///   mover's, a taken cube's `T` back to `N`, the move number one up (not for a play made at
///   the board, which OGXM writes as a set-position ply, its dice as the ply stores them).
/// - A double: cube action `O`, state `D`, the doubler's colour.
/// - A take: the cube doubled and the taker's, action `T`, state `A`, the taker's colour.
/// - A pass: action `P`, state `G`, the passer's colour.
/// - A resignation: only the colour, the resigner's.
/// - A beaver (and a raccoon), which the codec does not write: the cube doubled again (the
///   beaverer's, the raccooner's), action `T`, state `A`, that player's colour.
#[derive(Clone, Debug)]
pub struct OgidGame {
    now: Ogid,
    /// The cube value before the double pending, if any.
    offered_from: Option<u32>,
}

impl OgidGame {
    /// A game starting from `start` whose first ply is `first`'s, at the score before it;
    /// `crawford`: the Crawford game (see [`crawford_games`]); `checkers`: the eleventh field,
    /// if written.
    pub fn new(start: Position, first: Side, context: &MatchContext, checkers: Option<u8>) -> Self {
        let now = Ogid {
            state: GameState::InitialBoth,
            white_score: context.white_score,
            black_score: context.black_score,
            match_length: context.match_length,
            length_mark: LengthMark::of(context),
            checkers,
            ..Ogid::new(start, first)
        };
        OgidGame {
            now,
            offered_from: None,
        }
    }

    /// The OGID as the game stands (after the last ply taken).
    pub fn now(&self) -> &Ogid {
        &self.now
    }

    /// The OGID before an action of `side`'s: as the game stands, the last action the other
    /// player's (as OGXM's codec writes it also when `side` made the last one, such as a
    /// resignation after one's own play).
    pub fn before(&self, side: Side) -> Ogid {
        Ogid {
            last: side.other(),
            ..self.now
        }
    }

    /// The OGID before `side`'s roll of `dice`, not yet played: the dice low first (OGXM's
    /// codec writes a roll's dice from its action number, which does not keep their order), or
    /// as given for a play made at the board (`at_board`: OGXM's set-position ply, whose dice
    /// the codec writes as the ply stores them).
    pub fn before_roll(&self, side: Side, dice: Roll, at_board: bool) -> Ogid {
        Ogid {
            dice: Some(if at_board {
                dice
            } else {
                Roll {
                    a: dice.low(),
                    b: dice.high(),
                }
            }),
            state: if self.now.state == GameState::InitialBoth {
                GameState::InitialBoth
            } else {
                GameState::Rolled
            },
            ..self.before(side)
        }
    }

    /// `side` rolls `dice` and leaves `after`; `at_board`: a play made at the board, which
    /// OGXM writes as a set-position ply (no move; its dice as given).
    pub fn roll(&mut self, side: Side, dice: Roll, after: Position, at_board: bool) -> PlyOgids {
        let before = self.before_roll(side, dice, at_board);
        self.now = Ogid {
            position: after,
            dice: None,
            last: side,
            state: GameState::CubeDecision,
            cube_action: match self.now.cube_action {
                CubeAction::Taken => CubeAction::None,
                a => a,
            },
            move_id: self.now.move_id + u64::from(!at_board),
            ..self.now
        };
        PlyOgids {
            before,
            after: Some(self.now),
        }
    }

    fn step(&mut self, side: Side, change: impl FnOnce(&mut Ogid)) -> PlyOgids {
        let before = self.before(side);
        change(&mut self.now);
        self.now.last = side;
        PlyOgids {
            before,
            after: Some(self.now),
        }
    }

    /// `side` doubles.
    pub fn double(&mut self, side: Side) -> PlyOgids {
        self.offered_from = Some(self.now.cube);
        self.step(side, |o| {
            o.cube_action = CubeAction::Offered;
            o.state = GameState::Doubled;
        })
    }

    /// `side` takes the double.
    pub fn take(&mut self, side: Side) -> PlyOgids {
        let from = self.offered_from.take().unwrap_or(self.now.cube);
        self.step(side, |o| {
            o.cube = from.saturating_mul(2);
            o.cube_owner = CubeOwner::Side(side);
            o.cube_action = CubeAction::Taken;
            o.state = GameState::Accepted;
        })
    }

    /// `side` passes the double.
    pub fn pass(&mut self, side: Side) -> PlyOgids {
        self.offered_from = None;
        self.step(side, |o| {
            o.cube_action = CubeAction::Passed;
            o.state = GameState::GameOver;
        })
    }

    /// `side` beavers (or raccoons) the double: the cube doubled once more, and `side`'s.
    pub fn redouble(&mut self, side: Side) -> PlyOgids {
        let from = self.offered_from.take().unwrap_or(self.now.cube);
        let value = match self.now.cube_action {
            // A raccoon after a beaver: the beavered cube doubled.
            CubeAction::Taken => self.now.cube.saturating_mul(2),
            _ => from.saturating_mul(4),
        };
        self.step(side, |o| {
            o.cube = value;
            o.cube_owner = CubeOwner::Side(side);
            o.cube_action = CubeAction::Taken;
            o.state = GameState::Accepted;
        })
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> PlyOgids {
        self.step(side, |_| {})
    }
}

/// Which games of a match OGXM's codec marks as the Crawford game (`C` after the match
/// length): with the Crawford rule in a match, the first game at whose start a player stands
/// one point from the match (so the first game of a one-point match too). `scores`: each
/// game's score before it (White, Black).
pub fn crawford_games(scores: &[(u64, u64)], match_length: u64, crawford_rule: bool) -> Vec<bool> {
    let mut seen = false;
    scores
        .iter()
        .map(|&(w, b)| {
            let at = crawford_rule
                && match_length > 0
                && (w + 1 == match_length || b + 1 == match_length);
            let first = at && !seen;
            seen |= at;
            first
        })
        .collect()
}
