//! The JSON Lines writer of `convert --to jsonl` (`tavla::report::jsonl`) against the typed
//! document serialized by `serde_json`: the same bytes for every match of every fixture, with
//! and without `--with-source`, so the two writers can never drift apart.

use tavla::input::Source;
use tavla::replay::Overrides;
use tavla::report::{json, jsonl};

/// Where two byte strings first differ, with some context of each.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let at = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let context = |s: &[u8]| {
        String::from_utf8_lossy(&s[at.saturating_sub(80)..(at + 80).min(s.len())]).into_owned()
    };
    format!(
        "at byte {at}:\n  serde: {}\n  jsonl: {}",
        context(a),
        context(b)
    )
}

#[test]
fn the_jsonl_writer_writes_what_serde_writes_for_every_fixture() {
    let paths = crate::common::tree("fixtures", &|_| true);
    let (mut matches, mut actions, mut failures) = (0, 0, Vec::new());
    for path in &paths {
        let name = path.display().to_string();
        let Ok(src) = Source::from_bytes(name.clone(), crate::common::read(path)) else {
            continue;
        };
        let v = src.check(&Overrides::default(), true);
        for (k, m) in v.matches().enumerate() {
            let source = src.text.get(m.offset..).unwrap_or("");
            matches += 1;
            actions += m
                .record
                .games
                .iter()
                .map(|g| g.actions.len())
                .sum::<usize>();
            for with_source in [false, true] {
                let expected =
                    serde_json::to_vec(&json::match_doc(m, with_source, source)).unwrap();
                let mut line = Vec::new();
                jsonl::write_match(m, with_source, source, &mut line);
                if line != expected {
                    failures.push(format!(
                        "{name}, match {}, with_source {with_source}: {}",
                        k + 1,
                        first_difference(&expected, &line)
                    ));
                }
            }
        }
    }
    assert!(
        matches > 500 && actions > 50_000,
        "{matches} matches, {actions} actions"
    );
    assert!(
        failures.is_empty(),
        "{} of {matches} matches differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
