//! eXtreme Gammon's XGID: a backgammon position with cube, turn, dice, score and match
//! length in one line, e.g. the starting position with the bottom player to roll:
//!
//! ```text
//! XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10
//! ```
//!
//! After the optional `XGID=` come ten fields separated by `:`:
//!
//! 1. **Position**, 26 characters. Character 0 is the top player's bar, characters 1–24 are
//!    points 1–24 in the bottom player's numbering, character 25 is the bottom player's bar.
//!    `-` is an empty point; `A`–`P` are 1–16 checkers of the bottom player, `a`–`p` of the
//!    top player. Checkers not on the board are borne off (15 a side).
//! 2. **Cube value** as a power of two (`0` = 1, `1` = 2, …).
//! 3. **Cube owner**: `1` bottom, `-1` top, `0` centred.
//! 4. **Turn**: `1` bottom, `-1` top.
//! 5. **Dice**: `00` not yet rolled (to roll or double), two digits `1`–`6` as rolled, or a
//!    pending cube action: `D` doubled, `B` beavered, `R` raccooned.
//! 6. **Bottom player's score**, 7. **top player's score**.
//! 8. **Rules**: in match play `1` for the Crawford game, else `0`; in money play the sum of
//!    `1` (Jacoby rule) and `2` (beavers).
//! 9. **Match length**, `0` for money play.
//! 10. **Maximum cube** as a power of two (XG writes `10`).
//!
//! tavla maps the **top** player (lower case) to **White** and the **bottom** player (upper
//! case) to **Black**, as GNU Backgammon does when it imports an XGID (top = its player 0,
//! which tavla calls White). Each side's points are in its own numbering: the bottom player's
//! point `i` is character `i`, the top player's point `p` is character `25 - p`.
//!
//! Sources: gnubg's XGID import (`SetXGID` in gnubg's `set.c`), which fixes every field but
//! the maximum cube (gnubg ignores it) and the `B` and `R` markers (gnubg refuses them; their
//! meaning is from public descriptions of the format); and GNU Backgammon 1.07 as an oracle
//! (`set xgid`, then its Position ID and Match ID: `fixtures/backgammon/xgid.tsv`).

use std::fmt;
use std::str::FromStr;

use super::{
    CHECKERS, MatchContext, PositionError, PositionFormat, dice_digits, field_error, field_number,
    validate,
};
use crate::rules::{BAR, OFF, Position, Roll, Side, Variant};

const FORMAT: PositionFormat = PositionFormat::Xgid;

/// A cube action waiting for an answer, written in the dice field of an XGID.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CubeAction {
    /// `D`: the player on roll has doubled.
    Doubled,
    /// `B`: the double was beavered.
    Beavered,
    /// `R`: the beaver was raccooned.
    Raccooned,
}

impl CubeAction {
    fn letter(self) -> char {
        match self {
            CubeAction::Doubled => 'D',
            CubeAction::Beavered => 'B',
            CubeAction::Raccooned => 'R',
        }
    }
}

/// Everything an XGID says. Decode with [`str::parse`] ([`FromStr`]), encode with
/// [`Display`](fmt::Display) (`to_string()` gives `XGID=…`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Xgid {
    /// The position, each side in its own numbering (White = top, Black = bottom).
    pub position: Position,
    /// The player whose turn it is (the turn field; with a cube action pending, the player
    /// who rolls next if the double is taken).
    pub on_roll: Side,
    /// The dice rolled, as written; `None` before the roll or with a cube action pending.
    pub dice: Option<Roll>,
    /// A pending cube action (`D`, `B`, `R` in the dice field).
    pub cube_action: Option<CubeAction>,
    /// Cube value, a power of two from 1 to 2^15.
    pub cube: u32,
    /// Cube owner, `None` when centred.
    pub cube_owner: Option<Side>,
    /// White's (the top player's) score.
    pub white_score: u64,
    /// Black's (the bottom player's) score.
    pub black_score: u64,
    /// Match length; 0 for money play.
    pub match_length: u64,
    /// Match play: this is the Crawford game.
    pub crawford: bool,
    /// Money play: the Jacoby rule is in use.
    pub jacoby: bool,
    /// Money play: beavers are allowed.
    pub beaver: bool,
    /// The maximum cube value, a power of two from 1 to 2^15 (XG writes 2^10).
    pub max_cube: u32,
}

