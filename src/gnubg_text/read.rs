//! The text export read line by line into the typed record.
//!
//! Each line is told by its opening words (gnubg writes no other marks): the prologue, the
//! match information, a move's header and board, the `* …` line of what was done, the cube
//! and move analysis, an annotation, the result, the statistics, the epilogue. An entry is
//! built when its block is complete (at the next header, result or prologue): a double takes
//! its value from the header after it (`Bob doubles to 2`), and an entry its annotation.

use std::sync::Arc;

use crate::codes::Code;
use crate::notation::{CellBody, Column, NameScore, ResignLevel, Span, StepText, parse_step};
use crate::record::{
    Analysis, Builder, Candidate, CubeAnalysis, MatchCube, ReadProblem, Record, StageIn,
};

/// gnubg's player 0 (`O`, the first name of the prologue, tavla's White and the left column)
/// or player 1 (`X`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Side {
    O,
    X,
}

impl Side {
    fn index(self) -> usize {
        match self {
            Side::O => 0,
            Side::X => 1,
        }
    }
    fn other(self) -> Side {
        match self {
            Side::O => Side::X,
            Side::X => Side::O,
        }
    }
    fn column(self) -> Column {
        match self {
            Side::O => Column::Left,
            Side::X => Column::Right,
        }
    }
}

/// One line of the text, without its line end, and where it starts.
#[derive(Copy, Clone, Debug)]
struct Line<'a> {
    text: &'a str,
    at: usize,
}

impl Line<'_> {
    fn span(&self) -> Span {
        Span::new(self.at, self.text.len())
    }
    /// The line without the blanks around it.
    fn trimmed(&self) -> Span {
        let t = self.text.trim();
        if t.is_empty() {
            return Span::new(self.at, 0);
        }
        Span::new(
            self.at + (t.as_ptr() as usize - self.text.as_ptr() as usize),
            t.len(),
        )
    }
}

fn lines(src: &str) -> Vec<Line<'_>> {
    let mut v = Vec::with_capacity(src.len() / 40);
    let mut at = 0;
    for l in src.split_inclusive('\n') {
        let t = l.strip_suffix('\n').unwrap_or(l);
        let t = t.strip_suffix('\r').unwrap_or(t);
        v.push(Line { text: t, at });
        at += l.len();
    }
    if let Some(first) = v.first_mut()
        && let Some(rest) = first.text.strip_prefix('\u{feff}')
    {
        *first = Line {
            text: rest,
            at: first.at + 3,
        };
    }
    v
}

/// The game being read.
#[derive(Debug)]
struct Game {
    number: u64,
    /// The score before the game, by side.
    score: [u64; 2],
    /// The prologue says this is the Crawford game.
    crawford: bool,
    /// The cube's value.
    cube: u64,
    /// A double offered and not yet answered: who offered it, and the value offered.
    offered: Option<(Side, u64)>,
    /// The result was read.
    result: bool,
    /// The number of the last `Move number` header.
    last_move: Option<u64>,
    /// Where the game's prologue stands.
    at: Span,
}

/// What a `Move number N:` header says.
#[derive(Clone, Debug)]
enum BlockKind {
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
struct Block<'a> {
    name: &'a str,
    kind: BlockKind,
    /// The side the header names, when its name tells.
    side: Option<Side>,
    /// The side the board's arrow points to (`^|` O, `v|` X).
    arrow: Option<Side>,
    /// What was done in it was read.
    used: bool,
}

impl Block<'_> {
    /// The side the header names: by its name, else by the board's arrow.
    fn named(&self) -> Option<Side> {
        self.side.or(self.arrow)
    }
}

