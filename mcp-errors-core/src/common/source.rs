// The source of `expanded.rs`: `CommonError` and `ProtocolError` as written for
// `#[derive(McpError)]`. Not a module of this crate: the core cannot use its own derive (the
// derive would then build before the core instead of beside it), so the derive's output is
// checked in. `expanded.rs` is these enums without the `mcp` attributes, followed by what the
// derive generates for them; the derive's test `core_common_expansion` fails when it differs
// from what the derive generates now, and `MCP_ERRORS_EXPAND=overwrite cargo test -p
// mcp-errors-derive core_common_expansion` writes it anew. Written out as text, the names the
// derive gives its own bindings (`f`, `value`, ..) are no longer hygienic: no field here may be
// named like one, which the derive's test `core_common_fields_meet_no_derive_local` checks.

/// Failures every MCP server shares: the global common range 1000–1099 of the Node fleet's numeric ranges.
///
/// Embed it in a server's own enum as a `transparent` variant; the code, symbol and message
/// stay the common ones while the domain becomes the server's (a Python server's
/// `E_INPUT_TOO_LARGE` counts under `python`):
///
/// ```
/// # extern crate mcp_errors_core as mcp_errors;
/// # use mcp_errors_derive::McpError;
/// use mcp_errors::{CommonError, McpError};
///
/// #[derive(Debug, McpError)]
/// # #[mcp(crate = "mcp_errors::unchecked")]
/// #[mcp(domain = "python", range = 2000..=2099, symbol_prefix = "E_PY_")]
/// enum PythonError {
///     /// Execution failed
///     #[mcp(code = 2000)]
///     ExecFail,
///     #[mcp(transparent)]
///     Common(CommonError),
/// }
///
/// let err = PythonError::Common(CommonError::InputTooLarge { details: None });
/// assert_eq!((err.code(), err.symbol(), err.domain()), (1005, "E_INPUT_TOO_LARGE", "python"));
/// assert_eq!(err.to_string(), "Input too large");
/// assert_eq!(CommonError::E_INPUT_TOO_LARGE, 1005);
/// ```
///
/// Every variant carries an optional `details` text that becomes `data.details`.
#[derive(Debug, Clone, PartialEq, Eq, McpError)]
#[mcp(
    crate = "crate::unchecked",
    domain = "common",
    range = 1000..=1099,
    symbol_prefix = "E_",
    decode
)]
pub enum CommonError {
    /// Invalid parameters
    ///
    /// The request's arguments failed validation. Use this rather than JSON-RPC's -32602
    /// for validation inside a tool (as the Node fleet does).
    #[mcp(
        code = 1000,
        kind = "validation",
        help = "Fix the parameters and send the request again"
    )]
    InvalidParams {
        /// What was wrong, for the caller.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Operation timed out
    ///
    /// A long-running operation (browser navigation, script execution) exceeded its deadline.
    #[mcp(code = 1001, kind = "timeout")]
    Timeout {
        /// What timed out.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Limit exceeded
    ///
    /// A server-side cap was hit: session count, size, line length.
    #[mcp(code = 1002, kind = "validation")]
    LimitExceeded {
        /// Which limit.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Dependency not installed
    ///
    /// A runtime dependency of the tool is missing (Playwright, Puppeteer). Retrying does not
    /// help until it is installed.
    #[mcp(
        code = 1003,
        kind = "unavailable",
        retryable = false,
        help = "Install the missing dependency on the server"
    )]
    NotInstalled {
        /// Which dependency.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Session not found
    ///
    /// The request names a session id the server does not know.
    #[mcp(code = 1004, kind = "not_found")]
    SessionNotFound {
        /// Which session.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Input too large
    ///
    /// Code length, selector length or another input exceeds what the server accepts.
    #[mcp(code = 1005, kind = "validation")]
    InputTooLarge {
        /// Which input, and how large it was.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Unsupported operation
    ///
    /// The server does not implement the requested operation.
    #[mcp(code = 1006, kind = "validation")]
    Unsupported {
        /// Which operation.
        #[mcp(details)]
        details: Option<String>,
    },
}

/// The JSON-RPC 2.0 error codes and MCP's own, as an error enum.
///
/// A `protocol` enum (the only kind allowed to use -32768..=-32000), domain `jsonrpc`;
/// every variant has kind `protocol` and is not retryable. Symbols are the names JSON-RPC
/// servers use (the categorized error model, the GitHub server, the knowledge base), and the generated constants agree with
/// [`jsonrpc`](crate::jsonrpc):
///
/// ```
/// # extern crate mcp_errors_core as mcp_errors;
/// use mcp_errors::{jsonrpc, McpError, ProtocolError};
///
/// assert_eq!(ProtocolError::METHOD_NOT_FOUND, jsonrpc::METHOD_NOT_FOUND);
/// let err = ProtocolError::MethodNotFound { method: Some("tools/frobnicate".into()) };
/// assert_eq!((err.code(), err.symbol(), err.domain()), (-32601, "METHOD_NOT_FOUND", "jsonrpc"));
/// assert_eq!(err.to_string(), "Method not found");
/// ```
///
/// MCP's codes follow revision 2026-07-28, which splits the reserved range: -32000..=-32019 is
/// legacy (no new codes), -32020..=-32099 holds the codes the specification defines
/// ([`HeaderMismatch`](ProtocolError::HeaderMismatch) -32020,
/// [`MissingRequiredClientCapability`](ProtocolError::MissingRequiredClientCapability) -32021,
/// [`UnsupportedProtocolVersion`](ProtocolError::UnsupportedProtocolVersion) -32022). Two
/// earlier codes are retired but still decoded, because peers on older revisions send them:
/// [`ResourceNotFound`](ProtocolError::ResourceNotFound) (-32002; send
/// [`InvalidParams`](ProtocolError::InvalidParams) instead) and
/// [`UrlElicitationRequired`](ProtocolError::UrlElicitationRequired) (-32042).
#[derive(Debug, Clone, PartialEq, Eq, McpError)]
#[mcp(crate = "crate::unchecked", domain = "jsonrpc", protocol, decode)]
pub enum ProtocolError {
    /// Parse error
    ///
    /// Invalid JSON was received by the server.
    #[mcp(code = -32700, symbol = "PARSE_ERROR")]
    ParseError {
        /// The parser's complaint.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Invalid Request
    ///
    /// The JSON sent is not a valid request object.
    #[mcp(code = -32600, symbol = "INVALID_REQUEST")]
    InvalidRequest {
        /// What was wrong with the request.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Method not found
    ///
    /// The method does not exist or is not available.
    #[mcp(code = -32601, symbol = "METHOD_NOT_FOUND")]
    MethodNotFound {
        /// The method that was asked for; `data.method`.
        #[mcp(data)]
        method: Option<String>,
    },
    /// Invalid params
    ///
    /// The parameters do not match the method's schema (the categorized error model's
    /// -32602: detected before the tool runs).
    #[mcp(code = -32602, symbol = "INVALID_PARAMS")]
    InvalidParams {
        /// The offending parameter path (`order.customer.email`); `data.field`.
        #[mcp(data)]
        field: Option<String>,
        /// What was wrong.
        #[mcp(details)]
        details: Option<String>,
        /// The resource URI that names no resource (MCP 2026-07-28, SEP-2164); `data.uri`.
        /// [`ProtocolError::resource_not_found`] sets it.
        #[mcp(data)]
        uri: Option<String>,
    },
    /// Internal error
    ///
    /// An internal JSON-RPC error.
    #[mcp(code = -32603, symbol = "INTERNAL_ERROR")]
    InternalError {
        /// What failed.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Header mismatch
    ///
    /// MCP 2026-07-28, Streamable HTTP: a required header (`MCP-Protocol-Version`,
    /// `Mcp-Method`, `Mcp-Name`) is missing or malformed, or disagrees with the request body.
    #[mcp(code = -32020, symbol = "HEADER_MISMATCH")]
    HeaderMismatch {
        /// Which header, and how it disagrees.
        #[mcp(details)]
        details: Option<String>,
    },
    /// Missing required client capability
    ///
    /// MCP 2026-07-28: serving the request needs a capability the client did not declare.
    #[mcp(code = -32021, symbol = "MISSING_REQUIRED_CLIENT_CAPABILITY")]
    MissingRequiredClientCapability {
        /// The capabilities the request needs, in the shape of the client's `capabilities`
        /// (`{"sampling": {}}`); `data.requiredCapabilities`.
        #[mcp(rename = "requiredCapabilities")]
        required_capabilities: serde_json::Map<String, serde_json::Value>,
    },
    /// Unsupported protocol version
    ///
    /// MCP 2026-07-28: the request's protocol version is not one this server speaks.
    #[mcp(code = -32022, symbol = "UNSUPPORTED_PROTOCOL_VERSION")]
    UnsupportedProtocolVersion {
        /// The versions this server speaks; `data.supported`.
        #[mcp(data)]
        supported: Vec<String>,
        /// The version the client asked for; `data.requested`.
        #[mcp(data)]
        requested: Option<String>,
    },
    /// Resource not found
    ///
    /// MCP before 2026-07-28: the requested resource does not exist. Retired by 2026-07-28
    /// (SEP-2164), which sends [`InvalidParams`](ProtocolError::InvalidParams) (-32602) for an
    /// unknown resource URI; kept so that envelopes from older peers still decode. A legacy
    /// code (-32000..=-32019) kept on purpose.
    #[mcp(code = -32002, symbol = "RESOURCE_NOT_FOUND", legacy)]
    ResourceNotFound {
        /// The resource's URI; `data.uri`, as the MCP specification showed it.
        #[mcp(data)]
        uri: Option<String>,
    },
    /// URL elicitation required
    ///
    /// MCP 2025-11-25: the request needs the user to complete a URL-mode elicitation first.
    /// Retired by 2026-07-28 (a server asks for input with an input-required result instead);
    /// kept so that envelopes from older peers still decode.
    #[mcp(code = -32042, symbol = "URL_ELICITATION_REQUIRED")]
    UrlElicitationRequired {
        /// The elicitations to complete (`{"mode": "url", "elicitationId", "url",
        /// "message"}` each); `data.elicitations`.
        #[mcp(data)]
        elicitations: Vec<serde_json::Value>,
    },
}
