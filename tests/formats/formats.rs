//! Machine output formats: SARIF validated against the official SARIF 2.1.0 schema (committed
//! in `tests/data/`, checked offline), GitHub workflow command escaping, and JSON Lines.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use tavla::codes::Code;
use tavla::input::decode;
use tavla::notation::Span;
use tavla::replay::{Finding, Overrides, Severity, check};
use tavla::report::LineIndex;
use tavla::report::formats::{FileFindings, github, jsonl, sarif};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A Gul bara record with several problems: a turn number out of sequence (warning), a
/// blocked step (error with a related span), a bad roll (syntax error and a note), draws, a
/// bar step, and a name with non-ASCII letters before the columns that findings point at.
const SEVERAL_PROBLEMS: &str = "; [Variation \"Gul Bara\"]

 3 point match

 Game 1
 Ljubica Đorđević : 0           Mehmet : 0
  1)                             64: 24/18 18/14
  2) 65: 24/18 18/13             22: 24/22(3) 22/20
  3) 55: 24/19(2) 19/14 14/9     63: 22/16 14/11
  5) 62: 13/7 7/5                42: 24/22 11/7

 Game 2
 Ljubica Đorđević : 0           Mehmet : 0
  1)                             64: 24/18 18/14
  2) 71: 24/17 18/13             22: 24/22(3) 22/20

 Game 3
 Ljubica Đorđević : 0           Mehmet : 0
  1)                             64: 24/18 18/14
  2) 65: 24/18 bar/13             22: 24/22(3) 22/20
";

/// The checked files: the demo's invalid record, read from disk, and the record above.
struct Checked {
    path: String,
    text: String,
    findings: Vec<Finding>,
}

fn checked() -> Vec<Checked> {
    let demo = root().join("fixtures/demo/invalid.mat");
    let (text, mut findings) = decode(&std::fs::read(&demo).unwrap());
    findings.extend(check(tavla::notation::read(&text), &Overrides::default()).findings);
    let several = check(
        tavla::notation::read(SEVERAL_PROBLEMS),
        &Overrides::default(),
    )
    .findings;
    vec![
        Checked {
            // Absolute, under the base: becomes `fixtures/demo/invalid.mat`.
            path: demo.to_string_lossy().into_owned(),
            text,
            findings,
        },
        Checked {
            // Relative, with characters a URI must encode.
            path: "records/Đorđević vs Mehmet #2 [50%].mat".into(),
            text: SEVERAL_PROBLEMS.into(),
            findings: several,
        },
    ]
}

fn file_findings(c: &[Checked]) -> Vec<FileFindings<'_>> {
    c.iter()
        .map(|c| FileFindings {
            path: &c.path,
            text: &c.text,
            findings: &c.findings,
        })
        .collect()
}

fn schema() -> Value {
    let text = std::fs::read_to_string(root().join("tests/data/sarif-schema-2.1.0.json")).unwrap();
    serde_json::from_str(&text).expect("the committed SARIF schema is valid JSON")
}

/// The language-tag pattern of the official schema (`run.language`, `toolComponent.language`)
/// has a stray `]`. ECMA-262 reads it as a literal only in its Annex B (web-compatibility)
/// grammar; jsonschema checks patterns against the strict grammar and rejects the schema. The
/// committed file stays an exact copy of the official one: the test escapes the `]`, which
/// keeps the pattern's meaning.
const BAD_PATTERN: &str = "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$";

/// Replace every `pattern` equal to [`BAD_PATTERN`]; returns how many were replaced.
fn escape_bad_patterns(v: &mut Value) -> usize {
    match v {
        Value::Object(m) => {
            let mut n = 0;
            for (k, x) in m.iter_mut() {
                if k == "pattern" && x == BAD_PATTERN {
                    *x = BAD_PATTERN.replace("]?", "\\]?").into();
                    n += 1;
                } else {
                    n += escape_bad_patterns(x);
                }
            }
            n
        }
        Value::Array(a) => a.iter_mut().map(escape_bad_patterns).sum(),
        _ => 0,
    }
}

