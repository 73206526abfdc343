//! What a failed tool call sends, independent of any SDK version: the JSON every rmcp line's
//! glue (`integrations::rmcp_0` .. `rmcp_3`) converts into its own types.
//!
//! The glue of a line only converts: [`jsonrpc_parts`] into `ErrorData::new(code, message,
//! data)`, and the JSON of [`ToolCallOutcome::ToolError`] into that line's `CallToolResult` by
//! `serde_json::from_value` (the wire shape is the same on every line, the builder APIs are
//! not). Which channel a variant takes, the text and the `_meta` are decided here, once.
//!
//! None of these functions [`emit`](super::emit)s, except `invalid_params_tool_error` (whose
//! error exists nowhere else) and [`record_foreign`]; the generated conversions emit the
//! user's error themselves.

use serde_json::{Map, Value};

use crate::{ErrorEntry, McpErrorExt, VisitData};

/// How a failed tool call leaves the server.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolCallOutcome {
    /// An MCP tool error: the whole `CallToolResult` as JSON (`content`, `isError: true`,
    /// `_meta`, and `structuredContent` where allowed).
    ToolError(Value),
    /// A JSON-RPC error (protocol-class failures).
    JsonRpc {
        /// JSON-RPC `error.code`.
        code: i32,
        /// JSON-RPC `error.message`.
        message: String,
        /// JSON-RPC `error.data`.
        data: Option<Value>,
    },
}

/// The channel and content of `err` returned from a tool, on the variant's
/// [`Channel`](crate::Channel): a tool error (the text and `_meta` of the process's
/// [`ToolErrorFormat`](crate::ToolErrorFormat)) unless the variant is protocol-class
/// (`#[mcp(protocol)]` on it or its enum), which goes out as the JSON-RPC error of
/// [`jsonrpc_parts`].
pub fn tool_call_outcome<E: ?Sized + VisitData>(err: &E) -> ToolCallOutcome {
    match err.channel() {
        crate::Channel::ToolError => ToolCallOutcome::ToolError(tool_error_json(err)),
        crate::Channel::JsonRpcError => {
            let (code, message, data) = jsonrpc_parts(err);
            ToolCallOutcome::JsonRpc {
                code,
                message,
                data,
            }
        }
    }
}

/// The JSON-RPC error of `err`: `(code, message, data)` of
/// [`McpErrorExt::to_error_object`], or the catalog part of `data` when a field's
/// `Serialize` or `Display` fails.
pub fn jsonrpc_parts<E: ?Sized + VisitData>(err: &E) -> (i32, String, Option<Value>) {
    parts(err, err.to_error_object().to_json_value(), || {
        Some(super::catalog_data(err))
    })
}

/// [`jsonrpc_parts`] with the `data` of
/// [`plain_data`](crate::EnvelopeView::plain_data): only the variant's own members (its
/// fields, `details`, its constant `data(...)` members), without `domain`, `symbol`,
/// `retryable` and `retryAfterMs`; no `data` at all when there is none. The wire of a server
/// that keeps its existing JSON-RPC errors exactly (docs/adopt.md). When a field fails to
/// serialize, no `data`.
pub fn plain_jsonrpc_parts<E: ?Sized + VisitData>(err: &E) -> (i32, String, Option<Value>) {
    parts(
        err,
        err.to_error_object().plain_data().to_json_value(),
        || None,
    )
}

fn parts<E: ?Sized + VisitData>(
    err: &E,
    json: Result<Value, serde_json::Error>,
    fallback: impl FnOnce() -> Option<Value>,
) -> (i32, String, Option<Value>) {
    match json {
        Ok(Value::Object(mut map)) => {
            let message = match map.remove("message") {
                Some(Value::String(message)) => message,
                _ => super::display_lossy(err),
            };
            (err.code(), message, map.remove("data"))
        }
        _ => (err.code(), super::display_lossy(err), fallback()),
    }
}

/// The tool error (`CallToolResult` JSON) of a tool call whose `arguments` failed to
/// deserialize ([`arguments::parse`](crate::arguments::parse)): `CommonError::InvalidParams`
/// (1000), whose `data` (`_meta.data` and the text, per the process's
/// [`ToolErrorFormat`](crate::ToolErrorFormat)) holds `details`, `pointer` (the offending
/// argument as a JSON Pointer) and `expected`. Emitted (counted, traced) as a tool error, like
/// the user's own errors.
#[cfg(feature = "arguments")]
pub fn invalid_params_tool_error(err: &crate::arguments::ArgumentError) -> Value {
    super::emit_as(err, crate::Channel::ToolError);
    tool_error_json(err)
}

