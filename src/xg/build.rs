//! The match as read from `temp.xg`, built into the typed record through [`Builder`]: the
//! header's tags and comment, each game with its players and scores, each entry at its record
//! with its comment of `temp.xgc`, and XG's analysis of the moves and cube decisions.

use super::records::{self, MatchHeader};
use super::walk::{EntryW, MatchW};
use super::whole;
use crate::notation::{CellBody, Column, NameScore, Span, StepText};
use crate::record::{Builder, StageIn};
use crate::rules::Side;

/// XG's analysis of a move as the record's: each candidate's play (from/to pairs, 0-based with
/// 24 the bar and −1 off) in the mover's numbering, its equity (`Eval[i][6]`) and
/// probabilities in gnubg's order (win, win gammon, win backgammon, lose gammon, lose
/// backgammon), the candidate played, the luck.
fn analysis_of(a: &records::MoveAnalysis) -> crate::record::Analysis {
    let point = |p: i32| match p {
        p if p <= 0 => "off".to_string(),
        25.. => "bar".to_string(),
        p => p.to_string(),
    };
    let candidates = a
        .candidates
        .iter()
        .map(|c| {
            let steps: Vec<String> = c
                .moves
                .chunks_exact(2)
                // A from of −1, or a hop that goes nowhere (a dance's list), ends the play.
                .take_while(|p| p[0] >= 0 && p[0] != p[1])
                .map(|p| {
                    // From and to, 0-based (24 the bar, −1 off).
                    let (from, to) = (i32::from(p[0]) + 1, i32::from(p[1]) + 1);
                    format!("{}/{}", point(from), point(to))
                })
                .collect();
            let e = c
                .eval
                .map(|x| if x.is_finite() { f64::from(x) } else { 0.0 });
            crate::record::Candidate {
                play: steps.join(" "),
                equity: e[6],
                probabilities: [e[3], e[4], e[5], e[1], e[0]],
                level: format!("XG level {}", c.level),
                context: None,
            }
        })
        .collect();
    crate::record::Analysis {
        candidates,
        played: a.played,
        cube: None,
        luck: a.luck,
    }
}

/// XG's analysis of a cube decision as the record's: its equities normalized to the cube
/// (double/pass 1, in match play too), for the player who may double.
fn cube_analysis_of(e: &records::CubeEval) -> crate::record::CubeAnalysis {
    crate::record::CubeAnalysis {
        no_double: e.no_double,
        double_take: e.double_take,
        double_pass: Some(e.double_pass),
        match_winning_chances: false,
        level: format!("XG level {}", e.level),
        evaluation: None,
    }
}

