//! Envelopes: the JSON shapes an [`McpError`] takes on the wire.
//!
//! [`McpErrorExt`] gives every error, sized or behind `&dyn McpError` /
//! `Box<dyn McpError + Send + Sync>`, one method per shape. Each returns a small borrowed
//! view that implements [`Serialize`]: nothing is built until a serializer asks, and a
//! concrete error serializes straight into the output without an intermediate
//! `serde_json::Value` or `String` (the message is written through
//! [`Serializer::collect_str`], the fields through [`McpError::visit_data`]).
//!
//! | method | shape |
//! |---|---|
//! | [`to_error_object`](McpErrorExt::to_error_object) | JSON-RPC `error` member `{"code","message","data"}` |
//! | [`to_jsonrpc`](McpErrorExt::to_jsonrpc) | JSON-RPC error response `{"jsonrpc":"2.0","id","error"}` |
//! | [`to_tool_result`](McpErrorExt::to_tool_result) | MCP `CallToolResult` with `isError: true` |
//! | [`to_error_response`](McpErrorExt::to_error_response) | the categorized error model's `ErrorResponse` `{"code","message","retryable","details"}` |
//! | [`to_jsonrpc_result`](McpErrorExt::to_jsonrpc_result) | the categorized error model's domain failure `{"jsonrpc":"2.0","id","result":{"error":...}}` |
//!
//! Serialization fails (returns `Err`, never panics) only when a field's `Serialize` impl or
//! a `Display` impl fails, or when the writer does.
//!
//! # Where things are
//!
//! - `ext.rs`: [`McpErrorExt`], one method per shape.
//! - `view.rs`: [`EnvelopeView`], the one struct behind every view, with the options
//!   (`code_as_string`, `plain_data`, `verbosity`) and the output methods (`to_json_string`,
//!   `write_json_line`, ...) defined once for all shapes.
//! - `error_object.rs`, `error_response.rs`, `tool_result.rs`: one file per wire shape
//!   (its view aliases and its `Serialize`).
//! - `fields.rs`: how a value's data fields reach an envelope's map (reserved keys, details).
//! - `tool_format.rs`: [`ToolErrorFormat`], the text a model reads and the `_meta` keys
//!   beyond the TypeScript hierarchy's.
//! - `text.rs`: `Display` values written as JSON strings.
//! - `fast/`: the optimistic writer the output methods try first: the JSON-RPC error
//!   shapes as bytes, without the meter, when the reply is far inside its budget
//!   (`fast/scalar.rs`: a data field's scalar value, a string escaped by the writer).
//! - `raw.rs`: the serde path's raw route: a JSON-RPC error view handed to `serde_json`'s
//!   compact serializer over a `Vec<u8>` gives it the optimistic writer's bytes as raw JSON,
//!   behind checks that fail only safe.
//! - `budget.rs`: [`ReplyBudget`], what caller-supplied content one envelope may carry, and
//!   the metered serializer that cuts the rest.
//! - `request_id.rs`: [`RequestId`].

mod budget;
mod error_object;
mod error_response;
mod ext;
mod fast;
mod fields;
pub(crate) mod message_format;
mod raw;
mod request_id;
pub(crate) mod text;
mod tool_format;
mod tool_result;
mod view;

#[cfg(feature = "client")]
pub(crate) use budget::MAX_DEPTH as MAX_FIELD_DEPTH;
pub use budget::{ReplyBudget, TRUNCATION_MARK};
pub use error_object::{
    ErrorObjectShape, ErrorObjectView, JsonRpcErrorShape, JsonRpcErrorView, RESERVED_DATA_KEYS,
};
pub use error_response::{
    ErrorResponseShape, ErrorResponseView, JsonRpcResultShape, JsonRpcResultView,
};
pub use ext::McpErrorExt;
pub use message_format::JsonRpcMessageFormat;
pub use request_id::RequestId;
#[cfg(feature = "client")]
pub(crate) use tool_format::{DETAILS_LINE, HELP_LINE, RETRYABLE_LINE};
pub use tool_format::{ToolErrorFormat, structured_error_allowed};
pub(crate) use tool_result::ToolMeta;
pub use tool_result::{ToolResultShape, ToolResultView};
pub use view::{EnvelopeView, Shape, TakesOptions, TakesPlainData};
#[cfg(feature = "tracing")]
pub(crate) use {
    budget::{Capped, Meter},
    text::Guarded,
};

/// The `jsonrpc` member of every JSON-RPC message.
const JSONRPC_VERSION: &str = "2.0";
