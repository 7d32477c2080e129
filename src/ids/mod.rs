//! Position formats in one place: reading a position given as `start`, a GNU Backgammon
//! Position ID (optionally with its Match ID), an eXtreme Gammon XGID, an OGID (OGXM's
//! position identifier), or the position JSON that `tavla convert --to json` writes, or
//! tavla's position string; and writing them.
//!
//! - [`gnubg`]: GNU Backgammon's Position ID and Match ID (encode and decode).
//! - [`xgid`]: eXtreme Gammon's XGID (encode and decode, [`xgid::Xgid`]).
//! - [`ogid`]: OGXM's OGID (encode and decode, [`ogid::Ogid`]; a game's OGIDs ply by ply as
//!   OGXM's codec replays them, [`ogid::OgidGame`]).
//! - [`json`]: the position object of the JSON document (decode).
//! - [`tavla`]: tavla's position string, one text for a position of every game.
//! - [`parse_position`]: detects which of the forms a text is and decodes it.
//!
//! This layer builds on `rules` only (no record text, no report); `report` and the CLI use it.
//!
//! Every decoder checks what it reads and answers a typed [`PositionError`] for anything
//! malformed (wrong length or characters, more than 15 checkers a side, a point held by both
//! sides, out-of-range fields); none of them panics on any input.
//!
//! # Sides
//! **White** is the left-column player of a record and gnubg's player 0; Black is gnubg's
//! player 1. A Position ID alone is relative to the player on roll and does not say who that
//! is: [`parse_position_as`] takes the side to assume (and [`parse_position`] assumes White).
//! With a Match ID (`PositionID:MatchID`) the Match ID names the player on roll. In an XGID,
//! the top player (lower-case letters) is White and the bottom player (upper case) Black, as
//! gnubg maps them on import. An OGID names White and Black itself (its first field White's
//! checkers), as OGXM does; tavla's White is OGXM's White.
//!
//! # Variants
//! Position IDs, XGIDs and OGIDs describe backgammon boards (all of tavla's backgammon
//! presets, and hypergammon and longgammon).
//! Gul bara has no bar and a different board geometry, so for Gul bara only `start` and the
//! JSON position and tavla's position string apply.

pub mod gnubg;
pub mod json;
pub mod ogid;
pub mod tavla;
pub mod xgid;

use std::fmt;

use crate::rules::{BAR, OFF, Position, Roll, Side, Variant};

/// Checkers each side has in every variant tavla knows but Hypergammon (whose count its
/// rules give, `RuleSet::checkers`); gnubg's Position ID and XGID hold at most this many.
pub const CHECKERS: u32 = 15;

/// The formats a position can be given in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PositionFormat {
    /// The word `start`: the variant's starting position.
    Start,
    /// A GNU Backgammon Position ID alone (14 characters).
    PositionId,
    /// A GNU Backgammon Match ID (12 characters).
    MatchId,
    /// A Position ID and a Match ID, `PositionID:MatchID` (gnubg's "GNUbg ID").
    GnubgId,
    /// An eXtreme Gammon XGID.
    Xgid,
    /// OGXM's OGID.
    Ogid,
    /// The position object of `tavla convert --to json`.
    Json,
    /// tavla's position string (the table of plays' `position_before`), see [`tavla`].
    Tavla,
}

impl PositionFormat {
    /// A short name for messages.
    pub fn name(self) -> &'static str {
        match self {
            PositionFormat::Start => "start",
            PositionFormat::PositionId => "GNU Backgammon Position ID",
            PositionFormat::MatchId => "GNU Backgammon Match ID",
            PositionFormat::GnubgId => "GNU Backgammon ID (PositionID:MatchID)",
            PositionFormat::Xgid => "XGID",
            PositionFormat::Ogid => "OGID",
            PositionFormat::Json => "JSON position",
            PositionFormat::Tavla => "tavla position string",
        }
    }
}

/// `a` or `an` before a format's name.
fn article(format: PositionFormat) -> &'static str {
    if matches!(format, PositionFormat::Xgid | PositionFormat::Ogid) {
        "an"
    } else {
        "a"
    }
}

