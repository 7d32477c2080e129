//! gnubg's analysis of an entry: the cube analysis (`Cube analysis` … `Proper cube action:`)
//! and the move analysis (`Rolled 31 (+0.102):` and its ranked candidates), read line by line
//! and laid onto the entry they concern, a taker's figures turned back to the doubler's side and
//! match winning chances into equities.

use super::lines::{
    Line, figure, is_candidate, level_of, normalized, number, probabilities, structural,
};
use super::moves::{Entry, Kind};
use super::read::{Reader, Side};
use crate::codes::Code;
use crate::notation::Span;
use crate::record::{Candidate, CubeAnalysis, MatchCube, ReadProblem};

/// A cube analysis being read (`Cube analysis` … `Proper cube action: …`).
#[derive(Debug, Default)]
pub(super) struct CubeRead {
    pub(super) at: Span,
    pub(super) level: Option<String>,
    pub(super) mwc: bool,
    /// No double, double/take, double/pass, as written (from the writer's side).
    pub(super) figures: [Option<f64>; 3],
    pub(super) done: bool,
}

/// The move analysis being read (`Rolled 31 (+0.102):` and its candidates).
#[derive(Debug, Default)]
pub(super) struct MovesRead {
    pub(super) at: Span,
    pub(super) dice: Option<(u8, u8)>,
    pub(super) luck: Option<f64>,
    pub(super) luck_mwc: bool,
    pub(super) candidates: Vec<Candidate>,
    /// Whether each candidate's figure is a match winning chance (converted at the end).
    pub(super) mwc: Vec<bool>,
    pub(super) probs: Vec<bool>,
    pub(super) played: Option<usize>,
}

/// Which lines are expected after the one read.
#[derive(Debug)]
pub(super) enum Ctx {
    None,
    Cube(CubeRead),
    Moves(MovesRead),
    /// Rollout details of a cube analysis.
    Rollout,
}

impl<'a> Reader<'a> {
    /// A line of the analysis being read, if it is one.
    pub(super) fn in_context(&mut self, line: Line<'a>) -> bool {
        let t = line.text;
        match self.ctx {
            Ctx::None => false,
            Ctx::Cube(_) => self.cube_line(t),
            Ctx::Rollout => {
                // Rollout details and parameters: every line up to the next part.
                !(t.trim().is_empty()
                    || structural(t)
                    || t.starts_with("Alert: ")
                    || t.starts_with("Rolled ")
                    || t.starts_with("* "))
            }
            Ctx::Moves(_) => self.moves_line(line),
        }
    }

    /// A line of the cube analysis (its level, a figure, the proper cube action, a line under
    /// them), if it is one.
    fn cube_line(&mut self, t: &str) -> bool {
        let Ctx::Cube(c) = &mut self.ctx else {
            return false;
        };
        if t.trim().is_empty() || t == "Cubeful equities:" {
            return true;
        }
        if c.done {
            if t == "Rollout details:" {
                // The figures are read: the rollout's details follow.
                if let Ctx::Cube(c) = std::mem::replace(&mut self.ctx, Ctx::Rollout) {
                    self.cube_done(c);
                }
                return true;
            }
            return false;
        }
        if c.level.is_none() {
            let words: Vec<&str> = t.split_whitespace().collect();
            if let Some(k) = words.iter().position(|w| *w == "cubeless")
                && matches!(words.get(k + 1), Some(&"equity" | &"MWC"))
                && words.get(k + 2).is_some_and(|v| figure(v).is_some())
            {
                c.level = Some(level_of(&words[..k]));
                c.mwc = words[k + 1] == "MWC";
                return true;
            }
            return false;
        }
        if t.starts_with("  ") {
            // The cubeless probabilities, or the evaluation's parameters.
            return true;
        }
        if let Some(r) = t.strip_prefix("Proper cube action: ") {
            c.done = !r.trim().is_empty();
            return c.done;
        }
        let Some((_, r)) = number(t) else {
            return false;
        };
        let Some(r) = r.strip_prefix(". ") else {
            return false;
        };
        let (k, v) = if let Some(v) = r.strip_prefix("No double") {
            (0, v)
        } else if let Some(v) = r.strip_prefix("Double, take") {
            (1, v)
        } else if let Some(v) = r.strip_prefix("Double, pass") {
            (2, v)
        } else {
            return false;
        };
        let mut tok = v.split_whitespace();
        let Some(x) = tok.next().and_then(figure) else {
            return false;
        };
        let diff = tok.collect::<Vec<_>>().join(" ");
        let diff_ok = diff.is_empty()
            || (diff.starts_with('(')
                && diff.ends_with(')')
                && figure(diff[1..diff.len() - 1].trim()).is_some());
        if !diff_ok || c.figures[k].is_some() {
            return false;
        }
        c.figures[k] = Some(x);
        true
    }

