//! The match around the games: game numbers, players by name, the Crawford game, each game
//! walked and counted, the match end. The score lines are checked in `score_lines.rs`.

use super::super::referee::Referee;
use super::super::{ActionTrace, Continued, Finding, GameResult, GameTrace, Keep};
use super::score_lines::{Alternative, Confirm, OtherResult, follow_confirmed, written_result};
use super::{CubeState, Dispute, GameWalker, ResultState, TurnState, side_of};
use crate::codes::Code;
use crate::record::{Game, Match, StoredBoard};
use crate::rules::rotation::Rotation;
use crate::rules::{RuleSet, Side};

pub(super) struct MatchState<'a> {
    /// The previous game's (winner identity, points counted, Jacoby single value).
    pub(super) last: Option<(usize, u64, u64)>,
    /// Scores by player identity (0 = game 1's left player).
    pub(super) scores: [u64; 2],
    /// Player names by identity.
    pub(super) names: Option<(String, String)>,
    pub(super) match_over_at: Option<usize>,
    pub(super) previous_winner: Option<usize>,
    pub(super) crawford_done: bool,
    /// Other readings after a disputed result or score line.
    pub(super) alt: Vec<Alternative<'a>>,
}

/// One match being replayed: the record and how it is checked, what is known of the match so
/// far, and what the replay has found.
pub(super) struct MatchReplay<'a> {
    pub(super) record: &'a Match,
    /// The rules of the game being replayed (in a rotating match, its number's).
    pub(super) rules: RuleSet,
    rotation: Option<Rotation>,
    keep_traces: Keep,
    as_played: &'a [(usize, Continued)],
    boards: &'a [StoredBoard],
    /// The match length (0: a money session).
    pub(super) length: u64,
    /// Whether the record marks hits (a `*` on any step).
    marks_hits: bool,
    /// The record's own `Jacoby` tag: `Off` forbids reading a score line by the Jacoby rule.
    pub(super) jacoby_tag: Option<bool>,
    pub(super) ms: MatchState<'a>,
    /// The number the next game should have.
    expected_number: u64,
    /// Whether the record starts mid-match (its first score line is not 0 : 0).
    pub(super) fragment: bool,
    pub(super) findings: Vec<Finding>,
    pub(super) traces: Vec<GameTrace>,
}

/// Replay every game of a match, keeping of each game what `keep_traces` says.
pub(crate) fn replay_match(
    record: &Match,
    match_rules: RuleSet,
    rotation: Option<Rotation>,
    keep_traces: Keep,
    as_played: &[(usize, Continued)],
    boards: &[StoredBoard],
) -> (Vec<GameTrace>, Vec<Finding>) {
    let mut m = MatchReplay {
        record,
        rules: match_rules,
        rotation,
        keep_traces,
        as_played,
        boards,
        length: record.length.map(|l| l.0).unwrap_or(0),
        // Every step of the record is in its list of steps: one pass over it.
        marks_hits: record.steps.iter().any(|st| st.path.any_marked()),
        jacoby_tag: jacoby_tag(record),
        ms: MatchState {
            last: None,
            scores: [0, 0],
            names: None,
            match_over_at: None,
            previous_winner: None,
            crawford_done: false,
            alt: Vec::new(),
        },
        expected_number: 1,
        fragment: false,
        findings: Vec::new(),
        traces: Vec::new(),
    };
    if record.length.is_none() && !record.games.is_empty() {
        m.findings.push(
            Finding::warning(
                Code::NoMatchLength,
                record.games[0].number_span,
                "the record has no `N point match` line; it is read as a money session",
            )
            .label("first game")
            .help("add ` N point match` before `Game 1` (0 for a money session)"),
        );
    }
    for (index, game) in record.games.iter().enumerate() {
        m.game(index, game);
    }
    // `and the match` marks.
    (m.traces, m.findings)
}