/// `White` or `Black`.
fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

impl fmt::Display for PositionFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a position could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// Nothing but whitespace was given.
    Empty,
    /// The text is none of the accepted forms.
    Unrecognized {
        /// The start of the text (at most 40 characters).
        text: String,
    },
    /// The format does not apply to the variant (Gul bara has no Position ID or XGID).
    WrongVariant {
        /// The format given.
        format: PositionFormat,
        /// The variant asked for.
        variant: Variant,
    },
    /// A fixed-length part has the wrong length.
    Length {
        /// The format being read.
        format: PositionFormat,
        /// The expected length in characters.
        expected: usize,
        /// The length found.
        found: usize,
    },
    /// A character that the format does not allow at this place.
    BadCharacter {
        /// The format being read.
        format: PositionFormat,
        /// 0-based character index within the part being read.
        index: usize,
        /// The character.
        found: char,
        /// What is allowed there.
        expected: &'static str,
    },
    /// The text has the wrong number of `:`-separated fields.
    FieldCount {
        /// The format being read.
        format: PositionFormat,
        /// The number of fields expected.
        expected: usize,
        /// The number found.
        found: usize,
    },
    /// A field holds a value out of its range or not a number.
    Field {
        /// The format being read.
        format: PositionFormat,
        /// The field's name.
        field: &'static str,
        /// The value as written (shortened to 20 characters).
        value: String,
        /// What is allowed.
        expected: &'static str,
    },
    /// A side does not have exactly 15 checkers (more than 15 on the board, or a JSON
    /// position whose points, bar and off do not add up to 15).
    CheckerCount {
        /// The side.
        side: Side,
        /// The checkers counted.
        count: u32,
    },
    /// A side does not have the variant's number of checkers (Hypergammon: 1, 2 or 3), or
    /// more of them on the board than the variant has.
    VariantCheckerCount {
        /// The side.
        side: Side,
        /// The checkers counted (on the board and bar for an ID; in all for JSON).
        count: u32,
        /// The variant's number a side.
        expected: u8,
        /// The variant.
        variant: Variant,
    },
    /// Both sides have checkers on one point.
    SharedPoint {
        /// The point, in White's numbering.
        point: u8,
    },
    /// Checkers on the bar in a game without a bar (Gul bara, Tapa, Long nardy, Fevga).
    NoBar {
        /// The side with checkers on the bar.
        side: Side,
        /// The game, which has no bar.
        variant: Variant,
    },
    /// Both sides have borne off all their checkers.
    BothBorneOff,
    /// Bits past the end of the encoded position are set (not an ID gnubg writes).
    TrailingBits {
        /// The format being read.
        format: PositionFormat,
    },
    /// The JSON text does not have the position's shape.
    Json {
        /// serde_json's message (with line and column).
        message: String,
    },
    /// A key of a side's point map in the JSON position is not a point number 1–24.
    PointKey {
        /// The side whose map holds the key.
        side: Side,
        /// The key (shortened to 20 characters).
        key: String,
    },
    /// The JSON position's `board` list disagrees with the per-side maps.
    BoardMismatch {
        /// The point, in White's numbering.
        point: u8,
        /// What the `board` entry says (White's, Black's checkers).
        board: (u8, u8),
        /// What the per-side maps say.
        sides: (u8, u8),
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Empty => f.write_str(
                "no position given: expected `start`, a GNU Backgammon Position ID, an XGID, an OGID or a JSON position",
            ),
            PositionError::Unrecognized { text } => write!(
                f,
                "`{text}` is not a position: expected `start`, a GNU Backgammon Position ID \
                 (14 characters, optionally `PositionID:MatchID`), an XGID (`XGID=…`), an OGID \
                 (`11ccccchhhjjjjj:66666888dddddoo:N0N::W:C:0:0:0:0`) or a JSON position (`{{…}}`)"
            ),
            PositionError::WrongVariant { format, variant } => write!(
                f,
                "{} {format} describes a backgammon position, not {variant}; for {variant} give \
                 `start` or a JSON position",
                article(*format)
            ),
            PositionError::Length {
                format,
                expected,
                found,
            } => write!(
                f,
                "{} {format} has {expected} characters here, this one has {found}",
                article(*format)
            ),
            PositionError::BadCharacter {
                format,
                index,
                found,
                expected,
            } => write!(
                f,
                "{format}: character {} is {found:?}, expected {expected}",
                index + 1
            ),
            PositionError::FieldCount {
                format: PositionFormat::Ogid,
                expected,
                found,
            } => write!(
                f,
                "an OGID has {expected} fields separated by `:` ({} with its checker count), this one has {found}",
                expected + 1
            ),
            PositionError::FieldCount {
                format,
                expected,
                found,
            } => write!(
                f,
                "{} {format} has {expected} fields separated by `:`, this one has {found}",
                article(*format)
            ),
            PositionError::Field {
                format,
                field,
                value,
                expected,
            } => write!(f, "{format}: {field} is `{value}`, expected {expected}"),
            PositionError::CheckerCount { side, count } if *count > CHECKERS => write!(
                f,
                "{} has more than {CHECKERS} checkers ({count} counted)",
                side_name(*side)
            ),
            PositionError::CheckerCount { side, count } => write!(
                f,
                "{} has {count} checkers; each side has exactly {CHECKERS} (on the points, the bar and borne off)",
                side_name(*side)
            ),
            PositionError::VariantCheckerCount {
                side,
                count,
                expected,
                variant,
            } => write!(
                f,
                "{} has {count} checkers; in {} each side has exactly {expected} (on the points, \
                 the bar and borne off)",
                side_name(*side),
                variant.title()
            ),
            PositionError::SharedPoint { point } => write!(
                f,
                "both sides have checkers on White's point {point}"
            ),
            PositionError::NoBar { side, variant } => write!(
                f,
                "{} has checkers on the bar, but {} has no bar",
                side_name(*side),
                variant.title()
            ),
            PositionError::BothBorneOff => {
                f.write_str("both sides have borne off all their checkers")
            }
            PositionError::TrailingBits { format } => write!(
                f,
                "{format}: bits past the end of the position are set (a mistyped ID?)"
            ),
            PositionError::Json { message } => write!(f, "JSON position: {message}"),
            PositionError::PointKey { side, key } => write!(
                f,
                "JSON position: `{}` has the key {key:?}; keys are point numbers \"1\" to \"24\"",
                side.name()
            ),
            PositionError::BoardMismatch {
                point,
                board,
                sides,
            } => write!(
                f,
                "JSON position: `board` has {} White and {} Black checkers on White's point {point}, \
                 but `white`/`black` say {} and {}",
                board.0, board.1, sides.0, sides.1
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Cube and score, where a format states them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MatchContext {
    /// Cube value (1 while nobody has doubled).
    pub cube: u32,
    /// Cube owner, `None` when centred.
    pub cube_owner: Option<Side>,
    /// White's score.
    pub white_score: u64,
    /// Black's score.
    pub black_score: u64,
    /// Match length; 0 for money play.
    pub match_length: u64,
    /// This game is the Crawford game.
    pub crawford: bool,
}

impl Default for MatchContext {
    /// Centred 1-cube, 0–0, money play.
    fn default() -> Self {
        MatchContext {
            cube: 1,
            cube_owner: None,
            white_score: 0,
            black_score: 0,
            match_length: 0,
            crawford: false,
        }
    }
}

/// A position read by [`parse_position`], with what its format says about the game.
#[non_exhaustive]
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionSpec {
    /// The form the position was given in.
    pub format: PositionFormat,
    /// The position (each side in its own numbering).
    pub position: Position,
    /// The side on roll, where the format says (Match ID, XGID, OGID: [`ogid::Ogid::on_roll`]).
    /// `None` for `start`, JSON and a Position ID alone; a Position ID alone was laid out with
    /// the side passed to [`parse_position_as`] on roll.
    pub on_roll: Option<Side>,
    /// The dice, where the format gives them (Match ID, XGID, OGID; `None` before the roll or
    /// while a double is pending).
    pub dice: Option<Roll>,
    /// Cube and score, where the format gives them (Match ID, XGID, OGID).
    pub context: Option<MatchContext>,
}

/// Read a position for `variant`; a Position ID alone is taken with White on roll.
///
/// See [`parse_position_as`].
///
/// # Errors
/// A [`PositionError`] saying what is wrong.
pub fn parse_position(
    spec: &str,
    variant: Variant,
    start: Position,
) -> Result<PositionSpec, PositionError> {
    parse_position_as(spec, variant, start, Side::White)
}

/// Read a position for `variant` given in any of the accepted forms, told apart by shape:
///
/// - the word `start` (any case): the `start` argument, the variant's starting position as
///   the caller's rules give it (not checked);
/// - `XGID=…`, or a bare XGID (26 position characters, then `:`): see [`xgid`];
/// - `OGID=…`, or a bare OGID (two fields of checker characters `0`–`9`, `a`–`p`, then a cube
///   field such as `N0N`): see [`ogid`];
/// - a GNU Backgammon Position ID (14 base64 characters), optionally followed by `:` and a
///   Match ID (12 characters) as gnubg writes them (`4HPwATDgc/ABMA:cAkAAAAAAAAA`). A
///   Position ID is relative to the player on roll; alone, it is read with `on_roll` on roll;
///   with a Match ID, the Match ID's player on roll is used and `on_roll` is ignored;
/// - a JSON object (`{…}`): the position object of `tavla convert --to json`, see [`json`].
/// - tavla's position string (53 characters, `/` in the middle), every game: see [`tavla`].
///
/// Leading and trailing whitespace is ignored. Position IDs, XGIDs and OGIDs are for the
/// backgammon family only.
/// Every position read is checked with [`validate`].
///
/// # Errors
/// A [`PositionError`] saying what is wrong; never a panic.
pub fn parse_position_as(
    spec: &str,
    variant: Variant,
    start: Position,
    on_roll: Side,
) -> Result<PositionSpec, PositionError> {
    let s = spec.trim();
    if s.is_empty() {
        return Err(PositionError::Empty);
    }
    if s.eq_ignore_ascii_case("start") {
        return Ok(PositionSpec {
            format: PositionFormat::Start,
            position: start,
            on_roll: None,
            dice: None,
            context: None,
        });
    }
    if s.starts_with('{') {
        let position = json::position_from_json(s, variant)?;
        return Ok(PositionSpec {
            format: PositionFormat::Json,
            position,
            on_roll: None,
            dice: None,
            context: None,
        });
    }
    if tavla::looks_like(s) {
        let position = tavla::parse(s)?;
        validate(&position, variant)?;
        return Ok(PositionSpec {
            format: PositionFormat::Tavla,
            position,
            on_roll: None,
            dice: None,
            context: None,
        });
    }
    let first = s.split(':').next().unwrap_or("");
    let is_xgid = s.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("xgid="))
        || (s.contains(':') && first.chars().count() == 26);
    let format = if looks_like_ogid(s) {
        PositionFormat::Ogid
    } else if is_xgid {
        PositionFormat::Xgid
    } else if s.contains(':') && first.trim().chars().count() == 14 {
        PositionFormat::GnubgId
    } else if s.chars().count() == 14 {
        PositionFormat::PositionId
    } else {
        return Err(PositionError::Unrecognized {
            text: shorten(s, 40),
        });
    };
    let rules = crate::rules::RuleSet::default_for(variant);
    if !rules.backgammon_board() {
        return Err(PositionError::WrongVariant { format, variant });
    }
    if format == PositionFormat::Ogid {
        return ogid_position(s, variant);
    }
    let spec = id_position(s, format, on_roll)?;
    Ok(PositionSpec {
        position: recount(spec.position, variant)?,
        ..spec
    })
}

/// Whether `s` has an OGID's shape: `OGID=` (or `OGID:`) before it, or two fields of checker
/// characters (`0`–`9`, `a`–`p`) followed by a cube field (`N0N`: an owner, digits, an action)
/// or by three fields more at least (an XGID's first field has `-` or capitals; a Position ID
/// with its Match ID has two fields).
fn looks_like_ogid(s: &str) -> bool {
    if s.get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("ogid=") || p.eq_ignore_ascii_case("ogid:"))
    {
        return true;
    }
    let mut fields = s.split(':');
    let checkers = |f: Option<&str>| {
        f.is_some_and(|f| {
            f.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'p').contains(&b))
        })
    };
    let cube = |f: Option<&str>| {
        f.is_some_and(|f| {
            let b = f.as_bytes();
            b.len() >= 3
                && b"NWBD?".contains(&b[0])
                && b"NOTP".contains(&b[b.len() - 1])
                && b[1..b.len() - 1].iter().all(u8::is_ascii_digit)
        })
    };
    checkers(fields.next())
        && checkers(fields.next())
        && (cube(fields.next()) || fields.count() >= 2)
}

