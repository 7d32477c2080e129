//! Boards people can look at: a position with what surrounds it (whose turn, dice, cube,
//! score, pips, the written play), as a text diagram (`tavla show`, `validate --board`).
//!
//! Everything is drawn from the generic [`Position`] and what the [`RuleSet`] says about the
//! game: how one side's numbering maps onto the other's ([`RuleSet::opposite`]), whether there
//! is a bar ([`RuleSet::hits`]) and a cube, and whether gnubg's and XG's IDs describe the
//! board ([`RuleSet::backgammon_board`]). Points are numbered from one side (the *view*,
//! usually the side to move): its point 13–24 along the top from left to right, 12–1 along
//! the bottom, so that side moves from the top right round to the bottom right in every
//! game, and the other side's checkers stand wherever its own numbering puts them.

use std::fmt::Write as _;

use crate::ids::{MatchContext, gnubg, ogid, xgid};
use crate::notation::{CellBody, Loc, Span};
use crate::replay::{ActionTrace, Verdict};
use crate::rules::{BAR, OFF, Position, Roll, RuleSet, Side};

/// One hop to draw: from and to as board indices in the mover's numbering (0 off, 25 bar).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hop {
    /// Whose checker moves.
    pub side: Side,
    /// Origin (mover's numbering; 25 the bar).
    pub from: u8,
    /// Destination (mover's numbering; 0 off).
    pub to: u8,
}

/// A position with everything a board picture shows around it.
#[derive(Clone, Debug)]
pub struct Diagram {
    /// The checkers.
    pub position: Position,
    /// The game and its options.
    pub rules: RuleSet,
    /// The side whose numbering labels the points (drawn at the bottom).
    pub view: Side,
    /// The side to move, if any (none once the game is over).
    pub to_move: Option<Side>,
    /// The dice of the turn, as written.
    pub dice: Option<(u8, u8)>,
    /// Cube value and owner (`None`: centred); ignored when the game has no cube.
    pub cube: (u32, Option<Side>),
    /// Player names: White (left column), Black (right column).
    pub names: (String, String),
    /// Score before the game (White, Black), when written.
    pub score: Option<(u64, u64)>,
    /// Match length (0 money play), when written.
    pub match_length: Option<u64>,
    /// The Crawford game.
    pub crawford: bool,
    /// A heading: file, game and turn.
    pub title: String,
    /// The play written for this turn, as written (`24/18 13/9`).
    pub play: Option<String>,
    /// Hops marked on the board (a finding's first bad step).
    pub marks: Vec<Hop>,
    /// Hops of a legal alternative (drawn in the SVG as a second set of arrows).
    pub alternative: Vec<Hop>,
    /// Every written hop of the turn (drawn in the SVG as thin arrows).
    pub written: Vec<Hop>,
    /// A line of text under the board (a finding's message).
    pub note: Option<String>,
    /// The OGID of this moment of its game as OGXM's codec gives it (game state and move
    /// number included), when the diagram is of a replayed record; [`Diagram::ogid`] writes
    /// one from the position otherwise.
    pub ogid: Option<String>,
}

/// What one point holds, from the view's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct PointStack {
    /// The view side's checkers.
    pub own: u8,
    /// The other side's checkers.
    pub other: u8,
}