impl Xgid {
    /// `position` with `on_roll` to roll: no dice, centred 1-cube, money play without Jacoby
    /// or beavers, maximum cube 1024.
    pub fn new(position: Position, on_roll: Side) -> Self {
        Xgid {
            position,
            on_roll,
            dice: None,
            cube_action: None,
            cube: 1,
            cube_owner: None,
            white_score: 0,
            black_score: 0,
            match_length: 0,
            crawford: false,
            jacoby: false,
            beaver: false,
            max_cube: 1 << 10,
        }
    }

    /// Cube and score as a [`MatchContext`].
    pub fn context(&self) -> MatchContext {
        MatchContext {
            cube: self.cube,
            cube_owner: self.cube_owner,
            white_score: self.white_score,
            black_score: self.black_score,
            match_length: self.match_length,
            crawford: self.crawford,
        }
    }
}

/// The XGID of `pos` with `on_roll` to move, `dice` rolled (`None`: to roll) and the cube and
/// score of `context`; money play is written without Jacoby and beavers, the maximum cube as
/// 1024.
///
/// `pos` should pass [`validate`]; any other position still gives a string
/// and never a panic (a count above 16 is written as 16, and on a point held by both sides
/// only Black's checkers are written).
pub fn xgid(pos: &Position, on_roll: Side, dice: Option<Roll>, context: &MatchContext) -> String {
    Xgid {
        dice,
        cube: context.cube,
        cube_owner: context.cube_owner,
        white_score: context.white_score,
        black_score: context.black_score,
        match_length: context.match_length,
        crawford: context.crawford,
        ..Xgid::new(*pos, on_roll)
    }
    .to_string()
}

/// log2 of a power of two (of the highest bit set otherwise); 0 for 0.
fn log2(v: u32) -> u32 {
    v.max(1).ilog2()
}

impl Xgid {
    /// Appends the XGID to `out` (what `Display` writes).
    pub fn write_to(&self, out: &mut String) {
        let mut b = Vec::with_capacity(64);
        self.write_bytes(&mut b);
        // Every byte is ASCII.
        out.push_str(std::str::from_utf8(&b).unwrap_or_default());
    }

    /// Appends the XGID's bytes (ASCII) to `out`, without the formatting machinery: the
    /// table of plays writes one per row.
    pub fn write_bytes(&self, out: &mut Vec<u8>) {
        let at = out.len();
        out.resize(at + MAX_BYTES, 0);
        let n = self.fill_on(&self.position, &mut out[at..]);
        out.truncate(at + n);
    }