    /// A line of the move analysis (a candidate, the lines under it, the play made without
    /// candidates), if it is one.
    fn moves_line(&mut self, line: Line<'a>) -> bool {
        let t = line.text;
        if t.trim().is_empty() {
            return true;
        }
        if is_candidate(t) {
            return self.candidate(line);
        }
        if let Some(r) = t.strip_prefix('*') {
            // No list of candidates: the play made, or `Cannot move`.
            let r = r.trim();
            if r == "Cannot move" || !r.is_empty() && r.split_whitespace().all(|s| s.contains('/'))
            {
                // (An entry that could not be read, or none, is reported already.)
                let same = match self.pending.as_ref().map(|e| &e.kind) {
                    Some(Kind::Turn { play: Some(p), .. }) => normalized(p) == normalized(r),
                    Some(Kind::Turn { play: None, .. }) => r == "Cannot move",
                    _ => true,
                };
                if !same {
                    self.report(ReadProblem::new(
                        Code::UnknownLine,
                        false,
                        line.trimmed(),
                        format!(
                            "the analysis names `{r}` as the play made, not the play of the `* … moves` line"
                        ),
                        "gnubg writes the play made twice; one of them was changed",
                    ));
                }
                return true;
            }
            return false;
        }
        let Ctx::Moves(m) = &mut self.ctx else {
            return false;
        };
        if t.starts_with("      ") && !m.candidates.is_empty() {
            // Under a candidate: its probabilities, or its evaluation's parameters
            // (rollout details and settings included).
            if let Some(p) = probabilities(t) {
                let k = m.candidates.len() - 1;
                if !m.probs[k] {
                    m.candidates[k].probabilities = p;
                    m.probs[k] = true;
                }
            }
            return true;
        }
        false
    }

    /// The analysis read so far goes to its entry.
    pub(super) fn end_context(&mut self) {
        match std::mem::replace(&mut self.ctx, Ctx::None) {
            Ctx::None | Ctx::Rollout => {}
            Ctx::Cube(c) => self.cube_done(c),
            Ctx::Moves(m) => self.moves_done(m),
        }
    }

    /// `Rolled 31 (+0.102):`: the luck, and the candidates that follow.
    pub(super) fn rolled(&mut self, line: Line<'a>) {
        let t = line.text;
        let parsed = (|| {
            let r = t.strip_prefix("Rolled ")?.strip_suffix(':')?;
            let (dice, rest) = match r.as_bytes() {
                [a @ b'1'..=b'6', b @ b'1'..=b'6', ..] => ((a - b'0', b - b'0'), &r[2..]),
                _ => return None,
            };
            if rest.is_empty() {
                return Some((dice, None));
            }
            let l = rest.strip_prefix(" (")?.strip_suffix(')')?;
            Some((dice, Some((figure(l)?, l.ends_with('%')))))
        })();
        let Some((dice, luck)) = parsed else {
            self.unknown(line, ": the roll's analysis reads `Rolled 31 (+0.102):`");
            return;
        };
        if !matches!(
            self.pending.as_ref().map(|e| &e.kind),
            Some(Kind::Turn { .. } | Kind::Broken)
        ) {
            self.report(ReadProblem::new(
                Code::MisplacedLine,
                true,
                line.trimmed(),
                "a roll's analysis without the play it analyses (`* NAME moves …`) before it"
                    .into(),
                "gnubg writes the analysis of a roll after the play made with it",
            ));
        }
        self.ctx = Ctx::Moves(MovesRead {
            at: line.trimmed(),
            dice: Some(dice),
            luck: luck.map(|l| l.0),
            luck_mwc: luck.is_some_and(|l| l.1),
            ..MovesRead::default()
        });
    }

