//! The match around the games: game numbers, score lines, players by name, the Crawford
//! game, the match end.

use super::super::referee::Referee;
use super::super::{ActionTrace, Finding, GameTrace, Repair};
use super::{CubeState, Dispute, GameWalker, ResultState, TurnState, side_of, who_of};
use crate::codes::Code;
use crate::notation::{CellBody, NameScore, Span};
use crate::record::Match;
use crate::rules::rotation::Rotation;
use crate::rules::{RuleSet, Side};

pub(super) struct MatchState<'a> {
    /// The previous game's (winner identity, points counted, Jacoby single value).
    last: Option<(usize, u64, u64)>,
    /// Scores by player identity (0 = game 1's left player).
    scores: [u64; 2],
    /// Player names by identity.
    names: Option<(String, String)>,
    match_over_at: Option<usize>,
    previous_winner: Option<usize>,
    crawford_done: bool,
    /// Other readings after a disputed result or score line.
    alt: Vec<Alternative<'a>>,
}

/// Another reading of a record after a result or score line the rules dispute (or, for a
/// resignation, allow in more than one way): the next score line confirms it when it agrees
/// with it, and the check follows it from there.
struct Alternative<'a> {
    /// Scores by player identity under this reading, the game's result included.
    scores: [u64; 2],
    /// The game's winner (identity) under it.
    winner: Option<usize>,
    /// What confirming it does to the findings.
    confirm: Confirm<'a>,
}

/// What a confirmed reading does to the findings.
enum Confirm<'a> {
    /// The disputed finding (code, span) gets the repair and the note.
    Amend((Code, Span), Option<Repair>, String),
    /// The finding (code, span) becomes this error, with the repair and the note.
    Promote((Code, Span), Box<Finding>),
    /// Another result of the game: its disputed finding amended, or a new one (the written
    /// result is not the one the score line confirms). Its words are made only then.
    Result(Box<OtherResult<'a>>),
}

/// Another result of a game, as [`Confirm::Result`] holds it.
struct OtherResult<'a> {
    game: &'a crate::record::Game,
    dispute: Dispute,
    /// The winner and value of this reading.
    option: (Side, u64),
}

impl OtherResult<'_> {
    /// The findings once a score line confirms this result.
    fn apply(self, findings: &mut Vec<Finding>) {
        let d = &self.dispute;
        let (side, value) = self.option;
        let repair = (side == d.written.0).then(|| Repair {
            span: d.points_span,
            text: value.to_string(),
        });
        let note = if side == d.written.0 {
            format!("the next score line confirms {value} point(s)")
        } else {
            format!(
                "the next score line confirms {} as the winner",
                who_of(self.game, side)
            )
        };
        let f = match d.finding {
            Some(key) => {
                if let Some(f) = findings.iter_mut().find(|f| (f.code, f.span) == key) {
                    f.repair = repair.map(Box::new);
                    f.help = Some(match f.help.take() {
                        Some(h) => format!("{note}\n{h}"),
                        None => note,
                    });
                }
                return;
            }
            None if side == d.written.0 => {
                let mut f = Finding::error(
                    Code::WinsMismatch,
                    d.points_span,
                    format!(
                        "the next score line counts {value} point(s) for game {}, not {}",
                        self.game.number, d.written.1
                    ),
                )
                .label("written value")
                .help(format!(
                    "{note}; the game was resigned, and both values are possible resignations"
                ));
                f.repair = repair.map(Box::new);
                f
            }
            None => Finding::error(
                Code::WrongWinner,
                d.cell_span,
                format!(
                    "{} is written as the winner of game {}, but the next score line gives it to {}",
                    who_of(self.game, d.written.0),
                    self.game.number,
                    who_of(self.game, side)
                ),
            )
            .label("wrong column")
            .help("the result stands in the winner's column; the game was resigned, and either player may resign"),
        };
        findings.push(f);
    }
}

/// Which player (identity) stands in which column of a score line, by name.
fn identity_of(ms: &MatchState, l: &NameScore, r: &NameScore) -> [usize; 2] {
    match &ms.names {
        Some((a, b)) if l.name == *b && r.name == *a && a != b => [1, 0],
        _ => [0, 1],
    }
}

