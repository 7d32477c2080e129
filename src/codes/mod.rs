//! Every diagnostic code tavla can emit, as one enum: [`Code`]. Each code is written once in
//! the table below, with its stable string, its one-line summary and its long explanation (for
//! `tavla explain` and SARIF rule help); the explanations' text stands in `explanations/`, a
//! file per group of namespaces.
//!
//! This module sits below every layer (it knows no text, rules or output), so `notation`,
//! `record`, `replay` and `report` all name codes by their variant.
//!
//! Each explanation says what the rule is (with the section of `gul-bara.md`,
//! `backgammon.md` or `records.md` that states it), what tavla checks, how to fix the record,
//! and ends with a short example excerpt of a record that shows the problem.

mod explanations;

use std::fmt;
use std::str::FromStr;

use explanations::{files, parse, record, rules};

macro_rules! codes {
    ($(
        $variant:ident = $code:literal,
        summary: $summary:literal,
        explanation: $explanation:expr;
    )*) => {
        /// A diagnostic code. Its string ([`Code::as_str`]) is stable and is what every output
        /// format shows; the variant's documentation is its summary.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $(
                #[doc = $summary]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in registry order (the order of SARIF's rule list).
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable code, e.g. `tavla::rules::blocked`.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $code,)*
                }
            }

            /// What the code means, in one line.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Code::$variant => $summary,)*
                }
            }

            /// The long explanation: the rule, what tavla checks, how to fix the record, and
            /// (for most codes) an example excerpt.
            pub const fn explanation(self) -> &'static str {
                match self {
                    $(Code::$variant => $explanation,)*
                }
            }
        }
    };
}

impl Code {
    /// The code's position in [`Code::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Look a code up by its string, with or without the `tavla::` prefix
    /// (`tavla::rules::blocked` or `rules::blocked`).
    ///
    /// ```
    /// use tavla::codes::Code;
    /// assert_eq!(Code::lookup("rules::blocked"), Some(Code::Blocked));
    /// assert_eq!(Code::lookup("tavla::rules::blocked"), Some(Code::Blocked));
    /// assert_eq!(Code::lookup("blocked"), None);
    /// ```
    pub fn lookup(code: &str) -> Option<Code> {
        let full = code.strip_prefix("tavla::").unwrap_or(code);
        Code::ALL
            .iter()
            .copied()
            .find(|c| c.as_str().strip_prefix("tavla::") == Some(full))
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The error of [`Code::from_str`]: no code has this string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCode(pub String);

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown code `{}`", self.0)
    }
}

impl std::error::Error for UnknownCode {}

impl FromStr for Code {
    type Err = UnknownCode;