impl Diagram {
    /// A bare diagram of `position` seen from `view`, nothing around it.
    pub fn new(position: Position, rules: RuleSet, view: Side) -> Self {
        Diagram {
            position,
            rules,
            view,
            to_move: None,
            dice: None,
            cube: (1, None),
            names: ("White".into(), "Black".into()),
            score: None,
            match_length: None,
            crawford: false,
            title: String::new(),
            play: None,
            marks: Vec::new(),
            alternative: Vec::new(),
            written: Vec::new(),
            note: None,
            ogid: None,
        }
    }
    /// The checkers on point `p` (1..=24 in the view's numbering).
    pub fn stack(&self, p: u8) -> PointStack {
        PointStack {
            own: self.position.count(self.view, p),
            other: self
                .position
                .count(self.view.other(), self.rules.opposite(p)),
        }
    }
    /// The checkers on point `p` as drawn from the edge inwards: a pinned checker first (it
    /// lies under its pinners), else the view side's checkers first.
    pub fn layers(&self, p: u8) -> [(Side, u8); 2] {
        let s = self.stack(p);
        let (view, other) = (self.view, self.view.other());
        if self.position.pinned(other, self.rules.opposite(p)) {
            [(other, s.other), (view, s.own)]
        } else {
            [(view, s.own), (other, s.other)]
        }
    }
    /// `side`'s point `p` in the view's numbering (the bar and off stay).
    pub fn in_view(&self, side: Side, p: u8) -> u8 {
        if side == self.view || p == OFF || p == BAR {
            p
        } else {
            self.rules.opposite(p)
        }
    }
    /// Whether the game has a doubling cube.
    pub fn has_cube(&self) -> bool {
        self.rules.cube().in_game()
    }
    /// A player's name.
    pub fn name(&self, side: Side) -> &str {
        match side {
            Side::White => &self.names.0,
            Side::Black => &self.names.1,
        }
    }
    /// The OGID, for games on backgammon's board: the record's own moment ([`Diagram::ogid`]
    /// the field), else the position with the side to move, the dice, the cube and the score
    /// ([`ogid::ogid`]: move 0).
    pub fn ogid(&self) -> Option<String> {
        if !self.rules.backgammon_board() {
            return None;
        }
        if let Some(o) = &self.ogid {
            return Some(o.clone());
        }
        let on_roll = self.to_move.unwrap_or(self.view);
        let (ws, bs) = self.score.unwrap_or((0, 0));
        let context = MatchContext {
            cube: self.cube.0,
            cube_owner: self.cube.1,
            white_score: ws,
            black_score: bs,
            match_length: self.match_length.unwrap_or(0),
            crawford: self.crawford,
        };
        let roll = self
            .dice
            .map(|(a, b)| Roll { a, b })
            .filter(|r| r.is_valid());
        Some(ogid::ogid(&self.position, on_roll, roll, &context))
    }
    /// The gnubg Position ID and Match ID and the XGID, for games on backgammon's board.
    pub fn ids(&self) -> Option<(String, String, String)> {
        if !self.rules.backgammon_board() {
            return None;
        }
        let on_roll = self.to_move.unwrap_or(self.view);
        let (ws, bs) = self.score.unwrap_or((0, 0));
        let length = self.match_length.unwrap_or(0);
        let state = gnubg::MatchState {
            cube: self.cube.0,
            owner: self.cube.1,
            on_roll,
            crawford: self.crawford,
            dice: self.dice.unwrap_or((0, 0)),
            length,
            score: (ws, bs),
            crawford_rule: self.rules.cube().crawford && length > 0,
        };
        let context = MatchContext {
            cube: self.cube.0,
            cube_owner: self.cube.1,
            white_score: ws,
            black_score: bs,
            match_length: length,
            crawford: self.crawford,
        };
        let roll = self
            .dice
            .map(|(a, b)| Roll { a, b })
            .filter(|r| r.is_valid());
        Some((
            gnubg::position_id(&self.position, on_roll),
            gnubg::match_id(&state),
            xgid::xgid(&self.position, on_roll, roll, &context),
        ))
    }
}

/// The characters a text diagram is drawn with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Charset {
    /// Box drawing and round checkers (`○` White, `●` Black).
    Unicode,
    /// Plain ASCII (`O` White, `X` Black).
    Ascii,
}

