//! The play parser round-trips: parse -> display -> parse gives the same play (modulo spans).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tavla::notation::parse_play;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(play) = parse_play(text) else {
        return;
    };
    let shown = play.to_string();
    let again = match parse_play(&shown) {
        Ok(p) => p,
        Err(e) => panic!("{text:?} parsed, but its display {shown:?} does not: {e:?}"),
    };
    assert_eq!(
        again.to_string(),
        shown,
        "display is not stable for {text:?}"
    );
    assert_eq!(
        again.steps.len(),
        play.steps.len(),
        "step count changed for {text:?}"
    );
    for (a, b) in play.steps.iter().zip(&again.steps) {
        assert_eq!(a.hops(), b.hops(), "hops changed for {text:?} -> {shown:?}");
        assert_eq!(
            a.repeat, b.repeat,
            "repeat changed for {text:?} -> {shown:?}"
        );
    }
});
