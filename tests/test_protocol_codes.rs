//! MCP 2026-07-28's codes in `ProtocolError` and `jsonrpc`: the wire shapes of -32020, -32021
//! and -32022 by value, their round trip through `from_error_object`, and the retired -32002
//! and -32042 still decoding as an older peer sends them.

use mcp_errors::{ErrorCatalog, ErrorObject, McpError, McpErrorExt, ProtocolError, jsonrpc};
use serde_json::{Value, json};

fn wire(err: &ProtocolError) -> Value {
    serde_json::to_value(err.to_jsonrpc(7)).unwrap()
}

fn decode(value: &Value) -> ProtocolError {
    let object = ErrorObject::from_json(&value["error"].to_string()).unwrap();
    ProtocolError::from_error_object(&object).unwrap()
}

#[test]
fn header_mismatch() {
    let err = ProtocolError::HeaderMismatch {
        details: Some("Mcp-Method is tools/list, the body's method is tools/call".into()),
    };
    let value = wire(&err);
    assert_eq!(
        value,
        json!({"jsonrpc": "2.0", "id": 7, "error": {
            "code": -32020,
            "message": "Header mismatch",
            "data": {
                "domain": "jsonrpc",
                "symbol": "HEADER_MISMATCH",
                "retryable": false,
                "details": "Mcp-Method is tools/list, the body's method is tools/call"
            }
        }})
    );
    assert_eq!(decode(&value), err);
}

#[test]
fn missing_required_client_capability() {
    let mut required = serde_json::Map::new();
    required.insert("sampling".into(), json!({}));
    let err = ProtocolError::MissingRequiredClientCapability {
        required_capabilities: required,
    };
    let value = wire(&err);
    assert_eq!(
        value,
        json!({"jsonrpc": "2.0", "id": 7, "error": {
            "code": -32021,
            "message": "Missing required client capability",
            "data": {
                "domain": "jsonrpc",
                "symbol": "MISSING_REQUIRED_CLIENT_CAPABILITY",
                "retryable": false,
                "requiredCapabilities": {"sampling": {}}
            }
        }})
    );
    assert_eq!(decode(&value), err);
}

#[test]
fn unsupported_protocol_version() {
    let err = ProtocolError::UnsupportedProtocolVersion {
        supported: vec!["2026-07-28".into(), "2025-11-25".into()],
        requested: Some("2024-01-01".into()),
    };
    let value = wire(&err);
    assert_eq!(
        value,
        json!({"jsonrpc": "2.0", "id": 7, "error": {
            "code": -32022,
            "message": "Unsupported protocol version",
            "data": {
                "domain": "jsonrpc",
                "symbol": "UNSUPPORTED_PROTOCOL_VERSION",
                "retryable": false,
                "supported": ["2026-07-28", "2025-11-25"],
                "requested": "2024-01-01"
            }
        }})
    );
    assert_eq!(decode(&value), err);
    // `plain_data`: only the specification's keys, as another SDK sends them.
    let plain = serde_json::to_value(err.to_error_object().plain_data()).unwrap();
    assert_eq!(
        plain["data"],
        json!({"supported": ["2026-07-28", "2025-11-25"], "requested": "2024-01-01"})
    );
}

/// What another implementation sends: the specification's `data` only, no symbol or domain.
#[test]
fn foreign_envelopes_decode_by_code() {
    let cases = [
        (
            json!({"code": -32021, "message": "Missing required client capability",
                   "data": {"requiredCapabilities": {"elicitation": {"url": {}}}}}),
            ProtocolError::MissingRequiredClientCapability {
                required_capabilities: json!({"elicitation": {"url": {}}})
                    .as_object()
                    .unwrap()
                    .clone(),
            },
        ),
        (
            json!({"code": -32022, "message": "Unsupported protocol version",
                   "data": {"supported": ["2026-07-28"], "requested": "1.0.0"}}),
            ProtocolError::UnsupportedProtocolVersion {
                supported: vec!["2026-07-28".into()],
                requested: Some("1.0.0".into()),
            },
        ),
        (
            json!({"code": -32020, "message": "Header mismatch"}),
            ProtocolError::HeaderMismatch { details: None },
        ),
        // Retired by 2026-07-28, still decoded.
        (
            json!({"code": -32002, "message": "Resource not found",
                   "data": {"uri": "file:///gone.txt"}}),
            ProtocolError::ResourceNotFound {
                uri: Some("file:///gone.txt".into()),
            },
        ),
        (
            json!({"code": -32042, "message": "This request requires more information.",
                   "data": {"elicitations": [{"mode": "url", "elicitationId": "e1",
                            "url": "https://example.com/connect", "message": "Sign in"}]}}),
            ProtocolError::UrlElicitationRequired {
                elicitations: vec![json!({"mode": "url", "elicitationId": "e1",
                    "url": "https://example.com/connect", "message": "Sign in"})],
            },
        ),
    ];
    for (object, expected) in cases {
        let decoded =
            ProtocolError::from_error_object(&ErrorObject::from_json(&object.to_string()).unwrap())
                .unwrap();
        assert_eq!(decoded, expected, "{object}");
    }
}

