//! The JSON Schema of the match document: the committed `schema/match.schema.json` matches the
//! one generated from the types, and the JSON of every valid fixture validates against it and
//! survives a round trip through the typed document.
//!
//! After a deliberate change to the document types, regenerate the committed schema with
//! `TAVLA_BLESS=1 cargo test --test formats schema::`.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tavla::input::decode;
use tavla::replay::{Overrides, check};
use tavla::report::json::{FORMAT, FORMAT_VERSION, MatchDoc, match_json, schema};

const SCHEMA_FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/schema/match.schema.json");

fn pretty(schema: &Value) -> String {
    serde_json::to_string_pretty(schema).expect("schema serializes") + "\n"
}

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut v: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "mat"))
            .collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

/// The Gul bara examples and valid records, and every fifth gnubg record.
fn valid_fixtures() -> Vec<PathBuf> {
    let mut v = files("fixtures/gulbara/examples");
    v.extend(files("fixtures/gulbara/valid"));
    v.extend(files("fixtures/longnardy/examples"));
    v.extend(files("fixtures/fevga/examples"));
    v.extend(files("fixtures/backgammon/gnubg").into_iter().step_by(5));
    v.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/demo/valid.mat"));
    v
}

fn docs(path: &Path) -> [Value; 2] {
    let bytes = std::fs::read(path).expect("fixture");
    let (text, _) = decode(&bytes);
    let v = check(tavla::notation::read(&text), &Overrides::default());
    [match_json(&v, false, &text), match_json(&v, true, &text)]
}

fn validator() -> jsonschema::Validator {
    jsonschema::validator_for(&schema()).expect("the schema compiles")
}

fn errors(validator: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn the_committed_schema_is_the_generated_one() {
    let generated = pretty(&schema());
    if std::env::var_os("TAVLA_BLESS").is_some_and(|v| !v.is_empty() && v != "0") {
        std::fs::create_dir_all(Path::new(SCHEMA_FILE).parent().expect("schema dir"))
            .expect("create schema/");
        std::fs::write(SCHEMA_FILE, &generated).expect("write schema/match.schema.json");
        return;
    }
    let committed = std::fs::read_to_string(SCHEMA_FILE).unwrap_or_default();
    assert!(
        committed == generated,
        "schema/match.schema.json is out of date with the document types in \
         src/report/json.rs; regenerate it with `TAVLA_BLESS=1 cargo test --test formats schema::` \
         (and bump FORMAT_VERSION if the document changed incompatibly)"
    );
}

#[test]
fn the_schema_is_a_draft_2020_12_schema_naming_the_format_and_version() {
    let s = schema();
    if let Err(e) = jsonschema::draft202012::meta::validate(&s) {
        panic!("not a valid 2020-12 schema: {e}");
    }
    assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
    let id = s["$id"].as_str().expect("$id");
    let title = s["title"].as_str().expect("title");
    for text in [id, title] {
        assert!(text.contains(FORMAT), "{text}");
        assert!(text.contains(&FORMAT_VERSION.to_string()), "{text}");
    }
    assert_eq!(s["properties"]["format"]["const"], FORMAT);
    assert_eq!(s["properties"]["format_version"]["const"], FORMAT_VERSION);
    assert!(
        s["properties"]["games"]["description"]
            .as_str()
            .is_some_and(|d| !d.is_empty()),
        "doc comments become descriptions"
    );
}

#[test]
fn every_valid_fixture_validates_and_round_trips_through_the_typed_document() {
    let validator = validator();
    let all = valid_fixtures();
    assert!(all.len() >= 10, "{all:?}");
    let mut bad = Vec::new();
    for p in &all {
        for doc in docs(p) {
            let e = errors(&validator, &doc);
            if !e.is_empty() {
                bad.push(format!("{}: {}", p.display(), e.join("; ")));
                continue;
            }
            match serde_json::from_value::<MatchDoc>(doc.clone()) {
                Ok(typed) => {
                    let again = serde_json::to_value(&typed).expect("serializes");
                    if again != doc {
                        bad.push(format!("{}: the typed round trip changed it", p.display()));
                    }
                }
                Err(e) => bad.push(format!("{}: does not deserialize: {e}", p.display())),
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn the_json_of_every_invalid_fixture_validates_too() {
    let validator = validator();
    let all = files("fixtures/gulbara/invalid");
    let mut bad = Vec::new();
    for p in &all {
        for doc in docs(p) {
            let e = errors(&validator, &doc);
            if !e.is_empty() {
                bad.push(format!("{}: {}", p.display(), e.join("; ")));
            }
            let typed = serde_json::from_value::<MatchDoc>(doc.clone());
            if typed.ok().and_then(|t| serde_json::to_value(t).ok()) != Some(doc) {
                bad.push(format!("{}: the typed round trip changed it", p.display()));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Breaks a valid document in one place.
type Breaker = fn(&mut Value);

#[test]
fn the_schema_rejects_what_the_document_never_holds() {
    let validator = validator();
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/demo/valid.mat");
    let [doc, _] = docs(&p);
    assert!(errors(&validator, &doc).is_empty());
    let broken: [(&str, Breaker); 8] = [
        ("another format", |d| d["format"] = json!("other")),
        ("another version", |d| d["format_version"] = json!(99)),
        ("no games", |d| {
            d.as_object_mut().expect("object").remove("games");
        }),
        ("unknown action type", |d| {
            d["games"][0]["actions"][0]["type"] = json!("forfeit")
        }),
        ("a turn without stages", |d| {
            d["games"][0]["actions"][0]
                .as_object_mut()
                .expect("object")
                .remove("stages");
        }),
        ("a player of neither side", |d| {
            d["games"][0]["actions"][0]["player"] = json!("red")
        }),
        ("a null where a field is skipped when absent", |d| {
            d["games"][0]["actions"][0]["position"] = Value::Null
        }),
        ("a point 25 in a side map", |d| {
            d["games"][0]["actions"][0]["position"]["white"]["25"] = json!(1)
        }),
    ];
    for (what, f) in broken {
        let mut d = doc.clone();
        f(&mut d);
        assert!(!validator.is_valid(&d), "the schema accepts {what}");
    }
}
