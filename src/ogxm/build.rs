//! The match of a parsed OGXM file built into the typed record through [`Builder`]: the match
//! head's tags and comments, each game with its players and scores, each ply as an entry
//! located at its bytes (a play made at the board named in the `IllegalPlay` tag, the board it
//! left kept), the result, and what the record keeps beside the entries.

use super::plies::{self, Action};
use super::sections::Problem;
use super::{File, GameIn, analysis, own_step, problem};
use crate::codes::Code;
use crate::notation::{CellBody, Column, NameScore, ResignLevel, Span, StepText};
use crate::record::{Builder, ReadProblem, StageIn, StoredBoard};

/// The record's variation tag for OGXM's `variant`.
fn variation(v: u64) -> Option<&'static str> {
    match v {
        0 => Some("Backgammon"),
        1 => Some("NackGammon"),
        2 => Some("HyperGammon"),
        3 => Some("LongGammon"),
        _ => None,
    }
}

/// The column of a player.
fn column(white: bool) -> Column {
    if white { Column::Left } else { Column::Right }
}

/// What building the match gathers beside it.
#[derive(Default)]
struct Gathered {
    problems: Vec<ReadProblem>,
    /// The board each play made at the board left.
    boards: Vec<StoredBoard>,
    /// The plays made at the board: `game G, turn T, white`.
    illegal: Vec<String>,
}

/// Builds the match of a parsed file.
pub(crate) fn build(f: &File) -> (crate::record::Match, Vec<StoredBoard>, Vec<ReadProblem>) {
    let h = &f.head;
    let mut b = Builder::new();
    let mut out = Gathered {
        problems: f
            .warnings
            .iter()
            .map(|p| problem(p.clone(), false))
            .collect(),
        ..Gathered::default()
    };
    let white = h.white.clone().unwrap_or_else(|| "White".into());
    let black = h.black.clone().unwrap_or_else(|| "Black".into());
    match_tags(&mut b, f, [&white, &black], &mut out.problems);
    // The entry each ply became, for the places of what the record keeps beside them.
    let mut entries: Vec<Vec<Option<usize>>> = Vec::with_capacity(f.games.len());
    b.length(h.length, h.at);
    let mut scores = h.start;
    for (gi, g) in f.games.iter().enumerate() {
        let side = |name: &str, score: u64| NameScore {
            name: name.to_string(),
            rating: None,
            score,
            name_span: h.at,
            score_span: g.at,
        };
        b.game(
            gi as u64 + 1,
            Span::new(g.at.offset, 0),
            side(&white, scores.0),
            side(&black, scores.1),
        );
        let text: Vec<&str> = analysis::prose(&f.extras, analysis::SCOPE_GAME, gi as u64).collect();
        if !text.is_empty() {
            b.game_comment(text.join("\n"));
        }
        entries.push(vec![None; g.plies.len()]);
        if g.custom_board || g.cube != 1 {
            out.problems.push(problem(
                Problem::new(
                    Code::OgxmUnsupported,
                    g.at.offset,
                    g.at.len,
                    "the game starts from a position or cube of its own, which a match record cannot state: its plays are not checked",
                ),
                false,
            ));
            b.broken(Span::new(g.at.offset, 1));
            continue;
        }
        let mut plies = Plies {
            b: &mut b,
            out: &mut out,
            gi,
            g,
            turn: 0,
            open: false,
            cube: g.cube.max(1),
            pre: g.cube.max(1),
        };
        if let Some(e) = entries.last_mut() {
            plies.build(e);
        }
        game_result(&mut b, h.length, g, &mut scores);
    }
    if !out.illegal.is_empty() {
        b.tag("IllegalPlay", out.illegal.join("; "), h.at);
    }
    b.extras(analysis::record_extras(&f.games, &f.extras, &entries));
    out.problems
        .extend(f.extras.problems.iter().map(|p| problem(p.clone(), false)));
    (b.finish(), out.boards, out.problems)
}

/// The match head's tags (`names`: White's and Black's) and the match's comments.
fn match_tags(b: &mut Builder, f: &File, names: [&String; 2], problems: &mut Vec<ReadProblem>) {
    let h = &f.head;
    if let Some(e) = &h.event {
        b.tag("Event", e.clone(), h.at);
    }
    if let Some(s) = &h.site {
        b.tag("Site", s.clone(), h.at);
    }
    b.tag("Player 1", names[0].clone(), h.at);
    b.tag("Player 2", names[1].clone(), h.at);
    match variation(h.variant) {
        Some(v) => b.tag("Variation", v, h.at),
        None => problems.push(problem(
            Problem::new(
                Code::OgxmUnsupported,
                h.at.offset,
                h.at.len,
                format!(
                    "the match's variant is {}, which OGXM v2 does not define",
                    h.variant
                ),
            ),
            true,
        )),
    }
    let on = |x: bool| if x { "On" } else { "Off" };
    b.tag("Crawford", on(h.crawford), h.at);
    b.tag("Jacoby", on(h.jacoby), h.at);
    for text in analysis::prose(&f.extras, analysis::SCOPE_MATCH, 0) {
        for line in text.lines() {
            b.comment(line);
        }
    }
}

/// The result of game `g` of a match of `length` points, when it has a winner, and the
/// score after it (White's, Black's).
fn game_result(b: &mut Builder, length: u64, g: &GameIn, scores: &mut (u64, u64)) {
    let (Some(w), true) = (g.winner, g.points_won > 0) else {
        return;
    };
    let won = w == 0;
    let score = if won { scores.0 } else { scores.1 };
    let and_match = length > 0 && score + g.points_won >= length;
    let end = g.at.offset + g.at.len;
    b.result(
        column(won),
        Span::new(end.saturating_sub(1), 1),
        CellBody::Wins {
            points: g.points_won,
            points_span: Span::new(g.at.offset, 1),
            and_match,
        },
    );
    if won {
        scores.0 += g.points_won;
    } else {
        scores.1 += g.points_won;
    }
}

