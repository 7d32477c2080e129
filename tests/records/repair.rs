//! Confirmed repairs on single-step mutants of valid records (one step's destination moved by
//! ±1 or ±2 so that the play becomes illegal): every repair given is the original play, the
//! record repaired equals the original byte for byte, the mutant has exactly one new error (at
//! the mutated line) and every other new finding rests on the repair; and the repair is the
//! first suggestion in every output (the help, human, json, jsonl, SARIF, HTML). The figures are in the
//! README ("Repairs").

use crate::mutants;

use crate::common::{key, line_of, new_findings, root, scratch, tavla};
use mutants::{StepMutant, positions_on, step_mutants};

use serde_json::Value;
use tavla::notation::parse_play;
use tavla::replay::{Finding, Overrides, Repair, Severity, Verdict, apply_repairs, check};
use tavla::report::board::{finding_diagram, play_hops};
use tavla::report::formats::{FileFindings, jsonl, sarif};
use tavla::report::html::file_section;
use tavla::report::{LineIndex, Style, finding_json, render_human};

#[derive(Default, Debug)]
struct Tally {
    mutants: usize,
    repaired: usize,
    wrong: usize,
    byte_equal: usize,
    /// Repairs of a play written with two equal steps (`24/23 24/23`): which one was changed
    /// cannot be known, so the order of the two steps may differ from the original's.
    ambiguous: usize,
    one_error: usize,
}

/// Mutants with a repair, with their originals, for `tavla fix`.
type Fixable = Vec<(String, String, bool)>;

fn measure(dirs: &[&str], stride: usize, fixable: &mut Fixable) -> Tally {
    let o = Overrides::default();
    let mut t = Tally::default();
    step_mutants(dirs, stride, |m| {
        let StepMutant {
            path,
            text,
            original,
            mutant,
            line,
        } = m;
        let before: Vec<_> = original.findings.iter().map(|f| key(text, f)).collect();
        let v = check(tavla::notation::read(&mutant), &o);
        let new = new_findings(&v, &mutant, &before);
        let Some(f) = new.iter().find(|f| f.severity == Severity::Error) else {
            return; // still legal: not a mutant of this kind
        };
        if line_of(&mutant, f.span.offset) != line || f.suggestions.is_none() {
            return;
        }
        t.mutants += 1;
        let errors_at_line = new
            .iter()
            .filter(|g| g.severity == Severity::Error && g.rests_on.is_none())
            .count();
        let others_rest = new.iter().all(|g| {
            g.rests_on.is_some()
                || line_of(&mutant, g.span.offset) == line
                || g.severity == Severity::Advice
        });
        if errors_at_line == 1 && others_rest {
            t.one_error += 1;
        } else {
            eprintln!(
                "{}:{line}: new findings {:?}",
                path.display(),
                new.iter()
                    .map(|g| (g.code, line_of(&mutant, g.span.offset), g.rests_on))
                    .collect::<Vec<_>>()
            );
        }
        let Some(r) = &f.repair else { return };
        t.repaired += 1;
        repair_leads_every_output(&mutant, &v, f, r);
        let fixed = apply_repairs(&mutant, &[(**r).clone()]);
        if positions_on(&check(tavla::notation::read(&fixed), &o), line)
            != positions_on(original, line)
        {
            t.wrong += 1;
            eprintln!(
                "{}:{line}: wrong repair {:?} for {:?}",
                path.display(),
                r.text,
                &mutant[r.span.offset..r.span.end()]
            );
        }
        let written = &mutant[r.span.offset..r.span.end()];
        let words: Vec<&str> = written.split_whitespace().collect();
        let twin = (1..words.len()).any(|i| words[..i].contains(&words[i]));
        fixable.push((mutant.clone(), text.to_string(), twin));
        if fixed == text {
            t.byte_equal += 1;
        } else if twin {
            t.ambiguous += 1;
            assert_eq!(
                check(tavla::notation::read(&fixed), &o).errors(),
                0,
                "{}:{line}",
                path.display()
            );
        } else if std::env::var_os("TAVLA_SHOW").is_some() {
            eprintln!(
                "{}:{line}: repaired as {:?}, written {:?}",
                path.display(),
                r.text,
                &text[r.span.offset..r.span.end() + text.len() - fixed.len()]
            );
        }
    });
    t
}

/// The confirmed repair `r` of `f` is the first suggestion in every output that carries
/// suggestions: the finding's own list, the help's nearest plays (human output), json and
/// jsonl `suggestions`, SARIF's first fix and the HTML report's list and green play.
fn repair_leads_every_output(text: &str, v: &Verdict, f: &Finding, r: &Repair) {
    let s = f
        .suggestions
        .as_ref()
        .expect("a repaired play has suggestions");
    assert_eq!(s.plays.first(), Some(&r.text), "{:?}", s.plays);
    assert_eq!(s.span, r.span);
    let nearest = format!("nearest to what is written: {}", r.text);
    let help = f.help.as_deref().unwrap_or_default();
    assert!(
        help.starts_with(&format!("did you mean `{}`", r.text)),
        "{help}"
    );
    assert!(help.contains(&nearest), "{help}");
    let one = std::slice::from_ref(f);
    let style = Style {
        color: false,
        unicode: false,
        width: 10_000,
    };
    let human = render_human("m.mat", text, one, style);
    assert!(human.contains(&nearest), "{human}");
    let ff = FileFindings {
        path: "m.mat",
        text,
        findings: one,
    };
    let line: Value = serde_json::from_str(jsonl(&ff).lines().next().unwrap()).unwrap();
    assert_eq!(line["suggestions"][0], r.text.as_str());
    assert_eq!(line["repair"], r.text.as_str());
    let idx = LineIndex::new(text);
    assert_eq!(
        finding_json("m.mat", text, &idx, f)["suggestions"][0],
        r.text.as_str()
    );
    let sarif = sarif(&[ff], "0", None);
    let fix = &sarif["runs"][0]["results"][0]["fixes"][0]["artifactChanges"][0]["replacements"][0];
    assert_eq!(fix["insertedContent"]["text"], r.text.as_str());
    let html = file_section(0, "m.mat", text, one, Some(v));
    let listed = html
        .split("nearest legal plays (")
        .nth(1)
        .and_then(|t| t.split("<code>").nth(1))
        .and_then(|t| t.split("</code>").next())
        .expect("the HTML lists the suggestions");
    assert_eq!(listed, r.text.replace('&', "&amp;").replace('<', "&lt;"));
    let d = finding_diagram(v, f).expect("a board for the illegal play");
    let side = d.to_move.expect("the side to move");
    let green = play_hops(&parse_play(&r.text).expect("the repair parses").steps, side);
    assert_eq!(d.alternative, green, "{}", r.text);
}

