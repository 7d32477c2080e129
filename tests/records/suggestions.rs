//! The nearest legal plays offered for an illegal play: on single-step mutants of valid
//! records (one step's destination moved by ±1 or ±2 so that the play becomes illegal), the
//! original play is first in at least 90 % of the mutants, and nearly always among the
//! suggestions (the figures are in the README, "What it checks"); and on single-defect
//! mutants of every kind a writer makes, in every game (`kinds/mod.rs`), the meant play is
//! first in at least 90 % and among the first three in at least 97 %, with the rates per game
//! and kind printed as a table (`docs/repairs.md`).

use crate::mutants;

use crate::common::{files, line_of};
use mutants::{StepMutant, positions_on, step_mutants};

use tavla::replay::{Finding, Overrides, Severity, check, check_findings};

/// Accuracy of the first suggestion: (mutants, original first, original among suggestions).
fn measure(dirs: &[&str], stride: usize) -> (usize, usize, usize) {
    let o = Overrides::default();
    let (mut mutants, mut first, mut among) = (0, 0, 0);
    step_mutants(dirs, stride, |m| {
        let StepMutant {
            path,
            text: _,
            original,
            mutant,
            line,
        } = m;
        let v = check_findings(tavla::notation::read(&mutant), &o);
        let Some(f) = v.findings.iter().find(|f| f.severity == Severity::Error) else {
            return; // still legal: not a mutant of this kind
        };
        if line_of(&mutant, f.span.offset) != line {
            return;
        }
        let Some(s) = suggestion_list(f) else {
            return;
        };
        mutants += 1;
        let want = positions_on(original, line);
        let found = s.1.iter().position(|play| {
            let repaired = format!("{}{play}{}", &mutant[..s.0.0], &mutant[s.0.1..]);
            positions_on(&check(tavla::notation::read(&repaired), &o), line) == want
        });
        match found {
            Some(0) => {
                first += 1;
                among += 1;
            }
            Some(i) => {
                among += 1;
                if std::env::var_os("TAVLA_SHOW").is_some() {
                    eprintln!(
                        "{}:{line}: #{i} {:?} in {:?}",
                        path.display(),
                        &mutant[s.0.0..s.0.1],
                        s.1
                    );
                }
            }
            None => eprintln!(
                "{}:{line}: the original is not among {:?}",
                path.display(),
                s.1
            ),
        }
    });
    (mutants, first, among)
}

/// The byte range a suggestion replaces and the suggested plays.
fn suggestion_list(f: &Finding) -> Option<((usize, usize), Vec<String>)> {
    let s = f.suggestions.as_ref()?;
    Some(((s.span.offset, s.span.end()), s.plays.clone()))
}

#[test]
fn the_first_suggestion_is_the_original_play_in_at_least_90_percent_of_single_step_mutants() {
    let (bm, bf, ba) = measure(&["fixtures/backgammon/gnubg"], 37);
    let (gm, gf, ga) = measure(&["fixtures/gulbara/valid"], 5);
    let pct = |a: usize, n: usize| 100.0 * a as f64 / n.max(1) as f64;
    eprintln!(
        "backgammon: {bm} mutants, first {:.1} %, among {:.1} %; Gul bara: {gm} mutants, first {:.1} %, among {:.1} %; all: {} mutants, first {:.1} %, among {:.1} %",
        pct(bf, bm),
        pct(ba, bm),
        pct(gf, gm),
        pct(ga, gm),
        bm + gm,
        pct(bf + gf, bm + gm),
        pct(ba + ga, bm + gm),
    );
    assert!(bm >= 250 && gm >= 250, "{bm} + {gm} mutants");
    assert!(pct(bf + gf, bm + gm) >= 90.0);
    assert!(pct(bf, bm) >= 90.0 && pct(gf, gm) >= 90.0);
    // The original is nearly always among the (at most five) suggestions.
    assert!(pct(ba + ga, bm + gm) >= 97.0);
}

use crate::kinds;

use kinds::{Kind, Turn, candidates, is_meant, judged_kind, render, turns};
use std::collections::BTreeMap;
use tavla::replay::referee::{check_play, legal_plays, nearest_plays};

/// The candidate mutants of each game and kind: (record, turn, the mutated play).
type Groups = BTreeMap<(String, Kind), Vec<(usize, Turn, String)>>;

/// At most this many mutants of one kind in one game (evenly spread over the candidates).
const PER_KIND: usize = 120;

/// What one mutant showed: where the meant play stood among the record's suggestions, and
/// among the referee's nearest plays alone (without the confirmed repair), and whether a
/// repair was confirmed.
struct Outcome {
    record: Option<usize>,
    ranking: Option<usize>,
    repaired: bool,
}

fn outcome(text: &str, t: &Turn, play: &str) -> Outcome {
    let mutant = format!("{}{play}{}", &text[..t.span.0], &text[t.span.1..]);
    let v = check_findings(tavla::notation::read(&mutant), &Overrides::default());
    let f = v.findings.iter().find(|f| {
        f.severity == Severity::Error
            && f.rests_on.is_none()
            && line_of(&mutant, f.span.offset) == t.line
    });
    let plays: Vec<String> = f
        .and_then(|f| f.suggestions.as_ref())
        .map(|s| s.plays.clone())
        .unwrap_or_default();
    let record = plays.iter().position(|p| is_meant(t, p));
    if record.is_none() && std::env::var_os("TAVLA_SHOW").is_some() {
        eprintln!("line {}: {play:?} -> {plays:?}", t.line);
    }
    let parsed = tavla::notation::parse_play(play).expect("a mutant parses");
    let ranking = check_play(&t.rules, &t.before, t.side, t.dice, &parsed)
        .err()
        .and_then(|p| {
            let set = legal_plays(&t.rules, &t.before, t.side, t.dice);
            nearest_plays(&set, &p.segments, 3)
                .iter()
                .position(|(q, _)| *q == t.after)
        });
    Outcome {
        record,
        ranking,
        repaired: f.is_some_and(|f| f.repair.is_some()),
    }
}

