//! Findings on SGF and XG records speak the file's own terms: no help text, message or label
//! of theirs asks for a `.mat` spelling, an SGF finding lies within the SGF text, and an XG
//! finding has no line or column, but its game, turn, side and byte offset.

use crate::common::files;
use crate::records::move_values;
use tavla::input::{Source, mat_only};
use tavla::replay::{Finding, Overrides};

/// Every text of `f` a reader sees.
fn words(f: &Finding) -> Vec<&str> {
    let mut v = vec![f.message.as_str(), f.label.as_str()];
    v.extend(f.help.as_deref());
    v.extend(f.related.iter().map(|(_, l)| l.as_str()));
    v
}

fn assert_own_terms(name: &str, f: &Finding) {
    for w in words(f) {
        assert!(
            !mat_only(w),
            "{name}: {} speaks of `.mat`: {w:?}\n{f:#?}",
            f.code
        );
    }
}

#[test]
fn sgf_findings_and_their_mutants_speak_sgf() {
    let mut paths = files("fixtures/sgf/gnubg", "sgf");
    paths.extend(files("fixtures/xg", "sgf"));
    let o = Overrides::default();
    let (mut mutants, mut findings) = (0, 0);
    for (n, p) in paths.iter().enumerate() {
        let sgf = std::fs::read_to_string(p).unwrap();
        let name = p.display().to_string();
        let src = Source::from_bytes(name.clone(), sgf.clone().into_bytes()).unwrap();
        for f in src.check(&o, false).findings {
            assert_own_terms(&name, &f);
        }
        // Mutants: a die, a step's origin, a step's destination, a result, a cube word.
        let values = move_values(&sgf);
        for (k, &(start, end)) in values.iter().enumerate().skip(n % 5).step_by(9).take(6) {
            let at = match k % 3 {
                0 => start,
                1 => start + 2,
                _ => start + 3.min(end - start - 1),
            };
            let mut bytes = sgf.clone().into_bytes();
            bytes[at] = match bytes[at] {
                b'1'..=b'5' => bytes[at] + 1,
                b'6' => b'1',
                b'a'..=b'w' => bytes[at] + 1,
                c => c.wrapping_sub(1),
            };
            let text = String::from_utf8(bytes).unwrap();
            let src = Source::from_bytes(format!("{name}~{k}"), text.clone().into_bytes()).unwrap();
            let v = src.check(&o, false);
            mutants += 1;
            for f in &v.findings {
                findings += 1;
                assert_own_terms(&name, f);
                assert!(f.span.end() <= text.len(), "{f:?} outside the SGF");
                assert!(f.byte_offset().is_none());
                if let Some(sg) = &f.suggestions {
                    // The nearest legal plays are values of the move's property, in letters.
                    for p in &sg.plays {
                        let b = p.as_bytes();
                        assert!(
                            b.len() >= 2
                                && b[..2].iter().all(u8::is_ascii_digit)
                                && b[2..].iter().all(u8::is_ascii_lowercase),
                            "{p:?} is not an SGF move value"
                        );
                    }
                    if !sg.plays.is_empty() {
                        assert!(text[..sg.span.offset].ends_with('['), "{sg:?}");
                        assert_eq!(text.as_bytes().get(sg.span.end()), Some(&b']'));
                    }
                }
                if let Some(r) = &f.repair {
                    // A repair is an edit of one property value of the SGF.
                    assert!(text[..r.span.offset].ends_with('['), "{r:?}");
                    assert_eq!(text.as_bytes().get(r.span.end()), Some(&b']'), "{r:?}");
                }
            }
        }
        let result = sgf.find("RE[").map(|i| i + 3);
        if let Some(i) = result.filter(|&i| sgf.as_bytes()[i + 2].is_ascii_digit()) {
            let mut bytes = sgf.clone().into_bytes();
            bytes[i + 2] = if bytes[i + 2] == b'9' {
                b'1'
            } else {
                bytes[i + 2] + 1
            };
            let text = String::from_utf8(bytes).unwrap();
            let v = Source::from_bytes(name.clone(), text.into_bytes())
                .unwrap()
                .check(&o, false);
            mutants += 1;
            for f in &v.findings {
                findings += 1;
                assert_own_terms(&name, f);
            }
        }
    }
    assert!(
        mutants >= 50 && findings >= 50,
        "{mutants} mutants, {findings} findings"
    );
}

#[test]
fn xg_findings_have_no_lines_and_speak_of_the_file() {
    let o = Overrides::default();
    for p in files("fixtures/xg", "xg") {
        let bytes = std::fs::read(&p).unwrap();
        let name = p.display().to_string();
        let size = bytes.len() as u64;
        let src = Source::from_bytes(name.clone(), bytes.clone()).unwrap();
        let v = src.check(&o, true);
        // Cut short, it is damaged: every finding still has its place in the file.
        let cut = Source::from_bytes(name.clone(), bytes[..bytes.len() * 2 / 3].to_vec())
            .unwrap()
            .check(&o, false);
        assert!(cut.errors() > 0, "{name} cut short");
        for f in v.findings.iter().chain(&cut.findings) {
            assert_own_terms(&name, f);
            assert!(
                f.byte_offset().is_some(),
                "{name}: {f:?} has no byte offset"
            );
            let idx = tavla::report::LineIndex::new("");
            let j = tavla::report::finding_json(&name, "", &idx, f);
            assert!(j["line"].is_null() && j["column"].is_null(), "{j}");
            assert!(!j["byte_offset"].is_null(), "{j}");
            let short = tavla::report::render_short(&name, "", std::slice::from_ref(f));
            assert!(short.starts_with(&format!("{name}: ")), "{short}");
            assert!(!short.contains(&format!("{name}:1:")), "{short}");
            assert!(f.repair.is_none(), "an .xg file is read-only: {f:?}");
        }
        // SARIF regions lie inside the file they name.
        let sarif = tavla::report::formats::sarif(
            &[tavla::report::formats::FileFindings {
                path: &name,
                text: "",
                findings: &cut.findings,
            }],
            "0",
            None,
        );
        for r in sarif["runs"][0]["results"].as_array().unwrap() {
            for l in r["locations"].as_array().unwrap() {
                if let Some(o) = l["physicalLocation"]["region"]["byteOffset"].as_u64() {
                    let len = l["physicalLocation"]["region"]["byteLength"]
                        .as_u64()
                        .unwrap_or(0);
                    assert!(o + len <= size, "{name}: region {o}+{len} beyond {size}");
                }
            }
        }
    }
}
