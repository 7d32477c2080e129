//! The lines of the text and the words gnubg writes on them: the figures and probabilities of
//! its analysis, a candidate's line, an evaluation's level, the lines of a board and those
//! that start a part of their own.

use super::read::Side;
use crate::notation::Span;

/// One line of the text, without its line end, and where it starts.
#[derive(Copy, Clone, Debug)]
pub(super) struct Line<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
}

impl Line<'_> {
    pub(super) fn span(&self) -> Span {
        Span::new(self.at, self.text.len())
    }
    /// The line without the blanks around it.
    pub(super) fn trimmed(&self) -> Span {
        let t = self.text.trim();
        if t.is_empty() {
            return Span::new(self.at, 0);
        }
        Span::new(
            self.at + (t.as_ptr() as usize - self.text.as_ptr() as usize),
            t.len(),
        )
    }
}

pub(super) fn lines(src: &str) -> Vec<Line<'_>> {
    let mut v = Vec::with_capacity(src.len() / 40);
    let mut at = 0;
    for l in src.split_inclusive('\n') {
        let t = l.strip_suffix('\n').unwrap_or(l);
        let t = t.strip_suffix('\r').unwrap_or(t);
        v.push(Line { text: t, at });
        at += l.len();
    }
    if let Some(first) = v.first_mut()
        && let Some(rest) = first.text.strip_prefix('\u{feff}')
    {
        *first = Line {
            text: rest,
            at: first.at + 3,
        };
    }
    v
}

/// A number as gnubg writes a figure: `+0.102`, `-1.000`, `52.42%` (a percentage: read as a
/// fraction), `0.5242`.
pub(super) fn figure(t: &str) -> Option<f64> {
    let (n, scale) = match t.strip_suffix('%') {
        Some(n) => (n, 100.0),
        None => (t, 1.0),
    };
    let n = n.strip_prefix('+').unwrap_or(n);
    let v: f64 = n.trim().parse().ok()?;
    v.is_finite().then_some(v / scale)
}

/// `p p p - p p p` (win, win gammon, win backgammon, lose, lose gammon, lose backgammon;
/// fractions or, with `set output winpc on`, percentages), and what follows it (a rollout's
/// `CL … CF …`): the record's five probabilities.
pub(super) fn probabilities(t: &str) -> Option<[f64; 5]> {
    let tok: Vec<&str> = t.split_whitespace().collect();
    if tok.len() < 7 || tok[3] != "-" {
        return None;
    }
    let n = |i: usize| -> Option<f64> {
        let v: f64 = tok[i].trim_end_matches('%').parse().ok()?;
        v.is_finite().then_some(v)
    };
    let v = [n(0)?, n(1)?, n(2)?, n(4)?, n(5)?, n(6)?];
    if tok.len() > 7 && tok[7] != "CL" {
        return None;
    }
    // Win and lose add up to 1, or to 100 in percentages.
    let scale = if v[0] + v[3] > 1.5 { 100.0 } else { 1.0 };
    Some([v[0], v[1], v[2], v[4], v[5]].map(|x| x / scale))
}

/// Digits at the start of `t`: the number and the rest.
pub(super) fn number(t: &str) -> Option<(u64, &str)> {
    let d = t.bytes().take_while(u8::is_ascii_digit).count();
    if d == 0 {
        return None;
    }
    Some((t[..d].parse().ok()?, &t[d..]))
}

/// `N point` or `N points` at the start of `t`: the number and the rest.
pub(super) fn points(t: &str) -> Option<(u64, &str)> {
    let (n, rest) = number(t)?;
    let rest = rest
        .strip_prefix(" points")
        .or_else(|| rest.strip_prefix(" point"))?;
    Some((n, rest))
}

/// A candidate line: `*    1. Cubeful 0-ply    8/5 6/5    Eq.: +0.102 (-0.108)` (the mark
/// `*` for the play made, ` ` for the others; `??` for a rank not known).
pub(super) fn is_candidate(t: &str) -> bool {
    let Some(rest) = t.strip_prefix(['*', ' ']) else {
        return false;
    };
    let r = rest.trim_start();
    if r.len() == rest.len() {
        return false;
    }
    if r.starts_with("?? ") {
        return true;
    }
    number(r).is_some_and(|(_, after)| after.starts_with(". "))
}

/// The level of an evaluation as gnubg names it (`Cubeful 0-ply` → `0-ply`, `Rollout` →
/// `rollout`).
pub(super) fn level_of(words: &[&str]) -> String {
    match words.iter().find(|w| w.ends_with("-ply")) {
        Some(w) => (*w).to_string(),
        None => words.join(" ").to_lowercase(),
    }
}

/// A line of a board gnubg draws with a move (or of its frame): the arrow it shows, if any.
pub(super) fn board_line(t: &str) -> Option<Option<Side>> {
    if t.starts_with(" GNU Backgammon  Position ID: ")
        || t.starts_with("                 Match ID   : ")
        || t.starts_with("Pip counts: ")
        || (t.starts_with(" +") && t.contains("-+"))
        || t.starts_with(" |")
    {
        return Some(None);
    }
    if t.starts_with("^|") {
        return Some(Some(Side::O));
    }
    if t.starts_with("v|") {
        return Some(Some(Side::X));
    }
    None
}

/// Where the statistics start: `Game statistics for game N`, `Match statistics`,
/// `Session statistics`, `Statistics from database`.
pub(super) fn statistics_start(t: &str) -> bool {
    t.starts_with("Game statistics for game ")
        || t == "Match statistics"
        || t == "Session statistics"
        || t == "Statistics from database"
}

/// A line that starts a part of its own (what ends an annotation or the match's comments).
pub(super) fn structural(t: &str) -> bool {
    t.starts_with("Move number ")
        || t.starts_with("The score (after ")
        || t == "Annotation:"
        || statistics_start(t)
        || t.starts_with("Output generated ")
}

/// A play with its steps separated by single spaces.
pub(super) fn normalized(p: &str) -> String {
    p.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_and_probabilities_read_in_every_output_setting() {
        assert_eq!(figure("+0.102"), Some(0.102));
        assert_eq!(figure("52.42%"), Some(0.5242));
        assert_eq!(figure("-1.0000"), Some(-1.0));
        assert_eq!(figure("x"), None);
        let p = probabilities("       0.551 0.174 0.013 - 0.449 0.124 0.005").unwrap();
        assert_eq!(p, [0.551, 0.174, 0.013, 0.124, 0.005]);
        let p = probabilities("        55.10  17.37   1.28 -  44.90  12.44   0.50").unwrap();
        assert!((p[0] - 0.551).abs() < 1e-12 && (p[4] - 0.005).abs() < 1e-12);
        assert!(probabilities("  0.5 0.1 0.0 - 0.5 0.1 0.0 CL +0.1 CF +0.1").is_some());
        assert!(probabilities("  0.5 0.1 0.0 0.5 0.1 0.0").is_none());
    }
}
