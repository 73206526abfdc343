//! [rmcp](https://docs.rs/rmcp) 3.x, the official Rust MCP SDK (feature `rmcp`).
//!
//! With the feature on, every `#[derive(McpError)]` enum `E` gets:
//!
//! - `impl From<E> for rmcp::model::ErrorData`: the JSON-RPC error of SPEC §5 (`code`,
//!   `message`, and `data` with `domain`, `symbol`, `retryable`, `details`, ...), so a tool
//!   returning `Result<T, ErrorData>` can use `?` on a `Result<_, E>`;
//! - `impl rmcp::handler::server::tool::IntoCallToolResult for E`: the MCP tool error
//!   (`isError: true`, text content `"SYMBOL: message"`, `_meta` with `errorType`,
//!   `errorCode`, `retryable`, `code`, `domain`), so a `#[tool]` may return `Result<T, E>`.
//!
//! Both conversions [`emit`](super::emit) the error (counters, `metrics`, `tracing`). The
//! values are the crate's own envelopes ([`McpErrorExt`]), converted into rmcp's types.
//!
//! `sys/errorStats` (seed 000) is not a tool but a JSON-RPC method: answer it from
//! `ServerHandler::on_custom_request` with [`on_custom_request`].
//!
//! On the client side, `ErrorObject::from(&error_data)` turns a received JSON-RPC error into
//! the input of a `#[mcp(decode)]` enum's `from_error_object`.
//!
//! [`McpErrorExt`]: crate::McpErrorExt

use rmcp::model::{
    CallToolResponse, CallToolResult, ContentBlock, CustomRequest, CustomResult, ErrorCode,
    ErrorData, MetaObject,
};

use crate::envelope::ToolMeta;
use crate::metrics::{ErrorStats, METHOD_NOT_FOUND_MESSAGE, StatsAnswer, method_data};
use crate::{McpError, McpErrorExt, VisitData};

/// The JSON-RPC error of `err` as rmcp's [`ErrorData`]: `code`, `message` and the `data` of
/// [`McpErrorExt::to_error_object`].
///
/// Does not [`emit`](super::emit); the generated `From<E> for ErrorData` does.
pub fn error_data<E: ?Sized + VisitData>(err: &E) -> ErrorData {
    match err.to_error_object().to_json_value() {
        Ok(serde_json::Value::Object(mut map)) => ErrorData::new(
            ErrorCode(err.code()),
            message_of(&mut map, err),
            map.remove("data"),
        ),
        // A field's `Serialize` failed: keep code and message, and the catalog part of `data`.
        _ => ErrorData::new(
            ErrorCode(err.code()),
            super::display_lossy(err),
            Some(super::catalog_data(err)),
        ),
    }
}

/// The MCP tool error of `err` as rmcp's [`CallToolResult`]: `isError: true`, the content and
/// `_meta` of [`McpErrorExt::to_tool_result`].
///
/// Does not [`emit`](super::emit); the generated `IntoCallToolResult for E` does.
pub fn tool_result<E: ?Sized + VisitData>(err: &E) -> CallToolResult {
    let (content, meta) = match err.to_tool_result().to_json_value() {
        Ok(serde_json::Value::Object(mut map)) => {
            let content = map
                .remove("content")
                .and_then(|c| serde_json::from_value::<Vec<ContentBlock>>(c).ok());
            let meta = match map.remove("_meta") {
                Some(serde_json::Value::Object(meta)) => Some(meta),
                _ => None,
            };
            (content, meta)
        }
        _ => (None, None),
    };
    let content = content.unwrap_or_else(|| {
        vec![ContentBlock::text(format!(
            "{}: {}",
            err.symbol(),
            super::display_lossy(err)
        ))]
    });
    CallToolResult::error(content)
        .with_meta(Some(MetaObject(meta.unwrap_or_else(|| tool_meta(err)))))
}

/// Answers the custom JSON-RPC methods of this crate from rmcp's
/// `ServerHandler::on_custom_request`, with the process-wide counters of
/// [`metrics::global()`](crate::metrics::global):
///
/// - `sys/errorStats`: the [`StatsSnapshot`](crate::metrics::StatsSnapshot) when
///   `MCP_ERROR_METRICS` is truthy, else `-32601` method not found (clients feature-detect
///   the method, seed 000);
/// - any other method: `-32601`, as rmcp's default `on_custom_request` answers.
///
/// ```
/// use rmcp::model::{CustomRequest, CustomResult, ErrorData};
/// use rmcp::service::RequestContext;
/// use rmcp::{RoleServer, ServerHandler};
///
/// struct Server;
///
/// impl ServerHandler for Server {
///     async fn on_custom_request(
///         &self,
///         request: CustomRequest,
///         _context: RequestContext<RoleServer>,
///     ) -> Result<CustomResult, ErrorData> {
///         mcp_errors_core::integrations::rmcp::on_custom_request(&request)
///     }
/// }
/// ```
pub fn on_custom_request(request: &CustomRequest) -> Result<CustomResult, ErrorData> {
    answer_error_stats(request, crate::metrics::global())
        .unwrap_or_else(|| Err(method_not_found(&request.method)))
}

