//! Error counters: [`ErrorStats`] and the `sys/errorStats` snapshot.
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
//! #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
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
//! | `MCP_ERRORS_METRICS` | a truthy value: `1`, `true`, `yes`, `on` (any case, surrounding blanks ignored) | enables the counters and the `sys/errorStats` method; anything else, or unset, leaves them off |
//! | `MCP_ERRORS_METRICS_SAMPLE` | a positive integer `N` | records only every `N`th occurrence of each error (the 1st, the `N+1`th, ...; see [Sampling](#sampling)); a value past `u32::MAX` is `u32::MAX`; unset, `0`, `1` or unparsable (`-3`, `1.5`, `abc`) records everything |
//!
//! Both are also read under their deprecated names, `MCP_ERROR_METRICS` and
//! `MCP_ERROR_METRICS_SAMPLE` (those of the Node fleet's servers), each when its new name is
//! unset: the new name wins when both are set. Nothing is printed about it; with the
//! `tracing` feature, the first read of a deprecated name emits one `WARN` event (target
//! `mcp_errors`) naming the variable to set instead.
//!
//! When the counters are off, [`record`] costs one relaxed atomic load and a branch, and
//! [`ErrorStats::record`] on a disabled instance one field load and a branch.
//!
//! # Sampling
//!
//! With `MCP_ERRORS_METRICS_SAMPLE=N`, each kind of error (each combination of code, symbol and
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

mod config;
mod global;
mod request;
mod snapshot;
mod stats;
mod table;

pub use config::{DEFAULT_CAPACITY, MAX_CAPACITY, MetricsConfig};
pub use global::{global, init_global, record};
pub use request::STATS_METHOD;
#[cfg_attr(
    not(any(feature = "rmcp-1", feature = "rmcp-2", feature = "rmcp-3")),
    allow(unused_imports)
)]
pub(crate) use request::{METHOD_NOT_FOUND_MESSAGE, StatsAnswer, method_data};
pub use snapshot::StatsSnapshot;
pub use stats::ErrorStats;
