//! The enums of the lower layers that the match document holds as they are ([`Variant`],
//! [`Side`], [`StageKind`]): written by their own `Serialize`, read back and described in the
//! JSON Schema here, under the document's names (`VariantDoc`, `SideDoc`, `StageKindDoc`) and
//! with the document's description of each value.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde::de::{
    self, Deserialize, DeserializeSeed, Deserializer, EnumAccess, VariantAccess, Visitor,
};
use serde_json::Value;

use crate::notation::StageKind;
use crate::rules::{Side, Variant};

/// A game variant in the document: [`Variant`], written by its name (`"gul-bara"`).
pub type VariantDoc = Variant;
/// A player in the document: [`Side`], written `"white"` or `"black"`.
pub type SideDoc = Side;
/// The kind of a stage in the document: [`StageKind`], written in lower case.
pub type StageKindDoc = StageKind;

/// A unit-only enum written in the document by the name its `Serialize` gives each value.
trait DocumentEnum: Copy + Serialize + 'static {
    /// The name of its definition in the schema.
    const SCHEMA_NAME: &'static str;
    /// Its description in the schema.
    const DESCRIPTION: &'static str;
    /// Every value, in the schema's order.
    const ALL: &'static [Self];
    /// The schema's description of one value.
    fn describe(self) -> &'static str;
}

impl DocumentEnum for Variant {
    const SCHEMA_NAME: &'static str = "VariantDoc";
    const DESCRIPTION: &'static str = "A game variant.";
    const ALL: &'static [Self] = Variant::ALL;
    fn describe(self) -> &'static str {
        match self {
            Variant::GulBara => "Gul bara.",
            Variant::Backgammon => "Backgammon (also short nardy and nackgammon, as presets).",
            Variant::LongNardy => "Long nardy.",
            Variant::Fevga => "Fevga (and Moultezim).",
            Variant::Tapa => "Tapa / Plakoto, the pinning game.",
            Variant::Hypergammon1 => "Hypergammon with 1 checker a side.",
            Variant::Hypergammon2 => "Hypergammon with 2 checkers a side.",
            Variant::Hypergammon3 => "Hypergammon with 3 checkers a side.",
            Variant::Longgammon => "Longgammon: backgammon with all 15 checkers on the 24-point.",
        }
    }
}

impl DocumentEnum for Side {
    const SCHEMA_NAME: &'static str = "SideDoc";
    const DESCRIPTION: &'static str =
        "One of the two players: White is the left column of the record, Black the right.";
    const ALL: &'static [Self] = &[Side::White, Side::Black];
    fn describe(self) -> &'static str {
        match self {
            Side::White => "The left-column player.",
            Side::Black => "The right-column player.",
        }
    }
}

impl DocumentEnum for StageKind {
    const SCHEMA_NAME: &'static str = "StageKindDoc";
    const DESCRIPTION: &'static str = "The kind of a stage.";
    const ALL: &'static [Self] = &[StageKind::Received, StageKind::Roll, StageKind::Chain];
    fn describe(self) -> &'static str {
        match self {
            StageKind::Received => "`(nn):` a remainder stage received from the opponent.",
            StageKind::Roll => "`dd:` the roll.",
            StageKind::Chain => "`+nn:` a chain stage.",
        }
    }
}

/// The name a value is written as.
fn written_name<T: DocumentEnum>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(name)) => name,
        other => unreachable!("a unit variant is written as a name, not {other:?}"),
    }
}

/// The schema of a document enum: one constant string per value, each described.
fn enum_schema<T: DocumentEnum>() -> Schema {
    let values: Vec<Value> = T::ALL
        .iter()
        .map(|&v| {
            serde_json::json!({
                "const": written_name(v),
                "description": v.describe(),
                "type": "string",
            })
        })
        .collect();
    json_schema!({
        "description": T::DESCRIPTION,
        "oneOf": values,
    })
}

