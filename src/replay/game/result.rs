//! The end of a game: bearing off, drops and resignations, draws, and the result the game
//! reaches; the written `Wins` is judged in `wins.rs`.

use super::super::{ActionTrace, Finding, GameResult};
use super::{GameWalker, Over, Stop, column_name, side_of};
use crate::codes::Code;
use crate::notation::{CellBody, ResignLevel, Span};
use crate::record::Action;
use crate::rules::tapa::Outcome;
use crate::rules::{Level, RuleSet, Side};

/// A written resignation (`Resigns`, `Resigned Gammon`) of a game.
#[derive(Clone, Copy)]
pub(in crate::replay) struct Resignation {
    /// Who resigned: the player of the cell's column.
    pub(super) side: Side,
    /// The level written after the word, if any.
    pub(super) level: Option<ResignLevel>,
    /// The resignation's cell.
    pub(super) span: Span,
    /// Its line.
    pub(super) line: usize,
    /// The cell of the `Wins` it goes with, once read.
    pub(super) wins: Option<Span>,
}

impl GameWalker<'_> {
    /// How the game ended, in words (for findings after its end).
    fn end_reason(&self) -> String {
        match self.result.over {
            Some(Over::BearOff { winner, .. }) => {
                format!("{} has borne off every checker", self.who(winner))
            }
            Some(Over::Drop { winner, .. }) => {
                format!("the double was dropped, so {} has won", self.who(winner))
            }
            Some(Over::Resigned { winner, .. }) => {
                format!("the game was resigned to {}", self.who(winner))
            }
            Some(Over::Mother { winner, .. }) => {
                format!("{} has pinned the mother", self.who(winner))
            }
            Some(Over::Draw { stuck: false, .. }) => "both mothers are pinned: a draw".into(),
            Some(Over::Draw { stuck: true, .. }) => {
                "no checker moved for the stuck rule's number of rolls: a draw".into()
            }
            None => "the game is over".into(),
        }
    }

    pub(super) fn after_end(&mut self, a: &Action) -> Result<(), Stop> {
        self.push(self.after_end_finding(
            a,
            "an entry",
            "nothing but the result (`Wins N points`) follows the end of a game",
        ));
        Err(Stop)
    }

    /// The finding for `what` (`an entry`) written at `a` after the end of the game, with
    /// how the game ended and the `help`.
    fn after_end_finding(&self, a: &Action, what: &str, help: &'static str) -> Finding {
        Finding::error(
            Code::AfterGameEnd,
            a.cell.span,
            format!(
                "{what} after the end of game {}: {}",
                self.game.number,
                self.end_reason()
            ),
        )
        .label("after the end")
        .help(help)
    }

    /// A written resignation (`Resigns`, `Resigned Gammon`) by `side`, the player of its
    /// column, whoever is on roll (records.md §2): it ends a running game, and the winner's
    /// `Wins`, after it or beside it on its line, is judged against it.
    pub(super) fn resign(
        &mut self,
        i: usize,
        side: Side,
        level: Option<ResignLevel>,
    ) -> Result<(), Stop> {
        let actions = &self.game.actions;
        let a = &actions[i];
        // Traced as the loser's line (as a `Losses` is), with the value of its `Wins`.
        let points = actions
            .iter()
            .enumerate()
            .find_map(|(j, b)| match b.cell.body {
                CellBody::Wins { points, .. } if j > i || b.line == a.line => Some(points),
                _ => None,
            })
            .unwrap_or(0);
        self.record(ActionTrace::Result {
            line: a.line,
            side,
            wins: false,
            points,
            and_match: false,
        });
        // Already read with the `Wins` before it on its line.
        if self.result.resign.is_some_and(|r| r.span == a.cell.span) {
            return Ok(());
        }
        if self.result.over.is_some() {
            self.push(self.after_end_finding(
                a,
                "a resignation",
                "a player resigns only while the game runs; delete the resignation",
            ));
            return Ok(());
        }
        if let Some(r) = self.result.resign {
            self.push(self.after_resignation_finding(
                a,
                r,
                "a second resignation in game",
                ("second resignation", "the first resignation"),
            ));
            return Ok(());
        }
        self.result.resign = Some(Resignation {
            side,
            level,
            span: a.cell.span,
            line: a.line,
            wins: None,
        });
        Ok(())
    }

    /// An entry other than the result after a written resignation.
    #[cold]
    pub(super) fn after_resignation(&mut self, a: &Action) -> Result<(), Stop> {
        let Some(r) = self.result.resign else {
            return Ok(());
        };
        self.push(self.after_resignation_finding(
            a,
            r,
            "an entry after the end of game",
            ("after the resignation", "the resignation"),
        ));
        Err(Stop)
    }

    /// The finding for the entry `a` after the resignation `r`: `what` (`an entry after the
    /// end of game`), then the game's number, who resigned and where; its label and the
    /// resignation's.
    fn after_resignation_finding(
        &self,
        a: &Action,
        r: Resignation,
        what: &str,
        (label, resignation): (&'static str, &'static str),
    ) -> Finding {
        Finding::error(
            Code::AfterGameEnd,
            a.cell.span,
            format!(
                "{what} {}: {} resigned on line {}",
                self.game.number,
                self.who(r.side),
                r.line
            ),
        )
        .label(label)
        .related(r.span, resignation)
        .help("a resignation ends the game: only the winner's ` Wins N points` follows it")
    }

    /// A second result for the same game: an error, and the check of the game stops.
    pub(super) fn second_result(&mut self, a: &Action) -> Result<(), Stop> {
        self.push(
            Finding::error(
                Code::AfterGameEnd,
                a.cell.span,
                "a second result for the same game",
            )
            .label("second result"),
        );
        Err(Stop)
    }

    /// The written resignation a `Wins` (`a`) goes with: the one read before it, or one beside
    /// it on its line (the left player's `Wins`, the right player's `Resigns`); marked as read.
    pub(super) fn pair_resignation(&mut self, a: &Action) -> Option<Resignation> {
        let r = match self.result.resign {
            Some(r) if r.wins.is_none() => r,
            Some(_) => return None,
            None => self.game.actions.iter().find_map(|b| match b.cell.body {
                CellBody::Resign { level }
                    if b.line == a.line && b.cell.span.offset > a.cell.span.offset =>
                {
                    Some(Resignation {
                        side: side_of(b.column()),
                        level,
                        span: b.cell.span,
                        line: b.line,
                        wins: None,
                    })
                }
                _ => None,
            })?,
        };
        let r = Resignation {
            wins: Some(a.cell.span),
            ..r
        };
        self.result.resign = Some(r);
        Some(r)
    }

    pub(super) fn end_by_bear_off(&mut self, winner: Side) {
        let level = self.rules.level(&self.turn.pos, winner).points() as u64;
        let level = if self.jacoby() { 1 } else { level };
        let full = level * self.cube.value;
        self.result.over = Some(Over::BearOff { winner, full });
        self.turn.pending = None;
    }

    /// After a stage of `mover`: the game ends if the rules say so (the mother rule).
    pub(super) fn end_by_rule(&mut self, mover: Side) {
        match self.rules.outcome(&self.turn.pos) {
            Outcome::Mother(winner) => {
                let full = self.rules.level(&self.turn.pos, winner).points() as u64;
                self.result.over = Some(Over::Mother { winner, full });
                self.turn.pending = None;
            }
            Outcome::Draw => {
                self.result.over = Some(Over::Draw {
                    by: mover,
                    points: self.rules.draw_points(),
                    stuck: false,
                });
                self.turn.pending = None;
            }
            Outcome::Running | Outcome::BoreOff(_) => {}
        }
    }

    /// A written ` Draw`: it must follow a game that ended in a draw.
    pub(super) fn draw(&mut self, a: &Action) -> Result<(), Stop> {
        self.record(ActionTrace::Draw { line: a.line });
        if self.result.drawn.is_some() || self.result.wins.is_some() {
            return self.second_result(a);
        }
        self.result.drawn = Some(a.cell.span);
        match self.result.over {
            Some(Over::Draw { .. }) => Ok(()),
            Some(
                Over::BearOff { winner, .. }
                | Over::Mother { winner, .. }
                | Over::Drop { winner, .. }
                | Over::Resigned { winner, .. },
            ) => {
                // Draws arise only where mothers are pinned; elsewhere the game's own rules
                // are named. The game stays won by its winner (the one error is the Draw
                // line): the score line, starter and match end that follow are judged by it.
                let help = if self.rules.pins() {
                    "a game is drawn only when both mothers are pinned (tapa.md §5)".to_string()
                } else {
                    let v = self.rules.variant();
                    format!(
                        "{} has no draws ({}.md): every game is won; write the result as `Wins N points` in the winner's column",
                        v.title(),
                        v.name()
                    )
                };
                self.push(
                    Finding::error(
                        Code::DrawResult,
                        a.cell.span,
                        format!(
                            "the game is written as a draw, but {} won it",
                            self.who(winner)
                        ),
                    )
                    .label("not a draw")
                    .help(help),
                );
                Ok(())
            }
            _ => {
                let why = if self.rules.has_draws() {
                    "the game is still running: a game is drawn only when both mothers are pinned (tapa.md §5)".to_string()
                } else {
                    format!("{} has no draws", self.rules.variant().title())
                };
                self.push(
                    Finding::error(Code::DrawResult, a.cell.span, why)
                        .label("not a draw")
                        .help("write the rest of the game and its result, or the resignation that ended it"),
                );
                Err(Stop)
            }
        }
    }

    /// Why a game that ended by bearing off (or, `dropped`, by a dropped double) is worth
    /// `full` points.
    pub(super) fn value_explanation(&self, winner: Side, full: u64, dropped: bool) -> String {
        let loser = winner.other();
        if dropped {
            return format!(
                "{} dropped the double, so the game is worth the cube before it: {full} point(s)",
                self.who(loser)
            );
        }
        let level = self.rules.level(&self.turn.pos, winner);
        if !self.rules.cube().in_game() {
            return if level == Level::Mars {
                format!("{} bore off no checker: mars, 2 points", self.who(loser))
            } else if level == Level::Koks {
                format!(
                    "{} bore off no checker and has none in its home board: koks, 3 points",
                    self.who(loser)
                )
            } else {
                format!(
                    "{} bore off {} checker(s): a single game, 1 point",
                    self.who(loser),
                    self.turn.pos.off(loser)
                )
            };
        }
        if self.jacoby() && level != Level::Single {
            return format!(
                "a {} counts as a single game under the Jacoby rule (a money game with the cube never turned): {full} point(s)",
                level_name(level)
            );
        }
        format!(
            "a {} with the cube at {}: {full} point(s)",
            level_name(level),
            self.cube.value
        )
    }

    pub(super) fn finish(&mut self) -> Option<GameResult> {
        let Some(over) = self.result.over else {
            // A written resignation with no `Wins` after it: the game is over, its value
            // unwritten (a later game's score line then counts it).
            if let Some(r) = self.result.resign.filter(|r| r.wins.is_none())
                && self.game.broken_lines.is_empty()
            {
                self.push(
                    Finding::warning(
                        Code::MissingResult,
                        r.span,
                        format!(
                            "game {} ends with the resignation of {}, but has no `Wins` line",
                            self.game.number,
                            self.who(r.side)
                        ),
                    )
                    .label("no result after it")
                    .help(format!(
                        "add ` Wins N points` in the column of {}: the value of the resignation",
                        self.who(r.side.other())
                    )),
                );
                return None;
            }
            // A syntax error already explains the game; a later game's score line judges an
            // earlier game without a result.
            if !self.game.broken_lines.is_empty() || (!self.last_game && self.next_game_scored) {
                return None;
            }
            // Located where the record of the game stops: its last entry.
            let last = self.game.actions.last().map(|a| a.cell.span);
            let last = self
                .game
                .empty_lines
                .last()
                .map(|e| e.2)
                .filter(|e| last.is_none_or(|l| e.offset > l.offset))
                .or(last)
                .or(self
                    .game
                    .score
                    .as_ref()
                    .map(|(l, r)| l.name_span.join(r.score_span)))
                .unwrap_or(self.game.number_span);
            self.push(
                Finding::warning(
                    Code::GameUnfinished,
                    last,
                    format!(
                        "game {} has no result: the record ends while the game is running",
                        self.game.number
                    ),
                )
                .label("the record of the game stops here")
                .help(
                    "records are often truncated; if the game ended, add its ` Wins N points` line",
                ),
            );
            return None;
        };
        // Losses lines must agree: the loser's, with the same value.
        if let Some((ws, wp, _)) = self.result.wins {
            for (ls, lp, lspan) in self.result.losses.clone() {
                let (player, value) = (ls == ws, lp != wp);
                if !player && !value {
                    continue;
                }
                let what = match (player, value) {
                    (true, false) => format!(
                        "`Losses {lp}` stands in the column of {}, who wins the game: the value agrees, the player does not",
                        self.who(ws)
                    ),
                    (false, true) => format!(
                        "`Losses {lp}` disagrees with `Wins {wp}` of {}: the player agrees, the value does not",
                        self.who(ws)
                    ),
                    _ => format!(
                        "`Losses {lp}` disagrees with `Wins {wp}` of {} in both player and value: it stands in the winner's column",
                        self.who(ws)
                    ),
                };
                self.push(
                    Finding::error(Code::LossesMismatch, lspan, what)
                        .label(if player { "the winner's column" } else { "losses" })
                        .help(format!(
                            "Backgammon Galaxy writes `Losses {wp}` in the loser's column ({}) beside the winner's `Wins {wp}`, or alone at the start of its own line before the `Wins` line",
                            column_name(ws.other())
                        )),
                );
            }
        }
        if let Over::Draw { by, points, .. } = over {
            if self.result.drawn.is_none() && self.game.broken_lines.is_empty() {
                self.push(
                    Finding::warning(
                        Code::MissingResult,
                        self.game.number_span,
                        format!(
                            "game {} ended in a draw (both mothers pinned) but has no ` Draw` line",
                            self.game.number
                        ),
                    )
                    .label("no result written")
                    .help("add ` Draw` on its own line after the last turn"),
                );
            }
            return Some(GameResult {
                winner: by,
                written: None,
                full: Some(points),
                how: "draw",
                jacoby_single: None,
                draw: true,
            });
        }
        let (winner, full, how) = match over {
            Over::Mother { winner, full } => (winner, Some(full), "mother"),
            Over::Draw { by, points, .. } => (by, Some(points), "draw"),
            Over::BearOff { winner, full } => (winner, Some(full), "bear-off"),
            Over::Drop { winner, full } => (winner, Some(full), "drop"),
            Over::Resigned { winner, written } => (winner, Some(written), "resignation"),
        };
        let written = self.result.wins.map(|w| w.1);
        // A ` Draw` line written for a won game is its (wrong) result, already an error.
        if written.is_none() && self.result.drawn.is_none() && self.game.broken_lines.is_empty() {
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
        let jacoby_single = (self.rules.cube().in_game()
            && self.money()
            && !self.cube.turned
            && value > self.cube.value)
            .then_some(self.cube.value);
        Some(GameResult {
            winner,
            written,
            full,
            how,
            jacoby_single,
            draw: false,
        })
    }
}

/// A level's name in prose.
pub(super) fn level_name(level: Level) -> &'static str {
    match level {
        Level::Single => "single game",
        Level::Gammon => "gammon",
        Level::Backgammon => "backgammon",
        Level::Mars => "mars",
        Level::Koks => "koks",
    }
}

/// What a resignation may be worth, for a help text.
pub(super) fn resignation_help(rules: RuleSet, kinds: &[Level]) -> String {
    if rules.cube().in_game() {
        let names: Vec<&str> = kinds.iter().map(|&l| level_name(l)).collect();
        let points: Vec<String> = kinds.iter().map(|l| l.points().to_string()).collect();
        let worth = match points.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => points.join(""),
        };
        return format!(
            "a resignation is worth {worth} times the cube ({})",
            names.join(", ")
        );
    }
    let koks = if kinds.contains(&Level::Koks) {
        " (or 3, a koks, under `koks = on`)"
    } else {
        ""
    };
    format!(
        "a {} resignation is worth 1 point, or 2{koks} while the resigning player has borne off nothing; there are no draws",
        rules.variant().title()
    )
}
