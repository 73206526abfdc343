//! The lock-free open-addressing table behind [`ErrorStats`]. Keys are inserted once and
//! never removed or moved, so a slot found for a key stays that key's slot forever and
//! counting is a plain `fetch_add`.
//!
//! Keys and counts live apart. The keys are read-mostly (written once, when a slot is
//! claimed), so every thread keeps them in its cache. The counts are striped: each thread
//! counts in one of `STRIPES` copies of the counters, chosen once per thread, so threads
//! counting the same error write to different cache lines; a snapshot adds the stripes up.

use std::cell::Cell;
use std::sync::OnceLock;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize};

use super::MAX_CAPACITY;

/// Copies of the counters. Threads are given stripes round-robin, so up to `STRIPES` threads
/// recording at once write to disjoint cache lines; further threads share stripes (counts stay
/// exact, the sharing threads only contend again).
const STRIPES: usize = 8;

/// Counters per 64-byte cache line.
const LINE_WORDS: usize = 8;

/// Eight counters filling one cache line. A stripe's counters are whole lines, so no two
/// stripes ever share one.
#[repr(align(64))]
struct Line([AtomicU64; LINE_WORDS]);

thread_local! {
    /// This thread's stripe plus one; 0 until the thread first records.
    static STRIPE: Cell<usize> = const { Cell::new(0) };
}

/// The next stripe to give a thread.
static NEXT_STRIPE: AtomicUsize = AtomicUsize::new(0);

/// The calling thread's stripe, in `0..STRIPES`, assigned round-robin on its first record.
#[inline]
pub(super) fn current_stripe() -> usize {
    STRIPE
        .try_with(|stripe| match stripe.get() {
            0 => assign_stripe(stripe),
            s => s - 1,
        })
        // Only possible while the thread's locals are destroyed: any stripe counts correctly.
        .unwrap_or(0)
}

#[cold]
fn assign_stripe(stripe: &Cell<usize>) -> usize {
    let s = NEXT_STRIPE.fetch_add(1, Relaxed) % STRIPES;
    stripe.set(s + 1);
    s
}

/// Table size for a requested capacity: a power of two, at most `MAX_CAPACITY`; 0 stays 0.
fn table_len(capacity: usize) -> usize {
    if capacity == 0 {
        0
    } else {
        capacity.min(MAX_CAPACITY).next_power_of_two()
    }
}

/// The home slot of `hash` in a table of `len` slots (a power of two).
fn index_of(hash: u64, len: usize) -> usize {
    let bits = len.trailing_zeros();
    // Fibonacci hashing: the high bits of a multiplicative hash are the well-mixed ones.
    let mixed = hash.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // `len` is at most 2^20, so the index fits in usize on every platform.
    usize::try_from(mixed.checked_shr(64 - bits).unwrap_or(0)).unwrap_or(0)
}

/// The hash of a key: its code and the address of its domain text. The text itself is not
/// hashed (that would cost more than the rest of a record): equality below compares the text,
/// so a domain whose text exists at two addresses (a constant duplicated across crates) may
/// get two slots, which [`ErrorStats::snapshot`] adds up. The symbol is left out: within one
/// domain a code has one symbol.
fn hash_key(code: i32, domain: &str) -> u64 {
    // `as` on a pointer address: the address is only mixed into a hash, never dereferenced.
    let address = domain.as_ptr().addr() as u64;
    u64::from(code.cast_unsigned()) ^ address.rotate_left(29)
}

/// Equal strings, usually at the same address (fast path); equal text at another address
/// (a constant duplicated across crates) still matches.
fn same_str(a: &str, b: &str) -> bool {
    a.len() == b.len() && (core::ptr::eq(a.as_ptr(), b.as_ptr()) || a == b)
}

pub(super) type Key = (i32, &'static str, &'static str);

#[inline]
fn same_key(&(c, s, d): &Key, (code, symbol, domain): Key) -> bool {
    c == code && same_str(s, symbol) && same_str(d, domain)
}

/// One distinct error's key; its counts are in [`Table::counts`].
pub(super) struct KeySlot {
    /// `(code, symbol, domain)`, set once by the thread that claims the slot. `OnceLock`
    /// keeps this free of `unsafe`; its initializer only stores the key, so a thread racing
    /// for the same empty slot waits for at most that.
    pub(super) key: OnceLock<Key>,
    /// For this slot as a home: how many slots past it a key homed here may sit. Raised
    /// *before* such a key claims its slot, so once the table is full (no key will ever be
    /// inserted again) a lookup that misses at home checks only this many further slots.
    reach: AtomicU32,
}

pub(super) struct Table {
    /// One slot per distinct error, a power of two of them (or none).
    pub(super) keys: Vec<KeySlot>,
    /// The counters, `STRIPES` regions of `stride` lines, stripe-major: in each region, word
    /// `i` counts the key of slot `i` and word `keys.len()` the overflow. Empty for a disabled
    /// instance.
    counts: Vec<Line>,
    /// Lines per stripe: room for `keys.len() + 1` counters.
    stride: usize,
    /// Set when a probe found no free slot: every slot is taken, for good.
    full: AtomicBool,
}

