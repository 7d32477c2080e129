//! A board as SVG (`convert --to svg`, the boards of the HTML report).
//!
//! The geometry is one function, [`Geometry`]: where each point's checkers stand, seen from
//! one side. The SVG drawn here and the HTML report's viewer (which draws the checkers of
//! every turn in the browser) both place checkers with it, so a board looks the same in both.

use std::fmt::Write as _;

use super::diagram::{BOTTOM, Diagram, Hop, TOP, side_word};
use crate::rules::{BAR, OFF, Side};

/// Width of the SVG.
pub const WIDTH: u32 = 620;
/// Height of the SVG (board and the text lines under it).
pub const HEIGHT: u32 = 540;
const R: f32 = 17.0;
const STEP: f32 = 34.0;
const LEFT: f32 = 20.0;
const TOP_Y: f32 = 30.0;
const BOTTOM_Y: f32 = 410.0;
const POINT_W: f32 = 40.0;
const BAR_W: f32 = 40.0;
/// Checkers drawn per stack; more show their count on the last one.
pub const STACK: u8 = 5;

/// Where a stack stands: the centre of its first checker and the step to the next one.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Slot {
    /// Centre x of the checkers.
    pub x: f32,
    /// Centre y of the first checker.
    pub y: f32,
    /// Change in y from one checker to the next.
    pub dy: f32,
}

/// The board's geometry seen from one side: the view's points 13–24 along the top, 12–1
/// along the bottom, the view's borne-off tray at the bottom right.
pub struct Geometry;

impl Geometry {
    /// Point `p` (1..=24, the view's numbering).
    pub fn point(p: u8) -> Slot {
        let (col, top) = match TOP.iter().position(|&q| q == p) {
            Some(c) => (c, true),
            None => (BOTTOM.iter().position(|&q| q == p).unwrap_or(0), false),
        };
        let x = LEFT + POINT_W / 2.0 + col as f32 * POINT_W + if col >= 6 { BAR_W } else { 0.0 };
        if top {
            Slot {
                x,
                y: TOP_Y + R,
                dy: STEP,
            }
        } else {
            Slot {
                x,
                y: BOTTOM_Y - R,
                dy: -STEP,
            }
        }
    }
    /// The bar: the view's checkers above the middle, the other side's below.
    pub fn bar(view_side: bool) -> Slot {
        let x = LEFT + 6.0 * POINT_W + BAR_W / 2.0;
        let mid = (TOP_Y + BOTTOM_Y) / 2.0;
        if view_side {
            Slot {
                x,
                y: mid - R - 4.0,
                dy: -STEP,
            }
        } else {
            Slot {
                x,
                y: mid + R + 4.0,
                dy: STEP,
            }
        }
    }
    /// The borne-off trays: the view's at the bottom right, the other side's at the top.
    pub fn off(view_side: bool) -> Slot {
        let x = LEFT + 12.0 * POINT_W + BAR_W + 30.0;
        if view_side {
            Slot {
                x,
                y: BOTTOM_Y - 10.0,
                dy: -10.0,
            }
        } else {
            Slot {
                x,
                y: TOP_Y + 10.0,
                dy: 10.0,
            }
        }
    }
    /// A board location of the view (0 off, 1..=24, 25 bar).
    pub fn loc(loc: u8, view_side: bool) -> Slot {
        match loc {
            OFF => Geometry::off(view_side),
            BAR => Geometry::bar(view_side),
            p => Geometry::point(p),
        }
    }
    /// The geometry as JSON for the report's viewer: `point[p]` (index 0 unused), `bar` and
    /// `off` for the view side and the other, each `[x, y, dy]`, and the checker radius.
    pub fn json() -> serde_json::Value {
        let s = |s: Slot| serde_json::json!([s.x, s.y, s.dy]);
        let mut points = vec![serde_json::json!([0, 0, 0])];
        points.extend((1..=24).map(|p| s(Geometry::point(p))));
        serde_json::json!({
            "point": points,
            "bar": [s(Geometry::bar(true)), s(Geometry::bar(false))],
            "off": [s(Geometry::off(true)), s(Geometry::off(false))],
            "r": R,
            "stack": STACK,
        })
    }
}

