//! gnubg's SGF (`GM[6]`) read into the typed record: every move, cube action and result
//! located on its SGF property value (each step on its letter pair, the dice on their
//! digits), each node's comment on the entry it holds.

use super::parse::{Event, Node, parse};
use crate::codes::Code;
use crate::notation::{CellBody, Column, NameScore, Span, StepText};
use crate::record::{Analysis, Builder, Candidate, CubeAnalysis, ReadProblem, Record, StageIn};

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

/// The record being built, and the problems met.
struct Writer {
    b: Builder,
    problems: Vec<ReadProblem>,
}

impl Col {
    fn column(self) -> Column {
        match self {
            Col::W => Column::Left,
            Col::B => Column::Right,
        }
    }
}

fn bad_value(at: Span, message: String, help: &str) -> ReadProblem {
    ReadProblem::new(Code::SgfValue, true, at, message, help)
}

/// The first value of the root's property `ident`.
fn root_value<'a>(root: &'a Node, ident: &str) -> Option<&'a super::parse::Value> {
    root.prop(ident).map(|p| &p.first)
}

/// The numbers of a game root's `MI` that a record states (each the first value of its key
/// that is a number, with that value's location).
#[derive(Default)]
struct Mi {
    length: Option<(u64, Span)>,
    game: Option<(u64, Span)>,
    ws: Option<(u64, Span)>,
    bs: Option<(u64, Span)>,
}

/// `MI[length:N][game:i][ws:a][bs:b]`: each key's number and the span of its value.
fn mi(root: &Node, src: &str) -> Mi {
    let mut mi = Mi::default();
    let Some(p) = root.prop("MI") else {
        return mi;
    };
    for v in p.values() {
        let Some((k, n)) = v.text(src).split_once(':') else {
            continue;
        };
        let slot = match k.trim() {
            "length" => &mut mi.length,
            "game" => &mut mi.game,
            "ws" => &mut mi.ws,
            "bs" => &mut mi.bs,
            _ => continue,
        };
        if slot.is_none() {
            *slot = n.trim().parse().ok().map(|n| (n, v.at));
        }
    }
    mi
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
            w.b.tag(name, text, v.at);
        }
    }
    let length = mi(root, src).length;
    let rules = root_value(root, "RU");
    let ru = rules.map_or("", |v| v.text(src));
    let has = |r: &str| ru.split(':').any(|x| x.trim().eq_ignore_ascii_case(r));
    let ru_at = rules.map_or(root.at, |v| v.at);
    if has("Nackgammon") {
        w.b.tag("Variation", "NackGammon", ru_at);
    }
    for other in [
        "Hypergammon",
        "Hypergammon1",
        "Hypergammon2",
        "Hypergammon3",
        "Longgammon",
    ] {
        if has(other) {
            w.b.tag("Variation", other, ru_at);
        }
    }
    // `Jacoby` is not read: gnubg writes its own session's setting into `RU`, also for a
    // match it imported from a record that was played without the rule (the gnubg fixtures
    // show it), so the record gets tavla's default, as its `.mat` twin does.
    if let Some((n, _)) = length
        && n > 0
    {
        let on = if has("Crawford") { "On" } else { "Off" };
        w.b.tag("Crawford", on, ru_at);
    }
    if has("NoCube") {
        w.b.tag("CubeLimit", "1", ru_at);
    }
    if let Some(v) = root_value(root, "GC") {
        for l in v.text(src).lines().map(str::trim_end) {
            if !l.trim().is_empty() {
                w.b.comment(l);
            }
        }
    }
    if let Some((n, at)) = length {
        w.b.length(n, at);
    }
}

