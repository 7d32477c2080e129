//! The words of a finding on a record read from a format other than `.mat`: replay speaks of
//! a record's entries in the play notation and of its structure in general terms, but a few
//! help texts name how a `.mat` file writes something (` Wins 2 points`, a score line, a
//! column). For SGF, XG and gnubg's text export those are said in the format's own terms, or
//! left out.

use super::Format;
use crate::replay::Finding;

/// `.mat` spellings and what they are in SGF and in XG (`None`: the sentence is left out).
const SPELLINGS: &[(&str, Option<&str>, Option<&str>)] = &[
    (", left column)", Some(")"), Some(")")),
    (", right column)", Some(")"), Some(")")),
    ("White (White)", Some("White"), Some("White")),
    ("Black (Black)", Some("Black"), Some("Black")),
    (
        "` Wins N points` line",
        Some("result (`RE[W+n]`)"),
        Some("game footer"),
    ),
    (" Wins N points", Some("RE[W+n]"), None),
    ("`Wins`", Some("`RE`"), Some("the game's result")),
    (
        "score line",
        Some("score (`MI[ws:n][bs:n]`)"),
        Some("score before the game"),
    ),
    (
        "` N point match`",
        Some("`MI[length:N]`"),
        Some("the match length"),
    ),
    (
        "point match",
        Some("match length (`MI[length:N]`)"),
        Some("match length"),
    ),
    ("`Doubles => N`", Some("`double`"), Some("the double")),
    ("Doubles =>", Some("double"), Some("doubles to")),
    ("`Takes`", Some("`take`"), Some("the take")),
    ("`Drops`", Some("`drop`"), Some("the drop")),
    (
        "`Cannot Move`",
        Some("a move with the dice only (`W[31]`)"),
        Some("no play"),
    ),
    ("` Game N`", Some("a game tree"), Some("a game header")),
    ("`Game N`", Some("a game tree"), Some("a game header")),
];

/// A `.mat` spelling of [`SPELLINGS`] in the terms of gnubg's text export (`None`: the
/// sentence is left out).
fn gnubg_text(mat: &str) -> Option<&'static str> {
    Some(match mat {
        ", left column)" | ", right column)" => ")",
        "White (White)" => "White",
        "Black (Black)" => "Black",
        "` Wins N points` line" => "result (`NAME wins N points`)",
        " Wins N points" => "NAME wins N points",
        "`Wins`" => "the result (`NAME wins N points`)",
        "score line" => "prologue score",
        "` N point match`" => "`(match to N points)`",
        "point match" => "match length (`match to N points`)",
        "`Doubles => N`" => "`* NAME doubles`",
        "Doubles =>" => "doubles",
        "`Takes`" => "`* NAME accepts`",
        "`Drops`" => "`* NAME rejects`",
        "`Cannot Move`" => "`* NAME cannot move`",
        "` Game N`" | "`Game N`" => "a game's prologue (`The score (after N games) is: …`)",
        _ => return None,
    })
}

/// Words that only a `.mat` file has: a help line holding one after the table is applied is
/// left out for another format.
const MAT_ONLY: &[&str] = &[
    "Wins ",
    "point match",
    "score line",
    "Game N",
    "Doubles =>",
    "column",
    "`N)`",
    "numbered line",
    "turn line",
    "line ",
    "Cannot Move",
    "`Takes`",
    "`Drops`",
];

/// Put the words of `f` in the terms of `format` (nothing changes for `.mat`).
pub(crate) fn speak(f: &mut Finding, format: Format) {
    if format == Format::Mat {
        return;
    }
    let say = |text: &str| -> Option<String> {
        let mut out = text.to_string();
        for (mat, sgf, xg) in SPELLINGS {
            if out.contains(mat) {
                let with = match format {
                    Format::Sgf => *sgf,
                    Format::GnubgText => gnubg_text(mat),
                    _ => *xg,
                };
                out = out.replace(mat, with?);
            }
        }
        // gnubg's text export has lines, as `.mat` has.
        let only = |w: &&&str| !(format == Format::GnubgText && **w == "line ");
        (!MAT_ONLY.iter().filter(only).any(|w| out.contains(w))).then_some(out)
    };
    if let Some(h) = f.help.take() {
        let lines: Vec<String> = h.lines().filter_map(say).collect();
        f.help = (!lines.is_empty()).then(|| lines.join("\n"));
    }
    if let Some(m) = say(&f.message) {
        f.message = m;
    }
    if let Some(l) = say(&f.label) {
        f.label = l;
    } else {
        f.label.clear();
    }
}

/// Whether `text` holds a spelling that only a `.mat` file has (for the tests that run every
/// SGF and XG finding).
pub fn mat_only(text: &str) -> bool {
    MAT_ONLY.iter().any(|w| text.contains(w))
}
