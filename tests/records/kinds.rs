//! Single-defect mutants of every kind a writer makes, generated from the turns of valid
//! records (`suggestions.rs`): each turn's written play is changed in one way (a slipped
//! destination, a die left out, the smaller die, a forgotten entry, bearing off too early, a
//! short doublet), the mutant kept when the referee finds the defect of its kind.

use tavla::notation::{CellBody, parse_play};
use tavla::replay::referee::{Problem, ProblemKind, check_play};
use tavla::replay::{ActionTrace, Verdict};
use tavla::rules::{ForcedError, PlayError, Position, RuleSet, Side, StageDice, Step, StepError};

/// One turn of a valid record: where its play is written and what it did.
#[derive(Clone, Debug)]
pub struct Turn {
    /// 1-based line.
    pub line: usize,
    /// The byte range of the written play.
    pub span: (usize, usize),
    /// The rules of its game.
    pub rules: RuleSet,
    /// The mover.
    pub side: Side,
    /// The dice of the roll.
    pub dice: StageDice,
    /// The position before and after the play.
    pub before: Position,
    pub after: Position,
    /// The written paths (each checker's points as written, repeats expanded; 25 the bar,
    /// 0 off).
    pub paths: Vec<Vec<u8>>,
    /// The steps the replay took.
    pub steps: Vec<Step>,
}

/// The defect kinds of the measure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// A step landing on a point the opponent holds.
    Blocked,
    /// A step of a distance no die shows.
    NotRolled,
    /// A checker moved with both dice written as one hop that stops short (`24/18` for
    /// `24/13`).
    Partial,
    /// A checker borne off while another stands outside the home board.
    BearOffOutside,
    /// A checker moved while one is on the bar (the entry forgotten, or written from 24).
    OnBar,
    /// Only one die can be played, and the smaller was written.
    SmallerDie,
    /// One of two dice not written.
    UnplayedDie,
    /// A doublet written with one step too few.
    ShortDoublet,
    /// A combined move whose intermediate point is held by the opponent.
    BlockedPath,
}

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::Blocked,
        Kind::NotRolled,
        Kind::Partial,
        Kind::BearOffOutside,
        Kind::OnBar,
        Kind::SmallerDie,
        Kind::UnplayedDie,
        Kind::ShortDoublet,
        Kind::BlockedPath,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Kind::Blocked => "blocked point",
            Kind::NotRolled => "number not rolled",
            Kind::Partial => "partial play",
            Kind::BearOffOutside => "bear-off, checker outside",
            Kind::OnBar => "moving while on the bar",
            Kind::SmallerDie => "the smaller die",
            Kind::UnplayedDie => "an unplayed die",
            Kind::ShortDoublet => "a short doublet",
            Kind::BlockedPath => "combined through a block",
        }
    }
}

