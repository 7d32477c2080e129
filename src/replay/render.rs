//! Rendering engine plays back into move notation (for help texts and suggestions).

use crate::rules::{PlaySet, Step};

fn loc(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        p => p.to_string(),
    }
}

/// Steps in notation: one checker's consecutive hops are written as one path with its
/// intermediate points (`13/7/1`), identical moves merged as `(n)`, highest first.
pub fn render_steps(steps: &[Step]) -> String {
    // Each path: the points it touches and whether each landing hit.
    let mut paths: Vec<Vec<(u8, bool)>> = Vec::new();
    for s in steps {
        let open = paths
            .iter_mut()
            .rev()
            .find(|p| p.last().is_some_and(|l| l.0 == s.from && l.0 != 0));
        match open {
            Some(p) => p.push((s.to, s.hit)),
            None => paths.push(vec![(s.from, false), (s.to, s.hit)]),
        }
    }
    paths.sort_by(|a, b| b.cmp(a));
    let text = |p: &Vec<(u8, bool)>| {
        p.iter()
            .map(|(pt, hit)| format!("{}{}", loc(*pt), if *hit { "*" } else { "" }))
            .collect::<Vec<_>>()
            .join("/")
    };
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < paths.len() {
        let mut n = 1;
        while i + n < paths.len() && paths[i + n] == paths[i] {
            n += 1;
        }
        let mut s = text(&paths[i]);
        if n > 1 {
            s.push_str(&format!("({n})"));
        }
        out.push(s);
        i += n;
    }
    if out.is_empty() {
        "no move".into()
    } else {
        out.join(" ")
    }
}

/// Up to `limit` legal plays of a set, rendered and sorted, plus the total.
pub fn render_play(set: &PlaySet, limit: usize) -> (Vec<String>, usize) {
    let mut all: Vec<String> = set.results().map(|(_, s)| render_steps(s)).collect();
    all.sort();
    all.dedup();
    let total = set.len();
    all.truncate(limit);
    (all, total)
}

/// The help line for an illegal play: the nearest legal plays (`plays`, nearest first; up to
/// three named) and how many there are.
pub(crate) fn nearest_help(plays: &[String], total: usize, dice: impl std::fmt::Display) -> String {
    let shown: Vec<&str> = plays.iter().take(3).map(String::as_str).collect();
    if shown.is_empty() {
        return format!("{total} legal play(s) for {dice}");
    }
    format!(
        "{total} legal play(s) for {dice}; nearest to what is written: {}",
        shown.join(", ")
    )
}

/// The help line naming what was legal: up to three plays and how many there are.
pub(crate) fn legal_help(set: &PlaySet, dice: impl std::fmt::Display) -> String {
    let (examples, total) = render_play(set, 3);
    format!(
        "{total} legal play(s) for {dice}, e.g. {}",
        examples.join(", ")
    )
}

/// An entry of a record in words and the play notation, for a record with no text of its own
/// to show: `64: 24/18 13/9`, `doubles to 2`, `takes`, `wins 2 points`.
pub(crate) fn entry_words(m: &crate::record::Match, a: &crate::record::Action) -> String {
    use crate::notation::CellBody;
    let points = |n: u64| {
        if n == 1 {
            "1 point".to_string()
        } else {
            format!("{n} points")
        }
    };
    match &a.cell.body {
        CellBody::Turn { stages } => stages
            .of(&m.stages)
            .iter()
            .map(|st| {
                let steps: Vec<String> = st
                    .moves
                    .steps
                    .of(&m.steps)
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                let mut s = format!("{}{}:", st.a, st.b);
                if st.moves.unknown().is_some() {
                    s.push_str(" not played (resigned)");
                } else if steps.is_empty() {
                    s.push_str(" no play");
                } else {
                    s.push(' ');
                    s.push_str(&steps.join(" "));
                }
                s
            })
            .collect::<Vec<_>>()
            .join(" "),
        CellBody::Double { value, .. } => format!("doubles to {value}"),
        CellBody::Beaver { value, .. } => format!("beavers to {value}"),
        CellBody::Raccoon { value, .. } => format!("raccoons to {value}"),
        CellBody::Take => "takes".into(),
        CellBody::Drop => "drops".into(),
        CellBody::Wins {
            points: n,
            and_match,
            ..
        } => {
            if *and_match {
                format!("wins {} and the match", points(*n))
            } else {
                format!("wins {}", points(*n))
            }
        }
        CellBody::Losses { points: n, .. } => format!("loses {}", points(*n)),
        CellBody::Draw => "draw".into(),
        CellBody::Resign { level } => match level {
            Some(l) => format!("resigns ({})", l.word().to_lowercase()),
            None => "resigns".into(),
        },
    }
}
