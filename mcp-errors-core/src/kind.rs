//! [`ErrorKind`]: the category of a failure, shared by every domain.

use core::fmt;

/// The category of a failure, independent of the server that reports it.
///
/// A kind drives three things: the `errorType` of an MCP tool error
/// (`ValidationError`, `TimeoutError`, ...), the default `retryable` flag of a variant that does
/// not set one, and the per-kind retry budget of [`RetryPolicy`](crate::retry::RetryPolicy).
///
/// In `#[mcp(kind = "...")]` a kind is written in lower snake case, as [`ErrorKind::as_str`]
/// returns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ErrorKind {
    /// Bad input: the caller must change its request. Terminal.
    Validation,
    /// The operation ran out of time. Retryable by default.
    Timeout,
    /// Connectivity or transport failure to a dependency. Retryable by default.
    Network,
    /// The caller or the server is being throttled. Retryable by default.
    RateLimit,
    /// A dependency is down or overloaded. Retryable by default.
    Unavailable,
    /// The addressed thing does not exist.
    NotFound,
    /// Authentication or authorization failed. Terminal.
    Permission,
    /// A bug or an unexpected state inside the server. The default kind.
    Internal,
    /// A JSON-RPC or MCP protocol violation.
    Protocol,
    /// A vendor or backend integration failed.
    Adapter,
    /// A domain or business rule was violated.
    Business,
}

impl ErrorKind {
    /// Every kind, in declaration order.
    pub const ALL: [ErrorKind; 11] = [
        ErrorKind::Validation,
        ErrorKind::Timeout,
        ErrorKind::Network,
        ErrorKind::RateLimit,
        ErrorKind::Unavailable,
        ErrorKind::NotFound,
        ErrorKind::Permission,
        ErrorKind::Internal,
        ErrorKind::Protocol,
        ErrorKind::Adapter,
        ErrorKind::Business,
    ];

    /// The spelling used in `#[mcp(kind = "...")]` and in catalog JSON: `"rate_limit"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Validation => "validation",
            ErrorKind::Timeout => "timeout",
            ErrorKind::Network => "network",
            ErrorKind::RateLimit => "rate_limit",
            ErrorKind::Unavailable => "unavailable",
            ErrorKind::NotFound => "not_found",
            ErrorKind::Permission => "permission",
            ErrorKind::Internal => "internal",
            ErrorKind::Protocol => "protocol",
            ErrorKind::Adapter => "adapter",
            ErrorKind::Business => "business",
        }
    }

    /// The `errorType` of tool errors: `"ValidationError"`, `"TimeoutError"`, ...
    pub const fn error_type(self) -> &'static str {
        match self {
            ErrorKind::Validation => "ValidationError",
            ErrorKind::Timeout => "TimeoutError",
            ErrorKind::Network => "NetworkError",
            ErrorKind::RateLimit => "RateLimitError",
            ErrorKind::Unavailable => "UnavailableError",
            ErrorKind::NotFound => "NotFoundError",
            ErrorKind::Permission => "PermissionError",
            ErrorKind::Internal => "InternalError",
            ErrorKind::Protocol => "ProtocolError",
            ErrorKind::Adapter => "AdapterError",
            ErrorKind::Business => "BusinessError",
        }
    }

    /// Whether a variant of this kind is retryable when it says nothing itself.
    ///
    /// Timeouts, network failures, rate limits and unavailable dependencies are transient
    /// (the retry guidance of the categorized error model and of the TypeScript hierarchy);
    /// every other kind is not.
    pub const fn default_retryable(self) -> bool {
        matches!(
            self,
            ErrorKind::Timeout | ErrorKind::Network | ErrorKind::RateLimit | ErrorKind::Unavailable
        )
    }

    /// Parses the spelling of [`ErrorKind::as_str`].
    pub fn parse(s: &str) -> Option<ErrorKind> {
        ErrorKind::ALL
            .iter()
            .find(|kind| kind.as_str() == s)
            .copied()
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl serde::Serialize for ErrorKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for ErrorKind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        const NAMES: [&str; 11] = [
            "validation",
            "timeout",
            "network",
            "rate_limit",
            "unavailable",
            "not_found",
            "permission",
            "internal",
            "protocol",
            "adapter",
            "business",
        ];
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        ErrorKind::parse(&s).ok_or_else(|| serde::de::Error::unknown_variant(&s, &NAMES))
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorKind;

    #[test]
    fn spellings_round_trip() {
        for kind in ErrorKind::ALL {
            assert_eq!(ErrorKind::parse(kind.as_str()), Some(kind));
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(serde_json::from_str::<ErrorKind>(&json).unwrap(), kind);
        }
        assert_eq!(ErrorKind::parse("Timeout"), None);
        assert!(serde_json::from_str::<ErrorKind>("\"nope\"").is_err());
    }

    #[test]
    fn error_types_match_seed_002() {
        assert_eq!(ErrorKind::Validation.error_type(), "ValidationError");
        assert_eq!(ErrorKind::Timeout.error_type(), "TimeoutError");
        assert_eq!(ErrorKind::Network.error_type(), "NetworkError");
        assert!(!ErrorKind::Validation.default_retryable());
        assert!(ErrorKind::Timeout.default_retryable());
        assert_eq!(format!("{:<10}|", ErrorKind::Network), "network   |");
    }
}
