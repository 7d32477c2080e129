//! OGID, the position identifier of OGXM (HedgeHog's and OpenGammon's match format): a
//! backgammon position with its cube, dice, game state, score, match length and move number in
//! one line, e.g. the starting position with White to play the opening 3-1:
//!
//! ```text
//! 11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:1:0
//! ```
//!
//! Ten fields separated by `:`, and an optional eleventh (an `OGID=` before them is accepted
//! when reading):
//!
//! 1. **White's checkers**, one character a checker naming its **absolute point** (`0`–`9`,
//!    then `a`–`p` for 10–25), sorted ascending. Point 0 is White's bar, 1–24 run from White's
//!    home board to Black's, 25 is Black's bar: White's own point `p` is absolute `25 − p`.
//!    Borne-off checkers are not written.
//! 2. **Black's checkers**, likewise; Black's own point `p` is absolute `p`, its bar 25.
//! 3. **Cube**: the owner (`N` centred, `W`, `B`, `D` dead, `?` unknown), the value as a
//!    power of two (`0` = 1), and the cube action (`N` none, `O` offered, `T` taken, `P`
//!    passed): `N0N`, `W1T`, `B2N`.
//! 4. **Dice**, empty when none are rolled; OGXM's codec writes them low die first (`13`).
//! 5. **The colour of the player who made the last action** (`W` or `B`): the player on roll
//!    is the other one.
//! 6. **Game state**: `IB` (also `IW`) the start of a game, before its first action (with
//!    the opening roll's dice once rolled); `R` dice rolled, to be played; `C` a play made,
//!    the next player to double or roll; `D` a double offered, awaiting its answer; `A` the
//!    double taken; `G` the game over by a pass. `P`, `M`, `RG` and `RM` are read too.
//! 7. **White's score**, 8. **Black's score**, before the game.
//! 9. **Match length**, `0` for money play, with `C` for the Crawford game (also `L` for a
//!    game after it, `G<n>` for a money session of `n` games).
//! 10. **Move number**: the plays made in the game so far (cube actions and resignations do
//!     not count).
//! 11. Optionally, **checkers a side** when not 15.
//!
//! The reference is OGXM's codec (`libogxm`, the PyPI package `ogxm`): the OGIDs its replay
//! gives before and after every ply (`ogid_before`, `ogid_after`) are what [`OgidGame`]
//! follows, field for field. Where the codec writes no checker count (its hypergammon, with
//! three checkers a side), none is written here either; tavla's one- and two-checker
//! hypergammon, which OGXM does not have, write theirs.

mod game;
mod parse;
#[cfg(test)]
mod tests;

use std::fmt;

use super::{CHECKERS, MatchContext, PositionFormat};
use crate::rules::{Position, Roll, Side};

pub use game::{OgidGame, PlyOgids, crawford_games};

const FORMAT: PositionFormat = PositionFormat::Ogid;

/// Who owns the cube, as the third field writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CubeOwner {
    /// `N`: centred.
    Centred,
    /// `W` or `B`: that player's.
    Side(Side),
    /// `D`: dead (no more doubling).
    Dead,
    /// `?`: not known.
    Unknown,
}

impl CubeOwner {
    fn letter(self) -> char {
        match self {
            CubeOwner::Centred => 'N',
            CubeOwner::Side(Side::White) => 'W',
            CubeOwner::Side(Side::Black) => 'B',
            CubeOwner::Dead => 'D',
            CubeOwner::Unknown => '?',
        }
    }

    /// The owning side, if a player owns the cube.
    pub fn side(self) -> Option<Side> {
        match self {
            CubeOwner::Side(s) => Some(s),
            _ => None,
        }
    }
}

/// The cube action of the third field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// `N`: none pending.
    None,
    /// `O`: a double offered.
    Offered,
    /// `T`: the double taken (until the next play).
    Taken,
    /// `P`: the double passed.
    Passed,
}

impl CubeAction {
    fn letter(self) -> char {
        match self {
            CubeAction::None => 'N',
            CubeAction::Offered => 'O',
            CubeAction::Taken => 'T',
            CubeAction::Passed => 'P',
        }
    }
}

/// The game state of the sixth field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// `IB`: the start of a game (OGXM's codec writes it before a game's first ply, with the
    /// opening roll's dice).
    InitialBoth,
    /// `IW`: the start of a game, White to roll.
    InitialWhite,
    /// `R`: dice rolled, to be played.
    Rolled,
    /// `C`: a play made; the next player to double or roll.
    CubeDecision,
    /// `D`: a double offered, awaiting its answer.
    Doubled,
    /// `A`: the double taken.
    Accepted,
    /// `P`: the double passed.
    Passed,
    /// `G`: the game over.
    GameOver,
    /// `M`: the match over.
    MatchOver,
    /// `RG`: a resignation of the game.
    ResignedGame,
    /// `RM`: a resignation of the match.
    ResignedMatch,
}

