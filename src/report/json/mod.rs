//! The JSON document of a replayed match (`tavla convert --to json`).
//!
//! The document is built from the typed structs below ([`MatchDoc`] and its parts); they
//! derive `Serialize`, `Deserialize` and `JsonSchema`, and their doc comments are the
//! descriptions of the JSON Schema [`schema`] returns (committed as
//! `schema/match.schema.json`). Field names are also documented in the README;
//! [`FORMAT_VERSION`] changes when they do.
//!
//! An `Option` field is either always present (null when absent, e.g. `match_length`) or
//! skipped when absent (`skip_serializing_if`); a skipped field is never null, so its schema is
//! that of the inner type (`#[schemars(with = ...)]`) and it is not required.
//!
//! The types are in [`doc`] (the match, its games and actions), [`analysis`] (what analysing
//! programs say) and [`position`]; the enums of the lower layers the document holds as they
//! are, with their schema, in `enum_schema`; the document is built from a verdict in `build`
//! and `build_analysis`.

pub mod analysis;
mod build;
pub(in crate::report) use build::made_at_board;
mod build_analysis;
pub mod doc;
mod enum_schema;
pub mod position;

use serde::Serialize;
use serde_json::Value;

use crate::replay::Verdict;

pub use analysis::{
    AnalysisBlockDoc, AnalysisDoc, AnnotationDoc, BlockDecisionDoc, CandidateDoc, ClockDoc,
    ClockReadingDoc, CubeAnalysisDoc, DrawingDoc, PlaceDoc, ResignAnalysisDoc,
};
pub use build::match_doc;
pub(crate) use build::{match_doc_with, opposite, write_written};
pub(crate) use build_analysis::{analysis_doc, match_cube};
pub use doc::{
    ActionBaseDoc, ActionDoc, AnswerDoc, CommentDoc, CubeDoc, GameDoc, LossesDoc, MatchDoc,
    PlayersDoc, RatingsDoc, ResignDoc, ResignLevelDoc, ResultDoc, ScoreDoc, SignatureDoc, SpanDoc,
    StageDoc, StepDoc, TagDoc, TurnDoc, WinsDoc,
};
pub use enum_schema::{SideDoc, StageKindDoc, VariantDoc};
pub use position::{BoardPointDoc, PointCounts, PositionDoc, position_doc, position_json};

/// The `format` field.
pub const FORMAT: &str = "tavla-match";
/// The `format_version` field.
pub const FORMAT_VERSION: u32 = 1;

fn to_value<T: Serialize>(doc: &T) -> Value {
    // The document types hold only strings, numbers, booleans, sequences and maps with string or
    // integer keys, which always serialize.
    serde_json::to_value(doc).expect("a tavla document always serializes to JSON")
}

/// The whole match as a JSON document (the serialized [`match_doc`]).
pub fn match_json(v: &Verdict, with_source: bool, source: &str) -> Value {
    to_value(&match_doc(v, with_source, source))
}

/// The `$id` of the JSON Schema of the document.
pub fn schema_id() -> String {
    format!("urn:tavla:schema:{FORMAT}:{FORMAT_VERSION}")
}

/// The JSON Schema (draft 2020-12) of the document, generated from [`MatchDoc`]: it describes
/// the JSON as serialized (fields that are skipped when absent are optional, the others
/// required, possibly null). Committed as `schema/match.schema.json`; `tavla schema` prints it.
pub fn schema() -> Value {
    let settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
    let mut schema = settings.into_generator().into_root_schema_for::<MatchDoc>();
    schema.insert("$id".into(), Value::String(schema_id()));
    schema.insert(
        "title".into(),
        Value::String(format!(
            "{FORMAT} document, format_version {FORMAT_VERSION}"
        )),
    );
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        if let Some(Value::Object(p)) = props.get_mut("format") {
            p.insert("const".into(), Value::String(FORMAT.into()));
        }
        if let Some(Value::Object(p)) = props.get_mut("format_version") {
            p.insert("const".into(), Value::from(FORMAT_VERSION));
        }
    }
    schema.to_value()
}