/// Follow another reading when the score line of the game confirms it: its scores, winner and
/// match end, and the findings as it says.
fn follow_confirmed(
    ms: &mut MatchState,
    findings: &mut Vec<Finding>,
    score: Option<&(NameScore, NameScore)>,
    later: Option<&(NameScore, NameScore)>,
    gain: Option<(Side, u64)>,
    length: u64,
    previous: u64,
) {
    let alts = std::mem::take(&mut ms.alt);
    let Some((l, r)) = score else {
        return;
    };
    let id = identity_of(ms, l, r);
    let got = (l.score, r.score);
    if got == (ms.scores[id[0]], ms.scores[id[1]]) {
        return;
    }
    let Some(alt) = alts
        .into_iter()
        .find(|a| got == (a.scores[id[0]], a.scores[id[1]]))
    else {
        return;
    };
    // A result the rules allow as written is read otherwise unless the score line after this
    // one follows from the written result and not from this one (then this score line is the
    // slip).
    if matches!(&alt.confirm, Confirm::Result(r) if r.dispute.finding.is_none()) {
        let follows = |from: (u64, u64), to: (u64, u64)| {
            to.0 >= from.0 && to.1 >= from.1 && ((to.0 > from.0) != (to.1 > from.1))
        };
        let want = (ms.scores[id[0]], ms.scores[id[1]]);
        // The game's own written result, in this score line's columns.
        let gain = gain.map(|(side, points)| match side {
            Side::White => (points, 0),
            Side::Black => (0, points),
        });
        let fits = |from: (u64, u64), next: (u64, u64)| {
            follows(from, next) && gain.is_none_or(|g| (from.0 + g.0, from.1 + g.1) == next)
        };
        let confirmed = later.is_none_or(|(l2, r2)| {
            let id2 = identity_of(ms, l2, r2);
            let next = if id2 == id {
                (l2.score, r2.score)
            } else {
                (r2.score, l2.score)
            };
            fits(got, next) || !fits(want, next)
        });
        // Nor when it would have ended the match before the game this score line heads.
        let ends = length > 0 && alt.scores.iter().any(|&s| s >= length);
        if !confirmed || ends {
            return;
        }
    }
    ms.scores = alt.scores;
    ms.last = None;
    if alt.winner.is_some() {
        ms.previous_winner = alt.winner;
    }
    ms.match_over_at =
        (length > 0 && ms.scores.iter().any(|&s| s >= length)).then_some(previous as usize);
    match alt.confirm {
        Confirm::Amend(key, repair, note) => {
            if let Some(f) = findings.iter_mut().find(|f| (f.code, f.span) == key) {
                f.repair = repair.map(Box::new);
                f.help = Some(match f.help.take() {
                    Some(h) => format!("{note}\n{h}"),
                    None => note,
                });
            }
        }
        Confirm::Promote(key, new) => {
            if let Some(f) = findings.iter_mut().find(|f| (f.code, f.span) == key) {
                *f = *new;
            }
        }
        Confirm::Result(r) => r.apply(findings),
    }
}

