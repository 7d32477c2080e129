//! A turn: received remainder stages, the roll and its chain stages, the opening checks; each
//! stage's play is judged in `play.rs`.

use super::super::{ActionTrace, Finding, StageList};
use super::{GameWalker, Stop};
use crate::codes::Code;
use crate::notation::{Span, Stage, TurnStages};
use crate::record::Action;
use crate::rules::options::{ExemptScope, NextGameStarter, Opening};
use crate::rules::{ChainNext, NoChain, Roll, Side, StageDice};

impl GameWalker<'_> {
    pub(super) fn turn(
        &mut self,
        i: usize,
        a: &Action,
        side: Side,
        stages: TurnStages<'_>,
    ) -> Result<(), Stop> {
        if self.result.over.is_some() {
            return self.after_end(a);
        }
        let TurnStages {
            received,
            roll,
            chain,
        } = stages;
        let first_span = received
            .first()
            .or(roll)
            .map(|s| s.dice_span)
            .unwrap_or(a.cell.span);
        if let Some((doubler, _, span)) = self.cube.offer {
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
        let before = self.traces.then_some(self.turn.pos);
        let cube_before = (self.cube.value as u32, self.cube.owner);
        self.turns_checked += 1;
        let mut rec_traces = StageList::default();
        self.received(i, a.cell.span, side, stages, &mut rec_traces)?;
        let mut stage_traces = StageList::default();
        if self.result.over.is_none() {
            self.rolled(i, a, side, stages, &mut stage_traces)?;
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
                position: self.turn.pos,
                before: before.unwrap_or(self.turn.pos),
                cube: cube_before,
            });
        }
        self.turn.next = Some(side.other());
        if self.turn.starter.is_none() {
            self.turn.starter = Some(side);
        }
        Ok(())
    }

    /// The stages received from the opponent's broken chain, played before the roll (in the
    /// cell at `cell`): those passed to `side`, in order, and none that was not passed. Their
    /// traces go to `out`.
    fn received(
        &mut self,
        i: usize,
        cell: Span,
        side: Side,
        stages: TurnStages<'_>,
        out: &mut StageList,
    ) -> Result<(), Stop> {
        let TurnStages { received, roll, .. } = stages;
        let (passed, from_span) = match self.turn.pending.take() {
            Some((recv, passed, from_span)) if recv == side => (passed, from_span),
            other => {
                self.turn.pending = other;
                let Some(extra) = received.first() else {
                    return Ok(());
                };
                self.push(
                    Finding::error(
                        Code::UnexpectedRemainder,
                        extra.dice_span,
                        format!("{} plays a received stage, but no remainder was passed to them", self.who(side)),
                    )
                    .label("nothing was passed")
                    .help(if self.rules.has_chains() {
                        "a remainder passes only when a chain breaks outside the exempt window, and only under `remainder = pass`".to_string()
                    } else {
                        format!("{} has no remainders; `(nn):` stages are a Gul bara form", self.rules.variant().title())
                    }),
                );
                return Err(Stop);
            }
        };
        for (k, exp) in passed.iter().enumerate() {
            let StageDice::Double { value, .. } = *exp else {
                continue;
            };
            let Some(w) = received.get(k) else {
                let listed: Vec<String> = passed[k..]
                    .iter()
                    .map(|s| match s {
                        StageDice::Double { value, .. } => format!("({value}{value}):"),
                        _ => String::new(),
                    })
                    .collect();
                self.push(
                    Finding::error(
                        Code::MissingRemainder,
                        roll.map(|r| r.dice_span).unwrap_or(cell),
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
            self.play(i, side, *exp, w, out)?;
            if self.turn.pos.off(side) == self.rules.checkers() {
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
        if self.result.over.is_none() && received.len() > passed.len() {
            let extra = &received[passed.len()];
            self.push(
                Finding::error(
                    Code::UnexpectedRemainder,
                    extra.dice_span,
                    format!("only {} stage(s) were passed; this one was not", passed.len()),
                )
                .label("not passed")
                .related(from_span, "the chain broke here")
                .help("the remainder is the rest of the broken stage and every higher stage up to 6, nothing more"),
            );
            return Err(Stop);
        }
        Ok(())
    }

    /// The roll of a turn and its chain stages, whose traces go to `out`; with the stuck rule
    /// (Tapa), so many rolls in a row that move nothing end the game.
    fn rolled(
        &mut self,
        i: usize,
        a: &Action,
        side: Side,
        stages: TurnStages<'_>,
        out: &mut StageList,
    ) -> Result<(), Stop> {
        let TurnStages {
            received,
            roll,
            chain,
        } = stages;
        let Some(roll) = roll else {
            if !received.is_empty() {
                // The receiver played the remainder but has not rolled: the cell ends early.
                self.push(
                    Finding::error(
                        Code::MissingRoll,
                        a.cell.span,
                        format!(
                            "{} played the remainder but the roll that follows it is missing",
                            self.who(side)
                        ),
                    )
                    .label("no roll")
                    .help(
                        "after the received stages the receiver rolls as usual: write `dd: steps`",
                    ),
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
        let limit = self.rules.stuck_rolls();
        let before_roll = (limit > 0).then_some(self.turn.pos);
        self.roll(i, a, side, roll, chain, out)?;
        if let Some(before_roll) = before_roll {
            self.turn.stuck = if self.turn.pos == before_roll {
                self.turn.stuck + 1
            } else {
                0
            };
            if self.turn.stuck >= limit && self.result.over.is_none() {
                self.result.over = Some(super::Over::Draw {
                    by: side,
                    points: 0,
                    stuck: true,
                });
            }
        }
        Ok(())
    }

    pub(super) fn roll(
        &mut self,
        i: usize,
        a: &Action,
        side: Side,
        roll_stage: &Stage,
        chain: &[Stage],
        out: &mut StageList,
    ) -> Result<(), Stop> {
        let roll = Roll {
            a: roll_stage.a,
            b: roll_stage.b,
        };
        let first_roll_of_game = self.turn.game_rolls == 0;
        self.turn.rolls[side.index()] += 1;
        self.turn.game_rolls += 1;
        if first_roll_of_game {
            self.opening_checks(side, roll, roll_stage)?;
        }
        let plan = self
            .rules
            .turn_plan(roll, self.turn.rolls[side.index()], self.turn.game_rolls);
        let mut dice = plan.first();
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
            let finished = self.turn.pos.off(side) == self.rules.checkers();
            if finished {
                self.end_by_bear_off(side);
            } else if self.rules.pins() {
                // The mother rule of the pinning game.
                self.end_by_rule(side);
            }
            if !plan.chains() {
                break;
            }
            let StageDice::Double { value, .. } = dice else {
                break;
            };
            match plan.after_stage(dice, played, k == 1, finished) {
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
                        self.turn.pending = Some((side.other(), rem, stage.dice_span));
                    }
                    break;
                }
            }
        }
        if let Some(extra) = chain.get(k - 1) {
            let why = if !roll.is_double() {
                "only a doublet starts a chain".to_string()
            } else if let Some(why) = plan.no_chain() {
                match why {
                    NoChain::Exempt {
                        roll,
                        scope,
                        window,
                    } => format!(
                        "this is roll {} of {} in the game, inside the exempt window ({} rolls, {}): a doublet there is one stage, no chain",
                        roll,
                        match scope {
                            ExemptScope::PerPlayer => "this player",
                            ExemptScope::Game => "all players",
                        },
                        window,
                        match scope {
                            ExemptScope::PerPlayer => "per player",
                            ExemptScope::Game => "per game",
                        }
                    ),
                    NoChain::NotADoublet => "only a doublet starts a chain".into(),
                    NoChain::NotInGame => {
                        format!("{} has no chains", self.rules.variant().title())
                    }
                }
            } else if self.result.over.is_some() {
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

    pub(super) fn opening_checks(
        &mut self,
        side: Side,
        roll: Roll,
        stage: &Stage,
    ) -> Result<(), Stop> {
        let opening = self.rules.opening();
        let prev_winner_starts =
            self.rules.next_game_starter() == NextGameStarter::PreviousWinner && self.index > 0;
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
}
