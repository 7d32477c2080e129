//! The SGF grammar, read leniently: `Collection := GameTree*`, `GameTree := '(' Node+
//! GameTree* ')'`, `Node := ';' (Ident Value+)*`, `Value := '[' text ']'` with `\]` and `\\`
//! escapes. Only the first variation of each top-level tree is kept (gnubg follows no other),
//! with a note where others exist. A syntax error costs the node it stands in, never the file:
//! the scanner reports it and resumes at the next `;`, `(` or `)`.
//!
//! The scanner is iterative (nesting depth costs eight bytes of heap a level, no call
//! stack) and streams: each node of a first variation is handed to the reader as it is met,
//! in one reused buffer, and every value is a span of the input. The common node past a
//! game's root, a lone move `;W[31hefe]`, is handed over without building a node at all.

use crate::codes::Code;
use crate::notation::Span;
use crate::record::ReadProblem;

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
            1 => matches!(self.bytes[0], b'W' | b'B' | COMMENT | ANALYSIS),
            2 => KEPT.contains(&[self.bytes[0], self.bytes[1]]),
            _ => false,
        }
    }

    /// Its letter, for a one-letter identifier.
    pub(crate) fn letter(&self) -> Option<u8> {
        (self.len == 1).then_some(self.bytes[0])
    }

    /// Whether it is a move, `W` or `B`.
    pub(crate) fn is_move(&self) -> bool {
        self.len == 1 && matches!(self.bytes[0], b'W' | b'B')
    }

    /// Whether it is a setup property (`AE AW AB PL CV CP DI`).
    pub(crate) fn is_setup(&self) -> bool {
        self.len == 2 && SETUP.contains(&[self.bytes[0], self.bytes[1]])
    }

    /// The identifier.
    pub(crate) fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }
}

impl PartialEq<&str> for Ident {
    fn eq(&self, other: &&str) -> bool {
        &self.bytes[..usize::from(self.len)] == other.as_bytes()
    }
}

impl std::fmt::Display for Ident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The properties the reader uses; the others (analysis, comments, `GS`, ...) are read
/// for their syntax and not kept.
const KEPT: &[[u8; 2]] = &[
    *b"GM", *b"MI", *b"PW", *b"PB", *b"RU", *b"RE", *b"DT", *b"EV", *b"RO", *b"PC", *b"AN", *b"GC",
    *b"AE", *b"AW", *b"AB", *b"PL", *b"CV", *b"CP", *b"DI", *b"DA", *b"LU",
];

/// The comment property, kept beside a move.
const COMMENT: u8 = b'C';

/// gnubg's analysis of a move (`A[i][candidate]…`), kept beside it.
const ANALYSIS: u8 = b'A';

/// The setup properties: a position, player, cube or dice set by hand.
const SETUP: &[[u8; 2]] = &[*b"AE", *b"AW", *b"AB", *b"PL", *b"CV", *b"CP", *b"DI"];

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

