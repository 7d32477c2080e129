//! The match document as one line of JSON (`tavla convert --to jsonl`), written straight
//! from the verdict: byte for byte what `serde_json` writes of [`json::match_doc`], at a
//! fraction of its cost.
//!
//! The frame of the document — header, players, every game but its actions, the verdict,
//! analyses, annotations, clock, signatures — is the typed document itself, built and
//! serialized by `serde_json` (it is a few hundred bytes a game). The actions, which are
//! nearly all of it (every turn's stages, steps and positions before and after: about
//! eighteen bytes written for a byte read), are written into the places the frame leaves for
//! them by hand: keys and fixed text pre-escaped, numbers through `itoa`, strings escaped as
//! `serde_json` escapes them, no document in between. An analysis, rare, is still the typed
//! document serialized. `tests/formats/jsonl.rs` compares the two writers on every fixture.

use crate::ids::ogid::PlyOgids;
use crate::ids::{gnubg, push_uint as uint};
use crate::notation::{CellBody, Column, ResignLevel, Stage, StageKind, TurnStages};
use crate::record::Game;
use crate::replay::{ActionTrace, GameTrace, StageTrace, Verdict};
use crate::report::json::{self, analysis_doc, match_cube, write_written};
use crate::rules::{BAR, OFF, Position, RuleSet, Side};

/// Append the document of `v` ([`json::match_doc`] with `with_source` on `source`) to `out`
/// as compact JSON, what `serde_json::to_writer` writes of it (no line feed).
///
/// ```
/// let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 64: 24/18 13/9    65: 24/13\n";
/// let v = tavla::replay::check(tavla::notation::read(text), &Default::default());
/// let mut line = Vec::new();
/// tavla::report::jsonl::write_match(&v, false, text, &mut line);
/// let doc = tavla::report::json::match_doc(&v, false, text);
/// assert_eq!(line, serde_json::to_vec(&doc).unwrap());
/// ```
pub fn write_match(v: &Verdict, with_source: bool, source: &str, out: &mut Vec<u8>) {
    /// Where a game's actions go in the frame: its `actions` key is never its first, and no
    /// `,"` is inside a string (a quote there is escaped), so this is only ever that key.
    const HOLE: &[u8] = b",\"actions\":[]";
    let frame = json::match_doc_with(v, with_source, source, false);
    let mut bytes = Vec::with_capacity(512 + 256 * v.record.games.len());
    let holes: Vec<usize> = match serde_json::to_writer(&mut bytes, &frame) {
        Ok(()) => memchr::memmem::find_iter(&bytes, HOLE).collect(),
        Err(_) => Vec::new(),
    };
    if holes.len() != v.record.games.len() {
        // Not the frame expected (it cannot happen): the document as it is.
        let _ = serde_json::to_writer(out, &json::match_doc(v, with_source, source));
        return;
    }
    let mut w = Writer::new(v, with_source, source);
    let mut at = 0;
    for (gi, hole) in holes.into_iter().enumerate() {
        // Up to the list's closing bracket.
        let close = hole + HOLE.len() - 1;
        out.extend_from_slice(&bytes[at..close]);
        w.actions(gi, out);
        at = close;
    }
    out.extend_from_slice(&bytes[at..]);
}

/// What writing the actions of a match needs beyond the verdict.
struct Writer<'a> {
    v: &'a Verdict,
    with_source: bool,
    source: &'a str,
    /// Each game's OGIDs, one entry per action.
    ogids: Vec<Vec<Option<PlyOgids>>>,
    /// The offsets of the findings continued from a play made at the board.
    made_at_board: Vec<usize>,
    /// A stage's play as written, reused.
    play: Vec<u8>,
}

impl<'a> Writer<'a> {
    fn new(v: &'a Verdict, with_source: bool, source: &'a str) -> Self {
        Writer {
            v,
            with_source,
            source,
            ogids: super::ogid::match_ogids(v),
            made_at_board: super::json::made_at_board(v),
            play: Vec::new(),
        }
    }

    /// The actions of game `gi`, comma-separated (the list's brackets are the frame's).
    fn actions(&mut self, gi: usize, out: &mut Vec<u8>) {
        let v = self.v;
        let Some(g) = v.record.games.get(gi) else {
            return;
        };
        let trace = v.games.get(gi);
        // The game's own rules (a rotating match changes them from game to game).
        let rules = trace.map(|t| t.rules).or(v.rules);
        let opposite = json::opposite(rules.as_ref());
        let mut opp = [0u8; 25];
        for (p, o) in opp.iter_mut().enumerate().skip(1) {
            *o = opposite(p as u8);
        }
        let game = GameCtx {
            gi,
            g,
            trace,
            rules,
            opp,
        };
        for (ai, a) in g.actions.iter().enumerate() {
            if ai > 0 {
                out.push(b',');
            }
            self.action(&game, ai, a, out);
        }
    }