    /// Writes the XGID (ASCII) at the start of `buf`, which holds at least [`MAX_BYTES`],
    /// with `position` in place of the one it holds (the table of plays writes one per row
    /// from one per game); the number of bytes written. Each byte is stored where it stays
    /// (no board built apart and copied: reading back bytes just stored one by one stalls).
    pub(crate) fn fill_on(&self, position: &Position, buf: &mut [u8]) -> usize {
        // A point's character by the checkers there: `-`, `a`–`p` (White), `A`–`P` (Black,
        // written when both sides are there).
        let cell = |white: u8, black: u8| {
            if black > 0 {
                b'@' + black.min(16)
            } else if white > 0 {
                b'`' + white.min(16)
            } else {
                b'-'
            }
        };
        let (white, black) = (
            &position.c[Side::White.index()],
            &position.c[Side::Black.index()],
        );
        let bar = usize::from(BAR);
        buf[..5].copy_from_slice(b"XGID=");
        // Black's numbering, points 0 (White's bar: nothing of Black's) to 25 (Black's bar:
        // nothing of White's); White's checkers at Black's point `j` are on its own 25 - j.
        let mut top = [0u8; 26];
        for (t, &w) in top.iter_mut().zip(white.iter().rev()) {
            *t = w;
        }
        // Every point at once (a loop the compiler runs on vectors), then the two ends.
        for ((b, &w), &k) in buf[5..=5 + bar].iter_mut().zip(&top).zip(black) {
            *b = cell(w, k);
        }
        buf[5] = cell(white[bar], 0);
        buf[5 + bar] = cell(0, black[bar]);
        buf[6 + bar] = b':';
        let mut at = 7 + bar;
        put_uint(buf, &mut at, u64::from(log2(self.cube)));
        put(
            buf,
            &mut at,
            match self.cube_owner {
                None => b":0:",
                Some(Side::Black) => b":1:",
                Some(Side::White) => b":-1:",
            },
        );
        put(
            buf,
            &mut at,
            match self.on_roll {
                Side::Black => b"1:",
                Side::White => b"-1:",
            },
        );
        match (self.cube_action, self.dice) {
            (Some(a), _) => put(buf, &mut at, &[a.letter() as u8]),
            (None, Some(r)) if r.is_valid() => put(buf, &mut at, &[b'0' + r.a, b'0' + r.b]),
            (None, _) => put(buf, &mut at, b"00"),
        }
        let rules = if self.match_length > 0 {
            self.crawford as u8
        } else {
            self.jacoby as u8 | (self.beaver as u8) << 1
        };
        for v in [
            self.black_score,
            self.white_score,
            u64::from(rules),
            self.match_length,
            u64::from(log2(self.max_cube)),
        ] {
            put(buf, &mut at, b":");
            put_uint(buf, &mut at, v);
        }
        at
    }
}

/// The most bytes of an XGID: `XGID=`, 26 points and `:`, the cube's power, owner and turn,
/// the dice, and five numbers of at most 20 digits each after their `:`.
pub(crate) const MAX_BYTES: usize = 160;

fn put(buf: &mut [u8], at: &mut usize, s: &[u8]) {
    buf[*at..*at + s.len()].copy_from_slice(s);
    *at += s.len();
}

fn put_uint(buf: &mut [u8], at: &mut usize, n: u64) {
    if n < 10 {
        buf[*at] = b'0' + n as u8;
        *at += 1;
    } else {
        put(buf, at, itoa::Buffer::new().format(n).as_bytes());
    }
}

impl fmt::Display for Xgid {
    /// Writes `XGID=` and the ten fields. An invalid roll is written as `00`; a cube value
    /// that is not a power of two as the power of two below it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(64);
        self.write_to(&mut s);
        f.write_str(&s)
    }
}

/// A field error.
fn bad(field: &'static str, value: &str, expected: &'static str) -> PositionError {
    field_error(FORMAT, field, value, expected)
}

/// A whole number written in ASCII digits only (at most 18 of them).
fn number(field: &'static str, value: &str, expected: &'static str) -> Result<u64, PositionError> {
    field_number(FORMAT, field, value, expected)
}

/// A power of two written as its exponent, 0..=15.
fn power(field: &'static str, value: &str) -> Result<u32, PositionError> {
    const EXPECTED: &str = "an exponent 0 to 15 (the value is 2 to that power)";
    let n = number(field, value, EXPECTED)?;
    if n > 15 {
        return Err(bad(field, value, EXPECTED));
    }
    Ok(1 << n)
}

