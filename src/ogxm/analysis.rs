//! OGXM v2's analysis, annotations and clock: the `ANAL` and `DECS` sections of each analysis
//! block, the `ANNO` annotations and the `CLCK` clock, read into what the record carries.
//!
//! An analysis block is an `ANAL` record (its 16-byte `analysis_id`, then by its presence mask
//! the `match_digest`, producer, level, completeness, coverage, model, engine build, currency,
//! cube efficiency, match equity table, tables, dials, times and sources) and the `DECS`
//! section after it: one framed record per decision, its `ply_ref` (the ply's ordinal in the
//! whole match) and kind first — a checker play (0: the candidates, each with its steps,
//! equity, probabilities, level and whether it was played), a cube decision (1: the verdict,
//! the no double, double/take and double/pass figures, probabilities, loss, level, currency),
//! a resignation (2), the luck of a roll (3). Equities are i32 millionths, losses u32
//! millionths, probabilities u16 ten-thousandths. A level states only what differs from the
//! tier above it (block, decision, candidate).
//!
//! The first block is the primary: each ply's [`Analysis`] is its decisions on that ply (the
//! candidates in the mover's own numbering, the candidate equal to the play made, the cube
//! figures, the luck), and a ply's comment is the prose of the `ANNO` records on it. What no
//! entry carries — the other blocks, a resignation's analysis, every annotation, the clock's
//! readings — is kept as the match's [`Extras`](crate::record::Extras), each at its place.
//!
//! Every length is compared with the bytes left first. A damaged record is a located finding
//! (`tavla::ogxm::bad-record`, a warning: the match is still read): a record whose fields do not
//! read is set aside, and one whose own length does not frame ends its section.

use super::GameIn;
use super::bytes::{Cursor, Short, bit};
use super::plies::{Action, Ply};
use super::sections::{Problem, Section};
use crate::codes::Code;
use crate::notation::Span;
use crate::record::extras::{
    AnalysisBlock, Annotation, BlockDecision, Clock, Drawing, Extras as RecordExtras, Place,
    ResignAnalysis,
};
use crate::record::{Analysis, Candidate, CubeAnalysis};

/// Decision kinds.
pub const CHECKER: u64 = 0;
pub const CUBE: u64 = 1;
pub const RESIGN: u64 = 2;
pub const ROLL: u64 = 3;

/// Block currencies.
pub const CUBELESS: u64 = 0;
pub const CUBEFUL_MONEY: u64 = 1;
pub const CUBEFUL_MATCH: u64 = 2;

/// Annotation scopes.
pub const SCOPE_MATCH: u64 = 0;
pub const SCOPE_GAME: u64 = 1;
pub const SCOPE_PLY: u64 = 2;
pub const SCOPE_DECISION: u64 = 3;
pub const SCOPE_ALTERNATIVE: u64 = 4;

/// A rollout's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rollout {
    pub trials: Option<u64>,
    pub truncation_depth: Option<u64>,
    pub move_ply: Option<u64>,
    pub variance_reduction: Option<u64>,
    pub seed: Option<u64>,
    pub budget_ms: Option<u64>,
    pub match_policy: Option<u64>,
}

/// A level record: what the tier states (the rest it inherits from the tier above).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    pub preset: Option<String>,
    pub checker_ply: Option<u64>,
    pub cube_ply: Option<u64>,
    pub rollout: Option<Rollout>,
    /// Clears the rollout inherited from the tier above.
    pub no_rollout: bool,
}

impl Level {
    /// This tier laid over `parent`: each field it states wins, a rollout's field by field.
    pub fn over(&self, parent: &Level) -> Level {
        let mut out = parent.clone();
        if self.preset.is_some() {
            out.preset.clone_from(&self.preset);
        }
        out.checker_ply = self.checker_ply.or(parent.checker_ply);
        out.cube_ply = self.cube_ply.or(parent.cube_ply);
        if self.no_rollout {
            out.rollout = None;
        }
        if let Some(r) = &self.rollout {
            let p = out.rollout.take().unwrap_or_default();
            out.rollout = Some(Rollout {
                trials: r.trials.or(p.trials),
                truncation_depth: r.truncation_depth.or(p.truncation_depth),
                move_ply: r.move_ply.or(p.move_ply),
                variance_reduction: r.variance_reduction.or(p.variance_reduction),
                seed: r.seed.or(p.seed),
                budget_ms: r.budget_ms.or(p.budget_ms),
                match_policy: r.match_policy.or(p.match_policy),
            });
        }
        out.no_rollout = false;
        out
    }

    /// `child` (if any) laid over this level.
    pub fn under(&self, child: Option<&Level>) -> Level {
        child.map_or_else(|| self.clone(), |c| c.over(self))
    }

    /// Its label: `rollout`, else the preset's name, else the depth (`2-ply`; of a cube
    /// decision its cube depth first), else empty.
    pub fn label(&self, cube: bool) -> String {
        if self.rollout.is_some() {
            return "rollout".into();
        }
        if let Some(p) = &self.preset {
            return p.clone();
        }
        let ply = if cube {
            self.cube_ply.or(self.checker_ply)
        } else {
            self.checker_ply
        };
        ply.map_or_else(String::new, |n| format!("{n}-ply"))
    }
}

/// A candidate play of a checker decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Alternative {
    /// Its steps: absolute from point and pips.
    pub steps: Vec<(u8, u8)>,
    pub equity: f64,
    pub probs: Option<[f64; 5]>,
    pub level: Option<Level>,
    pub played: bool,
    pub rollout_se: Option<f64>,
    pub cubeless_equity: Option<f64>,
}