    /// A candidate line of the move analysis.
    pub(super) fn candidate(&mut self, line: Line<'a>) -> bool {
        let t = line.text;
        let parsed = (|| {
            let played = t.starts_with('*');
            let r = t[1..].trim_start();
            let r = match r.strip_prefix("??") {
                Some(r) => r,
                None => number(r)?.1.strip_prefix('.')?,
            };
            let (k, mwc) = match (r.rfind(" Eq.: "), r.rfind(" MWC: ")) {
                (Some(k), None) => (k, false),
                (None, Some(k)) => (k, true),
                _ => return None,
            };
            let (left, right) = (&r[..k], &r[k + 6..]);
            let mut tok = right.split_whitespace();
            let v = tok.next()?;
            let equity = figure(v)?;
            // The difference to the best, when it is not the best.
            let diff = tok.collect::<Vec<_>>().join(" ");
            if !(diff.is_empty() || diff.starts_with('(') && diff.ends_with(')')) {
                return None;
            }
            let words: Vec<&str> = left.split_whitespace().collect();
            let split = words.iter().position(|w| w.contains('/'))?;
            if !words[split..].iter().all(|w| w.contains('/')) {
                return None;
            }
            Some((
                played,
                Candidate {
                    play: words[split..].join(" "),
                    equity,
                    probabilities: [0.0; 5],
                    level: level_of(&words[..split]),
                    context: None,
                },
                mwc || v.ends_with('%'),
            ))
        })();
        let Some((played, c, mwc)) = parsed else {
            return false;
        };
        let Ctx::Moves(m) = &mut self.ctx else {
            return false;
        };
        if played {
            m.played = Some(m.candidates.len());
        }
        m.candidates.push(c);
        m.mwc.push(mwc);
        m.probs.push(false);
        true
    }

    /// The chances of winning the match of `side` when it wins the cube's value, and when it
    /// loses it (gnubg's `eq2mwc` by its default table, the score and cube of the game).
    pub(super) fn mwc_range(&self, side: Side) -> Option<(f64, f64)> {
        self.mwc_at(side, self.game.as_ref()?.cube)
    }

    /// [`Reader::mwc_range`] with the cube at `cube`.
    pub(super) fn mwc_at(&self, side: Side, cube: u64) -> Option<(f64, f64)> {
        let g = self.game.as_ref()?;
        let length = self.length.filter(|&l| l > 0)?;
        let (me, you) = (g.score[side.index()], g.score[side.other().index()]);
        let cube = |a: u64, b: u64| MatchCube {
            length,
            score: (a, b),
            cube: cube.max(1),
            crawford: g.crawford,
        };
        let win = cube(me, you).double_pass()?;
        let lose = 1.0 - cube(you, me).double_pass()?;
        (win - lose > 1e-9).then_some((win, lose))
    }

