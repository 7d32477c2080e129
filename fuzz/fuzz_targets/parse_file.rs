//! The match-file parser never panics, and every syntax error (and every line) has a span that
//! lies inside the input, on `char` boundaries.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::notation::{Span, parse_document};

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
        check_span(&text, e.span, e.code);
    }
    for line in &doc.lines {
        check_span(&text, line.span, "line");
    }
});
