//! Every finding is placed in the match — its game, and for a turn or cube action the turn
//! number of its line and its side — from the record itself, so the machine formats locate
//! findings the same way for every format.

use tavla::replay::{Overrides, Place, check};
use tavla::report::{LineIndex, finding_json};
use tavla::rules::Side;

const RECORD: &str = " 3 point match

 Game 1
 Alice : 0                      Bob : 0
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2)  Doubles => 2                Drops
      Wins 1 point

 Game 2
 Alice : 1                      Bob : 0
  1) 52: 13/8 13/11              31: 8/5 6/5
  2) 61: 13/7 8/7                43: 24/17 13/10
";

#[test]
fn a_finding_names_its_game_turn_and_side() {
    let v = check(tavla::notation::read(RECORD), &Overrides::default());
    let errors: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.severity == tavla::Severity::Error)
        .collect();
    assert_eq!(errors.len(), 1, "{:?}", v.findings);
    let f = errors[0];
    assert_eq!(
        f.place,
        Some(Place {
            match_number: 1,
            game: 2,
            turn: Some(2),
            side: Some(Side::Black)
        })
    );
    assert_eq!(f.byte_offset(), None);
    let idx = LineIndex::new(RECORD);
    let j = finding_json("m.mat", RECORD, &idx, f);
    assert_eq!(j["game"], 2);
    assert_eq!(j["turn"], 2);
    assert_eq!(j["side"], "black");
    assert!(j["byte_offset"].is_null());
    assert_eq!(j["line"], 12);
}

#[test]
fn the_left_cell_is_white_and_a_score_line_has_no_turn() {
    // An error in the left column, and a `Wins` value that the next score line contradicts.
    let text = RECORD
        .replace(
            "31: 8/5 6/5                 64",
            "31: 8/4 6/5                 64",
        )
        .replace("Wins 1 point", "Wins 2 points");
    let v = check(tavla::notation::read(&text), &Overrides::default());
    let places: Vec<Option<Place>> = v
        .findings
        .iter()
        .filter(|f| f.severity == tavla::Severity::Error)
        .map(|f| f.place)
        .collect();
    assert_eq!(
        places.first().copied().flatten(),
        Some(Place {
            match_number: 1,
            game: 1,
            turn: Some(1),
            side: Some(Side::White)
        }),
        "{:?}",
        v.findings
    );
    assert!(
        places.contains(&Some(Place {
            match_number: 1,
            game: 2,
            turn: None,
            side: None
        })),
        "{places:?}"
    );
}

#[test]
fn findings_outside_the_games_have_no_place() {
    let text = "; [Variation \"Nonsense\"]\n\n 1 point match\n";
    let v = check(tavla::notation::read(text), &Overrides::default());
    assert!(!v.findings.is_empty());
    assert!(
        v.findings.iter().all(|f| f.place.is_none()),
        "{:?}",
        v.findings
    );
}