/// An OGID read for `variant`: its checker count, if written, must be the game's; the
/// checkers it does not place are borne off.
fn ogid_position(s: &str, variant: Variant) -> Result<PositionSpec, PositionError> {
    let o: ogid::Ogid = s.parse()?;
    let n = crate::rules::RuleSet::default_for(variant).checkers();
    if let Some(c) = o.checkers.filter(|&c| c != n) {
        return Err(PositionError::Field {
            format: PositionFormat::Ogid,
            field: "the checker count",
            value: c.to_string(),
            expected: "the game's checkers a side",
        });
    }
    let position = recount(o.position, variant)?;
    validate(&position, variant)?;
    Ok(PositionSpec {
        format: PositionFormat::Ogid,
        position,
        on_roll: o.on_roll(),
        dice: o.dice,
        context: Some(o.context()),
    })
}

/// A Position ID's or XGID's board in a variant with fewer than 15 checkers a side: the
/// decoders fill the tray up to 15, as gnubg's formats (which do not store the tray) imply
/// in backgammon; here each side's tray holds the variant's count less its checkers on the
/// board, and a side with more on the board than the variant has is refused.
fn recount(mut pos: Position, variant: Variant) -> Result<Position, PositionError> {
    let n = crate::rules::RuleSet::default_for(variant).checkers();
    if u32::from(n) == CHECKERS {
        return Ok(pos);
    }
    for side in [Side::White, Side::Black] {
        let on_board: u32 = (1..=25u8).map(|p| pos.count(side, p) as u32).sum();
        if on_board > u32::from(n) {
            return Err(PositionError::VariantCheckerCount {
                side,
                count: on_board,
                expected: n,
                variant,
            });
        }
        pos.set(side, OFF, n - on_board as u8);
    }
    validate(&pos, variant)?;
    Ok(pos)
}