/// What an entry is.
#[derive(Debug)]
enum Kind {
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
struct Entry {
    side: Side,
    span: Span,
    /// The cube's value before the entry (for a take or pass, before the double).
    kind: Kind,
    cube: u64,
    analysis: Analysis,
    comment: Option<String>,
}

/// A cube analysis being read (`Cube analysis` … `Proper cube action: …`).
#[derive(Debug, Default)]
struct CubeRead {
    at: Span,
    level: Option<String>,
    mwc: bool,
    /// No double, double/take, double/pass, as written (from the writer's side).
    figures: [Option<f64>; 3],
    done: bool,
}

/// The move analysis being read (`Rolled 31 (+0.102):` and its candidates).
#[derive(Debug, Default)]
struct MovesRead {
    at: Span,
    dice: Option<(u8, u8)>,
    luck: Option<f64>,
    luck_mwc: bool,
    candidates: Vec<Candidate>,
    /// Whether each candidate's figure is a match winning chance (converted at the end).
    mwc: Vec<bool>,
    probs: Vec<bool>,
    played: Option<usize>,
}

/// Which lines are expected after the one read.
#[derive(Debug)]
enum Ctx {
    None,
    Cube(CubeRead),
    Moves(MovesRead),
    /// Rollout details of a cube analysis.
    Rollout,
}

struct Reader<'a> {
    src: &'a str,
    lines: Vec<Line<'a>>,
    i: usize,
    b: Builder,
    problems: Vec<ReadProblem>,
    /// The players' names by side, from the prologue (or learnt from the boards' arrows).
    names: [Option<&'a str>; 2],
    ratings: [Option<String>; 2],
    /// The match length of the first prologue (0: a money session).
    length: Option<u64>,
    crawford_rule: Option<bool>,
    game: Option<Game>,
    block: Option<Block<'a>>,
    pending: Option<Entry>,
    ctx: Ctx,
    /// gnubg's closing lines (`Output generated …`) stand after the last game.
    epilogue: bool,
    /// The note that candidates carry no probabilities was given.
    no_probabilities: bool,
    /// The side of the entry built last, and whether it was a drop.
    last: Option<(Side, bool)>,
    /// The board before the first move was read: the variation is known.
    variation_known: bool,
}

fn problem(code: Code, error: bool, span: Span, message: String, help: &str) -> ReadProblem {
    ReadProblem {
        code,
        error,
        note: false,
        span,
        in_file: false,
        message,
        help: Some(help.into()),
    }
}

const UNKNOWN_HELP: &str = "gnubg's text export holds a prologue, the match information, a block per move (`Move number N:`, the board, `* NAME moves …`, its analysis), annotations, the result, statistics and its closing lines; restore what gnubg wrote there, or export the match again";

/// A number as gnubg writes a figure: `+0.102`, `-1.000`, `52.42%` (a percentage: read as a
/// fraction), `0.5242`.
fn figure(t: &str) -> Option<f64> {
    let (n, scale) = match t.strip_suffix('%') {
        Some(n) => (n, 100.0),
        None => (t, 1.0),
    };
    let n = n.strip_prefix('+').unwrap_or(n);
    let v: f64 = n.trim().parse().ok()?;
    v.is_finite().then_some(v / scale)
}

/// `p p p - p p p` (win, win gammon, win backgammon, lose, lose gammon, lose backgammon;
/// fractions or, with `set output winpc on`, percentages), and what follows it (a rollout's
/// `CL … CF …`): the record's five probabilities.
fn probabilities(t: &str) -> Option<[f64; 5]> {
    let tok: Vec<&str> = t.split_whitespace().collect();
    if tok.len() < 7 || tok[3] != "-" {
        return None;
    }
    let n = |i: usize| -> Option<f64> {
        let v: f64 = tok[i].trim_end_matches('%').parse().ok()?;
        v.is_finite().then_some(v)
    };
    let v = [n(0)?, n(1)?, n(2)?, n(4)?, n(5)?, n(6)?];
    if tok.len() > 7 && tok[7] != "CL" {
        return None;
    }
    // Win and lose add up to 1, or to 100 in percentages.
    let scale = if v[0] + v[3] > 1.5 { 100.0 } else { 1.0 };
    Some([v[0], v[1], v[2], v[4], v[5]].map(|x| x / scale))
}

/// Digits at the start of `t`: the number and the rest.
fn number(t: &str) -> Option<(u64, &str)> {
    let d = t.bytes().take_while(u8::is_ascii_digit).count();
    if d == 0 {
        return None;
    }
    Some((t[..d].parse().ok()?, &t[d..]))
}

/// A candidate line: `*    1. Cubeful 0-ply    8/5 6/5    Eq.: +0.102 (-0.108)` (the mark
/// `*` for the play made, ` ` for the others; `??` for a rank not known).
fn is_candidate(t: &str) -> bool {
    let Some(rest) = t.strip_prefix(['*', ' ']) else {
        return false;
    };
    let r = rest.trim_start();
    if r.len() == rest.len() {
        return false;
    }
    if r.starts_with("?? ") {
        return true;
    }
    number(r).is_some_and(|(_, after)| after.starts_with(". "))
}

/// The level of an evaluation as gnubg names it (`Cubeful 0-ply` → `0-ply`, `Rollout` →
/// `rollout`).
fn level_of(words: &[&str]) -> String {
    match words.iter().find(|w| w.ends_with("-ply")) {
        Some(w) => (*w).to_string(),
        None => words.join(" ").to_lowercase(),
    }
}

/// A line of a board gnubg draws with a move (or of its frame): the arrow it shows, if any.
fn board_line(t: &str) -> Option<Option<Side>> {
    if t.starts_with(" GNU Backgammon  Position ID: ")
        || t.starts_with("                 Match ID   : ")
        || t.starts_with("Pip counts: ")
        || (t.starts_with(" +") && t.contains("-+"))
        || t.starts_with(" |")
    {
        return Some(None);
    }
    if t.starts_with("^|") {
        return Some(Some(Side::O));
    }
    if t.starts_with("v|") {
        return Some(Some(Side::X));
    }
    None
}

/// Where the statistics start: `Game statistics for game N`, `Match statistics`,
/// `Session statistics`, `Statistics from database`.
fn statistics_start(t: &str) -> bool {
    t.starts_with("Game statistics for game ")
        || t == "Match statistics"
        || t == "Session statistics"
        || t == "Statistics from database"
}

/// A line that starts a part of its own (what ends an annotation or the match's comments).
fn structural(t: &str) -> bool {
    t.starts_with("Move number ")
        || t.starts_with("The score (after ")
        || t == "Annotation:"
        || statistics_start(t)
        || t.starts_with("Output generated ")
}

/// The prologue: `The score (after N game(s)) is: A a, B b[ (match to L point(s))][, Crawford
/// game][, post-Crawford play]`.
struct Prologue<'a> {
    after: (u64, Span),
    names: [(&'a str, Span); 2],
    scores: [(u64, Span); 2],
    length: Option<(u64, Span)>,
    crawford: Option<Span>,
    post_crawford: Option<Span>,
}

fn prologue<'a>(src: &'a str, t: &'a str) -> Option<Prologue<'a>> {
    let at = |s: &str| Span::of(src, s);
    let rest = t.strip_prefix("The score (after ")?;
    let (n, after) = number(rest)?;
    let after_at = at(&rest[..rest.len() - after.len()]);
    let mut rest = after
        .strip_prefix(" games) is: ")
        .or_else(|| after.strip_prefix(" game) is: "))?
        .trim_end();
    let mut post_crawford = None;
    let mut crawford = None;
    if let Some(r) = rest.strip_suffix(", post-Crawford play") {
        post_crawford = Some(at(&rest[r.len() + 2..]));
        rest = r;
    }
    if let Some(r) = rest.strip_suffix(", Crawford game") {
        crawford = Some(at(&rest[r.len() + 2..]));
        rest = r;
    }
    let mut length = None;
    if let Some(r) = rest.strip_suffix(')')
        && let Some(k) = r.rfind(" (match to ")
    {
        let l = &r[k + " (match to ".len()..];
        let (len, unit) = number(l)?;
        if unit != " point" && unit != " points" {
            return None;
        }
        length = Some((len, at(&l[..l.len() - unit.len()])));
        rest = &r[..k];
    }
    // `A a, B b`: the comma that leaves a score at the end of both parts (a name may hold
    // a comma).
    let score_at_end = |part: &'a str| -> Option<(&'a str, (u64, Span))> {
        let k = part.rfind(' ')?;
        let (name, s) = (&part[..k], &part[k + 1..]);
        let (v, tail) = number(s)?;
        (tail.is_empty() && !name.trim().is_empty()).then(|| (name, (v, at(s))))
    };
    for (k, _) in rest.match_indices(", ") {
        if let (Some((a, sa)), Some((b, sb))) =
            (score_at_end(&rest[..k]), score_at_end(&rest[k + 2..]))
        {
            return Some(Prologue {
                after: (n, after_at),
                names: [(a, at(a)), (b, at(b))],
                scores: [sa, sb],
                length,
                crawford,
                post_crawford,
            });
        }
    }
    None
}

impl<'a> Reader<'a> {
    fn at(&self, part: &str) -> Span {
        Span::of(self.src, part)
    }