    /// One action: its type, what every action carries, and its own fields.
    fn action(
        &mut self,
        game: &GameCtx<'_>,
        ai: usize,
        a: &crate::record::Action,
        out: &mut Vec<u8>,
    ) {
        let t = game.trace.and_then(|t| t.actions.get(ai));
        let side = match (t, a.cell.column) {
            // Backgammon Galaxy's unindented `Losses` line: the replay knows the loser.
            (Some(ActionTrace::Result { side, .. }), _) => *side,
            (_, Column::Left) => Side::White,
            (_, Column::Right) => Side::Black,
        };
        out.extend_from_slice(match &a.cell.body {
            CellBody::Turn { .. } => b"{\"type\":\"turn\",\"line\":",
            CellBody::Double { .. } => b"{\"type\":\"double\",\"line\":",
            CellBody::Beaver { .. } => b"{\"type\":\"beaver\",\"line\":",
            CellBody::Raccoon { .. } => b"{\"type\":\"raccoon\",\"line\":",
            CellBody::Take => b"{\"type\":\"take\",\"line\":",
            CellBody::Drop => b"{\"type\":\"drop\",\"line\":",
            CellBody::Wins { .. } => b"{\"type\":\"wins\",\"line\":",
            CellBody::Losses { .. } => b"{\"type\":\"losses\",\"line\":",
            CellBody::Draw => b"{\"type\":\"draw\",\"line\":",
            CellBody::Resign { .. } => b"{\"type\":\"resign\",\"line\":",
        });
        uint(out, a.line as u64);
        out.extend_from_slice(match side {
            Side::White => b",\"player\":\"white\",\"checked\":",
            Side::Black => b",\"player\":\"black\",\"checked\":",
        });
        let checked = !matches!(t, Some(ActionTrace::Unchecked { .. }) | None);
        out.extend_from_slice(if checked { b"true" } else { b"false" });
        self.base_rest(game, ai, a, side, out);
        match &a.cell.body {
            CellBody::Turn { stages } => {
                let stages = stages.split(&self.v.record.stages);
                self.turn(game, a, side, &stages, t, out);
            }
            CellBody::Double { value, .. }
            | CellBody::Beaver { value, .. }
            | CellBody::Raccoon { value, .. } => {
                out.extend_from_slice(b",\"value\":");
                uint(out, *value);
            }
            CellBody::Wins {
                points, and_match, ..
            } => {
                out.extend_from_slice(b",\"points\":");
                uint(out, *points);
                out.extend_from_slice(if *and_match {
                    b",\"and_match\":true"
                } else {
                    b",\"and_match\":false"
                });
            }
            CellBody::Losses { points, .. } => {
                out.extend_from_slice(b",\"points\":");
                uint(out, *points);
            }
            CellBody::Resign { level } => {
                if let Some(l) = level {
                    out.extend_from_slice(match l {
                        ResignLevel::Game => b",\"level\":\"game\"",
                        ResignLevel::Gammon => b",\"level\":\"gammon\"",
                        ResignLevel::Backgammon => b",\"level\":\"backgammon\"",
                        ResignLevel::Match => b",\"level\":\"match\"",
                    });
                }
            }
            CellBody::Take | CellBody::Drop | CellBody::Draw => {}
        }
        out.push(b'}');
    }

    /// What every action carries after `checked`: its span and source (`--with-source`),
    /// comment, analysis and OGID, each where present.
    fn base_rest(
        &mut self,
        game: &GameCtx<'_>,
        ai: usize,
        a: &crate::record::Action,
        side: Side,
        out: &mut Vec<u8>,
    ) {
        if self.with_source {
            let span = a.cell.span;
            out.extend_from_slice(b",\"span\":{\"offset\":");
            uint(out, span.offset as u64);
            out.extend_from_slice(b",\"len\":");
            uint(out, span.len as u64);
            out.extend_from_slice(b"},\"source\":");
            string(out, self.source.get(span.offset..span.end()).unwrap_or(""));
        }
        if let Some(c) = &a.comment {
            out.extend_from_slice(b",\"comment\":");
            string(out, c);
        }
        if let Some(x) = a.analysis.as_deref() {
            let m = x
                .cube
                .as_ref()
                .and_then(|_| match_cube(self.v, game.gi, ai, side));
            out.extend_from_slice(b",\"analysis\":");
            let _ = serde_json::to_writer(&mut *out, &analysis_doc(x, &a.cell.body, m.as_ref()));
        }
        let ogid = self
            .ogids
            .get(game.gi)
            .and_then(|g| g.get(ai))
            .and_then(|p| p.as_ref());
        if let Some(p) = ogid {
            out.extend_from_slice(b",\"ogid\":\"");
            p.before.write_bytes(out);
            out.push(b'"');
        }
    }

