//! The server's answers without a client (the end-to-end tests with one are in
//! `python/tests/test_lsp.py`).

use lsp_types::{Position, Range, Uri};

use super::{Document, actions, complete, diagnostics, format, hover};

fn demo(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/fixtures/demo/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture")
}

fn uri() -> Uri {
    "file:///t/invalid.mat".parse().expect("uri")
}

#[test]
fn diagnostics_locate_the_finding() {
    let doc = Document::new("invalid.mat", demo("invalid.mat"));
    let d = diagnostics::diagnostics(&doc, &uri());
    assert_eq!(d.len(), 1);
    assert_eq!(
        d[0].range,
        Range::new(Position::new(9, 18), Position::new(9, 26))
    );
    assert!(d[0].message.starts_with("point 12 is held by the opponent"));
    // The quick fixes: the nearest legal plays, replacing the written play.
    let a = actions::code_actions(&doc, &uri(), d[0].range);
    assert_eq!(a.len(), 3);
}

#[test]
fn completion_after_the_opening_dice() {
    let text = " 1 point match\n\n Game 1\n A : 0                    B : 0\n  1) 64: ";
    let doc = Document::new("x.mat", text.to_string());
    let items = complete::completions(&doc, Position::new(4, 9));
    let labels: Vec<&str> = items.iter().map(|i| i.label.as_str()).collect();
    assert_eq!(labels.len(), 14, "{labels:?}");
    assert!(labels.contains(&"24/18 13/9"));
    // Right after the colon, a blank comes first.
    let doc = Document::new("x.mat", text.trim_end().to_string());
    let items = complete::completions(&doc, Position::new(4, 8));
    let Some(lsp_types::CompletionTextEdit::Edit(e)) = &items[0].text_edit else {
        panic!("no edit");
    };
    assert!(e.new_text.starts_with(' '));
}

#[test]
fn hover_shows_the_board_and_formatting_is_idempotent() {
    let doc = Document::new("invalid.mat", demo("invalid.mat"));
    let h = hover::hover(&doc, Position::new(8, 2)).expect("hover");
    let lsp_types::HoverContents::Markup(m) = h.contents else {
        panic!("not markup");
    };
    assert!(m.value.contains("pips"), "{}", m.value);
    let once = format::canonical(&doc).expect("formatted");
    let again = Document::new("invalid.mat", once.clone());
    assert!(format::formatting(&again).expect("formatted").is_empty());
}

/// Every request at every place of a record, and of every prefix of it (a record being typed),
/// is answered without a panic.
#[test]
fn no_panic_anywhere() {
    let text = format!("{}  5) 6", demo("invalid.mat").replace("Ljubica", "Љубица"));
    for cut in (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .step_by(7)
    {
        let doc = Document::new("x.mat", text[..cut].to_string());
        let _ = format::formatting(&doc);
        for line in 0..doc.lines.line_of(cut) as u32 + 2 {
            for ch in [0, 2, 3, 9, 18, 40, 60] {
                let p = Position::new(line, ch);
                let _ = complete::completions(&doc, p);
                let _ = hover::hover(&doc, p);
                let _ = actions::code_actions(&doc, &uri(), Range::new(p, p));
            }
        }
    }
}

/// Every `.mat` record under `fixtures/`, with generated ones: a match, a money session, a
/// Gul bara match.
fn records() -> Vec<(String, String)> {
    use crate::generate::{Settings, random_match};
    use crate::rules::{RuleSet, Variant};
    let mut out = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(format!(
        "{}/fixtures",
        env!("CARGO_MANIFEST_DIR")
    ))];
    while let Some(d) = dirs.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "mat")
                && let Ok(t) = std::fs::read_to_string(&p)
            {
                out.push((p.display().to_string(), t));
            }
        }
    }
    out.sort();
    for (variant, length, money, seed) in [
        (Variant::Backgammon, 7, 0, 11),
        (Variant::Backgammon, 0, 12, 12),
        (Variant::GulBara, 5, 0, 13),
    ] {
        let mut st = Settings::new(RuleSet::default_for(variant), length);
        st.money_games = money;
        out.push((
            format!("generated {variant:?} {length}"),
            random_match(&st, seed),
        ));
    }
    out
}

