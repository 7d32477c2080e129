//! What ARCHITECTURE.md says of the layers, checked on the sources: the dependencies run one
//! way, the rules know no text, the step rule is defined once, and replay and report never
//! name a format's reader. Each check is a search of the code of a folder (comments and the
//! `#[cfg(test)]` module at the end of a file left out), as the document quotes it.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The code lines of the `.rs` files under `src/{folder}`: (file, 1-based line, text), without
/// comment lines and without what follows a file's first `#[cfg(test)]`.
fn code(folder: &str) -> Vec<(String, usize, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join(folder), &mut files);
    assert!(!files.is_empty(), "no sources under src/{folder}");
    let mut lines = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a source file");
        let name = f.strip_prefix(&root).unwrap().display().to_string();
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_start();
            if t.starts_with("#[cfg(test)]") {
                break;
            }
            if t.starts_with("//") {
                continue;
            }
            let t = match t.find(" //") {
                Some(at) if !t[..at].contains('"') => &t[..at],
                _ => t,
            };
            lines.push((name.clone(), i + 1, t.to_string()));
        }
    }
    lines
}

/// Whether `line` names the crate's module `module` (`crate::module::…`, `crate::module;`).
fn names(line: &str, module: &str) -> bool {
    let needle = format!("crate::{module}");
    line.match_indices(&needle).any(|(at, _)| {
        !line[at + needle.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

fn never_names(folder: &str, modules: &[&str], skip: &[&str]) {
    let mut found = Vec::new();
    for (file, n, line) in code(folder) {
        if skip.iter().any(|s| file.ends_with(s)) {
            continue;
        }
        for m in modules {
            if names(&line, m) {
                found.push(format!("src/{file}:{n}: {line}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "src/{folder} must not use {modules:?}:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_rules_know_no_text_and_nothing_above_them() {
    never_names(
        "rules",
        &[
            "notation",
            "record",
            "replay",
            "report",
            "input",
            "ids",
            "sgf",
            "xg",
            "ogxm",
            "gnubg_text",
            "lsp",
        ],
        &[],
    );
    let spans: Vec<_> = code("rules")
        .into_iter()
        .filter(|(_, _, l)| l.split(|c: char| !c.is_alphanumeric()).any(|w| w == "Span"))
        .collect();
    assert!(spans.is_empty(), "spans in the rules: {spans:?}");
}

#[test]
fn the_record_knows_no_rules_and_no_reader() {
    never_names(
        "record",
        &[
            "rules",
            "replay",
            "report",
            "input",
            "sgf",
            "xg",
            "ogxm",
            "gnubg_text",
            "lsp",
        ],
        &[],
    );
}

#[test]
fn replay_and_report_never_ask_which_format() {
    let readers = ["input", "sgf", "xg", "ogxm", "gnubg_text", "lsp"];
    never_names("replay", &[&readers[..], &["report"]].concat(), &[]);
    never_names("report", &readers, &[]);
}

#[test]
fn readers_never_judge_legality() {
    // The writers beside their readers (`write.rs`) render a checked record, and `repair.rs`
    // a repair in the file's own terms; the readers only build the record.
    for folder in ["notation", "sgf", "xg", "ogxm", "gnubg_text"] {
        never_names(
            folder,
            &["replay", "lsp", "input"],
            &["write.rs", "repair.rs"],
        );
        let judged: Vec<_> = code(folder)
            .into_iter()
            .filter(|(f, _, _)| !f.ends_with("write.rs") && !f.ends_with("repair.rs"))
            .filter(|(_, _, l)| {
                [
                    "legal_plays",
                    "check_play",
                    "step_rule",
                    "can_move",
                    ".resolve(",
                ]
                .iter()
                .any(|w| l.contains(w))
            })
            .collect();
        assert!(judged.is_empty(), "src/{folder} judges plays: {judged:?}");
    }
}

#[test]
fn the_step_rule_is_defined_once() {
    let mut defs = Vec::new();
    for folder in ["rules", "replay", "notation", "report"] {
        for (file, n, line) in code(folder) {
            for f in ["fn step_rule<", "fn origin<", "fn destination<"] {
                if line.contains(f) {
                    defs.push((file.clone(), n, f));
                }
            }
        }
    }
    let files: Vec<_> = defs.iter().map(|d| d.0.as_str()).collect();
    assert_eq!(defs.len(), 3, "{defs:?}");
    assert!(files.iter().all(|f| *f == "rules/movement.rs"), "{defs:?}");
}

#[test]
fn replay_never_asks_which_game() {
    // Only the reading of the variant's name from the record's header (`setup.rs`).
    let asked: Vec<_> = code("replay")
        .into_iter()
        .filter(|(f, _, l)| !f.ends_with("setup.rs") && l.contains("Variant::"))
        .collect();
    assert!(asked.is_empty(), "replay asks which game: {asked:?}");
}
