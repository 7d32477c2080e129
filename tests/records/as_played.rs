//! Illegal plays made at the board: matches played by tavla's engine in which one play is
//! illegal and the rest of the game goes on from the position it really left (the record of a
//! play that happened), for every game and every kind of illegality. The play is reported at
//! its line as made at the board (`continued: as_written`), every later turn is checked, and a
//! slip later in the same game is still found. `tavla fix` leaves such a play alone.

use crate::common::generated::first_destination_mutants;
use crate::common::{describe, tavla};
use tavla::generate::{Generated, IllegalKind, IllegalPlay, Settings, random_match_with};
use tavla::replay::{Continued, Finding, Overrides, Severity, check};
use tavla::report::LineIndex;
use tavla::rules::{RuleSet, Variant};

/// The games checked, each with the kinds of illegality its board allows (no bar: nothing is
/// left on it).
fn games() -> Vec<(RuleSet, &'static str, Vec<IllegalKind>)> {
    let all = IllegalKind::ALL.to_vec();
    let no_bar: Vec<IllegalKind> = all
        .iter()
        .copied()
        .filter(|k| *k != IllegalKind::BarLeftOccupied)
        .collect();
    vec![
        (
            RuleSet::default_for(Variant::Backgammon),
            "backgammon",
            all.clone(),
        ),
        (
            RuleSet::default_for(Variant::Hypergammon3),
            "hypergammon-3",
            all.clone(),
        ),
        (
            RuleSet::default_for(Variant::GulBara),
            "gul bara",
            no_bar.clone(),
        ),
        (RuleSet::default_for(Variant::Tapa), "tapa", no_bar.clone()),
        (
            RuleSet::default_for(Variant::LongNardy),
            "long nardy",
            no_bar.clone(),
        ),
        (RuleSet::default_for(Variant::Fevga), "fevga", no_bar),
    ]
}

/// A generated match with one illegal play of `kind` in game 1 (the first seed that makes
/// one), or `None` when no seed of a few gives the board for it.
fn record(rules: RuleSet, kind: IllegalKind) -> Option<Generated> {
    for seed in 0..40u64 {
        let mut st = Settings::new(rules, 3);
        st.double_rate = 0.0;
        st.illegal = Some(IllegalPlay {
            game: 1,
            after_roll: 4 + (seed % 7) as u32,
            kind,
        });
        let g = random_match_with(&st, seed);
        if g.illegal.is_some() {
            return Some(g);
        }
    }
    None
}

fn errors(v: &[Finding]) -> Vec<&Finding> {
    v.iter().filter(|f| f.severity == Severity::Error).collect()
}

/// Given a record with one illegal play made at the board in every game and of every kind,
/// then one error at that turn, continued from the play as written, no other error, and every
/// turn of the record checked.
#[test]
fn a_play_made_at_the_board_is_one_error_and_the_game_is_checked_on() {
    let mut made = 0;
    let mut both = 0;
    for (rules, name, kinds) in games() {
        for kind in kinds {
            let Some(g) = record(rules, kind) else {
                // Some boards never offer some kinds (a block of two points in Gul bara's
                // opening games, say); each game must still offer most of them.
                eprintln!("{name}: no {kind:?} made");
                continue;
            };
            made += 1;
            let (game, turn, side) = g.illegal.expect("made");
            let v = check(tavla::notation::read(&g.text), &Overrides::default());
            let errs = errors(&v.findings);
            assert_eq!(
                errs.len(),
                1,
                "{name} {kind:?}:\n{}\n{}",
                describe(&v, &g.text),
                g.text
            );
            let f = errs[0];
            let place = f.place.expect("placed");
            assert_eq!(
                (place.game as u32, place.turn, place.side),
                (game, Some(turn), Some(side)),
                "{name} {kind:?}: {}",
                describe(&v, &g.text)
            );
            // Where a legal play also lets the rest of the game replay (the two differ on a
            // point no later play touches), the repair is preferred and its help says that
            // the play as written fits too.
            if f.continued == Some(Continued::Repair) {
                assert!(
                    f.help.as_deref().unwrap_or("").contains(
                        "the play as written, made at the board, would let it replay too"
                    ),
                    "{name} {kind:?}: {:?}",
                    f.help
                );
                both += 1;
                assert_eq!(v.turns_checked(), g.turns, "{name} {kind:?}");
                continue;
            }
            assert_eq!(
                f.continued,
                Some(Continued::AsWritten),
                "{name} {kind:?}: {}",
                describe(&v, &g.text)
            );
            assert!(f.repair.is_none(), "{name} {kind:?}");
            assert!(
                f.help
                    .as_deref()
                    .unwrap_or("")
                    .contains("made at the board"),
                "{name} {kind:?}: {:?}",
                f.help
            );
            assert_eq!(v.turns_checked(), g.turns, "{name} {kind:?}");
        }
    }
    assert!(made >= 30, "only {made} records were made");
    eprintln!("{made} records, {both} of them also repaired");
    assert!(both * 10 <= made, "{both} of {made} also repaired");
}

