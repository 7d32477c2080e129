//! The match around the games: game numbers, score lines, players by name, the Crawford
//! game, the match end.

use super::super::referee::Referee;
use super::super::{ActionTrace, Finding, GameTrace};
use super::{CubeState, GameWalker, ResultState, TurnState, side_of};
use crate::codes::Code;
use crate::notation::CellBody;
use crate::record::Match;
use crate::rules::rotation::Rotation;
use crate::rules::{RuleSet, Side};

pub(super) struct MatchState {
    /// The previous game's (winner identity, points counted, Jacoby single value).
    last: Option<(usize, u64, u64)>,
    /// Scores by player identity (0 = game 1's left player).
    scores: [u64; 2],
    /// Player names by identity.
    names: Option<(String, String)>,
    match_over_at: Option<usize>,
    previous_winner: Option<usize>,
    crawford_done: bool,
}

/// Replay every game of a match. With `keep_traces` false the games' `actions` stay empty.
pub(crate) fn replay_match(
    record: &Match,
    match_rules: RuleSet,
    rotation: Option<Rotation>,
    keep_traces: bool,
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
    let marks_hits = record
        .games
        .iter()
        .flat_map(|g| &g.actions)
        .any(|a| match &a.cell.body {
            CellBody::Turn { stages } => stages.of(&record.stages).iter().any(|s| {
                s.moves
                    .steps
                    .of(&record.steps)
                    .iter()
                    .any(|st| st.path.iter().any(|p| p.1))
            }),
            _ => false,
        });
    let mut ms = MatchState {
        last: None,
        scores: [0, 0],
        names: None,
        match_over_at: None,
        previous_winner: None,
        crawford_done: false,
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
                if prev.broken_lines.is_empty() {
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
            } else if got != want && !previous_unfinished && Some(got) != jacoby_alt(&ms, identity)
            {
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
        let at_match_point = rules.cube().crawford
            && length > 1
            && !ms.crawford_done
            && ms.scores.iter().any(|&s| s + 1 == length);
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
            trace: Vec::new(),
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
            ms.scores[id] += pts;
            ms.last = r.jacoby_single.map(|single| (id, pts, single));
            ms.previous_winner = Some(id);
            // The match ends when the winner has reached the length and leads (a draw in the
            // pinning game can bring both players to the length).
            if length > 0 && ms.scores[id] >= length && ms.scores[id] > ms.scores[1 - id] {
                ms.match_over_at = Some(game.number as usize);
            }
        }
        traces.push(trace);
    }
    // `and the match` marks.
    (traces, findings)
}

/// The scores a writer applying the Jacoby rule to the previous game would write.
fn jacoby_alt(ms: &MatchState, identity: [usize; 2]) -> Option<(u64, u64)> {
    let (id, counted, single) = ms.last?;
    let mut s = ms.scores;
    s[id] = s[id].checked_sub(counted)? + single;
    Some((s[identity[0]], s[identity[1]]))
}
