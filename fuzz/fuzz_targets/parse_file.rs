//! The match-file parser never panics; every syntax error, line, cell, stage and step has a
//! span that lies inside the input, on `char` boundaries; and every range (a line's cells, a
//! turn cell's stages, a stage's steps) lies inside the document's lists.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::notation::{CellBody, LineKind, Span, parse_document};

fn check_span(text: &str, span: Span, what: &str) {
    let end = span
        .offset
        .checked_add(span.len)
        .unwrap_or_else(|| panic!("{what}: span {span:?} overflows"));
    assert!(
        end <= text.len(),
        "{what}: span {span:?} ends past the input ({} bytes)",
        text.len()
    );
    assert!(
        text.is_char_boundary(span.offset) && text.is_char_boundary(end),
        "{what}: span {span:?} is not on char boundaries"
    );
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let doc = parse_document(&text);
    for e in &doc.errors {
        check_span(&text, e.span, e.code.as_str());
    }
    for line in &doc.lines {
        check_span(&text, line.span, "line");
        if let LineKind::Turn { cells, .. } | LineKind::Result { cells } = line.kind {
            assert_eq!(
                cells.of(&doc.cells).len(),
                cells.len(),
                "cell range {cells:?}"
            );
        }
    }
    for cell in &doc.cells {
        check_span(&text, cell.span, "cell");
        if let CellBody::Turn { stages } = cell.body {
            assert_eq!(
                stages.of(&doc.stages).len(),
                stages.len(),
                "stage range {stages:?}"
            );
            let t = stages.split(&doc.stages);
            let n = t.received.len() + usize::from(t.roll.is_some()) + t.chain.len();
            assert_eq!(n, stages.len(), "the parts of {stages:?}");
        }
    }
    for stage in &doc.stages {
        check_span(&text, stage.dice_span, "stage");
        let steps = stage.moves.steps;
        assert_eq!(
            steps.of(&doc.steps).len(),
            steps.len(),
            "step range {steps:?}"
        );
    }
    for step in &doc.steps {
        check_span(&text, step.span, "step");
        for (_, _, at) in step.path.iter() {
            check_span(&text, at, "point");
        }
    }
});
