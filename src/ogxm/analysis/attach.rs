//! The analysis laid onto the plies: each decision of the primary block on the ply it names
//! (the candidates in the mover's own numbering, the one equal to the play made, the cube
//! figures, the luck), the prose annotations as the plies' comments, and what no ply carries
//! kept aside.

use super::clock::decode_clock;
use super::{
    Block, Body, CUBEFUL_MATCH, Decision, Extras, Kept, Level, Note, SCOPE_ALTERNATIVE,
    SCOPE_DECISION, SCOPE_GAME, SCOPE_PLY,
};
use crate::codes::Code;
use crate::notation::Span;
use crate::ogxm::GameIn;
use crate::ogxm::plies::{Action, Ply};
use crate::ogxm::sections::Problem;
use crate::record::extras::ResignAnalysis;
use crate::record::{Analysis, Candidate, CubeAnalysis};

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
            let (f, t) = crate::ogxm::own_step(white, from, pips);
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
        let (f, t) = crate::ogxm::own_step(white, from, pips);
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
pub(super) fn ply_refs(games: &[GameIn]) -> Vec<(usize, usize)> {
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
    x.kept = Vec::with_capacity(x.blocks.len());
    for (bi, b) in x.blocks.iter().enumerate() {
        let kept = attach_block(bi, b, length, games, &refs, &mut x.problems);
        x.kept.push(kept);
    }
    attach_notes(&x.notes, games, &refs, &mut x.problems);
}

/// A record that names ply `r` of a match of `plies` plies, past its end (`what`: which
/// record).
fn past_end(what: &str, r: u64, at: Span, plies: usize) -> Problem {
    Problem::new(
        Code::OgxmBadRecord,
        at.offset,
        at.len,
        format!("{what} names ply {r}, but the match has {plies} plies; it is set aside"),
    )
}

impl Kept {
    /// Decision `d` kept as it reads: its analysis, or its resignation's.
    fn of(d: &Decision, analysis: Option<Analysis>, resign: Option<ResignAnalysis>) -> Kept {
        Kept {
            ply_ref: d.ply_ref,
            kind: d.kind,
            analysis,
            resign,
        }
    }
}

/// The decisions of block `b` (the `bi`th; of a match of `length` points) on the plies they
/// name: the primary block's as the plies' analysis, what no ply carries returned.
fn attach_block(
    bi: usize,
    b: &Block,
    length: u64,
    games: &mut [GameIn],
    refs: &[(usize, usize)],
    problems: &mut Vec<Problem>,
) -> Vec<Kept> {
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
            let what = format!("a decision of analysis block {}", bi + 1);
            problems.push(past_end(&what, d.ply_ref, d.at, refs.len()));
            continue;
        };
        let p = &games[gi].plies[k];
        if let Some(r) = resign_of(d, &top) {
            kept.push(Kept::of(d, None, Some(r)));
        } else if matches!(d.body, Body::Other) {
            kept.push(Kept::of(d, None, None));
        } else if fits(&d.body, shape(p)) {
            fold(per.entry(d.ply_ref).or_default(), d, shape(p), &top, &units);
        } else {
            // On a ply that takes no such decision: kept as it reads.
            let mut a = Analysis::default();
            fold(&mut a, d, shape(p), &top, &units);
            kept.push(Kept::of(d, Some(a), None));
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
    kept
}

/// The prose annotations on a ply (no key) as its comment; an annotation that names a game
/// or ply the match does not have is reported.
fn attach_notes(
    notes: &[Note],
    games: &mut [GameIn],
    refs: &[(usize, usize)],
    problems: &mut Vec<Problem>,
) {
    for n in notes {
        match n.scope {
            SCOPE_GAME if n.target >= games.len() as u64 => problems.push(Problem::new(
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
                    None => {
                        problems.push(past_end("an annotation", n.target, n.span, refs.len()))
                    }
                }
            }
            _ => {}
        }
    }
}