    /// A turn's own fields: dice, received stages, stages, the position after it, its gnubg
    /// IDs, whether it was made at the board.
    fn turn(
        &mut self,
        game: &GameCtx<'_>,
        a: &crate::record::Action,
        side: Side,
        stages: &TurnStages<'_>,
        t: Option<&ActionTrace>,
        out: &mut Vec<u8>,
    ) {
        let parts = t.and_then(ActionTrace::turn_parts);
        let (rt, st, position) = (parts.map(|p| p.0), parts.map(|p| p.1), parts.map(|p| p.2));
        if let Some(r) = stages.roll {
            out.extend_from_slice(b",\"dice\":[");
            uint(out, u64::from(r.a));
            out.push(b',');
            uint(out, u64::from(r.b));
            out.push(b']');
        }
        out.extend_from_slice(b",\"received\":[");
        for (k, s) in stages.received.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            self.stage(s, rt.and_then(|r| r.get(k)), out);
        }
        out.extend_from_slice(b"],\"stages\":[");
        for (k, s) in stages.roll.into_iter().chain(stages.chain).enumerate() {
            if k > 0 {
                out.push(b',');
            }
            self.stage(s, st.and_then(|r| r.get(k)), out);
        }
        out.push(b']');
        if let Some(p) = position {
            out.extend_from_slice(b",\"position\":");
            self.position(p, &game.opp, out);
        }
        if let (
            Some(rules),
            Some(ActionTrace::Turn {
                before,
                cube,
                roll: Some(dice),
                ..
            }),
        ) = (game.rules.as_ref().filter(|r| r.backgammon_board()), t)
        {
            let v = self.v;
            let score = game
                .g
                .score
                .as_ref()
                .map(|(l, r)| (l.score, r.score))
                .unwrap_or((0, 0));
            let state = gnubg::MatchState {
                cube: cube.0,
                owner: cube.1,
                on_roll: side,
                crawford: game.trace.is_some_and(|t| t.crawford),
                dice: *dice,
                length: v.record.length.map(|l| l.0).unwrap_or(0),
                score,
                crawford_rule: rules.cube().crawford && v.record.length.is_some_and(|l| l.0 > 0),
            };
            out.extend_from_slice(b",\"position_id\":\"");
            gnubg::write_position_id(before, side, out);
            out.extend_from_slice(b"\",\"match_id\":\"");
            gnubg::write_match_id(&state, out);
            out.push(b'"');
        }
        let cell = a.cell.span;
        if self
            .made_at_board
            .iter()
            .any(|&o| cell.offset <= o && o < cell.end())
        {
            out.extend_from_slice(b",\"made_at_board\":true");
        }
    }

    /// A stage: its kind, dice and play as written, and as replayed the steps it offered and
    /// those taken.
    fn stage(&mut self, s: &Stage, trace: Option<&StageTrace>, out: &mut Vec<u8>) {
        out.extend_from_slice(match s.kind {
            StageKind::Received => b"{\"kind\":\"received\",\"dice\":[",
            StageKind::Roll => b"{\"kind\":\"roll\",\"dice\":[",
            StageKind::Chain => b"{\"kind\":\"chain\",\"dice\":[",
        });
        uint(out, u64::from(s.a));
        if s.a != s.b {
            out.push(b',');
            uint(out, u64::from(s.b));
        }
        out.extend_from_slice(b"],\"play\":");
        self.play.clear();
        write_written(&s.moves, &self.v.record.steps, self.source, &mut self.play);
        string(out, &self.play);
        if let Some(t) = trace {
            out.extend_from_slice(b",\"available\":");
            uint(out, u64::from(t.available));
            out.extend_from_slice(b",\"steps\":");
            for (k, st) in t.steps.iter().enumerate() {
                let at = out.len();
                match (FROM.get(usize::from(st.from)), TO.get(usize::from(st.to))) {
                    (Some(from), Some(to)) if (1..=6).contains(&st.die) => {
                        from.put(out);
                        to.put(out);
                        DIE_HIT[usize::from(st.die)][usize::from(st.hit)].put(out);
                    }
                    _ => {
                        out.extend_from_slice(b",{\"from\":");
                        uint(out, u64::from(st.from));
                        out.extend_from_slice(b",\"to\":");
                        uint(out, u64::from(st.to));
                        out.extend_from_slice(b",\"die\":");
                        uint(out, u64::from(st.die));
                        out.extend_from_slice(if st.hit {
                            b",\"hit\":true}"
                        } else {
                            b",\"hit\":false}"
                        });
                    }
                }
                // The list opens before the first step.
                out[at] = if k == 0 { b'[' } else { b',' };
            }
            if t.steps.is_empty() {
                out.push(b'[');
            }
            out.push(b']');
        }
        out.push(b'}');
    }

    /// A position ([`json::position_doc`]): each side's points in its own numbering, the
    /// checkers off and on the bar, and the board in White's numbering (`opp`: a point of
    /// White's in Black's numbering).
    fn position(&mut self, pos: &Position, opp: &[u8; 25], out: &mut Vec<u8>) {
        let white = &pos.c[Side::White.index()];
        let black = &pos.c[Side::Black.index()];
        out.extend_from_slice(b"{\"white\":");
        point_map(out, white);
        out.extend_from_slice(b",\"black\":");
        point_map(out, black);
        out.extend_from_slice(b",\"white_off\":");
        uint(out, u64::from(white[usize::from(OFF)]));
        out.extend_from_slice(b",\"black_off\":");
        uint(out, u64::from(black[usize::from(OFF)]));
        out.extend_from_slice(b",\"white_bar\":");
        uint(out, u64::from(white[usize::from(BAR)]));
        out.extend_from_slice(b",\"black_bar\":");
        uint(out, u64::from(black[usize::from(BAR)]));
        out.extend_from_slice(b",\"board\":");
        let pinned = pos.pins != [0, 0];
        let mut first = true;
        // The points either side holds, as bits (White's numbering), then only those.
        let mut held = 0u32;
        for p in 1..=24usize {
            let b = black.get(usize::from(opp[p])).copied().unwrap_or(0);
            held |= u32::from(white[p] | b != 0) << p;
        }
        out.reserve(24 * 24 + 4);
        while held != 0 {
            let p = held.trailing_zeros() as u8;
            held &= held - 1;
            let o = opp[usize::from(p)];
            let w = white[usize::from(p)];
            let b = black.get(usize::from(o)).copied().unwrap_or(0);
            let at = out.len();
            match (w, b) {
                (1..=15, 0) if !pinned => BOARD[0][usize::from(p)][usize::from(w)].put(out),
                (0, 1..=15) if !pinned => BOARD[1][usize::from(p)][usize::from(b)].put(out),
                _ => {
                    out.extend_from_slice(b",{\"point\":");
                    uint(out, u64::from(p));
                    if w > 0 {
                        out.extend_from_slice(b",\"white\":");
                        uint(out, u64::from(w));
                    }
                    if b > 0 {
                        out.extend_from_slice(b",\"black\":");
                        uint(out, u64::from(b));
                    }
                    if pos.pinned(Side::White, p) {
                        out.extend_from_slice(b",\"pinned\":\"white\"");
                    } else if pos.pinned(Side::Black, o) {
                        out.extend_from_slice(b",\"pinned\":\"black\"");
                    }
                    out.push(b'}');
                }
            }
            // The list opens before the first point.
            if first {
                out[at] = b'[';
                first = false;
            }
        }
        if first {
            out.push(b'[');
        }
        out.extend_from_slice(b"]}");
    }
}

