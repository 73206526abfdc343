//! [`tracing`](https://docs.rs/tracing) events (feature `tracing`): one event per emitted
//! error.
//!
//! [`emit`](super::emit) calls [`record`] for every error put on the wire. The event has
//! target `mcp_errors`, level `ERROR` for [`ErrorKind::Internal`] (a fault of the server) and
//! `WARN` otherwise, and the fields `code`, `domain`, `symbol`, `retryable` and `kind`, with
//! the error's `Display` text as its message. Fields marked `skip` never reach the text
//! unless a message template names them.
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
//! // Without a subscriber this is a no-op.
//! mcp_errors_core::integrations::tracing::record(&Nav);
//! ```
//!
//! [`ErrorKind::Internal`]: crate::ErrorKind::Internal

use crate::{ErrorKind, McpError};

/// The target of every event.
pub const TARGET: &str = "mcp_errors";

/// Emits one event describing `err` (see the [module docs](self)).
pub fn record<E: McpError + ?Sized>(err: &E) {
    macro_rules! event_at {
        ($level:expr) => {
            ::tracing::event!(
                target: "mcp_errors",
                $level,
                code = err.code(),
                domain = err.domain(),
                symbol = err.symbol(),
                retryable = err.retryable(),
                kind = err.kind().as_str(),
                "{}",
                err,
            )
        };
    }
    if err.kind() == ErrorKind::Internal {
        event_at!(::tracing::Level::ERROR);
    } else {
        event_at!(::tracing::Level::WARN);
    }
}
