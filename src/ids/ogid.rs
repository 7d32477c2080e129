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

use std::fmt;
use std::str::FromStr;

use super::{CHECKERS, MatchContext, PositionError, PositionFormat, shorten};
use crate::rules::{BAR, OFF, Position, Roll, Side};

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

/// Everything an OGID says. Decode with [`str::parse`] ([`FromStr`]), encode with
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
        length_mark: if context.crawford && context.match_length > 0 {
            LengthMark::Crawford
        } else {
            LengthMark::None
        },
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
        let white = &c[Side::White.index()];
        for (a, &ch) in POINTS[..25].iter().enumerate() {
            checkers(out, ch, white[25 - a]);
        }
        out.push(b':');
        // Black's own point is absolute, its bar 25.
        let black = &c[Side::Black.index()];
        for (a, &ch) in POINTS.iter().enumerate().skip(1) {
            checkers(out, ch, black[a]);
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

/// A field error.
fn bad(field: &'static str, value: &str, expected: &'static str) -> PositionError {
    PositionError::Field {
        format: FORMAT,
        field,
        value: shorten(value, 20),
        expected,
    }
}

/// A whole number written in ASCII digits only (at most 18 of them).
fn number(field: &'static str, value: &str, expected: &'static str) -> Result<u64, PositionError> {
    if value.is_empty() || value.len() > 18 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad(field, value, expected));
    }
    value.parse().map_err(|_| bad(field, value, expected))
}

/// One side's checkers (the first or second field) added onto `pos`; how many there are.
fn checkers_of(s: &str, side: Side, pos: &mut Position) -> Result<u32, PositionError> {
    let (own_bar, their_bar) = match side {
        Side::White => (0u8, 25u8),
        Side::Black => (25, 0),
    };
    let mut total = 0u32;
    for (index, c) in s.chars().enumerate() {
        let expected = match side {
            Side::White => {
                "a point `0`-`9` or `a`-`o` (White's checkers: 0 its bar, 1-24 the points; 25 is Black's bar)"
            }
            Side::Black => {
                "a point `1`-`9` or `a`-`p` (Black's checkers: 1-24 the points, 25 its bar; 0 is White's bar)"
            }
        };
        let Some(abs) = char_point(c).filter(|&a| a != their_bar) else {
            return Err(PositionError::BadCharacter {
                format: FORMAT,
                index,
                found: c,
                expected,
            });
        };
        let own = match side {
            _ if abs == own_bar => BAR,
            Side::White => 25 - abs,
            Side::Black => abs,
        };
        pos.set(side, own, pos.count(side, own).saturating_add(1));
        total += 1;
    }
    Ok(total)
}

impl FromStr for Ogid {
    type Err = PositionError;

