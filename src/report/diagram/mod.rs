//! Boards people can look at: a position with what surrounds it (whose turn, dice, cube,
//! score, pips, the written play), as a text diagram (`tavla show`, `validate --board`).
//!
//! Everything is drawn from the generic [`Position`](crate::rules::Position) and what the
//! [`RuleSet`](crate::rules::RuleSet) says about the game: how one side's numbering maps onto
//! the other's ([`RuleSet::opposite`](crate::rules::RuleSet::opposite)), whether there is a bar
//! ([`RuleSet::hits`](crate::rules::RuleSet::hits)) and a cube, and whether gnubg's and XG's IDs
//! describe the board
//! ([`RuleSet::backgammon_board`](crate::rules::RuleSet::backgammon_board)). Points are
//! numbered from one side (the *view*, usually the side to move): its point 13–24 along the
//! top from left to right, 12–1 along the bottom, so that side moves from the top right round
//! to the bottom right in every game, and the other side's checkers stand wherever its own
//! numbering puts them.
//!
//! The model is in `model` ([`Diagram`], [`Hop`]), its text drawing in `text`, the
//! search for a moment of a replayed record in `moment` ([`diagram_at`], [`finding_diagram`]),
//! what a turn cell holds as written in `written`, and the machine form in `json`
//! ([`diagram_json`]); `svg` (beside this module) draws the same model as SVG.

mod json;
mod model;
mod moment;
mod text;
mod written;

pub use json::diagram_json;
pub use model::{BOTTOM, Diagram, Hop, PointStack, TOP, side_word};
pub use moment::{Moment, MomentError, diagram_at, finding_diagram, finding_turn};
pub use text::{Charset, text};
pub use written::{hop_at, play_hops, written_hops, written_play};
