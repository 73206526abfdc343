//! The error enums every server shares: [`CommonError`] (the common range 1000–1099) and
//! [`ProtocolError`] (the JSON-RPC and MCP protocol codes). Both are `#[derive(McpError)]`
//! enums like a user's, and both can be decoded. They are written in `source.rs`; what this
//! crate compiles is `expanded.rs`, the derive's output for them, checked in and kept equal to
//! what the derive generates by the derive's test `core_common_expansion`.

// A derive's output, which the compiler and clippy would not lint in a user's crate (full
// paths, the derive's own code shapes), and laid out by the derive's test, not by rustfmt.
#[allow(unused_qualifications, clippy::all, clippy::pedantic)]
#[rustfmt::skip]
mod expanded;

pub use expanded::{CommonError, ProtocolError};

/// The first MCP revision that answers an unknown resource URI with -32602
/// ([`ProtocolError::InvalidParams`] with `data.uri`, SEP-2164) instead of -32002.
const RESOURCE_NOT_FOUND_INVALID_PARAMS_SINCE: &str = "2026-07-28";

impl ProtocolError {
    /// Resource not found, in the code the client's revision expects: a client that
    /// negotiated `protocol_version` 2026-07-28 or later gets -32602
    /// ([`InvalidParams`](ProtocolError::InvalidParams)) with `data.uri` (SEP-2164); one on
    /// an earlier revision gets -32002 ([`ResourceNotFound`](ProtocolError::ResourceNotFound))
    /// with `data.uri`, as its revision defines. A version that is not a `YYYY-MM-DD` date
    /// counts as earlier (servers only pass a version they negotiated).
    ///
    /// With rmcp, pass the request's negotiated version:
    /// `context.protocol_version()` (rmcp 3.x, `RequestContext<RoleServer>`).
    ///
    /// ```
    /// # extern crate mcp_errors_core as mcp_errors;
    /// use mcp_errors::{McpError, ProtocolError};
    ///
    /// let new = ProtocolError::resource_not_found("test://gone", "2026-07-28");
    /// assert_eq!(new.code(), -32602);
    /// let old = ProtocolError::resource_not_found("test://gone", "2025-11-25");
    /// assert_eq!(old.code(), -32002);
    /// // Both name the URI, and decoding reads it from either.
    /// assert_eq!(new.resource_uri(), Some("test://gone"));
    /// assert_eq!(old.resource_uri(), Some("test://gone"));
    /// ```
    #[must_use]
    pub fn resource_not_found(uri: impl Into<String>, protocol_version: &str) -> Self {
        let uri = Some(uri.into());
        if invalid_params_for_unknown_resources(protocol_version) {
            Self::InvalidParams {
                field: None,
                details: Some("Resource not found".to_owned()),
                uri,
            }
        } else {
            Self::ResourceNotFound { uri }
        }
    }

    /// The URI of the resource that was not found, whichever revision's code carried it:
    /// -32002 with `data.uri` (before 2026-07-28) or -32602 with `data.uri` (2026-07-28,
    /// SEP-2164). `None` for every other error, and for a resource not found without a URI.
    #[must_use]
    pub fn resource_uri(&self) -> Option<&str> {
        match self {
            Self::ResourceNotFound { uri } | Self::InvalidParams { uri, .. } => uri.as_deref(),
            _ => None,
        }
    }
}

/// Whether `version` (a negotiated MCP revision, `YYYY-MM-DD`) is 2026-07-28 or later. Dates
/// of that form order the same as strings; anything else is not a revision of that form.
fn invalid_params_for_unknown_resources(version: &str) -> bool {
    let is_date = match *version.as_bytes() {
        [y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] => [y0, y1, y2, y3, m0, m1, d0, d1]
            .iter()
            .all(u8::is_ascii_digit),
        _ => false,
    };
    is_date && version >= RESOURCE_NOT_FOUND_INVALID_PARAMS_SINCE
}

// The derive needs literals; these make sure they agree with the named constants.
const _: () = {
    use crate::jsonrpc;
    assert!(ProtocolError::PARSE_ERROR == jsonrpc::PARSE_ERROR);
    assert!(ProtocolError::INVALID_REQUEST == jsonrpc::INVALID_REQUEST);
    assert!(ProtocolError::METHOD_NOT_FOUND == jsonrpc::METHOD_NOT_FOUND);
    assert!(ProtocolError::INVALID_PARAMS == jsonrpc::INVALID_PARAMS);
    assert!(ProtocolError::INTERNAL_ERROR == jsonrpc::INTERNAL_ERROR);
    assert!(ProtocolError::HEADER_MISMATCH == jsonrpc::HEADER_MISMATCH);
    assert!(
        ProtocolError::MISSING_REQUIRED_CLIENT_CAPABILITY
            == jsonrpc::MISSING_REQUIRED_CLIENT_CAPABILITY
    );
    assert!(ProtocolError::UNSUPPORTED_PROTOCOL_VERSION == jsonrpc::UNSUPPORTED_PROTOCOL_VERSION);
    assert!(ProtocolError::RESOURCE_NOT_FOUND == jsonrpc::RESOURCE_NOT_FOUND);
    assert!(ProtocolError::URL_ELICITATION_REQUIRED == jsonrpc::URL_ELICITATION_REQUIRED);
};
