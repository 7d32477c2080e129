//! The Greek Tavli match (`; [Variation "Tavli"]`, `tapa.md` §9): Portes, Plakoto and Fevga in
//! turn by game number. Matches played by tavla's engine validate with no finding, each game is
//! checked under the game its number selects, the JSON names it per game and survives the
//! `.mat` round trip, and a single changed step is reported at its line.

use crate::common::generated::AtTheirLine;
use crate::common::{assert_round_trip, valid};
use tavla::generate::{Settings, random_match};
use tavla::replay::{Overrides, check};
use tavla::report::json::match_json;
use tavla::rules::Variant;
use tavla::rules::rotation::Rotation;

fn tavli_match(length: u64, seed: u64) -> (Rotation, String) {
    let rot = Rotation::from_name("Tavli").unwrap();
    let mut st = Settings::new(rot.game(1), length);
    st.rotation = Some(rot);
    (rot, random_match(&st, seed))
}

/// Given generated Tavli matches, then each is valid, game n is Portes, Plakoto or Fevga as
/// n mod 3 says, the JSON names the variant per game, and the record survives the round trip.
#[test]
fn generated_tavli_matches_rotate_validate_and_round_trip() {
    let mut games = 0;
    for seed in 0..6u64 {
        let (rot, text) = tavli_match(7, seed);
        assert!(text.contains("; [Variation \"Tavli\"]"), "{text}");
        let v = valid(&text, &format!("seed {seed}"));
        assert_eq!(v.rotation, Some(rot));
        let j1 = match_json(&v, false, &text);
        assert_eq!(j1["rotation"], "Tavli");
        for (k, g) in v.games.iter().enumerate() {
            let want = [Variant::Backgammon, Variant::Tapa, Variant::Fevga][k % 3];
            assert_eq!(g.rules.variant(), want, "game {}", g.number);
            assert_eq!(j1["games"][k]["variant"], want.name());
            // Portes has no cube; Plakoto is the `plakoto` preset.
            assert!(!g.rules.cube().in_game() || g.rules.cube().available.is_err());
            games += 1;
        }
        assert_round_trip(&v, &text, &format!("seed {seed}"));
        // The same record read as the Bulgarian rotation is wrong by game 2 at the latest
        // (Gul bara starts both sides on their own 24, Plakoto does not).
        if v.games.len() >= 2 {
            let sreshta = text.replace("; [Variation \"Tavli\"]", "; [Variation \"Sreshta\"]");
            assert!(
                check(tavla::notation::read(&sreshta), &Overrides::default()).errors() > 0,
                "{text}"
            );
        }
    }
    assert!(games >= 18, "{games} games");
}

/// Given a generated Tavli match, when the destination of one written step is changed, then
/// the first error is never before the changed line, and most changes are reported at it.
#[test]
fn a_changed_step_in_a_tavli_match_is_reported_at_its_line() {
    let mut at = AtTheirLine::default();
    for seed in 0..3u64 {
        at.add(&tavli_match(5, seed).1, &format!("seed {seed}"));
    }
    at.assert_most(100);
}
