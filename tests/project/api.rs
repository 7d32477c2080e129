//! The public API, listed: every item the crate root offers, with the fields, variants and
//! methods each one shows, read from rustdoc's JSON output of the library (stable rustdoc,
//! its JSON output allowed with `RUSTC_BOOTSTRAP=1`). The listing is `docs/api.txt`; this
//! test fails when the API changes without the listing changing with it, when the crate root
//! offers 80 items or more, and when any listed item or member has no documentation.
//! `TAVLA_BLESS=1 cargo test --test project api` rewrites the listing.

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The most items the crate root may offer.
const MAX_ITEMS: usize = 80;

fn rustdoc_json() -> Value {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
        .join("public-api");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root)
        .env("RUSTC_BOOTSTRAP", "1")
        .env_remove("RUSTDOCFLAGS")
        .args([
            "rustdoc",
            "--lib",
            "--no-default-features",
            "--locked",
            "--quiet",
        ])
        .arg("--target-dir")
        .arg(&target)
        // The layer modules are `#[doc(hidden)]`: their items are documented here so that
        // the root's re-exports of them resolve (the modules themselves are not walked).
        .args(["--", "-Z", "unstable-options", "--output-format", "json"])
        .arg("--document-hidden-items")
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "rustdoc --output-format json failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(target.join("doc/tavla.json")).expect("rustdoc's JSON");
    serde_json::from_str(&text).expect("rustdoc's JSON parses")
}

/// An id as the index's key (ids are numbers in recent format versions, strings before).
fn key(id: &Value) -> String {
    match id {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

struct Api<'a> {
    index: &'a serde_json::Map<String, Value>,
    lines: Vec<String>,
    undocumented: Vec<String>,
    items: usize,
}

impl<'a> Api<'a> {
    fn item(&self, id: &Value) -> Option<&'a Value> {
        self.index.get(&key(id))
    }

    fn documented(item: &Value) -> bool {
        item["docs"].as_str().is_some_and(|d| !d.trim().is_empty())
    }

    fn hidden(item: &Value) -> bool {
        item["attrs"].as_array().into_iter().flatten().any(|a| {
            let text = a.to_string();
            text.contains("doc(hidden)") || text.contains("hidden")
        })
    }

    fn kind(item: &Value) -> &str {
        item["inner"]
            .as_object()
            .and_then(|o| o.keys().next())
            .map_or("?", String::as_str)
    }

    /// One item of the crate root, under the name it is offered by.
    fn top(&mut self, name: &str, item: &'a Value) {
        let kind = Self::kind(item);
        self.items += 1;
        let path = format!("tavla::{name}");
        if !Self::documented(item) {
            self.undocumented.push(path.clone());
        }
        self.lines.push(format!("{kind} {path}"));
        let inner = &item["inner"][kind];
        match kind {
            "struct" => {
                if let Some(fields) = inner["kind"]["plain"]["fields"].as_array() {
                    self.members(&path, "field", fields);
                }
                if let Some(fields) = inner["kind"]["tuple"].as_array() {
                    let fields: Vec<Value> =
                        fields.iter().filter(|f| !f.is_null()).cloned().collect();
                    self.members(&path, "field", &fields);
                }
                self.impls(&path, inner);
            }
            "enum" => {
                if let Some(variants) = inner["variants"].as_array() {
                    self.members(&path, "variant", variants);
                }
                self.impls(&path, inner);
            }
            "trait" => {
                if let Some(items) = inner["items"].as_array() {
                    self.members(&path, "trait item", items);
                }
            }
            _ => {}
        }
    }

    fn members(&mut self, path: &str, what: &str, ids: &[Value]) {
        let mut names = BTreeSet::new();
        let label = |member: &Value| match (what, Self::kind(member)) {
            ("fn", "assoc_const" | "constant") => "const",
            ("fn", "assoc_type") => "type",
            _ => what,
        };
        for id in ids {
            let Some(member) = self.item(id) else {
                continue;
            };
            // Enum variants and trait items have the `default` visibility.
            let shown = member["visibility"] == "public" || member["visibility"] == "default";
            if Self::hidden(member) || !shown {
                continue;
            }
            let name = member["name"].as_str().unwrap_or("?").to_string();
            if !Self::documented(member) {
                self.undocumented.push(format!("{path}::{name}"));
            }
            names.insert((label(member), name));
        }
        for (what, name) in names {
            self.lines.push(format!("  {what} {name}"));
        }
    }

    /// The inherent methods and constants, and the traits implemented (by name).
    fn impls(&mut self, path: &str, inner: &Value) {
        let mut traits = BTreeSet::new();
        let mut methods = Vec::new();
        for id in inner["impls"].as_array().into_iter().flatten() {
            let Some(imp) = self.item(id) else { continue };
            let imp = &imp["inner"]["impl"];
            if imp["is_synthetic"].as_bool() == Some(true) || !imp["blanket_impl"].is_null() {
                continue;
            }
            match imp["trait"].as_object() {
                Some(t) => {
                    let name = t
                        .get("path")
                        .or_else(|| t.get("name"))
                        .and_then(Value::as_str)
                        .unwrap_or("?");
                    let name = name.rsplit("::").next().unwrap_or(name);
                    // Markers the compiler derives with `PartialEq` and `Clone`, which vary
                    // between toolchains.
                    if !matches!(name, "StructuralPartialEq" | "TrivialClone") {
                        traits.insert(name.to_string());
                    }
                }
                None => {
                    for m in imp["items"].as_array().into_iter().flatten() {
                        let Some(member) = self.item(m) else { continue };
                        if member["visibility"] == "public" {
                            methods.push(m.clone());
                        }
                    }
                }
            }
        }
        self.members(path, "fn", &methods);
        if !traits.is_empty() {
            let list: Vec<_> = traits.into_iter().collect();
            self.lines.push(format!("  impl {}", list.join(", ")));
        }
    }
}

