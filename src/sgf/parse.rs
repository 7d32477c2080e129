//! The SGF grammar, read leniently: `Collection := GameTree*`, `GameTree := '(' Node+
//! GameTree* ')'`, `Node := ';' (Ident Value+)*`, `Value := '[' text ']'` with `\]` and `\\`
//! escapes. Only the first variation of each top-level tree is kept (gnubg follows no other),
//! with a note where others exist. A syntax error costs the node it stands in, never the file:
//! the scanner reports it and resumes at the next `;`, `(` or `)`.
//!
//! The scanner is iterative (nesting depth costs a counter, not stack), and every value is
//! one slice of the input, so memory stays proportional to the input.

use crate::codes::Code;
use crate::notation::Span;
use crate::record::{Origin, ReadProblem};

/// One value of a property: its span inside the brackets; the text with escapes undone
/// only when it has escapes (else the span is the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    pub(crate) at: Span,
    unescaped: Option<Box<str>>,
}

impl Value {
    /// The value's text, escapes undone.
    pub(crate) fn text<'a>(&'a self, src: &'a str) -> &'a str {
        match &self.unescaped {
            Some(s) => s,
            None => &src[self.at.offset..self.at.end()],
        }
    }
}

/// A property identifier: its upper-case letters (lower-case ones of old SGF dropped), at
/// most eight kept inline.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ident {
    bytes: [u8; 8],
    len: u8,
}

impl Ident {
    fn new(raw: &[u8]) -> Ident {
        let mut id = Ident {
            bytes: [0; 8],
            len: 0,
        };
        for &c in raw.iter().filter(|c| c.is_ascii_uppercase()) {
            if usize::from(id.len) < id.bytes.len() {
                id.bytes[usize::from(id.len)] = c;
                id.len += 1;
            }
        }
        id
    }

    /// Whether the reader uses the property (see [`KEPT`]).
    fn kept(&self) -> bool {
        match self.len {
            1 => matches!(self.bytes[0], b'W' | b'B'),
            2 => KEPT.iter().any(|k| k.as_bytes() == &self.bytes[..2]),
            _ => false,
        }
    }

    /// The identifier.
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl PartialEq<&str> for Ident {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl std::fmt::Display for Ident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The properties the reader uses; the others (analysis, comments, `GS`, ...) are read
/// for their syntax and not kept.
const KEPT: &[&str] = &[
    "W", "B", "GM", "MI", "PW", "PB", "RU", "RE", "DT", "EV", "RO", "PC", "AN", "GC", "AE", "AW",
    "AB", "PL", "CV", "CP", "DI",
];

/// A property: its identifier and values (the first inline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Prop {
    pub(crate) ident: Ident,
    pub(crate) at: Span,
    pub(crate) first: Value,
    pub(crate) rest: Vec<Value>,
}

impl Prop {
    /// Every value, in order.
    pub(crate) fn values(&self) -> impl Iterator<Item = &Value> {
        std::iter::once(&self.first).chain(self.rest.iter())
    }
}

/// A node: the span of its `;` and its properties (those the reader uses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) at: Span,
    pub(crate) props: Vec<Prop>,
}

impl Node {
    /// The first property named `ident`.
    pub(crate) fn prop(&self, ident: &str) -> Option<&Prop> {
        self.props.iter().find(|p| p.ident == ident)
    }
}

/// A top-level game tree: the span of its `(` and the nodes of its first variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tree {
    pub(crate) at: Span,
    pub(crate) nodes: Vec<Node>,
}

/// The collection read, with its syntax problems.
#[derive(Clone, Debug, Default)]
pub(crate) struct Collection {
    pub(crate) trees: Vec<Tree>,
    pub(crate) problems: Vec<ReadProblem>,
}

fn problem(code: Code, error: bool, at: Span, message: String, help: Option<&str>) -> ReadProblem {
    ReadProblem {
        code,
        error,
        origin: Origin::Text(at),
        message,
        help: help.map(String::from),
    }
}

fn syntax(at: Span, message: impl Into<String>) -> ReadProblem {
    problem(
        Code::SgfSyntax,
        true,
        at,
        message.into(),
        Some("SGF is `(;Ident[value]...;W[31hefe]...)`: the node is not read; the rest is"),
    )
}

struct Frame {
    /// Child trees seen so far.
    children: u32,
    /// On the first variation of its top-level tree.
    main: bool,
}

/// The span of the character at byte `i` (one byte at the end of the input: empty).
fn char_at(text: &str, i: usize) -> Span {
    let len = text[i..].chars().next().map_or(0, char::len_utf8);
    Span::new(i, len)
}

