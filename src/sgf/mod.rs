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
mod repair;
mod write;

pub use read::read;
pub use repair::original_repair;
pub use write::{WriteError, write_sgf};

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Span;
    use crate::replay::Repair;
    use repair::single_steps;

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