/// What a decision record says, by kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    Checker {
        alternatives: Vec<Alternative>,
        total: Option<u64>,
        best_equity: Option<f64>,
        equity_loss: Option<f64>,
        level: Option<Level>,
    },
    Cube {
        verdict: u64,
        no_double: Option<f64>,
        double_take: Option<f64>,
        double_pass: Option<f64>,
        probs: Option<[f64; 5]>,
        equity_loss: Option<f64>,
        level: Option<Level>,
        currency: Option<u64>,
    },
    Resign {
        correct_value: Option<u64>,
        resign_error: Option<f64>,
        take_resign_error: Option<f64>,
        probs: Option<[f64; 5]>,
        equity_loss: Option<f64>,
        level: Option<Level>,
    },
    Roll {
        luck: f64,
        level: Option<Level>,
    },
    /// A kind this reader does not know (kept as its number).
    Other,
}

/// One decision record.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub ply_ref: u64,
    pub kind: u64,
    pub body: Body,
    /// Where the record lies.
    pub at: Span,
}

/// An analysis block: its `ANAL` record and the decisions of its `DECS`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub id: [u8; 16],
    pub producer: Option<u64>,
    /// The block's level as stated.
    pub level: Level,
    pub complete: bool,
    pub coverage: Vec<u64>,
    pub model_id: Option<String>,
    pub model_name: Option<String>,
    pub model_digest: Option<[u8; 32]>,
    pub engine_build: Option<String>,
    pub currency: Option<u64>,
    pub cube_efficiency: Option<f64>,
    pub met_id: Option<String>,
    pub tables: Option<String>,
    pub started_at: Option<u64>,
    pub completed_at: Option<u64>,
    pub duration_ms: Option<u64>,
    pub sources: Vec<[u8; 16]>,
    pub decisions: Vec<Decision>,
    /// Where the `ANAL` section lies.
    pub at: Span,
    /// Its `ANAL` record did not read: a placeholder that keeps its decisions apart.
    pub damaged: bool,
}

impl Block {
    /// Its identifier as a hyphenated UUID.
    pub fn id_text(&self) -> String {
        uuid(&self.id)
    }
}

/// An `ANNO` record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Note {
    pub scope: u64,
    /// The game (scope game) or the `ply_ref` (ply, decision, alternative).
    pub target: u64,
    pub value: String,
    pub key: Option<String>,
    pub kind: Option<u64>,
    pub alt_index: Option<u64>,
    pub lang: Option<String>,
    pub author: Option<String>,
    pub at_ms: Option<u64>,
    pub drawings: Vec<Drawing>,
    pub analysis: Option<[u8; 16]>,
    /// Where the record lies.
    pub span: Span,
}

/// The `CLCK` section decoded: its settings, and the reading at each `ply_ref` from 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockIn {
    pub reserve_ms: u32,
    pub delay_ms: u32,
    pub increment_ms: u32,
    pub start_timestamp: u32,
    pub flags: u8,
    pub precision: u32,
    pub readings: Vec<u64>,
    pub span: Span,
}

/// A decision no ply's analysis carries: the analysis it reads as (candidates, cube, luck),
/// or a resignation's.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub ply_ref: u64,
    /// Its kind (`u64::MAX`: the decisions of a ply gathered into one analysis).
    pub kind: u64,
    pub analysis: Option<Analysis>,
    pub resign: Option<ResignAnalysis>,
}

/// What a file holds beside its match: the blocks, annotations and clock, and the problems
/// met reading them.
#[derive(Clone, Debug, Default)]
pub struct Extras {
    pub blocks: Vec<Block>,
    pub notes: Vec<Note>,
    pub clock: Option<ClockIn>,
    /// Per block, the decisions no ply carries (every decision of a block but the primary),
    /// once [`attach`] has run.
    pub kept: Vec<Vec<Kept>>,
    /// Damaged records, each set aside.
    pub problems: Vec<Problem>,
    /// The `CLCK` section (where it starts and its payload ends), decoded by [`attach`] once
    /// the plies are counted.
    clock_at: Option<(usize, usize)>,
}

/// A UUID as text.
pub fn uuid(b: &[u8; 16]) -> String {
    let h = super::sections::hex(b);
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

/// A short read in record `n` of section `sec`.
fn short(sec: &str, n: usize, s: &Short) -> Problem {
    Problem::new(
        Code::OgxmBadRecord,
        s.at,
        0,
        format!(
            "the `{sec}` section, record {n}: the {} runs past the record's end; the record is set aside",
            s.what
        ),
    )
}

fn array16(r: &mut Cursor<'_>, what: &'static str) -> Result<[u8; 16], Short> {
    let b = r.take(16, what)?;
    let mut out = [0; 16];
    out.copy_from_slice(b);
    Ok(out)
}

fn equity(r: &mut Cursor<'_>, what: &'static str) -> Result<f64, Short> {
    Ok(f64::from(r.u32(what)? as i32) / 1e6)
}

fn loss(r: &mut Cursor<'_>, what: &'static str) -> Result<f64, Short> {
    Ok(f64::from(r.u32(what)?) / 1e6)
}

fn probs(r: &mut Cursor<'_>) -> Result<[f64; 5], Short> {
    let mut out = [0.0; 5];
    for p in &mut out {
        *p = f64::from(r.u16("probabilities")?) / 10000.0;
    }
    Ok(out)
}

fn rollout(r: &mut Cursor<'_>) -> Result<Rollout, Short> {
    let (mask, mut b) = r.record("rollout record")?;
    let mut o = Rollout::default();
    let v = |k: u32, b: &mut Cursor<'_>| -> Result<Option<u64>, Short> {
        if bit(mask, k) {
            Ok(Some(b.varint("rollout field")?))
        } else {
            Ok(None)
        }
    };
    o.trials = v(0, &mut b)?;
    o.truncation_depth = v(1, &mut b)?;
    o.move_ply = v(2, &mut b)?;
    o.variance_reduction = v(3, &mut b)?;
    if bit(mask, 4) {
        let s = b.take(8, "rollout seed")?;
        let mut a = [0; 8];
        a.copy_from_slice(s);
        o.seed = Some(u64::from_le_bytes(a));
    }
    o.budget_ms = v(5, &mut b)?;
    o.match_policy = v(6, &mut b)?;
    Ok(o)
}

