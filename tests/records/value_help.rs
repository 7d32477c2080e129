//! The help that explains what a game is worth, for the ways a game ends: a wrong `Wins`
//! value after a dropped double, after a bear-off in Gul bara (mars or single), and the
//! Jacoby rule. Each text must say what actually happened.

use crate::common::{files, read_text};

use tavla::codes::Code;
use tavla::generate::{Settings, random_match};
use tavla::replay::{Overrides, check};
use tavla::rules::{RuleSet, Variant};

/// The help of the one `wins-mismatch` finding of `text`.
fn mismatch_help(text: &str, o: &Overrides) -> String {
    let v = check(tavla::notation::read(text), o);
    let found: Vec<_> = v
        .findings
        .iter()
        .filter(|f| f.code == Code::WinsMismatch)
        .collect();
    assert_eq!(found.len(), 1, "{:#?}", v.findings);
    found[0].help.clone().unwrap_or_default()
}

/// Given a game that ended with a dropped double at cube 1 (`Wins 2 points`... written as 4),
/// when checked, then the help says the double was dropped and the game is worth the cube
/// before it — not a level of the position on the board.
#[test]
fn a_dropped_double_is_explained_as_a_drop() {
    let text = read_text("fixtures/backgammon/gnubg/m000-0201.mat");
    let line = text.lines().nth(35).unwrap();
    assert!(
        line.contains("Drops") && line.contains("Wins 2 points"),
        "{line}"
    );
    let bad = text.replacen(line, &line.replace("Wins 2 points", "Wins 4 points"), 1);
    let help = mismatch_help(&bad, &Overrides::default());
    assert!(help.contains("dropped the double"), "{help}");
    assert!(help.contains("2 point(s)"), "{help}");
    assert!(
        !help.contains("gammon") && !help.contains("single game"),
        "{help}"
    );
}

/// Given Gul bara games that ended by bearing off, when their `Wins` value is changed, then
/// the help names the mars (the loser bore off nothing, 2 points) or the single game (1).
#[test]
fn a_gul_bara_bear_off_is_explained_as_mars_or_single() {
    let mut seen = [false, false];
    for path in files("fixtures/gulbara/valid", "mat") {
        let text = std::fs::read_to_string(&path).unwrap();
        let Some(line) = text.lines().find(|l| {
            l.trim_start().starts_with("Wins 1 point")
                || l.trim_start().starts_with("Wins 2 points")
        }) else {
            continue;
        };
        let (was, now) = if line.contains("Wins 2 points") {
            ("Wins 2 points", "Wins 3 points")
        } else {
            ("Wins 1 point", "Wins 3 points")
        };
        let bad = text.replacen(line, &line.replacen(was, now, 1), 1);
        let v = check(tavla::notation::read(&bad), &Overrides::gul_bara());
        let Some(f) = v.findings.iter().find(|f| f.code == Code::WinsMismatch) else {
            continue; // a resignation, judged elsewhere
        };
        let help = f.help.clone().unwrap_or_default();
        if was == "Wins 2 points" {
            assert!(
                help.contains("bore off no checker: mars, 2 points"),
                "{}: {help}",
                path.display()
            );
            seen[0] = true;
        } else {
            assert!(
                help.contains("a single game, 1 point"),
                "{}: {help}",
                path.display()
            );
            seen[1] = true;
        }
    }
    assert_eq!(
        seen,
        [true, true],
        "both a mars and a single game were checked"
    );
}

/// Given a money game with the Jacoby rule where a gammon is won without the cube turned,
/// when the result is written as 2 points, then the help says the Jacoby rule makes it a
/// single game.
#[test]
fn a_gammon_under_the_jacoby_rule_is_explained_as_a_single_game() {
    // Money sessions with the Jacoby rule, played by the engine without doubles or
    // resignations: the games won by a gammon or backgammon count 1 point.
    let mut rules = RuleSet::default_for(Variant::Backgammon);
    rules.set("jacoby=on").expect("a backgammon option");
    let mut settings = Settings::new(rules, 0);
    settings.money_games = 20;
    settings.double_rate = 0.0;
    settings.resign_rate = 0.0;
    let mut checked = 0;
    for seed in 1..=20 {
        let text = random_match(&settings, seed);
        for line in text.lines().filter(|l| l.contains("Wins 1 point")) {
            let bad = text.replacen(line, &line.replacen("Wins 1 point", "Wins 2 points", 1), 1);
            let v = check(tavla::notation::read(&bad), &Overrides::default());
            if let Some(f) = v.findings.iter().find(|f| f.code == Code::WinsMismatch)
                && let Some(help) = &f.help
                && help.contains("Jacoby")
            {
                assert!(help.contains("counts as a single game"), "{help}");
                assert!(help.contains("gammon"), "{help}");
                checked += 1;
            }
        }
    }
    assert!(
        checked > 0,
        "no gammon under the Jacoby rule in the generated sessions"
    );
}

