//! The position object of `tavla convert --to json` (see
//! [`position_doc`](crate::report::json::position_doc)), read back:
//!
//! ```json
//! {"white": {"6": 5, "8": 3, "13": 5, "24": 2},
//!  "black": {"6": 5, "8": 3, "13": 5, "24": 2},
//!  "white_off": 0, "black_off": 0, "white_bar": 0, "black_bar": 0,
//!  "board": [{"point": 1, "black": 2}, …]}
//! ```
//!
//! `white` and `black` map each side's occupied points, in that side's **own numbering**
//! (keys `"1"` to `"24"`), to checker counts. `white_off`, `black_off`, `white_bar` and
//! `black_bar` may be left out (0). `board`, every occupied point in White's numbering, may be
//! left out; when present it must agree with `white` and `black`. Other fields are errors, as
//! are a key written twice, counts that are not whole numbers 0–255, and a position that does
//! not pass [`validate`] (15 checkers a side, no point held by both sides,
//! an empty bar in Gul bara).

use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, MapAccess, Visitor};

use super::{PositionError, PositionFormat, opposite, shorten, validate};
use crate::rules::{BAR, OFF, Position, Side, Variant};

/// A side's point map with every entry kept, so that a key written twice is seen.
#[derive(Debug)]
struct Entries(Vec<(String, u8)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entries;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object mapping point numbers to checker counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries, A::Error> {
                let mut v: Vec<(String, u8)> = Vec::new();
                while let Some((k, n)) = map.next_entry::<String, u8>()? {
                    if v.iter().any(|(seen, _)| *seen == k) {
                        return Err(serde::de::Error::custom(format_args!(
                            "the point {:?} is given twice",
                            shorten(&k, 20)
                        )));
                    }
                    v.push((k, n));
                }
                Ok(Entries(v))
            }
        }
        d.deserialize_map(V)
    }
}

/// One `board` entry.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardInput {
    point: u8,
    #[serde(default)]
    white: Option<u8>,
    #[serde(default)]
    black: Option<u8>,
    /// Whose checker is pinned there (Tapa): `white` or `black`.
    #[serde(default)]
    pinned: Option<String>,
}

/// The position object as read.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionInput {
    white: Entries,
    black: Entries,
    #[serde(default)]
    white_off: u8,
    #[serde(default)]
    black_off: u8,
    #[serde(default)]
    white_bar: u8,
    #[serde(default)]
    black_bar: u8,
    #[serde(default)]
    board: Option<Vec<BoardInput>>,
}

/// Read the JSON position `text` for `variant`.
///
/// # Errors
/// [`PositionError::Json`] when the text is not JSON of the position's shape (with serde's
/// line and column), [`PositionError::PointKey`] for a key that is not a point,
/// [`PositionError::BoardMismatch`] when `board` disagrees, or what
/// [`validate`] finds.
pub fn position_from_json(text: &str, variant: Variant) -> Result<Position, PositionError> {
    let input: PositionInput = serde_json::from_str(text).map_err(|e| PositionError::Json {
        message: e.to_string(),
    })?;
    build(input, variant)
}

/// A point key: `"1"` to `"24"`, no sign, no leading zero.
fn point_key(side: Side, key: &str) -> Result<u8, PositionError> {
    let bad = || PositionError::PointKey {
        side,
        key: shorten(key, 20),
    };
    if key.is_empty() || key.len() > 2 || key.starts_with('0') {
        return Err(bad());
    }
    if !key.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    match key.parse::<u8>() {
        Ok(p @ 1..=24) => Ok(p),
        _ => Err(bad()),
    }
}