/// Read the 26-character position field.
fn board(s: &str) -> Result<Position, PositionError> {
    let found = s.chars().count();
    if found != 26 {
        return Err(PositionError::Length {
            format: FORMAT,
            expected: 26,
            found,
        });
    }
    let mut pos = Position::empty();
    let mut totals = [0u32; 2];
    for (index, c) in s.chars().enumerate() {
        let (side, n) = match c {
            '-' => continue,
            'A'..='P' => (Side::Black, c as u8 - b'A' + 1),
            'a'..='p' => (Side::White, c as u8 - b'a' + 1),
            _ => {
                return Err(PositionError::BadCharacter {
                    format: FORMAT,
                    index,
                    found: c,
                    expected: "`-`, `A`-`P` (bottom player) or `a`-`p` (top player)",
                });
            }
        };
        let loc = match (index, side) {
            (0, Side::White) => BAR,
            (25, Side::Black) => BAR,
            (0, Side::Black) | (25, Side::White) => {
                return Err(PositionError::BadCharacter {
                    format: FORMAT,
                    index,
                    found: c,
                    expected: if index == 0 {
                        "`-` or `a`-`p` (the top player's bar)"
                    } else {
                        "`-` or `A`-`P` (the bottom player's bar)"
                    },
                });
            }
            (i, Side::Black) => i as u8,
            (i, Side::White) => 25 - i as u8,
        };
        pos.set(side, loc, n);
        let total = &mut totals[side.index()];
        *total += n as u32;
        if *total > CHECKERS {
            return Err(PositionError::CheckerCount {
                side,
                count: *total,
            });
        }
    }
    for side in [Side::White, Side::Black] {
        pos.set(side, OFF, (CHECKERS - totals[side.index()]) as u8);
    }
    Ok(pos)
}

impl FromStr for Xgid {
    type Err = PositionError;

