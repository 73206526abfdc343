//! `#[derive(McpError)]` on a struct: one code, the enum and variant keys on the struct.

mod derive_support;

use std::error::Error as _;

use derive_support::data_of;
use mcp_errors::{ErrorCatalog, McpError, McpErrorExt};
use serde_json::json;

/// Quota exceeded
#[derive(Debug, McpError)]
#[mcp(
    domain = "memory-bank",
    code = 3100,
    symbol = "E_MB_QUOTA",
    kind = "rate_limit",
    message = "quota exceeded: {used}/{limit}",
    data_fields
)]
struct QuotaExceeded {
    used: u64,
    limit: u64,
    #[mcp(retry_after)]
    retry_secs: u64,
}

/// Could not read the memory bank
#[derive(Debug, McpError)]
#[mcp(domain = "memory-bank", code = 3101, symbol_prefix = "E_MB_")]
struct ReadFailed(#[mcp(from)] std::io::Error);

/// Unit errors have no fields
#[derive(Debug, McpError)]
#[mcp(domain = "memory-bank", code = 3102, symbol = "E_MB_CLOSED")]
struct Closed;

#[derive(Debug, McpError)]
#[mcp(domain = "memory-bank-api", range = 3200..=3299)]
enum ApiError {
    #[mcp(transparent)]
    Quota(QuotaExceeded),
    /// Bad request
    #[mcp(code = 3200)]
    Bad,
}

#[test]
fn a_struct_has_one_catalog_row() {
    let e = QuotaExceeded {
        used: 11,
        limit: 10,
        retry_secs: 30,
    };
    assert_eq!(
        (e.code(), e.symbol(), e.domain()),
        (3100, "E_MB_QUOTA", "memory-bank")
    );
    assert_eq!(e.to_string(), "quota exceeded: 11/10");
    assert!(e.retryable());
    assert_eq!(e.retry_after(), Some(std::time::Duration::from_secs(30)));
    assert_eq!(QuotaExceeded::ENTRIES.len(), 1);
    assert_eq!(QuotaExceeded::ENTRIES[0].variant, "QuotaExceeded");
    assert_eq!(QuotaExceeded::E_MB_QUOTA, 3100);
    assert_eq!(
        data_of(&e),
        json!({"used": 11, "limit": 10, "retry_secs": 30})
    );
}

#[test]
fn derived_symbols_from_and_unit_structs() {
    assert_eq!(ReadFailed::E_MB_READ_FAILED, 3101);
    let e: ReadFailed = std::io::Error::other("gone").into();
    assert_eq!(e.to_string(), "Could not read the memory bank");
    assert_eq!(e.source().unwrap().to_string(), "gone");
    assert_eq!(Closed.code(), 3102);
    assert_eq!(Closed.to_string(), "Unit errors have no fields");
}

#[test]
fn a_struct_can_be_a_transparent_inner_error() {
    let e = ApiError::Quota(QuotaExceeded {
        used: 1,
        limit: 0,
        retry_secs: 1,
    });
    assert_eq!((e.code(), e.domain()), (3100, "memory-bank-api"));
    let object = serde_json::to_value(e.to_error_object()).unwrap();
    assert_eq!(object["data"]["symbol"], json!("E_MB_QUOTA"));
    assert_eq!(ApiError::Bad.code(), 3200);
    mcp_errors::assert_disjoint!(QuotaExceeded, ReadFailed, Closed, ApiError);
}

/// Signed out
#[derive(Debug, McpError)]
#[mcp(
    domain = "memory-bank",
    code = 3103,
    kind = "permission",
    error_type = "AuthenticationError"
)]
struct SignedOut;

#[test]
fn a_struct_names_its_own_error_type() {
    // Once a panic of the derive ("key list and parser disagree"): the key was in the
    // struct's list but neither parser stored it.
    assert_eq!(SignedOut.error_type(), "AuthenticationError");
    assert_eq!(
        SignedOut::ENTRIES[0].error_type,
        Some("AuthenticationError")
    );
    let meta = SignedOut.to_tool_result().to_json_value().unwrap()["_meta"].clone();
    assert_eq!(meta["errorType"], "AuthenticationError");
}
