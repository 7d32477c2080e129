//! gnubg's SGF (`GM[6]`) as a [`Transcript`]: the match written in the `.mat` layout, each
//! move, cube action and result mapped to its SGF property value (each step to its letter
//! pair, the dice to their digits).

use super::parse::{Node, Prop, Tree, parse};
use crate::codes::Code;
use crate::notation::Span;
use crate::notation::layout::RIGHT_COLUMN;
use crate::record::{Origin, ReadProblem, Transcript};

/// A side of the SGF: `W` (the left column of the `.mat` layout, tavla's White) or `B`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Col {
    W,
    B,
}

/// A point in the mover's own numbering (1-24, 25 the bar, 0 off) from gnubg's letter:
/// absolute from White's side, `a`-`x` White's own points 1-24, `y` the bar, `z` off.
pub(crate) fn letter_point(side: Col, l: u8) -> Option<u8> {
    match l {
        b'a'..=b'x' => {
            let w = l - b'a' + 1;
            Some(match side {
                Col::W => w,
                Col::B => 25 - w,
            })
        }
        b'y' => Some(25),
        b'z' => Some(0),
        _ => None,
    }
}

/// gnubg's letter for a point in the mover's own numbering (0 off, 25 the bar).
pub(crate) fn point_letter(side: Col, p: u8) -> u8 {
    match p {
        0 => b'z',
        25 => b'y',
        p => match side {
            Col::W => b'a' + p - 1,
            Col::B => b'a' + (24 - p),
        },
    }
}

/// A part of a cell: text, and its origin if it has one.
type Part = (String, Option<Origin>);

#[derive(Default)]
struct Line {
    left: Option<Vec<Part>>,
    right: Option<Vec<Part>>,
}

/// The transcript being written, game by game.
struct Writer {
    t: Transcript,
    line: Option<Line>,
    turn: usize,
}

impl Writer {
    fn put(&mut self, parts: &[Part]) {
        for (s, o) in parts {
            match o {
                Some(o) => {
                    self.t.push(s, *o);
                }
                None => self.t.push_layout(s),
            }
        }
    }

    fn width(parts: &[Part]) -> usize {
        parts.iter().map(|(s, _)| s.chars().count()).sum()
    }

    /// Write the open turn line, if any.
    fn flush(&mut self) {
        let Some(l) = self.line.take() else { return };
        self.turn += 1;
        let number = format!("{:>3}) ", self.turn);
        let mut width = number.len();
        self.t.push_layout(&number);
        if let Some(left) = &l.left {
            self.put(left);
            width += Self::width(left);
        }
        if let Some(right) = &l.right {
            let pad = if width + 2 > RIGHT_COLUMN {
                2
            } else {
                RIGHT_COLUMN - width
            };
            self.t.push_layout(&" ".repeat(pad));
            self.put(right);
        }
        self.t.push_layout("\n");
    }

    /// A cell in `side`'s column: White's starts a line, Black's joins the open line when its
    /// right cell is free.
    fn cell(&mut self, side: Col, parts: Vec<Part>) {
        match side {
            Col::W => {
                self.flush();
                self.line = Some(Line {
                    left: Some(parts),
                    right: None,
                });
            }
            Col::B => match &mut self.line {
                Some(l) if l.right.is_none() => l.right = Some(parts),
                _ => {
                    self.flush();
                    self.line = Some(Line {
                        left: None,
                        right: Some(parts),
                    });
                }
            },
        }
    }

    /// An unnumbered result line in the winner's column.
    fn result(&mut self, side: Col, parts: Vec<Part>) {
        self.flush();
        match side {
            Col::W => self.t.push_layout("      "),
            Col::B => self.t.push_layout(&" ".repeat(RIGHT_COLUMN + 1)),
        }
        self.put(&parts);
        self.t.push_layout("\n");
    }
}