/// The turns of a valid verdict (with traces) whose cell holds one roll and its play.
pub fn turns(text: &str, v: &Verdict) -> Vec<Turn> {
    let mut out = Vec::new();
    for (gi, g) in v.record.games.iter().enumerate() {
        let Some(trace) = v.games.get(gi) else {
            continue;
        };
        let traced: Vec<&ActionTrace> = trace
            .actions
            .iter()
            .filter(|a| matches!(a, ActionTrace::Turn { .. }))
            .collect();
        let written: Vec<_> = g
            .actions
            .iter()
            .filter(|a| matches!(a.cell.body, CellBody::Turn { .. }))
            .collect();
        if traced.len() != written.len() {
            continue;
        }
        for (a, t) in written.iter().zip(traced) {
            let CellBody::Turn { stages } = &a.cell.body else {
                continue;
            };
            let parts = stages.split(&v.record.stages);
            let ActionTrace::Turn {
                line,
                side,
                received,
                stages: played,
                position,
                before,
                ..
            } = t
            else {
                continue;
            };
            let Some(roll) = parts.roll else { continue };
            if *line != a.line
                || !parts.received.is_empty()
                || !parts.chain.is_empty()
                || !received.is_empty()
                || played.len() != 1
            {
                continue;
            }
            let steps = roll.moves.steps.of(&v.record.steps);
            let (Some(first), Some(last)) = (steps.first(), steps.last()) else {
                continue;
            };
            let mut paths = Vec::new();
            for st in steps {
                let points: Vec<u8> = (0..st.path.len())
                    .map(|k| st.path.get(k).0.index())
                    .collect();
                for _ in 0..st.repeat.max(1) {
                    paths.push(points.clone());
                }
            }
            let span = (first.span.offset, last.span.end());
            debug_assert!(span.1 <= text.len());
            let dice = tavla::rules::Roll {
                a: roll.a,
                b: roll.b,
            }
            .stage();
            let t = Turn {
                line: *line,
                span,
                rules: trace.rules,
                side: *side,
                dice,
                before: *before,
                after: *position,
                paths,
                steps: played[0].steps.to_vec(),
            };
            // A turn judged under rules of its own roll (a first roll's head rule) is left
            // out: the single play is judged under the game's rules.
            if is_meant(&t, &render(&t.paths)) {
                out.push(t);
            }
        }
    }
    out
}