impl GameState {
    const ALL: [GameState; 11] = [
        GameState::InitialBoth,
        GameState::InitialWhite,
        GameState::Rolled,
        GameState::CubeDecision,
        GameState::Doubled,
        GameState::Accepted,
        GameState::Passed,
        GameState::GameOver,
        GameState::MatchOver,
        GameState::ResignedGame,
        GameState::ResignedMatch,
    ];

    /// The code as written (`IB`, `R`, `C`, …).
    pub fn code(self) -> &'static str {
        match self {
            GameState::InitialBoth => "IB",
            GameState::InitialWhite => "IW",
            GameState::Rolled => "R",
            GameState::CubeDecision => "C",
            GameState::Doubled => "D",
            GameState::Accepted => "A",
            GameState::Passed => "P",
            GameState::GameOver => "G",
            GameState::MatchOver => "M",
            GameState::ResignedGame => "RG",
            GameState::ResignedMatch => "RM",
        }
    }

    /// Whether the game is over (`G`, `M`).
    pub fn is_over(self) -> bool {
        matches!(self, GameState::GameOver | GameState::MatchOver)
    }
}

/// What follows the match length in the ninth field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LengthMark {
    /// Nothing.
    None,
    /// `C`: the Crawford game.
    Crawford,
    /// `L`: a game after the Crawford game.
    PostCrawford,
    /// `G<n>`: a money session of `n` games.
    Games(u64),
}

impl LengthMark {
    /// The mark of a game in `context`: `C` for the Crawford game of a match, else none.
    fn of(context: &MatchContext) -> LengthMark {
        if context.crawford && context.match_length > 0 {
            LengthMark::Crawford
        } else {
            LengthMark::None
        }
    }
}

/// Everything an OGID says. Decode with [`str::parse`] ([`FromStr`](std::str::FromStr)), encode with
/// [`Display`](fmt::Display) (`to_string()` gives the OGID without a prefix, as OGXM's codec
/// writes it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ogid {
    /// The position, each side in its own numbering (borne-off checkers filled up to the
    /// checkers a side: [`Ogid::checkers`], else 15).
    pub position: Position,
    /// Cube value, a power of two from 1 to 2^15.
    pub cube: u32,
    /// Cube owner.
    pub cube_owner: CubeOwner,
    /// The cube action.
    pub cube_action: CubeAction,
    /// The dice, as written (OGXM's codec writes the low die first); `None` when none are
    /// rolled.
    pub dice: Option<Roll>,
    /// The player who made the last action (the fifth field).
    pub last: Side,
    /// The game state.
    pub state: GameState,
    /// White's score before the game.
    pub white_score: u64,
    /// Black's score before the game.
    pub black_score: u64,
    /// Match length; 0 for money play.
    pub match_length: u64,
    /// `C`, `L` or `G<n>` after the match length.
    pub length_mark: LengthMark,
    /// The plays made in the game so far.
    pub move_id: u64,
    /// The eleventh field: checkers a side, where written.
    pub checkers: Option<u8>,
}

impl Ogid {
    /// `position` with `on_roll` to roll (the other side made the last action, a play): no
    /// dice, state `C`, centred 1-cube, money play, move 0.
    pub fn new(position: Position, on_roll: Side) -> Self {
        Ogid {
            position,
            cube: 1,
            cube_owner: CubeOwner::Centred,
            cube_action: CubeAction::None,
            dice: None,
            last: on_roll.other(),
            state: GameState::CubeDecision,
            white_score: 0,
            black_score: 0,
            match_length: 0,
            length_mark: LengthMark::None,
            move_id: 0,
            checkers: None,
        }
    }

    /// The player who acts next: the other of [`Ogid::last`]; with a double offered (`D`),
    /// the doubler, who rolls next if it is taken (as an XGID's turn field says); `None` at
    /// the start of a game without dice (`IB`: the opening roll decides) and once it is over.
    pub fn on_roll(&self) -> Option<Side> {
        match self.state {
            GameState::InitialBoth if self.dice.is_none() => None,
            GameState::InitialWhite if self.dice.is_none() => Some(Side::White),
            GameState::Doubled => Some(self.last),
            s if s.is_over() => None,
            _ => Some(self.last.other()),
        }
    }

    /// Cube and score as a [`MatchContext`] (a dead or unknown cube as centred).
    pub fn context(&self) -> MatchContext {
        MatchContext {
            cube: self.cube,
            cube_owner: self.cube_owner.side(),
            white_score: self.white_score,
            black_score: self.black_score,
            match_length: self.match_length,
            crawford: self.length_mark == LengthMark::Crawford,
        }
    }
}

/// The checker count to write in the eleventh field for `n` checkers a side: none for 15, nor
/// for 3 (OGXM's hypergammon, whose OGIDs its codec writes without one).
pub fn checker_field(n: u8) -> Option<u8> {
    (u32::from(n) != CHECKERS && n != 3).then_some(n)
}