/// Escape text for HTML and SVG (element content and attribute values).
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The empty board (frame, points, their numbers from the view) as SVG elements.
pub fn frame(out: &mut String, has_bar: bool) {
    let right = LEFT + 12.0 * POINT_W + BAR_W;
    let _ = write!(
        out,
        r##"<rect x="{LEFT}" y="{TOP_Y}" width="{w}" height="{h}" fill="#e9d8b4" stroke="#5a3e1b" stroke-width="3"/>"##,
        w = right - LEFT,
        h = BOTTOM_Y - TOP_Y
    );
    let barx = LEFT + 6.0 * POINT_W;
    let _ = write!(
        out,
        r##"<rect x="{barx}" y="{TOP_Y}" width="{BAR_W}" height="{h}" fill="#7a5a32"/>"##,
        h = BOTTOM_Y - TOP_Y
    );
    if has_bar {
        let _ = write!(
            out,
            r##"<text x="{x}" y="{y}" font-size="10" text-anchor="middle" fill="#e9d8b4">BAR</text>"##,
            x = barx + BAR_W / 2.0,
            y = (TOP_Y + BOTTOM_Y) / 2.0 + 4.0
        );
    }
    let tray = right + 8.0;
    let _ = write!(
        out,
        r##"<rect x="{tray}" y="{TOP_Y}" width="44" height="{h}" fill="#d9c59c" stroke="#5a3e1b"/>"##,
        h = BOTTOM_Y - TOP_Y
    );
    for p in 1..=24u8 {
        let s = Geometry::point(p);
        let base = s.y - R * s.dy.signum();
        let tip = base + 160.0 * s.dy.signum();
        let fill = if p % 2 == 0 { "#a0522d" } else { "#f3ead2" };
        let _ = write!(
            out,
            r##"<polygon points="{x0},{base} {x1},{base} {x},{tip}" fill="{fill}" stroke="#5a3e1b" stroke-width="0.5"/>"##,
            x0 = s.x - POINT_W / 2.0 + 1.0,
            x1 = s.x + POINT_W / 2.0 - 1.0,
            x = s.x,
        );
        let ly = if s.dy > 0.0 {
            TOP_Y - 8.0
        } else {
            BOTTOM_Y + 18.0
        };
        let _ = write!(
            out,
            r##"<text x="{x}" y="{ly}" font-size="13" text-anchor="middle" fill="#333">{p}</text>"##,
            x = s.x
        );
    }
}

fn fill(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::White => ("#fbf8ef", "#222"),
        Side::Black => ("#262626", "#f2f2f2"),
    }
}

/// One stack of `n` checkers of `side` at `slot`, grouped with its side, place and count.
pub fn stack(out: &mut String, slot: Slot, side: Side, n: u8, place: &str) {
    if n == 0 {
        return;
    }
    let (bg, fg) = fill(side);
    let _ = write!(
        out,
        r#"<g class="stack" data-side="{}" data-place="{place}" data-n="{n}">"#,
        side.name()
    );
    if place == "off" {
        for k in 0..n {
            let y = slot.y + k as f32 * slot.dy;
            let _ = write!(
                out,
                r##"<rect x="{x}" y="{y}" width="36" height="8" rx="2" fill="{bg}" stroke="#555"/>"##,
                x = slot.x - 18.0,
                y = y - 4.0
            );
        }
    } else {
        let shown = n.min(STACK);
        for k in 0..shown {
            let y = slot.y + k as f32 * slot.dy;
            let _ = write!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="{r}" fill="{bg}" stroke="#555" stroke-width="1.5"/>"##,
                x = slot.x,
                r = R - 1.0
            );
        }
        if n > STACK {
            let y = slot.y + (STACK - 1) as f32 * slot.dy + 5.0;
            let _ = write!(
                out,
                r#"<text x="{x}" y="{y}" font-size="15" font-weight="bold" text-anchor="middle" fill="{fg}">{n}</text>"#,
                x = slot.x
            );
        }
    }
    out.push_str("</g>");
}

fn arrow(out: &mut String, d: &Diagram, h: Hop, class: &str, colour: &str, width: f32) {
    let view_side = h.side == d.view;
    let from = d.in_view(h.side, h.from);
    let to = d.in_view(h.side, h.to);
    let n_from = if from == BAR || from == OFF {
        d.position.count(h.side, h.from)
    } else {
        let s = d.stack(from);
        s.own + s.other
    };
    let a = Geometry::loc(from, view_side);
    let b = Geometry::loc(to, view_side);
    let ka = n_from.clamp(1, STACK) as f32 - 1.0;
    let (x1, y1) = (a.x, a.y + ka * a.dy);
    let (x2, y2) = (b.x, b.y);
    let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0 - 30.0);
    let _ = write!(
        out,
        r#"<path class="{class}" d="M{x1},{y1} Q{mx},{my} {x2},{y2}" fill="none" stroke="{colour}" stroke-width="{width}" marker-end="url(#head-{class})"/>"#
    );
}