/// Answers `request` when it calls `sys/errorStats`, from `stats`; `None` for any other
/// method, so a server with custom methods of its own can try this first.
///
/// When `stats` is disabled the answer is `-32601` method not found.
pub fn answer_error_stats(
    request: &CustomRequest,
    stats: &ErrorStats,
) -> Option<Result<CustomResult, ErrorData>> {
    Some(match stats.answer_method(&request.method)? {
        StatsAnswer::Snapshot(snapshot) => serde_json::to_value(snapshot)
            .map(CustomResult)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None)),
        StatsAnswer::MethodNotFound => Err(method_not_found(&request.method)),
    })
}

fn method_not_found(method: &str) -> ErrorData {
    ErrorData::new(
        ErrorCode::METHOD_NOT_FOUND,
        METHOD_NOT_FOUND_MESSAGE,
        Some(method_data(method)),
    )
}

fn message_of<E: ?Sized + McpError>(
    map: &mut serde_json::Map<String, serde_json::Value>,
    err: &E,
) -> String {
    match map.remove("message") {
        Some(serde_json::Value::String(message)) => message,
        _ => super::display_lossy(err),
    }
}

/// The `_meta` of a tool error alone, for when the whole envelope fails (a `Display` impl
/// failed): the same [`ToolMeta`] the envelope writes, which reads only the catalog and
/// [`McpError::retry_after`] and so always serializes.
fn tool_meta<E: ?Sized + McpError>(err: &E) -> serde_json::Map<String, serde_json::Value> {
    match serde_json::to_value(ToolMeta(err, None)) {
        Ok(serde_json::Value::Object(meta)) => meta,
        _ => serde_json::Map::new(),
    }
}

/// A JSON-RPC error received by an rmcp client, as the crate's [`ErrorObject`], ready for a
/// `#[mcp(decode)]` enum's `from_error_object`.
///
/// [`ErrorObject`]: crate::ErrorObject
impl From<ErrorData> for crate::ErrorObject {
    fn from(error: ErrorData) -> Self {
        crate::ErrorObject {
            code: error.code.0,
            message: error.message.into_owned(),
            data: error.data,
        }
    }
}

impl From<&ErrorData> for crate::ErrorObject {
    fn from(error: &ErrorData) -> Self {
        crate::ErrorObject {
            code: error.code.0,
            message: error.message.clone().into_owned(),
            data: error.data.clone(),
        }
    }
}

/// Support for the generated impls. Not public API.
#[doc(hidden)]
pub mod support {
    use rmcp::model::{CallToolResponse, ErrorData};

    use crate::VisitData;

    /// `From<E> for ErrorData`: emits, then converts.
    pub fn emitted_error_data<E: VisitData>(err: &E) -> ErrorData {
        crate::integrations::emit(err);
        super::error_data(err)
    }

    /// `IntoCallToolResult for E`: emits, then converts.
    #[allow(clippy::unnecessary_wraps)] // the shape of `IntoCallToolResult`
    pub fn emitted_tool_response<E: VisitData>(err: &E) -> Result<CallToolResponse, ErrorData> {
        crate::integrations::emit_as(err, crate::integrations::Channel::ToolError);
        Ok(super::tool_result(err).into())
    }
}

// Trait objects: `Box<dyn McpError>` is a local type here (`Box` is fundamental).
macro_rules! boxed_dyn_impls {
    ($($dyn:ty),*) => {$(
        impl From<Box<$dyn>> for ErrorData {
            fn from(err: Box<$dyn>) -> Self {
                crate::integrations::emit(&*err);
                error_data(&*err)
            }
        }

        impl rmcp::handler::server::tool::IntoCallToolResult for Box<$dyn> {
            fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
                crate::integrations::emit_as(&*self, crate::integrations::Channel::ToolError);
                Ok(tool_result(&*self).into())
            }
        }
    )*};
}

boxed_dyn_impls!(
    dyn McpError + Send + Sync + 'static,
    dyn McpError + Send + 'static,
    dyn McpError + 'static
);
