//! A move's block (`Move number N:` and its board) and what was done in it (`* NAME moves …`,
//! `doubles`, `accepts`, `rejects`): the entry it becomes, its annotation, and the entry built
//! into the record when its block ends.

use super::lines::{Line, number, points, structural};
use super::read::{Reader, Side};
use crate::codes::Code;
use crate::notation::{CellBody, ResignLevel, Span, StepText, parse_step};
use crate::record::{Analysis, ReadProblem, StageIn};

/// What a `Move number N:` header says.
#[derive(Clone, Debug)]
pub(super) enum BlockKind {
    /// `NAME to play 31`: the dice (none when they do not read) and where they are.
    ToPlay { dice: Option<(u8, u8)>, at: Span },
    /// `NAME on roll, cube decision?`.
    OnRoll,
    /// `NAME doubles to 2`: the value and where it is.
    DoublesTo { value: u64, at: Span },
    /// `NAME resigns 2 points`.
    Resigns { points: u64 },
}

/// A move's block: its header, and the board's arrow (the side on roll, or the doubler).
#[derive(Clone, Debug)]
pub(super) struct Block<'a> {
    pub(super) name: &'a str,
    pub(super) kind: BlockKind,
    /// The side the header names, when its name tells.
    pub(super) side: Option<Side>,
    /// The side the board's arrow points to (`^|` O, `v|` X).
    pub(super) arrow: Option<Side>,
    /// What was done in it was read.
    pub(super) used: bool,
}

impl Block<'_> {
    /// The side the header names: by its name, else by the board's arrow.
    pub(super) fn named(&self) -> Option<Side> {
        self.side.or(self.arrow)
    }
}

/// What an entry is.
#[derive(Debug)]
pub(super) enum Kind {
    Turn {
        dice: (u8, u8),
        dice_at: Span,
        steps: Vec<StepText>,
        /// The play as written (`8/5 6/5`), or `None` for `cannot move`.
        play: Option<String>,
    },
    /// A double or a beaver: its value and where it is written (`None`: not yet read from
    /// the header after it).
    Double {
        beaver: bool,
        value: u64,
        written: Option<Span>,
        at: Span,
    },
    Take,
    Drop,
    Resign(Option<ResignLevel>),
    /// An entry that could not be read.
    Broken,
}

/// An entry being read, built when its block ends.
#[derive(Debug)]
pub(super) struct Entry {
    pub(super) side: Side,
    pub(super) span: Span,
    /// The cube's value before the entry (for a take or pass, before the double).
    pub(super) kind: Kind,
    pub(super) cube: u64,
    pub(super) analysis: Analysis,
    pub(super) comment: Option<String>,
}

/// The verbs of what was done, each after the name and a space.
const VERBS: [&str; 5] = ["moves ", "cannot move", "doubles", "accepts", "rejects"];

/// What a `* NAME …` line says was done.
enum Verb<'v> {
    /// `moves 8/5 6/5`: the play as written.
    Moves(&'v str),
    CannotMove,
    Doubles,
    Accepts,
    Rejects,
}

