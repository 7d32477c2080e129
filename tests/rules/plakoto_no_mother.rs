//! Plakoto without the mother (`mother_check = off`, preset `plakoto-no-mother`), as servers
//! such as GammonX and the ichmags engine play it: no mother win and no mother draw, the game
//! ends only by bearing off (or the stuck rule). A record made that way validates; the same
//! record under `plakoto` ends at the pin.

use crate::common::generated::AtTheirLine;
use crate::common::{assert_round_trip, valid};
use tavla::codes::Code;
use tavla::generate::{Settings, random_match};
use tavla::replay::{Overrides, Severity, check};
use tavla::rules::tapa::{MotherCheck, Outcome, outcome_under};
use tavla::rules::{Position, RuleSet, Side, Variant};

fn no_mother() -> RuleSet {
    RuleSet::default_for(Variant::Tapa)
        .with_preset("plakoto-no-mother")
        .expect("the preset")
}

/// The preset is Plakoto's with `mother_check = off`, and the option is read by its name.
#[test]
fn the_preset_and_the_option() {
    let RuleSet::Tapa(o) = no_mother() else {
        panic!("not the pinning game")
    };
    assert_eq!(o.mother_check, MotherCheck::Off);
    let RuleSet::Tapa(p) = RuleSet::default_for(Variant::Tapa)
        .with_preset("plakoto")
        .unwrap()
    else {
        panic!()
    };
    assert_eq!(
        (o.opening, o.next_game_starter, o.draw_points, o.stuck_rolls),
        (p.opening, p.next_game_starter, p.draw_points, p.stuck_rolls)
    );
    let mut r = RuleSet::default_for(Variant::Tapa)
        .with_preset("plakoto")
        .unwrap();
    r.set("mother_check=off").unwrap();
    assert_eq!(r.with_preset("plakoto-no-mother").unwrap(), no_mother());
    assert!(r.set("mother_check=never").is_err());
    assert_eq!(
        Variant::from_name("Plakoto (no mother)"),
        Some((Variant::Tapa, Some("plakoto-no-mother")))
    );
}

/// A pinned mother with the pinner's start empty, and both mothers pinned: under `off` the
/// game goes on; under `step` they are a mother win and a draw.
#[test]
fn a_pinned_mother_ends_nothing() {
    let mut p = Position::empty();
    // White pins Black's last checker on Black's 24 (White's 1); White's start is empty.
    p.set(Side::White, 1, 1);
    p.set(Side::White, 6, 14);
    p.set(Side::Black, 24, 1);
    p.set_pinned(Side::Black, 24, true);
    p.set(Side::Black, 12, 14);
    assert_eq!(
        outcome_under(&p, MotherCheck::Step),
        Outcome::Mother(Side::White)
    );
    assert_eq!(outcome_under(&p, MotherCheck::Off), Outcome::Running);
    assert_eq!(no_mother().outcome(&p), Outcome::Running);
    let mut both = p;
    both.set(Side::White, 6, 13);
    both.set(Side::White, 24, 1);
    both.set_pinned(Side::White, 24, true);
    both.set(Side::Black, 12, 13);
    both.set(Side::Black, 1, 1);
    assert_eq!(outcome_under(&both, MotherCheck::Step), Outcome::Draw);
    assert_eq!(outcome_under(&both, MotherCheck::Off), Outcome::Running);
}

/// Given generated matches under `plakoto-no-mother`, then each validates with no finding;
/// and given those in which a mother was pinned with the pinner's start empty, when read with
/// the `plakoto` preset, then the first error is at the pin or after it: the game ended there
/// (a step after the pin in the same roll is an illegal play, a later entry `after-game-end`)
/// or its result is wrong.
#[test]
fn a_record_without_the_mother_validates_and_under_plakoto_ends_at_the_pin() {
    let mut ended_at_pin = 0;
    for seed in 0..16u64 {
        let mut st = Settings::new(no_mother(), 1);
        st.resign_rate = 0.0;
        let text = random_match(&st, seed);
        assert!(text.contains("; [Rules \"plakoto-no-mother\"]"), "{text}");
        let v = valid(&text, &format!("seed {seed}"));
        assert_eq!(v.rules, Some(no_mother()));
        // The `.mat` ⇄ JSON round trip keeps the preset.
        assert_round_trip(&v, &text, &format!("seed {seed}"));
        // One changed step is never reported before its line.
        if seed < 2 {
            AtTheirLine::default().add(&text, &format!("seed {seed}"));
        }
        // Under plakoto: the first position after a roll in which the mother rule holds.
        let plakoto = RuleSet::default_for(Variant::Tapa)
            .with_preset("plakoto")
            .unwrap();
        let pin_line = v.games.iter().find_map(|g| {
            g.actions.iter().find_map(|a| match a {
                tavla::replay::ActionTrace::Turn { line, position, .. }
                    if plakoto.outcome(position) != Outcome::Running
                        && !matches!(plakoto.outcome(position), Outcome::BoreOff(_)) =>
                {
                    Some(*line)
                }
                _ => None,
            })
        });
        let as_plakoto = text.replace("; [Rules \"plakoto-no-mother\"]", "; [Rules \"plakoto\"]");
        let v2 = check(tavla::notation::read(&as_plakoto), &Overrides::default());
        let idx = tavla::report::LineIndex::new(&as_plakoto);
        let first = v2
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| (idx.locate(&as_plakoto, f.span.offset).0, f.code))
            .min();
        match pin_line {
            None => assert!(first.is_none(), "seed {seed}: {first:?}"),
            Some(l) => {
                let (at, code) = first.expect("an error under plakoto");
                assert!(at >= l, "seed {seed}: error at {at} before the pin at {l}");
                assert!(
                    matches!(
                        code,
                        Code::AfterGameEnd
                            | Code::IllegalPlay
                            | Code::WinsMismatch
                            | Code::WrongWinner
                            | Code::MissingResult
                    ),
                    "seed {seed}: {code:?} at {at}"
                );
                // The game ended at the pin: a step after it in the same roll is illegal
                // there, or the next entry comes after the end.
                if at == l || code == Code::AfterGameEnd {
                    ended_at_pin += 1;
                }
            }
        }
    }
    assert!(ended_at_pin > 0, "no generated record pinned a mother");
}
