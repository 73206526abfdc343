//! The JSON-RPC error bodies the layers answer with, the catalog rows they are counted under,
//! and the one function that counts, logs and writes a reply.

use core::time::Duration;

use bytes::Bytes;
use serde_json::{Map, Value, json};

use crate::{Channel, ErrorEntry, ErrorKind, McpError};

/// The code [`RateLimitLayer`](super::RateLimitLayer) answers with unless it chose
/// SEP-3304: -32000.
#[deprecated(
    since = "0.1.0",
    note = "the limiter's code is per limiter: `RateLimitLayer::code()`; -32000 is \
            `RateLimitLayer::LEGACY_CODE`, SEP-3304's -32023 `jsonrpc::RATE_LIMITED`"
)]
pub const RATE_LIMITED: i32 = super::RateLimitLayer::LEGACY_CODE;

/// The rows the layers' replies are counted under, domain `jsonrpc`, as `ProtocolError`
/// catalogs the same codes.
pub(crate) static PARSE_ERROR: ErrorEntry = row(
    crate::jsonrpc::PARSE_ERROR,
    "PARSE_ERROR",
    "Parse error",
    "ParseError",
    ErrorKind::Protocol,
);
pub(crate) static INVALID_REQUEST: ErrorEntry = row(
    crate::jsonrpc::INVALID_REQUEST,
    "INVALID_REQUEST",
    "Invalid Request",
    "InvalidRequest",
    ErrorKind::Protocol,
);
pub(crate) static INTERNAL_ERROR: ErrorEntry = row(
    crate::jsonrpc::INTERNAL_ERROR,
    "INTERNAL_ERROR",
    "Internal error",
    "InternalError",
    ErrorKind::Protocol,
);
pub(crate) static UNSUPPORTED_PROTOCOL_VERSION: ErrorEntry = row(
    crate::jsonrpc::UNSUPPORTED_PROTOCOL_VERSION,
    "UNSUPPORTED_PROTOCOL_VERSION",
    "Unsupported protocol version",
    "UnsupportedProtocolVersion",
    ErrorKind::Protocol,
);
pub(crate) static RATE_LIMITED_ROW: ErrorEntry = rate_limited(super::RateLimitLayer::LEGACY_CODE);
/// The row of a limiter that chose SEP-3304's code.
#[cfg(feature = "sep-3304")]
pub(crate) static RATE_LIMITED_SEP_3304_ROW: ErrorEntry =
    rate_limited(crate::jsonrpc::RATE_LIMITED);

const fn rate_limited(code: i32) -> ErrorEntry {
    ErrorEntry {
        retryable: true,
        ..row(
            code,
            "RATE_LIMITED",
            "Rate limited",
            "RateLimited",
            ErrorKind::RateLimit,
        )
    }
}

const fn row(
    code: i32,
    symbol: &'static str,
    message: &'static str,
    variant: &'static str,
    kind: ErrorKind,
) -> ErrorEntry {
    ErrorEntry {
        code,
        symbol,
        domain: "jsonrpc",
        message,
        retryable: false,
        kind,
        variant,
        doc: "",
        aliases: &[],
        help: None,
        channel: Channel::JsonRpcError,
        error_type: None,
        fields: &[],
    }
}

/// One rejection as an [`McpError`], to count it like any other error.
#[derive(Debug)]
pub(crate) struct Rejection {
    pub(crate) entry: &'static ErrorEntry,
    pub(crate) retry_after: Option<Duration>,
}

impl core::fmt::Display for Rejection {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.entry.message)
    }
}

impl std::error::Error for Rejection {}

impl McpError for Rejection {
    fn entry(&self) -> &'static ErrorEntry {
        self.entry
    }

    fn domain(&self) -> &'static str {
        self.entry.domain
    }

    fn retry_after(&self) -> Option<Duration> {
        self.retry_after
    }
}

/// A reply the layer writes: counted in [`metrics::global()`](crate::metrics::global), the
/// `metrics` facade and `tracing` (through [`emit`](crate::integrations::emit)), the internal
/// `reason` logged with `tracing` (nowhere else), and the body returned.
pub(crate) fn reject(
    rejection: &Rejection,
    message: &str,
    id: &Value,
    extra: Map<String, Value>,
    status: u16,
    reason: &str,
) -> Bytes {
    crate::integrations::emit(rejection);
    #[cfg(feature = "tracing")]
    ::tracing::event!(
        target: "mcp_errors::http",
        ::tracing::Level::INFO,
        http.response.status_code = status,
        rpc.response.status_code = rejection.entry.code,
        mcp_errors.reason = reason,
        "request rejected",
    );
    let _ = (status, reason);
    let mut data = Map::new();
    data.insert("domain".into(), rejection.entry.domain.into());
    data.insert("symbol".into(), rejection.entry.symbol.into());
    data.insert(
        "retryable".into(),
        crate::field_types::retryable_on_wire(
            rejection.entry.retryable,
            rejection.retry_after.is_some(),
        )
        .into(),
    );
    if let Some(delay) = rejection.retry_after {
        data.insert(
            "retryAfterMs".into(),
            crate::field_types::whole_ms(delay).into(),
        );
    }
    data.extend(extra);
    let message = crate::envelope::message_format::formatted_message(
        crate::JsonRpcMessageFormat::global(),
        rejection.entry.symbol,
        message,
        rejection.retry_after,
    );
    let body = json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {"code": rejection.entry.code, "message": message, "data": data},
    });
    Bytes::from(body.to_string())
}
