//! Walking the games of a match: turn order, plays, chain stages, remainders, the cube,
//! results, score lines and the end of the match.

use super::render::{legal_help, render_steps};
use super::{ActionTrace, Finding, GameResult, GameTrace, Severity, StageTrace};
use crate::codes::Code;
use crate::notation::{CellBody, Column, Loc, Span, Stage, StageKind, StepText, TurnStages};
use crate::record::{Action, Game, Match};
use crate::rules::backgammon::Backgammon;
use crate::rules::gul_bara::{ChainNext, GulBara};
use crate::rules::options::{NextGameStarter, Opening};
use crate::rules::{
    ForcedError, Geometry, PlayError, Position, Roll, RuleSet, Rules, Segment, Side, StageDice,
    Step, StepError, Variant, check_forced_at, resolve_inline, surely_maximal,
};

/// The engine behind a rule set.
enum Engine {
    Gul(GulBara),
    Bg(Backgammon),
}

impl Engine {
    fn rules(&self) -> &dyn Rules {
        match self {
            Engine::Gul(g) => g,
            Engine::Bg(b) => b,
        }
    }
    fn geometry(&self) -> Geometry {
        match self {
            Engine::Gul(g) => g.geometry(),
            Engine::Bg(b) => b.geometry(),
        }
    }
}

/// Why the check of a game stopped early.
struct Stop;

fn side_of(c: Column) -> Side {
    match c {
        Column::Left => Side::White,
        Column::Right => Side::Black,
    }
}

fn column_name(side: Side) -> &'static str {
    match side {
        Side::White => "White (left column)",
        Side::Black => "Black (right column)",
    }
}

