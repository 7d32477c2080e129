//! Rendering engine plays back into move notation (for help texts and suggestions).

use crate::rules::{PlaySet, Step};

fn loc(p: u8) -> String {
    match p {
        0 => "off".into(),
        25 => "bar".into(),
        p => p.to_string(),
    }
}

/// Steps in notation: one checker's consecutive hops are joined (`24/18/14` -> `24/14`
/// only when no hit happens on the way), identical steps merged as `(n)`, highest first.
pub fn render_steps(steps: &[Step]) -> String {
    // Join each checker's consecutive hops.
    let mut moves: Vec<(u8, u8, bool)> = Vec::new();
    for s in steps {
        if let Some(m) = moves.iter_mut().find(|m| m.1 == s.from && m.1 != 0 && !m.2) {
            m.1 = s.to;
            m.2 = s.hit;
        } else {
            moves.push((s.from, s.to, s.hit));
        }
    }
    moves.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < moves.len() {
        let mut n = 1;
        while i + n < moves.len() && moves[i + n] == moves[i] {
            n += 1;
        }
        let (f, t, h) = moves[i];
        let mut s = format!("{}/{}{}", loc(f), loc(t), if h { "*" } else { "" });
        if n > 1 {
            s.push_str(&format!("({n})"));
        }
        out.push(s);
        i += n;
    }
    if out.is_empty() { "no move".into() } else { out.join(" ") }
}

/// Up to `limit` legal plays of a set, rendered and sorted, plus the total.
pub fn render_play(set: &PlaySet, limit: usize) -> (Vec<String>, usize) {
    let mut all: Vec<String> = set.results.iter().map(|(_, s)| render_steps(s)).collect();
    all.sort();
    all.dedup();
    let total = set.len();
    all.truncate(limit);
    (all, total)
}
