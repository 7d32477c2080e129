//! Perft-style legal-result counts of Tapa (`tapa.md` §3, §11), pinned in a data file computed by
//! an independent reference implementation.

use crate::perft_vectors;

use tavla::rules::tapa::{Outcome, Tapa, outcome};
use tavla::rules::{Position, Rules, Side};

/// Given the 30 positions of `tapa-perft.txt` (pins, pinned mothers, pinned checkers at home,
/// bear-offs), when every roll is played as one stage, then the number of distinct results, the
/// dice the best plays use (a game-ending play counting as all of them) and the number of
/// results that end the game all match.
#[test]
fn tapa_stage_counts_match_the_independent_vectors() {
    let rules = Tapa::default();
    let (checked, failures) = perft_vectors::check(
        "fixtures/tapa/perft.txt",
        |pos, _first, dice| rules.legal_plays(pos, Side::White, dice),
        Some(&|p: &Position| outcome(p) != Outcome::Running),
    );
    assert_eq!(checked, 30 * 21);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
