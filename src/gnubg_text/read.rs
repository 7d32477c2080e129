//! The text export read line by line into the typed record.
//!
//! Each line is told by its opening words (gnubg writes no other marks): the prologue, the
//! match information, a move's header and board, the `* …` line of what was done, the cube
//! and move analysis, an annotation, the result, the statistics, the epilogue. An entry is
//! built when its block is complete (at the next header, result or prologue): a double takes
//! its value from the header after it (`Bob doubles to 2`), and an entry its annotation.
//!
//! This file holds the reader's state and the dispatch of a line to its part: the game's
//! bounds in [`games`](super::games), the moves and cube actions in [`moves`](super::moves),
//! their analysis in [`analysis`](super::analysis), the words of a line in
//! [`lines`](super::lines).

use std::sync::Arc;

use super::analysis::{Ctx, CubeRead, MovesRead};
use super::games::Game;
use super::lines::{Line, board_line, is_candidate, lines, statistics_start};
use super::moves::{Block, Entry};
use crate::codes::Code;
use crate::notation::{Column, Span};
use crate::record::{Builder, ReadProblem, Record};

/// gnubg's player 0 (`O`, the first name of the prologue, tavla's White and the left column)
/// or player 1 (`X`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Side {
    O,
    X,
}

impl Side {
    pub(super) fn index(self) -> usize {
        match self {
            Side::O => 0,
            Side::X => 1,
        }
    }
    pub(super) fn other(self) -> Side {
        match self {
            Side::O => Side::X,
            Side::X => Side::O,
        }
    }
    pub(super) fn column(self) -> Column {
        match self {
            Side::O => Column::Left,
            Side::X => Column::Right,
        }
    }
}

pub(super) struct Reader<'a> {
    pub(super) src: &'a str,
    pub(super) lines: Vec<Line<'a>>,
    pub(super) i: usize,
    pub(super) b: Builder,
    pub(super) problems: Vec<ReadProblem>,
    /// The players' names by side, from the prologue (or learnt from the boards' arrows).
    pub(super) names: [Option<&'a str>; 2],
    pub(super) ratings: [Option<String>; 2],
    /// The match length of the first prologue (0: a money session).
    pub(super) length: Option<u64>,
    pub(super) crawford_rule: Option<bool>,
    pub(super) game: Option<Game>,
    pub(super) block: Option<Block<'a>>,
    pub(super) pending: Option<Entry>,
    pub(super) ctx: Ctx,
    /// gnubg's closing lines (`Output generated …`) stand after the last game.
    pub(super) epilogue: bool,
    /// The note that candidates carry no probabilities was given.
    pub(super) no_probabilities: bool,
    /// The side of the entry built last, and whether it was a drop.
    pub(super) last: Option<(Side, bool)>,
    /// The board before the first move was read: the variation is known.
    pub(super) variation_known: bool,
}

pub(super) const UNKNOWN_HELP: &str = "gnubg's text export holds a prologue, the match information, a block per move (`Move number N:`, the board, `* NAME moves …`, its analysis), annotations, the result, statistics and its closing lines; restore what gnubg wrote there, or export the match again";

impl<'a> Reader<'a> {
    pub(super) fn at(&self, part: &str) -> Span {
        Span::of(self.src, part)
    }

    pub(super) fn report(&mut self, p: ReadProblem) {
        self.problems.push(p);
    }

    pub(super) fn unknown(&mut self, line: Line<'_>, what: &str) {
        let t = line.text.trim();
        let shown: String = t.chars().take(60).collect();
        let more = if shown.len() < t.len() { "…" } else { "" };
        self.report(ReadProblem::new(
            Code::UnknownLine,
            true,
            line.trimmed(),
            format!("`{shown}{more}` is nothing gnubg's text export writes{what}"),
            UNKNOWN_HELP,
        ));
    }

    /// The side a name is, when the prologue's names tell it (two players of one name do not).
    pub(super) fn side_of(&self, name: &str) -> Option<Side> {
        let is = |k: usize| self.names[k].is_some_and(|n| n == name.trim());
        match (is(0), is(1)) {
            (true, false) => Some(Side::O),
            (false, true) => Some(Side::X),
            _ => None,
        }
    }

    fn run(&mut self) {
        while self.i < self.lines.len() {
            let line = self.lines[self.i];
            self.i += 1;
            if self.in_context(line) {
                continue;
            }
            self.end_context();
            self.general(line);
        }
        self.end_context();
        self.end_game(None);
    }