/// Counts of one group: mutants, meant play first, among the first three (record, then the
/// ranking alone), repaired.
#[derive(Default, Clone, Copy)]
struct Rates {
    n: usize,
    first: usize,
    top3: usize,
    rank_first: usize,
    rank_top3: usize,
    repaired: usize,
}

impl Rates {
    fn add(&mut self, o: &Outcome) {
        self.n += 1;
        self.first += usize::from(o.record == Some(0));
        self.top3 += usize::from(o.record.is_some_and(|i| i < 3));
        self.rank_first += usize::from(o.ranking == Some(0));
        self.rank_top3 += usize::from(o.ranking.is_some_and(|i| i < 3));
        self.repaired += usize::from(o.repaired);
    }
    fn merge(&mut self, o: &Rates) {
        self.n += o.n;
        self.first += o.first;
        self.top3 += o.top3;
        self.rank_first += o.rank_first;
        self.rank_top3 += o.rank_top3;
        self.repaired += o.repaired;
    }
    fn pct(a: usize, n: usize) -> f64 {
        100.0 * a as f64 / n.max(1) as f64
    }
    fn row(&self, game: &str, kind: &str) -> String {
        format!(
            "| {game:<10} | {kind:<26} | {:>4} | {:>5.1} | {:>5.1} | {:>5.1} | {:>5.1} | {:>5.1} |",
            self.n,
            Self::pct(self.first, self.n),
            Self::pct(self.top3, self.n),
            Self::pct(self.rank_first, self.n),
            Self::pct(self.rank_top3, self.n),
            Self::pct(self.repaired, self.n),
        )
    }
}

/// Single-defect mutants of every kind a writer makes (`kinds.rs`), from the valid records
/// of every game: the record's first suggestion is the meant play (the same resulting
/// position) in at least 90 % of them, and the meant play is among the first three in at
/// least 97 %. The table gives the rates per game and kind, for the record (with confirmed
/// repairs first) and for the ranking of the nearest plays alone.
#[test]
fn the_meant_play_leads_the_suggestions_for_every_kind_of_defect_in_every_game() {
    let dirs = [
        "fixtures/backgammon/gnubg",
        "fixtures/gulbara/valid",
        "fixtures/gulbara/examples",
        "fixtures/tapa/examples",
        "fixtures/longnardy/examples",
        "fixtures/fevga/examples",
    ];
    // (game, kind) -> the candidate mutants: (file text index, turn, play).
    let mut texts: Vec<String> = Vec::new();
    let mut groups: Groups = BTreeMap::new();
    for dir in dirs {
        for path in files(dir, "mat") {
            let text = std::fs::read_to_string(&path).unwrap();
            let v = check(tavla::notation::read(&text), &Overrides::default());
            if v.errors() > 0 {
                continue;
            }
            let ti = texts.len();
            for t in turns(&text, &v) {
                for (wanted, paths) in candidates(&t) {
                    let play = render(&paths);
                    if let Some(k) = judged_kind(&t, &play, &wanted) {
                        let game = t.rules.variant().title().to_string();
                        groups
                            .entry((game, k))
                            .or_default()
                            .push((ti, t.clone(), play));
                    }
                }
            }
            texts.push(text);
        }
    }
    let mut table: BTreeMap<(String, Kind), Rates> = BTreeMap::new();
    for (key, all) in &groups {
        let stride = all.len().div_ceil(PER_KIND).max(1);
        let r = table.entry(key.clone()).or_default();
        for (ti, t, play) in all.iter().step_by(stride) {
            r.add(&outcome(&texts[*ti], t, play));
        }
    }
    let head = "| game       | kind                       |    n | first |  top3 | rank1 | rank3 | repair |";
    let mut lines = vec![
        head.to_string(),
        "|---|---|---:|---:|---:|---:|---:|---:|".to_string(),
    ];
    let mut per_kind: BTreeMap<Kind, Rates> = BTreeMap::new();
    let mut all = Rates::default();
    for ((game, kind), r) in &table {
        lines.push(r.row(game, kind.name()));
        per_kind.entry(*kind).or_default().merge(r);
        all.merge(r);
    }
    for kind in Kind::ALL {
        if let Some(r) = per_kind.get(&kind) {
            lines.push(r.row("all", kind.name()));
        }
    }
    lines.push(all.row("all", "all kinds"));
    eprintln!("{}", lines.join("\n"));
    // Every kind arises, and every game has mutants.
    for kind in Kind::ALL {
        assert!(per_kind.get(&kind).is_some_and(|r| r.n >= 20), "{kind:?}");
    }
    for game in ["backgammon", "Gul bara", "Tapa", "Long nardy", "Fevga"] {
        let n: usize = table
            .iter()
            .filter(|((g, _), _)| g == game)
            .map(|(_, r)| r.n)
            .sum();
        assert!(n >= 50, "{game}: {n} mutants");
    }
    assert!(
        Rates::pct(all.first, all.n) >= 90.0,
        "first {}/{}",
        all.first,
        all.n
    );
    assert!(
        Rates::pct(all.top3, all.n) >= 97.0,
        "top three {}/{}",
        all.top3,
        all.n
    );
}
