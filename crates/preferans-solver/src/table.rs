//! A bounded transposition table of trick-boundary positions for partition search. Each entry
//! holds bounds on the target's future tricks for every position of one *shape* (suit lengths
//! per hand, leader, context, tricks left) that agrees with it on the relative ranks its result
//! depended on (see `key`). A directory (open addressing) maps a shape to its chain of chunks
//! of [`CHUNK`] entries; a lookup scans the shape's chain, and every entry that matches
//! narrows the bounds.
//!
//! Memory is bounded: chunks come from a fixed pool, and when the pool or the directory is
//! full the table starts afresh (as DDS does), so a search never slows down for lack of room.
//! A shape holds at most [`MAX_CHUNKS`] chunks; after that its newest chunk's entries are
//! replaced in turn, which keeps scans short.

use crate::key::Canon;

/// Entries per chunk.
const CHUNK: usize = 16;
/// Chunks per shape at most.
const MAX_CHUNKS: u16 = 8;
/// No chunk.
const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, Default)]
struct Data {
    lower: i8,
    upper: i8,
    /// The best lead found (card index + 1; 0 = none), searched first next time.
    best: u8,
}

/// Up to [`CHUNK`] entries of one shape: masks of relevant relative ranks, the patterns on
/// them, the bounds.
#[derive(Clone)]
struct Chunk {
    masks: [u64; CHUNK],
    patterns: [u64; CHUNK],
    data: [Data; CHUNK],
    len: u8,
    /// The next entry to replace once the shape has all its chunks.
    turn: u8,
    next: u32,
}

impl Default for Chunk {
    fn default() -> Chunk {
        Chunk {
            masks: [0; CHUNK],
            patterns: [0; CHUNK],
            data: [Data::default(); CHUNK],
            len: 0,
            turn: 0,
            next: NONE,
        }
    }
}

/// A directory slot: a shape and its chain.
#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    /// Shape (48 bits), context (10 bits) and tricks left (4 bits).
    key: u64,
    head: u32,
    chunks: u16,
    /// The table's epoch when the slot was filled: a slot of an earlier epoch is free.
    epoch: u16,
}

/// What the table knows of a position: bounds, each with the pattern mask it relies on.
#[derive(Clone, Copy, Debug)]
pub struct Probe {
    /// The best lower bound.
    pub lower: i8,
    /// The relevant ranks of the lower bound.
    pub lower_mask: u64,
    /// The best upper bound.
    pub upper: i8,
    /// The relevant ranks of the upper bound.
    pub upper_mask: u64,
    /// A best lead stored with one of the entries (card index + 1; 0 = none).
    pub best: u8,
}