/// Read `text` (a leading byte-order mark and white space skipped).
pub(crate) fn parse(text: &str) -> Collection {
    let b = text.as_bytes();
    let mut out = Collection::default();
    let mut i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut stack: Vec<Frame> = Vec::new();
    while i < b.len() {
        match b[i] {
            c if c.is_ascii_whitespace() => i += 1,
            b'(' => {
                match stack.last_mut() {
                    None => {
                        out.trees.push(Tree {
                            at: Span::new(i, 1),
                            nodes: Vec::new(),
                        });
                        stack.push(Frame {
                            children: 0,
                            main: true,
                        });
                    }
                    Some(parent) => {
                        parent.children += 1;
                        let main = parent.main && parent.children == 1;
                        if parent.main && parent.children == 2 {
                            out.problems.push(problem(
                                Code::SgfVariation,
                                false,
                                Span::new(i, 1),
                                "a second variation: only the first is read, as gnubg does"
                                    .into(),
                                Some("tavla checks the main line of each game; cut the variation into a file of its own to check it"),
                            ));
                        }
                        stack.push(Frame { children: 0, main });
                    }
                }
                i += 1;
            }
            b')' => {
                if stack.pop().is_none() {
                    out.problems
                        .push(syntax(Span::new(i, 1), "a `)` that closes no game tree"));
                }
                i += 1;
            }
            b';' => {
                let (node, next) = node(text, i, &mut out.problems);
                match (stack.last(), node) {
                    (Some(f), Some(n)) if f.main => {
                        if let Some(t) = out.trees.last_mut() {
                            t.nodes.push(n);
                        }
                    }
                    (None, _) => out.problems.push(syntax(
                        Span::new(i, 1),
                        "a node outside any game tree `( )`",
                    )),
                    _ => {}
                }
                i = next;
            }
            _ => {
                let at = char_at(text, i);
                let what = &text[at.offset..at.end()];
                if stack.is_empty() {
                    out.problems.push(syntax(
                        at,
                        format!("`{what}` outside any game tree: an SGF file holds only `( ... )`"),
                    ));
                } else {
                    out.problems.push(syntax(
                        at,
                        format!("`{what}` where a node `;` was expected"),
                    ));
                }
                i = resume(b, i + at.len.max(1));
            }
        }
    }
    if !stack.is_empty() {
        let open = out.trees.last().map_or(Span::new(0, 0), |t| t.at);
        out.problems.push(syntax(
            open,
            "the game tree is not closed: `)` missing at the end of the file",
        ));
    }
    out.trees.retain(|t| !t.nodes.is_empty());
    out
}

/// The next `;`, `(` or `)` at or after `i`, skipping over bracketed values.
fn resume(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b';' | b'(' | b')' => return i,
            b'[' => i = value_end(b, i).map_or(b.len(), |e| e + 1),
            _ => i += 1,
        }
    }
    i
}

/// The index of the `]` closing the value opened at `open`, escapes honoured.
fn value_end(b: &[u8], open: usize) -> Option<usize> {
    let mut j = open + 1;
    while j < b.len() {
        j += b[j..].iter().position(|&c| c == b']' || c == b'\\')?;
        if b[j] == b']' {
            return Some(j);
        }
        j += 2;
    }
    None
}

/// A value's text with its escapes undone: `\x` is `x`, a backslash before a line end removes
/// both (SGF's soft line break).
fn unescape(raw: &str) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut s = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            s.push(c);
            continue;
        }
        match chars.next() {
            Some('\r') if chars.peek() == Some(&'\n') => {
                chars.next();
            }
            Some('\n') if chars.peek() == Some(&'\r') => {
                chars.next();
            }
            Some('\r' | '\n') | None => {}
            Some(x) => s.push(x),
        }
    }
    s
}

