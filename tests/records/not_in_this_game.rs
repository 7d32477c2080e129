//! What a game does not have, written anyway: a `bar/N` step in a game without a bar (Gul
//! bara, Long nardy, Fevga, Tapa) and a ` Draw` line for a won game in a game without draws
//! (Gul bara, backgammon, Long nardy, Fevga). Each is one error on its line; the bar's
//! suggestions lead with the play from the start point, and a ` Draw` is judged as the game
//! its winner won, so the starter, the score lines, the Crawford game and the match end that
//! follow raise nothing more.

use crate::kinds;

use crate::common::{files, key, line_of, new_findings};
use kinds::{is_meant, turns};

use tavla::Code;
use tavla::generate::{Settings, random_match};
use tavla::replay::{Finding, Overrides, Severity, apply_repairs, check};
use tavla::rules::{RuleSet, Variant};

/// A finding as compared between a record and its mutant: code and line.
/// In each bar-less game, a play from the start written from the bar (`24/20` as `bar/20`):
/// the finding keeps its code and says the game has no bar, its first suggestion is the play
/// from the start point that reaches the written destinations, and it is the confirmed repair
/// when the rest of the game replays from it.
#[test]
fn bar_steps_in_bar_less_games_suggest_the_start_point() {
    let o = Overrides::default();
    for (dir, game) in [
        ("fixtures/gulbara/valid", "Gul bara"),
        ("fixtures/longnardy/examples", "Long nardy"),
        ("fixtures/fevga/examples", "Fevga"),
        ("fixtures/tapa/examples", "Tapa"),
    ] {
        let (mut mutants, mut first, mut repaired) = (0, 0, 0);
        for path in files(dir, "mat") {
            let text = std::fs::read_to_string(&path).unwrap();
            let v = check(tavla::notation::read(&text), &o);
            if v.errors() > 0 || v.rules.is_none_or(|r| r.variant().title() != game) {
                continue;
            }
            let before: Vec<_> = v.findings.iter().map(|f| key(&text, f)).collect();
            for t in turns(&text, &v).into_iter().take(40) {
                let written = &text[t.span.0..t.span.1];
                let Some(at) = written
                    .match_indices("24/")
                    .map(|(i, _)| i)
                    .find(|&i| i == 0 || written.as_bytes()[i - 1] == b' ')
                else {
                    continue;
                };
                let at = t.span.0 + at;
                let mutant = format!("{}bar/{}", &text[..at], &text[at + 3..]);
                let m = check(tavla::notation::read(&mutant), &o);
                let new = new_findings(&m, &mutant, &before);
                let errors: Vec<&&Finding> = new
                    .iter()
                    .filter(|f| f.severity == Severity::Error && f.rests_on.is_none())
                    .collect();
                assert_eq!(errors.len(), 1, "{}:{}: {new:?}", path.display(), t.line);
                let f = errors[0];
                assert_eq!(f.code, Code::NoBar, "{}:{}", path.display(), t.line);
                assert_eq!(line_of(&mutant, f.span.offset), t.line);
                assert!(
                    f.message.contains(&format!("{game} has no bar")),
                    "{}",
                    f.message
                );
                assert!(
                    new.iter()
                        .all(|g| std::ptr::eq(*g, *f) || g.rests_on.is_some()),
                    "{}:{}: {new:?}",
                    path.display(),
                    t.line
                );
                let s = f.suggestions.as_ref().expect("suggestions for a bar step");
                mutants += 1;
                let meant = is_meant(&t, &s.plays[0]);
                if !meant {
                    eprintln!(
                        "{}:{}: {written:?} -> {:?}",
                        path.display(),
                        t.line,
                        s.plays
                    );
                }
                first += usize::from(meant);
                if let Some(r) = &f.repair {
                    repaired += 1;
                    assert_eq!(s.plays[0], r.text);
                    let fixed = apply_repairs(&mutant, &[(**r).clone()]);
                    assert_eq!(
                        check(tavla::notation::read(&fixed), &o).errors(),
                        0,
                        "{fixed}"
                    );
                }
            }
        }
        eprintln!("{game}: {mutants} bar/N mutants, first {first}, repaired {repaired}");
        assert!(mutants >= 10, "{game}: {mutants}");
        assert_eq!(first, mutants, "{game}");
        assert!(
            repaired * 5 >= mutants * 4,
            "{game}: {repaired} of {mutants}"
        );
    }
}

/// In each game without draws, every game's ` Wins` line of generated matches (with the
/// cube and Crawford in backgammon) written as ` Draw`: exactly one new finding, an error on
/// that line whose help names the game's own rules file, and nothing else — no missing
/// result, no wrong starter, no score line, Crawford or match-end finding.
#[test]
fn a_draw_written_for_a_won_game_is_the_one_error_in_every_game_without_draws() {
    let o = Overrides::default();
    for (variant, file) in [
        (Variant::GulBara, "gul-bara.md"),
        (Variant::Backgammon, "backgammon.md"),
        (Variant::LongNardy, "long-nardy.md"),
        (Variant::Fevga, "fevga.md"),
    ] {
        let mut mutants = 0;
        for seed in 0..8u64 {
            let mut st = Settings::new(RuleSet::default_for(variant), 5);
            if variant == Variant::Backgammon {
                st.double_rate = 0.2;
            }
            let text = random_match(&st, 7000 + seed);
            let v = check(tavla::notation::read(&text), &o);
            assert_eq!(v.errors(), 0, "{variant:?} seed {seed}");
            let before: Vec<_> = v.findings.iter().map(|f| key(&text, f)).collect();
            for (at, _) in text.match_indices("Wins ") {
                let end = at + text[at..].find('\n').unwrap_or(text.len() - at);
                let mutant = format!("{}Draw{}", &text[..at], &text[end..]);
                let line = line_of(&text, at);
                let m = check(tavla::notation::read(&mutant), &o);
                let new = new_findings(&m, &mutant, &before);
                assert_eq!(
                    new.iter().map(|f| key(&mutant, f)).collect::<Vec<_>>(),
                    vec![(Code::DrawResult, line)],
                    "{variant:?} seed {seed}:\n{mutant}"
                );
                let f = new[0];
                assert_eq!(f.severity, Severity::Error);
                let help = f.help.as_deref().unwrap_or_default();
                assert!(help.contains(file), "{help}");
                assert!(
                    !help.contains("tapa.md") && !help.contains("mother"),
                    "{help}"
                );
                mutants += 1;
            }
        }
        assert!(mutants >= 8, "{variant:?}: {mutants}");
    }
}
