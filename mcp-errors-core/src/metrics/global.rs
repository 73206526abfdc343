//! The process-wide counters: [`global()`], [`init_global`] and [`record`].

use std::sync::OnceLock;
use std::sync::atomic::AtomicU8;
use std::sync::atomic::Ordering::Relaxed;

use super::{ErrorStats, MetricsConfig};
use crate::McpError;

static GLOBAL: OnceLock<ErrorStats> = OnceLock::new();

const STATE_UNKNOWN: u8 = 0;
const STATE_OFF: u8 = 1;
const STATE_ON: u8 = 2;
/// Mirrors `GLOBAL`'s `enabled` flag so that [`record`] can bail out on one relaxed load.
static GLOBAL_STATE: AtomicU8 = AtomicU8::new(STATE_UNKNOWN);

fn publish(stats: &'static ErrorStats) -> &'static ErrorStats {
    GLOBAL_STATE.store(
        if stats.is_enabled() {
            STATE_ON
        } else {
            STATE_OFF
        },
        Relaxed,
    );
    stats
}

/// The process-wide counters.
///
/// Configured on first use from `MCP_ERRORS_METRICS` and `MCP_ERRORS_METRICS_SAMPLE` (read once;
/// later changes to the environment have no effect), unless [`init_global`] ran first.
///
/// ```
/// use mcp_errors_core::metrics;
/// let stats = metrics::global();
/// // Off unless MCP_ERRORS_METRICS was truthy when the process first asked.
/// let _ = stats.is_enabled();
/// ```
pub fn global() -> &'static ErrorStats {
    if let Some(stats) = GLOBAL.get() {
        return stats;
    }
    install(None).0
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
    match install(Some(config)) {
        (stats, true) => Ok(stats),
        (stats, false) => Err(stats),
    }
}

/// Sets the process-wide counters unless they are set: from `config`, or from the environment
/// when `None`. Returns them, and whether this call set them.
fn install(config: Option<MetricsConfig>) -> (&'static ErrorStats, bool) {
    let mut installed = false;
    let stats = GLOBAL.get_or_init(|| {
        installed = true;
        ErrorStats::new(config.unwrap_or_else(MetricsConfig::from_env))
    });
    (publish(stats), installed)
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
/// #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
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