/// A 64-bit finalizer (MurmurHash3's): every bit of the key reaches the low bits.
#[inline]
fn mix(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Directory slots to start with (256 KiB): a search of a few thousand positions stays in
/// the cache; the directory doubles as it fills, up to the table's bound.
const FIRST_SLOTS: usize = 1 << 14;

/// The transposition table.
pub struct Table {
    slots: Vec<Slot>,
    /// The most slots the directory may grow to (a power of two).
    max_slots: usize,
    /// Slots in use.
    used: usize,
    /// The pool, grown on demand up to `max_chunks` (memory is touched only when used).
    chunks: Vec<Chunk>,
    max_chunks: usize,
    /// Chunks handed out (the pool is `chunks[..allocated]`).
    allocated: usize,
    /// Bumped by [`Table::clear`], which is then O(1).
    epoch: u16,
}

/// Default size: 64 MiB.
pub const DEFAULT_BYTES: usize = 64 << 20;

impl Table {
    /// A table of at most `bytes` bytes (at least a few hundred KiB).
    pub fn with_bytes(bytes: usize) -> Table {
        // About a sixteenth for the directory (a power of two of slots), the rest for chunks.
        let slots = (bytes / 16 / std::mem::size_of::<Slot>()).max(1024);
        let max_slots = 1usize << (usize::BITS - 1 - slots.leading_zeros());
        let rest = bytes.saturating_sub(max_slots * std::mem::size_of::<Slot>());
        let chunks = (rest / std::mem::size_of::<Chunk>()).max(256);
        Table {
            slots: vec![Slot::default(); max_slots.min(FIRST_SLOTS)],
            max_slots,
            used: 0,
            chunks: Vec::with_capacity(chunks),
            max_chunks: chunks,
            allocated: 0,
            epoch: 1,
        }
    }

    /// Size in bytes at most.
    pub fn bytes(&self) -> usize {
        self.max_slots * std::mem::size_of::<Slot>() + self.max_chunks * std::mem::size_of::<Chunk>()
    }

    /// Forgets every entry (in constant time, but for a sweep every 65,535 calls). A directory
    /// grown for a search that used few of its slots goes back to its first size, so that
    /// small searches stay in the cache.
    pub fn clear(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.slots.len() > FIRST_SLOTS && 2 * self.used <= FIRST_SLOTS {
            self.slots = vec![Slot::default(); FIRST_SLOTS];
            self.epoch = 1;
        } else if self.epoch == 0 {
            self.slots.fill(Slot::default());
            self.epoch = 1;
        }
        self.used = 0;
        self.allocated = 0;
    }

    /// Doubles the directory, moving the shapes in use.
    fn grow(&mut self) {
        let doubled = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        let epoch = self.epoch;
        for slot in old.into_iter().filter(|s| s.epoch == epoch) {
            let i = self.slot(slot.key);
            self.slots[i] = slot;
        }
    }

    /// The entry key of a shape, context and tricks left (1..=10).
    #[inline]
    pub fn key(canon: &Canon, ctx: u32, left: u8) -> u64 {
        debug_assert!(canon.shape >> 48 == 0 && ctx < 1 << 10 && (1..16).contains(&left));
        canon.shape | u64::from(ctx) << 48 | u64::from(left) << 58
    }

    /// The directory slot of `key`, or the free slot where it would go.
    #[inline]
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = mix(key) as usize & mask;
        loop {
            let slot = &self.slots[i];
            if slot.epoch != self.epoch || slot.key == key {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Every entry answering a position of `key` with `pattern`, combined.
    #[inline]
    pub fn probe(&self, key: u64, pattern: u64) -> Option<Probe> {
        let slot = self.slots[self.slot(key)];
        if slot.epoch != self.epoch {
            return None;
        }
        let mut found: Option<Probe> = None;
        let mut c = slot.head;
        while c != NONE {
            let chunk = &self.chunks[c as usize];
            // Which entries match, as bits: a loop the compiler can vectorize.
            let mut hits = 0u32;
            for i in 0..CHUNK {
                hits |= u32::from(pattern & chunk.masks[i] == chunk.patterns[i]) << i;
            }
            hits &= (1u32 << chunk.len) - 1;
            while hits != 0 {
                let i = hits.trailing_zeros() as usize;
                hits &= hits - 1;
                let mask = chunk.masks[i];
                let e = chunk.data[i];
                let p = found.get_or_insert(Probe {
                    lower: e.lower,
                    lower_mask: mask,
                    upper: e.upper,
                    upper_mask: mask,
                    best: e.best,
                });
                if e.lower > p.lower {
                    p.lower = e.lower;
                    p.lower_mask = mask;
                }
                if e.upper < p.upper {
                    p.upper = e.upper;
                    p.upper_mask = mask;
                }
                if p.best == 0 {
                    p.best = e.best;
                }
            }
            c = chunk.next;
        }
        found
    }

    /// Stores bounds valid for every position of `key` agreeing with `pattern` on `mask`.
    #[inline]
    pub fn put(&mut self, key: u64, mask: u64, pattern: u64, lower: i8, upper: i8, best: u8) {
        let pattern = pattern & mask;
        let mut s = self.slot(key);
        if self.slots[s].epoch != self.epoch {
            // A new shape: when the directory is half full, grow it, or at its bound start
            // afresh.
            if 2 * (self.used + 1) > self.slots.len() {
                if self.slots.len() < self.max_slots {
                    self.grow();
                } else {
                    self.clear();
                }
                s = self.slot(key);
            }
            self.slots[s] = Slot {
                key,
                head: NONE,
                chunks: 0,
                epoch: self.epoch,
            };
            self.used += 1;
        }
        // The same entry: merge the bounds.
        let mut c = self.slots[s].head;
        while c != NONE {
            let chunk = &mut self.chunks[c as usize];
            for j in 0..chunk.len as usize {
                if chunk.masks[j] == mask && chunk.patterns[j] == pattern {
                    let e = &mut chunk.data[j];
                    e.lower = e.lower.max(lower);
                    e.upper = e.upper.min(upper);
                    if best != 0 {
                        e.best = best;
                    }
                    return;
                }
            }
            c = chunk.next;
        }
        let slot = self.slots[s];
        let head_full = slot.head == NONE || self.chunks[slot.head as usize].len as usize == CHUNK;
        if head_full && slot.chunks < MAX_CHUNKS {
            if self.allocated == self.max_chunks {
                // The pool is spent: start afresh.
                self.clear();
                self.put(key, mask, pattern, lower, upper, best);
                return;
            }
            let c = self.allocated;
            self.allocated += 1;
            if c == self.chunks.len() {
                self.chunks.push(Chunk::default());
            }
            let chunk = &mut self.chunks[c];
            chunk.len = 0;
            chunk.turn = 0;
            chunk.next = slot.head;
            let slot = &mut self.slots[s];
            slot.head = c as u32;
            slot.chunks += 1;
        }
        let chunk = &mut self.chunks[self.slots[s].head as usize];
        let j = if (chunk.len as usize) < CHUNK {
            chunk.len += 1;
            chunk.len as usize - 1
        } else {
            let t = chunk.turn as usize % CHUNK;
            chunk.turn = chunk.turn.wrapping_add(1);
            t
        };
        chunk.masks[j] = mask;
        chunk.patterns[j] = pattern;
        chunk.data[j] = Data { lower, upper, best };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::key::canon;

    /// A shape key per `i` (distinct lengths patterns and tricks left) and a pattern.
    fn shape(i: u64) -> (u64, u64) {
        let c = canon([0b1000_0001, 0b0100_0000, 0b0010_0000], None);
        (Table::key(&c, 0, 1) ^ (i << 12), c.pattern)
    }

    #[test]
    fn the_directory_grows_keeping_its_entries_and_shrinks_when_cleared() {
        let mut t = Table::with_bytes(64 << 20);
        assert_eq!(t.slots.len(), FIRST_SLOTS);
        let n = FIRST_SLOTS as u64; // twice what the first directory holds at half load
        for i in 0..n {
            let (key, pattern) = shape(i);
            t.put(key, u64::MAX, pattern, (i % 5) as i8, 9, 0);
        }
        assert!(t.slots.len() > FIRST_SLOTS, "grew");
        for i in 0..n {
            let (key, pattern) = shape(i);
            let p = t.probe(key, pattern).expect("kept through growth");
            assert_eq!(p.lower, (i % 5) as i8);
        }
        // A big search leaves a big directory; after a small one, clearing shrinks it.
        t.clear();
        assert!(t.slots.len() > FIRST_SLOTS);
        let (key, pattern) = shape(1);
        t.put(key, u64::MAX, pattern, 3, 3, 0);
        t.clear();
        assert_eq!(t.slots.len(), FIRST_SLOTS);
        assert!(t.probe(key, pattern).is_none(), "cleared");
    }

    #[test]
    fn a_full_directory_at_its_bound_starts_afresh() {
        let mut t = Table::with_bytes(1 << 16);
        let max = t.max_slots as u64;
        for i in 0..max {
            let (key, pattern) = shape(i);
            t.put(key, u64::MAX, pattern, 1, 1, 0);
        }
        assert_eq!(t.slots.len() as u64, max);
        assert!(t.used as u64 <= max / 2);
    }
}