    /// The move analysis read: the candidates (figures in match winning chances turned into
    /// equities, as gnubg's are), the play made and the luck, on the turn.
    pub(super) fn moves_done(&mut self, m: MovesRead) {
        let side = match self.pending.as_ref() {
            Some(e) => e.side,
            None => return,
        };
        if let Some(Entry {
            kind: Kind::Turn { dice, .. },
            ..
        }) = self.pending.as_ref()
            && let Some(d) = m.dice
            && (d != *dice && (d.1, d.0) != *dice)
        {
            self.report(ReadProblem::new(
                Code::BadDice,
                false,
                m.at,
                format!(
                    "the analysis is of a roll of {}{}, the header's roll is {}{}",
                    d.0, d.1, dice.0, dice.1
                ),
                "gnubg writes the roll twice; one of them was changed",
            ));
        }
        let range = self.mwc_range(side);
        let needs = m.luck_mwc || m.mwc.iter().any(|&x| x);
        if needs && range.is_none() {
            self.report(ReadProblem::new(
                Code::UnknownLine,
                false,
                m.at,
                "the analysis is in match winning chances, which cannot be turned into equities here (no match length, or a score the match equity table does not reach): it is left out".into(),
                "export with `set output mwc off` (gnubg's default) to keep the analysis",
            ));
            return;
        }
        let to_equity = |x: f64| -> f64 {
            let (w, l) = range.expect("checked above");
            2.0 * (x - l) / (w - l) - 1.0
        };
        let mut candidates = m.candidates;
        for (c, &mwc) in candidates.iter_mut().zip(&m.mwc) {
            if mwc {
                c.equity = to_equity(c.equity);
            }
        }
        if !self.no_probabilities && !candidates.is_empty() && m.probs.iter().any(|p| !p) {
            self.no_probabilities = true;
            let mut p = ReadProblem::new(
                Code::UnknownLine,
                false,
                m.at,
                "the candidates are written without their probabilities (`set export moves probabilities off`): they read as 0".into(),
                "export with the probabilities (gnubg's default) to keep them",
            );
            p.note = true;
            self.report(p);
        }
        let luck = m.luck.map(|l| {
            if m.luck_mwc {
                let (w, l0) = range.expect("checked above");
                2.0 * l / (w - l0)
            } else {
                l
            }
        });
        let Some(e) = self.pending.as_mut() else {
            return;
        };
        if !candidates.is_empty() {
            e.analysis.played = m.played;
            e.analysis.candidates = candidates;
        }
        e.analysis.luck = luck;
    }

    /// The cube analysis read, on its entry: from the side of the player who may double (a
    /// take or pass is written from the taker's: its figures are turned back).
    pub(super) fn cube_done(&mut self, c: CubeRead) {
        let (Some(level), [Some(nd), Some(dt), Some(dp)]) = (c.level.clone(), c.figures) else {
            self.report(ReadProblem::new(
                Code::UnknownLine,
                false,
                c.at,
                "a cube analysis without its level and its three figures (no double, double/take, double/pass): it is left out".into(),
                "gnubg writes `Cube analysis`, the cubeless equity, `Cubeful equities:` and three ranked figures",
            ));
            return;
        };
        let Some(e) = self.pending.as_ref() else {
            self.report(ReadProblem::new(
                Code::MisplacedLine,
                true,
                c.at,
                "a cube analysis without the move or cube action it belongs to".into(),
                "gnubg writes it after `* NAME moves …`, `doubles`, `accepts` or `rejects`",
            ));
            return;
        };
        let answer = matches!(e.kind, Kind::Take | Kind::Drop);
        // gnubg writes an answer's figures as the doubler's turned to the taker's side: an
        // equity negated; a chance `w + l - x`, with `w` and `l` the doubler's chances when it
        // wins or loses the cube's value (so the taker's double/pass figure is `l`).
        let sum = if answer && c.mwc {
            match self.mwc_at(e.side.other(), e.cube) {
                Some((w, l)) => Some(w + l),
                None => {
                    self.report(ReadProblem::new(
                        Code::UnknownLine,
                        false,
                        c.at,
                        "the cube analysis of an answer is in match winning chances, which cannot be turned to the doubler's side here (no match length, or a score the match equity table does not reach): it is left out".into(),
                        "export with `set output mwc off` (gnubg's default) to keep the analysis",
                    ));
                    return;
                }
            }
        } else {
            None
        };
        let Some(e) = self.pending.as_mut() else {
            return;
        };
        let back = |x: f64| match (answer, sum) {
            (false, _) => x,
            (true, None) => -x,
            (true, Some(s)) => s - x,
        };
        e.analysis.cube = Some(CubeAnalysis {
            no_double: back(nd),
            double_take: back(dt),
            double_pass: Some(back(dp)),
            match_winning_chances: c.mwc,
            level,
            evaluation: None,
        });
    }
}