/// One side's checkers on its points 1–24 as a map (`{"6":5,"13":5}`, `{}` for none).
fn point_map(out: &mut Vec<u8>, counts: &[u8; 26]) {
    // The occupied points as bits, then only those: most of a side's 24 points are empty.
    let mut occupied = 0u32;
    for (p, &c) in counts[..25].iter().enumerate() {
        occupied |= u32::from(c != 0) << p;
    }
    occupied &= !1;
    if occupied == 0 {
        out.extend_from_slice(b"{}");
        return;
    }
    out.reserve(24 * 8 + 2);
    let start = out.len();
    while occupied != 0 {
        let p = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        let c = counts[p];
        match POINTS[p].get(usize::from(c)) {
            Some(f) => f.put(out),
            None => {
                out.extend_from_slice(b",\"");
                uint(out, p as u64);
                out.extend_from_slice(b"\":");
                uint(out, u64::from(c));
            }
        }
    }
    // The map opens where the first point's comma is.
    out[start] = b'{';
    out.push(b'}');
}

/// A piece of JSON of at most `N` bytes, stored in `N` bytes: it is appended by copying all
/// `N` (a copy of a size known when compiling, without a call) and cutting what is beyond
/// its length.
#[derive(Copy, Clone)]
struct Frag<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Frag<N> {
    const EMPTY: Self = Frag {
        bytes: [0; N],
        len: 0,
    };