fn level(r: &mut Cursor<'_>) -> Result<Level, Short> {
    let (mask, mut b) = r.record("level record")?;
    let mut l = Level::default();
    if bit(mask, 0) {
        l.preset = Some(b.string("level preset")?);
    }
    if bit(mask, 1) {
        l.checker_ply = Some(b.varint("checker ply")?);
    }
    if bit(mask, 2) {
        l.cube_ply = Some(b.varint("cube ply")?);
    }
    if bit(mask, 3) {
        l.rollout = Some(rollout(&mut b)?);
    }
    l.no_rollout = bit(mask, 4);
    Ok(l)
}

/// A step byte of a candidate: `from | pips << 5`.
fn step(byte: u8, at: usize, sec: &str, n: usize) -> Result<(u8, u8), Problem> {
    let (from, pips) = (byte & 0x1f, byte >> 5);
    if from > 25 || pips == 0 || pips == 7 {
        return Err(Problem::new(
            Code::OgxmBadRecord,
            at,
            1,
            format!(
                "the `{sec}` section, record {n}: a candidate's step byte {byte:#04x} names point {from} and {pips} pips, no step; the record is set aside"
            ),
        ));
    }
    Ok((from, pips))
}

/// The `ANAL` record of a section's payload.
fn read_anal(data: &[u8], s: &Section) -> Result<Block, Problem> {
    let (start, end) = s.payload;
    let bad = |e: Short| short("ANAL", 1, &e);
    let mut c = Cursor::new(data, start, end);
    let (mask, mut r) = c.record("ANAL record").map_err(bad)?;
    let mut b = Block {
        id: array16(&mut r, "analysis id").map_err(bad)?,
        at: Span::new(s.at, end - s.at),
        ..Block::default()
    };
    if bit(mask, 0) {
        r.take(32, "match digest").map_err(bad)?;
    }
    if bit(mask, 1) {
        b.producer = Some(r.varint("producer").map_err(bad)?);
    }
    if bit(mask, 2) {
        b.level = level(&mut r).map_err(bad)?;
    }
    b.complete = bit(mask, 3);
    if bit(mask, 4) {
        let n = r.varint("coverage count").map_err(bad)?;
        let mut prev: Option<u64> = None;
        for _ in 0..n {
            let d = r.varint("coverage").map_err(bad)?;
            let v = prev.map_or(d, |p| p.saturating_add(1).saturating_add(d));
            b.coverage.push(v);
            prev = Some(v);
        }
    }
    if bit(mask, 5) {
        b.model_id = Some(r.string("model id").map_err(bad)?);
    }
    if bit(mask, 6) {
        b.model_name = Some(r.string("model name").map_err(bad)?);
    }
    if bit(mask, 7) {
        let d = r.take(32, "model digest").map_err(bad)?;
        let mut a = [0; 32];
        a.copy_from_slice(d);
        b.model_digest = Some(a);
    }
    if bit(mask, 8) {
        b.engine_build = Some(r.string("engine build").map_err(bad)?);
    }
    if bit(mask, 9) {
        b.currency = Some(r.varint("currency").map_err(bad)?);
    }
    if bit(mask, 10) {
        b.cube_efficiency = Some(f64::from(r.u16("cube efficiency").map_err(bad)?) / 10000.0);
    }
    if bit(mask, 11) {
        b.met_id = Some(r.string("match equity table id").map_err(bad)?);
    }
    if bit(mask, 12) {
        b.tables = Some(r.string("tables").map_err(bad)?);
    }
    if bit(mask, 13) {
        r.record("dials record").map_err(bad)?;
    }
    if bit(mask, 14) {
        b.started_at = Some(r.varint("start time").map_err(bad)?);
    }
    if bit(mask, 15) {
        b.completed_at = Some(r.varint("completion time").map_err(bad)?);
    }
    if bit(mask, 16) {
        b.duration_ms = Some(r.varint("duration").map_err(bad)?);
    }
    if bit(mask, 17) {
        let n = r.varint("source count").map_err(bad)?;
        for _ in 0..n {
            b.sources.push(array16(&mut r, "source id").map_err(bad)?);
        }
    }
    Ok(b)
}

/// One alternative record.
fn alternative(r: &mut Cursor<'_>, n: usize) -> Result<Alternative, Problem> {
    let bad = |e: Short| short("DECS", n, &e);
    let (mask, mut a) = r.record("candidate record").map_err(bad)?;
    let count = a.varint("step count").map_err(bad)?;
    let mut steps = Vec::new();
    for _ in 0..count {
        let at = a.pos;
        let byte = a.u8("step").map_err(bad)?;
        steps.push(step(byte, at, "DECS", n)?);
    }
    let eq = equity(&mut a, "candidate's equity").map_err(bad)?;
    let mut alt = Alternative {
        steps,
        equity: eq,
        probs: None,
        level: None,
        played: bit(mask, 2),
        rollout_se: None,
        cubeless_equity: None,
    };
    if bit(mask, 0) {
        alt.probs = Some(probs(&mut a).map_err(bad)?);
    }
    if bit(mask, 1) {
        alt.level = Some(level(&mut a).map_err(bad)?);
    }
    if bit(mask, 3) {
        alt.rollout_se = Some(equity(&mut a, "rollout error").map_err(bad)?);
    }
    if bit(mask, 4) {
        alt.cubeless_equity = Some(equity(&mut a, "cubeless equity").map_err(bad)?);
    }
    Ok(alt)
}

