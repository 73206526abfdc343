//! Error counters: [`ErrorStats`] and the `sys/errorStats` snapshot of seed 000.
//!
//! Every emitted error can be counted by total, by code, by domain and by symbol. The
//! counters are lock-free: recording is a handful of relaxed atomic operations on
//! fixed-capacity open-addressing tables, so many threads can record at once and every count
//! stays exact.
//!
//! ```
//! # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
//! # #[derive(Debug)] struct TooLarge;
//! # impl std::fmt::Display for TooLarge {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Input too large") } }
//! # impl std::error::Error for TooLarge {}
//! # static ENTRY: ErrorEntry = ErrorEntry { code: 1005, symbol: "E_INPUT_TOO_LARGE", domain: "common",
//! #     message: "Input too large", retryable: false, kind: ErrorKind::Validation, variant: "InputTooLarge",
//! #     doc: "", aliases: &[], help: None, fields: &[] };
//! # impl McpError for TooLarge {
//! #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
//! #     fn domain(&self) -> &'static str { "python" } }
//! use mcp_errors_core::metrics::{ErrorStats, MetricsConfig};
//!
//! let stats = ErrorStats::new(MetricsConfig::enabled());
//! stats.record(&TooLarge);
//! stats.record(&TooLarge);
//!
//! let snapshot = stats.snapshot();
//! assert_eq!(snapshot.total, 2);
//! assert_eq!(snapshot.by_code[&1005], 2);
//! assert_eq!(snapshot.by_domain["python"], 2);
//! assert_eq!(
//!     serde_json::to_value(&snapshot).unwrap(),
//!     serde_json::json!({
//!         "total": 2,
//!         "byCode": {"1005": 2},
//!         "byDomain": {"python": 2},
//!         "bySymbol": {"E_INPUT_TOO_LARGE": 2}
//!     })
//! );
//! ```
//!
//! # Environment
//!
//! The process-wide counters of [`global()`] read two variables, once, on first use:
//!
//! | variable | accepts | effect |
//! |---|---|---|
//! | `MCP_ERROR_METRICS` | a truthy value: `1`, `true`, `yes`, `on` (any case, surrounding blanks ignored) | enables the counters and the `sys/errorStats` method; anything else, or unset, leaves them off |
//! | `MCP_ERROR_METRICS_SAMPLE` | a positive integer `N` | records only every `N`th occurrence of each error (the 1st, the `N+1`th, ...; see [Sampling](#sampling)); unset, `0`, `1` or unparsable records everything |
//!
//! When the counters are off, [`record`] costs one relaxed atomic load and a branch, and
//! [`ErrorStats::record`] on a disabled instance one field load and a branch.
//!
//! # Sampling
//!
//! With `MCP_ERROR_METRICS_SAMPLE=N`, each kind of error (each combination of code, symbol and
//! domain: one symbol, unless a `transparent` error is reported under several domains, each of
//! which then samples on its own) keeps a count of its occurrences, and the 1st, `N+1`th,
//! `2N+1`th ... occurrence is recorded, so the first occurrence of every error is always
//! visible. Recorded counts are **not scaled**: `total`, `byCode`, `byDomain` and `bySymbol`
//! count recorded occurrences, and the snapshot carries `"sample": N` (omitted when `N` is 1)
//! so a reader can estimate the true volume as about `count × N`.
//!
//! # Design and capacity
//!
//! One open-addressing hash table has a slot per distinct `(code, symbol, domain)`; a record
//! hashes the code and domain, finds (or, the first time, claims) its slot and does a single
//! relaxed `fetch_add` on one occurrence counter of the slot. Nothing else is written: `total`,
//! `byCode`, `byDomain` and `bySymbol` are sums computed by [`ErrorStats::snapshot`], which
//! therefore always agree with each other. Slots are never removed or moved, so a slot once
//! found stays valid without a lock.
//!
//! The keys and the counters are kept apart so that recording threads do not share a cache
//! line they write to. The keys are written once, when a slot is claimed, and only read after
//! that. The counters are striped: there are 8 copies of them, each on cache lines of its own,
//! every thread is given one copy (in turn, on its first record) and counts only there, and a
//! snapshot adds the copies up. Threads counting even the same error thus normally write to
//! different lines; with more than 8 threads some share a copy, and every count stays exact
//! either way.
//!
//! The table holds [`DEFAULT_CAPACITY`] distinct errors unless configured otherwise
//! ([`MetricsConfig::with_capacity`], rounded up to a power of two, at most [`MAX_CAPACITY`]);
//! it never grows. It takes about 120 bytes per slot (a 56-byte key and 8 striped 8-byte
//! counters): 120 KiB by default. When it is full, further new errors are counted in `total`
//! and in the snapshot's `overflow` (omitted when zero) but not per key: the total is never
//! lost, and such an error costs little more than a known one (no search of the whole
//! table).