    const fn text(mut self, s: &[u8]) -> Self {
        let mut i = 0;
        while i < s.len() {
            self.bytes[self.len] = s[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// `n` (below 100) in decimal.
    const fn num(mut self, n: usize) -> Self {
        if n >= 10 {
            self.bytes[self.len] = b'0' + (n / 10) as u8;
            self.len += 1;
        }
        self.bytes[self.len] = b'0' + (n % 10) as u8;
        self.len += 1;
        self
    }

    #[inline(always)]
    fn put(&self, out: &mut Vec<u8>) {
        let at = out.len();
        out.extend_from_slice(&self.bytes);
        out.truncate(at + self.len);
    }
}

/// `,"p":c`: point `p` (1–24) holding `c` checkers (1–15), in a side's map.
static POINTS: [[Frag<8>; 16]; 25] = {
    let mut t = [[Frag::EMPTY; 16]; 25];
    let mut p = 1;
    while p <= 24 {
        let mut c = 1;
        while c <= 15 {
            t[p][c] = Frag::EMPTY.text(b",\"").num(p).text(b"\":").num(c);
            c += 1;
        }
        p += 1;
    }
    t
};

/// `,{"point":p,"white":c}` (`[0]`) and `,{"point":p,"black":c}` (`[1]`): point `p` (1–24)
/// of the board holding `c` checkers (1–15) of one side only, none pinned.
static BOARD: [[[Frag<24>; 16]; 25]; 2] = {
    let mut t = [[[Frag::EMPTY; 16]; 25]; 2];
    let mut p = 1;
    while p <= 24 {
        let mut c = 1;
        while c <= 15 {
            let point = Frag::EMPTY.text(b",{\"point\":").num(p);
            t[0][p][c] = point.text(b",\"white\":").num(c).text(b"}");
            t[1][p][c] = point.text(b",\"black\":").num(c).text(b"}");
            c += 1;
        }
        p += 1;
    }
    t
};

/// `,{"from":f` for a step from point `f` (0–25).
static FROM: [Frag<12>; 26] = {
    let mut t = [Frag::EMPTY; 26];
    let mut f = 0;
    while f <= 25 {
        t[f] = Frag::EMPTY.text(b",{\"from\":").num(f);
        f += 1;
    }
    t
};

/// `,"to":t` for a step to point `t` (0–25).
static TO: [Frag<8>; 26] = {
    let mut t = [Frag::EMPTY; 26];
    let mut p = 0;
    while p <= 25 {
        t[p] = Frag::EMPTY.text(b",\"to\":").num(p);
        p += 1;
    }
    t
};

/// `,"die":d,"hit":false}` (`[d][0]`) and `,"die":d,"hit":true}` (`[d][1]`), dice 1–6.
static DIE_HIT: [[Frag<24>; 2]; 7] = {
    let mut t = [[Frag::EMPTY; 2]; 7];
    let mut d = 1;
    while d <= 6 {
        t[d][0] = Frag::EMPTY
            .text(b",\"die\":")
            .num(d)
            .text(b",\"hit\":false}");
        t[d][1] = Frag::EMPTY
            .text(b",\"die\":")
            .num(d)
            .text(b",\"hit\":true}");
        d += 1;
    }
    t
};

/// A game being written.
struct GameCtx<'a> {
    gi: usize,
    g: &'a Game,
    trace: Option<&'a GameTrace>,
    rules: Option<RuleSet>,
    /// Each point of White's (1–24) in Black's numbering.
    opp: [u8; 25],
}

/// `s` as a JSON string, escaped as `serde_json` escapes it: `"` and `\` with a backslash,
/// the control characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`, the rest as it is.
fn string(out: &mut Vec<u8>, s: impl AsRef<[u8]>) {
    out.push(b'"');
    let bytes = s.as_ref();
    let special = |b: u8| b < 0x20 || b == b'"' || b == b'\\';
    if !bytes.iter().fold(false, |any, &b| any | special(b)) {
        // Nothing to escape, as in nearly every string of a record.
        out.extend_from_slice(bytes);
        out.push(b'"');
        return;
    }
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let esc: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            0x0c => b"\\f",
            b'\r' => b"\\r",
            0..=0x1f => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(&bytes[start..i]);
                out.extend_from_slice(&[
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(b >> 4)],
                    HEX[usize::from(b & 15)],
                ]);
                start = i + 1;
                continue;
            }
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        out.extend_from_slice(esc);
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}