/// The fields of a decision record (after its length), record `n` of the section.
fn decision(mask: u64, r: &mut Cursor<'_>, n: usize, at: Span) -> Result<Decision, Problem> {
    let bad = |e: Short| short("DECS", n, &e);
    let ply_ref = r.varint("ply ref").map_err(bad)?;
    let kind = r.varint("decision kind").map_err(bad)?;
    let opt_level = |r: &mut Cursor<'_>, k: u32| -> Result<Option<Level>, Problem> {
        if bit(mask, k) {
            Ok(Some(level(r).map_err(bad)?))
        } else {
            Ok(None)
        }
    };
    let opt_eq = |r: &mut Cursor<'_>, k: u32, what: &'static str| -> Result<Option<f64>, Problem> {
        if bit(mask, k) {
            Ok(Some(equity(r, what).map_err(bad)?))
        } else {
            Ok(None)
        }
    };
    let opt_loss = |r: &mut Cursor<'_>, k: u32| -> Result<Option<f64>, Problem> {
        if bit(mask, k) {
            Ok(Some(loss(r, "equity loss").map_err(bad)?))
        } else {
            Ok(None)
        }
    };
    let opt_probs = |r: &mut Cursor<'_>, k: u32| -> Result<Option<[f64; 5]>, Problem> {
        if bit(mask, k) {
            Ok(Some(probs(r).map_err(bad)?))
        } else {
            Ok(None)
        }
    };
    let body = match kind {
        CHECKER => {
            let mut alternatives = Vec::new();
            if bit(mask, 0) {
                let count = r.varint("candidate count").map_err(bad)?;
                for _ in 0..count {
                    alternatives.push(alternative(r, n)?);
                }
            }
            let total = if bit(mask, 1) {
                Some(r.varint("candidate total").map_err(bad)?)
            } else {
                None
            };
            let best_equity = opt_eq(r, 2, "best equity")?;
            let equity_loss = opt_loss(r, 3)?;
            let level = opt_level(r, 4)?;
            Body::Checker {
                alternatives,
                total,
                best_equity,
                equity_loss,
                level,
            }
        }
        CUBE => {
            let verdict = r.varint("verdict").map_err(bad)?;
            let no_double = opt_eq(r, 0, "no double equity")?;
            let double_take = opt_eq(r, 1, "double/take equity")?;
            let double_pass = opt_eq(r, 2, "double/pass equity")?;
            let probs = opt_probs(r, 3)?;
            let equity_loss = opt_loss(r, 4)?;
            if bit(mask, 5) {
                r.u16("take point").map_err(bad)?;
            }
            let level = opt_level(r, 7)?;
            if bit(mask, 10) {
                equity(r, "cubeful take value").map_err(bad)?;
            }
            let currency = if bit(mask, 11) {
                Some(r.varint("currency").map_err(bad)?)
            } else {
                None
            };
            Body::Cube {
                verdict,
                no_double,
                double_take,
                double_pass,
                probs,
                equity_loss,
                level,
                currency,
            }
        }
        RESIGN => {
            let correct_value = if bit(mask, 0) {
                Some(r.varint("correct value").map_err(bad)?)
            } else {
                None
            };
            let resign_error = opt_eq(r, 1, "resign error")?;
            let take_resign_error = opt_eq(r, 2, "take-resign error")?;
            let probs = opt_probs(r, 3)?;
            let equity_loss = opt_loss(r, 4)?;
            let level = opt_level(r, 5)?;
            Body::Resign {
                correct_value,
                resign_error,
                take_resign_error,
                probs,
                equity_loss,
                level,
            }
        }
        ROLL => {
            let luck = equity(r, "luck").map_err(bad)?;
            let level = opt_level(r, 0)?;
            Body::Roll { luck, level }
        }
        _ => Body::Other,
    };
    Ok(Decision {
        ply_ref,
        kind,
        body,
        at,
    })
}

/// The decisions of a `DECS` section.
fn read_decs(data: &[u8], s: &Section, problems: &mut Vec<Problem>) -> Vec<Decision> {
    let (start, end) = s.payload;
    let mut c = Cursor::new(data, start, end);
    let mut out = Vec::new();
    let mut n = 0;
    while !c.done() {
        n += 1;
        let at = c.pos;
        match c.record("decision record") {
            Ok((mask, mut r)) => match decision(mask, &mut r, n, Span::new(at, c.pos - at)) {
                Ok(d) => out.push(d),
                Err(p) => problems.push(p),
            },
            Err(e) => {
                problems.push(Problem::new(
                    Code::OgxmBadRecord,
                    e.at,
                    end - e.at,
                    format!(
                        "the `DECS` section, record {n}: its length runs past the section's end ({} bytes left); the rest of the section is set aside",
                        end - e.at
                    ),
                ));
                break;
            }
        }
    }
    out
}

