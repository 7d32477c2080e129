//! The `.mat` layout, written: the text of each cell and of each line. The match writer
//! (`notation::write_mat`, from a match document) and the match generator (`generate`) both write
//! through it, so a record's columns, numbering and spellings are decided here only.
//!
//! Turn lines: the number right-aligned in three columns and `) `, the left cell from column
//! 5 (0-based) and the right cell from column 33, at least two spaces apart. Result lines are
//! unnumbered, with the left cell from column 6 and the right from column 34.

use super::StageKind;

/// The column (0-based, in characters) where the right cell of a turn line starts.
pub const RIGHT_COLUMN: usize = 33;

/// The text of one stage: `64: 24/18 18/14`, `+55: 13/8(2)`, `(33): 6/3(2)`, or the dice
/// alone (`64:`) when `play` is empty. `dice` is one doublet value or two dice in the order
/// written; anything else is written `??`.
///
/// ```
/// use tavla::notation::{StageKind, layout::stage};
/// assert_eq!(stage(StageKind::Roll, &[6, 4], "24/18 18/14"), "64: 24/18 18/14");
/// assert_eq!(stage(StageKind::Chain, &[5], ""), "+55:");
/// assert_eq!(stage(StageKind::Received, &[3], "6/3(2)"), "(33): 6/3(2)");
/// ```
pub fn stage(kind: StageKind, dice: &[u8], play: &str) -> String {
    let d = match dice {
        [a] => format!("{a}{a}"),
        [a, b] => format!("{a}{b}"),
        _ => String::from("??"),
    };
    let (prefix, suffix) = match kind {
        StageKind::Received => ("(", ")"),
        StageKind::Roll => ("", ""),
        StageKind::Chain => ("+", ""),
    };
    if play.is_empty() {
        format!("{prefix}{d}{suffix}:")
    } else {
        format!("{prefix}{d}{suffix}: {play}")
    }
}

/// A cube action or an answer to one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CubeCell {
    /// `Doubles => N`.
    Doubles(u64),
    /// `Beavers => N`.
    Beavers(u64),
    /// `Raccoons => N`.
    Raccoons(u64),
    /// `Takes`.
    Takes,
    /// `Drops`.
    Drops,
}

/// The text of a cube cell, with gnubg's leading space: ` Doubles => 2`, ` Takes`.
pub fn cube(c: CubeCell) -> String {
    match c {
        CubeCell::Doubles(v) => format!(" Doubles => {v}"),
        CubeCell::Beavers(v) => format!(" Beavers => {v}"),
        CubeCell::Raccoons(v) => format!(" Raccoons => {v}"),
        CubeCell::Takes => " Takes".into(),
        CubeCell::Drops => " Drops".into(),
    }
}

fn point_s(points: u64) -> &'static str {
    if points == 1 { "" } else { "s" }
}

/// `Wins N point(s)`, with ` and the match` when it ends the match.
pub fn wins(points: u64, and_match: bool) -> String {
    format!(
        "Wins {points} point{}{}",
        point_s(points),
        if and_match { " and the match" } else { "" }
    )
}

/// `Losses N point(s)`.
pub fn losses(points: u64) -> String {
    format!("Losses {points} point{}", point_s(points))
}

/// A resignation: `Resigns`, or `Resigned` with the level resigned (`Resigned Gammon`).
///
/// ```
/// use tavla::notation::{ResignLevel, layout::resign};
/// assert_eq!(resign(None), "Resigns");
/// assert_eq!(resign(Some(ResignLevel::Gammon)), "Resigned Gammon");
/// ```
pub fn resign(level: Option<super::ResignLevel>) -> String {
    match level {
        None => "Resigns".into(),
        Some(l) => format!("Resigned {}", l.word()),
    }
}

/// A `.mat` record being written, line by line, in record order: header tags and comments,
/// the match length, then per game its `Game N` line, score line, turn and result lines.
///
/// ```
/// use tavla::notation::layout::{MatText, wins};
/// let mut m = MatText::new();
/// m.tag("Variation", "Gul Bara");
/// m.match_length(Some(1));
/// m.game(1);
/// m.score_line("A", 0, "B", 0);
/// m.turn_line(1, Some("64: 24/18 18/14"), Some("31: 24/23 24/21"));
/// m.result_line(None, Some(&wins(1, true)));
/// assert_eq!(
///     m.finish(),
///     "; [Variation \"Gul Bara\"]\n\n 1 point match\n\n Game 1\n \
///      A : 0                         B : 0\n  \
///      1) 64: 24/18 18/14             31: 24/23 24/21\n\
///      \x20                                 Wins 1 point and the match\n"
/// );
/// ```
#[derive(Clone, Debug, Default)]
pub struct MatText {
    out: String,
}

