//! The registry of diagnostic codes: every code tavla can emit, with a one-line summary.
//! `tests/codes.rs` checks that every code in the sources is listed here.

/// A diagnostic code and what it means.
#[derive(Copy, Clone, Debug)]
pub struct CodeInfo {
    /// The stable code.
    pub code: &'static str,
    /// What it means, in one line.
    pub summary: &'static str,
}

macro_rules! codes {
    ($($code:literal => $summary:literal,)*) => {
        /// Every diagnostic code.
        pub const CODES: &[CodeInfo] = &[$(CodeInfo { code: $code, summary: $summary },)*];
    };
}

codes! {
    "tavla::parse::unknown-line" => "A line that is none of: header, match length, game, score, turn or result line.",
    "tavla::parse::bad-step" => "A step token that is not FROM/TO with points 1-24, bar or off.",
    "tavla::parse::bad-dice" => "A roll that is not two digits 1-6, or a chain/remainder stage that is not a doublet.",
    "tavla::parse::number-too-large" => "A number too large to be meaningful (game, score, points, cube).",
    "tavla::parse::bad-cube-action" => "`Doubles`, `Beavers` or `Raccoons` without `=> N`.",
    "tavla::parse::bad-result" => "`Wins` or `Losses` without a number of points.",
    "tavla::parse::unexpected-token" => "A token that belongs to no cell: steps without a roll, or an unknown word.",
    "tavla::parse::misplaced-stage" => "A `+nn:` chain stage with no roll before it in the cell.",
    "tavla::parse::too-many-cells" => "More than two cells on one line.",
    "tavla::parse::misplaced-line" => "A line outside its place: a score line after turns, turns before `Game N`, a second match length.",
    "tavla::parse::invalid-utf8" => "Bytes that are not UTF-8.",
    "tavla::parse::line-too-long" => "A line longer than 64 KiB: reported and not read.",
    "tavla::parse::syntax" => "Any other syntax error.",
    "tavla::io::unreadable" => "A file or directory that cannot be read (the run continues and exits 2).",
    "tavla::record::unsupported-variant" => "The `Variation` header names a game tavla does not check.",
    "tavla::record::bad-rule-option" => "A `Rules`, `Rule`, `Crawford`, `Jacoby`, `Beaver` or `CubeLimit` value that is not valid.",
    "tavla::record::no-games" => "A file with no ` Game N` line: nothing was checked (a warning).",
    "tavla::record::no-match-length" => "No `N point match` line: read as a money session.",
    "tavla::record::game-number" => "Games not numbered 1, 2, 3, …",
    "tavla::record::after-match-end" => "A game after a player already reached the match length.",
    "tavla::record::draw" => "A record that claims a draw (Gul bara has none).",
    "tavla::record::score-mismatch" => "A score line that is not the previous scores plus the results.",
    "tavla::record::no-score-line" => "A game without its score line.",
    "tavla::record::not-checked" => "Note: the rest of a game was not checked because of a syntax error.",
    "tavla::record::turn-number" => "Turn lines not numbered 1, 2, 3, … within a game.",
    "tavla::record::after-game-end" => "An entry after the game ended.",
    "tavla::record::turn-order" => "A player acting out of turn.",
    "tavla::record::unanswered-double" => "A roll while a double is still unanswered.",
    "tavla::record::missing-remainder" => "A passed remainder not played before the receiver's roll.",
    "tavla::record::wrong-remainder" => "A received stage with the wrong number.",
    "tavla::record::unexpected-remainder" => "A received stage when no remainder (or less) was passed.",
    "tavla::record::missing-roll" => "A turn cell without its roll.",
    "tavla::record::unexpected-stage" => "A chain stage that is not due (exempt window, after a short stage, after 6s, after the game ended).",
    "tavla::record::missing-stage" => "A due chain stage that is not written.",
    "tavla::record::wrong-stage" => "A chain stage with the wrong number.",
    "tavla::record::wrong-starter" => "A game started by the wrong player.",
    "tavla::record::opening-doublet" => "An opening roll that is a doublet.",
    "tavla::record::writer-illegal-play" => "The writing program recorded an illegal play (`Illegal play (…)`).",
    "tavla::record::unknown-play" => "`????` where the game goes on.",
    "tavla::record::cannot-move-with-steps" => "`Cannot Move` together with steps.",
    "tavla::record::forced-play-omitted" => "An empty cell where exactly one play was legal (applied).",
    "tavla::record::hit-mark" => "In a file that marks hits, a hit without `*` or a `*` without a hit.",
    "tavla::record::wrong-winner" => "`Wins` in the column of the player who did not win.",
    "tavla::record::wins-mismatch" => "A `Wins` value that disagrees with the final position and cube.",
    "tavla::record::bad-resignation" => "A resignation worth a value no resignation can have.",
    "tavla::record::losses-mismatch" => "A `Losses` value that disagrees with the `Wins` beside it.",
    "tavla::record::match-end-mark" => "`and the match` on a game that does not end the match.",
    "tavla::record::game-unfinished" => "A game without a result: the record ends while it runs.",
    "tavla::record::missing-result" => "A finished game without its `Wins` line.",
    "tavla::rules::no-bar" => "A bar step in Gul bara, which has no bar.",
    "tavla::rules::no-hitting" => "A `*` hit mark in Gul bara, which has no hitting.",
    "tavla::rules::dance-not-justified" => "A roll written without steps although a step was possible.",
    "tavla::rules::forced-play" => "A play that uses fewer dice than possible.",
    "tavla::rules::larger-die" => "Only one die playable, and the smaller one was played.",
    "tavla::rules::too-many-steps" => "More steps than the dice allow.",
    "tavla::rules::no-die" => "A step whose distance no remaining die (or dice) makes.",
    "tavla::rules::no-checker" => "A step from a point where the mover has no checker.",
    "tavla::rules::blocked" => "A step onto a point the opponent holds.",
    "tavla::rules::blocked-path" => "A combined move through a point the opponent holds.",
    "tavla::rules::must-enter" => "A move while a checker is on the bar.",
    "tavla::rules::bear-off-not-home" => "Bearing off before all checkers are home.",
    "tavla::rules::bear-off-higher" => "Bearing off with a larger die while a checker stands higher.",
    "tavla::rules::ambiguous-path" => "A combined move that can only pass by an unwritten hit.",
    "tavla::rules::illegal-play" => "Steps that cannot all be played with the roll in any order.",
    "tavla::rules::no-cube" => "A cube action where there is no cube.",
    "tavla::rules::double-twice" => "A double while another double is open.",
    "tavla::rules::early-double" => "A double before the opening roll.",
    "tavla::rules::crawford-double" => "A double in the Crawford game.",
    "tavla::rules::double-not-owner" => "A double by the player who does not own the cube.",
    "tavla::rules::cube-value" => "A cube value that is not twice the current one.",
    "tavla::rules::answer-without-double" => "`Takes`, `Drops` or `Beavers` with no double to answer.",
    "tavla::rules::beaver-not-allowed" => "A beaver outside money play with beavers, or by the doubler.",
    "tavla::rules::raccoon-not-allowed" => "A raccoon that does not follow a beaver.",
}

/// Look a code up (with or without the `tavla::` prefix).
pub fn lookup(code: &str) -> Option<&'static CodeInfo> {
    CODES
        .iter()
        .find(|c| c.code == code || c.code.strip_prefix("tavla::") == Some(code))
}