fn problem(code: Code, error: bool, at: Span, message: String, help: &str) -> ReadProblem {
    ReadProblem {
        code,
        error,
        origin: Origin::Text(at),
        message,
        help: Some(help.into()),
    }
}

fn bad_value(at: Span, message: String, help: &str) -> ReadProblem {
    problem(Code::SgfValue, true, at, message, help)
}

/// The first value of the root's property `ident`.
fn root_value<'a>(root: &'a Node, ident: &str) -> Option<&'a super::parse::Value> {
    root.prop(ident).and_then(|p| p.values.first())
}

/// `MI[length:N][game:i][ws:a][bs:b]`: each key's number and the span of its value.
fn match_info(root: &Node) -> Vec<(String, u64, Span)> {
    let Some(p) = root.prop("MI") else {
        return Vec::new();
    };
    p.values
        .iter()
        .filter_map(|v| {
            let (k, n) = v.text.split_once(':')?;
            Some((k.trim().to_string(), n.trim().parse().ok()?, v.at))
        })
        .collect()
}

fn mi(info: &[(String, u64, Span)], key: &str) -> Option<(u64, Span)> {
    info.iter()
        .find(|(k, _, _)| k == key)
        .map(|(_, n, at)| (*n, *at))
}

/// A header tag whose value is a piece of the original.
fn tag(w: &mut Writer, name: &str, value: &str, origin: Origin) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"");
    w.t.push_layout(&format!("; [{name} \""));
    w.t.push(&value, origin);
    w.t.push_layout("\"]\n");
}

/// The header: tags from the first game's root (`PC EV RO DT AN`, the rules of `RU`), its
/// `GC` as comments, and the match length of `MI`.
fn header(w: &mut Writer, root: &Node) -> Option<u64> {
    for (ident, name) in [
        ("PC", "Site"),
        ("EV", "Event"),
        ("RO", "Round"),
        ("DT", "EventDate"),
        ("AN", "Transcriber"),
    ] {
        if let Some(v) = root_value(root, ident) {
            let text = if ident == "DT" {
                v.text.replace('-', ".")
            } else {
                v.text.clone()
            };
            let text = text.replace(['\r', '\n'], " ");
            tag(w, name, &text, Origin::Text(v.at));
        }
    }
    let info = match_info(root);
    let length = mi(&info, "length");
    let rules = root_value(root, "RU");
    let ru: Vec<String> = rules
        .map(|v| v.text.split(':').map(|s| s.trim().to_string()).collect())
        .unwrap_or_default();
    let has = |r: &str| ru.iter().any(|x| x.eq_ignore_ascii_case(r));
    let ru_origin = Origin::Text(rules.map_or(root.at, |v| v.at));
    if has("Nackgammon") {
        tag(w, "Variation", "NackGammon", ru_origin);
    }
    for other in [
        "Hypergammon",
        "Hypergammon1",
        "Hypergammon2",
        "Hypergammon3",
    ] {
        if has(other) {
            tag(w, "Variation", other, ru_origin);
        }
    }
    // `Jacoby` is not transcribed: gnubg writes its own session's setting into `RU`, also
    // for a match it imported from a `.mat` that was played without the rule (the gnubg
    // fixtures show it), so the record gets tavla's default, as its `.mat` twin does.
    if let Some((n, _)) = length
        && n > 0
    {
        let on = if has("Crawford") { "On" } else { "Off" };
        tag(w, "Crawford", on, ru_origin);
    }
    if has("NoCube") {
        tag(w, "CubeLimit", "1", ru_origin);
    }
    if let Some(v) = root_value(root, "GC") {
        for l in v.text.lines().map(str::trim_end) {
            if !l.trim().is_empty() {
                w.t.push_layout("; ");
                w.t.push(l, Origin::Text(v.at));
                w.t.push_layout("\n");
            }
        }
    }
    w.t.push_layout("\n");
    if let Some((n, at)) = length {
        w.t.push_layout(" ");
        w.t.push(&n.to_string(), Origin::Text(at));
        w.t.push_layout(" point match\n");
    }
    length.map(|(n, _)| n)
}

