//! Move generation: `Rules::legal_plays` (every distinct legal result of one stage) for a
//! few positions and rolls in both variants.
//!
//! Positions: the start position, a mid-game position taken from a committed record (of the
//! positions before the turns of game 1, the one with the most results for 4-2), and for Gul bara
//! the doublet stages of a 1-1 chain (four 1s, then four 2s, … four 6s).
//!
//! `cargo bench --bench movegen` (add `-- --quick` for a short run).

// The allocator of the `tavla` binary, so the figures match what users run.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use tavla::replay::{ActionTrace, Overrides, check};
use tavla::rules::backgammon::Backgammon;
use tavla::rules::gul_bara::GulBara;
use tavla::rules::options::{BackgammonOptions, GulBaraOptions};
use tavla::rules::{Position, Roll, Rules, Side, StageDice};

fn fixture(path: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A mid-game position of a valid record: of the positions before White's and Black's turns
/// in game 1, the one with the most distinct legal results for 4-2 (deterministic, and
/// never a trivial bear-off or a dance), with the side on roll there.
fn mid_game<R: Rules>(rules: &R, path: &str) -> (Position, Side) {
    let text = fixture(path);
    let v = check(tavla::notation::read(&text), &Overrides::default());
    assert_eq!(v.errors(), 0, "{path} must be valid: {:?}", v.findings);
    v.games[0]
        .actions
        .iter()
        .filter_map(|a| match a {
            ActionTrace::Turn {
                side,
                before,
                roll: Some(_),
                ..
            } => Some((*before, *side)),
            _ => None,
        })
        .max_by_key(|(pos, side)| rules.legal_plays(pos, *side, roll(4, 2)).len())
        .expect("game 1 has turns")
}

fn roll(a: u8, b: u8) -> StageDice {
    Roll { a, b }.stage()
}

fn bench_one<R: Rules>(
    c: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    rules: &R,
    pos: &Position,
    side: Side,
    dice: StageDice,
) {
    // Make sure the case is not trivial by accident.
    let n = rules.legal_plays(pos, side, dice).len();
    assert!(n > 0, "{name}: no legal play");
    c.bench_function(format!("{name} ({n} results)"), |b| {
        b.iter(|| {
            rules
                .legal_plays(black_box(pos), side, black_box(dice))
                .len()
        })
    });
}

fn bench_movegen(c: &mut Criterion) {
    let bg = Backgammon {
        options: BackgammonOptions::preset("backgammon").expect("preset"),
    };
    let gb = GulBara {
        options: GulBaraOptions::preset("bulgarian").expect("preset"),
    };

    let mut g = c.benchmark_group("movegen");
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));

    // Backgammon.
    let start = bg.start();
    for (a, b) in [(3, 1), (6, 5), (2, 2), (6, 6)] {
        bench_one(
            &mut g,
            &format!("backgammon/start/{a}{b}"),
            &bg,
            &start,
            Side::White,
            roll(a, b),
        );
    }
    let (mid, side) = mid_game(&bg, "fixtures/backgammon/gnubg/m005-0130.mat");
    for (a, b) in [(4, 2), (6, 1), (3, 3), (1, 1)] {
        bench_one(
            &mut g,
            &format!("backgammon/mid-game/{a}{b}"),
            &bg,
            &mid,
            side,
            roll(a, b),
        );
    }

    // Gul bara.
    let start = gb.start();
    for (a, b) in [(3, 1), (6, 5), (1, 1)] {
        bench_one(
            &mut g,
            &format!("gul-bara/start/{a}{b}"),
            &gb,
            &start,
            Side::White,
            roll(a, b),
        );
    }
    let (mid, side) = mid_game(
        &gb,
        "fixtures/gulbara/examples/gulbara-bulgarian-remainders.mat",
    );
    for (a, b) in [(6, 5), (4, 2), (1, 1), (4, 4)] {
        bench_one(
            &mut g,
            &format!("gul-bara/mid-game/{a}{b}"),
            &gb,
            &mid,
            side,
            roll(a, b),
        );
    }
    // The six doublet stages of a 1-1 chain from the mid-game position, each generated from
    // the position the previous stage's first legal result reached.
    let mut chain = Vec::new();
    let mut pos = mid;
    for value in 1..=6 {
        let dice = StageDice::Double { value, count: 4 };
        let set = gb.legal_plays(&pos, side, dice);
        assert!(!set.is_empty(), "chain stage {value}: no legal play");
        chain.push((pos, dice));
        if let Some(next) = set.positions().first() {
            pos = *next;
        }
    }
    g.bench_function("gul-bara/mid-game/chain-11-to-66", |b| {
        b.iter(|| {
            chain
                .iter()
                .map(|(p, d)| gb.legal_plays(black_box(p), side, *d).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