/// The OGID of `pos` alone, with `on_roll` to move, `dice` rolled (`None`: to roll) and the
/// cube and score of `context`: the last action the other side's play (state `R` with dice,
/// `C` without), move 0, the checker count written as [`checker_field`] says.
///
/// `pos` should pass [`super::validate`]; any other position still gives a string and never a
/// panic.
pub fn ogid(pos: &Position, on_roll: Side, dice: Option<Roll>, context: &MatchContext) -> String {
    let n: u32 = pos.side(Side::White).iter().map(|&c| u32::from(c)).sum();
    Ogid {
        dice: dice.filter(|r| r.is_valid()),
        state: if dice.is_some() {
            GameState::Rolled
        } else {
            GameState::CubeDecision
        },
        cube: context.cube,
        cube_owner: context
            .cube_owner
            .map_or(CubeOwner::Centred, CubeOwner::Side),
        white_score: context.white_score,
        black_score: context.black_score,
        match_length: context.match_length,
        length_mark: LengthMark::of(context),
        checkers: checker_field(u8::try_from(n).unwrap_or(u8::MAX)),
        ..Ogid::new(*pos, on_roll)
    }
    .to_string()
}

/// The absolute point of a checker character, if it is one.
fn char_point(c: char) -> Option<u8> {
    match c {
        '0'..='9' | 'a'..='p' => c.to_digit(26).map(|d| d as u8),
        _ => None,
    }
}

/// log2 of a power of two (of the highest bit set otherwise); 0 for 0.
fn log2(v: u32) -> u32 {
    v.max(1).ilog2()
}

impl Ogid {
    /// Appends the OGID's bytes (ASCII, what `Display` writes) to `out`, without the
    /// formatting machinery: the match document writes one per action.
    pub fn write_bytes(&self, out: &mut Vec<u8>) {
        const POINTS: &[u8; 26] = b"0123456789abcdefghijklmnop";
        /// `n` times `ch`.
        fn checkers(out: &mut Vec<u8>, ch: u8, n: u8) {
            match n {
                0 => {}
                1..=16 => {
                    // A copy of a known size, cut to the count.
                    let at = out.len();
                    out.extend_from_slice(&[ch; 16]);
                    out.truncate(at + usize::from(n));
                }
                _ => out.resize(out.len() + usize::from(n), ch),
            }
        }
        let c = &self.position.c;
        // White's own point `25 - a` is absolute `a` (its bar, own 25, is absolute 0); its
        // checkers borne off are not written.
        // Each side's board is walked by its occupied points (own 1–25), not point by point.
        let occupied = |counts: &[u8; 26]| {
            let mut m = 0u32;
            for (p, &n) in counts.iter().enumerate() {
                m |= u32::from(n != 0) << p;
            }
            m & 0x03ff_fffe
        };
        let white = &c[Side::White.index()];
        let mut points = occupied(white);
        while points != 0 {
            let own = 31 - points.leading_zeros() as usize;
            points &= !(1 << own);
            checkers(out, POINTS[25 - own], white[own]);
        }
        out.push(b':');
        // Black's own point is absolute, its bar 25.
        let black = &c[Side::Black.index()];
        let mut points = occupied(black);
        while points != 0 {
            let own = points.trailing_zeros() as usize;
            points &= points - 1;
            checkers(out, POINTS[own], black[own]);
        }
        out.extend_from_slice(&[b':', self.cube_owner.letter() as u8]);
        super::push_uint(out, u64::from(log2(self.cube)));
        out.extend_from_slice(&[self.cube_action.letter() as u8, b':']);
        if let Some(r) = self.dice.filter(|r| r.is_valid()) {
            super::push_uint(out, u64::from(r.a));
            super::push_uint(out, u64::from(r.b));
        }
        out.extend_from_slice(match self.last {
            Side::White => b":W:",
            Side::Black => b":B:",
        });
        out.extend_from_slice(self.state.code().as_bytes());
        for v in [self.white_score, self.black_score, self.match_length] {
            out.push(b':');
            super::push_uint(out, v);
        }
        match self.length_mark {
            LengthMark::None => {}
            LengthMark::Crawford => out.push(b'C'),
            LengthMark::PostCrawford => out.push(b'L'),
            LengthMark::Games(n) => {
                out.push(b'G');
                super::push_uint(out, n);
            }
        }
        out.push(b':');
        super::push_uint(out, self.move_id);
        if let Some(n) = self.checkers {
            out.push(b':');
            super::push_uint(out, u64::from(n));
        }
    }
}

impl fmt::Display for Ogid {
    /// The OGID without a prefix. A count above the field's reach is written as it stands
    /// (one character a checker), an invalid roll as no dice.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut b = Vec::with_capacity(64);
        self.write_bytes(&mut b);
        // Every byte is ASCII.
        f.write_str(std::str::from_utf8(&b).unwrap_or_default())
    }
}