    /// Decode an OGID, with or without `OGID=` (or `OGID:`, any case) and surrounding
    /// whitespace. Checkers may stand in any order within their field.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first field that is wrong, or a position that cannot
    /// occur (more checkers than a side has, a point held by both sides, both sides borne
    /// off).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let body = match s.get(..5) {
            Some(p) if p.eq_ignore_ascii_case("ogid=") || p.eq_ignore_ascii_case("ogid:") => {
                &s[5..]
            }
            _ => s,
        };
        let fields: Vec<&str> = body.split(':').collect();
        let (base, checkers_text) = match fields.len() {
            10 => (&fields[..], None),
            11 => (&fields[..10], Some(fields[10])),
            found => {
                return Err(PositionError::FieldCount {
                    format: FORMAT,
                    expected: 10,
                    found,
                });
            }
        };
        let [
            white,
            black,
            cube,
            dice,
            last,
            state,
            white_score,
            black_score,
            length,
            move_id,
        ] = base
        else {
            return Err(PositionError::FieldCount {
                format: FORMAT,
                expected: 10,
                found: fields.len(),
            });
        };
        let checkers = match checkers_text {
            None => None,
            Some(t) => {
                const EXPECTED: &str = "checkers a side, 1 to 15";
                let n = number("the checker count", t, EXPECTED)?;
                if !(1..=u64::from(CHECKERS)).contains(&n) {
                    return Err(bad("the checker count", t, EXPECTED));
                }
                Some(n as u8)
            }
        };
        let limit = checkers.map_or(CHECKERS, u32::from);
        let mut position = Position::empty();
        for (text, side) in [(*white, Side::White), (*black, Side::Black)] {
            let count = checkers_of(text, side, &mut position)?;
            match checkers_text {
                Some(t) if count > limit => {
                    return Err(bad(
                        "the checker count",
                        t,
                        "at least the checkers a side has on the board",
                    ));
                }
                _ if count > limit => return Err(PositionError::CheckerCount { side, count }),
                _ => {}
            }
            position.set(side, OFF, (limit - count) as u8);
        }
        // The cube: owner, exponent, action.
        const CUBE: &str = "an owner (N, W, B, D or ?), the value's exponent 0 to 15 and an action (N, O, T or P), e.g. N0N";
        let cube_bytes = cube.as_bytes();
        if cube_bytes.len() < 3 || !cube.is_ascii() {
            return Err(bad("the cube field", cube, CUBE));
        }
        let cube_owner = match cube_bytes[0] {
            b'N' => CubeOwner::Centred,
            b'W' => CubeOwner::Side(Side::White),
            b'B' => CubeOwner::Side(Side::Black),
            b'D' => CubeOwner::Dead,
            b'?' => CubeOwner::Unknown,
            _ => return Err(bad("the cube field", cube, CUBE)),
        };
        let cube_action = match cube_bytes[cube_bytes.len() - 1] {
            b'N' => CubeAction::None,
            b'O' => CubeAction::Offered,
            b'T' => CubeAction::Taken,
            b'P' => CubeAction::Passed,
            _ => return Err(bad("the cube field", cube, CUBE)),
        };
        let exponent = &cube[1..cube.len() - 1];
        let exponent = number("the cube field", exponent, CUBE)
            .ok()
            .filter(|&e| e <= 15)
            .ok_or_else(|| bad("the cube field", cube, CUBE))?;
        let dice = match dice.as_bytes() {
            [] => None,
            &[a @ b'1'..=b'6', b @ b'1'..=b'6'] => Some(Roll {
                a: a - b'0',
                b: b - b'0',
            }),
            _ => {
                return Err(bad(
                    "the dice field",
                    dice,
                    "empty (no dice rolled) or two dice 1 to 6",
                ));
            }
        };
        let last = match *last {
            "W" => Side::White,
            "B" => Side::Black,
            other => {
                return Err(bad(
                    "the colour field",
                    other,
                    "W or B (the player who made the last action)",
                ));
            }
        };
        let state = GameState::ALL
            .into_iter()
            .find(|g| g.code() == *state)
            .ok_or_else(|| {
                bad(
                    "the game state",
                    state,
                    "IB, IW, R, C, D, A, P, G, M, RG or RM",
                )
            })?;
        let white_score = number("White's score", white_score, "a whole number")?;
        let black_score = number("Black's score", black_score, "a whole number")?;
        const LENGTH: &str =
            "a whole number (0 for money), optionally followed by C, L or G and a number of games";
        let digits = length.bytes().take_while(u8::is_ascii_digit).count();
        let match_length = number("the match length", &length[..digits], LENGTH)
            .map_err(|_| bad("the match length", length, LENGTH))?;
        let length_mark = match &length[digits..] {
            "" => LengthMark::None,
            "C" => LengthMark::Crawford,
            "L" => LengthMark::PostCrawford,
            g if g.starts_with('G') => LengthMark::Games(
                number("the match length", &g[1..], LENGTH)
                    .map_err(|_| bad("the match length", length, LENGTH))?,
            ),
            _ => return Err(bad("the match length", length, LENGTH)),
        };
        if match_length > 0 {
            for (score, field, text) in [
                (white_score, "White's score", base[6]),
                (black_score, "Black's score", base[7]),
            ] {
                if score >= match_length {
                    return Err(bad(field, text, "a score below the match length"));
                }
            }
        }
        let move_id = number("the move number", move_id, "a whole number")?;
        check_board(&position, limit)?;
        Ok(Ogid {
            position,
            cube: 1 << exponent,
            cube_owner,
            cube_action,
            dice,
            last,
            state,
            white_score,
            black_score,
            match_length,
            length_mark,
            move_id,
            checkers,
        })
    }
}

