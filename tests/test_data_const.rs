//! `#[mcp(data(key = literal, ...))]`: constant `data` members of a variant, so a unit or
//! tuple variant can keep a wire whose `data` carried a fixed string code
//! (`"data": {"code": "invalid_input"}`), next to the variant's own fields.

use mcp_errors::{ErrorObject, McpError, McpErrorExt};
use serde_json::json;

/// A server's old wire: JSON-RPC -32602 for every input error, told apart by `data.code`.
#[derive(Debug, PartialEq, McpError)]
#[mcp(domain = "browser", protocol, data_fields)]
enum LegacyError {
    #[mcp(code = -32602, shared_code, message = "Invalid input: {0}", data(code = "invalid_input"))]
    InvalidInput(String),
    #[mcp(code = -32602, shared_code, message = "Unknown tab", data(code = "unknown_tab", retry = false))]
    UnknownTab { tab: u32 },
    /// Internal error
    #[mcp(code = -32603, data(code = "internal", r#type = "server", weight = -2, ratio = 0.5))]
    Internal,
}

#[test]
fn a_unit_variant_carries_its_constant_members() {
    let err = LegacyError::Internal;
    let data = err.to_error_object().plain_data().to_json_value().unwrap();
    assert_eq!(
        data,
        json!({
            "code": -32603,
            "message": "Internal error",
            "data": {"code": "internal", "type": "server", "weight": -2, "ratio": 0.5},
        })
    );
}

#[test]
fn a_tuple_variant_keeps_the_old_wire_exactly() {
    let err = LegacyError::InvalidInput("url must be absolute".into());
    let wire = err.to_jsonrpc(7).plain_data().to_json_value().unwrap();
    assert_eq!(
        wire,
        json!({
            "jsonrpc": "2.0",
            "id": 7,
            "error": {
                "code": -32602,
                "message": "Invalid input: url must be absolute",
                "data": {"code": "invalid_input"},
            },
        })
    );
}

#[test]
fn constants_sit_beside_the_fields_and_the_envelope_keys() {
    let err = LegacyError::UnknownTab { tab: 3 };
    let data = err.to_error_object().to_json_value().unwrap()["data"].clone();
    assert_eq!(data["symbol"], "UNKNOWN_TAB");
    assert_eq!(data["tab"], 3);
    assert_eq!(data["code"], "unknown_tab");
    assert_eq!(data["retry"], false);
}

#[test]
fn constants_reach_the_tool_error_meta() {
    let err = LegacyError::UnknownTab { tab: 3 };
    let tool = err.to_tool_result().to_json_value().unwrap();
    assert_eq!(tool["_meta"]["data"]["code"], "unknown_tab", "{tool}");
}

/// A `decode` enum: the client side of the same wire.
#[derive(Debug, PartialEq, McpError)]
#[mcp(domain = "browser", protocol, decode, data_fields)]
enum Received {
    #[mcp(code = -32602, shared_code, message = "Unknown tab", data(code = "unknown_tab"))]
    UnknownTab { tab: u32 },
}

#[test]
fn decoding_ignores_the_constants() {
    let received: ErrorObject = serde_json::from_value(json!({
        "code": -32602,
        "message": "Unknown tab",
        "data": {"symbol": "UNKNOWN_TAB", "tab": 3, "code": "unknown_tab"},
    }))
    .unwrap();
    assert_eq!(
        Received::from_error_object(&received).unwrap(),
        Received::UnknownTab { tab: 3 }
    );
}

/// Quota exceeded
#[derive(Debug, McpError)]
#[mcp(
    domain = "quota",
    code = 3100,
    data(code = "quota_exceeded"),
    data_fields
)]
struct Quota {
    used: u64,
}

#[test]
fn a_struct_carries_constant_members_too() {
    let data = Quota { used: 7 }
        .to_error_object()
        .plain_data()
        .to_json_value()
        .unwrap();
    assert_eq!(data["data"], json!({ "used": 7, "code": "quota_exceeded" }));
}
