//! A bounded transposition table of trick-boundary positions: 16-byte entries in two-way
//! buckets. On a collision an entry of an earlier search (a generation ago: another deal or
//! position) goes first, then the shallower one (fewer tricks left), so that old deep entries
//! cannot crowd out the search at hand. Entries of earlier searches still answer lookups:
//! keys are whole positions.

/// Bounds on the target's future tricks for one position.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    lo_key: u64,
    /// Bits 64.. of the key (at most 28), then 4 bits of tricks left (0 = empty).
    hi_depth: u32,
    lower: i8,
    upper: i8,
    /// The best lead found (card index + 1; 0 = none), searched first next time.
    best: u8,
    /// The search (generation) that stored it.
    generation: u8,
}

/// The transposition table.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

/// Default size: 64 MiB.
pub const DEFAULT_BYTES: usize = 64 << 20;

impl Table {
    /// A table of at most `bytes` bytes (rounded down to a power of two of entries, at least 1024).
    pub fn with_bytes(bytes: usize) -> Table {
        let n = (bytes / std::mem::size_of::<Entry>()).max(1024);
        let n = 1usize << (usize::BITS - 1 - n.leading_zeros());
        Table {
            entries: vec![Entry::default(); n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Starts a new search: what earlier searches stored becomes the first to be replaced.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline]
    fn slot(&self, key: u128) -> usize {
        let h = (key as u64 ^ ((key >> 64) as u64).rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 20) as usize & self.mask) & !1
    }

    #[inline]
    fn split(key: u128, depth: u8) -> (u64, u32) {
        debug_assert!(key >> 92 == 0 && depth < 16);
        (key as u64, (((key >> 64) as u32) << 4) | u32::from(depth))
    }

    /// The stored (lower, upper) bounds of a position and its best lead (card index + 1).
    #[inline]
    pub fn get(&self, key: u128, depth: u8) -> Option<(i8, i8, u8)> {
        let (lo, hi) = Self::split(key, depth);
        let i = self.slot(key);
        for e in &self.entries[i..i + 2] {
            if e.lo_key == lo && e.hi_depth == hi {
                return Some((e.lower, e.upper, e.best));
            }
        }
        None
    }

    /// Stores bounds, merging with what is known.
    #[inline]
    pub fn put(&mut self, key: u128, depth: u8, lower: i8, upper: i8, best: u8) {
        let (lo, hi) = Self::split(key, depth);
        let i = self.slot(key);
        for e in &mut self.entries[i..i + 2] {
            if e.lo_key == lo && e.hi_depth == hi {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                if best != 0 {
                    e.best = best;
                }
                return;
            }
        }
        // Victim: an empty slot, else one of an earlier search, else the shallower.
        let rank = |e: &Entry| {
            let depth = e.hi_depth & 0xf;
            if depth == 0 {
                0
            } else if e.generation != self.generation {
                1
            } else {
                2 + depth
            }
        };
        let j = if rank(&self.entries[i]) <= rank(&self.entries[i + 1]) {
            i
        } else {
            i + 1
        };
        self.entries[j] = Entry {
            lo_key: lo,
            hi_depth: hi,
            lower,
            upper,
            best,
            generation: self.generation,
        };
    }
}
