//! Perft-style legal-result counts, pinned in data files.

use crate::perft_vectors;

use tavla::rules::gul_bara::GulBara;
use tavla::rules::options::GulBaraOptions;
use tavla::rules::{Roll, Rules, Side};

/// Given the 30 positions of `fixtures/gulbara/perft.txt`, when every roll is played as one
/// stage, then the number of distinct results (and steps, where fewer than all) matches.
#[test]
fn gul_bara_stage_counts_match_the_independent_vectors() {
    let rules = GulBara {
        options: GulBaraOptions::preset("bulgarian").unwrap(),
    };
    let (checked, failures) = perft_vectors::check(
        "fixtures/gulbara/perft.txt",
        |pos, _first, dice| rules.legal_plays(pos, Side::White, dice),
        None,
    );
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Given the positions of `fixtures/backgammon/perft.tsv` (counted by GNU Backgammon), the
/// number of distinct legal results of each roll matches.
#[test]
fn backgammon_legal_result_counts_match_gnubg() {
    use tavla::ids::gnubg::position_from_id;
    use tavla::rules::backgammon::Backgammon;
    use tavla::rules::options::BackgammonOptions;
    let text = std::fs::read_to_string("fixtures/backgammon/perft.tsv").expect("perft.tsv");
    let rules = Backgammon {
        options: BackgammonOptions::preset("backgammon").unwrap(),
    };
    let mut failures = Vec::new();
    let mut n = 0;
    for line in text.lines().skip(1) {
        let c: Vec<&str> = line.split('\t').collect();
        let pos = position_from_id(c[0], Side::White).expect("position id");
        let b = c[1].as_bytes();
        let roll = Roll {
            a: b[0] - b'0',
            b: b[1] - b'0',
        };
        let want: usize = c[2].parse().unwrap();
        let set = rules.legal_plays(&pos, Side::White, roll.stage());
        let got = if set.max_steps() == 0 { 0 } else { set.len() };
        if got != want {
            failures.push(format!(
                "{} {}: want {want}, got {got} ({})",
                c[0], c[1], c[3]
            ));
        }
        n += 1;
    }
    assert!(n >= 20);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
