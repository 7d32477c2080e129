//! The score lines of a match: each checked against the scores the results give, and the
//! other readings a disputed result or score line leaves open, which the next score line may
//! confirm.

use super::super::{Finding, Repair};
use super::matches::{MatchReplay, MatchState};
use super::{Dispute, side_of, who_of};
use crate::codes::Code;
use crate::notation::{CellBody, NameScore, Span};
use crate::record::Game;
use crate::rules::Side;

/// Another reading of a record after a result or score line the rules dispute (or, for a
/// resignation, allow in more than one way): the next score line confirms it when it agrees
/// with it, and the check follows it from there.
pub(super) struct Alternative<'a> {
    /// Scores by player identity under this reading, the game's result included.
    pub(super) scores: [u64; 2],
    /// The game's winner (identity) under it.
    pub(super) winner: Option<usize>,
    /// What confirming it does to the findings.
    pub(super) confirm: Confirm<'a>,
}

/// What a confirmed reading does to the findings.
pub(super) enum Confirm<'a> {
    /// The disputed finding (code, span) gets the repair and the note.
    Amend((Code, Span), Option<Repair>, String),
    /// The finding (code, span) becomes this error, with the repair and the note.
    Promote((Code, Span), Box<Finding>),
    /// Another result of the game: its disputed finding amended, or a new one (the written
    /// result is not the one the score line confirms). Its words are made only then.
    Result(Box<OtherResult<'a>>),
}

/// Another result of a game, as [`Confirm::Result`] holds it.
pub(super) struct OtherResult<'a> {
    pub(super) game: &'a Game,
    pub(super) dispute: Dispute,
    /// The winner and value of this reading.
    pub(super) option: (Side, u64),
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
pub(super) fn follow_confirmed(
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

impl MatchReplay<'_> {
    /// The score line before game `index`: the players by name (their identities, which the
    /// function returns), and the scores against those the results give. The match goes on
    /// from the written scores, so that one mistake is reported once; a disputed score line
    /// leaves its other reading in `pending`.
    pub(super) fn score_line(
        &mut self,
        index: usize,
        game: &Game,
        pending: &mut Vec<Alternative>,
    ) -> [usize; 2] {
        let Some((l, r)) = &game.score else {
            // (An unreadable score line is already reported as a syntax error.)
            if game.score_unreadable.is_none() {
                self.findings.push(
                    Finding::warning(
                        Code::NoScoreLine,
                        game.number_span,
                        format!("game {} has no score line", game.number),
                    )
                    .label("this game")
                    .help("after `Game N` write ` Left : score     Right : score`"),
                );
            }
            return [0, 1];
        };
        if self.ms.names.is_none() {
            self.ms.names = Some((l.name.clone(), r.name.clone()));
        }
        let identity = identity_of(&self.ms, l, r);
        let want = (self.ms.scores[identity[0]], self.ms.scores[identity[1]]);
        let got = (l.score, r.score);
        let previous_unfinished =
            index > 0 && self.traces.last().is_some_and(|t| t.result.is_none());
        // After a game cut short by a syntax error the score line is taken as written.
        let previous_broken = index > 0 && !self.record.games[index - 1].broken_lines.is_empty();
        if index == 0 && got != (0, 0) {
            self.starts_mid_match(game, l, r, pending);
        } else if previous_broken {
        } else if previous_unfinished && got == want {
            self.findings.push(
                Finding::error(
                    Code::Draw,
                    l.score_span.join(r.score_span),
                    format!(
                        "game {} has no result and this score line awards nobody a point: a draw, which {} does not have",
                        index,
                        self.rules.variant().title()
                    ),
                )
                .label("unchanged scores")
                .help("every game ends with a winner: write the previous game's result (`Wins N points`) and the scores after it"),
            );
        } else if previous_unfinished {
            self.result_from_score_line(index, game);
        } else if got != want
            && Some(got) == jacoby_alt(&self.ms, identity)
            && self.jacoby_tag != Some(false)
        {
            // gnubg's money sessions: `Wins` at the full level, the score line as the Jacoby
            // rule counts it (`hypergammon.md` §4). Without a `Jacoby` tag the score line
            // decides; the report notes the rule it shows.
            if self.jacoby_tag.is_none() {
                self.findings.push(
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
        } else if got != want {
            self.score_mismatch(game, l, r, want, pending);
        }
        // Continue from the written scores so one mistake is reported once.
        self.ms.scores[identity[0]] = got.0;
        self.ms.scores[identity[1]] = got.1;
        identity
    }

    /// The first score line is not 0 : 0: the record starts mid-match, unless the next score
    /// line confirms 0 : 0 (then the written scores are wrong).
    fn starts_mid_match(
        &mut self,
        game: &Game,
        l: &NameScore,
        r: &NameScore,
        pending: &mut Vec<Alternative>,
    ) {
        self.fragment = true;
        let got = (l.score, r.score);
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
        self.findings.push(
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
    }

    /// The previous game has no result and this score line changes the scores: it is taken
    /// as that game's result.
    fn result_from_score_line(&mut self, index: usize, game: &Game) {
        let prev = &self.record.games[index - 1];
        // A written resignation without its `Wins` is already reported at it.
        let resigned = prev
            .actions
            .iter()
            .any(|a| matches!(a.cell.body, CellBody::Resign { .. }));
        if prev.broken_lines.is_empty() && !resigned {
            self.findings.push(
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
    }

    /// Scores that differ from those the results give (`want`), unless the next score line
    /// follows from the written ones.
    fn score_mismatch(
        &mut self,
        game: &Game,
        l: &NameScore,
        r: &NameScore,
        want: (u64, u64),
        pending: &mut Vec<Alternative>,
    ) {
        let got = (l.score, r.score);
        let (ls, rs) = (l.score_span, r.score_span);
        pending.push(Alternative {
            scores: self.ms.scores,
            winner: None,
            confirm: Confirm::Amend(
                (Code::ScoreMismatch, ls.join(rs)),
                score_repair(got, want, ls, rs),
                format!("the next score line confirms {} : {}", want.0, want.1),
            ),
        });
        self.findings.push(
            Finding::error(
                Code::ScoreMismatch,
                l.score_span.join(r.score_span),
                format!("the score before game {} should be {} : {}, not {} : {}", game.number, want.0, want.1, got.0, got.1),
            )
            .label("written scores")
            .help("each score line gives both scores before the game: 0 : 0 for game 1, then the previous scores plus each game's result"),
        );
    }
}

/// The result written in a game: the column of its `Wins` and the points.
pub(super) fn written_result(game: &Game) -> Option<(Side, u64)> {
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