/// One `ANNO` record's fields.
fn note(mask: u64, r: &mut Cursor<'_>, n: usize, span: Span) -> Result<Note, Problem> {
    let bad = |e: Short| short("ANNO", n, &e);
    let mut o = Note {
        scope: r.varint("scope").map_err(bad)?,
        target: r.varint("reference").map_err(bad)?,
        value: r.string("value").map_err(bad)?,
        span,
        ..Note::default()
    };
    if bit(mask, 0) {
        o.key = Some(r.string("key").map_err(bad)?);
    }
    if bit(mask, 1) {
        o.kind = Some(r.varint("kind").map_err(bad)?);
    }
    if bit(mask, 2) {
        o.alt_index = Some(r.varint("candidate index").map_err(bad)?);
    }
    if bit(mask, 3) {
        o.lang = Some(r.string("language").map_err(bad)?);
    }
    if bit(mask, 4) {
        o.author = Some(r.string("author").map_err(bad)?);
    }
    if bit(mask, 5) {
        o.at_ms = Some(r.varint("time").map_err(bad)?);
    }
    if bit(mask, 6) {
        let count = r.varint("drawing count").map_err(bad)?;
        for _ in 0..count {
            let (m, mut d) = r.record("drawing record").map_err(bad)?;
            let shape = d.varint("drawing shape").map_err(bad)?;
            let at = d.u8("drawing point").map_err(bad)?;
            let to = if bit(m, 0) {
                Some(d.u8("arrow head").map_err(bad)?)
            } else {
                None
            };
            let color = if bit(m, 1) {
                Some(d.varint("drawing colour").map_err(bad)?)
            } else {
                None
            };
            o.drawings.push(Drawing {
                shape,
                at,
                to,
                color,
            });
        }
    }
    if bit(mask, 7) {
        o.analysis = Some(array16(r, "analysis id").map_err(bad)?);
    }
    Ok(o)
}

/// The records of an `ANNO` section.
fn read_anno(data: &[u8], s: &Section, problems: &mut Vec<Problem>) -> Vec<Note> {
    let (start, end) = s.payload;
    let mut c = Cursor::new(data, start, end);
    let mut out = Vec::new();
    let mut n = 0;
    while !c.done() {
        n += 1;
        let at = c.pos;
        match c.record("annotation record") {
            Ok((mask, mut r)) => match note(mask, &mut r, n, Span::new(at, c.pos - at)) {
                Ok(o) => out.push(o),
                Err(p) => problems.push(p),
            },
            Err(e) => {
                problems.push(Problem::new(
                    Code::OgxmBadRecord,
                    e.at,
                    end - e.at,
                    format!(
                        "the `ANNO` section, record {n}: its length runs past the section's end ({} bytes left); the rest of the section is set aside",
                        end - e.at
                    ),
                ));
                break;
            }
        }
    }
    out
}

/// The largest clock reading (ms).
const MAX_READING: u64 = 0xFFFF_FFFF;

/// `n` bits of `blob` from bit `pos`, least significant first.
fn bits(blob: &[u8], pos: usize, n: usize) -> u64 {
    let mut v = 0;
    for i in 0..n {
        let p = pos + i;
        v |= u64::from(blob[p >> 3] >> (p & 7) & 1) << i;
    }
    v
}

/// The `CLCK` payload `data[start..end]` (the section at `at`) for a match of `plies` plies:
/// the settings (four u32, a flags byte, three bytes of padding), the number of readings after
/// the first (u32), the width of each reading's low bits (u8) and the step (u32); then the low bits packed into
/// little-endian 64-bit words, then each reading's high part in unary (a 1 bit per unit, a 0
/// to end), every reading the previous plus its steps.
fn decode_clock(
    data: &[u8],
    at: usize,
    start: usize,
    end: usize,
    plies: usize,
) -> Result<ClockIn, Problem> {
    let p = &data[start..end];
    let bad = |off: usize, len: usize, why: String| {
        Problem::new(
            Code::OgxmBadRecord,
            start + off,
            len,
            format!("the `CLCK` section: {why}; the clock is set aside"),
        )
    };
    if p.len() < 29 {
        return Err(bad(
            0,
            p.len(),
            format!("{} bytes, fewer than the 29 of its settings", p.len()),
        ));
    }
    let u32_at = |o: usize| u32::from_le_bytes([p[o], p[o + 1], p[o + 2], p[o + 3]]);
    let mut clock = ClockIn {
        reserve_ms: u32_at(0),
        delay_ms: u32_at(4),
        increment_ms: u32_at(8),
        start_timestamp: u32_at(12),
        flags: p[16],
        precision: u32_at(25),
        readings: vec![0],
        span: Span::new(at, end - at),
    };
    let length = u32_at(20) as usize;
    let small = usize::from(p[24]);
    if length == 0 {
        if p.len() != 29 {
            return Err(bad(
                29,
                p.len() - 29,
                "bytes after the settings of a clock with no readings".into(),
            ));
        }
        return Ok(clock);
    }
    if !(1..=31).contains(&small) {
        return Err(bad(
            24,
            1,
            format!("a reading's low part is {small} bits wide, not 1 to 31"),
        ));
    }
    if clock.precision == 0 {
        return Err(bad(25, 4, "a step of 0 ms".into()));
    }
    if length >= plies {
        return Err(bad(
            20,
            4,
            format!(
                "{} readings, but the match has {plies} plies",
                length as u64 + 1
            ),
        ));
    }
    let per_word = 64 / small;
    let words = length.div_ceil(per_word);
    if (p.len() - 29) / 8 < words {
        return Err(bad(
            29,
            p.len() - 29,
            format!(
                "{words} words of low bits needed, {} bytes left",
                p.len() - 29
            ),
        ));
    }
    let lsb = &p[29..29 + words * 8];
    let msb = &p[29 + words * 8..];
    let mut pos = 0usize;
    let mut t = 0u64;
    for i in 0..length {
        let low = bits(lsb, (i / per_word) * 64 + (i % per_word) * small, small);
        let mut m = 0u64;
        loop {
            if pos >= msb.len() * 8 {
                return Err(bad(
                    29 + words * 8,
                    msb.len(),
                    format!("reading {} runs past the section's end", i + 2),
                ));
            }
            let one = msb[pos >> 3] >> (pos & 7) & 1 == 1;
            pos += 1;
            if !one {
                break;
            }
            m += 1;
            if m > MAX_READING {
                return Err(bad(29 + words * 8, msb.len(), "a reading too large".into()));
            }
        }
        let q = (m << small) + low;
        t = t.saturating_add(q.saturating_mul(u64::from(clock.precision)));
        if t > MAX_READING {
            return Err(bad(
                29 + words * 8,
                msb.len(),
                format!("reading {} is past 2^32 ms", i + 2),
            ));
        }
        clock.readings.push(t);
    }
    if pos.div_ceil(8) != msb.len() {
        return Err(bad(
            29 + words * 8 + pos.div_ceil(8),
            msb.len() - pos.div_ceil(8),
            "bytes after the last reading".into(),
        ));
    }
    Ok(clock)
}

