//! [`tracing`](https://docs.rs/tracing) events (feature `tracing`): one event per emitted
//! error, with OpenTelemetry's MCP attribute names.
//!
//! [`emit_as`](super::emit_as) calls [`record_as`] for every error put on the wire. The event
//! has target `mcp_errors`, level `ERROR` for [`ErrorKind::Internal`] (a fault of the server)
//! and `WARN` otherwise, the error's `Display` text as its message, and the fields (names in
//! [`semconv`](super::semconv)):
//!
//! | field | value |
//! |---|---|
//! | `error.type` | the JSON-RPC code as a string (`"2100"`), or `tool_error` for a tool error |
//! | `rpc.response.status_code` | the JSON-RPC code; absent for a tool error |
//! | `mcp_errors.code` | the catalog code (integer) |
//! | `mcp_errors.domain`, `mcp_errors.symbol` | the domain and symbol |
//! | `mcp_errors.retryable`, `mcp_errors.kind` | retry guidance and category |
//!
//! The message is written for a log line: a line break, any other control character, a
//! Unicode line separator or a bidirectional override is escaped as Rust writes it (a newline
//! as a backslash and `n`), so a value from a request cannot start a forged line under a text
//! subscriber; it stops at the [reply budget](crate::ReplyBudget) (16 KiB by default) with
//! `…[truncated]`; and a `Display` that fails ends it where it failed instead of failing the
//! subscriber's formatting. Fields marked `skip` reach it only through a `Display` the type
//! writes itself (`own_display`): the derive refuses a message template that names one.
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
//! use mcp_errors_core::Channel;
//! use mcp_errors_core::integrations::tracing;
//! // Without a subscriber these are no-ops.
//! tracing::record(&Nav); // a JSON-RPC error
//! tracing::record_as(&Nav, Channel::ToolError);
//! ```
//!
//! [`ErrorKind::Internal`]: crate::ErrorKind::Internal

use core::cell::Cell;
use core::fmt;

use crate::Channel;
use crate::envelope::{Capped, Guarded, Meter};
use crate::line_safe::LineSafe;
use crate::{ErrorKind, McpError, ReplyBudget};

/// The target of every event.
pub const TARGET: &str = "mcp_errors";

/// Emits one event describing `err` sent as a JSON-RPC error (see the [module docs](self)).
pub fn record<E: McpError + ?Sized>(err: &E) {
    record_as(err, Channel::JsonRpcError);
}

/// Emits one event describing `err` sent through `channel` (see the [module docs](self)).
pub fn record_as<E: McpError + ?Sized>(err: &E, channel: Channel) {
    macro_rules! event_at {
        ($level:expr) => {
            ::tracing::event!(
                target: "mcp_errors",
                $level,
                error.type = %channel.error_type(err.code()),
                rpc.response.status_code = channel.status_code(err.code()).map(::tracing::field::display),
                mcp_errors.code = err.code(),
                mcp_errors.domain = err.domain(),
                mcp_errors.symbol = err.symbol(),
                mcp_errors.retryable = err.retryable(),
                mcp_errors.kind = err.kind().as_str(),
                "{}",
                LogText(err),
            )
        };
    }
    if err.kind() == ErrorKind::Internal {
        event_at!(::tracing::Level::ERROR);
    } else {
        event_at!(::tracing::Level::WARN);
    }
}

/// An error's `Display` as a log message (see the [module docs](self)): the envelopes' own
/// budget cut (`Capped`) over the escaped text, and `Guarded`, which passes on only the
/// subscriber's own failure (a failing `Display` of the error ends the text where it stopped).
struct LogText<'a, E: ?Sized>(&'a E);

impl<E: McpError + ?Sized> fmt::Display for LogText<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let meter = Meter::new(ReplyBudget::current());
        let failed = Cell::new(false);
        let text = Capped {
            value: &LineSafe(self.0),
            meter: &meter,
        };
        fmt::Display::fmt(
            &Guarded {
                inner: &text,
                failed: &failed,
            },
            f,
        )
    }
}
