//! Re-checking after an edit: only the games around the edited one.
//!
//! A `.mat` record's games are replayed one after the other; what one game passes to the next
//! is the match's state (the scores, who won last, the Crawford game, whether the match is
//! over), and every score line resets the scores to what it says. An edit inside the turns of
//! one game (its `Game N` and score lines untouched) can therefore change the findings of that
//! game and of the games right after it, and nothing else, unless a score line disputes the
//! scores or the match ends there.
//!
//! So the server checks a *window*: the record's header and the games from the one before
//! the edited game to the third after it, as a record of its own. The findings of the edited
//! game and the two after it (the *core*) are taken from the window; those of every other
//! game are kept from the previous check, moved by the change in length. The window is
//! trusted only when
//!
//! - the same window of the previous text gives exactly the previous findings and game
//!   outcomes on the core (its first game, checked without the games before it, stands in
//!   for them faithfully);
//! - the games of the window outside the core get the same findings before and after the edit
//!   (the edit's consequences stay inside the core);
//! - no finding of the window disputes a score line or follows the match's end, whose
//!   consequences reach further;
//! - the record has so few illegal plays that the repair search of a whole check never runs
//!   out of its budget (which a smaller record has more of).
//!
//! Otherwise the whole record is checked again. The test `incremental_equals_whole` checks
//! the two ways against each other on every fixture and on generated matches.

use crate::codes::Code;
use crate::input::{Format, Source};
use crate::replay::{Finding, Overrides, Severity, Verdict};

/// Where the games of a single-match `.mat` record stand in its text.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Byte offset of the line of each game's `Game N` (the header ends at the first).
    pub starts: Vec<usize>,
    /// Byte offset of each game's first line after its score line.
    pub body: Vec<usize>,
    /// Each game's outcome as checked (result, Crawford flag, scores, turns checked).
    pub outcomes: Vec<String>,
}

/// The outcome of a replayed game, as a comparable text.
pub(crate) fn outcome(v: &Verdict, i: usize) -> String {
    v.games.get(i).map_or_else(String::new, |g| {
        format!(
            "{:?}|{}|{:?}|{}|{:?}",
            g.result, g.crawford, g.score, g.turns_checked, g.names
        )
    })
}

/// The start of the line holding byte `o`.
fn line_start(text: &str, o: usize) -> usize {
    let o = o.min(text.len());
    text.as_bytes()[..o]
        .iter()
        .rposition(|&c| c == b'\n' || c == b'\r')
        .map_or(0, |i| i + 1)
}

/// The start of the line after the one holding byte `o`.
fn next_line(text: &str, o: usize) -> usize {
    let b = text.as_bytes();
    let mut i = o.min(b.len());
    while i < b.len() && b[i] != b'\n' && b[i] != b'\r' {
        i += 1;
    }
    if i < b.len() && b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
        i += 1;
    }
    (i + 1).min(b.len())
}

/// The layout of a record checked whole, when windows of it can be checked on their own: one
/// match of the `.mat` layout, with games, none stated illegal in its header.
pub(crate) fn layout(text: &str, format: Format, v: &Verdict) -> Option<Layout> {
    if format != Format::Mat || !v.more.is_empty() || v.offset != 0 || v.rules.is_none() {
        return None;
    }
    let games = &v.record.games;
    if games.is_empty() || games.len() != v.games.len() {
        return None;
    }
    let mut starts = Vec::with_capacity(games.len());
    let mut body = Vec::with_capacity(games.len());
    for g in games {
        let s = line_start(text, g.number_span.offset);
        if starts.last().is_some_and(|&l| l >= s) {
            return None;
        }
        let last = g.score.as_ref().map_or(g.number_span.offset, |(_, r)| {
            r.score_span.offset.max(g.number_span.offset)
        });
        starts.push(s);
        body.push(next_line(text, last));
    }
    if text[..starts[0]].to_ascii_lowercase().contains("illegal") {
        return None;
    }
    let outcomes = (0..games.len()).map(|i| outcome(v, i)).collect();
    Some(Layout {
        starts,
        body,
        outcomes,
    })
}

/// The header and games `from..to` of a record, checked as a record of their own.
pub(crate) struct Window {
    pub from: usize,
    pub to: usize,
    /// The games whose findings and boards are those of the whole record.
    pub core: std::ops::Range<usize>,
    /// The length of the header (the text before the first game).
    header: usize,
    /// Where game `from` starts in the document.
    at: usize,
    /// The window's text.
    text: String,
    pub verdict: Verdict,
}

impl Window {
    /// A window's offset in the document.
    fn to_doc(&self, o: usize) -> usize {
        if o < self.header {
            o
        } else {
            o - self.header + self.at
        }
    }

