//! The records of the analysis sections read: the `ANAL` record of a block, the decision
//! records of its `DECS` (with their candidates and levels) and the `ANNO` records. A record
//! whose fields do not read is set aside with a finding; one whose own length does not frame
//! ends its section.

use super::{
    Alternative, Block, Body, CHECKER, CUBE, Decision, Level, Note, RESIGN, ROLL, Rollout,
};
use crate::codes::Code;
use crate::notation::Span;
use crate::ogxm::bytes::{Cursor, Short, bit, opt};
use crate::ogxm::sections::{Problem, Section};
use crate::record::extras::Drawing;

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
    let field = |k: u32, b: &mut Cursor<'_>| opt(mask, k, || b.varint("rollout field"));
    Ok(Rollout {
        trials: field(0, &mut b)?,
        truncation_depth: field(1, &mut b)?,
        move_ply: field(2, &mut b)?,
        variance_reduction: field(3, &mut b)?,
        seed: opt(mask, 4, || b.array("rollout seed").map(u64::from_le_bytes))?,
        budget_ms: field(5, &mut b)?,
        match_policy: field(6, &mut b)?,
    })
}

fn level(r: &mut Cursor<'_>) -> Result<Level, Short> {
    let (mask, mut b) = r.record("level record")?;
    Ok(Level {
        preset: opt(mask, 0, || b.string("level preset"))?,
        checker_ply: opt(mask, 1, || b.varint("checker ply"))?,
        cube_ply: opt(mask, 2, || b.varint("cube ply"))?,
        rollout: opt(mask, 3, || rollout(&mut b))?,
        no_rollout: bit(mask, 4),
    })
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
pub(super) fn read_anal(data: &[u8], s: &Section) -> Result<Block, Problem> {
    let (start, end) = s.payload;
    let mut c = Cursor::new(data, start, end);
    anal_fields(&mut c, Span::new(s.at, end - s.at)).map_err(|e| short("ANAL", 1, &e))
}

/// The fields of an `ANAL` record, the section at `at`.
fn anal_fields(c: &mut Cursor<'_>, at: Span) -> Result<Block, Short> {
    let (mask, mut r) = c.record("ANAL record")?;
    let mut b = Block {
        id: r.array("analysis id")?,
        at,
        ..Block::default()
    };
    if bit(mask, 0) {
        r.take(32, "match digest")?;
    }
    b.producer = opt(mask, 1, || r.varint("producer"))?;
    if bit(mask, 2) {
        b.level = level(&mut r)?;
    }
    b.complete = bit(mask, 3);
    if bit(mask, 4) {
        let n = r.varint("coverage count")?;
        let mut prev: Option<u64> = None;
        for _ in 0..n {
            let d = r.varint("coverage")?;
            let v = prev.map_or(d, |p| p.saturating_add(1).saturating_add(d));
            b.coverage.push(v);
            prev = Some(v);
        }
    }
    b.model_id = opt(mask, 5, || r.string("model id"))?;
    b.model_name = opt(mask, 6, || r.string("model name"))?;
    b.model_digest = opt(mask, 7, || r.array("model digest"))?;
    b.engine_build = opt(mask, 8, || r.string("engine build"))?;
    b.currency = opt(mask, 9, || r.varint("currency"))?;
    b.cube_efficiency = opt(mask, 10, || r.u16("cube efficiency"))?.map(|v| f64::from(v) / 10000.0);
    b.met_id = opt(mask, 11, || r.string("match equity table id"))?;
    b.tables = opt(mask, 12, || r.string("tables"))?;
    if bit(mask, 13) {
        r.record("dials record")?;
    }
    b.started_at = opt(mask, 14, || r.varint("start time"))?;
    b.completed_at = opt(mask, 15, || r.varint("completion time"))?;
    b.duration_ms = opt(mask, 16, || r.varint("duration"))?;
    if bit(mask, 17) {
        let n = r.varint("source count")?;
        for _ in 0..n {
            b.sources.push(r.array("source id")?);
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
    let fields = || -> Result<Alternative, Short> {
        Ok(Alternative {
            steps,
            equity: eq,
            played: bit(mask, 2),
            probs: opt(mask, 0, || probs(&mut a))?,
            level: opt(mask, 1, || level(&mut a))?,
            rollout_se: opt(mask, 3, || equity(&mut a, "rollout error"))?,
            cubeless_equity: opt(mask, 4, || equity(&mut a, "cubeless equity"))?,
        })
    };
    fields().map_err(bad)
}

/// The fields of a decision record (after its length), record `n` of the section.
fn decision(mask: u64, r: &mut Cursor<'_>, n: usize, at: Span) -> Result<Decision, Problem> {
    let bad = |e: Short| short("DECS", n, &e);
    let ply_ref = r.varint("ply ref").map_err(bad)?;
    let kind = r.varint("decision kind").map_err(bad)?;
    let body = match kind {
        CHECKER => checker_decision(mask, r, n)?,
        CUBE => cube_decision(mask, r).map_err(bad)?,
        RESIGN => resign_decision(mask, r).map_err(bad)?,
        ROLL => Body::Roll {
            luck: equity(r, "luck").map_err(bad)?,
            level: opt(mask, 0, || level(r)).map_err(bad)?,
        },
        _ => Body::Other,
    };
    Ok(Decision {
        ply_ref,
        kind,
        body,
        at,
    })
}

/// A checker decision's fields: its candidates, their total, the best equity, the loss and
/// the level.
fn checker_decision(mask: u64, r: &mut Cursor<'_>, n: usize) -> Result<Body, Problem> {
    let bad = |e: Short| short("DECS", n, &e);
    let mut alternatives = Vec::new();
    if bit(mask, 0) {
        let count = r.varint("candidate count").map_err(bad)?;
        for _ in 0..count {
            alternatives.push(alternative(r, n)?);
        }
    }
    let fields = || -> Result<Body, Short> {
        Ok(Body::Checker {
            alternatives,
            total: opt(mask, 1, || r.varint("candidate total"))?,
            best_equity: opt(mask, 2, || equity(r, "best equity"))?,
            equity_loss: opt(mask, 3, || loss(r, "equity loss"))?,
            level: opt(mask, 4, || level(r))?,
        })
    };
    fields().map_err(bad)
}

/// A cube decision's fields: the verdict, the three figures, the probabilities, the loss, the
/// level and the currency (the take point and the cubeful take value passed over).
fn cube_decision(mask: u64, r: &mut Cursor<'_>) -> Result<Body, Short> {
    let verdict = r.varint("verdict")?;
    let no_double = opt(mask, 0, || equity(r, "no double equity"))?;
    let double_take = opt(mask, 1, || equity(r, "double/take equity"))?;
    let double_pass = opt(mask, 2, || equity(r, "double/pass equity"))?;
    let probs = opt(mask, 3, || probs(r))?;
    let equity_loss = opt(mask, 4, || loss(r, "equity loss"))?;
    opt(mask, 5, || r.u16("take point"))?;
    let level = opt(mask, 7, || level(r))?;
    opt(mask, 10, || equity(r, "cubeful take value"))?;
    let currency = opt(mask, 11, || r.varint("currency"))?;
    Ok(Body::Cube {
        verdict,
        no_double,
        double_take,
        double_pass,
        probs,
        equity_loss,
        level,
        currency,
    })
}

/// A resignation decision's fields.
fn resign_decision(mask: u64, r: &mut Cursor<'_>) -> Result<Body, Short> {
    Ok(Body::Resign {
        correct_value: opt(mask, 0, || r.varint("correct value"))?,
        resign_error: opt(mask, 1, || equity(r, "resign error"))?,
        take_resign_error: opt(mask, 2, || equity(r, "take-resign error"))?,
        probs: opt(mask, 3, || probs(r))?,
        equity_loss: opt(mask, 4, || loss(r, "equity loss"))?,
        level: opt(mask, 5, || level(r))?,
    })
}

/// The records of section `s` (`sec`, its kind; `what`, what a record is), each read by `read`
/// from its mask, its fields, its number in the section and where it lies; a record that does
/// not read is set aside, one whose length runs past the section ends it.
fn read_records<T>(
    data: &[u8],
    s: &Section,
    [sec, what]: [&'static str; 2],
    problems: &mut Vec<Problem>,
    read: impl Fn(u64, &mut Cursor<'_>, usize, Span) -> Result<T, Problem>,
) -> Vec<T> {
    let (start, end) = s.payload;
    let mut c = Cursor::new(data, start, end);
    let mut out = Vec::new();
    let mut n = 0;
    while !c.done() {
        n += 1;
        let at = c.pos;
        match c.record(what) {
            Ok((mask, mut r)) => match read(mask, &mut r, n, Span::new(at, c.pos - at)) {
                Ok(d) => out.push(d),
                Err(p) => problems.push(p),
            },
            Err(e) => {
                problems.push(Problem::new(
                    Code::OgxmBadRecord,
                    e.at,
                    end - e.at,
                    format!(
                        "the `{sec}` section, record {n}: its length runs past the section's end ({} bytes left); the rest of the section is set aside",
                        end - e.at
                    ),
                ));
                break;
            }
        }
    }
    out
}

/// The decisions of a `DECS` section.
pub(super) fn read_decs(data: &[u8], s: &Section, problems: &mut Vec<Problem>) -> Vec<Decision> {
    read_records(data, s, ["DECS", "decision record"], problems, decision)
}

/// The records of an `ANNO` section.
pub(super) fn read_anno(data: &[u8], s: &Section, problems: &mut Vec<Problem>) -> Vec<Note> {
    read_records(data, s, ["ANNO", "annotation record"], problems, note)
}

/// One `ANNO` record's fields.
fn note(mask: u64, r: &mut Cursor<'_>, n: usize, span: Span) -> Result<Note, Problem> {
    note_fields(mask, r, span).map_err(|e| short("ANNO", n, &e))
}

/// The fields of an `ANNO` record that lies at `span`.
fn note_fields(mask: u64, r: &mut Cursor<'_>, span: Span) -> Result<Note, Short> {
    let mut o = Note {
        scope: r.varint("scope")?,
        target: r.varint("reference")?,
        value: r.string("value")?,
        span,
        ..Note::default()
    };
    o.key = opt(mask, 0, || r.string("key"))?;
    o.kind = opt(mask, 1, || r.varint("kind"))?;
    o.alt_index = opt(mask, 2, || r.varint("candidate index"))?;
    o.lang = opt(mask, 3, || r.string("language"))?;
    o.author = opt(mask, 4, || r.string("author"))?;
    o.at_ms = opt(mask, 5, || r.varint("time"))?;
    if bit(mask, 6) {
        let count = r.varint("drawing count")?;
        for _ in 0..count {
            let (m, mut d) = r.record("drawing record")?;
            o.drawings.push(Drawing {
                shape: d.varint("drawing shape")?,
                at: d.u8("drawing point")?,
                to: opt(m, 0, || d.u8("arrow head"))?,
                color: opt(m, 1, || d.varint("drawing colour"))?,
            });
        }
    }
    o.analysis = opt(mask, 7, || r.array("analysis id"))?;
    Ok(o)
}
