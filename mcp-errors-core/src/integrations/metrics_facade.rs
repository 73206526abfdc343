//! The [`metrics`](https://docs.rs/metrics) facade (feature `metrics`): the counter
//! `mcp_errors_total` per emitted error, and OpenTelemetry's `mcp.server.operation.duration`
//! histogram for the operations you time.
//!
//! [`emit_as`](super::emit_as) calls [`record_as`] for every error put on the wire, so with the
//! feature on, whatever recorder the application installs (a Prometheus exporter, an
//! OpenTelemetry bridge, ...) sees every emitted error. Unlike the in-process
//! [`ErrorStats`](crate::metrics::ErrorStats), this does not depend on `MCP_ERRORS_METRICS`:
//! installing a recorder is the opt-in. Label names follow OpenTelemetry's MCP conventions
//! (see [`semconv`](super::semconv)); a Prometheus exporter writes their dots as `_`.
//!
//! ```
//! # use mcp_errors_core::{ErrorEntry, ErrorKind, McpError};
//! # #[derive(Debug)] struct Nav;
//! # impl std::fmt::Display for Nav {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("Navigation failed") } }
//! # impl std::error::Error for Nav {}
//! # static ENTRY: ErrorEntry = ErrorEntry { code: 2100, symbol: "E_PW_NAV", domain: "playwright",
//! #     message: "Navigation failed", retryable: true, kind: ErrorKind::Network, variant: "Nav",
//! #     doc: "", aliases: &[], help: None, channel: mcp_errors_core::Channel::ToolError, error_type: None, fields: &[] };
//! # impl McpError for Nav {
//! #     fn entry(&self) -> &'static ErrorEntry { &ENTRY }
//! #     fn domain(&self) -> &'static str { "playwright" } }
//! use std::time::Duration;
//! use mcp_errors_core::Channel;
//! use mcp_errors_core::integrations::metrics;
//! // Without an installed recorder these are no-ops.
//! metrics::record(&Nav);
//! metrics::record_failed_operation("tools/call", Duration::from_millis(12), &Nav, Channel::ToolError);
//! metrics::record_operation("tools/list", Duration::from_micros(80));
//! ```

use std::time::Duration;

use ::metrics::Label;

use super::semconv::{
    CODE, DOMAIN, ERROR_TYPE, MCP_METHOD_NAME, MCP_SERVER_OPERATION_DURATION,
    RPC_RESPONSE_STATUS_CODE, SYMBOL,
};
use crate::Channel;
use crate::McpError;

/// The name of the counter.
pub const COUNTER: &str = "mcp_errors_total";

/// `error.type` and, for a JSON-RPC error, `rpc.response.status_code`.
fn outcome_labels(code: i32, channel: Channel, labels: &mut Vec<Label>) {
    labels.push(Label::new(ERROR_TYPE, channel.error_type(code)));
    if let Some(status) = channel.status_code(code) {
        labels.push(Label::new(RPC_RESPONSE_STATUS_CODE, status.to_string()));
    }
}

/// Counts `err` sent as a JSON-RPC error: [`record_as`] with [`Channel::JsonRpcError`].
pub fn record<E: McpError + ?Sized>(err: &E) {
    record_as(err, Channel::JsonRpcError);
}

/// Increments `mcp_errors_total` by one on the recorder currently installed for the
/// `metrics` facade, labelled `error.type` (`"2100"`, or `tool_error`),
/// `rpc.response.status_code` (JSON-RPC errors only), `mcp_errors.code`, `mcp_errors.domain`
/// and `mcp_errors.symbol`.
///
/// The domain is [`McpError::domain`]: for a `transparent` variant, the outer enum's.
pub fn record_as<E: McpError + ?Sized>(err: &E, channel: Channel) {
    let code = err.code();
    let mut labels = Vec::with_capacity(5);
    outcome_labels(code, channel, &mut labels);
    labels.push(Label::new(CODE, code.to_string()));
    labels.push(Label::new(DOMAIN, err.domain()));
    labels.push(Label::new(SYMBOL, err.symbol()));
    ::metrics::counter!(COUNTER, labels).increment(1);
}

/// Records one request the server answered successfully in OpenTelemetry's
/// `mcp.server.operation.duration` histogram (seconds), labelled `mcp.method.name`.
///
/// The library sees errors, not requests: call this where the server times its handlers.
///
/// `method` becomes a label value as given: pass the method your server routed (`tools/call`,
/// one of a fixed set), never a client's text unchecked, or each unknown method a client
/// invents becomes a new time series. Record a method you do not serve as `"_OTHER"`, as
/// OpenTelemetry does for HTTP methods.
pub fn record_operation(method: &str, duration: Duration) {
    operation(method, duration, Vec::new());
}

/// Records one request that failed with `err`, sent through `channel`, in
/// `mcp.server.operation.duration`: labelled `mcp.method.name`, `error.type` and, for a
/// JSON-RPC error, `rpc.response.status_code`. A tool error is a failed operation too.
/// `method` as in [`record_operation`].
pub fn record_failed_operation<E: McpError + ?Sized>(
    method: &str,
    duration: Duration,
    err: &E,
    channel: Channel,
) {
    let mut labels = Vec::with_capacity(2);
    outcome_labels(err.code(), channel, &mut labels);
    operation(method, duration, labels);
}

fn operation(method: &str, duration: Duration, mut labels: Vec<Label>) {
    labels.insert(0, Label::new(MCP_METHOD_NAME, method.to_owned()));
    ::metrics::histogram!(MCP_SERVER_OPERATION_DURATION, labels).record(duration.as_secs_f64());
}
