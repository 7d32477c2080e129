//! Building a match from a reader of another format: the games, turns, cube actions and
//! results in record order, each with its location in the reader's own terms (a span of the
//! file's text, or a byte range of a binary file's records).
//!
//! The builder numbers the turns as a match record does: a White entry opens a turn, a Black
//! entry takes the turn White opened (once), else opens one of its own; a result stands on its
//! own. Replay judges what was built exactly as it judges a match read from `.mat` text.

use super::{Action, Game, HeaderItem, Match};
use crate::notation::{
    Cell, CellBody, Column, Moves, NameScore, Span, Stage, StageKind, StageRange, StepRange,
    StepText,
};

/// Builds a [`Match`] entry by entry.
#[derive(Debug, Default)]
pub struct Builder {
    m: Match,
    /// The row of the record the next entry takes (a turn's two entries share one).
    row: usize,
    /// The current game's turn number.
    turn: u64,
    /// A turn opened by White whose Black entry is still free.
    open: bool,
    /// The current game's entries, moved into the game (in a list of their number) when it
    /// ends: one list grown across games rather than one per game.
    actions: Vec<Action>,
}

/// One stage of a turn as a reader has it: the dice with their location, the steps, and
/// `????` (a roll after which the player resigned) where the file says so.
#[derive(Clone, Debug)]
pub struct StageIn<I> {
    /// The dice as written.
    pub dice: (u8, u8),
    /// Where the dice are.
    pub dice_at: Span,
    /// The steps, each with its location ([`StepText::hop`]): any iterator (they go straight
    /// into the match's list of steps).
    pub steps: I,
    /// The roll was not played: the player resigned after it.
    pub unknown: Option<Span>,
}

impl Builder {
    /// An empty match.
    pub fn new() -> Builder {
        Builder {
            row: 1,
            ..Builder::default()
        }
    }

    /// An empty match with room for about `steps` steps and `entries` entries (a reader that
    /// knows its input's size saves the lists' growth).
    pub fn with_capacity(steps: usize, entries: usize) -> Builder {
        let mut b = Builder::new();
        b.m.steps.reserve(steps);
        b.m.stages.reserve(entries);
        // No game has more entries than its match.
        b.actions.reserve(entries.min(1 << 14));
        b
    }

    fn next_row(&mut self) -> usize {
        self.row += 1;
        self.row - 1
    }

    /// A header tag.
    pub fn tag(&mut self, name: impl Into<String>, value: impl Into<String>, span: Span) {
        let line = self.next_row();
        self.m.header.push(HeaderItem::Tag {
            name: name.into(),
            value: value.into(),
            line,
            span,
        });
    }

    /// A header comment.
    pub fn comment(&mut self, text: impl Into<String>) {
        let line = self.next_row();
        self.m.header.push(HeaderItem::Comment {
            text: text.into(),
            line,
        });
    }

    /// The match length (0: a money session).
    pub fn length(&mut self, n: u64, span: Span) {
        self.next_row();
        self.m.length = Some((n, span));
    }

    /// The next game: its number and the players with their scores before it.
    pub fn game(&mut self, number: u64, span: Span, left: NameScore, right: NameScore) {
        self.end_game();
        self.open = false;
        self.turn = 0;
        let line = self.next_row();
        self.next_row();
        self.m.games.push(Game {
            number,
            number_span: span,
            line,
            score: Some((left, right)),
            actions: Vec::new(),
            empty_lines: Vec::new(),
            broken_lines: Vec::new(),
            score_unreadable: None,
        });
    }

    /// Whether a game was started.
    pub fn in_game(&self) -> bool {
        !self.m.games.is_empty()
    }

    /// The row and turn number of an entry of `column` on a turn row.
    fn turn_row(&mut self, column: Column) -> (usize, u64) {
        match column {
            Column::Right if self.open => {
                self.open = false;
                (self.row - 1, self.turn)
            }
            _ => {
                self.turn += 1;
                self.open = column == Column::Left;
                (self.next_row(), self.turn)
            }
        }
    }

    /// Moves the current game's entries into it.
    fn end_game(&mut self) {
        if let Some(g) = self.m.games.last_mut() {
            g.actions = self.actions.drain(..).collect();
        }
    }

    /// Adds the entry `make` gives, made where the list keeps it (an entry is large: one
    /// built apart would be copied in).
    #[inline(always)]
    fn push(&mut self, make: impl FnOnce() -> Action) -> Option<&mut Action> {
        if !self.in_game() {
            return None;
        }
        self.actions.extend(std::iter::once_with(make));
        self.actions.last_mut()
    }

