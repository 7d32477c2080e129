//! tavla: reads records of tables games, replays them through a rules engine, and points at
//! every illegal move.
pub mod codes;
pub mod generate;
pub mod ids;
pub mod input;
pub mod notation;
pub mod record;
pub mod replay;
pub mod report;
pub mod rules;

pub use codes::Code;