fn loc_name(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "the bar".into(),
        p => format!("point {p}"),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Over {
    BearOff { winner: Side, full: u64 },
    Drop { winner: Side, full: u64 },
    Resigned { winner: Side, written: u64 },
}

struct MatchState {
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

struct GameWalker<'a> {
    engine: &'a Engine,
    rules: RuleSet,
    findings: &'a mut Vec<Finding>,
    game: &'a Game,
    /// The record's steps, which the stages' step ranges index.
    steps: &'a [StepText],
    /// The record's stages, which the turn cells' stage ranges index.
    stages: &'a [Stage],
    index: usize,
    pos: Position,
    next: Option<Side>,
    rolls: [u32; 2],
    game_rolls: u32,
    pending: Option<(Side, Vec<StageDice>, Span)>,
    over: Option<Over>,
    wins: Option<(Side, u64, Span)>,
    losses: Vec<(Side, u64, Span)>,
    cube: u64,
    owner: Option<Side>,
    offer: Option<(Side, u64, Span)>,
    cube_turned: bool,
    crawford: bool,
    needed: [Option<u64>; 2],
    trace: Vec<ActionTrace>,
    /// Whether to record `trace` (and the stage traces inside it).
    traces: bool,
    /// Scratch for the segments of a written play, reused between plays.
    segs: Vec<Segment>,
    turns_checked: usize,
    starter: Option<Side>,
    identity: [usize; 2],
    prev_winner_side: Option<Side>,
    marks_hits: bool,
    last_turn_number: Option<(u64, usize)>,
    /// Empty numbered lines of the game whose numbers were checked so far.
    empty_checked: usize,
    last_game: bool,
    next_game_scored: bool,
}

/// Replay every game of a match. With `keep_traces` false the games' `actions` stay empty.
pub(crate) fn replay_match(
    record: &Match,
    rules: RuleSet,
    keep_traces: bool,
) -> (Vec<GameTrace>, Vec<Finding>) {
    let engine = match rules {
        RuleSet::GulBara(o) => Engine::Gul(GulBara { options: o }),
        RuleSet::Backgammon(o) => Engine::Bg(Backgammon { options: o }),
    };
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
    for (index, game) in record.games.iter().enumerate() {
        // A `Game N` line whose number could not be read is already a syntax error.
        let number_unreadable = game.broken_lines.first().is_some_and(|b| b.0 == game.line);
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
            if previous_broken {
            } else if previous_unfinished && got == want {
                findings.push(
                    Finding::error(
                        Code::Draw,
                        l.score_span.join(r.score_span),
                        format!(
                            "game {} has no result and this score line awards nobody a point: a draw, which {} does not have",
                            index,
                            if engine_is_gul(&engine) { "Gul bara" } else { "backgammon" }
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
        } else {
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
        let crawford = match &rules {
            RuleSet::Backgammon(o) => {
                o.crawford
                    && length > 1
                    && !ms.crawford_done
                    && ms.scores.iter().any(|&s| s + 1 == length)
            }
            RuleSet::GulBara(_) => false,
        };
        if crawford {
            ms.crawford_done = true;
        }
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
            engine: &engine,
            rules,
            findings: &mut findings,
            game,
            steps: &record.steps,
            stages: &record.stages,
            index,
            pos: engine.rules().start(),
            next: None,
            rolls: [0, 0],
            game_rolls: 0,
            pending: None,
            over: None,
            wins: None,
            losses: Vec::new(),
            cube: 1,
            owner: None,
            offer: None,
            cube_turned: false,
            crawford,
            needed,
            trace: Vec::new(),
            traces: keep_traces,
            segs: Vec::new(),
            turns_checked: 0,
            starter: None,
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
        };
        let identity = w.identity;
        drop(w);
        ms.last = None;
        if let Some(r) = &result {
            let pts = r.written.or(r.full).unwrap_or(0);
            let id = identity[r.winner.index()];
            ms.scores[id] += pts;
            ms.last = r.jacoby_single.map(|single| (id, pts, single));
            ms.previous_winner = Some(id);
            if length > 0 && ms.scores[id] >= length {
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

fn engine_is_gul(e: &Engine) -> bool {
    matches!(e, Engine::Gul(_))
}

impl GameWalker<'_> {
    /// A player as named in messages: `Ali (White, left column)`, or the column alone.
    fn who(&self, side: Side) -> String {
        let name = self.game.score.as_ref().map(|(l, r)| {
            if side == Side::White {
                &l.name
            } else {
                &r.name
            }
        });
        match (name, side) {
            (Some(n), Side::White) if !n.is_empty() => format!("{n} (White, left column)"),
            (Some(n), Side::Black) if !n.is_empty() => format!("{n} (Black, right column)"),
            _ => column_name(side).to_string(),
        }
    }

    fn variant(&self) -> Variant {
        // What `self.engine.rules().variant()` answers, without the dynamic call.
        match self.engine {
            Engine::Gul(_) => Variant::GulBara,
            Engine::Bg(_) => Variant::Backgammon,
        }
    }

    fn push(&mut self, f: Finding) {
        self.findings.push(f);
    }

    /// Record an action in the game's trace, when traces are kept.
    fn record(&mut self, t: ActionTrace) {
        if self.traces {
            self.trace.push(t);
        }
    }

    /// A stage played in `steps`: its trace (when traces are kept) and the number of steps.
    #[inline]
    fn stage_done(
        &self,
        out: &mut Vec<StageTrace>,
        stage: &Stage,
        dice: StageDice,
        steps: &[Step],
    ) -> u8 {
        if self.traces {
            let (dice, available) = super::stage_dice_list(dice);
            out.push(StageTrace {
                kind: stage.kind,
                dice,
                available,
                steps: steps.to_vec(),
            });
        }
        steps.len() as u8
    }

    /// Walk the actions; returns the result.
    fn run(&mut self) -> Option<GameResult> {
        let actions = &self.game.actions;
        let mut i = 0;
        let mut stopped_at: Option<usize> = None;
        while i < actions.len() {
            let a = &actions[i];
            // Stop at the first line with a syntax error, whether or not it yielded a cell.
            let broken = self
                .game
                .broken_lines
                .first()
                .filter(|(l, _)| *l <= a.line)
                .map(|b| b.1);
            if let Some(bspan) = broken {
                let rest = self.count_turns(i);
                self.push(Finding {
                    severity: Severity::Advice,
                    ..Finding::error(
                        Code::NotChecked,
                        bspan,
                        format!(
                            "game {}: the check stops at this line because of its syntax error; {} turn(s) from here on were not checked",
                            self.game.number, rest
                        ),
                    )
                    .label("not checked from here")
                });
                stopped_at = Some(i);
                break;
            }
            self.check_turn_number(a);
            let mark = self.trace.len();
            match self.action(i) {
                Ok(()) => {}
                Err(Stop) => {
                    self.trace.truncate(mark);
                    let rest = self.count_turns(i + 1);
                    if let Some(last) = self.findings.last_mut()
                        && rest > 0
                    {
                        let note = format!(
                            "{rest} later turn(s) of game {} were not checked",
                            self.game.number
                        );
                        last.help = Some(match last.help.take() {
                            Some(h) => format!("{h}\n{note}"),
                            None => note,
                        });
                    }
                    stopped_at = Some(i);
                    break;
                }
            }
            i += 1;
        }
        if let Some(s) = stopped_at {
            for a in &actions[s.min(actions.len())..] {
                self.record(ActionTrace::Unchecked {
                    line: a.line,
                    side: side_of(a.column()),
                });
            }
            // Still read a written result, so later score lines are judged against it.
            return self.written_result_after(s);
        }
        self.check_empty_lines_before(usize::MAX);
        self.finish()
    }

    fn written_result_after(&self, from: usize) -> Option<GameResult> {
        self.game.actions[from.min(self.game.actions.len())..]
            .iter()
            .chain(self.game.actions.iter())
            .find_map(|a| match a.cell.body {
                CellBody::Wins { points, .. } => Some(GameResult {
                    winner: side_of(a.column()),
                    written: Some(points),
                    full: None,
                    how: "unchecked",
                    jacoby_single: None,
                }),
                _ => None,
            })
            .or_else(|| {
                self.wins.map(|(s, p, _)| GameResult {
                    winner: s,
                    written: Some(p),
                    full: None,
                    how: "unchecked",
                    jacoby_single: None,
                })
            })
    }

    fn count_turns(&self, from: usize) -> usize {
        self.game.actions[from.min(self.game.actions.len())..]
            .iter()
            .filter(|a| matches!(a.cell.body, CellBody::Turn { .. }))
            .count()
    }

    fn check_turn_number(&mut self, a: &Action) {
        self.check_empty_lines_before(a.line);
        let Some(n) = a.turn_number else { return };
        self.check_number(n, a.line, a.turn_span.unwrap_or(a.cell.span));
    }

    /// Check the numbers of the empty numbered lines (`  7)`) written before `line`.
    fn check_empty_lines_before(&mut self, line: usize) {
        while let Some(&(l, n, span)) = self.game.empty_lines.get(self.empty_checked) {
            if l >= line {
                break;
            }
            self.empty_checked += 1;
            self.check_number(n, l, span);
        }
    }

    /// Turn number `n` written on `line`: 1 on the first turn line, then one more per line.
    #[inline]
    fn check_number(&mut self, n: u64, line: usize, span: Span) {
        match self.last_turn_number {
            // The common cases, without a finding: the same line, or the next number.
            Some((_, prev_line)) if prev_line == line => {}
            Some((prev, _)) if n == prev.wrapping_add(1) => self.last_turn_number = Some((n, line)),
            _ => self.check_number_slow(n, line, span),
        }
    }

    /// [`Self::check_number`] in full.
    #[cold]
    #[inline(never)]
    fn check_number_slow(&mut self, n: u64, line: usize, span: Span) {
        match self.last_turn_number {
            Some((_, prev_line)) if prev_line == line => {}
            Some((prev, _)) => {
                if n != prev.wrapping_add(1) {
                    self.push(
                        Finding::warning(
                            Code::TurnNumber,
                            span,
                            format!(
                                "line {line} is numbered {n}, expected {}",
                                prev.wrapping_add(1)
                            ),
                        )
                        .label("out of sequence")
                        .help("turn lines are numbered 1, 2, 3, … within each game"),
                    );
                }
                self.last_turn_number = Some((n, line));
            }
            None => {
                if n != 1 {
                    self.push(
                        Finding::warning(
                            Code::TurnNumber,
                            span,
                            format!(
                                "the first turn line of game {} is numbered {n}",
                                self.game.number
                            ),
                        )
                        .label("out of sequence")
                        .help("turn lines are numbered 1, 2, 3, … within each game"),
                    );
                }
                self.last_turn_number = Some((n, line));
            }
        }
    }

    /// Is action `i` the last entry of the whole record?
    fn is_last_entry(&self, i: usize) -> bool {
        self.last_game && i + 1 == self.game.actions.len()
    }

    /// Is the action after `i` a `Wins` (a resignation right after a roll)?
    fn followed_by_resignation(&self, i: usize) -> bool {
        let mut j = i + 1;
        while let Some(a) = self.game.actions.get(j) {
            match a.cell.body {
                // Either the roller resigned (gnubg) or the opponent resigned on seeing the roll.
                CellBody::Wins { .. } => return true,
                CellBody::Losses { .. } => j += 1,
                _ => return false,
            }
        }
        false
    }

    fn action(&mut self, i: usize) -> Result<(), Stop> {
        let a = &self.game.actions[i];
        let side = side_of(a.column());
        match &a.cell.body {
            CellBody::Turn { stages } => {
                let TurnStages {
                    received,
                    roll,
                    chain,
                } = stages.split(self.stages);
                self.turn(i, a, side, received, roll, chain)
            }
            CellBody::Double { value, value_span } => {
                self.double(a, side, "double", *value, *value_span)
            }
            CellBody::Beaver { value, value_span } => {
                self.double(a, side, "beaver", *value, *value_span)
            }
            CellBody::Raccoon { value, value_span } => {
                self.double(a, side, "raccoon", *value, *value_span)
            }
            CellBody::Take => self.answer(a, side, true),
            CellBody::Drop => self.answer(a, side, false),
            CellBody::Wins {
                points,
                points_span,
                and_match,
            } => self.wins(a, side, *points, *points_span, *and_match),
            CellBody::Losses {
                points,
                points_span,
            } => {
                self.record(ActionTrace::Result {
                    line: a.line,
                    side,
                    wins: false,
                    points: *points,
                    and_match: false,
                });
                self.losses.push((side, *points, *points_span));
                Ok(())
            }
        }
    }

    fn after_end(&mut self, a: &Action) -> Result<(), Stop> {
        let what = match self.over {
            Some(Over::BearOff { winner, .. }) => {
                format!("{} has borne off every checker", self.who(winner))
            }
            Some(Over::Drop { winner, .. }) => {
                format!("the double was dropped, so {} has won", self.who(winner))
            }
            Some(Over::Resigned { winner, .. }) => {
                format!("the game was resigned to {}", self.who(winner))
            }
            None => "the game is over".into(),
        };
        self.push(
            Finding::error(
                Code::AfterGameEnd,
                a.cell.span,
                format!(
                    "an entry after the end of game {}: {what}",
                    self.game.number
                ),
            )
            .label("after the end")
            .help("nothing but the result (`Wins N points`) follows the end of a game"),
        );
        Err(Stop)
    }

    #[inline]
    fn expect_side(&mut self, a: &Action, side: Side, span: Span) -> Result<(), Stop> {
        if let Some(n) = self.next
            && n != side
        {
            let _ = a;
            return self.out_of_turn(side, n, span);
        }
        Ok(())
    }

    /// The finding of [`Self::expect_side`]: `side` acts while it is `n`'s turn.
    #[cold]
    #[inline(never)]
    fn out_of_turn(&mut self, side: Side, n: Side, span: Span) -> Result<(), Stop> {
        self.push(
            Finding::error(
                Code::TurnOrder,
                span,
                format!("{} acts twice in a row; it is {}'s turn", self.who(side), self.who(n)),
            )
            .label("out of turn")
            .help("players alternate: each line holds the left player's turn, then the right player's"),
        );
        Err(Stop)
    }

    #[allow(clippy::too_many_arguments)]
    fn turn(
        &mut self,
        i: usize,
        a: &Action,
        side: Side,
        received: &[Stage],
        roll: Option<&Stage>,
        chain: &[Stage],
    ) -> Result<(), Stop> {
        if self.over.is_some() {
            return self.after_end(a);
        }
        let first_span = received
            .first()
            .or(roll)
            .map(|s| s.dice_span)
            .unwrap_or(a.cell.span);
        if let Some((doubler, _, span)) = self.offer {
            self.push(
                Finding::error(
                    Code::UnansweredDouble,
                    first_span,
                    format!("{} doubled, but the double was never taken or dropped", self.who(doubler)),
                )
                .label("roll without an answer")
                .related(span, "the double")
                .help("write ` Takes` or ` Drops` in the opponent's column right after ` Doubles => N`"),
            );
            return Err(Stop);
        }
        self.expect_side(a, side, first_span)?;
        // Only the trace needs the position before the turn.
        let before = self.traces.then_some(self.pos);
        let cube_before = (self.cube as u32, self.owner);
        self.turns_checked += 1;
        let mut rec_traces = Vec::new();
        // Received remainder stages.
        let pending = self.pending.take();
        match pending {
            Some((recv, stages, from_span)) if recv == side => {
                for (k, exp) in stages.iter().enumerate() {
                    let StageDice::Double { value, .. } = *exp else {
                        continue;
                    };
                    let Some(w) = received.get(k) else {
                        let listed: Vec<String> = stages[k..]
                            .iter()
                            .map(|s| match s {
                                StageDice::Double { value, .. } => format!("({value}{value}):"),
                                _ => String::new(),
                            })
                            .collect();
                        self.push(
                            Finding::error(
                                Code::MissingRemainder,
                                roll.map(|r| r.dice_span).unwrap_or(a.cell.span),
                                format!("{} must first play the remainder passed from the broken chain: {}", self.who(side), listed.join(" ")),
                            )
                            .label("expected the remainder before this")
                            .related(from_span, "the chain broke here")
                            .help("received stages are written before the roll, each as `(nn):` with its steps, empty when nothing could be played"),
                        );
                        return Err(Stop);
                    };
                    if w.a != value {
                        self.push(
                            Finding::error(
                                Code::WrongRemainder,
                                w.dice_span,
                                format!("the next received stage is ({value}{value}):, not ({}{}):", w.a, w.b),
                            )
                            .label("wrong stage")
                            .related(from_span, "the chain broke here")
                            .help("received stages come in ascending order: the rest of the broken stage, then every higher number up to 6"),
                        );
                        return Err(Stop);
                    }
                    self.play(i, side, *exp, w, &mut rec_traces)?;
                    if self.pos.off(side) == 15 {
                        self.end_by_bear_off(side);
                        if let Some(extra) = received.get(k + 1).or(roll) {
                            self.push(
                                Finding::error(
                                    Code::AfterGameEnd,
                                    extra.dice_span,
                                    format!("{} bore off the last checker while playing the remainder; the game is over", self.who(side)),
                                )
                                .label("after the end")
                                .help("the receiver wins at once; nothing more is played"),
                            );
                            return Err(Stop);
                        }
                        break;
                    }
                }
                if self.over.is_none() && received.len() > stages.len() {
                    let extra = &received[stages.len()];
                    self.push(
                        Finding::error(
                            Code::UnexpectedRemainder,
                            extra.dice_span,
                            format!("only {} stage(s) were passed; this one was not", stages.len()),
                        )
                        .label("not passed")
                        .related(from_span, "the chain broke here")
                        .help("the remainder is the rest of the broken stage and every higher stage up to 6, nothing more"),
                    );
                    return Err(Stop);
                }
            }
            other => {
                self.pending = other;
                if let Some(extra) = received.first() {
                    self.push(
                        Finding::error(
                            Code::UnexpectedRemainder,
                            extra.dice_span,
                            format!("{} plays a received stage, but no remainder was passed to them", self.who(side)),
                        )
                        .label("nothing was passed")
                        .help(match self.variant() {
                            Variant::GulBara => "a remainder passes only when a chain breaks outside the exempt window, and only under `remainder = pass`",
                            Variant::Backgammon => "backgammon has no remainders; `(nn):` stages are a Gul bara form",
                        }),
                    );
                    return Err(Stop);
                }
            }
        }
        let mut stage_traces = Vec::new();
        if self.over.is_none() {
            let Some(roll) = roll else {
                if !received.is_empty() {
                    // The receiver played the remainder but has not rolled: the cell ends early.
                    self.push(
                        Finding::error(
                            Code::MissingRoll,
                            a.cell.span,
                            format!("{} played the remainder but the roll that follows it is missing", self.who(side)),
                        )
                        .label("no roll")
                        .help("after the received stages the receiver rolls as usual: write `dd: steps`"),
                    );
                } else {
                    self.push(
                        Finding::error(Code::MissingRoll, a.cell.span, "a turn without a roll")
                            .label("no roll")
                            .help("write the roll as `dd:` before the steps"),
                    );
                }
                return Err(Stop);
            };
            self.roll(i, a, side, roll, chain, &mut stage_traces)?;
        } else if let Some(first) = chain.first() {
            self.push(
                Finding::error(
                    Code::UnexpectedStage,
                    first.dice_span,
                    "a chain stage after the end of the game",
                )
                .label("after the end")
                .help("the game ends when the last checker is borne off"),
            );
            return Err(Stop);
        }
        if self.traces {
            let note = roll.and_then(|r| {
                if r.moves.cannot_move().is_some() {
                    Some("cannot-move")
                } else if r.moves.unknown().is_some() {
                    Some("unknown")
                } else if r.moves.illegal().is_some() {
                    Some("illegal")
                } else {
                    None
                }
            });
            self.record(ActionTrace::Turn {
                line: a.line,
                side,
                roll: roll.map(|r| (r.a, r.b)),
                received: rec_traces,
                stages: stage_traces,
                note,
                position: self.pos,
                before: before.unwrap_or(self.pos),
                cube: cube_before,
            });
        }
        self.next = Some(side.other());
        if self.starter.is_none() {
            self.starter = Some(side);
        }
        Ok(())
    }

    fn roll(
        &mut self,
        i: usize,
        a: &Action,
        side: Side,
        roll_stage: &Stage,
        chain: &[Stage],
        out: &mut Vec<StageTrace>,
    ) -> Result<(), Stop> {
        let roll = Roll {
            a: roll_stage.a,
            b: roll_stage.b,
        };
        let first_roll_of_game = self.game_rolls == 0;
        self.rolls[side.index()] += 1;
        self.game_rolls += 1;
        if first_roll_of_game {
            self.opening_checks(side, roll, roll_stage)?;
        }
        let chains = match self.engine {
            Engine::Gul(g) => {
                roll.is_double() && g.chains(self.rolls[side.index()], self.game_rolls)
            }
            Engine::Bg(_) => false,
        };
        let mut dice = roll.stage();
        let mut stage = roll_stage;
        let mut k = 0usize; // stages played so far
        // The last stage played: its (first) die value and the steps played.
        let mut last: (u8, u8);
        loop {
            let played = self.play(i, side, dice, stage, out)?;
            last = (
                match dice {
                    StageDice::Mixed { high, .. } => high,
                    StageDice::Double { value, .. } => value,
                },
                played,
            );
            k += 1;
            let finished = self.pos.off(side) == 15;
            if finished {
                self.end_by_bear_off(side);
            }
            let Engine::Gul(g) = self.engine else { break };
            if !chains {
                break;
            }
            let StageDice::Double { value, .. } = dice else {
                break;
            };
            match g.after_stage(value, played, k == 1, finished) {
                ChainNext::Stage(v) => match chain.get(k - 1) {
                    None => {
                        let last = if k == 1 {
                            roll_stage.dice_span
                        } else {
                            chain[k - 2].dice_span
                        };
                        self.push(
                            Finding::error(
                                Code::MissingStage,
                                last,
                                format!("after a full stage of {value}s the chain continues with +{v}{v}:, which is not written"),
                            )
                            .label(format!("full stage of {value}s"))
                            .help(format!("write `+{v}{v}:` and its steps after this stage (empty if no {v} can be played)")),
                        );
                        return Err(Stop);
                    }
                    Some(w) if w.a != v => {
                        self.push(
                            Finding::error(
                                Code::WrongStage,
                                w.dice_span,
                                format!("after a full stage of {value}s the chain continues with +{v}{v}:, not +{}{}:", w.a, w.b),
                            )
                            .label("wrong stage")
                            .help("chain stages rise by one: 1s, 2s, … up to 6s"),
                        );
                        return Err(Stop);
                    }
                    Some(w) => {
                        dice = StageDice::Double { value: v, count: 4 };
                        stage = w;
                    }
                },
                ChainNext::End(rem) => {
                    if !rem.is_empty() {
                        self.pending = Some((side.other(), rem, stage.dice_span));
                    }
                    break;
                }
            }
        }
        if let Some(extra) = chain.get(k - 1) {
            let why = if !roll.is_double() {
                "only a doublet starts a chain".to_string()
            } else if !chains {
                match self.engine {
                    Engine::Gul(g) => format!(
                        "this is roll {} of {} in the game, inside the exempt window ({} rolls, {}): a doublet there is one stage, no chain",
                        match g.options.chain_exempt_scope {
                            crate::rules::options::ExemptScope::PerPlayer =>
                                self.rolls[side.index()],
                            crate::rules::options::ExemptScope::Game => self.game_rolls,
                        },
                        match g.options.chain_exempt_scope {
                            crate::rules::options::ExemptScope::PerPlayer => "this player",
                            crate::rules::options::ExemptScope::Game => "all players",
                        },
                        g.options.chain_exempt_rolls,
                        match g.options.chain_exempt_scope {
                            crate::rules::options::ExemptScope::PerPlayer => "per player",
                            crate::rules::options::ExemptScope::Game => "per game",
                        }
                    ),
                    Engine::Bg(_) => "backgammon has no chains".into(),
                }
            } else if self.over.is_some() {
                "the game ended when the last checker was borne off".into()
            } else if last == (6, 4) {
                "the chain ends after the stage of 6s".into()
            } else {
                "the previous stage was not played in full, so the chain ended there".into()
            };
            let _ = a;
            self.push(
                Finding::error(Code::UnexpectedStage, extra.dice_span, format!("no chain stage is due here: {why}"))
                    .label("not due")
                    .related(roll_stage.dice_span, "the roll")
                    .help("remove this stage; unplayed steps of a broken chain pass to the opponent as `(nn):` stages"),
            );
            return Err(Stop);
        }
        Ok(())
    }

    fn opening_checks(&mut self, side: Side, roll: Roll, stage: &Stage) -> Result<(), Stop> {
        let (opening, prev_winner_starts) = match self.rules {
            RuleSet::GulBara(o) => (
                o.opening,
                o.next_game_starter == NextGameStarter::PreviousWinner && self.index > 0,
            ),
            RuleSet::Backgammon(o) => (o.opening, false),
        };
        if prev_winner_starts {
            if let Some(w) = self.prev_winner_side
                && side != w
            {
                self.push(
                        Finding::error(
                            Code::WrongStarter,
                            stage.dice_span,
                            format!("{} starts game {}, but the previous game's winner, {}, must start it", self.who(side), self.game.number, self.who(w)),
                        )
                        .label("first roll")
                        .help("under `next_game_starter = previous-winner` the winner of the previous game rolls first"),
                    );
                return Err(Stop);
            }
            return Ok(());
        }
        if opening == Opening::StarterPlaysOpeningDice && roll.is_double() {
            self.push(
                Finding::error(
                    Code::OpeningDoublet,
                    stage.dice_span,
                    format!("game {} opens with the doublet {roll}, but the opening roll can never be a doublet", self.game.number),
                )
                .label("opening doublet")
                .help("with `opening = starter-plays-opening-dice` each player rolls one die, ties re-roll, and the starter plays those two different dice"),
            );
            return Err(Stop);
        }
        Ok(())
    }

    fn end_by_bear_off(&mut self, winner: Side) {
        let full = match self.engine {
            Engine::Gul(g) => g.points(&self.pos, winner) as u64,
            Engine::Bg(b) => {
                let level = b.level(&self.pos, winner) as u64;
                let level = if b.options.jacoby && self.money() && !self.cube_turned {
                    1
                } else {
                    level
                };
                level * self.cube
            }
        };
        self.over = Some(Over::BearOff { winner, full });
        self.pending = None;
    }

    fn money(&self) -> bool {
        self.needed[0].is_none()
    }

    /// Validate one stage's written play and apply it; its trace goes to `out` (when traces
    /// are kept). Returns the number of steps played.
    fn play(
        &mut self,
        i: usize,
        side: Side,
        dice: StageDice,
        stage: &Stage,
        out: &mut Vec<StageTrace>,
    ) -> Result<u8, Stop> {
        let rules = self.engine.rules();
        let moves = &stage.moves;
        let written = moves.steps.of(self.steps);
        let with_steps = |span: Span| match (written.first(), written.last()) {
            (Some(a), Some(b)) => span.join(a.span).join(b.span),
            _ => span,
        };
        if let Some(span) = moves.illegal().map(with_steps) {
            self.push(
                Finding::error(
                    Code::WriterIllegalPlay,
                    span,
                    "the program that wrote this record marked the play as illegal; the real play is unknown",
                )
                .label("illegal play recorded")
                .related(stage.dice_span, format!("roll {dice}"))
                .help("Snowie writes `Illegal play (…)` when a player made an illegal move; the record cannot be replayed past it"),
            );
            return Err(Stop);
        }
        if let Some(span) = moves.unknown().map(with_steps) {
            if self.followed_by_resignation(i)
                && stage.kind == StageKind::Roll
                && written.is_empty()
            {
                return Ok(self.stage_done(out, stage, dice, &[]));
            }
            self.push(
                Finding::error(Code::UnknownPlay, span, "`????` stands for a play that was not recorded")
                    .label("unknown play")
                    .help("XG writes `????` only for a roll followed by a resignation; here the game goes on"),
            );
            return Err(Stop);
        }
        if let (Some(cm), false) = (moves.cannot_move().map(with_steps), written.is_empty()) {
            self.push(
                Finding::error(
                    Code::CannotMoveWithSteps,
                    cm,
                    "`Cannot Move` together with steps",
                )
                .label("contradiction")
                .help("write either the steps or `Cannot Move`"),
            );
            return Err(Stop);
        }
        // Gul bara has no bar and no hits.
        if self.variant() == Variant::GulBara {
            for st in written {
                for (loc, hit, span) in st.path.iter() {
                    if loc == Loc::Bar {
                        self.push(
                            Finding::error(
                                Code::NoBar,
                                span,
                                "Gul bara has no bar: no checker is ever hit",
                            )
                            .label("bar")
                            .help("write steps between points 24..1 and `off`"),
                        );
                        return Err(Stop);
                    }
                    if hit {
                        self.push(
                            Finding::error(
                                Code::NoHitting,
                                span,
                                "Gul bara has no hitting: a single checker blocks its point",
                            )
                            .label("`*` marks a hit")
                            .help("remove the `*`"),
                        );
                        return Err(Stop);
                    }
                }
            }
        }
        if written.is_empty() {
            if !rules.can_move(&self.pos, side, dice) {
                return Ok(self.stage_done(out, stage, dice, &[]));
            }
            let set = rules.legal_plays(&self.pos, side, dice);
            // Roll, then resignation.
            if stage.kind == StageKind::Roll
                && moves.cannot_move().is_none()
                && self.followed_by_resignation(i)
            {
                return Ok(self.stage_done(out, stage, dice, &[]));
            }
            // A truncated record: the last entry of the file is a roll not yet played.
            if stage.kind == StageKind::Roll
                && moves.cannot_move().is_none()
                && self.is_last_entry(i)
            {
                return Ok(self.stage_done(out, stage, dice, &[]));
            }
            if self.variant() == Variant::Backgammon
                && moves.cannot_move().is_none()
                && set.len() == 1
            {
                let (p, steps) = set.results[0].clone();
                self.push(
                    Finding::warning(
                        Code::ForcedPlayOmitted,
                        stage.dice_span,
                        format!("the cell is empty; the only legal play {} was applied", render_steps(&steps)),
                    )
                    .label("empty cell")
                    .help("some writers leave a forced play out; write it to make the record complete"),
                );
                self.pos = p;
                return Ok(self.stage_done(out, stage, dice, &steps));
            }
            let what = if moves.cannot_move().is_some() {
                "`Cannot Move`"
            } else {
                "an empty cell"
            };
            self.push(
                Finding::error(
                    Code::DanceNotJustified,
                    moves.cannot_move().unwrap_or(stage.dice_span),
                    format!("{what} for {dice}, but {} could move", self.who(side)),
                )
                .label("no move written")
                .related(stage.dice_span, format!("{dice}"))
                .help(legal_help(&set, dice)),
            );
            return Err(Stop);
        }
        // Build segments: each written hop, repeated as written (their spans only for errors).
        let mut segs = std::mem::take(&mut self.segs);
        segs.clear();
        // The `*` marks written, each counted once whatever the repeat.
        let mut marked = 0usize;
        for st in written {
            let n = st.path.len();
            for k in 0..n {
                if st.path.get(k).1 {
                    marked += 1;
                }
            }
            if n < 2 {
                continue;
            }
            for _ in 0..st.repeat.max(1) {
                let mut from = st.path.get(0).0.index();
                for k in 1..n {
                    let to = st.path.get(k).0.index();
                    segs.push(Segment { from, to });
                    from = to;
                }
            }
        }
        let (position, steps) =
            match resolve_inline(self.engine.geometry(), &self.pos, side, dice, &segs) {
                Ok(r) => r,
                Err(e) => {
                    let set = rules.legal_plays(&self.pos, side, dice);
                    let seg_span = segment_spans(written);
                    let f = self.play_error(e, &segs, &seg_span, side, dice, stage, &set);
                    self.push(f);
                    return Err(Stop);
                }
            };
        // A play that uses every die is maximal: only shorter plays need the legal set.
        if steps.len() < dice.len() as usize
            && !surely_maximal(
                self.engine.geometry(),
                &self.pos,
                side,
                dice,
                &position,
                steps.len() as u8,
            )
        {
            self.check_forced(side, dice, stage, &position, steps.len() as u8)?;
        }
        // Hit marks (backgammon files that mark hits).
        if self.marks_hits && self.variant() == Variant::Backgammon {
            // `10/2*(2)`: one mark for the hit made by the first of the repeated checkers.
            let hits = steps.as_slice().iter().filter(|s| s.hit).count();
            if marked != hits {
                let span = written
                    .first()
                    .unwrap()
                    .span
                    .join(written.last().unwrap().span);
                self.push(
                    Finding::warning(
                        Code::HitMark,
                        span,
                        format!("the play hits {hits} blot(s) but marks {marked} with `*`"),
                    )
                    .label("hit marks")
                    .help("hits are computed from the board; in a file that marks hits every hit should carry `*`"),
                );
            }
        }
        self.pos = position;
        self.segs = segs;
        Ok(self.stage_done(out, stage, dice, steps.as_slice()))
    }

    /// The forced-play rules for a play of `used` steps reaching `position`, judged against
    /// the legal set (out of the hot path: most plays are settled without it).
    #[inline(never)]
    fn check_forced(
        &mut self,
        side: Side,
        dice: StageDice,
        stage: &Stage,
        position: &Position,
        used: u8,
    ) -> Result<(), Stop> {
        let written = stage.moves.steps.of(self.steps);
        let set = self.engine.rules().legal_plays(&self.pos, side, dice);
        if let Err(e) = check_forced_at(&set, position, used, dice) {
            let set = &set;
            let span = written
                .first()
                .unwrap()
                .span
                .join(written.last().unwrap().span);
            let (code, msg) = match e {
                ForcedError::TooFewDice { used, max } => (
                    Code::ForcedPlay,
                    if max as usize == dice.len() as usize {
                        format!(
                            "the play uses {used} of the {max} steps of {dice}, but all {max} can be played"
                        )
                    } else {
                        format!("the play uses {used} step(s) of {dice}, but {max} can be played")
                    },
                ),
                ForcedError::LargerDie { larger } => (
                    Code::LargerDie,
                    format!(
                        "only one die of {dice} can be played, and then it must be the larger, {larger}"
                    ),
                ),
            };
            self.push(
                Finding::error(code, span, msg)
                    .label("this play")
                    .related(stage.dice_span, format!("{dice}"))
                    .help(legal_help(set, dice)),
            );
            return Err(Stop);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn play_error(
        &self,
        e: PlayError,
        segs: &[Segment],
        spans: &[Span],
        side: Side,
        dice: StageDice,
        stage: &Stage,
        set: &crate::rules::PlaySet,
    ) -> Finding {
        let legal = if set.max_steps == 0 {
            format!("no step of {dice} can be played here: write the stage with no steps")
        } else {
            legal_help(set, dice)
        };
        let seg_str = |k: usize| format!("{}/{}", loc_short(segs[k].from), loc_short(segs[k].to));
        let opp = |p: u8| self.engine.rules().opposite(p);
        let f = match e {
            PlayError::TooManySteps { segment, dice: n } => Finding::error(
                Code::TooManySteps,
                spans[segment.min(spans.len() - 1)],
                format!("more steps written than {dice} allows ({n})"),
            )
            .label("one step too many"),
            PlayError::NoDice { segment, remaining } => Finding::error(
                Code::NoDie,
                spans[segment],
                if remaining.is_empty() {
                    format!("no die of {dice} is left for {}", seg_str(segment))
                } else {
                    format!(
                        "no die of {dice} moves {}: the dice left ({}) do not make that distance",
                        seg_str(segment),
                        remaining
                            .iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                },
            )
            .label("no die for this"),
            PlayError::Step {
                segment,
                from,
                die,
                intermediate,
                error,
            } => {
                let span = spans[segment];
                match error {
                    StepError::NoChecker { from } => Finding::error(
                        Code::NoChecker,
                        span,
                        format!("{} has no checker on {} to move", self.who(side), loc_name(from)),
                    )
                    .label("no checker here"),
                    StepError::Blocked { point, count } if intermediate => Finding::error(
                        Code::BlockedPath,
                        span,
                        format!(
                            "{} passes through {}, which the opponent holds ({} checker{} on their point {})",
                            seg_str(segment),
                            loc_name(point),
                            count,
                            if count == 1 { "" } else { "s" },
                            opp(point)
                        ),
                    )
                    .label("path blocked")
                    .help("every intermediate landing point of a combined move must be open"),
                    StepError::Blocked { point, count } => Finding::error(
                        Code::Blocked,
                        span,
                        format!(
                            "{} is held by the opponent ({} checker{} on their point {})",
                            loc_name(point),
                            count,
                            if count == 1 { "" } else { "s" },
                            opp(point)
                        ),
                    )
                    .label("point blocked"),
                    StepError::MustEnter => Finding::error(
                        Code::MustEnter,
                        span,
                        format!("{} has a checker on the bar and must enter it before moving others", self.who(side)),
                    )
                    .label("checker on the bar"),
                    StepError::NotAllHome { outside } => Finding::error(
                        Code::BearOffNotHome,
                        span,
                        format!("bearing off before all checkers are home: one stands on point {outside}"),
                    )
                    .label("not all home"),
                    StepError::HigherChecker { higher } => Finding::error(
                        Code::BearOffHigher,
                        span,
                        format!(
                            "a {die} bears off from point {from} only when no checker stands higher, but one stands on point {higher}"
                        ),
                    )
                    .label("a higher checker must move"),
                    StepError::NoBar => Finding::error(Code::NoBar, span, "Gul bara has no bar").label("bar"),
                }
            }
            PlayError::HitOnTheWay { segment, point } => Finding::error(
                Code::AmbiguousPath,
                spans[segment],
                format!(
                    "{} can only be played by hitting on {} on the way, which is not written",
                    seg_str(segment),
                    point
                ),
            )
            .label("hit on the way")
            .help(format!(
                "write the hit explicitly, e.g. `{}/{}*/{}`",
                loc_short(segs[segment].from),
                point,
                loc_short(segs[segment].to)
            )),
            PlayError::NoOrder => Finding::error(
                Code::IllegalPlay,
                spans[0].join(spans[spans.len() - 1]),
                format!("these steps cannot all be played with {dice} in any order"),
            )
            .label("this play"),
        };
        let f = f.related(stage.dice_span, format!("{dice}"));
        match &f.help {
            Some(h) => {
                let h = format!("{h}\n{legal}");
                f.help(h)
            }
            None => f.help(legal),
        }
    }

    fn double(
        &mut self,
        a: &Action,
        side: Side,
        kind: &'static str,
        value: u64,
        value_span: Span,
    ) -> Result<(), Stop> {
        // gnubg writes a beaver as the doubled player's immediate `Doubles => 2N`.
        let kind = match (kind, self.offer) {
            ("double", Some((doubler, _, _))) if doubler != side => "beaver",
            _ => kind,
        };
        if self.over.is_some() {
            return self.after_end(a);
        }
        let span = a.cell.span;
        let RuleSet::Backgammon(opts) = self.rules else {
            self.push(
                Finding::error(Code::NoCube, span, "Gul bara has no doubling cube")
                    .label("cube action")
                    .help("remove the cube action"),
            );
            return Err(Stop);
        };
        if !opts.cube {
            self.push(
                Finding::error(Code::NoCube, span, "the cube is not in use in this match")
                    .label("cube action")
                    .help(if opts.preset == "short-nardy" {
                        "short nardy is played without the cube"
                    } else {
                        "the header sets `CubeLimit \"1\"`: no doubling"
                    }),
            );
            return Err(Stop);
        }
        match kind {
            "double" => {
                if self.offer.is_none() {
                    self.expect_side(a, side, span)?;
                }
                if self.offer.is_some() {
                    self.push(
                        Finding::error(Code::DoubleTwice, span, "a double while another is open")
                            .label("second double"),
                    );
                    return Err(Stop);
                }
                if self.game_rolls == 0 {
                    self.push(
                        Finding::error(Code::EarlyDouble, span, "a double before the opening roll")
                            .label("no roll yet")
                            .help("the first turn of a game is the opening roll; doubling starts after it"),
                    );
                    return Err(Stop);
                }
                if self.crawford {
                    self.push(
                        Finding::error(Code::CrawfordDouble, span, format!("a double in the Crawford game (game {})", self.game.number))
                            .label("no doubling in the Crawford game")
                            .help("in the game right after a player first reaches match point minus one, the cube is dead"),
                    );
                    return Err(Stop);
                }
                if let Some(o) = self.owner
                    && o != side
                {
                    self.push(
                            Finding::error(
                                Code::DoubleNotOwner,
                                span,
                                format!("{} doubles, but the cube belongs to {}", self.who(side), self.who(o)),
                            )
                            .label("not the cube owner")
                            .help("only the owner of the cube, or either player while it is centred, may double"),
                        );
                    return Err(Stop);
                }
                self.expect_cube_value("a double", self.cube * 2, value, value_span)?;
                self.offer = Some((side, value, span));
                self.next = Some(side.other());
            }
            "beaver" => {
                let Some((doubler, v, _)) = self.offer else {
                    self.push(
                        Finding::error(
                            Code::AnswerWithoutDouble,
                            span,
                            "a beaver without a double",
                        )
                        .label("beaver"),
                    );
                    return Err(Stop);
                };
                if side == doubler || !opts.beaver || !self.money() {
                    self.push(
                        Finding::error(Code::BeaverNotAllowed, span, "a beaver is allowed only to the doubled player, in money play with beavers on")
                            .label("beaver"),
                    );
                    return Err(Stop);
                }
                self.expect_cube_value("a beaver", v * 2, value, value_span)?;
                self.offer = None;
                self.cube = value;
                self.owner = Some(side);
                self.cube_turned = true;
                self.next = Some(doubler);
            }
            _ => {
                // raccoon: the original doubler redoubles after a beaver.
                if self.owner != Some(side.other())
                    || !self.cube_turned
                    || !self.money()
                    || self.next != Some(side)
                {
                    self.push(
                        Finding::error(
                            Code::RaccoonNotAllowed,
                            span,
                            "a raccoon follows only a beaver, by the original doubler",
                        )
                        .label("raccoon"),
                    );
                    return Err(Stop);
                }
                self.expect_cube_value("a raccoon", self.cube * 2, value, value_span)?;
                self.cube = value;
                self.owner = Some(side);
            }
        }
        self.record(ActionTrace::Cube {
            line: a.line,
            side,
            action: kind,
            value,
        });
        Ok(())
    }

    /// A cube action must make the cube exactly `want`.
    fn expect_cube_value(
        &mut self,
        what: &str,
        want: u64,
        value: u64,
        span: Span,
    ) -> Result<(), Stop> {
        if value == want {
            return Ok(());
        }
        self.push(
            Finding::error(
                Code::CubeValue,
                span,
                format!(
                    "the cube is at {}; {what} makes it {want}, not {value}",
                    self.cube
                ),
            )
            .label("cube value"),
        );
        Err(Stop)
    }

    fn answer(&mut self, a: &Action, side: Side, take: bool) -> Result<(), Stop> {
        if self.over.is_some() {
            return self.after_end(a);
        }
        let Some((doubler, value, _)) = self.offer else {
            self.push(
                Finding::error(
                    Code::AnswerWithoutDouble,
                    a.cell.span,
                    format!("{} without a double to answer", if take { "`Takes`" } else { "`Drops`" }),
                )
                .label("nothing to answer")
                .help("`Takes` and `Drops` answer the opponent's ` Doubles => N` on the same or previous line"),
            );
            return Err(Stop);
        };
        if side == doubler {
            self.push(
                Finding::error(
                    Code::TurnOrder,
                    a.cell.span,
                    "the doubler cannot answer their own double",
                )
                .label("wrong column"),
            );
            return Err(Stop);
        }
        self.offer = None;
        if take {
            self.cube = value;
            self.owner = Some(side);
            self.cube_turned = true;
            self.next = Some(doubler);
        } else {
            self.over = Some(Over::Drop {
                winner: doubler,
                full: self.cube,
            });
            self.next = None;
        }
        self.record(ActionTrace::Answer {
            line: a.line,
            side,
            take,
        });
        Ok(())
    }

    fn wins(
        &mut self,
        a: &Action,
        side: Side,
        points: u64,
        span: Span,
        and_match: bool,
    ) -> Result<(), Stop> {
        self.record(ActionTrace::Result {
            line: a.line,
            side,
            wins: true,
            points,
            and_match,
        });
        if self.wins.is_some() {
            self.push(
                Finding::error(
                    Code::AfterGameEnd,
                    a.cell.span,
                    "a second result for the same game",
                )
                .label("second result"),
            );
            return Err(Stop);
        }
        self.wins = Some((side, points, span));
        if and_match && self.needed[side.index()].is_none_or(|n| points < n) {
            self.push(
                Finding::warning(
                    Code::MatchEndMark,
                    a.cell.span,
                    "`and the match` on a game that does not end the match",
                )
                .label("not the end of the match")
                .help(match self.needed[side.index()] {
                    Some(n) => format!("{} needed {n} point(s) to win the match", self.who(side)),
                    None => "a money session has no match to win".to_string(),
                }),
            );
        }
        let needed = self.needed[side.index()];
        let capped_ok =
            |full: u64| points == full || needed.is_some_and(|n| n < full && points == n);
        match self.over {
            Some(Over::BearOff { winner, full }) | Some(Over::Drop { winner, full }) => {
                if winner != side {
                    self.push(
                        Finding::error(
                            Code::WrongWinner,
                            a.cell.span,
                            format!(
                                "{} is written as the winner, but {} won the game",
                                self.who(side),
                                self.who(winner)
                            ),
                        )
                        .label("wrong column")
                        .help("the result stands in the winner's column"),
                    );
                    return Err(Stop);
                }
                if !capped_ok(full) {
                    let why = self.value_explanation(winner, full);
                    let code = if points == 0 && self.variant() == Variant::GulBara {
                        Code::Draw
                    } else {
                        Code::WinsMismatch
                    };
                    self.push(
                        Finding::error(
                            code,
                            span,
                            format!("the game is worth {full} point(s), not {points}"),
                        )
                        .label("written value")
                        .help(why),
                    );
                }
            }
            Some(Over::Resigned { .. }) => unreachable_result(),
            None => {
                // A resignation by the other player.
                let resigner = side.other();
                if let Some((s, _, _)) = self.pending {
                    let _ = s;
                }
                let (levels, unit): (Vec<u64>, u64) = match self.engine {
                    Engine::Gul(g) => (
                        g.resignation_levels(&self.pos, resigner)
                            .iter()
                            .map(|&l| l as u64)
                            .collect(),
                        1,
                    ),
                    Engine::Bg(b) => {
                        let jacoby = b.options.jacoby && self.money() && !self.cube_turned;
                        (if jacoby { vec![1] } else { vec![1, 2, 3] }, self.cube)
                    }
                };
                let ok = levels.iter().any(|&l| capped_ok(l * unit));
                if !ok {
                    let allowed: Vec<String> =
                        levels.iter().map(|l| (l * unit).to_string()).collect();
                    let code = if points == 0 && self.variant() == Variant::GulBara {
                        Code::Draw
                    } else {
                        Code::BadResignation
                    };
                    self.push(
                        Finding::error(
                            code,
                            span,
                            format!(
                                "the game is still running, so this is a resignation by {}; it can be worth {} point(s), not {points}",
                                self.who(resigner),
                                allowed.join(" or ")
                            ),
                        )
                        .label("written value")
                        .help(match self.variant() {
                            Variant::GulBara => "a Gul bara resignation is worth 1 point, or 2 while the resigning player has borne off nothing; there are no draws",
                            Variant::Backgammon => "a resignation is worth 1, 2 or 3 times the cube (single, gammon, backgammon)",
                        }),
                    );
                }
                self.over = Some(Over::Resigned {
                    winner: side,
                    written: points,
                });
            }
        }
        Ok(())
    }

    fn value_explanation(&self, winner: Side, full: u64) -> String {
        let loser = winner.other();
        match self.engine {
            Engine::Gul(_) => {
                if self.pos.off(loser) == 0 {
                    format!("{} bore off no checker: mars, 2 points", self.who(loser))
                } else {
                    format!(
                        "{} bore off {} checker(s): a single game, 1 point",
                        self.who(loser),
                        self.pos.off(loser)
                    )
                }
            }
            Engine::Bg(b) => {
                let level = b.level(&self.pos, winner);
                let name = ["", "single game", "gammon", "backgammon"][level as usize];
                format!("a {name} with the cube at {}: {full} point(s)", self.cube)
            }
        }
    }

    fn finish(&mut self) -> Option<GameResult> {
        let Some(over) = self.over else {
            // A syntax error already explains the game; a later game's score line judges an
            // earlier game without a result.
            if !self.game.broken_lines.is_empty() || (!self.last_game && self.next_game_scored) {
                return None;
            }
            self.push(
                Finding::warning(
                    Code::GameUnfinished,
                    self.game.number_span,
                    format!(
                        "game {} has no result: the record ends while the game is running",
                        self.game.number
                    ),
                )
                .label("unfinished game")
                .help(
                    "records are often truncated; if the game ended, add its ` Wins N points` line",
                ),
            );
            return None;
        };
        // Losses lines must agree.
        if let Some((ws, wp, _)) = self.wins {
            for (ls, lp, lspan) in self.losses.clone() {
                if ls == ws || lp != wp {
                    self.push(
                        Finding::error(
                            Code::LossesMismatch,
                            lspan,
                            format!("`Losses {lp}` disagrees with `Wins {wp}` of {}", self.who(ws)),
                        )
                        .label("losses")
                        .help("Backgammon Galaxy writes `Losses N` in the loser's column beside the winner's `Wins N`"),
                    );
                }
            }
        }
        let (winner, full, how) = match over {
            Over::BearOff { winner, full } => (winner, Some(full), "bear-off"),
            Over::Drop { winner, full } => (winner, Some(full), "drop"),
            Over::Resigned { winner, written } => (winner, Some(written), "resignation"),
        };
        let written = self.wins.map(|w| w.1);
        if written.is_none() && self.game.broken_lines.is_empty() {
            self.push(
                Finding::warning(
                    Code::MissingResult,
                    self.game.number_span,
                    format!("game {} is over but has no `Wins` line", self.game.number),
                )
                .label("no result written")
                .help(format!(
                    "add `Wins {} point(s)` in {}'s column",
                    full.unwrap_or(1),
                    self.who(winner)
                )),
            );
        }
        let _ = self.identity;
        let value = written.or(full).unwrap_or(0);
        let jacoby_single = (matches!(self.engine, Engine::Bg(_))
            && self.money()
            && !self.cube_turned
            && value > self.cube)
            .then_some(self.cube);
        Some(GameResult {
            winner,
            written,
            full,
            how,
            jacoby_single,
        })
    }
}

fn unreachable_result() {}

/// The span of each segment `play` builds from the `written` steps, in the same order: the
/// written hop within a path of more than two points, else the whole step.
fn segment_spans(written: &[StepText]) -> Vec<Span> {
    let mut spans = Vec::new();
    for st in written {
        for _ in 0..st.repeat.max(1) {
            for (a, b) in st.path.hops() {
                spans.push(if st.path.len() > 2 {
                    a.2.join(b.2)
                } else {
                    st.span
                });
            }
        }
    }
    spans
}

fn loc_short(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        p => p.to_string(),
    }
}

#[allow(dead_code)]
fn steps_of(t: &StageTrace) -> &[Step] {
    &t.steps
}