impl<'v> Verb<'v> {
    /// The verb `verb` is, if it is one.
    fn of(verb: &'v str) -> Option<Verb<'v>> {
        if let Some(p) = verb.strip_prefix("moves ") {
            return Some(Verb::Moves(p));
        }
        Some(match verb {
            "cannot move" => Verb::CannotMove,
            "doubles" => Verb::Doubles,
            "accepts" => Verb::Accepts,
            "rejects" => Verb::Rejects,
            _ => return None,
        })
    }

    /// Whether it is done in a block whose header is `kind`.
    fn fits(&self, kind: &BlockKind) -> bool {
        matches!(
            (self, kind),
            (Verb::Moves(_) | Verb::CannotMove, BlockKind::ToPlay { .. })
                | (
                    Verb::Doubles,
                    BlockKind::OnRoll | BlockKind::DoublesTo { .. }
                )
                | (Verb::Accepts | Verb::Rejects, BlockKind::DoublesTo { .. })
        )
    }
}

impl<'a> Reader<'a> {
    /// `Move number N:  NAME to play 31` (or `on roll, cube decision?`, `doubles to 2`,
    /// `resigns 2 points`).
    pub(super) fn header(&mut self, line: Line<'a>) {
        let t = line.text;
        let parsed = (|| {
            let (n, r) = number(t.strip_prefix("Move number ")?)?;
            let body = r.strip_prefix(':')?.trim_start();
            if let Some(name) = body.strip_suffix(" on roll, cube decision?") {
                return Some((n, name, BlockKind::OnRoll));
            }
            if let Some(k) = body.rfind(" to play ") {
                let d = &body[k + " to play ".len()..];
                let dice = match d.as_bytes() {
                    [a @ b'1'..=b'6', b @ b'1'..=b'6'] => Some((a - b'0', b - b'0')),
                    _ => None,
                };
                return Some((
                    n,
                    &body[..k],
                    BlockKind::ToPlay {
                        dice,
                        at: self.at(d),
                    },
                ));
            }
            if let Some(k) = body.rfind(" doubles to ") {
                let v = &body[k + " doubles to ".len()..];
                let (value, rest) = number(v)?;
                return rest.is_empty().then(|| {
                    (
                        n,
                        &body[..k],
                        BlockKind::DoublesTo {
                            value,
                            at: self.at(v),
                        },
                    )
                });
            }
            if let Some(k) = body.find(" resigns ") {
                let v = &body[k + " resigns ".len()..];
                let (points, rest) = points(v)?;
                // gnubg ends this header without a line break: the board's first line may
                // follow on it.
                let rest = rest.trim_start();
                if !(rest.is_empty() || rest.starts_with("GNU Backgammon  Position ID: ")) {
                    return None;
                }
                return Some((n, &body[..k], BlockKind::Resigns { points }));
            }
            None
        })();
        // A double read before this header takes its value from it.
        if let Some((_, _, BlockKind::DoublesTo { value, at })) = &parsed
            && let Some(Entry {
                kind: Kind::Double {
                    value: v, written, ..
                },
                ..
            }) = self.pending.as_mut()
            && written.is_none()
        {
            *v = *value;
            *written = Some(*at);
            if let Some(g) = self.game.as_mut()
                && let Some(o) = g.offered.as_mut()
            {
                o.1 = *value;
            }
        }
        self.flush();
        self.block = None;
        let Some((n, name, kind)) = parsed else {
            self.unknown(line, ": a move's header reads `Move number N:  NAME to play 31`, `… on roll, cube decision?`, `… doubles to 2` or `… resigns 2 points`");
            return;
        };
        if let BlockKind::ToPlay { dice: None, at } = &kind {
            self.report(ReadProblem::new(
                Code::BadDice,
                true,
                *at,
                format!(
                    "`{}` is not a roll: two dice 1-6",
                    &self.src[at.offset..at.end()]
                ),
                "write the roll as two digits 1-6, e.g. `to play 31`",
            ));
        }
        let at = line.trimmed();
        let g = self.game(at);
        if let Some(last) = g.last_move
            && n != last + 1
        {
            let number_at = Span::new(line.at + "Move number ".len(), n.to_string().len());
            self.report(ReadProblem::new(
                Code::TurnNumber,
                false,
                number_at,
                format!(
                    "move number {n} follows move number {last}: the moves between are missing"
                ),
                "gnubg numbers every move and cube action of a game 1, 2, 3, …",
            ));
        }
        if let Some(g) = self.game.as_mut() {
            g.last_move = Some(n);
        }
        let side = self.side_of(name);
        // A resignation is an entry of its own (gnubg writes it only when the match state
        // holds one at a move).
        if let BlockKind::Resigns { points } = kind {
            let side = side.unwrap_or(Side::O);
            let cube = self.game.as_ref().map_or(1, |g| g.cube.max(1));
            let level = match (points % cube, points / cube) {
                (0, 1) => Some(ResignLevel::Game),
                (0, 2) => Some(ResignLevel::Gammon),
                (0, 3) => Some(ResignLevel::Backgammon),
                _ => None,
            };
            self.pending = Some(Entry {
                side,
                span: at,
                kind: Kind::Resign(level),
                cube,
                analysis: Analysis::default(),
                comment: None,
            });
        }
        self.block = Some(Block {
            name,
            kind,
            side,
            arrow: None,
            used: false,
        });
    }