/// The typed match of what was read.
pub(super) fn build(m: &MatchW, notes: &[String]) -> crate::record::Match {
    let h = &m.header;
    // Every entry is one of the records read, with at most four steps.
    let cells: usize = m.games.iter().map(|g| g.cells.len()).sum();
    let mut b = Builder::with_capacity(cells * 4, cells);
    let head = whole(0);
    let tag = |b: &mut Builder, name: &str, v: &str| {
        let v = v.trim();
        if !v.is_empty() {
            b.tag(name, v, head);
        }
    };
    let p1 = clean_name(&h.player1);
    let p2 = clean_name(&h.player2);
    tag(&mut b, "Site", &h.location);
    tag(&mut b, "Event", &h.event);
    tag(&mut b, "Round", &h.round);
    tag(&mut b, "Player 1", &p1);
    tag(&mut b, "Player 2", &p2);
    if let Some(d) = records::delphi_date(h.date) {
        tag(&mut b, "EventDate", &d);
    }
    tag(&mut b, "Variation", &variation(h, m.first_position));
    let on = |x: bool| if x { "On" } else { "Off" };
    tag(&mut b, "Crawford", on(h.crawford));
    tag(&mut b, "Jacoby", on(h.jacoby));
    tag(&mut b, "Beaver", on(h.beaver));
    if (1..=20).contains(&h.cube_limit) {
        tag(&mut b, "CubeLimit", &(1u64 << h.cube_limit).to_string());
    }
    tag(&mut b, "Transcriber", &h.transcriber);
    let note = |i: i32| -> Option<String> {
        usize::try_from(i)
            .ok()
            .and_then(|i| notes.get(i))
            .filter(|t| !t.is_empty())
            .cloned()
    };
    if let Some(text) = note(h.comment) {
        for line in text.lines() {
            b.comment(line);
        }
    }
    b.length(match_length(h), head);
    for (gi, g) in m.games.iter().enumerate() {
        let side = |name: &str, score: i32| NameScore {
            name: name.to_string(),
            rating: None,
            score: score.max(0) as u64,
            name_span: whole(0),
            score_span: Span::new(g.at + 12, 8),
        };
        b.game(
            gi as u64 + 1,
            whole(g.at),
            side(&p1, g.header.score[0]),
            side(&p2, g.header.score[1]),
        );
        if let Some(text) = note(g.header.comment) {
            b.game_comment(text);
        }
        for c in &g.cells {
            let column = match c.player {
                Side::White => Column::Left,
                Side::Black => Column::Right,
            };
            let at = c.at;
            match &c.entry {
                EntryW::Play { dice: None, .. } => b.broken(Span::new(at + 100, 8)),
                EntryW::Play {
                    dice: Some(dice),
                    steps,
                    resigned,
                } => {
                    let steps = steps.as_slice().iter().enumerate().map(|(k, &(from, to))| {
                        let o = at + 68 + 8 * k;
                        StepText::hop(
                            from,
                            to,
                            false,
                            Span::new(o, 8),
                            Span::new(o, 4),
                            Span::new(o + 4, 4),
                        )
                    });
                    let roll = StageIn {
                        dice: *dice,
                        dice_at: Span::new(at + 100, 8),
                        steps,
                        unknown: resigned.then_some(Span::new(at + 68, 32)),
                    };
                    // The comment of the decision not to double before the roll, then the
                    // move's.
                    let comment = match (note(c.cube_comment), note(c.comment)) {
                        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
                        (a, b) => a.or(b),
                    };
                    b.turn(column, whole(at), roll, comment);
                    if c.analysis.is_some() || c.cube.is_some() {
                        let mut a = c.analysis.as_ref().map(analysis_of).unwrap_or_default();
                        a.cube = c.cube.as_ref().map(cube_analysis_of);
                        b.analysis(a);
                    }
                }
                EntryW::Cube(body) => {
                    b.cube(column, whole(at), body.clone(), note(c.comment));
                    if let Some(e) = &c.cube {
                        b.analysis(crate::record::Analysis {
                            cube: Some(cube_analysis_of(e)),
                            ..Default::default()
                        });
                    }
                }
                EntryW::Wins { points, and_match } => b.result(
                    column,
                    whole(at),
                    CellBody::Wins {
                        points: *points,
                        points_span: Span::new(at + 28, 4),
                        and_match: *and_match,
                    },
                ),
            }
        }
    }
    b.finish()
}

/// The match length (0: a money session).
pub(super) fn match_length(h: &MatchHeader) -> u64 {
    if (1..99_999).contains(&h.length) {
        h.length as u64
    } else {
        0
    }
}

/// A player's name: no control characters, no `:`.
fn clean_name(s: &str) -> String {
    s.chars()
        .map(|c| if c == ':' || c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

/// The `Variation` tag of XG's variation field.
fn variation(h: &MatchHeader, first: Option<[i8; 26]>) -> String {
    match h.variation {
        0 => "Backgammon".into(),
        1 => "NackGammon".into(),
        2 => {
            let n = first.map_or(3, |p| {
                p.iter().filter(|&&v| v > 0).map(|&v| v as i32).sum::<i32>()
            });
            format!("HyperGammon ({})", n.clamp(1, 3))
        }
        3 => "LongGammon".into(),
        v => format!("XG variation {v}"),
    }
}