/// A player's name (no line ends) and where it stands.
fn name_of(root: &Node, src: &str, ident: &str, default: &str) -> (String, Span) {
    match root_value(root, ident) {
        Some(v) if !v.text(src).trim().is_empty() => (
            v.text(src)
                .replace([':', '\r', '\n'], " ")
                .trim()
                .to_string(),
            v.at,
        ),
        _ => (default.to_string(), root.at),
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

/// A move's roll written straight into the record when it is whole and exact (the usual
/// case; the same entry as [`move_of`] and [`write_move`] make of it): false, and nothing
/// written, for anything else.
fn lone_roll(w: &mut Writer, side: Col, v: &super::parse::Value, src: &str) -> bool {
    let b = v.text(src).as_bytes();
    let [d1 @ b'1'..=b'6', d2 @ b'1'..=b'6', rest @ ..] = b else {
        return false;
    };
    let n = rest.len() / 2;
    if v.at.len != b.len() || rest.len() % 2 != 0 || n > 4 {
        return false;
    }
    let mut steps = [(0u8, 0u8); 4];
    for (k, step) in steps.iter_mut().take(n).enumerate() {
        let from = letter_point(side, rest[2 * k]).filter(|&p| p != 0);
        let to = letter_point(side, rest[2 * k + 1]).filter(|&p| p != 25);
        let (Some(from), Some(to)) = (from, to) else {
            return false;
        };
        *step = (from, to);
    }
    let o = v.at.offset;
    let steps = steps[..n].iter().enumerate().map(|(k, &(a, b))| {
        let i = o + 2 + 2 * k;
        StepText::hop(
            a,
            b,
            false,
            Span::new(i, 2),
            Span::new(i, 1),
            Span::new(i + 1, 1),
        )
    });
    let roll = StageIn {
        dice: (d1 - b'0', d2 - b'0'),
        dice_at: Span::new(o, 2),
        steps,
        unknown: None,
    };
    w.b.turn(side.column(), v.at, roll, None);
    true
}

/// Add a move to the record; each step on its letter pair, the dice on their digits.
fn write_move(
    w: &mut Writer,
    side: Col,
    m: &Move,
    v: &super::parse::Value,
    exact: bool,
    cube: &mut u64,
    comment: Option<String>,
) {
    let at = |i: usize, n: usize| {
        if exact {
            Span::new(v.at.offset + i, n)
        } else {
            v.at
        }
    };
    let column = side.column();
    match m {
        Move::Double => {
            *cube = cube.saturating_mul(2);
            let body = CellBody::Double {
                value: *cube,
                value_span: v.at,
            };
            w.b.cube(column, v.at, body, comment);
        }
        Move::Take => w.b.cube(column, v.at, CellBody::Take, comment),
        Move::Drop => w.b.cube(column, v.at, CellBody::Drop, comment),
        Move::Roll { dice, steps, n } => {
            let steps = steps[..*n].iter().enumerate().map(|(k, &(a, b))| {
                let i = 2 + 2 * k;
                StepText::hop(a, b, false, at(i, 2), at(i, 1), at(i + 1, 1))
            });
            let roll = StageIn {
                dice: (dice[0], dice[1]),
                dice_at: at(0, 2),
                steps,
                unknown: None,
            };
            w.b.turn(column, v.at, roll, comment);
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
    /// A match (its cube figures are match winning chances), not a money session.
    match_play: bool,
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

/// Start game `index` (0-based among the backgammon trees) at its root: its number and the
/// players with their scores.
fn start_game(w: &mut Writer, root: &Node, index: usize, src: &str) -> Game {
    let mi = mi(root, src);
    let number = mi.game.map_or((index as u64 + 1, root.at), |(g, at)| {
        (g.saturating_add(1), at)
    });
    let (white, wo) = name_of(root, src, "PW", "White");
    let (black, bo) = name_of(root, src, "PB", "Black");
    let ws = mi.ws.unwrap_or((0, root.at));
    let bs = mi.bs.unwrap_or((0, root.at));
    let side = |name: String, name_span: Span, (score, score_span): (u64, Span)| NameScore {
        name,
        rating: None,
        score,
        name_span,
        score_span,
    };
    w.b.game(number.0, number.1, side(white, wo, ws), side(black, bo, bs));
    Game {
        number: number.0,
        cube: 1,
        match_play: mi.length.is_some_and(|(n, _)| n > 0),
        result: root_value(root, "RE").map(|v| (v.at, result_of(v, src))),
        stopped: false,
    }
}

/// A node's comment (`C[...]`), if it has one.
fn comment_of(n: &Node, src: &str) -> Option<String> {
    let c = n.prop("C")?;
    let text = c.first.text(src).trim();
    (!text.is_empty()).then(|| text.to_string())
}

/// A play of gnubg's letters (pairs, no dice) in the mover's numbering: `24/18 13/11`.
fn letters_play(side: Col, letters: &str) -> Option<String> {
    let b = letters.as_bytes();
    if !b.len().is_multiple_of(2) {
        return None;
    }
    let point = |p: u8| match p {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        p => p.to_string(),
    };
    let mut out = Vec::new();
    for pair in b.chunks(2) {
        let from = letter_point(side, pair[0])?;
        let to = letter_point(side, pair[1])?;
        out.push(format!("{}/{}", point(from), point(to)));
    }
    Some(out.join(" "))
}

/// The level of an evaluation context token (`2C`: 2 plies, cubeful).
fn level_of(token: &str) -> String {
    let plies: String = token.chars().take_while(char::is_ascii_digit).collect();
    if plies.is_empty() {
        token.to_string()
    } else {
        format!("{plies}-ply")
    }
}

/// gnubg's analysis of a node: the candidates of `A` (`A[i][move E ver 3 p1..p5 equity
/// context…]…`, `i` the play made), the cube figures of `DA` (`E ver 3 context… p1..p5
/// cubeless no-double p1..p5 cubeless double-take`), the luck of `LU`. Evaluations other than
/// `E` (rollouts) and values that do not read are left out (`None` when nothing reads).
fn analysis_of(n: &Node, src: &str, side: Col, match_play: bool) -> Option<Analysis> {
    let mut a = Analysis::default();
    if let Some(p) = n.prop("A") {
        let mut values = p.values();
        let played = values
            .next()
            .and_then(|v| v.text(src).trim().parse::<usize>().ok());
        let mut candidates = Vec::new();
        for v in values {
            let t: Vec<&str> = v.text(src).split_whitespace().collect();
            // An empty play (no legal move) has no letters before `E`.
            let (letters, rest) = match t.first() {
                Some(&"E") => ("", &t[..]),
                Some(l) => (*l, &t[1..]),
                None => break,
            };
            if rest.len() < 10 || rest[0] != "E" || rest[1] != "ver" {
                candidates.clear();
                break;
            }
            let num = |i: usize| {
                rest.get(i)
                    .and_then(|x| x.parse::<f64>().ok())
                    .filter(|x| x.is_finite())
            };
            let probs: Option<Vec<f64>> = (3..8).map(num).collect();
            let (Some(probs), Some(equity), Some(play)) =
                (probs, num(8), letters_play(side, letters))
            else {
                candidates.clear();
                break;
            };
            candidates.push(Candidate {
                play,
                equity,
                probabilities: [probs[0], probs[1], probs[2], probs[3], probs[4]],
                level: rest.get(9).map_or_else(String::new, |x| level_of(x)),
                context: Some(rest[9..].join(" ")),
            });
        }
        if !candidates.is_empty() {
            a.played = played.filter(|&i| i < candidates.len());
            a.candidates = candidates;
        }
    }
    if let Some(p) = n.prop("DA") {
        let t: Vec<&str> = p.first.text(src).split_whitespace().collect();
        let num = |i: usize| {
            t.get(i)
                .and_then(|x| x.parse::<f64>().ok())
                .filter(|x| x.is_finite())
        };
        if t.first() == Some(&"E") && t.len() >= 18 {
            let k = t.len();
            if let (Some(nd), Some(dt)) = (num(k - 8), num(k - 1)) {
                a.cube = Some(CubeAnalysis {
                    no_double: nd,
                    double_take: dt,
                    double_pass: None,
                    match_winning_chances: match_play,
                    level: t.get(3).map_or_else(String::new, |x| level_of(x)),
                    evaluation: Some(t.join(" ")),
                });
            }
        }
    }
    if let Some(p) = n.prop("LU") {
        a.luck = p
            .first
            .text(src)
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite());
    }
    (a != Analysis::default()).then_some(a)
}

/// One node of a game: its moves, or the setup that stops the game.
fn game_node(w: &mut Writer, g: &mut Game, n: &Node, src: &str) {
    if let Some(p) = n.props.iter().find(|p| p.ident.is_setup()) {
        w.problems.push(ReadProblem::new(
            Code::SgfSetup,
            false,
            p.at,
            format!(
                "a setup node (`{}`): tavla checks games from the starting position, so game {} is not checked past it",
                p.ident, g.number
            ),
            "export the game from its start, without positions set by hand",
        ));
        g.stopped = true;
        return;
    }
    let mut comment = comment_of(n, src);
    for p in &n.props {
        let side = match p.ident.letter() {
            Some(b'W') => Col::W,
            Some(b'B') => Col::B,
            _ => continue,
        };
        match move_of(side, &p.first, src) {
            Ok((m, exact)) => {
                write_move(w, side, &m, &p.first, exact, &mut g.cube, comment.take());
                if let Some(a) = analysis_of(n, src, side, g.match_play) {
                    w.b.analysis(a);
                }
            }
            Err(e) => w.problems.push(*e),
        }
    }
}

/// End a game: its result (unless a setup node stopped it).
fn end_game(w: &mut Writer, g: Game) {
    if g.stopped {
        return;
    }
    match g.result {
        Some((at, Ok(Some((side, points))))) => {
            let body = CellBody::Wins {
                points,
                points_span: at,
                and_match: false,
            };
            w.b.result(side.column(), at, body);
        }
        Some((_, Err(e))) => w.problems.push(e),
        _ => {}
    }
}

/// Read gnubg's SGF: the match as a [`Record`] located on `text`, with the problems of
/// reading it (syntax errors, values that are not moves, variations not followed, setup
/// nodes, game trees of other games).
///
/// One pass: each node is added to the record as the scanner meets it, and none is kept.
pub fn read(text: &str) -> Record {
    let mut w = Writer {
        // At most a step per four bytes of gnubg's SGF (`;W[66abcdefgh]`) and a move per
        // twelve, fewer in an analysed file: the lists reserved once, up to a bound.
        b: Builder::with_capacity(
            (text.len() / 4).min(1 << 20),
            (text.len() / 12).min(1 << 18),
        ),
        problems: Vec::new(),
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
                    w.problems.push(bad_value(
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
                if lone_roll(&mut w, side, v, text) {
                    return;
                }
                match move_of(side, v, text) {
                    Ok((m, exact)) => write_move(&mut w, side, &m, v, exact, &mut g.cube, None),
                    Err(e) => w.problems.push(*e),
                }
            }
        }
    });
    if let State::Game(g) = state {
        end_game(&mut w, g);
    }
    let mut problems = syntax;
    problems.append(&mut w.problems);
    problems.sort_by_key(|p| p.span.offset);
    Record {
        matches: vec![w.b.finish()],
        problems,
        ..Record::default()
    }
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

    /// Each entry as `turn side: dice: steps` (steps in the mover's numbering), or the word.
    fn entries(r: &Record) -> Vec<String> {
        let m = &r.matches[0];
        m.games
            .iter()
            .flat_map(|g| &g.actions)
            .map(|a| {
                let side = if a.cell.column == Column::Left {
                    "W"
                } else {
                    "B"
                };
                let what = match &a.cell.body {
                    CellBody::Turn { stages } => {
                        let st = &stages.of(&m.stages)[0];
                        let steps: Vec<String> = st
                            .moves
                            .steps
                            .of(&m.steps)
                            .iter()
                            .map(|s| s.to_string())
                            .collect();
                        format!("{}{}: {}", st.a, st.b, steps.join(" "))
                    }
                    CellBody::Double { value, .. } => format!("double {value}"),
                    CellBody::Take => "take".into(),
                    CellBody::Drop => "drop".into(),
                    CellBody::Wins { points, .. } => format!("wins {points}"),
                    other => format!("{other:?}"),
                };
                format!("{} {side} {}", a.turn_number.unwrap_or(0), what.trim_end())
            })
            .collect()
    }

    #[test]
    fn a_match_becomes_the_typed_record_with_every_piece_located() {
        let sgf = "(;FF[4]GM[6]MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bob]RU[Crawford]RE[B+2R]\n;B[32adln]\n;W[42hdfd]\n;B[double]\n;W[take]\n;B[22yblnsusu]\n;W[54])";
        let r = read(sgf);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(
            entries(&r),
            [
                "1 B 32: 24/21 13/11",
                "2 W 42: 8/4 6/4",
                "2 B double 2",
                "3 W take",
                "3 B 22: bar/23 13/11 6/4 6/4",
                "4 W 54:",
                "0 B wins 2",
            ]
        );
        let m = &r.matches[0];
        assert_eq!(m.length.map(|l| l.0), Some(3));
        assert_eq!(m.tag("Crawford").map(|t| t.0), Some("On"));
        let g = &m.games[0];
        let (left, right) = g.score.as_ref().unwrap();
        assert_eq!((left.name.as_str(), right.name.as_str()), ("Ann", "Bob"));
        let at = |s: Span| &sgf[s.offset..s.end()];
        let steps = &m.steps;
        assert_eq!(at(steps[1].span), "ln");
        assert_eq!(at(steps[4].span), "yb");
        assert_eq!(at(g.actions[2].cell.span), "double");
        assert_eq!(at(g.actions[6].cell.span), "B+2R");
        assert_eq!(at(right.name_span), "Bob");
        assert_eq!(at(m.stages[3].dice_span), "54");
    }

    #[test]
    fn mi_gives_each_key_its_first_number() {
        let sgf = "(;GM[6]MI[length:x][length:5][game:2][ws:1][ws:4][bs: 3 ][other:9]PW[A]PB[B];W[31hefe])";
        let r = read(sgf);
        let m = &r.matches[0];
        let at = |s: Span| &sgf[s.offset..s.end()];
        let (n, n_at) = m.length.unwrap();
        assert_eq!((n, at(n_at)), (5, "length:5"));
        let g = &m.games[0];
        assert_eq!((g.number, at(g.number_span)), (3, "game:2"));
        let (w, b) = g.score.as_ref().unwrap();
        assert_eq!((w.score, at(w.score_span)), (1, "ws:1"));
        assert_eq!((b.score, at(b.score_span)), (3, "bs: 3 "));
    }

    #[test]
    fn bad_values_cost_their_node_and_other_games_are_refused() {
        let r = read("(;GM[6]MI[length:1];W[31hefe];B[77];W[31hq{e])(;GM[1];W[aa])");
        let codes: Vec<Code> = r.problems.iter().map(|p| p.code).collect();
        assert_eq!(codes, [Code::SgfValue, Code::SgfValue, Code::SgfValue]);
        assert_eq!(entries(&r), ["1 W 31: 8/5 6/5"]);
        assert_eq!(r.matches[0].games.len(), 1);
    }

    #[test]
    fn a_lone_move_reads_as_the_same_move_in_a_node_of_its_own() {
        // The scanner's shortcut for `;W[...]` alone must give what the general node gives
        // (here the moves carry comments, which send them through the general path).
        let lone = "(;GM[6]MI[length:1]\n;W[31hefe]\n;B[52llqs] ;W[double];B[take]\n;W[66xrxrrlrl]\n;B[41yuaz])";
        let noted = "(;GM[6]MI[length:1]\n;W[31hefe]C[a];B[52llqs]C[b];W[double]C[];B[take]C[]\n;W[66xrxrrlrl]C[c]\n;B[41yuaz]C[d])";
        let (a, b) = (read(lone), read(noted));
        assert_eq!(entries(&a), entries(&b));
        assert!(a.problems.is_empty() && b.problems.is_empty());
        // Each step's text and each of its points' (with the point and hit mark), then each
        // roll's dice.
        let spans = |r: &Record, src: &str| -> Vec<String> {
            let m = &r.matches[0];
            let at = |s: Span| src[s.offset..s.end()].to_string();
            let steps = m.steps.iter().map(|s| {
                let points: Vec<String> = (0..s.path.len())
                    .map(|k| {
                        format!(
                            "{:?}",
                            (s.path.get(k).0, s.path.get(k).1, at(s.path.get(k).2))
                        )
                    })
                    .collect();
                format!("{} {}", at(s.span), points.join(" "))
            });
            steps
                .chain(m.stages.iter().map(|st| at(st.dice_span)))
                .collect()
        };
        assert_eq!(spans(&a, lone), spans(&b, noted));
        assert_eq!(entries(&a)[4], "3 W 66: 24/18 24/18 18/12 18/12");
        // Each node's comment stays with its entry.
        let notes: Vec<Option<&str>> = b.matches[0].games[0]
            .actions
            .iter()
            .map(|a| a.comment.as_deref())
            .collect();
        assert_eq!(
            notes,
            [Some("a"), Some("b"), None, None, Some("c"), Some("d")]
        );
        // A lone move as a tree's root is a root like any other.
        let root = read("(;W[31hefe];B[52llqs])");
        assert_eq!(entries(&root)[0], "1 W 31: 8/5 6/5");
    }

    #[test]
    fn a_setup_node_stops_the_game_with_a_warning() {
        let r = read("(;GM[6]MI[length:0];W[31hefe];AE[a]AW[b];B[52])");
        assert_eq!(r.problems.len(), 1);
        assert_eq!(r.problems[0].code, Code::SgfSetup);
        assert!(!r.problems[0].error);
        assert_eq!(entries(&r), ["1 W 31: 8/5 6/5"]);
        assert!(r.matches[0].tag("Jacoby").is_none());
    }
}