    fn report(&mut self, p: ReadProblem) {
        self.problems.push(p);
    }

    fn unknown(&mut self, line: Line<'_>, what: &str) {
        let t = line.text.trim();
        let shown: String = t.chars().take(60).collect();
        let more = if shown.len() < t.len() { "…" } else { "" };
        self.report(problem(
            Code::UnknownLine,
            true,
            line.trimmed(),
            format!("`{shown}{more}` is nothing gnubg's text export writes{what}"),
            UNKNOWN_HELP,
        ));
    }

    /// The side a name is, when the prologue's names tell it (two players of one name do not).
    fn side_of(&self, name: &str) -> Option<Side> {
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

    /// A line of the analysis being read, if it is one.
    fn in_context(&mut self, line: Line<'a>) -> bool {
        let t = line.text;
        match &mut self.ctx {
            Ctx::None => false,
            Ctx::Cube(c) => {
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
            Ctx::Rollout => {
                // Rollout details and parameters: every line up to the next part.
                !(t.trim().is_empty()
                    || structural(t)
                    || t.starts_with("Alert: ")
                    || t.starts_with("Rolled ")
                    || t.starts_with("* "))
            }
            Ctx::Moves(m) => {
                if t.trim().is_empty() {
                    return true;
                }
                if is_candidate(t) {
                    return self.candidate(line);
                }
                if let Some(r) = t.strip_prefix('*') {
                    // No list of candidates: the play made, or `Cannot move`.
                    let r = r.trim();
                    if r == "Cannot move"
                        || !r.is_empty() && r.split_whitespace().all(|s| s.contains('/'))
                    {
                        // (An entry that could not be read, or none, is reported already.)
                        let same = match self.pending.as_ref().map(|e| &e.kind) {
                            Some(Kind::Turn { play: Some(p), .. }) => {
                                normalized(p) == normalized(r)
                            }
                            Some(Kind::Turn { play: None, .. }) => r == "Cannot move",
                            _ => true,
                        };
                        if !same {
                            self.report(problem(
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
        }
    }

    /// The analysis read so far goes to its entry.
    fn end_context(&mut self) {
        match std::mem::replace(&mut self.ctx, Ctx::None) {
            Ctx::None | Ctx::Rollout => {}
            Ctx::Cube(c) => self.cube_done(c),
            Ctx::Moves(m) => self.moves_done(m),
        }
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
            self.report(problem(
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

    /// `The score (after N games) is: …`: a game starts, with the match information after
    /// it.
    fn prologue(&mut self, line: Line<'a>) {
        self.end_game(Some(line.at));
        self.epilogue = false;
        let Some(p) = prologue(self.src, line.text) else {
            self.unknown(
                line,
                ": a prologue reads `The score (after N games) is: A a, B b (match to L points)`",
            );
            return;
        };
        for (k, (name, _)) in p.names.iter().enumerate() {
            if let Some(old) = self.names[k]
                && old != *name
            {
                self.report(problem(
                    Code::MisplacedLine,
                    false,
                    p.names[k].1,
                    format!(
                        "`{name}` here, `{old}` in the game before: the games are of one match"
                    ),
                    "join the exports of one match only",
                ));
            }
            self.names[k] = Some(name);
        }
        let first = self.length.is_none();
        let mut k = self.i;
        while self.lines.get(k).is_some_and(|l| l.text.trim().is_empty()) {
            k += 1;
        }
        if self
            .lines
            .get(k)
            .is_some_and(|l| l.text == "Match Information:")
        {
            self.i = k + 1;
            self.match_info(first);
        }
        let length = p.length.map_or(0, |l| l.0);
        match self.length {
            None => {
                self.b
                    .length(length, p.length.map_or(line.trimmed(), |l| l.1));
                self.length = Some(length);
            }
            Some(l) if l != length => self.report(problem(
                Code::MisplacedLine,
                false,
                p.length.map_or(line.trimmed(), |l| l.1),
                format!("a match to {length} points here, to {l} in the game before"),
                "join the exports of one match only",
            )),
            Some(_) => {}
        }
        // The Crawford rule: gnubg names the Crawford game and post-Crawford play when the rule
        // is on, and neither at a score one point from the end when it is off.
        if self.crawford_rule.is_none() && length > 0 {
            let one_away = p.scores.iter().any(|s| s.0 + 1 == length);
            let said = p.crawford.or(p.post_crawford);
            let rule = match said {
                Some(at) => Some((true, at)),
                None if one_away => Some((false, line.trimmed())),
                None => None,
            };
            if let Some((on, at)) = rule {
                self.b.tag("Crawford", if on { "On" } else { "Off" }, at);
                self.crawford_rule = Some(on);
            }
        }
        let side = |k: usize| NameScore {
            name: p.names[k].0.to_string(),
            rating: self.ratings[k].clone(),
            score: p.scores[k].0,
            name_span: p.names[k].1,
            score_span: p.scores[k].1,
        };
        let number = p.after.0.saturating_add(1);
        self.b.game(number, p.after.1, side(0), side(1));
        self.game = Some(Game {
            number,
            score: [p.scores[0].0, p.scores[1].0],
            crawford: p.crawford.is_some(),
            cube: 1,
            offered: None,
            result: false,
            last_move: None,
            at: line.trimmed(),
        });
    }

    /// `Match Information:` and its lines (the tags of the first game's; later games repeat
    /// them).
    fn match_info(&mut self, keep: bool) {
        while let Some(&line) = self.lines.get(self.i) {
            let t = line.text;
            if t.trim().is_empty() {
                self.i += 1;
                continue;
            }
            if structural(t)
                || t.starts_with("* ")
                || board_line(t).is_some()
                || self.result_of(t).is_some()
            {
                return;
            }
            self.i += 1;
            let value = |v: &'a str| v.trim();
            let tag = |name: &str| -> Option<&'static str> {
                Some(match name {
                    "Event" => "Event",
                    "Round" => "Round",
                    "Place" => "Site",
                    "Annotator" => "Transcriber",
                    _ => return None,
                })
            };
            if let Some(v) = t.strip_prefix("Date: ") {
                // The date as gnubg's locale wrote it (`%x`, no century in the C locale):
                // kept as written.
                if keep {
                    self.b.comment(format!("Date: {}", value(v)));
                }
            } else if let Some(v) = t.strip_prefix("Comments: ") {
                let mut text = vec![value(v)];
                while let Some(l) = self.lines.get(self.i) {
                    if structural(l.text)
                        || board_line(l.text).is_some()
                        || self.result_of(l.text).is_some()
                    {
                        break;
                    }
                    text.push(l.text.trim_end());
                    self.i += 1;
                }
                if keep {
                    for l in text.into_iter().filter(|l| !l.trim().is_empty()) {
                        self.b.comment(l);
                    }
                }
            } else if let Some((name, v)) = t.split_once(": ")
                && let Some(tag) = tag(name)
            {
                if keep {
                    let at = self.at(v.trim());
                    self.b.tag(tag, value(v), at);
                }
            } else if let Some((name, v)) = t.split_once("'s rating: ") {
                match self.side_of(name) {
                    Some(s) => self.ratings[s.index()] = Some(value(v).to_string()),
                    None => self.unknown(line, ": a rating of no player of the prologue"),
                }
            } else {
                self.unknown(line, " (in the match information)");
            }
        }
    }

    /// The end of the game being read: at `next` (the next prologue), or at the end of the
    /// file.
    fn end_game(&mut self, next: Option<usize>) {
        self.end_context();
        self.flush();
        let Some(g) = self.game.take() else {
            return;
        };
        self.block = None;
        if g.result {
            return;
        }
        // A game gnubg exported while it was still played has no result but the closing
        // lines; without both, the file was cut.
        if !self.epilogue {
            let end = next.unwrap_or(self.src.len());
            let last = self.src[..end].trim_end().len();
            let at = self.src[..last]
                .rfind('\n')
                .map_or(Span::new(0, last), |k| Span::new(k + 1, last - k - 1));
            let at = if at.len == 0 { g.at } else { at };
            self.report(problem(
                Code::GameUnfinished,
                true,
                at,
                format!(
                    "game {} stops here, without its result (`NAME wins N points`) and without gnubg's closing lines: the export was cut",
                    g.number,
                ),
                "export the match again (`export match text`), or restore the end of the file",
            ));
        }
    }

    /// The game being read, started from nothing when the prologue is missing.
    fn game(&mut self, at: Span) -> &mut Game {
        if self.game.is_none() {
            self.report(problem(
                Code::MisplacedLine,
                true,
                at,
                "a move before the prologue that starts a game (`The score (after N games) is: …`)".into(),
                "gnubg starts each game's export with its prologue; the game is read as game 1 of unknown players, at 0-0",
            ));
            if self.length.is_none() {
                self.length = Some(0);
            }
            let unknown = |name: &str| NameScore {
                name: name.into(),
                rating: None,
                score: 0,
                name_span: Span::new(at.offset, 0),
                score_span: Span::new(at.offset, 0),
            };
            self.b
                .game(1, Span::new(at.offset, 0), unknown("O"), unknown("X"));
            self.game = Some(Game {
                number: 1,
                score: [0, 0],
                crawford: false,
                cube: 1,
                offered: None,
                result: false,
                last_move: None,
                at,
            });
        }
        self.game.as_mut().expect("started above")
    }

    /// `Move number N:  NAME to play 31` (or `on roll, cube decision?`, `doubles to 2`,
    /// `resigns 2 points`).
    fn header(&mut self, line: Line<'a>) {
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
                let (points, rest) = number(v)?;
                let rest = rest
                    .strip_prefix(" points")
                    .or_else(|| rest.strip_prefix(" point"))?;
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
            self.report(problem(
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
            self.report(problem(
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
    fn action(&mut self, line: Line<'a>, body: &'a str) {
        // The name: one of the players', else what stands before the verb.
        let mut names: Vec<&str> = self.names.iter().flatten().copied().collect();
        names.sort_by_key(|n| std::cmp::Reverse(n.len()));
        let verb_of = |r: &'a str| -> Option<&'a str> {
            let r = r.strip_prefix(' ')?;
            ["moves ", "cannot move", "doubles", "accepts", "rejects"]
                .iter()
                .any(|v| r.starts_with(v))
                .then_some(r)
        };
        let split = names
            .iter()
            .find_map(|n| {
                let verb = verb_of(body.strip_prefix(n)?)?;
                Some((&body[..n.len()], verb))
            })
            .or_else(|| {
                [
                    " moves ",
                    " cannot move",
                    " doubles",
                    " accepts",
                    " rejects",
                ]
                .iter()
                .filter_map(|v| body.find(v))
                .min()
                .and_then(|k| Some((&body[..k], verb_of(&body[k..])?)))
            });
        let Some((name, verb)) = split else {
            self.unknown(line, ": what was done reads `* NAME moves …`, `* NAME cannot move`, `* NAME doubles`, `* NAME accepts` or `* NAME rejects`");
            return;
        };
        let span = line.trimmed();
        self.flush();
        let block = self.block.take();
        let named = self.side_of(name);
        enum Verb<'v> {
            Moves(&'v str),
            CannotMove,
            Doubles,
            Accepts,
            Rejects,
        }
        let v = if let Some(p) = verb.strip_prefix("moves ") {
            Verb::Moves(p)
        } else if verb == "cannot move" {
            Verb::CannotMove
        } else if verb == "doubles" {
            Verb::Doubles
        } else if verb == "accepts" {
            Verb::Accepts
        } else if verb == "rejects" {
            Verb::Rejects
        } else {
            self.block = block;
            self.unknown(line, "");
            return;
        };
        // The block the action belongs to, and the side that acts by it.
        let by_block = block.as_ref().filter(|b| !b.used).and_then(|b| {
            let fits = matches!(
                (&v, &b.kind),
                (Verb::Moves(_) | Verb::CannotMove, BlockKind::ToPlay { .. })
                    | (
                        Verb::Doubles,
                        BlockKind::OnRoll | BlockKind::DoublesTo { .. }
                    )
                    | (Verb::Accepts | Verb::Rejects, BlockKind::DoublesTo { .. })
            );
            fits.then_some(b)
        });
        let dice = by_block.and_then(|b| match b.kind {
            BlockKind::ToPlay { dice, at } => Some((dice, at)),
            _ => None,
        });
        let fits = by_block.is_some();
        let block_side = by_block.and_then(|b| match b.kind {
            BlockKind::DoublesTo { .. } => b.named().map(Side::other),
            _ => b.named(),
        });
        let side = match (named, block_side) {
            (Some(s), Some(bs)) if s != bs => {
                self.report(problem(
                    Code::MisplacedLine,
                    false,
                    self.at(name),
                    format!(
                        "`{name}` acts in a block whose header gives the turn to the other player"
                    ),
                    "gnubg writes the header and the `* …` of one player",
                ));
                s
            }
            (Some(s), _) | (None, Some(s)) => s,
            (None, None) => {
                self.report(problem(
                    Code::UnknownLine,
                    true,
                    self.at(name),
                    format!("`{name}` is no player of the prologue, and no board tells whose turn it is"),
                    "the names are those of the prologue (`The score (after N games) is: A a, B b`)",
                ));
                self.block = block;
                return;
            }
        };
        if !fits {
            self.report(problem(
                Code::MisplacedLine,
                true,
                span,
                "what was done, without its move's header (`Move number N: …`) before it".into(),
                "gnubg writes each move's header, its board, then `* NAME …`",
            ));
        }
        let src = self.src;
        let g = self.game(span);
        // The cube before the entry; for an answer, before the double answered.
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
        let mut entry = Entry {
            side,
            span,
            kind,
            cube,
            analysis: Analysis::default(),
            comment: None,
        };
        if let (Verb::Moves(p), Kind::Turn { steps, .. }) = (&v, &mut entry.kind) {
            let mut bad = false;
            for tok in p.split_whitespace() {
                match parse_step(tok, Span::of(self.src, tok).offset) {
                    Ok(s) => steps.push(s),
                    Err(e) => {
                        bad = true;
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
            if bad {
                entry.kind = Kind::Broken;
            }
        }
        self.pending = Some(entry);
        if let Some(mut b) = block {
            b.used = fits || b.used;
            self.block = Some(b);
        }
    }

    /// `Rolled 31 (+0.102):`: the luck, and the candidates that follow.
    fn rolled(&mut self, line: Line<'a>) {
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
            self.report(problem(
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
    fn candidate(&mut self, line: Line<'a>) -> bool {
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
    fn mwc_range(&self, side: Side) -> Option<(f64, f64)> {
        self.mwc_at(side, self.game.as_ref()?.cube)
    }

    /// [`Reader::mwc_range`] with the cube at `cube`.
    fn mwc_at(&self, side: Side, cube: u64) -> Option<(f64, f64)> {
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
    fn moves_done(&mut self, m: MovesRead) {
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
            self.report(problem(
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
            self.report(problem(
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
            let mut p = problem(
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
    fn cube_done(&mut self, c: CubeRead) {
        let (Some(level), [Some(nd), Some(dt), Some(dp)]) = (c.level.clone(), c.figures) else {
            self.report(problem(
                Code::UnknownLine,
                false,
                c.at,
                "a cube analysis without its level and its three figures (no double, double/take, double/pass): it is left out".into(),
                "gnubg writes `Cube analysis`, the cubeless equity, `Cubeful equities:` and three ranked figures",
            ));
            return;
        };
        let Some(e) = self.pending.as_ref() else {
            self.report(problem(
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
                    self.report(problem(
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

    /// `Annotation:` and the lines of its text, on the entry just read (or the game, before
    /// its first move).
    fn annotation(&mut self, line: Line<'a>) {
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
            None => self.report(problem(
                Code::MisplacedLine,
                false,
                line.trimmed(),
                "an annotation between games: it is left out".into(),
                "gnubg writes an annotation after the move it concerns",
            )),
        }
    }

    /// `NAME wins N point(s)`: the winner's side (or none when the name tells none), the
    /// points and where they are written.
    fn result_of(&self, t: &'a str) -> Option<(Option<Side>, &'a str, u64, Span)> {
        let k = t.rfind(" wins ")?;
        let name = &t[..k];
        let v = &t[k + " wins ".len()..];
        let (points, rest) = number(v)?;
        let rest = rest
            .strip_prefix(" points")
            .or_else(|| rest.strip_prefix(" point"))?;
        // gnubg writes no line break after it when no statistics follow.
        if !(rest.trim().is_empty() || rest.starts_with("Output generated ")) || name.is_empty() {
            return None;
        }
        let at = Span::of(self.src, &v[..v.len() - number(v)?.1.len()]);
        Some((self.side_of(name), name, points, at))
    }

    /// The result line, if `line` is one.
    fn result(&mut self, line: Line<'a>) -> bool {
        let Some((side, name, points, at)) = self.result_of(line.text) else {
            return false;
        };
        self.flush();
        self.block = None;
        // Two players of one name: the winner is who acted last, or the doubler of a double
        // just dropped.
        let same = self.names[0].is_some() && self.names[0] == self.names[1];
        let side = side.or_else(|| {
            let (s, dropped) = self.last.filter(|_| same)?;
            Some(if dropped { s.other() } else { s })
        });
        let Some(side) = side else {
            self.report(problem(
                Code::WrongWinner,
                true,
                self.at(name),
                format!("`{name}` is no player of the prologue, so the winner is not known"),
                "the winner is named as in the prologue (`The score (after N games) is: A a, B b`)",
            ));
            return true;
        };
        let span = line.trimmed();
        let g = self.game(span);
        g.result = true;
        let body = CellBody::Wins {
            points,
            points_span: at,
            and_match: false,
        };
        self.b.result(side.column(), at, body);
        if line.text.contains("Output generated ") {
            self.epilogue = true;
        }
        true
    }

    /// The statistics (of the game, match or session): read up to what follows them.
    fn statistics(&mut self) {
        while let Some(&l) = self.lines.get(self.i) {
            let t = l.text;
            if t.starts_with("The score (after ")
                || t.starts_with("Output generated ")
                || t.starts_with("Move number ")
            {
                return;
            }
            self.i += 1;
            // A heading, or a row: a label (`Luck rate mEMG (MWC)`, `95% confidence interval
            // (ppg)`) and the players' figures.
            let row = t.trim_start().starts_with(char::is_alphanumeric);
            if !(t.trim().is_empty() || row) {
                self.unknown(l, " (in the statistics)");
            }
        }
    }

    /// Build the entry read (its block ended).
    fn flush(&mut self) {
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

/// The variation a game is played in, told by the board before its first move (the export does
/// not name it), as the `Variation` tag gnubg's SGF reader gives: `None` for backgammon (or a
/// position none of them starts from).
fn variation_of(id: &str) -> Option<&'static str> {
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

/// A play with its steps separated by single spaces.
fn normalized(p: &str) -> String {
    p.split_whitespace().collect::<Vec<_>>().join(" ")
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

    #[test]
    fn the_prologue_reads_names_with_commas_and_the_crawford_words() {
        let t =
            "The score (after 3 games) is: Smith, John 4, Doe 6 (match to 7 points), Crawford game";
        let p = prologue(t, t).unwrap();
        assert_eq!(p.after.0, 3);
        assert_eq!((p.names[0].0, p.names[1].0), ("Smith, John", "Doe"));
        assert_eq!((p.scores[0].0, p.scores[1].0), (4, 6));
        assert_eq!(p.length.map(|l| l.0), Some(7));
        assert!(p.crawford.is_some() && p.post_crawford.is_none());
        let t = "The score (after 1 game) is: a 0, b 1";
        let p = prologue(t, t).unwrap();
        assert!(p.length.is_none());
        assert!(prologue("The score (after 1 game) is: a, b", "").is_none());
    }

    #[test]
    fn figures_and_probabilities_read_in_every_output_setting() {
        assert_eq!(figure("+0.102"), Some(0.102));
        assert_eq!(figure("52.42%"), Some(0.5242));
        assert_eq!(figure("-1.0000"), Some(-1.0));
        assert_eq!(figure("x"), None);
        let p = probabilities("       0.551 0.174 0.013 - 0.449 0.124 0.005").unwrap();
        assert_eq!(p, [0.551, 0.174, 0.013, 0.124, 0.005]);
        let p = probabilities("        55.10  17.37   1.28 -  44.90  12.44   0.50").unwrap();
        assert!((p[0] - 0.551).abs() < 1e-12 && (p[4] - 0.005).abs() < 1e-12);
        assert!(probabilities("  0.5 0.1 0.0 - 0.5 0.1 0.0 CL +0.1 CF +0.1").is_some());
        assert!(probabilities("  0.5 0.1 0.0 0.5 0.1 0.0").is_none());
    }

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
