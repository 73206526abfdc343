//! What a failed tool call sends: the argument errors of `mcp_errors::arguments` as the
//! common `E_INVALID_PARAMS`.

#[cfg(feature = "arguments")]
#[test]
fn argument_errors_are_common_invalid_params() {
    use mcp_errors::{CommonError, ErrorCatalog, arguments};

    // `arguments::ENTRY` is CommonError's row with the argument's own fields: everything but
    // the fields and the doc must agree.
    let common = CommonError::entry_by_code(arguments::E_INVALID_PARAMS).unwrap();
    let own = &arguments::ENTRY;
    assert_eq!(
        (common.code, common.symbol, common.domain, common.message),
        (own.code, own.symbol, own.domain, own.message)
    );
    assert_eq!(
        (common.retryable, common.kind, common.variant, common.help),
        (own.retryable, own.kind, own.variant, own.help)
    );
    assert_eq!(
        (common.channel, common.resolved_error_type()),
        (own.channel, own.resolved_error_type())
    );
}

#[test]
fn errors_the_sdk_makes_are_counted_under_protocol_errors_rows() {
    use mcp_errors::integrations::outcome::SDK_ENTRIES;
    use mcp_errors::{ErrorCatalog, ProtocolError};
    // `SDK_ENTRIES` is a copy of ProtocolError's standard rows, written out as statics: what
    // `record_foreign` reports must be what `ProtocolError` would.
    for own in &SDK_ENTRIES {
        let protocol = ProtocolError::entry_by_code(own.code).unwrap();
        assert_eq!(
            (
                protocol.code,
                protocol.symbol,
                protocol.message,
                protocol.kind
            ),
            (own.code, own.symbol, own.message, own.kind)
        );
        assert_eq!(
            (protocol.domain, protocol.channel, protocol.retryable),
            (own.domain, own.channel, own.retryable)
        );
    }
}

mod channels {
    use mcp_errors::{Channel, CommonError, ErrorCatalog, McpError, McpErrorExt, ProtocolError};
    use serde_json::json;

    /// The TypeScript hierarchy's own `errorType`s: on the enum, on a variant, and the kind's
    /// otherwise.
    #[derive(Debug, McpError)]
    #[mcp(domain = "commons", range = 3000..=3099, error_type = "CustomError")]
    pub enum Commons {
        /// Invalid port
        #[mcp(code = 3000, kind = "validation")]
        InvalidPort,
        /// Not signed in
        #[mcp(code = 3001, kind = "permission", error_type = "AuthenticationError")]
        SignedOut,
        /// The session expired
        #[mcp(code = 3002, protocol)]
        SessionExpired,
    }

    #[derive(Debug, McpError)]
    #[mcp(domain = "plain", range = 3100..=3199)]
    pub enum Plain {
        /// Timed out
        #[mcp(code = 3100, kind = "timeout")]
        Timeout,
        #[mcp(transparent)]
        Protocol(ProtocolError),
    }

    #[test]
    fn protocol_enums_and_marked_variants_fail_as_json_rpc_errors() {
        assert!(
            ProtocolError::ENTRIES
                .iter()
                .all(|e| e.channel == Channel::JsonRpcError)
        );
        assert!(
            CommonError::ENTRIES
                .iter()
                .all(|e| e.channel == Channel::ToolError)
        );
        assert_eq!(Commons::InvalidPort.channel(), Channel::ToolError);
        assert_eq!(Commons::SessionExpired.channel(), Channel::JsonRpcError);
        // A transparent variant takes its inner error's channel.
        assert_eq!(Plain::Timeout.channel(), Channel::ToolError);
        let inner = Plain::Protocol(ProtocolError::MethodNotFound { method: None });
        assert_eq!(inner.channel(), Channel::JsonRpcError);
    }

    #[test]
    fn variants_and_enums_name_their_error_type() {
        assert_eq!(Commons::SignedOut.error_type(), "AuthenticationError");
        assert_eq!(Commons::InvalidPort.error_type(), "CustomError");
        assert_eq!(Plain::Timeout.error_type(), "TimeoutError");
        let meta = |e: &dyn McpError| e.to_tool_result().to_json_value().unwrap()["_meta"].clone();
        assert_eq!(
            meta(&Commons::SignedOut)["errorType"],
            "AuthenticationError"
        );
        assert_eq!(meta(&Commons::InvalidPort)["errorType"], "CustomError");
        // Foreign errors are the TypeScript hierarchy's `UnknownError`, retried, their text kept
        // inside.
        let foreign = mcp_errors::unknown::Foreign(std::io::Error::other("secret"));
        assert_eq!(
            meta(&foreign),
            json!({"errorType": "UnknownError", "errorCode": "UNKNOWN_ERROR", "retryable": true,
                   "code": -32603, "domain": "unknown"})
        );
    }
}
