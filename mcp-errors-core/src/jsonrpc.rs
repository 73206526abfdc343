//! The JSON-RPC 2.0 error codes, and MCP's own (revision 2026-07-28).
//!
//! MCP 2026-07-28 divides JSON-RPC's reserved range [`RESERVED`] (-32768..=-32000): [`LEGACY`]
//! (-32000..=-32019) holds codes servers used before, and gets no new ones; [`SPEC_DEFINED`]
//! (-32020..=-32099) holds the codes the specification defines. An implementation's own codes
//! lie outside [`RESERVED`]; `#[derive(McpError)]` enforces this (only a `protocol` enum may
//! use the range, and a legacy code there needs `#[mcp(legacy)]`).

use crate::CodeRange;

/// Invalid JSON was received.
pub const PARSE_ERROR: i32 = -32700;
/// The JSON sent is not a valid request object.
pub const INVALID_REQUEST: i32 = -32600;
/// The method does not exist or is not available.
pub const METHOD_NOT_FOUND: i32 = -32601;
/// Invalid method parameters. Since MCP 2026-07-28 also an unknown resource URI (formerly
/// [`RESOURCE_NOT_FOUND`]).
pub const INVALID_PARAMS: i32 = -32602;
/// Internal JSON-RPC error.
pub const INTERNAL_ERROR: i32 = -32603;
/// MCP 2026-07-28, Streamable HTTP: a required header is missing or malformed, or disagrees
/// with the request body.
pub const HEADER_MISMATCH: i32 = -32020;
/// MCP 2026-07-28: the request needs a client capability the client did not declare;
/// `data.requiredCapabilities`.
pub const MISSING_REQUIRED_CLIENT_CAPABILITY: i32 = -32021;
/// MCP 2026-07-28: the request's protocol version is not supported; `data.supported`,
/// `data.requested`.
pub const UNSUPPORTED_PROTOCOL_VERSION: i32 = -32022;
/// SEP-3304 (proposed, not yet in a revision): the request was refused by a rate limit;
/// `data.retryAfterMs` says when to try again. Behind the `sep-3304` feature until the
/// proposal is accepted; decoding reads it as retryable. `http::RateLimitLayer` sends it only
/// when it chose to (`sep_3304(true)`), else -32000 (`RateLimitLayer::LEGACY_CODE`).
#[cfg(feature = "sep-3304")]
pub const RATE_LIMITED: i32 = -32023;
/// MCP: the requested resource does not exist. **Retired** by 2026-07-28 (SEP-2164): send
/// [`INVALID_PARAMS`] instead; still decoded, as older peers send it.
pub const RESOURCE_NOT_FOUND: i32 = -32002;
/// MCP 2025-11-25: a URL-mode elicitation must be completed first. **Retired** by
/// 2026-07-28; still decoded, as older peers send it.
pub const URL_ELICITATION_REQUIRED: i32 = -32042;
/// The range JSON-RPC reserves for itself and for implementation-defined server errors.
pub const RESERVED: CodeRange = CodeRange::JSONRPC_RESERVED;
/// MCP 2026-07-28: the legacy part of [`RESERVED`]; no new codes.
pub const LEGACY: CodeRange = CodeRange::new(-32019, -32000);
/// MCP 2026-07-28: the part of [`RESERVED`] for codes the specification defines.
pub const SPEC_DEFINED: CodeRange = CodeRange::new(-32099, -32020);