/// The plies of one game being built as its entries.
struct Plies<'b> {
    b: &'b mut Builder,
    out: &'b mut Gathered,
    /// The game, and its index in the match.
    gi: usize,
    g: &'b GameIn,
    /// The turn numbering of the builder, followed here to name a play made at the board: the
    /// last turn's number, and whether White opened it (Black's entry may still join it).
    turn: u64,
    open: bool,
    /// The cube's value, and its value before the double pending.
    cube: u64,
    pre: u64,
}

impl Plies<'_> {
    /// The number of the turn `white`'s entry falls in.
    fn take_turn(&mut self, white: bool) -> u64 {
        if !white && self.open {
            self.open = false;
        } else {
            self.turn += 1;
            self.open = white;
        }
        self.turn
    }

    /// Every ply as its entry; `entries[k]`: the entry ply `k` became, if any. A ply that sets
    /// the board or cube by hand ends the game's entries.
    fn build(&mut self, entries: &mut [Option<usize>]) {
        let g = self.g;
        for (k, p) in g.plies.iter().enumerate() {
            let before = self.b.entries();
            let span = p.span;
            let head = Span::new(span.offset, 1);
            match &p.action {
                Action::Roll { .. } | Action::Illegal { .. } => self.roll(k),
                Action::Double => {
                    self.take_turn(p.white);
                    self.pre = self.cube;
                    let value = self.cube * 2;
                    let body = CellBody::Double {
                        value,
                        value_span: head,
                    };
                    self.cube_entry(k, body);
                }
                Action::Take | Action::Drop => {
                    self.take_turn(p.white);
                    let body = if matches!(p.action, Action::Take) {
                        self.cube = self.pre * 2;
                        CellBody::Take
                    } else {
                        CellBody::Drop
                    };
                    self.cube_entry(k, body);
                }
                Action::Beaver | Action::Raccoon => {
                    self.take_turn(p.white);
                    let raccoon = matches!(p.action, Action::Raccoon);
                    let value = self.pre * if raccoon { 8 } else { 4 };
                    self.cube = value;
                    let value_span = head;
                    let body = if raccoon {
                        CellBody::Raccoon { value, value_span }
                    } else {
                        CellBody::Beaver { value, value_span }
                    };
                    self.cube_entry(k, body);
                }
                Action::Resign { value, whole_match } => {
                    let level = if *whole_match {
                        Some(ResignLevel::Match)
                    } else {
                        match value {
                            2 => Some(ResignLevel::Gammon),
                            3 => Some(ResignLevel::Backgammon),
                            _ => Some(ResignLevel::Game),
                        }
                    };
                    self.b
                        .result(column(p.white), span, CellBody::Resign { level });
                }
                Action::Other { id } => {
                    if plies::breaks_replay(*id) {
                        self.out.problems.push(problem(
                            Problem::new(
                                Code::OgxmUnsupported,
                                span.offset,
                                span.len,
                                format!(
                                    "ply {} of game {} (action {id}) sets the board or cube by hand, which a match record cannot state: the game is not checked past it",
                                    k + 1,
                                    self.gi + 1
                                ),
                            ),
                            false,
                        ));
                        self.b.broken(span);
                        break;
                    }
                }
            }
            if self.b.entries() > before {
                entries[k] = Some(self.b.entries() - 1);
            }
        }
    }

    /// Ply `k`, a roll and its play (or a play made at the board, seated on the side to move
    /// next), as a turn with its analysis.
    fn roll(&mut self, k: usize) {
        let g = self.g;
        let p = &g.plies[k];
        let (Action::Roll { dice, steps } | Action::Illegal { dice, steps, .. }) = &p.action else {
            return;
        };
        let (mover, board) = match &p.action {
            Action::Illegal { board, .. } => (!p.white, *board),
            _ => (p.white, None),
        };
        let head = Span::new(p.span.offset, 1);
        let resigns_next = steps.is_empty()
            && g.plies
                .get(k + 1)
                .is_some_and(|n| n.white == mover && matches!(n.action, Action::Resign { .. }));
        let hops = steps.iter().map(|&(from, pips, at)| {
            let (of, ot) = own_step(mover, from, pips);
            let s = Span::new(at, 1);
            StepText::hop(of, ot, false, s, s, s)
        });
        let t = self.take_turn(mover);
        self.b.turn(
            column(mover),
            p.span,
            StageIn {
                dice: *dice,
                dice_at: head,
                steps: hops,
                unknown: resigns_next.then_some(head),
            },
            p.comment.clone(),
        );
        if let Some(a) = &p.analysis {
            self.b.analysis(a.clone());
        }
        if matches!(p.action, Action::Illegal { .. }) {
            self.out.illegal.push(format!(
                "game {}, turn {t}, {}",
                self.gi + 1,
                if mover { "white" } else { "black" }
            ));
        }
        if let Some(board) = board {
            self.out.boards.push(StoredBoard {
                at: p.span,
                counts: plies::own_counts(&board),
            });
        }
    }

    /// Ply `k`, a cube action, as the entry `body` with its analysis.
    fn cube_entry(&mut self, k: usize, body: CellBody) {
        let p = &self.g.plies[k];
        self.b
            .cube(column(p.white), p.span, body, p.comment.clone());
        if let Some(a) = &p.analysis {
            self.b.analysis(a.clone());
        }
    }
}