/// The official schema with its two language-tag patterns escaped.
fn compilable_schema() -> Value {
    let mut s = schema();
    assert_eq!(escape_bad_patterns(&mut s), 2);
    s
}

/// A draft-07 validator for the SARIF schema that checks formats and never fetches anything.
fn validator() -> jsonschema::Validator {
    jsonschema::draft7::options()
        .offline()
        .should_validate_formats(true)
        .build(&compilable_schema())
        .expect("the SARIF schema compiles offline")
}

fn errors(v: &jsonschema::Validator, log: &Value) -> Vec<String> {
    v.iter_errors(log)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn the_committed_schema_is_the_complete_sarif_2_1_0_schema() {
    let s = schema();
    assert_eq!(s["$schema"], "http://json-schema.org/draft-07/schema#");
    assert!(
        s["title"]
            .as_str()
            .unwrap()
            .contains("SARIF) Version 2.1.0")
    );
    // Valid draft-07 but for the stray `]` of the language-tag patterns (see BAD_PATTERN).
    let err = jsonschema::draft7::meta::validate(&s).unwrap_err();
    assert!(
        err.instance_path().as_str().ends_with("/language/pattern"),
        "{err}"
    );
    assert!(jsonschema::draft7::meta::is_valid(&compilable_schema()));
    let defs = s["definitions"].as_object().unwrap();
    for d in [
        "run",
        "result",
        "region",
        "reportingDescriptor",
        "toolComponent",
        "webResponse",
    ] {
        assert!(defs.contains_key(d), "definition {d} is missing");
    }
    // Every local reference resolves.
    let text = s.to_string();
    for part in text.split("\"#/definitions/").skip(1) {
        let name = &part[..part.find('"').unwrap()];
        assert!(defs.contains_key(name), "dangling $ref {name}");
    }
}

#[test]
fn sarif_of_real_findings_validates_against_the_schema() {
    let c = checked();
    assert!(c[0].findings.iter().any(|f| f.severity == Severity::Error));
    let several = &c[1].findings;
    for sev in [Severity::Error, Severity::Warning, Severity::Advice] {
        assert!(several.iter().any(|f| f.severity == sev), "{sev:?}");
    }
    assert!(several.iter().any(|f| !f.related.is_empty()));

    let files = file_findings(&c);
    let root = root();
    let log = sarif(&files, env!("CARGO_PKG_VERSION"), Some(&root));
    let v = validator();
    let errs = errors(&v, &log);
    assert!(
        errs.is_empty(),
        "SARIF does not validate:\n{}",
        errs.join("\n")
    );

    // Without a base, and for a single file, it validates too.
    let alone = sarif(&files[1..], "0.0.0", None);
    let errs = errors(&v, &alone);
    assert!(
        errs.is_empty(),
        "SARIF does not validate:\n{}",
        errs.join("\n")
    );

    // An illegal play's result carries fixes: the written play replaced by a legal one.
    let fixes: Vec<&Value> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r.get("fixes"))
        .collect();
    assert!(!fixes.is_empty(), "no result with fixes");
    let change = &fixes[0][0]["artifactChanges"][0];
    assert_eq!(
        change["artifactLocation"]["uri"],
        "fixtures/demo/invalid.mat"
    );
    let replacement = &change["replacements"][0];
    let (at, len) = (
        replacement["deletedRegion"]["byteOffset"].as_u64().unwrap() as usize,
        replacement["deletedRegion"]["byteLength"].as_u64().unwrap() as usize,
    );
    assert_eq!(&c[0].text[at..at + len], "24/18(2) 18/12(2)");
    let inserted = replacement["insertedContent"]["text"].as_str().unwrap();
    let mut repaired = c[0].text.clone();
    repaired.replace_range(at..at + len, inserted);
    let after = check(tavla::notation::read(&repaired), &Overrides::default());
    assert!(
        after.findings.iter().all(|f| f.span.offset != at),
        "the fix `{inserted}` is legal: {:?}",
        after.findings
    );
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["fixes"] = json!([{ "description": { "text": "x" } }]);
    assert!(!v.is_valid(&broken), "a fix without artifactChanges");

    // The validator does reject what the schema forbids.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(!v.is_valid(&broken));
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] =
        0.into();
    assert!(!v.is_valid(&broken));
    // ... and checks formats: an unencoded space is not a URI reference.
    let mut broken = log.clone();
    broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] =
        "records/a b.mat".into();
    assert!(!v.is_valid(&broken));
}

