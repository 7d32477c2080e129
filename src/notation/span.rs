//! Byte spans into the source text.

/// A byte range `offset..offset + len` of the source.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Span {
    /// Byte offset of the first byte.
    pub offset: usize,
    /// Length in bytes.
    pub len: usize,
}

impl Span {
    /// A span.
    pub fn new(offset: usize, len: usize) -> Self {
        Span { offset, len }
    }
    /// The span of `part`, a sub-slice of `whole`.
    pub fn of(whole: &str, part: &str) -> Self {
        let offset = part.as_ptr() as usize - whole.as_ptr() as usize;
        Span {
            offset,
            len: part.len(),
        }
    }
    /// One past the last byte.
    pub fn end(self) -> usize {
        self.offset + self.len
    }
    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        let start = self.offset.min(other.offset);
        let end = self.end().max(other.end());
        Span {
            offset: start,
            len: end - start,
        }
    }
    /// Shift by `base` bytes.
    pub fn shift(self, base: usize) -> Span {
        Span {
            offset: self.offset + base,
            len: self.len,
        }
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(s: Span) -> Self {
        (s.offset, s.len).into()
    }
}
