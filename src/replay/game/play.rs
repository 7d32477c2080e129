//! One stage's written play: judged by the referee and applied, an empty cell judged against
//! the legal plays, a play made at the board carried out as the record says, and the writer's
//! marks (`Illegal play`, `????`, `Cannot Move`, hit and pin marks) checked.

use super::super::referee::{Judged, Problem};
use super::super::render::{legal_help, render_steps};
use super::super::{Continued, Finding, PlayContext, StageList, problem_finding};
use super::{GameWalker, Stop};
use crate::codes::Code;
use crate::notation::{Span, Stage, StageKind, StepText};
use crate::record::StoredBoard;
use crate::rules::{Position, RuleSet, Side, StageDice, Step};

impl GameWalker<'_> {
    /// Validate one stage's written play and apply it; its trace goes to `out` (when traces
    /// are kept). Returns the number of steps played.
    pub(super) fn play(
        &mut self,
        i: usize,
        side: Side,
        dice: StageDice,
        stage: &Stage,
        out: &mut StageList,
    ) -> Result<u8, Stop> {
        // Long nardy's head exception belongs to each player's first roll.
        let rules = self.rules.for_roll(self.turn.rolls[side.index()]);
        if let Some(played) = self.writer_marks(i, dice, stage, out)? {
            return Ok(played);
        }
        let written = stage.moves.steps.of(self.steps);
        if written.is_empty() {
            return self.empty_play(i, &rules, side, dice, stage, out);
        }
        let judged = match self
            .referee
            .judge_under(&rules, &self.turn.pos, side, dice, written)
        {
            Ok(j) => j,
            Err(problem) => return self.illegal_play(&rules, side, dice, stage, *problem, out),
        };
        // Hit marks (files that mark hits).
        if self.marks_hits && rules.pins() {
            self.pin_marks(side, &judged, written);
        } else if self.marks_hits && rules.hits() {
            self.hit_marks(&judged, written);
        }
        self.turn.pos = judged.position;
        Ok(self.stage_done(out, stage, dice, judged.steps.as_slice()))
    }

    /// What the writer marked in place of a play: `Illegal play (…)` (the real play is
    /// unknown), `????` (a play not recorded, which stands only before a resignation) and
    /// `Cannot Move` written together with steps. `Some`: the stage is done, with that many
    /// steps.
    fn writer_marks(
        &mut self,
        i: usize,
        dice: StageDice,
        stage: &Stage,
        out: &mut StageList,
    ) -> Result<Option<u8>, Stop> {
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
                return Ok(Some(self.stage_done(out, stage, dice, &[])));
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
        Ok(None)
    }

    /// An empty cell or `Cannot Move`: right when nothing can be played, a truncated record
    /// or a roll before a resignation; an omitted forced play is applied (with a warning);
    /// else an error with the legal plays.
    fn empty_play(
        &mut self,
        i: usize,
        rules: &RuleSet,
        side: Side,
        dice: StageDice,
        stage: &Stage,
        out: &mut StageList,
    ) -> Result<u8, Stop> {
        let moves = &stage.moves;
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
        if stage.kind == StageKind::Roll && moves.cannot_move().is_none() && self.is_last_entry(i) {
            return Ok(self.stage_done(out, stage, dice, &[]));
        }
        // The omitted forced play comes first, even before a `Wins`: that result is then
        // judged on the position after it (a bear-off, or a resignation if the game runs).
        if rules.forced_play_may_be_omitted() && moves.cannot_move().is_none() && set.len() == 1 {
            let (p, steps) = set
                .get(0)
                .map_or((self.turn.pos, Vec::new()), |(p, s)| (*p, s.to_vec()));
            self.push(
                Finding::warning(
                    Code::ForcedPlayOmitted,
                    stage.dice_span,
                    format!(
                        "the cell is empty; the only legal play {} was applied",
                        render_steps(&steps)
                    ),
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
        Err(Stop)
    }

    /// A play the referee rejects: the finding, and the game stops there, unless the play was
    /// made at the board (carried out as written, or the board the record stores after it),
    /// from which the game goes on.
    fn illegal_play(
        &mut self,
        rules: &RuleSet,
        side: Side,
        dice: StageDice,
        stage: &Stage,
        problem: Problem,
        out: &mut StageList,
    ) -> Result<u8, Stop> {
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
                .find(|b| b.at.offset <= problem.play.offset && problem.play.offset < b.at.end())
                .and_then(|b| stored_position(b, rules.checkers()))
                .map(|p| (p, hops)),
            _ => None,
        };
        let c = PlayContext {
            rules,
            pos: &self.turn.pos,
            side,
            dice,
            who: self.who(side),
            dice_span: Some(stage.dice_span),
        };
        let mut f = problem_finding(&c, problem);
        let Some((position, hops)) = made else {
            self.push(f);
            return Err(Stop);
        };
        f.continued = how;
        self.push(f);
        self.turn.pos = position;
        let steps: Vec<Step> = hops
            .iter()
            .map(|&(from, to)| Step {
                from,
                to,
                die: from.abs_diff(to).min(6),
                hit: false,
            })
            .collect();
        Ok(self.stage_done(out, stage, dice, &steps))
    }

    /// Hit marks in a file that marks hits: `10/2*(2)` is one mark for the hit made by the
    /// first of the repeated checkers.
    fn hit_marks(&mut self, judged: &Judged, written: &[StepText]) {
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

    /// Pin marks (Tapa, `tapa.md` §9): in a file that marks pins, a pin without `*` or a `*`
    /// that pins nothing is a warning; pins are always computed from the board.
    fn pin_marks(&mut self, side: Side, judged: &Judged, written: &[StepText]) {
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
fn stored_position(b: &StoredBoard, checkers: u8) -> Option<Position> {
    let mut p = Position::empty();
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
