//! The SGF reader on arbitrary bytes: `input::Source::from_bytes` (with the `.sgf` hint) and
//! its check never panic and terminate; every finding's span lies inside the SGF text on
//! `char` boundaries; the human rendering and the JSON of the verdict never panic; and a file
//! that checks without error round-trips through JSON: its match document, serialised and
//! read back, written as SGF by `sgf::write_sgf` and read again, replays the same turns
//! (dice and positions) and cube actions.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::input::Source;
use tavla::replay::Overrides;
use tavla::report::json::{ActionDoc, MatchDoc, match_doc};
use tavla::report::{Style, render_human};

fn turns(d: &MatchDoc) -> Vec<String> {
    d.games
        .iter()
        .flat_map(|g| g.actions.iter())
        .filter_map(|a| match a {
            ActionDoc::Turn(t) => Some(format!("{:?} {:?} {:?}", t.base.player, t.dice, t.position)),
            ActionDoc::Double(c) => Some(format!("double {}", c.value)),
            ActionDoc::Take(_) => Some("take".into()),
            ActionDoc::Drop(_) => Some("drop".into()),
            _ => None,
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(src) = Source::from_bytes("f.sgf".into(), data.to_vec()) else {
        return;
    };
    let o = Overrides::default();
    let v = src.check(&o, true);
    for f in &v.findings {
        let end = f.span.offset + f.span.len;
        assert!(
            end <= src.text.len()
                && src.text.is_char_boundary(f.span.offset)
                && src.text.is_char_boundary(end),
            "{}: span {:?} outside the text",
            f.code,
            f.span
        );
    }
    let style = Style {
        color: false,
        unicode: true,
        width: 80,
    };
    let _ = render_human("f.sgf", &src.text, &v.findings, style);
    let doc = match_doc(&v, false, &src.text);
    if v.errors() > 0 || doc.games.is_empty() {
        return;
    }
    let json = serde_json::to_string(&doc).expect("JSON");
    let back: MatchDoc = serde_json::from_str(&json).expect("the JSON reads back");
    let Ok(sgf) = tavla::sgf::write_sgf(&back, v.rules.as_ref()) else {
        return;
    };
    let again = Source::from_bytes("g.sgf".into(), sgf.into_bytes()).expect("SGF");
    let v2 = again.check(&o, true);
    assert_eq!(v2.errors(), 0, "{:?}", v2.findings);
    assert_eq!(turns(&doc), turns(&match_doc(&v2, false, &again.text)));
});
