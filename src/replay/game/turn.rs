//! A turn: received remainder stages, the roll and its chain stages, each play judged by the
//! referee and every problem worded on the record's spans.

use super::super::render::{legal_help, render_steps};
use super::super::{ActionTrace, Continued, Finding, StageTrace};
use super::super::{PlayContext, problem_finding};
use super::{GameWalker, Stop};
use crate::codes::Code;
use crate::notation::{Span, Stage, StageKind, StepText};
use crate::record::Action;
use crate::rules::options::{ExemptScope, NextGameStarter, Opening};
use crate::rules::{ChainNext, NoChain, Roll, Side, StageDice};

impl GameWalker<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn turn(
        &mut self,
        i: usize,
        a: &Action,
        side: Side,
        received: &[Stage],
        roll: Option<&Stage>,
        chain: &[Stage],
    ) -> Result<(), Stop> {
        if self.result.over.is_some() {
            return self.after_end(a);
        }
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
        let mut rec_traces = Vec::new();
        // Received remainder stages.
        let pending = self.turn.pending.take();
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
                if self.result.over.is_none() && received.len() > stages.len() {
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
                self.turn.pending = other;
                if let Some(extra) = received.first() {
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
            }
        }
        let mut stage_traces = Vec::new();
        if self.result.over.is_none() {
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
            // The stuck rule (Tapa): so many rolls in a row that move nothing end the game.
            let limit = self.rules.stuck_rolls();
            let before_roll = (limit > 0).then_some(self.turn.pos);
            self.roll(i, a, side, roll, chain, &mut stage_traces)?;
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

    pub(super) fn roll(
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

    /// Validate one stage's written play and apply it; its trace goes to `out` (when traces
    /// are kept). Returns the number of steps played.
    pub(super) fn play(
        &mut self,
        i: usize,
        side: Side,
        dice: StageDice,
        stage: &Stage,
        out: &mut Vec<StageTrace>,
    ) -> Result<u8, Stop> {
        // Long nardy's head exception belongs to each player's first roll.
        let rules = self.rules.for_roll(self.turn.rolls[side.index()]);
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
                    .help("`????` stands only for a roll followed by a resignation; here the game goes on"),
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
        if written.is_empty() {
            if !rules.can_move(&self.turn.pos, side, dice) {
                return Ok(self.stage_done(out, stage, dice, &[]));
            }
            let set = rules.legal_plays(&self.turn.pos, side, dice);
            // A step exists, but the game's play-level rules (a head, runner or block rule)
            // forbid every one.
            if set.max_steps() == 0 {
                return Ok(self.stage_done(out, stage, dice, &[]));
            }
            // A truncated record: the last entry of the file is a roll not yet played.
            if stage.kind == StageKind::Roll
                && moves.cannot_move().is_none()
                && self.is_last_entry(i)
            {
                return Ok(self.stage_done(out, stage, dice, &[]));
            }
            // The omitted forced play comes first, even before a `Wins`: that result is then
            // judged on the position after it (a bear-off, or a resignation if the game runs).
            if rules.forced_play_may_be_omitted() && moves.cannot_move().is_none() && set.len() == 1
            {
                let (p, steps) = set
                    .get(0)
                    .map_or((self.turn.pos, Vec::new()), |(p, s)| (*p, s.to_vec()));
                self.push(
                    Finding::warning(
                        Code::ForcedPlayOmitted,
                        stage.dice_span,
                        format!("the cell is empty; the only legal play {} was applied", render_steps(&steps)),
                    )
                    .label("empty cell")
                    .help("some writers leave a forced play out; write it to make the record complete"),
                );
                self.turn.pos = p;
                return Ok(self.stage_done(out, stage, dice, &steps));
            }
            // Roll, then resignation.
            if stage.kind == StageKind::Roll
                && moves.cannot_move().is_none()
                && self.followed_by_resignation(i)
            {
                return Ok(self.stage_done(out, stage, dice, &[]));
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
        let judged = match self
            .referee
            .judge_under(&rules, &self.turn.pos, side, dice, written)
        {
            Ok(j) => j,
            Err(problem) => {
                // A play made at the board: carried out as written, or the board the record
                // stores after it, and the game goes on.
                let how = self
                    .as_played
                    .iter()
                    .find(|(at, _)| *at == problem.play.offset)
                    .map(|(_, how)| *how);
                let hops: Vec<(u8, u8)> = problem.segments.iter().map(|s| (s.from, s.to)).collect();
                let made = match how {
                    Some(Continued::AsWritten) => rules
                        .carry_out(&self.turn.pos, side, &hops)
                        .map(|p| (p, hops)),
                    Some(Continued::StoredPosition) => self
                        .boards
                        .iter()
                        .find(|b| {
                            b.at.offset <= problem.play.offset && problem.play.offset < b.at.end()
                        })
                        .and_then(|b| stored_position(b, rules.checkers()))
                        .map(|p| (p, hops)),
                    _ => None,
                };
                let c = PlayContext {
                    rules: &rules,
                    pos: &self.turn.pos,
                    side,
                    dice,
                    who: self.who(side),
                    dice_span: Some(stage.dice_span),
                };
                let mut f = problem_finding(&c, *problem);
                let Some((position, hops)) = made else {
                    self.push(f);
                    return Err(Stop);
                };
                f.continued = how;
                self.push(f);
                self.turn.pos = position;
                let steps: Vec<crate::rules::Step> = hops
                    .iter()
                    .map(|&(from, to)| crate::rules::Step {
                        from,
                        to,
                        die: from.abs_diff(to).min(6),
                        hit: false,
                    })
                    .collect();
                return Ok(self.stage_done(out, stage, dice, &steps));
            }
        };
        // Hit marks (files that mark hits).
        if self.marks_hits && rules.pins() {
            self.pin_marks(side, &judged, written);
        } else if self.marks_hits && rules.hits() {
            // `10/2*(2)`: one mark for the hit made by the first of the repeated checkers.
            let hits = judged.steps.as_slice().iter().filter(|s| s.hit).count();
            if judged.marked != hits {
                let span = written
                    .first()
                    .unwrap()
                    .span
                    .join(written.last().unwrap().span);
                self.push(
                    Finding::warning(
                        Code::HitMark,
                        span,
                        format!("the play hits {hits} blot(s) but marks {} with `*`", judged.marked),
                    )
                    .label("hit marks")
                    .help("hits are computed from the board; in a file that marks hits every hit should carry `*`"),
                );
            }
        }
        self.turn.pos = judged.position;
        Ok(self.stage_done(out, stage, dice, judged.steps.as_slice()))
    }

    /// Pin marks (Tapa, `tapa.md` §9): in a file that marks pins, a pin without `*` or a `*`
    /// that pins nothing is a warning; pins are always computed from the board.
    fn pin_marks(
        &mut self,
        side: Side,
        judged: &super::super::referee::Judged,
        written: &[StepText],
    ) {
        // Marks are judged where they stand: a pin made at a step counts as marked by a `*` on
        // that point, also when the pinner moves on within the play and releases it
        // (`20/14*/13`, as a hit on the way is marked in backgammon).
        let pinned_at: Vec<u8> = judged
            .steps
            .as_slice()
            .iter()
            .filter(|s| s.hit)
            .map(|s| s.to)
            .collect();
        let mut marked_at: Vec<u8> = Vec::new();
        for st in written {
            for k in 1..st.path.len() {
                let (point, mark, _) = st.path.get(k);
                if mark {
                    marked_at.push(point.index());
                }
            }
        }
        let pins = pinned_at.len();
        // Steps of one play may be carried out in more than one order: a pinner that leaves a
        // lone opposing checker while another checker of the play lands there re-pins it in
        // the order that moves the pinner first, so a `*` there marks a pin too.
        let them = side.other().index();
        let steps = judged.steps.as_slice();
        let repinned = |p: u8| {
            (1..=24).contains(&p)
                && self.turn.pos.c[them][self.rules.opposite(p) as usize] == 1
                && steps.iter().any(|s| s.from == p)
                && steps.iter().any(|s| s.to == p)
        };
        let agree = marked_at
            .iter()
            .all(|&p| pinned_at.contains(&p) || repinned(p))
            && pinned_at.iter().all(|p| marked_at.contains(p));
        if !agree && let (Some(first), Some(last)) = (written.first(), written.last()) {
            self.push(
                Finding::warning(
                    Code::PinMark,
                    first.span.join(last.span),
                    format!(
                        "the play pins {pins} checker(s) but marks {} with `*`",
                        judged.marked
                    ),
                )
                .label("pin marks")
                .help("pins are computed from the board; in a file that marks pins every pin should carry `*`"),
            );
        }
    }
}

/// A stored board as a position of `checkers` a side (those not on the board are off); `None`
/// when it holds more.
fn stored_position(b: &crate::record::StoredBoard, checkers: u8) -> Option<crate::rules::Position> {
    let mut p = crate::rules::Position::empty();
    for (k, side) in [Side::White, Side::Black].into_iter().enumerate() {
        let mut on = 0u8;
        for loc in 1..=25u8 {
            let n = b.counts[k][loc as usize];
            on = on.checked_add(n)?;
            p.set(side, loc, n);
        }
        p.set(side, 0, checkers.checked_sub(on)?);
    }
    Some(p)
}