use std::cell::Cell;
use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicU64, AtomicUsize};

use crate::McpError;

/// The JSON-RPC method that returns the snapshot: `sys/errorStats`.
pub const STATS_METHOD: &str = "sys/errorStats";

/// Default number of distinct errors (`(code, symbol, domain)` combinations) an
/// [`ErrorStats`] counts separately: about 120 KiB of keys and striped counters (see
/// [`MetricsConfig::with_capacity`]).
pub const DEFAULT_CAPACITY: usize = 1024;

/// The largest capacity; larger requests are clamped to it.
pub const MAX_CAPACITY: usize = 1 << 20;

/// Whether an environment value counts as "on": `1`, `true`, `yes` or `on`, in any case,
/// with surrounding whitespace ignored. Everything else (including `0`, `false` and the empty
/// string) is off.
///
/// ```
/// use mcp_errors_core::metrics::is_truthy;
/// assert!(is_truthy("1") && is_truthy(" TRUE ") && is_truthy("yes") && is_truthy("On"));
/// assert!(!is_truthy("0") && !is_truthy("") && !is_truthy("enabled"));
/// ```
pub fn is_truthy(value: &str) -> bool {
    let value = value.trim();
    ["1", "true", "yes", "on"]
        .iter()
        .any(|t| value.eq_ignore_ascii_case(t))
}

/// How an [`ErrorStats`] behaves: whether it counts, its sampling rate and its capacity.
///
/// ```
/// use mcp_errors_core::metrics::MetricsConfig;
///
/// let config = MetricsConfig::from_vars(Some("yes"), Some("100"));
/// assert!(config.enabled);
/// assert_eq!(config.sample, 100);
/// assert_eq!(MetricsConfig::from_vars(None, None), MetricsConfig::disabled());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MetricsConfig {
    /// Whether occurrences are counted at all.
    pub enabled: bool,
    /// Record every `sample`th occurrence of each error; `0` and `1` record all.
    pub sample: u32,
    /// Distinct `(code, symbol, domain)` combinations counted separately (rounded up to a
    /// power of two, at most [`MAX_CAPACITY`]).
    pub capacity: usize,
}

impl MetricsConfig {
    /// Counting on, every occurrence, default capacities.
    pub const fn enabled() -> MetricsConfig {
        MetricsConfig {
            enabled: true,
            sample: 1,
            capacity: DEFAULT_CAPACITY,
        }
    }

    /// Counting off: [`ErrorStats::record`] does nothing and allocates nothing.
    pub const fn disabled() -> MetricsConfig {
        MetricsConfig {
            enabled: false,
            ..MetricsConfig::enabled()
        }
    }

    /// The same configuration recording every `n`th occurrence of each error.
    ///
    /// ```
    /// use mcp_errors_core::metrics::MetricsConfig;
    /// assert_eq!(MetricsConfig::enabled().with_sample(10).sample, 10);
    /// ```
    #[must_use]
    pub const fn with_sample(self, n: u32) -> MetricsConfig {
        MetricsConfig { sample: n, ..self }
    }