/// A name for the score line: no colon (it splits the line), no line end.
fn name_of(root: &Node, ident: &str, default: &str) -> (String, Origin) {
    match root_value(root, ident) {
        Some(v) if !v.text.trim().is_empty() => (
            v.text.replace([':', '\r', '\n'], " ").trim().to_string(),
            Origin::Text(v.at),
        ),
        _ => (default.to_string(), Origin::Text(root.at)),
    }
}

/// The setup properties: a position, player, cube or dice set by hand.
const SETUP: &[&str] = &["AE", "AW", "AB", "PL", "CV", "CP", "DI"];

/// One move property `W[...]` / `B[...]` as the parts of its cell, or a problem.
fn move_cell(side: Col, p: &Prop, cube: &mut u64) -> Result<Vec<Part>, ReadProblem> {
    let v = &p.values[0];
    let o = |s: Span| Some(Origin::Text(s));
    let text = v.text.as_str();
    let help =
        "a move is the dice and a letter pair per step (`W[31hefe]`), or `double`, `take`, `drop`";
    match text {
        "double" => {
            *cube = cube.saturating_mul(2);
            return Ok(vec![
                (" ".into(), None),
                (format!("Doubles => {cube}"), o(v.at)),
            ]);
        }
        "take" => return Ok(vec![(" ".into(), None), ("Takes".into(), o(v.at))]),
        "drop" => return Ok(vec![(" ".into(), None), ("Drops".into(), o(v.at))]),
        _ => {}
    }
    let b = text.as_bytes();
    // The raw value is the text when it has no escapes: spans of letters are then exact.
    let exact = v.at.len == b.len();
    let at = |i: usize, n: usize| {
        if exact {
            Span::new(v.at.offset + i, n)
        } else {
            v.at
        }
    };
    if b.len() < 2 || !(b'1'..=b'6').contains(&b[0]) || !(b'1'..=b'6').contains(&b[1]) {
        return Err(bad_value(
            v.at,
            format!("`{text}` is not a move: it does not start with two dice 1-6"),
            help,
        ));
    }
    let rest = &b[2..];
    if rest.len() % 2 != 0 || rest.len() > 8 {
        return Err(bad_value(
            v.at,
            format!(
                "`{text}`: after the dice come one letter pair per step, at most four ({} letters here)",
                rest.len()
            ),
            help,
        ));
    }
    let mut parts: Vec<Part> = vec![(format!("{}{}:", b[0] as char, b[1] as char), o(at(0, 2)))];
    for (k, pair) in rest.chunks(2).enumerate() {
        let from = letter_point(side, pair[0]).filter(|&p| p != 0);
        let to = letter_point(side, pair[1]).filter(|&p| p != 25);
        let (Some(from), Some(to)) = (from, to) else {
            return Err(bad_value(
                at(2 + 2 * k, 2),
                format!(
                    "`{}` is not a step: a step is two letters `a`-`x` (points), `y` (the bar, a start only) or `z` (off, an end only)",
                    String::from_utf8_lossy(pair)
                ),
                help,
            ));
        };
        let from = if from == 25 {
            "bar".to_string()
        } else {
            from.to_string()
        };
        let to = if to == 0 {
            "off".to_string()
        } else {
            to.to_string()
        };
        parts.push((" ".into(), None));
        parts.push((format!("{from}/{to}"), o(at(2 + 2 * k, 2))));
    }
    Ok(parts)
}