/// The record's `Jacoby` tag, when it says on or off.
fn jacoby_tag(record: &Match) -> Option<bool> {
    record
        .tag("Jacoby")
        .and_then(|(v, _)| match v.trim().to_ascii_lowercase().as_str() {
            "on" | "yes" | "true" | "1" => Some(true),
            "off" | "no" | "false" | "0" => Some(false),
            _ => None,
        })
}

impl<'a> MatchReplay<'a> {
    /// Replay game `index`: its number, the score line before it, the game itself, and what
    /// its result does to the match.
    fn game(&mut self, index: usize, game: &'a Game) {
        self.number(game);
        if index > 0 && !self.ms.alt.is_empty() {
            let previous = self.record.games[index - 1].number;
            let later = self
                .record
                .games
                .get(index + 1)
                .and_then(|g| g.score.as_ref());
            follow_confirmed(
                &mut self.ms,
                &mut self.findings,
                game.score.as_ref(),
                later,
                written_result(game),
                self.length,
                previous,
            );
        }
        if let Some(at) = self.ms.match_over_at {
            self.after_match_end(index, game, at);
            return;
        }
        let mut pending: Vec<Alternative> = Vec::new();
        let identity = self.score_line(index, game, &mut pending);
        let (crawford, crawford_unknown) = self.crawford(index, identity, &pending);
        let (trace, identity, dispute) =
            self.walk(index, game, identity, crawford, crawford_unknown);
        self.count(game, trace.result.as_ref(), identity, dispute, &mut pending);
        self.ms.alt = pending;
        self.traces.push(trace);
    }

    /// The game's number against the one expected, and in a rotating match the rules it
    /// selects (the expected number where the written one is unreadable).
    fn number(&mut self, game: &Game) {
        // A `Game N` line whose number could not be read is already a syntax error.
        let number_unreadable = game.broken_lines.first().is_some_and(|b| b.0 == game.line);
        if let Some(rot) = self.rotation {
            self.rules = rot.game(if number_unreadable {
                self.expected_number
            } else {
                game.number
            });
        }
        if number_unreadable {
            self.expected_number = self.expected_number.saturating_add(1);
        } else if game.number != self.expected_number {
            self.findings.push(
                Finding::warning(
                    Code::GameNumber,
                    game.number_span,
                    format!("game {} is numbered {}", self.expected_number, game.number),
                )
                .label("game number")
                .help("games are numbered 1, 2, 3, … in order"),
            );
        }
        if !number_unreadable {
            self.expected_number = game.number.saturating_add(1);
        }
    }

    /// A game played after the match ended in game `at`: reported, and left unchecked.
    fn after_match_end(&mut self, index: usize, game: &Game, at: usize) {
        self.findings.push(
            Finding::error(
                Code::AfterMatchEnd,
                game.number_span,
                format!(
                    "game {} is played after the match ended in game {}",
                    game.number, at
                ),
            )
            .label("this game")
            .help("a match ends when a player reaches the match length; remove the games after it"),
        );
        let actions = if self.keep_traces.actions() {
            game.actions
                .iter()
                .map(|a| ActionTrace::Unchecked {
                    line: a.line,
                    side: side_of(a.column()),
                })
                .collect()
        } else {
            Vec::new()
        };
        self.traces
            .push(trace_of(index, game, actions, None, self.rules));
    }