    /// The same configuration with another capacity: how many distinct
    /// `(code, symbol, domain)` combinations are counted separately (rounded up to a power of
    /// two, at most [`MAX_CAPACITY`]; `0` counts only `total` and `overflow`).
    ///
    /// An enabled instance allocates about 120 bytes per slot, all up front: a 56-byte key and
    /// one 8-byte counter in each of the 8 per-thread stripes (plus a 64-byte line per stripe
    /// for the overflow counter). That is about 120 KiB for [`DEFAULT_CAPACITY`], 8 KiB for
    /// 64 and 120 MiB for [`MAX_CAPACITY`]; a disabled instance allocates nothing.
    ///
    /// ```
    /// use mcp_errors_core::metrics::MetricsConfig;
    /// let small = MetricsConfig::enabled().with_capacity(64);
    /// assert_eq!(small.capacity, 64);
    /// ```
    #[must_use]
    pub const fn with_capacity(self, capacity: usize) -> MetricsConfig {
        MetricsConfig { capacity, ..self }
    }

    /// The configuration described by the values of `MCP_ERROR_METRICS` and
    /// `MCP_ERROR_METRICS_SAMPLE` (see the [module docs](self)), without reading the
    /// environment: tests and embedders pass the values they want.
    ///
    /// ```
    /// use mcp_errors_core::metrics::MetricsConfig;
    /// assert!(!MetricsConfig::from_vars(Some("0"), None).enabled);
    /// assert_eq!(MetricsConfig::from_vars(Some("1"), Some("abc")).sample, 1);
    /// ```
    pub fn from_vars(metrics: Option<&str>, sample: Option<&str>) -> MetricsConfig {
        let base = if metrics.is_some_and(is_truthy) {
            MetricsConfig::enabled()
        } else {
            MetricsConfig::disabled()
        };
        let sample = sample
            .and_then(|s| s.trim().parse::<u32>().ok())
            .filter(|&n| n > 0)
            .unwrap_or(1);
        base.with_sample(sample)
    }

    /// Reads `MCP_ERROR_METRICS` and `MCP_ERROR_METRICS_SAMPLE` from the environment.
    /// Values that are not valid Unicode count as unset.
    pub fn from_env() -> MetricsConfig {
        let metrics = std::env::var("MCP_ERROR_METRICS").ok();
        let sample = std::env::var("MCP_ERROR_METRICS_SAMPLE").ok();
        MetricsConfig::from_vars(metrics.as_deref(), sample.as_deref())
    }
}

