//! `tavla lsp`: what an editor waits for after a keystroke.
//!
//! - `lsp/edit-recheck-diagnostics/legal`: a 50-game generated money session; one turn's play
//!   rewritten (its two steps swapped: still legal), the change applied as the client sends it
//!   (a range of the text), the document re-checked (the games around the edit) and its
//!   diagnostics built.
//! - `lsp/edit-recheck-diagnostics/illegal`: the same edit making the play illegal (a digit
//!   changed), so the check also searches the confirmed repair.
//! - `lsp/completion/cached`: the legal plays after the dice of a turn in game 25, the replay
//!   traces already made (a second completion without an edit).
//! - `lsp/completion/after-edit`: the same right after an edit of that turn's game (another
//!   turn's play rewritten and re-checked, untimed): the boards of the window the edit was
//!   re-checked in serve it.
//! - `lsp/completion/after-edit-elsewhere`: the same after an edit of game 40: the game of the
//!   completion is replayed (with the one before it) first.
//!
//! `cargo bench --bench lsp` (add `-- --quick` for a short run).

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lsp_types::{Position, TextDocumentContentChangeEvent, Uri};
use tavla::generate::{Settings, random_match};
use tavla::lsp::{Document, complete, diagnostics};
use tavla::rules::{RuleSet, Variant};

/// A 50-game money session of backgammon.
fn record() -> String {
    let mut st = Settings::new(RuleSet::default_for(Variant::Backgammon), 0);
    st.money_games = 50;
    random_match(&st, 1_000_003)
}

/// The byte offset of the first turn cell `dd: a/b c/d` (two plain steps) of game 25, and
/// the cell's play.
fn a_turn(t: &str, n: usize) -> (usize, String) {
    let game = t.find(&format!(" Game {n}\n")).expect("game");
    for line in t[game..].lines().skip(3) {
        let Some(colon) = line.find(": ") else {
            continue;
        };
        let rest = &line[colon + 2..];
        let play: String = rest.split("  ").next().unwrap_or("").trim().to_string();
        let steps: Vec<&str> = play.split(' ').collect();
        if steps.len() == 2
            && steps
                .iter()
                .all(|s| s.split('/').count() == 2 && !s.contains('*'))
        {
            let at = game + t[game..].find(line).expect("line") + colon + 2;
            return (at, play);
        }
    }
    panic!("no plain two-step turn in game {n}");
}

fn change(doc: &Document, at: usize, old: &str, new: &str) -> TextDocumentContentChangeEvent {
    let range = doc.range(tavla::Span::new(at, old.len()));
    TextDocumentContentChangeEvent {
        range: Some(range),
        range_length: None,
        text: new.to_string(),
    }
}

fn bench(c: &mut Criterion) {
    let t = record();
    let uri: Uri = "file:///bench/session.mat".parse().expect("uri");
    let (at, play) = a_turn(&t, 25);
    let steps: Vec<&str> = play.split(' ').collect();
    let swapped = format!("{} {}", steps[1], steps[0]);
    // An illegal play: the first step's origin one point away.
    let illegal = {
        let (from, to) = steps[0].split_once('/').expect("step");
        let from: u8 = from.parse().expect("point");
        let from = if from > 1 { from - 1 } else { from + 1 };
        format!("{from}/{to} {}", steps[1])
    };
    let mut g = c.benchmark_group("lsp");
    g.sample_size(20);
    for (name, edited) in [("legal", &swapped), ("illegal", &illegal)] {
        let mut doc = Document::new("session.mat", t.clone());
        let there = change(&doc, at, &play, edited);
        let back_doc = {
            let mut d = Document::new("session.mat", t.clone());
            d.edit(vec![there.clone()]);
            d
        };
        let back = change(&back_doc, at, edited, &play);
        let mut forth = true;
        g.bench_function(format!("edit-recheck-diagnostics/{name}"), |b| {
            b.iter(|| {
                let c = if forth { there.clone() } else { back.clone() };
                forth = !forth;
                doc.edit(vec![c]);
                black_box(diagnostics::diagnostics(&doc, &uri).len())
            })
        });
    }
    let doc = Document::new("session.mat", t.clone());
    let pos = doc.lines.position(&doc.text, at);
    let pos = Position::new(pos.line, pos.character);
    assert!(
        !complete::completions(&doc, pos).is_empty(),
        "no completion"
    );
    g.bench_function("completion/cached", |b| {
        b.iter(|| black_box(complete::completions(&doc, pos).len()))
    });
    // A completion right after an edit of the same game (the edit's re-check not timed: it is
    // the entries above), then after an edit of another game.
    for (name, game) in [("after-edit", 25), ("after-edit-elsewhere", 40)] {
        let mut d = Document::new("session.mat", t.clone());
        let (eat, eplay) = a_turn(&t, game);
        let steps: Vec<&str> = eplay.split(' ').collect();
        let swapped = format!("{} {}", steps[1], steps[0]);
        let mut forth = true;
        g.bench_function(format!("completion/{name}"), |b| {
            b.iter_custom(|iters| {
                let mut spent = std::time::Duration::ZERO;
                for _ in 0..iters {
                    let (old, new) = if forth {
                        (&eplay, &swapped)
                    } else {
                        (&swapped, &eplay)
                    };
                    forth = !forth;
                    let c = change(&d, eat, old, new);
                    d.edit(vec![c]);
                    let t0 = std::time::Instant::now();
                    black_box(complete::completions(&d, pos).len());
                    spent += t0.elapsed();
                }
                spent
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