impl Table {
    /// No slots and no counters: allocates nothing (for a disabled instance, which never
    /// records).
    pub(super) fn empty() -> Table {
        Table {
            keys: Vec::new(),
            counts: Vec::new(),
            stride: 0,
            full: AtomicBool::new(false),
        }
    }

    pub(super) fn new(capacity: usize) -> Table {
        let len = table_len(capacity);
        let stride = (len + 1).div_ceil(LINE_WORDS);
        // Plain loops: collecting mapped ranges costs the default build more code.
        let mut keys = Vec::with_capacity(len);
        for _ in 0..len {
            keys.push(KeySlot {
                key: OnceLock::new(),
                reach: AtomicU32::new(0),
            });
        }
        let mut counts = Vec::with_capacity(STRIPES * stride);
        for _ in 0..STRIPES * stride {
            counts.push(Line([const { AtomicU64::new(0) }; LINE_WORDS]));
        }
        Table {
            keys,
            counts,
            stride,
            full: AtomicBool::new(false),
        }
    }

    /// The counter index of occurrences that found the table full.
    #[inline]
    pub(super) fn overflow_index(&self) -> usize {
        self.keys.len()
    }

    /// Counter `index` (a slot, or [`overflow_index`](Self::overflow_index)) of `stripe`.
    #[inline]
    pub(super) fn counter(&self, stripe: usize, index: usize) -> &AtomicU64 {
        &self.counts[stripe * self.stride + index / LINE_WORDS].0[index % LINE_WORDS]
    }

    /// Occurrences counted at `index`, all stripes together; 0 without counters.
    #[inline]
    pub(super) fn seen(&self, index: usize) -> u64 {
        if self.counts.is_empty() {
            return 0;
        }
        (0..STRIPES)
            .map(|stripe| self.counter(stripe, index).load(Relaxed))
            .sum()
    }

    /// The slot of the key, claiming a free one on first sight; `None` when the table is full.
    #[inline]
    pub(super) fn slot(
        &self,
        code: i32,
        symbol: &'static str,
        domain: &'static str,
    ) -> Option<usize> {
        let len = self.keys.len();
        if len == 0 {
            return None;
        }
        // Fast path: the key sits in its home slot (always, unless two keys hash alike).
        let home = index_of(hash_key(code, domain), len);
        if let Some(found) = self.keys[home].key.get()
            && same_key(found, (code, symbol, domain))
        {
            return Some(home);
        }
        self.probe(home, (code, symbol, domain))
    }

    /// Linear probing from `home`: the slot holding `key`, or the first free one, claimed.
    #[cold]
    fn probe(&self, home: usize, key: Key) -> Option<usize> {
        // Acquire: pairs with the store below, so this thread sees every `reach` raised
        // before a slot was claimed.
        if self.full.load(Acquire) {
            return self.find_in_full(home, key);
        }
        let len = self.keys.len();
        let mut i = home;
        for distance in 0..len {
            let slot = &self.keys[i];
            let found = if let Some(found) = slot.key.get() {
                found
            } else {
                // Before claiming a slot `distance` past home, extend home's reach. The claim
                // publishes the key (release); whoever later sees every slot taken and sets
                // `full` has seen the key, hence this raise too. (Losing the race for the
                // slot leaves the reach a little long: harmless.)
                if distance > 0 {
                    let distance = u32::try_from(distance).unwrap_or(u32::MAX);
                    self.keys[home].reach.fetch_max(distance, Relaxed);
                }
                slot.key.get_or_init(|| key)
            };
            if same_key(found, key) {
                return Some(i);
            }
            i = (i + 1) & (len - 1);
        }
        // Every slot was taken (`get` and `get_or_init` acquired each key).
        self.full.store(true, Release);
        None
    }

