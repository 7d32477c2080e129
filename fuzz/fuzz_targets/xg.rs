//! Reading arbitrary bytes as an eXtreme Gammon file never panics, terminates and stays
//! within its memory bound; every problem is located (in the file, or in `temp.xg` when the
//! transcript names it); the transcript validates without panicking, every finding's span
//! lies inside it, and a transcript that validates clean round-trips through the JSON
//! document and the `.mat` writer to the same JSON.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::record::Origin;
use tavla::replay::{Overrides, check};
use tavla::report::{json::match_json, mat::write_mat};

fuzz_target!(|data: &[u8]| {
    // Inputs that do not start with the magic number are mostly refused at once: give the
    // fuzzer the header for free half of the time.
    let mut owned;
    let bytes: &[u8] = if data.first().is_some_and(|b| b & 1 == 1) {
        owned = tavla::xg::MAGIC.to_vec();
        owned.extend_from_slice(&data[1..]);
        &owned
    } else {
        data
    };
    let t = tavla::xg::read(bytes);
    for p in &t.problems {
        if let Origin::Binary { offset, len } = p.origin {
            let bound = if t.member.is_some() { u64::MAX } else { bytes.len() as u64 };
            assert!(offset.saturating_add(len) <= bound, "{p:?} outside the file");
        }
    }
    assert!(t.text.is_empty() || t.member.is_some());
    let v = check(&t.text, &Overrides::default());
    for f in &v.findings {
        assert!(f.span.offset + f.span.len <= t.text.len());
    }
    let mut findings = v.findings.clone();
    tavla::xg::locate_findings(&t, &mut findings);
    let _ = tavla::xg::problem_findings(&t);
    let _ = tavla::xg::read_position(bytes);
    if v.errors() == 0 && t.problems.is_empty() && !v.games.is_empty() {
        let json = match_json(&v, false, &t.text);
        let mat = write_mat(&json);
        let again = check(&mat, &Overrides::default());
        let mut a = match_json(&again, false, &mat)["games"].take();
        let mut b = json["games"].clone();
        strip(&mut a);
        strip(&mut b);
        assert_eq!(a, b);
    }
});

/// Drop what depends on the layout of the text (lines, spans, the source text).
fn strip(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            for k in ["line", "span", "source"] {
                m.remove(k);
            }
            m.values_mut().for_each(strip);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
        _ => {}
    }
}
