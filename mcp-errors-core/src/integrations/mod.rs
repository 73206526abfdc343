//! Optional integrations with the MCP ecosystem, each behind a cargo feature (all off by
//! default; the default build depends on `serde` and `serde_json` only, and holds what a
//! server needs to emit its errors). This table is the list of the features.
//!
//! | feature | what it adds |
//! |---|---|
//! | `rmcp-0` (0.8 to 0.16), `rmcp-1`, `rmcp-2`, `rmcp-3` (`rmcp`, the deprecated name of `rmcp-3`, is kept for one release) | for every derived enum `E`, against that line's rmcp ([`rmcp_0`] .. [`rmcp_3`]; several lines may be on at once): `From<E> for ErrorData` (the JSON-RPC error) and the tool-error conversion (`IntoCallToolResult for E` from 1.x, `IntoContents for E` on 0.x), so a `#[tool]` may return `Result<T, E>` or `Result<T, ErrorData>`; [`Parameters`] and `finish_tool_call` for rmcp's own failures; `on_custom_request` answers `sys/errorStats` (1.x and later) |
//! | `jsonrpsee` | for every derived enum `E`: `From<E> for jsonrpsee_types::ErrorObjectOwned` |
//! | `metrics` | [`emit_as`] increments the counter `mcp_errors_total` of the [`metrics`](https://docs.rs/metrics) facade, with OpenTelemetry's MCP attribute names ([`semconv`]) |
//! | `tracing` | [`emit_as`] emits one [`tracing`](https://docs.rs/tracing) event per error, with the same names |
//! | `schemars` | `schemars::JsonSchema` for the envelope and catalog types, and the schemas as JSON |
//! | `arguments` | [`arguments::parse`](crate::arguments::parse): tool arguments that fail to deserialize as `E_INVALID_PARAMS` (1000) naming the argument by JSON Pointer, for servers on other SDKs (every rmcp feature turns it on; adds `serde_path_to_error`) |
//! | `http` | [`http`](crate::http): tower layers for the Streamable HTTP endpoint, rejections as JSON-RPC errors and a rate limiter (adds `http`, `http-body`, `http-body-util`, `bytes`, `tower-layer`, `tower-service`) |
//! | `registry` | [`Registry`](crate::Registry) and its lock file ([`LockFile`](crate::LockFile)): the enums of a program checked against each other at run time, the catalog as Markdown and JSON, code stability (`assert_stable`); for tests, build scripts and catalog tools, not for serving errors |
//! | `client` | the client's side: `from_error_object`, which `#[mcp(decode)]` generates (the facade's `client` also turns on the derive's, which otherwise rejects `decode`); `Deserialize` and [`from_json`](crate::ErrorObject::from_json) for [`ErrorObject`](crate::ErrorObject), `Deserialize` for [`StatsSnapshot`](crate::metrics::StatsSnapshot) (a server's `sys/errorStats` answer); the retry policy ([`RetryPolicy`](crate::retry::RetryPolicy), [`retry`](crate::retry::retry), ...) and the retry contract's readers ([`message_retry_after`](crate::retry::message_retry_after), ..., `http::retry_after`); not for serving errors |
//! | `sep-3304` | the proposed code -32023 `RateLimited` ([`jsonrpc::RATE_LIMITED`](crate::jsonrpc)), and the option of a rate limiter to send it instead of -32000 (`RateLimitLayer::sep_3304`); a limiter that does not choose it is unchanged |
//!
//! # How the impls reach your enums
//!
//! The orphan rules forbid `impl<E: McpError> From<E> for rmcp::model::ErrorData` here, so
//! the derive emits `__impl_integrations!(Type);` after every enum, and this crate defines
//! that macro according to its own features: each enabled feature contributes impls for
//! `Type`, written in the user's crate; with every feature off it expands to nothing.
//!
//! # Emission
//!
//! Converting an error into a wire type of an integration (`ErrorData`, a tool result,
//! `ErrorObjectOwned`) is the moment it leaves the server, so the generated conversions call
//! [`emit`]: it counts the error in [`metrics::global()`](crate::metrics::global) (a no-op
//! unless `MCP_ERRORS_METRICS` is truthy) and reports it to the `metrics` facade and to
//! `tracing` when those features are on. Call [`emit`] yourself where you put an error on
//! the wire without one of these conversions.

use crate::McpError;

#[cfg(feature = "jsonrpsee")]
pub mod jsonrpsee;
#[cfg(feature = "metrics")]
#[path = "metrics_facade.rs"]
pub mod metrics;
pub mod outcome;
#[cfg(feature = "rmcp")]
#[doc(hidden)]
pub mod rmcp;
#[cfg(feature = "rmcp-0")]
pub mod rmcp_0;
#[cfg(feature = "rmcp-1")]
pub mod rmcp_1;
#[cfg(feature = "rmcp-2")]
pub mod rmcp_2;
#[cfg(feature = "rmcp-3")]
pub mod rmcp_3;
#[cfg(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
mod rmcp_discovery;
#[cfg(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
mod rmcp_lines;
#[cfg(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
pub use rmcp_lines::Parameters;
#[cfg(feature = "schemars")]
pub mod schemars;
pub mod semconv;
#[cfg(feature = "tracing")]
pub mod tracing;

