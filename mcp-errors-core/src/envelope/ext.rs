//! [`McpErrorExt`]: the envelopes as methods on every error.

use super::{
    EnvelopeView, ErrorObjectShape, ErrorObjectView, ErrorResponseShape, ErrorResponseView,
    JsonRpcErrorShape, JsonRpcErrorView, JsonRpcResultShape, JsonRpcResultView, RequestId,
    ToolResultShape, ToolResultView,
};
use crate::VisitData;
#[cfg(doc)]
use crate::{McpError, Verbosity};

/// The envelopes of an [`McpError`], as methods on every error.
///
/// Implemented for every `E: ?Sized + VisitData`: every sized `McpError` and `dyn McpError`
/// (`+ Send + Sync`), so the methods work on a concrete error, on `&dyn McpError` and, by
/// auto-deref, on `Box<dyn McpError + Send + Sync>`. Bring it into scope with
/// `use mcp_errors::McpErrorExt;`.
///
/// ```
/// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
/// # use sample::PlaywrightError;
/// use mcp_errors_core::{McpError, McpErrorExt};
/// use serde_json::json;
///
/// let err = PlaywrightError::Nav {
///     reason: "net::ERR_NAME_NOT_RESOLVED".into(),
///     url: "https://example.invalid".into(),
/// };
/// let wire = serde_json::to_value(err.to_jsonrpc(1)).unwrap();
/// assert_eq!(wire, json!({"jsonrpc": "2.0", "id": 1, "error": {
///     "code": 2100, "message": "Navigation failed",
///     "data": {"domain": "playwright", "symbol": "E_PW_NAV", "retryable": true,
///              "details": "net::ERR_NAME_NOT_RESOLVED", "url": "https://example.invalid"}}}));
///
/// // The same through a trait object.
/// let boxed: Box<dyn McpError + Send + Sync> = Box::new(err);
/// assert_eq!(serde_json::to_value(boxed.to_jsonrpc(1)).unwrap(), wire);
/// ```
pub trait McpErrorExt: VisitData {
    /// The JSON-RPC `error` member: `{"code","message","data"}`.
    ///
    /// - `code`: [`McpError::code`]; `message`: the error's `Display`.
    /// - `data`: `domain` ([`McpError::domain`]), `symbol`, `retryable`; `details` (the
    ///   `Display` of the `#[mcp(details)]` field) when the variant has one; every
    ///   serialized field under its key; `retryAfterMs` when [`McpError::retry_after`] is
    ///   known; `stack` only under `MCP_ERRORS_VERBOSE` (see [`Verbosity`]).
    ///
    /// Options: [`code_as_string`](EnvelopeView::code_as_string),
    /// [`plain_data`](EnvelopeView::plain_data), [`verbosity`](EnvelopeView::verbosity).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 2 };
    /// assert_eq!(
    ///     err.to_error_object().to_json_value().unwrap(),
    ///     serde_json::json!({"code": 2102, "message": "Too many launches", "data": {
    ///         "domain": "playwright", "symbol": "E_PW_THROTTLED", "retryable": true,
    ///         "retryAfterMs": 2000}}),
    /// );
    /// ```
    fn to_error_object(&self) -> ErrorObjectView<'_, Self> {
        EnvelopeView::new(self, ErrorObjectShape)
    }

    /// A JSON-RPC 2.0 error response: `{"jsonrpc":"2.0","id":...,"error":{...}}`, with the
    /// `error` member of [`to_error_object`](McpErrorExt::to_error_object).
    ///
    /// `id` is anything that converts into a [`RequestId`]: an integer, a string, or
    /// [`RequestId::Null`] (for a request whose id could not be read).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, RequestId};
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 1 };
    /// let by_number = err.to_jsonrpc(7).to_json_value().unwrap();
    /// let by_string = err.to_jsonrpc("req-7").to_json_value().unwrap();
    /// let by_null = err.to_jsonrpc(RequestId::Null).to_json_value().unwrap();
    /// assert_eq!(by_number["id"], 7);
    /// assert_eq!(by_string["id"], "req-7");
    /// assert!(by_null["id"].is_null());
    /// assert_eq!(by_number["error"]["code"], 2102);
    /// ```
    fn to_jsonrpc<'a>(&'a self, id: impl Into<RequestId<'a>>) -> JsonRpcErrorView<'a, Self> {
        EnvelopeView::new(self, JsonRpcErrorShape { id: id.into() })
    }

    /// An MCP `CallToolResult` reporting the error to the model (the TypeScript hierarchy's `toToolError`,
    /// with what a model needs to act on it):
    ///
    /// ```text
    /// {"content":[{"type":"text","text":"E_PW_NAV: Navigation failed\nDetails: net::ERR_NAME_NOT_RESOLVED\nHelp: check the URL\nRetryable: yes"}],
    ///  "isError":true,
    ///  "_meta":{"errorType":"NetworkError","errorCode":"E_PW_NAV","retryable":true,
    ///           "code":2100,"domain":"playwright","details":"net::ERR_NAME_NOT_RESOLVED",
    ///           "help":"check the URL","data":{"url":"https://a.invalid"}}}
    /// ```
    ///
    /// The text starts `"{symbol}: {message}"`; the lines after it and the `_meta` keys after
    /// the TypeScript hierarchy's (`errorType`, [`McpError::error_type`]; `errorCode`; `retryable`; `code`;
    /// `domain`; `retryAfterMs` when the delay is known) follow the
    /// [`ToolErrorFormat`](crate::ToolErrorFormat): the process-wide one
    /// ([`ToolErrorFormat::global`](crate::ToolErrorFormat::global)), or the view's own
    /// ([`ToolResultView::format`]; [`ToolErrorFormat::MINIMAL`](crate::ToolErrorFormat::MINIMAL)
    /// is the TypeScript hierarchy's shape exactly). `structuredContent` only on request
    /// ([`ToolResultView::structured_content`]): clients validate it against the tool's output
    /// schema even when `isError` is true. No stack is ever added here, whatever the
    /// [`Verbosity`].
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::{McpErrorExt, ToolErrorFormat};
    ///
    /// let err = PlaywrightError::Nav { reason: "timeout".into(), url: "https://a.invalid".into() };
    /// assert_eq!(
    ///     err.to_tool_result().format(ToolErrorFormat::MODEL).to_json_value().unwrap(),
    ///     serde_json::json!({
    ///         "content": [{"type": "text", "text":
    ///             "E_PW_NAV: Navigation failed\nDetails: timeout\nHelp: check the URL\nRetryable: yes"}],
    ///         "isError": true,
    ///         "_meta": {"errorType": "NetworkError", "errorCode": "E_PW_NAV", "retryable": true,
    ///                   "code": 2100, "domain": "playwright", "details": "timeout",
    ///                   "help": "check the URL", "data": {"url": "https://a.invalid"}}}),
    /// );
    /// ```
    fn to_tool_result(&self) -> ToolResultView<'_, Self> {
        EnvelopeView::new(self, ToolResultShape::default())
    }

    /// The categorized error model's `ErrorResponse`, the `error` a tool returns inside a successful `result`:
    /// `{"code","message","retryable","details"}`.
    ///
    /// `details` maps the error as follows, and is omitted when it would be empty:
    ///
    /// | key | from |
    /// |---|---|
    /// | each data field's key | every serialized field, under its key (`#[mcp(rename = "originalError")]` gives the categorized error model's `details.originalError`, a field `field` its `details.field`) |
    /// | `reason` | the `Display` of the `#[mcp(details)]` field |
    /// | `suggestion` | [`McpError::help`] (`#[mcp(help = "...")]`) |
    /// | `retryAfterMs` | [`McpError::retry_after`], when known |
    /// | `stack` | only under `MCP_ERRORS_VERBOSE` (see [`Verbosity`]) |
    ///
    /// `domain` and `symbol` do not appear: the categorized error model's shape has no place for them.
    ///
    /// Options: [`code_as_string`](EnvelopeView::code_as_string),
    /// [`verbosity`](EnvelopeView::verbosity).
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Nav { reason: "dns".into(), url: "https://a.invalid".into() };
    /// assert_eq!(
    ///     err.to_error_response().to_json_value().unwrap(),
    ///     serde_json::json!({"code": 2100, "message": "Navigation failed", "retryable": true,
    ///         "details": {"reason": "dns", "url": "https://a.invalid",
    ///                     "suggestion": "check the URL"}}),
    /// );
    /// ```
    fn to_error_response(&self) -> ErrorResponseView<'_, Self> {
        EnvelopeView::new(self, ErrorResponseShape)
    }

    /// The categorized error model's preferred domain failure: a *successful* JSON-RPC response whose `result`
    /// holds the [`to_error_response`](McpErrorExt::to_error_response) shape,
    /// `{"jsonrpc":"2.0","id":...,"result":{"error":{...}}}`.
    ///
    /// ```
    /// # mod sample { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/envelope/doc_sample.rs")); }
    /// # use sample::PlaywrightError;
    /// use mcp_errors_core::McpErrorExt;
    ///
    /// let err = PlaywrightError::Throttled { retry_after_secs: 3 };
    /// assert_eq!(
    ///     err.to_jsonrpc_result(1).to_json_value().unwrap(),
    ///     serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"error": {
    ///         "code": 2102, "message": "Too many launches", "retryable": true,
    ///         "details": {"retryAfterMs": 3000}}}}),
    /// );
    /// ```
    fn to_jsonrpc_result<'a>(
        &'a self,
        id: impl Into<RequestId<'a>>,
    ) -> JsonRpcResultView<'a, Self> {
        EnvelopeView::new(self, JsonRpcResultShape { id: id.into() })
    }
}

impl<E: ?Sized + VisitData> McpErrorExt for E {}
