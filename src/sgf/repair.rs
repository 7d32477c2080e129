//! A repair of an SGF record written back as its own property value: a move re-encoded in
//! gnubg's letters (`52lnlq`), a result as `W+1`. It renders a repair in the file's terms (the
//! input layer asks for it), as the writer does; reading never uses it.

use super::read::{Col, point_letter};
use crate::notation::Span;
use crate::replay::Repair;

/// The SGF value (the text between `[` and `]`) holding byte `at` of `sgf`, with the
/// property identifier before it.
fn value_at(sgf: &str, at: usize) -> Option<(Span, &str)> {
    let open = sgf
        .get(..=at.min(sgf.len().saturating_sub(1)))?
        .rfind('[')?;
    let close = open + sgf[open..].find(']')?;
    if at > close {
        return None;
    }
    let ident_end = sgf[..open].trim_end().len();
    let ident_start = sgf[..ident_end]
        .rfind(|c: char| !c.is_ascii_alphabetic())
        .map_or(0, |i| i + 1);
    Some((
        Span::new(open + 1, close - open - 1),
        &sgf[ident_start..ident_end],
    ))
}

/// A point of a `.mat` step in the mover's numbering (`bar` 25, `off` 0).
fn mat_point(s: &str) -> Option<u8> {
    let s = s.trim_end_matches('*');
    match s.to_ascii_lowercase().as_str() {
        "bar" | "b" => Some(25),
        "off" | "o" | "-" => Some(0),
        n => n.parse().ok().filter(|&p: &u8| p <= 25),
    }
}

/// The single-die steps of a `.mat` play for dice `a`, `b`: each hop split into dice when it
/// spans several (the larger die first), `(n)` repeated.
pub(super) fn single_steps(play: &str, a: u8, b: u8) -> Option<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    for token in play.split_whitespace() {
        let (path, times) = match token.find('(') {
            Some(i) => (
                &token[..i],
                token[i + 1..].trim_end_matches(')').parse::<usize>().ok()?,
            ),
            None => (token, 1),
        };
        let points: Vec<u8> = path.split('/').map(mat_point).collect::<Option<_>>()?;
        if points.len() < 2 || times > 4 {
            return None;
        }
        for _ in 0..times {
            for w in points.windows(2) {
                let (from, to) = (w[0], w[1]);
                let d = from.checked_sub(to)?;
                let (hi, lo) = (a.max(b), a.min(b));
                let dice: Vec<u8> = if a == b && d > a && d % a == 0 {
                    vec![a; usize::from(d / a)]
                } else if a != b && d == hi + lo && to != 0 {
                    vec![hi, lo]
                } else {
                    vec![d]
                };
                let mut at = from;
                for (k, die) in dice.iter().enumerate() {
                    let next = if k + 1 == dice.len() { to } else { at - die };
                    out.push((at, next));
                    at = next;
                }
            }
        }
    }
    (out.len() <= 4).then_some(out)
}

/// A repair of a record read from SGF as a repair of the file: the property value it
/// concerns re-encoded (a move's dice, or its steps in gnubg's letters; a result's points),
/// or `None` when the repair is not within one move or result value.
pub fn original_repair(sgf: &str, r: &Repair) -> Option<Repair> {
    let (value, ident) = value_at(sgf, r.span.offset)?;
    if r.span.offset < value.offset || r.span.end() > value.end() {
        return None;
    }
    let old = &sgf[value.offset..value.end()];
    let digits = |t: &str| t.len() == 2 && t.bytes().all(|c| (b'1'..=b'6').contains(&c));
    let text = match ident {
        "W" | "B" if r.span.offset == value.offset && r.span.len == 2 && digits(&r.text) => {
            format!("{}{}", r.text, old.get(2..)?)
        }
        "W" | "B" => {
            let side = if ident == "W" { Col::W } else { Col::B };
            let d = old.as_bytes().get(..2)?;
            if !digits(old.get(..2)?) {
                return None;
            }
            let steps = single_steps(&r.text, d[0] - b'0', d[1] - b'0')?;
            let mut v = String::from_utf8_lossy(d).into_owned();
            for (from, to) in steps {
                v.push(point_letter(side, from) as char);
                v.push(point_letter(side, to) as char);
            }
            v
        }
        "RE" => {
            let points: String = r.text.chars().filter(char::is_ascii_digit).collect();
            if points.is_empty() {
                return None;
            }
            let (prefix, _) = old.split_at(old.find('+')? + 1);
            let resigned = if old.ends_with('R') { "R" } else { "" };
            format!("{prefix}{points}{resigned}")
        }
        _ => return None,
    };
    Some(Repair { span: value, text })
}