/// Reports a JSON-RPC error that the SDK produced itself (unknown tool, malformed request) to
/// every enabled sink, as [`emit_as`](super::emit_as) does for the crate's own errors: the
/// process-wide counters of [`metrics::global()`](crate::metrics::global), the `metrics`
/// facade and `tracing`. A standard JSON-RPC code is reported under `ProtocolError`'s row
/// (domain `jsonrpc`, symbol `INVALID_PARAMS`, ...); any other code under the symbol
/// `SDK_ERROR`.
pub fn record_foreign(code: i32) {
    super::emit_as(&SdkError::new(code), crate::Channel::JsonRpcError);
}

/// A JSON-RPC error the SDK made, as an [`McpError`](crate::McpError) to report it: its own
/// code, the row of the standard error of that code.
#[derive(Debug)]
struct SdkError {
    code: i32,
    entry: &'static ErrorEntry,
}

impl SdkError {
    fn new(code: i32) -> SdkError {
        let entry = SDK_ENTRIES
            .iter()
            .find(|entry| entry.code == code)
            .unwrap_or(&SDK_ERROR);
        SdkError { code, entry }
    }
}

impl core::fmt::Display for SdkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.entry.message)
    }
}

impl std::error::Error for SdkError {}

impl crate::McpError for SdkError {
    fn entry(&self) -> &'static ErrorEntry {
        self.entry
    }

    fn domain(&self) -> &'static str {
        self.entry.domain
    }

    fn code(&self) -> i32 {
        self.code
    }
}

/// JSON-RPC's standard errors as `ProtocolError` catalogs them, written out as statics (a
/// facade test ties the two).
pub static SDK_ENTRIES: [ErrorEntry; 5] = [
    sdk_entry(
        crate::jsonrpc::PARSE_ERROR,
        "PARSE_ERROR",
        "Parse error",
        "ParseError",
    ),
    sdk_entry(
        crate::jsonrpc::INVALID_REQUEST,
        "INVALID_REQUEST",
        "Invalid Request",
        "InvalidRequest",
    ),
    sdk_entry(
        crate::jsonrpc::METHOD_NOT_FOUND,
        "METHOD_NOT_FOUND",
        "Method not found",
        "MethodNotFound",
    ),
    sdk_entry(
        crate::jsonrpc::INVALID_PARAMS,
        "INVALID_PARAMS",
        "Invalid params",
        "InvalidParams",
    ),
    sdk_entry(
        crate::jsonrpc::INTERNAL_ERROR,
        "INTERNAL_ERROR",
        "Internal error",
        "InternalError",
    ),
];

/// Any other code the SDK sends.
static SDK_ERROR: ErrorEntry = sdk_entry(0, "SDK_ERROR", "SDK error", "SdkError");

const fn sdk_entry(
    code: i32,
    symbol: &'static str,
    message: &'static str,
    variant: &'static str,
) -> ErrorEntry {
    ErrorEntry {
        code,
        symbol,
        domain: "jsonrpc",
        message,
        retryable: false,
        kind: crate::ErrorKind::Protocol,
        variant,
        doc: "",
        aliases: &[],
        help: None,
        channel: crate::Channel::JsonRpcError,
        error_type: None,
        fields: &[],
    }
}

/// The tool error of `err` as `CallToolResult` JSON, from [`McpErrorExt::to_tool_result`],
/// or from the catalog alone when the envelope fails.
pub(crate) fn tool_error_json<E: ?Sized + VisitData>(err: &E) -> Value {
    match err.to_tool_result().to_json_value() {
        Ok(Value::Object(mut map)) if map.get("content").is_some_and(Value::is_array) => {
            map.insert("isError".into(), Value::Bool(true));
            Value::Object(map)
        }
        _ => serde_json::json!({
            "content": [{
                "type": "text",
                "text": format!("{}: {}", err.symbol(), super::display_lossy(err)),
            }],
            "isError": true,
            "_meta": catalog_meta(err),
        }),
    }
}

/// The `_meta` of a tool error alone, for when the whole envelope fails (a `Display` impl
/// failed): the [`ToolMeta`](crate::envelope::ToolMeta) the envelope writes, in the `toToolError`
/// format, which reads only the catalog and [`McpError::retry_after`](crate::McpError::retry_after) and so always
/// serializes.
fn catalog_meta<E: ?Sized + VisitData>(err: &E) -> Map<String, Value> {
    match crate::envelope::ToolMeta::catalog_only(err) {
        Ok(Value::Object(meta)) => meta,
        _ => Map::new(),
    }
}