impl MatText {
    /// An empty record.
    pub fn new() -> Self {
        MatText::default()
    }

    /// A header tag, `; [Name "value"]` (`\` and `"` in the value escaped).
    pub fn tag(&mut self, name: &str, value: &str) {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        self.out.push_str(&format!("; [{name} \"{value}\"]\n"));
    }

    /// A header comment, `; text` (or `;` alone).
    pub fn comment(&mut self, text: &str) {
        if text.is_empty() {
            self.out.push_str(";\n")
        } else {
            self.out.push_str(&format!("; {text}\n"))
        }
    }

    /// End the header: a blank line after any tag or comment, then ` N point match` when the
    /// length is known.
    pub fn match_length(&mut self, length: Option<u64>) {
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        if let Some(n) = length {
            self.out.push_str(&format!(" {n} point match\n"));
        }
    }

    /// A blank line and ` Game N`.
    pub fn game(&mut self, number: u64) {
        self.out.push_str(&format!("\n Game {number}\n"));
    }

    /// ` left : 0` and `right : 0`, the right name from column 31 (two spaces after a longer
    /// left part). A name may carry its rating (`name,1650`).
    pub fn score_line(&mut self, left: &str, left_score: u64, right: &str, right_score: u64) {
        let left = format!(" {left} : {left_score}");
        let pad = (RIGHT_COLUMN - 2)
            .saturating_sub(left.chars().count())
            .max(2);
        self.out.push_str(&format!(
            "{left}{}{right} : {right_score}\n",
            " ".repeat(pad)
        ));
    }

    /// A numbered turn line; `  5)` alone when both cells are absent. Each cell is written as
    /// given: a cube cell keeps its leading space unless the caller trims it.
    pub fn turn_line(&mut self, number: usize, left: Option<&str>, right: Option<&str>) {
        self.line(format!("{number:>3}) "), left, right, RIGHT_COLUMN);
    }

    /// An unnumbered result line (`Wins`, `Losses`), one column right of a turn line's cells.
    pub fn result_line(&mut self, left: Option<&str>, right: Option<&str>) {
        let indent = if left.is_some() { "      " } else { "" };
        self.line(indent.into(), left, right, RIGHT_COLUMN + 1);
    }

    fn line(&mut self, mut text: String, left: Option<&str>, right: Option<&str>, column: usize) {
        if let Some(l) = left {
            text.push_str(l);
        }
        if let Some(r) = right {
            let width = text.chars().count();
            let pad = if width + 2 > column {
                2
            } else {
                column - width
            };
            text.push_str(&" ".repeat(pad));
            text.push_str(r);
        }
        self.out.push_str(text.trim_end());
        self.out.push('\n');
    }

    /// The record's text.
    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_keep_their_columns_and_a_long_left_cell_keeps_two_spaces() {
        let mut m = MatText::new();
        m.turn_line(
            12,
            Some(&cube(CubeCell::Doubles(2))),
            Some(&cube(CubeCell::Takes)),
        );
        m.turn_line(7, None, Some("Doubles => 4"));
        let long = "66: 24/18(2) 13/7(2) +55: 18/13(2)";
        m.turn_line(100, Some(long), Some("Drops"));
        m.turn_line(3, None, None);
        m.result_line(Some(&wins(2, false)), None);
        m.result_line(Some(&cube(CubeCell::Drops)), Some(&losses(1)));
        let text = m.finish();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " 12)  Doubles => 2                Takes");
        assert_eq!(lines[0].find("Takes"), Some(RIGHT_COLUMN + 1));
        assert_eq!(lines[1].find("Doubles"), Some(RIGHT_COLUMN));
        assert_eq!(lines[2], format!("100) {long}  Drops"));
        assert_eq!(lines[3], "  3)");
        assert_eq!(lines[4], "      Wins 2 points");
        assert_eq!(lines[5].find("Losses"), Some(RIGHT_COLUMN + 1));
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn the_header_ends_with_a_blank_line_only_when_there_is_one() {
        let mut m = MatText::new();
        m.match_length(None);
        assert_eq!(m.finish(), "");
        let mut m = MatText::new();
        m.match_length(Some(0));
        assert_eq!(m.finish(), " 0 point match\n");
        let mut m = MatText::new();
        m.tag("Player 1", "J \"K\" \\");
        m.comment("");
        m.comment("x");
        m.match_length(Some(3));
        assert_eq!(
            m.finish(),
            "; [Player 1 \"J \\\"K\\\" \\\\\"]\n;\n; x\n\n 3 point match\n"
        );
    }
}