impl Extras {
    /// Reads section `s` if it is one of the analysis, annotations or clock.
    pub fn read(&mut self, data: &[u8], s: &Section) {
        match &s.kind {
            b"ANAL" => match read_anal(data, s) {
                Ok(b) => self.blocks.push(b),
                Err(p) => {
                    self.problems.push(p);
                    // Its decisions cannot be told from the previous block's: a placeholder
                    // keeps them apart (and is dropped after).
                    self.blocks.push(Block {
                        at: Span::new(s.at, 0),
                        damaged: true,
                        ..Block::default()
                    });
                }
            },
            b"DECS" => {
                let decisions = read_decs(data, s, &mut self.problems);
                match self.blocks.last_mut() {
                    Some(b) if b.decisions.is_empty() => b.decisions = decisions,
                    _ => self.problems.push(Problem::new(
                        Code::OgxmBadRecord,
                        s.at,
                        4,
                        "a `DECS` section that follows no `ANAL` section of its own: its decisions belong to no analysis block and are set aside",
                    )),
                }
            }
            b"ANNO" => {
                let notes = read_anno(data, s, &mut self.problems);
                self.notes.extend(notes);
            }
            b"CLCK" => self.clock_at = Some((s.at, s.payload.1)),
            _ => {}
        }
    }
}

