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
//! The message is written for a log line: control characters are escaped (`\n` as `\\n`, so
//! a value from a request cannot start a forged line under a text subscriber), it stops at
//! the [reply budget](crate::ReplyBudget) (16 KiB by default) with `…[truncated]`, and a
//! `Display` that fails ends it where it failed instead of failing the subscriber's
//! formatting. Fields marked `skip` never reach it: the derive refuses a message template
//! that names one.
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
//! use mcp_errors_core::integrations::{Channel, tracing};
//! // Without a subscriber these are no-ops.
//! tracing::record(&Nav); // a JSON-RPC error
//! tracing::record_as(&Nav, Channel::ToolError);
//! ```
//!
//! [`ErrorKind::Internal`]: crate::ErrorKind::Internal

use core::fmt::{self, Write as _};

use super::Channel;
use crate::{ErrorKind, McpError, ReplyBudget, TRUNCATION_MARK};

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

/// An error's `Display` as a log message: control characters escaped, cut at the reply budget,
/// and infallible (see the [module docs](self)).
struct LogText<'a, E: ?Sized>(&'a E);

impl<E: McpError + ?Sized> fmt::Display for LogText<'_, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Escaping<'a, 'b> {
            out: &'a mut fmt::Formatter<'b>,
            left: usize,
            cut: bool,
            /// The subscriber's own writer failed (not the error's `Display`).
            failed: bool,
        }
        impl Escaping<'_, '_> {
            /// Writes what fits of `text` (cut at a character boundary).
            fn plain(&mut self, text: &str) -> fmt::Result {
                let mut end = text.len().min(self.left);
                while !text.is_char_boundary(end) {
                    end -= 1;
                }
                self.left -= end;
                self.out
                    .write_str(&text[..end])
                    .inspect_err(|_| self.failed = true)?;
                if end < text.len() {
                    self.cut = true;
                    return Err(fmt::Error);
                }
                Ok(())
            }

            /// Writes `c` escaped (`\n`, `\u{1b}`), or nothing when it does not fit whole.
            fn escaped(&mut self, c: char) -> fmt::Result {
                let escaped = c.escape_default();
                if escaped.len() > self.left {
                    self.cut = true;
                    return Err(fmt::Error);
                }
                self.left -= escaped.len();
                write!(self.out, "{escaped}").inspect_err(|_| self.failed = true)
            }
        }
        impl fmt::Write for Escaping<'_, '_> {
            fn write_str(&mut self, s: &str) -> fmt::Result {
                let mut plain = 0;
                for (i, c) in s.char_indices().filter(|(_, c)| c.is_control()) {
                    self.plain(&s[plain..i])?;
                    self.escaped(c)?;
                    plain = i + c.len_utf8();
                }
                self.plain(&s[plain..])
            }
        }
        let mut text = Escaping {
            out: f,
            left: ReplyBudget::current().get(),
            cut: false,
            failed: false,
        };
        // An `Err` here is the budget, the subscriber's writer or the error's own `Display`;
        // only the writer's is passed on.
        let _ = write!(text, "{}", self.0);
        let (cut, failed) = (text.cut, text.failed);
        if failed {
            return Err(fmt::Error);
        }
        if cut {
            f.write_str(TRUNCATION_MARK)?;
        }
        Ok(())
    }
}
