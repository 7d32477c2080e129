//! Machine output formats for findings: JSON Lines, GitHub Actions workflow commands and
//! SARIF 2.1.0.
//!
//! Every function here is pure: it turns findings that are already located on their text into
//! a string or a JSON value, and reads no file, directory or environment.

use std::path::{Component, Path};

use serde_json::{Value, json};

use super::{LineIndex, finding_json};
use crate::codes::Code;
use crate::notation::Span;
use crate::replay::{Finding, Severity};

/// The SARIF schema a log names in `$schema`.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// The SARIF version written.
pub const SARIF_VERSION: &str = "2.1.0";
/// The `uriBaseId` every artifact location is relative to.
pub const SRCROOT: &str = "%SRCROOT%";

/// One checked file, for reporting.
#[derive(Copy, Clone, Debug)]
pub struct FileFindings<'a> {
    /// The path as the user gave it (or `-` for standard input).
    pub path: &'a str,
    /// The decoded text the findings' spans point into.
    pub text: &'a str,
    /// The findings, in the order to report them.
    pub findings: &'a [Finding],
}

/// One compact JSON object per finding, one per line (JSON Lines), each ending with `\n`.
///
/// The objects are those of [`finding_json`]: `path`, `code`, `severity`, `message`, `line`,
/// `column`, `end_line`, `end_column`, `offset`, `length`, `label`, `help`, `related`,
/// `suggestions` (for an illegal play, the nearest legal plays, nearest first; else empty),
/// `repair` (the confirmed repair, or `null`), `game` (1-based index of the game holding the
/// finding), `turn` and `side` (for a turn or cube action: the `n` of its `n)` line and
/// `white` or `black`), and `byte_offset` (for a record read from a binary file, the offset of
/// its record); each `null` where it does not apply.
pub fn jsonl(f: &FileFindings) -> String {
    let idx = LineIndex::new(f.text);
    let mut out = String::new();
    for finding in f.findings {
        out.push_str(&finding_json(f.path, f.text, &idx, finding).to_string());
        out.push('\n');
    }
    out
}

/// GitHub Actions workflow commands, one line per finding:
/// `::error file=P,line=L,col=C,endLine=L2,endColumn=C2,title=CODE::MESSAGE`
/// (`::warning` for warnings, `::notice` for notes).
///
/// Lines and columns are 1-based, columns in characters; `endColumn` is the column just past
/// the finding's last character, as in the JSON output. The help text, when there is one,
/// follows the message on a new line. Properties and message are escaped as the
/// `@actions/core` toolkit does (`escapeProperty`, `escapeData`).
pub fn github(f: &FileFindings) -> String {
    let idx = LineIndex::new(f.text);
    let mut out = String::new();
    for finding in f.findings {
        let (l, c) = idx.locate(f.text, finding.span.offset);
        let (el, ec) = idx.locate(f.text, finding.span.end());
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "notice",
        };
        let message = message_and_help(finding);
        // A binary file has no lines: the file alone, its place in the message.
        if let Some(p) = finding
            .byte_offset()
            .and_then(|_| super::place_words(finding))
        {
            out.push_str(&format!(
                "::{command} file={},title={}::{}\n",
                escape_property(f.path),
                escape_property(finding.code.as_str()),
                escape_data(&format!("{p}: {message}")),
            ));
            continue;
        }
        out.push_str(&format!(
            "::{command} file={},line={l},col={c},endLine={el},endColumn={ec},title={}::{}\n",
            escape_property(f.path),
            escape_property(finding.code.as_str()),
            escape_data(&message),
        ));
    }
    out
}