    /// Lookup once the table is full: no key will be inserted again and every key homed at
    /// `home` sits at most `reach` slots past it, so a key found nowhere in that window has
    /// no slot. Costs nothing beyond the home check when no key homed here was displaced.
    fn find_in_full(&self, home: usize, key: Key) -> Option<usize> {
        let len = self.keys.len();
        let reach = usize::try_from(self.keys[home].reach.load(Relaxed)).unwrap_or(len);
        for distance in 1..=reach.min(len - 1) {
            let i = (home + distance) & (len - 1);
            if let Some(found) = self.keys[i].key.get()
                && same_key(found, key)
            {
                return Some(i);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::metrics::{ErrorStats, MetricsConfig};

    #[test]
    fn table_lengths_are_powers_of_two() {
        assert_eq!(table_len(0), 0);
        assert_eq!(table_len(1), 1);
        assert_eq!(table_len(3), 4);
        assert_eq!(table_len(1024), 1024);
        assert_eq!(table_len(usize::MAX), MAX_CAPACITY);
        for len in [1, 2, 64, 1024] {
            for code in -40_000..40_000 {
                assert!(index_of(hash_key(code, "python"), len) < len);
            }
        }
    }

    #[test]
    fn each_part_of_the_key_matters() {
        let table = Table::new(8);
        let sa = table.slot(1005, "E_X", "python").unwrap();
        assert_eq!(table.slot(1005, "E_X", "python"), Some(sa));
        assert_ne!(table.slot(1006, "E_X", "python"), Some(sa));
        assert_ne!(table.slot(1005, "E_Y", "python"), Some(sa));
        assert_ne!(table.slot(1005, "E_X", "pythom"), Some(sa));
    }

    #[test]
    fn a_full_table_reports_none() {
        let table = Table::new(2);
        assert!(table.slot(1, "A", "d").is_some());
        assert!(table.slot(2, "B", "d").is_some());
        assert!(!table.full.load(Relaxed));
        assert!(table.slot(3, "C", "d").is_none());
        assert!(table.full.load(Relaxed));
        assert!(table.slot(1, "A", "d").is_some());
        assert!(Table::new(0).slot(1, "A", "d").is_none());
    }

    /// Once full, a miss at home looks only as far as keys homed there were displaced: keys
    /// away from their home are still found, unseen keys are rejected, and a home none of
    /// whose keys moved rejects at once.
    #[test]
    fn a_full_table_still_finds_displaced_keys() {
        for len in [2, 4, 8, 64] {
            let table = Table::new(len);
            let domain = "full";
            // Fill every slot, remembering where each key went: first up to three keys homed
            // at the last slot (so all but one are displaced, wrapping round), then others.
            let homed_last = (0..)
                .filter(|&c| index_of(hash_key(c, domain), len) == len - 1)
                .take(3.min(len));
            let mut placed: Vec<(i32, usize)> = Vec::new();
            for code in homed_last.chain(1000..) {
                if placed.len() == len {
                    break;
                }
                if placed.iter().all(|&(c, _)| c != code) {
                    placed.push((code, table.slot(code, "E", domain).unwrap()));
                }
            }
            let displaced = placed
                .iter()
                .filter(|&&(c, i)| index_of(hash_key(c, domain), len) != i)
                .count();
            assert!(displaced >= 3.min(len) - 1, "len {len}");
            // Every reach covers the keys homed there, and no more than the table.
            for &(c, i) in &placed {
                let home = index_of(hash_key(c, domain), len);
                let distance = (i + len - home) & (len - 1);
                let reach = table.keys[home].reach.load(Relaxed) as usize;
                assert!(distance <= reach && reach < len, "len {len}, code {c}");
            }
            assert!(!table.full.load(Relaxed));
            // An unseen key finds no free slot: the table is marked full.
            assert_eq!(table.slot(-1, "E", domain), None);
            assert!(table.full.load(Relaxed));
            for &(c, i) in &placed {
                assert_eq!(table.slot(c, "E", domain), Some(i), "len {len}, code {c}");
                // The same code under another symbol is another key.
                assert_eq!(table.slot(c, "F", domain), None);
            }
            for unseen in -10_100..-10_000 {
                assert_eq!(table.slot(unseen, "E", domain), None);
            }
        }
    }

    #[test]
    fn counters_are_striped_on_their_own_lines() {
        assert_eq!(align_of::<Line>(), 64);
        assert_eq!(size_of::<Line>(), 64);
        for capacity in [0, 1, 7, 8, 1024] {
            let table = Table::new(capacity);
            let len = table.keys.len();
            assert_eq!(table.counts.len(), STRIPES * table.stride);
            // Room for every slot and the overflow counter in each stripe.
            assert!(table.stride * LINE_WORDS > len);
            // The last counter of a stripe and the first of the next are on different lines.
            for stripe in 1..STRIPES {
                let last: *const AtomicU64 = table.counter(stripe - 1, len);
                let first: *const AtomicU64 = table.counter(stripe, 0);
                assert!(first.addr() / 64 > last.addr() / 64);
            }
        }
        assert!(Table::empty().counts.is_empty() && Table::empty().keys.is_empty());
    }

    #[test]
    fn snapshots_sum_the_stripes() {
        let stats = ErrorStats::new(MetricsConfig::enabled().with_capacity(4));
        let index = stats.table.slot(7, "E_S", "d").unwrap();
        for stripe in 0..STRIPES {
            stats.table.counter(stripe, index).fetch_add(10, Relaxed);
            stats
                .table
                .counter(stripe, stats.table.overflow_index())
                .fetch_add(1, Relaxed);
        }
        let snapshot = stats.snapshot();
        assert_eq!(snapshot.by_code[&7], 10 * STRIPES as u64);
        assert_eq!(snapshot.overflow, STRIPES as u64);
        assert_eq!(snapshot.total, 11 * STRIPES as u64);
    }

    #[test]
    fn threads_get_stripes_round_robin() {
        let here = current_stripe();
        assert_eq!(current_stripe(), here, "a thread keeps its stripe");
        let stripes: Vec<usize> = (0..2 * STRIPES)
            .map(|_| std::thread::spawn(current_stripe).join().unwrap())
            .collect();
        assert!(stripes.iter().all(|&s| s < STRIPES));
        // Threads started one after another get different stripes (other tests' threads may
        // take stripes in between, so only the spread is checked).
        let distinct: std::collections::BTreeSet<_> = stripes.iter().collect();
        assert!(distinct.len() > 1);
    }
}
