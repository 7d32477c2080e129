//! The nearest legal plays offered for an illegal play: on single-step mutants of valid
//! records (one step's destination moved by ±1 or ±2 so that the play becomes illegal), the
//! original play is first in at least 90 % of the mutants, and nearly always among the
//! suggestions (the figures are in the README, "What it checks").

mod mutants;

use mutants::{destinations, files, line_of, positions_on};

use tavla::replay::{Finding, Overrides, Severity, check, check_findings};

/// Accuracy of the first suggestion: (mutants, original first, original among suggestions).
fn measure(dirs: &[&str], stride: usize) -> (usize, usize, usize) {
    let o = Overrides::default();
    let (mut mutants, mut first, mut among) = (0, 0, 0);
    let mut k = 0usize;
    for dir in dirs {
        for path in files(dir) {
            let text = std::fs::read_to_string(&path).unwrap();
            let original = check(&text, &o);
            if original.errors() > 0 {
                continue;
            }
            for (off, len, value) in destinations(&text) {
                k += 1;
                if !k.is_multiple_of(stride) {
                    continue;
                }
                let delta = [1i32, -1, 2, -2][(k / stride) % 4];
                let to = value as i32 + delta;
                if !(1..=24).contains(&to) {
                    continue;
                }
                let mutant = format!("{}{to}{}", &text[..off], &text[off + len..]);
                let line = line_of(&text, off);
                let v = check_findings(&mutant, &o);
                let Some(f) = v.findings.iter().find(|f| f.severity == Severity::Error) else {
                    continue; // still legal: not a mutant of this kind
                };
                if line_of(&mutant, f.span.offset) != line {
                    continue;
                }
                let Some(s) = suggestion_list(f) else {
                    continue;
                };
                mutants += 1;
                let want = positions_on(&original, line);
                let found = s.1.iter().position(|play| {
                    let repaired = format!("{}{play}{}", &mutant[..s.0.0], &mutant[s.0.1..]);
                    positions_on(&check(&repaired, &o), line) == want
                });
                match found {
                    Some(0) => {
                        first += 1;
                        among += 1;
                    }
                    Some(i) => {
                        among += 1;
                        if std::env::var_os("TAVLA_SHOW").is_some() {
                            eprintln!(
                                "{}:{line}: #{i} {:?} in {:?}",
                                path.display(),
                                &mutant[s.0.0..s.0.1],
                                s.1
                            );
                        }
                    }
                    None => eprintln!(
                        "{}:{line}: the original is not among {:?}",
                        path.display(),
                        s.1
                    ),
                }
            }
        }
    }
    (mutants, first, among)
}

/// The byte range a suggestion replaces and the suggested plays.
fn suggestion_list(f: &Finding) -> Option<((usize, usize), Vec<String>)> {
    let s = f.suggestions.as_ref()?;
    Some(((s.span.offset, s.span.end()), s.plays.clone()))
}

#[test]
fn the_first_suggestion_is_the_original_play_in_at_least_90_percent_of_single_step_mutants() {
    let (bm, bf, ba) = measure(&["fixtures/backgammon/gnubg"], 37);
    let (gm, gf, ga) = measure(&["fixtures/gulbara/valid"], 5);
    let pct = |a: usize, n: usize| 100.0 * a as f64 / n.max(1) as f64;
    eprintln!(
        "backgammon: {bm} mutants, first {:.1} %, among {:.1} %; Gul bara: {gm} mutants, first {:.1} %, among {:.1} %; all: {} mutants, first {:.1} %, among {:.1} %",
        pct(bf, bm),
        pct(ba, bm),
        pct(gf, gm),
        pct(ga, gm),
        bm + gm,
        pct(bf + gf, bm + gm),
        pct(ba + ga, bm + gm),
    );
    assert!(bm >= 250 && gm >= 250, "{bm} + {gm} mutants");
    assert!(pct(bf + gf, bm + gm) >= 90.0);
    assert!(pct(bf, bm) >= 90.0 && pct(gf, gm) >= 90.0);
    // The original is nearly always among the (at most five) suggestions.
    assert!(pct(ba + ga, bm + gm) >= 97.0);
}