/// Given such a record with a slip later in the same game (one step's destination changed),
/// then the slip is found at its line too, and the play made at the board is still continued
/// as written.
#[test]
fn a_later_slip_in_the_same_game_is_still_found() {
    let mut checked = 0;
    for (rules, name, kinds) in games() {
        for kind in kinds.into_iter().take(3) {
            let Some(g) = record(rules, kind) else {
                continue;
            };
            let (game, turn, _) = g.illegal.expect("made");
            let base = check(tavla::notation::read(&g.text), &Overrides::default());
            let made_line = {
                let idx = LineIndex::new(&g.text);
                idx.locate(&g.text, errors(&base.findings)[0].span.offset).0
            };
            // The first later turn line of game 1 whose mutant is illegal there.
            let game2 = g.text.find(" Game 2").unwrap_or(g.text.len());
            let game2_line = g.text[..game2].matches('\n').count();
            for (li, mutant) in first_destination_mutants(&g.text) {
                let line = li + 1;
                if line <= made_line + 1 || line >= game2_line {
                    continue;
                }
                let v = check(tavla::notation::read(&mutant), &Overrides::default());
                let idx = LineIndex::new(&mutant);
                let lines: Vec<usize> = errors(&v.findings)
                    .iter()
                    .map(|f| idx.locate(&mutant, f.span.offset).0)
                    .collect();
                if !lines.contains(&line) {
                    continue; // still legal, or the change is not an error there
                }
                let made_f = errors(&v.findings)
                    .into_iter()
                    .find(|f| idx.locate(&mutant, f.span.offset).0 == made_line)
                    .unwrap_or_else(|| panic!("{name} {kind:?}: {}", describe(&v, &mutant)));
                assert_eq!(
                    made_f.continued,
                    Some(Continued::AsWritten),
                    "{name} {kind:?}"
                );
                assert_eq!(
                    made_f.place.map(|p| (p.game as u32, p.turn)),
                    Some((game, Some(turn)))
                );
                checked += 1;
                break;
            }
        }
    }
    assert!(checked >= 10, "{checked}");
}

/// `tavla fix` leaves a play made at the board as it is, and says so; the file is unchanged.
#[test]
fn fix_leaves_a_play_made_at_the_board_alone() {
    let g = record(
        RuleSet::default_for(Variant::Backgammon),
        IllegalKind::WrongDistance,
    )
    .expect("a record");
    let dir = std::env::temp_dir().join(format!("tavla-as-played-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("made.mat");
    std::fs::write(&p, &g.text).unwrap();
    for diff in [true, false] {
        let mut args = vec!["fix"];
        if diff {
            args.push("--diff");
        }
        args.push(p.to_str().unwrap());
        let out = tavla().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{out:?}");
        let said = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(said.contains("made at the board"), "{said}");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), g.text);
    }
    // JSON says how the check went on.
    let out = tavla()
        .args(["validate", "--format", "jsonl", p.to_str().unwrap()])
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|j| j["severity"] == "error")
        .expect("an error");
    assert_eq!(line["continued"], "as_written");
}

/// A record may state that a play was illegal as made at the board (`; [IllegalPlay "game 1,
/// turn N, side"]`): the play is then a note, not an error, and the record is valid; a
/// statement that names a legal play, or cannot be read, is a warning on the tag.
#[test]
fn a_record_stating_the_play_made_at_the_board_gets_a_note() {
    let g = record(
        RuleSet::default_for(Variant::Backgammon),
        IllegalKind::Backwards,
    )
    .expect("a record");
    let (game, turn, side) = g.illegal.expect("made");
    let side = if side == tavla::rules::Side::White {
        "white"
    } else {
        "black"
    };
    let stated = format!(
        "; [IllegalPlay \"game {game}, turn {turn}, {side}\"]\n{}",
        g.text
    );
    let v = check(tavla::notation::read(&stated), &Overrides::default());
    assert_eq!(v.errors(), 0, "{}", describe(&v, &stated));
    let note = v
        .findings
        .iter()
        .find(|f| f.continued == Some(Continued::AsWritten))
        .expect("the play");
    assert_eq!(note.severity, Severity::Advice);
    assert!(
        note.message
            .starts_with("illegal as played, as the record states")
    );
    // A statement naming another turn, and one that cannot be read: warnings on the tag.
    for tag in [
        format!("game {game}, turn {}, {side}", turn + 1),
        "the seventh".to_string(),
    ] {
        let text = format!("; [IllegalPlay \"{tag}\"]\n{}", g.text);
        let v = check(tavla::notation::read(&text), &Overrides::default());
        assert_eq!(v.errors(), 1, "{}", describe(&v, &text));
        assert!(
            v.findings
                .iter()
                .any(|f| f.code == tavla::Code::IllegalPlayTag
                    && f.severity == Severity::Warning
                    && f.span.offset < text.find('\n').unwrap()),
            "{}",
            describe(&v, &text)
        );
    }
}

/// The record's own word comes first: an illegal play that a repair would also let the rest of
/// its game replay past (only the cube follows it) is taken as made at the board when the
/// record states so (a note, continued as written), and as a slip of the pen when it does not.
#[test]
fn a_stated_play_made_at_the_board_beats_a_repair_that_also_replays() {
    let plain = " 1 point match\n\n Game 1\n Ann : 0                              Bob : 0\n  1) 31: 8/5 6/5                      31: 13/10 13/10\n  2)  Doubles => 2                     Drops\n      Wins 1 point\n";
    let stated = format!("; [IllegalPlay \"game 1, turn 1, black\"]\n{plain}");
    let v = check(tavla::notation::read(&stated), &Overrides::default());
    assert!(errors(&v.findings).is_empty(), "{:#?}", v.findings);
    let f = v
        .findings
        .iter()
        .find(|f| f.severity == Severity::Advice)
        .expect("a note on the play");
    assert_eq!(f.continued, Some(Continued::AsWritten));
    let v = check(tavla::notation::read(plain), &Overrides::default());
    let e = errors(&v.findings);
    assert_eq!(e.len(), 1, "{e:#?}");
    assert_ne!(e[0].continued, Some(Continued::AsWritten));
    assert!(e[0].suggestions.is_some(), "{:#?}", e[0]);
}
