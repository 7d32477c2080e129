//! gnubg's SGF (`GM[6]`) as a [`Transcript`]: the match written in the `.mat` layout, each
//! move, cube action and result mapped to its SGF property value (each step to its letter
//! pair, the dice to their digits).

use super::parse::{Event, Node, parse};
use crate::codes::Code;
use crate::notation::Span;
use crate::notation::layout::RIGHT_COLUMN;
use crate::record::{Origin, Piece, ReadProblem, Transcript};

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

/// The transcript being written, game by game, a turn line at a time: a `W` cell opens a
/// line in the left column, a `B` cell takes the right cell of the open line when it is
/// free, else opens a line of its own. Cells are written straight into the transcript.
struct Writer {
    t: Transcript,
    /// Where the open turn line starts, and whether its right cell is taken.
    open: Option<(usize, bool)>,
    turn: usize,
}

impl Writer {
    /// End the open turn line, if any.
    fn flush(&mut self) {
        if self.open.take().is_some() {
            self.t.push_layout("\n");
        }
    }

    /// The turn number `  n) `, right-aligned in three columns.
    fn number(&mut self) {
        self.turn += 1;
        let n = self.turn;
        let digits = n.checked_ilog10().map_or(1, |l| l as usize + 1);
        push_spaces(&mut self.t, 3usize.saturating_sub(digits));
        push_number(&mut self.t.text, n as u64);
        self.t.push_layout(") ");
    }

    /// Start `side`'s cell: open a line or pad to the right column.
    fn start_cell(&mut self, side: Col) {
        match (side, self.open) {
            (Col::B, Some((start, false))) => {
                let width = self.t.text.len() - start;
                let pad = if width + 2 > RIGHT_COLUMN {
                    2
                } else {
                    RIGHT_COLUMN - width
                };
                push_spaces(&mut self.t, pad);
                self.open = Some((start, true));
            }
            (Col::B, _) => {
                self.flush();
                let start = self.t.text.len();
                self.number();
                push_spaces(&mut self.t, RIGHT_COLUMN - 5);
                self.open = Some((start, true));
            }
            (Col::W, _) => {
                self.flush();
                let start = self.t.text.len();
                self.number();
                self.open = Some((start, false));
            }
        }
    }

    /// An unnumbered result line in the winner's column.
    fn result(&mut self, side: Col, text: &str, origin: Origin) {
        self.flush();
        match side {
            Col::W => push_spaces(&mut self.t, 6),
            Col::B => push_spaces(&mut self.t, RIGHT_COLUMN + 1),
        }
        self.t.push(text, origin);
        self.t.push_layout("\n");
    }
}

fn push_spaces(t: &mut Transcript, n: usize) {
    const SPACES: &str = "                                        ";
    let mut n = n;
    while n > 0 {
        let k = n.min(SPACES.len());
        t.push_layout(&SPACES[..k]);
        n -= k;
    }
}

/// The decimal digits of `n`, appended.
fn push_number(s: &mut String, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    s.push_str(std::str::from_utf8(&buf[i..]).unwrap_or("0"));
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
    root.prop(ident).map(|p| &p.first)
}

