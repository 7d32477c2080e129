//! tavla: reads records of tables games, replays them through a rules engine, and points at
//! every illegal move.
pub mod rules;