impl Default for MetricsConfig {
    /// [`MetricsConfig::disabled`]: counting is opt-in.
    fn default() -> Self {
        MetricsConfig::disabled()
    }
}

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
/// #     doc: "", aliases: &[], help: None, fields: &[] };
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
    table: Table,
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
    /// Does nothing when the instance is disabled, or when sampling skips this occurrence.
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
    fn recorded(&self, seen: u64) -> u64 {
        seen.div_ceil(u64::from(self.sample))
    }

    /// The counters as they are now, in the shape of seed 000's `sys/errorStats` result.
    ///
    /// Keys never seen are left out; a disabled instance gives an empty snapshot. `total` is
    /// always the sum of `byCode` (and of `byDomain`, and of `bySymbol`) plus `overflow`.
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

    /// Answers one JSON-RPC request line if it calls `sys/errorStats`.
    ///
    /// - A `sys/errorStats` request gets `{"jsonrpc":"2.0","id":<its id>,"result":<snapshot>}`
    ///   when this instance is enabled, and a `-32601` method-not-found error when it is not
    ///   (seed 000: clients feature-detect the method).
    /// - A line that is not valid JSON gets a `-32700` parse error with `"id": null`.
    /// - A `sys/errorStats` call whose `id` is neither a string, a number nor `null` gets a
    ///   `-32600` invalid-request error.
    /// - Everything else returns `None`, for the server's own dispatch: other methods, JSON
    ///   that is not a request object (batches, scalars), and a `sys/errorStats`
    ///   *notification* (no `id`), which JSON-RPC forbids answering.
    ///
    /// Never panics, whatever the input.
    ///
    /// ```
    /// use mcp_errors_core::metrics::{ErrorStats, MetricsConfig};
    /// use serde_json::{Value, json};
    ///
    /// let stats = ErrorStats::new(MetricsConfig::enabled());
    /// stats.record_parts(2300, "memory-bank", "E_MB_FILE_NOT_FOUND");
    ///
    /// let reply = stats.answer_request(r#"{"jsonrpc":"2.0","id":7,"method":"sys/errorStats"}"#);
    /// let reply: Value = serde_json::from_str(&reply.unwrap()).unwrap();
    /// assert_eq!(reply, json!({"jsonrpc": "2.0", "id": 7, "result": {
    ///     "total": 1, "byCode": {"2300": 1}, "byDomain": {"memory-bank": 1},
    ///     "bySymbol": {"E_MB_FILE_NOT_FOUND": 1}}}));
    ///
    /// assert_eq!(stats.answer_request(r#"{"jsonrpc":"2.0","id":8,"method":"tools/list"}"#), None);
    ///
    /// let off = ErrorStats::new(MetricsConfig::disabled());
    /// let reply = off.answer_request(r#"{"jsonrpc":"2.0","id":9,"method":"sys/errorStats"}"#);
    /// let reply: Value = serde_json::from_str(&reply.unwrap()).unwrap();
    /// assert_eq!(reply["error"]["code"], -32601);
    /// ```
    pub fn answer_request(&self, line: &str) -> Option<String> {
        let request: StatsRequestProbe = match serde_json::from_str(line) {
            Ok(request) => request,
            Err(e) if e.is_data() => return None,
            Err(_) => {
                return Some(error_line(
                    &serde_json::Value::Null,
                    crate::jsonrpc::PARSE_ERROR,
                    "Parse error",
                ));
            }
        };
        if request.method.as_deref() != Some(STATS_METHOD) {
            return None;
        }
        let id = request.id?;
        if !matches!(
            id,
            serde_json::Value::Null | serde_json::Value::Number(_) | serde_json::Value::String(_)
        ) {
            return Some(error_line(
                &serde_json::Value::Null,
                crate::jsonrpc::INVALID_REQUEST,
                "Invalid Request",
            ));
        }
        if !self.enabled {
            return Some(error_line(
                &id,
                crate::jsonrpc::METHOD_NOT_FOUND,
                "Method not found",
            ));
        }
        let response = StatsResponse {
            jsonrpc: "2.0",
            id: &id,
            result: self.snapshot(),
        };
        // Serializing a snapshot (maps of strings and integers) into a String cannot fail.
        serde_json::to_string(&response).ok()
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

/// A point-in-time copy of an [`ErrorStats`]: the `result` of `sys/errorStats`.
///
/// Serializes as seed 000's shape, `{"total":3,"byCode":{"1005":2,"2300":1},
/// "byDomain":{...},"bySymbol":{...}}`, plus `"sample"` when sampling is on and `"overflow"`
/// when a table was full. Deserializes from the same shape, so a client can read a server's
/// answer.
///
/// ```
/// use mcp_errors_core::metrics::StatsSnapshot;
/// let s: StatsSnapshot = serde_json::from_str(
///     r#"{"total":3,"byCode":{"1005":2,"2300":1},"byDomain":{"python":2,"memory-bank":1},
///         "bySymbol":{"E_INPUT_TOO_LARGE":2,"E_MB_FILE_NOT_FOUND":1}}"#,
/// ).unwrap();
/// assert_eq!((s.total, s.by_code[&1005], s.sample, s.overflow), (3, 2, 1, 0));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatsSnapshot {
    /// Recorded occurrences, all errors together.
    pub total: u64,
    /// Recorded occurrences per code.
    pub by_code: BTreeMap<i32, u64>,
    /// Recorded occurrences per domain.
    pub by_domain: BTreeMap<String, u64>,
    /// Recorded occurrences per symbol.
    pub by_symbol: BTreeMap<String, u64>,
    /// The sampling rate in force (`1`: every occurrence; omitted from JSON when `1`).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub sample: u32,
    /// Recorded occurrences of errors that found the table full, counted in `total` only
    /// (omitted from JSON when `0`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub overflow: u64,
}