/// The diagram as a standalone SVG document: the board seen from the diagram's view, the
/// checkers, the written play's marked hop and the alternative as arrows, and text lines
/// under the board (title, players, pips, cube, dice, IDs).
pub fn svg(d: &Diagram) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" role="img"><title>{}</title>"#,
        esc(&d.title)
    );
    out.push_str(r##"<defs><marker id="head-mark" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker><marker id="head-written" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e59866"/></marker><marker id="head-alt" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1e8449"/></marker></defs>"##);
    out.push_str(r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    board_elements(&mut out, d);
    for h in &d.alternative {
        arrow(&mut out, d, *h, "alt", "#1e8449", 3.0);
    }
    for h in d.written.iter().filter(|h| !d.marks.contains(h)) {
        arrow(&mut out, d, *h, "written", "#e59866", 2.0);
    }
    for h in &d.marks {
        arrow(&mut out, d, *h, "mark", "#c0392b", 3.5);
    }
    let mut y = BOTTOM_Y + 42.0;
    for line in caption(d) {
        let _ = write!(
            out,
            r##"<text x="{LEFT}" y="{y}" font-size="13" fill="#222">{}</text>"##,
            esc(&line)
        );
        y += 17.0;
    }
    out.push_str("</svg>");
    out
}

/// The frame and the checkers of a diagram (no arrows, no caption).
pub fn board_elements(out: &mut String, d: &Diagram) {
    frame(out, d.rules.hits());
    let view = d.view;
    let other = view.other();
    for p in 1..=24u8 {
        // A pinned checker lies at the edge, under its pinners.
        let [(under, n_under), (over, n_over)] = d.layers(p);
        let slot = Geometry::point(p);
        stack(out, slot, under, n_under, &p.to_string());
        let shift = n_under.min(STACK) as f32;
        let slot2 = Slot {
            y: slot.y + shift * slot.dy,
            ..slot
        };
        stack(out, slot2, over, n_over, &p.to_string());
    }
    for (side, here) in [(view, true), (other, false)] {
        for (slot, place, name) in [
            (Geometry::bar(here), BAR, "bar"),
            (Geometry::off(here), OFF, "off"),
        ] {
            stack(out, slot, side, d.position.count(side, place), name);
        }
    }
}

/// The text lines under a board.
pub fn caption(d: &Diagram) -> Vec<String> {
    let mut lines = Vec::new();
    if !d.title.is_empty() {
        lines.push(d.title.clone());
    }
    let who = |s: Side| {
        format!(
            "{} {}: pips {}, off {}",
            side_word(s),
            d.name(s),
            d.position.pips(s),
            d.position.count(s, OFF)
        )
    };
    let mut l = format!("{} · {}", who(Side::White), who(Side::Black));
    if let Some((w, b)) = d.score {
        let _ = write!(l, " · score {w}–{b}");
        if let Some(m) = d.match_length.filter(|&m| m > 0) {
            let _ = write!(l, " of {m}");
        }
    }
    lines.push(l);
    let mut l = String::new();
    if d.has_cube() {
        let _ = match d.cube {
            (c, None) => write!(l, "cube {c}, centred"),
            (c, Some(o)) => write!(l, "cube {c}, {}'s", side_word(o)),
        };
    }
    if d.crawford {
        l.push_str(" · Crawford");
    }
    match (d.to_move, d.dice) {
        (Some(s), Some((a, b))) => {
            let _ = write!(l, " · {} to play {a}-{b}", side_word(s));
        }
        (Some(s), None) => {
            let _ = write!(l, " · {} on roll", side_word(s));
        }
        _ => {}
    }
    if let Some(p) = &d.play {
        let _ = write!(l, " · written: {p}");
    }
    lines.push(l.trim_start_matches(" · ").to_string());
    if let Some((pid, mid, x)) = d.ids() {
        lines.push(format!("Position ID {pid} · Match ID {mid}"));
        lines.push(x);
    }
    lines
}