/// Reads a document enum as serde's derive would: a value's name, an unknown name refused
/// with the names expected.
fn deserialize_enum<'de, T: DocumentEnum, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    struct ByName<T>(PhantomData<T>);
    impl<'de, T: DocumentEnum> Visitor<'de> for ByName<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "enum {}", T::SCHEMA_NAME)
        }
        fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<T, A::Error> {
            let (value, rest) = data.variant_seed(Name(PhantomData))?;
            rest.unit_variant()?;
            Ok(value)
        }
    }
    d.deserialize_enum(T::SCHEMA_NAME, &[], ByName(PhantomData))
}

/// The value a variant's name names (read where the name is, so that an error says where).
struct Name<T>(PhantomData<T>);

impl<'de, T: DocumentEnum> DeserializeSeed<'de> for Name<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de, T: DocumentEnum> Visitor<'de> for Name<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("variant identifier")
    }
    fn visit_str<E: de::Error>(self, name: &str) -> Result<T, E> {
        let names: Vec<String> = T::ALL.iter().map(|&v| written_name(v)).collect();
        match names.iter().position(|n| n == name) {
            Some(k) => Ok(T::ALL[k]),
            None => Err(E::custom(format_args!(
                "unknown variant `{name}`, expected {}",
                one_of(&names)
            ))),
        }
    }
}

/// The names expected, as serde words them: `` `a` ``, `` `a` or `b` ``, `` one of `a`, `b`, `c` ``.
fn one_of(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    match quoted.as_slice() {
        [a] => a.clone(),
        [a, b] => format!("{a} or {b}"),
        _ => format!("one of {}", quoted.join(", ")),
    }
}

/// `JsonSchema` and `Deserialize` for each document enum, from its [`DocumentEnum`] table.
macro_rules! document_enums {
    ($($ty:ty),+) => {$(
        impl JsonSchema for $ty {
            fn schema_name() -> Cow<'static, str> {
                <$ty as DocumentEnum>::SCHEMA_NAME.into()
            }
            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                enum_schema::<$ty>()
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                deserialize_enum(d)
            }
        }
    )+};
}

document_enums!(Variant, Side, StageKind);

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde's derive reads, for comparison: the document's former enums of the same
    /// names and values.
    mod derived {
        #[derive(Debug, serde::Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum SideDoc {
            White,
            Black,
        }
        #[derive(Debug, serde::Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum StageKindDoc {
            Received,
            Roll,
            Chain,
        }
    }

    /// The error, or the value's debug form, of reading `json` as `T`.
    fn read<T: for<'de> Deserialize<'de> + fmt::Debug>(json: &str) -> String {
        match serde_json::from_str::<T>(json) {
            Ok(v) => format!("{v:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn every_value_reads_back_from_the_name_it_is_written_as() {
        fn round_trip<T: DocumentEnum + for<'de> Deserialize<'de> + PartialEq + fmt::Debug>() {
            for &v in T::ALL {
                let json = serde_json::to_string(&v).unwrap();
                assert_eq!(serde_json::from_str::<T>(&json).unwrap(), v, "{json}");
            }
        }
        round_trip::<Variant>();
        round_trip::<Side>();
        round_trip::<StageKind>();
    }

    #[test]
    fn reading_refuses_what_serde_s_derive_refuses_with_the_same_words() {
        for json in [
            r#""white""#,
            r#""green""#,
            "3",
            "null",
            r#"{"black": null}"#,
            r#"{"black": 1}"#,
        ] {
            let (ours, derived) = (read::<Side>(json), read::<derived::SideDoc>(json));
            assert_eq!(ours, derived, "{json}");
        }
        for json in [r#""chain""#, r#""stage""#, "[1]"] {
            let (ours, derived) = (read::<StageKind>(json), read::<derived::StageKindDoc>(json));
            assert_eq!(ours, derived, "{json}");
        }
    }

    #[test]
    fn the_schema_describes_every_variant() {
        let schema = enum_schema::<Variant>().to_value();
        let values = schema["oneOf"].as_array().unwrap();
        assert_eq!(values.len(), Variant::ALL.len());
        assert_eq!(values[5]["const"], "hypergammon-1");
    }
}