/// The former path of [`Channel`](crate::Channel), the same type. Kept for one release.
#[doc(hidden)]
#[deprecated(note = "use `mcp_errors::Channel`, the same type")]
pub type Channel = crate::Channel;

/// Reports one error that is leaving the server as a JSON-RPC error: [`emit_as`] with
/// [`Channel::JsonRpcError`](crate::Channel::JsonRpcError).
pub fn emit<E: McpError + ?Sized>(err: &E) {
    emit_as(err, crate::Channel::JsonRpcError);
}

/// Reports one error that is leaving the server through `channel` to every enabled sink.
///
/// - the process-wide [`ErrorStats`](crate::metrics::ErrorStats) of
///   [`metrics::global()`](crate::metrics::global), which counts only when
///   `MCP_ERRORS_METRICS` is truthy and honours `MCP_ERRORS_METRICS_SAMPLE`;
/// - with the `metrics` feature, the counter `mcp_errors_total` of the `metrics` facade
///   (`integrations::metrics::record_as`);
/// - with the `tracing` feature, one `tracing` event (`integrations::tracing::record_as`).
///
/// The channel decides OpenTelemetry's `error.type` and `rpc.response.status_code` (see
/// [`semconv`]). The conversions generated by the rmcp and `jsonrpsee` features call it
/// once per conversion, with the channel of the wire type they build; call it yourself when
/// you send an error another way. Never panics.
pub fn emit_as<E: McpError + ?Sized>(err: &E, channel: crate::Channel) {
    crate::metrics::record(err);
    #[cfg(feature = "metrics")]
    metrics::record_as(err, channel);
    #[cfg(feature = "tracing")]
    tracing::record_as(err, channel);
    let _ = channel;
}

/// The part of a JSON-RPC error's `data` that comes from the catalog alone: the fallback of
/// the conversions when a field's `Serialize` or `Display` fails.
fn catalog_data<E: McpError + ?Sized>(err: &E) -> serde_json::Value {
    serde_json::json!({
        "domain": err.domain(),
        "symbol": err.symbol(),
        "retryable": crate::field_types::wire_retryable(err),
    })
}

/// The wire message of `err` ([`McpError::fmt_message`]), or as much of it as was written
/// when a `Display` impl fails (`to_string` would panic there).
fn display_lossy<E: McpError + ?Sized>(err: &E) -> String {
    use core::fmt::Write as _;
    let mut text = String::new();
    let _ = write!(text, "{}", crate::envelope::text::Message(err));
    text
}

/// Support for the generated impls. Not public API.
#[doc(hidden)]
pub mod support {
    #[cfg(feature = "jsonrpsee")]
    pub use super::jsonrpsee::support::*;
    #[cfg(feature = "rmcp-0")]
    pub use super::rmcp_0 as glue_rmcp_0;
    #[cfg(feature = "rmcp-1")]
    pub use super::rmcp_1 as glue_rmcp_1;
    #[cfg(feature = "rmcp-2")]
    pub use super::rmcp_2 as glue_rmcp_2;
    #[cfg(feature = "rmcp-3")]
    pub use super::rmcp_3 as glue_rmcp_3;
    #[cfg(any(
        feature = "rmcp-0",
        feature = "rmcp-1",
        feature = "rmcp-2",
        feature = "rmcp-3"
    ))]
    pub use super::rmcp_lines::check_rmcp_line;
    #[cfg(feature = "jsonrpsee")]
    pub use ::jsonrpsee_types;
    #[cfg(feature = "rmcp-0")]
    pub use ::rmcp_0;
    #[cfg(feature = "rmcp-1")]
    pub use ::rmcp_1;
    #[cfg(feature = "rmcp-2")]
    pub use ::rmcp_2;
    #[cfg(feature = "rmcp-3")]
    pub use ::rmcp_3;
}

/// Emits the integration impls of every enabled feature for a derived type, and (with an
/// rmcp line on) checks that the deriving crate's `::rmcp` is an enabled line.
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integrations {
    ($ty:ty) => {
        $crate::__impl_integration_rmcp_check!();
        $crate::__impl_integrations_unchecked!($ty);
    };
}

/// [`__impl_integrations!`] without the rmcp version check, for a crate that derives without
/// depending on rmcp (`#[mcp(crate = "mcp_errors::unchecked")]`).
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integrations_unchecked {
    ($ty:ty) => {
        $crate::__impl_integration_rmcp_0!($ty);
        $crate::__impl_integration_rmcp_1!($ty);
        $crate::__impl_integration_rmcp_2!($ty);
        $crate::__impl_integration_rmcp_3!($ty);
        $crate::__impl_integration_jsonrpsee!($ty);
    };
}