/// A Position ID, `PositionID:MatchID` or XGID read as gnubg reads it (15 checkers a side).
fn id_position(
    s: &str,
    format: PositionFormat,
    on_roll: Side,
) -> Result<PositionSpec, PositionError> {
    match format {
        PositionFormat::Xgid => {
            let x: xgid::Xgid = s.parse()?;
            Ok(PositionSpec {
                format,
                position: x.position,
                on_roll: Some(x.on_roll),
                dice: x.dice,
                context: Some(x.context()),
            })
        }
        PositionFormat::GnubgId => {
            let mut parts = s.split(':');
            let (pid, mid) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let found = s.split(':').count();
            if found != 2 {
                return Err(PositionError::FieldCount {
                    format,
                    expected: 2,
                    found,
                });
            }
            let state = gnubg::match_from_id(mid.trim())?;
            let position = gnubg::position_from_id(pid.trim(), state.on_roll)?;
            Ok(PositionSpec {
                format,
                position,
                on_roll: Some(state.on_roll),
                dice: (state.dice != (0, 0)).then_some(Roll {
                    a: state.dice.0,
                    b: state.dice.1,
                }),
                context: Some(MatchContext {
                    cube: state.cube,
                    cube_owner: state.owner,
                    white_score: state.score.0,
                    black_score: state.score.1,
                    match_length: state.length,
                    crawford: state.crawford,
                }),
            })
        }
        _ => {
            let position = gnubg::position_from_id(s, on_roll)?;
            Ok(PositionSpec {
                format,
                position,
                on_roll: None,
                dice: None,
                context: None,
            })
        }
    }
}