#[test]
fn every_repair_is_the_original_play_and_restores_the_record_byte_for_byte() {
    let mut fixable = Vec::new();
    let b = measure(&["fixtures/backgammon/gnubg"], 61, &mut fixable);
    let g = measure(&["fixtures/gulbara/valid"], 7, &mut fixable);
    eprintln!("backgammon: {b:?}\nGul bara: {g:?}");
    assert!(b.mutants >= 250 && g.mutants >= 250, "{b:?} {g:?}");
    for t in [&b, &g] {
        assert_eq!(t.wrong, 0, "a wrong confirmed repair: {t:?}");
        assert_eq!(t.byte_equal + t.ambiguous, t.repaired, "{t:?}");
        assert!(t.ambiguous * 100 <= t.repaired, "{t:?}");
        // Nearly every mutant gets its repair.
        assert!(t.repaired * 100 >= t.mutants * 85, "{t:?}");
        assert_eq!(t.one_error, t.mutants, "{t:?}");
    }
}

/// `tavla fix` on every mutant with a repair (one run over a directory of them): each record
/// is the original byte for byte (or, for a play written with two equal steps, validates
/// clean), and the run exits 0.
#[test]
fn tavla_fix_restores_every_repaired_mutant() {
    let mut fixable = Vec::new();
    measure(&["fixtures/backgammon/gnubg"], 61, &mut fixable);
    measure(&["fixtures/gulbara/valid"], 7, &mut fixable);
    let dir = scratch("repair-fix");
    for (i, (mutant, ..)) in fixable.iter().enumerate() {
        std::fs::write(dir.join(format!("{i:05}.mat")), mutant).unwrap();
    }
    let out = tavla().arg("fix").arg(&dir).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let o = Overrides::default();
    for (i, (_, original, twin)) in fixable.iter().enumerate() {
        let now = std::fs::read_to_string(dir.join(format!("{i:05}.mat"))).unwrap();
        if *twin {
            assert_eq!(
                check(tavla::notation::read(&now), &o).errors(),
                0,
                "{i:05}.mat"
            );
        } else {
            assert_eq!(&now, original, "{i:05}.mat");
        }
    }
    assert!(fixable.len() >= 500, "{}", fixable.len());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A dance whose roll was changed to one with exactly one legal play: the empty cell would be
/// read as the omitted forced play (records.md), but the rest of the game replays only if no
/// checker moved, so the roll is the one error, on its line; the later error that the forced
/// play would cause is not reported. With one fitting roll it is the repair (`tavla fix`
/// restores the record); with several, the help lists them and there is no repair.
#[test]
fn a_changed_roll_of_a_dance_is_the_one_error_and_its_fitting_roll_the_repair() {
    for (file, line, from, to) in [
        (
            "fixtures/backgammon/gnubg/m000-0208.mat",
            103,
            " 61: ",
            " 62: ",
        ),
        (
            "fixtures/backgammon/gnubg/m000-0218.mat",
            29,
            " 31: ",
            " 32: ",
        ),
        (
            "fixtures/backgammon/gnubg/m001-0006.mat",
            38,
            " 33: ",
            " 32: ",
        ),
    ] {
        let text = std::fs::read_to_string(root().join(file)).unwrap();
        assert!(
            check(tavla::notation::read(&text), &Overrides::default())
                .findings
                .is_empty()
        );
        let mut lines: Vec<String> = text.split('\n').map(String::from).collect();
        let l = &mut lines[line - 1];
        let at = l
            .rfind(from)
            .unwrap_or_else(|| panic!("{file}:{line}: {l}"));
        l.replace_range(at..at + from.len(), to);
        let mutant = lines.join("\n");
        let v = check(tavla::notation::read(&mutant), &Overrides::default());
        let found: Vec<(tavla::Code, usize)> = v.findings.iter().map(|f| key(&mutant, f)).collect();
        assert_eq!(
            found,
            vec![(tavla::Code::DanceNotJustified, line)],
            "{file}:{line}"
        );
        let f = &v.findings[0];
        assert_eq!(f.severity, Severity::Error);
        match &f.repair {
            Some(r) => assert_eq!(apply_repairs(&mutant, &[(**r).clone()]), text, "{file}"),
            None => assert!(
                f.help
                    .as_deref()
                    .is_some_and(|h| h.contains(from.trim().trim_end_matches(':'))),
                "{file}: {:?}",
                f.help
            ),
        }
    }
}
