//! One source for names: the help of `--variant` and `--rules` (and the errors that list the
//! names) is written from the tables the parsers read — `rules::VARIANT_NAMES`,
//! `rules::rotation::ROTATION_NAMES`, `rules::options::PRESETS` — so every name tavla accepts
//! is in the help and every name the help lists is accepted.

use crate::common::run;

use tavla::rules::options::PRESETS;
use tavla::rules::rotation::{ROTATION_NAMES, Rotation};
use tavla::rules::{RuleSet, VARIANT_NAMES, Variant};

/// `validate --help` with its line wrapping undone (every run of whitespace one space).
fn help() -> String {
    let o = run(&["validate", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    String::from_utf8_lossy(&o.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text of `help` between `start` and the next `)` that closes the list.
fn list_after<'a>(help: &'a str, start: &str) -> &'a str {
    let at = help
        .find(start)
        .unwrap_or_else(|| panic!("`{start}` not in the help: {help}"));
    let rest = &help[at + start.len()..];
    // The list ends at the `)` that closes the one opened before it (names hold `(…)` too).
    let mut depth = 1;
    for (i, c) in rest.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return &rest[..i];
                }
            }
            _ => {}
        }
    }
    panic!("the list after `{start}` does not end: {rest}")
}

/// `Title: a, b; Title: c` as (title, names).
fn per_game(list: &str) -> Vec<(String, Vec<String>)> {
    list.split("; ")
        .map(|part| {
            let (title, names) = part
                .split_once(": ")
                .unwrap_or_else(|| panic!("`{part}` is not `Game: names`"));
            (
                title.to_string(),
                names.split(", ").map(str::to_string).collect(),
            )
        })
        .collect()
}

fn title_of(title: &str) -> Variant {
    *Variant::ALL
        .iter()
        .find(|v| v.title() == title)
        .unwrap_or_else(|| panic!("no game titled `{title}`"))
}

#[test]
fn every_name_tavla_accepts_is_in_the_help() {
    let help = help();
    for &(name, variant, preset) in VARIANT_NAMES {
        assert!(help.contains(name), "`{name}` is not in the help");
        assert_eq!(Variant::from_name(name), Some((variant, preset)), "{name}");
    }
    for &(name, kind) in ROTATION_NAMES {
        assert!(help.contains(name), "`{name}` is not in the help");
        assert_eq!(
            Rotation::from_name(name).map(|r| r.kind),
            Some(kind),
            "{name}"
        );
    }
    for &(variant, presets) in PRESETS {
        for p in presets {
            assert!(help.contains(p), "preset `{p}` is not in the help");
            assert!(RuleSet::default_for(variant).with_preset(p).is_ok(), "{p}");
        }
    }
    // Each game has its canonical name in the table, first among its names.
    for v in Variant::ALL {
        let first = VARIANT_NAMES.iter().find(|(_, of, _)| of == v);
        assert_eq!(first.map(|r| r.0), Some(v.name()), "{v:?}");
    }
    // The names a record or a user writes, in any case: in the help and accepted by the CLI.
    let lower = help.to_lowercase();
    for name in [
        "Tapa",
        "Plakoto",
        "Portes",
        "Tavla",
        "обикновена",
        "Moultezim",
        "NackGammon",
    ] {
        assert!(
            lower.contains(&name.to_lowercase()),
            "`{name}` is not in the help"
        );
        let o = run(&["legal", "--variant", name, "--roll", "31"]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "--variant {name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    for name in ["Sreshta", "Tavli", "Среща"] {
        assert!(
            lower.contains(&name.to_lowercase()),
            "`{name}` is not in the help"
        );
    }
}

#[test]
fn every_name_the_help_lists_is_accepted() {
    let help = help();
    let variants = per_game(list_after(&help, "overriding the `Variation` header ("));
    assert_eq!(variants.len(), Variant::ALL.len());
    let mut listed = 0;
    for (title, names) in &variants {
        let game = title_of(title);
        for n in names {
            let (v, _) =
                Variant::from_name(n).unwrap_or_else(|| panic!("`{n}` is listed but not accepted"));
            assert_eq!(v, game, "`{n}` is listed under {title}");
            listed += 1;
        }
    }
    assert_eq!(listed, VARIANT_NAMES.len(), "every name once");
    let at = help
        .find("rotating match")
        .expect("the rotating matches in the help");
    let rotations = help[at..]
        .split_once(": ")
        .map(|(_, r)| r)
        .and_then(|r| r.split(" --").next())
        .expect("the rotating matches' names");
    let rotations: Vec<&str> = rotations.trim().split(", ").collect();
    assert_eq!(rotations.len(), ROTATION_NAMES.len(), "{rotations:?}");
    for n in rotations {
        assert!(
            Rotation::from_name(n).is_some(),
            "`{n}` is listed but not accepted"
        );
    }
    let presets = per_game(list_after(&help, "overriding the `Rules` header ("));
    assert_eq!(presets.len(), PRESETS.len());
    for (title, names) in presets {
        let game = title_of(&title);
        for n in names {
            assert!(
                RuleSet::default_for(game).with_preset(&n).is_ok(),
                "preset `{n}` of {title} is listed but not accepted"
            );
        }
    }
    // The errors list the same names.
    let o = run(&["legal", "--variant", "nope", "--roll", "31"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    for &(name, _, _) in VARIANT_NAMES {
        assert!(err.contains(name), "`{name}` not in the error: {err}");
    }
    let o = run(&["legal", "--rules", "nope", "--roll", "31"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    for &(_, presets) in PRESETS {
        for p in presets {
            assert!(err.contains(p), "`{p}` not in the error: {err}");
        }
    }
}