/// The point-mapping of a variant: a side's point as the opponent's point.
pub fn opposite(variant: Variant) -> fn(u8) -> u8 {
    crate::rules::RuleSet::default_for(variant).opposite_fn()
}

/// Check that `pos` can occur in `variant`: each side has exactly 15 checkers (points, bar
/// and off), no point holds checkers of both sides (but a pinned one in Tapa), the bar is empty
/// in the games without one, and not both
/// sides have borne off everything.
///
/// # Errors
/// The first problem found.
pub fn validate(pos: &Position, variant: Variant) -> Result<(), PositionError> {
    let rules = crate::rules::RuleSet::default_for(variant);
    let expected = rules.checkers();
    let hits = rules.hits();
    for side in [Side::White, Side::Black] {
        let count: u32 = pos.side(side).iter().map(|&n| n as u32).sum();
        if count != u32::from(expected) {
            return Err(if u32::from(expected) == CHECKERS {
                PositionError::CheckerCount { side, count }
            } else {
                PositionError::VariantCheckerCount {
                    side,
                    count,
                    expected,
                    variant,
                }
            });
        }
        if !hits && pos.count(side, BAR) > 0 {
            return Err(PositionError::NoBar { side, variant });
        }
    }
    let opp = opposite(variant);
    for p in 1..=24u8 {
        let (w, b) = (pos.count(Side::White, p), pos.count(Side::Black, opp(p)));
        // Tapa: a point is shared only by a pinned checker (alone) under the other's pinners.
        let (wp, bp) = (pos.pinned(Side::White, p), pos.pinned(Side::Black, opp(p)));
        let pinned_ok = variant == Variant::Tapa
            && ((wp && !bp && w == 1 && b > 0) || (bp && !wp && b == 1 && w > 0));
        if (w > 0 && b > 0 && !pinned_ok) || ((wp || bp) && !pinned_ok) {
            return Err(PositionError::SharedPoint { point: p });
        }
    }
    if pos.count(Side::White, OFF) == expected && pos.count(Side::Black, OFF) == expected {
        return Err(PositionError::BothBorneOff);
    }
    Ok(())
}

