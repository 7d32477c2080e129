//! The written result, `Wins N points`: its column and its value against how the game ended
//! (a bear-off, a dropped double, a mother win, or a resignation, written or not), and the
//! other results a later score line may confirm.

use super::super::{ActionTrace, Finding};
use super::result::{Resignation, level_name, resignation_help};
use super::{Dispute, GameWalker, Over, Stop};
use crate::codes::Code;
use crate::notation::{ResignLevel, Span};
use crate::record::Action;
use crate::rules::{Level, Side};

/// A written `Wins`: its cell, the player of its column, its value and where the value
/// stands.
#[derive(Clone, Copy)]
struct Written {
    cell: Span,
    side: Side,
    points: u64,
    span: Span,
}

/// A written resignation that names its level (`Resigned Gammon`, `Resigned Match`).
struct Stated {
    resignation: Resignation,
    level: ResignLevel,
    /// The rules' level of that name (none: the position allows no such resignation).
    kind: Option<Level>,
    /// The values the result may be written at.
    allowed: Vec<u64>,
}

impl GameWalker<'_> {
    pub(super) fn wins(
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
        if self.result.wins.is_some() {
            return self.second_result(a);
        }
        self.result.wins = Some((side, points, span));
        let w = Written {
            cell: a.cell.span,
            side,
            points,
            span,
        };
        self.check_match_mark(w, and_match);
        match self.result.over {
            Some(Over::Draw { .. }) => {
                self.push(
                    Finding::error(
                        Code::DrawResult,
                        w.cell,
                        format!(
                            "{} is written as the winner, but the game is a draw (both mothers pinned, or the stuck rule)",
                            self.who(side)
                        ),
                    )
                    .label("a draw, not a win")
                    .help("write ` Draw` on its own line; each player scores `draw_points`"),
                );
                Err(Stop)
            }
            Some(
                Over::BearOff { winner, full }
                | Over::Drop { winner, full }
                | Over::Mother { winner, full },
            ) => self.wins_after_end(w, winner, full),
            // Only this `Wins` makes a resignation the end of the game.
            Some(Over::Resigned { .. }) => Ok(()),
            None => {
                self.wins_by_resignation(a, w);
                Ok(())
            }
        }
    }

    /// `and the match` on a game that does not end the match (in a money session, current
    /// servers mark the session's last game so).
    fn check_match_mark(&mut self, w: Written, and_match: bool) {
        let wrong_column = matches!(
            self.result.over,
            Some(Over::BearOff { winner, .. } | Over::Drop { winner, .. }) if winner != w.side
        );
        let ends_match = match self.needed[w.side.index()] {
            Some(n) => w.points >= n,
            None => self.last_game,
        };
        if and_match && !wrong_column && !ends_match {
            self.push(
                Finding::warning(
                    Code::MatchEndMark,
                    w.cell,
                    "`and the match` on a game that does not end the match",
                )
                .label("not the end of the match")
                .help(match self.needed[w.side.index()] {
                    Some(n) => format!("{} needed {n} point(s) to win the match", self.who(w.side)),
                    None => "a money session has no match to win; `and the match` may mark only its last game".to_string(),
                }),
            );
        }
    }

    /// Whether `w` may be written for a game worth `full`: that value, or on the game that
    /// ends the match a value capped at the points needed, or (older Backgammon Galaxy
    /// exports) at the match length when that lies between the two.
    fn value_fits(&self, w: Written, full: u64) -> bool {
        let needed = self.needed[w.side.index()];
        let length = self.length;
        w.points == full
            || needed.is_some_and(|n| {
                n < full && (w.points == n || (n < length && length < full && w.points == length))
            })
    }

    /// The end of a finding's message naming the points the winner needed, if a match.
    fn needed_note(&self, side: Side) -> String {
        match self.needed[side.index()] {
            Some(n) => format!("; {} needed {n} point(s) for the match", self.who(side)),
            None => String::new(),
        }
    }

    /// A `Wins` after the game ended by a bear-off, a drop or a mother win of `winner`, worth
    /// `full`: in the winner's column, at that value.
    fn wins_after_end(&mut self, w: Written, winner: Side, full: u64) -> Result<(), Stop> {
        if winner != w.side {
            self.result.dispute = Some(Dispute {
                finding: Some((Code::WrongWinner, w.cell)),
                points_span: w.span,
                cell_span: w.cell,
                written: (w.side, w.points),
                options: vec![(winner, full)],
            });
            self.push(
                Finding::error(
                    Code::WrongWinner,
                    w.cell,
                    format!(
                        "{} is written as the winner, but {} won the game",
                        self.who(w.side),
                        self.who(winner)
                    ),
                )
                .label("wrong column")
                .help("the result stands in the winner's column"),
            );
            return Err(Stop);
        }
        // Under the Jacoby rule gnubg writes a bear-off at its level's value and counts it as
        // 1 (`hypergammon.md` §4): either is accepted.
        let written_at_level = self.jacoby()
            && matches!(self.result.over, Some(Over::BearOff { .. }))
            && self.value_fits(
                w,
                self.rules.level(&self.turn.pos, winner).points() as u64 * self.cube.value,
            );
        if self.value_fits(w, full) || written_at_level {
            return Ok(());
        }
        let dropped = matches!(self.result.over, Some(Over::Drop { .. }));
        let why = if matches!(self.result.over, Some(Over::Mother { .. })) {
            format!(
                "{} pinned the mother of {}: a mother win is worth 2 points (tapa.md §5)",
                self.who(winner),
                self.who(winner.other())
            )
        } else {
            self.value_explanation(winner, full, dropped)
        };
        let code = if w.points == 0 && self.rules.zero_result_claims_draw() {
            Code::Draw
        } else {
            Code::WinsMismatch
        };
        self.result.dispute = Some(Dispute {
            finding: Some((code, w.span)),
            points_span: w.span,
            cell_span: w.cell,
            written: (w.side, w.points),
            options: vec![(winner, full)],
        });
        let points = w.points;
        let needed_note = self.needed_note(w.side);
        self.push(
            Finding::error(
                code,
                w.span,
                format!("the game is worth {full} point(s), not {points}{needed_note}"),
            )
            .label("written value")
            .help(why),
        );
        Ok(())
    }

    /// A `Wins` while the game runs: a resignation by the other player, written (`Resigns`)
    /// or not. Its value is judged against the resignations the position allows, or the
    /// level a written resignation names; the others are left for a later score line.
    fn wins_by_resignation(&mut self, a: &Action, w: Written) {
        let side = w.side;
        let resigner = side.other();
        let resign = self.pair_resignation(a);
        if let Some(r) = resign.filter(|r| r.side == side) {
            self.push(
                Finding::error(
                    Code::WrongWinner,
                    w.cell,
                    format!(
                        "the `Wins` gives the game to {}, who resigned it on line {}",
                        self.who(side),
                        r.line
                    ),
                )
                .label("the resigning player's column")
                .related(r.span, "the resignation")
                .help("a player resigns to the opponent: the resignation stands in the loser's column, the `Wins` in the winner's"),
            );
        }
        // A written resignation in the loser's column, and the level it names.
        let resign = resign.filter(|r| r.side == resigner);
        let levels = self.resignation_values(resigner);
        let mut options = self.other_resignations(w, resign.is_some());
        let stated = resign.and_then(|r| self.stated(w, r, &levels));
        if let Some(s) = &stated {
            options = s
                .allowed
                .iter()
                .filter(|&&v| v != w.points)
                .map(|&v| (side, v))
                .collect();
            options.dedup();
        }
        self.result.dispute = Some(Dispute {
            finding: None,
            points_span: w.span,
            cell_span: w.cell,
            written: (side, w.points),
            options,
        });
        match stated {
            Some(s) if !s.allowed.contains(&w.points) => self.stated_value_wrong(w, s, &levels),
            Some(_) => {}
            None if !levels
                .iter()
                .any(|&l| self.value_fits(w, l * self.cube.value)) =>
            {
                self.resignation_value_wrong(w, &levels);
            }
            None => {}
        }
        self.result.over = Some(Over::Resigned {
            winner: side,
            written: w.points,
        });
    }

    /// The levels (in points, before the cube) a resignation by `resigner` may be worth
    /// here: 1 under the Jacoby rule.
    fn resignation_values(&self, resigner: Side) -> Vec<u64> {
        if self.jacoby() {
            vec![1]
        } else {
            self.rules
                .resignation_levels(&self.turn.pos, resigner)
                .iter()
                .map(|l| l.points() as u64)
                .collect()
        }
    }

    /// Every other resignation the position allows, by either player (only by the loser
    /// when a resignation is written): a later score line may confirm one of them.
    fn other_resignations(&self, w: Written, written_resignation: bool) -> Vec<(Side, u64)> {
        let unit = self.cube.value;
        let values = |resigner: Side| -> Vec<u64> {
            self.resignation_values(resigner)
                .into_iter()
                .map(|l| l * unit)
                .collect()
        };
        let (side, resigner) = (w.side, w.side.other());
        let mut options: Vec<(Side, u64)> = values(resigner)
            .into_iter()
            .map(|v| (side, v))
            .chain(values(side).into_iter().map(|v| (resigner, v)))
            .filter(|&o| o != (side, w.points))
            .collect();
        // A written resignation names the loser.
        if written_resignation {
            options.retain(|o| o.0 == side);
        }
        options.dedup();
        options
    }

    /// The level the written resignation `r` names, if it names one, and the values the
    /// result may then be written at.
    fn stated(&self, w: Written, r: Resignation, levels: &[u64]) -> Option<Stated> {
        let level = r.level.filter(|&l| l != ResignLevel::Game)?;
        let unit = self.cube.value;
        let needed = self.needed[w.side.index()];
        let (kind, allowed) = match (level, needed) {
            // Resigning the match gives the winner the points still needed (or a legal
            // resignation that reaches them).
            (ResignLevel::Match, Some(n)) => {
                let mut v = vec![n];
                if w.points > n && levels.iter().any(|&l| self.value_fits(w, l * unit)) {
                    v.push(w.points);
                }
                (None, v)
            }
            // A money session has no match: any legal resignation.
            (ResignLevel::Match, None) => (None, levels.iter().map(|l| l * unit).collect()),
            _ => {
                let want = if level == ResignLevel::Gammon { 2 } else { 3 };
                let kinds = self
                    .rules
                    .resignation_levels(&self.turn.pos, w.side.other());
                match kinds.iter().copied().find(|l| l.points() == want) {
                    Some(k) => {
                        let full = u64::from(k.points()) * unit;
                        let mut v = vec![full];
                        if let Some(n) = needed.filter(|&n| n < full) {
                            v.push(n);
                            if n < self.length && self.length < full {
                                v.push(self.length);
                            }
                        }
                        // Under the Jacoby rule it counts as a single game.
                        if self.jacoby() {
                            v.push(unit);
                        }
                        (Some(k), v)
                    }
                    None => (None, Vec::new()),
                }
            }
        };
        Some(Stated {
            resignation: r,
            level,
            kind,
            allowed,
        })
    }

    /// The written value is not one the named resignation allows.
    fn stated_value_wrong(&mut self, w: Written, s: Stated, levels: &[u64]) {
        let (points, unit) = (w.points, self.cube.value);
        let resigner = w.side.other();
        let needed_note = self.needed_note(w.side);
        let (code, message, help) = match (s.level, s.kind) {
            (ResignLevel::Match, _) => (
                Code::WinsMismatch,
                format!(
                    "{} resigned the match, which gives {} the {} point(s) still needed, not {points}",
                    self.who(resigner),
                    self.who(w.side),
                    s.allowed.first().copied().unwrap_or(0)
                ),
                "`Resigned Match` concedes the match: write the points the winner still needed"
                    .to_string(),
            ),
            (_, Some(k)) => (
                Code::WinsMismatch,
                format!(
                    "{} resigned a {}: with the cube at {unit} it is worth {} point(s), not {points}{needed_note}",
                    self.who(resigner),
                    level_name(k),
                    k.points() as u64 * unit
                ),
                format!(
                    "`Resigned {}` names the level: write its value, or the level resigned",
                    s.level.word()
                ),
            ),
            (_, None) => (
                Code::BadResignation,
                format!(
                    "{} resigned a {}, which no resignation can be here; it can be worth {} point(s)",
                    self.who(resigner),
                    s.level.word().to_lowercase(),
                    levels
                        .iter()
                        .map(|l| (l * unit).to_string())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ),
                resignation_help(
                    self.rules,
                    self.rules.resignation_levels(&self.turn.pos, resigner),
                ),
            ),
        };
        if let Some(d) = &mut self.result.dispute {
            d.finding = Some((code, w.span));
        }
        self.push(
            Finding::error(code, w.span, message)
                .label("written value")
                .related(s.resignation.span, "the resignation")
                .help(help),
        );
    }

    /// The written value is not one a resignation here can be worth.
    fn resignation_value_wrong(&mut self, w: Written, levels: &[u64]) {
        let (points, unit) = (w.points, self.cube.value);
        let resigner = w.side.other();
        let allowed: Vec<String> = levels.iter().map(|l| (l * unit).to_string()).collect();
        let code = if points == 0 && self.rules.zero_result_claims_draw() {
            Code::Draw
        } else {
            Code::BadResignation
        };
        if let Some(d) = &mut self.result.dispute {
            d.finding = Some((code, w.span));
        }
        let needed_note = self.needed_note(w.side);
        self.push(
            Finding::error(
                code,
                w.span,
                format!(
                    "the game is still running, so this is a resignation by {}; it can be worth {} point(s), not {points}{needed_note}",
                    self.who(resigner),
                    allowed.join(" or ")
                ),
            )
            .label("written value")
            .help(resignation_help(
                self.rules,
                self.rules.resignation_levels(&self.turn.pos, resigner),
            )),
        );
    }
}
