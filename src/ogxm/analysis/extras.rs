//! What [`attach`](super::attach) set aside, as the match's
//! [`Extras`](crate::record::Extras): every analysis block with the decisions no entry
//! carries, every annotation and the clock's readings, each at its place.

use super::attach::ply_refs;
use super::{
    CHECKER, CUBE, CUBEFUL_MATCH, CUBEFUL_MONEY, CUBELESS, Extras, Kept, RESIGN, ROLL,
    SCOPE_ALTERNATIVE, SCOPE_DECISION, SCOPE_GAME, SCOPE_MATCH, SCOPE_PLY, uuid,
};
use crate::ogxm::GameIn;
use crate::record::extras::{
    AnalysisBlock, Annotation, BlockDecision, Clock, Extras as RecordExtras, Place,
};

/// The name of a block's currency.
fn currency_name(c: u64) -> String {
    match c {
        CUBELESS => "cubeless".into(),
        CUBEFUL_MONEY => "cubeful money".into(),
        CUBEFUL_MATCH => "cubeful match".into(),
        n => n.to_string(),
    }
}

/// The name of a decision kind.
fn kind_name(k: u64) -> String {
    match k {
        CHECKER => "checker".into(),
        CUBE => "cube".into(),
        RESIGN => "resign".into(),
        ROLL => "roll".into(),
        n => n.to_string(),
    }
}

/// The name of an annotation's scope.
fn scope_name(s: u64) -> String {
    match s {
        SCOPE_MATCH => "match".into(),
        SCOPE_GAME => "game".into(),
        SCOPE_PLY => "ply".into(),
        SCOPE_DECISION => "decision".into(),
        SCOPE_ALTERNATIVE => "alternative".into(),
        n => format!("scope {n}"),
    }
}

/// What `attach` set aside, located: `actions[g][k]` is the entry ply `k` of game `g`
/// became, if any.
pub fn record_extras(games: &[GameIn], x: &Extras, actions: &[Vec<Option<usize>>]) -> RecordExtras {
    let refs = ply_refs(games);
    let place = |r: u64| -> Option<Place> {
        let &(gi, k) = usize::try_from(r).ok().and_then(|r| refs.get(r))?;
        Some(Place {
            game: gi,
            ply: Some(k),
            action: actions.get(gi).and_then(|a| a.get(k)).copied().flatten(),
        })
    };
    // The primary block's analyses of plies that became no entry (a game or the rest of one
    // that is not checked).
    let orphans: Vec<Kept> = refs
        .iter()
        .enumerate()
        .filter_map(|(r, &(gi, k))| {
            let a = games[gi].plies[k].analysis.as_ref()?;
            let placed = actions.get(gi).and_then(|e| e.get(k)).copied().flatten();
            placed.is_none().then(|| Kept {
                ply_ref: r as u64,
                kind: u64::MAX,
                analysis: Some(a.clone()),
                resign: None,
            })
        })
        .collect();
    let blocks = x
        .blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| !b.damaged)
        .map(|(bi, b)| AnalysisBlock {
            id: b.id_text(),
            primary: bi == 0,
            producer: b.producer,
            model_id: b.model_id.clone(),
            model_name: b.model_name.clone(),
            engine_build: b.engine_build.clone(),
            currency: b.currency.map(currency_name),
            met_id: b.met_id.clone(),
            tables: b.tables.clone(),
            level: Some(b.level.label(false)).filter(|l| !l.is_empty()),
            complete: b.complete,
            cube_efficiency: b.cube_efficiency,
            started_at: b.started_at,
            completed_at: b.completed_at,
            duration_ms: b.duration_ms,
            decisions: x
                .kept
                .get(bi)
                .into_iter()
                .flatten()
                .chain(orphans.iter().filter(|_| bi == 0))
                .filter_map(|k| {
                    Some(BlockDecision {
                        place: place(k.ply_ref)?,
                        kind: (k.kind != u64::MAX).then(|| kind_name(k.kind)),
                        analysis: k.analysis.clone(),
                        resign: k.resign.clone(),
                    })
                })
                .collect(),
            span: b.at,
        })
        .collect();
    let annotations = x
        .notes
        .iter()
        .map(|n| Annotation {
            scope: scope_name(n.scope),
            place: match n.scope {
                SCOPE_MATCH => None,
                SCOPE_GAME => (n.target < games.len() as u64).then_some(Place {
                    game: n.target as usize,
                    ply: None,
                    action: None,
                }),
                _ => place(n.target),
            },
            analysis_id: n.analysis.as_ref().map(uuid),
            kind: n.kind.map(kind_name),
            alternative: n.alt_index,
            key: n.key.clone(),
            lang: n.lang.clone(),
            author: n.author.clone(),
            at: n.at_ms,
            text: n.value.clone(),
            drawings: n.drawings.clone(),
            span: n.span,
        })
        .collect();
    let clock = x.clock.as_ref().map(|c| Clock {
        reserve_ms: c.reserve_ms,
        delay_ms: c.delay_ms,
        increment_ms: c.increment_ms,
        start_timestamp: c.start_timestamp,
        flags: c.flags,
        precision: c.precision,
        readings: c
            .readings
            .iter()
            .enumerate()
            .filter_map(|(r, &ms)| Some((place(r as u64)?, ms)))
            .collect(),
        span: c.span,
    });
    RecordExtras {
        blocks,
        annotations,
        clock,
    }
}

/// The prose annotations (no key) of `scope` and `target`, in file order.
pub fn prose(x: &Extras, scope: u64, target: u64) -> impl Iterator<Item = &str> {
    x.notes
        .iter()
        .filter(move |n| {
            n.scope == scope && n.target == target && n.key.is_none() && !n.value.is_empty()
        })
        .map(|n| n.value.as_str())
}
