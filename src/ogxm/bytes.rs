//! Reading OGXM's bytes: a bounded cursor, little-endian integers, LEB128 varints and the
//! framed records of the spec (a varint length, then a varint presence mask and the fields).
//!
//! Every read is checked against the end of the slice it may use; a length field is compared
//! with the bytes that remain before anything is sized from it.

/// Why a read failed, at which byte of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Short {
    /// Byte offset in the file.
    pub at: usize,
    /// What could not be read.
    pub what: &'static str,
}

/// A cursor over `data[pos..end]`; offsets are the file's.
#[derive(Clone, Debug)]
pub struct Cursor<'a> {
    pub data: &'a [u8],
    pub pos: usize,
    pub end: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor over `data[pos..end]` (`end` clamped to the data).
    pub fn new(data: &'a [u8], pos: usize, end: usize) -> Cursor<'a> {
        let end = end.min(data.len());
        Cursor {
            data,
            pos: pos.min(end),
            end,
        }
    }

    /// Whether nothing is left.
    pub fn done(&self) -> bool {
        self.pos >= self.end
    }

    /// `n` bytes.
    pub fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], Short> {
        if self.end - self.pos < n {
            return Err(Short { at: self.pos, what });
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    /// One byte.
    pub fn u8(&mut self, what: &'static str) -> Result<u8, Short> {
        Ok(self.take(1, what)?[0])
    }

    /// A little-endian u16.
    pub fn u16(&mut self, what: &'static str) -> Result<u16, Short> {
        let b = self.take(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    /// A little-endian u32.
    pub fn u32(&mut self, what: &'static str) -> Result<u32, Short> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// An unsigned LEB128 varint of at most 10 bytes.
    pub fn varint(&mut self, what: &'static str) -> Result<u64, Short> {
        let start = self.pos;
        let mut v: u64 = 0;
        for shift in (0..70).step_by(7) {
            let b = self.u8(what)?;
            if shift == 63 && b > 1 {
                break;
            }
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(Short { at: start, what })
    }

    /// `N` bytes as an array.
    pub fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], Short> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N, what)?);
        Ok(out)
    }

    /// A length-prefixed byte string, its length checked against what remains.
    pub fn bytes(&mut self, what: &'static str) -> Result<&'a [u8], Short> {
        let at = self.pos;
        let n = self.varint(what)?;
        let n = usize::try_from(n).map_err(|_| Short { at, what })?;
        self.take(n, what).map_err(|_| Short { at, what })
    }

    /// A length-prefixed UTF-8 string (invalid bytes replaced).
    pub fn string(&mut self, what: &'static str) -> Result<String, Short> {
        Ok(String::from_utf8_lossy(self.bytes(what)?).into_owned())
    }

    /// A framed record: its presence mask and a cursor over its fields (this cursor moves
    /// past it).
    pub fn record(&mut self, what: &'static str) -> Result<(u64, Cursor<'a>), Short> {
        let at = self.pos;
        let n = self.varint(what)?;
        let n = usize::try_from(n).map_err(|_| Short { at, what })?;
        if self.end - self.pos < n {
            return Err(Short { at, what });
        }
        let end = self.pos + n;
        let mut inner = Cursor::new(self.data, self.pos, end);
        self.pos = end;
        let mask = inner.varint(what)?;
        Ok((mask, inner))
    }
}

/// Whether bit `b` of `mask` is set.
pub fn bit(mask: u64, b: u32) -> bool {
    mask >> b & 1 == 1
}

/// The field of bit `b` of `mask`: read by `read` when the bit is set, else `None`.
pub fn opt<T, E>(mask: u64, b: u32, read: impl FnOnce() -> Result<T, E>) -> Result<Option<T>, E> {
    if bit(mask, b) {
        read().map(Some)
    } else {
        Ok(None)
    }
}

/// `v` as a LEB128 varint appended to `out`.
pub fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_overlong_ones_fail() {
        for v in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut c = Cursor::new(&out, 0, out.len());
            assert_eq!(c.varint("v"), Ok(v));
            assert!(c.done());
        }
        let bad = [0xffu8; 11];
        assert!(Cursor::new(&bad, 0, 11).varint("v").is_err());
    }

    #[test]
    fn a_record_longer_than_its_slice_fails() {
        let data = [5u8, 0, 1];
        assert!(Cursor::new(&data, 0, 3).record("r").is_err());
    }
}
