//! [`ErrorStats`]: the counters (recording and snapshots) over the lock-free [`Table`].

use std::sync::atomic::Ordering::Relaxed;

#[cfg(doc)]
use super::global;
use super::table::{Table, current_stripe};
use super::{MetricsConfig, StatsSnapshot};
use crate::McpError;

/// Lock-free error counters: total, by code, by domain and by symbol.
///
/// Create one with [`ErrorStats::new`], or use the process-wide [`global()`]. Share it by
/// reference between threads (it is `Sync`); [`record`](ErrorStats::record) never takes a lock
/// and every count is exact once the recording threads are done.
/// [`snapshot`](ErrorStats::snapshot) never blocks them either: taken while others record, it
/// reads each counter once (every per-thread stripe of it), so it may miss the occurrences of
/// the last instants, but its totals always add up.
///
/// ```
/// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
/// # #[derive(Debug)] struct NotFound;
/// # impl std::fmt::Display for NotFound {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("File not found") } }
/// # impl std::error::Error for NotFound {}
/// # static ENTRY: ErrorEntry = ErrorEntry { code: 2300, symbol: "E_MB_FILE_NOT_FOUND", domain: "memory-bank",
/// #     message: "File not found", retryable: false, kind: ErrorKind::NotFound, variant: "FileNotFound",
/// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
/// # impl McpError for NotFound {
/// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
/// #     fn domain(&self) -> &'static str { "memory-bank" } }
/// use mcp_errors_core::metrics::{ErrorStats, MetricsConfig};
///
/// let stats = ErrorStats::new(MetricsConfig::enabled());
/// std::thread::scope(|s| {
///     for _ in 0..4 {
///         s.spawn(|| (0..1000).for_each(|_| stats.record(&NotFound)));
///     }
/// });
/// assert_eq!(stats.snapshot().by_symbol["E_MB_FILE_NOT_FOUND"], 4000);
///
/// // Through a trait object, too.
/// let boxed: Box<dyn McpError + Send + Sync> = Box::new(NotFound);
/// stats.record(&*boxed);
/// assert_eq!(stats.snapshot().total, 4001);
/// ```
pub struct ErrorStats {
    enabled: bool,
    sample: u32,
    /// The keys and their striped counters, including the overflow counter of errors that
    /// found the table full.
    pub(super) table: Table,
}

impl ErrorStats {
    /// Counters with the given configuration. A disabled configuration allocates nothing.
    pub fn new(config: MetricsConfig) -> ErrorStats {
        ErrorStats {
            enabled: config.enabled,
            sample: config.sample.max(1),
            table: if config.enabled {
                Table::new(config.capacity)
            } else {
                Table::empty()
            },
        }
    }

    /// Whether this instance counts (and answers `sys/errorStats`).
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// The sampling rate: every how many occurrences of an error one is recorded (at least 1).
    pub fn sample(&self) -> u32 {
        self.sample
    }

    /// Counts one occurrence of `err` under its code, its [`domain`](McpError::domain) (for a
    /// `transparent` variant the outer enum's) and its symbol.
    ///
    /// Does nothing when the instance is disabled. Every occurrence is counted, sampled or
    /// not: sampling is applied when the counts are read, by [`snapshot`](Self::snapshot)
    /// (the 1st, `N+1`th, ... occurrence of each error is the one recorded there).
    #[inline]
    pub fn record<E: McpError + ?Sized>(&self, err: &E) {
        if self.enabled {
            self.record_enabled(err.code(), err.domain(), err.symbol());
        }
    }

    /// Counts one occurrence of an error given by its parts, for errors that are not an
    /// [`McpError`] value (a protocol error built by hand, a received envelope).
    ///
    /// ```
    /// use mcp_errors_core::metrics::{ErrorStats, MetricsConfig};
    /// let stats = ErrorStats::new(MetricsConfig::enabled());
    /// stats.record_parts(-32601, "protocol", "E_METHOD_NOT_FOUND");
    /// assert_eq!(stats.snapshot().by_code[&-32601], 1);
    /// ```
    #[inline]
    pub fn record_parts(&self, code: i32, domain: &'static str, symbol: &'static str) {
        if self.enabled {
            self.record_enabled(code, domain, symbol);
        }
    }

    /// Kept out of line so that [`record`](Self::record), wherever it is not inlined itself,
    /// stays a test and a jump: inlined, this body's register needs would make every call,
    /// disabled or not, save registers before the test.
    #[inline(never)]
    fn record_enabled(&self, code: i32, domain: &'static str, symbol: &'static str) {
        // One atomic add per occurrence, on this thread's stripe: sampling and every total are
        // derived from the summed counts when a snapshot is taken.
        let index = self
            .table
            .slot(code, symbol, domain)
            .unwrap_or(self.table.overflow_index());
        self.table
            .counter(current_stripe(), index)
            .fetch_add(1, Relaxed);
    }

    /// How many of `seen` occurrences were recorded: the 1st, the `sample + 1`th, ...
    #[inline]
    fn recorded(&self, seen: u64) -> u64 {
        seen.div_ceil(u64::from(self.sample))
    }

    /// The counters as they are now, in the shape of the `sys/errorStats` result.
    ///
    /// Keys never seen are left out; a disabled instance gives an empty snapshot. `total` is
    /// always the sum of `byCode` (and of `byDomain`, and of `bySymbol`) plus `overflow`.
    #[inline]
    pub fn snapshot(&self) -> StatsSnapshot {
        let mut snapshot = StatsSnapshot {
            sample: self.sample,
            ..StatsSnapshot::default()
        };
        for (index, slot) in self.table.keys.iter().enumerate() {
            let Some(&(code, symbol, domain)) = slot.key.get() else {
                continue;
            };
            let count = self.recorded(self.table.seen(index));
            if count == 0 {
                continue;
            }
            snapshot.total += count;
            *snapshot.by_code.entry(code).or_insert(0) += count;
            *snapshot.by_domain.entry(domain.to_owned()).or_insert(0) += count;
            *snapshot.by_symbol.entry(symbol.to_owned()).or_insert(0) += count;
        }
        snapshot.overflow = self.recorded(self.table.seen(self.table.overflow_index()));
        snapshot.total += snapshot.overflow;
        snapshot
    }
}

impl Default for ErrorStats {
    /// Enabled counters with default capacities, recording every occurrence.
    fn default() -> Self {
        ErrorStats::new(MetricsConfig::enabled())
    }
}

impl core::fmt::Debug for ErrorStats {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ErrorStats")
            .field("enabled", &self.enabled)
            .field("sample", &self.sample)
            .field("capacity", &self.table.keys.len())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_text_at_different_addresses_is_one_key_in_snapshots() {
        let a: &'static str = "python";
        let b: &'static str = String::from("python").leak();
        assert!(!core::ptr::eq(a.as_ptr(), b.as_ptr()));
        let stats = ErrorStats::new(MetricsConfig::enabled());
        stats.record_parts(1005, a, "E_X");
        stats.record_parts(1005, b, String::from("E_X").leak());
        let snapshot = stats.snapshot();
        assert_eq!(snapshot.by_domain.len(), 1);
        assert_eq!(snapshot.by_domain["python"], 2);
        assert_eq!(snapshot.by_symbol["E_X"], 2);
        assert_eq!(snapshot.by_code[&1005], 2);
    }
}