/// `escapeData` of `@actions/core`: the message of a workflow command.
fn escape_data(s: &str) -> String {
    s.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// `escapeProperty` of `@actions/core`: a `key=value` property of a workflow command.
fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// A SARIF 2.1.0 log with one run of tavla over `files`.
///
/// The driver lists one rule per code of [`Code::ALL`], in that order (`ruleIndex` points into
/// it). Each result is located by line and column (1-based, columns in Unicode code points:
/// `columnKind` is `unicodeCodePoints`), and by byte offset and length unless the file had
/// invalid UTF-8 (then the offsets of the decoded text are not those of the file).
///
/// Artifact URIs are relative, with forward slashes and percent-encoded, against the base id
/// `%SRCROOT%`:
/// - with `base`, a path under `base` is made relative to it, and an absolute path elsewhere
///   gets `..` segments when `base` is absolute too; a relative path not under a relative
///   `base` is taken as relative to `base` already, so pass the directory the paths are
///   relative to (normally the working directory). An absolute `base` also becomes the
///   `file:` URI of `%SRCROOT%` in `originalUriBaseIds`.
/// - without `base`, relative paths are used as given, and an absolute path loses its root.
///
/// No URI is ever absolute.
pub fn sarif(files: &[FileFindings], tool_version: &str, base: Option<&Path>) -> Value {
    let rules: Vec<Value> = Code::ALL.iter().map(|&c| rule(c)).collect();
    let mut driver = json!({
        "name": "tavla",
        "version": tool_version,
        "rules": rules,
    });
    if let Some(uri) = information_uri() {
        driver["informationUri"] = json!(uri);
    }
    let mut results = Vec::new();
    for file in files {
        let idx = LineIndex::new(file.text);
        let uri = artifact_uri(file.path, base);
        let bytes = !file.findings.iter().any(|f| f.code == Code::InvalidUtf8);
        for f in file.findings {
            results.push(result(file, &idx, &uri, bytes, f));
        }
    }
    let srcroot = match base.filter(|b| b.is_absolute()) {
        Some(b) => json!({ "uri": file_uri(b) }),
        None => json!({
            "description": { "text": "The directory the checked paths are relative to." }
        }),
    };
    json!({
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [{
            "tool": { "driver": driver },
            "originalUriBaseIds": { SRCROOT: srcroot },
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

/// The package's homepage or repository, if `Cargo.toml` names one.
fn information_uri() -> Option<&'static str> {
    [env!("CARGO_PKG_HOMEPAGE"), env!("CARGO_PKG_REPOSITORY")]
        .into_iter()
        .find(|u| u.starts_with("https://") || u.starts_with("http://"))
}

/// The reporting descriptor of one code.
fn rule(code: Code) -> Value {
    let text = code.explanation();
    let mut r = json!({
        "id": code,
        "shortDescription": { "text": code.summary() },
        "fullDescription": { "text": text },
        "help": { "text": text },
    });
    if let Some(category) = code.as_str().split("::").nth(1) {
        r["properties"] = json!({ "tags": [category] });
    }
    r
}

/// A finding's message, and its help on a new line when it has one.
fn message_and_help(f: &Finding) -> String {
    let mut text = f.message.clone();
    if let Some(help) = &f.help {
        text.push('\n');
        text.push_str(help);
    }
    text
}

/// One SARIF result.
fn result(file: &FileFindings, idx: &LineIndex, uri: &str, bytes: bool, f: &Finding) -> Value {
    let level = match f.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "note",
    };
    let text = message_and_help(f);
    let mut location = json!({
        "physicalLocation": physical(file, idx, uri, bytes, f.span),
    });
    match f.origin {
        // A record in a container's member (`temp.xg`): its offset is not the file's. A
        // logical location (game, turn, side) instead, with the member and the offset in it.
        Some(crate::record::Origin::Member { offset, len }) => {
            location["physicalLocation"]
                .as_object_mut()
                .map(|m| m.remove("region"));
            if let Some(p) = super::place_words(f).filter(|_| f.place.is_some()) {
                location["logicalLocations"] =
                    json!([{ "fullyQualifiedName": p, "kind": "element" }]);
            }
            location["properties"] = json!({ "recordOffset": offset, "recordLength": len });
        }
        // A byte range of the file itself.
        Some(crate::record::Origin::Binary { offset, len }) => {
            location["physicalLocation"]["region"] =
                json!({ "byteOffset": offset, "byteLength": len });
        }
        None => {}
    }
    if !f.label.is_empty() {
        location["message"] = json!({ "text": f.label });
    }
    let mut r = json!({
        "ruleId": f.code,
        "level": level,
        "message": { "text": text },
        "locations": [location],
    });
    r["ruleIndex"] = json!(f.code.index());
    if !f.related.is_empty() {
        let related: Vec<Value> = f
            .related
            .iter()
            .enumerate()
            .map(|(i, (span, label))| {
                let mut l = json!({
                    "id": i,
                    "physicalLocation": physical(file, idx, uri, bytes, *span),
                });
                if !label.is_empty() {
                    l["message"] = json!({ "text": label });
                }
                l
            })
            .collect();
        r["relatedLocations"] = json!(related);
    }
    if let Some(s) = &f.suggestions {
        // One fix per suggested play, nearest first: the written play replaced by it.
        let fixes: Vec<Value> = s
            .plays
            .iter()
            .map(|play| {
                let mut location = physical(file, idx, uri, bytes, s.span);
                let region = location["region"].take();
                json!({
                    "description": { "text": format!("play `{play}` instead") },
                    "artifactChanges": [{
                        "artifactLocation": location["artifactLocation"].take(),
                        "replacements": [{
                            "deletedRegion": region,
                            "insertedContent": { "text": play },
                        }],
                    }],
                })
            })
            .collect();
        r["fixes"] = json!(fixes);
    } else if let Some(repair) = &f.repair {
        // A confirmed repair of a value, a score or a roll's colon: the one fix.
        let mut location = physical(file, idx, uri, bytes, repair.span);
        let region = location["region"].take();
        r["fixes"] = json!([{
            "description": { "text": format!("write `{}`", repair.text) },
            "artifactChanges": [{
                "artifactLocation": location["artifactLocation"].take(),
                "replacements": [{
                    "deletedRegion": region,
                    "insertedContent": { "text": repair.text },
                }],
            }],
        }]);
    }
    r
}

/// A physical location: the artifact and the region of `span`.
fn physical(file: &FileFindings, idx: &LineIndex, uri: &str, bytes: bool, span: Span) -> Value {
    let (l, c) = idx.locate(file.text, span.offset);
    let (el, ec) = idx.locate(file.text, span.end());
    let mut region = json!({
        "startLine": l,
        "startColumn": c,
        "endLine": el,
        "endColumn": ec,
    });
    if bytes {
        region["byteOffset"] = json!(span.offset);
        region["byteLength"] = json!(span.len);
    }
    json!({
        "artifactLocation": { "uri": uri, "uriBaseId": SRCROOT },
        "region": region,
    })
}

/// A path's components, lexically normalised: no `.`, and `..` cancels a preceding name.
/// The first element is the root (prefix and root directory) as text, empty for a relative
/// path.
fn normalise(p: &Path) -> (String, Vec<String>) {
    let mut root = String::new();
    let mut parts: Vec<String> = Vec::new();
    for c in p.components() {
        match c {
            Component::Prefix(pre) => root.push_str(&pre.as_os_str().to_string_lossy()),
            Component::RootDir => root.push('/'),
            Component::CurDir => {}
            Component::ParentDir => {
                if parts.last().is_some_and(|l| l != "..") {
                    parts.pop();
                } else if root.is_empty() {
                    parts.push("..".into());
                }
            }
            Component::Normal(n) => parts.push(n.to_string_lossy().into_owned()),
        }
    }
    (root, parts)
}

/// The relative, percent-encoded URI of `path` against `base`.
fn artifact_uri(path: &str, base: Option<&Path>) -> String {
    let (root, parts) = normalise(Path::new(path));
    let rel = match base.map(normalise) {
        Some((broot, bparts)) if broot == root => {
            let common = parts
                .iter()
                .zip(&bparts)
                .take_while(|(a, b)| a == b)
                .count();
            if common == bparts.len() {
                parts[common..].to_vec()
            } else if !root.is_empty() {
                let mut up = vec!["..".to_string(); bparts.len() - common];
                up.extend_from_slice(&parts[common..]);
                up
            } else {
                parts
            }
        }
        _ => parts,
    };
    rel.iter()
        .map(|s| encode_segment(s))
        .collect::<Vec<_>>()
        .join("/")
}

/// The `file:` URI of an absolute directory, ending with `/`.
fn file_uri(dir: &Path) -> String {
    let (root, parts) = normalise(dir);
    let mut uri = String::from("file://");
    // A Windows prefix (`C:`) becomes `/C:`; a Unix root is `/`.
    let prefix = root.trim_end_matches('/');
    if !prefix.is_empty() {
        uri.push('/');
        uri.push_str(&prefix.replace('\\', "/"));
    }
    uri.push('/');
    for p in parts {
        uri.push_str(&encode_segment(&p));
        uri.push('/');
    }
    uri
}

/// Percent-encode one path segment (RFC 3986 `segment-nz-nc`: unreserved characters and
/// sub-delimiters and `@` stay; everything else, `:` and `%` included, is encoded as UTF-8).
fn encode_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=@".contains(&b);
        if keep {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(code: Code, severity: Severity, span: Span, message: &str) -> Finding {
        Finding {
            severity,
            ..Finding::error(code, span, message).label("here")
        }
    }

    #[test]
    fn escaping_follows_the_actions_toolkit() {
        assert_eq!(escape_data("a%b\r\nc:d,e"), "a%25b%0D%0Ac:d,e");
        assert_eq!(escape_property("a%b\r\nc:d,e"), "a%25b%0D%0Ac%3Ad%2Ce");
        // `%` first, so an escape is never escaped again.
        assert_eq!(escape_data("%0A"), "%250A");
    }

    #[test]
    fn github_commands_per_severity() {
        let text = "ab\ncdé f\n";
        let mut e = finding(Code::Blocked, Severity::Error, Span::new(3, 4), "m");
        e.help = Some("h: x".into());
        let w = finding(Code::TurnNumber, Severity::Warning, Span::new(0, 1), "w");
        let n = finding(Code::NotChecked, Severity::Advice, Span::new(7, 1), "n");
        let fs = [e, w, n];
        let out = github(&FileFindings {
            path: "a.mat",
            text,
            findings: &fs,
        });
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "::error file=a.mat,line=2,col=1,endLine=2,endColumn=4,title=tavla%3A%3Arules%3A%3Ablocked::m%0Ah: x"
        );
        assert!(lines[1].starts_with("::warning file=a.mat,line=1,col=1,"));
        assert!(lines[2].starts_with("::notice file=a.mat,line=2,col=4,"));
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn jsonl_is_one_object_per_line() {
        let text = "x\ny\n";
        let fs = [
            finding(Code::UnknownLine, Severity::Error, Span::new(0, 1), "a\nb"),
            finding(Code::UnknownLine, Severity::Error, Span::new(2, 1), "c"),
        ];
        let out = jsonl(&FileFindings {
            path: "p",
            text,
            findings: &fs,
        });
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2);
        let v: Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(v["message"], "a\nb");
        let v: Value = serde_json::from_str(lines[1]).unwrap();
        assert_eq!(v["line"], 2);
    }

    #[test]
    fn uris_are_relative_and_encoded() {
        let b = Path::new("/work/repo");
        assert_eq!(artifact_uri("/work/repo/a/b.mat", Some(b)), "a/b.mat");
        assert_eq!(artifact_uri("/work/other/c.mat", Some(b)), "../other/c.mat");
        assert_eq!(artifact_uri("./x/../y z.mat", Some(b)), "y%20z.mat");
        assert_eq!(
            artifact_uri("fixtures/a.mat", Some(Path::new("fixtures"))),
            "a.mat"
        );
        assert_eq!(
            artifact_uri("fixtures/a.mat", Some(Path::new("other"))),
            "fixtures/a.mat"
        );
        assert_eq!(artifact_uri("/abs/p.mat", None), "abs/p.mat");
        assert_eq!(artifact_uri("a:b%c#d?.mat", None), "a%3Ab%25c%23d%3F.mat");
        assert_eq!(artifact_uri("Şahin/ä.mat", None), "%C5%9Eahin/%C3%A4.mat");
        assert_eq!(artifact_uri("../up.mat", None), "../up.mat");
        assert_eq!(
            file_uri(Path::new("/work/my repo")),
            "file:///work/my%20repo/"
        );
    }

    #[test]
    fn sarif_results_point_at_rules() {
        let text = "; é\nxyz\n";
        let mut f = finding(Code::Blocked, Severity::Warning, Span::new(6, 2), "m");
        f.related.push((Span::new(0, 1), "r".into()));
        let fs = [f];
        let log = sarif(
            &[FileFindings {
                path: "d/f.mat",
                text,
                findings: &fs,
            }],
            "1.2.3",
            Some(Path::new("/w")),
        );
        let run = &log["runs"][0];
        assert_eq!(run["columnKind"], "unicodeCodePoints");
        assert_eq!(run["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///w/");
        let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
        assert_eq!(rules.len(), Code::ALL.len());
        let r = &run["results"][0];
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i]["id"], "tavla::rules::blocked");
        assert_eq!(r["level"], "warning");
        let loc = &r["locations"][0]["physicalLocation"];
        assert_eq!(loc["artifactLocation"]["uri"], "d/f.mat");
        assert_eq!(loc["region"]["startLine"], 2);
        assert_eq!(loc["region"]["startColumn"], 2);
        assert_eq!(loc["region"]["endColumn"], 4);
        assert_eq!(loc["region"]["byteOffset"], 6);
        assert_eq!(r["relatedLocations"][0]["message"]["text"], "r");
    }

    #[test]
    fn no_byte_offsets_after_invalid_utf8() {
        let text = "\u{FFFD}x";
        let fs = [finding(
            Code::InvalidUtf8,
            Severity::Error,
            Span::new(0, 3),
            "bad",
        )];
        let log = sarif(
            &[FileFindings {
                path: "f.mat",
                text,
                findings: &fs,
            }],
            "0",
            None,
        );
        let region = &log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
        assert!(region.get("byteOffset").is_none());
        assert_eq!(region["endColumn"], 2);
    }
}