    /// `* NAME moves 8/5 6/5`, `cannot move`, `doubles`, `accepts`, `rejects`.
    pub(super) fn action(&mut self, line: Line<'a>, body: &'a str) {
        let Some((name, verb)) = self.split_action(body) else {
            self.unknown(line, ": what was done reads `* NAME moves …`, `* NAME cannot move`, `* NAME doubles`, `* NAME accepts` or `* NAME rejects`");
            return;
        };
        let span = line.trimmed();
        self.flush();
        let block = self.block.take();
        let named = self.side_of(name);
        let Some(v) = Verb::of(verb) else {
            self.block = block;
            self.unknown(line, "");
            return;
        };
        // The block the action belongs to, and the side that acts by it.
        let by_block = block.as_ref().filter(|b| !b.used && v.fits(&b.kind));
        let dice = by_block.and_then(|b| match b.kind {
            BlockKind::ToPlay { dice, at } => Some((dice, at)),
            _ => None,
        });
        let fits = by_block.is_some();
        let block_side = by_block.and_then(|b| match b.kind {
            BlockKind::DoublesTo { .. } => b.named().map(Side::other),
            _ => b.named(),
        });
        let Some(side) = self.acting_side(name, named, block_side) else {
            self.block = block;
            return;
        };
        if !fits {
            self.report(ReadProblem::new(
                Code::MisplacedLine,
                true,
                span,
                "what was done, without its move's header (`Move number N: …`) before it".into(),
                "gnubg writes each move's header, its board, then `* NAME …`",
            ));
        }
        let (cube, mut kind) = self.cube_and_kind(&v, verb, side, dice, span);
        if let (Verb::Moves(p), Kind::Turn { steps, .. }) = (&v, &mut kind)
            && !self.play_steps(p, steps)
        {
            kind = Kind::Broken;
        }
        self.pending = Some(Entry {
            side,
            span,
            kind,
            cube,
            analysis: Analysis::default(),
            comment: None,
        });
        if let Some(mut b) = block {
            b.used = fits || b.used;
            self.block = Some(b);
        }
    }

    /// `NAME verb…` split into the name and the verb: the name one of the players' (the
    /// longest that fits), else what stands before the first verb.
    fn split_action(&self, body: &'a str) -> Option<(&'a str, &'a str)> {
        let mut names: Vec<&str> = self.names.iter().flatten().copied().collect();
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        let verb_of = |r: &'a str| -> Option<&'a str> {
            let r = r.strip_prefix(' ')?;
            VERBS.iter().any(|v| r.starts_with(v)).then_some(r)
        };
        names
            .iter()
            .find_map(|n| {
                let verb = verb_of(body.strip_prefix(n)?)?;
                Some((&body[..n.len()], verb))
            })
            .or_else(|| {
                let (k, _) = body
                    .match_indices(' ')
                    .find(|&(k, _)| verb_of(&body[k..]).is_some())?;
                Some((&body[..k], verb_of(&body[k..])?))
            })
    }

    /// The side that acts: the one `name` is (`named`), else the one its block gives; a name
    /// that disagrees with its block, or neither, is reported (`None`: the action is not
    /// read).
    fn acting_side(
        &mut self,
        name: &str,
        named: Option<Side>,
        block_side: Option<Side>,
    ) -> Option<Side> {
        match (named, block_side) {
            (Some(s), Some(bs)) if s != bs => {
                self.report(ReadProblem::new(
                    Code::MisplacedLine,
                    false,
                    self.at(name),
                    format!(
                        "`{name}` acts in a block whose header gives the turn to the other player"
                    ),
                    "gnubg writes the header and the `* …` of one player",
                ));
                Some(s)
            }
            (Some(s), _) | (None, Some(s)) => Some(s),
            (None, None) => {
                self.report(ReadProblem::new(
                    Code::UnknownLine,
                    true,
                    self.at(name),
                    format!("`{name}` is no player of the prologue, and no board tells whose turn it is"),
                    "the names are those of the prologue (`The score (after N games) is: A a, B b`)",
                ));
                None
            }
        }
    }

