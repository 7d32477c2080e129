//! Perft-style legal-result counts of Long nardy (`federation`) and Fevga (`greek`), pinned
//! in the data files of `long-nardy.md` §9 and `fevga.md` §9.

use crate::perft_vectors;

use tavla::rules::fevga::{Fevga, FevgaOptions};
use tavla::rules::long_nardy::{LongNardy, LongNardyOptions};
use tavla::rules::{Rules, Side};

/// Given the 30 positions of `long-nardy-perft.txt` (x to move, `first` marking x's first
/// roll), when every roll is played under `federation`, then the number of distinct results
/// and of dice played match the independent vectors.
#[test]
fn long_nardy_counts_match_the_independent_vectors() {
    let rules = LongNardy {
        options: LongNardyOptions::preset("federation").unwrap(),
    };
    let (checked, failures) = perft_vectors::check(
        "fixtures/longnardy/perft.txt",
        |pos, first, dice| {
            rules
                .on_first_roll(first)
                .legal_plays(pos, Side::White, dice)
        },
        None,
    );
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Given the 30 positions of `fevga-perft.txt`, when every roll is played under `greek`,
/// then the counts match the independent vectors.
#[test]
fn fevga_counts_match_the_independent_vectors() {
    let rules = Fevga {
        options: FevgaOptions::preset("greek").unwrap(),
    };
    let (checked, failures) = perft_vectors::check(
        "fixtures/fevga/perft.txt",
        |pos, _first, dice| rules.legal_plays(pos, Side::White, dice),
        None,
    );
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