/// A play's paths as text (`24/18/13 6/5`).
pub fn render(paths: &[Vec<u8>]) -> String {
    let loc = |p: u8| match p {
        0 => "off".to_string(),
        25 => "bar".to_string(),
        p => p.to_string(),
    };
    paths
        .iter()
        .map(|p| p.iter().map(|&x| loc(x)).collect::<Vec<_>>().join("/"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn dice_of(d: StageDice) -> Vec<u8> {
    match d {
        StageDice::Mixed { high, low } => vec![high, low],
        StageDice::Double { value, count } => vec![value; count as usize],
    }
}

/// The candidate mutants of a turn, each with the kind it is meant to be (a slipped
/// destination may be any of three kinds: the referee tells which).
pub fn candidates(t: &Turn) -> Vec<(Vec<Kind>, Vec<Vec<u8>>)> {
    let mut out: Vec<(Vec<Kind>, Vec<Vec<u8>>)> = Vec::new();
    let dice = dice_of(t.dice);
    let double = matches!(t.dice, StageDice::Double { .. });
    let without = |i: usize| -> Vec<Vec<u8>> {
        let mut p = t.paths.clone();
        p.remove(i);
        p
    };
    // Slips: a destination (or a written intermediate point) off by one or two.
    for (i, p) in t.paths.iter().enumerate() {
        for j in 1..p.len() {
            if !(1..=24).contains(&p[j]) {
                continue;
            }
            for d in [-2i32, -1, 1, 2] {
                let v = p[j] as i32 + d;
                if !(1..=24).contains(&v) || v as u8 == p[j - 1] {
                    continue;
                }
                let mut m = t.paths.clone();
                m[i][j] = v as u8;
                out.push((vec![Kind::Blocked, Kind::NotRolled, Kind::BlockedPath], m));
            }
        }
    }
    // Bearing off a home checker while another stands outside.
    let outside = (7..=25).any(|p| t.before.count(t.side, p) > 0);
    if outside {
        for (i, p) in t.paths.iter().enumerate() {
            // A home checker's move written as borne off (`6/off` for `6/2`).
            if p.len() == 2 && (1..=6).contains(&p[0]) && p[1] != 0 {
                let mut m = t.paths.clone();
                m[i] = vec![p[0], 0];
                out.push((vec![Kind::BearOffOutside], m));
            }
        }
    }
    // The entry forgotten, or written from the 24 point.
    for (i, p) in t.paths.iter().enumerate() {
        if p[0] == 25 {
            if t.paths.len() > 1 {
                out.push((vec![Kind::OnBar], without(i)));
            }
            let mut m = t.paths.clone();
            m[i][0] = 24;
            out.push((vec![Kind::OnBar], m));
        }
    }
    let one_die = t.steps.len() == 1;
    if !double {
        let (hi, lo) = (dice[0], dice[1]);
        // Only one die played: the smaller written instead of the larger.
        if one_die && t.paths.len() == 1 && t.paths[0].len() == 2 {
            let from = t.paths[0][0];
            let to = from.saturating_sub(lo);
            out.push((vec![Kind::SmallerDie], vec![vec![from, to]]));
        }
        // One of two dice left out.
        if t.paths.len() == 2 && t.steps.len() == 2 {
            for i in 0..2 {
                // The second hop of one checker left out is a partial play.
                let continues = t.paths[1 - i].last() == t.paths[i].first();
                let kind = if continues {
                    Kind::Partial
                } else {
                    Kind::UnplayedDie
                };
                out.push((vec![kind], without(i)));
            }
        }
        // A checker moved with both dice, written stopping after one.
        for (i, p) in t.paths.iter().enumerate() {
            let from = p[0];
            let to = *p.last().expect("a path");
            let far = from as i32 - to as i32;
            if to == 0 || far != (hi + lo) as i32 {
                if p.len() == 3 {
                    let mut m = t.paths.clone();
                    m[i].pop();
                    out.push((vec![Kind::Partial], m));
                }
                continue;
            }
            for d in [hi, lo] {
                let mut m = t.paths.clone();
                m[i] = vec![from, from - d];
                out.push((vec![Kind::Partial], m));
            }
        }
    } else {
        // A doublet with one step too few: the last step of a checker left out.
        let d = dice[0];
        for (i, p) in t.paths.iter().enumerate() {
            let from = p[0];
            let to = *p.last().expect("a path");
            let mut m = t.paths.clone();
            if p.len() > 2 {
                m[i].pop();
            } else if to != 0 && from as i32 - to as i32 >= 2 * d as i32 {
                m[i] = vec![from, to + d];
            } else {
                m.remove(i);
            }
            if !m.is_empty() {
                out.push((vec![Kind::ShortDoublet], m));
            }
        }
    }
    out
}

/// The kind the referee finds in a mutant's play, if it is one of `wanted`.
pub fn judged_kind(t: &Turn, text: &str, wanted: &[Kind]) -> Option<Kind> {
    let play = parse_play(text).ok()?;
    let problem: Problem = *check_play(&t.rules, &t.before, t.side, t.dice, &play).err()?;
    let found = match problem.kind {
        ProblemKind::Steps(PlayError::NoDice { .. }) => Kind::NotRolled,
        ProblemKind::Steps(PlayError::Step {
            error: StepError::Blocked { .. },
            intermediate,
            ..
        }) => {
            if intermediate {
                Kind::BlockedPath
            } else {
                Kind::Blocked
            }
        }
        ProblemKind::Steps(PlayError::Step {
            error: StepError::NotAllHome { .. },
            ..
        }) => Kind::BearOffOutside,
        ProblemKind::Steps(PlayError::Step {
            error: StepError::MustEnter,
            ..
        }) => Kind::OnBar,
        ProblemKind::Forced(ForcedError::LargerDie { .. }) => Kind::SmallerDie,
        ProblemKind::Forced(ForcedError::TooFewDice { .. }) => {
            // One of the three kinds of a play left short: the generator's.
            return wanted
                .iter()
                .copied()
                .find(|k| matches!(k, Kind::Partial | Kind::UnplayedDie | Kind::ShortDoublet));
        }
        _ => return None,
    };
    wanted.contains(&found).then_some(found)
}

/// Whether `play` (a suggestion) leads to the turn's meant result.
pub fn is_meant(t: &Turn, play: &str) -> bool {
    parse_play(play).ok().is_some_and(|p| {
        check_play(&t.rules, &t.before, t.side, t.dice, &p).is_ok_and(|c| c.position == t.after)
    })
}