/// `RE[W+n]`, `RE[B+nR]`: the winner and the points, or `None` for an unfinished game.
fn result_of(p: &super::parse::Value) -> Result<Option<(Col, u64)>, ReadProblem> {
    let t = p.text.trim();
    if t.is_empty() || t == "?" || t.eq_ignore_ascii_case("void") || t == "0" {
        return Ok(None);
    }
    let side = match t.as_bytes()[0] {
        b'W' => Some(Col::W),
        b'B' => Some(Col::B),
        _ => None,
    };
    let points = t
        .get(2..)
        .filter(|_| t.as_bytes().get(1) == Some(&b'+'))
        .map(|n| n.strip_suffix('R').unwrap_or(n))
        .and_then(|n| n.parse::<u64>().ok());
    match (side, points) {
        (Some(s), Some(n)) => Ok(Some((s, n))),
        _ => Err(bad_value(
            p.at,
            format!("`{t}` is not a result: gnubg writes `W+n` or `B+n` (`R` after n: resigned)"),
            "write the winner, `+` and the points, e.g. `RE[W+2]` or `RE[B+1R]`",
        )),
    }
}

fn game(w: &mut Writer, tree: &Tree, index: usize) {
    let root = &tree.nodes[0];
    let info = match_info(root);
    let number = mi(&info, "game").map_or((index as u64 + 1, root.at), |(g, at)| {
        (g.saturating_add(1), at)
    });
    w.t.push_layout("\n Game ");
    w.t.push(&number.0.to_string(), Origin::Text(number.1));
    w.t.push_layout("\n");
    let (white, wo) = name_of(root, "PW", "White");
    let (black, bo) = name_of(root, "PB", "Black");
    let ws = mi(&info, "ws").unwrap_or((0, root.at));
    let bs = mi(&info, "bs").unwrap_or((0, root.at));
    w.t.push_layout(" ");
    w.t.push(&white, wo);
    w.t.push_layout(" : ");
    let ws_text = ws.0.to_string();
    w.t.push(&ws_text, Origin::Text(ws.1));
    let left = 1 + white.chars().count() + 3 + ws_text.len();
    w.t.push_layout(&" ".repeat((RIGHT_COLUMN - 2).saturating_sub(left).max(2)));
    w.t.push(&black, bo);
    w.t.push_layout(" : ");
    w.t.push(&bs.0.to_string(), Origin::Text(bs.1));
    w.t.push_layout("\n");
    w.turn = 0;
    let mut cube = 1u64;
    for n in &tree.nodes {
        if let Some(p) = n.props.iter().find(|p| SETUP.contains(&p.ident.as_str())) {
            w.flush();
            w.t.problems.push(problem(
                Code::SgfSetup,
                false,
                p.at,
                format!(
                    "a setup node (`{}`): tavla checks games from the starting position, so game {} is not checked past it",
                    p.ident, number.0
                ),
                "the `.mat` layout has no setup; export the game from its start",
            ));
            return;
        }
        for p in &n.props {
            let side = match p.ident.as_str() {
                "W" => Col::W,
                "B" => Col::B,
                _ => continue,
            };
            match move_cell(side, p, &mut cube) {
                Ok(parts) => w.cell(side, parts),
                Err(e) => w.t.problems.push(e),
            }
        }
    }
    if let Some(v) = root_value(root, "RE") {
        match result_of(v) {
            Ok(Some((side, points))) => {
                let s = if points == 1 { "" } else { "s" };
                w.result(
                    side,
                    vec![(format!("Wins {points} point{s}"), Some(Origin::Text(v.at)))],
                );
            }
            Ok(None) => w.flush(),
            Err(e) => {
                w.flush();
                w.t.problems.push(e);
            }
        }
    } else {
        w.flush();
    }
}