struct Glyphs {
    white: &'static str,
    black: &'static str,
    h: &'static str,
    v: &'static str,
    top: [&'static str; 4],
    bottom: [&'static str; 4],
    up: &'static str,
    down: &'static str,
    arrow: &'static str,
}

const UNICODE: Glyphs = Glyphs {
    white: "○",
    black: "●",
    h: "─",
    v: "│",
    top: ["┌", "┬", "┬", "┐"],
    bottom: ["└", "┴", "┴", "┘"],
    up: "▲",
    down: "▼",
    arrow: "→",
};

const ASCII: Glyphs = Glyphs {
    white: "O",
    black: "X",
    h: "-",
    v: "|",
    top: ["+", "+", "+", "+"],
    bottom: ["+", "+", "+", "+"],
    up: "^",
    down: "v",
    arrow: "->",
};

/// Rows per half of the board; a point with more checkers shows its count on the last row.
const ROWS: usize = 5;

fn glyph(g: &Glyphs, side: Side) -> &'static str {
    match side {
        Side::White => g.white,
        Side::Black => g.black,
    }
}

/// What each of the `ROWS` rows of a stack shows, from the edge inwards: a checker or a count.
fn stack_rows(segments: &[(Side, u8)]) -> Vec<Option<(Side, Option<u8>)>> {
    let segs: Vec<(Side, u8)> = segments.iter().copied().filter(|s| s.1 > 0).collect();
    let total: usize = segs.iter().map(|s| s.1 as usize).sum();
    let mut rows = Vec::new();
    if total <= ROWS {
        for (side, n) in &segs {
            rows.extend(std::iter::repeat_n(Some((*side, None)), *n as usize));
        }
    } else if segs.len() == 1 {
        let (side, n) = segs[0];
        rows.extend(std::iter::repeat_n(Some((side, None)), ROWS - 1));
        rows.push(Some((side, Some(n))));
    } else {
        for (side, n) in &segs {
            rows.push(Some((*side, None)));
            if *n > 1 {
                rows.push(Some((*side, Some(*n))));
            }
        }
    }
    rows.resize(ROWS, None);
    rows
}

fn cell(g: &Glyphs, row: Option<(Side, Option<u8>)>) -> String {
    match row {
        None => "   ".into(),
        Some((side, None)) => format!("  {}", glyph(g, side)),
        Some((_, Some(n))) => format!("{n:>3}"),
    }
}

/// The view's points along the top (left to right) and along the bottom (left to right).
pub const TOP: [u8; 12] = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
/// See [`TOP`].
pub const BOTTOM: [u8; 12] = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

fn loc_name(p: u8) -> String {
    match p {
        OFF => "off".into(),
        BAR => "bar".into(),
        p => p.to_string(),
    }
}

/// The diagram as text: the board with its point numbers, a panel beside it (names, pips,
/// borne off, score, cube, whose turn and the dice), the IDs and the written play below.
pub fn text(d: &Diagram, charset: Charset) -> String {
    let g = match charset {
        Charset::Unicode => &UNICODE,
        Charset::Ascii => &ASCII,
    };
    let view = d.view;
    let other = view.other();
    let has_bar = d.rules.hits();
    let mut out = String::new();
    if !d.title.is_empty() {
        let _ = writeln!(out, " {}", d.title);
    }
    // Marks: origin and destination points of the marked hops, in the view's numbering.
    let marked = |p: u8| {
        d.marks
            .iter()
            .any(|h| d.in_view(h.side, h.from) == p || d.in_view(h.side, h.to) == p)
    };
    let labels = |pts: &[u8]| -> String { pts.iter().map(|p| format!("{p:>3}")).collect() };
    let mark_row = |pts: &[u8], sym: &str| -> String {
        pts.iter()
            .map(|&p| {
                if marked(p) {
                    format!("  {sym}")
                } else {
                    "   ".into()
                }
            })
            .collect()
    };
    let gap = " ".repeat(8);
    let any_mark = |pts: &[u8]| pts.iter().any(|&p| marked(p));
    let _ = writeln!(out, "  {}{gap}{}", labels(&TOP[..6]), labels(&TOP[6..]));
    if any_mark(&TOP) {
        let _ = writeln!(
            out,
            "  {}{gap}{}",
            mark_row(&TOP[..6], g.down),
            mark_row(&TOP[6..], g.down)
        )
        .map(|_| ());
        trim_last_line(&mut out);
    }
    let half = g.h.repeat(19);
    let barw = g.h.repeat(5);
    let frame = |c: &[&str; 4]| format!("{}{half}{}{barw}{}{half}{}", c[0], c[1], c[2], c[3]);
    // The panel: the other side at the top, the view side at the bottom.
    let pip = |s: Side| d.position.pips(s);
    let who = |s: Side| {
        let name = d.name(s);
        let colour = match s {
            Side::White => "White",
            Side::Black => "Black",
        };
        if name.is_empty() || name == colour {
            format!("{} {colour}", glyph(g, s))
        } else {
            format!("{} {colour} ({name})", glyph(g, s))
        }
    };
    let score_of = |s: Side| -> Option<String> {
        let (w, b) = d.score?;
        let n = if s == Side::White { w } else { b };
        Some(match d.match_length {
            Some(l) if l > 0 => format!("score {n} of {l}"),
            _ => format!("score {n}"),
        })
    };
    let side_lines = |s: Side| -> Vec<String> {
        let mut v = vec![who(s)];
        let mut l = format!("pips {}  off {}", pip(s), d.position.count(s, OFF));
        if has_bar && d.position.count(s, BAR) > 0 {
            let _ = write!(l, "  bar {}", d.position.count(s, BAR));
        }
        v.push(l);
        if let Some(sc) = score_of(s) {
            v.push(sc);
        }
        v
    };
    let mut middle = Vec::new();
    if d.has_cube() {
        middle.push(match d.cube {
            (c, None) => format!("cube {c}, centred"),
            (c, Some(o)) => format!("cube {c}, {}'s", side_word(o)),
        });
    }
    if d.crawford {
        middle.push("Crawford game".into());
    }
    match (d.to_move, d.dice) {
        (Some(s), Some((a, b))) => middle.push(format!("{} to play {a}-{b}", side_word(s))),
        (Some(s), None) => middle.push(format!("{} on roll", side_word(s))),
        (None, _) => middle.push("game over".into()),
    }
    let top_panel = side_lines(other);
    let mut bottom_panel = side_lines(view);
    bottom_panel.reverse();
    let _ = writeln!(out, " {}", frame(&g.top));
    for r in 0..ROWS {
        let mut line = format!(" {}", g.v);
        for (k, p) in TOP.iter().enumerate() {
            if k == 6 {
                let bar = if has_bar {
                    bar_cell(g, d.position.count(view, BAR), view, r)
                } else {
                    "     ".into()
                };
                let _ = write!(line, " {}{bar}{}", g.v, g.v);
            }
            line.push_str(&cell(g, stack_rows(&d.layers(*p))[r]));
        }
        let _ = write!(line, " {}", g.v);
        if let Some(t) = top_panel.get(r) {
            let _ = write!(line, "   {t}");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mid_label = if has_bar { " BAR " } else { "     " };
    let mut line = format!(
        " {}{}{}{mid_label}{}{}{}",
        g.v,
        " ".repeat(19),
        g.v,
        g.v,
        " ".repeat(19),
        g.v
    );
    if !middle.is_empty() {
        let _ = write!(line, "   {}", middle.join(" · "));
    }
    out.push_str(line.trim_end());
    out.push('\n');
    for r in (0..ROWS).rev() {
        let mut line = format!(" {}", g.v);
        for (k, p) in BOTTOM.iter().enumerate() {
            if k == 6 {
                let bar = if has_bar {
                    bar_cell(g, d.position.count(other, BAR), other, r)
                } else {
                    "     ".into()
                };
                let _ = write!(line, " {}{bar}{}", g.v, g.v);
            }
            line.push_str(&cell(g, stack_rows(&d.layers(*p))[r]));
        }
        let _ = write!(line, " {}", g.v);
        if let Some(t) = bottom_panel.get(r) {
            let _ = write!(line, "   {t}");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, " {}", frame(&g.bottom));
    if any_mark(&BOTTOM) {
        let _ = writeln!(
            out,
            "  {}{gap}{}",
            mark_row(&BOTTOM[..6], g.up),
            mark_row(&BOTTOM[6..], g.up)
        );
        trim_last_line(&mut out);
    }
    let _ = writeln!(
        out,
        "  {}{gap}{}",
        labels(&BOTTOM[..6]),
        labels(&BOTTOM[6..])
    );
    let _ = writeln!(
        out,
        " {}: points numbered from {}'s side; {} moves {}",
        d.rules.variant().title(),
        side_word(view),
        side_word(view),
        if has_bar {
            format!("bar {0} 24 {0} 1 {0} off", g.arrow)
        } else {
            format!("24 {0} 1 {0} off", g.arrow)
        }
    );
    let pinned: Vec<String> = [view, view.other()]
        .into_iter()
        .flat_map(|s| {
            (1..=24u8)
                .filter(move |&p| d.position.pinned(s, p))
                .map(move |p| format!("{}'s {p}", side_word(s)))
        })
        .collect();
    if !pinned.is_empty() {
        let _ = writeln!(
            out,
            " pinned (at the edge of its point, under the pinners): {}",
            pinned.join(", ")
        );
    }
    if let Some((pid, mid, x)) = d.ids() {
        let _ = writeln!(out, " Position ID: {pid}   Match ID: {mid}");
        let _ = writeln!(out, " {x}");
    }
    if let Some(o) = d.ogid() {
        let _ = writeln!(out, " OGID={o}");
    }
    if let Some(p) = &d.play {
        let _ = writeln!(out, " play: {p}");
    }
    for h in &d.marks {
        let _ = writeln!(
            out,
            " marked: {} {} {} ({}'s numbering)",
            loc_name(h.from),
            g.arrow,
            loc_name(h.to),
            side_word(h.side)
        );
    }
    if let Some(n) = &d.note {
        let _ = writeln!(out, " {n}");
    }
    out
}

fn trim_last_line(out: &mut String) {
    // Drop trailing blanks of the line just written (before its newline).
    if out.ends_with('\n') {
        out.pop();
        let t = out.trim_end().len();
        out.truncate(t);
        out.push('\n');
    }
}

fn bar_cell(g: &Glyphs, n: u8, side: Side, r: usize) -> String {
    match stack_rows(&[(side, n)])[r] {
        None => "     ".into(),
        Some((s, None)) => format!("  {}  ", glyph(g, s)),
        Some((_, Some(n))) => format!("{n:^5}"),
    }
}

/// `White` or `Black`.
pub fn side_word(s: Side) -> &'static str {
    match s {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// A point in a record to show: which game, and where in it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Moment {
    /// The end of the game (after its last replayed turn and cube actions).
    End,
    /// A turn cell: the `k`-th replayed turn cell on turn line `N)` (or on file line
    /// `line`), before or after it is played; `side` picks the column.
    Turn {
        /// The written turn number (`N)`), or
        number: Option<u64>,
        /// the 1-based file line.
        line: Option<usize>,
        /// The column (default: the first turn cell of the line).
        side: Option<Side>,
        /// After the turn rather than before.
        after: bool,
    },
}

/// Why a moment cannot be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MomentError(pub String);

impl std::fmt::Display for MomentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The cube after the actions `actions[..upto]`, starting from the last turn's cube.
fn cube_through(actions: &[ActionTrace], upto: usize) -> (u32, Option<Side>) {
    let mut cube = (1u32, None);
    let mut offered: Option<u32> = None;
    for a in &actions[..upto.min(actions.len())] {
        match a {
            ActionTrace::Turn { cube: c, .. } => {
                cube = *c;
                offered = None;
            }
            ActionTrace::Cube { value, .. } => offered = u32::try_from(*value).ok(),
            ActionTrace::Answer { side, take, .. } => {
                if let (true, Some(v)) = (*take, offered) {
                    cube = (v, Some(*side));
                }
                offered = None;
            }
            _ => {}
        }
    }
    cube
}

/// The diagram of game `game` (0-based index into the verdict's games) at `moment`.
///
/// # Errors
/// When the game was not replayed, the turn is not in it, or was not replayed.
pub fn diagram_at(v: &Verdict, game: usize, moment: Moment) -> Result<Diagram, MomentError> {
    if v.rules.is_none() {
        return Err(MomentError(
            "the record's variant is not supported, so it was not replayed".into(),
        ));
    }
    let g =
        v.record.games.get(game).ok_or_else(|| {
            MomentError(format!("the record has {} game(s)", v.record.games.len()))
        })?;
    let t = v
        .games
        .get(game)
        .ok_or_else(|| MomentError(format!("game {} was not replayed", g.number)))?;
    // The game's own rules: in a rotating match they change from game to game.
    let rules = t.rules;
    let names = g
        .score
        .as_ref()
        .map(|(l, r)| (l.name.clone(), r.name.clone()))
        .unwrap_or_else(|| ("White".into(), "Black".into()));
    let mut d = Diagram::new(rules.start(), rules, Side::White);
    d.names = names;
    d.score = g.score.as_ref().map(|(l, r)| (l.score, r.score));
    d.match_length = v.record.length.map(|l| l.0);
    d.crawford = t.crawford;
    let ogids = super::ogid::game_of(v, game);
    let turns: Vec<usize> = t
        .actions
        .iter()
        .enumerate()
        .filter(|(_, a)| matches!(a, ActionTrace::Turn { .. }))
        .map(|(i, _)| i)
        .collect();
    match moment {
        Moment::End => {
            let last = turns.last().copied();
            let (pos, next) = match last.map(|i| &t.actions[i]) {
                Some(ActionTrace::Turn { position, side, .. }) => (*position, side.other()),
                _ => (rules.start(), Side::White),
            };
            d.position = pos;
            d.cube = cube_through(&t.actions, t.actions.len());
            let over = t.result.is_some();
            d.to_move = (!over).then_some(next);
            d.view = next;
            d.title = format!("game {}, the end", g.number);
            d.ogid = ogids
                .iter()
                .rev()
                .find_map(|p| p.and_then(|p| p.after))
                .map(|o| o.to_string());
            if let Some(r) = &t.result {
                d.note = Some(format!(
                    "{} wins{}",
                    side_word(r.winner),
                    r.full
                        .map(|p| format!(" {p} point{}", if p == 1 { "" } else { "s" }))
                        .unwrap_or_default()
                ));
            }
        }
        Moment::Turn {
            number,
            line,
            side,
            after,
        } => {
            let found = g.actions.iter().enumerate().find(|(i, a)| {
                matches!(a.cell.body, CellBody::Turn { .. })
                    && number.is_none_or(|n| a.turn_number == Some(n))
                    && line.is_none_or(|l| a.line == l)
                    && side.is_none_or(|s| t.actions.get(*i).is_some_and(|x| trace_side(x) == s))
            });
            let Some((i, a)) = found else {
                let what = match (number, line) {
                    (Some(n), _) => format!("turn {n})"),
                    (_, Some(l)) => format!("line {l}"),
                    _ => "that turn".into(),
                };
                return Err(MomentError(format!(
                    "game {} has no turn cell at {what}{}",
                    g.number,
                    side.map(|s| format!(" for {}", side_word(s)))
                        .unwrap_or_default()
                )));
            };
            let earlier = t.actions.get(..i).unwrap_or(&[]);
            let (mover, roll, before, after_pos, cube) = match t.actions.get(i) {
                Some(ActionTrace::Turn {
                    side,
                    roll,
                    before,
                    position,
                    cube,
                    ..
                }) => (*side, *roll, *before, Some(*position), *cube),
                // The turn where the replay stopped: it starts where the last replayed turn
                // ended (nothing before it was skipped).
                Some(ActionTrace::Unchecked { side, .. })
                    if !earlier
                        .iter()
                        .any(|x| matches!(x, ActionTrace::Unchecked { .. })) =>
                {
                    let before = earlier
                        .iter()
                        .rev()
                        .find_map(|x| match x {
                            ActionTrace::Turn { position, .. } => Some(*position),
                            _ => None,
                        })
                        .unwrap_or_else(|| rules.start());
                    let roll = match &a.cell.body {
                        CellBody::Turn { stages } => {
                            stages.split(&v.record.stages).roll.map(|r| (r.a, r.b))
                        }
                        _ => None,
                    };
                    (*side, roll, before, None, cube_through(&t.actions, i))
                }
                _ => {
                    return Err(MomentError(format!(
                        "line {} was not replayed (after an earlier problem in game {})",
                        a.line, g.number
                    )));
                }
            };
            d.cube = cube;
            d.play = written_play(v, i, game);
            if after {
                let Some(position) = after_pos else {
                    return Err(MomentError(format!(
                        "the turn on line {} could not be played, so there is no board after it",
                        a.line
                    )));
                };
                d.position = position;
                d.view = mover.other();
                d.to_move = Some(mover.other());
                d.cube = cube_through(&t.actions, i + 1);
                d.ogid = ogids
                    .get(i)
                    .and_then(|p| p.and_then(|p| p.after))
                    .map(|o| o.to_string());
                d.title = format!(
                    "game {}, line {}: after {}'s turn",
                    g.number,
                    a.line,
                    side_word(mover)
                );
            } else {
                d.position = before;
                d.view = mover;
                d.to_move = Some(mover);
                d.dice = roll;
                d.ogid = ogids
                    .get(i)
                    .and_then(|p| p.map(|p| p.before))
                    .map(|o| o.to_string());
                d.title = format!(
                    "game {}, line {}: {} to play",
                    g.number,
                    a.line,
                    side_word(mover)
                );
            }
        }
    }
    Ok(d)
}

fn trace_side(a: &ActionTrace) -> Side {
    match a {
        ActionTrace::Turn { side, .. }
        | ActionTrace::Cube { side, .. }
        | ActionTrace::Answer { side, .. }
        | ActionTrace::Result { side, .. }
        | ActionTrace::Unchecked { side, .. } => *side,
        // A ` Draw` line stands in no player's column; it is read with the left one.
        ActionTrace::Draw { .. } => Side::White,
    }
}

/// The stages of action `i` of game `game` as written: `64: 24/18 18/14 +33: …`.
pub fn written_play(v: &Verdict, i: usize, game: usize) -> Option<String> {
    let a = v.record.games.get(game)?.actions.get(i)?;
    let CellBody::Turn { stages } = &a.cell.body else {
        return None;
    };
    let parts: Vec<String> = stages
        .of(&v.record.stages)
        .iter()
        .map(|s| {
            let steps: Vec<String> = s
                .moves
                .steps
                .of(&v.record.steps)
                .iter()
                .map(|st| st.to_string())
                .collect();
            format!("{}: {}", stage_dice(s), steps.join(" "))
                .trim_end()
                .to_string()
        })
        .collect();
    Some(parts.join(" "))
}

fn stage_dice(s: &crate::notation::Stage) -> String {
    match s.kind {
        crate::notation::StageKind::Received => format!("({}{})", s.a, s.b),
        crate::notation::StageKind::Roll => format!("{}{}", s.a, s.b),
        crate::notation::StageKind::Chain => format!("+{}{}", s.a, s.b),
    }
}

/// Where a finding stands: the game and action whose cell holds its span, if a turn.
pub fn finding_turn(v: &Verdict, span: Span) -> Option<(usize, usize)> {
    for (gi, g) in v.record.games.iter().enumerate() {
        for (ai, a) in g.actions.iter().enumerate() {
            let c = a.cell.span;
            if span.offset >= c.offset && span.offset < c.end().max(c.offset + 1) {
                return matches!(a.cell.body, CellBody::Turn { .. }).then_some((gi, ai));
            }
        }
    }
    None
}

/// The board before the play a finding concerns, with the written hop that holds the
/// finding's span marked and the nearest legal play (if the finding suggests one) as the
/// alternative; `None` when the finding is not on a replayed turn.
pub fn finding_diagram(v: &Verdict, f: &crate::replay::Finding) -> Option<Diagram> {
    let (gi, ai) = finding_turn(v, f.span)?;
    let a = &v.record.games[gi].actions[ai];
    let side = &trace_side(v.games.get(gi)?.actions.get(ai)?);
    let mut d = diagram_at(
        v,
        gi,
        Moment::Turn {
            number: None,
            line: Some(a.line),
            side: Some(*side),
            after: false,
        },
    )
    .ok()?;
    let CellBody::Turn { stages } = &a.cell.body else {
        return None;
    };
    // The written hop holding the span: the step token containing it.
    for s in stages.of(&v.record.stages) {
        d.marks
            .extend(hop_at(s.moves.steps.of(&v.record.steps), f.span, *side));
    }
    if let Some(sug) = &f.suggestions
        && let Some(first) = sug.plays.first()
        && let Ok(p) = crate::notation::parse_play(first)
    {
        d.alternative = play_hops(&p.steps, *side);
    }
    d.written = written_hops(v, gi, ai);
    d.note = Some(f.message.clone());
    Some(d)
}

/// The written hop that a finding's `span` points at: within the step token holding the span,
/// the first hop lying wholly inside the span, else the first whose destination (then origin)
/// lies inside it, else the token's first hop.
pub fn hop_at(steps: &[crate::notation::StepText], span: Span, side: Side) -> Option<Hop> {
    let inside = |s: Span| span.offset >= s.offset && span.offset < s.end().max(s.offset + 1);
    let st = steps.iter().find(|st| inside(st.span))?;
    let within = |sp: Span| span.offset <= sp.offset && sp.end() <= span.end();
    let hops: Vec<_> = st.path.hops().collect();
    let (a, b) = hops
        .iter()
        .find(|(a, b)| within(a.2) && within(b.2))
        .or_else(|| hops.iter().find(|(_, b)| within(b.2)))
        .or_else(|| hops.iter().find(|(a, _)| within(a.2)))
        .or(hops.first())?;
    Some(Hop {
        side,
        from: a.0.index(),
        to: b.0.index(),
    })
}

/// Every hop of written steps, repetitions expanded (mover's numbering).
pub fn play_hops(steps: &[crate::notation::StepText], side: Side) -> Vec<Hop> {
    steps
        .iter()
        .flat_map(|st| st.hops())
        .map(|(from, to, _)| Hop {
            side,
            from: from.index(),
            to: to.index(),
        })
        .collect()
}

/// The written hops of a turn's play, for arrows (mover's numbering).
pub fn written_hops(v: &Verdict, game: usize, action: usize) -> Vec<Hop> {
    let mut out = Vec::new();
    let (Some(a), Some(ActionTrace::Turn { side, .. } | ActionTrace::Unchecked { side, .. })) = (
        v.record.games.get(game).and_then(|g| g.actions.get(action)),
        v.games.get(game).and_then(|g| g.actions.get(action)),
    ) else {
        return out;
    };
    if let CellBody::Turn { stages } = &a.cell.body {
        for s in stages.of(&v.record.stages) {
            for st in s.moves.steps.of(&v.record.steps) {
                for (from, to, _) in st.hops() {
                    if from != Loc::Off {
                        out.push(Hop {
                            side: *side,
                            from: from.index(),
                            to: to.index(),
                        });
                    }
                }
            }
        }
    }
    out
}

/// The position of a diagram for machine formats: the side to move, the JSON position (as in
/// `convert --to json`) and, on backgammon's board, the Position ID, Match ID, XGID and OGID.
pub fn board_json(d: &Diagram) -> serde_json::Value {
    let mut j = serde_json::json!({
        "to_move": d.to_move.map(|s| s.name()),
        "dice": d.dice.map(|(a, b)| [a, b]),
        "position": super::json::position_json(&d.position, d.rules.opposite_fn()),
    });
    if let Some((pid, mid, x)) = d.ids() {
        j["position_id"] = pid.into();
        j["match_id"] = mid.into();
        j["xgid"] = x.into();
    }
    if let Some(o) = d.ogid() {
        j["ogid"] = o.into();
    }
    if let Some(h) = d.marks.first() {
        j["marked"] = serde_json::json!({"from": h.from, "to": h.to});
    }
    j
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Settings, random_match};
    use crate::replay::{Overrides, check};
    use crate::rules::Variant;

    /// Read a text diagram back: per view point, (view side's count, other side's count), and
    /// the bar's counts (view, other). Cells are three characters wide; a count replaces the
    /// last checker drawn of a stack.
    fn read_back(text: &str, d: &Diagram) -> (Vec<(u32, u32)>, (u32, u32)) {
        let g = UNICODE;
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        let top = lines
            .iter()
            .position(|l| l.iter().collect::<String>().trim_start().starts_with('┌'))
            .expect("frame");
        let col = |k: usize| if k < 6 { 4 + 3 * k } else { 30 + 3 * (k - 6) };
        let cell = |row: &Vec<char>, c: usize| -> String {
            row[c - 2..=c].iter().collect::<String>().trim().to_string()
        };
        let mut counts = vec![(0u32, 0u32); 25];
        let own = glyph(&g, d.view);
        let other = glyph(&g, d.view.other());
        let mut read = |rows: Vec<&Vec<char>>, p: u8, c: usize| {
            let mut last = None;
            let mut tally = (0u32, 0u32);
            for r in rows {
                let s = cell(r, c);
                if s == own {
                    tally.0 += 1;
                    last = Some(0);
                } else if s == other {
                    tally.1 += 1;
                    last = Some(1);
                } else if let Ok(n) = s.parse::<u32>() {
                    // A count: the stack of the checker above it holds n.
                    match last {
                        Some(0) => tally.0 = n,
                        Some(1) => tally.1 = n,
                        _ => panic!("a count without a checker"),
                    }
                }
            }
            counts[p as usize] = tally;
        };
        for (k, p) in TOP.iter().enumerate() {
            let rows = (1..=ROWS).map(|r| &lines[top + r]).collect();
            read(rows, *p, col(k));
        }
        for (k, p) in BOTTOM.iter().enumerate() {
            let rows = (0..ROWS).map(|r| &lines[top + 2 * ROWS + 1 - r]).collect();
            read(rows, *p, col(k));
        }
        let bar = |rows: Vec<&Vec<char>>| {
            let mut n = 0;
            for r in rows {
                let s: String = r[22..27].iter().collect::<String>().trim().to_string();
                if s == own || s == other {
                    n += 1;
                } else if let Ok(c) = s.parse::<u32>() {
                    n = c;
                }
            }
            n
        };
        let bars = (
            bar((1..=ROWS).map(|r| &lines[top + r]).collect()),
            bar((0..ROWS).map(|r| &lines[top + 2 * ROWS + 1 - r]).collect()),
        );
        (counts, bars)
    }

    fn check_diagram(d: &Diagram) {
        let text = text(d, Charset::Unicode);
        let (counts, bars) = read_back(&text, d);
        for p in 1..=24u8 {
            let s = d.stack(p);
            assert_eq!(
                counts[p as usize],
                (s.own as u32, s.other as u32),
                "point {p}\n{text}"
            );
        }
        assert_eq!(
            bars,
            (
                d.position.count(d.view, BAR) as u32,
                d.position.count(d.view.other(), BAR) as u32
            ),
            "bar\n{text}"
        );
        let o = text.contains(&format!("off {}", d.position.count(d.view, OFF)));
        assert!(o, "{text}");
    }

    #[test]
    fn text_boards_show_every_checker_of_random_games_from_both_sides() {
        let mut boards = 0;
        for (variant, preset) in [
            (Variant::Backgammon, "backgammon"),
            (Variant::GulBara, "bulgarian"),
            (Variant::GulBara, "english"),
        ] {
            let rules = RuleSet::default_for(variant).with_preset(preset).unwrap();
            for seed in 0..6 {
                let text = random_match(&Settings::new(rules, 3), seed);
                let v = check(crate::notation::read(&text), &Overrides::default());
                assert_eq!(v.errors(), 0);
                for t in &v.games {
                    for a in &t.actions {
                        if let ActionTrace::Turn { position, .. } = a {
                            for view in [Side::White, Side::Black] {
                                let d = Diagram::new(*position, rules, view);
                                check_diagram(&d);
                                boards += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(boards > 500, "{boards}");
    }

    #[test]
    fn a_pinned_checker_is_drawn_under_its_pinners_and_named() {
        // Tapa: Black's lone checker on its 19 (White's 6) pinned under two white checkers.
        let rules = RuleSet::default_for(Variant::Tapa);
        let mut pos = Position::empty();
        pos.set(Side::White, 6, 2);
        pos.set(Side::White, 24, 13);
        pos.set(Side::Black, rules.opposite(6), 1);
        pos.set_pinned(Side::Black, rules.opposite(6), true);
        pos.set(Side::Black, 24, 14);
        let d = Diagram::new(pos, rules, Side::White);
        assert_eq!(d.layers(6), [(Side::Black, 1), (Side::White, 2)]);
        // Unpinned, the view side's checkers come first.
        assert_eq!(d.layers(24), [(Side::White, 13), (Side::Black, 0)]);
        let text = text(&d, Charset::Unicode);
        assert!(
            text.contains("pinned (at the edge of its point, under the pinners): Black's 19"),
            "{text}"
        );
        // The bottom row (the edge) of point 6 holds the black checker, the row above a white.
        let rows: Vec<&str> = text.lines().collect();
        let bottom = rows.iter().rposition(|l| l.contains('└')).unwrap() - 1;
        let cells = |l: &str| -> Vec<char> { l.chars().collect() };
        let (edge, above) = (cells(rows[bottom]), cells(rows[bottom - 1]));
        let at = edge
            .iter()
            .position(|&c| c == '●')
            .expect("a black checker on the bottom edge");
        assert_eq!(above[at], '○', "{text}");
        check_diagram(&d);
    }

    #[test]
    fn both_sides_on_one_point_are_both_drawn() {
        // A pinned checker (Plakoto-like): both sides hold White's point 6.
        let rules = RuleSet::default_for(Variant::Backgammon);
        let mut pos = Position::empty();
        pos.set(Side::White, 6, 2);
        pos.set(Side::Black, rules.opposite(6), 1);
        pos.set(Side::White, 13, 9);
        pos.set(Side::Black, rules.opposite(13), 3);
        pos.set(Side::Black, rules.opposite(20), 8);
        let d = Diagram::new(pos, rules, Side::White);
        assert_eq!(d.stack(6), PointStack { own: 2, other: 1 });
        check_diagram(&d);
        assert_eq!(
            stack_rows(&[(Side::White, 9), (Side::Black, 3)]),
            vec![
                Some((Side::White, None)),
                Some((Side::White, Some(9))),
                Some((Side::Black, None)),
                Some((Side::Black, Some(3))),
                None
            ]
        );
        let svg = crate::report::svg::svg(&d);
        assert!(svg.contains(r#"data-side="white" data-place="6" data-n="2""#));
        assert!(svg.contains(r#"data-side="black" data-place="6" data-n="1""#));
    }

    #[test]
    fn gul_bara_black_starts_on_white_s_point_12() {
        let rules = RuleSet::default_for(Variant::GulBara);
        let d = Diagram::new(rules.start(), rules, Side::White);
        assert_eq!(d.stack(24), PointStack { own: 15, other: 0 });
        assert_eq!(d.stack(12), PointStack { own: 0, other: 15 });
        assert!(!rules.hits());
        assert!(d.ids().is_none(), "no Position ID off backgammon's board");
        let t = text(&d, Charset::Ascii);
        assert!(!t.contains("BAR"), "{t}");
        assert!(t.is_ascii());
    }
}
