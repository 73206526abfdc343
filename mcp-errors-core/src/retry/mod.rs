//! Retry guidance: the retry contract, which every envelope writes, and for clients (feature
//! `client`) [`RetryPolicy`], [`retry`] and [`is_terminal`], after the retry table of the
//! TypeScript hierarchy (one of the reference taxonomies, `mcp_errors::guide::taxonomies`).
//!
//! An error is *terminal* when it is not [`retryable`](crate::McpError::retryable): retrying
//! the same request cannot help (that hierarchy's `isTerminalError`). A retryable error is
//! retried with exponential backoff and jitter, at most as many times as its
//! [`ErrorKind`](crate::ErrorKind) allows, and never sooner than its own
//! [`retry_after`](crate::McpError::retry_after).
//!
//! | kind | default max retries | why |
//! |---|---|---|
//! | `validation`, `permission` | 0 | terminal: the caller must change the request or its credentials |
//! | `timeout` | 3 | the table's 3–5; a timeout already spent the full deadline once |
//! | `network`, `unavailable`, `rate_limit` | 5 | the table's 3–5; transient by nature |
//! | every other kind ("unknown") | 3 | the table's conservative default |
//!
//! Delays: the `n`th retry waits `base × factorⁿ⁻¹`, capped at `max_delay`, minus a random
//! share of up to `jitter` of it (so waits spread out but never exceed the cap), and at least
//! the error's `retry_after()`. Defaults: base 1 s, factor 2, max delay 30 s, jitter 0.5 —
//! the table's 1 s, 2 s, 4 s schedule, spread down to half of each step.
//!
//! An error's `retry_after()` comes from the server (`data.retryAfterMs`, a
//! `retry_after_seconds`) and is honoured up to `max_retry_after` (default 5 minutes). An
//! error that asks for longer is **not retried**: the policy gives up and returns it at once
//! ([`Backoff::next_delay`] and [`RetryPolicy::next_delay`] say `None`, [`retry`] returns the
//! error) rather than sleeping. Waiting less than the server asked would only be refused
//! again and burn the budget; waiting the full time could block a thread for as long as a
//! hostile or broken server says (`u64::MAX` seconds). The caller still has the error, and
//! its `retry_after()`, to decide: schedule the call for later, or report it.
//!
//! # The retry contract
//!
//! An error with a known retry delay
//! ([`McpError::retry_after`](crate::McpError::retry_after) is `Some(d)`, or a limiter refuses
//! the request) says so in whole milliseconds `N` (the delay rounded up), the same way on
//! every channel:
//!
//! | channel | where | form |
//! |---|---|---|
//! | JSON-RPC error | `error.data.retryAfterMs` | the integer `N` |
//! | tool error (`isError: true`) | `result._meta.retryAfterMs` | the integer `N` |
//! | model-readable text | the tool error's first text content (not the JSON-RPC `error.message`) | ends with `" (retry after N ms)"` ([`text_suffix`]; [`ToolErrorFormat::text_retry_after`](crate::ToolErrorFormat::text_retry_after), on by default, off in the `toToolError` format) |
//! | HTTP, when a limiter of this crate refuses (`http::RateLimitLayer`, feature `http`) | status 429, `Retry-After: S` with `S = ceil(N / 1000)` (at least 1), body a JSON-RPC error (`"id": null`) whose `data.retryAfterMs` is `N` | |
//!
//! `retryable` stays the catalog's flag, but an error with a retry delay is retryable on the
//! wire (`data.retryable` and `_meta.retryable` say `true`).
//!
//! Decoding takes the first present of `data.retryAfterMs`, `_meta.retryAfterMs`, the text
//! form (its last occurrence, `N` all digits and within `u64`) and, where an HTTP response is
//! at hand, `Retry-After` (delta-seconds only, times 1000): [`message_retry_after`] for any
//! received message, [`tool_result_retry_after`] for a tool result,
//! [`ErrorObject::retry_after`](crate::ErrorObject::retry_after) for a decoded error object,
//! [`retry_after_text`], [`retry_after_header`] (a header's value, as text or bytes).
//! Malformed values (negative, fractional, strings, overflow) are skipped, never an error or
//! a panic.
//!
//! The rate-limit code is -32000; with the `sep-3304` feature a limiter may choose SEP-3304's
//! proposed -32023 `RateLimited` (`jsonrpc::RATE_LIMITED`) instead. Decoding reads -32023 as
//! retryable whether or not the feature is on ([`ErrorObject::is_retryable`](crate::ErrorObject::is_retryable)).
//!
//! No setting, however large (`Duration::MAX` delays, a factor of infinity, `u32::MAX`
//! retries), makes the policy panic or overflow: delays saturate at `max_delay`.
//!
//! # Where it lives
//!
//! A server writes the contract: `data.retryAfterMs` and `_meta.retryAfterMs` come with every
//! envelope, the text form from [`text_suffix`]. Reading it and acting on it is a client's
//! part and comes with the `client` feature: the policy ([`RetryPolicy`], [`retry`],
//! [`retry_with_sleep`], [`Backoff`], [`is_terminal`], [`AsMcpError`]) and the readers
//! ([`message_retry_after`], [`tool_result_retry_after`], [`retry_after_text`],
//! [`retry_after_header`]). A server that only emits errors compiles neither.

use core::time::Duration;

#[cfg(feature = "client")]
mod policy;
#[cfg(feature = "client")]
mod read;

#[cfg(feature = "client")]
pub use policy::{AsMcpError, Backoff, Delays, RetryPolicy, is_terminal, retry, retry_with_sleep};
#[cfg(feature = "client")]
pub(crate) use read::without_text_suffix;
#[cfg(feature = "client")]
pub(crate) use read::{first_text, retry_after_ms_of};
#[cfg(feature = "client")]
pub use read::{
    message_retry_after, retry_after_header, retry_after_text, tool_result_retry_after,
};

/// The retry contract's text form: `" (retry after N ms)"`, the end of a tool error's first
/// text content when the error knows its delay (`N` =
/// [`McpError::retry_after`](crate::McpError::retry_after) in whole milliseconds, rounded up).
///
/// ```
/// use std::time::Duration;
/// assert_eq!(
///     mcp_errors_core::retry::text_suffix(Duration::from_micros(1500_001)),
///     " (retry after 1501 ms)"
/// );
/// ```
pub fn text_suffix(delay: Duration) -> String {
    TextSuffix(delay).to_string()
}

/// How the text form opens and closes around the milliseconds; [`TextSuffix`] writes it and
/// [`retry_after_text`] reads it.
const TEXT_OPEN: &str = "(retry after ";
const TEXT_CLOSE: &str = " ms)";

/// [`text_suffix`] as a `Display`, for writers that format in place (the tool error's text).
pub(crate) struct TextSuffix(pub(crate) Duration);

impl core::fmt::Display for TextSuffix {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let ms = crate::field_types::whole_ms(self.0);
        write!(f, " {TEXT_OPEN}{ms}{TEXT_CLOSE}")
    }
}