fn one() -> u32 {
    1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_one(n: &u32) -> bool {
    *n == 1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_zero(n: &u64) -> bool {
    *n == 0
}

// ---------------------------------------------------------------------------------------------
// The process-wide instance.

static GLOBAL: OnceLock<ErrorStats> = OnceLock::new();

const STATE_UNKNOWN: u8 = 0;
const STATE_OFF: u8 = 1;
const STATE_ON: u8 = 2;
/// Mirrors `GLOBAL`'s `enabled` flag so that [`record`] can bail out on one relaxed load.
static GLOBAL_STATE: AtomicU8 = AtomicU8::new(STATE_UNKNOWN);

fn publish(stats: &'static ErrorStats) -> &'static ErrorStats {
    GLOBAL_STATE.store(if stats.enabled { STATE_ON } else { STATE_OFF }, Relaxed);
    stats
}

/// The process-wide counters.
///
/// Configured on first use from `MCP_ERROR_METRICS` and `MCP_ERROR_METRICS_SAMPLE` (read once;
/// later changes to the environment have no effect), unless [`init_global`] ran first.
///
/// ```
/// use mcp_errors_core::metrics;
/// let stats = metrics::global();
/// // Off unless MCP_ERROR_METRICS was truthy when the process first asked.
/// let _ = stats.is_enabled();
/// ```
pub fn global() -> &'static ErrorStats {
    if let Some(stats) = GLOBAL.get() {
        return stats;
    }
    publish(GLOBAL.get_or_init(|| ErrorStats::new(MetricsConfig::from_env())))
}

/// Configures the process-wide counters explicitly (from command-line flags, say) instead of
/// the environment. Returns the installed instance, or `Err` with the existing one when
/// [`global()`] was already configured.
///
/// ```
/// use mcp_errors_core::metrics::{self, MetricsConfig};
/// match metrics::init_global(MetricsConfig::enabled()) {
///     Ok(stats) => assert!(stats.is_enabled()),
///     Err(_already_configured) => {}
/// }
/// ```
pub fn init_global(config: MetricsConfig) -> Result<&'static ErrorStats, &'static ErrorStats> {
    let mut fresh = Some(config);
    let stats = GLOBAL.get_or_init(|| ErrorStats::new(fresh.take().unwrap_or_default()));
    publish(stats);
    if fresh.is_none() {
        Ok(stats)
    } else {
        Err(stats)
    }
}

/// Counts `err` in the process-wide counters of [`global()`].
///
/// When the global counters are off this is one relaxed atomic load and a branch.
///
/// ```
/// # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
/// # #[derive(Debug)] struct Timeout;
/// # impl std::fmt::Display for Timeout {
/// #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Operation timed out") } }
/// # impl std::error::Error for Timeout {}
/// # static ENTRY: ErrorEntry = ErrorEntry { code: 1001, symbol: "E_TIMEOUT", domain: "common",
/// #     message: "Operation timed out", retryable: true, kind: ErrorKind::Timeout, variant: "Timeout",
/// #     doc: "", aliases: &[], help: None, fields: &[] };
/// # impl McpError for Timeout {
/// #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
/// #     fn domain(&self) -> &'static str { "common" } }
/// mcp_errors_core::metrics::record(&Timeout);
/// ```
#[inline]
pub fn record<E: McpError + ?Sized>(err: &E) {
    if GLOBAL_STATE.load(Relaxed) != STATE_OFF {
        global().record(err);
    }
}

// ---------------------------------------------------------------------------------------------
// `sys/errorStats` request handling.

/// The parts of a request line `answer_request` looks at; other members are skipped (but
/// still syntax-checked) without being built.
#[derive(serde::Deserialize)]
struct StatsRequestProbe {
    #[serde(default)]
    method: Option<String>,
    /// `None` when absent (a notification), `Some(Null)` for `"id": null`.
    #[serde(default, deserialize_with = "present")]
    id: Option<serde_json::Value>,
}

fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<serde_json::Value>, D::Error> {
    <serde_json::Value as serde::Deserialize>::deserialize(d).map(Some)
}

#[derive(serde::Serialize)]
struct StatsResponse<'a> {
    jsonrpc: &'static str,
    id: &'a serde_json::Value,
    result: StatsSnapshot,
}

fn error_line(id: &serde_json::Value, code: i32, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": code, "message": message, "data": {"method": STATS_METHOD}},
    })
    .to_string()
}