    /// As [`Code::lookup`].
    fn from_str(s: &str) -> Result<Code, UnknownCode> {
        Code::lookup(s).ok_or_else(|| UnknownCode(s.to_owned()))
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

codes! {
    UnknownLine = "tavla::parse::unknown-line",
    summary: "A line that is none of: header, match length, game, score, turn or result line.",
    explanation: parse::UNKNOWN_LINE;

    BadStep = "tavla::parse::bad-step",
    summary: "A step token that is not FROM/TO with points 1-24, bar or off.",
    explanation: parse::BAD_STEP;

    BadLetterPlay = "tavla::parse::bad-letter-play",
    summary: "A single play in the board-letter form that cannot be read.",
    explanation: parse::BAD_LETTER_PLAY;

    BadPoint = "tavla::parse::bad-point",
    summary: "A point of the board-letter form outside 1-12 and 1A-12A.",
    explanation: parse::BAD_POINT;

    BadDice = "tavla::parse::bad-dice",
    summary: "A roll that is not two digits 1-6, or a chain/remainder stage that is not a doublet.",
    explanation: parse::BAD_DICE;

    NumberTooLarge = "tavla::parse::number-too-large",
    summary: "A number too large to be meaningful (game, score, points, cube).",
    explanation: parse::NUMBER_TOO_LARGE;

    BadCubeAction = "tavla::parse::bad-cube-action",
    summary: "`Doubles`, `Beavers` or `Raccoons` without `=> N`.",
    explanation: parse::BAD_CUBE_ACTION;

    BadResult = "tavla::parse::bad-result",
    summary: "`Wins` or `Losses` without a number of points.",
    explanation: parse::BAD_RESULT;

    UnexpectedToken = "tavla::parse::unexpected-token",
    summary: "A token that belongs to no cell: steps without a roll, or an unknown word.",
    explanation: parse::UNEXPECTED_TOKEN;

    MisplacedStage = "tavla::parse::misplaced-stage",
    summary: "A `+nn:` chain stage with no roll before it in the cell.",
    explanation: parse::MISPLACED_STAGE;

    TooManyCells = "tavla::parse::too-many-cells",
    summary: "More than two cells on one line.",
    explanation: parse::TOO_MANY_CELLS;

    JoinedLines = "tavla::parse::joined-lines",
    summary: "A second line label (`N)`) on a turn line: two lines written as one.",
    explanation: parse::JOINED_LINES;

    MisplacedLine = "tavla::parse::misplaced-line",
    summary: "A line outside its place: a score line after turns, turns before `Game N`, a second match length.",
    explanation: parse::MISPLACED_LINE;

    InvalidUtf8 = "tavla::parse::invalid-utf8",
    summary: "Bytes that are not UTF-8.",
    explanation: parse::INVALID_UTF8;

    LineTooLong = "tavla::parse::line-too-long",
    summary: "A line longer than 64 KiB: reported and not read.",
    explanation: parse::LINE_TOO_LONG;

    Syntax = "tavla::parse::syntax",
    summary: "Any other syntax error.",
    explanation: parse::SYNTAX;

    SgfSyntax = "tavla::parse::sgf-syntax",
    summary: "SGF that cannot be read: the node it stands in is skipped.",
    explanation: parse::SGF_SYNTAX;

    SgfValue = "tavla::parse::sgf-value",
    summary: "An SGF move, result or game that gnubg's SGF cannot hold.",
    explanation: parse::SGF_VALUE;

    SgfVariation = "tavla::record::sgf-variation",
    summary: "An SGF game with variations: only the first is read, as gnubg does.",
    explanation: record::SGF_VARIATION;

    SgfSetup = "tavla::record::sgf-setup",
    summary: "An SGF setup node (AE AW AB PL CV CP DI): the game is not checked past it.",
    explanation: record::SGF_SETUP;

    Unreadable = "tavla::io::unreadable",
    summary: "A file or directory that cannot be read (the run continues and exits 2).",
    explanation: files::UNREADABLE;

    NotText = "tavla::io::not-text",
    summary: "A file that is not a text match record (an image, an archive, a program): one error.",
    explanation: files::NOT_TEXT;

    NoRecords = "tavla::io::no-records",
    summary: "A run that found no record to check (exit 2 unless `--allow-empty`).",
    explanation: files::NO_RECORDS;

    XgBadMagic = "tavla::xg::bad-magic",
    summary: "A file read as eXtreme Gammon's that does not start with `RGMH`.",
    explanation: files::XG_BAD_MAGIC;

    XgBadHeader = "tavla::xg::bad-header",
    summary: "An `RGMH` header with a version or size XG never writes.",
    explanation: files::XG_BAD_HEADER;

    XgTruncated = "tavla::xg::truncated",
    summary: "An XG file that ends inside its header, thumbnail, archive or a record.",
    explanation: files::XG_TRUNCATED;

    XgBadCrc = "tavla::xg::bad-crc",
    summary: "An XG archive or member whose CRC-32 does not match its content.",
    explanation: files::XG_BAD_CRC;

    XgBadRegistry = "tavla::xg::bad-registry",
    summary: "An XG archive registry that overruns its data or lacks `temp.xg`.",
    explanation: files::XG_BAD_REGISTRY;

    XgTooLarge = "tavla::xg::too-large",
    summary: "An XG member larger than tavla reads (64 MiB).",
    explanation: files::XG_TOO_LARGE;

    XgBadMember = "tavla::xg::bad-member",
    summary: "An XG member that is not a valid zlib stream or has the wrong size.",
    explanation: files::XG_BAD_MEMBER;

    XgBadRecord = "tavla::xg::bad-record",
    summary: "A record of `temp.xg` that XG does not write (type, player, dice, move, place).",
    explanation: files::XG_BAD_RECORD;

    XgMarkedInvalid = "tavla::xg::marked-invalid",
    summary: "A play or cube decision that XG itself marked invalid.",
    explanation: files::XG_MARKED_INVALID;

    OgxmBadHeader = "tavla::ogxm::bad-header",
    summary: "A file read as OGXM whose header is not OGXM's.",
    explanation: files::OGXM_BAD_HEADER;

    OgxmTruncated = "tavla::ogxm::truncated",
    summary: "An OGXM file shorter than its header says, or without `END!`.",
    explanation: files::OGXM_TRUNCATED;

    OgxmBadChecksum = "tavla::ogxm::bad-checksum",
    summary: "An OGXM `CSUM` checksum that does not match the bytes before it.",
    explanation: files::OGXM_BAD_CHECKSUM;

    OgxmCriticalSection = "tavla::ogxm::unknown-critical-section",
    summary: "An OGXM section marked critical that this reader does not know.",
    explanation: files::OGXM_CRITICAL_SECTION;

    OgxmBadRecord = "tavla::ogxm::bad-record",
    summary: "An OGXM section or record that overruns its length or holds a value OGXM never writes.",
    explanation: files::OGXM_BAD_RECORD;

    OgxmUnsupported = "tavla::ogxm::unsupported",
    summary: "OGXM content tavla reads but cannot check: a newer version, another variant, a board set by hand.",
    explanation: files::OGXM_UNSUPPORTED;

    OgxmBadSignature = "tavla::ogxm::bad-signature",
    summary: "An OGXM Ed25519 signature (`MSIG` or `SIGN`) that does not verify.",
    explanation: files::OGXM_BAD_SIGNATURE;

    OgxmUnknownKey = "tavla::ogxm::unknown-key",
    summary: "An OGXM signature whose key is not among the publishers' keys given.",
    explanation: files::OGXM_UNKNOWN_KEY;

    OgxmBadMember = "tavla::ogxm::bad-member",
    summary: "A member of an OGXM stream that does not frame or verify.",
    explanation: files::OGXM_BAD_MEMBER;

    UnsupportedVariant = "tavla::record::unsupported-variant",
    summary: "The `Variation` header names a game tavla does not check.",
    explanation: record::UNSUPPORTED_VARIANT;

    BadRuleOption = "tavla::record::bad-rule-option",
    summary: "A `Rules`, `Rule`, `Crawford`, `Jacoby`, `Beaver` or `CubeLimit` value that is not valid.",
    explanation: record::BAD_RULE_OPTION;

    NoGames = "tavla::record::no-games",
    summary: "A file with no ` Game N` line: nothing was checked (a warning).",
    explanation: record::NO_GAMES;

    NoMatchLength = "tavla::record::no-match-length",
    summary: "No `N point match` line: read as a money session.",
    explanation: record::NO_MATCH_LENGTH;

    GameNumber = "tavla::record::game-number",
    summary: "Games not numbered 1, 2, 3, …",
    explanation: record::GAME_NUMBER;

    AfterMatchEnd = "tavla::record::after-match-end",
    summary: "A game after a player already reached the match length.",
    explanation: record::AFTER_MATCH_END;

    Draw = "tavla::record::draw",
    summary: "A record that claims a draw (Gul bara has none).",
    explanation: record::DRAW;

    ScoreMismatch = "tavla::record::score-mismatch",
    summary: "A score line that is not the previous scores plus the results.",
    explanation: record::SCORE_MISMATCH;

    JacobyInferred = "tavla::record::jacoby-inferred",
    summary: "A money-session score line that counts a gammon as 1 (the Jacoby rule), in a record without a `Jacoby` tag.",
    explanation: record::JACOBY_INFERRED;

    StartsMidMatch = "tavla::record::starts-mid-match",
    summary: "A record whose first score line is not 0 : 0: a fragment of a match.",
    explanation: record::STARTS_MID_MATCH;

    NoScoreLine = "tavla::record::no-score-line",
    summary: "A game without its score line.",
    explanation: record::NO_SCORE_LINE;

    NotChecked = "tavla::record::not-checked",
    summary: "Note: the rest of a game was not checked because of a syntax error.",
    explanation: record::NOT_CHECKED;

    TurnNumber = "tavla::record::turn-number",
    summary: "Turn lines not numbered 1, 2, 3, … within a game.",
    explanation: record::TURN_NUMBER;

    AfterGameEnd = "tavla::record::after-game-end",
    summary: "An entry after the game ended.",
    explanation: record::AFTER_GAME_END;

    TurnOrder = "tavla::record::turn-order",
    summary: "A player acting out of turn.",
    explanation: record::TURN_ORDER;

    UnansweredDouble = "tavla::record::unanswered-double",
    summary: "A roll while a double is still unanswered.",
    explanation: record::UNANSWERED_DOUBLE;

    MissingRemainder = "tavla::record::missing-remainder",
    summary: "A passed remainder not played before the receiver's roll.",
    explanation: record::MISSING_REMAINDER;

    WrongRemainder = "tavla::record::wrong-remainder",
    summary: "A received stage with the wrong number.",
    explanation: record::WRONG_REMAINDER;

    UnexpectedRemainder = "tavla::record::unexpected-remainder",
    summary: "A received stage when no remainder (or less) was passed.",
    explanation: record::UNEXPECTED_REMAINDER;

    MissingRoll = "tavla::record::missing-roll",
    summary: "A turn cell without its roll.",
    explanation: record::MISSING_ROLL;

    UnexpectedStage = "tavla::record::unexpected-stage",
    summary: "A chain stage that is not due (exempt window, after a short stage, after 6s, after the game ended).",
    explanation: record::UNEXPECTED_STAGE;

    MissingStage = "tavla::record::missing-stage",
    summary: "A due chain stage that is not written.",
    explanation: record::MISSING_STAGE;

    WrongStage = "tavla::record::wrong-stage",
    summary: "A chain stage with the wrong number.",
    explanation: record::WRONG_STAGE;

    WrongStarter = "tavla::record::wrong-starter",
    summary: "A game started by the wrong player.",
    explanation: record::WRONG_STARTER;

    OpeningDoublet = "tavla::record::opening-doublet",
    summary: "An opening roll that is a doublet.",
    explanation: record::OPENING_DOUBLET;

    WriterIllegalPlay = "tavla::record::writer-illegal-play",
    summary: "The writing program recorded an illegal play (`Illegal play (…)`).",
    explanation: record::WRITER_ILLEGAL_PLAY;

    UnknownPlay = "tavla::record::unknown-play",
    summary: "`????` where the game goes on.",
    explanation: record::UNKNOWN_PLAY;

    CannotMoveWithSteps = "tavla::record::cannot-move-with-steps",
    summary: "`Cannot Move` together with steps.",
    explanation: record::CANNOT_MOVE_WITH_STEPS;

    ForcedPlayOmitted = "tavla::record::forced-play-omitted",
    summary: "An empty cell where exactly one play was legal (applied).",
    explanation: record::FORCED_PLAY_OMITTED;

    HitMark = "tavla::record::hit-mark",
    summary: "In a file that marks hits, a hit without `*` or a `*` without a hit.",
    explanation: record::HIT_MARK;

    WrongWinner = "tavla::record::wrong-winner",
    summary: "`Wins` in the column of the player who did not win.",
    explanation: record::WRONG_WINNER;

    WinsMismatch = "tavla::record::wins-mismatch",
    summary: "A `Wins` value that disagrees with the final position and cube.",
    explanation: record::WINS_MISMATCH;

    BadResignation = "tavla::record::bad-resignation",
    summary: "A resignation worth a value no resignation can have.",
    explanation: record::BAD_RESIGNATION;

    LossesMismatch = "tavla::record::losses-mismatch",
    summary: "A `Losses` value that disagrees with the `Wins` beside it.",
    explanation: record::LOSSES_MISMATCH;

    MatchEndMark = "tavla::record::match-end-mark",
    summary: "`and the match` on a game that does not end the match.",
    explanation: record::MATCH_END_MARK;

    GameUnfinished = "tavla::record::game-unfinished",
    summary: "A game without a result: the record ends while it runs.",
    explanation: record::GAME_UNFINISHED;

    IllegalPlayTag = "tavla::record::illegal-play-tag",
    summary: "An `IllegalPlay` header that names no illegal play made at the board, or cannot be read.",
    explanation: record::ILLEGAL_PLAY_TAG;

    MissingResult = "tavla::record::missing-result",
    summary: "A finished game without its `Wins` line.",
    explanation: record::MISSING_RESULT;

    NoBar = "tavla::rules::no-bar",
    summary: "A bar step in Gul bara, which has no bar.",
    explanation: rules::NO_BAR;

    NoHitting = "tavla::rules::no-hitting",
    summary: "A `*` hit mark in Gul bara, which has no hitting.",
    explanation: rules::NO_HITTING;

    DanceNotJustified = "tavla::rules::dance-not-justified",
    summary: "A roll written without steps although a step was possible.",
    explanation: rules::DANCE_NOT_JUSTIFIED;

    ForcedPlay = "tavla::rules::forced-play",
    summary: "A play that uses fewer dice than possible.",
    explanation: rules::FORCED_PLAY;

    LargerDie = "tavla::rules::larger-die",
    summary: "Only one die playable, and the smaller one was played.",
    explanation: rules::LARGER_DIE;

    TooManySteps = "tavla::rules::too-many-steps",
    summary: "More steps than the dice allow.",
    explanation: rules::TOO_MANY_STEPS;

    NoDie = "tavla::rules::no-die",
    summary: "A step whose distance no remaining die (or dice) makes.",
    explanation: rules::NO_DIE;

    NoChecker = "tavla::rules::no-checker",
    summary: "A step from a point where the mover has no checker.",
    explanation: rules::NO_CHECKER;

    Blocked = "tavla::rules::blocked",
    summary: "A step onto a point the opponent holds.",
    explanation: rules::BLOCKED;

    HitClaim = "tavla::play::hit-claim",
    summary: "A hit claim that does not match the board.",
    explanation: rules::HIT_CLAIM;

    AmbiguousLetters = "tavla::play::ambiguous-letters",
    summary: "A board-letter play whose count meets a hit mark and so reads two ways.",
    explanation: rules::AMBIGUOUS_LETTERS;

    Backwards = "tavla::rules::backwards",
    summary: "A step that runs the wrong way.",
    explanation: rules::BACKWARDS;

    Pinned = "tavla::rules::pinned",
    summary: "A step of a pinned checker.",
    explanation: rules::PINNED;

    HeadRule = "tavla::rules::head-rule",
    summary: "More checkers leave the head than a turn allows.",
    explanation: rules::HEAD_RULE;

    BlockedPath = "tavla::rules::blocked-path",
    summary: "A combined move through a point the opponent holds.",
    explanation: rules::BLOCKED_PATH;

    MustEnter = "tavla::rules::must-enter",
    summary: "A move while a checker is on the bar.",
    explanation: rules::MUST_ENTER;

    BearOffNotHome = "tavla::rules::bear-off-not-home",
    summary: "Bearing off before all checkers are home.",
    explanation: rules::BEAR_OFF_NOT_HOME;

    BearOffHigher = "tavla::rules::bear-off-higher",
    summary: "Bearing off with a larger die while a checker stands higher.",
    explanation: rules::BEAR_OFF_HIGHER;

    AmbiguousPath = "tavla::rules::ambiguous-path",
    summary: "A combined move that can only pass by an unwritten hit.",
    explanation: rules::AMBIGUOUS_PATH;

    IllegalPlay = "tavla::rules::illegal-play",
    summary: "Steps that cannot all be played with the roll in any order.",
    explanation: rules::ILLEGAL_PLAY;

    NoCube = "tavla::rules::no-cube",
    summary: "A cube action where there is no cube.",
    explanation: rules::NO_CUBE;

    DoubleTwice = "tavla::rules::double-twice",
    summary: "A double while another double is open.",
    explanation: rules::DOUBLE_TWICE;

    EarlyDouble = "tavla::rules::early-double",
    summary: "A double before the opening roll.",
    explanation: rules::EARLY_DOUBLE;

    CrawfordDouble = "tavla::rules::crawford-double",
    summary: "A double in the Crawford game.",
    explanation: rules::CRAWFORD_DOUBLE;

    CrawfordUnknown = "tavla::rules::crawford-unknown",
    summary: "Note: a double in a fragment's first game at match point minus one, maybe the Crawford game.",
    explanation: rules::CRAWFORD_UNKNOWN;

    DoubleNotOwner = "tavla::rules::double-not-owner",
    summary: "A double by the player who does not own the cube.",
    explanation: rules::DOUBLE_NOT_OWNER;

    CubeValue = "tavla::rules::cube-value",
    summary: "A cube value that is not twice the current one.",
    explanation: rules::CUBE_VALUE;

    AnswerWithoutDouble = "tavla::rules::answer-without-double",
    summary: "`Takes`, `Drops` or `Beavers` with no double to answer.",
    explanation: rules::ANSWER_WITHOUT_DOUBLE;

    BeaverNotAllowed = "tavla::rules::beaver-not-allowed",
    summary: "A beaver outside money play with beavers, or by the doubler.",
    explanation: rules::BEAVER_NOT_ALLOWED;

    RaccoonNotAllowed = "tavla::rules::raccoon-not-allowed",
    summary: "A raccoon that does not follow a beaver.",
    explanation: rules::RACCOON_NOT_ALLOWED;

    IllegalPrime = "tavla::rules::illegal-prime",
    summary: "A block of six points with every opposing checker behind it.",
    explanation: rules::ILLEGAL_PRIME;

    StartQuarterBlock = "tavla::rules::start-quarter-block",
    summary: "All six points of the own starting quarter held at once (Fevga).",
    explanation: rules::START_QUARTER_BLOCK;

    RunnerRule = "tavla::rules::runner-rule",
    summary: "A second checker leaves the start before the runner passed (Fevga).",
    explanation: rules::RUNNER_RULE;

    PinnedBearOff = "tavla::rules::pinned-bear-off",
    summary: "Bearing off while one of the mover's own checkers is pinned (Tapa).",
    explanation: rules::PINNED_BEAR_OFF;

    PinMark = "tavla::record::pin-mark",
    summary: "In a Tapa file that marks pins, a pin without `*` or a `*` without a pin.",
    explanation: record::PIN_MARK;

    DrawResult = "tavla::rules::draw-result",
    summary: "A result that contradicts a draw (both mothers pinned) or a win.",
    explanation: rules::DRAW_RESULT;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes without an example record: two are reported only when nothing more specific applies,
    /// and an unreadable file or a run without records has no record to show.
    const NO_EXAMPLE: &[Code] = &[
        Code::Syntax,
        Code::Unreadable,
        Code::NoRecords,
        Code::IllegalPlay,
    ];

    #[test]
    fn every_code_has_an_explanation() {
        for &c in Code::ALL {
            let text = c.explanation();
            let prose = text.split("\n\nExample").next().unwrap();
            let lines = prose.lines().count();
            assert!((3..=8).contains(&lines), "{c}: {lines} lines of prose");
            assert!(
                text.lines().all(|l| l.chars().count() <= 100),
                "{c}: a line is too long"
            );
            if !NO_EXAMPLE.contains(&c) {
                assert!(text.contains("\n\nExample"), "{c}: no example");
            }
            assert!(!c.summary().is_empty(), "{c}: no summary");
        }
    }

    #[test]
    fn every_code_has_a_unique_namespaced_string() {
        for (i, &c) in Code::ALL.iter().enumerate() {
            assert_eq!(c.index(), i, "{c}");
            let s = c.as_str();
            let rest = s.strip_prefix("tavla::").unwrap_or_else(|| panic!("{s}"));
            let (ns, name) = rest.split_once("::").unwrap_or_else(|| panic!("{s}"));
            assert!(
                ["parse", "io", "record", "rules", "play", "xg", "ogxm"].contains(&ns),
                "{s}"
            );
            assert!(
                !name.is_empty()
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{s}"
            );
            assert!(Code::ALL[..i].iter().all(|o| o.as_str() != s), "{s} twice");
            assert_eq!(Code::lookup(s), Some(c));
            assert_eq!(Code::lookup(rest), Some(c));
            assert_eq!(s.parse::<Code>(), Ok(c));
            assert_eq!(c.to_string(), s);
            assert_eq!(serde_json::to_value(c).unwrap(), s);
        }
    }

    #[test]
    fn unknown_codes_are_not_found() {
        // Built at run time, so that no unregistered code appears literally in the sources.
        let p = "tavla";
        for code in [
            String::new(),
            format!("{p}::"),
            format!("{p}::rules::nonsense"),
            "rules::nonsense".into(),
            "blocked".into(),
            format!("{p}::{p}::rules::blocked"),
            "TAVLA::rules::blocked".into(),
        ] {
            assert_eq!(Code::lookup(&code), None, "{code}");
            assert_eq!(code.parse::<Code>(), Err(UnknownCode(code.clone())));
        }
    }
}
