//! The input layer: turns what the user named (paths, directories, standard input, a list
//! of paths) into records to check, each a name and its decoded text.
//!
//! It reads and decodes; it knows no syntax, no rules and no output format. What cannot be
//! read or decoded becomes a located [`Finding`](crate::replay::Finding), reported like any
//! other.

mod decode;
mod files;
mod words;

pub use decode::{decode, decode_owned};
pub use files::{
    DEFAULT_EXTENSIONS, Format, Input, InputError, InputSpec, Inputs, MAX_FILE, ReadError, Source,
    default_extensions,
};
pub use words::mat_only;
