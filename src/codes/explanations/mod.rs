//! The long explanation of each code, by the namespace of its string: the text of
//! [`Code::explanation`](super::Code::explanation).

pub(super) mod files;
pub(super) mod parse;
pub(super) mod record;
pub(super) mod rules;
