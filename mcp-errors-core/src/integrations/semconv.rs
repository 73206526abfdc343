//! The OpenTelemetry names the `tracing` and `metrics` features write, and [`Channel`](crate::Channel), the way
//! an error leaves the server, which decides two of them.
//!
//! OpenTelemetry's semantic conventions for MCP (development status; first published with the
//! `mcp.*` attributes in `semantic-conventions`, since moved to its generative-AI conventions) describe
//! a failed MCP operation with:
//!
//! - [`ERROR_TYPE`] (`error.type`): the JSON-RPC error code as a string (`"-32602"`,
//!   `"2100"`), or [`TOOL_ERROR`] (`tool_error`) when the response is a `CallToolResult` with
//!   `isError: true`;
//! - [`RPC_RESPONSE_STATUS_CODE`] (`rpc.response.status_code`): the JSON-RPC error code, only
//!   when the response is a JSON-RPC error (a tool error is a successful response);
//! - the histogram [`MCP_SERVER_OPERATION_DURATION`] (`mcp.server.operation.duration`, seconds)
//!   with [`MCP_METHOD_NAME`] (`mcp.method.name`).
//!
//! The catalog's own identity goes beside them under the `mcp_errors.` prefix: [`CODE`],
//! [`SYMBOL`], [`DOMAIN`], [`RETRYABLE`], [`KIND`].

use std::borrow::Cow;

/// `error.type`: the class of error an operation ended with.
pub const ERROR_TYPE: &str = "error.type";
/// `rpc.response.status_code`: the JSON-RPC error code of the response.
pub const RPC_RESPONSE_STATUS_CODE: &str = "rpc.response.status_code";
/// The `error.type` of a tool error (`isError: true`).
pub const TOOL_ERROR: &str = "tool_error";
/// `mcp.method.name`: the request's method (`tools/call`).
pub const MCP_METHOD_NAME: &str = "mcp.method.name";
/// `mcp.server.operation.duration`: how long the server took to answer, in seconds.
pub const MCP_SERVER_OPERATION_DURATION: &str = "mcp.server.operation.duration";

/// `mcp_errors.code`: the catalog code (an integer; the same as the JSON-RPC code of a
/// JSON-RPC error, and `_meta.code` of a tool error).
pub const CODE: &str = "mcp_errors.code";
/// `mcp_errors.symbol`: the stable symbol (`E_PW_NAV`).
pub const SYMBOL: &str = "mcp_errors.symbol";
/// `mcp_errors.domain`: the domain (`playwright`).
pub const DOMAIN: &str = "mcp_errors.domain";
/// `mcp_errors.retryable`: whether retrying unchanged may succeed.
pub const RETRYABLE: &str = "mcp_errors.retryable";
/// `mcp_errors.kind`: the category (`network`).
pub const KIND: &str = "mcp_errors.kind";

/// The former path of [`Channel`](crate::Channel), the same type. Kept for one release.
#[doc(hidden)]
#[deprecated(note = "use `mcp_errors::Channel`, the same type")]
pub type Channel = crate::Channel;

/// How an error leaves the server, MCP's two channels, in OpenTelemetry's terms:
///
/// ```
/// use mcp_errors_core::Channel;
///
/// assert_eq!(Channel::JsonRpcError.error_type(-32602), "-32602");
/// assert_eq!(Channel::JsonRpcError.status_code(-32602), Some(-32602));
/// assert_eq!(Channel::ToolError.error_type(2500), "tool_error");
/// assert_eq!(Channel::ToolError.status_code(2500), None);
/// ```
impl crate::Channel {
    /// `error.type` for an error with `code` sent this way: the code as a string, or
    /// `tool_error`.
    pub fn error_type(self, code: i32) -> Cow<'static, str> {
        match self {
            Self::JsonRpcError => Cow::Owned(code.to_string()),
            Self::ToolError => Cow::Borrowed(TOOL_ERROR),
        }
    }

    /// `rpc.response.status_code`: the code of a JSON-RPC error; `None` for a tool error,
    /// whose JSON-RPC response is a success.
    pub fn status_code(self, code: i32) -> Option<i32> {
        match self {
            Self::JsonRpcError => Some(code),
            Self::ToolError => None,
        }
    }
}
