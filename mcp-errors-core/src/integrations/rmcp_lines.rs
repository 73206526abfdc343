//! What every rmcp line shares: the [`Parameters`] extractor, the version check of the derive's
//! hook, and the glue each line module expands (`line_glue!`), written once against a line's
//! crate name.
//!
//! rmcp's lines are semver-incompatible crates: a feature per line (`rmcp-0` for 0.8 to 0.16,
//! `rmcp-1`, `rmcp-2`, `rmcp-3`) depends on that line under its own name (`rmcp_0` ..
//! `rmcp_3`), so all of them can be on at once. The glue converts the line-agnostic values of
//! [`outcome`](super::outcome): a JSON-RPC error into `ErrorData::new`, a tool error's JSON into
//! the line's `CallToolResult` by deserializing it (the wire shape is the same on every line;
//! the builder APIs are not).

use serde_json::Value;

/// A drop-in for rmcp's `Parameters<T>` in a `#[tool]`'s signature, on every enabled rmcp line:
/// the same tuple struct, the same input schema, but arguments that fail to deserialize become
/// `CommonError::InvalidParams` (1000) whose `_meta` names the offending argument as a JSON
/// Pointer (`/url`) and says what was expected, instead of rmcp's bare text.
///
/// The extractor can only fail with a JSON-RPC error; `finish_tool_call` of the line
/// (`integrations::rmcp_N::finish_tool_call`) turns that failure into the tool error, so route
/// `call_tool` through it (docs/rmcp.md, "rmcp's own failures"). Without it the client receives
/// JSON-RPC -32602 whose `data.toolError` holds the tool error, and the failure is still
/// counted as a tool error (it is counted when the extractor fails, before rmcp decides
/// which way it leaves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Parameters<P>(pub P);

impl<P: schemars::JsonSchema> schemars::JsonSchema for Parameters<P> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        P::schema_name()
    }

    fn schema_id() -> std::borrow::Cow<'static, str> {
        P::schema_id()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        P::json_schema(generator)
    }

    fn inline_schema() -> bool {
        P::inline_schema()
    }
}

/// The key of a `Parameters` failure's `data` that holds its tool error, for
/// `finish_tool_call`.
pub(crate) const TOOL_ERROR_KEY: &str = "toolError";

/// Deserializes a tool's `arguments` ([`arguments::parse_object`](crate::arguments::parse_object));
/// on failure the JSON-RPC `(code, message, data)` whose `data.toolError` is the
/// `InvalidParams` tool error of
/// [`invalid_params_tool_error`](super::outcome::invalid_params_tool_error).
pub(crate) fn parse_arguments<P: serde::de::DeserializeOwned>(
    arguments: Option<serde_json::Map<String, Value>>,
) -> Result<P, (i32, String, Value)> {
    crate::arguments::parse_object(arguments).map_err(|error| {
        // The message stays short: serde's text quotes the offending value, which may be
        // megabytes; the tool error carries it under the reply budget.
        let message = format!("Invalid parameters: {}", crate::arguments::ENTRY.symbol);
        let tool_error = super::outcome::invalid_params_tool_error(&error);
        (
            -32602,
            message,
            serde_json::json!({ TOOL_ERROR_KEY: tool_error }),
        )
    })
}

/// Whether a JSON-RPC error's `data` is one of this crate's (a derived enum's `From` already
/// counted it): it names a `domain` and a `symbol`.
pub(crate) fn is_ours(data: Option<&Value>) -> bool {
    data.is_some_and(|d| d.get("domain").is_some() && d.get("symbol").is_some())
}

/// Implemented by the `ErrorData` of every rmcp line whose feature is on; the derive's hook
/// asks it of the deriving crate's own `::rmcp`, so a feature that does not match that crate's
/// rmcp is a compile error that says so.
#[diagnostic::on_unimplemented(
    message = "rmcp version mismatch: mcp-errors was built for other rmcp lines than this crate's `rmcp`",
    label = "this crate's `rmcp` is not a line enabled in mcp-errors' features",
    note = "enable the mcp-errors feature matching your `rmcp` dependency: `rmcp-0` (0.8 to 0.16), `rmcp-1`, `rmcp-2` or `rmcp-3` (`rmcp` = `rmcp-3`)",
    note = "`cargo tree -i rmcp` lists the rmcp versions in the build; with `rmcp-0` and an older 0.x, run `cargo update -p rmcp@0.16.0 --precise <your 0.x version>`",
    note = "a crate that derives without depending on rmcp itself: add `rmcp` (the same version) to its dependencies, `extern crate <renamed> as rmcp;` for a renamed one, or `#[mcp(crate = \"mcp_errors::unchecked\")]` on the enum to skip this check"
)]
pub trait RmcpLine {}

