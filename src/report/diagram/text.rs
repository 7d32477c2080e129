//! A diagram drawn as text: the board with its point numbers, a panel beside it (names,
//! pips, borne off, score, cube, whose turn and the dice), and the IDs and the written play
//! below.

use std::fmt::Write as _;

use super::{BOTTOM, Diagram, TOP, side_word};
use crate::rules::{BAR, OFF, Side};

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

fn loc_name(p: u8) -> String {
    match p {
        OFF => "off".into(),
        BAR => "bar".into(),
        p => p.to_string(),
    }
}

/// The gap between the two halves of a line of point numbers.
const GAP: &str = "        ";

/// The diagram as text: the board with its point numbers, a panel beside it (names, pips,
/// borne off, score, cube, whose turn and the dice), the IDs and the written play below.
pub fn text(d: &Diagram, charset: Charset) -> String {
    let t = TextDrawing {
        d,
        g: match charset {
            Charset::Unicode => &UNICODE,
            Charset::Ascii => &ASCII,
        },
        has_bar: d.rules.hits(),
    };
    let mut out = String::new();
    if !d.title.is_empty() {
        let _ = writeln!(out, " {}", d.title);
    }
    t.halves(&mut out, &TOP, TextDrawing::numbers);
    t.marks(&mut out, &TOP, t.g.down);
    t.board(&mut out);
    t.marks(&mut out, &BOTTOM, t.g.up);
    t.halves(&mut out, &BOTTOM, TextDrawing::numbers);
    t.legend(&mut out);
    out
}

/// A diagram being drawn, with its glyphs.
struct TextDrawing<'d> {
    d: &'d Diagram,
    g: &'static Glyphs,
    /// Whether the game has a bar (and hits).
    has_bar: bool,
}

impl TextDrawing<'_> {
    /// A line of `pts` in two halves of six, the bar's gap between them.
    fn halves(&self, out: &mut String, pts: &[u8; 12], half: impl Fn(&Self, &[u8]) -> String) {
        let _ = writeln!(
            out,
            "  {}{GAP}{}",
            half(self, &pts[..6]),
            half(self, &pts[6..])
        );
    }

    fn numbers(&self, pts: &[u8]) -> String {
        pts.iter().map(|p| format!("{p:>3}")).collect()
    }

    /// Whether `p` (in the view's numbering) is the origin or destination of a marked hop.
    fn marked(&self, p: u8) -> bool {
        let d = self.d;
        d.marks
            .iter()
            .any(|h| d.in_view(h.side, h.from) == p || d.in_view(h.side, h.to) == p)
    }

    /// The line of `sym` under (or over) the marked points of `pts`, when there are any.
    fn marks(&self, out: &mut String, pts: &[u8; 12], sym: &str) {
        if !pts.iter().any(|&p| self.marked(p)) {
            return;
        }
        self.halves(out, pts, |t, half| {
            half.iter()
                .map(|&p| {
                    if t.marked(p) {
                        format!("  {sym}")
                    } else {
                        "   ".into()
                    }
                })
                .collect()
        });
        trim_last_line(out);
    }

    /// The board in its frame: the top half with the other side's panel beside it, the
    /// middle line with the cube and whose turn, the bottom half with the view side's panel.
    fn board(&self, out: &mut String) {
        let (g, view) = (self.g, self.d.view);
        let top_panel = self.side_panel(view.other());
        let mut bottom_panel = self.side_panel(view);
        bottom_panel.reverse();
        let _ = writeln!(out, " {}", self.frame(&g.top));
        for r in 0..ROWS {
            self.row(out, &TOP, view, r, top_panel.get(r));
        }
        let mid_label = if self.has_bar { " BAR " } else { "     " };
        let mut line = format!(
            " {}{}{}{mid_label}{}{}{}",
            g.v,
            " ".repeat(19),
            g.v,
            g.v,
            " ".repeat(19),
            g.v
        );
        let middle = self.middle_panel();
        if !middle.is_empty() {
            let _ = write!(line, "   {}", middle.join(" · "));
        }
        push_line(out, &line);
        for r in (0..ROWS).rev() {
            self.row(out, &BOTTOM, view.other(), r, bottom_panel.get(r));
        }
        let _ = writeln!(out, " {}", self.frame(&g.bottom));
    }

    /// Row `r` of the points `pts`, with `bar_side`'s checkers on the bar and a panel line.
    fn row(
        &self,
        out: &mut String,
        pts: &[u8; 12],
        bar_side: Side,
        r: usize,
        panel: Option<&String>,
    ) {
        let (g, d) = (self.g, self.d);
        let mut line = format!(" {}", g.v);
        for (k, p) in pts.iter().enumerate() {
            if k == 6 {
                let bar = if self.has_bar {
                    bar_cell(g, d.position.count(bar_side, BAR), bar_side, r)
                } else {
                    "     ".into()
                };
                let _ = write!(line, " {}{bar}{}", g.v, g.v);
            }
            line.push_str(&cell(g, stack_rows(&d.layers(*p))[r]));
        }
        let _ = write!(line, " {}", g.v);
        if let Some(t) = panel {
            let _ = write!(line, "   {t}");
        }
        push_line(out, &line);
    }

    /// The frame's top or bottom line, with the given corners and joints.
    fn frame(&self, c: &[&str; 4]) -> String {
        let half = self.g.h.repeat(19);
        let barw = self.g.h.repeat(5);
        format!("{}{half}{}{barw}{}{half}{}", c[0], c[1], c[2], c[3])
    }

    /// A side's lines of the panel: who, pips and checkers off (and on the bar), score.
    fn side_panel(&self, s: Side) -> Vec<String> {
        let (g, d) = (self.g, self.d);
        let name = d.name(s);
        let colour = side_word(s);
        let who = if name.is_empty() || name == colour {
            format!("{} {colour}", glyph(g, s))
        } else {
            format!("{} {colour} ({name})", glyph(g, s))
        };
        let mut lines = vec![who];
        let mut l = format!(
            "pips {}  off {}",
            d.position.pips(s),
            d.position.count(s, OFF)
        );
        if self.has_bar && d.position.count(s, BAR) > 0 {
            let _ = write!(l, "  bar {}", d.position.count(s, BAR));
        }
        lines.push(l);
        if let Some((w, b)) = d.score {
            let n = if s == Side::White { w } else { b };
            lines.push(match d.match_length {
                Some(l) if l > 0 => format!("score {n} of {l}"),
                _ => format!("score {n}"),
            });
        }
        lines
    }

    /// The middle line's panel: the cube, the Crawford game, whose turn and the dice.
    fn middle_panel(&self) -> Vec<String> {
        let d = self.d;
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
        middle
    }

    /// The lines under the board: the game and its numbering, the pinned checkers, the IDs,
    /// the written play, the marked hops and the note.
    fn legend(&self, out: &mut String) {
        let (g, d) = (self.g, self.d);
        let view = d.view;
        let _ = writeln!(
            out,
            " {}: points numbered from {}'s side; {} moves {}",
            d.rules.variant().title(),
            side_word(view),
            side_word(view),
            if self.has_bar {
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
    }
}

/// Append `line` without its trailing blanks, and a newline.
fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Settings, random_match};
    use crate::replay::{ActionTrace, Overrides, check};
    use crate::report::diagram::PointStack;
    use crate::rules::{Position, RuleSet, Variant};

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
