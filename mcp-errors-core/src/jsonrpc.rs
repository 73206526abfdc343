//! The JSON-RPC 2.0 error codes, and MCP's own.

/// Invalid JSON was received.
pub const PARSE_ERROR: i32 = -32700;
/// The JSON sent is not a valid request object.
pub const INVALID_REQUEST: i32 = -32600;
/// The method does not exist or is not available.
pub const METHOD_NOT_FOUND: i32 = -32601;
/// Invalid method parameters.
pub const INVALID_PARAMS: i32 = -32602;
/// Internal JSON-RPC error.
pub const INTERNAL_ERROR: i32 = -32603;
/// MCP: the requested resource does not exist.
pub const RESOURCE_NOT_FOUND: i32 = -32002;
/// The range JSON-RPC reserves for itself and for implementation-defined server errors.
pub const RESERVED: crate::CodeRange = crate::CodeRange::JSONRPC_RESERVED;
