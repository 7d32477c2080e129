//! GNU Backgammon's SGF (`GM[6]`), read and written.
//!
//! Reading produces the typed [`Record`](crate::record::Record): each move, cube action and
//! result located on its SGF property value (each step on its letter pair), checked like any
//! record ([`read`]). A repair of it becomes the property value re-encoded
//! ([`original_repair`]). Writing goes from a checked record's replay ([`write_sgf`]). The
//! grammar as read is in `grammar.md` (SGF section).
//!
//! gnubg's letters are absolute from White's side: `a`-`x` are White's points 1-24 (Black's
//! 24-1), `y` the bar, `z` off; `W` is tavla's White.

mod parse;
mod read;
mod write;

pub use read::read;
pub use write::{WriteError, write_sgf};

use crate::notation::Span;
use crate::replay::Repair;
use read::{Col, point_letter};

/// Whether `bytes` look like gnubg's SGF: `(;` after an optional byte-order mark and white
/// space, and `GM[6]` in the first 4 KiB.
pub fn looks_like(bytes: &[u8]) -> bool {
    let b = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    let start = b
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(b.len());
    let rest = &b[start..];
    let after = rest
        .strip_prefix(b"(")
        .map(|r| {
            let k = r
                .iter()
                .position(|c| !c.is_ascii_whitespace())
                .unwrap_or(r.len());
            &r[k..]
        })
        .unwrap_or(&[]);
    after.starts_with(b";")
        && rest[..rest.len().min(4096)]
            .windows(5)
            .any(|w| w == b"GM[6]")
}

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
fn single_steps(play: &str, a: u8, b: u8) -> Option<Vec<(u8, u8)>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_is_told_from_its_opening() {
        assert!(looks_like(b"(;FF[4]GM[6]"));
        assert!(looks_like(b"\xef\xbb\xbf \n( ;GM[6]"));
        assert!(!looks_like(b"(;FF[4]GM[1]"));
        assert!(!looks_like(b" 1 point match"));
        assert!(!looks_like(b"GM[6](;"));
    }

    #[test]
    fn combined_hops_split_into_single_dice() {
        assert_eq!(single_steps("24/13", 6, 5), Some(vec![(24, 18), (18, 13)]));
        assert_eq!(
            single_steps("8/4(2)", 2, 2),
            Some(vec![(8, 6), (6, 4), (8, 6), (6, 4)])
        );
        assert_eq!(
            single_steps("bar/22* 6/off", 3, 6),
            Some(vec![(25, 22), (6, 0)])
        );
        assert_eq!(single_steps("13/7/1", 6, 6), Some(vec![(13, 7), (7, 1)]));
        assert_eq!(single_steps("x/1", 6, 6), None);
    }

    #[test]
    fn a_repaired_play_is_re_encoded_in_the_node_value() {
        let sgf = "(;GM[6]MI[length:1];W[31hefe];B[52llqs])RE[W+2]";
        // Black's 13 is `l`, 11 `n`, 8 `q`, 6 `s`: the written `13/13 8/6` becomes 13/11 13/8.
        let b = sgf.find("llqs").unwrap();
        let r = Repair {
            span: Span::new(b, 4),
            text: "13/11 13/8".into(),
        };
        let o = original_repair(sgf, &r).unwrap();
        assert_eq!(&sgf[o.span.offset..o.span.end()], "52llqs");
        assert_eq!(o.text, "52lnlq");
        // A repaired roll keeps the steps.
        let r = Repair {
            span: Span::new(b - 2, 2),
            text: "55".into(),
        };
        assert_eq!(original_repair(sgf, &r).unwrap().text, "55llqs");
        // A result's points.
        let re = sgf.find("W+2").unwrap();
        let r = Repair {
            span: Span::new(re, 3),
            text: "1".into(),
        };
        assert_eq!(original_repair(sgf, &r).unwrap().text, "W+1");
    }
}
