//! Validation of arbitrary bytes never panics and terminates, under the header's rules and
//! under forced Gul bara; the JSON and `.mat` writers and the human rendering of the findings
//! never panic on the result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::input::decode;
use tavla::replay::{Overrides, check};
use tavla::notation::write_mat;
use tavla::report::{Style, json::match_json, render_human};

fuzz_target!(|data: &[u8]| {
    let (text, _) = decode(data);
    for overrides in [Overrides::default(), Overrides::gul_bara()] {
        let verdict = check(tavla::notation::read(&text), &overrides);
        for f in &verdict.findings {
            let end = f.span.offset + f.span.len;
            assert!(
                end <= text.len()
                    && text.is_char_boundary(f.span.offset)
                    && text.is_char_boundary(end),
                "{}: span {:?} outside the input or not on char boundaries",
                f.code,
                f.span
            );
        }
        let json = match_json(&verdict, false, &text);
        let _ = write_mat(&json);
        let style = Style {
            color: false,
            unicode: true,
            width: 80,
        };
        let human = render_human("f.mat", &text, &verdict.findings, style);
        assert!(verdict.findings.is_empty() || !human.is_empty());
    }
});