/// A field of `format` that does not read: its name, its value as written (shortened) and what
/// it should be.
pub(crate) fn field_error(
    format: PositionFormat,
    field: &'static str,
    value: &str,
    expected: &'static str,
) -> PositionError {
    PositionError::Field {
        format,
        field,
        value: shorten(value, 20),
        expected,
    }
}

/// Field `field` of `format`: a whole number written in ASCII digits only (at most 18 of
/// them).
pub(crate) fn field_number(
    format: PositionFormat,
    field: &'static str,
    value: &str,
    expected: &'static str,
) -> Result<u64, PositionError> {
    if value.is_empty() || value.len() > 18 || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(field_error(format, field, value, expected));
    }
    value
        .parse()
        .map_err(|_| field_error(format, field, value, expected))
}

/// Two dice written as two digits 1-6 (`64`), in their order.
pub(crate) fn dice_digits(s: &str) -> Option<Roll> {
    match *s.as_bytes() {
        [a @ b'1'..=b'6', b @ b'1'..=b'6'] => Some(Roll {
            a: a - b'0',
            b: b - b'0',
        }),
        _ => None,
    }
}

/// At most `n` characters of `s`, with `…` when cut.
pub(crate) fn shorten(s: &str, n: usize) -> String {
    let mut out: String = s.chars().take(n).collect();
    if s.chars().nth(n).is_some() {
        out.push('…');
    }
    out
}

/// Append `n` in decimal to `out`: up to three digits without a call (the counts, dice,
/// points and scores of identifiers and tables), more through `itoa`.
#[inline(always)]
pub(crate) fn push_uint(out: &mut Vec<u8>, n: u64) {
    let d = |k: u64| b'0' + (k % 10) as u8;
    match n {
        0..=9 => out.push(d(n)),
        10..=99 => out.extend_from_slice(&[d(n / 10), d(n)]),
        100..=999 => out.extend_from_slice(&[d(n / 100), d(n / 10), d(n)]),
        _ => out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes()),
    }
}