#[test]
fn sarif_locates_results_by_rule_and_relative_uri() {
    let c = checked();
    let files = file_findings(&c);
    let root = root();
    let log = sarif(&files, "9.9.9", Some(&root));
    assert_eq!(log["version"], "2.1.0");
    assert_eq!(
        log["$schema"],
        "https://json.schemastore.org/sarif-2.1.0.json"
    );
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let base_uri = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
        .as_str()
        .unwrap();
    assert!(
        base_uri.starts_with("file:///") && base_uri.ends_with('/'),
        "{base_uri}"
    );
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "tavla");
    assert_eq!(driver["version"], "9.9.9");
    let rules = driver["rules"].as_array().unwrap();
    assert_eq!(rules.len(), Code::ALL.len());
    for (rule, code) in rules.iter().zip(Code::ALL) {
        assert_eq!(rule["id"], code.as_str());
        assert_eq!(rule["shortDescription"]["text"], code.summary());
        assert_eq!(rule["help"]["text"], code.explanation());
    }

    let results = run["results"].as_array().unwrap();
    let total: usize = c.iter().map(|c| c.findings.len()).sum();
    assert_eq!(results.len(), total);
    let all: Vec<(&Checked, &Finding)> = c
        .iter()
        .flat_map(|c| c.findings.iter().map(move |f| (c, f)))
        .collect();
    for (r, (file, f)) in results.iter().zip(all) {
        let i = r["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[i]["id"], f.code.as_str());
        assert_eq!(r["ruleId"], f.code.as_str());
        let level = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Advice => "note",
        };
        assert_eq!(r["level"], level);
        assert!(
            r["message"]["text"]
                .as_str()
                .unwrap()
                .starts_with(&f.message)
        );
        let loc = &r["locations"][0]["physicalLocation"];
        let uri = loc["artifactLocation"]["uri"].as_str().unwrap();
        assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
        assert!(!uri.starts_with('/') && !uri.contains(':'), "{uri}");
        let idx = LineIndex::new(&file.text);
        let (l, col) = idx.locate(&file.text, f.span.offset);
        let (el, ecol) = idx.locate(&file.text, f.span.end());
        let region = &loc["region"];
        assert_eq!(region["startLine"], l);
        assert_eq!(region["startColumn"], col);
        assert_eq!(region["endLine"], el);
        assert_eq!(region["endColumn"], ecol);
        assert_eq!(region["byteOffset"], f.span.offset);
        assert_eq!(region["byteLength"], f.span.len);
        let related = r["relatedLocations"].as_array().map_or(0, |a| a.len());
        assert_eq!(related, f.related.len());
    }
    let uris: Vec<&str> = results
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert!(uris.contains(&"fixtures/demo/invalid.mat"));
    assert!(
        uris.contains(&"records/%C4%90or%C4%91evi%C4%87%20vs%20Mehmet%20%232%20%5B50%25%5D.mat")
    );

    // Columns count characters: the draw of game 1 is reported on the score line after
    // `Ljubica Đorđević : 0`, whose two non-ASCII letters take two bytes each.
    let draw = results
        .iter()
        .find(|r| r["ruleId"] == "tavla::record::draw")
        .unwrap();
    let region = &draw["locations"][0]["physicalLocation"]["region"];
    let n = region["startLine"].as_u64().unwrap() as usize - 1;
    let line_start: usize = SEVERAL_PROBLEMS
        .split_inclusive('\n')
        .take(n)
        .map(str::len)
        .sum();
    let line = SEVERAL_PROBLEMS.lines().nth(n).unwrap();
    assert!(line.contains('Đ'), "{line}");
    let col = region["startColumn"].as_u64().unwrap() as usize;
    let byte = region["byteOffset"].as_u64().unwrap() as usize;
    assert_eq!(line[..byte - line_start].chars().count() + 1, col);
    assert!(byte - line_start > col - 1);
}