/// The edits tried on a record: at every 5th turn cell, its play with its two first steps
/// swapped, a digit changed, the play removed; a result's points changed.
fn edits(text: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut cells = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        if let Some(w) = line.find("Wins ") {
            let o = start + w + 5;
            if text.as_bytes()[o].is_ascii_digit() {
                out.push((o, 1, "9".to_string()));
            }
        }
        let mut from = 0;
        while let Some(c) = line[from..].find(": ") {
            let c = from + c;
            from = c + 2;
            let b = line.as_bytes();
            if c < 2 || !b[c - 1].is_ascii_digit() || !b[c - 2].is_ascii_digit() {
                continue;
            }
            cells += 1;
            if cells % 5 != 0 {
                continue;
            }
            let rest = &line[c + 2..];
            let play = rest.split("  ").next().unwrap_or("").trim_end();
            if play.is_empty() {
                continue;
            }
            let o = start + c + 2;
            let steps: Vec<&str> = play.split(' ').collect();
            if steps.len() >= 2 {
                out.push((
                    o,
                    play.len(),
                    format!("{} {} {}", steps[1], steps[0], steps[2..].join(" "))
                        .trim_end()
                        .to_string(),
                ));
            }
            if let Some(d) = play.find(|c: char| c.is_ascii_digit()) {
                let digit = play.as_bytes()[d];
                let other = if digit == b'1' {
                    '2'
                } else {
                    (digit - 1) as char
                };
                out.push((o + d, 1, other.to_string()));
            }
            out.push((o, play.len(), String::new()));
        }
    }
    out
}

/// Re-checking the games around an edit finds exactly what checking the whole record finds,
/// on every fixture and generated record, for edits that keep a play legal, make it illegal,
/// remove it, or change a result; and the boards a completion uses are those of the whole
/// record.
#[test]
fn incremental_equals_whole() {
    let (mut windows, mut total) = (0, 0);
    for (name, text) in records() {
        let base = Document::new("x.mat", text.clone());
        if base.layout.is_none() {
            continue;
        }
        for (k, (at, len, new)) in edits(&text).into_iter().enumerate() {
            if k % 3 != 0 && text.len() > 20_000 {
                continue;
            }
            let mut edited = text.clone();
            edited.replace_range(at..at + len, &new);
            let mut doc = Document::new("x.mat", text.clone());
            let range = doc.range(crate::notation::Span::new(at, len));
            doc.edit(vec![lsp_types::TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: new.clone(),
            }]);
            assert_eq!(doc.text, edited);
            let whole = Document::new("x.mat", edited.clone());
            total += 1;
            if doc.window.is_some() {
                windows += 1;
            }
            assert_eq!(
                doc.findings(),
                whole.findings(),
                "{name}: edit at {at} ({len} bytes to {new:?})"
            );
            // And back: the window of the previous edit stands for the old text.
            let range = doc.range(crate::notation::Span::new(at, new.len()));
            doc.edit(vec![lsp_types::TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: text[at..at + len].to_string(),
            }]);
            assert_eq!(
                doc.findings(),
                base.findings(),
                "{name}: edit at {at} undone"
            );
        }
    }
    assert!(total > 200, "{total} edits");
    // Most edits are re-checked in a window.
    assert!(
        windows * 2 > total,
        "{windows} of {total} edits in a window"
    );
}

/// Completion at every turn of the fixtures: the plays of the boards of the game's window
/// are those of the whole record's.
#[test]
fn completion_boards_equal_whole() {
    for (name, text) in records() {
        let doc = Document::new("x.mat", text.clone());
        if doc.layout.is_none() {
            continue;
        }
        let mut whole = Document::new("x.mat", text.clone());
        whole.layout = None;
        let mut n = 0;
        for (o, _) in text.match_indices(": ") {
            n += 1;
            if n % 3 != 0 {
                continue;
            }
            let p = doc.lines.position(&doc.text, o + 2);
            let labels = |d: &Document| -> Vec<String> {
                complete::completions(d, p)
                    .into_iter()
                    .map(|i| i.label)
                    .collect()
            };
            assert_eq!(labels(&doc), labels(&whole), "{name}: completion at {o}");
        }
    }
}