fn listing(doc: &Value) -> (String, usize, Vec<String>) {
    let index = doc["index"].as_object().expect("an index");
    let mut api = Api {
        index,
        lines: Vec::new(),
        undocumented: Vec::new(),
        items: 0,
    };
    let root = api.item(&doc["root"]).expect("the crate root");
    let mut top: Vec<(String, &Value)> = Vec::new();
    for id in root["inner"]["module"]["items"]
        .as_array()
        .expect("root items")
    {
        let Some(item) = api.item(id) else { continue };
        if item["visibility"] != "public" || Api::hidden(item) {
            continue;
        }
        if let Some(u) = item["inner"].get("use") {
            if u["is_glob"].as_bool() == Some(true) {
                continue;
            }
            let Some(target) = u.get("id").and_then(|t| api.item(t)) else {
                continue;
            };
            top.push((u["name"].as_str().unwrap_or("?").to_string(), target));
        } else if let Some(name) = item["name"].as_str() {
            top.push((name.to_string(), item));
        }
    }
    top.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, item) in top {
        api.top(&name, item);
    }
    let mut text = String::from(
        "# The public API of the `tavla` library: what the crate root offers, with each type's\n\
         # fields, variants, methods and traits. Checked by tests/project/api.rs (rewrite it with\n\
         # `TAVLA_BLESS=1 cargo test --test project api`).\n",
    );
    for line in &api.lines {
        text.push_str(line);
        text.push('\n');
    }
    (text, api.items, api.undocumented)
}

#[test]
fn the_public_api_is_the_listing() {
    let doc = rustdoc_json();
    let (text, items, undocumented) = listing(&doc);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/api.txt");
    if std::env::var_os("TAVLA_BLESS").is_some() {
        std::fs::write(&path, &text).expect("docs/api.txt written");
    }
    assert!(
        undocumented.is_empty(),
        "public items without documentation: {undocumented:#?}"
    );
    assert!(
        items < MAX_ITEMS,
        "the crate root offers {items} items, the most is {}",
        MAX_ITEMS - 1
    );
    let listed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        listed == text,
        "the public API changed: review it and rewrite docs/api.txt with \
         `TAVLA_BLESS=1 cargo test --test project api`\n--- docs/api.txt\n{listed}\n+++ now\n{text}"
    );
}
