//! The containers the searches keep their state in: a short list held inline ([`Small`]; the
//! steps of a play are [`Steps`]) and a fast hasher for their per-stage sets ([`FxHasher`]).

use crate::rules::Step;

/// A fast hasher for positions (FxHash's multiply-rotate); positions are not attacker-chosen
/// keys of a long-lived map, only a per-stage de-duplication set.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher(u64);

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(b))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.0 = (self.0.rotate_left(5) ^ i as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

pub(super) type FxBuild = std::hash::BuildHasherDefault<FxHasher>;

/// A short list held inline: a stage has at most four dice, so its dice, pending segments and
/// steps fit in four slots. A caller passing more (through the public API) spills to the heap.
#[derive(Clone, Debug)]
pub(crate) struct Small<T: Copy> {
    inline: [T; 4],
    len: usize,
    spill: Option<Vec<T>>,
}

impl<T: Copy> Small<T> {
    pub(super) fn new(fill: T) -> Self {
        Small {
            inline: [fill; 4],
            len: 0,
            spill: None,
        }
    }
    /// The first `len <= 4` items of `inline`.
    #[inline]
    pub(super) fn from_array(inline: [T; 4], len: usize) -> Self {
        Small {
            inline,
            len,
            spill: None,
        }
    }
    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        match &self.spill {
            Some(v) => v,
            None => &self.inline[..self.len],
        }
    }
    /// The items held inline and their number, unless the list has spilled to the heap.
    #[inline]
    pub(super) fn as_array(&self) -> Option<([T; 4], usize)> {
        match self.spill {
            Some(_) => None,
            None => Some((self.inline, self.len)),
        }
    }
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.as_slice().len()
    }
    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn spilled(&mut self) -> &mut Vec<T> {
        let inline = &self.inline[..self.len];
        self.spill.get_or_insert_with(|| inline.to_vec())
    }
    pub(super) fn push(&mut self, v: T) {
        if self.spill.is_none() && self.len < self.inline.len() {
            self.inline[self.len] = v;
            self.len += 1;
        } else {
            self.spilled().push(v);
        }
    }
    pub(super) fn pop(&mut self) -> Option<T> {
        match &mut self.spill {
            Some(v) => v.pop(),
            None if self.len > 0 => {
                self.len -= 1;
                Some(self.inline[self.len])
            }
            None => None,
        }
    }
    /// Remove the item at `i < len`, keeping the order of the rest.
    pub(super) fn remove(&mut self, i: usize) -> T {
        match &mut self.spill {
            Some(v) => v.remove(i),
            None => {
                let v = self.inline[i];
                self.inline.copy_within(i + 1..self.len, i);
                self.len -= 1;
                v
            }
        }
    }
    /// Insert at `i <= len`, keeping the order of the rest.
    pub(super) fn insert(&mut self, i: usize, v: T) {
        if self.spill.is_none() && self.len < self.inline.len() {
            self.inline.copy_within(i..self.len, i + 1);
            self.inline[i] = v;
            self.len += 1;
        } else {
            self.spilled().insert(i, v);
        }
    }
    #[inline]
    pub(super) fn get(&self, i: usize) -> T {
        self.as_slice()[i]
    }
    pub(super) fn set(&mut self, i: usize, v: T) {
        match &mut self.spill {
            Some(s) => s[i] = v,
            None => self.inline[..self.len][i] = v,
        }
    }
}

/// The steps of a resolved play, held inline.
pub(crate) type Steps = Small<Step>;

pub(super) const NO_STEP: Step = Step {
    from: 0,
    to: 0,
    die: 0,
    hit: false,
};
