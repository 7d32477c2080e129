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

mod attach;
mod clock;
mod extras;
mod records;

use super::sections::{Problem, Section};
use crate::codes::Code;
use crate::notation::Span;
use crate::record::Analysis;
use crate::record::extras::{Drawing, ResignAnalysis};

pub use attach::{attach, play_text};
pub use extras::{prose, record_extras};

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
    /// once `attach` has run.
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

impl Extras {
    /// Reads section `s` if it is one of the analysis, annotations or clock.
    pub fn read(&mut self, data: &[u8], s: &Section) {
        match &s.kind {
            b"ANAL" => match records::read_anal(data, s) {
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
                let decisions = records::read_decs(data, s, &mut self.problems);
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
                let notes = records::read_anno(data, s, &mut self.problems);
                self.notes.extend(notes);
            }
            b"CLCK" => self.clock_at = Some((s.at, s.payload.1)),
            _ => {}
        }
    }
}