#[cfg(feature = "rmcp-0")]
impl RmcpLine for rmcp_0::model::ErrorData {}
#[cfg(feature = "rmcp-1")]
impl RmcpLine for rmcp_1::model::ErrorData {}
#[cfg(feature = "rmcp-2")]
impl RmcpLine for rmcp_2::model::ErrorData {}
#[cfg(feature = "rmcp-3")]
impl RmcpLine for rmcp_3::model::ErrorData {}

/// The check the derive's hook expands: compiles only when `T` is an enabled line's
/// `ErrorData`.
pub const fn check_rmcp_line<T: RmcpLine + ?Sized>() {}

/// The glue of one rmcp line, against that line's crate name `$r`; `$response` is what its
/// `IntoCallToolResult` and `call_tool` return (`CallToolResult`, or 3.x's
/// `CallToolResponse`).
macro_rules! line_glue {
    ($r:ident, $response:ty) => {
        use $r::handler::server::common::FromContextPart;
        use $r::handler::server::tool::ToolCallContext;
        use $r::model::{CallToolResult, ErrorCode, ErrorData};

        use crate::integrations::outcome::{self, ToolCallOutcome};
        use crate::integrations::rmcp_lines::{self, Parameters};
        use crate::{McpError, VisitData};

        /// The JSON-RPC error of `err` as this line's `ErrorData`: `code`, `message` and the
        /// `data` of [`McpErrorExt::to_error_object`](crate::McpErrorExt::to_error_object).
        ///
        /// Does not [`emit`](crate::integrations::emit); the generated `From<E> for ErrorData`
        /// does.
        pub fn error_data<E: ?Sized + VisitData>(err: &E) -> ErrorData {
            let (code, message, data) = outcome::jsonrpc_parts(err);
            ErrorData::new(ErrorCode(code), message, data)
        }

        /// The JSON-RPC error of `err` with the `data` the server sent before adopting
        /// mcp-errors: only the variant's own members (fields, `details`, constant
        /// `data(...)` members), without `domain`, `symbol` and `retryable`
        /// ([`outcome::plain_jsonrpc_parts`]). The "keep my current wire exactly" path
        /// (docs/adopt.md): `.map_err(|e| plain_error_data(&e))?` where `?` alone would send
        /// the full `data`.
        ///
        /// The `data` is an object, or absent. An old wire whose `data` was another JSON value
        /// (a string) sets it on the result: `ErrorData { data: Some(text.into()),
        /// ..plain_error_data(&err) }`.
        ///
        /// Emits the error, as the generated `From<E> for ErrorData` does.
        pub fn plain_error_data<E: ?Sized + VisitData>(err: &E) -> ErrorData {
            crate::integrations::emit(err);
            let (code, message, data) = outcome::plain_jsonrpc_parts(err);
            ErrorData::new(ErrorCode(code), message, data)
        }

        /// The MCP tool error of `err` as this line's `CallToolResult` (`isError: true`,
        /// content, `_meta`), whatever channel its variant takes.
        ///
        /// Does not [`emit`](crate::integrations::emit).
        pub fn tool_result<E: ?Sized + VisitData>(err: &E) -> CallToolResult {
            call_tool_result(outcome::tool_error_json(err))
        }

        /// What a tool returning `Err(err)` answers: `Ok` with the tool error, or `Err` with
        /// the JSON-RPC error for a protocol-class variant.
        ///
        /// Does not [`emit`](crate::integrations::emit).
        pub fn tool_outcome<E: ?Sized + VisitData>(err: &E) -> Result<CallToolResult, ErrorData> {
            match outcome::tool_call_outcome(err) {
                ToolCallOutcome::ToolError(json) => Ok(call_tool_result(json)),
                ToolCallOutcome::JsonRpc {
                    code,
                    message,
                    data,
                } => Err(ErrorData::new(ErrorCode(code), message, data)),
            }
        }

        /// [`tool_outcome`], emitted through the channel it takes.
        fn emitted_outcome<E: ?Sized + VisitData>(err: &E) -> Result<CallToolResult, ErrorData> {
            let outcome = tool_outcome(err);
            let channel = match outcome {
                Ok(_) => crate::Channel::ToolError,
                Err(_) => crate::Channel::JsonRpcError,
            };
            crate::integrations::emit_as(err, channel);
            outcome
        }

        /// The agreed tool-error JSON as this line's type; never fails (a value that does not
        /// fit becomes an error result with its JSON as text).
        fn call_tool_result(mut json: serde_json::Value) -> CallToolResult {
            // The members this line's own constructor writes beside ours: 3.x's
            // `resultType: "complete"`, which MCP 2026-07-28 requires (rmcp removes it for
            // peers on earlier revisions); nothing on earlier lines.
            if let (Some(ours), Ok(serde_json::Value::Object(template))) = (
                json.as_object_mut(),
                serde_json::to_value(CallToolResult::error(Vec::new())),
            ) {
                if let Some(result_type) = template.get("resultType") {
                    ours.entry("resultType").or_insert_with(|| result_type.clone());
                }
            }
            match serde_json::from_value::<CallToolResult>(json.clone()) {
                Ok(mut result) => {
                    result.is_error = Some(true);
                    result
                }
                Err(_) => {
                    let text = serde_json::json!({
                        "content": [{ "type": "text", "text": json.to_string() }],
                        "isError": true,
                    });
                    serde_json::from_value(text).unwrap_or_else(|_| CallToolResult::error(Vec::new()))
                }
            }
        }

        /// Wraps the result of rmcp's tool router in `call_tool`, for rmcp's own failures:
        ///
        /// - an argument that [`Parameters`](crate::integrations::Parameters) could not
        ///   deserialize becomes its `CommonError::InvalidParams` tool error;
        /// - any other JSON-RPC error that did not come from a derived enum (unknown tool,
        ///   a disabled tool, rmcp's own `Parameters`) is counted by its code
        ///   ([`outcome::record_foreign`](crate::integrations::outcome::record_foreign)) and
        ///   returned unchanged.
        pub fn finish_tool_call(result: Result<$response, ErrorData>) -> Result<$response, ErrorData> {
            let error = match result {
                Ok(response) => return Ok(response),
                Err(error) => error,
            };
            if let Some(tool_error) = error
                .data
                .as_ref()
                .and_then(|d| d.get(rmcp_lines::TOOL_ERROR_KEY))
            {
                return Ok(call_tool_result(tool_error.clone()).into());
            }
            if !rmcp_lines::is_ours(error.data.as_ref()) {
                outcome::record_foreign(error.code.0);
            }
            Err(error)
        }

        impl<S, P> FromContextPart<ToolCallContext<'_, S>> for Parameters<P>
        where
            P: serde::de::DeserializeOwned,
        {
            fn from_context_part(context: &mut ToolCallContext<'_, S>) -> Result<Self, ErrorData> {
                rmcp_lines::parse_arguments(context.arguments.take())
                    .map(Parameters)
                    .map_err(|(code, message, data)| ErrorData::new(ErrorCode(code), message, Some(data)))
            }
        }

        /// A JSON-RPC error received by an rmcp client, as the crate's
        /// [`ErrorObject`](crate::ErrorObject), ready for a `#[mcp(decode)]` enum's
        /// `from_error_object` (feature `client`).
        #[cfg(feature = "client")]
        impl From<ErrorData> for crate::ErrorObject {
            fn from(error: ErrorData) -> Self {
                crate::ErrorObject {
                    code: error.code.0,
                    message: error.message.into_owned(),
                    data: error.data,
                }
            }
        }

        #[cfg(feature = "client")]
        impl From<&ErrorData> for crate::ErrorObject {
            fn from(error: &ErrorData) -> Self {
                crate::ErrorObject {
                    code: error.code.0,
                    message: error.message.clone().into_owned(),
                    data: error.data.clone(),
                }
            }
        }

        // Trait objects: `Box<dyn McpError>` is a local type here (`Box` is fundamental).
        impl From<Box<dyn McpError + Send + Sync + 'static>> for ErrorData {
            fn from(err: Box<dyn McpError + Send + Sync + 'static>) -> Self {
                crate::integrations::emit(&*err);
                error_data(&*err)
            }
        }
        impl From<Box<dyn McpError + Send + 'static>> for ErrorData {
            fn from(err: Box<dyn McpError + Send + 'static>) -> Self {
                crate::integrations::emit(&*err);
                error_data(&*err)
            }
        }
        impl From<Box<dyn McpError + 'static>> for ErrorData {
            fn from(err: Box<dyn McpError + 'static>) -> Self {
                crate::integrations::emit(&*err);
                error_data(&*err)
            }
        }

        /// Support for the generated impls. Not public API.
        #[doc(hidden)]
        pub mod support {
            use super::{CallToolResult, ErrorData};
            use crate::VisitData;

            /// `From<E> for ErrorData`: emits, then converts.
            pub fn emitted_error_data<E: VisitData>(err: &E) -> ErrorData {
                crate::integrations::emit(err);
                super::error_data(err)
            }

            /// A tool's `Err(E)`: chooses the channel, then emits through it.
            pub fn emitted_tool_outcome<E: VisitData>(err: &E) -> Result<CallToolResult, ErrorData> {
                super::emitted_outcome(err)
            }
        }
    };
}
pub(crate) use line_glue;