/// What the record's final position says about a backgammon game won by bearing off,
/// computed here from the board: (level name, level points).
fn level_of(pos: &tavla::rules::Position, winner: tavla::rules::Side) -> (&'static str, u64) {
    let loser = winner.other();
    if pos.off(loser) > 0 {
        ("single game", 1)
    } else if (19..=25).any(|p| pos.count(loser, p) > 0) {
        // On the bar, or in the winner's home board (the loser's 19..24).
        ("backgammon", 3)
    } else {
        ("gammon", 2)
    }
}

/// Given backgammon games ended by bearing off (gnubg matches, and generated money sessions
/// with the cube) and by resignation, when their `Wins` value is made wrong, then the help
/// names the level the board shows and the cube of the game (1 in a Crawford game), or what a
/// resignation may be worth at that cube.
#[test]
fn a_backgammon_game_is_explained_by_its_board_and_cube_or_as_a_resignation() {
    use tavla::replay::ActionTrace;
    let mut texts: Vec<String> = Vec::new();
    for path in files("fixtures/backgammon/gnubg", "mat") {
        texts.push(std::fs::read_to_string(path).unwrap());
    }
    let mut settings = Settings::new(RuleSet::default_for(Variant::Backgammon), 0);
    settings.money_games = 30;
    settings.double_rate = 0.3;
    settings.resign_rate = 0.02;
    for seed in 1..=10 {
        texts.push(random_match(&settings, seed));
    }
    let o = Overrides::default();
    let mut seen: std::collections::BTreeSet<String> = Default::default();
    for text in &texts {
        let v = check(tavla::notation::read(text), &o);
        if v.errors() > 0 {
            continue;
        }
        let last = v.games.len().saturating_sub(1);
        for (k, g) in v.games.iter().enumerate() {
            let Some(r) = &g.result else { continue };
            // The game that ends a match may be written capped at the points needed.
            if k == last {
                continue;
            }
            let Some((line, points)) = g.actions.iter().find_map(|a| match a {
                ActionTrace::Result {
                    line, points, wins, ..
                } if *wins => Some((*line, *points)),
                _ => None,
            }) else {
                continue;
            };
            let Some((pos, cube)) = g.actions.iter().rev().find_map(|a| match a {
                ActionTrace::Turn { position, cube, .. } => Some((*position, cube.0 as u64)),
                _ => None,
            }) else {
                continue;
            };
            let cube_now = g
                .actions
                .iter()
                .rev()
                .find_map(|a| match a {
                    ActionTrace::Cube { value, .. } => Some(*value),
                    _ => None,
                })
                .unwrap_or(1)
                .max(cube);
            let bad_points = 4 * cube_now + 1;
            let src = text.lines().nth(line - 1).unwrap();
            let word = if points == 1 { "point" } else { "points" };
            let was = format!("Wins {points} {word}");
            if !src.contains(&was) {
                continue;
            }
            let start: usize = text
                .split_inclusive('\n')
                .take(line - 1)
                .map(str::len)
                .sum();
            let at = start + src.find(&was).unwrap();
            let bad = format!(
                "{}Wins {bad_points} points{}",
                &text[..at],
                &text[at + was.len()..]
            );
            let w = check(tavla::notation::read(&bad), &o);
            let line_of = |off: usize| bad[..off].matches('\n').count() + 1;
            let f = w
                .findings
                .iter()
                .find(|f| {
                    (f.code == Code::WinsMismatch || f.code == Code::BadResignation)
                        && line_of(f.span.offset) == line
                })
                .unwrap_or_else(|| panic!("no finding for line {line}: {:#?}", w.findings));
            let help = f.help.clone().unwrap_or_default();
            match r.how {
                "bear-off" => {
                    let (name, level) = level_of(&pos, r.winner);
                    let full = level * cube_now;
                    assert_eq!(f.code, Code::WinsMismatch);
                    assert!(
                        help.contains(&format!(
                            "a {name} with the cube at {cube_now}: {full} point(s)"
                        )),
                        "line {line}: {help}"
                    );
                    assert!(
                        f.message.contains(&format!("worth {full} point(s)")),
                        "{}",
                        f.message
                    );
                    seen.insert(name.to_string());
                    if cube_now > 1 {
                        seen.insert("cube".into());
                    }
                    if g.crawford {
                        assert!(help.contains("with the cube at 1:"), "{help}");
                        seen.insert("crawford".into());
                    }
                }
                "resignation" => {
                    assert_eq!(
                        f.code,
                        Code::BadResignation,
                        "line {line}: {} {help}",
                        f.message
                    );
                    assert!(
                        help.contains("a resignation is worth 1, 2 or 3 times the cube"),
                        "{help}"
                    );
                    let allowed: Vec<String> = [1, 2, 3]
                        .iter()
                        .map(|l| (l * cube_now).to_string())
                        .collect();
                    assert!(
                        f.message
                            .contains(&format!("worth {} point(s)", allowed.join(" or "))),
                        "{}",
                        f.message
                    );
                    seen.insert("resignation".into());
                }
                "drop" => {
                    assert!(help.contains("dropped the double"), "{help}");
                    seen.insert("drop".into());
                }
                _ => {}
            }
        }
    }
    for want in [
        "single game",
        "gammon",
        "backgammon",
        "cube",
        "crawford",
        "resignation",
        "drop",
    ] {
        assert!(seen.contains(want), "no {want} among {seen:?}");
    }
}