/// A step list (absolute from point, pips) of `white`'s play as play text in the mover's own
/// numbering: `24/18 13/11`, `bar/22`, `6/off` (each step on its own, in stored order).
pub fn play_text(white: bool, steps: impl IntoIterator<Item = (u8, u8)>) -> String {
    let point = |p: u8| match p {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        p => p.to_string(),
    };
    steps
        .into_iter()
        .map(|(from, pips)| {
            let (f, t) = super::own_step(white, from, pips);
            format!("{}/{}", point(f), point(t))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a play does to the mover's checkers: per own point, the checkers that arrive less those
/// that leave (two spellings of one play agree).
fn net(white: bool, steps: impl IntoIterator<Item = (u8, u8)>) -> [i16; 26] {
    let mut out = [0i16; 26];
    for (from, pips) in steps {
        let (f, t) = super::own_step(white, from, pips);
        out[usize::from(f)] -= 1;
        out[usize::from(t)] += 1;
    }
    out
}

/// What a ply is, for placing a decision on it: its mover and, of a roll, the steps played.
#[derive(Clone, Copy)]
enum Shape<'a> {
    Roll {
        white: bool,
        steps: &'a [(u8, u8, usize)],
    },
    Cube,
    Other {
        white: bool,
    },
}

fn shape(p: &Ply) -> Shape<'_> {
    match &p.action {
        Action::Roll { steps, .. } => Shape::Roll {
            white: p.white,
            steps,
        },
        // A play made at the board is seated on the side that moves next.
        Action::Illegal { steps, .. } => Shape::Roll {
            white: !p.white,
            steps,
        },
        Action::Double | Action::Take | Action::Drop | Action::Beaver | Action::Raccoon => {
            Shape::Cube
        }
        _ => Shape::Other { white: p.white },
    }
}

/// Whether a ply of shape `s` takes a decision of body `b` (a checker play or luck on a roll,
/// a cube decision on a roll or a cube action).
fn fits(b: &Body, s: Shape<'_>) -> bool {
    matches!(
        (b, s),
        (Body::Checker { .. } | Body::Roll { .. }, Shape::Roll { .. })
            | (Body::Cube { .. }, Shape::Roll { .. } | Shape::Cube)
    )
}

/// The match context a block's figures are read in.
struct Units {
    /// The block's currency.
    currency: Option<u64>,
    /// A match (not a money session).
    match_play: bool,
}

impl Units {
    /// Whether figures in `currency` (else the block's) are match winning chances.
    fn mwc(&self, currency: Option<u64>) -> bool {
        self.match_play && currency.or(self.currency) == Some(CUBEFUL_MATCH)
    }
}

/// Lays decision `d` of a block at level `top` onto `a`, the analysis of a ply of shape `s`
/// (the mover of a checker play, the play made): the candidates and the one equal to the play
/// made, the cube figures, the luck.
fn fold(a: &mut Analysis, d: &Decision, s: Shape<'_>, top: &Level, units: &Units) {
    let (white, steps): (bool, &[(u8, u8, usize)]) = match s {
        Shape::Roll { white, steps } => (white, steps),
        Shape::Other { white } => (white, &[]),
        Shape::Cube => (true, &[]),
    };
    match &d.body {
        Body::Checker {
            alternatives,
            level,
            ..
        } => {
            let lv = top.under(level.as_ref());
            a.candidates = alternatives
                .iter()
                .map(|alt| Candidate {
                    play: play_text(white, alt.steps.iter().copied()),
                    equity: alt.equity,
                    probabilities: alt.probs.unwrap_or([0.0; 5]),
                    level: lv.under(alt.level.as_ref()).label(false),
                    context: None,
                })
                .collect();
            // The candidate equal to the play made (a flagged one first), else the one the
            // file flags as played.
            let made = net(white, steps.iter().map(|&(f, p, _)| (f, p)));
            let equal: Vec<usize> = if matches!(s, Shape::Roll { .. }) {
                alternatives
                    .iter()
                    .enumerate()
                    .filter(|(_, alt)| net(white, alt.steps.iter().copied()) == made)
                    .map(|(i, _)| i)
                    .collect()
            } else {
                Vec::new()
            };
            a.played = equal
                .iter()
                .copied()
                .find(|&i| alternatives[i].played)
                .or_else(|| equal.first().copied())
                .or_else(|| alternatives.iter().position(|alt| alt.played));
        }
        Body::Cube {
            no_double,
            double_take,
            double_pass,
            level,
            currency,
            ..
        } => {
            a.cube = Some(CubeAnalysis {
                no_double: no_double.unwrap_or(0.0),
                double_take: double_take.unwrap_or(0.0),
                double_pass: *double_pass,
                match_winning_chances: units.mwc(*currency),
                level: top.under(level.as_ref()).label(true),
                evaluation: None,
            });
        }
        Body::Roll { luck, .. } => a.luck = Some(*luck),
        Body::Resign { .. } | Body::Other => {}
    }
}

/// A resignation record as the record's.
fn resign_of(d: &Decision, top: &Level) -> Option<ResignAnalysis> {
    match &d.body {
        Body::Resign {
            correct_value,
            resign_error,
            take_resign_error,
            probs,
            equity_loss,
            level,
        } => Some(ResignAnalysis {
            correct_value: *correct_value,
            resign_error: *resign_error,
            take_resign_error: *take_resign_error,
            probabilities: *probs,
            equity_loss: *equity_loss,
            level: top.under(level.as_ref()).label(true),
        }),
        _ => None,
    }
}

/// Every ply of the match by its `ply_ref`: its game and its index there.
fn ply_refs(games: &[GameIn]) -> Vec<(usize, usize)> {
    games
        .iter()
        .enumerate()
        .flat_map(|(gi, g)| (0..g.plies.len()).map(move |k| (gi, k)))
        .collect()
}

/// Fills each ply's analysis from the primary block and its comment from the prose `ANNO`
/// records on it (those without a key), decodes the clock of `data`, and sets aside what no
/// ply carries ([`Extras::kept`]). A decision or annotation that names a ply the match does
/// not have is a finding.
pub fn attach(data: &[u8], games: &mut [GameIn], length: u64, x: &mut Extras) {
    let refs = ply_refs(games);
    if let Some((at, end)) = x.clock_at.take() {
        match decode_clock(data, at, at + 9, end, refs.len()) {
            Ok(c) => x.clock = Some(c),
            Err(p) => x.problems.push(p),
        }
    }
    let past = |what: &str, r: u64, at: Span| {
        Problem::new(
            Code::OgxmBadRecord,
            at.offset,
            at.len,
            format!(
                "{what} names ply {r}, but the match has {} plies; it is set aside",
                refs.len()
            ),
        )
    };
    x.kept = Vec::with_capacity(x.blocks.len());
    for (bi, b) in x.blocks.iter().enumerate() {
        let units = Units {
            currency: b.currency,
            match_play: length > 0,
        };
        let top = b.level.under(None);
        let primary = bi == 0 && !b.damaged;
        let mut per: std::collections::BTreeMap<u64, Analysis> = Default::default();
        let mut kept = Vec::new();
        for d in &b.decisions {
            let Some(&(gi, k)) = usize::try_from(d.ply_ref).ok().and_then(|r| refs.get(r)) else {
                x.problems.push(past(
                    &format!("a decision of analysis block {}", bi + 1),
                    d.ply_ref,
                    d.at,
                ));
                continue;
            };
            let p = &games[gi].plies[k];
            if let Some(r) = resign_of(d, &top) {
                kept.push(Kept {
                    ply_ref: d.ply_ref,
                    kind: d.kind,
                    analysis: None,
                    resign: Some(r),
                });
            } else if matches!(d.body, Body::Other) {
                kept.push(Kept {
                    ply_ref: d.ply_ref,
                    kind: d.kind,
                    analysis: None,
                    resign: None,
                });
            } else if fits(&d.body, shape(p)) {
                fold(per.entry(d.ply_ref).or_default(), d, shape(p), &top, &units);
            } else {
                // On a ply that takes no such decision: kept as it reads.
                let mut a = Analysis::default();
                fold(&mut a, d, shape(p), &top, &units);
                kept.push(Kept {
                    ply_ref: d.ply_ref,
                    kind: d.kind,
                    analysis: Some(a),
                    resign: None,
                });
            }
        }
        if primary {
            for (r, a) in per {
                let (gi, k) = refs[r as usize];
                games[gi].plies[k].analysis = Some(a);
            }
        } else {
            kept.extend(per.into_iter().map(|(r, a)| Kept {
                ply_ref: r,
                kind: u64::MAX,
                analysis: Some(a),
                resign: None,
            }));
            kept.sort_by_key(|k| k.ply_ref);
        }
        x.kept.push(kept);
    }
    for n in &x.notes {
        match n.scope {
            SCOPE_GAME if n.target >= games.len() as u64 => x.problems.push(Problem::new(
                Code::OgxmBadRecord,
                n.span.offset,
                n.span.len,
                format!(
                    "an annotation names game {}, but the match has {} games; it is kept with no place",
                    n.target + 1,
                    games.len()
                ),
            )),
            SCOPE_PLY | SCOPE_DECISION | SCOPE_ALTERNATIVE => {
                match usize::try_from(n.target).ok().and_then(|r| refs.get(r)) {
                    Some(&(gi, k)) if n.scope == SCOPE_PLY && n.key.is_none() && !n.value.is_empty() => {
                        let c = &mut games[gi].plies[k].comment;
                        match c {
                            Some(c) => {
                                c.push('\n');
                                c.push_str(&n.value);
                            }
                            None => *c = Some(n.value.clone()),
                        }
                    }
                    Some(_) => {}
                    None => x.problems.push(past("an annotation", n.target, n.span)),
                }
            }
            _ => {}
        }
    }
}

/// The name of a block's currency.
fn currency_name(c: u64) -> String {
    match c {
        CUBELESS => "cubeless".into(),
        CUBEFUL_MONEY => "cubeful money".into(),
        CUBEFUL_MATCH => "cubeful match".into(),
        n => n.to_string(),
    }
}

/// The name of a decision kind.
fn kind_name(k: u64) -> String {
    match k {
        CHECKER => "checker".into(),
        CUBE => "cube".into(),
        RESIGN => "resign".into(),
        ROLL => "roll".into(),
        n => n.to_string(),
    }
}

/// The name of an annotation's scope.
fn scope_name(s: u64) -> String {
    match s {
        SCOPE_MATCH => "match".into(),
        SCOPE_GAME => "game".into(),
        SCOPE_PLY => "ply".into(),
        SCOPE_DECISION => "decision".into(),
        SCOPE_ALTERNATIVE => "alternative".into(),
        n => format!("scope {n}"),
    }
}

/// What [`attach`] set aside, located: `actions[g][k]` is the entry ply `k` of game `g`
/// became, if any.
pub fn record_extras(games: &[GameIn], x: &Extras, actions: &[Vec<Option<usize>>]) -> RecordExtras {
    let refs = ply_refs(games);
    let place = |r: u64| -> Option<Place> {
        let &(gi, k) = usize::try_from(r).ok().and_then(|r| refs.get(r))?;
        Some(Place {
            game: gi,
            ply: Some(k),
            action: actions.get(gi).and_then(|a| a.get(k)).copied().flatten(),
        })
    };
    // The primary block's analyses of plies that became no entry (a game or the rest of one
    // that is not checked).
    let orphans: Vec<Kept> = refs
        .iter()
        .enumerate()
        .filter_map(|(r, &(gi, k))| {
            let a = games[gi].plies[k].analysis.as_ref()?;
            let placed = actions.get(gi).and_then(|e| e.get(k)).copied().flatten();
            placed.is_none().then(|| Kept {
                ply_ref: r as u64,
                kind: u64::MAX,
                analysis: Some(a.clone()),
                resign: None,
            })
        })
        .collect();
    let blocks = x
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| !b.damaged)
        .map(|(bi, b)| AnalysisBlock {
            id: b.id_text(),
            primary: bi == 0,
            producer: b.producer,
            model_id: b.model_id.clone(),
            model_name: b.model_name.clone(),
            engine_build: b.engine_build.clone(),
            currency: b.currency.map(currency_name),
            met_id: b.met_id.clone(),
            tables: b.tables.clone(),
            level: Some(b.level.label(false)).filter(|l| !l.is_empty()),
            complete: b.complete,
            cube_efficiency: b.cube_efficiency,
            started_at: b.started_at,
            completed_at: b.completed_at,
            duration_ms: b.duration_ms,
            decisions: x
                .kept
                .get(bi)
                .into_iter()
                .flatten()
                .chain(orphans.iter().filter(|_| bi == 0))
                .filter_map(|k| {
                    Some(BlockDecision {
                        place: place(k.ply_ref)?,
                        kind: (k.kind != u64::MAX).then(|| kind_name(k.kind)),
                        analysis: k.analysis.clone(),
                        resign: k.resign.clone(),
                    })
                })
                .collect(),
            span: b.at,
        })
        .collect();
    let annotations = x
        .notes
        .iter()
        .map(|n| Annotation {
            scope: scope_name(n.scope),
            place: match n.scope {
                SCOPE_MATCH => None,
                SCOPE_GAME => (n.target < games.len() as u64).then_some(Place {
                    game: n.target as usize,
                    ply: None,
                    action: None,
                }),
                _ => place(n.target),
            },
            analysis_id: n.analysis.as_ref().map(uuid),
            kind: n.kind.map(kind_name),
            alternative: n.alt_index,
            key: n.key.clone(),
            lang: n.lang.clone(),
            author: n.author.clone(),
            at: n.at_ms,
            text: n.value.clone(),
            drawings: n.drawings.clone(),
            span: n.span,
        })
        .collect();
    let clock = x.clock.as_ref().map(|c| Clock {
        reserve_ms: c.reserve_ms,
        delay_ms: c.delay_ms,
        increment_ms: c.increment_ms,
        start_timestamp: c.start_timestamp,
        flags: c.flags,
        precision: c.precision,
        readings: c
            .readings
            .iter()
            .enumerate()
            .filter_map(|(r, &ms)| Some((place(r as u64)?, ms)))
            .collect(),
        span: c.span,
    });
    RecordExtras {
        blocks,
        annotations,
        clock,
    }
}

/// The prose annotations (no key) of `scope` and `target`, in file order.
pub fn prose(x: &Extras, scope: u64, target: u64) -> impl Iterator<Item = &str> {
    x.notes
        .iter()
        .filter(move |n| {
            n.scope == scope && n.target == target && n.key.is_none() && !n.value.is_empty()
        })
        .map(|n| n.value.as_str())
}