/// The node starting at the `;` at `start`, and where scanning resumes. A node with a syntax
/// error is reported and dropped.
fn node(text: &str, start: usize, problems: &mut Vec<ReadProblem>) -> (Option<Node>, usize) {
    let b = text.as_bytes();
    let mut n = Node {
        at: Span::new(start, 1),
        props: Vec::new(),
    };
    let mut j = start + 1;
    loop {
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= b.len() || matches!(b[j], b';' | b'(' | b')') {
            return (Some(n), j);
        }
        if !b[j].is_ascii_alphabetic() {
            let at = char_at(text, j);
            problems.push(syntax(
                at,
                format!(
                    "`{}` where a property name (`W`, `B`, `MI`, ...) was expected; the node is not read",
                    &text[at.offset..at.end()]
                ),
            ));
            return (None, resume(b, j + at.len.max(1)));
        }
        let id_start = j;
        while j < b.len() && b[j].is_ascii_alphabetic() {
            j += 1;
        }
        let ident_at = Span::new(id_start, j - id_start);
        let ident = Ident::new(&b[id_start..j]);
        let kept = ident.kept();
        let mut values: Vec<Value> = Vec::new();
        let mut count = 0usize;
        loop {
            let mut k = j;
            while k < b.len() && b[k].is_ascii_whitespace() {
                k += 1;
            }
            if k >= b.len() || b[k] != b'[' {
                break;
            }
            // A move's value never spans lines: one that does lost its `]`.
            let end = value_end(b, k)
                .filter(|&e| !(matches!(ident.as_str(), "W" | "B") && b[k..e].contains(&b'\n')));
            let Some(end) = end else {
                problems.push(syntax(
                    Span::new(k, 1),
                    "a value `[` that is never closed by `]`; the node is not read",
                ));
                // Resume after the line: a lost `]` should not swallow the rest of the file.
                let line_end = b[k..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| k + p + 1);
                return (None, resume(b, line_end));
            };
            count += 1;
            if kept {
                let raw = &text[k + 1..end];
                values.push(Value {
                    at: Span::new(k + 1, end - k - 1),
                    unescaped: raw.contains('\\').then(|| unescape(raw).into_boxed_str()),
                });
            }
            j = end + 1;
        }
        if count == 0 {
            problems.push(syntax(
                ident_at,
                format!(
                    "the property `{}` has no value `[...]`; the node is not read",
                    &text[ident_at.offset..ident_at.end()]
                ),
            ));
            return (None, resume(b, j));
        }
        if kept {
            let mut values = values.into_iter();
            if let Some(first) = values.next() {
                n.props.push(Prop {
                    ident,
                    at: ident_at,
                    first,
                    rest: values.collect(),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_collection_of_trees_keeps_the_first_variation_and_notes_the_others() {
        let t = "\u{feff} (;GM[6]PW[a\\]b];W[31hefe](;B[52];W[11])(;B[64]))\n(;GM[6];B[double])";
        let c = parse(t);
        assert_eq!(c.trees.len(), 2);
        let first: Vec<&str> = c.trees[0]
            .nodes
            .iter()
            .flat_map(|n| n.props.iter())
            .map(|p| p.first.text(t))
            .collect();
        assert_eq!(first, ["6", "a]b", "31hefe", "52", "11"]);
        assert_eq!(c.problems.len(), 1);
        assert_eq!(c.problems[0].code, Code::SgfVariation);
        assert_eq!(
            c.problems[0].origin,
            Origin::Text(Span::new(t.find("(;B[64]").unwrap(), 1))
        );
        let v = &c.trees[0].nodes[1].props[0].first;
        assert_eq!(&t[v.at.offset..v.at.end()], "31hefe");
    }

    #[test]
    fn a_syntax_error_costs_one_node() {
        let t = "(;GM[6]\n;W[31hefe]\n;B 52]\n;W[64xrrn]\n;B[11\n;W[22]\n)";
        let c = parse(t);
        let moves: Vec<&str> = c.trees[0]
            .nodes
            .iter()
            .flat_map(|n| n.props.iter())
            .map(|p| p.first.text(t))
            .collect();
        // `;B 52]` is lost; `;B[11` never closes and costs its node (the rest of its line).
        assert_eq!(moves, ["6", "31hefe", "64xrrn", "22"]);
        let at: Vec<usize> = c
            .problems
            .iter()
            .map(|p| match p.origin {
                Origin::Text(s) => s.offset,
                Origin::Binary { .. } => usize::MAX,
            })
            .collect();
        assert_eq!(at, [t.find("B 52").unwrap(), t.find("[11").unwrap()]);
    }

    #[test]
    fn junk_unclosed_trees_and_stray_parens_are_located() {
        for t in [
            "x(;GM[6];W[11])",
            "(;GM[6];W[11]",
            "(;GM[6]))",
            ";W[11]",
            "(;GM[6]W)",
        ] {
            let c = parse(t);
            assert!(!c.problems.is_empty(), "{t}");
            assert!(c.problems.iter().all(|p| p.error), "{t}");
        }
        assert_eq!(parse("(;GM[6];W[11]").trees[0].nodes.len(), 2);
    }

    #[test]
    fn escapes_and_soft_line_breaks_are_undone() {
        assert_eq!(unescape("a\\\\b\\]c\\\nd"), "a\\b]cd");
        assert_eq!(unescape("plain"), "plain");
    }

    #[test]
    fn deep_nesting_costs_no_stack() {
        let t = format!(
            "(;GM[6]{}{})",
            "(;W[11]".repeat(100_000),
            ")".repeat(100_000)
        );
        let c = parse(&t);
        assert_eq!(c.trees[0].nodes.len(), 100_001);
        assert!(c.problems.is_empty());
    }
}
