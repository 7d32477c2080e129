//! tavla reads records of tables games (Gul bara, backgammon, Tapa / Plakoto), replays every
//! turn through a rules engine, and tells exactly which move is illegal, where, why, and what
//! was legal.
//!
//! The same engine answers single questions: is this play legal here, what are the legal
//! plays, what position does a play reach. The items of the crate root are the whole public
//! API: the readers (`read_mat`, `read_sgf`, `read_xg`, `read_gnubg_text`, `read_ogxm`), the
//! typed record they give ([`Record`]), the check of a record ([`check_record`], giving a
//! [`Verdict`] of [`Finding`]s), the rules engine ([`RuleSet`], [`Position`],
//! [`legal_plays`], [`check_play`]) and the notations ([`parse_play`], [`parse_position`]).
//!
//! # Glossary
//! - **step**: one checker hop by one die (`13/8` with a 5);
//! - **play**: the steps of one roll or one chain stage;
//! - **turn**: a player's roll with its plays (Gul bara: with its chain and remainder stages);
//! - **action**: a record entry (turn, cube action, result).
//!
//! # Example
//! ```
//! use tavla::{RuleSet, Roll, Side, Variant};
//!
//! // A variant with its options, and its starting position.
//! let rules = RuleSet::default_for(Variant::Backgammon);
//! let start = rules.start();
//! let dice = Roll { a: 6, b: 4 }.stage();
//!
//! // A play in the mover-relative notation, checked.
//! let play = tavla::parse_play("24/18 13/9").unwrap();
//! let checked = tavla::check_play(&rules, &start, Side::White, dice, &play).unwrap();
//! assert_eq!(checked.steps.len(), 2);
//!
//! // The same kind of play in the board-letter notation of rule books (`1A`-`12A`).
//! let letters = tavla::parse_letter_play("W 6/4 = 1A-7A and 12A-9").unwrap();
//! let same = tavla::check_play(&rules, &start, Side::White, dice, &letters.play(tavla::Column::Left));
//! assert_eq!(same.unwrap().position, checked.position);
//!
//! // An illegal play: the reason is typed and points at the step it concerns.
//! let bad = tavla::parse_play("13/7 24/19").unwrap();
//! let six_five = Roll { a: 6, b: 5 }.stage();
//! let problem = tavla::check_play(&rules, &start, Side::White, six_five, &bad).unwrap_err();
//! assert_eq!(problem.span.offset, 5); // `24/19`: point 19 is Black's 6 point
//! assert!(matches!(
//!     problem.kind,
//!     tavla::ProblemKind::Steps(tavla::PlayError::Step { error: tavla::StepError::Blocked { .. }, .. })
//! ));
//! println!("{problem}");
//!
//! // Every distinct legal result, printed in both notations.
//! let set = tavla::legal_plays(&rules, &start, Side::White, dice);
//! assert_eq!(set.len(), 14);
//! let (_, steps) = set.get(0).unwrap();
//! let text = tavla::render_steps(steps);
//! let play = tavla::parse_play(&text).unwrap();
//! println!("{text} = {}", tavla::write_letters(&play, tavla::Column::Left, Some((6, 4)), false));
//!
//! // Positions from GNU Backgammon Position IDs, XGIDs or the JSON of `tavla convert`.
//! let spec = tavla::parse_position("4HPwATDgc/ABMA", Variant::Backgammon, rules.start()).unwrap();
//! assert_eq!(spec.position, start);
//! let spec = tavla::parse_position(
//!     "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10",
//!     Variant::Backgammon,
//!     rules.start(),
//! )
//! .unwrap();
//! assert_eq!(spec.dice.map(|r| (r.high(), r.low())), Some((5, 2)));
//!
//! // A whole record: read by its format's reader (`read_mat`, `read_sgf`, `read_xg`,
//! // `read_gnubg_text`) into the typed record, then replayed.
//! let text = " 1 point match\n\n Game 1\n White : 0                          Black : 0\n  1) 64: 24/18 13/9                  65: 24/13\n";
//! let record = tavla::read_mat(text);
//! assert_eq!(record.matches[0].games[0].actions.len(), 2);
//! let verdict = tavla::check_record(record, &tavla::Overrides::default());
//! assert_eq!(verdict.errors(), 0);
//! ```
#![deny(missing_docs)]
#![deny(clippy::too_many_lines)]

// The layers. They are not part of the API (the items re-exported below are): the command
// line (`src/main.rs`), the Python package (`python/`), the benchmarks, the fuzz targets and
// the integration tests reach into them, so they stay `pub`, hidden from the documentation
// and outside any semver promise.
#[doc(hidden)]
pub mod codes;
#[doc(hidden)]
pub mod generate;
#[doc(hidden)]
pub mod gnubg_text;
#[doc(hidden)]
pub mod ids;
#[doc(hidden)]
pub mod input;
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod lsp;
#[doc(hidden)]
pub mod notation;
#[doc(hidden)]
pub mod ogxm;
#[doc(hidden)]
pub mod record;
#[doc(hidden)]
pub mod replay;
#[doc(hidden)]
pub mod report;
#[doc(hidden)]
pub mod rules;
#[doc(hidden)]
pub mod sgf;
#[doc(hidden)]
pub mod xg;

pub use codes::Code;
pub use gnubg_text::read as read_gnubg_text;
pub use ids::{PositionError, PositionSpec, parse_position};
pub use input::{Format, ReadError, Source};
pub use notation::read as read_mat;
pub use notation::{
    Column, LetterPlay, Play, Span, SyntaxError, parse_letter_play, parse_play, write_letters,
};
pub use ogxm::read as read_ogxm;
pub use ogxm::stream::read as read_ogxm_stream;
pub use record::{
    Action, Analysis, Builder, Candidate, CubeAnalysis, Game, Match, Origin, ReadProblem, Record,
    Signature, SignatureStatus,
};
pub use replay::referee::{
    CheckedPlay, HitClaim, Problem, ProblemKind, check_play, legal_plays, nearest_plays,
};
pub use replay::{
    Continued, Finding, Overrides, Place, Repair, Severity, Suggestions, Verdict,
    check as check_record, render_steps,
};
pub use rules::{
    ForcedError, PlayError, PlaySet, Position, Roll, RuleSet, Side, StageDice, Step, StepError,
    Variant,
};
pub use sgf::read as read_sgf;
pub use xg::read as read_xg;

/// The README's Rust examples, compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