    /// Decode an XGID, with or without `XGID=` (any case) and surrounding whitespace.
    ///
    /// # Errors
    /// A [`PositionError`] naming the first field that is wrong, or a position that cannot
    /// occur (more than 15 checkers a side, both sides borne off).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        let body = match s.get(..5) {
            Some(p) if p.eq_ignore_ascii_case("xgid=") => &s[5..],
            _ => s,
        };
        let fields: Vec<&str> = body.split(':').collect();
        let [
            pos,
            cube,
            owner,
            turn,
            dice,
            bottom,
            top,
            rules,
            length,
            max_cube,
        ] = fields[..]
        else {
            return Err(PositionError::FieldCount {
                format: FORMAT,
                expected: 10,
                found: fields.len(),
            });
        };
        let position = board(pos)?;
        let cube = power("the cube value", cube)?;
        let cube_owner = match owner {
            "0" => None,
            "1" => Some(Side::Black),
            "-1" => Some(Side::White),
            _ => {
                return Err(bad(
                    "the cube owner",
                    owner,
                    "1 (bottom), -1 (top) or 0 (centred)",
                ));
            }
        };
        let on_roll = match turn {
            "1" => Side::Black,
            "-1" => Side::White,
            _ => return Err(bad("the turn", turn, "1 (bottom) or -1 (top)")),
        };
        const DICE: &str = "00, two dice 1 to 6, D, B or R";
        let (dice, cube_action) = match dice {
            "00" => (None, None),
            "D" => (None, Some(CubeAction::Doubled)),
            "B" => (None, Some(CubeAction::Beavered)),
            "R" => (None, Some(CubeAction::Raccooned)),
            d => match dice_digits(d) {
                Some(roll) => (Some(roll), None),
                None => return Err(bad("the dice field", d, DICE)),
            },
        };
        let black_score = number("the bottom player's score", bottom, "a whole number")?;
        let white_score = number("the top player's score", top, "a whole number")?;
        let match_length = number("the match length", length, "a whole number (0 for money)")?;
        let rules_value = number("the rules field", rules, "0 to 3")?;
        let (crawford, jacoby, beaver) = if match_length > 0 {
            if rules_value > 1 {
                return Err(bad(
                    "the rules field",
                    rules,
                    "0 or 1 (Crawford game) in match play",
                ));
            }
            for (score, field) in [
                (black_score, "the bottom player's score"),
                (white_score, "the top player's score"),
            ] {
                if score >= match_length {
                    return Err(bad(
                        field,
                        if field.contains("bottom") {
                            bottom
                        } else {
                            top
                        },
                        "a score below the match length",
                    ));
                }
            }
            (rules_value == 1, false, false)
        } else {
            if rules_value > 3 {
                return Err(bad(
                    "the rules field",
                    rules,
                    "0 to 3 in money play (1 Jacoby + 2 beavers)",
                ));
            }
            (false, rules_value & 1 == 1, rules_value & 2 == 2)
        };
        let max_cube = power("the maximum cube", max_cube)?;
        validate(&position, Variant::Backgammon)?;
        Ok(Xgid {
            position,
            on_roll,
            dice,
            cube_action,
            cube,
            cube_owner,
            white_score,
            black_score,
            match_length,
            crawford,
            jacoby,
            beaver,
            max_cube,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::rules::backgammon::Backgammon;
    use crate::rules::options::BackgammonOptions;

    const START: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";

    fn start() -> Position {
        Backgammon {
            options: BackgammonOptions::preset("backgammon").unwrap(),
        }
        .start()
    }

    #[test]
    fn the_starting_position_reads_and_writes_as_xg_writes_it() {
        let x: Xgid = START.parse().unwrap();
        assert_eq!(x.position, start());
        assert_eq!(x.on_roll, Side::Black);
        assert_eq!((x.dice, x.cube_action), (None, None));
        assert_eq!((x.cube, x.cube_owner, x.max_cube), (1, None, 1024));
        assert_eq!(x.to_string(), START);
        assert_eq!(
            xgid(&start(), Side::Black, None, &MatchContext::default()),
            START
        );
    }

    #[test]
    fn bars_and_borne_off_checkers_go_to_the_right_side() {
        // Top (White) has 1 on its bar, bottom (Black) 1 on its bar.
        let x: Xgid = "XGID=a--aB-BBA--acDa-Ab-db---BA:0:0:1:64:2:0:0:13:10"
            .parse()
            .unwrap();
        assert_eq!(x.position.count(Side::White, BAR), 1);
        assert_eq!(x.position.count(Side::Black, BAR), 1);
        // Character 3 `a` is White's point 22; character 4 `B` Black's point 4.
        assert_eq!(x.position.count(Side::White, 22), 1);
        assert_eq!(x.position.count(Side::Black, 4), 2);
        assert_eq!(x.dice, Some(Roll { a: 6, b: 4 }));
        assert_eq!((x.black_score, x.white_score, x.match_length), (2, 0, 13));
        let total = |s: Side| x.position.side(s).iter().map(|&n| n as u32).sum::<u32>();
        assert_eq!((total(Side::White), total(Side::Black)), (15, 15));
    }

    #[test]
    fn cube_owner_turn_and_rules_fields_decode_both_ways() {
        let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:2:-1:-1:D:3:1:1:5:10"
            .parse()
            .unwrap();
        assert_eq!(x.cube, 4);
        assert_eq!(x.cube_owner, Some(Side::White));
        assert_eq!(x.on_roll, Side::White);
        assert_eq!(x.cube_action, Some(CubeAction::Doubled));
        assert!(x.crawford);
        assert_eq!(
            x.to_string(),
            "XGID=-b----E-C---eE---c-e----B-:2:-1:-1:D:3:1:1:5:10"
        );
        let money: Xgid = "-b----E-C---eE---c-e----B-:1:1:1:B:0:0:3:0:8"
            .parse()
            .unwrap();
        assert!(money.jacoby && money.beaver && !money.crawford);
        assert_eq!(money.cube_action, Some(CubeAction::Beavered));
        assert_eq!(money.max_cube, 256);
    }

    #[test]
    fn malformed_xgids_are_typed_errors() {
        let cases = [
            "XGID=",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0",
            "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----Bx:0:0:1:00:0:0:0:0:10",
            "XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----Ba:0:0:1:00:0:0:0:0:10",
            "XGID=-p----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:16:0:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:0:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:-1:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:7:0:0:7:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:7:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:+1",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:99999999999999999999:10",
            "XGID=--------------------------:0:0:1:00:0:0:0:0:10",
        ];
        for c in cases {
            let e = c.parse::<Xgid>();
            assert!(e.is_err(), "{c} was accepted");
            assert!(!e.unwrap_err().to_string().is_empty());
        }
    }
}