    /// A turn of `column`: its roll and play at `span` (the entry), with a comment if the file
    /// has one. Ignored before the first game (a reader reports that itself).
    pub fn turn<I: IntoIterator<Item = StepText>>(
        &mut self,
        column: Column,
        span: Span,
        roll: StageIn<I>,
        comment: Option<String>,
    ) {
        if !self.in_game() {
            return;
        }
        let (line, number) = self.turn_row(column);
        let start = self.m.steps.len();
        self.m.steps.extend(roll.steps);
        let n = self.m.steps.len() - start;
        let stage = self.m.stages.len();
        self.m.stages.push(Stage {
            kind: StageKind::Roll,
            a: roll.dice.0,
            b: roll.dice.1,
            dice_span: roll.dice_at,
            moves: Moves::new(StepRange::new(start, n), None, roll.unknown),
        });
        let body = CellBody::Turn {
            stages: StageRange::new(stage, 1),
        };
        self.push(|| Action {
            turn_number: Some(number),
            comment,
            ..Action::new(Cell { column, span, body }, line)
        });
    }

    /// A cube action of `column` (`Double`, `Beaver`, `Raccoon`, `Take`, `Drop`): on a turn
    /// row, as a match record writes it.
    pub fn cube(&mut self, column: Column, span: Span, body: CellBody, comment: Option<String>) {
        if !self.in_game() {
            return;
        }
        let (line, number) = self.turn_row(column);
        self.push(|| Action {
            turn_number: Some(number),
            comment,
            ..Action::new(Cell { column, span, body }, line)
        });
    }

    /// A result (`Wins`, `Resign`, `Draw`) in the column of the player it names, on a row of
    /// its own.
    pub fn result(&mut self, column: Column, span: Span, body: CellBody) {
        if !self.in_game() {
            return;
        }
        self.open = false;
        let line = self.next_row();
        self.push(|| Action {
            result_indent: Some(match column {
                Column::Left => 6,
                Column::Right => crate::notation::layout::RIGHT_COLUMN + 1,
            }),
            ..Action::new(Cell { column, span, body }, line)
        });
    }

    /// A comment on the game just started (it goes to the match's header, marked with the
    /// game's number).
    pub fn game_comment(&mut self, text: String) {
        let n = self.m.games.last().map_or(0, |g| g.number);
        for (k, line) in text.lines().enumerate() {
            let line = if k == 0 {
                format!("game {n}: {line}")
            } else {
                format!("  {line}")
            };
            self.m.header.push(HeaderItem::Comment {
                text: line,
                line: self.row,
            });
        }
    }

    /// An entry that could not be read (a damaged record): its game is not checked from it
    /// on.
    pub fn broken(&mut self, span: Span) {
        let line = self.next_row();
        if let Some(g) = self.m.games.last_mut() {
            g.broken_lines.push((line, span));
        }
    }

    /// The number of entries of the current game so far (0 before any game): the index the
    /// next entry takes.
    pub fn entries(&self) -> usize {
        self.actions.len()
    }

    /// What the file says of the match beyond its entries.
    pub fn extras(&mut self, e: super::Extras) {
        self.m.extras = (!e.is_empty()).then(|| Box::new(e));
    }

    /// The analysis of the entry added last (ignored before any entry).
    pub fn analysis(&mut self, a: super::Analysis) {
        if let Some(last) = self.actions.last_mut() {
            last.analysis = Some(Box::new(a));
        }
    }

    /// The match built.
    pub fn finish(mut self) -> Match {
        self.end_game();
        self.m
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(n: &str) -> NameScore {
        NameScore {
            name: n.into(),
            rating: None,
            score: 0,
            name_span: Span::default(),
            score_span: Span::default(),
        }
    }

    #[test]
    fn turns_are_numbered_as_a_match_record_numbers_them() {
        let mut b = Builder::new();
        b.length(1, Span::new(0, 1));
        b.game(1, Span::new(1, 1), name("A"), name("B"));
        let roll = |a, b| StageIn {
            dice: (a, b),
            dice_at: Span::new(2, 2),
            steps: Vec::new(),
            unknown: None,
        };
        b.turn(Column::Right, Span::new(2, 4), roll(3, 1), None);
        b.turn(
            Column::Left,
            Span::new(6, 4),
            roll(6, 4),
            Some("a note".into()),
        );
        b.turn(Column::Right, Span::new(10, 4), roll(5, 2), None);
        b.cube(
            Column::Left,
            Span::new(14, 4),
            CellBody::Double {
                value: 2,
                value_span: Span::new(14, 1),
            },
            None,
        );
        b.cube(Column::Right, Span::new(18, 4), CellBody::Drop, None);
        b.result(
            Column::Left,
            Span::new(22, 4),
            CellBody::Wins {
                points: 1,
                points_span: Span::new(22, 1),
                and_match: true,
            },
        );
        let m = b.finish();
        let a = &m.games[0].actions;
        let turns: Vec<_> = a.iter().map(|a| a.turn_number).collect();
        assert_eq!(turns, [Some(1), Some(2), Some(2), Some(3), Some(3), None]);
        assert_eq!(a[1].line, a[2].line);
        assert_ne!(a[0].line, a[1].line);
        assert_eq!(a[1].comment.as_deref(), Some("a note"));
        assert_eq!(m.stages.len(), 3);
    }
}