#[test]
fn sarif_paths_never_become_absolute() {
    let text = "x\n";
    let f = [Finding::error(Code::UnknownLine, Span::new(0, 1), "m")];
    let outside = if cfg!(windows) {
        "C:\\elsewhere\\f.mat"
    } else {
        "/elsewhere/f.mat"
    };
    for (path, base) in [
        (outside, None),
        (outside, Some(Path::new("relative/base"))),
        ("./a/../b.mat", Some(Path::new("/somewhere"))),
    ] {
        let files = [FileFindings {
            path,
            text,
            findings: &f,
        }];
        let log = sarif(&files, "0", base);
        let uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
            ["artifactLocation"]["uri"]
            .as_str()
            .unwrap()
            .to_string();
        assert!(
            !uri.starts_with('/') && !uri.contains(':') && !uri.contains('\\'),
            "{uri}"
        );
        let errs = errors(&validator(), &log);
        assert!(errs.is_empty(), "{}", errs.join("\n"));
    }
}

#[test]
fn github_commands_are_escaped_like_the_actions_toolkit() {
    let text = "; [Player 1 \"a\"]\n 1 point match\n";
    let f = [
        Finding::error(
            Code::Blocked,
            Span::new(17, 1),
            "50% of a:b, c\nsecond line\r",
        )
        .label("here")
        .help("fix: this, now"),
        Finding::warning(Code::TurnNumber, Span::new(1, 2), "w"),
        Finding::advice(Code::NotChecked, Span::new(18, 13), "n"),
    ];
    let out = github(&FileFindings {
        path: "dir/a:b,c%d\ne.mat",
        text,
        findings: &f,
    });
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(
        lines[0],
        "::error file=dir/a%3Ab%2Cc%25d%0Ae.mat,line=2,col=1,endLine=2,endColumn=2,\
         title=tavla%3A%3Arules%3A%3Ablocked::50%25 of a:b, c%0Asecond line%0D%0Afix: this, now"
    );
    assert_eq!(
        lines[1],
        "::warning file=dir/a%3Ab%2Cc%25d%0Ae.mat,line=1,col=2,endLine=1,endColumn=4,\
         title=tavla%3A%3Arecord%3A%3Aturn-number::w"
    );
    assert!(lines[2].starts_with("::notice file=dir/a%3Ab%2Cc%25d%0Ae.mat,line=2,col=2,"));
    assert!(lines[2].ends_with("::n"));
}

#[test]
fn github_commands_for_real_findings_are_one_line_each() {
    let c = checked();
    for file in file_findings(&c) {
        let out = github(&file);
        assert_eq!(out.lines().count(), file.findings.len());
        for line in out.lines() {
            assert!(
                line.starts_with("::error file=")
                    || line.starts_with("::warning file=")
                    || line.starts_with("::notice file="),
                "{line}"
            );
            assert!(!line.contains('\r'));
        }
    }
}