fn build(input: PositionInput, variant: Variant) -> Result<Position, PositionError> {
    let mut pos = Position::empty();
    for (side, entries) in [(Side::White, &input.white), (Side::Black, &input.black)] {
        for (key, n) in &entries.0 {
            let p = point_key(side, key)?;
            pos.set(side, p, *n);
        }
    }
    pos.set(Side::White, OFF, input.white_off);
    pos.set(Side::Black, OFF, input.black_off);
    pos.set(Side::White, BAR, input.white_bar);
    pos.set(Side::Black, BAR, input.black_bar);
    // Pins (Tapa) are read from `board` before the position is validated.
    for b in input.board.iter().flatten() {
        let Some(who) = &b.pinned else { continue };
        let side = match who.as_str() {
            "white" if variant == Variant::Tapa => Side::White,
            "black" if variant == Variant::Tapa => Side::Black,
            _ => {
                return Err(PositionError::Field {
                    format: PositionFormat::Json,
                    field: "a `board` point's `pinned`",
                    value: shorten(who, 20),
                    expected: "`white` or `black`, in Tapa only",
                });
            }
        };
        if (1..=24).contains(&b.point) {
            let own = if side == Side::White {
                b.point
            } else {
                opposite(variant)(b.point)
            };
            pos.set_pinned(side, own, true);
        }
    }
    validate(&pos, variant)?;
    if let Some(board) = &input.board {
        let opp = opposite(variant);
        let mut listed = [(0u8, 0u8); 25];
        let mut seen = [false; 25];
        for b in board {
            if !(1..=24).contains(&b.point) {
                return Err(PositionError::Field {
                    format: PositionFormat::Json,
                    field: "a `board` point",
                    value: b.point.to_string(),
                    expected: "a point 1 to 24",
                });
            }
            if std::mem::replace(&mut seen[b.point as usize], true) {
                return Err(PositionError::Field {
                    format: PositionFormat::Json,
                    field: "a `board` point",
                    value: b.point.to_string(),
                    expected: "each point listed once",
                });
            }
            listed[b.point as usize] = (b.white.unwrap_or(0), b.black.unwrap_or(0));
        }
        for p in 1..=24u8 {
            let sides = (pos.count(Side::White, p), pos.count(Side::Black, opp(p)));
            if listed[p as usize] != sides {
                return Err(PositionError::BoardMismatch {
                    point: p,
                    board: listed[p as usize],
                    sides,
                });
            }
        }
    }
    Ok(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = r#"{"white": {"6": 5, "8": 3, "13": 5, "24": 2},
        "black": {"6": 5, "8": 3, "13": 5, "24": 2}}"#;

    #[test]
    fn a_minimal_object_reads_with_off_bar_and_board_left_out() {
        let pos = position_from_json(START, Variant::Backgammon).unwrap();
        assert_eq!(pos.count(Side::White, 6), 5);
        assert_eq!(pos.count(Side::Black, 24), 2);
        assert_eq!(pos.off(Side::White), 0);
    }

    #[test]
    fn wrong_shapes_and_counts_are_errors() {
        let cases = [
            ("", "JSON"),
            ("{", "JSON"),
            ("[]", "JSON"),
            (r#"{"white": {}, "black": {}}"#, "0 checkers"),
            (r#"{"white": {"6": 16}, "black": {"6": 15}}"#, "16 counted"),
            (r#"{"white": {"6": 300}, "black": {"6": 15}}"#, "JSON"),
            (r#"{"white": {"6": -1}, "black": {"6": 15}}"#, "JSON"),
            (r#"{"white": {"6": 1.5}, "black": {"6": 15}}"#, "JSON"),
            (r#"{"white": {"25": 15}, "black": {"6": 15}}"#, "\"25\""),
            (r#"{"white": {"06": 15}, "black": {"6": 15}}"#, "\"06\""),
            (r#"{"white": {"x": 15}, "black": {"6": 15}}"#, "\"x\""),
            (
                r#"{"white": {"6": 10, "6": 5}, "black": {"6": 15}}"#,
                "twice",
            ),
            (
                r#"{"white": {"6": 15}, "black": {"6": 15}, "extra": 1}"#,
                "extra",
            ),
            (r#"{"white": {"1": 15}, "black": {"24": 15}}"#, "both sides"),
            (
                r#"{"white": {}, "black": {}, "white_off": 15, "black_off": 15}"#,
                "both sides",
            ),
            (
                r#"{"white": {"6": 15}, "black": {"6": 15}, "board": [{"point": 6, "white": 14}]}"#,
                "board",
            ),
            (
                r#"{"white": {"6": 15}, "black": {"6": 15}, "board": [{"point": 0}]}"#,
                "board",
            ),
        ];
        for (text, want) in cases {
            let e = position_from_json(text, Variant::Backgammon).unwrap_err();
            assert!(e.to_string().contains(want), "{text}: {e}");
        }
        let bar = r#"{"white": {"24": 14}, "black": {"24": 15}, "white_bar": 1}"#;
        assert_eq!(
            position_from_json(bar, Variant::GulBara),
            Err(PositionError::NoBar {
                side: Side::White,
                variant: Variant::GulBara
            })
        );
        // Nor have Tapa, Long nardy and Fevga a bar; backgammon has.
        for v in [Variant::Tapa, Variant::LongNardy, Variant::Fevga] {
            assert_eq!(
                position_from_json(bar, v),
                Err(PositionError::NoBar {
                    side: Side::White,
                    variant: v
                }),
                "{v:?}"
            );
        }
        let bg = r#"{"white": {"6": 14}, "black": {"6": 15}, "white_bar": 1}"#;
        assert!(position_from_json(bg, Variant::Backgammon).is_ok());
    }
}
