//! A position in the match document: each side's checkers in its own numbering, and the board
//! in White's numbering.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{SideDoc, to_value};
use crate::rules::{BAR, OFF, Position, Side};

/// A position: each side in its own numbering, plus the board in White's numbering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PositionDoc {
    /// White's checkers per point (keys `"1"`–`"24"`) in White's own numbering; empty points are absent.
    #[schemars(with = "BTreeMap<String, u8>", extend("propertyNames" = { "pattern": POINT_KEY }))]
    pub white: PointCounts,
    /// Black's checkers per point (keys `"1"`–`"24"`) in Black's own numbering; empty points are absent.
    #[schemars(with = "BTreeMap<String, u8>", extend("propertyNames" = { "pattern": POINT_KEY }))]
    pub black: PointCounts,
    /// White's checkers borne off.
    pub white_off: u8,
    /// Black's checkers borne off.
    pub black_off: u8,
    /// White's checkers on the bar.
    pub white_bar: u8,
    /// Black's checkers on the bar.
    pub black_bar: u8,
    /// Every occupied point in White's numbering, ascending.
    pub board: Vec<BoardPointDoc>,
}

/// One side's checkers on its points 1–24 (index 0 unused), serialized as a JSON object with
/// the occupied points as keys (`{"6": 5, "13": 5}`), ascending, without building a map.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct PointCounts(pub [u8; 25]);

/// The map keys `"1"`–`"24"`.
const POINT_NAMES: [&str; 25] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24",
];

impl Serialize for PointCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let n = self.0[1..].iter().filter(|&&c| c > 0).count();
        let mut m = s.serialize_map(Some(n))?;
        for (p, &c) in self.0.iter().enumerate().skip(1) {
            if c > 0 {
                m.serialize_entry(POINT_NAMES[p], &c)?;
            }
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for PointCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = BTreeMap::<String, u8>::deserialize(d)?;
        let mut out = PointCounts::default();
        for (k, v) in map {
            match k.parse::<usize>() {
                Ok(p) if (1..=24).contains(&p) => out.0[p] = v,
                _ => {
                    return Err(serde::de::Error::custom(format!(
                        "point key {k:?} is not 1-24"
                    )));
                }
            }
        }
        Ok(out)
    }
}

/// A point number 1–24 as a map key.
const POINT_KEY: &str = "^([1-9]|1[0-9]|2[0-4])$";

/// One occupied point of the board, in White's numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BoardPointDoc {
    /// The point, in White's numbering (1–24).
    #[schemars(range(min = 1, max = 24))]
    pub point: u8,
    /// White's checkers there (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub white: Option<u8>,
    /// Black's checkers there (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub black: Option<u8>,
    /// Whose checker lies pinned there under the other's (Tapa; absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "SideDoc")]
    pub pinned: Option<SideDoc>,
}

/// A position as a typed document; `opposite` maps a point to the other side's numbering.
pub fn position_doc(pos: &Position, opposite: fn(u8) -> u8) -> PositionDoc {
    let side_map = |s: Side| {
        let mut c = PointCounts::default();
        for p in 1..=24u8 {
            c.0[p as usize] = pos.count(s, p);
        }
        c
    };
    let board = (1..=24u8)
        .filter_map(|p| {
            let w = pos.count(Side::White, p);
            let b = pos.count(Side::Black, opposite(p));
            let pinned = if pos.pinned(Side::White, p) {
                Some(Side::White)
            } else if pos.pinned(Side::Black, opposite(p)) {
                Some(Side::Black)
            } else {
                None
            };
            (w > 0 || b > 0).then_some(BoardPointDoc {
                point: p,
                white: (w > 0).then_some(w),
                black: (b > 0).then_some(b),
                pinned,
            })
        })
        .collect();
    PositionDoc {
        white: side_map(Side::White),
        black: side_map(Side::Black),
        white_off: pos.count(Side::White, OFF),
        black_off: pos.count(Side::Black, OFF),
        white_bar: pos.count(Side::White, BAR),
        black_bar: pos.count(Side::Black, BAR),
        board,
    }
}

/// A position as JSON: each side in its own numbering, plus the board in White's numbering.
pub fn position_json(pos: &Position, opposite: fn(u8) -> u8) -> Value {
    to_value(&position_doc(pos, opposite))
}