    /// A line read on its own.
    fn general(&mut self, line: Line<'a>) {
        let t = line.text;
        if t.trim().is_empty() {
            return;
        }
        if t.starts_with("The score (after ") {
            self.prologue(line);
        } else if t.starts_with("Move number ") {
            self.header(line);
        } else if is_candidate(t) || t.starts_with("*   ") {
            // The analysis of a roll whose `Rolled …` line did not read: its candidates are
            // still the turn's.
            self.ctx = Ctx::Moves(MovesRead {
                at: line.trimmed(),
                ..MovesRead::default()
            });
            if !self.in_context(line) {
                self.ctx = Ctx::None;
                self.unknown(line, "");
            }
        } else if let Some(r) = t.strip_prefix("* ") {
            self.action(line, r);
        } else if t == "Cube analysis" {
            self.ctx = Ctx::Cube(CubeRead {
                at: line.span(),
                ..CubeRead::default()
            });
        } else if t.starts_with("Rolled ") {
            self.rolled(line);
        } else if t == "Annotation:" {
            self.annotation(line);
        } else if let Some(arrow) = board_line(t) {
            if let Some(id) = t.strip_prefix(" GNU Backgammon  Position ID: ")
                && !self.variation_known
                && self.game.as_ref().is_some_and(|g| g.last_move == Some(1))
            {
                self.variation_known = true;
                if let Some(name) = variation_of(id.trim()) {
                    let at = self.at(id.trim());
                    self.b.tag("Variation", name, at);
                }
            }
            if let (Some(a), Some(b)) = (arrow, self.block.as_mut()) {
                b.arrow = Some(a);
                // A name the prologue did not give (no prologue) is learnt from the arrow.
                // (The arrow points to the player the header names: the one on roll, or the
                // doubler.)
                if b.side.is_none()
                    && self.names[a.index()].is_none()
                    && self.names[a.other().index()] != Some(b.name)
                {
                    self.names[a.index()] = Some(b.name);
                }
            }
        } else if t.starts_with("Alert: ")
            || t == "Cannot analyse beaver nor raccoons!"
            || (t.starts_with(" [") && t.ends_with(']'))
        {
            // gnubg's alerts (an error, a lucky roll) repeat what the analysis says.
        } else if t == "Match Information:" {
            self.report(ReadProblem::new(
                Code::MisplacedLine,
                false,
                line.trimmed(),
                "the match information outside its place, after the prologue".into(),
                "gnubg writes it right after the prologue (`The score (after …`)",
            ));
            self.match_info(false);
        } else if statistics_start(t) {
            self.statistics();
        } else if t.starts_with("Output generated ") {
            self.epilogue = true;
            if self
                .lines
                .get(self.i)
                .is_some_and(|l| l.text.starts_with(" by ") || l.text.starts_with("by "))
            {
                self.i += 1;
            }
        } else if !self.result(line) {
            self.unknown(line, "");
        }
    }
}

/// The variation a game is played in, told by the board before its first move (the export does
/// not name it), as the `Variation` tag gnubg's SGF reader gives: `None` for backgammon (or a
/// position none of them starts from).
pub(super) fn variation_of(id: &str) -> Option<&'static str> {
    use crate::rules::{RuleSet, Side, Variant};
    let start = |r: RuleSet| crate::ids::gnubg::position_id(&r.start(), Side::White);
    let nack = RuleSet::default_for(Variant::Backgammon).with_preset("nackgammon");
    let variations = [
        ("NackGammon", nack.ok()),
        (
            "Hypergammon1",
            Some(RuleSet::default_for(Variant::Hypergammon1)),
        ),
        (
            "Hypergammon2",
            Some(RuleSet::default_for(Variant::Hypergammon2)),
        ),
        (
            "Hypergammon3",
            Some(RuleSet::default_for(Variant::Hypergammon3)),
        ),
    ];
    variations
        .into_iter()
        .find(|(_, r)| r.is_some_and(|r| start(r) == id))
        .map(|(name, _)| name)
}