// ---------------------------------------------------------------------------------------------
// The lock-free open-addressing table. Keys are inserted once and never removed or moved, so a
// slot found for a key stays that key's slot forever and counting is a plain `fetch_add`.
//
// Keys and counts live apart. The keys are read-mostly (written once, when a slot is claimed),
// so every thread keeps them in its cache. The counts are striped: each thread counts in one
// of `STRIPES` copies of the counters, chosen once per thread, so threads counting the same
// error write to different cache lines; a snapshot adds the stripes up.

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
fn current_stripe() -> usize {
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

type Key = (i32, &'static str, &'static str);

#[inline]
fn same_key(&(c, s, d): &Key, (code, symbol, domain): Key) -> bool {
    c == code && same_str(s, symbol) && same_str(d, domain)
}

/// One distinct error's key; its counts are in [`Table::counts`].
struct KeySlot {
    /// `(code, symbol, domain)`, set once by the thread that claims the slot. `OnceLock`
    /// keeps this free of `unsafe`; its initializer only stores the key, so a thread racing
    /// for the same empty slot waits for at most that.
    key: OnceLock<Key>,
    /// For this slot as a home: how many slots past it a key homed here may sit. Raised
    /// *before* such a key claims its slot, so once the table is full (no key will ever be
    /// inserted again) a lookup that misses at home checks only this many further slots.
    reach: AtomicU32,
}

struct Table {
    /// One slot per distinct error, a power of two of them (or none).
    keys: Box<[KeySlot]>,
    /// The counters, `STRIPES` regions of `stride` lines, stripe-major: in each region, word
    /// `i` counts the key of slot `i` and word `keys.len()` the overflow. Empty for a disabled
    /// instance.
    counts: Box<[Line]>,
    /// Lines per stripe: room for `keys.len() + 1` counters.
    stride: usize,
    /// Set when a probe found no free slot: every slot is taken, for good.
    full: AtomicBool,
}

impl Table {
    /// No slots and no counters: allocates nothing (for a disabled instance, which never
    /// records).
    fn empty() -> Table {
        Table {
            keys: Box::default(),
            counts: Box::default(),
            stride: 0,
            full: AtomicBool::new(false),
        }
    }

    fn new(capacity: usize) -> Table {
        let len = table_len(capacity);
        let stride = (len + 1).div_ceil(LINE_WORDS);
        Table {
            keys: (0..len)
                .map(|_| KeySlot {
                    key: OnceLock::new(),
                    reach: AtomicU32::new(0),
                })
                .collect(),
            counts: (0..STRIPES * stride)
                .map(|_| Line(Default::default()))
                .collect(),
            stride,
            full: AtomicBool::new(false),
        }
    }

    /// The counter index of occurrences that found the table full.
    #[inline]
    fn overflow_index(&self) -> usize {
        self.keys.len()
    }

    /// Counter `index` (a slot, or [`overflow_index`](Self::overflow_index)) of `stripe`.
    #[inline]
    fn counter(&self, stripe: usize, index: usize) -> &AtomicU64 {
        &self.counts[stripe * self.stride + index / LINE_WORDS].0[index % LINE_WORDS]
    }

    /// Occurrences counted at `index`, all stripes together; 0 without counters.
    fn seen(&self, index: usize) -> u64 {
        if self.counts.is_empty() {
            return 0;
        }
        (0..STRIPES)
            .map(|stripe| self.counter(stripe, index).load(Relaxed))
            .sum()
    }

    /// The slot of the key, claiming a free one on first sight; `None` when the table is full.
    #[inline]
    fn slot(&self, code: i32, symbol: &'static str, domain: &'static str) -> Option<usize> {
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
        (1..=reach.min(len - 1))
            .map(|distance| (home + distance) & (len - 1))
            .find(|&i| {
                self.keys[i]
                    .key
                    .get()
                    .is_some_and(|found| same_key(found, key))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truthy_values() {
        for v in ["1", "true", "TRUE", "Yes", "on", " on\n"] {
            assert!(is_truthy(v), "{v:?}");
        }
        for v in ["", "0", "false", "no", "off", "2", "y", "enable"] {
            assert!(!is_truthy(v), "{v:?}");
        }
    }

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