/// Read gnubg's SGF: the match as a [`Transcript`] whose pieces are spans of `text`, with
/// the problems of reading it (syntax errors, values that are not moves, variations not
/// followed, setup nodes, game trees of other games).
pub fn read(text: &str) -> Transcript {
    let c = parse(text);
    let mut w = Writer {
        t: Transcript {
            problems: c.problems,
            ..Transcript::default()
        },
        line: None,
        turn: 0,
    };
    let mut games = Vec::new();
    for tree in &c.trees {
        let root = &tree.nodes[0];
        match root_value(root, "GM") {
            Some(v) if v.text.trim() != "6" => w.t.problems.push(bad_value(
                v.at,
                format!(
                    "`GM[{}]`: this game tree is not backgammon (GM[6]) and is not read",
                    v.text
                ),
                "tavla reads gnubg's backgammon SGF, `GM[6]`",
            )),
            _ => games.push(tree),
        }
    }
    let Some(first) = games.first() else {
        return w.t;
    };
    header(&mut w, &first.nodes[0]);
    for (i, tree) in games.iter().enumerate() {
        game(&mut w, tree, i);
    }
    w.t.problems.sort_by_key(|p| match p.origin {
        Origin::Text(s) => s.offset,
        Origin::Binary { offset, .. } => offset as usize,
    });
    w.t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_absolute_from_whites_side() {
        // White's own point p is 'a'+p-1, Black's own point p is 'x'-(p-1).
        assert_eq!(letter_point(Col::W, b'a'), Some(1));
        assert_eq!(letter_point(Col::W, b'x'), Some(24));
        assert_eq!(letter_point(Col::B, b'a'), Some(24));
        assert_eq!(letter_point(Col::B, b'x'), Some(1));
        assert_eq!(letter_point(Col::B, b'y'), Some(25));
        assert_eq!(letter_point(Col::W, b'z'), Some(0));
        assert_eq!(letter_point(Col::W, b'{'), None);
        for side in [Col::W, Col::B] {
            for p in 0..=25 {
                assert_eq!(letter_point(side, point_letter(side, p)), Some(p));
            }
        }
    }

    #[test]
    fn a_match_becomes_mat_text_with_every_piece_mapped() {
        let sgf = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bob]RU[Crawford]RE[B+2R]\n;B[32adln]\n;W[42hdfd]\n;B[double]\n;W[take]\n;B[22yblnsusu]\n;W[54])";
        let t = read(sgf);
        assert!(t.problems.is_empty(), "{:?}", t.problems);
        assert_eq!(
            t.text,
            "; [Crawford \"On\"]\n\n 3 point match\n\n Game 1\n Ann : 0                       Bob : 0\n  1)                             32: 24/21 13/11\n  2) 42: 8/4 6/4                  Doubles => 2\n  3)  Takes                      22: bar/23 13/11 6/4 6/4\n  4) 54:\n                                  Wins 2 points\n"
        );
        let at = |s: &str| {
            let i = t.text.find(s).unwrap();
            match t.origin_of(Span::new(i, s.len())).unwrap().origin {
                Origin::Text(o) => &sgf[o.offset..o.end()],
                Origin::Binary { .. } => unreachable!(),
            }
        };
        assert_eq!(at("13/11 6/4"), "ln");
        assert_eq!(at("bar/23"), "yb");
        assert_eq!(at("Doubles"), "double");
        assert_eq!(at("Wins"), "B+2R");
        assert_eq!(at("Bob"), "Bob");
        assert_eq!(at("54:"), "54");
    }

    #[test]
    fn bad_values_cost_their_node_and_other_games_are_refused() {
        let t = read("(;GM[6]MI[length:1];W[31hefe];B[77];W[31hq{e])(;GM[1];W[aa])");
        let codes: Vec<Code> = t.problems.iter().map(|p| p.code).collect();
        assert_eq!(codes, [Code::SgfValue, Code::SgfValue, Code::SgfValue]);
        assert!(t.text.contains("31: 8/5 6/5"));
        assert!(!t.text.contains("77"));
        assert!(!t.text.contains("Game 2"));
    }

    #[test]
    fn a_setup_node_stops_the_game_with_a_warning() {
        let t = read("(;GM[6]MI[length:0];W[31hefe];AE[a]AW[b];B[52])");
        assert_eq!(t.problems.len(), 1);
        assert_eq!(t.problems[0].code, Code::SgfSetup);
        assert!(!t.problems[0].error);
        assert!(!t.text.contains("52"));
        assert!(!t.text.contains("Jacoby"));
    }
}