    /// A document's offset in the window, if it is in it.
    pub fn to_sub(&self, o: usize) -> Option<usize> {
        if o < self.header {
            Some(o)
        } else if o >= self.at && o - self.at + self.header <= self.text.len() {
            Some(o - self.at + self.header)
        } else {
            None
        }
    }

    /// Its findings in the document's offsets, in order.
    fn findings(&self) -> Vec<Finding> {
        self.verdict
            .findings
            .iter()
            .map(|f| {
                let mut f = f.clone();
                move_finding(&mut f, |o| self.to_doc(o));
                if let Some(p) = f.place.as_mut() {
                    p.game += self.from;
                }
                f
            })
            .collect()
    }
}

/// Check the header of `text` and its games `from..to` (their lines starting at `starts`).
pub(crate) fn window(
    name: &str,
    text: &str,
    starts: &[usize],
    from: usize,
    to: usize,
    overrides: &Overrides,
    traces: bool,
) -> Option<Window> {
    let header = *starts.first()?;
    let at = *starts.get(from)?;
    let end = starts.get(to).copied().unwrap_or(text.len());
    let mut sub = String::with_capacity(header + end.checked_sub(at)?);
    sub.push_str(text.get(..header)?);
    sub.push_str(text.get(at..end)?);
    let src = Source::from_bytes(name.to_string(), sub.clone().into_bytes()).ok()?;
    if src.format != Format::Mat || !src.findings.is_empty() {
        return None;
    }
    let verdict = src.check(overrides, traces);
    let w = Window {
        from,
        to,
        core: from..to,
        header,
        at,
        text: sub,
        verdict,
    };
    // The window reads as the same games, at the same places.
    let v = &w.verdict;
    if !v.more.is_empty() || v.record.games.len() != to - from || v.games.len() != to - from {
        return None;
    }
    for (i, g) in v.record.games.iter().enumerate() {
        if line_start(text, w.to_doc(g.number_span.offset)) != starts[from + i] {
            return None;
        }
    }
    Some(w)
}

/// Every span of a finding moved by `m`.
fn move_finding(f: &mut Finding, m: impl Fn(usize) -> usize) {
    crate::replay::move_spans(f, m);
}

/// Findings whose consequences reach past the next score line.
fn far_reaching(f: &Finding) -> bool {
    matches!(
        f.code,
        Code::AfterMatchEnd | Code::ScoreMismatch | Code::Draw | Code::JacobyInferred
    )
}

/// The findings located in `range` (byte offsets).
fn within(fs: &[Finding], range: std::ops::Range<usize>) -> Vec<&Finding> {
    fs.iter()
        .filter(|f| range.contains(&f.span.offset))
        .collect()
}

/// Whether a whole check of a record of `len` bytes with `illegal` illegal plays could run out
/// of the repair search's budget (8 MB of text replayed, at least 16 and at most 240 checks,
/// at most 24 plays). One play's search takes at most 40 checks here.
fn budget_tight(len: usize, illegal: usize) -> bool {
    let budget = (8_000_000 / len.max(1)).clamp(16, 240);
    illegal * 40 > budget || illegal > 8
}

fn illegal(fs: &[Finding]) -> usize {
    fs.iter()
        .filter(|f| f.severity == Severity::Error && f.suggestions.is_some())
        .count()
}

/// What re-checking from the edited game gave: the findings of the whole document, its new
/// layout, and the window checked (with its traces).
pub(crate) struct Rechecked {
    pub findings: Vec<Finding>,
    pub layout: Layout,
    pub window: Window,
}

