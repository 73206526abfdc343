//! Errors from outside the taxonomy, the "unknown errors" of a TypeScript error hierarchy
//! ([`UnknownError`], and [`Foreign`] to carry one): retried as that hierarchy retries them
//! (3 times, a conservative default) and sent without their text.

use core::fmt;
use std::error::Error;

use crate::{ErrorEntry, ErrorKind, FieldSink, McpError};

/// The catalog row of every error from outside the taxonomy: `UnknownError`.
///
/// Code -32603 (JSON-RPC's internal error), symbol `UNKNOWN_ERROR`, domain `unknown`, kind
/// `internal` and retryable: unknown errors are retried, 3 times with exponential
/// backoff, the default budget of the `internal` kind in
/// [`RetryPolicy`](crate::retry::RetryPolicy).
pub static UNKNOWN_ENTRY: ErrorEntry = ErrorEntry {
    code: crate::jsonrpc::INTERNAL_ERROR,
    symbol: "UNKNOWN_ERROR",
    domain: "unknown",
    message: "Unknown error",
    retryable: true,
    kind: ErrorKind::Internal,
    variant: "UnknownError",
    doc: "Unknown error\n\nA failure from outside the server's error taxonomy.",
    aliases: &[],
    help: None,
    channel: crate::Channel::ToolError,
    error_type: Some("UnknownError"),
    fields: &[],
};

/// An error from outside the taxonomy, as an [`McpError`]: [`UNKNOWN_ENTRY`]. What
/// [`retry`](crate::retry::retry) sees for an `std::io::Error` or a
/// `Box<dyn Error + Send + Sync>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnknownError;

impl fmt::Display for UnknownError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(UNKNOWN_ENTRY.message)
    }
}

impl Error for UnknownError {}

impl McpError for UnknownError {
    fn entry(&self) -> &'static ErrorEntry {
        &UNKNOWN_ENTRY
    }

    fn domain(&self) -> &'static str {
        UNKNOWN_ENTRY.domain
    }
}

/// Any error as an unknown [`McpError`] (an `UnknownError`): the code, symbol, kind
/// and retry guidance of [`UNKNOWN_ENTRY`], and the wrapped error as its
/// [`source`](Error::source), whose text stays in the process (no envelope writes it).
///
/// ```
/// use mcp_errors_core::{McpError, McpErrorExt, unknown::Foreign};
///
/// let err = Foreign(std::io::Error::other("disk on fire"));
/// assert_eq!((err.code(), err.symbol(), err.retryable()), (-32603, "UNKNOWN_ERROR", true));
/// let wire = err.to_tool_result().to_json_string().unwrap();
/// assert!(!wire.contains("disk on fire"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Foreign<E>(pub E);

impl<E> fmt::Display for Foreign<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(UNKNOWN_ENTRY.message)
    }
}

impl<E: Error + 'static> Error for Foreign<E> {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.0)
    }
}

impl<E: Error + 'static> McpError for Foreign<E> {
    fn entry(&self) -> &'static ErrorEntry {
        &UNKNOWN_ENTRY
    }

    fn domain(&self) -> &'static str {
        UNKNOWN_ENTRY.domain
    }

    fn visit_data<S: FieldSink>(&self, _sink: &mut S) -> Result<(), S::Error> {
        Ok(())
    }
}