/// Read gnubg's text export: its games as one match located on `text`, with the analysis it
/// holds, and the problems of reading it (lines it does not know, a move without its header, a
/// game cut short).
pub fn read(text: &str) -> Record {
    let mut r = Reader {
        src: text,
        lines: lines(text),
        i: 0,
        b: Builder::with_capacity(text.len() / 400, text.len() / 1500),
        problems: Vec::new(),
        names: [None, None],
        ratings: [None, None],
        length: None,
        crawford_rule: None,
        game: None,
        block: None,
        pending: None,
        ctx: Ctx::None,
        epilogue: false,
        no_probabilities: false,
        last: None,
        variation_known: false,
    };
    r.run();
    let mut problems = r.problems;
    problems.sort_by_key(|p| p.span.offset);
    Record {
        matches: vec![r.b.finish()],
        problems,
        text: Some(Arc::from(text)),
        ..Record::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{CellBody, ResignLevel};

    /// A game as gnubg writes it with rollouts (the layout of `OutputRolloutResult` and
    /// `OutputRolloutContext`), a resignation pending at a move, and names the prologue does
    /// not give.
    const ROLLOUT: &str = "The score (after 0 games) is: Ann 0, Bob 0 (match to 3 points)

Move number 1:  Ann to play 31

* Ann moves 8/5 6/5

Rolled 31 (+0.102):
*    1. Rollout          8/5 6/5                      Eq.: +0.102
       0.551 0.174 0.013 - 0.449 0.124 0.005 CL  +0.200 CF  +0.102
      [0.002 0.003 0.001 - 0.002 0.003 0.001 CL   0.005 CF   0.004]
        Full cubeful rollout with variance reduction
        36 games, Mersenne Twister dice generator with seed 1
        Play: world class 2-ply cubeful prune [world class]
        keep the first 0 0-ply moves and up to 8 more moves within equity 0.16
        Cube: 2-ply cubeful prune [world class]
     2. Rollout          24/23 13/10                  Eq.: -0.006 (-0.108)
       0.497 0.137 0.008 - 0.503 0.140 0.007 CL  +0.010 CF  -0.006
      [0.002 0.003 0.001 - 0.002 0.003 0.001 CL   0.005 CF   0.004]


Move number 2:  Bob on roll, cube decision?

* Bob doubles

Alert: wrong double ( -0.118)!
 [very bad]

Cube analysis
Rollout cubeless equity +0.463 (Money: +0.400)

Cubeful equities:
1. No double           +0.548
2. Double, take        +0.430  (-0.118)
3. Double, pass        +1.000  (+0.452)
Proper cube action: No double, take (20.0%)

Rollout details:
Centered 1-cube:
  0.617 0.306 0.030 - 0.383 0.102 0.005 CL  +0.463 CF  +0.548
 [0.002 0.003 0.001 - 0.002 0.003 0.001 CL   0.005 CF   0.004]
Bob owns 2-cube:
  0.617 0.306 0.030 - 0.383 0.102 0.005 CL  +0.463 CF  +0.430
 [0.002 0.003 0.001 - 0.002 0.003 0.001 CL   0.005 CF   0.004]
Full cubeful rollout with variance reduction
36 games, Mersenne Twister dice generator with seed 1
Move number 3:  Bob doubles to 2

* Ann accepts

Move number 4:  Bob resigns 2 points GNU Backgammon  Position ID: 4HPwATDgc/ABMA
                 Match ID   : cAgLAAAAAAAA
Ann wins 2 points

Output generated Fri Dec  4 20:33:35 2026
 by GNU Backgammon 1.07.001 20230103 (Text Export version 1.128)
";

    #[test]
    fn rollouts_and_a_pending_resignation_read() {
        let r = read(ROLLOUT);
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        let g = &r.matches[0].games[0];
        let kinds: Vec<String> = g
            .actions
            .iter()
            .map(|a| {
                format!("{:?}", a.cell.body)
                    .split([' ', '{'])
                    .next()
                    .unwrap()
                    .into()
            })
            .collect();
        assert_eq!(kinds, ["Turn", "Double", "Take", "Resign", "Wins"]);
        let a = g.actions[0].analysis.as_deref().unwrap();
        assert_eq!(a.candidates.len(), 2);
        assert_eq!(a.candidates[0].level, "rollout");
        assert_eq!(a.candidates[1].probabilities[0], 0.497);
        assert_eq!((a.played, a.luck), (Some(0), Some(0.102)));
        let c = g.actions[1]
            .analysis
            .as_deref()
            .unwrap()
            .cube
            .clone()
            .unwrap();
        assert_eq!(
            (c.no_double, c.double_take, c.double_pass),
            (0.548, 0.43, Some(1.0))
        );
        assert_eq!(c.level, "rollout");
        assert!(matches!(
            g.actions[1].cell.body,
            CellBody::Double { value: 2, .. }
        ));
        assert!(matches!(
            g.actions[3].cell.body,
            CellBody::Resign {
                // 2 points at a cube of 2: the game.
                level: Some(ResignLevel::Game)
            }
        ));
    }

    #[test]
    fn without_a_prologue_the_names_come_from_the_boards() {
        let t = "Move number 1:  Ann to play 31

 GNU Backgammon  Position ID: 4HPwATDgc/ABMA
^|                  |BAR|                  |     1 point match

* Ann moves 8/5 6/5
Move number 2:  Bob to play 42

v|                  |BAR|                  |     1 point match

* Bob moves 8/4 6/4
";
        let r = read(t);
        let codes: Vec<Code> = r.problems.iter().map(|p| p.code).collect();
        // The missing prologue, and the game cut (no result, no closing lines).
        assert_eq!(codes, [Code::MisplacedLine, Code::GameUnfinished]);
        let g = &r.matches[0].games[0];
        let columns: Vec<Column> = g.actions.iter().map(|a| a.cell.column).collect();
        assert_eq!(columns, [Column::Left, Column::Right]);
    }
}