/// With an rmcp line on: a compile error that names the version mismatch when the deriving
/// crate's `::rmcp` is not an enabled line (`rmcp_lines::RmcpLine`).
#[cfg(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_check {
    () => {
        const _: () =
            $crate::__private::integrations::check_rmcp_line::<::rmcp::model::ErrorData>();
    };
}

/// Without an rmcp line: nothing.
#[cfg(not(any(
    feature = "rmcp-0",
    feature = "rmcp-1",
    feature = "rmcp-2",
    feature = "rmcp-3"
)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_check {
    () => {};
}

/// With `rmcp-0`: `From<$ty> for ErrorData` and `IntoContents for $ty`.
#[cfg(feature = "rmcp-0")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_0 {
    ($ty:ty) => {
        #[automatically_derived]
        impl ::core::convert::From<$ty>
            for $crate::__private::integrations::rmcp_0::model::ErrorData
        {
            fn from(err: $ty) -> Self {
                $crate::__private::integrations::glue_rmcp_0::support::emitted_error_data(&err)
            }
        }

        #[automatically_derived]
        impl $crate::__private::integrations::rmcp_0::model::IntoContents for $ty {
            fn into_contents(
                self,
            ) -> ::std::vec::Vec<$crate::__private::integrations::rmcp_0::model::Content> {
                $crate::__private::integrations::glue_rmcp_0::contents_support::emitted_contents(
                    &self,
                )
            }
        }
    };
}

/// Without `rmcp-0`: nothing.
#[cfg(not(feature = "rmcp-0"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_0 {
    ($ty:ty) => {};
}

/// The impls of a line whose `IntoCallToolResult` returns `Result<$response, ErrorData>`.
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_line {
    ($ty:ty, $krate:ident, $glue:ident, $response:ident) => {
        #[automatically_derived]
        impl ::core::convert::From<$ty>
            for $crate::__private::integrations::$krate::model::ErrorData
        {
            fn from(err: $ty) -> Self {
                $crate::__private::integrations::$glue::support::emitted_error_data(&err)
            }
        }

        #[automatically_derived]
        impl $crate::__private::integrations::$krate::handler::server::tool::IntoCallToolResult
            for $ty
        {
            fn into_call_tool_result(
                self,
            ) -> ::core::result::Result<
                $crate::__private::integrations::$krate::model::$response,
                $crate::__private::integrations::$krate::model::ErrorData,
            > {
                ::core::result::Result::map(
                    $crate::__private::integrations::$glue::support::emitted_tool_outcome(&self),
                    ::core::convert::Into::into,
                )
            }
        }
    };
}

/// With `rmcp-1`: `From<$ty> for ErrorData` and `IntoCallToolResult for $ty`.
#[cfg(feature = "rmcp-1")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_1 {
    ($ty:ty) => {
        $crate::__impl_integration_rmcp_line!($ty, rmcp_1, glue_rmcp_1, CallToolResult);
    };
}

/// Without `rmcp-1`: nothing.
#[cfg(not(feature = "rmcp-1"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_1 {
    ($ty:ty) => {};
}

/// With `rmcp-2`: `From<$ty> for ErrorData` and `IntoCallToolResult for $ty`.
#[cfg(feature = "rmcp-2")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_2 {
    ($ty:ty) => {
        $crate::__impl_integration_rmcp_line!($ty, rmcp_2, glue_rmcp_2, CallToolResult);
    };
}

/// Without `rmcp-2`: nothing.
#[cfg(not(feature = "rmcp-2"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_2 {
    ($ty:ty) => {};
}

/// With `rmcp-3` (or `rmcp`): `From<$ty> for ErrorData` and `IntoCallToolResult for $ty`.
#[cfg(feature = "rmcp-3")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_3 {
    ($ty:ty) => {
        $crate::__impl_integration_rmcp_line!($ty, rmcp_3, glue_rmcp_3, CallToolResponse);
    };
}

/// Without `rmcp-3`: nothing.
#[cfg(not(feature = "rmcp-3"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_rmcp_3 {
    ($ty:ty) => {};
}

/// With the `jsonrpsee` feature: `From<$ty> for ErrorObjectOwned`.
#[cfg(feature = "jsonrpsee")]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_jsonrpsee {
    ($ty:ty) => {
        #[automatically_derived]
        impl ::core::convert::From<$ty>
            for $crate::__private::integrations::jsonrpsee_types::ErrorObjectOwned
        {
            fn from(err: $ty) -> Self {
                $crate::__private::integrations::emitted_error_object(&err)
            }
        }
    };
}

/// Without the `jsonrpsee` feature: nothing.
#[cfg(not(feature = "jsonrpsee"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_integration_jsonrpsee {
    ($ty:ty) => {};
}