    /// The cube before the entry of `side`'s `v` (for an answer, before the double answered)
    /// and what the entry is; the game's cube and the double offered follow it. `dice`: the
    /// roll of the block the action belongs to, and where it is.
    fn cube_and_kind(
        &mut self,
        v: &Verb<'a>,
        verb: &'a str,
        side: Side,
        dice: Option<(Option<(u8, u8)>, Span)>,
        span: Span,
    ) -> (u64, Kind) {
        let src = self.src;
        let g = self.game(span);
        let cube = match v {
            Verb::Accepts | Verb::Rejects => g.offered.map_or(g.cube, |o| (o.1 / 2).max(1)),
            _ => g.cube,
        };
        let kind = match v {
            Verb::Moves(_) | Verb::CannotMove => match dice {
                Some((Some(d), at)) => {
                    let (steps, play) = match v {
                        Verb::Moves(p) => (Vec::with_capacity(4), Some(p.trim().to_string())),
                        _ => (Vec::new(), None),
                    };
                    Kind::Turn {
                        dice: d,
                        dice_at: at,
                        steps,
                        play,
                    }
                }
                _ => Kind::Broken,
            },
            Verb::Doubles => {
                let word = &verb[..7];
                let beaver = g.offered.is_some_and(|(s, _)| s != side);
                let base = g.offered.map_or(g.cube, |o| o.1).max(1);
                let value = base.saturating_mul(2);
                g.offered = Some((side, value));
                Kind::Double {
                    beaver,
                    value,
                    written: None,
                    at: Span::of(src, word),
                }
            }
            Verb::Accepts => {
                if let Some((_, v)) = g.offered.take() {
                    g.cube = v;
                }
                Kind::Take
            }
            Verb::Rejects => {
                g.offered = None;
                Kind::Drop
            }
        };
        (cube, kind)
    }

    /// The steps of `play` pushed onto `steps`; each that does not read is reported. Whether
    /// all of them read.
    fn play_steps(&mut self, play: &str, steps: &mut Vec<StepText>) -> bool {
        let mut all = true;
        for tok in play.split_whitespace() {
            match parse_step(tok, Span::of(self.src, tok).offset) {
                Ok(s) => steps.push(s),
                Err(e) => {
                    all = false;
                    self.problems.push(ReadProblem {
                        code: e.code,
                        error: true,
                        note: false,
                        span: e.span,
                        in_file: false,
                        message: e.message,
                        help: e.help,
                    });
                }
            }
        }
        all
    }

    /// `Annotation:` and the lines of its text, on the entry just read (or the game, before
    /// its first move).
    pub(super) fn annotation(&mut self, line: Line<'a>) {
        let mut text: Vec<&str> = Vec::new();
        while let Some(l) = self.lines.get(self.i) {
            if structural(l.text) || self.result_of(l.text).is_some() {
                break;
            }
            text.push(l.text.trim_end());
            self.i += 1;
        }
        while text.last().is_some_and(|l| l.is_empty()) {
            text.pop();
        }
        let text = text.join("\n");
        if text.is_empty() {
            return;
        }
        match self.pending.as_mut() {
            Some(e) => {
                e.comment = Some(match e.comment.take() {
                    Some(c) => format!("{c}\n{text}"),
                    None => text,
                })
            }
            None if self.game.is_some() => self.b.game_comment(text),
            None if self.length.is_none() => {
                for l in text.lines() {
                    self.b.comment(l);
                }
            }
            None => self.report(ReadProblem::new(
                Code::MisplacedLine,
                false,
                line.trimmed(),
                "an annotation between games: it is left out".into(),
                "gnubg writes an annotation after the move it concerns",
            )),
        }
    }

    /// Build the entry read (its block ended).
    pub(super) fn flush(&mut self) {
        let Some(e) = self.pending.take() else {
            return;
        };
        let column = e.side.column();
        let comment = e.comment;
        self.last = Some((e.side, matches!(e.kind, Kind::Drop)));
        match e.kind {
            Kind::Broken => {
                self.b.broken(e.span);
                return;
            }
            Kind::Turn {
                dice,
                dice_at,
                steps,
                ..
            } => {
                let roll = StageIn {
                    dice,
                    dice_at,
                    steps,
                    unknown: None,
                };
                self.b.turn(column, e.span, roll, comment);
            }
            Kind::Double {
                beaver,
                value,
                written,
                at,
            } => {
                let value_span = written.unwrap_or(at);
                let body = if beaver {
                    CellBody::Beaver { value, value_span }
                } else {
                    CellBody::Double { value, value_span }
                };
                self.b.cube(column, e.span, body, comment);
            }
            Kind::Take => self.b.cube(column, e.span, CellBody::Take, comment),
            Kind::Drop => self.b.cube(column, e.span, CellBody::Drop, comment),
            Kind::Resign(level) => {
                self.b.result(column, e.span, CellBody::Resign { level });
                return;
            }
        }
        if e.analysis != Analysis::default() {
            self.b.analysis(e.analysis);
        }
    }
}