/// Replay every game of a match. With `keep_traces` false the games' `actions` stay empty.
pub(crate) fn replay_match(
    record: &Match,
    match_rules: RuleSet,
    rotation: Option<Rotation>,
    keep_traces: bool,
    as_played: &[(usize, super::super::Continued)],
    boards: &[crate::record::StoredBoard],
) -> (Vec<GameTrace>, Vec<Finding>) {
    let mut rules = match_rules;
    let mut findings = Vec::new();
    let length = record.length.map(|l| l.0).unwrap_or(0);
    if record.length.is_none() && !record.games.is_empty() {
        findings.push(
            Finding::warning(
                Code::NoMatchLength,
                record.games[0].number_span,
                "the record has no `N point match` line; it is read as a money session",
            )
            .label("first game")
            .help("add ` N point match` before `Game 1` (0 for a money session)"),
        );
    }
    // Every step of the record is in its list of steps: one pass over it.
    let marks_hits = record.steps.iter().any(|st| st.path.any_marked());
    // The record's own `Jacoby` tag: `Off` forbids reading a score line by the Jacoby rule.
    let jacoby_tag =
        record
            .tag("Jacoby")
            .and_then(|(v, _)| match v.trim().to_ascii_lowercase().as_str() {
                "on" | "yes" | "true" | "1" => Some(true),
                "off" | "no" | "false" | "0" => Some(false),
                _ => None,
            });
    let mut ms = MatchState {
        last: None,
        scores: [0, 0],
        names: None,
        match_over_at: None,
        previous_winner: None,
        crawford_done: false,
        alt: Vec::new(),
    };
    let mut traces = Vec::new();
    let mut expected_number = 1u64;
    // Whether the record starts mid-match (its first score line is not 0 : 0).
    let mut fragment = false;
    for (index, game) in record.games.iter().enumerate() {
        // A `Game N` line whose number could not be read is already a syntax error.
        let number_unreadable = game.broken_lines.first().is_some_and(|b| b.0 == game.line);
        // A rotating match: the game's number selects its rules (the expected number where
        // the written one is unreadable).
        if let Some(rot) = rotation {
            rules = rot.game(if number_unreadable {
                expected_number
            } else {
                game.number
            });
        }
        if number_unreadable {
            expected_number = expected_number.saturating_add(1);
        } else if game.number != expected_number {
            findings.push(
                Finding::warning(
                    Code::GameNumber,
                    game.number_span,
                    format!("game {} is numbered {}", expected_number, game.number),
                )
                .label("game number")
                .help("games are numbered 1, 2, 3, … in order"),
            );
        }
        if !number_unreadable {
            expected_number = game.number.saturating_add(1);
        }
        if index > 0 && !ms.alt.is_empty() {
            let previous = record.games[index - 1].number;
            let later = record.games.get(index + 1).and_then(|g| g.score.as_ref());
            follow_confirmed(
                &mut ms,
                &mut findings,
                game.score.as_ref(),
                later,
                written_result(game),
                length,
                previous,
            );
        }
        let mut pending: Vec<Alternative> = Vec::new();
        if let Some(at) = ms.match_over_at {
            findings.push(
                Finding::error(
                    Code::AfterMatchEnd,
                    game.number_span,
                    format!("game {} is played after the match ended in game {}", game.number, at),
                )
                .label("this game")
                .help("a match ends when a player reaches the match length; remove the games after it"),
            );
            traces.push(GameTrace {
                index,
                number: game.number,
                names: game
                    .score
                    .as_ref()
                    .map(|(l, r)| (l.name.clone(), r.name.clone())),
                score: game.score.as_ref().map(|(l, r)| (l.score, r.score)),
                actions: if keep_traces {
                    game.actions
                        .iter()
                        .map(|a| ActionTrace::Unchecked {
                            line: a.line,
                            side: side_of(a.column()),
                        })
                        .collect()
                } else {
                    Vec::new()
                },
                result: None,
                crawford: false,
                turns_checked: 0,
                rules,
            });
            continue;
        }
        // Which player is in which column, by name.
        let mut identity = [0usize, 1usize];
        if let Some((l, r)) = &game.score {
            match &ms.names {
                None => ms.names = Some((l.name.clone(), r.name.clone())),
                Some((a, b)) => {
                    if l.name == *b && r.name == *a && a != b {
                        identity = [1, 0];
                    }
                }
            }
            // Score line check.
            let want = (ms.scores[identity[0]], ms.scores[identity[1]]);
            let got = (l.score, r.score);
            let previous_unfinished = index > 0
                && traces
                    .last()
                    .is_some_and(|t: &GameTrace| t.result.is_none());
            // After a game cut short by a syntax error the score line is taken as written.
            let previous_broken = index > 0 && !record.games[index - 1].broken_lines.is_empty();
            if index == 0 && got != (0, 0) {
                fragment = true;
                let (ls, rs) = (l.score_span, r.score_span);
                let mut f = Finding::error(
                    Code::ScoreMismatch,
                    ls.join(rs),
                    format!(
                        "the score before game {} should be 0 : 0, not {} : {}",
                        game.number, got.0, got.1
                    ),
                )
                .label("written scores")
                .help("the next score line confirms 0 : 0: the match starts here");
                f.repair = score_repair(got, (0, 0), ls, rs).map(Box::new);
                pending.push(Alternative {
                    scores: [0, 0],
                    winner: None,
                    confirm: Confirm::Promote((Code::StartsMidMatch, ls.join(rs)), Box::new(f)),
                });
                findings.push(
                    Finding::warning(
                        Code::StartsMidMatch,
                        l.score_span.join(r.score_span),
                        format!(
                            "the record starts mid-match: the score before its first game is {} : {}, not 0 : 0",
                            got.0, got.1
                        ),
                    )
                    .label("scores of a match under way")
                    .help("a fragment of a match is read as it stands; later score lines are checked from these scores"),
                );
            } else if previous_broken {
            } else if previous_unfinished && got == want {
                findings.push(
                    Finding::error(
                        Code::Draw,
                        l.score_span.join(r.score_span),
                        format!(
                            "game {} has no result and this score line awards nobody a point: a draw, which {} does not have",
                            index,
                            rules.variant().title()
                        ),
                    )
                    .label("unchanged scores")
                    .help("every game ends with a winner: write the previous game's result (`Wins N points`) and the scores after it"),
                );
            } else if previous_unfinished && got != want {
                let prev = &record.games[index - 1];
                // A written resignation without its `Wins` is already reported at it.
                let resigned = prev
                    .actions
                    .iter()
                    .any(|a| matches!(a.cell.body, CellBody::Resign { .. }));
                if prev.broken_lines.is_empty() && !resigned {
                    findings.push(
                        Finding::warning(
                            Code::MissingResult,
                            prev.number_span,
                            format!(
                                "game {} has no result line; the score line of game {} is taken as its result",
                                prev.number, game.number
                            ),
                        )
                        .label("no result")
                        .help("write the result of every game (` Wins N points` in the winner's column)"),
                    );
                }
            } else if got != want
                && !previous_unfinished
                && Some(got) == jacoby_alt(&ms, identity)
                && jacoby_tag != Some(false)
            {
                // gnubg's money sessions: `Wins` at the full level, the score line as the Jacoby
                // rule counts it (`hypergammon.md` §4). Without a `Jacoby` tag the score line
                // decides; the report notes the rule it shows.
                if jacoby_tag.is_none() {
                    findings.push(
                        Finding::warning(
                            Code::JacobyInferred,
                            l.score_span.join(r.score_span),
                            format!(
                                "the score line counts game {} as a single game: the Jacoby rule, which the record does not name, is taken as on",
                                index
                            ),
                        )
                        .label("scores under the Jacoby rule")
                        .help("gnubg writes a gammon at a centred cube at its full value and counts it as 1 under the Jacoby rule; add `; [Jacoby \"On\"]` to say so"),
                    );
                }
            } else if got != want && !previous_unfinished {
                let (ls, rs) = (l.score_span, r.score_span);
                pending.push(Alternative {
                    scores: ms.scores,
                    winner: None,
                    confirm: Confirm::Amend(
                        (Code::ScoreMismatch, ls.join(rs)),
                        score_repair(got, want, ls, rs),
                        format!("the next score line confirms {} : {}", want.0, want.1),
                    ),
                });
                findings.push(
                    Finding::error(
                        Code::ScoreMismatch,
                        l.score_span.join(r.score_span),
                        format!("the score before game {} should be {} : {}, not {} : {}", game.number, want.0, want.1, got.0, got.1),
                    )
                    .label("written scores")
                    .help("each score line gives both scores before the game: 0 : 0 for game 1, then the previous scores plus each game's result"),
                );
            }
            // Continue from the written scores so one mistake is reported once.
            ms.scores[identity[0]] = got.0;
            ms.scores[identity[1]] = got.1;
        } else if game.score_unreadable.is_none() {
            // (An unreadable score line is already reported as a syntax error.)
            findings.push(
                Finding::warning(
                    Code::NoScoreLine,
                    game.number_span,
                    format!("game {} has no score line", game.number),
                )
                .label("this game")
                .help("after `Game N` write ` Left : score     Right : score`"),
            );
        }
        // After a disputed score line, the Crawford game is judged on the scores the rules
        // give, unless the next score line follows from the written ones only.
        let match_point = |scores: &[u64; 2]| {
            rules.cube().crawford
                && length > 1
                && !ms.crawford_done
                && scores.iter().any(|&s| s + 1 == length)
        };
        let written_scores = ms.scores;
        let crawford_scores = pending
            .iter()
            .find(|a| matches!(a.confirm, Confirm::Amend((Code::ScoreMismatch, _), ..)))
            .filter(|a| {
                let follows = |from: [u64; 2], to: (u64, u64)| {
                    let (a, b) = (from[identity[0]], from[identity[1]]);
                    to.0 >= a && to.1 >= b && ((to.0 > a) != (to.1 > b))
                };
                record
                    .games
                    .get(index + 1)
                    .and_then(|g| g.score.as_ref())
                    .is_none_or(|(l2, r2)| {
                        let next = (l2.score, r2.score);
                        follows(a.scores, next) || !follows(written_scores, next)
                    })
            })
            .map_or(written_scores, |a| a.scores);
        let at_match_point = match_point(&crawford_scores);
        if at_match_point {
            ms.crawford_done = true;
        }
        // In a fragment's first game, match point minus one may have been reached in the game
        // before it, which is not in the record: this game may be the Crawford game or a later one.
        let crawford_unknown = at_match_point && fragment && index == 0;
        let crawford = at_match_point && !crawford_unknown;
        let needed = if length > 0 {
            [
                Some(length.saturating_sub(ms.scores[identity[0]])),
                Some(length.saturating_sub(ms.scores[identity[1]])),
            ]
        } else {
            [None, None]
        };
        let prev_winner_side = ms.previous_winner.map(|id| {
            if identity[0] == id {
                Side::White
            } else {
                Side::Black
            }
        });
        let mut w = GameWalker {
            rules,
            referee: Referee::new(&rules),
            findings: &mut findings,
            game,
            steps: &record.steps,
            stages: &record.stages,
            as_played,
            boards,
            index,
            turn: TurnState {
                pos: rules.start(),
                next: None,
                rolls: [0, 0],
                game_rolls: 0,
                pending: None,
                starter: None,
                stuck: 0,
            },
            cube: CubeState {
                value: 1,
                owner: None,
                offer: None,
                turned: false,
                crawford,
                crawford_unknown,
            },
            result: ResultState::default(),
            needed,
            length,
            // Room for every action's trace at once, when traces are kept.
            trace: Vec::with_capacity(if keep_traces { game.actions.len() } else { 0 }),
            traces: keep_traces,
            turns_checked: 0,
            identity,
            prev_winner_side,
            marks_hits,
            last_turn_number: None,
            empty_checked: 0,
            last_game: index + 1 == record.games.len(),
            next_game_scored: record
                .games
                .get(index + 1)
                .is_some_and(|g| g.score.is_some()),
        };
        let result = w.run();
        let trace = GameTrace {
            index,
            number: game.number,
            names: game
                .score
                .as_ref()
                .map(|(l, r)| (l.name.clone(), r.name.clone())),
            score: game.score.as_ref().map(|(l, r)| (l.score, r.score)),
            actions: std::mem::take(&mut w.trace),
            result: result.clone(),
            crawford,
            turns_checked: w.turns_checked,
            rules,
        };
        let identity = w.identity;
        let dispute = w.result.dispute.take();
        drop(w);
        ms.last = None;
        if let Some(r) = result.as_ref().filter(|r| r.draw) {
            // A draw (Tapa): each player scores the draw's value; the next game starts with an
            // opening roll; the match ends when a player has reached the length and leads.
            let pts = r.full.unwrap_or(0);
            ms.scores[0] += pts;
            ms.scores[1] += pts;
            ms.previous_winner = None;
            let (a, b) = (ms.scores[0], ms.scores[1]);
            if length > 0 && a.max(b) >= length && a != b {
                ms.match_over_at = Some(game.number as usize);
            }
        } else if let Some(r) = &result {
            let pts = r.written.or(r.full).unwrap_or(0);
            let id = identity[r.winner.index()];
            let before = ms.scores;
            ms.scores[id] += pts;
            for alt in &mut pending {
                alt.scores[id] += pts;
            }
            if let Some(mut d) = dispute {
                let options = std::mem::take(&mut d.options);
                for option in options {
                    let winner = identity[option.0.index()];
                    let mut scores = before;
                    scores[winner] += option.1;
                    pending.push(Alternative {
                        scores,
                        winner: Some(winner),
                        confirm: Confirm::Result(Box::new(OtherResult {
                            game,
                            dispute: d.clone(),
                            option,
                        })),
                    });
                }
            }
            ms.last = r.jacoby_single.map(|single| (id, pts, single));
            ms.previous_winner = Some(id);
            // The match ends when the winner has reached the length and leads (a draw in the
            // pinning game can bring both players to the length).
            if length > 0 && ms.scores[id] >= length && ms.scores[id] > ms.scores[1 - id] {
                ms.match_over_at = Some(game.number as usize);
            }
        }
        ms.alt = pending;
        traces.push(trace);
    }
    // `and the match` marks.
    (traces, findings)
}

/// The result written in a game: the column of its `Wins` and the points.
fn written_result(game: &crate::record::Game) -> Option<(Side, u64)> {
    game.actions.iter().find_map(|a| match a.cell.body {
        CellBody::Wins { points, .. } => Some((side_of(a.column()), points)),
        _ => None,
    })
}

/// The repair of a score line that differs from `want` in one score: that score.
fn score_repair(got: (u64, u64), want: (u64, u64), l: Span, r: Span) -> Option<Repair> {
    match (got.0 == want.0, got.1 == want.1) {
        (false, true) => Some(Repair {
            span: l,
            text: want.0.to_string(),
        }),
        (true, false) => Some(Repair {
            span: r,
            text: want.1.to_string(),
        }),
        _ => None,
    }
}

/// The scores a writer applying the Jacoby rule to the previous game would write.
fn jacoby_alt(ms: &MatchState, identity: [usize; 2]) -> Option<(u64, u64)> {
    let (id, counted, single) = ms.last?;
    let mut s = ms.scores;
    s[id] = s[id].checked_sub(counted)? + single;
    Some((s[identity[0]], s[identity[1]]))
}