#[test]
fn jsonl_lines_each_parse_as_json() {
    let c = checked();
    for file in file_findings(&c) {
        let out = jsonl(&file);
        assert!(out.is_empty() || out.ends_with('\n'));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), file.findings.len());
        for (line, f) in lines.iter().zip(file.findings) {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["code"], f.code.as_str());
            assert_eq!(v["path"], file.path);
            assert_eq!(v["message"], f.message.as_str());
            assert_eq!(v["offset"], f.span.offset);
            // Every finding has `suggestions` (nearest legal plays first; empty unless the
            // finding is an illegal play) and `repair` (the confirmed replacement, or null).
            let plays = f.suggestions.as_ref().map_or(&[][..], |s| &s.plays[..]);
            assert_eq!(v["suggestions"], json!(plays));
            assert_eq!(
                v["repair"],
                json!(f.repair.as_ref().map(|r| r.text.as_str()))
            );
        }
    }
    let jl = jsonl(&file_findings(&c)[0]);
    let first: Value = serde_json::from_str(jl.lines().next().unwrap()).unwrap();
    assert_eq!(first["code"], "tavla::rules::blocked");
    assert_eq!(first["suggestions"][0], "24/18(3) 13/7", "{first}");
    assert!(
        first["help"]
            .as_str()
            .unwrap()
            .starts_with("3 legal play(s) for 6-6; nearest to what is written: 24/18(3) 13/7,"),
        "{first}"
    );
}

/// End to end: the binary's `--format sarif` over a directory of invalid records validates.
#[test]
fn the_binary_writes_sarif_that_validates_against_the_schema() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tavla"))
        .args([
            "validate",
            "--format",
            "sarif",
            "fixtures/gulbara/invalid",
            "no/such/file.mat",
        ])
        .output()
        .expect("run tavla");
    assert_eq!(
        out.status.code(),
        Some(2),
        "an unreadable file outranks invalid records"
    );
    let log: Value = serde_json::from_slice(&out.stdout).expect("SARIF is JSON");
    let v = validator();
    assert_eq!(errors(&v, &log), Vec::<String>::new());
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert!(results.len() > 60);
    assert!(results.iter().all(|r| {
        !r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            .as_str()
            .unwrap_or("/")
            .starts_with('/')
    }));
}

/// Where each cube action and result of a `.mat` text stands: (line number among such lines,
/// column in characters, word).
fn cube_and_result_columns(text: &str) -> Vec<(usize, usize, &'static str)> {
    let words = ["Doubles", "Takes", "Drops", "Beavers", "Raccoons", "Wins"];
    let mut out = Vec::new();
    let lines = text.lines().filter(|l| words.iter().any(|w| l.contains(w)));
    for (k, line) in lines.enumerate() {
        for w in words {
            for (at, _) in line.match_indices(w) {
                out.push((k, line[..at].chars().count(), w));
            }
        }
    }
    out.sort();
    out
}

/// Given records GNU Backgammon wrote (`fixtures/backgammon/gnubg`), when tavla writes them
/// back as `.mat` (`convert --to mat`), then every cube action and result stands where gnubg
/// wrote it, column for column: a right one at column 34, a left one at column 6, one column
/// right of the rolls (the plays between may be spelt otherwise: `bar/23` for gnubg's `25/23`).
#[test]
fn convert_to_mat_writes_cube_actions_and_results_at_gnubgs_columns() {
    let dir = root().join("fixtures/backgammon/gnubg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("gnubg fixtures")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "mat"))
        .collect();
    files.sort();
    let mut right_cube = 0;
    for path in files.iter().step_by(7) {
        let bytes = std::fs::read(path).expect("read");
        let (text, _) = decode(&bytes);
        let verdict = check(tavla::notation::read(&text), &Overrides::default());
        let written =
            tavla::notation::write_mat(&tavla::report::json::match_json(&verdict, false, &text));
        let theirs = cube_and_result_columns(&text);
        let ours = cube_and_result_columns(&written);
        assert_eq!(ours, theirs, "{}", path.display());
        right_cube += theirs
            .iter()
            .filter(|(_, column, w)| *column == 34 && *w != "Wins")
            .count();
    }
    assert!(
        right_cube > 10,
        "only {right_cube} right cube actions compared"
    );
}