/// The answers to `sys/errorStats` of the lines that have `on_custom_request` (1.x and later).
#[cfg(any(feature = "rmcp-1", feature = "rmcp-2", feature = "rmcp-3"))]
macro_rules! error_stats_glue {
    ($r:ident) => {
        use $r::model::{CustomRequest, CustomResult};

        use crate::metrics::{ErrorStats, METHOD_NOT_FOUND_MESSAGE, StatsAnswer, method_data};

        /// Answers the custom JSON-RPC methods of this crate from rmcp's
        /// `ServerHandler::on_custom_request`, with the process-wide counters of
        /// [`metrics::global()`](crate::metrics::global):
        ///
        /// - `sys/errorStats`: the [`StatsSnapshot`](crate::metrics::StatsSnapshot) when
        ///   `MCP_ERRORS_METRICS` is truthy, else `-32601` method not found (clients
        ///   feature-detect the method);
        /// - any other method: `-32601`, as rmcp's default `on_custom_request` answers.
        #[inline]
        pub fn on_custom_request(request: &CustomRequest) -> Result<CustomResult, ErrorData> {
            answer_error_stats(request, crate::metrics::global())
                .unwrap_or_else(|| Err(method_not_found(&request.method)))
        }

        /// Answers `request` when it calls `sys/errorStats`, from `stats`; `None` for any
        /// other method, so a server with custom methods of its own can try this first.
        ///
        /// When `stats` is disabled the answer is `-32601` method not found.
        #[inline]
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

        #[inline]
        fn method_not_found(method: &str) -> ErrorData {
            ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                METHOD_NOT_FOUND_MESSAGE,
                Some(method_data(method)),
            )
        }
    };
}
#[cfg(any(feature = "rmcp-1", feature = "rmcp-2", feature = "rmcp-3"))]
pub(crate) use error_stats_glue;