    /// Whether the game is the Crawford game (and whether that cannot be known: a fragment's
    /// first game at match point minus one). After a disputed score line it is judged on the
    /// scores the rules give, unless the next score line follows from the written ones only.
    fn crawford(
        &mut self,
        index: usize,
        identity: [usize; 2],
        pending: &[Alternative],
    ) -> (bool, bool) {
        let length = self.length;
        let crawford_done = self.ms.crawford_done;
        let in_game = self.rules.cube().crawford;
        let match_point = |scores: &[u64; 2]| {
            in_game && length > 1 && !crawford_done && scores.iter().any(|&s| s + 1 == length)
        };
        let written_scores = self.ms.scores;
        let crawford_scores = pending
            .iter()
            .find(|a| matches!(a.confirm, Confirm::Amend((Code::ScoreMismatch, _), ..)))
            .filter(|a| {
                let follows = |from: [u64; 2], to: (u64, u64)| {
                    let (a, b) = (from[identity[0]], from[identity[1]]);
                    to.0 >= a && to.1 >= b && ((to.0 > a) != (to.1 > b))
                };
                self.record
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
            self.ms.crawford_done = true;
        }
        // In a fragment's first game, match point minus one may have been reached in the game
        // before it, which is not in the record: this game may be the Crawford game or a later one.
        let crawford_unknown = at_match_point && self.fragment && index == 0;
        (at_match_point && !crawford_unknown, crawford_unknown)
    }

    /// Walk the game's actions: its trace (with its result), the players' identities as the
    /// walk leaves them, and the result's dispute, if any.
    fn walk(
        &mut self,
        index: usize,
        game: &'a Game,
        identity: [usize; 2],
        crawford: bool,
        crawford_unknown: bool,
    ) -> (GameTrace, [usize; 2], Option<Dispute>) {
        let rules = self.rules;
        let length = self.length;
        let needed = if length > 0 {
            [
                Some(length.saturating_sub(self.ms.scores[identity[0]])),
                Some(length.saturating_sub(self.ms.scores[identity[1]])),
            ]
        } else {
            [None, None]
        };
        let prev_winner_side = self.ms.previous_winner.map(|id| {
            if identity[0] == id {
                Side::White
            } else {
                Side::Black
            }
        });
        let record = self.record;
        let mut w = GameWalker {
            rules,
            referee: Referee::new(&rules),
            findings: &mut self.findings,
            game,
            steps: &record.steps,
            stages: &record.stages,
            as_played: self.as_played,
            boards: self.boards,
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
            trace: Vec::with_capacity(if self.keep_traces.actions() {
                game.actions.len()
            } else {
                0
            }),
            traces: self.keep_traces.actions(),
            stage_traces: self.keep_traces.stages(),
            turns_checked: 0,
            identity,
            prev_winner_side,
            marks_hits: self.marks_hits,
            last_turn_number: None,
            empty_checked: 0,
            last_game: index + 1 == record.games.len(),
            next_game_scored: record
                .games
                .get(index + 1)
                .is_some_and(|g| g.score.is_some()),
        };
        let result = w.run();
        let mut trace = trace_of(index, game, std::mem::take(&mut w.trace), result, rules);
        trace.crawford = crawford;
        trace.turns_checked = w.turns_checked;
        (trace, w.identity, w.result.dispute.take())
    }

    /// Count the game's result in the match: the scores (under every other reading too), the
    /// other readings a disputed result allows, the next starter, the match end.
    fn count(
        &mut self,
        game: &'a Game,
        result: Option<&GameResult>,
        identity: [usize; 2],
        dispute: Option<Dispute>,
        pending: &mut Vec<Alternative<'a>>,
    ) {
        let length = self.length;
        let ms = &mut self.ms;
        ms.last = None;
        if let Some(r) = result.filter(|r| r.draw) {
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
        } else if let Some(r) = result {
            let pts = r.written.or(r.full).unwrap_or(0);
            let id = identity[r.winner.index()];
            let before = ms.scores;
            ms.scores[id] += pts;
            for alt in pending.iter_mut() {
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
    }
}

/// The trace of game `index` with its `actions` and `result`, not a Crawford game, no turn
/// checked.
fn trace_of(
    index: usize,
    game: &Game,
    actions: Vec<ActionTrace>,
    result: Option<GameResult>,
    rules: RuleSet,
) -> GameTrace {
    GameTrace {
        index,
        number: game.number,
        names: game
            .score
            .as_ref()
            .map(|(l, r)| (l.name.clone(), r.name.clone())),
        score: game.score.as_ref().map(|(l, r)| (l.score, r.score)),
        actions,
        result,
        crawford: false,
        turns_checked: 0,
        rules,
    }
}