/// The findings of `new` from those of `old` (`findings`, laid out as `lay`), checking only
/// the games around the edit; `None` where that would not be exactly what a whole check
/// finds, or the edit is not inside one game's turns. `cache`: the window checked last, which
/// stands for the same window of `old` if it holds the same text.
#[allow(clippy::too_many_arguments)]
pub(crate) fn recheck(
    name: &str,
    old: &str,
    new: &str,
    findings: &[Finding],
    lay: &Layout,
    overrides: &Overrides,
    cache: Option<&Window>,
) -> Option<Rechecked> {
    let (o, n) = (old.as_bytes(), new.as_bytes());
    let p = o.iter().zip(n).take_while(|(a, b)| a == b).count();
    let room = o.len().min(n.len()) - p;
    let s = o
        .iter()
        .rev()
        .zip(n.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    let old_end = o.len() - s;
    let delta = n.len() as isize - o.len() as isize;
    let count = lay.starts.len();
    // The game holding the edit, inside its turns.
    let k = lay.starts.partition_point(|&st| st <= p).checked_sub(1)?;
    let next = lay.starts.get(k + 1).copied().unwrap_or(o.len());
    if p < lay.body[k] || (k + 1 < count && (p >= next || old_end > next)) {
        return None;
    }
    let shift = |x: usize| (x as isize + delta) as usize;
    // The games after the edited one move by the edit's length.
    let shifted = |offsets: &[usize]| -> Vec<usize> {
        offsets
            .iter()
            .enumerate()
            .map(|(i, &x)| if i > k { shift(x) } else { x })
            .collect()
    };
    let starts = shifted(&lay.starts);
    let body = shifted(&lay.body);
    let from = k.saturating_sub(1);
    let to = count.min(k + 4);
    let core_end = count.min(k + 3);
    let mut now = window(name, new, &starts, from, to, overrides, true)?;
    now.core = k..core_end;
    let cached = cache.filter(|w| {
        w.from == from
            && w.to == to
            && old_window(old, lay, from, to).as_deref() == Some(w.text.as_str())
    });
    let fresh;
    let before = match cached {
        Some(w) => w,
        None => {
            fresh = window(name, old, &lay.starts, from, to, overrides, false)?;
            &fresh
        }
    };
    let (fb, fnow) = (before.findings(), now.findings());
    // Consequences that reach further than the window.
    let core_at = lay.starts[k];
    if fb
        .iter()
        .chain(&fnow)
        .any(|f| f.span.offset >= core_at && far_reaching(f))
    {
        return None;
    }
    let win_old = within(
        findings,
        lay.starts[from]..lay.starts.get(to).copied().unwrap_or(usize::MAX),
    );
    let others = illegal(findings)
        - win_old
            .iter()
            .filter(|f| f.severity == Severity::Error && f.suggestions.is_some())
            .count();
    if budget_tight(o.len(), illegal(findings)) || budget_tight(n.len(), others + illegal(&fnow)) {
        return None;
    }
    // The window of the old text gives the old findings and outcomes of its core and after.
    let core_old = lay.starts[k]..lay.starts.get(core_end).copied().unwrap_or(usize::MAX);
    if within(findings, core_old.clone()) != within(&fb, core_old) {
        return None;
    }
    for i in k..to {
        if outcome(&before.verdict, i - from) != lay.outcomes[i] {
            return None;
        }
    }
    // The games outside the core: the same before and after the edit.
    let head = 0..lay.starts[0];
    let ctx_before = lay.starts[from]..lay.starts[k];
    if within(&fb, head.clone()) != within(&fnow, head)
        || within(&fb, ctx_before.clone()) != within(&fnow, ctx_before)
    {
        return None;
    }
    if core_end < to {
        let tail_old = lay.starts[core_end]..usize::MAX;
        let mut tail_now: Vec<Finding> = within(&fnow, starts[core_end]..usize::MAX)
            .into_iter()
            .cloned()
            .collect();
        for f in &mut tail_now {
            move_finding(f, |x| (x as isize - delta) as usize);
        }
        if within(&fb, tail_old) != tail_now.iter().collect::<Vec<_>>()
            || outcome(&before.verdict, core_end - from) != outcome(&now.verdict, core_end - from)
        {
            return None;
        }
    }
    // The findings: the core's from the window, the others kept (moved past the edit).
    let core_new = starts[k]..starts.get(core_end).copied().unwrap_or(usize::MAX);
    let core_from_old = lay.starts[k]..lay.starts.get(core_end).copied().unwrap_or(usize::MAX);
    let mut out: Vec<Finding> = findings
        .iter()
        .filter(|f| !core_from_old.contains(&f.span.offset))
        .cloned()
        .map(|mut f| {
            move_finding(&mut f, |x| if x >= old_end { shift(x) } else { x });
            f
        })
        .collect();
    out.extend(
        fnow.into_iter()
            .filter(|f| core_new.contains(&f.span.offset)),
    );
    out.sort_by_key(|f| (f.span.offset, std::cmp::Reverse(f.severity)));
    let mut outcomes = lay.outcomes.clone();
    for (i, slot) in outcomes.iter_mut().enumerate().take(core_end).skip(k) {
        *slot = outcome(&now.verdict, i - from);
    }
    Some(Rechecked {
        findings: out,
        layout: Layout {
            starts,
            body,
            outcomes,
        },
        window: now,
    })
}

/// The text of the window `from..to` of `text` laid out as `lay`.
fn old_window(text: &str, lay: &Layout, from: usize, to: usize) -> Option<String> {
    let header = text.get(..lay.starts[0])?;
    let end = lay.starts.get(to).copied().unwrap_or(text.len());
    Some(format!("{header}{}", text.get(lay.starts[from]..end)?))
}
