//! The [`metrics`](https://docs.rs/metrics) facade (feature `metrics`): one counter,
//! `mcp_errors_total`, labelled `code`, `domain` and `symbol`.
//!
//! [`emit`](super::emit) calls [`record`] for every error put on the wire, so with the
//! feature on, whatever recorder the application installs (a Prometheus exporter, ...) sees
//! every emitted error. Unlike the in-process [`ErrorStats`](crate::metrics::ErrorStats),
//! this does not depend on `MCP_ERROR_METRICS`: installing a recorder is the opt-in.
//!
//! ```
//! # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
//! # #[derive(Debug)] struct Nav;
//! # impl std::fmt::Display for Nav {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Navigation failed") } }
//! # impl std::error::Error for Nav {}
//! # static ENTRY: ErrorEntry = ErrorEntry { code: 2100, symbol: "E_PW_NAV", domain: "playwright",
//! #     message: "Navigation failed", retryable: true, kind: ErrorKind::Network, variant: "Nav",
//! #     doc: "", aliases: &[], help: None, fields: &[] };
//! # impl McpError for Nav {
//! #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
//! #     fn domain(&self) -> &'static str { "playwright" } }
//! // Without an installed recorder this is a no-op.
//! mcp_errors_core::integrations::metrics::record(&Nav);
//! ```

use crate::McpError;

/// The name of the counter.
pub const COUNTER: &str = "mcp_errors_total";

/// Increments `mcp_errors_total{code="2100", domain="playwright", symbol="E_PW_NAV"}` by one
/// on the recorder currently installed for the `metrics` facade.
///
/// The `domain` label is [`McpError::domain`]: for a `transparent` variant, the outer enum's.
pub fn record<E: McpError + ?Sized>(err: &E) {
    ::metrics::counter!(
        COUNTER,
        "code" => err.code().to_string(),
        "domain" => err.domain(),
        "symbol" => err.symbol(),
    )
    .increment(1);
}