/// `IntoCallToolResult` for the boxed `dyn McpError`s on the lines whose tools return
/// `Result<T, E>` (1.x and later), answering `$response` (`CallToolResult`, or 3.x's
/// `CallToolResponse`): the tool error, or the JSON-RPC error of a protocol-class variant.
#[cfg(any(feature = "rmcp-1", feature = "rmcp-2", feature = "rmcp-3"))]
macro_rules! boxed_tool_results_glue {
    ($r:ident, $response:ty) => {
        crate::integrations::rmcp_lines::boxed_tool_results_glue!(
            @each $r, $response,
            dyn McpError + Send + Sync + 'static,
            dyn McpError + Send + 'static,
            dyn McpError + 'static
        );
    };
    (@each $r:ident, $response:ty, $($dyn:ty),*) => {$(
        impl $r::handler::server::tool::IntoCallToolResult for Box<$dyn> {
            // Before 3.x, `$response` is `CallToolResult` itself.
            #[allow(clippy::useless_conversion)]
            fn into_call_tool_result(self) -> Result<$response, ErrorData> {
                emitted_outcome(&*self).map(Into::into)
            }
        }
    )*};
}
#[cfg(any(feature = "rmcp-1", feature = "rmcp-2", feature = "rmcp-3"))]
pub(crate) use boxed_tool_results_glue;

