//! Walking the games of a match: the walk through one game's actions ([`GameWalker`]), with
//! the turns (`turn.rs`) and each stage's play (`play.rs`), the cube (`cube.rs`), the end of the game (`result.rs`) and its
//! written `Wins` (`wins.rs`) in their own files and state structs, and the match around the
//! games (`matches.rs`: numbering, the Crawford game, the match end; `score_lines.rs`: the
//! score lines and the readings they confirm).

mod cube;
mod matches;
mod play;
mod result;
mod score_lines;
mod turn;
mod wins;

pub(crate) use matches::replay_match;

use super::referee::Referee;
use super::{ActionTrace, Finding, GameResult, Severity, StageList, StageTrace};
use crate::codes::Code;
use crate::notation::{CellBody, Column, Span, Stage, StepText};
use crate::record::{Action, Game};
use crate::rules::{Position, RuleSet, Side, StageDice, Step};

/// Why the check of a game stopped early.
pub(super) struct Stop;

pub(super) fn side_of(c: Column) -> Side {
    match c {
        Column::Left => Side::White,
        Column::Right => Side::Black,
    }
}

pub(super) fn column_name(side: Side) -> &'static str {
    match side {
        Side::White => "White (left column)",
        Side::Black => "Black (right column)",
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Over {
    BearOff {
        winner: Side,
        full: u64,
    },
    Drop {
        winner: Side,
        full: u64,
    },
    Resigned {
        winner: Side,
        written: u64,
    },
    /// The winner pinned the opponent's mother with its own start empty (Tapa).
    Mother {
        winner: Side,
        full: u64,
    },
    /// Both mothers pinned (Tapa): `by` pinned the second; each player scores `points`. With
    /// `stuck`, the stuck rule ended the game instead (`by` made the last roll).
    Draw {
        by: Side,
        points: u64,
        stuck: bool,
    },
}

/// Where a game's turns stand: the board, whose turn it is, the rolls so far and a remainder
/// on its way to the other player.
pub(super) struct TurnState {
    /// The position.
    pub(super) pos: Position,
    /// Who acts next (`None` before the first turn).
    pub(super) next: Option<Side>,
    /// Rolls of each player in this game.
    pub(super) rolls: [u32; 2],
    /// Rolls of the game.
    pub(super) game_rolls: u32,
    /// Stages passed from a broken chain: to whom, which, and the stage that broke.
    pub(super) pending: Option<(Side, Vec<StageDice>, Span)>,
    /// Who played the first turn.
    pub(super) starter: Option<Side>,
    /// Rolls in a row that moved no checker (Tapa's stuck rule).
    pub(super) stuck: u32,
}

/// The doubling cube of a game.
pub(super) struct CubeState {
    /// Its value.
    pub(super) value: u64,
    /// Who owns it (`None`: centred).
    pub(super) owner: Option<Side>,
    /// An open double: who offered it, the value, where.
    pub(super) offer: Option<(Side, u64, Span)>,
    /// Whether it was turned in this game (Jacoby).
    pub(super) turned: bool,
    /// Whether this is the Crawford game.
    pub(super) crawford: bool,
    /// Whether this may or may not be the Crawford game (the first game of a fragment, at
    /// match point minus one): a double is noted, not reported.
    pub(super) crawford_unknown: bool,
}

/// How a game ended and what the record writes about it.
#[derive(Default)]
pub(super) struct ResultState {
    /// How the game ended, once it has.
    pub(super) over: Option<Over>,
    /// The written `Wins` line: winner, points, span.
    pub(super) wins: Option<(Side, u64, Span)>,
    /// Written `Losses` lines.
    pub(super) losses: Vec<(Side, u64, Span)>,
    /// The other readings of the written result, which a later score line may confirm.
    pub(super) dispute: Option<Dispute>,
    /// A written ` Draw` line.
    pub(super) drawn: Option<Span>,
    /// A written resignation (`Resigns`) and whether its `Wins` was read.
    pub(super) resign: Option<result::Resignation>,
}

/// A written result the rules dispute, or a resignation they allow in more than one way.
#[derive(Clone)]
pub(super) struct Dispute {
    /// The finding that disputes it, if any: code and span.
    pub(super) finding: Option<(Code, Span)>,
    /// The written value.
    pub(super) points_span: Span,
    /// The whole `Wins` cell.
    pub(super) cell_span: Span,
    /// The written winner and value.
    pub(super) written: (Side, u64),
    /// The other results the rules allow: winner and value.
    pub(super) options: Vec<(Side, u64)>,
}

/// A player of `game` as named in messages: `Ali (White, left column)`, or the column alone.
pub(super) fn who_of(game: &Game, side: Side) -> String {
    let name = game.score.as_ref().map(|(l, r)| {
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

/// The walk through one game's actions.
pub(super) struct GameWalker<'a> {
    pub(super) rules: RuleSet,
    pub(super) referee: Referee<'a>,
    pub(super) findings: &'a mut Vec<Finding>,
    pub(super) game: &'a Game,
    /// The record's steps, which the stages' step ranges index.
    pub(super) steps: &'a [StepText],
    /// The record's stages, which the turn cells' stage ranges index.
    pub(super) stages: &'a [Stage],
    /// The written plays (by the offset of their span) carried out as written when illegal:
    /// plays made at the board, from which the game goes on.
    pub(super) as_played: &'a [(usize, super::Continued)],
    /// The boards the record stores after its plays (`.xg`), for a play continued from one.
    pub(super) boards: &'a [crate::record::StoredBoard],
    pub(super) index: usize,
    pub(super) turn: TurnState,
    pub(super) cube: CubeState,
    pub(super) result: ResultState,
    /// Points each player (by column) still needs to win the match (`None`: money).
    pub(super) needed: [Option<u64>; 2],
    /// The match length (0: money).
    pub(super) length: u64,
    pub(super) trace: Vec<ActionTrace>,
    /// Whether to record `trace`.
    pub(super) traces: bool,
    /// Whether each turn's trace holds its stages.
    pub(super) stage_traces: bool,
    pub(super) turns_checked: usize,
    pub(super) identity: [usize; 2],
    pub(super) prev_winner_side: Option<Side>,
    pub(super) marks_hits: bool,
    pub(super) last_turn_number: Option<(u64, usize)>,
    /// Empty numbered lines of the game whose numbers were checked so far.
    pub(super) empty_checked: usize,
    pub(super) last_game: bool,
    pub(super) next_game_scored: bool,
}

impl GameWalker<'_> {
    /// A player as named in messages: `Ali (White, left column)`, or the column alone.
    pub(super) fn who(&self, side: Side) -> String {
        who_of(self.game, side)
    }

    pub(super) fn push(&mut self, f: Finding) {
        self.findings.push(f);
    }

    /// Record an action in the game's trace, when traces are kept.
    #[inline(always)]
    pub(super) fn record(&mut self, t: ActionTrace) {
        if self.traces {
            self.trace.push(t);
        }
    }

    /// A stage played in `steps`: its trace (when traces are kept) and the number of steps.
    #[inline]
    pub(super) fn stage_done(
        &self,
        out: &mut StageList,
        stage: &Stage,
        dice: StageDice,
        steps: &[Step],
    ) -> u8 {
        if self.stage_traces {
            out.push(StageTrace {
                kind: stage.kind,
                dice,
                available: super::stage_available(dice),
                steps: super::StageSteps::new(steps),
            });
        }
        steps.len() as u8
    }

    /// Walk the actions; returns the result.
    pub(super) fn run(&mut self) -> Option<GameResult> {
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

    pub(super) fn written_result_after(&self, from: usize) -> Option<GameResult> {
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
                    draw: false,
                }),
                _ => None,
            })
            .or_else(|| {
                self.result.wins.map(|(s, p, _)| GameResult {
                    winner: s,
                    written: Some(p),
                    full: None,
                    how: "unchecked",
                    jacoby_single: None,
                    draw: false,
                })
            })
    }

    pub(super) fn count_turns(&self, from: usize) -> usize {
        self.game.actions[from.min(self.game.actions.len())..]
            .iter()
            .filter(|a| matches!(a.cell.body, CellBody::Turn { .. }))
            .count()
    }

    pub(super) fn check_turn_number(&mut self, a: &Action) {
        self.check_empty_lines_before(a.line);
        let Some(n) = a.turn_number else { return };
        self.check_number(n, a.line, a.turn_span.unwrap_or(a.cell.span));
    }

    /// Check the numbers of the empty numbered lines (`  7)`) written before `line`.
    pub(super) fn check_empty_lines_before(&mut self, line: usize) {
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
    pub(super) fn check_number(&mut self, n: u64, line: usize, span: Span) {
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
    pub(super) fn check_number_slow(&mut self, n: u64, line: usize, span: Span) {
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
    pub(super) fn is_last_entry(&self, i: usize) -> bool {
        self.last_game && i + 1 == self.game.actions.len()
    }

    /// Is the action after `i` a `Wins` (a resignation right after a roll)?
    pub(super) fn followed_by_resignation(&self, i: usize) -> bool {
        let mut j = i + 1;
        while let Some(a) = self.game.actions.get(j) {
            match a.cell.body {
                // Either the roller resigned (gnubg) or the opponent resigned on seeing the roll.
                CellBody::Wins { .. } | CellBody::Resign { .. } => return true,
                CellBody::Losses { .. } => j += 1,
                _ => return false,
            }
        }
        false
    }

    pub(super) fn action(&mut self, i: usize) -> Result<(), Stop> {
        let a = &self.game.actions[i];
        let side = side_of(a.column());
        // After a written resignation only its result may follow.
        if self.result.resign.is_some_and(|r| r.wins.is_none())
            && !matches!(
                a.cell.body,
                CellBody::Wins { .. } | CellBody::Losses { .. } | CellBody::Resign { .. }
            )
        {
            return self.after_resignation(a);
        }
        match &a.cell.body {
            CellBody::Turn { stages } => self.turn(i, a, side, stages.split(self.stages)),
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
            CellBody::Draw => self.draw(a),
            CellBody::Resign { level } => self.resign(i, side, *level),
            CellBody::Losses {
                points,
                points_span,
            } => {
                let side = self.loser_of_lone_losses(i).unwrap_or(side);
                self.record(ActionTrace::Result {
                    line: a.line,
                    side,
                    wins: false,
                    points: *points,
                    and_match: false,
                });
                self.result.losses.push((side, *points, *points_span));
                Ok(())
            }
        }
    }

    /// Backgammon Galaxy's unindented `Losses` line: a `Losses` alone on an unnumbered line
    /// that starts in column 0 or 1, before a `Wins` of the game, is the loser's whatever its
    /// column. Returns the loser (the other side of that `Wins`).
    pub(super) fn loser_of_lone_losses(&self, i: usize) -> Option<Side> {
        let actions = &self.game.actions;
        let a = &actions[i];
        if a.turn_number.is_some() || a.result_indent.is_none_or(|c| c > 1) {
            return None;
        }
        let alone = |j: Option<usize>| {
            j.and_then(|j| actions.get(j))
                .is_none_or(|b| b.line != a.line)
        };
        if !alone(i.checked_sub(1)) || !alone(Some(i + 1)) {
            return None;
        }
        actions[i + 1..].iter().find_map(|b| match b.cell.body {
            CellBody::Wins { .. } => Some(side_of(b.column()).other()),
            _ => None,
        })
    }

    #[inline]
    pub(super) fn expect_side(&mut self, a: &Action, side: Side, span: Span) -> Result<(), Stop> {
        if let Some(n) = self.turn.next
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
    pub(super) fn out_of_turn(&mut self, side: Side, n: Side, span: Span) -> Result<(), Stop> {
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

    pub(super) fn money(&self) -> bool {
        self.needed[0].is_none()
    }

    /// Does the Jacoby rule hold for this game now (a money game with the cube not turned)?
    pub(super) fn jacoby(&self) -> bool {
        self.rules.cube().jacoby && self.money() && !self.cube.turned
    }
}