/// What the scanner meets on the first variation of each top-level game tree, in order.
pub(crate) enum Event<'n> {
    /// A top-level game tree opens.
    Tree,
    /// A node of the tree's first variation (the buffer is reused for the next node).
    Node(&'n Node),
    /// A node past the root that holds one move and nothing else (`W` or `B`, its value):
    /// the same as a `Node` with that one property, handed over without building one.
    Move(u8, &'n Value),
}

fn syntax(at: Span, message: impl Into<String>) -> ReadProblem {
    ReadProblem::new(
        Code::SgfSyntax,
        true,
        at,
        message.into(),
        "SGF is `(;Ident[value]...;W[31hefe]...)`: the node is not read; the rest is",
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

/// Scan `text` (a leading byte-order mark and white space skipped), handing each top-level
/// tree's opening and each node of its first variation to `on` as they come; the syntax
/// problems are returned, in the order met.
pub(crate) fn parse(text: &str, mut on: impl FnMut(Event<'_>)) -> Vec<ReadProblem> {
    let b = text.as_bytes();
    let mut problems = Vec::new();
    let mut i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut stack: Vec<Frame> = Vec::new();
    let mut open = Span::new(0, 0);
    let mut buf = Node::default();
    // Whether the open top-level tree has had its root node.
    let mut rooted = false;
    while i < b.len() {
        match b[i] {
            c if c.is_ascii_whitespace() => i += 1,
            b'(' => {
                match stack.last_mut() {
                    None => {
                        open = Span::new(i, 1);
                        rooted = false;
                        on(Event::Tree);
                        stack.push(Frame {
                            children: 0,
                            main: true,
                        });
                    }
                    Some(parent) => {
                        parent.children += 1;
                        let main = parent.main && parent.children == 1;
                        if parent.main && parent.children == 2 {
                            problems.push(ReadProblem {
                                note: true,
                                ..ReadProblem::new(
                                Code::SgfVariation,
                                false,
                                Span::new(i, 1),
                                "a second variation: only the first is read, as gnubg does"
                                    .into(),
                                "tavla checks the main line of each game; cut the variation into a file of its own to check it",
                            )
                            });
                        }
                        stack.push(Frame { children: 0, main });
                    }
                }
                i += 1;
            }
            b')' => {
                if stack.pop().is_none() {
                    problems.push(syntax(Span::new(i, 1), "a `)` that closes no game tree"));
                }
                i += 1;
            }
            b';' => {
                // The common node past a game's root, a lone move `;W[31hefe]`, without
                // building a node.
                if rooted
                    && stack.last().is_some_and(|f| f.main)
                    && let Some((side, value, next)) = lone_move(b, i)
                {
                    on(Event::Move(side, &value));
                    i = next;
                    continue;
                }
                let (read, next) = node(text, i, &mut buf, &mut problems);
                rooted |= read && stack.last().is_some_and(|f| f.main);
                match stack.last() {
                    Some(f) if f.main && read => on(Event::Node(&buf)),
                    None => problems.push(syntax(
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
                    problems.push(syntax(
                        at,
                        format!("`{what}` outside any game tree: an SGF file holds only `( ... )`"),
                    ));
                } else {
                    problems.push(syntax(
                        at,
                        format!("`{what}` where a node `;` was expected"),
                    ));
                }
                i = resume(b, i + at.len.max(1));
            }
        }
    }
    if !stack.is_empty() {
        problems.push(syntax(
            open,
            "the game tree is not closed: `)` missing at the end of the file",
        ));
    }
    problems
}

/// The node at the `;` at `i` when it is a lone move, `;W[...]` or `;B[...]` on one line,
/// without escapes, and followed by nothing but white space up to the next node or tree:
/// its side, its value and where scanning resumes. Any other node is `None`.
fn lone_move(b: &[u8], i: usize) -> Option<(u8, Value, usize)> {
    let side = *b.get(i + 1)?;
    if !matches!(side, b'W' | b'B') || b.get(i + 2) != Some(&b'[') {
        return None;
    }
    let start = i + 3;
    let len = memchr::memchr3(b']', b'\\', b'\n', b.get(start..)?)?;
    let end = start + len;
    if b[end] != b']' {
        return None;
    }
    let mut next = end + 1;
    while next < b.len() && b[next].is_ascii_whitespace() {
        next += 1;
    }
    if next < b.len() && !matches!(b[next], b';' | b'(' | b')') {
        return None;
    }
    Some((
        side,
        Value {
            at: Span::new(start, len),
            unescaped: None,
        },
        next,
    ))
}

/// The next `;`, `(` or `)` at or after `i`, skipping over bracketed values.
fn resume(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b';' | b'(' | b')' => return i,
            b'[' => i = value_end(b, i).map_or(b.len(), |(e, _)| e + 1),
            _ => i += 1,
        }
    }
    i
}

/// The index of the `]` closing the value opened at `open`, escapes honoured, and whether
/// the value holds a backslash.
fn value_end(b: &[u8], open: usize) -> Option<(usize, bool)> {
    let mut j = open + 1;
    let mut escaped = false;
    while j < b.len() {
        j += memchr::memchr2(b']', b'\\', &b[j..])?;
        if b[j] == b']' {
            return Some((j, escaped));
        }
        escaped = true;
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
fn node(text: &str, start: usize, n: &mut Node, problems: &mut Vec<ReadProblem>) -> (bool, usize) {
    let b = text.as_bytes();
    n.at = Span::new(start, 1);
    n.props.clear();
    let mut j = start + 1;
    loop {
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= b.len() || matches!(b[j], b';' | b'(' | b')') {
            return (true, j);
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
            return (false, resume(b, j + at.len.max(1)));
        }
        let id_start = j;
        while j < b.len() && b[j].is_ascii_alphabetic() {
            j += 1;
        }
        let ident_at = Span::new(id_start, j - id_start);
        let ident = Ident::new(&b[id_start..j]);
        let kept = ident.kept();
        let is_move = ident.is_move();
        let mut first: Option<Value> = None;
        let mut rest = Vec::new();
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
                .filter(|&(e, _)| !(is_move && memchr::memchr(b'\n', &b[k..e]).is_some()));
            let Some((end, escaped)) = end else {
                problems.push(syntax(
                    Span::new(k, 1),
                    "a value `[` that is never closed by `]`; the node is not read",
                ));
                // Resume after the line: a lost `]` should not swallow the rest of the file.
                let line_end = b[k..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |p| k + p + 1);
                return (false, resume(b, line_end));
            };
            if kept {
                let v = Value {
                    at: Span::new(k + 1, end - k - 1),
                    unescaped: escaped.then(|| unescape(&text[k + 1..end]).into_boxed_str()),
                };
                if first.is_none() {
                    first = Some(v);
                } else {
                    rest.push(v);
                }
            } else if first.is_none() {
                // Not kept: only whether it had a value matters.
                first = Some(Value {
                    at: Span::new(k + 1, end - k - 1),
                    unescaped: None,
                });
            }
            j = end + 1;
        }
        let Some(first) = first else {
            problems.push(syntax(
                ident_at,
                format!(
                    "the property `{}` has no value `[...]`; the node is not read",
                    &text[ident_at.offset..ident_at.end()]
                ),
            ));
            return (false, resume(b, j));
        };
        if kept {
            n.props.push(Prop {
                ident,
                at: ident_at,
                first,
                rest,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The trees (their nodes) and the problems of `text`.
    struct Collection {
        trees: Vec<Vec<Node>>,
        problems: Vec<ReadProblem>,
    }

    fn collect(text: &str) -> Collection {
        let mut trees: Vec<Vec<Node>> = Vec::new();
        let problems = parse(text, |e| match e {
            Event::Tree => trees.push(Vec::new()),
            Event::Node(n) => {
                if let Some(t) = trees.last_mut() {
                    t.push(n.clone());
                }
            }
            Event::Move(side, v) => {
                if let Some(t) = trees.last_mut() {
                    t.push(Node {
                        at: Span::new(v.at.offset - 3, 1),
                        props: vec![Prop {
                            ident: Ident::new(&[side]),
                            at: Span::new(v.at.offset - 2, 1),
                            first: v.clone(),
                            rest: Vec::new(),
                        }],
                    });
                }
            }
        });
        trees.retain(|t| !t.is_empty());
        Collection { trees, problems }
    }

    #[test]
    fn a_collection_of_trees_keeps_the_first_variation_and_notes_the_others() {
        let t = "\u{feff} (;GM[6]PW[a\\]b];W[31hefe](;B[52];W[11])(;B[64]))\n(;GM[6];B[double])";
        let c = collect(t);
        assert_eq!(c.trees.len(), 2);
        let first: Vec<&str> = c.trees[0]
            .iter()
            .flat_map(|n| n.props.iter())
            .map(|p| p.first.text(t))
            .collect();
        assert_eq!(first, ["6", "a]b", "31hefe", "52", "11"]);
        assert_eq!(c.problems.len(), 1);
        assert_eq!(c.problems[0].code, Code::SgfVariation);
        assert_eq!(c.problems[0].span, Span::new(t.find("(;B[64]").unwrap(), 1));
        let v = &c.trees[0][1].props[0].first;
        assert_eq!(&t[v.at.offset..v.at.end()], "31hefe");
    }

    #[test]
    fn a_syntax_error_costs_one_node() {
        let t = "(;GM[6]\n;W[31hefe]\n;B 52]\n;W[64xrrn]\n;B[11\n;W[22]\n)";
        let c = collect(t);
        let moves: Vec<&str> = c.trees[0]
            .iter()
            .flat_map(|n| n.props.iter())
            .map(|p| p.first.text(t))
            .collect();
        // `;B 52]` is lost; `;B[11` never closes and costs its node (the rest of its line).
        assert_eq!(moves, ["6", "31hefe", "64xrrn", "22"]);
        let at: Vec<usize> = c.problems.iter().map(|p| p.span.offset).collect();
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
            let c = collect(t);
            assert!(!c.problems.is_empty(), "{t}");
            assert!(c.problems.iter().all(|p| p.error), "{t}");
        }
        assert_eq!(collect("(;GM[6];W[11]").trees[0].len(), 2);
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
        let c = collect(&t);
        assert_eq!(c.trees[0].len(), 100_001);
        assert!(c.problems.is_empty());
    }
}