/// `tool_call_result` and its `ToolSuccess` values, on the lines where rmcp's own
/// `Result<T, E>` route cannot carry a derived enum's whole tool error: 0.x (rmcp wants
/// `E: IntoContents`) and 1.0 to 1.3 (the same `Result` impl as 0.x; 1.4 made it generic).
/// A tool returns `Result<CallToolResult, ErrorData>` and routes its own `Result<T, E>`
/// through [`tool_call_result`], which works on every release of both lines.
#[cfg(any(feature = "rmcp-0", feature = "rmcp-1"))]
macro_rules! tool_success_glue {
    ($r:ident) => {
        use $r::handler::server::tool::IntoCallToolResult;
        use $r::handler::server::wrapper::Json;
        use $r::model::{Content, IntoContents};

        /// A tool's success value that [`tool_call_result`] turns into the whole
        /// `CallToolResult`: the result itself, several contents (`Vec<Content>`), one
        /// `Content`, a `String`, `()` or rmcp's `Json<T>` (structured content), which rmcp
        /// accepts for `T: Serialize + JsonSchema + 'static`: a generic helper wrapping its
        /// `T` in `Json` states those bounds (else E0310 or E0277).
        ///
        /// A type of your own that is `IntoContents`: pass `value.into_contents()` (a
        /// `Vec<Content>`).
        pub trait ToolSuccess {
            /// The success result (`Err` only where rmcp's own conversion fails, as
            /// `Json<T>`'s serialization).
            fn into_tool_success(self) -> Result<CallToolResult, ErrorData>;
        }

        impl ToolSuccess for CallToolResult {
            fn into_tool_success(self) -> Result<CallToolResult, ErrorData> {
                Ok(self)
            }
        }

        impl ToolSuccess for Vec<Content> {
            fn into_tool_success(self) -> Result<CallToolResult, ErrorData> {
                Ok(CallToolResult::success(self))
            }
        }

        impl ToolSuccess for Content {
            fn into_tool_success(self) -> Result<CallToolResult, ErrorData> {
                Ok(CallToolResult::success(self.into_contents()))
            }
        }

        impl ToolSuccess for String {
            fn into_tool_success(self) -> Result<CallToolResult, ErrorData> {
                Ok(CallToolResult::success(self.into_contents()))
            }
        }

        impl ToolSuccess for () {
            fn into_tool_success(self) -> Result<CallToolResult, ErrorData> {
                Ok(CallToolResult::success(self.into_contents()))
            }
        }

        impl<T> ToolSuccess for Json<T>
        where
            Json<T>: IntoCallToolResult,
        {
            fn into_tool_success(self) -> Result<CallToolResult, ErrorData> {
                self.into_call_tool_result()
            }
        }

        /// A tool's `Result<T, E>` as the whole tool result: `Ok` as a success
        /// ([`ToolSuccess`]: a `CallToolResult`, `Vec<Content>`, `Content`, `String`, `()`
        /// or `Json<T>` with `T: Serialize + JsonSchema + 'static`), `Err` as
        /// [`tool_outcome`] (the tool error with `_meta`, or the JSON-RPC error of a
        /// protocol-class variant). Emits the error.
        pub fn tool_call_result<T: ToolSuccess, E: VisitData>(
            result: Result<T, E>,
        ) -> Result<CallToolResult, ErrorData> {
            match result {
                Ok(value) => value.into_tool_success(),
                Err(err) => support::emitted_tool_outcome(&err),
            }
        }
    };
}
#[cfg(any(feature = "rmcp-0", feature = "rmcp-1"))]
pub(crate) use tool_success_glue;
