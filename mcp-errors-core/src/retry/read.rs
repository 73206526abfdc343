//! The retry contract's readers: the delay a received message, tool result, text or
//! `Retry-After` header carries (the [module docs](super) give the channels).

use core::time::Duration;

use super::{TEXT_CLOSE, TEXT_OPEN};

/// The delay of the retry contract's text form in `text`: the **last** `(retry after N ms)`
/// in it, `N` all ASCII digits that fit a `u64`; anything else is `None`.
///
/// ```
/// use std::time::Duration;
/// use mcp_errors_core::retry::retry_after_text;
///
/// assert_eq!(
///     retry_after_text("E_RATE: slow down\nRetryable: yes (retry after 2500 ms)"),
///     Some(Duration::from_millis(2500))
/// );
/// assert_eq!(retry_after_text("(retry after -1 ms)"), None);
/// assert_eq!(retry_after_text("(retry after 1.5 ms)"), None);
/// assert_eq!(retry_after_text("(retry after 99999999999999999999 ms)"), None);
/// ```
#[inline]
pub fn retry_after_text(text: &str) -> Option<Duration> {
    let start = text.rfind(TEXT_OPEN)? + TEXT_OPEN.len();
    let rest = &text[start..];
    let digits = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    if digits == 0 || !rest[digits..].starts_with(TEXT_CLOSE) {
        return None;
    }
    rest[..digits]
        .parse::<u64>()
        .ok()
        .map(Duration::from_millis)
}

/// The delay of an HTTP `Retry-After` header value: delta-seconds only (ASCII digits, spaces
/// around allowed), times 1000. An HTTP date, a negative or fractional number, or one that
/// overflows is `None`. The one reader of the header: it takes the value as text or as bytes,
/// so an `http::HeaderValue` (hyper, reqwest, axum) is passed as it is.
///
/// ```
/// use std::time::Duration;
/// use mcp_errors_core::retry::retry_after_header;
///
/// assert_eq!(retry_after_header("120"), Some(Duration::from_secs(120)));
/// assert_eq!(retry_after_header("Wed, 21 Oct 2015 07:28:00 GMT"), None);
/// assert_eq!(retry_after_header("-1"), None);
/// # #[cfg(feature = "http")] {
/// let mut headers = http::HeaderMap::new();
/// headers.insert(http::header::RETRY_AFTER, http::HeaderValue::from_static("3"));
/// let delay = headers.get(http::header::RETRY_AFTER).and_then(retry_after_header);
/// assert_eq!(delay, Some(Duration::from_secs(3)));
/// # }
/// ```
#[inline]
pub fn retry_after_header(value: impl AsRef<[u8]>) -> Option<Duration> {
    let value = value.as_ref().trim_ascii();
    if value.is_empty() || !value.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // All ASCII digits: text, and a number unless it overflows.
    let seconds = core::str::from_utf8(value).ok()?.parse::<u64>().ok()?;
    seconds.checked_mul(1000).map(Duration::from_millis)
}

/// A `retryAfterMs` value: a JSON integer from 0 to `u64::MAX`; a negative number, a
/// fraction, a string or anything else is `None`.
#[inline]
pub(crate) fn retry_after_ms_of(value: &serde_json::Value) -> Option<Duration> {
    match value {
        serde_json::Value::Number(n) => n.as_u64().map(Duration::from_millis),
        _ => None,
    }
}

/// The retry delay of a tool result (`CallToolResult` JSON): `_meta.retryAfterMs`, else the
/// text form at the end of its first text content ([`retry_after_text`]), else the time left
/// until the draft `ToolFailure` member's `retryNotBefore` ([`tool_failure`](crate::tool_failure);
/// zero once past), else `None`. Malformed values are skipped, never an error.
///
/// ```
/// use std::time::Duration;
/// use mcp_errors_core::retry::tool_result_retry_after;
/// use serde_json::json;
///
/// let result = json!({"isError": true, "content": [{"type": "text",
///     "text": "E_RATE: slow down (retry after 1500 ms)"}]});
/// assert_eq!(tool_result_retry_after(&result), Some(Duration::from_millis(1500)));
/// let result = json!({"isError": true, "content": [], "_meta": {"retryAfterMs": 20}});
/// assert_eq!(tool_result_retry_after(&result), Some(Duration::from_millis(20)));
/// ```
#[inline]
pub fn tool_result_retry_after(result: &serde_json::Value) -> Option<Duration> {
    let meta = result.get("_meta");
    if let Some(delay) = meta
        .and_then(|meta| meta.get("retryAfterMs"))
        .and_then(retry_after_ms_of)
    {
        return Some(delay);
    }
    if let Some(delay) = first_text(result).and_then(retry_after_text) {
        return Some(delay);
    }
    meta.and_then(crate::tool_failure::meta_retry_after)
}

/// The first `text` block of a tool result's `content`: what the model reads.
pub(crate) fn first_text(result: &serde_json::Value) -> Option<&str> {
    result
        .get("content")?
        .as_array()?
        .iter()
        .find(|c| c.get("type").and_then(serde_json::Value::as_str) == Some("text"))?
        .get("text")?
        .as_str()
}

/// `text` without the text form of a delay at its very end (` (retry after N ms)`, as
/// [`TextSuffix`](super::TextSuffix) writes it, `N` as [`retry_after_text`] reads it).
#[cfg(feature = "client")]
pub(crate) fn without_text_suffix(text: &str) -> &str {
    let Some(open) = text.rfind(TEXT_OPEN) else {
        return text;
    };
    let suffix = &text[open..];
    match text[..open].strip_suffix(' ') {
        Some(head) if suffix.ends_with(TEXT_CLOSE) && retry_after_text(suffix).is_some() => head,
        _ => text,
    }
}

/// The retry delay of anything an MCP client receives, from the first channel that carries
/// one (the retry contract, above): for a JSON-RPC message or a bare error object,
/// `error.data.retryAfterMs` / `data.retryAfterMs`; for a tool result (a JSON-RPC response's
/// `result`, or the result itself), `_meta.retryAfterMs`, then the text form; and finally
/// the HTTP `Retry-After` header's value, when the message came over HTTP with one.
///
/// ```
/// use std::time::Duration;
/// use mcp_errors_core::retry::message_retry_after;
/// use serde_json::json;
///
/// let body = json!({"jsonrpc": "2.0", "id": null,
///     "error": {"code": -32000, "message": "Rate limited", "data": {"retryAfterMs": 1200}}});
/// assert_eq!(message_retry_after(&body, Some("2")), Some(Duration::from_millis(1200)));
/// let body = json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000, "message": "x"}});
/// assert_eq!(message_retry_after(&body, Some("2")), Some(Duration::from_secs(2)));
/// ```
#[inline]
pub fn message_retry_after(
    message: &serde_json::Value,
    retry_after_header_value: Option<&str>,
) -> Option<Duration> {
    let error = message.get("error").unwrap_or(message);
    let from_body = error
        .get("data")
        .and_then(|data| data.get("retryAfterMs"))
        .and_then(retry_after_ms_of)
        .or_else(|| tool_result_retry_after(message.get("result").unwrap_or(message)));
    from_body.or_else(|| retry_after_header_value.and_then(retry_after_header))
}
