//! A game's bounds: the prologue that starts it (`The score (after N games) is: …`) with the
//! match information after it, a game started without one, its result (`NAME wins N points`),
//! the statistics after it and its end (a game cut short is reported).

use super::lines::{Line, board_line, number, points, structural};
use super::read::{Reader, Side};
use crate::codes::Code;
use crate::notation::{CellBody, NameScore, Span};
use crate::record::ReadProblem;

/// The game being read.
#[derive(Debug)]
pub(super) struct Game {
    pub(super) number: u64,
    /// The score before the game, by side.
    pub(super) score: [u64; 2],
    /// The prologue says this is the Crawford game.
    pub(super) crawford: bool,
    /// The cube's value.
    pub(super) cube: u64,
    /// A double offered and not yet answered: who offered it, and the value offered.
    pub(super) offered: Option<(Side, u64)>,
    /// The result was read.
    pub(super) result: bool,
    /// The number of the last `Move number` header.
    pub(super) last_move: Option<u64>,
    /// Where the game's prologue stands.
    pub(super) at: Span,
}

/// The prologue: `The score (after N game(s)) is: A a, B b[ (match to L point(s))][, Crawford
/// game][, post-Crawford play]`.
pub(super) struct Prologue<'a> {
    pub(super) after: (u64, Span),
    pub(super) names: [(&'a str, Span); 2],
    pub(super) scores: [(u64, Span); 2],
    pub(super) length: Option<(u64, Span)>,
    pub(super) crawford: Option<Span>,
    pub(super) post_crawford: Option<Span>,
}

pub(super) fn prologue<'a>(src: &'a str, t: &'a str) -> Option<Prologue<'a>> {
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
    /// `The score (after N games) is: …`: a game starts, with the match information after
    /// it.
    pub(super) fn prologue(&mut self, line: Line<'a>) {
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
                self.report(ReadProblem::new(
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
            Some(l) if l != length => self.report(ReadProblem::new(
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
    pub(super) fn match_info(&mut self, keep: bool) {
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
    pub(super) fn end_game(&mut self, next: Option<usize>) {
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
            self.report(ReadProblem::new(
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
    pub(super) fn game(&mut self, at: Span) -> &mut Game {
        if self.game.is_none() {
            self.report(ReadProblem::new(
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

    /// `NAME wins N point(s)`: the winner's side (or none when the name tells none), the
    /// points and where they are written.
    pub(super) fn result_of(&self, t: &'a str) -> Option<(Option<Side>, &'a str, u64, Span)> {
        let k = t.rfind(" wins ")?;
        let name = &t[..k];
        let v = &t[k + " wins ".len()..];
        let (points, rest) = points(v)?;
        // gnubg writes no line break after it when no statistics follow.
        if !(rest.trim().is_empty() || rest.starts_with("Output generated ")) || name.is_empty() {
            return None;
        }
        let at = Span::of(self.src, &v[..v.len() - number(v)?.1.len()]);
        Some((self.side_of(name), name, points, at))
    }

    /// The result line, if `line` is one.
    pub(super) fn result(&mut self, line: Line<'a>) -> bool {
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
            self.report(ReadProblem::new(
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
    pub(super) fn statistics(&mut self) {
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
}
