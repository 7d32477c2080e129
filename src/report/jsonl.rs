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
//! document serialized. `tests/jsonl.rs` compares the two writers on every fixture.

use crate::ids::gnubg;
use crate::ids::ogid::PlyOgids;
use crate::notation::{CellBody, Column, ResignLevel, Stage, StageKind, TurnStages};
use crate::record::Game;
use crate::replay::{ActionTrace, Continued, GameTrace, StageTrace, Verdict};
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
    play: String,
}

impl<'a> Writer<'a> {
    fn new(v: &'a Verdict, with_source: bool, source: &'a str) -> Self {
        Writer {
            v,
            with_source,
            source,
            ogids: super::ogid::match_ogids(v),
            made_at_board: v
                .findings
                .iter()
                .filter(|f| {
                    matches!(
                        f.continued,
                        Some(Continued::AsWritten | Continued::StoredPosition)
                    )
                })
                .map(|f| f.span.offset)
                .collect(),
            play: String::new(),
        }
    }

    fn uint(&mut self, out: &mut Vec<u8>, n: u64) {
        crate::ids::push_uint(out, n);
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
        self.uint(out, a.line as u64);
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
                self.uint(out, *value);
            }
            CellBody::Wins {
                points, and_match, ..
            } => {
                out.extend_from_slice(b",\"points\":");
                self.uint(out, *points);
                out.extend_from_slice(if *and_match {
                    b",\"and_match\":true"
                } else {
                    b",\"and_match\":false"
                });
            }
            CellBody::Losses { points, .. } => {
                out.extend_from_slice(b",\"points\":");
                self.uint(out, *points);
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
            self.uint(out, span.offset as u64);
            out.extend_from_slice(b",\"len\":");
            self.uint(out, span.len as u64);
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
        let (rt, st, position) = match t {
            Some(ActionTrace::Turn {
                received,
                stages,
                position,
                ..
            }) => (Some(received), Some(stages), Some(position)),
            _ => (None, None, None),
        };
        if let Some(r) = stages.roll {
            out.extend_from_slice(b",\"dice\":[");
            self.uint(out, u64::from(r.a));
            out.push(b',');
            self.uint(out, u64::from(r.b));
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
            out.extend_from_slice(gnubg::position_id(before, side).as_bytes());
            out.extend_from_slice(b"\",\"match_id\":\"");
            out.extend_from_slice(gnubg::match_id(&state).as_bytes());
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
        self.uint(out, u64::from(s.a));
        if s.a != s.b {
            out.push(b',');
            self.uint(out, u64::from(s.b));
        }
        out.extend_from_slice(b"],\"play\":");
        self.play.clear();
        write_written(&s.moves, &self.v.record.steps, self.source, &mut self.play);
        string(out, &self.play);
        if let Some(t) = trace {
            out.extend_from_slice(b",\"available\":");
            self.uint(out, u64::from(t.available));
            out.extend_from_slice(b",\"steps\":[");
            for (k, st) in t.steps.iter().enumerate() {
                if k > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(b"{\"from\":");
                self.uint(out, u64::from(st.from));
                out.extend_from_slice(b",\"to\":");
                self.uint(out, u64::from(st.to));
                out.extend_from_slice(b",\"die\":");
                self.uint(out, u64::from(st.die));
                out.extend_from_slice(if st.hit {
                    b",\"hit\":true}"
                } else {
                    b",\"hit\":false}"
                });
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
        for (key, counts) in [(&b"{\"white\":{"[..], white), (b"},\"black\":{", black)] {
            out.extend_from_slice(key);
            let mut first = true;
            for (p, &c) in counts.iter().enumerate().take(25).skip(1) {
                if c > 0 {
                    if !first {
                        out.push(b',');
                    }
                    first = false;
                    out.extend_from_slice(POINT_KEYS[p]);
                    self.uint(out, u64::from(c));
                }
            }
        }
        out.extend_from_slice(b"},\"white_off\":");
        self.uint(out, u64::from(white[usize::from(OFF)]));
        out.extend_from_slice(b",\"black_off\":");
        self.uint(out, u64::from(black[usize::from(OFF)]));
        out.extend_from_slice(b",\"white_bar\":");
        self.uint(out, u64::from(white[usize::from(BAR)]));
        out.extend_from_slice(b",\"black_bar\":");
        self.uint(out, u64::from(black[usize::from(BAR)]));
        out.extend_from_slice(b",\"board\":[");
        let mut first = true;
        for p in 1..=24u8 {
            let o = opp[usize::from(p)];
            let w = white[usize::from(p)];
            let b = black.get(usize::from(o)).copied().unwrap_or(0);
            if w == 0 && b == 0 {
                continue;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            out.extend_from_slice(b"{\"point\":");
            self.uint(out, u64::from(p));
            if w > 0 {
                out.extend_from_slice(b",\"white\":");
                self.uint(out, u64::from(w));
            }
            if b > 0 {
                out.extend_from_slice(b",\"black\":");
                self.uint(out, u64::from(b));
            }
            if pos.pinned(Side::White, p) {
                out.extend_from_slice(b",\"pinned\":\"white\"");
            } else if pos.pinned(Side::Black, o) {
                out.extend_from_slice(b",\"pinned\":\"black\"");
            }
            out.push(b'}');
        }
        out.extend_from_slice(b"]}");
    }
}

/// A game being written.
struct GameCtx<'a> {
    gi: usize,
    g: &'a Game,
    trace: Option<&'a GameTrace>,
    rules: Option<RuleSet>,
    /// Each point of White's (1–24) in Black's numbering.
    opp: [u8; 25],
}

/// The keys `"1":`–`"24":` of a side's points.
const POINT_KEYS: [&[u8]; 25] = [
    b"\"0\":", b"\"1\":", b"\"2\":", b"\"3\":", b"\"4\":", b"\"5\":", b"\"6\":", b"\"7\":",
    b"\"8\":", b"\"9\":", b"\"10\":", b"\"11\":", b"\"12\":", b"\"13\":", b"\"14\":", b"\"15\":",
    b"\"16\":", b"\"17\":", b"\"18\":", b"\"19\":", b"\"20\":", b"\"21\":", b"\"22\":", b"\"23\":",
    b"\"24\":",
];

/// `s` as a JSON string, escaped as `serde_json` escapes it: `"` and `\` with a backslash,
/// the control characters as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`, the rest as it is.
fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let bytes = s.as_bytes();
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