#[test]
fn constants_and_bands() {
    let codes = [
        (jsonrpc::HEADER_MISMATCH, -32020, "HEADER_MISMATCH"),
        (
            jsonrpc::MISSING_REQUIRED_CLIENT_CAPABILITY,
            -32021,
            "MISSING_REQUIRED_CLIENT_CAPABILITY",
        ),
        (
            jsonrpc::UNSUPPORTED_PROTOCOL_VERSION,
            -32022,
            "UNSUPPORTED_PROTOCOL_VERSION",
        ),
        (jsonrpc::RESOURCE_NOT_FOUND, -32002, "RESOURCE_NOT_FOUND"),
        (
            jsonrpc::URL_ELICITATION_REQUIRED,
            -32042,
            "URL_ELICITATION_REQUIRED",
        ),
    ];
    for (constant, code, symbol) in codes {
        assert_eq!(constant, code);
        let entry = ProtocolError::entry_by_code(code).unwrap();
        assert_eq!((entry.symbol, entry.domain), (symbol, "jsonrpc"));
        assert!(!entry.retryable);
    }
    // The bands the derive enforces (tests/ui/reserved-range/ shows its messages).
    assert_eq!(
        (jsonrpc::RESERVED.start, jsonrpc::RESERVED.end),
        (-32768, -32000)
    );
    assert_eq!(
        (jsonrpc::LEGACY.start, jsonrpc::LEGACY.end),
        (-32019, -32000)
    );
    assert_eq!(
        (jsonrpc::SPEC_DEFINED.start, jsonrpc::SPEC_DEFINED.end),
        (-32099, -32020)
    );
    for code in [-32020, -32021, -32022, -32042] {
        assert!(jsonrpc::SPEC_DEFINED.contains(code), "{code}");
    }
    assert!(jsonrpc::LEGACY.contains(jsonrpc::RESOURCE_NOT_FOUND));
    // The only legacy-band code of ProtocolError is the retired -32002.
    let legacy: Vec<i32> = ProtocolError::ENTRIES
        .iter()
        .map(|e| e.code)
        .filter(|c| jsonrpc::LEGACY.contains(*c))
        .collect();
    assert_eq!(legacy, [-32002]);
    let err = ProtocolError::HeaderMismatch { details: None };
    assert_eq!(err.kind().as_str(), "protocol");
}

/// SEP-2164: resource not found is -32602 with `data.uri` for a client that negotiated
/// 2026-07-28 or later, -32002 with `data.uri` for one on an earlier revision.
#[test]
fn resource_not_found_follows_the_negotiated_revision() {
    let uri = "test://nonexistent-resource-for-conformance-testing";
    let new = ProtocolError::resource_not_found(uri, "2026-07-28");
    let value = wire(&new);
    assert_eq!(
        value,
        json!({"jsonrpc": "2.0", "id": 7, "error": {
            "code": -32602,
            "message": "Invalid params",
            "data": {
                "domain": "jsonrpc",
                "symbol": "INVALID_PARAMS",
                "retryable": false,
                "details": "Resource not found",
                "uri": uri
            }
        }})
    );
    assert_eq!(decode(&value), new);
    assert_eq!(decode(&value).resource_uri(), Some(uri));

    let old = ProtocolError::resource_not_found(uri, "2025-11-25");
    let value = wire(&old);
    assert_eq!(
        value,
        json!({"jsonrpc": "2.0", "id": 7, "error": {
            "code": -32002,
            "message": "Resource not found",
            "data": {
                "domain": "jsonrpc",
                "symbol": "RESOURCE_NOT_FOUND",
                "retryable": false,
                "uri": uri
            }
        }})
    );
    assert_eq!(decode(&value), old);
    assert_eq!(decode(&value).resource_uri(), Some(uri));

    // Later revisions keep -32602; earlier ones and anything that is not a revision date
    // keep -32002.
    for (version, code) in [
        ("2027-01-15", -32602),
        ("2026-07-28", -32602),
        ("2026-07-27", -32002),
        ("2025-06-18", -32002),
        ("2024-11-05", -32002),
        ("v999.0.0", -32002),
        ("", -32002),
        ("2026-7-28", -32002),
    ] {
        let err = ProtocolError::resource_not_found("test://x", version);
        assert_eq!(err.code(), code, "{version}");
        assert_eq!(err.resource_uri(), Some("test://x"), "{version}");
    }
}

/// What other SDKs send for an unknown resource, on either revision, decodes to an error
/// whose `resource_uri` names the URI; other errors name none.
#[test]
fn resource_uri_decodes_from_either_code() {
    let cases = [
        json!({"code": -32602, "message": "Resource not found",
               "data": {"uri": "test://a"}}),
        json!({"code": -32002, "message": "Resource not found",
               "data": {"uri": "test://a"}}),
    ];
    for object in cases {
        let decoded =
            ProtocolError::from_error_object(&ErrorObject::from_json(&object.to_string()).unwrap())
                .unwrap();
        assert_eq!(decoded.resource_uri(), Some("test://a"), "{object}");
    }
    let plain = json!({"code": -32602, "message": "Invalid params"});
    let decoded =
        ProtocolError::from_error_object(&ErrorObject::from_json(&plain.to_string()).unwrap())
            .unwrap();
    assert_eq!(decoded.resource_uri(), None);
    assert_eq!(
        ProtocolError::MethodNotFound { method: None }.resource_uri(),
        None
    );
}