/// `MI[length:N][game:i][ws:a][bs:b]`: each key's number and the span of its value.
fn mi(root: &Node, src: &str, key: &str) -> Option<(u64, Span)> {
    root.prop("MI")?.values().find_map(|v| {
        let (k, n) = v.text(src).split_once(':')?;
        (k.trim() == key).then_some(())?;
        Some((n.trim().parse().ok()?, v.at))
    })
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
fn header(w: &mut Writer, root: &Node, src: &str) {
    for (ident, name) in [
        ("PC", "Site"),
        ("EV", "Event"),
        ("RO", "Round"),
        ("DT", "EventDate"),
        ("AN", "Transcriber"),
    ] {
        if let Some(v) = root_value(root, ident) {
            let mut text = v.text(src).replace(['\r', '\n'], " ");
            if ident == "DT" {
                text = text.replace('-', ".");
            }
            tag(w, name, &text, Origin::Text(v.at));
        }
    }
    let length = mi(root, src, "length");
    let rules = root_value(root, "RU");
    let ru = rules.map_or("", |v| v.text(src));
    let has = |r: &str| ru.split(':').any(|x| x.trim().eq_ignore_ascii_case(r));
    let ru_origin = Origin::Text(rules.map_or(root.at, |v| v.at));
    if has("Nackgammon") {
        tag(w, "Variation", "NackGammon", ru_origin);
    }
    for other in [
        "Hypergammon",
        "Hypergammon1",
        "Hypergammon2",
        "Hypergammon3",
        "Longgammon",
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
        for l in v.text(src).lines().map(str::trim_end) {
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
}

/// A name for the score line: no colon (it splits the line), no line end.
fn name_of(root: &Node, src: &str, ident: &str, default: &str) -> (String, Origin) {
    match root_value(root, ident) {
        Some(v) if !v.text(src).trim().is_empty() => (
            v.text(src)
                .replace([':', '\r', '\n'], " ")
                .trim()
                .to_string(),
            Origin::Text(v.at),
        ),
        _ => (default.to_string(), Origin::Text(root.at)),
    }
}

const MOVE_HELP: &str =
    "a move is the dice and a letter pair per step (`W[31hefe]`), or `double`, `take`, `drop`";

/// A checked move value: a cube word, or the dice and each step's points.
enum Move {
    Double,
    Take,
    Drop,
    Roll {
        dice: [u8; 2],
        steps: [(u8, u8); 4],
        n: usize,
    },
}

/// Read a move value `W[...]`/`B[...]`, or the problem that costs its node.
fn move_of(
    side: Col,
    v: &super::parse::Value,
    src: &str,
) -> Result<(Move, bool), Box<ReadProblem>> {
    let text = v.text(src);
    if !text.starts_with(|c: char| c.is_ascii_digit()) {
        match text {
            "double" => return Ok((Move::Double, true)),
            "take" => return Ok((Move::Take, true)),
            "drop" => return Ok((Move::Drop, true)),
            _ => {}
        }
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
        return Err(Box::new(bad_value(
            v.at,
            format!("`{text}` is not a move: it does not start with two dice 1-6"),
            MOVE_HELP,
        )));
    }
    let rest = &b[2..];
    if !rest.len().is_multiple_of(2) || rest.len() > 8 {
        return Err(Box::new(bad_value(
            v.at,
            format!(
                "`{text}`: after the dice come one letter pair per step, at most four ({} letters here)",
                rest.len()
            ),
            MOVE_HELP,
        )));
    }
    let mut steps = [(0u8, 0u8); 4];
    for (k, pair) in rest.chunks(2).enumerate() {
        let from = letter_point(side, pair[0]).filter(|&p| p != 0);
        let to = letter_point(side, pair[1]).filter(|&p| p != 25);
        let (Some(from), Some(to)) = (from, to) else {
            return Err(Box::new(bad_value(
                at(2 + 2 * k, 2),
                format!(
                    "`{}` is not a step: a step is two letters `a`-`x` (points), `y` (the bar, a start only) or `z` (off, an end only)",
                    String::from_utf8_lossy(pair)
                ),
                MOVE_HELP,
            )));
        };
        steps[k] = (from, to);
    }
    Ok((
        Move::Roll {
            dice: [b[0] - b'0', b[1] - b'0'],
            steps,
            n: rest.len() / 2,
        },
        exact,
    ))
}

/// Write a move's cell; each step is a piece mapped to its letter pair.
fn write_move(
    w: &mut Writer,
    side: Col,
    m: &Move,
    v: &super::parse::Value,
    exact: bool,
    cube: &mut u64,
) {
    let at = |i: usize, n: usize| {
        Origin::Text(if exact {
            Span::new(v.at.offset + i, n)
        } else {
            v.at
        })
    };
    w.start_cell(side);
    match m {
        Move::Double => {
            *cube = cube.saturating_mul(2);
            w.t.push_layout(" ");
            w.t.push(&format!("Doubles => {cube}"), Origin::Text(v.at));
        }
        Move::Take => {
            w.t.push_layout(" ");
            w.t.push("Takes", Origin::Text(v.at));
        }
        Move::Drop => {
            w.t.push_layout(" ");
            w.t.push("Drops", Origin::Text(v.at));
        }
        Move::Roll { dice, steps, n } => {
            // The cell is built on the stack and appended at once: `dd:` and ` from/to` per
            // step (at most 3 + 4 * 8 bytes).
            let mut buf = [0u8; 40];
            let mut ends = [0usize; 5];
            buf[..3].copy_from_slice(&[b'0' + dice[0], b'0' + dice[1], b':']);
            let mut len = 3;
            ends[0] = 3;
            for (k, &(a, b)) in steps[..*n].iter().enumerate() {
                buf[len] = b' ';
                len += 1;
                len = put_point(&mut buf, len, a);
                buf[len] = b'/';
                len = put_point(&mut buf, len + 1, b);
                ends[k + 1] = len;
            }
            let base = w.t.text.len();
            w.t.text
                .push_str(std::str::from_utf8(&buf[..len]).unwrap_or_default());
            w.t.pieces.push(Piece {
                at: Span::new(base, 3),
                origin: at(0, 2),
            });
            for k in 0..*n {
                // A step's piece leaves out the blank before it.
                let start = ends[k] + 1;
                w.t.pieces.push(Piece {
                    at: Span::new(base + start, ends[k + 1] - start),
                    origin: at(2 + 2 * k, 2),
                });
            }
        }
    }
}

/// Put a point of a step in the `.mat` notation into `buf` at `i` (`bar` for 25, `off` for
/// 0, else its number): where it ends.
fn put_point(buf: &mut [u8; 40], i: usize, p: u8) -> usize {
    match p {
        0 | 25 => {
            let w = if p == 0 { b"off" } else { b"bar" };
            buf[i] = w[0];
            buf[i + 1] = w[1];
            buf[i + 2] = w[2];
            i + 3
        }
        10.. => {
            buf[i] = b'0' + p / 10;
            buf[i + 1] = b'0' + p % 10;
            i + 2
        }
        _ => {
            buf[i] = b'0' + p;
            i + 1
        }
    }
}

/// `RE[W+n]`, `RE[B+nR]`: the winner and the points, or `None` for an unfinished game.
fn result_of(p: &super::parse::Value, src: &str) -> GameResult {
    let t = p.text(src).trim();
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

/// A root's `RE` read: the winner and points, none (unfinished), or why it is no result.
type GameResult = Result<Option<(Col, u64)>, ReadProblem>;

/// The game being read: its number, the cube, the root's result, and whether a setup node
/// stopped it.
struct Game {
    number: u64,
    cube: u64,
    result: Option<(Span, GameResult)>,
    stopped: bool,
}

/// Where the reader stands between events.
enum State {
    /// Outside any game tree, or in one whose root is still to come.
    Between,
    /// In a game tree that is not backgammon: its nodes are passed over.
    Skip,
    /// In a game.
    Game(Game),
}

/// Start game `index` (0-based among the backgammon trees) at its root: the `Game` line and
/// the score line.
fn start_game(w: &mut Writer, root: &Node, index: usize, src: &str) -> Game {
    let number = mi(root, src, "game").map_or((index as u64 + 1, root.at), |(g, at)| {
        (g.saturating_add(1), at)
    });
    w.t.push_layout("\n Game ");
    let from = w.t.text.len();
    push_number(&mut w.t.text, number.0);
    w.t.mark(from, Origin::Text(number.1));
    w.t.push_layout("\n");
    let (white, wo) = name_of(root, src, "PW", "White");
    let (black, bo) = name_of(root, src, "PB", "Black");
    let ws = mi(root, src, "ws").unwrap_or((0, root.at));
    let bs = mi(root, src, "bs").unwrap_or((0, root.at));
    w.t.push_layout(" ");
    w.t.push(&white, wo);
    w.t.push_layout(" : ");
    let from = w.t.text.len();
    push_number(&mut w.t.text, ws.0);
    let ws_len = w.t.text.len() - from;
    w.t.mark(from, Origin::Text(ws.1));
    let left = 1 + white.chars().count() + 3 + ws_len;
    push_spaces(&mut w.t, (RIGHT_COLUMN - 2).saturating_sub(left).max(2));
    w.t.push(&black, bo);
    w.t.push_layout(" : ");
    let from = w.t.text.len();
    push_number(&mut w.t.text, bs.0);
    w.t.mark(from, Origin::Text(bs.1));
    w.t.push_layout("\n");
    w.turn = 0;
    w.open = None;
    Game {
        number: number.0,
        cube: 1,
        result: root_value(root, "RE").map(|v| (v.at, result_of(v, src))),
        stopped: false,
    }
}

/// One node of a game: its moves, or the setup that stops the game.
fn game_node(w: &mut Writer, g: &mut Game, n: &Node, src: &str) {
    if let Some(p) = n.props.iter().find(|p| p.ident.is_setup()) {
        w.flush();
        w.t.problems.push(problem(
            Code::SgfSetup,
            false,
            p.at,
            format!(
                "a setup node (`{}`): tavla checks games from the starting position, so game {} is not checked past it",
                p.ident, g.number
            ),
            "the `.mat` layout has no setup; export the game from its start",
        ));
        g.stopped = true;
        return;
    }
    for p in &n.props {
        let side = match p.ident.letter() {
            Some(b'W') => Col::W,
            Some(b'B') => Col::B,
            _ => continue,
        };
        match move_of(side, &p.first, src) {
            Ok((m, exact)) => write_move(w, side, &m, &p.first, exact, &mut g.cube),
            Err(e) => w.t.problems.push(*e),
        }
    }
}

/// End a game: its result line (unless a setup node stopped it).
fn end_game(w: &mut Writer, g: Game) {
    if g.stopped {
        return;
    }
    match g.result {
        Some((at, Ok(Some((side, points))))) => {
            let s = if points == 1 { "" } else { "s" };
            w.result(side, &format!("Wins {points} point{s}"), Origin::Text(at));
        }
        Some((_, Err(e))) => {
            w.flush();
            w.t.problems.push(e);
        }
        _ => w.flush(),
    }
}

/// Read gnubg's SGF: the match as a [`Transcript`] whose pieces are spans of `text`, with
/// the problems of reading it (syntax errors, values that are not moves, variations not
/// followed, setup nodes, game trees of other games).
///
/// One pass: each node is written into the transcript as the scanner meets it, and none is
/// kept.
pub fn read(text: &str) -> Transcript {
    let mut w = Writer {
        t: Transcript {
            text: String::with_capacity(text.len() + text.len() / 4),
            // A piece per step and per roll: about one per six bytes of gnubg's SGF.
            pieces: Vec::with_capacity(text.len() / 6),
            ..Transcript::default()
        },
        open: None,
        turn: 0,
    };
    let mut state = State::Between;
    let mut games = 0usize;
    let syntax = parse(text, |e| match e {
        Event::Tree => {
            if let State::Game(g) = std::mem::replace(&mut state, State::Between) {
                end_game(&mut w, g);
            }
        }
        Event::Node(n) => match &mut state {
            State::Between => match root_value(n, "GM") {
                Some(v) if v.text(text).trim() != "6" => {
                    w.t.problems.push(bad_value(
                        v.at,
                        format!(
                            "`GM[{}]`: this game tree is not backgammon (GM[6]) and is not read",
                            v.text(text)
                        ),
                        "tavla reads gnubg's backgammon SGF, `GM[6]`",
                    ));
                    state = State::Skip;
                }
                _ => {
                    if games == 0 {
                        header(&mut w, n, text);
                    }
                    let mut g = start_game(&mut w, n, games, text);
                    games += 1;
                    game_node(&mut w, &mut g, n, text);
                    state = State::Game(g);
                }
            },
            State::Game(g) if !g.stopped => game_node(&mut w, g, n, text),
            _ => {}
        },
        Event::Move(side, v) => {
            if let State::Game(g) = &mut state
                && !g.stopped
            {
                let side = if side == b'W' { Col::W } else { Col::B };
                match move_of(side, v, text) {
                    Ok((m, exact)) => write_move(&mut w, side, &m, v, exact, &mut g.cube),
                    Err(e) => w.t.problems.push(*e),
                }
            }
        }
    });
    if let State::Game(g) = state {
        end_game(&mut w, g);
    }
    let read = std::mem::replace(&mut w.t.problems, syntax);
    w.t.problems.extend(read);
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
    fn a_lone_move_reads_as_the_same_move_in_a_node_of_its_own() {
        // The scanner's shortcut for `;W[...]` alone must give what the general node gives
        // (here the moves carry comments, which send them through the general path).
        let lone =
            "(;GM[6]MI[length:1]\n;W[31hefe]\n;B[52llqs] ;W[double];B[take]\n;W[66xrxrrlrl])";
        let noted = "(;GM[6]MI[length:1]\n;W[31hefe]C[a];B[52llqs]C[b];W[double]C[];B[take]C[]\n;W[66xrxrrlrl]C[c])";
        let (a, b) = (read(lone), read(noted));
        assert_eq!(a.text, b.text);
        assert!(a.problems.is_empty() && b.problems.is_empty());
        let values = |t: &Transcript, src: &str| -> Vec<String> {
            t.pieces
                .iter()
                .map(|p| match p.origin {
                    Origin::Text(o) => src[o.offset..o.end()].to_string(),
                    Origin::Binary { .. } => unreachable!(),
                })
                .collect()
        };
        assert_eq!(values(&a, lone), values(&b, noted));
        assert!(a.text.contains("66: 24/18 24/18 18/12 18/12"));
        // A lone move as a tree's root is a root like any other.
        let root = read("(;W[31hefe];B[52llqs])");
        assert!(root.text.contains("31: 8/5 6/5"), "{}", root.text);
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
