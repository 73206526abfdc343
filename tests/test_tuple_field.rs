//! A variant with one unnamed field and no attribute, thiserror's `Variant(String)`.
//!
//! When the message names it (`{0}`), its text reaches the wire once, in the message, and not
//! again as `data["0"]`. When the message does not name it, it is serialized under `value`.
//! In a `decode` enum it is always serialized (under `value`), so it can be decoded.

mod derive_support;

use derive_support::data_of;
use mcp_errors::{ErrorCatalog, ErrorObject, FieldRole, McpError, McpErrorExt};
use serde_json::json;

#[derive(Debug, McpError)]
#[mcp(domain = "browser", range = 2100..=2199, symbol_prefix = "E_PW_", data_fields)]
enum BrowserError {
    #[mcp(code = 2100, kind = "validation", message = "invalid selector: {0}")]
    InvalidSelector(String),
    /// Navigation failed
    #[mcp(code = 2101, kind = "network")]
    Navigation(String),
    #[mcp(code = 2102, message = "{0}: {1}")]
    Pair(String, u16),
    #[mcp(code = 2103, message = "timed out after {0} ms")]
    Timeout(#[mcp(rename = "ms")] u64),
}

#[derive(Debug, PartialEq, McpError)]
#[mcp(domain = "browser-client", range = 2200..=2299, decode, data_fields)]
enum ClientError {
    #[mcp(code = 2200, message = "not found: {0}")]
    NotFound(String),
}

#[test]
fn a_lone_field_named_by_the_message_is_not_repeated_in_data() {
    let e = BrowserError::InvalidSelector("div[".into());
    assert_eq!(e.to_string(), "invalid selector: div[");
    assert_eq!(data_of(&e), json!({}));
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(
        object["data"],
        json!({"domain": "browser", "symbol": "E_PW_INVALID_SELECTOR", "retryable": false})
    );
    assert_eq!(BrowserError::ENTRIES[0].fields[0].role, FieldRole::Message);
}

#[test]
fn a_lone_field_the_message_does_not_name_is_data_under_value() {
    let e = BrowserError::Navigation("net::ERR_NAME_NOT_RESOLVED".into());
    assert_eq!(e.to_string(), "Navigation failed");
    assert_eq!(data_of(&e), json!({"value": "net::ERR_NAME_NOT_RESOLVED"}));
    assert_eq!(BrowserError::ENTRIES[1].fields[0].key, "value");
}

#[test]
fn several_fields_or_an_attribute_keep_their_keys() {
    let pair = BrowserError::Pair("status".into(), 503);
    assert_eq!(data_of(&pair), json!({"0": "status", "1": 503}));
    let timeout = BrowserError::Timeout(3000);
    assert_eq!(timeout.to_string(), "timed out after 3000 ms");
    assert_eq!(data_of(&timeout), json!({"ms": 3000}));
}

#[test]
fn in_a_decode_enum_the_field_round_trips() {
    let e = ClientError::NotFound("page 7".into());
    assert_eq!(data_of(&e), json!({"value": "page 7"}));
    let object: ErrorObject =
        serde_json::from_value(serde_json::to_value(e.to_error_object()).unwrap()).unwrap();
    assert_eq!(ClientError::from_error_object(&object).unwrap(), e);
}