/// No point held by both sides, not both sides borne off.
fn check_board(pos: &Position, checkers: u32) -> Result<(), PositionError> {
    for p in 1..=24u8 {
        if pos.count(Side::White, p) > 0 && pos.count(Side::Black, 25 - p) > 0 {
            return Err(PositionError::SharedPoint { point: p });
        }
    }
    if u32::from(pos.count(Side::White, OFF)) == checkers
        && u32::from(pos.count(Side::Black, OFF)) == checkers
    {
        return Err(PositionError::BothBorneOff);
    }
    Ok(())
}

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
            length_mark: if context.crawford && context.match_length > 0 {
                LengthMark::Crawford
            } else {
                LengthMark::None
            },
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::backgammon::Backgammon;
    use crate::rules::options::BackgammonOptions;

    fn start() -> Position {
        Backgammon {
            options: BackgammonOptions::preset("backgammon").unwrap(),
        }
        .start()
    }

    #[test]
    fn the_codecs_opening_ogid_reads_and_writes_back() {
        let s = "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0";
        let o: Ogid = s.parse().unwrap();
        assert_eq!(o.position, start());
        assert_eq!(o.dice, Some(Roll { a: 1, b: 3 }));
        assert_eq!(
            (o.last, o.state, o.on_roll()),
            (Side::Black, GameState::InitialBoth, Some(Side::White))
        );
        assert_eq!(o.to_string(), s);
        assert_eq!(format!("OGID={s}").parse::<Ogid>().unwrap(), o);
        assert_eq!(format!("  ogid={s}\n").parse::<Ogid>().unwrap(), o);
    }

    #[test]
    fn every_field_reads_and_writes_back() {
        for s in [
            "0ffiijjjllmmooo:222445566679ckk:W2T:26:W:R:0:6:0:56",
            "00jjj:66ppp:N0N::B:C:0:0:0:0",
            "11cccehhhhjjjjj:666668889ddddio:N0O::B:D:0:1:5:2",
            "123:mno:N0N:13:B:IB:0:0:3:0",
            "nnoo:1122446667cccdd:B4P::W:G:3:8:11C:41",
            "o:2:D3N::W:C:2:1:7L:9:2",
            "o:2:?0N:65:B:R:2:1:0G4:9:2",
        ] {
            let o: Ogid = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(o.to_string(), s);
        }
        // Checkers in any order are read; written sorted.
        let o: Ogid = "11jjjjjhhhccccc:ooddddd88866666:N0N::W:IW:0:0:1:0"
            .parse()
            .unwrap();
        assert_eq!(o.position, start());
        assert_eq!(
            o.to_string(),
            "11ccccchhhjjjjj:66666888dddddoo:N0N::W:IW:0:0:1:0"
        );
        assert_eq!(o.on_roll(), Some(Side::White));
    }

    #[test]
    fn bars_map_to_each_sides_own_bar() {
        let o: Ogid = "00jjj:66ppp:N0N::B:C:0:0:0:0".parse().unwrap();
        assert_eq!(o.position.count(Side::White, BAR), 2);
        assert_eq!(o.position.count(Side::White, 6), 3);
        assert_eq!(o.position.count(Side::Black, BAR), 3);
        assert_eq!(o.position.count(Side::Black, 6), 2);
        assert_eq!(o.position.count(Side::White, OFF), 10);
    }

    #[test]
    fn malformed_ogids_are_typed_errors() {
        let ok = "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0";
        assert!(ok.parse::<Ogid>().is_ok());
        for c in [
            "",
            "OGID=",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0:15:1",
            "11ccccchhhjjjjjq:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
            "11ccccchhhjjjjX:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
            "p1ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
            "11ccccchhhjjjjj:06666888dddddoo:N0N:13:B:IB:0:0:5:0",
            "111ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
            "11ccccchhhjjjj6:66666888dddddoo:N0N:13:B:IB:0:0:5:0",
            "::N0N::B:C:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:X0N:13:B:IB:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N16N:13:B:IB:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:NN:13:B:IB:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0X:13:B:IB:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:17:B:IB:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:1:B:IB:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:X:IB:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:XX:0:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:-1:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:5:0:5:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5X:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5G:0",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:x",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0:16",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:5:0:3",
            "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:IB:0:0:99999999999999999999:0",
        ] {
            let e = c.parse::<Ogid>();
            assert!(e.is_err(), "{c} was accepted");
            assert!(!e.unwrap_err().to_string().is_empty());
        }
    }

    #[test]
    fn the_game_follows_the_codecs_states() {
        // The codec's replay of fixtures/ogxm/drop.ogxm, game 2.
        let ctx = MatchContext {
            black_score: 1,
            match_length: 5,
            ..MatchContext::default()
        };
        let mut g = OgidGame::new(start(), Side::Black, &ctx, None);
        let after: Ogid = "11ccccchhhjjjjj:666668889ddddio:N0N::B:C:0:1:5:1"
            .parse()
            .unwrap();
        let p = g.roll(Side::Black, Roll { a: 6, b: 4 }, after.position, false);
        assert_eq!(
            p.before.to_string(),
            "11ccccchhhjjjjj:66666888dddddoo:N0N:46:W:IB:0:1:5:0"
        );
        assert_eq!(p.after.unwrap().to_string(), after.to_string());
        let after: Ogid = "11cccehhhhjjjjj:666668889ddddio:N0N::W:C:0:1:5:2"
            .parse()
            .unwrap();
        let p = g.roll(Side::White, Roll { a: 5, b: 2 }, after.position, false);
        assert_eq!(
            p.before.to_string(),
            "11ccccchhhjjjjj:666668889ddddio:N0N:25:B:R:0:1:5:1"
        );
        assert_eq!(p.after.unwrap(), after);
        let p = g.double(Side::Black);
        assert_eq!(
            p.after.unwrap().to_string(),
            "11cccehhhhjjjjj:666668889ddddio:N0O::B:D:0:1:5:2"
        );
        assert_eq!(p.after.unwrap().on_roll(), Some(Side::Black));
        let p = g.take(Side::White);
        assert_eq!(
            p.after.unwrap().to_string(),
            "11cccehhhhjjjjj:666668889ddddio:W1T::W:A:0:1:5:2"
        );
        let p = g.resign(Side::Black);
        assert_eq!(
            p.before.to_string(),
            "11cccehhhhjjjjj:666668889ddddio:W1T::W:A:0:1:5:2"
        );
        assert_eq!(
            p.after.unwrap().to_string(),
            "11cccehhhhjjjjj:666668889ddddio:W1T::B:A:0:1:5:2"
        );
    }

    #[test]
    fn the_crawford_game_is_the_first_at_one_away() {
        assert_eq!(
            crawford_games(&[(0, 0), (4, 2), (4, 3)], 5, true),
            [false, true, false]
        );
        assert_eq!(crawford_games(&[(0, 0), (0, 0)], 1, true), [true, false]);
        assert_eq!(crawford_games(&[(4, 2)], 5, false), [false]);
        assert_eq!(crawford_games(&[(4, 2)], 0, true), [false]);
    }

    #[test]
    fn a_lone_position_is_written_to_roll_or_to_play() {
        let ctx = MatchContext {
            cube: 2,
            cube_owner: Some(Side::White),
            white_score: 2,
            black_score: 4,
            match_length: 7,
            crawford: false,
        };
        assert_eq!(
            ogid(&start(), Side::White, None, &ctx),
            "11ccccchhhjjjjj:66666888dddddoo:W1N::B:C:2:4:7:0"
        );
        assert_eq!(
            ogid(
                &start(),
                Side::Black,
                Some(Roll { a: 6, b: 4 }),
                &MatchContext::default()
            ),
            "11ccccchhhjjjjj:66666888dddddoo:N0N:64:W:R:0:0:0:0"
        );
    }
}
